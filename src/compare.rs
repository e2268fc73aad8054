//! Measuring the representations against each other, at one size or across sizes, and the
//! paper's comparison table beside the measurements.
//!
//! Speed is timed in-process: one random sequence of single-layer quarter-turns (on the
//! 3×3×3 the paper's nine quarter-turns and their inverses) is made on every representation
//! that holds the size — composite and visual skip the turns they do not define — as defined
//! (the ndarray transform) and compiled (the gather, each distinct turn compiled once). The
//! representations take turns within each round (a warm-up round first, then the rounds,
//! each starting with the next representation), so a machine that slows down for a while
//! slows them all alike; each gets the median of its rounds and their quartiles, and ranks
//! are equal where those spreads overlap ([`spread_ranks`]), so that they reproduce from run
//! to run.
//!
//! The paper's "General" — how well a representation "serves as a basis for generalization"
//! to other puzzles such as Rubik's Revenge (4×4×4) — is measured ([`General`]) from the
//! sizes each representation holds, the extra lines of move definitions its N×N×N form
//! needs, and how its cost grows with N.

use std::hint::black_box;
use std::ops::RangeInclusive;
use std::time::Instant;

use comfy_table::{ContentArrangement, Table, presets};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cancel::Cancelled;
use crate::cube::Cube;
use crate::moves::LayerTurn;
use crate::rep::{Gather, RepKind, Representation};

/// The paper's ranks, from its comparison table (1 best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperRanks {
    /// How much of the cube it captures.
    pub complete: u8,
    /// How well it generalises to other puzzles.
    pub general: u8,
    /// How easy the definitions are to understand.
    pub simple: u8,
    /// How brief the definitions are.
    pub concise: u8,
    /// How suitable for viewing.
    pub display: u8,
    /// Potential for insight.
    pub insight: u8,
    /// Storage.
    pub space: u8,
    /// Time to make quarter-turns.
    pub speed: u8,
}

/// The criteria, in the paper's column order.
pub const CRITERIA: [&str; 8] = [
    "Complete", "General", "Simple", "Concise", "Display", "Insight", "Space", "Speed",
];

/// The criteria this workbench measures; the others stay the paper's judgement alone.
pub const MEASURED: [&str; 5] = ["Complete", "General", "Concise", "Space", "Speed"];

impl PaperRanks {
    /// The paper's table, row by row.
    pub fn of(kind: RepKind) -> PaperRanks {
        let r = match kind {
            RepKind::Numeric => [1, 7, 7, 3, 4, 2, 3, 6],
            RepKind::Local => [4, 3, 3, 6, 3, 5, 2, 5],
            RepKind::Composite => [6, 6, 2, 4, 5, 6, 4, 2],
            RepKind::Visual => [5, 4, 4, 7, 1, 5, 6, 3],
            RepKind::Vector => [4, 1, 1, 5, 6, 7, 1, 1],
            RepKind::FourD => [1, 5, 6, 1, 7, 4, 5, 4],
            RepKind::Nested => [1, 2, 5, 2, 2, 1, 7, 7],
        };
        PaperRanks {
            complete: r[0],
            general: r[1],
            simple: r[2],
            concise: r[3],
            display: r[4],
            insight: r[5],
            space: r[6],
            speed: r[7],
        }
    }

    /// The ranks in column order.
    pub fn as_array(&self) -> [u8; 8] {
        [
            self.complete,
            self.general,
            self.simple,
            self.concise,
            self.display,
            self.insight,
            self.space,
            self.speed,
        ]
    }
}

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
fn ns(v: f64) -> String {
    if v >= 100.0 {
        crate::text::thousands(v.round() as u64)
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

fn source(kind: RepKind) -> &'static str {
    match kind {
        RepKind::Numeric => include_str!("rep/numeric.rs"),
        RepKind::Local => include_str!("rep/local.rs"),
        RepKind::Composite => include_str!("rep/composite.rs"),
        RepKind::Visual => include_str!("rep/visual.rs"),
        RepKind::Vector => include_str!("rep/vector.rs"),
        RepKind::FourD => include_str!("rep/four_d.rs"),
        RepKind::Nested => include_str!("rep/nested.rs"),
    }
}

/// Code lines (not blank, not comments) between markers `begin` and `end`.
fn lines_between(source: &str, begin: &str, end: &str) -> usize {
    let mut inside = false;
    source
        .lines()
        .filter(|l| {
            if l.contains(begin) {
                inside = true;
            } else if l.contains(end) {
                inside = false;
            }
            let t = l.trim();
            inside && !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// The face layout that local and vector share (`src/rep/layout.rs`): local makes its
/// quarter-turns with it, vector derives its N×N×N index lists from it.
const LAYOUT: &str = include_str!("rep/layout.rs");

/// Lines of the shared layout a representation needs: for its 3×3×3 moves (local), and for
/// its N×N×N form alone (vector).
fn shared_lines(kind: RepKind) -> (usize, usize) {
    let layout = lines_between(LAYOUT, "moves:begin", "moves:end");
    match kind {
        RepKind::Local => (layout, 0),
        RepKind::Vector => (0, layout),
        _ => (0, 0),
    }
}

/// Lines of code (not blank, not comments) of a representation's move definitions for the
/// 3×3×3: those between its file's `moves:begin` and `moves:end` markers, less those of its
/// N×N×N form alone (see [`general_lines`]), plus those of the shared face layout where it
/// needs it (local). The APL primitives (`crate::apl::prim`: `⍉`, `⌽`, `⊤`, …) count for none,
/// as a glyph counts for nothing in the paper's lines; the cubie helpers convert states and
/// define no move.
pub fn definition_lines(kind: RepKind) -> usize {
    lines_between(source(kind), "moves:begin", "moves:end")
        - lines_between(source(kind), "general:begin", "general:end")
        + shared_lines(kind).0
}

/// Lines of code a representation's move definitions need only for sizes other than 3: those
/// between its file's `general:begin` and `general:end` markers. Numeric, 4-D and nested need
/// none (their lines name no size), local none (its ring table takes the layer as a
/// parameter); vector derives its index lists from the face layout it shares with local
/// (whose lines count here for it), composite and visual derive their 2×2×2 forms.
pub fn general_lines(kind: RepKind) -> usize {
    lines_between(source(kind), "general:begin", "general:end") + shared_lines(kind).1
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
const COMPILED_PER_ROUND: usize = 100_000;

/// Turns timed together as one sample, as defined and compiled: long enough that reading the
/// clock costs little, short enough that most samples run without the process being
/// preempted on a busy machine (a preempted sample is an outlier the median ignores).
const DEFINED_SAMPLE: usize = 100;
const COMPILED_SAMPLE: usize = 2_000;

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
/// warm-up). Ctrl-C ([`crate::cancel`]) stops it within a sample.
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
            for chunk in s.sequence.chunks(DEFINED_SAMPLE) {
                crate::cancel::check()?;
                let t = Instant::now();
                for &j in chunk {
                    s.rep.turn(black_box(s.distinct[j])).expect("defined");
                }
                let ns = t.elapsed().as_nanos() as f64 / chunk.len() as f64;
                if keep {
                    s.defined.push(ns);
                }
            }
            let passes = COMPILED_PER_ROUND.div_ceil(s.sequence.len().max(1));
            let compiled: Vec<usize> = std::iter::repeat_n(&s.sequence, passes)
                .flatten()
                .copied()
                .collect();
            for chunk in compiled.chunks(COMPILED_SAMPLE) {
                crate::cancel::check()?;
                let t = Instant::now();
                for &j in chunk {
                    s.rep.turn_compiled(black_box(&s.gathers[j]));
                }
                black_box(s.rep.shape());
                let ns = t.elapsed().as_nanos() as f64 / chunk.len() as f64;
                if keep {
                    s.compiled.push(ns);
                }
            }
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
                defined: Timing::of(s.defined),
                compiled: Timing::of(s.compiled),
            }
        })
        .collect())
}

