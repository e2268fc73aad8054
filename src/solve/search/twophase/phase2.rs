//! Phase 2 of the two-phase search: a phase-1 solution probed, and the search from the
//! cube it leaves in G1 with G1's ten moves, by the small set's bounds or the large set's
//! exact distances.

use std::sync::atomic::Ordering::Relaxed;

use super::{ALLOWED, Flow, MAX_PHASE2, MAX_PHASE2_EXACT, NO_FACE, Search};
use crate::solve::model::cubie::CubieCube;
use crate::solve::table::tables::PHASE2_MOVES;
use crate::solve::table::twophase_large::LargeTables;
use crate::turn::moves::FaceMove;

impl Search<'_> {
    /// A phase-1 solution of `depth1` moves (after `pre_len` pre-moves): look for a phase 2
    /// within the moves left.
    pub(super) fn probe(&mut self, depth1: usize) -> Flow {
        if self.settled() {
            return Flow::Stop;
        }
        let shared = self.shared;
        self.probes += 1;
        shared.probes.fetch_add(1, Relaxed);
        if !shared.probed[self.dir].load(Relaxed) {
            shared.probed[self.dir].store(true, Relaxed);
        }
        if self.probes & 0xFF == 0 && self.time_is_up() {
            return Flow::Stop;
        }
        let length1 = depth1 + self.pre_len;
        if shared.bound() < length1 {
            return Flow::Go;
        }
        for i in self.valid..depth1 {
            self.cubies[i + 1] = self.cubies[i].apply(FaceMove::ALL[self.path[i] as usize]);
        }
        self.valid = depth1;
        let c = self.cubies[depth1];
        let mut found = self.phase2_from(&c, depth1);
        // The last pre-move (the one next to phase 2 in the solution) turned the other way:
        // X' = X2 · X, so the same phase-1 solution leaves the cube X2 · c, another start
        // for phase 2 (min2phase's "switch"; only clockwise ones are chosen as pre-moves).
        if self.pre_len > 0 && !self.settled() {
            let q = self.pre_moves[self.pre_len - 1];
            self.pre_moves[self.pre_len - 1] = q + 2;
            let switched = CubieCube::of_move(FaceMove::ALL[q as usize + 1]).then(&c);
            found |= self.phase2_from(&switched, depth1);
            self.pre_moves[self.pre_len - 1] = q;
        }
        if found && self.settled() {
            return Flow::Stop;
        }
        Flow::Go
    }

    /// Phase 2 from the cube `c` in G1 (after `depth1` phase-1 moves): records each
    /// solution within the bound, shortening it until it can be no shorter. Whether it
    /// recorded one.
    fn phase2_from(&mut self, c: &CubieCube, depth1: usize) -> bool {
        let shared = self.shared;
        let length1 = depth1 + self.pre_len;
        let Some(max2) = shared.bound().checked_sub(length1) else {
            return false;
        };
        if let Some(large) = self.large {
            return self.phase2_exact_from(large, c, depth1, max2);
        }
        let t = self.t;
        let corner = t.corner_sym[c.corner_perm()];
        let edge = t.edge_sym[c.ud_edge_perm()];
        let slice_perm = c.slice_perm() as u16;
        let comb = c.corner_comb() as u16;
        let max2 = MAX_PHASE2.min(max2);
        let h = self
            .corner_slice(corner, slice_perm)
            .max(self.edge_comb(edge, comb)) as usize;
        if h > max2 {
            return false;
        }
        // The inverse's bound only for the probes the first two let through (most stop there).
        let (edge_i, comb_i) = t.inverse_edge_comb(self.uds, corner, edge);
        let h = h.max(self.edge_comb(edge_i, comb_i) as usize);
        if h > max2 {
            return false;
        }
        let last = self.last_face(depth1);
        let mut found = false;
        let mut togo = max2;
        let edges = SmallEdges { edge, comb };
        while let Some(used) = self.phase2(corner, edges, slice_perm, togo, depth1, last) {
            if self.record(depth1 + used) {
                found = true;
            }
            let bound = shared.bound();
            if used == 0 || used - 1 < h || bound < length1 {
                break;
            }
            togo = (used - 1).min(bound - length1);
        }
        found
    }

    /// Phase 2 with the large set from the cube `c` in G1, within `max2` moves: the corner
    /// × UD-edge distance and the corner × slice-perm bound first, then iterative deepening
    /// from their largest, so that the first phase 2 found is the shortest. Whether it
    /// recorded a solution.
    fn phase2_exact_from(
        &mut self,
        large: &LargeTables,
        c: &CubieCube,
        depth1: usize,
        max2: usize,
    ) -> bool {
        let t = self.t;
        let corner = t.corner_sym[c.corner_perm()];
        let edge = c.ud_edge_perm() as u16;
        let slice_perm = c.slice_perm() as u16;
        let max2 = MAX_PHASE2_EXACT.min(max2);
        let h = (large.phase2.bound(corner, edge) as usize)
            .max(self.corner_slice(corner, slice_perm) as usize);
        if h > max2 {
            return false;
        }
        let last = self.last_face(depth1);
        for togo in h..=max2 {
            let edges = ExactEdges { large, edge };
            if let Some(used) = self.phase2(corner, edges, slice_perm, togo, depth1, last) {
                return self.record(depth1 + used);
            }
        }
        false
    }

    /// Phase 2 from (`corner`, `edges`, `slice_perm`) in at most `togo` moves, by the
    /// corner × slice-perm bound and the bound of the edges the set tracks; the moves used,
    /// written to `path[depth..]`.
    fn phase2<E: Phase2Edges>(
        &mut self,
        corner: u16,
        edges: E,
        slice_perm: u16,
        togo: usize,
        depth: usize,
        last: usize,
    ) -> Option<usize> {
        if corner < 16 && slice_perm == 0 && edges.solved() {
            return Some(0);
        }
        if togo == 0 {
            return None;
        }
        let t = self.t;
        let allowed = ALLOWED[last];
        for (k, &phase2_move) in PHASE2_MOVES.iter().enumerate() {
            let face = phase2_move as usize / 3;
            if allowed >> face & 1 == 0 {
                continue;
            }
            let corner2 = self.phase2_class_move(&t.corner_class_move, corner, k);
            let sp2 = t.slice_perm_move[slice_perm as usize * 10 + k];
            if self.corner_slice(corner2, sp2) as usize >= togo {
                continue;
            }
            let Some(edges2) = edges.after(self, corner2, k, togo) else {
                continue;
            };
            self.path[depth] = phase2_move;
            if let Some(used) = self.phase2(corner2, edges2, sp2, togo - 1, depth + 1, face) {
                return Some(used + 1);
            }
        }
        None
    }

    /// The face of the last phase-1 move of `depth1`, which phase 2 does not turn again
    /// ([`NO_FACE`] after none).
    fn last_face(&self, depth1: usize) -> usize {
        match depth1 {
            0 => NO_FACE,
            _ => self.path[depth1 - 1] as usize / 3,
        }
    }

    /// A phase-2 class coordinate (`class << 4 | symmetry`) after the `k`-th phase-2 move,
    /// read from its class move table (`table`).
    #[inline(always)]
    fn phase2_class_move(&self, table: &[u16], packed: u16, k: usize) -> u16 {
        let s = (packed & 15) as usize;
        let moved = table[(packed >> 4) as usize * 10 + self.p2conj[s][k] as usize];
        moved & !15 | self.uds.mult[s][(moved & 15) as usize] as u16
    }
}

