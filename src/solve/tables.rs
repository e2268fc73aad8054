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
//! | **UD-edge perm × corner comb** pruning | 2768·140 = 387,520 | phase 2 |
//!
//! The pruning tables hold exact distances in their projections, four bits an entry: 721 kB
//! in all. This is the table design of min2phase (Chen Shuang), smaller than Kociemba's
//! 64,430 × 2187 flip-slice-twist table: it builds in a fraction of a second, where the large
//! table would take far longer than this project allows; the search makes up with several
//! lookups per node.

use super::coord::{N_CORNER_COMB, N_FLIP, N_PERM, N_SLICE, N_SLICE_PERM, N_TWIST, move_table};
use super::cubie::{CubieCube, FaceMove};
use super::prune::{Nibbles, PairSpec};
use super::sym::{SymClasses, UD_FLIP_SYMS, UD_SYMS, ud_symmetries, ud_tables};

/// Twist classes under the 8 flip-keeping symmetries.
pub const N_TWIST_CLASSES: usize = 324;
/// Flip classes under the 8 flip-keeping symmetries.
pub const N_FLIP_CLASSES: usize = 336;
/// Corner (or UD-edge) permutation classes under the 16 U–D symmetries.
pub const N_PERM_CLASSES: usize = 2768;

/// The phase-2 moves, as indices in [`FaceMove::ALL`]: U U2 U' D D2 D' R2 F2 L2 B2.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 9, 10, 11, 4, 7, 13, 16];

/// `PHASE2_CONJ[s][k]`: phase-2 move `k` seen through U–D symmetry `s`, as a phase-2 move.
pub(super) fn phase2_conj() -> &'static [[u8; 10]; UD_SYMS] {
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
    pub(super) twist_sym: Box<[u16]>,
    /// Raw flip → class << 4 | symmetry (8 symmetries).
    pub(super) flip_sym: Box<[u16]>,
    /// Twist class × move → class << 4 | symmetry, for the class's representative.
    pub(super) twist_class_move: Box<[u16]>,
    /// Flip class × move → class << 4 | symmetry.
    pub(super) flip_class_move: Box<[u16]>,
    pub(super) slice_move: Box<[u16]>,
    /// Slice × symmetry → the slice seen through it.
    pub(super) slice_conj: Box<[u16]>,
    /// Flip class × symmetry → the raw flip of the representative seen through it.
    pub(super) flip_rep_conj: Box<[u16]>,
    /// Raw corner perm → class << 4 | symmetry (16 symmetries).
    pub(super) corner_sym: Box<[u16]>,
    /// Raw UD-edge perm → class << 4 | symmetry (16 symmetries).
    pub(super) edge_sym: Box<[u16]>,
    pub(super) corner_class_move: Box<[u16]>,
    pub(super) edge_class_move: Box<[u16]>,
    pub(super) slice_perm_move: Box<[u16]>,
    pub(super) slice_perm_conj: Box<[u16]>,
    pub(super) comb_move: Box<[u16]>,
    pub(super) comb_conj: Box<[u16]>,
    pub(super) slice_twist: Nibbles,
    pub(super) slice_flip: Nibbles,
    pub(super) twist_flip: Nibbles,
    pub(super) corner_slice: Nibbles,
    pub(super) edge_comb: Nibbles,
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

