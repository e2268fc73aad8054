//! The 7×7×7 to 9×9×9's centres from the inside out. With its layers grouped as the
//! 5×5×5's five — the outer face with the `j - 1` layers next to it, the layer `j` next to
//! the middle, the middle, the layer on its other side and the other face with its
//! neighbours, `j = (n - 3) / 2` — the inner 3×3 of each face's centres turns exactly as a
//! 5×5×5's centres, with no other step to make blocks of one colour: so the inner 3×3s are
//! solved by the 5×5×5's stages (`staged.rs`, passed in), each of its turns made on the
//! layers of its group. On the even sizes the inner 2×2s turn as a 4×4×4's centres the same
//! way and are solved by the same stages on the 4×4×4. The grouped turns keep the wing orbit
//! next to the middle as even as the small cube's stages keep its own; the outer wing orbits,
//! which its outer quarter-turns change, get their parity back by a quarter-turn of their
//! inner layer, which does not reach the inner centres. Then each outer ring of the centres,
//! innermost first, is brought home by the beam over the greedy's steps (`centres.rs`'s
//! `greedy_beam_on`) counting that ring's orbits only, with the sequences that would move a
//! solved inner sticker left out (three-cycles move only their own orbit), so that what is
//! solved stays solved.

use crate::solve::SolveError;
use crate::solve::search::reduction::centres::{Focus, greedy_beam_on};
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::{Work, odd};
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;

/// The sizes whose centres are built from the inside out.
pub(crate) const SIZES: [usize; 4] = [6, 7, 8, 9];

/// The small cube an `n`×`n`×`n`'s inner centres turn as: the 5×5×5 on odd sizes, the
/// 4×4×4 on even ones.
pub(crate) fn small_size(n: usize) -> usize {
    if n.is_multiple_of(2) { 4 } else { 5 }
}

/// How many layers on each side turn with the outer face: `(n - small) / 2`.
fn outer(n: usize) -> usize {
    (n - small_size(n)) / 2
}

/// A smaller cube's turns made on a big one whose layers are grouped as `groups` (each big
/// layer's small layer): each turn as the turns of every layer of its group.
pub(crate) fn on_groups(made: &[LayerMove], groups: &[usize]) -> Vec<LayerMove> {
    made.iter()
        .flat_map(|m| {
            (0..groups.len())
                .filter(move |&l| groups[l] == m.layer)
                .map(move |layer| LayerMove { layer, ..*m })
        })
        .collect()
}

/// Which of the small cube's layers each of the `n`×`n`×`n`'s layers turns with.
pub(crate) fn groups(n: usize) -> Vec<usize> {
    let (s, j) = (small_size(n), outer(n) + 1);
    (0..n)
        .map(|l| {
            if l < j {
                0
            } else if l >= n - j {
                s - 1
            } else {
                l + 1 - j
            }
        })
        .collect()
}

/// How far a centre sticker's place is from its face's border: 1 on the outer ring of the
/// centres, `(n - 1) / 2` at the middle.
fn ring(n: usize, i: usize) -> usize {
    let (r, c) = ((i % (n * n)) / n, i % n);
    r.min(c).min(n - 1 - r).min(n - 1 - c)
}

/// Whether each wing orbit's permutation is odd against its target.
fn parities(work: &Work<'_>) -> Result<Vec<bool>, SolveError> {
    (0..work.model().wing_orbits.len())
        .map(|o| work.wings(o, None).map(|(have, want)| odd(&have, &want)))
        .collect()
}

