use super::*;
use crate::sequence::parser::parse_sequence;
use crate::state::cube::Cube;
use crate::state::effect::PieceKind;
use crate::turn::notation::Notation;

/// The effect of a tool typed by name, in the given notation, through the parser.
fn effect(name: &str, notation: Notation) -> Effect {
    Effect::of_moves(&parse_sequence(name, notation).unwrap()).unwrap()
}

fn both(name: &str) -> Effect {
    let e = effect(name, Notation::Standard);
    assert_eq!(
        e,
        effect(name, Notation::Paper),
        "{name}: the notations disagree"
    );
    e
}

fn at(e: &Effect, piece: &str) -> (String, u8) {
    let m = e.piece(piece).unwrap();
    (m.to.to_string(), m.orient)
}

fn still(e: &Effect, pieces: &[&str]) {
    for p in pieces {
        assert!(e.piece(p).unwrap().is_still(), "{p} should be untouched");
    }
}

const U_CORNERS: [&str; 4] = ["UFR", "UFL", "UBR", "UBL"];
const CENTRES: [&str; 6] = ["U", "D", "F", "B", "R", "L"];

#[test]
fn switch_exchanges_the_bottom_front_corners() {
    let e = both("SWITCH");
    assert_eq!(at(&e, "DFR").0, "DFL");
    assert_eq!(at(&e, "DFL").0, "DFR");
    for c in ["DBR", "DBL"] {
        assert!(e.piece(c).unwrap().stays(), "{c}");
    }
    still(&e, &U_CORNERS);
    still(&e, &CENTRES);
}

#[test]
fn twist_turns_three_bottom_corners_clockwise() {
    let e = both("TWIST");
    let bottom = ["DFR", "DFL", "DBR", "DBL"];
    let twisted: Vec<&str> = bottom
        .iter()
        .copied()
        .filter(|&c| at(&e, c) == (c.to_string(), 1))
        .collect();
    assert_eq!(twisted.len(), 3, "{twisted:?}");
    let other: Vec<&str> = bottom
        .into_iter()
        .filter(|c| !twisted.contains(c))
        .collect();
    still(&e, &other);
    still(&e, &U_CORNERS);
    still(&e, &CENTRES);
}

#[test]
fn snap_and_lift_bring_an_edge_to_up_front_without_touching_corners() {
    for (tool, from) in [("SNAP", "BR"), ("LIFT", "DR")] {
        let e = both(tool);
        assert_eq!(at(&e, from).0, "UF", "{tool}");
        assert!(e.corners.iter().all(|m| m.is_still()), "{tool}");
        still(&e, &CENTRES);
    }
}

#[test]
fn cycle_cycles_three_middle_layer_edges() {
    let e = both("CYCLE");
    let moved: Vec<PieceEffect> = e.edges.iter().copied().filter(|m| !m.stays()).collect();
    assert_eq!(moved.len(), 3);
    let middle = ["FR", "FL", "BR", "BL"];
    for m in &moved {
        assert!(middle.contains(&m.from.to_string().as_str()), "{m}");
    }
    // A 3-cycle: following `to` three times comes back.
    let next = |p: String| at(&e, &p).0;
    let a = moved[0].from.to_string();
    assert_ne!(next(a.clone()), a);
    assert_eq!(next(next(next(a.clone()))), a);
    assert!(e.corners.iter().all(|m| m.is_still()));
    assert!(e.edges.iter().filter(|m| m.stays()).all(|m| m.is_still()));
    still(&e, &CENTRES);
}

#[test]
fn flip_flips_both_right_middle_edges_and_nothing_else() {
    let e = both("FLIP");
    assert_eq!(at(&e, "FR"), ("FR".to_string(), 1));
    assert_eq!(at(&e, "BR"), ("BR".to_string(), 1));
    assert_eq!(e.changed().len(), 2);
}

#[test]
fn every_tool_meets_its_criterion_and_inverts() {
    for t in Tool::ALL {
        assert!(
            t.has_effect(&Effect::of_moves(&t.standard_moves()).unwrap()),
            "{t}"
        );
        let undo = format!("{t} {t}'");
        assert!(effect(&undo, Notation::Standard).is_identity(), "{t}");
    }
}

#[test]
fn five_tools_are_readings_of_the_print_and_flip_is_not() {
    for t in Tool::ALL {
        let r = t.finding();
        let letters: String = r
            .chosen
            .iter()
            .map(|m| m.paper_letter().map_or(' ', PaperLetter::letter))
            .collect();
        if t == Tool::Flip {
            // No bar pattern on MRMRMRMRMRMR flips the two edges and leaves the rest.
            assert!(
                readings(t.printed())
                    .iter()
                    .all(|r| !t.has_effect(&effect_of(r)))
            );
            assert!(matches!(r.source, Source::Shortest { .. }));
            assert_eq!(r.chosen.len(), 14);
            assert!(letters.chars().all(|c| "MR".contains(c)));
        } else {
            assert_eq!(r.source, Source::Printed, "{t}");
            let printed = t.printed();
            assert_eq!(letters.len(), printed.len());
            for (a, b) in letters.chars().zip(printed.chars()) {
                assert!(b == 'E' || a == b, "{t}: {letters} vs {printed}");
            }
        }
    }
}

