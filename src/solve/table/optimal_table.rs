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
//! **Partial flips: the huge table.** [`SliceKind::SortedCorners`] keeps which E-slice edge
//! is in which slot and which four slots hold the U-layer corners (11880 × 70 values, 52,524
//! classes), and of the flips only those of the eight U- and D-layer edges (256 values): the
//! coset space of vcube's `--coord=208` and nxopt's 22, 7.36 GB of distances. Those eight
//! flips, read off the slots that hold no slice edge, are a function of the full flip and the
//! slice position, and so is what a move or a symmetry makes of them: the search keeps the
//! full flip, and [`AxisMoves::index`] picks the eight out of it (after seeing it through
//! the symmetry) with three lookups of four slots each.
//!
//! **Symmetry.** The 16 symmetries that keep the U–D axis map H onto itself, so conjugate
//! cubes have equal entries. The slice coordinate is reduced to its symmetry class (as
//! [`SymClasses`](crate::solve::model::sym::SymClasses) reduces a coordinate: 11880 → 788 classes, 495 →
//! 45, 831,600 → 52,524; found in two steps, the edges' class and then the corners' part),
//! and an entry is a row (slice class, flip) and a column (twist), both seen through the
//! symmetry that takes the slice coordinate to its class's representative. Flip through a symmetry that turns the cube a
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
//! which a move changes by a turn made before it (see [`crate::solve::search::optimal`]). So every stripe of
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

use crate::solve::model::coord::{N_FLIP, N_SLICE, N_SLICE_SORTED, N_TWIST, move_table};
use crate::solve::model::cubie::CubieCube;
use crate::solve::model::sym::{Symmetry, UD_SYMS, ud_symmetries, ud_tables, urf, wide_classes};
use crate::state::pieces::EDGES;
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
    /// Which E-slice edge is in which slot and which four slots hold the U-layer corners
    /// (11880 × 70 values), with the flips of only the eight U- and D-layer edges (256 values
    /// rather than 2048: see [`SliceKind::ud_flips_only`]). The coset space of Voltara's
    /// vcube `--coord=208`.
    SortedCorners,
}

/// Ways the four U-layer corners can stand in the eight corner slots.
const CORNER_SPLITS: usize = 70;

impl SliceKind {
    /// Every kind, smallest table first.
    pub const ALL: [SliceKind; 4] = [
        SliceKind::Position,
        SliceKind::Sorted,
        SliceKind::Corners,
        SliceKind::SortedCorners,
    ];

    /// Values of the coordinate: [`edge_values`](SliceKind::edge_values) ×
    /// [`splits`](SliceKind::splits).
    pub const fn values(self) -> usize {
        self.edge_values() * self.splits()
    }

    /// Values of its E-slice edges' part: where they are (495), or which is where (11880).
    pub const fn edge_values(self) -> usize {
        match self {
            SliceKind::Position | SliceKind::Corners => N_SLICE,
            SliceKind::Sorted | SliceKind::SortedCorners => N_SLICE_SORTED,
        }
    }

    /// Values of its corners' part: the 70 splits of the U-layer corners between the layers,
    /// or 1 for a kind that does not look at corners.
    pub const fn splits(self) -> usize {
        match self {
            SliceKind::Position | SliceKind::Sorted => 1,
            SliceKind::Corners | SliceKind::SortedCorners => CORNER_SPLITS,
        }
    }

    /// Whether the table keeps the flips of only the eight edges that belong to the U and D
    /// layers, wherever they are (256 values): the flips of the four E-slice edges do not
    /// matter to it. What those eight flips become after a move depends on the slots the
    /// slice edges leave them, so they are read off the full flip and the slice position
    /// when an entry is found ([`AxisMoves::index`]).
    pub const fn ud_flips_only(self) -> bool {
        matches!(self, SliceKind::SortedCorners)
    }

    /// Values of the flip part of a row: 256 or 2048.
    pub const fn flips(self) -> usize {
        if self.ud_flips_only() {
            UD_FLIPS
        } else {
            N_FLIP
        }
    }

    /// The E-slice edges' part of a cube's coordinate.
    #[inline]
    fn edges_of(self, c: &CubieCube) -> usize {
        match self {
            SliceKind::Position | SliceKind::Corners => c.slice(),
            SliceKind::Sorted | SliceKind::SortedCorners => c.slice_sorted(),
        }
    }

    /// The corners' part of a cube's coordinate (0 for a kind without one).
    #[inline]
    fn split_of(self, c: &CubieCube) -> usize {
        if self.splits() == 1 {
            0
        } else {
            c.corner_split()
        }
    }

