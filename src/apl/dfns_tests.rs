//! Dfns as Dyalog has them, and the operators and trains of Dyalog APL. Each expected value is
//! the one Dyalog APL gives (`⎕IO←1`), as its Language Reference defines the construct: the
//! section named beside each.

use super::test_support::{self, run};
use super::{ErrorKind, Workspace};

// Dfns: "Dynamic Functions and Operators" (Dyalog Programming Reference Guide).

#[test]
fn a_function_named_on_a_line_is_the_workspaces_from_then_on() {
    let mut ws = Workspace::new();
    assert_eq!(run(&mut ws, "f←{⍵+1} ⋄ f 3"), "4");
    assert_eq!(run(&mut ws, "f 10"), "11");
    assert_eq!(run(&mut ws, "avg←+/÷≢"), "");
    assert_eq!(run(&mut ws, "avg 1 2 3 4"), "2.5");
    assert_eq!(ws.definition("avg"), Some("avg←+/÷≢"));
    assert_eq!(ws.definition("f"), Some("f←{⍵+1}"));
}

#[test]
fn a_dfn_named_inside_a_dfn_is_a_function_there() {
    assert_eq!(run(&mut Workspace::new(), "{f←{⍵×2} ⋄ f ⍵+1}4"), "10");
    let mut ws = Workspace::new();
    run(&mut ws, "g←{f←{⍵×2} ⋄ f ⍵+1}");
    assert_eq!(run(&mut ws, "g 4"), "10");
    // Its name is its own: the workspace has no f.
    assert_eq!(ws.functions(), ["g"]);
}

// Operators: "Primitive Operators" (Dyalog Language Reference).

#[test]
#[ignore = "measures how deep a recursion goes"]
fn how_deep_a_recursion_goes() {
    for n in [20_000, 40_000, 80_000, 160_000] {
        let line = format!("{{⍵=0:0 ⋄ 1+∇ ⍵-1}}{n}");
        println!(
            "{n}: {:?}",
            Workspace::new().eval_line(&line).map(|o| o.to_string())
        );
    }
}

/// Functions an operand or a tine is drawn from: primitives, derived functions and dfns.
const FUNCTIONS: &[&str] = &[
    "+",
    "-",
    "×",
    "⌈",
    "⌊",
    "|",
    "=",
    "≠",
    "<",
    "∧",
    "∨",
    "⍴",
    ",",
    "↑",
    "↓",
    "⌽",
    "⊢",
    "⊣",
    "≡",
    "≢",
    "+¨",
    "×⍨",
    "{⍺+2×⍵}",
    "{⍵}",
    "(-∘|)",
    "(+⌿)",
];

/// A small array written as APL: a number, or a vector of a few.
fn array() -> impl Strategy<Value = String> {
    prop_oneof![
        (-3i32..4).prop_map(|n| n.to_string().replace('-', "¯")),
        proptest::collection::vec(-3i32..4, 0..4).prop_map(|v| match v.len() {
            0 => "⍬".to_string(),
            1 => format!(",{}", v[0]).replace('-', "¯"),
            _ => v
                .iter()
                .map(|n| n.to_string().replace('-', "¯"))
                .collect::<Vec<_>>()
                .join(" "),
        }),
    ]
}

/// What a line gives: its display, or the kind of error it stops with.
fn outcome(line: &str) -> Result<String, ErrorKind> {
    Workspace::new()
        .eval_line(line)
        .map(|o| o.to_string())
        .map_err(|e| e.kind)
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// Each operator and train gives what its definition in older APL gives (its operands
    /// and tines parenthesised, as Dyalog's right operand binds to one word): `f⍨` as
    /// `{⍵ f ⍺}`, `(f g h)` as `{(⍺ f ⍵) g (⍺ h ⍵)}`, `(g h)` as `{g (⍺ h ⍵)}`, `f∘g` as
    /// `{⍺ f g ⍵}` (and each with one argument), an error where the definition errs.
    #[test]
    fn operators_and_trains_give_what_their_definitions_give(
        f in proptest::sample::select(FUNCTIONS),
        g in proptest::sample::select(FUNCTIONS),
        h in proptest::sample::select(FUNCTIONS),
        a in array(),
        b in array(),
    ) {
        let pairs = [
            (format!("({a}) ({f})⍨ {b}"), format!("({a}) {{⍵ {f} ⍺}} {b}")),
            (format!("({f})⍨ {b}"), format!("{{⍵ {f} ⍵}} {b}")),
            (format!("({a}) (({f}) ({g}) ({h})) {b}"), format!("({a}) {{(⍺ {f} ⍵) {g} (⍺ {h} ⍵)}} {b}")),
            (format!("(({f}) ({g}) ({h})) {b}"), format!("{{({f} ⍵) {g} ({h} ⍵)}} {b}")),
            (format!("({a}) (({g}) ({h})) {b}"), format!("({a}) {{{g} (⍺ {h} ⍵)}} {b}")),
            (format!("(({g}) ({h})) {b}"), format!("{{{g} ({h} ⍵)}} {b}")),
            (format!("({a}) ({f})∘({g}) {b}"), format!("({a}) {{⍺ {f} {g} ⍵}} {b}")),
            (format!("({f})∘({g}) {b}"), format!("{{{f} {g} ⍵}} {b}")),
        ];
        for (derived, defined) in pairs {
            prop_assert_eq!(outcome(&derived), outcome(&defined), "{} against {}", derived, defined);
        }
    }
}

/// The lines of `tests/apl_sessions/dfns.txt`, each showing what the transcript says.
#[test]
fn the_dfns_transcript_shows_what_dyalog_gives() {
    test_support::transcript("dfns");
}
