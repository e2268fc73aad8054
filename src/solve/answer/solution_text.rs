//! Solutions as the command line and the REPL print them: a [`Solution`] as text, random-state
//! scrambles, and hints. Every solution was checked by [`crate::solve::solve`] on the cube it is for.

use std::fmt::Write as _;
use std::time::Duration;

use rand::SeedableRng;

use crate::base::text::count;
use crate::sequence::alg::format_in;
use crate::solve::SolveError;
use crate::solve::method::{Method, Solution};
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::twophase::{TwoPhaseOptions, solve};
use crate::solve::table::tables::Tables;
use crate::state::cube::Cube;
use crate::turn::moves::FaceMove;
use crate::turn::moves::Move;
use crate::turn::notation::Notation;

/// The first line of a solver's text when `rotation` (the whole-cube turn that brought the
/// centres home) is not empty, else nothing: the text a solver's answer starts from.
fn rotation_line(rotation: &[Move], notation: Notation) -> String {
    if rotation.is_empty() {
        return String::new();
    }
    format!(
        "turned the whole cube ({}) to bring the centres home\n",
        format_in(rotation, notation)
    )
}

/// A solution as `cubework solve` (and the REPL's `solve`, and `pocket solve`) prints it:
/// what was done and proven, then the moves alone on the last line, from the cube as given
/// (whole-cube turn included; empty when it is solved). The beginner method's stages are
/// [`crate::solve::search::beginner::walkthrough::report`]'s.
///
/// ```
/// use cubework::solve::{Limits, Method, Progress, solve, answer::solution_text::solution_text};
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved();
/// cube.apply_all(&parse_moves("x R U2 F'", Notation::Standard).unwrap()).unwrap();
/// let s = solve(&cube, Method::Bfs, &Limits::default(), &Progress::none()).unwrap();
/// let text = solution_text(&s, Notation::Standard);
/// assert!(text.starts_with("turned the whole cube (x') to bring the centres home"));
/// assert_eq!(text.lines().last(), Some("x' D F2 R'"));
/// ```
pub fn solution_text(s: &Solution, notation: Notation) -> String {
    let mut out = match s.method {
        Method::Pocket => {
            if s.rotation.is_empty() {
                String::new()
            } else {
                format!(
                    "turned the whole cube ({}) to hold corner DBL at home\n",
                    format_in(&s.rotation, notation)
                )
            }
        }
        Method::Beginner => {
            return crate::solve::search::beginner::walkthrough::report(
                &s.stats.stages,
                &s.moves,
                s.metric,
                notation,
            );
        }
        _ => rotation_line(&s.rotation, notation),
    };
    let n = s.length();
    let words = notation.in_words();
    let metric = s.metric.title();
    let st = &s.stats;
    let bound = st
        .max_length
        .unwrap_or(crate::solve::search::twophase::DEFAULT_MAX_LENGTH);
    match s.method {
        Method::TwoPhase => {
            let searched = match st.time_limit {
                Some(t) => format!(
                    "the best found in {:.2} s of the {:.2} s allowed",
                    st.elapsed.as_secs_f64(),
                    t.as_secs_f64()
                ),
                None => format!("{:.2} ms", st.elapsed.as_secs_f64() * 1e3),
            };
            let _ = writeln!(
                out,
                "{} in the half-turn metric, two-phase (at most {bound}; {searched}, {}){words}:",
                count(n, "move"),
                count(st.probes, "probe"),
            );
        }
        Method::Bfs => {
            let _ = writeln!(
                out,
                "{} in the {metric}, optimal (searched {} from the scramble and {} around solved in {:.2} s){words}:",
                count(n, "move"),
                count(st.nodes, "state"),
                crate::base::text::thousands(st.ball_states),
                st.elapsed.as_secs_f64(),
            );
        }
        Method::Pocket => {
            let _ = writeln!(
                out,
                "{} from solved in the {metric} (God's number {}); an optimal solution{words}:",
                count(n, "move"),
                st.gods_number.unwrap_or_default(),
            );
        }
        Method::Optimal => optimal_lines(&mut out, s, notation),
        Method::Reduction => {
            let _ = writeln!(
                out,
                "{} in the {metric}, reduction (centres, then edges, then the 3×3×3 by two-phase in at most {bound} moves; {:.2} ms){words}:",
                count(n, "move"),
                st.elapsed.as_secs_f64() * 1e3,
            );
        }
        Method::Beginner => {}
    }
    // The last line does the whole job from the cube as given: its whole-cube turn too.
    out.push_str(&format_in(&s.moves, notation));
    out
}

/// The REPL's `solve beginner`: a beginner-method solution of `cube` stage by stage, each
/// stage with the cube after it drawn by `render` (see [`crate::solve::search::beginner::walkthrough::walkthrough`]).
pub fn walkthrough_text(
    cube: &Cube,
    s: &Solution,
    notation: Notation,
    render: &dyn Fn(&Cube) -> String,
) -> Result<String, SolveError> {
    Ok(crate::solve::search::beginner::walkthrough::walkthrough(
        cube,
        &s.stats.stages,
        &s.moves,
        s.metric,
        notation,
        render,
    )?)
}

