use super::*;

#[test]
fn canonical_sequences_skip_repeats_and_order_opposites() {
    let l = Last::START.after(0); // U
    assert!(!l.allows(1, Metric::Htm)); // U2 after U
    assert!(l.allows(9, Metric::Htm)); // D after U
    let l = Last::START.after(9); // D
    assert!(!l.allows(0, Metric::Htm)); // U after D
    assert!(l.allows(3, Metric::Htm));
    // Quarter turns: U U is allowed once, U U U and U U' are not.
    let l = Last::START.after(0);
    assert!(l.allows(0, Metric::Qtm));
    assert!(!l.allows(2, Metric::Qtm));
    assert!(!l.after(0).allows(0, Metric::Qtm));
}

#[test]
fn the_bound_adds_one_when_all_three_axes_agree() {
    assert_eq!(bound([0, 0, 0]), 0);
    assert_eq!(bound([3, 5, 4]), 5);
    assert_eq!(bound([5, 5, 5]), 6);
}

/// [`solve`] with no solution to beat, no probe and no progress shown.
fn solve_plainly(
    table: &AxisTable,
    cube: &CubieCube,
    opts: &OptimalOptions,
) -> Result<OptimalSolution, SolveError> {
    solve(table, cube, opts, None, None, &mut |_| {})
}

/// The small table written to a fresh directory named by `tag`, not checked yet: the
/// directory (removed when dropped) and the file.
fn small_table_written(tag: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    use crate::solve::table::optimal_table::{SliceKind, table_file};
    let kind = SliceKind::Position;
    let prefix = format!("cubework-{tag}-");
    let dir = tempfile::Builder::new().prefix(&prefix).tempdir().unwrap();
    let path = table_file(kind).path_in(dir.path());
    let parts = small().payload_parts();
    let parts: Vec<&[u8]> = parts.iter().map(|p| &p[..]).collect();
    crate::base::table_cache::write_parts(&path, &table_file(kind), &parts).unwrap();
    (dir, path)
}

/// The small table written as [`small_table_written`] does, then mapped once, checked whole
/// and marked, so that its stamp records it: the directory and the file.
fn small_table_stamped(tag: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, path) = small_table_written(tag);
    let kind = crate::solve::table::optimal_table::SliceKind::Position;
    drop(AxisTable::map(kind, &path).unwrap());
    (dir, path)
}

#[test]
fn a_saved_table_is_mapped_checked_whole_once_and_again_when_the_file_changes() {
    use crate::base::table_cache::{CacheError, checked_since};
    let kind = crate::solve::table::optimal_table::SliceKind::Position;
    let (_dir, path) = small_table_written("map");
    // Never checked: mapped, checked whole, and marked.
    assert!(!checked_since(&path));
    let mapped = AxisTable::map(kind, &path).unwrap();
    assert!(mapped.is_mapped() && !small().is_mapped());
    assert!(mapped == *small());
    assert!(checked_since(&path));
    // The same file again: the header only, and the same table.
    assert!(AxisTable::map(kind, &path).unwrap() == *small());
    drop(mapped);
    // A byte of the distances changed (the file's time moves on): checked whole again,
    // and refused.
    let at = crate::base::table_cache::HEADER_BYTES as u64 + 1000 + 4096 * 7;
    let later = std::time::SystemTime::now() + Duration::from_secs(5);
    change_in_place(&path, at, 1, |b| b ^ 0x5A, Some(later));
    assert!(!checked_since(&path));
    assert!(matches!(
        AxisTable::map(kind, &path),
        Err(CacheError::Checksum { .. })
    ));
}

