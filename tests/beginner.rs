//! The beginner's method end to end: `cubework solve --method beginner` (one state, facelets,
//! batches) and the REPL's `solve beginner`, `step` and `stage?`.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use cubework::solve::search::beginner::Stage;
use cubework::{Cube, Notation, parse_moves, parse_sequence};

mod common;
use common::cubework;

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    common::run_with(cubework(), args)
}

fn state(alg: &str) -> Cube {
    let mut cube = Cube::solved();
    cube.apply_all(&parse_sequence(alg, Notation::Standard).unwrap())
        .unwrap();
    cube
}

/// The stages' names in order, as the answers print them (the unit test
/// `stage_names_say_the_colours` holds them to their words).
fn stages() -> [&'static str; 7] {
    Stage::ALL.map(Stage::name)
}

/// Checks the printed answer for `cube`: seven stage lines whose moves and counts agree and
/// solve it, then the simplified solution alone on the last line, which solves it too.
fn check_answer(stdout: &str, cube: &Cube) {
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 9, "{stdout}");
    let mut made = cube.clone();
    for (i, name) in stages().iter().enumerate() {
        let prefix = format!("{}. {name} ", i + 1);
        let line = lines[i];
        assert!(line.starts_with(&prefix), "{line}");
        let rest = line[prefix.len()..].trim_start();
        let (count, moves) = rest.split_once("  ").unwrap();
        let moves = if moves == "—" {
            Vec::new()
        } else {
            parse_moves(moves, Notation::Standard).unwrap()
        };
        let turns = moves
            .iter()
            .filter(|m| !matches!(m.turn, cubework::Turn::Rotation(_)))
            .count();
        assert_eq!(count.parse::<usize>().unwrap(), turns, "{line}");
        made.apply_all(&moves).unwrap();
    }
    assert!(made.is_solved(), "{stdout}");
    assert!(lines[7].contains("simplified"), "{}", lines[7]);
    let mut simplified = cube.clone();
    simplified
        .apply_all(&parse_moves(lines[8], Notation::Standard).unwrap())
        .unwrap();
    assert_eq!(simplified, Cube::solved(), "{stdout}");
}

#[test]
fn solve_by_stages_from_moves_and_facelets() {
    let scramble = "D' R2 U F' L B2 D R' F2 U' L2 B R";
    let (stdout, stderr, code) = run(&["solve", "--method", "beginner", scramble]);
    assert_eq!(code, Some(0), "{stderr}");
    check_answer(&stdout, &state(scramble));
    // The same state as a facelet string gives the same answer.
    let facelets = state(scramble).facelets();
    let (again, _, _) = run(&["solve", "--method", "beginner", "--facelets", &facelets]);
    assert_eq!(again, stdout);
    // The notes' notation: dots between moves, typographic apostrophes.
    let (dotted, _, _) = run(&[
        "solve",
        "--method",
        "beginner",
        "D'.R2.U.Fʼ.L.B2.D.Rʼ.F2.Uʼ.L2.B.R",
    ]);
    assert_eq!(dotted, stdout);
    // Solved already: every stage empty, and an empty last line.
    let solved_facelets = Cube::solved().facelets();
    let (solved, _, code) = run(&[
        "solve",
        "--method",
        "beginner",
        "--facelets",
        &solved_facelets,
    ]);
    assert_eq!(code, Some(0));
    assert!(
        solved.lines().take(7).all(|l| l.ends_with("0  —")),
        "{solved}"
    );
    assert!(solved.ends_with(":\n\n"), "{solved:?}");
}

#[test]
fn special_states_on_the_command_line() {
    for alg in [
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", // superflip
        "TWIST",
        "x y R U",
    ] {
        let (stdout, stderr, code) = run(&["solve", "--method", "beginner", alg]);
        assert_eq!(code, Some(0), "{alg}: {stderr}");
        let cube = state(alg);
        let lines: Vec<&str> = stdout.lines().collect();
        let mut simplified = cube.clone();
        simplified
            .apply_all(&parse_moves(lines[8], Notation::Standard).unwrap())
            .unwrap();
        assert!(simplified.is_solved(), "{alg}");
    }
}

