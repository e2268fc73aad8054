//! # Vector Representation
//!
//! > Of course, Rubik's Cube could be represented as a 54-element vector (literal or
//! > numeric). Each element represents a particular facelet's color. Taking the facelets in
//! > row-major order on each face locally (as in the Local Representation) in up, down, back,
//! > front, left, right order of faces, the cube in its goal state is:
//! >
//! > `WWWWWWWWWBBBBBBBBBRRRRRRRRROOOOOOOOOGGGGGGGGGYYYYYYYYY`
//!
//! Quarter-turns are explicit index permutations, `ω[to]←ω[from]`, with the paper's 1-based
//! indices `9×face + 3×row + col + 1`. The paper prints U, F and R; the other six follow the
//! same pattern (a face rotation, and a ring of twelve stickers on the four faces around it).
//! Orientation moves are combinations: `X: L C R ω`, `Y: B H F ω`, `Z: U M D ω`.
//!
//! **Every size.** The N×N×N cube is the 6N²-vector of the same layout, index
//! `N²×face + N×row + col + 1`. Its moves are again explicit index lists, now too many to
//! write out (18 quarter-turns of 3 layers become 6N of N), so [`generated`] derives them
//! rather than listing them again: the vector is the local representation flattened, and the
//! face layout the two share (`src/rep/layout.rs`: a face rotation for the outer layers and
//! a ring of 4N stickers for every layer) is compiled on an array of indices. The paper's lines stay as they are for the 3×3×3; a test checks that the
//! generator, run for N = 3, makes exactly the paper's permutations. A wide turn or a rotation
//! is the quarter-turns of its layers, as the paper's `X: L C R ω`.
//!
//! One correction to the scan: its U line reads
//! `ω[19 20 21 28 29 30 37 38 39 46 47 48]←ω[37 38 39 46 47 48 19 20 21 28 29 30]`, which
//! *swaps* back with left and front with right instead of cycling them. The source list must
//! end `… 28 29 30 19 20 21` (left gets front, right gets back) for U to be a quarter-turn, and
//! that is what is used here.

use ndarray::{Array1, ArrayView1};

use std::sync::OnceLock;

use super::layout::quarter_turns;
use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::assign_from;
use crate::state::cube::Cube;
use crate::state::geometry::MAX_SIZE;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis, PaperLetter};

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".

/// One APL assignment `ω[to]←ω[from]`, with the paper's 1-based indices.
struct Assign {
    to: &'static [u8],
    from: &'static [u8],
}

/// A quarter-turn: a face rotation (none for the middle slices) and the ring around it.
type QuarterTurn = &'static [Assign];

/// A quarter-turn written as the paper's line: each assignment `ω[to]←ω[from]` as
/// `[to] = [from]`, the index lists as APL writes them, `;` for the paper's `⋄`.
macro_rules! quarter_turn {
    ($([$($to:literal)*] = [$($from:literal)*]);*) => {
        &[$(Assign { to: &[$($to),*], from: &[$($from),*] }),*]
    };
}

// U: ω[⍳9]←ω[7 4 1 8 5 2 9 6 3] ⋄ ω[19 20 21 28 29 30 37 38 39 46 47 48]←ω[37 38 39 46 47 48 28 29 30 19 20 21]
const U: QuarterTurn = quarter_turn!([1 2 3 4 5 6 7 8 9] = [7 4 1 8 5 2 9 6 3]; [19 20 21 28 29 30 37 38 39 46 47 48] = [37 38 39 46 47 48 28 29 30 19 20 21]);
// M: ω[22 23 24 31 32 33 40 41 42 49 50 51]←ω[40 41 42 49 50 51 31 32 33 22 23 24]
const M: QuarterTurn =
    quarter_turn!([22 23 24 31 32 33 40 41 42 49 50 51] = [40 41 42 49 50 51 31 32 33 22 23 24]);
// D: ω[9+⍳9]←ω[9+3 6 9 2 5 8 1 4 7] ⋄ ω[25 26 27 34 35 36 43 44 45 52 53 54]←ω[43 44 45 52 53 54 34 35 36 25 26 27]
const D: QuarterTurn = quarter_turn!([10 11 12 13 14 15 16 17 18] = [12 15 18 11 14 17 10 13 16]; [25 26 27 34 35 36 43 44 45 52 53 54] = [43 44 45 52 53 54 34 35 36 25 26 27]);
// L: ω[36+⍳9]←ω[36+7 4 1 8 5 2 9 6 3] ⋄ ω[28 31 34 10 13 16 27 24 21 1 4 7]←ω[1 4 7 28 31 34 10 13 16 27 24 21]
const L: QuarterTurn = quarter_turn!([37 38 39 40 41 42 43 44 45] = [43 40 37 44 41 38 45 42 39]; [28 31 34 10 13 16 27 24 21 1 4 7] = [1 4 7 28 31 34 10 13 16 27 24 21]);
// C: ω[29 32 35 11 14 17 26 23 20 2 5 8]←ω[2 5 8 29 32 35 11 14 17 26 23 20]
const C: QuarterTurn =
    quarter_turn!([29 32 35 11 14 17 26 23 20 2 5 8] = [2 5 8 29 32 35 11 14 17 26 23 20]);
