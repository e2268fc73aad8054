//! The cube's state: its geometry, the canonical `Cube`, the sticker permutation of a sequence,
//! the pieces, a sequence's effect on them and the piece map.

pub mod cube;
pub mod effect;
pub mod geometry;
pub mod piece_map;
pub mod pieces;
pub mod sticker_perm;
