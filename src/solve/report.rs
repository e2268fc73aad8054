//! The two-phase solver as the command line and the REPL use it: one solve as text, lines
//! of a batch, random-state scrambles, and hints. Everything printed is checked first by
//! making it on the cube it is for.

use std::fmt::Write as _;

use rand::SeedableRng;

use super::SolveError;
use super::cubie::{CubieCube, FaceMove};
use super::tables::Tables;
use super::twophase::{TwoPhaseOptions, TwoPhaseSolution, solve};
use crate::alg::format_in;
use crate::cube::Cube;
use crate::input::Input;
use crate::metric::Metric;
use crate::moves::{Move, format_moves};
use crate::notation::Notation;
use crate::text::count;

/// The metrics the two-phase solver counts in: the half-turn metric only (phase 2's moves
/// include half turns of four faces, and its tables count them as one move).
pub fn check_metric(metric: Metric) -> Result<(), SolveError> {
    match metric {
        Metric::Htm => Ok(()),
        other => Err(SolveError::TwoPhaseMetric(other)),
    }
}

/// Whether `moves` take `cube` to solved; an internal error if not (a solver bug: nothing
/// unchecked is ever printed).
pub fn check_solves(cube: &Cube, moves: &[Move]) -> Result<(), SolveError> {
    let mut c = cube.clone();
    c.apply_all(moves)
        .map_err(|_| SolveError::Unreachable("a solution move that cannot be made"))?;
    if c.is_solved() {
        Ok(())
    } else {
        Err(SolveError::Unreachable(
            "a solution that does not solve the cube",
        ))
    }
}

/// A two-phase solution of a 3×3×3: the whole-cube turn that brings its centres home (often
/// none), then the face moves; checked on the stickers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The whole-cube turn made first.
    pub rotation: Vec<Move>,
    /// The face moves.
    pub moves: Vec<Move>,
    /// What the search did.
    pub search: TwoPhaseSolution,
}

impl Solved {
    /// Rotation and moves as one sequence, which solves the cube as given.
    pub fn sequence(&self) -> Vec<Move> {
        self.rotation.iter().chain(&self.moves).copied().collect()
    }
}

/// Solves `cube` (a 3×3×3) with the two-phase solver.
pub fn solve_cube(
    tables: &Tables,
    cube: &Cube,
    opts: &TwoPhaseOptions,
) -> Result<Solved, SolveError> {
    let (state, rotation) = CubieCube::from_cube(cube)?;
    let search = solve(tables, &state, opts)?;
    let moves: Vec<Move> = search.moves.iter().map(|m| m.to_move()).collect();
    let solved = Solved {
        rotation,
        moves,
        search,
    };
    check_solves(cube, &solved.sequence())?;
    Ok(solved)
}

/// The 3×3×3 that `input` describes, if its pieces are a real cube's (checked before any
/// table is loaded or built).
pub fn read_cube(input: &Input) -> Result<Cube, SolveError> {
    let cube = input.to_cube(3)?;
    CubieCube::from_cube(&cube)?;
    Ok(cube)
}

/// The first line of a solver's text when `rotation` (the whole-cube turn that brought the
/// centres home) is not empty, else nothing: the text a solver's answer starts from.
pub(crate) fn rotation_line(rotation: &[Move], notation: Notation) -> String {
    if rotation.is_empty() {
        return String::new();
    }
    format!(
        "turned the whole cube ({}) to bring the centres home\n",
        format_in(rotation, notation)
    )
}

