//! The two-phase solver: any 3×3×3 in a few hundred microseconds, in at most 21 moves.
//!
//! Kociemba's method splits solving into two searches. **Phase 1** turns the cube into the
//! subgroup G1 = ⟨U, D, R2, F2, L2, B2⟩ — every corner twist and edge flip solved and the four
//! E-slice edges in the E slice — searching the 2187 × 2048 × 495 states of those three
//! coordinates. **Phase 2** solves the rest with G1's ten moves, searching corner
//! permutation, UD-edge permutation and slice permutation. Both are iterative-deepening
//! depth-first searches (IDA*) cut by pruning tables ([`crate::solve::table::tables`]): a branch is
//! dropped as soon as the largest table value says it cannot finish in the moves left.
//! Sequences never turn one face twice running, and turn opposite faces in one order only.
//!
//! The two phases together are not optimal, but they are fast, and the search keeps going:
//! for phase-1 lengths 0, 1, 2, … every phase-1 solution is handed to phase 2 with the moves
//! that remain under the length bound, and a solution found lowers the bound. As min2phase
//! (Chen Shuang) does, the search
//!
//! * runs phase 1 towards **six targets** in turn at each length: G1 of the U–D axis, of the
//!   R–L axis and of the F–B axis (the cube seen through [`crate::solve::model::sym::urf`]), for the cube
//!   and for its inverse (a solution of the inverse, inverted, solves the cube); more targets
//!   means more phase-1 solutions at each length, so short totals are found sooner;
//! * tries **pre-moves**: for a sequence Q of moves, a two-phase solution P of the cube Q·X
//!   (Q made first) gives the solution P·Q of X. So at phase-1 length L it also runs phase 1
//!   on Q·X for every Q of k moves with L − k ≥ 7, the last move of Q (the one next to phase
//!   2 in the solution) one of R F L B clockwise, since anything else there would belong to
//!   phase 2. This widens the family of solutions searched far more cheaply than a deeper
//!   phase 1 would (it cut the work at 20 moves by two thirds);
//! * bounds phase 1 by the largest of four lookups: slice × twist, slice × flip, twist ×
//!   flip, and twist × flip of the cube seen turned a quarter about U–D, where the flips of
//!   the slice edges read differently and so give another bound. The first is read for
//!   every child of a node before any is searched, so that those memory reads overlap; the
//!   rest only for children that pass it. A child whose bound exceeds the parent's moves
//!   left ends the turns of that face (its other powers are almost never useful);
//! * at each phase-1 solution first checks the phase-2 tables against the moves left
//!   ("probe"); most probes stop there, and phase 2 (at most [`MAX_PHASE2`] moves) is searched
//!   deepest first, so that any solution is found at once and then shortened;
//! * bounds phase 2 by three lookups: corner perm × slice perm, UD-edge perm × corner comb,
//!   and UD-edge perm × corner comb of the cube's *inverse* (which has the same distance),
//!   read through small tables of each class representative's inverse
//!   (`Tables::inverse_edge_comb` in `tables.rs`), as min2phase does. The third
//!   cut the time at 21 moves by about a quarter;
//! * after pre-moves, probes each phase-1 solution twice: as found, and with the last
//!   pre-move turned the other way (R' for R: the same phase 1, since R' = R2 · R and R2 is
//!   in G1, but another cube for phase 2). At 20 moves this halved the mean time;
//! * does not pass through G1 with fewer than five moves left (the tail would be phase 2's
//!   work) — except in the shortest phase 1 after pre-moves, where a phase 1 that ends
//!   early is probed there and then, since no shorter phase 1 follows pre-moves (most of the
//!   search's work is in those shortest phase-1 searches, one per pre-move sequence);
//! * at the last phase-1 move tries only quarter turns of R, F, L and B (every other move is
//!   in G1, and so cannot bring a cube into it);
//! * allocates nothing while it searches.
//!
//! **Threads.** The searches to make are the pairs (phase-1 length, target) in order; the
//! threads of one solve (`TwoPhaseOptions::threads`, from [`Limits::threads`](crate::solve::Limits::threads); by default one a core) take the next
//! pair from a shared counter, share the length bound (a solution found by one shortens
//! everyone's search) and the count of probes, and the first to settle stops the others.
//! Phase-1 lengths below 8 take microseconds and are searched by the calling thread alone;
//! the helpers run on rayon's pool, whose threads are started once (starting a thread
//! for every solve cost about 70 µs, a quarter of a typical solve).
//!
//! It stops at the first solution within the length bound once it has made
//! `TwoPhaseOptions::min_probes` probes (a few extra probes find a shorter solution
//! cheaply), or, given a time limit, keeps shortening until the time is up. Ctrl-C
//! ([`crate::base::cancel`]) stops it too, with the best solution found so far if there is one.
//! Adjacent moves of one face where phase 2 meets the pre-moves are merged. Every solution is
//! checked by making it on the cube before it is returned.

