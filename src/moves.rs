//! The one move type, for both notations, and what a move does geometrically.
//!
//! Every move, whatever its notation, comes down to [`SliceTurn`]s: a quarter-turn count of
//! one layer about one of the paper's three axes. The paper's axes and their positive senses
//! (see [the conventions](crate::guide::conventions)):
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

use crate::face::Face;

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

/// A turn of one layer by `quarters` quarter-turns in the paper's positive sense.
///
/// ```
/// use cubework::{PaperAxis, SliceTurn};
/// let t = SliceTurn { axis: PaperAxis::X, layer: 0, quarters: 1 }; // the paper's L
/// assert_eq!(t.inverse().quarters, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SliceTurn {
    /// The axis turned about.
    pub axis: PaperAxis,
    /// The layer, 0-based from the left (X), back (Y) or top (Z).
    pub layer: usize,
    /// Quarter-turns in the positive sense, 1 to 3.
    pub quarters: u8,
}

impl SliceTurn {
    /// The turn that undoes this one.
    pub fn inverse(self) -> SliceTurn {
        SliceTurn {
            quarters: (4 - self.quarters) % 4,
            ..self
        }
    }
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
/// use cubework::{LayerTurn, PaperAxis, PaperLetter, PaperMove};
/// let l = LayerTurn::from(PaperMove::new(PaperLetter::L));
/// assert_eq!(l, LayerTurn { axis: PaperAxis::X, first: 0, last: 0, inverse: false });
/// assert_eq!(l.paper(3), Some(PaperMove::new(PaperLetter::L)));
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
    pub fn layer(axis: PaperAxis, layer: usize) -> LayerTurn {
        LayerTurn {
            axis,
            first: layer,
            last: layer,
            inverse: false,
        }
    }

    /// The whole-cube quarter-turn about `axis` on an `n`×`n`×`n` cube.
    pub fn whole(axis: PaperAxis, n: usize) -> LayerTurn {
        LayerTurn {
            axis,
            first: 0,
            last: n - 1,
            inverse: false,
        }
    }

    /// The turn that undoes this one.
    pub fn inverse(self) -> LayerTurn {
        LayerTurn {
            inverse: !self.inverse,
            ..self
        }
    }

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

    /// The paper's move this is on an `n`×`n`×`n` cube, if it is one (only on the 3×3×3: a
    /// single layer, or all three).
    pub fn paper(self, n: usize) -> Option<PaperMove> {
        if n != 3 {
            return None;
        }
        let letter = if self.is_whole(3) {
            PaperLetter::of_axis(self.axis)
        } else if self.first == self.last {
            PaperLetter::of_slice(self.axis, self.first)
        } else {
            return None;
        };
        Some(PaperMove {
            letter,
            inverse: self.inverse,
        })
    }

