//! Strand (multiple) assignment and modified assignment, as Dyalog APL has them (Dyalog
//! Programming Reference Guide, "Multiple Assignment", "Distributed Assignment" and
//! "Modified Assignment"). Each expected value is the one Dyalog gives (`⎕IO←1`).

use super::test_support::{self, error, run};
use super::{ErrorKind, Workspace};

#[test]
fn names_left_of_an_arrow_are_each_given_their_item_of_the_value() {
    test_support::session(
        &mut Workspace::new(),
        "strand assignment",
        r"
      a b←1 2
      a
1
      b
2
      (c d)←'xy' 'zw'
      d
zw
⍝ A scalar (or one item) is every name's: each gets the enclosed vector itself.
      e f g←⊂'xy'
      ⍴¨e f g
 2  2  2
      g
xy
      h i←5
      h i
5 5
      j k←,7
      j k
7 7
⍝ Parentheses nest, and the value is given out along them.
      (p (q r))←1 (2 3)
      p q r
1 2 3
      ((s t) u)←(4 5) 6
      s t u
4 5 6
⍝ The value is read before any name is given: a swap.
      a b←b a
      a b
2 1
⍝ A system variable among them is set as it is alone.
      ⎕IO n←0 9
      ⍳3
0 1 2
      ⎕IO←1
",
    );
}

#[test]
fn a_value_of_another_length_or_rank_is_an_error_and_assigns_no_name() {
    let mut ws = Workspace::new();
    run(&mut ws, "a←'before'");
    let e = error(&mut ws, "a b←1 2 3");
    assert_eq!(e.kind, ErrorKind::Length);
    assert!(e.to_string().contains("2 names and 3 values"), "{e}");
    let e = error(&mut ws, "a b c←⍬");
    assert!(e.to_string().contains("3 names and 0 values"), "{e}");
    let e = error(&mut ws, "a b←2 2⍴1");
    assert_eq!(e.kind, ErrorKind::Rank);
    assert!(e.to_string().contains("not an array of rank 2"), "{e}");
    // A part of a nested target that does not fit: nothing is assigned, not even `a`.
    assert_eq!(
        error(&mut ws, "(a (b c))←1 (2 3 4)").kind,
        ErrorKind::Length
    );
    assert_eq!(run(&mut ws, "a"), "before");
    assert!(ws.get("b").is_none() && ws.get("c").is_none());
}

#[test]
fn an_assignment_gives_its_right_argument_and_shows_nothing() {
    test_support::session(
        &mut Workspace::new(),
        "assignment's value",
        r"
      a b←3 4
      x←a b←5 6
      x
5 6
      ⎕←a b←7 8
7 8
      2×a b←9 10
18 20
      a b
9 10
⍝ Arrays left of the names that are not names strand with the value.
      ≢1 2 a b←3 4
3
      a b
3 4
",
    );
}

#[test]
fn modified_assignment_combines_each_name_with_its_item() {
    test_support::session(
        &mut Workspace::new(),
        "modified assignment",
        r"
      a←1
      a+←1
      a
2
      a×←10
      a
20
⍝ On a strand, each name with its item; a scalar with every name.
      a b←1 2
      a b+←10 20
      a b
11 22
      a b-←1
      a b
10 21
      s t←'ab' 'cd'
      s t,←⊂'!'
      s t
 ab!  cd!
⍝ As Dyalog's distributed assignment: (i (j k))+←1 2 is i+←1 ⋄ j+←2 ⋄ k+←2.
      i j k←0
      (i (j k))+←1 2
      i j k
1 2 2
⍝ Its value is its right argument.
      x←a+←5
      x a
5 15
      zz+←1
! VALUE ERROR
      +←1
! SYNTAX ERROR
      a b+←1 2 3
! LENGTH ERROR
      a b
15 21
",
    );
}

