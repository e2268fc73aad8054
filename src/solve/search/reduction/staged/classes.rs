//! The 6×6×6's centres by class-level staging, as dwalton76's solver stages them: never made
//! colour-coherent with commutators, only class-coherent, one axis at a time, each step a
//! short search.
//!
//! The 6×6×6 has four centre orbits: the inner X-centres (each face's middle 2×2), the outer
//! X-centres (its corners) and two oblique orbits, whose stickers lie side by side in *bars*
//! (one of each orbit). With its layers grouped {1}, {2}, {3, 4}, {5}, {6} it turns as a
//! 5×5×5 (`grouped.rs`) whose X-centres are the outer X-centres, whose T-centres are the
//! bars and whose fixed centres are the middle 2×2s, so:
//!
//! 1. **U/D paired**, with every turn: the inner X-centres holding U or D on U and D, and
//!    every bar *class-matched* (both stickers U/D-coloured or neither) — a beam scored by the
//!    inner X-centres' exact distance (a table of [`super::Orbit`]) and the bars unmatched;
//! 2. **U/D staged** as the 5×5×5's first stage on the grouped layers (which keep each middle
//!    2×2 in place and each bar whole), reading each bar as one T-centre of its class; each
//!    wing orbit's parity changed so far put back by a quarter-turn of its inner layer that
//!    keeps U and D's set (the outer orbit's is left to step 4, whose search puts it back);
//! 3. **R/L paired** the same way with the turns that keep U and D's set, the inner wing
//!    orbit's parity as it was;
//! 4. **R/L staged** as the 5×5×5's second stage (IDA*, the outer wing orbit's parity put
//!    back);
//! 5. **colour-coherent**, with the turns that keep both sets and every wing orbit's parity:
//!    each middle 2×2 its home colour and each bar one colour, by IDA* bounded by the largest
//!    of three exact tables, one for each axis (which 4 of the axis's 8 places hold its first
//!    colour, in the inner X-centres and in each oblique orbit: 70³ values);
//! 6. **home** as the 5×5×5's last stage on the grouped layers.
//!
//! A step that does not reach its goal (a beam that stalls, a search out of budget) leaves
//! the way unfinished, and the solver's other ways build the centres.

use std::sync::OnceLock;

use super::home::Home;
use super::ida::{self, Space};
use super::ranks::{self, Next};
use super::{
    AXIS_FACES, Orbit, Staged, UNREACHED, flips as wing_flips, home_of, run_stage, staged,
};
use crate::solve::SolveError;
use crate::solve::search::four::tables::{move_mask, rank};
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::coherence::Blocks;
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::inner::on_groups;
use crate::solve::search::reduction::model::LayerMove;

/// The size this way builds.
pub(crate) const N: usize = 6;

/// Which of the 5×5×5's layers each of the 6×6×6's layers turns with (`grouped.rs`).
const GROUPS: [usize; N] = [0, 1, 2, 2, 3, 4];

/// The small cube the grouped layers make.
const SMALL: usize = 5;

/// The pairing beams' width (four times as wide should one stall) and the coherence's
/// beam's.
const WIDTH: usize = 2000;

/// A pairing beam never goes deeper than this.
const MAX_DEPTH: usize = 24;

/// A pairing beam stops when its best state has not improved for this many turns.
const PATIENCE: usize = 10;

/// A pairing state's inner X-centres' distance counts this many unmatched bars.
const WEIGHT: u32 = 2;

/// The most nodes the coherence's search (step 5) expands before it gives up and a beam
/// [`WIDTH`] states wide, scored by the sum of its tables, does the step.
const BUDGET: u64 = 2_000_000;

/// How many of step 5's shortest answers [`Classes::several`] tries, and of step 6's after
/// each.
const SEVERAL: [usize; 2] = [3, 3];

