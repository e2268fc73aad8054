//! Sparse AVX2 kernels: the dense kernel (see `dense`) with the `vpshufb`s of the pairs
//! (output chunk, source block) that give no byte left out at compile time.
//!
//! A quarter-turn moves few of the 16-byte blocks into each 32-byte chunk: on the 4-D and
//! nested 3×3×3 (81 bytes, 3 chunks) it takes 2–17 of the dense kernel's 18 shuffles, on the
//! visual (121 bytes, 4 chunks) 8–27 of its 32. Which pairs give a byte is fixed for a
//! compiled move; it is this module's `MASK` (bit `c × B + b` for chunk `c` and block `b`, a
//! chunk whose bytes all stay given no bit, neither computed nor stored). Each kernel is the
//! dense one unrolled with every `if MASK …` resolved when it is compiled, the blocks held in
//! registers, so a sparse turn runs no more instructions than the shuffles it needs (a loop
//! over a table of pairs ran more than the dense kernel: see `src/guide/measurements.md`).
//!
//! A kernel is instantiated for each mask the turns of blocks of layers (whole-cube turns
//! included) of the 2×2×2 and 3×3×3 give on the representations over 64 bytes (4-D, nested,
//! visual; the test `every_turn_of_the_81_and_121_byte_states_has_a_sparse_kernel` in
//! `rep` checks the list against the layouts, and a new layout's masks are `mask_of` its
//! turns' padded sources); another move's mask (a compiled sequence, say) has none, and takes
//! the dense kernel. So does every move on AMD's CPUs, which were measured slower with these
//! kernels (`super::sparse_kernels_pay`).

use std::arch::x86_64::*;

use super::{Bytes32, DenseKernel, store_blocks};

/// The mask of a move of `chunks` chunks of 32 bytes from `sources` (the padded state):
/// bit `c × 2·chunks + b` where chunk `c` takes a byte of block `b`, no bits for a chunk
/// whose bytes all stay.
pub(super) fn mask_of(sources: &[u16], chunks: usize) -> u64 {
    let blocks = 2 * chunks;
    let mut mask = 0u64;
    for c in 0..chunks {
        let at = 32 * c;
        if (at..at + 32).all(|i| sources[i] as usize == i) {
            continue;
        }
        for &s in &sources[at..at + 32] {
            mask |= 1 << (c * blocks + s as usize / 16);
        }
    }
    mask
}

macro_rules! sparse_kernels {
    ($($chunks:literal, $blocks:literal: [$($mask:literal),* $(,)?];)*) => {
        /// The kernel made for `mask` on `chunks` chunks without digits, if there is one.
        pub(super) fn kernel(chunks: usize, mask: u64) -> Option<DenseKernel> {
            match (chunks, mask) {
                $($(($chunks, $mask) => Some(sparse::<$chunks, $blocks, $mask>),)*)*
                _ => None,
            }
        }
    };
}

sparse_kernels! {
    3, 6: [
        // 4-D and nested 3×3×3.
        0x3, 0x387, 0x3cf, 0x2e7ff, 0x2eddf, 0x3675b, 0x367bb, 0x3775f, 0x377df, 0x38700,
        0x38787, 0x38f00, 0x38f87, 0x3a75f, 0x3a797, 0x3a7d7, 0x3afcf, 0x3afdf, 0x3c7fb,
        0x3d757, 0x3d7df, 0x3d7ff, 0x3e75b, 0x3e75f, 0x3e7df, 0x3e7fb, 0x3f7df, 0x3f7ff,
        0x3ffdf,
    ];
    4, 8: [
        // Visual 2×2×2 (100 bytes).
        0xf07, 0x333d07, 0x3c1c00, 0x3d0f33, 0xc2733d07, 0xc77f6d3f, 0xc77f7d3f, 0xc8793d00,
        0xc8793f07, 0xd0395d00, 0xd0395f07, 0xd03d0f73, 0xf83f6d7f, 0xf83f7d7f,
        // Visual 3×3×3 (121 bytes); its whole-cube turns, which take every pair, the dense
        // kernel.
        0xf0f, 0x3c3c00, 0xc17a3e0f, 0xc27e2e3f, 0xc27e3e3f, 0xc3f63c0f, 0xe03e2e7f,
        0xe03e3e7f, 0xf03c1fd3, 0xf03c3f6b, 0xf0f00000, 0xfff1cfff, 0xfff3cdff, 0xffffefff,
    ];
}

