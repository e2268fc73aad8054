//! The 5×5×5's last centre stage — every centre home with the turns that keep each axis's
//! pair of colours on its pair of faces (outer turns, half-turns of wide blocks) — searched
//! by IDA*, so that its answer is the shortest there is in those turns.
//!
//! A stage-3 state of one orbit is, for each axis's pair of faces, which 4 of its 8 places
//! hold the pair's first colour (U, R or F): 70 values each, and each stage-3 turn maps each
//! of them alone (it keeps the pair's places as a set). The 5×5×5 has two centre orbits (the
//! X-centres and the T-centres), so a state is six such values. Fourteen tables, each over
//! three of them (70³ = 343,000 entries: each orbit's three axes, and both orbits on one axis
//! with one orbit on another), hold the exact distance of that part from home; the largest
//! is a lower bound of the whole distance, and zero only at home. (Tables over four values,
//! 70⁴ each, bound it more tightly but took 25 to 40 s to make here.)

use super::Staged;
use super::ida::{self, Space};
use super::ranks::{self, Next};
use crate::solve::SolveError;
use crate::solve::search::four::tables::rank;

/// The values (`orbit * 3 + axis`) each table covers.
const PARTS: [[usize; 3]; 14] = [
    [0, 1, 2],
    [3, 4, 5],
    [0, 3, 1],
    [0, 3, 4],
    [0, 3, 2],
    [0, 3, 5],
    [1, 4, 0],
    [1, 4, 3],
    [1, 4, 2],
    [1, 4, 5],
    [2, 5, 0],
    [2, 5, 3],
    [2, 5, 1],
    [2, 5, 4],
];

/// The most nodes a search visits before it gives up (the beam then does the stage).
const BUDGET: u64 = 40_000_000;

/// A state: for each orbit (X-centres, T-centres) and axis pair, its value (0 to 69);
/// index `orbit * 3 + axis`.
pub(super) type State = [u8; 6];

/// The stage's turns as maps of the six values, and the tables.
pub(super) struct Home {
    /// Indices into [`Staged::turns`].
    turns: Vec<usize>,
    /// Each turn's axis and block order (same-axis turns commute: taken in block order).
    order: Vec<(u8, u8)>,
    /// `next[t][c][v]`: value `v` of component `c` after turn `t`.
    next: Vec<Next<6>>,
    /// Each [`PARTS`] table: the exact distance of its three values from home.
    pub(super) tables: Vec<Vec<u8>>,
}

impl Home {
    /// The stage's turns and tables for `staged` (which must have two centre orbits).
    pub(super) fn build(staged: &Staged) -> Home {
        let turns = staged.allowed[2].clone();
        let masks = ranks::masks();
        let next: Vec<Next<6>> = turns
            .iter()
            .map(|&t| {
                std::array::from_fn(|c| {
                    let orbit = &staged.orbits[c / 3];
                    ranks::mapped(&orbit.perms[t], &orbit.pair_places[c % 3], &masks)
                })
            })
            .collect();
        let order = turns
            .iter()
            .map(|&t| (staged.turns[t].axis, staged.turns[t].block))
            .collect();
        let mut home = Home {
            turns,
            order,
            next,
            tables: Vec::new(),
        };
        let goal = home.goal(staged);
        home.tables = PARTS
            .iter()
            .map(|part| ranks::table(&home.next, part, &[ranks::index(&goal, part)]))
            .collect();
        home
    }

    /// The solved state's values.
    fn goal(&self, staged: &Staged) -> State {
        std::array::from_fn(|c| {
            let orbit = &staged.orbits[c / 3];
            let first = super::AXIS_FACES[c % 3];
            let mut m = 0u32;
            for (k, &p) in orbit.pair_places[c % 3].iter().enumerate() {
                m |= u32::from(orbit.faces[p as usize] == first) << k;
            }
            rank(m) as u8
        })
    }

    /// A lower bound of the state's distance from home: zero only at home.
    pub(super) fn bound(&self, s: &State) -> u8 {
        PARTS
            .iter()
            .zip(&self.tables)
            .map(|(part, t)| t[ranks::index(s, part)])
            .max()
            .unwrap_or(0)
    }

    /// The state of a stage-3 orbit masks list (`Staged::masks_of` for stage 3).
    pub(super) fn state(staged: &Staged, masks: &[super::Masks]) -> State {
        std::array::from_fn(|c| {
            let orbit = &staged.orbits[c / 3];
            let mut m = 0u32;
            for (k, &p) in orbit.pair_places[c % 3].iter().enumerate() {
                m |= (masks[c / 3][c % 3] >> p & 1) << k;
            }
            rank(m) as u8
        })
    }

    /// The shortest turns (indices into [`Staged::turns`]) that bring `start` home, or
    /// `None` if the search's budget ran out first.
    pub(super) fn search(&self, start: &State) -> Result<Option<Vec<usize>>, SolveError> {
        Ok(ida::search(self, start)?.map(|path| path.iter().map(|&k| self.turns[k]).collect()))
    }

    /// Up to `want` of the shortest turn sequences that bring `start` home, or `None` if the
    /// budget ran out before the first.
    pub(super) fn several(
        &self,
        start: &State,
        want: usize,
    ) -> Result<Option<Vec<Vec<usize>>>, SolveError> {
        Ok(ida::several(self, start, want)?.map(|found| {
            found
                .iter()
                .map(|path| path.iter().map(|&k| self.turns[k]).collect())
                .collect()
        }))
    }
}

impl Space for Home {
    type State = State;

    fn bound(&self, s: &State) -> u8 {
        Home::bound(self, s)
    }

    fn turns(&self) -> usize {
        self.next.len()
    }

    fn step(&self, s: &State, last: Option<usize>, k: usize) -> Option<State> {
        ranks::step((&self.order, &self.next), s, last, k)
    }

    fn budget(&self) -> u64 {
        BUDGET
    }
}