/// Changes `len` bytes of the file at `path` from `at` by `change`, in place (the file is
/// not replaced), then sets its time to `time`, or back to what it was.
fn change_in_place(
    path: &std::path::Path,
    at: u64,
    len: usize,
    change: impl Fn(u8) -> u8,
    time: Option<std::time::SystemTime>,
) {
    use std::io::{Read, Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap();
    let modified = f.metadata().unwrap().modified().unwrap();
    let mut bytes = vec![0u8; len];
    f.seek(SeekFrom::Start(at)).unwrap();
    f.read_exact(&mut bytes).unwrap();
    f.seek(SeekFrom::Start(at)).unwrap();
    f.write_all(&bytes.iter().map(|&b| change(b)).collect::<Vec<u8>>())
        .unwrap();
    f.set_modified(time.unwrap_or(modified)).unwrap();
}

#[test]
fn a_table_changed_in_place_behind_its_stamp_is_refused_or_stops_the_search_with_an_error() {
    use crate::base::table_cache::{CacheError, checked_since};
    let kind = crate::solve::table::optimal_table::SliceKind::Position;
    let (_dir, path) = small_table_stamped("in-place");
    assert!(checked_since(&path));
    // The byte that holds a cube's own entry (on its first axis) changed in place, the
    // file's time put back: the stamp still stands.
    let cube = crate::solve::answer::solution_text::random_state(3);
    let m = small().moves();
    let i = m.index(m.coord(&cube));
    let len = std::fs::metadata(&path).unwrap().len();
    let at = len - 8 - small().bytes().len() as u64 + (i / 4) as u64;
    change_in_place(&path, at, 1, |b| b ^ 3 << (2 * (i % 4)), None);
    assert!(checked_since(&path));
    // Refused as it loads, or the search that reads it ends with an error naming the
    // file: never a panic, never an answer.
    match AxisTable::map(kind, &path) {
        Err(e) => assert!(e.to_string().contains("damaged"), "{e}"),
        Ok(table) => {
            let opts = OptimalOptions::default();
            let err = solve_plainly(&table, &cube, &opts).unwrap_err();
            let text = err.to_string();
            assert!(
                text.contains(&format!("table {} is damaged", path.display())),
                "{text}"
            );
            assert!(!checked_since(&path), "the stamp is still there");
        }
    }
    // Checked whole by the next load, and refused.
    assert!(matches!(
        AxisTable::map(kind, &path),
        Err(CacheError::Checksum { .. })
    ));
}

#[test]
fn a_search_checks_a_mapped_tables_other_blocks_at_once_before_a_depth_that_will_read_them_all() {
    use crate::base::table_cache::BLOCK_BYTES;
    let kind = crate::solve::table::optimal_table::SliceKind::Position;
    let (_dir, path) = small_table_stamped("at-once");
    let mapped = AxisTable::map(kind, &path).unwrap();
    assert!(!mapped.all_checked());
    // Once the depth before has generated a sixteenth as many nodes as the table has
    // blocks, or the search has run as long as a check at 4 GB/s takes; not before.
    let blocks = mapped.bytes_len().div_ceil(BLOCK_BYTES) as u64;
    let short = Duration::ZERO;
    assert!(!check_rest_now(&mapped, 0, short));
    assert!(!check_rest_now(&mapped, blocks.div_ceil(16) - 1, short));
    assert!(check_rest_now(&mapped, blocks.div_ceil(16), short));
    assert!(check_rest_now(&mapped, 0, Duration::from_secs(1)));
    // A search of a few moves reads a few blocks; one whose depths grow past that checks
    // them all, and the next asks for nothing.
    let opts = OptimalOptions::default();
    let started = std::time::Instant::now();
    solve_plainly(&mapped, &scrambled(1, 3, Metric::Htm), &opts).unwrap();
    // Unless the machine was so loaded that the few moves' search outlasted the time rule
    // (a check of the whole table at 4 GB/s), which then rightly checks the rest.
    let time_rule = Duration::from_secs_f64(mapped.bytes_len() as f64 / 4e9);
    if started.elapsed() < time_rule {
        assert!(!mapped.all_checked());
    }
    let twelve: Vec<FaceMove> = [0, 3, 6, 9, 12, 15, 1, 4, 7, 10, 13, 16]
        .map(|m| FaceMove::ALL[m])
        .to_vec();
    let cube = CubieCube::solved().apply_all(&twelve);
    let found = solve_plainly(&mapped, &cube, &opts).unwrap();
    assert_eq!(found.moves.map(|m| m.len()), Some(12));
    assert!(mapped.all_checked() && mapped.damage().is_none());
    assert!(!check_rest_now(&mapped, u64::MAX, Duration::MAX));
    drop(mapped);
}

#[test]
fn a_table_mapped_behind_its_stamp_answers_as_in_memory_and_checking_the_rest_finds_damage() {
    use crate::base::table_cache::{BLOCK_BYTES, HEADER_BYTES, checked_since, spot_blocks};
    let kind = crate::solve::table::optimal_table::SliceKind::Position;
    let (_dir, path) = small_table_stamped("rest");
    // Mapped behind its stamp: checked block by block as the searches read it (or all at
    // once before a large depth), with the answers of the table in memory.
    let mapped = AxisTable::map(kind, &path).unwrap();
    assert!(mapped.is_mapped() && !mapped.all_checked());
    let opts = OptimalOptions::default();
    for seed in 0..12 {
        let cube = scrambled(seed, 10, Metric::Htm);
        let a = solve_plainly(&mapped, &cube, &opts).unwrap();
        let b = solve_plainly(small(), &cube, &opts).unwrap();
        assert_eq!(a.moves, b.moves, "seed {seed}");
    }
    assert!(mapped.damage().is_none());
    mapped.check_rest(2);
    assert!(mapped.all_checked() && mapped.damage().is_none());
    drop(mapped);
    // A block that the load leaves to the searches, changed in place, the time put back:
    // checking the rest finds it, and a search then ends with an error.
    let len = std::fs::metadata(&path).unwrap().len() as usize;
    let spots = spot_blocks(
        len.div_ceil(BLOCK_BYTES),
        HEADER_BYTES + crate::solve::table::optimal_table::PAYLOAD_HEADER,
    );
    let k = (len / BLOCK_BYTES / 2..)
        .find(|k| !spots.contains(k))
        .unwrap();
    change_in_place(&path, (k * BLOCK_BYTES + 100) as u64, 8, |b| !b, None);
    let mapped = AxisTable::map(kind, &path).unwrap();
    mapped.check_rest(2);
    assert_eq!(mapped.damage(), Some((&*path, (k * BLOCK_BYTES) as u64)));
    assert!(!checked_since(&path), "the stamp is still there");
    let err = solve_plainly(&mapped, &scrambled(1, 10, Metric::Htm), &opts).unwrap_err();
    assert!(matches!(err, SolveError::DamagedTable { .. }), "{err}");
}

/// Reid's small table, built once for the tests (a few seconds in release).
fn small() -> &'static AxisTable {
    static T: std::sync::OnceLock<AxisTable> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        AxisTable::build(
            crate::solve::table::optimal_table::SliceKind::Position,
            2,
            &mut |_, _| {},
        )
        .unwrap()
        .0
    })
}

