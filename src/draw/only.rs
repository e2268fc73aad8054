//! Selective display, as the paper wishes: show some pieces in colour and grey out the rest,
//! so that a learner sees which pieces a sequence moves.

use std::fmt;

use super::DrawError;
use crate::sequence::parser::parse_moves;
use crate::state::geometry::Geometry;
use crate::turn::moves::PaperAxis;
use crate::turn::notation::Notation;

/// Which stickers keep their colours.
///
/// ```
/// use cubework::draw::Only;
/// use cubework::{Geometry, Face, Notation};
/// let g = Geometry::of(3);
/// let corners = Only::parse("corners", 3, Notation::Standard).unwrap();
/// assert!(corners.keeps(g, g.index(Face::U, 0, 0)));
/// assert!(!corners.keeps(g, g.index(Face::U, 0, 1)));
/// let up = Only::parse("U", 3, Notation::Standard).unwrap();
/// assert!(up.keeps(g, g.index(Face::F, 0, 2)) && !up.keeps(g, g.index(Face::F, 1, 2)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Only {
    /// Pieces with three stickers.
    Corners,
    /// Pieces with two stickers (on big cubes, every wing and middle edge).
    Edges,
    /// Pieces with one sticker.
    Centres,
    /// The pieces in these layers (`(axis, layer)`, as [`crate::Move::layer_quarters`] names them),
    /// written as the move that turns them: `U`, `2R`, `E`, `Rw`.
    Layers {
        /// What the user wrote.
        name: String,
        /// The layers.
        layers: Vec<(PaperAxis, usize)>,
    },
}

impl Only {
    /// Reads a selection: `corners`, `edges`, `centres` (or `centers`), or a layer written
    /// as the move that turns it, in `notation`, on the `n`-cube.
    pub fn parse(text: &str, n: usize, notation: Notation) -> Result<Only, DrawError> {
        let text = text.trim();
        match text.to_lowercase().as_str() {
            "corners" => return Ok(Only::Corners),
            "edges" => return Ok(Only::Edges),
            "centres" | "centers" => return Ok(Only::Centres),
            _ => {}
        }
        let bad = |why: String| DrawError::Only {
            text: text.to_string(),
            why,
        };
        let moves = parse_moves(text, notation).map_err(|e| bad(e.to_string()))?;
        let [m] = moves.as_slice() else {
            return Err(bad("name one layer".to_string()));
        };
        let turns = m.layer_quarters(n).map_err(|e| bad(e.to_string()))?;
        let mut layers: Vec<(PaperAxis, usize)> =
            turns.map(|(axis, layer, _)| (axis, layer)).collect();
        layers.sort_by_key(|&(a, l)| (a as usize, l));
        layers.dedup();
        Ok(Only::Layers {
            name: text.to_string(),
            layers,
        })
    }

    /// True when sticker `i` keeps its colour.
    pub fn keeps(&self, g: &Geometry, i: usize) -> bool {
        let k = g.size() as i32 - 1;
        let outer = || g.cubie_of(i).iter().filter(|v| v.abs() == k).count();
        match self {
            Only::Corners => outer() == 3,
            Only::Edges => outer() == 2,
            Only::Centres => outer() == 1,
            Only::Layers { layers, .. } => layers.iter().any(|&(a, l)| g.in_layer(i, a, l)),
        }
    }

    /// For each sticker of the `n`-cube, whether it keeps its colour (all do without a
    /// selection).
    pub fn mask(only: Option<&Only>, n: usize) -> Vec<bool> {
        let g = Geometry::of(n);
        (0..g.sticker_count())
            .map(|i| only.is_none_or(|o| o.keeps(g, i)))
            .collect()
    }
}

impl fmt::Display for Only {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Only::Corners => f.write_str("corners"),
            Only::Edges => f.write_str("edges"),
            Only::Centres => f.write_str("centres"),
            Only::Layers { name, .. } => write!(f, "layer {name}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, n: usize) -> usize {
        let only = Only::parse(text, n, Notation::Standard).unwrap();
        Only::mask(Some(&only), n).iter().filter(|&&k| k).count()
    }

    #[test]
    fn piece_kinds_split_the_stickers() {
        for n in 2..=9 {
            let total = count("corners", n) + count("edges", n) + count("centres", n);
            assert_eq!(total, 6 * n * n, "n = {n}");
            assert_eq!(count("corners", n), 24);
            assert_eq!(count("edges", n), 24 * (n - 2));
            assert_eq!(count("centres", n), 6 * (n - 2) * (n - 2));
        }
    }

    #[test]
    fn layers_by_their_moves() {
        assert_eq!(count("U", 3), 9 + 12);
        assert_eq!(count("E", 3), 12);
        assert_eq!(count("2R", 4), 16);
        assert_eq!(count("Rw", 4), 16 + 2 * 16);
        assert_eq!(count("x", 3), 54);
        assert_eq!(count("centers", 3), 6);
    }

    #[test]
    fn bad_selections_say_why() {
        for (text, n) in [("sides", 3), ("M", 4), ("U R", 3), ("", 3), ("5R", 3)] {
            let err = Only::parse(text, n, Notation::Standard).unwrap_err();
            assert!(err.to_string().contains("--only"), "{err}");
        }
    }
}
