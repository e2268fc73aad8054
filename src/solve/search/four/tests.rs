use super::*;
use proptest::prelude::*;
use rand::SeedableRng;

use crate::solve::search::reduction::write;

/// The two-phase 3×3×3 search on one thread, after at least `probes` probes.
fn three(state: &CubieCube, probes: u64) -> Result<Vec<FaceMove>, SolveError> {
    let tables = &crate::solve::table::shared::twophase_tables(&crate::solve::Progress::none()).0;
    let opts = crate::solve::search::twophase::TwoPhaseOptions {
        threads: 1,
        min_probes: probes,
        ..Default::default()
    };
    Ok(crate::solve::search::twophase::solve(tables, state, &opts)?.moves)
}

/// The tables, built once for all the tests (the pairing table's build is most of a
/// test run's time), with how many entries of the pairing table each distance holds, and
/// a cache directory holding their file.
struct Fixture {
    tables: FourTables,
    levels: Vec<u64>,
    dir: tempfile::TempDir,
    /// The last progress the build told: done, of total.
    told: (u64, u64),
}

fn fixture() -> &'static Fixture {
    static T: std::sync::OnceLock<Fixture> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let moves = Moves::new();
        let phases = tables::Phases::new(&moves);
        let mut told = (0, 1);
        let (built, levels) =
            tables::Tables::build_counted(&moves, &phases, &mut |done, total| told = (done, total))
                .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = table_file().path_in(dir.path());
        crate::base::table_cache::write(&path, &table_file(), &built.to_payload()).unwrap();
        let tables = FourTables {
            moves,
            phases,
            tables: built,
        };
        Fixture {
            tables,
            levels,
            dir,
            told,
        }
    })
}

/// The tables, built once in memory for the tests.
pub(crate) fn shared() -> &'static FourTables {
    &fixture().tables
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
        let mut reduced = cube.clone();
        reduced.apply_all(&found.reduction).unwrap();
        assert!(
            crate::solve::search::reduction::tests::is_reduced(&reduced),
            "{cube}"
        );
        total += metric_length(&found.moves);
    }
    // The three-cycle reduction takes about 319 moves on average; the centre phases with
    // the edges paired greedily about 79; with the last phase searched in G3 about 68; with
    // many starts searched at once, pruned by the full-depth pairing table, about 53; with
    // larger budgets where the first find nothing (no greedy pairing left), about 46.6.
    let average = total as f64 / count as f64;
    assert!(average < 48.0, "{average}");
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
    assert!(err.contains("phase 2 table has"), "{err}");
    assert!(tables::Tables::from_payload(&good[1..], &t.moves, &t.phases).is_err());
}

// Built again and saved when damaged: `tests/tables.rs` (`tables build` on a damaged
// `four.bin`), through the same load-or-build as every cached table; not again here, where it
// cost a second build of the tables (a minute under load).
#[test]
fn a_saved_table_file_loads_as_built_a_damaged_one_is_refused_and_the_build_told_its_progress_to_the_end()
 {
    let dir = tempfile::tempdir().unwrap();
    let path = table_file().path_in(dir.path());
    std::fs::copy(table_file().path_in(fixture().dir.path()), &path).unwrap();
    let (first, report) = FourTables::load_or_build_in(Some(dir.path()), &mut |_, _| {}).unwrap();
    assert!(report.loaded, "{report}");
    assert_eq!(first.tables, shared().tables);
    // Every centre phase's turns reach every value of its coordinate.
    for table in &first.tables.all()[..3] {
        assert!(!table.contains(&tables::UNREACHED));
    }
    let told = fixture().told;
    assert!(told.0 == told.1 && told.1 > 0, "{told:?}");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let refused = crate::base::table_cache::read(&path, &table_file()).unwrap_err();
    assert!(refused.to_string().contains("checksum"), "{refused}");
}

/// A random sequence of `len` G3 turns (indices into G3's list).
fn g3_scramble(t: &FourTables, rng: &mut impl rand::Rng, len: usize) -> Vec<usize> {
    (0..len)
        .map(|_| rng.random_range(0..t.phases.g3.turns.len()))
        .collect()
}

