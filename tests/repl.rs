//! The REPL driven through stdin (no terminal: no prompts, no colour), every command included.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;

fn session(input: &str) -> (String, String, Option<i32>) {
    let out = Command::cargo_bin("cubework")
        .unwrap()
        .env(
            "CUBEWORK_DATA_DIR",
            common::shared_dir("cubework-test-data"),
        )
        // The tables in the tests' cache, never the user's, with the small two-phase set a
        // fresh machine has.
        .env("CUBEWORK_CACHE_DIR", common::tables_dir())
        .env("CUBEWORK_TWOPHASE_TABLE", "small")
        .write_stdin(input)
        .output()
        .unwrap();
    common::outcome(out)
}

#[test]
fn a_whole_session_snapshot() {
    let script = "\
# comments and blank lines do nothing

R U R' U'
rep numeric
show facelets
undo
redo
history
notation paper
do 'F\u{304}D\u{304}FDRDR\u{304}'
notation standard
solved?
invert
solved?
rep composite
x
show net
scramble 5 seed 1
reset
show facelets
load UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB
rep visual
R'
solved?
help scramble
quit
R
";
    let (stdout, stderr, code) = session(script);
    insta::assert_snapshot!("session_stdout", stdout);
    insta::assert_snapshot!("session_stderr", stderr);
    assert_eq!(
        code,
        Some(2),
        "one line failed (x on composite), so the status says so"
    );
}

#[test]
fn errors_do_not_end_the_session() {
    let (stdout, stderr, code) = session(
        "R Q\nrep cubic\nload XYZ\nundo\nfrobnicate now\nnotation martian\nhelp nothing\nscramble lots\nR\nshow facelets\n",
    );
    assert_eq!(stderr.lines().count(), 8, "{stderr}");
    assert!(stderr.lines().all(|l| l.starts_with("error: ")), "{stderr}");
    common::assert_ends(
        &stdout,
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\n",
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_facelet_string_typed_as_moves_or_loaded_in_lowercase_is_named_and_the_cube_kept() {
    let after_r = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let (stdout, stderr, code) = session(&format!(
        "R\n{}\n{solved}\nload {}\nshow facelets\n",
        &solved[1..],
        solved.to_lowercase()
    ));
    let err: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        err,
        [
            "error: line 2: facelet string has 53 characters, expected 54 (6 faces of 9) (a state is loaded with `load FACELETS`)",
            "error: line 3: that is a facelet string, not moves: load it with `load FACELETS`",
            "error: line 4: facelet string has lowercase 'u' at position 1 (write it as a capital: U R F D L B)",
        ]
    );
    assert!(stdout.ends_with(&format!("{after_r}\n")), "{stdout}");
    assert_eq!(code, Some(2));
}

#[test]
fn show_all_of_the_goal_state() {
    let (stdout, _, code) = session("show all\n");
    assert_eq!(code, Some(0));
    insta::assert_snapshot!("goal_all_seven", stdout);
}

#[test]
fn run_a_session_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("session.txt");
    std::fs::write(&file, "R U\nshow facelets\n").unwrap();
    let out = Command::cargo_bin("cubework")
        .unwrap()
        .arg("run")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    common::assert_ends(
        &stdout,
        "UUUUUUFFFUBBRRRRRRRRRFFDFFDDDBDDBDDBFFDLLLLLLLLLUBBUBB\n",
    );
    let missing = Command::cargo_bin("cubework")
        .unwrap()
        .args(["run", "/nonexistent/session.txt"])
        .output()
        .unwrap();
    assert_eq!(
        missing.status.code(),
        Some(2),
        "a file that cannot be read is bad input"
    );
    assert_eq!(
        String::from_utf8(missing.stderr).unwrap().lines().count(),
        1
    );
}

