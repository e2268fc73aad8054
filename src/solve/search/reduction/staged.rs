//! The centres by stages, as cubers and dwalton76's solver build them: (1) the U and D
//! stickers onto U and D, in any arrangement, with every turn; (2) the R and L stickers onto R
//! and L with the turns that keep U and D's set, each wing orbit's parity brought back to what
//! it was; (3) every centre home with the turns that keep both sets (outer turns and half
//! turns of wide blocks). Used on the sizes of [`SIZES`] (the 5×5×5).
//!
//! The turns are outer and wide turns of at most half the cube from either side (on the odd
//! sizes, never the middle layer, so the fixed centres stay home), one move each. Stages 2
//! and 3 are searched by IDA* (`first.rs`, `home.rs`), each to its shortest answer; stage 1,
//! and a stage whose search runs out of budget, by a beam search: of every turn after each of
//! the best states so far, the best `width` new states are kept, scored by the sum over the
//! centre orbits of each orbit's exact distance from the stage's goal with the stage's turns,
//! read from a table found breadth-first over the orbit alone (which places hold the stage's
//! colours: C(24,8) = 735,471 values for stages 1 and 2, 70³ = 343,000 for stage 3). When the
//! best state stops improving, the greedy sequences and three-cycles of `centres.rs`, scored
//! by the stage's classes of colours, finish the stage. Orbits that turns move alike (every
//! X-centre orbit, every T-centre orbit, the obliques of one hand) share their tables, on
//! every size.
//!
//! On the 5×5×5 the solver asks for several centre answers instead (`several.rs`: up to 6 of
//! stage 1's beam's states at the goal ([`Staged::ends`]), up to 6 shortest of stage 2 after
//! each, up to 6 shortest of stage 3 after each of those) and keeps the one whose edges pair
//! shortest: 78.3 moves to reduce against 79.6 with up to 4 × 4 answers and 83.6 with one,
//! on the big-cube benchmark's 50 states, for about 1.7 to 1.9 times the time of 4 × 4.

pub(crate) mod classes;
mod first;
mod home;
mod ida;
mod ranks;
pub(crate) mod several;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use crate::solve::SolveError;
use crate::solve::search::four::tables::{UNREACHED, move_mask, rank};
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::centres::{self, block};
use crate::solve::search::reduction::grouped;
use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::state::geometry::{Geometry, MAX_SIZE};
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// A stage's beam never goes deeper than this.
const MAX_DEPTH: usize = 60;

/// A stage's beam stops when its best state has not improved for this many turns.
const PATIENCE: usize = 8;

/// The first colour of each axis's pair: U, R and F.
const AXIS_FACES: [Face; 3] = [Face::U, Face::R, Face::F];

/// Which axis's pair (U/D 0, R/L 1, F/B 2) a face is in.
fn pair_of(face: Face) -> usize {
    AXIS_FACES
        .iter()
        .position(|&f| f == face || f.opposite() == face)
        .unwrap_or(0)
}

/// One turn: a block of layers turned alike, one move.
pub(crate) struct Turn {
    /// Its single-layer turns.
    pub moves: Vec<LayerMove>,
    /// Its axis, 0 to 2.
    axis: u8,
    /// Its block's order on its axis (turns of one axis commute: a search takes them in
    /// this order).
    block: u8,
    /// Bit `o` set if it changes wing orbit `o`'s parity.
    flips: u8,
}

/// A stage's state of one orbit: masks of the places holding the stage's colours — stage
/// 1: U or D; stage 2: R or L; stage 3: U, R and F.
type Masks = [u32; 3];

/// One centre orbit as the stages see it.
struct Orbit {
    /// `perms[t][p]`: where turn `t` takes the sticker at place `p`.
    perms: Vec<[u8; 24]>,
    /// Each place's face.
    faces: [Face; 24],
    /// Each axis's pair's 8 places.
    pair_places: [[u8; 8]; 3],
    /// Each stage's table.
    tables: [Arc<Vec<u8>>; 3],
}

