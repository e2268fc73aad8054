//! What the end-to-end tests share: the binary, set up as a test should run it.

// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// A directory under the build's own temporary directory (`target/tmp`, which cargo gives the
/// integration tests as `CARGO_TARGET_TMPDIR`), for what only saves time and may be shared by
/// every test, every run of the suite and any two runs at once: the tables, which are written
/// through a temporary file and a rename (a reader sees the old file or the new one, never a
/// cut one) and checked whenever they load. Nothing a test damages, forges or makes to fail
/// goes here: that goes in a directory of its own ([`fresh_dir`]).
pub fn shared_dir(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// The binary with colour off and its history and tables in the build's temporary directory
/// (never the user's), solving two-phase with the small table set a fresh machine has (the
/// answers the tests and the documents show), whatever larger set the cache it is given may
/// hold, on one thread.
pub fn cubework() -> Command {
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1")
        .env("CUBEWORK_DATA_DIR", shared_dir("cubework-test-data"))
        .env("CUBEWORK_CACHE_DIR", tables_dir())
        .env("CUBEWORK_TWOPHASE_TABLE", "small")
        // One thread a search: with several, the two-phase answer is the first thread's to
        // settle, which the machine's load decides, and the documents' sessions show one
        // thread's answers.
        .env("CUBEWORK_THREADS", "1");
    cmd
}

/// The one directory of tables that every test binary shares ([`shared_dir`]): each table is
/// built once a run of the suite, by whichever test first needs it (the 4×4×4's and the
/// optimal solver's take tens of seconds each, once, not once a binary), and checked whenever
/// it loads, rebuilt if damaged or out of date. Nothing is damaged here: a test that damages,
/// forges or cuts short a table does so in a directory of its own ([`fresh_dir`]).
pub fn tables_dir() -> std::path::PathBuf {
    shared_dir("cubework-test-cache")
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

/// The binary with colour off and its history and tables in the shared directory `name`
/// ([`shared_dir`]).
pub fn cubework_in(name: &str) -> Command {
    let data = shared_dir(name);
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1")
        .env("CUBEWORK_DATA_DIR", &data)
        .env("CUBEWORK_CACHE_DIR", data.join("cache"))
        .env("CUBEWORK_TWOPHASE_TABLE", "small")
        // One thread a search: with several, the two-phase answer is the first thread's to
        // settle, which the machine's load decides, and the documents' sessions show one
        // thread's answers.
        .env("CUBEWORK_THREADS", "1");
    cmd
}

/// That `err` is one line that says `says`; `context` (the arguments, say) heads the message
/// of a failure.
#[track_caller]
pub fn assert_one_line(err: &str, says: &str, context: impl std::fmt::Display + Copy) {
    assert_eq!(err.lines().count(), 1, "{context}one line, got {err:?}");
    assert!(err.contains(says), "{context}{err:?} lacks {says:?}");
}

/// A refusal, as [`outcome`] gives it: exit status `code`, nothing on standard output, and one
/// line on standard error that says `says`; `context` heads the message of a failure.
#[track_caller]
pub fn assert_refused(
    (out, err, status): &(String, String, Option<i32>),
    code: i32,
    says: &str,
    context: impl std::fmt::Display + Copy,
) {
    assert_eq!(*status, Some(code), "{context}{err}");
    assert!(out.is_empty(), "{context}nothing on stdout, got {out:?}");
    assert_one_line(err, says, context);
}

/// A FIFO (a named pipe) made at `path` by `mkfifo`.
#[cfg(unix)]
pub fn make_fifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "mkfifo {} failed",
        path.display()
    );
}

/// The last line `cmd` printed with `args` (empty if none), which must succeed.
pub fn last_line(mut cmd: Command, args: &[&str]) -> String {
    let out = cmd.args(args).output().unwrap();
    assert_success(&out, format_args!("{args:?}: "));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

/// A directory of one test's own ([`fresh_dir`]), removed with all it holds when dropped: used
/// where a path is ([`Path`](std::path::Path) through `Deref`).
pub struct OwnDir(tempfile::TempDir);

impl std::ops::Deref for OwnDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for OwnDir {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for OwnDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// A new, empty directory `cubework-{name}-XXXXXX` in the temp directory, this test's alone
/// (never another test's, nor another run's at the same time), removed when dropped: for
/// whatever a test damages, forges, or makes to fail.
pub fn fresh_dir(name: &str) -> OwnDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("cubework-{name}-"))
        .tempdir()
        .unwrap();
    OwnDir(dir)
}

