//! The 4×4×4 by searched phases, in the manner of Tsai's reduction and TPR-4x4x4: in each
//! of `HOLDINGS` holdings of the cube (U–D, F–B and R–L brought onto the U–D axis, as TPR
//! tries all three; one for now), many solutions of phase 1 (U and D stickers onto U and D), the best kept, and,
//! in order of total length across the holdings, solutions of phase 2 (R and L onto R and L, the wings'
//! permutation even) whose end G3 can finish (`enumerate.rs`); then from all those ends of
//! the holdings at once, by increasing total length, the last phase, every centre home
//! and every edge paired inside G3 (`g3.rs`, `last.rs`), pruned by a full-depth table of all
//! twelve edges' pairing (`edge3.rs`); up to `FINISHES` reductions of the least length are
//! each finished by the 3×3×3 solver after 100 probes, the shortest finished again with
//! 15,000, and the shortest whole kept (`finish.rs`; the holding's
//! rotation written first). A round that finds nothing is followed by one with larger budgets
//! (`ROUNDS`). Where every round's budgets run out, the centres are finished by a third
//! centre phase and the edges paired greedily by short conjugates (`centres.rs`,
//! `edges.rs`), the 3×3×3 parity fixed where the reduced cube has it.
//!
//! Where the time goes (`perf record` on the benchmark): about a third at the last phase's
//! random reads of the pairing table, nearly a third computing its coordinate, a tenth in
//! the phase-2 enumeration. So each node of both computes all its children's entries and
//! prefetches them before reading any (the same nodes in the same order: the answers are
//! unchanged, about 1.5 times faster at a load of 1.5, more under load), and the pairing
//! coordinate counts bits from a table. Then (`callgrind` on the benchmark's first 3 states,
//! instructions inside `solve`): a phase-2 end is checked from phase 1's end rather than
//! replayed from the start, the coordinate's conjugation is fused into its ranking, and
//! phase 3's children are kept in small arrays, 47.0 billion instructions to 40.5; and the
//! two place-map compositions of each child (its turn, the symmetry's conjugation) are two
//! byte shuffles each where the CPU has SSSE3, 35.0 billion (a quarter fewer than before
//! either). The same nodes again, the same answers — but no faster by the clock that could
//! be seen at a load of 5 to 7 (a median of 543 ms against 552 ms for main's build, and
//! 760 ms against 715 ms in the other order): the misses, not the instructions, set the time.
//!
//! Where the time goes now (the benchmark's 50 states with each part timed, at a load of
//! about 8, so by the clock only roughly): phases 1 and 2's enumeration 15 %, the last
//! phase 59 % (about 80 % of its nodes at the total where the first reduction is found,
//! a third of those the `MORE_NODES` after it; the centres' and pairing's bounds start one
//! to five turns under that total), the finishes 25 % with seven finishes a reduction and
//! the four shortest again after 3,000 probes — a third of that with one a reduction and the
//! two shortest again, the same 45.0 moves (`finish.rs`; 11 % less CPU time over the 50
//! states in all). Three holdings (`HOLDINGS`, the last phase's budgets three times as
//! large) took 44.7 moves on those 50 states, none out of budget, at 1.8 times the CPU time
//! of one; the last phase's nodes after the first reduction cut from 200,000 to 50,000,
//! 45.1 moves at 4 % less; ten reductions and the three shortest again, 45.0 at 18 % more.
//!
//! Tried and dropped (commit 7dd701a, reverted): a sharper last-phase bound from three
//! centre-and-edge tables, each two axes' centres, the bit, and one edge's two wing places
//! (70²·2·144 entries of a byte, 4.2 MB for the three), every edge place read from one
//! 144-byte row of each and the largest taken with the other bounds. Admissible, and 44 %
//! fewer last-phase nodes (26.0 million against 45.8 million on the benchmark's 50 states,
//! the same 45.0 moves; 10.8 million against 19.3 million on its first 12, both 45.2), but
//! no less CPU time: 23.2 s and 20.3 s of user time for the 12 against 18.2 s and 21.9 s
//! without (one binary, `CUBEWORK_FOUR_PAIRS=0`, runs alternated at a load of 11 to 16).
//! Each child read nine more cache lines, not prefetched; a table joining all three axes
//! to one edge (98.8 million entries) would not fit the 30 MB.
//!
//! Measured and not kept (the settings changed for the run only; the benchmark's 50 states,
//! `big_cubes -- solve`, moves exact, CPU time as `time`'s user seconds of the run at a load
//! of 5 to 9, so only roughly; main's settings 45.0 moves, 37.5 s): twenty reductions at the
//! least total and one more, the last phase going on a total past the first within
//! `MORE_NODES`, 45.0 at 4 % more; three holdings with the last phase's budgets as one
//! holding's, 44.6 (25.9 to reduce) at 73 s, tripled 44.7 at 70 s, and the best 100 or 150
//! starts of the three kept, 44.6 at 72 and 75 s; three holdings each with a third of the
//! phase-1 solutions and starts, 45.0 at 61 s; the last phase's budgets doubled in one
//! holding, 45.1 at 31 s (fewer first rounds run out); doubled in three holdings, each with
//! half the starts, 44.7 at 58 s, a third, 44.8 at 56 s; two holdings (U–D, F–B), half the
//! starts each, 44.9 at 50 s; three holdings with half the starts and 40 % of the
//! enumeration's nodes each, 45.0 at 50 s (a third of both, 45.1 at 52 s). Run one after
//! the other (31.4 s for main's build), the budgets doubled in one holding with the four
//! shortest finished again took 45.0 at 31.6 s (with the two, 45.1; three, 45.1): no gain.
//! Each part timed on the first 12 states: the enumeration asks
//! each holding for 100 starts and mostly finds fewer than 50 (0 to 99, its 4 million nodes
//! or its lengths spent first), so a holding costs its enumeration whatever is kept of it; and a round that runs out (4 of the 13
//! solves' first rounds) is thrown away whole, the next starting again from nothing.
//!
//! Both measured since (the same way, 30 November, 22:40–23:30 UTC, a load of 7 to 11;
//! main's settings 45.0 moves, 36.1 s): phase 2 is now enumerated over all the holdings at
//! once (`enumerate::phase2`), in order of total length across them, with one node budget and
//! one count of starts (one holding: the same nodes, the same answers). Three holdings so,
//! with the last phase's budgets as one holding's, took 44.9 moves at 51.1 s: the shared 4
//! million nodes, spent at the three holdings' least totals first, found fewer starts (often
//! 8 to 24), and twice as many states needed a second round (14 against 7) and two a third;
//! with 12 million nodes for the three, 44.7 at 75.3 s; 8 million and the last phase's
//! budgets doubled, 44.9 at 53.5 s. So `HOLDINGS` stays 1. A round that went on from the one
//! before (its starts, each by its holding, state and length, not searched again below the
//! total where its budget ran out) took the same moves at 35.8 s against 36.1 s (three
//! holdings, 50.8 s against 51.1 s): not kept. More reductions ranked by a closer estimate of
//! their 3×3×3 are (`FINISHES`, `finish.rs`): 44.9 moves at about a tenth more CPU time.
//! Each figure: `big_cubes -- solve` of the 50 states, the settings changed for the run only.
//!
//! Measured since (1 December, 01:49–02:35 UTC, a load average of 7 to 15; the 50 states'
//! `big_cubes -- solve` under `/usr/bin/time`, two runs at once, side by side, the settings
//! changed for the run only): main's settings took 44.9 moves at 43.9 s, 40.0 s and 42.6 s
//! of user time in three pairs. The starts of the largest bound first at each total (the
//! cheapest searches first, so that the first reduction might come sooner): 44.9 at 54.2 s
//! (beside main's 43.9 s). Reductions at the least total and one more (the last phase going
//! on a total past the first within `MORE_NODES`), twelve or twenty-four of them ranked by
//! the 100-probe finish: 44.9 at 45.2 s and 45.3 s, no shorter to one decimal.
//! `MORE_NODES` 50,000: 44.9 at 36.7 s and 40.1 s beside main's 40.0 s and 42.6 s, about
//! 7 % less, but to two decimals (`solve --size 4 --threads 1 --batch` of the 50 states)
//! 44.90 against main's 44.86, two moves longer in all; 100,000, 44.9 at 40.4 s (not beside
//! main's), 44.88. None kept. Not built, for lack of time: ranking by the two-phase solver's
//! phase-1 bound instead of 100 probes (by `finish.rs`'s 6 µs a probe the twelve rankings
//! cost about 7 ms a solve: the last phase, not the ranking, is where the time goes).
//!
//! The tables (19.0 MB) are in the cache (`four.bin`, [`table_file`]), built on first use
//! in under a minute. Every run of turns about one axis is merged and written in WCA
//! notation, as the reduction writes its answers.

