//! The two-phase solver's tables: move tables, symmetry reductions and pruning tables,
//! built from the cubie model in a few hundred milliseconds and cached on disk.
//!
//! Phase 1 takes any cube into the subgroup G1 = ⟨U, D, R2, F2, L2, B2⟩, where corner twist,
//! edge flip and the E-slice edges' slots are all solved; phase 2 solves the rest inside G1.
//!
//! | table | entries | used for |
//! |---|---|---|
//! | twist, flip classes | 2187 → 324, 2048 → 336 | the 8 flip-keeping U–D symmetries |
//! | twist, flip class moves, slice moves | 324·18, 336·18, 495·18 | phase-1 coordinates after each of the 18 moves |
//! | slice seen through a symmetry, flip class representatives seen through one | 495·8, 336·8 | lining a raw coordinate up with a class |
//! | corner, UD-edge perm classes | 40320 → 2768 each | the 16 U–D symmetries |
//! | corner, UD-edge class moves | 2768·10 each | phase-2 coordinates after each of the 10 phase-2 moves |
//! | slice perm, corner comb moves and symmetries | 24·10, 24·16, 140·10, 140·16 | |
//! | **slice × twist** pruning | 495·324 = 160,380 | phase 1 |
//! | **slice × flip** pruning | 495·336 = 166,320 | phase 1 |
//! | **twist × flip** pruning | 2048·324 = 663,552 | phase 1 (looked up twice: as the cube is, and turned a quarter about U–D, where the flips read differently) |
//! | **corner perm × slice perm** pruning | 2768·24 = 66,432 | phase 2 |
//! | **UD-edge perm × corner comb** pruning | 2768·140 = 387,520 | phase 2 (looked up twice: for the cube and for its inverse, through the inverse of each class's representative, 2768 each, derived on load) |
//!
//! The pruning tables hold exact distances in their projections, four bits an entry: 721 kB
//! in all. This is the table design of min2phase (Chen Shuang), smaller than Kociemba's
//! 64,430 × 2187 flip-slice-twist table: it builds in a fraction of a second, where the large
//! table would take far longer than this project allows; the search makes up with several
//! lookups per node.

use crate::solve::model::coord::{
    N_CORNER_COMB, N_FLIP, N_PERM, N_SLICE, N_SLICE_PERM, N_TWIST, move_table, perm_rank,
    perm_unrank,
};
use crate::solve::model::cubie::CubieCube;
use crate::solve::model::sym::{
    SymClasses, UD_FLIP_SYMS, UD_SYMS, UdTables, ud_symmetries, ud_tables,
};
use crate::solve::table::prune::{DynPairSpec, Nibbles, PairSpec};
use crate::turn::moves::FaceMove;

/// Twist classes under the 8 flip-keeping symmetries.
pub const N_TWIST_CLASSES: usize = 324;
/// Flip classes under the 8 flip-keeping symmetries.
pub const N_FLIP_CLASSES: usize = 336;
/// Corner (or UD-edge) permutation classes under the 16 U–D symmetries.
pub const N_PERM_CLASSES: usize = 2768;

/// The phase-2 moves, as indices in [`FaceMove::ALL`]: U U2 U' D D2 D' R2 F2 L2 B2.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 9, 10, 11, 4, 7, 13, 16];

/// `PHASE2_CONJ[s][k]`: phase-2 move `k` seen through U–D symmetry `s`, as a phase-2 move.
pub(in crate::solve) fn phase2_conj() -> &'static [[u8; 10]; UD_SYMS] {
    static T: std::sync::OnceLock<[[u8; 10]; UD_SYMS]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let moves = &ud_tables().moves;
        std::array::from_fn(|s| {
            std::array::from_fn(|k| {
                let image = moves[s][PHASE2_MOVES[k] as usize];
                PHASE2_MOVES
                    .iter()
                    .position(|&m| m == image)
                    .expect("U–D symmetries keep the phase-2 moves") as u8
            })
        })
    })
}

