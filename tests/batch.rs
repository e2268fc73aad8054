//! `cubework solve --batch` from the outside, line by line: each input line is one state
//! (lines are never joined), each gets exactly one output line in its place, and output that
//! cannot be written whole leaves no part of a line behind.
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

/// Only the file-size limit (`ulimit -f`) of the process lets a test fill a "disk" part-way
/// through a line: a write past it writes what fits, and the next fails with EFBIG (the batch
/// ignores SIGXFSZ, which would otherwise kill it there).
#[cfg(target_os = "linux")]
#[test]
fn a_batch_whose_output_file_fills_up_leaves_only_whole_answer_lines() {
    use std::os::unix::process::CommandExt;

    // Twenty-four states, each with a solution of many moves.
    let turns = [
        "R", "U", "F'", "L2", "D", "B'", "R'", "U2", "F", "L'", "D2", "B",
    ];
    let states: Vec<String> = (0..24)
        .map(|i| {
            (0..6 + i % 5)
                .map(|j| turns[(i * 7 + j * 5) % turns.len()])
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("states.txt");
    std::fs::write(&input, states.join("\n") + "\n").unwrap();
    let args = ["solve", "--method", "beginner", "--batch"];
    let full = common::cubework_in("cubework-test-batch")
        .args(args)
        .arg(&input)
        .output()
        .unwrap();
    common::assert_success(&full, "the whole batch: ");
    let full = String::from_utf8(full.stdout).unwrap();
    let answers: Vec<&str> = full.lines().collect();
    assert_eq!(answers.len(), states.len());
    // The limit halfway through line 11's answer.
    let whole: usize = answers[..10].iter().map(|l| l.len() + 1).sum();
    assert!(answers[10].len() > 10, "{}", answers[10]);
    for before in ["", "an earlier line\n"] {
        let limit = (before.len() + whole + answers[10].len() / 2) as u64;
        let output = tmp.path().join("answers.txt");
        std::fs::write(&output, before).unwrap();
        // Appended to what was there (`>>`), or written from the start (`>`).
        let file = std::fs::OpenOptions::new()
            .append(!before.is_empty())
            .write(true)
            .open(&output)
            .unwrap();
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubework"));
        cmd.args(args)
            .arg(&input)
            .env("NO_COLOR", "1")
            .env("CUBEWORK_DATA_DIR", tmp.path().join("data"))
            .env("CUBEWORK_CACHE_DIR", tmp.path().join("cache"))
            .stdout(file);
        // SAFETY: setrlimit is async-signal-safe, and touches only this child.
        unsafe {
            cmd.pre_exec(move || {
                let rlimit = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &rlimit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let out = cmd.output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        let written = std::fs::read_to_string(&output).unwrap();
        let written = written
            .strip_prefix(before)
            .expect("what was in the file before is kept");
        assert!(
            written.ends_with('\n'),
            "a cut line at the end: {written:?}"
        );
        let lines: Vec<&str> = written.lines().collect();
        assert_eq!(lines, answers[..10], "every line written is a whole answer");
        for (state, line) in states.iter().zip(&lines) {
            assert!(solves(state, line), "{state}: {line}");
        }
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(
            err,
            "cubework: cannot write the output: file too large (line 11's answer was cut short and taken back)\n"
        );
    }
}

#[test]
fn a_line_over_a_mebibyte_or_holding_a_nul_byte_is_its_own_error_and_the_lines_after_it_are_answered()
 {
    let long = "R ".repeat(600_000); // 1.2 MB: over the limit of a line
    let input = format!("R\n{long}\nU\0F\nF\n\nU2\n");
    let (out, err, code) = common::outcome(
        common::cubework_in("cubework-test-batch")
            .args(["solve", "--method", "beginner", "--batch", "-"])
            .write_stdin(input.into_bytes())
            .output()
            .unwrap(),
    );
    assert_eq!(code, Some(2), "{err}");
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(
        err[..2],
        [
            "cubework: line 2 is longer than the limit of 1 MiB (1,048,576 bytes)",
            "cubework: line 3 holds a NUL byte, which no text has",
        ],
        "{err:?}"
    );
    assert!(err[2].starts_with("3 states solved, 2 failed;"), "{err:?}");
    // Six lines in, six out: the bad ones and the blank one empty, each in its place.
    let lines: Vec<&str> = out.split_terminator('\n').collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!([lines[1], lines[2], lines[4]], ["", "", ""], "{out}");
    for (state, line) in [("R", lines[0]), ("F", lines[3]), ("U2", lines[5])] {
        assert!(solves(state, line), "{state}: {line}");
    }
}

#[test]
fn a_batch_file_whose_lines_end_in_a_carriage_return_alone_is_read_line_by_line() {
    let states = ["R U", "F2", "L'"];
    for end in ["\r", "\r\n", "\n"] {
        let (out, err, code) = beginner_batch(&(states.join(end) + end));
        assert_eq!(code, Some(0), "{end:?}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{end:?}: {out}");
        for (state, line) in states.iter().zip(&lines) {
            assert!(solves(state, line), "{end:?} {state}: {line}");
        }
    }
}

/// The `n`×`n`×`n` made by `scramble` from solved, as a facelet string.
fn facelets_of(n: usize, scramble: &str) -> String {
    let mut cube = Cube::solved_n(n);
    cube.apply_all(&cubework::parse_moves(scramble, Notation::Standard).unwrap())
        .unwrap();
    cube.facelets()
}

/// Whether `moves` solve the `n`×`n`×`n` whose facelet string is `facelets`.
fn solves_facelets(n: usize, facelets: &str, moves: &str) -> bool {
    let mut cube = Cube::from_facelets_n(facelets, n).unwrap();
    cube.apply_all(&cubework::parse_moves(moves, Notation::Standard).unwrap())
        .unwrap();
    cube.is_solved()
}

#[test]
fn a_batch_line_of_twenty_four_facelet_letters_is_a_two_by_two_solved_as_one() {
    let pocket = facelets_of(2, "R U F' R2 U'");
    let lines = [pocket.as_str(), "R U", "R Q U", &pocket[1..]];
    let input = lines.join("\n") + "\n";
    let (out, err, code) = common::outcome(
        common::cubework()
            .args(["solve", "--batch", "-"])
            .write_stdin(input)
            .output()
            .unwrap(),
    );
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), lines.len(), "{out}{err}");
    assert_eq!(code, Some(2), "{err}");
    // A shortest 2×2×2 solution, not a 3×3×3's of the letters read as moves.
    assert!(solves_facelets(2, &pocket, answers[0]), "{out}");
    assert!(answers[0].split_whitespace().count() <= 5, "{out}");
    assert!(solves("R U", answers[1]), "{out}");
    assert!(answers[2].is_empty() && answers[3].is_empty(), "{out}");
    assert!(err.contains("line 3: "), "{err}");
    assert!(
        err.contains("line 4: facelet string has 23 characters, expected 24"),
        "{err}"
    );
    assert!(err.contains("2 states solved"), "{err}");
}

#[test]
fn solve_facelets_takes_a_two_by_two_as_hint_facelets_does() {
    let pocket = facelets_of(2, "R U F'");
    let out = common::cubework()
        .args(["solve", "--facelets", &pocket])
        .output()
        .unwrap();
    common::assert_success(&out, "solve --facelets of a 2×2×2: ");
    let answer = String::from_utf8(out.stdout).unwrap();
    let moves = answer.lines().last().unwrap_or_default();
    assert!(solves_facelets(2, &pocket, moves), "{answer}");
    let refused = common::outcome(
        common::cubework()
            .args(["solve", "--method", "optimal", "--facelets", &pocket])
            .output()
            .unwrap(),
    );
    common::assert_refused(&refused, 2, "2×2×2", "solve --method optimal on a 2×2×2: ");
}

#[test]
fn a_batch_of_dev_zero_stops_at_its_line_too_long_instead_of_reading_for_ever() {
    let out = common::cubework()
        .args(["solve", "--batch", "/dev/zero", "--method", "beginner"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "line 1 is longer than the limit of 1 MiB (1,048,576 bytes); reading stopped there"
        ),
        "{err}"
    );
}

#[test]
fn a_batch_of_no_states_says_so_plainly_and_succeeds() {
    for input in ["", "\n\n", "# only a comment\n\n"] {
        let (out, err, code) = beginner_batch(input);
        assert_eq!(code, Some(0), "{input:?}: {err}");
        // One output line for each input line, all empty, and one plain line on stderr.
        assert_eq!(out, "\n".repeat(input.lines().count()), "{input:?}");
        assert_eq!(
            err,
            "no states to solve: the input has no line of moves or facelets (blank lines and # comments are passed over)\n",
            "{input:?}"
        );
    }
}
