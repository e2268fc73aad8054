//! The one move type, for both notations, and what a move does geometrically.
//!
//! A [`Move`] is what turns — a range of layers counted from a face (`R`, `2R`, `Rw`, `3r`,
//! `2-3Rw`), a middle slice (`M E S`), the whole cube (`x y z`) or one of the paper's letters
//! (`L C R … X Y Z`) — and a signed [`Amount`] of quarter-turns, as cubing.js's moves are.
//! Standard notation and the paper's are its two spellings: [`parser`](crate::sequence::parser) reads
//! both and `Display` writes both, and [`in_notation`](crate::turn::notation::in_notation) turns one
//! into the other. On an `n`×`n`×`n` cube every move comes down to [`LayerTurn`]s, quarter-turns
//! of a block of adjacent layers about one of the paper's three axes, which the geometry and the
//! seven representations make. The paper's axes and their positive senses (see
//! [the conventions](crate::guide::conventions)):
//!
//! | axis | layers (index 0 first)      | positive sense               | whole cube |
//! |------|-----------------------------|------------------------------|------------|
//! | X    | columns, left → right: L C R | clockwise seen from the left | `X` = x'   |
//! | Y    | rows, back → front: B H F    | clockwise seen from the back | `Y` = z'   |
//! | Z    | planes, up → down: U M D     | clockwise seen from above    | `Z` = y    |
//!
//! So the paper's twelve moves in standard notation are
//!
//! | paper | L | C | R  | B | H  | F  | U | M  | D  | X  | Y  | Z |
//! |-------|---|---|----|---|----|----|---|----|----|----|----|---|
//! | std   | L | M | R' | B | S' | F' | U | E' | D' | x' | z' | y |

use std::fmt;

use crate::turn::face::Face;
use crate::turn::metric::Metric;

/// One of the paper's three axes (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaperAxis {
    /// Left–right axis; its layers are the columns L C R.
    X,
    /// Back–front axis; its layers are the rows B H F.
    Y,
    /// Up–down axis; its layers are the planes U M D.
    Z,
}

impl PaperAxis {
    /// The three axes.
    pub const ALL: [PaperAxis; 3] = [PaperAxis::X, PaperAxis::Y, PaperAxis::Z];
}

/// A quarter-turn of a block of adjacent layers about one of the paper's axes, in the paper's
/// positive sense or back: what the representations turn, at every size.
///
/// On the 3×3×3 the paper's 24 moves are the blocks of one layer (L C R, B H F, U M D) and of
/// all three (X Y Z); on bigger cubes a block of one inner layer is an inner slice, a block
/// from an outer layer inwards a wide turn, and the block of every layer a whole-cube rotation.
/// A half-turn is two of them.
///
/// ```
/// use cubework::{LayerTurn, Move, PaperAxis, PaperLetter};
/// let l = Move::paper(PaperLetter::L).layer_turns(3).unwrap()[0];
/// assert_eq!(l, LayerTurn { axis: PaperAxis::X, first: 0, last: 0, inverse: false });
/// assert_eq!(l.paper(3), Some(Move::paper(PaperLetter::L)));
/// assert_eq!(l.paper(4), None); // a 4×4×4's L is not one of the paper's moves
/// assert_eq!(LayerTurn::all(3).len(), 36); // the 24 paper moves and 12 wide turns
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LayerTurn {
    /// The axis turned about.
    pub axis: PaperAxis,
    /// First layer of the block, 0-based from the left (X), back (Y) or top (Z).
    pub first: usize,
    /// Last layer of the block (at least `first`).
    pub last: usize,
    /// True to turn against the paper's positive sense.
    pub inverse: bool,
}

impl LayerTurn {
    /// A quarter-turn of the single layer `layer` about `axis`.
    pub const fn layer(axis: PaperAxis, layer: usize) -> LayerTurn {
        LayerTurn {
            axis,
            first: layer,
            last: layer,
            inverse: false,
        }
    }

    /// The whole-cube quarter-turn about `axis` on an `n`×`n`×`n` cube.
    pub const fn whole(axis: PaperAxis, n: usize) -> LayerTurn {
        LayerTurn {
            axis,
            first: 0,
            last: n - 1,
            inverse: false,
        }
    }

