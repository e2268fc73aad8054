//! Solver tables on disk: one checksummed file per table in the user's cache directory,
//! read without trusting anything in it.
//!
//! Every table the workbench caches (the 2×2×2 distances, the 3×3×3 solvers' pruning tables)
//! is a [`TableFile`]: a name, a format version and the largest payload it can have. On disk
//! it is, little-endian:
//!
//! | offset | size | field                                               |
//! |--------|------|-----------------------------------------------------|
//! | 0      | 8    | magic `CUBEWORK`                                    |
//! | 8      | 24   | the table's name, NUL-padded (`pocket-htm`)         |
//! | 32     | 4    | the table's format version                          |
//! | 36     | 4    | zero                                                |
//! | 40     | 8    | payload length P                                    |
//! | 48     | P    | the payload, whose layout is the table's own        |
//! | 48 + P | 8    | XXH3-64 of every byte before it                     |
//!
//! Reading ([`read`]) refuses, before reading anything, a path that is not a regular file (a
//! FIFO would block, a device never end) and a file larger than the table can be; then it
//! checks magic, name, version, length and checksum. The table's own decoder then checks the
//! payload's contents (a checksum proves only that the bytes are the ones written), and
//! [`load_or_build`] rebuilds and rewrites the file whenever anything is wrong, saying why
//! and naming the file. Writing ([`write()`]) goes through a temporary file and a rename, so a
//! reader never sees half a file; temporary files left by a save that was killed are removed
//! by the next load or save of that table, and by `cubework tables` and `tables check`, which
//! list them ([`temporaries`]). A save past the file-size limit (`ulimit -f`) is an error that
//! names the file and the limit, not a SIGXFSZ that kills the process, and a table that
//! cannot be saved says so on standard error, once a run.
//!
//! A file that passed every check (when it was saved, or checked whole) gets a stamp beside
//! it, `PATH.checked` ([`mark_checked`]): the file's length, modification time and inode, and
//! the checksums of its contents, whole and in blocks of [`BLOCK_BYTES`] ([`Sums`]). The
//! listing trusts the first three ([`checked_since`]); a load trusts nothing but the sums,
//! and only for bytes it checks against them: a table read whole is left unchecked by its own
//! checks only if its checksum is the stamp's, and a mapped one ([`map_checked`], the one
//! routine every mapped table loads through) has its headers and a spread sample of blocks
//! checked as it loads ([`spot_check`]) and every other block the first time a search reads
//! it. So a file changed in place with its time put back, which keeps its
//! stamp, is still found out. A mapped file cut short by another program while it is in use
//! is said in one line, not a "Bus error" ([`guard_mapping`]).

use crate::base::clock::Instant;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The environment variable that, when set and not empty, names the cache directory.
pub const CACHE_ENV: &str = "CUBEWORK_CACHE_DIR";
const MAGIC: &[u8; 8] = b"CUBEWORK";
const NAME_BYTES: usize = 24;
/// Bytes before the payload.
pub const HEADER_BYTES: usize = 48;
/// Bytes after the payload (the checksum).
pub const TRAILER_BYTES: usize = 8;

/// A kind of table file: what [`read`] and [`write()`] need to know of it.
///
/// ```
/// use cubework::base::table_cache::TableFile;
/// let spec = TableFile { name: "demo", version: 1, max_payload: 1024 };
/// assert_eq!(spec.file_name(), "demo.bin");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableFile {
    /// The table's name, also its file name without `.bin` (at most 24 bytes).
    pub name: &'static str,
    /// The payload's format version; a file of another version is rebuilt.
    pub version: u32,
    /// The largest payload this table can have: larger files are refused unread.
    pub max_payload: u64,
}

impl TableFile {
    /// The file name in the cache directory.
    pub fn file_name(&self) -> String {
        format!("{}.bin", self.name)
    }

    /// The file in `dir`.
    pub fn path_in(&self, dir: &Path) -> PathBuf {
        dir.join(self.file_name())
    }

    fn name_field(&self) -> [u8; NAME_BYTES] {
        let mut field = [0u8; NAME_BYTES];
        let bytes = self.name.as_bytes();
        assert!(bytes.len() <= NAME_BYTES, "table names fit in 24 bytes");
        field[..bytes.len()].copy_from_slice(bytes);
        field
    }

