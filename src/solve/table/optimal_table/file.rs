//! A table's cache file: its name, the notice before it is built, and the payload (a
//! header of kind, depth counts and fingerprint, then the distances, then the stripes'
//! floors) written, read, mapped and checked.

use super::storage::{Blocks, Dist, Store};
use super::{AxisCoord, AxisMoves, AxisTable, MAX_DEPTH, ROW_BYTES, SliceKind, floor_bytes};
use crate::base::table_cache::{CacheError, CacheReport, TableFile};
use crate::solve::SolveError;
use crate::solve::model::coord::{N_FLIP, N_TWIST};
use crate::solve::model::cubie::CubieCube;

/// The format version of the table files.
pub const FORMAT_VERSION: u32 = 2;

/// Bytes of a payload before the distances: kind, depths, the counts, the fingerprint.
pub(crate) const PAYLOAD_HEADER: usize = 8 + 8 * MAX_DEPTH + 8;

/// The cache file of a table: `optimal.bin` (sorted slice, 910 MB), `optimal-small.bin`
/// (slice position, Reid's, 52 MB), `optimal-large.bin` (slice position and corner split,
/// 2.69 GB) or `optimal-huge.bin` (sorted slice, corner split, the U and D edges' flips: 7.59
/// GB).
///
/// ```
/// use cubework::solve::table::optimal_table::{SliceKind, table_file};
/// assert_eq!(table_file(SliceKind::SortedCorners).file_name(), "optimal-huge.bin");
/// assert_eq!(table_file(SliceKind::SortedCorners).max_payload, 7_584_886_000);
/// assert_eq!(table_file(SliceKind::Sorted).file_name(), "optimal.bin");
/// assert_eq!(table_file(SliceKind::Position).file_name(), "optimal-small.bin");
/// ```
pub fn table_file(kind: SliceKind) -> TableFile {
    let classes = match kind {
        SliceKind::Position => 45,
        SliceKind::Sorted => 788,
        SliceKind::Corners => 2329,
        SliceKind::SortedCorners => 52_524,
    };
    TableFile {
        name: match kind {
            SliceKind::Position => "optimal-small",
            SliceKind::Sorted => "optimal",
            SliceKind::Corners => "optimal-large",
            SliceKind::SortedCorners => "optimal-huge",
        },
        version: FORMAT_VERSION,
        max_payload: (PAYLOAD_HEADER
            + classes * kind.flips() * ROW_BYTES
            + floor_bytes(classes * kind.flips() * ROW_BYTES)) as u64,
    }
}

/// CPU-seconds a build of each table takes, the least and the most measured (a build's
/// CPU time hardly changes with the load; its wall-clock time does): the small one 6.05 on a
/// 2-core AMD EPYC with AVX-512 VBMI (9.5 s wall at load average 3.3; about 12 where AVX2 is
/// the best path); the medium one 83.6 on a quiet 2-core Intel Xeon (41.8 s), 90.2 on the
/// AMD EPYC with AVX-512 VBMI (3 min 33 s wall while other builds kept the load average near
/// 10) and 232 where AVX2 is the best path; the large one 299 (477 s on two cores shared with
/// other work) to about 600; the huge one 857 in its one build measured (9 min 37 s wall, two
/// threads, a niced build of vcube's table sharing the cores), the most taken as twice that,
/// as the large one's figures are apart.
fn build_cpu_seconds(kind: SliceKind) -> (f64, f64) {
    match kind {
        SliceKind::Position => (6.0, 12.0),
        SliceKind::Sorted => (84.0, 232.0),
        SliceKind::Corners => (299.0, 600.0),
        SliceKind::SortedCorners => (857.0, 1714.0),
    }
}

/// A span of seconds in words: `3–6 s`, `42 s to 2 minutes`, `2–5 minutes`.
fn time_span(least: f64, most: f64) -> String {
    let minutes = |s: f64| format!("{:.0}", s / 60.0);
    match (least < 90.0, most < 90.0) {
        (true, true) => format!("{:.0}–{:.0} s", least.max(1.0), most.max(1.0)),
        (true, false) => format!("{:.0} s to {} minutes", least.max(1.0), minutes(most)),
        _ => format!("{}–{} minutes", minutes(least), minutes(most)),
    }
}

