//! The 7×7×7's centres made a 5×5×5's by stages on the 7×7×7's own turns, as dwalton76's
//! solver reduces it — **measured, longer, and not used by the solver** (this module is
//! compiled for its tests only). With the layers grouped 0, 1, {2, 3, 4}, 5, 6 (`inner.rs`'s
//! `ring_groups` of the outer ring) the 7×7×7 turns as a 5×5×5 whose X-centres are the 7's
//! outer X-centres, whose T-centres are the **bars** (oblique, outer T-centre, oblique: one
//! piece of each of three orbits) and whose fixed centres are the inner 3×3s. So the 7 looks
//! like a 5×5×5 once each face's inner 3×3 is its own colour and each bar is one colour;
//! that is built by three stages over the 7's turns (outer and wide blocks of up to three
//! layers from a face, `staged.rs`'s), then the 5×5×5's stages on the grouped layers bring
//! the outer X-centres and the bars home (`inner.rs`'s `ring_home`, as after the rings'
//! coherence):
//!
//! 1. U and D's stickers onto U and D, with every turn (`staged.rs`'s first stage on the 7's
//!    six centre orbits, its beam over per-orbit tables finished greedily);
//! 2. R and L's onto R and L with the turns that keep U and D's set, each wing orbit's parity
//!    put back by an inner layer's quarter-turn that keeps that set (`staged.rs`'s second);
//! 3. the inner 3×3s home and every bar one colour, with the turns that keep both sets and
//!    every wing orbit's parity (outer turns, half-turns of wide blocks): IDA*
//!    (`staged/ida.rs`) bounded by the largest of six tables — for each axis's pair of
//!    faces, one over its inner X- and T-centres' places (70 × 70: which 4 of the pair's 8
//!    places of each orbit hold the pair's first colour) and one over its bars' three orbits
//!    (70³, from the 70 states whose bars are each one colour) — within a small budget, else
//!    a beam scored by their sum; should the beam stop short of the goal, the inside-out
//!    way (`staged.rs`'s `centres`) finishes from its best state.
//!
//! Each table alone reaches every value (depth at most 8 and 9), but together the stage is
//! deep: IDA* with 20,000,000 nodes found no answer on the first state, and the beam 2,000
//! wide stopped short of the goal on all four states measured. The ignored test
//! `the_7x7x7_stage_lengths` (`SEVEN_COUNT=4 cargo test --release --lib
//! the_7x7x7_stage_lengths -- --ignored --nocapture`, seed 4892) measured stage 1 240.8
//! moves, stage 2 205.5 (`staged.rs`'s beam, over the six orbits' summed tables, stalls and
//! its greedy finish is three-cycles), stage 3 26.2, the rest 76.0: 547.5 in all against
//! 306.5 from the inside out (`inner.rs`), which was shorter on every state, and about 20 s
//! a state against 11 (under a load of 12). From the sets made, the rest took 102 moves
//! against the inside out's 306 from the start: stages 1 and 2 searched to their goals
//! (rather than a beam over six orbits finished greedily) are what this way lacks.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::solve::SolveError;
use crate::solve::search::four::tables::{UNREACHED, rank};
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::coherence::{Blocks, Small};
use crate::solve::search::reduction::inner::{ring_groups, ring_home};
use crate::solve::search::reduction::model::Model;
use crate::solve::search::reduction::staged::ida::{self, Space};
use crate::solve::search::reduction::staged::{self, AXIS_FACES, Staged};
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// The places on U of one piece of each of the five orbits the third stage sees: the inner
/// X- and T-centres, then a bar's oblique, outer T-centre and other oblique.
const PIECES: [(usize, usize); 5] = [(2, 2), (2, 3), (1, 2), (1, 3), (1, 4)];

/// A third-stage state: for each of the five orbits of [`PIECES`] and each axis's pair of
/// faces, which 4 of the pair's 8 places hold its first colour (U, R or F), ranked (0 to
/// 69); index `orbit * 3 + axis`.
type State = [u8; 15];

