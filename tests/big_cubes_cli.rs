//! The 4×4×4 to 9×9×9 from the outside: the REPL's `size`, `scramble` and `solve`, the command
//! line's facelet strings and batches, and the one-line errors for states no turns reach.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use cubework::rep::RepKind;
use cubework::{Cube, Notation, parse_moves};

/// The cube after `moves` from solved, made on the nested representation (an independent
/// sticker model), then `then`: whether that is solved with every centre home.
fn solves(n: usize, moves: &str, then: &str) -> bool {
    let mut rep = RepKind::Nested.build(&Cube::solved_n(n)).unwrap();
    rep.apply_all(&parse_moves(moves, Notation::Standard).unwrap())
        .unwrap();
    rep.apply_all(&parse_moves(then, Notation::Standard).unwrap())
        .unwrap();
    rep.to_cube() == Cube::solved_n(n)
}

/// What follows `prefix` on the line that starts with it, and the line after the line that
/// starts with `header` (a solve's moves follow its summary line).
fn after<'a>(out: &'a str, prefix: &str) -> &'a str {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix}: {out}"));
    line.split_once(": ").unwrap().1
}

fn moves_after<'a>(out: &'a str, header: &str, nth: usize) -> &'a str {
    let mut lines = out.lines();
    for _ in 0..=nth {
        lines.find(|l| l.contains(header)).expect(header);
    }
    lines.next().unwrap()
}

#[test]
fn the_repl_scrambles_and_solves_a_4x4x4_at_random_and_a_7x7x7_by_turns() {
    let (out, err, code) = common::session_with(
        common::cubework(),
        "size 4\nscramble random seed 5\nsolve\nsize 7\nscramble seed 9\nsolve\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let random = after(&out, "scramble random seed 5");
    let first = moves_after(&out, "reduction", 0);
    assert!(solves(4, random, first), "{out}");
    let turns = after(&out, "scramble 100 seed 9");
    let second = moves_after(&out, "reduction", 1);
    assert!(solves(7, turns, second), "{out}");
    // The answers say the metric they are counted in.
    assert!(
        out.contains("moves in the half-turn metric, reduction"),
        "{out}"
    );
}

#[test]
fn hint_follows_a_big_cube_solution_one_move_at_a_time() {
    let (out, err, code) = common::session_with(
        common::cubework(),
        "size 5\nscramble 20 seed 1\nhint\nhint apply\nhint\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint")).collect();
    assert_eq!(hints.len(), 3, "{out}");
    assert!(hints[0].contains("reduction solution"), "{out}");
    // The hint after the first applied is the plan's second move.
    let second_of_first = hints[0].split("; then ").nth(1).unwrap().split(' ').next();
    let next = hints[2].strip_prefix("hint: ").unwrap().split(' ').next();
    assert_eq!(second_of_first, next, "{out}");
}

#[test]
fn the_command_line_solves_facelet_strings_of_every_size_from_4_to_9() {
    for n in 4..=9 {
        let mut cube = Cube::solved_n(n);
        let scramble = format!("R {}U' F2 {}L Bw D", n - 1, n / 2);
        cube.apply_all(&parse_moves(&scramble, Notation::Standard).unwrap())
            .unwrap();
        let (out, err, code) = common::run_with(
            common::cubework(),
            &["solve", "--facelets", &cube.facelets()],
        );
        assert_eq!(code, Some(0), "{n}: {err}");
        let answer = out.lines().last().unwrap();
        assert!(solves(n, &scramble, answer), "{n}: {out}");
    }
}