    /// The turn that undoes this one.
    pub const fn inverse(self) -> LayerTurn {
        LayerTurn {
            inverse: !self.inverse,
            ..self
        }
    }

    /// The paper's 24 moves on the 3×3×3, in the order of [`Move::PAPER`] (which spells them):
    /// each letter's quarter-turn, then its inverse.
    pub const PAPER: [LayerTurn; 24] = {
        let mut all = [LayerTurn::layer(PaperAxis::X, 0); 24];
        let mut i = 0;
        while i < 24 {
            let t = PaperLetter::ALL[i / 2].turn();
            all[i] = if i % 2 == 1 { t.inverse() } else { t };
            i += 1;
        }
        all
    };

    /// The layers it turns.
    pub fn layers(self) -> std::ops::RangeInclusive<usize> {
        self.first..=self.last
    }

    /// True when it turns every layer of an `n`×`n`×`n` cube (a whole-cube rotation).
    pub fn is_whole(self, n: usize) -> bool {
        self.first == 0 && self.last + 1 == n
    }

    /// Every quarter-turn of a block of adjacent layers of the `n`×`n`×`n` cube, both ways:
    /// single layers (outer and inner), wide blocks and whole-cube rotations, 3·n(n+1) in all.
    pub fn all(n: usize) -> Vec<LayerTurn> {
        let mut out = Vec::new();
        for axis in PaperAxis::ALL {
            for first in 0..n {
                for last in first..n {
                    for inverse in [false, true] {
                        out.push(LayerTurn {
                            axis,
                            first,
                            last,
                            inverse,
                        });
                    }
                }
            }
        }
        out
    }

    /// The single-layer quarter-turns of the `n`×`n`×`n` cube, both ways (6n): what `compare`
    /// times; on the 3×3×3 the paper's nine quarter-turns and their inverses.
    pub fn quarter_turns(n: usize) -> Vec<LayerTurn> {
        LayerTurn::all(n)
            .into_iter()
            .filter(|t| t.first == t.last)
            .collect()
    }

    /// The paper's move this is on an `n`×`n`×`n` cube, spelled with the paper's letter, if
    /// it is one (only on the 3×3×3: a single layer, or all three).
    pub fn paper(self, n: usize) -> Option<Move> {
        let m = Move::paper(self.paper_letter(n)?);
        Some(if self.inverse { m.inverse() } else { m })
    }

    /// The paper's letter of this turn on an `n`×`n`×`n` cube, whichever way it turns, if it
    /// is one of the paper's moves.
    pub fn paper_letter(self, n: usize) -> Option<PaperLetter> {
        if n != 3 {
            None
        } else if self.is_whole(3) {
            Some(PaperLetter::of_axis(self.axis))
        } else if self.first == self.last {
            Some(PaperLetter::of_slice(self.axis, self.first))
        } else {
            None
        }
    }

    /// The turn in standard notation on an `n`×`n`×`n` cube, counted from the nearer face
    /// (from the low face on a tie): `2L`, `3Rw'`, `2-3Uw`, `x'`, `M` on odd sizes.
    ///
    /// ```
    /// use cubework::{LayerTurn, PaperAxis};
    /// let t = LayerTurn { axis: PaperAxis::X, first: 2, last: 3, inverse: false };
    /// assert_eq!(t.to_standard(4).to_string(), "Rw'"); // the right two layers, as L turns
    /// let t = LayerTurn { axis: PaperAxis::Z, first: 1, last: 2, inverse: false };
    /// assert_eq!(t.to_standard(5).to_string(), "2-3Uw");
    /// assert_eq!(LayerTurn::whole(PaperAxis::Z, 4).to_standard(4).to_string(), "y");
    /// ```
    pub fn to_standard(self, n: usize) -> Move {
        let (low, high, rotation) = match self.axis {
            PaperAxis::X => (Face::L, Face::R, Rotation::X),
            PaperAxis::Y => (Face::B, Face::F, Rotation::Z),
            PaperAxis::Z => (Face::U, Face::D, Rotation::Y),
        };
        // L, B and U turn in the paper's positive sense, R, F and D against it; of the
        // rotations only y (which follows U) turns with it; of the slices only M (which
        // follows L). See the module's table.
        let turn_amount = |with_paper: bool| {
            if with_paper != self.inverse {
                Amount::ONE
            } else {
                Amount::PRIME
            }
        };
        if self.is_whole(n) {
            let with_paper = self.axis == PaperAxis::Z;
            return Move {
                turn: Turn::Rotation(rotation),
                amount: turn_amount(with_paper),
            };
        }
        if n % 2 == 1 && self.first == n / 2 && self.last == n / 2 {
            let (slice, with_paper) = match self.axis {
                PaperAxis::X => (Slice::M, true),
                PaperAxis::Y => (Slice::S, false),
                PaperAxis::Z => (Slice::E, false),
            };
            return Move {
                turn: Turn::Slice(slice),
                amount: turn_amount(with_paper),
            };
        }
        let from_low = self.first + self.last < n;
        let (face, from, to, with_paper) = if from_low {
            (low, self.first + 1, self.last + 1, true)
        } else {
            (high, n - self.last, n - self.first, false)
        };
        let style = if from == to {
            WideStyle::Plain
        } else {
            WideStyle::W
        };
        Move {
            turn: Turn::Face {
                face,
                from: from as u8,
                to: to as u8,
                style,
            },
            amount: turn_amount(with_paper),
        }
    }
}

