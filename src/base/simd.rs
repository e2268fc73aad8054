//! Byte shuffles for compiled moves, on whatever SIMD the CPU has.
//!
//! A compiled move is a permutation of cells; on a byte state (vector, local, composite,
//! visual, 4-D, and nested byte by byte) that is exactly a byte shuffle, and on the numeric
//! representation's `u16` cells a shuffle of byte pairs followed by a rearrangement of each
//! cell's three decimal digits ([`Shuffle::with_digits`]). Three paths, chosen at run time:
//!
//! Every path works on whole 64-byte registers: a shuffle of `len` bytes runs on
//! [`padded_len`]`(len)` bytes, mapping the padding to itself. The representations own their
//! arrays with that padding (so a turn is full-width loads and stores, which the next turn's
//! loads take straight from the store buffer; masked or overlapping ones cannot be forwarded
//! and cost several nanoseconds a turn); a state without it is shuffled through a copy.
//!
//! - **VBMI** (AVX-512 VBMI): up to 64 bytes one `vpermb`, up to 128 bytes `vpermi2b` over two
//!   registers; longer states go by 64-byte chunks, each merged from the 128-byte windows its
//!   bytes come from.
//! - **AVX2**: `vpshufb` picks bytes only within a 16-byte lane, so each 32-byte output chunk
//!   ORs one `vpshufb` per 16-byte source block, broadcast to both lanes (`vbroadcasti128`),
//!   whose control zeroes the bytes that come from elsewhere. Up to 128 bytes every chunk of
//!   the state takes every block of it (the same work for every move of a representation,
//!   which keeps branches predictable), in a kernel chosen when the shuffle is made for the
//!   number of chunks and whether there are digits (and called straight from
//!   [`Shuffle::apply_padded`], as the VBMI path's kernels up to 128 bytes are), and stores each chunk as the two 16-byte
//!   blocks the next turn loads (a load that starts inside a wider store is not forwarded on
//!   AMD's CPUs). The turns of the 81- and 121-byte states (4-D, nested, visual) instead take
//!   a kernel made for their pattern of (chunk, block) pairs: the same, unrolled, with the
//!   shuffles of pairs that give no byte, and the chunks whose bytes all stay, left out when
//!   it is compiled ([`Shuffle::is_sparse`]); but not on AMD's CPUs, where a turn that calls
//!   one of many kernels was measured slower than the dense kernel that every turn shares. Longer states only the chunks that change,
//!   starting from the bytes that stay, and the blocks they need. The 54-byte turn is then 4 loads, 8 `vpshufb`s, 6 ORs
//!   and 4 stores, the fewest with which AVX2 makes an arbitrary permutation of 54 bytes
//!   (`benches/moves.rs` measures that limit beside the turns:
//!   `compiled-avx2/vector-3-limit-*`).
//! - **Scalar**: a plain loop (and [`crate::rep::Gather`] gathers only the cells that change).
//!
//! The fastest path the CPU has is used unless the environment variable `CUBEWORK_SIMD`
//! names another (`vbmi`, `avx2` or `scalar`), which benchmarks and tests use to measure and
//! check every path on one machine.
//!
//! ```
//! use cubework::base::simd::{Shuffle, ShufflePath};
//! let reverse: Vec<u16> = (0..54).rev().collect();
//! for path in ShufflePath::ALL.into_iter().filter(|p| p.available()) {
//!     let shuffle = Shuffle::new(&reverse, path).unwrap();
//!     let mut state: Vec<u8> = (100..154).collect();
//!     shuffle.apply(&mut state);
//!     assert_eq!(state[0], 153);
//!     assert_eq!(state[53], 100);
//! }
//! ```

use std::sync::OnceLock;

/// The longest state a [`Shuffle`] permutes: the 4-D and nested 9×9×9 cubes have 2,187
/// bytes.
pub const MAX_BYTES: usize = 2304;

/// The environment variable that forces a path.
pub const ENV: &str = "CUBEWORK_SIMD";

