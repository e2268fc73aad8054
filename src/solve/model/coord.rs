//! Coordinates: the parts of a [`CubieCube`] that the two-phase method looks at, each
//! numbered densely from 0 (solved) so that it can index a table.
//!
//! | coordinate | what it says | values |
//! |---|---|---|
//! | [twist](CubieCube::twist) | the twists of the corners | 3⁷ = 2187 |
//! | [flip](CubieCube::flip) | the flips of the edges | 2¹¹ = 2048 |
//! | [slice](CubieCube::slice) | which four slots hold the E-slice edges FR FL BL BR, in any order | C(12,4) = 495 |
//! | [sorted slice](CubieCube::slice_sorted) | where each E-slice edge is (the optimal solver's) | 495·4! = 11880 |
//! | [corner perm](CubieCube::corner_perm) | where every corner is | 8! = 40320 |
//! | [UD-edge perm](CubieCube::ud_edge_perm) | where each U- and D-layer edge is (in phase 2, where they stay in their layers) | 8! = 40320 |
//! | [slice perm](CubieCube::slice_perm) | where each E-slice edge is (in phase 2) | 4! = 24 |
//! | [corner comb](CubieCube::corner_comb) | which four slots hold the U-layer corners, and the corners' parity | C(8,4)·2 = 140 |
//!
//! The last digit of twist and flip is left out: the twists sum to 0 mod 3 and the flips to 0
//! mod 2. Sets of slots (slice, corner comb) are ranked in the combinatorial number system,
//! permutations by their Lehmer code (factorial number system). Each coordinate has a
//! `set_…` twin that makes a cube showing that coordinate and nothing else, which is how
//! the move tables ([`move_table`]) are made: set, turn, read.

use crate::solve::model::cubie::CubieCube;
use crate::state::pieces::{CORNERS, EDGES};
use crate::turn::moves::FaceMove;

/// Values of the twist coordinate.
pub const N_TWIST: usize = 2187;
/// Values of the flip coordinate.
pub const N_FLIP: usize = 2048;
/// Values of the slice coordinate.
pub const N_SLICE: usize = 495;
/// Values of the corner and UD-edge permutation coordinates.
pub const N_PERM: usize = 40320;
/// Values of the slice permutation coordinate.
pub const N_SLICE_PERM: usize = 24;
/// Values of the corner comb coordinate (70 combinations, times 2 parities).
pub const N_CORNER_COMB: usize = 140;
/// Values of the sorted slice coordinate: which four slots hold the E-slice edges, and which
/// edge is in which.
pub const N_SLICE_SORTED: usize = N_SLICE * 24;

/// The first E-slice edge piece (FR); FR FL BL BR are 8, 9, 10, 11.
const SLICE_EDGE: u8 = 8;

/// `BINOMIAL[n][k]` = C(n, k) for n < 13.
const BINOMIAL: [[u16; 13]; 13] = {
    let mut c = [[0u16; 13]; 13];
    let mut n = 0;
    while n < 13 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// Corner slots of the U layer (bit 1 of the slot number set), listed first: the order in
/// which the corner comb ranks slots, so that solved is 0.
const COMB_ORDER: [u8; CORNERS] = [4, 5, 0, 1, 6, 7, 2, 3];

/// Whether corner piece `p` belongs to the U layer.
#[inline]
fn is_up_corner(p: u8) -> bool {
    p & 2 != 0
}

/// The rank of a permutation of `0..n` in the factorial number system (identity 0).
#[inline]
pub(crate) fn perm_rank(p: &[u8]) -> usize {
    let n = p.len();
    let mut r = 0;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (n - i) + smaller;
    }
    r
}

/// The permutation of `0..out.len()` with rank `r`.
pub(crate) fn perm_unrank(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut free: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = free.remove(digits[i]);
    }
}

/// The rank of a subset of `0..13` (a membership mask) in the combinatorial number system:
/// the subset {0, …, k−1} is 0.
#[inline]
fn comb_rank(mask: u32) -> usize {
    let (mut rank, mut k) = (0, 0);
    let mut rest = mask;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        k += 1;
        rank += BINOMIAL[p][k] as usize;
        rest &= rest - 1;
    }
    rank
}

/// The `k`-subset of `0..n` with rank `r`, as a membership mask.
fn comb_unrank(mut r: usize, n: usize, mut k: usize) -> u32 {
    let mut mask = 0;
    for p in (0..n).rev() {
        if k > 0 && r >= BINOMIAL[p][k] as usize {
            r -= BINOMIAL[p][k] as usize;
            mask |= 1 << p;
            k -= 1;
        }
    }
    mask
}

