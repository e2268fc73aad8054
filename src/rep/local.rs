//! # Local Representation
//!
//! > An alternative representation of Rubik's Cube is a 6-by-3-by-3 cubic array. Each face of
//! > the cube is a 3 by 3 matrix, where each facelet's color is represented by a literal
//! > character […] The positions of the characters in each matrix correspond to the positions
//! > of colors on each respective face of the cube viewed locally -- that is, as they would be
//! > seen looking directly at a face (with the origin at the top, left).
//!
//! Faces in the paper's order (up, down, back, front, left, right), each in the layout of
//! [the conventions](crate::guide::conventions), so `local[f][r][c]` is the facelet at row `r`, column `c` of face
//! `Face::PAPER[f]`.
//!
//! Orientation moves are done "face by face and then pieced together": each new face is an
//! old face, perhaps rotated, and the paper's `;` laminates the six along a new first axis
//! (`ndarray::stack`). Quarter-turns are "defined independently": a rotation of the turned face
//! (none for the middle slices C, H, M) and a ring of four strips — a row or column of each of
//! the four faces around it — each strip's stickers going to the next strip.
//!
//! **Every size.** The faces are N×N matrices and nothing else changes: X, Y and Z turn
//! and laminate whole faces whatever their size, and a quarter-turn of layer `k` is a face
//! rotation (for the outer layers `k = 0` and `N − 1` only) and a ring of four strips `k`
//! rows or columns in; a wide turn is that for each layer of its block. The ring table is
//! written once per axis with the layer as a parameter, L, C and R being layers 0, 1 and 2.
//!
//! Reading the scan: `ϕϕ` stands for both `⌽⍉` (clockwise) and `⊖⍉` (counter-clockwise),
//! and `Θϕ` for `⊖⌽` (half-turn); which is which is fixed by the geometry and checked by the
//! conformance test. In the L line the `,` joining a column to the rest of a face came through
//! as `;`. The paper prints X, Y, Z and L only; Y's rotations, the inverses and the other
//! quarter-turns are reconstructed the same way.

use ndarray::{Array2, Array3, ArrayView2, ArrayView3, Axis};

use super::layout::{BACK, DOWN, FRONT, LEFT, RIGHT, UP, face, quarter_turns};
use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{laminate as stack, rot_ccw as ccw, rot_cw as cw, rot_half as half};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis};

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// A face as it is.
fn same<T: Copy>(m: ArrayView2<T>) -> Array2<T> {
    m.to_owned()
}

/// The paper's `a;b;c;d;e;[.5]f`: six faces laminated along a new first axis.
fn laminate<T: Copy>(faces: [Array2<T>; 6]) -> Array3<T> {
    stack(&faces.each_ref().map(|f| f.view())).expect("six faces of one shape")
}

