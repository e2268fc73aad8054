//! The browser's bound on how deeply evaluations nest (the `wasm32` build, the workbench page).
//!
//! Natively a deep recursion goes on on new stack segments ([`super::MAX_STACK`] bytes of
//! them). In the browser that grows only WebAssembly's own stack, in the page's memory: every
//! call also takes a frame on the engine's stack, which a page cannot grow, and whose overflow
//! ends the worker with no error the session could answer. So there the evaluator also counts
//! the evaluations it is inside of, and past [`MAX_DEPTH`] answers `WS FULL` as the native
//! build does at its bound: the line fails, the workspace stays.

use std::cell::Cell;

use super::error::{AplError, ErrorKind, err};

/// Most evaluations one inside another in the browser: Chromium's worker overflows its stack
/// past some 3,000 of `{∇⍵}1`'s (each a dozen frames, a few kilobytes of the engine's stack)
/// and about as many of `{1+∇⍵}1`, `{∇¨⍵}1` or `{(∇⍣1)⍵}1`; this keeps clear of that.
pub(crate) const MAX_DEPTH: usize = 500;

thread_local! {
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// One evaluation more inside another, for as long as it lives: `WS FULL` past [`MAX_DEPTH`].
pub(crate) struct Depth(());

impl Depth {
    pub(crate) fn enter() -> Result<Depth, AplError> {
        let depth = DEPTH.get();
        if depth >= MAX_DEPTH {
            return err(
                ErrorKind::WsFull,
                "functions called inside one another more deeply than the browser's stack holds",
            );
        }
        DEPTH.set(depth + 1);
        Ok(Depth(()))
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        DEPTH.set(DEPTH.get() - 1);
    }
}
