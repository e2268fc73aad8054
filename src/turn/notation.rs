//! How moves are written: the two notations (standard and the paper's), the limits on what a
//! written sequence may ask for, and what can be wrong with one ([`ParseError`]). The grammar
//! itself, and the one parser that reads it, are in [`parser`](crate::sequence::parser).

use crate::turn::moves::Move;

/// The most times a bracket may be repeated.
pub const MAX_REPEAT: u64 = 1_000_000;
/// The deepest brackets may nest.
pub const MAX_DEPTH: usize = 64;
/// The most moves a sequence may expand to.
///
/// ```
/// use cubework::{parse_sequence, Notation};
/// assert!(parse_sequence("(R U)500000", Notation::Standard).is_ok());
/// assert!(parse_sequence("(R U)500001", Notation::Standard).is_err());
/// ```
pub const MAX_EXPANDED: u64 = 1_000_000;

/// Which notation a sequence is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Notation {
    /// Singmaster/WCA notation: `R U R' U'`.
    #[default]
    Standard,
    /// The paper's letters L C R B H F U M D X Y Z, barred for inverses.
    Paper,
}

impl Notation {
    /// `, in the paper's notation` for a sequence printed in the paper's dialect (whose
    /// letters read differently in standard notation, so the reader must be told), else
    /// nothing.
    ///
    /// ```
    /// use cubework::Notation;
    /// assert_eq!(format!("a solution{}:", Notation::Paper.in_words()), "a solution, in the paper's notation:");
    /// assert_eq!(Notation::Standard.in_words(), "");
    /// ```
    pub fn in_words(self) -> &'static str {
        match self {
            Notation::Paper => ", in the paper's notation",
            Notation::Standard => "",
        }
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Notation::Standard => "standard",
            Notation::Paper => "paper",
        })
    }
}

/// What went wrong in a parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Not the start of any move of the notation.
    UnknownMove,
    /// A move followed by characters that are not a valid amount.
    BadSuffix,
    /// A `(` or `[` that is never closed (the column is the opener's).
    Unclosed,
    /// A closing bracket, `,` or `:` where none can stand.
    Unexpected,
    /// A `[` … `]` without the `,` (commutator) or `:` (conjugate) inside.
    MissingSeparator,
    /// A repetition count of 0 or above 1000000.
    BadRepeat,
    /// A repetition (or item) that makes the expansion longer than the limit.
    TooLong,
    /// Brackets nested more than 64 deep.
    TooDeep,
}

/// A parse error: what, which token, and where.
///
/// ```
/// use cubework::{parse_moves, Notation};
/// let err = parse_moves("R U Q2 D", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "unknown move 'Q2' at column 5");
/// let err = parse_moves("R-", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "bad suffix '-' after move 'R' at column 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// The offending text (for a bad suffix, the suffix).
    pub token: String,
    /// The move the suffix follows, for a bad suffix.
    pub after: Option<String>,
    /// 1-based column, in characters, where the token starts.
    pub column: usize,
    /// The notation that was being parsed.
    pub notation: Notation,
    /// Whether it was typed in the REPL (its hints then name REPL commands, not options).
    pub in_repl: bool,
}

impl ParseError {
    /// The same error with its column counted from `by` characters earlier: for text that was
    /// cut out of a longer line the user typed.
    ///
    /// ```
    /// use cubework::{parse_moves, Notation};
    /// let e = parse_moves("R Q", Notation::Standard).unwrap_err().shifted(6);
    /// assert_eq!(e.to_string(), "unknown move 'Q' at column 9");
    /// ```
    pub fn shifted(mut self, by: usize) -> ParseError {
        self.column += by;
        self
    }

    /// The same error as the REPL reports it: hints name REPL commands.
    pub fn in_repl(mut self) -> ParseError {
        self.in_repl = true;
        self
    }

