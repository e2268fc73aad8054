//! The optimal solver: IDA* over the face turns, proven shortest.
//!
//! Michael Reid's method (1997), with the larger table of Kociemba's optimal solver: a cube's
//! distance into the subgroup H of [`optimal_table`](crate::solve::table::optimal_table) is a lower bound
//! on its distance to solved; seen along each of its three axes the cube gives three bounds,
//! and the search takes the largest (one more when all three are equal: the last move of a
//! solution lies in one of the three subgroups, see the table's docs). Iterative deepening
//! searches every sequence of length d whose every prefix leaves at least as many moves as
//! the bound asks, for d = 0, 1, 2, …; the first d with a solution is the shortest.
//!
//! **Cheap nodes.** A node holds, for each axis, the table's coordinates and the exact
//! distance; a child's distance is its parent's ± 1, read from the child's two-bit residue
//! ([`decode`](crate::solve::table::optimal_table::decode)). The table is read lazily: a node first reads all its children on one axis,
//! the one where it is farthest from the subgroup and so the likeliest to rule a child out,
//! and reads the other two axes only for the children that survive (fewer than a third of
//! them near the leaves, where most nodes are). Each round works out all its entries'
//! places first, then asks the processor for all of them, one ask after the other, and reads
//! them a step later, so that the (random, mostly uncached) reads overlap: a prefetch of an
//! address whose translation is not cached holds up the instructions behind it until the
//! page table has been walked, so asks spread among the index work were met one at a time
//! (asked together, the huge table's searches took two thirds of the time).
//! Sequences are canonical: no face twice in a row, and of two opposite faces turned one
//! after the other, only the order U before D, R before L, F before B.
//!
//! **The inverse's bounds.** A sequence solves a cube exactly when its reverse, each move
//! undone, solves the inverse, so the inverse is as far from solved, and the table's three
//! bounds of the inverse bound the cube too (Tomas Rokicki's nxopt and Voltara's vcube take
//! the largest of all six). A child is its parent with a move made *after* it, a neighbour in
//! the table, but its inverse is the parent's inverse with the move's inverse made *before*
//! it, which is not: its entries cannot be read beside a known distance, so they are read
//! with [`AxisTable::bound`], which stands alone (a stripe's floor and the residue). A node
//! keeps its inverse as cubies, seen on each axis, and makes a child's inverse only for the
//! children that the cube's own bounds let through. A move that is a U or D turn on an axis
//! leaves the inverse's entry on that axis as it was (the subgroup holds the move, made
//! first), so a node whose inverse is already too far on an axis makes none of the children
//! of the two faces turned about it; and a child two beyond the limit rules out its face's
//! other turns, which are one move from it. On a 17-move state these cut the nodes 2.5–4.3
//! times (the solvers guide gives the figures).
//!
//! **The last depth, likeliest first.** A depth is shared out as prefixes of a few moves
//! (three moves, four from depth 11); each counts the nodes generated below it, and the
//! next depth searches below those that cost most first (Voltara's vcube orders its last
//! depths so): a prefix whose subtree was dense one move shallower is the likeliest to hold
//! a solution now. The depth that holds the solution, the largest, is the one that stops
//! early, and it stops much earlier so (on the state above, after 4.8 M nodes rather than
//! 25.6 M).
//!
//! **Both cores.** Each depth starts by listing the canonical prefixes of a few moves that
//! survive the bound; threads take prefixes from the list and search below them. A thread
//! that finds a solution stops the others: every prefix of the depth is as long, so no
//! thread can find a shorter one.
//!
//! **An upper bound, and probes.** A two-phase solution (milliseconds) is the best found
//! before the search starts; when the depths proven empty reach its length, it is proven
//! shortest, and the search stops without exploring that last depth. Better still, before
//! each depth d the two-phase solver is asked, for a bounded time, for a solution of d
//! moves: all shorter depths are proven empty, so one it finds is a shortest solution, and
//! the last depth, the largest by far (canonical sequences branch about 13.3 ways a move), is
//! never searched. It is given most time from 18 moves on, where random states mostly have
//! their solutions.
//! A search stopped by its time limit or Ctrl-C says what it has proven: no solution
//! shorter than its bound, and the best found.
//!
//! **Quarter turns.** In the quarter-turn metric the search turns the twelve quarter turns
//! (a face may be turned twice the same way in a row: that is its half turn, two moves), the
//! same table still bounds it (a quarter-turn sequence is no shorter in half turns), and the
//! depths go up in twos: every quarter turn changes the corners' permutation parity, so a
//! cube's distance has its parity.

