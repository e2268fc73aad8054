//! The command line: `cubework [COMMAND]`. With no command it opens the REPL.
//!
//! Every command prints its answer on stdout (the answer alone on the last line, for scripts)
//! and, on bad input, one line on stderr and exit status 2, with nothing on stdout.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::compare::{Format, compare_table};
use crate::cube::Cube;
use crate::draw::{Camera, PictureFormat, ViewKind};
use crate::error::{Error, Result};
use crate::input::Input;
use crate::metric::Metric;
use crate::output;
use crate::parser::{Notation, parse_sequence};
use crate::perm::OrderBy;
use crate::progress::{
    measure_all_with_progress, measure_sizes_with_progress, paper_with_progress,
    solve_with_progress,
};
use crate::rep::RepKind;
use crate::reports;
use crate::solve::twophase::TwoPhaseOptions;

/// An APL-style array-programming workbench for Rubik's Cube.
#[derive(Debug, Parser)]
#[command(name = "cubework", version, about, long_about = None)]
pub struct Cli {
    /// What to do; none opens the REPL.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// How `apply` shows the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum Show {
    /// The representation's own display, as in the paper.
    #[default]
    Native,
    /// The unfolded net.
    Net,
    /// The 54-character facelet string, alone on one line.
    Facelets,
}

/// How `solve` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum Method {
    /// Kociemba's two-phase method: any cube in milliseconds, in at most --max-length moves.
    #[default]
    #[value(name = "twophase")]
    TwoPhase,
    /// Breadth-first from both ends: a shortest solution, within the depth limit.
    Bfs,
    /// The layer-by-layer method a person learns: seven named stages, a line each.
    Beginner,
    /// IDA* with a large pruning table: a proven-shortest solution of any cube, on every
    /// core (seconds to a minute or two for a random cube; --time-limit stops it with what
    /// it has proven).
    Optimal,
}

/// `cubework tables …`.
#[derive(Debug, Subcommand)]
pub enum TablesCommand {
    /// Load every table, building and saving those that are missing or damaged (the
    /// optimal solver's only with --optimal).
    Build {
        /// Also the optimal solver's table: 883 MB, about 45 s on two cores.
        #[arg(long)]
        optimal: bool,
    },
}

/// `cubework pocket …`.
#[derive(Debug, Subcommand)]
pub enum PocketCommand {
    /// The distance distribution of all 3,674,160 states, and God's number.
    Table {
        /// Quarter-turn or half-turn metric.
        #[arg(long, default_value = "htm", value_parser = searched_metric())]
        metric: Metric,
        /// A table, or CSV with the header `depth,count`.
        #[arg(long, value_enum, default_value_t = PocketFormat::Table)]
        format: PocketFormat,
        /// Also draw the distribution in both metrics as a chart to this file (SVG; PNG for a
        /// .png name).
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
    },
    /// An optimal solution in moves of U, R and F.
    Solve {
        /// Quarter-turn or half-turn metric.
        #[arg(long, default_value = "htm", value_parser = searched_metric())]
        metric: Metric,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The state as a 24-letter facelet string instead of ALG.
        #[arg(long, value_name = "FACELETS", conflicts_with = "alg")]
        facelets: Option<String>,
        /// The state as moves from solved.
        #[arg()]
        alg: Vec<String>,
    },
}

