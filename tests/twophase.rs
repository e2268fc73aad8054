//! The two-phase solver from the outside: `solve`, `solve --batch`, `scramble --random-state`,
//! `tables`, and the REPL's `solve`, `hint` and `scramble random`. The tables are built once
//! and kept in a cache directory of the tests' own, checked whenever they load.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use cubework::Cube;

mod common;

fn cubework() -> Command {
    common::cubework()
}

struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

fn run(args: &[&str], stdin: &str) -> Run {
    let out = cubework().args(args).write_stdin(stdin).output().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code(),
    }
}

fn last_line(args: &[&str]) -> String {
    let r = run(args, "");
    assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
    r.stdout.lines().last().unwrap_or("").to_string()
}

/// Whether `moves` solve the cube that `state` (moves, or a facelet string) describes.
fn solves(state: &str, moves: &str) -> bool {
    let mut cube = if state.len() == 54 && !state.contains(' ') {
        Cube::from_facelets(state).unwrap()
    } else {
        let mut c = Cube::solved();
        c.apply_all(&cubework::parse_moves(state, cubework::Notation::Standard).unwrap())
            .unwrap();
        c
    };
    cube.apply_all(&cubework::parse_moves(moves, cubework::Notation::Standard).unwrap())
        .unwrap();
    cube.is_solved()
}