use crate::base::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::table::optimal_table::{AxisCoord, AxisTable, axis_moves, axis_syms};
use crate::turn::metric::Metric;
use crate::turn::moves::FaceMove;
use expansion::Expansion;
#[cfg(test)]
use expansion::{move_axis, premoves};

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OptimalOptions {
    /// Half turns or quarter turns.
    pub metric: Metric,
    /// Stop after this long with the best proven so far.
    pub time_limit: Option<Duration>,
    /// Threads to search on.
    pub threads: usize,
    /// How long to search before asking the probe (see [`solve`]) for solutions.
    pub probe_after: Duration,
}

impl Default for OptimalOptions {
    fn default() -> Self {
        OptimalOptions {
            metric: Metric::Htm,
            time_limit: None,
            threads: default_threads(),
            probe_after: Duration::from_millis(50),
        }
    }
}

/// One thread a core (at most 64), or as many as the environment variable `CUBEWORK_THREADS`
/// names (a whole number from 1; anything else is not read).
pub fn default_threads() -> usize {
    // Asked once a process: the standard library reads the cgroup's files each time, which
    // cost a short two-phase solve a fifth of its time.
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| {
        let named = std::env::var("CUBEWORK_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n >= 1);
        named
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1)
            })
            .min(64)
    })
}

/// Why a search ended before proving a shortest solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The time limit passed.
    TimeLimit,
    /// The user pressed Ctrl-C.
    Cancelled,
}

/// What a search found and proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OptimalSolution {
    /// The shortest solution if [`optimal`](OptimalSolution::optimal), else the best found
    /// (possibly none).
    pub moves: Option<Vec<FaceMove>>,
    /// Whether `moves` is proven shortest.
    pub optimal: bool,
    /// No solution has fewer moves than this (proven).
    pub lower_bound: u8,
    /// Why the search ended early, if it did.
    pub stopped: Option<Stopped>,
    /// Nodes generated.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Threads searched on.
    pub threads: usize,
    /// Whether the moves were given (`best`, or found by the probe) rather than found by the
    /// search, which then proved only that nothing is shorter.
    pub given: bool,
}

/// How a search is going, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Progress {
    /// The depth being searched.
    pub depth: u8,
    /// Nodes generated so far.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: Duration,
    /// Whether the probe is looking for a solution of `depth` moves (rather than the
    /// search looking at that depth).
    pub probing: bool,
}

/// The length of `moves` in `metric`: a half turn is two quarter turns.
pub fn length(moves: &[FaceMove], metric: Metric) -> u8 {
    let n: usize = match metric {
        Metric::Qtm => moves
            .iter()
            .map(|m| if m.quarters() == 2 { 2 } else { 1 })
            .sum(),
        _ => moves.len(),
    };
    n.min(u8::MAX as usize) as u8
}

/// A node: the cube's table coordinates and exact distances on the three axes, and its
/// inverse seen on each axis with the table's bounds of it there.
#[derive(Clone, Copy, Debug)]
struct Node {
    c: [AxisCoord; 3],
    d: [u8; 3],
    /// The inverse of the cube, seen through each axis's symmetry.
    y: [CubieCube; 3],
    /// The table's bounds of `y` ([`AxisTable::bound`]).
    ib: [u8; 3],
}

impl Node {
    /// The node's bound: the larger of the cube's and its inverse's.
    #[inline(always)]
    fn bound(&self) -> u8 {
        bound(self.d).max(bound(self.ib))
    }
}

/// The bound of distances `d`: the largest, one more if all three are equal and not 0 (which
/// holds of lower bounds too: were all three distances that bound, the cube would be one
/// more).
#[inline(always)]
fn bound(d: [u8; 3]) -> u8 {
    let max = d[0].max(d[1]).max(d[2]);
    max + (d[0] == d[1] && d[1] == d[2] && max > 0) as u8
}

