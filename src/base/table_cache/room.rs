//! Whether a table fits before it is built: the memory it is built in (what the machine has
//! available, and what the address-space limit, `ulimit -v`, leaves) and the disk it is saved
//! to (the free space in the cache directory). A table that does not fit is refused in one
//! line naming what it needs and what there is, before anything is allocated.

use std::path::{Path, PathBuf};

/// A table that does not fit: the one line that says so.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoRoom(pub String);

/// What a machine has room for, each figure `None` where it is not known or not limited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Room {
    /// Memory available to a new allocation without swapping (`MemAvailable` in
    /// `/proc/meminfo`).
    pub memory: Option<u64>,
    /// What the address-space limit (`RLIMIT_AS`, `ulimit -v`) leaves this process.
    pub address_space: Option<u64>,
    /// Free space in the cache directory (`statvfs`), and the directory.
    pub disk: Option<(u64, PathBuf)>,
}

/// Bytes in words a person reads at a glance: `7.6 GB`, `64.0 MB`, `812 bytes`.
///
/// ```
/// use cubework::base::table_cache::room::readable;
/// assert_eq!(readable(7_584_885_792), "7.6 GB");
/// assert_eq!(readable(64 << 20), "67.1 MB");
/// assert_eq!(readable(812), "812 bytes");
/// ```
pub fn readable(bytes: u64) -> String {
    match bytes {
        b if b >= 1_000_000_000 => format!("{:.1} GB", b as f64 / 1e9),
        b if b >= 1_000_000 => format!("{:.1} MB", b as f64 / 1e6),
        b => format!("{b} bytes"),
    }
}

impl Room {
    /// This process's room: its memory, and the disk of `dir` (the cache directory, or the
    /// nearest directory above it that exists, where it is not made yet).
    pub fn here(dir: Option<&Path>) -> Room {
        Room {
            memory: available_memory(),
            address_space: address_space_left(),
            disk: dir.and_then(free_disk),
        }
    }

    /// Whether table `name` fits: `memory` bytes to build it in, `file` bytes to save it
    /// (nothing is saved where there is no cache directory). The first thing that does not
    /// fit, in one line.
    ///
    /// ```
    /// use cubework::base::table_cache::room::Room;
    /// let small_disk = Room { disk: Some((64 << 20, "/cache".into())), ..Room::default() };
    /// let e = small_disk.check("optimal", 900_000_000, 900_000_000).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "the optimal table is not built: saving it needs 900.0 MB free in /cache, which has 67.1 MB (free some, or set CUBEWORK_CACHE_DIR to a roomier directory)"
    /// );
    /// assert!(Room::default().check("optimal", 900_000_000, 900_000_000).is_ok());
    /// ```
    pub fn check(&self, name: &str, memory: u64, file: u64) -> Result<(), NoRoom> {
        let refuse = |what: String| Err(NoRoom(format!("the {name} table is not built: {what}")));
        if let Some(left) = self.address_space.filter(|&left| left < memory) {
            return refuse(format!(
                "building it needs {} of memory, and the address-space limit (ulimit -v) leaves {}",
                readable(memory),
                readable(left)
            ));
        }
        if let Some(free) = self.memory.filter(|&free| free < memory) {
            return refuse(format!(
                "building it needs {} of memory, and {} is available",
                readable(memory),
                readable(free)
            ));
        }
        if let Some((free, dir)) = self.disk.as_ref().filter(|(free, _)| *free < file) {
            return refuse(format!(
                "saving it needs {} free in {}, which has {} (free some, or set CUBEWORK_CACHE_DIR to a roomier directory)",
                readable(file),
                dir.display(),
                readable(*free)
            ));
        }
        Ok(())
    }
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn available_memory() -> Option<u64> {
    let info = super::read_regular(Path::new("/proc/meminfo"), 1 << 20).ok()?;
    let info = String::from_utf8(info).ok()?;
    let kb: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kb.checked_mul(1024)
}

/// The address-space limit less the address space this process already holds.
#[cfg(target_os = "linux")]
fn address_space_left() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    // The first field of /proc/self/statm: the address space held, in pages.
    let statm = super::read_regular(Path::new("/proc/self/statm"), 4096).ok()?;
    let pages: u64 = String::from_utf8(statm)
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
    Some(limit.rlim_cur.saturating_sub(pages.saturating_mul(page)))
}

#[cfg(not(target_os = "linux"))]
fn address_space_left() -> Option<u64> {
    None
}

/// The free space of the file system `dir` is on (of the nearest directory above it that
/// exists), for an unprivileged user, and that directory.
#[cfg(unix)]
fn free_disk(dir: &Path) -> Option<(u64, PathBuf)> {
    use std::os::unix::ffi::OsStrExt;
    let there = dir.ancestors().find(|d| d.is_dir())?;
    let name = std::ffi::CString::new(there.as_os_str().as_bytes()).ok()?;
    // SAFETY: an all-zero statvfs is a valid value for statvfs to fill in.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `name` is a NUL-terminated path, `stat` a struct statvfs fills in.
    if unsafe { libc::statvfs(name.as_ptr(), &mut stat) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)] // u32 on some targets
    let free = (stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64);
    Some((free, dir.to_path_buf()))
}

#[cfg(not(unix))]
fn free_disk(_dir: &Path) -> Option<(u64, PathBuf)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_refused_for_the_first_thing_it_does_not_fit_in() {
        let room = Room {
            memory: Some(8_000_000_000),
            address_space: Some(4_000_000_000),
            disk: Some((60_000_000, "/small".into())),
        };
        // The huge table's refusal in a room.
        let huge = |room: &Room| {
            let e = room.check("optimal-huge", 7_600_000_000, 7_600_000_000);
            e.unwrap_err().to_string()
        };
        assert_eq!(
            huge(&room),
            "the optimal-huge table is not built: building it needs 7.6 GB of memory, and the address-space limit (ulimit -v) leaves 4.0 GB"
        );
        let room = Room {
            address_space: None,
            memory: Some(3_000_000_000),
            ..room
        };
        assert_eq!(
            huge(&room),
            "the optimal-huge table is not built: building it needs 7.6 GB of memory, and 3.0 GB is available"
        );
        let room = Room {
            memory: None,
            ..room
        };
        let e = room.check("optimal", 910_000_000, 910_000_000).unwrap_err();
        assert!(
            e.0.contains("saving it needs 910.0 MB free in /small, which has 60.0 MB"),
            "{e}"
        );
        assert!(room.check("optimal-small", 52_000_000, 52_000_000).is_ok());
    }

    #[test]
    fn this_machine_s_room_is_read() {
        let dir = std::env::temp_dir()
            .join("cubework-room-not-made-yet")
            .join("cache");
        let room = Room::here(Some(&dir));
        let (free, at) = room.disk.expect("the temp directory's file system");
        assert!(free > 0);
        assert_eq!(at, dir);
        assert!(room.memory.is_some_and(|m| m > 0));
    }
}
