//! Single-layer turns written as the WCA writes big cubes' moves: runs of turns about one
//! axis (which commute) merged into how far each layer turns, then written as the fewest
//! outer and wide turns (`R`, `Rw`, `3Rw`, `L'`, …) that turn each layer that far, and a
//! whole-cube turn when every layer turns alike.

use crate::solve::search::reduction::model::LayerMove;
use crate::turn::face::Face;
use crate::turn::moves::{Amount, Move, PaperAxis, Rotation, Turn, WideStyle};

/// The faces whose layers an axis's layers are counted from: the low end (layer 0) and the
/// high end, and the sense of each face's own turn in the paper's quarters (3: against).
fn ends(axis: PaperAxis) -> (Face, Face) {
    match axis {
        PaperAxis::X => (Face::L, Face::R),
        PaperAxis::Y => (Face::B, Face::F),
        PaperAxis::Z => (Face::U, Face::D),
    }
}

/// The face's own quarter-turns for `paper` quarter-turns in the paper's sense.
fn face_quarters(face: Face, paper: u8) -> u8 {
    match face {
        Face::L | Face::B | Face::U => paper % 4,
        _ => (paper * 3) % 4,
    }
}

/// The block of layers `width` deep from `face`, turned `paper` quarter-turns in the paper's
/// sense.
fn block(face: Face, width: usize, paper: u8) -> Move {
    Move {
        turn: Turn::Face {
            face,
            from: 1,
            to: width as u8,
            style: if width == 1 {
                WideStyle::Plain
            } else {
                WideStyle::W
            },
        },
        amount: Amount::from_quarters(face_quarters(face, paper)),
    }
}

/// The whole cube turned `paper` quarter-turns about `axis`.
fn rotation(axis: PaperAxis, paper: u8) -> Move {
    let (turn, face) = match axis {
        PaperAxis::X => (Rotation::X, Face::R),
        PaperAxis::Y => (Rotation::Z, Face::F),
        PaperAxis::Z => (Rotation::Y, Face::U),
    };
    Move {
        turn: Turn::Rotation(turn),
        amount: Amount::from_quarters(face_quarters(face, paper)),
    }
}

/// The moves that turn layer `i` of `axis` by `amounts[i]` paper quarter-turns: the fewest
/// outer and wide turns, counted from whichever end is cheaper, or a whole-cube turn.
fn write_axis(axis: PaperAxis, amounts: &[u8], out: &mut Vec<Move>) {
    let n = amounts.len();
    if amounts.iter().all(|&a| a == 0) {
        return;
    }
    if amounts.iter().all(|&a| a == amounts[0]) {
        out.push(rotation(axis, amounts[0]));
        return;
    }
    let (low, high) = ends(axis);
    // Layers below `split` from the low face, the rest from the high face.
    let moves_for = |split: usize| -> Vec<Move> {
        let mut moves = Vec::new();
        // Low side: the block of width w turns a[w-1] - a[w] (a[split] counted as 0).
        for w in (1..=split).rev() {
            let next = if w < split { amounts[w] } else { 0 };
            let q = (amounts[w - 1] + 4 - next) % 4;
            if q != 0 {
                moves.push(block(low, w, q));
            }
        }
        // High side: the block of layers n-w..n turns a[n-w] - a[n-w-1] (layer split-1
        // counted as 0).
        for w in (1..=n - split).rev() {
            let i = n - w;
            let before = if i > split { amounts[i - 1] } else { 0 };
            let q = (amounts[i] + 4 - before) % 4;
            if q != 0 {
                moves.push(block(high, w, q));
            }
        }
        moves
    };
    let best = (1..n)
        .map(moves_for)
        .min_by_key(|moves| {
            let width: u32 = moves
                .iter()
                .map(|m| match m.turn {
                    Turn::Face { to, .. } => u32::from(to),
                    _ => 0,
                })
                .sum();
            (moves.len(), width)
        })
        .expect("a cube has two layers or more");
    out.extend(best);
}

/// `moves` as outer, wide and whole-cube turns, each run about one axis merged.
pub(crate) fn write(n: usize, moves: &[LayerMove]) -> Vec<Move> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < moves.len() {
        let axis = moves[at].axis;
        let mut amounts = vec![0u8; n];
        while at < moves.len() && moves[at].axis == axis {
            let m = moves[at];
            amounts[m.layer] = (amounts[m.layer] + m.quarters) % 4;
            at += 1;
        }
        write_axis(axis, &amounts, &mut out);
    }
    out
}

/// `moves` with each run about one axis merged, as single-layer turns: the same turns, none
/// undoing another.
pub(crate) fn merge(n: usize, moves: &[LayerMove]) -> Vec<LayerMove> {
    let mut out: Vec<LayerMove> = Vec::new();
    let mut at = 0;
    while at < moves.len() {
        let axis = moves[at].axis;
        let mut amounts = vec![0u8; n];
        // A run may continue one already written out: take it back first.
        while out.last().is_some_and(|m| m.axis == axis) {
            let m = out.pop().expect("a last move");
            amounts[m.layer] = (amounts[m.layer] + m.quarters) % 4;
        }
        while at < moves.len() && moves[at].axis == axis {
            let m = moves[at];
            amounts[m.layer] = (amounts[m.layer] + m.quarters) % 4;
            at += 1;
        }
        for (layer, &quarters) in amounts.iter().enumerate() {
            if quarters != 0 {
                out.push(LayerMove {
                    axis,
                    layer,
                    quarters,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::cube::Cube;

    fn turned(n: usize, moves: &[LayerMove]) -> Cube {
        let model = crate::solve::search::reduction::model::Model::new(n);
        let mut stickers = Cube::solved_n(n).stickers().to_vec();
        for &m in moves {
            model.apply(&mut stickers, m);
        }
        Cube::from_stickers(n, stickers).unwrap()
    }

    #[test]
    fn every_run_of_layer_turns_is_written_as_moves_that_turn_the_same_layers() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
        for n in 4..=9 {
            for _ in 0..40 {
                let moves: Vec<LayerMove> = (0..rng.random_range(1..12))
                    .map(|_| LayerMove {
                        axis: PaperAxis::ALL[rng.random_range(0..2)],
                        layer: rng.random_range(0..n),
                        quarters: rng.random_range(1..4),
                    })
                    .collect();
                let mut cube = Cube::solved_n(n);
                cube.apply_all(&write(n, &moves)).unwrap();
                assert_eq!(cube, turned(n, &moves), "{moves:?}");
                assert_eq!(turned(n, &merge(n, &moves)), turned(n, &moves));
            }
        }
    }

    #[test]
    fn a_run_is_written_from_the_cheaper_end_in_wca_notation() {
        let x = |layer, quarters| LayerMove {
            axis: PaperAxis::X,
            layer,
            quarters,
        };
        // Layers 3 and 4 of a 5×5×5 turned like R: Rw; all five: x.
        let text = |n, moves: &[LayerMove]| crate::turn::moves::format_moves(&write(n, moves));
        assert_eq!(text(5, &[x(3, 3), x(4, 3)]), "Rw");
        assert_eq!(text(5, &[x(2, 3), x(3, 3), x(4, 3)]), "3Rw");
        assert_eq!(text(5, &(0..5).map(|l| x(l, 3)).collect::<Vec<_>>()), "x");
        assert_eq!(text(4, &[x(1, 1)]), "Lw L'");
    }
}