#[test]
fn show_variants_reps_compare_and_paper() {
    let (stdout, stderr, code) = session(
        "rep local\nshow\nshow composite\nshow bogus\nreps\ncompare 300\npaper 300\ncompare none\n",
    );
    assert_eq!(code, Some(2), "show bogus and compare none fail");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    common::assert_has(&stderr, "'bogus' is not a representation");
    common::assert_has(&stderr, "'none' is not a number of turns");
    assert!(
        stdout.contains("WWWWWWWWWWWW\nGGGOOOYYYRRR"),
        "show composite: {stdout}"
    );
    // compare: one row per representation with positive timings; the paper's seven ranked,
    // then the piece-mapping representation (outside the paper) with nothing compiled.
    let compare_rows: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|l| l.starts_with("│ ") && !l.contains("ns/turn") && l.split('┆').count() == 11)
        .map(|l| l.trim_matches('│').split('┆').map(str::trim).collect())
        .collect();
    assert_eq!(compare_rows.len(), 8, "{stdout}");
    // A median, then its quartiles in brackets: `1,234 [1,200–1,250]`.
    let median = |cell: &str| -> f64 {
        cell.split_whitespace()
            .next()
            .unwrap()
            .replace(',', "")
            .parse()
            .unwrap()
    };
    for cells in &compare_rows[..7] {
        let defined = median(cells[5]);
        let compiled = median(cells[6]);
        assert!(defined > 0.0 && compiled > 0.0, "{cells:?}");
        assert!(cells[7].parse::<u8>().is_ok(), "ranked: {cells:?}");
    }
    let pieces = &compare_rows[7];
    assert_eq!(pieces[0], "pieces");
    assert!(
        median(pieces[5]) > 0.0 && pieces[6].is_empty(),
        "{pieces:?}"
    );
    // paper: the paper's ranks beside the measured ones.
    assert!(
        stdout.contains("| Numeric") || stdout.contains("│ Numeric"),
        "{stdout}"
    );
    assert!(stdout.contains("Simple, Display and Insight stay the paper's judgement alone."));
}

#[test]
fn algebra_tools_and_solvers_from_the_repl() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = Command::cargo_bin("cubework")
        .unwrap()
        .env("CUBEWORK_CACHE_DIR", dir)
        .write_stdin(
            "order size 4 U R U' R'\ncycles R\neffect FLIP\nexpand [R, U]\nsimplify U D U\ncount qtm R U2\n\
             invert (R U)3\ntools\nR U R'\nsolve\npocket solve R U\npocket table csv\n",
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    for answer in [
        "6",
        "(3 43 48 21)(6 40 51 24)(9 37 54 27)(28 30 36 34)(29 33 35 31)",
        "FR → FR (flipped), BR → BR (flipped)",
        "R U R' U'",
        "U2 D",
        "3",
        "(U' R')3",
        "R U' R'",
        "U' R'",
        "11,2644",
    ] {
        assert!(lines.contains(&answer), "missing {answer:?} in\n{stdout}");
    }
    assert!(stdout.contains("6 tools"), "{stdout}");
}

