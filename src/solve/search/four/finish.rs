//! The reduced cube's finish: the PLL parity fixed where it is left, and the 3×3×3 solved
//! by the two-phase search (the join with the reduction merged where it can).
//!
//! The two-phase search settles for its first answer of 20 moves or fewer after a few
//! probes; more probes find shorter ones, at a cost: every reduction is finished cheaply
//! (`PROBES`), then the `SHORTENED` shortest again with `MORE_PROBES`, and the shortest whole
//! kept. Each reduction was once also finished after each of the six outer turns about its
//! last turn's axis (so that the join could cancel), seven cheap finishes a reduction and
//! the four shortest of them finished again: on the benchmark's 50 states (`big_cubes --
//! solve`) that took 45.0 moves, and one finish a reduction with the two shortest finished
//! again takes 45.0 too (44.98 against 45.04 over all 50, counted from the cheap and the
//! 3,000-probe finish of every candidate) at 11 % less CPU time in all; the cheap finish
//! picks the 3,000-probe finish's best badly (they differ by 0 to 4 moves), so the seven
//! finishes' refinished four were mostly one reduction's variants.
//!
//! Now twelve reductions (`FINISHES`), each finished after `RANK_PROBES` probes (a closer
//! estimate of its 3×3×3 than the first answer), and only the shortest again, after
//! `MORE_PROBES` = 15,000: 44.9 moves on the benchmark's 50 states against 45.0, at about a
//! tenth more CPU time (39.5 s of user time against 36.1 s, one run each at a load of 8 to
//! 9; 44.0 s against 50.7 s for main's build in another pair, one after the other, at a
//! load of 9: within the noise). The two shortest again after 15,000 probes (six
//! reductions, 5 probes each): 44.8 at 43.2 s, a fifth more; twelve ranked so and the two
//! shortest after 10,000, 44.8 at 45.1 s (after main's 50.7 s); six ranked so and the
//! shortest after 40,000, 44.7 at 63.3 s. A probe costs about 6 µs, so the finish kept adds
//! about 60 ms to every solve. Each: `big_cubes -- solve` of the benchmark's 50 states.
//!
//! The same probes split (1 December, 02:01–02:09 UTC, a load of 8 to 10, two runs at once;
//! main's settings 44.9 moves at 40.0 to 43.9 s in other pairs): the two shortest again
//! after 7,500 each, 44.9 at 40.6 s; the three after 5,000, 45.0 at 39.7 s; twelve ranked
//! after 50 probes, 44.9 at 42.1 s. None shorter: not kept.

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::four::moves::N;
use crate::solve::search::four::{Three, Work, pll_parity};
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::{Reduced, write};
use crate::turn::moves::Move;

/// The probes of the 3×3×3 where no candidate is ranked (the two-phase search's default).
pub(crate) const PROBES: u64 = 5;
/// The probes of the finish of every candidate, by which they are ranked.
pub(crate) const RANK_PROBES: u64 = 100;
/// The probes of the finishes of the shortest candidates.
const MORE_PROBES: u64 = 15_000;
/// How many of the shortest candidates are finished again with `MORE_PROBES`.
const SHORTENED: usize = 1;

/// A reduced cube ready for its 3×3×3: the turns made, the stages' lengths, the reduction
/// written, and the rotation of the holding it was found in.
pub(crate) struct Ready<'a> {
    work: Work<'a>,
    stages: [usize; 4],
    reduction: Vec<Move>,
    rotation: Vec<Move>,
}

/// The reduced cube of `work` (its stages' lengths `stages`, found in the holding of
/// `rotation`), its PLL parity fixed where it is left.
pub(crate) fn ready<'a>(
    mut work: Work<'a>,
    mut stages: [usize; 4],
    rotation: &[Move],
) -> Result<Ready<'a>, SolveError> {
    if CubieCube::from_cube(&work.small()?).is_err() {
        stages[0] = work.make(&pll_parity());
    }
    let reduction = write::write(N, &write::merge(N, &work.made));
    Ok(Ready {
        work,
        stages,
        reduction,
        rotation: rotation.to_vec(),
    })
}

/// The whole answer of `r`, its 3×3×3 solved by `three` after `probes` probes.
pub(crate) fn complete(r: &Ready, probes: u64, three: &Three) -> Result<Reduced, SolveError> {
    let mut work = Work {
        t: r.work.t,
        stickers: r.work.stickers.clone(),
        made: r.work.made.clone(),
    };
    let state = CubieCube::from_cube(&work.small()?)?.0;
    let last = LayerMove::of_face_moves(N, &three(&state, probes)?, "an outer turn on a 4×4×4")?;
    let mut stages = r.stages;
    stages[3] = work.make(&last);
    let merged = write::merge(N, &work.made);
    let mut moves = r.rotation.clone();
    moves.extend(write::write(N, &merged));
    let mut reduction = r.rotation.clone();
    reduction.extend_from_slice(&r.reduction);
    Ok(Reduced {
        moves,
        rotation: r.rotation.clone(),
        stages,
        reduction,
    })
}

/// The shortest whole answer of the candidates `ready`: each finished after
/// `RANK_PROBES` probes, then the shortest again with more.
pub(crate) fn best(ready: &[Ready], three: &Three) -> Result<Reduced, SolveError> {
    let mut done = Vec::with_capacity(ready.len());
    for (i, r) in ready.iter().enumerate() {
        let whole = complete(r, RANK_PROBES, three)?;
        done.push((length(&whole), i, whole));
    }
    done.sort_by_key(|d| (d.0, d.1));
    let mut again = Vec::new();
    for &(_, i, _) in done.iter().take(SHORTENED) {
        let whole = complete(&ready[i], MORE_PROBES, three)?;
        again.push((length(&whole), i, whole));
    }
    done.extend(again);
    done.into_iter()
        .min_by_key(|d| (d.0, d.1))
        .map(|d| d.2)
        .ok_or(SolveError::Unreachable("a finish of the reduced 4×4×4"))
}

/// An answer's length in the half-turn metric (a wide turn one move).
pub(crate) fn length(r: &Reduced) -> u64 {
    r.moves
        .iter()
        .map(|m| crate::sequence::alg::move_cost(m, crate::turn::metric::Metric::Htm))
        .sum()
}
