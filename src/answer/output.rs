//! Writing answers where the user asked for them, for the whole program: standard output
//! and standard error may be closed pipes (`cubework compare | head -1`) or full devices
//! (`> /dev/full`), and none of that may panic.
//!
//! Every command's output goes through [`out`] and every message through [`err`]. A closed
//! pipe on standard output is the reader saying it has seen enough: [`is_closed_pipe`] lets
//! the binary end quietly. Any other write error is an [`Error::Io`](crate::Error::Io), reported
//! on standard error if that can still be written.

use std::fmt::Display;
use std::io::Write;

/// Writes `text` and a newline to standard output and flushes it, so that an error surfaces
/// here and not at exit.
pub fn out(text: impl Display) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{text}")?;
    stdout.flush()
}

/// Writes `text` to standard output without a newline (clap's help, which ends in one).
pub fn out_raw(text: impl Display) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{text}")?;
    stdout.flush()
}

/// Writes a line to standard error, ignoring failure: when even standard error cannot be
/// written there is no one left to tell, and the exit status still says what happened.
pub fn err(text: impl Display) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{text}");
}

/// Whether an error is the reader of standard output having gone away.
pub fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}
