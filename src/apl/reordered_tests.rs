//! Values reordered by `⌽ ⊖ ⍉` (views of their items, not laid out) are read where they lie:
//! an indexed assignment of one puts each item in its cell, an index list of one is read in
//! its order, and `@` replaces atoms or major cells alike by the one path.

use super::*;

/// The display of each line's value, the lines run one after the other.
fn run(lines: &[&str]) -> String {
    let mut ws = Workspace::new();
    let mut last = String::new();
    for line in lines {
        last = ws
            .eval_line(line)
            .unwrap_or_else(|e| panic!("{line}\n{e}"))
            .to_string();
    }
    last
}

#[test]
fn an_indexed_assignment_of_a_transposed_value_puts_each_item_in_its_cell() {
    assert_eq!(
        run(&["M←2 3⍴⍳6", "M[;1 2]←⍉2 2⍴10 20 30 40", "M"]),
        "10 30 3\n20 40 6"
    );
    assert_eq!(
        run(&["N←3 3⍴⍳9", "N[1 3;2 3]←⊖⍉2 2⍴10 20 30 40", "N"]),
        "1 20 40\n4  5  6\n7 10 30"
    );
    // A local variable changed where it is held, in a direct definition.
    assert_eq!(run(&["T: ⍵[;2 3]←⌽⍉⍵[;2 3]", "T 2 3⍴⍳6"]), "1 5 2\n4 6 3");
}

#[test]
fn an_index_list_in_reverse_is_read_in_its_order_and_refused_at_its_first_bad_index() {
    assert_eq!(run(&["(10×⍳5)[⌽1 2 5]"]), "50 20 10");
    let mut ws = Workspace::new();
    let e = ws.eval_line("(⍳5)[⌽7 1 9]").unwrap_err().to_string();
    assert!(e.contains("index 9 of an axis of length 5"), "{e}");
}

#[test]
fn at_replaces_atoms_and_major_cells_by_as_many_new_items_or_by_one() {
    assert_eq!(run(&["(0@2)2 3⍴⍳6"]), "1 2 3\n0 0 0");
    assert_eq!(run(&["(⌽@1)2 3⍴⍳6"]), "3 2 1\n4 5 6");
    assert_eq!(run(&["((2 3⍴10×⍳6)@1 2)2 3⍴0"]), "10 20 30\n40 50 60");
    assert_eq!(run(&["(0 9@2 4)⍳5"]), "1 0 3 9 5");
    assert_eq!(run(&["(×∘10@(2∘|))⍳5"]), "10 2 30 4 50");
    let mut ws = Workspace::new();
    let e = ws.eval_line("(1 2 3@2 4)⍳5").unwrap_err().to_string();
    assert!(e.contains("as many as those chosen"), "{e}");
    let e = ws.eval_line("((2 2⍴0)@1)2 3⍴⍳6").unwrap_err().to_string();
    assert!(e.contains("as many as those chosen"), "{e}");
}

#[test]
fn dyadic_at_with_a_function_puts_the_left_argument_f_of_the_items_chosen() {
    assert_eq!(run(&["10×@(2∘|)⍳6"]), "10 2 30 4 50 6");
    assert_eq!(run(&["10 (×@2 4) ⍳5"]), "1 20 3 40 5");
    assert_eq!(run(&["2 4(+@2 4)⍳5"]), "1 4 3 8 5");
    // `⍺` is given whole to `f` (Dyalog: `⍺ f` the items chosen), not chosen from too.
    let mut ws = Workspace::new();
    let e = ws.eval_line("(⍳5)(+@2 4)⍳5").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Length, "{e}");
    let mut ws = Workspace::new();
    let e = ws.eval_line("1 (0@2) ⍳3").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax, "{e}");
}
