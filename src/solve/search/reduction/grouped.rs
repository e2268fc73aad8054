//! The 6×6×6 to 9×9×9's centres as a 5×5×5's: inner layers grouped into blocks that always
//! turn together make a big cube act as a 5×5×5 (the 7×7×7's layers {1}, {2, 3}, {4},
//! {5, 6}, {7} as the 5×5×5's five, its X-centre a 2×2 block of pieces and its T-centre a 1×2
//! block). So the centres are built in two steps: (1) every such block made **coherent** —
//! all its stickers one colour, and the middle block of each face (the 5×5×5's fixed centre;
//! on the even sizes a 2×2 block) its home colour — by the greedy's sequences and
//! three-cycles (`centres.rs`) scored for coherence; (2) the 5×5×5 those blocks make solved
//! by its stages (`staged.rs`) on the grouped turns, each of its layers turned as the layers
//! of its group.
//!
//! Both keep each wing orbit's parity: the sequences and three-cycles do (`centres.rs`), and
//! the 5×5×5's stages put back its wing orbit's parity, which a grouped turn changes exactly
//! when it changes the parity of each big orbit of the group's layers.

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::centres::greedy_beam;
use crate::solve::search::reduction::coherence::{Blocks, Small, cohere};
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::inner;
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::write;
use crate::turn::face::Face;

/// The small cube's size.
const SMALL: usize = 5;

/// The sizes whose centres are also built the 5×5×5's way: on the 9×9×9 (blocks of 3×3,
/// 3×1 and 1×1 stickers) the coherence step is left out. It used to be on the 7×7×7 too, after
/// the greedy coherence stalled on the first random state tried; on ten states
/// (`cargo bench --bench big_cubes -- states 7 10 FILE`) it finished ten of eleven solves
/// (the first solved twice), on the 8×8×8 three of eleven.
pub(crate) const SIZES: std::ops::RangeInclusive<usize> = 6..=8;

/// A way to build the centres of a 6×6×6 to 9×9×9.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// The beam over the greedy's steps ([`greedy_beam`]).
    Beam,
    /// As a 5×5×5's ([`centres`]).
    Grouped,
    /// From the inside out (`inner.rs`).
    Inner,
}

/// The ways a size's centres are built, the shortest kept (measured on ten states of each
/// size, the centres' moves on average: the 6×6×6 beam 242, grouped 196, inside out 255;
/// the 7×7×7 beam 425, inside out 401, with its rings' beam four times as wide 378 — which
/// alone, at a third of the time, kept the whole solve as short as all three ways; the
/// 8×8×8 beam 730, inside out 756 but shorter on three states of ten, grouped 641 on the three
/// it finished; the 9×9×9 beam 1,037, inside out 1,022, the shorter of each state kept).
/// Since each ring from the inside out is also tried as a 5×5×5's (`inner.rs`), that way is
/// the shortest on the 7×7×7 to 9×9×9 (its rings a quarter shorter), the beam left out of
/// the 8×8×8's and 9×9×9's (tried only should no way finish), and tried on the 6×6×6 too
/// (its ring 176 moves against the beam's 235 on three states, about the grouped way's).
fn ways(n: usize) -> &'static [Way] {
    match n {
        6 => &[Way::Beam, Way::Grouped, Way::Inner],
        7 => &[Way::Inner],
        8 => &[Way::Grouped, Way::Inner],
        _ => &[Way::Inner],
    }
}

/// The 6×6×6 to 9×9×9's centres: each way of [`ways`] from the same state — the beam over
/// the greedy's steps ([`greedy_beam`], `width` states trying `k` steps each), the 5×5×5's
/// way ([`centres`]) and from the inside out (`inner.rs`), both with the 5×5×5 solved by
/// `small` (its stages, `staged.rs`) — the shortest kept; the beam if none of them finished.
/// Whether every centre is home.
pub(crate) fn big_centres(
    work: &mut Work<'_>,
    width: usize,
    k: usize,
    small: &Small,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    let (start, made) = (work.stickers.clone(), work.made.len());
    let length = |moves: &[LayerMove]| write::write(n, &write::merge(n, moves)).len();
    let mut best: Option<(usize, Vec<Face>, Vec<LayerMove>)> = None;
    let mut list = ways(n).to_vec();
    let mut next = 0;
    while let Some(&way) = list.get(next) {
        next += 1;
        let done = match way {
            Way::Beam => greedy_beam(work, &|f| f.index() as u8, width, k)?,
            Way::Grouped => SIZES.contains(&n) && centres(work, small)?,
            Way::Inner => inner::centres(work, width, k, small)?,
        };
        let l = length(&work.made[made..]);
        if done && best.as_ref().is_none_or(|b| l < b.0) {
            best = Some((l, work.stickers.clone(), work.made[made..].to_vec()));
        }
        work.stickers.clone_from(&start);
        work.made.truncate(made);
        if next == list.len() && best.is_none() && !list.contains(&Way::Beam) {
            list.push(Way::Beam);
        }
    }
    let Some((_, stickers, moves)) = best else {
        return Ok(false);
    };
    work.stickers = stickers;
    work.made.extend(moves);
    Ok(true)
}

