//! Sequence algebra on the parsed form: groups with repetition, commutators, conjugates and
//! the paper's tools, in either notation; inverting, expanding, simplifying and counting.
//!
//! ```
//! use cubework::sequence::alg::{Alg, Metric};
//! use cubework::Notation;
//! let a = Alg::parse("[R: (U R')2]", Notation::Standard).unwrap();
//! assert_eq!(a.to_string(), "[R: (U R')2]");
//! assert_eq!(a.invert().to_string(), "[R: (R U')2]");
//! assert_eq!(a.format_expanded(), "R U R' U R' R'");
//! assert_eq!(a.format_simplified(), "R U R' U R2");
//! assert_eq!(a.count(Metric::Htm), 6);
//! ```
//!
//! The grammar is in the [`parser`](crate::sequence::parser) module's docs.

use std::fmt;

use crate::sequence::input_error::InputError;
use crate::sequence::tools::Tool;
use crate::state::sticker_perm::StickerPerm;
use crate::turn::face::Face;
use crate::turn::moves::{
    Amount, Move, PaperAxis, Rotation, Slice, Turn, format_moves, merge_repeated_turns,
};
use crate::turn::notation::Notation;

/// How many times a bracketed part is done, and whether inverted: `(R U)3'`.
///
/// ```
/// use cubework::sequence::alg::{Alg, Item, Power};
/// use cubework::Notation;
/// let a = Alg::parse("(R U)3'", Notation::Standard).unwrap();
/// let Item::Group { power, .. } = &a.items[0] else { panic!() };
/// assert_eq!(*power, Power { repeat: 3, inverse: true });
/// assert_eq!(power.to_string(), "3'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Power {
    /// Repetitions, 1 or more.
    pub repeat: u32,
    /// True when a prime follows: the whole repetition is inverted.
    pub inverse: bool,
}

impl Power {
    /// Once, not inverted.
    ///
    /// ```
    /// use cubework::sequence::alg::Power;
    /// assert_eq!(Power::ONCE.to_string(), "");
    /// ```
    pub const ONCE: Power = Power {
        repeat: 1,
        inverse: false,
    };
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.repeat != 1 {
            write!(f, "{}", self.repeat)?;
        }
        if self.inverse {
            write!(f, "'")?;
        }
        Ok(())
    }
}

/// One item of a sequence.
///
/// ```
/// use cubework::sequence::alg::{Alg, Item};
/// use cubework::Notation;
/// let a = Alg::parse("R [R, U] [F: D] (L)2 FLIP", Notation::Standard).unwrap();
/// assert!(matches!(a.items[0], Item::Move(_)));
/// assert!(matches!(a.items[1], Item::Commutator { .. }));
/// assert!(matches!(a.items[2], Item::Conjugate { .. }));
/// assert!(matches!(a.items[3], Item::Group { .. }));
/// assert!(matches!(a.items[4], Item::Tool { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A move.
    Move(Move),
    /// `(A)n'`: A done n times, inverted if primed.
    Group {
        /// A.
        body: Alg,
        /// n and the prime.
        power: Power,
    },
    /// `[A, B]`: A B A' B'.
    Commutator {
        /// A.
        a: Alg,
        /// B.
        b: Alg,
        /// Repetition and prime after the bracket.
        power: Power,
    },
    /// `[A: B]`: A B A'.
    Conjugate {
        /// A.
        a: Alg,
        /// B.
        b: Alg,
        /// Repetition and prime after the bracket.
        power: Power,
    },
    /// A comment, `// …` to the end of the line: it turns nothing, is kept where it stands by
    /// [`Alg::expanded_with_comments`] and inversion, and dropped by simplifying.
    Comment(String),
    /// One of the paper's tools by name; it expands to the reconstructed sequence, in the
    /// notation it was written in.
    Tool {
        /// Which tool.
        tool: Tool,
        /// The notation it expands into.
        notation: Notation,
        /// Repetition and prime.
        power: Power,
    },
}

/// A parsed sequence: items done left to right.
///
/// ```
/// use cubework::sequence::alg::Alg;
/// use cubework::Notation;
/// let a = Alg::parse("[R, U]2", Notation::Standard).unwrap();
/// assert_eq!(a.expanded_len(), 8);
/// assert!(a.perm(3).unwrap().pow(3).is_identity());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg {
    /// The items.
    pub items: Vec<Item>,
}

