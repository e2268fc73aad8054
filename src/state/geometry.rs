//! Where every sticker of an N×N×N cube is in space, and what a slice turn does to it.
//!
//! This is the ground truth the seven representations are checked against: it knows nothing
//! of arrays or the paper's transforms, only of points and rotations. Coordinates are doubled
//! so that they stay integers: x runs left → right, y down → up, z back → front; cubie centres
//! sit at `2i − (N−1)` and the stickers of a face at `±N` along its normal.
//!
//! Stickers are numbered in facelet-string order: faces U R F D L B, each face's N² stickers
//! row by row in the layout of [the conventions](crate::guide::conventions).

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// The largest cube size the geometry serves.
pub const MAX_SIZE: usize = 9;

/// Sticker positions and turn tables of the N×N×N cube.
///
/// ```
/// use cubework::Geometry;
/// let g = Geometry::of(3);
/// assert_eq!(g.sticker_count(), 54);
/// assert_eq!(g.position(4), [0, 3, 0]); // the up centre
/// ```
#[derive(Debug)]
pub struct Geometry {
    n: usize,
    positions: Vec<[i32; 3]>,
    lookup: HashMap<[i32; 3], usize>,
    /// `tables[axis][layer][quarters - 1]`: gather tables, `new[i] = old[t[i]]`.
    tables: Vec<Vec<[Vec<u16>; 3]>>,
}

