//! The table cache from the outside: files forged behind a good checksum, files changed in
//! place behind their stamp or cut short while mapped, saves that cannot be made (a read-only
//! directory, a file-size limit), temporary files left by saves that were killed, and which
//! optimal table a solve reads.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use cubework::base::table_cache::{self, file_bytes};
use cubework::solve::search::pocket::table_file;
use cubework::turn::metric::Metric;

mod common;

/// A fresh directory of this test's own (tests run at once, here and in other checkouts):
/// its guard, which removes it when dropped, and its path.
fn temp(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let prefix = format!("cubework-tables-{name}-");
    let guard = tempfile::Builder::new().prefix(&prefix).tempdir().unwrap();
    let dir = guard.path().to_path_buf();
    (guard, dir)
}

/// Flips the bits `mask` of byte `offset` of the file at `path` in place, its modification
/// time put back: to anything that trusts a file unchanged since it was checked, the same file.
fn flip_in_place(path: &std::path::Path, offset: u64, mask: u8) {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = std::fs::File::open(path).unwrap();
    let mut byte = [0u8];
    f.seek(SeekFrom::Start(offset)).unwrap();
    f.read_exact(&mut byte).unwrap();
    write_in_place(path, offset, &[byte[0] ^ mask]);
}

/// Writes `bytes` over the file at `path` from `offset`, in place, its modification time put
/// back (as damage on disk leaves it).
fn write_in_place(path: &std::path::Path, offset: u64, bytes: &[u8]) {
    use std::io::{Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    let modified = f.metadata().unwrap().modified().unwrap();
    f.seek(SeekFrom::Start(offset)).unwrap();
    f.write_all(bytes).unwrap();
    f.set_modified(modified).unwrap();
}

fn run(cache: &std::path::Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = common::cubework()
        .env("CUBEWORK_CACHE_DIR", cache)
        .args(args)
        .output()
        .unwrap();
    common::outcome(out)
}

/// A cache directory with every table but the medium and large optimal ones
/// (`tables build --optimal --size small`), shared ([`common::shared_dir`]): built once, then
/// loaded by every run of this test binary. Only copied from, never damaged.
fn built_small() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = common::tables_dir();
        let (_, err, code) = run(&dir, &["tables", "build", "--optimal", "--size", "small"]);
        assert_eq!(code, Some(0), "{err}");
        dir
    })
}

/// A fresh cache directory of this test's own holding copies of the tables of [`built_small`]
/// (each checked whole at its first load: a copy is another file), removed when dropped.
fn with_small_tables(name: &str) -> common::OwnDir {
    with_small_tables_but(name, &[])
}

/// [`with_small_tables`] without the files named in `left_out`: a cache in which a build
/// makes those alone.
fn with_small_tables_but(name: &str, left_out: &[&str]) -> common::OwnDir {
    let dir = common::fresh_dir(&format!("tables-{name}"));
    for entry in std::fs::read_dir(built_small()).unwrap() {
        let entry = entry.unwrap();
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.ends_with(".bin") && !left_out.contains(&file.as_str()) {
            std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
        }
    }
    dir
}

use common::solve_optimal;

#[test]
fn a_forged_pocket_table_is_rebuilt_and_named() {
    let (_guard, dir) = temp("forged-pocket");
    let (_, err, code) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert_eq!(code, Some(0), "{err}");
    // 1,000 states moved from depth 8 to depth 11: the same residue mod 3, the same total,
    // and the checksum made again, so only the known distribution can tell.
    let spec = table_file(Metric::Htm);
    let path = spec.path_in(&dir);
    let mut payload = table_cache::read(&path, &spec).unwrap();
    let count_at = |d: usize| 8 + 8 * d;
    let get = |p: &[u8], d: usize| {
        u64::from_le_bytes(p[count_at(d)..count_at(d) + 8].try_into().unwrap())
    };
    let (eight, eleven) = (get(&payload, 8) - 1000, get(&payload, 11) + 1000);
    payload[count_at(8)..count_at(8) + 8].copy_from_slice(&eight.to_le_bytes());
    payload[count_at(11)..count_at(11) + 8].copy_from_slice(&eleven.to_le_bytes());
    std::fs::write(&path, file_bytes(&spec, &payload)).unwrap();

    let (out, err, code) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("870,072") && out.contains("2,644"), "{out}");
    assert!(!out.contains("869,072"), "{out}");
    common::assert_has(
        &out,
        &format!("because the cache file {} is inconsistent", path.display()),
    );
    // Rewritten: the next run loads it.
    let (out, _, _) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert!(out.contains("loaded from"), "{out}");
}

