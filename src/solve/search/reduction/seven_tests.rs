use super::*;
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::tests::{parities, work_on};
use crate::solve::search::reduction::{oll_parity, random, write};
use crate::state::cube::Cube;
use rand::{RngExt, SeedableRng};

/// Whether every sticker of the five orbits of [`PIECES`] is on a face of its own axis's
/// pair, for the pairs of `axes` (0 U/D, 1 R/L).
fn set(work: &Work<'_>, axes: &[usize]) -> bool {
    let model = work.model();
    let g = Geometry::of(model.n);
    let pair = |f: Face| AXIS_FACES.iter().position(|&a| a == f || a.opposite() == f);
    third(model).orbits.iter().all(|&o| {
        model.centre_orbits[o].iter().all(|&i| {
            let (here, home) = (pair(work.stickers[i]), pair(g.face_of(i)));
            !axes.iter().any(|&a| Some(a) == home) || here == home
        })
    })
}

#[test]
fn each_7x7x7_stage_reaches_its_goal_and_the_centres_end_home_keeping_the_wings_parity() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
    let g = Geometry::of(7);
    for _ in 0..2 {
        let cube = random::random_state(7, &mut rng);
        let mut work = work_on(7, &cube);
        oll_parity(&mut work).unwrap();
        let from = Cube::from_stickers(7, work.stickers.clone()).unwrap();
        let made = work.made.len();
        let before = parities(&work);
        let model = &work.tables.model;
        let mut flips = 0;
        assert!(staged::run_stage(&mut work, 0, &mut flips).unwrap());
        assert!(set(&work, &[0]));
        assert!(staged::run_stage(&mut work, 1, &mut flips).unwrap());
        assert!(set(&work, &[0, 1]));
        assert_eq!(flips, 0);
        assert_eq!(parities(&work), before);
        assert!(after_sets(&mut work, &staged::solve).unwrap());
        assert!(work.centres_home());
        assert_eq!(parities(&work), before);
        // The moves written in WCA notation bring the centres home on the cube itself.
        let written = write::write(7, &write::merge(7, &work.made[made..]));
        let mut turned = from;
        turned.apply_all(&written).unwrap();
        for &i in model.centre_orbits.iter().flatten() {
            assert_eq!(turned.stickers()[i], g.face_of(i));
        }
    }
}

#[test]
fn the_7x7x7_third_stage_tables_are_zero_at_the_goal_and_lower_bounds_on_walks_from_it() {
    let model = &tables(7).model;
    let staged = staged::staged(model);
    let third = third(model);
    for (inner, bars) in &third.tables {
        assert_eq!(inner.len(), 4900);
        assert_eq!(bars.len(), 343_000);
        assert_eq!(inner.iter().filter(|&&d| d == 0).count(), 1);
        assert_eq!(bars.iter().filter(|&&d| d == 0).count(), 70);
    }
    let goal = third
        .state(model, staged, Cube::solved_n(7).stickers())
        .unwrap();
    assert_eq!(third.bound(&goal), 0);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4891);
    for walk in 1..=6 {
        let mut s = goal;
        for _ in 0..walk {
            let before = third.values(&s);
            s = third.after(&s, rng.random_range(0..third.turns.len()));
            // One turn changes each table's value by at most one.
            for (d, e) in before.iter().zip(third.values(&s)) {
                assert!(*d != UNREACHED && e != UNREACHED && d.abs_diff(e) <= 1);
            }
        }
        assert!(usize::from(third.bound(&s)) <= walk);
        let found = ida::search(third, &s).unwrap().unwrap();
        assert!(found.len() <= walk, "walk {walk}: {found:?}");
        for k in found {
            s = third.after(&s, k);
        }
        assert_eq!(third.bound(&s), 0);
        assert_eq!(third.beam(&s).unwrap(), (Vec::new(), true));
    }
}

/// Where the 7×7×7's centres' moves and time go by these stages, against `inner.rs`'s way,
/// on `SEVEN_COUNT` (5) random states seeded by 4892: stage 1, stage 2, stage 3 (searched
/// or by the beam), the rest (the 5×5×5's stages, or inside out from the beam's best), the whole written, the other way's: `cargo test
/// --release --lib the_7x7x7_stage_lengths -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn the_7x7x7_stage_lengths() {
    let count: usize = std::env::var("SEVEN_COUNT").map_or(5, |c| c.parse().unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4892);
    let written =
        |work: &Work<'_>, from: usize| write::write(7, &write::merge(7, &work.made[from..])).len();
    let t = std::time::Instant::now();
    let model = &tables(7).model;
    let staged = staged::staged(model);
    let third = third(model);
    eprintln!("tables {:.2} s", t.elapsed().as_secs_f64());
    let mut sums = [0f64; 7];
    let mut times = [0f64; 6];
    for _ in 0..count {
        let cube = random::random_state(7, &mut rng);
        let mut work = work_on(7, &cube);
        oll_parity(&mut work).unwrap();
        let (start, made) = (work.stickers.clone(), work.made.len());
        let mut parts = [0usize; 7];
        let mut flips = 0;
        for stage in 0..2 {
            let (from, t) = (work.made.len(), std::time::Instant::now());
            assert!(staged::run_stage(&mut work, stage, &mut flips).unwrap());
            parts[stage] = written(&work, from);
            times[stage] += t.elapsed().as_secs_f64();
        }
        let (from, t) = (work.made.len(), std::time::Instant::now());
        let s = third.state(model, staged, &work.stickers).unwrap();
        let (path, how) = match ida::search(third, &s).unwrap() {
            Some(p) => (p, "ida"),
            None => match third.beam(&s).unwrap() {
                (p, true) => (p, "beam"),
                (p, false) => (p, "beam short of the goal"),
            },
        };
        for k in path {
            work.make(&staged.turns[third.turns[k]].moves);
        }
        parts[2] = written(&work, from);
        times[2] += t.elapsed().as_secs_f64();
        let (from, t) = (work.made.len(), std::time::Instant::now());
        if how == "beam short of the goal" {
            staged::centres(&mut work).unwrap();
        } else {
            let blocks = Blocks::with(7, ring_groups(7, 1));
            assert!(ring_home(&mut work, 1, &staged::solve, &blocks).unwrap());
        }
        assert!(work.centres_home());
        parts[3] = written(&work, from);
        times[3] += t.elapsed().as_secs_f64();
        parts[4] = written(&work, made);
        work.stickers = start;
        work.made.truncate(made);
        let t = std::time::Instant::now();
        staged::centres(&mut work).unwrap();
        parts[5] = written(&work, made);
        times[4] += t.elapsed().as_secs_f64();
        parts[6] = parts[4].min(parts[5]);
        eprintln!("{parts:?} ({how})");
        for (s, p) in sums.iter_mut().zip(parts) {
            *s += p as f64 / count as f64;
        }
    }
    eprintln!(
        "stage 1 {:.1}, stage 2 {:.1}, stage 3 {:.1}, rest {:.1}, whole {:.1}; inside out {:.1}; shorter {:.1}; seconds {times:.2?}",
        sums[0], sums[1], sums[2], sums[3], sums[4], sums[5], sums[6]
    );
}