#[test]
fn a_batch_of_big_cubes_answers_one_line_per_line_and_names_the_bad_ones() {
    let mut lines = Vec::new();
    let mut scrambles = Vec::new();
    for n in [4, 5, 6, 9] {
        let mut cube = Cube::solved_n(n);
        let scramble = format!("Rw U {}F' D2", n - 2);
        cube.apply_all(&parse_moves(&scramble, Notation::Standard).unwrap())
            .unwrap();
        lines.push(cube.facelets());
        scrambles.push((n, scramble));
    }
    // A 4×4×4 one letter short, and a 3×3×3 by moves.
    lines.insert(2, Cube::solved_n(4).facelets()[1..].to_string());
    lines.push("R U".to_string());
    let input = lines.join("\n") + "\n";
    let (out, err, code) = common::outcome(
        common::cubework()
            .args(["solve", "--batch", "-"])
            .write_stdin(input)
            .output()
            .unwrap(),
    );
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), lines.len(), "{out}");
    assert_eq!(code, Some(2), "{err}");
    assert!(answers[2].is_empty());
    assert!(
        err.contains("line 3: facelet string has 95 characters, expected 96"),
        "{err}"
    );
    let big: Vec<&str> = [0, 1, 3, 4].iter().map(|&i| answers[i]).collect();
    for ((n, scramble), answer) in scrambles.iter().zip(big) {
        assert!(solves(*n, scramble, answer), "{n}: {out}");
    }
    assert!(solves(3, "R U", answers[5]));
}