/// Chunk `$c` of `sparse`: the OR of a `vpshufb` of each block it takes, in up to four
/// accumulators (a tree of ORs, as the dense kernel's); every condition is a constant, so
/// what is compiled is the shuffles this mask has alone.
macro_rules! chunk {
    ($c:literal, $blocks:ident, $controls:ident, $k:ident) => {{
        let mut acc = [_mm256_setzero_si256(); 4];
        let mut n = 0usize;
        chunk!(@pair $c, 0, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 1, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 2, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 3, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 4, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 5, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 6, $blocks, $controls, $k, acc, n);
        chunk!(@pair $c, 7, $blocks, $controls, $k, acc, n);
        if n > 2 {
            acc[0] = _mm256_or_si256(acc[0], acc[2]);
        }
        if n > 3 {
            acc[1] = _mm256_or_si256(acc[1], acc[3]);
        }
        if n > 1 {
            acc[0] = _mm256_or_si256(acc[0], acc[1]);
        }
        acc[0]
    }};
    (@pair $c:literal, $b:literal, $blocks:ident, $controls:ident, $k:ident, $acc:ident, $n:ident) => {
        if const { $c < C && $b < B && MASK >> ($c * B + $b) & 1 != 0 } {
            // SAFETY: one aligned control for each bit of the mask, `$k` counting them.
            let control = unsafe { _mm256_load_si256($controls.add($k) as *const _) };
            let part = _mm256_shuffle_epi8($blocks[$b], control);
            $acc[$n % 4] = if $n < 4 { part } else { _mm256_or_si256($acc[$n % 4], part) };
            $n += 1;
            $k += 1;
        }
    };
}

/// The dense kernel for `MASK`: block `b` loaded and broadcast only if some chunk takes it,
/// chunk `c` the OR of a `vpshufb` of each block it takes, by the controls in order (chunk by
/// chunk, block by block), and stored block by block only if it changes.
///
/// # Safety
/// The CPU has AVX2; `32 × C` bytes at `ptr` are owned and initialised; `controls` points
/// to one aligned vector per bit of `MASK`.
#[target_feature(enable = "avx2")]
unsafe fn sparse<const C: usize, const B: usize, const MASK: u64>(
    ptr: *mut u8,
    controls: *const u8,
    _weights: *const u8,
) {
    let controls = controls as *const Bytes32;
    let mut blocks = [_mm256_setzero_si256(); 8];
    for (b, block) in blocks.iter_mut().enumerate().take(B) {
        if column::<C, B>(MASK, b) {
            // SAFETY: block `b` lies within the bytes the caller promises.
            *block = unsafe {
                _mm256_broadcastsi128_si256(_mm_loadu_si128(ptr.add(16 * b) as *const _))
            };
        }
    }
    let mut k = 0usize;
    let out = [
        chunk!(0, blocks, controls, k),
        chunk!(1, blocks, controls, k),
        chunk!(2, blocks, controls, k),
        chunk!(3, blocks, controls, k),
    ];
    debug_assert_eq!(k, MASK.count_ones() as usize);
    for (c, chunk) in out.iter().enumerate().take(C) {
        if MASK >> (c * B) & ((1 << B) - 1) != 0 {
            // SAFETY: chunk `c` lies within the bytes the caller promises.
            unsafe { store_blocks(ptr.add(32 * c), *chunk) };
        }
    }
}

/// Whether some chunk of `C` takes block `b` of `B` under `mask`.
const fn column<const C: usize, const B: usize>(mask: u64, b: usize) -> bool {
    let mut c = 0;
    while c < C {
        if mask >> (c * B + b) & 1 != 0 {
            return true;
        }
        c += 1;
    }
    false
}
