//! The seven representations of Peelle's paper, side by side.
//!
//! Each lives in its own file, reads like the paper's section for it, and stores its state in
//! an `ndarray` array of the paper's shape. Every one implements [`Representation`]: it
//! converts to and from the canonical [`Cube`], makes the paper's moves *as defined* (the
//! array transform that mirrors the paper's APL line, quoted above it), and *compiles* any
//! move into a flat [`Gather`] table by running that same transform on an array of cell
//! indices (APL's `⍳` trick), then makes it with a gather that allocates nothing.
//!
//! | name        | shape      | element                     | moves |
//! |-------------|------------|-----------------------------|-------|
//! | `numeric`   | 3×3×3      | 3-digit integer             | 24    |
//! | `local`     | 6×3×3      | colour letter               | 24    |
//! | `composite` | 5×12       | colour letter               | 16    |
//! | `visual`    | 11×11      | colour letter or blank      | 16    |
//! | `vector`    | 54         | colour letter               | 24    |
//! | `4d`        | 3×3×3×3    | colour letter or blank      | 24    |
//! | `nested`    | 3×3×3      | 3-letter vector, `∘` padded | 24    |

pub mod composite;
pub mod local;
pub mod vector;
pub mod visual;

#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::str::FromStr;

use ndarray::{Array, ArrayView, Dimension, IntoDimension};

use crate::cube::Cube;
use crate::moves::{Move, MoveError, PaperLetter, PaperMove};

pub use composite::Composite;
pub use local::Local;
pub use vector::Vector;
pub use visual::Visual;

/// Which of the seven representations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RepKind {
    /// 3×3×3 array of 3-digit integers.
    Numeric,
    /// 6×3×3 array of letters, a face per matrix.
    Local,
    /// 5×12 matrix: four sides flapped out, up and down rows around them.
    Composite,
    /// 11×11 sparse matrix: the cube seen from above as a pyramid.
    Visual,
    /// 54-element vector of letters.
    Vector,
    /// 3×3×3×3 array: per plane, an up/down, back/front and left/right matrix.
    FourD,
    /// 3×3×3 array of 3-element vectors.
    Nested,
}

/// A representation name that is not one of the seven.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown representation '{0}' (expected one of numeric local composite visual vector 4d nested)"
)]
pub struct UnknownRep(pub String);

/// A representation asked to hold a cube it cannot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {rep} representation holds a 3×3×3 cube, not a {n}×{n}×{n}")]
pub struct WrongSize {
    /// The representation's name.
    pub rep: &'static str,
    /// The size asked for.
    pub n: usize,
}

impl RepKind {
    /// All seven, in the paper's order.
    pub const ALL: [RepKind; 7] = [
        RepKind::Numeric,
        RepKind::Local,
        RepKind::Composite,
        RepKind::Visual,
        RepKind::Vector,
        RepKind::FourD,
        RepKind::Nested,
    ];

    /// The name used on the command line and in the REPL.
    pub fn name(self) -> &'static str {
        [
            "numeric",
            "local",
            "composite",
            "visual",
            "vector",
            "4d",
            "nested",
        ][self as usize]
    }

    /// The paper's name for it.
    pub fn title(self) -> &'static str {
        [
            "Numeric",
            "Local",
            "Composite",
            "Visual",
            "Vector",
            "4-D",
            "Nested",
        ][self as usize]
    }

    /// Why this representation does not define `m`, or `None` if it does.
    ///
    /// ```
    /// use cubework::rep::RepKind;
    /// use cubework::{PaperLetter, PaperMove};
    /// assert!(RepKind::Composite.undefined_reason(PaperMove::new(PaperLetter::C)).is_some());
    /// assert!(RepKind::Composite.undefined_reason(PaperMove::new(PaperLetter::M)).is_none());
    /// assert!(RepKind::Vector.undefined_reason(PaperMove::new(PaperLetter::X)).is_none());
    /// ```
    pub fn undefined_reason(self, m: PaperMove) -> Option<&'static str> {
        use PaperLetter as P;
        let moves_hidden_centre = matches!(m.letter, P::X | P::Y | P::C | P::H);
        match self {
            RepKind::Composite if moves_hidden_centre => Some(
                "composite does not represent the up and down centres, so X, Y, C and H (which move them) are not defined",
            ),
            RepKind::Visual if moves_hidden_centre => Some(
                "visual does not represent the down centre, so X, Y, C and H (which move it) are not defined",
            ),
            _ => None,
        }
    }

    /// The paper moves this representation defines.
    pub fn defined_moves(self) -> Vec<PaperMove> {
        PaperMove::ALL
            .into_iter()
            .filter(|&m| self.undefined_reason(m).is_none())
            .collect()
    }

    /// Builds this representation of a 3×3×3 cube.
    pub fn build(self, cube: &Cube) -> Result<Box<dyn Representation>, WrongSize> {
        if cube.size() != 3 {
            return Err(WrongSize {
                rep: self.name(),
                n: cube.size(),
            });
        }
        Ok(match self {
            RepKind::Local => Box::new(Local::from_cube(cube)),
            RepKind::Composite => Box::new(Composite::from_cube(cube)),
            RepKind::Visual => Box::new(Visual::from_cube(cube)),
            RepKind::Vector => Box::new(Vector::from_cube(cube)),
            _ => Box::new(Vector::from_cube(cube)),
        })
    }
}

impl fmt::Display for RepKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RepKind {
    type Err = UnknownRep;
    fn from_str(s: &str) -> Result<RepKind, UnknownRep> {
        let s = s.trim().to_lowercase();
        RepKind::ALL
            .into_iter()
            .find(|k| k.name() == s || k.title().to_lowercase() == s)
            .ok_or(UnknownRep(s))
    }
}

