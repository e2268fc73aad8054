//! The 5×5×5's centres several ways, for the edge stage to choose from: the edge stage's
//! length varies with the edges' state that the centres' turns leave, so that of several
//! centre answers the one whose edges pair shortest is kept (`reduction/mod.rs`). Up to
//! [`FIRSTS`] of stage 1's beam's states at the goal (those of the first layer that has any:
//! one on most states, a few on some), then for each up to [`SECONDS`] shortest answers of
//! stage 2 and for each of those up to [`THIRDS`] shortest answers of stage 3, both by IDA*:
//! up to 216 answers, about 30 on average.

use super::{first, home, home_of, run_stage, staged};
use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::model::LayerMove;

/// How many of stage 1's beam's states at the goal are tried.
pub(crate) const FIRSTS: usize = 6;

/// How many of stage 2's shortest answers are tried after each of stage 1's.
pub(crate) const SECONDS: usize = 6;

/// How many of stage 3's shortest answers are tried after each of stage 2's.
pub(crate) const THIRDS: usize = 6;

/// How many stage 2 or stage 3 searches may run out of budget before the rest of the ways
/// are left untried: each spends the whole budget, and a state that exhausts one search
/// tends to exhaust the next, so without a cap a hard state would pay for every way.
const MAX_SPENT: usize = 2;

/// A centre answer: which of stage 1's ends, stage 2's and stage 3's answers it is made of,
/// and its turns.
pub(crate) type Answer = ([usize; 3], Vec<LayerMove>);

/// Up to `FIRSTS × SECONDS × THIRDS` ways to bring every centre of `work` home (the 5×5×5
/// only), each the turns from `work`'s state, keeping each wing orbit's parity; empty on
/// other sizes. A way whose stage 2 or 3 runs out of budget is left out, and after
/// `MAX_SPENT` such searches the ways not yet tried are too.
pub(crate) fn several(work: &Work<'_>) -> Result<Vec<Vec<LayerMove>>, SolveError> {
    Ok(several_of(work, FIRSTS, SECONDS, THIRDS)?
        .into_iter()
        .map(|(_, moves)| moves)
        .collect())
}

/// Up to `firsts × seconds × thirds` ways: up to `firsts` of stage 1's beam's states at the
/// goal, for each up to `seconds` answers of stage 2, for each up to `thirds` of stage 3.
pub(crate) fn several_of(
    work: &Work<'_>,
    firsts: usize,
    seconds: usize,
    thirds: usize,
) -> Result<Vec<Answer>, SolveError> {
    let model = &work.tables.model;
    let Some(home) = home_of(model) else {
        return Ok(Vec::new());
    };
    let staged = staged(model);
    let mut ends = Vec::new();
    let start = staged.masks_of(model, 0, &work.stickers);
    for turns in staged.ends(0, start, 0, super::WIDTH, firsts)? {
        let mut done = work.restarted();
        let mut flips = 0u8;
        for t in turns {
            flips ^= staged.turns[t].flips;
            done.make(&staged.turns[t].moves);
        }
        let start = staged.masks_of(model, 0, &done.stickers);
        if staged.score(0, &start, flips) != 0 {
            // The beam fell short: the stage as the solver makes it.
            done = work.restarted();
            flips = 0;
            if !run_stage(&mut done, 0, &mut flips)? {
                continue;
            }
        }
        ends.push((done, flips));
    }
    let mut out = Vec::new();
    let mut spent = 0;
    'ends: for (a, (first_done, flips)) in ends.into_iter().enumerate() {
        let start = staged.masks_of(model, 1, &first_done.stickers);
        let search = first::First::new(staged, 1);
        let Some(second) = search.several(([0, 1].map(|o| start[o][0]), flips), seconds)? else {
            spent += 1;
            if spent == MAX_SPENT {
                break;
            }
            continue;
        };
        for (b, turns) in second.into_iter().enumerate() {
            let mut done = first_done.restarted();
            done.made.clone_from(&first_done.made);
            for t in turns {
                done.make(&staged.turns[t].moves);
            }
            let start = staged.masks_of(model, 2, &done.stickers);
            let Some(third) = home.several(&home::Home::state(staged, &start), thirds)? else {
                spent += 1;
                if spent == MAX_SPENT {
                    break 'ends;
                }
                continue;
            };
            for (c, turns) in third.into_iter().enumerate() {
                let mut moves = done.made.clone();
                for t in turns {
                    moves.extend_from_slice(&staged.turns[t].moves);
                }
                out.push(([a, b, c], moves));
            }
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
            assert!(ways.len() <= FIRSTS * SECONDS * THIRDS);
            for (i, moves) in ways.iter().enumerate() {
                assert!(ways[..i].iter().all(|other| other != moves));
                let mut done = work.restarted();
                done.make(moves);
                for &p in done.model().centre_orbits.iter().flatten() {
                    assert_eq!(done.stickers[p], g.face_of(p));
                }
                assert_eq!(parities(&done), before);
            }
        }
    }
}

