use super::*;
use rand::SeedableRng;

/// The 3×3×3 stage by the two-phase solver with the small tables (the 4×4×4 solver's tests
/// use it too).
pub(crate) fn three(state: &CubieCube) -> Result<Vec<FaceMove>, SolveError> {
    let tables = &crate::solve::table::shared::twophase_tables(&crate::solve::Progress::none()).0;
    let opts = crate::solve::search::twophase::TwoPhaseOptions {
        threads: 1,
        ..Default::default()
    };
    Ok(crate::solve::search::twophase::solve(tables, state, &opts)?.moves)
}

#[test]
fn every_orbit_of_every_size_has_a_three_cycle_and_a_setup_for_every_triple() {
    for n in SIZES {
        let t = tables(n);
        assert_eq!(
            t.cycles.len(),
            t.model.centre_orbits.len() + t.model.wing_orbits.len()
        );
        for (o, c) in t.cycles.iter().enumerate() {
            for q in 0..24 {
                for p in (0..24).filter(|&p| p != q) {
                    for r in (0..24).filter(|&r| r != p && r != q) {
                        assert!(c.cost(q, p, r).is_some(), "n {n} orbit {o}");
                    }
                }
            }
        }
    }
}

/// Whether `cube` is a 3×3×3 in all but size: each face's centres one colour, the stickers
/// along each edge of each face one colour, and that 3×3×3 a real cube's (no parity left).
pub(crate) fn is_reduced(cube: &Cube) -> bool {
    let n = cube.size();
    let g = Geometry::of(n);
    let s = cube.stickers();
    let inner = 1..n - 1;
    let uniform = |places: Vec<usize>| places.iter().all(|&i| s[i] == s[places[0]]);
    let faces_whole = Face::ALL.iter().all(|&f| {
        uniform(
            inner
                .clone()
                .flat_map(|r| inner.clone().map(move |c| g.index(f, r, c)))
                .collect(),
        ) && uniform(inner.clone().map(|c| g.index(f, 0, c)).collect())
            && uniform(inner.clone().map(|c| g.index(f, n - 1, c)).collect())
            && uniform(inner.clone().map(|r| g.index(f, r, 0)).collect())
            && uniform(inner.clone().map(|r| g.index(f, r, n - 1)).collect())
    });
    let mut small = Vec::with_capacity(54);
    for face in Face::ALL {
        for r in [0, 1, n - 1] {
            for c in [0, 1, n - 1] {
                small.push(s[g.index(face, r, c)]);
            }
        }
    }
    faces_whole
        && Cube::from_stickers(3, small).is_ok_and(|small| CubieCube::from_cube(&small).is_ok())
}

#[test]
fn a_cube_is_reduced_only_with_its_centres_whole_its_edges_paired_and_no_parity_left() {
    let turned = |n: usize, alg: &str| {
        let moves = crate::sequence::alg::Alg::parse(alg, crate::Notation::Standard)
            .unwrap()
            .expand();
        let mut cube = Cube::solved_n(n);
        cube.apply_all(&moves).unwrap();
        cube
    };
    for n in SIZES {
        assert!(is_reduced(&Cube::solved_n(n)), "{n}");
        assert!(is_reduced(&turned(n, "R U F' D2 L B")), "{n}: outer turns");
        assert!(!is_reduced(&turned(n, "2R")), "{n}: an inner slice");
        assert!(!is_reduced(&turned(n, "Rw U Rw'")), "{n}: a wide conjugate");
    }
    // The PLL parity: centres whole and edges paired, but two edges swapped alone.
    assert!(!is_reduced(&turned(4, "2R2 U2 2R2 Uw2 2R2 Uw2")));
}

#[test]
fn random_states_of_every_size_are_solved() {
    // One state a size: each costs seconds on the big sizes, and tests/big_cubes.rs solves
    // more of every size through the solver door, checked on an independent model.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
    for n in SIZES {
        let cube = random::random_state(n, &mut rng);
        let found = solve(&cube, &three).unwrap();
        let mut c = cube.clone();
        c.apply_all(&found.moves).unwrap();
        assert_eq!(c, Cube::solved_n(n), "{n}");
        let mut reduced = cube.clone();
        reduced.apply_all(&found.reduction).unwrap();
        assert!(is_reduced(&reduced), "{n}: {:?}", found.reduction);
        eprintln!("{n}: {} moves {:?}", found.moves.len(), found.stages);
    }
}

