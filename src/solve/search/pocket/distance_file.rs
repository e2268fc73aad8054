//! The distance tables on disk, through the checksummed store of [`crate::base::table_cache`]: one file
//! per metric, `pocket-qtm.bin` and `pocket-htm.bin`, whose payload is, little-endian:
//!
//! | offset | size      | field                                             |
//! |--------|-----------|---------------------------------------------------|
//! | 0      | 1         | metric: 0 quarter-turn, 1 half-turn               |
//! | 1      | 3         | zero                                              |
//! | 4      | 4         | number of distances D (God's number + 1)          |
//! | 8      | 8·D       | states at each distance                           |
//! | 8 + 8D | 918,540   | distances mod 3, four states a byte               |
//!
//! Nothing in it is trusted: besides the store's own checks, the counts must be the known
//! distribution ([`known_distribution`]), the values must occur as often as the counts say,
//! and every state but solved must have a neighbour one move closer
//! (`DistanceTable::from_parts`), or the table is built again.

use std::path::{Path, PathBuf};

use super::state::STATES;
use super::table::DistanceTable;
use crate::base::table_cache::{self, CacheError, CacheReport, TableFile};
use crate::turn::metric::Metric;

/// The payload's format version; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 2;
const MAX_DEPTHS: usize = 64;

/// The cache file of a metric's table.
///
/// ```
/// use cubework::solve::search::pocket::table_file;
/// use cubework::turn::metric::Metric;
/// assert_eq!(table_file(Metric::Qtm).file_name(), "pocket-qtm.bin");
/// ```
pub fn table_file(metric: Metric) -> TableFile {
    TableFile {
        name: match metric {
            Metric::Qtm => "pocket-qtm",
            Metric::Htm | Metric::Stm => "pocket-htm",
        },
        version: FORMAT_VERSION,
        max_payload: (8 + 8 * MAX_DEPTHS + STATES.div_ceil(4)) as u64,
    }
}

/// The file holding a metric's table in `dir`.
pub fn cache_file(dir: &Path, metric: Metric) -> PathBuf {
    table_file(metric).path_in(dir)
}

/// The number of 2×2×2 states at each distance from solved, as the complete search finds
/// them (God's number 14 in the quarter-turn metric, 11 in the half-turn metric): a loaded
/// table must have exactly these.
pub fn known_distribution(metric: Metric) -> &'static [u64] {
    match metric {
        Metric::Qtm => &[
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276,
        ],
        Metric::Htm | Metric::Stm => &[
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
        ],
    }
}

fn metric_code(metric: Metric) -> u8 {
    match metric {
        Metric::Qtm => 0,
        Metric::Htm | Metric::Stm => 1,
    }
}

impl DistanceTable {
    /// The table as the payload of its cache file.
    pub fn to_payload(&self) -> Vec<u8> {
        let counts = self.distribution();
        let mut out = Vec::with_capacity(8 + 8 * counts.len() + self.packed().len());
        out.extend_from_slice(&[metric_code(self.metric()), 0, 0, 0]);
        out.extend_from_slice(&(counts.len() as u32).to_le_bytes());
        for c in counts {
            out.extend_from_slice(&c.to_le_bytes());
        }
        out.extend_from_slice(self.packed());
        out
    }

    /// Reads a payload written by [`to_payload`](DistanceTable::to_payload), trusting
    /// nothing; the error says what is wrong.
    pub fn from_payload(bytes: &[u8], metric: Metric) -> Result<DistanceTable, String> {
        if bytes.len() < 8 {
            return Err(format!("a payload of {} bytes", bytes.len()));
        }
        if bytes[0] != metric_code(metric) || bytes[1..4] != [0, 0, 0] {
            return Err(format!(
                "it holds metric code {}, expected {}",
                bytes[0],
                metric_code(metric)
            ));
        }
        let depths = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize;
        if depths == 0 || depths > MAX_DEPTHS {
            return Err(format!("{depths} distances"));
        }
        let packed_at = 8 + 8 * depths;
        let expected = packed_at + STATES.div_ceil(4);
        if bytes.len() != expected {
            return Err(format!(
                "a payload of {} bytes, expected {expected}",
                bytes.len()
            ));
        }
        let counts: Vec<u64> = bytes[8..packed_at]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        // The distribution is known: counts that keep every sum and every residue mod 3 but
        // move states between distances (8 and 11, say) are caught here.
        let known = known_distribution(metric);
        if counts != known {
            return Err(format!(
                "its states per distance are {counts:?}, not the known {known:?}"
            ));
        }
        DistanceTable::from_parts(metric, bytes[packed_at..].to_vec(), counts)
    }
}

