//! # Composite Representation
//!
//! > The cube can also be represented as a 5-by-12 matrix. Four 3-by-3 sub-matrices represent
//! > the left, front, right, and back faces; and two 12-element rows represent the up and down
//! > faces […] the up and down faces appear without their centers and with redundant corner
//! > colors; that is, the 12-element vector in the 1st (and 5th) row is composed of the 8
//! > colors surrounding the center, with each of the four corner colors duplicated.
//!
//! Rows 2–4 (1-based, as the paper) hold left, front, right and back side by side (columns
//! 1–3, 4–6, 7–9, 10–12), each seen from outside with up at the top. Row 1, column j holds the
//! up colour of the cubie whose side sticker is at row 2, column j; row 5 the down colour of
//! the cubie at row 4. The up and down centres are not stored: turning the cube into a
//! [`Cube`] deduces them from the side centres (cubes are right-handed), which works in any
//! orientation. X, Y, C and H, which would move them, are not defined.
//!
//! Z, U, M and D rotate rows (`3⌽ω`, `3 3 0 0 0⌽ω`, …). L, F, R and B turn the 5-by-5 block
//! of columns that shows their face with its border (the neighbouring faces' columns and the
//! up and down rows), then re-specify the corner copies the turn left stale.
//!
//! **Other sizes.** The layout extends to an (N+2)×4N matrix: four N×N side faces, an up
//! row and a down row of 4N colours (each corner twice). On the 2×2×2 that holds every
//! sticker (a 2×2×2 has no centres to leave out) and every turn is defined; it is the paper's
//! matrix with the middle row and the middle column of each face taken out. The paper's
//! lines carry over with N for 3 (`N⌽ω` for Z, the block of N+2 columns for L F R B, see
//! `block_turn`). From the 4×4×4 on, up and down have (N−2)² stickers inside their
//! border that the two rows cannot hold and that inner slices bring to and from the sides, so
//! the composite stops at the 3×3×3 ([`RepKind::size_limit`]).
//!
//! Reading the scan: `ϕϕ` stands for both `⌽⍉` (clockwise) and `⊖⍉` (counter-clockwise),
//! `×` for the separator `⋄`, and `0` for the letter O in the goal figure (whose second row
//! also lost a `Y`). The paper prints Z, L, F and D; with L and B clockwise and F and R
//! counter-clockwise, as its discussion says, L is `⌽⍉`, F `⊖⍉`, and R and B are the same
//! block turn on columns 6–10 and 9 10 11 12 1.

use ndarray::{Array2, ArrayView2, Axis};

use super::{Gather, RepKind, Representation, check_defined};
use crate::apl::prim::{rot_ccw, rot_cw, rotate};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError, PaperAxis};

/// The side faces in the order of their column blocks.
const SIDES: [Face; 4] = [Face::L, Face::F, Face::R, Face::B];

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// A face turn: `ω[;cols]←⌽⍉ω[;cols] ⋄ ω[1 5;stale]←ω[1 5;fresh]` (or `⊖⍉`), with the
/// paper's 1-based columns.
struct BlockTurn<C> {
    cols: C,
    clockwise: bool,
    stale: [usize; 2],
    fresh: [usize; 2],
}

impl BlockTurn<[usize; 5]> {
    /// `ω[;cols]←⌽⍉ω[;cols] ⋄ ω[1 5;stale]←ω[1 5;fresh]`.
    const fn cw(cols: [usize; 5], stale: [usize; 2], fresh: [usize; 2]) -> Self {
        BlockTurn {
            cols,
            clockwise: true,
            stale,
            fresh,
        }
    }

    /// `ω[;cols]←⊖⍉ω[;cols] ⋄ ω[1 5;stale]←ω[1 5;fresh]`.
    const fn ccw(cols: [usize; 5], stale: [usize; 2], fresh: [usize; 2]) -> Self {
        BlockTurn {
            clockwise: false,
            ..Self::cw(cols, stale, fresh)
        }
    }
}

// L: ω[;12 1 2 3 4]←⌽⍉ω[;12 1 2 3 4] ⋄ ω[1 5;12 4]←ω[1 5;1 3]
const L: BlockTurn<[usize; 5]> = BlockTurn::cw([12, 1, 2, 3, 4], [12, 4], [1, 3]);
// F: ω[;3 4 5 6 7]←⊖⍉ω[;3 4 5 6 7] ⋄ ω[1 5;3 7]←ω[1 5;4 6]
const F: BlockTurn<[usize; 5]> = BlockTurn::ccw([3, 4, 5, 6, 7], [3, 7], [4, 6]);
// R: ω[;6 7 8 9 10]←⊖⍉ω[;6 7 8 9 10] ⋄ ω[1 5;6 10]←ω[1 5;7 9]
const R: BlockTurn<[usize; 5]> = BlockTurn::ccw([6, 7, 8, 9, 10], [6, 10], [7, 9]);
// B: ω[;9 10 11 12 1]←⌽⍉ω[;9 10 11 12 1] ⋄ ω[1 5;9 1]←ω[1 5;10 12]
const B: BlockTurn<[usize; 5]> = BlockTurn::cw([9, 10, 11, 12, 1], [9, 1], [10, 12]);

