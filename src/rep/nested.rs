//! # Nested Representation
//!
//! > Lastly, we consider representing Rubik's Cube as a nested array: a 3-by-3-by-3 array of
//! > 'regular' 3-element vectors (padded with jots):
//! >
//! > ```text
//! > WRG WR∘ WRY    ∘RG ∘R∘ ∘RY    BRG BR∘ BRY
//! > W∘G W∘∘ W∘Y    ∘∘G ∘∘∘ ∘∘Y    B∘G B∘∘ B∘Y
//! > WOG WO∘ WOY    ∘OG ∘O∘ ∘OY    BOG BO∘ BOY
//! > ```
//!
//! Each cubie's vector holds its up/down, back/front and left/right colour letters, in that
//! order, like the numeric representation's digits. An orientation move permutes each
//! vector (the paper's cover function `PERMUTE` under the operator `EACHRIGHT`, that is
//! `ω["2 1 3"]` on every cubie) and then does the numeric representation's reversal and
//! transpose. "One particularly elegant aspect": the permutation indices of the transpose and
//! of the vectors are identical. Quarter-turns are "the same as for the Numeric
//! Representation".
//!
//! **Every size.** As for numeric, nothing here names the size: the N×N×N cube is an N×N×N
//! array of 3-vectors (jots inside the cube), and a quarter-turn of any layer or block of
//! layers is the orientation move on that block.
//!
//! The scan prints `2 1 3⓪⓪[1]…` for all three lines; read like the numeric ones, the
//! reversal is `⊖[1]` for X, `⌽[3]` for Y and `⌽[2]` for Z, and each inverse reverses the
//! other axis of the transposed pair.

use ndarray::{Array3, ArrayView3, Axis};

use super::cubie::{cube_from_cubies, cubie_colours};
use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{on_layers, reverse, transpose};
use crate::state::cube::Cube;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis};

/// The byte stored for the paper's jot, padding a cubie's vector where it has no sticker.
pub const JOT: u8 = 0;

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
// The same permutations and reversals as the numeric representation's (the paper: "the
// permutation indices of dyadic transposition and indexing are identical"), applied to each
// cubie's vector by PERMUTE EACHRIGHT instead of to its digits:
// X: 2 1 3⍉⊖[1]2 1 3 PERMUTE EACHRIGHT ω      X̄: 2 1 3⍉⊖[2]2 1 3 PERMUTE EACHRIGHT ω
// Y: 3 2 1⍉⌽[3]3 2 1 PERMUTE EACHRIGHT ω      Ȳ: 3 2 1⍉⌽[1]3 2 1 PERMUTE EACHRIGHT ω
// Z: 1 3 2⍉⌽[2]1 3 2 PERMUTE EACHRIGHT ω      Z̄: 1 3 2⍉⌽[3]1 3 2 PERMUTE EACHRIGHT ω
/// The permutation `P` of X, Y or Z, and the axes reversed for it and for its inverse.
fn orientation(axis: PaperAxis) -> ([usize; 3], usize, usize) {
    match axis {
        PaperAxis::X => ([2, 1, 3], 1, 2),
        PaperAxis::Y => ([3, 2, 1], 3, 1),
        PaperAxis::Z => ([1, 3, 2], 2, 3),
    }
}

/// The array axis whose layers a paper axis turns: X the columns, Y the rows, Z the planes.
fn layer_axis(axis: PaperAxis) -> Axis {
    Axis(2 - axis as usize)
}

/// The paper's X, Y or Z (or its inverse) on any array of 3-element vectors:
/// `P⍉⌽[k]P PERMUTE EACHRIGHT ω`. It serves a single layer as well as the whole cube.
pub fn orient<T: Copy>(
    axis: PaperAxis,
    inverse: bool,
    omega: ArrayView3<[T; 3]>,
) -> Array3<[T; 3]> {
    let (perm, k, k_inverse) = orientation(axis);
    let permuted = omega.map(|v| perm.map(|p| v[p - 1]));
    transpose(
        &perm,
        reverse(permuted, if inverse { k_inverse } else { k }),
    )
}

// L: (Xω[;;,1]),[3] ω[;;,2],[3] ω[;;,3]    and likewise C R, B H F (Y), U M D (Z); on the
// N×N×N any layer or block of layers, as for numeric
/// Makes a quarter-turn of a block of layers on any array of 3-element vectors.
pub fn transform<T: Copy>(m: LayerTurn, omega: ArrayView3<[T; 3]>) -> Array3<[T; 3]> {
    let turn = |w: ArrayView3<[T; 3]>| orient(m.axis, m.inverse, w);
    if m.is_whole(omega.len_of(Axis(0))) {
        turn(omega)
    } else {
        on_layers(omega, layer_axis(m.axis), m.layers(), turn)
    }
}
// moves:end