mod centres;
mod edge3;
mod edges;
mod enumerate;
mod file;
mod finish;
mod g3;
mod last;
mod moves;
pub(crate) mod tables;

pub use file::{FORMAT_VERSION, table_file};

use std::path::Path;

use crate::base::table_cache::CacheReport;
use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::reduction::Reduced;
use crate::solve::search::reduction::model::LayerMove;
use crate::state::cube::Cube;
use crate::turn::moves::{FaceMove, Move, PaperAxis};
use moves::{Moves, N};

/// The solver's model and tables.
pub struct FourTables {
    moves: Moves,
    phases: tables::Phases,
    tables: tables::Tables,
}

impl FourTables {
    /// Loads the tables from the cache in `dir`, or builds them (`progress` hears how far)
    /// and saves them there; with how they were obtained. An error if Ctrl-C stopped the
    /// build, within a fraction of a second (nothing is saved then; a build that finished is).
    pub fn load_or_build_in(
        dir: Option<&Path>,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(FourTables, CacheReport), crate::base::cancel::Cancelled> {
        let moves = Moves::new();
        let phases = tables::Phases::new(&moves);
        let (tables, report) = file::load_or_build_in(&moves, &phases, dir, progress)?;
        Ok((
            FourTables {
                moves,
                phases,
                tables,
            },
            report,
        ))
    }

    /// Checks a payload of the tables' cache file ([`table_file`]) as a load does, trusting
    /// nothing: `tables check` reads the file through this.
    pub fn check_payload(bytes: &[u8]) -> Result<(), String> {
        let moves = Moves::new();
        let phases = tables::Phases::new(&moves);
        tables::Tables::from_payload(bytes, &moves, &phases).map(|_| ())
    }

    /// The tables' size in bytes.
    pub fn bytes(&self) -> usize {
        tables::SIZES.iter().sum::<usize>() + edge3::BYTES
    }
}

/// The PLL parity fix: `2R2 U2 2R2 Uw2 2R2 Uw2`, which swaps two paired edges and keeps
/// the centres.
fn pll_parity() -> Vec<LayerMove> {
    let r = LayerMove {
        axis: PaperAxis::X,
        layer: 2,
        quarters: 2,
    };
    let u = |w: usize| {
        (0..w).map(|layer| LayerMove {
            axis: PaperAxis::Z,
            layer,
            quarters: 2,
        })
    };
    let mut out = vec![r];
    out.extend(u(1));
    out.push(r);
    out.extend(u(2));
    out.push(r);
    out.extend(u(2));
    out
}

/// The solving state: the stickers and the single-layer turns made.
struct Work<'a> {
    t: &'a FourTables,
    stickers: Vec<crate::turn::face::Face>,
    made: Vec<LayerMove>,
}