/// This machine's CPU as the operating system names it (`model name` in `/proc/cpuinfo` on
/// Linux), or its architecture where that is not to be had; for the notes that say whose
/// measurements a table shows.
///
/// ```
/// assert!(!cubework::base::simd::cpu_model().is_empty());
/// ```
pub fn cpu_model() -> String {
    crate::base::table_cache::read_regular(std::path::Path::new("/proc/cpuinfo"), 16 << 20)
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .and_then(|info| {
            info.lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(key, _)| key.trim() == "model name")
                .map(|(_, value)| value.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| format!("a {} CPU", std::env::consts::ARCH))
}

/// The bytes a shuffle of `len` bytes works on: `len` rounded up to whole 64-byte registers.
///
/// ```
/// assert_eq!(cubework::base::simd::padded_len(54), 64);
/// assert_eq!(cubework::base::simd::padded_len(121), 128);
/// ```
pub fn padded_len(len: usize) -> usize {
    len.next_multiple_of(64).max(64)
}

/// How a [`Shuffle`] is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShufflePath {
    /// AVX-512 VBMI `vpermb` / `vpermi2b`.
    Vbmi,
    /// AVX2 `vpshufb` on broadcast 16-byte blocks.
    Avx2,
    /// Plain loops.
    Scalar,
}

impl ShufflePath {
    /// All paths, fastest first.
    pub const ALL: [ShufflePath; 3] = [ShufflePath::Vbmi, ShufflePath::Avx2, ShufflePath::Scalar];

    /// The name `CUBEWORK_SIMD` takes.
    pub fn name(self) -> &'static str {
        match self {
            ShufflePath::Vbmi => "vbmi",
            ShufflePath::Avx2 => "avx2",
            ShufflePath::Scalar => "scalar",
        }
    }

    /// The fastest path this CPU has.
    pub fn fastest() -> ShufflePath {
        ShufflePath::ALL
            .into_iter()
            .find(|p| p.available())
            .unwrap_or(ShufflePath::Scalar)
    }

    /// The path compiled moves take: the one `CUBEWORK_SIMD` names if this CPU has it, else
    /// the fastest (read once).
    pub fn detect() -> ShufflePath {
        static PATH: OnceLock<ShufflePath> = OnceLock::new();
        *PATH.get_or_init(|| match ShufflePath::from_env() {
            Ok(Some(path)) => path,
            _ => ShufflePath::fastest(),
        })
    }

    /// The path `CUBEWORK_SIMD` forces, if set and not empty; an error naming the paths this
    /// CPU has if it names no path or one this CPU lacks.
    pub fn from_env() -> Result<Option<ShufflePath>, String> {
        // Unset and set-but-empty alike mean "the fastest path", as for the other variables.
        let value = match std::env::var(ENV) {
            Ok(value) if !value.is_empty() => value,
            _ => return Ok(None),
        };
        let have = || {
            ShufflePath::ALL
                .into_iter()
                .filter(|p| p.available())
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match value.parse::<ShufflePath>() {
            Ok(path) if path.available() => Ok(Some(path)),
            Ok(path) => Err(format!(
                "{ENV}={} but this CPU lacks that path (it has {})",
                path.name(),
                have()
            )),
            Err(()) => Err(format!(
                "{ENV}='{value}' names no path (expected one of {})",
                have()
            )),
        }
    }

    /// Whether this CPU can take this path.
    pub fn available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            ShufflePath::Vbmi => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vbmi")
            }
            #[cfg(target_arch = "x86_64")]
            ShufflePath::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            ShufflePath::Scalar => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
}

impl std::str::FromStr for ShufflePath {
    type Err = ();
    fn from_str(s: &str) -> Result<ShufflePath, ()> {
        ShufflePath::ALL
            .into_iter()
            .find(|p| p.name() == s.trim().to_lowercase())
            .ok_or(())
    }
}

impl std::fmt::Display for ShufflePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Weights that rearrange a cell's three decimal digits: a cell `100a + 10b + c` becomes
/// `a·w[0] + b·w[1] + c·w[2]`; `[100, 10, 1]` leaves it as it is.
pub type DigitWeights = [u16; 3];

/// The identity's digit weights.
pub const SAME_DIGITS: DigitWeights = [100, 10, 1];

