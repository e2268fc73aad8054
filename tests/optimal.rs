//! The optimal solver from the outside: `solve --method optimal` (with its time limit,
//! quarter turns and batches), the REPL's `solve optimal`, and `tables`. The tests read
//! Reid's small table (`CUBEWORK_OPTIMAL_TABLE=small`, built in seconds in their own cache
//! directory); the large table's figures come from `scripts/optimal_figures.sh`.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use cubework::Cube;

mod common;

fn cubework() -> Command {
    let mut cmd = common::cubework();
    cmd.env("CUBEWORK_OPTIMAL_TABLE", "small");
    cmd
}

fn run(args: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let out = cubework().args(args).write_stdin(stdin).output().unwrap();
    common::outcome(out)
}

fn solves(scramble: &str, solution: &str) -> bool {
    let mut cube = Cube::solved();
    let moves = |s: &str| cubework::parse_sequence(s, cubework::Notation::Standard).unwrap();
    cube.apply_all(&moves(scramble)).unwrap();
    cube.apply_all(&moves(solution)).unwrap();
    cube.is_solved()
}

#[test]
fn the_command_line_prints_a_proven_shortest_solution() {
    let scramble = "R U R' U' F2 D L' B";
    let (out, err, code) = run(&["solve", "--method", "optimal", scramble], "");
    assert_eq!(code, Some(0), "{err}");
    common::assert_has(&out, "8 moves in the half-turn metric, proven shortest");
    let last = out.lines().last().unwrap();
    assert_eq!(last.split_whitespace().count(), 8);
    assert!(solves(scramble, last));
    // Quarter turns: R2 counts two.
    let (out, err, code) = run(
        &["solve", "--method", "optimal", "--metric", "qtm", "R2 U F'"],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    common::assert_has(&out, "4 moves in the quarter-turn metric, proven shortest");
    assert!(solves("R2 U F'", out.lines().last().unwrap()));
}

/// A 20-move scramble whose optimal search takes minutes with the small table: far longer than
/// the time limits given it.
const HARD: &str = "F2 R2 B2 R F2 L F2 R' U2 L B2 U L' B U R' D F R2 F'";

/// An optimal solve within `limit` seconds, `rest` after the options and `stdin` given.
fn optimal_within(limit: &str, rest: &[&str], stdin: &str) -> (String, String, Option<i32>) {
    let mut args = vec!["solve", "--method", "optimal", "--time-limit", limit];
    args.extend(rest);
    run(&args, stdin)
}

/// [`HARD`] solved optimally within `limit` seconds: the scramble, and what was printed (the
/// run succeeded).
fn solve_hard_within(limit: &str) -> (&'static str, String) {
    let (out, err, code) = optimal_within(limit, &[HARD], "");
    assert_eq!(code, Some(0), "{err}");
    (HARD, out)
}

#[test]
fn a_time_limit_ends_with_what_was_proven_and_the_best_found() {
    let (scramble, out) = solve_hard_within("0.2");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("stopped at the time limit"), "{out}");
    assert!(
        first.contains("no solution of") && first.contains("not proven shortest"),
        "{out}"
    );
    assert!(solves(scramble, out.lines().last().unwrap()));
}

#[test]
fn the_answer_reports_nodes_per_cpu_second_a_threads_rate_besides_the_wall_clock_rate() {
    let (_, out) = solve_hard_within("1");
    let line = out.lines().next().unwrap();
    // "… N nodes in S s, W M nodes/s wall-clock on 2 threads, C M nodes per CPU-second (one
    // thread's rate)): …": each rate a number, and named by what it counts.
    let number_before = |label: &str| -> f64 {
        let at = line
            .find(label)
            .unwrap_or_else(|| panic!("no {label:?} in {line}"));
        let word = line[..at].split_whitespace().last().unwrap();
        word.parse()
            .unwrap_or_else(|_| panic!("{word:?} before {label:?}: {line}"))
    };
    let wall = number_before(" M nodes/s wall-clock on ");
    assert!(wall > 0.0, "{line}");
    if cfg!(target_os = "linux") {
        let per_cpu = number_before(" M nodes per CPU-second (one thread's rate)");
        assert!(per_cpu > 0.0, "{line}");
        // A thread's rate a CPU-second is at least the rate the wall clock gives a thread.
        let threads = number_before(" thread").max(1.0);
        assert!(per_cpu >= 0.9 * wall / threads, "{line}");
    } else {
        assert!(line.contains(" M a thread)"), "{line}");
    }
}

