//! Answers: the crate's error, output, progress bars (and the quiet ones) and batch solving.

pub mod batch;
pub mod error;
pub mod output;
pub mod progress;
pub mod quiet;