/// A program's whole turn as one call, `run(state, tables, weights)`, where one kernel makes
/// it (the SIMD states up to 128 bytes): what [`Shuffle::apply_padded`] calls without going
/// through the path's program. `tables` and `weights` point into the program's own boxes,
/// never into the program itself, so moving a [`Shuffle`] keeps them; its clone makes its
/// own from its own program's.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The kernel; it takes the state, the tables, and the weights (null, or empty, where
    /// there are no digits).
    run: unsafe fn(*mut u8, *const u8, *const u8),
    tables: *const u8,
    weights: *const u8,
}

/// A permutation of up to [`MAX_BYTES`] bytes, laid out for one path.
#[derive(Debug)]
pub struct Shuffle {
    /// Bytes of the state.
    len: usize,
    /// `sources[i]`: the byte that byte `i` takes, over [`padded_len`] bytes.
    sources: Box<[u16]>,
    /// Per `u16` cell, for numeric states.
    digits: Option<Box<[DigitWeights]>>,
    path: ShufflePath,
    program: Program,
    /// The program's kernel, where one makes the whole move, with pointers into `program`'s
    /// boxes.
    entry: Option<Entry>,
}

// SAFETY: the only pointers a shuffle holds (`entry`'s) point into boxes its own program
// owns and never changes after it is made, so sharing or sending a shuffle shares or sends
// nothing but that program's immutable data.
unsafe impl Send for Shuffle {}
// SAFETY: as for `Send`.
unsafe impl Sync for Shuffle {}

impl Clone for Shuffle {
    /// A copy with its own program, whose `entry` points into that program's boxes.
    fn clone(&self) -> Shuffle {
        let program = self.program.clone();
        Shuffle {
            len: self.len,
            sources: self.sources.clone(),
            digits: self.digits.clone(),
            path: self.path,
            entry: program.entry(),
            program,
        }
    }
}

impl Program {
    /// The kernel that makes the whole move, with its tables, if one does.
    fn entry(&self) -> Option<Entry> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Program::Vbmi(p) => p.entry(),
            #[cfg(target_arch = "x86_64")]
            Program::Avx2(p) => p.entry(),
            Program::Scalar => None,
        }
    }
}

#[derive(Clone, Debug)]
enum Program {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Vbmi(x86::VbmiProgram),
    #[cfg(target_arch = "x86_64")]
    Avx2(x86::Avx2Program),
}

impl Shuffle {
    /// The shuffle taking byte `sources[i]` to byte `i`, on `path`; `None` if the CPU lacks
    /// the path, past [`MAX_BYTES`], or for a source out of range.
    pub fn new(sources: &[u16], path: ShufflePath) -> Option<Shuffle> {
        Shuffle::build(sources, None, path, Shuffle::sparse_kernels_pay())
    }

    /// [`Shuffle::new`] on the AVX2 path with the kernels made for patterns of blocks (where
    /// there is one for the move) if `sparse`, else the dense kernel, whatever this CPU is
    /// faster with: for tests that check both kernels against the scalar path on any CPU.
    #[cfg(test)]
    pub(crate) fn avx2_with(sources: &[u16], sparse: bool) -> Option<Shuffle> {
        Shuffle::build(sources, None, ShufflePath::Avx2, sparse)
    }

    /// Whether this CPU's AVX2 turns of the 81- and 121-byte states take the kernels made
    /// for their patterns of blocks ([`Shuffle::is_sparse`]): not on AMD's, where a turn
    /// that calls its own kernel was measured slower than one that shuffles every block
    /// into every chunk (see the measurements guide).
    pub(crate) fn sparse_kernels_pay() -> bool {
        #[cfg(target_arch = "x86_64")]
        return x86::sparse_kernels_pay();
        #[allow(unreachable_code)]
        false
    }

    /// A shuffle of a state of `u16` cells of three decimal digits: cell `i` takes cell
    /// `cell_sources[i]` with its digits rearranged by `weights[i]`.
    pub fn with_digits(
        cell_sources: &[u16],
        weights: &[DigitWeights],
        path: ShufflePath,
    ) -> Option<Shuffle> {
        if weights.len() != cell_sources.len() {
            return None;
        }
        let bytes: Vec<u16> = cell_sources
            .iter()
            .flat_map(|&s| [2 * s, 2 * s + 1])
            .collect();
        Shuffle::build(&bytes, Some(weights.into()), path, false)
    }