pub use crate::turn::notation::MAX_EXPANDED;

pub use crate::turn::metric::Metric;

/// Anything that can go wrong with a sequence typed by a user.
///
/// ```
/// use cubework::command::algebra::order_report;
/// use cubework::{AlgebraError, Notation, OrderBy};
/// let m = cubework::sequence::alg::Alg::parse("M", Notation::Standard).unwrap();
/// let e = order_report(4, OrderBy::Colours, &m).unwrap_err();
/// assert!(matches!(e, AlgebraError::Input(cubework::sequence::input::InputError::Move(_))));
/// assert_eq!(e.to_string(), "move M is a middle slice, which a 4×4×4 cube does not have");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlgebraError {
    /// It does not parse, a move cannot be made, or a size is out of range.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The user pressed Ctrl-C.
    #[error(transparent)]
    Cancelled(#[from] crate::base::cancel::Cancelled),
    /// Something asked of a cube size it does not work on.
    #[error("{what} is not for the {n}×{n}×{n}: {why}")]
    NotForSize {
        /// What was asked for.
        what: &'static str,
        /// The cube size asked for.
        n: usize,
        /// Why not, and what to do instead.
        why: &'static str,
    },
    /// A scramble of more turns than a scramble has
    /// ([`crate::command::solving::MAX_SCRAMBLE`]).
    #[error("a scramble of {got} turns is more than the limit of {limit}")]
    TooManyTurns {
        /// How many turns were asked for.
        got: usize,
        /// The limit.
        limit: usize,
    },
    /// A request for more moves than the workbench makes at once.
    #[error("{what} of {got} moves is longer than the limit of {limit}")]
    TooLong {
        /// What was asked for.
        what: &'static str,
        /// How many moves.
        got: usize,
        /// The limit, [`MAX_EXPANDED`].
        limit: u64,
    },
}

crate::sequence::input_error::lift_input_parts!(AlgebraError);

impl Alg {
    /// A flat sequence of moves.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::{parse_moves, Notation};
    /// let m = parse_moves("R U", Notation::Standard).unwrap();
    /// assert_eq!(Alg::from_moves(&m).to_string(), "R U");
    /// ```
    pub fn from_moves(moves: &[Move]) -> Alg {
        Alg {
            items: moves.iter().map(|&m| Item::Move(m)).collect(),
        }
    }

    /// The sequence that undoes this one, kept in bracketed form: items in reverse order,
    /// each inverted; a primed group loses its prime, an unprimed one has its body inverted;
    /// `[A, B]` becomes `[B, A]`, `[A: B]` becomes `[A: B']`, a tool gains or loses a prime.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let inv = |s| Alg::parse(s, Notation::Standard).unwrap().invert().to_string();
    /// assert_eq!(inv("R U2 F'"), "F U2' R'");
    /// assert_eq!(inv("(R U)3"), "(U' R')3");
    /// assert_eq!(inv("(R U)3'"), "(R U)3");
    /// assert_eq!(inv("[R, U]"), "[U, R]");
    /// assert_eq!(inv("[F: [R, U]]"), "[F: [U, R]]");
    /// assert_eq!(inv("SWITCH U"), "U' SWITCH'");
    /// ```
    pub fn invert(&self) -> Alg {
        // A comment belongs to the item before it on its line and goes with it.
        let mut units: Vec<&[Item]> = Vec::new();
        let mut start = 0;
        for i in 1..=self.items.len() {
            if i == self.items.len() || !matches!(self.items[i], Item::Comment(_)) {
                units.push(&self.items[start..i]);
                start = i;
            }
        }
        Alg {
            items: units
                .into_iter()
                .rev()
                .flat_map(|unit| unit.iter().map(Item::invert))
                .collect(),
        }
    }

