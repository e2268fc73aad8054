//! Control structures in traditional functions, as Dyalog APL has them (Dyalog Programming
//! Reference Guide, "Control Structures": the section named beside each test). Each
//! expected value is the one Dyalog gives (`⎕IO←1`).

use super::test_support::{error, run};
use super::{ErrorKind, Workspace};

/// A workspace with the functions of `source` defined.
fn defined(source: &str) -> Workspace {
    let mut ws = Workspace::new();
    ws.load(source).unwrap_or_else(|e| panic!("{source}\n{e}"));
    ws
}

// "If Statement".
#[test]
fn if_runs_the_part_of_the_first_condition_that_holds() {
    let mut ws = defined(
        "\
∇Z←SIGN X
:If X>0
    Z←'pos'
:ElseIf X<0
    Z←'neg'
:Else
    Z←'zero'
:EndIf
∇
",
    );
    assert_eq!(run(&mut ws, "SIGN¨5 ¯2 0"), " pos  neg  zero");
    assert_eq!(run(&mut ws, "SIGN 0"), "zero");
    // A one-item array of any rank is a condition as a scalar is.
    assert_eq!(run(&mut ws, "SIGN 1 1⍴3"), "pos");
}

// "If Statement": :AndIf and :OrIf are read only as far as needed.
#[test]
fn andif_needs_every_condition_and_orif_any_reading_only_as_far_as_needed() {
    let mut ws = defined(
        "\
∇Z←INSIDE X
Z←0
:If X>0
:AndIf 10>÷X÷100
    Z←1
:EndIf
∇
∇Z←OUTSIDE X
Z←0
:If X=0
:OrIf 10<÷X÷100
    Z←1
:EndIf
∇
",
    );
    // ÷X÷100 divides by zero when X is 0: neither reads it then.
    assert_eq!(run(&mut ws, "INSIDE¨5 50 0 ¯1"), "0 1 0 0");
    assert_eq!(run(&mut ws, "OUTSIDE¨5 50 0 ¯1"), "1 0 1 0");
}

// "While Statement".
#[test]
fn while_runs_its_lines_as_long_as_its_condition_holds_and_may_end_with_until() {
    let mut ws = defined(
        "\
∇Z←HALVINGS N
Z←0
:While N>1
    N←N÷2 ⋄ Z←Z+1
:EndWhile
∇
∇Z←BOTH N
Z←0
:While Z<N
    Z←Z+1
:Until Z=3
∇
",
    );
    assert_eq!(run(&mut ws, "HALVINGS¨1 2 16 17"), "0 1 4 5");
    // Both conditions are read each time round: the loop ends when either says so.
    assert_eq!(run(&mut ws, "BOTH¨0 2 10"), "0 2 3");
}

// "Repeat Statement".
#[test]
fn repeat_runs_its_lines_at_least_once_until_its_condition_holds() {
    let mut ws = defined(
        "\
∇Z←COUNT N
Z←0
:Repeat
    Z←Z+1
:Until Z≥N
∇
∇Z←FOREVER N
Z←0
:Repeat
    Z←Z+1
    :If Z=N
        :Leave
    :EndIf
:EndRepeat
∇
",
    );
    assert_eq!(run(&mut ws, "COUNT¨0 1 4"), "1 1 4");
    assert_eq!(run(&mut ws, "FOREVER 6"), "6");
}

// "For Statement".
#[test]
fn for_gives_its_names_each_item_in_ravel_order() {
    let mut ws = defined(
        "\
∇Z←ITEMS A;X
Z←⍬
:For X :In A
    Z←Z,⊂X
:EndFor
∇
∇Z←DOTS P;A;B
Z←⍬
:For A B :In P
    Z,←A×B
:EndFor
∇
∇Z←LAST V
:For I :In V
:EndFor
Z←I
∇
",
    );
    assert_eq!(run(&mut ws, "ITEMS 2 2⍴⍳4"), "1 2 3 4");
    // Each item disclosed: the names take the strings, not their enclosures.
    assert_eq!(run(&mut ws, "≡¨ITEMS 'ab' 'cde'"), "1 1");
    assert_eq!(run(&mut ws, "⍴ITEMS ⍬"), "0");
    // Several names: a strand assignment of each item ("Multiple Control Variables").
    assert_eq!(run(&mut ws, "DOTS (1 2)(3 4)(5 6)"), "2 12 30");
    assert_eq!(error(&mut ws, "DOTS (1 2)(3 4 5)").kind, ErrorKind::Length);
    // The name keeps its last value, and is the workspace's unless made local.
    assert_eq!(run(&mut ws, "LAST 7 8 9"), "9");
    assert_eq!(run(&mut ws, "I"), "9");
}

