//! The first two phases enumerated, as Tsai's reduction does, for the last phase to choose
//! from: many phase-1 solutions (U and D stickers onto U and D), then, in order of the two
//! phases' total length, phase-2 solutions from each (R and L stickers onto R and L with
//! turns that keep U and D) whose end the last phase can start from — its centres reachable
//! in G3 and each edge with one wing in each of G3's wing classes, the classes' places of
//! one parity ([`G3Start`]); about one end in a thousand is.

use crate::solve::SolveError;
use crate::solve::search::four::centres::Centres;
use crate::solve::search::four::g3::{PlaceMap, relative};
use crate::solve::search::four::moves::{Moves, permute};
use crate::solve::search::four::tables::{Phases, Tables, UNREACHED};

/// Where the last phase starts: the turns made, and its state's parts.
#[derive(Clone, Debug)]
pub(crate) struct G3Start {
    /// The turns of phases 1 and 2 (indices into [`Moves::turns`]).
    pub turns: Vec<usize>,
    /// The centres' [`Phases::coord3`].
    pub coord3: usize,
    /// The parity bit of [`super::g3::G3::flip`].
    pub bit: bool,
    /// The edges' `τ`.
    pub tau: PlaceMap,
}

/// A phase's state in the enumeration: the centres (the wings are followed only at a
/// phase-2 goal, from the path).
#[derive(Clone, Copy)]
struct Node {
    centres: Centres,
}

/// The enumeration's inputs and what it has found.
pub(crate) struct Enumerate<'a> {
    moves: &'a Moves,
    phases: &'a Phases,
    tables: &'a Tables,
    /// Whether the corners' permutation is odd at the start.
    corners_odd: bool,
    /// Each wing slot's wing at the start.
    homes: [u8; 24],
    path: Vec<usize>,
    /// Nodes left to visit.
    pub budget: u64,
}

fn value(t: &[u8], i: usize) -> u8 {
    match t[i] {
        UNREACHED => u8::MAX,
        v => v,
    }
}

