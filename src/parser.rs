//! The move parser, for both notations.
//!
//! Grammar of the **standard** notation (Singmaster/WCA as cubing software writes it):
//!
//! ```text
//! sequence  = space* ( move space* )* end
//! move      = turn amount
//! turn      = layers? FACE "w"?        R  Rw  2R  3Rw  2-3Rw
//!           | face                    r u f d l b        (= Rw, Uw, …)
//!           | "M" | "E" | "S"         middle slices
//!           | "x" | "y" | "z"         whole-cube rotations
//! layers    = number ( "-" number )?  a range needs the "w": 2-3Rw
//! FACE      = "U" | "R" | "F" | "D" | "L" | "B"
//! amount    = "2"? prime?             R2  R'  R2'
//! prime     = "'" | "’" | "ʼ" | "′"
//! ```
//!
//! Grammar of the **paper**'s dialect (Peelle's letters, which clash with standard ones:
//! paper R is standard R'):
//!
//! ```text
//! sequence  = space* ( pmove space* )* end      DO strings need no spaces: F̄D̄FDRDR̄
//! pmove     = LETTER bar?
//! LETTER    = "L" | "C" | "R" | "B" | "H" | "F" | "U" | "M" | "D" | "X" | "Y" | "Z"
//! bar       = U+0305 (combining overline) | U+0304 (combining macron) | "¯" | "'" | "’" | "ʼ"
//! ```
//!
//! A move must be followed by a space, the end, or the letter of the next move; another letter
//! makes the whole word an unknown move (`bad`), anything else is a bad suffix (`R3`). Errors name the offending token and its 1-based column (in characters).

use nom::branch::alt;
use nom::character::complete::{anychar, char, digit1, one_of};
use nom::combinator::{map_opt, map_res, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::face::Face;
use crate::moves::{Amount, Move, PaperLetter, Rotation, Slice, Turn, WideStyle};

/// Which notation a sequence is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Notation {
    /// Singmaster/WCA notation: `R U R' U'`.
    #[default]
    Standard,
    /// The paper's letters L C R B H F U M D X Y Z, barred for inverses.
    Paper,
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
}

/// A parse error: what, which token, and where.
///
/// ```
/// use cubework::{parse_moves, Notation};
/// let err = parse_moves("R U Q2 D", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "unknown move 'Q2' at column 5");
/// let err = parse_moves("R3", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "bad suffix '3' after move 'R' at column 2");
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
}

impl ParseError {
    fn describe(&self) -> String {
        match (&self.kind, &self.after) {
            (ParseErrorKind::BadSuffix, Some(after)) => format!(
                "bad suffix '{}' after move '{}' at column {}",
                self.token, after, self.column
            ),
            _ => {
                let hint = match self.notation {
                    Notation::Paper if self.token.chars().any(|c| "rudfblxyzES".contains(c)) => {
                        " (paper notation uses L C R B H F U M D X Y Z)"
                    }
                    Notation::Standard if self.token.chars().any(|c| "CHXYZ".contains(c)) => {
                        " (that is a paper letter: switch with --notation paper)"
                    }
                    _ => "",
                };
                format!(
                    "unknown move '{}' at column {}{hint}",
                    self.token, self.column
                )
            }
        }
    }
}

