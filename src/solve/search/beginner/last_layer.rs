//! Stages 4 to 7: the last layer, blue on top (where most guides have yellow).
//!
//! **Stage 4, the blue cross.** Look at the blue face: how many of its edges show blue? Two
//! in a line: hold the line left to right and make
//! [`CrossFromLine`](super::Algorithm::CrossFromLine) `F R U R' U' F'` (the notes'
//! `F.R.U.Rʼ.Uʼ.Fʼ`). Two making an L: hold the L at the back and left and make
//! [`CrossFromL`](super::Algorithm::CrossFromL) `F U R U' R' F'`. None: `F R U R' U' F'` from
//! anywhere makes an L.
//!
//! **Stage 5, the blue edges.** Turn the top until at least two of its edges match the
//! centres below them (there is always such a turn). Two side by side: hold them at the back
//! and right and make [`SwapEdges`](super::Algorithm::SwapEdges) `R U R' U R U2 R' U`, which
//! swaps the other two. Two opposite: hold them front and back, make it once, and look again.
//!
//! **Stage 6, the blue corners placed.** A corner is in place when it sits between the three
//! centres of its colours, however it is twisted. One in place: hold it at the front right
//! and make [`CycleCorners`](super::Algorithm::CycleCorners) `U R U' L' U R' U' L`, once or
//! twice, until all four are. None: make it once from the hold that leaves least to do.
//!
//! **Stage 7, the blue corners oriented**, with the notes' 14-move sequence
//! [`TwistCorners`](super::Algorithm::TwistCorners) `R U2 R' U' R U' R' L' U2 L U L' U L`,
//! which twists the front-right corner one way and the back-right one the other. Look at the
//! four corners' twists, turn the whole cube so that a pair needing those twists is on the
//! right, and make the sequence; repeat until every corner shows blue on top. For each of the
//! 27 patterns of twists, the fewest repetitions (and the holds for them) were found once by
//! trying them all, as a learner does by practice.

use std::sync::OnceLock;

use super::Algorithm;
use super::hands::{
    Hands, SIDES, Stickers, after, centre, corner_sticker, edge_home, edge_sticker, hold_sides,
    hold_up, position_of, rotate, turn,
};
use super::{BLUE, SIDE_COLOURS, SIDE_PAIRS};
use crate::turn::face::Face;
use crate::turn::moves::{Move, Rotation};

/// The side positions next to each other, clockwise seen from above starting at the front
/// right: the four corner places of the top layer.
const TOP_CORNERS: [(Face, Face); 4] = [
    (Face::F, Face::R),
    (Face::R, Face::B),
    (Face::B, Face::L),
    (Face::L, Face::F),
];

fn neighbours(p: Face) -> impl Iterator<Item = Face> {
    Face::ALL
        .into_iter()
        .filter(move |&q| q != p && q != p.opposite())
}

/// Stage 4's pieces: how many of the edges round the blue centre show blue on the blue face.
pub(super) fn blue_cross(st: &Stickers) -> usize {
    let top = position_of(st, BLUE);
    neighbours(top)
        .filter(|&p| edge_sticker(st, top, p) == BLUE)
        .count()
}

/// Stage 5's pieces: how many blue edges are home.
pub(super) fn blue_edges(st: &Stickers) -> usize {
    SIDE_COLOURS
        .iter()
        .filter(|&&c| edge_home(st, BLUE, c))
        .count()
}

/// Whether the corner at positions `a`, `b`, `c` holds the piece of their centres' colours.
fn in_place(st: &Stickers, a: Face, b: Face, c: Face) -> bool {
    let mut shown = [
        corner_sticker(st, a, b, c),
        corner_sticker(st, b, a, c),
        corner_sticker(st, c, a, b),
    ];
    let mut want = [centre(st, a), centre(st, b), centre(st, c)];
    shown.sort();
    want.sort();
    shown == want
}

/// Stage 6's pieces: how many blue corners are between the centres of their colours.
pub(super) fn blue_corners_placed(st: &Stickers) -> usize {
    let top = position_of(st, BLUE);
    SIDE_PAIRS
        .iter()
        .filter(|&&(a, b)| in_place(st, top, position_of(st, a), position_of(st, b)))
        .count()
}

/// Stage 7's pieces: how many blue corners are home (all four: the cube is solved).
pub(super) fn blue_corners_oriented(st: &Stickers) -> usize {
    SIDE_PAIRS
        .iter()
        .filter(|&&(a, b)| super::hands::corner_home(st, [BLUE, a, b]))
        .count()
}

fn hold_blue_up(hands: &mut Hands) {
    if let Some(r) = hold_up(&hands.st, BLUE) {
        hands.make(&[r]);
    }
}

/// The sides whose top edge shows the top colour on top.
fn edges_up(st: &Stickers) -> Vec<Face> {
    let top = centre(st, Face::U);
    SIDES
        .into_iter()
        .filter(|&p| edge_sticker(st, Face::U, p) == top)
        .collect()
}

