//! The subcommands, each one's arguments a struct of its own, and each turned into the one
//! [`Request`] it asks for (with the one-request session it runs on) by its own `request`.

use std::path::PathBuf;

use std::process::ExitCode;

use clap::{Args, CommandFactory, Subcommand};

use super::Cli;
use super::args::{
    ColoursArg, FromArg, NotationArg, OptimalSize, PocketFormat, SequenceArgs, SizeArg, SizeRange,
    TurnsOrRandom, alg, input, searched_metric, seconds_arg, size_arg, sizes_arg, threads_arg,
    turns_arg, turns_or_random, whole,
};
use super::batch::{self, Batch};
use crate::answer::error::{Error, Result};
use crate::answer::output;
use crate::command;
use crate::command::{
    AlgebraRequest, AplRequest, DrawRequest, Front, MeasureRequest, PictureRequest, Request,
    Session, SessionRequest, Shown, SolvingRequest, TablesRequest,
};
use crate::compare::Format;
use crate::draw::{PictureFormat, ViewKind};
use crate::rep::RepKind;
use crate::sequence::alg::Alg;
use crate::solve::Method;
use crate::state::cube::Cube;
use crate::state::sticker_perm::OrderBy;
use crate::turn::metric::Metric;
use crate::turn::notation::Notation;

/// A request and the one-request session it runs on.
pub type Asked = (Session, Request);

/// The session of a command that reads no cube: the solved 3×3×3, moves read in `notation`.
fn plain(notation: Notation) -> Result<Session> {
    Session::with_cube(None, &Cube::solved(), notation, String::new(), false)
}

/// `request` on the plain session of a command that reads no cube.
fn asked(notation: Notation, request: impl Into<Request>) -> Result<Asked> {
    Ok((plain(notation)?, request.into()))
}

/// The request `make` builds from a sequence, on the plain session of its notation.
fn on<R: Into<Request>>(sequence: &SequenceArgs, make: impl FnOnce(Alg) -> R) -> Result<Asked> {
    asked(sequence.notation(), make(sequence.alg()?))
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// `cubework apply`: described in [`crate::command::defs`].
    #[command(about = command::session::APPLY.summary, long_about = None)]
    Apply(ApplyArgs),
    /// `cubework reps`: described in [`crate::command::defs`].
    #[command(about = command::algebra::REPS.summary, long_about = None)]
    Reps(SizeArg),
    /// `cubework order`: described in [`crate::command::defs`].
    #[command(about = command::algebra::ORDER.summary, long_about = None)]
    Order(OrderArgs),
    /// `cubework cycles`: described in [`crate::command::defs`].
    #[command(about = command::algebra::CYCLES.summary, long_about = None)]
    Cycles(CyclesArgs),
    /// `cubework effect`: described in [`crate::command::defs`].
    #[command(about = command::algebra::EFFECT.summary, long_about = None)]
    Effect(EffectArgs),
    /// `cubework invert`: described in [`crate::command::defs`].
    #[command(about = command::algebra::INVERT.summary, long_about = None)]
    Invert(SequenceArgs),
    /// `cubework mirror`: described in [`crate::command::defs`].
    #[command(about = command::algebra::MIRROR.summary, long_about = None)]
    Mirror(SequenceArgs),
    /// `cubework expand`: described in [`crate::command::defs`].
    #[command(about = command::algebra::EXPAND.summary, long_about = None)]
    Expand(SequenceArgs),
    /// `cubework simplify`: described in [`crate::command::defs`].
    #[command(about = command::algebra::SIMPLIFY.summary, long_about = None)]
    Simplify(SequenceArgs),
    /// `cubework count`: described in [`crate::command::defs`].
    #[command(about = command::algebra::COUNT.summary, long_about = None)]
    Count(CountArgs),
    /// `cubework tools`: described in [`crate::command::defs`].
    #[command(about = command::algebra::TOOLS.summary, long_about = None)]
    Tools {
        /// Re-run the reconstruction search and show its working.
        #[arg(long)]
        search: bool,
    },
    /// `cubework scramble`: described in [`crate::command::defs`].
    #[command(about = command::solving::SCRAMBLE.summary, long_about = None)]
    Scramble(ScrambleArgs),
    /// `cubework pocket`: described in [`crate::command::defs`].
    #[command(about = command::solving::POCKET.summary, long_about = None)]
    #[command(subcommand)]
    Pocket(PocketCommand),
    /// `cubework solve`: described in [`crate::command::defs`].
    #[command(about = command::solving::SOLVE.summary, long_about = None)]
    Solve(SolveArgs),
    /// `cubework compare`: described in [`crate::command::defs`].
    #[command(about = command::measure::COMPARE.summary, long_about = None)]
    Compare(CompareArgs),
    /// `cubework paper`: described in [`crate::command::defs`].
    #[command(about = command::measure::PAPER.summary, long_about = None)]
    Paper(PaperArgs),
    /// `cubework tables`: described in [`crate::command::defs`].
    #[command(about = command::tables::TABLES.summary, long_about = None)]
    Tables {
        /// What to do: nothing lists them; build loads or builds them all.
        #[command(subcommand)]
        action: Option<TablesCommand>,
    },
    /// `cubework draw`: described in [`crate::command::defs`].
    #[command(about = command::picture::DRAW.summary, long_about = None)]
    Draw(DrawArgs),
    /// `cubework apl`: described in [`crate::command::defs`].
    #[command(about = command::apl::APL.summary, long_about = None)]
    Apl(AplArgs),
    /// `cubework run`: described in [`crate::command::defs`].
    #[command(about = command::session::RUN.summary, long_about = None)]
    Run {
        /// The file to run.
        file: std::path::PathBuf,
    },
    /// `cubework completions`: described in [`crate::command::defs`].
    #[command(about = command::session::COMPLETIONS.summary, long_about = None)]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// `cubework manpage`: described in [`crate::command::defs`].
    #[command(about = command::session::MANPAGE.summary, long_about = None)]
    Manpage,
}

