//! The move parser, for both notations.
//!
//! Grammar of the **standard** notation (Singmaster/WCA as cubing software writes it):
//!
//! ```text
//! sequence  = sep* ( ( move | comment ) sep* )* end
//! sep       = space | newline | "."   a dot is a pause, as the notes chain moves: F.R.U.Rʼ.Uʼ.Fʼ
//! comment   = "//" (any but newline)*  R U R' U' // sexy move
//! move      = turn amount
//! turn      = layers? FACE "w"?        R  Rw  2R  3Rw  2-3Rw
//!           | number? face            r u f d l b (= Rw, Uw, …); 3r (= 3Rw)
//!           | "M" | "E" | "S"         middle slices
//!           | "x" | "y" | "z"         whole-cube rotations
//! layers    = number ( "-" number )?  a range needs the "w": 2-3Rw
//! FACE      = "U" | "R" | "F" | "D" | "L" | "B"
//! amount    = number? prime?          R2  R'  R2'  R3 (= R')  R4 (nothing)  R5' (= R')
//!           | prime number            R'2 (= R2')
//! prime     = "'" | "’" | "ʼ" | "′"
//! ```
//!
//! An amount is any whole number of quarter-turns, as cubing.js reads it, reduced mod 4 when
//! read: `R3` is the move `R'`, `R6` is `R2`, and a multiple of four (`U4`, `U0`) turns nothing
//! and leaves no move behind (so `count` and `simplify` see `R3` as `R'`).
//!
//! Grammar of the **paper**'s dialect (Peelle's letters, which clash with standard ones:
//! paper R is standard R'):
//!
//! ```text
//! sequence  = sep* ( pmove sep* )* end        DO strings need no spaces: F̄D̄FDRDR̄
//! pmove     = LETTER bar?
//! LETTER    = "L" | "C" | "R" | "B" | "H" | "F" | "U" | "M" | "D" | "X" | "Y" | "Z"
//! bar       = U+0305 (combining overline) | U+0304 (combining macron) | "¯" | "'" | "’" | "ʼ"
//! ```
//!
//! ## Sequence algebra
//!
//! What a user types as a sequence ([`parse_sequence`], [`parse_alg`]) may also group,
//! repeat, invert, bracket and name the paper's tools, in either notation:
//!
//! ```text
//! alg       = sep* ( ( item | comment ) sep* )* end
//! item      = move                                    R2'   F̄
//!           | TOOL power                              SWITCH  FLIP2  twist'
//!           | "(" alg ")" power                        (R U)3'
//!           | "[" alg "," alg "]" power                [A, B]  = A B A' B'
//!           | "[" alg ":" alg "]" power                [A: B]  = A B A'
//! power     = number? inverse?                        repeat 0 to 1000000, then invert
//! inverse   = "'" | "’" | "ʼ" | "′" | U+0305 | U+0304 | "¯"
//! TOOL      = "SWITCH" | "TWIST" | "SNAP" | "LIFT" | "CYCLE" | "FLIP"   (any letter case)
//! ```
//!
//! A comment runs to the end of its line, in either notation, and turns nothing; a sequence
//! may span lines (pasted, or in a session file: a line with a bracket still open goes on with
//! the next lines while they can go on with it — an empty line, a note or a command ends it,
//! see [`lines::Joiner`](crate::base::lines::Joiner) and [`is_incomplete`]). Brackets nest (up to 64 deep). A tool stands for its reconstructed sequence (see
//! [`tools`](crate::sequence::tools)): its paper form in the paper's dialect, the standard form of
//! that in standard notation. No move sequence of either notation starts with a tool's name
//! (each has a letter that is no move), so names are tried first. The expansion may be at most
//! [`MAX_EXPANDED`] moves.
//!
//! A dot between moves changes nothing (cubing.js reads `.` as a pause): `R.U2.Rʼ` is
//! `R U2 R'`. A move (or a bracket with its power) must be followed by a space, a dot, the
//! end, a bracket, `,` or `:`, a comment, or the start of the next move or tool; another
//! letter makes the whole word an unknown move (`bad`), anything else is a bad suffix (`R-`). Errors
//! name the offending token and its 1-based column (in characters) in the whole input, however
//! deeply nested.