/// `size N` switches the session to the solved N×N×N cube in the current representation;
/// moves, `show`, `reps`, `load`, `reset` and `compare` follow the size; a representation
/// that does not hold it refuses in one line, and undo goes back across sizes.
#[test]
fn sessions_at_every_size() {
    let (stdout, stderr, code) = session(
        "size\nsize 4\nsize\nrep local\nRw U'\nshow facelets\nshow composite\nrep composite\n\
         reps\nsize 2\nrep composite\nR U x\nshow facelets\nundo\nundo\nundo\nrep vector\nundo\nsize\n\
         size 12\nsolve\ncompare sizes 2..3 200\n",
    );
    assert_eq!(code, Some(2), "{stderr}");
    // The errors, not the note that the 4×4×4's tables are being built (on a fresh cache).
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 5, "{stderr}");
    assert!(errors[0].contains(
        "line 7: the composite representation holds the 2×2×2 and 3×3×3 cubes, not the 4×4×4"
    ));
    assert!(errors[1].contains("line 8: the composite representation holds"));
    // Undoing `size 2` would bring back the 4×4×4, which composite does not hold.
    for (error, line) in errors[2..4].iter().zip([15, 16]) {
        assert!(
            error.contains(&format!(
                "line {line}: can't undo 'size 2' in this representation"
            )),
            "{stderr}"
        );
    }
    assert!(errors[4].contains("line 20: cube size 12 is not supported (2 to 9)"));
    // The 4×4×4 is solved by reduction.
    common::assert_has(&stdout, "moves in the half-turn metric, reduction");
    assert!(
        stdout.contains("ns/turn compiled"),
        "compare sizes: {stdout}"
    );
    assert!(stdout.starts_with("size: 3×3×3\n"), "{stdout}");
    assert!(stdout.contains("\nsize: 4×4×4\n"), "{stdout}");
    // The local 4×4×4 after Rw U', as the facelet string of the geometry.
    let cube = common::cube_after(4, "Rw U'");
    common::assert_has(&stdout, &format!("\n{}\n", cube.facelets()));
    // reps at the session's size.
    assert!(stdout.contains("6×4×4") && stdout.contains("holds only sizes 2 to 3"));
    // The 2×2×2 composite defines x.
    let two = common::cube_after(2, "R U x");
    common::assert_has(&stdout, &format!("\n{}\n", two.facelets()));
    // In the vector, undo goes back to the 4×4×4 after Rw U'.
    assert!(stdout.contains("undid: size 2\n"), "{stdout}");
    // Then `size` says so, and `solve` solves it by reduction.
    assert!(
        stdout.contains("\nsize: 4×4×4\n") && stdout.contains("half-turn metric, reduction"),
        "{stdout}"
    );
}

#[test]
fn draw_and_view_in_a_session() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let script = format!(
        "R U R' U'\ndraw {a}\ndraw {b} net\nview yaw 200 pitch -30\ndraw {c} back\nview\n\
         view pitch 100\ndraw {d} sideways\ndraw\nrep visual\ndraw {e} rep\ndraw {f}\ndraw {g} net only U arrows R U R' U'\nview distance 9\n",
        a = file("a.svg"),
        b = file("b.svg"),
        c = file("c.svg"),
        d = file("d.svg"),
        e = file("e.svg"),
        f = file("f.html"),
        g = file("g.svg"),
    );
    let (stdout, stderr, code) = session(&script);
    let wrote: Vec<&str> = stdout.lines().filter(|l| l.starts_with("wrote ")).collect();
    assert_eq!(wrote.len(), 6, "{stdout}");
    assert!(wrote[0].contains("3-D view of the 3×3×3 from yaw 35 pitch 30"));
    assert!(wrote[1].contains("net of the 3×3×3"));
    assert!(wrote[2].contains("from yaw 200 pitch -30, and from behind"));
    assert!(wrote[3].contains("the visual representation"));
    assert!(wrote[4].contains("HTML page"));
    assert!(wrote[5].contains("net of the 3×3×3, only layer U in colour, with arrows"));
    assert!(stdout.contains("view: yaw 200 pitch -30 distance 4\n"));
    common::assert_ends(&stdout, "view: yaw 200 pitch -30 distance 9\n");
    // Three bad lines, one line each; the session went on.
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{stderr}");
    assert!(errors[0].contains("pitch 100 is out of range (-90 to 90 degrees)"));
    assert!(errors[1].contains("unknown view 'sideways'"));
    assert!(errors[2].contains("draw needs a file"));
    assert_eq!(code, Some(2));
    for (name, start) in [
        ("a.svg", "<svg"),
        ("b.svg", "<svg"),
        ("c.svg", "<svg"),
        ("e.svg", "<svg"),
        ("f.html", "<!doctype html>"),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(text.starts_with(start), "{name}");
    }
    assert!(!dir.join("d.svg").exists());
    // The state drawn is the session's: the same as `cubework draw` of the same moves.
    let direct = Command::cargo_bin("cubework")
        .unwrap()
        .args(["draw", "R U R' U'", "-o", "-"])
        .output()
        .unwrap();
    let from_repl = std::fs::read_to_string(dir.join("a.svg")).unwrap();
    let stickers = |svg: &str| -> Vec<String> {
        svg.lines()
            .filter(|l| l.contains("<polygon"))
            .map(String::from)
            .collect()
    };
    let direct = stickers(&String::from_utf8(direct.stdout).unwrap());
    assert_eq!(direct.len(), 3 + 27, "three faces and their stickers");
    assert_eq!(stickers(&from_repl), direct);
}

