//! Timing the paper's setting: the representations' quarter-turns run by the APL evaluator
//! from their definitions, and the representations of one's own, by conjugation.

use std::hint::black_box;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::timing::{COMPILED_PER_ROUND, COMPILED_SAMPLE, MAX_TURNS, Timing, sample_chunks};
use crate::base::cancel::Cancelled;
use crate::rep::{Gather, RepKind};
use crate::state::cube::Cube;
use crate::turn::moves::LayerTurn;

/// The most quarter-turns the APL column times a round: the evaluator takes microseconds a
/// turn, so a thousand (the start of the same random sequence) are plenty for a median.
pub const APL_TURNS: usize = 1_000;

/// Turns timed together as one sample in the APL column.
pub(super) const APL_SAMPLE: usize = 20;

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
/// sequence [`measure`](super::timing::measure) makes from `seed`: a warm-up round, then `rounds` rounds in which they
/// take turns. Calls `tick(round)` after each round. A representation of one's own whose
/// functions fail on a state is left out.
pub fn measure_apl(
    turns: usize,
    rounds: usize,
    seed: u64,
    users: &[crate::rep::user::UserRep],
    mut tick: impl FnMut(usize),
) -> Result<Vec<AplMeasure>, Cancelled> {
    let turns = turns.min(APL_TURNS);
    let all = LayerTurn::quarter_turns(3);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sequence: Vec<LayerTurn> = (0..turns)
        .map(|_| all[rng.random_range(0..all.len())])
        .collect();
    let mut subjects: Vec<AplSubject> = RepKind::ALL
        .into_iter()
        .filter_map(|kind| paper_subject(kind, &all, &sequence))
        .chain(
            users
                .iter()
                .filter_map(|u| user_subject(u, &all, &sequence)),
        )
        .collect();
    let count = subjects.len();
    for round in 0..=rounds {
        for i in 0..count {
            subjects[(i + round) % count].time_round(round > 0)?;
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

/// The name of the paper's function for a quarter-turn of the 3×3×3, if it has one.
fn move_name(t: LayerTurn) -> Option<String> {
    t.paper_letter(3)
        .map(|letter| crate::apl::paper::move_name(letter, t.inverse))
}

/// The APL column's subject for one of the seven: its paper workspace, and the turns of
/// `sequence` it defines (of `all`, the quarter-turns).
fn paper_subject(kind: RepKind, all: &[LayerTurn], sequence: &[LayerTurn]) -> Option<AplSubject> {
    let ws = crate::apl::paper::workspace(kind.name())?;
    let distinct: Vec<LayerTurn> = all
        .iter()
        .copied()
        .filter(|&t| kind.undefined_turn(3, t).is_none())
        .collect();
    Some(AplSubject {
        name: kind.name().to_string(),
        kind: Some(kind),
        ws,
        chains: distinct
            .iter()
            .filter_map(|&t| move_name(t))
            .map(|n| vec![n])
            .collect(),
        sequence: sequence
            .iter()
            .filter_map(|t| distinct.iter().position(|d| d == t))
            .collect(),
        state: kind.build(&Cube::solved()).ok()?.apl_value(),
        samples: Vec::new(),
        failed: false,
    })
}

/// The APL column's subject for a representation of one's own: each turn the vector's,
/// conjugated by its ENCODE and DECODE (made from its cells' sources if it has none).
fn user_subject(
    user: &crate::rep::user::UserRep,
    all: &[LayerTurn],
    sequence: &[LayerTurn],
) -> Option<AplSubject> {
    let mut ws = user.workspace()?;
    let decode = match &user.decode {
        Some(d) => d.clone(),
        None => {
            let back: Vec<String> = user.back.iter().map(|b| (b + 1).to_string()).collect();
            ws.eval_line(&format!("⍙DECODE: (,⍵)[{}]", back.join(" ")))
                .ok()?;
            "⍙DECODE".to_string()
        }
    };
    let chains = all
        .iter()
        .filter_map(|&t| move_name(t))
        .map(|m| vec![decode.clone(), m, user.encode.clone()])
        .collect();
    let vector = RepKind::Vector.build(&Cube::solved()).ok()?;
    Some(AplSubject {
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
    })
}

impl AplSubject {
    /// One round of its turns, in samples of [`APL_SAMPLE`]; kept if `kept` (not the warm-up).
    /// A function that fails marks it failed, and it is timed no more.
    fn time_round(&mut self, kept: bool) -> Result<(), Cancelled> {
        if self.failed {
            return Ok(());
        }
        let (chains, state, ws, failed) = (
            &self.chains,
            &mut self.state,
            &mut self.ws,
            &mut self.failed,
        );
        let mut samples = Vec::new();
        sample_chunks(
            self.sequence.chunks(APL_SAMPLE),
            kept,
            &mut samples,
            |chunk| {
                for &j in chunk {
                    if *failed {
                        break;
                    }
                    for f in &chains[j] {
                        let given = std::mem::replace(state, crate::apl::Value::num(0.0));
                        match ws.call(black_box(f), None, given) {
                            Ok(v) => *state = v,
                            Err(_) => *failed = true,
                        }
                    }
                }
            },
        )?;
        // A function that failed times nothing: its samples are not kept.
        if !self.failed {
            self.samples.extend(samples);
        }
        Ok(())
    }
}

/// A representation of one's own, measured at the 3×3×3: its compiled turns (by
/// conjugation) on the same random sequence [`measure`](super::timing::measure) times.
#[derive(Clone, Debug)]
pub struct UserMeasure {
    /// Its name.
    pub name: String,
    /// Its shape, e.g. `6×9`.
    pub shape: String,
    /// What a cell holds ([`UserRep::element`](crate::rep::user::UserRep::element)).
    pub element: &'static str,
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
/// turns of the random quarter-turns [`measure`](super::timing::measure) makes at the 3×3×3 from `seed`.
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
        sample_chunks(
            sequence.chunks(COMPILED_SAMPLE),
            round > 0,
            &mut samples,
            |chunk| {
                for g in chunk {
                    if state.len() == crate::base::simd::padded_len(len) {
                        // SAFETY: `state_of` pads the buffer to `padded_len(len)` bytes, and
                        // it is owned here and borrowed by nothing else.
                        unsafe { black_box(g).apply_bytes_padded(&mut state[..len]) }
                    }
                }
                black_box(&state);
            },
        )?;
    }
    Ok(UserMeasure {
        name: user.name.clone(),
        shape: user.shape_text(),
        element: user.element(),
        bytes: len,
        moves: user.moves.len(),
        turns: gathers.len(),
        compiled: Timing::of(samples),
    })
}
