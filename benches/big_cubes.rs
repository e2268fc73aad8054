//! The reduction solver of the 4×4×4 to 9×9×9 timed on uniformly random states, and a file of
//! such states for another solver (TPR-4x4x4) to be timed on: `scripts/big_cubes_vs_tpr.sh`
//! runs both.
//!
//! ```text
//! cargo bench --bench big_cubes -- states N COUNT FILE   # COUNT states of the N×N×N, facelet strings
//! cargo bench --bench big_cubes -- solve FILE            # each state solved on one thread
//! cargo bench --bench big_cubes -- sizes COUNT           # COUNT random states of each size 4 to 9
//! cargo bench --bench big_cubes -- sizes COUNT FILE.svg  # the same, and its figures as a chart
//! ```
//!
//! `solve` and `sizes` load the two-phase tables and make the size's three-cycle tables
//! first (timed apart: the start-up), then solve every state on one thread and print the wall
//! time a solve — median and mean — and the mean length in the half-turn metric (a wide turn
//! one move, an inner slice two), whole and of the moves that reduce the cube to a 3×3×3 (what
//! dwalton76's solver's published counts measure). Every solution is checked on its cube by
//! the door.

use std::process::ExitCode;
use std::time::Instant;

use cubework::Cube;
use cubework::draw::chart::{BigCubeRun, big_cubes_chart, published_lengths};
use cubework::solve::search::reduction::random::random_state;
use cubework::solve::{Limits, Method, Progress, solve};
use rand::SeedableRng;

fn main() -> ExitCode {
    // `cargo bench` adds `--bench`; the words that matter are the others.
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if let Err(e) = run(&words) {
        eprintln!("big_cubes: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// What the words ask: `states N COUNT FILE`, `solve FILE`, `sizes COUNT [FILE.svg]`, or
/// nothing (as `cargo bench` runs every bench with no words).
fn run(words: &[String]) -> Result<(), String> {
    match words {
        [w, n, count, file] if w == "states" => write_states(n, count, file),
        [w, file] if w == "solve" => time_file(file),
        [w, count] if w == "sizes" => time_sizes(count, None),
        [w, count, chart] if w == "sizes" => time_sizes(count, Some(chart)),
        [] => Ok(()),
        _ => Err("usage: states N COUNT FILE | solve FILE | sizes COUNT [FILE.svg]".to_string()),
    }
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a number"))
}

/// `count` random states of the `n`×`n`×`n` from seed 48, one facelet string a line.
fn states(n: usize, count: usize) -> Vec<Cube> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48 + n as u64);
    (0..count).map(|_| random_state(n, &mut rng)).collect()
}

fn write_states(n: &str, count: &str, file: &str) -> Result<(), String> {
    let (n, count) = (number(n)?, number(count)?);
    if !(4..=9).contains(&n) {
        return Err(format!("size {n} is not 4 to 9"));
    }
    let text: String = states(n, count)
        .iter()
        .map(|c| c.facelets() + "\n")
        .collect();
    std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))
}

fn time_file(file: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let cubes = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Cube::from_facelets(l.trim()).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    time_solves(&cubes).map(|_| ())
}

/// Times `count` states of each size, and where `chart` names a file, draws the run's own
/// figures there as the big cubes' chart beside the published counts.
fn time_sizes(count: &str, chart: Option<&String>) -> Result<(), String> {
    let count = number(count)?;
    if let Some(file) = chart.filter(|f| !f.ends_with(".svg")) {
        return Err(format!("{file}: name the chart .svg"));
    }
    let mut runs = Vec::new();
    for n in 4..=9 {
        runs.push(time_solves(&states(n, count))?);
    }
    if let Some(file) = chart {
        let note = format!(
            "cubework: {count} seeded random states a size, one thread (big_cubes -- sizes {count}); dwalton76: published; TPR-4x4x4: 200 states"
        );
        let svg = big_cubes_chart(&runs, &published_lengths(), &note).map_err(|e| e.to_string())?;
        std::fs::write(file, svg).map_err(|e| format!("{file}: {e}"))?;
        println!("chart written to {file}");
    }
    Ok(())
}

/// Solves each cube on one thread and prints the figures; the size's average length and
/// median time, for the chart.
fn time_solves(cubes: &[Cube]) -> Result<BigCubeRun, String> {
    let Some(first) = cubes.first() else {
        return Err("no states".to_string());
    };
    let n = first.size();
    let limits = Limits {
        threads: Some(1),
        ..Limits::default()
    };
    // Start-up: the two-phase tables, then the size's three-cycle tables (the first solve).
    let started = Instant::now();
    cubework::solve::table::shared::prepare(Method::Reduction, &limits, &Progress::none())
        .map_err(|e| e.to_string())?;
    let tables = started.elapsed();
    let started = Instant::now();
    solve(first, Method::Reduction, &limits, &Progress::none()).map_err(|e| e.to_string())?;
    let first_solve = started.elapsed();
    let mut times = Vec::new();
    let (mut total, mut reduction) = (0u64, 0u64);
    for cube in cubes {
        let started = Instant::now();
        let s = solve(cube, Method::Reduction, &limits, &Progress::none())
            .map_err(|e| e.to_string())?;
        times.push(started.elapsed().as_secs_f64() * 1e3);
        total += s.length();
        reduction += s.stats.reduction.unwrap_or(0);
    }
    let mean_time = times.iter().sum::<f64>() / times.len() as f64;
    if n == 4 {
        println!(
            "cubework 4×4×4: edges paired greedily (the searched phases out of budget) {} times, tables {:.1} MB",
            cubework::solve::search::four::FALLBACKS.load(std::sync::atomic::Ordering::Relaxed),
            cubework::solve::table::shared::four_tables(&Progress::none())
                .expect("the 4×4×4's tables")
                .0
                .bytes() as f64
                / 1e6,
        );
    }
    times.sort_by(f64::total_cmp);
    let run = BigCubeRun {
        n,
        moves: total as f64 / cubes.len() as f64,
        reduction: reduction as f64 / cubes.len() as f64,
        median_ms: times[times.len() / 2],
    };
    println!(
        "cubework {n}×{n}×{n}: {} states, {:.1} moves on average (htm; {:.1} to reduce to a 3×3×3), median {:.2} ms, mean {:.2} ms a solve; start-up {:.2} s tables + {:.2} s first solve",
        cubes.len(),
        run.moves,
        run.reduction,
        run.median_ms,
        mean_time,
        tables.as_secs_f64(),
        first_solve.as_secs_f64(),
    );
    Ok(run)
}
