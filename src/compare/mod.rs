//! Measuring the representations against each other, at one size or across sizes, and the
//! paper's comparison table beside the measurements.
//!
//! Speed is timed in-process: one random sequence of single-layer quarter-turns (on the
//! 3×3×3 the paper's nine quarter-turns and their inverses) is made on every representation
//! that holds the size — composite and visual skip the turns they do not define — as defined
//! (the ndarray transform) and compiled (the gather, each distinct turn compiled once). The
//! representations take turns within each round (a warm-up round first, then the rounds,
//! each starting with the next representation), so a machine that slows down for a while
//! slows them all alike; each gets the median of its rounds and their quartiles, and ranks
//! are equal where those spreads overlap ([`spread_ranks`]), so that they reproduce from run
//! to run.
//!
//! The paper's "General" — how well a representation "serves as a basis for generalization"
//! to other puzzles such as Rubik's Revenge (4×4×4) — is measured ([`General`]) from the
//! sizes each representation holds, the extra lines of move definitions its N×N×N form
//! needs, and how its cost grows with N.

//!
//! The measuring is in [`timing`] (the representations' Rust turns) and [`apl_timing`] (the
//! APL evaluator's), the ranks drawn from it in [`ranking`], the lines of move definitions
//! counted from the sources in [`source_lines`], and the tables in [`tables`], rendered as a
//! terminal table, Markdown or CSV by [`render`]; [`sizes`] reads a range of sizes.

pub mod apl_timing;
pub mod ranking;
pub mod render;
pub mod sizes;
pub mod source_lines;
pub mod tables;
pub mod timing;

pub use apl_timing::{APL_TURNS, AplMeasure, UserMeasure, measure_apl, measure_user};
pub use ranking::{
    CRITERIA, General, MEASURED, PaperRanks, general, general_ranks, ranks, spread_ranks,
};
pub use render::Format;
pub use sizes::parse_sizes;
pub use source_lines::{definition_lines, general_lines};
pub use tables::{
    Extras, compare_table, compare_table_with, paper_table, paper_table_with, sizes_table,
};
pub use timing::{
    MAX_TURNS, Measure, PiecesMeasure, Timing, measure, measure_pieces, measure_sizes,
    quarter_turns, stickers, turns_at,
};

#[cfg(test)]
mod tests;