/// An orientation coordinate: the orientations (0..`base`) of every piece but the last, as
/// the digits of a number in base `base`, the first piece's the lowest (the last piece's
/// follows from the others: the sum of all is 0 mod `base`).
#[inline]
fn orientation_coord(orient: &[u8], base: usize) -> usize {
    orient[..orient.len() - 1]
        .iter()
        .rev()
        .fold(0, |coord, &o| base * coord + o as usize)
}

/// Sets `orient` to the orientations of the coordinate `coord` ([`orientation_coord`]), the
/// last piece's making the sum 0 mod `base`.
fn set_orientation(orient: &mut [u8], mut coord: usize, base: usize) {
    let (last, mut sum) = (orient.len() - 1, 0);
    for o in &mut orient[..last] {
        *o = (coord % base) as u8;
        sum += coord % base;
        coord /= base;
    }
    orient[last] = ((base - sum % base) % base) as u8;
}

impl CubieCube {
    /// The twist coordinate, 0..2187: corner twists 0..7 as base-3 digits (corner 7's follows
    /// from the others).
    ///
    /// ```
    /// use cubework::solve::{CubieCube, FaceMove};
    /// assert_eq!(CubieCube::solved().twist(), 0);
    /// let r = CubieCube::solved().apply(FaceMove::ALL[3]);
    /// assert_eq!(CubieCube::from_twist(r.twist()).twist(), r.twist());
    /// ```
    #[inline]
    pub fn twist(&self) -> usize {
        orientation_coord(&self.corners.orient, 3)
    }

    /// The cube with twist coordinate `t` (0..2187) and nothing else changed.
    pub fn from_twist(t: usize) -> CubieCube {
        let mut c = CubieCube::solved();
        set_orientation(&mut c.corners.orient, t, 3);
        c
    }

    /// The flip coordinate, 0..2048: edge flips 0..11 as binary digits (edge 11's follows).
    #[inline]
    pub fn flip(&self) -> usize {
        orientation_coord(&self.edges.orient, 2)
    }

    /// The cube with flip coordinate `f` (0..2048) and nothing else changed.
    pub fn from_flip(f: usize) -> CubieCube {
        let mut c = CubieCube::solved();
        set_orientation(&mut c.edges.orient, f, 2);
        c
    }

    /// The slice coordinate, 0..495: which slots hold the four E-slice edges. Slots are
    /// counted from the last (BR) so that the solved cube, with them in slots 8..12, is 0.
    #[inline]
    pub fn slice(&self) -> usize {
        let mut mask = 0;
        for j in 0..EDGES {
            mask |= u32::from(self.edges.perm[j] >= SLICE_EDGE) << (EDGES - 1 - j);
        }
        comb_rank(mask)
    }

    /// A cube with slice coordinate `s` (0..495): the E-slice edges, in order, in the slots
    /// it names, the other edges in order in the rest.
    pub fn from_slice(s: usize) -> CubieCube {
        let mask = comb_unrank(s, EDGES, 4);
        let mut c = CubieCube::solved();
        let (mut slice, mut other) = (SLICE_EDGE, 0);
        for j in 0..EDGES {
            if mask >> (EDGES - 1 - j) & 1 != 0 {
                c.edges.perm[j] = slice;
                slice += 1;
            } else {
                c.edges.perm[j] = other;
                other += 1;
            }
        }
        c
    }

    /// The sorted slice coordinate, 0..11880: the [slice](CubieCube::slice) coordinate times
    /// 24, plus the rank of the order in which the E-slice edges stand in its slots (read in
    /// slot order). Solved is 0.
    ///
    /// ```
    /// use cubework::solve::{CubieCube, FaceMove};
    /// assert_eq!(CubieCube::solved().slice_sorted(), 0);
    /// let r2 = CubieCube::solved().apply(FaceMove::ALL[4]); // R2 swaps FR and BR in place
    /// assert_eq!(r2.slice(), 0);
    /// assert_ne!(r2.slice_sorted(), 0);
    /// ```
    #[inline]
    pub fn slice_sorted(&self) -> usize {
        let mut order = [0u8; 4];
        let mut k = 0;
        for &e in &self.edges.perm {
            if e >= SLICE_EDGE {
                order[k] = e - SLICE_EDGE;
                k += 1;
            }
        }
        self.slice() * 24 + perm_rank(&order)
    }

    /// A cube with sorted slice coordinate `s` (0..11880): the E-slice edges in the slots and
    /// the order it names, the other edges in order in the rest.
    pub fn from_slice_sorted(s: usize) -> CubieCube {
        let mut c = CubieCube::from_slice(s / 24);
        let mut order = [0u8; 4];
        perm_unrank(s % 24, &mut order);
        let mut k = 0;
        for e in &mut c.edges.perm {
            if *e >= SLICE_EDGE {
                *e = SLICE_EDGE + order[k];
                k += 1;
            }
        }
        c
    }

