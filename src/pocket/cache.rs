//! The distance tables on disk, in the user's cache directory.
//!
//! A file per metric, `pocket-qtm.bin` or `pocket-htm.bin`, little-endian:
//!
//! | offset | size      | field                                             |
//! |--------|-----------|---------------------------------------------------|
//! | 0      | 8         | magic `CWPOCKET`                                  |
//! | 8      | 4         | format version ([`FORMAT_VERSION`])               |
//! | 12     | 1         | metric: 0 quarter-turn, 1 half-turn               |
//! | 13     | 3         | zero                                              |
//! | 16     | 8         | number of states, 3,674,160                       |
//! | 24     | 4         | number of distances D (God's number + 1)          |
//! | 28     | 4         | zero                                              |
//! | 32     | 8·D       | states at each distance                           |
//! | …      | 8         | payload length P, 918,540                         |
//! | …      | P         | distances mod 3, four states a byte               |
//! | …      | 8         | FNV-1a (64-bit) of every byte before it           |
//!
//! A file that is missing, of another version, damaged (checksum) or inconsistent (counts
//! against the payload) is not trusted: the table is built again and the file rewritten.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::state::STATES;
use super::table::DistanceTable;
use crate::metric::Metric;

/// The environment variable that, when set, names the cache directory.
pub const CACHE_ENV: &str = "CUBEWORK_CACHE_DIR";
/// The file format's version; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"CWPOCKET";
const HEADER: usize = 32;
const MAX_DEPTHS: u32 = 64;

/// Why a cache file was not used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CacheError {
    /// It could not be read (most often: it is not there yet).
    #[error("cannot read it: {0}")]
    Io(String),
    /// Too short to hold a header.
    #[error("it is truncated ({0} bytes)")]
    Truncated(usize),
    /// Not a cubework table.
    #[error("it is not a cubework pocket-cube table (bad magic)")]
    Magic,
    /// Written by another version of the format.
    #[error("it has format version {found}, this program writes {FORMAT_VERSION}")]
    Version {
        /// The version found.
        found: u32,
    },
    /// A table for the other metric, or an unknown one.
    #[error("it holds metric code {found}, expected {expected}")]
    Metric {
        /// The metric code found.
        found: u8,
        /// The code expected.
        expected: u8,
    },
    /// Sizes that do not fit together.
    #[error("its sizes are wrong: {0}")]
    Shape(String),
    /// The checksum does not match: the file is damaged.
    #[error("it is damaged: checksum {stored:016x} stored, {computed:016x} computed")]
    Checksum {
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// Intact but inconsistent.
    #[error("it is inconsistent: {0}")]
    Inconsistent(String),
}

/// 64-bit FNV-1a.
///
/// ```
/// assert_eq!(cubework::pocket::fnv1a(b""), 0xcbf29ce484222325);
/// assert_eq!(cubework::pocket::fnv1a(b"a"), 0xaf63dc4c8601ec8c);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn metric_code(metric: Metric) -> u8 {
    match metric {
        Metric::Qtm => 0,
        Metric::Htm | Metric::Stm => 1,
    }
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

/// The file holding a metric's table in `dir`.
pub fn cache_file(dir: &Path, metric: Metric) -> PathBuf {
    dir.join(format!("pocket-{}.bin", metric.name()))
}

