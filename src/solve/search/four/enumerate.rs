//! The first two phases enumerated, as Tsai's reduction does, for the last phase to choose
//! from: many phase-1 solutions (U and D stickers onto U and D), then, in order of the two
//! phases' total length, phase-2 solutions from each (R and L stickers onto R and L with
//! turns that keep U and D) whose end the last phase can start from — its centres reachable
//! in G3 and each edge with one wing in each of G3's wing classes, the classes' places of
//! one parity ([`G3Start`]); about one end in a thousand is.

use crate::solve::SolveError;
use crate::solve::search::four::centres::Centres;
use crate::solve::search::four::g3::{PlaceMap, relative};
use crate::solve::search::four::moves::{Moves, permute};
use crate::solve::search::four::tables::{Phases, Tables, UNREACHED};

/// Where the last phase starts: the turns made, and its state's parts.
#[derive(Clone, Debug)]
pub(crate) struct G3Start {
    /// The turns of phases 1 and 2 (indices into [`Moves::turns`]).
    pub turns: Vec<usize>,
    /// The centres' [`Phases::coord3`].
    pub coord3: usize,
    /// The parity bit of [`super::g3::G3::flip`].
    pub bit: bool,
    /// The edges' `τ`.
    pub tau: PlaceMap,
}

/// A phase's state in the enumeration: the centres (the wings are followed only at a
/// phase-2 goal, from the path).
#[derive(Clone, Copy)]
struct Node {
    centres: Centres,
}

/// The state after the path's first `len` turns: each wing slot's wing, the centres, and
/// whether those turns make an odd number of quarter turns.
#[derive(Clone, Copy)]
struct Prefix {
    len: usize,
    homes: [u8; 24],
    centres: Centres,
    quarters_odd: bool,
}

/// The enumeration's inputs and what it has found.
pub(crate) struct Enumerate<'a> {
    moves: &'a Moves,
    phases: &'a Phases,
    tables: &'a Tables,
    /// Whether the corners' permutation is odd at the start.
    corners_odd: bool,
    /// Each wing slot's wing at the start.
    homes: [u8; 24],
    /// The centres at the start.
    start: Centres,
    path: Vec<usize>,
    /// What the path's first turns (phase 1's, while phase 2 is enumerated) make of the
    /// start, so that each phase-2 end is checked by its own turns only.
    prefix: Prefix,
    /// Nodes left to visit.
    pub budget: u64,
}

fn value(t: &[u8], i: usize) -> u8 {
    match t[i] {
        UNREACHED => u8::MAX,
        v => v,
    }
}

