//! The APL evaluator under hostile input, on every path that evaluates APL (a typed line, a
//! file loaded by `)load` or `apl -f`, `compare --apl-file`): no value outgrows its bound,
//! no line runs without end, no file is read that is not a regular file, and nothing the
//! user made is lost or overwritten. This test binary runs with its address space limited
//! (as do the commands it starts), so a bound that fails shows as an abort, not as a
//! machine out of memory.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use std::time::Duration;

use common::{cubework, fresh_dir, outcome};
use cubework::apl::{ErrorKind, Workspace};
use cubework::command::Session;
use proptest::prelude::*;

/// Address space this process (and every command it starts) may take: a value past the
/// evaluator's bounds aborts here instead of filling the machine's memory.
#[cfg(target_os = "linux")]
fn limit_memory() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let limit = libc::rlimit {
            rlim_cur: 6 << 30,
            rlim_max: 6 << 30,
        };
        // SAFETY: setrlimit reads the struct it is given and changes only the limit.
        assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
    });
}

#[cfg(not(target_os = "linux"))]
fn limit_memory() {}

/// A command run with a deadline: what it printed and its exit status (`None` if killed).
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    limit_memory();
    outcome(
        cubework()
            .args(args)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap(),
    )
}

/// The lines that aborted the process (a failed allocation) or panicked.
const HOSTILE: &[&str] = &[
    "9e15/1",
    "1e12/1",
    "(1e6⍴1e6)/1e6⍴1",
    "(⍳1024)∘.⍴⍳1024",
    "1+¨1e6⍴⊂⍳1e6",
    ",¨1e6⍴⊂⍳1e6",
    "(1e3⍴0)+⊂⍳1e6",
    "A B←1",
    "G Z←1",
    "FF CUBE←Z←× 5",
    "''⊤6",
    "(0⍴0)⊤6",
    "(⍳0)⊤5",
];

