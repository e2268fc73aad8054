//! # Visual Representation
//!
//! > Here the cube is represented in an 11-by-11 matrix, containing literal characters
//! > representing all facelet colors -- except the \[down\] center. These 53 literals are placed
//! > along horizontal, vertical, and diagonal lines against a background of blanks […] The
//! > display is intended to give the visual appearance of a square pyramid, viewed from atop,
//! > as if the cube were stretched out from the bottom and flattened onto a 2-dimensional
//! > surface.
//!
//! The up face sits at rows and columns 4–6 (0-based). A side sticker at distance d = 1, 2, 3
//! from the up face (its face row + 1) lies on row `4−d` (back), column `4−d` (left), row
//! `6+d` (front) or column `6+d` (right), its three stickers at `5−d, 5, 5+d` along that line.
//! The down face's eight outer stickers sit at the corners and edge midpoints of the matrix,
//! each nearest the sides it borders; the down centre is not stored (it is the up centre's
//! opposite). X, Y, C and H, which would move it, are not defined.
//!
//! Z is a rotation of the whole picture, U of its central 5-by-5 and D of everything outside
//! its central 7-by-7. "The others are tedious piece-by-piece transformations": L is a table
//! of cell assignments, and F, R, B are L conjugated by Z (Z brings the front to the left).
//!
//! **Other sizes.** The 2×2×2 is the 3×3×3 without its middle slices; its 24 stickers are the
//! 3×3×3's corner stickers, which the picture puts on every row and column but the centre
//! ones. So the 2×2×2's visual is the paper's picture with the centre row and column taken out
//! (10×10, edges and centres blank), and its moves are the paper's, made on the picture with
//! the centre row and column put back (APL's `\` expand and `/` compress): a 2×2×2 layer is
//! the 3×3×3's outer layer on its side. It has no down centre to leave out, so X and Y are
//! defined there (as L R and B F). From the 4×4×4 on the picture does not extend: spreading
//! a face's row d cells apart keeps its corner columns on the diagonals only for three layers,
//! and the down face's inner stickers have no place in it ([`RepKind::size_limit`]).
//!
//! Reading the scan: `ϕϕ` stands for both `⌽⍉` and `⊖⍉`; in `U: ω[I;I]+ω[I;I+3+15] * ω`
//! the `←` became `+`, `⍳` became `1`, `⋄` became `*`, and the `⌽⍉` before `ω[I;I…]` was
//! lost (as printed it would change nothing). D as printed, `ω[I;I]←ω[I;I←2+⍳7]`, is the part
//! that puts the central 7-by-7 back after turning the whole matrix; the turn itself is
//! missing. M's bars were lost: `M: Ū D̄ Z ω`. The paper says the back centre is missing; it
//! is the down (bottom) centre, as its discussion says.

use ndarray::{Array2, ArrayView2, Axis, s};

use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{compress, expand, rot_ccw, rot_cw};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperLetter};

/// The blank background.
const BLANK: u8 = b' ';

/// The side of the matrix.
const SIDE: usize = 11;

/// The rows and columns of the paper's picture that the 2×2×2's keeps: all but the centre.
const KEEP: [usize; 10] = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10];

/// The cell, 0-based `[row, col]`, that shows sticker `(row, col)` of `face`'s layout, or
/// `None` for the down centre.
fn cell_of(face: Face, i: usize, j: usize) -> Option<[usize; 2]> {
    let d = i + 1; // distance from the up face, for side stickers
    let along = |sign: isize| (5 + sign * (j as isize - 1) * d as isize) as usize;
    Some(match face {
        Face::U => [4 + i, 4 + j],
        Face::F => [7 + i, along(1)],
        Face::B => [3 - i, along(-1)],
        Face::L => [along(1), 3 - i],
        Face::R => [along(-1), 7 + i],
        Face::D => match (i, j) {
            (1, 1) => return None,
            // Seen from below, row 0 borders the front (the bottom of the picture) and
            // column 0 the left.
            (i, j) => [10 - 5 * i, 5 * j],
        },
    })
}