impl DistanceTable {
    /// The table in the cache file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let counts = self.distribution();
        let payload = self.packed();
        let mut out = Vec::with_capacity(HEADER + 8 * counts.len() + 16 + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&[metric_code(self.metric()), 0, 0, 0]);
        out.extend_from_slice(&(STATES as u64).to_le_bytes());
        out.extend_from_slice(&(counts.len() as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        for c in counts {
            out.extend_from_slice(&c.to_le_bytes());
        }
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(payload);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a table written by [`to_bytes`](DistanceTable::to_bytes), trusting nothing.
    pub fn from_bytes(bytes: &[u8], metric: Metric) -> Result<DistanceTable, CacheError> {
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        if bytes.len() < HEADER + 16 {
            return Err(CacheError::Truncated(bytes.len()));
        }
        if &bytes[..8] != MAGIC {
            return Err(CacheError::Magic);
        }
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(CacheError::Version { found: version });
        }
        if bytes[12] != metric_code(metric) {
            return Err(CacheError::Metric {
                found: bytes[12],
                expected: metric_code(metric),
            });
        }
        if u64_at(16) != STATES as u64 {
            return Err(CacheError::Shape(format!(
                "{} states, expected {STATES}",
                u64_at(16)
            )));
        }
        let depths = u32_at(24);
        if depths == 0 || depths > MAX_DEPTHS {
            return Err(CacheError::Shape(format!("{depths} distances")));
        }
        let payload_at = HEADER + 8 * depths as usize + 8;
        if bytes.len() < payload_at + 8 {
            return Err(CacheError::Truncated(bytes.len()));
        }
        let payload_len = u64_at(payload_at - 8);
        let expected_len = STATES.div_ceil(4);
        if payload_len != expected_len as u64 {
            return Err(CacheError::Shape(format!(
                "payload of {payload_len} bytes, expected {expected_len}"
            )));
        }
        let end = payload_at + expected_len;
        if bytes.len() != end + 8 {
            return Err(CacheError::Shape(format!(
                "file of {} bytes, expected {}",
                bytes.len(),
                end + 8
            )));
        }
        let stored = u64_at(end);
        let computed = fnv1a(&bytes[..end]);
        if stored != computed {
            return Err(CacheError::Checksum { stored, computed });
        }
        let counts = (0..depths as usize)
            .map(|d| u64_at(HEADER + 8 * d))
            .collect();
        DistanceTable::from_parts(metric, bytes[payload_at..end].to_vec(), counts)
            .map_err(CacheError::Inconsistent)
    }

    /// Writes the table to `path` (through a temporary file and a rename, so that a reader
    /// never sees half a file), creating the directory if need be.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let tmp = path.with_extension(format!("tmp-{}-{nanos}", std::process::id()));
        std::fs::write(&tmp, self.to_bytes())?;
        std::fs::rename(&tmp, path).inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
    }

    /// Reads the table from `path`.
    pub fn load(path: &Path, metric: Metric) -> Result<DistanceTable, CacheError> {
        let bytes = std::fs::read(path).map_err(|e| CacheError::Io(e.to_string()))?;
        DistanceTable::from_bytes(&bytes, metric)
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
    /// Why the rebuilt table could not be saved, if it could not.
    pub save_error: Option<String>,
    /// Time taken to load or build (and save).
    pub elapsed: Duration,
}

impl fmt::Display for CacheReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.elapsed.as_secs_f64() * 1000.0;
        match (&self.path, self.loaded) {
            (Some(p), true) => write!(f, "loaded from {} in {ms:.1} ms", p.display()),
            (None, _) => write!(f, "built in {ms:.0} ms (no cache directory)"),
            (Some(p), false) => {
                write!(f, "built in {ms:.0} ms")?;
                match &self.problem {
                    Some(CacheError::Io(_)) | None => {}
                    Some(problem) => write!(f, " because the cache file {problem}")?,
                }
                match &self.save_error {
                    None => write!(f, ", saved to {}", p.display()),
                    Some(e) => write!(f, ", not saved to {}: {e}", p.display()),
                }
            }
        }
    }
}

/// Loads a metric's table from the cache in `dir`, or, if there is no directory or the file
/// is missing or bad, makes it with `build` and saves it there.
pub fn load_or_build_in(
    metric: Metric,
    dir: Option<&Path>,
    build: impl FnOnce(Metric) -> DistanceTable,
) -> (DistanceTable, CacheReport) {
    let start = Instant::now();
    let path = dir.map(|d| cache_file(d, metric));
    let problem = match &path {
        Some(p) => match DistanceTable::load(p, metric) {
            Ok(table) => {
                let report = CacheReport {
                    path,
                    loaded: true,
                    problem: None,
                    save_error: None,
                    elapsed: start.elapsed(),
                };
                return (table, report);
            }
            Err(e) => Some(e),
        },
        None => None,
    };
    let table = build(metric);
    let save_error = path
        .as_ref()
        .and_then(|p| table.save(p).err().map(|e| e.to_string()));
    let report = CacheReport {
        path,
        loaded: false,
        problem,
        save_error,
        elapsed: start.elapsed(),
    };
    (table, report)
}

