//! How moves are counted: the half-turn, quarter-turn and slice-turn metrics.

use std::fmt;
use std::str::FromStr;

/// How the length of a move sequence is counted.
///
/// ```
/// use cubework::turn::metric::Metric;
/// let m: Metric = "qtm".parse().unwrap();
/// assert_eq!(m, Metric::Qtm);
/// assert_eq!(Metric::Htm.to_string(), "HTM");
/// assert_eq!(Metric::Htm.title(), "half-turn metric");
/// assert!("ftm".parse::<Metric>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Metric {
    /// Half-turn (face-turn) metric: any turn of an outer block counts 1, an inner slice 2
    /// (it is two outer turns), a whole-cube rotation 0.
    #[default]
    Htm,
    /// Quarter-turn metric: as HTM, but a half-turn counts twice.
    Qtm,
    /// Slice-turn metric: any turn of one block counts 1, whether outer or inner; rotations 0.
    Stm,
}

/// A metric name that is not `htm`, `qtm` or `stm`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown metric '{}' (expected htm, qtm or stm)", crate::base::text::echo(.0))]
pub struct UnknownMetric(pub String);

impl Metric {
    /// The metrics the solvers search in (they turn outer faces only), quarter-turn first.
    pub const SEARCHED: [Metric; 2] = [Metric::Qtm, Metric::Htm];

    /// The short name used on the command line: `htm`, `qtm` or `stm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
            Metric::Stm => "stm",
        }
    }

    /// The metric in words.
    pub fn title(self) -> &'static str {
        match self {
            Metric::Htm => "half-turn metric",
            Metric::Qtm => "quarter-turn metric",
            Metric::Stm => "slice-turn metric",
        }
    }

    /// Whether a face turn of `quarters` quarter-turns (1, 2 or 3) is one move in this metric.
    pub fn allows(self, quarters: u8) -> bool {
        match self {
            Metric::Qtm => quarters == 1 || quarters == 3,
            Metric::Htm | Metric::Stm => (1..=3).contains(&quarters),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Htm => "HTM",
            Metric::Qtm => "QTM",
            Metric::Stm => "STM",
        })
    }
}

impl FromStr for Metric {
    type Err = UnknownMetric;
    fn from_str(s: &str) -> Result<Metric, UnknownMetric> {
        match s.trim().to_ascii_lowercase().as_str() {
            "qtm" | "quarter" => Ok(Metric::Qtm),
            "htm" | "half" => Ok(Metric::Htm),
            "stm" | "slice" => Ok(Metric::Stm),
            other => Err(UnknownMetric(other.to_string())),
        }
    }
}