/// Stage 4: the blue cross.
pub(super) fn solve_blue_cross(hands: &mut Hands) {
    hold_blue_up(hands);
    for _ in 0..2 {
        let (hold, algorithm) = match edges_up(&hands.st)[..] {
            [_, _, _, _] => break,
            [a, b] if a == b.opposite() => (
                hold_sides(a, b, [Face::L, Face::R]),
                Algorithm::CrossFromLine,
            ),
            [a, b] => (hold_sides(a, b, [Face::B, Face::L]), Algorithm::CrossFromL),
            _ => (None, Algorithm::CrossFromLine),
        };
        hands.make(hold.as_slice());
        hands.make(algorithm.moves());
    }
}

/// The sides whose top edge matches the centre below it.
fn edges_matched(st: &Stickers) -> Vec<Face> {
    SIDES
        .into_iter()
        .filter(|&p| edge_sticker(st, p, Face::U) == centre(st, p))
        .collect()
}

/// Stage 5: the blue edges, each over its own centre.
pub(super) fn solve_blue_edges(hands: &mut Hands) {
    hold_blue_up(hands);
    for _ in 0..3 {
        // Every turn of the top that matches two or more edges, with what follows it; those
        // that finish the stage first, then the fewest turns.
        let st = hands.st;
        let plan = (0..4)
            .filter_map(|q| {
                let mut seq: Vec<Move> = turn(Face::U, q).into_iter().collect();
                let matched = edges_matched(&after(&st, &seq));
                let finishes = match matched[..] {
                    [_, _, _, _] => true,
                    [a, b] if a == b.opposite() => {
                        seq.extend(hold_sides(a, b, [Face::F, Face::B]));
                        seq.extend_from_slice(Algorithm::SwapEdges.moves());
                        false
                    }
                    [a, b] => {
                        seq.extend(hold_sides(a, b, [Face::B, Face::R]));
                        seq.extend_from_slice(Algorithm::SwapEdges.moves());
                        true
                    }
                    _ => return None,
                };
                Some((!finishes, super::hands::cost(&seq), seq))
            })
            .min_by_key(|(unfinished, cost, _)| (*unfinished, *cost));
        let Some((unfinished, _, seq)) = plan else {
            break;
        };
        hands.make(&seq);
        if !unfinished {
            break;
        }
    }
}

fn corners_in_place(st: &Stickers) -> Vec<(Face, Face)> {
    TOP_CORNERS
        .into_iter()
        .filter(|&(a, b)| in_place(st, Face::U, a, b))
        .collect()
}

/// With one corner in place: hold it at the front right and cycle the others until all four
/// are in place (at most twice).
fn cycle_from_placed(st: &Stickers) -> Option<Vec<Move>> {
    let placed = corners_in_place(st);
    let &[(a, b)] = &placed[..] else {
        return (placed.len() == 4).then(Vec::new);
    };
    let mut seq: Vec<Move> = hold_sides(a, b, [Face::F, Face::R]).into_iter().collect();
    for _ in 0..2 {
        seq.extend_from_slice(Algorithm::CycleCorners.moves());
        if corners_in_place(&after(st, &seq)).len() == 4 {
            return Some(seq);
        }
    }
    None
}

/// Stage 6: the blue corners, each between its own centres.
pub(super) fn solve_corners_placed(hands: &mut Hands) {
    hold_blue_up(hands);
    let st = hands.st;
    let seq = cycle_from_placed(&st).or_else(|| {
        // None in place: cycle once from the hold that leaves least to do.
        (0..4)
            .filter_map(|q| {
                let mut seq: Vec<Move> = rotate(Rotation::Y, q).into_iter().collect();
                seq.extend_from_slice(Algorithm::CycleCorners.moves());
                let rest = cycle_from_placed(&after(&st, &seq))?;
                seq.extend(rest);
                Some(seq)
            })
            .min_by_key(|seq| super::hands::cost(seq))
    });
    hands.make(&seq.unwrap_or_default());
}

/// How far clockwise (0, 1 or 2 faces, seen from outside) each top corner's top colour sits
/// from the top face, corners as in [`TOP_CORNERS`].
fn twists(st: &Stickers) -> [u8; 4] {
    let top = centre(st, Face::U);
    TOP_CORNERS.map(|(a, b)| {
        // The corner's faces clockwise from the top.
        let [u, p, q] = (0..crate::state::pieces::CORNERS)
            .map(crate::state::pieces::corner_faces)
            .find(|f| f[0] == Face::U && f.contains(&a) && f.contains(&b))
            .unwrap_or([Face::U, a, b]);
        let shown = [
            corner_sticker(st, u, p, q),
            corner_sticker(st, p, u, q),
            corner_sticker(st, q, u, p),
        ];
        shown.iter().position(|&c| c == top).unwrap_or(0) as u8
    })
}

