//! Every solving method, single and batch, on 200 seeded random states, each turned by a
//! random whole-cube turn: every answer, made on the state as given, leaves it solved with
//! every centre home (not only each face one colour). The single solves run the command
//! line's path in this process (its arguments parsed, its request run: what `cubework solve`
//! prints); the batches run the binary (the 2×2×2's, which has no command-line batch, the
//! library's `batch::run`). The optimal search reads Reid's small table, and the bfs and
//! optimal states are short scrambles (bfs stops at its depth limit), so the whole test takes
//! seconds.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use cubework::Cube;
use cubework::solve::{CubieCube, FaceMove, Limits, Method, Progress};
use cubework::turn::moves::Move;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const STATES: usize = 200;
/// The tables directory every test binary shares (`tests/common`'s `tables_dir`): built once a
/// run of the suite.
const CACHE: &str = "cubework-test-cache";

/// `cube` turned by one of the 24 whole-cube turns, chosen by `rng`.
fn turned(mut cube: Cube, rng: &mut ChaCha8Rng) -> Cube {
    let rotations = cubework::state::pieces::rotations();
    let turn = &rotations[rng.random_range(0..rotations.len())];
    cube.apply_all(turn).unwrap();
    cube
}

/// Uniformly random 3×3×3 states, turned.
fn random_states(rng: &mut ChaCha8Rng) -> Vec<Cube> {
    (0..STATES)
        .map(|_| {
            let cube = CubieCube::random(rng).to_cube();
            turned(cube, rng)
        })
        .collect()
}

/// Scrambles of 0 to 7 random face turns, turned: within bfs's depth limit, and quick for
/// the optimal search on the small table.
fn short_states(rng: &mut ChaCha8Rng) -> Vec<Cube> {
    (0..STATES)
        .map(|_| {
            let mut cube = Cube::solved();
            let len = rng.random_range(0..=7);
            let moves: Vec<Move> = (0..len)
                .map(|_| FaceMove::ALL[rng.random_range(0..18)].to_move())
                .collect();
            cube.apply_all(&moves).unwrap();
            turned(cube, rng)
        })
        .collect()
}

/// 2×2×2 states from 30 random turns of all six faces, turned.
fn pocket_states(rng: &mut ChaCha8Rng) -> Vec<Cube> {
    (0..STATES)
        .map(|_| {
            let mut cube = Cube::solved_n(2);
            let moves: Vec<Move> = (0..30)
                .map(|_| FaceMove::ALL[rng.random_range(0..18)].to_move())
                .collect();
            cube.apply_all(&moves).unwrap();
            turned(cube, rng)
        })
        .collect()
}

/// Whether `line` takes `cube` to solved with every centre (on the 2×2×2, every corner)
/// home.
fn solves(cube: &Cube, line: &str) -> bool {
    let mut c = cube.clone();
    let Ok(moves) = cubework::parse_sequence(line, cubework::Notation::Standard) else {
        return false;
    };
    c.apply_all(&moves).is_ok() && c == Cube::solved_n(cube.size())
}