use nom::branch::alt;
use nom::character::complete::{anychar, char, digit1, one_of};
use nom::combinator::{map_opt, map_res, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::sequence::alg::{Alg, Item, Power};
use crate::sequence::tools::Tool;
use crate::turn::face::Face;
use crate::turn::moves::{Amount, Move, PaperLetter, Rotation, Slice, Turn, WideStyle};
use crate::turn::notation::Notation;
pub use crate::turn::notation::{MAX_DEPTH, MAX_EXPANDED, MAX_REPEAT, ParseError, ParseErrorKind};

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
        rest = skip_separators(rest);
        if rest.is_empty() {
            return Ok(moves);
        }
        if let Some(comment) = rest.strip_prefix("//") {
            rest = comment.split_once('\n').map_or("", |(_, next)| next);
            continue;
        }
        // Columns are counted only for an error, so a long line parses in linear time.
        let column = |at: &str| column_in(input, at);
        let unknown = |at: &str| ParseError {
            kind: ParseErrorKind::UnknownMove,
            token: token_at(at),
            after: None,
            column: column(at),
            notation,
            in_repl: false,
        };
        let Ok((after, mv)) = one_move(rest, notation) else {
            return Err(unknown(rest));
        };
        match after.chars().next() {
            // A letter glued to a move that no move starts with: the whole word is unknown.
            Some(c) if c.is_alphabetic() && !starts_move(c, notation) => {
                return Err(unknown(rest));
            }
            Some(c)
                if !is_separator(c) && !starts_move(c, notation) && !after.starts_with("//") =>
            {
                let consumed = &rest[..rest.len() - after.len()];
                return Err(ParseError {
                    kind: ParseErrorKind::BadSuffix,
                    token: token_at(after),
                    after: Some(consumed.to_string()),
                    column: column(after),
                    notation,
                    in_repl: false,
                });
            }
            _ => {}
        }
        moves.extend(mv);
        rest = after;
    }
}

/// One move of either notation; `None` for one that turns nothing (`R4`).
fn one_move(rest: &str, notation: Notation) -> IResult<&str, Option<Move>> {
    match notation {
        Notation::Standard => standard_move(rest),
        Notation::Paper => paper_move(rest).map(|(after, m)| (after, Some(m))),
    }
}

/// Whether a sequence goes on past the end of `text`: a bracket it opens is not yet closed
/// (brackets in comments do not count). A pasted algorithm that spans lines is read whole.
///
/// ```
/// use cubework::sequence::parser::is_incomplete;
/// assert!(is_incomplete("[R U,"));
/// assert!(is_incomplete("(R U // (a comment) ]\n"));
/// assert!(!is_incomplete("[R, U] F"));
/// assert!(!is_incomplete("R U)"));
/// ```
pub fn is_incomplete(text: &str) -> bool {
    text.split('\n').map(bracket_balance).sum::<i64>() > 0
}

/// How many brackets one line opens, less those it closes (brackets in a comment do not
/// count): what [`is_incomplete`] adds up, one line at a time, for
/// [`lines::Joiner`](crate::base::lines::Joiner).
///
/// ```
/// use cubework::sequence::parser::bracket_balance;
/// assert_eq!(bracket_balance("[R, (U // (a comment"), 2);
/// assert_eq!(bracket_balance("U)] F)"), -3);
/// ```
pub fn bracket_balance(line: &str) -> i64 {
    let code = line.split_once("//").map_or(line, |(code, _)| code);
    code.chars()
        .map(|c| match c {
            '(' | '[' => 1,
            ')' | ']' => -1,
            _ => 0,
        })
        .sum()
}

/// The bracket of `text` (which may span lines) that is never closed — the innermost one
/// still open at the end, as [`parse_alg`] names it — as the index of its line in `text`,
/// from 0, and the [`ParseErrorKind::Unclosed`] error with its column in that line. `None`
/// when every bracket is closed.
///
/// ```
/// use cubework::sequence::parser::unclosed_bracket;
/// use cubework::Notation;
/// let (line, e) = unclosed_bracket("R (U) [F,\nD (B // (", Notation::Standard).unwrap();
/// assert_eq!((line, e.to_string()), (1, "'(' at column 3 is never closed".to_string()));
/// assert!(unclosed_bracket("(R\nU)", Notation::Standard).is_none());
/// ```
pub fn unclosed_bracket(text: &str, notation: Notation) -> Option<(usize, ParseError)> {
    let mut open = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        let code = line.split_once("//").map_or(line, |(code, _)| code);
        for (column, c) in code.chars().enumerate() {
            match c {
                '(' | '[' => open.push((index, column + 1, c)),
                ')' | ']' => {
                    open.pop();
                }
                _ => {}
            }
        }
    }
    let (index, column, c) = open.pop()?;
    Some((
        index,
        ParseError {
            kind: ParseErrorKind::Unclosed,
            token: c.to_string(),
            after: None,
            column,
            notation,
            in_repl: false,
        },
    ))
}

