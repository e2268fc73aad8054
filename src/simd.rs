//! Byte shuffles for compiled moves of representations whose state is at most 128 bytes
//! (vector, local, composite, visual, 4-D, nested).
//!
//! A compiled move is a permutation of cells; on bytes that is exactly a SIMD shuffle. Where
//! the CPU has AVX-512 VBMI the whole 54-sticker vector turns in one `vpermb` between a masked
//! load and a masked store (states of 65 to 128 bytes take `vpermi2b` over two registers);
//! elsewhere a portable loop. The path is chosen at run time ([`ShufflePath::detect`]) and both
//! give the same result (tested). (An SSSE3 path of sixteen 16-byte `pshufb`s was measured
//! slower than the portable loop for 54 bytes, 27.6 against 24.1 ns, and was dropped; without
//! VBMI, [`crate::rep::Gather`] gathers only the cells that change, which is faster still.)

use std::sync::OnceLock;

/// How a [`Shuffle64`] is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShufflePath {
    /// One AVX-512 VBMI `vpermb` (`_mm512_permutexvar_epi8`) with masked load and store.
    Vbmi,
    /// A plain loop.
    Portable,
}

impl ShufflePath {
    /// All paths, fastest first.
    pub const ALL: [ShufflePath; 2] = [ShufflePath::Vbmi, ShufflePath::Portable];

    /// The fastest path this CPU has (detected once).
    pub fn detect() -> ShufflePath {
        static PATH: OnceLock<ShufflePath> = OnceLock::new();
        *PATH.get_or_init(|| {
            ShufflePath::ALL
                .into_iter()
                .find(|p| p.available())
                .unwrap_or(ShufflePath::Portable)
        })
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
            ShufflePath::Portable => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }
}

/// A permutation of up to 128 bytes, laid out for every path.
///
/// ```
/// use cubework::simd::{Shuffle64, ShufflePath};
/// let reverse: Vec<u8> = (0..54).rev().collect();
/// let shuffle = Shuffle64::new(&reverse).unwrap();
/// let mut state: Vec<u8> = (100..154).collect();
/// shuffle.apply(&mut state);
/// assert_eq!(state[0], 153);
/// for path in ShufflePath::ALL.into_iter().filter(|p| p.available()) {
///     let mut again: Vec<u8> = (100..154).collect();
///     shuffle.apply_with(path, &mut again);
///     assert_eq!(again, state);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Shuffle64 {
    /// `index[i]`: the source of byte `i` (identity past `len`).
    index: [u8; 128],
    len: usize,
    path: ShufflePath,
}

impl Shuffle64 {
    /// The shuffle taking byte `sources[i]` to byte `i`; `None` past 128 bytes or for a
    /// source out of range.
    pub fn new(sources: &[u8]) -> Option<Shuffle64> {
        let len = sources.len();
        if len > 128 || sources.iter().any(|&s| s as usize >= len) {
            return None;
        }
        let mut index: [u8; 128] = std::array::from_fn(|i| i as u8);
        index[..len].copy_from_slice(sources);
        Some(Shuffle64 {
            index,
            len,
            path: ShufflePath::detect(),
        })
    }

    /// The path [`Shuffle64::apply`] takes.
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

    /// Permutes `state` (exactly `len()` bytes) in place by the fastest path.
    #[inline]
    pub fn apply(&self, state: &mut [u8]) {
        self.apply_with(self.path, state);
    }

    /// Permutes the first `len()` bytes at `state` in place, reading and writing all 64 bytes
    /// there with full-width loads and stores (bytes past `len()` keep their values). With
    /// AVX-512 VBMI this is one load, one `vpermb` and one store, and a following turn's load
    /// is forwarded from the store; other paths fall back to [`Shuffle64::apply`].
    ///
    /// # Safety
    /// `state` must be valid for reads and writes of 64 bytes, all initialised, and this
    /// shuffle must be of at most 64 bytes.
    #[inline]
    pub unsafe fn apply_padded(&self, state: *mut u8) {
        debug_assert!(self.len <= 64);
        match self.path {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the path is VBMI only where the CPU has it (`new`), and the caller
            // promises 64 valid bytes at `state`.
            ShufflePath::Vbmi => unsafe { x86::vbmi_full(state, &self.index) },
            // SAFETY: the caller promises `len()` (≤ 64) valid, initialised bytes at `state`.
            _ => self.apply(unsafe { std::slice::from_raw_parts_mut(state, self.len) }),
        }
    }