/// A fresh data directory ([`fresh_dir`]) for a test on a pseudo-terminal, or `None`, said
/// on standard error, where this machine cannot open one (a container without `/dev/ptmx`):
/// the test stops there rather than fail for the machine's sake.
#[cfg(unix)]
pub fn terminal_dir(name: &str) -> Option<OwnDir> {
    if nix::pty::openpty(None, None).is_err() {
        eprintln!("skipped: this machine cannot open a pseudo-terminal");
        return None;
    }
    Some(fresh_dir(name))
}

/// The REPL's history file in the data directory `data`, as the session wrote it.
pub fn history(data: &std::path::Path) -> String {
    std::fs::read_to_string(data.join("history.txt")).unwrap()
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

/// The binary running on a pseudo-terminal ([`on_terminal`]), what it shows read as it comes.
#[cfg(unix)]
pub struct OnTerminal {
    /// The binary.
    pub child: std::process::Child,
    /// The terminal's other end: what is written to it is typed.
    pub master: std::fs::File,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    reader: std::thread::JoinHandle<()>,
}

/// `cubework ARGS` on a new pseudo-terminal (of `size`, or the default), in colour if
/// `colour` (else with `NO_COLOR` set), its data in `data` and its tables in the build's
/// temporary directory, in a session of its own with the terminal as its controlling
/// terminal, as a shell gives it, so that Ctrl-C on the terminal is a SIGINT to it.
#[cfg(unix)]
pub fn on_terminal(
    args: &[&str],
    size: Option<&nix::pty::Winsize>,
    data: &std::path::Path,
    colour: bool,
) -> OnTerminal {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubework"));
    command.args(args).env_remove("NO_COLOR");
    if !colour {
        command.env("NO_COLOR", "1");
    }
    command
        .env("TERM", "xterm")
        .env("CUBEWORK_DATA_DIR", data)
        .env("CUBEWORK_CACHE_DIR", tables_dir());
    command_on_terminal(command, size)
}

/// `command` (its arguments and environment set) on a new pseudo-terminal (of `size`, or the
/// default) as [`on_terminal`] runs the binary: its standard streams the terminal, in a
/// session of its own with the terminal as its controlling terminal.
#[cfg(unix)]
pub fn command_on_terminal(
    mut command: std::process::Command,
    size: Option<&nix::pty::Winsize>,
) -> OnTerminal {
    use std::io::Read;
    use std::os::fd::OwnedFd;
    use std::process::Stdio;
    let pty = nix::pty::openpty(size, None).unwrap();
    // Copies closed on exec (`try_clone`), so that no other test's child inherits them.
    let slave = |fd: &OwnedFd| Stdio::from(fd.try_clone().unwrap());
    command
        .stdin(slave(&pty.slave))
        .stdout(slave(&pty.slave))
        .stderr(slave(&pty.slave));
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(|| {
            nix::unistd::setsid().map_err(std::io::Error::from)?;
            if nix::libc::ioctl(0, nix::libc::TIOCSCTTY as _, 0) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().unwrap();
    // The command holds the terminal's other end until dropped; while it is open here,
    // reading would never see the end.
    drop(command);
    drop(pty.slave);
    let master = std::fs::File::from(pty.master);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let reader = {
        let seen = std::sync::Arc::clone(&seen);
        let mut master = master.try_clone().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 65536];
            while let Ok(n) = master.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        })
    };
    OnTerminal {
        child,
        master,
        seen,
        reader,
    }
}

#[cfg(unix)]
impl OnTerminal {
    /// All the binary has shown so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned()
    }

    /// Waits for the binary to exit, killing it after `within`: all it showed, and its exit
    /// status.
    pub fn finish(mut self, within: std::time::Duration) -> (String, Option<i32>) {
        let give_up = std::time::Instant::now() + within;
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if std::time::Instant::now() > give_up {
                let _ = self.child.kill();
                break self.child.wait().unwrap();
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        drop(self.master);
        let _ = self.reader.join();
        let text = String::from_utf8_lossy(&self.seen.lock().unwrap()).into_owned();
        (text, status.code())
    }
}

/// Where the integration tests' property tests keep the seeds of their failures (the library's
/// own keep theirs beside it, under `src/`), replayed first ever after.
pub const KEPT_SEEDS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/proptest-regressions/tests.txt"
);

