//! Solving cubes: one front door, [`solve`], for every method ([`Method`]), that checks every
//! answer by making it on the cube. The rest is in rooms by what it is:
//!
//! - [`method`]: the door's vocabulary — what is asked ([`Method`], [`Limits`], [`Progress`]),
//!   which method and limits fit a cube, and what comes back ([`Solution`]);
//! - [`model`]: the 3×3×3 as the searches see it — one cubie model, [`CubieCube`], its
//!   coordinates and its symmetries;
//! - [`search`]: the solvers — [`bfs`](search::bfs) finds shortest solutions by
//!   breadth-first search from both ends, as the Ruby notes do, for states within about a
//!   dozen moves; [`twophase`](search::twophase) any cube in milliseconds;
//!   [`optimal`](search::optimal) proven-shortest ones; the beginner's method
//!   ([`beginner`](search::beginner)) and the 2×2×2's table ([`pocket`](search::pocket));
//! - [`table`]: the tables the searches read — built, kept in files,
//!   and loaded once a process ([`shared`](table::shared));
//! - [`answer`]: solutions as the user reads them — text, random-state scrambles, hints.

pub mod answer;
mod dispatch;
pub mod method;
pub mod model;
pub mod search;
pub mod table;

pub use crate::turn::moves::FaceMove;
pub use dispatch::solve;
pub use method::{
    Event, Limit, Limits, Method, Progress, Solution, Stats, TableKind, UnknownMethod,
    check_limits, check_metric, read_cube,
};
pub use model::cubie::CubieCube;
pub use search::bfs::{default_limit, max_limit};

use crate::sequence::input::InputError;
use crate::state::pieces::CubieError;
use crate::turn::metric::Metric;