impl Tables {
    /// Builds every table from the cubie model. `progress(done, total)` hears how far the
    /// pruning tables have got, in entries (total [`PRUNING_ENTRIES`]).
    pub fn build(progress: &mut dyn FnMut(u64, u64)) -> Tables {
        let syms = ud_symmetries();
        let all = FaceMove::ALL;
        let phase2: Vec<FaceMove> = PHASE2_MOVES
            .iter()
            .map(|&m| FaceMove::ALL[m as usize])
            .collect();
        progress(0, PRUNING_ENTRIES);

        // Phase 1: classes, move tables, symmetry tables.
        let flip_move = move_table(N_FLIP, &all, CubieCube::from_flip, CubieCube::flip);
        let slice_move = move_table(N_SLICE, &all, CubieCube::from_slice, CubieCube::slice);
        let twist_classes = SymClasses::build(N_TWIST, UD_FLIP_SYMS, |t, s| {
            syms[s].conj(&CubieCube::from_twist(t)).twist()
        });
        let flip_classes = SymClasses::build(N_FLIP, UD_FLIP_SYMS, |f, s| {
            syms[s].conj(&CubieCube::from_flip(f)).flip()
        });
        assert_eq!(twist_classes.len(), N_TWIST_CLASSES);
        assert_eq!(flip_classes.len(), N_FLIP_CLASSES);
        let slice_conj = conj_table(N_SLICE, UD_FLIP_SYMS, CubieCube::from_slice, |c| c.slice());
        let flip_conj = conj_table(N_FLIP, UD_FLIP_SYMS, CubieCube::from_flip, |c| c.flip());
        let twist_class_move = class_move_table(
            &twist_classes,
            &all,
            CubieCube::from_twist,
            CubieCube::twist,
        );
        let flip_class_move =
            class_move_table(&flip_classes, &all, CubieCube::from_flip, CubieCube::flip);
        let flip_rep_conj: Vec<u16> = flip_classes
            .reps
            .iter()
            .flat_map(|&r| (0..UD_FLIP_SYMS).map(move |s| (r as usize, s)))
            .map(|(r, s)| flip_conj[r * UD_FLIP_SYMS + s])
            .collect();

        // Phase 2.
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
        let slice_perm_move = move_table(
            N_SLICE_PERM,
            &phase2,
            CubieCube::from_slice_perm,
            CubieCube::slice_perm,
        );
        let slice_perm_conj = conj_table(
            N_SLICE_PERM,
            UD_SYMS,
            CubieCube::from_slice_perm,
            CubieCube::slice_perm,
        );
        let comb_move = move_table(
            N_CORNER_COMB,
            &phase2,
            CubieCube::from_corner_comb,
            CubieCube::corner_comb,
        );
        let comb_conj = conj_table(
            N_CORNER_COMB,
            UD_SYMS,
            CubieCube::from_corner_comb,
            CubieCube::corner_comb,
        );

        // Pruning tables.
        let mut done = 0u64;
        let mut prune = |spec_entries: usize, build: &dyn Fn(&mut dyn FnMut(usize)) -> Nibbles| {
            let start = done;
            let t = build(&mut |filled| progress(start + filled as u64, PRUNING_ENTRIES));
            done += spec_entries as u64;
            progress(done, PRUNING_ENTRIES);
            t
        };
        let sym_of = |packed: u16| ((packed >> 4) as usize, (packed & 15) as usize);
        let slice_twist = prune(N_TWIST_CLASSES * N_SLICE, &|tick| {
            PairSpec {
                n_class: N_TWIST_CLASSES,
                n_raw: N_SLICE,
                n_moves: 18,
                class_move: |c, m| sym_of(twist_class_move[c * 18 + m]),
                raw_move: |r, m| slice_move[r * 18 + m] as usize,
                raw_conj: |r, s| slice_conj[r * UD_FLIP_SYMS + s] as usize,
                self_sym: &twist_classes.self_sym,
            }
            .build(tick)
        });
        let slice_flip = prune(N_FLIP_CLASSES * N_SLICE, &|tick| {
            PairSpec {
                n_class: N_FLIP_CLASSES,
                n_raw: N_SLICE,
                n_moves: 18,
                class_move: |c, m| sym_of(flip_class_move[c * 18 + m]),
                raw_move: |r, m| slice_move[r * 18 + m] as usize,
                raw_conj: |r, s| slice_conj[r * UD_FLIP_SYMS + s] as usize,
                self_sym: &flip_classes.self_sym,
            }
            .build(tick)
        });
        let twist_flip = prune(N_TWIST_CLASSES * N_FLIP, &|tick| {
            PairSpec {
                n_class: N_TWIST_CLASSES,
                n_raw: N_FLIP,
                n_moves: 18,
                class_move: |c, m| sym_of(twist_class_move[c * 18 + m]),
                raw_move: |r, m| flip_move[r * 18 + m] as usize,
                raw_conj: |r, s| flip_conj[r * UD_FLIP_SYMS + s] as usize,
                self_sym: &twist_classes.self_sym,
            }
            .build(tick)
        });
        let corner_slice = prune(N_PERM_CLASSES * N_SLICE_PERM, &|tick| {
            PairSpec {
                n_class: N_PERM_CLASSES,
                n_raw: N_SLICE_PERM,
                n_moves: 10,
                class_move: |c, k| sym_of(corner_class_move[c * 10 + k]),
                raw_move: |r, k| slice_perm_move[r * 10 + k] as usize,
                raw_conj: |r, s| slice_perm_conj[r * UD_SYMS + s] as usize,
                self_sym: &corner_classes.self_sym,
            }
            .build(tick)
        });
        let edge_comb = prune(N_PERM_CLASSES * N_CORNER_COMB, &|tick| {
            PairSpec {
                n_class: N_PERM_CLASSES,
                n_raw: N_CORNER_COMB,
                n_moves: 10,
                class_move: |c, k| sym_of(edge_class_move[c * 10 + k]),
                raw_move: |r, k| comb_move[r * 10 + k] as usize,
                raw_conj: |r, s| comb_conj[r * UD_SYMS + s] as usize,
                self_sym: &edge_classes.self_sym,
            }
            .build(tick)
        });

        Tables {
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
            slice_twist,
            slice_flip,
            twist_flip,
            corner_slice,
            edge_comb,
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
