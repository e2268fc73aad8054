//! A node's children made and bounded, a step at a time (see [`super`]).

use super::{Last, Node, Search, bound};
use crate::solve::model::cubie::CubieCube;
use crate::solve::table::optimal_table::{axis_moves, decode};
use crate::turn::moves::FaceMove;

/// `MOVE_AXIS[m]`: the axis on which face move `m` is a U or D turn (the axis whose subgroup
/// holds it).
pub(super) fn move_axis() -> &'static [u8; 18] {
    static T: std::sync::OnceLock<[u8; 18]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let am = axis_moves();
        std::array::from_fn(|m| {
            (0..3)
                .find(|&a| (am[a][m] / 3).is_multiple_of(3))
                .expect("every move is U or D on one axis") as u8
        })
    })
}

/// `premoves()[a][m]`: the inverse of face move `m` as seen on axis `a`, as a state: a
/// child's inverse is its parent's with it made first.
pub(super) fn premoves() -> &'static [[CubieCube; 18]; 3] {
    static T: std::sync::OnceLock<[[CubieCube; 18]; 3]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let am = axis_moves();
        std::array::from_fn(|a| {
            std::array::from_fn(|m| CubieCube::of_move(FaceMove::ALL[am[a][m] as usize].inverse()))
        })
    })
}

/// A node's children while their bounds are read, in four steps so that the reads of one
/// step can be on their way while the thread works elsewhere. The bound is read lazily:
/// first on the axis where the node is farthest (the likeliest to rule a child out); a
/// child that puts beyond the limit gets that distance as its bound, and its other axes
/// are not read (the search will not go below it). The children it lets through are read
/// on the other two axes, and those still within the limit on their inverse's axes.
///
/// Two rules spare reads. A move that is a U or D turn on axis a leaves the inverse's
/// bound on axis a as it was (it is made *before* the inverse, and the subgroup holds it),
/// so when that bound is already beyond the limit none of the face's children is made. And
/// a child two or more beyond the limit on any axis rules out its face's other turns, one
/// move from it (a lower bound on the cube's distance is the cube's, so its neighbours are
/// at least one less).
#[derive(Clone, Copy, Debug)]
pub(super) struct Expansion {
    pub(super) node: Node,
    pub(super) first: usize,
    /// Children: move, child, bound.
    pub(super) kids: [(u8, Node, u8); 18],
    pub(super) n: usize,
    /// Table entries of each child on each axis (those computed).
    pub(super) idx: [[usize; 3]; 18],
    /// The children the first axis lets through.
    pub(super) through: [u8; 18],
    pub(super) k: usize,
    /// Faces ruled out (a bit a face).
    pub(super) faces_out: u8,
    /// Table entries of the inverse of the children let through, on each axis (the move's
    /// own axis not read: its bound is the parent's).
    pub(super) inv_idx: [[usize; 3]; 18],
    /// Whether the inverses of the children let through were made (not at the leaves).
    pub(super) inverted: bool,
}

impl Expansion {
    pub(super) fn new(node: &Node) -> Expansion {
        Expansion {
            node: *node,
            first: 0,
            kids: [(0, *node, 0); 18],
            n: 0,
            idx: [[0; 3]; 18],
            through: [0; 18],
            k: 0,
            faces_out: 0,
            inv_idx: [[0; 3]; 18],
            inverted: false,
        }
    }

    /// The first axis's entries of `node`'s children, asked for (not of those whose
    /// inverse's bound on the move's axis, the parent's, is beyond `limit`).
    #[inline(always)]
    pub(super) fn start(&mut self, s: &Search, node: &Node, last: Last, limit: u8) {
        let m = s.table.moves();
        let axis = move_axis();
        self.node = *node;
        self.first = if node.d[0] >= node.d[1] && node.d[0] >= node.d[2] {
            0
        } else if node.d[1] >= node.d[2] {
            1
        } else {
            2
        };
        let first = self.first;
        self.n = 0;
        self.faces_out = 0;
        for &mv in s.moves {
            if !last.allows(mv, s.metric) || node.ib[axis[mv as usize] as usize] > limit {
                continue;
            }
            let kid = &mut self.kids[self.n];
            kid.0 = mv;
            kid.1.c[first] = m.step(node.c[first], s.axis_moves[first][mv as usize] as usize);
            self.idx[self.n][first] = m.index(kid.1.c[first]);
            self.n += 1;
        }
        // Asked for together, after every index is known: each ask waits for its address's
        // translation, so that asks far apart in the instruction stream wait one by one.
        for i in 0..self.n {
            s.table.prefetch(self.idx[i][first]);
        }
    }

