//! The centres, built greedily: while the edges are still free to move, short sequences that
//! move many centre stickers at once — a block of layers `A` with an inner layer (an inner
//! block, or a wide turn, whose outer face's centres come back) and an outer turn `B` as
//! `[A, B]`, `[B, A]` or `A B A'`, or `A` turned half-way alone or as `B A2 B'` — are worth more than three-cycles
//! that move three. Each step takes, of these and of every orbit's best three-cycle
//! (`cycles.rs`), the one that brings the most centre stickers home for its length in the
//! half-turn metric, until every centre is home.
//!
//! None of them changes a wing orbit's parity against its target (a commutator is even on
//! every orbit, `A B A'` is as even as the outer turn `B`, which keeps pairs whole, and a half
//! turn is even), so the parity fixed before the centres holds after them. The corners'
//! parity may change (an outer quarter-turn); the even sizes fix it after the centres with a
//! face turn, which keeps the centres.

use std::sync::OnceLock;

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::cycles::{Cycles, SizeTables, tables};
use crate::solve::search::reduction::model::LayerMove;
use crate::state::geometry::{Geometry, MAX_SIZE};
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// A short sequence and what it does to the centre stickers.
pub(crate) struct Macro {
    /// Its single-layer turns.
    pub moves: Vec<LayerMove>,
    /// Its length in the half-turn metric (an inner block two, an outer turn one).
    pub cost: u32,
    /// `(from, to)` for every centre sticker it moves.
    pub pairs: Vec<(u16, u16)>,
}

/// Every size's sequences and each sticker's home face.
pub(crate) struct Macros {
    /// The sequences.
    pub list: Vec<Macro>,
    /// Each sticker's face.
    pub home: Vec<Face>,
}

/// The sequences of size `n` (4 to 9), made on first use and kept.
pub(crate) fn macros(n: usize) -> &'static Macros {
    static CACHE: [OnceLock<Macros>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    CACHE[n].get_or_init(|| build(tables(n)))
}

/// Layers `lo..=hi` of `axis`, each turned `quarters`.
pub(crate) fn block(axis: PaperAxis, lo: usize, hi: usize, quarters: u8) -> Vec<LayerMove> {
    (lo..=hi)
        .map(|layer| LayerMove {
            axis,
            layer,
            quarters,
        })
        .collect()
}

/// The sequence that undoes `moves`.
pub(crate) fn undo(moves: &[LayerMove]) -> Vec<LayerMove> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

