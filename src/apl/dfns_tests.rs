//! Dfns as Dyalog has them, and the operators and trains of Dyalog APL. Each expected value is
//! the one Dyalog APL gives (`⎕IO←1`), as its Language Reference defines the construct: the
//! section named beside each.

use super::{ErrorKind, Workspace};

fn run(ws: &mut Workspace, line: &str) -> String {
    ws.eval_line(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .to_string()
}

fn one(line: &str) -> String {
    run(&mut Workspace::new(), line)
}

fn fails(line: &str) -> ErrorKind {
    match Workspace::new().eval_line(line) {
        Ok(v) => panic!("{line} gave {v}"),
        Err(e) => e.kind,
    }
}

// Dfns: "Dynamic Functions and Operators" (Dyalog Programming Reference Guide).

#[test]
fn a_dfn_named_earlier_on_the_line_is_a_function() {
    assert_eq!(one("f←{⍵+1} ⋄ f 3"), "4");
    assert_eq!(one("f←{⍵+1} ⋄ f f 3"), "5");
}

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
    assert_eq!(one("{f←{⍵×2} ⋄ f ⍵+1}4"), "10");
    let mut ws = Workspace::new();
    run(&mut ws, "g←{f←{⍵×2} ⋄ f ⍵+1}");
    assert_eq!(run(&mut ws, "g 4"), "10");
    // Its name is its own: the workspace has no f.
    assert_eq!(ws.functions(), ["g"]);
}

#[test]
fn a_nested_dfn_reads_the_names_of_the_dfn_around_it() {
    assert_eq!(one("{x←⍵ ⋄ {⍵+x}¨⍳3}5"), "6 7 8");
    assert_eq!(one("{x←⍵ ⋄ {y←⍵ ⋄ {x+y+⍵}⍵}1}10"), "12");
    // A dfn named inside one, called from a dfn inside that.
    assert_eq!(one("{f←{⍵×10} ⋄ {f ⍵}¨⍳3}0"), "10 20 30");
    // At the top of a line, the line's names.
    assert_eq!(one("x←5 ⋄ {⍵+x}3"), "8");
}

#[test]
fn a_nested_dfn_has_its_own_arguments() {
    // `⍺` of a dfn called with one argument has no value, whatever the dfn around it has.
    let mut ws = Workspace::new();
    assert_eq!(
        ws.eval_line("1 {{⍺}⍵} 2").unwrap_err().kind,
        ErrorKind::Value
    );
    assert_eq!(one("1 {⍺ {⍺+⍵} ⍵} 2"), "3");
    assert_eq!(one("{⍺←10 ⋄ ⍺+⍵}1"), "11");
}

#[test]
fn a_parenthesised_function_applies_to_an_argument() {
    assert_eq!(one("({⍵+1}⍣2) 5"), "7");
    assert_eq!(one("(+/) 1 2 3"), "6");
    assert_eq!(one("(+/)¨(1 2)(3 4 5)"), "3 12");
    assert_eq!(one("2 (×) 3"), "6");
}

#[test]
fn recursion_is_bounded_by_the_workspace_not_a_count_of_calls() {
    assert_eq!(one("{⍵=0:0 ⋄ ∇ ⍵-1}1e4"), "0");
    assert_eq!(one("{⍵=0:0 ⋄ 1+∇ ⍵-1}1e4"), "10000");
    let mut ws = Workspace::new();
    run(&mut ws, "DOWN←{⍵=0:0 ⋄ 1+DOWN ⍵-1}");
    assert_eq!(run(&mut ws, "DOWN 10000"), "10000");
}

#[test]
fn a_recursion_without_end_is_an_error_and_the_session_goes_on() {
    let mut ws = Workspace::new();
    assert_eq!(ws.eval_line("{∇⍵}1").unwrap_err().kind, ErrorKind::WsFull);
    run(&mut ws, "DEEP: DEEP ⍵");
    assert_eq!(ws.eval_line("DEEP 1").unwrap_err().kind, ErrorKind::WsFull);
    assert_eq!(run(&mut ws, "1+1"), "2");
}

// Operators: "Primitive Operators" (Dyalog Language Reference).

#[test]
fn commute_swaps_or_doubles_the_arguments() {
    assert_eq!(one("2-⍨5"), "3");
    assert_eq!(one("+⍨3"), "6");
    assert_eq!(one("3 ⍴⍨ 2"), "3 3");
    assert_eq!(one("1 2 3 {⍺-⍵}⍨ 10"), "9 8 7");
}

