//! Blocks of centre stickers that grouped layers turn together (`grouped.rs`'s 5×5×5 on a
//! big cube, `inner.rs`'s rings as a 5×5×5's or a 6×6×6's), and the coherence step that makes each block
//! one colour: each step the greedy's sequence or three-cycle (`centres.rs`) that makes the
//! most stickers right in their blocks for its length (`cohere_on`), or a beam over the
//! same steps (`cohere_beam`): of each of the few states kept, its few best steps; of all
//! those, the states that have gained the most for their length so far. `inner.rs` tries
//! the greedy and three beams on each ring and keeps the shortest ring (see its doc).

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::centres::{BeamSpace, Macro, beam_on, macros};
use crate::solve::search::reduction::cycles::SizeTables;
use crate::solve::search::reduction::model::LayerMove;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// What brings a smaller cube's centres home (`staged.rs`'s `small`: the 5×5×5's stages, the
/// 6×6×6's class steps), whether it did.
pub(crate) type Small = dyn Fn(&mut Work<'_>) -> Result<bool, SolveError>;

/// The blocks of a size: each centre sticker's block and each block's stickers, and which
/// blocks are the 5×5×5's fixed centres (which must be their home colour).
pub(crate) struct Blocks {
    /// The block of each sticker (`usize::MAX` for stickers not in a centre).
    pub(crate) block_of: Vec<usize>,
    /// Each block's stickers.
    pub(crate) members: Vec<Vec<usize>>,
    /// Whether the block is a face's middle (its stickers must be home).
    middle: Vec<bool>,
    /// For each small cube's sticker, one big sticker of its group.
    pub(crate) small: Vec<usize>,
    /// The layer groups.
    pub(crate) groups: Vec<usize>,
    /// Whether a block is scored by the sum of the squares of its colours' counts (which
    /// grows with every sticker that joins a larger share) instead of its commonest colour's
    /// count.
    pub(crate) squared: bool,
    /// The order in which steps that gain alike for their cost are weighed: 0 the greedy's
    /// (its sequences, then each orbit's three-cycles), another a shuffle seeded by it, so
    /// that each seed is another greedy (`inner.rs` keeps the shortest of several).
    pub(crate) seed: u64,
}

impl Blocks {
    /// The blocks of the `n`×`n`×`n` whose layers turn as a smaller cube's `groups` (each big
    /// layer's small layer; the small cube's size is the number of groups, 5 or 6): the
    /// stickers of rows and columns of the small cube's inner layers; the others (edges,
    /// corners, and centres of the layers that turn with a face) in no block. On a 5×5×5 the
    /// middle block of each face is its fixed centre, which must be home.
    pub(crate) fn with(n: usize, groups: Vec<usize>) -> Blocks {
        let g = Geometry::of(n);
        let size = groups.iter().max().map_or(0, |&m| m + 1);
        let mut block_of = vec![usize::MAX; g.sticker_count()];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut middle = Vec::new();
        let mut small = vec![usize::MAX; 6 * size * size];
        let sg = Geometry::of(size);
        for face in Face::ALL {
            let mut ids = vec![vec![usize::MAX; size]; size];
            for r in 0..n {
                for c in 0..n {
                    let (gr, gc) = (groups[r], groups[c]);
                    let i = g.index(face, r, c);
                    let s = sg.index(face, gr, gc);
                    if small[s] == usize::MAX {
                        small[s] = i;
                    }
                    if gr == 0 || gc == 0 || gr == size - 1 || gc == size - 1 {
                        continue;
                    }
                    if ids[gr][gc] == usize::MAX {
                        ids[gr][gc] = members.len();
                        members.push(Vec::new());
                        middle.push(size % 2 == 1 && gr == size / 2 && gc == size / 2);
                    }
                    block_of[i] = ids[gr][gc];
                    members[ids[gr][gc]].push(i);
                }
            }
        }
        Blocks {
            block_of,
            members,
            middle,
            small,
            groups,
            squared: false,
            seed: 0,
        }
    }

    /// How many of the block's stickers are right: a middle block's at home, another's of
    /// its commonest colour.
    fn block_score(&self, b: usize, stickers: &[Face], home: &[Face]) -> i32 {
        let members = &self.members[b];
        if self.middle[b] {
            return members.iter().filter(|&&i| stickers[i] == home[i]).count() as i32;
        }
        let mut count = [0i32; 6];
        for &i in members {
            count[stickers[i].index()] += 1;
        }
        if self.squared {
            count.into_iter().map(|c| c * c).sum()
        } else {
            count.into_iter().max().unwrap_or(0)
        }
    }

    /// The size of the smaller cube whose layers the groups are.
    pub(crate) fn size(&self) -> usize {
        self.groups.iter().max().map_or(0, |&m| m + 1)
    }

    /// Whether sticker `i` is in a block other than the middle one and of more than one
    /// sticker (a bar of `inner.rs`'s rings).
    pub(crate) fn in_bar(&self, i: usize) -> bool {
        let b = self.block_of[i];
        b != usize::MAX && !self.middle[b] && self.members[b].len() > 1
    }

    /// The smaller cube the big cube's `stickers` show: each small sticker as one big sticker of
    /// its groups.
    pub(crate) fn small_view(&self, stickers: &[Face]) -> Vec<Face> {
        self.small.iter().map(|&i| stickers[i]).collect()
    }

    /// Whether every block is coherent (and every middle block home).
    pub(crate) fn coherent(&self, stickers: &[Face], home: &[Face]) -> bool {
        (0..self.members.len()).all(|b| {
            let members = &self.members[b];
            if self.middle[b] {
                members.iter().all(|&i| stickers[i] == home[i])
            } else {
                members.iter().all(|&i| stickers[i] == stickers[members[0]])
            }
        })
    }
}

/// Makes every block coherent: each step the sequence or three-cycle that makes the most
/// stickers right in their blocks for its length. Whether every block is then coherent.
pub(crate) fn cohere(work: &mut Work<'_>, blocks: &Blocks) -> Result<bool, SolveError> {
    let orbits: Vec<usize> = (0..work.model().centre_orbits.len()).collect();
    cohere_on(work, blocks, &vec![false; work.stickers.len()], &orbits)
}

/// [`cohere`] with the sequences that move a `kept` sticker left out and the three-cycles of
/// `orbits` only (whose stickers must all be in blocks).
pub(crate) fn cohere_on(
    work: &mut Work<'_>,
    blocks: &Blocks,
    kept: &[bool],
    orbits: &[usize],
) -> Result<bool, SolveError> {
    let steps = Steps::new(work, blocks, kept, orbits);
    let mut out = Vec::new();
    loop {
        crate::base::cancel::check()?;
        if blocks.coherent(&work.stickers, &steps.home) {
            return Ok(true);
        }
        steps.scan(&work.stickers, &mut out);
        let Some(&(_, _, step)) = first_best(&out) else {
            return Ok(false);
        };
        work.make(&steps.moves(step));
    }
}

/// One coherence step: a sequence (an index into `macros(n).list`) or the three-cycle
/// `(q, p, r)` of an orbit.
#[derive(Clone, Copy)]
enum Step {
    Macro(usize),
    Cycle(usize, [usize; 3]),
}

/// A step with how much it raises the blocks' scores and its cost.
type Scored = (i32, u32, Step);

/// The first of `steps` that gains the most for its cost.
fn first_best(steps: &[Scored]) -> Option<&Scored> {
    let mut best: Option<&Scored> = None;
    for s in steps {
        if best.is_none_or(|b| i64::from(s.0) * i64::from(b.1) > i64::from(b.0) * i64::from(s.1)) {
            best = Some(s);
        }
    }
    best
}

/// What the coherence steps are weighed on: the sequences allowed, the orbits cycled.
struct Steps<'a> {
    tables: &'a SizeTables,
    blocks: &'a Blocks,
    home: Vec<Face>,
    list: &'a [Macro],
    /// The sequences that move no kept sticker (indices into `list`).
    allowed: Vec<usize>,
    /// The blocks each allowed sequence moves a sticker into.
    touched: Vec<Vec<usize>>,
    orbits: &'a [usize],
}

