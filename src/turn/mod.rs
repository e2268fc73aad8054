//! Turns: the cube's faces, the move metrics, one `Move` type and the notations it is written
//! in.

pub mod face;
pub mod metric;
pub mod moves;
pub mod notation;