#[test]
fn every_centre_sequence_keeps_the_fixed_centres_and_costs_what_it_is_written_in() {
    for n in SIZES {
        let macros = centres::macros(n);
        assert!(!macros.list.is_empty());
        let model = &tables(n).model;
        for m in &macros.list {
            let mut stickers = Cube::solved_n(n).stickers().to_vec();
            for &lm in &m.moves {
                model.apply(&mut stickers, lm);
            }
            let turned = Cube::from_stickers(n, stickers).unwrap();
            assert!(
                Face::ALL
                    .iter()
                    .all(|&f| n.is_multiple_of(2) || turned.centre(f) == Some(f)),
                "n {n}: {:?}",
                m.moves
            );
            assert_eq!(
                write::write(n, &m.moves).len() as u32,
                m.cost,
                "n {n}: {:?}",
                m.moves
            );
        }
    }
}

#[test]
fn the_centre_stage_brings_every_centre_home_and_keeps_each_wing_orbits_parity() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4848);
    for n in SIZES {
        let mut work = work_on(n, &random::random_state(n, &mut rng));
        let before = parities(&work);
        staged::centres(&mut work).unwrap();
        let g = Geometry::of(n);
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(work.stickers[i], g.face_of(i), "n {n}");
        }
        assert_eq!(parities(&work), before, "n {n}");
    }
}

/// Whether each wing orbit's permutation is odd against its target.
pub(crate) fn parities(work: &Work<'_>) -> Vec<bool> {
    (0..work.model().wing_orbits.len())
        .map(|o| {
            let (have, want) = work.wings(o, None).unwrap();
            odd(&have, &want)
        })
        .collect()
}

/// A work on `cube` (the fixed centres turned home on the odd sizes).
pub(crate) fn work_on(n: usize, cube: &Cube) -> Work<'static> {
    let (cube, _) = crate::state::pieces::rotate_until(cube, |c| {
        Face::ALL
            .iter()
            .all(|&f| n.is_multiple_of(2) || c.centre(f) == Some(f))
    })
    .unwrap();
    Work {
        tables: tables(n),
        stickers: cube.stickers().to_vec(),
        made: Vec::new(),
    }
}

#[test]
fn slice_flip_slice_pairing_keeps_the_centres_and_each_wing_orbits_parity_and_pairs_more() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4849);
    for n in SIZES {
        let mut work = work_on(n, &random::random_state(n, &mut rng));
        staged::centres(&mut work).unwrap();
        let before = parities(&work);
        let p = pairing::pairing(n);
        let score = |work: &Work<'_>| p.score(&p.keys_now(&work.stickers));
        let (start, made) = (score(&work), work.made.len());
        pairing::pair(&mut work).unwrap();
        let g = Geometry::of(n);
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(work.stickers[i], g.face_of(i), "n {n}");
        }
        assert_eq!(parities(&work), before, "n {n}");
        let end = score(&work);
        eprintln!(
            "{n}: paired {start} → {end} of {} in {} turns",
            p.paired(),
            work.made.len() - made
        );
        assert!(end > start && end <= p.paired(), "n {n}: {start} → {end}");
    }
}

#[test]
fn the_pll_parity_makes_the_edges_odd_against_the_corners_and_keeps_centres_and_pairs() {
    for n in [4, 6, 8] {
        let mut work = work_on(n, &Cube::solved_n(n));
        work.make(&pll_parity(n));
        let g = Geometry::of(n);
        for &i in work.model().centre_orbits.iter().flatten() {
            assert_eq!(work.stickers[i], g.face_of(i), "n {n}");
        }
        let p = pairing::pairing(n);
        assert_eq!(p.score(&p.keys_now(&work.stickers)), p.paired(), "n {n}");
        let small = work.small().unwrap();
        let corners = crate::state::pieces::read_corners(&small).unwrap();
        let edges = crate::state::pieces::read_edges(&small).unwrap();
        assert!(!crate::state::pieces::is_odd(&corners.perm), "n {n}");
        assert!(crate::state::pieces::is_odd(&edges.perm), "n {n}");
    }
}
