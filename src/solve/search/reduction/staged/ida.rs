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
    /// At the goal: the path holds the turns.
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
    let mut bound = space.bound(start);
    let mut nodes = 0u64;
    let mut path = Vec::new();
    loop {
        match dive(space, start, bound, None, &mut path, &mut nodes)? {
            Dive::Found => return Ok(Some(path)),
            Dive::Spent => return Ok(None),
            Dive::Next(b) => bound = b,
        }
    }
}

/// One depth-first pass within `bound` turns.
fn dive<S: Space>(
    space: &S,
    s: &S::State,
    bound: u8,
    last: Option<usize>,
    path: &mut Vec<usize>,
    nodes: &mut u64,
) -> Result<Dive, SolveError> {
    let h = space.bound(s);
    if h == 0 {
        return Ok(Dive::Found);
    }
    let reach = (path.len() as u8).saturating_add(h);
    if reach > bound {
        return Ok(Dive::Next(reach));
    }
    *nodes += 1;
    if *nodes > space.budget() {
        return Ok(Dive::Spent);
    }
    if nodes.is_multiple_of(1 << 16) {
        crate::base::cancel::check()?;
    }
    let mut least = u8::MAX;
    for k in 0..space.turns() {
        let Some(child) = space.step(s, last, k) else {
            continue;
        };
        path.push(k);
        match dive(space, &child, bound, Some(k), path, nodes)? {
            Dive::Next(b) => least = least.min(b),
            done => return Ok(done),
        }
        path.pop();
    }
    Ok(Dive::Next(least))
}
