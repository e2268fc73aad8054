//! What the evaluator's tests share: a line's display or its error, and the transcripts.
//!
//! A transcript (`tests/apl_sessions/*.txt`) is an APL session as text, in the manner of a
//! Dyalog session log: each input line indented six spaces, followed by what it shows (no
//! lines when it shows nothing), or by `! ` and the name of the error it stops with
//! (`! DOMAIN ERROR`). A line `)clear` starts a fresh workspace, as APL's `)clear` does; every
//! transcript starts in one. Lines that start with `⍝` are comments. Blank lines after an
//! output are not part of it; a blank line inside one is. So no output can be expected that
//! starts with `! `, or has a line that starts with six spaces or `⍝`, or is `)clear`.

use super::{AplError, Workspace};

/// The display of a line's values; the test fails, naming the line, if it fails.
pub(super) fn run(ws: &mut Workspace, line: &str) -> String {
    ws.eval_line(line)
        .unwrap_or_else(|e| panic!("{line}\n{e}"))
        .to_string()
}

/// The error a line stops with; the test fails, naming the line, if it gives a value.
pub(super) fn error(ws: &mut Workspace, line: &str) -> AplError {
    ws.eval_line(line).expect_err(line)
}

/// One input line of a transcript: its line number in the file, the line, and what it shows.
struct Entry<'a> {
    at: usize,
    input: &'a str,
    shows: Vec<&'a str>,
}

/// The entries of a transcript's text, each `None` a fresh workspace (`)clear`).
fn entries(text: &str) -> Vec<Option<Entry<'_>>> {
    let mut entries: Vec<Option<Entry>> = Vec::new();
    // Whether the lines that follow are the last entry's output.
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        if line == ")clear" {
            entries.push(None);
            open = false;
        } else if let Some(input) = line.strip_prefix("      ") {
            let (at, shows) = (i + 1, Vec::new());
            entries.push(Some(Entry { at, input, shows }));
            open = true;
        } else if line.starts_with('⍝') {
            open = false;
        } else if let (true, Some(Some(entry))) = (open, entries.last_mut()) {
            entry.shows.push(line);
        } else {
            assert!(line.is_empty(), "line {}: {line:?} follows no input", i + 1);
        }
    }
    entries
}

/// Runs the transcript `tests/apl_sessions/{name}.txt` from a fresh workspace (see
/// [`session`]).
pub(super) fn transcript(name: &str) {
    let name = format!("tests/apl_sessions/{name}.txt");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&name);
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
    session(&mut Workspace::new(), &name, &text);
}

/// Runs the transcript `text` (called `name`) in `ws`, each input line in turn, and fails
/// naming `name:line`, the input, what it should show and what it showed, for every line
/// whose display or error is not the transcript's.
pub(super) fn session(ws: &mut Workspace, name: &str, text: &str) {
    let mut differences = Vec::new();
    let mut lines = 0;
    for entry in entries(text) {
        let Some(Entry { at, input, shows }) = entry else {
            *ws = Workspace::new();
            continue;
        };
        lines += 1;
        let want = shows.join("\n");
        let want = want.trim_end_matches('\n');
        let got = ws.eval_line(input).map(|outcome| outcome.to_string());
        let same = match (&got, want.strip_prefix("! ")) {
            (Err(e), Some(kind)) => e.kind.name() == kind,
            (Ok(shown), None) => shown == want,
            _ => false,
        };
        if !same {
            let got = got.unwrap_or_else(|e| format!("! {}", e.kind.name()));
            differences.push(format!(
                "{name}:{at}: {input}\n  should show: {want:?}\n  showed:      {got:?}"
            ));
        }
    }
    assert!(lines > 0, "{name} has no input line");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn a_transcript_fails_naming_each_line_that_shows_otherwise() {
    let text = "      1+1\n3\n      1÷0\n! DOMAIN ERROR\n      1÷1\n! DOMAIN ERROR\n      'x'\n";
    let failed = std::panic::catch_unwind(|| session(&mut Workspace::new(), "t", text));
    let message = *failed.unwrap_err().downcast::<String>().unwrap();
    let places: Vec<&str> = message.lines().filter(|l| l.starts_with("t:")).collect();
    assert_eq!(places, ["t:1: 1+1", "t:5: 1÷1", "t:7: 'x'"], "{message}");
}

#[test]
fn a_transcripts_clear_starts_a_fresh_workspace_and_comments_end_an_output() {
    let text = "⍝ A name, then none.\n      A←1\n      A\n1\n⍝ (not output)\n\n)clear\n      A\n! VALUE ERROR\n";
    session(&mut Workspace::new(), "t", text);
}
