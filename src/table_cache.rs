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
//! checks only if its checksum is the stamp's, and a mapped one has its headers and a spread
//! sample of blocks checked as it loads ([`spot_check`]) and every other block the first time
//! a search reads it. So a file changed in place with its time put back, which keeps its
//! stamp, is still found out. A mapped file cut short by another program while it is in use
//! is said in one line, not a "Bus error" ([`guard_mapping`]).

use std::ffi::OsString;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
/// use cubework::table_cache::TableFile;
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

    fn max_file(&self) -> u64 {
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

/// The cache directory: `$CUBEWORK_CACHE_DIR` if set and not empty, else the platform's cache
/// directory for cubework (`~/.cache/cubework` on Linux); `None` if there is neither.
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_from(std::env::var_os(CACHE_ENV))
}

fn cache_dir_from(env: Option<OsString>) -> Option<PathBuf> {
    match env {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            directories::ProjectDirs::from("", "", "cubework").map(|p| p.cache_dir().to_path_buf())
        }
    }
}

/// The checksum of the file format: XXH3, 64 bits.
///
/// ```
/// assert_eq!(cubework::table_cache::checksum(b""), 0x2d06800538d394c2);
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
/// assert_eq!(cubework::table_cache::special_file(std::path::Path::new("/")), Some("a directory"));
/// assert_eq!(cubework::table_cache::special_file(std::path::Path::new("/no/such/file")), None);
/// ```
pub fn special_file(path: &Path) -> Option<&'static str> {
    std::fs::metadata(path).ok().and_then(|m| not_a_file(&m))
}

/// Reads a file the user named, guarded as a table file is: what is not a regular file (a
/// FIFO that would block, a device that never ends, a directory) is refused without being
/// read — on Linux it is opened without waiting and its kind checked on the open file, so a
/// file swapped for a FIFO meanwhile cannot block — and never more than `max` bytes are read,
/// even from a file that grows meanwhile.
///
/// ```
/// use cubework::table_cache::read_regular;
/// let e = read_regular(std::path::Path::new("/dev/zero"), 1 << 20).unwrap_err();
/// assert_eq!(e.to_string(), "is a device, not a regular file");
/// ```
pub fn read_regular(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind};
    if let Some(kind) = special_file(path) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("is {kind}, not a regular file"),
        ));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if let Some(kind) = not_a_file(&meta) {
        return Err(Error::new(
            ErrorKind::InvalidInput,
            format!("is {kind}, not a regular file"),
        ));
    }
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

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it, synced,
/// then renamed over `path` (a symbolic link at `path` is replaced, never followed). A
/// reader sees the old file or the new one, never a cut one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
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
    let mut bytes = large_vec(meta.len() as usize);
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
/// table, then costs far fewer address-translation misses.
pub fn large_vec(capacity: usize) -> Vec<u8> {
    let v: Vec<u8> = Vec::with_capacity(capacity);
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
    v
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
/// use cubework::table_cache::{inspect, write, CacheError, TableFile};
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

/// The file beside a table file that records when it was last checked whole:
/// `PATH.checked`.
fn stamp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".checked");
    path.with_file_name(name)
}

/// What identifies one version of a file: its length, modification time and (on Unix) its
/// inode. Rewriting the file, or replacing it, changes it.
fn identity(meta: &std::fs::Metadata) -> String {
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(meta);
    #[cfg(not(unix))]
    let inode = 0;
    format!("{} {modified} {inode}\n", meta.len())
}

/// Bytes in a block of a table file: the unit in which a memory-mapped table's contents are
/// checked, each block against the checksum that the file's last whole check recorded, the
/// first time a search reads it.
pub const BLOCK_BYTES: usize = 16 << 10;

/// The checksums of one version of a table file's contents, as its stamp keeps them: the
/// file's own (XXH3-64 of every byte before the trailer, the value the trailer holds) and one
/// of each block of [`BLOCK_BYTES`] of the whole file, trailer included.
///
/// ```
/// use cubework::table_cache::{BLOCK_BYTES, Sums, TableFile, checksum, file_bytes};
/// let spec = TableFile { name: "demo", version: 1, max_payload: 1 << 20 };
/// let bytes = file_bytes(&spec, &vec![7u8; 40_000]);
/// let sums = Sums::of(&bytes);
/// assert_eq!(sums.file, checksum(&bytes[..bytes.len() - 8]));
/// assert_eq!(sums.blocks.len(), bytes.len().div_ceil(BLOCK_BYTES));
/// assert_eq!(sums.blocks[1], checksum(&bytes[BLOCK_BYTES..2 * BLOCK_BYTES]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sums {
    /// The file's checksum.
    pub file: u64,
    /// The checksum of each block.
    pub blocks: Vec<u64>,
}