fn scrambled(seed: u64, max_moves: usize, metric: Metric) -> CubieCube {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let set = FaceMove::of(metric);
    let n = rng.random_range(0..=max_moves);
    let moves: Vec<FaceMove> = (0..n)
        .map(|_| set[rng.random_range(0..set.len())])
        .collect();
    CubieCube::solved().apply_all(&moves)
}

#[test]
fn optimal_lengths_equal_the_breadth_first_search() {
    for (metric, max, cases) in [(Metric::Htm, 10, 150), (Metric::Qtm, 11, 100)] {
        let opts = OptimalOptions {
            metric,
            ..Default::default()
        };
        let bfs = crate::solve::search::bfs::SearchOptions::new(metric);
        for seed in 0..cases {
            let cube = scrambled(seed, max, metric);
            let found = solve_plainly(small(), &cube, &opts).unwrap();
            let moves = found.moves.unwrap();
            assert!(found.optimal && cube.apply_all(&moves).is_solved());
            let shortest =
                crate::solve::search::bfs::shortest_within_limit(&cube, &bfs, &mut |_| {}).unwrap();
            assert_eq!(
                length(&moves, metric),
                length(&shortest.moves, metric),
                "{metric:?} seed {seed}"
            );
            assert_eq!(found.lower_bound, length(&moves, metric));
        }
    }
}

