//! The searched stages' states as ranks. Of an axis's eight places in one centre orbit, which
//! four hold a colour is one of 70 masks, kept as its rank (`four::tables::rank`); a turn
//! that keeps those eight places as a set maps each rank alone. So a state is a few ranks,
//! each turn a map of each, and a table over three of them (70³ entries) holds the exact
//! distance of that part from its nearest goal, made breadth-first. The 5×5×5's last stage
//! (`home.rs`) and the 6×6×6's coherence (`classes.rs`) are both such searches.

use super::UNREACHED;
use crate::solve::search::four::tables::rank;

/// How many values a rank takes: the 8-bit masks with four bits set.
pub(super) const RANKS: usize = 70;

/// Entries in a table over three ranks.
pub(super) const SIZE: usize = RANKS * RANKS * RANKS;

/// A turn's maps of a state's `C` ranks: `next[c][v]` is rank `v` of value `c` after it.
pub(super) type Next<const C: usize> = [[u8; RANKS]; C];

/// The 8-bit masks with four bits set, by rank.
pub(super) fn masks() -> [u8; RANKS] {
    let mut out = [0u8; RANKS];
    for m in 0..=255u32 {
        if m.count_ones() == 4 {
            out[rank(m) as usize] = m as u8;
        }
    }
    out
}

/// The map of ranks that `perm` (of an orbit's places) makes on the eight `places`, which it
/// keeps as a set; `masks` is [`masks`].
pub(super) fn mapped(perm: &[u8; 24], places: &[u8; 8], masks: &[u8; RANKS]) -> [u8; RANKS] {
    std::array::from_fn(|v| {
        let mut out = 0u32;
        for (k, &p) in places.iter().enumerate() {
            if masks[v] >> k & 1 == 1 {
                let to = perm[usize::from(p)];
                out |= 1 << places.iter().position(|&q| q == to).unwrap_or(0);
            }
        }
        rank(out) as u8
    })
}

/// A table's index of `part`'s three values of `s`.
pub(super) fn index<const C: usize>(s: &[u8; C], part: &[usize; 3]) -> usize {
    part.iter()
        .fold(0, |acc, &c| acc * RANKS + usize::from(s[c]))
}

/// The table of `part` (three of the `C` values) under the turns `next`: the exact distance of
/// each of its [`SIZE`] entries from the nearest of `goals` (entries), breadth-first.
pub(super) fn table<const C: usize>(
    next: &[Next<C>],
    part: &[usize; 3],
    goals: &[usize],
) -> Vec<u8> {
    let mut t = vec![UNREACHED; SIZE];
    for &g in goals {
        t[g] = 0;
    }
    let mut frontier: Vec<u32> = goals.iter().map(|&g| g as u32).collect();
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut grown = Vec::new();
        for &i in &frontier {
            let i = i as usize;
            let v = [i / (RANKS * RANKS), i / RANKS % RANKS, i % RANKS];
            for next in next {
                let w = (0..3).fold(0, |acc, k| acc * RANKS + usize::from(next[part[k]][v[k]]));
                if t[w] == UNREACHED {
                    t[w] = depth;
                    grown.push(w as u32);
                }
            }
        }
        frontier = grown;
    }
    t
}

/// The state after turn `k` of `next`, or `None` where `k` is not tried after `last`: turns
/// of one axis commute, so they are taken in one order, by `order` (each turn's axis and
/// block).
pub(super) fn step<const C: usize>(
    (order, next): (&[(u8, u8)], &[Next<C>]),
    s: &[u8; C],
    last: Option<usize>,
    k: usize,
) -> Option<[u8; C]> {
    if let Some(l) = last
        && order[l].0 == order[k].0
        && order[l].1 >= order[k].1
    {
        return None;
    }
    let next = &next[k];
    Some(std::array::from_fn(|c| next[c][usize::from(s[c])]))
}