/// The 6×6×6's orbits as the class steps see them.
pub(crate) struct Classes {
    staged: &'static Staged,
    /// The inner X-centres' orbit.
    inner: usize,
    /// The two oblique orbits.
    obliques: [usize; 2],
    /// For each byte of a mask of the first oblique orbit, the mask of the places beside
    /// those places in their bars, in the second orbit.
    carry: [[u32; 256]; 3],
    /// The 6×6×6's blocks as the 5×5×5's stickers.
    blocks: Blocks,
    /// The wing orbits of the layers next to the faces (outer) and of the middle layers.
    wings: [usize; 2],
    /// Step 5's tables and turns.
    cohere: Cohere,
    /// Step 3's table of the inner X-centres with the middle layers' wing parity: the
    /// exact distance, with the turns that keep U and D's set, to R and L's inner X-centres
    /// on R and L with that parity as it was; index `rank * 2 + changed`.
    parity_inner: Vec<u8>,
}

/// The 6×6×6's class steps, made on first use and kept (the 6×6×6's stage tables, a few
/// seconds).
pub(crate) fn classes() -> &'static Classes {
    static CLASSES: OnceLock<Classes> = OnceLock::new();
    CLASSES.get_or_init(build)
}

fn build() -> Classes {
    let model = &tables(N).model;
    let staged = staged(model);
    let blocks = Blocks::with(N, GROUPS.to_vec());
    let place = |i: usize| {
        model
            .centre_orbits
            .iter()
            .enumerate()
            .find_map(|(o, places)| places.iter().position(|&j| j == i).map(|p| (o, p)))
            .unwrap_or((0, 0))
    };
    let size_of = |o: usize| {
        let i = model.centre_orbits[o][0];
        blocks.members[blocks.block_of[i]].len()
    };
    let orbits = 0..model.centre_orbits.len();
    let inner = orbits.clone().find(|&o| size_of(o) == 4).unwrap_or(0);
    let oblique: Vec<usize> = orbits.filter(|&o| size_of(o) == 2).collect();
    let obliques = [oblique[0], oblique[1]];
    let mut partner = [0u8; 24];
    for members in blocks.members.iter().filter(|m| m.len() == 2) {
        let (a, b) = (place(members[0]), place(members[1]));
        let (a, b) = if a.0 == obliques[0] { (a, b) } else { (b, a) };
        partner[a.1] = b.1 as u8;
    }
    let carry = std::array::from_fn(|byte| {
        std::array::from_fn(|m| {
            (0..8)
                .filter(|k| m >> k & 1 == 1)
                .fold(0u32, |acc, k| acc | 1 << partner[byte * 8 + k])
        })
    });
    let outer_layer = |o: usize| {
        let l = model.wing_layer(o);
        l == 1 || l == N - 2
    };
    let outer_wing = (0..2).find(|&o| outer_layer(o)).unwrap_or(0);
    let cohere = Cohere::build(staged, inner, obliques, &partner);
    let parity_inner = parity_table(staged, inner, 1 - outer_wing);
    Classes {
        staged,
        inner,
        obliques,
        carry,
        blocks,
        wings: [outer_wing, 1 - outer_wing],
        cohere,
        parity_inner,
    }
}

/// Step 3's table of the inner X-centres (orbit `inner`) and wing orbit `wing`'s parity,
/// breadth-first from the goal over the turns that keep U and D's set.
fn parity_table(staged: &Staged, inner: usize, wing: usize) -> Vec<u8> {
    let orbit = &staged.orbits[inner];
    let goal = Orbit::masks(1, |p| orbit.faces[p])[0];
    let mut t = vec![UNREACHED; 735_471 * 2];
    t[rank(goal) as usize * 2] = 0;
    let mut frontier = vec![(goal, 0u8)];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut grown = Vec::new();
        for &(m, f) in &frontier {
            for &k in &staged.allowed[1] {
                let next = (
                    move_mask(m, &orbit.perms[k]),
                    f ^ (staged.turns[k].flips >> wing & 1),
                );
                let i = rank(next.0) as usize * 2 + usize::from(next.1);
                if t[i] == UNREACHED {
                    t[i] = depth;
                    grown.push(next);
                }
            }
        }
        frontier = grown;
    }
    t
}

