use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

#[test]
fn symmetry_on_coordinates_agrees_with_the_cubies() {
    let mut rng = ChaCha8Rng::seed_from_u64(151);
    let syms = ud_symmetries();
    for kind in [SliceKind::Position, SliceKind::Sorted, SliceKind::Corners] {
        let m = AxisMoves::new(kind);
        for _ in 0..200 {
            let x = CubieCube::random(&mut rng);
            let pos = x.slice();
            for (s, sym) in syms.iter().enumerate() {
                let y = sym.conj(&x);
                assert_eq!(m.flip_through(x.flip() as u16, pos, s) as usize, y.flip());
                assert_eq!(m.twist_conj[x.twist() * UD_SYMS + s] as usize, y.twist());
            }
            // A cube and all its conjugates have the same entry, spelt one of the ways
            // the symmetries that fix its class's representative allow.
            let spellings = m.spellings(m.index(m.coord(&x)));
            for sym in syms {
                assert!(spellings.contains(&m.index(m.coord(&sym.conj(&x)))));
            }
        }
    }
}

#[test]
fn class_counts() {
    assert_eq!(AxisMoves::new(SliceKind::Position).classes(), 45);
    assert_eq!(AxisMoves::new(SliceKind::Sorted).classes(), 788);
    assert_eq!(AxisMoves::new(SliceKind::Corners).classes(), 2329);
}

#[test]
#[ignore]
fn build_timing() {
    let kind = match std::env::var("KIND").as_deref() {
        Ok("sorted") => SliceKind::Sorted,
        Ok("large") => SliceKind::Corners,
        _ => SliceKind::Position,
    };
    let threads = std::env::var("THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let t0 = Instant::now();
    let (t, log) = AxisTable::build(kind, threads, &mut |_, _| {}).unwrap();
    println!(
        "{kind:?}: {} classes, {} entries, {} bytes, built in {:.1} s",
        t.moves.classes(),
        t.moves.entries(),
        t.dist.len(),
        t0.elapsed().as_secs_f64()
    );
    for p in &log.passes {
        println!(
            "  depth {:2} {} {:>13} in {:6.2} s",
            p.0,
            if p.1 { "fwd" } else { "bwd" },
            p.2,
            p.3
        );
    }
    println!("counts {:?}", t.counts);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut sum = [0u64; 2];
    for _ in 0..1000 {
        let c = CubieCube::random(&mut rng);
        let syms = axis_syms();
        let d: Vec<u8> = syms
            .iter()
            .map(|s| t.exact_depth(t.moves.coord(&s.conj(&c))).unwrap())
            .collect();
        sum[0] += d[0] as u64;
        let mut h = *d.iter().max().unwrap();
        if d[0] == d[1] && d[1] == d[2] && h > 0 {
            h += 1;
        }
        sum[1] += h as u64;
    }
    println!(
        "random states: mean one-axis {:.3}, three-axis {:.3}",
        sum[0] as f64 / 1000.0,
        sum[1] as f64 / 1000.0
    );
    let _ = rng.random_range(0..2);
}

/// How often an entry's bound standing alone is its distance: on 20,000 random cubes'
/// entries (one axis), by distance. The table is the one in the cache (`KIND=large` for the
/// large one; `CUBEWORK_CACHE_DIR` as for the program), built first if it is not there:
/// `KIND=large cargo test --release --lib floor_exactness -- --ignored --nocapture`.
#[test]
#[ignore]
fn floor_exactness() {
    let kind = match std::env::var("KIND").as_deref() {
        Ok("sorted") => SliceKind::Sorted,
        Ok("large") => SliceKind::Corners,
        _ => SliceKind::Position,
    };
    let dir = crate::base::table_cache::cache_dir();
    let (t, _) = load_or_build_in(kind, dir.as_deref(), 2, &mut |_, _| {}).unwrap();
    let m = t.moves();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut by_distance = [[0u32; 3]; 16];
    for _ in 0..20_000 {
        let c = m.coord(&CubieCube::random(&mut rng));
        let d = t.exact_depth(c).unwrap();
        let b = t.bound::<true>(m.index(c));
        by_distance[d as usize][((d - b) / 3) as usize] += 1;
    }
    let all: u32 = by_distance.iter().map(|h| h[0]).sum();
    println!("{kind:?}: exact for {all} of 20000");
    for (d, h) in by_distance.iter().enumerate() {
        if h.iter().sum::<u32>() > 0 {
            println!(
                "  distance {d:2}: exact {}, 3 short {}, 6 short {}",
                h[0], h[1], h[2]
            );
        }
    }
}
