//! Symmetries of the cube, and coordinates reduced by them.
//!
//! A symmetry is a rotation or reflection of space that maps the cube onto itself: a signed
//! permutation matrix (48 of them). *Conjugating* a state by a symmetry means looking at it
//! through that map: every sticker moves to the image of its position and takes the colour of
//! the image of its face, so the centres stay home. A face move conjugates to a face move (a
//! reflection reverses its direction), and conjugation respects composition, so the
//! distance to solved is the same for a state and all its conjugates.
//!
//! At the cubie level a symmetry is a permutation of corner slots and of edge slots with an
//! orientation offset per slot ([`Symmetry::conj`]); this is derived from the matrix and the
//! face lists of [`crate::state::pieces`], and checked against the sticker model in the tests.
//!
//! The two-phase method uses the **16 symmetries that keep the U–D axis** (rotations about
//! it, half turns that swap U and D, and their mirror images), because they map the phase-2
//! group ⟨U, D, R2, F2, L2, B2⟩ onto itself. Their first eight ([`UD_FLIP_SYMS`]) also keep
//! the F–B and R–L axes apart; they are the ones that keep the flip coordinate a function of
//! itself. A coordinate reduced by symmetry ([`SymClasses`]) is a *class* (the smallest raw
//! value it conjugates to, its representative) and the symmetry that takes it there; tables
//! then need one entry per class instead of one per raw value. The third symmetry used is
//! the 120° turn about the URF–DBL diagonal ([`urf`]), which takes the R–L and F–B axes to
//! U–D: the search runs phase 1 towards each of the three axes.

use std::sync::OnceLock;

use crate::solve::model::cubie::CubieCube;
use crate::state::pieces::{CORNERS, EDGES, corner_faces, edge_faces};
use crate::turn::face::Face;
use crate::turn::moves::FaceMove;

/// A signed permutation matrix, row by row.
pub type Matrix = [[i8; 3]; 3];

/// How many symmetries keep the U–D axis.
pub const UD_SYMS: usize = 16;
/// How many of them keep the flip coordinate a function of itself (no quarter turn about
/// U–D): the first eight.
pub const UD_FLIP_SYMS: usize = 8;

/// A symmetry of the cube, as it acts on cubies.
///
/// ```
/// use cubework::solve::{CubieCube, FaceMove};
/// use cubework::solve::model::sym::ud_symmetries;
/// let r = CubieCube::solved().apply(FaceMove::ALL[3]); // R
/// // A symmetry maps a face move to a face move.
/// for s in ud_symmetries() {
///     let image = s.conj_move(FaceMove::ALL[3]);
///     assert_eq!(s.conj(&r), CubieCube::solved().apply(image));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    matrix: Matrix,
    corner_slot: [u8; CORNERS],
    corner_turn: [u8; CORNERS],
    edge_slot: [u8; EDGES],
    edge_turn: [u8; EDGES],
    mirror: bool,
}

fn mat_vec(m: &Matrix, v: [i32; 3]) -> [i32; 3] {
    let mut out = [0; 3];
    for (r, row) in m.iter().enumerate() {
        out[r] = (0..3).map(|c| row[c] as i32 * v[c]).sum();
    }
    out
}

fn mat_mul(a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = [[0i8; 3]; 3];
    for r in 0..3 {
        for c in 0..3 {
            out[r][c] = (0..3).map(|k| a[r][k] * b[k][c]).sum();
        }
    }
    out
}