#[test]
fn a_temporary_file_of_a_killed_save_is_removed_by_the_next_run_that_loads() {
    let (_guard, dir) = temp("stale");
    let (_, err, code) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert_eq!(code, Some(0), "{err}");
    // As a `kill -9` between write and rename leaves it: a process id that cannot be running
    // (above Linux's pid_max).
    let stale = dir.join("pocket-htm.bin.tmp-4999999-17");
    std::fs::write(&stale, b"half a table").unwrap();
    let (out, err, code) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("loaded from"), "{out}");
    if std::path::Path::new("/proc").is_dir() {
        assert!(!stale.exists(), "the stale temporary file is still there");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_save_past_the_file_size_limit_is_an_error_naming_the_file_and_the_limit() {
    let (_guard, dir) = temp("fsize");
    // 100 blocks of 512 bytes: far less than the 918,540-byte table.
    let (stdout, stderr, code) =
        common::run_limited("-f 100", "pocket table --metric htm", &dir, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().last(), Some("11"), "{stdout}");
    let path = table_file(Metric::Htm).path_in(&dir);
    let line = format!("cubework: pocket-htm: not saved to {}: ", path.display());
    assert_eq!(stderr.matches(&line).count(), 1, "{stderr}");
    // The shell counts the limit in blocks (of 512 or 1,024 bytes): some tens of kilobytes.
    assert!(
        stderr.contains("went past the file-size limit (ulimit -f) of ")
            && stderr.trim_end().ends_with("bytes"),
        "{stderr}"
    );
    assert!(stderr.contains("pocket-htm.bin.tmp-"), "{stderr}");
    // Nothing left behind.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_table_that_cannot_be_saved_says_so_once_a_run_for_every_table() {
    // A cache directory that cannot be made, for root too: below /proc, where no directory
    // can be made (a file in the way is refused before anything runs: `hardening.rs`).
    let dir = std::path::PathBuf::from(format!(
        "/proc/cubework-tables-unsaved-{}/cache",
        std::process::id()
    ));
    let not_saved = |name: &str, file: &str| {
        format!(
            "cubework: {name}: not saved to {}: ",
            dir.join(file).display()
        )
    };
    let (out, err, code) = run(&dir, &["solve", "R U F"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.is_empty());
    assert_eq!(
        err.matches(&not_saved("twophase", "twophase.bin")).count(),
        1,
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Every table `tables build` makes: each said once on stderr, and its line says it was
    // not saved, not "ready". (With `--optimal` the optimal table is refused before it is
    // built, there being no room below /proc.)
    let out = common::cubework()
        .env("CUBEWORK_CACHE_DIR", &dir)
        .args(["tables", "build"])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for (name, file) in [
        ("pocket-qtm", "pocket-qtm.bin"),
        ("pocket-htm", "pocket-htm.bin"),
        ("twophase", "twophase.bin"),
    ] {
        assert_eq!(
            stderr.matches(&not_saved(name, file)).count(),
            1,
            "{stderr}"
        );
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no line for {name}: {stdout}"));
        assert!(
            line.contains(&format!("not saved to {}", dir.join(file).display())),
            "{stdout}"
        );
    }
}

#[test]
fn the_listing_reads_only_the_header_of_a_table_unchanged_since_it_was_checked() {
    let (_guard, dir) = temp("listing-headers");
    // A solve builds the two-phase table (and only what it needs: not the 4×4×4's).
    let (_, err, code) = run(&dir, &["solve", "R U F"]);
    assert_eq!(code, Some(0), "{err}");
    let path = dir.join("twophase.bin");
    assert!(path.is_file(), "{err}");
    assert!(
        dir.join("twophase.bin.checked").is_file(),
        "a save marks it checked"
    );
    // A byte of the payload changed in place, the modification time put back: to the stamp
    // it is the file that was checked, so the listing, which reads headers only, calls it
    // built — it did not read the payload.
    flip_in_place(&path, 300_000, 0x20);
    let (out, _, code) = run(&dir, &["tables"]);
    assert_eq!(code, Some(0));
    let row = out.lines().find(|l| l.contains(" twophase ")).unwrap();
    assert!(row.contains("built"), "{out}");
    // Loading checks it whole, finds it damaged and rebuilds it.
    let (out, err, code) = run(&dir, &["solve", "R U F"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.ends_with("F' U' R'\n"), "{out}");
    common::assert_one_line(
        &err,
        &format!("note: the cache file {} is damaged", path.display()),
        "twophase.bin",
    );
    // A header that is wrong is seen by the listing at once, stamp or not.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[32] = 99;
    std::fs::write(&path, &bytes).unwrap();
    let (out, _, _) = run(&dir, &["tables"]);
    assert!(out.contains("has format version 99"), "{out}");
}

#[test]
fn tables_check_reads_every_built_table_whole_and_fails_on_a_damaged_one() {
    let (_guard, dir) = temp("check");
    // Nothing built: nothing damaged.
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 9, "{out}");
    assert!(out.lines().all(|l| l.contains(": not built (")), "{out}");
    // Small tables built: the 2×2×2's and the two-phase solver's.
    for args in [&["pocket", "table", "--metric", "htm"][..], &["solve", "R"]] {
        let (_, err, code) = run(&dir, args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}");
    let pocket = table_file(Metric::Htm).path_in(&dir);
    common::assert_has(
        &out,
        &format!("pocket-htm: good (918,700 bytes, {})", pocket.display()),
    );
    assert!(out.contains("twophase: good ("), "{out}");
    assert!(out.contains("pocket-qtm: not built ("), "{out}");
    // One byte of the payload changed, with the file's time put back: the listing, which
    // trusts a file unchanged since it was last checked, does not see it; the check does.
    flip_in_place(&pocket, 5000, 0x10);
    let bytes = std::fs::read(&pocket).unwrap();
    let (listed, _, code) = run(&dir, &["tables"]);
    assert_eq!(code, Some(0));
    assert!(!listed.contains("damaged"), "{listed}");
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.is_empty(), "{err}");
    let damaged: Vec<&str> = out.lines().filter(|l| l.contains("damaged")).collect();
    assert_eq!(
        damaged,
        [format!(
            "pocket-htm: damaged: the cache file {} is damaged (checksum {:016x} stored, {:016x} computed)",
            pocket.display(),
            u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap()),
            table_cache::checksum(&bytes[..bytes.len() - 8])
        )],
        "{out}"
    );
    assert!(out.contains("twophase: good ("), "{out}");
    // Rebuilt by the next use, it checks good again.
    let (_, err, code) = run(&dir, &["pocket", "table", "--metric", "htm"]);
    assert_eq!(code, Some(0), "{err}");
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}\n{out}");
}

#[test]
fn tables_check_reads_a_damaged_optimal_table_through_its_mapping() {
    let (_guard, dir) = temp("check-optimal");
    let (_, err, code) = solve_optimal(&dir, "R U");
    assert_eq!(code, Some(0), "{err}");
    let (out, _, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("optimal-small: good ("), "{out}");
    let path = dir.join("optimal-small.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let (out, _, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(&format!(
            "optimal-small: damaged: the cache file {} is damaged (checksum ",
            path.display()
        )),
        "{out}"
    );
}

