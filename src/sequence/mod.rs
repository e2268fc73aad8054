//! Sequences as typed: the input errors, the paper's tools, sequence algebra, the parser and
//! reading a cube or moves from the user.

pub mod alg;
pub mod input;
pub mod input_error;
pub mod mirror;
pub mod parser;
pub mod tools;
