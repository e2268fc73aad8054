//! The tables family: `tables` (command line only) lists the solvers' cached tables, builds
//! them (`tables build`) or reads each whole through its checks (`tables check`).

use super::unit::{CliSub, CommandDef, Surface, Value, cli, flag, opt, subcommands};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

use super::{Front, Reply, Session};
use crate::answer::error::Result;
use crate::turn::metric::Metric;

/// What is asked of the tables family: list the cached tables, build them, or check them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TablesRequest {
    /// Build those missing.
    pub build: bool,
    /// The optimal solver's too: this one.
    pub optimal: Option<crate::solve::table::optimal_table::SliceKind>,
    /// Instead, read every built table whole through its checks.
    pub check: bool,
}

/// Runs `tables`.
pub(super) fn run(_session: &mut Session, request: TablesRequest, _front: Front) -> Result<Reply> {
    let TablesRequest {
        build,
        optimal,
        check,
    } = request;
    let dir = crate::base::table_cache::cache_dir();
    if check {
        let report = tables_check_report(dir.as_deref());
        Ok(Reply {
            failed: report.damaged > 0,
            ..Reply::text(report.text)
        })
    } else if build {
        crate::answer::progress::Terminal::run(|p| tables_build_report(optimal, p))
            .map(Reply::text)
            .map_err(Into::into)
    } else {
        Ok(Reply::text(tables_report(dir.as_deref())))
    }
}

/// A solver table the workbench keeps in its cache directory.
pub struct CachedTable {
    /// Its file: name, version, largest size.
    pub file: crate::base::table_cache::TableFile,
    /// What it is for.
    pub what: &'static str,
    /// Reads the file whole through its checksum and the table's own checks, and marks it
    /// checked if it passes ([`crate::base::table_cache::mark_checked`]).
    pub check: Box<TableCheck>,
}

/// How a cached table's file is checked.
pub type TableCheck = dyn Fn(&std::path::Path) -> Result<(), crate::base::table_cache::CacheError>;

/// Reads the file at `path` as a `spec` table, whole, through its checksum and `check`, the
/// table's own checks of its payload; marks it checked if it passes.
fn read_checked(
    path: &std::path::Path,
    spec: &crate::base::table_cache::TableFile,
    check: impl FnOnce(&[u8]) -> Result<(), String>,
) -> Result<(), crate::base::table_cache::CacheError> {
    use crate::base::table_cache::{CacheError, mark_checked, read};
    read(path, spec)
        .and_then(|payload| check(&payload).map_err(CacheError::Inconsistent))
        .inspect(|()| mark_checked(path))
}

/// Every table the workbench caches: the 2×2×2 distances in each metric, the two-phase
/// solver's tables, the optimal solver's and the 4×4×4 solver's.
pub fn cached_tables() -> Vec<CachedTable> {
    use crate::solve::search::pocket::{DistanceTable, table_file};
    let pocket = [Metric::Qtm, Metric::Htm].map(|metric| CachedTable {
        file: table_file(metric),
        what: match metric {
            Metric::Qtm => "2×2×2 distances, quarter-turn metric",
            _ => "2×2×2 distances, half-turn metric",
        },
        check: Box::new(move |path| {
            read_checked(path, &table_file(metric), |b| {
                DistanceTable::from_payload(b, metric).map(|_| ())
            })
        }),
    });
    let twophase = [
        CachedTable {
            file: crate::solve::table::twophase_file::table_file(),
            what: "3×3×3 two-phase solver",
            check: Box::new(|path| {
                read_checked(
                    path,
                    &crate::solve::table::twophase_file::table_file(),
                    |b| crate::solve::table::tables::Tables::from_payload(b).map(|_| ()),
                )
            }),
        },
        CachedTable {
            file: crate::solve::table::twophase_large::table_file(),
            what: "3×3×3 two-phase solver, large set's phase 2 (tables build --twophase-size large; its phase 1 is optimal-small)",
            check: Box::new(|path| {
                let tables =
                    &crate::solve::table::shared::twophase_tables(&crate::solve::Progress::none())
                        .0;
                crate::solve::table::twophase_large::check_file(tables, path)
            }),
        },
    ];
    let four = CachedTable {
        file: crate::solve::search::four::table_file(),
        what: "4×4×4 solver's centre and pairing tables (built by tables build, or on the first 4×4×4 solve)",
        check: Box::new(|path| {
            read_checked(
                path,
                &crate::solve::search::four::table_file(),
                crate::solve::search::four::FourTables::check_payload,
            )
        }),
    };
    pocket
        .into_iter()
        .chain(twophase)
        .chain(optimal_tables())
        .chain([four])
        .collect()
}

