use super::*;
use proptest::prelude::*;
use rand::SeedableRng;

use crate::solve::search::reduction::tests::three;

/// The tables, built once in memory for the tests.
fn shared() -> &'static FourTables {
    static T: std::sync::OnceLock<FourTables> = std::sync::OnceLock::new();
    T.get_or_init(|| FourTables::load_or_build_in(None, &mut |_, _| {}).0)
}

/// Whether `moves` take `cube` to solved on the paper's nested representation, a sticker
/// model that turns its own arrays.
fn solves_independently(cube: &Cube, moves: &[crate::turn::moves::Move]) -> bool {
    let mut rep = crate::rep::RepKind::Nested.build(cube).unwrap();
    rep.apply_all(moves).unwrap();
    rep.to_cube() == Cube::solved_n(4)
}

fn metric_length(moves: &[crate::turn::moves::Move]) -> u64 {
    moves
        .iter()
        .map(|m| crate::sequence::alg::move_cost(m, crate::turn::metric::Metric::Htm))
        .sum()
}

#[test]
fn random_states_are_solved_as_an_independent_sticker_model_confirms_and_much_shorter_than_by_cycles()
 {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(448);
    let t = shared();
    let mut total = 0;
    let count = 40;
    for _ in 0..count {
        let cube = crate::solve::search::reduction::random::random_state(4, &mut rng);
        let found = solve(t, &cube, &three).unwrap();
        assert!(solves_independently(&cube, &found.moves), "{cube}");
        total += metric_length(&found.moves);
    }
    // The three-cycle reduction takes about 319 moves on average; the searched phases
    // about 79.
    let average = total as f64 / count as f64;
    assert!(average < 100.0, "{average}");
}

proptest! {
    #![proptest_config(crate::proptest_config(24))]

    #[test]
    fn any_turned_4x4x4_is_solved_to_the_very_cube(turns in proptest::collection::vec((0usize..36, 0usize..4), 0..40)) {
        let t = shared();
        let mut cube = Cube::solved_n(4);
        let mut layers = Vec::new();
        for (turn, inner) in turns {
            layers.extend(t.moves.turns[turn].layers());
            // Some lone inner layers too, which change the wings' parity.
            if inner == 0 {
                layers.push(LayerMove { axis: PaperAxis::Y, layer: 1, quarters: 1 });
            }
        }
        cube.apply_all(&write::write(N, &layers)).unwrap();
        let found = solve(t, &cube, &three).unwrap();
        prop_assert!(solves_independently(&cube, &found.moves));
    }
}

#[test]
fn the_parity_fix_swaps_two_paired_edges_and_keeps_the_centres() {
    let t = shared();
    let mut work = Work {
        t,
        stickers: Cube::solved_n(4).stickers().to_vec(),
        made: Vec::new(),
    };
    work.make(&pll_parity());
    let centres = t.moves.centre_at.map(|i| work.stickers[i]);
    assert_eq!(centres, t.moves.centre_face);
    let wings = t.moves.wing_at.map(|i| work.stickers[i].index() as u8);
    assert_eq!(t.moves.paired(&wings), 12);
    // Not solved as a 3×3×3: two edges swapped, which no 3×3×3 turn does alone.
    assert!(CubieCube::from_cube(&work.small().unwrap()).is_err());
}

#[test]
fn every_table_entry_sampled_agrees_and_a_changed_entry_is_found() {
    let t = shared();
    let good = t.tables.to_payload();
    assert_eq!(good.len(), t.bytes());
    let back = tables::Tables::from_payload(&good, &t.moves, &t.phases).unwrap();
    assert_eq!(back, t.tables);
    // Entry 5 of phase 1 (sampled) made one more than it is.
    let mut bad = good.clone();
    bad[5] += 2;
    let err = tables::Tables::from_payload(&bad, &t.moves, &t.phases).unwrap_err();
    assert!(err.contains("phase 1 table's entry 5"), "{err}");
    // A second goal.
    let mut bad = good.clone();
    bad[tables::SIZES[0] + 7] = 0;
    let err = tables::Tables::from_payload(&bad, &t.moves, &t.phases).unwrap_err();
    assert!(err.contains("phase 2 table has 2 goals"), "{err}");
    assert!(tables::Tables::from_payload(&good[1..], &t.moves, &t.phases).is_err());
}

#[test]
fn a_damaged_table_file_is_built_again_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let (first, report) = FourTables::load_or_build_in(Some(dir.path()), &mut |_, _| {});
    assert!(!report.loaded);
    let path = table_file().path_in(dir.path());
    let (_, report) = FourTables::load_or_build_in(Some(dir.path()), &mut |_, _| {});
    assert!(report.loaded, "{report}");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let (again, report) = FourTables::load_or_build_in(Some(dir.path()), &mut |_, _| {});
    assert!(!report.loaded && report.problem.is_some(), "{report}");
    assert_eq!(again.tables, first.tables);
    let (_, report) = FourTables::load_or_build_in(Some(dir.path()), &mut |_, _| {});
    assert!(report.loaded, "{report}");
}

#[test]
fn the_tables_build_with_their_progress_told_to_the_end() {
    let mut last = (0, 1);
    let (t, _) = FourTables::load_or_build_in(None, &mut |done, total| last = (done, total));
    assert_eq!(last.0, last.1);
    assert_eq!(t.tables, shared().tables);
    // Every phase's turns reach every value of its coordinate.
    for table in t.tables.all() {
        assert!(!table.contains(&tables::UNREACHED));
    }
}

#[test]
fn tmp_lengths() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(448);
    let t = shared();
    let mut total = 0;
    let count = 20;
    for _ in 0..count {
        let cube = crate::solve::search::reduction::random::random_state(4, &mut rng);
        let clock = std::time::Instant::now();
        let found = solve(t, &cube, &three).unwrap();
        assert!(solves_independently(&cube, &found.moves), "{cube}");
        eprintln!("{} {:?} {:?}", metric_length(&found.moves), found.stages, clock.elapsed());
        total += metric_length(&found.moves);
    }
    eprintln!("avg {} fallbacks {:?}", total as f64 / count as f64, FALLBACKS);
}