#[test]
fn bad_states_are_one_line_errors() {
    let mut flipped: Vec<char> = Cube::solved().facelets().chars().collect();
    flipped.swap(5, 10);
    let flipped: String = flipped.into_iter().collect();
    for (args, message) in [
        (
            vec!["solve", "--method", "beginner", "--facelets", &flipped],
            "flipped",
        ),
        (
            vec!["solve", "--method", "beginner", "R Q"],
            "unknown move 'Q'",
        ),
        (
            vec!["solve", "--method", "beginner", "--facelets", "UUU"],
            "3 characters",
        ),
        // Every method solves batches (bfs too, since one solver interface serves them
        // all); a limit the method does not take is still refused before any line is read.
        (
            vec![
                "solve",
                "--method",
                "beginner",
                "--max-length",
                "5",
                "--batch",
                "-",
            ],
            "--max-length for two-phase and bfs",
        ),
    ] {
        common::assert_refused(&run(&args), 2, message, format_args!("{args:?}: "));
    }
}

#[test]
fn batch_of_states() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("states.txt");
    let facelets = state("R U F").facelets();
    std::fs::write(
        &file,
        format!("# three states and a bad one\nR U R' U'\n\n{facelets}\nR Q\nF.R.U.Rʼ.Uʼ.Fʼ\n"),
    )
    .unwrap();
    let (stdout, stderr, code) = run(&[
        "solve",
        "--method",
        "beginner",
        "--batch",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "one line failed");
    // One line for each line: the comment, the blank line and the bad line empty.
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{stdout}");
    assert_eq!([lines[0], lines[2], lines[4]], ["", "", ""], "{stdout}");
    let solutions = [lines[1], lines[3], lines[5]];
    for (alg, solution) in ["R U R' U'", "R U F", "F R U R' U' F'"]
        .iter()
        .zip(&solutions)
    {
        let mut cube = state(alg);
        cube.apply_all(&parse_moves(solution, Notation::Standard).unwrap())
            .unwrap();
        assert_eq!(cube, Cube::solved(), "{alg}");
    }
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{stderr}");
    assert_eq!(errors[0], "cubework: line 5: unknown move 'Q' at column 3");
    assert!(
        errors[1].starts_with("3 states solved, 1 failed; median "),
        "{stderr}"
    );
    // From standard input, all good: status 0.
    let out = common::output(
        cubework()
            .args(["solve", "--method", "beginner", "--batch", "-"])
            .write_stdin("R U\nL D'\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
    // A file that cannot be read is bad input, as for `run FILE`.
    let (stdout, stderr, code) =
        run(&["solve", "--method", "beginner", "--batch", "/nonexistent/x"]);
    assert_eq!((stdout.as_str(), code), ("", Some(2)));
    assert_eq!(
        stderr,
        "cubework: cannot read /nonexistent/x: no such file or directory\n"
    );
}

fn session(input: &str) -> (String, String, Option<i32>) {
    common::session_with(cubework(), input)
}

#[test]
fn repl_steps_a_learner_through_the_stages() {
    let mut script = String::from("D' R2 U F' L B2 D R' F2 U' L2 B R\nstage?\n");
    script.push_str(&"step\n".repeat(7));
    script.push_str("solved?\nstep\nundo\nstage?\nredo\nshow facelets\nhistory\n");
    let (stdout, stderr, code) = session(&script);
    assert_eq!(code, Some(0), "{stderr}");
    // Before: nothing done.
    common::assert_has(&stdout, "next, 1 of 4 edges home\n2. white corners");
    // Each step says its stage and moves, in order.
    let steps: Vec<&str> = stdout
        .lines()
        .filter(|l| l.as_bytes()[0].is_ascii_digit() && l.contains(" move") && l.contains("): "))
        .collect();
    assert_eq!(steps.len(), 7, "{stdout}");
    for (line, name) in steps.iter().zip(stages()) {
        assert!(line[3..].starts_with(name), "{line}");
    }
    assert!(stdout.contains("\nyes\n"), "solved after seven steps");
    assert!(stdout.contains("solved: all seven stages done"));
    // Undo takes back the last stage only.
    common::assert_has(&stdout, "7. blue corners oriented    next, ");
    assert!(stdout.contains("next: blue corners oriented"), "{stdout}");
    // Redone, the cube is solved (held blue up, as the learner holds it).
    let facelets = stdout
        .lines()
        .find(|l| l.len() == 54 && Cube::from_facelets(l).is_ok_and(|c| c.is_solved()));
    assert!(facelets.is_some(), "{stdout}");
    common::assert_has(&stdout, "  8  step 7. blue corners oriented");
}

#[test]
fn repl_solve_beginner_shows_each_stage_with_its_cube() {
    let (stdout, stderr, code) =
        session("rep numeric\nsolve beginner R U F\nstep\nrep composite\nstep\nstep\n");
    assert_eq!(code, Some(0), "{stderr}");
    // Seven stages, each followed by the numeric display of the cube after it.
    for (i, name) in stages().iter().enumerate() {
        assert!(stdout.contains(&format!("{}. {name} (", i + 1)), "{name}");
    }
    let last_solution = stdout
        .lines()
        .skip_while(|l| !l.contains("simplified"))
        .nth(1)
        .unwrap();
    let mut cube = state("R U F");
    cube.apply_all(&parse_moves(last_solution, Notation::Standard).unwrap())
        .unwrap();
    assert_eq!(cube, Cube::solved());
    // `solve beginner` leaves the session's cube alone: `step` on the solved cube says so;
    // steps then work in every representation, the composite one included.
    assert!(stdout.contains("solved: all seven stages done"), "{stdout}");
    let (stdout, stderr, code) =
        session("R U F\nrep composite\nstep\nstep\nstep\nstep\nstep\nstep\nstep\nsolved?\n");
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.ends_with("yes\n"), "{stdout}");
}

#[test]
fn repl_refuses_impossible_cubes_and_keeps_going() {
    let mut flipped: Vec<char> = Cube::solved().facelets().chars().collect();
    flipped.swap(5, 10);
    let flipped: String = flipped.into_iter().collect();
    let (stdout, stderr, code) = session(&format!(
        "load {flipped}\nstage?\nstep\nsolve beginner\nsolve beginner Q\nR\nshow facelets\n"
    ));
    assert_eq!(code, Some(2));
    // `load` takes it with a note naming the fault; the three that need a real cube refuse it.
    let (notes, errors): (Vec<&str>, Vec<&str>) =
        stderr.lines().partition(|l| l.starts_with("note: "));
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(
        notes[0].contains("an edge has been flipped in place"),
        "{stderr}"
    );
    assert_eq!(errors.len(), 3, "{stderr}");
    assert!(errors.iter().all(|l| l.starts_with("error: ")), "{stderr}");
    assert!(stderr.contains("flipped"), "{stderr}");
    assert!(stdout.contains("next: white cross"), "{stdout}");
}

#[test]
fn hint_after_step_goes_on_with_the_beginners_method_to_the_end() {
    // After the white cross is made, each hint is the next move of the beginner's method from
    // there (it says so), and following them keeps the cross and finishes the cube.
    let mut script = String::from("R U F' L2 D B R2\nstep\nhint\n");
    script.push_str(&"hint apply\n".repeat(300));
    script.push_str("solved?\n");
    let out = cubework().write_stdin(script).output().unwrap();
    common::assert_success(&out, "");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let hint = stdout
        .lines()
        .find(|l| l.starts_with("hint: "))
        .unwrap_or_else(|| panic!("no hint in {stdout}"));
    assert!(hint.contains("beginner's solution"), "{hint}");
    assert!(
        stdout.contains("\nyes\n") || stdout.ends_with("yes\n"),
        "{stdout}"
    );
}