#[test]
fn the_symmetries_keep_the_e_slice_and_turn_g3_into_itself() {
    let t = shared();
    let g3 = &t.phases.g3;
    assert_eq!(g3.symmetries.len(), 4);
    for s in &g3.symmetries {
        assert!(s[..4].iter().all(|&k| k < 4));
        for m in 0..g3.turns.len() {
            let conj = |p: &g3::PlaceMap| -> g3::PlaceMap {
                let mut out = [0u8; 12];
                for k in 0..12 {
                    out[s[k] as usize] = s[p[k] as usize];
                }
                out
            };
            let back = conj(&g3::invert(&g3.p0_inverse[m]));
            let one = conj(&g3.p1[m]);
            assert!(
                (0..g3.turns.len())
                    .any(|n| g3::invert(&g3.p0_inverse[n]) == back && g3.p1[n] == one)
            );
        }
    }
}

#[test]
fn every_pairing_entry_sampled_is_a_state_that_comes_back_to_it_or_its_twin() {
    let t = shared();
    let coord = &t.phases.coord;
    assert_eq!(coord.classes(), edge3::CLASSES);
    for i in (0..coord.size()).step_by(7919) {
        let tau = coord.state(i);
        assert!(!crate::state::pieces::is_odd(&tau));
        let j = coord.index(&tau);
        assert!(j == i || coord.twins(i).any(|k| k == j), "{i} {j}");
    }
}

#[test]
fn the_pairing_table_is_built_holding_each_value_as_often_as_recorded() {
    let t = shared();
    let mut counts = [0u64; 4];
    for i in 0..t.phases.coord.size() {
        counts[t.tables.edges.get(i) as usize] += 1;
    }
    assert_eq!(counts, edge3::COUNTS);
    assert_eq!(t.tables.edges.bytes.len(), edge3::BYTES);
}

#[test]
fn the_pairing_distance_never_exceeds_a_g3_scramble_and_the_last_phase_undoes_it() {
    let t = shared();
    let g3 = &t.phases.g3;
    let coord = &t.phases.coord;
    let search = last::Last::new(&t.moves, &t.phases, &t.tables);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
    for len in 0..12 {
        let scramble = g3_scramble(t, &mut rng, len);
        let mut stickers = Cube::solved_n(4).stickers().to_vec();
        let mut tau: g3::PlaceMap = std::array::from_fn(|k| k as u8);
        let mut bit = false;
        for &i in &scramble {
            tau = edge3::turn(g3, &tau, i);
            bit ^= g3.flip[i];
            for m in t.moves.turns[g3.turns[i]].layers() {
                t.moves.model.apply(&mut stickers, m);
            }
        }
        let distance = t.tables.edges.distance(g3, coord, coord.index(&tau));
        assert!(usize::from(distance) <= len, "{distance} > {len}");
        let colours = t.moves.centre_at.map(|i| stickers[i].index() as u8);
        let state = last::Last::state(t.phases.coord3(&colours), bit, tau);
        let mut budget = u64::MAX;
        let found = search.solve(&state, 20, &mut budget).unwrap().unwrap();
        assert!(found.len() <= len);
        for &turn in &found {
            for m in t.moves.turns[turn].layers() {
                t.moves.model.apply(&mut stickers, m);
            }
        }
        let wings = t.moves.wing_at.map(|i| stickers[i].index() as u8);
        assert_eq!(t.moves.paired(&wings), 12);
        assert_eq!(t.moves.centre_at.map(|i| stickers[i]), t.moves.centre_face);
    }
}

#[test]
fn the_full_depth_pairing_table_holds_as_many_entries_at_each_distance_as_recorded() {
    let Fixture {
        tables: t, levels, ..
    } = fixture();
    // Every arrangement is placed, the farthest 13 turns from all paired (as TPR finds).
    assert_eq!(*levels, edge3::LEVELS);
    assert_eq!(levels.iter().sum::<u64>(), t.phases.coord.size() as u64);
}

