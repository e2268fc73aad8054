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

/// Most evaluations one inside another in the browser, about as many calls of a dfn that
/// calls itself (`{⍵=0:0 ⋄ ∇⍵-1}450` runs). Without the bound Chromium's worker overflowed
/// its stack between 700 and 1,000 such calls deep; shapes that take more of the stack a call
/// (`{⊃∇¨⍵-1}`, `{(∇⍣1)⍵-1}`, `{⍵ ∇ ⍵-1}`, `{+/∇¨⍵-1 1}`) end with `WS FULL` here too.
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