// R: ω[45+⍳9]←ω[45+3 6 9 2 5 8 1 4 7] ⋄ ω[3 6 9 12 15 18 19 22 25 30 33 36]←ω[25 22 19 30 33 36 18 15 12 3 6 9]
const R: QuarterTurn = quarter_turn!([46 47 48 49 50 51 52 53 54] = [48 51 54 47 50 53 46 49 52]; [3 6 9 12 15 18 19 22 25 30 33 36] = [25 22 19 30 33 36 18 15 12 3 6 9]);
// B: ω[18+⍳9]←ω[18+7 4 1 8 5 2 9 6 3] ⋄ ω[1 2 3 37 40 43 16 17 18 48 51 54]←ω[48 51 54 3 2 1 37 40 43 18 17 16]
const B: QuarterTurn = quarter_turn!([19 20 21 22 23 24 25 26 27] = [25 22 19 26 23 20 27 24 21]; [1 2 3 37 40 43 16 17 18 48 51 54] = [48 51 54 3 2 1 37 40 43 18 17 16]);
// H: ω[4 5 6 38 41 44 13 14 15 47 50 53]←ω[47 50 53 6 5 4 38 41 44 15 14 13]
const H: QuarterTurn =
    quarter_turn!([4 5 6 38 41 44 13 14 15 47 50 53] = [47 50 53 6 5 4 38 41 44 15 14 13]);
// F: ω[27+⍳9]←ω[27+3 6 9 2 5 8 1 4 7] ⋄ ω[7 8 9 10 11 12 39 42 45 46 49 52]←ω[46 49 52 39 42 45 9 8 7 12 11 10]
const F: QuarterTurn = quarter_turn!([28 29 30 31 32 33 34 35 36] = [30 33 36 29 32 35 28 31 34]; [7 8 9 10 11 12 39 42 45 46 49 52] = [46 49 52 39 42 45 9 8 7 12 11 10]);

/// The paper's quarter-turn of layer `layer` (0, 1 or 2) about `axis` on the 3×3×3.
fn paper_turn(axis: PaperAxis, layer: usize) -> QuarterTurn {
    use PaperLetter as P;
    match PaperLetter::of_slice(axis, layer) {
        P::L => L,
        P::C => C,
        P::R => R,
        P::B => B,
        P::H => H,
        P::F => F,
        P::U => U,
        P::M => M,
        P::D => D,
        P::X | P::Y | P::Z => unreachable!("of_slice gives quarter-turns"),
    }
}

/// `ω[to]←ω[from]` with 1-based indices, or for an inverse `ω[from]←ω[to]`.
fn assign<T: Copy, I: Copy + Into<usize>>(
    out: &mut Array1<T>,
    to: &[I],
    from: &[I],
    inverse: bool,
) {
    if inverse {
        assign_from(out, from, to)
    } else {
        assign_from(out, to, from)
    }
}

// X: L C R ω      Y: B H F ω      Z: U M D ω
/// Makes a quarter-turn of a block of layers on any 6N²-vector: each layer's assignments in
/// turn (so X is L C R), the paper's on the 3×3×3 and [`generated`] ones on other sizes.
pub fn transform<T: Copy>(m: LayerTurn, omega: ArrayView1<T>) -> Array1<T> {
    let n = size_of_len(omega.len());
    let mut out = omega.to_owned();
    for layer in m.layers() {
        if n == 3 {
            for a in paper_turn(m.axis, layer) {
                assign(&mut out, a.to, a.from, m.inverse);
            }
        } else {
            for (to, from) in &generated(n)[m.axis as usize * n + layer] {
                assign(&mut out, to, from, m.inverse);
            }
        }
    }
    out
}

// general:begin — the lines only the N×N×N form needs, counted by `paper` for "general".
/// One generated assignment `ω[to]←ω[from]`, 1-based.
pub type Lists = (Vec<u16>, Vec<u16>);

/// The index lists of the `n`×`n`×`n` cube, `(to, from)` per assignment, for each layer of
/// each axis (`[axis × n + layer]`), made once. Vector is local flattened, so they are not
/// written again: each layer's quarter-turn of the shared face layout is run once on the
/// 6×N×N array of cell indices (`Gather::compile`, APL's `⍳` trick), and the cells it
/// moves are one assignment `ω[to]←ω[from]`.
pub fn generated(n: usize) -> &'static [Vec<Lists>] {
    static LISTS: [OnceLock<Vec<Vec<Lists>>>; MAX_SIZE + 1] =
        [const { OnceLock::new() }; MAX_SIZE + 1];
    LISTS[n].get_or_init(|| {
        let layers = PaperAxis::ALL
            .into_iter()
            .flat_map(|a| (0..n).map(move |k| (a, k)));
        layers
            .map(|(axis, k)| {
                let g = Gather::compile((6, n, n), |iota| {
                    quarter_turns(LayerTurn::layer(axis, k), iota)
                });
                let (to, from) = g.moved().iter().map(|&(t, f)| (t + 1, f + 1)).unzip();
                vec![(to, from)]
            })
            .collect()
    })
}
// general:end

