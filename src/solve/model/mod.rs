//! The 3×3×3 as the searches see it: one cubie model (`cubie`: where each corner and edge is
//! and how it is turned), the coordinates that number its parts densely to index tables
//! (`coord`), and the cube's symmetries with the coordinates they reduce ([`sym`]).

pub(in crate::solve) mod coord;
pub(in crate::solve) mod cubie;
pub mod sym;
