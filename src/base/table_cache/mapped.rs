//! A table file mapped read-only and its bytes trusted, one routine for every mapped table:
//! checked whole through its checksum, or — if its stamp records the checksums of these very
//! contents — its headers and a spread sample of its blocks checked against them, the other
//! blocks left for the table to check as a search first reads them.

#[cfg(doc)]
use super::mark_checked_with;

use std::path::Path;

use super::{
    CacheError, HEADER_BYTES, MappingGuard, Sums, TRAILER_BYTES, TableFile, checked_sums, inspect,
    map_table, spot_check,
};

/// How a mapped table file's bytes were found good.
#[derive(Debug)]
pub enum Check {
    /// Its headers and a sample of its blocks matched the checksums its stamp recorded when
    /// it was last checked whole: the table checks each other block against them (the
    /// sums' `blocks`) the first time it reads it.
    Recorded(Sums),
    /// Read whole now, its checksum matching: the table's own checks come next, and if they
    /// pass the file is stamped with these sums ([`mark_checked_with`]).
    Whole(Sums),
}

/// A table file mapped read-only, its bytes checked as [`map_checked`] says.
pub struct MappedFile {
    /// The whole file: header, payload, checksum.
    pub map: memmap2::Mmap,
    /// Names the file if it is cut short while mapped; dropped before the map.
    pub guard: MappingGuard,
    /// The payload's length in bytes.
    pub payload: usize,
    /// How its bytes were found good.
    pub check: Check,
}

impl MappedFile {
    /// The payload's bytes.
    pub fn payload(&self) -> &[u8] {
        &self.map[HEADER_BYTES..HEADER_BYTES + self.payload]
    }
}

/// Maps the table file `path` of `spec` and checks it, trusting nothing: a FIFO, a device,
/// anything but a regular file, a wrong header or size is refused unread ([`inspect`]); a
/// payload other than `payload_len` bytes, where the format fixes its length, is
/// [`CacheError::Shape`]. Unless `whole`, a file whose stamp records the checksums of its
/// contents has its first `head` payload bytes (the table's own header, which a load reads
/// directly) and a sample of its blocks checked against them ([`Check::Recorded`]);
/// otherwise it is read whole and its checksum compared ([`Check::Whole`]).
pub fn map_checked(
    path: &Path,
    spec: &TableFile,
    head: usize,
    whole: bool,
    payload_len: Option<usize>,
) -> Result<MappedFile, CacheError> {
    let payload = inspect(path, spec)? as usize;
    if payload_len.is_some_and(|len| len != payload) {
        return Err(CacheError::Shape(format!("a payload of {payload} bytes")));
    }
    let end = HEADER_BYTES + payload;
    let (map, guard) = map_table(path, end + TRAILER_BYTES)?;
    let stored = u64::from_le_bytes(map[end..end + 8].try_into().expect("8 bytes"));
    let recorded = (!whole)
        .then(|| checked_sums(path))
        .flatten()
        .filter(|sums| sums.file == stored);
    let check = match recorded {
        Some(sums) => {
            spot_check(&map, &sums, HEADER_BYTES + head)?;
            Check::Recorded(sums)
        }
        None => {
            let sums = Sums::of(&map);
            if sums.file != stored {
                return Err(CacheError::Checksum {
                    stored,
                    computed: sums.file,
                });
            }
            Check::Whole(sums)
        }
    };
    Ok(MappedFile {
        map,
        guard,
        payload,
        check,
    })
}
