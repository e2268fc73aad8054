//! `?`, roll and deal, from the workspace's own generator: seeded by `⎕RL` (16807 in a new
//! workspace, as in APL2 and Dyalog), so that `⎕RL←7` then the same lines give the same
//! numbers, in every session and on every machine (ChaCha8, as the workbench's scrambles). A
//! roll draws as the workbench's RANDOM (`tools::random`) draws an index, so that after `⎕RL←s`
//! the paper's RANDOM (`ω[?α⍴⍴ω]`) picks what `tools::random` picks from seed `s`.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::value::{Elem, Value};

/// The seed a new workspace starts from.
pub const DEFAULT_SEED: u64 = 16807;

/// The workspace's generator and the seed it was last given.
#[derive(Clone, Debug)]
pub(crate) struct Random {
    pub(crate) seed: u64,
    pub(crate) rng: ChaCha8Rng,
}

impl Default for Random {
    fn default() -> Random {
        Random::seeded(DEFAULT_SEED)
    }
}

impl Random {
    pub(crate) fn seeded(seed: u64) -> Random {
        Random {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

fn whole(e: &Elem, what: &str) -> Result<u64, AplError> {
    match e {
        Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= 9.0e15 => Ok(*n as u64),
        _ => err(
            ErrorKind::Domain,
            format!("{what} is a whole number, 0 or more"),
        ),
    }
}

/// `?⍵` (each item a random integer from 1 to it; 0 gives a number in (0,1)) or `⍺?⍵` (`⍺`
/// distinct integers from 1 to `⍵`, in random order).
pub(crate) fn roll_or_deal(
    random: &mut Random,
    left: Option<Value>,
    right: Value,
) -> Result<Value, AplError> {
    let rng = &mut random.rng;
    match left {
        None => {
            let mut out = Vec::with_capacity(right.0.len());
            for e in right.0.iter() {
                let n = whole(e, "the argument of ?")?;
                // An index drawn as the workbench's RANDOM draws one (`tools::random`), so
                // that `⎕RL←s` then the paper's RANDOM picks what it picks from seed `s`.
                out.push(Elem::Num(match usize::try_from(n) {
                    Ok(0) => rng.random::<f64>(),
                    Ok(n) => (rng.random_range(0..n) + origin()) as f64,
                    Err(_) => (rng.random_range(0..n) + origin() as u64) as f64,
                }));
            }
            Ok(Value(
                ndarray::ArrayD::from_shape_vec(right.0.raw_dim(), out).expect("same shape"),
            ))
        }
        Some(a) => {
            let (Some(k), Some(n), 1, 1) = (
                a.0.iter().next(),
                right.0.iter().next(),
                a.0.len(),
                right.0.len(),
            ) else {
                return err(ErrorKind::Length, "deal takes one number on each side");
            };
            let (k, n) = (
                whole(k, "the left argument of ?")?,
                whole(n, "the right argument of ?")?,
            );
            if k > n {
                return err(ErrorKind::Domain, format!("{k} distinct numbers from {n}"));
            }
            super::args::check_count(k)?;
            // A partial Fisher–Yates shuffle over the numbers drawn so far.
            let mut moved: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
            let mut out = Vec::with_capacity(k as usize);
            for i in 0..k {
                let j = rng.random_range(i..n);
                let at_j = *moved.get(&j).unwrap_or(&j);
                let at_i = *moved.get(&i).unwrap_or(&i);
                moved.insert(j, at_i);
                out.push(Elem::Num((at_j + origin() as u64) as f64));
            }
            Ok(Value::vector(out))
        }
    }
}
