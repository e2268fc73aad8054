use super::*;

/// This thread's CPU time in milliseconds (0 where it is not read), so that timings on a
/// busy machine leave out the time other processes had the core.
fn cpu_ms() -> f64 {
    crate::base::cpu::thread_time().map_or(0.0, |t| t.as_secs_f64() * 1e3)
}

/// `cargo test --release --lib solve::twophase::timing -- --ignored --nocapture`
#[test]
#[ignore]
fn timing() {
    let t0 = Instant::now();
    let tables = Tables::build(&mut |_, _| {});
    println!("build {:.1} ms", t0.elapsed().as_secs_f64() * 1e3);
    let own = tempfile::tempdir().unwrap();
    let dir = own.path();
    let path = crate::solve::table::twophase_file::table_file().path_in(dir);
    crate::base::table_cache::write(
        &path,
        &crate::solve::table::twophase_file::table_file(),
        &tables.to_payload(),
    )
    .unwrap();
    for _ in 0..3 {
        let t0 = Instant::now();
        let payload = crate::base::table_cache::read(
            &path,
            &crate::solve::table::twophase_file::table_file(),
        )
        .unwrap();
        let t1 = Instant::now();
        let loaded = Tables::from_payload(&payload).unwrap();
        println!(
            "load {:.1} ms (read and checksum {:.1} ms), {} bytes",
            t0.elapsed().as_secs_f64() * 1e3,
            (t1 - t0).as_secs_f64() * 1e3,
            std::fs::metadata(&path).unwrap().len()
        );
        assert!(loaded == tables);
    }
    let min_probes: u64 = std::env::var("PROBES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_MIN_PROBES);
    // The set of `cargo bench --bench solve` and `scripts/solve_table.sh`: seeds 1 to 200
    // (SEED=k takes seeds 200k + 1 to 200k + 200).
    let base: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let cubes: Vec<CubieCube> = (1..=200)
        .map(|i| crate::solve::answer::solution_text::random_state(200 * base + i))
        .collect();
    for max_length in [21u8, 20] {
        // One thread: the figures are this thread's CPU time.
        let opts = TwoPhaseOptions {
            max_length,
            min_probes,
            threads: 1,
            ..Default::default()
        };
        let mut ms = Vec::new();
        let mut len = 0;
        let mut probes = 0;
        let mut nodes = 0;
        for c in &cubes {
            let before = cpu_ms();
            let s = solve(&tables, c, &opts).unwrap();
            ms.push(cpu_ms() - before);
            len += s.moves.len();
            probes += s.probes;
            nodes += s.nodes;
        }
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        ms.sort_by(f64::total_cmp);
        println!(
            "max {max_length} (CPU time): median {:.3} ms, mean {mean:.3} ms, max {:.1} ms, mean length {:.2}, probes {}, nodes {}",
            ms[ms.len() / 2],
            ms[ms.len() - 1],
            len as f64 / cubes.len() as f64,
            probes / cubes.len() as u64,
            nodes / cubes.len() as u64
        );
    }
}