impl<'a> Steps<'a> {
    fn new(work: &Work<'a>, blocks: &'a Blocks, kept: &[bool], orbits: &'a [usize]) -> Steps<'a> {
        let n = work.model().n;
        let g = Geometry::of(n);
        let list = &macros(n).list;
        let allowed: Vec<usize> = (0..list.len())
            .filter(|&k| list[k].pairs.iter().all(|&(from, _)| !kept[from as usize]))
            .collect();
        let touched: Vec<Vec<usize>> = allowed
            .iter()
            .map(|&k| {
                let mut t: Vec<usize> = list[k]
                    .pairs
                    .iter()
                    .map(|&(_, to)| blocks.block_of[to as usize])
                    .filter(|&b| b != usize::MAX)
                    .collect();
                t.sort_unstable();
                t.dedup();
                t
            })
            .collect();
        // Those that move no sticker of a block gain nothing.
        let (allowed, touched) = allowed
            .into_iter()
            .zip(touched)
            .filter(|(_, t)| !t.is_empty())
            .unzip();
        Steps {
            tables: work.tables,
            blocks,
            home: (0..work.stickers.len()).map(|i| g.face_of(i)).collect(),
            list,
            allowed,
            touched,
            orbits,
        }
    }

    /// The blocks' scores summed over `touched`.
    fn score(&self, touched: &[usize], s: &[Face]) -> i32 {
        touched
            .iter()
            .map(|&b| self.blocks.block_score(b, s, &self.home))
            .sum()
    }

    /// Every step that raises the blocks' scores of `now`, in the order the greedy weighs
    /// them: the sequences, then each orbit's three-cycles.
    fn scan(&self, now: &[Face], out: &mut Vec<Scored>) {
        out.clear();
        let mut stickers = now.to_vec();
        for (&k, touched) in self.allowed.iter().zip(&self.touched) {
            let m = &self.list[k];
            let before = self.score(touched, &stickers);
            for &(from, to) in &m.pairs {
                stickers[to as usize] = now[from as usize];
            }
            let after = self.score(touched, &stickers);
            for &(_, to) in &m.pairs {
                stickers[to as usize] = now[to as usize];
            }
            if after > before {
                out.push((after - before, m.cost, Step::Macro(k)));
            }
        }
        // Each orbit's three-cycles: every one that moves a colour onto another, scored
        // by the blocks it touches.
        for &o in self.orbits {
            self.scan_cycles(o, now, &mut stickers, out);
        }
        if self.blocks.seed != 0 {
            shuffle(out, self.blocks.seed);
        }
    }

    /// Orbit `o`'s three-cycles that raise the blocks' scores of `now` (`stickers`, which
    /// is `now` again when it returns), in the greedy's order. A place's block's gain should
    /// the place alone take each colour is found first: a three-cycle over three blocks
    /// (in a ring's bars, always: a bar holds one sticker of each of its orbits) gains the
    /// sum of its places' gains; one over fewer is scored whole.
    fn scan_cycles(&self, o: usize, now: &[Face], stickers: &mut [Face], out: &mut Vec<Scored>) {
        let blocks = self.blocks;
        let orbit = &self.tables.model.centre_orbits[o];
        let block: [usize; 24] = std::array::from_fn(|p| blocks.block_of[orbit[p]]);
        let mut alone = [[0i32; 6]; 24];
        for (p, gains) in alone.iter_mut().enumerate() {
            let i = orbit[p];
            let was = blocks.block_score(block[p], stickers, &self.home);
            for c in Face::ALL {
                stickers[i] = c;
                gains[c.index()] = blocks.block_score(block[p], stickers, &self.home) - was;
            }
            stickers[i] = now[i];
        }
        let mut touched = Vec::new();
        for p in 0..24 {
            for q in (0..24).filter(|&q| q != p && now[orbit[q]] != now[orbit[p]]) {
                for r in (0..24).filter(|&r| r != p && r != q) {
                    let (iq, ip, ir) = (orbit[q], orbit[p], orbit[r]);
                    let (cq, cp, cr) = (now[iq], now[ip], now[ir]);
                    let gain =
                        if block[p] != block[q] && block[q] != block[r] && block[p] != block[r] {
                            alone[p][cq.index()] + alone[r][cp.index()] + alone[q][cr.index()]
                        } else {
                            touched.clear();
                            for i in [iq, ip, ir] {
                                if !touched.contains(&blocks.block_of[i]) {
                                    touched.push(blocks.block_of[i]);
                                }
                            }
                            let before = self.score(&touched, stickers);
                            stickers[ip] = cq;
                            stickers[ir] = cp;
                            stickers[iq] = cr;
                            let after = self.score(&touched, stickers);
                            stickers[iq] = cq;
                            stickers[ip] = cp;
                            stickers[ir] = cr;
                            after - before
                        };
                    if gain > 0
                        && let Some(cost) = self.tables.cycles[o].cost(q, p, r)
                    {
                        out.push((gain, cost, Step::Cycle(o, [q, p, r])));
                    }
                }
            }
        }
    }

    /// The step's single-layer turns.
    fn moves(&self, step: Step) -> Vec<LayerMove> {
        match step {
            Step::Macro(k) => self.list[k].moves.clone(),
            Step::Cycle(o, [q, p, r]) => self.tables.cycle(o, q, p, r),
        }
    }

    /// The centre stickers after `step` (the others as they were).
    fn after(&self, now: &[Face], step: Step) -> Vec<Face> {
        let mut out = now.to_vec();
        match step {
            Step::Macro(k) => {
                for &(from, to) in &self.list[k].pairs {
                    out[to as usize] = now[from as usize];
                }
            }
            Step::Cycle(o, [q, p, r]) => {
                let orbit = &self.tables.model.centre_orbits[o];
                out[orbit[p]] = now[orbit[q]];
                out[orbit[r]] = now[orbit[p]];
                out[orbit[q]] = now[orbit[r]];
            }
        }
        out
    }
}

/// `steps` in an order drawn from `seed` (and how many there are).
fn shuffle<T>(steps: &mut [T], seed: u64) {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ steps.len() as u64);
    steps.shuffle(&mut rng);
}

