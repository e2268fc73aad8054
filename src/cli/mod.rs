//! The command line: `cubework [COMMAND]`. With no command it opens the REPL.
//!
//! Every command prints its answer on stdout (the answer alone on the last line, for scripts)
//! and, on bad input, one line on stderr and exit status 2, with nothing on stdout.
//!
//! A thin skin over [`crate::command`]: the clap types ([`Cli`], [`Command`], the argument
//! groups several commands share in [`args`]), each subcommand's arguments turned into the
//! one [`Request`](crate::command::Request) it asks for by its own function ([`request`]),
//! `solve --batch`, which reads many states ([`batch`]), and the settings ([`config`]).

mod apl_keys;
pub mod args;
pub mod batch;
mod commands;
pub mod config;
pub mod repl;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

pub use args::{MAX_THREADS, OptimalSize, PocketFormat, SizeRange, input};
pub use commands::{Command, request};

use crate::answer::error::{Error, Result};
use crate::answer::output;

/// An APL-style array-programming workbench for Rubik's Cube.
#[derive(Debug, Parser)]
#[command(name = "cubework", version, about, long_about = None)]
pub struct Cli {
    /// What to do; none opens the REPL.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Parses the arguments and runs the command: everything the binary does. Its output goes
/// through [`output`], so that a closed pipe or a full disk is an error here,
/// never a panic.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Result<ExitCode> {
    let Some(cli) = parse(args)? else {
        return Ok(ExitCode::SUCCESS);
    };
    // A path forced by CUBEWORK_SIMD that this CPU lacks, or a misspelt one, is said at once.
    crate::base::simd::ShufflePath::from_env().map_err(Error::Environment)?;
    match cli.command {
        None => crate::cli::repl::run_interactive(),
        Some(command) => command.act(),
    }
}

/// The arguments read; `None` once `--help` or `--version` is printed.
fn parse(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Result<Option<Cli>> {
    match Cli::try_parse_from(args) {
        Ok(cli) => Ok(Some(cli)),
        Err(e) if !e.use_stderr() => {
            // --help and --version: print as clap means them to be, and succeed.
            output::out_raw(e)?;
            Ok(None)
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `cubework pocket` alone: which subcommand? Its usage, as an error.
            Err(Error::Usage(format!(
                "a subcommand is needed here\n\n{}",
                e.render().to_string().trim_end()
            )))
        }
        Err(e) => Err(Error::Usage(one_line(&e.to_string()))),
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
pub(crate) fn open_file(path: &std::path::Path) -> Result<std::fs::File> {
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
