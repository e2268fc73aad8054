//! The `cubework` binary, driven end to end.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use predicates::prelude::*;

mod common;
use common::cubework;

/// Bad input: status 2, nothing on stdout, one line on stderr containing `message`.
fn assert_one_line_error(mut cmd: Command, args: &[&str], message: &str) {
    let outcome = common::outcome(cmd.args(args).output().unwrap());
    common::assert_refused(&outcome, 2, message, format_args!("{args:?}: "));
}

fn facelets(rep: &str, alg: &str) -> String {
    let out = common::output(cubework().args(["apply", "--rep", rep, "--show", "facelets", alg]));
    common::assert_success(&out, format_args!("{rep} {alg}: "));
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
    for (rep, start) in [
        ("numeric", "135 130 136\n105 100 106\n145 140 146\n"),
        ("nested", "WRG WR∘ WRY\nW∘G W∘∘ W∘Y\nWOG WO∘ WOY\n"),
    ] {
        cubework()
            .args(["apply", "--rep", rep])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(start));
    }
}

/// Each kind of bad input: one line on stderr naming what and where, status 2, empty stdout.
#[test]
fn bad_input_is_one_line_and_status_two() {
    let cases: &[(&[&str], &str)] = &[
        (&["apply", "R", "Q"], "unknown move 'Q' at column 3"),
        (
            &["apply", "R-"],
            "bad suffix '-' after move 'R' at column 2",
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
        assert_one_line_error(cubework(), args, message);
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

/// The representations at other sizes: `apply --size N --rep NAME`, `reps --size N`,
/// `compare --size N` and `compare --sizes A..B`.
#[test]
fn representations_at_every_size_from_the_command_line() {
    let run = |args: &[&str]| {
        let out = cubework().args(args).output().unwrap();
        common::assert_success(&out, format_args!("{args:?}: "));
        String::from_utf8(out.stdout).unwrap()
    };
    // Every representation that holds the 4×4×4 shows the same state as the geometry.
    let want = run(&["apply", "--size", "4", "--show", "facelets", "Rw U' 2L x"]);
    for rep in ["numeric", "local", "vector", "4d", "nested"] {
        let got = run(&[
            "apply",
            "--size",
            "4",
            "--rep",
            rep,
            "--show",
            "facelets",
            "Rw U' 2L x",
        ]);
        assert_eq!(got, want, "{rep}");
    }
    // The 2×2×2 in the composite and visual forms, where X and Y are defined.
    let want = run(&["apply", "--size", "2", "--show", "facelets", "R U x z'"]);
    for rep in ["composite", "visual"] {
        let got = run(&[
            "apply", "--size", "2", "--rep", rep, "--show", "facelets", "R U x z'",
        ]);
        assert_eq!(got, want, "{rep}");
    }
    assert_eq!(
        run(&["apply", "--size", "2", "--rep", "composite", ""]),
        "WWWWWWWW\nGGOOYYRR\nGGOOYYRR\nBBBBBBBB\n"
    );
    // reps --size 4: five hold it, composite and visual say why not.
    let reps = run(&["reps", "--size", "4"]);
    for (name, shape) in [
        ("numeric", "4×4×4"),
        ("local", "6×4×4"),
        ("vector", "96"),
        ("4d", "4×3×4×4"),
        ("nested", "4×4×4"),
    ] {
        let row = reps
            .lines()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap();
        assert!(row.contains(shape) && row.contains("60/60"), "{row}");
    }
    assert!(reps.contains("holds only sizes 2 to 3"), "{reps}");
    // compare --size 5 as CSV: the five that hold it, with quartiles.
    let csv = run(&[
        "compare", "--size", "5", "--turns", "300", "--format", "csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with(
            "rep,shape,element,bytes,moves,ns_defined,ns_defined_low,ns_defined_high,"
        )
    );
    assert_eq!(lines.len(), 6, "{csv}");
    assert!(lines[1].starts_with("numeric,5×5×5,"), "{csv}");
    // compare --sizes 2..4 as CSV: a row per representation and size.
    let csv = run(&[
        "compare", "--sizes", "2..4", "--turns", "200", "--format", "csv",
    ]);
    assert_eq!(csv.lines().count(), 1 + 7 + 7 + 5, "{csv}");
    assert!(csv.contains("\ncomposite,2,4×8,32,"), "{csv}");
    // The table form: a grid per cost, and growth.
    let table = run(&[
        "compare", "--sizes", "2..3", "--turns", "200", "--format", "markdown",
    ]);
    let compiled = table
        .lines()
        .find(|l| l.starts_with("| ns/turn compiled"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        compiled.contains("N=2") && compiled.contains("N=3"),
        "{compiled}"
    );
    assert!(table.contains("| growth"), "{table}");
    // And as a chart: a line per representation against N.
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("sizes.svg");
    let out = run(&[
        "compare",
        "--sizes",
        "2..3",
        "--turns",
        "200",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(out.starts_with("wrote "), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("ns per quarter-turn, compiled") && text.contains("composite"));
    std::fs::remove_file(&svg).ok();
}

#[test]
fn paper_has_a_measured_general_column() {
    let out = common::output(cubework().args(["paper", "--turns", "300", "--format", "csv"]));
    assert!(out.status.success());
    let csv = String::from_utf8(out.stdout).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let general = header
        .iter()
        .position(|&h| h == "general_measured")
        .unwrap();
    let largest = header.iter().position(|&h| h == "largest_size").unwrap();
    let growth = |cells: &[&str]| {
        ["bytes_growth", "time_growth"]
            .map(|name| cells[header.iter().position(|&h| h == name).unwrap()].to_string())
    };
    for line in csv.lines().skip(1) {
        let cells: Vec<&str> = line.split(',').collect();
        let rank: u8 = cells[general].parse().unwrap();
        match cells[0] {
            // Holds every size and needs no extra lines, its state growing as N².
            "local" => assert_eq!(rank, 1, "{line}"),
            "composite" | "visual" => {
                assert!(rank >= 6, "{line}");
                assert_eq!(cells[largest], "3");
                // Two sizes fit any exponent: not fitted, as the table says.
                assert_eq!(growth(&cells), ["", ""], "{line}");
            }
            _ => assert_eq!(cells[largest], "9", "{line}"),
        }
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

fn last_line(args: &[&str]) -> String {
    common::last_line(cubework(), args)
}

#[test]
fn orders_and_cycles_as_the_tuple_notes_say() {
    assert_eq!(last_line(&["order", "--size", "4", "U R U' R'"]), "6");
    assert_eq!(last_line(&["order", "--size", "4", "U R"]), "105");
    assert_eq!(
        last_line(&["order", "--size", "4", "--by", "labels", "U R"]),
        "420"
    );
    assert_eq!(last_line(&["order", "R U"]), "105");
    assert_eq!(last_line(&["order", "--notation", "paper", "R"]), "4");
    assert_eq!(
        last_line(&["cycles", "R"]),
        "(3 43 48 21)(6 40 51 24)(9 37 54 27)(28 30 36 34)(29 33 35 31)"
    );
}

#[test]
fn algebra_commands_give_the_issue_forms() {
    assert_eq!(last_line(&["simplify", "R R2'"]), "R'");
    assert_eq!(last_line(&["simplify", "R L R'"]), "L");
    assert_eq!(last_line(&["simplify", "U D U"]), "U2 D");
    assert_eq!(last_line(&["expand", "[R, U]"]), "R U R' U'");
    assert_eq!(last_line(&["expand", "[R: U]"]), "R U R'");
    assert_eq!(last_line(&["expand", "(R U)3'"]), "U' R' U' R' U' R'");
    assert_eq!(last_line(&["invert", "[R, U]"]), "[U, R]");
    assert_eq!(last_line(&["invert", "R U2 F'"]), "F U2' R'");
    assert_eq!(last_line(&["count", "--metric", "qtm", "R U2 M'"]), "5");
    assert_eq!(last_line(&["count", "--metric", "stm", "R U2 M'"]), "3");
}

#[test]
fn tools_stand_wherever_a_move_can() {
    let with_tool = last_line(&["apply", "--show", "facelets", "SWITCH U2"]);
    let spelled = last_line(&["expand", "SWITCH"]);
    assert_eq!(
        with_tool,
        last_line(&["apply", "--show", "facelets", &format!("{spelled} U2")])
    );
    assert!(last_line(&["tools"]).starts_with("6 tools"));
    assert_eq!(
        last_line(&["effect", "FLIP"]),
        "FR → FR (flipped), BR → BR (flipped)"
    );
}

#[test]
fn apply_on_other_sizes() {
    assert_eq!(
        last_line(&["apply", "--size", "2", "--show", "facelets", "R"]),
        "UFUFRRRRFDFDDBDBLLLLUBUB"
    );
    let solved_4: String = "URFDLB".chars().map(|f| f.to_string().repeat(16)).collect();
    let four = last_line(&["apply", "--size", "4", "--show", "facelets", "2R"]);
    assert_eq!(four.len(), 96);
    assert_ne!(four, solved_4);
    let back = last_line(&[
        "apply", "--size", "4", "--from", &four, "--show", "facelets", "2R'",
    ]);
    assert_eq!(back, solved_4);
}

#[test]
fn algebra_bad_input_is_one_line_and_status_two() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["order", "--size", "4", "(R U"],
            "'(' at column 1 is never closed",
        ),
        (
            &["order", "--size", "12", "R"],
            "cube size 12 is not supported",
        ),
        (&["order", "--size", "4", "M"], "middle slice"),
        (
            &["apply", "--size", "4", "--rep", "composite", "R"],
            "the composite representation holds the 2×2×2 and 3×3×3 cubes, not the 4×4×4: ",
        ),
        (
            &["apply", "--size", "2", "--rep", "nested", "M"],
            "middle slice",
        ),
        (
            &["compare", "--sizes", "2..12"],
            "cube size 12 is not supported (2 to 9)",
        ),
        (
            &["compare", "--sizes", "5..3"],
            "give the smaller size first",
        ),
        (&["reps", "--size", "1"], "cube size 1 is not supported"),
        (&["expand", "[R, U"], "column"),
        (&["count", "--metric", "ftm", "R"], "invalid value 'ftm'"),
    ];
    for (args, message) in cases {
        assert_one_line_error(cubework(), args, message);
    }
}

/// The pocket tables are cached in the temp directory, apart from the user's.
fn cached() -> Command {
    common::cubework()
}

fn cached_last_line(args: &[&str]) -> String {
    common::last_line(cached(), args)
}

const SOLVED_2: &str = "UUUURRRRFFFFDDDDLLLLBBBB";

/// The 2×2×2's tables as `pocket table` gives them: 14 moves deep in the quarter-turn metric,
/// and in CSV a row for each depth, 0 to 11, counting every state once.
fn pocket_tables_read_whole() {
    assert_eq!(
        cached_last_line(&["pocket", "table", "--metric", "qtm"]),
        "14"
    );
    let out = common::output(cached().args(["pocket", "table", "--format", "csv"]));
    let csv = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "depth,count");
    assert_eq!(rows.len(), 13, "depths 0 to 11");
    let total: u64 = rows[1..]
        .iter()
        .map(|r| r.split(',').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 3_674_160);
}

#[test]
fn pocket_table_and_optimal_solutions() {
    assert_eq!(cached_last_line(&["pocket", "table"]), "11");
    pocket_tables_read_whole();
    for scramble in ["R U F'", "R2 F U' R F2 U", "L D B'", "x R y' U2"] {
        let out = common::output(cached().args(["pocket", "solve", scramble]));
        let text = String::from_utf8(out.stdout).unwrap();
        let solution = text.lines().last().unwrap_or_default();
        // Where the scramble moved the held corner DBL, the report names the whole-cube turn
        // that brings it home, and the solution line starts with it: the line does the whole
        // job from the state given; the rest turns U, R and F only.
        let turn = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("turned the whole cube (")?
                    .split_once(')')
                    .map(|(t, _)| t)
            })
            .unwrap_or("");
        let faces = solution.strip_prefix(turn).unwrap_or_else(|| {
            panic!("{scramble}: {solution} does not start with the turn {turn}")
        });
        assert!(
            faces
                .split_whitespace()
                .all(|m| m.starts_with(['U', 'R', 'F'])),
            "{solution}"
        );
        let after = last_line(&[
            "apply",
            "--size",
            "2",
            "--show",
            "facelets",
            &format!("{scramble} {solution}"),
        ]);
        assert!(
            cubework::Cube::from_facelets_n(&after, 2)
                .unwrap()
                .is_solved(),
            "{scramble} {solution}: {after}"
        );
        // The same state as facelets gets a solution of the same length.
        let state = last_line(&["apply", "--size", "2", "--show", "facelets", scramble]);
        let again = cached_last_line(&["pocket", "solve", "--facelets", &state]);
        assert_eq!(
            again.split_whitespace().count(),
            solution.split_whitespace().count(),
            "{scramble}"
        );
    }
    pocket_tables_read_whole();
    assert_eq!(
        cached_last_line(&["pocket", "solve", "--facelets", SOLVED_2]),
        ""
    );
}

#[test]
fn pocket_refuses_impossible_states() {
    // The up-front-right corner twisted in place (its U, R and F stickers cycled): every
    // colour count is right, but the twists no longer sum to 0 mod 3.
    let twisted = "UUUFURRRFRFFDDDDLLLLBBBB";
    for (args, message) in [
        (
            vec!["pocket", "solve", "--facelets", "UUUURRRRFFFFDDDDLLLLBBB"],
            "23 characters",
        ),
        (vec!["pocket", "solve", "--facelets", twisted], "twist"),
        (
            vec!["pocket", "table", "--metric", "stm"],
            "possible values: htm, qtm",
        ),
        (vec!["pocket", "solve", "M"], "middle slice"),
    ] {
        assert_one_line_error(cached(), &args, message);
    }
}

#[test]
fn search_solver_finds_shortest_solutions() {
    for (scramble, length) in [("R U F", 3), ("R2 U' F D", 4), ("F U2 L' B R", 5)] {
        let solution = last_line(&["solve", "--method", "bfs", scramble]);
        assert_eq!(
            solution.split_whitespace().count(),
            length,
            "{scramble}: {solution}"
        );
        let after = last_line(&[
            "apply",
            "--show",
            "facelets",
            &format!("{scramble} {solution}"),
        ]);
        assert!(
            cubework::Cube::from_facelets(&after).unwrap().is_solved(),
            "{scramble} {solution}"
        );
    }
    let state = last_line(&["apply", "--show", "facelets", "R U R' U'"]);
    let solution = last_line(&[
        "solve",
        "--method",
        "bfs",
        "--metric",
        "qtm",
        "--facelets",
        &state,
    ]);
    assert_eq!(solution, "U R U' R'");
    let out = common::output(cubework().args(["solve", "--metric", "stm", "R"]));
    assert_eq!(out.status.code(), Some(2));
}

/// `CUBEWORK_SIMD` forces a path; a name that is no path, or one this CPU lacks, is one line
/// and status 1 (the environment, not the input, is wrong).
#[test]
fn a_forced_simd_path_is_used_or_refused() {
    for path in ["scalar", "avx2", "vbmi"] {
        let available = match path {
            "scalar" => true,
            "avx2" => cubework::base::simd::ShufflePath::Avx2.available(),
            _ => cubework::base::simd::ShufflePath::Vbmi.available(),
        };
        let out = cubework()
            .env("CUBEWORK_SIMD", path)
            .args(["compare", "--turns", "200", "--format", "markdown"])
            .output()
            .unwrap();
        if available {
            assert!(out.status.success(), "{path}");
            let text = String::from_utf8(out.stdout).unwrap();
            let note = match path {
                "scalar" => {
                    "Compiled turns gather the cells that change, forced by CUBEWORK_SIMD=scalar."
                }
                "avx2" => {
                    "AVX2 byte shuffles (vpshufb on broadcast 16-byte blocks), forced by CUBEWORK_SIMD=avx2,"
                }
                _ => "AVX-512 VBMI byte shuffles (vpermb, vpermi2b), forced by CUBEWORK_SIMD=vbmi,",
            };
            assert!(text.contains(note), "{path}: {text}");
        } else {
            assert_eq!(out.status.code(), Some(1), "{path}");
        }
    }
    // Set but empty is unset, as for the other variables: the fastest path, no note.
    let out = cubework()
        .env("CUBEWORK_SIMD", "")
        .args(["compare", "--turns", "200", "--format", "markdown"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8(out.stdout).unwrap().contains("forced by"));
    let out = cubework()
        .env("CUBEWORK_SIMD", "sse9")
        .arg("reps")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    common::assert_one_line(
        &err,
        "CUBEWORK_SIMD='sse9' names no path (expected one of",
        "",
    );
}

/// Messages say what is wrong: the range a number must be in (also for one too large for any
/// integer), what a command word still needs, which bracket makes a sequence too long.
#[test]
fn messages_name_the_range_and_the_bracket_that_is_wrong() {
    let deep = format!("{}U{}", "[R, ".repeat(40), "]".repeat(40));
    let huge = "12345678901234567890123";
    let cases: &[(&[&str], &str)] = &[
        (
            &["compare", "--turns", "-1"],
            "'-1' for '--turns <TURNS>': must be from 1 to 500,000",
        ),
        (
            &["paper", "--turns", "0"],
            "'0' for '--turns <TURNS>': must be from 1 to 500,000",
        ),
        (
            &["apply", "--size", huge, "R"],
            "cube size 12345678901234567890123 is too large (2 to 9)",
        ),
        (
            &["apply", "--size", "x", "R"],
            "must be a whole number from 2 to 9",
        ),
        (
            &["expand", &deep],
            "'[' at column 85 makes the sequence longer than 1000000 moves",
        ),
    ];
    for (args, message) in cases {
        assert_one_line_error(cubework(), args, message);
    }
    let out = cubework()
        .write_stdin(format!(
            "pocket solve facelets\nsize {huge}\norder size {huge} R\n"
        ))
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "error: line 1: pocket solve facelets needs a facelet string: pocket solve facelets S",
            "error: line 2: cube size 12345678901234567890123 is too large (2 to 9)",
            "error: line 3: cube size 12345678901234567890123 is too large (2 to 9)",
        ]
    );
}

#[test]
fn reps_and_compare_say_what_the_ruby_notes_are_where_they_name_them() {
    let what = "The Ruby notes are \"Representing Rubik's Cube\" (2010): notes that model the cube by its pieces in the Ruby language, not Peelle's APL paper.";
    for args in [&["reps"][..], &["compare", "--turns", "100"]] {
        let out = cubework().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Ruby notes"), "{args:?}: {text}");
        assert!(text.contains(what), "{args:?}: {text}");
    }
}

/// [`cached`] with its data directory (history, colour setting) a fresh one of its own,
/// `CUBEWORK_COLOURS` unset.
fn with_data(data: &std::path::Path) -> Command {
    let mut cmd = cached();
    cmd.env("CUBEWORK_DATA_DIR", data)
        .env_remove("CUBEWORK_COLOURS")
        .timeout(std::time::Duration::from_secs(60));
    cmd
}

/// The 3×3×3 `alg` makes, as `apply` prints it (the vector representation's colour letters).
fn printed(mut cmd: Command, args: &[&str]) -> String {
    let out = cmd.args(args).output().unwrap();
    common::assert_success(&out, format_args!("{args:?}: "));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The moves of a solve's answer (its last line) make `state` solved.
fn solves(state: &str, answer: &str) -> bool {
    let mut cube = cubework::Cube::solved();
    cube.apply_all(&cubework::parse_moves(state, cubework::Notation::Standard).unwrap())
        .unwrap();
    let moves = answer.lines().last().unwrap_or("");
    cube.apply_all(&cubework::parse_moves(moves, cubework::Notation::Standard).unwrap())
        .unwrap();
    cube.is_solved()
}

#[test]
fn the_solver_reads_the_colour_letters_the_workbench_prints_in_every_scheme_chosen() {
    let data = common::fresh_dir("cli-colours-solve");
    let alg = "R U F'";
    // Each way of choosing the WCA's colours: the flag, the variable, the kept setting.
    type Choose = fn(&mut Command) -> &mut Command;
    let ways: [(&str, Choose); 3] = [
        ("--colours wca", |c| c.args(["--colours", "wca"])),
        ("CUBEWORK_COLOURS=wca", |c| c.env("CUBEWORK_COLOURS", "wca")),
        ("colours wca", |c| c),
    ];
    for (way, choose) in ways {
        if way == "colours wca" {
            let (_, err, code) = common::session_with(with_data(&data), "colours wca\n");
            assert_eq!(code, Some(0), "{err}");
        }
        let apply = |args: &[&str]| {
            let mut cmd = with_data(&data);
            cmd.arg("apply");
            choose(&mut cmd);
            printed(cmd, args)
        };
        let state = apply(&[alg]);
        assert!(state.starts_with("WWWWWW"), "{way}: {state}");
        // `--facelets`, and a batch of it, read back the cube it is.
        let mut cmd = with_data(&data);
        cmd.arg("solve");
        choose(&mut cmd);
        let answer = printed(cmd, &["--facelets", &state]);
        assert!(solves(alg, &answer), "{way}: {answer}");
        let mut cmd = with_data(&data);
        cmd.arg("solve");
        choose(&mut cmd);
        let out = cmd
            .args(["--batch", "-"])
            .write_stdin(format!("{state}\n"))
            .output()
            .unwrap();
        common::assert_success(&out, format_args!("{way} batch: "));
        let answer = String::from_utf8(out.stdout).unwrap();
        assert!(solves(alg, &answer), "{way} batch: {answer}");
    }
    // In the REPL (the kept choice): `hint facelets` and `pocket solve facelets` too.
    let pocket = printed(
        with_data(&data),
        &["apply", "--size", "2", "--rep", "vector", "R U"],
    );
    let (out, err, code) = common::session_with(
        with_data(&data),
        &format!(
            "hint facelets {}\npocket solve facelets {pocket}\n",
            printed(with_data(&data), &["apply", alg])
        ),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains("centre"), "{out}");
}

#[test]
fn a_fifo_or_endless_device_in_place_of_the_colour_setting_is_passed_over_unread() {
    let data = common::fresh_dir("cli-colours-special");
    let setting = data.join("colours.txt");
    common::make_fifo(&setting);
    // The timeout turns the old wait for a writer into a failure.
    for args in [
        &["apply", "R"][..],
        &["draw", "-o", "-", "R"],
        &["solve", "R"],
    ] {
        let out = with_data(&data).args(args).output().unwrap();
        common::assert_success(&out, format_args!("{args:?} beside a FIFO: "));
    }
    let (_, err, code) = common::session_with(with_data(&data), "R\n");
    assert_eq!(code, Some(0), "the REPL beside a FIFO: {err}");
    // A link to /dev/zero was read until memory ran out.
    std::fs::remove_file(&setting).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &setting).unwrap();
    let paper = printed(cached(), &["apply", "R"]);
    assert_eq!(printed(with_data(&data), &["apply", "R"]), paper);
}

#[test]
fn choosing_colours_writes_the_setting_never_through_a_link_into_its_target() {
    let data = common::fresh_dir("cli-colours-link");
    let target = data.join("someone-elses-file");
    std::fs::write(&target, "theirs\n").unwrap();
    std::os::unix::fs::symlink(&target, data.join("colours.txt")).unwrap();
    let (_, _, _) = common::session_with(with_data(&data), "colours wca\n");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "theirs\n");
}