    fn build(
        sources: &[u16],
        digits: Option<Box<[DigitWeights]>>,
        path: ShufflePath,
        sparse: bool,
    ) -> Option<Shuffle> {
        // Only the x86-64 AVX2 path has sparse kernels to choose.
        #[cfg(not(target_arch = "x86_64"))]
        let _ = sparse;
        let len = sources.len();
        if len > MAX_BYTES || sources.iter().any(|&s| s as usize >= len) || !path.available() {
            return None;
        }
        let padded: Vec<u16> = (0..padded_len(len))
            .map(|i| sources.get(i).copied().unwrap_or(i as u16))
            .collect();
        let program = match path {
            ShufflePath::Scalar => Program::Scalar,
            #[cfg(target_arch = "x86_64")]
            ShufflePath::Vbmi => {
                Program::Vbmi(x86::VbmiProgram::new(&padded, len, digits.as_deref()))
            }
            #[cfg(target_arch = "x86_64")]
            ShufflePath::Avx2 => Program::Avx2(x86::Avx2Program::new(
                &padded,
                len,
                digits.as_deref(),
                sparse,
            )),
            #[allow(unreachable_patterns)]
            _ => return None,
        };
        Some(Shuffle {
            len,
            sources: padded.into(),
            digits,
            path,
            entry: program.entry(),
            program,
        })
    }

    /// The path it takes.
    pub fn path(&self) -> ShufflePath {
        self.path
    }

    /// Number of bytes it permutes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for the empty shuffle.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// SIMD instructions of shuffling it makes (0 on the scalar path): what
    /// [`crate::rep::Gather`] weighs against gathering the cells that change one by one.
    pub fn work(&self) -> usize {
        match &self.program {
            Program::Scalar => 0,
            #[cfg(target_arch = "x86_64")]
            Program::Vbmi(p) => p.work(),
            #[cfg(target_arch = "x86_64")]
            Program::Avx2(p) => p.work(),
        }
    }

    /// Whether it takes the AVX2 path with a kernel made for its pattern of blocks: one that
    /// shuffles into each 32-byte chunk only the 16-byte blocks that give it a byte, and
    /// leaves alone the chunks whose bytes all stay (made for the turns of the 81- and
    /// 121-byte states, and taken where the CPU is not AMD's; other moves, and every move on
    /// AMD's CPUs, take the kernel that shuffles every block into every chunk).
    pub fn is_sparse(&self) -> bool {
        match &self.program {
            #[cfg(target_arch = "x86_64")]
            Program::Avx2(p) => p.is_sparse(),
            _ => false,
        }
    }

    /// Permutes `state` in place (through a copy with room for the padding). Does nothing
    /// unless `state` has exactly `len()` bytes.
    #[inline]
    pub fn apply(&self, state: &mut [u8]) {
        if state.len() != self.len {
            return;
        }
        let padded = self.sources.len();
        if padded == self.len {
            // SAFETY: the state has all the bytes the program works on.
            return unsafe { self.apply_padded(state.as_mut_ptr()) };
        }
        self.apply_through_copy(state)
    }

    /// [`Shuffle::apply`] on a state without the padding, through a copy that has it; out of
    /// line, so that the copy's room on the stack is made only where it is used.
    #[inline(never)]
    fn apply_through_copy(&self, state: &mut [u8]) {
        let mut copy = [0u8; MAX_BYTES];
        copy[..self.len].copy_from_slice(state);
        // SAFETY: the copy has `padded` ≤ MAX_BYTES initialised bytes.
        unsafe { self.apply_padded(copy.as_mut_ptr()) };
        state.copy_from_slice(&copy[..self.len]);
    }