/// A directory under the build's own temporary directory (`target/tmp`), shared by every run:
/// for tables, which only save time and are written whole or not at all.
fn shared_dir(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Sets the environment the solves read, once, before any solve: this binary's only test.
fn environment() -> std::path::PathBuf {
    let dir = shared_dir(CACHE);
    // SAFETY: this is the only test in this binary, and it sets the environment before it
    // starts any thread or solve.
    unsafe {
        std::env::set_var("CUBEWORK_CACHE_DIR", &dir);
        std::env::set_var("CUBEWORK_OPTIMAL_TABLE", "small");
        std::env::set_var("NO_COLOR", "1");
    }
    dir
}

/// `cubework solve --method METHOD --facelets F`'s text, run as the command line runs it.
fn single(method: &str, cube: &Cube) -> String {
    let facelets = cube.facelets();
    answer(&["solve", "--method", method, "--facelets", &facelets])
}

/// `cubework pocket solve --facelets F`'s text, run as the command line runs it.
fn pocket_single(cube: &Cube) -> String {
    let facelets = cube.facelets();
    answer(&["pocket", "solve", "--facelets", &facelets])
}

/// The text of `cubework ARGS`, read and run in this process as the command line does.
fn answer(args: &[&str]) -> String {
    let argv = std::iter::once("cubework").chain(args.iter().copied());
    let Ok(Some(cubework::command::one_shot::OneShot::Request(context, request))) =
        cubework::cli::asked(argv)
    else {
        panic!("{args:?}: no request");
    };
    match context.run(request) {
        Ok(reply) => reply.text,
        Err(e) => panic!("{args:?}: {e}"),
    }
}

/// The last line of a solve's text: the answer (empty when the text ends with a newline:
/// no moves needed).
fn last_line(text: &str) -> &str {
    if text.ends_with('\n') {
        ""
    } else {
        text.lines().last().unwrap_or("")
    }
}

/// `cubework solve --method METHOD --batch -` on the states' facelet strings.
fn batch(method: &str, cubes: &[Cube], cache: &std::path::Path) -> Vec<String> {
    let input: String = cubes.iter().map(|c| c.facelets() + "\n").collect();
    let out = Command::cargo_bin("cubework")
        .unwrap()
        .env("NO_COLOR", "1")
        .env("CUBEWORK_CACHE_DIR", cache)
        .env("CUBEWORK_OPTIMAL_TABLE", "small")
        .env("CUBEWORK_DATA_DIR", shared_dir("cubework-test-data"))
        .args(["solve", "--method", method, "--batch", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{method}: {stderr}");
    assert!(
        stderr.contains(&format!("{STATES} states solved;")),
        "{method}: {stderr}"
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_methods_single_and_batch_answers_solve_200_turned_random_states() {
    let cache = environment();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let random = random_states(&mut rng);
    let short = short_states(&mut rng);
    let pocket = pocket_states(&mut rng);
    // Every whole-cube turn is drawn, the identity too.
    assert!(
        random
            .iter()
            .any(|c| c.centre(cubework::Face::U) != Some(cubework::Face::U))
    );

    for (method, cubes) in [
        ("twophase", &random),
        ("beginner", &random),
        ("optimal", &short),
        ("bfs", &short),
    ] {
        let lines = batch(method, cubes, &cache);
        assert_eq!(lines.len(), STATES, "{method}: one line a state");
        for (i, (cube, line)) in cubes.iter().zip(&lines).enumerate() {
            assert!(
                solves(cube, line),
                "{method} batch line {}: '{line}' does not solve {}",
                i + 1,
                cube.facelets()
            );
            let text = single(method, cube);
            let answer = last_line(&text);
            assert!(
                solves(cube, answer),
                "{method} single solve of {}: '{answer}' does not solve it:\n{text}",
                cube.facelets()
            );
            if method == "bfs" || method == "optimal" {
                // Both shortest: the same length, whatever moves each chose.
                let length = |l: &str| {
                    cubework::sequence::alg::Alg::parse(l, cubework::Notation::Standard)
                        .unwrap()
                        .count(cubework::Metric::Htm)
                };
                assert_eq!(
                    length(line),
                    length(answer),
                    "{method}: {}",
                    cube.facelets()
                );
            }
        }
    }

    // The 2×2×2: `pocket solve`, and a batch of its states through the library's batch.
    let input: String = pocket.iter().map(|c| c.facelets() + "\n").collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let job = cubework::answer::batch::Job {
        method: Method::Pocket,
        limits: Limits::default(),
        notation: cubework::Notation::Standard,
        scheme: Default::default(),
        progress: Progress::none(),
        advise: &cubework::answer::batch::no_advice,
        threads: None,
        size: None,
    };
    // The batch reads on a thread of its own: its input is owned.
    let input = std::io::Cursor::new(input.into_bytes());
    let summary = cubework::answer::batch::run(input, &mut out, &mut err, &job).unwrap();
    assert_eq!(
        (summary.solved, summary.failed),
        (STATES, 0),
        "{}",
        String::from_utf8_lossy(&err)
    );
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), STATES);
    for (cube, line) in pocket.iter().zip(lines) {
        assert!(
            solves(cube, line),
            "pocket batch: '{line}' on {}",
            cube.facelets()
        );
        let text = pocket_single(cube);
        let answer = last_line(&text);
        assert!(solves(cube, answer), "pocket solve: '{answer}':\n{text}");
        assert_eq!(answer, line, "one method, one answer");
    }
}
