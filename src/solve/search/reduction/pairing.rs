//! The edges paired by slice-flip-slice, as cubers pair them: with the centres solved, a block
//! of layers `W` that holds an inner layer (a wide turn, or an inner slice) is turned, so that
//! the wings it carries meet the wings they belong with on another edge; `X`, an outer turn
//! `a` of a face `W` moved, an outer turn `b` of a face on `W`'s axis and `a` undone, swaps
//! the edge just paired for an unpaired one; and `W` is undone. `X` turns every face `W` moved
//! back as far as it was, so `W'` brings the centres back whole; on the bigger cubes a block
//! moves the wings of every orbit in its layers at once, so one such conjugate pairs several.
//!
//! Each step takes, of every `W X W'` (or, when none pairs more, every `P W X W'`, `P` one
//! outer turn to bring the wings into place), the one that pairs the most for its length in
//! the half-turn metric: on the odd sizes the wings that match the middle edge beside them, on
//! the even sizes the pairs of places along one edge that hold wings of the same edge the same
//! way round. When none pairs more, the three-cycles finish the wings ([`even_target`] names,
//! on the even sizes, which edge each place then takes). The solver searches these steps by a
//! beam (`edge_beam.rs`), each state trying its few best ([`conjugates`]).
//!
//! A step tries up to 160,000 conjugates on the 9×9×9, so each is kept with what it does to
//! the edge places (`places.rs`): the few places it moves and the edges they lie on. A
//! conjugate is scored on those edges alone, as a change from the state's score, and skipped
//! without scoring when pairing every edge it touches would still not beat the best so far.
//!
//! Each conjugate keeps the centres (checked when the list is made) and every wing orbit's
//! parity (`W` and `W'` cancel, and an outer turn is even on every wing orbit).

use std::sync::OnceLock;

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::centres::{block, undo};
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::solve::search::reduction::places::{
    Change, Places, Scored, Source, edge_paired, edge_score, through,
};
use crate::state::geometry::{Geometry, MAX_SIZE};
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// One `X` after a block `W`, and what it changes on the edge places.
pub(crate) struct Tail {
    /// Its single-layer turns: `a b a'`, or an outer turn of a face on `W`'s axis before it.
    pub x: Vec<LayerMove>,
    /// Its length in the half-turn metric.
    pub cost: u32,
    /// What `X W'` changes against `W'` alone, from the places as `W` left them.
    after_open: Change,
    /// What `W X W'` changes, from the places as they were before `W`.
    whole: Change,
}

/// A block `W` of layers with an inner layer, and every `X` after it.
pub(crate) struct Block {
    /// Its single-layer turns.
    pub w: Vec<LayerMove>,
    /// Its length in the half-turn metric, as written (and as long again undone).
    pub cost: u32,
    /// The tails: the first [`Block::short`] are `a b a'`, the rest have a turn before.
    pub tails: Vec<Tail>,
    /// How many tails are `a b a'`.
    short: usize,
    /// Each place's source after `W'` alone.
    close: Vec<Source>,
}

/// One size's edge places and blocks.
pub(crate) struct Pairing {
    /// Edge places along one edge: N − 2 (the middle edge among them on the odd sizes).
    pub per: usize,
    /// Every edge place, edge by edge (12 of them), each edge's in order along it: the
    /// place's two stickers, the one on the edge's first face (by [`Face::index`]) first.
    pub places: Vec<[u16; 2]>,
    /// The blocks.
    pub blocks: Vec<Block>,
    /// The outer turns, each a setup `P`, with each place's source after it.
    outer: Vec<(LayerMove, Vec<Source>)>,
}

/// The pairing tables of size `n` (4 to 9), made on first use and kept.
pub(crate) fn pairing(n: usize) -> &'static Pairing {
    static CACHE: [OnceLock<Pairing>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    CACHE[n].get_or_init(|| build(&tables(n).model))
}

