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
//! solved stays solved — or, the shorter of the two kept, as a 5×5×5's (`ring_as_five`):
//! with the layers outside the ring grouped with the face, the ring's own layer, every layer
//! inside it as the middle, the ring's corners turn as a 5×5×5's X-centres, the bars between
//! them (a row of the ring without its corners: oblique, T-centre, oblique on the 7×7×7) as
//! its T-centres and all inside the ring, solved, as its fixed centres, which its stages
//! never turn. So every bar is first made one colour (`coherence.rs`, keeping what is
//! inside, each bar scored by its colours' counts squared), then the 5×5×5's stages bring
//! the ring home. The coherence is most of a ring's moves (on the 6×6×6 about 134 of 176,
//! on the 7×7×7 about 233 of 267): with all inside the ring kept, only three-cycles of the
//! bars' orbits split a bar (a block of layers that reaches inside the ring moves a kept
//! sticker; one that does not moves whole bars), so each bar's colours cost three-cycles.
//! Each ring is built three times, its coherence by beams over the greedy's steps 8 × 2 and
//! 8 × 8 and by 8 × 8 with tied steps in another order (`COHERE_WAYS`), and the shortest
//! ring kept, and on the 6×6×6's ring and the 8×8×8's inner one (bars of two stickers) a
//! fourth, planned (`plan.rs`): a beam over the three-cycles ranked by the cost so far and
//! the three-cycles still needed, estimated from the bars' colours. Measured by the ignored test `the_ring_lengths` (three seeded states of each
//! size, moves of a ring by the beam → as a 5×5×5's with the greedy's coherence alone →
//! with the shortest of the greedy and beams 4 × 4, 8 × 2 and 8 × 8, the ways before these):
//! the 6×6×6's ring 235 → 176 → 165.3 (its inner 2×2 22), the 7×7×7's 360 → 267.3 → 257.7,
//! the 8×8×8's inner ring 264 → 174.7 → 163.0 and outer 509 → 397.7 → 382.0, the 9×9×9's
//! 397 → 289.3 → 276.7 and 642 → 549.0 → 513.7; the beam was shorter on none of them. The
//! three ways now kept against those four: `the_coherence_ways` (at `COHERE_WAYS`).

use crate::solve::SolveError;
use crate::solve::search::reduction::centres::{Focus, greedy_beam_on};
use crate::solve::search::reduction::coherence::{Blocks, Small, cohere_beam, cohere_on};
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::plan::cohere_planned;
use crate::solve::search::reduction::{Work, odd, write};
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

/// The centres of an `n`×`n`×`n` (6 to 9) from the inside out: the inner centres by
/// `small` (the 5×5×5's stages, on the even sizes the 4×4×4's) on the grouped layers
/// (`inner_centres`), then each outer ring, innermost first, by `bring_ring` (as a
/// 5×5×5's, or should that not finish, by the beam over the greedy's steps, `width` states
/// trying `k` steps each), what is solved kept. Whether every centre is then home.
pub(crate) fn centres(
    work: &mut Work<'_>,
    width: usize,
    k: usize,
    small: &Small,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    if n == 8 {
        let (start, made) = (work.stickers.clone(), work.made.len());
        if eight_as_sixes(work, small, (width, k))? {
            return Ok(true);
        }
        work.stickers = start;
        work.made.truncate(made);
    }
    if !inner_centres(work, small)? {
        return Ok(false);
    }
    // The rings' beam: on the 7×7×7 four times as wide (ten states' centres 378 moves on
    // average against 401).
    let width = if n == 7 { 4 * width } else { width };
    for r in (1..outer(n) + 1).rev() {
        if bring_ring(work, r, (width, k), small, false)?
            .iter()
            .all(Option::is_none)
        {
            return Ok(false);
        }
    }
    Ok(work.centres_home())
}

/// The inner 3×3s (on the even sizes 2×2s) of an `n`×`n`×`n` (6 to 9) by `small` on the
/// grouped layers, the wing parity put back. Whether they are then home.
pub(crate) fn inner_centres(work: &mut Work<'_>, small: &Small) -> Result<bool, SolveError> {
    let n = work.model().n;
    if !SIZES.contains(&n) {
        return Ok(false);
    }
    inner_by(work, small, small_size(n), &groups(n), outer(n) + 1)
}

