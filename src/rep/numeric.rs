//! # Numeric Representation
//!
//! > Rubik's Cube can be represented as a 3-by-3-by-3 cubic array of integers. Each cubie is
//! > represented by a 3-digit integer, with each digit representing a color […] The
//! > place-values of the digits correspond to the three axes of the cube in a certain
//! > (arbitrary) order: (up/down, back/front, left/right). So, the cube looks like this in
//! > its goal state:
//! >
//! > ```text
//! > 135 130 136     35  30  36    235 230 236
//! > 105 100 106      5   0   6    205 200 206
//! > 145 140 146     45  40  46    245 240 246
//! > ```
//!
//! The array is indexed `[plane, row, col]` (plane up → down, row back → front, col
//! left → right); the digits are [`Face::digit`]s, 0 where the cubie has no sticker.
//!
//! An orientation move is an axis reversal and a dyadic transpose (moving the cubies), then an
//! encode into digits, a reordering of the digit axis, and a decode (turning each cubie's
//! colours to face along their new axes). The paper remarks that the transpose and the digit
//! indexing use the same permutation. Quarter-turns apply an orientation move to one layer
//! and catenate it back between the other two.
//!
//! **Every size.** None of these lines names the size: `⌽`, `⍉`, `⊤`/`⊥` and `,` work on an
//! N×N×N array as on a 3×3×3 one, so the N×N×N cube is the same array of N³ cubies (those
//! inside have no stickers, 0), its digits as before (one per axis), and a quarter-turn of any
//! of the N layers, or of a block of them (a wide turn), is the orientation move applied to
//! that block and catenated back. The only change from the 3×3×3 is that the block is a range
//! of layers rather than one.
//!
//! The scan garbles the lines (`101` for `10⊥`, `τ` for `⊤`, `ϕ` for `⍉` and `⌽`/`⊖`); the
//! readings quoted above each definition below are the ones that pass the conformance check,
//! and `src/apl/paper/numeric.apl` holds them as APL that the evaluator runs
//! ([`crate::apl`]). Every line is written with the APL primitives of [`crate::apl::prim`]
//! (`⌽[k]`, `⍉`, `⊤`, `⊥`, and the catenation of layers).

use std::sync::OnceLock;

use ndarray::{Array, Array3, ArrayView3, Axis};

use super::cubie::{cube_from_cubies, cubie_colours};
use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{Radix, decode, encode, on_layers, reverse, transpose};
use crate::state::cube::Cube;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis};

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// One orientation move as the paper writes it, `10⊥((3⍴10)⊤P⍉⌽[k]ω)[P;;;]`, 1-based as in
/// APL.
#[derive(Clone, Copy, Debug)]
struct Orientation {
    /// The left argument `P` of the dyadic transpose, which is also the digit indexing.
    perm: [usize; 3],
    /// The axis `k` reversed for the move itself.
    reverse: usize,
    /// The axis reversed for its inverse (the other axis of the transposed pair).
    reverse_inverse: usize,
}

// X: 10⊥((3⍴10)⊤2 1 3⍉⊖[1]ω)[2 1 3;;;]      X̄: 10⊥((3⍴10)⊤2 1 3⍉⊖[2]ω)[2 1 3;;;]
const X: Orientation = Orientation {
    perm: [2, 1, 3],
    reverse: 1,
    reverse_inverse: 2,
};
// Y: 10⊥((3⍴10)⊤3 2 1⍉⌽[3]ω)[3 2 1;;;]      Ȳ: 10⊥((3⍴10)⊤3 2 1⍉⌽[1]ω)[3 2 1;;;]
const Y: Orientation = Orientation {
    perm: [3, 2, 1],
    reverse: 3,
    reverse_inverse: 1,
};
// Z: 10⊥((3⍴10)⊤1 3 2⍉⌽[2]ω)[1 3 2;;;]      Z̄: 10⊥((3⍴10)⊤1 3 2⍉⌽[3]ω)[1 3 2;;;]
const Z: Orientation = Orientation {
    perm: [1, 3, 2],
    reverse: 2,
    reverse_inverse: 3,
};

/// The paper's X, Y and Z as their transpose permutations and reversals, by [`PaperAxis`].
const ORIENTATIONS: [Orientation; 3] = [X, Y, Z];

/// The array axis whose layers each paper axis turns, in `[plane, row, col]`: X turns the
/// columns, Y the rows, Z the planes.
const LAYER_AXES: [usize; 3] = [2, 1, 0];