/// `cubework solve` (two-phase): a solution of `cube` as text — any whole-cube turn made
/// to bring the centres home, the length and the work done, and the solution alone on the
/// last line (empty when already solved).
///
/// ```
/// use cubework::input::Input;
/// use cubework::solve::report::{read_cube, twophase_text};
/// use cubework::solve::tables::Tables;
/// use cubework::solve::twophase::TwoPhaseOptions;
/// let tables = Tables::build(&mut |_, _| {});
/// let cube = read_cube(&Input::Alg("R U F".into())).unwrap();
/// let text = twophase_text(&tables, &cube, &TwoPhaseOptions::default(), cubework::Notation::Standard).unwrap();
/// assert_eq!(text.lines().last(), Some("F' U' R'"));
/// ```
pub fn twophase_text(
    tables: &Tables,
    cube: &Cube,
    opts: &TwoPhaseOptions,
    notation: Notation,
) -> Result<String, SolveError> {
    let solved = solve_cube(tables, cube, opts)?;
    let mut out = rotation_line(&solved.rotation, notation);
    let n = solved.moves.len();
    let s = &solved.search;
    let searched = match opts.time_limit {
        Some(t) => format!("the best found in {:.2} s", t.as_secs_f64()),
        None => format!("{:.2} ms", s.elapsed.as_secs_f64() * 1e3),
    };
    let _ = writeln!(
        out,
        "{} in the half-turn metric, two-phase (at most {}; {searched}, {}){}:",
        count(n as u64, "move"),
        opts.max_length,
        count(s.probes, "probe"),
        notation.in_words()
    );
    // The last line does the whole job from the cube as given: its whole-cube turn too.
    out.push_str(&format_in(&solved.sequence(), notation));
    Ok(out)
}

