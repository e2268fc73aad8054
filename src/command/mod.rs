//! The workbench's commands: what one line typed in the REPL (or read from a session file),
//! or one command-line invocation, asks for, and the session it works on.
//!
//! Every command is described once, in [`defs`], and asked for as one [`Request`], which
//! names the command's family. The family — one file each — holds its own request enum, its
//! commands' REPL words, the code that runs them and their answers' text: [`session`] (moves
//! and what works on the [`Session`] alone), [`algebra`] (what a sequence does and how it is
//! written), [`solving`], [`measure`] (the timings), [`picture`], [`tables`] (the solvers'
//! cache) and [`apl`] (the workspace). [`parse_line`] reads a REPL line once ([`line_kind`]: a command or moves)
//! and calls its command's reader; the command line's arguments (`src/cli/`, clap built from
//! the same descriptors) are read by the command's other reader into a request and the small
//! [`Context`] it runs in ([`one_shot`]); [`run_from`] hands it to its family — on the REPL's
//! session, a session file's, or the session a command-line context makes, told which
//! [`Front`] asked. A line is a command if
//! its first word is one of the descriptors' names; otherwise it is a sequence of moves in the session's
//! notation, applied to the current state and shown in the current representation. Blank
//! lines and lines starting with `#` do nothing.

pub mod algebra;
pub mod apl;
pub mod defs;
pub mod measure;
pub mod one_shot;
mod parse;
pub mod picture;
pub mod request;
pub mod session;
pub mod solving;
pub mod tables;
pub mod unit;
mod words;

pub use algebra::AlgebraRequest;
pub use apl::AplRequest;
pub use defs::{COMMANDS, CommandDef, help};
pub use measure::MeasureRequest;
pub use one_shot::Context;
pub use parse::{LineKind, line_kind, parse_line};
pub use picture::{DrawRequest, PictureRequest};
pub use request::Request;
pub use session::{
    HistoryOrder, KeptChange, MAX_KEPT_MOVES, MAX_UNDO, Session, SessionRequest, ShowWhat, Shown,
};
pub use solving::SolvingRequest;
#[cfg(feature = "cli")]
pub(crate) use solving::{refuse_unused_limits, with_advice};
pub use tables::TablesRequest;

use crate::answer::error::{Error, Result};
use crate::state::cube::Cube;

/// Whether a word names a workbench command (`rep`, `solve`, …): asked by the APL family,
/// whose files the list of commands itself names.
pub(crate) fn is_command_word(word: &str) -> bool {
    defs::find(word).is_some()
}

/// What a line produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Text to print (may be empty).
    pub text: String,
    /// A remark for the error stream, printed before the text (`note: …`).
    pub note: Option<String>,
    /// The user asked to leave.
    pub quit: bool,
    /// The work was done and found something wrong (`tables check`: a damaged table): the
    /// command line exits with status 1 after printing the text.
    pub failed: bool,
}

impl Reply {
    pub(crate) fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }
}

/// The note for a cube no turning can reach, naming why (the solvers' own reasons).
pub fn impossible_note(cube: &Cube) -> Option<String> {
    crate::state::pieces::check_real(cube)
        .err()
        .map(|e| format!("this cube cannot be reached by turning: {e}"))
}

/// Runs `request` on `session`: the one way every front end executes what a user asked.
///
/// ```
/// use cubework::command::{Session, run, parse_line};
/// let mut s = Session::new(false);
/// let request = parse_line("R U R' U'", &s).unwrap().unwrap();
/// run(&mut s, request).unwrap();
/// let question = parse_line("solved?", &s).unwrap().unwrap();
/// assert_eq!(run(&mut s, question).unwrap().text, "no");
/// ```
pub fn run(session: &mut Session, request: Request) -> Result<Reply> {
    run_from(session, request, Front::Repl)
}

/// Which front end a request comes from. The session holds what the user built; what differs
/// between the front ends is this, passed to [`run_from`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// The REPL (or lines read from stdin): `scramble` turns the cube, errors name the REPL's
    /// words, and a line of APL that changes the cube shows it.
    Repl,
    /// One command-line invocation: `scramble` prints a scramble rather than turn the cube,
    /// and errors name flags rather than the REPL's words.
    CommandLine,
}

/// Runs `request` on `session` as the front end `front` asks ([`run`] is the REPL's): hands
/// it to its family.
pub fn run_from(session: &mut Session, request: Request, front: Front) -> Result<Reply> {
    match request {
        Request::Session(r) => session::run(session, r, front),
        Request::Algebra(r) => algebra::run(session, r, front),
        Request::Solving(r) => solving::run(session, r, front),
        Request::Measure(r) => measure::run(session, r, front),
        Request::Picture(r) => picture::run(session, r, front),
        Request::Tables(r) => tables::run(session, r, front),
        Request::Apl(r) => apl::apl(session, r, front),
    }
}

impl Session {
    /// Runs one line: parsed into a [`Request`], then run. Parse errors give their column in
    /// the line as typed.
    pub fn execute(&mut self, typed: &str) -> Result<Reply> {
        let line = typed.trim();
        let result = match parse_line(line, self) {
            Ok(Some(request)) => run(self, request),
            Ok(None) => Ok(Reply::default()),
            Err(e) => Err(e),
        };
        result.map_err(|e| e.shifted(column_of(typed, line)).in_repl())
    }
}

/// The command a mistyped word most likely meant: one a letter or two away (`solved` for
/// `solved?`, `rest` for `reset`), or a word other programs use for it (`clear` for `reset`).
pub(crate) fn nearest_command(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    let synonym = match word.as_str() {
        "clear" | "new" | "restart" | "init" => Some("reset"),
        "print" | "display" | "state" | "view?" => Some("show"),
        "back" => Some("undo"),
        "bye" | "q" => Some("quit"),
        "solve?" | "done" | "done?" => Some("solved?"),
        _ => None,
    };
    synonym.or_else(|| {
        defs::repl_commands()
            .map(|c| {
                (
                    edit_distance(&word, c.name),
                    !c.name.starts_with(&word),
                    c.name,
                )
            })
            .filter(|&(d, _, name)| d <= 2 && d < name.len() / 2 + 1)
            .min()
            .map(|(_, _, name)| name)
    })
}

/// Levenshtein distance between two words, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The column (from 0, in characters) at which `part`, a slice of `line`, starts in it; 0 if
/// it is not a slice of it.
pub(crate) fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    match line.get(..offset) {
        Some(before) if offset + part.len() <= line.len() => before.chars().count(),
        _ => 0,
    }
}

pub(crate) fn usage(message: &str) -> Error {
    Error::Usage(message.to_string())
}

/// A sticker as a coloured block two columns wide (ANSI 256-colour background).
pub fn colour_block(colour: crate::turn::face::Colour) -> String {
    use crate::turn::face::Colour;
    let code = match colour {
        Colour::White => 15,
        Colour::Yellow => 226,
        Colour::Orange => 208,
        Colour::Blue => 21,
        Colour::Green => 34,
        Colour::Red => 196,
    };
    format!("\x1b[48;5;{code}m  \x1b[0m")
}
