//! # cubework
//!
//! An APL-style array-programming workbench for Rubik's Cube, after Howard A. Peelle's
//! "Representing Rubik's Cube in APL" (APL84). The seven representations of the paper are
//! built as `ndarray` transforms in [`rep`], all converting through the canonical [`Cube`];
//! moves in standard or paper notation are one [`Move`] type, read by one [`parse_moves`].
//!
//! What users type as a sequence goes through [`parse_sequence`], which adds sequence
//! algebra ([`alg`]: groups, repetition, commutators, conjugates and the paper's [`tools`]).
//! A sequence's permutation of the N×N×N sticker tuple, its cycles and orders are in
//! [`sticker_perm`]; its effect on the 3×3×3's pieces in [`effect`]; the command-line and REPL
//! answers, each command's beside its words, in the families of [`command`].
//!
//! ## Layers
//!
//! Every module uses only modules listed before it here (its tests may use any); the list
//! is read and checked by `tests/layers.rs`, so it cannot drift from the code.
//!
//! 1. Foundations: face, text, metric, lines, cancel, table_cache, simd, moves, notation, geometry, cube, input_error
//! 2. Pieces and permutations: sticker_perm, pieces, effect, piece_map
//! 3. The paper's representations: apl, rep, compare
//! 4. Sequences as typed: tools, alg, parser, input
//! 5. Solvers: solve
//! 6. Answers: error, output, quiet, progress, batch, draw
//! 7. Front ends: command, repl, cli
//! 8. Documentation: guide
//!
//! The solvers are one module: the 2×2×2's table ([`solve::pocket`]) and the beginner's method
//! ([`solve::beginner`]) sit beside the 3×3×3's searches, and [`solve::solve`] dispatches to each.
//!
//! The front ends' terminal — `cli` (clap), `repl` (rustyline), the progress bars
//! (indicatif) and Ctrl-C (ctrlc) — come with the `cli` feature, on by default and needed by
//! the binary. Without it (`--no-default-features`) the library builds alone, its bars
//! [`quiet`](crate::progress) ones that draw nothing, and `cargo tree -e normal
//! --no-default-features` lists none of those crates.
//!
//! The long-form documentation is the [`guide`]: conventions, the representations, the
//! solvers, pictures, measurements.
#![warn(missing_docs)]

pub mod alg;
pub mod apl;
pub mod batch;
pub mod cancel;
#[cfg(feature = "cli")]
pub mod cli;
pub mod command;
pub mod compare;
pub mod cube;
pub mod draw;
pub mod effect;
pub mod error;
pub mod face;
pub mod geometry;
pub mod guide;
pub mod input;
pub mod input_error;
pub mod lines;
pub mod metric;
pub mod moves;
pub mod notation;
pub mod output;
pub mod parser;
pub mod piece_map;
pub mod pieces;
pub mod progress;
pub mod quiet;
pub mod rep;
#[cfg(feature = "cli")]
pub mod repl;
pub mod simd;
pub mod solve;
pub mod sticker_perm;
pub mod table_cache;
pub mod text;
pub mod tools;

pub use alg::{Alg, AlgebraError, Metric};
pub use cube::{Cube, FaceletError};
pub use error::{Error, Result};
pub use face::Face;
pub use geometry::Geometry;
pub use moves::{
    Amount, FaceMove, LayerTurn, Move, MoveError, PaperAxis, PaperLetter, Rotation, Slice, Turn,
    WideStyle, format_moves,
};
pub use notation::Notation;
pub use parser::{ParseError, ParseErrorKind, parse_moves, parse_sequence};
pub use sticker_perm::{OrderBy, StickerPerm};
pub use tools::Tool;

/// The configuration of every property test in the crate: `cases` cases from a fixed seed, so
/// that the suite runs the same way every time; set `PROPTEST_RNG_SEED` to explore others.
#[cfg(test)]
pub(crate) fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    let mut config = proptest::test_runner::Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(0xc0be);
    }
    config
}