// "Leave Statement", "Continue Statement".
#[test]
fn leave_and_continue_act_on_the_loop_they_stand_in() {
    let mut ws = defined(
        "\
∇Z←EVENS N;I
Z←⍬ ⋄ I←0
:While I<N
    I←I+1
    :If 2|I
        :Continue
    :EndIf
    Z,←I
:EndWhile
∇
∇Z←PAIRS N;I;J
Z←⍬
:For I :In ⍳N
    :For J :In ⍳N
        :If J>I
            :Leave
        :EndIf
        Z,←⊂I J
    :EndFor
:EndFor
∇
∇Z←SKIP N;I
Z←0 ⋄ I←0
:Repeat
    I←I+1
    :If I=2
        :Continue
    :EndIf
    Z+←I
:Until I≥N
∇
",
    );
    assert_eq!(run(&mut ws, "EVENS 9"), "2 4 6 8");
    assert_eq!(run(&mut ws, "≢PAIRS 3"), "6");
    assert_eq!(run(&mut ws, "⊃¨PAIRS 3"), "1 2 2 3 3 3");
    // :Continue in :Repeat goes to its :Until, which is read.
    assert_eq!(run(&mut ws, "SKIP¨2 4"), "1 8");
}

// "Select Statement".
#[test]
fn select_runs_the_first_case_that_matches_its_value() {
    let mut ws = defined(
        "\
∇Z←KIND X
:Select X
:Case 1
    Z←'one'
:CaseList 2 3
    Z←'two or three'
:Case 'abc'
    Z←'letters'
:Case ÷0
    Z←'never read'
:Else
    Z←'other'
:EndSelect
∇
∇Z←NOELSE X
Z←'none'
:Select X
:Case 1
    Z←'one'
:EndSelect
∇
",
    );
    assert_eq!(
        run(&mut ws, "KIND¨1 2 3"),
        " one  two or three  two or three"
    );
    assert_eq!(run(&mut ws, "KIND 'abc'"), "letters");
    // :Case compares by ≡: a one-item vector is not the scalar. The cases are read in
    // order, as far as one matches: the one that divides by 0 is read only here.
    assert_eq!(error(&mut ws, "KIND ,1").kind, ErrorKind::Domain);
    assert_eq!(run(&mut ws, "NOELSE¨1 2"), " one  none");
}

// "Return Statement", and branches beside the structures.
#[test]
fn return_leaves_at_once_and_branches_go_where_they_did() {
    let mut ws = defined(
        "\
∇Z←EARLY X
Z←1
:If X
    :Return
:EndIf
Z←2
∇
∇Z←JUMP N;I
Z←0
:For I :In ⍳N
    →(I=3)/OUT
    Z+←I
:EndFor
OUT: Z←Z×10
∇
",
    );
    assert_eq!(run(&mut ws, "EARLY¨1 0"), "1 2");
    assert_eq!(run(&mut ws, "JUMP¨2 5"), "30 30");
}

#[test]
fn control_words_are_read_in_any_case_and_end_closes_any_structure() {
    let mut ws = defined(
        "\
∇Z←ANYCASE X
:if X
    Z←'yes'
:ELSE
    Z←'no'
:end
:For I :in ⍳2
    Z,←'!'
:End
∇
",
    );
    assert_eq!(run(&mut ws, "ANYCASE 1"), "yes!!");
    assert_eq!(run(&mut ws, "ANYCASE 0"), "no!!");
}

// "If Statement": a condition is a boolean singleton, else DOMAIN ERROR.
#[test]
fn a_condition_that_is_not_a_boolean_singleton_is_a_domain_error_on_its_line() {
    let mut ws =
        defined("∇Z←TEST X\nZ←0\n:If X\n    Z←1\n:EndIf\n∇\n∇Z←LOOP X\n:While X\n:EndWhile\n∇\n");
    for (arg, says) in [
        ("2", "not 2"),
        ("1 0", "not 2 items"),
        ("⍬", "not 0 items"),
        ("'a'", "not a"),
    ] {
        let e = error(&mut ws, &format!("TEST {arg}"));
        assert_eq!(e.kind, ErrorKind::Domain, "{arg}");
        assert!(e.detail.contains(":If takes a boolean singleton"), "{e}");
        assert!(e.detail.ends_with(says), "{arg}: {e}");
        assert_eq!(e.line, "TEST[2] :If X", "{arg}");
    }
    let e = error(&mut ws, "LOOP 3");
    assert!(e.detail.contains(":While takes a boolean singleton"), "{e}");
    assert_eq!(e.line, "LOOP[1] :While X");
}