    /// The corner permutation coordinate, 0..40320.
    #[inline]
    pub fn corner_perm(&self) -> usize {
        perm_rank(&self.corners.perm)
    }

    /// The cube with corner permutation `p` (0..40320) and nothing else changed.
    pub fn from_corner_perm(p: usize) -> CubieCube {
        let mut c = CubieCube::solved();
        perm_unrank(p, &mut c.corners.perm);
        c
    }

    /// The UD-edge permutation coordinate, 0..40320: the permutation of the edges in slots
    /// 0..8 (UR UF UL UB DR DF DL DB). Meaningful when those slots hold the U and D edges,
    /// as they do throughout phase 2.
    #[inline]
    pub fn ud_edge_perm(&self) -> usize {
        perm_rank(&self.edges.perm[..8])
    }

    /// The cube with UD-edge permutation `p` (0..40320) and nothing else changed.
    pub fn from_ud_edge_perm(p: usize) -> CubieCube {
        let mut c = CubieCube::solved();
        perm_unrank(p, &mut c.edges.perm[..8]);
        c
    }

    /// The slice permutation coordinate, 0..24: the permutation of the edges in slots 8..12.
    /// Meaningful when they hold the E-slice edges, as they do throughout phase 2.
    #[inline]
    pub fn slice_perm(&self) -> usize {
        let mut p = [0u8; 4];
        for (i, &e) in self.edges.perm[8..].iter().enumerate() {
            p[i] = e.wrapping_sub(SLICE_EDGE);
        }
        perm_rank(&p)
    }

    /// The cube with slice permutation `p` (0..24) and nothing else changed.
    pub fn from_slice_perm(p: usize) -> CubieCube {
        let mut c = CubieCube::solved();
        perm_unrank(p, &mut c.edges.perm[8..]);
        for e in &mut c.edges.perm[8..] {
            *e += SLICE_EDGE;
        }
        c
    }

    /// The corner comb coordinate, 0..140: which four slots hold the U-layer corners (70
    /// ways), plus 70 if the corner permutation is odd. In phase 2 the corner parity equals
    /// the parity of the U- and D-edges and slice edges together, so this ties the corners
    /// to the edges in the phase-2 table that pairs it with the UD-edge permutation.
    #[inline]
    pub fn corner_comb(&self) -> usize {
        self.corner_split() + 70 * crate::solve::model::cubie::parity(&self.corners.perm) as usize
    }

    /// Which four slots hold the U-layer corners, 0..70: [`corner_comb`] without the parity
    /// (the optimal solver's large table reads it for every child's inverse).
    ///
    /// [`corner_comb`]: CubieCube::corner_comb
    #[inline]
    pub fn corner_split(&self) -> usize {
        let mut mask = 0;
        for (&p, &order) in self.corners.perm.iter().zip(&COMB_ORDER) {
            mask |= u32::from(is_up_corner(p)) << order;
        }
        comb_rank(mask)
    }

    /// A cube with corner comb `c` (0..140): the U-layer corners, in order, in the slots it
    /// names, the D-layer ones in order in the rest, and two D-layer corners swapped when it
    /// asks for odd parity.
    pub fn from_corner_comb(c: usize) -> CubieCube {
        let mask = comb_unrank(c % 70, CORNERS, 4);
        let mut cube = CubieCube::solved();
        let ups = (0..CORNERS as u8).filter(|&p| is_up_corner(p));
        let downs = (0..CORNERS as u8).filter(|&p| !is_up_corner(p));
        let (mut ups, mut downs) = (ups, downs);
        for (slot, &order) in cube.corners.perm.iter_mut().zip(&COMB_ORDER) {
            *slot = if mask >> order & 1 != 0 {
                ups.next().expect("four U corners")
            } else {
                downs.next().expect("four D corners")
            };
        }
        if crate::solve::model::cubie::parity(&cube.corners.perm) as usize != c / 70 {
            let d: Vec<usize> = (0..CORNERS)
                .filter(|&j| !is_up_corner(cube.corners.perm[j]))
                .collect();
            cube.corners.perm.swap(d[0], d[1]);
        }
        cube
    }
}

