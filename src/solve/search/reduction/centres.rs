//! The centres, built greedily: while the edges are still free to move, short sequences that
//! move many centre stickers at once — a block of layers `A` with an inner layer (an inner
//! block, or a wide turn, whose outer face's centres come back) and an outer turn `B` as
//! `[A, B]`, `[B, A]` or `A B A'`, or `A` turned half-way alone or as `B A2 B'` — are worth more than three-cycles
//! that move three. Each step takes, of these and of every orbit's best three-cycle
//! (`cycles.rs`), the one that brings the most centre stickers home for its length in the
//! half-turn metric, until every centre is home. On the 6×6×6 to 9×9×9 a beam over the same
//! steps ([`greedy_beam`]) looks further: of each of the few states kept, its few best steps;
//! of all those, the states that have brought the most stickers home for their length.
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
/// (`classes` of the stickers now, `home` of the places), of those `counted` (each sequence
/// keeps every orbit, so a sticker counts where it goes if it counts where it was).
fn gain(m: &Macro, classes: &[u8], home: &[u8], counted: &[bool]) -> i32 {
    m.pairs
        .iter()
        .filter(|&&(from, _)| counted[from as usize])
        .map(|&(from, to)| {
            let c = classes[from as usize];
            i32::from(c == home[to as usize]) - i32::from(c == home[from as usize])
        })
        .sum()
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
    let scan = Scan::new(work.tables, class);
    let mut steps = Vec::new();
    loop {
        crate::base::cancel::check()?;
        let classes: Vec<u8> = work.stickers.iter().map(|&f| class(f)).collect();
        scan.steps(&classes, &mut steps);
        let Some((_, _, step)) = Scan::best(&steps) else {
            break;
        };
        work.make(&scan.moves(step));
    }
    Ok(scan.finished(&work.stickers.iter().map(|&f| class(f)).collect::<Vec<_>>()))
}

/// One step of the greedy: a sequence (its index) or an orbit's three-cycle.
#[derive(Clone, Copy)]
enum Step {
    Macro(usize),
    Cycle(usize, (usize, usize, usize)),
}

/// A step with the stickers it brings to a place of their class and its cost.
type Scored = (i32, u32, Step);

/// What the greedy weighs: the sequences, the wanted classes of each place and of each
/// orbit's places.
struct Scan<'a> {
    tables: &'a SizeTables,
    macros: &'a Macros,
    home: Vec<u8>,
    want: Vec<Vec<u8>>,
    /// The sequences it may take (indices into `macros.list`).
    allowed: Vec<usize>,
    /// The centre orbits it brings home (indices into `model.centre_orbits`).
    orbits: Vec<usize>,
    /// Whether each sticker counts (it is in one of `orbits`).
    counted: Vec<bool>,
}

/// What a beam over the greedy's steps works on: the centre orbits it brings home (the
/// others not counted, and finished or not as they are) and the stickers it must not move
/// (its sequences moving any of them are left out; three-cycles move only their own orbit).
pub(crate) struct Focus {
    /// The centre orbits brought home (indices into the model's `centre_orbits`).
    pub orbits: Vec<usize>,
    /// Whether each sticker is kept in its place.
    pub kept: Vec<bool>,
}

impl Focus {
    /// Every centre orbit, nothing kept.
    pub(crate) fn all(tables: &SizeTables) -> Focus {
        let model = &tables.model;
        Focus {
            orbits: (0..model.centre_orbits.len()).collect(),
            kept: vec![false; model.forward[0].len()],
        }
    }
}

