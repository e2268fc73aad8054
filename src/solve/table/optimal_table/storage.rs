//! Where a table's distances are kept: a vector (built, or read whole), or the cache file
//! mapped read-only and checked a block at a time as it is first read.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// What holds a table's distances: a vector (built, or read whole), or the cache file
/// mapped read-only, with the checks of its blocks when it was not checked whole as it was
/// mapped.
pub(super) enum Store {
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
pub(super) struct Blocks {
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
    pub(super) fn new(sums: Vec<u64>, map: &[u8], offset: usize, path: &std::path::Path) -> Blocks {
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
    pub(super) fn touch(&self, byte: usize) {
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
    pub(super) fn check(&self, k: usize) {
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
    pub(super) fn all_checked(&self) -> bool {
        self.checked.load(Ordering::Relaxed) == self.sums.len()
    }

    /// Checks every block not checked yet, on `threads` threads.
    pub(super) fn check_rest(&self, threads: usize) {
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
    pub(super) fn damaged(&self) -> Option<u64> {
        let at = self.damaged.load(Ordering::Relaxed);
        (at != u64::MAX).then_some(at)
    }
}

/// The distances' bytes: a slice of a [`Store`], kept as a pointer so that the searches'
/// lookups cost what a vector's do.
#[derive(Clone)]
pub(super) struct Dist {
    store: std::sync::Arc<Store>,
    ptr: *const u8,
    pub(super) len: usize,
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
    pub(super) fn bytes(&self) -> &[u8] {
        match self {
            Store::Owned(v) => v,
            Store::Mapped { map, .. } => map,
        }
    }
}

impl Dist {
    pub(super) fn owned(v: Vec<u8>, start: usize) -> Dist {
        let len = v.len() - start;
        Dist::new(Store::Owned(v), start, len)
    }

    pub(super) fn new(store: Store, start: usize, len: usize) -> Dist {
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

    pub(super) fn is_mapped(&self) -> bool {
        matches!(*self.store, Store::Mapped { .. })
    }

    pub(super) fn blocks(&self) -> Option<&Blocks> {
        // SAFETY: null, or a pointer into `store`, which lives as long as `self`.
        unsafe { self.blocks.as_ref() }
    }

    /// Checks, once, the block that holds byte `byte` (see [`Blocks`]).
    #[inline(always)]
    pub(super) fn touch(&self, byte: usize) {
        if let Some(b) = self.blocks() {
            b.touch(byte);
        }
    }

    /// Maps every page of a mapped table at once (Linux's `MADV_POPULATE_READ`), before it
    /// is read whole: a few milliseconds for the 7.6 GB table in memory, where taking each
    /// page's fault as it is first read cost its check in file order a quarter of its time.
    /// Where the kernel cannot, the pages are mapped as they are read, as before.
    pub(super) fn populate(&self) {
        #[cfg(target_os = "linux")]
        if let Store::Mapped { map, .. } = &*self.store {
            let _ = map.advise(memmap2::Advice::PopulateRead);
        }
    }

    /// The file the distances are mapped from, if they are.
    pub(super) fn path(&self) -> Option<&std::path::Path> {
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
