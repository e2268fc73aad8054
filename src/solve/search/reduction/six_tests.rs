use super::*;
use crate::solve::search::reduction::tests::{parities, work_on};
use crate::solve::search::reduction::{inner, random, staged, write};
use crate::state::cube::Cube;
use rand::{RngExt, SeedableRng};

/// Whether every sticker of the three orbits is on a face of the pair `pair`, for the
/// stickers of that pair's colours.
fn on_pair(work: &Work<'_>, six: &Six, pair: usize) -> bool {
    let g = Geometry::of(N);
    six.orbits.iter().all(|&o| {
        work.model().centre_orbits[o]
            .iter()
            .all(|&i| (pair_of(work.stickers[i]) == pair) == (pair_of(g.face_of(i)) == pair))
    })
}

/// Whether every inner 2×2 is home and every bar one colour.
fn looks_like_a_5x5x5(work: &Work<'_>, six: &Six) -> bool {
    let g = Geometry::of(N);
    let model = work.model();
    model.centre_orbits[six.orbits[0]]
        .iter()
        .all(|&i| work.stickers[i] == g.face_of(i))
        && model.centre_orbits[six.orbits[1]]
            .iter()
            .all(|&i| work.stickers[i] == work.stickers[partner(&g, i)])
}

#[test]
fn each_of_the_6x6x6_stages_reaches_its_goal_keeping_the_wings_parity() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
    let six = six().unwrap();
    for _ in 0..3 {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        let before = parities(&work);
        let made = stages(&mut work).unwrap().unwrap();
        assert!(on_pair(&work, six, 0) && on_pair(&work, six, 1), "{made:?}");
        assert!(looks_like_a_5x5x5(&work, six), "{made:?}");
        assert_eq!(parities(&work), before);
    }
}

#[test]
fn the_6x6x6_centres_by_stages_are_home_on_the_sticker_model_keeping_the_wings_parity() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4891);
    let g = Geometry::of(N);
    for _ in 0..2 {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        let start = Cube::from_stickers(N, work.stickers.clone()).unwrap();
        let before = parities(&work);
        assert!(centres(&mut work, &staged::solve).unwrap());
        assert_eq!(parities(&work), before);
        // The moves written in WCA notation, made on the cube's own sticker model.
        let mut turned = start;
        turned
            .apply_all(&write::write(N, &write::merge(N, &work.made)))
            .unwrap();
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(turned.stickers()[i], g.face_of(i));
        }
    }
}

#[test]
fn the_last_6x6x6_stage_tables_are_zero_at_its_goals_and_bound_the_distance() {
    let six = six().unwrap();
    let g = Geometry::of(N);
    let model = &tables(N).model;
    let home: Vec<Face> = (0..g.sticker_count()).map(|i| g.face_of(i)).collect();
    let goal = six.last_state(model, &home);
    assert_eq!(six.last_bound(&goal), 0);
    for t in &six.tables {
        // Zero at the 70 goals alone; the turns reach only some values.
        assert_eq!(t.len(), 70 * BARS);
        let reached = t.iter().filter(|&&d| d != UNREACHED).count();
        eprintln!("reached {reached} of {}", t.len());
        assert!(reached > 70);
        assert_eq!(t.iter().filter(|&&d| d == 0).count(), 70);
    }
    // Walks of stage-3 turns from home: each turn changes each table by at most one, the
    // bound never exceeds the turns walked, and the search's answer is no longer than the
    // walk and ends where every bar is one colour.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4892);
    for walk in 1..=6 {
        let mut work = work_on(N, &Cube::solved_n(N));
        let mut state = goal;
        for _ in 0..walk {
            let k = rng.random_range(0..six.last.len());
            let next = six.step(&state, None, k).unwrap();
            for (a, table) in six.tables.iter().enumerate() {
                let d = |s: &Last| table[usize::from(s.0[a]) * BARS + usize::from(s.1[a])];
                assert!(d(&state).abs_diff(d(&next)) <= 1);
            }
            state = next;
            work.make(&six.staged.turns[six.last[k]].moves);
        }
        assert_eq!(six.last_state(model, &work.stickers), state);
        assert!(usize::from(six.last_bound(&state)) <= walk);
        let found = ida::search(six, &state).unwrap().unwrap();
        assert!(found.len() <= walk, "walk {walk}: {found:?}");
        for k in found {
            work.make(&six.staged.turns[six.last[k]].moves);
        }
        assert!(looks_like_a_5x5x5(&work, six), "walk {walk}");
    }
}