impl Scan<'_> {
    /// The scan of `tables`' size for the classes `class`.
    fn new<'a>(tables: &'a SizeTables, class: &dyn Fn(Face) -> u8) -> Scan<'a> {
        Scan::focused(tables, class, &Focus::all(tables))
    }

    /// The scan of `tables`' size for the classes `class`, on `focus`.
    fn focused<'a>(tables: &'a SizeTables, class: &dyn Fn(Face) -> u8, focus: &Focus) -> Scan<'a> {
        let model = &tables.model;
        let macros = macros(model.n);
        let g = Geometry::of(model.n);
        let mut counted = vec![false; model.forward[0].len()];
        for &o in &focus.orbits {
            for &i in &model.centre_orbits[o] {
                counted[i] = true;
            }
        }
        let allowed = (0..macros.list.len())
            .filter(|&k| {
                macros.list[k]
                    .pairs
                    .iter()
                    .all(|&(from, _)| !focus.kept[from as usize])
            })
            .collect();
        Scan {
            tables,
            macros,
            home: macros.home.iter().map(|&f| class(f)).collect(),
            want: model
                .centre_orbits
                .iter()
                .map(|orbit| orbit.iter().map(|&i| class(g.face_of(i))).collect())
                .collect(),
            allowed,
            orbits: focus.orbits.clone(),
            counted,
        }
    }

    /// Whether every counted centre sticker's class (`classes`) is its place's.
    fn finished(&self, classes: &[u8]) -> bool {
        let orbits = &self.tables.model.centre_orbits;
        self.orbits
            .iter()
            .flat_map(|&o| &orbits[o])
            .all(|&i| classes[i] == self.home[i])
    }

    /// Every step that brings stickers to places of their class, as `(gain, cost, step)`:
    /// each sequence with a gain and each orbit's best three-cycle.
    fn steps(&self, classes: &[u8], out: &mut Vec<Scored>) {
        out.clear();
        for &k in &self.allowed {
            let m = &self.macros.list[k];
            let gain = gain(m, classes, &self.home, &self.counted);
            if gain > 0 {
                out.push((gain, m.cost, Step::Macro(k)));
            }
        }
        for &o in &self.orbits {
            let orbit = &self.tables.model.centre_orbits[o];
            let have: Vec<u8> = orbit.iter().map(|&i| classes[i]).collect();
            if let Some((t, cost, gain)) = best_cycle(&self.tables.cycles[o], &have, &self.want[o])
            {
                out.push((gain as i32, cost, Step::Cycle(o, t)));
            }
        }
    }

    /// The step of `steps` that brings the most for its length (a three-cycle before a
    /// sequence that brings as much).
    fn best(steps: &[Scored]) -> Option<Scored> {
        let mut best: Option<Scored> = None;
        for &(g, c, s) in steps {
            let ahead = match best {
                None => true,
                Some((bg, bc, _)) => i64::from(g) * i64::from(bc) > i64::from(bg) * i64::from(c),
            };
            if ahead {
                best = Some((g, c, s));
            }
        }
        best
    }

    fn moves(&self, step: Step) -> Vec<LayerMove> {
        match step {
            Step::Macro(k) => self.macros.list[k].moves.clone(),
            Step::Cycle(o, (q, p, r)) => self.tables.cycle(o, q, p, r),
        }
    }

    /// The classes after `step`.
    fn after(&self, classes: &[u8], step: Step) -> Vec<u8> {
        let mut out = classes.to_vec();
        match step {
            Step::Macro(k) => {
                for &(from, to) in &self.macros.list[k].pairs {
                    out[to as usize] = classes[from as usize];
                }
            }
            Step::Cycle(..) => {
                let at = self.tables.model.positions_after(&self.moves(step));
                for &i in self.tables.model.centre_orbits.iter().flatten() {
                    out[at[i] as usize] = classes[i];
                }
            }
        }
        out
    }
}

/// The beam [`greedy_beam`] searches on the 6×6×6 to 9×9×9: how many states it keeps and
/// how many steps of each it tries, `(width, k)` — as wide as keeps a solve within a couple
/// of seconds (on four random states of the 6×6×6 and 7×7×7 and three of the 8×8×8 and
/// 9×9×9, 32 × 8 made the 6×6×6's centres 24% shorter than the greedy alone, 32 × 4 the
/// 7×7×7's 16%, 8 × 4 the 8×8×8's 14% and the 9×9×9's 10%; wider beams gained little more).
pub(crate) fn beam_of(n: usize) -> Option<(usize, usize)> {
    match n {
        6 => Some((32, 8)),
        7 => Some((32, 4)),
        8 | 9 => Some((8, 4)),
        _ => None,
    }
}