/// Parses a sequence of moves in the given notation.
///
/// ```
/// use cubework::{parse_moves, format_moves, Notation};
/// let moves = parse_moves("F\u{304}D\u{304}FDRDR\u{304}", Notation::Paper).unwrap();
/// assert_eq!(moves.len(), 7);
/// assert_eq!(format_moves(&moves), "F\u{305}D\u{305}FDRDR\u{305}");
/// assert_eq!(parse_moves("  ", Notation::Standard).unwrap(), vec![]);
/// ```
pub fn parse_moves(input: &str, notation: Notation) -> Result<Vec<Move>, ParseError> {
    let mut rest = input;
    let mut moves = Vec::new();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(moves);
        }
        let column = input[..input.len() - rest.len()].chars().count() + 1;
        let parsed = match notation {
            Notation::Standard => standard_move(rest),
            Notation::Paper => paper_move(rest),
        };
        let Ok((after, mv)) = parsed else {
            return Err(ParseError {
                kind: ParseErrorKind::UnknownMove,
                token: token_at(rest),
                after: None,
                column,
                notation,
            });
        };
        match after.chars().next() {
            // A letter glued to a move that no move starts with: the whole word is unknown.
            Some(c) if c.is_alphabetic() && !starts_move(c, notation) => {
                return Err(ParseError {
                    kind: ParseErrorKind::UnknownMove,
                    token: token_at(rest),
                    after: None,
                    column,
                    notation,
                });
            }
            Some(c) if !c.is_whitespace() && !starts_move(c, notation) => {
                let consumed = &rest[..rest.len() - after.len()];
                return Err(ParseError {
                    kind: ParseErrorKind::BadSuffix,
                    token: token_at(after),
                    after: Some(consumed.to_string()),
                    column: column + consumed.chars().count(),
                    notation,
                });
            }
            _ => {}
        }
        moves.push(mv);
        rest = after;
    }
}

/// Parses what a user types wherever a sequence of moves is expected (the CLI's `apply`, the
/// REPL's lines). Today this is [`parse_moves`]; sequence algebra extends it.
pub fn parse_sequence(input: &str, notation: Notation) -> Result<Vec<Move>, ParseError> {
    parse_moves(input, notation)
}

fn token_at(s: &str) -> String {
    s.chars().take_while(|c| !c.is_whitespace()).collect()
}

fn starts_move(c: char, notation: Notation) -> bool {
    match notation {
        Notation::Standard => "URFDLBurfdlbMESxyz".contains(c),
        Notation::Paper => PaperLetter::from_letter(c).is_some(),
    }
}

fn number(i: &str) -> IResult<&str, u8> {
    map_res(digit1, |d: &str| d.parse::<u8>()).parse(i)
}

fn layered_face(i: &str) -> IResult<&str, Turn> {
    let (i, layers) = opt((number, opt(preceded(char('-'), number)))).parse(i)?;
    let (i, face) = map_opt(anychar, upper_face).parse(i)?;
    let (rest, w) = opt(char('w')).parse(i)?;
    let (from, to, style) = match (layers, w.is_some()) {
        (None, false) => (1, 1, WideStyle::Plain),
        (None, true) => (1, 2, WideStyle::W),
        (Some((a, None)), false) => (a, a, WideStyle::Plain),
        (Some((a, None)), true) => (1, a, WideStyle::W),
        (Some((a, Some(b))), true) => (a, b, WideStyle::W),
        (Some((_, Some(_))), false) => return fail(i),
    };
    if from == 0 || from > to {
        return fail(i);
    }
    Ok((
        rest,
        Turn::Face {
            face,
            from,
            to,
            style,
        },
    ))
}

fn fail<T>(i: &str) -> IResult<&str, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Verify,
    )))
}

fn upper_face(c: char) -> Option<Face> {
    Face::from_letter(c)
}

fn lower_wide(i: &str) -> IResult<&str, Turn> {
    map_opt(anychar, |c: char| {
        c.is_ascii_lowercase()
            .then(|| Face::from_letter(c.to_ascii_uppercase()))
            .flatten()
    })
    .map(|face| Turn::Face {
        face,
        from: 1,
        to: 2,
        style: WideStyle::Lower,
    })
    .parse(i)
}

fn slice_or_rotation(i: &str) -> IResult<&str, Turn> {
    map_opt(anychar, |c| match c {
        'M' => Some(Turn::Slice(Slice::M)),
        'E' => Some(Turn::Slice(Slice::E)),
        'S' => Some(Turn::Slice(Slice::S)),
        'x' => Some(Turn::Rotation(Rotation::X)),
        'y' => Some(Turn::Rotation(Rotation::Y)),
        'z' => Some(Turn::Rotation(Rotation::Z)),
        _ => None,
    })
    .parse(i)
}

