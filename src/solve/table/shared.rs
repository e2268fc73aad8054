//! The solvers' tables, loaded from the cache or built once per process, each the first
//! time a solve needs it: the two-phase tables, the optimal solver's table and the 2×2×2's
//! distance tables. Loading and building are told to the solve's [`Progress`].

use std::sync::OnceLock;

use crate::base::table_cache::CacheReport;
use crate::solve::SolveError;
use crate::solve::method::{Event, Method, Progress, TableKind};
use crate::solve::search::pocket::DistanceTable;
use crate::solve::table::optimal_table::AxisTable;
use crate::solve::table::tables::Tables;
use crate::solve::table::twophase_large::LargeTables;
use crate::turn::metric::Metric;

/// Where the tables are cached: the user's cache directory; none in the crate's own unit
/// tests, which build what they need in memory and leave no file behind.
fn cache_dir() -> Option<std::path::PathBuf> {
    if cfg!(test) {
        None
    } else {
        crate::base::table_cache::cache_dir()
    }
}

/// The optimal table's kind: [`optimal_table_kind`]; in the crate's own unit
/// tests the small one, built in seconds.
fn optimal_kind() -> crate::solve::table::optimal_table::SliceKind {
    if cfg!(test) {
        crate::solve::table::optimal_table::SliceKind::Position
    } else {
        optimal_table_kind()
    }
}

/// The optimal table this process was asked to use ([`choose_optimal_table`]).
static CHOSEN_OPTIMAL_TABLE: std::sync::OnceLock<crate::solve::table::optimal_table::SliceKind> =
    std::sync::OnceLock::new();

/// Makes `kind` the table the optimal solver of this process reads (`tables build --optimal
/// --size`), unless the environment names one or a table was chosen already; the one it
/// will read.
pub fn choose_optimal_table(
    kind: crate::solve::table::optimal_table::SliceKind,
) -> crate::solve::table::optimal_table::SliceKind {
    if let Some(named) = named_optimal_table() {
        return named;
    }
    *CHOSEN_OPTIMAL_TABLE.get_or_init(|| kind)
}

/// The table the environment variable `CUBEWORK_OPTIMAL_TABLE` names: `small`, `medium`,
/// `large` or `huge` (see [`optimal_table_kind`]).
fn named_optimal_table() -> Option<crate::solve::table::optimal_table::SliceKind> {
    use crate::solve::table::optimal_table::SliceKind;
    match std::env::var("CUBEWORK_OPTIMAL_TABLE").as_deref() {
        Ok("small") => Some(SliceKind::Position),
        Ok("medium") => Some(SliceKind::Sorted),
        Ok("large") => Some(SliceKind::Corners),
        Ok("huge") => Some(SliceKind::SortedCorners),
        _ => None,
    }
}

/// Which table the optimal solver reads: the one the environment variable
/// `CUBEWORK_OPTIMAL_TABLE` names (`small`: Reid's 52 MB table, built in seconds, searches
/// several times longer; `medium`: 910 MB, Kociemba's larger table; `large`: 2.7 GB, the
/// slice and the corners' split between the layers; `huge`: 7.6 GB, the sorted slice and the
/// corners' split with the U and D edges' flips only), or the one `tables build --optimal
/// --size` builds; otherwise the largest built in the cache directory, and the medium one if
/// none is ([`largest_optimal_table`]).
pub fn optimal_table_kind() -> crate::solve::table::optimal_table::SliceKind {
    named_optimal_table()
        .or_else(|| CHOSEN_OPTIMAL_TABLE.get().copied())
        .unwrap_or_else(|| largest_optimal_table(crate::base::table_cache::cache_dir().as_deref()))
}

/// The largest optimal table whose file in `dir` looks whole from its header
/// ([`crate::base::table_cache::inspect`]; a damaged one is found, and rebuilt, when it is loaded):
/// [`largest_built`] of those files; the medium one (built on first use) if there are none.
///
/// ```
/// use cubework::solve::table::optimal_table::SliceKind;
/// use cubework::solve::table::shared::largest_optimal_table;
/// assert_eq!(largest_optimal_table(None), SliceKind::Sorted);
/// ```
pub fn largest_optimal_table(
    dir: Option<&std::path::Path>,
) -> crate::solve::table::optimal_table::SliceKind {
    use crate::solve::table::optimal_table::table_file;
    largest_built(|kind| {
        dir.is_some_and(|dir| {
            let spec = table_file(kind);
            crate::base::table_cache::inspect(&spec.path_in(dir), &spec).is_ok()
        })
    })
}