#[test]
fn tables_build_optimal_builds_the_size_asked_for_and_size_needs_optimal() {
    // The other tables are there already: the build makes the optimal one alone.
    let own = with_small_tables_but("build-size", &["optimal-small.bin"]);
    let dir = own.to_path_buf();
    let (out, err, code) = run(&dir, &["tables", "build", "--optimal", "--size", "small"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("optimal-small: built in "), "{out}");
    let row = |out: &str, name: &str| {
        out.lines()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap_or_else(|| panic!("{name}: {out}"))
            .to_string()
    };
    assert!(row(&out, "optimal-small").contains("built"), "{out}");
    for name in ["optimal", "optimal-large", "optimal-huge"] {
        assert!(row(&out, name).contains("missing"), "{out}");
    }
    // Said once, on stderr, even though it is not a terminal: what, how big, where.
    common::assert_has(
        &err,
        "building the optimal solver's table first (once): 52 MB",
    );
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}");
    common::assert_has(&out, "optimal-small: good (51,987,144 bytes");
    let (_, err, code) = run(&dir, &["tables", "build", "--size", "large"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--optimal"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (_, err, code) = run(&dir, &["tables", "build", "--optimal", "--size", "giant"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("'giant'") && err.contains("small, medium, large, huge"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn the_optimal_solver_reads_the_large_table_when_its_file_is_there() {
    use cubework::solve::table::optimal_table::SliceKind;
    use cubework::solve::table::shared::largest_optimal_table;
    let (_guard, dir) = temp("largest");
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Sorted);
    let path = sparse_table(&dir, SliceKind::Corners);
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Corners);
    // One cut short is not built.
    cut_short(&path, 1000);
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Sorted);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file with the header and length of the optimal table of `kind` in `dir` (sparse: nothing
/// large is written), as `inspect` sees a built one.
fn sparse_table(
    dir: &std::path::Path,
    kind: cubework::solve::table::optimal_table::SliceKind,
) -> std::path::PathBuf {
    let spec = cubework::solve::table::optimal_table::table_file(kind);
    let path = spec.path_in(dir);
    let mut header = file_bytes(&spec, b"")[..table_cache::HEADER_BYTES].to_vec();
    header[40..48].copy_from_slice(&spec.max_payload.to_le_bytes());
    let file = std::fs::File::create(&path).unwrap();
    std::io::Write::write_all(&mut &file, &header).unwrap();
    file.set_len(
        spec.max_payload + (table_cache::HEADER_BYTES + table_cache::TRAILER_BYTES) as u64,
    )
    .unwrap();
    assert_eq!(table_cache::inspect(&path, &spec), Ok(spec.max_payload));
    path
}

#[test]
fn the_optimal_solver_reads_the_small_table_when_it_is_the_only_one_built() {
    use cubework::solve::table::optimal_table::SliceKind;
    use cubework::solve::table::shared::largest_optimal_table;
    let (_guard, dir) = temp("only-small");
    // None built: the medium one, built on first use.
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Sorted);
    // Only the small one: that one, not the medium one built beside it.
    sparse_table(&dir, SliceKind::Position);
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Position);
    // The largest of those built.
    sparse_table(&dir, SliceKind::Sorted);
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Sorted);
    let large = sparse_table(&dir, SliceKind::Corners);
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Corners);
    std::fs::remove_file(large).unwrap();
    std::fs::remove_file(dir.join("optimal.bin")).unwrap();
    assert_eq!(largest_optimal_table(Some(&dir)), SliceKind::Position);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn tables_and_tables_check_name_the_leftovers_of_an_interrupted_build_and_remove_them() {
    let (_guard, dir) = temp("leftovers");
    // As a `kill -9` between write and rename leaves it: a process id that cannot be running
    // (above Linux's pid_max); and one of a save still being written, by this process.
    let gone = dir.join("optimal-small.bin.tmp-4999999-17");
    let pid = std::process::id();
    let running = dir.join(format!("twophase.bin.tmp-{pid}-5"));
    std::fs::write(&gone, vec![0u8; 3000]).unwrap();
    std::fs::write(&running, b"being written").unwrap();
    let removed = |bytes: &str| {
        format!(
            "{} ({bytes} bytes): left by a build of optimal-small that was interrupted (process 4999999 is gone); removed",
            gone.display()
        )
    };
    let left_alone = format!(
        "{} (13 bytes): a save of twophase in progress (process {pid} is running), left alone",
        running.display()
    );
    let (out, err, code) = run(&dir, &["tables"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l == removed("3,000")), "{out}");
    assert!(out.lines().any(|l| l == left_alone), "{out}");
    assert!(!gone.exists(), "the leftover is still there");
    assert!(running.exists(), "a save in progress was removed");
    // `tables check` too; nothing is damaged.
    std::fs::write(&gone, b"again").unwrap();
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l == removed("5")), "{out}");
    assert!(out.lines().any(|l| l == left_alone), "{out}");
    assert!(!gone.exists() && running.exists());
    // Nothing left: nothing said.
    std::fs::remove_file(&running).unwrap();
    let (out, _, _) = run(&dir, &["tables"]);
    assert!(!out.contains(".tmp-"), "{out}");
}

