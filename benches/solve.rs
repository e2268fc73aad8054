//! Benchmarks of the two-phase solver (`cargo bench --bench solve`, release).
//!
//! The targets, on a fixed, seeded set of 200 uniformly random states, tables built,
//! one core: `--max-length 21` median ≤ 0.5 ms and mean ≤ 1.5 ms a solve, mean length ≤ 20.6;
//! `--max-length 20` median ≤ 1 ms and mean ≤ 5 ms; table build ≤ 2 s, load ≤ 50 ms, ≤ 40 MB
//! on disk. Criterion's figure for the solves is the mean time a solve over the set (each
//! iteration solves the next state, round the set); `scripts/solve_table.sh` prints the
//! per-state median and mean, the mean length and the table figures for the README. The
//! solves go through the library's one front door, [`cubework::solve::solve`], with the
//! tables it loads from a temporary cache directory.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use cubework::Cube;
use cubework::solve::answer::solution_text::random_state;
use cubework::solve::table::tables::Tables;
use cubework::solve::table::twophase_file::table_file;
use cubework::solve::{Limits, Method, Progress, solve};

/// The benchmark set: the random states of seeds 1 to 200, as `cubework scramble
/// --random-state --seed S` draws them.
fn states() -> Vec<Cube> {
    (1..=200).map(|seed| random_state(seed).to_cube()).collect()
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("twophase tables");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("build", |b| b.iter(|| Tables::build(&mut |_, _| {})));
    let dir = std::env::temp_dir().join(format!("cubework-bench-2p-{}", std::process::id()));
    let built = Tables::build(&mut |_, _| {});
    let path = table_file().path_in(&dir);
    cubework::base::table_cache::write(&path, &table_file(), &built.to_payload())
        .expect("the temporary directory is writable");
    group.bench_function("load (read, checksum, checks)", |b| {
        b.iter(|| {
            let payload =
                cubework::base::table_cache::read(black_box(&path), &table_file()).expect("a file");
            Tables::from_payload(&payload).expect("a good file")
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
    group.finish();
}

fn solves(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("cubework-bench-solve-{}", std::process::id()));
    // SAFETY: set before any solve, while the benchmark runs on this one thread.
    unsafe { std::env::set_var(cubework::base::table_cache::CACHE_ENV, &dir) };
    let states = states();
    // The tables built (and saved) here, before the timing.
    solve(
        &states[0],
        Method::TwoPhase,
        &Limits::default(),
        &Progress::none(),
    )
    .expect("solvable");
    let mut group = c.benchmark_group("twophase solve");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(15));
    for max_length in [21u8, 20] {
        let limits = Limits {
            max_length: Some(max_length),
            ..Limits::default()
        };
        let mut i = 0;
        group.bench_function(format!("random state, max length {max_length}"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                let sol = solve(
                    black_box(&states[i]),
                    Method::TwoPhase,
                    &limits,
                    &Progress::none(),
                )
                .expect("solvable");
                assert!(sol.moves.len() <= max_length as usize);
                sol
            })
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Loads as a solve makes them, from files saved and checked before: the two-phase tables
/// (read, checksum, the range checks) and the small optimal table (mapped; its move tables
/// made). `cargo bench --bench solve -- load`.
fn loads(c: &mut Criterion) {
    use cubework::solve::table::optimal_table::{
        AxisTable, SliceKind, load_or_build_in, table_file,
    };
    let dir = std::env::temp_dir().join(format!("cubework-bench-load-{}", std::process::id()));
    let mut group = c.benchmark_group("stamped load");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    // Built and saved here, then loaded once (checked whole and marked), before the timing.
    let _ = cubework::solve::table::twophase_file::load_or_build_in(Some(&dir), &mut |_, _| {});
    let _ = cubework::solve::table::twophase_file::load_or_build_in(Some(&dir), &mut |_, _| {});
    group.bench_function("twophase", |b| {
        b.iter(|| {
            let (t, report) = cubework::solve::table::twophase_file::load_or_build_in(
                Some(black_box(&dir)),
                &mut |_, _| panic!("loads"),
            );
            assert!(report.loaded);
            t
        })
    });
    let kind = SliceKind::Position;
    load_or_build_in(kind, Some(&dir), 2, &mut |_, _| {}).expect("not cancelled");
    let path = table_file(kind).path_in(&dir);
    drop(AxisTable::map(kind, &path).expect("a good file"));
    group.bench_function("optimal-small (mapped)", |b| {
        b.iter(|| AxisTable::map(kind, black_box(&path)).expect("a good file"))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, tables, solves, loads);
criterion_main!(benches);