#[test]
fn a_strand_assignment_in_a_dfn_sets_names_of_its_own() {
    let mut ws = Workspace::new();
    run(&mut ws, "a←'mine'");
    assert_eq!(run(&mut ws, "{a b←⍵ ⋄ a-b}5 3"), "2");
    assert_eq!(run(&mut ws, "{(a b)←⍵ ⋄ a b+←1 ⋄ a×b}2 3"), "12");
    assert_eq!(run(&mut ws, "a"), "mine");
    assert!(ws.get("b").is_none());
    // A dfn's strand assignment is no result: the dfn goes on to the next statement.
    assert_eq!(run(&mut ws, "{x y←⍵ ⋄ y x}1 2"), "2 1");
}

#[test]
fn a_strand_assignment_in_a_traditional_function_keeps_its_locals_and_sets_the_rest() {
    let mut ws = Workspace::new();
    ws.load("∇Z←SPLIT V;HEAD\n HEAD TAIL←V\n Z←HEAD\n∇\n")
        .unwrap();
    assert_eq!(run(&mut ws, "SPLIT 'ab' 'cd'"), "ab");
    // HEAD is local to it; TAIL, not localised, is the workspace's (dynamic scope).
    assert!(ws.get("HEAD").is_none());
    assert_eq!(run(&mut ws, "TAIL"), "cd");
}

// "Indexed Modified Assignment": `v[i]f←x` is `v[i]←v[i] f x`, the indices read once.
#[test]
fn indexed_modified_assignment_combines_the_items_chosen_with_the_value() {
    test_support::session(
        &mut Workspace::new(),
        "indexed modified assignment",
        r"
      v←1 2 3 4
      v[2]+←10
      v
1 12 3 4
⍝ An index given twice is combined once, as v[2 2]←v[2 2]+1 does.
      v[2 2]+←1
      v
1 13 3 4
      v[1 4]×←10 100
      v
10 13 3 400
      t←2 3⍴0
      t[2;]+←1 2 3
      t[;1]-←5
      t
¯5 0 0
¯4 2 3
      w←'ab' 'cd' 'ef'
      w[2 3],¨←'!'
      w
 ab  cd!  ef!
⍝ Its value is its right argument, not shown.
      x←v[1]+←1
      x
1
",
    );
}

#[test]
fn indexed_modified_assignment_works_in_dfns_and_traditional_functions() {
    let mut ws = Workspace::new();
    ws.eval_line("D←{w←⍵ ⋄ w[1]×←10 ⋄ w}").unwrap();
    assert_eq!(run(&mut ws, "D 1 2"), "10 2");
    ws.eval_line("∇Z←T X\nZ←X\nZ[2]-←5\n∇").unwrap();
    assert_eq!(run(&mut ws, "T 1 2 3"), "1 ¯3 3");
    // A global named by a ∇ function (not localised) is the workspace's.
    ws.eval_line("∇G X\nv[X]+←1\n∇").unwrap();
    ws.eval_line("v←0 0 0").unwrap();
    ws.eval_line("G 2").unwrap();
    assert_eq!(run(&mut ws, "v"), "0 1 0");
}

// An index out of range, values of the wrong length, an error of the function or a name with
// no value: the error names what is wrong, and the variable is left as it was.
#[test]
fn indexed_modified_assignment_that_fails_assigns_nothing() {
    let mut ws = Workspace::new();
    ws.eval_line("v←1 2 3").unwrap();
    for (line, kind, says) in [
        (
            "v[5]+←1",
            ErrorKind::Index,
            "index 5 of an axis of length 3",
        ),
        ("v[1 2]+←1 2 3", ErrorKind::Length, ""),
        ("v[1]÷←0", ErrorKind::Domain, ""),
        ("v[1 2],←9", ErrorKind::Length, "[3] values for [2] cells"),
        ("nothing[1]+←1", ErrorKind::Value, "nothing has no value"),
    ] {
        let e = error(&mut ws, line);
        assert_eq!(e.kind, kind, "{line}: {e}");
        assert!(e.detail.contains(says), "{line}: {e}");
        assert_eq!(run(&mut ws, "v"), "1 2 3", "{line}");
    }
}