/// A pairing step's state: the masks of the places holding the step's class in the inner
/// X-centres and in each oblique orbit.
type Pairing = [u32; 3];

impl Classes {
    /// The second oblique orbit's places beside the first's places of `m`.
    fn carried(&self, m: u32) -> u32 {
        self.carry[0][(m & 255) as usize]
            | self.carry[1][(m >> 8 & 255) as usize]
            | self.carry[2][(m >> 16 & 255) as usize]
    }

    /// The pairing state of `stickers` for `stage` (0: U/D, 1: R/L).
    fn pairing(&self, stage: usize, stickers: &[crate::turn::face::Face]) -> Pairing {
        let model = &tables(N).model;
        [self.inner, self.obliques[0], self.obliques[1]]
            .map(|o| Orbit::masks(stage, |p| stickers[model.centre_orbits[o][p]])[0])
    }

    /// The pairing state after turn `t`.
    fn turned(&self, t: usize, m: &Pairing) -> Pairing {
        let orbits = &self.staged.orbits;
        let o = [self.inner, self.obliques[0], self.obliques[1]];
        std::array::from_fn(|k| move_mask(m[k], &orbits[o[k]].perms[t]))
    }

    /// The bars whose stickers are not of one class.
    fn unmatched(&self, m: &Pairing) -> u32 {
        (self.carried(m[1]) ^ m[2]).count_ones()
    }

    /// How far a pairing state is from its goal (zero only there): the inner X-centres'
    /// exact distance (in stage 1 with the middle layers' wing parity), weighed, and the bars
    /// unmatched.
    fn pairing_score(&self, stage: usize, m: &Pairing, flips: u8) -> u32 {
        let d = if stage == 1 {
            self.parity_inner[rank(m[0]) as usize * 2 + usize::from(flips >> self.wings[1] & 1)]
        } else {
            self.staged.orbits[self.inner].tables[stage][rank(m[0]) as usize]
        };
        let d = if d == UNREACHED { 64 } else { u32::from(d) };
        WEIGHT * d + self.unmatched(m)
    }

    /// The turns (indices into [`Staged::turns`]) that pair `start`'s classes, by a beam
    /// search `width` states wide: `None` if it stalls short of the goal.
    fn pair(
        &self,
        stage: usize,
        start: Pairing,
        flips: u8,
        width: usize,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        struct Node {
            m: Pairing,
            flips: u8,
            at: Option<u32>,
            last: Option<usize>,
        }
        let turns = &self.staged.turns;
        let mut record: Vec<(Option<u32>, u16)> = Vec::new();
        let mut best = self.pairing_score(stage, &start, flips);
        if best == 0 {
            return Ok(Some(Vec::new()));
        }
        let mut beam = vec![Node {
            m: start,
            flips,
            at: None,
            last: None,
        }];
        let mut seen = std::collections::HashSet::new();
        let mut since = 0;
        for _ in 0..MAX_DEPTH {
            crate::base::cancel::check()?;
            let mut kids: Vec<(u32, Pairing, u8, u32, u16)> = Vec::new();
            for (b, node) in beam.iter().enumerate() {
                for &t in &self.staged.allowed[stage] {
                    let turn = &turns[t];
                    if let Some(l) = node.last.map(|l| &turns[l])
                        && l.axis == turn.axis
                        && l.block >= turn.block
                    {
                        continue;
                    }
                    let m = self.turned(t, &node.m);
                    let f = node.flips ^ turn.flips;
                    kids.push((self.pairing_score(stage, &m, f), m, f, b as u32, t as u16));
                }
            }
            kids.sort_unstable_by_key(|k| k.0);
            let mut next = Vec::with_capacity(width);
            for (h, m, f, b, t) in kids {
                if next.len() == width {
                    break;
                }
                if !seen.insert((m, f)) {
                    continue;
                }
                record.push((beam[b as usize].at, t));
                let at = Some(record.len() as u32 - 1);
                if h == 0 {
                    return Ok(Some(path(&record, at)));
                }
                if h < best {
                    (best, since) = (h, 0);
                }
                next.push(Node {
                    m,
                    flips: f,
                    at,
                    last: Some(usize::from(t)),
                });
            }
            since += 1;
            if next.is_empty() || since > PATIENCE {
                break;
            }
            beam = next;
        }
        Ok(None)
    }