#[test]
fn a_table_changed_in_place_behind_its_stamp_is_rebuilt_or_stops_the_solve_in_one_line() {
    use cubework::base::table_cache::{BLOCK_BYTES, checked_since, spot_blocks};
    use cubework::solve::CubieCube;
    use cubework::solve::table::optimal_table::{
        AxisMoves, ROW_BYTES, SliceKind, floor_bytes, table_file,
    };
    let dir = with_small_tables("in-place");
    let path = table_file(SliceKind::Position).path_in(&dir);
    let scramble = "R U R' U' F2 D L' B";
    let answers = |(out, err, code): (String, String, Option<i32>)| {
        assert_eq!(code, Some(0), "{err}");
        common::assert_has(&out, "8 moves in the half-turn metric, proven shortest");
        err
    };
    let rebuilt = format!(
        "cubework: building the optimal solver's table again, because the cache file {} is damaged",
        path.display()
    );
    // The copy is checked whole as it loads, and stamped.
    let err = answers(solve_optimal(&dir, scramble));
    assert!(!err.contains("building"), "{err}");
    assert!(checked_since(&path));
    // 4 MB zeroed in the middle, the file's time put back (what bit rot on disk also does):
    // its stamp stands, but the blocks checked as it loads are not what they were, and it is
    // rebuilt before the search.
    let len = std::fs::metadata(&path).unwrap().len();
    write_in_place(&path, len / 2 - (2 << 20), &vec![0u8; 4 << 20]);
    assert!(checked_since(&path));
    let err = answers(solve_optimal(&dir, scramble));
    assert!(err.contains(&rebuilt), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // One entry changed, the one the search reads first, in a block that the load leaves to
    // the search: the solve stops with one line naming the file, status 1.
    let moves = AxisMoves::new(SliceKind::Position);
    let cube = common::cube_after(3, scramble);
    let (state, _) = CubieCube::from_cube(&cube).unwrap();
    let i = moves.index(moves.coord(&state));
    // The distances, then their stripes' floors, then the trailer.
    let bytes = moves.rows() * ROW_BYTES;
    let distances = len - 8 - (bytes + floor_bytes(bytes)) as u64;
    let at = distances + (i / 4) as u64;
    let spots = spot_blocks((len as usize).div_ceil(BLOCK_BYTES), distances as usize);
    assert!(!spots.contains(&(at as usize / BLOCK_BYTES)), "{at}");
    flip_in_place(&path, at, 3 << (2 * (i % 4)));
    let (out, err, code) = solve_optimal(&dir, scramble);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "cubework: the optimal solver's table {} is damaged (",
            path.display()
        )),
        "{err}"
    );
    // The next solve checks it whole, and rebuilds it.
    let err = answers(solve_optimal(&dir, scramble));
    assert!(err.contains(&rebuilt), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_table_cut_short_while_a_search_reads_it_is_said_in_one_line_not_a_bus_error() {
    use cubework::solve::table::optimal_table::{SliceKind, table_file};
    use std::time::{Duration, Instant};
    let dir = with_small_tables("cut-short");
    let path = table_file(SliceKind::Position).path_in(&dir);
    // Checked and stamped first, so that the next load maps it and goes on to the search.
    let (_, err, code) = solve_optimal(&dir, "R U");
    assert_eq!(code, Some(0), "{err}");
    // A random state: a search of a minute or more on the small table.
    let hard = "F R2 F' U2 B D2 F' L2 R2 B D2 F2 U' B L2 D' L' D2 L' R' F";
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubework"))
        .env("NO_COLOR", "1")
        .env("CUBEWORK_CACHE_DIR", &dir)
        .env("CUBEWORK_OPTIMAL_TABLE", "small")
        .args(["solve", "--method", "optimal", hard])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Another program cuts the file short once the solver has it mapped.
    let maps = format!("/proc/{}/maps", child.id());
    let name = path.to_str().unwrap();
    let start = Instant::now();
    while !std::fs::read_to_string(&maps).is_ok_and(|m| m.contains(name)) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the solve ended before it mapped the table"
        );
        assert!(start.elapsed() < Duration::from_secs(60), "never mapped");
        std::thread::sleep(Duration::from_millis(1));
    }
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(4096)
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("the solve went on reading a table cut short");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{:?}: {stderr}", out.status);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    common::assert_starts(
        &stderr,
        &format!(
            "cubework: the table file {} was cut short or rewritten by another program while it was in use",
            path.display()
        ),
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_huge_table_that_the_address_space_limit_cannot_hold_is_refused_in_one_line_before_allocating()
{
    let dir = with_small_tables("huge-refused");
    // 4 GB of address space: the huge table needs 7.6 GB. Before, the build aborted
    // ("memory allocation of 7584885792 bytes failed") with a backtrace.
    let (stdout, stderr, code) = common::run_limited(
        "-v 4000000",
        "tables build --optimal --size huge",
        &dir,
        &[("CUBEWORK_TWOPHASE_TABLE", "small")],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with(
            "cubework: the optimal-huge table is not built: building it needs 7.6 GB of memory, and the address-space limit (ulimit -v) leaves "
        ),
        "{stderr}"
    );
    let huge = cubework::solve::table::optimal_table::table_file(
        cubework::solve::table::optimal_table::SliceKind::SortedCorners,
    );
    assert!(!huge.path_in(&dir).exists());
}

