//! # cubework
//!
//! An APL-style array-programming workbench for Rubik's Cube, after Howard A. Peelle's
//! "Representing Rubik's Cube in APL" (APL84). The seven representations of the paper are
//! built as `ndarray` transforms in [`rep`], all converting through the canonical [`Cube`];
//! moves in standard or paper notation are one [`Move`] type, read by one [`parse_moves`].
//!
//! What users type as a sequence goes through [`parse_sequence`], which adds sequence
//! algebra ([`alg`](sequence::alg): groups, repetition, commutators, conjugates and the paper's [`tools`](sequence::tools); a sequence's [`mirror`](sequence::mirror) image).
//! A sequence's permutation of the N×N×N sticker tuple, its cycles and orders are in
//! [`sticker_perm`](state::sticker_perm); its effect on the 3×3×3's pieces in [`effect`](state::effect); the command-line and REPL
//! answers, each command's beside its words, in the families of [`command`].
//!
//! ## Layers
//!
//! Every module uses only modules listed before it here (its tests may use any); the list
//! is read and checked by `tests/layers.rs`, so it cannot drift from the code. A layer of
//! several small modules is a folder of its own (`base`, `turn`, `state`, `sequence`,
//! `answer`); the REPL lives in the command line's folder, `cli`.
//!
//! 1. Foundations, in `base`: text, lines, cancel, clock, cpu, table_cache, simd
//! 2. Turns, in `turn`: face, metric, moves, notation
//! 3. The cube's state, its pieces and permutations, in `state`: geometry, cube, sticker_perm, pieces, effect, piece_map
//! 4. The paper's representations: apl, rep, compare
//! 5. Sequences as typed, in `sequence`: input_error, tools, alg, mirror, parser, input
//! 6. Solvers: solve
//! 7. Answers, in `answer`: error, output, quiet, progress, batch
//! 8. Pictures: draw
//! 9. Front ends: command, cli, web
//! 10. Documentation: guide
//!
//! The solvers are one layer, one module in rooms by what they are ([`solve`]: the method's
//! vocabulary, the cube models, the searches, the tables and the answers' text): the 2×2×2's
//! table ([`solve::search::pocket`]) and the beginner's method ([`solve::search::beginner`])
//! sit beside the 3×3×3's searches, and [`solve::solve`], the one door, dispatches to each.
//!
//! The front ends' terminal — `cli` (clap), `repl` (rustyline), the progress bars
//! (indicatif) and Ctrl-C (ctrlc) — come with the `cli` feature, on by default and needed by
//! the binary. Without it (`--no-default-features`) the library builds alone, its bars
//! [`quiet`](crate::answer::progress) ones that draw nothing, and `cargo tree -e normal
//! --no-default-features` lists none of those crates.
//!
//! The third front end, [`web`], is the workbench in a browser: the same [`command::Session`]
//! compiled to WebAssembly (`wasm32-unknown-unknown`, the `web` feature: wasm-bindgen) inside
//! one self-contained page, which `scripts/page.sh` writes.
//!
//! The long-form documentation is the [`guide`]: conventions, the representations, the
//! solvers, pictures, measurements.
#![warn(missing_docs)]

pub mod answer;
pub mod apl;
pub mod base;
#[cfg(feature = "cli")]
pub mod cli;
pub mod command;
pub mod compare;
pub mod draw;
pub mod guide;
pub mod rep;
pub mod sequence;
pub mod solve;
pub mod state;
pub mod turn;
pub mod web;

pub use answer::error::{Error, Result};
pub use sequence::alg::{Alg, AlgebraError, Metric};
pub use sequence::parser::{ParseError, ParseErrorKind, parse_moves, parse_sequence};
pub use sequence::tools::Tool;
pub use state::cube::{Cube, FaceletError};
pub use state::geometry::Geometry;
pub use state::sticker_perm::{OrderBy, StickerPerm};
pub use turn::face::Face;
pub use turn::moves::{
    Amount, FaceMove, LayerTurn, Move, MoveError, PaperAxis, PaperLetter, Rotation, Slice, Turn,
    WideStyle, format_moves,
};
pub use turn::notation::Notation;

/// The configuration of every property test in the crate: `cases` cases from a fixed seed, so
/// that the suite runs the same way every time; set `PROPTEST_RNG_SEED` to explore others. A
/// failure's seed is kept under `tests/proptest-regressions/src/`, in a file named after the
/// test's source file below `src/` (`apl/dfns_tests.txt`), and replayed first ever after.
#[cfg(test)]
pub(crate) fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::FileFailurePersistence;
    let mut config = proptest::test_runner::Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(0xc0be);
    }
    config.failure_persistence = Some(Box::new(FileFailurePersistence::SourceParallel(
        "tests/proptest-regressions/src",
    )));
    config
}

/// The cube after `alg` (standard notation, the sequence algebra allowed) from solved: how the
/// crate's tests set a cube up.
#[cfg(test)]
pub(crate) fn cube_after(alg: &str) -> Cube {
    let mut cube = Cube::solved();
    cube.apply_all(&parse_sequence(alg, Notation::Standard).unwrap())
        .unwrap();
    cube
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every seed kept under `tests/proptest-regressions/src/` is one that the crate's property
    /// tests load and replay: the file stands for a source file that exists, and the crate's
    /// configuration reads back each of its seeds.
    #[test]
    fn the_kept_failure_seeds_are_replayed() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let kept = root.join("tests/proptest-regressions/src");
        let mut files = vec![kept.clone()];
        let mut checked = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let seeds = text.lines().filter(|l| l.starts_with("cc ")).count();
            let source = Path::new("src")
                .join(path.strip_prefix(&kept).unwrap())
                .with_extension("rs");
            assert!(
                root.join(&source).is_file(),
                "{} stands for no source file",
                path.display()
            );
            let source: &'static str = source.to_str().unwrap().to_string().leak();
            let config = crate::proptest_config(1);
            let loaded = config
                .failure_persistence
                .unwrap()
                .load_persisted_failures2(Some(source));
            assert!(seeds > 0, "{} keeps no seed", path.display());
            assert_eq!(loaded.len(), seeds, "{} is not read back", path.display());
            checked += 1;
        }
        assert!(
            checked >= 2,
            "only {checked} seed files under {}",
            kept.display()
        );
    }
}