    /// Pairing step `stage` (0: U/D, 1: R/L) on `work`; `flips` the wing orbits whose parity
    /// the turns so far changed. Whether it reached its goal.
    fn pair_step(
        &self,
        work: &mut Work<'_>,
        stage: usize,
        flips: &mut u8,
    ) -> Result<bool, SolveError> {
        let start = self.pairing(stage, &work.stickers);
        let mut found = None;
        for width in [WIDTH, 4 * WIDTH] {
            found = self.pair(stage, start, *flips, width)?;
            if found.is_some() {
                break;
            }
        }
        let Some(path) = found else {
            return Ok(false);
        };
        for t in path {
            *flips ^= self.staged.turns[t].flips;
            work.make(&self.staged.turns[t].moves);
        }
        Ok(true)
    }

    /// The 5×5×5's stage `stage` on the grouped layers, `flips` its wing orbit's (the outer
    /// wing orbit's) parity changed so far. Whether it reached its goal.
    fn small_stage(
        &self,
        work: &mut Work<'_>,
        stage: usize,
        flips: &mut u8,
    ) -> Result<bool, SolveError> {
        let mut five = Work {
            tables: tables(SMALL),
            stickers: self.blocks.small_view(&work.stickers),
            made: Vec::new(),
        };
        let mut small = *flips >> self.wings[0] & 1;
        let done = run_stage(&mut five, stage, &mut small)?;
        work.make(&on_groups(&five.made, &self.blocks.groups));
        *flips = (*flips & !(1 << self.wings[0])) | small << self.wings[0];
        Ok(done)
    }

    /// Step 5: each middle 2×2 its home colour and every bar one colour, by IDA*, or
    /// should its budget run out, by a beam. Whether reached.
    fn cohere_step(&self, work: &mut Work<'_>) -> Result<bool, SolveError> {
        let start = self.cohere.state(&work.stickers);
        let path = match ida::search(&self.cohere, &start)? {
            Some(path) => path,
            None => match self.cohere.beam(start)? {
                Some(path) => path,
                None => return Ok(false),
            },
        };
        for k in path {
            work.make(&self.staged.turns[self.cohere.turns[k]].moves);
        }
        Ok(true)
    }

