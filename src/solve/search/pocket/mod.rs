//! The 2×2×2 ("pocket cube") solved completely, after the notes on solving it with dense
//! permutation ranks.
//!
//! Hold one corner (DBL) fixed and turn only the three faces that do not touch it, U, R and F.
//! A state is then a pair (π, q) — where the seven other corners are and how they are twisted
//! ([`PocketState`]) — and the Myrvold–Ruskey ranking ([`rank`]) numbers all
//! 7! × 3⁶ = 3,674,160 of them densely. A breadth-first search from solved over those numbers
//! ([`DistanceTable`]) finds every state's distance, two bits a state, in the quarter-turn
//! metric (6 moves) and the half-turn metric (9 moves); an optimal solution is a walk down the
//! distances. The tables are cached on disk ([`distance_file`]).
//!
//! The command line's entry point is [`table_report`], text whose last line is the answer
//! alone; solutions come through [`crate::solve::solve`] with the pocket method.

pub mod distance_file;
pub mod rank;
mod state;
mod table;

use std::fmt::Write as _;
use std::sync::OnceLock;

pub use crate::base::table_cache::{CACHE_ENV, CacheError, CacheReport, cache_dir};
pub use distance_file::{cache_file, load_or_build, table_file};
pub use state::{PocketState, STATES};
pub use table::DistanceTable;

use crate::sequence::input::InputError;
use crate::state::pieces::CubieError;
use crate::turn::metric::Metric;
use crate::turn::moves::{FaceMove, Move, format_moves};

/// Why a 2×2×2 state cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PocketError {
    /// The moves or facelets do not describe a cube.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The stickers are not a real cube's corners.
    #[error(transparent)]
    Pieces(#[from] CubieError),
    /// A cube of another size.
    #[error("the pocket cube solver takes a 2×2×2, not a {0}×{0}×{0}")]
    Size(usize),
    /// A metric the solver does not search in.
    #[error("the pocket cube solver counts in htm or qtm, not {0}")]
    Metric(Metric),
    /// A distance table that does not lead to solved (a bug).
    #[error("the distance table is inconsistent: {0}")]
    Table(String),
    /// Something that cannot happen on a real cube (a bug).
    #[error("internal error: {0}")]
    Unreachable(&'static str),
}

/// The table of a metric, loaded or built once per process (see [`load_or_build`]), with how
/// it was obtained.
pub fn shared_table(metric: Metric) -> &'static (DistanceTable, CacheReport) {
    static TABLES: [OnceLock<(DistanceTable, CacheReport)>; 2] = [OnceLock::new(), OnceLock::new()];
    let index = usize::from(metric != Metric::Qtm);
    TABLES[index].get_or_init(|| load_or_build(metric))
}

/// The table metrics are the quarter- and half-turn metrics only.
fn searched(metric: Metric) -> Result<(), PocketError> {
    if Metric::SEARCHED.contains(&metric) {
        Ok(())
    } else {
        Err(PocketError::Metric(metric))
    }
}

/// The distance distribution as text. As CSV: the header `depth,count` and a row per
/// distance. As a table: a row per distance, the total, how the table was obtained (when
/// `report` is given), and God's number alone on the last line.
///
/// ```
/// use cubework::solve::search::pocket::{DistanceTable, table_text};
/// use cubework::turn::metric::Metric;
/// let text = table_text(&DistanceTable::build(Metric::Htm), None, true);
/// assert_eq!(text.lines().next(), Some("depth,count"));
/// assert_eq!(text.lines().last(), Some("11,2644"));
/// ```
pub fn table_text(table: &DistanceTable, report: Option<&CacheReport>, csv: bool) -> String {
    let mut out = String::new();
    let counts = table.distribution();
    if csv {
        out.push_str("depth,count");
        for (d, c) in counts.iter().enumerate() {
            let _ = write!(out, "\n{d},{c}");
        }
        return out;
    }
    let metric = table.metric();
    let moves: Vec<Move> = FaceMove::pocket(metric)
        .iter()
        .map(|m| m.to_move())
        .collect();
    let moves = format_moves(&moves);
    let _ = writeln!(
        out,
        "2×2×2 states by distance from solved, {} ({moves}):",
        metric.title()
    );
    let _ = writeln!(out, "{:>5}  {:>9}", "depth", "states");
    for (d, &c) in counts.iter().enumerate() {
        let _ = writeln!(out, "{d:>5}  {:>9}", crate::base::text::thousands(c));
    }
    let _ = writeln!(
        out,
        "{:>5}  {:>9}",
        "total",
        crate::base::text::thousands(counts.iter().sum())
    );
    if let Some(r) = report {
        let _ = writeln!(out, "table {r}");
    }
    let _ = writeln!(out, "God's number in the {}:", metric.title());
    let _ = write!(out, "{}", table.gods_number());
    out
}

