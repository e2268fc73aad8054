//! The optimal solver's pruning table: the exact distance of every coset of a subgroup that
//! keeps the U and D turns, reduced by the 16 symmetries of the U–D axis, two bits an entry.
//!
//! **What it stores.** A cube's *axis coordinates* are its corner twist (2187 values), edge
//! flip (2048) and a slice coordinate: either [`SliceKind::Position`], which four slots hold
//! the E-slice edges (495 — phase 1 of the two-phase method, the table of Michael Reid's
//! optimal solver), or [`SliceKind::Sorted`], which edge is in which slot too (11880 — the
//! table of Kociemba's "huge" optimal solver, 24 times larger). The cubes with all three
//! coordinates solved form a subgroup H (it contains U and D); the table holds, for every
//! coset of H, the fewest face turns that take a cube of it into H. That is a lower bound on
//! the cube's own distance, so it is admissible for IDA*.
//!
//! **Symmetry.** The 16 symmetries that keep the U–D axis map H onto itself, so conjugate
//! cubes have equal entries. The slice coordinate is reduced to its symmetry class
//! ([`SymClasses`]: 11880 → 788 classes, 495 → 45), and an entry is a row (slice class,
//! flip) and a column (twist), both seen through the symmetry that takes the slice
//! coordinate to its class's representative. Flip through a symmetry that turns the cube a
//! quarter about U–D also depends on where the slice edges are (their flips are counted
//! against F and B, which that turn sends to R and L): such a symmetry first xors the flips
//! of the edges that change reference (`AxisTable::flip_mask`), a function of the slice
//! position. Rows hold 2188 twists (the last unused) so that a row is 547 whole bytes.
//!
//! **Two bits an entry, exact.** Entries hold the distance mod 3. Neighbouring cosets differ
//! by at most one move, so a search that knows a node's exact distance knows each child's from
//! its residue ([`decode`]); the exact distance of a root is found by walking down the table to
//! solved ([`AxisTable::exact_depth`]). Three of the four values of two bits leave the fourth
//! to mark entries not yet reached while the table is built.
//!
//! **The three axes.** A cube seen through the 120° turn about the URF–DBL diagonal has its
//! R–L axis where U–D was, and through that turn twice its F–B axis, so one table gives three
//! lower bounds ([`axis_moves`]); the largest is used. When all three are equal to some d > 0
//! the cube is at least d + 1 from solved: a shortest sequence into H never ends with U or D
//! (both are in H, so it could be shortened), and the three axes rule out every last move.
//!
//! **Building.** Breadth-first from H, one depth a pass, a row at a time so that each move's
//! target row (547 bytes) stays in cache: forwards while the new depth is small (every entry
//! at depth d sets its empty neighbours, and their other spellings under the symmetries that
//! fix their class's representative), then backwards (every empty entry looks for a neighbour
//! at depth d and stops at the first). Rows are shared out between threads; forward passes set
//! entries with atomic byte operations, backward passes write only their own rows.
//! [`AxisTable::build`] reports progress, stops on Ctrl-C ([`crate::base::cancel`]) and counts the
//! entries at each depth, which the file keeps and the loader checks.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use super::coord::{N_FLIP, N_SLICE, N_SLICE_SORTED, N_TWIST, move_table};
use super::cubie::CubieCube;
use super::sym::{SymClasses, Symmetry, UD_SYMS, ud_symmetries, urf};
use crate::base::cancel::Cancelled;
use crate::base::table_cache::{CacheError, CacheReport, TableFile};
use crate::turn::moves::FaceMove;

/// Twists in a row: 2187, padded to 2188 so that a row is whole bytes.
pub const ROW: usize = 2188;
/// Bytes in a row.
pub const ROW_BYTES: usize = ROW / 4;
/// The value of an entry not reached yet, while the table is built.
const EMPTY: u8 = 3;
/// The deepest depth the table can hold (its real depth is far less).
pub const MAX_DEPTH: usize = 24;

/// The slice coordinate of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceKind {
    /// Which four slots hold the E-slice edges (495 values): phase 1 of the two-phase method,
    /// Reid's table.
    Position,
    /// Which E-slice edge is in which slot (11880 values): Kociemba's larger table.
    Sorted,
    /// Which four slots hold the E-slice edges and which four the U-layer corners (495 × 70
    /// values): Reid's table with the corners' split between the layers, which U and D
    /// keep too.
    Corners,
}

/// Ways the four U-layer corners can stand in the eight corner slots.
const CORNER_SPLITS: usize = 70;

impl SliceKind {
    /// Values of the coordinate.
    pub const fn values(self) -> usize {
        match self {
            SliceKind::Position => N_SLICE,
            SliceKind::Sorted => N_SLICE_SORTED,
            SliceKind::Corners => N_SLICE * CORNER_SPLITS,
        }
    }

    /// The coordinate of a cube.
    #[inline]
    pub fn of(self, c: &CubieCube) -> usize {
        match self {
            SliceKind::Position => c.slice(),
            SliceKind::Sorted => c.slice_sorted(),
            SliceKind::Corners => c.slice() * CORNER_SPLITS + c.corner_comb() % CORNER_SPLITS,
        }
    }

    /// A cube with this coordinate.
    pub fn cube(self, s: usize) -> CubieCube {
        match self {
            SliceKind::Position => CubieCube::from_slice(s),
            SliceKind::Sorted => CubieCube::from_slice_sorted(s),
            SliceKind::Corners => {
                let mut c = CubieCube::from_slice(s / CORNER_SPLITS);
                c.corners.perm = CubieCube::from_corner_comb(s % CORNER_SPLITS).corners.perm;
                c
            }
        }
    }

    /// The slice position (0..495) of a coordinate value.
    pub const fn position(self, s: usize) -> usize {
        match self {
            SliceKind::Position => s,
            SliceKind::Sorted => s / 24,
            SliceKind::Corners => s / CORNER_SPLITS,
        }
    }

    /// A short name, for the file and the reports.
    pub fn name(self) -> &'static str {
        match self {
            SliceKind::Position => "slice",
            SliceKind::Sorted => "sorted slice",
            SliceKind::Corners => "slice and corner split",
        }
    }

    fn code(self) -> u32 {
        match self {
            SliceKind::Position => 1,
            SliceKind::Sorted => 2,
            SliceKind::Corners => 3,
        }
    }
}

/// A cube's coordinates on one axis: slice (of the table's kind), flip, twist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AxisCoord {
    /// The slice coordinate.
    pub slice: u16,
    /// The flip coordinate.
    pub flip: u16,
    /// The twist coordinate.
    pub twist: u16,
}

/// The three symmetries through which the cube is seen: as it is (U–D), turned so that R–L
/// is vertical, and so that F–B is.
pub fn axis_syms() -> [Symmetry; 3] {
    let id = ud_symmetries()[0];
    let u1 = *urf();
    [id, u1, u1.then(&u1)]
}

