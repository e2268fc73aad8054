//! The command line: `cubework [COMMAND]`. With no command it opens the REPL.
//!
//! Every command prints its answer on stdout (the answer alone on the last line, for scripts)
//! and, on bad input, one line on stderr and exit status 2, with nothing on stdout.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::alg::Alg;
use crate::command::defs::{CommandKind as K, def};
use crate::command::{AplRequest, DrawRequest, Request, Session, Shown, SolveMethod};
use crate::compare::Format;
use crate::cube::Cube;
use crate::draw::{PictureFormat, ViewKind};
use crate::error::{Error, Result};
use crate::input::Input;
use crate::metric::Metric;
use crate::output;
use crate::parser::{Notation, parse_sequence};
use crate::rep::RepKind;
use crate::sticker_perm::OrderBy;

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
        /// Also the optimal solver's table (--size medium unless told).
        #[arg(long)]
        optimal: bool,
        /// Which optimal table: small (50 MB, seconds to build), medium (883 MB, about 2
        /// minutes on two cores) or large (2.6 GB, searches faster); `solve --method
        /// optimal` reads the largest built.
        #[arg(long, value_enum, requires = "optimal")]
        size: Option<OptimalSize>,
        /// The two-phase solver's table set: small (1 MB, built in a fraction of a second,
        /// the default) or large (106 MB, exact distances in both phases, faster);
        /// `solve` reads the large one once it is built.
        #[arg(long, value_parser = ["small", "large"])]
        twophase_size: Option<String>,
    },
    /// Read every built table whole through its checksum and its own checks, a line each;
    /// exit status 1 if any is damaged.
    Check,
}

/// The optimal solver's tables, by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OptimalSize {
    /// Reid's table: the E-slice edges' slots (50 MB).
    Small,
    /// Kociemba's larger table: the E-slice edges' slots and order (883 MB).
    Medium,
    /// The E-slice edges' slots and the U-layer corners' slots (2.6 GB).
    Large,
}

