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

use ndarray::{
    Array2, Array3, ArrayView2, ArrayView3, Axis, Ix1, Ix3, SliceInfo, SliceInfoElem, s,
};

use super::{Gather, RepKind, Representation, check_defined, rot_ccw, rot_cw};
use crate::cube::Cube;
use crate::face::Face;
use crate::geometry::Geometry;
use crate::moves::{LayerTurn, MoveError, PaperAxis};

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// The faces' places in the array (the paper's 1-based `ω[1;;]` … `ω[6;;]`, less one).
const UP: usize = 0;
const DOWN: usize = 1;
const BACK: usize = 2;
const FRONT: usize = 3;
const LEFT: usize = 4;
const RIGHT: usize = 5;

/// Face `f` of the array: the paper's `ω[f;;]`.
fn face<T>(omega: ArrayView3<'_, T>, f: usize) -> ArrayView2<'_, T> {
    omega.index_axis_move(Axis(0), f)
}

/// A face as it is.
fn same<T: Copy>(m: ArrayView2<T>) -> Array2<T> {
    m.to_owned()
}

/// A face turned half-way round: APL's `⊖⌽ω`.
fn half<T: Copy>(m: ArrayView2<T>) -> Array2<T> {
    m.slice(s![..;-1, ..;-1]).to_owned()
}

/// The paper's `a;b;c;d;e;[.5]f`: six faces laminated along a new first axis.
fn laminate<T: Copy>(faces: [Array2<T>; 6]) -> Array3<T> {
    let views = faces.each_ref().map(|f| f.view());
    ndarray::stack(Axis(0), &views).expect("six faces of one shape")
}

/// One row or column of one face, in a chosen direction: `s![FRONT, .., 0]` is the front's
/// left column top to bottom, `s![BACK, ..;-1, -1]` the back's right column bottom to top.
type Strip = SliceInfo<[SliceInfoElem; 3], Ix3, Ix1>;

/// A quarter-turn: the turned face and whether it turns clockwise (seen from outside), if
/// the slice has a face, and the ring of four strips around the slice, each strip's stickers
/// going to the next (the last's to the first) in the move's positive sense.
struct QuarterTurn {
    face: Option<(usize, bool)>,
    ring: [Strip; 4],
}

/// The quarter-turn of layer `k` about `axis` of an `n`×`n`×`n` cube. On the 3×3×3 layers
/// 0, 1 and 2 are the paper's L C R (about X), B H F (Y) and U M D (Z); on any cube layer 0
/// and layer `n − 1` turn a face with their ring, the layers between only their ring, `j`
/// places from the other side.
fn quarter_turn(axis: PaperAxis, k: usize, n: usize) -> QuarterTurn {
    let j = n - 1 - k;
    let outer = |low: (usize, bool), high: (usize, bool)| match k {
        0 => Some(low),
        k if k == n - 1 => Some(high),
        _ => None,
    };
    let (face, ring) = match axis {
        // L: ((⌽ω[3;;3]),ω[1;;2 3]);(ω[4;;1],ω[2;;2 3]);(ω[3;;1 2],⌽ω[2;;1]);
        //    (ω[1;;1],ω[4;;2 3]);(⌽⍉ω[5;;]);[.5]ω[6;;]
        // up's left column goes to the front's, the front's to down's, down's (reversed) to
        // the back's right column, and that (reversed) to up's; left turns clockwise. C is
        // the same ring one column in, R at the other side, where right turns
        // counter-clockwise (seen from the right).
        PaperAxis::X => (
            outer((LEFT, true), (RIGHT, false)),
            [
                s![UP, .., k],
                s![FRONT, .., k],
                s![DOWN, .., k],
                s![BACK, ..;-1, j],
            ],
        ),
        // B: up's back row goes to the left's back column, that to down's back row, that to
        // the right's back column and that to up's; back turns clockwise. H is the same ring
        // one row in, F at the front, where front turns counter-clockwise.
        PaperAxis::Y => (
            outer((BACK, true), (FRONT, false)),
            [
                s![UP, k, ..],
                s![LEFT, ..;-1, k],
                s![DOWN, j, ..;-1],
                s![RIGHT, .., j],
            ],
        ),
        // U: the top rows of back, right, front and left, each going to the next; up turns
        // clockwise. M: the middle rows; D: the bottom rows, down turning counter-clockwise
        // (seen from below).
        PaperAxis::Z => (
            outer((UP, true), (DOWN, false)),
            [
                s![BACK, k, ..],
                s![RIGHT, k, ..],
                s![FRONT, k, ..],
                s![LEFT, k, ..],
            ],
        ),
    };
    QuarterTurn { face, ring }
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
    match (m.axis, m.inverse) {
        // X: (⊖⌽ω[3;;]);ω[4;;];(⊖⌽ω[2;;]);ω[1;;];(⌽⍉ω[5;;]);[.5](⊖⍉ω[6;;])
        (P::X, false) => laminate([
            half(w(BACK)),
            same(w(FRONT)),
            half(w(DOWN)),
            same(w(UP)),
            rot_cw(w(LEFT)),
            rot_ccw(w(RIGHT)),
        ]),
        // X̄: ω[4;;];(⊖⌽ω[3;;]);(⊖⌽ω[1;;]);ω[2;;];(⊖⍉ω[5;;]);[.5](⌽⍉ω[6;;])
        (P::X, true) => laminate([
            same(w(FRONT)),
            half(w(BACK)),
            half(w(UP)),
            same(w(DOWN)),
            rot_ccw(w(LEFT)),
            rot_cw(w(RIGHT)),
        ]),
        // Y: (⊖⍉ω[6;;]);(⊖⍉ω[5;;]);(⌽⍉ω[3;;]);(⊖⍉ω[4;;]);(⊖⍉ω[1;;]);[.5](⊖⍉ω[2;;])
        (P::Y, false) => laminate([
            rot_ccw(w(RIGHT)),
            rot_ccw(w(LEFT)),
            rot_cw(w(BACK)),
            rot_ccw(w(FRONT)),
            rot_ccw(w(UP)),
            rot_ccw(w(DOWN)),
        ]),
        // Ȳ: (⌽⍉ω[5;;]);(⌽⍉ω[6;;]);(⊖⍉ω[3;;]);(⌽⍉ω[4;;]);(⌽⍉ω[2;;]);[.5](⌽⍉ω[1;;])
        (P::Y, true) => laminate([
            rot_cw(w(LEFT)),
            rot_cw(w(RIGHT)),
            rot_ccw(w(BACK)),
            rot_cw(w(FRONT)),
            rot_cw(w(DOWN)),
            rot_cw(w(UP)),
        ]),
        // Z: (⌽⍉ω[1;;]);(⊖⍉ω[2;;]);ω[5 6 4 3;;]
        (P::Z, false) => laminate([
            rot_cw(w(UP)),
            rot_ccw(w(DOWN)),
            same(w(LEFT)),
            same(w(RIGHT)),
            same(w(FRONT)),
            same(w(BACK)),
        ]),
        // Z̄: (⊖⍉ω[1;;]);(⌽⍉ω[2;;]);ω[6 5 3 4;;]
        (P::Z, true) => laminate([
            rot_ccw(w(UP)),
            rot_cw(w(DOWN)),
            same(w(RIGHT)),
            same(w(LEFT)),
            same(w(BACK)),
            same(w(FRONT)),
        ]),
    }
}

/// The quarter-turns of the layers of block `m`, each a face rotation (outer layers only) and
/// a ring of strips, all read from `omega`.
fn quarter_turns<T: Copy>(m: LayerTurn, omega: ArrayView3<T>) -> Array3<T> {
    let n = omega.len_of(Axis(1));
    let mut out = omega.to_owned();
    for k in m.layers() {
        let turn = quarter_turn(m.axis, k, n);
        if let Some((f, clockwise)) = turn.face {
            let turned = if clockwise != m.inverse {
                rot_cw(face(omega, f))
            } else {
                rot_ccw(face(omega, f))
            };
            out.slice_mut(s![f, .., ..]).assign(&turned);
        }
        for i in 0..4 {
            let next = (i + 1) % 4;
            let (to, from) = if m.inverse { (i, next) } else { (next, i) };
            out.slice_mut(&turn.ring[to])
                .assign(&omega.slice(&turn.ring[from]));
        }
    }
    out
}
// moves:end

/// The 6×N×N array of colour letters (the paper's 6×3×3): an N×N matrix per face, faces in
/// the paper's order.
///
/// ```
/// use cubework::rep::{Local, Representation};
/// use cubework::{Cube, PaperLetter, PaperMove};
/// let mut l = Local::from_cube(&Cube::solved());
/// assert!(l.render().starts_with("WWW\nWWW\nWWW\n\nBBB\n"));
/// l.turn(PaperMove::new(PaperLetter::U).into()).unwrap();
/// assert_eq!(l.array().slice(ndarray::s![2, 0, ..]).to_vec(), b"GGG"); // back's top row, from the left
/// ```
#[derive(Clone, Debug)]
pub struct Local {
    cube: Array3<u8>,
}

impl Local {
    /// The state array.
    pub fn array(&self) -> &Array3<u8> {
        &self.cube
    }
}

impl Representation for Local {
    fn kind(&self) -> RepKind {
        RepKind::Local
    }

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

    super::byte_array_methods!();

    fn element(&self) -> &'static str {
        "letter (u8)"
    }

    /// The paper's display of `CUBE`: the six 3×3 matrices one below another, a blank line
    /// between them.
    fn render(&self) -> String {
        super::render_planes(self.cube.view(), |&b| (b as char).to_string(), "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rep::testing::conformance;

    #[test]
    fn conformance_local() {
        conformance::<Local>(RepKind::Local);
    }

    #[test]
    fn goal_state_is_the_papers() {
        let l = Local::from_cube(&Cube::solved());
        let want = ["WWW", "BBB", "RRR", "OOO", "GGG", "YYY"]
            .map(|row| [row; 3].join("\n"))
            .join("\n\n");
        assert_eq!(l.render(), want);
        assert_eq!(l.shape(), &[6, 3, 3]);
        assert_eq!(l.state_bytes(), 54);
        assert_eq!(l.element(), "letter (u8)");
    }

    #[test]
    fn every_move_is_defined() {
        assert_eq!(RepKind::Local.defined_moves().len(), 24);
    }

    #[test]
    fn each_ring_takes_four_distinct_strips_of_n() {
        for n in 2..=7 {
            for axis in PaperAxis::ALL {
                for k in 0..n {
                    let turn = quarter_turn(axis, k, n);
                    let iota = Array3::from_shape_fn((6, n, n), |(f, r, c)| (f * n + r) * n + c);
                    let mut cells: Vec<usize> = turn
                        .ring
                        .iter()
                        .flat_map(|s| iota.slice(s).to_vec())
                        .collect();
                    cells.sort();
                    cells.dedup();
                    assert_eq!(cells.len(), 4 * n, "{axis:?} {k} of {n}");
                    assert_eq!(turn.face.is_some(), k == 0 || k == n - 1);
                }
            }
        }
    }
}
