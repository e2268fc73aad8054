use super::*;
use crate::command::{defs, help};
use crate::sequence::parser::parse_sequence;

fn run(s: &mut Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .text
}

#[test]
fn moves_undo_redo_and_invert() {
    let mut s = Session::new(false);
    run(&mut s, "R U");
    run(&mut s, "F2");
    assert!(!s.cube().is_solved());
    run(&mut s, "undo");
    run(&mut s, "redo");
    assert_eq!(run(&mut s, "history"), "  1  R U\n  2  F2");
    let text = run(&mut s, "invert");
    assert!(text.starts_with("invert: F2' U' R'"), "{text}");
    assert!(s.cube().is_solved());
    run(&mut s, "undo");
    assert!(!s.cube().is_solved());
}

#[test]
fn rep_switch_keeps_state_and_errors_keep_it_too() {
    let mut s = Session::new(false);
    run(&mut s, "R U R'");
    let before = s.cube();
    run(&mut s, "rep composite");
    assert_eq!(s.cube(), before);
    assert!(s.execute("M2 x").is_err()); // x needs X, undefined for composite
    assert_eq!(s.cube(), before);
    assert!(s.execute("rep cubic").is_err());
    assert_eq!(s.rep(), RepKind::Composite);
}

#[test]
fn paper_do_strings_and_notation() {
    let mut s = Session::new(false);
    run(&mut s, "do 'F\u{304}D\u{304}FDRDR\u{304}'");
    let mut other = Session::new(false);
    run(&mut other, "notation paper");
    run(&mut other, "F' D' F D R D R'");
    assert_eq!(s.cube(), other.cube());
    // Paper F̄ D̄ F D R D R̄ is standard F D F' D' R' D' R (paper F, D, R are F', D', R').
    let mut standard = Session::new(false);
    run(&mut standard, "F D F' D' R' D' R");
    assert_eq!(standard.cube(), s.cube());
}

#[test]
fn scramble_is_seeded_and_load_checks() {
    let mut a = Session::new(false);
    let mut b = Session::new(false);
    run(&mut a, "scramble seed 9");
    run(&mut b, "scramble 17 seed 9");
    assert_eq!(a.cube(), b.cube());
    assert!(a.execute("scramble many").is_err());
    assert!(a.execute("load UUU").is_err());
    let solved = Cube::solved().facelets();
    run(&mut a, &format!("load {solved}"));
    assert!(a.cube().is_solved());
}

#[test]
fn history_keeps_moves_as_written_and_forgets_the_oldest() {
    let mut s = Session::new(false);
    run(&mut s, "(R U)500000");
    assert_eq!(
        s.changes.kept, 2,
        "a change keeps the sequence as written, not its million moves"
    );
    run(&mut s, "undo");
    run(&mut s, "redo");
    for _ in 0..MAX_UNDO {
        run(&mut s, "R U");
    }
    assert_eq!(s.changes.past.len(), MAX_UNDO);
    assert_eq!(s.changes.forgotten, 1);
    assert_eq!(s.changes.kept, 2 * MAX_UNDO);
    // Invert now goes back only as far as what is kept, and says so.
    let text = run(&mut s, "invert");
    assert!(text.contains("1 older ones were forgotten"), "{text}");
    assert!(
        text.starts_with("invert (the moves of the last 1000 changes;"),
        "{text}"
    );
    assert!(text.lines().next().unwrap().chars().count() < 400, "{text}");
    assert_eq!(s.cube(), {
        let mut c = Cube::solved();
        c.apply_all(&parse_sequence("(R U)500000", Notation::Standard).unwrap())
            .unwrap();
        c
    });
}

#[test]
fn a_long_line_is_labelled_short() {
    let mut s = Session::new(false);
    let line = "R U ".repeat(5000);
    run(&mut s, &line);
    let history = run(&mut s, "history");
    assert!(history.len() < 200, "{history}");
    assert!(history.contains("(20000 characters)") || history.contains("characters)"));
}

#[test]
fn invert_writes_a_turn_repeated_across_changes_as_one() {
    let mut s = Session::new(false);
    run(&mut s, "R U'");
    run(&mut s, "U'");
    let text = run(&mut s, "invert");
    assert!(text.starts_with("invert: U2 R'\n"), "{text}");
    assert!(s.cube().is_solved());
}

