//! How a call holds its arguments: an item of an enclosure is shared until the function
//! changes it, and the one read of an argument moves it; neither is seen by the caller.

use super::test_support::run;
use super::*;

#[test]
fn a_function_given_enclosed_items_by_each_changes_only_its_own_copies() {
    // `F¨X` hands F each item where X holds it; F's indexed assignment copies that item
    // first, so X keeps its values (as in APL, where every argument is a value).
    let mut ws = Workspace::new();
    run(&mut ws, "X←(1 2)(3 4)");
    run(&mut ws, "F: ⍵[1]←9");
    assert_eq!(run(&mut ws, "F¨X"), run(&mut ws, "(9 2)(9 4)"));
    assert_eq!(run(&mut ws, "X"), run(&mut ws, "(1 2)(3 4)"));
    // A dfn and an operator's operand get them the same way.
    assert_eq!(run(&mut ws, "{⍵[1]←7 ⋄ ⍵}¨X"), run(&mut ws, "(7 2)(7 4)"));
    run(&mut ws, "EACH: ⍺⍺¨⍵");
    assert_eq!(run(&mut ws, "F EACH X"), run(&mut ws, "(9 2)(9 4)"));
    assert_eq!(run(&mut ws, "X"), run(&mut ws, "(1 2)(3 4)"));
}

/// The lines of `tests/apl_sessions/arguments.txt`, each showing what the transcript says.
#[test]
fn the_arguments_transcript_shows_each_callers_values_kept() {
    test_support::transcript("arguments");
}