/// The centres of rings `inner` and inside of an `n`×`n`×`n` whose layers grouped as `groups`
/// turn them as the centres of a `small_n`×`small_n`×`small_n` (every inner layer alone, the
/// outer ones with their face), brought home by `small` on the grouped layers, each wing
/// orbit's parity put back by a quarter-turn of its layer (outside those rings). Whether
/// they are then home.
fn inner_by(
    work: &mut Work<'_>,
    small: &Small,
    small_n: usize,
    groups: &[usize],
    inner: usize,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    let g = Geometry::of(n);
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
    let moves = on_groups(&five.made, groups);
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
    if !(0..orbits.len())
        .filter(|&o| ring(n, orbits[o][0]) >= inner)
        .all(|o| home(work, o))
    {
        return Ok(false);
    }
    Ok(true)
}

/// The 8×8×8's layers grouped as a 6×6×6's whose centres are the inner 4×4 of each face's
/// centres: each face with its neighbour, each inner layer alone.
const EIGHT_INNER: [usize; 8] = [0, 0, 1, 2, 3, 4, 5, 5];

/// The 8×8×8's layers grouped as a 6×6×6's whose centres are the whole 6×6 of each face's
/// centres: the two outer layers alone, the inner four in pairs. The outer ring's corners
/// are the 6×6×6's outer X-centres, its rows without their corners two bars of two stickers
/// each (its obliques), and the inner 4×4, once home, its inner 2×2 in blocks of four.
const EIGHT_RING: [usize; 8] = [0, 1, 2, 2, 3, 3, 4, 5];

/// The 8×8×8's centres as two 6×6×6's: the inner 4×4 of each face are a 6×6×6's centres on
/// the layers grouped by [`EIGHT_INNER`], brought home by `small` (the 6×6×6's class steps;
/// should they fall short, the inner 2×2 and the ring round it as before, the ring's beam
/// `width` × `k`); then the outer ring's bars are made one colour, the inner 4×4 kept (by the
/// planned coherence and the beams of `COHERE_WAYS`), and the 6×6×6 the layers grouped by
/// [`EIGHT_RING`] then make is brought home by `small`, from the shortest coherence on
/// which it finishes. The ignored test `the_8x8x8_centres_as_sixes` measures it against the
/// inner 2×2 and two rings as 5×5×5's. Whether every centre is then home (some turns made
/// if not).
fn eight_as_sixes(
    work: &mut Work<'_>,
    small: &Small,
    (width, k): (usize, usize),
) -> Result<bool, SolveError> {
    if work.model().n != 8 {
        return Ok(false);
    }
    let (start, made) = (work.stickers.clone(), work.made.len());
    if !inner_by(work, small, 6, &EIGHT_INNER, 2)? {
        work.stickers = start;
        work.made.truncate(made);
        if !inner_centres(work, small)?
            || bring_ring(work, 2, (width, k), small, false)?
                .iter()
                .all(Option::is_none)
        {
            return Ok(false);
        }
    }
    let (start, made) = (work.stickers.clone(), work.made.len());
    let mut blocks = Blocks::with(work.model().n, EIGHT_RING.to_vec());
    for (_, stickers, moves) in cohered_ways(work, 1, &mut blocks, &mut |_, _| {})? {
        work.stickers = stickers;
        work.made.extend(moves);
        if ring_home(work, 1, small, &blocks)? && work.centres_home() {
            return Ok(true);
        }
        work.stickers.clone_from(&start);
        work.made.truncate(made);
    }
    Ok(false)
}

/// A coherence that finished: its length as written, the stickers after it, its moves.
type Cohered = (usize, Vec<Face>, Vec<LayerMove>);

/// Ring `r`'s bars in `blocks` made one colour from the state given by the planned coherence
/// (`cohere_ring_planned`) and each of `COHERE_WAYS`: those that finished, shortest first (of
/// equal lengths, the first tried), `tried` told of each whether it finished and its length.
fn cohered_ways(
    work: &mut Work<'_>,
    r: usize,
    blocks: &mut Blocks,
    tried: &mut dyn FnMut(bool, usize),
) -> Result<Vec<Cohered>, SolveError> {
    let n = work.model().n;
    let length = |moves: &[LayerMove]| write::write(n, &write::merge(n, moves)).len();
    let (start, made) = (work.stickers.clone(), work.made.len());
    let mut cohered = Vec::new();
    for way in std::iter::once(None).chain(COHERE_WAYS.map(Some)) {
        let done = match way {
            None => cohere_ring_planned(work, r, blocks, PLAN)?,
            Some(way) => cohere_ring_by(work, r, blocks, way)?,
        };
        let l = length(&work.made[made..]);
        tried(done, l);
        if done {
            cohered.push((l, work.stickers.clone(), work.made[made..].to_vec()));
        }
        work.stickers.clone_from(&start);
        work.made.truncate(made);
    }
    cohered.sort_by_key(|c| c.0);
    Ok(cohered)
}