impl OptimalSize {
    /// The table's slice coordinate.
    pub fn kind(self) -> crate::solve::optimal_table::SliceKind {
        use crate::solve::optimal_table::SliceKind;
        match self {
            OptimalSize::Small => SliceKind::Position,
            OptimalSize::Medium => SliceKind::Sorted,
            OptimalSize::Large => SliceKind::Corners,
        }
    }
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
    /// `cubework apply`: described in [`crate::command::defs`].
    #[command(about = def(K::Apply).summary, long_about = None)]
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
    /// `cubework reps`: described in [`crate::command::defs`].
    #[command(about = def(K::Reps).summary, long_about = None)]
    Reps {
        /// Cube size N (2 to 9).
        #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
        size: usize,
    },
    /// `cubework order`: described in [`crate::command::defs`].
    #[command(about = def(K::Order).summary, long_about = None)]
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
    /// `cubework cycles`: described in [`crate::command::defs`].
    #[command(about = def(K::Cycles).summary, long_about = None)]
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
    /// `cubework effect`: described in [`crate::command::defs`].
    #[command(about = def(K::Effect).summary, long_about = None)]
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
    /// `cubework invert`: described in [`crate::command::defs`].
    #[command(about = def(K::Invert).summary, long_about = None)]
    Invert {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// `cubework expand`: described in [`crate::command::defs`].
    #[command(about = def(K::Expand).summary, long_about = None)]
    Expand {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// `cubework simplify`: described in [`crate::command::defs`].
    #[command(about = def(K::Simplify).summary, long_about = None)]
    Simplify {
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The sequence.
        #[arg(required = true)]
        alg: Vec<String>,
    },
    /// `cubework count`: described in [`crate::command::defs`].
    #[command(about = def(K::Count).summary, long_about = None)]
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
    /// `cubework tools`: described in [`crate::command::defs`].
    #[command(about = def(K::Tools).summary, long_about = None)]
    Tools {
        /// Re-run the reconstruction search and show its working.
        #[arg(long)]
        search: bool,
    },
    /// `cubework scramble`: described in [`crate::command::defs`].
    #[command(about = def(K::Scramble).summary, long_about = None)]
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
    /// `cubework pocket`: described in [`crate::command::defs`].
    #[command(about = def(K::Pocket).summary, long_about = None)]
    #[command(subcommand)]
    Pocket(PocketCommand),
    /// `cubework solve`: described in [`crate::command::defs`].
    #[command(about = def(K::Solve).summary, long_about = None)]
    Solve {
        /// twophase (Kociemba's method, at most --max-length moves), optimal (proven
        /// shortest, any cube, minutes at most), bfs (bidirectional breadth-first, optimal,
        /// within a depth limit) or beginner (layer by layer, seven stages).
        #[arg(long, value_enum, default_value_t = Method::TwoPhase)]
        method: Method,
        /// Count moves in the half-turn (the default) or quarter-turn metric (two-phase: htm
        /// only).
        #[arg(long, value_parser = searched_metric())]
        metric: Option<Metric>,
        /// The longest solution accepted (two-phase, default 21); the depth limit (bfs).
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u8>)]
        max_length: Option<u8>,
        /// Keep looking for shorter solutions for this long, then print the best (two-phase);
        /// stop after this long with what is proven and the best found (optimal).
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds_arg)]
        time_limit: Option<std::time::Duration>,
        /// Threads to use, 1 to 64 (default: one a core): a batch solves that many states at
        /// once (optimal: one at a time on all of them); one two-phase or optimal solve
        /// searches on that many.
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = threads_arg)]
        threads: Option<usize>,
        /// Notation of ALG.
        #[arg(long, value_enum, default_value_t = Notation::Standard)]
        notation: Notation,
        /// The state as a 54-letter facelet string instead of ALG.
        #[arg(long, value_name = "FACELETS", conflicts_with = "alg")]
        facelets: Option<String>,
        /// Solve every state in FILE (`-`: standard input), one a line (a facelet string or
        /// moves), printing one line for each line: its solution, or an empty line for a
        /// blank, `#` comment or failed line (the error on stderr); a summary goes to stderr.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["alg", "facelets"])]
        batch: Option<std::path::PathBuf>,
        /// The state as moves from solved.
        #[arg()]
        alg: Vec<String>,
    },
    /// `cubework compare`: described in [`crate::command::defs`].
    #[command(about = def(K::Compare).summary, long_about = None)]
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
        /// Also time the quarter-turns run by the APL evaluator from the paper's definitions,
        /// with their own ranks (3×3×3).
        #[arg(long, conflicts_with = "sizes")]
        apl: bool,
        /// Measure the representations of your own an APL file defines (definitions, and
        /// `)rep NAME ENCODE [DECODE]` lines) beside the seven (3×3×3).
        #[arg(long, value_name = "FILE", conflicts_with = "sizes")]
        apl_file: Option<PathBuf>,
    },
    /// `cubework paper`: described in [`crate::command::defs`].
    #[command(about = def(K::Paper).summary, long_about = None)]
    Paper {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Random quarter-turns to time for the Speed column.
        #[arg(long, default_value_t = 2_000, allow_negative_numbers = true, value_parser = turns_arg)]
        turns: u32,
        /// Also Speed measured in APL: the quarter-turns run by the APL evaluator from the
        /// paper's definitions, ranked.
        #[arg(long)]
        apl: bool,
    },
    /// `cubework tables`: described in [`crate::command::defs`].
    #[command(about = def(K::Tables).summary, long_about = None)]
    Tables {
        /// What to do: nothing lists them; build loads or builds them all.
        #[command(subcommand)]
        action: Option<TablesCommand>,
    },
    /// `cubework draw`: described in [`crate::command::defs`].
    #[command(about = def(K::Draw).summary, long_about = None)]
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
        /// Degrees round the vertical axis from the front, towards the right (-360 to 360;
        /// default 35).
        #[arg(long, allow_hyphen_values = true)]
        yaw: Option<f64>,
        /// Degrees above the horizon (-90 to 90; negative looks from below; default 30).
        #[arg(long, allow_hyphen_values = true)]
        pitch: Option<f64>,
        /// Distance from the cube's centre, in cube edges (1.5 to 100; larger is flatter;
        /// default 4).
        #[arg(long, allow_hyphen_values = true)]
        distance: Option<f64>,
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
    /// `cubework apl`: described in [`crate::command::defs`].
    #[command(about = def(K::Apl).summary, long_about = None)]
    Apl {
        /// The representation whose array CUBE is, with its definitions (default vector).
        #[arg(long)]
        rep: Option<String>,
        /// Start from this facelet string (URFDLB order) instead of solved.
        #[arg(long, value_name = "FACELETS")]
        from: Option<String>,
        /// Load these definitions (plain-text APL, as `)save` writes them) first.
        #[arg(short = 'f', long, value_name = "FILE")]
        file: Option<PathBuf>,
        /// facelets: after the answer, the cube's facelet string alone on the last line.
        #[arg(long, value_enum)]
        show: Option<Show>,
        /// The APL line (the rest of the line, joined by spaces).
        expr: Vec<String>,
    },
    /// `cubework run`: described in [`crate::command::defs`].
    #[command(about = def(K::Run).summary, long_about = None)]
    Run {
        /// The file to run.
        file: std::path::PathBuf,
    },
    /// `cubework completions`: described in [`crate::command::defs`].
    #[command(about = def(K::Completions).summary, long_about = None)]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// `cubework manpage`: described in [`crate::command::defs`].
    #[command(about = def(K::Manpage).summary, long_about = None)]
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
            threads,
            notation,
            batch: Some(file),
            ..
        }) => solve_batch(
            &file,
            method,
            metric.unwrap_or_default(),
            notation,
            max_length,
            time_limit,
            threads,
        ),
        Some(command) => {
            crate::cancel::install();
            let facelets_after = matches!(
                command,
                Command::Apl {
                    show: Some(Show::Facelets),
                    ..
                }
            );
            let (mut session, request) = request(command)?;
            let mut reply = crate::command::run(&mut session, request)?;
            if facelets_after {
                if !reply.text.is_empty() {
                    reply.text.push('\n');
                }
                reply.text.push_str(&session.cube().facelets());
            }
            if let Some(note) = reply.note {
                output::err(format!("cubework: note: {note}"));
            }
            output::out(reply.text)?;
            // Work that Ctrl-C stopped with an answer (the optimal solver's best found) still
            // ends with the status of Ctrl-C.
            Ok(if crate::cancel::requested() {
                ExitCode::from(130)
            } else if reply.failed {
                ExitCode::from(1)
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

/// The limits a batch solves with; an error for a limit its method does not take.
fn batch_limits(
    method: Method,
    metric: Metric,
    max_length: Option<u8>,
    time_limit: Option<std::time::Duration>,
) -> Result<crate::solve::Limits> {
    let refused = match method {
        Method::TwoPhase => false,
        Method::Optimal => max_length.is_some(),
        Method::Bfs => time_limit.is_some(),
        Method::Beginner => max_length.is_some() || time_limit.is_some(),
    };
    if refused {
        return Err(Error::Usage(
            "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs"
                .into(),
        ));
    }
    Ok(crate::solve::Limits {
        metric,
        max_length,
        time_limit,
        threads: None,
    })
}

/// The most threads `--threads` takes.
pub const MAX_THREADS: usize = 64;

/// A number of threads, 1 to [`MAX_THREADS`].
fn threads_arg(s: &str) -> std::result::Result<usize, String> {
    use crate::text::{WholeError, whole_in};
    match whole_in(s, 1, MAX_THREADS as u64) {
        Ok(n) => Ok(n as usize),
        Err(WholeError::NotANumber) => {
            Err(format!("must be a whole number from 1 to {MAX_THREADS}"))
        }
        Err(WholeError::OutOfRange) => Err(format!("must be from 1 to {MAX_THREADS}")),
    }
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

/// The command line's arguments as the one [`Request`] they ask for, and the one-request
/// session it runs on: the cube the options describe (`--size`, `--from`, moves to make
/// first), in the representation and notation they name.
pub fn request(command: Command) -> Result<(Session, Request)> {
    let one_shot = |notation: Notation| {
        Session::one_shot(None, &Cube::solved(), notation, String::new(), false)
    };
    let alg = |words: &[String], notation: Notation| -> Result<Alg> {
        Ok(Alg::parse(&words.join(" "), notation)?)
    };
    let colour = crate::repl::use_colour();
    Ok(match command {
        Command::Apply {
            rep,
            size,
            notation,
            from,
            show,
            moves,
        } => {
            let rep: Option<RepKind> = rep.as_deref().map(str::parse).transpose()?;
            let start = start_cube(from.as_deref(), size)?;
            let mut session = Session::one_shot(rep, &start, notation, String::new(), colour)?;
            let moves = moves.join(" ");
            session.make(moves.clone(), Alg::parse(&moves, notation)?)?;
            let shown = match show {
                Show::Native => Shown::Native,
                Show::Net => Shown::Net,
                Show::Facelets => Shown::Facelets,
            };
            (session, Request::Apply(shown))
        }
        Command::Reps { size } => (
            one_shot(Notation::Standard)?,
            Request::Reps { size: Some(size) },
        ),
        Command::Order {
            size,
            by,
            notation,
            plot,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Order {
                size: Some(size),
                by,
                alg: alg(&words, notation)?,
                plot,
            },
        ),
        Command::Cycles {
            size,
            notation,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Cycles {
                size: Some(size),
                alg: alg(&words, notation)?,
            },
        ),
        Command::Effect {
            size,
            notation,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Effect {
                size: Some(size),
                alg: alg(&words, notation)?,
            },
        ),
        Command::Invert {
            notation,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Invert(Some(alg(&words, notation)?)),
        ),
        Command::Expand {
            notation,
            alg: words,
        } => (one_shot(notation)?, Request::Expand(alg(&words, notation)?)),
        Command::Simplify {
            notation,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Simplify(alg(&words, notation)?),
        ),
        Command::Count {
            metric,
            notation,
            alg: words,
        } => (
            one_shot(notation)?,
            Request::Count {
                metric,
                alg: alg(&words, notation)?,
            },
        ),
        Command::Tools { search } => (one_shot(Notation::Standard)?, Request::Tools { search }),
        Command::Scramble {
            count,
            size,
            random_state,
            seed,
            notation,
        } => (
            Session::one_shot(None, &Cube::solved_n(size), notation, String::new(), false)?,
            Request::Scramble {
                count,
                seed,
                random: random_state,
            },
        ),
        Command::Pocket(PocketCommand::Table {
            metric,
            format,
            plot,
        }) => (
            one_shot(Notation::Standard)?,
            Request::PocketTable {
                metric,
                csv: format == PocketFormat::Csv,
                plot,
            },
        ),
        Command::Pocket(PocketCommand::Solve {
            metric,
            notation,
            facelets,
            alg,
        }) => (
            one_shot(notation)?,
            Request::PocketSolve {
                metric,
                state: input(facelets, &alg, notation)?,
            },
        ),
        Command::Solve {
            method,
            metric,
            max_length,
            time_limit,
            threads,
            notation,
            facelets,
            batch: _,
            alg,
        } => (
            one_shot(notation)?,
            Request::Solve {
                method: match method {
                    Method::TwoPhase => SolveMethod::TwoPhase,
                    Method::Optimal => SolveMethod::Optimal,
                    Method::Bfs => SolveMethod::Bfs,
                    Method::Beginner => SolveMethod::Beginner,
                },
                metric,
                max_length,
                time_limit,
                threads,
                state: Some(input(facelets, &alg, notation)?),
            },
        ),
        Command::Compare {
            format,
            turns,
            size,
            sizes,
            plot,
            apl,
            apl_file,
        } => (
            one_shot(Notation::Standard)?,
            Request::Compare {
                size: sizes.is_none().then_some(size),
                sizes: sizes.map(|SizeRange(r)| r),
                turns: Some(turns as usize),
                format,
                plot,
                apl,
                apl_file,
            },
        ),
        Command::Paper { format, turns, apl } => (
            one_shot(Notation::Standard)?,
            Request::Paper {
                turns: Some(turns as usize),
                format,
                apl,
            },
        ),
        Command::Tables { action } => (
            {
                if let Some(TablesCommand::Build {
                    twophase_size: Some(name),
                    ..
                }) = &action
                    && let Some(size) = crate::solve::twophase_large::size_named(name)
                {
                    crate::solve::twophase_large::choose(size);
                }
                one_shot(Notation::Standard)?
            },
            Request::Tables {
                build: matches!(action, Some(TablesCommand::Build { .. })),
                optimal: match action {
                    Some(TablesCommand::Build {
                        optimal: true,
                        size,
                        ..
                    }) => Some(size.map_or(
                        crate::solve::optimal_table::SliceKind::Sorted,
                        OptimalSize::kind,
                    )),
                    _ => None,
                },
                check: matches!(action, Some(TablesCommand::Check)),
            },
        ),
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
            let moves = alg.join(" ");
            let mut session =
                Session::one_shot(None, &start, notation, moves.trim().to_string(), false)?;
            session.make(moves.clone(), Alg::parse(&moves, notation)?)?;
            let only = only
                .map(|text| crate::draw::Only::parse(&text, size, notation))
                .transpose()?;
            let arrows = arrows
                .map(|text| {
                    Alg::parse(&text, notation).map_err(|e| Error::Usage(format!("--arrows: {e}")))
                })
                .transpose()?;
            let request = DrawRequest {
                output,
                view,
                rep: rep.as_deref().map(str::parse).transpose()?,
                yaw,
                pitch,
                distance,
                back,
                only,
                arrows,
                format,
            };
            (session, Request::Draw(request))
        }
        Command::Apl {
            rep,
            from,
            file,
            show: _,
            expr,
        } => {
            let rep: Option<RepKind> = rep.as_deref().map(str::parse).transpose()?;
            let start = start_cube(from.as_deref(), 3)?;
            let mut session =
                Session::one_shot(rep, &start, Notation::Standard, String::new(), false)?;
            if let Some(file) = file {
                crate::command::run(&mut session, Request::Apl(AplRequest::Load(file)))?;
            }
            (session, Request::Apl(AplRequest::Line(expr.join(" "))))
        }
        Command::Run { .. } | Command::Completions { .. } | Command::Manpage => {
            return Err(Error::Usage(
                "run, completions and manpage are not requests of a session".to_string(),
            ));
        }
    })
}

/// The cube `--from` gives (solved without it). A cube no turning can reach is accepted — the
/// representations hold any stickers — with one line on stderr saying why it is impossible.
fn start_cube(from: Option<&str>, n: usize) -> Result<Cube> {
    let Some(s) = from else {
        Cube::check_size(n)?;
        return Ok(Cube::solved_n(n));
    };
    let cube = Cube::from_facelets_n(s, n)?;
    if let Some(note) = crate::command::impossible_note(&cube) {
        output::err(format!("cubework: note: {note}"));
    }
    Ok(cube)
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
/// `cubework solve --batch FILE`: one line on stdout for each input line (its solution, or
/// empty for a blank, comment or failed line), a line on stderr for each line that fails and
/// a summary at the end; exit status 130 if Ctrl-C stopped it, else 2 if any failed.
pub fn solve_batch(
    file: &std::path::Path,
    method: Method,
    metric: Metric,
    notation: Notation,
    max_length: Option<u8>,
    time_limit: Option<std::time::Duration>,
    threads: Option<usize>,
) -> Result<ExitCode> {
    crate::cancel::install();
    let limits = batch_limits(method, metric, max_length, time_limit)?;
    let method = match method {
        Method::TwoPhase => crate::solve::Method::TwoPhase,
        Method::Optimal => crate::solve::Method::Optimal,
        Method::Bfs => crate::solve::Method::Bfs,
        Method::Beginner => crate::solve::Method::Beginner,
    };
    // Read on a thread of its own: standard input itself, not its lock, which stays here.
    let lines: Box<dyn std::io::BufRead + Send> = if file.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(open_file(file)?))
    };
    // A whole line at a time: a write that fails part-way (a full disk) leaves no part of a
    // line in the output. A write past the file-size limit (`ulimit -f`) fails as a full
    // disk's does, instead of killing the process with SIGXFSZ mid-line.
    #[cfg(target_os = "linux")]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    #[cfg(unix)]
    let mut out = crate::batch::WholeLines::stdout()?;
    #[cfg(not(unix))]
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let advise = |e| crate::command::with_advice(e, true);
    // Tables load with a bar; the solves themselves run without one, between the lines.
    let terminal = crate::progress::Terminal::default();
    let tables = |e: &crate::solve::Event| {
        if e.is_table() {
            terminal.show(e);
        }
    };
    let job = crate::batch::Job {
        method,
        limits,
        notation,
        progress: crate::solve::Progress::new(&tables),
        advise: &advise,
        threads,
    };
    let summary = crate::batch::run(lines, &mut out, &mut std::io::stderr().lock(), &job);
    terminal.clear();
    let summary = summary?;
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