fn build(model: &Model) -> Pairing {
    let n = model.n;
    let places = Places::new(model);
    let per = n - 2;
    let identity = Change::identity(places.list.len());
    let g = Geometry::of(n);
    let k = n as i32 - 1;
    let centres: Vec<usize> = (0..model.forward[0].len())
        .filter(|&i| g.cubie_of(i).iter().filter(|v| v.abs() == k).count() == 1)
        .collect();
    let outer = model.moves_where(true);
    // Blocks with an inner layer: the wide turns from one end (from the other end they are
    // the same conjugates turned with the whole cube) and the single inner slices.
    let mut spans: Vec<(usize, usize)> = (2..=n - 2).map(|lo| (lo, n - 1)).collect();
    spans.extend((1..=n - 2).map(|l| (l, l)));
    let mut blocks = Vec::new();
    for axis in PaperAxis::ALL {
        for &(lo, hi) in &spans {
            for q in 1..=3u8 {
                let w = block(axis, lo, hi, q);
                let unw = undo(&w);
                let close = places.sources(model, &unw);
                let mut tails = Vec::new();
                let mut seen = std::collections::HashSet::new();
                let befores = std::iter::once(None)
                    .chain(outer.iter().copied().filter(|m| m.axis == axis).map(Some));
                for before in befores {
                    for &a in outer.iter().filter(|m| m.axis != axis) {
                        for &b in outer.iter().filter(|m| m.axis == axis) {
                            let mut x: Vec<LayerMove> = before.into_iter().collect();
                            x.extend([a, b, a.inverse()]);
                            let whole = [&w[..], &x, &unw].concat();
                            let at = model.positions_after(&whole);
                            if centres
                                .iter()
                                .any(|&i| g.face_of(at[i] as usize) != g.face_of(i))
                            {
                                continue;
                            }
                            let from = places.sources(model, &[&x[..], &unw].concat());
                            if seen.insert(from.clone()) {
                                let cost = x.len() as u32;
                                let after_open = Change::between(&close, &from, per);
                                let whole = places.sources(model, &whole);
                                let whole = Change::between(&identity, &whole, per);
                                tails.push(Tail {
                                    x,
                                    cost,
                                    after_open,
                                    whole,
                                });
                            }
                        }
                    }
                }
                let short = tails.iter().filter(|t| t.x.len() == 3).count();
                let cost = super::write::write(n, &w).len() as u32;
                blocks.push(Block {
                    w,
                    cost,
                    tails,
                    short,
                    close,
                });
            }
        }
    }
    let outer = outer
        .into_iter()
        .map(|m| (m, places.sources(model, &[m])))
        .collect();
    Pairing {
        per,
        places: places.list,
        blocks,
        outer,
    }
}

impl Pairing {
    /// How paired the edges are whose places show `keys` (each place's two colours as one
    /// number, `6 × first + second`): on the odd sizes the places that match the middle edge
    /// beside them, on the even sizes the pairs of places along one edge that match.
    pub fn score(&self, keys: &[u8]) -> u32 {
        keys.chunks(self.per).map(edge_score).sum()
    }

    /// The most the score can be: every edge paired.
    pub fn paired(&self) -> u32 {
        12 * edge_paired(self.per)
    }

    /// Each place's key now.
    pub fn keys_now(&self, stickers: &[Face]) -> Vec<u8> {
        self.places
            .iter()
            .map(|p| {
                6 * stickers[p[0] as usize].index() as u8 + stickers[p[1] as usize].index() as u8
            })
            .collect()
    }

    /// A state to score changes against, with no keys yet.
    fn scored(&self) -> Scored {
        Scored::new(self.places.len(), self.per)
    }
}

/// The outer turn of setup `s`.
#[cfg(test)]
pub(crate) fn setup_move(pairing: &Pairing, s: usize) -> LayerMove {
    pairing.outer[s].0
}

/// A choice: how much it pairs, its length, and what it is.
type Choice<T> = Option<(u32, u32, T)>;

/// Whether `gain` for `cost` pairs more a move than `best`.
fn better<T>(gain: u32, cost: u32, best: &Choice<T>) -> bool {
    best.as_ref().is_none_or(|(g, k, _)| gain * k > g * cost)
}

/// A setup `P` of a conjugate: an outer turn's index in [`Pairing::outer`], or none.
pub(crate) type Setup = Option<usize>;

/// The best `P W X W'` for places showing `keys`: the setup, the block and the tail, or `None`
/// if none pairs more (the first of [`conjugates`]; the greedy pairing's step, kept for the
/// tests).
#[cfg(test)]
pub(crate) fn best_conjugate(pairing: &Pairing, keys: &[u8]) -> Option<(Setup, usize, usize)> {
    conjugates(pairing, keys, 1).into_iter().next()
}