/// Output of `pocket table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum PocketFormat {
    /// A table for the terminal.
    #[default]
    Table,
    /// `depth,count` rows.
    Csv,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Apply moves to the solved cube (or to --from) and print the result.
    Apply {
        /// Representation: numeric local composite visual vector 4d nested (3×3×3 only).
        #[arg(long)]
        rep: Option<String>,
        /// Cube size N (2 to 9); other sizes than 3 are shown as a net.
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
        /// Notation of MOVES.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// Start from this facelet string (URFDLB order) instead of solved.
        #[arg(long, value_name = "FACELETS")]
        from: Option<String>,
        /// How to show the result.
        #[arg(long, value_enum, default_value_t = Show::Native)]
        show: Show,
        /// The moves (the rest of the line, joined by spaces).
        #[arg()]
        moves: Vec<String>,
    },
    /// List the representations at a size: shape, element, bytes, defined moves (and which
    /// do not hold that size, and why).
    Reps {
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
    },
    /// The order of a sequence: how many repetitions bring the cube back.
    Order {
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
        /// Back when it looks the same (colours) or when every sticker is home (labels).
        #[arg(long, value_enum, default_value_t = OrderBy::Colours)]
        by: OrderBy,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// Also draw the cycle lengths as a chart to this file (SVG; PNG for a .png name).
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
        /// The sequence (sequence algebra allowed).
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// The sequence's permutation of the sticker tuple, in cycle notation.
    Cycles {
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// Where each corner, edge and centre of the 3×3×3 goes, and how it twists or flips.
    Effect {
        /// Cube size: 3 only (any other is refused; `cycles --size N` shows where each
        /// sticker of an N×N×N goes).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// The inverse of a sequence.
    Invert {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// A sequence with its groups, commutators, conjugates and tools written out.
    Expand {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// A sequence with cancelling and mergeable moves combined.
    Simplify {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// The length of a sequence in a metric.
    Count {
        /// Half-turn, quarter-turn or slice-turn metric.
        #[arg(long, value_enum, default_value_t = Metric::Htm)]
        metric: Metric,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// The paper's tools (SWITCH TWIST SNAP LIFT CYCLE FLIP) as reconstructed.
    Tools {
        /// Re-run the reconstruction search and show its working.
        #[arg(long)]
        search: bool,
    },
    /// The paper's SCRAMBLE: random quarter-turns of the outer faces; on the 4×4×4 and up,
    /// random outer and wide turns as the WCA's scrambles; or a random state.
    Scramble {
        /// How many turns (default: 17 quarter-turns; with --size 4 and up the WCA's 40, 60,
        /// 80, 100 turns, twenty more a size).
        #[arg(allow_negative_numbers = true, value_parser = whole::<usize>)]
        count: Option<usize>,
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
        /// Instead, a state drawn uniformly from all of them, as the moves that make it (the
        /// 3×3×3: at most 21, from the two-phase solver; the 2×2×2: optimal, from the pocket
        /// table).
        #[arg(long, conflicts_with = "count")]
        random_state: bool,
        /// Seed, for a scramble that can be repeated.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>)]
        seed: Option<u64>,
        /// Notation to write it in.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
    },
    /// The 2×2×2 solved completely: its distance table, and optimal solutions.
    #[command(subcommand)]
    Pocket(PocketCommand),
    /// Solve a 3×3×3: two-phase (any cube, fast), a shortest solution by search (bfs), or the
    /// beginner's method stage by stage.
    Solve {
        /// twophase (Kociemba's method, at most --max-length moves), optimal (proven
        /// shortest, any cube, minutes at most), bfs (bidirectional breadth-first, optimal,
        /// within a depth limit) or beginner (layer by layer, seven stages).
        #[arg(long, value_enum, default_value_t = Method::TwoPhase)]
        method: Method,
        /// Count moves in the half-turn or quarter-turn metric (two-phase: htm only).
        #[arg(long, default_value = "htm", value_parser = searched_metric())]
        metric: Metric,
        /// The longest solution accepted (two-phase, default 21); the depth limit (bfs).
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u8>)]
        max_length: Option<u8>,
        /// Keep looking for shorter solutions for this long, then print the best (two-phase);
        /// stop after this long with what is proven and the best found (optimal).
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds_arg)]
        time_limit: Option<std::time::Duration>,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The state as a 54-letter facelet string instead of ALG.
        #[arg(long, value_name = "FACELETS", conflicts_with = "alg")]
        facelets: Option<String>,
        /// Solve every state in FILE (`-`: standard input), one a line (a facelet string or
        /// moves), printing one solution a line; a summary goes to stderr.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["alg", "facelets"])]
        batch: Option<std::path::PathBuf>,
        /// The state as moves from solved.
        #[arg()]
        alg: Vec<String>,
    },
    /// Time every representation's quarter-turns (as defined and compiled) and rank them.
    Compare {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Random quarter-turns to time (with --sizes: on the 3×3×3, fewer on bigger cubes).
        #[arg(long, default_value_t = 10_000, allow_negative_numbers = true, value_parser = turns_arg)]
        turns: u32,
        /// Cube size N (2 to 9): the table at that size.
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg, conflicts_with = "sizes")]
        size: usize,
        /// A range of sizes, e.g. 2..7: every representation's ns per turn and bytes against N.
        #[arg(long, value_name = "A..B", value_parser = sizes_arg)]
        sizes: Option<SizeRange>,
        /// Also draw ns per turn as a chart to this file (SVG; PNG for a .png name): by
        /// representation, or with --sizes against N.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
    },
    /// The paper's comparison table beside this workbench's measurements.
    Paper {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Random quarter-turns to time for the Speed column.
        #[arg(long, default_value_t = 2_000, allow_negative_numbers = true, value_parser = turns_arg)]
        turns: u32,
    },
    /// The solver tables cached on disk: name, size, state, path; `tables build` builds them.
    Tables {
        /// What to do: nothing lists them; build loads or builds them all.
        #[command(subcommand)]
        action: Option<TablesCommand>,
    },
    /// Draw the cube (moves from solved, or --from): in perspective, as a net, or as a
    /// representation lays it out; SVG, or an HTML page that turns.
    Draw {
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3)]
        size: usize,
        /// Notation of ALG, --arrows and --only.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// Start from this facelet string (URFDLB order) instead of solved.
        #[arg(long, value_name = "FACELETS")]
        from: Option<String>,
        /// What to draw: 3d (default), net, or rep (with --rep: a representation's layout).
        #[arg(long, value_enum)]
        view: Option<ViewKind>,
        /// The representation drawn by --view rep (implies it): numeric local composite
        /// visual vector 4d nested.
        #[arg(long)]
        rep: Option<String>,
        /// Degrees round the vertical axis from the front, towards the right (-360 to 360).
        #[arg(long, default_value_t = Camera::DEFAULT_YAW, allow_hyphen_values = true)]
        yaw: f64,
        /// Degrees above the horizon (-90 to 90; negative looks from below).
        #[arg(long, default_value_t = Camera::DEFAULT_PITCH, allow_hyphen_values = true)]
        pitch: f64,
        /// Distance from the cube's centre, in cube edges (1.5 to 100; larger is flatter).
        #[arg(long, default_value_t = Camera::DEFAULT_DISTANCE, allow_hyphen_values = true)]
        distance: f64,
        /// Add the cube seen from behind, so that every sticker shows (3d).
        #[arg(long)]
        back: bool,
        /// Keep colour only on corners, edges, centres, or a layer (U, 2R, E, …); grey the rest.
        #[arg(long, value_name = "WHAT")]
        only: Option<String>,
        /// Draw arrows from where each piece ALG moves is to where it goes.
        #[arg(long, value_name = "ALG", allow_hyphen_values = true)]
        arrows: Option<String>,
        /// svg or html (by default from the file name: .html is html; a .png name gets the SVG
        /// picture as a PNG image).
        #[arg(long, value_enum)]
        format: Option<PictureFormat>,
        /// The file to write (.svg, .html, or .png for an image); - for standard output.
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        /// The moves, from solved (or from --from).
        alg: Vec<String>,
    },
    /// Run a session file: each line as typed in the REPL, without prompts or colour.
    Run {
        /// The file to run.
        file: std::path::PathBuf,
    },
    /// Print shell completions for cubework, generated from the same definitions as --help.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print cubework's man page (roff), generated from the same definitions as --help.
    Manpage,
}