/// Brings ring `r` of the centres home, everything inside it home and kept: as a 5×5×5's
/// (`ring_as_five`) and, if that did not finish or `both` are asked for, by the beam over the
/// greedy's steps (`width` states trying `k` steps each) on the ring's orbits, the shorter
/// kept (the beam was shorter on no ring of the ignored test `the_ring_lengths`, and takes
/// most of the time). The moves each took, the beam's first (`None` if it did not finish or
/// was not tried); the state as before if neither finished.
fn bring_ring(
    work: &mut Work<'_>,
    r: usize,
    (width, k): (usize, usize),
    small: &Small,
    both: bool,
) -> Result<[Option<usize>; 2], SolveError> {
    let n = work.model().n;
    let g = Geometry::of(n);
    let length = |moves: &[LayerMove]| write::write(n, &write::merge(n, moves)).len();
    let (start, made) = (work.stickers.clone(), work.made.len());
    let mut best: Option<(usize, Vec<Face>, Vec<LayerMove>)> = None;
    let mut lengths = [None; 2];
    for (way, out) in lengths.iter_mut().enumerate().rev() {
        if way == 0 && !both && best.is_some() {
            break;
        }
        let done = if way == 1 {
            ring_as_five(work, r, small)?
        } else {
            let orbits = &work.model().centre_orbits;
            let focus = Focus {
                orbits: (0..orbits.len())
                    .filter(|&o| ring(n, orbits[o][0]) == r)
                    .collect(),
                kept: (0..g.sticker_count()).map(|i| ring(n, i) > r).collect(),
            };
            greedy_beam_on(work, &|f| f.index() as u8, width, k, &focus)?
        };
        let l = length(&work.made[made..]);
        if done {
            *out = Some(l);
            if best.as_ref().is_none_or(|b| l < b.0) {
                best = Some((l, work.stickers.clone(), work.made[made..].to_vec()));
            }
        }
        work.stickers.clone_from(&start);
        work.made.truncate(made);
    }
    if let Some((_, stickers, moves)) = best {
        work.stickers = stickers;
        work.made.extend(moves);
    }
    Ok(lengths)
}

/// Which of the 5×5×5's layers each of the `n`×`n`×`n`'s layers turns with to bring ring
/// `r` of the centres home: the layers outside it with the face, its own layer, every layer
/// inside it as the middle, its layer on the other side, the rest with the other face.
fn ring_groups(n: usize, r: usize) -> Vec<usize> {
    (0..n)
        .map(|l| match l {
            _ if l < r => 0,
            _ if l == r => 1,
            _ if l < n - 1 - r => 2,
            _ if l == n - 1 - r => 3,
            _ => 4,
        })
        .collect()
}

/// The coherences `ring_as_five` tries on each ring, the shortest ring kept: beams of
/// `(width, k)` (`coherence.rs`'s `cohere_beam`) 8 × 2 and 8 × 8 in the greedy's order of
/// tied steps, and 8 × 8 in the order of seed 3. The ignored test `the_coherence_ways` (three
/// states of each size at `RINGS_SEED` 4882 and three at 6000, 36 rings) tried thirteen
/// ways: the greedy was about 5% longer than the 8 × 8 beam on average, and in other orders
/// of tied steps no shorter; a ring's shortest of all thirteen 290.3 moves on average, of
/// these three 291.9, of the greedy with 4 × 4, 8 × 2 and 8 × 8 (the four kept before)
/// 292.6 (at 6000 alone, 291.3 against 292.2, for 45.2 CPU seconds against 63.9).
const COHERE_WAYS: [Way; 3] = [(0, Some((8, 2))), (0, Some((8, 8))), (3, Some((8, 8)))];

/// A coherence: the seed of its order of steps that gain alike (`coherence.rs`'s
/// `Blocks::seed`, 0 the greedy's own order) and the greedy (`None`) or a beam of
/// `(width, k)`.
type Way = (u64, Option<(usize, usize)>);

/// Brings ring `r` home as a 5×5×5's from each coherence (`cohered_ways`, then `ring_home`),
/// the shortest ring kept. Whether one finished (the state as before if none).
fn ring_as_five(work: &mut Work<'_>, r: usize, small: &Small) -> Result<bool, SolveError> {
    let n = work.model().n;
    let length = |moves: &[LayerMove]| write::write(n, &write::merge(n, moves)).len();
    let (start, made) = (work.stickers.clone(), work.made.len());
    let mut blocks = Blocks::with(n, ring_groups(n, r));
    let mut best: Option<Cohered> = None;
    for (_, stickers, moves) in cohered_ways(work, r, &mut blocks, &mut |_, _| {})? {
        work.stickers = stickers;
        work.made.extend(moves);
        if ring_home(work, r, small, &blocks)? {
            let l = length(&work.made[made..]);
            if best.as_ref().is_none_or(|b| l < b.0) {
                best = Some((l, work.stickers.clone(), work.made[made..].to_vec()));
            }
        }
        work.stickers.clone_from(&start);
        work.made.truncate(made);
    }
    let Some((_, stickers, moves)) = best else {
        return Ok(false);
    };
    work.stickers = stickers;
    work.made.extend(moves);
    Ok(true)
}

