//! Long-running work as a terminal shows it: a spinner or a bar on stderr while it runs,
//! hidden when stderr is not a terminal. The library's solves ([`crate::solve::Progress`])
//! and measurements report their progress through callbacks; this module turns those into
//! indicatif bars, for the command line and the REPL alike. Nothing else in the library
//! calls it. Without the `cli` feature (the library alone) the bars are
//! `quiet` ones (`src/answer/quiet.rs`), which draw nothing.

#[cfg(not(feature = "cli"))]
use crate::answer::quiet as indicatif;

use crate::base::clock::Instant;
use crate::solve::{Event, Method, Progress, TableKind};

/// The solvers' [`Event`]s drawn on stderr (hidden when it is not a terminal): a bar while a
/// table is built, a spinner while one loads and while a search runs.
///
/// ```
/// use cubework::answer::progress::Terminal;
/// use cubework::solve::{Limits, Method, solve};
/// let cube = cubework::Cube::solved();
/// let s = Terminal::run(|p| solve(&cube, Method::Beginner, &Limits::default(), p)).unwrap();
/// assert!(s.moves.is_empty());
/// ```
#[derive(Default)]
pub struct Terminal {
    bar: std::sync::Mutex<Option<(Shown, indicatif::ProgressBar)>>,
    /// What the listener was last told, and when.
    told: std::sync::Mutex<Option<(Option<Shown>, Instant)>>,
}

/// Where a front end with no terminal (the page's worker) hears what long work is doing: a
/// line for each change of what is shown, and at most one every [`TELL_EVERY`] between; an
/// empty line when the work shown has ended. None is set natively.
static LISTENER: std::sync::Mutex<Option<fn(&str)>> = std::sync::Mutex::new(None);

/// The least time between two lines told a listener about the same work.
pub const TELL_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Tells `to` (none: no one) what every [`Terminal`] shows from now on, as one line of text.
///
/// ```
/// use cubework::answer::progress::{Terminal, listen};
/// use cubework::solve::{Event, TableKind};
/// static HEARD: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
/// listen(Some(|line| HEARD.lock().unwrap().push(line.to_string())));
/// Terminal::run(|p| p.report(&Event::BuildingTable { table: TableKind::Four, done: 1, total: 4 }));
/// listen(None);
/// assert_eq!(
///     *HEARD.lock().unwrap(),
///     ["building the 4×4×4's centre tables (once): 25%", ""]
/// );
/// ```
pub fn listen(to: Option<fn(&str)>) {
    *LISTENER.lock().unwrap_or_else(|e| e.into_inner()) = to;
}

fn listener() -> Option<fn(&str)> {
    *LISTENER.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the bar on screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    Loading(TableKind),
    Building(TableKind),
    Search,
}

fn table_name(table: TableKind) -> &'static str {
    match table {
        TableKind::TwoPhase => "the two-phase tables",
        TableKind::Optimal => "the optimal solver's table",
        TableKind::Pocket(crate::turn::metric::Metric::Qtm) => "the 2×2×2 table (quarter turns)",
        TableKind::Pocket(_) => "the 2×2×2 table (half turns)",
        TableKind::Four => "the 4×4×4's centre tables",
    }
}

/// The optimal search's progress line: where it is, the nodes so far and how fast, by the
/// wall clock and (where the CPU time is known) a thread's rate per CPU-second.
///
/// ```
/// use std::time::Duration;
/// use cubework::answer::progress::optimal_line;
/// let line = optimal_line(17, 40_000_000, Duration::from_secs(2), Some(Duration::from_secs(4)), false);
/// assert_eq!(
///     line,
///     "optimal search: depth 17, 40,000,000 nodes, 20.0 M nodes/s wall-clock, 10.0 M nodes per CPU-second (one thread's rate)"
/// );
/// ```
pub fn optimal_line(
    depth: u8,
    nodes: u64,
    elapsed: std::time::Duration,
    cpu: Option<std::time::Duration>,
    probing: bool,
) -> String {
    let wall = nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
    let per_cpu = crate::base::cpu::millions_per_cpu_second(nodes, cpu)
        .map(|r| format!(", {r:.1} M nodes per CPU-second (one thread's rate)"))
        .unwrap_or_default();
    format!(
        "optimal search: {} {depth}, {} nodes, {wall:.1} M nodes/s wall-clock{per_cpu}",
        if probing {
            "two-phase probe for a solution of"
        } else {
            "depth"
        },
        crate::base::text::thousands(nodes),
    )
}

/// Whether stderr is a terminal, where the bars show the work (never in the library alone).
fn stderr_is_terminal() -> bool {
    #[cfg(feature = "cli")]
    {
        use std::io::IsTerminal;
        std::io::stderr().is_terminal()
    }
    #[cfg(not(feature = "cli"))]
    false
}

/// What is said, off a terminal, as the 4×4×4's tables start to be built: what, how long, and
/// where they will be kept (`dir`, the cache directory).
///
/// ```
/// let said = cubework::answer::progress::four_notice(Some(std::path::Path::new("/c")));
/// assert_eq!(
///     said,
///     "cubework: building the 4×4×4's centre tables: 19 MB, about 20 s on two free cores, longer while other work shares them; they will be saved to /c/four.bin"
/// );
/// ```
pub fn four_notice(dir: Option<&std::path::Path>) -> String {
    let file = crate::solve::search::four::table_file();
    let kept = match dir {
        Some(d) => format!("they will be saved to {}", file.path_in(d).display()),
        None => "no cache directory, so they are not kept".to_string(),
    };
    format!(
        "cubework: building the 4×4×4's centre tables: {:.0} MB, about 20 s on two free cores, longer while other work shares them; {kept}",
        file.max_payload as f64 / 1e6
    )
}

