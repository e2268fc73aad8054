//! Every representation's quarter-turns and orientation moves on the 3×3×3, as defined (the
//! ndarray transform) and compiled (the gather); and every representation's compiled
//! quarter-turn at every size from 2 to 7 on each SIMD path (VBMI, AVX2, scalar). A path this
//! CPU lacks is skipped, with a line on stderr saying so.
//!
//! Run with `scripts/bench.sh`, which also writes the README's tables. `cargo bench --bench
//! moves -- size` runs only the per-size, per-path groups.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main};
use cubework::base::simd::ShufflePath;
use cubework::rep::RepKind;
use cubework::{Cube, LayerTurn};

/// Many short samples of equal length: on a machine shared with other work most samples then
/// run without the process being preempted, and the median is one of those.
fn short_samples(group: &mut BenchmarkGroup<'_, WallTime>) {
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(400)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(300));
}

fn moves_of(kind: RepKind, quarter: bool) -> Vec<LayerTurn> {
    kind.defined_moves()
        .into_iter()
        .filter(|t| (t.first == t.last) == quarter)
        .collect()
}

fn bench_kind(c: &mut Criterion, group: &str, quarter: bool) {
    let mut defined = c.benchmark_group(format!("{group}/defined"));
    short_samples(&mut defined);
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
    short_samples(&mut compiled);
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

/// Every representation's compiled single-layer quarter-turns at every size from 2 to 7, on
/// each path (`compiled-vbmi`, `compiled-avx2`, `compiled-scalar`, benchmark `REP-N`): each
/// gather made as `CUBEWORK_SIMD=PATH` would make it (the path's shuffle where it does less
/// work than gathering the cells that change, as on that CPU).
fn sizes_and_paths(c: &mut Criterion) {
    for path in ShufflePath::ALL {
        if !path.available() {
            eprintln!(
                "skipping the {path} benchmarks: this CPU lacks {}",
                match path {
                    ShufflePath::Vbmi => "AVX-512 VBMI",
                    ShufflePath::Avx2 => "AVX2",
                    ShufflePath::Scalar => "nothing",
                }
            );
            continue;
        }
        let mut group = c.benchmark_group(format!("compiled-{path}"));
        short_samples(&mut group);
        for kind in RepKind::ALL {
            for n in kind.sizes().filter(|&n| n <= 7) {
                let mut rep = kind.build(&Cube::solved_n(n)).unwrap();
                let tables: Vec<_> = LayerTurn::quarter_turns(n)
                    .into_iter()
                    .filter(|&t| kind.undefined_turn(n, t).is_none())
                    .map(|t| rep.compile(t).unwrap().on_path(path))
                    .collect();
                let mut i = 0;
                group.bench_function(format!("{}-{n}", kind.name()), |b| {
                    b.iter(|| {
                        rep.turn_compiled(black_box(&tables[i]));
                        i = if i + 1 == tables.len() { 0 } else { i + 1 };
                    })
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, quarter_turns, orientation_moves, sizes_and_paths);
criterion_main!(benches);
