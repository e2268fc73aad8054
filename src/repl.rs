//! The REPL front-end: rustyline in a terminal (history, completion, hints, colour), or plain
//! line-by-line reading when input comes from a pipe or a file. Everything a line does is in
//! [`crate::command`].

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

use crate::command::{COMMANDS, Session};
use crate::error::Result;
use crate::parser::Notation;
use crate::rep::RepKind;

/// Whether to draw in colour: only on a terminal, and never when `NO_COLOR` is set.
pub fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `cubework` with no command: the interactive REPL on a terminal, else the lines of stdin.
pub fn run_interactive() -> Result<ExitCode> {
    if !std::io::stdin().is_terminal() {
        return run_lines(std::io::stdin().lock());
    }
    let mut session = Session::new(use_colour());
    let notation = Arc::new(Mutex::new(session.notation()));
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<WorkbenchHelper, DefaultHistory> = Editor::with_config(config)
        .map_err(|e| crate::error::Error::Usage(format!("cannot open the terminal: {e}")))?;
    editor.set_helper(Some(WorkbenchHelper {
        notation: Arc::clone(&notation),
    }));
    let history = history_file();
    if let Some(path) = &history {
        let _ = editor.load_history(path); // a missing history file is a first session
    }
    println!(
        "cubework {} — type help, or moves like R U R' U'. Ctrl-D quits.",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                match session.execute(&line) {
                    Ok(reply) => {
                        if !reply.text.is_empty() {
                            println!("{}", reply.text);
                        }
                        if reply.quit {
                            break;
                        }
                    }
                    Err(e) => eprintln!("error: {e}"),
                }
                if let Ok(mut n) = notation.lock() {
                    *n = session.notation();
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        if let Err(e) = editor.save_history(path) {
            eprintln!("note: history not saved to {}: {e}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs each line of `input` as the REPL would, without prompts or colour. Errors print one
/// line on stderr and the session goes on; the exit status is 2 if any line failed.
pub fn run_lines(input: impl BufRead) -> Result<ExitCode> {
    let mut session = Session::new(false);
    let mut failed = false;
    let stdout = std::io::stdout();
    for line in input.lines() {
        let line = line?;
        match session.execute(&line) {
            Ok(reply) => {
                if !reply.text.is_empty() {
                    let mut out = stdout.lock();
                    writeln!(out, "{}", reply.text)?;
                }
                if reply.quit {
                    break;
                }
            }
            Err(e) => {
                failed = true;
                eprintln!("error: {e}");
            }
        }
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Where the REPL keeps its history: the user's data directory (or `CUBEWORK_DATA_DIR`).
pub fn history_file() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("CUBEWORK_DATA_DIR") {
        return Some(PathBuf::from(dir).join("history.txt"));
    }
    directories::ProjectDirs::from("", "", "cubework").map(|d| d.data_dir().join("history.txt"))
}

/// Completion and hints for the REPL.
struct WorkbenchHelper {
    notation: Arc<Mutex<Notation>>,
}

const STANDARD_MOVES: &[&str] = &[
    "U", "D", "L", "R", "F", "B", "M", "E", "S", "x", "y", "z", "Uw", "Dw", "Lw", "Rw", "Fw", "Bw",
    "u", "d", "l", "r", "f", "b",
];

impl WorkbenchHelper {
    fn candidates(&self, line: &str, start: usize) -> Vec<String> {
        let before = &line[..start];
        let words: Vec<&str> = before.split_whitespace().collect();
        let names = || {
            RepKind::ALL
                .iter()
                .map(|k| k.name().to_string())
                .collect::<Vec<_>>()
        };
        match words.first().copied() {
            None => COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .chain(self.moves())
                .collect(),
            Some("rep") => names(),
            Some("show") => names()
                .into_iter()
                .chain(["all", "net", "facelets"].map(String::from))
                .collect(),
            Some("notation") => vec!["standard".into(), "paper".into()],
            Some("help") => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
            Some(w) if COMMANDS.iter().any(|c| c.name == w) => Vec::new(),
            Some(_) => self.moves(),
        }
    }

    fn moves(&self) -> Vec<String> {
        let notation = self.notation.lock().map(|n| *n).unwrap_or_default();
        let bases: Vec<String> = match notation {
            Notation::Standard => STANDARD_MOVES.iter().map(|s| s.to_string()).collect(),
            Notation::Paper => "LCRBHFUMDXYZ".chars().map(String::from).collect(),
        };
        let suffixes: &[&str] = match notation {
            Notation::Standard => &["", "'", "2"],
            Notation::Paper => &["", "\u{305}"],
        };
        bases
            .iter()
            .flat_map(|b| suffixes.iter().map(move |s| format!("{b}{s}")))
            .collect()
    }
}

impl Completer for WorkbenchHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &line[start..pos];
        let found = self
            .candidates(line, start)
            .into_iter()
            .filter(|c| c.starts_with(word))
            .collect();
        Ok((start, found))
    }
}

impl Hinter for WorkbenchHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.is_empty() {
            return None;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let matching: Vec<_> = COMMANDS
            .iter()
            .filter(|c| c.name.starts_with(word))
            .collect();
        match matching.as_slice() {
            [c] if rest.is_empty() && c.name.len() > word.len() => Some(
                format!("{} {}", &c.name[word.len()..], c.args)
                    .trim_end()
                    .to_string(),
            ),
            [c] if c.name == word
                && rest.is_empty()
                && !line.ends_with(' ')
                && !c.args.is_empty() =>
            {
                Some(format!(" {}", c.args))
            }
            _ => None,
        }
    }
}

impl Highlighter for WorkbenchHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if use_colour() {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

impl Validator for WorkbenchHelper {}

impl Helper for WorkbenchHelper {}