/// The most nodes the third stage's IDA* expands before the beam does the stage: with a
/// budget of 20,000,000 (about 50 s here) it found no answer on the first state measured,
/// whose third stage is long, so it is tried only for the short ones.
const BUDGET: u64 = 200_000;

/// The third stage's beam: its width, and the turns without a better best state it stops
/// after.
const BEAM: (usize, usize) = (2000, 8);

/// The third stage's beam never goes deeper than this.
const MAX_DEPTH: usize = 80;

/// The third stage: its turns as maps of the state's values and its tables.
struct Third {
    /// Each of the five orbits' index among the model's centre orbits.
    orbits: [usize; 5],
    /// Indices into `Staged::turns`.
    turns: Vec<usize>,
    /// Each turn's axis and block order (same-axis turns commute: taken in block order).
    order: Vec<(u8, u8)>,
    /// `next[t][c][v]`: value `v` of component `c` after turn `t`.
    next: Vec<[[u8; 70]; 15]>,
    /// For each axis, the inner X- and T-centres' table (70 × 70) and the bars' (70³).
    tables: [(Vec<u8>, Vec<u8>); 3],
}

/// The 8-bit masks with four bits set, by rank.
fn by_rank() -> [u8; 70] {
    let mut out = [0u8; 70];
    for m in 0..=255u32 {
        if m.count_ones() == 4 {
            out[rank(m) as usize] = m as u8;
        }
    }
    out
}

