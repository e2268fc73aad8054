//! Foundations: text helpers, reading lines, Ctrl-C, the clock, CPU time, the table cache and the SIMD
//! permutation kernels; nothing here knows about the cube.

pub mod cancel;
pub mod clock;
pub mod cpu;
pub mod lines;
pub mod simd;
pub mod table_cache;
pub mod text;