/// Every table the two-phase search reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Raw twist → class << 4 | symmetry (8 symmetries).
    pub(in crate::solve) twist_sym: Box<[u16]>,
    /// Raw flip → class << 4 | symmetry (8 symmetries).
    pub(in crate::solve) flip_sym: Box<[u16]>,
    /// Twist class × move → class << 4 | symmetry, for the class's representative.
    pub(in crate::solve) twist_class_move: Box<[u16]>,
    /// Flip class × move → class << 4 | symmetry.
    pub(in crate::solve) flip_class_move: Box<[u16]>,
    pub(in crate::solve) slice_move: Box<[u16]>,
    /// Slice × symmetry → the slice seen through it.
    pub(in crate::solve) slice_conj: Box<[u16]>,
    /// Flip class × symmetry → the raw flip of the representative seen through it.
    pub(in crate::solve) flip_rep_conj: Box<[u16]>,
    /// Raw corner perm → class << 4 | symmetry (16 symmetries).
    pub(in crate::solve) corner_sym: Box<[u16]>,
    /// Raw UD-edge perm → class << 4 | symmetry (16 symmetries).
    pub(in crate::solve) edge_sym: Box<[u16]>,
    pub(in crate::solve) corner_class_move: Box<[u16]>,
    pub(in crate::solve) edge_class_move: Box<[u16]>,
    pub(in crate::solve) slice_perm_move: Box<[u16]>,
    pub(in crate::solve) slice_perm_conj: Box<[u16]>,
    pub(in crate::solve) comb_move: Box<[u16]>,
    pub(in crate::solve) comb_conj: Box<[u16]>,
    /// Corner perm class → its representative's inverse, as class << 4 | symmetry: with
    /// `edge_inv` and `corner_rep_comb`, what the phase-2 bound of a cube's inverse needs
    /// (see [`Tables::inverse_edge_comb`]). Derived from `corner_sym` when loaded.
    pub(in crate::solve) corner_inv: Box<[u16]>,
    /// UD-edge perm class → its representative's inverse, as class << 4 | symmetry.
    pub(in crate::solve) edge_inv: Box<[u16]>,
    /// Corner perm class → the corner comb of its representative.
    pub(in crate::solve) corner_rep_comb: Box<[u16]>,
    pub(in crate::solve) slice_twist: Nibbles,
    pub(in crate::solve) slice_flip: Nibbles,
    pub(in crate::solve) twist_flip: Nibbles,
    pub(in crate::solve) corner_slice: Nibbles,
    pub(in crate::solve) edge_comb: Nibbles,
}

/// Entries of all five pruning tables together: the unit of build progress.
pub const PRUNING_ENTRIES: u64 = (N_TWIST_CLASSES * N_SLICE
    + N_FLIP_CLASSES * N_SLICE
    + N_TWIST_CLASSES * N_FLIP
    + N_PERM_CLASSES * N_SLICE_PERM
    + N_PERM_CLASSES * N_CORNER_COMB) as u64;

fn boxed(v: Vec<u16>) -> Box<[u16]> {
    v.into_boxed_slice()
}

/// A table of a raw coordinate seen through each of the first `n_sym` U–D symmetries.
fn conj_table(
    n: usize,
    n_sym: usize,
    set: impl Fn(usize) -> CubieCube,
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let syms = ud_symmetries();
    let mut t = Vec::with_capacity(n * n_sym);
    for i in 0..n {
        let c = set(i);
        for s in &syms[..n_sym] {
            t.push(get(&s.conj(&c)) as u16);
        }
    }
    t
}

/// The representative of each perm class (the smallest raw value in it), from
/// `raw_to_sym`; an error names a class with no member.
fn class_reps(raw_to_sym: &[u16], what: &str) -> Result<Vec<usize>, String> {
    let mut reps = vec![usize::MAX; N_PERM_CLASSES];
    for (raw, &packed) in raw_to_sym.iter().enumerate() {
        let rep = reps
            .get_mut((packed >> 4) as usize)
            .ok_or_else(|| format!("{what} entry {raw} names no class"))?;
        if *rep == usize::MAX {
            *rep = raw;
        }
    }
    match reps.iter().position(|&r| r == usize::MAX) {
        Some(c) => Err(format!("{what} class {c} has no member")),
        None => Ok(reps),
    }
}