use crate::base::clock::Instant;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::model::sym::{
    Symmetry, UD_FLIP_SYMS, UD_SYMS, UdTables, ud_tables, urf, y_quarter,
};
use crate::solve::table::optimal_table::{AxisCoord, decode};
use crate::solve::table::prune::Nibbles;
use crate::solve::table::tables::{Tables, phase2_conj};
use crate::solve::table::twophase_large::LargeTables;
use crate::turn::moves::FaceMove;

/// The longest phase 2 searched: longer ones are slow to rule out and rarely needed.
pub const MAX_PHASE2: usize = 12;
/// The longest phase 2 searched with the large set, whose exact bound rules out longer ones
/// quickly.
pub const MAX_PHASE2_EXACT: usize = 14;
/// The default length bound.
pub const DEFAULT_MAX_LENGTH: u8 = 21;
/// Probes made before settling for a solution, by default: a few more than the first
/// solution usually takes, which shortens solutions a little (on the benchmark set, seeds 1
/// to 200, a mean of 20.57 rather than 20.61 moves at 21) for a few percent more time.
pub const DEFAULT_MIN_PROBES: u64 = 5;
/// The largest length bound accepted (every cube needs at most 20).
pub const MAX_LENGTH_LIMIT: u8 = 40;
/// How long a search without a time limit looks for a solution within its bound before
/// giving up (a bound below a cube's distance can never be met).
pub const DEFAULT_GIVE_UP: Duration = Duration::from_secs(10);

const PATH: usize = MAX_LENGTH_LIMIT as usize + MAX_PHASE2 + 2;
const NO_FACE: usize = 6;
/// Every move, as a mask of indices in [`FaceMove::ALL`].
const ALL_MOVES: u32 = (1 << 18) - 1;
/// The moves that can take a cube into G1: quarter turns of R, F, L and B.
const ENTER_G1: u32 = 1 << 3 | 1 << 5 | 1 << 6 | 1 << 8 | 1 << 12 | 1 << 14 | 1 << 15 | 1 << 17;
/// The most pre-moves with the large set (at 20 moves one or two pre-moves halve the mean
/// time of none; more cost more root walks than they save).
const MAX_PRE_MOVES_EXACT: usize = 2;
/// The shortest phase 1 searched after pre-moves with the large set (one pre-move from
/// phase-1 length 10, two from 11): at 21 moves most solutions are found before, and
/// pre-moves there would only add roots. At 20 moves (seeds 1–200, one thread, a loaded
/// machine; median / mean): 9 gave 0.142 / 0.709 ms, 8 gave 0.239 / 1.103; both pre-moves
/// from length 10 gave 0.24–0.26 / 0.67–0.95, both from 11 0.13–0.16 / 0.83–1.46.
const MIN_PHASE1_WITH_PRE_EXACT: usize = 9;
/// Roots whose exact phase-1 distance a search remembers, a direction: none, one or two
/// pre-moves.
const ROOT_SLOTS: usize = 1 + 18 + 18 * 18;
/// A remembered root distance not walked yet, and one whose walk broke.
const UNKNOWN_DEPTH: u8 = u8::MAX;
const NO_DEPTH: u8 = u8::MAX - 1;
/// The shortest phase 1 searched after pre-moves.
const MIN_PHASE1_WITH_PRE: usize = 7;
/// The shortest phase 1 searched on more than one thread: shorter ones take microseconds,
/// less than starting a thread.
const SPREAD_FROM: usize = 8;
/// The most pre-moves.
const MAX_PRE_MOVES: usize = 20;
/// The moves a pre-move sequence may end with (the one next to phase 2 in the solution):
/// R F L B, clockwise. A move of G1 there would belong to phase 2, and R' = R · R2.
const LAST_PRE_MOVES: u32 = 1 << 3 | 1 << 6 | 1 << 12 | 1 << 15;

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TwoPhaseOptions {
    /// The longest solution accepted.
    pub max_length: u8,
    /// Keep shortening the solution until this much time has passed (or the search space
    /// is exhausted) and return the best. Without it the search returns the first solution
    /// within `max_length` after `min_probes` probes, or gives up after `give_up`.
    pub time_limit: Option<Duration>,
    /// Phase-2 probes to make before settling for a solution.
    pub min_probes: u64,
    /// How long to look for any solution within `max_length` before giving up (the time
    /// limit, if longer, takes its place).
    pub give_up: Duration,
    /// Threads to search on (0 counts as 1). By default one a core
    /// ([`crate::solve::search::optimal::default_threads`]); see [`solve`] for how they share the work.
    pub threads: usize,
    /// The large table set, if it is to be read ([`crate::solve::table::twophase_large`]): exact
    /// distances in both phases. Without it, the small set's bounds.
    pub large: Option<&'static LargeTables>,
}