/// A range of cube sizes as typed, `A..B` (or `A..=B`, `A-B`, or one size), each 2 to 9.
///
/// ```
/// use cubework::compare::parse_sizes;
/// assert_eq!(parse_sizes("2..7"), Ok(2..=7));
/// assert_eq!(parse_sizes("4"), Ok(4..=4));
/// assert!(parse_sizes("2..12").unwrap_err().contains("2 to 9"));
/// assert!(parse_sizes("7..2").is_err());
/// ```
pub fn parse_sizes(s: &str) -> Result<RangeInclusive<usize>, String> {
    let t = s.trim();
    let (a, b) = t
        .split_once("..=")
        .or_else(|| t.split_once(".."))
        .or_else(|| t.split_once('-'))
        .unwrap_or((t, t));
    let size = |v: &str| -> Result<usize, String> {
        let n: usize = v
            .trim()
            .parse()
            .map_err(|_| format!("'{}' is not a cube size (2 to 9)", crate::text::echo(v)))?;
        Cube::check_size(n).map_err(|e| e.to_string())?;
        Ok(n)
    };
    let (a, b) = (size(a)?, size(b)?);
    if a > b {
        return Err(format!(
            "{a} is above {b}: give the smaller size first (2..7)"
        ));
    }
    Ok(a..=b)
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
    use crate::moves::Move;
    let turns = turns.min(MAX_TURNS);
    use crate::piece_map::PieceCube;
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
        .take_while(|_| !crate::cancel::requested())
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
    crate::cancel::check()?;
    let cube = PieceCube::solved();
    Ok(PiecesMeasure {
        shape: cube.shape_description(),
        bytes: cube.state_bytes(),
        moves: defined,
        turns: moves.len(),
        ns_defined: Timing::of(times).median,
    })
}

/// The most quarter-turns the APL column times a round: the evaluator takes microseconds a
/// turn, so a thousand (the start of the same random sequence) are plenty for a median.
pub const APL_TURNS: usize = 1_000;

/// Turns timed together as one sample in the APL column.
const APL_SAMPLE: usize = 20;

/// The paper's setting: a representation's quarter-turns run by the APL evaluator from its
/// definitions in `src/apl/paper/` (a representation of one's own: `ENCODE M DECODE ⍵` with
/// the vector's M), on its state as an APL value.
#[derive(Clone, Debug)]
pub struct AplMeasure {
    /// Which representation: one of the seven, or the name of one of one's own.
    pub name: String,
    /// One of the seven, if it is.
    pub kind: Option<RepKind>,
    /// Quarter-turns timed a round.
    pub turns: usize,
    /// Nanoseconds per quarter-turn.
    pub timing: Timing,
}

/// What the APL column times of one representation.
struct AplSubject {
    name: String,
    kind: Option<RepKind>,
    ws: crate::apl::Workspace,
    /// The functions each distinct turn applies, in order.
    chains: Vec<Vec<String>>,
    sequence: Vec<usize>,
    state: crate::apl::Value,
    samples: Vec<f64>,
    failed: bool,
}