    /// The same sequence without its comments (at any depth).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let a = Alg::parse("R // one\n(U // two\n)2", Notation::Standard).unwrap();
    /// assert_eq!(a.without_comments().to_string(), "R (U)2");
    /// ```
    pub fn without_comments(&self) -> Alg {
        let strip = |a: &Alg| a.without_comments();
        Alg {
            items: self
                .items
                .iter()
                .filter(|i| !matches!(i, Item::Comment(_)))
                .map(|item| match item {
                    Item::Group { body, power } => Item::Group {
                        body: strip(body),
                        power: *power,
                    },
                    Item::Commutator { a, b, power } => Item::Commutator {
                        a: strip(a),
                        b: strip(b),
                        power: *power,
                    },
                    Item::Conjugate { a, b, power } => Item::Conjugate {
                        a: strip(a),
                        b: strip(b),
                        power: *power,
                    },
                    other => other.clone(),
                })
                .collect(),
        }
    }

    /// The same sequence written in `notation`, brackets kept: each move as
    /// [`in_notation`](crate::turn::notation::in_notation) writes it, each tool expanding into that
    /// notation.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let a = Alg::parse("(R U2)3 [F, SWITCH]", Notation::Standard).unwrap();
    /// assert_eq!(a.in_notation(Notation::Paper).to_string(), "(R\u{305}UU)3 [F\u{305}, SWITCH]");
    /// ```
    pub fn in_notation(&self, notation: Notation) -> Alg {
        let mut items = Vec::with_capacity(self.items.len());
        for item in &self.items {
            match item {
                Item::Move(m) => items.extend(
                    crate::turn::notation::in_notation(&[*m], notation)
                        .into_iter()
                        .map(Item::Move),
                ),
                Item::Group { body, power } => items.push(Item::Group {
                    body: body.in_notation(notation),
                    power: *power,
                }),
                Item::Commutator { a, b, power } => items.push(Item::Commutator {
                    a: a.in_notation(notation),
                    b: b.in_notation(notation),
                    power: *power,
                }),
                Item::Conjugate { a, b, power } => items.push(Item::Conjugate {
                    a: a.in_notation(notation),
                    b: b.in_notation(notation),
                    power: *power,
                }),
                Item::Tool { tool, power, .. } => items.push(Item::Tool {
                    tool: *tool,
                    notation,
                    power: *power,
                }),
                Item::Comment(text) => items.push(Item::Comment(text.clone())),
            }
        }
        Alg { items }
    }

    /// The notation it is written in, which reads its printed form back ([`Alg::parse`]): the
    /// paper's if any move or tool in it is the paper's, else the standard one.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let a = Alg::parse("(R U2)3 [F, SWITCH]", Notation::Standard).unwrap();
    /// let paper = a.in_notation(Notation::Paper);
    /// assert_eq!(paper.written_in(), Notation::Paper);
    /// assert_eq!(Alg::parse(&paper.to_string(), paper.written_in()).unwrap(), paper);
    /// ```
    pub fn written_in(&self) -> Notation {
        let paper = self.items.iter().any(|item| match item {
            Item::Move(_) => is_paper(item),
            Item::Tool { notation, .. } => *notation == Notation::Paper,
            Item::Comment(_) => false,
            Item::Group { body, .. } => body.written_in() == Notation::Paper,
            Item::Commutator { a, b, .. } | Item::Conjugate { a, b, .. } => {
                [a, b].iter().any(|x| x.written_in() == Notation::Paper)
            }
        });
        if paper {
            Notation::Paper
        } else {
            Notation::Standard
        }
    }

    /// The number of moves as written: each move and tool name once, however often a bracket
    /// repeats it (`(R U)500` is two).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// assert_eq!(Alg::parse("(R U)500 [F, D2] SWITCH", Notation::Standard).unwrap().written_len(), 5);
    /// ```
    pub fn written_len(&self) -> usize {
        self.items
            .iter()
            .map(|item| match item {
                Item::Move(_) | Item::Tool { .. } => 1,
                Item::Comment(_) => 0,
                Item::Group { body, .. } => body.written_len(),
                Item::Commutator { a, b, .. } | Item::Conjugate { a, b, .. } => {
                    a.written_len() + b.written_len()
                }
            })
            .sum()
    }

    /// The number of moves in the expansion (saturating).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// assert_eq!(Alg::parse("[R: [U, D]]3", Notation::Standard).unwrap().expanded_len(), 18);
    /// ```
    pub fn expanded_len(&self) -> u64 {
        self.items
            .iter()
            .fold(0u64, |acc, i| acc.saturating_add(i.expanded_len()))
    }

