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
pub mod four_d;
pub mod local;
pub mod nested;
pub mod numeric;
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
pub use four_d::FourD;
pub use local::Local;
pub use nested::Nested;
pub use numeric::Numeric;
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
    "unknown representation '{}' (expected one of numeric local composite visual vector 4d nested)",
    crate::text::echo(.0)
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
            RepKind::Numeric => Box::new(Numeric::from_cube(cube)),
            RepKind::Local => Box::new(Local::from_cube(cube)),
            RepKind::Composite => Box::new(Composite::from_cube(cube)),
            RepKind::Visual => Box::new(Visual::from_cube(cube)),
            RepKind::Vector => Box::new(Vector::from_cube(cube)),
            RepKind::FourD => Box::new(FourD::from_cube(cube)),
            RepKind::Nested => Box::new(Nested::from_cube(cube)),
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
///
/// It is made in place, allocating nothing: on byte states of up to 128 cells by a SIMD byte
/// shuffle where the CPU has one ([`crate::simd`]), otherwise by gathering only the cells that
/// change through a buffer on the stack.
///
/// ```
/// use cubework::rep::Gather;
/// let swap_ends = Gather::new([2, 1, 0]);
/// let mut state = *b"abc";
/// swap_ends.apply_bytes(&mut state);
/// assert_eq!(&state, b"cba");
/// assert_eq!(swap_ends.moved().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gather {
    sources: Box<[u8]>,
    digit_perms: Option<Box<[u8]>>,
    /// `(destination, source)` of every cell that changes.
    moved: Box<[(u8, u8)]>,
    shuffle: Option<Box<crate::simd::Shuffle64>>,
}

/// The most cells a gather handles (the visual representation has 121).
pub const MAX_CELLS: usize = 128;

impl Gather {
    /// A gather that only moves cells.
    ///
    /// # Panics
    /// If there are more than [`MAX_CELLS`] cells (no representation has).
    pub fn new(sources: impl IntoIterator<Item = usize>) -> Gather {
        let sources: Box<[u8]> = sources.into_iter().map(|s| s as u8).collect();
        assert!(
            sources.len() <= MAX_CELLS,
            "a gather has at most {MAX_CELLS} cells"
        );
        let moved = sources
            .iter()
            .enumerate()
            .filter(|&(d, &s)| d != s as usize)
            .map(|(d, &s)| (d as u8, s))
            .collect();
        let shuffle = crate::simd::Shuffle64::new(&sources)
            .filter(|s| s.path() == crate::simd::ShufflePath::Vbmi)
            .map(Box::new);
        Gather {
            sources,
            digit_perms: None,
            moved,
            shuffle,
        }
    }