    /// The largest its file can be: the payload, its header and its checksum.
    pub fn max_file(&self) -> u64 {
        self.max_payload + (HEADER_BYTES + TRAILER_BYTES) as u64
    }
}

/// Why a cache file was not used. Each reads as what is wrong with the file: "the cache file
/// PATH" followed by the message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CacheError {
    /// There is no such file (yet).
    #[error("does not exist yet")]
    Missing,
    /// The path is something other than a regular file.
    #[error("is not a regular file but {0}, so it was not read")]
    NotAFile(&'static str),
    /// It could not be read.
    #[error("cannot be read: {0}")]
    Io(String),
    /// Larger than the table can be.
    #[error("is {size} bytes, more than a {name} table can be ({max} at most), so it was not read")]
    TooLarge {
        /// Its size.
        size: u64,
        /// The table.
        name: &'static str,
        /// The largest file the table can be.
        max: u64,
    },
    /// Too short to hold its header, or shorter than its header says.
    #[error("is truncated ({0} bytes)")]
    Truncated(u64),
    /// Not a cubework table.
    #[error("is not a cubework table (its first bytes are not the magic CUBEWORK)")]
    Magic,
    /// Another table's file.
    #[error("holds the table '{found}', not '{expected}'")]
    Name {
        /// The name found.
        found: String,
        /// The name expected.
        expected: &'static str,
    },
    /// Written by another version of the format.
    #[error("has format version {found}; this program reads version {expected}")]
    Version {
        /// The version found.
        found: u32,
        /// The version this program writes.
        expected: u32,
    },
    /// Sizes that do not fit together.
    #[error("has the wrong size: {0}")]
    Shape(String),
    /// The checksum does not match: the file is damaged.
    #[error("is damaged (checksum {stored:016x} stored, {computed:016x} computed)")]
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// Intact, but its contents are not a valid table.
    #[error("is inconsistent: {0}")]
    Inconsistent(String),
    /// Bytes changed since it was last checked whole, where a sample of its blocks was
    /// checked ([`spot_check`]): changed in place, its time put back, or damaged on disk.
    #[error(
        "is damaged: its {} bytes from byte {at} are not those it held when it was last checked whole",
        BLOCK_BYTES
    )]
    Changed {
        /// Where the block begins.
        at: u64,
    },
}

mod checked;
mod dir;
mod mapped;
mod mapping;
pub mod room;

use checked::BlockSums;
#[cfg(test)]
use checked::stamp_path;
pub use checked::{
    BLOCK_BYTES, SPOT_BLOCKS, Sums, checked_since, checked_sums, forget_checked, mark_checked,
    mark_checked_with, spot_blocks, spot_check,
};
#[cfg(test)]
use dir::cache_dir_from;
pub use dir::{cache_dir, cache_dir_problem, check_cache_dir};
pub use mapped::{Check, MappedFile, map_checked};
pub use mapping::{MappingGuard, guard_mapping, map_table};

/// The checksum of the file format: XXH3, 64 bits.
///
/// ```
/// assert_eq!(cubework::base::table_cache::checksum(b""), 0x2d06800538d394c2);
/// ```
pub fn checksum(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// What kind of thing a path is, in words, when it is not a regular file.
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// The kind of thing at `path` if it exists and is not a regular file (symbolic links
/// followed): `Some("a FIFO")`, `Some("a directory")`, …
///
/// ```
/// assert_eq!(cubework::base::table_cache::special_file(std::path::Path::new("/")), Some("a directory"));
/// assert_eq!(cubework::base::table_cache::special_file(std::path::Path::new("/no/such/file")), None);
/// ```
pub fn special_file(path: &Path) -> Option<&'static str> {
    std::fs::metadata(path).ok().and_then(|m| not_a_file(&m))
}