/// Parses the arguments and runs the command: everything the binary does. Its output goes
/// through [`output`], so that a closed pipe or a full disk is an error here,
/// never a panic.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Result<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print as clap means them to be, and succeed.
            output::out_raw(e)?;
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `cubework pocket` alone: which subcommand? Its usage, as an error.
            return Err(Error::Usage(format!(
                "a subcommand is needed here\n\n{}",
                e.render().to_string().trim_end()
            )));
        }
        Err(e) => return Err(Error::Usage(one_line(&e.to_string()))),
    };
    // A path forced by CUBEWORK_SIMD that this CPU lacks, or a misspelt one, is said at once.
    crate::simd::ShufflePath::from_env().map_err(Error::Environment)?;
    match cli.command {
        None => crate::repl::run_interactive(),
        Some(Command::Run { file }) => {
            let open = open_file(&file)?;
            crate::repl::run_lines(std::io::BufReader::new(open))
        }
        Some(Command::Completions { shell }) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cubework", &mut script);
            output::out_raw(String::from_utf8_lossy(&script))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Manpage) => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command()).render(&mut page)?;
            output::out_raw(String::from_utf8_lossy(&page))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Solve {
            method,
            metric,
            max_length,
            time_limit,
            notation,
            batch: Some(file),
            ..
        }) => solve_batch(&file, method, metric, notation, max_length, time_limit),
        Some(command) => {
            crate::cancel::install();
            let out = execute(command)?;
            output::out(out)?;
            // Work that Ctrl-C stopped with an answer (the optimal solver's best found) still
            // ends with the status of Ctrl-C.
            Ok(if crate::cancel::requested() {
                ExitCode::from(130)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// What the binary does with an error from [`run`]: nothing when standard output was closed
/// by its reader (`cubework compare | head -1` is a normal way to stop), otherwise one line
/// on standard error; and the exit status.
pub fn report(err: Error) -> ExitCode {
    if let Error::Io(e) = &err
        && output::is_closed_pipe(e)
    {
        return ExitCode::SUCCESS;
    }
    output::err(format!("cubework: {err}"));
    ExitCode::from(err.exit_code())
}

/// Opens a file the user named, refusing what is not a regular file to read from (a
/// directory cannot be read; a FIFO or device is read as a stream).
fn open_file(path: &std::path::Path) -> Result<std::fs::File> {
    let file_error = |source| Error::File {
        path: path.to_path_buf(),
        source,
    };
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(file_error(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    std::fs::File::open(path).map_err(file_error)
}

/// A clap error on one line: what is wrong and any tip, without the usage and help lines.
fn one_line(message: &str) -> String {
    message
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.trim_start_matches("error: "))
        .fold(String::new(), |mut out, l| {
            if !out.is_empty() {
                out.push_str(if l.starts_with("tip:") { "; " } else { " " });
            }
            out.push_str(l);
            out
        })
}

/// The metrics the solvers search in, half-turn and quarter-turn (the slice-turn metric counts
/// moves they do not make), so that `--help` offers only what works.
fn searched_metric() -> impl clap::builder::TypedValueParser<Value = Metric> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["htm", "qtm"]).map(|s| match s.as_str() {
        "qtm" => Metric::Qtm,
        _ => Metric::Htm,
    })
}

/// A whole number, 0 or more.
fn whole<T: std::str::FromStr>(s: &str) -> std::result::Result<T, String> {
    if s.trim().starts_with('-') {
        return Err("must be 0 or more".into());
    }
    s.trim()
        .parse()
        .map_err(|_| "must be a whole number, 0 or more".into())
}

/// A number of seconds, more than 0 and at most an hour.
fn seconds_arg(s: &str) -> std::result::Result<std::time::Duration, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| "must be a number of seconds".to_string())?;
    if t > 0.0 && t <= 3600.0 {
        Ok(std::time::Duration::from_secs_f64(t))
    } else {
        Err("must be more than 0 and at most 3600".into())
    }
}