    /// A gather that moves cells and rearranges each cell's digits by one of the six
    /// permutations of three places (see `numeric`); permutation 0 is the identity.
    pub fn with_digit_perms(
        sources: impl IntoIterator<Item = usize>,
        perms: impl IntoIterator<Item = u8>,
    ) -> Gather {
        let sources: Box<[u8]> = sources.into_iter().map(|s| s as u8).collect();
        let perms: Box<[u8]> = perms.into_iter().collect();
        assert!(
            sources.len() <= MAX_CELLS,
            "a gather has at most {MAX_CELLS} cells"
        );
        let moved = sources
            .iter()
            .zip(perms.iter())
            .enumerate()
            .filter(|&(d, (&s, &p))| d != s as usize || p != 0)
            .map(|(d, (&s, _))| (d as u8, s))
            .collect();
        Gather {
            sources,
            digit_perms: Some(perms),
            moved,
            shuffle: None,
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

    /// `(destination, source)` of each cell that changes (for digits: that moves or whose
    /// digits are rearranged).
    pub fn moved(&self) -> &[(u8, u8)] {
        &self.moved
    }

    /// The same gather as a SIMD byte shuffle, when this CPU has a path for it.
    pub fn shuffle(&self) -> Option<&crate::simd::Shuffle64> {
        self.shuffle.as_deref()
    }

    /// Makes the move on a byte state in place: one SIMD shuffle where there is one, else
    /// [`Gather::apply_cells`]. Does nothing to a state of another length.
    #[inline]
    pub fn apply_bytes(&self, state: &mut [u8]) {
        match &self.shuffle {
            Some(shuffle) => shuffle.apply(state),
            None => self.apply_cells(state),
        }
    }

    /// Makes the move on a state of any cells in place, gathering only the cells that change
    /// through a buffer on the stack. Does nothing to a state of another length.
    #[inline]
    pub fn apply_cells<T: Copy>(&self, state: &mut [T]) {
        if state.len() != self.sources.len() || state.is_empty() {
            return;
        }
        let mut buffer = [state[0]; MAX_CELLS];
        for (b, &(_, s)) in buffer.iter_mut().zip(self.moved.iter()) {
            *b = state[s as usize];
        }
        for (&b, &(d, _)) in buffer.iter().zip(self.moved.iter()) {
            state[d as usize] = b;
        }
    }

    /// Makes the move on a state of 3-digit numbers in place, each moved cell's digits
    /// rearranged by `permuted[perm]`, a table of every value under each permutation.
    #[inline]
    pub fn apply_digits(&self, state: &mut [u16], permuted: &[[u16; 1000]; 6]) {
        let Some(perms) = self.digit_perms.as_deref() else {
            return self.apply_cells(state);
        };
        if state.len() != self.sources.len() {
            return;
        }
        let mut buffer = [0u16; MAX_CELLS];
        for (b, &(d, s)) in buffer.iter_mut().zip(self.moved.iter()) {
            *b = permuted[perms[d as usize] as usize][state[s as usize] as usize % 1000];
        }
        for (&b, &(d, _)) in buffer.iter().zip(self.moved.iter()) {
            state[d as usize] = b;
        }
    }
}

/// The methods shared by the representations whose state is one `ndarray` array of letter
/// bytes, `self.cube`, moved by their module's generic `transform` (local, composite, visual,
/// 4-D): the array's shape and bytes; a move as defined (the transform, written back in place);
/// compiled (the same transform run on cell indices); and a compiled move made in place.
macro_rules! byte_array_methods {
    () => {
        fn shape(&self) -> &[usize] {
            self.cube.shape()
        }

        fn state_bytes(&self) -> usize {
            self.cube.len() * std::mem::size_of::<u8>()
        }

        fn turn(&mut self, m: PaperMove) -> Result<(), MoveError> {
            check_defined(self.kind(), m)?;
            let turned = transform(m, self.cube.view());
            // Written back into the array's own contiguous buffer, whatever the layout of the
            // transform's result, so that compiled turns can always gather over it.
            self.cube.assign(&turned);
            Ok(())
        }

        fn compile(&self, m: PaperMove) -> Result<Gather, MoveError> {
            check_defined(self.kind(), m)?;
            Ok(Gather::compile(self.cube.raw_dim(), |iota| {
                transform(m, iota)
            }))
        }

        /// In place: one SIMD byte shuffle where the CPU has one (see [`crate::simd`]), else
        /// a gather of the cells that change.
        fn turn_compiled(&mut self, g: &Gather) {
            if let Some(state) = self.cube.as_slice_mut() {
                g.apply_bytes(state);
            }
        }
    };
}
pub(crate) use byte_array_methods;

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
                    let needs = if matches!(m.turn, crate::moves::Turn::Paper(_)) {
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

/// Shows a `[plane, row, col]` array as APL does: each plane's rows, cells joined by `sep`,
/// planes separated by a blank line.
pub(crate) fn render_planes<T>(
    a: ndarray::ArrayView3<T>,
    cell: impl Fn(&T) -> String,
    sep: &str,
) -> String {
    a.outer_iter()
        .map(|plane| {
            plane
                .outer_iter()
                .map(|row| row.iter().map(&cell).collect::<Vec<_>>().join(sep))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Rotates a matrix a quarter-turn clockwise: APL's `⌽⍉ω`.
pub fn rot_cw<T: Clone>(m: ArrayView<T, ndarray::Ix2>) -> Array<T, ndarray::Ix2> {
    m.reversed_axes().slice(ndarray::s![.., ..;-1]).to_owned()
}

/// Rotates a matrix a quarter-turn counter-clockwise: APL's `⊖⍉ω`.
pub fn rot_ccw<T: Clone>(m: ArrayView<T, ndarray::Ix2>) -> Array<T, ndarray::Ix2> {
    m.reversed_axes().slice(ndarray::s![..;-1, ..]).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    /// The shuffle path (where this CPU has one) and the sparse gather both equal the plain
    /// definition `new[i] = old[sources[i]]`, for every size a representation has.
    #[test]
    fn every_way_of_applying_a_gather_agrees() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for len in [27, 54, 60, 81, 121] {
            for _ in 0..100 {
                let mut sources: Vec<usize> = (0..len).collect();
                // Leave some cells in place, as a quarter-turn does.
                let moving = len / 3;
                sources[..moving].shuffle(&mut rng);
                let g = Gather::new(sources.iter().copied());
                let start: Vec<u8> = (0..len as u8).map(|b| b ^ 0x5a).collect();
                let want: Vec<u8> = sources.iter().map(|&s| start[s]).collect();
                let mut fast = start.clone();
                g.apply_bytes(&mut fast);
                let mut sparse = start.clone();
                g.apply_cells(&mut sparse);
                assert_eq!(fast, want, "len {len}");
                assert_eq!(sparse, want, "len {len}");
                let mut wide: Vec<u32> = start.iter().map(|&b| b as u32 * 1000).collect();
                g.apply_cells(&mut wide);
                assert_eq!(
                    wide,
                    want.iter().map(|&b| b as u32 * 1000).collect::<Vec<_>>()
                );
            }
        }
    }
}
