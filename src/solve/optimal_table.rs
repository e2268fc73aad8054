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
//! **Floors, so that an entry can stand alone.** A residue says little without a neighbour's
//! distance, and the search reads entries that have none: those of the cube's *inverse*,
//! which a move changes by a turn made before it (see [`super::optimal`]). So every stripe of
//! 64 entries side by side (16 bytes) has a floor, the least distance among them, in four
//! bits after the distances (1/32 more bytes: 2.69 GB for the large table rather than
//! 2.61). [`AxisTable::bound`] is the least distance at or above the floor with the entry's
//! residue: exact when the distance is at most two above the floor, else 3 or 6 short. On the
//! large table it was exact for 90% of 20,000 random cubes' entries (all of those 8 or fewer
//! moves from the subgroup, 97% of those 10, 90% of those 11, 55% of those 12: the ignored
//! test `floor_exactness`). Voltara's vcube keeps a
//! stripe's least value inside the stripe, for the same reason.
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
//! After each pass, a stripe reached for the first time gets that depth as its floor.
//! [`AxisTable::build`] reports progress, stops on Ctrl-C ([`crate::base::cancel`]) and counts the
//! entries at each depth, which the file keeps and the loader checks.

use super::coord::{N_FLIP, N_SLICE, N_SLICE_SORTED, N_TWIST, move_table};
use super::cubie::CubieCube;
use super::sym::{SymClasses, Symmetry, UD_SYMS, ud_symmetries, urf};
use crate::turn::moves::FaceMove;

/// Twists in a row: 2187, padded to 2188 so that a row is whole bytes.
pub const ROW: usize = 2188;
/// Bytes in a row.
pub const ROW_BYTES: usize = ROW / 4;
/// Bytes in a stripe: 64 entries side by side, which share a floor (see [`AxisTable::bound`]).
pub const STRIPE_BYTES: usize = 16;

/// Bytes of the floors of a table whose distances take `dist_len` bytes: four bits a stripe.
pub const fn floor_bytes(dist_len: usize) -> usize {
    dist_len.div_ceil(STRIPE_BYTES).div_ceil(2)
}

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
            SliceKind::Corners => c.slice() * CORNER_SPLITS + c.corner_split(),
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

    /// The coordinates of entry (`class`, `flip`, `twist`): its class's representative
    /// with that flip and twist.
    #[cfg(test)]
    pub(crate) fn representative(&self, class: usize, flip: u16, twist: u16) -> AxisCoord {
        AxisCoord {
            slice: self.slice_rep[class],
            flip,
            twist,
        }
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

/// The pruning table: distances mod 3 of every coset, and the moves that read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AxisTable {
    moves: AxisMoves,
    /// Two bits an entry, rows of [`ROW_BYTES`], then the stripes' floors (from byte
    /// `floors_at`): built in a vector (never shrunk, which would move it out of its huge
    /// pages), or the cache file mapped read-only.
    dist: Dist,
    /// Where the floors begin: the bytes of the distances.
    floors_at: usize,
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

    /// A lower bound on the distance of entry `index` that needs no other: the least
    /// distance at or above its stripe's floor (the least distance of the 64 entries around
    /// it) with its residue mod 3. It is exact when the distance is at most two above the
    /// floor, as it mostly is; above, it is 3 or 6 short. Its stripe's blocks are checked
    /// first if `CHECK` (see [`value`](AxisTable::value)).
    #[inline(always)]
    pub fn bound<const CHECK: bool>(&self, index: usize) -> u8 {
        let r = self.entry::<CHECK>(index);
        let f = self.floor::<CHECK>(index);
        f + (r + 3 - f % 3) % 3
    }

    /// The floor of entry `index`'s stripe: the least distance of its 64 entries.
    #[inline(always)]
    pub fn floor<const CHECK: bool>(&self, index: usize) -> u8 {
        let stripe = index >> 6;
        let at = self.floors_at + (stripe >> 1);
        if CHECK {
            self.dist.touch(at);
        }
        self.dist[at] >> ((stripe & 1) << 2) & 15
    }

    /// Asks the processor to fetch an entry's floor.
    #[inline(always)]
    pub fn prefetch_floor(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching reads nothing and cannot fault; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let at = self.floors_at + (index >> 7);
            _mm_prefetch::<_MM_HINT_T0>(self.dist.as_ptr().add(at) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
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
}

mod builder;
mod file;
mod storage;

#[cfg(test)]
pub(crate) use file::PAYLOAD_HEADER;
pub use file::{FORMAT_VERSION, build_notice, load_or_build_in, rebuild_reason, table_file};
use storage::{Blocks, Dist};

#[cfg(test)]
pub(crate) mod tests;