#[test]
fn the_four_by_four_table_is_listed_and_checked_as_every_cached_table_is() {
    let (_guard, dir) = temp("four");
    let four = dir.join("four.bin");
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{err}");
    common::assert_has(&out, &format!("four: not built ({})", four.display()));
    let (listed, err, code) = run(&dir, &["tables"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        listed
            .lines()
            .any(|l| l.contains("four") && l.contains("missing")),
        "{listed}"
    );
    // A file that is not the table's: damaged, by the listing and the check.
    std::fs::write(&four, vec![7u8; 4096]).unwrap();
    let (listed, _, code) = run(&dir, &["tables"]);
    assert_eq!(code, Some(0));
    assert!(
        listed
            .lines()
            .any(|l| l.contains("four") && l.contains("damaged")),
        "{listed}"
    );
    let (out, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        out.lines()
            .any(|l| l.starts_with(&format!("four: damaged: the cache file {}", four.display()))),
        "{out}"
    );
}

#[test]
fn a_damaged_two_phase_or_pocket_table_is_named_in_one_note_before_it_is_rebuilt() {
    let (_guard, dir) = temp("damaged-noted");
    for args in [&["solve", "R U F"][..], &["pocket", "solve", "R U F"]] {
        let (_, err, code) = run(&dir, args);
        assert_eq!(code, Some(0), "{err}");
        let file = if args[0] == "solve" {
            "twophase.bin"
        } else {
            "pocket-htm.bin"
        };
        let path = dir.join(file);
        for offset in 5000..5008 {
            flip_in_place(&path, offset, 0xff);
        }
        let (out, err, code) = run(&dir, args);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.ends_with("F' U' R'\n"), "{out}");
        common::assert_one_line(
            &err,
            &format!("note: the cache file {} is damaged", path.display()),
            file,
        );
        // Rebuilt and saved: the next run loads it without a word.
        let (_, err, _) = run(&dir, args);
        assert_eq!(err, "", "{file}");
        // Cut short, it is named too.
        cut_short(&path, 1000);
        let (_, err, _) = run(&dir, args);
        common::assert_one_line(
            &err,
            &format!(
                "the cache file {} is truncated (1000 bytes)",
                path.display()
            ),
            file,
        );
    }
}

