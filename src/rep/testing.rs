//! The conformance check every representation's unit tests run, at every size it holds: each
//! defined turn of a block of layers, made as defined and compiled (on every SIMD path the
//! CPU has), agrees with the sticker geometry from solved and from scrambled states; each
//! turn's inverse undoes it and four make the identity; undefined turns are typed errors.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{RepKind, Representation};
use crate::base::simd::ShufflePath;
use crate::state::cube::Cube;
use crate::turn::moves::{LayerTurn, MoveError};

/// A 3×3×3 scrambled by `len` random paper moves (any of the 24), through the geometry.
pub(crate) fn scrambled(rng: &mut ChaCha8Rng, len: usize) -> Cube {
    let mut cube = Cube::solved();
    for _ in 0..len {
        cube.turn(LayerTurn::PAPER[rng.random_range(0..24)]);
    }
    cube
}

/// An `n`×`n`×`n` cube scrambled by `len` random turns of blocks of layers, through the
/// geometry.
pub(crate) fn scrambled_n(rng: &mut ChaCha8Rng, n: usize, len: usize) -> Cube {
    let all = LayerTurn::all(n);
    let mut cube = Cube::solved_n(n);
    for _ in 0..len {
        geometric_turn(&mut cube, all[rng.random_range(0..all.len())]);
    }
    cube
}

fn geometric_turn(cube: &mut Cube, m: LayerTurn) {
    cube.turn(m);
}

/// The paths this CPU has.
pub(crate) fn paths() -> Vec<ShufflePath> {
    ShufflePath::ALL
        .into_iter()
        .filter(|p| p.available())
        .collect()
}

/// Runs the whole conformance check on representation `R`, at every size it holds.
pub(crate) fn conformance<R: Representation + 'static>(kind: RepKind) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    for n in kind.sizes() {
        let scrambles = if n == 3 { 12 } else { 2 };
        let starts: Vec<Cube> = std::iter::once(Cube::solved_n(n))
            .chain((0..scrambles).map(|_| scrambled_n(&mut rng, n, 10 * n)))
            .collect();
        for cube in &starts {
            check_from(kind, R::from_cube(cube), cube);
        }
    }
}

fn check_from<R: Representation>(kind: RepKind, rep: R, cube: &Cube) {
    let n = cube.size();
    assert_eq!(rep.kind(), kind);
    assert_eq!(rep.size(), n);
    assert_eq!(
        &rep.to_cube(),
        cube,
        "{kind} {n}: round trip through the representation"
    );
    let fresh = || R::from_cube(cube);
    for m in LayerTurn::all(n) {
        let mut r = fresh();
        if let Some(reason) = kind.undefined_turn(n, m) {
            let err = r.turn(m).unwrap_err();
            assert!(
                matches!(err, MoveError::Undefined { .. }),
                "{kind} {n} {m:?}: {err}"
            );
            assert!(err.to_string().contains(reason));
            assert!(r.compile(m).is_err());
            continue;
        }
        r.turn(m).unwrap();
        let mut want = cube.clone();
        geometric_turn(&mut want, m);
        assert_eq!(r.to_cube(), want, "{kind} {n}: {m:?} as defined");
        let table = r.compile(m).unwrap();
        for path in paths() {
            let mut compiled = fresh();
            compiled.turn_compiled(&table.on_path(path));
            assert_eq!(
                compiled.render(),
                r.render(),
                "{kind} {n}: {m:?} compiled, {path}"
            );
        }
        r.turn(m.inverse()).unwrap();
        assert_eq!(&r.to_cube(), cube, "{kind} {n}: {m:?} then its inverse");
        // Defined and compiled turns mixed on one state: a compiled turn after a defined
        // one must still see the whole state.
        r.turn(m).unwrap();
        r.turn_compiled(&r.compile(m.inverse()).unwrap());
        assert_eq!(
            &r.to_cube(),
            cube,
            "{kind} {n}: {m:?} as defined, then its inverse compiled"
        );
        for _ in 0..4 {
            r.turn(m).unwrap();
        }
        assert_eq!(&r.to_cube(), cube, "{kind} {n}: {m:?} four times");
    }
}

/// Checks that `kind` on the 3×3×3 refuses X, Y, C and H both ways, as defined and compiled,
/// with an error naming the move and the representation, and defines the other 16 of the
/// paper's moves (composite and visual, which leave out centres that those moves would move).
pub(crate) fn refuses_x_y_c_h(kind: RepKind) {
    use crate::turn::moves::PaperLetter;
    let mut r = kind.build(&Cube::solved()).unwrap();
    for letter in [
        PaperLetter::X,
        PaperLetter::Y,
        PaperLetter::C,
        PaperLetter::H,
    ] {
        for t in [letter.turn(), letter.turn().inverse()] {
            match r.turn(t) {
                Err(MoveError::Undefined { mv, rep, .. }) => {
                    assert_eq!(Some(mv), t.paper(3).map(|m| m.to_string()));
                    assert_eq!(rep, kind.name());
                }
                other => panic!("{t:?}: {other:?}"),
            }
            assert!(r.compile(t).is_err());
        }
    }
    assert_eq!(kind.defined_moves().len(), 16);
}

/// The two checks every representation's module opens its tests with: `conformance` (the
/// whole check above, at every size it holds) and `goal_state_is_the_papers` (the solved cube
/// rendered as the paper prints it, its shape, its bytes a state and, where given, its
/// element).
macro_rules! the_papers_checks {
    ($rep:ty, $kind:expr, goal: $goal:expr, shape: $shape:expr, bytes: $bytes:expr
        $(, element: $element:expr)?) => {
        #[test]
        fn conformance() {
            $crate::rep::testing::conformance::<$rep>($kind);
        }

        #[test]
        fn goal_state_is_the_papers() {
            let goal = <$rep>::from_cube(&$crate::state::cube::Cube::solved());
            assert_eq!(goal.render(), $goal);
            assert_eq!(goal.shape(), &$shape);
            assert_eq!(goal.state_bytes(), $bytes);
            $(assert_eq!(goal.element(), $element);)?
        }
    };
}
pub(crate) use the_papers_checks;
