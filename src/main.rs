//! The `cubework` binary: parse the arguments, run, map errors to exit codes.

use std::process::ExitCode;

fn main() -> ExitCode {
    match cubework::cli::run(std::env::args_os()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("cubework: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
