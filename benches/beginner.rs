//! Benchmarks of the beginner's (layer-by-layer) method.
//!
//! `cargo bench --bench beginner` (release). The aim: under 1 ms a solve. The states
//! are uniformly random (`CubieCube::random`, seeded), cycled through so that every
//! iteration solves a different one.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use cubework::Cube;
use cubework::solve::CubieCube;
use cubework::solve::search::beginner::{self, Stage};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn states(count: usize) -> Vec<Cube> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    (0..count)
        .map(|_| CubieCube::random(&mut rng).to_cube())
        .collect()
}

fn method(c: &mut Criterion) {
    let cubes = states(1000);
    let mut group = c.benchmark_group("beginner");
    let mut i = 0;
    group.bench_function("solve", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            beginner::solve(black_box(&cubes[i])).expect("every real cube solves")
        })
    });
    group.bench_function("solve and simplify", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            beginner::solve(black_box(&cubes[i]))
                .expect("every real cube solves")
                .simplified()
        })
    });
    group.bench_function("check all seven stages", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            Stage::ALL
                .iter()
                .filter(|s| s.done(black_box(&cubes[i])))
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, method);
criterion_main!(benches);