/// Parses what a user types wherever a sequence of moves is expected (the CLI's `apply`, the
/// REPL's lines): the full algebra of the module docs, expanded to moves.
///
/// ```
/// use cubework::{format_moves, parse_sequence, Notation};
/// let m = parse_sequence("[R, U] (F)2", Notation::Standard).unwrap();
/// assert_eq!(format_moves(&m), "R U R' U' F F");
/// let err = parse_sequence("[R, (U Q)]", Notation::Standard).unwrap_err();
/// assert_eq!(err.to_string(), "unknown move 'Q' at column 8");
/// ```
pub fn parse_sequence(input: &str, notation: Notation) -> Result<Vec<Move>, ParseError> {
    Ok(parse_alg(input, notation)?.expand())
}

/// Parses a sequence with algebra into its tree (see the module docs).
///
/// ```
/// use cubework::sequence::parser::parse_alg;
/// use cubework::Notation;
/// let a = parse_alg("(R U)3' [R: [U, D]]", Notation::Standard).unwrap();
/// assert_eq!(a.items.len(), 2);
/// assert_eq!(a.to_string(), "(R U)3' [R: [U, D]]");
/// let err = parse_alg("(R [U, (D K)])", Notation::Standard).unwrap_err();
/// assert_eq!((err.token.as_str(), err.column), ("K", 11));
/// ```
pub fn parse_alg(input: &str, notation: Notation) -> Result<Alg, ParseError> {
    let p = AlgParser { input, notation };
    let (alg, rest) = p.sequence(input, Closer::End, 0, input)?;
    debug_assert!(rest.is_empty());
    Ok(alg)
}

impl Alg {
    /// Parses a sequence with algebra (see the grammar above); the same as [`parse_alg`].
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// assert_eq!(Alg::parse("[R: U]", Notation::Standard).unwrap().to_string(), "[R: U]");
    /// assert_eq!(Alg::parse("[R U]", Notation::Standard).unwrap_err().column, 5);
    /// ```
    pub fn parse(text: &str, notation: Notation) -> Result<Alg, ParseError> {
        parse_alg(text, notation)
    }
}

/// What ends the sequence being parsed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Closer {
    End,
    Paren,
    BracketFirst,
    BracketSecond,
}

struct AlgParser<'a> {
    input: &'a str,
    notation: Notation,
}

/// The 1-based column, in characters, at which `rest` (a tail of `input`) starts. It counts
/// from the start, so it is called only to report an error.
fn column_in(input: &str, rest: &str) -> usize {
    input[..input.len() - rest.len()].chars().count() + 1
}

impl<'a> AlgParser<'a> {
    fn column(&self, rest: &str) -> usize {
        column_in(self.input, rest)
    }

    fn error(&self, kind: ParseErrorKind, token: String, at: &str) -> ParseError {
        ParseError {
            kind,
            token,
            after: None,
            column: self.column(at),
            notation: self.notation,
            in_repl: false,
        }
    }

    /// Parses items until `closer` (not consumed), returning the sequence and the rest.
    /// `open` is the input from the bracket that opened it, for "never closed" errors.
    fn sequence(
        &self,
        mut rest: &'a str,
        closer: Closer,
        depth: usize,
        open: &'a str,
    ) -> Result<(Alg, &'a str), ParseError> {
        let mut items = Vec::new();
        let mut len: u64 = 0;
        loop {
            rest = skip_separators(rest);
            if let Some(comment) = rest.strip_prefix("//") {
                let (text, next) = comment.split_once('\n').unwrap_or((comment, ""));
                items.push(Item::Comment(text.trim_end().to_string()));
                rest = next;
                continue;
            }
            let Some(c) = rest.chars().next() else {
                if closer == Closer::End {
                    return Ok((Alg { items }, rest));
                }
                let opener = if closer == Closer::Paren { "(" } else { "[" };
                return Err(ParseError {
                    kind: ParseErrorKind::Unclosed,
                    token: opener.to_string(),
                    after: None,
                    column: self.column(open),
                    notation: self.notation,
                    in_repl: false,
                });
            };
            let ends = match c {
                ')' => closer == Closer::Paren,
                ']' if closer == Closer::BracketFirst => {
                    return Err(self.error(ParseErrorKind::MissingSeparator, "]".into(), rest));
                }
                ']' => closer == Closer::BracketSecond,
                ',' | ':' => closer == Closer::BracketFirst,
                _ => false,
            };
            if ends {
                return Ok((Alg { items }, rest));
            }
            if ")],:".contains(c) {
                return Err(self.error(ParseErrorKind::Unexpected, c.to_string(), rest));
            }
            let (item, after) = self.item(rest, depth)?;
            if let Some(item) = item {
                len = len.saturating_add(item.expanded_len());
                if len > MAX_EXPANDED {
                    return Err(self.error(ParseErrorKind::TooLong, token_in(rest), rest));
                }
                items.push(item);
            }
            rest = after;
        }
    }

