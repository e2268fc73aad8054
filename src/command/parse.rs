//! The REPL's words: one line read into one [`Request`] before anything runs.
//!
//! The first word names the command (found through its [`CommandDef`](super::defs)); the
//! rest are its arguments as [`CommandDef::usage`](super::defs::CommandDef::usage) writes
//! them, read by the command's family. A line whose first word is no command is moves, in
//! the session's notation. Errors in moves give their column in the line as typed. Here too
//! are the readers of words that several families share (`size N`, a metric, a sequence).

use super::defs::{self, CommandKind as K};
use super::request::{AplRequest, Request};
use super::words::Line;
use super::{Session, algebra, measure, nearest_command, picture, session, solving, usage};
use crate::answer::error::Result;
use crate::base::text::echo;
use crate::sequence::alg::Alg;
use crate::state::cube::Cube;

/// A family's reader of its commands' words: `None` for a command of another family.
type Reader = fn(K, &Line, &Session) -> Option<Result<Request>>;

/// The families' readers, asked in turn.
const READERS: [Reader; 6] = [
    session::read,
    algebra::read,
    solving::read,
    measure::read,
    picture::read,
    apl_words,
];

/// Reads one line (trimmed) as the REPL does: `None` for a blank line or a `#` note.
pub fn parse_line(line: &str, session: &Session) -> Result<Option<Request>> {
    let line = line.trim();
    if session.in_apl() {
        return apl_line(line).map(Some);
    }
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let Some(def) = defs::find(word) else {
        return moves_line(line, word, session).map(Some);
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
    };
    match READERS
        .iter()
        .find_map(|read| read(def.kind, &words, session))
    {
        Some(request) => request.map(Some),
        None => Err(usage(&format!(
            "{word} is a command of the command line only"
        ))),
    }
}

/// `apl` (enter APL mode) and `apl LINE` (one line of APL): the APL family's words outside
/// APL mode.
fn apl_words(kind: K, line: &Line, _: &Session) -> Option<Result<Request>> {
    match kind {
        K::Apl if line.rest.is_empty() => Some(Ok(Request::Apl(AplRequest::Enter))),
        K::Apl => Some(Ok(Request::Apl(AplRequest::Line(line.rest.to_string())))),
        _ => None,
    }
}

/// A line in APL mode: a system command (`)fns`, `)off`, …), `moves` to leave, or APL.
fn apl_line(line: &str) -> Result<Request> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let needs = |what: &str| usage(&format!("{word} needs {what}"));
    Ok(Request::Apl(match word.to_lowercase().as_str() {
        ")off" | "moves" if rest.is_empty() => AplRequest::Leave,
        ")fns" => AplRequest::Fns,
        ")vars" => AplRequest::Vars,
        ")erase" if rest.is_empty() => return Err(needs("a name")),
        ")erase" => AplRequest::Erase(rest.to_string()),
        ")compile" if rest.is_empty() => return Err(needs("a function's name")),
        ")compile" => AplRequest::Compile(rest.to_string()),
        ")rep" => AplRequest::Rep(rest.to_string()),
        ")save" if rest.is_empty() => return Err(needs("a file")),
        ")save" => AplRequest::Save(rest.into()),
        ")load" if rest.is_empty() => return Err(needs("a file")),
        ")load" => AplRequest::Load(rest.into()),
        ")copy" => match rest.split_once(char::is_whitespace) {
            Some((file, names)) => AplRequest::Copy(
                file.into(),
                names.split_whitespace().map(str::to_string).collect(),
            ),
            None if !rest.is_empty() => AplRequest::Copy(rest.into(), Vec::new()),
            None => return Err(needs("a file, and the names to copy (none: all)")),
        },
        ")clear" if rest.is_empty() => AplRequest::Clear,
        w if w.starts_with(')') => {
            return Err(usage(&format!(
                "{}? the system commands are )fns )vars )erase NAME )compile NAME )rep NAME ENCODE [DECODE] )save FILE )load FILE )copy FILE [NAMES] )clear )off",
                echo(word)
            )));
        }
        _ => AplRequest::Line(line.to_string()),
    }))
}

/// A line that starts with no command word: moves, or a pasted facelet string.
fn moves_line(line: &str, word: &str, session: &Session) -> Result<Request> {
    if Cube::is_facelet_shaped(line, session.size()) {
        // A pasted state, not moves to make: say so, and what is wrong with it.
        return Err(usage(&match Cube::from_facelets_n(line, session.size()) {
            Ok(_) => {
                "that is a facelet string, not moves: load it with `load FACELETS`".to_string()
            }
            Err(e) => format!("{e} (a state is loaded with `load FACELETS`)"),
        }));
    }
    match Alg::parse(line, session.notation()) {
        Ok(alg) => Ok(Request::Moves {
            alg,
            label: line.to_string(),
        }),
        // `clear`, `solved`: a word that is no move but looks like a command.
        Err(e) => Err(match nearest_command(word) {
            Some(command) if e.column <= word.chars().count() => {
                usage(&format!("{e} (did you mean the command `{command}`?)"))
            }
            _ => e.into(),
        }),
    }
}
