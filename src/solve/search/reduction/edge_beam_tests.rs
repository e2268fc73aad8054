use super::*;
use crate::solve::search::reduction::model::LayerMove;
use crate::solve::search::reduction::pairing::{self, Pairing, pairing};
use crate::solve::search::reduction::random::random_state;
use crate::solve::search::reduction::tests::work_on;
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::PaperAxis;
use rand::SeedableRng;

/// Whether every edge of `stickers` is paired, read from the stickers alone: along each edge,
/// each face's stickers all one colour.
fn every_edge_paired(n: usize, stickers: &[Face]) -> bool {
    let g = Geometry::of(n);
    let k = n as i32 - 1;
    let mut seen: std::collections::HashMap<([i32; 3], Face), Face> = Default::default();
    (0..g.sticker_count()).all(|i| {
        let p = g.cubie_of(i);
        if p.iter().filter(|v| v.abs() == k).count() != 2 {
            return true;
        }
        let edge = p.map(|v| if v.abs() == k { v } else { 0 });
        *seen.entry((edge, g.face_of(i))).or_insert(stickers[i]) == stickers[i]
    })
}

/// The length of `work`'s turns as written.
fn written(work: &Work<'_>) -> usize {
    let n = work.model().n;
    write::write(n, &write::merge(n, &work.made)).len()
}

#[test]
fn a_beam_one_state_wide_trying_one_conjugate_is_the_greedy_pairing() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4870);
    for n in 5..=7 {
        let mut greedy = edges_to_pair(n, &mut rng);
        let mut beam = work_on(n, &Cube::solved_n(n));
        beam.stickers = greedy.stickers.clone();
        pairing::pair(&mut greedy).unwrap();
        finish_edges(&mut greedy).unwrap();
        pair(&mut beam, &Beam::GREEDY).unwrap();
        assert_eq!(beam.made, greedy.made, "n {n}");
    }
}

#[test]
fn the_beam_pairs_every_edge_of_random_states_and_keeps_the_centres() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4871);
    for n in 5..=9 {
        let mut work = edges_to_pair(n, &mut rng);
        let g = Geometry::of(n);
        assert!(!every_edge_paired(n, &work.stickers), "n {n}");
        // The turns made, replayed on the solver's stickers from the start.
        let start = work.stickers.clone();
        pair(&mut work, &Beam::of(n)).unwrap();
        let mut replayed = start;
        for &m in &work.made {
            work.model().apply(&mut replayed, m);
        }
        assert_eq!(replayed, work.stickers, "n {n}");
        assert!(every_edge_paired(n, &work.stickers), "n {n}");
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(work.stickers[i], g.face_of(i), "n {n}");
        }
        // Corners move (the three-cycles' commutators may turn them), but stay a cube's.
        let cube = Cube::from_stickers(n, work.stickers.clone()).unwrap();
        crate::state::pieces::read_corners(&cube).unwrap();
    }
}

#[test]
fn a_wider_beam_pairs_random_states_in_fewer_moves_than_the_greedy_pairing() {
    for n in [5, 6] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4872);
        let (mut greedy, mut wide) = (0, 0);
        for _ in 0..4 {
            let state = edges_to_pair(n, &mut rng);
            let mut a = work_on(n, &Cube::solved_n(n));
            a.stickers = state.stickers.clone();
            let mut b = work_on(n, &Cube::solved_n(n));
            b.stickers = state.stickers;
            pair(&mut a, &Beam::GREEDY).unwrap();
            pair(&mut b, &Beam::of(n)).unwrap();
            greedy += written(&a);
            wide += written(&b);
        }
        assert!(wide < greedy, "n {n}: {wide} against {greedy}");
    }
}