    /// The coordinate of a cube.
    #[inline]
    pub fn of(self, c: &CubieCube) -> usize {
        self.edges_of(c) * self.splits() + self.split_of(c)
    }

    /// A cube with this coordinate.
    pub fn cube(self, s: usize) -> CubieCube {
        let (edges, split) = (s / self.splits(), s % self.splits());
        let mut c = match self {
            SliceKind::Position | SliceKind::Corners => CubieCube::from_slice(edges),
            SliceKind::Sorted | SliceKind::SortedCorners => CubieCube::from_slice_sorted(edges),
        };
        if self.splits() > 1 {
            c.corners.perm = CubieCube::from_corner_comb(split).corners.perm;
        }
        c
    }

    /// The slice position (0..495) of a coordinate value.
    pub const fn position(self, s: usize) -> usize {
        let edges = s / self.splits();
        match self {
            SliceKind::Position | SliceKind::Corners => edges,
            SliceKind::Sorted | SliceKind::SortedCorners => edges / 24,
        }
    }

    /// A short name, for the file and the reports.
    pub fn name(self) -> &'static str {
        match self {
            SliceKind::Position => "slice",
            SliceKind::Sorted => "sorted slice",
            SliceKind::Corners => "slice and corner split",
            SliceKind::SortedCorners => "sorted slice, corner split and U/D edges' flips",
        }
    }

    fn code(self) -> u32 {
        match self {
            SliceKind::Position => 1,
            SliceKind::Sorted => 2,
            SliceKind::Corners => 3,
            SliceKind::SortedCorners => 4,
        }
    }
}

/// Flips of the eight U- and D-layer edges.
pub const UD_FLIPS: usize = 256;

/// A cube's coordinates on one axis: slice (of the table's kind, in two parts), flip, twist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AxisCoord {
    /// The E-slice edges' part of the slice coordinate ([`SliceKind::edge_values`]).
    pub slice: u16,
    /// The corners' part of the slice coordinate ([`SliceKind::splits`]; 0 if it has none).
    pub split: u8,
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
/// use cubework::solve::table::optimal_table::decode;
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
    /// The E-slice edges' part of the slice coordinate × move → after it.
    edge_move: Box<[u16]>,
    /// The corners' part × move → after it (one value, 0, for a kind without one).
    split_move: Box<[u8]>,
    /// Flip × move → flip.
    flip_move: Box<[u16]>,
    /// Twist × move → twist.
    twist_move: Box<[u16]>,
    /// The E-slice edges' part → its class under the 16 symmetries << 16 | the slice
    /// position << 4 | the symmetry that takes it to its class's representative.
    edge_sym: Box<[u32]>,
    /// The corners' part × symmetry → the corners' part seen through it.
    split_conj: Box<[u8]>,
    /// The edges' class × the corners' part → the class of the slice coordinate with that
    /// class's representative and that corners' part << 4 | the symmetry that takes it to its
    /// class's representative. With [`AxisMoves::edge_sym`], the class of a slice coordinate
    /// in two lookups of small tables, not one of a table as large as the coordinate (3.3 MB
    /// in the huge table, where the lookup was three quarters of the time spent finding an
    /// entry).
    class_of: Box<[u32]>,
    /// `mult[a][b]`: seeing through `a` then `b` is seeing through `mult[a][b]`.
    mult: [[u8; UD_SYMS]; UD_SYMS],
    /// See [`AxisMoves::fingerprint`].
    fingerprint: u64,
    /// Class → its representative (raw slice).
    slice_rep: Box<[u32]>,
    /// Class → the symmetries that fix its representative, as a mask.
    slice_stab: Box<[u16]>,
    /// Flip × symmetry → flip seen through it, for a cube whose slice edges are home.
    flip_conj: Box<[u16]>,
    /// Twist × symmetry → twist seen through it.
    twist_conj: Box<[u16]>,
    /// Slice position × symmetry → the flips to change before [`AxisMoves::flip_conj`].
    flip_mask: Box<[u16]>,
    /// Slice position × symmetry → the slice position seen through it.
    pos_conj: Box<[u16]>,
    /// Slice position → three tables of 16, one for each four slots of a full 12-edge flip,
    /// that pick out the flips of the slots the slice edges do not hold, in slot order: the
    /// U and D edges' flips ([`SliceKind::ud_flips_only`]).
    ud_pick: Box<[UdPick]>,
    /// Slice position × U and D edges' flips → a flip coordinate with those flips there.
    ud_flip: Box<[u16]>,
}

/// Three tables of 16, one for each four slots of a full 12-edge flip (slots 0–3, 4–7,
/// 8–11), whose values or together to the U and D edges' flips at one slice position.
type UdPick = [[u8; 16]; 3];

