//! The 6×6×6's centres made a 5×5×5's by stages searched on the 6×6×6's own turns, as
//! dwalton76's solver reduces it, then solved as a 5×5×5's.
//!
//! Of the 6×6×6's four centre orbits, three decide whether it "looks like a 5×5×5" on the
//! layers grouped 0, 1, {2, 3}, 4, 5: the inner X-centres (each face's inner 2×2, the
//! 5×5×5's fixed centre, which must be its home colour) and the two oblique orbits (each
//! **bar**, an oblique of each orbit side by side, is a 5×5×5's T-centre and must be one
//! colour). The outer X-centres are the 5×5×5's X-centres, which its stages solve anyway.
//! So, on those three orbits alone, with the turns of `staged.rs` (outer and wide blocks,
//! one move each):
//!
//! 1. U and D's stickers onto U and D with every turn, by IDA* (`staged/ida.rs`) bounded by
//!    the largest of the three orbits' exact distances (`staged.rs`'s per-orbit tables);
//! 2. R and L's onto R and L with the turns that keep U and D's set, each wing orbit's
//!    parity brought back to what it was before stage 1 (the search's goal), by IDA* on
//!    the same tables;
//! 3. every inner 2×2 home and every bar one colour with the turns that keep both sets
//!    (outer quarter turns, half turns of every block, which keep each wing orbit's
//!    parity), by IDA* bounded by the largest of three tables, one for each pair of
//!    opposite faces: which 4 of the pair's 8 inner X places hold its first colour (70)
//!    times which 8 of its 16 oblique places do (C(16, 8) = 12,870), 900,900 entries each,
//!    found breadth-first from the 70 goals (the inner 2×2s home, any 4 of the pair's 8 bars
//!    of its first colour);
//!
//! then the 5×5×5's stages on the grouped layers bring the outer X-centres and the bars
//! home (`inner.rs`'s `five_on_ring`, the inner 2×2s its fixed centres). Since stages 1 and
//! 2 end where each wing orbit's parity was, stage 3 keeps it and the 5×5×5's stages keep
//! their own (their turns never reach layers 2 and 3), the centres keep the parity the
//! pipeline set before them.

use std::sync::OnceLock;

use crate::solve::SolveError;
use crate::solve::search::four::tables::{UNREACHED, move_mask, rank, unrank};
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::coherence::Small;
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::inner::five_on_ring;
use crate::solve::search::reduction::model::Model;
use crate::solve::search::reduction::staged::ida::{self, Space};
use crate::solve::search::reduction::staged::{Staged, staged};
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// The size.
const N: usize = 6;

/// The first colour of each pair of opposite faces: U, R and F.
const FIRST: [Face; 3] = [Face::U, Face::R, Face::F];

/// C(16, 8): the ways 8 of a pair's 16 oblique places hold its first colour.
const BARS: usize = 12_870;

/// Which pair of opposite faces (U/D 0, R/L 1, F/B 2) a face is in.
fn pair_of(face: Face) -> usize {
    FIRST
        .iter()
        .position(|&f| f == face || f.opposite() == face)
        .unwrap_or(0)
}

/// The stages' orbits, stage 3's turns as maps of its values, and its tables.
pub(crate) struct Six {
    staged: &'static Staged,
    /// The orbits the stages see (indices into the model's centre orbits): the inner
    /// X-centres, then the two oblique orbits.
    orbits: [usize; 3],
    /// Stage 3's turns (indices into `Staged::turns`).
    last: Vec<usize>,
    /// `inner_next[t][a][v]`: pair `a`'s inner value `v` after stage-3 turn `t`.
    inner_next: Vec<[[u8; 70]; 3]>,
    /// `bars_next[t][a][v]`: pair `a`'s oblique value `v` after stage-3 turn `t`.
    bars_next: Vec<[Vec<u16>; 3]>,
    /// Each pair's table, indexed `inner * BARS + obliques`: the exact distance from a goal
    /// in stage 3's turns.
    pub(crate) tables: [Vec<u8>; 3],
}

