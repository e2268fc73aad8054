//! The paper's quarter-turns interpreted: each representation's 3×3×3 quarter-turns, run by
//! the APL evaluator from the definitions in `src/apl/paper/` on the state as an APL value,
//! cycling through the moves the representation defines (beside the same moves as the Rust
//! transform, for scale).
//!
//! A user's move compiled (`apl/compiled-user-move`): `MINE: R R R ⍵`, compiled by
//! `rep::apl::compile` to a gather, made on the representation's state beside the built-in
//! compiled R̄ it equals (the target: within 10 %); and in the workspace, `MINE` on the state
//! as an APL value compiled beside interpreted.
//!
//! A primitive on a million items (`apl/million`): `(⍳1e6)∊⍳1e6`, `(⍳1e6)⍳⍳1e6` and
//! `∪(⍳1e6)` hashed, and `(⍳1e6)+.×⍳1e6`, each a whole line evaluated.
//!
//! Everyday APL (`apl/everyday`): a dfn over 10⁶ items, a dfn on each of 10⁵ small vectors,
//! two fixpoints (`⍣≡`) and a 1,000 × 1,000 outer product, each a whole line evaluated (the
//! lines are [`EVERYDAY`]). The paper's U and R, one after the other, in each representation
//! (`apl/side-by-side`): the moves `scripts/apl_vs_bqn.sh` runs beside BQN.
//!
//! `APL_PROFILE=nested:10000` runs no benchmark: it calls one representation's
//! quarter-turns that many times, for a profiler ([`profile`]).
//!
//! `cargo bench --bench apl` (one group: `cargo bench --bench apl -- compiled-user-move`).

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group};
use cubework::apl::paper;
use cubework::rep::RepKind;
use cubework::{Cube, LayerTurn};

/// A group of `samples` flat samples after `warm_ms` of warm-up, measured for `secs`.
fn flat_group<'c>(
    c: &'c mut Criterion,
    name: &str,
    samples: usize,
    warm_ms: u64,
    secs: u64,
) -> BenchmarkGroup<'c, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(warm_ms))
        .measurement_time(Duration::from_secs(secs));
    group
}

fn quarter_turns(kind: RepKind) -> Vec<LayerTurn> {
    kind.defined_moves()
        .into_iter()
        .filter(|t| t.first == t.last)
        .collect()
}

/// The paper's names of the quarter-turns `moves` (`R`, `R̄`, …).
fn move_names(moves: &[LayerTurn]) -> Vec<String> {
    moves
        .iter()
        .map(|m| paper::move_name(m.paper_letter(3).unwrap(), m.inverse))
        .collect()
}

