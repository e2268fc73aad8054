//! # 4-D Representation
//!
//! > This representation employs a 4-dimensional literal array for Rubik's Cube. Each cubie
//! > is a planar vector (in the 2nd dimension) with facelet colors in up/down, back/front,
//! > left/right order going down each of three 3-by-3 matrices. […] Note also that the
//! > bottom colors are shown in place, looking from above, as if the cube were transparent.
//! > Each 3-by-3-by-3 array, then, is a layer of Rubik's Cube, illustrated below
//! > side-by-side (to conserve paper).
//!
//! The array is indexed `[plane, slot, row, col]`: for each plane (up → down) three 3×3
//! matrices of colour letters, slot 0 the up/down colours, slot 1 back/front, slot 2
//! left/right, blank where the cubie has no such sticker. A cubie's three colours run down
//! the slot axis, so an orientation move reorders the slots where the numeric representation
//! reorders digits, and otherwise does the same reversal and transpose (with the slot axis
//! left in place). Quarter-turns apply an orientation move to one layer, "as in the Numeric
//! Representation", e.g. `L: (Xω[;;;,1]),ω[;;;2 3]`.
//!
//! **Every size.** As for numeric nothing in these lines names the size: the N×N×N cube is an
//! N×3×N×N array (a plane of three N×N matrices per layer, blank inside the cube), and a
//! quarter-turn of any layer or block of layers is the orientation move on that block.
//!
//! The scan shows the transposes and reversals all as `⓪⓪`; the reading below (transpose of
//! a reversal, as in the numeric lines) is the one that passes the conformance check. The
//! paper says only "inverses, similarly": as for numeric, each inverse reverses the other
//! axis of the transposed pair.

use ndarray::{Array4, ArrayView4, Axis};

use super::cubie::{cube_from_cubies, cubie_colours};
use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{on_layers, reverse, transpose};
use crate::state::cube::Cube;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis};

/// The letter where a cubie has no sticker.
pub const BLANK: u8 = b' ';

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// One orientation move as the paper writes it, `P⍉⌽[k]ω[;S;;]`, 1-based as in APL.
#[derive(Clone, Copy, Debug)]
struct Orientation {
    /// The left argument `P` of the dyadic transpose.
    transpose: [usize; 4],
    /// The slot indexing `S`.
    slots: [usize; 3],
    /// The axis `k` reversed for the move itself.
    reverse: usize,
    /// The axis reversed for its inverse (the other axis of the transposed pair).
    reverse_inverse: usize,
}

// X: 3 2 1 4⍉⊖[1]ω[;2 1 3;;]      X̄: 3 2 1 4⍉⌽[3]ω[;2 1 3;;]
const X: Orientation = Orientation {
    transpose: [3, 2, 1, 4],
    slots: [2, 1, 3],
    reverse: 1,
    reverse_inverse: 3,
};
// Y: 4 2 3 1⍉⌽[4]ω[;3 2 1;;]      Ȳ: 4 2 3 1⍉⊖[1]ω[;3 2 1;;]
const Y: Orientation = Orientation {
    transpose: [4, 2, 3, 1],
    slots: [3, 2, 1],
    reverse: 4,
    reverse_inverse: 1,
};
// Z: 1 2 4 3⍉⌽[3]ω[;1 3 2;;]      Z̄: 1 2 4 3⍉⌽[4]ω[;1 3 2;;]
const Z: Orientation = Orientation {
    transpose: [1, 2, 4, 3],
    slots: [1, 3, 2],
    reverse: 3,
    reverse_inverse: 4,
};

/// The paper's X, Y and Z, by [`PaperAxis`].
const ORIENTATIONS: [Orientation; 3] = [X, Y, Z];

/// The array axis whose layers each paper axis turns, in `[plane, slot, row, col]`.
const LAYER_AXES: [usize; 3] = [3, 2, 0];

/// The paper's X, Y or Z (or its inverse) on any `[plane, slot, row, col]` array:
/// `P⍉⌽[k]ω[;S;;]`. Like the numeric one it serves a single layer as well as the whole cube.
pub fn orient<T: Clone>(axis: PaperAxis, inverse: bool, omega: ArrayView4<T>) -> Array4<T> {
    let o = ORIENTATIONS[axis as usize];
    let picked = omega.select(Axis(1), &o.slots.map(|s| s - 1));
    let k = if inverse {
        o.reverse_inverse
    } else {
        o.reverse
    };
    transpose(&o.transpose, reverse(picked, k))
}

