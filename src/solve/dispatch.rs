//! The dispatch: [`solve`] takes a cube, a [`Method`], [`Limits`] and a [`Progress`], runs
//! the method's solver (loading the tables it needs through [`crate::solve::table::shared`]) and checks
//! the [`Solution`] it gives back by making it on the cube.

use crate::base::clock::Instant;

use crate::sequence::alg::{fold_rotations, simplify};
use crate::solve::SolveError;
use crate::solve::method::{
    Event, Limit, Limits, Method, Progress, Solution, Stats, Stopped, check_limits,
};
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::twophase::TwoPhaseOptions;
use crate::solve::table::shared;
use crate::state::cube::Cube;
use crate::turn::moves::Move;

/// Whether `moves` take `cube` to solved with every centre home (a solver bug if not:
/// nothing unchecked is ever returned).
fn check_solves(cube: &Cube, moves: &[Move]) -> Result<(), SolveError> {
    let mut c = cube.clone();
    c.apply_all(moves)
        .map_err(|_| SolveError::Unreachable("a solution move that cannot be made"))?;
    if c == Cube::solved_n(cube.size()) {
        Ok(())
    } else {
        Err(SolveError::Unreachable(
            "a solution that does not solve the cube",
        ))
    }
}

/// Solves `cube` by `method` within `limits`, telling `progress` how it goes. The limits are
/// checked and the state read before any table is loaded (or built), so a bad request is
/// answered at once. Every solution is checked by making it on the cube.
///
/// ```
/// use cubework::solve::{Limits, Method, Progress, solve};
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved_n(2);
/// cube.apply_all(&parse_moves("R U F'", Notation::Standard).unwrap()).unwrap();
/// let s = solve(&cube, Method::Pocket, &Limits::default(), &Progress::none()).unwrap();
/// assert!(s.proven);
/// assert_eq!(cubework::format_moves(&s.moves), "F U' R'");
/// ```
pub fn solve(
    cube: &Cube,
    method: Method,
    limits: &Limits,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    check_limits(method, limits)?;
    let solution = match method {
        Method::TwoPhase => two_phase(cube, limits, progress)?,
        Method::Optimal => optimal(cube, limits, progress)?,
        Method::Bfs => bfs(cube, limits, progress)?,
        Method::Beginner => beginner(cube, limits)?,
        Method::Pocket => pocket(cube, limits, progress)?,
        Method::Reduction => reduction(cube, limits, progress)?,
    };
    check_solves(cube, &solution.moves)?;
    check_length(method, limits, &solution)?;
    Ok(solution)
}

/// Whether `solution` is within the length bound of `limits`, for a method that takes one
/// (two-phase and bfs search within it; the reduction's stages run to the end, so its
/// answer can be longer): an answer over the bound is [`SolveError::OverLimit`], never
/// returned.
fn check_length(method: Method, limits: &Limits, solution: &Solution) -> Result<(), SolveError> {
    let Some(limit) = limits.max_length.filter(|_| method.takes(Limit::MaxLength)) else {
        return Ok(());
    };
    let length = solution.length();
    if length > u64::from(limit) {
        return Err(SolveError::OverLimit {
            method,
            length,
            limit,
        });
    }
    Ok(())
}

fn with_rotation(rotation: &[Move], turns: impl IntoIterator<Item = Move>) -> Vec<Move> {
    rotation.iter().copied().chain(turns).collect()
}

fn two_phase(cube: &Cube, limits: &Limits, progress: &Progress) -> Result<Solution, SolveError> {
    let (state, rotation) = CubieCube::from_cube(cube)?;
    let tables = &shared::twophase_tables(progress).0;
    let mut opts = TwoPhaseOptions {
        time_limit: limits.time_limit,
        large: shared::twophase_large(progress),
        ..TwoPhaseOptions::default()
    };
    if let Some(threads) = limits.threads {
        opts.threads = threads;
    }
    if let Some(n) = limits.max_length {
        opts.max_length = n;
    }
    let found = crate::solve::search::twophase::solve(tables, &state, &opts)?;
    Ok(Solution {
        method: Method::TwoPhase,
        metric: limits.metric,
        moves: with_rotation(&rotation, found.moves.iter().map(|m| m.to_move())),
        rotation,
        proven: false,
        bound: None,
        stats: Stats {
            nodes: found.nodes,
            elapsed: found.elapsed,
            probes: found.probes,
            max_length: Some(opts.max_length),
            time_limit: opts.time_limit,
            ..Stats::default()
        },
    })
}

