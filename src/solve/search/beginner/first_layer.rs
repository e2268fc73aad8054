//! Stages 1 and 2: the first layer, with the first face on top.
//!
//! The first face is **white**, as in the notes and in most guides; in this project's colour
//! scheme white is the up face's colour, so the cube starts the way it is usually held.
//!
//! **Stage 1, the white cross.** The four edges with a white sticker go round the white
//! centre, each with its other colour beside its own centre. Take them one at a time (the
//! one that needs fewest turns first, as a person looks for the easy one):
//! - *in the middle layer*, white on one side and its colour on the other: turn the top until
//!   the edge's place is above the face showing its colour, turn that face to lift the edge
//!   up, and turn the top back (the notes' "easy section");
//! - *on the bottom, white facing down*: turn the bottom until the edge is under its own
//!   centre, then turn that face twice;
//! - *on the bottom, white facing out*: turn the bottom until the edge is under its own
//!   centre, and a quarter-turn of that face lifts it into the middle layer;
//! - *on top but wrong* (misplaced, or flipped): a quarter-turn of its side takes it down into
//!   the middle layer.
//!
//! Turning the top and back again, and turning only faces whose top edge is not yet solved,
//! keeps the edges already placed.
//!
//! **Stage 2, the white corners.** Each corner with a white sticker goes in between its two
//! side colours. Find one on the bottom layer, turn the bottom until it is right below its
//! place, and turn the whole cube so that place is at the front right. Then, by where its white
//! sticker faces: right, [`CornerFromRight`](super::Algorithm::CornerFromRight) `R' D' R`;
//! front, [`CornerFromFront`](super::Algorithm::CornerFromFront) `F D F'`; down,
//! [`CornerFromBelow`](super::Algorithm::CornerFromBelow) `R' D2 R D R' D' R`. A white corner
//! stuck on top in the wrong place or twisted is held at the front right and taken down with
//! `R' D' R` first.

use super::Algorithm;
use super::hands::{
    Hands, Stickers, bring_to_front_right, corner_home, cost, edge_home, find_corner, find_edge,
    hold_up, position_of, quarters, turn,
};
use super::{SIDE_COLOURS, SIDE_PAIRS, WHITE};
use crate::turn::face::Face;
use crate::turn::moves::Move;

/// Stage 1's pieces, the notes' `completed` made general: how many white edges are home,
/// wherever the white face is.
pub(super) fn white_cross(st: &Stickers) -> usize {
    SIDE_COLOURS
        .iter()
        .filter(|&&c| edge_home(st, WHITE, c))
        .count()
}

/// Stage 2's pieces: how many white corners are home.
pub(super) fn white_corners(st: &Stickers) -> usize {
    SIDE_PAIRS
        .iter()
        .filter(|&&(a, b)| corner_home(st, [WHITE, a, b]))
        .count()
}

/// Picks the cheapest of the ways to place one more piece, as a person picks the easy one.
pub(super) fn cheapest(options: impl Iterator<Item = Vec<Move>>) -> Option<Vec<Move>> {
    options.min_by_key(|m| cost(m))
}

/// A stage that places its pieces one at a time: colour `up` held on top, then, as often as
/// there are `pieces`, the cheapest of the ways to bring one more home (`home` says which are,
/// `bring` gives a piece's turns), until none is left.
pub(super) fn place_each<P: Copy>(
    hands: &mut Hands,
    up: Face,
    pieces: &[P],
    home: impl Fn(&Stickers, P) -> bool,
    bring: impl Fn(&Stickers, P) -> Vec<Move>,
) {
    if let Some(r) = hold_up(&hands.st, up) {
        hands.make(&[r]);
    }
    for _ in 0..pieces.len() {
        let st = hands.st;
        let unsolved = pieces.iter().filter(|&&p| !home(&st, p));
        match cheapest(unsolved.map(|&p| bring(&st, p))) {
            Some(moves) => hands.make(&moves),
            None => break,
        }
    }
}