impl Work<'_> {
    fn make(&mut self, layers: &[LayerMove]) -> usize {
        for &m in layers {
            self.t.moves.model.apply(&mut self.stickers, m);
        }
        self.made.extend_from_slice(layers);
        layers.len()
    }

    fn turns(&mut self, turns: &[usize]) -> usize {
        let layers: Vec<LayerMove> = turns
            .iter()
            .flat_map(|&t| self.t.moves.turns[t].layers())
            .collect();
        self.make(&layers)
    }

    /// The 3×3×3 the reduced cube is (corners, one wing of each edge, one centre sticker of
    /// each face).
    fn small(&self) -> Result<Cube, SolveError> {
        let g = crate::state::geometry::Geometry::of(N);
        let mut small = Vec::with_capacity(54);
        for face in crate::turn::face::Face::ALL {
            for r in [0, 1, N - 1] {
                for c in [0, 1, N - 1] {
                    small.push(self.stickers[g.index(face, r, c)]);
                }
            }
        }
        Cube::from_stickers(3, small)
            .map_err(|_| SolveError::Unreachable("a reduced 4×4×4 that reads as a 3×3×3"))
    }
}

/// How many solves since the program started paired the edges greedily, the searched
/// phases having found nothing within their budgets.
pub static FALLBACKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many phase-1 solutions the enumeration finds, how many lengths past the shortest,
/// and how many of them (the least length and phase-2 distance after) it goes on from.
const FIRSTS: (usize, u8, usize) = (1000, 2, 200);
/// The rounds of the searched phases, each tried where the one before found nothing: how
/// many starts of the last phase the enumeration looks for in each holding (of the shortest
/// total length and two more; with three holdings, 50 each in the first round gave the
/// same length as 100 each at nine tenths of the time), the nodes the enumeration may visit, and the nodes of the last phase's
/// searches together. Most states are answered in the first round; a state with few starts,
/// or starts far from paired, in a later one (before the rounds, about one in five fell
/// back to the greedy pairing, ~75 moves).
const ROUNDS: [(usize, u64, u64); 3] = [
    (100, 4_000_000, 2_000_000),
    (300, 12_000_000, 6_000_000),
    (1000, 40_000_000, 20_000_000),
];
/// How many total lengths past the shortest the enumeration's starts may be.
const STARTS_EXTRA: u8 = 2;
/// The longest the last phase is searched to.
const LAST_MOST: usize = 20;
/// How many reductions of the least total length the last phase collects, each finished
/// by the 3×3×3 solver and the shortest whole kept (the 3×3×3's length, and what cancels
/// at the join, differ from one to another). Twelve, ranked by a finish after 100 probes,
/// took 44.9 moves on the benchmark's 50 states against six's 45.0 (`finish.rs`).
const FINISHES: usize = 12;
/// The last phase's nodes left for more reductions once the first is found (unbounded, the
/// search for them took about as long again as the first; 50,000 gave the same 45.0 moves
/// on the benchmark's first 50 states as 200,000, with the finishes of `finish.rs`, but
/// fewer states with more than one reduction to choose from; with the twelve finishes now,
/// 50,000 is 2 moves longer over those 50 states, at about 7 % less CPU time).
const MORE_NODES: u64 = 200_000;

