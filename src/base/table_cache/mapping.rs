//! A mapped table file cut short by another program while in use: said in one line, not a
//! "Bus error".

use std::path::Path;

use super::CacheError;

/// While it lives, a read of a page of a mapped table file that the file no longer has (cut
/// short by another program while it was mapped: the kernel raises SIGBUS, which would kill
/// the process with a bare "Bus error") ends the process with one line on standard error
/// that names the file and says what happened, and exit status 1. See [`guard_mapping`].
pub struct MappingGuard {
    #[cfg(target_os = "linux")]
    slot: Option<usize>,
}

impl Drop for MappingGuard {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(k) = self.slot {
            bus_error::release(k);
        }
    }
}

/// Maps the table file `path` read-only for a search's random reads, once it is found to be
/// `len` bytes long (shorter: [`CacheError::Truncated`]; longer: [`CacheError::Shape`]), with
/// the guard that names the file if it is cut short while mapped ([`guard_mapping`]).
pub fn map_table(path: &Path, len: usize) -> Result<(memmap2::Mmap, MappingGuard), CacheError> {
    let file = std::fs::File::open(path).map_err(|e| CacheError::Io(e.to_string()))?;
    // SAFETY: the mapping is read-only; cache files are replaced by a rename, never written
    // in place, so a save meanwhile leaves this file's bytes as they are. One cut short or
    // rewritten by another program meanwhile is guarded against below.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| CacheError::Io(e.to_string()))?;
    if map.len() < len {
        return Err(CacheError::Truncated(map.len() as u64));
    }
    if map.len() > len {
        return Err(CacheError::Shape(format!(
            "{} bytes where its header says {len}",
            map.len()
        )));
    }
    // A read of a page that the file no longer has (cut short by another program) would kill
    // the process with a bare "Bus error": it is said, naming the file, instead.
    let guard = guard_mapping(&map, path);
    #[cfg(unix)]
    {
        // Searches read it at random; the kernel may back it with huge pages.
        let _ = map.advise(memmap2::Advice::Random);
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    Ok((map, guard))
}

/// Guards the mapping `map` of the table file `path` (see [`MappingGuard`]): the guard must
/// be dropped before the mapping is. On Linux a SIGBUS handler is installed, once; a fault
/// outside every guarded mapping is left to the handler that was there before.
pub fn guard_mapping(map: &[u8], path: &Path) -> MappingGuard {
    #[cfg(target_os = "linux")]
    {
        let message = format!(
            "cubework: the table file {} was cut short or rewritten by another program while it was in use; run again: the table is checked as it loads, and rebuilt if it is damaged\n",
            path.display()
        );
        MappingGuard {
            slot: bus_error::claim(map, message),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (map, path);
        MappingGuard {}
    }
}

/// The SIGBUS handler of [`guard_mapping`]: a fixed set of slots, each a guarded mapping's
/// range and the line to say, read by the handler with atomics only.
#[cfg(target_os = "linux")]
mod bus_error {
    use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

    const SLOTS: usize = 16;

    struct Slot {
        start: AtomicUsize,
        end: AtomicUsize,
        message: AtomicPtr<u8>,
        len: AtomicUsize,
    }

    #[allow(clippy::declare_interior_mutable_const)]
    const FREE: Slot = Slot {
        start: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        message: AtomicPtr::new(std::ptr::null_mut()),
        len: AtomicUsize::new(0),
    };
    static TABLE: [Slot; SLOTS] = [FREE; SLOTS];
    /// The action SIGBUS had before ours.
    static PREVIOUS: std::sync::OnceLock<libc::sigaction> = std::sync::OnceLock::new();

    /// Takes a free slot for `map`; none if all are taken (the mapping goes unguarded).
    pub(super) fn claim(map: &[u8], message: String) -> Option<usize> {
        install();
        let message = Box::leak(message.into_boxed_str().into_boxed_bytes());
        for (k, slot) in TABLE.iter().enumerate() {
            if slot
                .start
                .compare_exchange(0, 1, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
            {
                slot.message.store(message.as_mut_ptr(), Ordering::Release);
                slot.len.store(message.len(), Ordering::Release);
                slot.end
                    .store(map.as_ptr() as usize + map.len(), Ordering::Release);
                slot.start.store(map.as_ptr() as usize, Ordering::Release);
                return Some(k);
            }
        }
        // SAFETY: the box was leaked just above and never shared.
        drop(unsafe { Box::from_raw(message as *mut [u8]) });
        None
    }

    /// Frees slot `k`.
    pub(super) fn release(k: usize) {
        let slot = &TABLE[k];
        slot.start.store(1, Ordering::Release);
        slot.end.store(0, Ordering::Release);
        let message = slot.message.swap(std::ptr::null_mut(), Ordering::AcqRel);
        let len = slot.len.swap(0, Ordering::AcqRel);
        slot.start.store(0, Ordering::Release);
        if !message.is_null() {
            // SAFETY: made by `claim` from a leaked box of `len` bytes, and no longer in the
            // table, so no handler reads it from now on (a fault in this mapping cannot
            // happen while it is being dropped: nothing reads it any more).
            drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(message, len)) });
        }
    }

    fn install() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: sigaction with a zeroed struct filled in as the manual says; the
            // handler does only what is async-signal-safe (atomic loads, write, _exit, and
            // sigaction to put the previous action back).
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as *const () as usize;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                let mut previous: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGBUS, &action, &mut previous) == 0 {
                    let _ = PREVIOUS.set(previous);
                }
            }
        });
    }

    extern "C" fn handler(_: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
        // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
        let addr = unsafe { (*info).si_addr() } as usize;
        for slot in &TABLE {
            let (start, end) = (
                slot.start.load(Ordering::Acquire),
                slot.end.load(Ordering::Acquire),
            );
            if start > 1 && (start..end).contains(&addr) {
                let message = slot.message.load(Ordering::Acquire);
                let len = slot.len.load(Ordering::Acquire);
                // SAFETY: write and _exit are async-signal-safe; the message lives while
                // its slot is taken.
                unsafe {
                    if !message.is_null() {
                        libc::write(2, message as *const libc::c_void, len);
                    }
                    libc::_exit(1);
                }
            }
        }
        // Not a guarded mapping: the previous action (Rust's own, for stack overflows, or
        // the default), which the faulting read meets when it is made again on return.
        let previous = PREVIOUS.get().copied().unwrap_or_else(|| {
            // SAFETY: an all-zero sigaction is SIG_DFL with no flags.
            unsafe { std::mem::zeroed() }
        });
        // SAFETY: sigaction is async-signal-safe.
        unsafe {
            libc::sigaction(libc::SIGBUS, &previous, std::ptr::null_mut());
        }
    }
}
