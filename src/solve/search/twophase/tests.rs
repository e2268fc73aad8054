use super::*;
use crate::solve::table::tables::tests::tables;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn random_states_solve_within_the_bound() {
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut total = 0;
    for _ in 0..50 {
        let cube = CubieCube::random(&mut rng);
        let sol = solve(t, &cube, &TwoPhaseOptions::default()).unwrap();
        assert!(sol.moves.len() <= 21, "{}", sol.moves.len());
        assert!(cube.apply_all(&sol.moves).is_solved());
        total += sol.moves.len();
    }
    println!("mean length {}", total as f64 / 50.0);
}

#[test]
fn length_bounds_hold_and_short_scrambles_are_found_within_their_length() {
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for max_length in [20, 20, 20] {
        {
            let cube = CubieCube::random(&mut rng);
            let opts = TwoPhaseOptions {
                max_length,
                ..Default::default()
            };
            let sol = solve(t, &cube, &opts).unwrap();
            assert!(sol.moves.len() <= max_length as usize);
            assert!(cube.apply_all(&sol.moves).is_solved());
        }
    }
    // A state made by n moves has a solution of n moves; the solver finds one that short.
    for n in [8, 10, 12] {
        for _ in 0..3 {
            let scramble: Vec<FaceMove> = (0..n)
                .map(|_| FaceMove::ALL[rng.random_range(0..18)])
                .collect();
            let cube = CubieCube::solved().apply_all(&scramble);
            let opts = TwoPhaseOptions {
                max_length: n as u8,
                ..Default::default()
            };
            let sol = solve(t, &cube, &opts).unwrap();
            assert!(sol.moves.len() <= n, "{n}: {:?}", sol.moves);
            assert!(cube.apply_all(&sol.moves).is_solved());
        }
    }
}

#[test]
fn a_bound_searched_to_the_end_advises_more_moves_never_more_time() {
    let t = tables();
    let bound = |cube: &CubieCube, max_length| {
        let opts = TwoPhaseOptions {
            max_length,
            ..Default::default()
        };
        solve(t, cube, &opts).unwrap_err()
    };
    // R U F L: four moves, and no three reach G1, so none solve it: a proof.
    let rufl = [3, 0, 6, 12].map(|m| FaceMove::ALL[m]);
    let err = bound(&CubieCube::solved().apply_all(&rufl), 3);
    assert!(
        matches!(
            err,
            SolveError::NotFound {
                max_length: 3,
                reach: crate::solve::Reach::Proven,
                ..
            }
        ),
        "{err}"
    );
    // The library says what is wrong; the command line and the REPL add their advice.
    assert_eq!(err.to_string(), "no solution of 3 moves or fewer exists");
    // A random cube within 10: searched to the end, unproven, and time would not help.
    let cube = CubieCube::random(&mut ChaCha8Rng::seed_from_u64(43));
    let err = bound(&cube, 10);
    assert!(
        matches!(
            err,
            SolveError::NotFound {
                reach: crate::solve::Reach::Searched,
                ..
            }
        ),
        "{err}"
    );
    assert!(!err.to_string().contains("time"), "{err}");
}