/// `axis_moves()[a][m]`: face move `m` (index in [`FaceMove::ALL`]) as seen on axis `a`.
pub fn axis_moves() -> &'static [[u8; 18]; 3] {
    static T: std::sync::OnceLock<[[u8; 18]; 3]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let syms = axis_syms();
        std::array::from_fn(|a| {
            std::array::from_fn(|m| syms[a].conj_move(FaceMove::ALL[m]).index() as u8)
        })
    })
}

/// A child's exact distance from its parent's (`parent`) and its own residue mod 3 (`v`):
/// the one of `parent − 1`, `parent`, `parent + 1` with that residue.
///
/// ```
/// use cubework::solve::optimal_table::decode;
/// assert_eq!(decode(7, 6 % 3), 6);
/// assert_eq!(decode(7, 8 % 3), 8);
/// assert_eq!(decode(0, 1), 1);
/// ```
#[inline(always)]
pub fn decode(parent: u8, v: u8) -> u8 {
    // (v − parent) mod 3 is 0, 1 or 2: no change, one more, one less.
    const DELTA: [i8; 3] = [0, 1, -1];
    let r = (v + 3 - parent % 3) % 3;
    (parent as i8 + DELTA[r as usize]) as u8
}

/// The move and symmetry tables of one table: small, made from the cubie model in a few tens
/// of milliseconds whenever the table is built or loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisMoves {
    kind: SliceKind,
    /// Slice × move → slice.
    slice_move: Box<[u16]>,
    /// Flip × move → flip.
    flip_move: Box<[u16]>,
    /// Twist × move → twist.
    twist_move: Box<[u16]>,
    /// Raw slice → class << 16 | slice position << 4 | the symmetry that takes it to its
    /// class's representative.
    slice_sym: Box<[u32]>,
    /// Class → its representative (raw slice).
    slice_rep: Box<[u16]>,
    /// Class → the symmetries that fix its representative, as a mask.
    slice_stab: Box<[u16]>,
    /// Flip × symmetry → flip seen through it, for a cube whose slice edges are home.
    flip_conj: Box<[u16]>,
    /// Twist × symmetry → twist seen through it.
    twist_conj: Box<[u16]>,
    /// Slice position × symmetry → the flips to change before [`AxisMoves::flip_conj`].
    flip_mask: Box<[u16]>,
}

impl AxisMoves {
    /// Makes the tables for a slice coordinate from the cubie model.
    pub fn new(kind: SliceKind) -> AxisMoves {
        let syms = ud_symmetries();
        let all = FaceMove::ALL;
        let n = kind.values();
        let slice_move = move_table(n, &all, |s| kind.cube(s), |c| kind.of(c));
        let flip_move = move_table(N_FLIP, &all, CubieCube::from_flip, CubieCube::flip);
        let twist_move = move_table(N_TWIST, &all, CubieCube::from_twist, CubieCube::twist);
        let classes = SymClasses::build(n, UD_SYMS, |s, k| kind.of(&syms[k].conj(&kind.cube(s))));
        let slice_sym = classes
            .raw_to_sym
            .iter()
            .enumerate()
            .map(|(s, &packed)| {
                (packed as u32 >> 4) << 16 | (kind.position(s) as u32) << 4 | (packed as u32 & 15)
            })
            .collect();
        let flip_conj: Box<[u16]> = (0..N_FLIP)
            .flat_map(|f| {
                syms.iter()
                    .map(move |s| s.conj(&CubieCube::from_flip(f)).flip() as u16)
            })
            .collect();
        let twist_conj = (0..N_TWIST)
            .flat_map(|t| {
                syms.iter()
                    .map(move |s| s.conj(&CubieCube::from_twist(t)).twist() as u16)
            })
            .collect();
        // Flip through symmetry s is linear: conj(f ^ mask) for the slice position's mask, which
        // is the flip that conj sends to what the symmetry makes of flips all 0 there.
        let mut unconj = vec![0u16; N_FLIP * UD_SYMS];
        for f in 0..N_FLIP {
            for s in 0..UD_SYMS {
                unconj[flip_conj[f * UD_SYMS + s] as usize * UD_SYMS + s] = f as u16;
            }
        }
        let flip_mask = (0..N_SLICE)
            .flat_map(|p| {
                let cube = CubieCube::from_slice(p);
                let unconj = &unconj;
                syms.iter()
                    .enumerate()
                    .map(move |(s, sym)| unconj[sym.conj(&cube).flip() * UD_SYMS + s])
            })
            .collect();
        AxisMoves {
            kind,
            slice_move: slice_move.into_boxed_slice(),
            flip_move: flip_move.into_boxed_slice(),
            twist_move: twist_move.into_boxed_slice(),
            slice_sym,
            slice_rep: classes.reps.into_boxed_slice(),
            slice_stab: classes.self_sym.into_boxed_slice(),
            flip_conj,
            twist_conj,
            flip_mask,
        }
    }

    /// The slice coordinate.
    pub fn kind(&self) -> SliceKind {
        self.kind
    }

    /// Symmetry classes of the slice coordinate.
    pub fn classes(&self) -> usize {
        self.slice_rep.len()
    }

    /// Rows of the table: slice classes × flips.
    pub fn rows(&self) -> usize {
        self.classes() * N_FLIP
    }

    /// Entries of the table (padding left out).
    pub fn entries(&self) -> u64 {
        (self.rows() * N_TWIST) as u64
    }

    /// A cube's coordinates.
    pub fn coord(&self, c: &CubieCube) -> AxisCoord {
        AxisCoord {
            slice: self.kind.of(c) as u16,
            flip: c.flip() as u16,
            twist: c.twist() as u16,
        }
    }

    /// The coordinates after face move `m`.
    #[inline(always)]
    pub fn step(&self, c: AxisCoord, m: usize) -> AxisCoord {
        AxisCoord {
            slice: self.slice_move[c.slice as usize * 18 + m],
            flip: self.flip_move[c.flip as usize * 18 + m],
            twist: self.twist_move[c.twist as usize * 18 + m],
        }
    }

    /// The flip of a cube with slice position `pos` seen through symmetry `s`.
    #[inline(always)]
    fn flip_through(&self, flip: u16, pos: usize, s: usize) -> u16 {
        let masked = flip ^ self.flip_mask[pos * UD_SYMS + s];
        self.flip_conj[masked as usize * UD_SYMS + s]
    }

    /// The table entry of some coordinates: row (slice class, flip) and twist, both seen
    /// through the symmetry that takes the slice to its class's representative.
    #[inline(always)]
    pub fn index(&self, c: AxisCoord) -> usize {
        let info = self.slice_sym[c.slice as usize];
        let (class, pos, s) = (
            (info >> 16) as usize,
            (info >> 4 & 0xFFF) as usize,
            (info & 15) as usize,
        );
        let flip = self.flip_through(c.flip, pos, s) as usize;
        let twist = self.twist_conj[c.twist as usize * UD_SYMS + s] as usize;
        (class * N_FLIP + flip) * ROW + twist
    }