impl Command {
    /// Does what the command asks: most are one request run on its session and its answer
    /// printed; `run`, `completions`, `manpage` and `solve --batch` are not. The exit status
    /// it ends with.
    pub fn act(self) -> Result<ExitCode> {
        match self {
            Command::Run { file } => {
                let open = super::open_file(&file)?;
                super::repl::run_lines(std::io::BufReader::new(open))
            }
            Command::Completions { shell } => {
                let mut script = Vec::new();
                clap_complete::generate(shell, &mut Cli::command(), "cubework", &mut script);
                output::out_raw(String::from_utf8_lossy(&script))?;
                Ok(ExitCode::SUCCESS)
            }
            Command::Manpage => {
                let mut page = Vec::new();
                clap_mangen::Man::new(Cli::command()).render(&mut page)?;
                output::out_raw(String::from_utf8_lossy(&page))?;
                Ok(ExitCode::SUCCESS)
            }
            Command::Solve(args) if args.batch.is_some() => batch::solve_batch(&args.batch()?),
            command => answer(command),
        }
    }
}

/// A command that is one request: run on its session, its answer printed, and the exit
/// status it ends with.
fn answer(command: Command) -> Result<ExitCode> {
    crate::base::cancel::install();
    let facelets_after = matches!(
        &command,
        Command::Apl(AplArgs {
            show: Some(Shown::Facelets),
            ..
        })
    );
    let (mut session, request) = request(command)?;
    let mut reply = crate::command::run_from(&mut session, request, Front::CommandLine)?;
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
    Ok(if crate::base::cancel::requested() {
        ExitCode::from(130)
    } else if reply.failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The command line's arguments as the one [`Request`] they ask for, and the one-request
/// session it runs on: the cube the options describe (`--size`, `--from`, moves to make
/// first), in the representation and notation they name.
pub fn request(command: Command) -> Result<Asked> {
    let standard = Notation::Standard;
    match command {
        Command::Apply(a) => a.request(),
        Command::Reps(a) => asked(standard, AlgebraRequest::Reps { size: Some(a.size) }),
        Command::Order(a) => a.request(),
        Command::Cycles(CyclesArgs { size, sequence }) => {
            on(&sequence, |alg| AlgebraRequest::Cycles {
                size: Some(size.size),
                alg,
            })
        }
        Command::Effect(EffectArgs { size, sequence }) => {
            on(&sequence, |alg| AlgebraRequest::Effect {
                size: Some(size),
                alg,
            })
        }
        Command::Invert(a) => on(&a, |alg| AlgebraRequest::Invert(Some(alg))),
        Command::Mirror(a) => on(&a, AlgebraRequest::Mirror),
        Command::Expand(a) => on(&a, AlgebraRequest::Expand),
        Command::Simplify(a) => on(&a, AlgebraRequest::Simplify),
        Command::Count(CountArgs { metric, sequence }) => {
            on(&sequence, |alg| AlgebraRequest::Count { metric, alg })
        }
        Command::Tools { search } => asked(standard, AlgebraRequest::Tools { search }),
        Command::Scramble(a) => a.request(),
        Command::Pocket(a) => a.request(),
        Command::Solve(a) => a.request(),
        Command::Compare(a) => a.request(),
        Command::Paper(a) => a.request(),
        Command::Tables { action } => asked(standard, tables_request(action)),
        Command::Draw(a) => a.request(),
        Command::Apl(a) => a.request(),
        Command::Run { .. } | Command::Completions { .. } | Command::Manpage => Err(Error::Usage(
            "run, completions and manpage are not requests of a session".to_string(),
        )),
    }
}

/// `cubework apply`'s arguments.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// Representation: numeric local composite visual vector 4d nested (3×3×3 only).
    #[arg(long)]
    rep: Option<String>,
    /// Cube size N (2 to 9); other sizes than 3 are shown as a net.
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
    size: usize,
    /// Notation of MOVES.
    #[arg(long, value_enum, default_value_t = Notation::Standard)]
    notation: Notation,
    #[command(flatten)]
    from: FromArg,
    /// How to show the result.
    #[arg(long, value_enum, default_value_t = Shown::Native)]
    show: Shown,
    #[command(flatten)]
    colours: ColoursArg,
    /// The moves (the rest of the line, joined by spaces).
    #[arg()]
    moves: Vec<String>,
}

impl ApplyArgs {
    fn request(self) -> Result<Asked> {
        let rep: Option<RepKind> = self.rep.as_deref().map(str::parse).transpose()?;
        let scheme = self.colours.scheme()?;
        let start = start_cube(self.from.from.as_deref(), self.size, scheme)?;
        let colour = crate::cli::config::use_colour();
        let mut session = Session::with_cube(rep, &start, self.notation, String::new(), colour)?;
        session.set_scheme(scheme);
        let moves = self.moves.join(" ");
        session.make(moves.clone(), Alg::parse(&moves, self.notation)?)?;
        Ok((session, SessionRequest::Apply(self.show).into()))
    }
}

/// `cubework order`'s arguments.
#[derive(Debug, Args)]
pub struct OrderArgs {
    #[command(flatten)]
    size: SizeArg,
    /// Back when it looks the same (colours) or when every sticker is home (labels).
    #[arg(long, value_enum, default_value_t = OrderBy::Colours)]
    by: OrderBy,
    #[command(flatten)]
    notation: NotationArg,
    /// Also draw the cycle lengths as a chart to this file (SVG; PNG for a .png name).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The sequence (sequence algebra allowed).
    #[arg(required = true)]
    alg: Vec<String>,
}

impl OrderArgs {
    fn request(self) -> Result<Asked> {
        let notation = self.notation.notation;
        let request = AlgebraRequest::Order {
            size: Some(self.size.size),
            by: self.by,
            alg: alg(&self.alg, notation)?,
            plot: self.plot,
        };
        asked(notation, request)
    }
}

/// `cubework cycles`'s arguments.
#[derive(Debug, Args)]
pub struct CyclesArgs {
    #[command(flatten)]
    size: SizeArg,
    #[command(flatten)]
    sequence: SequenceArgs,
}

/// `cubework effect`'s arguments.
#[derive(Debug, Args)]
pub struct EffectArgs {
    /// Cube size: 3 only (any other is refused; `cycles --size N` shows where each
    /// sticker of an N×N×N goes).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
    size: usize,
    #[command(flatten)]
    sequence: SequenceArgs,
}

/// `cubework count`'s arguments.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Half-turn, quarter-turn or slice-turn metric.
    #[arg(long, value_enum, default_value_t = Metric::Htm)]
    metric: Metric,
    #[command(flatten)]
    sequence: SequenceArgs,
}