impl AxisMoves {
    /// Makes the tables for a slice coordinate from the cubie model.
    pub fn new(kind: SliceKind) -> AxisMoves {
        let syms = ud_symmetries();
        let all = FaceMove::ALL;
        let edge_cube = |e: usize| kind.cube(e * kind.splits());
        let edge_move = move_table(kind.edge_values(), &all, edge_cube, |c| kind.edges_of(c));
        let split_move: Vec<u8> = (0..kind.splits())
            .flat_map(|p| {
                let c = kind.cube(p);
                all.iter().map(move |&m| kind.split_of(&c.apply(m)) as u8)
            })
            .collect();
        let flip_move = move_table(N_FLIP, &all, CubieCube::from_flip, CubieCube::flip);
        let twist_move = move_table(N_TWIST, &all, CubieCube::from_twist, CubieCube::twist);
        // A symmetry acts on the edges' part and the corners' part each on its own.
        let edge_conj: Vec<usize> = (0..kind.edge_values())
            .flat_map(|e| {
                syms.iter()
                    .map(move |s| kind.edges_of(&s.conj(&edge_cube(e))))
            })
            .collect();
        let split_conj: Vec<usize> = (0..kind.splits())
            .flat_map(|p| {
                syms.iter()
                    .map(move |s| kind.split_of(&s.conj(&kind.cube(p))))
            })
            .collect();
        let splits = kind.splits();
        let (to_class, reps, stab) = wide_classes(kind.values(), UD_SYMS, |r, s| {
            edge_conj[r / splits * UD_SYMS + s] * splits + split_conj[r % splits * UD_SYMS + s]
        });
        let (edge_class, edge_reps, _) = wide_classes(kind.edge_values(), UD_SYMS, |e, s| {
            edge_conj[e * UD_SYMS + s]
        });
        let edge_sym = edge_class
            .iter()
            .enumerate()
            .map(|(e, &packed)| {
                (packed >> 4) << 16 | (kind.position(e * splits) as u32) << 4 | packed & 15
            })
            .collect();
        let class_of = edge_reps
            .iter()
            .flat_map(|&rep| (0..splits).map(move |p| rep as usize * splits + p))
            .map(|raw| to_class[raw])
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
        let pos_conj = (0..N_SLICE)
            .flat_map(|p| {
                let cube = CubieCube::from_slice(p);
                syms.iter().map(move |sym| sym.conj(&cube).slice() as u16)
            })
            .collect();
        let (ud_pick, ud_flip) = ud_flip_tables();
        let mut moves = AxisMoves {
            kind,
            edge_move: edge_move.into_boxed_slice(),
            split_move: split_move.into_boxed_slice(),
            flip_move: flip_move.into_boxed_slice(),
            twist_move: twist_move.into_boxed_slice(),
            edge_sym,
            split_conj: split_conj.iter().map(|&p| p as u8).collect(),
            class_of,
            mult: ud_tables().mult,
            fingerprint: 0,
            slice_rep: reps.into_boxed_slice(),
            slice_stab: stab.into_boxed_slice(),
            flip_conj,
            twist_conj,
            flip_mask,
            pos_conj,
            ud_pick,
            ud_flip,
        };
        moves.fingerprint = moves.digest(&to_class);
        moves
    }

    /// The slice coordinate.
    pub fn kind(&self) -> SliceKind {
        self.kind
    }

    /// Symmetry classes of the slice coordinate.
    pub fn classes(&self) -> usize {
        self.slice_rep.len()
    }

    /// Rows of the table: slice classes × flips ([`SliceKind::flips`]).
    pub fn rows(&self) -> usize {
        self.classes() * self.kind.flips()
    }

    /// Entries of the table (padding left out).
    pub fn entries(&self) -> u64 {
        (self.rows() * N_TWIST) as u64
    }

    /// A cube's coordinates.
    pub fn coord(&self, c: &CubieCube) -> AxisCoord {
        AxisCoord {
            slice: self.kind.edges_of(c) as u16,
            split: self.kind.split_of(c) as u8,
            flip: c.flip() as u16,
            twist: c.twist() as u16,
        }
    }

    /// The coordinates after face move `m`.
    #[inline(always)]
    pub fn step(&self, c: AxisCoord, m: usize) -> AxisCoord {
        AxisCoord {
            slice: self.edge_move[c.slice as usize * 18 + m],
            split: self.split_move[c.split as usize * 18 + m],
            flip: self.flip_move[c.flip as usize * 18 + m],
            twist: self.twist_move[c.twist as usize * 18 + m],
        }
    }

