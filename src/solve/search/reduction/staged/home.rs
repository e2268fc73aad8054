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

use super::ida::{self, Space};
use super::{Staged, UNREACHED};
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

/// Entries in each table.
const SIZE: usize = 70 * 70 * 70;

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
    next: Vec<[[u8; 70]; 6]>,
    /// Each [`PARTS`] table: the exact distance of its three values from home.
    pub(super) tables: Vec<Vec<u8>>,
}

/// The 8-bit masks with four bits set, by rank.
fn masks() -> [u8; 70] {
    let mut out = [0u8; 70];
    for m in 0..=255u32 {
        if m.count_ones() == 4 {
            out[rank(m) as usize] = m as u8;
        }
    }
    out
}

/// A table's index of its three values.
fn index(s: &State, part: &[usize; 3]) -> usize {
    (usize::from(s[part[0]]) * 70 + usize::from(s[part[1]])) * 70 + usize::from(s[part[2]])
}

impl Home {
    /// The stage's turns and tables for `staged` (which must have two centre orbits).
    pub(super) fn build(staged: &Staged) -> Home {
        let turns = staged.allowed[2].clone();
        let by_rank = masks();
        let next: Vec<[[u8; 70]; 6]> = turns
            .iter()
            .map(|&t| {
                std::array::from_fn(|c| {
                    let orbit = &staged.orbits[c / 3];
                    let places = &orbit.pair_places[c % 3];
                    std::array::from_fn(|v| {
                        let mut out = 0u32;
                        for (k, &p) in places.iter().enumerate() {
                            if by_rank[v] >> k & 1 == 1 {
                                let to = orbit.perms[t][p as usize];
                                let k2 = places.iter().position(|&q| q == to).unwrap_or(0);
                                out |= 1 << k2;
                            }
                        }
                        rank(out) as u8
                    })
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
        home.tables = PARTS.iter().map(|part| home.table(&goal, part)).collect();
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

    /// The table of `part`, breadth-first from home.
    fn table(&self, goal: &State, part: &[usize; 3]) -> Vec<u8> {
        let mut t = vec![UNREACHED; SIZE];
        t[index(goal, part)] = 0;
        let mut frontier = vec![index(goal, part) as u32];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut grown = Vec::new();
            for &i in &frontier {
                let i = i as usize;
                let v = [i / 4900, i / 70 % 70, i % 70];
                for next in &self.next {
                    let w = (0..3).fold(0, |acc, k| acc * 70 + usize::from(next[part[k]][v[k]]));
                    if t[w] == UNREACHED {
                        t[w] = depth;
                        grown.push(w as u32);
                    }
                }
            }
            frontier = grown;
        }
        t
    }

    /// A lower bound of the state's distance from home: zero only at home.
    pub(super) fn bound(&self, s: &State) -> u8 {
        PARTS
            .iter()
            .zip(&self.tables)
            .map(|(part, t)| t[index(s, part)])
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
        if let Some(l) = last
            && self.order[l].0 == self.order[k].0
            && self.order[l].1 >= self.order[k].1
        {
            return None;
        }
        let next = &self.next[k];
        Some(std::array::from_fn(|c| next[c][usize::from(s[c])]))
    }

    fn budget(&self) -> u64 {
        BUDGET
    }
}