/// Times every representation's 3×3×3 quarter-turns run by the APL evaluator (and those of
/// `users`, by conjugation) on the first `turns` (at most [`APL_TURNS`]) of the random
/// sequence [`measure`] makes from `seed`: a warm-up round, then `rounds` rounds in which they
/// take turns. Calls `tick(round)` after each round. A representation of one's own whose
/// functions fail on a state is left out.
pub fn measure_apl(
    turns: usize,
    rounds: usize,
    seed: u64,
    users: &[crate::rep::user::UserRep],
    mut tick: impl FnMut(usize),
) -> Result<Vec<AplMeasure>, Cancelled> {
    use crate::apl::paper;
    let turns = turns.min(APL_TURNS);
    let all = LayerTurn::quarter_turns(3);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sequence: Vec<LayerTurn> = (0..turns)
        .map(|_| all[rng.random_range(0..all.len())])
        .collect();
    let name_of = |t: LayerTurn| {
        t.paper_letter(3)
            .map(|letter| paper::move_name(letter, t.inverse))
    };
    let mut subjects: Vec<AplSubject> = Vec::new();
    for kind in RepKind::ALL {
        let Some(ws) = paper::workspace(kind.name()) else {
            continue;
        };
        let distinct: Vec<LayerTurn> = all
            .iter()
            .copied()
            .filter(|&t| kind.undefined_turn(3, t).is_none())
            .collect();
        subjects.push(AplSubject {
            name: kind.name().to_string(),
            kind: Some(kind),
            ws,
            chains: distinct
                .iter()
                .filter_map(|&t| name_of(t))
                .map(|n| vec![n])
                .collect(),
            sequence: sequence
                .iter()
                .filter_map(|t| distinct.iter().position(|d| d == t))
                .collect(),
            state: kind.build(&Cube::solved()).expect("3×3×3").apl_value(),
            samples: Vec::new(),
            failed: false,
        });
    }
    for user in users {
        let Some(mut ws) = user.workspace() else {
            continue;
        };
        let decode = match &user.decode {
            Some(d) => d.clone(),
            None => {
                let back: Vec<String> = user.back.iter().map(|b| (b + 1).to_string()).collect();
                if ws
                    .eval_line(&format!("⍙DECODE: (,⍵)[{}]", back.join(" ")))
                    .is_err()
                {
                    continue;
                }
                "⍙DECODE".to_string()
            }
        };
        let chains = all
            .iter()
            .filter_map(|&t| name_of(t))
            .map(|m| vec![decode.clone(), m, user.encode.clone()])
            .collect();
        let Some(vector) = RepKind::Vector.build(&Cube::solved()).ok() else {
            continue;
        };
        subjects.push(AplSubject {
            name: user.name.clone(),
            kind: None,
            ws,
            chains,
            sequence: sequence
                .iter()
                .filter_map(|t| all.iter().position(|d| d == t))
                .collect(),
            state: user.encode_value(&vector.apl_value()),
            samples: Vec::new(),
            failed: false,
        });
    }
    let count = subjects.len();
    for round in 0..=rounds {
        for i in 0..count {
            let s = &mut subjects[(i + round) % count];
            if s.failed {
                continue;
            }
            for chunk in s.sequence.chunks(APL_SAMPLE) {
                crate::cancel::check()?;
                let t = Instant::now();
                for &j in chunk {
                    for f in &s.chains[j] {
                        let state = std::mem::replace(&mut s.state, crate::apl::Value::num(0.0));
                        match s.ws.call(black_box(f), None, state) {
                            Ok(v) => s.state = v,
                            Err(_) => s.failed = true,
                        }
                    }
                }
                let ns = t.elapsed().as_nanos() as f64 / chunk.len() as f64;
                if s.failed {
                    crate::cancel::check()?;
                    break;
                }
                if round > 0 {
                    s.samples.push(ns);
                }
            }
        }
        tick(round);
    }
    Ok(subjects
        .into_iter()
        .filter(|s| !s.failed)
        .map(|s| AplMeasure {
            name: s.name,
            kind: s.kind,
            turns: s.sequence.len(),
            timing: Timing::of(s.samples),
        })
        .collect())
}

/// A representation of one's own, measured at the 3×3×3: its compiled turns (by
/// conjugation) on the same random sequence [`measure`] times.
#[derive(Clone, Debug)]
pub struct UserMeasure {
    /// Its name.
    pub name: String,
    /// Its shape, e.g. `6×9`.
    pub shape: String,
    /// Bytes of state (a byte a cell).
    pub bytes: usize,
    /// Paper moves it defines (all 24, by conjugation).
    pub moves: usize,
    /// Quarter-turns timed.
    pub turns: usize,
    /// Nanoseconds per quarter-turn, compiled.
    pub compiled: Timing,
}

/// Times a representation of one's own: `rounds` rounds (after a warm-up) of the compiled
/// turns of the random quarter-turns [`measure`] makes at the 3×3×3 from `seed`.
pub fn measure_user(
    user: &crate::rep::user::UserRep,
    turns: usize,
    rounds: usize,
    seed: u64,
) -> Result<UserMeasure, Cancelled> {
    let turns = turns.min(MAX_TURNS);
    let all = LayerTurn::quarter_turns(3);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let gathers: Vec<&Gather> = (0..turns)
        .filter_map(|_| user.gather(all[rng.random_range(0..all.len())]))
        .collect();
    let len = user.cell_count();
    let mut state = user.state_of(&Cube::solved()).unwrap_or_default();
    let passes = COMPILED_PER_ROUND.div_ceil(gathers.len().max(1));
    let mut samples = Vec::new();
    for round in 0..=rounds {
        let sequence = std::iter::repeat_n(&gathers, passes)
            .flatten()
            .collect::<Vec<_>>();
        for chunk in sequence.chunks(COMPILED_SAMPLE) {
            crate::cancel::check()?;
            let t = Instant::now();
            for g in chunk {
                if state.len() == crate::simd::padded_len(len) {
                    // SAFETY: `state_of` pads the buffer to `padded_len(len)` bytes, and
                    // it is owned here and borrowed by nothing else.
                    unsafe { black_box(g).apply_bytes_padded(&mut state[..len]) }
                }
            }
            black_box(&state);
            let ns = t.elapsed().as_nanos() as f64 / chunk.len() as f64;
            if round > 0 {
                samples.push(ns);
            }
        }
    }
    Ok(UserMeasure {
        name: user.name.clone(),
        shape: user.shape_text(),
        bytes: len,
        moves: user.moves.len(),
        turns: gathers.len(),
        compiled: Timing::of(samples),
    })
}

/// Standard competition ranks ("1224"): 1 for the best key, ties share a rank. Smaller keys
/// are better.
///
/// ```
/// use cubework::compare::ranks;
/// assert_eq!(ranks(&[54.0, 54.0, 60.0, 121.0]), vec![1, 1, 3, 4]);
/// ```
pub fn ranks(keys: &[f64]) -> Vec<u8> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|&&o| o < *k).count() as u8)
        .collect()
}

/// Ranks of timings (faster is better) that stay equal where spreads overlap: each is 1 plus
/// the number of others whose whole spread (quartile to quartile) lies below its own.
///
/// ```
/// use cubework::compare::{spread_ranks, Timing};
/// let t = |low, median, high| Timing { rounds: vec![], median, low, high };
/// let times = [t(10.0, 11.0, 12.0), t(11.5, 12.0, 13.0), t(20.0, 21.0, 22.0)];
/// assert_eq!(spread_ranks(&times.iter().collect::<Vec<_>>()), vec![1, 1, 3]);
/// ```
pub fn spread_ranks(timings: &[&Timing]) -> Vec<u8> {
    timings
        .iter()
        .map(|t| 1 + timings.iter().filter(|o| o.high < t.low).count() as u8)
        .collect()
}

