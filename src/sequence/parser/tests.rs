use super::*;
use crate::turn::moves::format_moves;

fn std(s: &str) -> Vec<Move> {
    parse_moves(s, Notation::Standard).unwrap()
}

#[test]
fn standard_moves_print_back_as_written() {
    let text = "U D' L2 R2' F B M E' S2 x y' z2 Rw r' 2R 3Rw 2-3Rw2 u d l f b";
    assert_eq!(format_moves(&std(text)), text);
}

#[test]
fn typographic_primes_and_no_spaces() {
    assert_eq!(std("R’ Uʼ F′"), std("R' U' F'"));
    assert_eq!(std("RUR'U'"), std("R U R' U'"));
}

#[test]
fn a_prime_before_the_two_is_the_same_half_turn_as_after_it() {
    for (typed, same) in [
        ("R'2", "R2'"),
        ("Rw'2", "Rw2'"),
        ("3Rw'2", "3Rw2'"),
        ("x'2", "x2'"),
        ("r’2 M'2", "r2' M2'"),
        ("R'2U", "R2' U"),
    ] {
        assert_eq!(std(typed), std(same), "{typed}");
        assert_eq!(format_moves(&std(typed)), same, "{typed}");
    }
    // Glued to the next move as `R2'R` is: the half turn, then the move.
    assert_eq!(std("R'2R"), std("R2' R"));
    // The paper's dialect is not touched: a bar and a number are no move.
    assert!(parse_moves("R'2", Notation::Paper).is_err());
}

#[test]
fn dots_between_moves_are_pauses() {
    // The notes chain their methods with dots, and write primes as ʼ.
    assert_eq!(std("F.R.U.Rʼ.Uʼ.Fʼ"), std("F R U R' U' F'"));
    assert_eq!(std("R..U2. .R'"), std("R U2 R'"));
    assert_eq!(std("."), vec![]);
    let seq = |s: &str| parse_sequence(s, Notation::Standard).unwrap();
    assert_eq!(seq("(R.U)2.[F.R: U]"), seq("(R U)2 [F R: U]"));
    assert_eq!(
        parse_moves("L.C\u{305}", Notation::Paper).unwrap(),
        parse_moves("L C\u{305}", Notation::Paper).unwrap()
    );
    // Errors still name the token alone, and its column.
    let e = parse_moves("R.Q.U", Notation::Standard).unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("Q", 3));
    let e = parse_sequence("(R.U-).F", Notation::Standard).unwrap_err();
    assert_eq!(e.to_string(), "bad suffix '-' after move 'U' at column 5");
}

#[test]
fn paper_bars_in_every_spelling() {
    let want = parse_moves("R' C'", Notation::Paper).unwrap();
    for s in ["R\u{305}C\u{305}", "R\u{304}C\u{304}", "R¯C¯", "R’ C’"] {
        assert_eq!(parse_moves(s, Notation::Paper).unwrap(), want, "{s}");
    }
    assert_eq!(want[0].amount, Amount::PRIME);
}

#[test]
fn precomposed_barred_letters_are_the_letter_with_a_bar() {
    let paper = |s| parse_moves(s, Notation::Paper).unwrap();
    assert_eq!(paper("\u{16a}"), paper("U\u{305}"));
    assert_eq!(paper("\u{232}"), paper("Y\u{305}"));
    assert_eq!(paper("R\u{16a}F\u{16a}"), paper("RU\u{304}FU\u{304}"));
    assert_eq!(
        parse_sequence("(R\u{16a})2", Notation::Paper).unwrap(),
        paper("RU\u{305}RU\u{305}")
    );
}

#[test]
fn errors_name_token_and_column() {
    let e = parse_moves("R U K", Notation::Standard).unwrap_err();
    assert_eq!(
        (e.kind, e.token.as_str(), e.column),
        (ParseErrorKind::UnknownMove, "K", 5)
    );
    let e = parse_moves("R U2'2", Notation::Standard).unwrap_err();
    assert_eq!(
        (e.kind, e.token.as_str(), e.column),
        (ParseErrorKind::BadSuffix, "2", 6)
    );
    let e = parse_moves("R 2-3R", Notation::Standard).unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("2-3R", 3));
    let e = parse_moves("LCR Q", Notation::Paper).unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("Q", 5));
    let e = parse_moves("R2", Notation::Paper).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::BadSuffix);
    // Columns count characters, not bytes.
    let e = parse_moves("R\u{305}R\u{305} q", Notation::Paper).unwrap_err();
    assert_eq!(e.column, 6);
    let e = parse_moves("R 0R", Notation::Standard).unwrap_err();
    assert_eq!(e.token, "0R");
    let e = parse_moves("U bad", Notation::Standard).unwrap_err();
    assert_eq!(
        (e.kind, e.token.as_str(), e.column),
        (ParseErrorKind::UnknownMove, "bad", 3)
    );
}