    /// The flat sequence of moves. Parsed sequences are at most [`MAX_EXPANDED`] moves long;
    /// one built by hand with huge repetitions takes memory to match.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::{format_moves, Notation};
    /// let a = Alg::parse("[R, U] (F)2'", Notation::Standard).unwrap();
    /// assert_eq!(format_moves(&a.expand()), "R U R' U' F' F'");
    /// ```
    pub fn expand(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.expand_into(&mut out);
        out
    }

    fn expand_into(&self, out: &mut Vec<Move>) {
        for item in &self.items {
            item.expand_into(out);
        }
    }

    /// The expansion as a sequence that keeps this sequence's own comments where they stand:
    /// each other item written out as its moves (comments inside brackets go with them).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let a = Alg::parse("[R, U] // sexy move\n(F)2", Notation::Standard).unwrap();
    /// assert_eq!(a.expanded_with_comments().to_string(), "R U R' U' // sexy move\nF F");
    /// ```
    pub fn expanded_with_comments(&self) -> Alg {
        let mut items = Vec::new();
        for item in &self.items {
            match item {
                Item::Comment(_) => items.push(item.clone()),
                other => {
                    let mut moves = Vec::new();
                    other.expand_into(&mut moves);
                    items.extend(moves.into_iter().map(Item::Move));
                }
            }
        }
        Alg { items }
    }

    /// The expansion with adjacent moves cancelled and merged (see [`simplify`]).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::{format_moves, Notation};
    /// let a = Alg::parse("[R: U] R", Notation::Standard).unwrap();
    /// assert_eq!(format_moves(&a.simplified()), "R U");
    /// ```
    pub fn simplified(&self) -> Vec<Move> {
        simplify(&self.expand())
    }

    /// The expansion, written as the notation reads it back.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// assert_eq!(Alg::parse("(RD)2", Notation::Paper).unwrap().format_expanded(), "RDRD");
    /// ```
    pub fn format_expanded(&self) -> String {
        format_moves(&self.expand())
    }

    /// The simplified expansion, written as the notation reads it back.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// assert_eq!(Alg::parse("(R)2", Notation::Paper).unwrap().format_simplified(), "RR");
    /// assert_eq!(Alg::parse("(R)2", Notation::Standard).unwrap().format_simplified(), "R2");
    /// ```
    pub fn format_simplified(&self) -> String {
        format_moves(&self.simplified())
    }

    /// The length of the expansion in a metric.
    ///
    /// ```
    /// use cubework::sequence::alg::{Alg, Metric};
    /// use cubework::Notation;
    /// let a = Alg::parse("R U2 M' x", Notation::Standard).unwrap();
    /// assert_eq!((a.count(Metric::Htm), a.count(Metric::Qtm), a.count(Metric::Stm)), (4, 5, 3));
    /// ```
    pub fn count(&self, metric: Metric) -> u64 {
        self.items
            .iter()
            .fold(0u64, |acc, i| acc.saturating_add(i.count(metric)))
    }

    /// The permutation of the stickers of an `n`-cube this sequence makes, computed on the
    /// tree (repetitions by squaring), so long repetitions cost little.
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// // The parser refuses expansions over a million moves; within that, repetitions are
    /// // made by squaring. 240000 is a multiple of the order of U R U' R', 6.
    /// assert!(Alg::parse("(U R U' R')1000000", Notation::Standard).is_err());
    /// let a = Alg::parse("(U R U' R')240000", Notation::Standard).unwrap();
    /// assert!(a.perm(4).unwrap().is_identity());
    /// ```
    pub fn perm(&self, n: usize) -> Result<StickerPerm, AlgebraError> {
        crate::state::cube::Cube::check_size(n)?;
        let mut p = StickerPerm::identity(n);
        let mut scratch = Vec::new();
        let mut run = Vec::new();
        for item in &self.items {
            if let Item::Move(m) = item {
                run.push(*m);
                continue;
            }
            for m in run.drain(..) {
                p.apply(&m, &mut scratch)?;
            }
            p = p.then(&item.perm(n)?);
        }
        for m in run {
            p.apply(&m, &mut scratch)?;
        }
        Ok(p)
    }
}