fn det(m: &Matrix) -> i32 {
    let m = m.map(|row| row.map(i32::from));
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

impl Symmetry {
    /// The symmetry with this matrix, or `None` if it is not a signed permutation matrix.
    pub fn from_matrix(matrix: Matrix) -> Option<Symmetry> {
        let ok = (0..3).all(|r| matrix[r].iter().filter(|&&v| v != 0).count() == 1)
            && (0..3).all(|c| (0..3).filter(|&r| matrix[r][c] != 0).count() == 1)
            && matrix.iter().flatten().all(|v| v.abs() <= 1);
        if !ok {
            return None;
        }
        let face =
            |f: Face| Face::from_normal(mat_vec(&matrix, f.normal())).expect("axes go to axes");
        let mut s = Symmetry {
            matrix,
            corner_slot: [0; CORNERS],
            corner_turn: [0; CORNERS],
            edge_slot: [0; EDGES],
            edge_turn: [0; EDGES],
            mirror: det(&matrix) < 0,
        };
        for j in 0..CORNERS {
            let image = corner_faces(j).map(face);
            let k = (0..CORNERS)
                .find(|&k| {
                    let mut a = corner_faces(k);
                    let mut b = image;
                    a.sort();
                    b.sort();
                    a == b
                })
                .expect("a corner goes to a corner");
            s.corner_slot[j] = k as u8;
            s.corner_turn[j] = corner_faces(k)
                .iter()
                .position(|&f| f == image[0])
                .expect("same faces") as u8;
        }
        for j in 0..EDGES {
            let image = edge_faces(j).map(face);
            let k = (0..EDGES)
                .find(|&k| {
                    let f = edge_faces(k);
                    f == image || f == [image[1], image[0]]
                })
                .expect("an edge goes to an edge");
            s.edge_slot[j] = k as u8;
            s.edge_turn[j] = u8::from(edge_faces(k)[0] != image[0]);
        }
        Some(s)
    }

    /// The matrix.
    pub fn matrix(&self) -> Matrix {
        self.matrix
    }

    /// Whether this is a reflection (it reverses the direction of turns).
    pub fn is_mirror(&self) -> bool {
        self.mirror
    }

    /// The face this symmetry takes `f` to.
    pub fn face(&self, f: Face) -> Face {
        Face::from_normal(mat_vec(&self.matrix, f.normal())).expect("axes go to axes")
    }

    /// `x` seen through this symmetry: the piece in slot j moves to slot σ(j) and becomes
    /// piece σ(piece), with its twist (flip) corrected by how σ moves the slots' reference
    /// faces; a reflection also reverses twists.
    #[inline]
    pub fn conj(&self, x: &CubieCube) -> CubieCube {
        let mut y = *x;
        for j in 0..CORNERS {
            let p = x.corners.perm[j] as usize;
            let to = self.corner_slot[j] as usize;
            y.corners.perm[to] = self.corner_slot[p];
            let t = x.corners.orient[j] + 3 - self.corner_turn[p] + self.corner_turn[j];
            let t = if self.mirror {
                6 - x.corners.orient[j] + self.corner_turn[j] - self.corner_turn[p]
            } else {
                t
            };
            y.corners.orient[to] = t % 3;
        }
        for j in 0..EDGES {
            let p = x.edges.perm[j] as usize;
            let to = self.edge_slot[j] as usize;
            y.edges.perm[to] = self.edge_slot[p];
            y.edges.orient[to] = x.edges.orient[j] ^ self.edge_turn[p] ^ self.edge_turn[j];
        }
        y
    }

    /// The twist and flip coordinates of `x` seen through this symmetry, without making the
    /// whole conjugate: [`Symmetry::conj`]'s orientation rules, digit by digit.
    ///
    /// ```
    /// use cubework::solve::{CubieCube, FaceMove};
    /// use cubework::solve::model::sym::ud_symmetries;
    /// let x = CubieCube::solved().apply_all(&[FaceMove::ALL[3], FaceMove::ALL[6]]);
    /// for s in ud_symmetries() {
    ///     let y = s.conj(&x);
    ///     assert_eq!(s.conj_twist_flip(&x), (y.twist(), y.flip()));
    /// }
    /// ```
    #[inline]
    pub fn conj_twist_flip(&self, x: &CubieCube) -> (usize, usize) {
        let mut co = [0u8; CORNERS];
        for j in 0..CORNERS {
            let p = x.corners.perm[j] as usize;
            let t = if self.mirror {
                6 - x.corners.orient[j] + self.corner_turn[j] - self.corner_turn[p]
            } else {
                x.corners.orient[j] + 3 - self.corner_turn[p] + self.corner_turn[j]
            };
            co[self.corner_slot[j] as usize] = t % 3;
        }
        let mut flip = 0;
        for j in 0..EDGES {
            let bit =
                x.edges.orient[j] ^ self.edge_turn[x.edges.perm[j] as usize] ^ self.edge_turn[j];
            flip |= (bit as usize) << self.edge_slot[j];
        }
        let twist = co[..CORNERS - 1]
            .iter()
            .rev()
            .fold(0, |t, &c| 3 * t + c as usize);
        (twist, flip & ((1 << (EDGES - 1)) - 1))
    }

    /// The face move that `m` becomes seen through this symmetry.
    pub fn conj_move(&self, m: FaceMove) -> FaceMove {
        let face = self.face(m.face());
        let quarters = if self.mirror {
            4 - m.quarters()
        } else {
            m.quarters()
        };
        FaceMove::ALL[3 * face.index() + quarters as usize - 1]
    }

    /// This symmetry, then `other`: conjugating by the result is conjugating by `self` and
    /// then by `other`.
    pub fn then(&self, other: &Symmetry) -> Symmetry {
        Symmetry::from_matrix(mat_mul(&other.matrix, &self.matrix))
            .expect("a product of symmetries")
    }

    /// The symmetry that undoes this one.
    pub fn inverse(&self) -> Symmetry {
        let t: Matrix = std::array::from_fn(|r| std::array::from_fn(|c| self.matrix[c][r]));
        Symmetry::from_matrix(t).expect("the transpose of a signed permutation matrix")
    }
}

/// The 16 symmetries that keep the U–D axis (the y axis), the identity first. Symmetry `s`
/// has x negated if bit 0 is set, z negated if bit 1, y negated if bit 2, and, if bit 3 is
/// set, x and z exchanged as a quarter turn about U–D does. The first eight
/// ([`UD_FLIP_SYMS`]) are the diagonal matrices, each its own inverse: among them,
/// conjugating by `a` then `b` is conjugating by `a ^ b`.
pub fn ud_symmetries() -> &'static [Symmetry; UD_SYMS] {
    static SYMS: OnceLock<[Symmetry; UD_SYMS]> = OnceLock::new();
    SYMS.get_or_init(|| {
        std::array::from_fn(|s| {
            let sign = |bit: usize| if s >> bit & 1 != 0 { -1 } else { 1 };
            let (sx, sz, sy) = (sign(0), sign(1), sign(2));
            let m = if s & 8 == 0 {
                [[sx, 0, 0], [0, sy, 0], [0, 0, sz]]
            } else {
                // e_x ↦ sx·e_z, e_z ↦ sz·e_x
                [[0, 0, sz], [0, sy, 0], [sx, 0, 0]]
            };
            Symmetry::from_matrix(m).expect("a signed permutation matrix")
        })
    })
}