/// The paper's X, Y or Z (or its inverse) on any array of `radix`-digit integers:
/// `radix⊥((3⍴radix)⊤P⍉⌽[k]ω)[P;;;]`. It needs only the two axes it mixes to be equally
/// long, so it serves one layer as well as the whole cube.
pub fn orient<T: Radix>(
    axis: PaperAxis,
    inverse: bool,
    radix: T,
    omega: ArrayView3<T>,
) -> Array3<T> {
    let o = ORIENTATIONS[axis as usize];
    let k = if inverse {
        o.reverse_inverse
    } else {
        o.reverse
    };
    let moved = transpose(&o.perm, reverse(omega, k));
    let digits = encode(radix, 3, moved);
    let reordered = digits.select(Axis(0), &o.perm.map(|p| p - 1));
    decode(radix, reordered.view())
}

// L: (Xω[;;,1]),[3] ω[;;,2],[3] ω[;;,3]    C: ω[;;,1],[3](Xω[;;,2]),[3] ω[;;,3]    R: … (Xω[;;,3])
// B: (Yω[;,1;]),[2] ω[;,2;],[2] ω[;,3;]    H: ω[;,1;],[2](Yω[;,2;]),[2] ω[;,3;]    F: … (Yω[;,3;])
// U: (Zω[,1;;]),[1] ω[,2;;],[1] ω[,3;;]    M: ω[,1;;],[1](Zω[,2;;]),[1] ω[,3;;]    D: … (Zω[,3;;])
// X: the orientation move on the whole array; on an N×N×N cube the same with N layers, and
// a wide turn the orientation move on a block of them, e.g. Lw on the 4×4×4: (Xω[;;,1 2]),ω[;;,3 4]
/// Makes a quarter-turn of a block of layers on any array of `radix`-digit integers: the
/// paper's 10 for the state, a bigger radix for the probe that compiles it.
pub fn transform<T: Radix>(m: LayerTurn, radix: T, omega: ArrayView3<T>) -> Array3<T> {
    let turn = |w: ArrayView3<T>| orient(m.axis, m.inverse, radix, w);
    if m.is_whole(omega.len_of(Axis(0))) {
        turn(omega)
    } else {
        on_layers(omega, Axis(LAYER_AXES[m.axis as usize]), m.layers(), turn)
    }
}
// moves:end

/// The six permutations of three digit places (0 the most significant): after permutation
/// `p`, place `k` holds what place `PERMS[p][k]` held.
const PERMS: [[usize; 3]; 6] = crate::state::sticker_perm::ORDERINGS_OF_THREE;

/// Each of the six permutations as the weights of the three digits, for the SIMD path: the
/// digit that goes to place `k` weighs `10^(2−k)`.
fn digit_weights() -> [crate::base::simd::DigitWeights; 6] {
    PERMS.map(|perm| {
        let mut w = [0u16; 3];
        for (k, &digit) in perm.iter().enumerate() {
            w[digit] = [100, 10, 1][k];
        }
        w
    })
}

/// Every 3-digit value 0..1000 under each of the six digit permutations.
fn permuted() -> &'static [[u16; 1000]; 6] {
    static TABLE: OnceLock<Box<[[u16; 1000]; 6]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u16; 1000]; 6]);
        for (p, perm) in PERMS.iter().enumerate() {
            for v in 0..1000u16 {
                let d = [v / 100, v / 10 % 10, v % 10];
                t[p][v as usize] = 100 * d[perm[0]] + 10 * d[perm[1]] + d[perm[2]];
            }
        }
        t
    })
}

super::state_type! {
    /// The N×N×N array of 3-digit integers: hundreds the up/down colour, tens back/front, units
    /// left/right (the paper's 3×3×3, and every other size the same way).
    ///
    /// ```
    /// use cubework::rep::{Numeric, Representation};
    /// use cubework::{Cube, PaperLetter};
    /// let mut n = Numeric::from_cube(&Cube::solved());
    /// assert_eq!(n.array()[[0, 0, 0]], 135); // up-back-left: white, red, green
    /// n.turn(PaperLetter::X.turn()).unwrap();
    /// assert_eq!(n.array()[[0, 2, 0]], 315); // now up-front-left, its white facing front
    /// ```
    Numeric(Array3<u16>)
}

impl Representation for Numeric {
    fn from_cube(cube: &Cube) -> Numeric {
        let n = cube.size();
        let cube = Array3::from_shape_fn((n, n, n), |(p, r, c)| {
            cubie_colours(cube, p, r, c)
                .iter()
                .fold(0, |n, f| 10 * n + f.map_or(0, |f| f.digit() as u16))
        });
        Numeric {
            cube: super::padded(cube, 0),
        }
    }

    fn to_cube(&self) -> Cube {
        cube_from_cubies(self.size(), |p, r, c| {
            let v = self.cube[[p, r, c]];
            [v / 100, v / 10 % 10, v % 10].map(|d| Face::from_digit(d as u8))
        })
    }

    fn size(&self) -> usize {
        self.cube.len_of(Axis(0))
    }

    super::array_methods!(Numeric, u16, "3-digit integer (u16)");

