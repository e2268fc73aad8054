//! The `cubework` binary: run, and map errors to exit codes (see [`cubework::cli::report`]).

use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    if closed_stdout::at_start() {
        // Rust's start-up puts /dev/null where standard output was closed, so every answer
        // would vanish without a word: fail as a full disk does instead.
        return cubework::cli::report(cubework::Error::Io(std::io::Error::from_raw_os_error(
            libc::EBADF,
        )));
    }
    cubework::cli::run(std::env::args_os()).unwrap_or_else(cubework::cli::report)
}

/// Whether standard output was closed when the program started (`cubework apply R >&-`),
/// asked before Rust's start-up opens /dev/null in its place.
#[cfg(target_os = "linux")]
mod closed_stdout {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn check() {
        // SAFETY: F_GETFD only asks whether descriptor 1 is open; it changes nothing.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    /// Run by the loader before `main` and before Rust's own start-up.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static CHECK: extern "C" fn() = check;

    pub fn at_start() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}