/// The line said on standard error, terminal or not, when a table must be built before a
/// search can start: what, how big, the CPU-seconds it takes as measured and so about how
/// long on `threads` threads with the cores to itself (longer when other work shares them),
/// and where it will be kept; and, when its file was there but not used, why (`rebuilt`,
/// see [`rebuild_reason`]).
///
/// ```
/// use cubework::solve::table::optimal_table::{SliceKind, build_notice};
/// let path = std::path::Path::new("/c/optimal.bin");
/// let line = build_notice(SliceKind::Sorted, 2, Some(path), None);
/// assert_eq!(
///     line,
///     "cubework: building the optimal solver's table first (once): 910 MB, 84–232 CPU-seconds as measured on 2-core AMD EPYC and Intel Xeon machines, so 42 s to 2 minutes on 2 threads with the cores free, longer while other work shares them; it will be saved to /c/optimal.bin"
/// );
/// let line = build_notice(SliceKind::Sorted, 2, Some(path), Some("the cache file /c/optimal.bin is truncated (9 bytes)"));
/// assert!(line.starts_with(
///     "cubework: building the optimal solver's table again, because the cache file /c/optimal.bin is truncated (9 bytes): 910 MB,"
/// ));
/// ```
pub fn build_notice(
    kind: SliceKind,
    threads: usize,
    path: Option<&std::path::Path>,
    rebuilt: Option<&str>,
) -> String {
    let mb = table_file(kind).max_payload as f64 / 1e6;
    let (least, most) = build_cpu_seconds(kind);
    let on = threads.max(1) as f64;
    let time = time_span(least / on, most / on);
    let threads = match threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    let kept = match path {
        Some(p) => format!("it will be saved to {}", p.display()),
        None => "no cache directory, so it is not kept".to_string(),
    };
    let when = match rebuilt {
        Some(why) => format!("again, because {why}"),
        None => "first (once)".to_string(),
    };
    format!(
        "cubework: building the optimal solver's table {when}: {mb:.0} MB, {least:.0}–{most:.0} CPU-seconds as measured on 2-core AMD EPYC and Intel Xeon machines, so {time} on {threads} with the cores free, longer while other work shares them; {kept}"
    )
}

/// Why the last load of an optimal table ([`load_or_build_in`]) did not use the file that
/// was there (`the cache file PATH is damaged: …`), when it did not: for the build notice.
static REBUILD_REASON: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Why the optimal table being built is built again: its file was there, but damaged or
/// inconsistent (see [`build_notice`]); `None` if there was no file.
pub fn rebuild_reason() -> Option<String> {
    REBUILD_REASON
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
}

impl AxisTable {
    /// The table as its cache file's payload: slice kind and deepest depth (u32 each), the
    /// entries at each depth ([`MAX_DEPTH`] u64s), the move tables' fingerprint, then the
    /// distances and the stripes' floors.
    pub fn to_payload(&self) -> Vec<u8> {
        let mut out = self.payload_header();
        out.extend_from_slice(&self.dist);
        out
    }

    /// The payload's first [`PAYLOAD_HEADER`] bytes; the distances follow.
    fn payload_header(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(PAYLOAD_HEADER);
        out.extend_from_slice(&self.moves.kind.code().to_le_bytes());
        out.extend_from_slice(&(self.max_depth() as u32).to_le_bytes());
        for d in 0..MAX_DEPTH {
            let n = self.counts.get(d).copied().unwrap_or(0);
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.moves.fingerprint().to_le_bytes());
        out
    }

    /// The payload as two pieces, header and the distances themselves (lent, not copied):
    /// saving a table of hundreds of megabytes does not double it in memory.
    pub fn payload_parts(&self) -> [std::borrow::Cow<'_, [u8]>; 2] {
        [
            std::borrow::Cow::Owned(self.payload_header()),
            std::borrow::Cow::Borrowed(&self.dist),
        ]
    }

    /// Reads a payload written by [`to_payload`](AxisTable::to_payload), trusting nothing:
    /// the kind, the sizes, the fingerprint of this program's move tables, the counts (they
    /// must add up to the entries, and the entries of each residue mod 3 must be as many as
    /// the counts say), no entry left empty, no floor deeper than the table and solved's 0,
    /// no sampled entry below its stripe's floor, and walks down to solved from sampled cubes and
    /// each of their neighbours: a sampled entry's distance must be one more than its nearest
    /// neighbour's.
    pub fn from_payload(kind: SliceKind, bytes: Vec<u8>) -> Result<AxisTable, String> {
        let (moves, counts) = Self::read_payload_header(kind, &bytes)?;
        let table = AxisTable {
            floors_at: moves.rows() * ROW_BYTES,
            moves,
            dist: Dist::owned(bytes, PAYLOAD_HEADER),
            counts,
        };
        table.check()?;
        Ok(table)
    }

