//! The last phase, in the manner of Tsai's third: every centre home and every edge paired
//! inside G3 ([`super::g3`]), searched by iterative deepening, pruned by the larger of the
//! G3 centre table (which also asks that the reduced 3×3×3 have no PLL parity) and the
//! pairing table of all twelve edges ([`super::edge3`]).

use crate::solve::SolveError;
use crate::solve::search::four::edge3::{self, next_distance};
use crate::solve::search::four::g3::{PLACES, PlaceMap};
use crate::solve::search::four::moves::Moves;
use crate::solve::search::four::tables::{Phases, Tables, UNREACHED, move_mask, rank, unrank};

/// A state of the last phase.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    /// Each axis's places holding its first colour, ranked (see [`Phases::coord3`]).
    pub axes: [u8; 3],
    /// The parity bit of [`super::g3::G3::flip`].
    pub bit: bool,
    /// The edges' `τ`.
    pub tau: PlaceMap,
}

/// What the search reads: G3's turns on the centres' coordinate, and the tables.
pub(crate) struct Last<'a> {
    phases: &'a Phases,
    tables: &'a Tables,
    /// `axis_next[i][a][v]`: G3's `i`-th turn on axis `a`'s value `v`.
    axis_next: Vec<[[u8; 70]; 3]>,
    /// `follows[i]`: the G3 turns that may follow G3's `i`-th (bit `j` for the `j`-th; the
    /// last entry for the first turn): not its block, and one axis's blocks in order only.
    follows: Vec<u32>,
}

impl<'a> Last<'a> {
    /// The search over `tables`.
    pub fn new(moves: &'a Moves, phases: &'a Phases, tables: &'a Tables) -> Last<'a> {
        let axis_next = phases
            .g3
            .turns
            .iter()
            .map(|&t| {
                [0, 1, 2].map(|a| {
                    std::array::from_fn(|v| {
                        let mask = unrank(v as u32, 4, 8);
                        rank(move_mask(mask, &phases.axis_perm[t][a])) as u8
                    })
                })
            })
            .collect();
        let g3 = &phases.g3;
        let follows = (0..=g3.turns.len())
            .map(|i| {
                (0..g3.turns.len())
                    .filter(|&j| {
                        g3.turns.get(i).is_none_or(|&l| {
                            let (a, b) = moves.turns[l].block();
                            let (a2, b2) = moves.turns[g3.turns[j]].block();
                            a != a2 || b2 > b
                        })
                    })
                    .fold(0u32, |m, j| m | 1 << j)
            })
            .collect();
        Last {
            phases,
            tables,
            axis_next,
            follows,
        }
    }

    fn centre_distance(&self, s: &State) -> u8 {
        self.centre_distance_of(s.axes, s.bit)
    }

    fn centre_distance_of(&self, [a, b, c]: [u8; 3], bit: bool) -> u8 {
        let [a, b, c] = [a, b, c].map(usize::from);
        match self.tables.t4[((a * 70 + b) * 70 + c) * 2 + usize::from(bit)] {
            UNREACHED => u8::MAX,
            v => v,
        }
    }

    /// The state from a coordinate of [`Phases::coord3`], the bit and `τ`.
    pub fn state(coord3: usize, bit: bool, tau: PlaceMap) -> State {
        State {
            axes: [coord3 / 4900, coord3 / 70 % 70, coord3 % 70].map(|d| d as u8),
            bit,
            tau,
        }
    }

    /// A lower bound of the state's distance (`u8::MAX` where G3 cannot solve it), and its
    /// pairing distance.
    pub fn bound(&self, s: &State) -> (u8, u8) {
        let coord = &self.phases.coord;
        let e = self
            .tables
            .edges
            .distance(&self.phases.g3, coord, coord.index(&s.tau));
        (self.centre_distance(s).max(e), e)
    }

    /// The shortest turns (indices into [`Moves::turns`]) under `limit` that solve `s`,
    /// within `budget` nodes (`None` where there are none, or the budget ran out).
    #[cfg(test)]
    pub fn solve(
        &self,
        s: &State,
        limit: u8,
        budget: &mut u64,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        let (h, e) = self.bound(s);
        let mut search = Search {
            last: self,
            path: Vec::new(),
            budget,
        };
        for depth in h..limit {
            if search.dfs(s, e, depth, None)? {
                return Ok(Some(search.path));
            }
            if *search.budget == 0 {
                break;
            }
        }
        Ok(None)
    }

    /// Turns (indices into [`Moves::turns`]) that solve `s` in at most `depth` of them,
    /// `e` its pairing distance (of [`Last::bound`]), within `budget` nodes (`None` where
    /// there are none, or the budget ran out).
    pub fn solve_at(
        &self,
        s: &State,
        e: u8,
        depth: u8,
        budget: &mut u64,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        let mut search = Search {
            last: self,
            path: Vec::new(),
            budget,
        };
        Ok(search.dfs(s, e, depth, None)?.then_some(search.path))
    }
}

struct Search<'a, 'b> {
    last: &'a Last<'a>,
    path: Vec<usize>,
    budget: &'b mut u64,
}

impl Search<'_, '_> {
    fn dfs(
        &mut self,
        s: &State,
        edges: u8,
        left: u8,
        last: Option<usize>,
    ) -> Result<bool, SolveError> {
        if *self.budget == 0 {
            return Ok(false);
        }
        *self.budget -= 1;
        if self.budget.is_multiple_of(1 << 14) {
            crate::base::cancel::check()?;
        }
        let h = self.last.centre_distance(s).max(edges);
        if h == 0 {
            return Ok(true);
        }
        if h > left {
            return Ok(false);
        }
        let g3 = &self.last.phases.g3;
        let coord = &self.last.phases.coord;
        let table = &self.last.tables.edges;
        // Every child the centres allow first, its pairing entry prefetched, so that the
        // table's (random, mostly uncached) reads overlap; then each in turn, in G3's order.
        // (The children's parts in small arrays, not a `State` each: filling 32 of them at
        // every node cost more than their use.)
        let mut kids = [(0u8, [0u8; 3], 0usize); 20];
        let mut taus = [[0u8; PLACES]; 20];
        let mut n = 0;
        let mut allowed = self.last.follows[last.unwrap_or(g3.turns.len())];
        // (G3 has 20 turns: the arrays hold every child.)
        while allowed != 0 && n < kids.len() {
            let i = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let next = &self.last.axis_next[i];
            let axes = [
                next[0][usize::from(s.axes[0])],
                next[1][usize::from(s.axes[1])],
                next[2][usize::from(s.axes[2])],
            ];
            // The centres first: the cheaper bound.
            if self.last.centre_distance_of(axes, s.bit ^ g3.flip[i]) >= left {
                continue;
            }
            let tau = edge3::turn(g3, &s.tau, i);
            let at = coord.index(&tau);
            table.prefetch(at);
            kids[n] = (i as u8, axes, at);
            taus[n] = tau;
            n += 1;
        }
        for (&(i, axes, at), tau) in kids[..n].iter().zip(&taus) {
            let e = next_distance(edges, table.get(at));
            if e >= left {
                continue;
            }
            let i = usize::from(i);
            let next = State {
                axes,
                bit: s.bit ^ g3.flip[i],
                tau: *tau,
            };
            self.path.push(g3.turns[i]);
            if self.dfs(&next, e, left - 1, Some(i))? {
                return Ok(true);
            }
            self.path.pop();
        }
        Ok(false)
    }
}
