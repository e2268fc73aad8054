//! The cube in a learner's hands: what they see on each face, where a piece is, and the turns
//! and whole-cube rotations they make, written down as they make them.
//!
//! Positions are named as a person holding the cube names them — up, front, right, … — and
//! pieces by their colours, each colour named by the face it belongs to (white is `U`'s colour,
//! blue `D`'s, see [`crate::turn::face`]). Nothing here assumes the cube is held with white up: every
//! question is answered by looking at the stickers, as the notes' `completed` looks at cells.

use std::sync::OnceLock;

use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::state::sticker_perm::StickerPerm;
use crate::turn::face::Face;
use crate::turn::metric::Metric;
use crate::turn::moves::{Amount, Move, Rotation, Turn};

/// The 54 stickers of a 3×3×3 in facelet order, each the colour of a home face.
pub(crate) type Stickers = [Face; 54];

/// The four side positions in the order a clockwise turn of the top carries them backwards
/// (F → L → B → R): front, right, back, left.
pub(crate) const SIDES: [Face; 4] = [Face::F, Face::R, Face::B, Face::L];

const NONE: u8 = u8::MAX;

/// Gather tables of the eighteen outer turns and nine rotations, and where each piece's
/// stickers are, read once from the geometry.
struct Tables {
    /// `turns[i][s]`: after the move, sticker `s` holds what sticker `turns[i][s]` held.
    turns: [[u8; 54]; 27],
    /// `edge[a][b]`: the sticker on face `a` of the edge between faces `a` and `b`.
    edge: [[u8; 6]; 6],
    /// `corner[a][b][c]`: the sticker on face `a` of the corner between `a`, `b` and `c`.
    corner: [[[u8; 6]; 6]; 6],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = Geometry::of(3);
        let cubie = |faces: &[Face]| {
            let mut p = [0; 3];
            for f in faces {
                for (a, v) in f.normal().iter().enumerate() {
                    p[a] += 2 * v;
                }
            }
            p
        };
        let adjacent = |a: Face, b: Face| a != b && a != b.opposite();
        let mut edge = [[NONE; 6]; 6];
        let mut corner = [[[NONE; 6]; 6]; 6];
        for a in Face::ALL {
            for b in Face::ALL.into_iter().filter(|&b| adjacent(a, b)) {
                edge[a.index()][b.index()] = sticker(g, cubie(&[a, b]), a);
                for c in Face::ALL
                    .into_iter()
                    .filter(|&c| adjacent(a, c) && adjacent(b, c))
                {
                    corner[a.index()][b.index()][c.index()] = sticker(g, cubie(&[a, b, c]), a);
                }
            }
        }
        let mut turns = [[0u8; 54]; 27];
        for (i, table) in turns.iter_mut().enumerate() {
            let m = move_of_index(i);
            let perm = StickerPerm::of_moves(3, &[m]).expect("outer turns exist on the 3×3×3");
            for (t, &s) in table.iter_mut().zip(perm.sources()) {
                *t = s as u8;
            }
        }
        Tables {
            turns,
            edge,
            corner,
        }
    })
}

fn sticker(g: &Geometry, cubie: [i32; 3], face: Face) -> u8 {
    g.sticker_of(cubie, face)
        .expect("a corner or edge has a sticker on each of its faces") as u8
}

/// The move a table index stands for: `3·face + quarters − 1` for the outer turns (faces in
/// facelet order), then `18 + 3·axis + quarters − 1` for x, y, z.
fn move_of_index(i: usize) -> Move {
    let quarters = (i % 3) as u8 + 1;
    let turn = if i < 18 {
        Turn::face(Face::ALL[i / 3])
    } else {
        Turn::Rotation([Rotation::X, Rotation::Y, Rotation::Z][(i - 18) / 3])
    };
    Move {
        turn,
        amount: Amount::from_quarters(quarters),
    }
}

