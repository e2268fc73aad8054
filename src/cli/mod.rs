//! The command line: `cubework [COMMAND]`. With no command it opens the REPL.
//!
//! Every command prints its answer on stdout (the answer alone on the last line, for scripts)
//! and, on bad input, one line on stderr and exit status 2, with nothing on stdout.
//!
//! A thin skin over [`crate::command`]: the command line built with clap's builder API from
//! the descriptors, each command's arguments read by its own reader into what it asks for,
//! and that done ([`commands`]); the values' parsers ([`args`]); `solve --batch`, which
//! reads many states ([`batch`]); and the settings ([`config`]).

mod apl_keys;
pub mod args;
pub mod batch;
pub mod commands;
pub mod config;
pub mod history;
pub mod repl;

use std::ffi::OsString;
use std::process::ExitCode;

pub use args::MAX_THREADS;
pub use commands::command;

use crate::answer::error::{Error, Result};
use crate::answer::output;
use crate::command::one_shot::OneShot;

/// Parses the arguments and runs the command: everything the binary does. Its output goes
/// through [`output`], so that a closed pipe or a full disk is an error here,
/// never a panic.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> Result<ExitCode> {
    let Some(matches) = commands::parse(args)? else {
        return Ok(ExitCode::SUCCESS);
    };
    // A path forced by CUBEWORK_SIMD that this CPU lacks, or a misspelt one, is said at once.
    crate::base::simd::ShufflePath::from_env().map_err(Error::Environment)?;
    // A cache directory that is a file: said at once, in one line, rather than as an
    // operating system's error after a table was built and could not be saved.
    crate::base::table_cache::check_cache_dir().map_err(Error::Environment)?;
    match matches.subcommand() {
        None => crate::cli::repl::run_interactive(None),
        Some((name, matches)) => commands::act(commands::read(name, matches)?),
    }
}

/// What `cubework ARGS` (the program's name first) asks for, read as the binary reads it
/// but not done: `None` for no command (the REPL), `--help` or `--version`.
pub fn asked(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> Result<Option<OneShot>> {
    let Some(matches) = commands::parse(args)? else {
        return Ok(None);
    };
    match matches.subcommand() {
        None => Ok(None),
        Some((name, matches)) => commands::read(name, matches).map(Some),
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
