//! What the end-to-end tests share: the binary, set up as a test should run it.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// The binary with colour off and its history in the temp directory (never the user's).
pub fn cubework() -> Command {
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1").env(
        "CUBEWORK_DATA_DIR",
        std::env::temp_dir().join("cubework-test-data"),
    );
    cmd
}

/// [`cubework`] with its tables cached in the temp directory's `cache`: one directory for
/// every run of a test binary (not one a process, which left a copy behind each time); a
/// table is checked whenever it loads, and rebuilt if damaged or out of date.
pub fn cubework_cached(cache: &str) -> Command {
    let mut cmd = cubework();
    cmd.env("CUBEWORK_CACHE_DIR", std::env::temp_dir().join(cache));
    cmd
}
