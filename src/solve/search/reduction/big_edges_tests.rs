use super::*;
use crate::solve::search::reduction::edge_beam::tests::edges_to_pair;
use crate::solve::search::reduction::model::LayerMove;
use rand::SeedableRng;

#[test]
fn the_stages_pair_the_orbits_from_the_middle_out_with_each_face_a_group_of_its_own() {
    let seven = stages(7);
    assert_eq!(seven.len(), 2);
    assert_eq!(seven[0].groups, [0, 1, 1, 2, 3, 3, 4]);
    assert_eq!(seven[0].read, [0, 2, 3, 4, 6]);
    assert_eq!(seven[1].groups, [0, 1, 2, 2, 2, 3, 4]);
    assert_eq!(seven[1].read, [0, 1, 3, 5, 6]);
    let eight = stages(8);
    assert_eq!(eight.len(), 3);
    assert_eq!(
        (eight[0].small, &eight[0].groups[..]),
        (4, &[0, 1, 1, 1, 2, 2, 2, 3][..])
    );
    assert_eq!(eight[0].read, [0, 3, 4, 7]);
    assert_eq!(eight[2].groups, [0, 1, 2, 2, 2, 2, 3, 4]);
    for n in SIZES {
        // One stage for each wing orbit, the faces alone in every one.
        let all = stages(n);
        assert_eq!(all.len(), tables(n).model.wing_orbits.len(), "n {n}");
        for stage in all {
            let count = |s: usize| stage.groups.iter().filter(|&&g| g == s).count();
            assert_eq!((count(0), count(stage.small - 1)), (1, 1), "n {n}");
        }
    }
}

/// Whether `moves` on the `n`×`n`×`n` leave every centre sticker on its own face.
fn keeps_centres(n: usize, moves: &[LayerMove]) -> bool {
    let model = &tables(n).model;
    let g = Geometry::of(n);
    let at = model.positions_after(moves);
    model
        .centre_orbits
        .iter()
        .flatten()
        .all(|&i| g.face_of(at[i] as usize) == g.face_of(i))
}

#[test]
fn every_grouped_slice_flip_slice_and_wing_three_cycle_keeps_the_big_cubes_centres() {
    for n in SIZES {
        for stage in stages(n) {
            let s = stage.small;
            let small = pairing(s);
            let on = |moves: &[LayerMove]| on_groups(moves, &stage.groups);
            let mut checked = 0;
            for block in &small.blocks {
                let unw = crate::solve::search::reduction::centres::undo(&block.w);
                for tail in &block.tails {
                    let whole = [&block.w[..], &tail.x, &unw].concat();
                    assert!(keeps_centres(n, &on(&whole)), "n {n} {whole:?}");
                    checked += 1;
                }
            }
            assert!(checked > 100, "n {n}: {checked}");
            // The small cube's wing orbit's three-cycles, from a few places to others.
            let t = tables(s);
            let o = t.model.centre_orbits.len();
            for (q, p, r) in [(0, 1, 2), (0, 5, 17), (3, 11, 22), (23, 8, 14)] {
                let cycle = t.cycle(o, q, p, r);
                assert!(!cycle.is_empty());
                assert!(keeps_centres(n, &on(&cycle)), "n {n} {cycle:?}");
            }
        }
    }
}

#[test]
fn pairing_orbit_by_orbit_pairs_every_edge_of_random_states_and_keeps_the_centres() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4881);
    for n in SIZES {
        let mut work = edges_to_pair(n, &mut rng);
        let p = pairing(n);
        assert!(p.score(&p.keys_now(&work.stickers)) < p.paired(), "n {n}");
        let start = work.stickers.clone();
        assert!(by_orbits(&mut work, None).unwrap(), "n {n}");
        // The turns made, replayed from the start, give the solver's stickers.
        let mut replayed = start;
        for &m in &work.made {
            work.model().apply(&mut replayed, m);
        }
        assert_eq!(replayed, work.stickers, "n {n}");
        assert_eq!(p.score(&p.keys_now(&work.stickers)), p.paired(), "n {n}");
        assert!(work.centres_home(), "n {n}");
        let cube = crate::state::cube::Cube::from_stickers(n, work.stickers.clone()).unwrap();
        crate::state::pieces::read_corners(&cube).unwrap();
    }
}

#[test]
fn the_4x4x4s_searched_phases_pair_the_even_sizes_innermost_orbit_and_keep_the_centres() {
    let tables = crate::solve::search::four::tests::shared();
    let four = |s: &[crate::turn::face::Face]| crate::solve::search::four::reductions(tables, s);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4890);
    for n in [6, 8] {
        let mut work = edges_to_pair(n, &mut rng);
        let stage = &stages(n)[0];
        assert_eq!(stage.small, 4, "n {n}");
        let small = small_view(&work, stage);
        let p4 = pairing(4);
        assert!(
            p4.score(&p4.keys_now(&small.stickers)) < p4.paired(),
            "n {n}"
        );
        let found = four(&small.stickers).unwrap();
        assert!(!found.is_empty(), "n {n}");
        for made in &found {
            let mut w = work.restarted();
            w.make(&on_groups(made, &stage.groups));
            assert!(w.centres_home(), "n {n}: {made:?}");
            let paired = small_view(&w, stage);
            assert_eq!(
                p4.score(&p4.keys_now(&paired.stickers)),
                p4.paired(),
                "n {n}: {made:?}"
            );
        }
        // The whole edge stage with them: every edge paired, every centre home.
        assert!(by_orbits(&mut work, Some(&four)).unwrap(), "n {n}");
        let p = pairing(n);
        assert_eq!(p.score(&p.keys_now(&work.stickers)), p.paired(), "n {n}");
        assert!(work.centres_home(), "n {n}");
    }
}

