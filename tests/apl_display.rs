//! The APL mode's display of nested values and its `]box` setting, and what it says when a
//! workbench command is typed in it (issue 45).
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use common::run;
use cubework::command::Session;

fn error(s: &mut Session, line: &str) -> String {
    match s.execute(line) {
        Ok(reply) => panic!("{line} gave {:?}", reply.text),
        Err(e) => e.to_string(),
    }
}

/// Dyalog's default display (`]box off`) and `]box on -style=min` (Programming Reference,
/// "Display of Arrays": `'ABC' [1 2 3 4 ⋄]` framed as `┌───┬───────┐`).
#[test]
fn box_on_frames_nested_values_and_box_off_sets_them_apart_again() {
    let mut s = common::apl_session();
    assert_eq!(run(&mut s, "1 2 (3 4)"), " 1 2  3 4");
    assert_eq!(run(&mut s, "'hello' 'world'"), " hello  world");
    assert_eq!(
        run(&mut s, "]box"),
        "Is OFF: ]box on frames nested values, ]box off sets them apart by blanks"
    );
    assert_eq!(run(&mut s, "]box on"), "Was OFF");
    assert_eq!(
        run(&mut s, "'ABC' (1 4⍴1 2 3 4)"),
        "┌───┬───────┐\n│ABC│1 2 3 4│\n└───┴───────┘"
    );
    // A simple array is shown as ever.
    assert_eq!(run(&mut s, "2 3⍴⍳6"), "1 2 3\n4 5 6");
    // The setting stays through leaving APL mode; `)box` and Dyalog's style word are read too.
    run(&mut s, ")off");
    assert_eq!(run(&mut s, "apl ⊂1 2"), "┌───┐\n│1 2│\n└───┘");
    run(&mut s, "apl");
    assert_eq!(run(&mut s, ")box on -style=min"), "Was ON");
    assert_eq!(run(&mut s, ")BOX OFF"), "Was ON");
    assert_eq!(run(&mut s, "⊂1 2"), " 1 2");
    assert!(error(&mut s, "]box sideways").contains("]box sideways?"));
    // Nothing of it is a workspace change.
    assert!(s.in_apl());
}

/// On the command line, a nested value is set apart as in the REPL.
#[test]
fn the_command_line_shows_a_nested_value_set_apart() {
    let (out, _, code) = common::run_with(common::cubework(), &["apl", "⊂1 2 3"]);
    assert_eq!((out.as_str(), code), (" 1 2 3\n", Some(0)));
}

#[test]
fn a_workbench_command_typed_in_apl_mode_is_named_with_how_to_leave() {
    let mut s = common::apl_session();
    let said = error(&mut s, "rep nested");
    let lines: Vec<&str> = said.lines().collect();
    assert!(lines[0].contains("VALUE ERROR"), "{said}");
    assert_eq!(
        lines.last().copied(),
        Some(
            "hint: rep is a workbench command, not an APL name: leave APL mode with )off (or moves) first, then type rep nested"
        )
    );
    assert!(error(&mut s, "solve").contains("hint: solve is a workbench command"));
    // Not when the word is the workspace's own name, nor for another error.
    run(&mut s, "show←3");
    assert_eq!(run(&mut s, "show"), "3");
    assert!(!error(&mut s, "show+undefined").contains("hint"));
    assert!(!error(&mut s, "X←rep").contains("hint"));
    // Outside APL mode a line given to apl is APL on purpose: no hint.
    run(&mut s, ")off");
    assert!(!error(&mut s, "apl solve").contains("hint"));
}

#[test]
fn the_workspace_names_are_what_tab_completes_in_apl() {
    let mut s = Session::new(false);
    // Asking does not make the workspace.
    assert!(s.apl_names().is_empty());
    run(&mut s, "apl");
    run(&mut s, "average←{(+/⍵)÷≢⍵}");
    run(&mut s, "total←42");
    let names = s.apl_names();
    assert!(names.iter().any(|n| n == "average"), "{names:?}");
    assert!(names.iter().any(|n| n == "total"), "{names:?}");
    assert!(names.iter().any(|n| n == "CUBE"), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with('⎕')), "{names:?}");
}
