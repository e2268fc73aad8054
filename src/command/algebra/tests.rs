//! The algebra family's tests: its reports, read from text as the front ends read it, and its
//! commands' words in both front ends.

use super::*;
use crate::command::solving::scramble_report;
use crate::sequence::input_error::InputError;

// The reports take parsed sequences; these read the text first, as the front ends do.
fn order_report(n: usize, by: OrderBy, t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::order_report(n, by, &Alg::parse(t, nt)?)
}
fn cycles_report(n: usize, t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::cycles_report(n, &Alg::parse(t, nt)?)
}
fn effect_report(n: usize, t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::effect_report(n, &Alg::parse(t, nt)?)
}
fn invert_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::invert_report(&Alg::parse(t, nt)?)
}
fn expand_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::expand_report(&Alg::parse(t, nt)?)
}
fn simplify_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::simplify_report(&Alg::parse(t, nt)?, nt)
}
fn count_report(m: Metric, t: &str, nt: Notation) -> Result<String, AlgebraError> {
    super::count_report(m, &Alg::parse(t, nt)?)
}

fn last(r: Result<String, AlgebraError>) -> String {
    r.unwrap().lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_done_when_example() {
    let s = Notation::Standard;
    assert_eq!(last(order_report(4, OrderBy::Colours, "U R U' R'", s)), "6");
    assert_eq!(last(order_report(4, OrderBy::Colours, "U R", s)), "105");
    assert_eq!(last(order_report(4, OrderBy::Labels, "U R", s)), "420");
    assert_eq!(last(order_report(3, OrderBy::Labels, "", s)), "1");
}

#[test]
fn algebra_commands_give_the_issue_forms() {
    let s = Notation::Standard;
    assert_eq!(last(expand_report("(R U)3", s)), "R U R U R U");
    assert_eq!(last(expand_report("(R U)3'", s)), "U' R' U' R' U' R'");
    assert_eq!(last(expand_report("[R, U]", s)), "R U R' U'");
    assert_eq!(last(expand_report("[R: U]", s)), "R U R'");
    assert_eq!(last(simplify_report("R R2'", s)), "R'");
    assert_eq!(last(simplify_report("R L R'", s)), "L");
    assert_eq!(last(simplify_report("U D U", s)), "U2 D");
    assert_eq!(last(invert_report("(R U)3", s)), "(U' R')3");
    assert_eq!(last(invert_report("(R U)3'", s)), "(R U)3");
    assert_eq!(last(count_report(Metric::Htm, "[R, U]", s)), "4");
    assert_eq!(last(count_report(Metric::Stm, "M2 U", s)), "2");
}

#[test]
fn errors_come_back_typed() {
    let s = Notation::Standard;
    assert!(matches!(
        order_report(3, OrderBy::Colours, "[R, (U Q)]", s),
        Err(AlgebraError::Input(InputError::Parse(_)))
    ));
    assert!(matches!(
        order_report(4, OrderBy::Colours, "M", s),
        Err(AlgebraError::Input(InputError::Move(_)))
    ));
    // The paper's outer letters turn any cube; its middle slices only odd ones.
    assert!(order_report(4, OrderBy::Colours, "L", Notation::Paper).is_ok());
    assert!(matches!(
        order_report(4, OrderBy::Colours, "C", Notation::Paper),
        Err(AlgebraError::Input(InputError::Move(_)))
    ));
    assert!(matches!(
        cycles_report(12, "R", s),
        Err(AlgebraError::Input(InputError::Facelets(_)))
    ));
    assert!(matches!(
        apply_report(1, "R", s),
        Err(AlgebraError::Input(InputError::Facelets(_)))
    ));
}

#[test]
fn tools_in_either_notation_apply_the_same() {
    let a = last(apply_report(3, "SWITCH U2", Notation::Standard));
    let b = last(apply_report(3, "SWITCH U U", Notation::Paper));
    assert_eq!(a, b);
    assert_eq!(a.len(), 54);
}

#[test]
fn scrambles_are_seedable_and_notations_agree() {
    let p = last(scramble_report(17, Some(3), Notation::Paper));
    let s = last(scramble_report(17, Some(3), Notation::Standard));
    assert_eq!(
        last(apply_report(3, &p, Notation::Paper)),
        last(apply_report(3, &s, Notation::Standard))
    );
    assert_eq!(p, last(scramble_report(17, Some(3), Notation::Paper)));
}

#[test]
fn facelets_generalise_to_n() {
    for n in 2..=7 {
        let f = last(apply_report(n, "R U 2R'", Notation::Standard));
        assert_eq!(f.len(), 6 * n * n);
    }
    let solved = last(apply_report(4, "", Notation::Standard));
    assert_eq!(&solved[..16], "UUUUUUUUUUUUUUUU");
    assert_eq!(&solved[16..32], "RRRRRRRRRRRRRRRR");
}

#[test]
fn huge_scrambles_are_refused() {
    assert!(matches!(
        scramble_report(usize::MAX, Some(1), Notation::Paper),
        Err(AlgebraError::TooManyTurns { .. })
    ));
}

proptest::proptest! {
    #![proptest_config(crate::proptest_config(64))]
    #[test]
    fn reports_never_panic(
        s in "[RUFDLBMESxyzrufdlbwCHXYZ0-9 '()\\[\\],:-]{0,24}|SWITCH|FLIP2'|\\PC{0,12}",
        n in 0usize..12,
    ) {
        for notation in [Notation::Standard, Notation::Paper] {
            for by in [OrderBy::Colours, OrderBy::Labels] {
                let _ = order_report(n, by, &s, notation);
            }
            let _ = cycles_report(n, &s, notation);
            let _ = apply_report(n, &s, notation);
            let _ = effect_report(3, &s, notation);
            let _ = invert_report(&s, notation);
            let _ = expand_report(&s, notation);
            let _ = simplify_report(&s, notation);
            let _ = count_report(Metric::Qtm, &s, notation);
        }
    }
}

#[test]
fn same_reads_two_sequences_either_side_of_its_equals_sign_in_both_front_ends() {
    let alg = |s| Alg::parse(s, Notation::Standard).unwrap();
    let expected: crate::command::Request = AlgebraRequest::Same {
        size: Some(4),
        alg: alg("[R, U]"),
        other: alg("R U R' U'"),
    }
    .into();
    let session = Session::new(false);
    let repl = crate::command::parse_line("same size 4 [R, U] = R U R' U'", &session);
    assert_eq!(repl.unwrap(), Some(expected.clone()));
    #[cfg(feature = "cli")]
    {
        let args = [
            "cubework",
            "same",
            "--size",
            "4",
            "[R, U]",
            "=",
            "R U R' U'",
        ];
        match crate::cli::asked(args) {
            Ok(Some(crate::command::one_shot::OneShot::Request(_, r))) => {
                assert_eq!(r, expected)
            }
            other => panic!("{other:?}"),
        }
    }
    let mut session = Session::new(false);
    assert!(
        session
            .execute("same R U = U R")
            .unwrap()
            .text
            .ends_with("\nno")
    );
    assert!(
        session
            .execute("same x = R M' L'")
            .unwrap()
            .text
            .ends_with("\nyes")
    );
    // The session's cube is left as it was.
    assert_eq!(session.execute("solved?").unwrap().text, "yes");
}

#[test]
fn same_without_one_equals_sign_between_two_sequences_is_refused_naming_it() {
    let mut session = Session::new(false);
    for line in ["same R U", "same R = U = F", "same = U", "same R ="] {
        let e = session.execute(line).unwrap_err().to_string();
        assert!(
            e.contains("same needs two sequences") || e.contains("needs a sequence"),
            "{line}: {e}"
        );
    }
    let e = session.execute("same R = U Q").unwrap_err();
    assert!(e.to_string().contains('Q'), "{e}");
}