/// A stage 1 or 2 state: for each orbit its masks of the places holding the stage's
/// colours and (stage 2 only, else 0) those holding U, R and F, and the wing orbits whose
/// parity the turns so far changed.
type Sets = ([[u32; 4]; 3], u8);

/// A stage-3 state: each pair's inner value (0 to 69) and oblique value (below `BARS`).
type Last = ([u8; 3], [u16; 3]);

/// The partner of an oblique sticker in its bar: the other oblique of its row or column of
/// the ring.
fn partner(g: &Geometry, i: usize) -> usize {
    let (face, r, c) = (g.face_of(i), (i % (N * N)) / N, i % N);
    if r == 1 || r == N - 2 {
        g.index(face, r, N - 1 - c)
    } else {
        g.index(face, N - 1 - r, c)
    }
}

/// The 6×6×6's stages, made on first use and kept (`None` if the model is not shaped as
/// they expect, which a test rules out).
pub(crate) fn six() -> Option<&'static Six> {
    static SIX: OnceLock<Option<Six>> = OnceLock::new();
    SIX.get_or_init(|| Six::build(&tables(N).model)).as_ref()
}

impl Six {
    fn build(model: &Model) -> Option<Six> {
        let g = Geometry::of(N);
        let staged = staged(model);
        let at = |o: usize| {
            let i = model.centre_orbits[o][0];
            [(i % (N * N)) / N, i % N].map(|x| x == 1 || x == N - 2)
        };
        let inner = (0..model.centre_orbits.len()).find(|&o| at(o) == [false, false])?;
        let obliques: Vec<usize> = (0..model.centre_orbits.len())
            .filter(|&o| at(o)[0] != at(o)[1])
            .collect();
        let orbits = [inner, *obliques.first()?, *obliques.get(1)?];
        let places = |k: usize, a: usize| staged.orbits[orbits[k]].pair_places[a];
        // Each pair's bars, as bits of its oblique value: orbit A's 8 places bits 0 to 7,
        // orbit B's 8 to 15.
        let mut goals: [Vec<u16>; 3] = Default::default();
        for (a, goal) in goals.iter_mut().enumerate() {
            let mut bars = Vec::new();
            for (k, &p) in places(1, a).iter().enumerate() {
                let j = partner(&g, model.centre_orbits[orbits[1]][p as usize]);
                let k2 = places(2, a)
                    .iter()
                    .position(|&q| model.centre_orbits[orbits[2]][q as usize] == j)?;
                bars.push((1u32 << k) | (1 << (8 + k2)));
            }
            for s in (0..256u32).filter(|s| s.count_ones() == 4) {
                let m = (0..8)
                    .filter(|b| s >> b & 1 == 1)
                    .fold(0, |m, b| m | bars[b]);
                goal.push(rank(m) as u16);
            }
        }
        let last = staged.allowed[2].clone();
        let mut inner_next = Vec::new();
        let mut bars_next = Vec::new();
        for &t in &last {
            // Where the turn takes each of a pair's places, as positions among them.
            let local = |k: usize, a: usize| -> Option<Vec<u8>> {
                let ps = places(k, a);
                ps.iter()
                    .map(|&p| {
                        let to = staged.orbits[orbits[k]].perms[t][p as usize];
                        ps.iter().position(|&q| q == to).map(|x| x as u8)
                    })
                    .collect()
            };
            let mut inn = [[0u8; 70]; 3];
            let mut bar: [Vec<u16>; 3] = Default::default();
            for (a, (inn, bar)) in inn.iter_mut().zip(bar.iter_mut()).enumerate() {
                let perm = local(0, a)?;
                for (v, out) in inn.iter_mut().enumerate() {
                    *out = rank(move_mask(unrank(v as u32, 4, 8), &perm)) as u8;
                }
                let mut perm = local(1, a)?;
                perm.extend(local(2, a)?.iter().map(|&x| x + 8));
                *bar = (0..BARS)
                    .map(|v| rank(move_mask(unrank(v as u32, 8, 16), &perm)) as u16)
                    .collect();
            }
            inner_next.push(inn);
            bars_next.push(bar);
        }
        let mut six = Six {
            staged,
            orbits,
            last,
            inner_next,
            bars_next,
            tables: Default::default(),
        };
        let home: Vec<Face> = (0..g.sticker_count()).map(|i| g.face_of(i)).collect();
        let home = six.last_state(model, &home);
        for (a, goal) in goals.iter().enumerate() {
            six.tables[a] = six.table(a, home.0[a], goal);
        }
        Some(six)
    }