/// How fast a search went: nodes a second of wall-clock time (over all its threads) and,
/// where the CPU time is known, nodes a CPU-second, which is one thread's rate for each second
/// it ran: the same on a quiet machine and on one whose cores are shared, where the
/// wall-clock rate falls. The CPU time is the process's, all threads (see
/// [`crate::base::cpu`]).
///
/// ```
/// use std::time::Duration;
/// use cubework::solve::answer::solution_text::node_rates;
/// let two = Duration::from_secs(2);
/// assert_eq!(
///     node_rates(60_000_000, two, Some(Duration::from_secs(4)), 2),
///     "30.0 M nodes/s wall-clock on 2 threads, 15.0 M nodes per CPU-second (one thread's rate)"
/// );
/// assert_eq!(
///     node_rates(60_000_000, two, None, 2),
///     "30.0 M nodes/s wall-clock on 2 threads (15.0 M a thread)"
/// );
/// ```
pub fn node_rates(nodes: u64, elapsed: Duration, cpu: Option<Duration>, threads: usize) -> String {
    let wall = nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
    let on = count(threads.max(1) as u64, "thread");
    match crate::base::cpu::millions_per_cpu_second(nodes, cpu) {
        Some(rate) => format!(
            "{wall:.1} M nodes/s wall-clock on {on}, {rate:.1} M nodes per CPU-second (one thread's rate)"
        ),
        None => format!(
            "{wall:.1} M nodes/s wall-clock on {on} ({:.1} M a thread)",
            wall / threads.max(1) as f64
        ),
    }
}

/// The optimal search's line: the length, what was proven and the work done.
fn optimal_lines(out: &mut String, s: &Solution, notation: Notation) {
    let st = &s.stats;
    let n = s.length();
    let work = format!(
        "{} nodes in {:.3} s, {}",
        crate::base::text::thousands(st.nodes),
        st.elapsed.as_secs_f64(),
        node_rates(st.nodes, st.elapsed, st.cpu, st.threads)
    );
    let metric = s.metric.title();
    let words = notation.in_words();
    if s.proven && n == 0 {
        // Solved as given: the empty sequence, with no shorter length to rule out.
        let _ = writeln!(
            out,
            "0 moves in the {metric}, proven shortest (the cube is solved){words}:"
        );
    } else if s.proven && st.given {
        // The two-phase solver found it; the search proved every shorter length empty.
        let _ = writeln!(
            out,
            "{} in the {metric}, proven shortest (optimal search: {work}, no solution of {} or fewer; this one found by the two-phase solver){words}:",
            count(n, "move"),
            count(n.saturating_sub(1), "move"),
        );
    } else if s.proven {
        let _ = writeln!(
            out,
            "{} in the {metric}, proven shortest (optimal search: {work}){words}:",
            count(n, "move"),
        );
    } else {
        let why = match st.stopped {
            Some(crate::solve::search::optimal::Stopped::Cancelled) => "stopped by Ctrl-C",
            _ => "stopped at the time limit",
        };
        let _ = writeln!(
            out,
            "{why} ({work}): no solution of {} or fewer; best found {} in the {metric} (two-phase), not proven shortest{words}:",
            count(unproven_below(s), "move"),
            count(n, "move"),
        );
    }
}

/// The length every shorter solution is proven not to exist below, for an unproven answer:
/// no solution of this many moves or fewer.
fn unproven_below(s: &Solution) -> u64 {
    u64::from(s.bound.unwrap_or(0).saturating_sub(1))
}

/// Why a solution is the best found rather than proven shortest, when a search set out to
/// prove it and stopped (a batch says it beside the line's number); `None` otherwise.
pub fn unproven_note(s: &Solution) -> Option<String> {
    if s.method != Method::Optimal || s.proven {
        return None;
    }
    let why = match s.stats.stopped {
        Some(crate::solve::search::optimal::Stopped::Cancelled) => "stopped by Ctrl-C",
        _ => "stopped at the time limit",
    };
    Some(format!(
        "{why}: no solution of {} or fewer; the answer is the best found, not proven shortest",
        count(unproven_below(s), "move")
    ))
}

