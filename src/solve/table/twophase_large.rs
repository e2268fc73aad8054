//! The two-phase solver's large table set: exact distances for both phases, in place of the
//! small set's several lookups per node ([`crate::solve::table::tables`]), as rob-twophase and cube20src
//! prune. Built on demand (`cubework tables build --twophase-size large`); `solve` reads it
//! when it is built ([`chosen`]), and the small set otherwise.
//!
//! | table | entries | bits | bytes |
//! |---|---|---|---|
//! | phase 1: flip × slice position × twist, by the 16 U–D symmetries | 45 · 2048 · 2188 | 2 (distance mod 3) | 50.4 MB |
//! | phase 2: corner perm class × UD-edge perm | 2768 · 40320 | 4 (distance) | 55.8 MB |
//!
//! **Phase 1** is the optimal solver's small table ([`crate::solve::table::optimal_table`], file
//! `optimal-small.bin`): for every (flip, slice, twist) its exact distance into G1, mod 3.
//! The search knows each node's exact distance (a root's by walking the table down to G1,
//! [`AxisTable::exact_depth`]) and so each child's from its residue: it makes only the moves
//! whose child is within the moves left, and enters G1 early only with five or more moves
//! to spare (Rokicki's rule: a phase 1 that passes G1 with fewer is almost never useful).
//!
//! **Phase 2** is this module's table, file `twophase-large.bin`: for every corner
//! permutation class (2768, under the 16 U–D symmetries) and UD-edge permutation (40320),
//! the fewest phase-2 moves that solve both, four bits an entry. With the small set's corner
//! × slice-permutation table beside it, a phase-1 solution is handed to phase 2 only if both
//! allow the moves left, and phase 2 is then searched shortest first, so the first phase 2
//! found is the shortest for that phase 1.
//!
//! **The file** is the payload of [`crate::base::table_cache`] (header, XXH3 checksum): a kind word,
//! the count of entries at each distance, then the entries. It is memory-mapped, not read:
//! the first load after it changes (or is built) checks its checksum, its counts and a sample
//! of entries against their neighbours, and stamps it; later loads check its header and a
//! spread sample of its blocks against the stamp. A damaged entry can only slow the search or
//! hide a solution (a value is a bound, never an index), and every solution is checked on its
//! cube before it is returned.
//!
//! **Tests** never build the full phase-2 table: [`Phase2Table::shallow`] fills the entries
//! within a few moves of solved by breadth-first search from solved and gives every other
//! entry one more than that depth, a weaker bound that is still a bound, through the very
//! move and symmetry tables the full build reads.

use std::collections::HashMap;
use std::path::Path;

use crate::base::table_cache::{CacheError, CacheReport, TableFile};
use crate::solve::model::coord::N_PERM;
use crate::solve::model::cubie::CubieCube;
use crate::solve::model::sym::{SymClasses, UD_SYMS, ud_symmetries};
use crate::solve::table::optimal_table::{AxisTable, SliceKind};
use crate::solve::table::prune::{DynPairSpec, Nibbles, PairSpec};
use crate::solve::table::tables::{N_PERM_CLASSES, PHASE2_MOVES, Tables};
use crate::turn::moves::FaceMove;

/// Entries of the phase-2 table.
pub const PHASE2_ENTRIES: usize = N_PERM_CLASSES * N_PERM;
/// Bytes of the phase-2 table's payload before its entries: the kind word, 16 counts.
const HEADER: usize = 8 + 16 * 8;
/// The kind word of the phase-2 payload.
const KIND: u64 = 0x3250_4553_5241_4C32; // "2LARSEP2", a tag that no other table has
/// The format version of `twophase-large.bin`.
pub const FORMAT_VERSION: u32 = 1;
/// The value of entries 15 or more moves from solved: four bits hold no more (the build
/// fills depths up to 14, and what is left is at least 15 away).
const FAR: u8 = 15;

/// The large set's phase-2 cache file, `twophase-large.bin`.
///
/// ```
/// assert_eq!(
///     cubework::solve::table::twophase_large::table_file().file_name(),
///     "twophase-large.bin"
/// );
/// ```
pub fn table_file() -> TableFile {
    TableFile {
        name: "twophase-large",
        version: FORMAT_VERSION,
        max_payload: (HEADER + PHASE2_ENTRIES.div_ceil(2)) as u64,
    }
}

