//! What a new user trips over: answers in the notation being typed, states pasted back,
//! impossible cubes named at once, and the small things that read as carelessness.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use cubework::{Cube, Notation, parse_moves};

fn cubework() -> Command {
    common::cubework_in("cubework-new-user")
}

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    common::run_with(cubework(), args)
}

fn session(input: &str) -> (String, String, Option<i32>) {
    common::session_with(cubework(), input)
}

fn cube_after(moves: &str, notation: Notation) -> Cube {
    let mut cube = Cube::solved();
    cube.apply_all(&parse_moves(moves, notation).unwrap())
        .unwrap();
    cube
}

/// The line after the line starting with `head`.
fn after<'a>(text: &'a str, head: &str) -> &'a str {
    let mut lines = text.lines();
    lines
        .find(|l| l.starts_with(head))
        .unwrap_or_else(|| panic!("no {head:?} in {text}"));
    lines.next().unwrap()
}

#[test]
fn a_session_in_paper_notation_answers_in_paper_notation() {
    let (out, err, code) = session(
        "notation paper\nRDF\ninvert\nRDF\nsolve\nsimplify RR\nsimplify RR\u{305}D\nscramble 5 seed 3\nsolve beginner\n",
    );
    assert_eq!(code, Some(0), "{err}");
    // invert: the paper's letters, and they undo RDF.
    let inverse = out
        .lines()
        .find_map(|l| l.strip_prefix("invert: "))
        .unwrap();
    let mut cube = cube_after("RDF", Notation::Paper);
    cube.apply_all(&parse_moves(inverse, Notation::Paper).unwrap())
        .unwrap();
    assert!(cube.is_solved(), "{inverse}");
    // solve: says it is in the paper's notation, and pastes back to solved.
    let solution = after(&out, "3 moves in the half-turn metric");
    assert!(out.contains("in the paper's notation:"), "{out}");
    let mut cube = cube_after("RDF", Notation::Paper);
    cube.apply_all(&parse_moves(solution, Notation::Paper).unwrap())
        .unwrap();
    assert!(cube.is_solved(), "{solution}");
    // simplify: RR is as short as the paper writes a half-turn.
    common::assert_has(&out, "RR: nothing cancels or merges (2 moves)\nRR\n");
    assert!(out.contains("simplifies from 3 to 1 move\nD\n"), "{out}");
    // The beginner's method's whole solution is paper letters too.
    let beginner = out
        .lines()
        .skip_while(|l| !l.contains("moves by stage"))
        .nth(1)
        .unwrap();
    assert!(parse_moves(beginner, Notation::Paper).is_ok(), "{beginner}");
    assert!(parse_moves(beginner, Notation::Standard).is_err() || beginner.is_empty());
}

#[test]
fn solvers_print_half_turns_as_cubers_write_them_in_either_metric() {
    for metric in ["htm", "qtm"] {
        let (out, _, code) = run(&["solve", "--method", "bfs", "--metric", metric, "R2 D2"]);
        assert_eq!(code, Some(0));
        assert_eq!(out.lines().last(), Some("D2 R2"), "{metric}: {out}");
        let (out, _, _) = run(&["pocket", "solve", "--metric", metric, "R2 U2"]);
        assert_eq!(out.lines().last(), Some("U2 R2"), "{metric}: {out}");
    }
}

