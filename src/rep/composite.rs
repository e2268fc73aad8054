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
//! Reading the scan: `ϕϕ` stands for both `⌽⍉` (clockwise) and `⊖⍉` (counter-clockwise),
//! `×` for the separator `⋄`, and `0` for the letter O in the goal figure (whose second row
//! also lost a `Y`). The paper prints Z, L, F and D; with L and B clockwise and F and R
//! counter-clockwise, as its discussion says, L is `⌽⍉`, F `⊖⍉`, and R and B are the same
//! block turn on columns 6–10 and 9 10 11 12 1.

use ndarray::{Array2, ArrayView2, Axis};

use super::{Gather, RepKind, Representation, check_defined, rot_ccw, rot_cw};
use crate::cube::Cube;
use crate::face::Face;
use crate::geometry::Geometry;
use crate::moves::{MoveError, PaperLetter, PaperMove};

/// The side faces in the order of their column blocks.
const SIDES: [Face; 4] = [Face::L, Face::F, Face::R, Face::B];

// moves:begin — the move definitions, counted by `compare` for the paper's "concise".
/// `k⌽ω` row by row (APL's `3 3 0 0 0⌽ω`): row `i` rotated left by `by[i]` places, so that
/// its cell `j` gets what cell `j + by[i]` held.
fn rotate_rows<T: Copy>(omega: ArrayView2<T>, by: [isize; 5]) -> Array2<T> {
    let cols = omega.len_of(Axis(1)) as isize;
    Array2::from_shape_fn(omega.raw_dim(), |(i, j)| {
        omega[[i, (j as isize + by[i]).rem_euclid(cols) as usize]]
    })
}

/// A face turn: `ω[;cols]←⌽⍉ω[;cols] ⋄ ω[1 5;stale]←ω[1 5;fresh]` (or `⊖⍉`), with the
/// paper's 1-based columns.
struct BlockTurn {
    cols: [usize; 5],
    clockwise: bool,
    stale: [usize; 2],
    fresh: [usize; 2],
}

// L: ω[;12 1 2 3 4]←⌽⍉ω[;12 1 2 3 4] ⋄ ω[1 5;12 4]←ω[1 5;1 3]
const L: BlockTurn = BlockTurn {
    cols: [12, 1, 2, 3, 4],
    clockwise: true,
    stale: [12, 4],
    fresh: [1, 3],
};
// F: ω[;3 4 5 6 7]←⊖⍉ω[;3 4 5 6 7] ⋄ ω[1 5;3 7]←ω[1 5;4 6]
const F: BlockTurn = BlockTurn {
    cols: [3, 4, 5, 6, 7],
    clockwise: false,
    stale: [3, 7],
    fresh: [4, 6],
};
// R: ω[;6 7 8 9 10]←⊖⍉ω[;6 7 8 9 10] ⋄ ω[1 5;6 10]←ω[1 5;7 9]
const R: BlockTurn = BlockTurn {
    cols: [6, 7, 8, 9, 10],
    clockwise: false,
    stale: [6, 10],
    fresh: [7, 9],
};
// B: ω[;9 10 11 12 1]←⌽⍉ω[;9 10 11 12 1] ⋄ ω[1 5;9 1]←ω[1 5;10 12]
const B: BlockTurn = BlockTurn {
    cols: [9, 10, 11, 12, 1],
    clockwise: true,
    stale: [9, 1],
    fresh: [10, 12],
};