/// The three tables of the phase-2 inverse bound: `corner_inv`, `edge_inv` and
/// `corner_rep_comb`, derived from the corner and UD-edge class tables.
pub(in crate::solve) type InverseTables = (Box<[u16]>, Box<[u16]>, Box<[u16]>);

/// Derives the [`InverseTables`] from the corner and UD-edge perm class tables; an error if
/// a class has no member.
pub(in crate::solve) fn inverse_tables(
    corner_sym: &[u16],
    edge_sym: &[u16],
) -> Result<InverseTables, String> {
    let corner_reps = class_reps(corner_sym, "corner perm classes")?;
    let edge_reps = class_reps(edge_sym, "UD-edge perm classes")?;
    // The rank of the inverse of the permutation of rank `r` (corner perms and UD-edge
    // perms are both permutations of eight).
    let inverse = |r: usize| {
        let (mut p, mut q) = ([0u8; 8], [0u8; 8]);
        perm_unrank(r, &mut p);
        for (i, &x) in p.iter().enumerate() {
            q[x as usize] = i as u8;
        }
        perm_rank(&q)
    };
    let corner_inv = corner_reps
        .iter()
        .map(|&r| corner_sym[inverse(r)])
        .collect();
    let edge_inv = edge_reps.iter().map(|&r| edge_sym[inverse(r)]).collect();
    let rep_comb = corner_reps
        .iter()
        .map(|&r| CubieCube::from_corner_perm(r).corner_comb() as u16)
        .collect();
    Ok((corner_inv, edge_inv, rep_comb))
}

/// Moves of each class's representative, as class << 4 | symmetry.
fn class_move_table(
    classes: &SymClasses,
    moves: &[FaceMove],
    set: impl Fn(usize) -> CubieCube,
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut t = Vec::with_capacity(classes.len() * moves.len());
    for &rep in &classes.reps {
        let c = set(rep as usize);
        for &m in moves {
            t.push(classes.raw_to_sym[get(&c.apply(m))]);
        }
    }
    t
}

/// Phase 1's class coordinates: the twist and flip reduced by the U–D symmetries that keep
/// the slice.
fn phase1_classes() -> (SymClasses, SymClasses) {
    let syms = ud_symmetries();
    let twist_classes = SymClasses::build(N_TWIST, UD_FLIP_SYMS, |t, s| {
        syms[s].conj(&CubieCube::from_twist(t)).twist()
    });
    let flip_classes = SymClasses::build(N_FLIP, UD_FLIP_SYMS, |f, s| {
        syms[s].conj(&CubieCube::from_flip(f)).flip()
    });
    assert_eq!(twist_classes.len(), N_TWIST_CLASSES);
    assert_eq!(flip_classes.len(), N_FLIP_CLASSES);
    (twist_classes, flip_classes)
}

/// Phase 2's class coordinates: the corner and UD-edge permutations reduced by the 16 U–D
/// symmetries.
fn phase2_classes() -> (SymClasses, SymClasses) {
    let syms = ud_symmetries();
    let corner_classes = SymClasses::build(N_PERM, UD_SYMS, |p, s| {
        syms[s].conj(&CubieCube::from_corner_perm(p)).corner_perm()
    });
    let edge_classes = SymClasses::build(N_PERM, UD_SYMS, |p, s| {
        syms[s]
            .conj(&CubieCube::from_ud_edge_perm(p))
            .ud_edge_perm()
    });
    assert_eq!(corner_classes.len(), N_PERM_CLASSES);
    assert_eq!(edge_classes.len(), N_PERM_CLASSES);
    (corner_classes, edge_classes)
}