/// The 120° turn about the URF–DBL diagonal that takes R to U, U to F and F to R (so the
/// R–L axis to U–D).
pub fn urf() -> &'static Symmetry {
    static URF: OnceLock<Symmetry> = OnceLock::new();
    URF.get_or_init(|| {
        Symmetry::from_matrix([[0, 0, 1], [1, 0, 0], [0, 1, 0]]).expect("a rotation")
    })
}

/// The index in [`ud_symmetries`] of the quarter turn about U–D with U's sense (F to L).
pub fn y_quarter() -> usize {
    ud_tables().y_quarter
}

/// Tables of the 16 U–D symmetries: products, inverses, and what they do to moves.
#[derive(Debug)]
pub struct UdTables {
    /// `mult[a][b]`: conjugating by `a` then by `b` is conjugating by `mult[a][b]`.
    pub mult: [[u8; UD_SYMS]; UD_SYMS],
    /// `inv[s]`: the inverse of `s`.
    pub inv: [u8; UD_SYMS],
    /// `moves[s][m]`: the index of face move `m` (in [`FaceMove::ALL`]) seen through `s`.
    pub moves: [[u8; 18]; UD_SYMS],
    y_quarter: usize,
}

/// The tables of the 16 U–D symmetries, made once.
pub fn ud_tables() -> &'static UdTables {
    static TABLES: OnceLock<UdTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let syms = ud_symmetries();
        let index = |m: Matrix| {
            syms.iter()
                .position(|s| s.matrix == m)
                .expect("the U–D symmetries form a group")
        };
        let mut t = UdTables {
            mult: [[0; UD_SYMS]; UD_SYMS],
            inv: [0; UD_SYMS],
            moves: [[0; 18]; UD_SYMS],
            y_quarter: index([[0, 0, -1], [0, 1, 0], [1, 0, 0]]),
        };
        for a in 0..UD_SYMS {
            for b in 0..UD_SYMS {
                t.mult[a][b] = index(syms[a].then(&syms[b]).matrix) as u8;
            }
            t.inv[a] = index(syms[a].inverse().matrix) as u8;
            if a < UD_FLIP_SYMS {
                debug_assert!((0..UD_FLIP_SYMS).all(|b| t.mult[a][b] as usize == a ^ b));
            }
            for (m, &fm) in FaceMove::ALL.iter().enumerate() {
                t.moves[a][m] = syms[a].conj_move(fm).index() as u8;
            }
        }
        t
    })
}