/// Opens a file to read, guarded as a table file is: what is not a regular file (a FIFO
/// that would block, a device that never ends, a directory) is refused without being read —
/// on Linux it is opened without waiting and its kind checked on the open file, so a file
/// swapped for a FIFO meanwhile cannot block. For a file read as a stream of lines (the
/// history file); [`read_regular`] reads one whole.
///
/// ```
/// use cubework::base::table_cache::open_regular;
/// let e = open_regular(std::path::Path::new("/dev/zero")).unwrap_err();
/// assert_eq!(e.to_string(), "is a device, not a regular file");
/// ```
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    use std::io::{Error, ErrorKind};
    let refused = |kind| {
        Error::new(
            ErrorKind::InvalidInput,
            format!("is {kind}, not a regular file"),
        )
    };
    if let Some(kind) = special_file(path) {
        return Err(refused(kind));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if let Some(kind) = not_a_file(&file.metadata()?) {
        return Err(refused(kind));
    }
    Ok(file)
}

/// Reads a file whole, guarded as [`open_regular`] opens it, and never more than `max`
/// bytes, even from a file that grows meanwhile. Every file the workbench reads goes through
/// here or [`open_regular`] (the workspace, the history, the colour setting), except the
/// tables, read by [`read`] and mapped by the solvers, and the files a user names to be read as a stream
/// (`run FILE`, `solve --batch FILE`), where a pipe is what is asked for.
///
/// ```
/// use cubework::base::table_cache::read_regular;
/// let e = read_regular(std::path::Path::new("/dev/zero"), 1 << 20).unwrap_err();
/// assert_eq!(e.to_string(), "is a device, not a regular file");
/// ```
pub fn read_regular(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind};
    let file = open_regular(path)?;
    let meta = file.metadata()?;
    let too_large = |size: u64| {
        Error::new(
            ErrorKind::InvalidData,
            format!("is {size} bytes, more than the {max} read"),
        )
    };
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Files written, each with its name ([`taken_files`]).
pub type Files = Vec<(PathBuf, Vec<u8>)>;

std::thread_local! {
    /// The files written on this thread while a front end with no disk takes them
    /// ([`take_files`]).
    static TAKEN: std::cell::RefCell<Option<Files>> = const { std::cell::RefCell::new(None) };
}

/// From now on, files written on this thread by [`write_atomic`] (pictures, charts) are kept
/// for the front end to take ([`taken_files`]) instead of written: the page's, which has no
/// disk of its own and offers each as a download.
pub fn take_files() {
    TAKEN.with(|t| {
        t.borrow_mut().get_or_insert_with(Vec::new);
    });
}

/// The files written on this thread since the last call, while files are taken
/// ([`take_files`]; none otherwise).
///
/// ```
/// use cubework::base::table_cache::{take_files, taken_files, write_atomic};
/// let path = std::path::Path::new("/no/such/dir/cube.svg");
/// assert!(write_atomic(path, b"<svg/>").is_err());
/// take_files();
/// write_atomic(path, b"<svg/>").unwrap();
/// assert_eq!(taken_files(), [(path.to_path_buf(), b"<svg/>".to_vec())]);
/// assert!(taken_files().is_empty());
/// ```
pub fn taken_files() -> Files {
    TAKEN.with(|t| {
        t.borrow_mut()
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    })
}

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, synced,
/// then renamed over `path`. A reader sees the old file or the new one, never a cut one.
/// (While files are taken on this thread, [`take_files`], the file is kept for the front end
/// instead.)
///
/// Where `path` is a symbolic link nothing is written: the link is the user's, and so is
/// its target, and both are left as they are; the error names the file. (A link made there
/// between that check and the rename is replaced by the file, never followed.)
///
/// ```
/// # #[cfg(unix)] {
/// use cubework::base::table_cache::write_atomic;
/// let dir = tempfile::tempdir().unwrap();
/// let (target, link) = (dir.path().join("target"), dir.path().join("link"));
/// std::fs::write(&target, "mine").unwrap();
/// std::os::unix::fs::symlink(&target, &link).unwrap();
/// let e = write_atomic(&link, b"new").unwrap_err();
/// assert!(e.to_string().contains("is a symbolic link"), "{e}");
/// assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
/// assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine");
/// # }
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let taken = TAKEN.with(|t| {
        let mut taken = t.borrow_mut();
        taken
            .as_mut()
            .map(|files| files.push((path.to_path_buf(), bytes.to_vec())))
    });
    if taken.is_some() {
        return Ok(());
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is a symbolic link; nothing is written through it (the link and its target are left as they are)",
                crate::base::text::echo_path(path)
            ),
        ));
    }
    let nanos = crate::base::clock::SystemTime::now()
        .duration_since(crate::base::clock::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let tmp = temporary_name(path, std::process::id(), nanos);
    let written = std::fs::File::create_new(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// The file's metadata, if it is there, a regular file, and no larger than the table can be.
fn checked_meta(path: &Path, spec: &TableFile) -> Result<std::fs::Metadata, CacheError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => CacheError::Missing,
        _ => CacheError::Io(e.to_string()),
    })?;
    if let Some(kind) = not_a_file(&meta) {
        return Err(CacheError::NotAFile(kind));
    }
    if meta.len() > spec.max_file() {
        return Err(CacheError::TooLarge {
            size: meta.len(),
            name: spec.name,
            max: spec.max_file(),
        });
    }
    Ok(meta)
}