#[test]
fn the_best_conjugates_come_best_first_and_the_first_is_the_greedy_choice() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4873);
    for n in [5, 6] {
        let work = edges_to_pair(n, &mut rng);
        let p: &Pairing = pairing(n);
        let keys = p.keys_now(&work.stickers);
        let top = pairing::conjugates(p, &keys, 6);
        assert_eq!(top.len(), 6, "n {n}");
        assert_eq!(
            top.first().copied(),
            pairing::best_conjugate(p, &keys),
            "n {n}"
        );
        // Each made in full on the stickers: what it pairs for its length never rises.
        let ratios: Vec<f64> = top
            .iter()
            .map(|&choice| {
                let mut w = work_on(n, &Cube::solved_n(n));
                w.stickers = work.stickers.clone();
                let (setup, b, t) = choice;
                let block = &p.blocks[b];
                let mut moves: Vec<LayerMove> = Vec::new();
                moves.extend(setup.map(|s| pairing::setup_move(p, s)));
                moves.extend_from_slice(&block.w);
                moves.extend_from_slice(&block.tails[t].x);
                moves.extend(crate::solve::search::reduction::centres::undo(&block.w));
                let cost = 2 * block.cost + block.tails[t].cost + u32::from(setup.is_some());
                w.make(&moves);
                let gain = p.score(&p.keys_now(&w.stickers)) - p.score(&keys);
                f64::from(gain) / f64::from(cost)
            })
            .collect();
        assert!(ratios.windows(2).all(|r| r[0] >= r[1]), "n {n}: {ratios:?}");
        assert!(ratios.iter().all(|&r| r > 0.0), "n {n}: {ratios:?}");
    }
}

/// A random state of size `n` with each wing orbit's parity fixed and then every centre
/// home, as the edge stage starts.
pub(crate) fn edges_to_pair(n: usize, rng: &mut impl rand::Rng) -> Work<'static> {
    let mut work = work_on(n, &random_state(n, rng));
    for o in 0..work.model().wing_orbits.len() {
        let (have, want) = work.wings(o, None).unwrap();
        if crate::solve::search::reduction::odd(&have, &want) {
            let layer = work.model().wing_layer(o);
            work.make(&[LayerMove {
                axis: PaperAxis::X,
                layer,
                quarters: 1,
            }]);
        }
    }
    let g = Geometry::of(n);
    for &i in work.tables.model.centre_orbits.iter().flatten() {
        work.stickers[i] = g.face_of(i);
    }
    work.made.clear();
    work
}

#[test]
#[ignore = "a measurement: the edge stage's length on random states, printed"]
fn the_edge_stage_lengths() {
    let var = |name: &str| std::env::var(name).ok();
    let count: usize = var("EDGES_COUNT").map_or(20, |c| c.parse().unwrap());
    let sizes: Vec<usize> = var("EDGES_SIZES").map_or((5..=9).collect(), |s| {
        s.split(',').map(|n| n.parse().unwrap()).collect()
    });
    for n in sizes {
        let mut beams = vec![Beam::GREEDY, Beam::of(n)];
        if let Some(list) = var("EDGES_BEAMS") {
            beams = list
                .split(';')
                .map(|b| {
                    let v: Vec<usize> = b.split(',').map(|x| x.parse().unwrap()).collect();
                    Beam {
                        width: v[0],
                        branch: v[1],
                        rate: v[2] as u32,
                    }
                })
                .collect();
        }
        pairing(n);
        for beam in beams {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4860 + n as u64);
            let (mut total, mut time) = (0, 0.0);
            // Single-layer turns in all, those the three-cycles made, and the states that
            // needed any.
            let (mut turns, mut cycles, mut cycled) = (0, 0, 0);
            let mut times = Vec::new();
            for _ in 0..count {
                let mut work = edges_to_pair(n, &mut rng);
                let started = std::time::Instant::now();
                let by_cycles = pair(&mut work, &beam).unwrap();
                turns += work.made.len();
                cycles += by_cycles;
                cycled += usize::from(by_cycles > 0);
                times.push(started.elapsed().as_secs_f64() * 1e3);
                time += started.elapsed().as_secs_f64();
                let merged = crate::solve::search::reduction::write::merge(n, &work.made);
                total += crate::solve::search::reduction::write::write(n, &merged).len();
                let p = pairing(n);
                assert_eq!(p.score(&p.keys_now(&work.stickers)), p.paired());
            }
            times.sort_by(f64::total_cmp);
            eprintln!(
                "{n} {beam:?}: edges {:.1} moves, mean {:.1} ms, median {:.1} ms; \
                 {cycles} of {turns} single-layer turns made by three-cycles, \
                 on {cycled} of {count} states",
                total as f64 / count as f64,
                time * 1e3 / count as f64,
                times[count / 2]
            );
        }
    }
}
