//! The seven representations agree with each other and with the sticker geometry, at every
//! size each one holds, as defined and compiled on every SIMD path this CPU has.

use std::collections::HashMap;
use std::sync::OnceLock;

use common::config_with;
use cubework::base::simd::ShufflePath;
use cubework::rep::{Gather, RepKind, Representation};
use cubework::{Cube, LayerTurn, Move, Notation, PaperLetter, parse_moves};
use proptest::prelude::*;

mod common;

/// Facelet strings worked out by hand from the geometry of a real cube (see the guide's conventions page, `cubework::guide::conventions`).
const HAND_WORKED: &[(&str, &str)] = &[
    ("", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"),
    (
        "R",
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
    ),
    (
        "U",
        "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB",
    ),
    (
        "F",
        "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB",
    ),
    (
        "x",
        "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU",
    ),
    (
        "y",
        "UUUUUUUUUBBBBBBBBBRRRRRRRRRDDDDDDDDDFFFFFFFFFLLLLLLLLL",
    ),
    (
        "M",
        "UBUUBUUBURRRRRRRRRFUFFUFFUFDFDDFDDFDLLLLLLLLLBDBBDBBDB",
    ),
    (
        "S",
        "UUULLLUUURURRURRURFFFFFFFFFDDDRRRDDDLDLLDLLDLBBBBBBBBB",
    ),
    (
        "R U",
        "UUUUUUFFFUBBRRRRRRRRRFFDFFDDDBDDBDDBFFDLLLLLLLLLUBBUBB",
    ),
];

fn all_reps(cube: &Cube) -> Vec<Box<dyn Representation>> {
    RepKind::ALL
        .iter()
        .map(|k| k.build(cube).unwrap())
        .collect()
}

#[test]
fn hand_worked_states_in_every_representation_that_defines_the_moves() {
    for &(alg, want) in HAND_WORKED {
        let moves = parse_moves(alg, Notation::Standard).unwrap();
        for mut rep in all_reps(&Cube::solved()) {
            match rep.apply_all(&moves) {
                Ok(()) => assert_eq!(rep.to_cube().facelets(), want, "{} after {alg}", rep.name()),
                Err(e) => assert!(
                    matches!(rep.kind(), RepKind::Composite | RepKind::Visual)
                        && alg.contains(['x', 'M', 'S']),
                    "{} refused {alg}: {e}",
                    rep.name()
                ),
            }
        }
    }
}

#[test]
fn orientation_moves_are_their_three_slices() {
    use PaperLetter as P;
    for (whole, slices) in [
        (P::X, [P::L, P::C, P::R]),
        (P::Y, [P::B, P::H, P::F]),
        (P::Z, [P::U, P::M, P::D]),
    ] {
        for inverse in [false, true] {
            for kind in RepKind::ALL {
                let turn = |l: PaperLetter| {
                    let t = l.turn();
                    if inverse { t.inverse() } else { t }
                };
                let whole_move = turn(whole);
                if kind.undefined_turn(3, whole_move).is_some() {
                    continue;
                }
                let start = scrambled(7);
                let mut a = kind.build(&start).unwrap();
                a.turn(whole_move).unwrap();
                let mut b = kind.build(&start).unwrap();
                for s in slices {
                    b.turn(turn(s)).unwrap();
                }
                assert_eq!(a.render(), b.render(), "{kind}: {whole_move:?}");
            }
        }
    }
}

fn scrambled(seed: u64) -> Cube {
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::sequence::tools::scramble(30, seed))
        .unwrap();
    cube
}

/// The paper moves every representation defines.
fn common_moves() -> Vec<LayerTurn> {
    LayerTurn::PAPER
        .into_iter()
        .filter(|&m| {
            RepKind::ALL
                .iter()
                .all(|k| k.undefined_turn(3, m).is_none())
        })
        .collect()
}

/// Every (representation, size) it holds.
fn every_size() -> Vec<(RepKind, usize)> {
    RepKind::ALL
        .iter()
        .flat_map(|&k| k.sizes().map(move |n| (k, n)))
        .collect()
}

/// The SIMD paths this CPU has (the scalar one always).
fn paths() -> Vec<ShufflePath> {
    ShufflePath::ALL
        .into_iter()
        .filter(|p| p.available())
        .collect()
}

/// Each defined turn of each representation at each size, compiled once, on every path.
type Compiled = HashMap<(RepKind, usize), Vec<(LayerTurn, Vec<Gather>)>>;

