//! The seven representations of Peelle's paper, side by side.
//!
//! Each lives in its own file, reads like the paper's section for it, and stores its state in
//! an `ndarray` array of the paper's shape. Every one implements [`Representation`]: it
//! converts to and from the canonical [`Cube`], makes the paper's moves *as defined* (the
//! array transform that mirrors the paper's APL line, quoted above it), and *compiles* any
//! move into a flat [`Gather`] table by running that same transform on an array of cell
//! indices (APL's `⍳` trick), then makes it with a gather that allocates nothing.
//!
//! | name        | shape      | element                     | moves | sizes (shape at N)   |
//! |-------------|------------|-----------------------------|-------|----------------------|
//! | `numeric`   | 3×3×3      | 3-digit integer             | 24    | 2–9 (N×N×N)          |
//! | `local`     | 6×3×3      | colour letter               | 24    | 2–9 (6×N×N)          |
//! | `composite` | 5×12       | colour letter               | 16    | 2–3 ((N+2)×4N)       |
//! | `visual`    | 11×11      | colour letter or blank      | 16    | 2–3 (10×10 for 2)    |
//! | `vector`    | 54         | colour letter               | 24    | 2–9 (6N²)            |
//! | `4d`        | 3×3×3×3    | colour letter or blank      | 24    | 2–9 (N×3×N×N)        |
//! | `nested`    | 3×3×3      | 3-letter vector, `∘` padded | 24    | 2–9 (N×N×N)          |
//!
//! At every size a representation turns [`LayerTurn`]s — quarter-turns of blocks of adjacent
//! layers, of which the paper's 24 moves are the 3×3×3's single layers and whole cube — and
//! converts through the N×N×N canonical [`Cube`]. [`RepKind::sizes`] says which sizes each
//! holds, and [`RepKind::size_limit`] why composite and visual stop at the 3×3×3.

/// Declares a representation's state type: the one array the paper calls `CUBE` (`cube` here),
/// read with `array()`. Each representation's file gives its doc, name and array type.
macro_rules! state_type {
    ($(#[$doc:meta])* $name:ident($array:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name {
            cube: $array,
        }

        impl $name {
            /// The state array.
            pub fn array(&self) -> &$array {
                &self.cube
            }
        }
    };
}
use state_type;

pub mod apl;
pub mod apl_state;
pub mod composite;
mod cubie;
pub mod four_d;
mod layout;
pub mod local;
pub mod nested;
pub mod numeric;
pub mod user;
pub mod vector;
pub mod visual;

#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::str::FromStr;

use ndarray::{Array, ArrayView, Axis, Dimension, IntoDimension, RemoveAxis};

use crate::state::cube::Cube;
use crate::turn::face::Scheme;
use crate::turn::moves::{LayerTurn, Move, MoveError, PaperAxis};

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

/// A representation name that is not one of the seven, nor (the second field: their names)
/// one of the user's own.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown representation '{}' (expected one of numeric local composite visual vector 4d nested{})",
    crate::base::text::echo(.0),
    yours(.1)
)]
pub struct UnknownRep(pub String, pub Vec<String>);

/// `, or one of yours: a b` for the user's representations' names, if any.
fn yours(names: &[String]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let names: Vec<String> = names.iter().map(|n| crate::base::text::echo(n)).collect();
    format!(", or of your own: {}", names.join(" "))
}

/// A representation asked to hold a cube of a size it does not extend to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {rep} representation holds {sizes} cubes, not the {n}×{n}×{n}: {reason}")]
pub struct WrongSize {
    /// The representation's name.
    pub rep: String,
    /// The size asked for.
    pub n: usize,
    /// The sizes it holds, in words.
    pub sizes: String,
    /// Why not this one.
    pub reason: &'static str,
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

    /// The cube sizes it holds: the five whose arrays grow with the cube hold every size the
    /// workbench turns; composite and visual the 2×2×2 and 3×3×3 (see
    /// [`RepKind::size_limit`]).
    ///
    /// ```
    /// use cubework::rep::RepKind;
    /// assert_eq!(RepKind::Nested.sizes(), 2..=9);
    /// assert_eq!(RepKind::Composite.sizes(), 2..=3);
    /// ```
    pub fn sizes(self) -> std::ops::RangeInclusive<usize> {
        match self {
            RepKind::Composite | RepKind::Visual => 2..=3,
            _ => 2..=crate::state::geometry::MAX_SIZE,
        }
    }

