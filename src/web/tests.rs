use super::*;

use crate::cube_after;

#[test]
fn a_line_of_moves_answers_with_the_cube_and_each_moves_layer_turns_from_the_library() {
    let mut bench = Workbench::new();
    let a = bench.run("R U");
    assert!(a.ok, "{a:?}");
    assert_eq!(a.moves, ["R", "U"]);
    let cube = cube_after("R U");
    assert_eq!(a.facelets, cube.facelets());
    let colours: Vec<u8> = cube.stickers().iter().map(|f| f.index() as u8).collect();
    assert_eq!(a.stickers, colours);
    let mut turns = Vec::new();
    for m in crate::parse_moves("R U", Notation::Standard).unwrap() {
        let layers: Vec<_> = m.layer_quarters(3).unwrap().collect();
        turns.push(layers.len() as i32);
        for (axis, layer, q) in layers {
            turns.extend([axis as i32, layer as i32, i32::from(q)]);
        }
    }
    assert_eq!(a.turns, turns);
    assert_eq!(positions(3).len(), 3 * a.stickers.len());
}

#[test]
fn an_error_is_one_line_as_the_repl_shows_it_and_changes_nothing() {
    let mut bench = Workbench::new();
    bench.run("R");
    let a = bench.run("R Q");
    assert!(!a.ok);
    assert!(
        a.text.starts_with("error: ") && !a.text.contains('\n'),
        "{}",
        a.text
    );
    assert_eq!(a.facelets, cube_after("R").facelets());
    assert!(a.moves.is_empty());
}

#[test]
fn apl_a_dfn_and_an_assignment_to_cube_run_in_the_repls_session() {
    let mut bench = Workbench::new();
    assert!(bench.run("apl").ok);
    let a = bench.run("{⍵[⍋⍵]}3 1 2");
    assert_eq!((a.ok, a.text.trim()), (true, "1 2 3"), "{a:?}");
    assert!(a.apl && a.prompt.starts_with("      "));
    let a = bench.run("CUBE←R CUBE");
    assert!(a.ok, "{a:?}");
    // The workspace's R is the paper's R.
    let mut turned = Cube::solved();
    turned
        .apply_all(&crate::parse_moves("R", Notation::Paper).unwrap())
        .unwrap();
    assert_eq!(a.facelets, turned.facelets());
    assert!(a.moves.is_empty(), "an assignment is no line of moves");
}

#[test]
fn what_needs_a_disk_says_so_in_one_line() {
    let mut bench = Workbench::new();
    for line in [
        "tables",
        "tables build",
        "solve optimal",
        "solve --method optimal",
    ] {
        let a = bench.run(line);
        assert!(!a.ok, "{line}");
        assert!(
            a.text.contains("needs a disk") && !a.text.contains('\n'),
            "{line}: {}",
            a.text
        );
    }
}

#[test]
fn a_session_kept_and_restored_has_its_cube_definitions_and_mode() {
    let mut bench = Workbench::new();
    bench.run("R U");
    bench.run("rep numeric");
    bench.run("apl");
    assert!(bench.run("TWICE←{⍵+⍵}").ok);
    assert!(bench.run("V←1 2 3").ok);
    let state = bench.state();
    assert!(state.workspace.contains("TWICE"), "{}", state.workspace);
    let (mut back, notes) = Workbench::restore(&state);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(back.session().cube(), cube_after("R U"));
    assert_eq!(back.session().rep_name(), "numeric");
    assert!(back.session().in_apl());
    assert_eq!(back.run("TWICE V").text.trim(), "2 4 6");
}

#[test]
fn a_kept_state_that_cannot_be_read_gives_a_solved_cube_and_a_note() {
    let (back, notes) = Workbench::restore(&State {
        size: 3,
        facelets: "<script>".into(),
        ..State::default()
    });
    assert_eq!(back.session().cube(), Cube::solved());
    assert_eq!(notes.len(), 1, "{notes:?}");
}

#[test]
fn a_kept_workspace_with_a_line_that_no_longer_runs_brings_back_the_rest_and_keeps_that_line() {
    let (mut back, notes) = Workbench::restore(&State {
        size: 3,
        workspace: "GOOD←{⍵+1}\nBAD←1÷0\nV←5".into(),
        apl: true,
        ..State::default()
    });
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("line 2"), "{notes:?}");
    assert_eq!(back.run("GOOD V").text.trim(), "6");
    assert!(
        back.state().workspace.contains("BAD←1÷0"),
        "the line is kept"
    );
}

#[test]
fn a_link_opened_joins_its_definitions_to_the_sessions_own_and_loads_its_cube_undoably() {
    let mut bench = Workbench::new();
    bench.run("apl");
    assert!(bench.run("MINE←{⍵×3}").ok);
    let before = bench.session().cube();
    let start = cube_after("R U").facelets();
    let opened = bench.open_link("THEIRS←{⍵+100}\nBAD←1÷0", 3, &start);
    assert!(opened.ok, "{opened:?}");
    assert!(opened.note.contains("line 2"), "{}", opened.note);
    assert_eq!(bench.session().cube(), cube_after("R U"));
    assert_eq!(bench.run("(MINE 2),THEIRS 1").text.trim(), "6 101");
    assert!(
        bench.state().workspace.contains("BAD←1÷0"),
        "the line is kept"
    );
    bench.run(")off");
    bench.run("undo");
    assert_eq!(bench.session().cube(), before);
    let bad = bench.open_link("", 3, "<b>");
    assert!(
        !bad.ok && bad.text.starts_with("error: the link's cube"),
        "{bad:?}"
    );
}
