//! The 4×4×4's 36 turns as the searches see them — each face's outer turn and its wide turn,
//! a quarter, a half or three quarters — and what each does to the 24 centre stickers and
//! the 48 wing stickers, as permutations of their places.

use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// The cube's size.
pub(crate) const N: usize = 4;

/// One of the 36 turns: `face`'s outer layer (or its two layers, `wide`) by `quarters`
/// quarter-turns in the face's own sense.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The face turned.
    pub face: Face,
    /// Whether the layer behind it turns too (`Rw`).
    pub wide: bool,
    /// Quarter-turns in the face's sense, 1 to 3.
    pub quarters: u8,
}

/// The axis a face turns about, and whether it is the low end (layer 0) of it.
fn axis_of(face: Face) -> (PaperAxis, bool) {
    match face {
        Face::L => (PaperAxis::X, true),
        Face::R => (PaperAxis::X, false),
        Face::B => (PaperAxis::Y, true),
        Face::F => (PaperAxis::Y, false),
        Face::U => (PaperAxis::Z, true),
        Face::D => (PaperAxis::Z, false),
    }
}

impl Turn {
    /// The turn's single-layer turns.
    pub fn layers(self) -> Vec<LayerMove> {
        let (axis, low) = axis_of(self.face);
        let paper = if low {
            self.quarters
        } else {
            (self.quarters * 3) % 4
        };
        let width = if self.wide { 2 } else { 1 };
        (0..width)
            .map(|w| LayerMove {
                axis,
                layer: if low { w } else { N - 1 - w },
                quarters: paper,
            })
            .collect()
    }

    /// Which of the axis's four turning blocks it is (low outer, low wide, high wide, high
    /// outer): turns of one axis commute, so a search takes them in this order only.
    pub fn block(self) -> (usize, usize) {
        let (axis, low) = axis_of(self.face);
        let axis = crate::solve::search::reduction::model::axis_index(axis);
        let block = match (low, self.wide) {
            (true, false) => 0,
            (true, true) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        (axis, block)
    }
}

/// Every turn, in order: for each face of [`Face::ALL`], outer then wide, each a quarter, a
/// half and three quarters.
pub(crate) fn all_turns() -> Vec<Turn> {
    let mut out = Vec::with_capacity(36);
    for face in Face::ALL {
        for wide in [false, true] {
            for quarters in 1..=3 {
                out.push(Turn {
                    face,
                    wide,
                    quarters,
                });
            }
        }
    }
    out
}

/// The 4×4×4's turns as permutations of its centre and wing stickers.
pub(crate) struct Moves {
    /// The sticker model (every single-layer turn).
    pub model: Model,
    /// Every turn ([`all_turns`]).
    pub turns: Vec<Turn>,
    /// The 24 centre stickers' indices in the cube's sticker list.
    pub centre_at: [usize; 24],
    /// The face each centre place is on.
    pub centre_face: [Face; 24],
    /// `centre[t][i]`: where the centre sticker at place `i` is after turn `t`.
    pub centre: Vec<[u8; 24]>,
    /// The 48 wing stickers' indices: wing slot `s` is places `2s` and `2s + 1`.
    pub wing_at: [usize; 48],
    /// `wing[t][i]`: where the wing sticker at place `i` is after turn `t`.
    pub wing: Vec<[u8; 48]>,
    /// The twelve edges' wing places, as two pairs of places that show one face each:
    /// an edge is paired when both pairs match.
    pub edges: [[(u8, u8); 2]; 12],
    /// Whether the turn is an odd permutation of the wings (a wide quarter-turn).
    pub wing_odd: Vec<bool>,
}

impl Moves {
    /// The model of the 4×4×4's turns.
    pub fn new() -> Moves {
        let model = Model::new(N);
        let g = Geometry::of(N);
        let turns = all_turns();
        let centre_at: [usize; 24] = model.centre_orbits[0]
            .clone()
            .try_into()
            .expect("the 4×4×4 has one orbit of 24 centre stickers");
        let centre_face = centre_at.map(|i| g.face_of(i));
        let mut wing_at = [0usize; 48];
        for (s, slot) in model.wing_orbits[0].iter().enumerate() {
            wing_at[2 * s] = slot[0];
            wing_at[2 * s + 1] = slot[1];
        }
        let count = g.sticker_count();
        let perm_of = |t: Turn| -> Vec<usize> {
            let mut where_to: Vec<usize> = (0..count).collect();
            for m in t.layers() {
                let f = &model.forward[model.index(m)];
                for w in where_to.iter_mut() {
                    *w = f[*w] as usize;
                }
            }
            where_to
        };
        let place_of = |places: &[usize], sticker: usize| -> u8 {
            places
                .iter()
                .position(|&p| p == sticker)
                .expect("a turn keeps centres and wings apart") as u8
        };
        let mut centre = Vec::with_capacity(36);
        let mut wing = Vec::with_capacity(36);
        let mut wing_odd = Vec::with_capacity(36);
        for &t in &turns {
            let p = perm_of(t);
            centre.push(centre_at.map(|i| place_of(&centre_at, p[i])));
            let w: [u8; 48] = wing_at.map(|i| place_of(&wing_at, p[i]));
            let slots: Vec<u8> = (0..24).map(|s| w[2 * s] / 2).collect();
            wing_odd.push(crate::state::pieces::is_odd(&slots));
            wing.push(w);
        }
        // Edges: the two wing slots whose cubies differ only along the edge.
        let k = N as i32 - 1;
        let key = |sticker: usize| {
            g.cubie_of(sticker)
                .map(|v| if v.abs() == k { v } else { 0 })
        };
        let mut edges = Vec::with_capacity(12);
        let mut used = [false; 24];
        for a in 0..24 {
            if used[a] {
                continue;
            }
            let b = (a + 1..24)
                .find(|&b| key(wing_at[2 * b]) == key(wing_at[2 * a]))
                .expect("every wing has a partner on its edge");
            used[a] = true;
            used[b] = true;
            let face = |p: usize| g.face_of(wing_at[p]);
            let (a0, a1) = (2 * a, 2 * a + 1);
            let (b0, b1) = if face(2 * b) == face(a0) {
                (2 * b, 2 * b + 1)
            } else {
                (2 * b + 1, 2 * b)
            };
            edges.push([(a0 as u8, b0 as u8), (a1 as u8, b1 as u8)]);
        }
        Moves {
            model,
            turns,
            centre_at,
            centre_face,
            centre,
            wing_at,
            wing,
            edges: edges.try_into().expect("twelve edges"),
            wing_odd,
        }
    }

    /// The turn's index in [`Moves::turns`].
    pub fn index(&self, t: Turn) -> usize {
        let face = Face::ALL.iter().position(|&f| f == t.face).expect("a face");
        face * 6 + usize::from(t.wide) * 3 + t.quarters as usize - 1
    }

    /// How many of the twelve edges are paired in `wings` (the colours at the wing places).
    pub fn paired(&self, wings: &[u8; 48]) -> u32 {
        self.edges
            .iter()
            .map(|e| {
                u32::from(
                    e.iter()
                        .all(|&(a, b)| wings[a as usize] == wings[b as usize]),
                )
            })
            .sum()
    }
}

/// `state` after the permutation `perm` (`perm[i]`: where the entry at `i` goes).
pub(crate) fn permute<const K: usize>(state: &[u8; K], perm: &[u8; K]) -> [u8; K] {
    let mut out = [0u8; K];
    for (i, &to) in perm.iter().enumerate() {
        out[to as usize] = state[i];
    }
    out
}
