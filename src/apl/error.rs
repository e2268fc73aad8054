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

    /// The error on one line: kind and detail, without the caret.
    pub fn headline(&self) -> String {
        format!("{}: {}", self.kind.name(), self.detail)
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
    let at = column.min(chars.len());
    let from = at.saturating_sub(EXCERPT_CHARS);
    let to = (at + EXCERPT_CHARS + 1).min(chars.len());
    let mut shown = String::new();
    if from > 0 {
        shown.push('…');
    }
    shown.extend(&chars[from..to]);
    if to < chars.len() {
        shown.push('…');
    }
    let pad = usize::from(from > 0)
        + chars[from..at]
            .iter()
            .map(|&c| super::value::char_width(c))
            .sum::<usize>();
    (shown, pad)
}

/// A shorthand for an unplaced error.
pub(crate) fn err<T>(kind: ErrorKind, detail: impl Into<String>) -> Result<T, AplError> {
    Err(AplError::new(kind, detail))
}