impl Sums {
    /// The sums of a whole table file's bytes (header, payload, trailer), in one pass.
    pub fn of(bytes: &[u8]) -> Sums {
        let body = bytes.len().saturating_sub(TRAILER_BYTES);
        let mut file = xxhash_rust::xxh3::Xxh3::new();
        let mut blocks = Vec::with_capacity(bytes.len().div_ceil(BLOCK_BYTES));
        for (k, block) in bytes.chunks(BLOCK_BYTES).enumerate() {
            let start = k * BLOCK_BYTES;
            file.update(&block[..body.saturating_sub(start).min(block.len())]);
            blocks.push(checksum(block));
        }
        Sums {
            file: file.digest(),
            blocks,
        }
    }

    /// The sums of the table file at `path`, read in blocks.
    fn of_file(path: &Path) -> std::io::Result<Sums> {
        let mut file = std::fs::File::open(path)?;
        let len = file.metadata()?.len() as usize;
        let body = len.saturating_sub(TRAILER_BYTES);
        let mut whole = xxhash_rust::xxh3::Xxh3::new();
        let mut blocks = Vec::with_capacity(len.div_ceil(BLOCK_BYTES));
        let mut buf = vec![0u8; BLOCK_BYTES];
        let mut start = 0;
        loop {
            let mut n = 0;
            while n < BLOCK_BYTES {
                match file.read(&mut buf[n..])? {
                    0 => break,
                    k => n += k,
                }
            }
            if n == 0 {
                break;
            }
            whole.update(&buf[..body.saturating_sub(start).min(n)]);
            blocks.push(checksum(&buf[..n]));
            start += n;
        }
        Ok(Sums {
            file: whole.digest(),
            blocks,
        })
    }
}

/// Blocks a load of a mapped table checks at once, besides those of its headers: spread
/// evenly over the file (the middle block of each of 64 equal runs), so that a run of damaged
/// blocks longer than a sixty-fourth of the file always includes one of them. The rest are
/// checked as they are read.
pub const SPOT_BLOCKS: usize = 64;

/// The blocks [`spot_check`] checks in a file of `blocks` blocks whose first `head` bytes
/// are headers: those that hold the headers, then [`SPOT_BLOCKS`] spread over the file.
///
/// ```
/// use cubework::table_cache::{BLOCK_BYTES, spot_blocks};
/// let spots = spot_blocks(1000, 256);
/// assert_eq!(spots.len(), 65);
/// assert_eq!(&spots[..3], &[0, 7, 23]);
/// assert_eq!(spot_blocks(3, BLOCK_BYTES + 1), [0, 1, 2]);
/// ```
pub fn spot_blocks(blocks: usize, head: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (0..head.div_ceil(BLOCK_BYTES).min(blocks)).collect();
    out.extend((0..SPOT_BLOCKS).map(|i| (2 * i + 1) * blocks / (2 * SPOT_BLOCKS)));
    out.retain(|&k| k < blocks);
    out.sort_unstable();
    out.dedup();
    out
}

/// Checks the blocks of [`spot_blocks`] of a whole table file's bytes (`file`, mapped)
/// against the checksums its last whole check recorded (`sums`, [`checked_sums`]): the
/// headers, whose first `head` bytes a load reads directly, and a spread sample. A block found
/// changed is an error.
pub fn spot_check(file: &[u8], sums: &Sums, head: usize) -> Result<(), CacheError> {
    let n = file.len().div_ceil(BLOCK_BYTES);
    if sums.blocks.len() != n {
        return Err(CacheError::Shape(format!(
            "{} bytes where its stamp says {} blocks",
            file.len(),
            sums.blocks.len()
        )));
    }
    for k in spot_blocks(n, head) {
        let block = &file[k * BLOCK_BYTES..((k + 1) * BLOCK_BYTES).min(file.len())];
        if checksum(block) != sums.blocks[k] {
            return Err(CacheError::Changed {
                at: (k * BLOCK_BYTES) as u64,
            });
        }
    }
    Ok(())
}