fn build(tables: &SizeTables) -> Macros {
    let model = &tables.model;
    let n = model.n;
    let g = Geometry::of(n);
    let count = model.forward[0].len();
    let mut centre = vec![false; count];
    for &i in model.centre_orbits.iter().flatten() {
        centre[i] = true;
    }
    let k = n as i32 - 1;
    // The centre stickers in no orbit: the fixed centres of the odd sizes.
    let fixed: Vec<usize> = (0..count)
        .filter(|&i| !centre[i] && g.cubie_of(i).iter().filter(|v| v.abs() == k).count() == 1)
        .collect();
    let mut list = Vec::new();
    let mut add = |moves: Vec<LayerMove>| {
        let at = model.positions_after(&moves);
        if fixed.iter().any(|&i| at[i] as usize != i) {
            return;
        }
        let pairs: Vec<(u16, u16)> = (0..count)
            .filter(|&i| centre[i] && at[i] as usize != i)
            .map(|i| (i as u16, at[i]))
            .collect();
        if pairs.is_empty() {
            return;
        }
        let cost = cost_of(n, &moves);
        list.push(Macro { moves, cost, pairs });
    };
    for a_axis in PaperAxis::ALL {
        for lo in 0..n {
            // A block with an inner layer, not the whole cube: with an outer layer it is one
            // wide turn, and the outer face's centres it turns come back within each form.
            for hi in lo..n {
                let outer = |l: usize| l == 0 || l == n - 1;
                if (lo == 0 && hi == n - 1) || (lo == hi && outer(lo)) {
                    continue;
                }
                for aq in 1..=3u8 {
                    let a = block(a_axis, lo, hi, aq);
                    if aq == 2 {
                        add(a.clone());
                    }
                    for b_axis in PaperAxis::ALL.into_iter().filter(|&x| x != a_axis) {
                        for layer in [0, n - 1] {
                            for bq in 1..=3u8 {
                                let b = block(b_axis, layer, layer, bq);
                                let (ua, ub) = (undo(&a), undo(&b));
                                add([&a[..], &b, &ua, &ub].concat());
                                add([&b[..], &a, &ub, &ua].concat());
                                add([&a[..], &b, &ua].concat());
                                if aq == 2 {
                                    add([&b[..], &a, &ub].concat());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Macros {
        list,
        home: (0..count).map(|i| g.face_of(i)).collect(),
    }
}

/// The half-turn length of `moves` written as blocks: each block of layers turned alike one
/// move if it reaches an outer layer (an outer or wide turn), two if it does not.
fn cost_of(n: usize, moves: &[LayerMove]) -> u32 {
    let mut cost = 0;
    let mut at = 0;
    while at < moves.len() {
        let m = moves[at];
        let mut end = at + 1;
        while end < moves.len() && moves[end].axis == m.axis && moves[end].quarters == m.quarters {
            end += 1;
        }
        let layers = moves[at..end].iter().map(|m| m.layer);
        let (lo, hi) = (layers.clone().min(), layers.max());
        let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(0));
        // Layers turned alike in one run: one block if they are next to one another.
        let blocks = if hi - lo + 1 == end - at { 1 } else { 2 };
        let wide = lo == 0 || hi == n - 1;
        cost += if blocks == 1 && wide { 1 } else { 2 * blocks };
        at = end;
    }
    cost
}

/// How many more centre stickers are in a place of their class after `m` than before
/// (`classes` of the stickers now, `home` of the places).
fn gain(m: &Macro, classes: &[u8], home: &[u8]) -> i32 {
    m.pairs
        .iter()
        .map(|&(from, to)| {
            let c = classes[from as usize];
            i32::from(c == home[to as usize]) - i32::from(c == home[from as usize])
        })
        .sum()
}

/// Whether `(gain, cost)` brings more stickers home a move than `best`.
fn better(gain: i32, cost: u32, best: Option<(i32, u32)>) -> bool {
    gain > 0
        && best.is_none_or(|(g, c)| i64::from(gain) * i64::from(c) > i64::from(g) * i64::from(cost))
}

/// Brings every centre sticker home: each step the sequence or three-cycle that brings the
/// most stickers home for its length.
pub(crate) fn greedy(work: &mut Work<'_>) -> Result<(), SolveError> {
    if greedy_by(work, &|f| f.index() as u8)? {
        Ok(())
    } else {
        Err(SolveError::Unreachable(
            "centres three-cycles cannot finish",
        ))
    }
}

/// Brings every centre sticker to a place of its class (`class` of its face): each step the
/// sequence or three-cycle that brings the most stickers to such places for its length.
/// Whether every sticker is then in one.
pub(crate) fn greedy_by(
    work: &mut Work<'_>,
    class: &dyn Fn(Face) -> u8,
) -> Result<bool, SolveError> {
    let tables = work.tables;
    let model = &tables.model;
    let n = model.n;
    let macros = macros(n);
    let g = Geometry::of(n);
    let home: Vec<u8> = macros.home.iter().map(|&f| class(f)).collect();
    let want: Vec<Vec<u8>> = model
        .centre_orbits
        .iter()
        .map(|orbit| orbit.iter().map(|&i| class(g.face_of(i))).collect())
        .collect();
    loop {
        crate::base::cancel::check()?;
        let classes: Vec<u8> = work.stickers.iter().map(|&f| class(f)).collect();
        let mut best: Option<(i32, u32)> = None;
        let mut chosen: Option<Vec<LayerMove>> = None;
        for m in &macros.list {
            let gain = gain(m, &classes, &home);
            if better(gain, m.cost, best) {
                best = Some((gain, m.cost));
                chosen = Some(m.moves.clone());
            }
        }
        let mut cycle = None;
        for (o, orbit) in model.centre_orbits.iter().enumerate() {
            let have: Vec<u8> = orbit.iter().map(|&i| classes[i]).collect();
            if let Some((t, cost, gain)) = best_cycle(&tables.cycles[o], &have, &want[o])
                && better(gain as i32, cost, best)
            {
                best = Some((gain as i32, cost));
                cycle = Some((o, t));
            }
        }
        match (cycle, chosen) {
            (Some((o, (q, p, r))), _) => work.make(&tables.cycle(o, q, p, r)),
            (None, Some(moves)) => work.make(&moves),
            (None, None) => break,
        }
    }
    Ok(model
        .centre_orbits
        .iter()
        .flatten()
        .all(|&i| class(work.stickers[i]) == class(g.face_of(i))))
}

/// The best three-cycle for an orbit whose places hold `have` and should hold `want`: the
/// one that puts the most places right for its length, as `(q, p, r)` (the piece at `q` to
/// `p`, `p`'s to `r`, `r`'s to `q`), with its cost and how many places it puts right. `None`
/// when the orbit is solved.
pub(crate) fn best_cycle(
    cycles: &Cycles,
    have: &[u8],
    want: &[u8],
) -> Option<((usize, usize, usize), u32, u32)> {
    let len = have.len();
    let right = |s: usize, id: u8| u32::from(want[s] == id);
    let mut best: Option<((usize, usize, usize), u32, u32)> = None;
    for p in (0..len).filter(|&p| have[p] != want[p]) {
        for q in (0..len).filter(|&q| q != p && have[q] == want[p]) {
            for r in (0..len).filter(|&r| r != p && r != q) {
                let before = right(q, have[q]) + right(r, have[r]);
                let after = 1 + right(r, have[p]) + right(q, have[r]);
                if after <= before {
                    continue;
                }
                let gain = after - before;
                let Some(cost) = cycles.cost(q, p, r) else {
                    continue;
                };
                let better = match best {
                    None => true,
                    Some((_, c, g)) => cost * g < c * gain,
                };
                if better {
                    best = Some(((q, p, r), cost, gain));
                }
            }
        }
    }
    best
}