/// `cubework pocket table`: the distance distribution of a metric (see [`table_text`]), from
/// the cache or a fresh breadth-first search. (Not run as a doc test, because it uses the
/// user's cache directory; `tests/pocket_reports.rs` runs it against a temporary one.)
///
/// ```no_run
/// use cubework::turn::metric::Metric;
/// let text = cubework::solve::search::pocket::table_report(Metric::Qtm, false).unwrap();
/// assert_eq!(text.lines().last(), Some("14"));
/// ```
pub fn table_report(metric: Metric, csv: bool) -> Result<String, PocketError> {
    searched(metric)?;
    let (table, report) = shared_table(metric);
    Ok(table_text(table, Some(report), csv))
}

/// A random-state scramble of the 2×2×2, as the WCA's are: a state drawn uniformly from all
/// 3,674,160 (corner DBL held, as the table counts them) from `seed`, and the moves of U, R
/// and F that make it from solved — the inverse of the table's optimal solution, so no longer
/// than God's number in the table's metric — checked.
///
/// ```
/// use cubework::turn::metric::Metric;
/// use cubework::solve::search::pocket::{DistanceTable, PocketState, random_state_scramble};
/// let table = DistanceTable::build(Metric::Htm);
/// let (state, scramble) = random_state_scramble(&table, 7).unwrap();
/// assert!(scramble.len() <= 11);
/// assert_eq!(scramble.iter().fold(PocketState::solved(), |s, &m| s.apply(m)), state);
/// ```
pub fn random_state_scramble(
    table: &DistanceTable,
    seed: u64,
) -> Result<(PocketState, Vec<FaceMove>), PocketError> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let index = rng.random_range(0..STATES as u32);
    let state = PocketState::from_index(index).ok_or(PocketError::Unreachable(
        "a state index below the number of states",
    ))?;
    let scramble: Vec<FaceMove> = table
        .solve(&state)?
        .iter()
        .rev()
        .map(|m| m.inverse())
        .collect();
    if scramble
        .iter()
        .fold(PocketState::solved(), |s, &m| s.apply(m))
        != state
    {
        return Err(PocketError::Table(
            "a scramble that does not make its state".into(),
        ));
    }
    Ok((state, scramble))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cube;
    use crate::sequence::input::Input;
    use crate::sequence::parser::parse_moves;
    use crate::turn::moves::Move;
    use crate::turn::notation::Notation;
    use table::tests::table;

    #[test]
    fn csv_and_table_text() {
        let t = table(Metric::Htm);
        let csv = table_text(t, None, true);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "depth,count");
        assert_eq!(lines[1], "0,1");
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[12], "11,2644");
        let text = table_text(t, None, false);
        assert_eq!(text.lines().last(), Some("11"));
        assert!(text.contains("3,674,160"), "{text}");
        assert!(text.contains("1,887,748"), "{text}");
    }

    /// A solution as `pocket solve` prints it, through the one front door (the table is the
    /// same as `table`'s: both are built by the same breadth-first search).
    fn solve_text(
        table: &DistanceTable,
        input: &Input,
        notation: Notation,
    ) -> Result<String, crate::solve::SolveError> {
        let pocket = crate::solve::Method::Pocket;
        crate::solve::answer::solution_text::solved_text(pocket, 2, table.metric(), input, notation)
    }

    #[test]
    fn solve_text_solves_from_moves_and_facelets() {
        for metric in Metric::SEARCHED {
            let t = table(metric);
            for alg in ["", "R", "R U2 F'", "D L B", "R U R' U' F2 D' L B2 x y"] {
                let text = solve_text(t, &Input::Alg(alg.into()), Notation::Standard).unwrap();
                let last = text.lines().last().unwrap_or("");
                let last = if text.ends_with('\n') { "" } else { last };
                let whole = parse_moves(last, Notation::Standard).unwrap();
                // The whole-cube turn that holds DBL home first, then turns of U, R and F.
                let mut cube = Cube::solved_n(2);
                cube.apply_all(&parse_moves(alg, Notation::Standard).unwrap())
                    .unwrap();
                let facelets = cube.facelets();
                let (state, rotation) = PocketState::from_cube(&cube).unwrap();
                assert_eq!(whole[..rotation.len()], rotation[..], "{alg}: {text}");
                let solution = &whole[rotation.len()..];
                assert!(
                    solution
                        .iter()
                        .all(|m| m.to_string().starts_with(['U', 'R', 'F']))
                );
                // The line does the whole job from the scramble as given.
                let mut after = cube.clone();
                after.apply_all(&whole).unwrap();
                assert!(after.is_solved(), "{alg}: {text}");
                let length = crate::sequence::alg::Alg::from_moves(solution).count(metric);
                assert_eq!(length as usize, t.distance(&state).unwrap());
                let from_facelets = solve_text(
                    t,
                    &Input::Facelets(facelets, Default::default()),
                    Notation::Standard,
                )
                .unwrap();
                assert_eq!(from_facelets, text);
            }
        }
        let q = solve_text(
            table(Metric::Qtm),
            &Input::Alg("R2".into()),
            Notation::Standard,
        );
        let q = q.unwrap();
        assert!(q.ends_with("\nR2"), "written as a cuber writes it: {q}");
        assert!(q.contains("2 moves"), "{q}");
    }

    #[test]
    fn random_state_scrambles_make_their_state_and_spread_over_all_states() {
        let t = table(Metric::Htm);
        let mut states = std::collections::HashSet::new();
        let mut longest = 0;
        for seed in 0..200 {
            let (state, scramble) = random_state_scramble(t, seed).unwrap();
            assert_eq!(random_state_scramble(t, seed).unwrap().0, state, "seeded");
            let mut cube = Cube::solved_n(2);
            let moves: Vec<Move> = scramble.iter().map(|m| m.to_move()).collect();
            cube.apply_all(&moves).unwrap();
            assert_eq!(cube, state.to_cube(), "seed {seed}");
            assert_eq!(scramble.len(), t.distance(&state).unwrap(), "optimal");
            longest = longest.max(scramble.len());
            states.insert(state);
        }
        // Two hundred draws from 3,674,160 states all differ, and most states are 8 to 10
        // moves out (89% of them), so the draws reach that far.
        assert_eq!(states.len(), 200);
        assert!(longest >= 8, "{longest}");
    }

    #[test]
    fn solve_text_rejects_bad_input() {
        let t = table(Metric::Htm);
        let err = solve_text(
            t,
            &Input::Facelets("UUUFURRRFRFFDDDDLLLLBBBB".into(), Default::default()),
            Notation::Standard,
        )
        .unwrap_err();
        assert!(matches!(
            err,
            crate::solve::SolveError::Pocket(PocketError::Pieces(CubieError::TwistSum {
                sum: 1,
                ..
            }))
        ));
        let err = solve_text(t, &Input::Alg("R Q".into()), Notation::Standard);
        let err = err.unwrap_err();
        assert!(err.to_string().contains("unknown move 'Q'"), "{err}");
    }
}
