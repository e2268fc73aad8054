//! The edge places as the pairing scores them: what a sequence does to them (each place's
//! source: the place whose wing it then holds, and whether that wing has turned round), what
//! a sequence changes against another (the few places it moves, and the edges they lie on),
//! and a step's scoring as a delta over those edges alone, with a bound on what a change can
//! gain that lets a step skip the candidates that cannot beat its best.
//!
//! A place's key is its two colours as one number, `6 × first + second` (the first sticker
//! on the edge's first face by [`Face::index`](crate::turn::face::Face::index)).

use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::state::geometry::Geometry;

/// Where an edge place's wing comes from after a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Source {
    /// The place it was at.
    pub place: u8,
    /// Whether its first sticker was the other place's second.
    pub flip: bool,
}

/// A key turned round: the same two colours in the other order.
pub(crate) fn turned_round(key: u8) -> u8 {
    6 * (key % 6) + key / 6
}

/// The key a place shows whose wing comes from `from`, with `keys` before.
fn key_from(keys: &[u8], from: Source) -> u8 {
    let key = keys[from.place as usize];
    if from.flip { turned_round(key) } else { key }
}

/// The edge places, edge by edge, each edge's along it: each place's two stickers, the one on
/// the edge's first face first.
pub(crate) fn edge_places(n: usize) -> Vec<[u16; 2]> {
    let g = Geometry::of(n);
    let k = n as i32 - 1;
    let mut edges: std::collections::BTreeMap<[i32; 3], Vec<(i32, usize)>> = Default::default();
    for i in 0..g.sticker_count() {
        let p = g.cubie_of(i);
        if p.iter().filter(|v| v.abs() == k).count() == 2 {
            let along = p.iter().find(|v| v.abs() != k).copied().unwrap_or(0);
            let edge = p.map(|v| if v.abs() == k { v } else { 0 });
            edges.entry(edge).or_default().push((along, i));
        }
    }
    let mut places = Vec::with_capacity(12 * (n - 2));
    for (_, mut stickers) in edges {
        stickers.sort_by_key(|&(along, i)| (along, g.face_of(i).index()));
        for pair in stickers.chunks(2) {
            places.push([pair[0].1 as u16, pair[1].1 as u16]);
        }
    }
    places
}

/// The edge places of one size, and for each edge sticker its place and which of the two it is.
pub(crate) struct Places {
    /// The places, as [`edge_places`].
    pub list: Vec<[u16; 2]>,
    /// Per sticker: `(place, 0 or 1)`, or `None` off the edges.
    at: Vec<Option<(u8, u8)>>,
}

impl Places {
    /// The places of size `model.n`.
    pub fn new(model: &Model) -> Places {
        let list = edge_places(model.n);
        let mut at = vec![None; model.forward[0].len()];
        for (p, stickers) in list.iter().enumerate() {
            for (side, &s) in stickers.iter().enumerate() {
                at[s as usize] = Some((p as u8, side as u8));
            }
        }
        Places { list, at }
    }

    /// Each place's source after `moves`.
    pub fn sources(&self, model: &Model, moves: &[LayerMove]) -> Vec<Source> {
        let to = model.positions_after(moves);
        let mut back = vec![0u16; to.len()];
        for (i, &t) in to.iter().enumerate() {
            back[t as usize] = i as u16;
        }
        self.list
            .iter()
            .map(|p| {
                let (place, side) = self.at[back[p[0] as usize] as usize]
                    .expect("turns carry edge stickers onto edge stickers");
                Source {
                    place,
                    flip: side == 1,
                }
            })
            .collect()
    }
}

/// The keys after a sequence whose sources are `sources`, from `keys` before it.
pub(crate) fn through(keys: &[u8], sources: &[Source], out: &mut [u8]) {
    for (key, &from) in out.iter_mut().zip(sources) {
        *key = key_from(keys, from);
    }
}