/// Brings ring `r` of the centres home as a 5×5×5's, everything inside it home: with the
/// layers grouped by `ring_groups`, the ring's corners are the 5×5×5's X-centres, the bars
/// between them (the ring's row without its corners) its T-centres and all inside the ring
/// its fixed centre, which no turn of its stages moves. So (1) every bar is made one colour
/// (`coherence.rs`, by the greedy or by a beam of `way`'s `(width, k)`, with the sequences
/// that would move a sticker inside the ring left out, the three-cycles of the bars'
/// orbits), then (2) `small` (the 5×5×5's stages) brings the 5×5×5 home on the grouped
/// layers, and the parity of each wing orbit outside the ring that a face's group changed is
/// put back by a quarter-turn of its layer. Whether the ring and all inside it are then home.
#[cfg(test)]
fn ring_as_five_by(
    work: &mut Work<'_>,
    r: usize,
    small: &Small,
    groups: &[usize],
    way: Way,
) -> Result<bool, SolveError> {
    let mut blocks = Blocks::with(work.model().n, groups.to_vec());
    if !cohere_ring_by(work, r, &mut blocks, way)? {
        return Ok(false);
    }
    ring_home(work, r, small, &blocks)
}

/// The centre orbits of ring `r` in `blocks`' bars.
fn bar_orbits(work: &Work<'_>, r: usize, blocks: &Blocks) -> Vec<usize> {
    let n = work.model().n;
    let all = &work.model().centre_orbits;
    (0..all.len())
        .filter(|&o| ring(n, all[o][0]) == r && blocks.in_bar(all[o][0]))
        .collect()
}