    /// The slice turns it makes.
    pub fn slice_turns(self) -> Vec<SliceTurn> {
        let quarters = if self.inverse { 3 } else { 1 };
        self.layers()
            .map(|layer| SliceTurn {
                axis: self.axis,
                layer,
                quarters,
            })
            .collect()
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
                Amount::One
            } else {
                Amount::Prime
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

impl From<PaperMove> for LayerTurn {
    fn from(m: PaperMove) -> LayerTurn {
        let (first, last) = match m.letter.layer() {
            Some(layer) => (layer, layer),
            None => (0, 2),
        };
        LayerTurn {
            axis: m.letter.axis(),
            first,
            last,
            inverse: m.inverse,
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
    pub fn axis(self) -> PaperAxis {
        let i = self as usize;
        if i >= 9 {
            PaperAxis::ALL[i - 9]
        } else {
            PaperAxis::ALL[i / 3]
        }
    }

    /// The layer this move turns (0, 1 or 2), or `None` for the whole-cube moves X, Y, Z.
    pub fn layer(self) -> Option<usize> {
        let i = self as usize;
        (i < 9).then_some(i % 3)
    }

    /// The quarter-turn letter of `axis` at `layer` (0..3) on the 3×3×3.
    pub fn of_slice(axis: PaperAxis, layer: usize) -> PaperLetter {
        PaperLetter::ALL[3 * axis as usize + layer]
    }

    /// The whole-cube letter of `axis`.
    pub fn of_axis(axis: PaperAxis) -> PaperLetter {
        PaperLetter::ALL[9 + axis as usize]
    }
}

/// One of the paper's 24 moves: a letter, possibly inverted (a bar over it in the paper).
///
/// ```
/// use cubework::{PaperLetter, PaperMove};
/// let r = PaperMove::new(PaperLetter::R);
/// assert_eq!(r.to_string(), "R");
/// assert_eq!(r.inverse().to_string(), "R\u{305}");
/// assert_eq!(PaperMove::ALL.len(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PaperMove {
    /// The letter.
    pub letter: PaperLetter,
    /// True for the inverse (barred) move.
    pub inverse: bool,
}

impl PaperMove {
    /// All 24 paper moves: each letter, then its inverse.
    pub const ALL: [PaperMove; 24] = {
        let mut all = [PaperMove {
            letter: PaperLetter::L,
            inverse: false,
        }; 24];
        let mut i = 0;
        while i < 24 {
            all[i] = PaperMove {
                letter: PaperLetter::ALL[i / 2],
                inverse: i % 2 == 1,
            };
            i += 1;
        }
        all
    };

    /// The move itself (not inverted).
    pub const fn new(letter: PaperLetter) -> PaperMove {
        PaperMove {
            letter,
            inverse: false,
        }
    }

    /// The inverse move.
    pub const fn inverse(self) -> PaperMove {
        PaperMove {
            letter: self.letter,
            inverse: !self.inverse,
        }
    }

    /// The slice turns this move makes on the 3×3×3.
    pub fn slice_turns(self) -> Vec<SliceTurn> {
        let quarters = if self.inverse { 3 } else { 1 };
        let axis = self.letter.axis();
        match self.letter.layer() {
            Some(layer) => vec![SliceTurn {
                axis,
                layer,
                quarters,
            }],
            None => (0..3)
                .map(|layer| SliceTurn {
                    axis,
                    layer,
                    quarters,
                })
                .collect(),
        }
    }

    /// This move in standard notation.
    pub fn to_standard(self) -> Move {
        use PaperLetter as P;
        let (turn, flip) = match self.letter {
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
        let amount = if flip != self.inverse {
            Amount::Prime
        } else {
            Amount::One
        };
        Move { turn, amount }
    }
}

impl fmt::Display for PaperMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter.letter())?;
        if self.inverse {
            write!(f, "\u{305}")?;
        }
        Ok(())
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
}

/// How far a move turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Amount {
    /// A quarter-turn in the move's own sense (no suffix).
    One,
    /// A half-turn, `2`.
    Two,
    /// A quarter-turn back, `'` (a bar in the paper's dialect).
    Prime,
    /// A half-turn written `2'`.
    TwoPrime,
}

impl Amount {
    /// Quarter-turns in the move's own sense, 1 to 3.
    pub fn quarters(self) -> u8 {
        match self {
            Amount::One => 1,
            Amount::Two | Amount::TwoPrime => 2,
            Amount::Prime => 3,
        }
    }

    /// The amount that undoes this one.
    pub fn inverse(self) -> Amount {
        match self {
            Amount::One => Amount::Prime,
            Amount::Prime => Amount::One,
            Amount::Two => Amount::TwoPrime,
            Amount::TwoPrime => Amount::Two,
        }
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

/// One move in either notation, with its amount.
///
/// ```
/// use cubework::{Amount, Face, Move, Turn};
/// let r2 = Move { turn: Turn::face(Face::R), amount: Amount::Two };
/// assert_eq!(r2.to_string(), "R2");
/// assert_eq!(r2.inverse().to_string(), "R2'");
/// assert_eq!(r2.paper_moves().unwrap().len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// What turns.
    pub turn: Turn,
    /// How far.
    pub amount: Amount,
}

impl Move {
    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move {
            amount: self.amount.inverse(),
            ..self
        }
    }

