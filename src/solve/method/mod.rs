//! One way into every solver: [`solve`](crate::solve::solve) takes a cube, a [`Method`], [`Limits`] and a
//! [`Progress`] and gives back a [`Solution`] — the moves that take the cube as given to
//! solved (any whole-cube turn included, as moves), whether they are proven shortest, what a
//! stopped search proved, and what the work took. Every front end (single solves, batches,
//! the REPL's `solve`, `hint` and `step`) calls it and formats the value it returns.
//!
//! ```
//! use cubework::solve::{Limits, Method, Progress, solve};
//! use cubework::{Cube, Notation, parse_moves};
//! let mut cube = Cube::solved();
//! cube.apply_all(&parse_moves("x R U", Notation::Standard).unwrap()).unwrap();
//! let solution = solve(&cube, Method::Beginner, &Limits::default(), &Progress::none()).unwrap();
//! cube.apply_all(&solution.moves).unwrap();
//! assert_eq!(cube, Cube::solved()); // every centre home, not only each face one colour
//! assert_eq!(solution.stats.stages.len(), 7);
//! ```

use std::time::Duration;

use crate::sequence::alg::move_cost;
use crate::sequence::input::Input;
use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::beginner::StageMoves;
use crate::solve::search::twophase::MAX_LENGTH_LIMIT;
use crate::state::cube::Cube;
use crate::turn::metric::Metric;
use crate::turn::moves::Move;

/// A way of solving; [`Method::about`] says what each does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// `twophase`.
    #[default]
    TwoPhase,
    /// `optimal`.
    Optimal,
    /// `beginner`.
    Beginner,
    /// `bfs`.
    Bfs,
    /// `pocket`.
    Pocket,
    /// `reduction` ([`crate::solve::search::reduction`]).
    Reduction,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 6] = [
        Method::TwoPhase,
        Method::Optimal,
        Method::Beginner,
        Method::Bfs,
        Method::Pocket,
        Method::Reduction,
    ];

    /// Its name: `twophase`, `optimal`, `beginner`, `bfs`, `pocket`, `reduction`.
    pub fn name(self) -> &'static str {
        match self {
            Method::TwoPhase => "twophase",
            Method::Optimal => "optimal",
            Method::Beginner => "beginner",
            Method::Bfs => "bfs",
            Method::Pocket => "pocket",
            Method::Reduction => "reduction",
        }
    }

    /// What it does, in a sentence: each method's one description, which the REPL's `help
    /// solve`, `cubework solve --help` and the guide's table of methods show.
    pub fn about(self) -> &'static str {
        match self {
            Method::TwoPhase => {
                "Kociemba's two-phase method: any 3×3×3 in milliseconds, within a length bound (21 moves unless told)"
            }
            Method::Optimal => {
                "IDA* with a large pruning table: a proven-shortest solution of any 3×3×3, on every core (seconds to a minute or two for a random cube; a time limit or Ctrl-C stops it with what it has proven and the best found)"
            }
            Method::Beginner => {
                "The layer-by-layer method a person learns: seven named stages, a line each"
            }
            Method::Bfs => {
                "Breadth-first from both ends: a shortest 3×3×3 solution, within a depth limit"
            }
            Method::Pocket => {
                "The 2×2×2 from its distance table: a shortest solution in moves of U, R and F"
            }
            Method::Reduction => {
                "The 4×4×4 to 9×9×9 by reduction: on the 4×4×4 centres and edges by searched phases, on the larger cubes by three-cycles; then the 3×3×3 by two-phase"
            }
        }
    }

    /// The size of cube it solves: 2 for [`Method::Pocket`], the smallest of its sizes (4)
    /// for [`Method::Reduction`], else 3.
    pub fn size(self) -> usize {
        match self {
            Method::Pocket => 2,
            Method::Reduction => 4,
            _ => 3,
        }
    }

    /// Whether it solves a cube of `size`.
    pub fn solves_size(self, size: usize) -> bool {
        match self {
            Method::Reduction => crate::solve::search::reduction::SIZES.contains(&size),
            _ => self.size() == size,
        }
    }

    /// The method that solves a cube of `size` when this one is asked for: the default
    /// method ([`Method::TwoPhase`]) on a 2×2×2 is the 2×2×2's ([`Method::Pocket`], which
    /// finds a shortest solution), on the 4×4×4 to 9×9×9 [`Method::Reduction`] (which ends
    /// with two-phase); any other is itself, and [`Method::size`] says whether it fits the
    /// cube.
    pub fn for_size(self, size: usize) -> Method {
        match (self, size) {
            (Method::TwoPhase, 2) => Method::Pocket,
            (Method::TwoPhase, 4..=9) => Method::Reduction,
            _ => self,
        }
    }

    /// Whether it takes `limit`: a length bound two-phase and bfs, a time limit two-phase
    /// and optimal (the optimal solver finds the shortest, bfs searches to its depth, and the
    /// beginner's method and the 2×2×2's table take neither).
    pub fn takes(self, limit: Limit) -> bool {
        match limit {
            Limit::MaxLength => matches!(self, Method::TwoPhase | Method::Bfs | Method::Reduction),
            Limit::TimeLimit => {
                matches!(self, Method::TwoPhase | Method::Optimal | Method::Reduction)
            }
        }
    }

    /// The first limit set in `limits` that it has no use for ([`Method::takes`]), if any.
    pub fn unused_limit(self, limits: &Limits) -> Option<Limit> {
        let set = [
            (Limit::MaxLength, limits.max_length.is_some()),
            (Limit::TimeLimit, limits.time_limit.is_some()),
        ];
        set.into_iter()
            .find(|&(limit, set)| set && !self.takes(limit))
            .map(|(limit, _)| limit)
    }
}

