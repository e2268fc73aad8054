//! Stopping long work with Ctrl-C, without ending the session.
//!
//! In the REPL, and around the command line's long commands, [`install`] turns Ctrl-C
//! (SIGINT) into a request: long work — a search, a measurement, a reconstruction — checks
//! [`requested`] as it goes and ends with [`Cancelled`], leaving everything as it was (the REPL's
//! cube is changed only by work that finished). A second Ctrl-C before the first is seen ends
//! the program at once, with the conventional status 130, so nothing can make Ctrl-C useless.

#[cfg(feature = "cli")]
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Long work was stopped by the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// Turns Ctrl-C into a request to stop (see the module docs). Installing twice is harmless;
/// if no handler can be installed, Ctrl-C keeps its default meaning.
///
/// Without the `cli` feature (the library alone) no handler is installed: a program using the
/// library calls [`request`] itself.
pub fn install() {
    #[cfg(feature = "cli")]
    {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            let _ = ctrlc::set_handler(|| {
                if REQUESTED.swap(true, Ordering::SeqCst) {
                    // Asked twice and not yet seen: whatever runs is not listening.
                    std::process::exit(130);
                }
            });
        });
    }
}

/// Whether the user has asked to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// `Err(Cancelled)` if the user has asked to stop: long work calls it every so often.
///
/// ```no_run
/// use cubework::base::cancel::{self, Cancelled};
/// fn long_work() -> Result<u64, Cancelled> {
///     let mut sum = 0u64;
///     for i in 0..1_000_000_000u64 {
///         if i % 1_000_000 == 0 {
///             cancel::check()?;
///         }
///         sum = sum.wrapping_add(i);
///     }
///     Ok(sum)
/// }
/// ```
pub fn check() -> Result<(), Cancelled> {
    if requested() { Err(Cancelled) } else { Ok(()) }
}

/// Asks to stop, as Ctrl-C does (for tests, and for work that stops itself).
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Forgets a request: done before each command, so that a Ctrl-C that came after the last
/// work finished does not cancel the next.
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}