/// A coordinate reduced by a group of symmetries: for every raw value, its class and the
/// symmetry that takes it to the class's representative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymClasses {
    /// `raw_to_sym[r]` = `class << 4 | s`, where conjugating `r` by `s` gives the
    /// representative of `class`.
    pub raw_to_sym: Vec<u16>,
    /// The representative (smallest raw value) of each class.
    pub reps: Vec<u16>,
    /// For each class, a mask of the symmetries that fix its representative.
    pub self_sym: Vec<u16>,
}

/// [`SymClasses::build`] for a coordinate too large for its 16-bit fields: for every raw
/// value `class << 4 | s`, where conjugating it by `s` gives the class's representative (its
/// smallest raw value); the representatives; for each class, the symmetries that fix its
/// representative.
pub fn wide_classes(
    n_raw: usize,
    n_sym: usize,
    conj: impl Fn(usize, usize) -> usize,
) -> (Vec<u32>, Vec<u32>, Vec<u16>) {
    let inv = &ud_tables().inv;
    let mut raw_to_sym = vec![u32::MAX; n_raw];
    let (mut reps, mut self_sym) = (Vec::new(), Vec::new());
    for r in 0..n_raw {
        if raw_to_sym[r] != u32::MAX {
            continue;
        }
        let class = reps.len() as u32;
        let mut fixed = 0u16;
        for (s, &undo) in inv.iter().enumerate().take(n_sym) {
            let image = conj(r, s);
            if image == r {
                fixed |= 1 << s;
            }
            if raw_to_sym[image] == u32::MAX {
                raw_to_sym[image] = class << 4 | undo as u32;
            }
        }
        reps.push(r as u32);
        self_sym.push(fixed);
    }
    (raw_to_sym, reps, self_sym)
}

impl SymClasses {
    /// Reduces a coordinate with `n_raw` values by the first `n_sym` U–D symmetries, given
    /// how a symmetry acts on a raw value (`conj(r, s)`).
    pub fn build(n_raw: usize, n_sym: usize, conj: impl Fn(usize, usize) -> usize) -> SymClasses {
        let (raw_to_sym, reps, self_sym) = wide_classes(n_raw, n_sym, conj);
        let narrow = |v: Vec<u32>| v.into_iter().map(|x| x as u16).collect();
        SymClasses {
            raw_to_sym: narrow(raw_to_sym),
            reps: narrow(reps),
            self_sym,
        }
    }