    /// Whether it holds an `n`×`n`×`n` cube.
    pub fn supports(self, n: usize) -> bool {
        self.sizes().contains(&n)
    }

    /// Why it does not extend past its largest size, if it stops before the workbench does.
    pub fn size_limit(self) -> Option<&'static str> {
        match self {
            RepKind::Composite => Some(
                "its up and down rows hold only the ring of stickers around each of those faces, \
                 and from the 4×4×4 on the faces have stickers inside that ring, which inner \
                 slices move",
            ),
            RepKind::Visual => Some(
                "its picture spreads each side face's rows d cells apart so that the corner \
                 columns run along the diagonals, which fits at most three layers, and it has no \
                 place for the down face's inner stickers",
            ),
            _ => None,
        }
    }

    /// Why this representation does not define turn `t` on the `n`×`n`×`n` cube, or `None` if
    /// it does. Composite and visual leave out the up and down centres (visual the down one):
    /// turns about X and Y that take an inner layer would move them. The 2×2×2 has no inner
    /// layers, so both define every turn there.
    ///
    /// ```
    /// use cubework::rep::RepKind;
    /// use cubework::{LayerTurn, PaperAxis, PaperLetter};
    /// assert!(RepKind::Composite.undefined_turn(3, PaperLetter::C.turn()).is_some());
    /// assert!(RepKind::Composite.undefined_turn(3, PaperLetter::M.turn()).is_none());
    /// assert!(RepKind::Vector.undefined_turn(3, PaperLetter::X.turn()).is_none());
    /// let x = |n| LayerTurn::whole(PaperAxis::X, n);
    /// assert!(RepKind::Visual.undefined_turn(3, x(3)).is_some());
    /// assert!(RepKind::Visual.undefined_turn(2, x(2)).is_none());
    /// ```
    pub fn undefined_turn(self, n: usize, t: LayerTurn) -> Option<&'static str> {
        let moves_hidden_centre =
            t.axis != PaperAxis::Z && t.layers().any(|layer| layer != 0 && layer + 1 != n);
        match self {
            RepKind::Composite if moves_hidden_centre => Some(
                "composite does not represent the up and down centres, so X, Y, C and H (which move them) are not defined, nor wide turns that take C or H",
            ),
            RepKind::Visual if moves_hidden_centre => Some(
                "visual does not represent the down centre, so X, Y, C and H (which move it) are not defined, nor wide turns that take C or H",
            ),
            _ => None,
        }
    }

    /// The paper's moves this representation defines on the 3×3×3 (in the order of
    /// [`LayerTurn::PAPER`]).
    pub fn defined_moves(self) -> Vec<LayerTurn> {
        LayerTurn::PAPER
            .into_iter()
            .filter(|&t| self.undefined_turn(3, t).is_none())
            .collect()
    }

    /// The turns of blocks of layers this representation defines on the `n`×`n`×`n` cube.
    pub fn defined_turns(self, n: usize) -> Vec<LayerTurn> {
        LayerTurn::all(n)
            .into_iter()
            .filter(|&t| self.undefined_turn(n, t).is_none())
            .collect()
    }

    /// Builds this representation of a cube of a size it holds.
    ///
    /// ```
    /// use cubework::rep::RepKind;
    /// use cubework::Cube;
    /// assert_eq!(RepKind::Local.build(&Cube::solved_n(4)).unwrap().shape(), &[6, 4, 4]);
    /// let Err(err) = RepKind::Composite.build(&Cube::solved_n(4)) else { unreachable!() };
    /// assert!(err.to_string().starts_with("the composite representation holds the 2×2×2 and 3×3×3 cubes, not the 4×4×4"));
    /// ```
    pub fn build(self, cube: &Cube) -> Result<Box<dyn Representation>, WrongSize> {
        let n = cube.size();
        if !self.supports(n) {
            let sizes = self.sizes();
            let name = |n: usize| format!("{n}×{n}×{n}");
            return Err(WrongSize {
                rep: self.name().to_string(),
                n,
                sizes: if sizes.end() - sizes.start() == 1 {
                    format!("the {} and {}", name(*sizes.start()), name(*sizes.end()))
                } else {
                    format!("{} to {}", name(*sizes.start()), name(*sizes.end()))
                },
                reason: self
                    .size_limit()
                    .unwrap_or("the workbench turns no bigger cube"),
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
            .ok_or(UnknownRep(s, Vec::new()))
    }
}

/// A move compiled into a flat table over a representation's cells: after the move, cell `i`
/// holds what cell `sources()[i]` held, with its digits (numeric) rearranged by
/// `digit_perms()[i]` where the representation has digits.
///
/// It is made in place, allocating nothing: by a SIMD shuffle of the whole state
/// ([`crate::base::simd`]) on the path the CPU has (or `CUBEWORK_SIMD` forces) where that does less
/// work than gathering only the cells that change through a buffer on the stack, which is the
/// scalar path and the fallback.
///
/// ```
/// use cubework::rep::Gather;
/// use cubework::base::simd::ShufflePath;
/// let swap_ends = Gather::new([2, 1, 0]);
/// let mut state = *b"abc";
/// swap_ends.apply_bytes(&mut state);
/// assert_eq!(&state, b"cba");
/// assert_eq!(swap_ends.moved().len(), 2);
/// let mut again = *b"abc";
/// swap_ends.on_path(ShufflePath::Scalar).apply_bytes(&mut again);
/// assert_eq!(again, state);
/// ```
#[derive(Clone, Debug)]
pub struct Gather {
    sources: Box<[u16]>,
    digit_perms: Option<Box<[u8]>>,
    /// The digit weights of each of the six permutations, for the SIMD path.
    digit_weights: Option<[crate::base::simd::DigitWeights; 6]>,
    /// `(destination, source)` of every cell that changes.
    moved: Box<[(u16, u16)]>,
    shuffle: Option<Box<crate::base::simd::Shuffle>>,
}

/// The most cells a gather handles (the 4-D and nested 9×9×9 have 2,187 bytes).
pub const MAX_CELLS: usize = crate::base::simd::MAX_BYTES;

/// SIMD work (see [`crate::base::simd::Shuffle::work`]) worth one cell gathered on its own (a
/// numeric cell, looked up in the digit table, counts twice): a gather takes the shuffle when
/// the shuffle's work is below this times the cells that change. Up to 128 bytes the
/// shuffle always wins; past that, the per-size benchmarks (`cargo bench --bench moves --
/// size`) put the break-even near 2 on both SIMD paths.
const WORK_PER_CELL: usize = 2;

impl Gather {
    /// A gather that only moves cells, on the path [`ShufflePath::detect`] gives.
    ///
    /// # Panics
    /// If there are more than [`MAX_CELLS`] cells (no representation has).
    ///
    /// [`ShufflePath::detect`]: crate::base::simd::ShufflePath::detect
    pub fn new(sources: impl IntoIterator<Item = usize>) -> Gather {
        let sources: Box<[u16]> = sources.into_iter().map(|s| s as u16).collect();
        assert!(
            sources.len() <= MAX_CELLS,
            "a gather has at most {MAX_CELLS} cells"
        );
        let moved = sources
            .iter()
            .enumerate()
            .filter(|&(d, &s)| d != s as usize)
            .map(|(d, &s)| (d as u16, s))
            .collect();
        Gather {
            sources,
            digit_perms: None,
            digit_weights: None,
            moved,
            shuffle: None,
        }
        .on_path(crate::base::simd::ShufflePath::detect())
    }

    /// A gather that moves cells and rearranges each cell's digits by one of the six
    /// permutations of three places (see `numeric`); permutation 0 is the identity.
    /// `weights[p]` is permutation `p` as digit weights (see [`crate::base::simd::DigitWeights`]).
    pub fn with_digit_perms(
        sources: impl IntoIterator<Item = usize>,
        perms: impl IntoIterator<Item = u8>,
        weights: [crate::base::simd::DigitWeights; 6],
    ) -> Gather {
        let sources: Box<[u16]> = sources.into_iter().map(|s| s as u16).collect();
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
            .map(|(d, (&s, _))| (d as u16, s))
            .collect();
        Gather {
            sources,
            digit_perms: Some(perms),
            digit_weights: Some(weights),
            moved,
            shuffle: None,
        }
        .on_path(crate::base::simd::ShufflePath::detect())
    }

    /// The same gather made on `path` where the CPU has it and it does less work there than
    /// gathering the cells that change; on the scalar path otherwise.
    pub fn on_path(&self, path: crate::base::simd::ShufflePath) -> Gather {
        use crate::base::simd::{Shuffle, ShufflePath};
        let shuffle = match (&self.digit_perms, self.digit_weights) {
            _ if path == ShufflePath::Scalar => None,
            (Some(perms), Some(weights)) => {
                let w: Vec<_> = perms.iter().map(|&p| weights[p as usize % 6]).collect();
                Shuffle::with_digits(&self.sources, &w, path)
            }
            _ => Shuffle::new(&self.sources, path),
        }
        .filter(|s| {
            let weight = if self.digit_perms.is_some() { 2 } else { 1 };
            s.work() < WORK_PER_CELL * weight * self.moved.len().max(1)
        })
        .map(Box::new);
        Gather {
            shuffle,
            ..self.clone()
        }
    }

    /// The path [`Gather::apply_bytes`] and [`Gather::apply_digits`] take.
    pub fn path(&self) -> crate::base::simd::ShufflePath {
        self.shuffle
            .as_ref()
            .map_or(crate::base::simd::ShufflePath::Scalar, |s| s.path())
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
    pub fn sources(&self) -> &[u16] {
        &self.sources
    }

    /// The digit permutation of each cell, for representations with digits.
    pub fn digit_perms(&self) -> Option<&[u8]> {
        self.digit_perms.as_deref()
    }

    /// `(destination, source)` of each cell that changes (for digits: that moves or whose
    /// digits are rearranged).
    pub fn moved(&self) -> &[(u16, u16)] {
        &self.moved
    }

    /// The SIMD shuffle it makes, if it takes one.
    pub fn shuffle(&self) -> Option<&crate::base::simd::Shuffle> {
        self.shuffle.as_deref()
    }

    /// Makes the move on a byte state in place: the SIMD shuffle where it takes one, else
    /// [`Gather::apply_cells`]. Does nothing to a state of another length.
    #[inline]
    pub fn apply_bytes(&self, state: &mut [u8]) {
        match &self.shuffle {
            Some(shuffle) if self.digit_perms.is_none() => shuffle.apply(state),
            _ => self.apply_cells(state),
        }
    }

    /// As [`Gather::apply_bytes`] on a state whose buffer runs on past its end to
    /// [`crate::base::simd::padded_len`] bytes (as every representation's does): the
    /// shuffle then loads and stores whole registers in place.
    ///
    /// # Safety
    /// The `padded_len(state.len())` bytes from `state`'s first must be owned, initialised
    /// and not otherwise borrowed.
    #[inline]
    pub unsafe fn apply_bytes_padded(&self, state: &mut [u8]) {
        match &self.shuffle {
            // SAFETY: the caller promises the padded bytes; the shuffle keeps those past
            // the state's end.
            Some(shuffle) if self.digit_perms.is_none() && shuffle.len() == state.len() => unsafe {
                shuffle.apply_padded(state.as_mut_ptr())
            },
            _ => self.gather_bytes(state),
        }
    }

    /// [`Gather::apply_cells`] on bytes, out of line: its buffer of [`MAX_CELLS`] on the
    /// stack would otherwise be set up on every call of [`Gather::apply_bytes_padded`], the
    /// shuffle's included, which then could not be inlined into the representation's turn.
    #[inline(never)]
    fn gather_bytes(&self, state: &mut [u8]) {
        self.apply_cells(state)
    }

    /// As [`Gather::apply_digits`] on a state whose buffer runs on past its end to
    /// [`crate::base::simd::padded_len`] bytes.
    ///
    /// # Safety
    /// As [`Gather::apply_bytes_padded`], for the state's bytes.
    #[inline]
    pub unsafe fn apply_digits_padded(&self, state: &mut [u16], permuted: &[[u16; 1000]; 6]) {
        match &self.shuffle {
            // SAFETY: as in `apply_bytes_padded`.
            Some(shuffle) if shuffle.len() == 2 * state.len() => unsafe {
                shuffle.apply_padded(state.as_mut_ptr() as *mut u8)
            },
            _ => self.apply_digits(state, permuted),
        }
    }

    /// Makes the move on a state of any cells in place, gathering only the cells that change
    /// through a buffer on the stack. Does nothing to a state of another length.
    #[inline]
    pub fn apply_cells<T: Copy>(&self, state: &mut [T]) {
        if state.len() != self.sources.len() {
            return;
        }
        let mut buffer = [std::mem::MaybeUninit::<T>::uninit(); MAX_CELLS];
        for (b, &(_, s)) in buffer.iter_mut().zip(self.moved.iter()) {
            b.write(state[s as usize]);
        }
        for (b, &(d, _)) in buffer.iter().zip(self.moved.iter()) {
            // SAFETY: the loop above wrote the first `moved.len()` entries, and `zip` stops
            // at the shorter of the two.
            state[d as usize] = unsafe { b.assume_init() };
        }
    }

    /// Makes the move on a state of 3-digit numbers in place: the SIMD shuffle (cells moved,
    /// then digits rearranged by arithmetic) where it takes one, else each moved cell's digits
    /// rearranged by `permuted[perm]`, a table of every value under each permutation.
    #[inline]
    pub fn apply_digits(&self, state: &mut [u16], permuted: &[[u16; 1000]; 6]) {
        let Some(perms) = self.digit_perms.as_deref() else {
            return self.apply_cells(state);
        };
        if state.len() != self.sources.len() {
            return;
        }
        if let Some(shuffle) = &self.shuffle {
            return shuffle.apply_u16(state);
        }
        let mut buffer = [std::mem::MaybeUninit::<u16>::uninit(); MAX_CELLS];
        for (b, &(d, s)) in buffer.iter_mut().zip(self.moved.iter()) {
            b.write(permuted[perms[d as usize] as usize][state[s as usize] as usize % 1000]);
        }
        for (b, &(d, _)) in buffer.iter().zip(self.moved.iter()) {
            // SAFETY: the loop above wrote the first `moved.len()` entries.
            state[d as usize] = unsafe { b.assume_init() };
        }
    }
}

/// The methods of every representation whose state is one `ndarray` array, `self.cube`, of
/// elements `$elem`, that say what it is: its kind (the [`RepKind`] named as its type is), the
/// array's shape, its element in words (`$element`) and its bytes.
macro_rules! array_methods {
    ($kind:ident, $elem:ty, $element:literal) => {
        fn kind(&self) -> RepKind {
            RepKind::$kind
        }

        fn element(&self) -> &'static str {
            $element
        }

        fn shape(&self) -> &[usize] {
            self.cube.shape()
        }

        fn state_bytes(&self) -> usize {
            self.cube.len() * std::mem::size_of::<$elem>()
        }
    };
}
pub(crate) use array_methods;

/// The methods shared by the representations whose state is one `ndarray` array of letter
/// bytes, `self.cube`, moved by their module's generic `transform` (local, composite, visual,
/// vector, 4-D): what it is ([`array_methods`]); a move as defined (the transform, written back
/// in place); compiled (the same transform run on cell indices); and a compiled move made in
/// place.
macro_rules! byte_array_methods {
    ($kind:ident, $element:literal) => {
        super::array_methods!($kind, u8, $element);

        fn apl_value(&self) -> crate::apl::Value {
            super::letters_value(&self.cube)
        }

        fn turn(&mut self, m: LayerTurn) -> Result<(), MoveError> {
            check_defined(self.kind(), self.size(), m)?;
            let turned = transform(m, self.cube.view());
            // Written back into the array's own contiguous buffer, whatever the layout of the
            // transform's result, so that compiled turns can always gather over it.
            self.cube.assign(&turned);
            Ok(())
        }

        fn compile(&self, m: LayerTurn) -> Result<Gather, MoveError> {
            check_defined(self.kind(), self.size(), m)?;
            Ok(Gather::compile(self.cube.raw_dim(), |iota| {
                transform(m, iota)
            }))
        }

        /// In place: a SIMD byte shuffle where the gather takes one (see [`crate::base::simd`]),
        /// else a gather of the cells that change.
        fn turn_compiled(&mut self, g: &Gather) {
            if let Some(state) = self.cube.as_slice_mut() {
                // SAFETY: `from_cube` builds the array with `padded`, and turns write back
                // through `assign`, so its buffer is never replaced and runs on to the padded
                // length.
                unsafe { g.apply_bytes_padded(state) }
            }
        }
    };
}
pub(crate) use byte_array_methods;

/// What every representation can do.
pub trait Representation: Send + Sync {
    /// Which representation this is.
    fn kind(&self) -> RepKind;

    /// Builds the representation of a cube of a size it holds ([`RepKind::sizes`]; callers
    /// go through [`RepKind::build`], which checks).
    fn from_cube(cube: &Cube) -> Self
    where
        Self: Sized;

    /// Back to the canonical state.
    fn to_cube(&self) -> Cube;

    /// The size N of the cube it holds.
    fn size(&self) -> usize;

    /// The shape of the state array.
    fn shape(&self) -> &[usize];

    /// The element kind, in words.
    fn element(&self) -> &'static str;

    /// Bytes of state (the array's elements, not the code).
    fn state_bytes(&self) -> usize;

    /// Makes a quarter-turn of a block of layers as the representation defines it (the
    /// ndarray transform; on the 3×3×3 the paper's).
    fn turn(&mut self, m: LayerTurn) -> Result<(), MoveError>;

    /// Compiles a quarter-turn of a block of layers into a gather table.
    fn compile(&self, m: LayerTurn) -> Result<Gather, MoveError>;

    /// Makes a compiled move; allocates nothing.
    fn turn_compiled(&mut self, g: &Gather);

    /// The paper's own display of the state, its stickers in the colours of `scheme`: the
    /// representations that show colour letters (local, composite, visual, vector, 4-D,
    /// nested and one's own) show each sticker by the letter of its colour in `scheme`
    /// ([`Scheme::shown_letter`]); numeric shows the paper's digits whatever the scheme.
    fn render_in(&self, scheme: Scheme) -> String;

    /// The paper's own display of the state, in the paper's colours.
    fn render(&self) -> String {
        self.render_in(Scheme::Paper)
    }

    /// The state as an APL value, as the paper's definitions take it (`CUBE`): numbers for
    /// numeric, characters (blank where the array has none) for the letter arrays, and
    /// enclosed 3-character vectors (`∘` padded) for nested.
    fn apl_value(&self) -> crate::apl::Value;

    /// The name used in the REPL (and, for the seven, on the command line).
    fn name(&self) -> &str {
        self.kind().name()
    }

    /// This representation of another cube: for the seven, [`RepKind::build`]; for one of
    /// the user's own, the same array of the user's design.
    fn with_cube(&self, cube: &Cube) -> Result<Box<dyn Representation>, WrongSize> {
        self.kind().build(cube)
    }

    /// The cube an APL array (as [`Representation::apl_value`] gives) is a state of, at this
    /// representation's size; why not, if it is none.
    fn cube_of_value(&self, value: &crate::apl::Value) -> Result<Cube, String> {
        apl_state::cube_of(self.kind(), self.size(), value)
    }

    /// The representation of one's own it shows the cube in, if it is one (see
    /// [`user::UserState`]).
    fn user(&self) -> Option<&user::UserRep> {
        None
    }
}

impl dyn Representation {
    /// Checks that every turn `m` stands for is defined here, and returns them.
    pub fn check(&self, m: &Move) -> Result<Vec<LayerTurn>, MoveError> {
        let n = self.size();
        let turns = m.layer_turns(n)?;
        for &t in &turns {
            check_defined(self.kind(), n, t).map_err(|e| match e {
                MoveError::Undefined { rep, reason, .. } => {
                    let needs = if matches!(m.turn, crate::turn::moves::Turn::Paper(_)) {
                        String::new()
                    } else if let Some(p) = t.paper(n) {
                        format!("it needs the paper's {p}, and ")
                    } else {
                        String::new()
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
        Ok(turns)
    }

    /// Makes a move (either notation), as defined.
    pub fn apply(&mut self, m: &Move) -> Result<(), MoveError> {
        for t in self.check(m)? {
            self.turn(t)?;
        }
        Ok(())
    }

    /// Makes a sequence of moves, as defined. Every move is checked first, so on error the
    /// state is unchanged.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), MoveError> {
        let mut turns = Vec::new();
        for m in moves {
            turns.extend(self.check(m)?);
        }
        for t in turns {
            self.turn(t)?;
        }
        Ok(())
    }
}

/// The name of turn `t` on an `n`×`n`×`n` cube in messages: the paper's letter where it is
/// one of the paper's moves, else standard notation.
pub fn turn_name(n: usize, t: LayerTurn) -> String {
    match t.paper(n) {
        Some(p) => p.to_string(),
        None => t.to_standard(n).to_string(),
    }
}

/// The error for a turn `kind` does not define on the `n`×`n`×`n` cube, or that reaches past
/// its layers, if it does.
pub fn check_defined(kind: RepKind, n: usize, m: LayerTurn) -> Result<(), MoveError> {
    if m.last >= n || m.first > m.last {
        return Err(MoveError::NoSuchLayer {
            mv: format!("{:?} layers {}–{}", m.axis, m.first + 1, m.last + 1),
            layer: (m.last + 1) as u8,
            n,
        });
    }
    match kind.undefined_turn(n, m) {
        None => Ok(()),
        Some(reason) => Err(MoveError::Undefined {
            mv: turn_name(n, m),
            rep: kind.name(),
            reason: reason.to_string(),
        }),
    }
}

/// An array of letter bytes as an APL character array.
pub(crate) fn letters_value<D: Dimension>(a: &Array<u8, D>) -> crate::apl::Value {
    crate::apl::Value(a.map(|&b| crate::apl::Elem::Char(b as char)).into_dyn())
}

/// The array with its buffer run on past its last element (by more planes along the first
/// axis, filled with `fill`) to [`crate::base::simd::padded_len`] bytes, and sliced back to its own
/// shape: what every representation stores, so that a compiled turn loads and stores whole
/// 64-byte registers in place. Writing turns back with `assign` keeps the buffer.
pub(crate) fn padded<A: Clone, D: RemoveAxis>(a: Array<A, D>, fill: A) -> Array<A, D> {
    let planes = a.len_of(Axis(0));
    let per_plane = (a.len() / planes.max(1)).max(1);
    let size = std::mem::size_of::<A>().max(1);
    let bytes = a.len() * size;
    let extra = (crate::base::simd::padded_len(bytes) - bytes).div_ceil(size);
    let mut shape = a.raw_dim();
    shape[0] = extra.div_ceil(per_plane);
    let pad = Array::from_elem(shape, fill);
    let mut all =
        ndarray::concatenate(Axis(0), &[a.view(), pad.view()]).expect("planes of the same shape");
    all.slice_axis_inplace(Axis(0), ndarray::Slice::from(..planes));
    all
}

/// Shows a `[plane, row, col]` array as APL does: each plane's rows, cells joined by `sep`,
/// planes separated by a blank line.
pub(crate) fn render_planes<T>(
    a: ndarray::ArrayView3<T>,
    cell: impl Fn(&T) -> String,
    sep: &str,
) -> String {
    join_planes(a.outer_iter().map(|plane| {
        plane
            .outer_iter()
            .map(|row| row.iter().map(&cell).collect::<Vec<_>>().join(sep))
            .collect::<Vec<_>>()
    }))
}

/// Planes as APL shows them, each plane given as its lines: a line a row, planes separated
/// by a blank line.
pub(crate) fn join_planes(planes: impl Iterator<Item = Vec<String>>) -> String {
    planes
        .map(|lines| lines.join("\n"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    /// Every path this CPU has, and the sparse gather, equal the plain definition
    /// `new[i] = old[sources[i]]`, for every size a representation has.
    #[test]
    fn every_way_of_applying_a_gather_agrees() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for len in [
            16, 24, 27, 54, 60, 81, 96, 100, 121, 150, 216, 294, 686, 1029, 2187,
        ] {
            for _ in 0..20 {
                let mut sources: Vec<usize> = (0..len).collect();
                // Leave some cells in place, as a quarter-turn does.
                let moving = len / 3;
                sources[..moving].shuffle(&mut rng);
                let g = Gather::new(sources.iter().copied());
                let start: Vec<u8> = (0..len).map(|b| (b as u8) ^ 0x5a).collect();
                let want: Vec<u8> = sources.iter().map(|&s| start[s]).collect();
                for path in testing::paths() {
                    let mut fast = start.clone();
                    g.on_path(path).apply_bytes(&mut fast);
                    assert_eq!(fast, want, "len {len} {path}");
                }
                let mut sparse = start.clone();
                g.apply_cells(&mut sparse);
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

    /// The AVX2 path's sparse kernels are made for the patterns of blocks of these layouts'
    /// turns (`base::simd`): every turn of blocks of layers of the 81- and 121-byte states
    /// (and the visual 2×2×2's 100) has one, but the visual 3×3×3's whole-cube turns, which
    /// shuffle every block into every chunk; a turn takes it where this CPU is faster with
    /// it, else the dense kernel. With either kernel, forced, random sequences of these turns
    /// on the AVX2 path give the scalar path's cube.
    #[test]
    fn every_turn_of_the_81_and_121_byte_states_has_a_sparse_kernel() {
        use crate::base::simd::{Shuffle, ShufflePath};
        use rand::RngExt;
        if !ShufflePath::Avx2.available() {
            return;
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(50);
        for (kind, n) in [
            (RepKind::Visual, 2),
            (RepKind::Visual, 3),
            (RepKind::FourD, 3),
            (RepKind::Nested, 3),
        ] {
            let turns = kind.defined_turns(n);
            for sparse in [false, true] {
                let cube = testing::scrambled_n(&mut rng, n, 20);
                let mut avx2 = kind.build(&cube).unwrap();
                let mut scalar = kind.build(&cube).unwrap();
                let mut compiled = Vec::new();
                for &t in &turns {
                    let g = avx2.compile(t).unwrap();
                    let whole = kind == RepKind::Visual && n == 3 && t.is_whole(3);
                    let avx2_gather = g.on_path(ShufflePath::Avx2);
                    let detected = avx2_gather.shuffle().is_some_and(|s| s.is_sparse());
                    assert_eq!(detected, !whole && Shuffle::sparse_kernels_pay(), "{t:?}");
                    let forced = Shuffle::avx2_with(g.sources(), sparse).unwrap();
                    assert_eq!(forced.is_sparse(), sparse && !whole, "{kind} {n} {t:?}");
                    let start: Vec<u8> =
                        (0..g.sources().len()).map(|i| (i * 7 + 3) as u8).collect();
                    let want: Vec<u8> = g.sources().iter().map(|&s| start[s as usize]).collect();
                    let mut got = start.clone();
                    forced.apply(&mut got);
                    assert_eq!(got, want, "{kind} {n} {t:?} sparse {sparse}");
                    let fast = Gather {
                        shuffle: Some(Box::new(forced)),
                        ..g.clone()
                    };
                    compiled.push((fast, g.on_path(ShufflePath::Scalar)));
                }
                for step in 0..400 {
                    let (fast, plain) = &compiled[rng.random_range(0..compiled.len())];
                    avx2.turn_compiled(fast);
                    scalar.turn_compiled(plain);
                    if step % 8 == 7 {
                        let at = format!("{kind} {n} sparse {sparse} step {step}");
                        assert_eq!(avx2.to_cube(), scalar.to_cube(), "{at}");
                    }
                }
            }
        }
    }
}