/// Each definition refused, and what its error says.
const REFUSED: &[(&str, &str)] = &[
    (
        "∇F X\n:If X\n:EndWhile\n∇",
        "in F, :EndWhile on line 2 cannot close the :If of line 1 (:EndIf or :End does)",
    ),
    (
        "∇F X\n:While X\n:If X\n:EndWhile\n∇",
        ":EndWhile on line 3 cannot close the :If of line 2",
    ),
    (
        "∇F X\nX←1\n:If X\n∇",
        "in F, the :If of line 2 is not closed (by :EndIf or :End)",
    ),
    (
        "∇F X\n:For I :In X\n∇",
        "the :For of line 1 is not closed (by :EndFor or :End)",
    ),
    ("∇F X\n:EndIf\n∇", ":EndIf on line 1 closes nothing"),
    (
        "∇F X\n:Else\n∇",
        ":Else on line 1 stands only in :If, :Select or :Trap",
    ),
    (
        "∇F X\n:If X\n:Else\n:Else\n:EndIf\n∇",
        ":Else on line 3 follows the :Else of the :If of line 1",
    ),
    (
        "∇F X\n:If X\n:Else\n:ElseIf X\n:EndIf\n∇",
        ":ElseIf on line 3 follows the :Else",
    ),
    ("∇F X\n:Leave\n∇", ":Leave on line 1 stands only in a loop"),
    (
        "∇F X\n:If X\n:Continue\n:EndIf\n∇",
        ":Continue on line 2 stands only in a loop",
    ),
    (
        "∇F X\nX←1\n:AndIf X\n∇",
        ":AndIf on line 2 follows only the line of :If",
    ),
    (
        "∇F X\n:If X\n:AndIf X\n:OrIf X\n:EndIf\n∇",
        "joined by :AndIf or by :OrIf, not both",
    ),
    (
        "∇F X\n:Until X\n∇",
        ":Until on line 1 stands only in :Repeat or :While",
    ),
    (
        "∇F X\n:Select X\n:Else\n:EndSelect\n∇",
        ":Else on line 2 comes before any :Case",
    ),
    ("∇F X\n:Case 1\n∇", ":Case on line 1 stands only in :Select"),
    ("∇F X\n:If\n:EndIf\n∇", ":If needs an expression after it"),
    ("∇F X\n:If X\n:EndIf X\n∇", ":EndIf takes nothing after it"),
    ("∇F X\n:If X ⋄ X←1\n:EndIf\n∇", ":If takes one expression"),
    ("∇F X\n:For I X\n:EndFor\n∇", ":For needs :In"),
    (
        "∇F X\n:For 1 :In X\n:EndFor\n∇",
        ":For names the variables it sets",
    ),
    (
        "∇F X\n:With X\n:EndWith\n∇",
        ":With is no control word read here",
    ),
    (
        "∇F X\n:Trap 0\n:Case 11\n:EndTrap\n∇",
        ":Case on line 2 stands only in :Select, and the :Trap of line 1 is open",
    ),
    (
        "∇F X\n:Trap 0\n:Else\n:Else\n:EndTrap\n∇",
        ":Else on line 3 follows the :Else of the :Trap of line 1",
    ),
    (
        "∇F X\n:Trap\n:EndTrap\n∇",
        ":Trap needs an expression after it",
    ),
    (
        "∇F X\n:Trap 0\n:EndIf\n∇",
        ":EndIf on line 2 cannot close the :Trap of line 1 (:EndTrap or :End does)",
    ),
];

