use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

#[test]
fn symmetry_on_coordinates_agrees_with_the_cubies() {
    let mut rng = ChaCha8Rng::seed_from_u64(151);
    let syms = ud_symmetries();
    for kind in SliceKind::ALL {
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

/// The table the environment variable `KIND` names (`sorted`, `large`, `huge`; small if none):
/// for the ignored tests that measure.
fn kind_named_by_env() -> SliceKind {
    match std::env::var("KIND").as_deref() {
        Ok("sorted") => SliceKind::Sorted,
        Ok("large") => SliceKind::Corners,
        Ok("huge") => SliceKind::SortedCorners,
        _ => SliceKind::Position,
    }
}

/// The table of the kind `KIND` names, from the cache (`CUBEWORK_CACHE_DIR` as for the
/// program), built first if it is not there.
fn table_named_by_env() -> (SliceKind, AxisTable) {
    let kind = kind_named_by_env();
    let dir = crate::base::table_cache::cache_dir();
    let (t, _) = load_or_build_in(kind, dir.as_deref(), 2, &mut |_, _| {}).unwrap();
    (kind, t)
}

#[test]
fn the_huge_tables_flip_part_is_the_u_and_d_edges_flips_seen_through_each_symmetry() {
    let m = AxisMoves::new(SliceKind::SortedCorners);
    let mut rng = ChaCha8Rng::seed_from_u64(152);
    for _ in 0..300 {
        let x = CubieCube::random(&mut rng);
        for (s, sym) in ud_symmetries().iter().enumerate() {
            let y = sym.conj(&x);
            // The flips of the slots that hold U- and D-layer edges (pieces 0 to 7), in slot
            // order, read off the cubies.
            let mut want = 0u16;
            let mut k = 0;
            for slot in 0..12 {
                if y.edges.perm[slot] < 8 {
                    want |= u16::from(y.edges.orient[slot]) << k;
                    k += 1;
                }
            }
            assert_eq!(m.row_flip(x.flip() as u16, x.slice(), s), want);
            // And a flip coordinate made from them has them.
            let back = m.full_flip(want as usize, y.slice());
            assert_eq!(m.row_flip(back, y.slice(), 0), want);
        }
    }
}

#[test]
fn a_rows_step_is_the_entry_its_representative_reaches_by_the_move_in_every_kind() {
    let mut rng = ChaCha8Rng::seed_from_u64(153);
    for kind in SliceKind::ALL {
        let m = AxisMoves::new(kind);
        for _ in 0..2000 {
            let row = rng.random_range(0..m.rows());
            let twist = rng.random_range(0..N_TWIST as u16);
            let flips = kind.flips();
            let c = m.representative(row / flips, (row % flips) as u16, twist);
            assert_eq!(m.index(c), row * ROW + twist as usize, "{kind:?}");
            let mv = rng.random_range(0..18);
            let (row2, s) = m.row_step(row, mv);
            let moved = m.twist_move[twist as usize * 18 + mv] as usize;
            let want = row2 * ROW + m.twist_conj[moved * UD_SYMS + s] as usize;
            assert_eq!(m.index(m.step(c, mv)), want, "{kind:?}");
            // Coordinates stepped by the tables are the cube's own after the move.
            let cube = kind.cube(m.slice_rep[row / flips] as usize);
            let cube = cube.apply(FaceMove::ALL[mv]);
            assert_eq!(m.coord(&cube).slice, m.step(c, mv).slice, "{kind:?}");
            assert_eq!(m.coord(&cube).split, m.step(c, mv).split, "{kind:?}");
        }
    }
}

#[test]
fn class_counts() {
    assert_eq!(AxisMoves::new(SliceKind::Position).classes(), 45);
    assert_eq!(AxisMoves::new(SliceKind::Sorted).classes(), 788);
    assert_eq!(AxisMoves::new(SliceKind::Corners).classes(), 2329);
    assert_eq!(AxisMoves::new(SliceKind::SortedCorners).classes(), 52_524);
}

#[test]
#[ignore]
fn build_timing() {
    let kind = kind_named_by_env();
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
    let (kind, t) = table_named_by_env();
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

/// What checking a mapped table's blocks and reading the table cost the search, and why its
/// asks are made together: the seconds to check the blocks not checked yet; then on 2^20
/// random cubes' entries, nanoseconds a read (a) asked 640 ns (of arithmetic) before it is
/// made, four or more at a time, beyond that wait; (b) with a child's step and index worked
/// out and asked for one by one, sixteen a step; (c) asked for together once the sixteen are
/// worked out; (d) the same, read a step later. The table is the one in the cache (`KIND` as
/// for `floor_exactness`), built first if it is not there:
/// `KIND=huge cargo test --release --lib table_read_cost -- --ignored --nocapture`.
#[test]
#[ignore]
fn table_read_cost() {
    use std::hint::black_box;
    let (kind, t) = table_named_by_env();
    // A mapped table behind its stamp: its blocks not yet checked, checked in file order on
    // one thread, as a search does before a large depth.
    let t0 = Instant::now();
    t.check_rest(1);
    println!(
        "{kind:?}: blocks checked in {:.2} s",
        t0.elapsed().as_secs_f64()
    );
    let m = t.moves();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let n = 1 << 20;
    let coords: Vec<AxisCoord> = (0..n)
        .map(|_| m.coord(&CubieCube::random(&mut rng)))
        .collect();
    let idx: Vec<usize> = coords.iter().map(|&c| m.index(c)).collect();
    // Every page the reads touch mapped first.
    black_box(
        idx.iter()
            .map(|&i| t.entry::<false>(i) as usize)
            .sum::<usize>(),
    );
    let per_read = |t0: Instant| t0.elapsed().as_nanos() as f64 / n as f64;
    // About 640 ns of arithmetic that reads no memory.
    let spin = |k: u64| {
        let mut x = k | 1;
        for _ in 0..400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        x
    };
    println!("{kind:?}: ns a read");
    for b in [4usize, 16, 64] {
        let t0 = Instant::now();
        for (k, ch) in idx.chunks(b).enumerate() {
            black_box((spin(k as u64), ch));
        }
        let wait = per_read(t0);
        let t0 = Instant::now();
        let mut s = 0usize;
        for (k, ch) in idx.chunks(b).enumerate() {
            ch.iter().for_each(|&i| t.prefetch(i));
            black_box(spin(k as u64));
            s += ch
                .iter()
                .map(|&i| t.entry::<false>(i) as usize)
                .sum::<usize>();
        }
        black_box(s);
        println!(
            "  (a) asked {b} at a time 640 ns ahead: {:.1} beyond the wait",
            per_read(t0) - wait
        );
    }
    let step = |ch: &[AxisCoord], j: usize| m.index(m.step(ch[j], j));
    let read = |ii: &[usize; 16]| {
        ii.iter()
            .map(|&i| t.entry::<false>(i) as usize)
            .sum::<usize>()
    };
    // Sixteen children a step: asked as each index is found, or together once all are,
    // and read then or a step later.
    for (what, together, later) in [
        ("(b) step, index, asked as found, read", false, false),
        ("(c) step, index, asked together, read", true, false),
        ("(d) asked together, read a step later", true, true),
    ] {
        let t0 = Instant::now();
        let mut s = 0usize;
        let mut before = [0usize; 16];
        for ch in coords.chunks(16) {
            let mut ii = [0usize; 16];
            for (j, i) in ii.iter_mut().enumerate() {
                *i = step(ch, j);
                if !together {
                    t.prefetch(*i);
                }
            }
            if together {
                ii.iter().for_each(|&i| t.prefetch(i));
            }
            if later {
                s += read(&before);
                before = ii;
            } else {
                s += read(&ii);
            }
        }
        black_box(s);
        println!("  {what}: {:.1}", per_read(t0));
    }
}
