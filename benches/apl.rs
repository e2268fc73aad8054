//! The paper's quarter-turns interpreted: each representation's 3×3×3 quarter-turns, run by
//! the APL evaluator from the definitions in `src/apl/paper/` on the state as an APL value,
//! cycling through the moves the representation defines (beside the same moves as the Rust
//! transform, for scale).
//!
//! `cargo bench --bench apl`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use cubework::apl::paper;
use cubework::rep::RepKind;
use cubework::{Cube, LayerTurn};

fn quarter_turns(kind: RepKind) -> Vec<LayerTurn> {
    kind.defined_moves()
        .into_iter()
        .filter(|t| t.first == t.last)
        .collect()
}

fn interpreted(c: &mut Criterion) {
    let mut group = c.benchmark_group("apl/quarter-turn");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(60)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for kind in RepKind::ALL {
        let mut ws = paper::workspace(kind.name()).unwrap();
        let moves = quarter_turns(kind);
        let names: Vec<String> = moves
            .iter()
            .map(|m| paper::move_name(m.paper_letter(3).unwrap(), m.inverse))
            .collect();
        let mut state = kind.build(&Cube::solved()).unwrap().apl_value();
        let mut i = 0;
        group.bench_function(format!("{}/interpreted", kind.name()), |b| {
            b.iter(|| {
                state = ws.call(black_box(&names[i]), None, state.clone()).unwrap();
                i = (i + 1) % names.len();
            })
        });
        let mut rep = kind.build(&Cube::solved()).unwrap();
        let mut j = 0;
        group.bench_function(format!("{}/rust", kind.name()), |b| {
            b.iter(|| {
                rep.turn(black_box(moves[j])).unwrap();
                j = (j + 1) % moves.len();
            })
        });
    }
    group.finish();
}

criterion_group!(benches, interpreted);
criterion_main!(benches);