#[test]
fn hints_point_at_the_other_dialect() {
    let e = parse_moves("X", Notation::Standard).unwrap_err();
    assert!(e.to_string().contains("--notation paper"), "{e}");
    let e = parse_moves("r", Notation::Paper).unwrap_err();
    assert!(e.to_string().contains("paper notation uses"), "{e}");
}

#[test]
fn a_colour_letter_before_a_paper_letter_gets_no_paper_hint() {
    // W is no paper letter; the Y after it does not make the token one.
    let e = parse_moves("WWY", Notation::Standard).unwrap_err();
    assert_eq!(e.to_string(), "unknown move 'WWY' at column 1");
    let e = parse_moves("R Y", Notation::Standard).unwrap_err();
    assert!(e.to_string().contains("that is a paper letter"), "{e}");
    // Nor does a word that starts with one: `Zebra` and `YW` are no paper moves.
    for word in ["Zebra", "R YW", "HELLO"] {
        let e = parse_moves(word, Notation::Standard).unwrap_err();
        assert!(!e.to_string().contains("paper letter"), "{word}: {e}");
    }
}

fn alg_err(s: &str) -> ParseError {
    parse_alg(s, Notation::Standard).unwrap_err()
}

#[test]
fn algebra_parses_in_both_notations() {
    let seq = |s: &str, n| format_moves(&parse_sequence(s, n).unwrap());
    assert_eq!(seq("(R U)3", Notation::Standard), "R U R U R U");
    assert_eq!(seq("(R U)3'", Notation::Standard), "U' R' U' R' U' R'");
    assert_eq!(seq("[R, U]", Notation::Standard), "R U R' U'");
    assert_eq!(seq("[R: U]", Notation::Standard), "R U R'");
    assert_eq!(
        seq("[R:[U,D]]2", Notation::Standard),
        "R U D U' D' R' R U D U' D' R'"
    );
    assert_eq!(seq("(RU)2R'", Notation::Standard), "R U R U R'");
    assert_eq!(seq("[F\u{305}: (MR)2]", Notation::Paper), "F\u{305}MRMRF");
    assert_eq!(
        seq("(RD)3\u{305}", Notation::Paper),
        seq("(RD)3'", Notation::Paper)
    );
    // Plain sequences parse exactly as before.
    for s in ["R U2' 2-3Rw x", "RUR'U'", "  "] {
        assert_eq!(
            parse_sequence(s, Notation::Standard).unwrap(),
            parse_moves(s, Notation::Standard).unwrap()
        );
    }
}

#[test]
fn tool_names_in_either_notation_and_any_case() {
    let std_switch = parse_sequence("SWITCH", Notation::Standard).unwrap();
    let paper_switch = parse_sequence("SWITCH", Notation::Paper).unwrap();
    assert_eq!(std_switch.len(), paper_switch.len());
    assert!(
        paper_switch
            .iter()
            .all(|m| matches!(m.turn, Turn::Paper(_)))
    );
    assert!(std_switch.iter().all(|m| !matches!(m.turn, Turn::Paper(_))));
    assert_eq!(
        parse_sequence("switch", Notation::Standard).unwrap(),
        std_switch
    );
    let two = parse_sequence("SWITCH U2", Notation::Standard).unwrap();
    assert_eq!(two.len(), std_switch.len() + 1);
    let a = parse_alg("FLIP2' [SNAP, LIFT] CYCLE TWIST", Notation::Paper).unwrap();
    assert_eq!(a.to_string(), "FLIP2' [SNAP, LIFT] CYCLE TWIST");
}