fn interpreted(c: &mut Criterion) {
    let mut group = flat_group(c, "apl/quarter-turn", 60, 300, 2);
    for kind in RepKind::ALL {
        let mut ws = paper::workspace(kind.name()).unwrap();
        let moves = quarter_turns(kind);
        let names = move_names(&moves);
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

fn compiled_user_move(c: &mut Criterion) {
    let mut group = flat_group(c, "apl/compiled-user-move", 60, 300, 2);
    let r_bar = RepKind::Vector
        .defined_moves()
        .into_iter()
        .find(|t| t.paper_letter(3).is_some_and(|l| l.letter() == 'R') && t.inverse)
        .expect("the paper's R̄");
    // Numeric's cells are digits, which a gather of cells cannot compile.
    for kind in RepKind::ALL.into_iter().filter(|&k| k != RepKind::Numeric) {
        let mut ws = paper::workspace(kind.name()).unwrap();
        ws.eval_line("MINE: R R R ⍵").unwrap();
        let mut rep = kind.build(&Cube::solved()).unwrap();
        let user = cubework::rep::apl::compile(&mut ws, "MINE", rep.as_ref()).unwrap();
        assert_eq!(user.equals, Some(r_bar), "{kind}");
        let builtin = rep.compile(r_bar).unwrap();
        group.bench_function(format!("{}/user", kind.name()), |b| {
            b.iter(|| rep.turn_compiled(black_box(&user.gather)))
        });
        group.bench_function(format!("{}/built-in", kind.name()), |b| {
            b.iter(|| rep.turn_compiled(black_box(&builtin)))
        });
        let mut state = rep.apl_value();
        group.bench_function(format!("{}/apl-compiled", kind.name()), |b| {
            b.iter(|| state = ws.call(black_box("MINE"), None, state.clone()).unwrap())
        });
        ws.uncompile("MINE");
        group.bench_function(format!("{}/apl-interpreted", kind.name()), |b| {
            b.iter(|| state = ws.call(black_box("MINE"), None, state.clone()).unwrap())
        });
    }
    group.finish();
}

fn million(c: &mut Criterion) {
    let mut group = flat_group(c, "apl/million", 10, 300, 3);
    let mut ws = cubework::apl::Workspace::new();
    ws.eval_line("A←⍳1e6 ⋄ B←⌽⍳1e6").unwrap();
    for (name, line) in [
        ("membership of 10^6", "A∊B"),
        ("index of 10^6", "A⍳B"),
        ("unique of 10^6", "∪A"),
        ("inner product of 10^6", "A+.×B"),
    ] {
        group.bench_function(name, |b| b.iter(|| ws.eval_line(black_box(line)).unwrap()));
    }
    group.finish();
}

/// Everyday lines: (benchmark name, line). `scripts/apl_vs_bqn.sh` runs the same lines in BQN.
pub const EVERYDAY: [(&str, &str); 5] = [
    ("dfn over 10^6", "+/{⍵×⍵+1}⍳1e6"),
    ("dfn on each of 10^5", "+/{+/⍵}¨1e5⍴⊂⍳10"),
    ("fixpoint halving", "{⍵÷2}⍣≡1"),
    ("fixpoint Newton sqrt 2", "{0.5×⍵+2÷⍵}⍣≡1"),
    ("outer product 1000x1000", "+/,∘.×⍨⍳1000"),
];

fn everyday(c: &mut Criterion) {
    let mut group = flat_group(c, "apl/everyday", 10, 100, 1);
    let mut ws = cubework::apl::Workspace::new();
    for (name, line) in EVERYDAY {
        group.bench_function(name, |b| b.iter(|| ws.eval_line(black_box(line)).unwrap()));
    }
    group.finish();
}

/// The paper's U then R, again and again, on each representation's state as an APL value,
/// moved into each call and replaced by its result (no copy of the state is made or dropped
/// beside the turn's own work, as in ngn/apl's `S←(R∘U⍣n)S`).
fn side_by_side(c: &mut Criterion) {
    let mut group = flat_group(c, "apl/side-by-side", 60, 300, 2);
    for kind in RepKind::ALL {
        let mut ws = paper::workspace(kind.name()).unwrap();
        let mut state = Some(kind.build(&Cube::solved()).unwrap().apl_value());
        let names = ["U", "R"];
        let mut i = 0;
        // The state is moved into the call, not copied (as ngn/apl's `S←(R∘U⍣n)S` keeps no
        // copy of S): what is measured is the turn alone.
        group.bench_function(kind.name(), |b| {
            b.iter(|| {
                let s = state.take().unwrap();
                state = Some(ws.call(black_box(names[i]), None, s).unwrap());
                i ^= 1;
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    interpreted,
    compiled_user_move,
    million,
    everyday,
    side_by_side
);
/// `APL_PROFILE=nested:10000 cargo bench --bench apl`: instead of the benchmarks, the
/// paper's quarter-turns of one representation called that many times, as `apl/side-by-side`
/// calls them (the state moved into each call, not copied): a steady load for `valgrind
/// --tool=callgrind`, whose count per call is the difference of two counts over the
/// difference of their calls. `nested:10000:U` calls only that move (its quarter-turn, or its
/// inverse's name with the bar).
fn profile(spec: &str) {
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or(spec);
    let count = parts.next().unwrap_or("10000");
    let (kind, count): (RepKind, usize) = (name.parse().unwrap(), count.parse().unwrap());
    let mut ws = paper::workspace(kind.name()).unwrap();
    let mut names = move_names(&quarter_turns(kind));
    if let Some(only) = parts.next() {
        names.retain(|n| n == only);
        assert!(!names.is_empty(), "{only} is not a quarter-turn of {kind}");
    }
    let mut state = Some(kind.build(&Cube::solved()).unwrap().apl_value());
    for i in 0..count {
        let s = state.take().unwrap();
        state = Some(
            ws.call(black_box(&names[i % names.len()]), None, s)
                .unwrap(),
        );
    }
    black_box(state);
}

fn main() {
    common::run_or_profile("APL_PROFILE", profile, benches);
}
