//! The primitives and system names added after the paper's (`⍪ ⊆ ⍲ ⍱ ⌹`, monadic `≠`,
//! dyadic `⍸`, `⍳` of a vector and of a matrix's rows, `⎕A ⎕D ⎕UCS ⎕TS ⎕FMT`), each with the
//! result Dyalog APL gives (Dyalog's Language Reference; APL2's where they agree), and each
//! against its definition in older primitives over random arguments.

use super::test_support::run;
use super::*;
use proptest::prelude::*;

fn eval(line: &str) -> String {
    run(&mut Workspace::new(), line)
}

fn error(line: &str) -> AplError {
    Workspace::new().eval_line(line).expect_err(line)
}

#[test]
fn domino_inverts_solves_and_fits_by_least_squares() {
    for (line, want) in [
        // Dyalog's Language Reference: ⌹2 2⍴1 2 3 4 is ¯2 1 / 1.5 ¯0.5.
        ("⌹2 2⍴1 2 3 4", "2 2⍴¯2 1 1.5 ¯0.5"),
        ("⌹2 2⍴2 0 0 4", "2 2⍴0.5 0 0 0.25"),
        ("⌹2", "0.5"),
        // A vector is one column: its inverse is ⍵÷+/⍵*2.
        ("⌹1 2", "0.2 0.4"),
        // 5 6⌹M solves M+.×X = 5 6.
        ("5 6⌹2 2⍴1 2 3 4", "¯4 4.5"),
        ("6⌹2", "3"),
        // The least-squares line through (1,2) (2,3) (3,5): 1/3 + 1.5x.
        ("2 3 5⌹3 2⍴1 1 1 2 1 3", "(1÷3),1.5"),
        // Of more rows than columns: the left inverse, of shape ⌽⍴⍵.
        ("⌹3 2⍴1 1 1 2 1 3", "2 3⍴(4 1 ¯2÷3),¯0.5 0 0.5"),
        ("(3 2⍴⍳6)⌹3 2⍴1 1 1 2 1 3", "2 2⍴¯1 0 2 2"),
    ] {
        let same = format!("R←{line} ⋄ W←{want} ⋄ ((⍴R)≡⍴W)∧1e¯12>⌈/,|R-W");
        assert_eq!(eval(&same), "1", "{line}: {}", eval(line));
    }
    // Singular matrices, fewer rows than columns, characters: DOMAIN ERRORs.
    for line in ["⌹2 2⍴1 2 2 4", "⌹2 2⍴0", "⌹2 3⍴⍳6", "⌹'ab'", "1 2⌹0", "⌹0"] {
        assert_eq!(error(line).kind, ErrorKind::Domain, "{line}");
    }
    assert_eq!(error("1 2 3⌹2 2⍴1 2 3 4").kind, ErrorKind::Length);
    assert_eq!(error("⌹2 2 2⍴1").kind, ErrorKind::Rank);
}

#[test]
fn a_ucs_error_names_its_line_and_ucs_takes_no_encoding_name() {
    assert!(error("⎕UCS ¯1").to_string().contains("⎕UCS ¯1"));
    assert_eq!(error("'UTF-8' ⎕UCS 'a'").kind, ErrorKind::Domain);
}

#[test]
fn fmt_refuses_what_it_cannot_format_naming_the_spec() {
    let e = error("'E10.3'⎕FMT 1");
    assert_eq!(e.kind, ErrorKind::Domain);
    assert!(e.to_string().contains("'E10.3'"), "{e}");
    assert_eq!(error("'I5'⎕FMT 'a'").kind, ErrorKind::Domain);
    assert_eq!(error("⎕FMT 1 (2 3)").kind, ErrorKind::Domain);
}

#[test]
fn the_new_primitives_are_bounded_by_the_work_limit() {
    let mut ws = Workspace::new();
    ws.set_step_limit(1_000);
    for line in [
        "≠⍳1e6",
        "(⍳1e5)⍸⍳1e6",
        "⌹100 100⍴⍳7",
        "⍴⍳1000 1000",
        "(1e5 10⍴0)⍳1e5 10⍴1",
    ] {
        let e = ws.eval_line(line).expect_err(line);
        assert_eq!(e.kind, ErrorKind::Limit, "{line}: {e}");
    }
}

#[test]
fn every_primitive_has_one_row_and_the_lexer_reads_its_glyph() {
    use super::defs::{GLYPHS, Kind, Operator, Prim};
    assert_eq!(
        GLYPHS.iter().filter(|g| g.kind == Kind::Function).count(),
        Prim::ALL.len()
    );
    for &p in Prim::ALL {
        assert_eq!(Prim::from_char(p.glyph()), Some(p));
        let tokens = parse::lex(&p.glyph().to_string()).unwrap();
        assert_eq!(tokens[0].kind, parse::Tok::Prim(p));
        assert!(p.monad().is_some() || p.dyad().is_some(), "{p:?}");
    }
    for &o in Operator::ALL {
        assert_eq!(Operator::from_char(o.glyph()), Some(o));
        assert!(Prim::from_char(o.glyph()).is_none());
    }
}

