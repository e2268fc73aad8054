//! The last phase's group, as in Tsai's reduction: G3 = ⟨R, L, F, B, U2, D2, Uw2, Dw2, Rw2,
//! Lw2, Fw2, Bw2⟩, and what its turns do to the edges.
//!
//! G3's turns split the 24 wing slots into two classes of 12 they never exchange (found
//! here as the orbits of its turns), one slot of each class on every edge place. Phase 2
//! ends only where each edge has one wing in a slot of each class; the edges' state in G3
//! is then where each edge's class-0 wing is and where its class-1 wing is (`pos0`, `pos1`:
//! edge to place), and what the pairing depends on is how they differ: the permutation
//! `τ = pos1 ∘ pos0⁻¹` of the 12 places (the class-1 place of the edge whose class-0 wing is
//! at each place), every edge paired when it is the identity. A turn with place maps `p0`,
//! `p1` (class 0, class 1) makes `τ` into `p1 ∘ τ ∘ p0⁻¹`.
//!
//! The places are numbered with the four of the E slice (between U and D) first, which the
//! eight rotations that keep the U–D axis keep among themselves; those of them that keep the
//! wing classes are the symmetries of [`super::edge3`]'s table.

use crate::solve::search::four::moves::Moves;
use crate::solve::search::reduction::model::LayerMove;
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// The number of edge places.
pub(crate) const PLACES: usize = 12;

/// A map of the 12 edge places.
pub(crate) type PlaceMap = [u8; PLACES];

/// G3: its turns, the wing classes they keep, and what they do to the edges' places.
pub(crate) struct G3 {
    /// G3's 20 turns (indices into [`Moves::turns`]).
    pub turns: Vec<usize>,
    /// Each wing slot's class, 0 or 1.
    pub class: [u8; 24],
    /// The edge place of each wing slot (E slice places first).
    pub place: [u8; 24],
    /// `p1[i][k]`: where turn `turns[i]` takes the class-1 wing at place `k`.
    pub p1: Vec<PlaceMap>,
    /// `p0_inverse[i][k]`: the place turn `turns[i]` takes to `k` the class-0 wing there.
    pub p0_inverse: Vec<PlaceMap>,
    /// `p1` padded to 16 bytes (for byte shuffles).
    pub p1_padded: Vec<[u8; 16]>,
    /// `p0_inverse` padded to 16 bytes.
    pub p0_inverse_padded: Vec<[u8; 16]>,
    /// Whether turn `turns[i]` changes the parity bit: the corners' permutation against the
    /// class-0 wings' places'.
    pub flip: Vec<bool>,
    /// The rotations that keep G3 and the wing classes, as maps of places (the identity
    /// first).
    pub symmetries: Vec<PlaceMap>,
}

/// Whether `t` is one of G3's turns.
pub(crate) fn in_g3(moves: &Moves, t: usize) -> bool {
    let turn = moves.turns[t];
    turn.quarters == 2 || (!turn.wide && turn.face != Face::U && turn.face != Face::D)
}

/// The slot map of a sequence of single-layer turns: `out[s]` is where slot `s` goes.
fn slot_map(moves: &Moves, layers: &[LayerMove]) -> [u8; 24] {
    let at = moves.model.positions_after(layers);
    let slot_of = |sticker: usize| -> u8 {
        (0..24)
            .find(|&s| moves.wing_at[2 * s] == sticker || moves.wing_at[2 * s + 1] == sticker)
            .expect("a turn keeps wings on wing slots") as u8
    };
    std::array::from_fn(|s| slot_of(at[moves.wing_at[2 * s]] as usize))
}

/// The slot maps of the eight rotations that keep the U–D axis.
fn rotations(moves: &Moves) -> Vec<[u8; 24]> {
    let whole = |axis: PaperAxis, quarters: u8| -> Vec<LayerMove> {
        (0..4)
            .map(|layer| LayerMove {
                axis,
                layer,
                quarters,
            })
            .collect()
    };
    let y = slot_map(moves, &whole(PaperAxis::Z, 1));
    let x2 = slot_map(moves, &whole(PaperAxis::X, 2));
    let mut out: Vec<[u8; 24]> = vec![std::array::from_fn(|s| s as u8)];
    let mut i = 0;
    while i < out.len() {
        for g in [y, x2] {
            let next: [u8; 24] = std::array::from_fn(|s| g[out[i][s] as usize]);
            if !out.contains(&next) {
                out.push(next);
            }
        }
        i += 1;
    }
    out
}

