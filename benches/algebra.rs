//! Order and cycles of a 1000-move sequence on the 7×7×7 (the issue asks for < 10 ms each),
//! and the parser on a 3 MB line of a million `(R)` groups (well under a second: its columns
//! are counted only for an error).
//!
//! Run: `cargo bench --bench algebra`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use cubework::Notation;
use cubework::command::algebra::{cycles_report, order_report};
use cubework::sequence::alg::Alg;
use cubework::state::sticker_perm::OrderBy;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// 1000 random moves valid on the 7×7×7: outer, inner, wide and ranged turns, slices and
/// rotations, every amount.
fn sequence(len: usize) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let faces = ["U", "R", "F", "D", "L", "B"];
    let amounts = ["", "2", "'"];
    (0..len)
        .map(|_| {
            let f = faces[rng.random_range(0..6)];
            let a = amounts[rng.random_range(0..3)];
            match rng.random_range(0..6) {
                0 => format!("{f}{a}"),
                1 => format!("{}{f}{a}", rng.random_range(2..=3)),
                2 => format!("{}{f}w{a}", rng.random_range(2..=3)),
                3 => format!("2-3{f}w{a}"),
                4 => format!("{}{a}", ["M", "E", "S"][rng.random_range(0..3)]),
                _ => format!("{}{f}{a}", rng.random_range(1..=3)),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn bench(c: &mut Criterion) {
    let seq = sequence(1000);
    for (by, words) in [(OrderBy::Colours, "colours"), (OrderBy::Labels, "labels")] {
        c.bench_function(&format!("order 7x7x7 1000 moves (by {words})"), |b| {
            b.iter(|| {
                order_report(
                    7,
                    by,
                    &Alg::parse(black_box(&seq), Notation::Standard).unwrap(),
                )
                .unwrap()
            })
        });
    }
    c.bench_function("cycles 7x7x7 1000 moves", |b| {
        b.iter(|| {
            cycles_report(7, &Alg::parse(black_box(&seq), Notation::Standard).unwrap()).unwrap()
        })
    });
}

fn parse(c: &mut Criterion) {
    let groups = "(R)".repeat(1_000_000);
    let plain = "R ".repeat(1_000_000);
    let mut group = c.benchmark_group("parse");
    group.sample_size(10);
    group.bench_function("1,000,000 (R) groups, 3 MB", |b| {
        b.iter(|| cubework::parse_sequence(black_box(&groups), Notation::Standard).unwrap())
    });
    group.bench_function("1,000,000 moves, 2 MB", |b| {
        b.iter(|| cubework::parse_moves(black_box(&plain), Notation::Standard).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench, parse);
criterion_main!(benches);
