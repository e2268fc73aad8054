use super::*;
use rand::SeedableRng;

/// The 3×3×3 stage by the two-phase solver with the small tables.
fn three(state: &CubieCube) -> Result<Vec<FaceMove>, SolveError> {
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

#[test]
fn random_states_of_every_size_are_solved() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
    for n in SIZES {
        for _ in 0..3 {
            let cube = random::random_state(n, &mut rng);
            let found = solve(&cube, &three).unwrap();
            let mut c = cube.clone();
            c.apply_all(&found.moves).unwrap();
            assert_eq!(c, Cube::solved_n(n), "{n}");
            eprintln!("{n}: {} moves {:?}", found.moves.len(), found.stages);
        }
    }
}
