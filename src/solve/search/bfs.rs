//! A shortest solution for the 3×3×3, as the Ruby notes' breadth-first search finds one, made
//! practical by searching from both ends.
//!
//! The notes search breadth-first from the scrambled cube until they meet solved, and find
//! that cubes scrambled by more than six moves take a long time. Here the search runs from
//! both ends and meets in the middle:
//!
//! * around **solved**, every state within r moves is found breadth-first and kept as a
//!   64-bit fingerprint with its distance and the last move that reached it (the
//!   ball — 8 bytes a state, about 66 MB at r = 6 in the half-turn metric);
//! * from the **scramble**, depth-first search enumerates move sequences of length k
//!   exactly (never turning one face twice running, and turning opposite faces in one fixed
//!   order), looking each state reached up in the ball.
//!
//! Lengths t = 0, 1, 2, … are tried in turn with r = ⌈t/2⌉ (the ball grows as t does, up to a
//! cap) and k = t − r. No sequence shorter than t solves the cube (the earlier rounds found
//! none), so any state found at depth k from the scramble lies exactly r from solved and the
//! solution it gives — the k moves, then the ball's r moves home — is optimal. A found
//! solution is always checked by making it, so a fingerprint shared by two states can never
//! give a wrong answer. Past the depth limit the answer is [`SolveError::BeyondDepthLimit`].
//!
//! The ball is a sorted array of fingerprints with a directory of bucket starts rather than a
//! general hash map: a map of 8 million states would take several times the memory. Two ball
//! states sharing a fingerprint would lose one of them; that none do is checked by comparing
//! the ball's sizes with the known numbers of positions at each distance (an ignored test,
//! `full_balls_have_the_known_counts`, run in release).
//!
//! Measured in release on a 2-core machine: a state 10 moves from solved (half-turn metric)
//! takes about 0.13 s, 12 moves or a "beyond the depth limit" answer at the default limit
//! about 1.6 s.

use crate::base::clock::Instant;
use std::time::Duration;

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::ball::Ball;
use crate::turn::metric::Metric;
use crate::turn::moves::FaceMove;

/// The depth limit used unless another is asked for: 12 moves in the half-turn metric, 14 in
/// the quarter-turn metric.
pub fn default_limit(metric: Metric) -> u8 {
    match metric {
        Metric::Htm | Metric::Stm => 12,
        Metric::Qtm => 14,
    }
}

/// The largest depth limit allowed: 13 in the half-turn metric, 15 in the quarter-turn
/// metric (a minute or so of search at most).
pub fn max_limit(metric: Metric) -> u8 {
    match metric {
        Metric::Htm | Metric::Stm => 13,
        Metric::Qtm => 15,
    }
}

/// The largest ball kept around solved: about 8 million states either way.
fn max_radius(metric: Metric) -> u8 {
    match metric {
        Metric::Htm | Metric::Stm => 6,
        Metric::Qtm => 7,
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchOptions {
    /// How moves are counted.
    pub metric: Metric,
    /// The longest solution to look for.
    pub depth_limit: u8,
}

impl SearchOptions {
    /// The metric with its [`default_limit`].
    pub fn new(metric: Metric) -> SearchOptions {
        SearchOptions {
            metric,
            depth_limit: default_limit(metric),
        }
    }
}

/// What the search is doing, for a progress indicator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Growing the ball around solved.
    Ball,
    /// Searching from the scramble.
    Search,
}

/// A progress report, sent when the search starts a new length and every 65,536 states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchProgress {
    /// What is being done.
    pub phase: Phase,
    /// The solution length being tried.
    pub depth: u8,
    /// The depth limit.
    pub limit: u8,
    /// The ball's radius (growing to this radius, in [`Phase::Ball`]).
    pub ball_radius: u8,
    /// States kept around solved.
    pub ball_states: u64,
    /// States reached from the scramble so far.
    pub nodes: u64,
}

/// An optimal solution and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solution {
    /// The moves, in the metric searched.
    pub moves: Vec<FaceMove>,
    /// States kept around solved.
    pub ball_states: u64,
    /// States reached from the scramble.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

struct Search<'a> {
    metric: Metric,
    moves: &'static [FaceMove],
    ball: Ball,
    start: CubieCube,
    path: Vec<FaceMove>,
    progress: &'a mut dyn FnMut(&SearchProgress),
    /// Ctrl-C was seen: unwind without searching further.
    cancelled: bool,
    report: SearchProgress,
}

