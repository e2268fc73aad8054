//! The command line: `cubework [COMMAND]`. With no command it opens the REPL.
//!
//! Every command prints its answer on stdout (the answer alone on the last line, for scripts)
//! and, on bad input, one line on stderr and exit status 2, with nothing on stdout.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

use crate::compare::{Format, Measure, compare_table, measure, paper_table};
use crate::cube::Cube;
use crate::error::{Error, Result};
use crate::parser::{Notation, parse_sequence};
use crate::rep::RepKind;

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

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Apply moves to the solved cube (or to --from) and print the result.
    Apply {
        /// Representation: numeric local composite visual vector 4d nested.
        #[arg(long, default_value = "vector")]
        rep: String,
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
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// List the representations: shape, element, bytes, defined moves.
    Reps,
    /// Time every representation's quarter-turns (as defined and compiled) and rank them.
    Compare {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Random quarter-turns to time.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        turns: u32,
    },
    /// The paper's comparison table beside this workbench's measurements.
    Paper {
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
        /// Random quarter-turns to time for the Speed column.
        #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
        turns: u32,
    },
    /// Run a session file: each line as typed in the REPL, without prompts or colour.
    Run {
        /// The file to run.
        file: std::path::PathBuf,
    },
}

/// Parses the arguments and runs the command; the binary's whole `main`.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Result<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: print as clap means them to be, and succeed.
            print!("{e}");
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(Error::Usage(first_line(&e.to_string()))),
    };
    match cli.command {
        None => crate::repl::run_interactive(),
        Some(Command::Run { file }) => {
            let open = std::fs::File::open(&file).map_err(|source| Error::File {
                path: file.clone(),
                source,
            })?;
            crate::repl::run_lines(std::io::BufReader::new(open))
        }
        Some(command) => {
            let out = execute(command)?;
            println!("{out}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn first_line(message: &str) -> String {
    let line = message
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or(message);
    line.trim_start_matches("error: ").to_string()
}

/// Runs one command and returns what it prints.
pub fn execute(command: Command) -> Result<String> {
    match command {
        Command::Apply {
            rep,
            notation,
            from,
            show,
            moves,
        } => apply(&rep, notation, from.as_deref(), show, &moves.join(" ")),
        Command::Reps => Ok(reps_table()),
        Command::Compare { format, turns } => Ok(compare_table(
            &measure_with_progress(turns as usize),
            format,
        )),
        Command::Paper { format, turns } => {
            Ok(paper_table(&measure_with_progress(turns as usize), format))
        }
        Command::Run { file } => Err(Error::Usage(format!(
            "run {} is not a one-shot command",
            file.display()
        ))),
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
    let cube = match from {
        Some(s) => Cube::from_facelets_n(s, 3)?,
        None => Cube::solved(),
    };
    let moves = parse_sequence(moves, notation)?;
    let mut state = kind.build(&cube)?;
    state.apply_all(&moves)?;
    Ok(match show {
        Show::Native => state.render(),
        Show::Net => state.to_cube().net(),
        Show::Facelets => state.to_cube().facelets(),
    })
}

/// `cubework reps`: the representations in a table.
pub fn reps_table() -> String {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_header([
        "name",
        "paper",
        "shape",
        "element",
        "bytes",
        "moves",
        "not defined",
    ]);
    for kind in RepKind::ALL {
        let rep = kind.build(&Cube::solved()).expect("3×3×3");
        let shape: Vec<String> = rep.shape().iter().map(|d| d.to_string()).collect();
        let undefined: Vec<String> = crate::PaperMove::ALL
            .iter()
            .filter(|&&m| kind.undefined_reason(m).is_some())
            .map(|m| m.to_string())
            .collect();
        table.add_row([
            kind.name().to_string(),
            kind.title().to_string(),
            shape.join("×"),
            rep.element().to_string(),
            rep.state_bytes().to_string(),
            format!("{}/24", kind.defined_moves().len()),
            if undefined.is_empty() {
                "—".to_string()
            } else {
                undefined.join(" ")
            },
        ]);
    }
    table.to_string()
}

/// Times the representations with a progress bar on stderr (hidden when it is not a terminal).
pub fn measure_with_progress(turns: usize) -> Vec<Measure> {
    let bar = indicatif::ProgressBar::new(RepKind::ALL.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("timing {msg:10} {bar:28} {pos}/{len}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let measures = measure(turns, 7, 0xc0be, |kind| {
        bar.set_message(kind.name());
        bar.inc(1);
    });
    bar.finish_and_clear();
    measures
}
