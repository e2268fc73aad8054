//! The 3×3×3 as cubies: where each corner and edge is and how it is turned, packed into
//! integers for hashing.

use std::sync::OnceLock;

use crate::solve::SolveError;
use crate::state::cube::Cube;
use crate::state::pieces::{self, CORNERS, Corners, EDGES, Edges};
use crate::turn::face::Face;
use crate::turn::moves::{FaceMove, Move};

/// A 3×3×3 state, centres fixed: its [`Corners`] and [`Edges`], the piece in each slot (see
/// [`pieces`]) and its orientation. Moves are states too, and compose by gathering.
///
/// ```
/// use cubework::solve::{CubieCube, FaceMove};
/// let r = CubieCube::solved().apply(FaceMove::ALL[3]);
/// assert_eq!(r.to_cube().facelets(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
/// assert!(r.apply(FaceMove::ALL[5]).is_solved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    /// The eight corners.
    pub(in crate::solve) corners: Corners,
    /// The twelve edges.
    pub(in crate::solve) edges: Edges,
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::solved()
    }
}

impl CubieCube {
    /// The solved cube.
    pub const fn solved() -> CubieCube {
        CubieCube {
            corners: Corners::SOLVED,
            edges: Edges::SOLVED,
        }
    }

    /// A state drawn uniformly from all 43,252,003,274,489,856,000 that a real cube can
    /// show: random corner and edge permutations of equal parity, random twists summing to 0
    /// mod 3, random flips summing to 0 mod 2.
    ///
    /// ```
    /// use cubework::solve::CubieCube;
    /// use rand::SeedableRng;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let state = CubieCube::random(&mut rng);
    /// // Every random state is a real cube: it reads back from its stickers.
    /// assert_eq!(CubieCube::from_cube(&state.to_cube()).unwrap().0, state);
    /// ```
    pub fn random(rng: &mut impl rand::Rng) -> CubieCube {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        let mut s = CubieCube::solved();
        s.corners.perm.shuffle(rng);
        s.edges.perm.shuffle(rng);
        if parity(&s.corners.perm) != parity(&s.edges.perm) {
            s.edges.perm.swap(0, 1);
        }
        for i in 0..CORNERS - 1 {
            s.corners.orient[i] = rng.random_range(0..3);
        }
        s.corners.orient[CORNERS - 1] =
            (3 - s.corners.orient[..CORNERS - 1].iter().sum::<u8>() % 3) % 3;
        for i in 0..EDGES - 1 {
            s.edges.orient[i] = rng.random_range(0..2);
        }
        s.edges.orient[EDGES - 1] = s.edges.orient[..EDGES - 1].iter().sum::<u8>() % 2;
        s
    }