/// The cube's holding (an index into the holdings `solve` tries), the turns of phases 1
/// and 2, and of the last phase.
type Reduction = (usize, Vec<usize>, Vec<usize>);

/// What the searched phases start from in one holding of the cube: the centres, each wing
/// slot's wing, and whether the corners' permutation is odd.
type Start = (centres::Centres, [u8; 24], bool);

/// How many holdings of the cube phase 1 is tried in: U–D, then F–B (after `x`), then R–L
/// (after `z`) brought to the U–D axis, as TPR-4x4x4 does; the last phase is searched from
/// the starts of all of them at once. Three took 45.5 moves against 45.9 on the benchmark's
/// first 50 states, but the last phase's budgets, shared by three times the starts, ran out
/// on one state in 200 (greedy pairing) and on one of the unit test's 20. With the last
/// phase's budgets three times as large, three took 45.5 moves on those 50 states with none
/// out of budget, at a median of 3.7 s and a mean of 5.5 s against 3.5 s and 4.6 s for one
/// holding (each under a load of 11 to 12, not side by side); with 300 phase-1 solutions
/// found and 60 kept in each, 45.8. With the finish of `finish.rs` (one a reduction, the
/// two shortest again), 44.7 moves against 45.0 on the benchmark's 50 states, none out of
/// budget, at 1.8 times the CPU time. One holding, for time.
const HOLDINGS: usize = 1;

