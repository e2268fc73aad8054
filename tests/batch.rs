//! `cubework solve --batch` from the outside, line by line: each input line is one state
//! (lines are never joined), and each gets exactly one output line in its place.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use cubework::{Cube, Notation};

/// The cube `state` names: a facelet string, or moves from solved.
fn cube_of(state: &str) -> Cube {
    if state.len() == 54 && !state.contains(' ') {
        return Cube::from_facelets(state).unwrap();
    }
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::parse_moves(state, Notation::Standard).unwrap())
        .unwrap();
    cube
}

/// Whether `moves` solve `state`.
fn solves(state: &str, moves: &str) -> bool {
    let mut cube = cube_of(state);
    cube.apply_all(&cubework::parse_moves(moves, Notation::Standard).unwrap())
        .unwrap();
    cube.is_solved()
}

/// `cubework solve --method beginner --batch -` on `input`: stdout, stderr, status.
fn beginner_batch(input: &str) -> (String, String, Option<i32>) {
    let out = common::cubework_in("cubework-test-batch")
        .args(["solve", "--method", "beginner", "--batch", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    common::outcome(out)
}

#[test]
fn an_unclosed_bracket_in_a_batch_is_its_own_lines_error_and_the_lines_after_it_are_answered() {
    let states = ["(R U", "R", "U", "F"];
    let (out, err, code) = beginner_batch(&(states.join("\n") + "\n"));
    assert_eq!(code, Some(2), "{err}");
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(
        err[0], "cubework: line 1: '(' at column 1 is never closed",
        "{err:?}"
    );
    assert!(err[1].starts_with("3 states solved, 1 failed;"), "{err:?}");
    assert_eq!(err.len(), 2, "{err:?}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "", "{out}");
    for (state, line) in states.iter().zip(&lines).skip(1) {
        assert!(solves(state, line), "{state}: {line}");
    }
    // A bracket opened on one line and closed on the next: two bad lines, never one state.
    let (out, err, code) = beginner_batch("(R U\nF)2\nR3\n");
    assert_eq!(code, Some(2), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[..2], ["", ""], "{out}");
    assert!(solves("R3", lines[2]), "{out}");
    assert!(err.starts_with("cubework: line 1: '(' at column 1 is never closed\n"));
    assert!(err.contains("\ncubework: line 2: "), "{err}");
    assert!(err.contains("1 state solved, 2 failed;"), "{err}");
}

#[test]
fn every_batch_line_gets_exactly_one_output_line_in_its_place() {
    let solved = Cube::solved().facelets();
    let after_ruf = cube_of("R U F").facelets();
    // The UF edge flipped: read, but no turning reaches it.
    let mut flipped: Vec<char> = solved.chars().collect();
    flipped.swap(7, 19);
    let flipped: String = flipped.into_iter().collect();
    let lines = [
        "R U F",
        "",
        "# a comment",
        "R Q",
        &after_ruf[1..],
        &flipped,
        "F R2 F' U2 B D2",
        &solved,
        "   ",
        "L D'",
    ];
    // Which lines are answered by a solution; every other line's answer is empty.
    let answered = [
        true, false, false, false, false, false, true, true, false, true,
    ];
    let input = lines.join("\n") + "\n";
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("states.txt");
    std::fs::write(&file, &input).unwrap();
    for source in [file.to_str().unwrap(), "-"] {
        let out = common::cubework_in("cubework-test-batch")
            .args(["solve", "--method", "beginner", "--batch", source])
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        let (out, err, code) = common::outcome(out);
        assert_eq!(code, Some(2), "{source}: {err}");
        // `paste states.txt answers.txt` lines up.
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), lines.len(), "{source}: {out:?}");
        assert!(out.ends_with('\n'), "{source}: {out:?}");
        for (i, ((state, answer), solved)) in lines.iter().zip(&answers).zip(answered).enumerate() {
            if solved {
                assert!(solves(state, answer), "{source}: line {}: {answer}", i + 1);
            } else {
                assert_eq!(*answer, "", "{source}: line {}", i + 1);
            }
        }
        // The solved cube's answer is empty too: no moves.
        assert_eq!(answers[7], "", "{source}");
        let err: Vec<&str> = err.lines().collect();
        assert_eq!(err.len(), 4, "{source}: {err:?}");
        assert!(
            err[0].starts_with("cubework: line 4: unknown move 'Q'"),
            "{err:?}"
        );
        assert_eq!(
            err[1],
            "cubework: line 5: facelet string has 53 characters, expected 54 (6 faces of 9)"
        );
        assert!(err[2].starts_with("cubework: line 6: "), "{err:?}");
        assert!(err[3].starts_with("4 states solved, 3 failed;"), "{err:?}");
    }
}