    /// The slice coordinate of some coordinates, its two parts as one number.
    #[inline(always)]
    fn raw_slice(&self, c: AxisCoord) -> usize {
        c.slice as usize * self.kind.splits() + c.split as usize
    }

    /// The coordinates with slice coordinate `raw` (its two parts as one number), `flip` and
    /// `twist`.
    #[inline(always)]
    fn with_slice(&self, raw: usize, flip: u16, twist: u16) -> AxisCoord {
        AxisCoord {
            slice: (raw / self.kind.splits()) as u16,
            split: (raw % self.kind.splits()) as u8,
            flip,
            twist,
        }
    }

    /// The flip of a cube with slice position `pos` seen through symmetry `s`.
    #[inline(always)]
    fn flip_through(&self, flip: u16, pos: usize, s: usize) -> u16 {
        let masked = flip ^ self.flip_mask[pos * UD_SYMS + s];
        self.flip_conj[masked as usize * UD_SYMS + s]
    }

    /// The flip part of a row for a cube with flip `flip` and slice position `pos`, seen
    /// through symmetry `s`: the flip seen through it, or, in a table that keeps only the U
    /// and D edges' flips, those picked out of it (at the slice position seen through `s`).
    #[inline(always)]
    fn row_flip(&self, flip: u16, pos: usize, s: usize) -> u16 {
        let f = self.flip_through(flip, pos, s);
        if !self.kind.ud_flips_only() {
            return f;
        }
        let pick = &self.ud_pick[self.pos_conj[pos * UD_SYMS + s] as usize];
        // The twelfth edge's flip, which the coordinate leaves out, makes the sum even.
        let full = f as usize | (f.count_ones() as usize & 1) << 11;
        (pick[0][full & 15] | pick[1][full >> 4 & 15] | pick[2][full >> 8]) as u16
    }

    /// A flip coordinate that a row's flip part `rf` stands for, for a cube with slice
    /// position `pos`: `rf` itself, or one with those U and D edges' flips.
    #[inline(always)]
    fn full_flip(&self, rf: usize, pos: usize) -> u16 {
        if self.kind.ud_flips_only() {
            self.ud_flip[pos * UD_FLIPS + rf]
        } else {
            rf as u16
        }
    }

    /// The class of some coordinates' slice, their slice position, and a symmetry that takes
    /// the slice to its class's representative: the one that takes the edges' part to its
    /// class's representative, then the one that takes that with the corners' part seen
    /// through it to the class's.
    #[inline(always)]
    fn slice_info(&self, c: AxisCoord) -> (usize, usize, usize) {
        let e = self.edge_sym[c.slice as usize];
        let s1 = (e & 15) as usize;
        let split = self.split_conj[c.split as usize * UD_SYMS + s1] as usize;
        let k = self.class_of[(e >> 16) as usize * self.kind.splits() + split];
        (
            (k >> 4) as usize,
            (e >> 4 & 0xFFF) as usize,
            self.mult[s1][(k & 15) as usize] as usize,
        )
    }

    /// The table entry of some coordinates: row (slice class, flip) and twist, both seen
    /// through the symmetry that takes the slice to its class's representative.
    #[inline(always)]
    pub fn index(&self, c: AxisCoord) -> usize {
        let (class, pos, s) = self.slice_info(c);
        let flip = self.row_flip(c.flip, pos, s) as usize;
        let twist = self.twist_conj[c.twist as usize * UD_SYMS + s] as usize;
        (class * self.kind.flips() + flip) * ROW + twist
    }

    /// The coordinates of entry (`class`, `flip`, `twist`): its class's representative
    /// with that flip (a row's flip part) and twist.
    #[cfg(test)]
    pub(crate) fn representative(&self, class: usize, flip: u16, twist: u16) -> AxisCoord {
        let raw = self.slice_rep[class] as usize;
        self.with_slice(
            raw,
            self.full_flip(flip as usize, self.kind.position(raw)),
            twist,
        )
    }

    /// The row that row `row` is, seen through symmetry `s`, which fixes its class's
    /// representative.
    #[inline]
    fn row_through(&self, row: usize, s: usize) -> usize {
        let flips = self.kind.flips();
        let (class, rf) = (row / flips, row % flips);
        let pos = self.kind.position(self.slice_rep[class] as usize);
        let flip = self.full_flip(rf, pos);
        class * flips + self.row_flip(flip, pos, s) as usize
    }

