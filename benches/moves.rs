//! Every representation's quarter-turns and orientation moves on the 3×3×3, as defined (the
//! ndarray transform) and compiled (the gather); and every representation's compiled
//! quarter-turn at every size from 2 to 7 on each SIMD path (VBMI, AVX2, scalar). A path this
//! CPU lacks is skipped, with a line on stderr saying so.
//!
//! Run with `scripts/bench.sh`, which also writes the README's tables. `cargo bench --bench
//! moves -- size` runs only the per-size, per-path groups.
//!
//! `MOVES_PROFILE=visual:100000` runs no benchmark: it makes one representation's compiled
//! quarter-turns that many times, as `quarter-turn/compiled` does, for a profiler
//! ([`profile`]; with `CUBEWORK_SIMD` for a path).

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group};
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

/// Each representation that defines such moves, with them.
fn kinds_with_moves(quarter: bool) -> impl Iterator<Item = (RepKind, Vec<LayerTurn>)> {
    RepKind::ALL
        .into_iter()
        .map(move |kind| (kind, moves_of(kind, quarter)))
        .filter(|(_, moves)| !moves.is_empty())
}

fn bench_kind(c: &mut Criterion, group: &str, quarter: bool) {
    let mut defined = c.benchmark_group(format!("{group}/defined"));
    short_samples(&mut defined);
    for (kind, moves) in kinds_with_moves(quarter) {
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
    for (kind, moves) in kinds_with_moves(quarter) {
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
        #[cfg(target_arch = "x86_64")]
        if path == ShufflePath::Avx2 {
            limit::bench(&mut group);
        }
        group.finish();
    }
}

/// The limit of an AVX2 quarter-turn of a 54-byte state (the vector 3×3×3's): the fewest
/// instructions that permute 54 bytes held in 64 (two 32-byte registers), with the state
/// loaded from and stored to memory as a turn's is, and every control made beforehand. Each
/// 32-byte output is the OR of four in-lane `vpshufb`s, one per 16-byte source block (a
/// control byte with its top bit set makes a zero, so the OR does what `vpblendvb` would, at
/// one micro-op where `vpblendvb` takes two on many CPUs): 8 shuffles and 6 ORs, whatever
/// the permutation. The blocks reach both lanes in one of two ways, which cost differently on
/// different CPUs:
///
/// - `vector-3-limit-blocks`: four `vbroadcasti128` loads, one per block, and four 16-byte
///   stores (no cross-lane instruction);
/// - `vector-3-limit-lanes`: two 32-byte loads and stores, and two `vperm2i128` lane swaps.
///
/// Both run the vector representation's own quarter-turns in turn, as `vector-3` does, so
/// `vector-3` over the lesser of the two is how far a turn is from the limit.
#[cfg(target_arch = "x86_64")]
mod limit {
    use std::arch::x86_64::*;
    use std::hint::black_box;

    use criterion::BenchmarkGroup;
    use criterion::measurement::WallTime;
    use cubework::rep::RepKind;
    use cubework::{Cube, LayerTurn};

    #[repr(C, align(64))]
    struct State([u8; 64]);

    /// Eight controls: output chunk `c`'s from source `k` at `4c + k`.
    type Controls = [__m256i; 8];

    /// A turn's `(blocks, lanes)` controls and the source of each of the 64 bytes.
    type Turn = (Controls, Controls, Vec<usize>);

    /// One of the two ways.
    type Kernel = unsafe fn(&mut State, &Controls);

    /// The vector 3×3×3's quarter-turns.
    fn controls() -> Vec<Turn> {
        let rep = RepKind::Vector.build(&Cube::solved()).unwrap();
        LayerTurn::quarter_turns(3)
            .into_iter()
            .filter(|&t| RepKind::Vector.undefined_turn(3, t).is_none())
            .map(|t| {
                let g = rep.compile(t).unwrap();
                let sources: Vec<usize> = (0..64)
                    .map(|i| g.sources().get(i).map_or(i, |&s| s as usize))
                    .collect();
                let mut blocks = [[0x80u8; 32]; 8];
                let mut lanes = [[0x80u8; 32]; 8];
                for (i, &s) in sources.iter().enumerate() {
                    let (c, p, lane) = (i / 32, i % 32, i % 32 / 16);
                    let block = s / 16;
                    // blocks: source k is block k broadcast to both lanes.
                    blocks[4 * c + block][p] = (s % 16) as u8;
                    // lanes: sources are A, A swapped, B, B swapped (A = bytes 0..32).
                    let register = block / 2 * 2 + usize::from(block % 2 != lane);
                    lanes[4 * c + register][p] = (s % 16) as u8;
                }
                // SAFETY: any 32 bytes are a valid __m256i.
                let vectors = |c: [[u8; 32]; 8]| unsafe {
                    c.map(|v| _mm256_loadu_si256(v.as_ptr() as *const _))
                };
                (vectors(blocks), vectors(lanes), sources)
            })
            .collect()
    }

    /// Output chunk `h`: the OR of each source's `vpshufb` by its control (a control byte
    /// with its top bit set gives a zero, so OR picks each byte's one source).
    #[target_feature(enable = "avx2")]
    fn chunk(sources: &[__m256i; 4], c: &Controls, h: usize) -> __m256i {
        let [s0, s1, s2, s3] = *sources;
        let c = &c[4 * h..4 * h + 4];
        _mm256_or_si256(
            _mm256_or_si256(_mm256_shuffle_epi8(s0, c[0]), _mm256_shuffle_epi8(s1, c[1])),
            _mm256_or_si256(_mm256_shuffle_epi8(s2, c[2]), _mm256_shuffle_epi8(s3, c[3])),
        )
    }

    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn blocks(state: &mut State, c: &Controls) {
        let p = state.0.as_mut_ptr();
        // SAFETY: the state has 64 bytes.
        unsafe {
            let b: [__m256i; 4] = std::array::from_fn(|k| {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(p.add(16 * k) as *const _))
            });
            for h in 0..2 {
                let out = chunk(&b, c, h);
                // Two stores that stay two (a pair of `_mm_storeu_si128` is merged into one).
                std::arch::asm!(
                    "vmovdqu xmmword ptr [{p}], {c:x}",
                    "vextracti128 xmmword ptr [{p} + 16], {c}, 1",
                    p = in(reg) p.add(32 * h),
                    c = in(ymm_reg) out,
                    options(nostack, preserves_flags)
                );
            }
        }
    }

    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn lanes(state: &mut State, c: &Controls) {
        let p = state.0.as_mut_ptr();
        // SAFETY: the state has 64 bytes.
        unsafe {
            let a = _mm256_loadu_si256(p as *const _);
            let b = _mm256_loadu_si256(p.add(32) as *const _);
            let r = [
                a,
                _mm256_permute2x128_si256::<1>(a, a),
                b,
                _mm256_permute2x128_si256::<1>(b, b),
            ];
            for h in 0..2 {
                let out = chunk(&r, c, h);
                _mm256_storeu_si256(p.add(32 * h) as *mut _, out);
            }
        }
    }

    pub fn bench(group: &mut BenchmarkGroup<'_, WallTime>) {
        let tables = controls();
        let start: [u8; 64] = std::array::from_fn(|i| i as u8);
        let kernels: [(&str, Kernel); 2] = [
            ("vector-3-limit-blocks", blocks),
            ("vector-3-limit-lanes", lanes),
        ];
        for (name, kernel) in kernels {
            let lanes = name.ends_with("lanes");
            let run = move |s: &mut State, t: &Turn| {
                // SAFETY: the AVX2 group runs only where the CPU has AVX2.
                unsafe { kernel(s, if lanes { &t.1 } else { &t.0 }) }
            };
            for turn in &tables {
                let mut state = State(start);
                run(&mut state, turn);
                let want: Vec<u8> = turn.2.iter().map(|&s| start[s]).collect();
                assert_eq!(state.0[..], want[..], "{name} permutes as the turn does");
            }
            let mut state = State(start);
            let mut i = 0;
            group.bench_function(name, |b| {
                b.iter(|| {
                    run(black_box(&mut state), black_box(&tables[i]));
                    i = if i + 1 == tables.len() { 0 } else { i + 1 };
                })
            });
        }
    }
}

criterion_group!(benches, quarter_turns, orientation_moves, sizes_and_paths);

/// `MOVES_PROFILE=visual:100000 cargo bench --bench moves`: instead of the benchmarks, one
/// representation's compiled quarter-turns made that many times: a steady load for
/// `valgrind --tool=callgrind`, whose count per turn is the difference of two counts over
/// the difference of their turns.
fn profile(spec: &str) {
    let (name, count) = spec.split_once(':').unwrap_or((spec, "100000"));
    let (kind, count): (RepKind, usize) = (name.parse().unwrap(), count.parse().unwrap());
    let mut rep = kind.build(&Cube::solved()).unwrap();
    let tables: Vec<_> = moves_of(kind, true)
        .iter()
        .map(|&m| rep.compile(m).unwrap())
        .collect();
    for i in 0..count {
        rep.turn_compiled(black_box(&tables[i % tables.len()]));
    }
    black_box(&rep);
}

fn main() {
    common::run_or_profile("MOVES_PROFILE", profile, benches);
}