impl<'a> Enumerate<'a> {
    /// An enumeration from a cube whose corners' permutation is odd where `corners_odd`.
    pub fn new(
        moves: &'a Moves,
        phases: &'a Phases,
        tables: &'a Tables,
        corners_odd: bool,
        homes: [u8; 24],
        start: Centres,
        budget: u64,
    ) -> Enumerate<'a> {
        Enumerate {
            moves,
            phases,
            tables,
            corners_odd,
            homes,
            start,
            path: Vec::new(),
            prefix: Prefix {
                len: 0,
                homes,
                centres: start,
                quarters_odd: false,
            },
            budget,
        }
    }

    /// `p` after `turns`.
    fn extend(&self, p: Prefix, turns: &[usize]) -> Prefix {
        turns.iter().fold(p, |p, &t| {
            let mut homes = p.homes;
            for (s, &h) in p.homes.iter().enumerate() {
                homes[self.moves.wing[t][2 * s] as usize / 2] = h;
            }
            Prefix {
                len: p.len + 1,
                homes,
                centres: self.apply(&Node { centres: p.centres }, t).centres,
                quarters_odd: p.quarters_odd ^ (self.moves.turns[t].quarters % 2 == 1),
            }
        })
    }

    fn apply(&self, n: &Node, t: usize) -> Node {
        Node {
            centres: Centres {
                colours: permute(&n.centres.colours, &self.moves.centre[t]),
                odd: n.centres.odd ^ self.moves.wing_odd[t],
            },
        }
    }

    fn may_follow(&self, last: Option<usize>, t: usize) -> bool {
        last.is_none_or(|l| {
            let (a, b) = self.moves.turns[l].block();
            let (a2, b2) = self.moves.turns[t].block();
            a != a2 || b2 > b
        })
    }

    /// The last phase's start at the end of the path, if it can start there (the path's
    /// first turns those of the prefix).
    fn g3_start(&self) -> Option<G3Start> {
        let g3 = &self.phases.g3;
        let end = self.extend(self.prefix, self.path.get(self.prefix.len..)?);
        let (pos0, pos1) = g3.edges_of(&end.homes)?;
        let odd0 = crate::state::pieces::is_odd(&pos0);
        if odd0 != crate::state::pieces::is_odd(&pos1) {
            return None;
        }
        let coord3 = self.phases.coord3(&end.centres.colours);
        let bit = self.corners_odd ^ end.quarters_odd ^ odd0;
        if self.tables.t4[coord3 * 2 + usize::from(bit)] == UNREACHED {
            return None;
        }
        Some(G3Start {
            turns: self.path.clone(),
            coord3,
            bit,
            tau: relative(&pos0, &pos1),
        })
    }

    fn budget_spent(&mut self) -> Result<bool, SolveError> {
        if self.budget == 0 {
            return Ok(true);
        }
        self.budget -= 1;
        if self.budget.is_multiple_of(1 << 14) {
            crate::base::cancel::check()?;
        }
        Ok(false)
    }

    /// Every sequence of exactly `left` more turns of phase 1 from `n` that ends at its
    /// goal, each given to `found`; stops when `found` says so or the budget runs out.
    fn dfs1(
        &mut self,
        n: &Node,
        left: u8,
        last: Option<usize>,
        found: &mut dyn FnMut(&Self) -> bool,
    ) -> Result<bool, SolveError> {
        if self.budget_spent()? {
            return Ok(true);
        }
        let d = value(&self.tables.t1, self.phases.coord1(&n.centres.colours));
        if left == 0 {
            return Ok(d == 0 && found(self));
        }
        if d > left || d == 0 {
            return Ok(false);
        }
        for &t in &self.phases.turns1 {
            if !self.may_follow(last, t) {
                continue;
            }
            let next = self.apply(n, t);
            self.path.push(t);
            let stop = self.dfs1(&next, left - 1, Some(t), found)?;
            self.path.pop();
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Every sequence of exactly `left` more turns of phase 2 from `c` (its coordinate, as
    /// [`Phases::coord2`]) that ends at its goal, each end the last phase can start from
    /// given to `found`; stops when `found` says so or the budget runs out.
    fn dfs2(
        &mut self,
        c: usize,
        left: u8,
        last: Option<usize>,
        found: &mut dyn FnMut(G3Start) -> bool,
    ) -> Result<bool, SolveError> {
        if self.budget_spent()? {
            return Ok(true);
        }
        let d = value(&self.tables.t2, c);
        if left == 0 {
            return Ok(d == 0 && self.g3_start().is_some_and(found));
        }
        if d > left {
            return Ok(false);
        }
        let (side, up, odd) = (c / 140, c / 2 % 70, c % 2 == 1);
        // Every child's coordinate first, its table entry prefetched, so that the reads
        // overlap; then each in turn, in the turns' order.
        let mut children = [(0usize, 0usize); 36];
        let mut n = 0;
        for &t in &self.phases.turns2 {
            // A phase-2 solution whose last turn is in G3 ends where a shorter one does.
            if !self.may_follow(last, t)
                || (left == 1 && crate::solve::search::four::g3::in_g3(self.moves, t))
            {
                continue;
            }
            let next = (usize::from(self.phases.side_next[side][t]) * 70
                + usize::from(self.phases.up_next[up][t]))
                * 2
                + usize::from(odd ^ self.moves.wing_odd[t]);
            crate::solve::search::four::edge3::prefetch(&self.tables.t2, next);
            children[n] = (t, next);
            n += 1;
        }
        for &(t, next) in &children[..n] {
            self.path.push(t);
            let stop = self.dfs2(next, left - 1, Some(t), found)?;
            self.path.pop();
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The state at the start (no turns made).
    fn start_prefix(&self) -> Prefix {
        Prefix {
            len: 0,
            homes: self.homes,
            centres: self.start,
            quarters_odd: false,
        }
    }

    /// Phase 2's coordinate at the end of `turns` from the start.
    fn coord2_after(&self, turns: &[usize]) -> usize {
        let n = turns.iter().fold(
            Node {
                centres: self.start,
            },
            |n, &t| self.apply(&n, t),
        );
        self.phases.coord2(&n.centres.colours, n.centres.odd)
    }

    /// Up to `most` phase-1 solutions, of the shortest length and `extra` more; of them
    /// the `keep` whose length and phase-2 distance after are least.
    pub fn phase1(
        &mut self,
        most: usize,
        extra: u8,
        keep: usize,
    ) -> Result<Vec<Vec<usize>>, SolveError> {
        let start = Node {
            centres: self.start,
        };
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut shortest = None;
        for depth in 0..=20u8 {
            if shortest.is_some_and(|s: u8| depth > s + extra) || out.len() >= most {
                break;
            }
            self.path.clear();
            self.dfs1(&start, depth, None, &mut |e| {
                out.push(e.path.clone());
                out.len() >= most
            })?;
            if !out.is_empty() && shortest.is_none() {
                shortest = Some(depth);
            }
            if self.budget == 0 {
                break;
            }
        }
        let mut ranked: Vec<(usize, Vec<usize>)> = out
            .into_iter()
            .map(|f| {
                let d = value(&self.tables.t2, self.coord2_after(&f));
                (f.len() + usize::from(d), f)
            })
            .collect();
        ranked.sort_by_key(|r| r.0);
        ranked.truncate(keep);
        Ok(ranked.into_iter().map(|r| r.1).collect())
    }
}

/// Up to `most` distinct starts of the last phase over several holdings' enumerations
/// `ens` at once (each with its phase-1 solutions in `firsts`), by phase-2 solutions from
/// the ends of those, in order of total length across all the holdings (at each total, the
/// ends of the least bound first), of the shortest total found and `extra` more, within
/// `budget` nodes for all together; each with the index of its holding.
pub(crate) fn phase2(
    ens: &mut [Enumerate],
    firsts: &[Vec<Vec<usize>>],
    most: usize,
    extra: u8,
    mut budget: u64,
) -> Result<Vec<(usize, G3Start)>, SolveError> {
    // (bound, holding, phase-1 solution, phase 2's coordinate at its end)
    let mut ends: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (h, (en, fs)) in ens.iter().zip(firsts).enumerate() {
        for (i, f) in fs.iter().enumerate() {
            let c = en.coord2_after(f);
            ends.push((f.len() + usize::from(value(&en.tables.t2, c)), h, i, c));
        }
    }
    ends.sort_by_key(|e| e.0);
    let shortest = ends.first().map_or(0, |e| e.0);
    let mut out: Vec<(usize, G3Start)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut first_total = None;
    for total in shortest..shortest + 30 {
        if first_total.is_some_and(|f: usize| total > f + extra as usize) {
            break;
        }
        for &(_, h, i, c) in ends.iter().take_while(|e| e.0 <= total) {
            let (en, first) = (&mut ens[h], &firsts[h][i]);
            en.budget = budget;
            en.path.clone_from(first);
            en.prefix = en.extend(en.start_prefix(), first);
            let stop = en.dfs2(
                c,
                (total - first.len()) as u8,
                first.last().copied(),
                &mut |s| {
                    if seen.insert((h, s.coord3, s.bit, s.tau)) {
                        out.push((h, s));
                    }
                    out.len() >= most
                },
            )?;
            budget = en.budget;
            if stop {
                return Ok(out);
            }
        }
        if !out.is_empty() && first_total.is_none() {
            first_total = Some(total);
        }
    }
    Ok(out)
}