/// Why a 3×3×3 state was not solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The moves or facelets do not describe a cube.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The stickers are not a real cube's pieces.
    #[error(transparent)]
    Pieces(#[from] CubieError),
    /// A cube of another size.
    #[error("the search solver takes a 3×3×3, not a {0}×{0}×{0}")]
    Size(usize),
    /// A metric the solver does not search in.
    #[error("the search solver counts in htm or qtm, not {0} (it turns outer faces only)")]
    Metric(Metric),
    /// No solution within the depth limit.
    #[error(
        "beyond the depth limit: no solution of {limit} moves or fewer in the {} (the breadth-first search goes no deeper); the optimal method finds a shortest solution of any state, two-phase (the default) a short one at once",
        metric.title()
    )]
    BeyondDepthLimit {
        /// The limit searched to.
        limit: u8,
        /// The metric.
        metric: Metric,
    },
    /// A depth limit the solver will not search to.
    #[error("a depth limit of {asked} is more than this solver searches in the {} (at most {max})", metric.title())]
    LimitTooHigh {
        /// The limit asked for.
        asked: u8,
        /// The largest allowed.
        max: u8,
        /// The metric.
        metric: Metric,
    },
    /// A 2×2×2 state the pocket table could not solve.
    #[error(transparent)]
    Pocket(#[from] crate::solve::search::pocket::PocketError),
    /// A state the beginner's method could not solve.
    #[error(transparent)]
    Beginner(#[from] crate::solve::search::beginner::BeginnerError),
    /// A metric the two-phase solver does not count in.
    #[error("the two-phase solver counts in the half-turn metric (htm) only, not {}{}", .0.name(),
        if *.0 == Metric::Qtm { "; the bfs method finds shortest solutions in qtm" } else { "" })]
    TwoPhaseMetric(Metric),
    /// A metric the reduction (the 4×4×4 to 9×9×9's method) does not count in: its last
    /// stage is the two-phase solver, so it is refused as the 3×3×3's two-phase refuses it.
    #[error("the reduction of the 4×4×4 to 9×9×9 counts in the half-turn metric (htm) only, not {} (it ends with the two-phase solver, which searches in htm, as the 3×3×3's solve does)", .0.name())]
    ReductionMetric(Metric),
    /// No solution within the length bound was found: in the time allowed, or in all the
    /// search reaches, or none exists.
    #[error("{}", not_found(*.max_length, .elapsed, *.reach))]
    NotFound {
        /// The length bound.
        max_length: u8,
        /// How long the search ran.
        elapsed: std::time::Duration,
        /// How far the search went: whether more time could help.
        reach: Reach,
    },
    /// A solution longer than the length bound asked for: the reduction of the 4×4×4 to
    /// 9×9×9 runs its stages to the end, and its answer is refused, never printed, when it
    /// is longer than the bound ([`crate::solve::solve`] checks every method's answer).
    #[error("the {method} solution found has {}, more than the limit of {limit}", crate::base::text::count(*.length, "move"))]
    OverLimit {
        /// The method that found it.
        method: crate::solve::Method,
        /// Its length, in the metric asked for.
        length: u64,
        /// The bound asked for.
        limit: u8,
    },
    /// A length bound the two-phase solver does not accept.
    #[error("a length bound of {asked} is more than the two-phase solver takes (at most {max})")]
    LengthTooHigh {
        /// The bound asked for.
        asked: u8,
        /// The largest accepted.
        max: u8,
    },
    /// The user pressed Ctrl-C.
    #[error(transparent)]
    Cancelled(#[from] crate::base::cancel::Cancelled),
    /// A table that does not fit in the memory or disk there is, refused before it is
    /// built.
    #[error(transparent)]
    NoRoom(#[from] crate::base::table_cache::room::NoRoom),
    /// The optimal solver's table is not what it was when it was checked: a block of its
    /// file changed since (in place, or damaged on disk), or, built or checked whole, it gave
    /// a bound no real cube has. The search stops rather than trust it.
    #[error("{}", damaged_table(path.as_deref(), reason))]
    DamagedTable {
        /// The table's file, if it was mapped from one.
        path: Option<std::path::PathBuf>,
        /// What was found.
        reason: String,
    },
    /// A big cube the reduction could not solve.
    #[error(transparent)]
    Reduction(#[from] crate::solve::search::reduction::ReductionError),
    /// Something that cannot happen on a real cube (a bug).
    #[error("internal error: {0}")]
    Unreachable(&'static str),
}

/// The message of [`SolveError::DamagedTable`], on one line.
fn damaged_table(path: Option<&std::path::Path>, reason: &str) -> String {
    match path {
        Some(path) => format!(
            "the optimal solver's table {} is damaged ({reason}), so the search stopped; the next solve checks it whole and rebuilds it (`cubework tables check` checks every table)",
            path.display()
        ),
        None => format!("the optimal solver's table is inconsistent ({reason}): a bug"),
    }
}

/// How far a two-phase search that found nothing went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// It stopped at the time limit (or the time it gives up after): more time may help.
    OutOfTime,
    /// It searched all it reaches within the bound: more time would search the same again.
    Searched,
    /// No sequence of the bound's length reaches ⟨U, D, R2, F2, L2, B2⟩ (phase 1 found
    /// nothing), so no solution of that length exists: a proof.
    Proven,
}

/// The message of [`SolveError::NotFound`]: what was searched and not found, without
/// advice (the command line and the REPL add how to ask for more moves or time).
fn not_found(max_length: u8, elapsed: &std::time::Duration, reach: Reach) -> String {
    let seconds = elapsed.as_secs_f64();
    let max_length = crate::base::text::count(max_length.into(), "move");
    match reach {
        Reach::OutOfTime => {
            format!("no solution of {max_length} or fewer found in {seconds:.1} s")
        }
        Reach::Searched => format!(
            "no solution of {max_length} or fewer found in {seconds:.1} s, all the two-phase search reaches within the bound"
        ),
        Reach::Proven => format!("no solution of {max_length} or fewer exists"),
    }
}