/// Makes a face turn, or its inverse (the other rotation; the corner copies are
/// re-specified the same way).
fn turn_block<T: Copy, C: AsRef<[usize]>>(
    omega: ArrayView2<T>,
    b: &BlockTurn<C>,
    inverse: bool,
) -> Array2<T> {
    let cols: Vec<usize> = b.cols.as_ref().iter().map(|c| c - 1).collect();
    let block = omega.select(Axis(1), &cols);
    let turned = if b.clockwise != inverse {
        rot_cw(block.view())
    } else {
        rot_ccw(block.view())
    };
    let mut out = omega.to_owned();
    for (k, &c) in cols.iter().enumerate() {
        out.column_mut(c).assign(&turned.column(k));
    }
    let last = out.len_of(Axis(0)) - 1;
    for row in [0, last] {
        for (&stale, &fresh) in b.stale.iter().zip(&b.fresh) {
            out[[row, stale - 1]] = out[[row, fresh - 1]];
        }
    }
    out
}

/// Makes a quarter-turn of a block of layers on any (N+2)×4N matrix laid out as the composite
/// representation (the paper's 5×12 for N = 3). Turns about X and Y that take an inner layer
/// are not defined (`check_defined` refuses them first); they leave it unchanged.
pub fn transform<T: Copy>(m: LayerTurn, omega: ArrayView2<T>) -> Array2<T> {
    let n = omega.len_of(Axis(0)) - 2;
    let k = if m.inverse { -(n as isize) } else { n as isize };
    if m.axis == PaperAxis::Z {
        // Z: 3⌽ω      Z̄: ¯3⌽ω
        // U: 3 3 0 0 0⌽ω    M: 0 0 3 0 0⌽ω    D: 0 0 0 3 3⌽ω
        // (on the N×N×N: N for 3, and layer `l` rotates row l+1, the outer ones their up or
        // down row too)
        let by: Vec<isize> = (0..n + 2)
            .map(|row| {
                let layer = row.saturating_sub(1).min(n - 1);
                if m.layers().contains(&layer) { k } else { 0 }
            })
            .collect();
        return rotate(ndarray::ArrayView1::from(&by), omega, 2);
    }
    let mut out = omega.to_owned();
    for layer in m.layers() {
        // L F R B: the face's block of columns, the paper's on the 3×3×3.
        let face = match (m.axis, layer) {
            (PaperAxis::X, 0) => 0,
            (PaperAxis::X, l) if l == n - 1 => 2,
            (PaperAxis::Y, 0) => 3,
            (PaperAxis::Y, l) if l == n - 1 => 1,
            _ => return omega.to_owned(),
        };
        out = if n == 3 {
            turn_block(out.view(), &[L, F, R, B][face], m.inverse)
        } else {
            turn_block(out.view(), &block_turn(face, n), m.inverse)
        };
    }
    out
}

// general:begin — the lines only the N×N×N form needs, counted by `paper` for "general".
/// The block turn of side face `face` (0 to 3: L F R B) on the (N+2)×4N matrix: the face's N
/// columns with one more on each side, and the corner copies at the block's edges
/// re-specified from the columns next to them; the paper's L F R B for N = 3.
fn block_turn(face: usize, n: usize) -> BlockTurn<Vec<usize>> {
    let width = 4 * n;
    let cols: Vec<usize> = (0..n + 2)
        .map(|i| (face * n + i + width - 1) % width + 1)
        .collect();
    BlockTurn {
        clockwise: face == 0 || face == 3,
        stale: [cols[0], cols[n + 1]],
        fresh: [cols[1], cols[n]],
        cols,
    }
}
// general:end
// moves:end

/// The sticker (in [`Geometry`] numbering) that composite cell `(row, col)` (0-based) shows.
fn sticker_at(g: &Geometry, row: usize, col: usize) -> usize {
    let n = g.size();
    let side = SIDES[col / n];
    let on_side = |r| g.index(side, r, col % n);
    let of_cubie = |r, face| {
        g.sticker_of(g.cubie_of(on_side(r)), face)
            .expect("an edge row's cubie has a sticker on that face")
    };
    match row {
        0 => of_cubie(0, Face::U),
        r if r == n + 1 => of_cubie(n - 1, Face::D),
        r => on_side(r - 1),
    }
}

super::state_type! {
    /// The 5×12 matrix of colour letters (4×8 for the 2×2×2): left, front, right and back side by
    /// side, the up and down colours of their edge rows above and below.
    ///
    /// ```
    /// use cubework::rep::{Composite, Representation};
    /// use cubework::{Cube, PaperLetter};
    /// let mut c = Composite::from_cube(&Cube::solved());
    /// assert_eq!(c.render().lines().nth(1), Some("GGGOOOYYYRRR"));
    /// c.turn(PaperLetter::Z.turn()).unwrap(); // 3⌽ω: the right face comes to the front
    /// assert_eq!(c.render().lines().nth(1), Some("OOOYYYRRRGGG"));
    /// ```
    Composite(Array2<u8>)
}