/// The checksums of each block of a stream of bytes, as they are written.
struct BlockSums {
    block: xxhash_rust::xxh3::Xxh3,
    filled: usize,
    sums: Vec<u64>,
}

impl BlockSums {
    fn new() -> BlockSums {
        BlockSums {
            block: xxhash_rust::xxh3::Xxh3::new(),
            filled: 0,
            sums: Vec::new(),
        }
    }

    fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let n = (BLOCK_BYTES - self.filled).min(bytes.len());
            self.block.update(&bytes[..n]);
            self.filled += n;
            bytes = &bytes[n..];
            if self.filled == BLOCK_BYTES {
                self.sums.push(self.block.digest());
                self.block.reset();
                self.filled = 0;
            }
        }
    }

    fn finish(mut self) -> Vec<u64> {
        if self.filled > 0 {
            self.sums.push(self.block.digest());
        }
        self.sums
    }
}

/// What follows the identity line in a stamp.
const STAMP_TAG: &[u8] = b"xxh3 blocks\n";

/// Records that the table file at `path`, as it is now, passed every check (header,
/// checksum, the table's own), with the checksums of its contents (read from the file):
/// [`checked_since`] is true until the file changes, and [`checked_sums`] gives the sums. Done
/// after a whole load; a stamp that cannot be written only costs a later load or listing a
/// whole check.
pub fn mark_checked(path: &Path) {
    // Where no stamp can be written (a read-only directory), the file is not read for one.
    let stamp = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(stamp_path(path));
    if stamp.is_err() {
        return;
    }
    if let Ok(sums) = Sums::of_file(path) {
        mark_checked_with(path, &sums);
    }
}

/// [`mark_checked`] with the sums of the file's contents already known: those of the bytes
/// just checked, or just written.
pub fn mark_checked_with(path: &Path, sums: &Sums) {
    let Ok(meta) = std::fs::metadata(path) else {
        return;
    };
    let mut stamp = identity(&meta).into_bytes();
    stamp.extend_from_slice(STAMP_TAG);
    for v in [sums.file, BLOCK_BYTES as u64, sums.blocks.len() as u64]
        .iter()
        .chain(&sums.blocks)
    {
        stamp.extend_from_slice(&v.to_le_bytes());
    }
    let sum = checksum(&stamp);
    stamp.extend_from_slice(&sum.to_le_bytes());
    let _ = std::fs::write(stamp_path(path), stamp);
}

/// Forgets that the table file at `path` was checked: the next load checks it whole (and,
/// if it is damaged, rebuilds it). For a file found damaged in use.
pub fn forget_checked(path: &Path) {
    let _ = std::fs::remove_file(stamp_path(path));
}

/// The stamp of `path`: its identity line and the sums, if it is whole (its own checksum
/// right) and of this format.
fn read_stamp(path: &Path) -> Option<(String, Sums)> {
    let stamp = std::fs::read(stamp_path(path)).ok()?;
    let (body, sum) = stamp.split_at_checked(stamp.len().checked_sub(8)?)?;
    if checksum(body).to_le_bytes() != sum {
        return None;
    }
    let line = body.iter().position(|&b| b == b'\n')? + 1;
    let (ident, rest) = body.split_at(line);
    let words = rest.strip_prefix(STAMP_TAG)?;
    let (words, []) = words.as_chunks::<8>() else {
        return None;
    };
    let words: Vec<u64> = words.iter().map(|w| u64::from_le_bytes(*w)).collect();
    let [file, block, n, blocks @ ..] = &words[..] else {
        return None;
    };
    if *block != BLOCK_BYTES as u64 || *n != blocks.len() as u64 {
        return None;
    }
    let ident = String::from_utf8(ident.to_vec()).ok()?;
    Some((
        ident,
        Sums {
            file: *file,
            blocks: blocks.to_vec(),
        },
    ))
}

/// Whether the table file at `path` is the very file last marked checked ([`mark_checked`]):
/// same length, modification time and inode. What the listing trusts; a load trusts the
/// sums ([`checked_sums`]) only for bytes it checks against them.
pub fn checked_since(path: &Path) -> bool {
    checked_sums(path).is_some()
}