    /// The table in the cache file `path`, mapped read-only rather than read: loading costs
    /// a header's reading, and processes that map one file share one copy of it in memory.
    /// The file's header is checked ([`crate::base::table_cache::inspect`]) and the payload's (kind,
    /// sizes, counts, move tables). If the file's stamp records the checksums of its contents
    /// when it was last checked whole ([`crate::base::table_cache::checked_sums`]), for the checksum
    /// the file still holds, the blocks that hold the headers and a spread sample of the
    /// others are checked against them at once ([`crate::base::table_cache::spot_check`]) and every
    /// other block the first time it is read ([`AxisTable::value`]); otherwise the file is
    /// checked whole, through its checksum and the checks of
    /// [`from_payload`](AxisTable::from_payload), and marked checked.
    pub fn map(kind: SliceKind, path: &std::path::Path) -> Result<AxisTable, CacheError> {
        Self::map_checked(kind, path, false)
    }

    /// Whether the cache file `path` holds a good table of `kind`: mapped, and put through
    /// the checksum and every check of [`from_payload`](AxisTable::from_payload) however
    /// recently it was checked (`tables check`); marked checked if it passes.
    pub fn check_file(kind: SliceKind, path: &std::path::Path) -> Result<(), CacheError> {
        Self::map_checked(kind, path, true).map(|_| ())
    }

    /// [`map`](AxisTable::map), checking the file whole if `whole` or if its stamp does not
    /// record the checksums of its contents.
    fn map_checked(
        kind: SliceKind,
        path: &std::path::Path,
        whole: bool,
    ) -> Result<AxisTable, CacheError> {
        use crate::base::table_cache::{Check, HEADER_BYTES, MappedFile};
        let file = crate::base::table_cache::map_checked(
            path,
            &table_file(kind),
            PAYLOAD_HEADER,
            whole,
            None,
        )?;
        let dist_at = HEADER_BYTES + PAYLOAD_HEADER;
        let (moves, counts) =
            Self::read_payload_header(kind, file.payload()).map_err(CacheError::Inconsistent)?;
        let MappedFile {
            map,
            guard,
            payload,
            check,
        } = file;
        let (blocks, fresh) = match check {
            Check::Recorded(sums) => (Some(Blocks::new(sums.blocks, &map, dist_at, path)), None),
            Check::Whole(sums) => (None, Some(sums)),
        };
        let store = Store::Mapped {
            map,
            blocks,
            path: path.to_path_buf(),
            _guard: guard,
        };
        let table = AxisTable {
            floors_at: moves.rows() * ROW_BYTES,
            moves,
            dist: Dist::new(store, dist_at, payload - PAYLOAD_HEADER),
            counts,
        };
        if let Some(sums) = fresh {
            table.check().map_err(CacheError::Inconsistent)?;
            crate::base::table_cache::mark_checked_with(path, &sums);
        }
        Ok(table)
    }