    /// Permutes `state` in place by `path`, falling back to the portable loop when this CPU
    /// lacks it. Does nothing unless `state` has exactly `len()` bytes.
    #[inline]
    pub fn apply_with(&self, path: ShufflePath, state: &mut [u8]) {
        if state.len() != self.len {
            return;
        }
        match path {
            #[cfg(target_arch = "x86_64")]
            ShufflePath::Vbmi if path.available() => {
                // SAFETY: the CPU has AVX-512 F, BW and VBMI (checked above), and the masked
                // load and store touch only the `len` bytes of `state`.
                unsafe { x86::vbmi(state, &self.index) }
            }
            _ => {
                let mut out = [0u8; 128];
                for (o, &i) in out.iter_mut().zip(&self.index[..self.len]) {
                    *o = state[i as usize];
                }
                state.copy_from_slice(&out[..self.len]);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    fn mask(bytes: usize) -> u64 {
        if bytes >= 64 {
            u64::MAX
        } else {
            (1u64 << bytes) - 1
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn vbmi(state: &mut [u8], index: &[u8; 128]) {
        let len = state.len();
        let (lo_mask, hi_mask) = (mask(len), mask(len.saturating_sub(64)));
        let ptr = state.as_mut_ptr() as *mut i8;
        // SAFETY: masked-off bytes are neither read nor written, so only the `len` bytes of
        // `state` are touched (the high half only when `len > 64`); `index` is 128 readable
        // bytes. Both halves are loaded before anything is stored.
        unsafe {
            let lo = _mm512_maskz_loadu_epi8(lo_mask, ptr);
            if len <= 64 {
                let idx = _mm512_loadu_si512(index.as_ptr() as *const _);
                _mm512_mask_storeu_epi8(ptr, lo_mask, _mm512_permutexvar_epi8(idx, lo));
            } else {
                let hi = _mm512_maskz_loadu_epi8(hi_mask, ptr.add(64));
                let idx_lo = _mm512_loadu_si512(index.as_ptr() as *const _);
                let idx_hi = _mm512_loadu_si512(index.as_ptr().add(64) as *const _);
                let out_lo = _mm512_permutex2var_epi8(lo, idx_lo, hi);
                let out_hi = _mm512_permutex2var_epi8(lo, idx_hi, hi);
                _mm512_mask_storeu_epi8(ptr, lo_mask, out_lo);
                _mm512_mask_storeu_epi8(ptr.add(64), hi_mask, out_hi);
            }
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn vbmi_full(state: *mut u8, index: &[u8; 128]) {
        // SAFETY: the caller promises 64 valid bytes at `state`; `index` has 128.
        unsafe {
            let data = _mm512_loadu_si512(state as *const _);
            let idx = _mm512_loadu_si512(index.as_ptr() as *const _);
            _mm512_storeu_si512(state as *mut _, _mm512_permutexvar_epi8(idx, data));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    #[test]
    fn every_available_path_agrees_with_the_portable_loop() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for len in [1, 15, 16, 17, 27, 54, 60, 63, 64, 65, 81, 121, 128] {
            for _ in 0..50 {
                let mut perm: Vec<u8> = (0..len as u8).collect();
                perm.shuffle(&mut rng);
                let shuffle = Shuffle64::new(&perm).unwrap();
                let start: Vec<u8> = (0..len as u8)
                    .map(|b| b.wrapping_mul(7).wrapping_add(1))
                    .collect();
                let mut want = start.clone();
                shuffle.apply_with(ShufflePath::Portable, &mut want);
                let expected: Vec<u8> = perm.iter().map(|&i| start[i as usize]).collect();
                assert_eq!(want, expected);
                if len <= 64 {
                    let mut padded = [0xeeu8; 64];
                    padded[..len].copy_from_slice(&start);
                    // SAFETY: 64 initialised bytes, a shuffle of at most 64.
                    unsafe { shuffle.apply_padded(padded.as_mut_ptr()) };
                    assert_eq!(&padded[..len], &want[..], "padded, len {len}");
                    assert!(
                        padded[len..].iter().all(|&b| b == 0xee),
                        "padding kept, len {len}"
                    );
                }
                for path in ShufflePath::ALL.into_iter().filter(|p| p.available()) {
                    let mut got = start.clone();
                    // Apply several times to catch state carried between calls.
                    shuffle.apply_with(path, &mut got);
                    assert_eq!(got, want, "{path:?} len {len}");
                }
            }
        }
    }

    #[test]
    fn rejects_what_is_not_a_small_permutation_table() {
        assert!(Shuffle64::new(&[0; 129]).is_none());
        assert!(Shuffle64::new(&[0, 5]).is_none());
    }
}