#[test]
fn an_impossible_bound_gives_up_and_a_time_limit_keeps_shortening() {
    let t = tables();
    let cube = CubieCube::random(&mut ChaCha8Rng::seed_from_u64(43));
    let opts = TwoPhaseOptions {
        max_length: 10,
        give_up: Duration::from_millis(100),
        ..Default::default()
    };
    let started = Instant::now();
    let err = solve(t, &cube, &opts).unwrap_err();
    assert!(
        matches!(err, SolveError::NotFound { max_length: 10, .. }),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(
        err.to_string()
            .starts_with("no solution of 10 moves or fewer found in")
    );
    let first = solve(t, &cube, &TwoPhaseOptions::default()).unwrap();
    let limit = Duration::from_millis(150);
    let best = solve(
        t,
        &cube,
        &TwoPhaseOptions {
            time_limit: Some(limit),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(best.moves.len() <= first.moves.len());
    assert!(
        best.moves.len() < 20,
        "150 ms finds a 19 for a random state"
    );
    assert!(best.elapsed >= limit || best.moves.len() <= 17);
    assert!(cube.apply_all(&best.moves).is_solved());
    let err = solve(
        t,
        &cube,
        &TwoPhaseOptions {
            max_length: 41,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(matches!(err, SolveError::LengthTooHigh { .. }));
}

#[test]
fn several_threads_find_solutions_within_the_bound_and_prove_what_one_thread_proves() {
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(44);
    for threads in [0, 1, 2, 3] {
        for max_length in [21, 20] {
            let cube = CubieCube::random(&mut rng);
            let opts = TwoPhaseOptions {
                max_length,
                threads,
                ..Default::default()
            };
            let sol = solve(t, &cube, &opts).unwrap();
            assert!(sol.moves.len() <= max_length as usize, "{threads} threads");
            assert!(cube.apply_all(&sol.moves).is_solved(), "{threads} threads");
            assert!(sol.probes >= 1 && sol.nodes >= 1);
        }
        // A time limit keeps every thread shortening, and the answer is still checked (the
        // limit long enough to reach 19 moves on a machine busy with the rest of the suite).
        let cube = CubieCube::random(&mut rng);
        let opts = TwoPhaseOptions {
            time_limit: Some(Duration::from_millis(600)),
            threads,
            ..Default::default()
        };
        let sol = solve(t, &cube, &opts).unwrap();
        assert!(
            sol.moves.len() <= 19,
            "{threads} threads: {}",
            sol.moves.len()
        );
        assert!(cube.apply_all(&sol.moves).is_solved());
        // R U F L cannot be solved in 3: every thread's share searched, a proof.
        let opts = TwoPhaseOptions {
            max_length: 3,
            threads,
            ..Default::default()
        };
        rufl_is_proven_longer_than_three(t, &opts, &format!("{threads} threads: "));
    }
}

#[test]
fn the_last_pre_move_turned_the_other_way_still_solves_the_cube() {
    // Short bounds on scrambles force solutions through pre-moves and their switch;
    // every answer is checked by solve itself, and again here.
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    for _ in 0..20 {
        let cube = CubieCube::random(&mut rng);
        let opts = TwoPhaseOptions {
            max_length: 19,
            time_limit: Some(Duration::from_millis(20)),
            threads: 1,
            ..Default::default()
        };
        let sol = solve(t, &cube, &opts).unwrap();
        assert!(sol.moves.len() <= 19);
        assert!(cube.apply_all(&sol.moves).is_solved());
    }
}

/// The large set as the tests have it: the optimal solver's small table (the unit tests'
/// optimal table) for phase 1 and a shallow phase-2 table.
fn large() -> &'static LargeTables {
    static L: std::sync::OnceLock<LargeTables> = std::sync::OnceLock::new();
    L.get_or_init(|| {
        let none = crate::solve::Progress::none();
        let phase1 = crate::solve::table::shared::optimal_table(&none)
            .unwrap()
            .0
            .clone();
        assert_eq!(
            phase1.moves().kind(),
            crate::solve::table::optimal_table::SliceKind::Position
        );
        let phase2 = crate::solve::table::twophase_large::Phase2Table::shallow(
            tables(),
            crate::solve::table::twophase_large::tests::SHALLOW,
        )
        .unwrap();
        LargeTables {
            phase1,
            phase2,
            reports: Default::default(),
        }
    })
}

#[test]
fn the_large_set_solves_random_states_within_the_bound_on_one_thread_and_two() {
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    for threads in [1, 2] {
        for max_length in [21, 20, 21, 20, 21, 20] {
            let cube = CubieCube::random(&mut rng);
            let opts = TwoPhaseOptions {
                max_length,
                threads,
                large: Some(large()),
                ..Default::default()
            };
            let sol = solve(t, &cube, &opts).unwrap();
            assert!(sol.moves.len() <= max_length as usize, "{threads} threads");
            assert!(cube.apply_all(&sol.moves).is_solved());
        }
    }
}

#[test]
fn the_large_set_finds_short_scrambles_within_their_length_and_proves_what_cannot_be() {
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let with = |max_length: u8| TwoPhaseOptions {
        max_length,
        threads: 1,
        large: Some(large()),
        ..Default::default()
    };
    for n in [1, 5, 8, 10, 12] {
        for _ in 0..3 {
            let scramble: Vec<FaceMove> = (0..n)
                .map(|_| FaceMove::ALL[rng.random_range(0..18)])
                .collect();
            let cube = CubieCube::solved().apply_all(&scramble);
            let sol = solve(t, &cube, &with(n as u8)).unwrap();
            assert!(sol.moves.len() <= n, "{n}: {:?}", sol.moves);
            assert!(cube.apply_all(&sol.moves).is_solved());
        }
    }
    rufl_is_proven_longer_than_three(t, &with(3), "");
}

#[test]
fn the_large_set_searches_fewer_phase_one_nodes_than_the_small_one() {
    // Exact phase-1 distances make only the moves that can finish in time; the small
    // set's bounds let many more through. Same states, one thread, summed.
    let t = tables();
    let mut rng = ChaCha8Rng::seed_from_u64(48);
    let (mut small, mut big) = (0, 0);
    for _ in 0..10 {
        let cube = CubieCube::random(&mut rng);
        let opts = TwoPhaseOptions {
            max_length: 20,
            threads: 1,
            ..Default::default()
        };
        small += solve(t, &cube, &opts).unwrap().nodes;
        let opts = TwoPhaseOptions {
            large: Some(large()),
            ..opts
        };
        big += solve(t, &cube, &opts).unwrap().nodes;
    }
    assert!(big < small, "large {big} nodes, small {small}");
}

#[test]
fn the_walk_down_the_phase_one_table_gives_the_tables_own_distance() {
    let table = &large().phase1;
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    for n in 0..40 {
        let mut cube = CubieCube::solved();
        for _ in 0..n % 14 {
            cube = cube.apply(FaceMove::ALL[rng.random_range(0..18)]);
        }
        let c = table.moves().coord(&cube);
        let d = exact_depth(table, c);
        assert_eq!(d, table.exact_depth(c));
        assert!(d.is_some_and(|d| d as usize <= n % 14));
    }
}

#[test]
fn merging_where_phase_two_meets_the_pre_moves() {
    let run = |moves: &[u8]| {
        let mut out = [0u8; PATH];
        let mut n = 0;
        for &m in moves {
            push_merged(&mut out, &mut n, m);
        }
        out[..n].to_vec()
    };
    assert_eq!(run(&[3, 3]), [4]); // R R = R2
    assert_eq!(run(&[3, 5]), Vec::<u8>::new()); // R R' = nothing
    assert_eq!(run(&[3, 12, 4]), [5, 12]); // R L R2 = R' L
    assert_eq!(run(&[3, 12, 5]), [12]); // R L R' = L
    assert_eq!(run(&[0, 3, 0]), [0, 3, 0]); // U R U: no merge
}

#[test]
fn short_states_and_solved() {
    let t = tables();
    let solved = solve(t, &CubieCube::solved(), &TwoPhaseOptions::default()).unwrap();
    assert!(solved.moves.is_empty());
    for k in 0..18 {
        let cube = CubieCube::solved().apply(FaceMove::ALL[k]);
        let sol = solve(t, &cube, &TwoPhaseOptions::default()).unwrap();
        assert!(cube.apply_all(&sol.moves).is_solved());
        assert!(sol.moves.len() <= 3, "{k}: {:?}", sol.moves);
    }
}

/// R U F L has no solution in 3 moves: a search within `opts` (whose longest is 3) fails
/// with that proven; `context` begins the message if not.
fn rufl_is_proven_longer_than_three(t: &Tables, opts: &TwoPhaseOptions, context: &str) {
    let rufl = [3, 0, 6, 12].map(|m| FaceMove::ALL[m]);
    let err = solve(t, &CubieCube::solved().apply_all(&rufl), opts).unwrap_err();
    assert!(
        matches!(
            err,
            SolveError::NotFound {
                reach: crate::solve::Reach::Proven,
                ..
            }
        ),
        "{context}{err}"
    );
}