impl Default for TwoPhaseOptions {
    fn default() -> Self {
        TwoPhaseOptions {
            max_length: DEFAULT_MAX_LENGTH,
            time_limit: None,
            min_probes: DEFAULT_MIN_PROBES,
            give_up: DEFAULT_GIVE_UP,
            threads: crate::solve::search::optimal::default_threads(),
            large: None,
        }
    }
}

/// A solution and what finding it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TwoPhaseSolution {
    /// The moves, half-turn metric.
    pub moves: Vec<FaceMove>,
    /// Phase-1 solutions handed to phase 2.
    pub probes: u64,
    /// Phase-1 nodes expanded.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Phase-1 coordinates of a node, and those of the cube seen a quarter turn about U–D.
#[derive(Clone, Copy, Debug, Default)]
struct P1 {
    twist: u16,
    flip: u16,
    slice: u16,
    twist_y: u16,
    flip_y: u16,
}

/// `ALLOWED[last]`: the faces that may follow face `last` (6: none yet), as a mask: not the
/// same face, and of opposite faces only the one earlier in U R F D L B first.
const ALLOWED: [u8; 7] = {
    let mut a = [0u8; 7];
    let mut last = 0;
    while last < 7 {
        let mut f = 0;
        while f < 6 {
            let ok = last == NO_FACE || !(f == last || (f + 3) % 6 == last && f < last);
            if ok {
                a[last] |= 1 << f;
            }
            f += 1;
        }
        last += 1;
    }
    a
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// What the threads of one solve share: the work handed out, the bound, the best solution.
struct Shared {
    /// The next (phase-1 length, direction) to search, as `6 · length + direction`.
    next_job: AtomicUsize,
    /// Solutions must be no longer than this.
    bound: AtomicUsize,
    /// Whether `best` holds a solution (read without the lock).
    found: AtomicBool,
    /// The best solution: its length, moves and direction.
    best: Mutex<Option<(usize, [u8; PATH], usize)>>,
    /// Phase-1 solutions handed to phase 2, by every thread.
    probes: AtomicU64,
    /// Whether each direction has had a phase-1 solution (a probe).
    probed: [AtomicBool; 6],
    /// Set when one thread stops the search (settled, out of time, cancelled).
    stop: AtomicBool,
    out_of_time: AtomicBool,
    cancelled: AtomicBool,
}

impl Shared {
    fn new(bound: usize) -> Shared {
        Shared {
            next_job: AtomicUsize::new(0),
            bound: AtomicUsize::new(bound),
            found: AtomicBool::new(false),
            best: Mutex::new(None),
            probes: AtomicU64::new(0),
            probed: Default::default(),
            stop: AtomicBool::new(false),
            out_of_time: AtomicBool::new(false),
            cancelled: AtomicBool::new(false),
        }
    }

    fn bound(&self) -> usize {
        self.bound.load(Relaxed)
    }
}

struct Search<'t> {
    t: &'t Tables,
    large: Option<&'t LargeTables>,
    shared: &'t Shared,
    y_move: [u8; 18],
    y_sym: &'t Symmetry,
    sym_move: [[u8; 18]; UD_FLIP_SYMS],
    p2conj: &'t [[u8; 10]; UD_SYMS],
    uds: &'t UdTables,
    starts: [CubieCube; 6],
    /// The moves of the current phase-1 path, then of phase 2.
    path: [u8; PATH],
    /// The pre-moves, in the order chosen (the solution ends with them, last chosen first).
    pre_moves: [u8; PATH],
    pre_len: usize,
    /// Whether phase 1 may end early (see [`Search::phase1`]).
    allow_shorter: bool,
    /// The exact phase-1 distance of each root of at most two pre-moves, by direction, once
    /// walked ([`Search::root_depth`]).
    root_depths: [[u8; ROOT_SLOTS]; 6],
    /// `cubies[i]`: the current direction's cube after `path[..i]`; valid up to `valid`.
    cubies: [CubieCube; PATH],
    valid: usize,
    dir: usize,
    /// This thread's probes and nodes.
    probes: u64,
    nodes: u64,
    min_probes: u64,
    keep_going_until: Option<Instant>,
    give_up: Instant,
}

/// A pair table's bound (`table`, `width` entries a class): a class coordinate packed with
/// its symmetry (`class << 4 | symmetry`, one of `syms`), with the other coordinate, `other`,
/// seen through that symmetry (`conj[other * syms + symmetry]`).
#[inline(always)]
fn pair_bound(
    table: &Nibbles,
    width: usize,
    packed: u16,
    conj: &[u16],
    other: u16,
    syms: usize,
) -> u8 {
    let (class, sym) = ((packed >> 4) as usize, packed as usize & (syms - 1));
    table.get(class * width + conj[other as usize * syms + sym] as usize)
}