/// The optimal solver's tables, largest first.
fn optimal_tables() -> [CachedTable; 4] {
    use crate::solve::table::optimal_table::{AxisTable, SliceKind, table_file};
    [
        (
            SliceKind::SortedCorners,
            "3×3×3 optimal solver, huge (tables build --optimal --size huge)",
        ),
        (
            SliceKind::Corners,
            "3×3×3 optimal solver, large (tables build --optimal --size large)",
        ),
        (
            SliceKind::Sorted,
            "3×3×3 optimal solver, medium (tables build --optimal)",
        ),
        (
            SliceKind::Position,
            "3×3×3 optimal solver, small (tables build --optimal --size small)",
        ),
    ]
    .map(|(kind, what)| CachedTable {
        file: table_file(kind),
        what,
        check: Box::new(move |path| AxisTable::check_file(kind, path)),
    })
}

/// `cubework tables build`: loads every cached table the default solvers use (the 2×2×2's,
/// the two-phase solver's, the 4×4×4's `four.bin`), building and saving those that are
/// missing or damaged (the optimal solver's only if `optimal`), with `progress` hearing how;
/// how each was obtained, then the listing of [`tables_report`].
pub fn tables_build_report(
    optimal: Option<crate::solve::table::optimal_table::SliceKind>,
    progress: &crate::solve::Progress,
) -> Result<String, crate::solve::SolveError> {
    use crate::solve::table::shared;
    let mut out = Vec::new();
    for metric in Metric::SEARCHED {
        let name = crate::solve::search::pocket::table_file(metric).name;
        let (_, report) = shared::pocket_table(metric, progress);
        out.push(format!("{name}: {report}"));
    }
    let (_, report) = shared::twophase_tables(progress);
    out.push(format!(
        "{}: {report}",
        crate::solve::table::twophase_file::table_file().name
    ));
    if let Some(large) = shared::twophase_large(progress) {
        out.extend(large.reports.iter().cloned());
    }
    let (_, report) = shared::four_tables(progress)?;
    out.push(format!(
        "{}: {report}",
        crate::solve::search::four::table_file().name
    ));
    if let Some(kind) = optimal {
        // The kind asked for, unless CUBEWORK_OPTIMAL_TABLE names another.
        let kind = crate::solve::table::shared::choose_optimal_table(kind);
        let (_, report) = shared::optimal_table(progress)?;
        out.push(format!(
            "{}: {report}",
            crate::solve::table::optimal_table::table_file(kind).name
        ));
    }
    out.push(tables_report(
        crate::base::table_cache::cache_dir().as_deref(),
    ));
    Ok(out.join("\n"))
}

/// `cubework tables`: every cached table — name, what it is for, size on disk, state (built,
/// missing or damaged) and path — with what is wrong with each damaged one below, then the
/// temporary files of saves ([`leftover_lines`]: those of interrupted builds removed).
///
/// It loads no table: a file that passed every check (checksum and the table's own) when it
/// was saved or last loaded, and has not changed since ([`crate::base::table_cache::checked_since`]), is
/// judged by its 48-byte header alone; only one that changed, or was never checked, is read
/// through all of the table's checks. So with every table built it reads a few hundred
/// bytes, however large the tables.
pub fn tables_report(dir: Option<&std::path::Path>) -> String {
    tables_listing(dir)
}