impl Item {
    fn invert(&self) -> Item {
        let flip = |p: Power| Power {
            inverse: !p.inverse,
            ..p
        };
        match self {
            Item::Move(m) => Item::Move(m.inverse()),
            Item::Comment(text) => Item::Comment(text.clone()),
            Item::Group { body, power } if power.inverse => Item::Group {
                body: body.clone(),
                power: flip(*power),
            },
            Item::Group { body, power } => Item::Group {
                body: body.invert(),
                power: *power,
            },
            Item::Commutator { a, b, power } if power.inverse => Item::Commutator {
                a: a.clone(),
                b: b.clone(),
                power: flip(*power),
            },
            Item::Commutator { a, b, power } => Item::Commutator {
                a: b.clone(),
                b: a.clone(),
                power: *power,
            },
            Item::Conjugate { a, b, power } if power.inverse => Item::Conjugate {
                a: a.clone(),
                b: b.clone(),
                power: flip(*power),
            },
            Item::Conjugate { a, b, power } => Item::Conjugate {
                a: a.clone(),
                b: b.invert(),
                power: *power,
            },
            Item::Tool {
                tool,
                notation,
                power,
            } => Item::Tool {
                tool: *tool,
                notation: *notation,
                power: flip(*power),
            },
        }
    }

    /// The item once, without its power.
    /// The item once, before its power.
    fn base(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.base_into(&mut out);
        out
    }

    /// Appends the item once, before its power, to `out`.
    fn base_into(&self, out: &mut Vec<Move>) {
        match self {
            Item::Move(m) => out.push(*m),
            Item::Comment(_) => {}
            Item::Group { body, .. } => body.expand_into(out),
            Item::Commutator { a, b, .. } => {
                a.expand_into(out);
                b.expand_into(out);
                a.invert().expand_into(out);
                b.invert().expand_into(out);
            }
            Item::Conjugate { a, b, .. } => {
                a.expand_into(out);
                b.expand_into(out);
                a.invert().expand_into(out);
            }
            Item::Tool { tool, notation, .. } => out.extend(match notation {
                Notation::Paper => tool.paper_moves(),
                Notation::Standard => tool.standard_moves(),
            }),
        }
    }

    fn power(&self) -> Power {
        match self {
            Item::Move(_) | Item::Comment(_) => Power::ONCE,
            Item::Group { power, .. }
            | Item::Commutator { power, .. }
            | Item::Conjugate { power, .. }
            | Item::Tool { power, .. } => *power,
        }
    }

    /// Appends the expansion to `out` in place: the item once (reversed and inverted if
    /// primed), then that copied for each further repetition.
    fn expand_into(&self, out: &mut Vec<Move>) {
        let power = self.power();
        if power.repeat == 0 {
            return;
        }
        let start = out.len();
        self.base_into(out);
        if power.inverse {
            out[start..].reverse();
            for m in &mut out[start..] {
                *m = m.inverse();
            }
        }
        let end = out.len();
        if end == start {
            // An empty item is nothing, however often repeated: no work for its repetitions.
            return;
        }
        for _ in 1..power.repeat {
            out.extend_from_within(start..end);
        }
    }

    fn base_len(&self) -> u64 {
        match self {
            Item::Move(_) => 1,
            Item::Comment(_) => 0,
            Item::Group { body, .. } => body.expanded_len(),
            Item::Commutator { a, b, .. } => {
                (a.expanded_len().saturating_add(b.expanded_len())).saturating_mul(2)
            }
            Item::Conjugate { a, b, .. } => a
                .expanded_len()
                .saturating_mul(2)
                .saturating_add(b.expanded_len()),
            Item::Tool { tool, .. } => tool.sequence().len() as u64,
        }
    }

    pub(crate) fn expanded_len(&self) -> u64 {
        self.base_len().saturating_mul(self.power().repeat as u64)
    }

