//! The 5×5×5's second centre stage — R and L's stickers onto R and L with the turns that keep
//! U and D's set, each wing orbit's parity as it was — searched by IDA*, bounded below by the
//! larger of the two orbits' exact distances (each orbit's table of [`super::Orbit`]), so
//! that an answer found is the shortest in the stage's turns. A search that visits more than
//! its budget of nodes gives up, and the beam does the stage.

use super::Staged;
use super::ida::{self, Space};
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

impl<'a> First<'a> {
    /// Stage `stage` (0 or 1; the solver searches 1) of `staged`, which must have two
    /// centre orbits.
    pub(super) fn new(staged: &'a Staged, stage: usize) -> First<'a> {
        First { staged, stage }
    }

    /// The shortest turns (indices into [`Staged::turns`]) from `start` to the stage's
    /// goal, or `None` if the budget ran out first.
    pub(super) fn search(&self, start: State) -> Result<Option<Vec<usize>>, SolveError> {
        let allowed = &self.staged.allowed[self.stage];
        Ok(ida::search(self, &start)?.map(|path| path.iter().map(|&k| allowed[k]).collect()))
    }

    /// Up to `want` of the shortest turn sequences from `start` to the stage's goal, or
    /// `None` if the budget ran out before the first.
    pub(super) fn several(
        &self,
        start: State,
        want: usize,
    ) -> Result<Option<Vec<Vec<usize>>>, SolveError> {
        let allowed = &self.staged.allowed[self.stage];
        Ok(ida::several(self, &start, want)?.map(|found| {
            found
                .iter()
                .map(|path| path.iter().map(|&k| allowed[k]).collect())
                .collect()
        }))
    }
}

impl Space for First<'_> {
    type State = State;

    /// The larger orbit's exact distance (zero for both only where every sticker is in
    /// place), and in stage 2 at least one while the wings' parity is changed.
    fn bound(&self, (masks, flips): &State) -> u8 {
        let orbits = &self.staged.orbits;
        let d = |o: usize| orbits[o].tables[self.stage][rank(masks[o]) as usize];
        let h = d(0).max(d(1));
        if self.stage == 1 && *flips != 0 {
            h.max(1)
        } else {
            h
        }
    }

    fn turns(&self) -> usize {
        self.staged.allowed[self.stage].len()
    }

    fn step(&self, s: &State, last: Option<usize>, k: usize) -> Option<State> {
        let allowed = &self.staged.allowed[self.stage];
        let turns = &self.staged.turns;
        let turn = &turns[allowed[k]];
        if let Some(l) = last.map(|l| &turns[allowed[l]])
            && l.axis == turn.axis
            && l.block >= turn.block
        {
            return None;
        }
        let orbits = &self.staged.orbits;
        Some((
            [0, 1].map(|o| move_mask(s.0[o], &orbits[o].perms[allowed[k]])),
            s.1 ^ turn.flips,
        ))
    }

    fn budget(&self) -> u64 {
        BUDGET
    }
}
