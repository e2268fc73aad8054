//! Timing the representations' turns in Rust: one random sequence of quarter-turns made on
//! every representation that holds the size, as defined and compiled, the representations
//! taking turns within each round; and the piece-mapping representation of the Ruby notes.

use crate::base::clock::Instant;
use std::hint::black_box;
use std::ops::RangeInclusive;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::source_lines::{definition_lines, general_lines};
use crate::base::cancel::Cancelled;
use crate::rep::{Gather, RepKind, Representation};
use crate::state::cube::Cube;
use crate::turn::moves::LayerTurn;

/// The samples of one timing, in nanoseconds per turn (each a run of consecutive turns, from
/// every round), with their median and quartiles.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Each sample's nanoseconds per turn, in the order timed.
    pub rounds: Vec<f64>,
    /// The median sample.
    pub median: f64,
    /// The lower quartile of the samples.
    pub low: f64,
    /// The upper quartile of the samples.
    pub high: f64,
}

impl Timing {
    /// The median and quartiles of `rounds`.
    ///
    /// ```
    /// use cubework::compare::Timing;
    /// let t = Timing::of(vec![5.0, 1.0, 3.0, 2.0, 4.0]);
    /// assert_eq!((t.low, t.median, t.high), (2.0, 3.0, 4.0));
    /// ```
    pub fn of(rounds: Vec<f64>) -> Timing {
        let mut sorted = rounds.clone();
        sorted.sort_by(f64::total_cmp);
        Timing {
            median: quantile(&sorted, 0.5),
            low: quantile(&sorted, 0.25),
            high: quantile(&sorted, 0.75),
            rounds,
        }
    }

    /// The median with the quartiles in brackets: `1,234 [1,200–1,250]`, `8.5 [8.4–8.7]`.
    pub fn describe(&self) -> String {
        format!("{} [{}–{}]", ns(self.median), ns(self.low), ns(self.high))
    }
}

/// Nanoseconds as the tables print them: whole numbers with thousands separators from 100 on,
/// one decimal below.
pub(super) fn ns(v: f64) -> String {
    if v >= 100.0 {
        crate::base::text::thousands(v.round() as u64)
    } else {
        format!("{v:.1}")
    }
}

/// The `q` quantile of sorted values, interpolating between neighbours.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        len => {
            let at = q * (len - 1) as f64;
            let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
            sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo as f64)
        }
    }
}

/// What was measured of one representation at one size: plain data, for tables and charts.
#[derive(Clone, Debug)]
pub struct Measure {
    /// Which representation.
    pub kind: RepKind,
    /// The cube's size N.
    pub n: usize,
    /// Shape, e.g. `5×12`.
    pub shape: String,
    /// Element kind.
    pub element: &'static str,
    /// Bytes of state.
    pub bytes: usize,
    /// Moves defined: on the 3×3×3 the paper's (of 24), on other sizes turns of blocks of
    /// layers (of `3N(N+1)`, see [`LayerTurn::all`]).
    pub moves: usize,
    /// Moves there are to define.
    pub moves_of: usize,
    /// Stickers the array holds.
    pub stickers: usize,
    /// Stickers the cube has, 6N².
    pub stickers_of: usize,
    /// Lines of its 3×3×3 move definitions (see [`definition_lines`]).
    pub definition_lines: usize,
    /// Lines its move definitions need only for other sizes (see [`general_lines`]).
    pub general_lines: usize,
    /// Quarter-turns timed.
    pub turns: usize,
    /// Rounds timed, after the warm-up.
    pub rounds: usize,
    /// Nanoseconds per quarter-turn, as defined.
    pub defined: Timing,
    /// Nanoseconds per quarter-turn, compiled.
    pub compiled: Timing,
}

/// Stickers held by a representation's array of the `n`×`n`×`n` cube: the paper's composite
/// leaves out the up and down centres, its visual the down centre; a 2×2×2 has no centres.
pub fn stickers(kind: RepKind, n: usize) -> usize {
    let all = 6 * n * n;
    match kind {
        RepKind::Composite if n % 2 == 1 => all - 2,
        RepKind::Visual if n % 2 == 1 => all - 1,
        _ => all,
    }
}

/// The paper's nine quarter-turns and their inverses.
pub fn quarter_turns() -> Vec<LayerTurn> {
    LayerTurn::PAPER
        .into_iter()
        .filter(|t| t.first == t.last)
        .collect()
}

/// The most quarter-turns `compare` and `paper` time: half a minute or so of work (the as-defined
/// turns of the slowest representations take 1–2 µs, the pieces' 8 µs, seven rounds each).
pub const MAX_TURNS: usize = 500_000;

