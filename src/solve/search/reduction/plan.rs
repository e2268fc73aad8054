//! A ring's coherence planned (`inner.rs`'s 6×6×6 ring and the 8×8×8's inner one, whose bars
//! are two stickers, one of each of two oblique orbits): with all inside the ring kept, only
//! three-cycles of the two orbits split a bar, so the coherence is a puzzle of three-cycles
//! alone, searched here on the two orbits' colours (48 numbers) rather than the stickers.
//!
//! How many three-cycles a state still needs is estimated from its colours: each bar not
//! yet one colour holds one orbit's colour `x` and needs the other's `y`, an edge `x → y`
//! of a graph on the six colours, and the bars are sorted by cycles of that graph (orbit
//! `B`'s stickers carried round them, orbit `A` kept; or the other way round, the same
//! count). A cycle of `L` bars costs `⌊L / 2⌋` three-cycles (a two-cycle one, with a
//! bar already one colour of the colour moved lending its sticker), so the three-cycles of
//! the graph are taken first (three bars for one), then its two-cycles, the rest two bars a
//! three-cycle. A beam keeps the `width` states whose cost so far (the three-cycles' costs
//! in the half-turn metric, from `cycles.rs`'s tables) plus `per` times that estimate is
//! least, each grown by every three-cycle of either orbit that makes more bars one colour
//! than it breaks, until one has every bar one colour (the cheapest such found within two
//! more three-cycles is kept). The greedy and its beams choose steps by what they gain for
//! their cost now; this search ranks them by what is left to do.

use std::collections::HashSet;

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::coherence::Blocks;

/// The pieces of an orbit.
const PLACES: usize = 24;

/// Two orbits' colours (face indices), place by place.
type Colours = [[u8; PLACES]; 2];

/// A three-cycle of one of the two orbits: the piece at `q` to `p`, `p`'s to `r`, `r`'s to
/// `q`.
type Cycle = (usize, [usize; 3]);

/// The bars and the three-cycles' costs.
struct Bars {
    /// Each orbit's place's bar.
    bar: [[usize; PLACES]; 2],
    /// Each bar's place in each orbit.
    places: Vec<[usize; 2]>,
    /// Per orbit, each three-cycle's cost (index `(q * 24 + p) * 24 + r`), `u32::MAX` if none.
    cost: [Vec<u32>; 2],
}

impl Bars {
    /// The bars of `blocks` over the two centre orbits `orbits`, if every place of them is
    /// in a bar of two stickers holding one of each.
    fn of(work: &Work<'_>, blocks: &Blocks, orbits: &[usize]) -> Option<Bars> {
        let &[a, b] = orbits else { return None };
        let all = &work.model().centre_orbits;
        let mut index = vec![usize::MAX; blocks.members.len()];
        let mut places: Vec<[usize; 2]> = Vec::new();
        let mut bar = [[0; PLACES]; 2];
        for (side, o) in [a, b].into_iter().enumerate() {
            if all[o].len() != PLACES {
                return None;
            }
            for (p, &i) in all[o].iter().enumerate() {
                let k = *blocks.block_of.get(i)?;
                if k == usize::MAX || blocks.members[k].len() != 2 {
                    return None;
                }
                if index[k] == usize::MAX {
                    index[k] = places.len();
                    places.push([usize::MAX; 2]);
                }
                let slot = &mut places[index[k]][side];
                if *slot != usize::MAX {
                    return None;
                }
                *slot = p;
                bar[side][p] = index[k];
            }
        }
        if places.len() != PLACES || places.iter().flatten().any(|&p| p == usize::MAX) {
            return None;
        }
        let cost = [a, b].map(|o| {
            let cycles = &work.tables.cycles[o];
            (0..PLACES * PLACES * PLACES)
                .map(|t| {
                    let (q, p, r) = (t / (PLACES * PLACES), (t / PLACES) % PLACES, t % PLACES);
                    if q == p || p == r || q == r {
                        return u32::MAX;
                    }
                    cycles.cost(q, p, r).unwrap_or(u32::MAX)
                })
                .collect()
        });
        Some(Bars { bar, places, cost })
    }

    /// Whether bar `k` is one colour.
    fn one(&self, k: usize, s: &Colours) -> bool {
        let [a, b] = self.places[k];
        s[0][a] == s[1][b]
    }

    /// The three-cycles `s` still needs, estimated (see the module's doc).
    fn estimate(&self, s: &Colours) -> u32 {
        let mut edges = [[0u32; 6]; 6];
        let mut left = 0;
        for &[a, b] in &self.places {
            let (x, y) = (s[1][b] as usize, s[0][a] as usize);
            if x != y {
                edges[x][y] += 1;
                left += 1;
            }
        }
        let mut cycles = 0;
        for x in 0..6 {
            for y in 0..6 {
                for z in 0..6 {
                    if x < y && x < z && y != z {
                        let t = edges[x][y].min(edges[y][z]).min(edges[z][x]);
                        edges[x][y] -= t;
                        edges[y][z] -= t;
                        edges[z][x] -= t;
                        cycles += t;
                        left -= 3 * t;
                    }
                }
            }
        }
        for (x, y) in (0..6).flat_map(|x| (x + 1..6).map(move |y| (x, y))) {
            let t = edges[x][y].min(edges[y][x]);
            cycles += t;
            left -= 2 * t;
        }
        cycles + left.div_ceil(2)
    }

