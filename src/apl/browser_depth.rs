//! The browser's bound on how deeply evaluations nest (the `wasm32` build, the workbench page).
//!
//! Natively a deep recursion goes on on new stack segments ([`super::MAX_STACK`] bytes of
//! them). In the browser that grows only WebAssembly's own stack, in the page's memory: every
//! call also takes a frame on the engine's stack, which a page cannot grow, and whose overflow
//! ends the worker with no error the session could answer. So there the evaluator also counts
//! the evaluations and the applications of functions it is inside of (an operator's derived
//! function applying its operands counts each, as each takes the browser's stack), and past
//! [`MAX_DEPTH`] answers `WS FULL` as the native build does at its bound: the line fails, the
//! workspace stays.

use std::cell::Cell;

use super::error::{AplError, ErrorKind, err};

/// Most evaluations and applications one inside another in the browser: a dfn that calls
/// itself takes two a call (`{⍵=0:0 ⋄ ∇⍵-1}390` runs), through an operator or a train three
/// or more (`{⍵=0:0 ⋄ ∇∘⊢⍵-1}`, `{⍵=0:0 ⋄ (∇⊢)⍵-1}`). Without the bound Chromium's worker
/// overflowed its stack between 700 and 1,000 calls of the first deep, and between 400 and
/// 480 of the second when evaluations alone were counted.
pub(crate) const MAX_DEPTH: usize = 800;

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