/// Each flip class's representative conjugated by each symmetry that keeps the slice.
fn flip_rep_conj(flip_classes: &SymClasses) -> Vec<u16> {
    let flip_conj = conj_table(N_FLIP, UD_FLIP_SYMS, CubieCube::from_flip, |c| c.flip());
    flip_classes
        .reps
        .iter()
        .flat_map(|&r| (0..UD_FLIP_SYMS).map(move |s| (r as usize, s)))
        .map(|(r, s)| flip_conj[r * UD_FLIP_SYMS + s])
        .collect()
}

/// Phase 2's small coordinates' tables: the slice permutation's moves and symmetries, then
/// the corner combination's.
fn small_phase2_tables(phase2: &[FaceMove]) -> [Vec<u16>; 4] {
    [
        move_table(
            N_SLICE_PERM,
            phase2,
            CubieCube::from_slice_perm,
            CubieCube::slice_perm,
        ),
        conj_table(
            N_SLICE_PERM,
            UD_SYMS,
            CubieCube::from_slice_perm,
            CubieCube::slice_perm,
        ),
        move_table(
            N_CORNER_COMB,
            phase2,
            CubieCube::from_corner_comb,
            CubieCube::corner_comb,
        ),
        conj_table(
            N_CORNER_COMB,
            UD_SYMS,
            CubieCube::from_corner_comb,
            CubieCube::corner_comb,
        ),
    ]
}

impl Tables {
    /// Builds every table from the cubie model. `progress(done, total)` hears how far the
    /// pruning tables have got, in entries (total [`PRUNING_ENTRIES`]).
    pub fn build(progress: &mut dyn FnMut(u64, u64)) -> Tables {
        let all = FaceMove::ALL;
        let phase2: Vec<FaceMove> = PHASE2_MOVES
            .iter()
            .map(|&m| FaceMove::ALL[m as usize])
            .collect();
        progress(0, PRUNING_ENTRIES);

        // Phase 1: classes, move tables, symmetry tables.
        let (twist_classes, flip_classes) = phase1_classes();
        let slice_move = move_table(N_SLICE, &all, CubieCube::from_slice, CubieCube::slice);
        let slice_conj = conj_table(N_SLICE, UD_FLIP_SYMS, CubieCube::from_slice, |c| c.slice());
        let twist_class_move = class_move_table(
            &twist_classes,
            &all,
            CubieCube::from_twist,
            CubieCube::twist,
        );
        let flip_class_move =
            class_move_table(&flip_classes, &all, CubieCube::from_flip, CubieCube::flip);
        let flip_rep_conj = flip_rep_conj(&flip_classes);

        // Phase 2.
        let (corner_classes, edge_classes) = phase2_classes();
        let corner_class_move = class_move_table(
            &corner_classes,
            &phase2,
            CubieCube::from_corner_perm,
            CubieCube::corner_perm,
        );
        let edge_class_move = class_move_table(
            &edge_classes,
            &phase2,
            CubieCube::from_ud_edge_perm,
            CubieCube::ud_edge_perm,
        );
        let [slice_perm_move, slice_perm_conj, comb_move, comb_conj] = small_phase2_tables(&phase2);
        let (corner_inv, edge_inv, corner_rep_comb) =
            inverse_tables(&corner_classes.raw_to_sym, &edge_classes.raw_to_sym)
                .expect("every class has its representative");
        let mut tables = Tables {
            twist_sym: boxed(twist_classes.raw_to_sym),
            flip_sym: boxed(flip_classes.raw_to_sym),
            twist_class_move: boxed(twist_class_move),
            flip_class_move: boxed(flip_class_move),
            slice_move: boxed(slice_move),
            slice_conj: boxed(slice_conj),
            flip_rep_conj: boxed(flip_rep_conj),
            corner_sym: boxed(corner_classes.raw_to_sym),
            edge_sym: boxed(edge_classes.raw_to_sym),
            corner_class_move: boxed(corner_class_move),
            edge_class_move: boxed(edge_class_move),
            slice_perm_move: boxed(slice_perm_move),
            slice_perm_conj: boxed(slice_perm_conj),
            comb_move: boxed(comb_move),
            comb_conj: boxed(comb_conj),
            corner_inv,
            edge_inv,
            corner_rep_comb,
            slice_twist: Nibbles::filled(0, 0),
            slice_flip: Nibbles::filled(0, 0),
            twist_flip: Nibbles::filled(0, 0),
            corner_slice: Nibbles::filled(0, 0),
            edge_comb: Nibbles::filled(0, 0),
        };
        tables.fill_pruning(
            [
                &twist_classes.self_sym,
                &flip_classes.self_sym,
                &twist_classes.self_sym,
                &corner_classes.self_sym,
                &edge_classes.self_sym,
            ],
            progress,
        );
        tables
    }