    /// `s` after the three-cycle, and how many more of its three bars are one colour.
    fn after(&self, s: &Colours, (o, [q, p, r]): Cycle) -> (Colours, i32) {
        let bars = [self.bar[o][q], self.bar[o][p], self.bar[o][r]];
        let count = |s: &Colours| bars.iter().filter(|&&k| self.one(k, s)).count() as i32;
        let mut t = *s;
        t[o][p] = s[o][q];
        t[o][r] = s[o][p];
        t[o][q] = s[o][r];
        let gain = count(&t) - count(s);
        (t, gain)
    }
}

/// A state the beam keeps: its colours, its cost so far and how it was reached (the kept
/// state of the level before and the three-cycle).
struct Node {
    colours: Colours,
    cost: u32,
    from: Option<(usize, Cycle)>,
}

/// Makes every bar of `blocks` over the two orbits `orbits` one colour by the planned beam
/// (`width` states, `per` half-turn moves a three-cycle still needed is reckoned to cost).
/// `Ok(None)` if the blocks are not such bars; otherwise whether it finished (the state as
/// before if not).
pub(crate) fn cohere_planned(
    work: &mut Work<'_>,
    blocks: &Blocks,
    orbits: &[usize],
    (width, per): (usize, u32),
) -> Result<Option<bool>, SolveError> {
    let Some(bars) = Bars::of(work, blocks, orbits) else {
        return Ok(None);
    };
    let all = &work.model().centre_orbits;
    let start: Colours = [0, 1]
        .map(|side| std::array::from_fn(|p| work.stickers[all[orbits[side]][p]].index() as u8));
    let Some(path) = search(&bars, start, (width, per))? else {
        return Ok(Some(false));
    };
    let tables = work.tables;
    for (side, [q, p, r]) in path {
        work.make(&tables.cycle(orbits[side], q, p, r));
    }
    Ok(Some(true))
}

/// The beam of `cohere_planned` from `start`: the three-cycles of the cheapest state found
/// with every bar one colour, if one was.
fn search(
    bars: &Bars,
    start: Colours,
    (width, per): (usize, u32),
) -> Result<Option<Vec<Cycle>>, SolveError> {
    let finished = |s: &Colours| (0..PLACES).all(|k| bars.one(k, s));
    let mut levels: Vec<Vec<Node>> = vec![vec![Node {
        colours: start,
        cost: 0,
        from: None,
    }]];
    let mut best: Option<(u32, usize, usize)> = None;
    for level in 0..4 * PLACES {
        crate::base::cancel::check()?;
        let now = &levels[level];
        for (i, node) in now.iter().enumerate() {
            if finished(&node.colours) && best.is_none_or(|b| node.cost < b.0) {
                best = Some((node.cost, level, i));
            }
        }
        if best.is_some_and(|b| level >= b.1 + 2) {
            break;
        }
        let mut grown: Vec<(u32, u32, usize, Cycle, Colours)> = Vec::new();
        for (i, node) in now.iter().enumerate() {
            if finished(&node.colours) {
                continue;
            }
            for side in 0..2 {
                for q in 0..PLACES {
                    for p in (q + 1)..PLACES {
                        for r in (q + 1)..PLACES {
                            let c = bars.cost[side][(q * PLACES + p) * PLACES + r];
                            if c == u32::MAX {
                                continue;
                            }
                            let (t, gain) = bars.after(&node.colours, (side, [q, p, r]));
                            if gain <= 0 {
                                continue;
                            }
                            let cost = node.cost + c;
                            if best.is_some_and(|b| cost >= b.0) {
                                continue;
                            }
                            let rank = cost + per * bars.estimate(&t);
                            grown.push((rank, cost, i, (side, [q, p, r]), t));
                        }
                    }
                }
            }
        }
        if grown.is_empty() {
            break;
        }
        grown.sort_by_key(|g| (g.0, g.1));
        let mut seen: HashSet<Colours> = HashSet::new();
        let mut next = Vec::new();
        for (_, cost, i, cycle, colours) in grown {
            if next.len() == width {
                break;
            }
            if seen.insert(colours) {
                next.push(Node {
                    colours,
                    cost,
                    from: Some((i, cycle)),
                });
            }
        }
        levels.push(next);
    }
    let Some((_, mut level, mut i)) = best else {
        return Ok(None);
    };
    let mut path = Vec::new();
    while let Some((parent, cycle)) = levels[level][i].from {
        path.push(cycle);
        level -= 1;
        i = parent;
    }
    path.reverse();
    Ok(Some(path))
}