fn compiled() -> &'static Compiled {
    static TABLES: OnceLock<Compiled> = OnceLock::new();
    TABLES.get_or_init(|| {
        every_size()
            .into_iter()
            .map(|(kind, n)| {
                let rep = kind.build(&Cube::solved_n(n)).unwrap();
                let turns = kind
                    .defined_turns(n)
                    .into_iter()
                    .map(|t| {
                        let g = rep.compile(t).unwrap();
                        (t, paths().into_iter().map(|p| g.on_path(p)).collect())
                    })
                    .collect();
                ((kind, n), turns)
            })
            .collect()
    })
}

/// A cube of size `n` after `picks` turns of blocks of layers (any, through the geometry).
fn geometric(n: usize, picks: &[usize]) -> Cube {
    let all = LayerTurn::all(n);
    let mut cube = Cube::solved_n(n);
    for &p in picks {
        cube.turn(all[p % all.len()]);
    }
    cube
}

/// `kind` at size `n` built from `from` once for each path the CPU has ([`paths`]), each
/// turned by the compiled turns that `picks` choose (`turns[p % len]`).
fn compiled_on_every_path(
    kind: RepKind,
    n: usize,
    from: &Cube,
    picks: &[usize],
) -> Vec<Box<dyn Representation>> {
    let turns = &compiled()[&(kind, n)];
    let mut by_path: Vec<Box<dyn Representation>> =
        paths().iter().map(|_| kind.build(from).unwrap()).collect();
    for &p in picks {
        let (_, gathers) = &turns[p % turns.len()];
        for (rep, g) in by_path.iter_mut().zip(gathers) {
            rep.turn_compiled(g);
        }
    }
    by_path
}

proptest! {
    #![proptest_config(config_with(300))]

    /// Random sequences of each representation's defined turns (outer, inner, wide, slice,
    /// rotations) at every size it holds, from random starts: as defined and compiled on every
    /// path the CPU has, it ends where the sticker geometry does. (300 cases × 44
    /// representation-sizes: 13,200 sequences.)
    #[test]
    fn every_representation_at_every_size_agrees_with_the_geometry(
        start in proptest::collection::vec(0usize..10_000, 0..12),
        picks in proptest::collection::vec(0usize..10_000, 0..16),
    ) {
        for (kind, n) in every_size() {
            let turns = &compiled()[&(kind, n)];
            let from = geometric(n, &start);
            let mut want = from.clone();
            let mut defined = kind.build(&from).unwrap();
            for &p in &picks {
                let (t, _) = &turns[p % turns.len()];
                want.turn(*t);
                defined.turn(*t).unwrap();
            }
            prop_assert_eq!(defined.to_cube(), want.clone(), "{} {}: as defined", kind, n);
            let by_path = compiled_on_every_path(kind, n, &from, &picks);
            for (rep, path) in by_path.iter().zip(paths()) {
                prop_assert_eq!(rep.to_cube(), want.clone(), "{} {}: compiled, {}", kind, n, path);
            }
        }
    }

    /// Random sequences of compiled turns on each SIMD path the CPU has (AVX2 among them,
    /// and VBMI where there is one) leave every cell of every representation's state at every
    /// size exactly as the scalar twin leaves it: the whole array compared as an APL value,
    /// so a wrong byte in a cell that the cube reads back from elsewhere (the composite's
    /// corners are held twice) is caught too.
    #[test]
    fn every_simd_path_leaves_the_state_its_scalar_twin_leaves(
        start in proptest::collection::vec(0usize..10_000, 0..12),
        picks in proptest::collection::vec(0usize..10_000, 1..40),
    ) {
        for (kind, n) in every_size() {
            let by_path = compiled_on_every_path(kind, n, &geometric(n, &start), &picks);
            let scalar = paths().iter().position(|&p| p == ShufflePath::Scalar).unwrap();
            let want = by_path[scalar].apl_value();
            for (rep, path) in by_path.iter().zip(paths()) {
                prop_assert_eq!(rep.apl_value(), want.clone(), "{} {}: {} against scalar", kind, n, path);
            }
        }
    }

    /// Standard notation at any size (wide, layered, slices, rotations, half-turns) reaches the
    /// representations through the same turns as the geometry.
    #[test]
    fn standard_moves_at_every_size(
        n in 2usize..=9,
        picks in proptest::collection::vec((0usize..10_000, 0usize..3), 1..12),
    ) {
        let all = LayerTurn::all(n);
        let moves: Vec<Move> = picks
            .iter()
            .map(|&(p, half)| {
                let mut m = all[p % all.len()].to_standard(n);
                if half == 0 {
                    m.amount = cubework::Amount::TWO;
                }
                m
            })
            .collect();
        let text = cubework::format_moves(&moves);
        let parsed = parse_moves(&text, Notation::Standard).unwrap();
        prop_assert_eq!(&parsed, &moves);
        let mut want = Cube::solved_n(n);
        want.apply_all(&moves).unwrap();
        for kind in RepKind::ALL.into_iter().filter(|k| k.supports(n)) {
            let mut rep = kind.build(&Cube::solved_n(n)).unwrap();
            match rep.apply_all(&moves) {
                Ok(()) => prop_assert_eq!(rep.to_cube(), want.clone(), "{} {}: {}", kind, n, text),
                Err(e) => prop_assert!(
                    matches!(kind, RepKind::Composite | RepKind::Visual),
                    "{} {} refused {}: {}", kind, n, text, e
                ),
            }
        }
    }
}