/// What a beam over scored steps searches: the steps from a state, each with what it gains
/// and costs, the state after one, whether a state is finished and a step's turns. The
/// greedy's classes ([`greedy_beam_on`]) and the coherence's blocks (`coherence.rs`) are
/// searched by the one [`beam_on`].
pub(crate) trait BeamSpace {
    type State: Clone + Eq + std::hash::Hash;
    type Step: Copy;
    /// Every step from `state` that gains, as `(gain, cost, step)`, in the greedy's order.
    fn scored(&self, state: &Self::State, out: &mut Vec<(i32, u32, Self::Step)>);
    /// The state after `step`.
    fn after(&self, state: &Self::State, step: Self::Step) -> Self::State;
    /// Whether `state` is where the search ends.
    fn finished(&self, state: &Self::State) -> bool;
    /// The step's single-layer turns.
    fn moves(&self, step: Self::Step) -> Vec<LayerMove>;
}

/// A state of [`beam_on`]: the state, what it gained and cost so far, and its last step (an
/// index into the record).
struct Kept<S> {
    state: S,
    gained: i64,
    cost: i64,
    at: Option<u32>,
}

/// A beam over `space`'s steps from `start` (`work`'s state): from each of the `width` best
/// states the `k` steps that gain the most for their cost, the states ranked by what they
/// gained for their cost so far (ties in the order the steps came), a state met before
/// dropped. The cheapest finished state's steps are made on `work`. Whether one finished.
pub(crate) fn beam_on<B: BeamSpace>(
    work: &mut Work<'_>,
    space: &B,
    start: B::State,
    (width, k): (usize, usize),
) -> Result<bool, SolveError> {
    let mut record: Vec<(Option<u32>, B::Step)> = Vec::new();
    let mut beam = vec![Kept {
        state: start,
        gained: 0,
        cost: 0,
        at: None,
    }];
    let mut done: Option<(i64, Option<u32>)> = None;
    let mut steps = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while !beam.is_empty() {
        crate::base::cancel::check()?;
        let mut kids: Vec<(i64, i64, usize, B::Step)> = Vec::new();
        for (b, state) in beam.iter().enumerate() {
            space.scored(&state.state, &mut steps);
            // The best ratio first, ties in the greedy's order.
            steps.sort_by(|a, b| {
                (i64::from(b.0) * i64::from(a.1)).cmp(&(i64::from(a.0) * i64::from(b.1)))
            });
            for &(gain, cost, step) in steps.iter().take(k) {
                let (gained, cost) = (state.gained + i64::from(gain), state.cost + i64::from(cost));
                if done.is_none_or(|(c, _)| cost < c) {
                    kids.push((gained, cost, b, step));
                }
            }
        }
        kids.sort_by(|a, b| (b.0 * a.1).cmp(&(a.0 * b.1)));
        let mut next = Vec::with_capacity(width);
        for (gained, cost, b, step) in kids {
            if next.len() == width {
                break;
            }
            let kept = &beam[b];
            let state = space.after(&kept.state, step);
            if !seen.insert(state.clone()) {
                continue;
            }
            record.push((kept.at, step));
            let at = Some(record.len() as u32 - 1);
            if space.finished(&state) {
                if done.is_none_or(|(c, _)| cost < c) {
                    done = Some((cost, at));
                }
                continue;
            }
            next.push(Kept {
                state,
                gained,
                cost,
                at,
            });
        }
        beam = next;
    }
    let Some((_, mut at)) = done else {
        return Ok(false);
    };
    let mut path = Vec::new();
    while let Some(i) = at {
        let (parent, step) = record[i as usize];
        path.push(step);
        at = parent;
    }
    for &step in path.iter().rev() {
        work.make(&space.moves(step));
    }
    Ok(true)
}