fn optimal(cube: &Cube, limits: &Limits, progress: &Progress) -> Result<Solution, SolveError> {
    use crate::solve::search::optimal::OptimalOptions;
    let (state, rotation) = CubieCube::from_cube(cube)?;
    let table = &shared::optimal_table(progress)?.0;
    let tables = &shared::twophase_tables(progress).0;
    let opts = OptimalOptions {
        metric: limits.metric,
        time_limit: limits.time_limit,
        threads: limits
            .threads
            .unwrap_or_else(crate::solve::search::optimal::default_threads),
        ..OptimalOptions::default()
    };
    let two_phase = |opts: &TwoPhaseOptions| {
        crate::solve::search::twophase::solve(tables, &state, opts)
            .ok()
            .map(|s| s.moves)
    };
    let probe = TwoPhaseOptions {
        threads: opts.threads,
        ..TwoPhaseOptions::default()
    };
    let known = two_phase(&probe);
    let cpu_start = crate::base::cpu::process_time();
    let found = crate::solve::search::optimal::solve(
        table,
        &state,
        &opts,
        known,
        Some(&mut |max_length, give_up| {
            two_phase(&TwoPhaseOptions {
                max_length,
                time_limit: None,
                min_probes: 1,
                give_up,
                ..probe
            })
        }),
        &mut |p| {
            progress.report(&Event::Search {
                method: Method::Optimal,
                depth: p.depth,
                limit: None,
                nodes: p.nodes,
                elapsed: p.elapsed,
                cpu: crate::base::cpu::since(cpu_start),
                probing: p.probing,
            })
        },
    )?;
    let Some(face_moves) = found.moves else {
        // Ctrl-C before even the two-phase solver had an answer: nothing to show.
        if found.stopped == Some(Stopped::Cancelled) {
            return Err(crate::base::cancel::Cancelled.into());
        }
        return Err(SolveError::Unreachable(
            "a stopped optimal search without a two-phase solution",
        ));
    };
    Ok(Solution {
        method: Method::Optimal,
        metric: opts.metric,
        moves: with_rotation(&rotation, face_moves.iter().map(|m| m.to_move())),
        rotation,
        proven: found.optimal,
        bound: (!found.optimal).then_some(found.lower_bound),
        stats: Stats {
            nodes: found.nodes,
            elapsed: found.elapsed,
            cpu: crate::base::cpu::since(cpu_start),
            threads: found.threads,
            given: found.given,
            stopped: found.stopped,
            time_limit: opts.time_limit,
            ..Stats::default()
        },
    })
}

fn bfs(cube: &Cube, limits: &Limits, progress: &Progress) -> Result<Solution, SolveError> {
    use crate::solve::search::bfs::{Phase, SearchOptions, SearchProgress};
    let metric = limits.metric;
    let (state, rotation) = CubieCube::from_cube(cube)?;
    let mut opts = SearchOptions::new(metric);
    if let Some(n) = limits.max_length {
        opts.depth_limit = n;
    }
    let started = Instant::now();
    let found = crate::solve::search::bfs::shortest_within_limit(
        &state,
        &opts,
        &mut |p: &SearchProgress| {
            progress.report(&match p.phase {
                Phase::Ball => Event::Ball {
                    depth: p.depth,
                    limit: p.limit,
                    radius: p.ball_radius,
                    states: p.ball_states,
                },
                Phase::Search => Event::Search {
                    method: Method::Bfs,
                    depth: p.depth,
                    limit: Some(p.limit),
                    nodes: p.nodes,
                    elapsed: started.elapsed(),
                    cpu: None,
                    probing: false,
                },
            })
        },
    )?;
    Ok(Solution {
        method: Method::Bfs,
        metric,
        moves: with_rotation(&rotation, found.moves.iter().map(|m| m.to_move())),
        rotation,
        proven: true,
        bound: None,
        stats: Stats {
            nodes: found.nodes,
            elapsed: found.elapsed,
            ball_states: found.ball_states,
            max_length: Some(opts.depth_limit),
            ..Stats::default()
        },
    })
}