    /// A paper move as a `Move`.
    pub fn paper(m: PaperMove) -> Move {
        Move {
            turn: Turn::Paper(m.letter),
            amount: if m.inverse {
                Amount::Prime
            } else {
                Amount::One
            },
        }
    }

    /// The slice turns this move makes on an `n`×`n`×`n` cube.
    ///
    /// ```
    /// use cubework::{parse_moves, Notation, PaperAxis};
    /// let m = parse_moves("2-3Rw", Notation::Standard).unwrap()[0];
    /// let turns = m.slice_turns(5).unwrap();
    /// assert_eq!(turns.iter().map(|t| t.layer).collect::<Vec<_>>(), vec![3, 2]);
    /// assert!(turns.iter().all(|t| t.axis == PaperAxis::X && t.quarters == 3));
    /// assert!(m.slice_turns(2).is_err());
    /// ```
    pub fn slice_turns(&self, n: usize) -> Result<Vec<SliceTurn>, MoveError> {
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
        let turns = |axis, layers: &mut dyn Iterator<Item = usize>, sense: u8| {
            let quarters = (q * sense) % 4;
            layers
                .map(|layer| SliceTurn {
                    axis,
                    layer,
                    quarters,
                })
                .collect()
        };
        Ok(match self.turn {
            Turn::Face { face, from, to, .. } => {
                if to as usize > n {
                    return Err(MoveError::NoSuchLayer {
                        mv: self.to_string(),
                        layer: to,
                        n,
                    });
                }
                let (axis, high, sense) = frame(face);
                let index = |k: u8| if high { n - k as usize } else { k as usize - 1 };
                turns(axis, &mut (from..=to).map(index), sense)
            }
            Turn::Slice(slice) => {
                if n.is_multiple_of(2) {
                    return Err(MoveError::NoMiddle {
                        mv: self.to_string(),
                        n,
                    });
                }
                let face = match slice {
                    Slice::M => Face::L,
                    Slice::E => Face::D,
                    Slice::S => Face::F,
                };
                let (axis, _, sense) = frame(face);
                turns(axis, &mut std::iter::once(n / 2), sense)
            }
            Turn::Rotation(r) => {
                let face = match r {
                    Rotation::X => Face::R,
                    Rotation::Y => Face::U,
                    Rotation::Z => Face::F,
                };
                let (axis, _, sense) = frame(face);
                turns(axis, &mut (0..n), sense)
            }
            // The paper's letters on any size: L R B F U D the outer layers, C H M the middle
            // one (odd sizes only), X Y Z the whole cube.
            Turn::Paper(letter) => {
                let axis = letter.axis();
                match letter.layer() {
                    Some(0) => turns(axis, &mut std::iter::once(0), 1),
                    Some(1) if n.is_multiple_of(2) => {
                        return Err(MoveError::NoMiddle {
                            mv: self.to_string(),
                            n,
                        });
                    }
                    Some(1) => turns(axis, &mut std::iter::once(n / 2), 1),
                    Some(_) => turns(axis, &mut std::iter::once(n - 1), 1),
                    None => turns(axis, &mut (0..n), 1),
                }
            }
        })
    }

    /// This move on an `n`×`n`×`n` cube as quarter-turns of blocks of layers: one for a
    /// quarter-turn, two for a half-turn.
    ///
    /// ```
    /// use cubework::{parse_moves, Notation, PaperAxis};
    /// let m = parse_moves("3Rw2", Notation::Standard).unwrap()[0];
    /// let turns = m.layer_turns(5).unwrap();
    /// assert_eq!(turns.len(), 2);
    /// assert_eq!((turns[0].axis, turns[0].first, turns[0].last), (PaperAxis::X, 2, 4));
    /// ```
    pub fn layer_turns(&self, n: usize) -> Result<Vec<LayerTurn>, MoveError> {
        let turns = self.slice_turns(n)?;
        let (Some(lo), Some(hi)) = (
            turns.iter().map(|t| t.layer).min(),
            turns.iter().map(|t| t.layer).max(),
        ) else {
            return Ok(Vec::new());
        };
        let t = turns[0];
        let block = LayerTurn {
            axis: t.axis,
            first: lo,
            last: hi,
            inverse: false,
        };
        Ok(match t.quarters % 4 {
            1 => vec![block],
            2 => vec![block, block],
            3 => vec![block.inverse()],
            _ => Vec::new(),
        })
    }

