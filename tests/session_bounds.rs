//! What a session does with input too big or not meant for it — a history that expands past
//! the limit, a binary file, a file of errors — and the small wrongs of the answers around it.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use std::time::Duration;

mod common;

fn cubework() -> assert_cmd::Command {
    common::cubework()
}

/// stdout, stderr and status of `cubework run FILE` on a file holding `bytes`.
fn run_file(bytes: &[u8]) -> (String, String, Option<i32>) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("session.txt");
    std::fs::write(&file, bytes).unwrap();
    let out = cubework()
        .arg("run")
        .arg(&file)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    common::run_with(cubework(), args)
}

#[test]
fn invert_refuses_a_history_above_the_expansion_limit() {
    // Each line is a million moves, within the limit; the three together are not, and invert
    // would make them all at once. It says so, and the session goes on.
    let (out, err, code) =
        run_file(b"(R U)500000\n(R U)500000\n(R U)500000\ninvert\nreset\nR U\ninvert\nsolved?\n");
    assert_eq!(code, Some(2), "{err}");
    common::assert_one_line(
        &err,
        "line 4: invert: the moves since the session began expand to 3,000,000 moves, more than the limit of 1,000,000",
        "",
    );
    common::assert_has(&out, "invert (the moves since the last reset): U' R'");
    assert!(out.ends_with("yes\n"), "{out}");
}

#[test]
fn run_of_a_binary_file_stops_after_its_limit_of_failing_lines_in_a_row() {
    let mut bytes = b"R U\n".to_vec();
    bytes.extend((0..=255u8).cycle().take(1 << 16));
    let (out, err, code) = run_file(&bytes);
    assert_eq!(code, Some(2));
    assert!(err.lines().count() <= 101, "{err}");
    assert!(err.contains("failing lines in a row"), "{err}");
    assert!(!out.is_empty(), "the text before it ran");
}

#[test]
fn a_nul_byte_in_piped_input_is_its_own_lines_error_and_the_session_goes_on() {
    let out = cubework()
        .write_stdin(&b"R\0U\nsolved?\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    common::assert_one_line(&err, "line 1 holds a NUL byte, which no text has", "");
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.ends_with("yes\n"), "the next line ran: {out}");
}

#[cfg(unix)]
#[test]
fn run_of_dev_urandom_stops() {
    let out = cubework()
        .args(["run", "/dev/urandom"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.lines().count() <= 101, "{err}");
    assert!(
        err.contains("this is not a text file") || err.contains("failing lines in a row"),
        "{err}"
    );
}

#[test]
fn run_stops_after_a_hundred_failing_lines_in_a_row() {
    let (_, err, code) = run_file("Q\n".repeat(1000).as_bytes());
    assert_eq!(code, Some(2));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 101, "{err}");
    assert_eq!(
        lines[100],
        "error: stopped after 100 failing lines in a row (lines 1 to 100): this does not look like a session file"
    );
    // A line that works in between starts the count again.
    let text = format!("{}R\n{}show facelets\n", "Q\n".repeat(99), "Q\n".repeat(99));
    let (out, err, code) = run_file(text.as_bytes());
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 198, "{err}");
    assert!(out.ends_with("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\n"));
}

#[test]
fn invert_of_a_flat_sequence_says_its_inverse_once() {
    assert_eq!(run(&["invert", "R", "U"]).0, "U' R'\n");
    // A bracketed inverse still shows its expansion first.
    assert_eq!(
        run(&["invert", "[R, U]"]).0,
        "expanded: U R U' R'\n[U, R]\n"
    );
}

#[test]
fn invert_after_a_random_state_scramble_says_there_were_no_moves_to_invert() {
    let (_, err, code) = run_file(b"size 2\nscramble random seed 4\ninvert\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "line 3: nothing to invert: no moves since the random-state scramble, which set the state without turning it"
        ),
        "{err}"
    );
    assert!(!err.contains("reset or load"), "{err}");
}

#[test]
fn show_pieces_after_moves_does_not_say_there_were_none() {
    let (out, err, code) = run_file(b"R U\nshow pieces\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("pieces home"), "{out}");
    assert!(!out.contains("history: (none)"), "{out}");
}

#[test]
fn effect_takes_a_size_and_refuses_those_it_cannot_do() {
    let (out, _, code) = run(&["effect", "--size", "3", "R"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("R on the 3×3×3"), "{out}");
    for size in ["2", "4"] {
        let (out, err, code) = run(&["effect", "--size", size, "R"]);
        assert_eq!(code, Some(2));
        assert!(out.is_empty());
        let says = format!("effect is not for the {size}×{size}×{size}");
        common::assert_one_line(&err, &says, "");
    }
    let (_, err, _) = run_file(b"effect size 4 R\n");
    assert!(err.contains("line 1: effect is not for the 4×4×4"), "{err}");
}

#[test]
fn paper_and_compare_say_whose_machine_measured_them() {
    let cpu = cubework::base::simd::cpu_model();
    let path = cubework::base::simd::ShufflePath::detect().to_string();
    for args in [
        &["compare", "--turns", "200"][..],
        &["paper", "--turns", "100"][..],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            out.contains(&format!(
                "Measured on this machine: {cpu}, compiled turns taking the {path} path."
            )),
            "{args:?}: {out}"
        );
        assert!(out.contains("are this machine's"), "{out}");
    }
}