/// The paper's twelve move letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaperLetter {
    /// Left column.
    L,
    /// Centre column.
    C,
    /// Right column.
    R,
    /// Back row.
    B,
    /// Centre ("half-way") row.
    H,
    /// Front row.
    F,
    /// Up plane.
    U,
    /// Middle plane.
    M,
    /// Down plane.
    D,
    /// Whole cube about X.
    X,
    /// Whole cube about Y.
    Y,
    /// Whole cube about Z.
    Z,
}

impl PaperLetter {
    /// All twelve, in the paper's order.
    pub const ALL: [PaperLetter; 12] = [
        PaperLetter::L,
        PaperLetter::C,
        PaperLetter::R,
        PaperLetter::B,
        PaperLetter::H,
        PaperLetter::F,
        PaperLetter::U,
        PaperLetter::M,
        PaperLetter::D,
        PaperLetter::X,
        PaperLetter::Y,
        PaperLetter::Z,
    ];

    /// The letter as the paper prints it.
    pub fn letter(self) -> char {
        b"LCRBHFUMDXYZ"[self as usize] as char
    }

    /// The move named by a paper letter.
    pub fn from_letter(c: char) -> Option<PaperLetter> {
        PaperLetter::ALL.into_iter().find(|l| l.letter() == c)
    }

    /// The axis this move turns about.
    pub const fn axis(self) -> PaperAxis {
        let i = self as usize;
        if i >= 9 {
            PaperAxis::ALL[i - 9]
        } else {
            PaperAxis::ALL[i / 3]
        }
    }

    /// The layer this move turns (0, 1 or 2), or `None` for the whole-cube moves X, Y, Z.
    pub const fn layer(self) -> Option<usize> {
        let i = self as usize;
        if i < 9 { Some(i % 3) } else { None }
    }

    /// The quarter-turn letter of `axis` at `layer` (0..3) on the 3×3×3.
    pub fn of_slice(axis: PaperAxis, layer: usize) -> PaperLetter {
        PaperLetter::ALL[3 * axis as usize + layer]
    }

    /// The whole-cube letter of `axis`.
    pub fn of_axis(axis: PaperAxis) -> PaperLetter {
        PaperLetter::ALL[9 + axis as usize]
    }

    /// The letter's quarter-turn on the 3×3×3, in the paper's positive sense.
    ///
    /// ```
    /// use cubework::{LayerTurn, PaperAxis, PaperLetter};
    /// assert_eq!(PaperLetter::R.turn(), LayerTurn::layer(PaperAxis::X, 2));
    /// assert_eq!(PaperLetter::Y.turn(), LayerTurn::whole(PaperAxis::Y, 3));
    /// ```
    pub const fn turn(self) -> LayerTurn {
        match self.layer() {
            Some(layer) => LayerTurn::layer(self.axis(), layer),
            None => LayerTurn::whole(self.axis(), 3),
        }
    }
}

