//! How a call holds its arguments: an item of an enclosure is shared until the function
//! changes it, and the one read of an argument moves it; neither is seen by the caller.

use super::*;

/// The display of a line's values.
fn run(ws: &mut Workspace, line: &str) -> String {
    ws.eval_line(line)
        .unwrap_or_else(|e| panic!("{line}\n{e}"))
        .to_string()
}

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

#[test]
fn the_one_read_of_an_argument_hands_it_on_and_leaves_the_callers_variables_as_they_were() {
    // `G: ⌽⍉⍵` moves its argument into ⍉ instead of copying it; the caller's array is a
    // value of its own, and a line that reads ⍵ twice, or executes text, keeps it.
    let mut ws = Workspace::new();
    run(&mut ws, "A←2 3⍴⍳6");
    run(&mut ws, "G: ⌽⍉⍵");
    assert_eq!(run(&mut ws, "G A"), "4 1\n5 2\n6 3");
    assert_eq!(run(&mut ws, "A"), "1 2 3\n4 5 6");
    run(&mut ws, "H: (⌽⍵),⍵");
    assert_eq!(run(&mut ws, "H 1 2"), "2 1 1 2");
    run(&mut ws, "E: ⍎'⍵+1' ⋄ ⍵");
    assert_eq!(run(&mut ws, "E 5"), "5");
    run(&mut ws, "P: ⍺+⍵");
    assert_eq!(run(&mut ws, "1 P 2"), "3");
}