impl Orbit {
    /// The stage's masks of the colours `colour(p)` at each place.
    fn masks(stage: usize, colour: impl Fn(usize) -> Face) -> Masks {
        let mut m = [0u32; 3];
        for p in 0..24 {
            let c = colour(p);
            let bits: [bool; 3] = match stage {
                0 => [pair_of(c) == 0, false, false],
                1 => [pair_of(c) == 1, false, false],
                _ => AXIS_FACES.map(|f| f == c),
            };
            for (mask, bit) in m.iter_mut().zip(bits) {
                *mask |= u32::from(bit) << p;
            }
        }
        m
    }

    /// The stage's coordinate of `m`: the rank of stage 1's or 2's mask; for stage 3, each
    /// pair's places holding its first colour, ranked, in base 70.
    fn coord(&self, stage: usize, m: &Masks) -> usize {
        if stage < 2 {
            return rank(m[0]) as usize;
        }
        let mut out = 0;
        for (places, &mask) in self.pair_places.iter().zip(m) {
            let mut c = 0u32;
            for (k, &p) in places.iter().enumerate() {
                c |= ((mask >> p) & 1) << k;
            }
            out = out * 70 + rank(c) as usize;
        }
        out
    }
}

/// The masks after `perm`.
fn moved(perm: &[u8; 24], m: &Masks) -> Masks {
    m.map(|x| if x == 0 { 0 } else { move_mask(x, perm) })
}

/// A stage's table for an orbit, by `(stage, each place's face, the stage's turns on the
/// orbit)`: shared by every orbit and size that turns move alike.
type TableKey = (usize, [u8; 24], Vec<[u8; 24]>);

fn table(key: TableKey, orbit: &Orbit) -> Arc<Vec<u8>> {
    static TABLES: OnceLock<Mutex<HashMap<TableKey, Arc<Vec<u8>>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(Mutex::default);
    if let Some(t) = tables.lock().map_or(None, |t| t.get(&key).cloned()) {
        return t;
    }
    let (stage, _, perms) = &key;
    let size = if *stage < 2 { 735_471 } else { 70 * 70 * 70 };
    let goal = Orbit::masks(*stage, |p| orbit.faces[p]);
    let mut t = vec![UNREACHED; size];
    t[orbit.coord(*stage, &goal)] = 0;
    let mut frontier = vec![goal];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for s in &frontier {
            for perm in perms {
                let c = moved(perm, s);
                let i = orbit.coord(*stage, &c);
                if t[i] == UNREACHED {
                    t[i] = depth;
                    next.push(c);
                }
            }
        }
        frontier = next;
    }
    let t = Arc::new(t);
    if let Ok(mut tables) = tables.lock() {
        tables.insert(key, t.clone());
    }
    t
}

/// A size's turns, each stage's turns and its centre orbits.
pub(crate) struct Staged {
    /// Every turn.
    pub turns: Vec<Turn>,
    /// Each stage's turns (indices into `turns`).
    allowed: [Vec<usize>; 3],
    orbits: Vec<Orbit>,
    /// For each wing orbit, a quarter-turn of one inner layer that changes its parity alone
    /// and keeps U and D's set (`None` if there is none, which a test rules out).
    fixes: Vec<Option<LayerMove>>,
}

/// The stages of size `n` (4 to 9), made on first use and kept.
pub(crate) fn staged(model: &Model) -> &'static Staged {
    static CACHE: [OnceLock<Staged>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];
    CACHE[model.n].get_or_init(|| build(model))
}

/// Whether the sticker map `at` keeps the places of the pairs `pairs` holding what they do.
fn keeps(g: &Geometry, centres: &[usize], at: &[u16], pairs: &[usize]) -> bool {
    centres.iter().all(|&i| {
        let inside = |j: usize| pairs.contains(&pair_of(g.face_of(j)));
        inside(i) == inside(at[i] as usize)
    })
}