#[test]
fn the_papers_outer_letters_work_on_the_pocket_cube() {
    let (out, err, code) = run(&["pocket", "solve", "--notation", "paper", "U"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("in the paper's notation"), "{out}");
    assert_eq!(out.lines().last(), Some("U\u{305}"));
    let (_, err, code) = run(&["pocket", "solve", "--notation", "paper", "C"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("middle slice"), "{err}");
}

#[test]
fn impossible_cubes_are_named_when_they_come_in() {
    let mut s: Vec<char> = Cube::solved().facelets().chars().collect();
    // URF's U, R and F stickers cycled: the corner twisted in place.
    (s[8], s[9], s[20]) = (s[20], s[8], s[9]);
    let twisted: String = s.into_iter().collect();
    let (out, err, code) = run(&["apply", "--from", &twisted, "--show", "facelets", "R"]);
    assert_eq!(
        code,
        Some(0),
        "held, as the representations hold any stickers"
    );
    assert_eq!(out.lines().count(), 1);
    assert_eq!(err.lines().count(), 1);
    common::assert_has(&err, "note: this cube cannot be reached by turning");
    assert!(err.contains("a corner has been twisted in place"), "{err}");
    let (_, err, _) = session(&format!("load {twisted}\n"));
    common::assert_starts(&err, "note: this cube cannot be reached");
}

#[test]
fn what_the_repl_prints_loads_back() {
    let (out, _, _) = session("R U F\nshow facelets\n");
    let vector = out.lines().next().unwrap();
    let facelets = out.lines().nth(1).unwrap();
    // The vector's colour letters, and the local display's faces with their spaces and lines.
    let (local_out, _, _) = session("R U F\nrep local\n");
    let local_display = local_out.split("\n").skip(1).collect::<Vec<_>>().join("\n");
    for pasted in [vector.to_string(), local_display] {
        let (out, err, code) = session(&format!(
            "load {}\nshow facelets\n",
            pasted.replace('\n', " ")
        ));
        assert_eq!(code, Some(0), "{pasted}: {err}");
        assert_eq!(out.lines().last(), Some(facelets), "{pasted}");
    }
    let (_, err, _) = session(&format!("load {}\n", "WU".repeat(27)));
    assert!(err.contains("mixes face letters"), "{err}");
}

#[test]
fn small_things() {
    // The REPL's hint names the REPL command; the command line's names the option.
    let (_, err, _) = session("X\n");
    assert!(err.contains("switch with `notation paper`"), "{err}");
    let (_, err, _) = run(&["apply", "X"]);
    assert!(err.contains("--notation paper"), "{err}");
    // One move, one state.
    let (out, _, _) = run(&["expand", "R"]);
    assert!(out.starts_with("R expands to 1 move\n"), "{out}");
    let (out, _, _) = run(&["solve", "--method", "bfs", "R"]);
    assert!(out.starts_with("1 move in the half-turn metric"), "{out}");
    // solve offers only the metrics it searches in.
    let (help, _, _) = run(&["solve", "--help"]);
    assert!(!help.contains("stm"), "{help}");
    // No state given: asked for, not the solved cube solved.
    for args in [&["solve"][..], &["pocket", "solve"]] {
        let (out, err, code) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains("which cube?"), "{err}");
    }
    // `rep pieces` says why not; an unknown word suggests the command it resembles.
    let (_, err, _) = session("rep pieces\nclear\nsolved\n");
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].contains("show pieces"), "{err}");
    assert!(
        lines[1].contains("did you mean the command `reset`?"),
        "{err}"
    );
    assert!(
        lines[2].contains("did you mean the command `solved?`?"),
        "{err}"
    );
    // The mirror-image centre error says what to check.
    let mirrored: String = "UUUUUUUUULLLLLLLLLFFFFFFFFFDDDDDDDDDRRRRRRRRRBBBBBBBBB".into();
    let (_, err, _) = run(&["apply", "--from", &mirrored, "R"]);
    assert!(
        err.contains("mirror image") && err.contains("check that the faces come in the order"),
        "{err}"
    );
}

/// The sticker fills of one face's group in a net picture.
fn face_fills(svg: &str, face: char) -> Vec<String> {
    let start = svg
        .find(&format!("id=\"face-{face}\""))
        .unwrap_or_else(|| panic!("no face-{face} in the picture"));
    let rest = &svg[start..];
    let end = rest[1..].find("id=\"face-").map_or(rest.len(), |e| e + 1);
    rest[..end]
        .split("fill=\"")
        .skip(1)
        .map(|f| f[..7].to_string())
        .collect()
}

/// `apply ARGS` under the WCA colours shows `rows` (line, text); the paper's colours stay the
/// default: without `--colours`, line `paper.0` reads `paper.1`.
fn wca_rows_and_the_papers_by_default(args: &[&str], rows: &[(usize, &str)], paper: (usize, &str)) {
    let (out, err, code) = run(&[&["apply", "--colours", "wca"], args].concat());
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    for &(i, want) in rows {
        assert_eq!(lines[i], want, "{out}");
    }
    let (out, _, _) = run(&[&["apply"], args].concat());
    assert_eq!(out.lines().nth(paper.0), Some(paper.1), "{out}");
}