/// A middle slice of standard notation (odd sizes only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slice {
    /// Between L and R, turned like L.
    M,
    /// Between U and D, turned like D.
    E,
    /// Between F and B, turned like F.
    S,
}

/// A whole-cube rotation of standard notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// Turned like R.
    X,
    /// Turned like U.
    Y,
    /// Turned like F.
    Z,
}

/// How a wide or layered face turn was spelled, kept so that it prints back as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideStyle {
    /// `R`, `2R`.
    Plain,
    /// `Rw`, `3Rw`, `2-3Rw`.
    W,
    /// `r`.
    Lower,
}

/// What turns: a face with a range of layers, a middle slice, the whole cube, or a paper move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Layers `from..=to` (1-based, counted from `face`) turned like `face`.
    Face {
        /// The face the layers are counted from and whose sense they turn in.
        face: Face,
        /// First layer, 1 = the face itself.
        from: u8,
        /// Last layer.
        to: u8,
        /// How it was written.
        style: WideStyle,
    },
    /// A middle slice.
    Slice(Slice),
    /// A whole-cube rotation.
    Rotation(Rotation),
    /// One of the paper's twelve letters (its own dialect).
    Paper(PaperLetter),
}

impl Turn {
    /// A plain outer face turn.
    pub fn face(face: Face) -> Turn {
        Turn::Face {
            face,
            from: 1,
            to: 1,
            style: WideStyle::Plain,
        }
    }

    /// Whether two turns are the same layers in the same sense, however written (`r` and
    /// `Rw`).
    ///
    /// ```
    /// use cubework::{Notation, parse_moves};
    /// let m = parse_moves("r Rw R", Notation::Standard).unwrap();
    /// assert!(m[0].turn.same_layers(m[1].turn));
    /// assert!(!m[1].turn.same_layers(m[2].turn));
    /// ```
    pub fn same_layers(self, other: Turn) -> bool {
        match (self, other) {
            (
                Turn::Face {
                    face: f1,
                    from: a1,
                    to: b1,
                    ..
                },
                Turn::Face {
                    face: f2,
                    from: a2,
                    to: b2,
                    ..
                },
            ) => (f1, a1, b1) == (f2, a2, b2),
            _ => self == other,
        }
    }
}

/// How far a move turns: a signed count of quarter-turns in the turn's own sense, as written
/// (`R` 1, `R2` 2, `R'` −1, `R2'` −2), as cubing.js's amounts are.
///
/// ```
/// use cubework::Amount;
/// assert_eq!(Amount::from_quarters(3), Amount::PRIME);
/// assert_eq!(Amount::new(-2).quarters(), 2);
/// assert_eq!(Amount::TWO.inverse().to_string(), "2'");
/// assert_eq!(Amount::PRIME.to_string(), "'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Amount(i8);

impl Amount {
    /// A quarter-turn in the move's own sense (no suffix).
    pub const ONE: Amount = Amount(1);
    /// A half-turn, `2`.
    pub const TWO: Amount = Amount(2);
    /// A quarter-turn back, `'` (a bar in the paper's dialect).
    pub const PRIME: Amount = Amount(-1);

    /// The amount of `k` quarter-turns, negative against the move's own sense.
    pub const fn new(k: i8) -> Amount {
        Amount(k)
    }

    /// The one conversion from quarter-turns in the move's own sense (taken mod 4) to the
    /// amount written for them: 1 → `R`, 2 → `R2`, 3 → `R'` (and 0 → nothing turned).
    pub const fn from_quarters(quarters: u8) -> Amount {
        match quarters % 4 {
            3 => Amount::PRIME,
            q => Amount(q as i8),
        }
    }

    /// The signed count as written.
    pub const fn get(self) -> i8 {
        self.0
    }

    /// Quarter-turns in the move's own sense, 0 to 3.
    pub const fn quarters(self) -> u8 {
        self.0.rem_euclid(4) as u8
    }

    /// True for an amount written with a prime (against the move's own sense).
    pub const fn is_prime(self) -> bool {
        self.0 < 0
    }

    /// The amount that undoes this one (`2` ↔ `2'`).
    pub const fn inverse(self) -> Amount {
        Amount(-self.0)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.unsigned_abs() {
            1 => {}
            k => write!(f, "{k}")?,
        }
        if self.is_prime() {
            write!(f, "'")?;
        }
        Ok(())
    }
}