/// The (cell, sticker) pairs of the `n`×`n`×`n` cube's picture (53 for the 3×3×3, 24 for
/// the 2×2×2), stickers in [`Geometry`] numbering.
fn cells(n: usize) -> impl Iterator<Item = ([usize; 2], usize)> {
    let g = Geometry::of(n);
    (0..g.sticker_count()).filter_map(move |s| {
        let (face, k) = (g.face_of(s), s % (n * n));
        let (i, j) = (k / n, k % n);
        if n == 3 {
            cell_of(face, i, j).map(|cell| (cell, s))
        } else {
            // The 2×2×2's sticker is the 3×3×3's corner sticker, in the picture less its
            // centre row and column.
            let [r, c] = cell_of(face, 2 * i, 2 * j).expect("corners are all drawn");
            let shrink = |x: usize| if x > 5 { x - 1 } else { x };
            Some(([shrink(r), shrink(c)], s))
        }
    })
}

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// L, piece by piece: `ω[to]←ω[from]` for each `(to, from)` pair of 0-based cells.
const L: [([usize; 2], [usize; 2]); 20] = [
    // up's left column from the back's right column, bottom first
    ([4, 4], [1, 2]),
    ([5, 4], [2, 3]),
    ([6, 4], [3, 4]),
    // the left face turns clockwise: its corners and edges each go to the next
    ([4, 3], [2, 1]),
    ([2, 1], [8, 1]),
    ([8, 1], [6, 3]),
    ([6, 3], [4, 3]),
    ([5, 3], [3, 2]),
    ([3, 2], [5, 1]),
    ([5, 1], [7, 2]),
    ([7, 2], [5, 3]),
    // the front's left column from up's
    ([7, 4], [4, 4]),
    ([8, 3], [5, 4]),
    ([9, 2], [6, 4]),
    // the back's right column from down's left column, reversed
    ([3, 4], [0, 0]),
    ([2, 3], [5, 0]),
    ([1, 2], [10, 0]),
    // down's left column from the front's
    ([10, 0], [7, 4]),
    ([5, 0], [8, 3]),
    ([0, 0], [9, 2]),
];

/// `⌽⍉ω` (clockwise seen from above), or `⊖⍉ω` for the inverse.
fn spin<T: Copy>(omega: ArrayView2<T>, inverse: bool) -> Array2<T> {
    if inverse {
        rot_ccw(omega)
    } else {
        rot_cw(omega)
    }
}

/// Makes a quarter-turn of a block of layers on any matrix laid out as the visual
/// representation: on the 11×11 the paper's moves (a block of layers as the moves of its
/// layers), on the 2×2×2's 10×10 the same through the picture with its centre row and column
/// put back. Turns that would move the down centre are not defined (`check_defined` refuses
/// them first); they leave it unchanged.
pub fn transform<T: Copy>(m: LayerTurn, omega: ArrayView2<T>) -> Array2<T> {
    if omega.len_of(Axis(0)) != SIDE {
        return two(m, omega);
    }
    if let Some(letter) = m.paper(3).and_then(|p| p.paper_letter()) {
        return paper(letter, m.inverse, omega);
    }
    let mut out = omega.to_owned();
    for layer in m.layers() {
        let letter = PaperLetter::of_slice(m.axis, layer);
        out = paper(letter, m.inverse, out.view());
    }
    out
}

/// The paper's move `letter` (its inverse when `inv`) on the 11×11 picture.
fn paper<T: Copy>(letter: PaperLetter, inv: bool, omega: ArrayView2<T>) -> Array2<T> {
    use PaperLetter as P;
    let t = |letter, inverse, w: ArrayView2<T>| paper(letter, inverse, w);
    let mid = omega.len_of(Axis(0)) / 2;
    match letter {
        // Z: ⌽⍉ω      Z̄: ⊖⍉ω
        P::Z => spin(omega, inv),
        // U: ω[I;I]←⌽⍉ω[I;I←3+⍳5]
        P::U => {
            let i = mid - 2..=mid + 2;
            let mut out = omega.to_owned();
            out.slice_mut(s![i.clone(), i.clone()])
                .assign(&spin(omega.slice(s![i.clone(), i]), inv));
            out
        }
        // D: (⌽⍉ω), then ω[I;I]←ω[I;I←2+⍳7] puts the central 7-by-7 back
        P::D => {
            let i = mid - 3..=mid + 3;
            let mut out = spin(omega, inv);
            out.slice_mut(s![i.clone(), i.clone()])
                .assign(&omega.slice(s![i.clone(), i]));
            out
        }
        // M: Ū D̄ Z ω      M̄: U D Z̄ ω
        P::M => t(P::U, !inv, t(P::D, !inv, t(P::Z, inv, omega).view()).view()),
        P::L => {
            let mut out = omega.to_owned();
            for (to, from) in L {
                let (to, from) = if inv { (from, to) } else { (to, from) };
                out[to] = omega[from];
            }
            out
        }
        // F: Z̄ L̄ Z ω (the front brought to the left and turned back, clockwise seen from
        // the front being the inverse of the paper's F)
        P::F => t(
            P::Z,
            true,
            t(P::L, !inv, t(P::Z, false, omega).view()).view(),
        ),
        // R: Z Z L̄ Z Z ω (the right brought to the left)
        P::R => {
            let zz = |w: ArrayView2<T>| t(P::Z, false, t(P::Z, false, w).view());
            zz(t(P::L, !inv, zz(omega).view()).view())
        }
        // B: Z L Z̄ ω (the back brought to the left)
        P::B => t(
            P::Z,
            false,
            t(P::L, inv, t(P::Z, true, omega).view()).view(),
        ),
        P::X | P::Y | P::C | P::H => omega.to_owned(),
    }
}
// general:begin — the lines only the N×N×N form needs, counted by `paper` for "general".
/// A turn of the 2×2×2 on its 10×10 picture: expanded to the paper's 11×11
/// (`K⍀K\ω` with `K←1 1 1 1 1 0 1 1 1 1 1`), turned layer by layer as the 3×3×3's outer
/// layers (the 2×2×2's layer 1 is the 3×3×3's layer 2), compressed back (`K⌿K/ω`).
fn two<T: Copy>(m: LayerTurn, omega: ArrayView2<T>) -> Array2<T> {
    let fill = omega[[0, 0]];
    let spread = (0..SIDE).map(|i| KEEP.contains(&i)).collect::<Vec<_>>();
    let wide = expand(&spread, omega, 2, fill).expect("a 10×10 picture");
    let mut big = expand(&spread, wide.view(), 1, fill).expect("a 10×10 picture");
    for layer in m.layers() {
        let letter = PaperLetter::of_slice(m.axis, 2 * layer);
        big = paper(letter, m.inverse, big.view());
    }
    compress(&spread, compress(&spread, big.view(), 1).view(), 2)
}
// general:end
// moves:end

