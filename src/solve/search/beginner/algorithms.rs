//! The method's algorithms, as a learner copies them onto one page of a notebook: a name and
//! the turns. Each is short, and each does one thing to the pieces it is aimed at while
//! leaving the solved layers as they were (the tests check every claim made here).

use std::sync::OnceLock;

use crate::sequence::parser::parse_moves;
use crate::turn::moves::Move;
use crate::turn::notation::Notation;

/// One of the method's standard short algorithms.
///
/// ```
/// use cubework::solve::search::beginner::Algorithm;
/// assert_eq!(Algorithm::TwistCorners.text(), "R U2 R' U' R U' R' L' U2 L U L' U L");
/// assert_eq!(Algorithm::TwistCorners.moves().len(), 14);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// `R' D' R`: a first-layer corner waiting below its place at the front right, white
    /// facing right, goes up into it; made on a wrong corner in that place, it takes the
    /// corner down.
    CornerFromRight,
    /// `F D F'`: the same corner with white facing front.
    CornerFromFront,
    /// `R' D2 R D R' D' R`: the same corner with white facing down.
    CornerFromBelow,
    /// `U R U' R' U' F' U F`: the second-layer edge at the top front, its front colour matching
    /// the front centre, goes down into the slot on the right.
    EdgeToRight,
    /// `U' L' U L U F U' F'`: the same, into the slot on the left.
    EdgeToLeft,
    /// `F R U R' U' F'` (the notes' `F.R.U.Rʼ.Uʼ.Fʼ`): a line across the last face, held left
    /// to right, becomes a cross; from no edges up it makes an L.
    CrossFromLine,
    /// `F U R U' R' F'`: an L on the last face, held at the back and left, becomes a cross.
    CrossFromL,
    /// `R U R' U R U2 R' U`: swaps the last layer's front and left edges, keeping the back and
    /// right ones (its corners move, to be put right later).
    SwapEdges,
    /// `U R U' L' U R' U' L`: keeps the last layer's front-right corner and cycles the other
    /// three (front left → back right → back left → front left).
    CycleCorners,
    /// `R U2 R' U' R U' R' L' U2 L U L' U L`, the notes' 14-move sequence and their test:
    /// twists the front-right corner of the last layer anticlockwise and the back-right one
    /// clockwise, and moves nothing else.
    TwistCorners,
}

impl Algorithm {
    /// Every algorithm, in the order the method first uses them.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::CornerFromRight,
        Algorithm::CornerFromFront,
        Algorithm::CornerFromBelow,
        Algorithm::EdgeToRight,
        Algorithm::EdgeToLeft,
        Algorithm::CrossFromLine,
        Algorithm::CrossFromL,
        Algorithm::SwapEdges,
        Algorithm::CycleCorners,
        Algorithm::TwistCorners,
    ];

    /// The turns, in standard notation.
    pub fn text(self) -> &'static str {
        match self {
            Algorithm::CornerFromRight => "R' D' R",
            Algorithm::CornerFromFront => "F D F'",
            Algorithm::CornerFromBelow => "R' D2 R D R' D' R",
            Algorithm::EdgeToRight => "U R U' R' U' F' U F",
            Algorithm::EdgeToLeft => "U' L' U L U F U' F'",
            Algorithm::CrossFromLine => "F R U R' U' F'",
            Algorithm::CrossFromL => "F U R U' R' F'",
            Algorithm::SwapEdges => "R U R' U R U2 R' U",
            Algorithm::CycleCorners => "U R U' L' U R' U' L",
            Algorithm::TwistCorners => "R U2 R' U' R U' R' L' U2 L U L' U L",
        }
    }

    /// The turns as moves (read once).
    pub fn moves(self) -> &'static [Move] {
        static MOVES: OnceLock<Vec<Vec<Move>>> = OnceLock::new();
        let all = MOVES.get_or_init(|| {
            Algorithm::ALL
                .iter()
                .map(|a| parse_moves(a.text(), Notation::Standard).expect("written correctly"))
                .collect()
        });
        &all[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::algebra::effect_report;
    use crate::state::cube::Cube;

    fn effect(a: Algorithm) -> String {
        let text = effect_report(
            3,
            &crate::sequence::alg::Alg::parse(a.text(), Notation::Standard).unwrap(),
        )
        .unwrap();
        text.lines().last().unwrap().to_string()
    }

    /// The docs' claims about the last-layer algorithms, as `effect` reads them (white up, so
    /// the last layer here is the top).
    #[test]
    fn last_layer_algorithms_do_what_the_docs_say() {
        assert_eq!(
            effect(Algorithm::TwistCorners),
            "UFR → UFR (twisted ccw), UBR → UBR (twisted cw)"
        );
        assert_eq!(
            effect(Algorithm::CycleCorners),
            "UFL → UBR (twisted cw), UBR → UBL (twisted cw), UBL → UFL (twisted cw)"
        );
        let swap = effect(Algorithm::SwapEdges);
        assert!(swap.ends_with("UF → UL, UL → UF"), "{swap}");
        for a in Algorithm::ALL {
            assert_eq!(a.moves().len(), a.text().split(' ').count());
            // None of them moves a centre.
            let mut cube = Cube::solved();
            cube.apply_all(a.moves()).unwrap();
            for f in crate::turn::face::Face::ALL {
                assert_eq!(cube.centre(f), Some(f));
            }
        }
    }
}