/// Every defined turn at every size, from a scrambled start: four make the identity, and it
/// then its inverse does too, as defined and compiled on every path.
#[test]
fn every_turn_four_times_and_with_its_inverse_is_the_identity() {
    for (kind, n) in every_size() {
        let start = geometric(n, &[3, 141, 59, 265, 35, 89, 79, 323, 84, 62]);
        for (t, gathers) in &compiled()[&(kind, n)] {
            let mut rep = kind.build(&start).unwrap();
            for _ in 0..4 {
                rep.turn(*t).unwrap();
            }
            assert_eq!(rep.to_cube(), start, "{kind} {n}: {t:?} four times");
            rep.turn(*t).unwrap();
            rep.turn(t.inverse()).unwrap();
            assert_eq!(rep.to_cube(), start, "{kind} {n}: {t:?} and its inverse");
            let inverse = rep.compile(t.inverse()).unwrap();
            for (g, path) in gathers.iter().zip(paths()) {
                let mut c = kind.build(&start).unwrap();
                for _ in 0..4 {
                    c.turn_compiled(g);
                }
                assert_eq!(
                    c.to_cube(),
                    start,
                    "{kind} {n}: {t:?} compiled four times, {path}"
                );
                c.turn_compiled(g);
                c.turn_compiled(&inverse.on_path(path));
                assert_eq!(
                    c.to_cube(),
                    start,
                    "{kind} {n}: {t:?} compiled and its inverse, {path}"
                );
            }
        }
    }
}

#[test]
fn sizes_a_representation_does_not_hold_are_one_line_errors_naming_the_sizes_it_does() {
    for n in 4..=9 {
        for kind in [RepKind::Composite, RepKind::Visual] {
            let Err(err) = kind.build(&Cube::solved_n(n)) else {
                panic!("{kind} holds the {n}×{n}×{n}");
            };
            let err = err.to_string();
            common::assert_starts(
                &err,
                &format!(
                    "the {kind} representation holds the 2×2×2 and 3×3×3 cubes, not the {n}×{n}×{n}: "
                ),
            );
            assert!(!err.contains('\n'));
        }
    }
}

proptest! {
    #![proptest_config(config_with(2000))]

    /// Thousands of random sequences of the moves all seven share, from random starts: every
    /// representation ends in the same canonical state as the geometry, as defined and compiled.
    #[test]
    fn all_seven_agree(seed in 0u64..1000, picks in proptest::collection::vec(0usize..16, 0..25)) {
        let common = common_moves();
        prop_assert_eq!(common.len(), 16);
        let start = scrambled(seed);
        let moves: Vec<LayerTurn> = picks.iter().map(|&i| common[i]).collect();
        let mut want = start.clone();
        for m in &moves {
            want.apply(&m.paper(3).unwrap()).unwrap();
        }
        for kind in RepKind::ALL {
            let mut defined = kind.build(&start).unwrap();
            let mut compiled = kind.build(&start).unwrap();
            for &m in &moves {
                defined.turn(m).unwrap();
                let table = compiled.compile(m).unwrap();
                compiled.turn_compiled(&table);
            }
            prop_assert_eq!(defined.to_cube(), want.clone(), "{} as defined", kind);
            prop_assert_eq!(compiled.to_cube(), want.clone(), "{} compiled", kind);
        }
    }

    /// The complete representations agree on sequences of all 24 paper moves.
    #[test]
    fn complete_representations_agree_on_all_moves(picks in proptest::collection::vec(0usize..24, 0..30)) {
        let moves: Vec<Move> = picks.iter().map(|&i| Move::PAPER[i]).collect();
        let mut want = Cube::solved();
        want.apply_all(&moves).unwrap();
        for kind in [RepKind::Numeric, RepKind::Local, RepKind::Vector, RepKind::FourD, RepKind::Nested] {
            let mut rep = kind.build(&Cube::solved()).unwrap();
            rep.apply_all(&moves).unwrap();
            prop_assert_eq!(rep.to_cube(), want.clone(), "{}", kind);
        }
    }

    /// A sequence followed by its inverse is the identity, in every representation.
    #[test]
    fn sequence_then_inverse_is_identity(picks in proptest::collection::vec(0usize..16, 1..20)) {
        let common = common_moves();
        let moves: Vec<Move> = picks.iter().map(|&i| common[i].paper(3).unwrap()).collect();
        let inverse: Vec<Move> = moves.iter().rev().map(|m| m.inverse()).collect();
        for kind in RepKind::ALL {
            let mut rep = kind.build(&Cube::solved()).unwrap();
            rep.apply_all(&moves).unwrap();
            rep.apply_all(&inverse).unwrap();
            prop_assert!(rep.to_cube().is_solved(), "{}", kind);
        }
    }

    /// The parser returns Ok or Err on any string, in both notations, and what it accepts
    /// prints back to something it reads the same way.
    #[test]
    fn parser_never_panics(s in "\\PC{0,40}", t in "[URFDLBMESxyzurfdlbw2'’ 0-9-]{0,30}") {
        for notation in [Notation::Standard, Notation::Paper] {
            let _ = parse_moves(&s, notation);
            if let Ok(moves) = parse_moves(&t, notation) {
                let again = parse_moves(&cubework::format_moves(&moves), notation).unwrap();
                prop_assert_eq!(again, moves);
            }
        }
    }
}

