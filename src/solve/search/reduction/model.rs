//! The N×N×N as the reduction sees it: single-layer turns as maps of stickers, and the
//! pieces in orbits — the centre orbits (24 stickers each; on odd sizes the six fixed centres
//! apart), the wing orbits (24 wings each, a wing being two stickers of one cubie), the
//! corners and, on odd sizes, the middle edges.

use std::collections::HashMap;

use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// A quarter- or half-turn of one layer: `quarters` (1 to 3) in the paper's positive sense
/// about `axis`, layer `layer` counted as the geometry counts (from the left, back or top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LayerMove {
    /// The axis.
    pub axis: PaperAxis,
    /// The layer, 0-based.
    pub layer: usize,
    /// Quarter-turns in the paper's positive sense, 1 to 3.
    pub quarters: u8,
}

impl LayerMove {
    /// The single-layer turns of outer face turns (a reduced 3×3×3's answer) on the
    /// `n`×`n`×`n`; `what` names the cube in the error should one not be an outer turn there.
    pub(crate) fn of_face_moves(
        n: usize,
        moves: &[crate::turn::moves::FaceMove],
        what: &'static str,
    ) -> Result<Vec<LayerMove>, crate::solve::SolveError> {
        let mut out = Vec::new();
        for m in moves {
            let turn = m.to_move();
            let layers = turn
                .layer_quarters(n)
                .map_err(|_| crate::solve::SolveError::Unreachable(what))?;
            out.extend(layers.into_iter().map(|(axis, layer, quarters)| LayerMove {
                axis,
                layer,
                quarters,
            }));
        }
        Ok(out)
    }
}

impl LayerMove {
    /// The turn that undoes it.
    pub fn inverse(self) -> LayerMove {
        LayerMove {
            quarters: 4 - self.quarters,
            ..self
        }
    }

    /// Whether it turns an outer layer of an `n`×`n`×`n` (one move in the half-turn metric;
    /// an inner layer alone is two).
    pub fn is_outer(self, n: usize) -> bool {
        self.layer == 0 || self.layer == n - 1
    }
}

/// The axis's index, 0 to 2.
pub(crate) fn axis_index(axis: PaperAxis) -> usize {
    match axis {
        PaperAxis::X => 0,
        PaperAxis::Y => 1,
        PaperAxis::Z => 2,
    }
}

/// A wing's place: the two stickers of one edge cubie that is not a middle edge.
pub(crate) type WingSlot = [usize; 2];

/// Every single-layer turn of an N×N×N with where it sends each sticker, and the cube's
/// pieces by orbit.
pub(crate) struct Model {
    /// The size.
    pub n: usize,
    /// Every single-layer turn: each axis, each layer, each of 1, 2, 3 quarter-turns.
    pub moves: Vec<LayerMove>,
    /// `forward[m][i]`: where the sticker at `i` is after move `m`.
    pub forward: Vec<Vec<u16>>,
    /// The centre orbits, 24 stickers each (the fixed centres of odd sizes are in none).
    pub centre_orbits: Vec<Vec<usize>>,
    /// The wing orbits, 24 wings each, by their distance from the edge's end.
    pub wing_orbits: Vec<Vec<WingSlot>>,
    /// The wing (orbit, slot index) at a cubie position.
    wing_at: HashMap<[i32; 3], (usize, usize)>,
}

/// Cross product of two integer vectors.
pub(crate) fn cross(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [i32; 3], b: [i32; 3]) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