/// How far a representation generalises, measured: plain data, for tables and charts.
#[derive(Clone, Debug, PartialEq)]
pub struct General {
    /// Which representation.
    pub kind: RepKind,
    /// The cube sizes it holds.
    pub sizes: RangeInclusive<usize>,
    /// Lines of move definitions its N×N×N form needs beyond the 3×3×3's.
    pub extra_lines: usize,
    /// How its bytes of state grow: the exponent k of `bytes ∝ Nᵏ`, from its largest two
    /// sizes measured.
    pub bytes_growth: u32,
    /// How its as-defined turn time grows: the least-squares exponent k of `ns ∝ Nᵏ` over the
    /// sizes measured.
    pub time_growth: f64,
    /// How its compiled turn time grows, likewise.
    pub compiled_growth: f64,
}

/// The least-squares slope of `ln y` against `ln x`.
fn growth(points: &[(usize, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|&&(_, y)| y > 0.0)
        .map(|&(x, y)| ((x as f64).ln(), y.ln()))
        .collect();
    let count = logs.len() as f64;
    if logs.len() < 2 {
        return 0.0;
    }
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / count,
        logs.iter().map(|p| p.1).sum::<f64>() / count,
    );
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx == 0.0 { 0.0 } else { sxy / sxx }
}

/// The General measure of every representation in `sweep` (measures across sizes, as
/// [`measure_sizes`] gives), in the paper's order.
pub fn general(sweep: &[Measure]) -> Vec<General> {
    RepKind::ALL
        .into_iter()
        .filter(|&k| sweep.iter().any(|m| m.kind == k))
        .map(|kind| {
            let mut mine: Vec<&Measure> = sweep.iter().filter(|m| m.kind == kind).collect();
            mine.sort_by_key(|m| m.n);
            let bytes_growth = match mine.as_slice() {
                [.., a, b] => ((b.bytes as f64 / a.bytes as f64).ln()
                    / (b.n as f64 / a.n as f64).ln())
                .round()
                .max(0.0) as u32,
                _ => 0,
            };
            General {
                kind,
                sizes: kind.sizes(),
                extra_lines: general_lines(kind),
                bytes_growth,
                time_growth: growth(
                    &mine
                        .iter()
                        .map(|m| (m.n, m.defined.median))
                        .collect::<Vec<_>>(),
                ),
                compiled_growth: growth(
                    &mine
                        .iter()
                        .map(|m| (m.n, m.compiled.median))
                        .collect::<Vec<_>>(),
                ),
            }
        })
        .collect()
}

/// Measured General ranks: by the sizes held (more is better), then the extra lines of move
/// definitions (fewer), then how bytes grow with N (slower). All three are counted, not timed,
/// so the ranks are the same on every run; time growth is shown beside them.
pub fn general_ranks(general: &[General]) -> Vec<u8> {
    let key = |g: &General| {
        (
            usize::MAX - g.sizes.clone().count(),
            g.extra_lines,
            g.bytes_growth,
        )
    };
    general
        .iter()
        .map(|g| 1 + general.iter().filter(|o| key(o) < key(g)).count() as u8)
        .collect()
}

/// Output format of the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A boxed table for the terminal.
    #[default]
    Table,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values with a header row.
    Csv,
}

fn render(format: Format, header: &[String], rows: &[Vec<String>]) -> String {
    match format {
        Format::Csv => std::iter::once(header.to_vec())
            .chain(rows.iter().cloned())
            .map(|r| r.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n"),
        Format::Table | Format::Markdown => {
            let mut table = Table::new();
            table.load_style(if format == Format::Markdown {
                presets::ASCII_MARKDOWN
            } else {
                presets::UTF8_FULL_CONDENSED
            });
            table.set_content_arrangement(if format == Format::Markdown {
                ContentArrangement::Disabled
            } else {
                ContentArrangement::Dynamic
            });
            table.set_header(header.to_vec());
            for r in rows {
                table.add_row(r.clone());
            }
            table.to_string()
        }
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A small exponent as a superscript: `³`.
fn superscript(k: u32) -> String {
    k.to_string()
        .chars()
        .map(|c| {
            "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(c as usize - '0' as usize)
                .unwrap_or(c)
        })
        .collect()
}

/// The sizes a representation holds, in words: `2–9`, `2–3`.
fn sizes_text(sizes: &RangeInclusive<usize>) -> String {
    format!("{}–{}", sizes.start(), sizes.end())
}

/// The path compiled turns take, in words, for the tables' notes.
fn path_note() -> String {
    use crate::simd::ShufflePath;
    let path = ShufflePath::detect();
    // A path named by CUBEWORK_SIMD is said to be forced whether or not this CPU would have
    // chosen it anyway, so the note reads the same on every CPU that offers the path.
    let forced = if matches!(ShufflePath::from_env(), Ok(Some(_))) {
        format!(", forced by {}={path}", crate::simd::ENV)
    } else {
        String::new()
    };
    match path {
        ShufflePath::Scalar => format!("Compiled turns gather the cells that change{forced}."),
        simd => format!(
            "Compiled turns are {}{forced}, where those do less work than gathering the cells that change.",
            if simd == ShufflePath::Vbmi {
                "AVX-512 VBMI byte shuffles (vpermb, vpermi2b)"
            } else {
                "AVX2 byte shuffles (vpshufb on broadcast 16-byte blocks)"
            }
        ),
    }
}

/// Whose measurements a table shows: this machine's CPU and the path its compiled turns take.
/// Times, and the ranks drawn from them (Speed above all), differ from one CPU to another, so
/// the tables say so rather than present one machine's ranks as the result.
fn machine_note() -> String {
    format!(
        "Measured on this machine: {}, compiled turns taking the {} path. The times, and the measured ranks drawn from them (Speed above all), are this machine's and differ from one CPU to another; `cubework paper` and `cubework compare` measure them on yours.",
        crate::simd::cpu_model(),
        crate::simd::ShufflePath::detect()
    )
}

/// What the `compare` table shows beside the seven representations: the piece-mapping
/// representation, representations of one's own, and the APL column.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras<'a> {
    /// The piece-mapping representation of the Ruby notes (3×3×3 only, not ranked).
    pub pieces: Option<&'a PiecesMeasure>,
    /// Representations of one's own (3×3×3 only, not ranked).
    pub users: &'a [UserMeasure],
    /// The quarter-turns run by the APL evaluator, for a column with its own ranks.
    pub apl: Option<&'a [AplMeasure]>,
}

/// The `compare` table at one size: one row per representation that holds it, ranked, then
/// the piece-mapping representation (from outside the paper, 3×3×3 only, not ranked) if
/// measured.
pub fn compare_table(
    measures: &[Measure],
    pieces: Option<&PiecesMeasure>,
    format: Format,
) -> String {
    compare_table_with(
        measures,
        &Extras {
            pieces,
            ..Extras::default()
        },
        format,
    )
}

/// The APL timing of the representation named `name`, if measured.
fn apl_of<'a>(apl: Option<&'a [AplMeasure]>, name: &str) -> Option<&'a AplMeasure> {
    apl?.iter().find(|a| a.name == name)
}