/// What `event` says as one line: what a spinner's message shows, or a bar's words and its
/// percentage.
fn event_line(event: &Event) -> String {
    match *event {
        Event::LoadingTable(table) | Event::TableReady(table) => {
            format!("loading {}", table_name(table))
        }
        Event::BuildingTable { table, done, total } => format!(
            "building {} (once): {}%",
            table_name(table),
            (done * 100).checked_div(total).unwrap_or(0)
        ),
        Event::Ball { radius, states, .. } => format!(
            "states within {radius} of solved: {}",
            crate::base::text::thousands(states)
        ),
        Event::Search {
            method: Method::Optimal,
            depth,
            nodes,
            elapsed,
            cpu,
            probing,
            ..
        } => optimal_line(depth, nodes, elapsed, cpu, probing),
        Event::Search {
            depth,
            limit,
            nodes,
            ..
        } => {
            let limit = limit
                .map(|l| format!(" of at most {l}"))
                .unwrap_or_default();
            format!(
                "searching depth {depth}{limit}: {} nodes",
                crate::base::text::thousands(nodes)
            )
        }
    }
}

fn spinner() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar
}

impl Terminal {
    /// Runs `work` with a [`Progress`] drawn on stderr, and clears what it drew.
    pub fn run<T>(work: impl FnOnce(&Progress) -> T) -> T {
        let terminal = Terminal::default();
        let show = |e: &Event| terminal.show(e);
        let out = work(&Progress::new(&show));
        terminal.clear();
        out
    }

    /// Draws `event`.
    pub fn show(&self, event: &Event) {
        let mut guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        let wanted = match *event {
            Event::LoadingTable(TableKind::TwoPhase) => None,
            Event::LoadingTable(t) => Some(Shown::Loading(t)),
            Event::BuildingTable { table, .. } => Some(Shown::Building(table)),
            Event::TableReady(_) => None,
            Event::Ball { .. } | Event::Search { .. } => Some(Shown::Search),
        };
        self.tell(wanted, event);
        let Some(wanted) = wanted else {
            if let Some((_, bar)) = guard.take() {
                bar.finish_and_clear();
            }
            return;
        };
        if guard.as_ref().map(|(shown, _)| *shown) != Some(wanted) {
            if let Some((_, bar)) = guard.take() {
                bar.finish_and_clear();
            }
            let bar = match wanted {
                Shown::Loading(_) => {
                    let bar = spinner();
                    bar.set_message(event_line(event));
                    bar.enable_steady_tick(std::time::Duration::from_millis(100));
                    bar
                }
                Shown::Building(table) => {
                    if table == TableKind::Optimal {
                        // Minutes of work: said once, even when stderr is not a terminal.
                        let kind = crate::solve::table::shared::optimal_table_kind();
                        let threads = crate::solve::search::optimal::default_threads();
                        let dir = crate::base::table_cache::cache_dir();
                        let path = dir.as_deref().map(|d| {
                            crate::solve::table::optimal_table::table_file(kind).path_in(d)
                        });
                        let rebuilt = crate::solve::table::optimal_table::rebuild_reason();
                        crate::answer::output::err(
                            crate::solve::table::optimal_table::build_notice(
                                kind,
                                threads,
                                path.as_deref(),
                                rebuilt.as_deref(),
                            ),
                        );
                    }
                    if table == TableKind::Four && !stderr_is_terminal() {
                        // A minute or more with no bar to show it: said once.
                        crate::answer::output::err(four_notice(
                            crate::base::table_cache::cache_dir().as_deref(),
                        ));
                    }
                    let bar = indicatif::ProgressBar::new(0);
                    bar.set_style(
                        indicatif::ProgressStyle::with_template(&format!(
                            "building {} (once) {{bar:30}} {{percent:>3}}% [{{elapsed}}]",
                            table_name(table)
                        ))
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                    );
                    bar
                }
                Shown::Search => spinner(),
            };
            *guard = Some((wanted, bar));
        }
        let Some((_, bar)) = guard.as_ref() else {
            return;
        };
        match *event {
            Event::BuildingTable { done, total, .. } => {
                bar.set_length(total);
                bar.set_position(done);
            }
            Event::Ball { .. } | Event::Search { .. } => {
                bar.set_message(event_line(event));
                bar.tick();
            }
            Event::LoadingTable(_) | Event::TableReady(_) => {}
        }
    }

    /// Tells the listener, if one is set, what `event` shows (`wanted`): always when that
    /// changes, else at most every [`TELL_EVERY`].
    fn tell(&self, wanted: Option<Shown>, event: &Event) {
        let Some(listener) = listener() else { return };
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let due = match *told {
            None => wanted.is_some(),
            Some((shown, at)) => shown != wanted || now.duration_since(at) >= TELL_EVERY,
        };
        if due {
            *told = Some((wanted, now));
            listener(&wanted.map(|_| event_line(event)).unwrap_or_default());
        }
    }

    /// Clears whatever is drawn.
    pub fn clear(&self) {
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        if let (Some((Some(_), _)), Some(listener)) = (told.take(), listener()) {
            listener("");
        }
        drop(told);
        let mut guard = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, bar)) = guard.take() {
            bar.finish_and_clear();
        }
    }
}

/// A bar of timing rounds, `len` long, for the measurements of `compare` and `paper`.
pub fn timing_bar(len: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("timing {msg:12} {bar:28} {pos}/{len} rounds")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}
