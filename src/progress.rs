//! Long-running work as a terminal shows it: a spinner or a bar on stderr while it runs,
//! hidden when stderr is not a terminal. The library's searches and measurements report
//! their progress through callbacks; this module turns those into indicatif bars, for the
//! command line and the REPL alike.

use crate::compare::{
    Format, Measure, PiecesMeasure, compare_table, measure, measure_sizes, paper_table,
};
use crate::error::Result;
use crate::input::Input;
use crate::notation::Notation;

/// The 3×3×3 search solver with a progress line on stderr (hidden when it is not a terminal).
pub fn solve_with_progress(
    opts: &crate::solve::SearchOptions,
    input: &Input,
    notation: Notation,
) -> Result<String> {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let answer = crate::solve::bfs_report_with(opts, input, notation, &mut |p| {
        let what = match p.phase {
            crate::solve::Phase::Ball => format!(
                "states within {} of solved: {}",
                p.ball_radius,
                crate::text::thousands(p.ball_states)
            ),
            crate::solve::Phase::Search => {
                format!(
                    "searching depth {} of at most {}: {} nodes",
                    p.depth,
                    p.limit,
                    crate::text::thousands(p.nodes)
                )
            }
        };
        bar.set_message(what);
        bar.tick();
    });
    bar.finish_and_clear();
    Ok(answer?)
}

