//! Every representation's quarter-turns and orientation moves, as defined (the ndarray
//! transform) and compiled (the gather), plus the vector's byte shuffle on every SIMD path.
//!
//! Run with `scripts/bench.sh`, which also writes the README's table.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use cubework::rep::RepKind;
use cubework::simd::ShufflePath;
use cubework::{Cube, PaperMove};

fn moves_of(kind: RepKind, quarter: bool) -> Vec<PaperMove> {
    kind.defined_moves()
        .into_iter()
        .filter(|m| m.letter.layer().is_some() == quarter)
        .collect()
}

fn bench_kind(c: &mut Criterion, group: &str, quarter: bool) {
    let mut defined = c.benchmark_group(format!("{group}/defined"));
    for kind in RepKind::ALL {
        let moves = moves_of(kind, quarter);
        if moves.is_empty() {
            continue;
        }
        let mut rep = kind.build(&Cube::solved()).unwrap();
        let mut i = 0;
        defined.bench_function(kind.name(), |b| {
            b.iter(|| {
                rep.turn(black_box(moves[i])).unwrap();
                i = if i + 1 == moves.len() { 0 } else { i + 1 };
            })
        });
    }
    defined.finish();
    let mut compiled = c.benchmark_group(format!("{group}/compiled"));
    for kind in RepKind::ALL {
        let moves = moves_of(kind, quarter);
        if moves.is_empty() {
            continue;
        }
        let mut rep = kind.build(&Cube::solved()).unwrap();
        let tables: Vec<_> = moves.iter().map(|&m| rep.compile(m).unwrap()).collect();
        let mut i = 0;
        compiled.bench_function(kind.name(), |b| {
            b.iter(|| {
                rep.turn_compiled(black_box(&tables[i]));
                i = if i + 1 == tables.len() { 0 } else { i + 1 };
            })
        });
    }
    compiled.finish();
}

fn quarter_turns(c: &mut Criterion) {
    bench_kind(c, "quarter-turn", true);
}

fn orientation_moves(c: &mut Criterion) {
    bench_kind(c, "orientation", false);
}

/// The vector's compiled quarter-turn on each shuffle path this CPU has, without dynamic
/// dispatch: `vbmi-full` is what the vector representation does (one full-width `vpermb` on the
/// 64 bytes it owns); the others permute exactly 54 bytes (`vbmi-masked` with masked load and
/// store, which the next turn cannot take from the store buffer).
fn vector_shuffle(c: &mut Criterion) {
    let mut group = c.benchmark_group("vector-shuffle");
    let rep = RepKind::Vector.build(&Cube::solved()).unwrap();
    let shuffles: Vec<_> = moves_of(RepKind::Vector, true)
        .iter()
        .map(|&m| rep.compile(m).unwrap().shuffle().unwrap().clone())
        .collect();
    if ShufflePath::Vbmi.available() {
        let mut padded = [b' '; 64];
        padded[..54].copy_from_slice(rep.render().as_bytes());
        let mut i = 0;
        group.bench_function("vbmi-full", |b| {
            b.iter(|| {
                // SAFETY: 64 initialised bytes; the shuffles are of 54.
                unsafe { shuffles[i].apply_padded(black_box(padded.as_mut_ptr())) };
                i = if i + 1 == shuffles.len() { 0 } else { i + 1 };
            })
        });
    }
    for path in ShufflePath::ALL.into_iter().filter(|p| p.available()) {
        let mut state: Vec<u8> = rep.render().into_bytes();
        let mut i = 0;
        let name = if path == ShufflePath::Vbmi {
            "vbmi-masked".to_string()
        } else {
            format!("{path:?}").to_lowercase()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                shuffles[i].apply_with(path, black_box(&mut state));
                i = if i + 1 == shuffles.len() { 0 } else { i + 1 };
            })
        });
    }
    group.finish();
}

criterion_group!(benches, quarter_turns, orientation_moves, vector_shuffle);
criterion_main!(benches);