    fn turn(&mut self, m: LayerTurn) -> Result<(), MoveError> {
        check_defined(self.kind(), self.size(), m)?;
        let turned = transform(m, 10, self.cube.view());
        self.cube.assign(&turned); // in place: the buffer stays contiguous for compiled turns
        Ok(())
    }

    /// Runs the move on a probe whose cell `c` holds the digits `3c, 3c+1, 3c+2` in a radix of
    /// three times the cells: each destination's digits name its source cell and the
    /// permutation its digits went through.
    fn compile(&self, m: LayerTurn) -> Result<Gather, MoveError> {
        check_defined(self.kind(), self.size(), m)?;
        let (_, rows, cols) = self.cube.dim();
        let radix = 3 * self.cube.len() as u64;
        let probe = Array::from_shape_fn(self.cube.raw_dim(), |(p, r, c)| {
            let cell = (p * rows + r) * cols + c;
            let d = [3 * cell, 3 * cell + 1, 3 * cell + 2].map(|d| d as u64);
            (d[0] * radix + d[1]) * radix + d[2]
        });
        let moved = transform(m, radix, probe.view());
        let (sources, perms): (Vec<usize>, Vec<u8>) = moved
            .iter()
            .map(|&v| {
                let d = [v / radix / radix, v / radix % radix, v % radix].map(|d| d as usize);
                let places = d.map(|d| d % 3);
                let perm = PERMS
                    .iter()
                    .position(|&p| p == places)
                    .expect("the digits of a cell are permuted among themselves");
                (d[0] / 3, perm as u8)
            })
            .unzip();
        Ok(Gather::with_digit_perms(sources, perms, digit_weights()))
    }

    /// In place: each cell that changes takes its source's value with its digits rearranged,
    /// looked up in a table of every 3-digit value under the six digit permutations.
    fn turn_compiled(&mut self, g: &Gather) {
        if let Some(state) = self.cube.as_slice_mut() {
            // SAFETY: `from_cube` builds the array with `padded`, and turns write back through
            // `assign`, so its buffer is never replaced and runs on to the padded length.
            unsafe { g.apply_digits_padded(state, permuted()) }
        }
    }

    /// The digits are the paper's numbers of the colours (1 white 2 blue 3 red 4 orange
    /// 5 green 6 yellow), shown as they are whatever the scheme.
    fn render_in(&self, _scheme: Scheme) -> String {
        super::render_planes(self.cube.view(), |v| format!("{v:>3}"), " ")
    }

    fn apl_value(&self) -> crate::apl::Value {
        crate::apl::Value(
            self.cube
                .map(|&v| crate::apl::Elem::Num(v as f64))
                .into_dyn(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::moves::PaperLetter;

    crate::rep::testing::the_papers_checks!(Numeric, RepKind::Numeric,
        goal: "135 130 136\n105 100 106\n145 140 146\n\n \
             35  30  36\n  5   0   6\n 45  40  46\n\n\
             235 230 236\n205 200 206\n245 240 246",
        shape: [3, 3, 3], bytes: 54, element: "3-digit integer (u16)");

    fn after(letter: PaperLetter) -> Array3<u16> {
        let mut n = Numeric::from_cube(&Cube::solved());
        n.turn(letter.turn()).unwrap();
        n.cube
    }

    #[test]
    fn orientation_moves_permute_digits_as_the_paper_indexes_them() {
        // X: [2 1 3;;;] swaps up/down with back/front; the up-back-left corner 135 goes to
        // up-front-left.
        let x = after(PaperLetter::X);
        assert_eq!(x[[0, 2, 0]], 315);
        assert_eq!(x[[0, 0, 0]], 325);
        // Y: [3 2 1;;;] swaps up/down with left/right; 135 goes to down-back-left.
        assert_eq!(after(PaperLetter::Y)[[2, 0, 0]], 531);
        // Z: [1 3 2;;;] swaps back/front with left/right; 135 goes to up-back-right.
        assert_eq!(after(PaperLetter::Z)[[0, 0, 2]], 153);
    }

    #[test]
    fn every_cell_keeps_its_digits_under_orientation_moves() {
        let goal = Numeric::from_cube(&Cube::solved()).cube;
        let sorted = |v: u16| {
            let mut d = [v / 100, v / 10 % 10, v % 10];
            d.sort();
            d
        };
        let mut goal_digits: Vec<_> = goal.iter().map(|&v| sorted(v)).collect();
        goal_digits.sort();
        for letter in [PaperLetter::X, PaperLetter::Y, PaperLetter::Z] {
            let mut moved: Vec<_> = after(letter).iter().map(|&v| sorted(v)).collect();
            moved.sort();
            assert_eq!(moved, goal_digits, "{letter:?}");
        }
    }

    #[test]
    fn digit_permutation_table() {
        let t = permuted();
        assert_eq!(t[0][135], 135);
        assert_eq!(t[2][135], 315);
        assert_eq!(t[5][135], 531);
        assert_eq!(t[1][135], 153);
    }
}