/// The two-phase solver's tables, loaded from the cache or, the first time, built with a
/// progress bar on stderr (hidden when it is not a terminal).
pub fn twophase_tables() -> &'static (crate::solve::tables::Tables, crate::cache::CacheReport) {
    let mut bar: Option<indicatif::ProgressBar> = None;
    let tables = crate::solve::cache::shared_tables(&mut |done, total| {
        let bar = bar.get_or_insert_with(|| {
            let bar = indicatif::ProgressBar::new(total);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "building the two-phase tables {bar:30} {percent:>3}% [{elapsed}]",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        bar.set_position(done);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    tables
}

/// A spinner on stderr saying `what` while `work` runs (hidden when stderr is not a
/// terminal).
pub fn with_spinner<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    let out = work();
    bar.finish_and_clear();
    out
}

/// `cubework tables build`: loads every cached table, building (with a progress bar or
/// spinner) and saving those that are missing or damaged; how each was obtained, then the
/// listing of [`crate::reports::tables_report`].
pub fn build_tables(optimal: bool) -> Result<String> {
    let mut out = Vec::new();
    for metric in crate::metric::Metric::SEARCHED {
        let name = crate::pocket::table_file(metric).name;
        let (_, report) = with_spinner(&format!("{name}: loading or building"), || {
            crate::pocket::shared_table(metric)
        });
        out.push(format!("{name}: {report}"));
    }
    let (_, report) = twophase_tables();
    out.push(format!(
        "{}: {report}",
        crate::solve::cache::table_file().name
    ));
    if optimal {
        let (_, report) = optimal_table_with_report()?;
        out.push(format!(
            "{}: {report}",
            crate::solve::optimal_table::table_file(crate::solve::report::optimal_table_kind())
                .name
        ));
    }
    out.push(crate::reports::tables_report(
        crate::cache::cache_dir().as_deref(),
    ));
    Ok(out.join("\n"))
}

/// Rounds `compare` and `paper` time (after a warm-up round).
pub const ROUNDS: usize = 9;

/// Sizes `paper` times for its General column.
pub const PAPER_SIZES: std::ops::RangeInclusive<usize> = 2..=7;

fn bar(len: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("timing {msg:12} {bar:28} {pos}/{len} rounds")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// `compare` at size `n`: every representation that holds it (and on the 3×3×3 the
/// piece-mapping one) timed on `turns` quarter-turns, with a progress bar, as a table in
/// `format`.
pub fn compare_with_progress(n: usize, turns: usize, format: Format) -> Result<String> {
    let (measures, pieces) = measure_all_with_progress(n, turns)?;
    Ok(compare_table(&measures, pieces.as_ref(), format))
}

/// Every representation that holds size `n` timed on `turns` quarter-turns, and on the
/// 3×3×3 the piece-mapping one, with a progress bar.
pub fn measure_all_with_progress(
    n: usize,
    turns: usize,
) -> Result<(Vec<Measure>, Option<PiecesMeasure>)> {
    let measures = measure_with_progress(n, turns)?;
    let pieces = match n {
        3 => Some(crate::compare::measure_pieces(turns, 7, 0xc0be)?),
        _ => None,
    };
    Ok((measures, pieces))
}

/// `compare --sizes`: every representation's cost against N, with a progress bar.
pub fn compare_sizes_with_progress(
    sizes: std::ops::RangeInclusive<usize>,
    turns: usize,
    format: Format,
) -> Result<String> {
    Ok(crate::compare::sizes_table(
        &measure_sizes_with_progress(sizes, turns)?,
        format,
    ))
}

/// `paper`: the paper's table beside the measured ranks (the 3×3×3, and N = 2 to 7 for
/// General), with a progress bar while timing.
pub fn paper_with_progress(turns: usize, format: Format) -> Result<String> {
    let sweep = measure_sizes_with_progress(PAPER_SIZES, turns)?;
    let three: Vec<Measure> = sweep.iter().filter(|m| m.n == 3).cloned().collect();
    Ok(paper_table(&three, &sweep, format))
}

/// Times the representations at size `n` with a progress bar on stderr (hidden when it is
/// not a terminal).
pub fn measure_with_progress(n: usize, turns: usize) -> Result<Vec<Measure>> {
    let bar = bar(ROUNDS + 1);
    bar.set_message(format!("{n}×{n}×{n}"));
    let measures = measure(n, turns, ROUNDS, 0xc0be, |_| bar.inc(1));
    bar.finish_and_clear();
    Ok(measures?)
}

/// Times the representations at each of `sizes` with a progress bar on stderr.
pub fn measure_sizes_with_progress(
    sizes: std::ops::RangeInclusive<usize>,
    turns: usize,
) -> Result<Vec<Measure>> {
    let bar = bar(sizes.clone().count() * (ROUNDS + 1));
    let measures = measure_sizes(sizes, turns, ROUNDS, 0xc0be, |n, _| {
        bar.set_message(format!("{n}×{n}×{n}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    Ok(measures?)
}

/// The optimal solver's table ([`crate::solve::report::optimal_table_kind`]), loaded from
/// the cache or, the first time, built with a progress bar on stderr (about 45 s on two
/// cores for the large table); Ctrl-C stops a build, and nothing is saved.
pub fn optimal_table() -> Result<&'static crate::solve::optimal_table::AxisTable> {
    Ok(&optimal_table_with_report()?.0)
}

/// [`optimal_table`] with how it was obtained (loaded, or built and saved or not).
pub fn optimal_table_with_report() -> Result<&'static (
    crate::solve::optimal_table::AxisTable,
    crate::cache::CacheReport,
)> {
    use crate::solve::optimal_table::{AxisTable, load_or_build_in};
    static TABLE: std::sync::OnceLock<(AxisTable, crate::cache::CacheReport)> =
        std::sync::OnceLock::new();
    if let Some(t) = TABLE.get() {
        return Ok(t);
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:30} {percent:>3}% [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_message("loading the optimal solver's table");
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    let kind = crate::solve::report::optimal_table_kind();
    let dir = crate::cache::cache_dir();
    let threads = crate::solve::optimal::default_threads();
    let mut announced = false;
    let made = load_or_build_in(kind, dir.as_deref(), threads, &mut |done, total| {
        // Called only by a build, first as it starts: said once, terminal or not.
        if !announced {
            announced = true;
            let path = dir
                .as_deref()
                .map(|d| crate::solve::optimal_table::table_file(kind).path_in(d));
            let line = crate::solve::optimal_table::build_notice(kind, threads, path.as_deref());
            bar.suspend(|| {
                use std::io::Write;
                let _ = writeln!(std::io::stderr(), "{line}");
            });
        }
        bar.set_message("building the optimal solver's table (once)");
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    let made = made?;
    Ok(TABLE.get_or_init(|| made))
}

/// `solve --method optimal` on `input`, with a progress line on stderr while it searches
/// (depth, nodes, nodes a second, time; hidden when stderr is not a terminal).
pub fn optimal_with_progress(
    input: &Input,
    opts: &crate::solve::optimal::OptimalOptions,
    notation: Notation,
) -> Result<String> {
    // Read the state first, so that bad input is reported before any table is loaded.
    let cube = crate::solve::report::read_cube(input)?;
    let table = optimal_table()?;
    let tables = &twophase_tables().0;
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let text = crate::solve::report::optimal_text(table, tables, &cube, opts, notation, &mut |p| {
        let secs = p.elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "optimal search: {} {}, {} nodes, {:.1} M nodes/s",
            if p.probing {
                "two-phase probe for a solution of"
            } else {
                "depth"
            },
            p.depth,
            crate::text::thousands(p.nodes),
            p.nodes as f64 / secs / 1e6
        ));
        bar.tick();
    });
    bar.finish_and_clear();
    Ok(text?)
}