/// A move that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A layer beyond the cube's size.
    #[error("move {mv} needs layer {layer}, but a {n}×{n}×{n} cube has {n} layers")]
    NoSuchLayer {
        /// The move as written.
        mv: String,
        /// The missing layer.
        layer: u8,
        /// The cube size.
        n: usize,
    },
    /// A middle slice on an even cube.
    #[error("move {mv} is a middle slice, which a {n}×{n}×{n} cube does not have")]
    NoMiddle {
        /// The move as written.
        mv: String,
        /// The cube size.
        n: usize,
    },
    /// A move the representation does not define.
    #[error("move {mv} is not defined for the {rep} representation: {reason}")]
    Undefined {
        /// The move as written.
        mv: String,
        /// The representation's name.
        rep: &'static str,
        /// Why not.
        reason: String,
    },
}

/// One move in either notation: what turns, and how far.
///
/// ```
/// use cubework::{Amount, Face, Move, PaperLetter, Turn};
/// let r2 = Move { turn: Turn::face(Face::R), amount: Amount::TWO };
/// assert_eq!(r2.to_string(), "R2");
/// assert_eq!(r2.inverse().to_string(), "R2'");
/// assert_eq!(r2.paper_moves().unwrap().len(), 2);
/// let r = Move::paper(PaperLetter::R);
/// assert_eq!(r.inverse().to_string(), "R\u{305}");
/// assert_eq!(r.to_standard().to_string(), "R'");
/// assert_eq!(Move::PAPER.len(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// What turns.
    pub turn: Turn,
    /// How far.
    pub amount: Amount,
}

impl Move {
    /// The paper's 24 moves on the 3×3×3: each letter in the paper's order, then its inverse.
    pub const PAPER: [Move; 24] = {
        let mut all = [Move::paper(PaperLetter::L); 24];
        let mut i = 0;
        while i < 24 {
            let m = Move::paper(PaperLetter::ALL[i / 2]);
            all[i] = if i % 2 == 1 { m.inverse() } else { m };
            i += 1;
        }
        all
    };

    /// The paper's move `letter`, a quarter-turn in the paper's positive sense.
    pub const fn paper(letter: PaperLetter) -> Move {
        Move {
            turn: Turn::Paper(letter),
            amount: Amount::ONE,
        }
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        Move {
            turn: self.turn,
            amount: self.amount.inverse(),
        }
    }

    /// The paper's letter, when the move is spelled in the paper's dialect.
    pub fn paper_letter(self) -> Option<PaperLetter> {
        match self.turn {
            Turn::Paper(letter) => Some(letter),
            _ => None,
        }
    }

    /// The move spelled in standard notation: a paper letter becomes its standard move (see
    /// the module's table) with the amount carried over; any other move is already standard.
    pub fn to_standard(self) -> Move {
        use PaperLetter as P;
        let Turn::Paper(letter) = self.turn else {
            return self;
        };
        let (turn, flip) = match letter {
            P::L => (Turn::face(Face::L), false),
            P::C => (Turn::Slice(Slice::M), false),
            P::R => (Turn::face(Face::R), true),
            P::B => (Turn::face(Face::B), false),
            P::H => (Turn::Slice(Slice::S), true),
            P::F => (Turn::face(Face::F), true),
            P::U => (Turn::face(Face::U), false),
            P::M => (Turn::Slice(Slice::E), true),
            P::D => (Turn::face(Face::D), true),
            P::X => (Turn::Rotation(Rotation::X), true),
            P::Y => (Turn::Rotation(Rotation::Z), true),
            P::Z => (Turn::Rotation(Rotation::Y), false),
        };
        let quarters = self.amount.quarters();
        let quarters = if flip { 4 - quarters } else { quarters };
        Move {
            turn,
            amount: Amount::from_quarters(quarters),
        }
    }