#[test]
fn the_wca_colours_give_a_white_top_and_a_green_front_in_the_net_the_picture_and_the_page() {
    let wca = [(0, "      W W G"), (3, "O O O G G Y R R R W B B")];
    wca_rows_and_the_papers_by_default(
        &["--show", "net", "R"],
        &wca,
        (3, "G G G O O B Y Y Y W R R"),
    );
    // The picture: the front face's stickers are green (its plastic behind them is not).
    let (svg, err, code) = run(&["draw", "--colours", "wca", "--view", "net", "-o", "-"]);
    assert_eq!(code, Some(0), "{err}");
    let front = face_fills(&svg, 'F');
    assert_eq!(
        front.iter().filter(|f| *f == "#009b48").count(),
        9,
        "{front:?}"
    );
    let up = face_fills(&svg, 'U');
    assert_eq!(up.iter().filter(|f| *f == "#ffffff").count(), 9, "{up:?}");
    let (svg, _, _) = run(&["draw", "--view", "net", "-o", "-"]);
    assert_eq!(
        face_fills(&svg, 'F')
            .iter()
            .filter(|f| *f == "#ff5800")
            .count(),
        9
    );
    // The page: its colours in face order U R F D L B.
    let (page, err, code) = run(&[
        "draw",
        "--colours",
        "wca",
        "--format",
        "html",
        "-o",
        "-",
        "R",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        page.contains(
            "const COLOURS = [\"#ffffff\",\"#c41e3a\",\"#009b48\",\"#ffd500\",\"#ff5800\",\"#0046ad\"];"
        ),
        "{page}"
    );
    // An unknown scheme is one line naming the choices.
    let (_, err, code) = run(&["apply", "--colours", "neon", "R"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("neon") && err.contains("wca"), "{err}");
}

#[test]
fn the_beginners_method_names_the_last_face_by_its_colour_in_the_scheme_chosen() {
    let (out, err, code) = run(&["solve", "--method", "beginner", "--colours", "wca", "R U F"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("1. white cross") && out.contains("4. yellow cross"),
        "{out}"
    );
    assert!(!out.contains("blue"), "{out}");
    let (out, _, _) = run(&["solve", "--method", "beginner", "R U F"]);
    assert!(out.contains("4. blue cross"), "{out}");
}

#[test]
fn the_colours_chosen_in_the_repl_stick_and_the_environment_chooses_too() {
    let dir = common::fresh_dir("colours-kept");
    let repl = || {
        let mut cmd = Command::cargo_bin("cubework").unwrap();
        cmd.env("NO_COLOR", "1")
            .env("CUBEWORK_DATA_DIR", &dir)
            .env_remove("CUBEWORK_COLOURS");
        cmd
    };
    let (out, err, code) = common::session_with(repl(), "colours\ncolours neon\ncolours wca\n");
    assert_eq!(code, Some(2), "the bad line fails the session");
    assert!(out.starts_with("colours: paper"), "{out}");
    common::assert_has(&out, "colours: wca (U white, R red, F green");
    common::assert_one_line(&err, "unknown colour scheme 'neon'", "");
    // The next session shows the net in the WCA's colours, and reads colour letters in them.
    let wca_solved = "WWWWWWWWWYYYYYYYYYBBBBBBBBBGGGGGGGGGOOOOOOOOORRRRRRRRR";
    let (out, err, code) =
        common::session_with(repl(), &format!("show net\nload {wca_solved}\nsolved?\n"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().nth(3), Some("O O O G G G R R R B B B"), "{out}");
    assert_eq!(out.lines().last(), Some("yes"), "{out}");
    // The command line follows the kept choice too, the environment over it, the flag over both.
    let mut cmd = repl();
    cmd.args(["apply", "--show", "net", ""]);
    let (out, _, _) = common::outcome(cmd.output().unwrap());
    assert_eq!(out.lines().nth(3), Some("O O O G G G R R R B B B"), "{out}");
    let mut cmd = repl();
    cmd.env("CUBEWORK_COLOURS", "paper")
        .args(["apply", "--show", "net", ""]);
    let (out, _, _) = common::outcome(cmd.output().unwrap());
    assert_eq!(out.lines().nth(3), Some("G G G O O O Y Y Y R R R"), "{out}");
    let mut cmd = repl();
    cmd.env("CUBEWORK_COLOURS", "sepia").args(["apply", "R"]);
    let (_, err, code) = common::outcome(cmd.output().unwrap());
    assert_ne!(code, Some(0));
    assert!(
        err.contains("CUBEWORK_COLOURS") && err.contains("sepia"),
        "{err}"
    );
}

#[test]
fn the_compare_and_paper_tables_fit_an_80_column_terminal_without_splitting_a_number() {
    for args in [
        &["compare", "--turns", "300"][..],
        &["paper"][..],
        &["compare", "--sizes", "2..4", "--turns", "200"][..],
    ] {
        let out = cubework().env("COLUMNS", "80").args(args).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{args:?}");
        let table: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(['│', '┌', '└', '╞']))
            .collect();
        assert!(table.len() > 10, "{args:?}: {text}");
        for line in &table {
            assert!(
                line.chars().count() <= 80,
                "{args:?}: wider than 80: {line}"
            );
            // A row whose first cell is empty goes on from the line above: a split cell.
            assert!(
                !line.starts_with('│') || !line[3..].trim_start().starts_with('┆'),
                "{args:?}: a cell split across lines: {line}"
            );
        }
    }
}

#[test]
fn growth_is_fitted_only_where_three_or_more_sizes_were_measured() {
    let out = common::output(cubework().args(["compare", "--sizes", "2..4", "--turns", "200"]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    let row = |name: &str| {
        text.lines()
            .rfind(|l| l.starts_with(&format!("│ {name} ")))
            .unwrap_or_else(|| panic!("no {name} row in {text}"))
            .to_string()
    };
    // Visual and composite hold the 2×2×2 and 3×3×3 only: two points fit any exponent.
    for two in ["visual", "composite"] {
        assert!(row(two).contains("2 sizes, not fitted"), "{}", row(two));
        assert!(!row(two).contains("N^"), "{}", row(two));
    }
    assert!(row("vector").contains("N^"), "{}", row("vector"));
}

#[test]
fn the_visual_display_under_wca_colours_shows_white_on_top_and_green_in_front() {
    // The middle row runs left, up, right; the rows below the up face are the front.
    let wca = [(5, "Y O O O W W W R R R Y"), (7, "    O   G G G   R")];
    let paper = (5, "B G G G W W W Y Y Y B");
    wca_rows_and_the_papers_by_default(&["--rep", "visual", ""], &wca, paper);
}

#[test]
fn the_repl_shows_the_representations_in_the_colours_chosen_and_numeric_in_its_digits() {
    let dir = common::fresh_dir("colours-reps");
    let mut repl = Command::cargo_bin("cubework").unwrap();
    repl.env("NO_COLOR", "1")
        .env("CUBEWORK_DATA_DIR", &dir)
        .env_remove("CUBEWORK_COLOURS");
    let (out, err, code) = common::session_with(
        repl,
        "rep vector\ncolours wca\nF\nshow vector\nshow local\nrep numeric\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // After F: the up face's last row is the left face's colour (orange in the WCA's scheme),
    // the down face's first row the right's (red), the front stays green; the display after
    // the move and `show` agree.
    let vector = "WWWWWWOOORRRYYYYYYBBBBBBBBBGGGGGGGGGOOYOOYOOYWRRWRRWRR";
    assert_eq!(lines.iter().filter(|l| **l == vector).count(), 2, "{out}");
    assert!(out.contains("GGG\nGGG\nGGG"), "{out}");
    assert!(!out.contains("OOO\nOOO\nOOO"), "the paper's front: {out}");
    // Numeric shows the paper's colour numbers in every scheme.
    let (numeric, _, _) = run(&["apply", "--rep", "numeric", "F"]);
    assert!(out.ends_with(&numeric), "{out}\n{numeric}");
    let (wca, _, _) = run(&["apply", "--rep", "numeric", "--colours", "wca", "F"]);
    assert_eq!(wca, numeric);
}

#[test]
fn what_the_vector_display_shows_under_wca_colours_is_read_back_under_them() {
    let (shown, err, code) = run(&["apply", "--colours", "wca", "--rep", "vector", "R U F'"]);
    assert_eq!(code, Some(0), "{err}");
    let shown = shown.trim();
    let (read, err, code) = run(&[
        "apply",
        "--colours",
        "wca",
        "--from",
        shown,
        "--show",
        "facelets",
        "",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (want, _, _) = run(&["apply", "--show", "facelets", "R U F'"]);
    assert_eq!(read, want);
}

#[test]
fn a_state_beyond_bfs_depth_limit_gets_one_line_naming_the_methods_that_solve_it() {
    // The README once showed bfs on a state 13 moves deep; a limit of 2 stands in for 12.
    let (out, err, code) = run(&["solve", "--method", "bfs", "--max-length", "2", "R U F"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    common::assert_one_line(&err, "no solution of 2 moves or fewer", "");
    assert!(
        err.contains("the optimal method") && err.contains("two-phase (the default)"),
        "{err}"
    );
    // The REPL says the same and goes on.
    let (out, err, _) = session("solve bfs max 2 R U F\nsolve bfs R U F\n");
    assert!(err.contains("the optimal method"), "{err}");
    assert!(out.contains("3 moves in the half-turn metric"), "{out}");
}
