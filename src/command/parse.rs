//! The REPL's words: one line read into one [`Request`] before anything runs.
//!
//! The first word names the command (found in the list, [`super::defs`]); the rest are its
//! arguments as [`CommandDef::usage`](super::unit::CommandDef::usage) writes them, read by
//! the command's own reader, written beside it in its family's file. A line whose first word is no command is moves, in
//! the session's notation. Errors in moves give their column in the line as typed. Here too
//! are the readers of words that several families share (`size N`, a metric, a sequence).

use super::defs::{self, CommandDef};
use super::request::Request;
use super::session::SessionRequest;
use super::words::Line;
use super::{Session, apl, nearest_command, usage};
use crate::answer::error::Result;
use crate::base::text::echo;
use crate::sequence::alg::Alg;
use crate::state::cube::Cube;

/// A line as read before its words are: the one place that decides whether a line is a
/// command. The REPL's joiner asks it whether a line goes on with an open bracket, the REPL
/// whether an open statement is a command, and [`parse_line`] which command's reader to call.
#[derive(Clone, Copy, Debug)]
pub enum LineKind<'a> {
    /// Blank, or a note (`# …`): nothing to do.
    Nothing,
    /// A command: its descriptor, its word as typed, and the words after it (trimmed).
    Command(&'static CommandDef, &'a str, &'a str),
    /// No command's word starts it: moves (or a pasted facelet string).
    Moves,
}

/// What `line` is (see [`LineKind`]).
///
/// ```
/// use cubework::command::{LineKind, line_kind};
/// assert!(matches!(line_kind("  Reset"), LineKind::Command(c, "Reset", "") if c.name == "reset"));
/// assert!(matches!(line_kind("show facelets"), LineKind::Command(_, _, "facelets")));
/// assert!(matches!(line_kind("R U) // reset"), LineKind::Moves));
/// assert!(matches!(line_kind("resets"), LineKind::Moves));
/// assert!(matches!(line_kind("# reset"), LineKind::Nothing));
/// ```
pub fn line_kind(line: &str) -> LineKind<'_> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return LineKind::Nothing;
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match defs::find(word) {
        Some(def) => LineKind::Command(def, word, rest),
        None => LineKind::Moves,
    }
}

/// Reads one line (trimmed) as the REPL does: `None` for a blank line or a `#` note.
pub fn parse_line(line: &str, session: &Session) -> Result<Option<Request>> {
    let line = line.trim();
    let kind = line_kind(line);
    // In APL mode a line is APL, but for the commands read there too (not `?`, help's other
    // name, which is APL's roll).
    let own = |def: &CommandDef, word: &str| def.in_apl_mode && word != "?";
    if session.in_apl() && !matches!(kind, LineKind::Command(def, word, _) if own(def, word)) {
        return apl::line_words(line).map(|r| Some(r.into()));
    }
    let (def, word, rest) = match kind {
        LineKind::Nothing => return Ok(None),
        LineKind::Moves => {
            let word = line.split_whitespace().next().unwrap_or_default();
            return moves_line(line, word, session).map(Some);
        }
        LineKind::Command(def, word, rest) => (def, word, rest),
    };
    // A command that takes nothing refuses what follows it, rather than ignore it.
    if def.usage.is_empty() && !rest.is_empty() {
        return Err(usage(&format!(
            "{word} takes nothing after it, not '{}'",
            echo(rest)
        )));
    }
    let words = Line {
        line,
        word,
        rest,
        notation: session.notation(),
        size: session.size(),
        scheme: session.scheme(),
    };
    match def.read {
        Some(read) => read(&words, session).map(Some),
        None => Err(usage(&format!(
            "{word} is a command of the command line only"
        ))),
    }
}

/// A line that starts with no command word: moves, or a pasted facelet string.
fn moves_line(line: &str, word: &str, session: &Session) -> Result<Request> {
    if Cube::is_facelet_shaped(line, session.size()) {
        // A pasted state, not moves to make: say so, and what is wrong with it.
        return Err(usage(
            &match Cube::from_facelets_in(line, session.size(), session.scheme()) {
                Ok(_) => {
                    "that is a facelet string, not moves: load it with `load FACELETS`".to_string()
                }
                Err(e) => format!("{e} (a state is loaded with `load FACELETS`)"),
            },
        ));
    }
    if let Some(name) = word.strip_prefix(')')
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphabetic())
    {
        return Err(usage(&apl_command_outside(word, line)));
    }
    match Alg::parse(line, session.notation()) {
        Ok(alg) => Ok(Request::Session(SessionRequest::Moves {
            alg,
            label: line.to_string(),
        })),
        // `run FILE`, `tables`: a command of the command line, typed in the REPL.
        Err(_) if let Some(def) = defs::find_command_line_only(word) => Err(usage(&format!(
            "{} is a command of the command line only: in a shell, cubework {}",
            def.name,
            echo(format!("{} {}", def.name, line[word.len()..].trim()).trim_end())
        ))),
        // `clear`, `solved`: a word that is no move but looks like a command.
        Err(e) => Err(match nearest_command(word) {
            Some(command) if e.column <= word.chars().count() => {
                usage(&format!("{e} (did you mean the command `{command}`?)"))
            }
            _ => e.into(),
        }),
    }
}

/// What an APL system command (`)save`, `)vars`, …: `word`) typed in moves mode is told: it
/// is not run.
fn apl_command_outside(word: &str, line: &str) -> String {
    let rest = line[word.len()..].trim();
    let example = if !rest.is_empty() {
        echo(line)
    } else if matches!(word.to_lowercase().as_str(), ")save" | ")load" | ")copy") {
        format!("{} FILE", echo(word))
    } else {
        echo(word)
    };
    format!(
        "`{}` is an APL system command: type `apl` first (or `apl {example}`)",
        echo(word)
    )
}
