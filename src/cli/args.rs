//! The argument groups several subcommands share (pulled in with `#[command(flatten)]`), the
//! values `--method`, `--size` and the like take, and the readers that check them as clap
//! parses.

use clap::{Args, ValueEnum};

use crate::answer::error::{Error, Result};
use crate::sequence::alg::Alg;
use crate::sequence::input::Input;
use crate::sequence::parser::parse_sequence;
use crate::solve::Method;
use crate::state::cube::Cube;
use crate::turn::metric::Metric;
use crate::turn::notation::Notation;

/// `--size N`, the cube size most commands take.
#[derive(Debug, Args)]
pub struct SizeArg {
    /// Cube size N (2 to 9).
    #[arg(long, default_value_t = 3, allow_negative_numbers = true, value_parser = size_arg)]
    pub size: usize,
}

/// `--notation`, the notation the moves after it are read in.
#[derive(Debug, Args)]
pub struct NotationArg {
    /// Notation of ALG.
    #[arg(long, value_enum, default_value_t = Notation::Standard)]
    pub notation: Notation,
}

/// `--notation` and the sequence itself: what the algebra commands take.
#[derive(Debug, Args)]
pub struct SequenceArgs {
    #[command(flatten)]
    notation: NotationArg,
    /// The sequence.
    #[arg(required = true)]
    alg: Vec<String>,
}

impl SequenceArgs {
    /// The notation the sequence is written in.
    pub fn notation(&self) -> Notation {
        self.notation.notation
    }

    /// The sequence, read (its words joined by spaces).
    pub fn alg(&self) -> Result<Alg> {
        alg(&self.alg, self.notation())
    }
}

/// `--from FACELETS`, the state a command starts from.
#[derive(Debug, Args)]
pub struct FromArg {
    /// Start from this facelet string (URFDLB order) instead of solved.
    #[arg(long, value_name = "FACELETS")]
    pub from: Option<String>,
}

/// `--colours paper|wca`, the colour scheme of what a command shows or draws.
#[derive(Debug, Args)]
pub struct ColoursArg {
    /// Colours to show and draw in: paper (white up, orange front, yellow right; the default)
    /// or wca (white up, green front, red right). Default: CUBEWORK_COLOURS, else the REPL's
    /// last `colours` choice, else paper.
    #[arg(long, value_enum, value_name = "SCHEME")]
    colours: Option<crate::turn::face::Scheme>,
}

impl ColoursArg {
    /// The scheme chosen: the flag, else the environment or the kept setting, else the paper's.
    pub fn scheme(&self) -> Result<crate::turn::face::Scheme> {
        crate::cli::config::chosen_colours(self.colours)
    }
}

/// Words given as one sequence, read in `notation`.
pub fn alg(words: &[String], notation: Notation) -> Result<Alg> {
    Ok(Alg::parse(&words.join(" "), notation)?)
}

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
        let help = match self {
            Method::TwoPhase => {
                "Kociemba's two-phase method: any cube in milliseconds, in at most --max-length moves"
            }
            Method::Bfs => {
                "Breadth-first from both ends: a shortest solution, within the depth limit"
            }
            Method::Beginner => {
                "The layer-by-layer method a person learns: seven named stages, a line each"
            }
            Method::Optimal => {
                "IDA* with a large pruning table: a proven-shortest solution of any cube, on every core (seconds to a minute or two for a random cube; --time-limit stops it with what it has proven)"
            }
            // Two-phase on a 4×4×4 to 9×9×9 is the reduction.
            Method::Pocket | Method::Reduction => return None,
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// The optimal solver's tables, by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OptimalSize {
    /// Reid's table: the E-slice edges' slots (52 MB).
    Small,
    /// Kociemba's larger table: the E-slice edges' slots and order (910 MB).
    Medium,
    /// The E-slice edges' slots and the U-layer corners' slots (2.7 GB).
    Large,
    /// The E-slice edges' slots and order, the U-layer corners' slots, and the flips of the U
    /// and D edges only (7.6 GB).
    Huge,
}

impl OptimalSize {
    /// The table's slice coordinate.
    pub fn kind(self) -> crate::solve::table::optimal_table::SliceKind {
        use crate::solve::table::optimal_table::SliceKind;
        match self {
            OptimalSize::Small => SliceKind::Position,
            OptimalSize::Medium => SliceKind::Sorted,
            OptimalSize::Large => SliceKind::Corners,
            OptimalSize::Huge => SliceKind::SortedCorners,
        }
    }
}

/// Output of `pocket table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum PocketFormat {
    /// A table for the terminal.
    #[default]
    Table,
    /// `depth,count` rows.
    Csv,
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

/// `cubework scramble`'s first word: a number of turns, or `random` (the REPL's spelling of
/// --random-state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnsOrRandom {
    /// This many turns.
    Turns(usize),
    /// A state drawn uniformly from all of them.
    Random,
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

/// A range of cube sizes, as `--sizes` reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeRange(pub std::ops::RangeInclusive<usize>);

/// `--sizes A..B`: see [`crate::compare::parse_sizes`].
pub fn sizes_arg(s: &str) -> std::result::Result<SizeRange, String> {
    crate::compare::parse_sizes(s).map(SizeRange)
}

/// A number of quarter-turns to time, 1 to [`crate::compare::MAX_TURNS`].
pub fn turns_arg(s: &str) -> std::result::Result<u32, String> {
    one_to(s, crate::compare::MAX_TURNS as u64).map(|n| n as u32)
}

/// What the user gave as a state: a facelet string (colour letters read in `scheme`), or
/// moves (sequence algebra allowed).
pub fn input(
    facelets: Option<String>,
    alg: &[String],
    notation: Notation,
    scheme: crate::turn::face::Scheme,
) -> Result<Input> {
    Ok(match facelets {
        Some(s) => Input::Facelets(s, scheme),
        None if alg.iter().all(|a| a.trim().is_empty()) => {
            return Err(Error::Usage(
                "which cube? give the moves that make it (e.g. \"R U F'\") or --facelets S".into(),
            ));
        }
        None => Input::Moves(parse_sequence(&alg.join(" "), notation)?),
    })
}
