//! From an APL value back to a cube: which state of a representation an array is, if any.
//!
//! `CUBE←R CUBE` in the APL workspace gives an array; the session's cube changes only if that
//! array is a state of the representation. Where each sticker's colour stands in a
//! representation's value is learnt once a kind and size by watching it: the values of a few
//! dozen random cubes are read atom by atom (a letter; a digit of a number; the atoms of an
//! enclosed vector), and an atom that follows one sticker's colour in every one of them is
//! that sticker's. An array is then read by those places, and accepted only if the cube read
//! gives back exactly the array: the representation itself is the judge, so nothing is
//! written twice.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use rand::{RngExt, SeedableRng};

use super::RepKind;
use crate::apl::{Elem, Value};
use crate::state::cube::Cube;
use crate::turn::face::Face;
use crate::turn::moves::{Amount, LayerTurn, Move, Turn};

/// One atom of a value: a character, or a decimal digit of a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Atom {
    Char(char),
    Digit(u8),
}

/// The atoms of `v` in ravel order, or `None` for a number that is not a whole number from 0
/// to 999 (no representation holds one).
fn atoms(v: &Value, out: &mut Vec<Atom>) -> Option<()> {
    for e in v.items() {
        match e {
            Elem::Char(c) => out.push(Atom::Char(*c)),
            Elem::Num(x) if x.fract() == 0.0 && (0.0..1000.0).contains(x) => {
                let n = *x as u16;
                out.extend([n / 100, n / 10 % 10, n % 10].map(|d| Atom::Digit(d as u8)));
            }
            Elem::Num(_) => return None,
            Elem::Boxed(inner) => atoms(inner, out)?,
        }
    }
    Some(())
}

/// Where a kind's value keeps each sticker's colour at one size.
struct Places {
    /// The shape of the value.
    shape: Vec<usize>,
    /// How many atoms it has.
    len: usize,
    /// For each atom that shows a sticker: the atom's index and the sticker's.
    shows: Vec<(usize, usize)>,
    /// The atom each colour is written as.
    colour: HashMap<Face, Atom>,
}

/// What has been learnt, by kind and size.
type Learnt = Mutex<HashMap<(RepKind, usize), std::sync::Arc<Places>>>;

fn places(kind: RepKind, n: usize) -> Option<std::sync::Arc<Places>> {
    static LEARNT: OnceLock<Learnt> = OnceLock::new();
    let learnt = LEARNT.get_or_init(Default::default);
    if let Some(p) = learnt.lock().ok()?.get(&(kind, n)) {
        return Some(p.clone());
    }
    let p = std::sync::Arc::new(learn(kind, n)?);
    learnt.lock().ok()?.insert((kind, n), p.clone());
    Some(p)
}

/// Random moves for watching `kind`: every single-layer quarter-turn, so that no two
/// stickers always share a colour (outer turns alone never part a 4×4×4's paired edges);
/// face turns alone for composite and visual, whose arrays leave out centres that slices
/// would move.
fn random_moves(kind: RepKind, n: usize, count: usize, rng: &mut impl rand::Rng) -> Vec<Move> {
    let layers = LayerTurn::quarter_turns(n);
    (0..count)
        .map(|_| match kind {
            RepKind::Composite | RepKind::Visual => Move {
                turn: Turn::face(Face::ALL[rng.random_range(0..6)]),
                amount: [Amount::ONE, Amount::TWO, Amount::PRIME][rng.random_range(0..3)],
            },
            _ => layers[rng.random_range(0..layers.len())].to_standard(n),
        })
        .collect()
}

/// Watches `kind`'s values of random `n`-cubes to find which atom shows which sticker.
fn learn(kind: RepKind, n: usize) -> Option<Places> {
    const PROBES: usize = 40;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x0A91);
    let mut cubes = vec![Cube::solved_n(n)];
    for _ in 1..PROBES {
        let mut cube = Cube::solved_n(n);
        cube.apply_all(&random_moves(kind, n, 80, &mut rng)).ok()?;
        cubes.push(cube);
    }
    let mut seen: Vec<Vec<Atom>> = Vec::new();
    let mut shape = Vec::new();
    for cube in &cubes {
        let value = kind.build(cube).ok()?.apl_value();
        shape = value.shape().to_vec();
        let mut a = Vec::new();
        atoms(&value, &mut a)?;
        seen.push(a);
    }
    let len = seen[0].len();
    let stickers = 6 * n * n;
    // The map from colours to atoms that atom `j` shows sticker `s` through, if it does.
    let through = |j: usize, s: usize| -> Option<HashMap<Face, Atom>> {
        let mut map: HashMap<Face, Atom> = HashMap::new();
        for (cube, atoms) in cubes.iter().zip(&seen) {
            if *map.entry(cube.stickers()[s]).or_insert(atoms[j]) != atoms[j] {
                return None;
            }
        }
        // Two colours written as one atom is no colour at all (a padding digit, a blank).
        let mut written: Vec<Atom> = map.values().copied().collect();
        written.sort_by_key(|a| format!("{a:?}"));
        written.dedup();
        (written.len() == map.len()).then_some(map)
    };
    // How each colour is written: the map most atoms show their sticker through (a centre's
    // atom can also follow the opposite centre, through another map, but few do).
    let mut votes: HashMap<Vec<(Face, Atom)>, usize> = HashMap::new();
    for j in 0..len {
        for s in 0..stickers {
            if let Some(map) = through(j, s).filter(|m| m.len() == 6) {
                let mut key: Vec<(Face, Atom)> = map.into_iter().collect();
                key.sort_by_key(|(f, _)| f.index());
                *votes.entry(key).or_default() += 1;
            }
        }
    }
    let colour: HashMap<Face, Atom> = votes
        .into_iter()
        .max_by_key(|(_, count)| *count)?
        .0
        .into_iter()
        .collect();
    // Then each atom shows the sticker it follows through that map; an atom that follows
    // none (a blank, `∘`, a padding digit) shows nothing.
    let shows = (0..len)
        .filter_map(|j| {
            (0..stickers)
                .find(|&s| {
                    through(j, s).is_some_and(|m| m.iter().all(|(f, a)| colour.get(f) == Some(a)))
                })
                .map(|s| (j, s))
        })
        .collect();
    Some(Places {
        shape,
        len,
        shows,
        colour,
    })
}