/// The two-phase solver's options from the command line; an error for a method or metric
/// it does not take.
fn twophase_options(
    method: Method,
    metric: Metric,
    max_length: Option<u8>,
    time_limit: Option<std::time::Duration>,
) -> Result<TwoPhaseOptions> {
    if method != Method::TwoPhase {
        return Err(Error::Usage(
            "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs"
                .into(),
        ));
    }
    crate::solve::report::check_metric(metric)?;
    let mut opts = TwoPhaseOptions {
        time_limit,
        ..TwoPhaseOptions::default()
    };
    if let Some(n) = max_length {
        opts.max_length = n;
    }
    if opts.max_length > crate::solve::twophase::MAX_LENGTH_LIMIT {
        return Err(crate::solve::SolveError::LengthTooHigh {
            asked: opts.max_length,
            max: crate::solve::twophase::MAX_LENGTH_LIMIT,
        }
        .into());
    }
    Ok(opts)
}

/// A cube size, 2 to 9.
fn size_arg(s: &str) -> std::result::Result<usize, String> {
    Cube::read_size(s)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            format!(
                "must be a whole number from 2 to {}",
                crate::geometry::MAX_SIZE
            )
        })
}

/// A range of cube sizes, as `--sizes` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeRange(pub std::ops::RangeInclusive<usize>);