// Mismatched and unclosed structures are refused where the function is defined, as Dyalog
// refuses to fix such a function.
#[test]
fn a_structure_closed_wrongly_or_not_at_all_is_refused_where_the_function_is_defined() {
    let mut ws = Workspace::new();
    ws.eval_line("∇F X\n:If X\n:EndIf\n∇").unwrap();
    for (text, says) in REFUSED {
        let e = ws.eval_line(text).expect_err(text);
        assert_eq!(e.kind, ErrorKind::Syntax, "{text}");
        assert!(e.to_string().contains(says), "{text}\n{e}");
        // The line shown is the function's, named and numbered.
        assert!(e.line.starts_with("F["), "{text}\n{e}");
        // The function defined before stays as it was.
        assert_eq!(ws.definition("F"), Some("∇F X\n:If X\n:EndIf\n∇"), "{text}");
    }
    // A function that never was is not defined at all.
    assert!(ws.eval_line("∇G X\n:If X\n∇").is_err());
    assert!(!ws.functions().contains(&"G"));
}

#[test]
fn a_function_with_control_structures_keeps_its_text_as_typed() {
    let text = "∇Z←F X\n[1] :If X>0 ⍝ positive\n[2]     Z←'pos'\n[3] :Else\n[4]     Z←'not'\n[5] :EndIf\n∇";
    let mut ws = Workspace::new();
    ws.eval_line(text).unwrap();
    assert_eq!(ws.definition("F"), Some(text));
    // Read again from its text (as )load and the kept workspace read it), it is the same.
    let mut again = Workspace::new();
    again.load(ws.definition("F").unwrap()).unwrap();
    assert_eq!(again.definition("F"), Some(text));
    assert_eq!(run(&mut again, "F¨1 0"), " pos  not");
}

// A loop without end is stopped as `→L` is: by the step limit here, by Ctrl-C in
// tests/apl_cancel.rs.
#[test]
fn a_loop_without_end_stops_at_the_step_limit() {
    let mut ws = defined(
        "∇Z←SPIN X\n:While 1\n:EndWhile\n∇\n∇Z←SPUN X\n:Repeat\n:EndRepeat\n∇\n∇Z←FOR X\n:For I :In ⍳9000\n:EndFor\n∇\n",
    );
    ws.set_step_limit(10_000);
    for line in ["SPIN 1", "SPUN 1", "FOR 1"] {
        let e = error(&mut ws, line);
        assert_eq!(e.kind, ErrorKind::Limit, "{line}: {e}");
    }
    assert_eq!(run(&mut ws, "1+1"), "2");
}

// "Trap Statement": an error whose event number the :Trap lists runs its :Else part, and the
// function goes on after :EndTrap.
#[test]
fn trap_runs_its_else_part_for_an_error_it_lists_and_goes_on_after_endtrap() {
    let mut ws = defined(
        "\
∇Z←SAFE X
Z←'start'
:Trap 11
    Z←⍕1÷X
    Z←Z,' ok'
:Else
    Z←'div'
:EndTrap
Z←Z,'!'
∇
∇Z←QUIET X
Z←0
:trap 0
    Z←1÷X
:end
∇
",
    );
    assert_eq!(run(&mut ws, "SAFE 0"), "div!");
    assert_eq!(run(&mut ws, "SAFE 4"), "0.25 ok!");
    // Without :Else, nothing runs for the error: on after the structure, with what the lines
    // before the error did.
    assert_eq!(run(&mut ws, "QUIET 0"), "0");
    assert_eq!(run(&mut ws, "QUIET 2"), "0.5");
}

// An error the :Trap does not list is not caught: it stops the function as it would without it.
#[test]
fn trap_lets_an_error_it_does_not_list_stop_the_function() {
    let mut ws =
        defined("∇Z←ONLY_INDEX X\n:Trap 3\n    Z←1 2 3+X\n:Else\n    Z←'index'\n:EndTrap\n∇\n");
    assert_eq!(run(&mut ws, "ONLY_INDEX 1"), "2 3 4");
    let e = error(&mut ws, "ONLY_INDEX 1 2");
    assert_eq!(e.kind, ErrorKind::Length);
    assert!(e.line.starts_with("ONLY_INDEX[2]"), "{e}");
}