#[test]
fn cubing_js_spellings_comments_amounts_counted_wide_and_line_breaks() {
    let state = |s: &str, n: usize| {
        let mut c = crate::Cube::solved_n(n);
        c.apply_all(&parse_sequence(s, Notation::Standard).unwrap())
            .unwrap();
        c
    };
    // Comments run to the end of the line, anywhere.
    assert_eq!(state("R U R' U' // sexy move", 3), state("R U R' U'", 3));
    assert_eq!(state("R//a\nU // b (not a bracket\n", 3), state("R U", 3));
    assert_eq!(std("R // U\nF"), std("R F"));
    // Any whole amount: quarter-turns, reduced mod 4.
    assert_eq!(std("R3"), std("R'"));
    assert_eq!(std("R5'"), std("R'"));
    assert_eq!(std("R6"), std("R2"));
    assert_eq!(std("U4 R0 F"), std("F"));
    assert_eq!(
        std("R123456789"),
        std("R"),
        "a long number is fine: 89 mod 4 = 1"
    );
    assert_eq!(state("(R U)0 F", 3), state("F", 3));
    assert_eq!(state("[R, U]0", 3), state("", 3));
    // A layer count on lowercase wide moves.
    assert_eq!(state("3r", 4), state("3Rw", 4));
    assert_eq!(state("3u'", 5), state("3Uw'", 5));
    assert_eq!(format_moves(&std("3r 3u2 r")), "3r 3u2 r");
    // Line breaks inside a sequence.
    assert_eq!(state("[R U,\n F]\n(D\nL)2", 3), state("[R U, F] (D L)2", 3));
    assert!(is_incomplete("[R U,") && !is_incomplete("[R U, F]"));
}

#[test]
fn one_layer_wide_moves_print_as_one_layer() {
    for (typed, printed) in [
        ("1Rw", "1Rw"),
        ("1Uw'", "1Uw'"),
        ("3Rw2", "3Rw2"),
        ("Rw", "Rw"),
    ] {
        let moves = std(typed);
        assert_eq!(format_moves(&moves), printed);
        assert_eq!(std(printed), moves);
    }
    let inverse = parse_alg("1Rw", Notation::Standard)
        .unwrap()
        .invert()
        .to_string();
    assert_eq!(inverse, "1Rw'");
    assert_eq!(
        crate::sequence::alg::simplify(&std("1Rw R'")),
        Vec::<Move>::new(),
        "1Rw is R, so it cancels with R'"
    );
}

#[test]
fn errors_in_nested_groups_name_the_column() {
    use ParseErrorKind as K;
    for (text, kind, token, column) in [
        ("[R, (U Q)]", K::UnknownMove, "Q", 8),
        ("[R, [U, D-]]", K::BadSuffix, "-", 10),
        ("R [U, (F D]", K::Unexpected, "]", 11),
        ("R U)", K::Unexpected, ")", 4),
        ("[R, U, F]", K::Unexpected, ",", 6),
        ("(R (U)1000001)", K::BadRepeat, "1000001", 7),
        ("((R U)1000)1000 F", K::TooLong, "1000", 12),
        ("(R U)3x2'2", K::BadSuffix, "2", 10),
    ] {
        let e = alg_err(text);
        assert_eq!(
            (e.kind, e.token.as_str(), e.column),
            (kind, token, column),
            "{text}"
        );
    }
    let e = alg_err("(R [U: (D K2)])3");
    assert_eq!((e.token.as_str(), e.column), ("K2", 11));
    assert_eq!(
        alg_err("[R, [U, D-]]").to_string(),
        "bad suffix '-' after move 'D' at column 10"
    );
    let e = alg_err("R (U [F, D]");
    assert_eq!((e.kind, e.column), (ParseErrorKind::Unclosed, 3));
    assert_eq!(e.to_string(), "'(' at column 3 is never closed");
    let e = alg_err("[R U]");
    assert_eq!((e.kind, e.column), (ParseErrorKind::MissingSeparator, 5));
    let e = alg_err(&"(".repeat(100));
    assert_eq!(e.kind, ParseErrorKind::TooDeep);
    let e = parse_alg("[L, (C Q)]", Notation::Paper).unwrap_err();
    assert_eq!((e.token.as_str(), e.column), ("Q", 8));
    // Columns count characters, not bytes, inside brackets too.
    let e = parse_alg("(R\u{305}D\u{305} q)", Notation::Paper).unwrap_err();
    assert_eq!(e.column, 7);
}