    /// This move on the 3×3×3 as the paper's moves: whole-axis turns become X, Y or Z,
    /// single layers their slice letters; a half-turn is the quarter-turn twice.
    pub fn paper_moves(&self) -> Result<Vec<PaperMove>, MoveError> {
        let turns = self.slice_turns(3)?;
        let mut out = Vec::new();
        let whole = turns.len() == 3;
        for t in turns.iter().take(if whole { 1 } else { turns.len() }) {
            let letter = if whole {
                PaperLetter::of_axis(t.axis)
            } else {
                PaperLetter::of_slice(t.axis, t.layer)
            };
            match t.quarters {
                1 => out.push(PaperMove::new(letter)),
                2 => out.extend([PaperMove::new(letter); 2]),
                3 => out.push(PaperMove::new(letter).inverse()),
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
                let bar = if self.amount == Amount::Prime || self.amount == Amount::TwoPrime {
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
        match self.amount {
            Amount::One => Ok(()),
            Amount::Two => write!(f, "2"),
            Amount::Prime => write!(f, "'"),
            Amount::TwoPrime => write!(f, "2'"),
        }
    }
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
mod tests {
    use super::*;

    #[test]
    fn paper_letters_know_their_axis_and_layer() {
        assert_eq!(PaperLetter::L.axis(), PaperAxis::X);
        assert_eq!(PaperLetter::H.axis(), PaperAxis::Y);
        assert_eq!(PaperLetter::D.axis(), PaperAxis::Z);
        assert_eq!(PaperLetter::Y.axis(), PaperAxis::Y);
        assert_eq!(PaperLetter::F.layer(), Some(2));
        assert_eq!(PaperLetter::Z.layer(), None);
        for l in PaperLetter::ALL {
            assert_eq!(PaperLetter::from_letter(l.letter()), Some(l));
            if let Some(layer) = l.layer() {
                assert_eq!(PaperLetter::of_slice(l.axis(), layer), l);
            } else {
                assert_eq!(PaperLetter::of_axis(l.axis()), l);
            }
        }
    }

    #[test]
    fn standard_names_of_paper_moves_follow_the_conventions_table() {
        let table = "L M R' B S' F' U E' D' x' z' y";
        let got: Vec<String> = PaperLetter::ALL
            .iter()
            .map(|&l| PaperMove::new(l).to_standard().to_string())
            .collect();
        assert_eq!(got.join(" "), table);
    }

    #[test]
    fn every_layer_turn_round_trips_through_standard_notation() {
        for n in 2..=crate::geometry::MAX_SIZE {
            for t in LayerTurn::all(n) {
                let m = t.to_standard(n);
                assert_eq!(m.layer_turns(n).unwrap(), vec![t], "{n}: {m}");
                let text = m.to_string();
                let parsed =
                    crate::parser::parse_moves(&text, crate::parser::Notation::Standard).unwrap();
                assert_eq!(parsed, vec![m], "{n}: {text}");
            }
        }
        for m in PaperMove::ALL {
            let t = LayerTurn::from(m);
            assert_eq!(t.paper(3), Some(m));
            assert_eq!(Move::paper(m).layer_turns(3).unwrap(), vec![t]);
            assert_eq!(t.to_standard(3), m.to_standard());
        }
    }

    #[test]
    fn standard_and_paper_round_trip_through_slice_turns() {
        for m in PaperMove::ALL {
            let std = m.to_standard();
            assert_eq!(
                std.slice_turns(3).unwrap(),
                Move::paper(m).slice_turns(3).unwrap()
            );
            assert_eq!(std.paper_moves().unwrap(), vec![m]);
        }
    }
}