/// Loads a metric's table from the user's cache directory (see [`cache_dir`]), or builds it
/// by breadth-first search and saves it there.
pub fn load_or_build(metric: Metric) -> (DistanceTable, CacheReport) {
    load_or_build_in(metric, cache_dir().as_deref(), DistanceTable::build)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pocket::table::tests::table;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cubework-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn environment_variable_overrides_the_cache_directory() {
        assert_eq!(
            cache_dir_from(Some("/tmp/x".into())),
            Some(PathBuf::from("/tmp/x"))
        );
        assert_ne!(cache_dir_from(Some("".into())), Some(PathBuf::from("")));
        assert_eq!(
            cache_file(Path::new("/c"), Metric::Qtm),
            PathBuf::from("/c/pocket-qtm.bin")
        );
    }

    #[test]
    fn bytes_round_trip() {
        let t = table(Metric::Qtm);
        let bytes = t.to_bytes();
        assert_eq!(bytes.len(), 32 + 8 * 15 + 8 + 918_540 + 8);
        assert_eq!(
            DistanceTable::from_bytes(&bytes, Metric::Qtm).as_ref(),
            Ok(t)
        );
        assert!(matches!(
            DistanceTable::from_bytes(&bytes, Metric::Htm),
            Err(CacheError::Metric { .. })
        ));
    }

    #[test]
    fn every_kind_of_damage_is_detected() {
        let t = table(Metric::Htm);
        let good = t.to_bytes();
        let check = |bytes: &[u8], what: &str| {
            let err = DistanceTable::from_bytes(bytes, Metric::Htm).unwrap_err();
            (err, what.to_string())
        };
        let mut cases = Vec::new();
        cases.push(check(&good[..good.len() - 1], "truncated by a byte"));
        cases.push(check(&good[..10], "truncated to a header"));
        let mut b = good.clone();
        b[0] = b'X';
        cases.push(check(&b, "magic"));
        let mut b = good.clone();
        b[8] = 99;
        cases.push(check(&b, "version"));
        let mut b = good.clone();
        b[500_000] ^= 0x10;
        cases.push(check(&b, "a flipped payload bit"));
        let mut b = good.clone();
        b[40] ^= 1;
        cases.push(check(&b, "a count"));
        let mut b = good.clone();
        b.push(0);
        cases.push(check(&b, "a byte too many"));
        // Damage the payload *and* fix the checksum: caught by the consistency check.
        let mut b = good.clone();
        let end = b.len() - 8;
        b[1000] ^= 0b01;
        let sum = fnv1a(&b[..end]);
        b[end..].copy_from_slice(&sum.to_le_bytes());
        let (err, _) = check(&b, "consistent checksum, inconsistent payload");
        assert!(matches!(err, CacheError::Inconsistent(_)), "{err}");
        for (err, what) in cases {
            assert!(!err.to_string().is_empty(), "{what}");
        }
    }

    #[test]
    fn damaged_cache_files_are_rebuilt() {
        let dir = temp_dir("rebuild");
        let metric = Metric::Htm;
        let built = |m: Metric| table(m).clone();
        // Missing: built and saved.
        let (t, report) = load_or_build_in(metric, Some(&dir), built);
        assert_eq!(&t, table(metric));
        assert!(!report.loaded && report.save_error.is_none(), "{report}");
        assert!(matches!(report.problem, Some(CacheError::Io(_))));
        // Present: loaded, without building.
        let (t, report) = load_or_build_in(metric, Some(&dir), |_| panic!("should load"));
        assert_eq!(&t, table(metric));
        assert!(report.loaded, "{report}");
        assert!(report.to_string().starts_with("loaded from"));
        // Damaged: detected, rebuilt and rewritten.
        let path = cache_file(&dir, metric);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[123_456] ^= 0xFF;
        std::fs::write(&path, &bytes).unwrap();
        let mut rebuilt = false;
        let (t, report) = load_or_build_in(metric, Some(&dir), |m| {
            rebuilt = true;
            built(m)
        });
        assert!(rebuilt);
        assert_eq!(&t, table(metric));
        assert!(
            matches!(report.problem, Some(CacheError::Checksum { .. })),
            "{report}"
        );
        assert!(report.to_string().contains("damaged"), "{report}");
        assert_eq!(
            DistanceTable::load(&path, metric).as_ref(),
            Ok(table(metric))
        );
        // Truncated: the same.
        std::fs::write(&path, &bytes[..1000]).unwrap();
        let (_, report) = load_or_build_in(metric, Some(&dir), built);
        assert!(!report.loaded);
        assert!(DistanceTable::load(&path, metric).is_ok());
        // No directory at all: built, nothing saved.
        let (_, report) = load_or_build_in(metric, None, built);
        assert!(report.path.is_none() && !report.loaded);
        // A directory that cannot be created: built, the save error reported.
        let blocker = dir.join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let (_, report) = load_or_build_in(metric, Some(&blocker.join("sub")), built);
        assert!(report.save_error.is_some(), "{report}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