#[test]
fn draw_in_a_session_answers_in_the_sessions_words_not_the_flags() {
    let tmp = tempfile::tempdir().unwrap();
    let file = |name: &str| tmp.path().join(name).to_string_lossy().into_owned();
    let script = format!(
        "draw {a} back net\ndraw {b} net\ndraw {c} rep only corners\ndraw {d} only wings\n",
        a = file("a.svg"),
        b = file("b.html"),
        c = file("c.svg"),
        d = file("d.svg"),
    );
    let (_, stderr, code) = session(&script);
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(errors.len(), 4, "{stderr}");
    for (line, says) in errors.iter().zip([
        "back adds the view from behind to the 3-D view (3d)",
        "an .html page draws the 3-D view (3d)",
        "only and arrows draw on the 3d and net views",
        "only wings: ",
    ]) {
        assert!(line.contains(says), "{line:?} lacks {says:?}");
        assert!(
            !line.contains("--"),
            "{line:?} names a flag of the command line"
        );
    }
    assert_eq!(code, Some(2));
}

#[test]
fn extra_words_are_refused_and_undo_and_redo_take_a_count() {
    let (stdout, stderr, code) = session(
        "R\nU\nF\nreset R U\nundo 0\nhistory foo\nundo 2\nstage? all\nredo 2\nhistory\nquit now\nshow facelets\n",
    );
    let errors: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "error: line 4: reset takes nothing after it, not 'R U'",
            "error: line 5: undo '0'? (undo, or undo N for the last N changes)",
            "error: line 6: history takes nothing after it, not 'foo'",
            "error: line 8: stage? takes nothing after it, not 'all'",
            "error: line 11: quit takes nothing after it, not 'now'",
        ],
        "{stderr}"
    );
    assert_eq!(code, Some(2));
    assert!(stdout.contains("undid: F\nundid: U\n"), "{stdout}");
    assert!(stdout.contains("redid: U\nredid: F\n"), "{stdout}");
    assert!(stdout.contains("  1  R\n  2  U\n  3  F\n"), "{stdout}");
    // The session went on past `quit now`: the cube after R U F.
    let cube = common::cube_after(3, "R U F");
    common::assert_ends(&stdout, &format!("\n{}\n", cube.facelets()));
}

