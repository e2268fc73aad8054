//! The work a line does, counted as it is done: each evaluation and application is a step, and
//! a primitive adds a step for every [`ITEMS_PER_STEP`] items it touches, so that one call on
//! a million items counts as the work it is, not as one call. Past the line's limit
//! ([`super::MAX_STEPS`], or [`super::Workspace::set_step_limit`]'s) it stops with
//! `LIMIT ERROR`; Ctrl-C ([`crate::base::cancel`]) is seen wherever work is counted.
//!
//! The count is the evaluating thread's (one line runs on one thread at a time): the
//! evaluator starts it for each line ([`start`]), and the primitives add to it ([`items`],
//! [`Meter`]) without being handed the evaluator.

use std::cell::Cell;

use super::error::{AplError, ErrorKind, err};

/// How many items a primitive touches for one step: about what one evaluation costs beside
/// touching one item (an evaluation allocates and dispatches; an item is read and compared
/// or combined), so that the limit stands for about the same time whichever does the work.
pub(crate) const ITEMS_PER_STEP: u64 = 16;

/// How many items a [`Meter`] gathers before it counts them and looks for Ctrl-C.
const METER_BATCH: u64 = 1 << 14;

thread_local! {
    /// The steps this line may still take.
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// The most it could take, for the error.
    static LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Starts counting a line (or a call from Rust) that may take `limit` steps.
pub(crate) fn start(limit: u64) {
    LEFT.with(|l| l.set(limit));
    LIMIT.with(|l| l.set(limit));
}

/// `steps` more steps: an error if Ctrl-C came, or the line has now taken more than its limit.
#[inline]
pub(crate) fn charge(steps: u64) -> Result<(), AplError> {
    if crate::base::cancel::requested() {
        return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
    }
    let left = LEFT.with(Cell::get);
    if steps > left {
        LEFT.with(|l| l.set(0));
        let limit = LIMIT.with(Cell::get);
        return err(
            ErrorKind::Limit,
            format!(
                "more than {limit} steps in one line (a call is one, and {ITEMS_PER_STEP} items \
                 a primitive touches another): a loop without end, or arrays too big?"
            ),
        );
    }
    LEFT.with(|l| l.set(left - steps));
    Ok(())
}

/// A primitive touches `n` items (counted before it touches them, so that work past the limit
/// is refused before it is begun).
pub(crate) fn items(n: usize) -> Result<(), AplError> {
    // Fewer items than a step are no step: nothing to count (the evaluator's own step, taken
    // with every application, looks for Ctrl-C).
    if (n as u64) < ITEMS_PER_STEP {
        return Ok(());
    }
    charge(n as u64 / ITEMS_PER_STEP)
}

/// The items a long primitive touches, counted as it goes: [`Meter::add`] is cheap, and every
/// [`METER_BATCH`] items the count is charged and Ctrl-C looked for.
#[derive(Default)]
pub(crate) struct Meter {
    pending: u64,
}

impl Meter {
    /// `n` more items touched.
    #[inline]
    pub(crate) fn add(&mut self, n: usize) -> Result<(), AplError> {
        self.pending += n as u64;
        if self.pending >= METER_BATCH {
            let batch = self.pending;
            self.pending = 0;
            charge(batch / ITEMS_PER_STEP)?;
        }
        Ok(())
    }
}
