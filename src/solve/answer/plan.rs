//! A [`Plan`]: the moves of a solution, followed one hint at a time (`hint`, `hint apply`).

use crate::solve::SolveError;
use crate::solve::method::{Method, Solution};
use crate::state::cube::Cube;
use crate::turn::moves::{Move, format_moves};

/// A plan of moves that solves a cube, followed one hint at a time: the cube it starts from
/// and the moves left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The cube the moves start from.
    pub cube: Cube,
    /// The moves left, in order.
    pub moves: Vec<Move>,
    /// How the plan was made: "two-phase" or "optimal 2×2×2".
    pub how: &'static str,
}

impl Plan {
    /// A plan for `cube` from its solution: two-phase for the 3×3×3, optimal (half-turn
    /// metric) for the 2×2×2, as [`Plan::method`] chooses; any whole-cube turn that brings
    /// the centres (or, on the 2×2×2, corner DBL) home comes first.
    pub fn new(cube: &Cube, solution: &Solution) -> Plan {
        Plan {
            cube: cube.clone(),
            moves: solution.moves.clone(),
            how: match solution.method {
                Method::Pocket => "optimal 2×2×2",
                Method::Optimal => "optimal",
                Method::Bfs => "shortest",
                Method::Beginner => "beginner's",
                Method::TwoPhase => "two-phase",
                Method::Reduction => "reduction",
            },
        }
    }

    /// How hints are found for a cube of size `n`: the pocket table for the 2×2×2, the
    /// two-phase solver for the 3×3×3, the reduction for the 4×4×4 to 9×9×9.
    pub fn method(n: usize) -> Result<Method, SolveError> {
        match n {
            2 => Ok(Method::Pocket),
            3 => Ok(Method::TwoPhase),
            4..=9 => Ok(Method::Reduction),
            n => Err(SolveError::Size(n)),
        }
    }

    /// The next move, and the plan after it is made (`None` once solved).
    pub fn step(&self) -> Option<(Move, Plan)> {
        let (&first, rest) = self.moves.split_first()?;
        let mut cube = self.cube.clone();
        cube.apply(&first).ok()?;
        Some((
            first,
            Plan {
                cube,
                moves: rest.to_vec(),
                how: self.how,
            },
        ))
    }

    /// `hint: R' (1 of 20 moves of a two-phase solution; then U2 F …)`.
    pub fn describe(&self) -> String {
        let Some((&first, rest)) = self.moves.split_first() else {
            return "solved: no move needed".to_string();
        };
        let n = self.moves.len();
        let what = if matches!(first.turn, crate::turn::moves::Turn::Rotation(_)) {
            " (a whole-cube turn, to bring the centres home)"
        } else {
            ""
        };
        let then = if rest.is_empty() {
            "; then it is solved".to_string()
        } else {
            format!("; then {}", format_moves(rest))
        };
        format!(
            "hint: {first}{what} (1 of {n} {} of {} {} solution{then})",
            if n == 1 { "move" } else { "moves" },
            if self.how.starts_with('o') { "an" } else { "a" },
            self.how
        )
    }
}