    /// Whether this is the solved cube.
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::solved()
    }

    /// The parity of the corners' permutation: 0 even, 1 odd. Every quarter turn changes it,
    /// so it is the parity of every quarter-turn sequence that solves the cube.
    ///
    /// ```
    /// use cubework::solve::{CubieCube, FaceMove};
    /// assert_eq!(CubieCube::solved().corner_parity(), 0);
    /// assert_eq!(CubieCube::solved().apply(FaceMove::ALL[0]).corner_parity(), 1);
    /// assert_eq!(CubieCube::solved().apply(FaceMove::ALL[1]).corner_parity(), 0);
    /// ```
    pub fn corner_parity(&self) -> u8 {
        parity(&self.corners.perm)
    }

    /// This state followed by `m` (a move seen as a state).
    #[inline]
    pub fn then(&self, m: &CubieCube) -> CubieCube {
        let mut out = *self;
        for i in 0..CORNERS {
            let from = m.corners.perm[i] as usize;
            out.corners.perm[i] = self.corners.perm[from];
            let t = self.corners.orient[from] + m.corners.orient[i];
            out.corners.orient[i] = if t >= 3 { t - 3 } else { t };
        }
        for i in 0..EDGES {
            let from = m.edges.perm[i] as usize;
            out.edges.perm[i] = self.edges.perm[from];
            out.edges.orient[i] = self.edges.orient[from] ^ m.edges.orient[i];
        }
        out
    }

    /// A face move as a state.
    pub fn of_move(m: FaceMove) -> CubieCube {
        move_cubes()[m.index()]
    }

    /// The state that undoes this one: `s.then(&s.inverse())` is solved.
    ///
    /// ```
    /// use cubework::solve::{CubieCube, FaceMove};
    /// let s = CubieCube::solved().apply_all(&[FaceMove::ALL[3], FaceMove::ALL[0]]); // R U
    /// assert!(s.then(&s.inverse()).is_solved());
    /// assert_eq!(s.inverse(), CubieCube::solved().apply_all(&[FaceMove::ALL[2], FaceMove::ALL[5]]));
    /// ```
    pub fn inverse(&self) -> CubieCube {
        let mut inv = *self;
        for i in 0..CORNERS {
            let p = self.corners.perm[i] as usize;
            inv.corners.perm[p] = i as u8;
            inv.corners.orient[p] = (3 - self.corners.orient[i]) % 3;
        }
        for i in 0..EDGES {
            let p = self.edges.perm[i] as usize;
            inv.edges.perm[p] = i as u8;
            inv.edges.orient[p] = self.edges.orient[i];
        }
        inv
    }

    /// Makes a face move.
    #[inline]
    pub fn apply(&self, m: FaceMove) -> CubieCube {
        self.then(&move_cubes()[m.index()])
    }

    /// Makes a sequence of face moves.
    pub fn apply_all(&self, moves: &[FaceMove]) -> CubieCube {
        moves.iter().fold(*self, |s, &m| s.apply(m))
    }

    /// The state packed into 100 bits: corner slots (3 bits each), twists (2), edge slots (4)
    /// and flips (1). Distinct states have distinct keys.
    #[inline]
    pub fn key(&self) -> u128 {
        let mut k: u128 = 0;
        for i in 0..CORNERS {
            k = (k << 5) | (self.corners.perm[i] as u128) << 2 | self.corners.orient[i] as u128;
        }
        for i in 0..EDGES {
            k = (k << 5) | (self.edges.perm[i] as u128) << 1 | self.edges.orient[i] as u128;
        }
        k
    }

    /// A 64-bit hash of the state, used to find states in tables: the 40 bytes read as five
    /// words, each multiplied by its own odd constant, summed, and mixed (splitmix64's
    /// finaliser).
    #[inline]
    pub fn fingerprint(&self) -> u64 {
        let word = |b: [u8; 8]| u64::from_le_bytes(b);
        let e0 = word(self.edges.perm[..8].try_into().expect("8 bytes"));
        let e1 = u32::from_le_bytes(self.edges.perm[8..].try_into().expect("4 bytes")) as u64
            | (u32::from_le_bytes(self.edges.orient[8..].try_into().expect("4 bytes")) as u64)
                << 32;
        let h = word(self.corners.perm).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ word(self.corners.orient)
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
                .rotate_left(17)
            ^ e0.wrapping_mul(0x1656_67b1_9e37_79f9).rotate_left(31)
            ^ e1.wrapping_mul(0x27d4_eb2f_1656_67c5).rotate_left(47)
            ^ word(self.edges.orient[..8].try_into().expect("8 bytes"))
                .wrapping_mul(0xff51_afd7_ed55_8ccd);
        mix(h)
    }

    /// The corners.
    pub fn corners(&self) -> Corners {
        self.corners
    }

    /// The edges.
    pub fn edges(&self) -> Edges {
        self.edges
    }

    /// The cube showing this state (centres home).
    pub fn to_cube(&self) -> Cube {
        let mut stickers = Cube::solved().stickers().to_vec();
        pieces::write_corners(3, &mut stickers, &self.corners());
        pieces::write_edges(&mut stickers, &self.edges());
        Cube::from_stickers(3, stickers).expect("distinct pieces show each colour nine times")
    }

    /// Reads a 3×3×3, turning the whole cube first until its centres are home. Returns the
    /// state and the whole-cube turn made (empty if none). Impossible states are errors that
    /// say what is wrong: a piece that does not exist, one that appears twice, twists or flips
    /// that do not sum to zero, or corners and edges permuted with different parities.
    pub fn from_cube(cube: &Cube) -> Result<(CubieCube, Vec<Move>), SolveError> {
        if cube.size() != 3 {
            return Err(SolveError::Size(cube.size()));
        }
        let home = |c: &Cube| Face::ALL.iter().all(|&f| c.centre(f) == Some(f));
        let (cube, rotation) = pieces::rotate_until(cube, home).ok_or(SolveError::Unreachable(
            "the centres of a checked facelet string always turn home",
        ))?;
        let corners = pieces::read_corners(&cube)?;
        let edges = pieces::read_edges(&cube)?;
        pieces::check_parity(&corners, &edges)?;
        Ok((CubieCube { corners, edges }, rotation))
    }
}