    /// What the move turns on an `n`×`n`×`n` cube: the axis, the layers (0-based from the
    /// left, back or top) and the quarter-turns in the paper's positive sense, 0 to 3.
    fn block(
        &self,
        n: usize,
    ) -> Result<(PaperAxis, std::ops::RangeInclusive<usize>, u8), MoveError> {
        // (axis, whether layers are counted from the high end, sense relative to paper's)
        let frame = |face: Face| match face {
            Face::L => (PaperAxis::X, false, 1),
            Face::R => (PaperAxis::X, true, 3),
            Face::B => (PaperAxis::Y, false, 1),
            Face::F => (PaperAxis::Y, true, 3),
            Face::U => (PaperAxis::Z, false, 1),
            Face::D => (PaperAxis::Z, true, 3),
        };
        let q = self.amount.quarters();
        let no_middle = || MoveError::NoMiddle {
            mv: self.to_string(),
            n,
        };
        let (axis, layers, sense) = match self.turn {
            Turn::Face { face, from, to, .. } => {
                if to as usize > n {
                    return Err(MoveError::NoSuchLayer {
                        mv: self.to_string(),
                        layer: to,
                        n,
                    });
                }
                let (axis, high, sense) = frame(face);
                let (from, to) = (from as usize, to as usize);
                let layers = if high {
                    n - to..=n - from
                } else {
                    from - 1..=to - 1
                };
                (axis, layers, sense)
            }
            Turn::Slice(slice) => {
                if n.is_multiple_of(2) {
                    return Err(no_middle());
                }
                let face = match slice {
                    Slice::M => Face::L,
                    Slice::E => Face::D,
                    Slice::S => Face::F,
                };
                let (axis, _, sense) = frame(face);
                (axis, n / 2..=n / 2, sense)
            }
            Turn::Rotation(r) => {
                let face = match r {
                    Rotation::X => Face::R,
                    Rotation::Y => Face::U,
                    Rotation::Z => Face::F,
                };
                let (axis, _, sense) = frame(face);
                (axis, 0..=n - 1, sense)
            }
            // The paper's letters on any size: L R B F U D the outer layers, C H M the middle
            // one (odd sizes only), X Y Z the whole cube.
            Turn::Paper(letter) => {
                let layers = match letter.layer() {
                    Some(0) => 0..=0,
                    Some(1) if n.is_multiple_of(2) => return Err(no_middle()),
                    Some(1) => n / 2..=n / 2,
                    Some(_) => n - 1..=n - 1,
                    None => 0..=n - 1,
                };
                (letter.axis(), layers, 1)
            }
        };
        Ok((axis, layers, (q * sense) % 4))
    }

    /// This move on an `n`×`n`×`n` cube as quarter-turns of blocks of layers: one for a
    /// quarter-turn, two for a half-turn, none for an amount that turns nothing.
    ///
    /// ```
    /// use cubework::{parse_moves, Notation, PaperAxis};
    /// let m = parse_moves("3Rw2", Notation::Standard).unwrap()[0];
    /// let turns = m.layer_turns(5).unwrap();
    /// assert_eq!(turns.len(), 2);
    /// assert_eq!((turns[0].axis, turns[0].first, turns[0].last), (PaperAxis::X, 2, 4));
    /// let m = parse_moves("2-3Rw", Notation::Standard).unwrap()[0];
    /// let t = m.layer_turns(5).unwrap()[0];
    /// assert_eq!((t.first, t.last, t.inverse), (2, 3, true));
    /// assert!(m.layer_turns(2).is_err());
    /// ```
    pub fn layer_turns(&self, n: usize) -> Result<Vec<LayerTurn>, MoveError> {
        let (axis, layers, quarters) = self.block(n)?;
        let block = LayerTurn {
            axis,
            first: *layers.start(),
            last: *layers.end(),
            inverse: false,
        };
        Ok(match quarters {
            1 => vec![block],
            2 => vec![block, block],
            3 => vec![block.inverse()],
            _ => Vec::new(),
        })
    }

    /// This move on an `n`×`n`×`n` cube as the quarter-turn count in the paper's positive
    /// sense (0 to 3) of each layer it turns: `(axis, layer, quarters)`, for those who turn one
    /// layer at a time (the geometry's tables).
    pub fn layer_quarters(
        &self,
        n: usize,
    ) -> Result<impl Iterator<Item = (PaperAxis, usize, u8)>, MoveError> {
        let (axis, layers, quarters) = self.block(n)?;
        Ok(layers.map(move |layer| (axis, layer, quarters)))
    }