/// The moves a search turns (indices in [`FaceMove::ALL`]), face by face.
fn move_set(metric: Metric) -> &'static [u8] {
    match metric {
        Metric::Qtm => &[0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
    }
}

/// What canonical sequences may do next, from the last move (`NONE` at the start) and, in
/// the quarter-turn metric, whether it was its face's second quarter in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Last {
    mv: u8,
    twice: bool,
}

const NONE: u8 = 18;

impl Last {
    const START: Last = Last {
        mv: NONE,
        twice: false,
    };

    /// Whether move `m` may follow.
    #[inline(always)]
    fn allows(self, m: u8, metric: Metric) -> bool {
        if self.mv == NONE {
            return true;
        }
        let (f, last) = (m / 3, self.mv / 3);
        if f == last {
            // In quarter turns, X X is X's half turn; nothing else repeats a face.
            return metric == Metric::Qtm && m == self.mv && !self.twice;
        }
        // Opposite faces commute: U before D, R before L, F before B.
        !(last >= 3 && f == last - 3)
    }

    #[inline(always)]
    fn after(self, m: u8) -> Last {
        Last {
            mv: m,
            twice: m == self.mv,
        }
    }
}

/// The search's shared state.
struct Search<'a> {
    table: &'a AxisTable,
    cube: CubieCube,
    metric: Metric,
    moves: &'static [u8],
    axis_moves: &'static [[u8; 18]; 3],
    stop: AtomicBool,
    stopped: std::sync::Mutex<Option<Stopped>>,
    deadline: Option<Instant>,
    nodes: AtomicU64,
    found: std::sync::Mutex<Option<Vec<u8>>>,
    /// Nodes generated below each prefix ([`prefix_key`]) at the last depth searched: the
    /// next depth searches first below those that cost most, the likeliest to hold a
    /// solution.
    costs: std::sync::Mutex<std::collections::HashMap<u32, u64>>,
}

/// A prefix as a number: its moves, each one more, in base 19.
fn prefix_key(path: &[u8]) -> u32 {
    path.iter().fold(0, |k, &m| k * 19 + m as u32 + 1)
}

/// Nodes a thread counts before it adds them to the total and looks at the clock.
const BATCH: u64 = 1 << 14;