/// Bit `o` set for each wing orbit `o` whose permutation the sticker map `at` makes odd.
fn flips(model: &Model, at: &[u16]) -> u8 {
    let mut bits = 0;
    for (o, slots) in model.wing_orbits.iter().enumerate() {
        let slot_of: HashMap<usize, u8> = slots
            .iter()
            .enumerate()
            .flat_map(|(s, slot)| slot.map(|i| (i, s as u8)))
            .collect();
        let perm: Vec<u8> = slots
            .iter()
            .map(|slot| slot_of.get(&(at[slot[0]] as usize)).copied().unwrap_or(0))
            .collect();
        if crate::state::pieces::is_odd(&perm) {
            bits |= 1 << o;
        }
    }
    bits
}

fn build(model: &Model) -> Staged {
    let n = model.n;
    let g = Geometry::of(n);
    let centres: Vec<usize> = model.centre_orbits.iter().flatten().copied().collect();
    let mut turns = Vec::new();
    let mut ats = Vec::new();
    for (a, axis) in PaperAxis::ALL.into_iter().enumerate() {
        for side in 0..2 {
            for k in 0..n / 2 {
                let (lo, hi) = if side == 0 {
                    (0, k)
                } else {
                    (n - 1 - k, n - 1)
                };
                for quarters in 1..=3u8 {
                    let moves = block(axis, lo, hi, quarters);
                    let at = model.positions_after(&moves);
                    turns.push(Turn {
                        flips: flips(model, &at),
                        moves,
                        axis: a as u8,
                        block: (side * n / 2 + k) as u8,
                    });
                    ats.push(at);
                }
            }
        }
    }
    let allowed: [Vec<usize>; 3] = [
        (0..turns.len()).collect(),
        (0..turns.len())
            .filter(|&t| keeps(g, &centres, &ats[t], &[0]))
            .collect(),
        (0..turns.len())
            .filter(|&t| {
                turns[t].flips == 0
                    && keeps(g, &centres, &ats[t], &[0])
                    && keeps(g, &centres, &ats[t], &[1])
            })
            .collect(),
    ];
    let orbits = model
        .centre_orbits
        .iter()
        .map(|places| {
            let place_of: HashMap<usize, u8> = places
                .iter()
                .enumerate()
                .map(|(p, &i)| (i, p as u8))
                .collect();
            let perms: Vec<[u8; 24]> = ats
                .iter()
                .map(|at| std::array::from_fn(|p| place_of[&(at[places[p]] as usize)]))
                .collect();
            let faces: [Face; 24] = std::array::from_fn(|p| g.face_of(places[p]));
            let pair_places = std::array::from_fn(|a| {
                let mut out = [0u8; 8];
                for (k, p) in (0..24).filter(|&p| pair_of(faces[p]) == a).enumerate() {
                    out[k] = p as u8;
                }
                out
            });
            let mut orbit = Orbit {
                perms,
                faces,
                pair_places,
                tables: std::array::from_fn(|_| Arc::new(Vec::new())),
            };
            for (stage, turns) in allowed.iter().enumerate() {
                let mut perms: Vec<[u8; 24]> = turns.iter().map(|&t| orbit.perms[t]).collect();
                perms.sort_unstable();
                perms.dedup();
                let key = (stage, faces.map(|f| f.index() as u8), perms);
                orbit.tables[stage] = table(key, &orbit);
            }
            orbit
        })
        .collect();
    let fixes = (0..model.wing_orbits.len())
        .map(|o| {
            let layer = model.wing_layer(o);
            PaperAxis::ALL
                .into_iter()
                .map(|axis| LayerMove {
                    axis,
                    layer,
                    quarters: 1,
                })
                .find(|&m| {
                    let at = model.positions_after(&[m]);
                    keeps(g, &centres, &at, &[0]) && flips(model, &at) == 1 << o
                })
        })
        .collect();
    Staged {
        turns,
        allowed,
        orbits,
        fixes,
    }
}