/// What `cubework tables check` found: a line a table, and how many are damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesCheck {
    /// One line a table: `NAME: good (BYTES bytes, PATH)`, `NAME: not built (PATH)` or
    /// `NAME: damaged: the cache file PATH …` (what is wrong).
    pub text: String,
    /// Tables that are there but damaged.
    pub damaged: usize,
}

/// No cache directory to keep tables in.
const NO_CACHE_DIR: &str =
    "no cache directory: set CUBEWORK_CACHE_DIR, or a home directory, to keep tables";

/// `cubework tables check`: every built table read whole, through its checksum and its own
/// checks, however recently it was checked, one line each; each one that passes is marked
/// checked again, so that later loads need not read it whole. Then the temporary files of
/// saves ([`leftover_lines`]): those of interrupted builds removed, each said.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("cubework-doc-check-{}", std::process::id()));
/// let report = cubework::command::tables::tables_check_report(Some(&dir));
/// assert_eq!(report.damaged, 0);
/// assert!(report.text.lines().all(|l| l.contains(": not built (")));
/// ```
pub fn tables_check_report(dir: Option<&std::path::Path>) -> TablesCheck {
    use crate::base::table_cache::{CacheError, inspect};
    let Some(dir) = dir else {
        return TablesCheck {
            text: NO_CACHE_DIR.to_string(),
            damaged: 0,
        };
    };
    let mut lines = Vec::new();
    let mut damaged = 0;
    for t in cached_tables() {
        let path = t.file.path_in(dir);
        let name = t.file.name;
        match inspect(&path, &t.file).and_then(|_| (t.check)(&path)) {
            Ok(()) => {
                let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
                lines.push(format!(
                    "{name}: good ({} bytes, {})",
                    crate::base::text::thousands(bytes),
                    path.display()
                ));
            }
            Err(CacheError::Missing) => {
                lines.push(format!("{name}: not built ({})", path.display()));
            }
            Err(e) => {
                damaged += 1;
                lines.push(format!(
                    "{name}: damaged: the cache file {} {e}",
                    path.display()
                ));
            }
        }
    }
    lines.extend(leftover_lines(dir));
    TablesCheck {
        text: lines.join("\n"),
        damaged,
    }
}

/// The temporary files of saves of every cached table in `dir`, a line each: one whose
/// process is gone was left by a build that was interrupted (killed between writing it and
/// renaming it into place), holds nothing of use, and is removed; one whose process is
/// running is left alone.
pub fn leftover_lines(dir: &std::path::Path) -> Vec<String> {
    let mut lines = Vec::new();
    for t in cached_tables() {
        for left in crate::base::table_cache::temporaries(&t.file.path_in(dir)) {
            let pid = left
                .pid
                .map_or("its process".to_string(), |p| format!("process {p}"));
            let head = format!(
                "{} ({} bytes)",
                left.path.display(),
                crate::base::text::thousands(left.bytes)
            );
            let name = t.file.name;
            lines.push(if left.live {
                format!(
                    "{head}: a save of {name} in progress ({pid} is running), left alone"
                )
            } else {
                match std::fs::remove_file(&left.path) {
                    Ok(()) => format!(
                        "{head}: left by a build of {name} that was interrupted ({pid} is gone); removed"
                    ),
                    Err(e) => format!(
                        "{head}: left by a build of {name} that was interrupted ({pid} is gone); not removed: {}",
                        crate::answer::error::reason(&e)
                    ),
                }
            });
        }
    }
    lines
}