/// Random sequences in the spellings cubers paste: moves of every kind with any amount,
/// groups, commutators, conjugates, comments and line breaks.
fn alg_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let turn = prop_oneof![
        "[URFDLB]",
        "[URFDLB]w",
        "[2-3][URFDLB]",
        "[23][URFDLB]w",
        "2-3[URFDLB]w",
        "[23]?[urfdlb]",
        "[MESxyz]",
    ];
    let amount = prop_oneof!["", "2", "'", "2'", "'2", "[0-9]", "[0-9]'"];
    let mv = (turn, amount).prop_map(|(t, a)| format!("{t}{a}"));
    let leaf = prop_oneof![
        4 => mv,
        1 => "// [a-z ()]{0,8}\n".prop_map(String::from),
    ];
    let seq = proptest::collection::vec(leaf, 0..5).prop_map(|v| v.join(" "));
    seq.prop_recursive(3, 24, 4, |inner| {
        let power = prop_oneof!["", "2", "'", "0", "3'"];
        prop_oneof![
            (inner.clone(), power.clone()).prop_map(|(a, p)| format!("({a}){p}")),
            (inner.clone(), inner.clone(), power.clone())
                .prop_map(|(a, b, p)| format!("[{a},\n{b}]{p}")),
            (inner.clone(), inner.clone(), power).prop_map(|(a, b, p)| format!("[{a}: {b}]{p}")),
            proptest::collection::vec(inner, 1..3).prop_map(|v| v.join(" ")),
        ]
    })
}

proptest::proptest! {
    #![proptest_config(crate::proptest_config(512))]
    #[test]
    fn the_parser_never_panics(s in "\\PC{0,40}") {
        for n in [Notation::Standard, Notation::Paper] {
            let _ = parse_sequence(&s, n);
            let _ = parse_moves(&s, n);
        }
    }

    #[test]
    fn every_printed_move_parses_back_to_the_same_turn(
        s in "([1-9](-[1-9])?)?[URFDLB]w?|[urfdlbMESxyz]|[1-9][URFDLB]",
        amount in "|2|'|2'|’|'2|’2",
    ) {
        let text = format!("{s}{amount}");
        if let Ok(moves) = parse_moves(&text, Notation::Standard) {
            let printed = format_moves(&moves);
            let again = parse_moves(&printed, Notation::Standard);
            proptest::prop_assert_eq!(again.as_ref(), Ok(&moves), "{} printed as {}", text, printed);
            for n in 2..=9 {
                proptest::prop_assert_eq!(
                    moves[0].layer_turns(n),
                    again.as_ref().unwrap()[0].layer_turns(n),
                    "{} on the {}-cube", text, n
                );
            }
        }
    }

    /// Whatever the parser prints — the expansion (comments kept), the inverse, the
    /// simplification — parses back to the same state (the inverse to the inverse state),
    /// on the 3×3×3, 4×4×4 and 5×5×5.
    #[test]
    fn what_the_parser_prints_parses_back_to_the_same_state(alg in alg_text(), n in 3usize..=5) {
        let Ok(a) = parse_alg(&alg, Notation::Standard) else {
            return Ok(()); // the generator writes some moves a size lacks
        };
        let Ok(p) = a.perm(n) else { return Ok(()); };
        let back = |text: &str| parse_alg(text, Notation::Standard).unwrap().perm(n).unwrap();
        proptest::prop_assert_eq!(back(&a.to_string()), p.clone(), "{}", a);
        proptest::prop_assert_eq!(back(&a.expanded_with_comments().to_string()), p.clone());
        proptest::prop_assert_eq!(back(&a.invert().to_string()), p.inverse(), "{}", a.invert());
        proptest::prop_assert_eq!(back(&format_moves(&a.simplified())), p);
    }

    #[test]
    fn the_parser_never_panics_on_cube_like_text(
        s in "[RUFDLBMESxyzrufdlbwCHXYZ0-9 .'()\\[\\],:\u{305}-]{0,40}"
    ) {
        for n in [Notation::Standard, Notation::Paper] {
            if let Ok(a) = parse_alg(&s, n) {
                // What parses also prints back into something that parses the same.
                let again = parse_alg(&a.to_string(), n).unwrap();
                proptest::prop_assert_eq!(again.expand(), a.expand());
            }
        }
    }
}