/// Which atom of `kind`'s value on the `n`×`n`×`n` shows which sticker (facelet index): a
/// letter, or one of an enclosed vector's atoms (nested). `None` for numeric, whose atoms are
/// digits, and sizes `kind` does not hold.
pub(crate) fn atoms_showing(kind: RepKind, n: usize) -> Option<Vec<(usize, usize)>> {
    if kind == RepKind::Numeric {
        return None;
    }
    Some(places(kind, n)?.shows.clone())
}

/// The cube whose state of `kind` is `value` on the `n`×`n`×`n`, or why `value` is no such
/// state.
///
/// ```
/// use cubework::rep::{RepKind, apl_state::cube_of};
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved();
/// cube.apply_all(&parse_moves("R U F'", Notation::Standard).unwrap()).unwrap();
/// for kind in RepKind::ALL {
///     let value = kind.build(&cube).unwrap().apl_value();
///     assert_eq!(cube_of(kind, 3, &value).unwrap(), cube);
/// }
/// let numeric = RepKind::Numeric.build(&cube).unwrap().apl_value();
/// assert!(cube_of(RepKind::Local, 3, &numeric).is_err());
/// ```
pub fn cube_of(kind: RepKind, n: usize, value: &Value) -> Result<Cube, String> {
    let name = kind.name();
    let places = places(kind, n).ok_or_else(|| format!("{name} does not hold the {n}×{n}×{n}"))?;
    if value.shape() != places.shape.as_slice() {
        return Err(format!(
            "a {name} state has shape {:?}, not {:?}",
            places.shape,
            value.shape()
        ));
    }
    let mut a = Vec::new();
    if atoms(value, &mut a).is_none() || a.len() != places.len {
        return Err(format!("it holds what no {name} state holds"));
    }
    let face_of: HashMap<Atom, Face> = places.colour.iter().map(|(f, a)| (*a, *f)).collect();
    let solved = Cube::solved_n(n);
    let mut stickers: Vec<Option<Face>> = vec![None; 6 * n * n];
    for &(j, s) in &places.shows {
        let face = *face_of
            .get(&a[j])
            .ok_or_else(|| format!("{} is no colour of a {name} state", describe(a[j])))?;
        match stickers[s] {
            Some(f) if f != face => {
                return Err(format!(
                    "one sticker is shown twice, in two colours ({name})"
                ));
            }
            _ => stickers[s] = Some(face),
        }
    }
    let stickers: Vec<Face> = stickers
        .iter()
        .zip(solved.stickers())
        .map(|(s, home)| s.unwrap_or(*home))
        .collect();
    let cube = Cube::from_stickers(n, stickers).map_err(|e| format!("not a cube: {e}"))?;
    match kind.build(&cube) {
        Ok(rep) if rep.apl_value() == *value => Ok(cube),
        _ => Err(format!("not a {name} state: no cube gives this array")),
    }
}

fn describe(a: Atom) -> String {
    match a {
        Atom::Char(c) => format!("'{c}'"),
        Atom::Digit(d) => format!("the digit {d}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_representation_at_every_size_it_holds_reads_back_its_random_states() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for kind in RepKind::ALL {
            for n in kind.sizes().filter(|n| *n <= 5) {
                for _ in 0..20 {
                    let mut cube = Cube::solved_n(n);
                    cube.apply_all(&random_moves(kind, n, 40, &mut rng))
                        .unwrap();
                    let value = kind.build(&cube).unwrap().apl_value();
                    let read = cube_of(kind, n, &value);
                    assert_eq!(read, Ok(cube), "{} {n}", kind.name());
                }
            }
        }
    }

    #[test]
    fn an_array_that_is_no_state_is_refused_with_the_reason() {
        let cube = Cube::solved();
        let value = RepKind::Local.build(&cube).unwrap().apl_value();
        // A letter that is no colour.
        let mut broken = value.clone();
        broken.0[[0usize, 0, 0].as_slice()] = Elem::Char('Q');
        assert_eq!(
            cube_of(RepKind::Local, 3, &broken).unwrap_err(),
            "'Q' is no colour of a local state"
        );
        // Two stickers of different colours swapped: an impossible cube, but the local
        // array holds any stickers, as `load` does.
        let mut swapped = value.clone();
        let (a, b) = ([0usize, 0, 0], [1usize, 0, 0]);
        let x = swapped.0[a.as_slice()].clone();
        swapped.0[a.as_slice()] = swapped.0[b.as_slice()].clone();
        swapped.0[b.as_slice()] = x;
        assert!(cube_of(RepKind::Local, 3, &swapped).is_ok());
        let wrong_shape = Value::vector(vec![Elem::Num(1.0)]);
        assert!(
            cube_of(RepKind::Local, 3, &wrong_shape)
                .unwrap_err()
                .contains("shape")
        );
    }
}
