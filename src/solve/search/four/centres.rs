//! The centres in three searched phases (iterative deepening, each pruned by its table in
//! [`super::tables`]): U and D stickers onto U and D with every turn; then R and L stickers
//! onto R and L (so F and B ones onto F and B) with the wings' permutation made even, with
//! turns that keep U and D; then every centre home with outer turns and wide half-turns,
//! which keep both. The third phase's goal must be reachable with its turns, so the second
//! ends only where the third table has an entry.

use crate::solve::SolveError;
use crate::solve::search::four::moves::{Moves, permute};
use crate::solve::search::four::tables::{Phases, Tables, UNREACHED};

/// The centres' colours by place and the wings' parity: what the phases search over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Centres {
    /// Each centre place's colour (a face index).
    pub colours: [u8; 24],
    /// Whether the wings' permutation is odd.
    pub odd: bool,
}

/// One phase: its turns and how far a state is from its goal (`None` where it cannot be
/// reached), and whether a state at distance 0 is a goal.
struct Phase<'a> {
    turns: &'a [usize],
    distance: &'a dyn Fn(&Centres) -> u8,
    goal: &'a dyn Fn(&Centres) -> bool,
}

/// The search's state: the turns made so far and how many nodes were visited.
struct Search<'a> {
    moves: &'a Moves,
    path: Vec<usize>,
    nodes: u64,
}

impl Search<'_> {
    fn apply(&self, s: &Centres, t: usize) -> Centres {
        Centres {
            colours: permute(&s.colours, &self.moves.centre[t]),
            odd: s.odd ^ self.moves.wing_odd[t],
        }
    }

    /// Whether turn `t` may follow `last`: not the same block, and turns of one axis in
    /// block order only (they commute).
    fn may_follow(&self, last: Option<usize>, t: usize) -> bool {
        last.is_none_or(|l| {
            let (a, b) = self.moves.turns[l].block();
            let (a2, b2) = self.moves.turns[t].block();
            a != a2 || b2 > b
        })
    }

    fn dfs(
        &mut self,
        phase: &Phase<'_>,
        s: &Centres,
        left: u8,
        last: Option<usize>,
    ) -> Result<bool, SolveError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 14) {
            crate::base::cancel::check()?;
        }
        let d = (phase.distance)(s);
        if d == 0 && (phase.goal)(s) {
            return Ok(true);
        }
        if left == 0 || d > left {
            return Ok(false);
        }
        for &t in phase.turns {
            if !self.may_follow(last, t) {
                continue;
            }
            let next = self.apply(s, t);
            self.path.push(t);
            if self.dfs(phase, &next, left - 1, Some(t))? {
                return Ok(true);
            }
            self.path.pop();
        }
        Ok(false)
    }

    /// The shortest turns of `phase` from `s` to its goal (iterative deepening).
    fn solve(&mut self, phase: &Phase<'_>, s: &Centres) -> Result<Vec<usize>, SolveError> {
        for depth in 0..=30 {
            self.path.clear();
            if self.dfs(phase, s, depth, None)? {
                return Ok(std::mem::take(&mut self.path));
            }
        }
        Err(SolveError::Unreachable("a centre phase within 30 turns"))
    }
}

fn value(t: &[u8], i: usize) -> u8 {
    match t[i] {
        UNREACHED => u8::MAX,
        v => v,
    }
}

/// The turns (indices into [`Moves::turns`]) that take `start` to solved centres with the
/// wings' permutation even.
pub(crate) fn solve(
    moves: &Moves,
    phases: &Phases,
    tables: &Tables,
    start: Centres,
) -> Result<Vec<usize>, SolveError> {
    let mut search = Search {
        moves,
        path: Vec::new(),
        nodes: 0,
    };
    let mut made = Vec::new();
    let mut s = start;
    let d1 = |c: &Centres| value(&tables.t1, phases.coord1(&c.colours));
    let d2 = |c: &Centres| value(&tables.t2, phases.coord2(&c.colours, c.odd));
    let d3 = |c: &Centres| value(&tables.t3, phases.coord3(&c.colours));
    let any = |_: &Centres| true;
    let third_reaches = |c: &Centres| tables.t3[phases.coord3(&c.colours)] != UNREACHED;
    let list = [
        Phase {
            turns: &phases.turns1,
            distance: &d1,
            goal: &any,
        },
        Phase {
            turns: &phases.turns2,
            distance: &d2,
            goal: &third_reaches,
        },
        Phase {
            turns: &phases.turns3,
            distance: &d3,
            goal: &any,
        },
    ];
    for phase in &list {
        let found = search.solve(phase, &s)?;
        for &t in &found {
            s = search.apply(&s, t);
        }
        made.extend(found);
    }
    Ok(made)
}
