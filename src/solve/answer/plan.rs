//! A [`Plan`]: the moves of a solution, followed one hint at a time (`hint`, `hint apply`).

use crate::sequence::alg::format_in;
use crate::solve::SolveError;
use crate::solve::method::{Method, Solution};
use crate::state::cube::Cube;
use crate::turn::moves::Move;
use crate::turn::notation::Notation;

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

    /// `hint: R' (1 of 20 moves of a two-phase solution; then U2 F …)`. Whole-cube turns
    /// are not counted among the moves, as the solution's own count leaves them out; one that
    /// comes first is said to be one. The moves are written in `notation`, the session's, as
    /// `solve` writes its answer.
    pub fn describe(&self, notation: Notation) -> String {
        let Some((&first, rest)) = self.moves.split_first() else {
            return "solved: no move needed".to_string();
        };
        let rotation = |m: &Move| matches!(m.turn, crate::turn::moves::Turn::Rotation(_));
        let turns = self.moves.iter().filter(|m| !rotation(m)).count();
        let then = if rest.is_empty() {
            "; then it is solved".to_string()
        } else {
            format!("; then {}", format_in(rest, notation))
        };
        let first_written = format_in(&[first], notation);
        let solution = format!(
            "{turns} {} of {} {} solution",
            if turns == 1 { "move" } else { "moves" },
            if self.how.starts_with('o') { "an" } else { "a" },
            self.how
        );
        if rotation(&first) {
            format!(
                "hint: {first_written} (a whole-cube turn, to bring the centres home, before the {solution}{then})"
            )
        } else {
            format!("hint: {first_written} (1 of {solution}{then})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use crate::sequence::parser::parse_moves;

    fn plan(moves: &str) -> Plan {
        Plan {
            cube: Cube::solved_n(2),
            moves: parse_moves(moves, Notation::Standard).unwrap(),
            how: "optimal 2×2×2",
        }
    }

    #[test]
    fn a_hint_counts_the_moves_as_the_solution_does_leaving_whole_cube_turns_out() {
        assert_eq!(
            plan("z' y2 U R2 F'").describe(Notation::Standard),
            "hint: z' (a whole-cube turn, to bring the centres home, before the 3 moves of an optimal 2×2×2 solution; then y2 U R2 F')"
        );
        assert_eq!(
            plan("U R2 F'").describe(Notation::Standard),
            "hint: U (1 of 3 moves of an optimal 2×2×2 solution; then R2 F')"
        );
        assert_eq!(
            plan("F'").describe(Notation::Standard),
            "hint: F' (1 of 1 move of an optimal 2×2×2 solution; then it is solved)"
        );
    }
}