fn index_of_move(m: &Move) -> usize {
    let q = m.amount.quarters() as usize - 1;
    match m.turn {
        Turn::Face {
            face,
            from: 1,
            to: 1,
            ..
        } => 3 * face.index() + q,
        Turn::Rotation(r) => 18 + 3 * r as usize + q,
        // The method's algorithms and setups are all built in this module's terms.
        _ => unreachable!("the beginner's method makes outer turns and rotations only"),
    }
}

/// `quarters` clockwise quarter-turns of the layer at position `face` (none for 0).
pub(crate) fn turn(face: Face, quarters: u8) -> Option<Move> {
    (!quarters.is_multiple_of(4)).then(|| Move {
        turn: Turn::face(face),
        amount: Amount::from_quarters(quarters),
    })
}

/// `quarters` quarter-turns of the whole cube about `axis` (none for 0).
pub(crate) fn rotate(axis: Rotation, quarters: u8) -> Option<Move> {
    (!quarters.is_multiple_of(4)).then(|| Move {
        turn: Turn::Rotation(axis),
        amount: Amount::from_quarters(quarters),
    })
}

/// How many clockwise quarter-turns about `about` carry position `from` to position `to`.
pub(crate) fn quarters(about: Face, from: Face, to: Face) -> u8 {
    (0..4).find(|&q| from.turned(about, q) == to).unwrap_or(0)
}

/// Makes one move on stickers.
pub(crate) fn make(st: &mut Stickers, m: &Move) {
    let table = &tables().turns[index_of_move(m)];
    let old = *st;
    for (s, &from) in st.iter_mut().zip(table) {
        *s = old[from as usize];
    }
}

/// The stickers after `moves`.
pub(crate) fn after(st: &Stickers, moves: &[Move]) -> Stickers {
    let mut out = *st;
    for m in moves {
        make(&mut out, m);
    }
    out
}

/// Face turns in a sequence (the half-turn metric: rotations are free).
pub(crate) fn cost(moves: &[Move]) -> u64 {
    moves
        .iter()
        .map(|m| crate::sequence::alg::move_cost(m, Metric::Htm))
        .sum()
}

/// The colour of the centre at position `p`.
pub(crate) fn centre(st: &Stickers, p: Face) -> Face {
    st[9 * p.index() + 4]
}

/// The position whose centre shows `colour`.
pub(crate) fn position_of(st: &Stickers, colour: Face) -> Face {
    Face::ALL
        .into_iter()
        .find(|&p| centre(st, p) == colour)
        .unwrap_or(colour)
}

/// The colour on face `a` of the edge between positions `a` and `b`.
pub(crate) fn edge_sticker(st: &Stickers, a: Face, b: Face) -> Face {
    st[tables().edge[a.index()][b.index()] as usize]
}

/// The colour on face `a` of the corner between positions `a`, `b` and `c`.
pub(crate) fn corner_sticker(st: &Stickers, a: Face, b: Face, c: Face) -> Face {
    st[tables().corner[a.index()][b.index()][c.index()] as usize]
}

/// Where the edge of colours `x` and `y` is: the positions showing `x` and `y`.
pub(crate) fn find_edge(st: &Stickers, x: Face, y: Face) -> (Face, Face) {
    for slot in 0..crate::state::pieces::EDGES {
        let [a, b] = crate::state::pieces::edge_faces(slot);
        let (ca, cb) = (edge_sticker(st, a, b), edge_sticker(st, b, a));
        if (ca, cb) == (x, y) {
            return (a, b);
        }
        if (ca, cb) == (y, x) {
            return (b, a);
        }
    }
    unreachable!("a checked cube has every edge")
}

/// Where the corner of colours `x`, `y`, `z` is: the positions showing each.
pub(crate) fn find_corner(st: &Stickers, [x, y, z]: [Face; 3]) -> [Face; 3] {
    for slot in 0..crate::state::pieces::CORNERS {
        let [a, b, c] = crate::state::pieces::corner_faces(slot);
        let shown = [
            (a, corner_sticker(st, a, b, c)),
            (b, corner_sticker(st, b, a, c)),
            (c, corner_sticker(st, c, a, b)),
        ];
        let at = |colour: Face| shown.iter().find(|s| s.1 == colour).map(|s| s.0);
        if let (Some(px), Some(py), Some(pz)) = (at(x), at(y), at(z)) {
            return [px, py, pz];
        }
    }
    unreachable!("a checked cube has every corner")
}