/// A limit a solve can be given in [`Limits`] besides its metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A bound on the solution's length (`max_length`).
    MaxLength,
    /// A time limit (`time_limit`).
    TimeLimit,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A method name that is not one of [`Method::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown method '{}': the methods are twophase, optimal, beginner, bfs, pocket and reduction",
    crate::base::text::echo(.0)
)]
pub struct UnknownMethod(pub String);

impl std::str::FromStr for Method {
    type Err = UnknownMethod;

    /// A method by its name, in any case (`two-phase` too).
    ///
    /// ```
    /// use cubework::solve::Method;
    /// assert_eq!("Optimal".parse::<Method>(), Ok(Method::Optimal));
    /// assert_eq!("two-phase".parse::<Method>(), Ok(Method::TwoPhase));
    /// let err = "fast".parse::<Method>().unwrap_err().to_string();
    /// assert!(err.contains("'fast'") && err.contains("twophase, optimal, beginner, bfs, pocket and reduction"));
    /// ```
    fn from_str(s: &str) -> Result<Method, UnknownMethod> {
        let lower = s.trim().to_ascii_lowercase();
        if lower == "two-phase" {
            return Ok(Method::TwoPhase);
        }
        Method::ALL
            .into_iter()
            .find(|m| m.name() == lower)
            .ok_or_else(|| UnknownMethod(s.trim().to_string()))
    }
}

/// How far a solve may go. A limit a method has no use for is ignored: the length bound is
/// the two-phase solver's longest solution and bfs's depth limit; the time limit is the
/// two-phase solver's time to keep shortening and the optimal search's time to stop at;
/// threads are the optimal search's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How moves are counted (and, for the optimal, bfs and pocket methods, minimised).
    pub metric: Metric,
    /// The longest solution accepted (two-phase, default 21; the reduction of the 4×4×4 to
    /// 9×9×9, whose longer answer is an error, [`crate::solve::SolveError::OverLimit`]) or
    /// searched for (bfs; default [`crate::solve::default_limit`]).
    pub max_length: Option<u8>,
    /// Two-phase: keep shortening for this long; optimal: stop after this long with the
    /// best found.
    pub time_limit: Option<Duration>,
    /// Threads the optimal search runs on (default: one a core).
    pub threads: Option<usize>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            metric: Metric::Htm,
            max_length: None,
            time_limit: None,
            threads: None,
        }
    }
}

/// A table a solver needs, loaded from the cache or built once per process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// The two-phase solver's move and pruning tables (also the optimal search's first
    /// answer).
    TwoPhase,
    /// The optimal solver's pruning table.
    Optimal,
    /// The 2×2×2's distance table of a metric.
    Pocket(Metric),
    /// The 4×4×4's centre tables ([`crate::solve::search::four`]).
    Four,
}

