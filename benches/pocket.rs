//! Benchmarks of the pocket cube tables and the 3×3×3 search solver.
//!
//! `cargo bench --bench pocket` (release). The targets: the whole 2×2×2 table in
//! < 0.5 s per metric, a solve from the table in < 10 µs, a table load from the cache in
//! < 50 ms; and a 10-move 3×3×3 state solved optimally in < 1 s.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use cubework::sequence::input::Input;
use cubework::solve::search::pocket::{DistanceTable, PocketState, STATES, cache_file};
use cubework::solve::{Limits, Method, Progress, solve};
use cubework::turn::metric::Metric;

fn pocket(c: &mut Criterion) {
    let mut group = c.benchmark_group("pocket");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for metric in Metric::SEARCHED {
        group.bench_function(format!("build {metric}"), |b| {
            b.iter(|| DistanceTable::build(black_box(metric)))
        });
    }
    let dir = std::env::temp_dir().join(format!("cubework-bench-{}", std::process::id()));
    for metric in Metric::SEARCHED {
        let table = DistanceTable::build(metric);
        let path = cache_file(&dir, metric);
        table
            .save(&path)
            .expect("the temporary directory is writable");
        group.bench_function(format!("load {metric}"), |b| {
            b.iter(|| DistanceTable::load(black_box(&path), metric).expect("a good file"))
        });
        // A spread of states, stepping through the index space.
        let states: Vec<PocketState> = (0..1000u32)
            .map(|i| {
                PocketState::from_index(i.wrapping_mul(2_654_435_761) % STATES as u32)
                    .expect("in range")
            })
            .collect();
        let mut i = 0;
        group.bench_function(format!("solve {metric}"), |b| {
            b.iter(|| {
                i = (i + 1) % states.len();
                table
                    .solve(black_box(&states[i]))
                    .expect("every state solves")
            })
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    // Ten moves, and ten moves from solved at the least.
    let cube = Input::Alg("R U2 F' L D2 B R' U F2 L'".into())
        .to_cube(3)
        .expect("a valid scramble");
    group.bench_function("3x3x3 10-move scramble htm", |b| {
        b.iter(|| {
            let sol = solve(
                black_box(&cube),
                Method::Bfs,
                &Limits::default(),
                &Progress::none(),
            )
            .expect("within the limit");
            assert_eq!(sol.moves.len(), 10);
            sol
        })
    });
    group.finish();
}

criterion_group!(benches, pocket, search);
criterion_main!(benches);
