//! A line of catenations along one axis (`a,[k]b,[k]c`), joined at once where each step
//! would join runs, gives what the steps made one by one give: the same array, or the same
//! error at the same catenation.

use super::test_support::{error, run};
use super::*;
use proptest::prelude::*;

/// What `line` gives: its display, or its error's kind and detail.
fn outcome(ws: &mut Workspace, line: &str) -> String {
    match ws.eval_line(line) {
        Ok(v) => {
            let shapes: Vec<&[usize]> = v.shown.iter().map(Value::shape).collect();
            format!("{shapes:?} {v}")
        }
        Err(e) => format!("{} {}", e.kind.name(), e.detail),
    }
}

/// `a,[k]b,[k]c,[k]d` as one line and as steps made one by one (through a variable, which
/// no chain crosses), for the arrays `a b c d` written as `pieces`.
fn both(pieces: &[&str], axis: &str) -> (String, String) {
    let mut ws = Workspace::new();
    let names: Vec<String> = (0..pieces.len()).map(|i| format!("P{i}")).collect();
    for (n, p) in names.iter().zip(pieces) {
        run(&mut ws, &format!("{n}←{p}"));
    }
    let line = names.join(&format!(",[{axis}]"));
    let whole = outcome(&mut ws, &line);
    let last = names.len() - 1;
    let mut steps = format!("T←{}", names[last]);
    for n in names[..last].iter().rev() {
        steps.push_str(&format!(" ⋄ T←{n},[{axis}]T"));
    }
    let stepwise = match ws.eval_line(&steps) {
        Ok(_) => outcome(&mut ws, "T"),
        Err(e) => format!("{} {}", e.kind.name(), e.detail),
    };
    (whole, stepwise)
}

/// Each of `cases` (pieces and an axis) gives what its steps give: an error if `fails`.
fn agree(cases: &[(&[&str], &str)], fails: bool) {
    for (pieces, axis) in cases {
        let (whole, stepwise) = both(pieces, axis);
        assert_eq!(whole, stepwise, "{pieces:?} along {axis}");
        assert_eq!(whole.contains("ERROR"), fails, "{whole}");
    }
}

#[test]
fn a_line_of_catenations_gives_what_its_steps_give() {
    let cases: &[(&[&str], &str)] = &[
        // Matrices and a rank-3 array down the first axis (local's faces).
        (&["3 3⍴⍳9", "2 3 3⍴⍳18", "3 3⍴'abcdefghi'"][..], "1"),
        // Along a later axis: runs of each piece in turn.
        (&["2 2⍴1", "2 3⍴2", "2 1⍴3"][..], "2"),
        (&["3 3 1⍴1", "3 3 1⍴2", "3 3 2⍴3"][..], "3"),
        // Scalars, empty arrays and nested items.
        (&["1", "2", "3", "4"][..], "1"),
        (&["0 3⍴0", "0 3⍴0", "2 3⍴1"][..], "1"),
        (&["⊂1 2", "⊂'ab'", "(⊂3 4),⊂5"][..], "1"),
    ];
    agree(cases, false);
}

#[test]
fn a_catenation_that_fails_inside_a_line_fails_as_its_step_does() {
    let cases: &[(&[&str], &str)] = &[
        // The right two make a 6-vector, which a 2×3 matrix does not take.
        (&["2 3⍴1", "3⍴2", "3⍴3"][..], "1"),
        // Lengths that disagree, at the left step and at the right one.
        (&["2 3⍴1", "2 2⍴2", "2 2⍴3"][..], "1"),
        (&["2 2⍴1", "2 2⍴2", "2 3⍴3"][..], "1"),
        // Axes out of range, and not whole.
        (&["1 2", "3 4", "5 6"][..], "3"),
        (&["1 2", "3 4", "5 6"][..], "0"),
        (&["2 2⍴1", "2 2⍴2", "2 2⍴3"][..], "¯1"),
        // Ranks two apart.
        (&["2 2 2⍴1", "2⍴2", "2 2 2⍴3"][..], "1"),
    ];
    agree(cases, true);
}

#[test]
fn a_failing_step_of_a_line_of_catenations_is_placed_at_its_own_comma() {
    let mut ws = Workspace::new();
    // The left step fails (2 3 against 2 4); its comma is the first.
    let e = error(&mut ws, "(2 3⍴1),[1](2 2⍴2),[1]2 2⍴3");
    assert_eq!(e.column, "(2 3⍴1)".chars().count(), "{e}");
    // The right step fails; its comma is the second, and the left piece is not evaluated.
    let e = error(&mut ws, "(⎕←1 1⍴7),[1](2 2⍴2),[1]2 3⍴3");
    assert_eq!(e.column, "(⎕←1 1⍴7),[1](2 2⍴2)".chars().count(), "{e}");
}

#[test]
fn a_line_of_catenations_counts_from_the_index_origin() {
    let mut ws = Workspace::new();
    run(&mut ws, "⎕IO←0");
    assert_eq!(
        run(&mut ws, "⍴(2 2⍴1),[0](2 2⍴2),[0]2 2⍴3"),
        run(&mut ws, "⍴(2 2⍴1),[0]((2 2⍴2),[0]2 2⍴3)")
    );
    assert_eq!(run(&mut ws, "⍴(2 2⍴1),[1](2 2⍴2),[1]2 2⍴3"), "2 6");
    error(&mut ws, "(2 2⍴1),[2](2 2⍴2),[2]2 2⍴3");
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// Random pieces of ranks 0 to 3 and lengths 0 to 2, along a random axis.
    #[test]
    fn random_lines_of_catenations_give_what_their_steps_give(
        shapes in proptest::collection::vec(proptest::collection::vec(0usize..3, 0..4), 2..5),
        axis in 1usize..4,
    ) {
        let pieces: Vec<String> = shapes
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let shape: Vec<String> = s.iter().map(usize::to_string).collect();
                match s.is_empty() {
                    true => format!("{i}"),
                    false => format!("({})⍴{i}+⍳{}", shape.join(" "), s.iter().product::<usize>()),
                }
            })
            .collect();
        let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
        let (whole, stepwise) = both(&refs, &axis.to_string());
        prop_assert_eq!(whole, stepwise);
    }
}