/// The two-phase table sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoPhaseSize {
    /// min2phase's tables (about 1 MB, built in a fraction of a second).
    Small,
    /// Exact distances in both phases (106 MB: this module).
    Large,
}

impl TwoPhaseSize {
    /// The name `tables build --twophase-size` and `CUBEWORK_TWOPHASE_TABLE` take.
    pub fn name(self) -> &'static str {
        match self {
            TwoPhaseSize::Small => "small",
            TwoPhaseSize::Large => "large",
        }
    }
}

/// The table set the environment variable `CUBEWORK_TWOPHASE_TABLE` names, `small` or
/// `large`; else the one this process was asked for ([`choose`]).
fn named() -> Option<TwoPhaseSize> {
    match std::env::var("CUBEWORK_TWOPHASE_TABLE").as_deref() {
        Ok("small") => Some(TwoPhaseSize::Small),
        Ok("large") => Some(TwoPhaseSize::Large),
        _ => CHOSEN.get().copied(),
    }
}

/// The set this process was asked to read ([`choose`]).
static CHOSEN: std::sync::OnceLock<TwoPhaseSize> = std::sync::OnceLock::new();

/// Makes `size` the set the two-phase solver of this process reads (`tables build
/// --twophase-size`), unless the environment names one or a set was chosen already. The
/// large set is then built if it is not.
pub fn choose(size: TwoPhaseSize) {
    let _ = CHOSEN.set(size);
}

/// The set a name names: `small` or `large`.
pub fn size_named(name: &str) -> Option<TwoPhaseSize> {
    match name {
        "small" => Some(TwoPhaseSize::Small),
        "large" => Some(TwoPhaseSize::Large),
        _ => None,
    }
}

/// Whether the large set's two files in `dir` look whole from their headers (a damaged one
/// is found, and rebuilt, when it is loaded).
pub fn large_is_built(dir: Option<&Path>) -> bool {
    let Some(dir) = dir else {
        return false;
    };
    let phase1 = crate::solve::table::optimal_table::table_file(SliceKind::Position);
    let phase2 = table_file();
    crate::base::table_cache::inspect(&phase1.path_in(dir), &phase1).is_ok()
        && crate::base::table_cache::inspect(&phase2.path_in(dir), &phase2).is_ok()
}

/// The table set the two-phase solver reads: the one `CUBEWORK_TWOPHASE_TABLE` names, or the
/// large one if it is built in `dir`, or the small one (built in a fraction of a second on
/// first use).
///
/// ```
/// use cubework::solve::table::twophase_large::{TwoPhaseSize, chosen};
/// if std::env::var_os("CUBEWORK_TWOPHASE_TABLE").is_none() {
///     assert_eq!(chosen(None), TwoPhaseSize::Small);
/// }
/// ```
pub fn chosen(dir: Option<&Path>) -> TwoPhaseSize {
    named().unwrap_or(if large_is_built(dir) {
        TwoPhaseSize::Large
    } else {
        TwoPhaseSize::Small
    })
}

/// The bytes of the phase-2 table.
enum Store {
    Owned(Nibbles),
    Mapped {
        map: memmap2::Mmap,
        _guard: crate::base::table_cache::MappingGuard,
    },
    /// The entries within `depth` of solved; every other entry is `depth + 1`.
    Shallow {
        depth: u8,
        near: HashMap<u32, u8>,
    },
}

/// The phase-2 table: corner perm class × UD-edge perm, exact distances in phase-2 moves,
/// with the move and symmetry tables of the UD-edge perm that read it.
pub struct Phase2Table {
    store: Store,
    /// Entries at each distance.
    counts: [u64; 16],
    /// UD-edge perm × phase-2 move → UD-edge perm.
    edge_move: Box<[u16]>,
    /// UD-edge perm × U–D symmetry → the perm seen through it.
    edge_conj: Box<[u16]>,
}

impl std::fmt::Debug for Phase2Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = match &self.store {
            Store::Owned(_) => "in memory",
            Store::Mapped { .. } => "mapped",
            Store::Shallow { .. } => "shallow",
        };
        write!(f, "Phase2Table({how}, counts {:?})", self.counts)
    }
}