#[test]
fn undefined_moves_are_errors_that_name_move_and_reason() {
    for kind in [RepKind::Composite, RepKind::Visual] {
        let mut rep = kind.build(&Cube::solved()).unwrap();
        let before = rep.render();
        let moves = parse_moves("R U x", Notation::Standard).unwrap();
        let err = rep.apply_all(&moves).unwrap_err().to_string();
        assert!(
            err.contains("move x is not defined") && err.contains("X\u{305}"),
            "{err}"
        );
        assert_eq!(rep.render(), before, "a refused sequence changes nothing");
    }
}

/// The WCA's letter for the sticker the paper writes `paper`: the same face's centre colour
/// in each scheme (up white in both; down blue → yellow, back red → blue, front orange →
/// green, left green → orange, right yellow → red).
fn wca_of_paper(paper: char) -> char {
    match paper {
        'B' => 'Y',
        'R' => 'B',
        'O' => 'G',
        'G' => 'O',
        'Y' => 'R',
        other => other,
    }
}

#[test]
fn the_displays_that_show_colour_letters_show_the_wca_letters_under_the_wca_scheme() {
    use cubework::turn::face::Scheme;
    let solved = Cube::solved();
    let shown = |kind: RepKind| kind.build(&solved).unwrap().render_in(Scheme::Wca);
    let faces = |letters: [&str; 6]| {
        letters
            .map(|l| vec![l.repeat(3); 3].join("\n"))
            .join("\n\n")
    };
    // Local: up, down, back, front, left, right.
    assert_eq!(shown(RepKind::Local), faces(["W", "Y", "B", "G", "O", "R"]));
    assert_eq!(
        shown(RepKind::Vector),
        ["W", "Y", "B", "G", "O", "R"].map(|l| l.repeat(9)).concat()
    );
    let composite = shown(RepKind::Composite);
    assert_eq!(
        composite.lines().collect::<Vec<_>>(),
        [
            "WWWWWWWWWWWW",
            "OOOGGGRRRBBB",
            "OOOGGGRRRBBB",
            "OOOGGGRRRBBB",
            "YYYYYYYYYYYY"
        ]
    );
    let visual = shown(RepKind::Visual);
    assert_eq!(visual.lines().nth(5), Some("Y O O O W W W R R R Y"));
    assert_eq!(visual.lines().nth(8), Some("  O   G   G   G   R"));
    assert_eq!(shown(RepKind::FourD).lines().next(), Some("WWW  BBB  O R"));
    assert_eq!(shown(RepKind::Nested).lines().next(), Some("WBO WB∘ WBR"));
    // Numeric shows the paper's digits, not colours: the same in every scheme.
    assert_eq!(
        shown(RepKind::Numeric),
        RepKind::Numeric.build(&solved).unwrap().render()
    );
}

#[test]
fn a_scrambled_cubes_displays_under_wca_name_each_sticker_by_its_faces_wca_colour() {
    use cubework::turn::face::Scheme;
    let mut cube = Cube::solved();
    cube.apply_all(&parse_moves("R U F' L2 D B' x y' M", Notation::Standard).unwrap())
        .unwrap();
    for kind in RepKind::ALL {
        let rep = kind.build(&cube).unwrap();
        let paper = rep.render();
        assert_eq!(rep.render_in(Scheme::Paper), paper, "{kind}: the default");
        let wca = rep.render_in(Scheme::Wca);
        let want: String = if kind == RepKind::Numeric {
            paper.clone()
        } else {
            paper.chars().map(wca_of_paper).collect()
        };
        assert_eq!(wca, want, "{kind}");
    }
}