    /// The first axis's distances read; the other axes' entries asked for, of the children
    /// within `limit`.
    #[inline(always)]
    pub(super) fn middle<const CHECK: bool>(&mut self, s: &Search, limit: u8) {
        let m = s.table.moves();
        let first = self.first;
        for i in 0..self.n {
            let kid = &mut self.kids[i];
            let d = decode(
                self.node.d[first],
                s.table.entry::<CHECK>(self.idx[i][first]),
            );
            kid.1.d[first] = d;
            kid.2 = d;
            if d > limit + 1 {
                self.faces_out |= 1 << (kid.0 / 3);
            }
        }
        self.k = 0;
        for i in 0..self.n {
            let kid = &mut self.kids[i];
            if kid.2 > limit || self.faces_out >> (kid.0 / 3) & 1 != 0 {
                kid.2 = kid.2.max(limit + 1);
                continue;
            }
            let mv = kid.0 as usize;
            for a in [(first + 1) % 3, (first + 2) % 3] {
                kid.1.c[a] = m.step(self.node.c[a], s.axis_moves[a][mv] as usize);
                self.idx[i][a] = m.index(kid.1.c[a]);
            }
            self.through[self.k] = i as u8;
            self.k += 1;
        }
        for &i in &self.through[..self.k] {
            for a in [(first + 1) % 3, (first + 2) % 3] {
                s.table.prefetch(self.idx[i as usize][a]);
            }
        }
    }

    /// The other axes' distances read, and the forward bounds of the children let through;
    /// of those within `limit` (if it is not 0: a child at 0 is checked on its cubies), the
    /// inverses made and their entries asked for.
    #[inline(always)]
    pub(super) fn finish<const CHECK: bool>(&mut self, s: &Search, limit: u8) {
        let first = self.first;
        for &i in &self.through[..self.k] {
            let i = i as usize;
            let kid = &mut self.kids[i];
            for a in [(first + 1) % 3, (first + 2) % 3] {
                kid.1.d[a] = decode(self.node.d[a], s.table.entry::<CHECK>(self.idx[i][a]));
            }
            kid.2 = bound(kid.1.d);
            if kid.2 > limit + 1 {
                self.faces_out |= 1 << (kid.0 / 3);
            }
        }
        let mut k = 0;
        for j in 0..self.k {
            let i = self.through[j] as usize;
            let kid = &mut self.kids[i];
            if kid.2 > limit || self.faces_out >> (kid.0 / 3) & 1 != 0 {
                kid.2 = kid.2.max(limit + 1);
                continue;
            }
            self.through[k] = i as u8;
            k += 1;
        }
        self.k = k;
        self.inverted = limit > 0;
        if !self.inverted {
            return;
        }
        let m = s.table.moves();
        let pre = premoves();
        let axis = move_axis();
        for &i in &self.through[..self.k] {
            let i = i as usize;
            let kid = &mut self.kids[i];
            let mv = kid.0 as usize;
            let own = axis[mv] as usize;
            for (a, pre) in pre.iter().enumerate() {
                kid.1.y[a] = pre[mv].then(&self.node.y[a]);
                if a != own {
                    self.inv_idx[i][a] = m.index(m.coord(&kid.1.y[a]));
                }
            }
        }
        for &i in &self.through[..self.k] {
            let i = i as usize;
            let own = axis[self.kids[i].0 as usize] as usize;
            for a in (0..3).filter(|&a| a != own) {
                s.table.prefetch(self.inv_idx[i][a]);
                s.table.prefetch_floor(self.inv_idx[i][a]);
            }
        }
    }

    /// The inverse's bounds read, and the bounds of the children let through: the larger of
    /// the cube's and its inverse's (beyond `limit` for a child whose face a sibling rules
    /// out).
    #[inline(always)]
    pub(super) fn inverse<const CHECK: bool>(&mut self, s: &Search, limit: u8) {
        if !self.inverted {
            return;
        }
        let axis = move_axis();
        for &i in &self.through[..self.k] {
            let i = i as usize;
            let kid = &mut self.kids[i];
            let own = axis[kid.0 as usize] as usize;
            for a in 0..3 {
                kid.1.ib[a] = if a == own {
                    self.node.ib[a]
                } else {
                    s.table.bound::<CHECK>(self.inv_idx[i][a])
                };
            }
            kid.2 = kid.1.bound();
            if kid.2 > limit + 1 {
                self.faces_out |= 1 << (kid.0 / 3);
            }
        }
        if self.faces_out != 0 {
            for &i in &self.through[..self.k] {
                let kid = &mut self.kids[i as usize];
                if self.faces_out >> (kid.0 / 3) & 1 != 0 {
                    kid.2 = kid.2.max(limit + 1);
                }
            }
        }
    }
}