#[test]
fn states_no_turns_reach_are_one_line_errors_that_say_what_is_wrong() {
    let solved = Cube::solved_n(4).facelets();
    // A centre sticker and an edge sticker of another colour swapped: the counts of each
    // colour are right, but the centres hold five of one colour.
    let mut swapped: Vec<char> = solved.chars().collect();
    let (centre, edge) = (5, 16 + 1); // U row 2 column 2; R row 1 column 2.
    swapped.swap(centre, edge);
    let swapped: String = swapped.into_iter().collect();
    // Two corners' stickers swapped in place: a twisted corner.
    let mut cube = Cube::solved_n(5);
    cube.apply_all(&parse_moves("R U R' U'", Notation::Standard).unwrap())
        .unwrap();
    let mut twisted: Vec<char> = cube.facelets().chars().collect();
    let (a, b) = (24, 25); // U's last sticker and R's first: one corner's
    twisted.swap(a, b);
    let twisted: String = twisted.into_iter().collect();
    for (state, says) in [
        (swapped.as_str(), "centre stickers"),
        (&solved[2..], "characters, expected 96"),
        (twisted.as_str(), "corner"),
    ] {
        let (out, err, code) =
            common::run_with(common::cubework(), &["solve", "--facelets", state]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn solve_size_n_solves_the_cube_alg_makes_at_that_size_and_a_bad_facelet_length_names_the_good_ones()
 {
    for (n, scramble) in [(4, "Rw U"), (5, "R 3Uw F'"), (2, "R U F")] {
        let size = n.to_string();
        let (out, err, code) =
            common::run_with(common::cubework(), &["solve", "--size", &size, scramble]);
        assert_eq!(code, Some(0), "{n}: {err}");
        let answer = out.lines().last().unwrap();
        assert!(solves(n, scramble, answer), "{n}: {out}");
    }
    let (out, err, code) = common::run_with(common::cubework(), &["solve", "--facelets", "UUUU"]);
    assert_eq!((out.as_str(), code), ("", Some(2)), "{err}");
    common::assert_one_line(
        &err,
        "the facelet string has 4 characters; a cube's has 6·N² (6 faces of N×N): 24, 54, 96, 150, 216, 294, 384, 486",
        "",
    );
}

#[test]
fn solve_alg_in_a_session_of_another_size_than_3_solves_the_cube_alg_makes_at_that_size() {
    let (out, err, code) = common::session_with(
        common::cubework(),
        "size 4\nsolve Uw R\nsize 5\nsolve 3Rw U\nsize 2\nsolve R U\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let four = moves_after(&out, "reduction", 0);
    assert!(solves(4, "Uw R", four), "{out}");
    assert!(
        solves(5, "3Rw U", moves_after(&out, "reduction", 1)),
        "{out}"
    );
    assert!(
        solves(2, "R U", moves_after(&out, "an optimal solution", 0)),
        "{out}"
    );
    // The command line's `solve --size 4 ALG` is the same solve: the same answer.
    let cli = common::cubework()
        .args(["solve", "--size", "4", "Uw R"])
        .output()
        .unwrap();
    let cli = String::from_utf8(cli.stdout).unwrap();
    assert_eq!(moves_after(&cli, "reduction", 0), four, "{cli}");
}

#[test]
fn solve_in_qtm_is_refused_on_every_size_two_phase_ends_and_a_batch_says_so_before_solving() {
    let (out, err, _) =
        common::session_with(common::cubework(), "size 4\nsolve qtm Rw U\nsolve qtm\n");
    let out = format!("{out}{err}");
    assert_eq!(
        out.matches(
            "the reduction of the 4×4×4 to 9×9×9 counts in the half-turn metric (htm) only, not qtm"
        )
        .count(),
        2,
        "{out}"
    );
    let mut cmd = common::cubework();
    cmd.args(["solve", "--batch", "-", "--size", "4", "--metric", "qtm"]);
    let (_, err, code) = common::session_with(cmd, "Rw U\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("counts in the half-turn metric (htm) only, not qtm"),
        "{err}"
    );
}

#[test]
fn a_batch_refuses_a_size_its_method_does_not_solve_before_building_any_table() {
    for (size, method) in [("4", "optimal"), ("2", "optimal"), ("5", "beginner")] {
        // A cache directory of its own, empty: a table built would be written there.
        let dir = tempfile::tempdir().unwrap();
        let mut cmd = common::cubework();
        cmd.env("CUBEWORK_CACHE_DIR", dir.path())
            .args(["solve", "--batch", "-", "--size", size, "--method", method])
            .timeout(std::time::Duration::from_secs(60));
        let (out, err, code) = common::session_with(cmd, "Rw U\n");
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(
            err.contains(&format!(
                "the {method} method does not solve the {size}×{size}×{size} (--size {size})"
            )),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
        let built: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(built.is_empty(), "{built:?}");
    }
}

/// The length of the reduction's answer `out` shows (`N moves in the half-turn metric,
/// reduction …`).
fn reduction_length(out: &str) -> u64 {
    let line = out
        .lines()
        .find(|l| l.contains("moves in the half-turn metric, reduction"))
        .unwrap_or_else(|| panic!("no reduction answer: {out}"));
    line.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_length_bound_holds_on_the_big_cubes_too_and_an_answer_over_it_is_an_error_naming_both() {
    let scramble = "R U' 2Rw F2 3Uw L' Bw D 2Fw' R2 Lw";
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--size", "5"];
        args.extend_from_slice(extra);
        args.push(scramble);
        common::outcome(common::cubework().args(&args).output().unwrap())
    };
    let (out, err, code) = solve(&[]);
    assert_eq!(code, Some(0), "{err}");
    let length = reduction_length(&out);
    assert!(length > 20, "{out}");
    // A bound one move short of the answer: refused, both numbers named, nothing printed.
    if length <= 256 {
        let short = (length - 1).to_string();
        let r = solve(&["--max-length", &short]);
        common::assert_refused(
            &r,
            2,
            &format!(
                "the reduction solution found has {length} moves, more than the limit of {short}: allow more moves (--max-length N)"
            ),
            "",
        );
    }
    // A bound the answer meets: the answer, as without one.
    if length <= 255 {
        let (out, err, code) = solve(&["--max-length", &length.to_string()]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(reduction_length(&out), length, "{out}");
    }
    // The REPL's `solve max N` is held to it the same way, and the session goes on.
    let (out, err, code) = common::session_with(
        common::cubework(),
        &format!("size 5\n{scramble}\nsolve max 20\nsolve\n"),
    );
    assert_eq!(code, Some(2), "{err}");
    common::assert_one_line(
        &err,
        &format!(
            "error: line 3: the reduction solution found has {length} moves, more than the limit of 20: allow more moves (solve max N)"
        ),
        "",
    );
    assert_eq!(reduction_length(&out), length, "{out}");
}