/// Whether `m` may follow `path` in a canonical sequence: no face twice running (except a
/// clockwise quarter-turn twice, the quarter-turn metric's half-turn), and of two opposite
/// faces turned in a row, the one earlier in U R F D L B first.
fn allowed(path: &[FaceMove], m: FaceMove, metric: Metric) -> bool {
    let Some(&last) = path.last() else {
        return true;
    };
    if m.face() == last.face() {
        return metric == Metric::Qtm
            && m == last
            && m.quarters() == 1
            && (path.len() < 2 || path[path.len() - 2] != last);
    }
    !(m.face() == last.face().opposite() && m.face().index() < last.face().index())
}

impl Search<'_> {
    fn tick(&mut self, n: u64) {
        let before = self.report.nodes;
        self.report.nodes += n;
        if before >> 16 != self.report.nodes >> 16 {
            (self.progress)(&self.report);
            self.cancelled |= crate::base::cancel::requested();
        }
    }

    /// The solution through `s`, a state in the ball reached by the current path, if the ball
    /// really leads home from it.
    fn finish(&self, s: CubieCube) -> Option<Vec<FaceMove>> {
        let home = self.ball.path_home(s)?;
        let solution: Vec<FaceMove> = self.path.iter().copied().chain(home).collect();
        self.start
            .apply_all(&solution)
            .is_solved()
            .then_some(solution)
    }

    fn dfs(&mut self, s: CubieCube, left: u8) -> Option<Vec<FaceMove>> {
        if self.cancelled {
            return None;
        }
        if left == 0 {
            self.tick(1);
            self.ball.lookup(s.fingerprint())?;
            return self.finish(s);
        }
        self.tick(1);
        if left == 1 {
            // The last level in one batch: make every move, then look them all up at once.
            let mut kids = [(FaceMove::ALL[0], CubieCube::solved()); 18];
            let mut fps = [0u64; 18];
            let mut n = 0;
            for &m in self.moves {
                if allowed(&self.path, m, self.metric) {
                    let c = s.apply(m);
                    kids[n] = (m, c);
                    fps[n] = c.fingerprint();
                    n += 1;
                }
            }
            self.tick(n as u64);
            let mut found = [false; 18];
            self.ball.contains_many(&fps[..n], &mut found[..n]);
            for j in (0..n).filter(|&j| found[j]) {
                self.path.push(kids[j].0);
                let solution = self.finish(kids[j].1);
                self.path.pop();
                if solution.is_some() {
                    return solution;
                }
            }
            return None;
        }
        for &m in self.moves {
            if !allowed(&self.path, m, self.metric) {
                continue;
            }
            self.path.push(m);
            let found = self.dfs(s.apply(m), left - 1);
            self.path.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// A shortest solution of `state` (centres home) in `opts.metric`, or
/// [`SolveError::BeyondDepthLimit`] if it needs more than `opts.depth_limit` moves.
/// `progress` hears how the search goes.
pub(crate) fn shortest_within_limit(
    state: &CubieCube,
    opts: &SearchOptions,
    progress: &mut dyn FnMut(&SearchProgress),
) -> Result<Solution, SolveError> {
    let metric = opts.metric;
    let limit = opts.depth_limit;
    if limit > max_limit(metric) {
        return Err(SolveError::LimitTooHigh {
            asked: limit,
            max: max_limit(metric),
            metric,
        });
    }
    let started = Instant::now();
    let moves = FaceMove::of(metric);
    let mut search = Search {
        metric,
        moves,
        ball: Ball::new(moves),
        start: *state,
        path: Vec::new(),
        progress,
        cancelled: false,
        report: SearchProgress {
            phase: Phase::Search,
            depth: 0,
            limit,
            ball_radius: 0,
            ball_states: 1,
            nodes: 0,
        },
    };
    let cap = max_radius(metric);
    for t in 0..=limit {
        let radius = t.div_ceil(2).min(cap);
        while search.ball.radius() < radius {
            search.report.phase = Phase::Ball;
            search.report.depth = t;
            search.report.ball_radius = search.ball.radius() + 1;
            (search.progress)(&search.report);
            crate::base::cancel::check()?;
            let keep = search.ball.radius() + 1 < cap;
            search.ball.grow(keep);
            search.report.ball_states = search.ball.len() as u64;
        }
        search.report.phase = Phase::Search;
        search.report.depth = t;
        search.report.ball_radius = search.ball.radius();
        (search.progress)(&search.report);
        let k = t - search.ball.radius();
        crate::base::cancel::check()?;
        let found = search.dfs(*state, k);
        if search.cancelled {
            return Err(crate::base::cancel::Cancelled.into());
        }
        if let Some(moves) = found {
            (search.progress)(&search.report);
            return Ok(Solution {
                moves,
                ball_states: search.ball.len() as u64,
                nodes: search.report.nodes,
                elapsed: started.elapsed(),
            });
        }
    }
    Err(SolveError::BeyondDepthLimit { limit, metric })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The true distance by plain iterative deepening over every move, no pruning at all.
    fn brute_distance(s: CubieCube, metric: Metric, max: u8) -> Option<u8> {
        fn any(s: CubieCube, moves: &[FaceMove], d: u8) -> bool {
            if d == 0 {
                return s.is_solved();
            }
            moves.iter().any(|&m| any(s.apply(m), moves, d - 1))
        }
        (0..=max).find(|&d| any(s, FaceMove::of(metric), d))
    }

    fn random_state(rng: &mut ChaCha8Rng, metric: Metric, len: usize) -> CubieCube {
        let moves = FaceMove::of(metric);
        (0..len).fold(CubieCube::solved(), |s, _| {
            s.apply(moves[rng.random_range(0..moves.len())])
        })
    }

    #[test]
    fn optimal_against_brute_force_at_small_depth() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        for (metric, len, cases) in [
            (Metric::Htm, 4, 12),
            (Metric::Htm, 5, 2),
            (Metric::Qtm, 5, 8),
        ] {
            for _ in 0..cases {
                let s = random_state(&mut rng, metric, len);
                let brute = brute_distance(s, metric, len as u8).unwrap();
                let sol =
                    shortest_within_limit(&s, &SearchOptions::new(metric), &mut |_| {}).unwrap();
                assert_eq!(sol.moves.len(), brute as usize, "{metric}");
                assert!(s.apply_all(&sol.moves).is_solved());
                assert!(sol.moves.iter().all(|m| metric.allows(m.quarters())));
            }
        }
    }

    #[test]
    fn deeper_states_are_solved_and_limits_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let s = random_state(&mut rng, Metric::Htm, 8);
        let mut reports = 0;
        let sol =
            shortest_within_limit(&s, &SearchOptions::new(Metric::Htm), &mut |_| reports += 1)
                .unwrap();
        assert!(sol.moves.len() <= 8);
        assert!(s.apply_all(&sol.moves).is_solved());
        assert!(reports > 0);
        // One move short of that is beyond a limit set there.
        let limit = sol.moves.len() as u8 - 1;
        let err = shortest_within_limit(
            &s,
            &SearchOptions {
                metric: Metric::Htm,
                depth_limit: limit,
            },
            &mut |_| {},
        )
        .unwrap_err();
        assert_eq!(
            err,
            SolveError::BeyondDepthLimit {
                limit,
                metric: Metric::Htm
            }
        );
        assert!(
            err.to_string().starts_with("beyond the depth limit"),
            "{err}"
        );
        let err = shortest_within_limit(
            &s,
            &SearchOptions {
                metric: Metric::Htm,
                depth_limit: 20,
            },
            &mut |_| {},
        )
        .unwrap_err();
        assert!(matches!(err, SolveError::LimitTooHigh { max: 13, .. }));
    }

    #[test]
    fn canonical_sequences_skip_only_redundant_ones() {
        // Every state within 3 moves is reached by some canonical sequence of its length.
        for metric in Metric::SEARCHED {
            let moves = FaceMove::of(metric);
            let mut canonical = std::collections::HashMap::new();
            let mut all = std::collections::HashMap::new();
            fn walk(
                s: CubieCube,
                path: &mut Vec<FaceMove>,
                moves: &[FaceMove],
                metric: Metric,
                canon: bool,
                out: &mut std::collections::HashMap<u128, usize>,
            ) {
                let e = out.entry(s.key()).or_insert(path.len());
                *e = (*e).min(path.len());
                if path.len() == 3 {
                    return;
                }
                for &m in moves {
                    if canon && !allowed(path, m, metric) {
                        continue;
                    }
                    path.push(m);
                    walk(s.apply(m), path, moves, metric, canon, out);
                    path.pop();
                }
            }
            let s = CubieCube::solved();
            walk(s, &mut vec![], moves, metric, true, &mut canonical);
            walk(s, &mut vec![], moves, metric, false, &mut all);
            assert_eq!(canonical, all, "{metric}");
        }
    }

    fn bfs_report(
        metric: Metric,
        input: &crate::sequence::input::Input,
        notation: crate::turn::notation::Notation,
        _: &mut dyn FnMut(&SearchProgress),
    ) -> Result<String, SolveError> {
        crate::solve::answer::solution_text::solved_text(
            crate::solve::Method::Bfs,
            3,
            metric,
            input,
            notation,
        )
    }

    #[test]
    fn reports_end_with_the_solution() {
        use crate::sequence::input::Input;
        use crate::turn::notation::Notation;
        let std = Notation::Standard;
        let text = bfs_report(Metric::Qtm, &Input::Alg("R2 U".into()), std, &mut |_| {}).unwrap();
        let last = text.lines().last().unwrap();
        assert_eq!(
            last, "U' R2",
            "a half-turn is written R2 in either metric: {text}"
        );
        assert!(
            text.contains("3 moves in the quarter-turn metric"),
            "{text}"
        );
        let text = bfs_report(Metric::Htm, &Input::Alg("x".into()), std, &mut |_| {}).unwrap();
        assert!(text.contains("turned the whole cube"), "{text}");
        // The last line does the whole job from the cube as given: here only the turn.
        assert_eq!(text.lines().last(), Some("x'"), "{text}");
        let solved = crate::Cube::solved().facelets();
        let text = bfs_report(
            Metric::Htm,
            &Input::Facelets(solved, Default::default()),
            std,
            &mut |_| {},
        )
        .unwrap();
        assert!(text.starts_with("0 moves"), "{text}");
        let mut s: Vec<char> = crate::Cube::solved().facelets().chars().collect();
        s.swap(8, 20); // URF's U and F stickers: a twisted corner
        let err = bfs_report(
            Metric::Htm,
            &Input::Facelets(s.iter().collect(), Default::default()),
            std,
            &mut |_| {},
        )
        .unwrap_err();
        assert!(matches!(err, SolveError::Pieces(_)), "{err}");
        // In the paper's notation, the solution is the paper's letters, and says so.
        let paper = Notation::Paper;
        let text = bfs_report(
            Metric::Htm,
            &Input::Alg("R U F'".into()),
            paper,
            &mut |_| {},
        );
        let text = text.unwrap();
        assert!(text.contains("in the paper's notation:"), "{text}");
        let solution =
            crate::sequence::parser::parse_moves(text.lines().last().unwrap(), paper).unwrap();
        let mut cube = crate::Cube::solved();
        cube.apply_all(&crate::sequence::parser::parse_moves("R U F'", std).unwrap())
            .unwrap();
        cube.apply_all(&solution).unwrap();
        assert!(cube.is_solved(), "{text}");
    }

    /// Run with `cargo test --release --lib solve::bfs::tests::timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn timing() {
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let superflip = crate::parse_moves(
            "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
            crate::Notation::Standard,
        )
        .unwrap();
        let mut cube = crate::Cube::solved();
        cube.apply_all(&superflip).unwrap();
        let (flip, _) = CubieCube::from_cube(&cube).unwrap();
        let mut cases: Vec<(Metric, String, CubieCube)> = vec![];
        for len in [10, 10, 11, 12, 12, 13] {
            cases.push((
                Metric::Htm,
                format!("{len}-move scramble"),
                random_state(&mut rng, Metric::Htm, len),
            ));
        }
        cases.push((
            Metric::Qtm,
            "14-move scramble".into(),
            random_state(&mut rng, Metric::Qtm, 14),
        ));
        cases.push((Metric::Htm, "superflip".into(), flip));
        cases.push((Metric::Qtm, "superflip".into(), flip));
        for (metric, name, s) in cases {
            let t0 = Instant::now();
            match shortest_within_limit(&s, &SearchOptions::new(metric), &mut |_| {}) {
                Ok(sol) => println!(
                    "{metric} {name}: {} moves in {:.3} s",
                    sol.moves.len(),
                    sol.elapsed.as_secs_f64()
                ),
                Err(e) => println!(
                    "{metric} {name}: {e} after {:.3} s",
                    t0.elapsed().as_secs_f64()
                ),
            }
        }
    }
}
