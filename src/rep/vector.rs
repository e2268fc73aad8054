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
//! One correction to the scan: its U line reads
//! `ω[19 20 21 28 29 30 37 38 39 46 47 48]←ω[37 38 39 46 47 48 19 20 21 28 29 30]`, which
//! *swaps* back with left and front with right instead of cycling them. The source list must
//! end `… 28 29 30 19 20 21` (left gets front, right gets back) for U to be a quarter-turn, and
//! that is what is used here.

use ndarray::{Array1, ArrayView1};

use super::{Gather, RepKind, Representation, check_defined};
use crate::cube::Cube;
use crate::face::Face;
use crate::moves::{MoveError, PaperLetter, PaperMove};

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// Bytes the state array owns: the paper's 54, padded to a 64-byte register.
const OWNED: usize = 64;

/// One APL assignment `ω[to]←ω[from]`, with the paper's 1-based indices.
struct Assign {
    to: &'static [u8],
    from: &'static [u8],
}

/// A quarter-turn: a face rotation (none for the middle slices) and the ring around it.
type QuarterTurn = &'static [Assign];

// U: ω[⍳9]←ω[7 4 1 8 5 2 9 6 3] ⋄ ω[19 20 21 28 29 30 37 38 39 46 47 48]←ω[37 38 39 46 47 48 28 29 30 19 20 21]
const U: QuarterTurn = &[
    Assign {
        to: &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        from: &[7, 4, 1, 8, 5, 2, 9, 6, 3],
    },
    Assign {
        to: &[19, 20, 21, 28, 29, 30, 37, 38, 39, 46, 47, 48],
        from: &[37, 38, 39, 46, 47, 48, 28, 29, 30, 19, 20, 21],
    },
];
// M: ω[22 23 24 31 32 33 40 41 42 49 50 51]←ω[40 41 42 49 50 51 31 32 33 22 23 24]
const M: QuarterTurn = &[Assign {
    to: &[22, 23, 24, 31, 32, 33, 40, 41, 42, 49, 50, 51],
    from: &[40, 41, 42, 49, 50, 51, 31, 32, 33, 22, 23, 24],
}];
// D: ω[9+⍳9]←ω[9+3 6 9 2 5 8 1 4 7] ⋄ ω[25 26 27 34 35 36 43 44 45 52 53 54]←ω[43 44 45 52 53 54 34 35 36 25 26 27]
const D: QuarterTurn = &[
    Assign {
        to: &[10, 11, 12, 13, 14, 15, 16, 17, 18],
        from: &[12, 15, 18, 11, 14, 17, 10, 13, 16],
    },
    Assign {
        to: &[25, 26, 27, 34, 35, 36, 43, 44, 45, 52, 53, 54],
        from: &[43, 44, 45, 52, 53, 54, 34, 35, 36, 25, 26, 27],
    },
];
// L: ω[36+⍳9]←ω[36+7 4 1 8 5 2 9 6 3] ⋄ ω[28 31 34 10 13 16 27 24 21 1 4 7]←ω[1 4 7 28 31 34 10 13 16 27 24 21]
const L: QuarterTurn = &[
    Assign {
        to: &[37, 38, 39, 40, 41, 42, 43, 44, 45],
        from: &[43, 40, 37, 44, 41, 38, 45, 42, 39],
    },
    Assign {
        to: &[28, 31, 34, 10, 13, 16, 27, 24, 21, 1, 4, 7],
        from: &[1, 4, 7, 28, 31, 34, 10, 13, 16, 27, 24, 21],
    },
];
// C: ω[29 32 35 11 14 17 26 23 20 2 5 8]←ω[2 5 8 29 32 35 11 14 17 26 23 20]
const C: QuarterTurn = &[Assign {
    to: &[29, 32, 35, 11, 14, 17, 26, 23, 20, 2, 5, 8],
    from: &[2, 5, 8, 29, 32, 35, 11, 14, 17, 26, 23, 20],
}];
// R: ω[45+⍳9]←ω[45+3 6 9 2 5 8 1 4 7] ⋄ ω[3 6 9 12 15 18 19 22 25 30 33 36]←ω[25 22 19 30 33 36 18 15 12 3 6 9]
const R: QuarterTurn = &[
    Assign {
        to: &[46, 47, 48, 49, 50, 51, 52, 53, 54],
        from: &[48, 51, 54, 47, 50, 53, 46, 49, 52],
    },
    Assign {
        to: &[3, 6, 9, 12, 15, 18, 19, 22, 25, 30, 33, 36],
        from: &[25, 22, 19, 30, 33, 36, 18, 15, 12, 3, 6, 9],
    },
];
// B: ω[18+⍳9]←ω[18+7 4 1 8 5 2 9 6 3] ⋄ ω[1 2 3 37 40 43 16 17 18 48 51 54]←ω[48 51 54 3 2 1 37 40 43 18 17 16]
const B: QuarterTurn = &[
    Assign {
        to: &[19, 20, 21, 22, 23, 24, 25, 26, 27],
        from: &[25, 22, 19, 26, 23, 20, 27, 24, 21],
    },
    Assign {
        to: &[1, 2, 3, 37, 40, 43, 16, 17, 18, 48, 51, 54],
        from: &[48, 51, 54, 3, 2, 1, 37, 40, 43, 18, 17, 16],
    },
];
// H: ω[4 5 6 38 41 44 13 14 15 47 50 53]←ω[47 50 53 6 5 4 38 41 44 15 14 13]
const H: QuarterTurn = &[Assign {
    to: &[4, 5, 6, 38, 41, 44, 13, 14, 15, 47, 50, 53],
    from: &[47, 50, 53, 6, 5, 4, 38, 41, 44, 15, 14, 13],
}];
// F: ω[27+⍳9]←ω[27+3 6 9 2 5 8 1 4 7] ⋄ ω[7 8 9 10 11 12 39 42 45 46 49 52]←ω[46 49 52 39 42 45 9 8 7 12 11 10]
const F: QuarterTurn = &[
    Assign {
        to: &[28, 29, 30, 31, 32, 33, 34, 35, 36],
        from: &[30, 33, 36, 29, 32, 35, 28, 31, 34],
    },
    Assign {
        to: &[7, 8, 9, 10, 11, 12, 39, 42, 45, 46, 49, 52],
        from: &[46, 49, 52, 39, 42, 45, 9, 8, 7, 12, 11, 10],
    },
];