/// `tables build` builds the 4×4×4's `four.bin` with the others (it takes 15–80 s here, so
/// this test builds it once): a damaged one is said on stderr in one line, then built again,
/// and its line in the output says how long it took and why, the listing its size.
#[test]
fn tables_build_builds_the_four_by_four_table_and_a_damaged_one_is_said_then_rebuilt() {
    let (_guard, dir) = temp("four-build");
    let four = dir.join("four.bin");
    std::fs::write(&four, vec![7u8; 4096]).unwrap();
    let (out, err, code) = run(&dir, &["tables", "build"]);
    assert_eq!(code, Some(0), "{err}");
    let said: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("four.bin") && l.starts_with("cubework: note:"))
        .collect();
    assert_eq!(said.len(), 1, "{err}");
    // Off a terminal the build itself is said too, once, with where it goes.
    let building: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("cubework: building the 4×4×4's centre tables: "))
        .collect();
    assert_eq!(
        building,
        [format!(
            "cubework: building the 4×4×4's centre tables: 19 MB, about 20 s on two free cores, longer while other work shares them; they will be saved to {}",
            four.display()
        )],
        "{err}"
    );
    assert!(
        said[0].starts_with(&format!(
            "cubework: note: the cache file {} ",
            four.display()
        )) && said[0].ends_with("; building the four table again"),
        "{err}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("four: built in ")
            && l.contains(" ms because the cache file")
            && l.contains("saved to")),
        "{out}"
    );
    let bytes = std::fs::metadata(&four).unwrap().len().to_string();
    let size = bytes
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join(",");
    assert!(
        out.lines()
            .any(|l| l.contains("four") && l.contains(&size) && l.contains("built")),
        "{size}: {out}"
    );
    // Built whole: the check reads it through, and the next build loads it.
    let (checked, err, code) = run(&dir, &["tables", "check"]);
    assert_eq!(code, Some(0), "{checked}{err}");
    let (out, err, code) = run(&dir, &["tables", "build"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("four.bin"), "{err}");
    assert!(
        out.lines().any(|l| l.starts_with("four: loaded from ")),
        "{out}"
    );
}

