//! The answers of `scramble`: a scramble's moves and what they do, at any size, and a
//! random state as the moves that make it.

use super::*;

/// The most turns a scramble of turns has: 10,000, wherever its length is given (the REPL's
/// `scramble N`, `cubework scramble N`, the page, a session file).
pub const MAX_SCRAMBLE: usize = 10_000;

/// A scramble of `count` turns, refused above [`MAX_SCRAMBLE`]: the one check and the one
/// message (the number given and the limit) every front end's scramble goes through.
///
/// ```
/// use cubework::command::solving::scramble_length_fits;
/// assert!(scramble_length_fits(10_000).is_ok());
/// let e = scramble_length_fits(10_001).unwrap_err();
/// assert_eq!(e.to_string(), "a scramble of 10001 turns is more than the limit of 10000");
/// ```
pub fn scramble_length_fits(count: usize) -> Result<(), AlgebraError> {
    if count > MAX_SCRAMBLE {
        return Err(AlgebraError::TooManyTurns {
            got: count,
            limit: MAX_SCRAMBLE,
        });
    }
    Ok(())
}

/// The paper's SCRAMBLE: `count` random quarter-turns (17 in the paper) from `seed`, or a
/// fresh seed, which the report names so the scramble can be repeated.
///
/// ```
/// use cubework::command::solving::scramble_report;
/// use cubework::Notation;
/// let r = scramble_report(17, Some(7), Notation::Standard).unwrap();
/// assert!(r.starts_with("SCRAMBLE: 17 random quarter-turns, seed 7"));
/// assert_eq!(r.lines().last().unwrap().split(' ').count(), 17);
/// ```
pub fn scramble_report(
    count: usize,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, AlgebraError> {
    scramble_length_fits(count)?;
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let moves = tools::scramble(count, seed);
    let moves = crate::turn::notation::in_notation(&moves, notation);
    Ok(format!(
        "SCRAMBLE: {count} random quarter-turns, seed {seed}\n{}",
        format_moves(&moves)
    ))
}

/// `scramble --size N`: the scramble of the `n`×`n`×`n` that [`tools::scramble_of_size`]
/// makes — the paper's SCRAMBLE (see [`scramble_report`]) on the 2×2×2 and the 3×3×3, a
/// WCA-style scramble of outer and wide turns on the 4×4×4 and up — from `seed` or a fresh
/// one. Its last line is the scramble alone; the paper's letters have no wide turns, so the
/// bigger cubes' scrambles are written in standard notation only.
///
/// ```
/// use cubework::command::solving::sized_scramble_report;
/// use cubework::Notation;
/// let r = sized_scramble_report(4, None, Some(7), Notation::Standard).unwrap();
/// assert!(r.starts_with("SCRAMBLE of the 4×4×4: 40 random turns"));
/// assert_eq!(r.lines().last().unwrap().split(' ').count(), 40);
/// ```
pub fn sized_scramble_report(
    n: usize,
    count: Option<usize>,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, AlgebraError> {
    Cube::check_size(n)?;
    if n <= 3 {
        return scramble_report(count.unwrap_or(tools::SCRAMBLE_LENGTH), seed, notation);
    }
    if notation == Notation::Paper {
        return Err(AlgebraError::NotForSize {
            what: "a scramble in the paper's notation",
            n,
            why: "the paper's letters have no wide turns; its scramble is written in standard notation",
        });
    }
    let count = count.unwrap_or_else(|| tools::wca_length(n));
    scramble_length_fits(count)?;
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let moves = tools::scramble_of_size(n, Some(count), seed);
    Ok(format!(
        "SCRAMBLE of the {n}×{n}×{n}: {count} random turns of the outer faces and of wide blocks up to {} layers deep, no two merging (as the WCA's scrambles, {} turns), seed {seed}\n{}",
        n / 2,
        tools::wca_length(n),
        format_moves(&moves)
    ))
}

/// `cubework scramble --random-state`: a state drawn uniformly from all 43,252,003,274,489,856,000
/// (from `seed`, or a fresh one), as the at most 21 moves that make it from solved: the
/// inverse of a two-phase solution, checked. The sequence alone is the last line.
///
/// ```
/// use cubework::command::solving::random_state_report;
/// use cubework::solve::table::tables::Tables;
/// use cubework::Notation;
/// let tables = Tables::build(&mut |_, _| {});
/// let text = random_state_report(&tables, Some(1), Notation::Standard).unwrap();
/// assert!(text.lines().last().unwrap().split(' ').count() <= 21);
/// ```
pub fn random_state_report(
    tables: &crate::solve::table::tables::Tables,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, crate::solve::SolveError> {
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let (_, moves) = random_state(tables, seed)?;
    Ok(format!(
        "random state, seed {seed}: drawn uniformly from all 43,252,003,274,489,856,000; these {} moves make it from solved (a two-phase solution, inverted)\n{}",
        moves.len(),
        crate::sequence::alg::format_in(&moves, notation)
    ))
}

/// `cubework scramble --size 2 --random-state`: a 2×2×2 state drawn uniformly from all
/// 3,674,160 (see [`crate::solve::search::pocket::random_state_scramble`]), from `seed` or a fresh one, as
/// the optimal sequence of U, R and F turns that makes it from solved. The sequence alone is
/// the last line.
///
/// ```
/// use cubework::turn::metric::Metric;
/// use cubework::solve::search::pocket::DistanceTable;
/// use cubework::command::solving::pocket_random_state_report;
/// use cubework::Notation;
/// let table = DistanceTable::build(Metric::Htm);
/// let text = pocket_random_state_report(&table, Some(1), Notation::Standard).unwrap();
/// assert!(text.lines().last().unwrap().split(' ').count() <= 11);
/// ```
pub fn pocket_random_state_report(
    table: &crate::solve::search::pocket::DistanceTable,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, crate::solve::search::pocket::PocketError> {
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let (_, moves) = pocket_random_state(table, seed)?;
    Ok(format!(
        "random 2×2×2 state, seed {seed}: drawn uniformly from all 3,674,160 (corner DBL held); these {} moves make it from solved (an optimal solution in the {}, inverted)\n{}",
        moves.len(),
        table.metric().title(),
        crate::sequence::alg::format_in(&moves, notation)
    ))
}

/// A 3×3×3 state drawn uniformly from `seed` (by the two-phase `tables`), and the moves that
/// make it from solved.
pub(super) fn random_state(
    tables: &crate::solve::table::tables::Tables,
    seed: u64,
) -> Result<(Cube, Vec<Move>), crate::solve::SolveError> {
    let (state, scramble) =
        crate::solve::answer::solution_text::random_state_scramble(tables, seed)?;
    Ok((
        state.to_cube(),
        scramble.iter().map(|m| m.to_move()).collect(),
    ))
}

/// A 2×2×2 state drawn uniformly from `seed` (by the pocket `table`), and the optimal moves
/// that make it from solved.
pub(super) fn pocket_random_state(
    table: &crate::solve::search::pocket::DistanceTable,
    seed: u64,
) -> Result<(Cube, Vec<Move>), crate::solve::search::pocket::PocketError> {
    let (state, scramble) = crate::solve::search::pocket::random_state_scramble(table, seed)?;
    Ok((
        state.to_cube(),
        scramble.iter().map(|m| m.to_move()).collect(),
    ))
}