impl Model {
    /// The model of the `n`×`n`×`n` (`n` from 2 to 9).
    pub fn new(n: usize) -> Model {
        let g = Geometry::of(n);
        let count = g.sticker_count();
        let mut moves = Vec::new();
        let mut forward = Vec::new();
        for axis in PaperAxis::ALL {
            for layer in 0..n {
                for quarters in 1..=3u8 {
                    let table = g.table(axis, layer, quarters).expect("1 to 3 quarters");
                    let mut f = vec![0u16; count];
                    for (i, &from) in table.iter().enumerate() {
                        f[from as usize] = i as u16;
                    }
                    moves.push(LayerMove {
                        axis,
                        layer,
                        quarters,
                    });
                    forward.push(f);
                }
            }
        }
        let k = n as i32 - 1;
        let extremes = |p: [i32; 3]| p.iter().filter(|v| v.abs() == k).count();
        // Centre orbits: the stickers on faces that turns carry into one another.
        let mut centre_orbits = Vec::new();
        let mut seen = vec![false; count];
        for i in 0..count {
            if seen[i] || extremes(g.cubie_of(i)) != 1 {
                continue;
            }
            let mut orbit = vec![i];
            seen[i] = true;
            let mut at = 0;
            while at < orbit.len() {
                let s = orbit[at];
                at += 1;
                for f in &forward {
                    let t = f[s] as usize;
                    if !seen[t] {
                        seen[t] = true;
                        orbit.push(t);
                    }
                }
            }
            if orbit.len() == 24 {
                orbit.sort_unstable();
                centre_orbits.push(orbit);
            }
        }
        // Wings: edge cubies off the middle, by |position along the edge|.
        let mut by_cubie: HashMap<[i32; 3], Vec<usize>> = HashMap::new();
        for i in 0..count {
            let p = g.cubie_of(i);
            if extremes(p) == 2 {
                by_cubie.entry(p).or_default().push(i);
            }
        }
        let mut cubies: Vec<([i32; 3], Vec<usize>)> = by_cubie.into_iter().collect();
        cubies.sort();
        let mut wing_orbits: Vec<Vec<WingSlot>> = Vec::new();
        let mut wing_at = HashMap::new();
        let mut depths: Vec<i32> = Vec::new();
        for (p, stickers) in cubies {
            let along = p.iter().find(|v| v.abs() != k).map_or(0, |v| v.abs());
            if along == 0 {
                continue;
            }
            let orbit = match depths.iter().position(|&d| d == along) {
                Some(o) => o,
                None => {
                    depths.push(along);
                    wing_orbits.push(Vec::new());
                    depths.len() - 1
                }
            };
            wing_at.insert(p, (orbit, wing_orbits[orbit].len()));
            wing_orbits[orbit].push([stickers[0], stickers[1]]);
        }
        Model {
            n,
            moves,
            forward,
            centre_orbits,
            wing_orbits,
            wing_at,
        }
    }

    /// The single-layer turns of an outer layer (`outer` true) or of an inner one.
    pub fn moves_where(&self, outer: bool) -> Vec<LayerMove> {
        self.moves
            .iter()
            .copied()
            .filter(|m| m.is_outer(self.n) == outer)
            .collect()
    }

    /// The move's index in [`Model::moves`].
    pub fn index(&self, m: LayerMove) -> usize {
        (axis_index(m.axis) * self.n + m.layer) * 3 + m.quarters as usize - 1
    }

    /// Where each sticker is after `moves`: entry `i` is the place sticker `i` goes to.
    pub fn positions_after(&self, moves: &[LayerMove]) -> Vec<u16> {
        let mut at: Vec<u16> = (0..self.forward[0].len() as u16).collect();
        for &m in moves {
            let f = &self.forward[self.index(m)];
            for p in at.iter_mut() {
                *p = f[*p as usize];
            }
        }
        at
    }

    /// The stickers after `m`.
    pub fn apply(&self, stickers: &mut Vec<Face>, m: LayerMove) {
        let f = &self.forward[self.index(m)];
        let mut next = stickers.clone();
        for (i, &to) in f.iter().enumerate() {
            next[to as usize] = stickers[i];
        }
        *stickers = next;
    }

    /// The layer (0-based, the geometry's count) that holds the wings of orbit `orbit` on
    /// the edges along the X axis: a quarter-turn of it is a 4-cycle of that orbit's wings.
    pub fn wing_layer(&self, orbit: usize) -> usize {
        let g = Geometry::of(self.n);
        let p = g.cubie_of(self.wing_orbits[orbit][0][0]);
        let along = p
            .iter()
            .find(|v| v.abs() != self.n as i32 - 1)
            .map_or(0, |v| v.abs());
        ((along + self.n as i32 - 1) / 2) as usize
    }

    /// The wing (orbit, slot) whose home shows `c1` on the face of the first sticker of
    /// `slot` and `c2` on the other's, for a wing now in `slot` — the place turns carry such
    /// a wing to when it is solved, since no turn flips a wing in its place. `None` for
    /// colours no wing has (the same or opposite colours).
    pub fn wing_home(&self, slot: WingSlot, c1: Face, c2: Face) -> Option<(usize, usize)> {
        let g = Geometry::of(self.n);
        let p = g.cubie_of(slot[0]);
        let (f1, f2) = (g.face_of(slot[0]), g.face_of(slot[1]));
        let along = dot(p, cross(f1.normal(), f2.normal()));
        let d = cross(c1.normal(), c2.normal());
        if d == [0, 0, 0] {
            return None;
        }
        let k = self.n as i32 - 1;
        let (a, b) = (c1.normal(), c2.normal());
        let home = [0, 1, 2].map(|i| k * a[i] + k * b[i] + along * d[i]);
        self.wing_at.get(&home).copied()
    }
}
