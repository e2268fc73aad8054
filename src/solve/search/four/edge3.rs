//! The pairing table of the last phase: how far every arrangement of the 12 edges' wings in
//! G3 is from all paired, over the whole permutation `τ` of [`super::g3`] — all 12 edges at
//! once, as Tsai's reduction does — reduced by the rotations that keep G3 and the wing
//! classes, two bits an entry.
//!
//! The coordinate: where `τ` takes the four E-slice places (an ordered choice of 4 of 12
//! places, 11,880 values), brought by a symmetry to the least of its images (the *class*),
//! and where it takes the other eight places, as the order of the eight places left (8!
//! orders, of which the evenness of `τ` leaves half: 20,160). A class whose representative
//! some symmetries keep has several entries for one state; the search fills them all.
//!
//! An entry holds the distance mod 3 (3 while not yet found): a search knows its state's
//! distance exactly from its parent's (a turn changes it by at most one), and the first
//! state's by walking down the table to the goal. The table is built to the last distance:
//! out from each distance while few entries are placed, then, once most are, by each
//! entry left looking for a neighbour at the last distance (as TPR builds its tables).

use crate::base::cancel::Cancelled;
use crate::solve::search::four::g3::{G3, PLACES, PlaceMap, pad};

/// The distance given for an entry the table never reached (none, once built).
pub(crate) const UNSOLVED: u8 = u8::MAX;

/// Entries a thread reads at a time while the table is built forward.
const BLOCK: usize = 1 << 16;

/// Orders of the eight non-E places' values, half of 8! (the parity of `τ` fixes the rest).
pub(crate) const RAW: usize = 20_160;

/// Ordered choices of 4 of 12 places.
const CHOICES: usize = 11_880;

/// The coordinate's symmetry classes and how to reach them.
pub(crate) struct Coord {
    /// The symmetries, as maps of places.
    syms: Vec<PlaceMap>,
    /// Their inverses.
    syms_inverse: Vec<PlaceMap>,
    /// Both, padded to 16 bytes (see `compose`).
    syms_padded: Vec<([u8; 16], [u8; 16])>,
    /// For each choice of the E places' images: its class, and the symmetry that takes it
    /// to the class's representative.
    raw_to_class: Vec<(u16, u8)>,
    /// For each class, the other symmetries that keep its representative.
    stabiliser: Vec<Vec<u8>>,
    /// For each class, its representative's choice.
    class_to_raw: Vec<u16>,
}