/// A state in a beam: each orbit's masks, the wing orbits whose parity has changed, and the
/// turn that made it (an index into the search's record).
struct Node {
    masks: Vec<Masks>,
    flips: u8,
    at: Option<u32>,
    last: Option<usize>,
}

impl Staged {
    /// Each orbit's masks of `stickers` for `stage`.
    fn masks_of(&self, model: &Model, stage: usize, stickers: &[Face]) -> Vec<Masks> {
        model
            .centre_orbits
            .iter()
            .map(|places| Orbit::masks(stage, |p| stickers[places[p]]))
            .collect()
    }

    /// How far the state is from the stage's goal, summed over the orbits (and, in stage 2,
    /// one for each wing orbit whose parity is changed).
    fn score(&self, stage: usize, masks: &[Masks], flips: u8) -> u32 {
        let mut h = 0;
        for (orbit, m) in self.orbits.iter().zip(masks) {
            let d = orbit.tables[stage][orbit.coord(stage, m)];
            h += if d == UNREACHED { 64 } else { u32::from(d) };
        }
        if stage == 1 {
            h += flips.count_ones();
        }
        h
    }

    /// The turns that bring `start` nearest the stage's goal, by a beam search `width` states
    /// wide: those to the goal if it is found, else to the best state found before the best
    /// stopped improving for [`PATIENCE`] turns (or [`MAX_DEPTH`] were made).
    pub(crate) fn search(
        &self,
        stage: usize,
        start: Vec<Masks>,
        flips: u8,
        width: usize,
    ) -> Result<Vec<usize>, SolveError> {
        Ok(self
            .ends(stage, start, flips, width, 1)?
            .pop()
            .unwrap_or_default())
    }

    /// As [`Staged::search`], but where the beam reaches the goal, up to `want` of the
    /// states at the goal in the first layer that has any, best first (the first is
    /// [`Staged::search`]'s); else the one nearest.
    pub(crate) fn ends(
        &self,
        stage: usize,
        start: Vec<Masks>,
        flips: u8,
        width: usize,
        want: usize,
    ) -> Result<Vec<Vec<usize>>, SolveError> {
        let mut zeros: Vec<u32> = Vec::new();
        let mut best = (self.score(stage, &start, flips), None::<u32>);
        let mut record: Vec<(Option<u32>, u16)> = Vec::new();
        let path = |record: &[(Option<u32>, u16)], mut at: Option<u32>| {
            let mut out = Vec::new();
            while let Some(i) = at {
                let (parent, t) = record[i as usize];
                out.push(t as usize);
                at = parent;
            }
            out.reverse();
            out
        };
        let mut beam = vec![Node {
            masks: start,
            flips,
            at: None,
            last: None,
        }];
        let mut seen = HashSet::new();
        let mut child = vec![[0u32; 3]; self.orbits.len()];
        let mut since = 0;
        for _ in 0..MAX_DEPTH {
            if best.0 == 0 || since >= PATIENCE {
                break;
            }
            crate::base::cancel::check()?;
            let mut kids: Vec<(u32, u64, u32, u16)> = Vec::new();
            for (b, node) in beam.iter().enumerate() {
                for &t in &self.allowed[stage] {
                    let turn = &self.turns[t];
                    if let Some(l) = node.last.map(|l| &self.turns[l])
                        && l.axis == turn.axis
                        && l.block >= turn.block
                    {
                        continue;
                    }
                    for ((c, m), orbit) in child.iter_mut().zip(&node.masks).zip(&self.orbits) {
                        *c = moved(&orbit.perms[t], m);
                    }
                    let f = node.flips ^ turn.flips;
                    let h = self.score(stage, &child, f);
                    kids.push((h, hash(&child, f), b as u32, t as u16));
                }
            }
            kids.sort_unstable();
            since += 1;
            let mut next = Vec::with_capacity(width);
            for (h, key, b, t) in kids {
                if next.len() == width {
                    break;
                }
                if !seen.insert(key) {
                    continue;
                }
                let node = &beam[b as usize];
                let t = t as usize;
                let masks = node
                    .masks
                    .iter()
                    .zip(&self.orbits)
                    .map(|(m, orbit)| moved(&orbit.perms[t], m))
                    .collect();
                record.push((node.at, t as u16));
                let at = Some(record.len() as u32 - 1);
                if h < best.0 {
                    best = (h, at);
                    since = 0;
                }
                if h == 0 && zeros.len() < want {
                    zeros.extend(at);
                }
                next.push(Node {
                    masks,
                    flips: node.flips ^ self.turns[t].flips,
                    at,
                    last: Some(t),
                });
            }
            if next.is_empty() {
                break;
            }
            beam = next;
        }
        if zeros.is_empty() {
            return Ok(vec![path(&record, best.1)]);
        }
        Ok(zeros.iter().map(|&at| path(&record, Some(at))).collect())
    }
}

