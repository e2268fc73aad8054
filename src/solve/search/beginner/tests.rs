//! The method on every kind of state: seeded uniformly random ones, and the special ones.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::sequence::parser::parse_sequence;
use crate::solve::CubieCube;
use crate::turn::notation::Notation;

/// Solves `cube`, checking every stage as it goes: its check holds after it, the checks of
/// the stages before it still hold, and both the moves as made and the simplified solution
/// solve the cube.
fn solve_checked(cube: &Cube, what: &str) -> Solution {
    let solution = solve(cube).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(solution.stages.len(), 7, "{what}");
    let mut now = cube.clone();
    for (i, s) in solution.stages.iter().enumerate() {
        assert_eq!(s.stage, Stage::ALL[i]);
        now.apply_all(&s.moves).unwrap();
        for earlier in &Stage::ALL[..=i] {
            assert!(earlier.done(&now), "{what}: {} after {}", earlier, s.stage);
        }
    }
    assert!(now.is_solved(), "{what}");
    let mut simplified = cube.clone();
    simplified.apply_all(&solution.simplified()).unwrap();
    assert!(simplified.is_solved(), "{what}");
    // Rotations folded in: the cube is not turned round.
    for f in Face::ALL {
        assert_eq!(simplified.centre(f), cube.centre(f), "{what}");
    }
    solution
}

#[test]
fn thousands_of_random_states() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let (mut total, mut longest) = (0, 0);
    let count = 3000;
    for i in 0..count {
        let cube = CubieCube::random(&mut rng).to_cube();
        let solution = solve_checked(&cube, &format!("random state {i}: {cube}"));
        let n = hands::cost(&solution.simplified());
        total += n;
        longest = longest.max(n);
    }
    // Loose bounds; the measured figures are in the README (scripts/beginner_figures.sh).
    assert!(total / count < 140, "mean {}", total / count);
    assert!(longest < 220, "longest {longest}");
}

proptest::proptest! {
    #![proptest_config(crate::proptest_config(200))]
    /// Any sequence, slices, wide turns and rotations included, so that the centres end
    /// anywhere: the method holds the cube white side up and solves it.
    #[test]
    fn any_sequence_held_any_way(picks in proptest::collection::vec(0usize..1000, 0..40)) {
        let alphabet = "U U2 U' R R' F2 D L' B B' M E' S2 x y' z2 Rw u' f2";
        let all = crate::sequence::parser::parse_moves(alphabet, Notation::Standard).unwrap();
        let moves: Vec<Move> = picks.iter().map(|&i| all[i % all.len()]).collect();
        let mut cube = Cube::solved();
        cube.apply_all(&moves).unwrap();
        solve_checked(&cube, &crate::turn::moves::format_moves(&moves));
    }
}

#[test]
fn special_states() {
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let mut cases = vec![
        ("solved", String::new()),
        ("superflip", superflip.to_string()),
        ("the notes' scramble", "F' L2 B2 L R' U' R F' D2 B2".into()),
        (
            "the notes' corner twist",
            "R U2 R' U' R U' R' L' U2 L U L' U L".into(),
        ),
        ("checkerboard", "U2 D2 F2 B2 R2 L2".into()),
        ("a whole-cube turn", "x y2".into()),
        ("turned and scrambled", "R U F x y' D L2 z B".into()),
    ];
    for tool in crate::sequence::tools::Tool::ALL {
        cases.push((tool.name(), tool.name().to_string()));
    }
    for (name, alg) in &cases {
        let cube = crate::cube_after(alg);
        let solution = solve_checked(&cube, name);
        if cube.is_solved() {
            assert!(solution.is_empty(), "{name}");
        }
    }
    // The superflip really is every edge flipped in place.
    let edges = pieces::read_edges(&crate::cube_after(superflip)).unwrap();
    assert_eq!(edges.orient, [1; 12]);
}

#[test]
fn stages_one_at_a_time_as_the_repl_steps() {
    let mut cube = crate::cube_after("D' R2 U F' L B2 D R' F2 U' L2 B R");
    let mut seen = Vec::new();
    while let Some(stage) = Stage::next(&cube) {
        let moves = stage.solve(&cube).unwrap();
        cube.apply_all(&moves).unwrap();
        assert!(stage.done(&cube));
        seen.push(stage);
    }
    assert!(cube.is_solved());
    assert_eq!(seen.last(), Some(&Stage::BlueCornersOriented));
    // A done stage needs nothing more; a stage before its time is refused.
    assert_eq!(Stage::WhiteCross.solve(&cube).unwrap(), vec![]);
    let scrambled = crate::cube_after("R U F");
    let err = Stage::SecondLayer.solve(&scrambled).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the second layer stage builds on the white cross stage, which is not done yet"
    );
}