    /// Every entry that spells the same coset as entry `i`: `i` itself, and its images under
    /// the symmetries that fix its slice class's representative.
    pub fn spellings(&self, i: usize) -> Vec<usize> {
        let (row, twist) = (i / ROW, i % ROW);
        let (class, flip) = (row / N_FLIP, (row % N_FLIP) as u16);
        let pos = self.kind.position(self.slice_rep[class] as usize);
        let mut out: Vec<usize> = (0..UD_SYMS)
            .filter(|&s| self.slice_stab[class] >> s & 1 != 0)
            .map(|s| {
                let f = self.flip_through(flip, pos, s) as usize;
                (class * N_FLIP + f) * ROW + self.twist_conj[twist * UD_SYMS + s] as usize
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The entry a row's representative reaches by move `m`: the target row, and the
    /// symmetry its twists are seen through.
    #[inline]
    fn row_step(&self, row: usize, m: usize) -> (usize, usize) {
        let (class, flip) = (row / N_FLIP, row % N_FLIP);
        let slice = self.slice_move[self.slice_rep[class] as usize * 18 + m];
        let flip = self.flip_move[flip * 18 + m];
        let info = self.slice_sym[slice as usize];
        let (class, pos, s) = (
            (info >> 16) as usize,
            (info >> 4 & 0xFFF) as usize,
            (info & 15) as usize,
        );
        (class * N_FLIP + self.flip_through(flip, pos, s) as usize, s)
    }

    /// A checksum of the tables, kept in the file: a table built with other move or class
    /// tables (another numbering) is not this one.
    pub fn fingerprint(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(&self.kind.code().to_le_bytes());
        for t in [
            &self.slice_move,
            &self.flip_move,
            &self.twist_move,
            &self.slice_rep,
            &self.slice_stab,
            &self.flip_conj,
            &self.twist_conj,
            &self.flip_mask,
        ] {
            for v in t.iter() {
                h.update(&v.to_le_bytes());
            }
        }
        for v in self.slice_sym.iter() {
            h.update(&v.to_le_bytes());
        }
        h.digest()
    }
}

/// What holds a table's distances: a vector (built, or read whole), or the cache file
/// mapped read-only, with the checks of its blocks when it was not checked whole as it was
/// mapped.
enum Store {
    Owned(Vec<u8>),
    Mapped {
        map: memmap2::Mmap,
        blocks: Option<Blocks>,
        path: std::path::PathBuf,
        _guard: crate::base::table_cache::MappingGuard,
    },
}

/// The blocks of a mapped table file ([`crate::base::table_cache::BLOCK_BYTES`]), each checked
/// against the checksum that the file's last whole check recorded the first time anything
/// reads in it: a file changed in place since (its time put back, so that its stamp still
/// stands) is found where a search would have read it, and never trusted.
struct Blocks {
    /// The checksum each block had.
    sums: Box<[u64]>,
    /// A bit a block: checked.
    done: Box<[AtomicU64]>,
    /// Blocks checked.
    checked: AtomicUsize,
    /// Where the first block found changed begins, if one was: `u64::MAX` while none was.
    damaged: AtomicU64,
    /// The mapping, whole.
    base: *const u8,
    len: usize,
    /// The file offset of the distances' first byte.
    offset: usize,
    path: std::path::PathBuf,
}

// SAFETY: `base` points into the mapping beside it in the same `Store`, which is only read
// and does not move; the rest is atomics and plain data.
unsafe impl Send for Blocks {}
// SAFETY: as above.
unsafe impl Sync for Blocks {}

impl Blocks {
    fn new(sums: Vec<u64>, map: &[u8], offset: usize, path: &std::path::Path) -> Blocks {
        let n = sums.len();
        Blocks {
            sums: sums.into_boxed_slice(),
            done: (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            checked: AtomicUsize::new(0),
            damaged: AtomicU64::new(u64::MAX),
            base: map.as_ptr(),
            len: map.len(),
            offset,
            path: path.to_path_buf(),
        }
    }

    /// Checks the block that holds byte `byte` of the distances, if it was not checked yet.
    #[inline(always)]
    fn touch(&self, byte: usize) {
        let k = (byte + self.offset) / crate::base::table_cache::BLOCK_BYTES;
        // Relaxed: a thread that sees another's bit before its finding is still stopped by
        // that finding, which every search reads after its threads are joined.
        if self.done[k / 64].load(Ordering::Relaxed) >> (k % 64) & 1 == 0 {
            self.check(k);
        }
    }

    /// Checks block `k` against its checksum; a block found changed is remembered, and the
    /// file's stamp removed, so that the next load checks it whole and rebuilds it.
    #[cold]
    #[inline(never)]
    fn check(&self, k: usize) {
        let start = k * crate::base::table_cache::BLOCK_BYTES;
        let end = (start + crate::base::table_cache::BLOCK_BYTES).min(self.len);
        // SAFETY: `base` and `len` are the mapping, which lives as long as `self` (both are
        // in the same `Store`); block `k` lies inside it.
        let bytes = unsafe { std::slice::from_raw_parts(self.base.add(start), end - start) };
        if crate::base::table_cache::checksum(bytes) != self.sums[k] {
            let first = self
                .damaged
                .compare_exchange(u64::MAX, start as u64, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok();
            if first {
                crate::base::table_cache::forget_checked(&self.path);
            }
        }
        let before = self.done[k / 64].fetch_or(1 << (k % 64), Ordering::Relaxed);
        if before >> (k % 64) & 1 == 0 {
            self.checked.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether every block has been checked.
    fn all_checked(&self) -> bool {
        self.checked.load(Ordering::Relaxed) == self.sums.len()
    }

    /// Checks every block not checked yet, on `threads` threads.
    fn check_rest(&self, threads: usize) {
        let n = self.sums.len();
        let next = AtomicUsize::new(0);
        let work = || {
            loop {
                let start = next.fetch_add(64, Ordering::Relaxed);
                if start >= n {
                    return;
                }
                for k in start..(start + 64).min(n) {
                    if self.done[k / 64].load(Ordering::Relaxed) >> (k % 64) & 1 == 0 {
                        self.check(k);
                    }
                }
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.max(1) {
                scope.spawn(work);
            }
            work();
        });
    }

    /// Where the first block found changed begins, if one was.
    fn damaged(&self) -> Option<u64> {
        let at = self.damaged.load(Ordering::Relaxed);
        (at != u64::MAX).then_some(at)
    }
}

/// The distances' bytes: a slice of a [`Store`], kept as a pointer so that the searches'
/// lookups cost what a vector's do.
#[derive(Clone)]
struct Dist {
    store: std::sync::Arc<Store>,
    ptr: *const u8,
    len: usize,
    /// The store's [`Blocks`], or null if every byte was checked when it was made.
    blocks: *const Blocks,
}

// SAFETY: `ptr` and `blocks` point into `store`, which is never written through them and
// lives as long as any clone of the `Dist`; a vector's buffer, a mapping and the `Arc`'s
// contents do not move when their owner does. `Blocks` is shared through atomics only.
unsafe impl Send for Dist {}
// SAFETY: as above; the bytes are only read.
unsafe impl Sync for Dist {}

impl Store {
    fn bytes(&self) -> &[u8] {
        match self {
            Store::Owned(v) => v,
            Store::Mapped { map, .. } => map,
        }
    }
}

impl Dist {
    fn owned(v: Vec<u8>, start: usize) -> Dist {
        let len = v.len() - start;
        Dist::new(Store::Owned(v), start, len)
    }

    fn new(store: Store, start: usize, len: usize) -> Dist {
        let store = std::sync::Arc::new(store);
        let ptr = store.bytes()[start..start + len].as_ptr();
        let blocks = match &*store {
            Store::Mapped {
                blocks: Some(b), ..
            } => b as *const Blocks,
            _ => std::ptr::null(),
        };
        Dist {
            store,
            ptr,
            len,
            blocks,
        }
    }

    fn is_mapped(&self) -> bool {
        matches!(*self.store, Store::Mapped { .. })
    }

    fn blocks(&self) -> Option<&Blocks> {
        // SAFETY: null, or a pointer into `store`, which lives as long as `self`.
        unsafe { self.blocks.as_ref() }
    }

    /// Checks, once, the block that holds byte `byte` (see [`Blocks`]).
    #[inline(always)]
    fn touch(&self, byte: usize) {
        if let Some(b) = self.blocks() {
            b.touch(byte);
        }
    }

    /// The file the distances are mapped from, if they are.
    fn path(&self) -> Option<&std::path::Path> {
        match &*self.store {
            Store::Mapped { path, .. } => Some(path),
            Store::Owned(_) => None,
        }
    }
}

impl std::ops::Deref for Dist {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        // SAFETY: see the Send and Sync impls: `len` bytes at `ptr` inside `store`.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl PartialEq for Dist {
    fn eq(&self, other: &Dist) -> bool {
        **self == **other
    }
}

impl Eq for Dist {}

impl std::fmt::Debug for Dist {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if self.is_mapped() {
            "mapped"
        } else {
            "in memory"
        };
        write!(f, "{} bytes {how}", self.len)
    }
}

/// The pruning table: distances mod 3 of every coset, and the moves that read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisTable {
    moves: AxisMoves,
    /// Two bits an entry, rows of [`ROW_BYTES`]: built in a vector (never shrunk, which
    /// would move it out of its huge pages), or the cache file mapped read-only.
    dist: Dist,
    /// Entries at each exact depth.
    counts: Vec<u64>,
}

/// How a build went: seconds for each depth, and whether it ran forwards.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildLog {
    /// (depth reached, forwards?, entries found, seconds), one a pass.
    pub passes: Vec<(u8, bool, u64, f64)>,
}

impl AxisTable {
    /// The moves that read the table.
    pub fn moves(&self) -> &AxisMoves {
        &self.moves
    }

    /// The entry's value: distance mod 3. In a mapped table not checked whole as it was
    /// mapped, the block that holds it is checked against its checksum the first time (see
    /// [`AxisTable::damage`]).
    #[inline(always)]
    pub fn value(&self, index: usize) -> u8 {
        self.entry::<true>(index)
    }

    /// [`value`](AxisTable::value), its block checked first if `CHECK`: a search reads
    /// without the check (which costs it several percent) once [`all_checked`] is true.
    ///
    /// [`all_checked`]: AxisTable::all_checked
    #[inline(always)]
    pub(crate) fn entry<const CHECK: bool>(&self, index: usize) -> u8 {
        if CHECK {
            self.dist.touch(index >> 2);
        }
        self.dist[index >> 2] >> ((index & 3) << 1) & 3
    }

    /// Whether every byte of the distances has been checked: the table was built, read or
    /// mapped and checked whole, or every block of its mapping has been checked against the
    /// stamp's checksums (read by a search, or by [`check_rest`](AxisTable::check_rest)).
    pub fn all_checked(&self) -> bool {
        self.dist.blocks().is_none_or(Blocks::all_checked)
    }

    /// Checks every block of a mapped table not checked yet, on `threads` threads: after it,
    /// [`all_checked`](AxisTable::all_checked), and [`damage`](AxisTable::damage) says if any
    /// block was not what it was. Reads the whole file.
    pub fn check_rest(&self, threads: usize) {
        if let Some(b) = self.dist.blocks() {
            b.check_rest(threads);
        }
    }

    /// If the table is mapped from a file that was not checked whole as it was mapped, and a
    /// block read since is not what it was when the file was last checked whole: the file,
    /// and where that block begins. Every value read from such a table is suspect; the
    /// file's stamp is gone, so that its next load checks it whole and rebuilds it.
    pub fn damage(&self) -> Option<(&std::path::Path, u64)> {
        let at = self.dist.blocks()?.damaged()?;
        Some((self.dist.path()?, at))
    }

    /// The file the table is mapped from, if it is.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.dist.path()
    }

    /// Asks the processor to fetch an entry's cache line.
    #[inline(always)]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching reads nothing and cannot fault; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.dist.as_ptr().add(index >> 2) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }

    /// Entries at each exact depth, from 0.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// The deepest entry.
    pub fn max_depth(&self) -> u8 {
        (self.counts.len() - 1) as u8
    }

    /// How many bytes the distances take.
    pub fn bytes_len(&self) -> usize {
        self.dist.len
    }

    /// Bytes of the distances (in a mapped table, every block checked first: see
    /// [`AxisTable::value`]).
    pub fn bytes(&self) -> &[u8] {
        self.check_rest(1);
        &self.dist
    }

    /// Whether the distances are the cache file mapped read-only (rather than in memory).
    pub fn is_mapped(&self) -> bool {
        self.dist.is_mapped()
    }

    /// The exact distance of coordinates `c` into the subgroup, walking down the table: from
    /// each entry, a neighbour one less (mod 3) is one closer. `None` if the walk breaks (a
    /// damaged table).
    pub fn exact_depth(&self, c: AxisCoord) -> Option<u8> {
        let m = &self.moves;
        let mut c = c;
        let mut v = self.value(m.index(c));
        for depth in 0..=MAX_DEPTH as u8 {
            if m.index(c) == 0 {
                return (v == 0).then_some(depth);
            }
            let want = (v + 2) % 3;
            c = (0..18)
                .map(|k| m.step(c, k))
                .find(|&n| self.value(m.index(n)) == want)?;
            v = want;
        }
        None
    }

    /// Builds the table on `threads` threads; `progress(done, total)` hears how many entries
    /// are filled, from the calling thread. Ctrl-C stops it.
    pub fn build(
        kind: SliceKind,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(AxisTable, BuildLog), Cancelled> {
        let moves = AxisMoves::new(kind);
        let rows = moves.rows();
        let total = moves.entries();
        let mut bytes = crate::base::table_cache::large_vec(rows * ROW_BYTES);
        bytes.resize(rows * ROW_BYTES, 0xFF);
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8; the vector is
        // not touched again until the atomics are gone.
        let cells: &[AtomicU8] =
            unsafe { &*(bytes.as_mut_slice() as *mut [u8] as *const [AtomicU8]) };
        let b = Builder::new(&moves, cells);
        b.set(0, 0);
        let mut counts = vec![1u64];
        let mut filled = 1u64;
        let mut log = BuildLog::default();
        progress(filled, total);
        let mut depth = 0u8;
        while filled < total {
            if depth as usize + 1 >= MAX_DEPTH {
                unreachable!("the table is shallower than {MAX_DEPTH}");
            }
            let frontier = counts[depth as usize];
            let empty = total - filled;
            // Forwards costs a scattered write a move for each entry at this depth; backwards
            // a search of its row's neighbours for each empty entry, most of which find one
            // after a few moves once they are the bulk of the table.
            let forwards = frontier.saturating_mul(6) < empty;
            let started = Instant::now();
            let found = b.pass(depth, forwards, threads, &mut |done| {
                progress(filled + done, total)
            })?;
            log.passes
                .push((depth + 1, forwards, found, started.elapsed().as_secs_f64()));
            if found == 0 {
                break;
            }
            filled += found;
            counts.push(found);
            depth += 1;
        }
        drop(b);
        let dist = Dist::owned(bytes, 0);
        Ok((
            AxisTable {
                moves,
                dist,
                counts,
            },
            log,
        ))
    }
}

/// The format version of the table files.
pub const FORMAT_VERSION: u32 = 1;

/// Bytes of a payload before the distances: kind, depths, the counts, the fingerprint.
pub(crate) const PAYLOAD_HEADER: usize = 8 + 8 * MAX_DEPTH + 8;

/// The cache file of a table: `optimal.bin` (sorted slice, 883 MB) or `optimal-small.bin`
/// (slice position, Reid's 50 MB).
///
/// ```
/// use cubework::solve::optimal_table::{SliceKind, table_file};
/// assert_eq!(table_file(SliceKind::Sorted).file_name(), "optimal.bin");
/// assert_eq!(table_file(SliceKind::Position).file_name(), "optimal-small.bin");
/// ```
pub fn table_file(kind: SliceKind) -> TableFile {
    let classes = match kind {
        SliceKind::Position => 45,
        SliceKind::Sorted => 788,
        SliceKind::Corners => 2329,
    };
    TableFile {
        name: match kind {
            SliceKind::Position => "optimal-small",
            SliceKind::Sorted => "optimal",
            SliceKind::Corners => "optimal-large",
        },
        version: FORMAT_VERSION,
        max_payload: (PAYLOAD_HEADER + classes * N_FLIP * ROW_BYTES) as u64,
    }
}

/// CPU-seconds a build of each table takes, at most, as measured: the medium one 116 s on
/// two cores of an AMD EPYC with AVX2 only (41.8 s where AVX-512 VBMI is there), the large
/// one 299 CPU-seconds (477 s on two cores shared with other work), the small one about 6 s
/// on two.
fn build_cpu_seconds(kind: SliceKind) -> f64 {
    match kind {
        SliceKind::Position => 12.0,
        SliceKind::Sorted => 232.0,
        SliceKind::Corners => 600.0,
    }
}

/// The line said on standard error, terminal or not, when a table must be built before a
/// search can start: what, how big, about how long on `threads` threads, and where it will
/// be kept; and, when its file was there but not used, why (`rebuilt`, see
/// [`rebuild_reason`]).
///
/// ```
/// use cubework::solve::optimal_table::{SliceKind, build_notice};
/// let path = std::path::Path::new("/c/optimal.bin");
/// let line = build_notice(SliceKind::Sorted, 2, Some(path), None);
/// assert_eq!(
///     line,
///     "cubework: building the optimal solver's table first (once): 883 MB, up to about 2 minutes on 2 threads; it will be saved to /c/optimal.bin"
/// );
/// let line = build_notice(SliceKind::Sorted, 2, Some(path), Some("the cache file /c/optimal.bin is truncated (9 bytes)"));
/// assert!(line.starts_with(
///     "cubework: building the optimal solver's table again, because the cache file /c/optimal.bin is truncated (9 bytes): 883 MB,"
/// ));
/// ```
pub fn build_notice(
    kind: SliceKind,
    threads: usize,
    path: Option<&std::path::Path>,
    rebuilt: Option<&str>,
) -> String {
    let mb = table_file(kind).max_payload as f64 / 1e6;
    let secs = build_cpu_seconds(kind) / threads.max(1) as f64;
    let time = if secs < 90.0 {
        format!("{:.0} s", secs.max(1.0))
    } else {
        format!("{:.0} minutes", (secs / 60.0).max(2.0))
    };
    let threads = match threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    let kept = match path {
        Some(p) => format!("it will be saved to {}", p.display()),
        None => "no cache directory, so it is not kept".to_string(),
    };
    let when = match rebuilt {
        Some(why) => format!("again, because {why}"),
        None => "first (once)".to_string(),
    };
    format!(
        "cubework: building the optimal solver's table {when}: {mb:.0} MB, up to about {time} on {threads}; {kept}"
    )
}

/// Why the last load of an optimal table ([`load_or_build_in`]) did not use the file that
/// was there (`the cache file PATH is damaged: …`), when it did not: for the build notice.
static REBUILD_REASON: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Why the optimal table being built is built again: its file was there, but damaged or
/// inconsistent (see [`build_notice`]); `None` if there was no file.
pub fn rebuild_reason() -> Option<String> {
    REBUILD_REASON
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

impl AxisTable {
    /// The table as its cache file's payload: slice kind and deepest depth (u32 each), the
    /// entries at each depth ([`MAX_DEPTH`] u64s), the move tables' fingerprint, then the
    /// distances.
    pub fn to_payload(&self) -> Vec<u8> {
        let mut out = self.payload_header();
        out.extend_from_slice(&self.dist);
        out
    }

    /// The payload's first [`PAYLOAD_HEADER`] bytes; the distances follow.
    fn payload_header(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(PAYLOAD_HEADER);
        out.extend_from_slice(&self.moves.kind.code().to_le_bytes());
        out.extend_from_slice(&(self.max_depth() as u32).to_le_bytes());
        for d in 0..MAX_DEPTH {
            let n = self.counts.get(d).copied().unwrap_or(0);
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.moves.fingerprint().to_le_bytes());
        out
    }

    /// The payload as two pieces, header and the distances themselves (lent, not copied):
    /// saving a table of hundreds of megabytes does not double it in memory.
    pub fn payload_parts(&self) -> [std::borrow::Cow<'_, [u8]>; 2] {
        [
            std::borrow::Cow::Owned(self.payload_header()),
            std::borrow::Cow::Borrowed(&self.dist),
        ]
    }

    /// Reads a payload written by [`to_payload`](AxisTable::to_payload), trusting nothing:
    /// the kind, the sizes, the fingerprint of this program's move tables, the counts (they
    /// must add up to the entries, and the entries of each residue mod 3 must be as many as
    /// the counts say), no entry left empty, and walks down to solved from sampled cubes and
    /// each of their neighbours: a sampled entry's distance must be one more than its nearest
    /// neighbour's.
    pub fn from_payload(kind: SliceKind, bytes: Vec<u8>) -> Result<AxisTable, String> {
        let (moves, counts) = Self::read_payload_header(kind, &bytes)?;
        let table = AxisTable {
            moves,
            dist: Dist::owned(bytes, PAYLOAD_HEADER),
            counts,
        };
        table.check()?;
        Ok(table)
    }

    /// The table in the cache file `path`, mapped read-only rather than read: loading costs
    /// a header's reading, and processes that map one file share one copy of it in memory.
    /// The file's header is checked ([`crate::base::table_cache::inspect`]) and the payload's (kind,
    /// sizes, counts, move tables). If the file's stamp records the checksums of its contents
    /// when it was last checked whole ([`crate::base::table_cache::checked_sums`]), for the checksum
    /// the file still holds, the blocks that hold the headers and a spread sample of the
    /// others are checked against them at once ([`crate::base::table_cache::spot_check`]) and every
    /// other block the first time it is read ([`AxisTable::value`]); otherwise the file is
    /// checked whole, through its checksum and the checks of
    /// [`from_payload`](AxisTable::from_payload), and marked checked.
    pub fn map(kind: SliceKind, path: &std::path::Path) -> Result<AxisTable, CacheError> {
        Self::map_checked(kind, path, false)
    }

    /// Whether the cache file `path` holds a good table of `kind`: mapped, and put through
    /// the checksum and every check of [`from_payload`](AxisTable::from_payload) however
    /// recently it was checked (`tables check`); marked checked if it passes.
    pub fn check_file(kind: SliceKind, path: &std::path::Path) -> Result<(), CacheError> {
        Self::map_checked(kind, path, true).map(|_| ())
    }

    /// [`map`](AxisTable::map), checking the file whole if `whole` or if its stamp does not
    /// record the checksums of its contents.
    fn map_checked(
        kind: SliceKind,
        path: &std::path::Path,
        whole: bool,
    ) -> Result<AxisTable, CacheError> {
        use crate::base::table_cache::{HEADER_BYTES, TRAILER_BYTES};
        let spec = table_file(kind);
        let payload = crate::base::table_cache::inspect(path, &spec)? as usize;
        let file = std::fs::File::open(path).map_err(|e| CacheError::Io(e.to_string()))?;
        // SAFETY: the mapping is read-only; cache files are replaced by a rename, never
        // written in place, so a save meanwhile leaves this file's bytes as they are. One cut
        // short or rewritten by another program meanwhile is guarded against below.
        let map =
            unsafe { memmap2::Mmap::map(&file) }.map_err(|e| CacheError::Io(e.to_string()))?;
        let end = HEADER_BYTES + payload;
        if map.len() < end + TRAILER_BYTES {
            return Err(CacheError::Truncated(map.len() as u64));
        }
        if map.len() > end + TRAILER_BYTES {
            return Err(CacheError::Shape(format!(
                "{} bytes where its header says {}",
                map.len(),
                end + TRAILER_BYTES
            )));
        }
        // A read of a page that the file no longer has (cut short by another program) would
        // kill the process with a bare "Bus error": it is said, naming the file, instead.
        let guard = crate::base::table_cache::guard_mapping(&map, path);
        #[cfg(unix)]
        {
            // Searches read it at random; the kernel may back it with huge pages.
            let _ = map.advise(memmap2::Advice::Random);
            #[cfg(target_os = "linux")]
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        let stored = u64::from_le_bytes(map[end..end + 8].try_into().expect("8 bytes"));
        let dist_at = HEADER_BYTES + PAYLOAD_HEADER;
        let recorded = (!whole)
            .then(|| crate::base::table_cache::checked_sums(path))
            .flatten()
            .filter(|sums| sums.file == stored);
        let fresh = match &recorded {
            Some(sums) => {
                // The headers (which the checks below read directly), and a sample.
                crate::base::table_cache::spot_check(&map, sums, dist_at)?;
                None
            }
            None => {
                let sums = crate::base::table_cache::Sums::of(&map);
                if sums.file != stored {
                    return Err(CacheError::Checksum {
                        stored,
                        computed: sums.file,
                    });
                }
                Some(sums)
            }
        };
        let (moves, counts) = Self::read_payload_header(kind, &map[HEADER_BYTES..end])
            .map_err(CacheError::Inconsistent)?;
        let blocks = recorded.map(|sums| Blocks::new(sums.blocks, &map, dist_at, path));
        let store = Store::Mapped {
            map,
            blocks,
            path: path.to_path_buf(),
            _guard: guard,
        };
        let table = AxisTable {
            moves,
            dist: Dist::new(store, dist_at, payload - PAYLOAD_HEADER),
            counts,
        };
        if let Some(sums) = fresh {
            table.check().map_err(CacheError::Inconsistent)?;
            crate::base::table_cache::mark_checked_with(path, &sums);
        }
        Ok(table)
    }

    /// The payload's header read and checked against `kind` and this program's move tables:
    /// the moves, and the counts at each depth.
    fn read_payload_header(kind: SliceKind, bytes: &[u8]) -> Result<(AxisMoves, Vec<u64>), String> {
        let moves = AxisMoves::new(kind);
        let want = PAYLOAD_HEADER + moves.rows() * ROW_BYTES;
        if bytes.len() != want {
            return Err(format!(
                "a payload of {} bytes, expected {want}",
                bytes.len()
            ));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        if u32_at(0) != kind.code() {
            return Err(format!("not the {} table", kind.name()));
        }
        let max = u32_at(4) as usize;
        if max >= MAX_DEPTH {
            return Err(format!("a depth of {max}"));
        }
        let counts: Vec<u64> = (0..=max).map(|d| u64_at(8 + 8 * d)).collect();
        if counts.iter().sum::<u64>() != moves.entries() || counts.contains(&0) {
            return Err("depth counts that do not add up to the table".into());
        }
        if u64_at(8 + 8 * MAX_DEPTH) != moves.fingerprint() {
            return Err("move tables other than this program's".into());
        }
        Ok((moves, counts))
    }

    /// The checks of [`from_payload`](AxisTable::from_payload) on the distances.
    fn check(&self) -> Result<(), String> {
        let mut by_residue = [0u64; 3];
        for (d, n) in self.counts.iter().enumerate() {
            by_residue[d % 3] += n;
        }
        let seen = residue_counts(&self.dist);
        // The padding entry of every row is the only empty one.
        let rows = self.moves.rows() as u64;
        if seen[3] != rows || seen[..3] != by_residue {
            return Err(format!(
                "entries by value {seen:?}, where the depth counts make {by_residue:?} and {rows} padding"
            ));
        }
        let m = &self.moves;
        let depth = |c: AxisCoord| {
            self.exact_depth(c)
                .filter(|&d| d <= self.max_depth())
                .ok_or_else(|| format!("no way down to solved from entry {}", m.index(c)))
        };
        let beside = |c: AxisCoord| {
            move |e: String| format!("{e}, a neighbour of sampled entry {}", m.index(c))
        };
        let sample = self.sample();
        // Every sampled entry walks down to solved within the table's depth ...
        let depths = sample
            .iter()
            .map(|&c| depth(c))
            .collect::<Result<Vec<u8>, String>>()?;
        // ... in as many moves as a one-move search says: one more than its nearest
        // neighbour's. Entries moved or exchanged behind a good checksum and good counts break
        // this where the sample meets them.
        for (&c, &d) in sample.iter().zip(&depths) {
            if m.index(c) == 0 {
                continue;
            }
            let mut nearest = u8::MAX;
            for k in 0..18 {
                nearest = nearest.min(depth(m.step(c, k)).map_err(beside(c))?);
            }
            if d != nearest + 1 {
                return Err(format!(
                    "entry {} walks down in {d} moves, but its nearest neighbour is {nearest} from solved",
                    m.index(c)
                ));
            }
        }
        Ok(())
    }

    /// The coordinates whose entries loading checks against a one-move search (see
    /// [`from_payload`](AxisTable::from_payload)): 256, spread over the table by a fixed
    /// pseudo-random sequence.
    pub fn sample(&self) -> Vec<AxisCoord> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        (0..256)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let cube = CubieCube::from_twist((x % N_TWIST as u64) as usize);
                AxisCoord {
                    slice: ((x >> 20) % self.moves.kind.values() as u64) as u16,
                    flip: ((x >> 40) % N_FLIP as u64) as u16,
                    twist: cube.twist() as u16,
                }
            })
            .collect()
    }
}

/// How many two-bit entries of `bytes` hold 0, 1, 2 and 3.
fn residue_counts(bytes: &[u8]) -> [u64; 4] {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let mut n = [0u64; 4];
    let (words, rest) = bytes.as_chunks::<8>();
    for w in words {
        let w = u64::from_le_bytes(*w);
        let (lo, hi) = (w & LOW, w >> 1 & LOW);
        n[1] += (lo & !hi).count_ones() as u64;
        n[2] += (!lo & hi & LOW).count_ones() as u64;
        n[3] += (lo & hi).count_ones() as u64;
    }
    for &b in rest {
        for k in 0..4 {
            n[(b >> (2 * k) & 3) as usize] += 1;
        }
    }
    n[0] = bytes.len() as u64 * 4 - n[1] - n[2] - n[3];
    n
}

/// Loads the table of `kind` from the cache in `dir`, or builds it on `threads` threads
/// (`progress` hears how far) and saves it; an error only if Ctrl-C stopped the build, and
/// then nothing is saved.
pub fn load_or_build_in(
    kind: SliceKind,
    dir: Option<&std::path::Path>,
    threads: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(AxisTable, CacheReport), Cancelled> {
    crate::base::table_cache::try_load_or_build(
        &table_file(kind),
        dir,
        |path| {
            let loaded = AxisTable::map(kind, path);
            *REBUILD_REASON.lock().unwrap_or_else(|e| e.into_inner()) = match &loaded {
                Err(CacheError::Missing) | Ok(_) => None,
                Err(e) => Some(format!("the cache file {} {e}", path.display())),
            };
            loaded
        },
        || AxisTable::build(kind, threads, progress).map(|(t, _)| t),
        |t| t.payload_parts().to_vec(),
    )
}

/// Rows handed to a thread at a time.
const CHUNK: usize = 64;

/// `MATCH[v][byte]`: which of the byte's four entries have value `v`, as four bits.
const MATCH: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut v = 0;
    while v < 4 {
        let mut b = 0;
        while b < 256 {
            let mut k = 0;
            while k < 4 {
                if (b >> (2 * k)) & 3 == v {
                    t[v][b] |= 1 << k;
                }
                k += 1;
            }
            b += 1;
        }
        v += 1;
    }
    t
};

struct Builder<'a> {
    m: &'a AxisMoves,
    cells: &'a [AtomicU8],
    /// `twist_ms[(m * 16 + s) * 2187 + t]`: twist `t` after move `m`, seen through `s`.
    twist_ms: Box<[u16]>,
}

impl<'a> Builder<'a> {
    fn new(m: &'a AxisMoves, cells: &'a [AtomicU8]) -> Builder<'a> {
        let mut twist_ms = vec![0u16; 18 * UD_SYMS * N_TWIST];
        for mv in 0..18 {
            for s in 0..UD_SYMS {
                for t in 0..N_TWIST {
                    let moved = m.twist_move[t * 18 + mv] as usize;
                    twist_ms[(mv * UD_SYMS + s) * N_TWIST + t] = m.twist_conj[moved * UD_SYMS + s];
                }
            }
        }
        Builder {
            m,
            cells,
            twist_ms: twist_ms.into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        self.cells[i >> 2].load(Ordering::Relaxed) >> ((i & 3) << 1) & 3
    }

    /// Sets an entry that no other thread writes.
    #[inline(always)]
    fn set(&self, i: usize, v: u8) {
        let cell = &self.cells[i >> 2];
        let shift = (i & 3) << 1;
        let b = cell.load(Ordering::Relaxed);
        cell.store(b & !(3 << shift) | v << shift, Ordering::Relaxed);
    }

    /// Sets an empty entry that other threads may write too; whether it was empty.
    #[inline(always)]
    fn set_shared(&self, i: usize, v: u8) -> bool {
        let shift = (i & 3) << 1;
        let old = self.cells[i >> 2].fetch_and(!((EMPTY ^ v) << shift), Ordering::Relaxed);
        old >> shift & 3 == EMPTY
    }

    /// The twists of `row` whose value is `v`, into `out`; how many.
    fn collect(&self, row: usize, v: u8, out: &mut [u16; ROW]) -> usize {
        let mut n = 0;
        let base = row * ROW_BYTES;
        for k in 0..ROW_BYTES {
            let mut bits = MATCH[v as usize][self.cells[base + k].load(Ordering::Relaxed) as usize];
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let t = 4 * k + j;
                if t < N_TWIST {
                    out[n] = t as u16;
                    n += 1;
                }
            }
        }
        n
    }

    /// One breadth-first pass from depth `d`, on `threads` threads; entries found.
    fn pass(
        &self,
        d: u8,
        forwards: bool,
        threads: usize,
        progress: &mut dyn FnMut(u64),
    ) -> Result<u64, Cancelled> {
        let rows = self.m.rows();
        let next = AtomicUsize::new(0);
        let found = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let work = |report: &mut dyn FnMut(u64)| {
            let mut twists = [0u16; ROW];
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if crate::base::cancel::requested() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= rows {
                    return;
                }
                let mut n = 0;
                for row in start..(start + CHUNK).min(rows) {
                    n += if forwards {
                        self.forward_row(row, d, &mut twists)
                    } else {
                        self.backward_row(row, d, &mut twists)
                    };
                }
                let so_far = found.fetch_add(n, Ordering::Relaxed) + n;
                report(so_far);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.max(1) {
                scope.spawn(|| work(&mut |_| {}));
            }
            work(progress);
        });
        if stop.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        Ok(found.into_inner())
    }

    fn forward_row(&self, row: usize, d: u8, twists: &mut [u16; ROW]) -> u64 {
        let n = self.collect(row, d % 3, twists);
        if n == 0 {
            return 0;
        }
        let v = (d + 1) % 3;
        let mut found = 0;
        for mv in 0..18 {
            let (row2, s) = self.m.row_step(row, mv);
            let tt = &self.twist_ms[(mv * UD_SYMS + s) * N_TWIST..][..N_TWIST];
            let class = row2 / N_FLIP;
            let stab = self.m.slice_stab[class] & !1;
            for &t in &twists[..n] {
                let t2 = tt[t as usize] as usize;
                let i = row2 * ROW + t2;
                if self.get(i) == EMPTY && self.set_shared(i, v) {
                    found += 1;
                }
                if stab != 0 {
                    found += self.other_spellings(row2, t2, stab, v);
                }
            }
        }
        found
    }

    /// Sets the entries that spell the same coset as (`row`, `twist`) through the symmetries
    /// in `stab` (which fix the row's representative); how many were empty.
    #[cold]
    fn other_spellings(&self, row: usize, twist: usize, stab: u16, v: u8) -> u64 {
        let m = self.m;
        let (class, flip) = (row / N_FLIP, (row % N_FLIP) as u16);
        let pos = m.kind.position(m.slice_rep[class] as usize);
        let mut found = 0;
        let mut bits = stab;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let f = m.flip_through(flip, pos, s) as usize;
            let t = m.twist_conj[twist * UD_SYMS + s] as usize;
            let i = (class * N_FLIP + f) * ROW + t;
            if self.get(i) == EMPTY && self.set_shared(i, v) {
                found += 1;
            }
        }
        found
    }

