//! The 5×5×5's centres several ways, for the edge stage to choose from: the edge stage's
//! length varies with the edges' state that the centres' turns leave, so that of several
//! centre answers of the least length the one whose edges pair shortest is kept
//! (`reduction/mod.rs`). Stage 1 by the beam, then up to [`SECONDS`] shortest answers of
//! stage 2 and for each up to [`THIRDS`] shortest answers of stage 3, all by IDA*.

use super::{first, home, home_of, run_stage, staged};
use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::model::LayerMove;

/// How many of stage 2's shortest answers are tried.
pub(crate) const SECONDS: usize = 4;

/// How many of stage 3's shortest answers are tried after each of stage 2's.
pub(crate) const THIRDS: usize = 4;

/// A copy of `work`'s state with no turns made.
fn copy<'a>(work: &Work<'a>) -> Work<'a> {
    Work {
        tables: work.tables,
        stickers: work.stickers.clone(),
        made: Vec::new(),
    }
}

/// Up to `SECONDS × THIRDS` ways to bring every centre of `work` home (the 5×5×5 only), each
/// the turns from `work`'s state, keeping each wing orbit's parity; empty on other sizes or
/// if a stage's search runs out of budget.
pub(crate) fn several(work: &Work<'_>) -> Result<Vec<Vec<LayerMove>>, SolveError> {
    let model = &work.tables.model;
    let Some(home) = home_of(model) else {
        return Ok(Vec::new());
    };
    let staged = staged(model);
    let mut first_done = copy(work);
    let mut flips = 0u8;
    if !run_stage(&mut first_done, 0, &mut flips)? {
        return Ok(Vec::new());
    }
    let start = staged.masks_of(model, 1, &first_done.stickers);
    let search = first::First::new(staged, 1);
    let Some(second) = search.several(([0, 1].map(|o| start[o][0]), flips), SECONDS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for turns in second {
        let mut done = copy(&first_done);
        done.made.clone_from(&first_done.made);
        for t in turns {
            done.make(&staged.turns[t].moves);
        }
        let start = staged.masks_of(model, 2, &done.stickers);
        let Some(third) = home.several(&home::Home::state(staged, &start), THIRDS)? else {
            continue;
        };
        for turns in third {
            let mut moves = done.made.clone();
            for t in turns {
                moves.extend_from_slice(&staged.turns[t].moves);
            }
            out.push(moves);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::random;
    use crate::solve::search::reduction::tests::{parities, work_on};
    use crate::state::geometry::Geometry;
    use rand::SeedableRng;

    #[test]
    fn each_of_the_several_centre_answers_brings_every_centre_home_and_keeps_the_parity() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5560);
        let g = Geometry::of(5);
        for _ in 0..2 {
            let work = work_on(5, &random::random_state(5, &mut rng));
            let before = parities(&work);
            let ways = several(&work).unwrap();
            assert!(ways.len() > 1, "{} answers", ways.len());
            assert!(ways.len() <= SECONDS * THIRDS);
            for (i, moves) in ways.iter().enumerate() {
                assert!(ways[..i].iter().all(|other| other != moves));
                let mut done = copy(&work);
                done.make(moves);
                for &p in done.model().centre_orbits.iter().flatten() {
                    assert_eq!(done.stickers[p], g.face_of(p));
                }
                assert_eq!(parities(&done), before);
            }
        }
    }
}