/// Reads a table file and returns its payload, trusting nothing: see the module docs.
pub fn read(path: &Path, spec: &TableFile) -> Result<Vec<u8>, CacheError> {
    read_summed(path, spec).map(|(payload, _)| payload)
}

/// [`read`], and the file's checksum, checked: a stamp's sum ([`checked_sums`]) equal to it
/// says that these very bytes passed the table's own checks before.
pub fn read_summed(path: &Path, spec: &TableFile) -> Result<(Vec<u8>, u64), CacheError> {
    let meta = checked_meta(path, spec)?;
    let file = std::fs::File::open(path).map_err(|e| CacheError::Io(e.to_string()))?;
    // Never read more than the table can be, even if the file grows meanwhile.
    let mut bytes = large_vec(meta.len() as usize)
        .map_err(|_| CacheError::Io(format!("its {} bytes do not fit in memory", meta.len())))?;
    file.take(spec.max_file() + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CacheError::Io(e.to_string()))?;
    if bytes.len() as u64 > spec.max_file() {
        return Err(CacheError::TooLarge {
            size: bytes.len() as u64,
            name: spec.name,
            max: spec.max_file(),
        });
    }
    decode(bytes, spec)
}

/// An empty vector with room for `capacity` bytes. On Linux a large one (64 MiB or more)
/// asks the kernel for huge pages: a table read at random, as a search reads its pruning
/// table, then costs far fewer address-translation misses. Room that cannot be had is an
/// error, never an abort.
pub fn large_vec(capacity: usize) -> Result<Vec<u8>, std::collections::TryReserveError> {
    let mut v: Vec<u8> = Vec::new();
    v.try_reserve_exact(capacity)?;
    #[cfg(target_os = "linux")]
    if capacity >= 64 << 20 {
        const HUGE: usize = 2 << 20;
        let start = (v.as_ptr() as usize).next_multiple_of(HUGE);
        let end = (v.as_ptr() as usize + capacity) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside the vector's allocation; MADV_HUGEPAGE changes
            // only how the kernel backs it, never its contents. Failure is harmless.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    Ok(v)
}

/// Checks a file's header against `spec` and the file's length `len`; the payload length.
fn check_header(header: &[u8], len: u64, spec: &TableFile) -> Result<u64, CacheError> {
    if header.len() < HEADER_BYTES || len < (HEADER_BYTES + TRAILER_BYTES) as u64 {
        return Err(CacheError::Truncated(len));
    }
    if &header[..8] != MAGIC {
        return Err(CacheError::Magic);
    }
    let name = &header[8..8 + NAME_BYTES];
    if name != spec.name_field() {
        let end = name.iter().position(|&b| b == 0).unwrap_or(NAME_BYTES);
        return Err(CacheError::Name {
            found: String::from_utf8_lossy(&name[..end]).into_owned(),
            expected: spec.name,
        });
    }
    let version = u32::from_le_bytes(header[32..36].try_into().expect("4 bytes"));
    if version != spec.version {
        return Err(CacheError::Version {
            found: version,
            expected: spec.version,
        });
    }
    let payload = u64::from_le_bytes(header[40..48].try_into().expect("8 bytes"));
    let expected = payload.saturating_add((HEADER_BYTES + TRAILER_BYTES) as u64);
    if len < expected {
        return Err(CacheError::Truncated(len));
    }
    if len > expected {
        return Err(CacheError::Shape(format!(
            "{len} bytes where its header says {expected}"
        )));
    }
    Ok(payload)
}

/// Checks a whole file's bytes and returns the payload and the checksum.
fn decode(mut bytes: Vec<u8>, spec: &TableFile) -> Result<(Vec<u8>, u64), CacheError> {
    let len = bytes.len() as u64;
    let payload = check_header(&bytes, len, spec)?;
    let end = HEADER_BYTES + payload as usize;
    let stored = u64::from_le_bytes(bytes[end..end + 8].try_into().expect("8 bytes"));
    let computed = checksum(&bytes[..end]);
    if stored != computed {
        return Err(CacheError::Checksum { stored, computed });
    }
    bytes.truncate(end);
    bytes.drain(..HEADER_BYTES);
    Ok((bytes, computed))
}

/// What can be known of a table file without reading its payload: that it is a regular file
/// no larger than the table can be, whose header (magic, name, format version, payload
/// length) agrees with `spec` and with the file's length. The payload's length if so.
/// Reads 48 bytes, however large the file: `cubework tables` lists with it; the checksum
/// and the table's own checks are [`read`]'s, when the table is loaded.
///
/// ```
/// use cubework::base::table_cache::{inspect, write, CacheError, TableFile};
/// let dir = std::env::temp_dir().join(format!("cubework-doc-inspect-{}", std::process::id()));
/// let spec = TableFile { name: "demo", version: 1, max_payload: 64 };
/// let path = spec.path_in(&dir);
/// assert_eq!(inspect(&path, &spec), Err(CacheError::Missing));
/// write(&path, &spec, b"abc").unwrap();
/// assert_eq!(inspect(&path, &spec), Ok(3));
/// let newer = TableFile { version: 2, ..spec };
/// assert!(matches!(inspect(&path, &newer), Err(CacheError::Version { found: 1, .. })));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn inspect(path: &Path, spec: &TableFile) -> Result<u64, CacheError> {
    let meta = checked_meta(path, spec)?;
    let file = std::fs::File::open(path).map_err(|e| CacheError::Io(e.to_string()))?;
    let mut header = Vec::with_capacity(HEADER_BYTES);
    file.take(HEADER_BYTES as u64)
        .read_to_end(&mut header)
        .map_err(|e| CacheError::Io(e.to_string()))?;
    check_header(&header, meta.len(), spec)
}