#[test]
fn choosing_colours_says_that_later_sessions_and_command_line_calls_use_it() {
    let data = common::fresh_dir("cli-colours-said");
    let (out, err, code) = common::session_with(with_data(&data), "colours wca\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(
            "later sessions and command-line calls use it too (back with `colours paper`)"
        ),
        "{out}"
    );
    // And they do.
    assert!(printed(with_data(&data), &["apply", ""]).starts_with("WWWWWWWWWYYY"));
}

#[test]
fn a_bad_colours_variable_is_bad_input_with_status_2() {
    let mut cmd = cached();
    cmd.env("CUBEWORK_COLOURS", "sepia");
    assert_one_line_error(
        cmd,
        &["apply", "R"],
        "CUBEWORK_COLOURS: unknown colour scheme 'sepia'",
    );
}

#[test]
fn a_bad_word_in_the_kept_colours_is_one_note_naming_the_file_line_and_word_and_the_rest_is_used() {
    let data = common::fresh_dir("cli-colours-bad-word");
    let setting = data.join("colours.txt");
    let paper = printed(cached(), &["apply", "R"]);
    let wca = printed(cached(), &["apply", "--colours", "wca", "R"]);
    for (text, line, shown) in [("purple\n", 1, &paper), ("\npurple\nwca\n", 2, &wca)] {
        std::fs::write(&setting, text).unwrap();
        let out = with_data(&data).args(["apply", "R"]).output().unwrap();
        common::assert_success(&out, format_args!("{text:?}: "));
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            shown.as_str(),
            "{text:?}"
        );
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(err.lines().count(), 1, "{text:?}: {err}");
        assert!(
            err.contains("note:")
                && err.contains(&setting.display().to_string())
                && err.contains(&format!("line {line}"))
                && err.contains("'purple'"),
            "{text:?}: {err}"
        );
        // The REPL says it once too, and goes on.
        let (_, err, code) = common::session_with(with_data(&data), "R\n");
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(err.matches("'purple'").count(), 1, "{text:?}: {err}");
    }
}

