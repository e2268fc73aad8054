//! A function that moves its argument's digits (`⊤` with a constant radix, the digits
//! arranged, `⊥` with the same radix), traced and run as a gather with its digits moved,
//! gives exactly what running its statements gives, on arguments in the radix's range and
//! out of it; the functions the check or the trace must refuse are refused.

use super::arranging_tests::{Twins, random_body, workspace_with};
use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random array of `shape`: mostly whole numbers below 1000, now and then one past it, a
/// negative or fractional number, or a character (which the digits' check sends the general
/// way).
fn random_numbers(rng: &mut ChaCha8Rng, shape: &[usize], strays: bool) -> Value {
    let cells: usize = shape.iter().product();
    let items = (0..cells)
        .map(|_| match (strays, rng.random_range(0..40)) {
            (true, 0) => Elem::Num(rng.random_range(1000..3000) as f64),
            (true, 1) => Elem::Num(-3.0),
            (true, 2) => Elem::Num(2.5),
            (true, 3) => Elem::Char('a'),
            _ => Elem::Num(rng.random_range(0..1000) as f64),
        })
        .collect();
    Value::from_shape(shape, items)
}

/// A random index list of the three digits (repeats allowed).
fn digit_list(rng: &mut ChaCha8Rng) -> String {
    let d: Vec<String> = (0..3)
        .map(|_| rng.random_range(1..=3).to_string())
        .collect();
    d.join(" ")
}

/// For 300 random functions that arrange their argument, write it in three decimal digits,
/// move the digits (reorder, repeat, reverse or rotate them), read them back and arrange the
/// numbers again, each called four times on random arguments: the gather gives exactly what
/// the evaluator gives, and more than a quarter are gathered (the others pad with a fill, give
/// an empty array, mix two atoms' digits or fail, on purpose, or are several statements).
#[test]
fn a_random_function_of_moved_digits_gathers_exactly_what_its_statements_give() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x00D1_6175);
    let (mut gathered, cases) = (0, 300);
    for _ in 0..cases {
        let rank = rng.random_range(1..=3);
        let shape: Vec<usize> = (0..rank).map(|_| rng.random_range(1..=4)).collect();
        let inner = random_body(&mut rng, &shape, false);
        // An arrangement of several statements (an indexed assignment into a local) is no
        // expression to write in digits.
        if inner.contains('⋄') {
            continue;
        }
        // The rank of what the inner arrangement gives, for the digits' index.
        let mut probe = workspace_with(&[&format!("E: {inner}")], false);
        let Ok(sample) = probe.call("E", None, random_numbers(&mut rng, &shape, false)) else {
            continue;
        };
        let axes = ";".repeat(sample.rank());
        let digits = match rng.random_range(0..4) {
            0 => format!("((3⍴10)⊤{inner})[{}{axes}]", digit_list(&mut rng)),
            1 => format!("⊖(3⍴10)⊤{inner}"),
            2 => format!("1⊖(3⍴10)⊤{inner}"),
            _ => format!("(3⍴10)⊤{inner}"),
        };
        let body = match rng.random_range(0..3) {
            0 => format!("10⊥{digits}"),
            1 => format!("⌽10⊥{digits}"),
            _ => format!(",(3⍴10)⊥{digits}"),
        };
        let def = format!("F: {body}");
        let mut twins = Twins::new(&[&def], &def);
        for call in 0..4 {
            twins.agree(random_numbers(&mut rng, &shape, call >= 2));
        }
        gathered += usize::from(twins.gathers() > 0);
    }
    assert!(gathered * 4 > cases, "only {gathered} of {cases} gathered");
}

/// Functions whose digits are not one atom's, of two radices, left as digits, read from
/// numbers not written in digits, or beside a `⊤` or `⊥` of constants, are refused (by the
/// check or by the trace); each still gives what the evaluator gives.
#[test]
fn a_function_that_does_more_than_move_digits_is_refused() {
    let bodies = [
        "10⊥⍉(3⍴10)⊤⍵",
        "10⊥(3⍴10)⊤8⊥(3⍴8)⊤⍵",
        "(3⍴10)⊤⍵",
        "10⊥⍵",
        "10⊥(3⍴10)⊤⍵+0",
        "(10⊥(3⍴10)⊤⍵)[2⊥0 1]",
        "10⊥(3⍴⍵)⊤⍵",
        "10⊥4↑(3⍴10)⊤⍵",
    ];
    for body in bodies {
        let def = format!("F: {body}");
        Twins::new(&[&def], &def).refuse(&[
            "3 3⍴12 345 6 78 900 1 23 456 7",
            "3 3⍴⌽12 345 6 78 900 1 23 456 7",
        ]);
    }
}

/// The control for the test above: digits moved within each atom are gathered, and an atom
/// out of the radix's range, negative, fractional or a character goes the general way.
#[test]
fn a_function_that_moves_digits_is_gathered_and_checks_its_atoms() {
    let def = "F: 10⊥((3⍴10)⊤⌽⍵)[3 1 2;;]";
    let mut twins = Twins::new(&[def], def);
    for w in [
        "2 2⍴123 456 7 890",
        "2 2⍴1234 5 6 7",
        "2 2⍴¯1 2 3 4",
        "2 2⍴1.5 2 3 4",
    ] {
        let w = twins.on.eval_line(w).unwrap().shown[0].clone();
        twins.agree(w);
    }
    assert_eq!(twins.gathers(), 1);
    let w = twins.on.eval_line("2 2⍴123 456 7 890").unwrap().shown[0].clone();
    let out = twins.on.call("F", None, w).unwrap();
    assert_eq!(out.to_string(), "645 312\n 89 700");
}