/// A table file's bytes: header, `payload`, checksum.
///
/// ```
/// use cubework::base::table_cache::{TableFile, file_bytes, HEADER_BYTES, TRAILER_BYTES};
/// let spec = TableFile { name: "demo", version: 1, max_payload: 16 };
/// assert_eq!(file_bytes(&spec, b"abc").len(), HEADER_BYTES + 3 + TRAILER_BYTES);
/// ```
pub fn file_bytes(spec: &TableFile, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_BYTES + payload.len() + TRAILER_BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&spec.name_field());
    out.extend_from_slice(&spec.version.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(payload);
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Writes a table file at `path` (creating its directory), through a temporary file and a
/// rename; first removes temporary files of this table left by saves that were killed.
pub fn write(path: &Path, spec: &TableFile, payload: &[u8]) -> std::io::Result<()> {
    write_parts(path, spec, &[payload])
}

/// [`write()`] of the payload that is `parts` one after the other, streamed: a large table
/// need not be copied into one buffer to be saved.
pub fn write_parts(path: &Path, spec: &TableFile, parts: &[&[u8]]) -> std::io::Result<()> {
    write_summed(path, spec, parts).map(|_| ())
}

/// [`write_parts`], and the checksums of what it wrote (made as it was written).
fn write_summed(path: &Path, spec: &TableFile, parts: &[&[u8]]) -> std::io::Result<Sums> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    if let Some(kind) = special_file(path) {
        return Err(std::io::Error::other(format!(
            "{} is {kind}, not a table file; move it away",
            path.display()
        )));
    }
    let _ = remove_stale_temporaries(path);
    ignore_file_size_signal();
    let nanos = crate::base::clock::SystemTime::now()
        .duration_since(crate::base::clock::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let tmp = temporary_name(path, std::process::id(), nanos);
    write_file(&tmp, spec, parts)
        .and_then(|sums| std::fs::rename(&tmp, path).map(|()| sums))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
        .map_err(|e| name_file_size_limit(e, &tmp))
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error instead of
/// killing the process with SIGXFSZ, so that a table that cannot be saved is still used and
/// the reason said. Done once; harmless where there is no such signal.
fn ignore_file_size_signal() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
        ONCE.call_once(|| unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        });
    }
}