/// What a solve is doing, as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// A table is being loaded from the cache (or, if it is not there, about to be built).
    LoadingTable(TableKind),
    /// A table is being built: `done` of `total` steps.
    BuildingTable {
        /// The table.
        table: TableKind,
        /// Steps done.
        done: u64,
        /// Steps in all.
        total: u64,
    },
    /// A table is ready.
    TableReady(TableKind),
    /// The bfs search is growing its ball of states around solved.
    Ball {
        /// The solution length being tried.
        depth: u8,
        /// The depth limit.
        limit: u8,
        /// The radius the ball grows to.
        radius: u8,
        /// States in the ball so far.
        states: u64,
    },
    /// A search at a depth.
    Search {
        /// The method searching.
        method: Method,
        /// The depth (solution length) being searched.
        depth: u8,
        /// The deepest it will go, if it has a limit.
        limit: Option<u8>,
        /// Nodes so far.
        nodes: u64,
        /// Time so far.
        elapsed: Duration,
        /// CPU time the process's threads have used in the search so far (the optimal
        /// search's; see [`crate::base::cpu`]), where it is known.
        cpu: Option<Duration>,
        /// Whether the two-phase solver is being asked for a solution of `depth` moves (the
        /// optimal search's probe) rather than the search looking at that depth.
        probing: bool,
    },
}

impl Event {
    /// Whether it is about a table (loading, building, ready) rather than a search.
    pub fn is_table(&self) -> bool {
        matches!(
            self,
            Event::LoadingTable(_) | Event::BuildingTable { .. } | Event::TableReady(_)
        )
    }
}

/// How a solve reports while it runs: a callback that hears each [`Event`] (from the thread
/// that called [`solve`](crate::solve::solve)), or nothing.
#[derive(Clone, Copy, Default)]
pub struct Progress<'a> {
    report: Option<&'a (dyn Fn(&Event) + Sync)>,
}

impl<'a> Progress<'a> {
    /// No reports.
    pub fn none() -> Progress<'static> {
        Progress { report: None }
    }

    /// Each event to `report`.
    pub fn new(report: &'a (dyn Fn(&Event) + Sync)) -> Progress<'a> {
        Progress {
            report: Some(report),
        }
    }

    /// Tells the callback, if there is one.
    pub fn report(&self, event: &Event) {
        if let Some(report) = self.report {
            report(event);
        }
    }
}

impl std::fmt::Debug for Progress<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.report.is_some() {
            "Progress(callback)"
        } else {
            "Progress(none)"
        })
    }
}

/// Why an optimal search ended before proving a shortest solution.
pub use crate::solve::search::optimal::Stopped;

/// What finding a solution took, and what the method did on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes searched (two-phase: phase-1 nodes; bfs: states reached from the scramble;
    /// optimal: nodes generated; 0 for the beginner and pocket methods).
    pub nodes: u64,
    /// Time taken, tables loaded beforehand not counted.
    pub elapsed: Duration,
    /// Optimal: CPU time the process's threads used in the search (all of them, the
    /// two-phase probe's included), where it is known: `nodes` over it is a thread's rate per
    /// second of CPU it had, whatever else the machine was doing.
    pub cpu: Option<Duration>,
    /// The beginner method's seven stages with their moves as made (whole-cube turns
    /// included); empty for the other methods.
    pub stages: Vec<StageMoves>,
    /// Two-phase: phase-1 solutions handed to phase 2.
    pub probes: u64,
    /// Bfs: states kept around solved.
    pub ball_states: u64,
    /// Optimal: threads searched on.
    pub threads: usize,
    /// Optimal: whether the moves were found by the two-phase solver (the search proved
    /// only that nothing is shorter) rather than by the search.
    pub given: bool,
    /// Optimal: why the search stopped before proving, if it did.
    pub stopped: Option<Stopped>,
    /// The length bound searched within: two-phase's longest solution, bfs's depth limit.
    pub max_length: Option<u8>,
    /// The time limit the solve had.
    pub time_limit: Option<Duration>,
    /// Pocket: God's number in the metric (the table's largest distance).
    pub gods_number: Option<usize>,
    /// Reduction: the length, in the solution's metric, of the moves that reduce the cube to
    /// a 3×3×3, written on their own before the 3×3×3's.
    pub reduction: Option<u64>,
}

/// A solution of a cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The method that found it.
    pub method: Method,
    /// The metric it is counted (and, if proven, minimised) in.
    pub metric: Metric,
    /// The moves from the cube as given to solved, every centre home: the whole-cube turn
    /// of [`rotation`](Self::rotation) first, if any.
    pub moves: Vec<Move>,
    /// The whole-cube turn at the start of `moves` that brings the centres (on the 2×2×2,
    /// corner DBL) home; empty if none was needed.
    pub rotation: Vec<Move>,
    /// Whether `moves` is proven shortest in `metric`.
    pub proven: bool,
    /// When an optimal search stopped early: the bound it proved (no solution is shorter).
    pub bound: Option<u8>,
    /// What it took.
    pub stats: Stats,
}