impl<'a> Search<'a> {
    /// A search of `cube` in `metric` with `table`, to stop at `deadline` if one is given.
    fn new(
        table: &'a AxisTable,
        cube: CubieCube,
        metric: Metric,
        deadline: Option<Instant>,
    ) -> Search<'a> {
        Search {
            table,
            cube,
            metric,
            moves: move_set(metric),
            axis_moves: axis_moves(),
            stop: AtomicBool::new(false),
            stopped: std::sync::Mutex::new(None),
            deadline,
            nodes: AtomicU64::new(0),
            found: std::sync::Mutex::new(None),
            costs: std::sync::Mutex::new(Default::default()),
        }
    }

    /// The cube's node: its coordinates and exact distances on the three axes, walked down
    /// the table; an error if a walk breaks (a damaged table).
    fn root(&self) -> Result<Node, SolveError> {
        let syms = axis_syms();
        let m = self.table.moves();
        let c: [AxisCoord; 3] = std::array::from_fn(|a| m.coord(&syms[a].conj(&self.cube)));
        let mut d = [0u8; 3];
        for a in 0..3 {
            d[a] = self.table.exact_depth(c[a]).ok_or_else(|| {
                damaged(
                    self.table,
                    format!("entry {} does not walk down to solved", m.index(c[a])),
                )
            })?;
        }
        let inverse = self.cube.inverse();
        let y: [CubieCube; 3] = std::array::from_fn(|a| syms[a].conj(&inverse));
        let ib = std::array::from_fn(|a| self.table.bound::<true>(m.index(m.coord(&y[a]))));
        Ok(Node { c, d, y, ib })
    }

    /// The children of `node` by the moves `last` allows: move, child, bound (the three
    /// steps of an [`Expansion`] one after the other).
    fn children<const CHECK: bool>(
        &self,
        node: &Node,
        last: Last,
        limit: u8,
        out: &mut [(u8, Node, u8); 18],
    ) -> usize {
        let mut e = Expansion::new(node);
        e.start(self, node, last, limit);
        e.middle::<CHECK>(self, limit);
        e.finish::<CHECK>(self, limit);
        e.inverse::<CHECK>(self, limit);
        out[..e.n].copy_from_slice(&e.kids[..e.n]);
        e.n
    }

    /// Counts `n` nodes; whether to stop (a solution elsewhere, the clock, Ctrl-C, a block
    /// of the table found damaged).
    fn tally(&self, n: u64) -> bool {
        self.nodes.fetch_add(n, Ordering::Relaxed);
        if self.table.damage().is_some() {
            self.stop.store(true, Ordering::Relaxed);
        } else if crate::base::cancel::requested() {
            self.halt(Stopped::Cancelled);
        } else if self.deadline.is_some_and(|t| Instant::now() >= t) {
            self.halt(Stopped::TimeLimit);
        }
        self.stop.load(Ordering::Relaxed)
    }

    fn halt(&self, why: Stopped) {
        let mut s = self.stopped.lock().unwrap_or_else(|e| e.into_inner());
        s.get_or_insert(why);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Searches below the prefixes of `work` (taken in turn through `next`, shared with
    /// the other threads) to depth `depth`, depth-first on [`LANES`] interleaved lanes; a
    /// solution (checked on the cubies), or None when the work is done or the search must
    /// stop. The table's blocks are checked as they are read if `CHECK`.
    fn lanes<const CHECK: bool>(
        &self,
        work: &[(Vec<u8>, Node, Last)],
        next: &AtomicUsize,
        depth: u8,
        spent: &[AtomicU64],
    ) -> Option<Vec<u8>> {
        let mut lanes: Vec<Lane> = (0..LANES).map(|_| Lane::new()).collect();
        let found = self.run_lanes::<CHECK>(&mut lanes, work, next, depth, spent);
        for lane in &mut lanes {
            lane.settle(spent);
        }
        found
    }

    /// [`lanes`](Search::lanes) on `lanes`, each of which counts the nodes it generates
    /// below its prefix into `spent` as it takes the next.
    fn run_lanes<const CHECK: bool>(
        &self,
        lanes: &mut [Lane],
        work: &[(Vec<u8>, Node, Last)],
        next: &AtomicUsize,
        depth: u8,
        spent: &[AtomicU64],
    ) -> Option<Vec<u8>> {
        let mut count = 0u64;
        let mut out_of_work = false;
        loop {
            let mut busy = false;
            for lane in lanes.iter_mut() {
                match lane.step {
                    Step::Idle => {
                        let p = match lane.stack.pop() {
                            Some(p) => {
                                lane.path.truncate(p.len as usize - 1);
                                lane.path.push(p.mv);
                                p
                            }
                            None if out_of_work => continue,
                            None => {
                                lane.settle(spent);
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                let Some((prefix, node, last)) = work.get(i) else {
                                    out_of_work = true;
                                    continue;
                                };
                                lane.item = i;
                                lane.path.clone_from(prefix);
                                Pending {
                                    node: *node,
                                    left: depth - prefix.len() as u8,
                                    last: *last,
                                    len: prefix.len() as u8,
                                    mv: NONE,
                                }
                            }
                        };
                        busy = true;
                        if p.left == 0 {
                            // A whole prefix (depths of three moves or fewer).
                            if p.node.d == [0, 0, 0] && self.solves(&lane.path) {
                                self.nodes.fetch_add(count, Ordering::Relaxed);
                                return Some(lane.path.clone());
                            }
                            continue;
                        }
                        lane.exp.start(self, &p.node, p.last, p.left - 1);
                        lane.cur = p;
                        lane.step = Step::Started;
                    }
                    Step::Started => {
                        busy = true;
                        lane.exp.middle::<CHECK>(self, lane.cur.left - 1);
                        count += lane.exp.n as u64;
                        lane.spent += lane.exp.n as u64;
                        lane.step = Step::Middle;
                    }
                    Step::Middle => {
                        busy = true;
                        lane.exp.finish::<CHECK>(self, lane.cur.left - 1);
                        lane.step = Step::Finished;
                    }
                    Step::Finished => {
                        busy = true;
                        lane.exp.inverse::<CHECK>(self, lane.cur.left - 1);
                        lane.step = Step::Idle;
                        let p = lane.cur;
                        // Pushed last first, so that they are searched in move order.
                        for &i in lane.exp.through[..lane.exp.k].iter().rev() {
                            let (mv, child, b) = lane.exp.kids[i as usize];
                            if b > p.left - 1 {
                                continue;
                            }
                            if p.left == 1 {
                                // Solved on the table's coordinates: check the cubies.
                                lane.path.truncate(p.len as usize);
                                lane.path.push(mv);
                                if self.solves(&lane.path) {
                                    self.nodes.fetch_add(count, Ordering::Relaxed);
                                    return Some(lane.path.clone());
                                }
                                continue;
                            }
                            lane.stack.push(Pending {
                                node: child,
                                left: p.left - 1,
                                last: p.last.after(mv),
                                len: p.len + 1,
                                mv,
                            });
                        }
                    }
                }
            }
            if count >= BATCH && self.tally(std::mem::take(&mut count)) {
                return None;
            }
            if !busy {
                self.nodes.fetch_add(count, Ordering::Relaxed);
                return None;
            }
        }
    }

    /// Whether `path` solves the cube (the table's coordinates alone may not tell).
    fn solves(&self, path: &[u8]) -> bool {
        let moves: Vec<FaceMove> = path.iter().map(|&m| FaceMove::ALL[m as usize]).collect();
        self.cube.apply_all(&moves).is_solved()
    }

    /// The prefixes of `len` moves below which depth `depth` is searched: canonical, and
    /// each within the bound.
    fn prefixes<const CHECK: bool>(
        &self,
        root: &Node,
        depth: u8,
        len: u8,
    ) -> Vec<(Vec<u8>, Node, Last)> {
        let mut out = vec![(Vec::new(), *root, Last::START)];
        for k in 0..len {
            let mut next = Vec::with_capacity(out.len() * 13);
            for (path, node, last) in &out {
                let mut kids = [(0u8, *node, 0u8); 18];
                let n = self.children::<CHECK>(node, *last, depth - k - 1, &mut kids);
                self.nodes.fetch_add(n as u64, Ordering::Relaxed);
                for (mv, child, b) in &kids[..n] {
                    if *b < depth - k {
                        let mut p = path.clone();
                        p.push(*mv);
                        next.push((p, *child, last.after(*mv)));
                    }
                }
            }
            out = next;
        }
        out
    }

    /// Searches every canonical sequence of `depth` moves on `threads` threads; a solution
    /// if one exists (None also when stopped). The table's blocks are checked as they are
    /// read unless every one has been.
    fn depth(&self, root: &Node, depth: u8, threads: usize) -> Option<Vec<u8>> {
        if self.table.all_checked() {
            self.depth_as::<false>(root, depth, threads)
        } else {
            self.depth_as::<true>(root, depth, threads)
        }
    }

    fn depth_as<const CHECK: bool>(
        &self,
        root: &Node,
        depth: u8,
        threads: usize,
    ) -> Option<Vec<u8>> {
        if root.bound() > depth {
            return None;
        }
        let len = depth.min(if depth > 10 { PREFIX + 1 } else { PREFIX });
        let mut work = self.prefixes::<CHECK>(root, depth, len);
        self.order(&mut work);
        let next = AtomicUsize::new(0);
        let spent: Vec<AtomicU64> = work.iter().map(|_| AtomicU64::new(0)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    if let Some(path) = self.lanes::<CHECK>(&work, &next, depth, &spent) {
                        let mut f = self.found.lock().unwrap_or_else(|e| e.into_inner());
                        f.get_or_insert(path);
                        self.stop.store(true, Ordering::Relaxed);
                    }
                });
            }
        });
        *self.costs.lock().unwrap_or_else(|e| e.into_inner()) = work
            .iter()
            .zip(&spent)
            .map(|((path, ..), n)| (prefix_key(path), n.load(Ordering::Relaxed)))
            .collect();
        self.found.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// Puts the prefixes that cost most below them at the last depth first, the likeliest
    /// to hold a solution now (Voltara's vcube orders its last depths so): their nodes, those
    /// that end on D, L or B counted √1.5 times as many (fewer sequences follow them, the
    /// opposite face being barred).
    fn order(&self, work: &mut [(Vec<u8>, Node, Last)]) {
        let costs = self.costs.lock().unwrap_or_else(|e| e.into_inner());
        if costs.is_empty() {
            return;
        }
        let density = |path: &Vec<u8>| {
            let n = costs.get(&prefix_key(path)).copied().unwrap_or(0) as f64;
            match path.last() {
                Some(&m) if m / 3 >= 3 => n * 1.5f64.sqrt(),
                _ => n,
            }
        };
        work.sort_by_cached_key(|(path, ..)| std::cmp::Reverse(density(path).to_bits()));
    }
}