/// How many bits each 12-bit mask has set (the search's coordinate counts them often, and
/// the portable build has no population-count instruction).
static ONES: [u8; 1 << PLACES] = {
    let mut out = [0u8; 1 << PLACES];
    let mut m = 1;
    while m < out.len() {
        out[m] = out[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    out
};

/// The bits set in `mask` below bit `v`.
fn ones_below(mask: u16, v: u8) -> usize {
    ONES[usize::from(mask & ((1u16 << v) - 1))] as usize
}

/// The rank of `τ`'s first four values as an ordered choice of 4 of 12.
fn rank4(t: &PlaceMap) -> usize {
    let mut used = 0u16;
    let mut r = 0;
    for (i, &v) in t[..4].iter().enumerate() {
        let below = ones_below(used, v);
        r = r * (PLACES - i) + v as usize - below;
        used |= 1 << v;
    }
    r
}

/// The first four values of the ordered choice of rank `r`.
fn unrank4(mut r: usize) -> [u8; 4] {
    let mut digits = [0usize; 4];
    for i in (0..4).rev() {
        digits[i] = r % (PLACES - i);
        r /= PLACES - i;
    }
    let mut free: [u8; PLACES] = std::array::from_fn(|k| k as u8);
    let mut out = [0u8; 4];
    for (i, d) in digits.into_iter().enumerate() {
        out[i] = free[d];
        free.copy_within(d + 1..PLACES - i, d);
    }
    out
}

/// The lexicographic rank, halved, of the order of `τ`'s last eight values.
fn rank_rest(t: &PlaceMap) -> usize {
    rank8(&std::array::from_fn(|j| t[4 + j]))
}

/// The lexicographic rank, halved, of the order of eight distinct places.
fn rank8(rest: &[u8; 8]) -> usize {
    let mut after: u16 = rest.iter().fold(0, |m, &w| m | 1 << w);
    let mut r = 0;
    for (i, &w) in rest.iter().enumerate() {
        after &= !(1 << w);
        let smaller_after = ones_below(after, w);
        r = r * (8 - i) + smaller_after;
    }
    r / 2
}

/// Whether a map of places is an odd permutation.
fn odd(t: &PlaceMap) -> bool {
    crate::state::pieces::is_odd(t)
}

/// `s ∘ τ ∘ s⁻¹`.
fn conjugate(t: &PlaceMap, s: &PlaceMap) -> PlaceMap {
    let mut out = [0u8; PLACES];
    for k in 0..PLACES {
        out[s[k] as usize] = s[t[k] as usize];
    }
    out
}

impl Coord {
    /// The coordinate of `g3`'s symmetries.
    pub fn new(g3: &G3) -> Coord {
        let syms = g3.symmetries.clone();
        let image = |r: usize, s: &PlaceMap| -> usize {
            let first = unrank4(r);
            let mut t = [0u8; PLACES];
            t[..4].copy_from_slice(&first);
            let mut out = [0u8; PLACES];
            for k in 0..4 {
                out[s[k] as usize] = s[t[k] as usize];
            }
            rank4(&out)
        };
        let mut raw_to_class = vec![(u16::MAX, 0u8); CHOICES];
        let mut class_to_raw = Vec::new();
        let mut stabiliser = Vec::new();
        for r in 0..CHOICES {
            if raw_to_class[r].0 != u16::MAX {
                continue;
            }
            let class = class_to_raw.len() as u16;
            class_to_raw.push(r as u16);
            let mut keep = Vec::new();
            for (i, s) in syms.iter().enumerate() {
                let x = image(r, s);
                if x == r && i > 0 {
                    keep.push(i as u8);
                }
                // The symmetry from x back to r: s's inverse.
                if raw_to_class[x].0 == u16::MAX {
                    let back = syms
                        .iter()
                        .position(|u| (0..PLACES).all(|k| u[s[k] as usize] as usize == k))
                        .expect("the symmetries are a group");
                    raw_to_class[x] = (class, back as u8);
                }
            }
            stabiliser.push(keep);
        }
        Coord {
            syms_inverse: syms
                .iter()
                .map(crate::solve::search::four::g3::invert)
                .collect(),
            syms_padded: syms
                .iter()
                .map(|s| (pad(s), pad(&crate::solve::search::four::g3::invert(s))))
                .collect(),
            syms,
            raw_to_class,
            stabiliser,
            class_to_raw,
        }
    }

    /// The number of classes.
    pub fn classes(&self) -> usize {
        self.class_to_raw.len()
    }

    /// The table's entries.
    pub fn size(&self) -> usize {
        self.classes() * RAW
    }

    /// The entry of `τ` (one of its class's entries where several are one state).
    pub fn index(&self, t: &PlaceMap) -> usize {
        let (class, s) = self.raw_to_class[rank4(t)];
        // Only the last eight values of `s ∘ τ ∘ s⁻¹` are ranked (the symmetries keep the E
        // places among themselves): at place `j`, `s[τ[s⁻¹[j]]]`.
        let rest: [u8; 8] = if s == 0 {
            std::array::from_fn(|j| t[4 + j])
        } else if let Some(c) = {
            let (s, back) = &self.syms_padded[s as usize];
            compose(s, t, back)
        } {
            std::array::from_fn(|j| c[4 + j])
        } else {
            let (s, back) = (&self.syms[s as usize], &self.syms_inverse[s as usize]);
            std::array::from_fn(|j| s[t[back[4 + j] as usize] as usize])
        };
        class as usize * RAW + rank8(&rest)
    }

    /// The other entries of the state at entry `i` (its images by its class's stabiliser).
    pub fn twins(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let class = i / RAW;
        let t = self.state(i);
        self.stabiliser[class]
            .iter()
            .map(move |&s| class * RAW + rank_rest(&conjugate(&t, &self.syms[s as usize])))
    }

    /// The `τ` of entry `i`.
    pub fn state(&self, i: usize) -> PlaceMap {
        let (class, rest) = (i / RAW, i % RAW);
        let first = unrank4(self.class_to_raw[class] as usize);
        let mut t = [0u8; PLACES];
        t[..4].copy_from_slice(&first);
        let mut free = [0u8; 8];
        let mut n = 0;
        for v in 0..PLACES as u8 {
            if !first.contains(&v) {
                free[n] = v;
                n += 1;
            }
        }
        let mut r = rest * 2;
        let mut digits = [0usize; 8];
        for i in (0..8).rev() {
            digits[i] = r % (8 - i);
            r /= 8 - i;
        }
        for (i, d) in digits.into_iter().enumerate() {
            t[4 + i] = free[d];
            free.copy_within(d + 1..8 - i, d);
        }
        // A permutation is odd when its Lehmer digits add up to an odd number: those of the
        // first four places are the ordered choice's digits, the rest `digits`.
        let mut c = self.class_to_raw[class] as usize;
        let mut sum: usize = digits.iter().sum();
        for i in (0..4).rev() {
            sum += c % (PLACES - i);
            c /= PLACES - i;
        }
        if sum % 2 == 1 {
            t.swap(10, 11);
        }
        debug_assert!(!odd(&t));
        t
    }

    /// The goal's entry: every edge paired.
    pub fn goal(&self) -> usize {
        self.index(&std::array::from_fn(|k| k as u8))
    }
}

/// Asks for `bytes[i]` to be brought into the cache, for a read soon after (nothing where
/// `i` is past the end).
pub(crate) fn prefetch(bytes: &[u8], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(byte) = bytes.get(i) {
        // SAFETY: prefetching reads nothing and cannot fault; the address is the slice's.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(byte).cast::<i8>());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, i);
}

/// `τ` after G3's `i`-th turn.
pub(crate) fn turn(g3: &G3, t: &PlaceMap, i: usize) -> PlaceMap {
    if let Some(out) = compose(&g3.p1_padded[i], t, &g3.p0_inverse_padded[i]) {
        return std::array::from_fn(|k| out[k]);
    }
    let (p1, back) = (&g3.p1[i], &g3.p0_inverse[i]);
    std::array::from_fn(|k| p1[t[back[k] as usize] as usize])
}

/// `a ∘ τ ∘ b` (`out[k] = a[τ[b[k]]]`, the first 12 bytes), as two byte shuffles where the CPU
/// has SSSE3 (the search's turns and coordinate do this at every node: about a sixth of its
/// instructions as twelve bounds-checked lookups); `None` where it has not.
/// Like every SIMD path it gives way to plain loops where `CUBEWORK_SIMD=scalar` asks.
pub(crate) fn compose(a: &[u8; 16], t: &PlaceMap, b: &[u8; 16]) -> Option<[u8; 16]> {
    #[cfg(target_arch = "x86_64")]
    if shuffles() {
        // SAFETY: `shuffles` says the CPU has SSSE3.
        return Some(unsafe { compose_ssse3(a, &pad(t), b) });
    }
    let _ = (a, t, b);
    None
}

/// Whether `compose` shuffles: the CPU has SSSE3 and the path compiled moves take
/// (`CUBEWORK_SIMD`, or the fastest) is not the scalar one (read once).
#[cfg(target_arch = "x86_64")]
fn shuffles() -> bool {
    static SHUFFLES: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SHUFFLES.get_or_init(|| {
        crate::base::simd::ShufflePath::detect() != crate::base::simd::ShufflePath::Scalar
            && std::arch::is_x86_feature_detected!("ssse3")
    })
}

/// `compose`'s shuffles (`t` padded as well; every byte of `b` and `t` below 16).
///
/// # Safety
/// The CPU has SSSE3.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn compose_ssse3(a: &[u8; 16], t: &[u8; 16], b: &[u8; 16]) -> [u8; 16] {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_shuffle_epi8, _mm_storeu_si128};
    // SAFETY: each is 16 readable bytes.
    let [a, t, b] = [a, t, b].map(|x| unsafe { _mm_loadu_si128(x.as_ptr().cast::<__m128i>()) });
    let out = _mm_shuffle_epi8(a, _mm_shuffle_epi8(t, b));
    let mut bytes = [0u8; 16];
    // SAFETY: `bytes` is 16 writable bytes.
    unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast::<__m128i>(), out) };
    bytes
}

