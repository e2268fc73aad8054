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

fn shared() -> &'static FourTables {
    static T: std::sync::OnceLock<FourTables> = std::sync::OnceLock::new();
    T.get_or_init(|| FourTables::load_or_build_in(None, &mut |_, _| {}).0)
}

#[test]
fn random_states_are_solved_by_the_searched_phases() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(448);
    let t = shared();
    let mut total = 0;
    for _ in 0..20 {
        let cube = crate::solve::search::reduction::random::random_state(4, &mut rng);
        let started = std::time::Instant::now();
        let found = solve(t, &cube, &three).unwrap();
        let mut c = cube.clone();
        c.apply_all(&found.moves).unwrap();
        assert_eq!(c, Cube::solved_n(4));
        total += found.moves.len();
        eprintln!("{} moves {:?} {:?}", found.moves.len(), found.stages, started.elapsed());
    }
    eprintln!("average {}", total as f64 / 20.0);
}