    fn describe(&self) -> String {
        let token = crate::base::text::echo(&self.token);
        let (t, c) = (&token, self.column);
        match (&self.kind, &self.after) {
            (ParseErrorKind::BadSuffix, Some(after)) => format!(
                "bad suffix '{t}' after move '{}' at column {c}",
                crate::base::text::echo(after)
            ),
            (ParseErrorKind::Unclosed, _) => format!("'{t}' at column {c} is never closed"),
            (ParseErrorKind::Unexpected, _) => format!("unexpected '{t}' at column {c}"),
            (ParseErrorKind::MissingSeparator, _) => format!(
                "'{t}' at column {c} closes a bracket with no ',' (commutator) or ':' (conjugate)"
            ),
            (ParseErrorKind::BadRepeat, _) => {
                format!("bad repetition '{t}' at column {c} (repeat 0 to {MAX_REPEAT} times)")
            }
            (ParseErrorKind::TooLong, _) => format!(
                "'{t}' at column {c} makes the sequence longer than {} moves",
                MAX_EXPANDED
            ),
            (ParseErrorKind::TooDeep, _) => {
                format!("'{t}' at column {c} nests brackets more than {MAX_DEPTH} deep")
            }
            _ => {
                // The move that is unknown is the token's first letter: a letter later in the
                // token (`WWY…`, colour letters) says nothing about it.
                let first = self.token.chars().find(|c| c.is_alphabetic());
                let is = |letters: &str| first.is_some_and(|c| letters.contains(c));
                // A paper letter only where every letter of the token is one (`Z`, `CH`), not a
                // word that starts with one (`Zebra`).
                let paper_word = self
                    .token
                    .chars()
                    .filter(|c| c.is_alphabetic())
                    .all(|c| "LCRBHFUMDXYZ".contains(c));
                let hint = match self.notation {
                    Notation::Paper if is("rudfblxyzES") => {
                        " (paper notation uses L C R B H F U M D X Y Z)"
                    }
                    Notation::Standard if is("CHXYZ") && paper_word && self.in_repl => {
                        " (that is a paper letter: switch with `notation paper`)"
                    }
                    Notation::Standard if is("CHXYZ") && paper_word => {
                        " (that is a paper letter: switch with --notation paper)"
                    }
                    _ => "",
                };
                if let Some(fixed) = layers_reversed(&self.token) {
                    let fixed = crate::base::text::echo(&fixed);
                    return format!(
                        "unknown move '{t}' at column {c} (give the smaller layer first: {fixed})"
                    );
                }
                format!("unknown move '{t}' at column {c}{hint}")
            }
        }
    }
}

/// A range of layers given larger first (`3-2Rw`): the token with them the other way round
/// (`2-3Rw`).
///
/// ```
/// # // (private: its effect)
/// use cubework::{parse_moves, Notation};
/// let err = parse_moves("R 3-2Rw'", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "unknown move '3-2Rw'' at column 3 (give the smaller layer first: 2-3Rw')");
/// ```
fn layers_reversed(token: &str) -> Option<String> {
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let a_len = digits(token);
    let rest = token[a_len..].strip_prefix('-')?;
    let b_len = digits(rest);
    let (a, b) = (&token[..a_len], &rest[..b_len]);
    let (na, nb) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
    (na > nb && nb > 0).then(|| format!("{b}-{a}{}", &rest[b_len..]))
}

/// A sequence written in the given notation, the same turns: in standard notation each paper
/// move as its standard move; in the paper's dialect each standard move as the paper's letters
/// for it on the 3×3×3 (a half-turn as the quarter-turn twice, a wide turn as its slices). A
/// standard move the paper's letters cannot write (an inner layer of a big cube) stays as it
/// is.
///
/// ```
/// use cubework::turn::notation::in_notation;
/// use cubework::{format_moves, parse_moves, Notation};
/// let std = parse_moves("R U2 F' Rw", Notation::Standard).unwrap();
/// let paper = in_notation(&std, Notation::Paper);
/// assert_eq!(format_moves(&paper), "R\u{305}UUFR\u{305}C\u{305}");
/// assert_eq!(format_moves(&in_notation(&paper, Notation::Standard)), "R U U F' R M'");
/// ```
pub fn in_notation(moves: &[Move], notation: Notation) -> Vec<Move> {
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        match notation {
            Notation::Standard => out.push(m.to_standard()),
            Notation::Paper if m.paper_letter().is_some() => out.push(m),
            Notation::Paper => match m.paper_moves() {
                Ok(paper) => out.extend(paper),
                Err(_) => out.push(m),
            },
        }
    }
    out
}