impl DistanceTable {
    /// Writes the table to its cache file at `path` (see [`table_cache::write`]).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        table_cache::write(path, &table_file(self.metric()), &self.to_payload())
    }

    /// Reads a metric's table from `path`, trusting nothing.
    pub fn load(path: &Path, metric: Metric) -> Result<DistanceTable, CacheError> {
        let payload = table_cache::read(path, &table_file(metric))?;
        DistanceTable::from_payload(&payload, metric).map_err(CacheError::Inconsistent)
    }
}

/// Loads a metric's table from the cache in `dir`, or, if there is no directory or the file
/// is missing, damaged or inconsistent, makes it with `build` and saves it there.
pub fn load_or_build_in(
    metric: Metric,
    dir: Option<&Path>,
    build: impl FnOnce(Metric) -> DistanceTable,
) -> (DistanceTable, CacheReport) {
    table_cache::load_or_build(
        &table_file(metric),
        dir,
        |payload| DistanceTable::from_payload(payload, metric),
        || build(metric),
        DistanceTable::to_payload,
    )
}

/// Loads a metric's table from the user's cache directory (see [`table_cache::cache_dir`]), or
/// builds it by breadth-first search and saves it there.
pub fn load_or_build(metric: Metric) -> (DistanceTable, CacheReport) {
    load_or_build_in(
        metric,
        table_cache::cache_dir().as_deref(),
        DistanceTable::build,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::pocket::table::tests::table;

    /// A new directory of this test's own, removed when dropped.
    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("cubework-test-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn payload_round_trips() {
        let t = table(Metric::Qtm);
        let bytes = t.to_payload();
        assert_eq!(bytes.len(), 8 + 8 * 15 + 918_540);
        assert_eq!(
            DistanceTable::from_payload(&bytes, Metric::Qtm).as_ref(),
            Ok(t)
        );
        assert!(DistanceTable::from_payload(&bytes, Metric::Htm).is_err());
        assert!(DistanceTable::from_payload(&bytes[..100], Metric::Qtm).is_err());
        let mut counts = bytes.clone();
        counts[8 + 8 * 3] ^= 1;
        assert!(DistanceTable::from_payload(&counts, Metric::Qtm).is_err());
    }

    #[test]
    fn damaged_and_inconsistent_cache_files_are_rebuilt() {
        let own = temp_dir("rebuild");
        let dir = own.path().to_path_buf();
        let metric = Metric::Htm;
        let built = |m: Metric| table(m).clone();
        // Missing: built and saved.
        let (t, report) = load_or_build_in(metric, Some(&dir), built);
        assert_eq!(&t, table(metric));
        assert!(!report.loaded && report.save_error.is_none(), "{report}");
        assert_eq!(report.problem, Some(CacheError::Missing));
        // Present: loaded, without building.
        let (t, report) = load_or_build_in(metric, Some(&dir), |_| panic!("should load"));
        assert_eq!(&t, table(metric));
        assert!(report.loaded, "{report}");
        // Damaged: detected, rebuilt and rewritten.
        let path = cache_file(&dir, metric);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[123_456] ^= 0xFF;
        std::fs::write(&path, &bytes).unwrap();
        let (t, report) = load_or_build_in(metric, Some(&dir), built);
        assert_eq!(&t, table(metric));
        assert!(
            matches!(report.problem, Some(CacheError::Checksum { .. })),
            "{report}"
        );
        // Intact checksum, but two states' distances exchanged: the counts still agree, so
        // only the step-down check can tell. The message names the file.
        let mut payload = table(metric).to_payload();
        let packed_at = payload.len() - 918_540;
        let (a, b) = (packed_at + 1000, packed_at + 700_000);
        let (x, y) = (payload[a] & 3, payload[b] & 3);
        assert_ne!(x, y, "pick two states at different distances mod 3");
        payload[a] = (payload[a] & !3) | y;
        payload[b] = (payload[b] & !3) | x;
        table_cache::write(&path, &table_file(metric), &payload).unwrap();
        let (t, report) = load_or_build_in(metric, Some(&dir), built);
        assert_eq!(&t, table(metric));
        let text = report.to_string();
        assert!(
            text.contains(&format!(
                "the cache file {} is inconsistent",
                path.display()
            )),
            "{text}"
        );
        assert!(text.contains("no neighbour one move closer"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