/// Which of the 5×5×5's layers each of the `n`×`n`×`n`'s layers turns with (6 to 9).
pub(crate) fn groups(n: usize) -> Vec<usize> {
    match n {
        6 => vec![0, 1, 2, 2, 3, 4],
        7 => vec![0, 1, 1, 2, 3, 3, 4],
        8 => vec![0, 1, 1, 2, 2, 3, 3, 4],
        _ => vec![0, 1, 1, 1, 2, 3, 3, 3, 4],
    }
}

/// The centres of a 6×6×6 to 9×9×9 as a 5×5×5's: every block made coherent, then the 5×5×5
/// they make solved by `small` (its stages), its turns made on the big cube's layer groups.
/// Whether every centre is then home.
pub(crate) fn centres(work: &mut Work<'_>, small: &Small) -> Result<bool, SolveError> {
    let n = work.model().n;
    let blocks = Blocks::with(n, groups(n));
    if !cohere(work, &blocks)? {
        return Ok(false);
    }
    let mut five = Work {
        tables: tables(SMALL),
        stickers: blocks.small.iter().map(|&i| work.stickers[i]).collect(),
        made: Vec::new(),
    };
    if !small(&mut five)? {
        return Ok(false);
    }
    let moves = inner::on_groups(&five.made, &blocks.groups);
    work.make(&moves);
    Ok(work.centres_home())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::{parities, work_on};
    use crate::solve::search::reduction::{random, staged};
    use crate::state::cube::Cube;
    use crate::turn::moves::PaperAxis;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn each_big_cube_turned_by_layer_groups_shows_the_5x5x5_turned_by_layers() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4870);
        let small_model = &tables(SMALL).model;
        for n in 6..=9 {
            let blocks = Blocks::with(n, groups(n));
            let model = &tables(n).model;
            let mut small = Cube::solved_n(SMALL).stickers().to_vec();
            let mut big = Cube::solved_n(n).stickers().to_vec();
            for _ in 0..40 {
                let m = LayerMove {
                    axis: PaperAxis::ALL[rng.random_range(0..3)],
                    layer: rng.random_range(0..SMALL),
                    quarters: rng.random_range(1..=3),
                };
                small_model.apply(&mut small, m);
                for layer in (0..n).filter(|&l| blocks.groups[l] == m.layer) {
                    model.apply(&mut big, LayerMove { layer, ..m });
                }
                // Every block stays coherent, and shows the small cube's sticker.
                let view: Vec<Face> = blocks.small.iter().map(|&i| big[i]).collect();
                assert_eq!(view, small, "n {n}");
                for members in &blocks.members {
                    assert!(members.iter().all(|&i| big[i] == big[members[0]]), "n {n}");
                }
            }
        }
    }

    #[test]
    fn coherent_blocks_then_the_5x5x5_stages_bring_the_6x6x6_centres_home_keeping_parity() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4871);
        let n = 6;
        let g = crate::state::geometry::Geometry::of(n);
        let home: Vec<Face> = (0..6 * n * n).map(|i| g.face_of(i)).collect();
        for _ in 0..2 {
            let cube = random::random_state(n, &mut rng);
            let mut work = work_on(n, &cube);
            let start = Cube::from_stickers(n, work.stickers.clone()).unwrap();
            let before = parities(&work);
            let blocks = Blocks::with(n, groups(n));
            assert!(cohere(&mut work, &blocks).unwrap());
            assert!(blocks.coherent(&work.stickers, &home));
            assert_eq!(parities(&work), before);
            let mut whole = work_on(n, &cube);
            assert!(centres(&mut whole, &staged::solve).unwrap());
            assert_eq!(parities(&whole), before);
            // The moves written in WCA notation, made on the cube's own sticker model.
            let mut turned = start;
            turned
                .apply_all(&write::write(n, &write::merge(n, &whole.made)))
                .unwrap();
            for &i in whole.model().centre_orbits.iter().flatten() {
                assert_eq!(turned.stickers()[i], g.face_of(i));
            }
        }
    }
}