/// The ranks of the seven's APL timings (faster is better, equal where the quartile ranges
/// overlap), in the order of `measures`.
fn apl_ranks(measures: &[Measure], apl: &[AplMeasure]) -> Vec<Option<u8>> {
    let timed: Vec<&AplMeasure> = measures
        .iter()
        .filter_map(|m| apl.iter().find(|a| a.kind == Some(m.kind)))
        .collect();
    let ranks = spread_ranks(&timed.iter().map(|a| &a.timing).collect::<Vec<_>>());
    measures
        .iter()
        .map(|m| {
            timed
                .iter()
                .position(|a| a.kind == Some(m.kind))
                .map(|i| ranks[i])
        })
        .collect()
}

/// The `compare` table with [`Extras`]: the seven (ranked), then the piece-mapping
/// representation and representations of one's own (not ranked), with an APL column and its
/// ranks when measured.
pub fn compare_table_with(measures: &[Measure], extras: &Extras, format: Format) -> String {
    let pieces = extras.pieces;
    let apl = extras.apl;
    let n = measures.first().map_or(3, |m| m.n);
    let paper = n == 3;
    let speed = spread_ranks(&measures.iter().map(|m| &m.defined).collect::<Vec<_>>());
    let space = ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>());
    let csv = format == Format::Csv;
    let mut header: Vec<&str> = vec!["rep", "shape", "element", "bytes", "moves"];
    if csv {
        header.extend([
            "ns_defined",
            "ns_defined_low",
            "ns_defined_high",
            "ns_compiled",
            "ns_compiled_low",
            "ns_compiled_high",
        ]);
    } else {
        header.extend(["ns/turn defined", "ns/turn compiled"]);
    }
    if apl.is_some() {
        if csv {
            header.extend(["ns_apl", "ns_apl_low", "ns_apl_high"]);
        } else {
            header.push("ns/turn APL");
        }
    }
    header.push("speed rank");
    if apl.is_some() {
        header.push("APL speed rank");
    }
    if paper {
        header.push("paper speed");
    }
    let apl_rank = apl.map(|a| apl_ranks(measures, a));
    let apl_cells = |name: &str| -> Vec<String> {
        match (apl, apl_of(apl, name)) {
            (None, _) => Vec::new(),
            (Some(_), Some(a)) if csv => [a.timing.median, a.timing.low, a.timing.high]
                .map(|v| format!("{v:.1}"))
                .to_vec(),
            (Some(_), Some(a)) => vec![a.timing.describe()],
            (Some(_), None) if csv => vec![String::new(); 3],
            (Some(_), None) => vec!["—".to_string()],
        }
    };
    header.push("space rank");
    if paper {
        header.push("paper space");
    }
    let mut rows: Vec<Vec<String>> = measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut row = vec![
                m.kind.name().to_string(),
                m.shape.clone(),
                m.element.to_string(),
                m.bytes.to_string(),
                format!("{}/{}", m.moves, m.moves_of),
            ];
            if csv {
                for t in [&m.defined, &m.compiled] {
                    row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
                }
            } else {
                row.extend([m.defined.describe(), m.compiled.describe()]);
            }
            row.extend(apl_cells(m.kind.name()));
            row.push(speed[i].to_string());
            if let Some(r) = &apl_rank {
                row.push(r[i].map_or(String::new(), |r| r.to_string()));
            }
            if paper {
                row.push(PaperRanks::of(m.kind).speed.to_string());
            }
            row.push(space[i].to_string());
            if paper {
                row.push(PaperRanks::of(m.kind).space.to_string());
            }
            row
        })
        .collect();
    if let Some(p) = pieces.filter(|_| paper) {
        let mut row = vec![
            "pieces".to_string(),
            "20 colour maps".to_string(),
            "colour (u8)".to_string(),
            p.bytes.to_string(),
            format!("{}/24", p.moves),
            if csv {
                format!("{:.1}", p.ns_defined)
            } else {
                ns(p.ns_defined)
            },
        ];
        row.resize(header.len(), String::new());
        rows.push(row);
    }
    if paper {
        for u in extras.users {
            let label = format!("{} (user)", u.name);
            let mut row = vec![
                label,
                u.shape.clone(),
                "colour letter or blank".to_string(),
                u.bytes.to_string(),
                format!("{}/24", u.moves),
            ];
            if csv {
                row.extend([String::new(), String::new(), String::new()]);
                let t = &u.compiled;
                row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
            } else {
                row.extend(["—".to_string(), u.compiled.describe()]);
            }
            row.extend(apl_cells(&u.name));
            row.resize(header.len(), String::new());
            rows.push(row);
        }
    }
    let header: Vec<String> = header.into_iter().map(String::from).collect();
    let mut out = render(format, &header, &rows);
    if !csv {
        let turns = measures.iter().map(|m| m.turns).max().unwrap_or(0);
        let which = if paper {
            "quarter-turns (L C R B H F U M D and inverses), the same sequence for every representation; \
             composite and visual skip the C and H turns they do not define"
                .to_string()
        } else {
            format!(
                "single-layer quarter-turns of the {n}×{n}×{n}, the same sequence for every representation that holds it"
            )
        };
        out.push_str(&format!(
            "\n{turns} random {which}. Median ns per turn of samples of consecutive turns (100 as defined, 2,000 \
             compiled) from {} rounds in which the representations take turns, after a warm-up round, with the quartiles \
             in brackets; speed rank from the as-defined time, equal where the quartile ranges overlap. {}",
            measures.first().map_or(0, |m| m.defined.rounds.len() / m.turns.div_ceil(DEFINED_SAMPLE).max(1)),
            path_note() + "\n" + &machine_note()
        ));
        if let Some(a) = apl.filter(|_| paper) {
            out.push_str(&format!(
                "\nns/turn APL: the same quarter-turns (the first {} of the sequence) run by the APL evaluator from the paper's \
                 definitions (src/apl/paper/*.apl) on the state as an APL value, the setting the paper ranked them in; \
                 samples of {APL_SAMPLE} turns from interleaved rounds, APL speed rank equal where the quartile ranges overlap.",
                crate::text::thousands(a.iter().map(|a| a.turns).max().unwrap_or(0) as u64)
            ));
        }
        if !extras.users.is_empty() && paper {
            out.push_str(
                "\n(user): a representation of your own (APL mode, )rep NAME ENCODE [DECODE]), its moves by conjugation \
                 (ENCODE M DECODE ⍵ with the vector's M) compiled to a gather; it has no Rust transform to time as defined \
                 (its APL time: --apl), and is not ranked.",
            );
        }
        if pieces.is_some() && paper {
            out.push_str(
                "\npieces: the piece-mapping representation of the Ruby notes, from outside the paper; \
                 it turns outer faces only, has no arrays to compile, and is not ranked.",
            );
        }
    }
    out
}

