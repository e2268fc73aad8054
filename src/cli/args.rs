//! The values `--method`, `--size` and the like take, and the readers that check them as
//! clap parses (the parsers [`Value`](crate::command::unit::Value)'s kinds map to).

use clap::ValueEnum;

use crate::command::solving::TurnsOrRandom;
use crate::solve::Method;
use crate::state::cube::Cube;
use crate::turn::metric::Metric;

/// `--method`'s values: the solving methods of the 3×3×3 (the 2×2×2's is `pocket solve`),
/// in the order `--help` lists them.
impl ValueEnum for Method {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Method::TwoPhase,
            Method::Bfs,
            Method::Beginner,
            Method::Optimal,
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        // Two-phase on a 4×4×4 to 9×9×9 is the reduction: neither it nor pocket is a value.
        (!matches!(self, Method::Pocket | Method::Reduction))
            .then(|| clap::builder::PossibleValue::new(self.name()).help(self.about()))
    }
}

/// The metrics the solvers search in, half-turn and quarter-turn (the slice-turn metric counts
/// moves they do not make), so that `--help` offers only what works.
pub fn searched_metric() -> impl clap::builder::TypedValueParser<Value = Metric> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["htm", "qtm"]).map(|s| match s.as_str() {
        "qtm" => Metric::Qtm,
        _ => Metric::Htm,
    })
}

/// A whole number, 0 or more, as the unsigned type `T`: one too large for it is said to be.
pub fn whole<T: std::str::FromStr>(s: &str) -> std::result::Result<T, String> {
    if s.trim().starts_with('-') {
        return Err("must be 0 or more".into());
    }
    let s = s.trim();
    s.parse().map_err(|_| {
        let digits = !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        if digits {
            format!(
                "{s} is too large (at most {})",
                max_of::<T>().unwrap_or_else(|| "smaller".into())
            )
        } else {
            "must be a whole number, 0 or more".into()
        }
    })
}

/// The largest value of `T` a whole number parses to, found by trying the limits of the
/// unsigned types, widest first.
fn max_of<T: std::str::FromStr>() -> Option<String> {
    [
        u64::MAX.to_string(),
        u32::MAX.to_string(),
        u16::MAX.to_string(),
        u8::MAX.to_string(),
    ]
    .into_iter()
    .find(|m| m.parse::<T>().is_ok())
}

/// A whole number of turns, or `random`.
pub fn turns_or_random(s: &str) -> std::result::Result<TurnsOrRandom, String> {
    if s.trim().eq_ignore_ascii_case("random") {
        return Ok(TurnsOrRandom::Random);
    }
    whole(s)
        .map(TurnsOrRandom::Turns)
        .map_err(|e: String| format!("{e}, or random"))
}

/// A number of seconds, more than 0 and at most an hour.
pub fn seconds_arg(s: &str) -> std::result::Result<std::time::Duration, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| "must be a number of seconds".to_string())?;
    if t > 0.0 && t <= 3600.0 {
        Ok(std::time::Duration::from_secs_f64(t))
    } else {
        Err("must be more than 0 and at most 3600".into())
    }
}

/// The most threads `--threads` takes.
pub const MAX_THREADS: usize = 64;

/// A whole number from 1 to `max`, or the reason it is not.
fn one_to(s: &str, max: u64) -> std::result::Result<u64, String> {
    use crate::base::text::{WholeError, thousands, whole_in};
    whole_in(s, 1, max).map_err(|e| match e {
        WholeError::NotANumber => format!("must be a whole number from 1 to {}", thousands(max)),
        WholeError::OutOfRange => format!("must be from 1 to {}", thousands(max)),
    })
}

/// A number of threads, 1 to [`MAX_THREADS`].
pub fn threads_arg(s: &str) -> std::result::Result<usize, String> {
    one_to(s, MAX_THREADS as u64).map(|n| n as usize)
}

/// A cube size, 2 to 9.
pub fn size_arg(s: &str) -> std::result::Result<usize, String> {
    Cube::read_size(s)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            format!(
                "must be a whole number from 2 to {}",
                crate::state::geometry::MAX_SIZE
            )
        })
}

/// `--sizes A..B`: see [`crate::compare::parse_sizes`].
pub fn sizes_arg(s: &str) -> std::result::Result<std::ops::RangeInclusive<usize>, String> {
    crate::compare::parse_sizes(s)
}

/// A number of quarter-turns to time, 1 to [`crate::compare::MAX_TURNS`].
pub fn turns_arg(s: &str) -> std::result::Result<usize, String> {
    one_to(s, crate::compare::MAX_TURNS as u64).map(|n| n as usize)
}
