//! The conformance check every representation's unit tests run: each defined paper move,
//! made as defined and compiled, agrees with the sticker geometry from solved and from
//! scrambled states; each move's inverse undoes it and four make the identity; undefined
//! moves are typed errors.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{RepKind, Representation};
use crate::cube::Cube;
use crate::moves::{MoveError, PaperMove};

/// A cube scrambled by `len` random paper moves (any of the 24), through the geometry.
pub(crate) fn scrambled(rng: &mut ChaCha8Rng, len: usize) -> Cube {
    let mut cube = Cube::solved();
    for _ in 0..len {
        let m = PaperMove::ALL[rng.random_range(0..24)];
        m.slice_turns().into_iter().for_each(|t| cube.turn(t));
    }
    cube
}

fn geometric(cube: &Cube, m: PaperMove) -> Cube {
    let mut c = cube.clone();
    m.slice_turns().into_iter().for_each(|t| c.turn(t));
    c
}

/// Runs the whole conformance check on representation `R`.
pub(crate) fn conformance<R: Representation + 'static>(kind: RepKind) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let starts: Vec<Cube> = std::iter::once(Cube::solved())
        .chain((0..20).map(|_| scrambled(&mut rng, 25)))
        .collect();
    for cube in &starts {
        let rep = R::from_cube(cube);
        assert_eq!(rep.kind(), kind);
        assert_eq!(
            &rep.to_cube(),
            cube,
            "{kind}: round trip through the representation"
        );
        for m in PaperMove::ALL {
            let mut r = R::from_cube(cube);
            if let Some(reason) = kind.undefined_reason(m) {
                let err = r.turn(m).unwrap_err();
                assert!(
                    matches!(err, MoveError::Undefined { .. }),
                    "{kind} {m}: {err}"
                );
                assert!(err.to_string().contains(reason));
                assert!(r.compile(m).is_err());
                continue;
            }
            r.turn(m).unwrap();
            let want = geometric(cube, m);
            assert_eq!(r.to_cube(), want, "{kind}: move {m} as defined");
            let mut compiled = R::from_cube(cube);
            compiled.turn_compiled(&compiled.compile(m).unwrap());
            assert_eq!(compiled.render(), r.render(), "{kind}: move {m} compiled");
            r.turn(m.inverse()).unwrap();
            assert_eq!(&r.to_cube(), cube, "{kind}: {m} then its inverse");
            // Defined and compiled turns mixed on one state: a compiled turn after a defined
            // one must still see the whole state.
            r.turn(m).unwrap();
            r.turn_compiled(&r.compile(m.inverse()).unwrap());
            assert_eq!(
                &r.to_cube(),
                cube,
                "{kind}: {m} as defined, then its inverse compiled"
            );
            for _ in 0..4 {
                r.turn(m).unwrap();
            }
            assert_eq!(&r.to_cube(), cube, "{kind}: {m} four times");
        }
    }
}