/// The `m` best `P W X W'` for places showing `keys`, the best first: those that pair the
/// most for their length. The setups `P` are tried only when no `W X W'` alone pairs more
/// (trying them every step, 19 times the work, made the answers no shorter; trying them
/// whenever fewer than `m` pair more made the beam slower for no clear gain). Each is scored
/// only on the edges it touches, and skipped when even pairing every one of them would not
/// beat the `m`th best so far.
pub(crate) fn conjugates(pairing: &Pairing, keys: &[u8], m: usize) -> Vec<(Setup, usize, usize)> {
    let base = i64::from(pairing.score(keys));
    let mut best = Top::new(m);
    let mut scored = pairing.scored();
    for setup in std::iter::once(None).chain((0..pairing.outer.len()).map(Some)) {
        // A setup only when nothing pairs without one.
        if setup.is_some() && !best.list.is_empty() {
            break;
        }
        match setup {
            None => scored.keys.copy_from_slice(keys),
            Some(s) => through(keys, &pairing.outer[s].1, &mut scored.keys),
        }
        scored.set();
        // What the setup alone pairs (or unpairs).
        let offset = i64::from(scored.total) - base;
        let extra = u32::from(setup.is_some());
        for (b, block) in pairing.blocks.iter().enumerate() {
            for (t, tail) in block.tails[..block.short].iter().enumerate() {
                let cost = 2 * block.cost + tail.cost + extra;
                let bound = offset + i64::from(scored.bound(&tail.whole));
                if bound <= 0 || !best.admits(bound as u32, cost) {
                    continue;
                }
                let gain = offset + scored.gain(&tail.whole, None);
                if gain > 0 && best.admits(gain as u32, cost) {
                    best.push(gain as u32, cost, (setup, b, t));
                }
            }
        }
    }
    best.list.into_iter().map(|(_, _, choice)| choice).collect()
}

/// The `m` choices that pair the most for their length, the best first (of equals, the
/// first found).
struct Top<T> {
    m: usize,
    list: Vec<(u32, u32, T)>,
}

impl<T> Top<T> {
    fn new(m: usize) -> Top<T> {
        Top {
            m,
            list: Vec::with_capacity(m + 1),
        }
    }

    /// Whether a choice pairing `gain` for `cost` would be kept.
    fn admits(&self, gain: u32, cost: u32) -> bool {
        self.list.len() < self.m || better(gain, cost, &self.list.last().map(|c| (c.0, c.1, ())))
    }

    fn push(&mut self, gain: u32, cost: u32, choice: T) {
        let at = self
            .list
            .iter()
            .position(|&(g, k, _)| gain * k > g * cost)
            .unwrap_or(self.list.len());
        self.list.insert(at, (gain, cost, choice));
        self.list.truncate(self.m);
    }
}

/// The best `X` with block `b` turned (its places showing `open`): the tail, if one pairs more
/// than undoing the block now would.
pub(crate) fn best_tail(pairing: &Pairing, block: &Block, open: &[u8]) -> Option<usize> {
    let mut scored = pairing.scored();
    through(open, &block.close, &mut scored.keys);
    scored.set();
    let mut best: Choice<usize> = None;
    for (t, tail) in block.tails.iter().enumerate() {
        let bound = i64::from(scored.bound(&tail.after_open));
        if bound <= 0 || !better(bound as u32, tail.cost, &best) {
            continue;
        }
        let gain = scored.gain(&tail.after_open, Some(open));
        if gain > 0 && better(gain as u32, tail.cost, &best) {
            best = Some((gain as u32, tail.cost, t));
        }
    }
    best.map(|(_, _, t)| t)
}

/// Pairs the edges by slice-flip-slice while it pairs more: each time the best `P W X W'`,
/// and while `W` is turned, every further `X` that pairs more before `W` is undone. The
/// three-cycles finish what is left. (The solver searches the steps by a beam,
/// `edge_beam.rs`; this greedy pairing is the beam one state wide, kept for the tests.)
#[cfg(test)]
pub(crate) fn pair(work: &mut Work<'_>) -> Result<(), SolveError> {
    let pairing = pairing(work.tables.model.n);
    loop {
        crate::base::cancel::check()?;
        let keys = pairing.keys_now(&work.stickers);
        if pairing.score(&keys) == pairing.paired() {
            return Ok(());
        }
        let Some(choice) = best_conjugate(pairing, &keys) else {
            return Ok(());
        };
        make_conjugate(pairing, work, choice)?;
    }
}