/// Makes a quarter-turn of a block of layers on any 6×N×N array laid out as the local
/// representation: X, Y and Z (every layer) face by face, others layer by layer.
pub fn transform<T: Copy>(m: LayerTurn, omega: ArrayView3<T>) -> Array3<T> {
    use PaperAxis as P;
    let n = omega.len_of(Axis(1));
    let w = |f| face(omega, f);
    if !m.is_whole(n) {
        return quarter_turns(m, omega);
    }
    // Six faces, each `same` or turned a `half` (`⊖⌽`), clockwise (`cw`, `⌽⍉`) or
    // counter-clockwise (`ccw`, `⊖⍉`), laminated in the paper's order.
    macro_rules! faces {
        ($($how:ident $face:ident),*) => {
            laminate([$($how(w($face))),*])
        };
    }
    match (m.axis, m.inverse) {
        // X: (⊖⌽ω[3;;]);ω[4;;];(⊖⌽ω[2;;]);ω[1;;];(⌽⍉ω[5;;]);[.5](⊖⍉ω[6;;])
        (P::X, false) => faces![half BACK, same FRONT, half DOWN, same UP, cw LEFT, ccw RIGHT],
        // X̄: ω[4;;];(⊖⌽ω[3;;]);(⊖⌽ω[1;;]);ω[2;;];(⊖⍉ω[5;;]);[.5](⌽⍉ω[6;;])
        (P::X, true) => faces![same FRONT, half BACK, half UP, same DOWN, ccw LEFT, cw RIGHT],
        // Y: (⊖⍉ω[6;;]);(⊖⍉ω[5;;]);(⌽⍉ω[3;;]);(⊖⍉ω[4;;]);(⊖⍉ω[1;;]);[.5](⊖⍉ω[2;;])
        (P::Y, false) => faces![ccw RIGHT, ccw LEFT, cw BACK, ccw FRONT, ccw UP, ccw DOWN],
        // Ȳ: (⌽⍉ω[5;;]);(⌽⍉ω[6;;]);(⊖⍉ω[3;;]);(⌽⍉ω[4;;]);(⌽⍉ω[2;;]);[.5](⌽⍉ω[1;;])
        (P::Y, true) => faces![cw LEFT, cw RIGHT, ccw BACK, cw FRONT, cw DOWN, cw UP],
        // Z: (⌽⍉ω[1;;]);(⊖⍉ω[2;;]);ω[5 6 4 3;;]
        (P::Z, false) => faces![cw UP, ccw DOWN, same LEFT, same RIGHT, same FRONT, same BACK],
        // Z̄: (⊖⍉ω[1;;]);(⌽⍉ω[2;;]);ω[6 5 3 4;;]
        (P::Z, true) => faces![ccw UP, cw DOWN, same RIGHT, same LEFT, same BACK, same FRONT],
    }
}

// moves:end

super::state_type! {
    /// The 6×N×N array of colour letters (the paper's 6×3×3): an N×N matrix per face, faces in
    /// the paper's order.
    ///
    /// ```
    /// use cubework::rep::{Local, Representation};
    /// use cubework::{Cube, PaperLetter};
    /// let mut l = Local::from_cube(&Cube::solved());
    /// assert!(l.render().starts_with("WWW\nWWW\nWWW\n\nBBB\n"));
    /// l.turn(PaperLetter::U.turn()).unwrap();
    /// assert_eq!(l.array().slice(ndarray::s![2, 0, ..]).to_vec(), b"GGG"); // back's top row, from the left
    /// ```
    Local(Array3<u8>)
}

impl Representation for Local {
    fn from_cube(cube: &Cube) -> Local {
        let n = cube.size();
        let cube = Array3::from_shape_fn((6, n, n), |(f, r, c)| {
            cube.sticker(Face::PAPER[f], r, c).paper_letter() as u8
        });
        Local {
            cube: super::padded(cube, b' '),
        }
    }

    fn to_cube(&self) -> Cube {
        let n = self.size();
        let g = Geometry::of(n);
        let mut stickers = vec![Face::U; 6 * n * n];
        for ((f, r, c), &letter) in self.cube.indexed_iter() {
            let face = Face::PAPER[f];
            stickers[g.index(face, r, c)] = Face::from_paper_letter(letter as char).unwrap_or(face);
        }
        Cube::from_stickers(n, stickers).expect("a local array made from a cube holds a cube")
    }

    fn size(&self) -> usize {
        self.cube.len_of(Axis(1))
    }

    super::byte_array_methods!(Local, "letter (u8)");

    /// The paper's display of `CUBE`: the six 3×3 matrices one below another, a blank line
    /// between them.
    fn render_in(&self, scheme: Scheme) -> String {
        super::render_planes(
            self.cube.view(),
            |&b| scheme.shown_letter(b as char).to_string(),
            "",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rep::testing::the_papers_checks!(Local, RepKind::Local,
        goal: ["WWW", "BBB", "RRR", "OOO", "GGG", "YYY"]
            .map(|row| [row; 3].join("\n"))
            .join("\n\n"),
        shape: [6, 3, 3], bytes: 54, element: "letter (u8)");

    #[test]
    fn every_move_is_defined() {
        assert_eq!(RepKind::Local.defined_moves().len(), 24);
    }
}
