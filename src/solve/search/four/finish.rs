//! The reduced cube's finish: the PLL parity fixed where it is left, and the 3×3×3 solved
//! by the two-phase search, so that the join with the reduction cancels where it can.
//!
//! The last phase ends with a wide half turn, and the run of turns about its axis at the end
//! of the reduction may hold outer turns too: a 3×3×3 answer that begins with an outer turn
//! of that axis merges with them (`R Rw2` then `R'` is `Rw2`). So each reduction is finished
//! from the reduced cube as it is and after each of the six outer turns of that axis (the
//! turn written first in the 3×3×3's part), and the shortest whole kept. The two-phase
//! search settles for its first answer of 20 moves or fewer after a few probes; more probes
//! find shorter ones, at a cost: all the candidates are finished cheaply (`PROBES`), then the
//! `SHORTENED` shortest again with `MORE_PROBES`.

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::four::moves::N;
use crate::solve::search::four::{Three, Work, pll_parity};
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::{Reduced, write};
use crate::turn::moves::Move;

/// The probes of the cheap finish of every candidate (the two-phase search's default).
pub(crate) const PROBES: u64 = 5;
/// The probes of the finishes of the shortest candidates.
const MORE_PROBES: u64 = 3000;
/// How many of the shortest candidates are finished again with `MORE_PROBES`.
const SHORTENED: usize = 4;

/// A reduced cube ready for its 3×3×3: the turns made (a first turn of the 3×3×3's part
/// among them, `extra` of them), the stages' lengths, the reduction written, and the
/// rotation of the holding it was found in.
pub(crate) struct Ready<'a> {
    work: Work<'a>,
    stages: [usize; 4],
    extra: usize,
    reduction: Vec<Move>,
    rotation: Vec<Move>,
}

/// The reduced cube of `work` (its stages' lengths `stages`, found in the holding of
/// `rotation`), its PLL parity fixed where it is left: as it is and after each outer turn
/// about the axis of its last turn.
pub(crate) fn ready<'a>(
    mut work: Work<'a>,
    mut stages: [usize; 4],
    rotation: &[Move],
) -> Result<Vec<Ready<'a>>, SolveError> {
    if CubieCube::from_cube(&work.small()?).is_err() {
        stages[0] = work.make(&pll_parity());
    }
    let reduction = write::write(N, &write::merge(N, &work.made));
    let mut firsts: Vec<Option<LayerMove>> = vec![None];
    if let Some(axis) = work.made.last().map(|m| m.axis) {
        for layer in [0, N - 1] {
            firsts.extend((1..=3).map(|quarters| {
                Some(LayerMove {
                    axis,
                    layer,
                    quarters,
                })
            }));
        }
    }
    let mut out = Vec::with_capacity(firsts.len());
    for first in firsts {
        let mut w = Work {
            t: work.t,
            stickers: work.stickers.clone(),
            made: work.made.clone(),
        };
        let extra = first.map_or(0, |f| w.make(&[f]));
        out.push(Ready {
            work: w,
            stages,
            extra,
            reduction: reduction.clone(),
            rotation: rotation.to_vec(),
        });
    }
    Ok(out)
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
    stages[3] = r.extra + work.make(&last);
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

/// The shortest whole answer of the candidates `ready`: each finished cheaply, then the
/// shortest few again with more probes.
pub(crate) fn best(ready: &[Ready], three: &Three) -> Result<Reduced, SolveError> {
    let mut done = Vec::with_capacity(ready.len());
    for (i, r) in ready.iter().enumerate() {
        let whole = complete(r, PROBES, three)?;
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
