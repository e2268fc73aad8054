//! `scramble` on every size: the paper's SCRAMBLE on the 2×2×2 and 3×3×3, WCA-style outer and
//! wide turns on the 4×4×4 and up, and random-state scrambles of the 2×2×2 from the pocket
//! table — from the command line and in a session.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use cubework::solve::search::pocket::{DistanceTable, PocketState};
use cubework::turn::metric::Metric;
use cubework::{Cube, Notation, parse_moves};

mod common;

fn cubework() -> assert_cmd::Command {
    common::cubework()
}

/// stdout, stderr and status of `cubework ARGS`.
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    common::run_with(cubework(), args)
}

fn session(input: &str) -> (String, String, Option<i32>) {
    common::session_with(cubework(), input)
}

/// The `n`×`n`×`n` after `moves` from solved.
fn cube_after(n: usize, moves: &str) -> Cube {
    let mut cube = Cube::solved_n(n);
    cube.apply_all(&parse_moves(moves, Notation::Standard).unwrap())
        .unwrap();
    cube
}

/// How many stickers of the inner centres (those no outer turn moves: each stays its face's
/// colour however the outer faces turn) are not where they are on the solved cube.
fn centres_moved(cube: &Cube) -> usize {
    let n = cube.size();
    let now: Vec<char> = cube.facelets().chars().collect();
    let solved: Vec<char> = Cube::solved_n(n).facelets().chars().collect();
    (0..6)
        .flat_map(|f| (1..n - 1).flat_map(move |r| (1..n - 1).map(move |c| f * n * n + r * n + c)))
        .filter(|&i| now[i] != solved[i])
        .count()
}

#[test]
fn scramble_size_four_and_up_turns_wide_blocks_so_the_centres_scramble() {
    for (n, wca) in [(4, 40), (5, 60), (6, 80), (7, 100)] {
        let size = n.to_string();
        let (out, err, code) = run(&["scramble", "--size", &size, "--seed", "3"]);
        assert_eq!(code, Some(0), "{err}");
        let moves = out.lines().last().unwrap();
        assert_eq!(moves.split(' ').count(), wca, "the WCA's length: {out}");
        assert!(moves.contains('w'), "wide turns: {moves}");
        let cube = cube_after(n, moves);
        assert!(centres_moved(&cube) > 0, "{n}: {moves}");
        // Seeded, and a count may be given.
        assert_eq!(run(&["scramble", "--size", &size, "--seed", "3"]).0, out);
        let (short, _, _) = run(&["scramble", "7", "--size", &size, "--seed", "3"]);
        assert_eq!(short.lines().last().unwrap().split(' ').count(), 7);
    }
    // The 3×3×3 keeps the paper's SCRAMBLE.
    let (out, _, _) = run(&["scramble", "--size", "3", "--seed", "3"]);
    assert_eq!(out, run(&["scramble", "--seed", "3"]).0);
}

#[test]
fn scramble_size_two_random_state_is_an_optimal_sequence_from_the_pocket_table() {
    let table = DistanceTable::build(Metric::Htm);
    let mut states = Vec::new();
    for seed in ["1", "2", "3"] {
        let (out, err, code) = run(&["scramble", "--size", "2", "--random-state", "--seed", seed]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("3,674,160"), "{out}");
        let moves = out.lines().last().unwrap();
        let cube = cube_after(2, moves);
        let (state, turn) = PocketState::from_cube(&cube).unwrap();
        assert!(turn.is_empty(), "moves of U, R and F hold DBL: {moves}");
        let length = parse_moves(moves, Notation::Standard).unwrap().len();
        assert_eq!(length, table.distance(&state).unwrap(), "optimal: {moves}");
        states.push(state);
    }
    assert!(
        states[0] != states[1] && states[1] != states[2],
        "{states:?}"
    );
}

