//! The primitives' work bounded, the hashed search functions against their definitions, the
//! inner product on every shape, and results as APL2 and Dyalog give them.

use super::test_support::{error, run};
use super::*;
use proptest::prelude::*;

/// An item of a random array: small whole numbers (`0` and `¯0` among them), a fraction,
/// characters, and now and then an enclosed vector of those.
fn item() -> impl Strategy<Value = Elem> {
    let simple = prop_oneof![
        (-3i32..4).prop_map(|n| Elem::Num(n as f64)),
        Just(Elem::Num(-0.0)),
        Just(Elem::Num(0.5)),
        proptest::sample::select(vec!['a', 'b', '1', ' ']).prop_map(Elem::Char),
    ];
    prop_oneof![
        4 => simple.clone(),
        1 => proptest::collection::vec(simple, 0..3)
            .prop_map(|v| Elem::Boxed(std::sync::Arc::new(Value::vector(v)))),
    ]
}

fn vector() -> impl Strategy<Value = Vec<Elem>> {
    proptest::collection::vec(item(), 0..12)
}

/// The search functions as APL defines them, item by item: `∊`, `⍳`, `∩`, `~`, `∪`.
fn defined(a: &[Elem], w: &[Elem]) -> [Vec<Elem>; 6] {
    let num = |b: bool| Elem::Num(b as i32 as f64);
    let member: Vec<Elem> = a.iter().map(|e| num(w.contains(e))).collect();
    let index: Vec<Elem> = w
        .iter()
        .map(|e| Elem::Num((a.iter().position(|x| x == e).unwrap_or(a.len()) + 1) as f64))
        .collect();
    let both: Vec<Elem> = a.iter().filter(|e| w.contains(e)).cloned().collect();
    let without: Vec<Elem> = a.iter().filter(|e| !w.contains(e)).cloned().collect();
    let mut union = a.to_vec();
    union.extend(w.iter().filter(|e| !a.contains(e)).cloned());
    let mut unique: Vec<Elem> = Vec::new();
    for e in a {
        if !unique.contains(e) {
            unique.push(e.clone());
        }
    }
    [member, index, both, without, union, unique]
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// `∊ ⍳ ∩ ~ ∪`, hashed, give what their definitions give item by item on arrays of
    /// numbers, characters and enclosed vectors mixed (`0` and `¯0` are one number, as `=`
    /// says; a character is never a number).
    #[test]
    fn the_hashed_search_functions_agree_with_their_definitions(a in vector(), w in vector()) {
        let mut ws = Workspace::new();
        ws.set("A", Value::vector(a.clone()));
        ws.set("W", Value::vector(w.clone()));
        let lines = ["A∊W", "A⍳W", "A∩W", "A~W", "A∪W", "∪A"];
        for (line, want) in lines.iter().zip(defined(&a, &w)) {
            let got = ws.eval_line(line).unwrap().shown.remove(0);
            prop_assert_eq!(got.into_items(), want, "{}", line);
        }
    }

    /// The inner product never panics, on any small shapes (empty ones and scalars among
    /// them), and of scalar functions gives what the same functions as dfns give, applied
    /// row by column as APL2 defines `f.g`.
    #[test]
    fn the_inner_product_never_panics_and_agrees_with_its_definition(
        ashape in proptest::collection::vec(0usize..3, 0..3),
        wshape in proptest::collection::vec(0usize..3, 0..3),
        f in proptest::sample::select(vec!['+', '×', '⌈', '=', '∧', '-']),
        g in proptest::sample::select(vec!['+', '×', '=', '≠', '|', '⌊']),
    ) {
        let mut ws = Workspace::new();
        let shape = |s: &[usize]| match s {
            [] => "⍬".to_string(),
            _ => s.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" "),
        };
        ws.eval_line(&format!("A←({})⍴0 1 2 1", shape(&ashape))).unwrap();
        ws.eval_line(&format!("W←({})⍴1 0 2", shape(&wshape))).unwrap();
        let quick = ws.eval_line(&format!("A{f}.{g}W"));
        let slow = ws.eval_line(&format!("A{{⍺{f}⍵}}.{{⍺{g}⍵}}W"));
        if let (Ok(q), Ok(s)) = (&quick, &slow) {
            prop_assert_eq!(q, s);
        }
        if let Ok(q) = &quick {
            let want: Vec<usize> = ashape.iter().take(ashape.len().saturating_sub(1))
                .chain(wshape.iter().skip(1)).copied().collect();
            prop_assert_eq!(q.shown[0].shape(), &want[..]);
        }
    }
}