impl Search<'_> {
    #[inline(always)]
    fn corner_slice(&self, corner: u16, slice_perm: u16) -> u8 {
        let t = self.t;
        pair_bound(
            &t.corner_slice,
            24,
            corner,
            &t.slice_perm_conj,
            slice_perm,
            UD_SYMS,
        )
    }

    /// A phase-1 pair table's bound: the slice (495 positions) with a twist or flip class.
    #[inline(always)]
    fn slice_pair(&self, table: &Nibbles, class: u16, slice: u16) -> u8 {
        pair_bound(table, 495, class, &self.t.slice_conj, slice, UD_FLIP_SYMS)
    }

    #[inline(always)]
    fn edge_comb(&self, edge: u16, comb: u16) -> u8 {
        let t = self.t;
        pair_bound(&t.edge_comb, 140, edge, &t.comb_conj, comb, UD_SYMS)
    }

    /// The twist and slice after move `m`, and their slice × twist bound.
    #[inline(always)]
    fn first_bound(&self, n: &P1, m: usize) -> (u16, u16, u8) {
        let t = self.t;
        let slice = t.slice_move[n.slice as usize * 18 + m];
        let twist = self.class_move(&t.twist_class_move, n.twist, m);
        let h1 = self.slice_pair(&t.slice_twist, twist, slice);
        (twist, slice, h1)
    }

    /// The rest of the phase-1 node after move `m` (its twist, slice and first bound
    /// given), if its bound is within `togo`; with the bound. `Err(true)` when the bound is
    /// beyond `togo + 1`.
    #[inline(always)]
    fn step1(
        &self,
        n: &P1,
        m: usize,
        togo: usize,
        twist: u16,
        slice: u16,
        h1: usize,
    ) -> Result<(P1, usize), bool> {
        let t = self.t;
        let slice = slice as usize;
        let flip = self.class_move(&t.flip_class_move, n.flip, m);
        let h2 = self.slice_pair(&t.slice_flip, flip, slice as u16) as usize;
        if h2 > togo {
            return Err(h2 > togo + 1);
        }
        let h3 = self.twist_flip(twist, flip);
        if h3 > togo {
            return Err(h3 > togo + 1);
        }
        let my = self.y_move[m] as usize;
        let twist_y = self.class_move(&t.twist_class_move, n.twist_y, my);
        let flip_y = self.class_move(&t.flip_class_move, n.flip_y, my);
        let h4 = self.twist_flip(twist_y, flip_y);
        if h4 > togo {
            return Err(h4 > togo + 1);
        }
        Ok((
            P1 {
                twist,
                flip,
                slice: slice as u16,
                twist_y,
                flip_y,
            },
            h1.max(h2).max(h3).max(h4),
        ))
    }

    /// A phase-1 class coordinate (class << 4 | symmetry, one of the first eight) after move
    /// `m`: the class's move table read at the move seen through the symmetry, and the
    /// symmetries composed (by xor, among the first eight).
    #[inline(always)]
    fn class_move(&self, table: &[u16], packed: u16, m: usize) -> u16 {
        let s = (packed & 7) as usize;
        let moved = table[(packed >> 4) as usize * 18 + self.sym_move[s][m] as usize];
        moved ^ s as u16
    }

    /// The twist × flip bound of a (twist class, flip class) pair: the flip's representative
    /// seen through both symmetries, lined up with the twist's class.
    #[inline(always)]
    fn twist_flip(&self, twist: u16, flip: u16) -> usize {
        let t = self.t;
        let s = ((twist ^ flip) & 7) as usize;
        t.twist_flip.get(
            (twist >> 4) as usize * 2048 + t.flip_rep_conj[(flip >> 4) as usize * 8 + s] as usize,
        ) as usize
    }

    /// The phase-1 node of cube `c`, if its bound is within `togo`. The lookups are made
    /// cheapest first, and the cube seen a quarter turn about U–D is read only when the
    /// others pass (roots are many: one for every sequence of pre-moves).
    fn root(&self, c: &CubieCube, togo: usize) -> Option<P1> {
        let t = self.t;
        let twist = t.twist_sym[c.twist()];
        let slice = c.slice();
        let (tc, ts) = ((twist >> 4) as usize, (twist & 15) as usize);
        if t.slice_twist
            .get(tc * 495 + t.slice_conj[slice * UD_FLIP_SYMS + ts] as usize) as usize
            > togo
        {
            return None;
        }
        let flip = t.flip_sym[c.flip()];
        let (fc, fs) = ((flip >> 4) as usize, (flip & 15) as usize);
        if t.slice_flip
            .get(fc * 495 + t.slice_conj[slice * UD_FLIP_SYMS + fs] as usize) as usize
            > togo
            || self.twist_flip(twist, flip) > togo
        {
            return None;
        }
        let (twist_y, flip_y) = self.y_sym.conj_twist_flip(c);
        let (twist_y, flip_y) = (t.twist_sym[twist_y], t.flip_sym[flip_y]);
        if self.twist_flip(twist_y, flip_y) > togo {
            return None;
        }
        Some(P1 {
            twist,
            flip,
            slice: slice as u16,
            twist_y,
            flip_y,
        })
    }

    /// Whether to stop: another thread stopped the search, the time is up, or the user
    /// pressed Ctrl-C.
    fn time_is_up(&mut self) -> bool {
        let shared = self.shared;
        if shared.stop.load(Relaxed) {
            return true;
        }
        if crate::base::cancel::requested() {
            shared.cancelled.store(true, Relaxed);
            return true;
        }
        let limit = match self.keep_going_until {
            Some(t) if shared.found.load(Relaxed) => t,
            Some(t) => t.max(self.give_up),
            None => self.give_up,
        };
        if Instant::now() >= limit {
            shared.out_of_time.store(true, Relaxed);
            return true;
        }
        false
    }

    /// Searches (phase-1 length, direction) pairs in order, taking each from the shared
    /// counter, until the search stops or the lengths pass the bound. `spread` is called
    /// once, before the first pair of phase-1 length `spread_from` or more.
    fn run(&mut self, max_length: usize, spread_from: usize, spread: &mut dyn FnMut()) {
        let shared = self.shared;
        let mut spread_from = spread_from;
        while !shared.stop.load(Relaxed) {
            let job = shared.next_job.fetch_add(1, Relaxed);
            let (length1, d) = (job / 6, job % 6);
            if length1 > max_length || length1 > shared.bound() {
                break;
            }
            if length1 >= spread_from {
                spread_from = usize::MAX;
                spread();
            }
            self.dir = d;
            let start = self.starts[d];
            if self.pre(&start, 0, length1, NO_FACE) == Flow::Stop {
                shared.stop.store(true, Relaxed);
                break;
            }
        }
    }

    fn phase1(&mut self, node: &P1, depth: usize, togo: usize, last: usize) -> Flow {
        if togo == 0 {
            return self.probe(depth);
        }
        if self.count_node_and_stop() {
            return Flow::Stop;
        }
        let allowed = ALLOWED[last];
        // The last move into G1 must be a quarter turn of R, F, L or B: the other moves are
        // in G1, and keep a cube outside it outside.
        let moves = if togo == 1 { ENTER_G1 } else { ALL_MOVES };
        // First the cheapest bound for every child at once, so that the table reads overlap.
        let mut first = [(0u16, 0u16, 0u8); 18];
        for (m, slot) in first.iter_mut().enumerate() {
            if allowed >> (m / 3) & 1 != 0 && moves >> m & 1 != 0 {
                *slot = self.first_bound(node, m);
            }
        }
        for face in 0..6 {
            if allowed >> face & 1 == 0 {
                continue;
            }
            for q in 0..3 {
                let m = 3 * face + q;
                if moves >> m & 1 == 0 {
                    continue;
                }
                let (twist, slice, h1) = first[m];
                let h1 = h1 as usize;
                if h1 >= togo {
                    if h1 > togo {
                        break;
                    }
                    continue;
                }
                let (child, h) = match self.step1(node, m, togo - 1, twist, slice, h1) {
                    Ok(x) => x,
                    Err(true) => break,
                    Err(_) => continue,
                };
                if h == 0 && (1..5).contains(&(togo - 1)) {
                    // In G1 with moves to spare: phase 2's work, except after pre-moves at
                    // the shortest phase 1, where a shorter phase 1 is searched nowhere else.
                    if !self.allow_shorter {
                        continue;
                    }
                    self.set_move(depth, m);
                    if self.probe(depth + 1) == Flow::Stop {
                        return Flow::Stop;
                    }
                    continue;
                }
                self.set_move(depth, m);
                if self.phase1(&child, depth + 1, togo - 1, face) == Flow::Stop {
                    return Flow::Stop;
                }
            }
        }
        Flow::Go
    }

    /// The exact phase-1 distance of the root `c` after `k` pre-moves (those in
    /// `pre_moves`), walked once a solve for each root of at most [`REMEMBERED_PRE`]
    /// pre-moves: the same roots come back at every phase-1 length.
    fn root_depth(&mut self, large: &LargeTables, c: AxisCoord, k: usize) -> Option<u8> {
        let slot = match k {
            0 => 0,
            1 => 1 + self.pre_moves[0] as usize,
            2 => 19 + self.pre_moves[0] as usize * 18 + self.pre_moves[1] as usize,
            _ => return exact_depth(&large.phase1, c),
        };
        let slot = &mut self.root_depths[self.dir][slot];
        if *slot == UNKNOWN_DEPTH {
            *slot = exact_depth(&large.phase1, c).unwrap_or(NO_DEPTH);
        }
        (*slot != NO_DEPTH).then_some(*slot)
    }

    /// Phase 1 with the large set: `node` is exactly `dist` moves from G1, and each child's
    /// distance is read from its residue mod 3. Only children within the moves left are
    /// searched, and a child in G1 or nearer it than the moves left only with five or more
    /// moves to spare (Rokicki's rule), or — the shortest phase 1 after pre-moves — probed
    /// there and then when it is in G1.
    fn phase1_exact<const CHECK: bool>(
        &mut self,
        large: &LargeTables,
        node: AxisCoord,
        dist: u8,
        depth: usize,
        togo: usize,
        last: usize,
    ) -> Flow {
        if togo == 0 {
            return self.probe(depth);
        }
        if self.count_node_and_stop() {
            return Flow::Stop;
        }
        let table = &large.phase1;
        let m = table.moves();
        let allowed = ALLOWED[last];
        let moves = if togo == 1 { ENTER_G1 } else { ALL_MOVES };
        // Every child's entry first, prefetched, so that the memory reads overlap.
        let mut kids = [(AxisCoord::default(), 0usize); 18];
        for (k, slot) in kids.iter_mut().enumerate() {
            if allowed >> (k / 3) & 1 != 0 && moves >> k & 1 != 0 {
                let c = m.step(node, k);
                let i = m.index(c);
                table.prefetch(i);
                *slot = (c, i);
            }
        }
        let left = togo - 1;
        for (k, &(child, i)) in kids.iter().enumerate() {
            if allowed >> (k / 3) & 1 == 0 || moves >> k & 1 == 0 {
                continue;
            }
            let d = decode(dist, table.entry::<CHECK>(i));
            if d as usize > left {
                continue;
            }
            if (d as usize) < left && d as usize + left < 5 {
                if d == 0 && self.allow_shorter {
                    self.set_move(depth, k);
                    if self.probe(depth + 1) == Flow::Stop {
                        return Flow::Stop;
                    }
                }
                continue;
            }
            self.set_move(depth, k);
            if self.phase1_exact::<CHECK>(large, child, d, depth + 1, left, k / 3) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Go
    }

    /// Counts a node, and whether the search must stop there: told to, or out of time (both
    /// looked at only now and then).
    #[inline]
    fn count_node_and_stop(&mut self) -> bool {
        self.nodes += 1;
        self.nodes & 0x3F == 0
            && (self.shared.stop.load(Relaxed) || self.nodes & 0xFFF == 0 && self.time_is_up())
    }

    /// Puts move `m` at `depth` of the path: the cubes after the path are valid only up to
    /// there now.
    #[inline]
    fn set_move(&mut self, depth: usize, m: usize) {
        self.path[depth] = m as u8;
        self.valid = self.valid.min(depth);
    }

    /// Whether the search should stop with the solution it has: it has made its probes and
    /// has no time limit to use up, or nothing shorter can exist.
    fn settled(&self) -> bool {
        let shared = self.shared;
        shared.found.load(Relaxed)
            && (self.keep_going_until.is_none() && shared.probes.load(Relaxed) >= self.min_probes
                || shared.bound() == 0)
    }

    /// Keeps the solution `path[..len]` followed by the pre-moves (last chosen first), if
    /// once adjacent moves of a face are merged it is within the bound. Lowers the bound.
    fn record(&mut self, len: usize) -> bool {
        let mut out = [0u8; PATH];
        let mut n = 0;
        let tail = self.pre_moves[..self.pre_len].iter().rev();
        for &m in self.path[..len].iter().chain(tail) {
            push_merged(&mut out, &mut n, m);
        }
        let shared = self.shared;
        if n > shared.bound() {
            return false;
        }
        let mut best = shared.best.lock().unwrap_or_else(|e| e.into_inner());
        // Another thread may have lowered the bound meanwhile.
        if n > shared.bound() {
            return false;
        }
        *best = Some((n, out, self.dir));
        shared.bound.store(n.saturating_sub(1), Relaxed);
        shared.found.store(true, Relaxed);
        true
    }

    /// Tries every sequence of pre-moves that leaves phase 1 at least [`MIN_PHASE1_WITH_PRE`]
    /// moves of `length1`, and phase 1 after each: the cube to solve is the pre-moves made
    /// before `cube`, and a solution of it, followed by the pre-moves undone... by the
    /// pre-moves themselves, solves `cube` (see the module docs).
    fn pre(&mut self, cube: &CubieCube, k: usize, length1: usize, last: usize) -> Flow {
        let ends_well = k == 0 || LAST_PRE_MOVES >> self.pre_moves[k - 1] & 1 != 0;
        if ends_well && let Some(root) = self.root(cube, length1 - k) {
            self.cubies[0] = *cube;
            self.valid = 0;
            self.pre_len = k;
            self.allow_shorter = k > 0 && length1 - k == MIN_PHASE1_WITH_PRE;
            let flow = match self.large {
                // The exact distance, by walking the table down (the small set's bounds
                // have let the root through first: they are in cache).
                Some(large) => {
                    let c = large.phase1.moves().coord(cube);
                    match self.root_depth(large, c, k) {
                        Some(d) if d as usize <= length1 - k => {
                            if large.phase1.all_checked() {
                                self.phase1_exact::<false>(large, c, d, 0, length1 - k, NO_FACE)
                            } else {
                                self.phase1_exact::<true>(large, c, d, 0, length1 - k, NO_FACE)
                            }
                        }
                        _ => Flow::Go,
                    }
                }
                None => self.phase1(&root, 0, length1 - k, NO_FACE),
            };
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        if k + 1 + MIN_PHASE1_WITH_PRE > length1 || k == MAX_PRE_MOVES {
            return Flow::Go;
        }
        // With the large set, phase 1 is cheap and roots cost a walk down the table: few
        // pre-moves, each leaving phase 1 more moves than without it, so that they come in
        // at phase-1 lengths the first solutions seldom reach.
        if self.large.is_some()
            && (k >= MAX_PRE_MOVES_EXACT || length1 < k + 1 + MIN_PHASE1_WITH_PRE_EXACT)
        {
            return Flow::Go;
        }
        let last_one = k + 2 + MIN_PHASE1_WITH_PRE > length1 || k + 1 == MAX_PRE_MOVES;
        for m in 0..18 {
            let face = m / 3;
            // In the solution this move comes just before the previous pre-move.
            if last != NO_FACE && ALLOWED[face] >> last & 1 == 0 {
                continue;
            }
            if last_one && LAST_PRE_MOVES >> m & 1 == 0 {
                continue;
            }
            self.pre_moves[k] = m as u8;
            let next = CubieCube::of_move(FaceMove::ALL[m]).then(cube);
            if self.pre(&next, k + 1, length1, face) == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Go
    }
}

/// The exact phase-1 distance of `c`, walking the table down to G1: at each step every
/// neighbour's entry is fetched at once (their memory reads overlap), and the walk goes on
/// from one whose residue is one less. `None` if the walk breaks (a damaged table).
fn exact_depth(table: &crate::solve::table::optimal_table::AxisTable, c: AxisCoord) -> Option<u8> {
    let m = table.moves();
    let (mut c, mut i) = (c, m.index(c));
    let mut v = table.value(i);
    for depth in 0..=crate::solve::table::optimal_table::MAX_DEPTH as u8 {
        if i == 0 {
            return (v == 0).then_some(depth);
        }
        let want = (v + 2) % 3;
        let mut next = [(AxisCoord::default(), 0usize); 18];
        for (k, slot) in next.iter_mut().enumerate() {
            let n = m.step(c, k);
            let j = m.index(n);
            table.prefetch(j);
            *slot = (n, j);
        }
        (c, i) = *next.iter().find(|&&(_, j)| table.value(j) == want)?;
        v = want;
    }
    None
}

/// Appends move `m` to `out[..*n]`, merging it with the last move if that turns the same
/// face, or with the one before if the last turns the opposite face (they commute).
fn push_merged(out: &mut [u8; PATH], n: &mut usize, m: u8) {
    let face = m / 3;
    let merge = |a: u8, b: u8| -> Option<u8> {
        let q = (a % 3 + 1 + b % 3 + 1) % 4;
        (q != 0).then(|| face * 3 + q - 1)
    };
    if *n >= 1 && out[*n - 1] / 3 == face {
        match merge(out[*n - 1], m) {
            Some(x) => out[*n - 1] = x,
            None => *n -= 1,
        }
    } else if *n >= 2 && out[*n - 2] / 3 == face && out[*n - 1] / 3 == (face + 3) % 6 {
        match merge(out[*n - 2], m) {
            Some(x) => out[*n - 2] = x,
            None => {
                out[*n - 2] = out[*n - 1];
                *n -= 1;
            }
        }
    } else {
        out[*n] = m;
        *n += 1;
    }
}

/// The six searches: the cube seen through URF⁰, URF¹, URF², then the same for its
/// inverse.
fn directions() -> [(Symmetry, bool); 6] {
    let id = crate::solve::model::sym::ud_symmetries()[0];
    let u1 = *urf();
    let u2 = u1.then(&u1);
    [
        (id, false),
        (u1, false),
        (u2, false),
        (id, true),
        (u1, true),
        (u2, true),
    ]
}

/// A solution of `cube` in at most `opts.max_length` moves (half-turn metric): the search
/// behind [`crate::solve::solve`]'s two-phase method.
pub(crate) fn solve(
    tables: &Tables,
    cube: &CubieCube,
    opts: &TwoPhaseOptions,
) -> Result<TwoPhaseSolution, SolveError> {
    let started = Instant::now();
    if opts.max_length > MAX_LENGTH_LIMIT {
        return Err(SolveError::LengthTooHigh {
            asked: opts.max_length,
            max: MAX_LENGTH_LIMIT,
        });
    }
    if cube.is_solved() {
        return Ok(TwoPhaseSolution {
            moves: Vec::new(),
            probes: 0,
            nodes: 0,
            elapsed: started.elapsed(),
        });
    }
    let dirs = directions();
    let starts = dirs.map(|(s, inv)| {
        let c = s.conj(cube);
        if inv { c.inverse() } else { c }
    });
    let y = y_quarter();
    let uds = ud_tables();
    let shared = Shared::new(opts.max_length as usize);
    let new_search = || Search {
        t: tables,
        large: opts.large,
        shared: &shared,
        y_move: uds.moves[y],
        y_sym: &crate::solve::model::sym::ud_symmetries()[y],
        sym_move: std::array::from_fn(|s| uds.moves[s]),
        p2conj: phase2_conj(),
        uds,
        starts,
        path: [0; PATH],
        pre_moves: [0; PATH],
        pre_len: 0,
        root_depths: [[UNKNOWN_DEPTH; ROOT_SLOTS]; 6],
        allow_shorter: false,
        cubies: [CubieCube::solved(); PATH],
        valid: 0,
        dir: 0,
        probes: 0,
        nodes: 0,
        min_probes: opts.min_probes,
        keep_going_until: opts.time_limit.map(|t| started + t),
        give_up: started + opts.give_up,
    };
    let max_length = opts.max_length as usize;
    let threads = opts.threads.clamp(1, 64);
    // The helpers' probes and nodes (this thread's are in its search).
    let counts = Mutex::new((0, 0));
    let mut search = new_search();
    // The helpers run on rayon's pool, whose threads outlive the solve: starting a thread
    // costs about as much as a typical solve takes, waking one a few microseconds.
    rayon::in_place_scope(|scope| {
        let (new_search, counts) = (&new_search, &counts);
        let mut spread = || {
            for _ in 1..threads {
                scope.spawn(move |_| {
                    let mut search = new_search();
                    search.run(max_length, usize::MAX, &mut || {});
                    let mut c = counts.lock().unwrap_or_else(|e| e.into_inner());
                    *c = (c.0 + search.probes, c.1 + search.nodes);
                });
            }
        };
        let spread_from = if threads > 1 { SPREAD_FROM } else { usize::MAX };
        search.run(max_length, spread_from, &mut spread);
    });
    let (probes, nodes) = {
        let c = counts.lock().unwrap_or_else(|e| e.into_inner());
        (c.0 + search.probes, c.1 + search.nodes)
    };
    let best = *shared.best.lock().unwrap_or_else(|e| e.into_inner());
    let Some((len, path, d)) = best else {
        if shared.cancelled.load(Relaxed) {
            return Err(crate::base::cancel::Cancelled.into());
        }
        // Every solution begins with a phase-1 solution (its moves up to the last one
        // outside G1), and each direction's cube has solutions of the same lengths, so a
        // whole search with no phase-1 solution in one direction is a proof.
        let reach = if shared.out_of_time.load(Relaxed) {
            crate::solve::Reach::OutOfTime
        } else if shared.probed.iter().any(|p| !p.load(Relaxed)) {
            crate::solve::Reach::Proven
        } else {
            crate::solve::Reach::Searched
        };
        return Err(SolveError::NotFound {
            max_length: opts.max_length,
            elapsed: started.elapsed(),
            reach,
        });
    };
    let (sym, inverse) = dirs[d];
    let back = sym.inverse();
    let mut moves: Vec<FaceMove> = path[..len]
        .iter()
        .map(|&m| back.conj_move(FaceMove::ALL[m as usize]))
        .collect();
    if inverse {
        moves = moves.iter().rev().map(|m| m.inverse()).collect();
    }
    if !cube.apply_all(&moves).is_solved() {
        return Err(SolveError::Unreachable(
            "a two-phase solution did not solve the cube",
        ));
    }
    Ok(TwoPhaseSolution {
        moves,
        probes,
        nodes,
        elapsed: started.elapsed(),
    })
}

mod phase2;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod timing;