    /// This move on the 3×3×3 in the paper's letters, each a quarter-turn: whole-axis turns
    /// become X, Y or Z, single layers their slice letters, a wide turn its layers from its
    /// face inwards; a half-turn is the quarter-turn twice.
    pub fn paper_moves(&self) -> Result<Vec<Move>, MoveError> {
        let (axis, layers, quarters) = self.block(3)?;
        let mut letters: Vec<PaperLetter> = if layers.clone().count() == 3 {
            vec![PaperLetter::of_axis(axis)]
        } else {
            layers
                .map(|layer| PaperLetter::of_slice(axis, layer))
                .collect()
        };
        if let Turn::Face {
            face: Face::R | Face::F | Face::D,
            ..
        } = self.turn
        {
            letters.reverse();
        }
        let mut out = Vec::new();
        for letter in letters {
            let m = Move::paper(letter);
            match quarters {
                1 => out.push(m),
                2 => out.extend([m; 2]),
                3 => out.push(m.inverse()),
                _ => {}
            }
        }
        Ok(out)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            // The paper has no amounts: a half-turn is its letter twice.
            Turn::Paper(letter) => {
                let bar = if self.amount.is_prime() {
                    "\u{305}"
                } else {
                    ""
                };
                let times = if self.amount.quarters().is_multiple_of(2) {
                    2
                } else {
                    1
                };
                for _ in 0..times {
                    write!(f, "{}{bar}", letter.letter())?;
                }
                return Ok(());
            }
            Turn::Face {
                face,
                from,
                to,
                style,
            } => match style {
                // `r` is two layers; any other count is written: `3r`.
                WideStyle::Lower if to != 2 => {
                    write!(f, "{to}{}", face.letter().to_ascii_lowercase())?
                }
                WideStyle::Lower => write!(f, "{}", face.letter().to_ascii_lowercase())?,
                WideStyle::Plain if from == to && from > 1 => write!(f, "{from}{face}")?,
                WideStyle::Plain => write!(f, "{face}")?,
                WideStyle::W if from > 1 => write!(f, "{from}-{to}{face}w")?,
                // `Rw` is two layers; any other count is written: `1Rw`, `3Rw`.
                WideStyle::W if to != 2 => write!(f, "{to}{face}w")?,
                WideStyle::W => write!(f, "{face}w")?,
            },
            Turn::Slice(s) => write!(f, "{s:?}")?,
            Turn::Rotation(r) => write!(f, "{}", format!("{r:?}").to_lowercase())?,
        }
        write!(f, "{}", self.amount)
    }
}

/// An outer face turned one, two or three clockwise quarter-turns: the moves of the cubie
/// solvers (all eighteen) and of the pocket cube (U, R and F, which leave its DBL corner
/// home). As a [`Move`] it is [`FaceMove::to_move`].
///
/// ```
/// use cubework::FaceMove;
/// use cubework::turn::metric::Metric;
/// assert_eq!(FaceMove::of(Metric::Htm).len(), 18);
/// assert_eq!(FaceMove::of(Metric::Qtm).len(), 12);
/// assert_eq!(FaceMove::ALL[4].to_string(), "R2");
/// assert_eq!(FaceMove::pocket(Metric::Htm).len(), 9);
/// assert_eq!(FaceMove::pocket(Metric::Qtm).len(), 6);
/// assert_eq!(FaceMove::POCKET[2].to_string(), "U'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FaceMove {
    face: Face,
    quarters: u8,
}

impl FaceMove {
    /// All eighteen, face by face in the order U R F D L B: U U2 U' R R2 R' ….
    pub const ALL: [FaceMove; 18] = FaceMove::faces(Face::ALL);

    /// The pocket cube's nine: U U2 U' R R2 R' F F2 F' (the first nine of [`FaceMove::ALL`]).
    pub const POCKET: [FaceMove; 9] = FaceMove::faces([Face::U, Face::R, Face::F]);

    const QUARTER: [FaceMove; 12] = FaceMove::quarters_of(FaceMove::ALL);
    const POCKET_QUARTER: [FaceMove; 6] = FaceMove::quarters_of(FaceMove::POCKET);

