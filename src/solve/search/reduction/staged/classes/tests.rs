use super::*;
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::staged::pair_of;
use crate::solve::search::reduction::tests::{parities, work_on};
use crate::solve::search::reduction::{random, write};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use rand::{RngExt, SeedableRng};

/// Whether every centre sticker of the orbits `orbits` is on a face of its class for pairing
/// stage `stage` (0: U/D, 1: R/L).
fn staged_on(stickers: &[Face], stage: usize, orbits: &[usize]) -> bool {
    let model = &tables(N).model;
    let g = Geometry::of(N);
    orbits.iter().all(|&o| {
        model.centre_orbits[o]
            .iter()
            .all(|&i| (pair_of(stickers[i]) == stage) == (pair_of(g.face_of(i)) == stage))
    })
}

/// Whether the inner X-centres of class `stage` are on its faces and every bar is
/// class-matched.
fn paired(c: &Classes, stickers: &[Face], stage: usize) -> bool {
    let m = c.pairing(stage, stickers);
    staged_on(stickers, stage, &[c.inner]) && c.unmatched(&m) == 0
}

/// Whether every middle 2×2 is home and every bar one colour.
fn coherent(stickers: &[Face]) -> bool {
    let g = Geometry::of(N);
    let blocks = Blocks::with(N, GROUPS.to_vec());
    blocks.members.iter().all(|m| match m.len() {
        4 => m.iter().all(|&i| stickers[i] == g.face_of(i)),
        2 => stickers[m[0]] == stickers[m[1]],
        _ => true,
    })
}

#[test]
fn each_class_step_reaches_its_goal_keeps_the_ones_before_and_the_centres_end_home() {
    let c = classes();
    let all: Vec<usize> = (0..4).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5353);
    for _ in 0..2 {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        let start = Cube::from_stickers(N, work.stickers.clone()).unwrap();
        let before = parities(&work);
        let mut flips = 0u8;
        assert!(c.pair_step(&mut work, 0, &mut flips).unwrap());
        assert!(paired(c, &work.stickers, 0));
        assert!(c.small_stage(&mut work, 0, &mut flips).unwrap());
        assert!(staged_on(&work.stickers, 0, &all));
        if flips >> c.wings[1] & 1 == 1 {
            work.make(&[c.staged.fixes[c.wings[1]].unwrap()]);
            flips ^= 1 << c.wings[1];
        }
        assert!(staged_on(&work.stickers, 0, &all));
        assert!(c.pair_step(&mut work, 1, &mut flips).unwrap());
        assert!(paired(c, &work.stickers, 1));
        assert!(staged_on(&work.stickers, 0, &all));
        assert_eq!(flips >> c.wings[1] & 1, 0);
        assert!(c.small_stage(&mut work, 1, &mut flips).unwrap());
        assert!(staged_on(&work.stickers, 0, &all) && staged_on(&work.stickers, 1, &all));
        assert_eq!(flips, 0);
        assert!(c.cohere_step(&mut work).unwrap());
        assert!(coherent(&work.stickers));
        assert!(staged_on(&work.stickers, 0, &all) && staged_on(&work.stickers, 1, &all));
        assert!(c.small_stage(&mut work, 2, &mut flips).unwrap());
        assert!(work.centres_home());
        assert_eq!(parities(&work), before);
        // The moves written in WCA notation, made on the cube's own sticker model.
        let mut turned = start;
        turned
            .apply_all(&write::write(N, &write::merge(N, &work.made)))
            .unwrap();
        let g = Geometry::of(N);
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(turned.stickers()[i], g.face_of(i));
        }
    }
}

#[test]
fn the_whole_way_brings_the_centres_home_keeping_every_wing_orbits_parity() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5354);
    let cube = random::random_state(N, &mut rng);
    let mut work = work_on(N, &cube);
    let before = parities(&work);
    assert!(centres(&mut work).unwrap());
    assert!(work.centres_home());
    assert_eq!(parities(&work), before);
    // Not the way of any other size.
    let mut five = work_on(5, &random::random_state(5, &mut rng));
    assert!(!centres(&mut five).unwrap());
    assert!(five.made.is_empty());
}

#[test]
fn each_of_the_several_class_answers_brings_every_centre_home_keeping_parity_and_they_differ() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5357);
    for _ in 0..2 {
        let work = work_on(N, &random::random_state(N, &mut rng));
        let before = parities(&work);
        let ways = classes().several(&work).unwrap();
        assert!(ways.len() > 1, "{} answers", ways.len());
        assert!(ways.len() <= SEVERAL[0] * SEVERAL[1]);
        for (i, moves) in ways.iter().enumerate() {
            // Each way made afresh on the stickers given, read on the sticker model.
            let mut w = work_on(N, &Cube::from_stickers(N, work.stickers.clone()).unwrap());
            w.make(moves);
            assert!(w.centres_home(), "way {i}");
            assert_eq!(parities(&w), before, "way {i}");
            assert!(
                ways[..i].iter().all(|other| other != moves),
                "way {i} repeats one"
            );
        }
    }
    // Not the way of any other size.
    assert!(
        classes()
            .several(&work_on(5, &Cube::solved_n(5)))
            .unwrap()
            .is_empty()
    );
}