/// `cubework scramble`'s arguments.
#[derive(Debug, Args)]
pub struct ScrambleArgs {
    /// How many turns (default: 17 quarter-turns; with --size 4 and up the WCA's 40, 60,
    /// 80, 100 turns, twenty more a size), or random: the same as --random-state.
    #[arg(value_name = "COUNT", allow_negative_numbers = true, value_parser = turns_or_random)]
    count: Option<TurnsOrRandom>,
    #[command(flatten)]
    size: SizeArg,
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
}

impl ScrambleArgs {
    fn request(self) -> Result<Asked> {
        let cube = Cube::solved_n(self.size.size);
        let session = Session::with_cube(None, &cube, self.notation, String::new(), false)?;
        let random = self.random_state || self.count == Some(TurnsOrRandom::Random);
        let count = match self.count {
            Some(TurnsOrRandom::Turns(n)) => Some(n),
            _ => None,
        };
        let request = SolvingRequest::Scramble {
            count,
            seed: self.seed,
            random,
        };
        Ok((session, request.into()))
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
        /// The notation of ALG.
        #[command(flatten)]
        notation: NotationArg,
        /// The state as a 24-letter facelet string instead of ALG.
        #[arg(long, value_name = "FACELETS", conflicts_with = "alg")]
        facelets: Option<String>,
        /// The state as moves from solved.
        #[arg()]
        alg: Vec<String>,
    },
}