    /// One item and the rest; `None` for a move that turns nothing (`R4`).
    fn item(&self, rest: &'a str, depth: usize) -> Result<(Option<Item>, &'a str), ParseError> {
        let start = rest;
        let (item, after) = if let Some(open) = rest.strip_prefix('(') {
            if depth >= MAX_DEPTH {
                return Err(self.error(ParseErrorKind::TooDeep, "(".into(), rest));
            }
            let (body, after) = self.sequence(open, Closer::Paren, depth + 1, rest)?;
            let (power, after) = self.power(start, &after[1..], body.expanded_len())?;
            (Some(Item::Group { body, power }), after)
        } else if let Some(open) = rest.strip_prefix('[') {
            if depth >= MAX_DEPTH {
                return Err(self.error(ParseErrorKind::TooDeep, "[".into(), rest));
            }
            let (a, after) = self.sequence(open, Closer::BracketFirst, depth + 1, rest)?;
            let commutator = after.starts_with(',');
            let (b, after) = self.sequence(&after[1..], Closer::BracketSecond, depth + 1, rest)?;
            let (a_len, b_len) = (a.expanded_len(), b.expanded_len());
            let base_len = if commutator {
                a_len.saturating_add(b_len).saturating_mul(2)
            } else {
                a_len.saturating_mul(2).saturating_add(b_len)
            };
            let (power, after) = self.power(start, &after[1..], base_len)?;
            let item = if commutator {
                Item::Commutator { a, b, power }
            } else {
                Item::Conjugate { a, b, power }
            };
            (Some(item), after)
        } else if let Some((tool, after)) = tool_name(rest) {
            let len = tool.sequence().len() as u64;
            let (power, after) = self.power(start, after, len)?;
            let item = Item::Tool {
                tool,
                notation: self.notation,
                power,
            };
            (Some(item), after)
        } else {
            let Ok((after, mv)) = one_move(rest, self.notation) else {
                return Err(self.error(ParseErrorKind::UnknownMove, token_in(rest), rest));
            };
            (mv.map(Item::Move), after)
        };
        if let Some(c) = after.chars().next()
            && !is_separator(c)
            && !after.starts_with("//")
            && !"()[],:".contains(c)
            && !starts_move(c, self.notation)
            && tool_name(after).is_none()
        {
            let consumed = &start[..start.len() - after.len()];
            return Err(ParseError {
                kind: ParseErrorKind::BadSuffix,
                token: token_in(after),
                after: Some(consumed.to_string()),
                column: self.column(after),
                notation: self.notation,
                in_repl: false,
            });
        }
        Ok((item, after))
    }

    /// `number? inverse?` after a bracket or tool; `item` is the input from the item's start.
    fn power(
        &self,
        item: &'a str,
        rest: &'a str,
        base_len: u64,
    ) -> Result<(Power, &'a str), ParseError> {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (count, rest2) = rest.split_at(digits);
        let repeat = if count.is_empty() {
            1
        } else {
            match count.parse::<u64>() {
                Ok(k) if k <= MAX_REPEAT => k as u32,
                _ => {
                    return Err(self.error(ParseErrorKind::BadRepeat, count.to_string(), rest));
                }
            }
        };
        if base_len.saturating_mul(repeat as u64) > MAX_EXPANDED {
            // The count that makes it too long, or the bracket itself when it has none.
            return Err(if count.is_empty() {
                self.error(ParseErrorKind::TooLong, token_in(item), item)
            } else {
                self.error(ParseErrorKind::TooLong, count.to_string(), rest)
            });
        }
        let mut chars = rest2.chars();
        let (inverse, rest3) = match chars.next() {
            Some(c) if INVERSE_MARKS.contains(c) => (true, chars.as_str()),
            _ => (false, rest2),
        };
        Ok((Power { repeat, inverse }, rest3))
    }
}

/// Marks that invert a bracket or tool.
const INVERSE_MARKS: &str = "'’ʼ′\u{305}\u{304}¯";

/// A tool's name at the start of `s` (any letter case), and what follows it.
fn tool_name(s: &str) -> Option<(Tool, &str)> {
    Tool::ALL.into_iter().find_map(|t| {
        let n = t.name().len();
        let head = s.get(..n)?;
        head.eq_ignore_ascii_case(t.name()).then(|| (t, &s[n..]))
    })
}