    /// Each face's turn by one, two and three quarter-turns, face by face.
    const fn faces<const F: usize, const M: usize>(faces: [Face; F]) -> [FaceMove; M] {
        let mut all = [FaceMove {
            face: Face::U,
            quarters: 1,
        }; M];
        let mut i = 0;
        while i < M {
            all[i] = FaceMove {
                face: faces[i / 3],
                quarters: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        all
    }

    /// The quarter-turns among `moves` (one and three quarters), in order.
    const fn quarters_of<const N: usize, const Q: usize>(moves: [FaceMove; N]) -> [FaceMove; Q] {
        let mut q = [moves[0]; Q];
        let (mut i, mut j) = (0, 0);
        while i < N {
            if moves[i].quarters != 2 {
                q[j] = moves[i];
                j += 1;
            }
            i += 1;
        }
        q
    }

    /// The moves of a metric: twelve quarter-turns, or eighteen with the half-turns.
    pub fn of(metric: Metric) -> &'static [FaceMove] {
        match metric {
            Metric::Qtm => &Self::QUARTER,
            Metric::Htm | Metric::Stm => &Self::ALL,
        }
    }

    /// The pocket cube's moves of a metric: the six quarter-turns of U, R and F, or those and
    /// the three half-turns.
    pub fn pocket(metric: Metric) -> &'static [FaceMove] {
        match metric {
            Metric::Qtm => &Self::POCKET_QUARTER,
            Metric::Htm | Metric::Stm => &Self::POCKET,
        }
    }

    /// The face turned.
    pub fn face(self) -> Face {
        self.face
    }

    /// Clockwise quarter-turns, 1 to 3.
    pub fn quarters(self) -> u8 {
        self.quarters
    }

    /// Position in [`FaceMove::ALL`] (and, for U, R and F, in [`FaceMove::POCKET`]).
    pub fn index(self) -> usize {
        3 * self.face.index() + self.quarters as usize - 1
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> FaceMove {
        FaceMove {
            face: self.face,
            quarters: 4 - self.quarters,
        }
    }

    /// As a standard [`Move`].
    pub fn to_move(self) -> Move {
        Move {
            turn: Turn::face(self.face),
            amount: Amount::from_quarters(self.quarters),
        }
    }
}

impl fmt::Display for FaceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_move())
    }
}

/// The moves with adjacent moves of the very same turn written as one, as a cuber writes them:
/// `U U` is `U2`, `R R'` nothing, and what a cancelling brings together merges in turn
/// (`U R R' U` is `U2`). Moves of different turns are never reordered, and paper moves stay a
/// quarter-turn each, as the paper writes them.
///
/// ```
/// use cubework::turn::moves::merge_repeated_turns;
/// use cubework::{format_moves, parse_moves, Notation};
/// let m = |t| format_moves(&merge_repeated_turns(&parse_moves(t, Notation::Standard).unwrap()));
/// assert_eq!(m("R' R' E R' U R R' U"), "R2 E R' U2");
/// assert_eq!(m("R L R'"), "R L R'");
/// ```
pub fn merge_repeated_turns(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        match out.last() {
            Some(last) if !matches!(m.turn, Turn::Paper(_)) && last.turn.same_layers(m.turn) => {
                let quarters = (last.amount.quarters() + m.amount.quarters()) % 4;
                let turn = last.turn;
                out.pop();
                if quarters != 0 {
                    out.push(Move {
                        turn,
                        amount: Amount::from_quarters(quarters),
                    });
                }
            }
            _ => out.push(m),
        }
    }
    out
}

/// Writes a sequence of moves separated by spaces (paper moves run together, as DO strings).
///
/// ```
/// use cubework::{format_moves, parse_moves, Notation};
/// let seq = parse_moves("R U2 r'", Notation::Standard).unwrap();
/// assert_eq!(format_moves(&seq), "R U2 r'");
/// ```
pub fn format_moves(moves: &[Move]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let paper = matches!(m.turn, Turn::Paper(_));
        if i > 0 && !(paper && matches!(moves[i - 1].turn, Turn::Paper(_))) {
            out.push(' ');
        }
        out.push_str(&m.to_string());
    }
    out
}

#[cfg(test)]
mod tests;