fn tables_listing(dir: Option<&std::path::Path>) -> String {
    use crate::base::table_cache::{CacheError, checked_since, inspect};
    let Some(dir) = dir else {
        return NO_CACHE_DIR.to_string();
    };
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_header(["table", "for", "bytes", "state", "path"]);
    let mut problems = Vec::new();
    for t in cached_tables() {
        let path = t.file.path_in(dir);
        let problem = inspect(&path, &t.file).and_then(|_| {
            if checked_since(&path) {
                return Ok(());
            }
            (t.check)(&path)
        });
        let state = match &problem {
            Ok(()) => "built",
            Err(CacheError::Missing) => "missing",
            Err(e) => {
                problems.push(format!(
                    "{}: the cache file {} {e}",
                    t.file.name,
                    path.display()
                ));
                "damaged"
            }
        };
        let bytes = std::fs::metadata(&path)
            .ok()
            .filter(|m| m.is_file())
            .map_or("—".to_string(), |m| crate::base::text::thousands(m.len()));
        table.add_row([
            t.file.name.to_string(),
            t.what.to_string(),
            bytes,
            state.to_string(),
            path.display().to_string(),
        ]);
    }
    let mut out = table.to_string();
    for p in problems.into_iter().chain(leftover_lines(dir)) {
        out.push('\n');
        out.push_str(&p);
    }
    out
}

/// `tables`: what it is (its descriptor) and how the REPL's words read into its request.
pub static TABLES: CommandDef = CommandDef {
    name: "tables",
    surface: Surface::Cli,
    usage: "[build [--optimal [--size S]] [--twophase-size small|large] | check]",
    summary: "the solver tables cached on disk: name, size, state, path; `tables build` builds them, `tables check` reads each one whole through its checksum",
    args: &[cli(subcommands(
        false,
        &[
            CliSub {
                name: "build",
                about: "Load every table the default solvers use (the 2×2×2's, the two-phase solver's, the 4×4×4's four.bin), building and saving those that are missing or damaged (the optimal solver's only with --optimal)",
                args: &[
                    cli(flag(
                        "optimal",
                        "Also the optimal solver's table (--size medium unless told)",
                    )),
                    cli(opt(
                        "size",
                        Value::OptimalSize,
                        "SIZE",
                        "Which optimal table: small (52 MB, seconds to build), medium (910 MB, 42 s to 2 minutes on two free cores, longer on a busy machine) or large (2.7 GB, searches faster); `solve --method optimal` reads the largest built",
                    )
                    .requires("optimal")),
                    cli(opt(
                        "twophase-size",
                        Value::Choice(&["small", "large"]),
                        "TWOPHASE_SIZE",
                        "The two-phase solver's table set: small (1 MB, built in a fraction of a second, the default) or large (106 MB, exact distances in both phases, faster); `solve` reads the large one once it is built",
                    )),
                ],
            },
            CliSub {
                name: "check",
                about: "Read every built table whole through its checksum and its own checks, a line each; exit status 1 if any is damaged",
                args: &[],
            },
        ],
    ))],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        use crate::solve::table::{optimal_table::SliceKind, twophase_large};
        let mut request = TablesRequest::default();
        match given.subcommand() {
            Some(("build", build)) => {
                if let Some(size) = build
                    .one::<String>("twophase-size")
                    .and_then(|name| twophase_large::size_named(&name))
                {
                    twophase_large::choose(size);
                }
                request.build = true;
                request.optimal = build.flag("optimal").then(|| {
                    build
                        .one::<OptimalSize>("size")
                        .map_or(SliceKind::Sorted, OptimalSize::kind)
                });
            }
            Some(_) => request.check = true,
            None => {}
        }
        given.plain(request)
    }),
    ..CommandDef::NONE
};

/// The optimal solver's tables, by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OptimalSize {
    /// Reid's table: the E-slice edges' slots (52 MB).
    Small,
    /// Kociemba's larger table: the E-slice edges' slots and order (910 MB).
    Medium,
    /// The E-slice edges' slots and the U-layer corners' slots (2.7 GB).
    Large,
    /// The E-slice edges' slots and order, the U-layer corners' slots, and the flips of the U
    /// and D edges only (7.6 GB).
    Huge,
}

impl OptimalSize {
    /// The table's slice coordinate.
    pub fn kind(self) -> crate::solve::table::optimal_table::SliceKind {
        use crate::solve::table::optimal_table::SliceKind;
        match self {
            OptimalSize::Small => SliceKind::Position,
            OptimalSize::Medium => SliceKind::Sorted,
            OptimalSize::Large => SliceKind::Corners,
            OptimalSize::Huge => SliceKind::SortedCorners,
        }
    }
}