#[test]
fn the_first_two_6x6x6_stage_bounds_never_exceed_a_walk_from_the_goal() {
    let six = six().unwrap();
    let model = &tables(N).model;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4893);
    for stage in 0..2 {
        let search = SetsSearch {
            six,
            stage,
            budget: 1 << 40,
        };
        let solved = Cube::solved_n(N);
        let goal = six.sets(model, stage, solved.stickers(), 0);
        assert_eq!(search.bound(&goal), 0);
        for walk in 1..=4 {
            let mut state = goal;
            for _ in 0..walk {
                let k = rng.random_range(0..search.turns());
                state = search.step(&state, None, k).unwrap();
            }
            assert!(usize::from(search.bound(&state)) <= walk, "stage {stage}");
            let found = ida::search(&search, &state).unwrap().unwrap();
            assert!(found.len() <= walk, "stage {stage} walk {walk}: {found:?}");
        }
    }
}

/// This thread's CPU time in seconds (0 where it is not read).
fn cpu_seconds() -> f64 {
    crate::base::cpu::thread_time().map_or(0.0, |t| t.as_secs_f64())
}

/// Where the 6×6×6's centres' moves go by stages, on `SIX_COUNT` (10) random states seeded
/// by `SIX_SEED` (4894): each stage's moves and CPU seconds, the 5×5×5's part, and the
/// centres against the ways `grouped.rs` tried before: `cargo test --release --lib
/// the_6x6x6_stage_lengths -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn the_6x6x6_stage_lengths() {
    let count: usize = std::env::var("SIX_COUNT").map_or(10, |c| c.parse().unwrap());
    let seed: u64 = std::env::var("SIX_SEED").map_or(4894, |c| c.parse().unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let t = cpu_seconds();
    six().unwrap();
    eprintln!("tables: {:.2} s", cpu_seconds() - t);
    let written =
        |work: &Work<'_>, from: usize| write::write(N, &write::merge(N, &work.made[from..])).len();
    let mut sums = [0f64; 10];
    for _ in 0..count {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        let mut parts = [0f64; 10];
        let t = cpu_seconds();
        let made = stages(&mut work).unwrap().unwrap();
        parts[5] = cpu_seconds() - t;
        parts[..3].copy_from_slice(&made.map(|m| m as f64));
        parts[3] = written(&work, 0) as f64;
        let from = work.made.len();
        let t = cpu_seconds();
        assert!(five_on_ring(&mut work, 1, &staged::solve).unwrap());
        parts[6] = cpu_seconds() - t;
        parts[4] = written(&work, from) as f64;
        parts[7] = written(&work, 0) as f64;
        let mut other = work_on(N, &cube);
        let t = cpu_seconds();
        assert!(inner::centres(&mut other, 8, 4, &staged::solve).unwrap());
        parts[9] = cpu_seconds() - t;
        parts[8] = written(&other, 0) as f64;
        eprintln!("{parts:.1?}");
        for (s, p) in sums.iter_mut().zip(parts) {
            *s += p;
        }
    }
    let avg = sums.map(|s| s / count as f64);
    eprintln!(
        "stages {:.1} {:.1} {:.1} (written {:.1}), 5x5x5 {:.1}, centres {:.1} in {:.2} + {:.2} s; \
         inside out {:.1} in {:.2} s",
        avg[0], avg[1], avg[2], avg[3], avg[4], avg[7], avg[5], avg[6], avg[8], avg[9]
    );
}