/// Nodes a thread expands at once, a step of each in turn: while one node's table entries
/// are on their way from memory, the thread works on the others.
const LANES: usize = 4;

/// A node waiting in a lane to be expanded: the node, the moves left, the move before it,
/// and the length of its path, whose last move is `mv` (`NONE` for a prefix's end).
#[derive(Clone, Copy, Debug)]
struct Pending {
    node: Node,
    left: u8,
    last: Last,
    len: u8,
    mv: u8,
}

/// Where a lane is in expanding its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Between nodes.
    Idle,
    /// [`Expansion::start`] done: the first axis's entries are on their way.
    Started,
    /// [`Expansion::middle`] done: the other axes' entries are on their way.
    Middle,
    /// [`Expansion::finish`] done: the inverse's entries are on their way.
    Finished,
}

/// One depth-first search of a thread: its stack of nodes to expand, the path to the node
/// it is expanding, and that node's children.
struct Lane {
    stack: Vec<Pending>,
    path: Vec<u8>,
    exp: Expansion,
    cur: Pending,
    step: Step,
    /// The prefix it searches below (an index in the work), and the nodes generated there
    /// not yet counted in.
    item: usize,
    spent: u64,
}

impl Lane {
    fn new() -> Lane {
        let node = Node {
            c: [AxisCoord::default(); 3],
            d: [0; 3],
            y: [CubieCube::solved(); 3],
            ib: [0; 3],
        };
        Lane {
            stack: Vec::with_capacity(20 * 18),
            path: Vec::with_capacity(32),
            exp: Expansion::new(&node),
            cur: Pending {
                node,
                left: 0,
                last: Last::START,
                len: 0,
                mv: NONE,
            },
            step: Step::Idle,
            item: 0,
            spent: 0,
        }
    }