/// The table: two bits an entry, four entries a byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    /// The entries, packed.
    pub bytes: Vec<u8>,
}

impl Table {
    /// Entry `i`: the distance mod 3, or 3.
    pub fn get(&self, i: usize) -> u8 {
        (self.bytes[i >> 2] >> ((i & 3) * 2)) & 3
    }

    /// Asks for entry `i`'s byte to be brought into the cache, for a read soon after.
    pub fn prefetch(&self, i: usize) {
        prefetch(&self.bytes, i >> 2);
    }

    fn set(&mut self, i: usize, v: u8) {
        let shift = (i & 3) * 2;
        self.bytes[i >> 2] = (self.bytes[i >> 2] & !(3 << shift)) | (v << shift);
    }

    /// Builds the table breadth-first to the last distance; `tell(done)` hears how many
    /// entries are placed. With how many entries each distance holds; stopped within a
    /// fraction of a second by Ctrl-C ([`crate::base::cancel`]).
    pub fn build_counted(
        g3: &G3,
        coord: &Coord,
        tell: &mut dyn FnMut(u64),
    ) -> Result<(Table, Vec<u64>), Cancelled> {
        let size = coord.size();
        let mut table = Table {
            bytes: vec![0xff; size.div_ceil(4)],
        };
        table.set(coord.goal(), 0);
        let mut levels = vec![1u64];
        let mut done = 1u64;
        for depth in 0.. {
            let (now, next) = (depth % 3, (depth + 1) % 3);
            // Out from the last distance while it holds few entries against those left
            // (each of its entries tries every turn); once it holds many, each entry left
            // looks for a neighbour at the last distance instead (most find one soon).
            let last = levels[levels.len() - 1];
            let placed = if last < (size as u64 - done) / 4 {
                table.forward(g3, coord, now, next)?
            } else {
                table.backward(g3, coord, now, next)?
            };
            if placed == 0 {
                break;
            }
            done += placed;
            levels.push(placed);
            tell(done);
        }
        Ok((table, levels))
    }