/// The quarter-turns that make up a paper move: X is L C R, Y is B H F, Z is U M D.
fn quarter_turns(letter: PaperLetter) -> &'static [QuarterTurn] {
    use PaperLetter as P;
    match letter {
        P::L => &[L],
        P::C => &[C],
        P::R => &[R],
        P::B => &[B],
        P::H => &[H],
        P::F => &[F],
        P::U => &[U],
        P::M => &[M],
        P::D => &[D],
        P::X => &[L, C, R],
        P::Y => &[B, H, F],
        P::Z => &[U, M, D],
    }
}

/// Makes paper move `m` on any 54-vector: `ω[to]←ω[from]` for each assignment, and for an
/// inverse the other way round, `ω[from]←ω[to]`.
pub fn transform<T: Copy>(m: PaperMove, omega: ArrayView1<T>) -> Array1<T> {
    let mut out = omega.to_owned();
    for turn in quarter_turns(m.letter) {
        for a in turn.iter() {
            let (to, from) = if m.inverse {
                (a.from, a.to)
            } else {
                (a.to, a.from)
            };
            let picked = out.select(
                ndarray::Axis(0),
                &from.iter().map(|&i| i as usize - 1).collect::<Vec<_>>(),
            );
            for (&t, &v) in to.iter().zip(picked.iter()) {
                out[t as usize - 1] = v;
            }
        }
    }
    out
}
// moves:end

/// The 54-element vector of colour letters, faces in the paper's order.
///
/// ```
/// use cubework::rep::{Representation, Vector};
/// use cubework::{Cube, PaperLetter, PaperMove};
/// let mut v = Vector::from_cube(&Cube::solved());
/// assert_eq!(v.render(), "WWWWWWWWWBBBBBBBBBRRRRRRRRROOOOOOOOOGGGGGGGGGYYYYYYYYY");
/// v.turn(PaperMove::new(PaperLetter::U)).unwrap();
/// assert_eq!(&v.render()[18..27], "GGGRRRRRR"); // the back face's top row came from the left
/// ```
#[derive(Clone, Debug)]
pub struct Vector {
    cube: Array1<u8>,
}