#[test]
fn hostile_lines_on_the_command_line_end_in_an_apl_error_or_an_answer_never_an_abort() {
    for line in HOSTILE {
        let (_, err, code) = run(&["apl", "--", line]);
        assert!(
            matches!(code, Some(0 | 2)) && !err.contains("panicked"),
            "{line}: {code:?} {err}"
        );
        assert!(
            code == Some(0) || err.starts_with("cubework: "),
            "{line}: {err}"
        );
    }
    let (_, err, code) = run(&["apl", "9e15/1"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("cubework: WS FULL"), "{err}");
}

#[test]
fn a_line_past_the_bounds_in_the_repl_keeps_the_session_and_its_cube() {
    limit_memory();
    let input = "R U\napl\nZ←(⍳1024)∘.⍴⍳1024\nA B←1\n''⊤6\n)off\nundo\nsolved?\n";
    let (out, err, code) = outcome(
        cubework()
            .write_stdin(input)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("line 3: WS FULL"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("undid: R U"), "{out}");
    assert!(out.trim_end().ends_with("yes"), "{out}");
}

/// Each path that runs an APL file, given `file`: `apl -f`, `)load` in a session, and
/// `compare --apl-file`; what each printed and its status.
fn every_file_path(file: &str) -> Vec<(&'static str, String, Option<i32>)> {
    let (_, apl, apl_code) = run(&["apl", "-f", file, "--", "1+1"]);
    limit_memory();
    let (_, load, load_code) = outcome(
        cubework()
            .write_stdin(format!("apl\n)load {file}\n"))
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap(),
    );
    let (_, compare, compare_code) = run(&["compare", "--apl-file", file, "--turns", "100"]);
    vec![
        ("apl -f", apl, apl_code),
        (")load", load, load_code),
        ("compare --apl-file", compare, compare_code),
    ]
}

#[test]
fn a_fifo_or_a_device_given_as_an_apl_file_is_refused_unread_on_every_path() {
    let dir = fresh_dir("apl-bounds-special");
    let fifo = dir.join("defs.apl");
    common::make_fifo(&fifo);
    let zero = dir.join("zero.apl");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for (file, kind) in [(&fifo, "a FIFO"), (&zero, "a device")] {
        for (path, err, code) in every_file_path(file.to_str().unwrap()) {
            assert_eq!(code, Some(2), "{path}: {err}");
            assert!(
                err.contains(&format!("is {kind}, not a regular file")),
                "{path}: {err}"
            );
        }
    }
}

#[test]
fn an_apl_file_that_allocates_past_the_bounds_or_runs_without_end_stops_on_every_path() {
    let dir = fresh_dir("apl-bounds-files");
    let big = dir.join("big.apl");
    std::fs::write(&big, "Q←9e15/1\n").unwrap();
    for (path, err, code) in every_file_path(big.to_str().unwrap()) {
        assert_eq!(code, Some(2), "{path}: {err}");
        assert!(err.contains("WS FULL"), "{path}: {err}");
    }
    // A recursion of 2⁴⁰ calls, run on loading, and a representation whose encoding calls it.
    let endless = dir.join("endless.apl");
    std::fs::write(&endless, "K: 1++/K¨(2×⍵>0)⍴⍵-1\nQ←K 40\n").unwrap();
    let (_, err, code) = run(&["apl", "-f", endless.to_str().unwrap(), "--", "1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("LIMIT ERROR"), "{err}");
    let rep = dir.join("rep.apl");
    std::fs::write(
        &rep,
        "K: 1++/K¨(2×⍵>0)⍴⍵-1\nENC: ⍵[⍳54]+0×K 40\n)rep SLOW ENC\n",
    )
    .unwrap();
    let (_, err, code) = run(&[
        "compare",
        "--apl-file",
        rep.to_str().unwrap(),
        "--turns",
        "100",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("LIMIT ERROR"), "{err}");
}

#[test]
fn an_apl_file_starting_with_a_byte_order_mark_loads() {
    let dir = fresh_dir("apl-bounds-bom");
    let file = dir.join("bom.apl");
    std::fs::write(&file, "\u{feff}W←41\n").unwrap();
    let (out, err, code) = run(&["apl", "-f", file.to_str().unwrap(), "--", "W+1"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "42\n");
}

fn session() -> Session {
    let mut s = Session::new(false);
    s.execute("apl").unwrap();
    s.execute("MINE: ⍵").unwrap();
    s
}

#[test]
fn save_writes_whole_and_replaces_only_its_own_files_never_through_a_link() {
    let dir = fresh_dir("apl-bounds-save");
    let mut s = session();
    let file = dir.join("ws.apl");
    let said = s
        .execute(&format!(")save {}", file.display()))
        .unwrap()
        .text;
    assert!(said.starts_with("saved"), "{said}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.starts_with(cubework::apl::SAVED_HEADER), "{saved}");
    assert!(saved.contains("MINE: ⍵"), "{saved}");
    // Its own file is replaced, and says so; no temporary file is left beside it.
    let said = s
        .execute(&format!(")save {}", file.display()))
        .unwrap()
        .text;
    assert!(said.contains("replacing the earlier save"), "{said}");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("ws.apl")]);
    // Another file is not replaced, nor a link's target.
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes\n").unwrap();
    let e = s
        .execute(&format!(")save {}", other.display()))
        .unwrap_err()
        .to_string();
    common::assert_has(&e, "is not a workspace cubework saved; not replaced");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
    let link = dir.join("link.apl");
    std::os::unix::fs::symlink(&other, &link).unwrap();
    let e = s
        .execute(&format!(")save {}", link.display()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("is a symbolic link; not followed"), "{e}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
    // What was saved loads back.
    let mut t = Session::new(false);
    t.execute("apl").unwrap();
    t.execute(&format!(")load {}", file.display())).unwrap();
    assert_eq!(t.execute("MINE 7").unwrap().text, "7");
}

/// Words and glyphs of APL, with sizes that reach the bounds.
#[rustfmt::skip]
const VOCABULARY: &[&str] = &[
    "1", "2", "0", "¯1", "1e6", "9e15", "1E12", "1024", "'AB'", "''", "⍵", "⍺", "A", "B",
    "K", "+", "-", "×", "÷", "⌈", "=", "~", "⍉", "⌽", "⍴", "⍳", ",", "⊤",
    "⊥", "↑", "↓", "/", "\\", "⌿", "⊂", "⊃", "≡", "¨", "∘.", "(", ")", "[",
    "]", ";", "←", "⋄", ":", " ", "[1]", "⍳1e6", "1e6⍴", "⊂⍳1e6", "⍳1024", "(0⍴0)",
];

proptest! {
    #![proptest_config(common::config_with(300))]

    /// In a process whose memory is limited, no line of random tokens aborts or panics:
    /// each gives a value or an APL error, and a failing line keeps only what the statements
    /// before the failing one did, which undo takes back.
    #[test]
    fn no_line_of_random_tokens_aborts_under_a_memory_limit(
        words in proptest::collection::vec(proptest::sample::select(VOCABULARY), 1..16),
    ) {
        limit_memory();
        let mut ws = Workspace::new();
        ws.set_step_limit(2_000_000);
        ws.eval_line("A←⍳5 ⋄ B←2 3⍴'ABCDEF'").unwrap();
        ws.eval_line("K: 1++/K¨(2×⍵>0)⍴⍵-1").unwrap();
        let before: Vec<String> = ws.variables().iter().map(|v| format!("{v}={}", ws.get(v).unwrap())).collect();
        let line = words.concat();
        if let Err(e) = ws.eval_line(&line) {
            prop_assert!(e.kind != ErrorKind::Interrupt, "{line}: {e}");
            ws.undo_line();
            let after: Vec<String> = ws.variables().iter().map(|v| format!("{v}={}", ws.get(v).unwrap())).collect();
            prop_assert_eq!(before, after, "{}", line);
        }
    }
}