/// `compare --sizes`: every representation's cost against N. As a table, three grids (as
/// defined, compiled, bytes) with a row per representation and a column per size; as CSV one
/// row per representation and size.
pub fn sizes_table(sweep: &[Measure], format: Format) -> String {
    let mut sizes: Vec<usize> = sweep.iter().map(|m| m.n).collect();
    sizes.sort();
    sizes.dedup();
    if format == Format::Csv {
        let header: Vec<String> = [
            "rep",
            "n",
            "shape",
            "bytes",
            "moves",
            "moves_of",
            "turns",
            "ns_defined",
            "ns_defined_low",
            "ns_defined_high",
            "ns_compiled",
            "ns_compiled_low",
            "ns_compiled_high",
        ]
        .map(String::from)
        .to_vec();
        let rows: Vec<Vec<String>> = sweep
            .iter()
            .map(|m| {
                let mut row = vec![
                    m.kind.name().to_string(),
                    m.n.to_string(),
                    m.shape.clone(),
                    m.bytes.to_string(),
                    m.moves.to_string(),
                    m.moves_of.to_string(),
                    m.turns.to_string(),
                ];
                for t in [&m.defined, &m.compiled] {
                    row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
                }
                row
            })
            .collect();
        return render(format, &header, &rows);
    }
    let grid = |title: &str, cell: &dyn Fn(&Measure) -> String| {
        let header: Vec<String> = std::iter::once(title.to_string())
            .chain(sizes.iter().map(|n| format!("N={n}")))
            .collect();
        let rows: Vec<Vec<String>> = RepKind::ALL
            .into_iter()
            .filter(|&k| sweep.iter().any(|m| m.kind == k))
            .map(|kind| {
                std::iter::once(kind.name().to_string())
                    .chain(sizes.iter().map(|&n| {
                        sweep
                            .iter()
                            .find(|m| m.kind == kind && m.n == n)
                            .map_or("—".to_string(), cell)
                    }))
                    .collect()
            })
            .collect();
        render(format, &header, &rows)
    };
    let general = general(sweep);
    let growth: Vec<Vec<String>> = general
        .iter()
        .map(|g| {
            vec![
                g.kind.name().to_string(),
                sizes_text(&g.sizes),
                format!("N^{}", g.bytes_growth),
                format!("N^{:.1}", g.time_growth),
                format!("N^{:.1}", g.compiled_growth),
            ]
        })
        .collect();
    let growth_header: Vec<String> = [
        "growth",
        "sizes held",
        "bytes",
        "ns as defined",
        "ns compiled",
    ]
    .map(String::from)
    .to_vec();
    let turns: Vec<String> = sizes
        .iter()
        .map(|&n| {
            let t = sweep
                .iter()
                .filter(|m| m.n == n)
                .map(|m| m.turns)
                .max()
                .unwrap_or(0);
            format!("{t} at N={n}")
        })
        .collect();
    [
        grid("ns/turn as defined", &|m| ns(m.defined.median)),
        grid("ns/turn compiled", &|m| ns(m.compiled.median)),
        grid("bytes", &|m| m.bytes.to_string()),
        render(format, &growth_header, &growth),
        format!(
            "Random single-layer quarter-turns ({}), the same sequence for every representation at each size; median \
             ns per turn of samples from rounds in which the representations take turns. — where a representation \
             does not hold the size. Growth: the exponent k of cost ∝ N^k (bytes from the two largest sizes, times \
             fitted over all). {}",
            turns.join(", "),
            path_note() + "\n" + &machine_note()
        ),
    ]
    .join("\n\n")
}

/// The paper's comparison table beside the measured counterparts: `measures` at the 3×3×3,
/// `sweep` across sizes (for General).
pub fn paper_table(measures: &[Measure], sweep: &[Measure], format: Format) -> String {
    paper_table_with(measures, sweep, None, format)
}