    /// Counts the nodes generated below the lane's prefix into `spent`.
    fn settle(&mut self, spent: &[AtomicU64]) {
        if self.spent > 0 {
            spent[self.item].fetch_add(std::mem::take(&mut self.spent), Ordering::Relaxed);
        }
    }
}

/// A source of short solutions that bound the search from above (the two-phase solver, in
/// the CLI): asked for a solution of at most `length` moves within a time budget, it gives
/// one or `None`.
pub(crate) type Probe<'a> = &'a mut (dyn FnMut(u8, Duration) -> Option<Vec<FaceMove>> + Send);

/// Moves in the prefixes shared out between threads.
const PREFIX: u8 = 3;

/// A proven-shortest solution of `cube` in `opts.metric`, searched with `table`. `best` is
/// a solution already known (a two-phase one), the answer if the search proves that nothing
/// is shorter or has to stop. In the half-turn metric, before each depth d of a search that
/// has run `opts.probe_after` (50 ms), `probe` (if given) is asked for a solution of d moves
/// within half the time spent so far (a sixteenth below [`PROBE_FROM`] moves): every shorter depth is proven empty, so one found is a
/// shortest solution, and the largest depth, which costs most, is never searched.
/// `progress` is called from this thread about ten times a second.
///
/// A table that turns out damaged ([`AxisTable::damage`], a walk to solved that breaks, no
/// solution within God's number) ends the search with [`SolveError::DamagedTable`]: nothing
/// it found is trusted.
pub(crate) fn solve(
    table: &AxisTable,
    cube: &CubieCube,
    opts: &OptimalOptions,
    best: Option<Vec<FaceMove>>,
    probe: Option<Probe<'_>>,
    progress: &mut dyn FnMut(Progress),
) -> Result<OptimalSolution, SolveError> {
    let damage = || {
        table.damage().map(|(path, at)| SolveError::DamagedTable {
            path: Some(path.to_path_buf()),
            reason: format!(
                "its {} bytes from byte {at} are not those it held when it was last checked whole",
                crate::base::table_cache::BLOCK_BYTES
            ),
        })
    };
    // A table found damaged by an earlier search is not searched again.
    if let Some(e) = damage() {
        return Err(e);
    }
    let found = search(table, cube, opts, best, probe, progress);
    // Read after every search thread is joined: a block found damaged by any of them.
    match damage() {
        Some(e) => Err(e),
        None => found,
    }
}