    /// The payload's header read and checked against `kind` and this program's move tables:
    /// the moves, and the counts at each depth.
    fn read_payload_header(kind: SliceKind, bytes: &[u8]) -> Result<(AxisMoves, Vec<u64>), String> {
        let moves = AxisMoves::new(kind);
        let dist = moves.rows() * ROW_BYTES;
        let want = PAYLOAD_HEADER + dist + floor_bytes(dist);
        if bytes.len() != want {
            return Err(format!(
                "a payload of {} bytes, expected {want}",
                bytes.len()
            ));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        if u32_at(0) != kind.code() {
            return Err(format!("not the {} table", kind.name()));
        }
        let max = u32_at(4) as usize;
        if max >= MAX_DEPTH {
            return Err(format!("a depth of {max}"));
        }
        let counts: Vec<u64> = (0..=max).map(|d| u64_at(8 + 8 * d)).collect();
        if counts.iter().sum::<u64>() != moves.entries() || counts.contains(&0) {
            return Err("depth counts that do not add up to the table".into());
        }
        if u64_at(8 + 8 * MAX_DEPTH) != moves.fingerprint() {
            return Err("move tables other than this program's".into());
        }
        Ok((moves, counts))
    }

    /// The checks of [`from_payload`](AxisTable::from_payload) on the distances.
    fn check(&self) -> Result<(), String> {
        let mut by_residue = [0u64; 3];
        for (d, n) in self.counts.iter().enumerate() {
            by_residue[d % 3] += n;
        }
        let seen = residue_counts(&self.dist[..self.floors_at]);
        // The padding entry of every row is the only empty one.
        let rows = self.moves.rows() as u64;
        if seen[3] != rows || seen[..3] != by_residue {
            return Err(format!(
                "entries by value {seen:?}, where the depth counts make {by_residue:?} and {rows} padding"
            ));
        }
        // No stripe's floor is deeper than the table, and solved's is 0.
        let max = self.max_depth();
        if let Some(k) = self.dist[self.floors_at..]
            .iter()
            .position(|&b| b & 15 > max || b >> 4 > max)
        {
            return Err(format!(
                "a floor deeper than the table in byte {k} of the floors"
            ));
        }
        if self.floor::<false>(0) != 0 {
            return Err("a floor above solved's distance under it".into());
        }
        let m = &self.moves;
        // An entry's exact distance, and its stripe's floor at most that.
        let depth = |c: AxisCoord| {
            let d = self
                .exact_depth(c)
                .filter(|&d| d <= self.max_depth())
                .ok_or_else(|| format!("no way down to solved from entry {}", m.index(c)))?;
            if self.floor::<false>(m.index(c)) > d {
                return Err(format!(
                    "entry {} is {d} from solved, below its stripe's floor",
                    m.index(c)
                ));
            }
            Ok(d)
        };
        let beside = |c: AxisCoord| {
            move |e: String| format!("{e}, a neighbour of sampled entry {}", m.index(c))
        };
        let sample = self.sample();
        // Every sampled entry walks down to solved within the table's depth ...
        let depths = sample
            .iter()
            .map(|&c| depth(c))
            .collect::<Result<Vec<u8>, String>>()?;
        // ... in as many moves as a one-move search says: one more than its nearest
        // neighbour's. Entries moved or exchanged behind a good checksum and good counts break
        // this where the sample meets them.
        for (&c, &d) in sample.iter().zip(&depths) {
            if m.index(c) == 0 {
                continue;
            }
            let mut nearest = u8::MAX;
            for k in 0..18 {
                nearest = nearest.min(depth(m.step(c, k)).map_err(beside(c))?);
            }
            if d != nearest + 1 {
                return Err(format!(
                    "entry {} walks down in {d} moves, but its nearest neighbour is {nearest} from solved",
                    m.index(c)
                ));
            }
        }
        Ok(())
    }

    /// The coordinates whose entries loading checks against a one-move search (see
    /// [`from_payload`](AxisTable::from_payload)): 256, spread over the table by a fixed
    /// pseudo-random sequence.
    pub fn sample(&self) -> Vec<AxisCoord> {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        (0..256)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let cube = CubieCube::from_twist((x % N_TWIST as u64) as usize);
                self.moves.with_slice(
                    (x >> 20) as usize % self.moves.kind.values(),
                    ((x >> 40) % N_FLIP as u64) as u16,
                    cube.twist() as u16,
                )
            })
            .collect()
    }
}

/// How many two-bit entries of `bytes` hold 0, 1, 2 and 3.
fn residue_counts(bytes: &[u8]) -> [u64; 4] {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let mut n = [0u64; 4];
    let (words, rest) = bytes.as_chunks::<8>();
    for w in words {
        let w = u64::from_le_bytes(*w);
        let (lo, hi) = (w & LOW, w >> 1 & LOW);
        n[1] += (lo & !hi).count_ones() as u64;
        n[2] += (!lo & hi & LOW).count_ones() as u64;
        n[3] += (lo & hi).count_ones() as u64;
    }
    for &b in rest {
        for k in 0..4 {
            n[(b >> (2 * k) & 3) as usize] += 1;
        }
    }
    n[0] = bytes.len() as u64 * 4 - n[1] - n[2] - n[3];
    n
}

/// Loads the table of `kind` from the cache in `dir`, or builds it on `threads` threads
/// (`progress` hears how far) and saves it; an error if Ctrl-C stopped the build, and then
/// nothing is saved, or if the table does not fit in the memory or disk there is
/// ([`crate::base::table_cache::room`]), and then nothing is built.
pub fn load_or_build_in(
    kind: SliceKind,
    dir: Option<&std::path::Path>,
    threads: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(AxisTable, CacheReport), SolveError> {
    crate::base::table_cache::try_load_or_build(
        &table_file(kind),
        dir,
        |path| {
            let loaded = AxisTable::map(kind, path);
            *REBUILD_REASON.lock().unwrap_or_else(|e| e.into_inner()) = match &loaded {
                Err(CacheError::Missing) | Ok(_) => None,
                Err(e) => Some(format!("the cache file {} {e}", path.display())),
            };
            loaded
        },
        || {
            let spec = table_file(kind);
            crate::base::table_cache::room::Room::here(dir).check(
                spec.name,
                spec.max_payload,
                spec.max_file(),
            )?;
            AxisTable::build(kind, threads, progress).map(|(t, _)| t)
        },
        |t| t.payload_parts().to_vec(),
    )
}
