use super::*;
use crate::sequence::parser::parse_moves;

proptest::proptest! {
    #![proptest_config(crate::proptest_config(256))]
    #[test]
    fn folded_rotations_turn_the_same_layers(
        picks in proptest::collection::vec(0usize..1000, 0..30)
    ) {
        let alphabet = "U U2 U' R R' F2 D L' B M E' S2 x x' y y2 z z' Rw u' 2L";
        let all = parse_moves(alphabet, Notation::Standard).unwrap();
        let mut moves: Vec<Move> = picks.iter().map(|&i| all[i % all.len()]).collect();
        moves.extend(parse_moves("C X Y Z", Notation::Paper).unwrap());
        let folded = fold_rotations(&moves);
        proptest::prop_assert!(folded.iter().all(|m| !matches!(m.turn, Turn::Rotation(_) | Turn::Paper(_))));
        // The folded sequence leaves the cube as the original does, turned back home.
        let mut made = crate::Cube::solved();
        made.apply_all(&moves).unwrap();
        let home = |c: &crate::Cube| Face::ALL.iter().all(|&f| c.centre(f) == Some(f));
        let (made, _) = crate::state::pieces::rotate_until(&made, home).unwrap();
        let mut folded_cube = crate::Cube::solved();
        folded_cube.apply_all(&folded).unwrap();
        let (folded_cube, _) = crate::state::pieces::rotate_until(&folded_cube, home).unwrap();
        proptest::prop_assert_eq!(folded_cube, made);
        // Outer turns and rotations only: the folded sequence keeps the centres home.
        let outer: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m.turn, Turn::Face { from: 1, to: 1, .. } | Turn::Rotation(_)))
            .collect();
        let mut made = crate::Cube::solved();
        made.apply_all(&outer).unwrap();
        let (made, _) = crate::state::pieces::rotate_until(&made, home).unwrap();
        let mut folded_cube = crate::Cube::solved();
        folded_cube.apply_all(&fold_rotations(&outer)).unwrap();
        proptest::prop_assert_eq!(folded_cube, made);
    }
}

fn alg(s: &str) -> Alg {
    Alg::parse(s, Notation::Standard).unwrap()
}

#[test]
fn the_issue_forms() {
    assert_eq!(alg("(R U)3").to_string(), "(R U)3");
    assert_eq!(alg("(R U)3").format_expanded(), "R U R U R U");
    assert_eq!(alg("(R U)3'").format_expanded(), "U' R' U' R' U' R'");
    assert_eq!(alg("[R, U]").format_expanded(), "R U R' U'");
    assert_eq!(alg("[R: U]").format_expanded(), "R U R'");
    assert_eq!(alg("[R: [U, D]]").format_expanded(), "R U D U' D' R'");
    assert_eq!(alg("R R2'").format_simplified(), "R'");
    assert_eq!(alg("R L R'").format_simplified(), "L");
    assert_eq!(alg("U D U").format_simplified(), "U2 D");
}

#[test]
fn round_trips_through_display() {
    for s in [
        "(R U)3'",
        "[R, U]",
        "[R: U]",
        "[[R, U]: (F D)2]2'",
        "SWITCH U2",
        "FLIP'",
        "R U2' 2-3Rw x",
    ] {
        let a = alg(s);
        assert_eq!(a.to_string(), s);
        assert_eq!(alg(&a.to_string()), a);
    }
}

#[test]
fn inverting_twice_is_the_identity_and_undoes_the_sequence() {
    for s in [
        "(R U)3 F",
        "[R, U']2",
        "[F: R U]",
        "[[R, U]: (F D)2]2'",
        "TWIST' U",
    ] {
        let a = alg(s);
        let twice = a.invert().invert();
        // Exactly the same text unless a prime was dropped on the way.
        if !s.contains("]2'") {
            assert_eq!(twice, a, "{s}");
        }
        assert_eq!(twice.perm(3).unwrap(), a.perm(3).unwrap(), "{s}");
        let p = a.perm(3).unwrap().then(&a.invert().perm(3).unwrap());
        assert!(p.is_identity(), "{s}");
    }
}

#[test]
fn structural_permutations_agree_with_expansion() {
    for s in [
        "(R U)3'",
        "[R, U]",
        "[F: [R, U]]2",
        "SNAP CYCLE'",
        "(R U2 M)5",
    ] {
        let a = alg(s);
        let flat = StickerPerm::of_moves(3, &a.expand()).unwrap();
        assert_eq!(a.perm(3).unwrap(), flat, "{s}");
    }
}

#[test]
fn simplify_cancels_through_and_keeps_notation() {
    let s = |t: &str| format_moves(&simplify(&parse_moves(t, Notation::Standard).unwrap()));
    assert_eq!(s("R U U' R'"), "");
    assert_eq!(s("R r' Rw"), "R");
    assert_eq!(s("F B F' B'"), "");
    assert_eq!(s("U2 U2'"), "");
    assert_eq!(s("x x x"), "x'");
    assert_eq!(s("R M R"), "R2 M");
    let p = |t: &str| format_moves(&simplify(&parse_moves(t, Notation::Paper).unwrap()));
    assert_eq!(p("RR\u{305}D"), "D");
    assert_eq!(p("DDD"), "D\u{305}");
    assert_eq!(p("LRL"), "LLR");
}

#[test]
fn counts_in_three_metrics() {
    let c = |t: &str| {
        let a = alg(t);
        (
            a.count(Metric::Htm),
            a.count(Metric::Qtm),
            a.count(Metric::Stm),
        )
    };
    assert_eq!(c("R U R' U'"), (4, 4, 4));
    assert_eq!(c("R2 U2"), (2, 4, 2));
    assert_eq!(c("M2 E"), (4, 6, 2));
    assert_eq!(c("x y2 z'"), (0, 0, 0));
    assert_eq!(c("Rw 2R 3-4Rw2"), (5, 7, 3));
    assert_eq!(c("(R U)3'"), (6, 6, 6));
    assert_eq!(c("[R, U2]"), (4, 6, 4));
    assert_eq!(c("[R: U]"), (3, 3, 3));
    let a = Alg::parse("LCX", Notation::Paper).unwrap();
    assert_eq!(a.count(Metric::Htm), 3);
}