    /// Every entry that spells the same coset as entry `i`: `i` itself, and its images under
    /// the symmetries that fix its slice class's representative.
    pub fn spellings(&self, i: usize) -> Vec<usize> {
        let (row, twist) = (i / ROW, i % ROW);
        let class = row / self.kind.flips();
        let mut out: Vec<usize> = (0..UD_SYMS)
            .filter(|&s| self.slice_stab[class] >> s & 1 != 0)
            .map(|s| self.row_through(row, s) * ROW + self.twist_conj[twist * UD_SYMS + s] as usize)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The entry a row's representative reaches by move `m`: the target row, and the
    /// symmetry its twists are seen through.
    #[inline]
    fn row_step(&self, row: usize, m: usize) -> (usize, usize) {
        let flips = self.kind.flips();
        let (class, rf) = (row / flips, row % flips);
        let raw = self.slice_rep[class] as usize;
        let c = self.with_slice(raw, self.full_flip(rf, self.kind.position(raw)), 0);
        let next = self.step(c, m);
        let (class, pos, s) = self.slice_info(next);
        (class * flips + self.row_flip(next.flip, pos, s) as usize, s)
    }

    /// A checksum of the tables, kept in the file: a table built with other move or class
    /// tables (another numbering) is not this one.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The checksum of [`fingerprint`](AxisMoves::fingerprint), given the slice coordinate's
    /// classes (`to_class`, as [`wide_classes`] gives them). The slice coordinate's moves,
    /// representatives and classes go in as they were kept before the coordinate came in two
    /// parts (as one number, two bytes where it fits in two; the classes as one table of the
    /// whole coordinate), so that tables built then are still this one.
    fn digest(&self, to_class: &[u32]) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(&self.kind.code().to_le_bytes());
        let wide = self.kind.values() > 1 << 16;
        let slice_values = |h: &mut xxhash_rust::xxh3::Xxh3, v: usize| {
            if wide {
                h.update(&(v as u32).to_le_bytes());
            } else {
                h.update(&(v as u16).to_le_bytes());
            }
        };
        for raw in 0..self.kind.values() {
            for m in 0..18 {
                let next = self.step(self.with_slice(raw, 0, 0), m);
                slice_values(&mut h, self.raw_slice(next));
            }
        }
        for v in self.flip_move.iter().chain(&self.twist_move) {
            h.update(&v.to_le_bytes());
        }
        for &v in self.slice_rep.iter() {
            slice_values(&mut h, v as usize);
        }
        for t in [
            &self.slice_stab,
            &self.flip_conj,
            &self.twist_conj,
            &self.flip_mask,
        ] {
            for v in t.iter() {
                h.update(&v.to_le_bytes());
            }
        }
        // The class table as one lookup of the whole coordinate, as it was kept before.
        for (r, packed) in to_class.iter().enumerate() {
            let v = (packed >> 4) << 16 | (self.kind.position(r) as u32) << 4 | packed & 15;
            h.update(&v.to_le_bytes());
        }
        if self.kind.ud_flips_only() {
            for v in self.pos_conj.iter().chain(&self.ud_flip) {
                h.update(&v.to_le_bytes());
            }
        }
        h.digest()
    }
}

/// The tables that read the U and D edges' flips out of a full flip and put them back
/// ([`AxisMoves::row_flip`], [`AxisMoves::full_flip`]): for each slice position, the three
/// pickers of four slots each, and for each of its 256 flips of the eight other slots a flip
/// coordinate that has them.
fn ud_flip_tables() -> (Box<[UdPick]>, Box<[u16]>) {
    let mut pick = vec![[[0u8; 16]; 3]; N_SLICE];
    let mut back = vec![u16::MAX; N_SLICE * UD_FLIPS];
    for (p, pick) in pick.iter_mut().enumerate() {
        let cube = CubieCube::from_slice(p);
        // Bit k of the eight: the k-th slot, in slot order, that holds no slice edge (pieces 8
        // to 11 are FR FL BL BR).
        let ud_slots: Vec<usize> = (0..EDGES)
            .filter(|&slot| cube.edges.perm[slot] < 8)
            .collect();
        for (k, &slot) in ud_slots.iter().enumerate() {
            for (nibble, bits) in pick[slot / 4].iter_mut().enumerate() {
                if nibble >> (slot % 4) & 1 != 0 {
                    *bits |= 1 << k;
                }
            }
        }
        for f in (0..N_FLIP).rev() {
            let full = f | (f.count_ones() as usize & 1) << 11;
            let rf = (pick[0][full & 15] | pick[1][full >> 4 & 15] | pick[2][full >> 8]) as usize;
            back[p * UD_FLIPS + rf] = f as u16;
        }
    }
    (pick.into_boxed_slice(), back.into_boxed_slice())
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
            self.dist.populate();
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