#[test]
fn scrambles_the_sizes_cannot_have_are_one_line_errors() {
    for (args, message) in [
        (
            &["scramble", "--size", "5", "--notation", "paper"][..],
            "the paper's letters have no wide turns",
        ),
        (&["scramble", "--size", "12"][..], "12"),
    ] {
        common::assert_refused(&run(args), 2, message, format_args!("{args:?}: "));
    }
}

#[test]
fn a_session_scrambles_its_own_size() {
    // The 4×4×4 session's scramble moves the centres; the 2×2×2 session's random state is the
    // command line's for the same seed; the 5×5×5's random state is made by the moves shown.
    let (out, err, code) = session(
        "size 4\nscramble seed 2\nshow facelets\nsize 2\nscramble random seed 4\nshow facelets\nsize 5\nscramble random\nshow facelets\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let scramble = lines
        .iter()
        .find_map(|l| l.strip_prefix("scramble 40 seed 2: "))
        .unwrap_or_else(|| panic!("{out}"));
    let cube = cube_after(4, scramble);
    assert!(lines.contains(&cube.facelets().as_str()), "{out}");
    assert!(centres_moved(&cube) > 0, "{scramble}");
    let (cli, _, _) = run(&["scramble", "--size", "2", "--random-state", "--seed", "4"]);
    let two = cube_after(2, cli.lines().last().unwrap());
    assert!(
        lines.contains(&two.facelets().as_str()),
        "{out}\n{}",
        two.facelets()
    );
    // The 5×5×5 too is set to a random state, as the moves shown make it from solved.
    let five = lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("scramble random seed "))
        .and_then(|l| l.split_once(": "))
        .unwrap_or_else(|| panic!("{out}"))
        .1;
    assert!(
        lines.contains(&cube_after(5, five).facelets().as_str()),
        "{out}"
    );
}

#[test]
fn scramble_random_on_the_command_line_is_the_same_as_random_state() {
    let spelled = run(&["scramble", "random", "--size", "2", "--seed", "4"]);
    let flagged = run(&["scramble", "--random-state", "--size", "2", "--seed", "4"]);
    assert_eq!(spelled.2, Some(0), "{}", spelled.1);
    assert_eq!(spelled, flagged);
    let (_, err, code) = run(&["scramble", "lots"]);
    assert_eq!(code, Some(2));
    common::assert_has(&err, "must be a whole number, 0 or more, or random");
}

#[test]
fn a_seed_too_large_is_said_to_be_too_large_not_to_be_no_whole_number() {
    let (out, err, code) = run(&["scramble", "--seed", "99999999999999999999999"]);
    assert_eq!((out.as_str(), code), ("", Some(2)));
    common::assert_has(
        &err,
        "99999999999999999999999 is too large (at most 18446744073709551615)",
    );
    let (_, err, code) = run(&["scramble", "--seed", "12x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("must be a whole number, 0 or more"), "{err}");
}

#[test]
fn a_scramble_length_has_one_limit_and_one_message_in_every_front_end() {
    let limit = cubework::command::solving::MAX_SCRAMBLE;
    let over = (limit + 1).to_string();
    let said = format!("a scramble of {over} turns is more than the limit of {limit}");
    // The command line, on every kind of size.
    for size in ["3", "2", "5"] {
        let args = ["scramble", &over, "--size", size];
        common::assert_refused(&run(&args), 2, &said, format_args!("{args:?}: "));
    }
    // At the limit: that many turns, on the last line.
    let (out, err, code) = run(&["scramble", &limit.to_string(), "--seed", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.lines().last().unwrap().split(' ').count(),
        limit,
        "{out}"
    );
    // The REPL (and a session file, the page: each runs the REPL's line), at and over it.
    let (out, err, code) = session(&format!("scramble {over}\nscramble {limit} seed 2\n"));
    assert_eq!(code, Some(2), "{err}");
    common::assert_one_line(&err, &format!("error: line 1: {said}"), "");
    assert!(out.contains(&format!("scramble {limit} seed 2: ")), "{out}");
}