/// A state drawn uniformly from all 43,252,003,274,489,856,000, from `seed` (ChaCha8).
///
/// ```
/// use cubework::solve::report::random_state;
/// assert_eq!(random_state(1), random_state(1));
/// assert_ne!(random_state(1), random_state(2));
/// ```
pub fn random_state(seed: u64) -> CubieCube {
    CubieCube::random(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
}

/// A random-state scramble: the state of [`random_state`] and a sequence of at most 21
/// moves that makes it from solved (the inverse of a solution), checked.
pub fn random_state_scramble(
    tables: &Tables,
    seed: u64,
) -> Result<(CubieCube, Vec<FaceMove>), SolveError> {
    let state = random_state(seed);
    let solution = solve(tables, &state, &TwoPhaseOptions::default())?;
    let scramble: Vec<FaceMove> = solution.moves.iter().rev().map(|m| m.inverse()).collect();
    if CubieCube::solved().apply_all(&scramble) != state {
        return Err(SolveError::Unreachable(
            "a scramble that does not make its state",
        ));
    }
    Ok((state, scramble))
}

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
    /// A plan for `cube`: a two-phase solution for the 3×3×3, an optimal one (half-turn
    /// metric, from the pocket table, `pocket` giving it) for the 2×2×2. Any whole-cube turn
    /// that brings the centres home (or, on the 2×2×2, corner DBL) comes first.
    pub fn make(
        cube: &Cube,
        tables: impl FnOnce() -> &'static Tables,
        pocket: impl FnOnce() -> &'static crate::pocket::DistanceTable,
    ) -> Result<Plan, SolveError> {
        let (moves, how) = match cube.size() {
            2 => {
                let (state, rotation) = crate::pocket::PocketState::from_cube(cube)?;
                let solution = pocket().solve(&state)?;
                let mut moves = rotation;
                moves.extend(solution.iter().map(|m| m.to_move()));
                (moves, "optimal 2×2×2")
            }
            3 => (
                solve_cube(tables(), cube, &TwoPhaseOptions::default())?.sequence(),
                "two-phase",
            ),
            n => return Err(SolveError::Size(n)),
        };
        check_solves(cube, &moves)?;
        Ok(Plan {
            cube: cube.clone(),
            moves,
            how,
        })
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
        let what = if matches!(first.turn, crate::moves::Turn::Rotation(_)) {
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

/// Which table the optimal solver reads: [`SliceKind::Sorted`](super::optimal_table::SliceKind)
/// (883 MB, Kociemba's larger table) unless the environment variable
/// `CUBEWORK_OPTIMAL_TABLE` is `small` (Reid's 50 MB table: builds in seconds, searches
/// several times longer).
pub fn optimal_table_kind() -> super::optimal_table::SliceKind {
    use super::optimal_table::SliceKind;
    match std::env::var("CUBEWORK_OPTIMAL_TABLE").as_deref() {
        Ok("small") => SliceKind::Position,
        _ => SliceKind::Sorted,
    }
}

/// An optimal-search answer for a 3×3×3: the whole-cube turn that brings its centres home
/// (often none), then the face moves — the shortest if the search proved it, else the best
/// found — checked on the stickers.
#[derive(Clone, Debug)]
pub struct OptimalSolved {
    /// The whole-cube turn made first.
    pub rotation: Vec<Move>,
    /// The face moves.
    pub moves: Vec<Move>,
    /// The face moves as the search gave them.
    pub face_moves: Vec<FaceMove>,
    /// What the search proved and did.
    pub search: super::optimal::OptimalSolution,
}

impl OptimalSolved {
    /// Rotation and moves as one sequence, which solves the cube as given.
    pub fn sequence(&self) -> Vec<Move> {
        self.rotation.iter().chain(&self.moves).copied().collect()
    }

    /// Whether [`moves`](Self::moves) is proven shortest.
    pub fn proven(&self) -> bool {
        self.search.optimal
    }
}

/// Solves `cube` (a 3×3×3) with the optimal search: a two-phase solution found first is the
/// best known, and the answer if the search is stopped (time limit, Ctrl-C) before it proves
/// anything shorter.
pub fn optimal_cube(
    table: &super::optimal_table::AxisTable,
    tables: &Tables,
    cube: &Cube,
    opts: &super::optimal::OptimalOptions,
    progress: &mut dyn FnMut(super::optimal::Progress),
) -> Result<OptimalSolved, SolveError> {
    use super::optimal::Stopped;
    let (state, rotation) = CubieCube::from_cube(cube)?;
    let two_phase = TwoPhaseOptions {
        threads: opts.threads,
        ..TwoPhaseOptions::default()
    };
    let known = solve(tables, &state, &two_phase).ok().map(|s| s.moves);
    let found = super::optimal::solve(
        table,
        &state,
        opts,
        known,
        Some(&mut |max_length, give_up| {
            let opts = TwoPhaseOptions {
                max_length,
                min_probes: 1,
                give_up,
                ..two_phase
            };
            solve(tables, &state, &opts).ok().map(|s| s.moves)
        }),
        progress,
    )?;
    let Some(face_moves) = found.moves.clone() else {
        // Ctrl-C before even the two-phase solver had an answer: nothing to show.
        if found.stopped == Some(Stopped::Cancelled) {
            return Err(crate::cancel::Cancelled.into());
        }
        return Err(SolveError::Unreachable(
            "a stopped optimal search without a two-phase solution",
        ));
    };
    let moves: Vec<Move> = face_moves.iter().map(|m| m.to_move()).collect();
    let solved = OptimalSolved {
        rotation,
        moves,
        face_moves,
        search: found,
    };
    check_solves(cube, &solved.sequence())?;
    Ok(solved)
}

/// `cubework solve --method optimal`: a proven-shortest solution of `cube` as text — any
/// whole-cube turn, the length, what the search proved and did, and the solution alone on
/// the last line. A two-phase solution found first is the best known, the answer if the
/// search proves nothing is shorter or is stopped (time limit, Ctrl-C), which it then says.
pub fn optimal_text(
    table: &super::optimal_table::AxisTable,
    tables: &Tables,
    cube: &Cube,
    opts: &super::optimal::OptimalOptions,
    notation: Notation,
    progress: &mut dyn FnMut(super::optimal::Progress),
) -> Result<String, SolveError> {
    use super::optimal::{Stopped, length};
    let OptimalSolved {
        rotation,
        moves,
        search: found,
        face_moves,
    } = optimal_cube(table, tables, cube, opts, progress)?;
    let face_moves = &face_moves;
    let mut out = rotation_line(&rotation, notation);
    let n = length(face_moves, opts.metric) as u64;
    let work = format!(
        "{} nodes in {:.3} s, {:.1} M nodes/s on {} ({:.1} M a thread)",
        crate::text::thousands(found.nodes),
        found.elapsed.as_secs_f64(),
        found.nodes_per_second() / 1e6,
        count(found.threads as u64, "thread"),
        found.nodes_per_second() / 1e6 / found.threads.max(1) as f64
    );
    let metric = opts.metric.title();
    if found.optimal && n == 0 {
        // Solved as given: the empty sequence, with no shorter length to rule out.
        let _ = writeln!(
            out,
            "0 moves in the {metric}, proven shortest (the cube is solved){}:",
            notation.in_words()
        );
    } else if found.optimal && found.given {
        // The two-phase solver found it; the search proved every shorter length empty.
        let _ = writeln!(
            out,
            "{} in the {metric}, proven shortest (optimal search: {work}, no solution of {} or fewer; this one found by the two-phase solver){}:",
            count(n, "move"),
            count(n.saturating_sub(1), "move"),
            notation.in_words()
        );
    } else if found.optimal {
        let _ = writeln!(
            out,
            "{} in the {metric}, proven shortest (optimal search: {work}){}:",
            count(n, "move"),
            notation.in_words()
        );
    } else {
        let why = match found.stopped {
            Some(Stopped::Cancelled) => "stopped by Ctrl-C",
            _ => "stopped at the time limit",
        };
        let below = found.lower_bound.saturating_sub(1) as u64;
        let _ = writeln!(
            out,
            "{why} ({work}): no solution of {} or fewer; best found {} in the {metric} (two-phase), not proven shortest{}:",
            count(below, "move"),
            count(n, "move"),
            notation.in_words()
        );
    }
    // The last line does the whole job from the cube as given: its whole-cube turn too.
    let whole: Vec<Move> = rotation.iter().chain(&moves).copied().collect();
    out.push_str(&format_in(&whole, notation));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tables::tests::tables;

    #[test]
    fn single_solves_print_a_checked_solution_last() {
        let t = tables();
        let opts = TwoPhaseOptions::default();
        let text = |alg: &str| {
            let cube = read_cube(&Input::Alg(alg.into())).unwrap();
            twophase_text(t, &cube, &opts, Notation::Standard).unwrap()
        };
        let text_of = text;
        let text = text_of("R U R' U' F2 D");
        let last = text.lines().last().unwrap();
        let mut cube = Input::Alg("R U R' U' F2 D".into()).to_cube(3).unwrap();
        cube.apply_all(&crate::parser::parse_sequence(last, Notation::Standard).unwrap())
            .unwrap();
        assert!(cube.is_solved(), "{text}");
        // In the paper's notation, the paper's letters, and it says so.
        let cube = read_cube(&Input::Alg("R U F'".into())).unwrap();
        let paper = twophase_text(t, &cube, &opts, Notation::Paper).unwrap();
        assert!(paper.contains("in the paper's notation:"), "{paper}");
        let mut c = cube.clone();
        c.apply_all(
            &crate::parser::parse_sequence(paper.lines().last().unwrap(), Notation::Paper).unwrap(),
        )
        .unwrap();
        assert!(c.is_solved(), "{paper}");
        let text = text_of("x R");
        assert!(text.starts_with("turned the whole cube"), "{text}");
        let text = text_of("");
        assert!(
            text.starts_with("0 moves") && text.ends_with(":\n"),
            "{text}"
        );
        let err = read_cube(&Input::Facelets("UUU".into())).unwrap_err();
        assert!(matches!(err, SolveError::Input(_)), "{err}");
        let mut twisted: Vec<char> = Cube::solved().facelets().chars().collect();
        twisted.swap(8, 20);
        let err = read_cube(&Input::Facelets(twisted.into_iter().collect())).unwrap_err();
        assert!(matches!(err, SolveError::Pieces(_)), "{err}");
        assert!(check_metric(Metric::Qtm).is_err() && check_metric(Metric::Htm).is_ok());
    }

    #[test]
    fn random_state_scrambles_make_their_state() {
        let t = tables();
        for seed in 0..5 {
            let (state, scramble) = random_state_scramble(t, seed).unwrap();
            assert!(scramble.len() <= 21);
            assert_eq!(CubieCube::solved().apply_all(&scramble), state);
            assert_eq!(random_state(seed), state);
        }
    }

    #[test]
    fn hints_walk_to_solved_on_both_sizes() {
        let t: &'static Tables = tables();
        static POCKET: std::sync::OnceLock<crate::pocket::DistanceTable> =
            std::sync::OnceLock::new();
        let pocket = || POCKET.get_or_init(|| crate::pocket::DistanceTable::build(Metric::Htm));
        for (n, alg) in [(3, "R U F' L2 D B"), (2, "R U F' R2 x")] {
            let cube = Input::Alg(alg.into()).to_cube(n).unwrap();
            let mut plan = Plan::make(&cube, || t, pocket).unwrap();
            assert!(plan.describe().starts_with("hint: "), "{}", plan.describe());
            let mut c = cube.clone();
            while let Some((m, next)) = plan.step() {
                c.apply(&m).unwrap();
                assert_eq!(next.cube, c);
                plan = next;
            }
            assert!(c.is_solved(), "{n}: {alg}");
            assert_eq!(plan.describe(), "solved: no move needed");
        }
    }
}