/// The checksums recorded when the table file at `path` was last checked whole, if it is
/// still that file (same length, modification time and inode): what the file's bytes must
/// hash to. They say what the contents were, not that they still are: a file changed in
/// place, its time put back, keeps its stamp, so a load checks the bytes it uses against the
/// sums (the whole file through its checksum, or a mapped table block by block).
pub fn checked_sums(path: &Path) -> Option<Sums> {
    let meta = std::fs::metadata(path).ok()?;
    let (ident, sums) = read_stamp(path)?;
    (ident == identity(&meta) && sums.blocks.len() == (meta.len() as usize).div_ceil(BLOCK_BYTES))
        .then_some(sums)
}

/// A table file's bytes: header, `payload`, checksum.
///
/// ```
/// use cubework::table_cache::{TableFile, file_bytes, HEADER_BYTES, TRAILER_BYTES};
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
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
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
        sum.update(part);
        blocks.update(part);
        out.write_all(part)?;
    }
    let file = sum.digest();
    blocks.update(&file.to_le_bytes());
    out.write_all(&file.to_le_bytes())?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
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
/// use cubework::table_cache::{TableFile, load_or_build};
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
        |path| read(path, spec).and_then(|p| decode(&p).map_err(CacheError::Inconsistent)),
        || Ok::<T, std::convert::Infallible>(build()),
        |t| vec![std::borrow::Cow::Owned(encode(t))],
    );
    match built {
        Ok(done) => done,
        Err(never) => match never {},
    }
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
mod tests {
    use super::*;

    const SPEC: TableFile = TableFile {
        name: "test-table",
        version: 3,
        max_payload: 1000,
    };

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cubework-cache-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn payload() -> Vec<u8> {
        (0..500u32).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn environment_variable_overrides_the_cache_directory() {
        assert_eq!(
            cache_dir_from(Some("/tmp/x".into())),
            Some(PathBuf::from("/tmp/x"))
        );
        // Empty counts as unset.
        assert_ne!(cache_dir_from(Some("".into())), Some(PathBuf::from("")));
    }

    #[test]
    fn files_round_trip_and_every_kind_of_damage_is_named() {
        let good = file_bytes(&SPEC, &payload());
        assert_eq!(
            decode(good.clone(), &SPEC),
            Ok((payload(), checksum(&good[..good.len() - 8])))
        );
        let damaged = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut b = good.clone();
            f(&mut b);
            decode(b, &SPEC).unwrap_err()
        };
        assert!(matches!(
            damaged(&|b| b.truncate(b.len() - 1)),
            CacheError::Truncated(_)
        ));
        assert!(matches!(
            damaged(&|b| b.truncate(20)),
            CacheError::Truncated(20)
        ));
        assert_eq!(damaged(&|b| b[0] = b'X'), CacheError::Magic);
        assert!(matches!(damaged(&|b| b[8] = b'X'), CacheError::Name { .. }));
        assert!(matches!(
            damaged(&|b| b[32] = 9),
            CacheError::Version {
                found: 9,
                expected: 3
            }
        ));
        assert!(matches!(
            damaged(&|b| b[300] ^= 0x10),
            CacheError::Checksum { .. }
        ));
        assert!(matches!(damaged(&|b| b.push(0)), CacheError::Shape(_)));
        // Every message reads after "the cache file PATH".
        for e in [
            CacheError::Magic,
            CacheError::Missing,
            CacheError::NotAFile("a FIFO"),
        ] {
            let text = e.to_string();
            assert!(
                text.starts_with("is ") || text.starts_with("does "),
                "{text}"
            );
        }
    }