/// A random walk of `len` turns from `allowed`, made on `work`; the wing orbits' parity
/// bits it changed.
fn walk(
    c: &Classes,
    work: &mut Work<'_>,
    allowed: &[usize],
    len: usize,
    rng: &mut impl rand::Rng,
) -> u8 {
    let mut flips = 0;
    for _ in 0..len {
        let t = allowed[rng.random_range(0..allowed.len())];
        flips ^= c.staged.turns[t].flips;
        work.make(&c.staged.turns[t].moves);
    }
    flips
}

#[test]
fn the_later_steps_turns_keep_what_the_earlier_steps_made() {
    let c = classes();
    let all: Vec<usize> = (0..4).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5355);
    let solved = Cube::solved_n(N);
    for _ in 0..40 {
        // From home, step 3's turns keep U and D's set (so U/D-paired bars stay paired).
        let mut work = work_on(N, &solved);
        walk(c, &mut work, &c.staged.allowed[1], 12, &mut rng);
        assert!(staged_on(&work.stickers, 0, &all) && paired(c, &work.stickers, 0));
        // Step 5's keep both sets and every wing orbit's parity.
        let mut work = work_on(N, &solved);
        let flips = walk(c, &mut work, &c.cohere.turns, 12, &mut rng);
        assert_eq!(flips, 0);
        assert!(staged_on(&work.stickers, 0, &all) && staged_on(&work.stickers, 1, &all));
        // The 5×5×5's turns on the grouped layers keep every middle 2×2 in place and every
        // bar whole.
        let mut work = work_on(N, &solved);
        for &t in &c.cohere.turns {
            work.make(&c.staged.turns[t].moves);
        }
        for _ in 0..20 {
            let m = LayerMove {
                axis: crate::turn::moves::PaperAxis::ALL[rng.random_range(0..3)],
                layer: [0, 1, 3, 4][rng.random_range(0..4)],
                quarters: rng.random_range(1..=3),
            };
            work.make(&on_groups(&[m], &c.blocks.groups));
        }
        let g = Geometry::of(N);
        let blocks = &c.blocks;
        for m in &blocks.members {
            assert!(m.iter().all(|&i| work.stickers[i] == work.stickers[m[0]]));
            if m.len() == 4 {
                assert!(m.iter().all(|&i| work.stickers[i] == g.face_of(i)));
            }
        }
    }
}

#[test]
fn the_coherence_tables_are_zero_at_their_goals_and_each_turn_changes_them_by_at_most_one() {
    let c = classes();
    let h = &c.cohere;
    let solved = Cube::solved_n(N);
    let home = h.state(solved.stickers());
    assert!(h.distances(&home).all(|d| d == 0));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5356);
    let mut s = home;
    for _ in 0..3000 {
        let k = rng.random_range(0..h.turns.len());
        let next = h.step(&s, None, k).unwrap();
        for (d, e) in h.distances(&s).zip(h.distances(&next)) {
            assert!(d != UNREACHED && e != UNREACHED && d.abs_diff(e) <= 1);
        }
        s = next;
    }
    // Walks from home: the search's answer is no longer than the walk and coherent.
    for len in 1..=6 {
        let mut work = work_on(N, &solved);
        walk(c, &mut work, &h.turns, len, &mut rng);
        let start = h.state(&work.stickers);
        assert!(usize::from(h.bound(&start)) <= len);
        let path = ida::search(h, &start).unwrap().unwrap();
        assert!(path.len() <= len);
        for k in path {
            work.make(&c.staged.turns[h.turns[k]].moves);
        }
        assert!(coherent(&work.stickers));
    }
}

/// Each class step's moves on `CLASSES_COUNT` (10) seeded random 6×6×6 states:
/// `cargo test --release --lib the_6x6x6_class_step_lengths -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn the_6x6x6_class_step_lengths() {
    let count: usize = std::env::var("CLASSES_COUNT").map_or(10, |c| c.parse().unwrap());
    let t = std::time::Instant::now();
    let c = classes();
    eprintln!("tables: {:.2} s", t.elapsed().as_secs_f64());
    for (a, table) in c.cohere.tables.iter().enumerate() {
        let reached = table.iter().filter(|&&d| d != UNREACHED).count();
        let deepest = table.iter().filter(|&&d| d != UNREACHED).max();
        eprintln!(
            "axis {a}: {reached} of {} reached, deepest {deepest:?}",
            ranks::SIZE
        );
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4880);
    let mut sums = [0usize; 7];
    let mut times = [0f64; 6];
    let mut done = 0;
    let t = std::time::Instant::now();
    for _ in 0..count {
        let cube = random::random_state(N, &mut rng);
        let mut work = work_on(N, &cube);
        crate::solve::search::reduction::oll_parity(&mut work).unwrap();
        let from = work.made.len();
        let mut lengths = Vec::new();
        let ok = c.solve_with(&mut work, Some(&mut lengths)).unwrap();
        let whole = write::write(N, &write::merge(N, &work.made[from..])).len();
        eprintln!("{ok} {lengths:.2?} whole {whole}");
        if ok {
            done += 1;
            for ((s, t), l) in sums.iter_mut().zip(times.iter_mut()).zip(&lengths) {
                *s += l.0;
                *t += l.1;
            }
            sums[6] += whole;
        }
    }
    let avg = sums.map(|s| s as f64 / done.max(1) as f64);
    eprintln!(
        "{done} of {count}: steps {:.1?}, centres {:.1}; seconds {:.2?}; {:.2} s a state",
        &avg[..6],
        avg[6],
        times.map(|t| t / done.max(1) as f64),
        t.elapsed().as_secs_f64() / count as f64
    );
}