impl Solution {
    /// The moves after the whole-cube turn: the turns that solve the cube once its centres
    /// are home.
    pub fn turns(&self) -> &[Move] {
        &self.moves[self.rotation.len()..]
    }

    /// Its length in its metric (whole-cube turns count nothing).
    pub fn length(&self) -> u64 {
        self.moves.iter().map(|m| move_cost(m, self.metric)).sum()
    }
}

/// The metrics the two-phase solver counts in: the half-turn metric only (phase 2's moves
/// include half turns of four faces, and its tables count them as one move).
pub fn check_metric(metric: Metric) -> Result<(), SolveError> {
    match metric {
        Metric::Htm => Ok(()),
        other => Err(SolveError::TwoPhaseMetric(other)),
    }
}

/// The 3×3×3 that `input` describes, if its pieces are a real cube's (checked before any
/// table is loaded or built).
pub fn read_cube(input: &Input) -> Result<Cube, SolveError> {
    let cube = input.to_cube(3)?;
    CubieCube::from_cube(&cube)?;
    Ok(cube)
}

impl Method {
    /// The 3×3×3 `input` gives, as this method reads it: the beginner's method any cube of
    /// the right colours (its stages say what they cannot do), every other method one its
    /// cubie model holds ([`read_cube`]).
    pub fn read(self, input: &Input) -> Result<Cube, SolveError> {
        match self {
            Method::Beginner => Ok(input
                .to_cube(3)
                .map_err(crate::solve::search::beginner::BeginnerError::from)?),
            _ => read_cube(input),
        }
    }
}

