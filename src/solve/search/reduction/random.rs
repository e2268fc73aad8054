//! Random-state scrambles of the big cubes: a state drawn uniformly from all that turns reach
//! — the corners (and, on odd sizes, the middle edges) as a random 3×3×3's, each wing orbit a
//! random permutation of its 24 wings (every one is reachable: an inner layer's quarter-turn
//! changes one orbit's parity alone), each centre orbit a random arrangement of its four
//! stickers of each colour.

use rand::seq::SliceRandom;

use crate::solve::model::cubie::CubieCube;
use crate::solve::search::reduction::cycles::tables;
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// A uniformly random state of the `n`×`n`×`n` (4 to 9) that turns reach, held with its
/// fixed centres (odd sizes) home.
pub fn random_state(n: usize, rng: &mut impl rand::Rng) -> Cube {
    let model = &tables(n).model;
    let g = Geometry::of(n);
    let solved = Cube::solved_n(n);
    let mut stickers = solved.stickers().to_vec();
    // Corners, and on odd sizes the middle edges, as a random 3×3×3's.
    let small = CubieCube::random(rng).to_cube();
    let mid = n / 2;
    for face in Face::ALL {
        for (r3, r) in [(0, 0), (1, mid), (2, n - 1)] {
            for (c3, c) in [(0, 0), (1, mid), (2, n - 1)] {
                let corner = r3 != 1 && c3 != 1;
                let midge = !n.is_multiple_of(2) && (r3 == 1) != (c3 == 1);
                if corner || midge {
                    stickers[g.index(face, r, c)] = small.sticker(face, r3, c3);
                }
            }
        }
    }
    // Wings.
    for (o, slots) in model.wing_orbits.iter().enumerate() {
        let mut perm: Vec<usize> = (0..slots.len()).collect();
        perm.shuffle(rng);
        for (s, &home) in perm.iter().enumerate() {
            let [a, b] = slots[home].map(|i| solved.stickers()[i]);
            let slot = slots[s];
            let (x, y) = if model.wing_home(slot, a, b) == Some((o, home)) {
                (a, b)
            } else {
                (b, a)
            };
            stickers[slot[0]] = x;
            stickers[slot[1]] = y;
        }
    }
    // Centres.
    for orbit in &model.centre_orbits {
        let mut colours: Vec<Face> = orbit.iter().map(|&i| solved.stickers()[i]).collect();
        colours.shuffle(rng);
        for (&i, c) in orbit.iter().zip(colours) {
            stickers[i] = c;
        }
    }
    Cube::from_stickers(n, stickers).expect("a random state shows each colour N² times")
}

/// A random-state scramble of the `n`×`n`×`n` (4 to 9), as TNoodle's: a state drawn
/// uniformly ([`random_state`]) from `seed`, solved through the door (which checks the
/// solution), the solution inverted. Returns the state and the moves that make it from solved.
pub fn random_state_scramble(
    n: usize,
    seed: u64,
    progress: &crate::solve::Progress,
) -> Result<(Cube, Vec<crate::turn::moves::Move>), crate::solve::SolveError> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let state = random_state(n, &mut rng);
    let limits = crate::solve::Limits {
        threads: Some(1),
        ..crate::solve::Limits::default()
    };
    let solution = crate::solve::solve(&state, crate::solve::Method::Reduction, &limits, progress)?;
    // The solution inverted, each amount written as a scramble writes it: `R2`, never `R2'`.
    let scramble: Vec<_> = solution
        .moves
        .iter()
        .rev()
        .map(|m| {
            let undo = m.inverse();
            crate::turn::moves::Move {
                amount: crate::turn::moves::Amount::from_quarters(undo.amount.quarters()),
                ..undo
            }
        })
        .collect();
    let mut made = Cube::solved_n(n);
    made.apply_all(&scramble).map_err(|_| {
        crate::solve::SolveError::Unreachable("a scramble move that cannot be made")
    })?;
    if made != state {
        return Err(crate::solve::SolveError::Unreachable(
            "a scramble that does not make its state",
        ));
    }
    Ok((state, scramble))
}

/// The parities a big cube's state shows: whether its corners' permutation is odd, and each
/// wing orbit's (each wing's place against its home), from the corners inwards. `None` for
/// stickers that are not a real cube's corners and wings.
///
/// ```
/// use cubework::solve::search::reduction::random::parities;
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved_n(4);
/// cube.apply_all(&parse_moves("R 2R", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(parities(&cube), Some((true, vec![true])));
/// ```
pub fn parities(cube: &Cube) -> Option<(bool, Vec<bool>)> {
    let n = cube.size();
    if !crate::solve::search::reduction::SIZES.contains(&n) {
        return None;
    }
    let model = &tables(n).model;
    let corners = crate::state::pieces::read_corners(cube).ok()?;
    let mut wings = Vec::new();
    for (o, slots) in model.wing_orbits.iter().enumerate() {
        let mut perm = Vec::with_capacity(24);
        for &slot in slots {
            let [a, b] = slot.map(|i| cube.stickers()[i]);
            match model.wing_home(slot, a, b) {
                Some((oo, home)) if oo == o => perm.push(home as u8),
                _ => return None,
            }
        }
        let mut seen = [false; 24];
        if perm
            .iter()
            .any(|&h| std::mem::replace(&mut seen[h as usize], true))
        {
            return None;
        }
        wings.push(crate::state::pieces::is_odd(&perm));
    }
    Some((crate::state::pieces::is_odd(&corners.perm), wings))
}