impl Vector {
    /// The state array.
    pub fn array(&self) -> &Array1<u8> {
        &self.cube
    }
}

impl Representation for Vector {
    fn kind(&self) -> RepKind {
        RepKind::Vector
    }

    fn from_cube(cube: &Cube) -> Vector {
        let cells = Face::PAPER.iter().flat_map(|&face| {
            (0..9).map(move |i| cube.sticker(face, i / 3, i % 3).paper_letter() as u8)
        });
        // The array owns 64 bytes and is sliced down to the paper's 54, so that a compiled
        // turn can load, shuffle and store one whole 64-byte register (see `turn_compiled`).
        let mut cube = Array1::from_iter(cells.chain(std::iter::repeat_n(b' ', OWNED - 54)));
        cube.slice_collapse(ndarray::s![..54]);
        Vector { cube }
    }

    fn to_cube(&self) -> Cube {
        let mut stickers = vec![Face::U; 54];
        for (i, &letter) in self.cube.iter().enumerate() {
            let face = Face::PAPER[i / 9];
            stickers[face.index() * 9 + i % 9] =
                Face::from_paper_letter(letter as char).unwrap_or(face);
        }
        Cube::from_stickers(3, stickers).expect("a vector made from a cube holds a cube")
    }

    fn shape(&self) -> &[usize] {
        self.cube.shape()
    }

    fn element(&self) -> &'static str {
        "letter (u8)"
    }

    fn state_bytes(&self) -> usize {
        self.cube.len() * std::mem::size_of::<u8>()
    }

    fn turn(&mut self, m: PaperMove) -> Result<(), MoveError> {
        check_defined(self.kind(), m)?;
        let turned = transform(m, self.cube.view());
        self.cube.assign(&turned); // in place, keeping the 64 owned bytes
        Ok(())
    }

    fn compile(&self, m: PaperMove) -> Result<Gather, MoveError> {
        check_defined(self.kind(), m)?;
        Ok(Gather::compile(54, |iota| transform(m, iota)))
    }

    /// In place. Where the CPU has AVX-512 VBMI this is one `vpermb` over the whole 64-byte
    /// buffer the array owns (a full-width load and store, which the next turn's load can take
    /// straight from the store buffer; masked ones cannot), else the gather's own fastest way.
    fn turn_compiled(&mut self, g: &Gather) {
        if let Some(shuffle) = g.shuffle() {
            debug_assert_eq!(self.cube.len(), 54);
            // SAFETY: `from_cube` builds the array from OWNED = 64 initialised bytes and only
            // slices it to 54; `turn` writes through `assign`, so the allocation is never
            // replaced and the 64 bytes from the first element stay owned and initialised.
            // The shuffle maps the 10 padding bytes to themselves.
            unsafe { shuffle.apply_padded(self.cube.as_mut_ptr()) };
        } else if let Some(state) = self.cube.as_slice_mut() {
            g.apply_bytes(state);
        }
    }

    fn render(&self) -> String {
        self.cube.iter().map(|&b| b as char).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conformance() {
        crate::rep::testing::conformance::<Vector>(RepKind::Vector);
    }

    #[test]
    fn goal_state_is_the_papers() {
        let v = Vector::from_cube(&Cube::solved());
        assert_eq!(
            v.render(),
            "WWWWWWWWWBBBBBBBBBRRRRRRRRROOOOOOOOOGGGGGGGGGYYYYYYYYY"
        );
        assert_eq!(v.shape(), &[54]);
        assert_eq!(v.state_bytes(), 54);
    }

    #[test]
    fn every_assignment_is_a_permutation_of_its_cells() {
        for letter in PaperLetter::ALL {
            for turn in quarter_turns(letter) {
                for a in turn.iter() {
                    let mut to = a.to.to_vec();
                    let mut from = a.from.to_vec();
                    to.sort();
                    from.sort();
                    assert_eq!(to, from, "{letter:?}");
                }
            }
        }
    }
}
