//! The paper's face layout that the local and vector representations share (vector is local
//! flattened): the six faces in the paper's order, each N×N as seen from outside, and for each
//! layer of each axis the quarter-turn as a face rotation and a ring of four strips. Local
//! makes its quarter-turns with it on its 6×N×N array; vector derives its N×N×N index lists
//! from it by compiling it on an array of indices ([`super::Gather::compile`]).

use ndarray::{Array3, ArrayView2, ArrayView3, Axis, Ix1, Ix3, SliceInfo, SliceInfoElem, s};

use crate::apl::prim::{rot_ccw, rot_cw};
use crate::turn::moves::{LayerTurn, PaperAxis};

// moves:begin — counted by `compare` for each representation that needs it.
/// The faces' places in the array (the paper's 1-based `ω[1;;]` … `ω[6;;]`, less one).
pub(crate) const UP: usize = 0;
pub(crate) const DOWN: usize = 1;
pub(crate) const BACK: usize = 2;
pub(crate) const FRONT: usize = 3;
pub(crate) const LEFT: usize = 4;
pub(crate) const RIGHT: usize = 5;

/// Face `f` of the array: the paper's `ω[f;;]`.
pub(crate) fn face<T>(omega: ArrayView3<'_, T>, f: usize) -> ArrayView2<'_, T> {
    omega.index_axis_move(Axis(0), f)
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

/// The quarter-turns of the layers of block `m`, each a face rotation (outer layers only) and
/// a ring of strips, all read from `omega`.
pub(crate) fn quarter_turns<T: Copy>(m: LayerTurn, omega: ArrayView3<T>) -> Array3<T> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