#[test]
fn invert_after_load_says_it_undoes_only_what_came_after() {
    let mut s = Session::new(false);
    run(&mut s, "F");
    let after_f = s.cube().facelets();
    run(&mut s, &format!("load {after_f}"));
    run(&mut s, "R U");
    let text = run(&mut s, "invert");
    assert!(
        text.starts_with("invert (the moves since the last load"),
        "{text}"
    );
    assert_eq!(s.cube().facelets(), after_f);
}

#[test]
fn commands_that_take_nothing_refuse_the_words_after_them() {
    let mut s = Session::new(false);
    run(&mut s, "R");
    let after_r = s.cube();
    for line in [
        "reset R U",
        "history foo",
        "quit now",
        "exit now",
        "step 3",
        "stage? all",
        "solved? x",
    ] {
        let e = s.execute(line).unwrap_err().to_string();
        let (word, rest) = line.split_once(' ').unwrap();
        assert_eq!(e, format!("{word} takes nothing after it, not '{rest}'"));
        assert_eq!(s.cube(), after_r, "{line} changed nothing");
    }
    assert_eq!(run(&mut s, "history"), "  1  R");
    // Alone, each still works.
    run(&mut s, "reset");
    assert!(s.cube().is_solved());
    assert!(s.execute("quit").unwrap().quit);
}

#[test]
fn undo_and_redo_take_a_count_and_do_all_or_nothing() {
    let mut s = Session::new(false);
    for line in ["R", "U", "F", "D"] {
        run(&mut s, line);
    }
    let after_r = {
        let mut c = Cube::solved();
        c.apply_all(&parse_sequence("R", Notation::Standard).unwrap())
            .unwrap();
        c
    };
    let all = s.cube();
    assert_eq!(
        run(&mut s, "undo 3").lines().take(3).collect::<Vec<_>>(),
        ["undid: D", "undid: F", "undid: U"]
    );
    assert_eq!(s.cube(), after_r);
    assert_eq!(run(&mut s, "history"), "  1  R");
    for bad in ["undo 0", "undo x", "redo -1", "undo 2 3"] {
        let e = s.execute(bad).unwrap_err().to_string();
        assert!(e.contains("N for the last N changes"), "{bad}: {e}");
    }
    assert_eq!(s.cube(), after_r);
    assert_eq!(
        run(&mut s, "redo 2").lines().take(2).collect::<Vec<_>>(),
        ["redid: U", "redid: F"]
    );
    run(&mut s, "redo");
    assert_eq!(s.cube(), all);
    assert_eq!(run(&mut s, "history"), "  1  R\n  2  U\n  3  F\n  4  D");
    run(&mut s, "undo 4");
    assert!(s.cube().is_solved());
}

#[test]
fn undo_past_the_first_change_undoes_all_and_says_how_many() {
    let mut s = Session::new(false);
    for line in ["R", "U"] {
        run(&mut s, line);
    }
    let both = s.cube();
    assert_eq!(
        run(&mut s, "undo 100").lines().take(3).collect::<Vec<_>>(),
        [
            "undo 100: there are only 2 changes, so all 2 are undone",
            "undid: U",
            "undid: R"
        ]
    );
    assert!(s.cube().is_solved());
    assert_eq!(
        run(&mut s, "redo 5").lines().take(3).collect::<Vec<_>>(),
        [
            "redo 5: there are only 2 undone changes, so all 2 are made again",
            "redid: R",
            "redid: U"
        ]
    );
    assert_eq!(s.cube(), both);
    assert_eq!(
        s.execute("redo 2").unwrap_err().to_string(),
        "nothing to redo"
    );
    // One change is "it", not "all 1".
    let mut s = Session::new(false);
    run(&mut s, "F");
    assert_eq!(
        run(&mut s, "undo 3").lines().next(),
        Some("undo 3: there is only 1 change, so it is undone")
    );
    assert_eq!(
        run(&mut s, "redo 3").lines().next(),
        Some("redo 3: there is only 1 undone change, so it is made again")
    );
}