#[test]
fn impossible_and_other_cubes_are_refused() {
    let mut s: Vec<char> = Cube::solved().facelets().chars().collect();
    s.swap(5, 10); // flip the UR edge in place
    let flipped = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
    let err = solve(&flipped).unwrap_err();
    assert!(err.to_string().contains("flipped"), "{err}");
    assert!(matches!(
        solve(&Cube::solved_n(4)),
        Err(BeginnerError::Size(4))
    ));
    assert!(!Stage::WhiteCross.done(&Cube::solved_n(2)));
    let err = solve_input(&Input::Alg("R Q".into())).unwrap_err();
    assert!(err.to_string().contains("unknown move 'Q'"), "{err}");
}

#[test]
fn stage_names_say_the_colours() {
    let names: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(
        names,
        [
            "white cross",
            "white corners",
            "second layer",
            "blue cross",
            "blue edges",
            "blue corners placed",
            "blue corners oriented"
        ]
    );
    assert_eq!(Stage::BlueCross.role(), "last-face cross");
}

/// The figures of the README, printed by `scripts/beginner_figures.sh`: solution lengths over
/// 10,000 seeded uniformly random states (`BEGINNER_STATES` to change the count), before and
/// after simplification, stage by stage, and the time of each solve.
#[test]
#[ignore]
fn figures() {
    let count: usize = std::env::var("BEGINNER_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let cubes: Vec<Cube> = (0..count)
        .map(|_| CubieCube::random(&mut rng).to_cube())
        .collect();
    // Warm up: the move tables and twist plans are built on first use.
    let _ = solve(&cubes[0]);
    let mut times = Vec::with_capacity(count);
    let mut solutions = Vec::with_capacity(count);
    let mut simplified = Vec::with_capacity(count);
    for cube in &cubes {
        let start = std::time::Instant::now();
        let solution = solve(cube).unwrap();
        let short = solution.simplified();
        times.push(start.elapsed().as_secs_f64() * 1e6);
        simplified.push(hands::cost(&short));
        solutions.push(solution);
    }
    let made: Vec<u64> = solutions.iter().map(Solution::len).collect();
    let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len() as f64;
    let max = |v: &[u64]| v.iter().copied().max().unwrap_or(0);
    let median = |v: &[u64]| {
        let mut w = v.to_vec();
        w.sort();
        w[w.len() / 2]
    };
    println!("{count} uniformly random states (CubieCube::random, seed 2026), half-turn metric");
    println!(
        "as made:    mean {:.1} moves, median {}, max {}",
        mean(&made),
        median(&made),
        max(&made)
    );
    println!(
        "simplified: mean {:.1} moves, median {}, max {}",
        mean(&simplified),
        median(&simplified),
        max(&simplified)
    );
    for stage in Stage::ALL {
        let per: Vec<u64> = solutions
            .iter()
            .map(|s| s.stages[stage as usize].len())
            .collect();
        println!(
            "  {}. {:<22} mean {:>5.1}, max {}",
            stage.number(),
            stage.name(),
            mean(&per),
            max(&per)
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "time a solve (simplification included): median {:.1} µs, mean {:.1} µs, max {:.1} µs",
        times[count / 2],
        times.iter().sum::<f64>() / count as f64,
        times[count - 1]
    );
}

#[test]
fn stage_lines_keep_their_column_and_a_gap_before_it_in_every_colour_scheme() {
    use crate::turn::face::Scheme;
    let mut cube = Cube::solved();
    let scramble = "U' F U R' D L' U' L' F D L' D L D' F' D L'";
    cube.apply_all(&parse_sequence(scramble, Notation::Standard).unwrap())
        .unwrap();
    let solution = solve(&cube).unwrap();
    let stages = super::walkthrough::stages(&cube);
    let report = super::walkthrough::report(
        &solution.stages,
        &solution.simplified(),
        crate::turn::metric::Metric::Htm,
        Notation::Standard,
    );
    for scheme in Scheme::ALL {
        // `stage?`'s states start in one column; the report's move counts (right-aligned)
        // end in one.
        for (text, edge) in [(&stages, "start"), (&report, "end")] {
            let text = scheme.recolour(text);
            let columns: Vec<usize> = text
                .lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l[1..].starts_with(". "))
                .map(|l| {
                    let chars: Vec<char> = l.chars().collect();
                    let gap = (3..chars.len() - 1)
                        .find(|&i| chars[i] == ' ' && chars[i + 1] == ' ')
                        .unwrap_or_else(|| panic!("{scheme:?}: no gap of two spaces in {l:?}"));
                    let start = (gap..chars.len()).find(|&i| chars[i] != ' ').unwrap();
                    let end = (start..chars.len())
                        .find(|&i| chars[i] == ' ')
                        .unwrap_or(chars.len());
                    if edge == "start" { start } else { end }
                })
                .collect();
            assert_eq!(columns.len(), 7, "{text}");
            assert!(
                columns.windows(2).all(|w| w[0] == w[1]),
                "{scheme:?}: the column does not line up:\n{text}"
            );
        }
    }
}