    fn count(&self, metric: Metric) -> u64 {
        let base = match self {
            Item::Move(m) => move_cost(m, metric),
            Item::Comment(_) => 0,
            Item::Group { body, .. } => body.count(metric),
            Item::Commutator { a, b, .. } => {
                (a.count(metric).saturating_add(b.count(metric))).saturating_mul(2)
            }
            Item::Conjugate { a, b, .. } => a
                .count(metric)
                .saturating_mul(2)
                .saturating_add(b.count(metric)),
            Item::Tool { .. } => self.base().iter().map(|m| move_cost(m, metric)).sum(),
        };
        base.saturating_mul(self.power().repeat as u64)
    }

    fn perm(&self, n: usize) -> Result<StickerPerm, AlgebraError> {
        let power = self.power();
        let once = match self {
            Item::Move(m) => StickerPerm::of_moves(n, &[*m])?,
            Item::Comment(_) => StickerPerm::identity(n),
            Item::Group { body, .. } => body.perm(n)?,
            Item::Commutator { a, b, .. } => {
                let (pa, pb) = (a.perm(n)?, b.perm(n)?);
                pa.then(&pb).then(&pa.inverse()).then(&pb.inverse())
            }
            Item::Conjugate { a, b, .. } => {
                let (pa, pb) = (a.perm(n)?, b.perm(n)?);
                pa.then(&pb).then(&pa.inverse())
            }
            Item::Tool { .. } => StickerPerm::of_moves(n, &self.base())?,
        };
        let once = if power.inverse { once.inverse() } else { once };
        Ok(once.pow(power.repeat as u64))
    }
}

/// The cost of one move in a metric (see [`Metric`]). A face move counts as an outer block
/// when it starts at the face's own layer (`R`, `Rw`, `3Rw`), as an inner slice otherwise
/// (`2R`, `2-3Rw`, `M`, the paper's C H M).
///
/// ```
/// use cubework::sequence::alg::{move_cost, Metric};
/// use cubework::{parse_moves, Notation};
/// let m = parse_moves("2R2", Notation::Standard).unwrap()[0];
/// assert_eq!(move_cost(&m, Metric::Htm), 2);
/// assert_eq!(move_cost(&m, Metric::Qtm), 4);
/// assert_eq!(move_cost(&m, Metric::Stm), 1);
/// ```
pub fn move_cost(m: &Move, metric: Metric) -> u64 {
    #[derive(PartialEq)]
    enum Kind {
        Outer,
        Inner,
        Whole,
    }
    let kind = match m.turn {
        Turn::Face { from: 1, .. } => Kind::Outer,
        Turn::Face { .. } | Turn::Slice(_) => Kind::Inner,
        Turn::Rotation(_) => Kind::Whole,
        Turn::Paper(l) => match l.layer() {
            None => Kind::Whole,
            Some(1) => Kind::Inner,
            Some(_) => Kind::Outer,
        },
    };
    let half = m.amount.quarters() == 2;
    match (kind, metric) {
        (Kind::Whole, _) => 0,
        (_, Metric::Stm) => 1,
        (Kind::Outer, Metric::Htm) => 1,
        (Kind::Inner, Metric::Htm) => 2,
        (Kind::Outer, Metric::Qtm) => 1 + u64::from(half),
        (Kind::Inner, Metric::Qtm) => 2 * (1 + u64::from(half)),
    }
}

/// The axis a move turns about (the paper's X, Y, Z).
///
/// ```
/// use cubework::sequence::alg::axis_of;
/// use cubework::{parse_moves, Notation, PaperAxis};
/// let m = parse_moves("E", Notation::Standard).unwrap()[0];
/// assert_eq!(axis_of(&m), PaperAxis::Z);
/// ```
pub fn axis_of(m: &Move) -> PaperAxis {
    match m.turn {
        Turn::Face { face, .. } => match face {
            Face::L | Face::R => PaperAxis::X,
            Face::B | Face::F => PaperAxis::Y,
            Face::U | Face::D => PaperAxis::Z,
        },
        Turn::Slice(Slice::M) | Turn::Rotation(Rotation::X) => PaperAxis::X,
        Turn::Slice(Slice::S) | Turn::Rotation(Rotation::Z) => PaperAxis::Y,
        Turn::Slice(Slice::E) | Turn::Rotation(Rotation::Y) => PaperAxis::Z,
        Turn::Paper(l) => l.axis(),
    }
}

