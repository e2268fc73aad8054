//! The evaluator's shortcuts for small arrays give what the general paths give: lamination
//! of two arrays of one shape, a reshape that moves its argument's items, a function's last
//! read of a local variable handing its array on, a defined function under `¨` found once.

use super::test_support::error;
use super::*;
use proptest::prelude::*;

#[test]
fn a_function_not_defined_under_each_is_named_in_the_error() {
    let e = error(&mut Workspace::new(), "1 Q¨2");
    assert!(e.to_string().contains('Q'), "{e}");
}

/// The numbers of an array, in order (a character as NaN).
fn numbers(v: &Value) -> Vec<f64> {
    v.items()
        .map(|e| match e {
            Elem::Num(n) => *n,
            _ => f64::NAN,
        })
        .collect()
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
        prop_assert_eq!(numbers(&fast), general.iter().copied().collect::<Vec<_>>());
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
        prop_assert_eq!(numbers(&fast), general.iter().copied().collect::<Vec<_>>());
    }
}

/// The lines of `tests/apl_sessions/fast_paths.txt`, each showing what the transcript says.
#[test]
fn the_fast_paths_transcript_shows_what_the_general_paths_give() {
    test_support::transcript("fast_paths");
}

/// Index lists named by variables are read where they are, after the others are evaluated:
/// of two without a value, the one APL reads first (the right) is still the one named.
#[test]
fn the_first_index_list_without_a_value_is_the_one_named() {
    let mut ws = Workspace::new();
    ws.eval_line("M←3 3⍴⍳9").unwrap();
    let e = error(&mut ws, "M[P;Q]");
    assert!(e.to_string().contains("Q has no value"), "{e}");
    let e = error(&mut ws, "M[P;Q]←0");
    assert!(e.to_string().contains("Q has no value"), "{e}");
    let e = error(&mut ws, "N[P]←0");
    assert!(e.to_string().contains("P has no value"), "{e}");
}