/// Makes a face turn, or its inverse (the other rotation; the corner copies are
/// re-specified the same way).
fn turn_block<T: Copy>(omega: ArrayView2<T>, b: &BlockTurn, inverse: bool) -> Array2<T> {
    let cols = b.cols.map(|c| c - 1);
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

/// Makes paper move `m` on any 5×12 matrix laid out as the composite representation. X, Y, C
/// and H are not defined here (`check_defined` refuses them first); they leave it unchanged.
pub fn transform<T: Copy>(m: PaperMove, omega: ArrayView2<T>) -> Array2<T> {
    use PaperLetter as P;
    let width = (omega.len_of(Axis(1)) / SIDES.len()) as isize;
    let k = if m.inverse { -width } else { width };
    match m.letter {
        // Z: 3⌽ω      Z̄: ¯3⌽ω
        P::Z => rotate_rows(omega, [k; 5]),
        // U: 3 3 0 0 0⌽ω
        P::U => rotate_rows(omega, [k, k, 0, 0, 0]),
        // M: 0 0 3 0 0⌽ω
        P::M => rotate_rows(omega, [0, 0, k, 0, 0]),
        // D: 0 0 0 3 3⌽ω
        P::D => rotate_rows(omega, [0, 0, 0, k, k]),
        P::L => turn_block(omega, &L, m.inverse),
        P::F => turn_block(omega, &F, m.inverse),
        P::R => turn_block(omega, &R, m.inverse),
        P::B => turn_block(omega, &B, m.inverse),
        P::X | P::Y | P::C | P::H => omega.to_owned(),
    }
}
// moves:end

/// The sticker (in [`Geometry`] numbering) that composite cell `(row, col)` (0-based) shows.
fn sticker_at(g: &Geometry, row: usize, col: usize) -> usize {
    let side = SIDES[col / 3];
    let on_side = |r| g.index(side, r, col % 3);
    let of_cubie = |r, face| {
        g.sticker_of(g.cubie_of(on_side(r)), face)
            .expect("an edge row's cubie has a sticker on that face")
    };
    match row {
        0 => of_cubie(0, Face::U),
        4 => of_cubie(2, Face::D),
        r => on_side(r - 1),
    }
}

/// The 5×12 matrix of colour letters: left, front, right and back side by side, the up and
/// down colours of their edge rows above and below.
///
/// ```
/// use cubework::rep::{Composite, Representation};
/// use cubework::{Cube, PaperLetter, PaperMove};
/// let mut c = Composite::from_cube(&Cube::solved());
/// assert_eq!(c.render().lines().nth(1), Some("GGGOOOYYYRRR"));
/// c.turn(PaperMove::new(PaperLetter::Z)).unwrap(); // 3⌽ω: the right face comes to the front
/// assert_eq!(c.render().lines().nth(1), Some("OOOYYYRRRGGG"));
/// ```
#[derive(Clone, Debug)]
pub struct Composite {
    cube: Array2<u8>,
}

impl Composite {
    /// The state array.
    pub fn array(&self) -> &Array2<u8> {
        &self.cube
    }
}

impl Representation for Composite {
    fn kind(&self) -> RepKind {
        RepKind::Composite
    }

    fn from_cube(cube: &Cube) -> Composite {
        let g = Geometry::of(3);
        let cube = Array2::from_shape_fn((5, 12), |(r, c)| {
            cube.stickers()[sticker_at(g, r, c)].paper_letter() as u8
        });
        Composite { cube }
    }

    fn to_cube(&self) -> Cube {
        let g = Geometry::of(3);
        let mut stickers: Vec<Face> = (0..54).map(|i| g.face_of(i)).collect();
        for ((r, c), &letter) in self.cube.indexed_iter() {
            let i = sticker_at(g, r, c);
            stickers[i] = Face::from_paper_letter(letter as char).unwrap_or(stickers[i]);
        }
        let centre = |face| stickers[g.index(face, 1, 1)];
        let up = Face::up_from(centre(Face::F), centre(Face::R)).unwrap_or(Face::U);
        stickers[g.index(Face::U, 1, 1)] = up;
        stickers[g.index(Face::D, 1, 1)] = up.opposite();
        Cube::from_stickers(3, stickers).expect("a composite made from a cube holds a cube")
    }

    super::byte_array_methods!();

    fn element(&self) -> &'static str {
        "letter (u8)"
    }

    /// The paper's display of `CUBE`: the five rows of twelve letters.
    fn render(&self) -> String {
        self.cube
            .outer_iter()
            .map(|row| row.iter().map(|&b| b as char).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rep::testing::conformance;

    #[test]
    fn conformance_composite() {
        conformance::<Composite>(RepKind::Composite);
    }

    #[test]
    fn goal_state_is_the_papers() {
        let c = Composite::from_cube(&Cube::solved());
        assert_eq!(
            c.render(),
            "WWWWWWWWWWWW\nGGGOOOYYYRRR\nGGGOOOYYYRRR\nGGGOOOYYYRRR\nBBBBBBBBBBBB"
        );
        assert_eq!(c.shape(), &[5, 12]);
        assert_eq!(c.state_bytes(), 60);
    }

    #[test]
    fn x_y_c_h_are_undefined_and_named() {
        let mut c = Composite::from_cube(&Cube::solved());
        for letter in [
            PaperLetter::X,
            PaperLetter::Y,
            PaperLetter::C,
            PaperLetter::H,
        ] {
            for m in [PaperMove::new(letter), PaperMove::new(letter).inverse()] {
                match c.turn(m) {
                    Err(MoveError::Undefined { mv, rep, .. }) => {
                        assert_eq!(mv, m.to_string());
                        assert_eq!(rep, "composite");
                    }
                    other => panic!("{m}: {other:?}"),
                }
                assert!(c.compile(m).is_err());
            }
        }
        assert_eq!(RepKind::Composite.defined_moves().len(), 16);
    }

    #[test]
    fn corner_copies_agree_after_every_move() {
        // to_cube reads only one copy of each duplicated corner, so check both directly.
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..10 {
            let cube = crate::rep::testing::scrambled(&mut rng, 25);
            for m in RepKind::Composite.defined_moves() {
                let mut c = Composite::from_cube(&cube);
                c.turn(m).unwrap();
                assert_eq!(Composite::from_cube(&c.to_cube()).array(), c.array(), "{m}");
            }
        }
    }

    #[test]
    fn up_and_down_centres_follow_the_orientation() {
        // After the paper's X (std x') the front shows the up colour; the deduced centres agree.
        let mut cube = Cube::solved();
        PaperMove::new(PaperLetter::X)
            .slice_turns()
            .into_iter()
            .for_each(|t| cube.turn(t));
        assert_eq!(Composite::from_cube(&cube).to_cube(), cube);
    }
}
