//! What cubers paste: cubing.js's spellings read by the command line, the REPL and session and
//! batch files — comments, any whole amount, counted lowercase wide moves, sequences that
//! span lines (not in a batch, where each line is one state).
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;

fn cubework() -> Command {
    common::cubework_in("cubework-pasted")
}

fn facelets(args: &[&str]) -> String {
    let out = cubework()
        .arg("apply")
        .args(["--show", "facelets"])
        .args(args)
        .output()
        .unwrap();
    common::assert_success(&out, format_args!("{args:?}: "));
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

#[test]
fn the_issues_examples() {
    assert_eq!(
        facelets(&["R U R' U' // sexy move"]),
        facelets(&["R U R' U'"])
    );
    assert_eq!(facelets(&["R3"]), facelets(&["R'"]));
    assert_eq!(
        facelets(&["--size", "4", "3r"]),
        facelets(&["--size", "4", "3Rw"])
    );
    assert_eq!(facelets(&["U4 (R U)0 R5'"]), facelets(&["R'"]));
}

#[test]
fn expand_keeps_comments_and_simplify_drops_them() {
    let out = cubework()
        .args(["expand", "[R, U] // sexy move"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().last(),
        Some("R U R' U' // sexy move"),
        "{text}"
    );
    let out = common::output(cubework().args(["simplify", "R3 R3 // x"]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("R2"), "{text}");
}

#[test]
fn session_files_read_algorithms_across_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("session.txt");
    std::fs::write(
        &file,
        "// a pasted algorithm\n[R U,\n  F] // a comment\n(D\nL)2\nshow facelets\n",
    )
    .unwrap();
    let out = cubework().arg("run").arg(&file).output().unwrap();
    common::assert_success(&out, "");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().last().unwrap(), facelets(&["[R U, F] (D L)2"]));
    // An error in a statement names its first line.
    std::fs::write(&file, "R\n[U,\n Q]\n").unwrap();
    let out = cubework().arg("run").arg(&file).output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: line 2: unknown move 'Q'"), "{err}");
}

#[test]
fn a_batch_file_reads_one_state_a_line_never_a_sequence_across_lines() {
    // A pasted two-line algorithm in a batch: two bad lines, each answered by an empty line.
    let out = common::output(
        cubework()
            .args(["solve", "--method", "beginner", "--batch", "-"])
            .write_stdin("(R U\nF)2 // two lines, two states\nR3\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "one line for each line: {text}");
    assert_eq!(lines[..2], ["", ""], "{text}");
    assert!(!lines[2].is_empty(), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    common::assert_starts(
        &err,
        "cubework: line 1: '(' at column 1 is never closed\ncubework: line 2: ",
    );
}

/// A piped session and the same lines run as a session file: (stdout, stderr, status).
fn piped_and_run(session: &str) -> [(String, String, Option<i32>); 2] {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("session.txt");
    std::fs::write(&file, session).unwrap();
    let piped = cubework().write_stdin(session).output().unwrap();
    let run = cubework().arg("run").arg(&file).output().unwrap();
    [piped, run].map(common::outcome)
}

#[test]
fn an_open_bracket_does_not_swallow_the_commands_after_it() {
    let after_r = facelets(&["R"]);
    for (out, err, code) in piped_and_run("R (U\nreset\nR\nshow facelets\nquit\nU\n") {
        assert_eq!(err, "error: line 1: '(' at column 3 is never closed\n");
        assert_eq!(out.lines().last(), Some(after_r.as_str()), "{out}");
        assert_eq!(code, Some(2));
    }
    // Piped lines are never joined: each open bracket is its own line's error. A session
    // file joins `[F,` (which does not parse alone) to the open `(U`, never `D2`, which
    // does: in both, the moves after the brackets run.
    let after_r_d2 = facelets(&["R", "D2"]);
    let [piped, run] = piped_and_run("R\n(U\n[F,\nD2\n\nshow facelets\n");
    assert_eq!(
        piped.1,
        "error: line 2: '(' at column 1 is never closed\nerror: line 3: '[' at column 1 is never closed\n"
    );
    assert_eq!(run.1, "error: line 3: '[' at column 1 is never closed\n");
    for (out, _, _) in [piped, run] {
        assert_eq!(out.lines().last(), Some(after_r_d2.as_str()), "{out}");
    }
}

#[test]
fn an_unclosed_bracket_in_piped_lines_is_its_own_lines_error_and_the_moves_after_it_run() {
    let [(out, err, code), run] = piped_and_run("[R, U\nR\n[R, U\nU R]\nU2\nshow facelets\n");
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(err.len(), 3, "{err:?}");
    assert_eq!(err[0], "error: line 1: '[' at column 1 is never closed");
    assert_eq!(err[1], "error: line 3: '[' at column 1 is never closed");
    // The stray bracket's column is within its own line, four characters long.
    assert!(
        err[2].starts_with("error: line 4: unexpected ']' at column 4"),
        "{err:?}"
    );
    assert_eq!(
        out.lines().last(),
        Some(facelets(&["R U2"]).as_str()),
        "{out}"
    );
    assert_eq!(code, Some(2));
    // A session file joins `U R]`, which does not parse alone, to the open `[R, U`; never
    // `R`, which does.
    let (out, err, _) = run;
    assert_eq!(err, "error: line 1: '[' at column 1 is never closed\n");
    let joined = facelets(&["R [R, U U R] U2"]);
    assert_eq!(out.lines().last(), Some(joined.as_str()), "{out}");
}

#[test]
fn an_open_bracket_in_a_batch_loses_no_state_after_it() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let out = common::output(
        cubework()
            .args(["solve", "--method", "beginner", "--batch", "-"])
            .write_stdin(format!("R U F\n(R U\nD2 L\n{solved}\nB' R\n(F\n\nR2\n")),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(
        err[..2],
        [
            "cubework: line 2: '(' at column 1 is never closed",
            "cubework: line 6: '(' at column 1 is never closed",
        ]
    );
    assert!(err[2].starts_with("5 states solved, 2 failed;"), "{err:?}");
    assert_eq!(err.len(), 3, "{err:?}");
    // One line for each line: R U F, the bad line 2, D2 L, the facelets (an empty solution),
    // B' R, the bad line 6, the blank line and R2.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    let empty: Vec<usize> = (0..8).filter(|&i| lines[i].is_empty()).collect();
    assert_eq!(empty, [1, 3, 5, 6], "{text}");
    assert_eq!(out.status.code(), Some(2));
}