impl<'a> Enumerate<'a> {
    /// An enumeration from a cube whose corners' permutation is odd where `corners_odd`.
    pub fn new(
        moves: &'a Moves,
        phases: &'a Phases,
        tables: &'a Tables,
        corners_odd: bool,
        homes: [u8; 24],
        budget: u64,
    ) -> Enumerate<'a> {
        Enumerate {
            moves,
            phases,
            tables,
            corners_odd,
            homes,
            path: Vec::new(),
            budget,
        }
    }

    fn apply(&self, n: &Node, t: usize) -> Node {
        Node {
            centres: Centres {
                colours: permute(&n.centres.colours, &self.moves.centre[t]),
                odd: n.centres.odd ^ self.moves.wing_odd[t],
            },
        }
    }

    fn may_follow(&self, last: Option<usize>, t: usize) -> bool {
        last.is_none_or(|l| {
            let (a, b) = self.moves.turns[l].block();
            let (a2, b2) = self.moves.turns[t].block();
            a != a2 || b2 > b
        })
    }

    /// The last phase's start at `n`, if it can start there.
    fn g3_start(&self, n: &Node) -> Option<G3Start> {
        let g3 = &self.phases.g3;
        let mut homes = self.homes;
        for &t in &self.path {
            let before = homes;
            for (s, &h) in before.iter().enumerate() {
                homes[self.moves.wing[t][2 * s] as usize / 2] = h;
            }
        }
        let quarters_odd = self
            .path
            .iter()
            .filter(|&&t| self.moves.turns[t].quarters % 2 == 1)
            .count()
            % 2
            == 1;
        let (pos0, pos1) = g3.edges_of(&homes)?;
        let odd0 = crate::state::pieces::is_odd(&pos0);
        if odd0 != crate::state::pieces::is_odd(&pos1) {
            return None;
        }
        let coord3 = self.phases.coord3(&n.centres.colours);
        let bit = self.corners_odd ^ quarters_odd ^ odd0;
        if self.tables.t4[coord3 * 2 + usize::from(bit)] == UNREACHED {
            return None;
        }
        Some(G3Start {
            turns: self.path.clone(),
            coord3,
            bit,
            tau: relative(&pos0, &pos1),
        })
    }

    /// Every sequence of exactly `left` more turns of phase `which` (1 or 2) from `n` that
    /// ends at the phase's goal, each given to `found` with the end node; stops when
    /// `found` says so or the budget runs out.
    fn dfs(
        &mut self,
        which: usize,
        n: &Node,
        left: u8,
        last: Option<usize>,
        found: &mut dyn FnMut(&Self, &Node) -> bool,
    ) -> Result<bool, SolveError> {
        if self.budget == 0 {
            return Ok(true);
        }
        self.budget -= 1;
        if self.budget.is_multiple_of(1 << 14) {
            crate::base::cancel::check()?;
        }
        let d = if which == 1 {
            value(&self.tables.t1, self.phases.coord1(&n.centres.colours))
        } else {
            value(
                &self.tables.t2,
                self.phases.coord2(&n.centres.colours, n.centres.odd),
            )
        };
        if left == 0 {
            return Ok(d == 0 && found(self, n));
        }
        if d > left || (d == 0 && which == 1) {
            return Ok(false);
        }
        let turns = if which == 1 {
            &self.phases.turns1
        } else {
            &self.phases.turns2
        };
        for &t in turns {
            // A phase-2 solution whose last turn is in G3 ends where a shorter one does.
            if !self.may_follow(last, t)
                || (which == 2 && left == 1 && crate::solve::search::four::g3::in_g3(self.moves, t))
            {
                continue;
            }
            let next = self.apply(n, t);
            self.path.push(t);
            let stop = self.dfs(which, &next, left - 1, Some(t), found)?;
            self.path.pop();
            if stop {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Up to `most` phase-1 solutions from `centres`, the
    /// shortest first, of the shortest length and `extra` more.
    pub fn phase1(
        &mut self,
        centres: Centres,
        most: usize,
        extra: u8,
    ) -> Result<Vec<Vec<usize>>, SolveError> {
        let start = Node { centres };
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut shortest = None;
        for depth in 0..=20u8 {
            if shortest.is_some_and(|s: u8| depth > s + extra) || out.len() >= most {
                break;
            }
            self.path.clear();
            self.dfs(1, &start, depth, None, &mut |e, _| {
                out.push(e.path.clone());
                out.len() >= most
            })?;
            if !out.is_empty() && shortest.is_none() {
                shortest = Some(depth);
            }
            if self.budget == 0 {
                break;
            }
        }
        Ok(out)
    }

    /// Up to `most` starts of the last phase, by phase-2 solutions from the ends of the
    /// phase-1 solutions `firsts`, in order of total length, of the shortest total length
    /// found and `extra` more.
    pub fn phase2(
        &mut self,
        centres: Centres,
        firsts: &[Vec<usize>],
        most: usize,
        extra: u8,
    ) -> Result<Vec<G3Start>, SolveError> {
        let start = Node { centres };
        let ends: Vec<Node> = firsts
            .iter()
            .map(|f| f.iter().fold(start, |n, &t| self.apply(&n, t)))
            .collect();
        let shortest = firsts.iter().map(Vec::len).min().unwrap_or(0);
        let mut out: Vec<G3Start> = Vec::new();
        let mut first_total = None;
        for total in shortest..shortest + 30 {
            if first_total.is_some_and(|f: usize| total > f + extra as usize) {
                break;
            }
            for (first, end) in firsts.iter().zip(&ends) {
                if first.len() > total {
                    continue;
                }
                self.path.clone_from(first);
                let stop = self.dfs(
                    2,
                    end,
                    (total - first.len()) as u8,
                    first.last().copied(),
                    &mut |e, n| {
                        if let Some(s) = e.g3_start(n) {
                            out.push(s);
                        }
                        out.len() >= most
                    },
                )?;
                if stop {
                    return Ok(out);
                }
            }
            if !out.is_empty() && first_total.is_none() {
                first_total = Some(total);
            }
        }
        Ok(out)
    }
}