    /// Steps 1 to 4 on `work`, `note` told after each: whether each reached its goal, with
    /// `flips` the wing orbits whose parity the turns so far changed (the middle layers'
    /// put back after step 2, the outer layers' by step 4's search).
    fn first_four(
        &self,
        work: &mut Work<'_>,
        flips: &mut u8,
        note: &mut dyn FnMut(&Work<'_>),
    ) -> Result<bool, SolveError> {
        if !self.pair_step(work, 0, flips)? {
            return Ok(false);
        }
        note(work);
        if !self.small_stage(work, 0, flips)? {
            return Ok(false);
        }
        // The middle layers' wing parity put back (the outer layers' is step 4's).
        if *flips >> self.wings[1] & 1 == 1 {
            let Some(fix) = self.staged.fixes[self.wings[1]] else {
                return Ok(false);
            };
            work.make(&[fix]);
            *flips ^= 1 << self.wings[1];
        }
        note(work);
        if !self.pair_step(work, 1, flips)? {
            return Ok(false);
        }
        note(work);
        if !self.small_stage(work, 1, flips)? {
            return Ok(false);
        }
        note(work);
        Ok(true)
    }

    /// Whether `made` (from a state whose centres were not yet built) leaves every centre
    /// of `work` home and every wing orbit's parity as it was.
    fn finished(work: &Work<'_>, made: &[LayerMove]) -> bool {
        let model = &work.tables.model;
        work.centres_home() && wing_flips(model, &model.positions_after(made)) == 0
    }

    /// The six steps, each step's moves (single-layer turns) counted into `lengths` if
    /// given. Whether every centre is home with every wing orbit's parity as it was.
    pub(crate) fn solve_with(
        &self,
        work: &mut Work<'_>,
        mut lengths: Option<&mut Vec<(usize, f64)>>,
    ) -> Result<bool, SolveError> {
        let from = work.made.len();
        let mut flips = 0u8;
        let mut mark = from;
        let mut clock = std::time::Instant::now();
        let mut note = |work: &Work<'_>| {
            if let Some(l) = lengths.as_deref_mut() {
                let n = work.tables.model.n;
                let moves = crate::solve::search::reduction::write::merge(n, &work.made[mark..]);
                let length = crate::solve::search::reduction::write::write(n, &moves).len();
                l.push((length, clock.elapsed().as_secs_f64()));
                clock = std::time::Instant::now();
            }
            mark = work.made.len();
        };
        if !self.first_four(work, &mut flips, &mut note)? || !self.cohere_step(work)? {
            return Ok(false);
        }
        note(work);
        if !self.small_stage(work, 2, &mut flips)? {
            return Ok(false);
        }
        note(work);
        Ok(Self::finished(work, &work.made[from..]))
    }

    /// Up to `SEVERAL[0] × SEVERAL[1]` ways to bring every centre of `work` home by the
    /// class steps, for the edges to choose from (`reduction/mod.rs`), each the turns from
    /// `work`'s state, each wing orbit's parity kept: steps 1 to 4 once, then up to
    /// `SEVERAL[0]` of step 5's shortest answers (IDA*; should its budget run out, its beam's
    /// one) and after each up to `SEVERAL[1]` of step 6's (the 5×5×5's last stage, IDA*).
    /// Empty if a step fell short (the solver then builds the centres one way) or `work` is
    /// not a 6×6×6.
    pub(crate) fn several(&self, work: &Work<'_>) -> Result<Vec<Vec<LayerMove>>, SolveError> {
        if work.tables.model.n != N {
            return Ok(Vec::new());
        }
        let mut four = work.clone();
        four.made.clear();
        if !self.first_four(&mut four, &mut 0u8, &mut |_| {})? {
            return Ok(Vec::new());
        }
        let start = self.cohere.state(&four.stickers);
        let fifths = match ida::several(&self.cohere, &start, SEVERAL[0])? {
            Some(paths) => paths,
            None => self.cohere.beam(start)?.into_iter().collect(),
        };
        let small = &tables(SMALL).model;
        let (staged, Some(home)) = (staged(small), home_of(small)) else {
            return Ok(Vec::new());
        };
        let mut ways = Vec::new();
        for path in fifths {
            let mut fifth = four.clone();
            for k in path {
                fifth.make(&self.staged.turns[self.cohere.turns[k]].moves);
            }
            let masks = staged.masks_of(small, 2, &self.blocks.small_view(&fifth.stickers));
            let Some(sixths) = home.several(&Home::state(staged, &masks), SEVERAL[1])? else {
                continue;
            };
            for turns in sixths {
                let moves: Vec<LayerMove> = turns
                    .iter()
                    .flat_map(|&t| staged.turns[t].moves.iter().copied())
                    .collect();
                let mut way = fifth.clone();
                way.make(&on_groups(&moves, &self.blocks.groups));
                if Self::finished(&way, &way.made) {
                    ways.push(way.made);
                }
            }
        }
        Ok(ways)
    }
}