impl PocketCommand {
    fn request(self) -> Result<Asked> {
        match self {
            PocketCommand::Table {
                metric,
                format,
                plot,
            } => {
                let csv = format == PocketFormat::Csv;
                asked(
                    Notation::Standard,
                    SolvingRequest::PocketTable { metric, csv, plot },
                )
            }
            PocketCommand::Solve {
                metric,
                notation: NotationArg { notation },
                facelets,
                alg,
            } => {
                let scheme = crate::cli::config::chosen_colours(None)?;
                let state = input(facelets, &alg, notation, scheme)?;
                asked(notation, SolvingRequest::PocketSolve { metric, state })
            }
        }
    }
}

/// `cubework solve`'s arguments.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// twophase (Kociemba's method, at most --max-length moves), optimal (proven
    /// shortest, any cube, minutes at most), bfs (bidirectional breadth-first, optimal,
    /// within a depth limit) or beginner (layer by layer, seven stages).
    #[arg(long, value_enum, default_value_t = Method::TwoPhase)]
    pub method: Method,
    /// Count moves in the half-turn (the default) or quarter-turn metric (two-phase: htm
    /// only).
    #[arg(long, value_parser = searched_metric())]
    pub metric: Option<Metric>,
    /// The longest solution accepted (two-phase, default 21); the depth limit (bfs).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u8>)]
    pub max_length: Option<u8>,
    /// Keep looking for shorter solutions for this long, then print the best (two-phase);
    /// stop after this long with what is proven and the best found (optimal).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds_arg)]
    pub time_limit: Option<std::time::Duration>,
    /// Threads to use, 1 to 64 (default: one a core): a batch solves that many states at
    /// once (optimal: one at a time on all of them); one two-phase or optimal solve
    /// searches on that many.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = threads_arg)]
    pub threads: Option<usize>,
    #[command(flatten)]
    notation: NotationArg,
    /// The state as a 54-letter facelet string instead of ALG.
    #[arg(long, value_name = "FACELETS", conflicts_with = "alg")]
    facelets: Option<String>,
    /// Solve every state in FILE (`-`: standard input), one a line (a facelet string or
    /// moves), printing one line for each line: its solution, or an empty line for a
    /// blank, `#` comment or failed line (the error on stderr); a summary goes to stderr.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["alg", "facelets"])]
    pub batch: Option<std::path::PathBuf>,
    #[command(flatten)]
    colours: ColoursArg,
    /// The state as moves from solved.
    #[arg()]
    alg: Vec<String>,
}