#[test]
fn a_prime_before_the_two_is_read_as_the_same_half_turn_and_written_back_as_r2_prime() {
    let typed = "R'2 Rw'2 3Rw'2 x'2";
    let cube = |alg: &str| printed(cached(), &["apply", "--size", "4", alg]);
    assert_eq!(cube(typed), cube("R2' Rw2' 3Rw2' x2'"));
    assert_eq!(cube(typed), cube("R2 Rw2 3Rw2 x2"));
    let said = printed(cached(), &["simplify", typed]);
    assert!(said.starts_with("R2' Rw2' 3Rw2' x2'"), "{said}");
    // In the REPL too.
    let (out, err, code) = common::session_with(cached(), "R'2\nsolved?\nR2\nsolved?\n");
    assert_eq!(code, Some(0), "{err}");
    let answers: Vec<&str> = out.lines().filter(|l| ["no", "yes"].contains(l)).collect();
    assert_eq!(answers, ["no", "yes"], "{out}");
}

#[test]
fn manpage_prints_each_commands_page_writes_them_all_and_refuses_an_unknown_name_with_the_list() {
    let page = printed(cached(), &["manpage", "solve"]);
    assert!(page.contains(".TH cubework-solve 1"), "{page}");
    assert!(page.contains("\\-\\-method"), "{page}");
    assert!(page.contains("cubework solve"), "{page}");
    let (_, err, code) = common::run_with(cached(), &["manpage", "nosuch"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("'nosuch'") && err.contains("solve") && err.contains("draw"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let man = dir.path().join("man1");
    let out = cached()
        .args(["manpage", "--all"])
        .arg(&man)
        .output()
        .unwrap();
    common::assert_success(&out, "manpage --all: ");
    for name in [
        "cubework",
        "cubework-solve",
        "cubework-apl",
        "cubework-manpage",
    ] {
        let text = std::fs::read_to_string(man.join(format!("{name}.1"))).unwrap();
        assert!(text.contains(&format!(".TH {name} 1")), "{name}: {text}");
    }
    assert!(!man.join("cubework-help.1").exists());
}

#[test]
fn draw_on_the_command_line_never_replaces_a_file_that_is_not_a_picture() {
    let tmp = tempfile::tempdir().unwrap();
    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let path = notes.to_string_lossy().into_owned();
    let refused = common::run_with(common::cubework(), &["draw", "--output", &path]);
    common::assert_refused(&refused, 2, "is not a picture", "draw over notes: ");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
}

#[test]
fn solve_with_a_size_its_facelet_string_is_not_of_names_both() {
    // 96 letters: a 4×4×4's.
    let four: String = ["U", "R", "F", "D", "L", "B"]
        .iter()
        .map(|f| f.repeat(16))
        .collect();
    assert_one_line_error(
        cubework(),
        &["solve", "--size", "3", "--facelets", &four],
        "--size 3 does not match the facelet string: its 96 characters are a 4×4×4's (a 3×3×3's has 54)",
    );
}

#[test]
fn layers_given_larger_first_are_told_to_give_the_smaller_first() {
    assert_one_line_error(
        cubework(),
        &["apply", "--size", "4", "R 3-2Rw"],
        "unknown move '3-2Rw' at column 3 (give the smaller layer first: 2-3Rw)",
    );
}

#[test]
fn size_with_batch_makes_each_line_of_moves_on_that_cube() {
    let solved3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let out = cubework()
        .args(["solve", "--size", "2", "--batch", "-"])
        .write_stdin(format!("R U\n{solved3}\nF2\n"))
        .output()
        .unwrap();
    let (stdout, stderr, code) = common::outcome(out);
    let lines: Vec<&str> = stdout.lines().collect();
    // Each 2×2×2 answer undoes its line, shortest: the pocket table's.
    assert_eq!(lines, ["U' R'", "", "F2"], "{stderr}");
    common::assert_has(
        &stderr,
        "cubework: line 2: the line is a 3×3×3's facelets, not a 2×2×2's (--size 2)",
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_time_limit_on_a_cube_solved_by_reduction_is_said_not_to_apply() {
    let out = cubework()
        .args(["solve", "--size", "5", "--time-limit", "1", "R U"])
        .output()
        .unwrap();
    let (stdout, stderr, code) = common::outcome(out);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stdout.trim().is_empty());
    common::assert_has(
        &stderr,
        "cubework: note: --time-limit does not apply to the 5×5×5: its reduction runs to the end",
    );
}

#[test]
fn every_page_a_man_page_names_is_written_and_a_subcommands_page_is_printed_by_its_words() {
    let dir = tempfile::tempdir().unwrap();
    let out = cached()
        .args(["manpage", "--all"])
        .arg(dir.path())
        .output()
        .unwrap();
    common::assert_success(&out, "manpage --all: ");
    let mut named = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines().filter(|l| l.ends_with("(1)")) {
            let page = line.trim_end_matches("(1)").replace("\\-", "-");
            assert!(dir.path().join(format!("{page}.1")).exists(), "{page}");
            named += 1;
        }
    }
    assert!(named > 20, "{named}");
    assert!(!dir.path().join("cubework-pocket-help.1").exists());
    let page = printed(cached(), &["manpage", "pocket", "solve"]);
    assert!(page.contains(".TH cubework-pocket-solve 1"), "{page}");
    assert!(page.contains("\\-\\-metric"), "{page}");
}

#[test]
fn tools_help_names_the_flag_the_command_line_takes_for_search() {
    let help = printed(cached(), &["tools", "--help"]);
    assert!(help.contains("search (CLI: --search)"), "{help}");
    let (_, err, code) = common::run_with(cached(), &["tools", "search"]);
    assert_eq!(code, Some(2), "{err}");
    let searched = printed(cached(), &["tools", "--search"]);
    assert!(!searched.is_empty());
}
