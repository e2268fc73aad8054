//! Where the tables are kept: the cache directory, and why a path cannot be one.

use super::{CACHE_ENV, not_a_file};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The cache directory: `$CUBEWORK_CACHE_DIR` if set and not empty, else the platform's cache
/// directory for cubework (`~/.cache/cubework` on Linux); `None` if there is neither.
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_from(std::env::var_os(CACHE_ENV))
}

/// Why the cache directory cannot be one, if it cannot: it, or the first of its parents
/// that is there, is a file (or a FIFO, a device…), not a directory, so no table can be kept
/// in it. Said in one line that names the path, and where it was named
/// (`$CUBEWORK_CACHE_DIR`, or the platform's cache directory); `None` when it is a
/// directory, or is not there yet and can be made.
///
/// ```
/// use cubework::base::table_cache::cache_dir_problem;
/// let dir = tempfile::tempdir().unwrap();
/// let file = dir.path().join("tables");
/// std::fs::write(&file, "notes").unwrap();
/// assert_eq!(cache_dir_problem(dir.path()), None);
/// assert_eq!(cache_dir_problem(&dir.path().join("new")), None);
/// let e = cache_dir_problem(&file).unwrap();
/// assert!(e.ends_with(&format!("{} is a file, not a directory", file.display())), "{e}");
/// let e = cache_dir_problem(&file.join("below")).unwrap();
/// assert!(e.contains(&format!("{} is a file, not a directory", file.display())), "{e}");
/// ```
pub fn cache_dir_problem(dir: &Path) -> Option<String> {
    let (there, meta) = dir
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find_map(|a| std::fs::metadata(a).ok().map(|m| (a, m)))?;
    if meta.is_dir() {
        return None;
    }
    let kind = match not_a_file(&meta) {
        None => "a file",
        Some(kind) => kind,
    };
    let named = match std::env::var_os(CACHE_ENV) {
        Some(v) if !v.is_empty() => format!("{CACHE_ENV} names the cache directory"),
        _ => "the cache directory is".to_string(),
    };
    let shown = crate::base::text::echo_path(there);
    Some(if there == dir {
        format!("{named} {shown}, but {shown} is {kind}, not a directory")
    } else {
        format!(
            "{named} {}, which cannot be made: {shown} is {kind}, not a directory",
            crate::base::text::echo_path(dir)
        )
    })
}

/// [`cache_dir_problem`] of the cache directory ([`cache_dir`]), if there is one.
pub fn check_cache_dir() -> Result<(), String> {
    match cache_dir() {
        Some(dir) => cache_dir_problem(&dir).map_or(Ok(()), Err),
        None => Ok(()),
    }
}

pub(super) fn cache_dir_from(env: Option<OsString>) -> Option<PathBuf> {
    match env {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => {
            directories::ProjectDirs::from("", "", "cubework").map(|p| p.cache_dir().to_path_buf())
        }
    }
}