/// Whether the edge of colours `x` and `y` is home: between the centres of its colours, each
/// colour beside its own centre.
pub(crate) fn edge_home(st: &Stickers, x: Face, y: Face) -> bool {
    let (px, py) = (position_of(st, x), position_of(st, y));
    edge_sticker(st, px, py) == x && edge_sticker(st, py, px) == y
}

/// Whether the corner of colours `x`, `y`, `z` is home, every colour beside its own centre.
pub(crate) fn corner_home(st: &Stickers, [x, y, z]: [Face; 3]) -> bool {
    let [px, py, pz] = [x, y, z].map(|c| position_of(st, c));
    corner_sticker(st, px, py, pz) == x
        && corner_sticker(st, py, px, pz) == y
        && corner_sticker(st, pz, px, py) == z
}

/// The whole-cube rotation (none, or a turn about x or z) that brings the centre of `colour`
/// to the top; turning the cube over is `z2`, which keeps the front in front.
pub(crate) fn hold_up(st: &Stickers, colour: Face) -> Option<Move> {
    let candidates = [
        None,
        rotate(Rotation::Z, 2),
        rotate(Rotation::X, 1),
        rotate(Rotation::X, 3),
        rotate(Rotation::Z, 1),
        rotate(Rotation::Z, 3),
    ];
    candidates
        .into_iter()
        .find(|r| centre(&after(st, r.as_slice()), Face::U) == colour)
        .flatten()
}

/// The turn of the whole cube about the vertical (y) that brings side position `p` to the
/// front.
pub(crate) fn bring_to_front(p: Face) -> Option<Move> {
    rotate(Rotation::Y, quarters(Face::U, p, Face::F))
}

/// The turn of the whole cube about the vertical (y) that brings the sides `a` and `b` to the
/// sides `want`, in either order (`a` and `b` must be as far apart as the two in `want`).
pub(crate) fn hold_sides(a: Face, b: Face, want: [Face; 2]) -> Option<Move> {
    let q = (0..4)
        .find(|&q| {
            let now = [a.turned(Face::U, q), b.turned(Face::U, q)];
            now.contains(&want[0]) && now.contains(&want[1])
        })
        .unwrap_or(0);
    rotate(Rotation::Y, q)
}

/// The turn of the whole cube about the vertical (y) that brings the sides `a` and `b` (next
/// to each other) to the front and the right.
pub(crate) fn bring_to_front_right(a: Face, b: Face) -> Option<Move> {
    hold_sides(a, b, [Face::F, Face::R])
}

/// The cube in the learner's hands, and every move made on it so far.
#[derive(Clone, Debug)]
pub(crate) struct Hands {
    /// What the learner sees now.
    pub st: Stickers,
    /// The moves made, rotations included, as the learner made them.
    pub made: Vec<Move>,
    /// Where the current stage's moves start in `made`.
    stage_start: usize,
}

impl Hands {
    /// Takes up a 3×3×3 as it is held.
    pub fn new(cube: &Cube) -> Hands {
        let mut st = [Face::U; 54];
        st.copy_from_slice(cube.stickers());
        Hands {
            st,
            made: Vec::new(),
            stage_start: 0,
        }
    }

    /// Starts writing down a new stage; returns where its moves begin in `made`.
    pub fn start_stage(&mut self) -> usize {
        self.stage_start = self.made.len();
        self.stage_start
    }