/// The error of a table found inconsistent: `reason`, and its file if it has one.
fn damaged(table: &AxisTable, reason: String) -> SolveError {
    SolveError::DamagedTable {
        path: table.path().map(|p| p.to_path_buf()),
        reason,
    }
}

/// Whether a search should check every block of `table`'s mapping not checked yet
/// ([`AxisTable::check_rest`]) before its next depth, and read without checking each
/// lookup's block from then on: when the depth before generated `last_depth` nodes, or it
/// has run `elapsed`.
///
/// Checked one at a time as the search first reads them, blocks cost it several times what
/// they cost checked in file order (a 16 KB block is read whole from memory, out of the
/// order the processor can foresee, and pushes the search's own lines out of its caches):
/// on the 7.6 GB table a long search spent about 1 s in those checks, where checking the
/// whole file in order takes 0.36–0.37 s when it is in memory (the ignored test
/// `table_read_cost` prints it). A depth generates about ten times the nodes of the
/// one before, and each node reads two or three entries, so once the depth before has
/// generated a sixteenth as many nodes as the file has blocks, the next reads every block a
/// few times over: checked first, in order, they cost less. A search that has run as long
/// as checking at 4 GB/s takes (the file perhaps not in memory) checks them too, so that the
/// check costs it at most about as long again.
fn check_rest_now(table: &AxisTable, last_depth: u64, elapsed: Duration) -> bool {
    let bytes = table.bytes_len();
    let blocks = bytes.div_ceil(crate::base::table_cache::BLOCK_BYTES) as u64;
    !table.all_checked()
        && (last_depth.saturating_mul(16) >= blocks
            || elapsed >= Duration::from_secs_f64(bytes as f64 / 4e9))
}

/// God's number: every cube is solved in 20 half turns or 26 quarter turns at most.
fn gods_number(metric: Metric) -> u8 {
    match metric {
        Metric::Qtm => 26,
        _ => 20,
    }
}