/// The edges as a phase-2 search follows them, with the bound they give on the moves left:
/// the small set's UD-edge class and slice combination, or the large set's UD-edge
/// permutation with its exact distance.
trait Phase2Edges: Copy {
    /// Whether the edges are home (with the corners and the slice home, the cube is solved).
    fn solved(self) -> bool;
    /// The edges after the `k`-th phase-2 move, which takes the corners to `corner2`; none
    /// if from there they need `togo` moves or more.
    fn after(self, search: &Search<'_>, corner2: u16, k: usize, togo: usize) -> Option<Self>;
}

/// The small set's edges: the UD-edge class (`class << 4 | symmetry`) and the combination
/// of the corners, bounded by the edge × combination table, of the cube and of its inverse.
#[derive(Clone, Copy)]
struct SmallEdges {
    edge: u16,
    comb: u16,
}

impl Phase2Edges for SmallEdges {
    #[inline(always)]
    fn solved(self) -> bool {
        self.edge < 16
    }

    #[inline(always)]
    fn after(self, search: &Search<'_>, corner2: u16, k: usize, togo: usize) -> Option<Self> {
        let t = search.t;
        let edge = search.phase2_class_move(&t.edge_class_move, self.edge, k);
        let comb = t.comb_move[self.comb as usize * 10 + k];
        if search.edge_comb(edge, comb) as usize >= togo {
            return None;
        }
        let (edge_i, comb_i) = t.inverse_edge_comb(search.uds, corner2, edge);
        if search.edge_comb(edge_i, comb_i) as usize >= togo {
            return None;
        }
        Some(SmallEdges { edge, comb })
    }
}

/// The large set's edges: the UD-edge permutation, whose distance with the corners' class
/// the large table holds exactly.
#[derive(Clone, Copy)]
struct ExactEdges<'t> {
    large: &'t LargeTables,
    edge: u16,
}

impl Phase2Edges for ExactEdges<'_> {
    #[inline(always)]
    fn solved(self) -> bool {
        self.edge == 0
    }

    #[inline(always)]
    fn after(self, _: &Search<'_>, corner2: u16, k: usize, togo: usize) -> Option<Self> {
        let edge = self.large.phase2.edge_after(self.edge, k);
        ((self.large.phase2.bound(corner2, edge) as usize) < togo).then_some(ExactEdges {
            large: self.large,
            edge,
        })
    }
}