    #[test]
    fn special_files_and_oversized_files_are_refused_unread() {
        let dir = temp_dir("special");
        assert_eq!(
            read(&dir, &SPEC).unwrap_err(),
            CacheError::NotAFile("a directory")
        );
        #[cfg(unix)]
        {
            // Reading a FIFO would block forever: it must be refused from its metadata.
            let fifo = dir.join("fifo.bin");
            let made = std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .is_ok_and(|s| s.success());
            if made {
                assert_eq!(
                    read(&fifo, &SPEC).unwrap_err(),
                    CacheError::NotAFile("a FIFO")
                );
            }
            let dev = Path::new("/dev/zero");
            if dev.exists() {
                assert_eq!(
                    read(dev, &SPEC).unwrap_err(),
                    CacheError::NotAFile("a device")
                );
            }
        }
        let big = dir.join("big.bin");
        std::fs::write(&big, vec![0u8; 2000]).unwrap();
        assert!(matches!(
            read(&big, &SPEC).unwrap_err(),
            CacheError::TooLarge { size: 2000, .. }
        ));
        assert_eq!(
            read(&dir.join("absent.bin"), &SPEC).unwrap_err(),
            CacheError::Missing
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_and_inconsistent_files_are_rebuilt_and_named() {
        let dir = temp_dir("rebuild");
        let decode = |b: &[u8]| -> Result<Vec<u8>, String> {
            if b == payload().as_slice() {
                Ok(b.to_vec())
            } else {
                Err("not the expected bytes".into())
            }
        };
        let encode = |t: &Vec<u8>| t.clone();
        // Missing: built and saved, nothing to complain of.
        let (t, report) = load_or_build(&SPEC, Some(&dir), decode, payload, encode);
        assert_eq!(t, payload());
        assert!(!report.loaded && report.save_error.is_none());
        let path = SPEC.path_in(&dir);
        assert_eq!(
            report.to_string().split(" ms").nth(1),
            Some(format!(", saved to {}", path.display()).as_str())
        );
        // Present: loaded without building.
        let (_, report) = load_or_build(&SPEC, Some(&dir), decode, || panic!("loads"), encode);
        assert!(report.loaded);
        assert!(report.to_string().starts_with("loaded from"));
        // Damaged: rebuilt, the message names the file and what is wrong.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[100] ^= 0xFF;
        std::fs::write(&path, &bytes).unwrap();
        let (t, report) = load_or_build(&SPEC, Some(&dir), decode, payload, encode);
        assert_eq!(t, payload());
        let text = report.to_string();
        assert!(
            text.contains(&format!(
                "because the cache file {} is damaged",
                path.display()
            )),
            "{text}"
        );
        assert_eq!(read(&path, &SPEC), Ok(payload()));
        // Right checksum, wrong contents: the decoder's complaint, and a rebuild.
        std::fs::write(&path, file_bytes(&SPEC, b"wrong")).unwrap();
        let (t, report) = load_or_build(&SPEC, Some(&dir), decode, payload, encode);
        assert_eq!(t, payload());
        assert!(
            report
                .to_string()
                .contains("is inconsistent: not the expected bytes"),
            "{report}"
        );
        // No directory: built, not saved.
        let (_, report) = load_or_build(&SPEC, None, decode, payload, encode);
        assert!(report.path.is_none() && !report.loaded);
        // A directory that cannot be made: built, the save error reported.
        let blocker = dir.join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let (_, report) = load_or_build(&SPEC, Some(&blocker.join("sub")), decode, payload, encode);
        assert!(report.save_error.is_some(), "{report}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_directory_in_place_of_the_file_is_not_written_over() {
        let dir = temp_dir("dir-in-place");
        std::fs::create_dir_all(SPEC.path_in(&dir)).unwrap();
        let (_, report) = load_or_build(
            &SPEC,
            Some(&dir),
            |_| Err("x".into()),
            payload,
            |t| t.clone(),
        );
        assert_eq!(report.problem, Some(CacheError::NotAFile("a directory")));
        assert!(report.save_error.is_some());
        assert!(SPEC.path_in(&dir).is_dir());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_files_of_killed_saves_are_removed_by_the_next_save() {
        let dir = temp_dir("temporaries");
        let path = SPEC.path_in(&dir);
        // A process id that cannot be running (above Linux's pid_max).
        let stale = temporary_name(&path, 4_999_999, 1);
        std::fs::write(&stale, b"half a table").unwrap();
        let other = dir.join("other.bin.tmp-4999999-1");
        std::fs::write(&other, b"not ours").unwrap();
        write(&path, &SPEC, &payload()).unwrap();
        if Path::new("/proc").is_dir() {
            assert!(!stale.exists(), "the stale temporary file is still there");
        }
        assert!(other.exists(), "another table's temporary file was removed");
        assert_eq!(read(&path, &SPEC), Ok(payload()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_records_the_checksums_of_its_blocks_as_a_whole_read_makes_them() {
        let dir = temp_dir("sums");
        let spec = TableFile {
            name: "test-sums",
            version: 1,
            max_payload: 1 << 20,
        };
        // Six whole blocks and part of a seventh.
        let payload: Vec<u8> = (0..100_000u32).map(|i| (i * 31 % 253) as u8).collect();
        let path = spec.path_in(&dir);
        let (_, report) = load_or_build(
            &spec,
            Some(&dir),
            |_| Err("never loaded".into()),
            || payload.clone(),
            |t| t.clone(),
        );
        assert!(report.save_error.is_none(), "{report}");
        let bytes = std::fs::read(&path).unwrap();
        let sums = Sums::of(&bytes);
        assert_eq!(sums.blocks.len(), 7);
        assert_eq!(checked_sums(&path), Some(sums.clone()));
        assert_eq!(Sums::of_file(&path).unwrap(), sums);
        // A stamp of the old format (the identity line alone), or one cut short, is none.
        let stamp = stamp_path(&path);
        let full = std::fs::read(&stamp).unwrap();
        let line = full.iter().position(|&b| b == b'\n').unwrap() + 1;
        std::fs::write(&stamp, &full[..line]).unwrap();
        assert!(!checked_since(&path));
        std::fs::write(&stamp, &full[..full.len() - 1]).unwrap();
        assert!(!checked_since(&path));
        mark_checked(&path);
        assert_eq!(checked_sums(&path), Some(sums.clone()));
        forget_checked(&path);
        assert!(!checked_since(&path));
        // The spot check finds a change in a block it checks, and only there.
        let spots = spot_blocks(7, HEADER_BYTES);
        assert!(spots.contains(&0) && spots.len() == 7, "{spots:?}");
        let mut changed = bytes.clone();
        changed[3 * BLOCK_BYTES + 5] ^= 1;
        assert_eq!(
            spot_check(&changed, &sums, HEADER_BYTES),
            Err(CacheError::Changed {
                at: 3 * BLOCK_BYTES as u64
            })
        );
        let spots = spot_blocks(1000, HEADER_BYTES);
        let unchecked = (0..1000).find(|k| !spots.contains(k)).unwrap();
        let big = vec![0u8; 1000 * BLOCK_BYTES];
        let mut sums = Sums::of(&big);
        sums.blocks[unchecked] ^= 1;
        assert_eq!(spot_check(&big, &sums, HEADER_BYTES), Ok(()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporaries_are_listed_with_whether_their_process_runs() {
        let dir = temp_dir("leftovers");
        let path = SPEC.path_in(&dir);
        let gone = temporary_name(&path, 4_999_999, 3);
        let running = temporary_name(&path, std::process::id(), 4);
        std::fs::write(&gone, b"half").unwrap();
        std::fs::write(&running, b"being written").unwrap();
        std::fs::write(dir.join("other.bin.tmp-4999999-1"), b"not ours").unwrap();
        let found = temporaries(&path);
        assert_eq!(found.len(), 2, "{found:?}");
        let of = |p: &Path| found.iter().find(|t| t.path == p).unwrap().clone();
        assert_eq!(of(&gone).pid, Some(4_999_999));
        assert_eq!(of(&gone).bytes, 4);
        assert!(of(&running).live);
        if Path::new("/proc").is_dir() {
            assert!(!of(&gone).live);
            let removed = remove_stale_temporaries(&path);
            assert_eq!(removed.len(), 1);
            assert_eq!(removed[0].path, gone);
            assert!(!gone.exists() && running.exists());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn file_states_for_listing() {
        let dir = temp_dir("states");
        assert_eq!(file_state(&SPEC, None), FileState::NoCache);
        assert_eq!(file_state(&SPEC, Some(&dir)), FileState::Missing);
        write(&SPEC.path_in(&dir), &SPEC, &payload()).unwrap();
        assert_eq!(file_state(&SPEC, Some(&dir)), FileState::Built);
        std::fs::write(SPEC.path_in(&dir), b"junk").unwrap();
        assert!(matches!(
            file_state(&SPEC, Some(&dir)),
            FileState::Damaged(_)
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
