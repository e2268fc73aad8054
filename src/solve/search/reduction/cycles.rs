//! Three-cycles of one orbit's pieces, each found once a size: a commutator `[X, s]` or
//! `[X, f s f']` (X an inner slice, f an outer turn, s any single layer) that cycles three
//! pieces of the orbit and moves nothing a later stage does not solve — a centre orbit's no
//! other centre sticker (edges and corners are solved after the centres), a wing orbit's
//! nothing but corners — and, for every ordered triple of the orbit's places, the cheapest
//! setup that carries it onto the commutator's three: `S C S'` cycles any three places.

use std::sync::OnceLock;

use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::state::geometry::MAX_SIZE;

/// The places of one orbit and how each single-layer turn moves them.
pub(crate) struct Orbit {
    /// `places[m][s]`: where the piece at place `s` is after move `m`.
    places: Vec<Vec<u8>>,
    /// Places in the orbit.
    len: usize,
}

/// How many commutators (with their setups) each orbit keeps: the cheapest of them is used
/// for each triple of places.
const VARIANTS: usize = 10;

/// One orbit's three-cycles: several commutators, each with its setups.
pub(crate) struct Cycles {
    variants: Vec<Variant>,
}

impl Cycles {
    /// The cheapest commutator and its cost for the three-cycle taking the piece at `q` to
    /// `p`, `p`'s to `r` and `r`'s to `q`, if there is one.
    fn cheapest(&self, q: usize, p: usize, r: usize) -> Option<(usize, u32)> {
        self.variants
            .iter()
            .enumerate()
            .filter_map(|(v, variant)| variant.cost(q, p, r).map(|c| (v, c)))
            .min_by_key(|&(_, c)| c)
    }

    /// The half-turn cost of the cheapest three-cycle taking the piece at `q` to `p`, `p`'s
    /// to `r` and `r`'s to `q`, if there is one.
    pub fn cost(&self, q: usize, p: usize, r: usize) -> Option<u32> {
        self.cheapest(q, p, r).map(|(_, c)| c)
    }
}

/// One commutator of an orbit and its setups.
struct Variant {
    /// The commutator: the piece at `base[0]` goes to `base[1]`, `base[1]`'s to `base[2]`,
    /// `base[2]`'s to `base[0]`.
    pub commutator: Vec<LayerMove>,
    /// Its three places.
    pub base: [usize; 3],
    /// Its length in the half-turn metric.
    pub commutator_cost: u32,
    /// Per ordered triple `(a, b, c)` (index `(a * len + b) * len + c`): the cost of the
    /// cheapest setup taking `a, b, c` to `base`, or `u8::MAX` if none.
    cost: Vec<u8>,
    /// The setup's first move (a move index), the rest being the setup of the triple it leads
    /// to.
    first: Vec<u16>,
    len: usize,
}

/// Cost in the half-turn metric of a single-layer turn.
fn move_cost(m: LayerMove, n: usize) -> u32 {
    if m.is_outer(n) { 1 } else { 2 }
}

impl Variant {
    fn triple(&self, a: usize, b: usize, c: usize) -> usize {
        (a * self.len + b) * self.len + c
    }

    /// The half-turn cost of the three-cycle taking the piece at `q` to `p`, `p`'s to `r` and
    /// `r`'s to `q`, if there is one.
    pub fn cost(&self, q: usize, p: usize, r: usize) -> Option<u32> {
        let c = self.cost[self.triple(q, p, r)];
        (c != u8::MAX).then(|| 2 * u32::from(c) + self.commutator_cost)
    }
}

/// Every orbit's places and cycles for one size: the centre orbits first, then the wings'.
pub(crate) struct SizeTables {
    /// The model.
    pub model: Model,
    orbits: Vec<Orbit>,
    /// Each orbit's cycles, in the order of `model.centre_orbits` then `model.wing_orbits`.
    pub cycles: Vec<Cycles>,
}

impl SizeTables {
    /// The moves of orbit `o`'s three-cycle taking the piece at `q` to `p`, `p`'s to `r` and
    /// `r`'s to `q`: setup, commutator, setup undone.
    pub fn cycle(&self, o: usize, q: usize, p: usize, r: usize) -> Vec<LayerMove> {
        let orbit = &self.orbits[o];
        let Some((v, _)) = self.cycles[o].cheapest(q, p, r) else {
            return Vec::new();
        };
        let cycles = &self.cycles[o].variants[v];
        let mut setup = Vec::new();
        let (mut a, mut b, mut c) = (q, p, r);
        while [a, b, c] != cycles.base {
            let m = cycles.first[cycles.triple(a, b, c)] as usize;
            setup.push(self.model.moves[m]);
            (a, b, c) = (
                orbit.places[m][a] as usize,
                orbit.places[m][b] as usize,
                orbit.places[m][c] as usize,
            );
        }
        let mut out = setup.clone();
        out.extend_from_slice(&cycles.commutator);
        out.extend(setup.iter().rev().map(|m| m.inverse()));
        out
    }
}