/// The UD-edge perm's move and symmetry tables, from the cubie model.
fn edge_tables() -> (Box<[u16]>, Box<[u16]>) {
    let syms = ud_symmetries();
    let mut moves = Vec::with_capacity(N_PERM * 10);
    let mut conj = Vec::with_capacity(N_PERM * UD_SYMS);
    for e in 0..N_PERM {
        let c = CubieCube::from_ud_edge_perm(e);
        for &m in &PHASE2_MOVES {
            moves.push(c.apply(FaceMove::ALL[m as usize]).ud_edge_perm() as u16);
        }
        for s in syms {
            conj.push(s.conj(&c).ud_edge_perm() as u16);
        }
    }
    (moves.into_boxed_slice(), conj.into_boxed_slice())
}

/// The symmetries that fix each corner perm class's representative, in the class numbering
/// of `t`; an error if the classes are not `t`'s.
fn corner_self_syms(t: &Tables) -> Result<Vec<u16>, String> {
    let syms = ud_symmetries();
    let classes = SymClasses::build(N_PERM, UD_SYMS, |p, s| {
        syms[s].conj(&CubieCube::from_corner_perm(p)).corner_perm()
    });
    if classes.raw_to_sym[..] != t.corner_sym[..] {
        return Err("corner perm classes other than the two-phase tables'".into());
    }
    Ok(classes.self_sym)
}

