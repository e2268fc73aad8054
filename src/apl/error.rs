//! APL's errors, as APL reports them: the kind in capitals, what is wrong, and the line with a
//! caret under the place.

use std::fmt;

/// The kinds of error APL reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A line that is not APL (or not the subset this evaluator reads).
    Syntax,
    /// A name with no value.
    Value,
    /// An argument outside a function's domain.
    Domain,
    /// Arguments of ranks the function cannot combine.
    Rank,
    /// Arguments of lengths the function cannot combine.
    Length,
    /// An index outside an axis.
    Index,
    /// An axis the array does not have.
    Axis,
    /// An array bigger than the evaluator's cap ([`super::MAX_ELEMENTS`]), or calls nested
    /// deeper than its stack holds ([`super::MAX_STACK`]).
    WsFull,
    /// Stopped by Ctrl-C.
    Interrupt,
    /// A line that took more steps than the evaluator allows ([`super::MAX_STEPS`]).
    Limit,
}

impl ErrorKind {
    /// The name APL prints.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "SYNTAX ERROR",
            ErrorKind::Value => "VALUE ERROR",
            ErrorKind::Domain => "DOMAIN ERROR",
            ErrorKind::Rank => "RANK ERROR",
            ErrorKind::Length => "LENGTH ERROR",
            ErrorKind::Index => "INDEX ERROR",
            ErrorKind::Axis => "AXIS ERROR",
            ErrorKind::WsFull => "WS FULL",
            ErrorKind::Interrupt => "INTERRUPT",
            ErrorKind::Limit => "LIMIT ERROR",
        }
    }

    /// Its event number, as Dyalog numbers it (`⎕EN`, and what `:Trap` lists): Dyalog has no
    /// number of its own for `AXIS ERROR`, and reports it as a `RANK ERROR`'s 4; Ctrl-C is
    /// its weak interrupt, 1002.
    pub fn event(self) -> u32 {
        match self {
            ErrorKind::WsFull => 1,
            ErrorKind::Syntax => 2,
            ErrorKind::Index => 3,
            ErrorKind::Rank | ErrorKind::Axis => 4,
            ErrorKind::Length => 5,
            ErrorKind::Value => 6,
            ErrorKind::Limit => 10,
            ErrorKind::Domain => 11,
            ErrorKind::Interrupt => 1002,
        }
    }

    /// Whether a `:Trap` catches it. Neither Ctrl-C nor the line's step limit is caught: each
    /// stops the whole line (the limit leaves no step to run a handler with), so `:Trap 0`
    /// cannot keep a loop without end from being stopped.
    pub fn trappable(self) -> bool {
        !matches!(self, ErrorKind::Interrupt | ErrorKind::Limit)
    }
}

/// An APL error: its kind, what is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AplError {
    /// The kind.
    pub kind: ErrorKind,
    /// What is wrong, in words.
    pub detail: String,
    /// The line it happened in (a definition's own line when inside one).
    pub line: String,
    /// The place in the line, in characters from its start.
    pub column: usize,
}

impl AplError {
    /// An error not yet placed in a line (see [`AplError::at`]).
    pub(crate) fn new(kind: ErrorKind, detail: impl Into<String>) -> AplError {
        AplError {
            kind,
            detail: detail.into(),
            line: String::new(),
            column: usize::MAX,
        }
    }

    /// Places the error at `column` of `line`, unless it is already placed.
    pub(crate) fn at(mut self, line: &str, column: usize) -> AplError {
        if self.column == usize::MAX {
            self.line = line.to_string();
            self.column = column;
        }
        self
    }

    /// The error as Dyalog's `⎕DM` gives it: three character vectors, the headline, the line
    /// it happened in and the caret under the place (the last two empty if it has none).
    pub(crate) fn diagnostic(&self) -> [String; 3] {
        let mut out = [self.headline(), String::new(), String::new()];
        if self.column != usize::MAX {
            let (line, pad) = excerpt(&self.line, self.column);
            out[1] = line;
            out[2] = format!("{}^", " ".repeat(pad));
        }
        out
    }

    /// The error on one line: kind and detail, without the caret.
    pub fn headline(&self) -> String {
        // A detail may quote what was read (`'\u{1b}' is not part of the APL…`): its
        // control characters are escaped, as every echo of user text is.
        let detail: String = self.detail.chars().flat_map(escaped).collect();
        format!("{}: {}", self.kind.name(), detail)
    }
}

impl fmt::Display for AplError {
    /// As APL shows it: the kind and what is wrong, the line indented six spaces, and a caret
    /// under the place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.headline())?;
        if self.column != usize::MAX {
            let (line, pad) = excerpt(&self.line, self.column);
            write!(f, "\n      {line}\n      {}^", " ".repeat(pad))?;
        }
        Ok(())
    }
}

impl std::error::Error for AplError {}

/// The characters of an error's line shown each side of its column: a long line is cut to
/// this much around the place, `…` where cut.
const EXCERPT_CHARS: usize = 60;

/// The part of `line` an error shows (tabs as spaces; at most [`EXCERPT_CHARS`] characters
/// each side of `column`, `…` where cut), and the caret's indent under it.
fn excerpt(line: &str, column: usize) -> (String, usize) {
    let chars: Vec<char> = line
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    // Control characters are shown escaped (`\u{1b}`), as `base::text::cut` shows them, so
    // a line read from a file cannot act on the terminal; the caret counts their escaped
    // width, so it stays under its character.
    let width = |c: char| {
        if c.is_control() {
            c.escape_default().count()
        } else {
            super::value::char_width(c)
        }
    };
    let at = column.min(chars.len());
    let from = at.saturating_sub(EXCERPT_CHARS);
    let to = (at + EXCERPT_CHARS + 1).min(chars.len());
    let mut shown = String::new();
    if from > 0 {
        shown.push('…');
    }
    shown.extend(chars[from..to].iter().flat_map(|&c| escaped(c)));
    if to < chars.len() {
        shown.push('…');
    }
    let pad = usize::from(from > 0) + chars[from..at].iter().map(|&c| width(c)).sum::<usize>();
    (shown, pad)
}

/// `c` as an echo shows it: a control character escaped (a newline kept, for a detail of
/// several lines), any other as it is.
fn escaped(c: char) -> impl Iterator<Item = char> {
    let raw = !c.is_control() || c == '\n';
    raw.then_some(c)
        .into_iter()
        .chain((!raw).then(|| c.escape_default()).into_iter().flatten())
}

/// A shorthand for an unplaced error.
pub(crate) fn err<T>(kind: ErrorKind, detail: impl Into<String>) -> Result<T, AplError> {
    Err(AplError::new(kind, detail))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_line_with_control_characters_is_shown_escaped_with_the_caret_under_its_place() {
        let line = "\u{1b}[2J\u{7} bad";
        let e = AplError::new(ErrorKind::Syntax, "'\u{1b}' is wrong").at(line, 6);
        let shown = e.to_string();
        assert!(
            !shown.contains('\u{1b}') && !shown.contains('\u{7}'),
            "{shown:?}"
        );
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "SYNTAX ERROR: '\\u{1b}' is wrong");
        assert_eq!(lines[1], "      \\u{1b}[2J\\u{7} bad");
        let caret = lines[2].find('^').unwrap();
        assert_eq!(&lines[1][caret..], "bad");
    }
}
