//! The x86-64 programs of [`super::Shuffle`]: AVX-512 VBMI and AVX2.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::{DigitWeights, Entry, MAX_BYTES, SAME_DIGITS};

mod sparse;

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

    /// The kernel that makes the whole turn, with its tables, where there is one (up to
    /// 128 bytes).
    pub(super) fn entry(&self) -> Option<Entry> {
        let table = self.small.as_ref()?;
        let digits = self.small_weights.is_some();
        let run: DenseKernel = match (self.small_len == 64, digits) {
            (true, false) => vbmi_small::<false, false>,
            (true, true) => vbmi_small::<false, true>,
            (false, false) => vbmi_small::<true, false>,
            (false, true) => vbmi_small::<true, true>,
        };
        Some(Entry {
            run,
            tables: table.as_ptr() as *const u8,
            weights: self
                .small_weights
                .as_ref()
                .map_or(std::ptr::null(), |w| w.as_ptr() as *const u8),
        })
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
        if let Some(e) = self.entry() {
            // SAFETY: the kernel was chosen for this program's length and digits, and its
            // tables are the program's; the caller promises the bytes.
            return unsafe { (e.run)(ptr, e.tables, e.weights) };
        }
        let ptr = ptr as *mut i8;
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

/// A VBMI program of 64 bytes (one `vpermb`) or, if `WIDE`, 128 (two `vpermi2b`), its digits
/// rearranged if `DIGITS`.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VBMI; 64 (or 128 if `WIDE`) bytes at `ptr` are owned and
/// initialised; `table` points to one (or two) aligned [`Bytes64`] index tables and, if
/// `DIGITS`, `weights` to as many aligned [`Weights`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn vbmi_small<const WIDE: bool, const DIGITS: bool>(
    ptr: *mut u8,
    table: *const u8,
    weights: *const u8,
) {
    let (ptr, table, weights) = (
        ptr as *mut i8,
        table as *const Bytes64,
        weights as *const Weights<64>,
    );
    // SAFETY: as the caller promises; both halves are loaded before any store.
    unsafe {
        let lo = _mm512_loadu_si512(ptr as *const _);
        let idx_lo = _mm512_load_si512(table as *const _);
        if !WIDE {
            let mut out = _mm512_permutexvar_epi8(idx_lo, lo);
            if DIGITS {
                out = digits512(out, &*weights);
            }
            _mm512_storeu_si512(ptr as *mut _, out);
        } else {
            let hi = _mm512_loadu_si512(ptr.add(64) as *const _);
            let idx_hi = _mm512_load_si512(table.add(1) as *const _);
            let mut out_lo = _mm512_permutex2var_epi8(lo, idx_lo, hi);
            let mut out_hi = _mm512_permutex2var_epi8(lo, idx_hi, hi);
            if DIGITS {
                out_lo = digits512(out_lo, &*weights);
                out_hi = digits512(out_hi, &*weights.add(1));
            }
            _mm512_storeu_si512(ptr as *mut _, out_lo);
            _mm512_storeu_si512(ptr.add(64) as *mut _, out_hi);
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
/// picks chunk `c`'s bytes from block `b`. The kernel, chosen when the program is made for
/// its number of chunks and whether it has digits, is the whole turn: no branch on either
/// when it runs. Where a kernel was made for the move's pattern of blocks (`sparse`), it
/// runs instead, with the controls of the pairs the pattern has alone.
#[derive(Clone, Debug)]
struct Dense {
    chunks: usize,
    kernel: DenseKernel,
    /// Whether `kernel` is a sparse one.
    sparse: bool,
    controls: Box<[Bytes32]>,
    /// One per chunk where the state has digits; else empty.
    weights: Box<[Weights<32>]>,
}

/// A [`dense`] kernel: state, controls, weights (see [`Entry`]).
type DenseKernel = unsafe fn(*mut u8, *const u8, *const u8);

/// The kernel for `chunks` chunks, with or without digits.
fn dense_kernel(chunks: usize, digits: bool) -> DenseKernel {
    match (chunks, digits) {
        (1, false) => dense::<1, 2, false>,
        (2, false) => dense::<2, 4, false>,
        (3, false) => dense::<3, 6, false>,
        (_, false) => dense::<4, 8, false>,
        (1, true) => dense::<1, 2, true>,
        (2, true) => dense::<2, 4, true>,
        (3, true) => dense::<3, 6, true>,
        (_, true) => dense::<4, 8, true>,
    }
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

/// Whether the turns of the 81- and 121-byte states are faster with the kernels made for
/// their patterns of blocks (`sparse`) than with the dense kernel on this CPU: not on AMD's.
///
/// A sparse turn runs fewer shuffles, but each turn calls its own kernel, one of up to 28 a
/// layout, where every dense turn calls the same one. On the Intel Xeon (AVX-512 VBMI, forced
/// onto its AVX2 path) the sparse kernels made the 4-D, nested and visual 3×3×3's turns
/// 1.1–1.6× faster; on the AMD EPYC (the same kind, forced likewise) 1.4–1.7× slower, as the
/// sparse kernels for the 54-byte states were there (see `src/guide/measurements.md`): there
/// they were faster while the turns cycled through at most three kernels, slower from four,
/// so the call to a kernel that changes from turn to turn is presumably mispredicted.
/// Read once, from the CPU's vendor (`cpuid`).
pub(super) fn sparse_kernels_pay() -> bool {
    static PAYS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *PAYS.get_or_init(|| {
        // SAFETY: `cpuid` leaf 0 exists on every x86-64 CPU.
        #[allow(unused_unsafe)]
        let id = unsafe { __cpuid(0) };
        let vendor: Vec<u8> = [id.ebx, id.edx, id.ecx]
            .iter()
            .flat_map(|r| r.to_le_bytes())
            .collect();
        !matches!(&vendor[..], b"AuthenticAMD" | b"HygonGenuine")
    })
}

impl Avx2Program {
    /// A program over `sources.len()` (a multiple of 64) bytes, of which the first `live`
    /// are the state. The turns of the 81- and 121-byte states take the kernel made for their
    /// pattern of blocks if `sparse` (see [`sparse_kernels_pay`]), else the dense one.
    pub(super) fn new(
        sources: &[u16],
        live: usize,
        digits: Option<&[DigitWeights]>,
        sparse: bool,
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
            let mask = sparse::mask_of(sources, chunks);
            let made = sparse::kernel(chunks, mask).filter(|_| sparse && digits.is_none());
            let (kernel, controls) = match made {
                Some(kernel) => (
                    Some(kernel),
                    (controls.into_iter().enumerate())
                        .filter(|&(i, _)| mask >> i & 1 != 0)
                        .map(|(_, c)| c)
                        .collect(),
                ),
                None => (None, controls.into()),
            };
            return Avx2Program {
                dense: Some(Dense {
                    chunks,
                    kernel: kernel.unwrap_or_else(|| dense_kernel(chunks, digits.is_some())),
                    sparse: kernel.is_some(),
                    controls,
                    weights: digits
                        .map(|d| (0..chunks).map(|c| weights_of(d, 32 * c)).collect())
                        .unwrap_or_default(),
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

    /// The kernel that makes the whole turn, with its tables, where there is one (up to
    /// 128 bytes).
    pub(super) fn entry(&self) -> Option<Entry> {
        self.dense.as_ref().map(|d| Entry {
            run: d.kernel,
            tables: d.controls.as_ptr() as *const u8,
            weights: d.weights.as_ptr() as *const u8,
        })
    }

    /// Whether it runs a sparse kernel (see `sparse`).
    pub(super) fn is_sparse(&self) -> bool {
        self.dense.as_ref().is_some_and(|d| d.sparse)
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
    #[inline]
    pub(super) unsafe fn apply(&self, ptr: *mut u8) {
        match &self.dense {
            // SAFETY: the kernel was chosen for this program's chunks and digits; the program
            // covers `64 × ⌈chunks / 2⌉` bytes at `ptr`; the controls hold `chunks × 2 chunks`
            // vectors and the weights one per chunk where there are digits.
            Some(d) => unsafe {
                (d.kernel)(
                    ptr,
                    d.controls.as_ptr() as *const u8,
                    d.weights.as_ptr() as *const u8,
                )
            },
            // SAFETY: as the caller promises.
            None => unsafe { self.apply_sparse(ptr) },
        }
    }

    /// # Safety
    /// As [`Avx2Program::apply`].
    #[target_feature(enable = "avx2")]
    unsafe fn apply_sparse(&self, ptr: *mut u8) {
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
                    let block =
                        _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.add(op.block) as *const _));
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
/// broadcast to both lanes once, each chunk the OR (as a tree) of one `vpshufb` per block
/// (a control byte with its top bit set gives a zero, so the OR blends), its digits
/// rearranged if `DIGITS`, stored block by block.
///
/// # Safety
/// The CPU has AVX2; `32 × C` bytes at `ptr` are owned and initialised (and `64 × ⌈C/2⌉`
/// readable); `controls` points to `C × B` vectors and, if `DIGITS`, `weights` to `C`.
#[target_feature(enable = "avx2")]
unsafe fn dense<const C: usize, const B: usize, const DIGITS: bool>(
    ptr: *mut u8,
    controls: *const u8,
    weights: *const u8,
) {
    let (controls, weights) = (controls as *const Bytes32, weights as *const Weights<32>);
    let mut blocks = [_mm256_setzero_si256(); B];
    for (b, block) in blocks.iter_mut().enumerate() {
        // SAFETY: block `b` lies within the bytes the caller promises.
        *block =
            unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.add(16 * b) as *const _)) };
    }
    let mut out = [_mm256_setzero_si256(); C];
    for (c, chunk) in out.iter_mut().enumerate() {
        let mut parts = [_mm256_setzero_si256(); B];
        for (b, part) in parts.iter_mut().enumerate() {
            // SAFETY: the controls are 32-byte aligned and there are `C × B` of them.
            let control = unsafe { _mm256_load_si256(controls.add(c * B + b) as *const _) };
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
        if DIGITS {
            // SAFETY: with digits there are `C` weights.
            *chunk = digits256(*chunk, unsafe { &*weights.add(c) });
        }
    }
    for (c, chunk) in out.iter().enumerate() {
        // Stored as the 16-byte blocks the next turn loads, so that each of its loads starts
        // where one store starts and is no wider: the case every x86 CPU forwards from the
        // store buffer. AMD's optimisation guides forward a load only from a store that starts
        // at the same address; a block loaded from the middle of a 32-byte store would wait
        // for the store to reach the cache, tens of cycles a turn.
        // SAFETY: chunk `c` lies within the bytes the caller promises.
        unsafe { store_blocks(ptr.add(32 * c), *chunk) };
    }
}

/// Stores 32 bytes at `ptr` as two 16-byte stores that stay two: written as they are, since the
/// compiler would merge a pair of `_mm_storeu_si128` into one 32-byte store (see [`dense`]).
///
/// # Safety
/// The CPU has AVX2; 32 bytes at `ptr` are owned.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store_blocks(ptr: *mut u8, chunk: __m256i) {
    // SAFETY: as the caller promises; unaligned stores, the stack untouched, flags kept.
    unsafe {
        std::arch::asm!(
            "vmovdqu xmmword ptr [{p}], {c:x}",
            "vextracti128 xmmword ptr [{p} + 16], {c}, 1",
            p = in(reg) ptr,
            c = in(ymm_reg) chunk,
            options(nostack, preserves_flags)
        )
    };
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
