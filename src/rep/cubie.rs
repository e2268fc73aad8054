//! The cubie helpers that numeric, 4-D and nested share: where each cubie of the N×N×N
//! array sits, which of the canonical cube's stickers are its up/down, back/front and
//! left/right ones (the paper's order of a cubie's colours), and a cube built back from them.
//! They convert states; no move is written with them.

use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// Doubled coordinates (x right, y up, z front) of the cubie at `[plane, row, col]` of the
/// `n`×`n`×`n` cube.
fn cubie_position(n: usize, p: usize, r: usize, c: usize) -> [i32; 3] {
    let k = n as i32 - 1;
    let [p, r, c] = [p, r, c].map(|v| v as i32);
    [2 * c - k, k - 2 * p, 2 * r - k]
}

/// The facelet index of each of the cubie's three stickers in the paper's order (up/down,
/// back/front, left/right), `None` where it has none.
fn cubie_stickers(n: usize, p: usize, r: usize, c: usize) -> [Option<usize>; 3] {
    let outer = |i: usize, low: Face, high: Face| match i {
        0 => Some(low),
        i if i + 1 == n => Some(high),
        _ => None,
    };
    let faces = [
        outer(p, Face::U, Face::D),
        outer(r, Face::B, Face::F),
        outer(c, Face::L, Face::R),
    ];
    let g = Geometry::of(n);
    let cubie = cubie_position(n, p, r, c);
    faces.map(|f| f.and_then(|f| g.sticker_of(cubie, f)))
}

/// Builds an `n`×`n`×`n` cube from a colour for each cubie's stickers (in the paper's
/// order), given as `colours(p, r, c)`.
pub(crate) fn cube_from_cubies(
    n: usize,
    colours: impl Fn(usize, usize, usize) -> [Option<Face>; 3],
) -> Cube {
    let g = Geometry::of(n);
    let mut stickers: Vec<Face> = (0..g.sticker_count()).map(|i| g.face_of(i)).collect();
    for p in 0..n {
        for r in 0..n {
            for c in 0..n {
                let got = colours(p, r, c);
                for (slot, sticker) in cubie_stickers(n, p, r, c).into_iter().enumerate() {
                    if let (Some(i), Some(face)) = (sticker, got[slot]) {
                        stickers[i] = face;
                    }
                }
            }
        }
    }
    Cube::from_stickers(n, stickers).expect("an array made from a cube holds a cube")
}

/// Each cubie's sticker colours in the paper's order, `None` where it has no sticker.
pub(crate) fn cubie_colours(cube: &Cube, p: usize, r: usize, c: usize) -> [Option<Face>; 3] {
    cubie_stickers(cube.size(), p, r, c).map(|s| s.map(|i| cube.stickers()[i]))
}