/// A write stopped by the file-size limit, said as such: the file and the limit.
fn name_file_size_limit(e: std::io::Error, file: &Path) -> std::io::Error {
    #[cfg(target_os = "linux")]
    if e.raw_os_error() == Some(libc::EFBIG) {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes only the struct it is given.
        let known = unsafe { libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit) } == 0
            && limit.rlim_cur != libc::RLIM_INFINITY;
        let limit = if known {
            format!(
                "the file-size limit (ulimit -f) of {} bytes",
                limit.rlim_cur
            )
        } else {
            "the file-size limit (ulimit -f)".to_string()
        };
        return std::io::Error::new(
            e.kind(),
            format!("writing {} went past {limit}", file.display()),
        );
    }
    let _ = file;
    e
}

/// Asks the kernel to drop a large table file's pages (`len` bytes of payload: 64 MiB or
/// more), once written and synced, from the page cache. Its first load then reads it again
/// through the mapping, whose huge-page advice lets the kernel read it in 2 MB pages and map
/// them whole: the pages the write left are mostly small, and a search that reads them at
/// random pays for the address translation (the optimal solver over the 7.59 GB table: seed
/// 10, 4.8–4.9 s with 77% of the mapping in 2 MB pages, 4.25–4.31 s with all of it). Failure
/// is harmless.
fn drop_from_page_cache(file: &std::fs::File, len: usize) {
    #[cfg(target_os = "linux")]
    if len >= 64 << 20 {
        use std::os::fd::AsRawFd;
        // SAFETY: advice on an open file descriptor; it changes no data.
        unsafe {
            libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (file, len);
}

/// Writes [`file_bytes`] of `payload` to `path`, streaming: a table of hundreds of megabytes
/// is not copied to make its file. The sums of what it wrote.
fn write_file(path: &Path, spec: &TableFile, parts: &[&[u8]]) -> std::io::Result<Sums> {
    use std::io::Write;
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&spec.name_field());
    header.extend_from_slice(&spec.version.to_le_bytes());
    header.extend_from_slice(&0u32.to_le_bytes());
    let len: usize = parts.iter().map(|p| p.len()).sum();
    header.extend_from_slice(&(len as u64).to_le_bytes());
    let mut sum = xxhash_rust::xxh3::Xxh3::new();
    let mut blocks = BlockSums::new();
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    for part in std::iter::once(&&header[..]).chain(parts) {
        // 64 MiB at a time, so that Ctrl-C stops the save of a table of gigabytes at once.
        for piece in part.chunks(64 << 20) {
            // A finished table is good: one under 64 MiB is saved even after Ctrl-C.
            if len >= 64 << 20 && crate::base::cancel::requested() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "stopped by Ctrl-C",
                ));
            }
            sum.update(piece);
            blocks.update(piece);
            out.write_all(piece)?;
        }
    }
    let file = sum.digest();
    blocks.update(&file.to_le_bytes());
    out.write_all(&file.to_le_bytes())?;
    let written = out.into_inner().map_err(|e| e.into_error())?;
    written.sync_all()?;
    drop_from_page_cache(&written, len);
    Ok(Sums {
        file,
        blocks: blocks.finish(),
    })
}

fn temporary_name(path: &Path, pid: u32, nanos: u32) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{pid}-{nanos}"));
    path.with_file_name(name)
}

/// A temporary file of a save of a table (`PATH.tmp-PID-N`): one being written, or one left
/// by a save that was killed between writing it and renaming it into place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leftover {
    /// The file.
    pub path: PathBuf,
    /// The process that wrote it, from its name.
    pub pid: Option<u32>,
    /// Its size.
    pub bytes: u64,
    /// Whether that process may still be writing it: it is running (or, where processes
    /// cannot be looked up, the file is less than an hour old). If not, the save was
    /// interrupted, and the file is of no use.
    pub live: bool,
}