/// What `claim` shows after `setup`, both run in a fresh workspace.
fn after(setup: &str, claim: &str) -> String {
    let mut ws = Workspace::new();
    run(&mut ws, setup);
    run(&mut ws, claim)
}

fn booleans() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..2, 1..10)
}

fn words(v: &[impl ToString]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// `⍺⍲⍵` is `~⍺∧⍵` and `⍺⍱⍵` is `~⍺∨⍵`, scalar extension included.
    #[test]
    fn nand_and_nor_are_not_and_and_not_or(a in booleans(), w in booleans(), one in 0u8..2) {
        let mut ws = Workspace::new();
        let w = if a.len() == w.len() { w } else { a.iter().rev().copied().collect() };
        let (a, w) = (words(&a), words(&w));
        for (l, r) in [(a.as_str(), w.as_str()), (&one.to_string(), w.as_str())] {
            prop_assert_eq!(run(&mut ws, &format!("({l})⍲{r}")), run(&mut ws, &format!("~({l})∧{r}")));
            prop_assert_eq!(run(&mut ws, &format!("({l})⍱{r}")), run(&mut ws, &format!("~({l})∨{r}")));
        }
    }

    /// `≠⍵` is `(⍳≢⍵)=⍵⍳⍵` on vectors, and on matrices each row's first place among the
    /// rows.
    #[test]
    fn unique_mask_is_where_each_item_is_first_found(
        v in proptest::collection::vec(0u8..4, 0..12),
        cols in 1usize..3,
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, &format!("V←{}⍴{}", v.len(), if v.is_empty() { "0".to_string() } else { words(&v) }));
        prop_assert_eq!(run(&mut ws, "≠V"), run(&mut ws, "(⍳≢V)=V⍳V"));
        run(&mut ws, &format!("M←({} {cols})⍴V,0", v.len()));
        prop_assert_eq!(run(&mut ws, "≠M"), run(&mut ws, "(⍳≢M)=M⍳M"));
    }

    /// `⍪⍵` is `((≢⍵),×/1↓⍴⍵)⍴⍵`.
    #[test]
    fn table_is_the_array_reshaped_to_its_major_cells(shape in proptest::collection::vec(0usize..4, 1..4)) {
        prop_assert_eq!(after(&format!("A←({})⍴⍳24", words(&shape)), "(⍪A)≡((≢A),×/1↓⍴A)⍴A"), "1");
    }

    /// `⍺⍸⍵` (⍺ ascending) is `+⌿⍺∘.≤⍵`: how many items of `⍺` are at or below each of `⍵`.
    #[test]
    fn interval_index_counts_the_cuts_at_or_below(
        mut a in proptest::collection::vec(-5i32..6, 1..8),
        w in proptest::collection::vec(-7i32..8, 1..8),
    ) {
        a.sort_unstable();
        let minus = |v: &[i32]| words(v).replace('-', "¯");
        prop_assert_eq!(after(&format!("A←,{} ⋄ W←,{}", minus(&a), minus(&w)), "(A⍸W)≡+⌿A∘.≤W"), "1");
    }

    /// `⍳S` is each index of an array of shape `S`: `S⍴↓⍉1+S⊤¯1+⍳×/S` (two or more lengths;
    /// one length is read as APL2 reads it, a simple vector).
    #[test]
    fn iota_of_a_vector_is_the_odometer_of_its_shape(shape in proptest::collection::vec(1usize..4, 2..5)) {
        prop_assert_eq!(after(&format!("S←,{}", words(&shape)), "(⍳S)≡S⍴↓⍉1+S⊤¯1+⍳×/S"), "1");
    }

    /// `B⌹M` is the `X` for which `M+.×X` is `B`, and `(⌹M)+.×M` the identity, for matrices
    /// whose diagonal outweighs the rest (so never singular).
    #[test]
    fn domino_solves_what_the_matrix_product_undoes(
        n in 1usize..5,
        items in proptest::collection::vec(-4i32..5, 16),
        b in proptest::collection::vec(-9i32..10, 4),
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, &format!("M←({n} {n}⍴{})+20×(⍳{n})∘.=⍳{n}", words(&items).replace('-', "¯")));
        run(&mut ws, &format!("B←{n}↑{}", words(&b).replace('-', "¯")));
        prop_assert_eq!(run(&mut ws, "1e¯10>⌈/|B-M+.×B⌹M"), "1");
        prop_assert_eq!(run(&mut ws, "1e¯10>⌈/,|((⌹M)+.×M)-(⍳≢M)∘.=⍳≢M"), "1");
    }
}

/// The lines of `tests/apl_sessions/added_primitives.txt`, each showing what the transcript says.
#[test]
fn the_added_primitives_transcript_shows_what_dyalog_gives() {
    test_support::transcript("added_primitives");
}