// Nested traps: the innermost that lists the error takes it; one in a function called from the
// body (a dfn or a ∇ function) is caught too; the handler itself is not trapped by its own
// :Trap, only by one outside it.
#[test]
fn the_innermost_trap_that_lists_an_error_takes_it_wherever_in_the_body_it_happens() {
    let mut ws = defined(
        "\
∇Z←NEST X
:Trap 3
    :Trap 5
        Z←X⌷1 2 3
    :Else
        Z←'length'
    :EndTrap
:Else
    Z←'index',⍕⎕EN
:EndTrap
∇
∇Z←CALLS X
:Trap 11
    Z←{1÷⍵}X
:Else
    Z←'caught in the dfn'
:EndTrap
∇
∇Z←HANDLER X
:Trap 0
    :Trap 11
        Z←÷X
    :Else
        Z←1 2+1 2 3
    :EndTrap
:Else
    Z←'outer',⍕⎕EN
:EndTrap
∇
",
    );
    assert_eq!(run(&mut ws, "NEST 2"), "2");
    assert_eq!(run(&mut ws, "NEST 9"), "index3");
    assert_eq!(run(&mut ws, "NEST 1 1"), "length");
    assert_eq!(run(&mut ws, "CALLS 0"), "caught in the dfn");
    assert_eq!(run(&mut ws, "HANDLER 0"), "outer5");
    // A trap inside a loop is set again each time round; :Leave leaves through it.
    let mut ws = defined(
        "\
∇Z←EACH V;I
Z←⍬
:For I :In V
    :Trap 11
        Z,←÷I
        :If I=4
            :Leave
        :EndIf
    :Else
        Z,←¯1
    :EndTrap
:EndFor
∇
",
    );
    assert_eq!(run(&mut ws, "EACH 1 0 2 0 4 5"), "1 ¯1 0.5 ¯1 0.25");
}

// ⎕EN and ⎕DM: the event number and message of the last error, caught or not (Dyalog's
// numbers: 11 DOMAIN, 5 LENGTH, 3 INDEX, 6 VALUE, 2 SYNTAX, 4 RANK).
#[test]
fn en_and_dm_give_the_last_errors_number_and_message() {
    let mut ws = Workspace::new();
    assert_eq!(run(&mut ws, "⎕EN"), "0");
    assert_eq!(run(&mut ws, "⍴⎕DM"), "0");
    ws.eval_line("∇Z←EN E\n:Trap 0\n    ⍎E\n:EndTrap\nZ←⎕EN\n∇")
        .unwrap();
    for (line, en) in [
        ("1÷0", "11"),
        ("1 2+1 2 3", "5"),
        ("(⍳3)[5]", "3"),
        ("NOSUCHNAME", "6"),
        ("⍟0", "11"),
        ("(2 2⍴1)+2 2 2⍴1", "4"),
    ] {
        let text = format!("EN '{line}'");
        assert_eq!(run(&mut ws, &text), en, "{line}");
    }
    ws.eval_line("∇F X\n:Trap 11\n    Z←1÷X\n:EndTrap\n∇")
        .unwrap();
    run(&mut ws, "F 0");
    assert_eq!(run(&mut ws, "⎕EN"), "11");
    assert_eq!(run(&mut ws, "1⊃⎕DM"), "DOMAIN ERROR: ÷0");
    assert_eq!(run(&mut ws, "2⊃⎕DM"), "F[2] Z←1÷X");
    assert_eq!(run(&mut ws, "3⊃⎕DM"), "        ^");
    // A line stopped by an error sets them too, as Dyalog's session does.
    error(&mut ws, "1 2+1 2 3");
    assert_eq!(run(&mut ws, "⎕EN"), "5");
}

// The line's step limit is not caught by :Trap 0 (nor by 10): the line stops, at the loop.
#[test]
fn trap_0_does_not_catch_the_step_limit_of_a_loop_without_end() {
    let mut ws = defined(
        "∇Z←SPIN X\n:Trap 0 10\n    :While 1\n        X←X+1\n    :EndWhile\n:Else\n    Z←'caught'\n:EndTrap\n∇\n",
    );
    ws.set_step_limit(10_000);
    let e = error(&mut ws, "SPIN 1");
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
    assert!(
        ["SPIN[2]", "SPIN[3]", "SPIN[4]"]
            .iter()
            .any(|l| e.line.starts_with(l)),
        "{e}"
    );
}

#[test]
fn trap_takes_event_numbers_and_says_so_otherwise() {
    let mut ws = defined("∇Z←F X\n:Trap X\n    Z←1\n:EndTrap\n∇\n");
    assert_eq!(run(&mut ws, "F 0 11"), "1");
    for bad in ["F ¯1", "F 1.5", "F 'a'", "F 2 2⍴0"] {
        let e = error(&mut ws, bad);
        assert_eq!(e.kind, ErrorKind::Domain, "{bad}");
        assert!(e.detail.contains(":Trap takes event numbers"), "{bad}: {e}");
        assert!(e.line.starts_with("F[1] :Trap"), "{bad}: {e}");
    }
}