#[test]
fn switch_and_snap_each_have_exactly_one_reading() {
    assert_eq!(Tool::Switch.finding().matches, 1);
    assert_eq!(Tool::Snap.finding().matches, 1);
    assert_eq!(Tool::Lift.finding().matches, 1);
}

#[test]
fn recorded_findings_are_what_the_search_finds() {
    for t in Tool::ALL {
        let searched = reconstruct(t).unwrap();
        assert!(
            searched.agrees_with(&t.finding()),
            "{t}: the search found {:?} ({} matches of {} tried, {:?}), the record says {:?}",
            searched.chosen,
            searched.matches.len(),
            searched.tried,
            searched.source,
            t.finding()
        );
    }
}

#[test]
fn tools_leave_pieces_whole() {
    for t in Tool::ALL {
        let e = Effect::of_moves(&t.paper_moves()).unwrap();
        for kind in [PieceKind::Corner, PieceKind::Edge] {
            let n = e.all().filter(|m| m.from.kind() == kind).count();
            assert_eq!(n, if kind == PieceKind::Corner { 8 } else { 12 });
        }
    }
}

#[test]
fn scrambles_never_waste_a_move() {
    for seed in 0..200 {
        let letters: Vec<PaperLetter> = scramble(40, seed)
            .iter()
            .map(|m| match m.turn {
                crate::turn::moves::Turn::Paper(l) => l,
                _ => unreachable!("paper dialect"),
            })
            .collect();
        for w in letters.windows(2) {
            assert_ne!(w[0], w[1], "seed {seed}");
        }
        for w in letters.windows(3) {
            assert!(
                !(w[0].axis() == w[1].axis() && w[1].axis() == w[2].axis()),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn scramble_is_seedable_quarter_turns_of_faces() {
    let s = scramble(SCRAMBLE_LENGTH, 9);
    assert_eq!(s.len(), 17);
    let alphabet = scramble_alphabet();
    assert_eq!(alphabet.len(), 12);
    for m in &s {
        let p = m.paper_moves().unwrap();
        assert_eq!(p.len(), 1);
        assert!(alphabet.contains(&p[0]));
    }
    assert_ne!(scramble(17, 9), scramble(17, 10));
    assert!(random(3, &Vec::<u8>::new(), &mut ChaCha8Rng::seed_from_u64(0)).is_empty());
}

#[test]
fn wca_scrambles_never_turn_the_same_layers_twice_on_one_axis() {
    use crate::turn::moves::Turn;
    for n in 4..=crate::state::geometry::MAX_SIZE {
        let turns = wca_turns(n);
        // Six faces at each depth below half the cube; three (U R F) at half of an even one.
        let expected = 6 * (n / 2) - if n % 2 == 0 { 3 } else { 0 };
        assert_eq!(turns.len(), expected, "{n}");
        for seed in 0..50 {
            let s = wca_scramble(n, 200, seed);
            let mut cube = Cube::solved_n(n);
            cube.apply_all(&s).unwrap();
            let key = |m: &Move| match m.turn {
                Turn::Face { face, to, .. } => (face, to),
                _ => unreachable!("face and wide turns only"),
            };
            let mut run: Vec<(crate::turn::face::Face, u8)> = Vec::new();
            for m in &s {
                let k = key(m);
                if run
                    .first()
                    .is_some_and(|f| f.0.index() % 3 != k.0.index() % 3)
                {
                    run.clear();
                }
                assert!(
                    !run.contains(&k),
                    "{n} seed {seed}: {}",
                    crate::format_moves(&s)
                );
                run.push(k);
            }
        }
    }
}

#[test]
fn inverse_undoes() {
    let s = scramble(17, 1);
    let mut c = Cube::solved();
    c.apply_all(&s).unwrap();
    c.apply_all(&inverse(&s)).unwrap();
    assert!(c.is_solved());
}

#[test]
fn edit_distance_counts_insertions() {
    let d = |a: &str, b: &str| {
        edit_distance(
            &a.chars().collect::<Vec<_>>(),
            &b.chars().collect::<Vec<_>>(),
        )
    };
    assert_eq!(d("MRMRMRRMRMRMRR", "MRMRMRMRMRMR"), 2);
    assert_eq!(d("FDFDRDR", "EDFDRDR"), 0);
}

#[test]
fn standard_forms_write_two_quarter_turns_of_a_face_as_a_half_turn() {
    assert_eq!(
        crate::format_moves(&Tool::Flip.standard_moves()),
        "E' R' E' R' E' R2 E R' E R' E R2"
    );
    let report = crate::command::algebra::tools_report().unwrap();
    assert!(
        report.contains("  standard: E' R' E' R' E' R2 E R' E R' E R2\n"),
        "{report}"
    );
    for t in Tool::ALL {
        let standard = t.standard_moves();
        assert!(
            standard
                .windows(2)
                .all(|w| !w[0].turn.same_layers(w[1].turn)),
            "{t}: {}",
            crate::format_moves(&standard)
        );
        // The same quarter-turns as the paper's form, written as a cuber writes them.
        let quarters = |moves: &[Move]| -> u32 {
            moves
                .iter()
                .map(|m| u32::from(m.amount.quarters().min(4 - m.amount.quarters())))
                .sum()
        };
        assert_eq!(quarters(&standard), quarters(t.sequence()), "{t}");
    }
}