/// The tables of size `n` (4 to 9), made on first use (a fraction of a second) and kept.
pub(crate) fn tables(n: usize) -> &'static SizeTables {
    static CACHE: [OnceLock<SizeTables>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    CACHE[n].get_or_init(|| build(n))
}

fn build(n: usize) -> SizeTables {
    let model = Model::new(n);
    let count = model.forward[0].len();
    // Each sticker's orbit (and place in it): centre orbits are numbered first.
    let mut owner: Vec<Option<(usize, usize)>> = vec![None; count];
    let mut orbits = Vec::new();
    for (o, stickers) in model.centre_orbits.iter().enumerate() {
        for (s, &i) in stickers.iter().enumerate() {
            owner[i] = Some((o, s));
        }
    }
    let centres = model.centre_orbits.len();
    for (o, slots) in model.wing_orbits.iter().enumerate() {
        for (s, slot) in slots.iter().enumerate() {
            for &i in slot {
                owner[i] = Some((centres + o, s));
            }
        }
    }
    let total = centres + model.wing_orbits.len();
    for o in 0..total {
        let len = 24;
        let mut places = vec![vec![0u8; len]; model.moves.len()];
        for (m, f) in model.forward.iter().enumerate() {
            for (i, &to) in f.iter().enumerate() {
                if let Some((oo, s)) = owner[i]
                    && oo == o
                {
                    let (_, t) = owner[to as usize].expect("turns keep orbits");
                    places[m][s] = t as u8;
                }
            }
        }
        orbits.push(Orbit { places, len });
    }
    let bases = commutators(&model, &owner, total);
    let cycles = bases
        .into_iter()
        .enumerate()
        .map(|(o, variants)| Cycles {
            variants: variants
                .into_iter()
                .map(|(commutator, base)| setups(&model, &orbits[o], commutator, base))
                .collect(),
        })
        .collect();
    SizeTables {
        model,
        orbits,
        cycles,
    }
}

/// Three-cycles for each orbit (up to [`VARIANTS`], each on other places): the commutator
/// and its places (`a → b → c → a`).
type Commutator = (Vec<LayerMove>, [usize; 3]);

fn commutators(
    model: &Model,
    owner: &[Option<(usize, usize)>],
    total: usize,
) -> Vec<Vec<Commutator>> {
    let n = model.n;
    let count = owner.len();
    let mut found: Vec<Vec<Commutator>> = vec![Vec::new(); total];
    let compose = |seq: &[LayerMove]| -> Vec<u16> {
        // where[i]: where the sticker at i ends up.
        let mut at: Vec<u16> = (0..count as u16).collect();
        for &m in seq {
            let f = &model.forward[model.index(m)];
            for p in at.iter_mut() {
                *p = f[*p as usize];
            }
        }
        at
    };
    let inner = model.moves_where(false);
    let outer = model.moves_where(true);
    let kind = kinds(n);
    let centres = model.centre_orbits.len();
    let cycled = |moved: &[usize]| cycled(&kind, owner, moved);
    let mut consider = |seq: Vec<LayerMove>| -> bool {
        let at = compose(&seq);
        let moved: Vec<usize> = (0..count).filter(|&i| at[i] as usize != i).collect();
        let Some(o) = cycled(&moved) else {
            return false;
        };
        if found[o].len() >= VARIANTS {
            return false;
        }
        let mine: Vec<usize> = moved
            .iter()
            .copied()
            .filter(|&i| owner[i].map(|p| p.0) == Some(o) && (o < centres) == (kind[i] == 1))
            .collect();
        let a = owner[mine[0]].expect("in the orbit").1;
        let to = |place: usize| -> usize {
            let i = mine
                .iter()
                .copied()
                .find(|&i| owner[i].map(|p| p.1) == Some(place))
                .expect("a moved place");
            owner[at[i] as usize].expect("in the orbit").1
        };
        let b = to(a);
        let c = to(b);
        let mut places = [a, b, c];
        places.sort_unstable();
        if !found[o].iter().any(|(_, t)| {
            let mut t = *t;
            t.sort_unstable();
            t == places
        }) {
            found[o].push((seq, [a, b, c]));
        }
        found.iter().all(|f| f.len() >= VARIANTS)
    };
    // The shortest forms first: `[X, s]`, then `[X, f s f']` with `s` outer, then with any `s`.
    'search: for pass in 0..3 {
        for &x in &inner {
            for &s in &model.moves {
                if (pass == 0 && s.axis == x.axis) || (pass == 1 && !s.is_outer(n)) {
                    continue;
                }
                if pass == 0 {
                    if consider(vec![x, s, x.inverse(), s.inverse()]) {
                        break 'search;
                    }
                    continue;
                }
                for &f in &outer {
                    if f.axis == x.axis || s.axis == f.axis {
                        continue;
                    }
                    let seq = vec![
                        x,
                        f,
                        s,
                        f.inverse(),
                        x.inverse(),
                        f,
                        s.inverse(),
                        f.inverse(),
                    ];
                    if consider(seq) {
                        break 'search;
                    }
                }
            }
        }
    }
    assert!(
        found.iter().all(|f| !f.is_empty()),
        "every orbit of a 4×4×4 to 9×9×9 has a commutator of this form"
    );
    found
}