/// A primitive's work is counted by the items it touches, not as one call: `⍳1e6` makes a
/// million items, past a limit of 10,000 steps (16 items a step).
#[test]
fn a_primitive_on_a_million_items_counts_as_the_work_it_is() {
    let mut ws = Workspace::new();
    ws.set_step_limit(10_000);
    assert_eq!(run(&mut ws, "⍴⍳1e4"), "10000");
    let e = error(&mut ws, "⍴⍳1e6");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.detail.starts_with("more than 10000 steps"), "{e}");
    let e = error(&mut ws, "+/(1e4⍴1)⍷1e5⍴1");
    assert_eq!(e.kind, ErrorKind::Limit, "{e}");
}

/// An inner product of 10⁹ multiplications is refused by the work limit before it begins,
/// and a `⍷` of 2.5×10¹¹ comparisons is stopped by it as it goes; small ones run.
#[test]
fn a_long_inner_product_or_find_ends_with_the_work_limits_error() {
    let mut ws = Workspace::new();
    assert_eq!(
        error(&mut ws, "(1000 1000⍴1)+.×1000 1000⍴1").kind,
        ErrorKind::Limit
    );
    assert_eq!(
        error(&mut ws, "(1000 1000⍴1)∧.=1000 1000⍴1").kind,
        ErrorKind::Limit
    );
    // Counted as it goes: stopped after about 16×10⁶ comparisons under a limit of 10⁶ steps.
    let mut small = Workspace::new();
    small.set_step_limit(1_000_000);
    assert_eq!(error(&mut small, "+/(5e5⍴1)⍷1e6⍴1").kind, ErrorKind::Limit);
    assert_eq!(run(&mut ws, "500000500000=(⍳1e6)+.×1e6⍴1"), "1");
    assert_eq!(run(&mut ws, "(⍳1e6)∧.=⍳1e6"), "1");
    assert_eq!(run(&mut ws, "+/,(2 2⍴1 2 3 4)⍷3 3⍴1 2 0 3 4 1 2"), "1");
    assert_eq!(
        run(&mut ws, "(2 2⍴1 2 3 4)⍷3 3⍴1 2 0 3 4 1 2"),
        "1 0 0\n0 0 0\n0 0 0"
    );
}

/// `CUBE DO 'R̄'`, one move, is the move: the paper's DO laminates its argument at `[1.5]`,
/// which a one-character string (a scalar, in APL2 as here) cannot be, so DO ravels it.
#[test]
fn do_of_one_move_is_that_move_in_every_representation() {
    for kind in crate::rep::RepKind::ALL {
        let mut ws = paper::workspace(kind.name()).unwrap();
        let cube = crate::Cube::solved();
        ws.set("CUBE", kind.build(&cube).unwrap().apl_value());
        assert_eq!(run(&mut ws, "(R̄ CUBE)≡CUBE DO 'R̄'"), "1", "{kind}");
        assert_eq!(run(&mut ws, "(U CUBE)≡CUBE DO 'U'"), "1", "{kind}");
        assert_eq!(run(&mut ws, "(F R CUBE)≡CUBE DO 'RF'"), "1", "{kind}");
    }
}

/// An error in a line of a ∇ function is shown as APL2 shows it: the function's name and the
/// line's number before the line, the caret under the place, not the whole function.
#[test]
fn an_error_in_a_traditional_function_shows_its_line_and_number() {
    let mut ws = Workspace::new();
    ws.eval_line("∇Z←F B\nZ←B+1\nZ←Z÷0\n∇").unwrap();
    let e = error(&mut ws, "F 3");
    assert_eq!(
        e.to_string(),
        "DOMAIN ERROR: ÷0\n      F[2] Z←Z÷0\n              ^"
    );
    ws.eval_line("∇Z←G B\nL: Z←F B\n∇").unwrap();
    assert_eq!(error(&mut ws, "G 1").line, "F[2] Z←Z÷0");
}

/// The lines of `tests/apl_sessions/primitives.txt`, each showing what the transcript says.
#[test]
fn the_primitives_transcript_shows_what_apl2_and_dyalog_give() {
    test_support::transcript("primitives");
}