    /// Fills the pruning tables, each from its projection of the cube (see `Pruning`), given
    /// the symmetries that fix each class of its class coordinate, in the order of
    /// [`Pruning::ALL`].
    fn fill_pruning(&mut self, self_syms: [&[u16]; 5], progress: &mut dyn FnMut(u64, u64)) {
        let mut done = 0u64;
        for (k, which) in Pruning::ALL.into_iter().enumerate() {
            let start = done;
            let mut tick = |filled: usize| progress(start + filled as u64, PRUNING_ENTRIES);
            let table = self.with_spec(which, |spec| spec.build(self_syms[k], &mut tick));
            done += table.len() as u64;
            progress(done, PRUNING_ENTRIES);
            *self.pruning_mut(which) = table;
        }
    }

    /// Calls `f` with the projection of a pruning table: how each move acts on an entry,
    /// read from this set's move and symmetry tables.
    fn with_spec<T>(&self, which: Pruning, f: impl FnOnce(&DynPairSpec<'_>) -> T) -> T {
        let sym_of = |packed: u16| ((packed >> 4) as usize, (packed & 15) as usize);
        let sym_moves = &ud_tables().moves;
        // Raw flip coordinates through the flip classes: the representative seen through
        // the symmetry that takes it back.
        let flip_raw_move = |r: usize, m: usize| {
            let (c, s) = sym_of(self.flip_sym[r]);
            let moved = self.flip_class_move[c * 18 + sym_moves[s][m] as usize];
            let (c2, s2) = sym_of(moved);
            self.flip_rep_conj[c2 * UD_FLIP_SYMS + (s ^ s2)] as usize
        };
        let flip_raw_conj = |r: usize, s: usize| {
            let (c, fs) = sym_of(self.flip_sym[r]);
            self.flip_rep_conj[c * UD_FLIP_SYMS + (fs ^ s)] as usize
        };
        let twist_move = |c: usize, m: usize| sym_of(self.twist_class_move[c * 18 + m]);
        let flip_move = |c: usize, m: usize| sym_of(self.flip_class_move[c * 18 + m]);
        let slice_raw_move = |r: usize, m: usize| self.slice_move[r * 18 + m] as usize;
        let slice_raw_conj = |r: usize, s: usize| self.slice_conj[r * UD_FLIP_SYMS + s] as usize;
        let corner_move = |c: usize, k: usize| sym_of(self.corner_class_move[c * 10 + k]);
        let edge_move = |c: usize, k: usize| sym_of(self.edge_class_move[c * 10 + k]);
        let sp_move = |r: usize, k: usize| self.slice_perm_move[r * 10 + k] as usize;
        let sp_conj = |r: usize, s: usize| self.slice_perm_conj[r * UD_SYMS + s] as usize;
        let comb_move = |r: usize, k: usize| self.comb_move[r * 10 + k] as usize;
        let comb_conj = |r: usize, s: usize| self.comb_conj[r * UD_SYMS + s] as usize;
        let (n_class, n_raw) = which.shape();
        type C<'a> = &'a dyn Fn(usize, usize) -> (usize, usize);
        type R<'a> = &'a dyn Fn(usize, usize) -> usize;
        let (class_move, raw_move, raw_conj, n_moves): (C, R, R, usize) = match which {
            Pruning::SliceTwist => (&twist_move, &slice_raw_move, &slice_raw_conj, 18),
            Pruning::SliceFlip => (&flip_move, &slice_raw_move, &slice_raw_conj, 18),
            Pruning::TwistFlip => (&twist_move, &flip_raw_move, &flip_raw_conj, 18),
            Pruning::CornerSlicePerm => (&corner_move, &sp_move, &sp_conj, 10),
            Pruning::EdgeCornerComb => (&edge_move, &comb_move, &comb_conj, 10),
        };
        f(&PairSpec {
            n_class,
            n_raw,
            n_moves,
            class_move,
            raw_move,
            raw_conj,
        })
    }

    /// The UD-edge × corner-comb coordinates of the inverse of a phase-2 cube, given its
    /// corner and UD-edge perms (class << 4 | symmetry): the edge perm as class << 4 |
    /// symmetry, and the raw corner comb. The inverse has the same distance, so its entry in
    /// the UD-edge × corner-comb table is a third phase-2 bound (min2phase's). Conjugation
    /// commutes with inversion, so the inverse of a representative seen through `s` is the
    /// representative's inverse seen through `s`.
    #[inline(always)]
    pub(in crate::solve) fn inverse_edge_comb(
        &self,
        uds: &UdTables,
        corner: u16,
        edge: u16,
    ) -> (u16, u16) {
        let ei = self.edge_inv[(edge >> 4) as usize];
        let edge_i = ei & !15 | uds.mult[(edge & 15) as usize][(ei & 15) as usize] as u16;
        let ci = self.corner_inv[(corner >> 4) as usize];
        let corner_sym = uds.mult[(corner & 15) as usize][(ci & 15) as usize];
        let rep_comb = self.corner_rep_comb[(ci >> 4) as usize] as usize;
        let comb_i = self.comb_conj[rep_comb * UD_SYMS + uds.inv[corner_sym as usize] as usize];
        (edge_i, comb_i)
    }

    /// Checks entries of a pruning table against their neighbours.
    pub(in crate::solve) fn check_entries(
        &self,
        which: Pruning,
        entries: impl Iterator<Item = usize>,
    ) -> Result<(), String> {
        let table = self.pruning(which);
        self.with_spec(which, |spec| {
            entries
                .into_iter()
                .try_for_each(|i| spec.check_entry(table, i))
        })
    }

    /// A pruning table.
    pub(in crate::solve) fn pruning(&self, which: Pruning) -> &Nibbles {
        match which {
            Pruning::SliceTwist => &self.slice_twist,
            Pruning::SliceFlip => &self.slice_flip,
            Pruning::TwistFlip => &self.twist_flip,
            Pruning::CornerSlicePerm => &self.corner_slice,
            Pruning::EdgeCornerComb => &self.edge_comb,
        }
    }

    fn pruning_mut(&mut self, which: Pruning) -> &mut Nibbles {
        match which {
            Pruning::SliceTwist => &mut self.slice_twist,
            Pruning::SliceFlip => &mut self.slice_flip,
            Pruning::TwistFlip => &mut self.twist_flip,
            Pruning::CornerSlicePerm => &mut self.corner_slice,
            Pruning::EdgeCornerComb => &mut self.edge_comb,
        }
    }
}

/// The five pruning tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Slice × twist class (phase 1).
    SliceTwist,
    /// Slice × flip class (phase 1).
    SliceFlip,
    /// Twist class × flip (phase 1).
    TwistFlip,
    /// Corner permutation class × slice permutation (phase 2).
    CornerSlicePerm,
    /// UD-edge permutation class × corner comb (phase 2).
    EdgeCornerComb,
}