/// [`solve`], before the table's blocks are looked at.
fn search(
    table: &AxisTable,
    cube: &CubieCube,
    opts: &OptimalOptions,
    best: Option<Vec<FaceMove>>,
    mut probe: Option<Probe<'_>>,
    progress: &mut dyn FnMut(Progress),
) -> Result<OptimalSolution, SolveError> {
    let started = Instant::now();
    let metric = match opts.metric {
        Metric::Htm | Metric::Qtm => opts.metric,
        other => return Err(SolveError::Metric(other)),
    };
    let search = Search::new(table, *cube, metric, opts.time_limit.map(|t| started + t));
    let root = search.root()?;
    let step = if metric == Metric::Qtm { 2 } else { 1 };
    let mut depth = root.bound();
    if metric == Metric::Qtm && depth % 2 != cube.corner_parity() {
        depth += 1;
    }
    let mut best = best.filter(|b| cube.apply_all(b).is_solved());
    let done = |moves: Option<Vec<FaceMove>>, optimal, lower_bound, given, search: &Search| {
        let stopped = *search.stopped.lock().unwrap_or_else(|e| e.into_inner());
        OptimalSolution {
            moves,
            optimal,
            lower_bound,
            stopped: if optimal { None } else { stopped },
            nodes: search.nodes.load(Ordering::Relaxed),
            elapsed: started.elapsed(),
            threads: opts.threads.max(1),
            given,
        }
    };
    let tick = |depth, probing| Progress {
        depth,
        nodes: search.nodes.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
        probing,
    };
    // Nodes generated by the last depth searched.
    let mut last_depth = 0u64;
    loop {
        if let Some(b) = &best
            && length(b, metric) <= depth
        {
            return Ok(done(best, true, depth, true, &search));
        }
        if depth > gods_number(metric) {
            return Err(damaged(
                table,
                format!(
                    "it finds no solution of {} or fewer, which every cube has",
                    crate::base::text::count(gods_number(metric).into(), "move")
                ),
            ));
        }
        progress(tick(depth, false));
        // Every depth below this one is proven empty: a solution of this length found by
        // the probe is a shortest one, and the depth need not be searched.
        if let Some(probe) = probe.as_mut()
            && metric == Metric::Htm
            && started.elapsed() >= opts.probe_after
        {
            let share = if depth >= PROBE_FROM {
                PROBE_SHARE
            } else {
                PROBE_SHARE_BELOW
            };
            let mut budget = started.elapsed() / share;
            if let Some(t) = search.deadline {
                budget = budget.min(t.saturating_duration_since(Instant::now()));
            }
            let found = ticking(|| probe(depth, budget), &mut || progress(tick(depth, true)))?;
            if let Some(moves) = found.filter(|m| m.len() <= depth as usize)
                && cube.apply_all(&moves).is_solved()
            {
                return Ok(done(Some(moves), true, depth, true, &search));
            }
            if crate::base::cancel::requested() {
                search.halt(Stopped::Cancelled);
                return Ok(done(best.take(), false, depth, true, &search));
            }
        }
        // Before a depth that will read most of a mapped table, the blocks not checked yet
        // are checked at once, in file order, and read without checking from then on.
        let before = search.nodes.load(Ordering::Relaxed);
        if check_rest_now(table, last_depth, started.elapsed()) {
            ticking(|| table.check_rest(opts.threads), &mut || {
                progress(tick(depth, false))
            })?;
        }
        let found = ticking(|| search.depth(&root, depth, opts.threads), &mut || {
            progress(tick(depth, false))
        })?;
        if let Some(path) = found {
            let moves: Vec<FaceMove> = path.iter().map(|&m| FaceMove::ALL[m as usize]).collect();
            return Ok(done(Some(moves), true, depth, false, &search));
        }
        if search.stop.load(Ordering::Relaxed) {
            return Ok(done(best.take(), false, depth, true, &search));
        }
        last_depth = search.nodes.load(Ordering::Relaxed) - before;
        depth += step;
    }
}

/// A probe for a solution of [`PROBE_FROM`] moves or more may take this share of the time
/// spent so far (1/2): canonical sequences branch about 13.3 ways a move, so the next depth
/// costs many times all before it, and a failed probe adds a few percent, while a successful
/// one saves the last and largest depth.
const PROBE_SHARE: u32 = 2;

/// From this depth on a probe gets [`PROBE_SHARE`] of the time; below it, only
/// [`PROBE_SHARE_BELOW`]. Of random states about 67% are 18 moves from solved, 27% 17 and 3%
/// 16 or fewer (Rokicki, Kociemba, Davidson and Dethridge's count), so a probe for 17 moves
/// mostly looks for what is not there, while one for 18 nearly always finds it; and a depth
/// that holds a solution is searched from the prefixes likeliest to hold one
/// ([`Search::order`]), so a probe saves less of it than the depth's size suggests.
/// Measured on ten random states beside the large table: one probe share for every depth
/// (1/2) spent 154 s, this rule 141 s, and the states 17 moves from solved 8.0 s rather
/// than 11.3 s.
const PROBE_FROM: u8 = 18;

/// The share of the time spent so far a probe below [`PROBE_FROM`] moves may take (1/16).
const PROBE_SHARE_BELOW: u32 = 16;

/// Runs `work` on another thread, calling `tick` on this one about ten times a second
/// until it is done.
fn ticking<T: Send>(
    work: impl FnOnce() -> T + Send,
    tick: &mut dyn FnMut(),
) -> Result<T, SolveError> {
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        scope.spawn(move || {
            let _ = tx.send(work());
        });
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(found) => return Ok(found),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => tick(),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(SolveError::Unreachable("an optimal-search thread panicked"));
                }
            }
        }
    })
}

mod expansion;
#[cfg(test)]
mod tests;