impl G3 {
    /// G3 of `moves`.
    pub fn new(moves: &Moves) -> G3 {
        let turns: Vec<usize> = (0..36).filter(|&t| in_g3(moves, t)).collect();
        let slots = |t: usize| -> [u8; 24] { std::array::from_fn(|s| moves.wing[t][2 * s] / 2) };
        // The places: E slice edges (no sticker on U or D) first.
        let g = crate::state::geometry::Geometry::of(crate::solve::search::four::moves::N);
        let touches_ud = |e: &[(u8, u8); 2]| {
            e.iter().any(|&(a, _)| {
                let f = g.face_of(moves.wing_at[a as usize]);
                f == Face::U || f == Face::D
            })
        };
        let mut order: Vec<usize> = (0..12).filter(|&k| !touches_ud(&moves.edges[k])).collect();
        order.extend((0..12).filter(|&k| touches_ud(&moves.edges[k])));
        let mut place = [0u8; 24];
        for (p, &k) in order.iter().enumerate() {
            let e = moves.edges[k];
            place[e[0].0 as usize / 2] = p as u8;
            place[e[0].1 as usize / 2] = p as u8;
        }
        // The classes: the orbit of slot 0 under G3 is class 0.
        let mut class = [1u8; 24];
        let mut stack = vec![0usize];
        class[0] = 0;
        while let Some(s) = stack.pop() {
            for &t in &turns {
                let to = slots(t)[s] as usize;
                if class[to] == 1 {
                    class[to] = 0;
                    stack.push(to);
                }
            }
        }
        let by_class = |perm: &[u8; 24]| -> Option<[PlaceMap; 2]> {
            let mut q = [[0u8; PLACES]; 2];
            for s in 0..24 {
                let to = perm[s] as usize;
                if class[s] != class[to] {
                    return None;
                }
                q[class[s] as usize][place[s] as usize] = place[to];
            }
            Some(q)
        };
        let (mut p0, mut p1, mut flip) = (Vec::new(), Vec::new(), Vec::new());
        for &t in &turns {
            let q = by_class(&slots(t)).expect("a G3 turn keeps the wing classes");
            let corners_odd = moves.turns[t].quarters % 2 == 1;
            flip.push(corners_odd ^ crate::state::pieces::is_odd(&q[0]));
            p0.push(q[0]);
            p1.push(q[1]);
        }
        let p0_inverse: Vec<PlaceMap> = p0.iter().map(invert).collect();
        let symmetries = rotations(moves)
            .iter()
            .filter_map(|r| by_class(r).filter(|q| q[0] == q[1]).map(|q| q[0]))
            .collect();
        G3 {
            turns,
            class,
            place,
            p1_padded: p1.iter().map(pad).collect(),
            p0_inverse_padded: p0_inverse.iter().map(pad).collect(),
            p1,
            p0_inverse,
            flip,
            symmetries,
        }
    }

    /// The edges' places in G3 (`pos0`, `pos1`: each edge's class-0 and class-1 wing's
    /// place, edges numbered by their home place) for `homes` (each wing slot's wing, as
    /// the slot it belongs in), if every edge has one wing in each class and an even number
    /// of the class-0 slots hold a wing whose home is in class 1.
    pub fn edges_of(&self, homes: &[u8; 24]) -> Option<(PlaceMap, PlaceMap)> {
        let mut pos = [[u8::MAX; PLACES]; 2];
        let mut flipped = 0;
        for (s, &h) in homes.iter().enumerate() {
            let e = self.place[h as usize] as usize;
            let c = self.class[s] as usize;
            if pos[c][e] != u8::MAX {
                return None;
            }
            flipped += usize::from(c == 0 && self.class[h as usize] == 1);
            pos[c][e] = self.place[s];
        }
        (flipped % 2 == 0).then_some((pos[0], pos[1]))
    }
}

/// `τ = pos1 ∘ pos0⁻¹`.
pub(crate) fn relative(pos0: &PlaceMap, pos1: &PlaceMap) -> PlaceMap {
    let mut out = [0u8; PLACES];
    for e in 0..PLACES {
        out[pos0[e] as usize] = pos1[e];
    }
    out
}

/// A map of places padded to 16 bytes, each padding byte mapped to itself.
pub(crate) fn pad(p: &PlaceMap) -> [u8; 16] {
    std::array::from_fn(|k| p.get(k).copied().unwrap_or(k as u8))
}

/// The inverse of a map of places.
pub(crate) fn invert(p: &PlaceMap) -> PlaceMap {
    let mut out = [0u8; PLACES];
    for (k, &v) in p.iter().enumerate() {
        out[v as usize] = k as u8;
    }
    out
}