/// A hash of a state (two states with one hash are taken as one: a rare loss of a state,
/// never a wrong answer).
fn hash(masks: &[Masks], flips: u8) -> u64 {
    let mut h = u64::from(flips).wrapping_add(0x9e37_79b9_7f4a_7c15);
    for m in masks.iter().flatten() {
        h = (h ^ u64::from(*m))
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
    }
    h
}

/// The beam's width: on the 5×5×5 a width of 1,000 left the centres twice as long.
const WIDTH: usize = 4000;

/// The sizes whose centres are built by stages: on the 6×6×6 to 9×9×9 the stages, finished
/// greedily, made the centres longer than the greedy alone (397.8 moves against 304.5 on ten
/// 6×6×6 states, 750.8 against 504.2 on the 7×7×7, at widths 4,000 and 1,000), and those
/// sizes are built by a beam over the greedy's steps instead ([`centres::greedy_beam`]).
pub(crate) const SIZES: std::ops::RangeInclusive<usize> = 5..=5;

/// Each stage's classes of colours: stage 1 U and D apart from the rest, stage 2 each axis's
/// pair, stage 3 each face.
fn class(stage: usize, face: Face) -> u8 {
    match stage {
        0 => u8::from(pair_of(face) == 0),
        1 => pair_of(face) as u8,
        _ => face.index() as u8,
    }
}

/// Brings every centre sticker home: on the sizes of [`SIZES`] by stages ([`solve`]), on
/// the 6×6×6 by class-level staging (`classes.rs`), else on the 6×6×6 to 9×9×9 by each of the size's ways — a beam over the greedy's steps
/// ([`centres::greedy_beam`]), as a 5×5×5's, from the inside out — the shortest kept
/// ([`grouped::big_centres`]), else —
/// or should either leave the centres unfinished, from the state before it — greedily
/// ([`centres::greedy`]).
pub(crate) fn centres(work: &mut Work<'_>) -> Result<(), SolveError> {
    let n = work.tables.model.n;
    let (stickers, made) = (work.stickers.clone(), work.made.len());
    if SIZES.contains(&n) && solve(work)? {
        return Ok(());
    }
    work.stickers.clone_from(&stickers);
    work.made.truncate(made);
    // The 6×6×6 by class-level staging (`classes.rs`: about 70 moves against about 165 by
    // the other ways), which are tried only should it fall short.
    if classes::centres(work)? {
        return Ok(());
    }
    work.stickers = stickers;
    work.made.truncate(made);
    if let Some((width, k)) = centres::beam_of(n)
        && grouped::big_centres(work, width, k, &small)?
    {
        return Ok(());
    }
    centres::greedy(work)
}

/// Brings a smaller cube's centres home for a bigger one whose grouped layers turn as it
/// (`inner.rs`, `grouped.rs`), keeping each wing orbit's parity: the 6×6×6's by the class
/// steps (`classes.rs`), the others' by the three stages ([`solve`]). Whether they are home.
pub(crate) fn small(work: &mut Work<'_>) -> Result<bool, SolveError> {
    if work.tables.model.n == classes::N {
        classes::centres(work)
    } else {
        solve(work)
    }
}