#[test]
fn the_bound_never_exceeds_the_distance_within_five_moves() {
    let table = small();
    let search = |cube| Search::new(table, cube, Metric::Htm, None);
    // Breadth-first: every state within 5 moves, with its distance.
    let mut seen = std::collections::HashSet::from([CubieCube::solved().key()]);
    let mut frontier = vec![CubieCube::solved()];
    let mut checked = 0;
    for d in 0..=5u8 {
        let mut next = Vec::new();
        for c in &frontier {
            let root = search(*c).root().unwrap();
            let (b, inverse) = (root.bound(), bound(root.ib));
            assert!(b <= d, "bound {b} on a state {d} moves from solved");
            assert!(inverse <= b);
            checked += 1;
            if d < 5 {
                for m in FaceMove::ALL {
                    let n = c.apply(m);
                    if seen.insert(n.key()) {
                        next.push(n);
                    }
                }
            }
        }
        frontier = next;
    }
    assert_eq!(checked, 621_649);
}

#[test]
fn a_stopped_search_says_what_it_proved_and_keeps_the_best_known() {
    let cube = crate::solve::answer::solution_text::random_state(11);
    let tables = crate::solve::table::tables::tests::tables();
    let known = crate::solve::search::twophase::solve(tables, &cube, &Default::default())
        .unwrap()
        .moves;
    let opts = OptimalOptions {
        time_limit: Some(Duration::from_millis(50)),
        ..Default::default()
    };
    let found = solve(
        small(),
        &cube,
        &opts,
        Some(known.clone()),
        None,
        &mut |_| {},
    )
    .unwrap();
    assert!(!found.optimal);
    assert_eq!(found.stopped, Some(Stopped::TimeLimit));
    assert_eq!(found.moves, Some(known));
    assert!((10..=18).contains(&found.lower_bound), "{found:?}");
    // A best known no longer than the bound is proven shortest without a search.
    let found = solve(
        small(),
        &CubieCube::solved(),
        &opts,
        Some(vec![]),
        None,
        &mut |_| {},
    )
    .unwrap();
    assert!(found.optimal && found.moves == Some(vec![]));
}

#[test]
fn a_probe_ends_the_search_at_the_depth_it_fills_and_a_wrong_answer_is_ignored() {
    let tables = crate::solve::table::tables::tests::tables();
    let opts = OptimalOptions {
        probe_after: Duration::ZERO,
        ..Default::default()
    };
    for seed in 0..20 {
        let cube = scrambled(1000 + seed, 14, Metric::Htm);
        let plain = solve_plainly(small(), &cube, &opts).unwrap();
        let shortest = plain.moves.unwrap().len() as u8;
        // The two-phase solver as the probe: the same length, proven.
        let mut asked = Vec::new();
        let mut probe = |max_length, give_up: Duration| {
            asked.push(max_length);
            let o = crate::solve::search::twophase::TwoPhaseOptions {
                max_length,
                time_limit: None,
                min_probes: 1,
                // Longer than the search would allow, so that the probe always finds it.
                give_up: give_up.max(Duration::from_secs(10)),
                threads: 1,
                large: None,
            };
            crate::solve::search::twophase::solve(tables, &cube, &o)
                .ok()
                .map(|s| s.moves)
        };
        let found = solve(small(), &cube, &opts, None, Some(&mut probe), &mut |_| {}).unwrap();
        let moves = found.moves.unwrap();
        assert!(found.optimal && cube.apply_all(&moves).is_solved());
        assert_eq!(moves.len() as u8, shortest, "seed {seed}");
        assert_eq!(
            asked.last(),
            Some(&found.lower_bound),
            "seed {seed}: asked {asked:?}"
        );
        assert!(found.given, "seed {seed}: the probe's solution");
        // A probe that answers with a non-solution, or one too long, is not believed.
        let wrong = FaceMove::ALL[..shortest.min(18) as usize].to_vec();
        for answer in [wrong, vec![FaceMove::ALL[0]; 30]] {
            let mut probe = |_, _| Some(answer.clone());
            let found = solve(small(), &cube, &opts, None, Some(&mut probe), &mut |_| {}).unwrap();
            assert!(found.optimal, "seed {seed}");
            assert_eq!(found.moves.unwrap().len() as u8, shortest, "seed {seed}");
        }
    }
}

#[test]
fn lengths_in_each_metric() {
    let m = |i: usize| FaceMove::ALL[i];
    assert_eq!(length(&[m(0), m(4)], Metric::Htm), 2);
    assert_eq!(length(&[m(0), m(4)], Metric::Qtm), 3);
}

