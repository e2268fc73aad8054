//! IDA*, the search both searched stages use: depth-first passes within a growing bound on
//! the length, pruned by a lower bound of each state's distance from the goal, so that the
//! first answer found is a shortest one.

use crate::solve::SolveError;

/// A stage's states and turns as the search sees them.
pub(super) trait Space {
    /// A state.
    type State;
    /// A lower bound of the state's distance from the goal: zero only at the goal.
    fn bound(&self, s: &Self::State) -> u8;
    /// How many turns there are.
    fn turns(&self) -> usize;
    /// The state after turn `k`, or `None` if `k` is not tried after `last` (turns of one
    /// axis commute: they are taken in one order).
    fn step(&self, s: &Self::State, last: Option<usize>, k: usize) -> Option<Self::State>;
    /// The most nodes a search expands before it gives up.
    fn budget(&self) -> u64;
}

/// How a depth-first pass ended.
enum Dive {
    /// The answers wanted are found.
    Found,
    /// The budget ran out.
    Spent,
    /// Nothing within the bound; the least bound that reaches further.
    Next(u8),
}

/// The shortest turns (indices below [`Space::turns`]) from `start` to the goal, or `None`
/// if the budget ran out first.
pub(super) fn search<S: Space>(
    space: &S,
    start: &S::State,
) -> Result<Option<Vec<usize>>, SolveError> {
    Ok(several(space, start, 1)?.and_then(|mut found| found.pop()))
}

/// Up to `want` of the shortest turn sequences from `start` to the goal, all of one length
/// (the least), in the order the search meets them; `None` if the budget ran out before the
/// first. After the first it expands at most as many nodes again as the first took, and
/// `EXTRA` more: those found by then are the answer.
pub(super) fn several<S: Space>(
    space: &S,
    start: &S::State,
    want: usize,
) -> Result<Option<Vec<Vec<usize>>>, SolveError> {
    let mut bound = space.bound(start);
    let mut pass = Pass {
        nodes: 0,
        first: None,
        path: Vec::new(),
        found: Vec::new(),
        want: want.max(1),
    };
    loop {
        let dive = dive(space, start, bound, None, &mut pass)?;
        if !pass.found.is_empty() {
            return Ok(Some(pass.found));
        }
        match dive {
            Dive::Next(b) if b != u8::MAX => bound = b,
            _ => return Ok(None),
        }
    }
}

/// The nodes a search for several answers may expand after its first beyond as many again
/// as the first took.
const EXTRA: u64 = 20_000;

/// A search's record: the nodes expanded, the turns on the way down, the answers found and
/// how many are wanted.
struct Pass {
    nodes: u64,
    /// The nodes expanded when the first answer was found.
    first: Option<u64>,
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
    want: usize,
}

/// One depth-first pass within `bound` turns: `Found` once the answers wanted are found.
fn dive<S: Space>(
    space: &S,
    s: &S::State,
    bound: u8,
    last: Option<usize>,
    pass: &mut Pass,
) -> Result<Dive, SolveError> {
    let h = space.bound(s);
    if h == 0 {
        pass.found.push(pass.path.clone());
        pass.first.get_or_insert(pass.nodes);
        return Ok(if pass.found.len() >= pass.want {
            Dive::Found
        } else {
            Dive::Next(u8::MAX)
        });
    }
    let reach = (pass.path.len() as u8).saturating_add(h);
    if reach > bound {
        return Ok(Dive::Next(reach));
    }
    pass.nodes += 1;
    if pass.nodes > space.budget() || pass.first.is_some_and(|f| pass.nodes > 2 * f + EXTRA) {
        return Ok(Dive::Spent);
    }
    if pass.nodes.is_multiple_of(1 << 16) {
        crate::base::cancel::check()?;
    }
    let mut least = u8::MAX;
    for k in 0..space.turns() {
        let Some(child) = space.step(s, last, k) else {
            continue;
        };
        pass.path.push(k);
        let dive = dive(space, &child, bound, Some(k), pass)?;
        pass.path.pop();
        match dive {
            Dive::Next(b) => least = least.min(b),
            done => return Ok(done),
        }
    }
    Ok(Dive::Next(least))
}