/// Brings every centre sticker home by the three stages, keeping each wing orbit's parity:
/// each stage a beam search, finished greedily (`centres.rs`) by the short sequences and
/// three-cycles that bring the most stickers to a place of their stage's class. `Ok(false)`
/// (with some turns made) if a stage is left unfinished.
pub(crate) fn solve(work: &mut Work<'_>) -> Result<bool, SolveError> {
    let mut flips = 0u8;
    for stage in 0..3 {
        if !run_stage(work, stage, &mut flips)? {
            return Ok(false);
        }
    }
    Ok(flips == 0)
}

/// Whether the stages are searched by IDA* (`first.rs`, `home.rs`) before the beam: on a
/// size with two centre orbits, the 5×5×5.
fn searched(model: &Model) -> bool {
    model.n == 5 && model.centre_orbits.len() == 2
}

/// The last stage's searched tables on a size with two centre orbits (the 5×5×5), made on
/// first use and kept.
fn home_of(model: &Model) -> Option<&'static home::Home> {
    static HOME: OnceLock<home::Home> = OnceLock::new();
    searched(model).then(|| HOME.get_or_init(|| home::Home::build(staged(model))))
}

/// Brings every centre sticker to a place of its stage's class: the beam's turns, in stage 2
/// the parity put back, then the greedy finish. `flips` holds the wing orbits whose parity the
/// turns so far changed. Whether the stage is finished.
fn run_stage(work: &mut Work<'_>, stage: usize, flips: &mut u8) -> Result<bool, SolveError> {
    let model = &work.tables.model;
    let staged = staged(model);
    let start = staged.masks_of(model, stage, &work.stickers);
    if stage == 1
        && searched(model)
        && let Some(turns) =
            first::First::new(staged, stage).search(([0, 1].map(|o| start[o][0]), *flips))?
    {
        for t in turns {
            *flips ^= staged.turns[t].flips;
            work.make(&staged.turns[t].moves);
        }
        return Ok(true);
    }
    if stage == 2
        && let Some(home) = home_of(model)
        && let Some(turns) = home.search(&home::Home::state(staged, &start))?
    {
        for t in turns {
            work.make(&staged.turns[t].moves);
        }
        return Ok(true);
    }
    for t in staged.search(stage, start, *flips, WIDTH)? {
        *flips ^= staged.turns[t].flips;
        work.make(&staged.turns[t].moves);
    }
    if stage == 1 {
        // The parity the beam left changed: an inner layer's quarter-turn that keeps U and
        // D's set for each such wing orbit (the greedy's sequences keep parity).
        for (o, fix) in staged.fixes.iter().enumerate() {
            if *flips & (1 << o) != 0 {
                let Some(fix) = fix else {
                    return Ok(false);
                };
                work.make(&[*fix]);
                *flips ^= 1 << o;
            }
        }
    }
    centres::greedy_by(work, &|f| class(stage, f))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::{parities, work_on};
    use crate::solve::search::reduction::{random, write};
    use crate::state::cube::Cube;
    use rand::{RngExt, SeedableRng};

    /// Whether every centre sticker of `work` is in a place of its stage's class.
    fn stage_done(work: &Work<'_>, stage: usize) -> bool {
        let g = Geometry::of(work.model().n);
        work.model()
            .centre_orbits
            .iter()
            .flatten()
            .all(|&i| class(stage, work.stickers[i]) == class(stage, g.face_of(i)))
    }

    /// Stage turn `t` made on every orbit's masks.
    fn turn_masks(staged: &Staged, t: usize, masks: &mut [Masks]) {
        for (orbit, m) in staged.orbits.iter().zip(masks.iter_mut()) {
            *m = moved(&orbit.perms[t], m);
        }
    }

    #[test]
    fn each_stage_of_the_5x5x5_centres_reaches_its_goal_and_the_last_keeps_the_wings_parity() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5555);
        for _ in 0..3 {
            let mut work = work_on(5, &random::random_state(5, &mut rng));
            let before = parities(&work);
            let mut flips = 0;
            for stage in 0..3 {
                assert!(run_stage(&mut work, stage, &mut flips).unwrap());
                assert!(stage_done(&work, stage), "stage {stage}");
                // Each stage keeps what the ones before it did.
                assert!((0..stage).all(|s| stage_done(&work, s)), "stage {stage}");
            }
            assert_eq!(flips, 0);
            assert_eq!(parities(&work), before);
        }
    }

    #[test]
    fn staged_5x5x5_centres_are_home_on_the_sticker_model_and_shorter_than_the_greedy_ones() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5556);
        let (mut staged_moves, mut greedy_moves) = (0, 0);
        for _ in 0..4 {
            let cube = random::random_state(5, &mut rng);
            let mut work = work_on(5, &cube);
            let mut other = work_on(5, &cube);
            let start = Cube::from_stickers(5, work.stickers.clone()).unwrap();
            assert!(solve(&mut work).unwrap());
            centres::greedy(&mut other).unwrap();
            let written = write::write(5, &write::merge(5, &work.made));
            staged_moves += written.len();
            greedy_moves += write::write(5, &write::merge(5, &other.made)).len();
            // The turns written in WCA notation, made on the cube's own sticker model.
            let mut turned = start;
            turned.apply_all(&written).unwrap();
            let g = Geometry::of(5);
            for &i in work.model().centre_orbits.iter().flatten() {
                assert_eq!(turned.stickers()[i], g.face_of(i));
            }
        }
        // The stages searched by IDA* (the last two) make them less than a third as long.
        assert!(
            staged_moves * 3 < greedy_moves,
            "staged {staged_moves}, greedy {greedy_moves}"
        );
    }

    #[test]
    fn every_stage_table_is_zero_at_its_goal_and_each_stage_turn_changes_it_by_at_most_one() {
        let model = &crate::solve::search::reduction::cycles::tables(5).model;
        let staged = staged(model);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5557);
        for stage in 0..3 {
            let goal = staged.masks_of(model, stage, Cube::solved_n(5).stickers());
            assert_eq!(staged.score(stage, &goal, 0), 0, "stage {stage}");
            let allowed = &staged.allowed[stage];
            let mut masks = goal;
            for _ in 0..2000 {
                let t = allowed[rng.random_range(0..allowed.len())];
                for (orbit, m) in staged.orbits.iter().zip(masks.iter_mut()) {
                    let next = moved(&orbit.perms[t], m);
                    let (d, e) = (
                        orbit.tables[stage][orbit.coord(stage, m)],
                        orbit.tables[stage][orbit.coord(stage, &next)],
                    );
                    assert!(d != UNREACHED && e != UNREACHED && d.abs_diff(e) <= 1);
                    *m = next;
                }
            }
        }
        assert!(staged.fixes.iter().all(Option::is_some));
    }

    #[test]
    fn the_last_stage_tables_reach_every_value_are_zero_only_at_home_and_bound_the_distance() {
        let model = &crate::solve::search::reduction::cycles::tables(5).model;
        let staged = staged(model);
        let home = home_of(model).unwrap();
        for t in &home.tables {
            // 70³ entries, each reached, one of them (home) at distance 0.
            assert_eq!(t.len(), 343_000);
            assert!(t.iter().all(|&d| d != UNREACHED));
            assert_eq!(t.iter().filter(|&&d| d == 0).count(), 1);
        }
        let goal = staged.masks_of(model, 2, Cube::solved_n(5).stickers());
        let at_home = home::Home::state(staged, &goal);
        assert_eq!(home.bound(&at_home), 0);
        // Walks of stage-3 turns from home: the bound never exceeds the turns walked, and the
        // search's answer is no longer than the walk and brings the state home.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5558);
        let allowed = &staged.allowed[2];
        for walk in 1..=7 {
            let mut masks = goal.clone();
            for _ in 0..walk {
                let t = allowed[rng.random_range(0..allowed.len())];
                turn_masks(staged, t, &mut masks);
            }
            let state = home::Home::state(staged, &masks);
            assert!(usize::from(home.bound(&state)) <= walk);
            let found = home.search(&state).unwrap().unwrap();
            assert!(found.len() <= walk, "walk {walk}: {found:?}");
            for t in found {
                turn_masks(staged, t, &mut masks);
            }
            assert_eq!(masks, goal, "walk {walk}");
        }
    }

    #[test]
    fn the_second_stage_search_finds_no_longer_a_way_than_a_walk_and_keeps_the_parity() {
        let model = &crate::solve::search::reduction::cycles::tables(5).model;
        let staged = staged(model);
        let goal = staged.masks_of(model, 1, Cube::solved_n(5).stickers());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5559);
        let allowed = &staged.allowed[1];
        for walk in 1..=6 {
            let (mut masks, mut flips) = (goal.clone(), 0u8);
            for _ in 0..walk {
                let t = allowed[rng.random_range(0..allowed.len())];
                flips ^= staged.turns[t].flips;
                turn_masks(staged, t, &mut masks);
            }
            let search = first::First::new(staged, 1);
            let found = search
                .search(([0, 1].map(|o| masks[o][0]), flips))
                .unwrap()
                .unwrap();
            assert!(found.len() <= walk, "walk {walk}: {found:?}");
            for t in found {
                flips ^= staged.turns[t].flips;
                turn_masks(staged, t, &mut masks);
            }
            assert_eq!(
                (masks[0][0], masks[1][0], flips),
                (goal[0][0], goal[1][0], 0)
            );
        }
    }

    /// Where a 5×5×5's moves go, stage by stage, on `STAGES_COUNT` (20) seeded random
    /// states: `cargo test --release --lib the_5x5x5_stage_lengths -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_5x5x5_stage_lengths() {
        let count: usize = std::env::var("STAGES_COUNT").map_or(20, |c| c.parse().unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4870);
        let three = crate::solve::search::reduction::tests::three;
        let written = |work: &Work<'_>, from: usize| {
            write::write(5, &write::merge(5, &work.made[from..])).len()
        };
        let t = std::time::Instant::now();
        home_of(&crate::solve::search::reduction::cycles::tables(5).model);
        eprintln!(
            "the last stage's tables: {:.2} s",
            t.elapsed().as_secs_f64()
        );
        let mut sums = [0usize; 7];
        let mut times = [0f64; 7];
        for _ in 0..count {
            let cube = random::random_state(5, &mut rng);
            let mut work = work_on(5, &cube);
            crate::solve::search::reduction::oll_parity(&mut work).unwrap();
            let mut flips = 0;
            let mut parts = [0usize; 7];
            for stage in 0..3 {
                let from = work.made.len();
                let t = std::time::Instant::now();
                assert!(run_stage(&mut work, stage, &mut flips).unwrap());
                parts[stage] = written(&work, from);
                times[stage] += t.elapsed().as_secs_f64();
            }
            let from = work.made.len();
            let t = std::time::Instant::now();
            crate::solve::search::reduction::edges(&mut work, None).unwrap();
            parts[3] = written(&work, from);
            times[3] += t.elapsed().as_secs_f64();
            let from = work.made.len();
            let t = std::time::Instant::now();
            work.three_by_three(&three).unwrap();
            parts[4] = written(&work, from);
            times[4] += t.elapsed().as_secs_f64();
            parts[5] = parts[..5].iter().sum();
            parts[6] = written(&work, 0);
            eprintln!("{parts:?}");
            for (s, p) in sums.iter_mut().zip(parts) {
                *s += p;
            }
        }
        let avg = sums.map(|s| s as f64 / count as f64);
        eprintln!(
            "stage 1 {:.1}, stage 2 {:.1}, stage 3 {:.1}, edges {:.1}, 3x3x3 {:.1}; \
             parts {:.1}, merged {:.1}; seconds {times:.2?}",
            avg[0], avg[1], avg[2], avg[3], avg[4], avg[5], avg[6]
        );
    }
}