/// The optimal table to read, given which are built (`built`): the largest of them — huge,
/// then large, then medium, then small — or, if none is, the medium one, which is then built.
///
/// ```
/// use cubework::solve::table::optimal_table::SliceKind;
/// use cubework::solve::table::shared::largest_built;
/// assert_eq!(largest_built(|k| k == SliceKind::Position), SliceKind::Position);
/// assert_eq!(largest_built(|_| false), SliceKind::Sorted);
/// ```
pub fn largest_built(
    built: impl Fn(crate::solve::table::optimal_table::SliceKind) -> bool,
) -> crate::solve::table::optimal_table::SliceKind {
    use crate::solve::table::optimal_table::SliceKind;
    SliceKind::ALL
        .into_iter()
        .rev()
        .find(|&kind| built(kind))
        .unwrap_or(SliceKind::Sorted)
}

/// Runs `load` once per process for `cell`, telling `progress` when it starts and ends.
fn once<T>(
    cell: &'static OnceLock<T>,
    table: TableKind,
    progress: &Progress,
    load: impl FnOnce() -> T,
) -> &'static T {
    if let Some(t) = cell.get() {
        return t;
    }
    progress.report(&Event::LoadingTable(table));
    let t = cell.get_or_init(load);
    progress.report(&Event::TableReady(table));
    t
}

/// The two-phase solver's tables, loaded from the cache (see [`crate::base::table_cache::cache_dir`])
/// or built and saved, once per process, with how they were obtained.
pub fn twophase_tables(progress: &Progress) -> &'static (Tables, CacheReport) {
    static TABLES: OnceLock<(Tables, CacheReport)> = OnceLock::new();
    let table = TableKind::TwoPhase;
    once(&TABLES, table, progress, || {
        crate::solve::table::twophase_file::load_or_build_in(
            cache_dir().as_deref(),
            &mut |done, total| progress.report(&Event::BuildingTable { table, done, total }),
        )
    })
}

/// The two-phase solver's large table set, if it is the one to read
/// ([`crate::solve::table::twophase_large::chosen`]: named by `CUBEWORK_TWOPHASE_TABLE`, or built):
/// loaded from the cache, or built and saved, once per process. `None` means the small set;
/// so does a build stopped by Ctrl-C or one that fails. The crate's own unit tests read the
/// small set here.
pub fn twophase_large(progress: &Progress) -> Option<&'static LargeTables> {
    use crate::solve::table::twophase_large::{TwoPhaseSize, chosen, load_or_build_phase2_in};
    static LARGE: OnceLock<Option<LargeTables>> = OnceLock::new();
    if cfg!(test) {
        return None;
    }
    if let Some(large) = LARGE.get() {
        return large.as_ref();
    }
    let dir = cache_dir();
    if chosen(dir.as_deref()) == TwoPhaseSize::Small {
        return None;
    }
    let tables = &twophase_tables(progress).0;
    let table = TableKind::TwoPhase;
    progress.report(&Event::LoadingTable(table));
    let mut tell = |done, total| progress.report(&Event::BuildingTable { table, done, total });
    let phase1 = crate::solve::table::optimal_table::load_or_build_in(
        crate::solve::table::optimal_table::SliceKind::Position,
        dir.as_deref(),
        crate::solve::search::optimal::default_threads(),
        &mut tell,
    );
    let phase2 = load_or_build_phase2_in(tables, dir.as_deref(), &mut tell);
    progress.report(&Event::TableReady(table));
    let phase1_name = crate::solve::table::optimal_table::table_file(
        crate::solve::table::optimal_table::SliceKind::Position,
    )
    .name;
    let phase2_name = crate::solve::table::twophase_large::table_file().name;
    let large = match (phase1, phase2) {
        (Ok((phase1, r1)), Ok((phase2, r2))) => {
            let large = LargeTables {
                phase1,
                phase2,
                reports: [
                    format!("{phase1_name}: {r1}"),
                    format!("{phase2_name}: {r2}"),
                ],
            };
            Some(large)
        }
        _ => None,
    };
    LARGE.get_or_init(|| large).as_ref()
}