    /// Pair `a`'s table, breadth-first from the goals (its inner value `inner`, any of the
    /// oblique values `goals`).
    fn table(&self, a: usize, inner: u8, goals: &[u16]) -> Vec<u8> {
        let mut t = vec![UNREACHED; 70 * BARS];
        let mut frontier: Vec<u32> = goals
            .iter()
            .map(|&b| (usize::from(inner) * BARS + usize::from(b)) as u32)
            .collect();
        for &i in &frontier {
            t[i as usize] = 0;
        }
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut grown = Vec::new();
            for &i in &frontier {
                let (v, b) = (i as usize / BARS, i as usize % BARS);
                for (inn, bars) in self.inner_next.iter().zip(&self.bars_next) {
                    let w = usize::from(inn[a][v]) * BARS + usize::from(bars[a][b]);
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

    /// Stage `stage`'s (0 or 1) state of `stickers`: which places of each orbit hold U or D
    /// (stage 1) or R or L (stage 2), and in stage 2 which hold U, R and F.
    fn sets(&self, model: &Model, stage: usize, stickers: &[Face], flips: u8) -> Sets {
        let masks = self.orbits.map(|o| {
            let places = &model.centre_orbits[o];
            let mask = |f: &dyn Fn(Face) -> bool| {
                (0..24).fold(0u32, |m, p| m | (u32::from(f(stickers[places[p]])) << p))
            };
            let first = |a: usize| {
                if stage == 1 {
                    mask(&|c| c == FIRST[a])
                } else {
                    0
                }
            };
            [mask(&|c| pair_of(c) == stage), first(0), first(1), first(2)]
        });
        (masks, flips)
    }

    /// Stage 3's state of `stickers` (every inner X and oblique sticker on its pair's faces).
    fn last_state(&self, model: &Model, stickers: &[Face]) -> Last {
        self.last_of(&self.sets(model, 1, stickers, 0).0)
    }

    /// Stage 3's state of a stage-2 state's masks.
    fn last_of(&self, masks: &[[u32; 4]; 3]) -> Last {
        let value = |k: usize, a: usize| {
            let ps = self.staged.orbits[self.orbits[k]].pair_places[a];
            ps.iter()
                .enumerate()
                .fold(0u32, |m, (b, &p)| m | ((masks[k][1 + a] >> p & 1) << b))
        };
        (
            std::array::from_fn(|a| rank(value(0, a)) as u8),
            std::array::from_fn(|a| rank(value(1, a) | (value(2, a) << 8)) as u16),
        )
    }

    /// Stage 3's beam score: the pairs' distances summed.
    fn last_sum(&self, (inner, bars): &Last) -> u32 {
        (0..3)
            .map(|a| u32::from(self.tables[a][usize::from(inner[a]) * BARS + usize::from(bars[a])]))
            .sum()
    }

    /// Stage 3's bound: the largest pair's distance.
    fn last_bound(&self, (inner, bars): &Last) -> u8 {
        (0..3)
            .map(|a| self.tables[a][usize::from(inner[a]) * BARS + usize::from(bars[a])])
            .max()
            .unwrap_or(0)
    }
}

/// Stage 1 or 2's search.
struct SetsSearch<'a> {
    six: &'a Six,
    stage: usize,
    /// The most nodes its IDA* expands.
    budget: u64,
}

impl SetsSearch<'_> {
    /// The orbits' distances summed (a beam's score), and in stage 2 one for each wing
    /// orbit whose parity is changed and one if stage 3 cannot finish from there.
    fn sum(&self, s: &Sets) -> u32 {
        let orbits = &self.six.staged.orbits;
        let h: u32 = (0..3)
            .map(|k| {
                let t = &orbits[self.six.orbits[k]].tables[self.stage];
                u32::from(t[rank(s.0[k][0]) as usize])
            })
            .sum();
        if self.stage == 1 {
            h + s.1.count_ones() + u32::from(self.stuck(s))
        } else {
            h
        }
    }

    /// Whether stage 3 cannot finish from a stage-2 state: its turns reach only some of the
    /// ways the inner X and oblique stickers can lie on each pair's faces, so stage 2's goal
    /// is a state in which they can.
    fn stuck(&self, (masks, _): &Sets) -> bool {
        self.six.last_bound(&self.six.last_of(masks)) == UNREACHED
    }
}

impl Space for SetsSearch<'_> {
    type State = Sets;