/// The centres of an odd `n`×`n`×`n` (7 or 9) from the inside out: the inner 3×3s by
/// `small` (the 5×5×5's stages) on the grouped layers, the wing parity put back, then each
/// outer ring by the beam over the greedy's steps (`width` states trying `k` steps each),
/// what is solved kept. Whether every centre is then home.
pub(crate) fn centres(
    work: &mut Work<'_>,
    width: usize,
    k: usize,
    small: &dyn Fn(&mut Work<'_>) -> Result<bool, SolveError>,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    if !SIZES.contains(&n) {
        return Ok(false);
    }
    let groups = groups(n);
    let g = Geometry::of(n);
    let small_n = small_size(n);
    let sg = Geometry::of(small_n);
    // One big layer of each group: the 5×5×5's stickers as the big cube shows them.
    let one = |s: usize| groups.iter().position(|&x| x == s).unwrap_or(0);
    let view: Vec<Face> = (0..sg.sticker_count())
        .map(|s| {
            let (face, r, c) = (
                sg.face_of(s),
                (s % (small_n * small_n)) / small_n,
                s % small_n,
            );
            work.stickers[g.index(face, one(r), one(c))]
        })
        .collect();
    let mut five = Work {
        tables: tables(small_n),
        stickers: view,
        made: Vec::new(),
    };
    if !small(&mut five)? {
        return Ok(false);
    }
    let moves = on_groups(&five.made, &groups);
    let before = parities(work)?;
    work.make(&moves);
    // Each wing orbit's parity as it was: a quarter-turn of its own inner layer, which is
    // outside the inner centres (the orbit next to the middle is never changed).
    for (o, (was, is)) in before.into_iter().zip(parities(work)?).enumerate() {
        if was != is {
            let layer = work.model().wing_layer(o);
            work.make(&[LayerMove {
                axis: PaperAxis::X,
                layer,
                quarters: 1,
            }]);
        }
    }
    let tables = work.tables;
    let orbits = &tables.model.centre_orbits;
    let home = |work: &Work<'_>, o: usize| {
        work.model().centre_orbits[o]
            .iter()
            .all(|&i| work.stickers[i] == g.face_of(i))
    };
    let inner = outer(n) + 1;
    if !(0..orbits.len())
        .filter(|&o| ring(n, orbits[o][0]) >= inner)
        .all(|o| home(work, o))
    {
        return Ok(false);
    }
    // The rings' beam: on the 7×7×7 four times as wide (ten states' centres 378 moves on
    // average against 401).
    let width = if n == 7 { 4 * width } else { width };
    for r in (1..inner).rev() {
        let focus = Focus {
            orbits: (0..orbits.len())
                .filter(|&o| ring(n, orbits[o][0]) == r)
                .collect(),
            kept: (0..g.sticker_count()).map(|i| ring(n, i) > r).collect(),
        };
        if !greedy_beam_on(work, &|f| f.index() as u8, width, k, &focus)? {
            return Ok(false);
        }
    }
    Ok((0..orbits.len()).all(|o| home(work, o)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::{parities, work_on};
    use crate::solve::search::reduction::{random, staged, write};
    use crate::state::cube::Cube;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_inner_centres_of_the_6x6x6_to_9x9x9_turned_by_layer_groups_are_the_4x4x4s_or_5x5x5s() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4880);
        for n in SIZES {
            let s = small_size(n);
            let (small_model, sg) = (&tables(s).model, Geometry::of(s));
            let groups = groups(n);
            let (g, model) = (Geometry::of(n), &tables(n).model);
            let mut small = Cube::solved_n(s).stickers().to_vec();
            let mut big = Cube::solved_n(n).stickers().to_vec();
            for _ in 0..40 {
                let m = LayerMove {
                    axis: PaperAxis::ALL[rng.random_range(0..3)],
                    layer: rng.random_range(0..s),
                    quarters: rng.random_range(1..=3),
                };
                small_model.apply(&mut small, m);
                for layer in (0..n).filter(|&l| groups[l] == m.layer) {
                    model.apply(&mut big, LayerMove { layer, ..m });
                }
                for face in Face::ALL {
                    for r in 1..s - 1 {
                        for c in 1..s - 1 {
                            let (br, bc) = (r + outer(n), c + outer(n));
                            assert_eq!(
                                big[g.index(face, br, bc)],
                                small[sg.index(face, r, c)],
                                "n {n}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_6x6x6_to_9x9x9_centres_from_the_inside_out_are_home_keeping_parity() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4881);
        for n in SIZES {
            let g = Geometry::of(n);
            let cube = random::random_state(n, &mut rng);
            let mut work = work_on(n, &cube);
            let start = Cube::from_stickers(n, work.stickers.clone()).unwrap();
            let before = parities(&work);
            assert!(centres(&mut work, 8, 4, &staged::solve).unwrap(), "n {n}");
            assert_eq!(parities(&work), before, "n {n}");
            // The moves written in WCA notation, made on the cube's own sticker model.
            let written = write::write(n, &write::merge(n, &work.made));
            eprintln!("{n}: {} moves", written.len());
            let mut turned = start;
            turned.apply_all(&written).unwrap();
            for &i in work.model().centre_orbits.iter().flatten() {
                assert_eq!(turned.stickers()[i], g.face_of(i), "n {n}");
            }
        }
    }
}