/// The 6×6×6's centres by the class steps. Whether every centre is home, each wing orbit's
/// parity as it was (`false`, with some turns made, if a step fell short).
pub(crate) fn centres(work: &mut Work<'_>) -> Result<bool, SolveError> {
    if work.tables.model.n != N {
        return Ok(false);
    }
    classes().solve_with(work, None)
}

/// A coherence state: for each axis (U/D, R/L, F/B) and each of the inner X-centres and the
/// two oblique orbits (index `axis * 3 + k`), which 4 of the axis's 8 places hold its first
/// colour, ranked (0 to 69).
type CohereState = [u8; 9];

/// The values (`axis * 3 + k`, `k` 0 for the inner X-centres, 1 and 2 for the oblique
/// orbits) each table covers: each axis's three (the middle 2×2s home and the bars one
/// colour on that axis), the inner X-centres of every axis (home), and each axis's inner
/// X-centres with another's obliques.
const PARTS: [[usize; 3]; 10] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [0, 4, 5],
    [0, 7, 8],
    [3, 1, 2],
    [3, 7, 8],
    [6, 1, 2],
    [6, 4, 5],
];

/// Step 5's turns as maps of the nine values, and a table for each axis.
struct Cohere {
    /// Indices into [`Staged::turns`]: those that keep both sets and every wing orbit's
    /// parity.
    turns: Vec<usize>,
    /// Each turn's axis and block order.
    order: Vec<(u8, u8)>,
    /// `next[t][c][v]`: value `v` of component `c` after turn `t`.
    next: Vec<Next<9>>,
    /// Each [`PARTS`] table: the exact distance of its three values from their goal.
    tables: Vec<Vec<u8>>,
    /// Each component's orbit and the places of its axis, to read a state.
    places: [(usize, [u8; 8]); 9],
}

impl Cohere {
    fn build(staged: &Staged, inner: usize, obliques: [usize; 2], partner: &[u8; 24]) -> Cohere {
        let turns = staged.allowed[2].clone();
        let masks = ranks::masks();
        let orbit_of = [inner, obliques[0], obliques[1]];
        let places: [(usize, [u8; 8]); 9] = std::array::from_fn(|c| {
            let o = orbit_of[c % 3];
            (o, staged.orbits[o].pair_places[c / 3])
        });
        let next = turns
            .iter()
            .map(|&t| {
                std::array::from_fn(|c| {
                    let (o, ps) = &places[c];
                    ranks::mapped(&staged.orbits[*o].perms[t], ps, &masks)
                })
            })
            .collect();
        let order = turns
            .iter()
            .map(|&t| (staged.turns[t].axis, staged.turns[t].block))
            .collect();
        let mut cohere = Cohere {
            turns,
            order,
            next,
            tables: Vec::new(),
            places,
        };
        // Each axis's home value of the inner X-centres, and the values of the second
        // oblique orbit that match each of the first's (every bar one colour).
        let homes: [usize; 3] = std::array::from_fn(|axis| {
            let orbit = &staged.orbits[inner];
            let mut home = 0u32;
            for (k, &p) in places[axis * 3].1.iter().enumerate() {
                home |= u32::from(orbit.faces[usize::from(p)] == AXIS_FACES[axis]) << k;
            }
            rank(home) as usize
        });
        let matched: [[usize; 70]; 3] = std::array::from_fn(|axis| {
            let (pa, pb) = (&places[axis * 3 + 1].1, &places[axis * 3 + 2].1);
            let beside: [usize; 8] = std::array::from_fn(|k| {
                let q = partner[usize::from(pa[k])];
                pb.iter().position(|&p| p == q).unwrap_or(0)
            });
            std::array::from_fn(|a| {
                let b = (0..8)
                    .filter(|&k| masks[a] >> k & 1 == 1)
                    .fold(0u32, |acc, k| acc | 1 << beside[k]);
                rank(b) as usize
            })
        });
        cohere.tables = PARTS
            .iter()
            .map(|part| {
                let goals: Vec<usize> = if part[1] % 3 == 0 {
                    vec![(homes[0] * 70 + homes[1]) * 70 + homes[2]]
                } else {
                    let b = part[1] / 3;
                    (0..70)
                        .map(|a| (homes[part[0] / 3] * 70 + a) * 70 + matched[b][a])
                        .collect()
                };
                ranks::table(&cohere.next, part, &goals)
            })
            .collect();
        cohere
    }