/// Makes the conjugate `choice` (a setup, a block and a tail, as [`conjugates`] names them),
/// with every further `X` that pairs more while its block is turned. Returns its length in
/// the half-turn metric, as its parts are written.
pub(crate) fn make_conjugate(
    pairing: &Pairing,
    work: &mut Work<'_>,
    (setup, b, t): (Setup, usize, usize),
) -> Result<u32, SolveError> {
    let block = &pairing.blocks[b];
    let mut cost = 2 * block.cost + block.tails[t].cost;
    if let Some(s) = setup {
        work.make(&[pairing.outer[s].0]);
        cost += 1;
    }
    work.make(&block.w);
    work.make(&block.tails[t].x);
    loop {
        crate::base::cancel::check()?;
        let open = pairing.keys_now(&work.stickers);
        match best_tail(pairing, block, &open) {
            Some(t) => {
                work.make(&block.tails[t].x);
                cost += block.tails[t].cost;
            }
            None => break,
        }
    }
    work.make(&undo(&block.w));
    Ok(cost)
}

/// On the even sizes, the colours each edge sticker should show once the wings are paired:
/// each edge place takes the edge (and the way round) most of its places already show, each
/// edge once, and one edge is turned round if the wings' permutation against that target
/// would be odd (which no three-cycles finish). `odd` says whether a target is odd for the
/// stickers as they are.
pub(crate) fn even_target(
    pairing: &Pairing,
    stickers: &[Face],
    odd: &dyn Fn(&[Face]) -> bool,
) -> Vec<Face> {
    let keys = pairing.keys_now(stickers);
    let per = pairing.per;
    let edge_of = |key: u8| {
        let (a, b) = (key / 6, key % 6);
        (a.min(b), a.max(b))
    };
    let mut counts: Vec<(usize, usize, u8)> = Vec::new();
    for (e, edge) in keys.chunks(per).enumerate() {
        let mut count = [0usize; 36];
        for &k in edge {
            count[k as usize] += 1;
        }
        for (k, &c) in count.iter().enumerate() {
            if c > 0 {
                counts.push((c, e, k as u8));
            }
        }
    }
    counts.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut target: Vec<Option<u8>> = vec![None; 12];
    let mut used = std::collections::HashSet::new();
    for &(_, e, k) in &counts {
        if target[e].is_none() && used.insert(edge_of(k)) {
            target[e] = Some(k);
        }
    }
    // Places no edge was left for take the edges left, as their first wing shows them.
    for e in 0..12 {
        if target[e].is_none() {
            let k = keys[e * per..(e + 1) * per]
                .iter()
                .copied()
                .find(|&k| !used.contains(&edge_of(k)))
                .unwrap_or_else(|| {
                    (0..12)
                        .map(|i| crate::state::pieces::edge_faces(i).map(|f| f.index() as u8))
                        .map(|[a, b]| 6 * a + b)
                        .find(|&k| !used.contains(&edge_of(k)))
                        .unwrap_or(1)
                });
            used.insert(edge_of(k));
            target[e] = Some(k);
        }
    }
    let mut target: Vec<u8> = target.into_iter().map(|k| k.unwrap_or(0)).collect();
    let colours_of = |target: &[u8]| -> Vec<Face> {
        let mut out = stickers.to_vec();
        for (e, &k) in target.iter().enumerate() {
            for p in &pairing.places[e * per..(e + 1) * per] {
                out[p[0] as usize] = Face::ALL[(k / 6) as usize];
                out[p[1] as usize] = Face::ALL[(k % 6) as usize];
            }
        }
        out
    };
    let mut out = colours_of(&target);
    if odd(&out) {
        // Turn round the edge that loses least by it.
        let loss = |e: usize| {
            let k = target[e];
            let turned = 6 * (k % 6) + k / 6;
            let edge = &keys[e * per..(e + 1) * per];
            edge.iter().filter(|&&x| x == k).count() as i64
                - edge.iter().filter(|&&x| x == turned).count() as i64
        };
        let e = (0..12).min_by_key(|&e| loss(e)).unwrap_or(0);
        let k = target[e];
        target[e] = 6 * (k % 6) + k / 6;
        out = colours_of(&target);
    }
    out
}

#[cfg(test)]
#[path = "pairing_tests.rs"]
mod tests;
