//! The evaluator's shortcuts for small arrays give what the general paths give: lamination
//! of two arrays of one shape, a reshape that moves its argument's items, a function's last
//! read of a local variable handing its array on, a defined function under `¨` found once.

use super::test_support::run;
use super::*;
use proptest::prelude::*;

#[test]
fn laminating_arrays_of_one_shape_puts_the_new_axis_where_the_fraction_says() {
    let mut ws = Workspace::new();
    for (line, want) in [
        ("1,[.5]2", "1 2"),
        ("⍴(2 3⍴⍳6),[.5]2 3⍴6+⍳6", "2 2 3"),
        (",(2 3⍴⍳6),[.5]2 3⍴6+⍳6", "1 2 3 4 5 6 7 8 9 10 11 12"),
        ("⍴(2 3⍴⍳6),[1.5]2 3⍴6+⍳6", "2 2 3"),
        (",(2 3⍴⍳6),[1.5]2 3⍴6+⍳6", "1 2 3 7 8 9 4 5 6 10 11 12"),
        ("⍴(2 3⍴⍳6),[2.5]2 3⍴6+⍳6", "2 3 2"),
        (",(2 3⍴⍳6),[2.5]2 3⍴6+⍳6", "1 7 2 8 3 9 4 10 5 11 6 12"),
        ("'ab',[.5]'cd'", "ab\ncd"),
        (",(⍉2 3⍴⍳6),[.5]3 2⍴0", "1 4 2 5 3 6 0 0 0 0 0 0"),
        ("⎕IO←0 ⋄ 'ab',[¯.5]'cd'", "ab\ncd"),
    ] {
        assert_eq!(run(&mut ws, line), want, "{line}");
    }
    ws.eval_line("⎕IO←1").unwrap();
    for line in ["1 2,[3.5]3 4", "1 2,[¯.5]3 4"] {
        let e = ws.eval_line(line).expect_err(line);
        assert_eq!(e.kind, error::ErrorKind::Axis, "{line}");
    }
    assert_eq!(
        ws.eval_line("1 2,[.5]1 2 3").expect_err("lengths").kind,
        error::ErrorKind::Length
    );
}

#[test]
fn a_functions_last_read_of_a_local_variable_leaves_its_value_right() {
    let mut ws = Workspace::new();
    for def in [
        "G: V←⍵ ⋄ V[1]←9 ⋄ 2 2⍴V",
        "H: V←⍵ ⋄ V[1]←9 ⋄ V,V",
        "K: V←⍵ ⋄ W←V ⋄ W[1]←0 ⋄ V,W",
        "O: ⎕IO←0 ⋄ ⍳⍵",
    ] {
        ws.eval_line(def).unwrap();
    }
    for (line, want) in [
        ("G 1 2 3 4", "9 2\n3 4"),
        ("H 1 2", "9 2 9 2"),
        ("K 1 2", "1 2 0 2"),
        ("O 3", "0 1 2"),
        ("⍳3", "1 2 3"),
    ] {
        assert_eq!(run(&mut ws, line), want, "{line}");
    }
}

#[test]
fn a_defined_function_under_each_is_applied_to_every_item() {
    let mut ws = Workspace::new();
    ws.eval_line("P: ⍵[⍺]").unwrap();
    ws.eval_line("E: ⍺+⍵").unwrap();
    for (line, want) in [
        ("⍴(⊂2 1)P¨'ab' 'cd' 'ef'", "3"),
        ("∊(⊂2 1)P¨'ab' 'cd' 'ef'", "badcfe"),
        ("1 2 E¨10 20", "11 22"),
        ("∊(⊂1 2)E¨10 20", "11 12 21 22"),
    ] {
        assert_eq!(run(&mut ws, line), want, "{line}");
    }
    let e = ws.eval_line("1 Q¨2").expect_err("Q is not defined");
    assert!(e.to_string().contains('Q'), "{e}");
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// `(n⍴r)⊤⍵` of whole numbers, made by integer division, is the floating-point one.
    #[test]
    fn whole_digits_are_the_floating_point_ones(
        values in proptest::collection::vec(0u64..(1 << 53), 1..8),
        radix in 1u64..40,
        places in 1usize..70,
    ) {
        let a = Value::vector(vec![Elem::Num(radix as f64); places]);
        let w = Value::vector(values.iter().map(|&v| Elem::Num(v as f64)).collect());
        let fast = func::dyad(defs::Prim::Encode, None, a, w).unwrap();
        let general = prim::encode(
            radix as f64,
            places,
            ndarray::Array1::from_vec(values.iter().map(|&v| v as f64).collect()).view(),
        );
        prop_assert_eq!(fast.shape(), general.shape());
        let fast: Vec<f64> = fast.items().map(|e| match e {
            Elem::Num(n) => *n,
            _ => f64::NAN,
        }).collect();
        prop_assert_eq!(fast, general.iter().copied().collect::<Vec<_>>());
    }

    /// `r⊥⍵` down the first axis is Horner's rule as the general path reads it.
    #[test]
    fn one_radix_decodes_as_horners_rule(
        digits in proptest::collection::vec(-50i32..50, 1..24),
        radix in -12i32..12,
        rows in 1usize..4,
    ) {
        let cols = digits.len() / rows;
        prop_assume!(cols > 0);
        let digits = &digits[..rows * cols];
        let w = Value::from_shape(&[rows, cols], digits.iter().map(|&d| Elem::Num(d as f64)).collect());
        let fast = func::dyad(defs::Prim::Decode, None, Value::num(radix as f64), w).unwrap();
        let plain = ndarray::Array2::from_shape_vec(
            (rows, cols),
            digits.iter().map(|&d| d as f64).collect(),
        ).unwrap();
        let general = prim::decode(radix as f64, plain.view());
        prop_assert_eq!(fast.shape(), general.shape());
        let fast: Vec<f64> = fast.items().map(|e| match e {
            Elem::Num(n) => *n,
            _ => f64::NAN,
        }).collect();
        prop_assert_eq!(fast, general.iter().copied().collect::<Vec<_>>());
    }
}

/// The lines of `tests/apl_sessions/fast_paths.txt`, each showing what the transcript says.
#[test]
fn the_fast_paths_transcript_shows_what_the_general_paths_give() {
    test_support::transcript("fast_paths");
}
