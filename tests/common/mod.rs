//! What the end-to-end tests share: the binary, set up as a test should run it.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// The binary with colour off and its history in the temp directory (never the user's),
/// solving two-phase with the small table set a fresh machine has (the answers the tests and
/// the documents show), whatever larger set the cache it is given may hold.
pub fn cubework() -> Command {
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1")
        .env(
            "CUBEWORK_DATA_DIR",
            std::env::temp_dir().join("cubework-test-data"),
        )
        .env("CUBEWORK_TWOPHASE_TABLE", "small");
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

/// What a run printed and how it ended: standard output, standard error, exit status.
pub fn outcome(out: std::process::Output) -> (String, String, Option<i32>) {
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// Fails the test, with `context` and what the run wrote to standard error, unless it
/// succeeded.
pub fn assert_success(out: &std::process::Output, context: impl std::fmt::Display) {
    assert!(
        out.status.success(),
        "{context}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The binary with colour off and its history and tables in the temp directory's `name`.
pub fn cubework_in(name: &str) -> Command {
    let data = std::env::temp_dir().join(name);
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1")
        .env("CUBEWORK_DATA_DIR", &data)
        .env("CUBEWORK_CACHE_DIR", data.join("cache"))
        .env("CUBEWORK_TWOPHASE_TABLE", "small");
    cmd
}

/// A fresh, empty directory `cubework-{name}` in the temp directory.
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cubework-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What `cmd` printed with `args`, and how it ended (see [`outcome`]).
pub fn run_with(mut cmd: Command, args: &[&str]) -> (String, String, Option<i32>) {
    outcome(cmd.args(args).output().unwrap())
}

/// What `cmd` printed given `input` on standard input, and how it ended.
pub fn session_with(mut cmd: Command, input: &str) -> (String, String, Option<i32>) {
    outcome(cmd.write_stdin(input).output().unwrap())
}

/// Every Rust source file below `dir`, at any depth, appended to `out`.
pub fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What the binary printed, and how it ended, run by a shell under the resource limit
/// `limit` (as `ulimit` takes it: `-f 100`, `-v 4000000`) with the arguments `args`, colour
/// off and its tables cached in `cache`, `env` set besides.
pub fn run_limited(
    limit: &str,
    args: &str,
    cache: &std::path::Path,
    env: &[(&str, &str)],
) -> (String, String, Option<i32>) {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit {limit} && exec \"$0\" {args}"))
        .arg(assert_cmd::cargo::cargo_bin("cubework"))
        .env("NO_COLOR", "1")
        .env("CUBEWORK_CACHE_DIR", cache)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    outcome(out)
}