/// The optimal solver's table ([`optimal_table_kind`]), loaded from the cache
/// or, the first time, built (the medium table: 84–232 CPU-seconds, 42 s to 2 minutes on
/// two free cores; see [`crate::solve::table::optimal_table::build_notice`]) and saved, with
/// how it was obtained. Ctrl-C stops a build, and nothing is saved.
pub fn optimal_table(progress: &Progress) -> Result<&'static (AxisTable, CacheReport), SolveError> {
    static TABLE: OnceLock<(AxisTable, CacheReport)> = OnceLock::new();
    if let Some(t) = TABLE.get() {
        return Ok(t);
    }
    let table = TableKind::Optimal;
    progress.report(&Event::LoadingTable(table));
    let made = crate::solve::table::optimal_table::load_or_build_in(
        optimal_kind(),
        cache_dir().as_deref(),
        crate::solve::search::optimal::default_threads(),
        &mut |done, total| progress.report(&Event::BuildingTable { table, done, total }),
    );
    progress.report(&Event::TableReady(table));
    let made = made?;
    Ok(TABLE.get_or_init(|| made))
}

/// The 4×4×4 solver's tables of this process ([`four_tables`]).
static FOUR_TABLES: OnceLock<(crate::solve::search::four::FourTables, CacheReport)> =
    OnceLock::new();

/// The 4×4×4 solver's tables if this process has them already, loaded or built by
/// [`four_tables`]; never loads or builds them.
pub fn four_tables_ready() -> Option<&'static crate::solve::search::four::FourTables> {
    FOUR_TABLES.get().map(|(t, _)| t)
}

/// The 4×4×4 solver's tables, loaded from the cache or built (a minute or so) and saved,
/// once per process, with how they were obtained. Ctrl-C stops a build, and nothing is
/// saved: the next call builds them again.
pub fn four_tables(
    progress: &Progress,
) -> Result<&'static (crate::solve::search::four::FourTables, CacheReport), SolveError> {
    if let Some(t) = FOUR_TABLES.get() {
        return Ok(t);
    }
    let table = TableKind::Four;
    progress.report(&Event::LoadingTable(table));
    let made = crate::solve::search::four::FourTables::load_or_build_in(
        cache_dir().as_deref(),
        &mut |done, total| progress.report(&Event::BuildingTable { table, done, total }),
    );
    progress.report(&Event::TableReady(table));
    let made = made?;
    Ok(FOUR_TABLES.get_or_init(|| made))
}

/// The 2×2×2's distance table of `metric` (see [`crate::solve::search::pocket::shared_table`]).
pub fn pocket_table(metric: Metric, progress: &Progress) -> &'static (DistanceTable, CacheReport) {
    let index = usize::from(metric != Metric::Qtm);
    if cfg!(test) {
        static TABLES: [OnceLock<(DistanceTable, CacheReport)>; 2] =
            [OnceLock::new(), OnceLock::new()];
        return once(&TABLES[index], TableKind::Pocket(metric), progress, || {
            crate::solve::search::pocket::distance_file::load_or_build_in(
                metric,
                None,
                DistanceTable::build,
            )
        });
    }
    static TOLD: [OnceLock<()>; 2] = [OnceLock::new(), OnceLock::new()];
    let told = &TOLD[index];
    // The first time, the table is loaded (or built) between the two events.
    once(told, TableKind::Pocket(metric), progress, || {
        crate::solve::search::pocket::shared_table(metric);
    });
    crate::solve::search::pocket::shared_table(metric)
}

/// Loads (or builds) every table `method` needs with `limits`' metric, so that the first
/// solve's time is a solve's; checks the limits first.
pub fn prepare(
    method: Method,
    limits: &crate::solve::Limits,
    progress: &Progress,
) -> Result<(), SolveError> {
    crate::solve::method::check_limits(method, limits)?;
    match method {
        Method::TwoPhase => {
            twophase_tables(progress);
            twophase_large(progress);
        }
        Method::Reduction => {
            twophase_tables(progress);
            twophase_large(progress);
            four_tables(progress)?;
        }
        Method::Optimal => {
            optimal_table(progress)?;
            twophase_tables(progress);
        }
        Method::Pocket => {
            pocket_table(limits.metric, progress);
        }
        Method::Beginner | Method::Bfs => {}
    }
    Ok(())
}