/// Stage 1: the white cross on top.
pub(super) fn solve_white_cross(hands: &mut Hands) {
    let home = |st: &Stickers, c: Face| edge_home(st, WHITE, c);
    place_each(hands, WHITE, &SIDE_COLOURS, home, cross_edge);
}

/// The turns that bring the white edge of colour `c` home, white on top, keeping the white
/// edges already home.
fn cross_edge(st: &Stickers, c: Face) -> Vec<Move> {
    let (up, down) = (Face::U, Face::D);
    let target = position_of(st, c);
    let (white_at, colour_at) = find_edge(st, WHITE, c);
    let then = |first: Vec<Move>| {
        let mut seq = first;
        let rest = cross_edge(&super::hands::after(st, &seq), c);
        seq.extend(rest);
        seq
    };
    if white_at == up && colour_at == target {
        Vec::new()
    } else if white_at == up || colour_at == up {
        // On top but wrong: a quarter-turn of its side takes it down to the middle layer.
        let side = if white_at == up { colour_at } else { white_at };
        cheapest(
            [1, 3]
                .into_iter()
                .map(|q| then(turn(side, q).into_iter().collect())),
        )
        .unwrap_or_default()
    } else if white_at == down {
        // White facing down: under its own centre, then that face twice.
        [
            turn(down, quarters(down, colour_at, target)),
            turn(target, 2),
        ]
        .into_iter()
        .flatten()
        .collect()
    } else if colour_at == down {
        // White facing out on the bottom: under its own centre, then lift it into the middle
        // layer with a quarter-turn of that face (whose top edge is not home yet).
        let under = turn(down, quarters(down, white_at, target));
        cheapest(
            [1, 3]
                .into_iter()
                .map(|q| then([under, turn(target, q)].into_iter().flatten().collect())),
        )
        .unwrap_or_default()
    } else {
        // In the middle layer: the top turns the edge's place above the face showing its
        // colour, that face lifts it, and the top turns back.
        let k = quarters(up, target, colour_at);
        [
            turn(up, k),
            turn(colour_at, quarters(colour_at, white_at, up)),
            turn(up, 4 - k),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Stage 2: the white corners, white still on top.
pub(super) fn solve_white_corners(hands: &mut Hands) {
    let home = |st: &Stickers, (a, b): (Face, Face)| corner_home(st, [WHITE, a, b]);
    let bring = |st: &Stickers, (a, b): (Face, Face)| white_corner(st, a, b);
    place_each(hands, WHITE, &SIDE_PAIRS, home, bring);
}

/// The turns that bring the white corner between colours `a` and `b` home, keeping the cross
/// and the corners already home.
fn white_corner(st: &Stickers, a: Face, b: Face) -> Vec<Move> {
    let corner = [WHITE, a, b];
    if corner_home(st, corner) {
        return Vec::new();
    }
    let at = find_corner(st, corner);
    let sides: Vec<Face> = at
        .into_iter()
        .filter(|&p| p != Face::U && p != Face::D)
        .collect();
    let mut seq: Vec<Move> = Vec::new();
    if at.contains(&Face::U) {
        // Stuck on top: hold it at the front right and take it down.
        seq.extend(bring_to_front_right(sides[0], sides[1]));
        seq.extend_from_slice(Algorithm::CornerFromRight.moves());
        let rest = white_corner(&super::hands::after(st, &seq), a, b);
        seq.extend(rest);
        return seq;
    }
    // On the bottom: turn the bottom until it is below its place, hold the place at the front
    // right, and look where white faces.
    let (pa, pb) = (position_of(st, a), position_of(st, b));
    let below = (0..4)
        .find(|&q| {
            let now = [sides[0].turned(Face::D, q), sides[1].turned(Face::D, q)];
            now.contains(&pa) && now.contains(&pb)
        })
        .unwrap_or(0);
    seq.extend(turn(Face::D, below));
    seq.extend(bring_to_front_right(pa, pb));
    let held = super::hands::after(st, &seq);
    let algorithm = match find_corner(&held, corner)[0] {
        Face::R => Algorithm::CornerFromRight,
        Face::F => Algorithm::CornerFromFront,
        _ => Algorithm::CornerFromBelow,
    };
    seq.extend_from_slice(algorithm.moves());
    seq
}

#[cfg(test)]
mod tests {
    use super::super::hands::after;
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::state::cube::Cube;
    use crate::turn::notation::Notation;

    /// The solved cube's stickers with one edge piece moved to `slot` and flipped by `flip`
    /// ([`edge_moved`](super::super::hands::edge_moved)).
    fn with_edge(piece: usize, slot: usize, flip: u8) -> Stickers {
        Hands::new(&super::super::hands::edge_moved(piece, slot, flip)).st
    }

    /// Likewise a corner moved to `slot` and twisted by `twist`.
    fn with_corner(piece: usize, slot: usize, twist: u8) -> Stickers {
        let solved = Cube::solved();
        let mut corners = crate::state::pieces::read_corners(&solved).unwrap();
        corners.perm.swap(piece, slot);
        corners.orient[slot] = twist;
        let mut stickers = solved.stickers().to_vec();
        crate::state::pieces::write_corners(3, &mut stickers, &corners);
        Hands::new(&Cube::from_stickers(3, stickers).unwrap()).st
    }

    /// Every place and flip of the white-orange edge: placing it keeps the white edges that
    /// were home, in at most six turns.
    #[test]
    fn every_white_edge_case_is_placed_keeping_the_others() {
        let uf = 1;
        for slot in 0..12 {
            for flip in 0..2 {
                let start = with_edge(uf, slot, flip);
                let moves = cross_edge(&start, Face::F);
                let end = after(&start, &moves);
                let case = format!("{} {flip}", crate::state::pieces::edge_name(slot));
                assert!(edge_home(&end, WHITE, Face::F), "{case}");
                for c in [Face::R, Face::B, Face::L] {
                    if edge_home(&start, WHITE, c) {
                        assert!(edge_home(&end, WHITE, c), "{case}: broke {c}");
                    }
                }
                assert!(cost(&moves) <= 6, "{case}: {moves:?}");
            }
        }
    }

    /// Every place and twist of the white-orange-yellow corner: placing it keeps the cross and
    /// the white corners that were home.
    #[test]
    fn every_white_corner_case_is_placed_keeping_the_first_layer() {
        let urf = 7;
        for slot in 0..8 {
            for twist in 0..3 {
                let start = with_corner(urf, slot, twist);
                let moves = white_corner(&start, Face::F, Face::R);
                let end = after(&start, &moves);
                let case = format!("{} {twist}", crate::state::pieces::corner_name(slot));
                assert!(corner_home(&end, [WHITE, Face::F, Face::R]), "{case}");
                assert_eq!(white_cross(&end), 4, "{case}");
                for (a, b) in SIDE_PAIRS {
                    if corner_home(&start, [WHITE, a, b]) {
                        assert!(corner_home(&end, [WHITE, a, b]), "{case}: broke {a}{b}");
                    }
                }
                assert!(cost(&moves) <= 12, "{case}: {moves:?}");
            }
        }
    }

    #[test]
    fn the_notes_scramble_gets_its_first_layer() {
        // The notes' scramble, `Fʼ L2 B2 L Rʼ Uʼ R Fʼ D2 B2`.
        let mut cube = Cube::solved();
        cube.apply_all(&parse_moves("F' L2 B2 L R' U' R F' D2 B2", Notation::Standard).unwrap())
            .unwrap();
        let mut hands = Hands::new(&cube);
        solve_white_cross(&mut hands);
        assert_eq!(white_cross(&hands.st), 4);
        solve_white_corners(&mut hands);
        assert_eq!((white_cross(&hands.st), white_corners(&hands.st)), (4, 4));
    }
}