    /// Makes moves, writing them down. A turn of the face (or rotation) just turned, within a
    /// stage, is written as one with it, as anyone makes it: `U'` then `U2` is `U`, and `U`
    /// then `U'` is nothing.
    pub fn make(&mut self, moves: &[Move]) {
        for m in moves {
            make(&mut self.st, m);
            let last = (self.made.len() > self.stage_start)
                .then(|| self.made.last().copied())
                .flatten();
            match last {
                Some(prev) if prev.turn == m.turn => {
                    self.made.pop();
                    let q = (prev.amount.quarters() + m.amount.quarters()) % 4;
                    self.made.extend(match m.turn {
                        Turn::Rotation(r) => rotate(r, q),
                        _ => Some(Move {
                            turn: m.turn,
                            amount: Amount::from_quarters(q),
                        })
                        .filter(|_| q != 0),
                    });
                }
                _ => self.made.push(*m),
            }
        }
    }
}

/// The solved cube with one edge piece moved to `slot` (swapped with the piece there) and
/// flipped by `flip`: not always a real cube, but every place the piece can be.
#[cfg(test)]
pub(super) fn edge_moved(piece: usize, slot: usize, flip: u8) -> Cube {
    let solved = Cube::solved();
    let mut edges = crate::state::pieces::read_edges(&solved).unwrap();
    edges.perm.swap(piece, slot);
    edges.orient[slot] = flip;
    let mut stickers = solved.stickers().to_vec();
    crate::state::pieces::write_edges(&mut stickers, &edges);
    Cube::from_stickers(3, stickers).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    fn stickers(alg: &str) -> Stickers {
        Hands::new(&crate::cube_after(alg)).st
    }

    #[test]
    fn tables_turn_like_the_cube() {
        for alg in ["R", "U2", "F'", "x", "y'", "z2", "R U F' x D2 y L B'"] {
            let moves = parse_moves(alg, Notation::Standard).unwrap();
            assert_eq!(after(&stickers(""), &moves), stickers(alg), "{alg}");
        }
        for i in 0..27 {
            assert_eq!(index_of_move(&move_of_index(i)), i);
        }
    }

    #[test]
    fn pieces_are_found_by_their_colours() {
        let st = stickers("R");
        // R takes the front-right edge up to UR, its front colour on top.
        assert_eq!(find_edge(&st, Face::F, Face::R), (Face::U, Face::R));
        assert!(!edge_home(&st, Face::F, Face::R));
        assert!(edge_home(&st, Face::U, Face::F));
        // The UFR corner goes to UBR: its U colour faces back, F up, R right.
        assert_eq!(
            find_corner(&st, [Face::U, Face::F, Face::R]),
            [Face::B, Face::U, Face::R]
        );
        let turned = stickers("x y");
        assert!(edge_home(&turned, Face::U, Face::F));
        assert!(corner_home(&turned, [Face::D, Face::L, Face::B]));
        assert_eq!(position_of(&turned, Face::U), Face::R); // x takes white back, y on right
    }

    #[test]
    fn turns_of_one_face_in_a_row_are_written_as_one() {
        let mut hands = Hands::new(&Cube::solved());
        let moves = |s| parse_moves(s, Notation::Standard).unwrap();
        hands.make(&moves("R U'"));
        hands.make(&moves("U2 F y y' L"));
        hands.make(&moves("L' F'"));
        assert_eq!(crate::turn::moves::format_moves(&hands.made), "R U");
        // Not across stages.
        hands.start_stage();
        hands.make(&moves("U'"));
        assert_eq!(crate::turn::moves::format_moves(&hands.made), "R U U'");
        assert_eq!(hands.st, stickers("R"));
    }

    #[test]
    fn holds_bring_colours_up_and_sides_forward() {
        for alg in ["", "x", "x'", "z", "z'", "x2", "z2 y", "x y'"] {
            let st = stickers(alg);
            for colour in Face::ALL {
                let r = hold_up(&st, colour);
                assert_eq!(centre(&after(&st, r.as_slice()), Face::U), colour, "{alg}");
            }
        }
        for p in SIDES {
            let y = bring_to_front(p);
            assert_eq!(centre(&after(&stickers(""), y.as_slice()), Face::F), p);
        }
        let y = bring_to_front_right(Face::B, Face::L);
        let st = after(&stickers(""), y.as_slice());
        let mut fr = [centre(&st, Face::F), centre(&st, Face::R)];
        fr.sort();
        assert_eq!(fr, [Face::L, Face::B]);
    }
}