/// Compiled turns each round makes, at least (the sequence is made several times over).
pub(super) const COMPILED_PER_ROUND: usize = 100_000;

/// Turns timed together as one sample, as defined and compiled: long enough that reading the
/// clock costs little, short enough that most samples run without the process being
/// preempted on a busy machine (a preempted sample is an outlier the median ignores).
pub(super) const DEFINED_SAMPLE: usize = 100;

pub(super) const COMPILED_SAMPLE: usize = 2_000;

/// The fewest steps of the clock a sample lasts: where the clock is coarse (a page's worker,
/// 0.1 ms), a sample takes as many consecutive chunks as that needs; natively one chunk
/// always lasts far longer.
const CLOCK_STEPS: u32 = 20;

/// The nanoseconds a sample lasts at the least ([`CLOCK_STEPS`] of the clock's), read once.
fn sample_floor() -> u128 {
    static FLOOR: std::sync::OnceLock<u128> = std::sync::OnceLock::new();
    *FLOOR.get_or_init(|| (crate::base::clock::step() * CLOCK_STEPS).as_nanos())
}

/// Times `chunks` in samples, `run` running one chunk: each sample is one chunk, or as many
/// consecutive chunks as last [`CLOCK_STEPS`] of the clock's steps; each sample's
/// nanoseconds an item are pushed to `out` when `keep`. A sample the round's end cuts short
/// of that is dropped, unless it is the round's only one. Ctrl-C stops it between chunks.
pub(super) fn sample_chunks<'a, T: 'a>(
    chunks: impl Iterator<Item = &'a [T]>,
    keep: bool,
    out: &mut Vec<f64>,
    mut run: impl FnMut(&'a [T]),
) -> Result<(), Cancelled> {
    let floor = sample_floor();
    let mut chunks = chunks.peekable();
    let mut first = true;
    while chunks.peek().is_some() {
        let t = Instant::now();
        let (mut items, mut elapsed) = (0usize, 0u128);
        while elapsed < floor {
            crate::base::cancel::check()?;
            let Some(chunk) = chunks.next() else { break };
            run(chunk);
            items += chunk.len();
            elapsed = t.elapsed().as_nanos();
        }
        if keep && items > 0 && (elapsed >= floor || first) {
            out.push(elapsed as f64 / items as f64);
        }
        first = false;
    }
    Ok(())
}

/// One representation being timed.
struct Subject {
    kind: RepKind,
    rep: Box<dyn Representation>,
    /// The distinct turns it defines, and each compiled once.
    distinct: Vec<LayerTurn>,
    gathers: Vec<Gather>,
    /// The random sequence, as indices into `distinct`.
    sequence: Vec<usize>,
    defined: Vec<f64>,
    compiled: Vec<f64>,
}

/// Times every representation that holds the `n`×`n`×`n` cube on `turns` random single-layer
/// quarter-turns from `seed` (at most [`MAX_TURNS`]): a warm-up round, then `rounds` rounds in
/// which the representations take turns. Calls `tick(round)` after each round (0 is the
/// warm-up). Ctrl-C ([`crate::base::cancel`]) stops it within a sample.
pub fn measure(
    n: usize,
    turns: usize,
    rounds: usize,
    seed: u64,
    mut tick: impl FnMut(usize),
) -> Result<Vec<Measure>, Cancelled> {
    let turns = turns.min(MAX_TURNS);
    let all = LayerTurn::quarter_turns(n);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sequence: Vec<LayerTurn> = (0..turns)
        .map(|_| all[rng.random_range(0..all.len())])
        .collect();
    let start = Cube::solved_n(n);
    let mut subjects: Vec<Subject> = RepKind::ALL
        .into_iter()
        .filter(|k| k.supports(n))
        .map(|kind| {
            let rep = kind.build(&start).expect("a size it holds");
            let distinct: Vec<LayerTurn> = all
                .iter()
                .copied()
                .filter(|&t| kind.undefined_turn(n, t).is_none())
                .collect();
            let gathers = distinct
                .iter()
                .map(|&t| rep.compile(t).expect("defined"))
                .collect();
            let sequence = sequence
                .iter()
                .filter_map(|t| distinct.iter().position(|d| d == t))
                .collect();
            Subject {
                kind,
                rep,
                distinct,
                gathers,
                sequence,
                defined: Vec::new(),
                compiled: Vec::new(),
            }
        })
        .collect();
    let count = subjects.len();
    for round in 0..=rounds {
        for i in 0..count {
            let s = &mut subjects[(i + round) % count];
            let keep = round > 0;
            let (rep, distinct) = (&mut s.rep, &s.distinct);
            sample_chunks(
                s.sequence.chunks(DEFINED_SAMPLE),
                keep,
                &mut s.defined,
                |chunk| {
                    for &j in chunk {
                        rep.turn(black_box(distinct[j])).expect("defined");
                    }
                },
            )?;
            let passes = COMPILED_PER_ROUND.div_ceil(s.sequence.len().max(1));
            let compiled: Vec<usize> = std::iter::repeat_n(&s.sequence, passes)
                .flatten()
                .copied()
                .collect();
            let (rep, gathers) = (&mut s.rep, &s.gathers);
            sample_chunks(
                compiled.chunks(COMPILED_SAMPLE),
                keep,
                &mut s.compiled,
                |chunk| {
                    for &j in chunk {
                        rep.turn_compiled(black_box(&gathers[j]));
                    }
                    black_box(rep.shape());
                },
            )?;
        }
        tick(round);
    }
    Ok(subjects
        .into_iter()
        .map(|s| {
            let rep = &s.rep;
            Measure {
                kind: s.kind,
                n,
                shape: rep
                    .shape()
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("×"),
                element: rep.element(),
                bytes: rep.state_bytes(),
                moves: if n == 3 {
                    s.kind.defined_moves().len()
                } else {
                    s.kind.defined_turns(n).len()
                },
                moves_of: if n == 3 { 24 } else { LayerTurn::all(n).len() },
                stickers: stickers(s.kind, n),
                stickers_of: 6 * n * n,
                definition_lines: definition_lines(s.kind),
                general_lines: general_lines(s.kind),
                turns: s.sequence.len(),
                rounds,
                defined: Timing::of(s.defined),
                compiled: Timing::of(s.compiled),
            }
        })
        .collect())
}

/// The turns timed at size `n` when `turns` are asked for the 3×3×3: fewer on bigger cubes
/// (`turns × 9 / N²`, at least 100), whose turns take longer as defined.
pub fn turns_at(n: usize, turns: usize) -> usize {
    if n <= 3 {
        turns
    } else {
        (turns * 9 / (n * n)).max(100)
    }
}

/// [`measure`] at each of `sizes`, with [`turns_at`] turns: every representation's cost
/// against N. Calls `tick(n, round)` after each round.
pub fn measure_sizes(
    sizes: RangeInclusive<usize>,
    turns: usize,
    rounds: usize,
    seed: u64,
    mut tick: impl FnMut(usize, usize),
) -> Result<Vec<Measure>, Cancelled> {
    let mut all = Vec::new();
    for n in sizes {
        all.extend(measure(n, turns_at(n, turns), rounds, seed, |r| {
            tick(n, r)
        })?);
    }
    Ok(all)
}

/// What was measured of the piece-mapping representation of the Ruby notes, which comes from
/// outside the paper: it has no arrays to compile and turns outer faces only.
#[derive(Clone, Debug)]
pub struct PiecesMeasure {
    /// What its state is made of.
    pub shape: String,
    /// Bytes of state.
    pub bytes: usize,
    /// Paper moves it defines, of 24 (the outer faces' quarter-turns).
    pub moves: usize,
    /// Quarter-turns timed.
    pub turns: usize,
    /// Median nanoseconds per quarter-turn.
    pub ns_defined: f64,
}

/// Times the piece-mapping representation on the outer-face quarter-turns of the same random
/// sequence [`measure`] uses.
pub fn measure_pieces(turns: usize, rounds: usize, seed: u64) -> Result<PiecesMeasure, Cancelled> {
    use crate::turn::moves::Move;
    let turns = turns.min(MAX_TURNS);
    use crate::state::piece_map::PieceCube;
    let qt = quarter_turns();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let moves: Vec<Move> = (0..turns)
        .map(|_| qt[rng.random_range(0..qt.len())].to_standard(3))
        .filter(|m| PieceCube::solved().turn(m).is_ok())
        .collect();
    let defined = LayerTurn::PAPER
        .iter()
        .filter(|&&t| PieceCube::solved().turn(&t.to_standard(3)).is_ok())
        .count();
    let times: Vec<f64> = (0..rounds)
        .take_while(|_| !crate::base::cancel::requested())
        .map(|_| {
            let mut cube = PieceCube::solved();
            let t = Instant::now();
            for m in &moves {
                cube.turn(black_box(m)).expect("outer face turn");
            }
            black_box(cube.is_solved());
            t.elapsed().as_nanos() as f64 / moves.len().max(1) as f64
        })
        .collect();
    crate::base::cancel::check()?;
    let cube = PieceCube::solved();
    Ok(PiecesMeasure {
        shape: cube.shape_description(),
        bytes: cube.state_bytes(),
        moves: defined,
        turns: moves.len(),
        ns_defined: Timing::of(times).median,
    })
}