/// The temporary files of saves of the table file at `path` (see [`Leftover`]), in name
/// order.
pub fn temporaries(path: &Path) -> Vec<Leftover> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let prefix = format!("{}.tmp-", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<Leftover> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let rest = file.strip_prefix(&prefix)?;
            // Only regular files (not followed through a link) are ours.
            let meta = entry.metadata().ok().filter(|m| m.is_file())?;
            let pid: Option<u32> = rest.split('-').next().and_then(|p| p.parse().ok());
            let proc = Path::new("/proc");
            let live = match pid {
                Some(pid) if proc.is_dir() => {
                    pid == std::process::id() || proc.join(pid.to_string()).exists()
                }
                _ => meta
                    .modified()
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_none_or(|age| age <= Duration::from_secs(3600)),
            };
            Some(Leftover {
                path: entry.path(),
                pid,
                bytes: meta.len(),
                live,
            })
        })
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// Removes the temporary files of saves of the table file at `path` that were interrupted
/// (their process is gone; where processes cannot be looked up, more than an hour old); those
/// removed.
pub fn remove_stale_temporaries(path: &Path) -> Vec<Leftover> {
    temporaries(path)
        .into_iter()
        .filter(|t| !t.live && std::fs::remove_file(&t.path).is_ok())
        .collect()
}

/// How a table was obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheReport {
    /// The cache file, if there is a cache directory.
    pub path: Option<PathBuf>,
    /// True if the table came from the file, false if it was built.
    pub loaded: bool,
    /// Why the file was not used, when it was not.
    pub problem: Option<CacheError>,
    /// Why the built table could not be saved, if it could not.
    pub save_error: Option<String>,
    /// Time taken to load, or to build and save.
    pub elapsed: Duration,
}

impl fmt::Display for CacheReport {
    /// `loaded from PATH in 6.1 ms`, `built in 120 ms, saved to PATH`, `built in 120 ms
    /// because the cache file PATH is damaged (…); saved to PATH`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.elapsed.as_secs_f64() * 1000.0;
        let Some(path) = &self.path else {
            return write!(f, "built in {ms:.0} ms (no cache directory to save it in)");
        };
        let path = path.display();
        if self.loaded {
            return write!(f, "loaded from {path} in {ms:.1} ms");
        }
        write!(f, "built in {ms:.0} ms")?;
        let sep = match &self.problem {
            None | Some(CacheError::Missing) => ",",
            Some(problem) => {
                write!(f, " because the cache file {path} {problem}")?;
                ";"
            }
        };
        match &self.save_error {
            None => write!(f, "{sep} saved to {path}"),
            Some(e) => write!(f, "{sep} not saved to {path}: {e}"),
        }
    }
}

/// Loads a table from its file in `dir`, or — if there is no directory, or the file is
/// missing, unreadable, damaged, or `decode` finds its contents inconsistent — makes it with
/// `build` and saves `encode` of it there.
///
/// ```
/// use cubework::base::table_cache::{TableFile, load_or_build};
/// let dir = std::env::temp_dir().join(format!("cubework-doc-cache-{}", std::process::id()));
/// let spec = TableFile { name: "squares", version: 1, max_payload: 64 };
/// let decode = |b: &[u8]| -> Result<Vec<u8>, String> {
///     b.iter().enumerate().all(|(i, &x)| x as usize == i * i % 256).then(|| b.to_vec())
///         .ok_or_else(|| "not the squares".to_string())
/// };
/// let build = || (0..16).map(|i: usize| (i * i % 256) as u8).collect::<Vec<u8>>();
/// let (first, report) = load_or_build(&spec, Some(&dir), decode, build, |t| t.clone());
/// assert!(!report.loaded);
/// let (again, report) = load_or_build(&spec, Some(&dir), decode, build, |t| t.clone());
/// assert!(report.loaded && again == first);
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn load_or_build<T>(
    spec: &TableFile,
    dir: Option<&Path>,
    decode: impl FnOnce(&[u8]) -> Result<T, String>,
    build: impl FnOnce() -> T,
    encode: impl FnOnce(&T) -> Vec<u8>,
) -> (T, CacheReport) {
    let built = try_load_or_build(
        spec,
        dir,
        |path| {
            let loaded =
                read(path, spec).and_then(|p| decode(&p).map_err(CacheError::Inconsistent));
            if let Err(problem) = &loaded {
                say_rebuilt(spec, path, problem);
            }
            loaded
        },
        || Ok::<T, std::convert::Infallible>(build()),
        |t| vec![std::borrow::Cow::Owned(encode(t))],
    );
    match built {
        Ok(done) => done,
        Err(never) => match never {},
    }
}