    /// Places at distance `next` (mod 3) every unplaced neighbour of an entry at `now`. The
    /// entries are read in blocks on rayon's threads, each block listing the neighbours it
    /// finds unplaced; the lists are written once a round of blocks is read, so no thread
    /// reads what another writes.
    fn forward(&mut self, g3: &G3, coord: &Coord, now: u8, next: u8) -> Result<u64, Cancelled> {
        use rayon::prelude::*;
        let blocks = coord.size().div_ceil(BLOCK);
        // A few blocks a thread at a time, so that what they list stays small.
        let round = 4 * rayon::current_num_threads();
        let mut placed = 0;
        for first in (0..blocks).step_by(round) {
            crate::base::cancel::check()?;
            let table = &*self;
            let found: Vec<Vec<u32>> = (first..(first + round).min(blocks))
                .into_par_iter()
                .map(|b| {
                    let mut out = Vec::new();
                    for i in b * BLOCK..((b + 1) * BLOCK).min(coord.size()) {
                        if table.bytes[i >> 2] == 0xff || table.get(i) != now {
                            continue;
                        }
                        let t = coord.state(i);
                        for m in 0..g3.turns.len() {
                            let j = coord.index(&turn(g3, &t, m));
                            if table.get(j) != 3 {
                                continue;
                            }
                            out.push(j as u32);
                            if !coord.stabiliser[j / RAW].is_empty() {
                                out.extend(coord.twins(j).map(|k| k as u32));
                            }
                        }
                    }
                    out
                })
                .collect();
            for j in found.into_iter().flatten() {
                if self.get(j as usize) == 3 {
                    self.set(j as usize, next);
                    placed += 1;
                }
            }
        }
        Ok(placed)
    }

