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
//!   which keeps branches predictable); longer states only the chunks that change, starting
//!   from the bytes that stay, and the blocks they need.
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

/// A permutation of up to [`MAX_BYTES`] bytes, laid out for one path.
#[derive(Clone, Debug)]
pub struct Shuffle {
    /// Bytes of the state.
    len: usize,
    /// `sources[i]`: the byte that byte `i` takes, over [`padded_len`] bytes.
    sources: Box<[u16]>,
    /// Per `u16` cell, for numeric states.
    digits: Option<Box<[DigitWeights]>>,
    path: ShufflePath,
    program: Program,
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
        Shuffle::build(sources, None, path)
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
        Shuffle::build(&bytes, Some(weights.into()), path)
    }

    fn build(
        sources: &[u16],
        digits: Option<Box<[DigitWeights]>>,
        path: ShufflePath,
    ) -> Option<Shuffle> {
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
            ShufflePath::Avx2 => {
                Program::Avx2(x86::Avx2Program::new(&padded, len, digits.as_deref()))
            }
            #[allow(unreachable_patterns)]
            _ => return None,
        };
        Some(Shuffle {
            len,
            sources: padded.into(),
            digits,
            path,
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
mod x86 {
    use std::arch::x86_64::*;
    use std::mem::MaybeUninit;

    use super::{DigitWeights, MAX_BYTES, SAME_DIGITS};

    #[derive(Clone, Copy, Debug)]
    #[repr(C, align(32))]
    struct Bytes32([u8; 32]);

    #[derive(Clone, Copy, Debug)]
    #[repr(C, align(64))]
    struct Bytes64([u8; 64]);

    /// Per output chunk, the coefficients of its `u16` lanes for [`digits512`]/[`digits256`].
    #[derive(Clone, Copy, Debug)]
    #[repr(C, align(64))]
    struct Weights<const B: usize>([[u8; B]; 3]);

    /// A cell `v = 100a + 10b + c` with `q = v / 10` becomes `a·w0 + b·w1 + c·w2`, which is
    /// `a·(w0 − 10·w1) + q·(w1 − 10·w2) + v·w2` since `b = q − 10a` and `c = v − 10q`
    /// (all in wrapping 16-bit arithmetic): three products of quantities found in parallel,
    /// a short chain from one turn to the next.
    fn weights_of<const B: usize>(digits: &[DigitWeights], chunk: usize) -> Weights<B> {
        let mut w = Weights([[0u8; B]; 3]);
        for lane in 0..B / 2 {
            let cell = chunk / 2 + lane;
            let d = digits.get(cell).copied().unwrap_or(SAME_DIGITS);
            let coefficients = [
                d[0].wrapping_sub(d[1].wrapping_mul(10)),
                d[1].wrapping_sub(d[2].wrapping_mul(10)),
                d[2],
            ];
            for (k, vector) in w.0.iter_mut().enumerate() {
                vector[2 * lane..2 * lane + 2].copy_from_slice(&coefficients[k].to_ne_bytes());
            }
        }
        w
    }

    /// Whether a chunk's bytes all stay (digits included).
    fn unchanged(sources: &[u16], digits: Option<&[DigitWeights]>, at: usize, w: usize) -> bool {
        (at..at + w).all(|i| sources[i] as usize == i)
            && digits.is_none_or(|d| {
                (at / 2..(at + w) / 2).all(|c| d.get(c).is_none_or(|&x| x == SAME_DIGITS))
            })
    }

    /// Greedy windows of `width` bytes (starting at the smallest uncovered source, moved back
    /// to end by `len`) covering `needed` sources.
    fn windows(mut needed: Vec<usize>, width: usize, len: usize) -> Vec<usize> {
        needed.sort_unstable();
        let mut out: Vec<usize> = Vec::new();
        for s in needed {
            if out.last().is_some_and(|&w| s < w + width) {
                continue;
            }
            out.push(s.min(len - width));
        }
        out
    }

    // ---------------------------------------------------------------- AVX-512 VBMI

    #[derive(Clone, Debug)]
    pub(super) struct VbmiProgram {
        /// 64 or 128 bytes: the index table of `vpermb` / `vpermi2b`.
        small: Option<Box<[Bytes64; 2]>>,
        small_len: usize,
        small_weights: Option<Box<[Weights<64>; 2]>>,
        /// Longer: the chunks that change, each with its windows.
        chunks: Vec<VbmiChunk>,
        ops: Vec<VbmiOp>,
    }

    #[derive(Clone, Debug)]
    struct VbmiChunk {
        at: usize,
        ops: std::ops::Range<usize>,
        weights: Option<Box<Weights<64>>>,
    }

    #[derive(Clone, Debug)]
    struct VbmiOp {
        window: usize,
        index: Bytes64,
        mask: u64,
    }

    impl VbmiProgram {
        /// A program over `sources.len()` (a multiple of 64) bytes.
        pub(super) fn new(
            sources: &[u16],
            _live: usize,
            digits: Option<&[DigitWeights]>,
        ) -> VbmiProgram {
            let len = sources.len();
            if len <= 128 {
                let mut table = [Bytes64([0; 64]), Bytes64([0; 64])];
                for (i, &s) in sources.iter().enumerate() {
                    table[i / 64].0[i % 64] = s as u8;
                }
                return VbmiProgram {
                    small: Some(Box::new(table)),
                    small_len: len,
                    small_weights: digits
                        .map(|d| Box::new([weights_of::<64>(d, 0), weights_of::<64>(d, 64)])),
                    chunks: Vec::new(),
                    ops: Vec::new(),
                };
            }
            let mut chunk_list = Vec::new();
            let mut ops = Vec::new();
            for at in (0..len).step_by(64) {
                if unchanged(sources, digits, at, 64) {
                    continue;
                }
                let moving: Vec<usize> = (at..at + 64)
                    .filter(|&i| sources[i] as usize != i)
                    .collect();
                let start = ops.len();
                let mut placed = 0u64;
                for window in windows(
                    moving.iter().map(|&i| sources[i] as usize).collect(),
                    128,
                    len,
                ) {
                    let mut index = Bytes64([0; 64]);
                    let mut mask = 0u64;
                    for &i in &moving {
                        let s = sources[i] as usize;
                        let bit = 1u64 << (i - at);
                        if placed & bit == 0 && (window..window + 128).contains(&s) {
                            index.0[i - at] = (s - window) as u8;
                            mask |= bit;
                            placed |= bit;
                        }
                    }
                    ops.push(VbmiOp {
                        window,
                        index,
                        mask,
                    });
                }
                chunk_list.push(VbmiChunk {
                    at,
                    ops: start..ops.len(),
                    weights: digits.map(|d| Box::new(weights_of::<64>(d, at))),
                });
            }
            VbmiProgram {
                small: None,
                small_len: 0,
                small_weights: None,
                chunks: chunk_list,
                ops,
            }
        }

        pub(super) fn work(&self) -> usize {
            if self.small.is_some() {
                return 3;
            }
            self.chunks.len() * 4 + self.ops.len() * 4
        }

        /// # Safety
        /// The CPU has AVX-512 F, BW and VBMI; the bytes the program was made for are owned
        /// and initialised at `ptr`.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        pub(super) unsafe fn apply(&self, ptr: *mut u8) {
            let ptr = ptr as *mut i8;
            if let Some(table) = &self.small {
                // SAFETY: the program covers 64 or 128 bytes at `ptr`, which the caller owns;
                // both halves are loaded before any store; tables are 64-byte aligned.
                unsafe {
                    let lo = _mm512_loadu_si512(ptr as *const _);
                    let idx_lo = _mm512_load_si512(table[0].0.as_ptr() as *const _);
                    if self.small_len == 64 {
                        let mut out = _mm512_permutexvar_epi8(idx_lo, lo);
                        if let Some(w) = &self.small_weights {
                            out = digits512(out, &w[0]);
                        }
                        _mm512_storeu_si512(ptr as *mut _, out);
                    } else {
                        let hi = _mm512_loadu_si512(ptr.add(64) as *const _);
                        let idx_hi = _mm512_load_si512(table[1].0.as_ptr() as *const _);
                        let mut out_lo = _mm512_permutex2var_epi8(lo, idx_lo, hi);
                        let mut out_hi = _mm512_permutex2var_epi8(lo, idx_hi, hi);
                        if let Some(w) = &self.small_weights {
                            out_lo = digits512(out_lo, &w[0]);
                            out_hi = digits512(out_hi, &w[1]);
                        }
                        _mm512_storeu_si512(ptr as *mut _, out_lo);
                        _mm512_storeu_si512(ptr.add(64) as *mut _, out_hi);
                    }
                }
                return;
            }
            let mut done = [MaybeUninit::<__m512i>::uninit(); MAX_BYTES / 64];
            for (slot, chunk) in done.iter_mut().zip(&self.chunks) {
                // SAFETY: every chunk and window lies within the program's bytes (`windows`),
                // and all are read before anything is stored.
                unsafe {
                    let mut acc = _mm512_loadu_si512(ptr.add(chunk.at) as *const _);
                    for op in &self.ops[chunk.ops.clone()] {
                        let lo = _mm512_loadu_si512(ptr.add(op.window) as *const _);
                        let hi = _mm512_loadu_si512(ptr.add(op.window + 64) as *const _);
                        let idx = _mm512_load_si512(op.index.0.as_ptr() as *const _);
                        let got = _mm512_permutex2var_epi8(lo, idx, hi);
                        acc = _mm512_mask_mov_epi8(acc, op.mask, got);
                    }
                    if let Some(w) = &chunk.weights {
                        acc = digits512(acc, w);
                    }
                    slot.write(acc);
                }
            }
            for (slot, chunk) in done.iter().zip(&self.chunks) {
                // SAFETY: written above; the chunk lies within the program's bytes.
                unsafe { _mm512_storeu_si512(ptr.add(chunk.at) as *mut _, slot.assume_init()) };
            }
        }
    }

    /// Each `u16` lane rearranged by its coefficients (see [`weights_of`]).
    #[target_feature(enable = "avx512f,avx512bw")]
    fn digits512(v: __m512i, w: &Weights<64>) -> __m512i {
        // SAFETY: the weights are 64-byte aligned vectors of 64 bytes.
        let (wa, wq, wv) = unsafe {
            (
                _mm512_load_si512(w.0[0].as_ptr() as *const _),
                _mm512_load_si512(w.0[1].as_ptr() as *const _),
                _mm512_load_si512(w.0[2].as_ptr() as *const _),
            )
        };
        let a = _mm512_mulhi_epu16(v, _mm512_set1_epi16(656)); // v / 100, exact below 1000
        let q = _mm512_mulhi_epu16(v, _mm512_set1_epi16(6554)); // v / 10, exact below 1000
        _mm512_add_epi16(
            _mm512_add_epi16(_mm512_mullo_epi16(a, wa), _mm512_mullo_epi16(q, wq)),
            _mm512_mullo_epi16(v, wv),
        )
    }

    // ---------------------------------------------------------------- AVX2

    #[derive(Clone, Debug)]
    pub(super) struct Avx2Program {
        /// Up to 128 bytes: every chunk of the state from every block of it, unrolled.
        dense: Option<Dense>,
        /// Longer: the chunks that change, starting from the bytes that stay.
        chunks: Vec<Avx2Chunk>,
        ops: Vec<Avx2Op>,
    }

    /// `chunks` 32-byte outputs from `2 × chunks` 16-byte blocks: `controls[c × blocks + b]`
    /// picks chunk `c`'s bytes from block `b`.
    #[derive(Clone, Debug)]
    struct Dense {
        chunks: usize,
        controls: Vec<Bytes32>,
        weights: Option<Vec<Weights<32>>>,
    }

    #[derive(Clone, Debug)]
    struct Avx2Chunk {
        at: usize,
        keep: Bytes32,
        ops: std::ops::Range<usize>,
        weights: Option<Box<Weights<32>>>,
    }

    #[derive(Clone, Debug)]
    struct Avx2Op {
        block: usize,
        control: Bytes32,
    }

    /// States up to this long take every block into every chunk.
    const DENSE: usize = 128;

    impl Avx2Program {
        /// A program over `sources.len()` (a multiple of 64) bytes, of which the first `live`
        /// are the state.
        pub(super) fn new(
            sources: &[u16],
            live: usize,
            digits: Option<&[DigitWeights]>,
        ) -> Avx2Program {
            let len = sources.len();
            if live <= DENSE {
                // The chunks and blocks that hold the state, whatever the move.
                let chunks = live.div_ceil(32).max(1);
                let blocks = 2 * chunks;
                let mut controls = vec![Bytes32([0x80; 32]); chunks * blocks];
                for c in 0..chunks {
                    for p in 0..32 {
                        let s = sources[32 * c + p] as usize;
                        controls[c * blocks + s / 16].0[p] = (s % 16) as u8;
                    }
                }
                return Avx2Program {
                    dense: Some(Dense {
                        chunks,
                        controls,
                        weights: digits
                            .map(|d| (0..chunks).map(|c| weights_of(d, 32 * c)).collect()),
                    }),
                    chunks: Vec::new(),
                    ops: Vec::new(),
                };
            }
            let mut chunk_list = Vec::new();
            let mut ops = Vec::new();
            for at in (0..len).step_by(32) {
                if unchanged(sources, digits, at, 32) {
                    continue;
                }
                let taken: Vec<usize> = (at..at + 32)
                    .filter(|&i| sources[i] as usize != i)
                    .collect();
                let mut keep = Bytes32([0; 32]);
                for (p, &s) in sources[at..at + 32].iter().enumerate() {
                    if s as usize == at + p {
                        keep.0[p] = 0xff;
                    }
                }
                let chosen = windows(
                    taken.iter().map(|&i| sources[i] as usize).collect(),
                    16,
                    len,
                );
                let start = ops.len();
                let mut placed = [false; 32];
                for block in chosen {
                    let mut control = Bytes32([0x80; 32]);
                    for &i in &taken {
                        let s = sources[i] as usize;
                        if !placed[i - at] && (block..block + 16).contains(&s) {
                            control.0[i - at] = (s - block) as u8;
                            placed[i - at] = true;
                        }
                    }
                    ops.push(Avx2Op { block, control });
                }
                debug_assert!(taken.iter().all(|&i| placed[i - at]));
                chunk_list.push(Avx2Chunk {
                    at,
                    keep,
                    ops: start..ops.len(),
                    weights: digits.map(|d| Box::new(weights_of::<32>(d, at))),
                });
            }
            Avx2Program {
                dense: None,
                chunks: chunk_list,
                ops,
            }
        }

        pub(super) fn work(&self) -> usize {
            match &self.dense {
                Some(d) => 3 * d.chunks,
                None => self.chunks.len() * 3 + self.ops.len() * 3,
            }
        }

        /// # Safety
        /// The CPU has AVX2; the bytes the program was made for are owned and initialised at
        /// `ptr`.
        #[target_feature(enable = "avx2")]
        pub(super) unsafe fn apply(&self, ptr: *mut u8) {
            if let Some(d) = &self.dense {
                let w = d.weights.as_deref();
                // SAFETY: the program covers `64 × ⌈chunks / 2⌉` bytes at `ptr`; the controls
                // hold `chunks × 2 chunks` vectors.
                unsafe {
                    match d.chunks {
                        1 => dense::<1, 2>(ptr, &d.controls, w),
                        2 => dense::<2, 4>(ptr, &d.controls, w),
                        3 => dense::<3, 6>(ptr, &d.controls, w),
                        _ => dense::<4, 8>(ptr, &d.controls, w),
                    }
                }
                return;
            }
            let mut done = [MaybeUninit::<__m256i>::uninit(); MAX_BYTES / 32];
            for (slot, chunk) in done.iter_mut().zip(&self.chunks) {
                // SAFETY: every chunk and block lies within the program's bytes (`windows`);
                // controls and masks are 32-byte aligned; everything is read before anything
                // is stored.
                unsafe {
                    let mut acc = _mm256_and_si256(
                        _mm256_loadu_si256(ptr.add(chunk.at) as *const _),
                        _mm256_load_si256(chunk.keep.0.as_ptr() as *const _),
                    );
                    for op in &self.ops[chunk.ops.clone()] {
                        let block = _mm256_broadcastsi128_si256(_mm_loadu_si128(
                            ptr.add(op.block) as *const _
                        ));
                        let control = _mm256_load_si256(op.control.0.as_ptr() as *const _);
                        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(block, control));
                    }
                    if let Some(w) = &chunk.weights {
                        acc = digits256(acc, w);
                    }
                    slot.write(acc);
                }
            }
            for (slot, chunk) in done.iter().zip(&self.chunks) {
                // SAFETY: written above; the chunk lies within the program's bytes.
                unsafe { _mm256_storeu_si256(ptr.add(chunk.at) as *mut _, slot.assume_init()) };
            }
        }
    }

    /// `C` chunks of 32 bytes from `B = 2C` blocks of 16, all in registers: each block
    /// broadcast to both lanes once, each chunk the OR (as a tree) of one `vpshufb` per block.
    ///
    /// # Safety
    /// The CPU has AVX2; `32 × C` bytes at `ptr` are owned and initialised (and `64 × ⌈C/2⌉`
    /// readable); `controls` has `C × B` vectors and `weights`, if any, `C`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn dense<const C: usize, const B: usize>(
        ptr: *mut u8,
        controls: &[Bytes32],
        weights: Option<&[Weights<32>]>,
    ) {
        debug_assert!(controls.len() >= C * B);
        let mut blocks = [_mm256_setzero_si256(); B];
        for (b, block) in blocks.iter_mut().enumerate() {
            // SAFETY: block `b` lies within the bytes the caller promises.
            *block = unsafe {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.add(16 * b) as *const _))
            };
        }
        let mut out = [_mm256_setzero_si256(); C];
        for (c, chunk) in out.iter_mut().enumerate() {
            let mut parts = [_mm256_setzero_si256(); B];
            for (b, part) in parts.iter_mut().enumerate() {
                // SAFETY: the controls are 32-byte aligned and there are `C × B` of them.
                let control = unsafe {
                    _mm256_load_si256(controls.get_unchecked(c * B + b).0.as_ptr() as *const _)
                };
                *part = _mm256_shuffle_epi8(blocks[b], control);
            }
            let mut width = B;
            while width > 1 {
                let half = width / 2;
                for i in 0..half {
                    parts[i] = _mm256_or_si256(parts[i], parts[width - 1 - i]);
                }
                width -= half;
            }
            *chunk = parts[0];
            if let Some(w) = weights {
                *chunk = digits256(*chunk, &w[c]);
            }
        }
        for (c, chunk) in out.iter().enumerate() {
            // SAFETY: chunk `c` lies within the bytes the caller promises.
            unsafe { _mm256_storeu_si256(ptr.add(32 * c) as *mut _, *chunk) };
        }
    }

    /// As [`digits512`], on 16 lanes.
    #[target_feature(enable = "avx2")]
    fn digits256(v: __m256i, w: &Weights<32>) -> __m256i {
        // SAFETY: the weights are aligned vectors of 32 bytes.
        let (wa, wq, wv) = unsafe {
            (
                _mm256_load_si256(w.0[0].as_ptr() as *const _),
                _mm256_load_si256(w.0[1].as_ptr() as *const _),
                _mm256_load_si256(w.0[2].as_ptr() as *const _),
            )
        };
        let a = _mm256_mulhi_epu16(v, _mm256_set1_epi16(656));
        let q = _mm256_mulhi_epu16(v, _mm256_set1_epi16(6554));
        _mm256_add_epi16(
            _mm256_add_epi16(_mm256_mullo_epi16(a, wa), _mm256_mullo_epi16(q, wq)),
            _mm256_mullo_epi16(v, wv),
        )
    }
}

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