/// The token at the start of `s`: up to whitespace or a bracket, comma or colon.
fn token_in(s: &str) -> String {
    let t: String = s
        .chars()
        .take_while(|&c| !is_separator(c) && !"()[],:".contains(c))
        .collect();
    if t.is_empty() {
        s.chars().take(1).collect()
    } else {
        t
    }
}

fn token_at(s: &str) -> String {
    s.chars().take_while(|&c| !is_separator(c)).collect()
}

/// Whitespace, or the dot that cubing.js reads as a pause and the notes chain moves with.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '.'
}

fn skip_separators(s: &str) -> &str {
    s.trim_start_matches(is_separator)
}

fn starts_move(c: char, notation: Notation) -> bool {
    match notation {
        Notation::Standard => "URFDLBurfdlbMESxyz".contains(c),
        Notation::Paper => {
            PaperLetter::from_letter(c).is_some() || PRECOMPOSED.iter().any(|(p, _)| *p == c)
        }
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

/// `r` (two layers), `3r` (three): lowercase wide turns, with a layer count as cubing.js reads
/// it (`3r` is `3Rw`).
fn lower_wide(i: &str) -> IResult<&str, Turn> {
    let (i, layers) = opt(number).parse(i)?;
    let (rest, face) = map_opt(anychar, |c: char| {
        c.is_ascii_lowercase()
            .then(|| Face::from_letter(c.to_ascii_uppercase()))
            .flatten()
    })
    .parse(i)?;
    let to = layers.unwrap_or(2);
    if to == 0 {
        return fail(i);
    }
    Ok((
        rest,
        Turn::Face {
            face,
            from: 1,
            to,
            style: WideStyle::Lower,
        },
    ))
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

/// `number? prime?`: any whole number of quarter-turns, as cubing.js reads them (`R3` is three
/// quarter-turns, the state of `R'`), reduced mod 4; `None` for a multiple of four, which turns
/// nothing. `R2'` keeps its own spelling.
fn amount(i: &str) -> IResult<&str, Option<Amount>> {
    let (i, digits) = opt(digit1).parse(i)?;
    let (i, prime) = opt(one_of("'’ʼ′")).parse(i)?;
    // `R'2` is `R2'`, as cubers write it and cubing.js reads it.
    let (i, digits) = match (digits, prime) {
        (None, Some(_)) => opt(digit1).parse(i)?,
        _ => (i, digits),
    };
    // The number mod 4 from its last two digits: no number is too long.
    let n = digits.map_or(1, |d: &str| {
        let tail = &d[d.len().saturating_sub(2)..];
        tail.parse::<u32>().unwrap_or(0) % 4
    });
    let quarters = if prime.is_some() { (4 - n) % 4 } else { n };
    Ok((
        i,
        match quarters {
            0 => None,
            1 => Some(Amount::ONE),
            2 if prime.is_some() && digits == Some("2") => Some(Amount::TWO.inverse()),
            2 => Some(Amount::TWO),
            _ => Some(Amount::PRIME),
        },
    ))
}

/// One move of standard notation (a nom parser, for composing into larger grammars); `None`
/// for an amount that turns nothing (`R4`, `U0`).
pub fn standard_move(i: &str) -> IResult<&str, Option<Move>> {
    let (i, turn) = alt((layered_face, lower_wide, slice_or_rotation)).parse(i)?;
    let (i, amount) = amount(i)?;
    Ok((i, amount.map(|amount| Move { turn, amount })))
}

/// The paper's letters that Unicode also has precomposed with a bar (what text becomes after
/// NFC normalisation): `Ū` (U+016A) and `Ȳ` (U+0232).
const PRECOMPOSED: [(char, PaperLetter); 2] = [('Ū', PaperLetter::U), ('Ȳ', PaperLetter::Y)];

/// One move of the paper's dialect (a nom parser, for composing into larger grammars).
pub fn paper_move(i: &str) -> IResult<&str, Move> {
    if let Some(c) = i.chars().next()
        && let Some(&(_, letter)) = PRECOMPOSED.iter().find(|(p, _)| *p == c)
    {
        let rest = &i[c.len_utf8()..];
        return Ok((
            rest,
            Move {
                turn: Turn::Paper(letter),
                amount: Amount::PRIME,
            },
        ));
    }
    let (i, letter) = map_opt(anychar, PaperLetter::from_letter).parse(i)?;
    let (i, bar) = opt(one_of("\u{305}\u{304}¯'’ʼ")).parse(i)?;
    let amount = if bar.is_some() {
        Amount::PRIME
    } else {
        Amount::ONE
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
mod tests;