#[cfg(test)]
mod pool {
    use super::*;
    use crate::solve::search::reduction::edge_beam::{self, Beam};
    use crate::state::cube::Cube;
    use crate::turn::face::Face;

    /// Each centre answer of each state of a file (`FIVE_FILE`, as `cargo bench --bench
    /// big_cubes -- states 5 20 FILE` writes it), up to `FIVE_POOL` ("6 6 6": stage 1's ends,
    /// stage 2's and stage 3's answers) of them: a line `P state answer first second third
    /// centres greedy screen full`, each the moves to reduce so far as written (after the
    /// parity turn), the full beam's only for the `FIVE_TOP` (4) best by the greedy and by
    /// the screen, else 0; then `T state` and the seconds the centres, greedy, screens and
    /// full beams took. `FIVE_FILE=FILE cargo test --release --lib
    /// the_5x5x5_centre_answers_by_their_edges -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_5x5x5_centre_answers_by_their_edges() {
        let Ok(file) = std::env::var("FIVE_FILE") else {
            eprintln!("FIVE_FILE names no file of states");
            return;
        };
        let dims: Vec<usize> = std::env::var("FIVE_POOL")
            .unwrap_or("6 6 6".into())
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let tables = crate::solve::search::reduction::cycles::tables(5);
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let cube = Cube::from_facelets_n(line.trim(), 5).unwrap();
            let home = |c: &Cube| Face::ALL.iter().all(|&f| c.centre(f) == Some(f));
            let (cube, _) = crate::state::pieces::rotate_until(&cube, home).unwrap();
            let mut work = Work {
                tables,
                stickers: cube.stickers().to_vec(),
                made: Vec::new(),
            };
            crate::solve::search::reduction::oll_parity(&mut work).unwrap();
            let t = std::time::Instant::now();
            let ways = several_of(&work, dims[0], dims[1], dims[2]).unwrap();
            let tc = t.elapsed().as_secs_f64();
            let after = |moves: &[LayerMove]| {
                let mut w = work.clone();
                w.make(moves);
                w
            };
            let length = |w: &Work<'_>| {
                crate::solve::search::reduction::write::write(
                    5,
                    &crate::solve::search::reduction::write::merge(5, &w.made),
                )
                .len()
            };
            let mut times = [0f64; 3];
            let mut rows = Vec::new();
            for (k, (origin, moves)) in ways.iter().enumerate() {
                let c = length(&after(moves));
                let mut ls = [0usize; 3];
                for (j, beam) in [Beam::GREEDY, edge_beam::SCREEN].iter().enumerate() {
                    let t = std::time::Instant::now();
                    let mut w = after(moves);
                    edge_beam::pair(&mut w, beam).unwrap();
                    times[j] += t.elapsed().as_secs_f64();
                    ls[j] = length(&w);
                }
                rows.push((k, *origin, c, ls));
            }
            let top: usize = std::env::var("FIVE_TOP").map_or(4, |c| c.parse().unwrap());
            let mut by_s: Vec<usize> = (0..rows.len()).collect();
            by_s.sort_by_key(|&k| rows[k].3[1]);
            let mut by_g: Vec<usize> = (0..rows.len()).collect();
            by_g.sort_by_key(|&k| rows[k].3[0]);
            for &k in by_s.iter().take(top).chain(by_g.iter().take(top)) {
                if rows[k].3[2] == 0 {
                    let t = std::time::Instant::now();
                    let mut w = after(&ways[k].1);
                    edge_beam::pair(&mut w, &Beam::of(5)).unwrap();
                    times[2] += t.elapsed().as_secs_f64();
                    rows[k].3[2] = length(&w);
                }
            }
            for (k, origin, c, ls) in rows {
                println!(
                    "P {i} {k} {} {} {} {c} {} {} {}",
                    origin[0], origin[1], origin[2], ls[0], ls[1], ls[2]
                );
            }
            println!(
                "T {i} {tc:.3} {:.3} {:.3} {:.3}",
                times[0], times[1], times[2]
            );
        }
    }
}