/// [`paper_table`] with a Speed column measured in APL (`apl`, from [`measure_apl`]): the
/// paper's Speed rank beside the rank of the same quarter-turns run by the evaluator.
pub fn paper_table_with(
    measures: &[Measure],
    sweep: &[Measure],
    apl: Option<&[AplMeasure]>,
    format: Format,
) -> String {
    let apl_rank = apl.map(|a| apl_ranks(measures, a));
    let complete = ranks(
        &measures
            .iter()
            .map(|m| -((m.moves * 100 + m.stickers) as f64))
            .collect::<Vec<_>>(),
    );
    let concise = ranks(
        &measures
            .iter()
            .map(|m| m.definition_lines as f64)
            .collect::<Vec<_>>(),
    );
    let space = ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>());
    let speed = spread_ranks(&measures.iter().map(|m| &m.defined).collect::<Vec<_>>());
    let general = general(sweep);
    let general_rank = general_ranks(&general);
    let rows: Vec<Vec<String>> = measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let p = PaperRanks::of(m.kind);
            let g = general.iter().position(|g| g.kind == m.kind);
            let mut row = vec![m.kind.title().to_string()];
            match format {
                Format::Csv => {
                    row[0] = m.kind.name().to_string();
                    row.extend(p.as_array().iter().map(|r| r.to_string()));
                    row.push(complete[i].to_string());
                    row.push(g.map_or(String::new(), |g| general_rank[g].to_string()));
                    row.extend([concise[i], space[i], speed[i]].map(|r| r.to_string()));
                    row.extend([
                        m.moves.to_string(),
                        m.stickers.to_string(),
                        m.definition_lines.to_string(),
                        m.bytes.to_string(),
                        format!("{:.1}", m.defined.median),
                        format!("{:.1}", m.defined.low),
                        format!("{:.1}", m.defined.high),
                    ]);
                    match g.map(|g| &general[g]) {
                        Some(g) => row.extend([
                            g.sizes.start().to_string(),
                            g.sizes.end().to_string(),
                            g.extra_lines.to_string(),
                            g.bytes_growth.to_string(),
                            format!("{:.2}", g.time_growth),
                        ]),
                        None => row.extend([""; 5].map(String::from)),
                    }
                    if let Some(r) = &apl_rank {
                        row.push(r[i].map_or(String::new(), |r| r.to_string()));
                        match apl_of(apl, m.kind.name()) {
                            Some(a) => row.extend(
                                [a.timing.median, a.timing.low, a.timing.high]
                                    .map(|v| format!("{v:.1}")),
                            ),
                            None => row.extend([""; 3].map(String::from)),
                        }
                    }
                }
                _ => {
                    row.push(format!(
                        "{} → {} ({}/24, {} st.)",
                        p.complete, complete[i], m.moves, m.stickers
                    ));
                    row.push(match g.map(|g| (&general[g], general_rank[g])) {
                        Some((g, rank)) => format!(
                            "{} → {} ({}, +{} lines, B∝N{}, t∝N^{:.1})",
                            p.general,
                            rank,
                            sizes_text(&g.sizes),
                            g.extra_lines,
                            superscript(g.bytes_growth),
                            g.time_growth
                        ),
                        None => p.general.to_string(),
                    });
                    row.push(p.simple.to_string());
                    row.push(format!(
                        "{} → {} ({} lines)",
                        p.concise, concise[i], m.definition_lines
                    ));
                    row.extend([p.display, p.insight].map(|r| r.to_string()));
                    row.push(format!("{} → {} ({} B)", p.space, space[i], m.bytes));
                    row.push(format!(
                        "{} → {} ({} ns)",
                        p.speed,
                        speed[i],
                        m.defined.describe()
                    ));
                    if let Some(r) = &apl_rank {
                        row.push(match (r[i], apl_of(apl, m.kind.name())) {
                            (Some(rank), Some(a)) => {
                                format!("{} → {} ({} ns)", p.speed, rank, a.timing.describe())
                            }
                            _ => p.speed.to_string(),
                        });
                    }
                }
            }
            row
        })
        .collect();
    let header: Vec<String> = match format {
        Format::Csv => ["rep"]
            .iter()
            .map(|s| s.to_string())
            .chain(CRITERIA.iter().map(|c| c.to_lowercase()))
            .chain(
                MEASURED
                    .iter()
                    .map(|c| format!("{}_measured", c.to_lowercase())),
            )
            .chain(
                [
                    "moves",
                    "stickers",
                    "definition_lines",
                    "bytes",
                    "ns_per_turn",
                    "ns_per_turn_low",
                    "ns_per_turn_high",
                    "smallest_size",
                    "largest_size",
                    "general_lines",
                    "bytes_growth",
                    "time_growth",
                ]
                .map(String::from),
            )
            .chain(
                apl.iter()
                    .flat_map(|_| ["speed_apl_measured", "ns_apl", "ns_apl_low", "ns_apl_high"])
                    .map(String::from),
            )
            .collect(),
        _ => std::iter::once("Representation".to_string())
            .chain(CRITERIA.iter().map(|c| c.to_string()))
            .chain(apl.iter().map(|_| "Speed in APL".to_string()))
            .collect(),
    };
    let mut out = render(format, &header, &rows);
    if format != Format::Csv {
        let sizes: Vec<usize> = {
            let mut s: Vec<usize> = sweep.iter().map(|m| m.n).collect();
            s.sort();
            s.dedup();
            s
        };
        out.push_str(&format!(
            "\nRanks: paper → measured (1 best). Measured: Complete from defined moves, then stickers held; \
             General from the sizes held, then the extra lines of move definitions the N×N×N form needs, then how bytes \
             grow with N (B∝Nᵏ; t∝Nᵏ: how the as-defined turn time grows, fitted over N = {}–{}); Concise from lines of \
             3×3×3 move definitions; Space from bytes of state; Speed from ns per quarter-turn as defined (median of \
             samples of 100 turns from interleaved rounds, quartiles in brackets), equal where the quartile ranges overlap.\n\
             Simple, Display and Insight stay the paper's judgement alone.{}\n{}",
            sizes.first().unwrap_or(&3),
            sizes.last().unwrap_or(&3),
            if apl.is_some() {
                "\nSpeed in APL: the paper's Speed rank → the rank of the same quarter-turns run by the APL evaluator from \
                 the paper's definitions (src/apl/paper/*.apl), the setting the paper ranked them in (median ns of samples \
                 of 20 turns from interleaved rounds, quartiles in brackets; equal where those overlap)."
            } else {
                ""
            },
            machine_note(),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_ranks_are_the_papers_table() {
        let printed = "\
Numeric 1 7 7 3 4 2 3 6
Local 4 3 3 6 3 5 2 5
Composite 6 6 2 4 5 6 4 2
Visual 5 4 4 7 1 5 6 3
Vector 4 1 1 5 6 7 1 1
4-D 1 5 6 1 7 4 5 4
Nested 1 2 5 2 2 1 7 7";
        for (line, kind) in printed.lines().zip(RepKind::ALL) {
            let mut words = line.split(' ');
            assert_eq!(words.next(), Some(kind.title()));
            let ranks: Vec<u8> = words.map(|w| w.parse().unwrap()).collect();
            assert_eq!(ranks, PaperRanks::of(kind).as_array());
        }
    }

    #[test]
    fn every_representation_marks_its_move_definitions() {
        for kind in RepKind::ALL {
            assert!(
                definition_lines(kind) > 5,
                "{kind}: moves:begin/moves:end markers"
            );
        }
        // The paper's lines name no size for these; the others derive their N forms.
        for kind in [
            RepKind::Numeric,
            RepKind::Local,
            RepKind::FourD,
            RepKind::Nested,
        ] {
            assert_eq!(general_lines(kind), 0, "{kind}");
        }
        for kind in [RepKind::Vector, RepKind::Composite, RepKind::Visual] {
            assert!(
                general_lines(kind) > 5,
                "{kind}: general:begin/general:end markers"
            );
        }
    }

    #[test]
    fn measuring_gives_a_row_per_representation_holding_the_size() {
        let measures = measure(3, 200, 3, 1, |_| {}).unwrap();
        assert_eq!(measures.len(), 7);
        for m in &measures {
            assert!(m.defined.median > 0.0 && m.compiled.median > 0.0, "{m:?}");
            assert_eq!(m.defined.rounds.len(), 3 * m.turns.div_ceil(DEFINED_SAMPLE));
            assert!(m.defined.low <= m.defined.median && m.defined.median <= m.defined.high);
            assert!(m.turns > 0);
        }
        let csv = compare_table(&measures, None, Format::Csv);
        assert_eq!(csv.lines().count(), 8);
        let pieces = measure_pieces(200, 3, 1).unwrap();
        assert!(
            pieces.ns_defined > 0.0 && pieces.moves == 12 && pieces.turns > 0,
            "{pieces:?}"
        );
        let csv = compare_table(&measures, Some(&pieces), Format::Csv);
        assert_eq!(csv.lines().count(), 9);
        assert!(
            csv.lines()
                .last()
                .unwrap()
                .starts_with("pieces,20 colour maps,")
        );
        let four = measure(4, 100, 3, 1, |_| {}).unwrap();
        assert_eq!(
            four.iter().map(|m| m.kind).collect::<Vec<_>>(),
            [
                RepKind::Numeric,
                RepKind::Local,
                RepKind::Vector,
                RepKind::FourD,
                RepKind::Nested
            ]
        );
        assert!(
            four.iter()
                .all(|m| m.moves == m.moves_of && m.moves_of == 60)
        );
        let sweep = measure_sizes(2..=4, 100, 3, 1, |_, _| {}).unwrap();
        assert_eq!(sweep.len(), 7 + 7 + 5);
        let paper = paper_table(&measures, &sweep, Format::Csv);
        assert_eq!(paper.lines().count(), 8);
        assert!(
            paper
                .lines()
                .next()
                .unwrap()
                .starts_with("rep,complete,general,")
        );
        let table = sizes_table(&sweep, Format::Markdown);
        assert!(table.starts_with("| ns/turn as defined | N=2"), "{table}");
        assert_eq!(sizes_table(&sweep, Format::Csv).lines().count(), 20);
    }

    /// Ranks as [`spread_ranks`] gives them: each from 1 to their number, and a rank r means
    /// at least r − 1 others rank better (those whose quartile range lies wholly below); without
    /// ties, a permutation of 1..=n.
    fn are_spread_ranks(ranks: &[u8]) -> bool {
        ranks.iter().all(|&r| {
            (1..=ranks.len()).contains(&(r as usize))
                && ranks.iter().filter(|&&o| o < r).count() >= r as usize - 1
        })
    }

    #[test]
    fn the_apl_column_times_the_seven_and_ones_own_and_ranks_the_seven() {
        let mut ws = crate::apl::paper::workspace("vector").unwrap();
        ws.eval_line("MAT: 6 9⍴⍵").unwrap();
        let mine = crate::rep::user::UserRep::define(&mut ws, "mat", "MAT", None).unwrap();
        let apl = measure_apl(100, 2, 1, std::slice::from_ref(&mine), |_| {}).unwrap();
        assert_eq!(apl.len(), 8);
        assert!(apl.iter().all(|a| a.timing.median > 0.0 && a.turns > 0));
        assert_eq!(apl[7].name, "mat");
        let measures = measure(3, 100, 2, 1, |_| {}).unwrap();
        let ranks: Vec<u8> = apl_ranks(&measures, &apl)
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(ranks.len(), 7);
        assert!(are_spread_ranks(&ranks), "{ranks:?}");
        let users = [measure_user(&mine, 100, 2, 1).unwrap()];
        assert_eq!(users[0].moves, 24);
        assert!(users[0].compiled.median > 0.0);
        let extras = Extras {
            pieces: None,
            users: &users,
            apl: Some(&apl),
        };
        let csv = compare_table_with(&measures, &extras, Format::Csv);
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        assert!(header.contains(&"ns_apl") && header.contains(&"APL speed rank"));
        assert_eq!(csv.lines().count(), 1 + 7 + 1);
        assert!(csv.lines().last().unwrap().starts_with("mat (user),6×9,"));
        let table = compare_table_with(&measures, &extras, Format::Markdown);
        assert!(table.contains("ns/turn APL") && table.contains("mat (user)"));
        // Without the extras, the table is as it was.
        assert!(!compare_table(&measures, None, Format::Csv).contains("ns_apl"));
        let paper = paper_table_with(&measures, &measures, Some(&apl), Format::Csv);
        assert!(
            paper
                .lines()
                .next()
                .unwrap()
                .ends_with(",speed_apl_measured,ns_apl,ns_apl_low,ns_apl_high")
        );
        assert!(
            paper_table_with(&measures, &measures, Some(&apl), Format::Table)
                .contains("Speed in APL")
        );
    }

    #[test]
    fn general_is_counted_from_sizes_lines_and_growth() {
        let sweep = measure_sizes(2..=4, 50, 1, 1, |_, _| {}).unwrap();
        let g = general(&sweep);
        let of = |k: RepKind| g.iter().find(|g| g.kind == k).unwrap();
        assert_eq!(of(RepKind::Numeric).bytes_growth, 3);
        assert_eq!(of(RepKind::Local).bytes_growth, 2);
        assert_eq!(of(RepKind::Vector).bytes_growth, 2);
        assert_eq!(of(RepKind::Composite).sizes, 2..=3);
        let ranks = general_ranks(&g);
        // Local holds every size, needs no extra lines, and grows as N²: first.
        assert_eq!(ranks[1], 1);
        // Composite and visual hold two sizes: last two.
        assert!(ranks[2] >= 6 && ranks[3] >= 6);
    }

    #[test]
    fn growth_is_the_log_log_slope() {
        assert!((growth(&[(2, 8.0), (4, 64.0)]) - 3.0).abs() < 1e-9);
        assert!((growth(&[(2, 4.0), (3, 9.0), (4, 16.0)]) - 2.0).abs() < 1e-9);
        assert_eq!(growth(&[(3, 5.0)]), 0.0);
    }
}