/// The planned coherence's figures on `work` without making it: the estimate at the start,
/// and the three-cycles found and their summed cost (`None` if it found none).
#[cfg(test)]
pub(crate) fn figures(
    work: &Work<'_>,
    blocks: &Blocks,
    orbits: &[usize],
    plan: (usize, u32),
) -> Option<(u32, usize, u32)> {
    let bars = Bars::of(work, blocks, orbits)?;
    let all = &work.model().centre_orbits;
    let start: Colours = [0, 1]
        .map(|side| std::array::from_fn(|p| work.stickers[all[orbits[side]][p]].index() as u8));
    let path = search(&bars, start, plan).ok()??;
    let cost = path
        .iter()
        .map(|&(side, [q, p, r])| bars.cost[side][(q * PLACES + p) * PLACES + r])
        .sum();
    Some((bars.estimate(&start), path.len(), cost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::work_on;
    use crate::solve::search::reduction::{grouped, random};
    use crate::state::geometry::Geometry;
    use rand::SeedableRng;

    #[test]
    fn the_planned_coherence_makes_every_two_sticker_bar_one_colour_moving_no_other_centre() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4893);
        // The 6×6×6's ring and the 8×8×8's inner one, as `inner.rs` groups them.
        for (n, groups) in [
            (6, vec![0, 1, 2, 2, 3, 4]),
            (8, vec![0, 0, 1, 2, 2, 3, 4, 4]),
        ] {
            let mut work = work_on(n, &random::random_state(n, &mut rng));
            let g = Geometry::of(n);
            let blocks = Blocks::with(n, groups);
            let all = work.model().centre_orbits.clone();
            let orbits: Vec<usize> = (0..all.len())
                .filter(|&o| blocks.in_bar(all[o][0]))
                .collect();
            assert_eq!(orbits.len(), 2, "n {n}");
            let before = work.stickers.clone();
            assert_eq!(
                cohere_planned(&mut work, &blocks, &orbits, (8, 10)).unwrap(),
                Some(true)
            );
            for (b, members) in blocks.members.iter().enumerate() {
                let colours: Vec<_> = members.iter().map(|&i| work.stickers[i]).collect();
                if blocks.in_bar(members[0]) {
                    assert!(colours.iter().all(|&c| c == colours[0]), "n {n} bar {b}");
                }
            }
            // Every centre sticker outside the two orbits where it was.
            let moved: Vec<usize> = orbits.iter().flat_map(|&o| all[o].clone()).collect();
            for &i in all.iter().flatten().filter(|i| !moved.contains(i)) {
                assert_eq!(work.stickers[i], before[i], "n {n} {}", g.face_of(i));
            }
            // The stickers are the ones the moves made.
            let mut turned = before;
            for &m in &work.made {
                work.model().apply(&mut turned, m);
            }
            assert_eq!(turned, work.stickers, "n {n}");
        }
    }

    #[test]
    fn the_planned_coherence_takes_only_bars_of_two_stickers_of_two_orbits() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4894);
        let mut work = work_on(6, &random::random_state(6, &mut rng));
        // The 6×6×6 grouped as a 5×5×5 whole: its middle blocks are four stickers.
        let blocks = Blocks::with(6, grouped::groups(6));
        let orbits: Vec<usize> = (0..work.model().centre_orbits.len()).collect();
        let before = work.stickers.clone();
        assert_eq!(
            cohere_planned(&mut work, &blocks, &orbits, (8, 10)).unwrap(),
            None
        );
        assert_eq!(work.stickers, before);
    }

    #[test]
    fn the_estimate_is_nought_only_when_every_bar_is_one_colour() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4895);
        let work = work_on(6, &random::random_state(6, &mut rng));
        let blocks = Blocks::with(6, vec![0, 1, 2, 2, 3, 4]);
        let all = &work.model().centre_orbits;
        let orbits: Vec<usize> = (0..all.len())
            .filter(|&o| blocks.in_bar(all[o][0]))
            .collect();
        let bars = Bars::of(&work, &blocks, &orbits).unwrap();
        let mut s: Colours = [0, 1]
            .map(|side| std::array::from_fn(|p| work.stickers[all[orbits[side]][p]].index() as u8));
        assert!(bars.estimate(&s) > 0);
        // Orbit B's colours copied from A's, bar by bar: every bar one colour.
        for &[a, b] in &bars.places {
            s[1][b] = s[0][a];
        }
        assert_eq!(bars.estimate(&s), 0);
        // One bar's B colour changed: not nought.
        let [a, b] = bars.places[0];
        s[1][b] = (s[0][a] + 1) % 6;
        assert!(bars.estimate(&s) > 0);
    }
}
