//! Bounds from the cube's inverse. A sequence solves a cube exactly when its reverse, each
//! move undone, solves the inverse, so the inverse is as far from solved as the cube, and the
//! table's three bounds of the inverse bound the cube too.
//!
//! The table holds distances mod 3, read exactly only beside a neighbour whose distance is
//! known. A child is its parent with a move made *after* it, a neighbour in the table, but
//! its inverse is the parent's inverse with the move's inverse made *before* it, which is not
//! a neighbour: the inverse's distances have to be walked down the table to solved, about ten
//! rounds of reads, each round all a step's neighbours fetched together and the three axes
//! walked in step. That costs as much as a few dozen nodes, so a search asks it only of nodes
//! with many moves left ([`INVERSE_FROM`]), few and each the root of a large subtree.

use super::{Search, bound};
use crate::solve::cubie::CubieCube;
use crate::solve::optimal_table::{AxisCoord, AxisTable, axis_syms};
use crate::turn::moves::FaceMove;

/// Nodes with at least this many moves left are bounded by their inverse too.
pub(super) const INVERSE_FROM: u8 = 10;

impl Search<'_> {
    /// A lower bound on the distance of the cube reached by `path`, from its inverse's three
    /// axes: exact when at most `cap`, else more than `cap`.
    pub(super) fn inverse_bound<const CHECK: bool>(&self, path: &[u8], cap: u8) -> u8 {
        let cube = path
            .iter()
            .fold(self.cube, |c, &m| c.apply(FaceMove::ALL[m as usize]));
        walk3::<CHECK>(self.table, &cube.inverse(), cap)
    }
}

/// The bound of `cube` on the table's three axes, each distance walked down the table to
/// solved: exact when at most `cap`, else more than `cap`.
pub(super) fn walk3<const CHECK: bool>(table: &AxisTable, cube: &CubieCube, cap: u8) -> u8 {
    let m = table.moves();
    let syms = axis_syms();
    let mut c: [AxisCoord; 3] = std::array::from_fn(|a| m.coord(&syms[a].conj(cube)));
    let mut i: [usize; 3] = std::array::from_fn(|a| m.index(c[a]));
    let mut v: [u8; 3] = std::array::from_fn(|a| table.entry::<CHECK>(i[a]));
    let mut d = [0u8; 3];
    // The distance is its residue mod 3 plus a multiple of 3: one that has walked k steps
    // without reaching solved is at least the first such value above k.
    let first = v;
    let at_least = |a: usize, k: u8| k + 1 + (first[a] + 3 - (k + 1) % 3) % 3;
    let mut next = [[(AxisCoord::default(), 0usize); 18]; 3];
    loop {
        let mut walking = false;
        for a in 0..3 {
            if i[a] == 0 {
                continue;
            }
            if at_least(a, d[a]) > cap {
                // Beyond the cap: so is the bound, whatever the other axes say.
                return at_least(a, d[a]);
            }
            walking = true;
            for (k, n) in next[a].iter_mut().enumerate() {
                let s = m.step(c[a], k);
                *n = (s, m.index(s));
                table.prefetch(n.1);
            }
        }
        if !walking {
            break;
        }
        for a in 0..3 {
            if i[a] == 0 {
                continue;
            }
            let want = (v[a] + 2) % 3;
            match next[a].iter().find(|n| table.entry::<CHECK>(n.1) == want) {
                Some(&(s, j)) => {
                    (c[a], i[a], v[a]) = (s, j, want);
                    d[a] += 1;
                }
                // A broken walk (a damaged table, which the search reports): no bound.
                None => return 0,
            }
        }
    }
    bound(d)
}