/// A property test's configuration: `cases` cases from a fixed seed, the same every run (set
/// `PROPTEST_RNG_SEED` to explore), as the crate's own `proptest_config`; a failure's seed is
/// kept in [`KEPT_SEEDS`].
pub fn config_with(cases: u32) -> proptest::test_runner::Config {
    use proptest::test_runner::FileFailurePersistence;
    let mut config = proptest::test_runner::Config::with_cases(cases);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(0xc0be);
    }
    config.failure_persistence = Some(Box::new(FileFailurePersistence::Direct(KEPT_SEEDS)));
    config
}

/// The browsers the browser tests look for, in order.
pub const BROWSERS: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// The first of `names` that runs (`NAME --version` succeeds).
pub fn installed<'a>(names: &[&'a str]) -> Option<&'a str> {
    names.iter().copied().find(|name| {
        std::process::Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Whether `CI` is set (to anything but nothing).
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

/// Says why a browser test cannot run: a failure under CI (`CI` set), which must run it
/// (`.ci/run` installs what it needs), and a note elsewhere.
pub fn cannot_run(why: &str) {
    if in_ci() {
        panic!("{why}; CI must run the browser tests (.ci/run installs what they need)");
    }
    eprintln!("skipped: {why}");
}

/// Runs the browser driver `driver` (a Node script in tests/) on `page` in `browser`, with a
/// fresh profile, and checks that it ended well and said `ok: …` for each of `checks`; what it
/// said.
pub fn drive_browser(
    node: &str,
    driver: &str,
    browser: &str,
    page: &std::path::Path,
    checks: &[&str],
) -> String {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let driver = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(driver);
    let out = std::process::Command::new(node)
        .arg(&driver)
        .arg(browser)
        .arg(page)
        .arg(&profile)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for check in checks {
        assert!(said.contains(&format!("ok: {check}")), "{check}: {said}");
    }
    said
}

/// A browser and Node to drive it, or `None` after saying ([`cannot_run`]) which is missing,
/// so that `what` (the page and what is done with it) was not done.
pub fn browser_and_node(what: &str) -> Option<(&'static str, &'static str)> {
    let Some(browser) = installed(&BROWSERS) else {
        cannot_run(&format!(
            "no browser installed ({}), so {what} in none",
            BROWSERS.join(", ")
        ));
        return None;
    };
    let Some(node) = installed(&["node"]) else {
        cannot_run(&format!(
            "node is not installed, so {browser} could not be driven"
        ));
        return None;
    };
    Some((browser, node))
}

/// Fails, showing `text` whole, unless it contains `part`.
#[track_caller]
pub fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// Fails, showing `text` whole, unless it starts with `start`.
#[track_caller]
pub fn assert_starts(text: &str, start: &str) {
    assert!(text.starts_with(start), "{start:?} does not start:\n{text}");
}

/// Fails, showing `text` whole, unless it ends with `end`.
#[track_caller]
pub fn assert_ends(text: &str, end: &str) {
    assert!(text.ends_with(end), "{end:?} does not end:\n{text}");
}

/// The reply to `line` typed in the session `s`: the line must run.
pub fn run(s: &mut cubework::command::Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .text
}

/// A session at the APL prompt.
pub fn apl_session() -> cubework::command::Session {
    let mut s = cubework::command::Session::new(false);
    run(&mut s, "apl");
    s
}

/// A session keeping its workspace in `file` (as the REPL keeps it in its data directory), at
/// the APL prompt, with the notes that reading the file gave.
pub fn kept_session(file: &std::path::Path) -> (cubework::command::Session, Vec<String>) {
    let mut s = cubework::command::Session::new(false);
    let notes = s.keep_workspace(file.to_path_buf());
    run(&mut s, "apl");
    (s, notes)
}

/// The `n`×`n`×`n` cube after `alg` (standard notation, the sequence algebra allowed) from
/// solved.
pub fn cube_after(n: usize, alg: &str) -> cubework::Cube {
    let mut cube = cubework::Cube::solved_n(n);
    cube.apply_all(&cubework::parse_sequence(alg, cubework::Notation::Standard).unwrap())
        .unwrap();
    cube
}

/// `solve --method optimal SCRAMBLE` on the small optimal table in the cache `dir`: what it
/// printed and how it ended.
pub fn solve_optimal(dir: &std::path::Path, scramble: &str) -> (String, String, Option<i32>) {
    let out = cubework()
        .env("CUBEWORK_CACHE_DIR", dir)
        .env("CUBEWORK_OPTIMAL_TABLE", "small")
        .args(["solve", "--method", "optimal", scramble])
        .output()
        .unwrap();
    outcome(out)
}

/// What the command printed and how it ended (it must start).
pub fn output(cmd: &mut Command) -> std::process::Output {
    cmd.output().unwrap()
}