super::state_type! {
    /// The 11×11 matrix of colour letters on a blank background (10×10 for the 2×2×2): the cube
    /// seen from above as a square pyramid.
    ///
    /// ```
    /// use cubework::rep::{Representation, Visual};
    /// use cubework::{Cube, PaperLetter};
    /// let mut v = Visual::from_cube(&Cube::solved());
    /// assert_eq!(v.render().lines().nth(5), Some("B G G G W W W Y Y Y B"));
    /// v.turn(PaperLetter::Z.turn()).unwrap(); // ⌽⍉ω: the front comes to the left
    /// assert_eq!(v.render().lines().nth(5), Some("B O O O W W W R R R B"));
    /// ```
    Visual(Array2<u8>)
}

impl Representation for Visual {
    fn from_cube(cube: &Cube) -> Visual {
        let n = cube.size();
        let side = if n == 3 { SIDE } else { KEEP.len() };
        let mut array = Array2::from_elem((side, side), BLANK);
        for (cell, s) in cells(n) {
            array[cell] = cube.stickers()[s].paper_letter() as u8;
        }
        Visual {
            cube: super::padded(array, BLANK),
        }
    }

    fn to_cube(&self) -> Cube {
        let n = self.size();
        let g = Geometry::of(n);
        let mut stickers: Vec<Face> = (0..g.sticker_count()).map(|i| g.face_of(i)).collect();
        for (cell, s) in cells(n) {
            stickers[s] = Face::from_paper_letter(self.cube[cell] as char).unwrap_or(stickers[s]);
        }
        if n == 3 {
            let up = stickers[g.index(Face::U, 1, 1)];
            stickers[g.index(Face::D, 1, 1)] = up.opposite();
        }
        Cube::from_stickers(n, stickers).expect("a visual matrix made from a cube holds a cube")
    }

    fn size(&self) -> usize {
        if self.cube.len_of(Axis(0)) == SIDE {
            3
        } else {
            2
        }
    }

    super::byte_array_methods!(Visual, "letter or blank (u8)");

    /// The paper's display `(22⍴1 0)\CUBE`: each cell followed by a blank, so that the
    /// picture looks square (trailing blanks trimmed).
    fn render_in(&self, scheme: Scheme) -> String {
        self.cube
            .outer_iter()
            .map(|row| {
                let line: String = row
                    .iter()
                    .flat_map(|&b| [scheme.shown_letter(b as char), ' '])
                    .collect();
                line.trim_end().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rep::testing::the_papers_checks!(Visual, RepKind::Visual,
        goal: [
            "B         B         B",
            "    R     R     R",
            "  G   R   R   R   Y",
            "    G   R R R   Y",
            "      G W W W Y",
            "B G G G W W W Y Y Y B",
            "      G W W W Y",
            "    G   O O O   Y",
            "  G   O   O   O   Y",
            "    O     O     O",
            "B         B         B",
        ]
        .join("\n"),
        shape: [11, 11], bytes: 121);

    #[test]
    fn the_goal_state_has_fifty_three_sticker_cells() {
        let v = Visual::from_cube(&Cube::solved());
        assert_eq!(v.array().iter().filter(|&&b| b != BLANK).count(), 53);
    }

    #[test]
    fn x_y_c_h_are_undefined_and_named() {
        crate::rep::testing::refuses_x_y_c_h(RepKind::Visual);
    }

    #[test]
    fn the_l_table_is_a_permutation_of_sticker_cells() {
        let stickers: Vec<[usize; 2]> = cells(3).map(|(c, _)| c).collect();
        let mut to: Vec<_> = L.iter().map(|p| p.0).collect();
        let mut from: Vec<_> = L.iter().map(|p| p.1).collect();
        to.sort();
        from.sort();
        assert_eq!(to, from);
        assert!(to.iter().all(|c| stickers.contains(c)));
        to.dedup();
        assert_eq!(to.len(), L.len());
    }
}