    /// The largest orbit's exact distance, and in stage 2 at least one while a wing
    /// orbit's parity is changed or stage 3 cannot finish.
    fn bound(&self, s: &Sets) -> u8 {
        let orbits = &self.six.staged.orbits;
        let h = (0..3)
            .map(|k| orbits[self.six.orbits[k]].tables[self.stage][rank(s.0[k][0]) as usize])
            .max()
            .unwrap_or(0);
        if self.stage == 1 && h == 0 && (s.1 != 0 || self.stuck(s)) {
            1
        } else {
            h
        }
    }

    fn turns(&self) -> usize {
        self.six.staged.allowed[self.stage].len()
    }

    fn step(&self, (masks, flips): &Sets, last: Option<usize>, k: usize) -> Option<Sets> {
        let staged = self.six.staged;
        let allowed = &staged.allowed[self.stage];
        let turn = &staged.turns[allowed[k]];
        if let Some(l) = last.map(|l| &staged.turns[allowed[l]])
            && l.axis == turn.axis
            && l.block >= turn.block
        {
            return None;
        }
        let orbits = &staged.orbits;
        Some((
            std::array::from_fn(|j| {
                let perm = &orbits[self.six.orbits[j]].perms[allowed[k]];
                masks[j].map(|m| move_mask(m, perm))
            }),
            flips ^ turn.flips,
        ))
    }

    fn budget(&self) -> u64 {
        self.budget
    }
}

impl Space for Six {
    type State = Last;

    fn bound(&self, s: &Last) -> u8 {
        self.last_bound(s)
    }

    fn turns(&self) -> usize {
        self.last.len()
    }

    fn step(&self, (inner, bars): &Last, last: Option<usize>, k: usize) -> Option<Last> {
        let turns = &self.staged.turns;
        let turn = &turns[self.last[k]];
        if let Some(l) = last.map(|l| &turns[self.last[l]])
            && l.axis == turn.axis
            && l.block >= turn.block
        {
            return None;
        }
        Some((
            std::array::from_fn(|a| self.inner_next[k][a][usize::from(inner[a])]),
            std::array::from_fn(|a| self.bars_next[k][a][usize::from(bars[a])]),
        ))
    }

    fn budget(&self) -> u64 {
        SEARCH_BUDGET
    }
}

/// A stage's beam keeps this many states at each depth.
const WIDTH: usize = 2_000;

/// A stage's beam never goes deeper than this.
const MAX_DEPTH: usize = 40;

/// The IDA* searches of stages 2 and 3 give up after this many nodes, and the beam does
/// the stage (stage 1, with every turn, is searched by the beam alone).
const SEARCH_BUDGET: u64 = 2_000_000;