/// A move compiled into a flat table over a representation's cells: after the move, cell `i`
/// holds what cell `sources()[i]` held, with its digits (numeric) rearranged by
/// `digit_perms()[i]` where the representation has digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gather {
    sources: Box<[u8]>,
    digit_perms: Option<Box<[u8]>>,
}

impl Gather {
    /// A gather that only moves cells.
    pub fn new(sources: impl IntoIterator<Item = usize>) -> Gather {
        Gather {
            sources: sources.into_iter().map(|s| s as u8).collect(),
            digit_perms: None,
        }
    }

    /// A gather that moves cells and rearranges each cell's digits by one of the six
    /// permutations of three places (see `numeric`).
    pub fn with_digit_perms(
        sources: impl IntoIterator<Item = usize>,
        perms: impl IntoIterator<Item = u8>,
    ) -> Gather {
        Gather {
            sources: sources.into_iter().map(|s| s as u8).collect(),
            digit_perms: Some(perms.into_iter().collect()),
        }
    }

    /// Compiles a transform written over arrays of any element type, by running it on the
    /// array whose cells hold their own indices.
    pub fn compile<D: Dimension>(
        shape: impl IntoDimension<Dim = D>,
        transform: impl Fn(ArrayView<u16, D>) -> Array<u16, D>,
    ) -> Gather {
        let shape = shape.into_dimension();
        let len = shape.size();
        let iota = Array::from_shape_vec(shape, (0..len as u16).collect())
            .expect("shape and length agree");
        Gather::new(transform(iota.view()).iter().map(|&i| i as usize))
    }

    /// The source cell of each cell.
    pub fn sources(&self) -> &[u8] {
        &self.sources
    }

    /// The digit permutation of each cell, for representations with digits.
    pub fn digit_perms(&self) -> Option<&[u8]> {
        self.digit_perms.as_deref()
    }

    /// Applies the gather to `state`, writing into `scratch`, which then holds the new state.
    #[inline]
    pub fn gather_into<T: Copy>(&self, state: &[T], scratch: &mut [T]) {
        for (dst, &src) in scratch.iter_mut().zip(self.sources.iter()) {
            *dst = state[src as usize];
        }
    }
}

/// What every representation can do.
pub trait Representation: Send + Sync {
    /// Which representation this is.
    fn kind(&self) -> RepKind;

    /// Builds the representation of a 3×3×3 cube.
    fn from_cube(cube: &Cube) -> Self
    where
        Self: Sized;

    /// Back to the canonical state.
    fn to_cube(&self) -> Cube;

    /// The shape of the state array.
    fn shape(&self) -> &[usize];

    /// The element kind, in words.
    fn element(&self) -> &'static str;

    /// Bytes of state (the array's elements, not the code).
    fn state_bytes(&self) -> usize;

    /// Makes a paper move as the paper defines it (the ndarray transform).
    fn turn(&mut self, m: PaperMove) -> Result<(), MoveError>;

    /// Compiles a paper move into a gather table.
    fn compile(&self, m: PaperMove) -> Result<Gather, MoveError>;

    /// Makes a compiled move; allocates nothing.
    fn turn_compiled(&mut self, g: &Gather);

    /// The paper's own display of the state.
    fn render(&self) -> String;
}

impl dyn Representation {
    /// The name used on the command line.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Checks that every paper move `m` stands for is defined here.
    pub fn check(&self, m: &Move) -> Result<Vec<PaperMove>, MoveError> {
        let paper = m.paper_moves()?;
        for &p in &paper {
            check_defined(self.kind(), p).map_err(|e| match e {
                MoveError::Undefined { rep, reason, .. } => {
                    let needs = if matches!(m.turn, crate::Turn::Paper(_)) {
                        String::new()
                    } else {
                        format!("it needs the paper's {p}, and ")
                    };
                    MoveError::Undefined {
                        mv: m.to_string(),
                        rep,
                        reason: format!("{needs}{reason}"),
                    }
                }
                other => other,
            })?;
        }
        Ok(paper)
    }

    /// Makes a move (either notation), as defined.
    pub fn apply(&mut self, m: &Move) -> Result<(), MoveError> {
        for p in self.check(m)? {
            self.turn(p)?;
        }
        Ok(())
    }

    /// Makes a sequence of moves, as defined. Every move is checked first, so on error the
    /// state is unchanged.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), MoveError> {
        let mut paper = Vec::new();
        for m in moves {
            paper.extend(self.check(m)?);
        }
        for p in paper {
            self.turn(p)?;
        }
        Ok(())
    }
}

/// The error for a paper move `kind` does not define, if it does not.
pub fn check_defined(kind: RepKind, m: PaperMove) -> Result<(), MoveError> {
    match kind.undefined_reason(m) {
        None => Ok(()),
        Some(reason) => Err(MoveError::Undefined {
            mv: m.to_string(),
            rep: kind.name(),
            reason: reason.to_string(),
        }),
    }
}

/// Rotates a matrix a quarter-turn clockwise: APL's `⌽⍉ω`.
pub fn rot_cw<T: Clone>(m: ArrayView<T, ndarray::Ix2>) -> Array<T, ndarray::Ix2> {
    m.reversed_axes().slice(ndarray::s![.., ..;-1]).to_owned()
}

/// Rotates a matrix a quarter-turn counter-clockwise: APL's `⊖⍉ω`.
pub fn rot_ccw<T: Clone>(m: ArrayView<T, ndarray::Ix2>) -> Array<T, ndarray::Ix2> {
    m.reversed_axes().slice(ndarray::s![..;-1, ..]).to_owned()
}