    /// The state of `stickers`.
    fn state(&self, stickers: &[crate::turn::face::Face]) -> CohereState {
        let model = &tables(N).model;
        std::array::from_fn(|c| {
            let (o, ps) = &self.places[c];
            let mut m = 0u32;
            for (k, &p) in ps.iter().enumerate() {
                let face = stickers[model.centre_orbits[*o][usize::from(p)]];
                m |= u32::from(face == AXIS_FACES[c / 3]) << k;
            }
            rank(m) as u8
        })
    }

    /// Each [`PARTS`] table's entry of `s`.
    fn distances(&self, s: &CohereState) -> impl Iterator<Item = u8> {
        PARTS
            .iter()
            .zip(&self.tables)
            .map(|(part, t)| t[ranks::index(s, part)])
    }
}

impl Cohere {
    /// The turns (indices into [`Cohere::turns`]) that bring `start` to the goal by a beam
    /// [`WIDTH`] states wide, each scored by the sum of its tables' distances: `None` if it
    /// stalls short of the goal.
    fn beam(&self, start: CohereState) -> Result<Option<Vec<usize>>, SolveError> {
        let score = |s: &CohereState| -> u32 { self.distances(s).map(u32::from).sum() };
        let mut record: Vec<(Option<u32>, u16)> = Vec::new();
        let mut beam: Vec<(CohereState, Option<u32>, Option<usize>)> = vec![(start, None, None)];
        let mut seen = std::collections::HashSet::new();
        let (mut best, mut since) = (score(&start), 0);
        for _ in 0..MAX_DEPTH {
            crate::base::cancel::check()?;
            let mut kids: Vec<(u32, CohereState, u32, u16)> = Vec::new();
            for (b, (s, _, last)) in beam.iter().enumerate() {
                for k in 0..self.next.len() {
                    if let Some(next) = self.step(s, *last, k) {
                        kids.push((score(&next), next, b as u32, k as u16));
                    }
                }
            }
            kids.sort_unstable_by_key(|k| k.0);
            let mut next = Vec::with_capacity(WIDTH);
            for (h, s, b, k) in kids {
                if next.len() == WIDTH {
                    break;
                }
                if !seen.insert(s) {
                    continue;
                }
                record.push((beam[b as usize].1, k));
                let at = Some(record.len() as u32 - 1);
                if h == 0 {
                    return Ok(Some(path(&record, at)));
                }
                if h < best {
                    (best, since) = (h, 0);
                }
                next.push((s, at, Some(usize::from(k))));
            }
            since += 1;
            if next.is_empty() || since > PATIENCE {
                break;
            }
            beam = next;
        }
        Ok(None)
    }
}

/// The turns recorded on the way to record entry `at`.
fn path(record: &[(Option<u32>, u16)], mut at: Option<u32>) -> Vec<usize> {
    let mut out = Vec::new();
    while let Some(i) = at {
        let (parent, t) = record[i as usize];
        out.push(usize::from(t));
        at = parent;
    }
    out.reverse();
    out
}

impl Space for Cohere {
    type State = CohereState;

    /// The largest axis's exact distance: zero only where every axis is coherent.
    fn bound(&self, s: &CohereState) -> u8 {
        self.distances(s).max().unwrap_or(0)
    }

    fn turns(&self) -> usize {
        self.next.len()
    }

    fn step(&self, s: &CohereState, last: Option<usize>, k: usize) -> Option<CohereState> {
        ranks::step((&self.order, &self.next), s, last, k)
    }

    fn budget(&self) -> u64 {
        BUDGET
    }
}

#[cfg(test)]
mod tests;