impl Representation for Composite {
    fn from_cube(cube: &Cube) -> Composite {
        let n = cube.size();
        let g = Geometry::of(n);
        let cube = Array2::from_shape_fn((n + 2, 4 * n), |(r, c)| {
            cube.stickers()[sticker_at(g, r, c)].paper_letter() as u8
        });
        Composite {
            cube: super::padded(cube, b' '),
        }
    }

    fn to_cube(&self) -> Cube {
        let n = self.size();
        let g = Geometry::of(n);
        let mut stickers: Vec<Face> = (0..g.sticker_count()).map(|i| g.face_of(i)).collect();
        for ((r, c), &letter) in self.cube.indexed_iter() {
            let i = sticker_at(g, r, c);
            stickers[i] = Face::from_paper_letter(letter as char).unwrap_or(stickers[i]);
        }
        if n == 3 {
            let centre = |face| stickers[g.index(face, 1, 1)];
            let up = Face::up_from(centre(Face::F), centre(Face::R)).unwrap_or(Face::U);
            stickers[g.index(Face::U, 1, 1)] = up;
            stickers[g.index(Face::D, 1, 1)] = up.opposite();
        }
        Cube::from_stickers(n, stickers).expect("a composite made from a cube holds a cube")
    }

    fn size(&self) -> usize {
        self.cube.len_of(Axis(0)) - 2
    }

    super::byte_array_methods!(Composite, "letter (u8)");

    /// The paper's display of `CUBE`: the five rows of twelve letters.
    fn render_in(&self, scheme: Scheme) -> String {
        // A matrix shows as an array of one plane.
        let letter = |&b: &u8| scheme.shown_letter(b as char).to_string();
        super::render_planes(self.cube.view().insert_axis(Axis(0)), letter, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::moves::PaperLetter;

    /// Why the composite stops at the 3×3×3: on the 4×4×4, `2F2 2R2 2F2 2R2` exchanges two up
    /// centre stickers with two down ones and changes nothing else, and an (N+2)×4N matrix laid
    /// out as the paper's would read exactly what it reads of the solved cube.
    #[test]
    fn a_four_by_four_composite_could_not_tell_two_cubes_apart() {
        let g = Geometry::of(4);
        let solved = Cube::solved_n(4);
        let mut cube = solved.clone();
        cube.apply_all(
            &crate::sequence::parser::parse_moves(
                "2F2 2R2 2F2 2R2",
                crate::turn::notation::Notation::Standard,
            )
            .unwrap(),
        )
        .unwrap();
        let differ: Vec<usize> = (0..96)
            .filter(|&i| cube.stickers()[i] != solved.stickers()[i])
            .collect();
        assert_eq!(differ.len(), 4);
        assert!(
            differ
                .iter()
                .all(|&i| matches!(g.face_of(i), Face::U | Face::D))
        );
        let read = |c: &Cube| -> Vec<Face> {
            (0..6)
                .flat_map(|r| (0..16).map(move |col| (r, col)))
                .map(|(r, col)| c.stickers()[sticker_at(g, r, col)])
                .collect()
        };
        assert_eq!(read(&cube), read(&solved));
        assert!(RepKind::Composite.build(&cube).is_err());
    }

    /// The general block turn, run for the 3×3×3, is exactly the paper's L F R B.
    #[test]
    fn general_block_turns_at_three_are_the_papers() {
        for (face, paper) in [L, F, R, B].iter().enumerate() {
            let ours = block_turn(face, 3);
            assert_eq!(ours.cols, paper.cols.to_vec(), "{face}");
            assert_eq!(
                (ours.clockwise, ours.stale, ours.fresh),
                (paper.clockwise, paper.stale, paper.fresh)
            );
        }
    }

    crate::rep::testing::the_papers_checks!(Composite, RepKind::Composite,
        goal: "WWWWWWWWWWWW\nGGGOOOYYYRRR\nGGGOOOYYYRRR\nGGGOOOYYYRRR\nBBBBBBBBBBBB",
        shape: [5, 12], bytes: 60);

    #[test]
    fn x_y_c_h_are_undefined_and_named() {
        crate::rep::testing::refuses_x_y_c_h(RepKind::Composite);
    }

    #[test]
    fn corner_copies_agree_after_every_move() {
        // to_cube reads only one copy of each duplicated corner, so check both directly.
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..10 {
            let cube = crate::rep::testing::scrambled(&mut rng, 25);
            for t in RepKind::Composite.defined_moves() {
                let mut c = Composite::from_cube(&cube);
                c.turn(t).unwrap();
                assert_eq!(
                    Composite::from_cube(&c.to_cube()).array(),
                    c.array(),
                    "{t:?}"
                );
            }
        }
    }

    #[test]
    fn up_and_down_centres_follow_the_orientation() {
        // After the paper's X (std x') the front shows the up colour; the deduced centres agree.
        let mut cube = Cube::solved();
        cube.turn(PaperLetter::X.turn());
        assert_eq!(Composite::from_cube(&cube).to_cube(), cube);
    }
}