impl SolveArgs {
    /// The batch `--batch` asks for.
    fn batch(self) -> Result<Batch> {
        Ok(Batch {
            file: self.batch.unwrap_or_else(|| "-".into()),
            method: self.method,
            metric: self.metric,
            max_length: self.max_length,
            time_limit: self.time_limit,
            threads: self.threads,
            notation: self.notation.notation,
            scheme: self.colours.scheme()?,
        })
    }

    fn request(self) -> Result<Asked> {
        let notation = self.notation.notation;
        let scheme = self.colours.scheme()?;
        let request = SolvingRequest::Solve {
            method: self.method,
            metric: self.metric,
            max_length: self.max_length,
            time_limit: self.time_limit,
            threads: self.threads,
            state: Some(input(self.facelets, &self.alg, notation, scheme)?),
        };
        let mut session = plain(notation)?;
        session.set_scheme(scheme);
        Ok((session, request.into()))
    }
}

/// `cubework compare`'s arguments.
#[derive(Debug, Args)]
pub struct CompareArgs {
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
}

impl CompareArgs {
    fn request(self) -> Result<Asked> {
        let request = MeasureRequest::Compare {
            size: self.sizes.is_none().then_some(self.size),
            sizes: self.sizes.map(|SizeRange(r)| r),
            turns: Some(self.turns as usize),
            format: self.format,
            plot: self.plot,
            apl: self.apl,
            apl_file: self.apl_file,
        };
        asked(Notation::Standard, request)
    }
}

/// `cubework paper`'s arguments.
#[derive(Debug, Args)]
pub struct PaperArgs {
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
}

impl PaperArgs {
    fn request(self) -> Result<Asked> {
        let request = MeasureRequest::Paper {
            turns: Some(self.turns as usize),
            format: self.format,
            apl: self.apl,
        };
        asked(Notation::Standard, request)
    }
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
        /// Which optimal table: small (52 MB, seconds to build), medium (910 MB, 42 s to 2
        /// minutes on two free cores, longer on a busy machine) or large (2.7 GB, searches
        /// faster); `solve --method optimal` reads the largest built.
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

/// `cubework tables [build|check]`.
fn tables_request(action: Option<TablesCommand>) -> TablesRequest {
    use crate::solve::table::optimal_table::SliceKind;
    if let Some(TablesCommand::Build {
        twophase_size: Some(name),
        ..
    }) = &action
        && let Some(size) = crate::solve::table::twophase_large::size_named(name)
    {
        crate::solve::table::twophase_large::choose(size);
    }
    let optimal = match action {
        Some(TablesCommand::Build {
            optimal: true,
            size,
            ..
        }) => Some(size.map_or(SliceKind::Sorted, OptimalSize::kind)),
        _ => None,
    };
    TablesRequest {
        build: matches!(action, Some(TablesCommand::Build { .. })),
        optimal,
        check: matches!(action, Some(TablesCommand::Check)),
    }
}

/// `cubework draw`'s arguments.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Cube size N (2 to 9).
    #[arg(long, default_value_t = 3)]
    size: usize,
    /// Notation of ALG, --arrows and --only.
    #[arg(long, value_enum, default_value_t = Notation::Standard)]
    notation: Notation,
    #[command(flatten)]
    from: FromArg,
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
    #[command(flatten)]
    colours: ColoursArg,
    /// Draw what a page's address holds (`…#setup=…&alg=…`, as the page writes it after
    /// every move): its setup then its moves, from solved.
    #[arg(long, value_name = "URL", conflicts_with_all = ["alg", "from"])]
    from_url: Option<String>,
    /// The moves, from solved (or from --from).
    alg: Vec<String>,
}

