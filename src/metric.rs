//! How moves are counted: the quarter-turn metric (a half-turn is two moves) or the half-turn
//! metric (a half-turn is one move).

use std::fmt;
use std::str::FromStr;

/// How the length of a solution is counted.
///
/// ```
/// use cubework::metric::Metric;
/// let m: Metric = "qtm".parse().unwrap();
/// assert_eq!(m, Metric::Quarter);
/// assert_eq!(Metric::Half.to_string(), "htm");
/// assert_eq!(Metric::Half.title(), "half-turn metric");
/// assert!("ftm".parse::<Metric>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum Metric {
    /// Quarter-turn metric: each face may turn a quarter either way; a half-turn costs two.
    #[value(name = "qtm")]
    Quarter,
    /// Half-turn metric: quarter-turns and half-turns each cost one.
    #[default]
    #[value(name = "htm")]
    Half,
}

/// A metric name that is neither `qtm` nor `htm`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown metric '{0}' (expected qtm or htm)")]
pub struct UnknownMetric(pub String);

impl Metric {
    /// Both metrics, quarter-turn first.
    pub const ALL: [Metric; 2] = [Metric::Quarter, Metric::Half];

    /// The short name used on the command line: `qtm` or `htm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Quarter => "qtm",
            Metric::Half => "htm",
        }
    }

    /// The metric in words.
    pub fn title(self) -> &'static str {
        match self {
            Metric::Quarter => "quarter-turn metric",
            Metric::Half => "half-turn metric",
        }
    }

    /// Whether a turn of `quarters` quarter-turns (1, 2 or 3) is one move in this metric.
    pub fn allows(self, quarters: u8) -> bool {
        match self {
            Metric::Quarter => quarters == 1 || quarters == 3,
            Metric::Half => (1..=3).contains(&quarters),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = UnknownMetric;
    fn from_str(s: &str) -> Result<Metric, UnknownMetric> {
        match s.trim().to_ascii_lowercase().as_str() {
            "qtm" | "quarter" => Ok(Metric::Quarter),
            "htm" | "half" => Ok(Metric::Half),
            other => Err(UnknownMetric(other.to_string())),
        }
    }
}