/// The deepest the parentheses of `text` go: 2 or more is a parenthesis inside another.
fn parenthesis_depth(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

#[test]
fn help_text_and_the_apl_greetings_never_nest_parentheses_so_system_commands_do_not_read_as_typos()
{
    let (stdout, stderr, _) = session("help\nhelp apl\napl\n)nonsense\n)off\n");
    for line in stdout.lines().chain(stderr.lines()) {
        // A system command such as )fns closes no parenthesis: count only the prose's.
        let prose: String = line
            .split_whitespace()
            .filter(|w| !w.starts_with(')'))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(parenthesis_depth(&prose) < 2, "nested parentheses: {line}");
        assert!(!line.contains("()"), "an empty-looking pair: {line}");
    }
    common::assert_has(&stdout, "; )fns lists them; )off or moves leaves");
}

#[test]
fn an_apl_line_that_changes_the_cube_at_the_normal_prompt_shows_it_as_a_line_of_moves_does() {
    let (stdout, stderr, code) = session("apl CUBE←U CUBE\nshow\n");
    assert_eq!(code, Some(0), "{stderr}");
    // The line shows the new cube; `show` then shows the same again.
    let half = stdout.len() / 2;
    assert!(
        !stdout.is_empty() && stdout.is_char_boundary(half),
        "{stdout}"
    );
    assert_eq!(stdout[..half], stdout[half..], "{stdout}");
    // In APL mode an assignment stays quiet, as APL's does.
    let (stdout, _, _) = session("apl\nCUBE←U CUBE\n)off\n");
    assert_eq!(
        stdout.lines().count(),
        2,
        "the greeting and the leaving: {stdout}"
    );
}

#[test]
fn scramble_says_it_turned_an_unsolved_cube_and_invert_says_when_the_moves_cancel() {
    let (stdout, stderr, _) = session("reset\nF\nscramble 1 seed 1\ninvert\n");
    assert!(
        stdout
            .contains("scramble 1 seed 1: F' (these turns on the cube as it was, not from solved"),
        "{stdout}"
    );
    assert_eq!(
        stderr.trim(),
        "error: line 4: nothing to invert: the 2 moves since the last reset cancel, so the cube is as it was then"
    );
    // From solved, the scramble needs no remark.
    let (stdout, _, _) = session("scramble 1 seed 1\n");
    assert!(stdout.starts_with("scramble 1 seed 1: F'\n"), "{stdout}");
}

#[test]
fn solve_on_a_two_by_two_session_solves_it_with_the_pocket_table() {
    let (stdout, stderr, _) =
        common::session_with(common::cubework(), "size 2\nR U\nsolve\nsolve optimal\n");
    assert!(
        stdout.contains("2 moves from solved in the half-turn metric (God's number 11); an optimal solution:\nU' R'\n"),
        "{stdout}{stderr}"
    );
    assert_eq!(
        stderr.trim(),
        "error: line 4: solve optimal works on the 3×3×3; on the 2×2×2, solve alone finds a shortest solution"
    );
}

#[test]
fn draw_replaces_a_picture_it_wrote_but_never_another_file() {
    let tmp = tempfile::tempdir().unwrap();
    let notes = tmp.path().join("notes.txt");
    let picture = tmp.path().join("cube.svg");
    std::fs::write(&notes, "my notes\n").unwrap();
    let script = format!(
        "draw {notes}\nR\ndraw {picture}\nU\ndraw {picture}\n",
        notes = notes.display(),
        picture = picture.display()
    );
    let (stdout, stderr, _) = session(&script);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    common::assert_one_line(
        &stderr,
        &format!("{} exists and is not a picture", notes.display()),
        "draw over notes: ",
    );
    // The picture it wrote is replaced by the next draw.
    let wrote = stdout.lines().filter(|l| l.starts_with("wrote ")).count();
    assert_eq!(wrote, 2, "{stdout}");
}

#[test]
fn a_traditional_function_left_open_when_piped_input_ends_is_closed_with_a_note() {
    let (out, err, code) = session("apl\n∇Z←FOO X\nZ←X+1\n");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.contains("∇Z←FOO X was not closed with ∇ before the input ended: it is closed there"),
        "{err}"
    );
    // One that cannot be closed is one error naming the last line, and the exit says so.
    let (_, err, code) = session("apl\n∇Z←BAR X\nZ←X+(\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with("error: line 3: "), "{err}");
}

#[test]
fn apl_alone_with_piped_input_runs_each_line_as_apl_with_the_repls_exit_status() {
    let run = |args: &[&str], input: &str| {
        let out = Command::cargo_bin("cubework")
            .unwrap()
            .env(
                "CUBEWORK_DATA_DIR",
                common::shared_dir("cubework-test-data"),
            )
            .args(args)
            .write_stdin(input)
            .output()
            .unwrap();
        common::outcome(out)
    };
    let (out, err, code) = run(&["apl"], "2+2\n⍴CUBE\n");
    assert_eq!((out.as_str(), code), ("4\n54\n", Some(0)), "{err}");
    // A line that fails is named, the next lines run (`moves` leaves APL mode), exit 2.
    let (out, err, code) = run(&["apl"], "1+(\nmoves\nR R'\nsolved?\n");
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.starts_with("error: line 1: "), "{err}");
    assert!(out.ends_with("yes\n"), "{out}");
    // In the context the command line gives: --rep (the numeric array has 3 axes, the vector 1).
    let (out, err, code) = run(&["apl", "--rep", "numeric"], "⍴⍴CUBE\n");
    assert_eq!((out.as_str(), code), ("3\n", Some(0)), "{err}");
}