/// A state drawn uniformly from all 43,252,003,274,489,856,000, from `seed` (ChaCha8).
///
/// ```
/// use cubework::solve::answer::solution_text::random_state;
/// assert_eq!(random_state(1), random_state(1));
/// assert_ne!(random_state(1), random_state(2));
/// ```
pub fn random_state(seed: u64) -> CubieCube {
    CubieCube::random(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
}

/// A random-state scramble: the state of [`random_state`] and a sequence of at most 21
/// moves that makes it from solved (the inverse of a solution), checked. Found on one
/// thread, so that a seed always gives the same moves (threads racing to the first
/// solution would not).
pub fn random_state_scramble(
    tables: &Tables,
    seed: u64,
) -> Result<(CubieCube, Vec<FaceMove>), SolveError> {
    let state = random_state(seed);
    let one_thread = TwoPhaseOptions {
        threads: 1,
        ..TwoPhaseOptions::default()
    };
    let solution = solve(tables, &state, &one_thread)?;
    let scramble: Vec<FaceMove> = solution.moves.iter().rev().map(|m| m.inverse()).collect();
    if CubieCube::solved().apply_all(&scramble) != state {
        return Err(SolveError::Unreachable(
            "a scramble that does not make its state",
        ));
    }
    Ok((state, scramble))
}

/// `input` on the `n`-cube solved by `method` in `metric` through the one door, and the answer
/// as the front ends print it: how the searches' tests read their answers.
#[cfg(test)]
pub(crate) fn solved_text(
    method: Method,
    n: usize,
    metric: crate::turn::metric::Metric,
    input: &crate::sequence::input::Input,
    notation: crate::turn::notation::Notation,
) -> Result<String, SolveError> {
    let cube = input.to_cube(n)?;
    let limits = crate::solve::Limits {
        metric,
        ..Default::default()
    };
    let s = crate::solve::solve(&cube, method, &limits, &crate::solve::Progress::none())?;
    Ok(solution_text(&s, notation))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::input::Input;
    use crate::solve::answer::plan::Plan;
    use crate::solve::table::shared::largest_built;
    use crate::solve::table::tables::tests::tables;
    use crate::solve::{check_metric, read_cube};
    use crate::turn::metric::Metric;

    fn twophase_text(cube: &Cube, notation: Notation) -> String {
        let limits = crate::solve::Limits::default();
        let none = crate::solve::Progress::none();
        solution_text(
            &crate::solve::solve(cube, Method::TwoPhase, &limits, &none).unwrap(),
            notation,
        )
    }

    #[test]
    fn single_solves_print_a_checked_solution_last() {
        let text = |alg: &str| {
            let cube = read_cube(&Input::Alg(alg.into())).unwrap();
            twophase_text(&cube, Notation::Standard)
        };
        let text_of = text;
        let text = text_of("R U R' U' F2 D");
        let last = text.lines().last().unwrap();
        let mut cube = Input::Alg("R U R' U' F2 D".into()).to_cube(3).unwrap();
        cube.apply_all(&crate::sequence::parser::parse_sequence(last, Notation::Standard).unwrap())
            .unwrap();
        assert!(cube.is_solved(), "{text}");
        // In the paper's notation, the paper's letters, and it says so.
        let cube = read_cube(&Input::Alg("R U F'".into())).unwrap();
        let paper = twophase_text(&cube, Notation::Paper);
        assert!(paper.contains("in the paper's notation:"), "{paper}");
        let mut c = cube.clone();
        c.apply_all(
            &crate::sequence::parser::parse_sequence(
                paper.lines().last().unwrap(),
                Notation::Paper,
            )
            .unwrap(),
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
        let err = read_cube(&Input::Facelets("UUU".into(), Default::default())).unwrap_err();
        assert!(matches!(err, SolveError::Input(_)), "{err}");
        let mut twisted: Vec<char> = Cube::solved().facelets().chars().collect();
        twisted.swap(8, 20);
        let err = read_cube(&Input::Facelets(
            twisted.into_iter().collect(),
            Default::default(),
        ))
        .unwrap_err();
        assert!(matches!(err, SolveError::Pieces(_)), "{err}");
        assert!(check_metric(Metric::Qtm).is_err() && check_metric(Metric::Htm).is_ok());
    }

    #[test]
    fn the_optimal_solver_reads_the_largest_table_built_and_builds_the_medium_one_if_none_is() {
        use crate::solve::table::optimal_table::SliceKind;
        let sizes = SliceKind::ALL;
        for built in 0..16u8 {
            let is_built = |kind: SliceKind| {
                let k = sizes.iter().position(|&s| s == kind).unwrap();
                built >> k & 1 == 1
            };
            let chosen = largest_built(is_built);
            if built == 0 {
                assert_eq!(chosen, SliceKind::Sorted, "nothing built");
                continue;
            }
            // One that is built, and none larger is.
            let k = sizes.iter().position(|&s| s == chosen).unwrap();
            assert!(is_built(chosen), "{built:04b}: {chosen:?}");
            assert_eq!(built >> (k + 1), 0, "{built:04b}: {chosen:?}");
        }
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
        for (n, alg) in [(3, "R U F' L2 D B"), (2, "R U F' R2 x")] {
            let cube = Input::Alg(alg.into()).to_cube(n).unwrap();
            let method = Plan::method(n).unwrap();
            let limits = crate::solve::Limits::default();
            let none = crate::solve::Progress::none();
            let solution = crate::solve::solve(&cube, method, &limits, &none).unwrap();
            let mut plan = Plan::new(&cube, &solution);
            assert!(
                plan.describe(Notation::Standard).starts_with("hint: "),
                "{}",
                plan.describe(Notation::Standard)
            );
            let mut c = cube.clone();
            while let Some((m, next)) = plan.step() {
                c.apply(&m).unwrap();
                assert_eq!(next.cube, c);
                plan = next;
            }
            assert!(c.is_solved(), "{n}: {alg}");
            assert_eq!(plan.describe(Notation::Standard), "solved: no move needed");
        }
    }
}
