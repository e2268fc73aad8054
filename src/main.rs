//! The `cubework` binary: run, and map errors to exit codes (see [`cubework::cli::report`]).

use std::process::ExitCode;

fn main() -> ExitCode {
    cubework::cli::run(std::env::args_os()).unwrap_or_else(cubework::cli::report)
}
