//! The workbench as a hostile world uses it: bytes that are not text, lines without end,
//! output that cannot be written, history files that are not files. No input or output
//! condition may end the REPL early, lose a line, or exit with a panic's status 101.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use std::io::{Read, Write};
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn temp(name: &str) -> common::OwnDir {
    common::fresh_dir(&format!("hardening-{name}"))
}

fn cubework(data: &std::path::Path) -> Command {
    let mut cmd = Command::cargo_bin("cubework").unwrap();
    cmd.env("NO_COLOR", "1")
        .env("CUBEWORK_DATA_DIR", data)
        .env("CUBEWORK_CACHE_DIR", data.join("cache"));
    cmd
}

fn run_stdin(input: &[u8]) -> (String, String, Option<i32>) {
    let data = temp("stdin");
    let out = cubework(&data).write_stdin(input).output().unwrap();
    common::outcome(out)
}

const AFTER_R: &str = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

#[test]
fn lines_that_are_not_utf8_are_one_error_each_and_the_session_goes_on() {
    let (out, err, code) = run_stdin(b"R\n\xff\xfe junk\nshow facelets\n\xc3\x28\nR'\nsolved?\n");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "error: line 2 is not UTF-8 text",
            "error: line 4 is not UTF-8 text"
        ]
    );
    assert!(out.contains(AFTER_R), "{out}");
    assert!(
        out.ends_with("yes\n"),
        "the lines after the bad ones ran: {out}"
    );
    assert_eq!(code, Some(2));
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_session_file_is_skipped() {
    let dir = temp("bom");
    let file = dir.join("session.txt");
    std::fs::write(&file, b"\xEF\xBB\xBFR\nshow facelets\n").unwrap();
    let out = cubework(&dir).arg("run").arg(&file).output().unwrap();
    common::assert_success(&out, "");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .ends_with(&format!("{AFTER_R}\n"))
    );
}

#[test]
fn a_line_over_the_limit_is_one_error_and_the_lines_after_it_run() {
    // A megabyte and more of moves on one line, then lines that run.
    let mut input = "R ".repeat(600_000).into_bytes();
    input.extend_from_slice(b"\nR\nshow facelets\n");
    let (out, err, code) = run_stdin(&input);
    assert_eq!(
        err,
        "error: line 1 is longer than the limit of 1 MiB (1,048,576 bytes)\n"
    );
    // R's cube, then its facelets: the lines after the long one ran.
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.ends_with(&format!("{AFTER_R}\n")), "{out}");
    assert_eq!(code, Some(2));
    // A stream with no newline at all.
    let (_, err, code) = run_stdin(&vec![b'U'; (1 << 20) + 10]);
    assert!(err.contains("line 1 is longer"), "{err}");
    assert_eq!(code, Some(2));
}

#[cfg(unix)]
#[test]
fn run_dev_zero_ends_with_the_line_limit_error() {
    let dir = temp("zero");
    let start = Instant::now();
    let out = cubework(&dir)
        .args(["run", "/dev/zero"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 1 is longer than the limit"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(20));
}

#[test]
fn files_that_cannot_be_read_are_named() {
    let dir = temp("files");
    let out = cubework(&dir).arg("run").arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!("cubework: cannot read {}: is a directory\n", dir.display())
    );
    let missing = dir.join("missing.txt");
    let out = cubework(&dir).arg("run").arg(&missing).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "cubework: cannot read {}: no such file or directory\n",
            missing.display()
        )
    );
}