#[test]
fn a_random_state_scramble_then_solve_as_the_issue_asks() {
    let scramble = last_line(&["scramble", "--random-state", "--seed", "1"]);
    let n = scramble.split_whitespace().count();
    assert!((1..=21).contains(&n), "{scramble}");
    // The same seed, the same state.
    assert_eq!(
        last_line(&["scramble", "--random-state", "--seed", "1"]),
        scramble
    );
    let r = run(&["solve", &scramble], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let solution = r.stdout.lines().last().unwrap();
    assert!(solution.split_whitespace().count() <= 21, "{solution}");
    assert!(solves(&scramble, solution), "{scramble} / {solution}");
    assert!(
        r.stdout
            .contains("in the half-turn metric, two-phase (at most 21;")
    );
    // Paper notation too: the same state.
    let paper = last_line(&[
        "scramble",
        "--random-state",
        "--seed",
        "1",
        "--notation",
        "paper",
    ]);
    let facelets = |args: &[&str]| last_line(&[&["apply", "--show", "facelets"], args].concat());
    assert_eq!(
        facelets(&["--notation", "paper", &paper]),
        facelets(&[&scramble])
    );
}

#[test]
fn solve_options_and_what_they_refuse() {
    let state = last_line(&["apply", "--show", "facelets", "R U2 F' L D B2 R' U"]);
    for args in [
        vec!["solve", "--facelets", &state],
        vec!["solve", "--max-length", "20", "--facelets", &state],
        vec!["solve", "--max-length", "8", "--facelets", &state],
        vec!["solve", "--time-limit", "0.2", "--facelets", &state],
    ] {
        let solution = last_line(&args);
        assert!(solves(&state, &solution), "{args:?}: {solution}");
        if args.contains(&"8") {
            assert!(solution.split_whitespace().count() <= 8, "{solution}");
        }
    }
    // The bfs method stays, and takes the depth limit from --max-length.
    assert_eq!(last_line(&["solve", "--method", "bfs", "R U"]), "U' R'");
    for (args, message) in [
        (
            vec!["solve", "--metric", "qtm", "R"],
            "half-turn metric (htm) only, not qtm",
        ),
        (vec!["solve", "--max-length", "41", "R"], "at most 40"),
        (
            vec!["solve", "--time-limit", "0", "R"],
            "must be more than 0",
        ),
        (
            vec!["solve", "--method", "bfs", "--time-limit", "1", "R"],
            "two-phase and optimal methods",
        ),
        (vec!["solve", "--facelets", "UUUU"], "54"),
        (vec!["solve", "R Q"], "unknown move 'Q'"),
    ] {
        let r = run(&args, "");
        common::assert_refused(
            &(r.stdout, r.stderr, r.code),
            2,
            message,
            format_args!("{args:?}: "),
        );
    }
}

#[test]
fn a_batch_on_every_core_answers_in_input_order_as_one_thread_does() {
    let mut input = String::new();
    for seed in 1..=30 {
        let r = run(
            &["scramble", "--random-state", "--seed", &seed.to_string()],
            "",
        );
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        input.push_str(r.stdout.lines().last().unwrap());
        input.push('\n');
        if seed % 7 == 0 {
            input.push_str("R Q\n");
        }
    }
    let one = run(&["solve", "--batch", "-", "--threads", "1"], &input);
    let two = run(&["solve", "--batch", "-", "--threads", "2"], &input);
    assert_eq!(one.code, Some(2), "{}", one.stderr);
    assert_eq!((two.code, &two.stdout), (one.code, &one.stdout));
    let errors = |r: &Run| -> Vec<String> {
        r.stderr
            .lines()
            .filter(|l| l.starts_with("cubework: line "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(errors(&two), errors(&one));
    assert_eq!(errors(&one).len(), 4, "{}", one.stderr);
    // One line for each line, the bad ones empty.
    let answers: Vec<&str> = two.stdout.lines().collect();
    assert_eq!(answers.len(), input.lines().count());
    for (state, answer) in input.lines().zip(answers) {
        if state == "R Q" {
            assert_eq!(answer, "");
        } else {
            assert!(solves(state, answer), "{state}: {answer}");
        }
    }
}

#[test]
fn a_number_of_threads_outside_1_to_64_is_a_one_line_error() {
    for (threads, why) in [
        ("0", "must be from 1 to 64"),
        ("65", "must be from 1 to 64"),
        ("99999999999999999999999", "must be from 1 to 64"),
        ("two", "must be a whole number from 1 to 64"),
        ("-1", "must be from 1 to 64"),
    ] {
        for batch in [false, true] {
            let mut args = vec!["solve", "--threads", threads];
            args.extend(if batch { ["--batch", "-"] } else { ["R", "U"] });
            let r = run(&args, "R U\n");
            assert_eq!(r.code, Some(2), "{args:?}");
            assert_eq!(
                r.stderr,
                format!("cubework: invalid value '{threads}' for '--threads <N>': {why}\n"),
                "{args:?}"
            );
            assert!(r.stdout.is_empty(), "{args:?}");
        }
    }
    let r = run(&["solve", "--threads", "1", "R", "U"], "");
    assert_eq!((r.code, r.stdout.lines().last()), (Some(0), Some("U' R'")));
}

#[test]
fn batch_solves_every_good_line_and_names_the_bad_ones() {
    let solved = Cube::solved().facelets();
    let lines = [
        "R U F",
        "R Q",
        "",
        "# a comment",
        &solved,
        "x R",
        "F R2 F' U2 B D2 F' L2",
    ];
    let input = lines.join("\n") + "\n";
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("batch.txt");
    std::fs::write(&file, &input).unwrap();
    // The states that get a solution: not the bad line, blank line or comment, whose lines
    // are empty.
    let solvable = |l: &str| !l.is_empty() && !l.starts_with('#') && l != "R Q";
    for source in [file.to_str().unwrap(), "-"] {
        let r = run(&["solve", "--batch", source], &input);
        assert_eq!(r.code, Some(2), "a line failed: {}", r.stderr);
        let out: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(out.len(), lines.len(), "{out:?}");
        for (state, solution) in lines.iter().zip(&out) {
            if solvable(state) {
                assert!(solves(state, solution), "{state}: {solution}");
            } else {
                assert_eq!(*solution, "", "{state}");
            }
        }
        let err: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(err.len(), 2, "{err:?}");
        assert!(
            err[0].starts_with("cubework: line 2: unknown move 'Q'"),
            "{err:?}"
        );
        assert!(
            err[1].starts_with("4 states solved, 1 failed; median "),
            "{err:?}"
        );
        assert!(err[1].contains(" ms a solve; mean length "), "{err:?}");
    }
    // All good: status 0, the two-phase solver by default. A directory is refused as a
    // file (bad input, as for `run`); bfs batches too, and takes no time limit; qtm is
    // refused by the two-phase solver.
    let r = run(&["solve", "--batch", "-"], "R U\nF2\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, "U' R'\nF2\n");
    let r = run(&["solve", "--batch", "-", "--max-length", "20"], "R U\n");
    assert_eq!(r.stdout, "U' R'\n");
    let r = run(&["solve", "--batch", "-", "--method", "bfs"], "R U\nx\n");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (Some(0), "U' R'\nx'\n"),
        "{}",
        r.stderr
    );
    for (args, message) in [
        (vec!["solve", "--batch", "/"], "is a directory"),
        (
            vec![
                "solve",
                "--batch",
                "-",
                "--method",
                "bfs",
                "--time-limit",
                "1",
            ],
            "--time-limit is for the two-phase and optimal methods",
        ),
        (
            vec!["solve", "--batch", "-", "--metric", "qtm"],
            "htm) only",
        ),
        (
            vec![
                "solve",
                "--batch",
                "-",
                "--method",
                "beginner",
                "--time-limit",
                "1",
            ],
            "--time-limit is for the two-phase and optimal methods",
        ),
    ] {
        let r = run(&args, "R U\n");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    }
    let _ = std::fs::remove_file(&file);
}

/// The facelet string of the state `alg` makes.
fn state_of(alg: &str) -> Cube {
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::parse_moves(alg, cubework::Notation::Standard).unwrap())
        .unwrap();
    cube
}

#[test]
fn a_batch_line_of_nearly_facelet_length_is_named_as_a_facelet_string_by_every_method() {
    let state = state_of("R U F'").facelets();
    let input = format!("{}\n{state}U\n{}\n", &state[1..], state.to_lowercase());
    for method in ["twophase", "beginner"] {
        let r = run(&["solve", "--method", method, "--batch", "-"], &input);
        assert_eq!(r.code, Some(2), "{method}: {}", r.stderr);
        assert_eq!(
            r.stdout, "\n\n\n",
            "{method}: no line is solved as moves, each answered by an empty line"
        );
        let err: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(err.len(), 4, "{method}: {err:?}");
        assert_eq!(
            err[..3],
            [
                "cubework: line 1: facelet string has 53 characters, expected 54 (6 faces of 9)",
                "cubework: line 2: facelet string has 55 characters, expected 54 (6 faces of 9)",
                "cubework: line 3: facelet string has lowercase 'u' at position 1 (write it as a capital: U R F D L B)",
            ],
            "{method}"
        );
    }
}

#[test]
fn a_batch_reads_colour_letter_facelet_strings_as_facelets_and_load_do() {
    let cube = state_of("R U F'");
    let colours = cubework::rep::RepKind::Vector
        .build(&cube)
        .unwrap()
        .render();
    assert!(colours.contains('W') && !colours.contains('U'), "{colours}");
    // The single solve reads it ...
    let single = last_line(&["solve", "--facelets", &colours]);
    assert!(solves(&cube.facelets(), &single), "{single}");
    // ... and so does the batch, in every method.
    for method in ["twophase", "beginner"] {
        let r = run(
            &["solve", "--method", method, "--batch", "-"],
            &format!("{colours}\n"),
        );
        assert_eq!(r.code, Some(0), "{method}: {}", r.stderr);
        let line = r.stdout.lines().next().unwrap_or("");
        assert!(solves(&cube.facelets(), line), "{method}: {line}");
        assert!(!r.stderr.contains("paper letter"), "{}", r.stderr);
    }
}

#[test]
fn a_max_length_shorter_than_every_solution_is_said_to_be_so_with_no_advice_of_more_time() {
    let r = run(&["solve", "--max-length", "3", "R U F L"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "cubework: no solution of 3 moves or fewer exists: allow more moves (--max-length N)\n"
    );
    // The REPL's advice is in its own words.
    let r = run(&[], "R U F L\nsolve max 3\n");
    assert!(
        r.stdout
            .contains("no solution of 3 moves or fewer exists: allow more moves (solve max N)")
            || r.stderr
                .contains("no solution of 3 moves or fewer exists: allow more moves (solve max N)"),
        "{} {}",
        r.stdout,
        r.stderr
    );
}

#[test]
fn tables_are_listed_built_and_rebuilt_when_damaged() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cache");
    let tables = |args: &[&str]| {
        let out = Command::cargo_bin("cubework")
            .unwrap()
            .env("CUBEWORK_CACHE_DIR", &dir)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let row = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .to_string()
    };
    let listed = tables(&["tables"]);
    for name in ["pocket-qtm", "pocket-htm", "twophase"] {
        assert!(row(&listed, name).contains("missing"), "{listed}");
    }
    let built = tables(&["tables", "build"]);
    assert!(built.contains("twophase: built in"), "{built}");
    for name in ["pocket-qtm", "pocket-htm", "twophase"] {
        let r = row(&built, name);
        assert!(
            r.contains("built") && r.contains(&format!("{name}.bin")),
            "{built}"
        );
    }
    assert!(row(&built, "twophase").contains("1,066,672"), "{built}");
    // Damage the two-phase file: listed as damaged with the reason, rebuilt by `tables build`.
    let path = dir.join("twophase.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[300_000] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    let listed = tables(&["tables"]);
    assert!(row(&listed, "twophase").contains("damaged"), "{listed}");
    assert!(listed.contains("twophase: the cache file"), "{listed}");
    let rebuilt = tables(&["tables", "build"]);
    assert!(rebuilt.contains("twophase: built in"), "{rebuilt}");
    assert!(rebuilt.contains("is damaged"), "{rebuilt}");
    assert!(row(&rebuilt, "twophase").contains("built"), "{rebuilt}");
    assert!(tables(&["tables", "build"]).contains("twophase: loaded from"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_repl_solves_hints_and_scrambles_to_random_states() {
    let r = run(
        &[],
        "scramble random seed 5\nsolve\nshow facelets\nsolve bfs R U\nhint size 2 R U\nsolve qtm\n",
    );
    assert_eq!(r.code, Some(2), "solve qtm failed: {}", r.stderr);
    common::assert_one_line(&r.stderr, "half-turn metric (htm) only", "");
    let lines: Vec<&str> = r.stdout.lines().collect();
    let label = lines[0];
    assert!(label.starts_with("scramble random seed 5: "), "{label}");
    let scramble = label.split(": ").nth(1).unwrap();
    // The cube is set to the random state, so solve's answer solves the scramble.
    let at = lines
        .iter()
        .position(|l| l.contains("in the half-turn metric, two-phase"))
        .unwrap();
    let solution = lines[at + 1];
    assert!(solution.split_whitespace().count() <= 21);
    assert!(solves(scramble, solution), "{scramble} / {solution}");
    assert!(r.stdout.contains("\nU' R'\n"), "bfs: {}", r.stdout);
    assert!(
        r.stdout.contains("of an optimal 2×2×2 solution"),
        "{}",
        r.stdout
    );

    // hint apply, again and again, follows one solution to solved.
    let mut script = String::from("R U F' D2 L B\n");
    for _ in 0..25 {
        script.push_str("hint apply\n");
    }
    script.push_str("solved?\nhint\n");
    let r = run(&[], &script);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let applied = r.stdout.matches("hint apply: ").count();
    assert!((1..=21).contains(&applied), "{applied}");
    assert!(
        r.stdout.contains("\nyes\nsolved: no move needed\n"),
        "{}",
        r.stdout
    );

    // On a 2×2×2 session, hints come from the pocket table and walk to solved optimally,
    // and `solve` answers from the same table. (scramble random draws the 2×2×2's random
    // state from the pocket table: see tests/scrambles.rs.)
    let r = run(
        &[],
        "size 2\nR U F2\nhint apply\nhint apply\nhint apply\nsolved?\nsolve\nscramble random\n",
    );
    assert!(r.stdout.contains("\nyes\n"), "{}", r.stdout);
    assert_eq!(r.stdout.matches("hint apply: ").count(), 3, "{}", r.stdout);
    assert!(r.stdout.contains("scramble random seed "), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("0 moves from solved in the half-turn metric"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

#[test]
fn a_time_limited_solve_says_how_long_it_took_not_only_the_limit() {
    // `R U` is solved at once; the answer says so, beside the limit it was given.
    let r = run(&["solve", "--time-limit", "30", "R U"], "");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let head = r.stdout.lines().next().unwrap_or_default().to_string();
    let took: f64 = head
        .split("the best found in ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{head}"));
    assert!(head.contains("of the 30.00 s allowed"), "{head}");
    assert!(took < 30.0, "{head}");
}