    /// Places at distance `next` (mod 3) every unplaced entry with a neighbour at `now`
    /// (an unplaced entry's neighbours are at the last distance or further): each block of
    /// 64 entries found on rayon's threads as a mask while the table is only read, then the
    /// masks written.
    fn backward(&mut self, g3: &G3, coord: &Coord, now: u8, next: u8) -> Result<u64, Cancelled> {
        use rayon::prelude::*;
        let size = coord.size();
        let table = &*self;
        let masks: Vec<u64> = (0..size.div_ceil(64))
            .into_par_iter()
            .map(|w| {
                let mut mask = 0u64;
                // Ctrl-C: the rest of the pass is skipped, and its masks thrown away below.
                if crate::base::cancel::requested() {
                    return mask;
                }
                for i in w * 64..((w + 1) * 64).min(size) {
                    if table.get(i) != 3 {
                        continue;
                    }
                    let t = coord.state(i);
                    if (0..g3.turns.len()).any(|m| table.get(coord.index(&turn(g3, &t, m))) == now)
                    {
                        mask |= 1 << (i - w * 64);
                    }
                }
                mask
            })
            .collect();
        crate::base::cancel::check()?;
        let mut placed = 0;
        for (w, &mask) in masks.iter().enumerate() {
            let mut bits = mask;
            while bits != 0 {
                self.set(w * 64 + bits.trailing_zeros() as usize, next);
                placed += 1;
                bits &= bits - 1;
            }
        }
        Ok(placed)
    }

    /// The distance of entry `i`, found by walking down to the goal ([`UNSOLVED`] for an
    /// entry the table never reached).
    pub fn distance(&self, g3: &G3, coord: &Coord, mut i: usize) -> u8 {
        let goal = coord.goal();
        let mut depth = 0;
        let mut v = self.get(i);
        if v == 3 {
            return UNSOLVED;
        }
        while i != goal {
            let down = (v + 2) % 3;
            let t = coord.state(i);
            i = (0..g3.turns.len())
                .map(|m| coord.index(&turn(g3, &t, m)))
                .find(|&j| self.get(j) == down)
                .expect("an entry one nearer the goal");
            v = down;
            depth += 1;
        }
        depth
    }
}

/// The distance of a state whose entry holds `v`, one turn from a state at distance
/// `parent`.
pub(crate) fn next_distance(parent: u8, v: u8) -> u8 {
    if v == 3 {
        return UNSOLVED;
    }
    let low = parent.saturating_sub(1);
    low + (v + 3 - low % 3) % 3
}

/// The coordinate's classes (checked when it is made).
pub(crate) const CLASSES: usize = 3060;

/// The table's bytes.
pub(crate) const BYTES: usize = (CLASSES * RAW).div_ceil(4);

/// How many entries are at each distance in the built table.
pub(crate) const LEVELS: [u64; 14] = [
    1, 3, 16, 66, 429, 2_697, 18_844, 124_253, 794_117, 4_526_362, 17_813_067, 31_399_457,
    7_004_110, 6_178,
];

/// How many entries hold 0, 1, 2 and 3 in the built table (the distances mod 3; none
/// unreached).
pub(crate) const COUNTS: [u64; 4] = {
    let mut out = [0u64; 4];
    let mut d = 0;
    while d < LEVELS.len() {
        out[d % 3] += LEVELS[d];
        d += 1;
    }
    out
};

/// Checks a loaded table (module docs of [`super::file`]): the goal holds 0, each value is
/// held as often as in the built table (so no entry is left unreached), and a sample of
/// entries each have a neighbour one nearer the goal.
pub(crate) fn check(table: &Table, g3: &G3, coord: &Coord) -> Result<(), String> {
    let size = coord.size();
    if table.get(coord.goal()) != 0 {
        return Err("the pairing table's goal is not 0".to_string());
    }
    let mut counts = [0u64; 4];
    for i in 0..size {
        counts[table.get(i) as usize] += 1;
    }
    if counts != COUNTS {
        return Err(format!(
            "the pairing table holds its values {counts:?} times, not {COUNTS:?}"
        ));
    }
    for i in (0..64).chain((0..size).step_by(997)) {
        let v = table.get(i);
        let t = coord.state(i);
        let nearer =
            (0..g3.turns.len()).any(|m| table.get(coord.index(&turn(g3, &t, m))) == (v + 2) % 3);
        if i != coord.goal() && !nearer {
            return Err(format!(
                "the pairing table's entry {i} disagrees with its neighbours"
            ));
        }
    }
    Ok(())
}
