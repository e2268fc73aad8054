//! Blocks of centre stickers that grouped layers turn together (`grouped.rs`'s 5×5×5 on a
//! big cube, `inner.rs`'s rings as a 5×5×5's), and the coherence step that makes each block
//! one colour: each step the greedy's sequence or three-cycle (`centres.rs`) that makes the
//! most stickers right in their blocks for its length.

use crate::solve::SolveError;
use crate::solve::search::reduction::Work;
use crate::solve::search::reduction::centres::{Macro, macros};
use crate::solve::search::reduction::model::LayerMove;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// The small cube's size.
const SMALL: usize = 5;

/// What brings a 5×5×5's centres home (its stages, `staged.rs`), whether it did.
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
    /// For each 5×5×5 sticker, one big sticker of its group.
    pub(crate) small: Vec<usize>,
    /// The layer groups.
    pub(crate) groups: Vec<usize>,
    /// Whether a block is scored by the sum of the squares of its colours' counts (which
    /// grows with every sticker that joins a larger share) instead of its commonest colour's
    /// count.
    pub(crate) squared: bool,
}

impl Blocks {
    /// The blocks of the `n`×`n`×`n` whose layers turn as the 5×5×5's `groups` (each big
    /// layer's small layer): the stickers of rows and columns of the small cube's inner three
    /// layers; the others (edges, corners, and centres of the layers that turn with a face)
    /// in no block.
    pub(crate) fn with(n: usize, groups: Vec<usize>) -> Blocks {
        let g = Geometry::of(n);
        let mut block_of = vec![usize::MAX; g.sticker_count()];
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut middle = Vec::new();
        let mut small = vec![usize::MAX; 6 * SMALL * SMALL];
        let sg = Geometry::of(SMALL);
        for face in Face::ALL {
            let mut ids = [[usize::MAX; SMALL]; SMALL];
            for r in 0..n {
                for c in 0..n {
                    let (gr, gc) = (groups[r], groups[c]);
                    let i = g.index(face, r, c);
                    let s = sg.index(face, gr, gc);
                    if small[s] == usize::MAX {
                        small[s] = i;
                    }
                    if gr == 0 || gc == 0 || gr == SMALL - 1 || gc == SMALL - 1 {
                        continue;
                    }
                    if ids[gr][gc] == usize::MAX {
                        ids[gr][gc] = members.len();
                        members.push(Vec::new());
                        middle.push(gr == 2 && gc == 2);
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

    /// Whether sticker `i` is in a block other than the middle one and of more than one
    /// sticker (a bar of `inner.rs`'s rings).
    pub(crate) fn in_bar(&self, i: usize) -> bool {
        let b = self.block_of[i];
        b != usize::MAX && !self.middle[b] && self.members[b].len() > 1
    }

    /// The 5×5×5 the big cube's `stickers` show: each small sticker as one big sticker of
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
    let n = work.model().n;
    let g = Geometry::of(n);
    let home: Vec<Face> = (0..work.stickers.len()).map(|i| g.face_of(i)).collect();
    let list: Vec<&Macro> = macros(n)
        .list
        .iter()
        .filter(|m| m.pairs.iter().all(|&(from, _)| !kept[from as usize]))
        .collect();
    let tables = work.tables;
    let mut touched = Vec::new();
    loop {
        crate::base::cancel::check()?;
        if blocks.coherent(&work.stickers, &home) {
            return Ok(true);
        }
        // (gain, cost, moves)
        let mut best: Option<(i32, u32, Vec<LayerMove>)> = None;
        let mut better = |gain: i32, cost: u32, moves: &dyn Fn() -> Vec<LayerMove>| {
            if gain <= 0 {
                return;
            }
            let ahead = match &best {
                None => true,
                Some((bg, bc, _)) => {
                    i64::from(gain) * i64::from(*bc) > i64::from(*bg) * i64::from(cost)
                }
            };
            if ahead {
                best = Some((gain, cost, moves()));
            }
        };
        let mut stickers = work.stickers.clone();
        for m in &list {
            touched.clear();
            touched.extend(
                m.pairs
                    .iter()
                    .map(|&(_, to)| blocks.block_of[to as usize])
                    .filter(|&b| b != usize::MAX),
            );
            touched.sort_unstable();
            touched.dedup();
            let score = |s: &[Face]| -> i32 {
                touched
                    .iter()
                    .map(|&b| blocks.block_score(b, s, &home))
                    .sum()
            };
            let before = score(&stickers);
            for &(from, to) in &m.pairs {
                stickers[to as usize] = work.stickers[from as usize];
            }
            let after = score(&stickers);
            for &(_, to) in &m.pairs {
                stickers[to as usize] = work.stickers[to as usize];
            }
            better(after - before, m.cost, &|| m.moves.clone());
        }
        // Each orbit's three-cycles: every one that moves a colour onto another, scored
        // by the blocks it touches.
        let now = &work.stickers;
        for &o in orbits {
            let orbit = &work.model().centre_orbits[o];
            for p in 0..24 {
                for q in (0..24).filter(|&q| q != p && now[orbit[q]] != now[orbit[p]]) {
                    for r in (0..24).filter(|&r| r != p && r != q) {
                        let (iq, ip, ir) = (orbit[q], orbit[p], orbit[r]);
                        let t = [
                            blocks.block_of[iq],
                            blocks.block_of[ip],
                            blocks.block_of[ir],
                        ];
                        let score = |s: &[Face]| -> i32 {
                            let mut total = 0;
                            for (k, &b) in t.iter().enumerate() {
                                if !t[..k].contains(&b) {
                                    total += blocks.block_score(b, s, &home);
                                }
                            }
                            total
                        };
                        let before = score(&stickers);
                        let (cq, cp, cr) = (stickers[iq], stickers[ip], stickers[ir]);
                        stickers[ip] = cq;
                        stickers[ir] = cp;
                        stickers[iq] = cr;
                        let after = score(&stickers);
                        stickers[iq] = cq;
                        stickers[ip] = cp;
                        stickers[ir] = cr;
                        if after > before
                            && let Some(cost) = tables.cycles[o].cost(q, p, r)
                        {
                            better(after - before, cost, &|| tables.cycle(o, q, p, r));
                        }
                    }
                }
            }
        }
        let Some((_, _, moves)) = best else {
            return Ok(false);
        };
        work.make(&moves);
    }
}