/// A beam search of `space` from `start`: of every turn after each of the states kept, the
/// [`WIDTH`] new states of least `score` kept, until one is at the goal (its bound zero) or
/// the best score has not improved for [`PATIENCE`] depths (or [`MAX_DEPTH`] were made).
/// A beam scored by a sum of distances stalls where two orbits are each a turn or two
/// from their goals and no one turn brings both nearer; so, short of the goal, the
/// [`FINISHES`] kept states of least score (then depth) are each finished by IDA* within
/// [`FINISH_BUDGET`] nodes, and the shortest whole path kept. The turns (indices below
/// `Space::turns`), or `None` if none was found.
fn beam<S: Space>(
    space: &S,
    start: S::State,
    score: &dyn Fn(&S::State) -> u32,
) -> Result<Option<Vec<usize>>, SolveError>
where
    S::State: Clone + Eq + std::hash::Hash,
{
    let mut record: Vec<(usize, usize)> = Vec::new();
    let path = |record: &[(usize, usize)], mut at: usize| {
        let mut out = Vec::new();
        while at != usize::MAX {
            out.push(record[at].1);
            at = record[at].0;
        }
        out.reverse();
        out
    };
    if space.bound(&start) == 0 {
        return Ok(Some(Vec::new()));
    }
    // Each state kept, its place in `record` (`usize::MAX` at the start) and last turn.
    let mut kept = vec![(start.clone(), usize::MAX, None::<usize>)];
    // The states to finish from: (score, depth, place in `record`, state).
    let mut pool: Vec<(u32, usize, usize, S::State)> = vec![(score(&start), 0, usize::MAX, start)];
    let (mut best, mut since) = (u32::MAX, 0);
    for depth in 1..=MAX_DEPTH {
        crate::base::cancel::check()?;
        let mut seen = std::collections::HashSet::new();
        let mut kids = Vec::new();
        for (s, at, last) in &kept {
            for k in 0..space.turns() {
                if let Some(c) = space.step(s, *last, k)
                    && seen.insert(c.clone())
                {
                    kids.push((score(&c), c, *at, k));
                }
            }
        }
        kids.sort_by_key(|kid| kid.0);
        kids.truncate(WIDTH);
        let mut next = Vec::with_capacity(kids.len());
        for (h, c, at, k) in kids {
            record.push((at, k));
            if space.bound(&c) == 0 {
                return Ok(Some(path(&record, record.len() - 1)));
            }
            if pool.len() < 4 * FINISHES || pool.iter().any(|p| p.0 > h) {
                pool.push((h, depth, record.len() - 1, c.clone()));
            }
            next.push((c, record.len() - 1, Some(k)));
        }
        pool.sort_by_key(|p| (p.0, p.1));
        pool.truncate(4 * FINISHES);
        let least = pool.first().map_or(u32::MAX, |p| p.0);
        if least < best {
            (best, since) = (least, 0);
        } else {
            since += 1;
        }
        kept = next;
        if kept.is_empty() || since >= PATIENCE {
            break;
        }
    }
    let capped = Capped {
        space,
        budget: FINISH_BUDGET,
        score: Some(score),
    };
    let mut found: Option<Vec<usize>> = None;
    for (_, depth, at, state) in pool.iter().take(FINISHES) {
        if found.as_ref().is_some_and(|f| f.len() <= depth + 1) {
            continue;
        }
        if space.bound(state) == UNREACHED {
            continue;
        }
        if let Some(tail) = ida::search(&capped, state)? {
            let mut whole = path(&record, *at);
            whole.extend(tail);
            if found.as_ref().is_none_or(|f| whole.len() < f.len()) {
                found = Some(whole);
            }
        }
    }
    Ok(found)
}

/// A beam stops when its best score has not improved for this many depths.
const PATIENCE: usize = 4;

/// How many of a stalled beam's best states IDA* tries to finish.
const FINISHES: usize = 24;

/// The most nodes each finishing IDA* expands.
const FINISH_BUDGET: u64 = 200_000;