#[test]
#[ignore = "diagnosis"]
fn diag_six() {
    let six = six().unwrap();
    eprintln!("orbits {:?} last {}", six.orbits, six.last.len());
    for k in 0..3 {
        let o = &six.staged.orbits[six.orbits[k]];
        for st in 0..3 {
            let t = &o.tables[st];
            let r = t.iter().filter(|&&d| d != UNREACHED).count();
            let mx = t.iter().filter(|&&d| d != UNREACHED).max();
            eprintln!(
                "orbit {k} stage {st}: reached {r} of {} max {mx:?}",
                t.len()
            );
        }
    }
    for t in &six.tables {
        let r = t.iter().filter(|&&d| d != UNREACHED).count();
        eprintln!(
            "pair table reached {r} max {:?}",
            t.iter().filter(|&&d| d != UNREACHED).max()
        );
    }
    let model = &tables(N).model;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
    for _ in 0..3 {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        let mut flips = 0u8;
        for stage in 0..2 {
            let start = six.sets(model, stage, &work.stickers, flips);
            let space = SetsSearch {
                six,
                stage,
                budget: SEARCH_BUDGET,
            };
            eprintln!(
                "stage {stage} start bound {} sum {}",
                space.bound(&start),
                space.sum(&start)
            );
            let score = |s: &Sets| space.sum(s);
            let budget = (stage == 1).then_some(SEARCH_BUDGET);
            let t = cpu_seconds();
            let path = search(&space, start, budget, &score).unwrap();
            eprintln!(
                "stage {stage} path {:?} in {:.2} s",
                path.as_ref().map(|p| p.len()),
                cpu_seconds() - t
            );
            let Some(path) = path else { break };
            for k in path {
                let t = six.staged.allowed[stage][k];
                flips ^= six.staged.turns[t].flips;
                work.make(&six.staged.turns[t].moves);
            }
            let s = six.sets(model, stage, &work.stickers, flips);
            eprintln!(
                "after stage {stage}: bound {} flips {flips}",
                space.bound(&s)
            );
        }
        let start = six.last_state(model, &work.stickers);
        eprintln!(
            "stage 3 start {start:?} bound {} per pair {:?}",
            six.last_bound(&start),
            (0..3)
                .map(|a| six.tables[a][usize::from(start.0[a]) * BARS + usize::from(start.1[a])])
                .collect::<Vec<_>>()
        );
        let t = cpu_seconds();
        let found = search(six, start, Some(SEARCH_BUDGET), &|s: &Last| six.last_sum(s)).unwrap();
        eprintln!(
            "stage 3 {:?} in {:.2} s",
            found.map(|f| f.len()),
            cpu_seconds() - t
        );
    }
}

#[test]
#[ignore = "diagnosis"]
fn diag_six_ida() {
    let six = six().unwrap();
    let model = &tables(N).model;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
    let cube = random::random_state(N, &mut rng);
    let work = work_on(N, &cube);
    let start = six.sets(model, 0, &work.stickers, 0);
    let space = SetsSearch {
        six,
        stage: 0,
        budget: SEARCH_BUDGET,
    };
    for (name, summed) in [("max", false), ("summed", true)] {
        let score = |s: &Sets| space.sum(s);
        let capped = Capped {
            space: &space,
            budget: 20_000_000,
            score: summed.then_some(&score as &dyn Fn(&Sets) -> u32),
        };
        let t = cpu_seconds();
        let found = ida::search(&capped, &start).unwrap();
        eprintln!(
            "stage 0 by IDA* ({name}) within 20M nodes: {:?} in {:.1} s",
            found.map(|f| f.len()),
            cpu_seconds() - t
        );
    }
}