/// The centres and edges reduced by the searched phases, in the first of the [`ROUNDS`]
/// that finds them (up to [`FINISHES`] of them, of one total length); none where every
/// round's budgets ran out first.
fn searched(t: &FourTables, starts: &[Start]) -> Result<Vec<Reduction>, SolveError> {
    for round in ROUNDS {
        let found = searched_in(t, starts, round)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// The starts of the last phase in one round, each with its holding: phase 1 enumerated
/// in every holding, then phase 2 in all of them together, in order of total length
/// across them, with one node budget and one count of starts for all (`enumerate::phase2`).
fn enumerated(
    t: &FourTables,
    holdings: &[Start],
    (starts, nodes): (usize, u64),
) -> Result<Vec<(usize, enumerate::G3Start)>, SolveError> {
    let mut ens = Vec::with_capacity(holdings.len());
    let mut firsts = Vec::with_capacity(holdings.len());
    let mut budget = nodes;
    for &(start, homes, corners_odd) in holdings {
        let mut en = enumerate::Enumerate::new(
            &t.moves,
            &t.phases,
            &t.tables,
            corners_odd,
            homes,
            start,
            budget,
        );
        firsts.push(en.phase1(FIRSTS.0, FIRSTS.1, FIRSTS.2)?);
        budget = en.budget;
        ens.push(en);
    }
    enumerate::phase2(&mut ens, &firsts, starts, STARTS_EXTRA, budget)
}

/// One round of the searched phases: phases 1 and 2 enumerated, then the last phase
/// searched from all the starts found at once, by increasing total length (the first whole
/// found is the shortest, and the other starts are searched to the same total for more);
/// none where the round's budgets ran out first.
fn searched_in(
    t: &FourTables,
    holdings: &[Start],
    (starts, nodes, last_nodes): (usize, u64, u64),
) -> Result<Vec<Reduction>, SolveError> {
    let found = enumerated(t, holdings, (starts, nodes))?;
    let search = last::Last::new(&t.moves, &t.phases, &t.tables);
    let mut ranked: Vec<(usize, u8, &(usize, enumerate::G3Start), last::State)> = found
        .iter()
        .map(|hs| {
            let s = &hs.1;
            let state = last::Last::state(s.coord3, s.bit, s.tau);
            let (h, e) = search.bound(&state);
            (s.turns.len() + usize::from(h), e, hs, state)
        })
        .collect();
    // At each total the starts of the least bound first.
    ranked.sort_by_key(|r| r.0);
    let mut out = Vec::new();
    let Some(lowest) = ranked.iter().map(|r| r.0).min() else {
        return Ok(out);
    };
    // The budget is the holdings' together (the starts of each are searched at once).
    let mut budget = last_nodes * holdings.len() as u64;
    for total in lowest..lowest + LAST_MOST {
        for (bound, e, (h, s), state) in &ranked {
            if *bound > total || total - s.turns.len() > LAST_MOST {
                continue;
            }
            let depth = (total - s.turns.len()) as u8;
            if let Some(found) = search.solve_at(state, *e, depth, &mut budget)? {
                out.push((*h, s.turns.clone(), found));
                budget = budget.min(MORE_NODES);
            }
            if budget == 0 || out.len() >= FINISHES {
                return Ok(out);
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    Ok(out)
}

/// Whether the reduction's own reading would refuse `cube`: a centre colour not four times,
/// or an edge piece no edge has, or one twice.
fn unreadable(t: &FourTables, stickers: &[crate::turn::face::Face]) -> bool {
    let mut counts = [0; 6];
    for &i in &t.moves.centre_at {
        counts[stickers[i].index()] += 1;
    }
    if counts.iter().any(|&c| c != 4) {
        return true;
    }
    wing_homes(t, stickers).is_none()
}

/// Each wing slot's wing (the slot it belongs in), if every wing is a real one and there
/// once.
fn wing_homes(t: &FourTables, stickers: &[crate::turn::face::Face]) -> Option<Vec<u8>> {
    let model = &t.moves.model;
    let mut seen = [false; 24];
    let mut homes = Vec::with_capacity(24);
    for &slot in &model.wing_orbits[0] {
        let (_, home) = model.wing_home(slot, stickers[slot[0]], stickers[slot[1]])?;
        if std::mem::replace(&mut seen[home], true) {
            return None;
        }
        homes.push(home as u8);
    }
    Some(homes)
}

/// What the searched phases start from: the centres, each wing slot's wing, and whether the
/// corners' permutation is odd, of a cube the reduction's reading accepts.
fn start_of(t: &FourTables, cube: &Cube) -> Result<Start, SolveError> {
    let stickers = cube.stickers();
    let homes: [u8; 24] = wing_homes(t, stickers)
        .ok_or(SolveError::Unreachable(
            "a 4×4×4 whose wings are not each there once",
        ))?
        .try_into()
        .expect("24 wing slots");
    let start = centres::Centres {
        colours: t.moves.centre_at.map(|i| stickers[i].index() as u8),
        odd: crate::state::pieces::is_odd(&homes),
    };
    let corners_odd = crate::state::pieces::is_odd(&crate::state::pieces::read_corners(cube)?.perm);
    Ok((start, homes, corners_odd))
}

/// A 3×3×3 solver: outer face turns that solve a 3×3×3 state, found after at least so
/// many phase-2 probes of the two-phase search (more probes, a shorter answer).
pub type Three<'a> = dyn Fn(&CubieCube, u64) -> Result<Vec<FaceMove>, SolveError> + 'a;

/// Solves the 4×4×4 `cube`, the 3×3×3 at the end by `three`. A cube the reduction's reading refuses is passed to it, for its error.
pub fn solve(t: &FourTables, cube: &Cube, three: &Three) -> Result<Reduced, SolveError> {
    let settle = |c: &CubieCube| three(c, finish::PROBES);
    if cube.size() != N {
        return crate::solve::search::reduction::solve(cube, &settle);
    }
    let stickers = cube.stickers().to_vec();
    if unreadable(t, &stickers) {
        return crate::solve::search::reduction::solve(cube, &settle);
    }
    crate::state::pieces::read_corners(cube)?;
    let held = holdings(cube)?;
    let starts = held
        .iter()
        .map(|(c, _)| start_of(t, c))
        .collect::<Result<Vec<Start>, SolveError>>()?;
    let found = searched(t, &starts)?;
    let mut ready = Vec::new();
    for reduction in &found {
        ready.push(ready_reduction(t, &held, reduction)?);
    }
    if ready.is_empty() {
        let (start, ..) = starts[0];
        FALLBACKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut work = Work {
            t,
            stickers,
            made: Vec::new(),
        };
        let mut stages = [0; 4];
        let found = centres::solve(&t.moves, &t.phases, &t.tables, start)?;
        stages[1] = work.turns(&found);
        let wings = t.moves.wing_at.map(|i| work.stickers[i].index() as u8);
        let found = edges::solve(&t.moves, wings)?;
        stages[2] = work.turns(&found);
        ready = vec![finish::ready(work, stages, &[])?];
    }
    finish::best(&ready, three)
}

/// The centres and edges of the 4×4×4 whose stickers are `stickers` reduced by the searched
/// phases alone, held as it is (no finish, no rotation): up to [`FINISHES`] reductions of the
/// least length found, each as its single-layer turns; none where the stickers are not a
/// 4×4×4's the reduction can read, or where every round's budgets ran out. The even big
/// cubes pair their innermost wing orbit so, on the 4×4×4 their grouped layers show
/// (`reduction/big_edges.rs`): smaller budgets here (one reduction, a round of 10 starts
/// and 300,000 nodes first) took as long.
pub(crate) fn reductions(
    t: &FourTables,
    stickers: &[crate::turn::face::Face],
) -> Result<Vec<Vec<LayerMove>>, SolveError> {
    if stickers.len() != 6 * N * N || unreadable(t, stickers) {
        return Ok(Vec::new());
    }
    let Ok(cube) = Cube::from_stickers(N, stickers.to_vec()) else {
        return Ok(Vec::new());
    };
    if crate::state::pieces::read_corners(&cube).is_err() {
        return Ok(Vec::new());
    }
    let found = searched(t, &[start_of(t, &cube)?])?;
    Ok(found
        .iter()
        .map(|(_, first, last)| {
            first
                .iter()
                .chain(last)
                .flat_map(|&m| t.moves.turns[m].layers())
                .collect()
        })
        .collect())
}

/// The cube in each of the `HOLDINGS`, with the rotation that holds it so.
fn holdings(cube: &Cube) -> Result<Vec<(Cube, Vec<Move>)>, SolveError> {
    let rotations = crate::state::pieces::rotations();
    let mut held = Vec::with_capacity(HOLDINGS);
    for r in [&rotations[0], &rotations[4], &rotations[16]]
        .into_iter()
        .take(HOLDINGS)
    {
        let mut c = cube.clone();
        c.apply_all(r)
            .map_err(|_| SolveError::Unreachable("a whole-cube rotation of a 4×4×4"))?;
        held.push((c, r.clone()));
    }
    Ok(held)
}

/// The reduction found in one of the holdings `held` made on the cube so held, ready for
/// its finishes (`finish.rs`), the holding's rotation to be written first.
fn ready_reduction<'a>(
    t: &'a FourTables,
    held: &[(Cube, Vec<Move>)],
    (h, first, last): &Reduction,
) -> Result<finish::Ready<'a>, SolveError> {
    let (c, rotation) = held
        .get(*h)
        .ok_or(SolveError::Unreachable("a reduction of a holding tried"))?;
    let mut work = Work {
        t,
        stickers: c.stickers().to_vec(),
        made: Vec::new(),
    };
    let stages = [0, work.turns(first), work.turns(last), 0];
    finish::ready(work, stages, rotation)
}

#[cfg(test)]
pub(crate) mod tests;
