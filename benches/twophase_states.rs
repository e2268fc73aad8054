//! The two-phase solver timed on a file of states, one facelet string a line, so that
//! another solver (min2phase) can be timed on the very same states:
//! `scripts/twophase_vs_min2phase.sh` runs both.
//!
//! ```text
//! cargo bench --bench twophase_states -- states N FILE        # seeds 1..=N, facelet strings
//! cargo bench --bench twophase_states -- solve FILE MAX THREADS
//! ```
//!
//! `solve` builds the tables (and reads the large set's through once), solves the first 20
//! states once to warm up, then solves every
//! state with `--max-length MAX` on THREADS threads and prints the wall time a solve: median,
//! mean, largest, the mean length, and the CPU-seconds of all the solves (the process's, so
//! with every thread's). Every solution is checked on its cube. The environment variable
//! `CUBEWORK_TWOPHASE_TABLE` (`small` or `large`) names the table set; without it, the
//! largest built.

use std::process::ExitCode;
use std::time::Instant;

use cubework::Cube;
use cubework::solve::answer::solution_text::random_state;
use cubework::solve::{Limits, Method, Progress, solve};

fn main() -> ExitCode {
    // `cargo bench` adds `--bench`; the words that matter are the others.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match words.as_slice() {
        ["states", n, file] => write_states(n, file),
        ["solve", file, max, threads] => time_solves(file, max, threads),
        // `cargo bench` with no words runs every bench: nothing to do here.
        [] => Ok(()),
        _ => Err("usage: states N FILE | solve FILE MAX THREADS".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("twophase_states: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The CPU time this process has had, every thread's, in seconds.
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 / 1e9
}

fn number<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, String> {
    word.parse()
        .map_err(|_| format!("{what} must be a number, not '{word}'"))
}

/// The random states of seeds 1 to `n` (as `cubework scramble --random-state --seed S`
/// draws them), as facelet strings.
fn write_states(n: &str, file: &str) -> Result<(), String> {
    let n: u64 = number(n, "N")?;
    let text: String = (1..=n)
        .map(|seed| random_state(seed).to_cube().facelets() + "\n")
        .collect();
    std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))
}

fn time_solves(file: &str, max: &str, threads: &str) -> Result<(), String> {
    let max_length: u8 = number(max, "MAX")?;
    let threads: usize = number(threads, "THREADS")?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let cubes = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            Cube::from_facelets_n(line.trim(), 3).map_err(|e| format!("{file} line {}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if cubes.is_empty() {
        return Err(format!("{file} has no states"));
    }
    let limits = Limits {
        max_length: Some(max_length),
        threads: Some(threads),
        ..Limits::default()
    };
    let solve = |cube: &Cube| solve(cube, Method::TwoPhase, &limits, &Progress::none());
    // The large set's pages read once before the clock, as rob-twophase reads its tables.
    if let Some(large) = cubework::solve::table::shared::twophase_large(&Progress::none()) {
        large.warm();
    }
    for cube in cubes.iter().take(20) {
        solve(cube).map_err(|e| e.to_string())?;
    }
    let mut ms = Vec::with_capacity(cubes.len());
    let mut length = 0;
    let mut cpu = 0.0;
    let (mut probes, mut nodes) = (0u64, 0u64);
    for cube in &cubes {
        let c0 = cpu_seconds();
        let t0 = Instant::now();
        let sol = solve(cube).map_err(|e| e.to_string())?;
        ms.push(t0.elapsed().as_secs_f64() * 1e3);
        cpu += cpu_seconds() - c0;
        let mut after = cube.clone();
        after.apply_all(&sol.moves).map_err(|e| e.to_string())?;
        if !after.is_solved() || sol.moves.len() > max_length as usize {
            return Err("a solution that does not solve its cube within the bound".into());
        }
        length += sol.moves.len();
        probes += sol.stats.probes;
        nodes += sol.stats.nodes;
    }
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    ms.sort_by(f64::total_cmp);
    println!(
        "cubework  max {max_length}, {threads} thread(s): {} states, median {:.3} ms, mean {mean:.3} ms, max {:.1} ms, mean length {:.2}, CPU {cpu:.3} s, mean probes {}, nodes {}",
        ms.len(),
        ms[ms.len() / 2],
        ms[ms.len() - 1],
        length as f64 / cubes.len() as f64,
        probes / cubes.len() as u64,
        nodes / cubes.len() as u64
    );
    Ok(())
}