/// [`cohere_on`] by a beam over its steps: from each of the `width` best states its `k`
/// steps that gain the most for their cost, the states ranked by what they gained for
/// their cost so far; the cheapest coherent state's steps made. Whether it found one.
pub(crate) fn cohere_beam(
    work: &mut Work<'_>,
    blocks: &Blocks,
    kept: &[bool],
    orbits: &[usize],
    (width, k): (usize, usize),
) -> Result<bool, SolveError> {
    let steps = Steps::new(work, blocks, kept, orbits);
    if blocks.coherent(&work.stickers, &steps.home) {
        return Ok(true);
    }
    let start = work.stickers.clone();
    if !beam_on(work, &steps, start, (width, k))? {
        return Ok(false);
    }
    Ok(blocks.coherent(&work.stickers, &steps.home))
}

impl BeamSpace for Steps<'_> {
    type State = Vec<Face>;
    type Step = Step;
    fn scored(&self, now: &Vec<Face>, out: &mut Vec<Scored>) {
        self.scan(now, out);
    }
    fn after(&self, now: &Vec<Face>, step: Step) -> Vec<Face> {
        Steps::after(self, now, step)
    }
    fn finished(&self, now: &Vec<Face>) -> bool {
        self.blocks.coherent(now, &self.home)
    }
    fn moves(&self, step: Step) -> Vec<LayerMove> {
        Steps::moves(self, step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::reduction::tests::work_on;
    use crate::solve::search::reduction::{grouped, random};
    use rand::SeedableRng;

    #[test]
    fn the_three_cycles_scored_by_their_places_gains_are_scored_as_the_whole_blocks_score_them() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4891);
        // A 7×7×7's outer ring as `inner.rs` groups it (its bars three stickers of three
        // orbits) and a 6×6×6 as `grouped.rs` does (its middle blocks four of one orbit).
        for (n, groups) in [(7, vec![0, 1, 2, 2, 2, 3, 4]), (6, grouped::groups(6))] {
            let work = work_on(n, &random::random_state(n, &mut rng));
            let mut blocks = Blocks::with(n, groups);
            let all: Vec<usize> = (0..work.model().centre_orbits.len()).collect();
            let orbits: Vec<usize> = all
                .into_iter()
                .filter(|&o| {
                    let orbit = &work.model().centre_orbits[o];
                    orbit.iter().all(|&i| blocks.block_of[i] != usize::MAX)
                })
                .collect();
            assert!(!orbits.is_empty(), "n {n}");
            for squared in [false, true] {
                blocks.squared = squared;
                let kept = vec![false; work.stickers.len()];
                let steps = Steps::new(&work, &blocks, &kept, &orbits);
                for &o in &orbits {
                    let (mut fast, mut stickers) = (Vec::new(), work.stickers.clone());
                    steps.scan_cycles(o, &work.stickers, &mut stickers, &mut fast);
                    assert_eq!(stickers, work.stickers);
                    // Each three-cycle made on the stickers and every block scored.
                    let total = |s: &[Face]| -> i32 {
                        (0..blocks.members.len())
                            .map(|b| blocks.block_score(b, s, &steps.home))
                            .sum()
                    };
                    let base = total(&work.stickers);
                    let mut slow = Vec::new();
                    for step in (0..24)
                        .flat_map(|p| (0..24).flat_map(move |q| (0..24).map(move |r| (q, p, r))))
                    {
                        let (q, p, r) = step;
                        if q == p || r == p || r == q {
                            continue;
                        }
                        let orbit = &work.model().centre_orbits[o];
                        if work.stickers[orbit[q]] == work.stickers[orbit[p]] {
                            continue;
                        }
                        let after = steps.after(&work.stickers, Step::Cycle(o, [q, p, r]));
                        let gain = total(&after) - base;
                        if gain > 0 && steps.tables.cycles[o].cost(q, p, r).is_some() {
                            slow.push((gain, [q, p, r]));
                        }
                    }
                    let fast: Vec<(i32, [usize; 3])> = fast
                        .iter()
                        .map(|&(g, _, s)| match s {
                            Step::Cycle(_, c) => (g, c),
                            Step::Macro(_) => (0, [0; 3]),
                        })
                        .collect();
                    assert_eq!(fast, slow, "n {n} orbit {o} squared {squared}");
                }
            }
        }
    }

    #[test]
    fn a_coherence_beam_one_state_wide_trying_one_step_makes_the_greedys_moves() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
        for n in [6, 8] {
            let cube = random::random_state(n, &mut rng);
            let (mut greedy, mut beam) = (work_on(n, &cube), work_on(n, &cube));
            let blocks = Blocks::with(n, grouped::groups(n));
            let orbits: Vec<usize> = (0..greedy.model().centre_orbits.len()).collect();
            let kept = vec![false; greedy.stickers.len()];
            let done = cohere_on(&mut greedy, &blocks, &kept, &orbits).unwrap();
            let found = cohere_beam(&mut beam, &blocks, &kept, &orbits, (1, 1)).unwrap();
            assert_eq!(done, found, "n {n}");
            assert_eq!(greedy.made, beam.made, "n {n}");
        }
    }
}