/// What a sequence changes against another: the places whose source differs, each with its
/// source under the sequence, and the edges those places lie on.
pub(crate) struct Change {
    moved: Vec<(u8, Source)>,
    edges: Vec<u8>,
}

impl Change {
    /// The change from `base` to `after` (the sources of two sequences), `per` places an edge.
    pub fn between(base: &[Source], after: &[Source], per: usize) -> Change {
        let moved: Vec<(u8, Source)> = (0..base.len())
            .filter(|&p| base[p] != after[p])
            .map(|p| (p as u8, after[p]))
            .collect();
        let mut edges: Vec<u8> = moved.iter().map(|&(p, _)| p / per as u8).collect();
        edges.dedup();
        Change { moved, edges }
    }

    /// The sources of nothing: every place its own.
    pub fn identity(places: usize) -> Vec<Source> {
        (0..places as u8)
            .map(|place| Source { place, flip: false })
            .collect()
    }
}

/// How paired one edge is, its places showing `keys`: on the odd sizes the places that match
/// the middle edge, on the even sizes the pairs of places that match.
pub(crate) fn edge_score(keys: &[u8]) -> u32 {
    let per = keys.len();
    if per % 2 == 1 {
        let middle = keys[per / 2];
        keys.iter().filter(|&&k| k == middle).count() as u32 - 1
    } else {
        let mut score = 0;
        for i in 0..per {
            score += keys[i + 1..].iter().filter(|&&k| k == keys[i]).count() as u32;
        }
        score
    }
}

/// The most [`edge_score`] can be: the edge paired.
pub(crate) fn edge_paired(per: usize) -> u32 {
    let per = per as u32;
    if per % 2 == 1 {
        per - 1
    } else {
        per * (per - 1) / 2
    }
}

/// A state to score changes against: its keys, each edge's score and how far each edge is
/// from paired, and room to try a change in without allocating.
pub(crate) struct Scored {
    per: usize,
    /// The keys.
    pub keys: Vec<u8>,
    edge: [u32; 12],
    room: [u32; 12],
    /// The score: the sum of the edges'.
    pub total: u32,
    scratch: Vec<u8>,
}

impl Scored {
    /// A state of `places` places, `per` an edge (scored once [`Scored::set`]).
    pub fn new(places: usize, per: usize) -> Scored {
        Scored {
            per,
            keys: vec![0; places],
            edge: [0; 12],
            room: [0; 12],
            total: 0,
            scratch: vec![0; places],
        }
    }

    /// Scores the state whose keys are now in [`Scored::keys`].
    pub fn set(&mut self) {
        let full = edge_paired(self.per);
        self.total = 0;
        for (e, keys) in self.keys.chunks(self.per).enumerate() {
            self.edge[e] = edge_score(keys);
            self.room[e] = full - self.edge[e];
            self.total += self.edge[e];
        }
        self.scratch.copy_from_slice(&self.keys);
    }

    /// The most `change` can add to the score: how far the edges it touches are from paired.
    pub fn bound(&self, change: &Change) -> u32 {
        change.edges.iter().map(|&e| self.room[e as usize]).sum()
    }

    /// What `change` adds to the score (its sources' keys `from`, or the state's own when
    /// `None`), scoring only the edges it touches.
    pub fn gain(&mut self, change: &Change, from: Option<&[u8]>) -> i64 {
        let from = from.unwrap_or(&self.keys);
        for &(p, source) in &change.moved {
            self.scratch[p as usize] = key_from(from, source);
        }
        let mut gain = 0i64;
        for &e in &change.edges {
            let e = e as usize;
            let now = edge_score(&self.scratch[e * self.per..(e + 1) * self.per]);
            gain += i64::from(now) - i64::from(self.edge[e]);
        }
        for &(p, _) in &change.moved {
            self.scratch[p as usize] = self.keys[p as usize];
        }
        gain
    }
}