/// Breadth-first distances over the values `part` (components of [`State`]) from `goals`
/// (indices in base 70), with `next` the turns' maps.
fn table(next: &[[[u8; 70]; 15]], part: &[usize], goals: &[usize]) -> Vec<u8> {
    let size = 70usize.pow(part.len() as u32);
    let mut t = vec![UNREACHED; size];
    let mut frontier: Vec<u32> = Vec::new();
    for &g in goals {
        if t[g] == UNREACHED {
            t[g] = 0;
            frontier.push(g as u32);
        }
    }
    let mut depth = 0u8;
    let mut v = vec![0usize; part.len()];
    while !frontier.is_empty() {
        depth += 1;
        let mut grown = Vec::new();
        for &i in &frontier {
            let mut rest = i as usize;
            for x in v.iter_mut().rev() {
                *x = rest % 70;
                rest /= 70;
            }
            for turn in next {
                let w = part
                    .iter()
                    .zip(&v)
                    .fold(0, |acc, (&c, &x)| acc * 70 + usize::from(turn[c][x]));
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

impl Third {
    fn build(model: &Model, staged: &Staged) -> Third {
        let g = Geometry::of(model.n);
        let orbits = PIECES.map(|(r, c)| {
            let i = g.index(Face::U, r, c);
            model
                .centre_orbits
                .iter()
                .position(|o| o.contains(&i))
                .unwrap_or(0)
        });
        let turns = staged.allowed[2].clone();
        let ranks = by_rank();
        let next: Vec<[[u8; 70]; 15]> = turns
            .iter()
            .map(|&t| {
                std::array::from_fn(|c| {
                    let orbit = &staged.orbits[orbits[c / 3]];
                    let places = &orbit.pair_places[c % 3];
                    std::array::from_fn(|v| {
                        let mut out = 0u32;
                        for (k, &p) in places.iter().enumerate() {
                            if ranks[v] >> k & 1 == 1 {
                                let to = orbit.perms[t][p as usize];
                                let k2 = places.iter().position(|&q| q == to).unwrap_or(0);
                                out |= 1 << k2;
                            }
                        }
                        rank(out) as u8
                    })
                })
            })
            .collect();
        let order = turns
            .iter()
            .map(|&t| (staged.turns[t].axis, staged.turns[t].block))
            .collect();
        // The bars: each bar's block among the ring's blocks.
        let blocks = Blocks::with(model.n, ring_groups(model.n, 1));
        let tables = std::array::from_fn(|a| {
            let value = |j: usize, bit: &dyn Fn(usize) -> bool| {
                let places = &staged.orbits[orbits[j]].pair_places[a];
                let mut m = 0u32;
                for (k, &p) in places.iter().enumerate() {
                    m |= u32::from(bit(model.centre_orbits[orbits[j]][p as usize])) << k;
                }
                rank(m) as usize
            };
            let home = |i: usize| g.face_of(i) == AXIS_FACES[a];
            let inner_goal = value(0, &home) * 70 + value(1, &home);
            let inner = table(&next, &[a, 3 + a], &[inner_goal]);
            // The bars' goals: each bar one colour, four of the pair's eight bars the first.
            let bars: Vec<usize> = {
                let stickers = |j: usize| -> Vec<usize> {
                    staged.orbits[orbits[j]].pair_places[a]
                        .iter()
                        .map(|&p| model.centre_orbits[orbits[j]][p as usize])
                        .collect()
                };
                let mut ids: Vec<usize> = stickers(3).iter().map(|&i| blocks.block_of[i]).collect();
                ids.sort_unstable();
                ids
            };
            let mut goals = Vec::new();
            for &pick in &ranks {
                let chosen: Vec<usize> = (0..8)
                    .filter(|&k| pick >> k & 1 == 1)
                    .map(|k| bars[k])
                    .collect();
                let first = |i: usize| chosen.contains(&blocks.block_of[i]);
                goals.push((value(2, &first) * 70 + value(3, &first)) * 70 + value(4, &first));
            }
            let bars = table(&next, &[6 + a, 9 + a, 12 + a], &goals);
            (inner, bars)
        });
        Third {
            orbits,
            turns,
            order,
            next,
            tables,
        }
    }

    /// The state `stickers` show, if each orbit's pairs hold four of each colour.
    fn state(&self, model: &Model, staged: &Staged, stickers: &[Face]) -> Option<State> {
        let mut s = [0u8; 15];
        for (c, x) in s.iter_mut().enumerate() {
            let o = self.orbits[c / 3];
            let mut m = 0u32;
            for (k, &p) in staged.orbits[o].pair_places[c % 3].iter().enumerate() {
                m |= u32::from(stickers[model.centre_orbits[o][p as usize]] == AXIS_FACES[c % 3])
                    << k;
            }
            if m.count_ones() != 4 {
                return None;
            }
            *x = rank(m) as u8;
        }
        Some(s)
    }

    /// The six tables' values of `s`.
    fn values(&self, s: &State) -> [u8; 6] {
        std::array::from_fn(|k| {
            let a = k / 2;
            if k % 2 == 0 {
                self.tables[a].0[usize::from(s[a]) * 70 + usize::from(s[3 + a])]
            } else {
                let i = (usize::from(s[6 + a]) * 70 + usize::from(s[9 + a])) * 70
                    + usize::from(s[12 + a]);
                self.tables[a].1[i]
            }
        })
    }

    fn after(&self, s: &State, k: usize) -> State {
        let next = &self.next[k];
        std::array::from_fn(|c| next[c][usize::from(s[c])])
    }

    fn skipped(&self, last: Option<usize>, k: usize) -> bool {
        last.is_some_and(|l| {
            self.order[l].0 == self.order[k].0 && self.order[l].1 >= self.order[k].1
        })
    }

    /// The turns (indices into `turns`) a beam `BEAM` wide finds from `start`, scored by
    /// the sum of the tables: to the goal if it reaches it (then `true`), else to the best
    /// state it met before it stopped.
    fn beam(&self, start: &State) -> Result<(Vec<usize>, bool), SolveError> {
        let score = |s: &State| self.values(s).iter().map(|&d| u32::from(d)).sum::<u32>();
        let mut record: Vec<(Option<u32>, u16)> = Vec::new();
        let mut beam: Vec<(State, Option<u32>, Option<usize>)> = vec![(*start, None, None)];
        let mut seen: HashSet<State> = HashSet::from([*start]);
        let (mut best, mut since) = ((score(start), None), 0);
        let mut depth = 0;
        while best.0 > 0 && since < BEAM.1 && depth < MAX_DEPTH {
            crate::base::cancel::check()?;
            depth += 1;
            let mut kids: Vec<(u32, u32, u16)> = Vec::new();
            for (b, (s, _, last)) in beam.iter().enumerate() {
                for k in (0..self.turns.len()).filter(|&k| !self.skipped(*last, k)) {
                    kids.push((score(&self.after(s, k)), b as u32, k as u16));
                }
            }
            kids.sort_unstable();
            since += 1;
            let mut next = Vec::with_capacity(BEAM.0);
            for (h, b, k) in kids {
                if next.len() == BEAM.0 {
                    break;
                }
                let (s, at, _) = &beam[b as usize];
                let child = self.after(s, k as usize);
                if !seen.insert(child) {
                    continue;
                }
                record.push((*at, k));
                let at = Some(record.len() as u32 - 1);
                if h < best.0 {
                    (best, since) = ((h, at), 0);
                }
                if h == 0 {
                    break;
                }
                next.push((child, at, Some(k as usize)));
            }
            if next.is_empty() {
                break;
            }
            beam = next;
        }
        let mut path = Vec::new();
        let mut at = best.1;
        while let Some(i) = at {
            let (parent, k) = record[i as usize];
            path.push(usize::from(k));
            at = parent;
        }
        path.reverse();
        Ok((path, best.0 == 0))
    }
}

impl Space for Third {
    type State = State;

    fn bound(&self, s: &State) -> u8 {
        self.values(s).into_iter().max().unwrap_or(0)
    }

    fn turns(&self) -> usize {
        self.turns.len()
    }

    fn step(&self, s: &State, last: Option<usize>, k: usize) -> Option<State> {
        (!self.skipped(last, k)).then(|| self.after(s, k))
    }

    fn budget(&self) -> u64 {
        BUDGET
    }
}

/// The third stage of the 7×7×7, made on first use and kept.
fn third(model: &Model) -> &'static Third {
    static THIRD: OnceLock<Third> = OnceLock::new();
    THIRD.get_or_init(|| Third::build(model, staged::staged(model)))
}

/// The third stage and the rest (stages 1 and 2 are `staged.rs`'s `run_stage`), once the five orbits' U/D and R/L sets are made: the
/// inner 3×3s and the bars by IDA* (within `BUDGET`) or the beam; if that reached its goal,
/// the 5×5×5's stages on the grouped layers (`ring_home`), else — the beam left some bars
/// split or the inner 3×3s short of home — the inside-out way (`staged.rs`'s `centres`,
/// `inner.rs`) from the beam's best state, whose bars are mostly one colour. Whether every
/// centre is then home.
fn after_sets(work: &mut Work<'_>, small: &Small) -> Result<bool, SolveError> {
    let model = &work.tables.model;
    let staged = staged::staged(model);
    let third = third(model);
    let Some(start) = third.state(model, staged, &work.stickers) else {
        return Ok(false);
    };
    let (path, done) = match ida::search(third, &start)? {
        Some(path) => (path, true),
        None => third.beam(&start)?,
    };
    for k in path {
        work.make(&staged.turns[third.turns[k]].moves);
    }
    if done {
        let blocks = Blocks::with(model.n, ring_groups(model.n, 1));
        ring_home(work, 1, small, &blocks)?;
    } else {
        staged::centres(work)?;
    }
    Ok(work.centres_home())
}

#[cfg(test)]
#[path = "seven_tests.rs"]
mod tests;