fn pattern(t: [u8; 4]) -> usize {
    t.iter().rev().fold(0, |acc, &x| 3 * acc + x as usize)
}

/// For each of the 81 patterns of twists (27 of them real), the holds (quarter-turns of the
/// whole cube about the vertical) from which to make [`Algorithm::TwistCorners`], fewest first
/// found by a breadth-first search from the solved pattern.
fn twist_plans() -> &'static [Option<Vec<u8>>; 81] {
    static PLANS: OnceLock<[Option<Vec<u8>>; 81]> = OnceLock::new();
    PLANS.get_or_init(|| {
        let solved = super::hands::Hands::new(&crate::state::cube::Cube::solved()).st;
        // What the sequence does to the twists, made from each hold.
        let effects: Vec<[u8; 4]> = (0..4)
            .map(|q| {
                let mut seq: Vec<Move> = rotate(Rotation::Y, q).into_iter().collect();
                seq.extend_from_slice(Algorithm::TwistCorners.moves());
                seq.extend(rotate(Rotation::Y, 4 - q));
                twists(&after(&solved, &seq))
            })
            .collect();
        let mut plans: [Option<Vec<u8>>; 81] = std::array::from_fn(|_| None);
        plans[0] = Some(Vec::new());
        let mut queue = std::collections::VecDeque::from([[0u8; 4]]);
        while let Some(t) = queue.pop_front() {
            let plan = plans[pattern(t)].clone().unwrap_or_default();
            for (q, e) in effects.iter().enumerate() {
                // The pattern that this hold's sequence turns into `t`.
                let before: [u8; 4] = std::array::from_fn(|i| (t[i] + 3 - e[i]) % 3);
                if plans[pattern(before)].is_none() {
                    let mut p = vec![q as u8];
                    p.extend(&plan);
                    p.sort();
                    plans[pattern(before)] = Some(p);
                    queue.push_back(before);
                }
            }
        }
        plans
    })
}

/// Stage 7: every blue corner twisted until blue is on top, with the notes' sequence.
pub(super) fn solve_corners_oriented(hands: &mut Hands) {
    hold_blue_up(hands);
    let plan = twist_plans()[pattern(twists(&hands.st))]
        .clone()
        .unwrap_or_default();
    let mut held = 0;
    for q in plan {
        hands.make(rotate(Rotation::Y, q + 4 - held).as_slice());
        hands.make(Algorithm::TwistCorners.moves());
        held = q;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All multisets of `k` holds.
    fn multisets(k: usize) -> Vec<Vec<u8>> {
        if k == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for m in multisets(k - 1) {
            let from = m.last().copied().unwrap_or(0);
            for q in from..4 {
                let mut n = m.clone();
                n.push(q);
                out.push(n);
            }
        }
        out
    }

    fn made_from(holds: &[u8]) -> Stickers {
        let mut hands = Hands::new(&crate::state::cube::Cube::solved());
        for &q in holds {
            hands.make(rotate(Rotation::Y, q).as_slice());
            hands.make(Algorithm::TwistCorners.moves());
            hands.make(rotate(Rotation::Y, 4 - q).as_slice());
        }
        hands.st
    }

    /// Every pattern the sequence can make is undone by its plan, and no plan is longer than
    /// the fewest repetitions that undo it (tried by brute force up to six).
    #[test]
    fn twist_plans_undo_every_pattern_with_fewest_repetitions() {
        let plans = twist_plans();
        let mut seen = std::collections::HashSet::new();
        for k in 0..=4 {
            for holds in multisets(k) {
                let st = made_from(&holds);
                let t = twists(&st);
                seen.insert(t);
                let mut hands = Hands::new(&crate::state::cube::Cube::solved());
                hands.st = st;
                solve_corners_oriented(&mut hands);
                assert_eq!(blue_corners_oriented(&hands.st), 4, "{holds:?}");
                let plan = plans[pattern(t)].as_ref().unwrap();
                let fewest = (0..=6)
                    .find(|&n| {
                        multisets(n).iter().any(|m| {
                            let after = twists(&after(&st, &{
                                let mut seq = Vec::new();
                                for &q in m {
                                    seq.extend(rotate(Rotation::Y, q));
                                    seq.extend_from_slice(Algorithm::TwistCorners.moves());
                                    seq.extend(rotate(Rotation::Y, 4 - q));
                                }
                                seq
                            }));
                            after == [0; 4]
                        })
                    })
                    .unwrap();
                assert_eq!(plan.len(), fewest, "{t:?}");
            }
        }
        // The sequence reaches all 27 patterns whose twists sum to 0 mod 3, and only those.
        assert_eq!(seen.len(), 27);
        let real = plans.iter().filter(|p| p.is_some()).count();
        assert_eq!(real, 27);
    }
}