/// Cuts the file at `path` to its first `len` bytes, as a write stopped part-way leaves it.
fn cut_short(path: &std::path::Path, len: u64) {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .unwrap()
        .set_len(len)
        .unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_building_the_four_by_four_tables_and_saves_nothing_half_built() {
    use std::process::Stdio;
    let (_guard, dir) = temp("four-ctrl-c");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubework"))
        .env("NO_COLOR", "1")
        .env("CUBEWORK_CACHE_DIR", &dir)
        .args(["tables", "build"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the small tables are saved, the 4×4×4's build (a minute or more) is under way.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !dir.join("twophase.bin").exists() {
        assert!(std::time::Instant::now() < deadline, "no two-phase table");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr, code) = common::outcome(out);
    assert_eq!(code, Some(130), "{stdout}\n{stderr}");
    // Stopped, not finished and then thrown away.
    assert!(!stdout.contains("four: built"), "{stdout}");
    assert!(!stderr.contains("four: not saved"), "{stderr}");
    common::assert_has(&stderr, "cancelled");
    assert!(!dir.join("four.bin").exists());
    // Off a terminal (no bar to show it), the build was said as it started.
    common::assert_has(
        &stderr,
        &format!(
            "cubework: building the 4×4×4's centre tables: 19 MB, about 20 s on two free cores, longer while other work shares them; they will be saved to {}",
            dir.join("four.bin").display()
        ),
    );
}
