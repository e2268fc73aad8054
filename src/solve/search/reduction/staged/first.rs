//! The 5×5×5's second centre stage — R and L's stickers onto R and L with the turns that keep
//! U and D's set, each wing orbit's parity as it was — searched by IDA*, bounded below by the
//! larger of the two orbits' exact distances (each orbit's table of [`super::Orbit`]), so
//! that an answer found is the shortest in the stage's turns. A search that visits more than
//! its budget of nodes gives up, and the beam does the stage.

use super::{Staged, UNREACHED};
use crate::solve::SolveError;
use crate::solve::search::four::tables::{move_mask, rank};

/// The most nodes a stage's search expands before it gives up. (Stage 1 is searched by the
/// beam alone: with every turn its search is the costlier, and on 20 states it took about
/// 2 s a solve within 8 million nodes, 1.5 s within 1.5 million, for 1.5 and 1.3 moves fewer
/// than the beam; stage 2 took about 0.2 s for 0.6 fewer.)
const BUDGET: u64 = 8_000_000;

/// A state: each orbit's mask of the places holding the stage's colours, and the wing orbits
/// whose parity the turns so far changed.
type State = ([u32; 2], u8);

/// One stage's search.
pub(super) struct First<'a> {
    staged: &'a Staged,
    stage: usize,
}

/// How a depth-first pass ended.
enum Dive {
    Found,
    Spent,
    Next(u8),
}

impl<'a> First<'a> {
    /// Stage `stage` (0 or 1; the solver searches 1) of `staged`, which must have two
    /// centre orbits.
    pub(super) fn new(staged: &'a Staged, stage: usize) -> First<'a> {
        First { staged, stage }
    }

    /// A lower bound of the state's distance from the stage's goal: the larger orbit's
    /// exact distance (zero for both only where every sticker is in place; in stage 2 the
    /// wings' parity must be as it was too, which the bound does not see).
    fn bound(&self, (masks, _): &State) -> u8 {
        let orbits = &self.staged.orbits;
        let d = |o: usize| orbits[o].tables[self.stage][rank(masks[o]) as usize];
        d(0).max(d(1))
    }

    fn done(&self, s: &State) -> bool {
        self.bound(s) == 0 && (self.stage == 0 || s.1 == 0)
    }

    /// The shortest turns (indices into [`Staged::turns`]) from `start` to the stage's
    /// goal, or `None` if the budget ran out first.
    pub(super) fn search(&self, start: State) -> Result<Option<Vec<usize>>, SolveError> {
        let mut bound = self.bound(&start);
        let mut nodes = 0u64;
        let mut path = Vec::new();
        loop {
            match self.dive(&start, bound, None, &mut path, &mut nodes)? {
                Dive::Found => return Ok(Some(path)),
                Dive::Spent => return Ok(None),
                Dive::Next(b) => bound = b,
            }
        }
    }

    fn dive(
        &self,
        s: &State,
        bound: u8,
        last: Option<usize>,
        path: &mut Vec<usize>,
        nodes: &mut u64,
    ) -> Result<Dive, SolveError> {
        if self.done(s) {
            return Ok(Dive::Found);
        }
        // In stage 2 a state in place with the parity changed is at least one turn away.
        let h = self.bound(s).max(1);
        let depth = path.len() as u8;
        if h == UNREACHED || depth + h > bound {
            return Ok(Dive::Next(depth.saturating_add(h)));
        }
        *nodes += 1;
        if *nodes > BUDGET {
            return Ok(Dive::Spent);
        }
        if nodes.is_multiple_of(1 << 16) {
            crate::base::cancel::check()?;
        }
        let turns = &self.staged.turns;
        let mut least = u8::MAX;
        for &t in &self.staged.allowed[self.stage] {
            let turn = &turns[t];
            if let Some(l) = last.map(|l| &turns[l])
                && l.axis == turn.axis
                && l.block >= turn.block
            {
                continue;
            }
            let orbits = &self.staged.orbits;
            let child = (
                [0, 1].map(|o| move_mask(s.0[o], &orbits[o].perms[t])),
                s.1 ^ turn.flips,
            );
            path.push(t);
            match self.dive(&child, bound, Some(t), path, nodes)? {
                Dive::Next(b) => least = least.min(b),
                done => return Ok(done),
            }
            path.pop();
        }
        Ok(Dive::Next(least))
    }
}