#[test]
#[ignore = "a measurement: the edge stage's length on random states, by the big cube's beam and orbit by orbit, printed"]
fn the_edge_stage_lengths_orbit_by_orbit() {
    let var = |name: &str| std::env::var(name).ok();
    let count: usize = var("EDGES_COUNT").map_or(20, |c| c.parse().unwrap());
    let sizes: Vec<usize> = var("EDGES_SIZES").map_or(SIZES.collect(), |s| {
        s.split(',').map(|n| n.parse().unwrap()).collect()
    });
    let length = |w: &Work<'_>| {
        let n = w.model().n;
        write::write(n, &write::merge(n, &w.made)).len()
    };
    // A beam named by a variable, "width,branch,rate", or `default`.
    let beam_var = |name: &str, default: Beam| {
        var(name).map_or(default, |b| {
            let v: Vec<usize> = b.split(',').map(|x| x.parse().unwrap()).collect();
            Beam {
                width: v[0],
                branch: v[1],
                rate: v[2] as u32,
            }
        })
    };
    // Each stage's beam: `ORBIT_BEAM="24,6,24"` for another.
    let stage_beam = beam_var("ORBIT_BEAM", BEAM);
    // The 4×4×4's stage's beam: `ORBIT_BEAM4="48,6,24"` for another.
    let beam4 = beam_var("ORBIT_BEAM4", BEAM_4);
    // The states kept from stage to stage: `ORBIT_KEEP=1` for another.
    let keep = var("ORBIT_KEEP").map_or(KEEP, |k| k.parse().unwrap());
    // The pairing left at which the three-cycles are tried early: `ORBIT_EARLY=4` for another.
    let early = var("ORBIT_EARLY").map_or(EARLY, |k| k.parse().unwrap());
    let skip_beam = var("SKIP_BEAM").is_some();
    // `ORBIT_FOUR=DIR`: the even sizes' 4×4×4 stage by the 4×4×4's searched phases as well,
    // their tables loaded from (or built in) the cache directory DIR.
    let four_tables = var("ORBIT_FOUR").map(|dir| {
        crate::solve::search::four::FourTables::load_or_build_in(
            Some(std::path::Path::new(&dir)),
            &mut |_, _| {},
        )
        .unwrap()
    });
    let stage = four_tables.as_ref().map(|(t, _)| {
        move |s: &[crate::turn::face::Face]| crate::solve::search::four::reductions(t, s)
    });
    let four = stage
        .as_ref()
        .map(|f| f as &crate::solve::search::reduction::FourStage<'_>);
    for n in sizes {
        pairing(n);
        // The same states as `the_edge_stage_lengths`.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4860 + n as u64);
        let (mut beam, mut orbits, mut shorter, mut failed) = (0, 0, 0, 0);
        let (mut beam_time, mut orbits_time) = (0.0, 0.0);
        // Each stage's slice-flip-slice moves, three-cycle moves and wings left, summed.
        let mut split: Vec<[usize; 3]> = vec![[0; 3]; stages(n).len()];
        for _ in 0..count {
            let mut a = edges_to_pair(n, &mut rng);
            let mut b = a.restarted();
            let started = std::time::Instant::now();
            // `SKIP_BEAM=1`: the big cube's beam not run (its figures then 0, the shorter
            // orbit by orbit's).
            if !skip_beam {
                edge_beam::pair(&mut a, &Beam::of(n)).unwrap();
            }
            beam_time += started.elapsed().as_secs_f64();
            let started = std::time::Instant::now();
            let (done, trace) =
                by_orbits_traced(&mut b, &[stage_beam, beam4], keep, early, four).unwrap();
            for (sum, cost) in split.iter_mut().zip(&trace) {
                *sum = [
                    sum[0] + cost.steps,
                    sum[1] + cost.cycles,
                    sum[2] + cost.left,
                ];
            }
            orbits_time += started.elapsed().as_secs_f64();
            let (la, lb) = (length(&a), length(&b));
            let la = if skip_beam && done { lb } else { la };
            beam += la;
            if done {
                orbits += lb;
                shorter += la.min(lb);
            } else {
                failed += 1;
                orbits += la;
                shorter += la;
            }
        }
        let per = |total: usize| total as f64 / count as f64;
        eprintln!(
            "{n} {stage_beam:?}, 4×4×4 {beam4:?}, keep {keep}, early {early}: edges by the beam {:.1} moves ({:.0} ms), orbit by orbit {:.1} ({:.0} ms, \
             {failed} of {count} not finished, the beam's counted), the shorter {:.1}",
            per(beam),
            beam_time * 1e3 / count as f64,
            per(orbits),
            orbits_time * 1e3 / count as f64,
            per(shorter)
        );
        for (s, sum) in split.iter().enumerate() {
            eprintln!(
                "  stage {s}: slice-flip-slice {:.1} moves, three-cycles {:.1} moves for {:.1} wings",
                per(sum[0]),
                per(sum[1]),
                per(sum[2])
            );
        }
    }
}
