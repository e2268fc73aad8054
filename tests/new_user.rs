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
    assert!(
        out.contains("RR: nothing cancels or merges (2 moves)\nRR\n"),
        "{out}"
    );
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
    assert!(
        err.contains("note: this cube cannot be reached by turning"),
        "{err}"
    );
    assert!(err.contains("a corner has been twisted in place"), "{err}");
    let (_, err, _) = session(&format!("load {twisted}\n"));
    assert!(
        err.starts_with("note: this cube cannot be reached"),
        "{err}"
    );
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