    /// Permutes a state of `u16` cells in place (a shuffle made [`Shuffle::with_digits`]).
    /// Does nothing unless `state` has exactly `len() / 2` cells.
    #[inline]
    pub fn apply_u16(&self, state: &mut [u16]) {
        if 2 * state.len() != self.len {
            return;
        }
        // SAFETY: any bit pattern is a valid u8 and u16; the slice covers exactly the state's
        // bytes and `u8` has alignment 1.
        let bytes = unsafe {
            std::slice::from_raw_parts_mut(state.as_mut_ptr() as *mut u8, 2 * state.len())
        };
        self.apply(bytes);
    }

    /// Permutes the first `len()` bytes at `state` in place, working on all
    /// [`padded_len`]`(len())` bytes there with full-width loads and stores (the bytes past
    /// `len()` keep their values).
    ///
    /// # Safety
    /// `state` must be valid for reads and writes of `padded_len(len())` bytes, all
    /// initialised.
    #[inline]
    pub unsafe fn apply_padded(&self, state: *mut u8) {
        if let Some(e) = self.entry {
            // SAFETY: the kernel was chosen for this program, exists only where the CPU has
            // the path, and takes the program's own tables; the caller promises the bytes.
            return unsafe { (e.run)(state, e.tables, e.weights) };
        }
        match &self.program {
            // SAFETY: the program exists only where the CPU has the path (`build`) and was laid
            // out for `padded_len(len)` bytes, which the caller promises.
            #[cfg(target_arch = "x86_64")]
            Program::Vbmi(p) => unsafe { p.apply(state) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Program::Avx2(p) => unsafe { p.apply(state) },
            // SAFETY: the caller promises `len` (and more) initialised bytes.
            Program::Scalar => {
                self.apply_scalar(unsafe { std::slice::from_raw_parts_mut(state, self.len) })
            }
        }
    }

    /// Out of line (as [`Shuffle::apply_through_copy`]): its buffer is [`MAX_BYTES`] long.
    #[inline(never)]
    fn apply_scalar(&self, state: &mut [u8]) {
        let mut out = [0u8; MAX_BYTES];
        let out = &mut out[..state.len()];
        for (o, &s) in out.iter_mut().zip(self.sources.iter()) {
            *o = state[s as usize];
        }
        state.copy_from_slice(out);
        if let Some(weights) = &self.digits {
            for (cell, w) in state.chunks_exact_mut(2).zip(weights.iter()) {
                let v = u16::from_ne_bytes([cell[0], cell[1]]);
                cell.copy_from_slice(&rearrange(v, *w).to_ne_bytes());
            }
        }
    }
}

/// Rearranges the digits of `v` (below 1000) by `w`: `a·w[0] + b·w[1] + c·w[2]`.
///
/// ```
/// use cubework::base::simd::rearrange;
/// assert_eq!(rearrange(135, [10, 100, 1]), 315);
/// ```
pub fn rearrange(v: u16, w: DigitWeights) -> u16 {
    let (a, b, c) = (v / 100, v / 10 % 10, v % 10);
    a * w[0] + b * w[1] + c * w[2]
}

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    fn available() -> Vec<ShufflePath> {
        ShufflePath::ALL
            .into_iter()
            .filter(|p| p.available())
            .collect()
    }

    /// Permutations like a compiled move's: most bytes stay, a few move; and some where all
    /// move.
    fn permutation(rng: &mut rand_chacha::ChaCha8Rng, len: usize) -> Vec<u16> {
        let mut perm: Vec<u16> = (0..len as u16).collect();
        if rng.random_range(0..4) == 0 {
            perm.shuffle(rng);
        } else {
            let mut moving: Vec<usize> = (0..len).filter(|_| rng.random_range(0..6) == 0).collect();
            let targets = {
                let mut t = moving.clone();
                t.shuffle(rng);
                t
            };
            for (&d, &s) in moving.iter().zip(&targets) {
                perm[d] = s as u16;
            }
            moving.clear();
        }
        perm
    }

