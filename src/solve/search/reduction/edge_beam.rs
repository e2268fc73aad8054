//! The edge pairing searched by a beam: instead of taking each step's one best conjugate
//! (`pairing.rs`), every state of the beam tries its few best, and of all the states so
//! reached the beam keeps the few whose length so far, with what is left to pair priced at a
//! size's typical rate, is least. A state that nothing pairs further is finished by
//! three-cycles, and of the finished states the one whose whole edge stage is shortest as
//! written (merged, so that turns cancelling between steps count) is taken.
//!
//! A beam one state wide trying one conjugate a step is the greedy pairing. On the 5×5×5 a
//! narrow beam ([`SCREEN`]) first ranks the edges that each of several centre answers leaves
//! (`reduction/mod.rs`), and the full beam pairs the best [`SCREENED`]: 78.3 moves to reduce
//! against 83.6 with one centre answer on the big-cube benchmark's 50 states
//! (`src/guide/solvers.md`). On the 6×6×6 to 9×9×9 the edges are paired orbit by orbit by
//! this beam on the 5×5×5s (or 4×4×4) their grouped layers make (`big_edges.rs`), each
//! stage's few shortest ends ([`ends`]) carried to the next; the big
//! cube's own beam, narrow there for time, is kept beside them on the 7×7×7 and as the
//! fallback.

use std::collections::HashSet;

use crate::solve::SolveError;
use crate::solve::search::reduction::pairing::{conjugates, make_conjugate, pairing};
use crate::solve::search::reduction::{Work, finish_edges, write};

/// How wide a beam searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Beam {
    /// The states kept each step.
    pub width: usize,
    /// The conjugates each state tries.
    pub branch: usize,
    /// What one unit of pairing left is priced at, in tenths of a move, when states that
    /// have paired different amounts are ranked.
    pub rate: u32,
}

impl Beam {
    /// The greedy pairing: one state, one conjugate a step.
    pub const GREEDY: Beam = Beam {
        width: 1,
        branch: 1,
        rate: 0,
    };

    /// The beam the solver uses on size `n`.
    pub fn of(n: usize) -> Beam {
        let (width, branch, rate) = match n {
            // The 5×5×5's edges are quick to pair, so its beam can be wide; on the larger
            // sizes each step tries many more conjugates, and a beam 24 wide (156 moves
            // against 193 greedily on the 8×8×8) took 15 to 25 times as long.
            5 => (24, 6, 24),
            6..=9 => (2, 3, 20),
            _ => return Beam::GREEDY,
        };
        Beam {
            width,
            branch,
            rate,
        }
    }
}

/// The narrow beam that ranks the 5×5×5's several centre answers by their edges (a beam 4
/// wide, 3 conjugates a state) before the full beam pairs the best [`SCREENED`] of them.
pub(crate) const SCREEN: Beam = Beam {
    width: 4,
    branch: 3,
    rate: 24,
};

/// How many of the 5×5×5's centre answers, the shortest by [`SCREEN`], the full beam pairs.
pub(crate) const SCREENED: usize = 4;

/// One state of the beam: the turns made since it began, their length, what its edge places
/// hold (read once from its stickers) and its score.
struct Node<'a> {
    work: Work<'a>,
    cost: u32,
    keys: Vec<u8>,
    score: u32,
}

impl<'a> Node<'a> {
    fn split(&self) -> Node<'a> {
        Node {
            work: self.work.clone(),
            cost: self.cost,
            keys: self.keys.clone(),
            score: self.score,
        }
    }
}

/// Pairs `work`'s edges by the beam `beam` and finishes them by three-cycles. Returns how
/// many single-layer turns of the answer taken the three-cycles made.
pub(crate) fn pair(work: &mut Work<'_>, beam: &Beam) -> Result<usize, SolveError> {
    let Some(end) = ends(work, beam, 1)?.into_iter().next() else {
        return Err(SolveError::Unreachable("a beam that finishes"));
    };
    work.stickers = end.work.stickers;
    work.made.extend(end.work.made);
    Ok(end.cycles)
}

