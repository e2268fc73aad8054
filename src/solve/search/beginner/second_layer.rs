//! Stage 3: the second layer, with the cube turned over.
//!
//! With the first layer done, turn the cube over (`z2`) so that the white face is at the
//! bottom and the last face — **blue** in this scheme, where most guides' last face is yellow —
//! is on top. The four second-layer edges are the ones with neither white nor blue.
//!
//! Find one on the top layer. Turn the top until the colour on its side matches the centre
//! below it, and turn the whole cube so that face is in front. The edge's top colour says where
//! it goes: if it is the right face's colour,
//! [`EdgeToRight`](super::Algorithm::EdgeToRight) `U R U' R' U' F' U F`; if the left's,
//! [`EdgeToLeft`](super::Algorithm::EdgeToLeft) `U' L' U L U F U' F'`. If none is on top
//! but one sits in the middle layer in the wrong slot or flipped, hold that slot at the front
//! right and make `U R U' R' U' F' U F` with any top edge: that brings the stuck edge up.

use super::Algorithm;
use super::first_layer::place_each;
use super::hands::{
    Hands, Stickers, after, bring_to_front, bring_to_front_right, edge_home, find_edge,
    position_of, quarters, turn,
};
use super::{BLUE, SIDE_PAIRS};
use crate::turn::face::Face;
use crate::turn::moves::Move;

/// Stage 3's pieces: how many second-layer edges are home.
pub(super) fn second_layer(st: &Stickers) -> usize {
    SIDE_PAIRS
        .iter()
        .filter(|&&(a, b)| edge_home(st, a, b))
        .count()
}

/// Stage 3: the second layer, blue on top.
pub(super) fn solve_second_layer(hands: &mut Hands) {
    let home = |st: &Stickers, (a, b): (Face, Face)| edge_home(st, a, b);
    let bring = |st: &Stickers, (a, b): (Face, Face)| middle_edge(st, a, b);
    place_each(hands, BLUE, &SIDE_PAIRS, home, bring);
}

/// The turns that bring the edge of colours `a` and `b` home, blue on top, keeping the first
/// layer and the second-layer edges already home.
fn middle_edge(st: &Stickers, a: Face, b: Face) -> Vec<Move> {
    if edge_home(st, a, b) {
        return Vec::new();
    }
    let (pa, pb) = find_edge(st, a, b);
    let mut seq = Vec::new();
    if pa == Face::U || pb == Face::U {
        // On top: `side` shows colour `s`, the top shows `t`.
        let (side, s, t) = if pa == Face::U {
            (pb, b, a)
        } else {
            (pa, a, b)
        };
        let centre = position_of(st, s);
        seq.extend(turn(Face::U, quarters(Face::U, side, centre)));
        seq.extend(bring_to_front(centre));
        let held = after(st, &seq);
        let algorithm = if position_of(&held, t) == Face::R {
            Algorithm::EdgeToRight
        } else {
            Algorithm::EdgeToLeft
        };
        seq.extend_from_slice(algorithm.moves());
    } else {
        // In the middle layer but wrong: bring it up with any top edge.
        seq.extend(bring_to_front_right(pa, pb));
        seq.extend_from_slice(Algorithm::EdgeToRight.moves());
        let rest = middle_edge(&after(st, &seq), a, b);
        seq.extend(rest);
    }
    seq
}

#[cfg(test)]
mod tests {
    use super::super::first_layer::{white_corners, white_cross};
    use super::super::hands::cost;
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    /// Every place and flip of the orange-yellow edge (blue on top, first layer done): placing
    /// it keeps the first layer and the second-layer edges that were home.
    #[test]
    fn every_second_layer_edge_case_is_placed_keeping_the_rest() {
        let fr = 8;
        for slot in 4..12 {
            for flip in 0..2 {
                let mut cube = super::super::hands::edge_moved(fr, slot, flip);
                cube.apply_all(&parse_moves("z2", Notation::Standard).unwrap())
                    .unwrap();
                let start = Hands::new(&cube).st;
                let moves = middle_edge(&start, Face::F, Face::R);
                let end = after(&start, &moves);
                let case = format!("{} {flip}", crate::state::pieces::edge_name(slot));
                assert!(edge_home(&end, Face::F, Face::R), "{case}");
                assert_eq!((white_cross(&end), white_corners(&end)), (4, 4), "{case}");
                for (a, b) in SIDE_PAIRS {
                    if edge_home(&start, a, b) {
                        assert!(edge_home(&end, a, b), "{case}: broke {a}{b}");
                    }
                }
                assert!(cost(&moves) <= 19, "{case}: {moves:?}");
            }
        }
    }
}