    #[test]
    fn every_available_path_agrees_with_the_plain_definition() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for len in [
            1, 15, 16, 17, 24, 31, 32, 33, 54, 60, 63, 64, 65, 81, 96, 121, 128, 129, 150, 216,
            294, 343, 500, 1029, 2187, MAX_BYTES,
        ] {
            for _ in 0..20 {
                let perm = permutation(&mut rng, len);
                let start: Vec<u8> = (0..len).map(|b| (b * 7 + 1) as u8).collect();
                let want: Vec<u8> = perm.iter().map(|&i| start[i as usize]).collect();
                for path in available() {
                    let shuffle = Shuffle::new(&perm, path).unwrap();
                    let mut got = start.clone();
                    shuffle.apply(&mut got);
                    assert_eq!(got, want, "{path} len {len}");
                    let mut padded = vec![0xeeu8; padded_len(len)];
                    padded[..len].copy_from_slice(&start);
                    // SAFETY: `padded_len(len)` initialised bytes.
                    unsafe { shuffle.apply_padded(padded.as_mut_ptr()) };
                    assert_eq!(&padded[..len], &want[..], "{path} padded, len {len}");
                    assert!(padded[len..].iter().all(|&b| b == 0xee), "padding kept");
                }
            }
        }
    }

    #[test]
    fn digits_are_rearranged_on_every_path() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let orders = crate::state::sticker_perm::ORDERINGS_OF_THREE;
        for cells in [8, 27, 64, 125, 216, 343, 729] {
            for _ in 0..10 {
                let perm = permutation(&mut rng, cells);
                let weights: Vec<DigitWeights> = (0..cells)
                    .map(|_| {
                        let o = orders[rng.random_range(0..6)];
                        let mut w = [0u16; 3];
                        for (k, &digit) in o.iter().enumerate() {
                            w[digit] = [100, 10, 1][k];
                        }
                        w
                    })
                    .collect();
                let start: Vec<u16> = (0..cells).map(|_| rng.random_range(0..1000)).collect();
                let want: Vec<u16> = (0..cells)
                    .map(|i| rearrange(start[perm[i] as usize], weights[i]))
                    .collect();
                for path in available() {
                    let shuffle = Shuffle::with_digits(&perm, &weights, path).unwrap();
                    let mut got = start.clone();
                    shuffle.apply_u16(&mut got);
                    assert_eq!(got, want, "{path} cells {cells}");
                }
            }
        }
    }

    /// A shuffle's kernel reads its program's tables through pointers: a clone must read its
    /// own, and so permute as the original did once the original is gone (and with every
    /// table the original had been made with overwritten by another shuffle's).
    #[test]
    fn a_clone_permutes_as_its_original_after_the_original_is_dropped() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(51);
        for len in [24, 54, 60, 81, 100, 121, 128, 500] {
            for path in available() {
                let perm = permutation(&mut rng, len);
                let start: Vec<u8> = (0..len).map(|b| (b * 5 + 3) as u8).collect();
                let want: Vec<u8> = perm.iter().map(|&i| start[i as usize]).collect();
                let original = Shuffle::new(&perm, path).unwrap();
                let clone = original.clone();
                drop(original);
                let others: Vec<Shuffle> = (0..8)
                    .map(|_| Shuffle::new(&permutation(&mut rng, len), path).unwrap())
                    .collect();
                let mut got = start.clone();
                clone.apply(&mut got);
                assert_eq!(got, want, "{path} len {len}");
                let moved = Box::new(clone);
                let mut again = start.clone();
                moved.apply(&mut again);
                assert_eq!(again, want, "{path} len {len}, moved");
                drop(others);
            }
        }
    }

    #[test]
    fn rejects_what_is_not_a_permutation_table() {
        assert!(Shuffle::new(&[0; MAX_BYTES + 1], ShufflePath::Scalar).is_none());
        assert!(Shuffle::new(&[0, 5], ShufflePath::Scalar).is_none());
        assert!(Shuffle::with_digits(&[0, 1], &[SAME_DIGITS], ShufflePath::Scalar).is_none());
    }

    #[test]
    fn paths_by_name() {
        for p in ShufflePath::ALL {
            assert_eq!(p.name().parse::<ShufflePath>(), Ok(p));
        }
        assert!("sse".parse::<ShufflePath>().is_err());
        assert!(ShufflePath::Scalar.available());
        assert!(ShufflePath::detect().available());
    }
}