// L: (Xω[;;;,1]),ω[;;;2 3]    and likewise C R (columns), B H F (rows, Y), U M D (planes, Z);
// on the N×N×N any layer or block of layers, e.g. Lw on the 4×4×4: (Xω[;;;,1 2]),ω[;;;3 4]
/// Makes a quarter-turn of a block of layers on any `[plane, slot, row, col]` array.
pub fn transform<T: Clone>(m: LayerTurn, omega: ArrayView4<T>) -> Array4<T> {
    let turn = |w: ArrayView4<T>| orient(m.axis, m.inverse, w);
    if m.is_whole(omega.len_of(Axis(0))) {
        turn(omega)
    } else {
        on_layers(omega, Axis(LAYER_AXES[m.axis as usize]), m.layers(), turn)
    }
}
// moves:end

super::state_type! {
    /// The N×3×N×N array (the paper's 3×3×3×3): for each plane, its cubies' up/down, back/front
    /// and left/right colours as three N×N matrices of letters, blank where there is no sticker.
    ///
    /// ```
    /// use cubework::rep::{FourD, Representation};
    /// use cubework::{Cube, PaperLetter};
    /// let mut d = FourD::from_cube(&Cube::solved());
    /// assert_eq!(d.render().lines().next(), Some("WWW  RRR  G Y"));
    /// d.turn(PaperLetter::Z.turn()).unwrap();
    /// assert_eq!(d.array()[[0, 1, 0, 1]], b'G'); // the up-back edge shows the left's green at the back
    /// ```
    FourD(Array4<u8>)
}

impl Representation for FourD {
    fn from_cube(cube: &Cube) -> FourD {
        let n = cube.size();
        let cube = Array4::from_shape_fn((n, 3, n, n), |(p, slot, r, c)| {
            cubie_colours(cube, p, r, c)[slot].map_or(BLANK, |f| f.paper_letter() as u8)
        });
        FourD {
            cube: super::padded(cube, BLANK),
        }
    }

    fn to_cube(&self) -> Cube {
        cube_from_cubies(self.size(), |p, r, c| {
            [0, 1, 2].map(|slot| Face::from_paper_letter(self.cube[[p, slot, r, c]] as char))
        })
    }

    fn size(&self) -> usize {
        self.cube.len_of(Axis(0))
    }

    super::byte_array_methods!(FourD, "letter or blank (u8)");

    /// Each plane as a block of three lines, its three matrices side by side two spaces
    /// apart; blocks separated by a blank line.
    fn render_in(&self, scheme: Scheme) -> String {
        super::join_planes(self.cube.outer_iter().map(|plane| {
            (0..plane.len_of(Axis(1)))
                .map(|r| {
                    let line: Vec<String> = plane
                        .outer_iter()
                        .map(|m| {
                            m.row(r)
                                .iter()
                                .map(|&b| scheme.shown_letter(b as char))
                                .collect()
                        })
                        .collect();
                    line.join("  ").trim_end().to_string()
                })
                .collect()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rep::testing::the_papers_checks!(FourD, RepKind::FourD,
        goal: "WWW  RRR  G Y\nWWW       G Y\nWWW  OOO  G Y\n\n\
             \x20    RRR  G Y\n\x20         G Y\n\x20    OOO  G Y\n\n\
             BBB  RRR  G Y\nBBB       G Y\nBBB  OOO  G Y",
        shape: [3, 3, 3, 3], bytes: 81, element: "letter or blank (u8)");

    #[test]
    fn blanks_where_the_paper_says() {
        // "the 1st matrix in the 2nd cubic sub-array is all blank; all 2nd rows of 2nd
        // matrices have no back/front colors; and 2nd columns of all 3rd matrices similarly
        // have no left/right colors."
        let d = FourD::from_cube(&Cube::solved());
        let a = d.array();
        assert!(
            a.slice(ndarray::s![1, 0, .., ..])
                .iter()
                .all(|&b| b == BLANK)
        );
        assert!(
            a.slice(ndarray::s![.., 1, 1, ..])
                .iter()
                .all(|&b| b == BLANK)
        );
        assert!(
            a.slice(ndarray::s![.., 2, .., 1])
                .iter()
                .all(|&b| b == BLANK)
        );
        assert_eq!(a.iter().filter(|&&b| b != BLANK).count(), 54);
    }
}