impl Pruning {
    /// All five, in the order they are built and stored.
    pub const ALL: [Pruning; 5] = [
        Pruning::SliceTwist,
        Pruning::SliceFlip,
        Pruning::TwistFlip,
        Pruning::CornerSlicePerm,
        Pruning::EdgeCornerComb,
    ];

    /// (classes, raw values): the table has their product of entries.
    pub const fn shape(self) -> (usize, usize) {
        match self {
            Pruning::SliceTwist => (N_TWIST_CLASSES, N_SLICE),
            Pruning::SliceFlip => (N_FLIP_CLASSES, N_SLICE),
            Pruning::TwistFlip => (N_TWIST_CLASSES, N_FLIP),
            Pruning::CornerSlicePerm => (N_PERM_CLASSES, N_SLICE_PERM),
            Pruning::EdgeCornerComb => (N_PERM_CLASSES, N_CORNER_COMB),
        }
    }

    /// The table's name.
    pub fn name(self) -> &'static str {
        match self {
            Pruning::SliceTwist => "slice × twist",
            Pruning::SliceFlip => "slice × flip",
            Pruning::TwistFlip => "twist × flip",
            Pruning::CornerSlicePerm => "corner perm × slice perm",
            Pruning::EdgeCornerComb => "UD-edge perm × corner comb",
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::OnceLock;

    /// One set of tables per test process.
    pub(crate) fn tables() -> &'static Tables {
        static T: OnceLock<Tables> = OnceLock::new();
        T.get_or_init(|| Tables::build(&mut |_, _| {}))
    }