/// Whether `method` can solve with `limits`, before any state is read or table loaded: the
/// metric it counts in and the length bound it takes.
pub fn check_limits(method: Method, limits: &Limits) -> Result<(), SolveError> {
    let metric = limits.metric;
    match method {
        Method::TwoPhase | Method::Reduction => {
            match check_metric(metric) {
                Err(_) if method == Method::Reduction => {
                    return Err(SolveError::ReductionMetric(metric));
                }
                checked => checked?,
            }
            // The reduction's bound is the whole solution's, checked on its answer; its
            // last stage searches within the smaller of it and 20.
            if method == Method::TwoPhase
                && let Some(asked) = limits.max_length
                && asked > MAX_LENGTH_LIMIT
            {
                return Err(SolveError::LengthTooHigh {
                    asked,
                    max: MAX_LENGTH_LIMIT,
                });
            }
        }
        Method::Optimal | Method::Bfs => {
            if !Metric::SEARCHED.contains(&metric) {
                return Err(SolveError::Metric(metric));
            }
            if method == Method::Bfs
                && let Some(asked) = limits.max_length
                && asked > crate::solve::max_limit(metric)
            {
                return Err(SolveError::LimitTooHigh {
                    asked,
                    max: crate::solve::max_limit(metric),
                    metric,
                });
            }
        }
        Method::Pocket => {
            if !Metric::SEARCHED.contains(&metric) {
                return Err(crate::solve::search::pocket::PocketError::Metric(metric).into());
            }
        }
        Method::Beginner => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::solve;

    #[test]
    fn the_default_method_on_a_two_by_two_is_the_pocket_table_and_no_other_is_redirected() {
        assert_eq!(Method::TwoPhase.for_size(2), Method::Pocket);
        assert_eq!(Method::TwoPhase.for_size(3), Method::TwoPhase);
        for m in [
            Method::Optimal,
            Method::Beginner,
            Method::Bfs,
            Method::Pocket,
        ] {
            for size in 2..=4 {
                assert_eq!(m.for_size(size), m);
            }
        }
    }

    #[test]
    fn each_method_refuses_the_limits_it_has_no_use_for() {
        let max = Limits {
            max_length: Some(20),
            ..Limits::default()
        };
        let time = Limits {
            time_limit: Some(std::time::Duration::from_secs(1)),
            ..Limits::default()
        };
        let both = Limits {
            time_limit: time.time_limit,
            ..max
        };
        let unused =
            |m: Method| [&Limits::default(), &max, &time, &both].map(|l| m.unused_limit(l));
        use Limit::{MaxLength, TimeLimit};
        assert_eq!(unused(Method::TwoPhase), [None; 4]);
        assert_eq!(
            unused(Method::Optimal),
            [None, Some(MaxLength), None, Some(MaxLength)]
        );
        assert_eq!(
            unused(Method::Bfs),
            [None, None, Some(TimeLimit), Some(TimeLimit)]
        );
        for m in [Method::Beginner, Method::Pocket] {
            assert_eq!(
                unused(m),
                [None, Some(MaxLength), Some(TimeLimit), Some(MaxLength)]
            );
        }
    }

    #[test]
    fn every_method_reads_back_from_its_name_in_any_case() {
        for m in Method::ALL {
            assert_eq!(m.name().parse::<Method>(), Ok(m));
            assert_eq!(m.name().to_uppercase().parse::<Method>(), Ok(m));
            assert_eq!(m.to_string(), m.name());
        }
        assert_eq!(
            "kociemba".parse::<Method>(),
            Err(UnknownMethod("kociemba".into()))
        );
    }

    #[test]
    fn limits_are_checked_before_the_state_is_read() {
        let none = Progress::none();
        let big = Cube::solved_n(4);
        let qtm = Limits {
            metric: Metric::Qtm,
            ..Limits::default()
        };
        let err = solve(&big, Method::TwoPhase, &qtm, &none).unwrap_err();
        assert_eq!(err, SolveError::TwoPhaseMetric(Metric::Qtm));
        let deep = Limits {
            max_length: Some(14),
            ..Limits::default()
        };
        let err = solve(&big, Method::Bfs, &deep, &none).unwrap_err();
        assert!(
            matches!(err, SolveError::LimitTooHigh { max: 13, .. }),
            "{err}"
        );
        let long = Limits {
            max_length: Some(41),
            ..Limits::default()
        };
        let err = solve(&big, Method::TwoPhase, &long, &none).unwrap_err();
        assert!(matches!(err, SolveError::LengthTooHigh { .. }), "{err}");
        // Then the state: a cube of the wrong size for each method.
        let err = solve(&big, Method::Bfs, &Limits::default(), &none).unwrap_err();
        assert_eq!(err, SolveError::Size(4));
        let err = solve(&Cube::solved(), Method::Pocket, &Limits::default(), &none).unwrap_err();
        assert_eq!(
            err,
            SolveError::Pocket(crate::solve::search::pocket::PocketError::Size(3))
        );
        let err = solve(&big, Method::Beginner, &Limits::default(), &none).unwrap_err();
        assert!(matches!(err, SolveError::Beginner(_)), "{err}");
    }

    #[test]
    fn progress_hears_the_search_as_it_goes() {
        let events = std::sync::Mutex::new(Vec::new());
        let hear = |e: &Event| events.lock().unwrap().push(*e);
        let cube = crate::cube_after("R U F L D");
        let s = solve(
            &cube,
            Method::Bfs,
            &Limits::default(),
            &Progress::new(&hear),
        )
        .unwrap();
        assert_eq!((s.length(), s.proven, s.bound), (5, true, None));
        let events = events.into_inner().unwrap();
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Search {
                    method: Method::Bfs,
                    limit: Some(12),
                    ..
                }
            )),
            "{events:?}"
        );
        assert!(events.iter().any(|e| matches!(e, Event::Ball { .. })));
        assert!(!events.iter().any(Event::is_table));
    }

    #[test]
    fn a_turned_cube_is_turned_home_first_by_every_3x3x3_method_that_needs_no_table() {
        let none = Progress::none();
        let cube = crate::cube_after("x R U");
        for method in [Method::Bfs, Method::Beginner] {
            let s = solve(&cube, method, &Limits::default(), &none).unwrap();
            assert_eq!(
                crate::turn::moves::format_moves(&s.rotation),
                "x'",
                "{method}"
            );
            assert_eq!(s.moves[..1], s.rotation[..], "{method}");
            assert_eq!(s.turns().len(), s.moves.len() - 1);
            let mut c = cube.clone();
            c.apply_all(&s.moves).unwrap();
            assert_eq!(c, Cube::solved(), "{method}");
        }
        // The beginner's stages are the method's own, made on the cube as given.
        let s = solve(&cube, Method::Beginner, &Limits::default(), &none).unwrap();
        assert_eq!(
            s.stats.stages,
            crate::solve::search::beginner::solve(&cube).unwrap().stages
        );
        // A solved cube needs nothing, and a solved one turned needs only the turn.
        let s = solve(&Cube::solved(), Method::Beginner, &Limits::default(), &none).unwrap();
        assert!(s.moves.is_empty());
        let s = solve(
            &crate::cube_after("y2"),
            Method::Bfs,
            &Limits::default(),
            &none,
        )
        .unwrap();
        assert_eq!(crate::turn::moves::format_moves(&s.moves), "y2");
    }
}