/// `--sizes A..B`: see [`crate::compare::parse_sizes`].
fn sizes_arg(s: &str) -> std::result::Result<SizeRange, String> {
    crate::compare::parse_sizes(s).map(SizeRange)
}

/// A number of quarter-turns to time, 1 to [`crate::compare::MAX_TURNS`].
fn turns_arg(s: &str) -> std::result::Result<u32, String> {
    use crate::text::{WholeError, thousands, whole_in};
    let max = crate::compare::MAX_TURNS as u64;
    match whole_in(s, 1, max) {
        Ok(n) => Ok(n as u32),
        Err(WholeError::NotANumber) => Err(format!(
            "must be a whole number from 1 to {}",
            thousands(max)
        )),
        Err(WholeError::OutOfRange) => Err(format!("must be from 1 to {}", thousands(max))),
    }
}

/// Runs one command and returns what it prints.
pub fn execute(command: Command) -> Result<String> {
    match command {
        Command::Apply {
            rep,
            size,
            notation,
            from,
            show,
            moves,
        } => {
            let moves = moves.join(" ");
            if size == 3 {
                apply(
                    rep.as_deref().unwrap_or("vector"),
                    notation,
                    from.as_deref(),
                    show,
                    &moves,
                )
            } else {
                apply_n(
                    size,
                    rep.as_deref(),
                    notation,
                    from.as_deref(),
                    show,
                    &moves,
                )
            }
        }
        Command::Order {
            size,
            by,
            notation,
            plot,
            alg,
        } => {
            let text = alg.join(" ");
            let report = reports::order_report(size, by, &text, notation)?;
            match plot {
                Some(path) => {
                    let chart = crate::draw::chart::order_chart(size, by, &text, notation)?;
                    let line =
                        crate::draw::save_chart(&path, &chart, "chart of the cycle lengths")?;
                    Ok(format!("{line}\n{report}"))
                }
                None => Ok(report),
            }
        }
        Command::Cycles {
            size,
            notation,
            alg,
        } => Ok(reports::cycles_report(size, &alg.join(" "), notation)?),
        Command::Effect {
            size,
            notation,
            alg,
        } => Ok(reports::effect_report(size, &alg.join(" "), notation)?),
        Command::Invert { notation, alg } => Ok(reports::invert_report(&alg.join(" "), notation)?),
        Command::Expand { notation, alg } => Ok(reports::expand_report(&alg.join(" "), notation)?),
        Command::Simplify { notation, alg } => {
            Ok(reports::simplify_report(&alg.join(" "), notation)?)
        }
        Command::Count {
            metric,
            notation,
            alg,
        } => Ok(reports::count_report(metric, &alg.join(" "), notation)?),
        Command::Pocket(PocketCommand::Table {
            metric,
            format,
            plot,
        }) => {
            let report = crate::pocket::table_report(metric, format == PocketFormat::Csv)?;
            match plot {
                Some(path) => {
                    let line = pocket_chart(&path)?;
                    Ok(format!("{line}\n{report}"))
                }
                None => Ok(report),
            }
        }
        Command::Pocket(PocketCommand::Solve {
            metric,
            notation,
            facelets,
            alg,
        }) => Ok(crate::pocket::solve_report(
            metric,
            &input(facelets, &alg, notation)?,
            notation,
        )?),
        Command::Solve {
            batch: Some(file), ..
        } => Err(Error::Usage(format!(
            "solve --batch {} runs from the command line only",
            file.display()
        ))),
        Command::Solve {
            method: Method::Bfs,
            metric,
            max_length,
            time_limit: None,
            batch: None,
            notation,
            facelets,
            alg,
        } => {
            let opts = crate::solve::SearchOptions {
                metric,
                depth_limit: max_length.unwrap_or(crate::solve::default_limit(metric)),
            };
            solve_with_progress(&opts, &input(facelets, &alg, notation)?, notation)
        }
        Command::Solve {
            method: Method::Optimal,
            metric,
            max_length: None,
            time_limit,
            batch: None,
            notation,
            facelets,
            alg,
        } => {
            let opts = crate::solve::optimal::OptimalOptions {
                metric,
                time_limit,
                ..Default::default()
            };
            crate::progress::optimal_with_progress(
                &input(facelets, &alg, notation)?,
                &opts,
                notation,
            )
        }
        Command::Solve {
            method: Method::Beginner,
            metric,
            max_length: None,
            time_limit: None,
            notation,
            facelets,
            alg,
            batch: None,
        } => Ok(crate::beginner::report::report(
            &input(facelets, &alg, notation)?,
            metric,
            notation,
        )?),
        Command::Solve {
            method,
            metric,
            max_length,
            time_limit,
            batch: _,
            notation,
            facelets,
            alg,
        } => {
            let opts = twophase_options(method, metric, max_length, time_limit)?;
            // Read the state first, so that bad input is reported before any table is built.
            let cube = crate::solve::report::read_cube(&input(facelets, &alg, notation)?)?;
            let tables = &crate::progress::twophase_tables().0;
            Ok(crate::solve::report::twophase_text(
                tables, &cube, &opts, notation,
            )?)
        }
        Command::Tables { action: None } => {
            Ok(reports::tables_report(crate::cache::cache_dir().as_deref()))
        }
        Command::Tables {
            action: Some(TablesCommand::Build { optimal }),
        } => crate::progress::build_tables(optimal),
        Command::Tools { search: false } => Ok(reports::tools_report()?),
        Command::Tools { search: true } => Ok(reports::tools_search_report()?),
        Command::Scramble {
            random_state: true,
            size: 2,
            seed,
            notation,
            ..
        } => Ok(reports::pocket_random_state_report(
            &crate::pocket::shared_table(Metric::Htm).0,
            seed,
            notation,
        )?),
        Command::Scramble {
            random_state: true,
            size: 3,
            seed,
            notation,
            ..
        } => Ok(reports::random_state_report(
            &crate::progress::twophase_tables().0,
            seed,
            notation,
        )?),
        Command::Scramble {
            random_state: true,
            size,
            ..
        } => Err(Error::Usage(format!(
            "--random-state is for the 2×2×2 and the 3×3×3, whose states the solvers know; --size {size} without it scrambles by random outer and wide turns, as the WCA's scrambles"
        ))),
        Command::Scramble {
            count,
            size,
            seed,
            notation,
            ..
        } => Ok(reports::sized_scramble_report(size, count, seed, notation)?),
        Command::Reps { size } => Ok(reports::reps_table(size)),
        Command::Compare {
            format,
            turns,
            size,
            sizes,
            plot,
        } => {
            if let Some(SizeRange(sizes)) = sizes {
                let sweep = measure_sizes_with_progress(sizes, turns as usize)?;
                let table = crate::compare::sizes_table(&sweep, format);
                return match plot {
                    Some(path) => {
                        let (defined, compiled) = crate::draw::chart::size_lines(&sweep);
                        let note = format!(
                            "{turns} random quarter-turns on the 3×3×3, fewer on bigger cubes; medians of samples from {} interleaved rounds",
                            crate::progress::ROUNDS
                        );
                        let chart = crate::draw::chart::sizes_chart(&defined, &compiled, &note)?;
                        let line = crate::draw::save_chart(
                            &path,
                            &chart,
                            "chart of ns per turn against N",
                        )?;
                        Ok(format!("{line}\n{table}"))
                    }
                    None => Ok(table),
                };
            }
            let (measures, pieces) = measure_all_with_progress(size, turns as usize)?;
            let table = compare_table(&measures, pieces.as_ref(), format);
            match plot {
                Some(path) => {
                    let bars = crate::draw::chart::speed_bars(&measures, pieces.as_ref());
                    let note = format!(
                        "{turns} random quarter-turns of the {size}×{size}×{size}, median of samples from {} interleaved rounds",
                        crate::progress::ROUNDS
                    );
                    let chart = crate::draw::chart::speed_chart(&bars, &note)?;
                    let line = crate::draw::save_chart(&path, &chart, "chart of ns per turn")?;
                    Ok(format!("{line}\n{table}"))
                }
                None => Ok(table),
            }
        }
        Command::Draw {
            size,
            notation,
            from,
            view,
            rep,
            yaw,
            pitch,
            distance,
            back,
            only,
            arrows,
            format,
            output,
            alg,
        } => {
            let output = output.ok_or_else(|| {
                Error::Usage("draw needs -o FILE (or -o - for standard output)".into())
            })?;
            Cube::check_size(size)?;
            let start = start_cube(from.as_deref(), size)?;
            let alg = alg.join(" ");
            let mut cube = start;
            cube.apply_all(&parse_sequence(&alg, notation)?)?;
            let mut caption = vec![alg.trim().to_string()];
            let only = match only {
                Some(text) => Some(crate::draw::Only::parse(&text, size, notation)?),
                None => None,
            };
            if let Some(o) = &only {
                caption.push(format!("only {o}"));
            }
            let arrows = match arrows {
                Some(text) => {
                    caption.push(format!("arrows: {}", text.trim()));
                    let moves = parse_sequence(&text, notation)
                        .map_err(|e| Error::Usage(format!("--arrows: {e}")))?;
                    Some(moves)
                }
                None => None,
            };
            let picture = crate::draw::Picture {
                view: view.unwrap_or(if rep.is_some() {
                    ViewKind::Rep
                } else {
                    ViewKind::ThreeD
                }),
                rep: rep.as_deref().unwrap_or("vector").parse()?,
                camera: Camera::new(yaw, pitch, distance)?,
                back,
                only,
                arrows,
                format: format
                    .unwrap_or_else(|| PictureFormat::from_path(&output.to_string_lossy())),
                caption: caption
                    .into_iter()
                    .filter(|c| !c.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · "),
            };
            crate::draw::save(&cube, &picture, &output)
        }
        Command::Paper { format, turns } => paper_with_progress(turns as usize, format),
        Command::Run { file } => Err(Error::Usage(format!(
            "run {} is not a one-shot command",
            file.display()
        ))),
        Command::Completions { .. } | Command::Manpage => Err(Error::Usage(
            "completions and manpage print to standard output only".to_string(),
        )),
    }
}

/// `cubework apply`: the state after `moves`, shown as asked.
///
/// ```
/// use cubework::cli::{apply, Show};
/// use cubework::Notation;
/// let s = apply("numeric", Notation::Standard, None, Show::Facelets, "R").unwrap();
/// assert_eq!(s, "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
/// ```
pub fn apply(
    rep: &str,
    notation: Notation,
    from: Option<&str>,
    show: Show,
    moves: &str,
) -> Result<String> {
    let kind: RepKind = rep.parse()?;
    let cube = start_cube(from, 3)?;
    let moves = parse_sequence(moves, notation)?;
    let mut state = kind.build(&cube)?;
    state.apply_all(&moves)?;
    Ok(match show {
        Show::Native => state.render(),
        Show::Net => net(&state.to_cube()),
        Show::Facelets => state.to_cube().facelets(),
    })
}

/// The cube `--from` gives (solved without it). A cube no turning can reach is accepted — the
/// representations hold any stickers — with one line on stderr saying why it is impossible.
fn start_cube(from: Option<&str>, n: usize) -> Result<Cube> {
    let Some(s) = from else {
        return Ok(Cube::solved_n(n));
    };
    let cube = Cube::from_facelets_n(s, n)?;
    if let Some(note) = crate::command::impossible_note(&cube) {
        output::err(format!("cubework: note: {note}"));
    }
    Ok(cube)
}

/// The net, in colour blocks on a terminal (as the REPL draws it), letters otherwise.
fn net(cube: &Cube) -> String {
    if crate::repl::use_colour() {
        cube.net_with(crate::command::colour_block, 2)
    } else {
        cube.net()
    }
}

/// `cubework apply --size N` for N ≠ 3: the canonical N×N×N cube (the paper's
/// representations are 3×3×3 only), shown as its net or facelet string.
pub fn apply_n(
    n: usize,
    rep: Option<&str>,
    notation: Notation,
    from: Option<&str>,
    show: Show,
    moves: &str,
) -> Result<String> {
    Cube::check_size(n)?;
    let kind: Option<RepKind> = rep.map(str::parse).transpose()?;
    let start = start_cube(from, n)?;
    if let Some(kind) = kind {
        let mut state = kind.build(&start)?;
        state.apply_all(&parse_sequence(moves, notation)?)?;
        return Ok(match show {
            Show::Native => state.render(),
            Show::Net => net(&state.to_cube()),
            Show::Facelets => state.to_cube().facelets(),
        });
    }
    let cube = crate::input::do_sequence(&start, moves, notation)?;
    Ok(match show {
        Show::Native | Show::Net => net(&cube),
        Show::Facelets => cube.facelets(),
    })
}

/// What the user gave as a state: a facelet string, or moves (sequence algebra allowed).
pub fn input(facelets: Option<String>, alg: &[String], notation: Notation) -> Result<Input> {
    Ok(match facelets {
        Some(s) => Input::Facelets(s),
        None if alg.iter().all(|a| a.trim().is_empty()) => {
            return Err(Error::Usage(
                "which cube? give the moves that make it (e.g. \"R U F'\") or --facelets S".into(),
            ));
        }
        None => Input::Moves(parse_sequence(&alg.join(" "), notation)?),
    })
}
/// `cubework solve --batch FILE`: one solution a line on stdout, a line on stderr for each
/// state that fails and a summary at the end; exit status 130 if Ctrl-C stopped it, else 2
/// if any failed.
pub fn solve_batch(
    file: &std::path::Path,
    method: Method,
    metric: Metric,
    notation: Notation,
    max_length: Option<u8>,
    time_limit: Option<std::time::Duration>,
) -> Result<ExitCode> {
    crate::cancel::install();
    type Solver<'a> = Box<dyn FnMut(&Input) -> Result<crate::batch::Answer> + 'a>;
    let mut solver: Solver = match method {
        Method::Beginner if max_length.is_none() && time_limit.is_none() => {
            Box::new(|state: &Input| -> Result<crate::batch::Answer> {
                Ok(crate::beginner::solve_input(state)?.1.simplified().into())
            })
        }
        Method::Optimal if max_length.is_none() => {
            let opts = crate::solve::optimal::OptimalOptions {
                metric,
                time_limit,
                ..Default::default()
            };
            let table = crate::progress::optimal_table()?;
            let tables = &crate::progress::twophase_tables().0;
            Box::new(move |state: &Input| -> Result<crate::batch::Answer> {
                let cube = crate::solve::report::read_cube(state)?;
                let solved =
                    crate::solve::report::optimal_cube(table, tables, &cube, &opts, &mut |_| {})?;
                let unproven = (!solved.proven()).then(|| {
                    format!(
                        "stopped at the time limit: no solution of {} or fewer; the answer is the best found, not proven shortest",
                        crate::text::count(
                            u64::from(solved.search.lower_bound.saturating_sub(1)),
                            "move"
                        )
                    )
                });
                Ok(crate::batch::Answer {
                    moves: solved.sequence(),
                    unproven,
                })
            })
        }
        Method::Bfs => {
            return Err(Error::Usage(
                "solve --batch takes --method twophase (the default) or --method beginner (the breadth-first search solves one state at a time)".to_string(),
            ));
        }
        Method::TwoPhase | Method::Beginner | Method::Optimal => {
            let opts = twophase_options(method, metric, max_length, time_limit)?;
            // Load (or build) the tables before the first line, so that its time is a solve's.
            let tables = &crate::progress::twophase_tables().0;
            Box::new(move |state: &Input| -> Result<crate::batch::Answer> {
                let cube = crate::solve::report::read_cube(state)?;
                Ok(crate::solve::report::solve_cube(tables, &cube, &opts)?
                    .sequence()
                    .into())
            })
        }
    };
    let lines: Box<dyn std::io::BufRead> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(open_file(file)?))
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let summary = crate::batch::run(
        lines,
        &mut out,
        &mut std::io::stderr().lock(),
        notation,
        metric,
        &mut *solver,
    )?;
    std::io::Write::flush(&mut out)?;
    output::err(&summary);
    Ok(if summary.stopped.is_some() {
        ExitCode::from(130)
    } else if summary.failed > 0 {
        ExitCode::from(2)
    } else if summary.unproven > 0 {
        // Every line answered, but not every answer proven shortest.
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// `pocket table --plot FILE`: the distance distribution in both metrics, drawn to `path`.
pub fn pocket_chart(path: &std::path::Path) -> Result<String> {
    let htm = crate::pocket::shared_table(Metric::Htm)
        .0
        .distribution()
        .to_vec();
    let qtm = crate::pocket::shared_table(Metric::Qtm)
        .0
        .distribution()
        .to_vec();
    let chart = crate::draw::chart::distance_chart(&htm, &qtm)?;
    crate::draw::save_chart(path, &chart, "chart of the distances in both metrics")
}
