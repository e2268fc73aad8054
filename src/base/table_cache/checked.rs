//! Checked marks: the stamp beside a table file that records that it passed every check,
//! for which version of the file, with the checksum of each of its blocks, so that a later
//! load need not read it whole and a mapped table can check each block the first time a
//! search reads it.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::{CacheError, TRAILER_BYTES, checksum};

/// The file beside a table file that records when it was last checked whole:
/// `PATH.checked`.
pub(super) fn stamp_path(path: &Path) -> PathBuf {
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
/// use cubework::base::table_cache::{BLOCK_BYTES, Sums, TableFile, checksum, file_bytes};
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
    pub(super) fn of_file(path: &Path) -> std::io::Result<Sums> {
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
/// use cubework::base::table_cache::{BLOCK_BYTES, spot_blocks};
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
pub(super) struct BlockSums {
    block: xxhash_rust::xxh3::Xxh3,
    filled: usize,
    sums: Vec<u64>,
}

impl BlockSums {
    pub(super) fn new() -> BlockSums {
        BlockSums {
            block: xxhash_rust::xxh3::Xxh3::new(),
            filled: 0,
            sums: Vec::new(),
        }
    }

    pub(super) fn update(&mut self, mut bytes: &[u8]) {
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

    pub(super) fn finish(mut self) -> Vec<u64> {
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