    /// How many classes.
    pub fn len(&self) -> usize {
        self.reps.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::cube::Cube;
    use crate::state::geometry::Geometry;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Conjugation done on the stickers: each sticker goes to the image of its position, with
    /// the colour of the image of its face.
    fn sticker_conj(s: &Symmetry, cube: &Cube) -> Cube {
        let g = Geometry::of(3);
        let mut out = cube.stickers().to_vec();
        for (i, &colour) in cube.stickers().iter().enumerate() {
            let to = g
                .sticker_at(mat_vec(&s.matrix, g.position(i)))
                .expect("a symmetry maps stickers to stickers");
            out[to] = s.face(colour);
        }
        Cube::from_stickers(3, out).expect("a permutation of the stickers")
    }

    fn all_48() -> Vec<Symmetry> {
        let mut out = Vec::new();
        for perm in crate::state::sticker_perm::ORDERINGS_OF_THREE {
            for signs in 0..8 {
                let mut m = [[0i8; 3]; 3];
                for r in 0..3 {
                    m[r][perm[r]] = if signs >> r & 1 != 0 { -1 } else { 1 };
                }
                out.push(Symmetry::from_matrix(m).unwrap());
            }
        }
        out
    }

    #[test]
    fn conjugation_matches_the_sticker_model_for_all_48_symmetries() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let syms = all_48();
        assert_eq!(syms.len(), 48);
        for _ in 0..40 {
            let x = CubieCube::random(&mut rng);
            for s in &syms {
                let by_stickers = sticker_conj(s, &x.to_cube());
                let (read, rotation) = CubieCube::from_cube(&by_stickers).unwrap();
                assert!(rotation.is_empty());
                assert_eq!(s.conj(&x), read, "{:?}", s.matrix);
            }
        }
    }

    #[test]
    fn conjugation_respects_products_and_moves() {
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        let syms = all_48();
        for _ in 0..20 {
            let x = CubieCube::random(&mut rng);
            let y = CubieCube::random(&mut rng);
            for a in &syms {
                assert_eq!(a.conj(&x.then(&y)), a.conj(&x).then(&a.conj(&y)));
                assert_eq!(a.inverse().conj(&a.conj(&x)), x);
                let b = &syms[rng.random_range(0..48)];
                assert_eq!(b.conj(&a.conj(&x)), a.then(b).conj(&x));
                for m in FaceMove::ALL {
                    assert_eq!(a.conj(&x.apply(m)), a.conj(&x).apply(a.conj_move(m)));
                }
            }
        }
    }

    #[test]
    fn the_sixteen_keep_the_ud_axis_and_form_a_group() {
        let syms = ud_symmetries();
        let t = ud_tables();
        assert_eq!(syms[0].matrix, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
        for (i, s) in syms.iter().enumerate() {
            assert!(matches!(s.face(Face::U), Face::U | Face::D));
            assert_eq!(t.mult[i][t.inv[i] as usize], 0);
            // The first eight keep every edge's flip reference: flip conjugates to a flip.
            let keeps_flip = s.edge_turn.iter().all(|&x| x == 0);
            assert_eq!(keeps_flip, i < UD_FLIP_SYMS, "{i}");
        }
        for a in 0..UD_FLIP_SYMS {
            for b in 0..UD_FLIP_SYMS {
                assert_eq!(t.mult[a][b] as usize, a ^ b);
            }
        }
        let mirrors = syms.iter().filter(|s| s.is_mirror()).count();
        assert_eq!(mirrors, 8);
        // The quarter turn about U–D is U's sense: F goes to L.
        let y = &syms[y_quarter()];
        assert_eq!(y.face(Face::F), Face::L);
        let u = CubieCube::solved().apply(FaceMove::ALL[0]);
        assert_eq!(y.conj(&u), u);
        // URF: R to U, U to F, F to R; three times is nothing.
        let urf = urf();
        assert_eq!(
            [Face::R, Face::U, Face::F].map(|f| urf.face(f)),
            [Face::U, Face::F, Face::R]
        );
        assert_eq!(urf.then(urf).then(urf).matrix, syms[0].matrix);
    }
}