fn beginner(cube: &Cube, limits: &Limits) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let solution = crate::solve::search::beginner::solve(cube)?;
    // The method works on the stickers wherever the faces are, and its simplified moves
    // leave the cube solved as it was held: the whole-cube turn that brings the centres home
    // starts the answer, and the turns after it are the simplified ones seen from there.
    let home = |c: &Cube| {
        crate::turn::face::Face::ALL
            .iter()
            .all(|&f| c.centre(f) == Some(f))
    };
    let (_, rotation) = crate::state::pieces::rotate_until(cube, home).ok_or(
        SolveError::Unreachable("the centres of a real cube always turn home"),
    )?;
    let simplified = solution.simplified();
    let turns = if rotation.is_empty() {
        simplified
    } else {
        let undo: Vec<Move> = rotation.iter().rev().map(|m| m.inverse()).collect();
        simplify(&fold_rotations(&with_rotation(&undo, simplified)))
    };
    Ok(Solution {
        method: Method::Beginner,
        metric: limits.metric,
        moves: with_rotation(&rotation, turns),
        rotation,
        proven: false,
        bound: None,
        stats: Stats {
            elapsed: started.elapsed(),
            stages: solution.stages,
            ..Stats::default()
        },
    })
}

fn pocket(cube: &Cube, limits: &Limits, progress: &Progress) -> Result<Solution, SolveError> {
    let (state, rotation) = crate::solve::search::pocket::PocketState::from_cube(cube)?;
    let table = &shared::pocket_table(limits.metric, progress).0;
    let started = Instant::now();
    let found = table.solve(&state)?;
    Ok(Solution {
        method: Method::Pocket,
        metric: limits.metric,
        moves: with_rotation(&rotation, found.iter().map(|m| m.to_move())),
        rotation,
        proven: true,
        bound: None,
        stats: Stats {
            elapsed: started.elapsed(),
            gods_number: Some(table.gods_number()),
            ..Stats::default()
        },
    })
}

fn reduction(cube: &Cube, limits: &Limits, progress: &Progress) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let mut opts = TwoPhaseOptions {
        time_limit: limits.time_limit,
        ..TwoPhaseOptions::default()
    };
    if let Some(threads) = limits.threads {
        opts.threads = threads;
    }
    if let Some(n) = limits.max_length {
        opts.max_length = n;
    }
    // The reduced 3×3×3 asked for 20 moves or fewer on every size: two-phase finds that in
    // milliseconds, shorter than its default bound, and the stages before take far longer.
    opts.max_length = opts.max_length.min(20);
    // The tables load only once the state has been read as a real cube's centres and edges.
    // The 4×4×4's finish asks for more probes for its shortest candidates.
    let three_probed = |state: &CubieCube, probes: u64| {
        let tables = &shared::twophase_tables(progress).0;
        let opts = TwoPhaseOptions {
            large: shared::twophase_large(progress),
            min_probes: opts.min_probes.max(probes),
            ..opts
        };
        Ok(crate::solve::search::twophase::solve(tables, state, &opts)?.moves)
    };
    let three = |state: &CubieCube| three_probed(state, opts.min_probes);
    // The 4×4×4 by its searched phases; the larger sizes by the reduction's stages, the even
    // ones pairing their innermost wing orbit by the 4×4×4's phases too. The page and the
    // crate's unit tests use the 4×4×4's tables there only once a 4×4×4 solve has made them
    // (in the page that takes minutes); the terminal loads them, or builds them once.
    let found = if cube.size() == 4 {
        let tables = &shared::four_tables(progress)?.0;
        crate::solve::search::four::solve(tables, cube, &three_probed)?
    } else {
        let tables = if !cube.size().is_multiple_of(2) {
            None
        } else if cfg!(any(test, target_arch = "wasm32")) {
            shared::four_tables_ready()
        } else {
            Some(&shared::four_tables(progress)?.0)
        };
        let stage = tables.map(|t| {
            move |s: &[crate::turn::face::Face]| crate::solve::search::four::reductions(t, s)
        });
        let four = stage
            .as_ref()
            .map(|f| f as &crate::solve::search::reduction::FourStage<'_>);
        crate::solve::search::reduction::solve_with(cube, &three, four)?
    };
    Ok(Solution {
        method: Method::Reduction,
        metric: limits.metric,
        moves: found.moves,
        rotation: found.rotation,
        proven: false,
        bound: None,
        stats: Stats {
            elapsed: started.elapsed(),
            max_length: Some(opts.max_length),
            time_limit: opts.time_limit,
            reduction: Some(
                found
                    .reduction
                    .iter()
                    .map(|m| crate::sequence::alg::move_cost(m, limits.metric))
                    .sum(),
            ),
            ..Stats::default()
        },
    })
}