/// Each sticker's kind: how many of its cubie's coordinates are at the surface (1 a centre,
/// 2 an edge, 3 a corner).
fn kinds(n: usize) -> Vec<usize> {
    let g = crate::state::geometry::Geometry::of(n);
    let k = n as i32 - 1;
    (0..g.sticker_count())
        .map(|i| g.cubie_of(i).iter().filter(|v| v.abs() == k).count())
        .collect()
}

/// The orbit a commutator that moves `moved` three-cycles, if it is a three-cycle for the
/// stage that uses it: a centre orbit's may move any edge or corner (the edges are solved
/// after the centres) but no other centre sticker; a wing orbit's may move corners only.
fn cycled(kind: &[usize], owner: &[Option<(usize, usize)>], moved: &[usize]) -> Option<usize> {
    let orbit_of = |set: &[usize]| {
        let o = owner[*set.first()?]?.0;
        set.iter()
            .all(|&i| owner[i].map(|p| p.0) == Some(o))
            .then_some(o)
    };
    let centre: Vec<usize> = moved.iter().copied().filter(|&i| kind[i] == 1).collect();
    if !centre.is_empty() {
        return (centre.len() == 3).then(|| orbit_of(&centre)).flatten();
    }
    let edges: Vec<usize> = moved.iter().copied().filter(|&i| kind[i] == 2).collect();
    (edges.len() == 6).then(|| orbit_of(&edges)).flatten()
}

/// The cheapest setup of every ordered triple, by a search from the base outwards with each
/// move's half-turn cost.
fn setups(model: &Model, orbit: &Orbit, commutator: Vec<LayerMove>, base: [usize; 3]) -> Variant {
    let len = orbit.len;
    let size = len * len * len;
    let mut cost = vec![u8::MAX; size];
    let mut first = vec![0u16; size];
    let idx = |a: usize, b: usize, c: usize| (a * len + b) * len + c;
    // Inverse place maps: which place goes to `s` under move m.
    let back: Vec<Vec<u8>> = orbit
        .places
        .iter()
        .map(|p| {
            let mut inv = vec![0u8; len];
            for (s, &t) in p.iter().enumerate() {
                inv[t as usize] = s as u8;
            }
            inv
        })
        .collect();
    let mut buckets: Vec<Vec<(u8, u8, u8)>> = vec![Vec::new(); 64];
    cost[idx(base[0], base[1], base[2])] = 0;
    buckets[0].push((base[0] as u8, base[1] as u8, base[2] as u8));
    for d in 0..buckets.len() {
        let mut at = 0;
        while at < buckets[d].len() {
            let (a, b, c) = buckets[d][at];
            at += 1;
            if cost[idx(a.into(), b.into(), c.into())] as usize != d {
                continue;
            }
            for (m, inv) in back.iter().enumerate() {
                let step = move_cost(model.moves[m], model.n) as usize;
                let (pa, pb, pc) = (inv[a as usize], inv[b as usize], inv[c as usize]);
                let t = idx(pa.into(), pb.into(), pc.into());
                if d + step < buckets.len() && (cost[t] as usize) > d + step {
                    cost[t] = (d + step) as u8;
                    first[t] = m as u16;
                    buckets[d + step].push((pa, pb, pc));
                }
            }
        }
    }
    let commutator_cost = commutator.iter().map(|&m| move_cost(m, model.n)).sum();
    Variant {
        commutator,
        base,
        commutator_cost,
        cost,
        first,
        len,
    }
}