/// One way the beam paired the edges: the turns it made (from the state it began with, in
/// `work.made`) and the stickers they leave, and how many of the turns three-cycles made.
pub(crate) struct End<'a> {
    /// The turns and the stickers.
    pub work: Work<'a>,
    /// The single-layer turns three-cycles made.
    pub cycles: usize,
    /// How many wings the three-cycles put in their places.
    pub left: usize,
}

/// The `keep` shortest ways (as written) the beam `beam` pairs `work`'s edges, each finished
/// by three-cycles, the shortest first, no two leaving the same stickers: of the beam's
/// finished states, the `beam.width.max(keep)` ranked best.
pub(crate) fn ends<'a>(
    work: &Work<'a>,
    beam: &Beam,
    keep: usize,
) -> Result<Vec<End<'a>>, SolveError> {
    ends_early(work, beam, keep, 0)
}

/// [`ends`], with the three-cycles also tried early: every state of the beam with at most
/// `early` units of pairing left (`pairing.rs`'s score) is finished by three-cycles as it is
/// as well as grown further, and when `early` is above 0 every finished state is finished
/// and measured, not only the `beam.width.max(keep)` ranked best.
pub(crate) fn ends_early<'a>(
    work: &Work<'a>,
    beam: &Beam,
    keep: usize,
    early: u32,
) -> Result<Vec<End<'a>>, SolveError> {
    let n = work.model().n;
    let pairing = pairing(n);
    let paired = pairing.paired();
    let keys = pairing.keys_now(&work.stickers);
    let root = Node {
        work: work.restarted(),
        cost: 0,
        score: pairing.score(&keys),
        keys,
    };
    let rank = |node: &Node<'_>| 10 * node.cost + beam.rate * (paired - node.score);
    let mut frontier = vec![root];
    let mut finished = Vec::new();
    while !frontier.is_empty() {
        let mut children = Vec::new();
        for node in frontier {
            crate::base::cancel::check()?;
            let choices = if node.score == paired {
                Vec::new()
            } else {
                conjugates(pairing, &node.keys, beam.branch)
            };
            if choices.is_empty() {
                finished.push(node);
                continue;
            }
            if paired - node.score <= early {
                finished.push(node.split());
            }
            for choice in choices {
                let mut child = node.split();
                child.cost += make_conjugate(pairing, &mut child.work, choice)?;
                child.keys = pairing.keys_now(&child.work.stickers);
                child.score = pairing.score(&child.keys);
                children.push(child);
            }
        }
        children.sort_by_key(|c| rank(c));
        let mut seen = HashSet::new();
        children.retain(|c| seen.insert(c.keys.clone()));
        children.truncate(beam.width);
        frontier = children;
    }
    finished.sort_by_key(|c| rank(c));
    if early > 0 {
        let mut seen = HashSet::new();
        finished.retain(|c| seen.insert(c.keys.clone()));
    } else {
        finished.truncate(beam.width.max(keep).max(1));
    }
    let mut out = Vec::new();
    for mut node in finished {
        let paired_by_beam = node.work.made.len();
        let left = finish_edges(&mut node.work)?;
        let cycles = node.work.made.len() - paired_by_beam;
        let length = write::write(n, &write::merge(n, &node.work.made)).len();
        out.push((
            length,
            End {
                work: node.work,
                cycles,
                left,
            },
        ));
    }
    // The shortest first; of equals, the beam's order.
    out.sort_by_key(|(l, _)| *l);
    let mut seen = HashSet::new();
    Ok(out
        .into_iter()
        .filter(|(_, end)| seen.insert(end.work.stickers.clone()))
        .take(keep)
        .map(|(_, end)| end)
        .collect())
}

#[cfg(test)]
#[path = "edge_beam_tests.rs"]
pub(crate) mod tests;