impl Alg {
    /// The same sequence with adjacent moves of the very same turn written as one, as a cuber
    /// writes them (`U U` is `U2`, `R R'` nothing); brackets, tools and comments stay as they
    /// are, and moves of different turns are never reordered (unlike [`simplify`]).
    ///
    /// ```
    /// use cubework::sequence::alg::Alg;
    /// use cubework::Notation;
    /// let a = Alg::parse("D U U R (F F)2 R'", Notation::Standard).unwrap();
    /// assert_eq!(a.merge_repeated_turns().to_string(), "D U2 R (F2)2 R'");
    /// ```
    pub fn merge_repeated_turns(&self) -> Alg {
        let mut items: Vec<Item> = Vec::with_capacity(self.items.len());
        // Each run of standard moves merged as one sequence.
        let mut run: Vec<Move> = Vec::new();
        let flush = |run: &mut Vec<Move>, items: &mut Vec<Item>| {
            items.extend(merge_repeated_turns(run).into_iter().map(Item::Move));
            run.clear();
        };
        for item in &self.items {
            match item {
                Item::Move(m) if !matches!(m.turn, Turn::Paper(_)) => run.push(*m),
                Item::Group { body, power } => {
                    flush(&mut run, &mut items);
                    items.push(Item::Group {
                        body: body.merge_repeated_turns(),
                        power: *power,
                    });
                }
                other => {
                    flush(&mut run, &mut items);
                    items.push(other.clone());
                }
            }
        }
        flush(&mut run, &mut items);
        Alg { items }
    }
}

/// Cancels and merges adjacent moves: moves of one turn add up (`R R2'` → `R'`, `R R'` →
/// nothing), and runs of moves about one axis, which commute, merge wherever they stand in
/// the run (`R L R'` → `L`, `U D U` → `U2 D`), keeping the order in which each turn first
/// appears. Cancelling can bring further moves together (`R U U' R'` → nothing). Half-turns
/// come out as `2` (never `2'`).
///
/// ```
/// use cubework::sequence::alg::simplify;
/// use cubework::{format_moves, parse_moves, Notation};
/// let s = |t| format_moves(&simplify(&parse_moves(t, Notation::Standard).unwrap()));
/// assert_eq!(s("R R2'"), "R'");
/// assert_eq!(s("R L R'"), "L");
/// assert_eq!(s("U D U"), "U2 D");
/// assert_eq!(s("R U U' R' F"), "F");
/// ```
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    // Each run: an axis and its distinct turns with their quarter-turn totals.
    let mut runs: Vec<(PaperAxis, Vec<(Move, u8)>)> = Vec::new();
    for &m in moves {
        let axis = axis_of(&m);
        let q = m.amount.quarters();
        match runs.last_mut() {
            Some((a, entries)) if *a == axis => {
                match entries.iter_mut().find(|(e, _)| e.turn.same_layers(m.turn)) {
                    Some((_, total)) => *total = (*total + q) % 4,
                    None => entries.push((m, q)),
                }
                entries.retain(|&(_, t)| t != 0);
                if entries.is_empty() {
                    runs.pop();
                }
            }
            _ => runs.push((axis, vec![(m, q)])),
        }
    }
    runs.into_iter()
        .flat_map(|(_, entries)| entries)
        .map(|(m, q)| Move {
            turn: m.turn,
            amount: Amount::from_quarters(q),
        })
        .collect()
}

/// The same turns seen from the cube's first orientation: every whole-cube rotation (`x y z`)
/// is folded into the moves after it, which are renamed by where their layers were at the
/// start, so that the result turns exactly the layers the sequence turns and has no rotations.
/// It leaves the cube as the sequence does, except that the whole cube is not turned (without
/// slice moves, the centres end where they began). Paper moves come out in standard notation.
///
/// ```
/// use cubework::sequence::alg::fold_rotations;
/// use cubework::{format_moves, parse_moves, Notation};
/// let f = |t| format_moves(&fold_rotations(&parse_moves(t, Notation::Standard).unwrap()));
/// assert_eq!(f("y R U R'"), "B U B'"); // after y the first back face is on the right
/// assert_eq!(f("y' R"), "F");
/// assert_eq!(f("z2 R U M"), "L D M'");
/// assert_eq!(f("x Rw y"), "Rw");
/// ```
pub fn fold_rotations(moves: &[Move]) -> Vec<Move> {
    // frame[p]: the face of the first orientation now at position p.
    let mut frame = Face::ALL;
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        fold_one(m, &mut frame, &mut out);
    }
    out
}