    #[test]
    fn the_inverse_bound_reads_what_the_inverse_cube_itself_gives() {
        use rand::{RngExt, SeedableRng};
        let (t, uds) = (tables(), ud_tables());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
        for _ in 0..2000 {
            let mut c = CubieCube::solved();
            for _ in 0..rng.random_range(0..30) {
                let k = rng.random_range(0..10);
                c = c.apply(FaceMove::ALL[PHASE2_MOVES[k] as usize]);
            }
            let inv = c.inverse();
            let (edge, comb) = t.inverse_edge_comb(
                uds,
                t.corner_sym[c.corner_perm()],
                t.edge_sym[c.ud_edge_perm()],
            );
            assert_eq!(edge >> 4, t.edge_sym[inv.ud_edge_perm()] >> 4);
            assert_eq!(comb as usize, inv.corner_comb());
            // The same entry as the inverse cube's own coordinates read.
            let entry = |edge: u16, comb: usize| {
                let (e, s) = ((edge >> 4) as usize, (edge & 15) as usize);
                t.edge_comb
                    .get(e * 140 + t.comb_conj[comb * UD_SYMS + s] as usize)
            };
            assert_eq!(
                entry(edge, comb as usize),
                entry(t.edge_sym[inv.ud_edge_perm()], inv.corner_comb())
            );
        }
    }

    #[test]
    fn every_pruning_entry_is_its_exact_distance() {
        // Each entry one step from each neighbour, and one closer than it unless solved:
        // with solved alone at 0, that makes every value the breadth-first distance.
        let t = tables();
        for which in Pruning::ALL {
            let n = t.pruning(which).len();
            t.check_entries(which, 0..n)
                .unwrap_or_else(|e| panic!("{}: {e}", which.name()));
        }
    }

    #[test]
    fn pruning_tables_have_the_published_distributions() {
        let t = tables();
        for (name, table, max) in [
            ("slice × twist", &t.slice_twist, 9),
            ("slice × flip", &t.slice_flip, 9),
            ("twist × flip", &t.twist_flip, 10),
            ("corner × slice perm", &t.corner_slice, 14),
            ("edge × corner comb", &t.edge_comb, 13),
        ] {
            let d = table.distribution();
            let deepest = (0..16).rev().find(|&v| d[v] > 0).unwrap();
            println!("{name}: {:?}", &d[..=deepest]);
            assert_eq!(d[15], 0, "{name}: every entry reached");
            assert_eq!(table.get(0), 0);
            assert!(deepest <= max, "{name}: deepest {deepest}");
        }
    }
}