super::state_type! {
    /// The N×N×N array (the paper's 3×3×3) of 3-letter vectors: each cubie's up/down, back/front and left/right
    /// colour letters, [`JOT`] where it has no such sticker (shown `∘`).
    ///
    /// ```
    /// use cubework::rep::{Nested, Representation};
    /// use cubework::{Cube, PaperLetter};
    /// let mut n = Nested::from_cube(&Cube::solved());
    /// assert_eq!(n.render().lines().next(), Some("WRG WR∘ WRY"));
    /// n.turn(PaperLetter::X.turn()).unwrap();
    /// assert_eq!(n.render().lines().next(), Some("RBG RB∘ RBY"));
    /// ```
    Nested(Array3<[u8; 3]>)
}

impl Representation for Nested {
    fn from_cube(cube: &Cube) -> Nested {
        let n = cube.size();
        let cube = Array3::from_shape_fn((n, n, n), |(p, r, c)| {
            cubie_colours(cube, p, r, c).map(|f| f.map_or(JOT, |f| f.paper_letter() as u8))
        });
        Nested {
            cube: super::padded(cube, [JOT; 3]),
        }
    }

    fn to_cube(&self) -> Cube {
        cube_from_cubies(self.size(), |p, r, c| {
            self.cube[[p, r, c]].map(|b| Face::from_paper_letter(b as char))
        })
    }

    fn size(&self) -> usize {
        self.cube.len_of(Axis(0))
    }

    super::array_methods!(Nested, [u8; 3], "3-letter vector ([u8; 3])");

    fn turn(&mut self, m: LayerTurn) -> Result<(), MoveError> {
        check_defined(self.kind(), self.size(), m)?;
        let turned = transform(m, self.cube.view());
        self.cube.assign(&turned); // in place: the buffer stays contiguous for compiled turns
        Ok(())
    }

    /// Runs the move on an array whose vectors hold their own byte offsets, `3×cell + slot`,
    /// giving a gather over the state's bytes (81 on the 3×3×3).
    fn compile(&self, m: LayerTurn) -> Result<Gather, MoveError> {
        check_defined(self.kind(), self.size(), m)?;
        let (planes, rows, cols) = self.cube.dim();
        let iota = Array3::from_shape_fn((planes, rows, cols), |(p, r, c)| {
            let cell = ((p * rows + r) * cols + c) as u16;
            [0, 1, 2].map(|slot| 3 * cell + slot)
        });
        let moved = transform(m, iota.view());
        Ok(Gather::new(
            moved.iter().flat_map(|v| v.iter().map(|&s| s as usize)),
        ))
    }

    /// In place over the bytes: a SIMD byte shuffle where the gather takes one (see
    /// [`crate::base::simd`]), else a gather of the bytes that change.
    fn turn_compiled(&mut self, g: &Gather) {
        if let Some(state) = self.cube.as_slice_mut() {
            // SAFETY: `from_cube` builds the array with `padded`, and turns write back through
            // `assign`, so its buffer is never replaced and runs on to the padded length.
            unsafe { g.apply_bytes_padded(state.as_flattened_mut()) }
        }
    }

    fn apl_value(&self) -> crate::apl::Value {
        use crate::apl::{Elem, Value};
        let cubie = |v: &[u8; 3]| {
            let letters = v.iter().map(|&b| if b == JOT { '∘' } else { b as char });
            Elem::Boxed(std::sync::Arc::new(Value::vector(
                letters.map(Elem::Char).collect(),
            )))
        };
        Value(self.cube.map(cubie).into_dyn())
    }

    fn render_in(&self, scheme: Scheme) -> String {
        super::render_planes(
            self.cube.view(),
            |v| {
                v.iter()
                    .map(|&b| {
                        if b == JOT {
                            '∘'
                        } else {
                            scheme.shown_letter(b as char)
                        }
                    })
                    .collect()
            },
            " ",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rep::testing::the_papers_checks!(Nested, RepKind::Nested,
        goal: "WRG WR∘ WRY\nW∘G W∘∘ W∘Y\nWOG WO∘ WOY\n\n\
             ∘RG ∘R∘ ∘RY\n∘∘G ∘∘∘ ∘∘Y\n∘OG ∘O∘ ∘OY\n\n\
             BRG BR∘ BRY\nB∘G B∘∘ B∘Y\nBOG BO∘ BOY",
        shape: [3, 3, 3], bytes: 81, element: "3-letter vector ([u8; 3])");

    #[test]
    fn agrees_with_numeric_cell_for_cell() {
        use crate::rep::Numeric;
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        let cube = crate::rep::testing::scrambled(&mut rng, 30);
        let nested = Nested::from_cube(&cube);
        let numeric = Numeric::from_cube(&cube);
        for (v, &n) in nested.array().iter().zip(numeric.array().iter()) {
            let digits = v.map(|b| Face::from_paper_letter(b as char).map_or(0, |f| f.digit()));
            assert_eq!(
                n,
                digits.iter().fold(0u16, |a, &d| 10 * a + d as u16),
                "{v:?}"
            );
        }
    }
}