#[test]
fn the_searched_phases_answer_every_seeded_random_state_within_their_budgets() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4848);
    let t = shared();
    let count = 20;
    let mut searched_answers = 0;
    for _ in 0..count {
        let cube = crate::solve::search::reduction::random::random_state(4, &mut rng);
        let starts: Vec<Start> = holdings(&cube)
            .unwrap()
            .iter()
            .map(|(c, _)| start_of(t, c).unwrap())
            .collect();
        searched_answers += usize::from(!searched(t, &starts).unwrap().is_empty());
    }
    // Before the full-depth pairing table and the starts searched together, about one in
    // four; with them about 80% on the benchmark's states; with the later rounds' larger
    // budgets every one (40 of 40 of the benchmark's first states).
    assert_eq!(searched_answers, count);
}

#[test]
fn the_phase_2_table_is_a_lower_bound_on_its_turns_from_its_goals() {
    let t = shared();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let goals = tables::goals(&t.phases, &t.moves, &t.tables.t4);
    let (turns, next) = tables::neighbours(&t.phases, &t.moves, 1);
    for _ in 0..2000 {
        let mut v = goals[1][rng.random_range(0..goals[1].len())];
        let len = rng.random_range(0..14);
        for _ in 0..len {
            v = next(v, turns[rng.random_range(0..turns.len())]);
        }
        assert!(usize::from(t.tables.t2[v]) <= len, "{v}");
    }
}

#[test]
fn the_answer_kept_is_no_longer_than_any_reduction_finished_cheaply() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4949);
    let t = shared();
    let mut several = 0;
    for _ in 0..4 {
        let cube = crate::solve::search::reduction::random::random_state(4, &mut rng);
        let held = holdings(&cube).unwrap();
        let starts: Vec<Start> = held.iter().map(|(c, _)| start_of(t, c).unwrap()).collect();
        let found = searched(t, &starts).unwrap();
        assert!(!found.is_empty() && found.len() <= FINISHES);
        several += usize::from(found.len() > 1);
        // Each reduction finished as the candidates are ranked.
        let shortest = |r: &Reduction| {
            let ready = ready_reduction(t, &held, r).unwrap();
            let answer = finish::complete(&ready, finish::RANK_PROBES, &three).unwrap();
            assert!(solves_independently(&cube, &answer.moves));
            finish::length(&answer)
        };
        // Every reduction collected is of one total length.
        let totals: Vec<usize> = found.iter().map(|(_, a, b)| a.len() + b.len()).collect();
        assert!(totals.iter().all(|&n| n == totals[0]), "{totals:?}");
        let answer = solve(t, &cube, &three).unwrap();
        assert!(solves_independently(&cube, &answer.moves));
        let cheapest = found.iter().map(shortest).min().unwrap();
        assert!(finish::length(&answer) <= cheapest);
    }
    // Most states have more than one reduction of the least length to choose from.
    assert!(several >= 2, "{several} of 4");
}

proptest! {
    #![proptest_config(crate::proptest_config(64))]
    #[test]
    fn composing_by_shuffles_gives_what_the_plain_lookups_give(
        a in Just((0u8..12).collect::<Vec<_>>()).prop_shuffle(),
        t in Just((0u8..12).collect::<Vec<_>>()).prop_shuffle(),
        b in Just((0u8..12).collect::<Vec<_>>()).prop_shuffle(),
    ) {
        let map = |v: &[u8]| -> g3::PlaceMap { std::array::from_fn(|k| v[k]) };
        let (a, t, b) = (map(&a), map(&t), map(&b));
        let plain: g3::PlaceMap = std::array::from_fn(|k| a[t[b[k] as usize] as usize]);
        // Where the CPU (or `CUBEWORK_SIMD`) has no shuffles, the callers take the lookups.
        if let Some(out) = super::edge3::compose(&g3::pad(&a), &t, &g3::pad(&b)) {
            prop_assert_eq!(&out[..12], &plain[..]);
        }
    }
}