fn fold_one(m: Move, frame: &mut [Face; 6], out: &mut Vec<Move>) {
    match m.turn {
        Turn::Face {
            face,
            from,
            to,
            style,
        } => out.push(Move {
            turn: Turn::Face {
                face: frame[face.index()],
                from,
                to,
                style,
            },
            amount: m.amount,
        }),
        Turn::Slice(slice) => {
            // A slice turns like its face (M like L, E like D, S like F).
            let like = match slice {
                Slice::M => Face::L,
                Slice::E => Face::D,
                Slice::S => Face::F,
            };
            let (now, prime) = match frame[like.index()] {
                Face::L => (Slice::M, false),
                Face::R => (Slice::M, true),
                Face::D => (Slice::E, false),
                Face::U => (Slice::E, true),
                Face::F => (Slice::S, false),
                Face::B => (Slice::S, true),
            };
            out.push(Move {
                turn: Turn::Slice(now),
                amount: if prime { m.amount.inverse() } else { m.amount },
            });
        }
        Turn::Rotation(r) => {
            let about = match r {
                Rotation::X => Face::R,
                Rotation::Y => Face::U,
                Rotation::Z => Face::F,
            };
            let before = *frame;
            for p in Face::ALL {
                frame[p.turned(about, m.amount.quarters()).index()] = before[p.index()];
            }
        }
        Turn::Paper(_) => {
            // A paper move on the 3×3×3 is always defined; fold its standard form.
            for p in m.paper_moves().unwrap_or_default() {
                fold_one(p.to_standard(), frame, out);
            }
        }
    }
}

/// A sequence of moves as printed for someone typing in `notation`: adjacent turns of one face
/// merged, as a cuber writes them (`D' D'` is `D2`, which the quarter-turn metric still
/// counts as two), then written in that notation, so that it pastes back to the same state.
///
/// ```
/// use cubework::sequence::alg::format_in;
/// use cubework::{parse_moves, Notation};
/// let m = parse_moves("D' D' R", Notation::Standard).unwrap();
/// assert_eq!(format_in(&m, Notation::Standard), "D2 R");
/// assert_eq!(format_in(&m, Notation::Paper), "DDR\u{305}");
/// ```
pub fn format_in(moves: &[Move], notation: Notation) -> String {
    format_moves(&crate::turn::notation::in_notation(
        &simplify(moves),
        notation,
    ))
}

fn is_paper(item: &Item) -> bool {
    matches!(
        item,
        Item::Move(Move {
            turn: Turn::Paper(_),
            ..
        })
    )
}

impl fmt::Display for Alg {
    /// The bracketed form: `(R U)3' [R, U] [F: R] SWITCH`; paper moves run together; a comment
    /// runs to the end of its line, so what follows it starts a new one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                let prev = &self.items[i - 1];
                if matches!(prev, Item::Comment(_)) {
                    f.write_str("\n")?;
                } else if !(is_paper(item) && is_paper(prev)) {
                    f.write_str(" ")?;
                }
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

/// `alg`, with a line break after it if it ends in a comment (before a closing bracket).
struct Closed<'a>(&'a Alg);

impl fmt::Display for Closed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        if matches!(self.0.items.last(), Some(Item::Comment(_))) {
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Move(m) => write!(f, "{m}"),
            Item::Comment(text) => write!(f, "//{text}"),
            Item::Group { body, power } => write!(f, "({}){power}", Closed(body)),
            Item::Commutator { a, b, power } => {
                write!(f, "[{}, {}]{power}", Closed(a), Closed(b))
            }
            Item::Conjugate { a, b, power } => write!(f, "[{}: {}]{power}", Closed(a), Closed(b)),
            Item::Tool { tool, power, .. } => write!(f, "{tool}{power}"),
        }
    }
}

#[cfg(test)]
mod tests;