impl DrawArgs {
    fn request(self) -> Result<Asked> {
        let notation = self.notation;
        let output = self.output.ok_or_else(|| {
            Error::Usage("draw needs -o FILE (or -o - for standard output)".into())
        })?;
        Cube::check_size(self.size)?;
        let scheme = self.colours.scheme()?;
        let start = start_cube(self.from.from.as_deref(), self.size, scheme)?;
        let (setup, moves) = match &self.from_url {
            Some(url) => crate::draw::html::read_address(url)
                .map_err(|e| Error::Usage(format!("--from-url: {e}")))?,
            None => (String::new(), self.alg.join(" ")),
        };
        // The page writes standard notation.
        let read = |text: &str| match self.from_url {
            Some(_) => Alg::parse(text, Notation::Standard)
                .map_err(|e| Error::Usage(format!("--from-url: {e}"))),
            None => Ok(Alg::parse(text, notation)?),
        };
        let (setup_alg, alg) = (read(&setup)?, read(&moves)?);
        let caption = match setup.trim() {
            "" => moves.trim().to_string(),
            s => format!("setup {s} · {}", moves.trim()),
        };
        let mut session = Session::with_cube(None, &start, notation, caption, false)?;
        session.set_scheme(scheme);
        let setup_moves = setup_alg.expanded_len() as usize;
        if setup_moves > 0 {
            session.make(setup.clone(), setup_alg)?;
        }
        session.make(moves.clone(), alg)?;
        let only = self
            .only
            .map(|text| crate::draw::Only::parse(&text, self.size, notation));
        let only = only.transpose()?;
        let arrows = self.arrows.map(|text| {
            Alg::parse(&text, notation).map_err(|e| Error::Usage(format!("--arrows: {e}")))
        });
        let arrows = arrows.transpose()?;
        let request = DrawRequest {
            output,
            view: self.view,
            rep: self.rep.as_deref().map(str::parse).transpose()?,
            yaw: self.yaw,
            pitch: self.pitch,
            distance: self.distance,
            back: self.back,
            only,
            arrows,
            format: self.format,
            setup_moves,
        };
        Ok((session, PictureRequest::Draw(request).into()))
    }
}

/// `cubework apl`'s arguments.
#[derive(Debug, Args)]
pub struct AplArgs {
    /// The representation whose array CUBE is, with its definitions (default vector).
    #[arg(long)]
    rep: Option<String>,
    #[command(flatten)]
    from: FromArg,
    /// Load these definitions (plain-text APL, as `)save` writes them) first.
    #[arg(short = 'f', long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// facelets: after the answer, the cube's facelet string alone on the last line.
    #[arg(long, value_enum)]
    pub show: Option<Shown>,
    #[command(flatten)]
    colours: ColoursArg,
    /// The APL line (the rest of the line, joined by spaces).
    expr: Vec<String>,
}

impl AplArgs {
    fn request(self) -> Result<Asked> {
        let rep: Option<RepKind> = self.rep.as_deref().map(str::parse).transpose()?;
        let scheme = self.colours.scheme()?;
        let start = start_cube(self.from.from.as_deref(), 3, scheme)?;
        let mut session =
            Session::with_cube(rep, &start, Notation::Standard, String::new(), false)?;
        session.set_scheme(scheme);
        if let Some(file) = self.file {
            crate::command::run_from(
                &mut session,
                Request::Apl(AplRequest::Load(file)),
                Front::CommandLine,
            )?;
        }
        Ok((session, AplRequest::one_line(&self.expr.join(" "))?.into()))
    }
}

/// The cube `--from` gives (solved without it). A cube no turning can reach is accepted — the
/// representations hold any stickers — with one line on stderr saying why it is impossible.
fn start_cube(from: Option<&str>, n: usize, scheme: crate::turn::face::Scheme) -> Result<Cube> {
    let Some(s) = from else {
        Cube::check_size(n)?;
        return Ok(Cube::solved_n(n));
    };
    let cube = Cube::from_facelets_in(s, n, scheme)?;
    if let Some(note) = crate::command::impossible_note(&cube) {
        output::err(format!("cubework: note: {note}"));
    }
    Ok(cube)
}
