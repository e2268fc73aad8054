//! The `cubework` binary, driven end to end.

use assert_cmd::Command;
use predicates::prelude::*;

fn cubework() -> Command {
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1").env(
        "CUBEWORK_DATA_DIR",
        std::env::temp_dir().join("cubework-test-data"),
    );
    cmd
}

fn facelets(rep: &str, alg: &str) -> String {
    let out = cubework()
        .args(["apply", "--rep", rep, "--show", "facelets", alg])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{rep} {alg}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "exactly one line");
    text.trim_end().to_string()
}

#[test]
fn every_representation_prints_the_same_facelets_as_vector() {
    let common = [
        "R U R' U'",
        "F2 B' L D2 U' R2",
        "U D' E y2",
        "L' B' R' F U2 D",
        "",
    ];
    let complete = ["M2 E S' x y z'", "Rw u' Fw2 l b'", "2R 3Rw 2-3Lw'"];
    for rep in ["numeric", "local", "composite", "visual", "4d", "nested"] {
        for alg in common {
            assert_eq!(facelets(rep, alg), facelets("vector", alg), "{rep}: {alg}");
        }
        if !matches!(rep, "composite" | "visual") {
            for alg in complete {
                assert_eq!(facelets(rep, alg), facelets("vector", alg), "{rep}: {alg}");
            }
        }
    }
}

#[test]
fn the_true_state_after_r() {
    assert_eq!(
        facelets("vector", "R"),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
}

#[test]
fn moves_can_be_separate_arguments_and_paper_notation() {
    cubework()
        .args(["apply", "--show", "facelets", "R", "U", "R'"])
        .assert()
        .success()
        .stdout(format!("{}\n", facelets("vector", "R U R'")));
    cubework()
        .args([
            "apply",
            "--notation",
            "paper",
            "--show",
            "facelets",
            "R\u{305}",
        ])
        .assert()
        .success()
        .stdout(format!("{}\n", facelets("vector", "R")));
}

#[test]
fn from_a_facelet_string() {
    let after_r = facelets("vector", "R");
    cubework()
        .args([
            "apply",
            "--rep",
            "composite",
            "--show",
            "facelets",
            "--from",
            &after_r,
            "R'",
        ])
        .assert()
        .success()
        .stdout("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n");
}

#[test]
fn native_display_of_the_goal_is_the_papers() {
    cubework()
        .args(["apply", "--rep", "numeric"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "135 130 136\n105 100 106\n145 140 146\n",
        ));
    cubework()
        .args(["apply", "--rep", "nested"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "WRG WR∘ WRY\nW∘G W∘∘ W∘Y\nWOG WO∘ WOY\n",
        ));
}

/// Each kind of bad input: one line on stderr naming what and where, status 2, empty stdout.
#[test]
fn bad_input_is_one_line_and_status_two() {
    let cases: &[(&[&str], &str)] = &[
        (&["apply", "R", "Q"], "unknown move 'Q' at column 3"),
        (
            &["apply", "R3"],
            "bad suffix '3' after move 'R' at column 2",
        ),
        (
            &["apply", "--from", "UUUU", "R"],
            "facelet string has 4 characters, expected 54",
        ),
        (
            &["apply", "--from", &"U".repeat(54), "R"],
            "stickers of colour U, expected 9",
        ),
        (
            &["apply", "--rep", "composite", "x"],
            "move x is not defined for the composite representation",
        ),
        (
            &["apply", "--rep", "visual", "M"],
            "move M is not defined for the visual representation",
        ),
        (
            &["apply", "--rep", "cubic", "R"],
            "unknown representation 'cubic'",
        ),
        (
            &["apply", "--notation", "klingon", "R"],
            "invalid value 'klingon'",
        ),
        (
            &["apply", "--notation", "paper", "R2"],
            "bad suffix '2' after move 'R'",
        ),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
    ];
    for (args, message) in cases {
        let out = cubework().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
        assert!(
            err.contains(message),
            "{args:?}: {err:?} should contain {message:?}"
        );
    }
}

#[test]
fn reps_lists_all_seven() {
    let out = cubework().arg("reps").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for (name, shape, moves) in [
        ("numeric", "3×3×3", "24/24"),
        ("local", "6×3×3", "24/24"),
        ("composite", "5×12", "16/24"),
        ("visual", "11×11", "16/24"),
        ("vector", "54", "24/24"),
        ("4d", "3×3×3×3", "24/24"),
        ("nested", "3×3×3", "24/24"),
    ] {
        let row = text
            .lines()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap_or_else(|| panic!("{name} row"));
        assert!(row.contains(shape) && row.contains(moves), "{row}");
    }
}

#[test]
fn help_and_version_succeed() {
    cubework()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("apply"));
    cubework().arg("--version").assert().success();
}