/// A move table: entry `i * moves.len() + k` is the coordinate after move `moves[k]` from a
/// cube with coordinate `i`, made with `set` and read with `get`.
pub(crate) fn move_table(
    n: usize,
    moves: &[FaceMove],
    set: impl Fn(usize) -> CubieCube,
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut table = Vec::with_capacity(n * moves.len());
    for i in 0..n {
        let c = set(i);
        for &m in moves {
            table.push(get(&c.apply(m)) as u16);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn every_coordinate_round_trips() {
        for t in 0..N_TWIST {
            assert_eq!(CubieCube::from_twist(t).twist(), t);
        }
        for f in 0..N_FLIP {
            assert_eq!(CubieCube::from_flip(f).flip(), f);
        }
        for s in 0..N_SLICE {
            assert_eq!(CubieCube::from_slice(s).slice(), s);
        }
        for p in 0..N_PERM {
            assert_eq!(CubieCube::from_corner_perm(p).corner_perm(), p);
            assert_eq!(CubieCube::from_ud_edge_perm(p).ud_edge_perm(), p);
        }
        for p in 0..N_SLICE_PERM {
            assert_eq!(CubieCube::from_slice_perm(p).slice_perm(), p);
        }
        for c in 0..N_CORNER_COMB {
            assert_eq!(CubieCube::from_corner_comb(c).corner_comb(), c);
        }
        for s in 0..N_SLICE_SORTED {
            let c = CubieCube::from_slice_sorted(s);
            assert_eq!((c.slice_sorted(), c.slice()), (s, s / 24));
        }
        let solved = CubieCube::solved();
        assert_eq!(solved.slice_sorted(), 0);
        let all = [
            solved.twist(),
            solved.flip(),
            solved.slice(),
            solved.corner_perm(),
            solved.ud_edge_perm(),
            solved.slice_perm(),
            solved.corner_comb(),
        ];
        assert_eq!(all, [0; 7]);
    }

    #[test]
    fn coordinates_of_random_states_are_in_range_and_read_back() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..500 {
            let s = CubieCube::random(&mut rng);
            assert!(s.twist() < N_TWIST && s.flip() < N_FLIP && s.slice() < N_SLICE);
            assert!(s.corner_perm() < N_PERM && s.corner_comb() < N_CORNER_COMB);
            // Each coordinate depends on its own part only.
            assert_eq!(
                CubieCube::from_twist(s.twist()).corners.orient,
                s.corners.orient
            );
            assert_eq!(CubieCube::from_flip(s.flip()).edges.orient, s.edges.orient);
            assert_eq!(
                CubieCube::from_corner_perm(s.corner_perm()).corners.perm,
                s.corners.perm
            );
            assert_eq!(CubieCube::from_slice(s.slice()).slice(), s.slice());
            let sorted = CubieCube::from_slice_sorted(s.slice_sorted());
            let slice_edges = |c: &CubieCube| c.edges.perm.map(|e| e.max(SLICE_EDGE - 1));
            assert_eq!(slice_edges(&sorted), slice_edges(&s));
        }
        // Pieces really are where the slice coordinate says.
        let r = CubieCube::solved().apply(FaceMove::ALL[3]); // R moves FR and BR
        assert_ne!(r.slice(), 0);
        assert_eq!(r.apply(FaceMove::ALL[5]).slice(), 0); // R'
    }

    #[test]
    fn move_tables_agree_with_the_cubies_on_random_sequences() {
        let moves = FaceMove::ALL;
        let twist = move_table(N_TWIST, &moves, CubieCube::from_twist, CubieCube::twist);
        let flip = move_table(N_FLIP, &moves, CubieCube::from_flip, CubieCube::flip);
        let slice = move_table(N_SLICE, &moves, CubieCube::from_slice, CubieCube::slice);
        let corners = move_table(N_PERM, &moves, CubieCube::from_corner_perm, |c| {
            c.corner_perm()
        });
        let comb = move_table(N_CORNER_COMB, &moves, CubieCube::from_corner_comb, |c| {
            c.corner_comb()
        });
        let sorted = move_table(N_SLICE_SORTED, &moves, CubieCube::from_slice_sorted, |c| {
            c.slice_sorted()
        });
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        for _ in 0..200 {
            let mut s = CubieCube::solved();
            let (mut t, mut f, mut sl, mut cp, mut cc, mut ss) = (0, 0, 0, 0, 0, 0);
            for _ in 0..30 {
                let k = rng.random_range(0..18);
                s = s.apply(moves[k]);
                t = twist[t * 18 + k] as usize;
                f = flip[f * 18 + k] as usize;
                sl = slice[sl * 18 + k] as usize;
                cp = corners[cp * 18 + k] as usize;
                cc = comb[cc * 18 + k] as usize;
                ss = sorted[ss * 18 + k] as usize;
                assert_eq!(
                    (t, f, sl, cp, cc, ss),
                    (
                        s.twist(),
                        s.flip(),
                        s.slice(),
                        s.corner_perm(),
                        s.corner_comb(),
                        s.slice_sorted()
                    )
                );
            }
        }
    }
}
