//! The optimal solver from the outside: `solve --method optimal` (with its time limit,
//! quarter turns and batches), the REPL's `solve optimal`, and `tables`. The tests read
//! Reid's small table (`CUBEWORK_OPTIMAL_TABLE=small`, built in seconds in their own cache
//! directory); the large table's figures come from `scripts/optimal_figures.sh`.

use assert_cmd::Command;
use cubework::Cube;

mod common;

fn cubework() -> Command {
    let mut cmd = common::cubework_cached("cubework-opt-cli");
    cmd.env("CUBEWORK_OPTIMAL_TABLE", "small");
    cmd
}

fn run(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let out = cubework().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

fn solves(scramble: &str, solution: &str) -> bool {
    let mut cube = Cube::solved();
    let moves = |s: &str| cubework::parse_sequence(s, cubework::Notation::Standard).unwrap();
    cube.apply_all(&moves(scramble)).unwrap();
    cube.apply_all(&moves(solution)).unwrap();
    cube.is_solved()
}

#[test]
fn the_command_line_prints_a_proven_shortest_solution() {
    let scramble = "R U R' U' F2 D L' B";
    let (out, err, code) = run(&["solve", "--method", "optimal", scramble], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("8 moves in the half-turn metric, proven shortest"),
        "{out}"
    );
    let last = out.lines().last().unwrap();
    assert_eq!(last.split_whitespace().count(), 8);
    assert!(solves(scramble, last));
    // Quarter turns: R2 counts two.
    let (out, err, code) = run(
        &["solve", "--method", "optimal", "--metric", "qtm", "R2 U F'"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("4 moves in the quarter-turn metric, proven shortest"),
        "{out}"
    );
    assert!(solves("R2 U F'", out.lines().last().unwrap()));
}

#[test]
fn a_time_limit_ends_with_what_was_proven_and_the_best_found() {
    let scramble = "F2 R2 B2 R F2 L F2 R' U2 L B2 U L' B U R' D F R2 F'";
    let (out, err, code) = run(
        &[
            "solve",
            "--method",
            "optimal",
            "--time-limit",
            "0.2",
            scramble,
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("stopped at the time limit"), "{out}");
    assert!(
        first.contains("no solution of") && first.contains("not proven shortest"),
        "{out}"
    );
    assert!(solves(scramble, out.lines().last().unwrap()));
}

#[test]
fn bad_requests_are_one_line_errors() {
    let (_, err, code) = run(
        &["solve", "--method", "optimal", "--max-length", "5", "R"],
        "",
    );
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--max-length"), "{err}");
    let (_, err, code) = run(&["solve", "--method", "optimal", "--facelets", "UUU"], "");
    assert_ne!(code, Some(0));
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn batches_and_the_repl_solve_optimally() {
    let (out, err, code) = run(
        &["solve", "--method", "optimal", "--batch", "-"],
        "R U R' U'\nF2 B2\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0].split_whitespace().count(), 4, "{out}");
    assert!(solves("F2 B2", lines[1]), "{out}");
    let (out, err, _) = run(&[], "R U2 D' B\nsolve optimal\nsolve optimal max 3\nshow\n");
    assert!(
        out.contains("4 moves in the half-turn metric, proven shortest"),
        "{out}\n{err}"
    );
    assert!(
        err.contains("max is for the two-phase and bfs solvers"),
        "{err}"
    );
}

#[test]
fn an_optimal_solve_of_a_solved_cube_is_the_empty_sequence_with_nothing_to_rule_out() {
    let solved = Cube::solved().facelets();
    for args in [
        &["solve", "--method", "optimal", "R R'"][..],
        &["solve", "--method", "optimal", "--facelets", &solved],
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(
            out, "0 moves in the half-turn metric, proven shortest (the cube is solved):\n\n",
            "{args:?}"
        );
    }
}

#[test]
fn an_optimal_batch_names_a_near_miss_facelet_string_and_reads_colour_letters() {
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::parse_moves("R U F'", cubework::Notation::Standard).unwrap())
        .unwrap();
    let state = cube.facelets();
    let colours = cubework::rep::RepKind::Vector
        .build(&cube)
        .unwrap()
        .render();
    let (out, err, code) = run(
        &["solve", "--method", "optimal", "--batch", "-"],
        &format!("{}\n{colours}\n", &state[1..]),
    );
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err.lines().next(),
        Some("cubework: line 1: facelet string has 53 characters, expected 54 (6 faces of 9)"),
        "{err}"
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    let mut c = cube.clone();
    c.apply_all(&cubework::parse_sequence(out.trim(), cubework::Notation::Standard).unwrap())
        .unwrap();
    assert!(c.is_solved(), "{out}");
}

#[test]
fn tables_lists_the_optimal_tables() {
    let (out, _, code) = run(&["tables"], "");
    assert_eq!(code, Some(0));
    for name in [" optimal ", " optimal-small "] {
        assert!(out.lines().any(|l| l.contains(name)), "{out}");
    }
    let (out, err, code) = run(&["tables", "build", "--optimal"], "");
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().find(|l| l.contains(" optimal-small ")).unwrap();
    assert!(row.contains("built") && row.contains("50,411,784"), "{out}");
}