/// Runs the binary with stdout a pipe whose reader reads `keep` bytes and goes away.
fn closed_pipe(args: &[&str], keep: usize) -> (Option<i32>, String) {
    let dir = temp("pipe");
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("cubework"))
        .args(args)
        .env("CUBEWORK_CACHE_DIR", dir.join("cache"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut head = vec![0u8; keep];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().unwrap().code(), err)
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    for args in [
        &["reps"][..],
        &["apply", "--rep", "nested", "R"],
        &["pocket", "table", "--format", "csv"],
    ] {
        let (code, err) = closed_pipe(args, 1);
        assert!(matches!(code, Some(0) | None), "{args:?}: status {code:?}");
        assert_eq!(err, "", "{args:?}: no message for a closed pipe");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_line_and_status_one_never_a_panic() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let dir = temp("full");
    let cmd = |args: &[&str]| {
        let mut c = StdCommand::new(assert_cmd::cargo::cargo_bin("cubework"));
        c.args(args).env("CUBEWORK_CACHE_DIR", dir.join("cache"));
        c
    };
    let out = cmd(&["pocket", "table"]).stdout(full()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "cubework: cannot write the output: no space left on device\n"
    );
    // Standard error full too: nothing can be said, but the status still says it.
    let out = cmd(&["apply", "Q"]).stderr(full()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = cmd(&["--help"])
        .stdout(full())
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_one_line_and_status_one_like_a_full_disk() {
    let dir = temp("closed");
    for args in [&["apply", "R"][..], &["solve", "--batch", "-"]] {
        // The shell closes standard output (`>&-`) and becomes cubework.
        let out = StdCommand::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(assert_cmd::cargo::cargo_bin("cubework"))
            .args(args)
            .env("NO_COLOR", "1")
            .env("CUBEWORK_CACHE_DIR", dir.join("cache"))
            .env("CUBEWORK_DATA_DIR", dir.join("data"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "cubework: cannot write the output: bad file descriptor\n",
            "{args:?}"
        );
    }
}

/// Ctrl-C (SIGINT) to `child` a moment after it started; what it came to, once it has ended,
/// which it must within seconds.
#[cfg(unix)]
fn ctrl_c_after_a_moment(child: std::process::Child) -> std::process::Output {
    std::thread::sleep(Duration::from_millis(1500));
    let pid = nix::unistd::Pid::from_raw(child.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let started = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "it stopped soon"
    );
    out
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_command_with_status_130() {
    let dir = temp("sigint");
    let child = StdCommand::new(assert_cmd::cargo::cargo_bin("cubework"))
        .args(["compare", "--turns", "500000"])
        .env("CUBEWORK_CACHE_DIR", dir.join("cache"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = ctrl_c_after_a_moment(child);
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "cubework: cancelled\n"
    );
    assert!(out.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_a_piped_session_stops_the_line_running_and_the_lines_after_it_with_status_130() {
    let dir = temp("sigint-piped");
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("cubework"))
        .arg("apl")
        .env("CUBEWORK_CACHE_DIR", dir.join("cache"))
        .env("CUBEWORK_DATA_DIR", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first line runs on until stopped; the second would print 1 2 3.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all("{⍵+1}⍣≡0\n⍳3\n".as_bytes()).unwrap();
    drop(stdin);
    let out = ctrl_c_after_a_moment(child);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(
        stderr.lines().last(),
        Some("stopped by Ctrl-C at line 1: the lines after it were not run"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 1:"),
        "the line stopped is named: {stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn clap_errors_are_whole_on_one_line() {
    let dir = temp("clap");
    let err = |args: &[&str]| {
        let out = cubework(&dir).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let e = err(&["order"]);
    assert_eq!(
        e,
        "cubework: the following required arguments were not provided: <ALG>...\n"
    );
    let e = err(&["scramble", "-5"]);
    assert!(e.contains("'-5'") && e.contains("must be 0 or more"), "{e}");
    assert_eq!(e.lines().count(), 1);
    let e = err(&["compare", "--turns", "-1"]);
    assert!(e.contains("must be from 1 to 500,000"), "{e}");
    let e = err(&["scramble", "--seed", "-1"]);
    assert!(e.contains("must be 0 or more"), "{e}");
    let e = err(&["solve", "R U", "--metirc", "qtm"]);
    assert!(
        e.contains("'--metirc'") && e.contains("'--metric'"),
        "did you mean: {e}"
    );
    assert_eq!(e.lines().count(), 1);
    // A command that needs a subcommand shows its usage, as an error.
    let e = err(&["pocket"]);
    common::assert_starts(&e, "cubework: a subcommand is needed here");
    assert!(e.contains("Usage: cubework pocket <COMMAND>"), "{e}");
}

#[test]
fn flags_after_the_moves_are_flags() {
    let dir = temp("flags");
    let out = cubework(&dir)
        .args(["apply", "R", "--show", "facelets"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{AFTER_R}\n")
    );
}

#[test]
fn repl_errors_count_columns_from_the_typed_line_and_escape_what_they_echo() {
    let (_, err, _) =
        run_stdin(b"order size 4 R Q\n   R  Q\ncount qtm [R, K]\nR \x1b[2J\nfrobnicate\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[0], "error: line 1: unknown move 'Q' at column 16");
    assert_eq!(lines[1], "error: line 2: unknown move 'Q' at column 7");
    assert_eq!(lines[2], "error: line 3: unknown move 'K' at column 15");
    assert!(lines[3].contains("'\\u{1b}'"), "escaped: {}", lines[3]);
    assert!(!err.contains('\x1b'), "no raw escape reaches the terminal");
    let long = format!("R {}\n", "Q".repeat(500));
    let (_, err, _) = run_stdin(long.as_bytes());
    assert!(err.len() < 200, "an echoed token is cut: {err}");
}

#[test]
fn long_sessions_keep_bounded_history() {
    // Twelve hundred changes: undo keeps the last thousand, and says why it stops.
    let mut script = String::new();
    for _ in 0..1200 {
        script.push_str("R U\n");
    }
    script.push_str("history\n");
    for _ in 0..1001 {
        script.push_str("undo\n");
    }
    let (out, err, code) = run_stdin(script.as_bytes());
    assert!(
        out.contains("\n201  R U\n"),
        "history numbers count forgotten changes"
    );
    assert!(!out.contains("\n200  R U\n"));
    common::assert_one_line(&err, "older changes were forgotten", "");
    assert_eq!(code, Some(2));
}

/// `cubework run FILE` with its data in `data`: its output, a minute at most (the timeout
/// only turns a hang into a failure).
fn run_within_a_minute(data: &std::path::Path, file: &std::path::Path) -> std::process::Output {
    let mut command = cubework(data);
    command
        .arg("run")
        .arg(file)
        .timeout(Duration::from_secs(60));
    command.output().unwrap()
}

#[test]
fn a_session_file_of_many_lines_in_an_open_bracket_runs_in_linear_time() {
    // `(`, 200,000 lines of `R`, `)`: joining each line anew took minutes (40,000 lines took
    // 112 s); the timeout only turns such a hang into a failure. An `R` parses alone, so it
    // is never joined to the open bracket: the two brackets are errors of their own lines,
    // and each `R` runs.
    let data = temp("many-lines");
    let file = data.join("session.txt");
    std::fs::write(
        &file,
        format!("(\n{})\nshow facelets\n", "R\n".repeat(200_000)),
    )
    .unwrap();
    let out = run_within_a_minute(&data, &file);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with(&format!("{SOLVED}\n")),
        "R 200,000 times: {text}"
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn empty_groups_are_nothing_whatever_their_power() {
    // Each `()1000000` took 8 to 17 ms; 90,000 of them would run for many minutes. The
    // timeouts only turn such a hang into a failure.
    let data = temp("empty-groups");
    let file = data.join("session.txt");
    let groups = |n: usize| "()1000000 [,]1000000 ".repeat(n / 2);
    std::fs::write(&file, format!("{}R\nshow facelets\n", groups(90_000))).unwrap();
    let out = run_within_a_minute(&data, &file);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with(&format!("{AFTER_R}\n")), "{text}");
    // Each command that reads a sequence, with 12,000 such groups (an argument may be at most
    // 128 KiB): over 96 s each before.
    let moves = format!("{}R", groups(12_000));
    for args in [
        &["apply", "--show", "facelets"][..],
        &["expand"],
        &["simplify"],
        &["invert"],
        &["order"],
        &["count"],
        &["solve", "--method", "beginner"],
        &["pocket", "solve"],
    ] {
        let out = cubework(&data)
            .args(args)
            .arg(&moves)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

// --- The interactive REPL, on a real terminal (a pseudo-terminal). ---

#[cfg(unix)]
mod terminal {
    use super::*;

    /// A fresh data directory for a test on a pseudo-terminal, if this machine can open one
    /// ([`common::terminal_dir`]).
    fn terminal_dir(name: &str) -> Option<common::OwnDir> {
        common::terminal_dir(&format!("hardening-{name}"))
    }

    /// The REPL on a pseudo-terminal with a fresh data directory for test `name`, `keys`
    /// typed: what the terminal showed, the exit status and the data directory; `None` if
    /// this machine cannot open a pseudo-terminal ([`common::terminal_dir`]).
    fn typed(name: &str, keys: &[&[u8]]) -> Option<(String, Option<i32>, common::OwnDir)> {
        let data = terminal_dir(name)?;
        let (text, code) = repl(keys, &data);
        Some((text, code, data))
    }

    /// The REPL on a pseudo-terminal: write `keys`, then read until the child exits.
    fn repl(keys: &[&[u8]], data: &std::path::Path) -> (String, Option<i32>) {
        on_terminal(&[], keys, data)
    }

    /// `cubework ARGS` on a pseudo-terminal: write `keys`, then read until the child exits.
    fn on_terminal(args: &[&str], keys: &[&[u8]], data: &std::path::Path) -> (String, Option<i32>) {
        let mut terminal = common::on_terminal(args, None, data, true);
        // Each key waits for the moment it is meant for, however slow the machine: a line for
        // the next prompt (rustyline turns bracketed paste on, `ESC [?2004h`, once each time it
        // starts reading a line; keys typed before that could be flushed), Ctrl-C for the work's
        // progress bar (before it, Ctrl-C would be a key at the prompt, not an interrupt).
        let wait_for = |terminal: &common::OnTerminal, done: &dyn Fn(&str) -> bool| {
            let give_up = Instant::now() + Duration::from_secs(15);
            while !done(&terminal.text()) && Instant::now() < give_up {
                std::thread::sleep(Duration::from_millis(20));
            }
        };
        let mut lines_sent = 0;
        let mut sent_at = 0;
        for k in keys {
            if *k == b"\x03" {
                wait_for(&terminal, &|t: &str| {
                    t[sent_at.min(t.len())..].contains("timing")
                });
            } else {
                wait_for(&terminal, &|t: &str| {
                    t.matches("\x1b[?2004h").count() > lines_sent
                });
                // Lines typed ahead in one write each get a prompt of their own: the next key
                // waits for all of them (a Ctrl-D sent while the REPL is still running them
                // would reach the terminal between two reads, where it is not a key).
                lines_sent += lines_in(k);
            }
            sent_at = terminal.text().len();
            terminal.master.write_all(k).unwrap();
        }
        terminal.finish(Duration::from_secs(20))
    }

    #[test]
    fn typed_bytes_that_are_not_utf8_do_not_end_the_repl() {
        let Some((text, code, data)) = typed(
            "pty-utf8",
            &[b"R\r", b"\xff\xfe\r", b"show facelets\r", b"\x04"],
        ) else {
            return;
        };
        assert!(text.contains("is not UTF-8"), "{text}");
        assert!(
            text.contains(AFTER_R),
            "the REPL went on after the bad bytes: {text}"
        );
        assert_eq!(code, Some(0), "{text}");
        // Every line typed is in the history file, written as the session went.
        assert_eq!(common::history(&data), "R\nshow facelets\n");
    }

    /// How many prompts a write of `keys` asks for: one a line ended outside a bracketed
    /// paste, and one for a paste with what ends it (a pasted block is read as it is typed).
    fn lines_in(keys: &[u8]) -> usize {
        let text = String::from_utf8_lossy(keys);
        match text.split_once("\x1b[200~") {
            Some((before, _)) => before.matches('\r').count() + 1,
            None => text.matches('\r').count().max(1),
        }
    }

    /// What the terminal showed, without its carriage returns.
    /// Whether the terminal showed, on a line of its own, the facelets of the cube after `alg`.
    fn showed_cube_after(text: &str, alg: &str) -> bool {
        let facelets = common::cube_after(3, alg).facelets();
        plain(text).contains(&format!("\n{facelets}\n"))
    }

    /// The REPL on the terminal ended well (status 0, `text` what it showed), and its history
    /// in `data` keeps `history`.
    fn ended_keeping(code: Option<i32>, text: &str, data: &std::path::Path, history: &str) {
        assert_eq!(code, Some(0), "{text}");
        assert_eq!(common::history(data), history);
    }

    fn plain(text: &str) -> String {
        text.replace('\r', "")
    }

    #[test]
    fn lines_typed_ahead_all_run_in_order() {
        // Typed faster than the REPL reads them (or pasted plainly): they come in together.
        let Some((text, code, data)) =
            typed("pty-typeahead", &[b"reset\rR\rU\rF\rhistory\r", b"\x04"])
        else {
            return;
        };
        assert!(
            plain(&text).contains("  1  reset\n  2  R\n  3  U\n  4  F\n"),
            "{text}"
        );
        ended_keeping(code, &text, &data, "reset\nR\nU\nF\nhistory\n");
    }

    #[test]
    fn a_pasted_block_runs_line_by_line_and_an_open_bracket_still_reads_as_one() {
        // A bracketed paste (as terminals send it, lines ended by carriage returns), then Enter.
        let Some((text, code, data)) = typed(
            "pty-paste",
            &[
                b"\x1b[200~reset\rR U\r[F,\r D]\rshow facelets\x1b[201~\r",
                b"\x04",
            ],
        ) else {
            return;
        };
        assert!(!text.contains("error"), "{text}");
        assert!(showed_cube_after(&text, "R U [F, D]"), "{text}");
        ended_keeping(code, &text, &data, "reset\nR U\n[F,\n D]\nshow facelets\n");
    }

    #[test]
    fn a_long_line_sent_key_by_key_is_echoed_in_proportion_to_its_length() {
        let Some(data) = terminal_dir("pty-long") else {
            return;
        };
        // 100 KB of moves, as a terminal sends a paste it does not bracket: key by key. The
        // line editor once redrew the whole line at each wrap (68 MB of output, seconds);
        // the work is bounded here by counting what reaches the terminal.
        let moves = "R U ".repeat(25_000);
        let mut line = moves.clone().into_bytes();
        line.push(b'\r');
        let (text, code) = repl(&[&line, b"show facelets\r", b"\x04"], &data);
        // A few times the line (a redraw whenever the machine keeps the REPL waiting), far
        // below the hundreds of times its whole-line redraws at each wrap once wrote.
        assert!(
            text.len() < 50 * moves.len(),
            "{} bytes on the terminal for a line of {}",
            text.len(),
            moves.len()
        );
        assert!(showed_cube_after(&text, &moves), "the whole line ran");
        ended_keeping(code, &text, &data, &format!("{moves}\nshow facelets\n"));
    }

    #[test]
    fn ctrl_c_cancels_the_work_and_keeps_the_session_and_the_cube() {
        let Some((text, code, _)) = typed(
            "pty-cancel",
            &[
                b"R\r",
                b"compare 500000\r",
                b"\x03",
                b"show facelets\r",
                b"paper 500000\r",
                b"\x03",
                b"solved?\r",
                b"\x04",
            ],
        ) else {
            return;
        };
        assert!(text.contains("cancelled"), "{text}");
        let after = text.split("cancelled").nth(1).unwrap_or_default();
        assert!(after.contains(AFTER_R), "the cube is as it was: {text}");
        assert!(
            text.trim_end().ends_with("no") || text.contains("no\r\n"),
            "{text}"
        );
        assert_eq!(code, Some(0), "{text}");
    }

    #[test]
    fn an_open_bracket_shows_the_continuation_prompt_until_a_command_ends_it() {
        let Some((text, code, data)) = typed(
            "pty-continue",
            &[
                b"(R\r",
                b"R)2\r",
                b"[U,\r",
                b"reset\r",
                b"R\r",
                b"show facelets\r",
                b"\x04",
            ],
        ) else {
            return;
        };
        let (before, after) = text
            .split_once("error: '[' at column 1 is never closed")
            .unwrap_or_else(|| panic!("{text}"));
        assert!(before.contains("...> "), "{text}");
        assert!(after.contains(AFTER_R), "reset and R ran: {text}");
        ended_keeping(
            code,
            &text,
            &data,
            "(R\nR)2\n[U,\nreset\nR\nshow facelets\n",
        );
    }

    #[test]
    fn the_command_lines_net_is_coloured_on_a_terminal_as_the_repls_is() {
        let Some(data) = terminal_dir("pty-net") else {
            return;
        };
        let (text, code) = on_terminal(&["apply", "--show", "net", "R"], &[], &data);
        assert_eq!(code, Some(0), "{text}");
        assert!(text.contains("\x1b[48;5;"), "colour blocks: {text:?}");
        let (text, _) = repl(&[b"show net\r", b"\x04"], &data);
        assert!(text.contains("\x1b[48;5;"), "{text:?}");
    }

    #[test]
    fn a_fifo_in_place_of_the_history_file_is_refused_and_the_repl_starts() {
        let Some(data) = terminal_dir("pty-fifo") else {
            return;
        };
        let fifo = data.join("history.txt");
        common::make_fifo(&fifo);
        let (text, code) = repl(&[b"R\r", b"\x04"], &data);
        assert!(text.contains("is a FIFO, not a regular file"), "{text}");
        assert!(text.contains("WWOWWOWWO"), "the REPL ran a line: {text}");
        assert_eq!(code, Some(0));
    }
}

#[test]
fn a_cache_directory_that_is_a_file_is_one_line_naming_it_and_nothing_is_built() {
    let dir = temp("cache-file");
    let file = dir.join("tables");
    std::fs::write(&file, "my notes\n").unwrap();
    let shown = cubework::base::text::echo_path(&file);
    for (cache, says) in [
        (file.clone(), format!("{shown} is a file, not a directory")),
        (
            file.join("below"),
            format!("which cannot be made: {shown} is a file, not a directory"),
        ),
    ] {
        for args in [
            &["solve", "R U"][..],
            &["pocket", "solve", "R"],
            &["tables"],
        ] {
            let out = cubework(&dir)
                .env("CUBEWORK_CACHE_DIR", &cache)
                .args(args)
                .timeout(Duration::from_secs(60))
                .output()
                .unwrap();
            let (out, err, code) = common::outcome(out);
            assert_eq!(code, Some(1), "{args:?}: {err}");
            assert!(out.is_empty(), "{args:?}: {out}");
            common::assert_one_line(&err, &says, format_args!("{args:?}: "));
            assert!(
                err.starts_with("cubework: CUBEWORK_CACHE_DIR names the cache directory "),
                "{args:?}: {err}"
            );
        }
        // The file is left as it was.
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "my notes\n");
    }
}

#[test]
fn an_error_quoting_input_shows_its_invisible_and_control_characters_escaped() {
    let dir = temp("invisible");
    for (arg, shown) in [
        ("R\u{200b}U", "\\u{200b}U"),
        ("\u{feff}R", "\\u{feff}R"),
        ("R \u{202e}U", "\\u{202e}U"),
        ("R U\u{1b}[2J", "'\\u{1b}'"),
    ] {
        let out = cubework(&dir).args(["apply", arg]).output().unwrap();
        let (out, err, code) = common::outcome(out);
        assert_eq!(code, Some(2), "{arg:?}: {err}");
        assert!(out.is_empty(), "{arg:?}: {out}");
        common::assert_one_line(&err, shown, format_args!("{arg:?}: "));
        let raw = arg
            .chars()
            .find(|c| !c.is_ascii_graphic() && *c != ' ')
            .unwrap();
        assert!(!err.contains(raw), "{arg:?}: {err:?}");
    }
    // A value the argument parser refuses is quoted the same way.
    let out = cubework(&dir)
        .args(["solve", "--method", "two\u{200b}phase", "R"])
        .output()
        .unwrap();
    let (_, err, code) = common::outcome(out);
    assert_eq!(code, Some(2), "{err}");
    common::assert_one_line(&err, "two\\u{200b}phase", "");
    // The REPL's errors too, and the session goes on.
    let (out, err, code) = run_stdin("R\u{200b}\nrep a\u{2066}b\nR\nsolved?\n".as_bytes());
    assert_eq!(code, Some(2), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].contains("\\u{200b}"), "{err}");
    assert!(lines[1].contains("'a\\u{2066}b'"), "{err}");
    assert!(out.ends_with("no\n"), "{out}");
}