fn amount(i: &str) -> IResult<&str, Amount> {
    let (i, two) = opt(char('2')).parse(i)?;
    let (i, prime) = opt(one_of("'’ʼ′")).parse(i)?;
    Ok((
        i,
        match (two.is_some(), prime.is_some()) {
            (false, false) => Amount::One,
            (true, false) => Amount::Two,
            (false, true) => Amount::Prime,
            (true, true) => Amount::TwoPrime,
        },
    ))
}

/// One move of standard notation (a nom parser, for composing into larger grammars).
pub fn standard_move(i: &str) -> IResult<&str, Move> {
    let (i, turn) = alt((layered_face, lower_wide, slice_or_rotation)).parse(i)?;
    let (i, amount) = amount(i)?;
    Ok((i, Move { turn, amount }))
}

/// One move of the paper's dialect (a nom parser, for composing into larger grammars).
pub fn paper_move(i: &str) -> IResult<&str, Move> {
    let (i, letter) = map_opt(anychar, PaperLetter::from_letter).parse(i)?;
    let (i, bar) = opt(one_of("\u{305}\u{304}¯'’ʼ")).parse(i)?;
    let amount = if bar.is_some() {
        Amount::Prime
    } else {
        Amount::One
    };
    Ok((
        i,
        Move {
            turn: Turn::Paper(letter),
            amount,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::format_moves;

    fn std(s: &str) -> Vec<Move> {
        parse_moves(s, Notation::Standard).unwrap()
    }

    #[test]
    fn standard_moves_print_back_as_written() {
        let text = "U D' L2 R2' F B M E' S2 x y' z2 Rw r' 2R 3Rw 2-3Rw2 u d l f b";
        assert_eq!(format_moves(&std(text)), text);
    }

    #[test]
    fn typographic_primes_and_no_spaces() {
        assert_eq!(std("R’ Uʼ F′"), std("R' U' F'"));
        assert_eq!(std("RUR'U'"), std("R U R' U'"));
    }

    #[test]
    fn paper_bars_in_every_spelling() {
        let want = parse_moves("R' C'", Notation::Paper).unwrap();
        for s in ["R\u{305}C\u{305}", "R\u{304}C\u{304}", "R¯C¯", "R’ C’"] {
            assert_eq!(parse_moves(s, Notation::Paper).unwrap(), want, "{s}");
        }
        assert_eq!(want[0].amount, Amount::Prime);
    }

    #[test]
    fn errors_name_token_and_column() {
        let e = parse_moves("R U K", Notation::Standard).unwrap_err();
        assert_eq!(
            (e.kind, e.token.as_str(), e.column),
            (ParseErrorKind::UnknownMove, "K", 5)
        );
        let e = parse_moves("R U2'2", Notation::Standard).unwrap_err();
        assert_eq!(
            (e.kind, e.token.as_str(), e.column),
            (ParseErrorKind::BadSuffix, "2", 6)
        );
        let e = parse_moves("R 2-3R", Notation::Standard).unwrap_err();
        assert_eq!((e.token.as_str(), e.column), ("2-3R", 3));
        let e = parse_moves("LCR Q", Notation::Paper).unwrap_err();
        assert_eq!((e.token.as_str(), e.column), ("Q", 5));
        let e = parse_moves("R2", Notation::Paper).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::BadSuffix);
        // Columns count characters, not bytes.
        let e = parse_moves("R\u{305}R\u{305} q", Notation::Paper).unwrap_err();
        assert_eq!(e.column, 6);
        let e = parse_moves("R 0R", Notation::Standard).unwrap_err();
        assert_eq!(e.token, "0R");
        let e = parse_moves("U bad", Notation::Standard).unwrap_err();
        assert_eq!(
            (e.kind, e.token.as_str(), e.column),
            (ParseErrorKind::UnknownMove, "bad", 3)
        );
    }

    #[test]
    fn hints_point_at_the_other_dialect() {
        let e = parse_moves("X", Notation::Standard).unwrap_err();
        assert!(e.to_string().contains("--notation paper"), "{e}");
        let e = parse_moves("r", Notation::Paper).unwrap_err();
        assert!(e.to_string().contains("paper notation uses"), "{e}");
    }
}