impl Phase2Table {
    /// Entry `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        match &self.store {
            Store::Owned(n) => n.get(i),
            Store::Mapped { map, .. } => {
                (map[crate::base::table_cache::HEADER_BYTES + HEADER + (i >> 1)] >> ((i & 1) << 2))
                    & 0xF
            }
            Store::Shallow { depth, near } => near.get(&(i as u32)).copied().unwrap_or(depth + 1),
        }
    }

    /// The entry of a corner perm (class << 4 | symmetry) and a raw UD-edge perm.
    #[inline(always)]
    pub fn index(&self, corner: u16, edge: u16) -> usize {
        (corner >> 4) as usize * N_PERM
            + self.edge_conj[edge as usize * UD_SYMS + (corner & 15) as usize] as usize
    }

    /// The bound of a corner perm (class << 4 | symmetry) and a raw UD-edge perm.
    #[inline(always)]
    pub fn bound(&self, corner: u16, edge: u16) -> u8 {
        self.get(self.index(corner, edge))
    }

    /// The UD-edge perm after phase-2 move `k` (an index in [`PHASE2_MOVES`]).
    #[inline(always)]
    pub fn edge_after(&self, edge: u16, k: usize) -> u16 {
        self.edge_move[edge as usize * 10 + k]
    }

    /// Asks the processor to fetch an entry's cache line.
    #[inline(always)]
    pub fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Store::Mapped { map, .. } = &self.store {
            // SAFETY: prefetching reads nothing and cannot fault; the address is inside the
            // mapping.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                let at = crate::base::table_cache::HEADER_BYTES + HEADER + (i >> 1);
                _mm_prefetch::<_MM_HINT_T0>(map.as_ptr().add(at) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// Entries at each distance.
    pub fn counts(&self) -> &[u64; 16] {
        &self.counts
    }

    /// How an entry's neighbours are reached, through `t`'s corner class moves and this
    /// table's UD-edge tables.
    fn with_spec<R>(&self, t: &Tables, f: impl FnOnce(&DynPairSpec<'_>) -> R) -> R {
        let class_move = |c: usize, k: usize| {
            let packed = t.corner_class_move[c * 10 + k];
            ((packed >> 4) as usize, (packed & 15) as usize)
        };
        let raw_move = |e: usize, k: usize| self.edge_move[e * 10 + k] as usize;
        let raw_conj = |e: usize, s: usize| self.edge_conj[e * UD_SYMS + s] as usize;
        f(&PairSpec {
            n_class: N_PERM_CLASSES,
            n_raw: N_PERM,
            n_moves: 10,
            class_move: &class_move,
            raw_move: &raw_move,
            raw_conj: &raw_conj,
        })
    }

    /// A table with its UD-edge tables and no entries yet, and the corner classes'
    /// self-symmetries that filling it needs.
    fn unfilled(t: &Tables) -> Result<(Phase2Table, Vec<u16>), String> {
        let self_sym = corner_self_syms(t)?;
        let (edge_move, edge_conj) = edge_tables();
        let table = Phase2Table {
            store: Store::Owned(Nibbles::filled(0, 0)),
            counts: [0; 16],
            edge_move,
            edge_conj,
        };
        Ok((table, self_sym))
    }

    /// Builds the whole table by breadth-first search (about 56 MB; a minute or so on one
    /// core); `progress(done, total)` hears how many entries are filled.
    pub fn build(t: &Tables, progress: &mut dyn FnMut(u64, u64)) -> Result<Phase2Table, String> {
        let (mut table, self_sym) = Phase2Table::unfilled(t)?;
        let total = PHASE2_ENTRIES as u64;
        progress(0, total);
        let built = table.with_spec(t, |spec| {
            spec.build(&self_sym, |filled| progress(filled as u64, total))
        });
        table.counts = built.distribution();
        table.store = Store::Owned(built);
        table.check_counts()?;
        Ok(table)
    }

    /// The entries within `depth` moves of solved, by breadth-first search from solved
    /// through the same tables as [`build`](Phase2Table::build); every other entry reads
    /// `depth + 1`, a lower bound of its distance. Small: for tests.
    pub fn shallow(t: &Tables, depth: u8) -> Result<Phase2Table, String> {
        let (mut table, self_sym) = Phase2Table::unfilled(t)?;
        let mut near: HashMap<u32, u8> = HashMap::from([(0, 0)]);
        let mut frontier = vec![0usize];
        table.with_spec(t, |spec| {
            for d in 0..depth {
                let mut next = Vec::new();
                for &i in &frontier {
                    let (class, raw) = (i / N_PERM, i % N_PERM);
                    for k in 0..10 {
                        let (c, s) = (spec.class_move)(class, k);
                        let r = (spec.raw_conj)((spec.raw_move)(raw, k), s);
                        let mut fixed = self_sym[c] | 1;
                        while fixed != 0 {
                            let s = fixed.trailing_zeros() as usize;
                            fixed &= fixed - 1;
                            let j = c * N_PERM + (spec.raw_conj)(r, s);
                            if let std::collections::hash_map::Entry::Vacant(v) =
                                near.entry(j as u32)
                            {
                                v.insert(d + 1);
                                next.push(j);
                            }
                        }
                    }
                }
                frontier = next;
            }
        });
        for &v in near.values() {
            table.counts[v as usize] += 1;
        }
        table.counts[depth as usize + 1] = PHASE2_ENTRIES as u64 - near.len() as u64;
        table.store = Store::Shallow { depth, near };
        Ok(table)
    }

    /// Whether entry `i` is one step from each neighbour and, unless solved, one more than
    /// some neighbour ([`FAR`] entries: one neighbour at least 14).
    fn check_entry(&self, t: &Tables, i: usize) -> Result<(), String> {
        let v = self.get(i);
        let (class, raw) = (i / N_PERM, i % N_PERM);
        self.with_spec(t, |spec| {
            let mut closer = v == 0;
            for k in 0..10 {
                let (c, s) = (spec.class_move)(class, k);
                let w = self.get(c * N_PERM + (spec.raw_conj)((spec.raw_move)(raw, k), s));
                if v == FAR || w == FAR {
                    closer |= w + 1 >= v;
                    continue;
                }
                if w.abs_diff(v) > 1 {
                    return Err(format!("entry {i} is {v} but a neighbour is {w}"));
                }
                closer |= w + 1 == v;
            }
            if closer {
                Ok(())
            } else {
                Err(format!("entry {i} is {v} but no neighbour is one less"))
            }
        })
    }

    /// The checks of a whole table: solved alone at 0, every entry reached, and the counts
    /// adding up to the entries.
    fn check_counts(&self) -> Result<(), String> {
        let c = &self.counts;
        if c[0] != 1 || self.get(0) != 0 || c.iter().sum::<u64>() != PHASE2_ENTRIES as u64 {
            return Err("the phase-2 table does not have solved alone at 0".into());
        }
        Ok(())
    }

    /// Checks a spread sample of entries against their neighbours.
    fn check_sample(&self, t: &Tables) -> Result<(), String> {
        (0..2000)
            .map(|k| (k * 55_807 + 13) % PHASE2_ENTRIES)
            .try_for_each(|i| self.check_entry(t, i))
    }

    /// The payload of the cache file, in two pieces: the header, and the entries lent.
    fn payload_parts(&self) -> Vec<std::borrow::Cow<'_, [u8]>> {
        let mut head = Vec::with_capacity(HEADER);
        head.extend_from_slice(&KIND.to_le_bytes());
        for n in self.counts {
            head.extend_from_slice(&n.to_le_bytes());
        }
        let body: &[u8] = match &self.store {
            Store::Owned(n) => n.bytes(),
            Store::Mapped { map, .. } => {
                let at = crate::base::table_cache::HEADER_BYTES + HEADER;
                &map[at..at + PHASE2_ENTRIES.div_ceil(2)]
            }
            Store::Shallow { .. } => &[],
        };
        vec![
            std::borrow::Cow::Owned(head),
            std::borrow::Cow::Borrowed(body),
        ]
    }

    /// The table in its cache file, mapped read-only (see the module docs for what is
    /// checked); `whole` checks it whole however recently it was.
    pub fn map(t: &Tables, path: &Path, whole: bool) -> Result<Phase2Table, CacheError> {
        use crate::base::table_cache::{Check, HEADER_BYTES, MappedFile, TRAILER_BYTES};
        let payload = Some(HEADER + PHASE2_ENTRIES.div_ceil(2));
        let MappedFile {
            map, guard, check, ..
        } = crate::base::table_cache::map_checked(path, &table_file(), HEADER, whole, payload)?;
        let end = map.len() - TRAILER_BYTES;
        let head = &map[HEADER_BYTES..HEADER_BYTES + HEADER];
        let word = |k: usize| u64::from_le_bytes(head[8 * k..8 * k + 8].try_into().expect("8"));
        if word(0) != KIND {
            return Err(CacheError::Inconsistent("not the phase-2 table".into()));
        }
        let counts: [u64; 16] = std::array::from_fn(|d| word(d + 1));
        let (edge_move, edge_conj) = edge_tables();
        let table = Phase2Table {
            store: Store::Mapped { map, _guard: guard },
            counts,
            edge_move,
            edge_conj,
        };
        table.check_counts().map_err(CacheError::Inconsistent)?;
        if let Check::Whole(sums) = check {
            let bytes = match &table.store {
                Store::Mapped { map, .. } => &map[HEADER_BYTES + HEADER..end],
                _ => unreachable!("mapped just above"),
            };
            let found = Nibbles::from_bytes(bytes.into(), PHASE2_ENTRIES)
                .map(|n| n.distribution())
                .ok_or_else(|| CacheError::Inconsistent("the wrong size".into()))?;
            if found != counts {
                return Err(CacheError::Inconsistent(
                    "values that do not occur as often as its counts say".into(),
                ));
            }
            table.check_sample(t).map_err(CacheError::Inconsistent)?;
            crate::base::table_cache::mark_checked_with(path, &sums);
        }
        Ok(table)
    }
}

/// The large set: the phase-1 table (shared with the optimal solver's small table) and the
/// phase-2 table.
#[derive(Debug)]
pub struct LargeTables {
    /// Exact phase-1 distances, mod 3.
    pub phase1: AxisTable,
    /// Exact phase-2 distances of corner perm × UD-edge perm.
    pub phase2: Phase2Table,
    /// How each was obtained: `NAME: loaded from PATH in …`, a line each.
    pub reports: [String; 2],
}

impl LargeTables {
    /// Reads both tables through once (a byte of every page), so that no search afterwards
    /// pays for a page's first read: for a process about to make many solves, as a benchmark
    /// is (rob-twophase reads its tables whole before it times a solve). Not done on load:
    /// it costs a single solve 20–100 ms. The phase-1 table's blocks are checked against its
    /// stamp as they are read.
    pub fn warm(&self) {
        self.phase1.check_rest(1);
        if let Store::Mapped { map, .. } = &self.phase2.store {
            std::hint::black_box(map.iter().step_by(4096).fold(0u8, |a, &b| a ^ b));
        }
    }
}

/// Loads the phase-2 table from the cache in `dir`, or builds it and saves it; with how.
pub fn load_or_build_phase2_in(
    t: &Tables,
    dir: Option<&Path>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Phase2Table, CacheReport), String> {
    crate::base::table_cache::try_load_or_build(
        &table_file(),
        dir,
        |path| Phase2Table::map(t, path, false),
        || Phase2Table::build(t, progress),
        |table| table.payload_parts(),
    )
}

/// Checks the phase-2 cache file in `dir` whole (`tables check`).
pub fn check_file(t: &Tables, path: &Path) -> Result<(), CacheError> {
    Phase2Table::map(t, path, true).map(|_| ())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::table::tables::tests::tables;
    use rand::{RngExt, SeedableRng};
    use std::sync::OnceLock;

    /// Depth of the tests' shallow phase-2 table.
    pub(crate) const SHALLOW: u8 = 7;

    /// The tests' phase-2 table: entries within [`SHALLOW`] moves exact.
    pub(crate) fn shallow() -> &'static Phase2Table {
        static T: OnceLock<Phase2Table> = OnceLock::new();
        T.get_or_init(|| Phase2Table::shallow(tables(), SHALLOW).unwrap())
    }

    #[test]
    fn the_ud_edge_tables_agree_with_the_cubies() {
        let t = shallow();
        let syms = ud_symmetries();
        for e in (0..N_PERM).step_by(97) {
            let c = CubieCube::from_ud_edge_perm(e);
            for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                let moved = c.apply(FaceMove::ALL[m as usize]).ud_edge_perm();
                assert_eq!(t.edge_after(e as u16, k) as usize, moved);
            }
            for (s, sym) in syms.iter().enumerate() {
                assert_eq!(
                    t.edge_conj[e * UD_SYMS + s] as usize,
                    sym.conj(&c).ud_edge_perm()
                );
            }
        }
    }

    #[test]
    fn conjugate_phase_two_cubes_read_one_entry() {
        // A cube and the same cube seen through a U–D symmetry have one distance, and the
        // index reads one entry for both.
        let (t, p2) = (tables(), shallow());
        let syms = ud_symmetries();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(51);
        for _ in 0..300 {
            let mut c = CubieCube::solved();
            for _ in 0..rng.random_range(0..25) {
                c = c.apply(FaceMove::ALL[PHASE2_MOVES[rng.random_range(0..10)] as usize]);
            }
            let i = p2.index(t.corner_sym[c.corner_perm()], c.ud_edge_perm() as u16);
            for sym in syms {
                let d = sym.conj(&c);
                let j = p2.index(t.corner_sym[d.corner_perm()], d.ud_edge_perm() as u16);
                assert_eq!(p2.get(i), p2.get(j));
            }
        }
    }

    #[test]
    fn shallow_entries_are_the_distances_of_short_phase_two_sequences() {
        // Entries within the shallow depth are exact: each one step from every neighbour and
        // one more than some neighbour; a cube made by k phase-2 moves reads at most k.
        let (t, p2) = (tables(), shallow());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(52);
        let mut seen = [0usize; 16];
        for _ in 0..2000 {
            let k = rng.random_range(0..=SHALLOW as usize + 2);
            let mut c = CubieCube::solved();
            for _ in 0..k {
                c = c.apply(FaceMove::ALL[PHASE2_MOVES[rng.random_range(0..10)] as usize]);
            }
            let i = p2.index(t.corner_sym[c.corner_perm()], c.ud_edge_perm() as u16);
            let v = p2.get(i);
            assert!(
                v as usize <= k.min(SHALLOW as usize + 1),
                "{k} moves read {v}"
            );
            if v < SHALLOW {
                p2.check_entry(t, i).unwrap();
            }
            seen[v as usize] += 1;
        }
        // The sample reaches every depth of the shallow table.
        assert!(seen[..=SHALLOW as usize].iter().all(|&n| n > 0), "{seen:?}");
        assert_eq!(p2.counts()[0], 1);
    }
}