/// The cube size N of a 6N²-vector.
fn size_of_len(len: usize) -> usize {
    (1..=MAX_SIZE).find(|n| 6 * n * n == len).unwrap_or(3)
}
// moves:end

super::state_type! {
    /// The 6N²-element vector of colour letters (the paper's 54), faces in the paper's order.
    ///
    /// ```
    /// use cubework::rep::{Representation, Vector};
    /// use cubework::{Cube, PaperLetter};
    /// let mut v = Vector::from_cube(&Cube::solved());
    /// assert_eq!(v.render(), "WWWWWWWWWBBBBBBBBBRRRRRRRRROOOOOOOOOGGGGGGGGGYYYYYYYYY");
    /// v.turn(PaperLetter::U.turn()).unwrap();
    /// assert_eq!(&v.render()[18..27], "GGGRRRRRR"); // the back face's top row came from the left
    /// ```
    Vector(Array1<u8>)
}

impl Representation for Vector {
    fn from_cube(cube: &Cube) -> Vector {
        let n = cube.size();
        let len = 6 * n * n;
        let cells = Face::PAPER.iter().flat_map(|&face| {
            (0..n * n).map(move |i| cube.sticker(face, i / n, i % n).paper_letter() as u8)
        });
        let cube = Array1::from_iter(cells);
        debug_assert_eq!(cube.len(), len);
        Vector {
            cube: super::padded(cube, b' '),
        }
    }

    fn to_cube(&self) -> Cube {
        let n = self.size();
        let per_face = n * n;
        let mut stickers = vec![Face::U; 6 * per_face];
        for (i, &letter) in self.cube.iter().enumerate() {
            let face = Face::PAPER[i / per_face];
            stickers[face.index() * per_face + i % per_face] =
                Face::from_paper_letter(letter as char).unwrap_or(face);
        }
        Cube::from_stickers(n, stickers).expect("a vector made from a cube holds a cube")
    }

    fn size(&self) -> usize {
        size_of_len(self.cube.len())
    }

    // Turned compiled in place: the array owns its bytes padded to whole 64-byte registers,
    // so with AVX-512 VBMI the paper's 54 turn in one full-width load, `vpermb` and store
    // (which the next turn's load can take straight from the store buffer; masked ones
    // cannot); with AVX2 two 32-byte chunks of `vpshufb`s, stored as the four 16-byte blocks
    // the next turn loads; else the gather of the cells that change.
    super::byte_array_methods!(Vector, "letter (u8)");

    fn render_in(&self, scheme: Scheme) -> String {
        self.cube
            .iter()
            .map(|&b| scheme.shown_letter(b as char))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rep::testing::the_papers_checks!(Vector, RepKind::Vector,
        goal: "WWWWWWWWWBBBBBBBBBRRRRRRRRROOOOOOOOOGGGGGGGGGYYYYYYYYY",
        shape: [54], bytes: 54);

    #[test]
    fn every_assignment_is_a_permutation_of_its_cells() {
        for axis in PaperAxis::ALL {
            for layer in 0..3 {
                for a in paper_turn(axis, layer) {
                    let mut to = a.to.to_vec();
                    let mut from = a.from.to_vec();
                    to.sort();
                    from.sort();
                    assert_eq!(to, from, "{axis:?} {layer}");
                }
            }
        }
        for n in 2..=MAX_SIZE {
            for (k, layer) in generated(n).iter().enumerate() {
                for (to, from) in layer {
                    let (mut to, mut from) = (to.clone(), from.clone());
                    to.sort();
                    from.sort();
                    assert_eq!(to, from, "{n}: {k}");
                    to.dedup();
                    assert_eq!(to.len(), from.len(), "{n}: {k}");
                }
            }
        }
    }

    /// The generator, run for the 3×3×3, makes exactly the paper's permutations.
    #[test]
    fn generated_lists_at_three_are_the_papers() {
        for axis in PaperAxis::ALL {
            for layer in 0..3 {
                let permutation = |assignments: Vec<(Vec<usize>, Vec<usize>)>| {
                    let mut p: Vec<usize> = (1..=54).collect();
                    for (to, from) in assignments {
                        for (t, f) in to.into_iter().zip(from) {
                            p[t - 1] = f;
                        }
                    }
                    p
                };
                let widen = |l: &[u8]| l.iter().map(|&i| i as usize).collect::<Vec<_>>();
                let paper = paper_turn(axis, layer)
                    .iter()
                    .map(|a| (widen(a.to), widen(a.from)))
                    .collect();
                let ours = generated(3)[axis as usize * 3 + layer]
                    .iter()
                    .map(|(t, f)| {
                        let w = |l: &Vec<u16>| l.iter().map(|&i| i as usize).collect();
                        (w(t), w(f))
                    })
                    .collect();
                assert_eq!(permutation(ours), permutation(paper), "{axis:?} {layer}");
            }
        }
    }
}