/// The parity of a permutation: 0 even, 1 odd.
pub(in crate::solve) fn parity(p: &[u8]) -> u8 {
    let mut inversions = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            inversions += u8::from(p[i] > p[j]);
        }
    }
    inversions % 2
}

#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The eighteen face moves as states, read off the geometry.
pub(in crate::solve) fn move_cubes() -> &'static [CubieCube; 18] {
    static MOVES: OnceLock<[CubieCube; 18]> = OnceLock::new();
    MOVES.get_or_init(|| {
        FaceMove::ALL.map(|m| {
            let mut cube = Cube::solved();
            cube.apply(&m.to_move())
                .expect("face turns exist on the 3×3×3");
            CubieCube::from_cube(&cube)
                .expect("a face turn leaves a real cube")
                .0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashSet;

    #[test]
    fn moves_compose_like_the_stickers() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..30 {
            let mut cube = Cube::solved();
            let mut state = CubieCube::solved();
            for _ in 0..25 {
                let m = FaceMove::ALL[rng.random_range(0..18)];
                cube.apply(&m.to_move()).unwrap();
                state = state.apply(m);
                assert_eq!(state.to_cube(), cube);
            }
            assert_eq!(CubieCube::from_cube(&cube).unwrap(), (state, vec![]));
        }
    }

    #[test]
    fn keys_are_distinct_for_distinct_states() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut keys = HashSet::new();
        let mut states = HashSet::new();
        let mut s = CubieCube::solved();
        for _ in 0..20000 {
            s = s.apply(FaceMove::ALL[rng.random_range(0..18)]);
            keys.insert(s.key());
            states.insert(s);
        }
        assert_eq!(keys.len(), states.len());
    }

    #[test]
    fn random_states_are_real_and_varied() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut seen = HashSet::new();
        let mut odd = 0;
        for _ in 0..2000 {
            let s = CubieCube::random(&mut rng);
            // from_cube checks twist and flip sums and equal parities.
            assert_eq!(CubieCube::from_cube(&s.to_cube()).unwrap().0, s);
            odd += usize::from(parity(&s.corners.perm));
            seen.insert(s);
        }
        assert_eq!(seen.len(), 2000);
        // Both parities occur, about equally often.
        assert!((800..1200).contains(&odd), "{odd} odd of 2000");
    }

    #[test]
    fn rotated_and_impossible_cubes() {
        let mut cube = Cube::solved();
        cube.apply_all(&parse_moves("R U x y2 M", Notation::Standard).unwrap())
            .unwrap();
        let (state, rotation) = CubieCube::from_cube(&cube).unwrap();
        assert!(!rotation.is_empty());
        let mut turned = cube.clone();
        turned.apply_all(&rotation).unwrap();
        assert_eq!(state.to_cube(), turned);
        // A flipped edge.
        let mut s: Vec<char> = Cube::solved().facelets().chars().collect();
        s.swap(5, 10);
        let flipped = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
        let err = CubieCube::from_cube(&flipped).unwrap_err();
        assert!(err.to_string().contains("flipped edges: UR"), "{err}");
    }
}