#[test]
fn the_prompt_shows_the_papers_notation_and_the_switch_says_what_it_changes() {
    let mut s = Session::new(false);
    assert_eq!(s.prompt(), "vector> ");
    let said = run(&mut s, "notation paper");
    assert!(said.contains("R turns as standard R'"), "{said}");
    assert_eq!(s.prompt(), "vector paper> ");
    run(&mut s, "size 2");
    assert_eq!(s.prompt(), "vector 2×2×2 paper> ");
    assert_eq!(run(&mut s, "notation standard"), "notation: standard");
    assert_eq!(s.prompt(), "vector 2×2×2> ");
}

#[test]
fn undoing_every_kept_change_reaches_the_state_before_the_oldest_kept_one() {
    let mut s = Session::new(false);
    let mut states = vec![s.cube()];
    let moves = ["R", "U", "F'", "D2", "L", "B"];
    for i in 0..MAX_UNDO + 5 {
        run(&mut s, moves[i % moves.len()]);
        states.push(s.cube());
    }
    // Five changes were forgotten: undo goes back to the state after the fifth.
    assert!(run(&mut s, &format!("undo {MAX_UNDO}")).contains("undid"));
    assert_eq!(s.cube(), states[5]);
    assert!(s.execute("undo").is_err());
    run(&mut s, "redo 3");
    assert_eq!(s.cube(), states[8]);
}

#[test]
fn help_knows_every_command() {
    for c in defs::repl_commands() {
        assert!(help(c.name).unwrap().starts_with(c.name));
    }
    assert!(help("frobnicate").is_err());
    // The command line's own commands are not the REPL's, and their help says so.
    assert!(
        help("apply").unwrap().starts_with(
            "apply is a command of the command line only: in a shell,\ncubework apply "
        )
    );
}

#[test]
fn moves_so_far_are_the_moves_since_the_last_reset_as_one_sequence_in_the_notation_in_use() {
    let mut s = Session::new(false);
    assert_eq!(run(&mut s, "moves?"), "no moves yet");
    run(&mut s, "R U");
    run(&mut s, "U (R U)2");
    run(&mut s, "F");
    run(&mut s, "undo");
    let so_far = run(&mut s, "moves?");
    // One U where two lines met; the group kept as typed; the undone F left out.
    assert_eq!(so_far, "R U2 (R U)2");
    let mut replayed = Cube::solved();
    replayed
        .apply_all(&parse_sequence(&so_far, Notation::Standard).unwrap())
        .unwrap();
    assert_eq!(replayed, s.cube());
    run(&mut s, "reset");
    assert_eq!(run(&mut s, "moves?"), "no moves since the last reset");
    run(&mut s, "notation paper");
    run(&mut s, "R");
    assert_eq!(run(&mut s, "moves?"), "R");
    assert!(s.execute("moves? R").is_err());
}

#[test]
fn invert_and_moves_so_far_answer_one_sequence_on_one_line_leaving_comments_out() {
    let mut s = Session::new(false);
    run(&mut s, "R U // the first two");
    run(&mut s, "F2 // and a half-turn");
    assert_eq!(run(&mut s, "moves?"), "R U F2");
    let text = run(&mut s, "invert");
    let first = text.lines().next().unwrap();
    assert_eq!(first, "invert: F2' U' R'", "{text}");
    assert!(s.cube().is_solved());
    // The command's own: the inverse of a sequence with comments, one line of moves.
    let alg = Alg::parse("[R, U] // sexy move\nF", Notation::Standard).unwrap();
    let report = crate::command::algebra::invert_report(&alg).unwrap();
    assert!(!report.contains("//"), "{report}");
    assert_eq!(report.lines().last(), Some("F' [U, R]"), "{report}");
}

#[test]
fn a_do_string_whose_quote_is_never_closed_is_an_error_naming_its_column() {
    let mut s = Session::new(false);
    run(&mut s, "R");
    let before = s.cube();
    for (line, quote, close, column) in [
        ("do 'FDR", '\'', '\'', 4),
        ("do   \"F", '"', '"', 6),
        ("do “FD", '“', '”', 4),
        ("do '", '\'', '\'', 4),
    ] {
        let e = s.execute(line).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "the quote {quote} at column {column} is never closed (end the string with {close})"
            ),
            "{line}"
        );
        assert_eq!(s.cube(), before, "{line}");
    }
    // Closed, or not quoted at all, it runs.
    run(&mut s, "do 'FDR'");
    run(&mut s, "do FDR");
}