#[test]
fn a_command_of_the_command_line_typed_in_the_repl_says_so_and_the_session_goes_on() {
    let (out, err, code) = session("run s1.txt\ntables\nApply R U\nR\nsolved?\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "error: line 1: run is a command of the command line only: in a shell, cubework run s1.txt",
            "error: line 2: tables is a command of the command line only: in a shell, cubework tables",
            "error: line 3: apply is a command of the command line only: in a shell, cubework apply R U",
        ],
        "{err}"
    );
    assert!(out.ends_with("no\n"), "{out}");
    assert_eq!(code, Some(2));
}

#[test]
fn an_apl_system_command_typed_in_moves_mode_says_to_type_apl_first_and_is_not_run() {
    let (out, err, code) = session(")save ws.apl\n)VARS\n)load\nR\nsolved?\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "error: line 1: `)save` is an APL system command: type `apl` first (or `apl )save ws.apl`)",
            "error: line 2: `)VARS` is an APL system command: type `apl` first (or `apl )VARS`)",
            "error: line 3: `)load` is an APL system command: type `apl` first (or `apl )load FILE`)",
        ],
        "{err}"
    );
    assert!(!std::path::Path::new("ws.apl").exists(), "nothing saved");
    assert!(out.ends_with("no\n"), "{out}");
    assert_eq!(code, Some(2));
}