/// Says on stderr, once a run (each table is loaded once a run), terminal or not, why a
/// table's cache file that was there is not used and the table is built again: a damaged
/// file repaired without a word would hide a failing disk. Nothing when no file is there
/// (not yet, a directory that cannot be made, something other than a file in its place: the
/// save's error says those).
pub fn say_rebuilt(spec: &TableFile, path: &Path, problem: &CacheError) {
    let there = std::fs::metadata(path).is_ok_and(|m| m.is_file());
    if !there || matches!(problem, CacheError::Missing | CacheError::NotAFile(_)) {
        return;
    }
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "cubework: note: the cache file {} {problem}; building the {} table again",
        path.display(),
        spec.name
    );
}

/// [`load_or_build`] for a large table whose build may be stopped (`build` returns an error,
/// and nothing is saved), which loads itself from its file's path (`load`: it may map the
/// file rather than read it, and must check what it reads), and whose encoder gives the
/// payload in pieces that may be lent.
pub fn try_load_or_build<T, E>(
    spec: &TableFile,
    dir: Option<&Path>,
    load: impl FnOnce(&Path) -> Result<T, CacheError>,
    build: impl FnOnce() -> Result<T, E>,
    encode: impl for<'t> FnOnce(&'t T) -> Vec<std::borrow::Cow<'t, [u8]>>,
) -> Result<(T, CacheReport), E> {
    let start = Instant::now();
    let path = dir.map(|d| spec.path_in(d));
    let mut problem = None;
    if let Some(p) = &path {
        // A save killed after writing its temporary file leaves it behind; the next run
        // removes it, whether or not it saves.
        let _ = remove_stale_temporaries(p);
        match load(p) {
            Ok(table) => {
                if !checked_since(p) {
                    mark_checked(p);
                }
                let report = CacheReport {
                    path,
                    loaded: true,
                    problem: None,
                    save_error: None,
                    elapsed: start.elapsed(),
                };
                return Ok((table, report));
            }
            Err(e) => problem = Some(e),
        }
    }
    let table = build()?;
    let save_error = match (&path, &problem) {
        // Never write over something that is not a regular file.
        (Some(_), Some(CacheError::NotAFile(kind))) => {
            Some(format!("it is {kind}; move it away to cache the table"))
        }
        (Some(p), _) => match write_summed(
            p,
            spec,
            &encode(&table).iter().map(|c| &c[..]).collect::<Vec<_>>(),
        ) {
            Ok(sums) => {
                mark_checked_with(p, &sums);
                None
            }
            Err(e) => Some(e.to_string()),
        },
        (None, _) => None,
    };
    if let (Some(p), Some(e)) = (&path, &save_error) {
        // Said once a run (each table is loaded once a run), terminal or not: otherwise a
        // table that cannot be saved is rebuilt on every run without a word.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "cubework: {}: not saved to {}: {e}",
            spec.name,
            p.display()
        );
    }
    let report = CacheReport {
        path,
        loaded: false,
        problem,
        save_error,
        elapsed: start.elapsed(),
    };
    Ok((table, report))
}

/// The state of a table's cache file, as `cubework tables` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileState {
    /// There is no cache directory.
    NoCache,
    /// Present, and its header, size and checksum are right.
    Built,
    /// Not there yet.
    Missing,
    /// There, but not usable: why.
    Damaged(CacheError),
}

/// Checks a table's file in `dir` (header, size, checksum; not the table's own contents).
pub fn file_state(spec: &TableFile, dir: Option<&Path>) -> FileState {
    let Some(dir) = dir else {
        return FileState::NoCache;
    };
    match read(&spec.path_in(dir), spec) {
        Ok(_) => FileState::Built,
        Err(CacheError::Missing) => FileState::Missing,
        Err(e) => FileState::Damaged(e),
    }
}

#[cfg(test)]
mod tests;