impl BeamSpace for Scan<'_> {
    type State = Vec<u8>;
    type Step = Step;
    fn scored(&self, classes: &Vec<u8>, out: &mut Vec<Scored>) {
        self.steps(classes, out);
    }
    fn after(&self, classes: &Vec<u8>, step: Step) -> Vec<u8> {
        Scan::after(self, classes, step)
    }
    fn finished(&self, classes: &Vec<u8>) -> bool {
        Scan::finished(self, classes)
    }
    fn moves(&self, step: Step) -> Vec<LayerMove> {
        Scan::moves(self, step)
    }
}

/// The centres by a beam over the greedy's steps: from each of the `width` best states, the
/// `k` steps that bring the most for their length; states ranked by what they brought for
/// their length so far. Returns the steps' moves of the cheapest finished state.
pub(crate) fn greedy_beam(
    work: &mut Work<'_>,
    class: &dyn Fn(Face) -> u8,
    width: usize,
    k: usize,
) -> Result<bool, SolveError> {
    greedy_beam_on(work, class, width, k, &Focus::all(work.tables))
}

/// [`greedy_beam`] on `focus`: its orbits brought home, its kept stickers never moved.
/// Whether its orbits are then home.
pub(crate) fn greedy_beam_on(
    work: &mut Work<'_>,
    class: &dyn Fn(Face) -> u8,
    width: usize,
    k: usize,
    focus: &Focus,
) -> Result<bool, SolveError> {
    let scan = Scan::focused(work.tables, class, focus);
    let start = work.stickers.iter().map(|&f| class(f)).collect();
    if !beam_on(work, &scan, start, (width, k))? {
        return Ok(false);
    }
    Ok(scan.finished(&work.stickers.iter().map(|&f| class(f)).collect::<Vec<_>>()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::{parities, work_on};
    use crate::solve::search::reduction::{random, staged, write};
    use crate::state::cube::Cube;
    use rand::SeedableRng;

    #[test]
    fn a_beam_one_state_wide_trying_one_step_a_state_makes_the_greedys_moves() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4860);
        for n in [5, 6, 7] {
            let cube = random::random_state(n, &mut rng);
            let (mut beam, mut greedy) = (work_on(n, &cube), work_on(n, &cube));
            assert!(greedy_beam(&mut beam, &|f| f.index() as u8, 1, 1).unwrap());
            super::greedy(&mut greedy).unwrap();
            assert_eq!(beam.made, greedy.made, "n {n}");
        }
    }

    #[test]
    fn the_6x6x6_to_9x9x9_centres_are_home_on_the_sticker_model_keep_parity_and_beat_the_greedy() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4861);
        for (n, count) in [(6, 2), (7, 2), (8, 1), (9, 1)] {
            let (mut searched, mut greedy) = (0, 0);
            for _ in 0..count {
                let cube = random::random_state(n, &mut rng);
                let (mut work, mut other) = (work_on(n, &cube), work_on(n, &cube));
                let start = Cube::from_stickers(n, work.stickers.clone()).unwrap();
                let before = parities(&work);
                staged::centres(&mut work).unwrap();
                super::greedy(&mut other).unwrap();
                assert_eq!(parities(&work), before, "n {n}");
                let written = write::write(n, &write::merge(n, &work.made));
                searched += written.len();
                greedy += write::write(n, &write::merge(n, &other.made)).len();
                // The moves written in WCA notation, made on the cube's own sticker model.
                let mut turned = start;
                turned.apply_all(&written).unwrap();
                let g = Geometry::of(n);
                for &i in work.model().centre_orbits.iter().flatten() {
                    assert_eq!(turned.stickers()[i], g.face_of(i), "n {n}");
                }
            }
            eprintln!("{n}: searched {searched}, greedy {greedy}");
            assert!(
                searched < greedy,
                "n {n}: searched {searched}, greedy {greedy}"
            );
        }
    }
}