/// Makes every bar of ring `r` in `blocks` one colour, all inside the ring kept, by `way`'s
/// coherence (`coherence.rs`). Whether it finished.
fn cohere_ring_by(
    work: &mut Work<'_>,
    r: usize,
    blocks: &mut Blocks,
    (seed, way): Way,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    let g = Geometry::of(n);
    let kept: Vec<bool> = (0..g.sticker_count()).map(|i| ring(n, i) > r).collect();
    let orbits = bar_orbits(work, r, blocks);
    // The bars scored by their colours' counts squared, which found shorter coherences
    // than by their commonest colour's count; should that stall, the other finishes.
    blocks.squared = true;
    blocks.seed = seed;
    let cohered = match way {
        Some(wk) => cohere_beam(work, blocks, &kept, &orbits, wk)?,
        None => cohere_on(work, blocks, &kept, &orbits)?,
    };
    if !cohered {
        blocks.squared = false;
        if !cohere_on(work, blocks, &kept, &orbits)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The planned coherence's beam (`plan.rs`): states kept, and the half-turn moves each
/// three-cycle still needed is reckoned to cost.
const PLAN: (usize, u32) = (64, 10);

/// Brings ring `r` home as `ring_as_five_by` does, its bars made one colour by the planned
/// coherence (`plan.rs`, a beam of `(width, per)`), which takes rings whose bars are two
/// stickers of two orbits (the 6×6×6's, the 8×8×8's inner one). Whether it finished.
#[cfg(test)]
fn ring_as_five_planned(
    work: &mut Work<'_>,
    r: usize,
    small: &Small,
    groups: &[usize],
    plan: (usize, u32),
) -> Result<bool, SolveError> {
    let blocks = Blocks::with(work.model().n, groups.to_vec());
    if !cohere_ring_planned(work, r, &blocks, plan)? {
        return Ok(false);
    }
    ring_home(work, r, small, &blocks)
}

/// Makes every bar of ring `r` in `blocks` one colour by the planned coherence (`plan.rs`),
/// for each pair of orbits whose stickers share the bars (one pair on the 6×6×6's ring and the
/// 8×8×8's inner one, two on the 8×8×8's outer ring as a 6×6×6's). Whether it finished
/// (`false` if the bars are not two stickers of two orbits; some turns may have been made).
fn cohere_ring_planned(
    work: &mut Work<'_>,
    r: usize,
    blocks: &Blocks,
    plan: (usize, u32),
) -> Result<bool, SolveError> {
    let orbits = bar_orbits(work, r, blocks);
    let all = &work.model().centre_orbits;
    let orbit_of = |i: usize| orbits.iter().copied().find(|&o| all[o].contains(&i));
    let mut pairs = Vec::new();
    for &o in &orbits {
        let first = all[o][0];
        let members = &blocks.members[blocks.block_of[first]];
        let Some(partner) = members
            .iter()
            .find(|&&i| i != first)
            .and_then(|&i| orbit_of(i))
        else {
            return Ok(false);
        };
        if o < partner {
            pairs.push([o, partner]);
        } else if partner == o {
            return Ok(false);
        }
    }
    if pairs.len() * 2 != orbits.len() {
        return Ok(false);
    }
    for pair in pairs {
        if cohere_planned(work, blocks, &pair, plan)? != Some(true) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The second half of `ring_as_five_by`: with every bar of ring `r` one colour and all
/// inside the ring home, the 5×5×5 the grouped layers of `blocks` (`ring_groups`) make
/// brought home by `small` (its stages) on those layers, and the parity of each wing orbit
/// outside the ring that a face's group changed put back by a quarter-turn of its layer.
/// Whether the ring and all inside it are then home.
fn ring_home(
    work: &mut Work<'_>,
    r: usize,
    small: &Small,
    blocks: &Blocks,
) -> Result<bool, SolveError> {
    let n = work.model().n;
    let g = Geometry::of(n);
    let groups = &blocks.groups;
    let mut five = Work {
        tables: tables(blocks.size()),
        stickers: blocks.small_view(&work.stickers),
        made: Vec::new(),
    };
    if !small(&mut five)? {
        return Ok(false);
    }
    let before = parities(work)?;
    work.make(&on_groups(&five.made, groups));
    for (o, (was, is)) in before.into_iter().zip(parities(work)?).enumerate() {
        if was != is {
            let layer = work.model().wing_layer(o);
            if layer.min(n - 1 - layer) >= r {
                return Ok(false);
            }
            work.make(&[LayerMove {
                axis: PaperAxis::X,
                layer,
                quarters: 1,
            }]);
        }
    }
    let centres = &work.model().centre_orbits;
    Ok(centres
        .iter()
        .flatten()
        .filter(|&&i| ring(n, i) >= r)
        .all(|&i| work.stickers[i] == g.face_of(i)))
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
    fn the_8x8x8s_layers_grouped_as_a_6x6x6s_turn_its_stickers_as_the_6x6x6s_blocks() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
        let (six, eight) = (&tables(6).model, &tables(8).model);
        let (g6, g8) = (Geometry::of(6), Geometry::of(8));
        for groups in [EIGHT_INNER, EIGHT_RING] {
            let mut small = Cube::solved_n(6).stickers().to_vec();
            let mut big = Cube::solved_n(8).stickers().to_vec();
            for _ in 0..60 {
                let m = LayerMove {
                    axis: PaperAxis::ALL[rng.random_range(0..3)],
                    layer: rng.random_range(0..6),
                    quarters: rng.random_range(1..=3),
                };
                six.apply(&mut small, m);
                for layer in (0..8).filter(|&l| groups[l] == m.layer) {
                    eight.apply(&mut big, LayerMove { layer, ..m });
                }
                // From solved, every big sticker shows the small sticker its rows and
                // columns group into.
                for face in Face::ALL {
                    for r in 0..8 {
                        for c in 0..8 {
                            assert_eq!(
                                big[g8.index(face, r, c)],
                                small[g6.index(face, groups[r], groups[c])],
                                "{groups:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_8x8x8_centres_as_two_6x6x6s_are_home_on_the_sticker_model_keeping_parity() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4891);
        let g = Geometry::of(8);
        for _ in 0..2 {
            let cube = random::random_state(8, &mut rng);
            let mut work = work_on(8, &cube);
            let start = Cube::from_stickers(8, work.stickers.clone()).unwrap();
            let before = parities(&work);
            let beam = crate::solve::search::reduction::centres::beam_of(8).unwrap();
            assert!(eight_as_sixes(&mut work, &staged::small, beam).unwrap());
            assert_eq!(parities(&work), before);
            let written = write::write(8, &write::merge(8, &work.made));
            let mut turned = start;
            turned.apply_all(&written).unwrap();
            for &i in work.model().centre_orbits.iter().flatten() {
                assert_eq!(turned.stickers()[i], g.face_of(i));
            }
        }
    }

    /// The 8×8×8's centres as two 6×6×6's (`eight_as_sixes`) against the inner 2×2 and two
    /// rings as 5×5×5's (the way before), moves and the thread's CPU seconds, on
    /// `RINGS_COUNT` (4) random states seeded by `RINGS_SEED` (4892): `cargo test --release
    /// --lib the_8x8x8_centres_as_sixes -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_8x8x8_centres_as_sixes() {
        let count: usize = std::env::var("RINGS_COUNT").map_or(4, |c| c.parse().unwrap());
        let seed: u64 = std::env::var("RINGS_SEED").map_or(4892, |c| c.parse().unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (width, k) = crate::solve::search::reduction::centres::beam_of(8).unwrap();
        let mut sums = [0f64; 4];
        let mut failed = 0;
        for _ in 0..count {
            let cube = random::random_state(8, &mut rng);
            let mut six = work_on(8, &cube);
            let t = cpu_seconds();
            let done = eight_as_sixes(&mut six, &staged::small, (width, k)).unwrap();
            let six_time = cpu_seconds() - t;
            let six_moves = write::write(8, &write::merge(8, &six.made)).len();
            let mut five = work_on(8, &cube);
            let t = cpu_seconds();
            assert!(inner_centres(&mut five, &staged::small).unwrap());
            for r in (1..=outer(8)).rev() {
                bring_ring(&mut five, r, (width, k), &staged::small, false).unwrap();
            }
            assert!(five.centres_home());
            let five_time = cpu_seconds() - t;
            let five_moves = write::write(8, &write::merge(8, &five.made)).len();
            eprintln!(
                "as sixes {done} {six_moves} moves {six_time:.2} s; \
                 as fives {five_moves} moves {five_time:.2} s"
            );
            if done {
                sums[0] += six_moves as f64;
                sums[1] += six_time;
            } else {
                failed += 1;
            }
            sums[2] += five_moves as f64;
            sums[3] += five_time;
        }
        let ok = (count - failed).max(1) as f64;
        eprintln!(
            "as sixes {:.1} moves {:.2} s ({failed} of {count} unfinished); \
             as fives {:.1} moves {:.2} s",
            sums[0] / ok,
            sums[1] / ok,
            sums[2] / count as f64,
            sums[3] / count as f64
        );
    }

    /// Where `eight_as_sixes`' moves and the thread's CPU seconds go, one line a state: the
    /// inner 4×4, the outer ring's coherence by each way (planned, then `COHERE_WAYS`), and
    /// the ring as a 6×6×6's from the shortest, on `RINGS_COUNT` (4) random states seeded by
    /// `RINGS_SEED` (4892): `cargo test --release --lib the_8x8x8_as_sixes_step_by_step --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_8x8x8_as_sixes_step_by_step() {
        let count: usize = std::env::var("RINGS_COUNT").map_or(4, |c| c.parse().unwrap());
        let seed: u64 = std::env::var("RINGS_SEED").map_or(4892, |c| c.parse().unwrap());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let length = |moves: &[LayerMove]| write::write(8, &write::merge(8, moves)).len();
        for _ in 0..count {
            let cube = random::random_state(8, &mut rng);
            let mut work = work_on(8, &cube);
            let t = cpu_seconds();
            let inner = inner_by(&mut work, &staged::small, 6, &EIGHT_INNER, 2).unwrap();
            let mut line = format!(
                "inner {inner} {} moves {:.2} s; ring",
                length(&work.made),
                cpu_seconds() - t
            );
            if !inner {
                eprintln!("{line}");
                continue;
            }
            let mut blocks = Blocks::with(8, EIGHT_RING.to_vec());
            let mut t = cpu_seconds();
            let ways = cohered_ways(&mut work, 1, &mut blocks, &mut |done, l| {
                line += &format!(" {done} {l} {:.2} s,", cpu_seconds() - t);
                t = cpu_seconds();
            });
            let (_, stickers, moves) = ways.unwrap().swap_remove(0);
            work.stickers = stickers;
            work.made.extend(moves);
            let (t, from) = (cpu_seconds(), work.made.len());
            let home = ring_home(&mut work, 1, &staged::small, &blocks).unwrap();
            line += &format!(
                " home {home} {} moves {:.2} s",
                length(&work.made[from..]),
                cpu_seconds() - t
            );
            eprintln!("{line}");
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
            assert!(centres(&mut work, 8, 4, &staged::small).unwrap(), "n {n}");
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

    /// This thread's CPU time in seconds (0 where it is not read), which leaves out the time
    /// other processes had the core.
    fn cpu_seconds() -> f64 {
        crate::base::cpu::thread_time().map_or(0.0, |t| t.as_secs_f64())
    }

    /// Each coherence way's ring, one line per ring and state: on `RINGS_COUNT` (4) random
    /// states of each of `RINGS_SIZES` (6,7,8,9) seeded by `RINGS_SEED` (4882) and the
    /// size, each ring (innermost first) as a 5×5×5's by each of thirteen ways (the greedy
    /// and beams 4 × 4, 8 × 2, 8 × 8; the greedy at seeds 1 to 6; beams of other seeds), its moves (0 if it did not finish) and the
    /// thread's CPU seconds, the shortest kept for the next ring: `cargo test --release --lib
    /// the_coherence_ways -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_coherence_ways() {
        let count: usize = std::env::var("RINGS_COUNT").map_or(4, |c| c.parse().unwrap());
        let sizes = std::env::var("RINGS_SIZES").unwrap_or_else(|_| "6,7,8,9".into());
        let mut ways: Vec<Way> = vec![(0, None), (0, Some((4, 4))), (0, Some((8, 2)))];
        ways.extend([(0, Some((8, 8)))]);
        ways.extend((1..=6).map(|s| (s, None)));
        ways.extend([(1, Some((4, 4))), (2, Some((8, 2))), (3, Some((8, 8)))]);
        eprintln!("ways {ways:?}");
        for n in sizes.split(',').map(|s| s.trim().parse::<usize>().unwrap()) {
            let seed: u64 = std::env::var("RINGS_SEED").map_or(4882, |c| c.parse().unwrap());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + n as u64);
            for _ in 0..count {
                let cube = random::random_state(n, &mut rng);
                let mut work = work_on(n, &cube);
                assert!(inner_centres(&mut work, &staged::solve).unwrap());
                for r in (1..=outer(n)).rev() {
                    let (start, made) = (work.stickers.clone(), work.made.len());
                    let mut best: Option<(usize, Vec<Face>, Vec<LayerMove>)> = None;
                    let mut line = format!("{n} ring {r}:");
                    for &way in &ways {
                        let t = cpu_seconds();
                        let groups = ring_groups(n, r);
                        let done =
                            ring_as_five_by(&mut work, r, &staged::solve, &groups, way).unwrap();
                        let l = write::write(n, &write::merge(n, &work.made[made..])).len();
                        let l = if done { l } else { 0 };
                        line += &format!(" {l} {:.2}", cpu_seconds() - t);
                        if done && best.as_ref().is_none_or(|b| l < b.0) {
                            best = Some((l, work.stickers.clone(), work.made[made..].to_vec()));
                        }
                        work.stickers.clone_from(&start);
                        work.made.truncate(made);
                    }
                    eprintln!("{line}");
                    let (_, stickers, moves) = best.unwrap();
                    work.stickers = stickers;
                    work.made.extend(moves);
                }
            }
        }
    }

    /// The rings of two-sticker bars (the 6×6×6's, the 8×8×8's inner one) by the
    /// coherences of `COHERE_WAYS` (the shortest) and planned (`plan.rs`) with each
    /// `width:per` of `PLAN_WAYS` (64:10), moves and the thread's CPU seconds, on
    /// `RINGS_COUNT` (4) seeded states of each of `RINGS_SIZES` (6): `cargo test --release
    /// --lib the_planned_rings -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_planned_rings() {
        let count: usize = std::env::var("RINGS_COUNT").map_or(4, |c| c.parse().unwrap());
        let sizes = std::env::var("RINGS_SIZES").unwrap_or_else(|_| "6".into());
        let plans: Vec<(usize, u32)> = std::env::var("PLAN_WAYS")
            .unwrap_or_else(|_| "64:10".into())
            .split(',')
            .map(|w| {
                let (a, b) = w.split_once(':').unwrap();
                (a.trim().parse().unwrap(), b.trim().parse().unwrap())
            })
            .collect();
        for n in sizes.split(',').map(|s| s.trim().parse::<usize>().unwrap()) {
            let seed: u64 = std::env::var("RINGS_SEED").map_or(4882, |c| c.parse().unwrap());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + n as u64);
            let r = outer(n);
            let mut sums = vec![0usize; 1 + plans.len()];
            for _ in 0..count {
                let cube = random::random_state(n, &mut rng);
                let mut work = work_on(n, &cube);
                assert!(inner_centres(&mut work, &staged::solve).unwrap());
                let (start, made) = (work.stickers.clone(), work.made.len());
                let mut line = format!("{n} ring {r}:");
                for (j, sum) in sums.iter_mut().enumerate() {
                    let t = cpu_seconds();
                    let done = if j == 0 {
                        let mut best = None;
                        for way in COHERE_WAYS {
                            let groups = ring_groups(n, r);
                            if ring_as_five_by(&mut work, r, &staged::solve, &groups, way).unwrap()
                            {
                                let l = write::write(n, &write::merge(n, &work.made[made..]));
                                best = best.min(Some(l.len())).or(Some(l.len()));
                            }
                            work.stickers.clone_from(&start);
                            work.made.truncate(made);
                        }
                        best
                    } else {
                        let plan = plans[j - 1];
                        let blocks = Blocks::with(n, ring_groups(n, r));
                        let all = &work.model().centre_orbits;
                        let orbits: Vec<usize> = (0..all.len())
                            .filter(|&o| ring(n, all[o][0]) == r && blocks.in_bar(all[o][0]))
                            .collect();
                        let f = crate::solve::search::reduction::plan::figures(
                            &work, &blocks, &orbits, plan,
                        );
                        line += &format!(" (estimate, cycles, cost {f:?})");
                        let groups = ring_groups(n, r);
                        let ok = ring_as_five_planned(&mut work, r, &staged::solve, &groups, plan);
                        let l = write::write(n, &write::merge(n, &work.made[made..])).len();
                        let g = Geometry::of(n);
                        let home = work.model().centre_orbits.iter().flatten();
                        let home = home
                            .filter(|&&i| ring(n, i) >= r)
                            .all(|&i| work.stickers[i] == g.face_of(i));
                        work.stickers.clone_from(&start);
                        work.made.truncate(made);
                        ok.unwrap().then(|| {
                            assert!(home);
                            l
                        })
                    };
                    line += &format!(" {:?} {:.2}", done, cpu_seconds() - t);
                    *sum += done.unwrap_or(0);
                }
                eprintln!("{line}");
            }
            let avg: Vec<String> = sums
                .iter()
                .map(|&s| format!("{:.1}", s as f64 / count as f64))
                .collect();
            eprintln!("{n} ring {r}: ways, then {plans:?}: {}", avg.join(" "));
        }
    }

    /// Where the 6×6×6 to 9×9×9's centres' moves go from the inside out, ring by ring, by
    /// the beam and as a 5×5×5's, on `RINGS_COUNT` (4) seeded random states of each of
    /// `RINGS_SIZES` (6,7,8,9): `cargo test --release --lib the_ring_lengths -- --ignored
    /// --nocapture`.
    #[test]
    #[ignore = "a measurement"]
    fn the_ring_lengths() {
        let count: usize = std::env::var("RINGS_COUNT").map_or(4, |c| c.parse().unwrap());
        let sizes = std::env::var("RINGS_SIZES").unwrap_or_else(|_| "6,7,8,9".into());
        for n in sizes.split(',').map(|s| s.trim().parse::<usize>().unwrap()) {
            let (width, k) = crate::solve::search::reduction::centres::beam_of(n).unwrap();
            let width = if n == 7 { 4 * width } else { width };
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4882 + n as u64);
            // Per ring, innermost first: the beam's, the 5×5×5's, the shorter's sums and
            // how often each did not finish.
            let mut sums = vec![[0usize; 5]; outer(n)];
            let mut inner_sum = 0;
            for _ in 0..count {
                let cube = random::random_state(n, &mut rng);
                let mut work = work_on(n, &cube);
                assert!(inner_centres(&mut work, &staged::solve).unwrap());
                let inner = write::write(n, &write::merge(n, &work.made)).len();
                inner_sum += inner;
                let mut line = format!("{n}: inner {inner}");
                for (s, r) in sums.iter_mut().zip((1..=outer(n)).rev()) {
                    let from = work.made.len();
                    let t = std::time::Instant::now();
                    let [beam, five] =
                        bring_ring(&mut work, r, (width, k), &staged::solve, true).unwrap();
                    let kept = write::write(n, &write::merge(n, &work.made[from..])).len();
                    line += &format!(
                        "; ring {r} beam {beam:?} five {five:?} ({:.1} s)",
                        t.elapsed().as_secs_f64()
                    );
                    s[0] += beam.unwrap_or(0);
                    s[1] += five.unwrap_or(0);
                    s[2] += kept;
                    s[3] += usize::from(beam.is_none());
                    s[4] += usize::from(five.is_none());
                }
                eprintln!("{line}");
            }
            let avg = |x: usize| x as f64 / count as f64;
            eprintln!("{n}: inner {:.1}", avg(inner_sum));
            for (s, r) in sums.iter().zip((1..=outer(n)).rev()) {
                eprintln!(
                    "{n}: ring {r} beam {:.1}, five {:.1}, shorter {:.1}; unfinished {} and {}",
                    avg(s[0]),
                    avg(s[1]),
                    avg(s[2]),
                    s[3],
                    s[4]
                );
            }
        }
    }
}