#[test]
fn an_error_on_a_long_line_shows_an_excerpt_around_its_column_not_the_whole_line() {
    // An APL error 50,000 characters into a line of 100,000 (two long strings).
    let (x, y) = ("x".repeat(50_000), "y".repeat(50_000));
    let line = format!("apl '{x}',⍳'a'⊣'{y}'");
    let (out, err, code) = session(&format!("{line}\nR\nsolved?\n"));
    assert!(
        err.len() < 600,
        "{} bytes: {}",
        err.len(),
        &err[..600.min(err.len())]
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    let (shown, caret) = (lines[1].trim_start(), lines[2].trim_start());
    assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
    // The caret under the ⍳ the error is about (each character here one column wide).
    let indent = lines[2].len() - caret.len();
    assert_eq!(caret, "^");
    assert_eq!(lines[1].chars().nth(indent), Some('⍳'), "{err}");
    assert!(out.ends_with("no\n"), "{out}");
    assert_eq!(code, Some(2));
}

#[test]
fn help_for_a_command_of_the_command_line_says_so_and_gives_its_help() {
    let (out, err, code) = session("help tables\nhelp run\nhelp frobnicate\n");
    assert!(
        out.starts_with(
            "tables is a command of the command line only: in a shell,\ncubework tables [build"
        ),
        "{out}"
    );
    common::assert_has(
        &out,
        "run is a command of the command line only: in a shell,\ncubework run FILE\n  run a session file",
    );
    assert_eq!(
        err,
        "error: line 3: no help for 'frobnicate': not a command\n"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_paper_letter_in_draw_only_or_arrows_suggests_the_repls_notation_command() {
    let dir = common::fresh_dir("repl-draw-paper-hint");
    let file = dir.join("f.svg");
    let file = file.display();
    let (_, err, _) = session(&format!("draw {file} only X\ndraw {file} arrows X\n"));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    for line in lines {
        common::assert_has(
            line,
            "(that is a paper letter: switch with `notation paper`)",
        );
        assert!(!line.contains("--notation"), "{line}");
    }
}

#[test]
fn order_compare_and_pocket_table_read_plot_as_the_command_line_does() {
    let dir = common::fresh_dir("repl-plot");
    let (o, p, c) = (dir.join("o.svg"), dir.join("p.svg"), dir.join("c.svg"));
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let (out, err, code) = session(&format!(
        "order --plot {} R U\npocket table --plot {}\ncompare --plot {} 200\norder --plot {} R\nR\nsolved?\n",
        o.display(),
        p.display(),
        c.display(),
        notes.display()
    ));
    assert!(out.contains("105"), "{out}");
    for chart in [&o, &p, &c] {
        let text = std::fs::read_to_string(chart).unwrap();
        assert!(
            text.starts_with("<svg") || text.starts_with("<?xml"),
            "{text:.80}"
        );
    }
    // A file that is not a picture is not written over, as draw does not write over one.
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    assert_eq!(err.lines().count(), 1, "{err}");
    common::assert_has(&err, "--plot: ");
    common::assert_has(&err, "exists and is not a picture");
    assert!(out.ends_with("no\n"), "{out}");
    assert_eq!(code, Some(2));
}

#[test]
fn a_dfn_piped_over_several_lines_is_one_statement_and_leaves_the_workspace_as_it_was() {
    let input = "apl\ntotal←42\nf←{\n  total←0   ⍝ local to f\n  ⍵+total\n}\nf 5\ntotal\n\
                 g←{\n  h←{\n    ⍵×2\n  }\n  h ⍵\n}\ng 4\n";
    let (out, err, code) = session(input);
    assert_eq!(err, "", "{out}");
    assert_eq!(code, Some(0));
    let answers: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(answers, ["5", "42", "8"], "{out}");
    // Left open until an empty line: nothing of it runs, and one error names its first line.
    let (out, err, code) = session("apl\nn←1\nbad←{\n  n←2\n\nn\n");
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("error: line 3: SYNTAX ERROR: unclosed bracket"),
        "{err}"
    );
    assert_eq!(out.lines().last(), Some("1"), "{out}");
}

#[test]
fn off_inside_a_traditional_function_closes_it_and_leaves_no_numbered_prompt() {
    let data = common::fresh_dir("off-inside");
    let out = Command::cargo_bin("cubework")
        .unwrap()
        .env("CUBEWORK_DATA_DIR", &data)
        .write_stdin("apl\n∇ R←G X\nR←X+1\n)off\nR\napl\nG 1\n")
        .output()
        .unwrap();
    let (out, err, code) = common::outcome(out);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.contains("∇ R←G X was not closed with ∇ before )off: it is closed there"),
        "{err}"
    );
    assert!(out.contains("moves"), "{out}");
    // R turned the cube (moves mode), and G is defined, no line of it typed after )off.
    assert!(out.ends_with("2\n"), "{out}");
}

#[test]
fn help_apl_names_control_structures_strand_assignment_box_and_n_wise_reduction() {
    let (out, err, code) = session("help apl\n");
    assert_eq!(code, Some(0), "{err}");
    for said in [
        "strand assignment",
        ":If :ElseIf :Else :EndIf",
        ":For X :In V",
        ":Select :Case",
        "]box on|off",
        "2+/⍳5",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
}

#[test]
fn hint_answers_in_the_sessions_notation_as_solve_does() {
    // Paper letters: R U F typed in the paper's notation (each the standard move's inverse).
    let (out, err, code) = common::session_with(
        common::cubework(),
        "notation paper\nRUF\nhint\nhint apply\nhistory\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let hint = out
        .lines()
        .find(|l| l.starts_with("hint: "))
        .unwrap_or_else(|| panic!("no hint: {out}"));
    let first = hint
        .strip_prefix("hint: ")
        .and_then(|h| h.split_once(" ("))
        .map(|(first, _)| first)
        .unwrap();
    let rest = hint
        .split_once("; then ")
        .and_then(|(_, r)| r.strip_suffix(')'))
        .unwrap();
    // Read back in the paper's notation, the hint and the rest solve the cube RUF made.
    let paper = cubework::Notation::Paper;
    let mut cube = cubework::Cube::solved();
    for moves in ["RUF", first, rest] {
        let moves = cubework::parse_sequence(moves, paper)
            .unwrap_or_else(|e| panic!("{moves:?} is not paper notation ({e}): {out}"));
        cube.apply_all(&moves).unwrap();
    }
    assert!(cube.is_solved(), "{hint}");
    // `hint apply` names the move it made in the same notation.
    assert!(
        out.contains(&format!("hint apply: {first}")),
        "{first}: {out}"
    );
}