/// A space searched with another budget, and bounded by `score` if it is given (the
/// orbits' distances summed: not a lower bound, so the answer is not always the shortest,
/// but it prunes far more).
struct Capped<'a, S: Space> {
    space: &'a S,
    budget: u64,
    score: Option<&'a dyn Fn(&S::State) -> u32>,
}

impl<S: Space> Space for Capped<'_, S> {
    type State = S::State;

    fn bound(&self, s: &S::State) -> u8 {
        let b = self.space.bound(s);
        match self.score {
            Some(score) if b != 0 && b != UNREACHED => score(s).clamp(1, 254) as u8,
            _ => b,
        }
    }

    fn turns(&self) -> usize {
        self.space.turns()
    }

    fn step(&self, s: &S::State, last: Option<usize>, k: usize) -> Option<S::State> {
        self.space.step(s, last, k)
    }

    fn budget(&self) -> u64 {
        self.budget
    }
}

/// A stage's turns: by IDA* within `budget` nodes if it is given, else (or should it give
/// up) by the beam scored by `score`. `None` where the goal is out of reach of the tables.
fn search<S: Space>(
    space: &S,
    start: S::State,
    budget: Option<u64>,
    score: &dyn Fn(&S::State) -> u32,
) -> Result<Option<Vec<usize>>, SolveError>
where
    S::State: Clone + Eq + std::hash::Hash,
{
    if space.bound(&start) == UNREACHED {
        return Ok(None);
    }
    if let Some(budget) = budget
        && let Some(path) = ida::search(
            &Capped {
                space,
                budget,
                score: None,
            },
            &start,
        )?
    {
        return Ok(Some(path));
    }
    beam(space, start, score)
}

/// The single-layer turns each of the three stages made, or `None` if a search gave up.
pub(crate) type Stages = [usize; 3];

/// The three stages on `work` (a 6×6×6), each searched to its shortest answer: afterwards
/// each inner 2×2 is home, each bar one colour and each wing orbit's parity as it was.
/// The moves each stage made, or `None` (some turns made) if a search gave up.
pub(crate) fn stages(work: &mut Work<'_>) -> Result<Option<Stages>, SolveError> {
    let Some(six) = six() else {
        return Ok(None);
    };
    let model = &work.tables.model;
    if model.n != N {
        return Ok(None);
    }
    let staged = six.staged;
    let mut flips = 0u8;
    let mut made = [0; 3];
    for stage in 0..2 {
        let start = six.sets(model, stage, &work.stickers, flips);
        let space = SetsSearch {
            six,
            stage,
            budget: SEARCH_BUDGET,
        };
        let score = |s: &Sets| space.sum(s);
        let budget = (stage == 1).then_some(SEARCH_BUDGET);
        let Some(path) = search(&space, start, budget, &score)? else {
            return Ok(None);
        };
        for k in path {
            let t = staged.allowed[stage][k];
            flips ^= staged.turns[t].flips;
            work.make(&staged.turns[t].moves);
            made[stage] += 1;
        }
    }
    let start = six.last_state(model, &work.stickers);
    let score = |s: &Last| six.last_sum(s);
    let Some(path) = search(six, start, Some(SEARCH_BUDGET), &score)? else {
        return Ok(None);
    };
    for k in path {
        work.make(&staged.turns[six.last[k]].moves);
        made[2] += 1;
    }
    Ok((flips == 0).then_some(made))
}

/// The 6×6×6's centres: the three stages (`stages`), then the 5×5×5's stages `small` on
/// the grouped layers. Whether every centre is then home (some turns made if not).
pub(crate) fn centres(work: &mut Work<'_>, small: &Small) -> Result<bool, SolveError> {
    if stages(work)?.is_none() {
        return Ok(false);
    }
    Ok(five_on_ring(work, 1, small)? && work.centres_home())
}

#[cfg(test)]
#[path = "six_tests.rs"]
mod tests;