#[test]
fn jot_binds_and_composes() {
    assert_eq!(one("(2∘×)⍣3⊢1"), "8");
    assert_eq!(one("(×∘2) 5"), "10");
    assert_eq!(one("-∘÷ 4"), "¯0.25");
    assert_eq!(one("1 2 3 +∘- 1"), "0 1 2");
    assert_eq!(one("1 2∘+ 10"), "11 12");
    assert_eq!(one("(⍳3)∘.{⍺×⍵}⍳3"), "1 2 3\n2 4 6\n3 6 9");
}

#[test]
fn power_with_a_function_on_its_right_finds_a_fixpoint() {
    // The golden ratio, 1.6180339887…
    assert_eq!(one("⌊1e9×{1+÷⍵}⍣≡1"), "1618033988");
    assert_eq!(one("{⍵÷2}⍣{⍺<1}100"), "0.78125");
    assert_eq!(one("f←{⍵+1} ⋄ (f⍣3) 0"), "3");
}

#[test]
fn products_take_any_function() {
    assert_eq!(one("1 2 3 {⍺+⍵}.{⍺×⍵} 4 5 6"), "32");
    assert_eq!(one("(1 2∘.{⍺,⍵}3 4)≡2 2⍴(1 3)(1 4)(2 3)(2 4)"), "1");
    let mut ws = Workspace::new();
    run(&mut ws, "PLUS: ⍺+⍵");
    assert_eq!(run(&mut ws, "1 2 PLUS.× 3 4"), "11");
    assert_eq!(run(&mut ws, "1 2 ∘.PLUS 10 20"), "11 21\n12 22");
    assert_eq!(run(&mut ws, "+/¨(1 2)(3 4)"), "3 7");
}

#[test]
fn trains_of_two_and_three() {
    assert_eq!(one("(+/÷≢) 1 2 3 4"), "2.5");
    assert_eq!(one("(⌽,⊢) 1 2 3"), "3 2 1 1 2 3");
    assert_eq!(one("(-+/) 1 2 3"), "¯6");
    assert_eq!(one("2 (+,-) 1"), "3 1");
    assert_eq!(one("(1+⊢) 5"), "6");
    assert_eq!(one("(⊢-⌊/) 3 1 2"), "2 0 1");
    assert_eq!(one("3 (⊣,⊢,+) 4"), "3 4 7");
}

#[test]
fn rank_applies_a_function_to_cells() {
    assert_eq!(one("(+/⍤1) 2 3⍴⍳6"), "6 15");
    assert_eq!(one("({⊂⍵}⍤1⊢2 2⍴⍳4)≡(1 2)(3 4)"), "1");
    assert_eq!(one("1 2 (+⍤0 1) 2 2⍴10 20 30 40"), "11 21\n32 42");
    assert_eq!(one("(-⍤+) /1 2"), "¯3");
}

#[test]
fn key_groups_by_unique_keys() {
    assert_eq!(one("{⍺,≢⍵}⌸'abcab'"), "a 2\nb 2\nc 1");
    assert_eq!(one("'abab' {+/⍵}⌸ 1 2 3 4"), "4 6");
    assert_eq!(one("({⍺ ⍵}⌸ 3 1 3)≡2 2⍴3 (1 3) 1 (,2)"), "1");
}

#[test]
fn at_replaces_the_items_chosen() {
    assert_eq!(one("(0@2 4) 1 2 3 4 5"), "1 0 3 0 5");
    assert_eq!(one("(×∘10@2 4)⍳5"), "1 20 3 40 5");
    assert_eq!(one("0@(2∘|)⍳5"), "0 2 0 4 0");
    assert_eq!(one("'*'@(' '∘=)'a b c'"), "a*b*c");
    assert_eq!(one("(0@2) 3 2⍴⍳6"), "1 2\n0 0\n5 6");
}

#[test]
fn a_function_operand_may_be_named_anywhere() {
    let mut ws = Workspace::new();
    run(&mut ws, "TWICE←{⍺⍺ ⍺⍺ ⍵}");
    assert_eq!(run(&mut ws, "{x←⍵ ⋄ {⍵+x} TWICE 1}10"), "21");
    assert_eq!(run(&mut ws, "{f←{⍵×⍵} ⋄ f TWICE ⍵}3"), "81");
    assert_eq!(run(&mut ws, "{f←{⍵×⍵} ⋄ f¨⍳⍵}3"), "1 4 9");
}

#[test]
fn operators_misused_are_syntax_errors() {
    assert_eq!(fails("⍨ 3"), ErrorKind::Syntax);
    assert_eq!(fails("+∘"), ErrorKind::Syntax);
    assert_eq!(fails("(+⍣) 3"), ErrorKind::Syntax);
    assert_eq!(fails("2 (2∘+) 3"), ErrorKind::Syntax);
    assert_eq!(fails("x←(f←+) 3"), ErrorKind::Syntax);
}

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
