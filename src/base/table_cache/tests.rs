use super::*;

const SPEC: TableFile = TableFile {
    name: "test-table",
    version: 3,
    max_payload: 1000,
};

/// A fresh directory of this test's own (tests run at once, here and in other checkouts):
/// its guard, which removes it when dropped, and its path.
fn temp_dir(name: &str) -> (tempfile::TempDir, PathBuf) {
    let prefix = format!("cubework-cache-{name}-");
    let guard = tempfile::Builder::new().prefix(&prefix).tempdir().unwrap();
    let dir = guard.path().to_path_buf();
    (guard, dir)
}

fn payload() -> Vec<u8> {
    (0..500u32).map(|i| (i * 7 % 251) as u8).collect()
}

/// A table file spec of version 1 named `name`, whose payload may be up to a MiB.
fn mib_spec(name: &'static str) -> TableFile {
    TableFile {
        name,
        version: 1,
        max_payload: 1 << 20,
    }
}

/// A table `name` of [`mib_spec`] in `dir` and a payload of six whole blocks and part of a
/// seventh (100,000 bytes: `i × step mod modulus`): the spec, the payload and the file's path.
fn seven_blocks(
    dir: &Path,
    name: &'static str,
    step: u32,
    modulus: u32,
) -> (TableFile, Vec<u8>, PathBuf) {
    let spec = mib_spec(name);
    let payload = (0..100_000u32)
        .map(|i| (i * step % modulus) as u8)
        .collect();
    let path = spec.path_in(dir);
    (spec, payload, path)
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
    let (_guard, dir) = temp_dir("special");
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
}

#[test]
fn damaged_and_inconsistent_files_are_rebuilt_and_named() {
    let (_guard, dir) = temp_dir("rebuild");
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
}

#[test]
fn a_directory_in_place_of_the_file_is_not_written_over() {
    let (_guard, dir) = temp_dir("dir-in-place");
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
}

#[test]
fn temporary_files_of_killed_saves_are_removed_by_the_next_save() {
    let (_guard, dir) = temp_dir("temporaries");
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
}

#[test]
fn a_save_records_the_checksums_of_its_blocks_as_a_whole_read_makes_them() {
    let (_guard, dir) = temp_dir("sums");
    let (spec, payload, path) = seven_blocks(&dir, "test-sums", 31, 253);
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
}

#[test]
fn temporaries_are_listed_with_whether_their_process_runs() {
    let (_guard, dir) = temp_dir("leftovers");
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
}

#[test]
fn file_states_for_listing() {
    let (_guard, dir) = temp_dir("states");
    assert_eq!(file_state(&SPEC, None), FileState::NoCache);
    assert_eq!(file_state(&SPEC, Some(&dir)), FileState::Missing);
    write(&SPEC.path_in(&dir), &SPEC, &payload()).unwrap();
    assert_eq!(file_state(&SPEC, Some(&dir)), FileState::Built);
    std::fs::write(SPEC.path_in(&dir), b"junk").unwrap();
    assert!(matches!(
        file_state(&SPEC, Some(&dir)),
        FileState::Damaged(_)
    ));
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_table_file_leaves_the_page_cache_once_written_so_its_first_map_reads_it_anew() {
    let (_guard, dir) = temp_dir("drop-pages");
    // tmpfs keeps a file only in the page cache: nothing to drop there.
    let c_dir = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: statfs fills the struct it is given for a NUL-terminated path.
    let mut fs: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(c_dir.as_ptr(), &mut fs) } != 0 || fs.f_type == 0x0102_1994 {
        return;
    }
    let spec = TableFile {
        name: "test-table",
        version: 3,
        max_payload: 64 << 20,
    };
    let path = spec.path_in(&dir);
    write(&path, &spec, &vec![7u8; 64 << 20]).unwrap();
    let file = std::fs::File::open(&path).unwrap();
    // SAFETY: read-only mapping of a file nothing else writes.
    let map = unsafe { memmap2::Mmap::map(&file) }.unwrap();
    let pages = map.len().div_ceil(4096);
    let mut resident = vec![0u8; pages];
    // SAFETY: `resident` has a byte for every 4 KiB page of the mapping.
    let ok = unsafe {
        libc::mincore(
            map.as_ptr() as *mut libc::c_void,
            map.len(),
            resident.as_mut_ptr(),
        )
    };
    assert_eq!(ok, 0);
    let cached = resident.iter().filter(|&&b| b & 1 != 0).count();
    assert!(cached < pages / 4, "{cached} of {pages} pages still cached");
}

#[cfg(unix)]
#[test]
fn the_atomic_writer_refuses_a_symbolic_link_and_leaves_the_link_and_its_target_alone() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    let link = dir.path().join("kept.txt");
    std::fs::write(&target, "the user's").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let e = write_atomic(&link, b"written").unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("{} is a symbolic link", link.display())),
        "{e}"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "the user's");
    // No temporary file is left beside it; a dangling link is refused too.
    std::fs::remove_file(&target).unwrap();
    assert!(write_atomic(&link, b"written").is_err());
    assert!(std::fs::symlink_metadata(&target).is_err());
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
    // A regular file is replaced whole.
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "old").unwrap();
    write_atomic(&plain, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), "new");
}

#[test]
fn a_mapped_file_is_checked_whole_until_its_stamp_records_it_and_then_by_a_sample() {
    let (_guard, dir) = temp_dir("mapped");
    let (spec, payload, path) = seven_blocks(&dir, "test-mapped", 13, 251);
    write(&path, &spec, &payload).unwrap();
    forget_checked(&path);
    let sums = Sums::of(&std::fs::read(&path).unwrap());
    let whole = |whole, len| map_checked(&path, &spec, 16, whole, len);
    // No stamp: read whole, its checksum compared, the sums handed back to stamp.
    let file = whole(false, None).unwrap();
    assert_eq!(file.payload(), &payload[..]);
    assert!(matches!(&file.check, Check::Whole(s) if *s == sums));
    drop(file);
    mark_checked_with(&path, &sums);
    assert!(matches!(whole(false, None).unwrap().check, Check::Recorded(s) if s == sums));
    // Asked whole, it is read whole however recently it was checked.
    assert!(matches!(whole(true, None).unwrap().check, Check::Whole(_)));
    // A format that fixes the payload's length refuses another.
    assert_eq!(
        whole(false, Some(payload.len() + 1)).err(),
        Some(CacheError::Shape(format!(
            "a payload of {} bytes",
            payload.len()
        )))
    );
    // A byte changed (which changes the file's time, so its stamp no longer holds): the
    // checksum finds it.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[HEADER_BYTES + 50_000] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        whole(false, None).err(),
        Some(CacheError::Checksum { .. })
    ));
    // What is not a regular file is refused unread.
    assert_eq!(
        map_checked(&dir, &spec, 16, false, None).err(),
        Some(CacheError::NotAFile("a directory"))
    );
}