impl Geometry {
    /// The geometry of the `n`×`n`×`n` cube, built once and shared.
    ///
    /// # Panics
    /// If `n` is 0 or larger than [`MAX_SIZE`]; callers check sizes from user input first.
    pub fn of(n: usize) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; MAX_SIZE + 1] =
            [const { OnceLock::new() }; MAX_SIZE + 1];
        assert!(
            (1..=MAX_SIZE).contains(&n),
            "cube size {n} outside 1..={MAX_SIZE}"
        );
        CACHE[n].get_or_init(|| Geometry::new(n))
    }

    fn new(n: usize) -> Geometry {
        let k = n as i32 - 1;
        let ni = n as i32;
        let mut positions = Vec::with_capacity(6 * n * n);
        for face in Face::ALL {
            for r in 0..ni {
                for c in 0..ni {
                    let (a, b) = (2 * c - k, k - 2 * r); // across, and down the face
                    positions.push(match face {
                        Face::U => [a, ni, 2 * r - k],
                        Face::R => [ni, b, -a],
                        Face::F => [a, b, ni],
                        Face::D => [a, -ni, -(2 * r - k)],
                        Face::L => [-ni, b, a],
                        Face::B => [-a, b, -ni],
                    });
                }
            }
        }
        let lookup = positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut g = Geometry {
            n,
            positions,
            lookup,
            tables: Vec::new(),
        };
        g.tables = PaperAxis::ALL
            .iter()
            .map(|&axis| {
                (0..n)
                    .map(|layer| [1, 2, 3].map(|quarters| g.build_table(axis, layer, quarters)))
                    .collect()
            })
            .collect();
        g
    }

    /// The cube's size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// Number of stickers, 6N².
    pub fn sticker_count(&self) -> usize {
        self.positions.len()
    }

    /// Doubled coordinates of sticker `i`.
    pub fn position(&self, i: usize) -> [i32; 3] {
        self.positions[i]
    }

    /// The sticker at doubled coordinates `p`, if there is one.
    pub fn sticker_at(&self, p: [i32; 3]) -> Option<usize> {
        self.lookup.get(&p).copied()
    }

    /// The face sticker `i` lies on.
    pub fn face_of(&self, i: usize) -> Face {
        Face::from_index(i / (self.n * self.n))
    }

    /// Index of the sticker on `face` at (`row`, `col`) of its layout.
    pub fn index(&self, face: Face, row: usize, col: usize) -> usize {
        face.index() * self.n * self.n + row * self.n + col
    }

    /// Doubled coordinates of the cubie that sticker `i` belongs to.
    pub fn cubie_of(&self, i: usize) -> [i32; 3] {
        let k = self.n as i32 - 1;
        self.positions[i].map(|v| v.clamp(-k, k))
    }

    /// The sticker of cubie `cubie` (doubled coordinates) that faces `face`, if it has one.
    pub fn sticker_of(&self, cubie: [i32; 3], face: Face) -> Option<usize> {
        let normal = face.normal();
        let n = self.n as i32;
        let k = n - 1;
        let mut p = cubie;
        for (axis, &dir) in normal.iter().enumerate() {
            if dir != 0 {
                if cubie[axis] != dir * k {
                    return None;
                }
                p[axis] = dir * n;
            }
        }
        self.sticker_at(p)
    }

    /// The doubled coordinate, along the axis's direction, of its layer `layer`.
    fn layer_coordinate(&self, axis: PaperAxis, layer: usize) -> (usize, i32) {
        let k = self.n as i32 - 1;
        let l = layer as i32;
        match axis {
            PaperAxis::X => (0, 2 * l - k),
            PaperAxis::Y => (2, 2 * l - k),
            PaperAxis::Z => (1, k - 2 * l),
        }
    }

    /// True when sticker `i` belongs to a cubie in layer `layer` of `axis` (the layers a
    /// turn of that axis and layer turns).
    ///
    /// ```
    /// use cubework::{Face, Geometry, PaperAxis};
    /// let g = Geometry::of(3);
    /// // Layer 0 of Z is the up layer: every up sticker, and the top row of the front.
    /// assert!(g.in_layer(g.index(Face::F, 0, 1), PaperAxis::Z, 0));
    /// assert!(!g.in_layer(g.index(Face::F, 1, 1), PaperAxis::Z, 0));
    /// ```
    pub fn in_layer(&self, i: usize, axis: PaperAxis, layer: usize) -> bool {
        let (coord, value) = self.layer_coordinate(axis, layer);
        self.cubie_of(i)[coord] == value
    }

    /// Rotates a point one quarter-turn in the paper's positive sense about `axis`.
    fn rotate([x, y, z]: [i32; 3], axis: PaperAxis) -> [i32; 3] {
        match axis {
            PaperAxis::X => [x, -z, y], // clockwise seen from the left: up → front
            PaperAxis::Y => [-y, x, z], // clockwise seen from the back: up → left
            PaperAxis::Z => [-z, y, x], // clockwise seen from above: front → left
        }
    }

    fn build_table(&self, axis: PaperAxis, layer: usize, quarters: u8) -> Vec<u16> {
        let (coord, value) = self.layer_coordinate(axis, layer);
        let mut table: Vec<u16> = (0..self.sticker_count() as u16).collect();
        for (i, &p) in self.positions.iter().enumerate() {
            if self.cubie_of(i)[coord] != value {
                continue;
            }
            let mut q = p;
            for _ in 0..quarters {
                q = Self::rotate(q, axis);
            }
            let dest = self.lookup[&q];
            table[dest] = i as u16;
        }
        table
    }

    /// The gather table of `quarters` quarter-turns (in the paper's positive sense) of layer
    /// `layer` about `axis`: after the turn, sticker `i` holds what sticker `table[i]` held
    /// before. A turn of 0 quarters is the identity and gives `None`.
    ///
    /// # Panics
    /// If the layer is not below the cube's size (moves are checked before they get here).
    pub fn table(&self, axis: PaperAxis, layer: usize, quarters: u8) -> Option<&[u16]> {
        let q = quarters % 4;
        (q != 0).then(|| self.tables[axis as usize][layer][q as usize - 1].as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_distinct_for_every_size() {
        for n in 1..=7 {
            let g = Geometry::of(n);
            assert_eq!(g.lookup.len(), 6 * n * n);
        }
    }

    #[test]
    fn quarter_turns_have_order_four_and_are_permutations() {
        for n in 2..=5 {
            let g = Geometry::of(n);
            for axis in PaperAxis::ALL {
                for layer in 0..n {
                    let t = g.table(axis, layer, 1).unwrap();
                    let mut seen = vec![false; t.len()];
                    t.iter().for_each(|&i| seen[i as usize] = true);
                    assert!(seen.iter().all(|&s| s));
                    let mut state: Vec<u16> = (0..t.len() as u16).collect();
                    for _ in 0..4 {
                        state = t.iter().map(|&i| state[i as usize]).collect();
                    }
                    assert!(state.iter().enumerate().all(|(i, &v)| v as usize == i));
                }
            }
        }
    }

    #[test]
    fn cubies_own_their_stickers() {
        let g = Geometry::of(3);
        for i in 0..54 {
            let face = g.face_of(i);
            assert_eq!(g.sticker_of(g.cubie_of(i), face), Some(i));
        }
        // The up-front-right corner has stickers on U, F and R only.
        let corner = [2, 2, 2];
        assert_eq!(g.sticker_of(corner, Face::U), Some(g.index(Face::U, 2, 2)));
        assert_eq!(g.sticker_of(corner, Face::F), Some(g.index(Face::F, 0, 2)));
        assert_eq!(g.sticker_of(corner, Face::R), Some(g.index(Face::R, 0, 0)));
        assert_eq!(g.sticker_of(corner, Face::L), None);
    }
}