#[test]
fn an_entrys_bound_stands_alone_below_its_distance_and_is_exact_within_two_of_its_floor() {
    use crate::solve::model::coord::N_FLIP;
    use crate::solve::table::optimal_table::ROW;
    let table = small();
    let m = table.moves();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
    let (mut exact, mut short) = (0, 0);
    for _ in 0..3000 {
        let c = m.coord(&CubieCube::random(&mut rng));
        let i = m.index(c);
        let d = table.exact_depth(c).unwrap();
        let (b, f) = (table.bound::<true>(i), table.floor::<true>(i));
        assert!(
            f <= b && b <= d && b % 3 == d % 3,
            "entry {i}: distance {d}, floor {f}, bound {b}"
        );
        if d <= f + 2 {
            assert_eq!(b, d);
        }
        if b == d { exact += 1 } else { short += 1 }
    }
    assert!(exact > 0 && short > 0, "{exact} exact, {short} short");
    // A stripe's floor is the least distance of its entries: whole stripes walked down.
    for k in 0..40usize {
        let stripe = k * 1_000_003 % (m.entries() as usize / 64);
        let least = (stripe * 64..stripe * 64 + 64)
            .filter(|i| i % ROW < ROW - 1)
            .map(|i| {
                let (row, twist) = (i / ROW, i % ROW);
                let (class, flip) = (row / N_FLIP, row % N_FLIP);
                let c = m.representative(class, flip as u16, twist as u16);
                assert_eq!(m.index(c), i);
                table.exact_depth(c).unwrap()
            })
            .min()
            .unwrap();
        assert_eq!(table.floor::<true>(stripe * 64), least, "stripe {stripe}");
    }
}

#[test]
fn a_childs_inverse_is_its_parents_with_the_move_made_first_and_keeps_the_bound_on_the_moves_axis()
{
    use crate::solve::table::optimal_table::axis_syms;
    let m = small().moves();
    let syms = axis_syms();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(8);
    for _ in 0..200 {
        let x = CubieCube::random(&mut rng);
        for (k, &mv) in FaceMove::ALL.iter().enumerate() {
            let child = x.apply(mv);
            for (a, sym) in syms.iter().enumerate() {
                let y = sym.conj(&x.inverse());
                let made = premoves()[a][k].then(&y);
                assert_eq!(made, sym.conj(&child.inverse()));
                if move_axis()[k] as usize == a {
                    assert_eq!(
                        m.index(m.coord(&made)),
                        m.index(m.coord(&y)),
                        "{mv} on axis {a}"
                    );
                }
            }
        }
    }
    // Each move is a U or D turn on exactly one axis.
    for (k, mv) in FaceMove::ALL.iter().enumerate() {
        let on: Vec<usize> = (0..3)
            .filter(|&a| (axis_moves()[a][k] / 3).is_multiple_of(3))
            .collect();
        assert_eq!(on, vec![move_axis()[k] as usize], "{mv}");
    }
}

#[test]
fn a_depth_is_searched_first_below_the_prefixes_that_cost_most_at_the_last() {
    let table = small();
    let search = Search::new(table, CubieCube::solved(), Metric::Htm, None);
    let root = search.root().unwrap();
    let prefix = |p: &[u8]| (p.to_vec(), root, Last::START);
    // At the last depth U R cost 100 nodes; U L 90, counted √1.5 times as it ends on L
    // (110); R F none; R U was not searched.
    let mut work = vec![
        prefix(&[0, 3]),
        prefix(&[0, 12]),
        prefix(&[3, 6]),
        prefix(&[3, 0]),
    ];
    *search.costs.lock().unwrap() = [
        (prefix_key(&[0, 3]), 100),
        (prefix_key(&[0, 12]), 90),
        (prefix_key(&[3, 6]), 0),
    ]
    .into_iter()
    .collect();
    search.order(&mut work);
    let order: Vec<Vec<u8>> = work.into_iter().map(|(p, ..)| p).collect();
    assert_eq!(order, [vec![0, 12], vec![0, 3], vec![3, 6], vec![3, 0]]);
}