    fn backward_row(&self, row: usize, d: u8, twists: &mut [u16; ROW]) -> u64 {
        let mut n = self.collect(row, EMPTY, twists);
        if n == 0 {
            return 0;
        }
        let (want, v) = (d % 3, (d + 1) % 3);
        let before = n;
        for mv in 0..18 {
            let (row2, s) = self.m.row_step(row, mv);
            let tt = &self.twist_ms[(mv * UD_SYMS + s) * N_TWIST..][..N_TWIST];
            let base = row2 * ROW;
            let mut k = 0;
            while k < n {
                let t = twists[k] as usize;
                if self.get(base + tt[t] as usize) == want {
                    self.set(row * ROW + t, v);
                    n -= 1;
                    twists[k] = twists[n];
                } else {
                    k += 1;
                }
            }
            if n == 0 {
                break;
            }
        }
        (before - n) as u64
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn symmetry_on_coordinates_agrees_with_the_cubies() {
        let mut rng = ChaCha8Rng::seed_from_u64(151);
        let syms = ud_symmetries();
        for kind in [SliceKind::Position, SliceKind::Sorted, SliceKind::Corners] {
            let m = AxisMoves::new(kind);
            for _ in 0..200 {
                let x = CubieCube::random(&mut rng);
                let pos = x.slice();
                for (s, sym) in syms.iter().enumerate() {
                    let y = sym.conj(&x);
                    assert_eq!(m.flip_through(x.flip() as u16, pos, s) as usize, y.flip());
                    assert_eq!(m.twist_conj[x.twist() * UD_SYMS + s] as usize, y.twist());
                }
                // A cube and all its conjugates have the same entry, spelt one of the ways
                // the symmetries that fix its class's representative allow.
                let spellings = m.spellings(m.index(m.coord(&x)));
                for sym in syms {
                    assert!(spellings.contains(&m.index(m.coord(&sym.conj(&x)))));
                }
            }
        }
    }

    #[test]
    fn class_counts() {
        assert_eq!(AxisMoves::new(SliceKind::Position).classes(), 45);
        assert_eq!(AxisMoves::new(SliceKind::Sorted).classes(), 788);
        assert_eq!(AxisMoves::new(SliceKind::Corners).classes(), 2329);
    }

    #[test]
    #[ignore]
    fn build_timing() {
        let kind = match std::env::var("KIND").as_deref() {
            Ok("sorted") => SliceKind::Sorted,
            Ok("large") => SliceKind::Corners,
            _ => SliceKind::Position,
        };
        let threads = std::env::var("THREADS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(2);
        let t0 = Instant::now();
        let (t, log) = AxisTable::build(kind, threads, &mut |_, _| {}).unwrap();
        println!(
            "{kind:?}: {} classes, {} entries, {} bytes, built in {:.1} s",
            t.moves.classes(),
            t.moves.entries(),
            t.dist.len(),
            t0.elapsed().as_secs_f64()
        );
        for p in &log.passes {
            println!(
                "  depth {:2} {} {:>13} in {:6.2} s",
                p.0,
                if p.1 { "fwd" } else { "bwd" },
                p.2,
                p.3
            );
        }
        println!("counts {:?}", t.counts);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut sum = [0u64; 2];
        for _ in 0..1000 {
            let c = CubieCube::random(&mut rng);
            let syms = axis_syms();
            let d: Vec<u8> = syms
                .iter()
                .map(|s| t.exact_depth(t.moves.coord(&s.conj(&c))).unwrap())
                .collect();
            sum[0] += d[0] as u64;
            let mut h = *d.iter().max().unwrap();
            if d[0] == d[1] && d[1] == d[2] && h > 0 {
                h += 1;
            }
            sum[1] += h as u64;
        }
        println!(
            "random states: mean one-axis {:.3}, three-axis {:.3}",
            sum[0] as f64 / 1000.0,
            sum[1] as f64 / 1000.0
        );
        let _ = rng.random_range(0..2);
    }
}