#[test]
fn bad_requests_are_one_line_errors() {
    let (_, err, code) = run(
        &["solve", "--method", "optimal", "--max-length", "5", "R"],
        "",
    );
    assert_eq!(code, Some(2));
    common::assert_one_line(&err, "--max-length", "");
    let (_, err, code) = run(&["solve", "--method", "optimal", "--facelets", "UUU"], "");
    assert_ne!(code, Some(0));
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `solve --method optimal --batch -` on `input`, which must succeed: what it printed on
/// standard output and on standard error.
fn optimal_batch(input: &str) -> (String, String) {
    let (out, err, code) = run(&["solve", "--method", "optimal", "--batch", "-"], input);
    assert_eq!(code, Some(0), "{err}");
    (out, err)
}

#[test]
fn batches_and_the_repl_solve_optimally() {
    let (out, _) = optimal_batch("R U R' U'\nF2 B2\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0].split_whitespace().count(), 4, "{out}");
    assert!(solves("F2 B2", lines[1]), "{out}");
    let (out, err, _) = run(&[], "R U2 D' B\nsolve optimal\nsolve optimal max 3\nshow\n");
    assert!(
        out.contains("4 moves in the half-turn metric, proven shortest"),
        "{out}\n{err}"
    );
    common::assert_has(&err, "max is for the two-phase and bfs solvers");
}

#[test]
fn an_optimal_solve_of_a_solved_cube_is_the_empty_sequence_with_nothing_to_rule_out() {
    let solved = Cube::solved().facelets();
    for args in [
        &["solve", "--method", "optimal", "R R'"][..],
        &["solve", "--method", "optimal", "--facelets", &solved],
    ] {
        let (out, err, code) = run(args, "");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(
            out, "0 moves in the half-turn metric, proven shortest (the cube is solved):\n\n",
            "{args:?}"
        );
    }
}

#[test]
fn an_optimal_batch_names_a_near_miss_facelet_string_and_reads_colour_letters() {
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::parse_moves("R U F'", cubework::Notation::Standard).unwrap())
        .unwrap();
    let state = cube.facelets();
    let colours = cubework::rep::RepKind::Vector
        .build(&cube)
        .unwrap()
        .render();
    let (out, err, code) = run(
        &["solve", "--method", "optimal", "--batch", "-"],
        &format!("{}\n{colours}\n", &state[1..]),
    );
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(
        err.lines().next(),
        Some("cubework: line 1: facelet string has 53 characters, expected 54 (6 faces of 9)"),
        "{err}"
    );
    // One line for each line: the near miss's empty, then the colour letters' solution.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "", "{out}");
    let mut c = cube.clone();
    c.apply_all(&cubework::parse_sequence(lines[1], cubework::Notation::Standard).unwrap())
        .unwrap();
    assert!(c.is_solved(), "{out}");
}

#[test]
fn tables_lists_the_optimal_tables() {
    let (out, _, code) = run(&["tables"], "");
    assert_eq!(code, Some(0));
    for name in [" optimal ", " optimal-small "] {
        assert!(out.lines().any(|l| l.contains(name)), "{out}");
    }
    let (out, err, code) = run(&["tables", "build", "--optimal"], "");
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().find(|l| l.contains(" optimal-small ")).unwrap();
    assert!(row.contains("built") && row.contains("51,987,144"), "{out}");
}

/// The binary running `args` with `stdin`, its output read as it comes: a line at a time
/// from stdout (a channel), stderr whole at the end.
#[cfg(unix)]
struct Running {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

#[cfg(unix)]
impl Drop for Running {
    /// A test that fails leaves no search running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(unix)]
impl Running {
    fn start(args: &[&str], stdin: &str) -> Running {
        use std::io::{BufRead, Write};
        use std::process::Stdio;
        // The table built (or loaded and checked) first, so that the signal comes during a
        // search.
        let (_, err, code) = run(&["solve", "--method", "optimal", "R"], "");
        assert_eq!(code, Some(0), "{err}");
        // As `cubework()` sets it up, as a child whose output is read while it runs.
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("cubework"))
            .env("NO_COLOR", "1")
            .env(
                "CUBEWORK_DATA_DIR",
                common::shared_dir("cubework-test-data"),
            )
            .env("CUBEWORK_CACHE_DIR", common::tables_dir())
            .env("CUBEWORK_OPTIMAL_TABLE", "small")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Running { child, lines }
    }

    /// The next line of stdout, within a minute (a generous bound that turns a hang into a
    /// failure).
    fn line(&self) -> Option<String> {
        self.lines
            .recv_timeout(std::time::Duration::from_secs(60))
            .ok()
    }

    fn signal(&self, signal: nix::sys::signal::Signal) {
        let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
        nix::sys::signal::kill(pid, signal).unwrap();
    }

    /// The exit status (None if a signal ended it), the rest of stdout and stderr.
    fn finish(mut self) -> (Option<i32>, Vec<String>, String) {
        use std::io::Read;
        let mut err = String::new();
        let mut stderr = self.child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            let _ = stderr.read_to_string(&mut err);
            err
        });
        // A generous bound that turns a process that does not stop into a failure.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(std::time::Instant::now() < deadline, "it did not stop");
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut rest = Vec::new();
        while let Some(line) = self.line() {
            rest.push(line);
        }
        (status.code(), rest, reader.join().unwrap())
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_on_the_optimal_solver_prints_the_best_found_and_exits_130() {
    let running = Running::start(&["solve", "--method", "optimal", HARD], "");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    running.signal(nix::sys::signal::Signal::SIGINT);
    let (code, out, err) = running.finish();
    assert_eq!(code, Some(130), "{out:?}\n{err}");
    let first = out.first().expect("an answer");
    assert!(first.starts_with("stopped by Ctrl-C"), "{out:?}");
    assert!(first.contains("not proven shortest"), "{out:?}");
    assert!(solves(HARD, out.last().unwrap()), "{out:?}");
}

/// An optimal batch of `first`, the hard state and `rest`, once line 1's answer (checked to
/// solve `first`) has come out: line 2 is being searched.
#[cfg(unix)]
fn optimal_batch_searching_line_two(first: &str, rest: &str) -> Running {
    let running = Running::start(
        &["solve", "--method", "optimal", "--batch", "-"],
        &format!("{first}\n{HARD}\n{rest}"),
    );
    let answer = running
        .line()
        .expect("line 1's answer before the batch ends");
    assert!(solves(first, &answer), "{answer}");
    running
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_batch_keeps_the_lines_found_and_names_the_line_stopped() {
    // The first answer comes out as soon as it is found, while line 2 is searched.
    let running = optimal_batch_searching_line_two("R U R' U'", "F2\n");
    std::thread::sleep(std::time::Duration::from_millis(300));
    running.signal(nix::sys::signal::Signal::SIGINT);
    let (code, rest, err) = running.finish();
    assert_eq!(code, Some(130), "{rest:?}\n{err}");
    assert!(rest.is_empty(), "{rest:?}");
    common::assert_has(&err, "cubework: line 2: stopped by Ctrl-C\n");
    assert!(err.contains("1 state solved"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_batch_killed_by_sigterm_keeps_the_lines_found() {
    let running = optimal_batch_searching_line_two("F2 B2", "");
    running.signal(nix::sys::signal::Signal::SIGTERM);
    let (code, rest, _) = running.finish();
    assert_eq!(code, None, "ended by the signal");
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn a_forged_optimal_table_is_rebuilt_and_named() {
    use cubework::solve::table::optimal_table::{AxisTable, SliceKind, table_file};
    let (_, err, code) = run(&["solve", "--method", "optimal", "R"], "");
    assert_eq!(code, Some(0), "{err}");
    let spec = table_file(SliceKind::Position);
    let good = spec.path_in(&common::tables_dir());
    let payload = cubework::base::table_cache::read(&good, &spec).unwrap();
    let table = AxisTable::from_payload(SliceKind::Position, payload.clone()).unwrap();
    // Two entries exchanged: a sampled one, at distance d, and one far from it holding
    // d - 1 mod 3. The counts stay right, and the checksum is made again. Some such exchange
    // keeps every sampled entry's walk down to solved working (the check before this one), so
    // only the search of the sampled entries' neighbours can tell: found by trying the
    // sampled entries in turn.
    let m = table.moves();
    let base = payload.len() - table.bytes().len();
    let entries = table.bytes().len() * 4;
    let set = |p: &mut Vec<u8>, at: usize, v: u8| {
        let byte = &mut p[base + at / 4];
        let shift = 2 * (at % 4);
        *byte = (*byte & !(3 << shift)) | (v << shift);
    };
    let mut tried = Vec::new();
    let forged = table
        .sample()
        .into_iter()
        .filter(|&c| table.exact_depth(c).is_some_and(|d| d > 0))
        .take(40)
        .find_map(|c| {
            let i = m.index(c);
            let (vi, want) = (table.value(i), (table.value(i) + 2) % 3);
            let j = (i + entries / 2..entries).find(|&j| table.value(j) == want)?;
            let mut p = payload.clone();
            set(&mut p, i, want);
            set(&mut p, j, vi);
            let err = AxisTable::from_payload(SliceKind::Position, p.clone()).unwrap_err();
            tried.push(err.clone());
            err.contains("neighbour").then_some(p)
        });
    let payload = forged.unwrap_or_else(|| panic!("no exchange passes the walks: {tried:?}"));
    drop(table);
    // The forged table in a directory of this test's own, never the shared cache.
    let dir = common::fresh_dir("opt-forged");
    let path = spec.path_in(&dir);
    std::fs::write(
        &path,
        cubework::base::table_cache::file_bytes(&spec, &payload),
    )
    .unwrap();
    let forged = || {
        let mut cmd = common::cubework();
        cmd.env("CUBEWORK_CACHE_DIR", &dir)
            .env("CUBEWORK_OPTIMAL_TABLE", "small");
        cmd
    };
    // `tables` does not call it built, and names the file.
    let out = forged().arg("tables").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text
        .lines()
        .find(|l| l.contains(" optimal-small "))
        .unwrap();
    assert!(row.contains("damaged"), "{text}");
    common::assert_has(
        &text,
        &format!("the cache file {} is inconsistent", path.display()),
    );
    // Loading rebuilds it, saying why, and the rebuilt file is built.
    let out = common::output(forged().args(["tables", "build", "--optimal"]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("optimal-small: built in")
            && text.contains(&format!(
                "because the cache file {} is inconsistent",
                path.display()
            )),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.contains(" optimal-small "))
        .unwrap();
    assert!(row.contains("built"), "{text}");
}

/// The facelet string of `alg` applied to the solved cube.
fn facelets_of(alg: &str) -> String {
    let mut cube = Cube::solved();
    cube.apply_all(&cubework::parse_sequence(alg, cubework::Notation::Standard).unwrap())
        .unwrap();
    cube.facelets()
}

#[test]
fn an_optimal_batch_answer_for_a_rotated_cube_turns_it_too() {
    // As the issue writes it: F=$(cubework apply --show facelets 'x R U'); echo "$F" | …
    let (shown, err, code) = run(&["apply", "--show", "facelets", "x R U"], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(shown.trim(), facelets_of("x R U"));
    let (out, _) = optimal_batch(&shown);
    let facelets = shown.trim();
    let line = out.lines().next().unwrap();
    let mut cube = Cube::from_facelets(facelets).unwrap();
    cube.apply_all(&cubework::parse_sequence(line, cubework::Notation::Standard).unwrap())
        .unwrap();
    // Solved with every centre home, not only each face one colour.
    assert_eq!(cube, Cube::solved(), "{line} does not solve {facelets}");
    assert!(line.starts_with("x'"), "{line}");
}

#[test]
fn an_optimal_batch_line_that_needs_no_moves_is_an_empty_line() {
    let (out, err) = optimal_batch("R R'\nR U F\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "");
    assert!(solves("R U F", lines[1]), "{out}");
    assert!(err.contains("2 states solved"), "{err}");
    assert!(!err.contains("-0.000"), "{err}");
}

#[test]
fn an_optimal_batch_stopped_by_its_time_limit_says_the_answer_is_not_proven() {
    let (out, err, code) = optimal_within("0.2", &["--batch", "-"], &format!("{HARD}\nR U\n"));
    // Every line answered, not every answer proven: status 3.
    assert_eq!(code, Some(3), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(solves(HARD, lines[0]), "{out}");
    assert!(solves("R U", lines[1]), "{out}");
    assert!(
        err.contains("cubework: line 1: stopped at the time limit: no solution of")
            && err.contains("the best found, not proven shortest"),
        "{err}"
    );
    common::assert_has(
        &err,
        "2 states solved (1 proven shortest, 1 the best found, not proven)",
    );
}

#[test]
fn every_single_solve_of_a_rotated_cube_ends_with_a_line_that_does_the_whole_job() {
    let scramble = "x R U";
    let facelets = facelets_of(scramble);
    let solved = Cube::solved().facelets();
    for method in ["twophase", "bfs", "optimal"] {
        let (out, err, code) = run(&["solve", "--method", method, "--facelets", &facelets], "");
        assert_eq!(code, Some(0), "{method}: {err}");
        let line = out.lines().last().unwrap();
        let mut cube = Cube::from_facelets(&facelets).unwrap();
        cube.apply_all(&cubework::parse_sequence(line, cubework::Notation::Standard).unwrap())
            .unwrap();
        // Solved with every centre home, not only solved up to a turn of the whole cube.
        assert_eq!(cube.facelets(), solved, "{method}: {out}");
    }
    // The 2×2×2 likewise: the turn that holds DBL home starts the line.
    let out = common::output(cubework().args(["pocket", "solve", scramble]));
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().last().unwrap();
    assert!(line.starts_with("x'"), "{text}");
    let mut cube = Cube::solved_n(2);
    let moves = |s: &str| cubework::parse_sequence(s, cubework::Notation::Standard).unwrap();
    cube.apply_all(&moves(scramble)).unwrap();
    cube.apply_all(&moves(line)).unwrap();
    assert_eq!(cube.facelets(), Cube::solved_n(2).facelets(), "{text}");
}

#[test]
fn a_first_optimal_solve_says_in_one_line_on_stderr_that_it_builds_the_table() {
    let dir = common::fresh_dir("opt-notice");
    let solve = || {
        let (_, err, code) = common::solve_optimal(&dir, "R U");
        assert_eq!(code, Some(0));
        err
    };
    // Output captured, not a terminal: the line is said all the same.
    let err = solve();
    assert_eq!(err.lines().count(), 1, "{err}");
    let path = dir.join("optimal-small.bin");
    assert!(
        err.starts_with(
            "cubework: building the optimal solver's table first (once): 52 MB, 6–12 CPU-seconds as measured on 2-core AMD EPYC and Intel Xeon machines, so "
        ) && err
            .trim_end()
            .ends_with(&format!("; it will be saved to {}", path.display())),
        "{err}"
    );
    // Built once: the next solve loads it without a word.
    assert_eq!(solve(), "");
}
