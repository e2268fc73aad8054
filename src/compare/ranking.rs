//! Ranks: the paper's, and those drawn from the measurements — equal where the spreads of
//! the timings overlap — and the paper's "General", measured.

use std::ops::RangeInclusive;

use super::source_lines::general_lines;
use super::timing::{Measure, Timing};
use crate::rep::RepKind;

/// The paper's ranks, from its comparison table (1 best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperRanks {
    /// How much of the cube it captures.
    pub complete: u8,
    /// How well it generalises to other puzzles.
    pub general: u8,
    /// How easy the definitions are to understand.
    pub simple: u8,
    /// How brief the definitions are.
    pub concise: u8,
    /// How suitable for viewing.
    pub display: u8,
    /// Potential for insight.
    pub insight: u8,
    /// Storage.
    pub space: u8,
    /// Time to make quarter-turns.
    pub speed: u8,
}

/// The criteria, in the paper's column order.
pub const CRITERIA: [&str; 8] = [
    "Complete", "General", "Simple", "Concise", "Display", "Insight", "Space", "Speed",
];

/// The criteria this workbench measures; the others stay the paper's judgement alone.
pub const MEASURED: [&str; 5] = ["Complete", "General", "Concise", "Space", "Speed"];

impl PaperRanks {
    /// The paper's table, row by row.
    pub fn of(kind: RepKind) -> PaperRanks {
        let r = match kind {
            RepKind::Numeric => [1, 7, 7, 3, 4, 2, 3, 6],
            RepKind::Local => [4, 3, 3, 6, 3, 5, 2, 5],
            RepKind::Composite => [6, 6, 2, 4, 5, 6, 4, 2],
            RepKind::Visual => [5, 4, 4, 7, 1, 5, 6, 3],
            RepKind::Vector => [4, 1, 1, 5, 6, 7, 1, 1],
            RepKind::FourD => [1, 5, 6, 1, 7, 4, 5, 4],
            RepKind::Nested => [1, 2, 5, 2, 2, 1, 7, 7],
        };
        PaperRanks {
            complete: r[0],
            general: r[1],
            simple: r[2],
            concise: r[3],
            display: r[4],
            insight: r[5],
            space: r[6],
            speed: r[7],
        }
    }

    /// The ranks in column order.
    pub fn as_array(&self) -> [u8; 8] {
        [
            self.complete,
            self.general,
            self.simple,
            self.concise,
            self.display,
            self.insight,
            self.space,
            self.speed,
        ]
    }
}

/// Standard competition ranks ("1224"): 1 for the best key, ties share a rank. Smaller keys
/// are better.
///
/// ```
/// use cubework::compare::ranks;
/// assert_eq!(ranks(&[54.0, 54.0, 60.0, 121.0]), vec![1, 1, 3, 4]);
/// ```
pub fn ranks(keys: &[f64]) -> Vec<u8> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|&&o| o < *k).count() as u8)
        .collect()
}

/// Ranks of timings (faster is better) that stay equal where spreads overlap: each is 1 plus
/// the number of others whose whole spread (quartile to quartile) lies below its own.
///
/// ```
/// use cubework::compare::{spread_ranks, Timing};
/// let t = |low, median, high| Timing { rounds: vec![], median, low, high };
/// let times = [t(10.0, 11.0, 12.0), t(11.5, 12.0, 13.0), t(20.0, 21.0, 22.0)];
/// assert_eq!(spread_ranks(&times.iter().collect::<Vec<_>>()), vec![1, 1, 3]);
/// ```
pub fn spread_ranks(timings: &[&Timing]) -> Vec<u8> {
    timings
        .iter()
        .map(|t| 1 + timings.iter().filter(|o| o.high < t.low).count() as u8)
        .collect()
}

/// Whether `ranks` are ranks as [`spread_ranks`] gives them: each from 1 to their number, and a
/// rank r means at least r − 1 others rank better (those whose quartile range lies wholly
/// below); without ties, a permutation of 1..=n. What a table of spread ranks is checked by.
pub fn are_spread_ranks(ranks: &[u8]) -> bool {
    ranks.iter().all(|&r| {
        (1..=ranks.len()).contains(&(r as usize))
            && ranks.iter().filter(|&&o| o < r).count() >= r as usize - 1
    })
}

/// How far a representation generalises, measured: plain data, for tables and charts.
#[derive(Clone, Debug, PartialEq)]
pub struct General {
    /// Which representation.
    pub kind: RepKind,
    /// The cube sizes it holds.
    pub sizes: RangeInclusive<usize>,
    /// Lines of move definitions its N×N×N form needs beyond the 3×3×3's.
    pub extra_lines: usize,
    /// How its bytes of state grow: the exponent k of `bytes ∝ Nᵏ`, from its largest two
    /// sizes measured.
    pub bytes_growth: u32,
    /// How its as-defined turn time grows: the least-squares exponent k of `ns ∝ Nᵏ` over the
    /// sizes measured.
    pub time_growth: f64,
    /// How its compiled turn time grows, likewise.
    pub compiled_growth: f64,
    /// How many sizes were measured: growth is fitted only from three or more (two points
    /// fit any exponent).
    pub sizes_measured: usize,
}

/// The least-squares slope of `ln y` against `ln x`.
pub(super) fn growth(points: &[(usize, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|&&(_, y)| y > 0.0)
        .map(|&(x, y)| ((x as f64).ln(), y.ln()))
        .collect();
    let count = logs.len() as f64;
    if logs.len() < 2 {
        return 0.0;
    }
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / count,
        logs.iter().map(|p| p.1).sum::<f64>() / count,
    );
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx == 0.0 { 0.0 } else { sxy / sxx }
}

/// The General measure of every representation in `sweep` (measures across sizes, as
/// [`measure_sizes`](super::timing::measure_sizes) gives), in the paper's order.
pub fn general(sweep: &[Measure]) -> Vec<General> {
    RepKind::ALL
        .into_iter()
        .filter(|&k| sweep.iter().any(|m| m.kind == k))
        .map(|kind| {
            let mut mine: Vec<&Measure> = sweep.iter().filter(|m| m.kind == kind).collect();
            mine.sort_by_key(|m| m.n);
            let bytes_growth = match mine.as_slice() {
                [.., a, b] => ((b.bytes as f64 / a.bytes as f64).ln()
                    / (b.n as f64 / a.n as f64).ln())
                .round()
                .max(0.0) as u32,
                _ => 0,
            };
            General {
                kind,
                sizes_measured: mine.len(),
                sizes: kind.sizes(),
                extra_lines: general_lines(kind),
                bytes_growth,
                time_growth: growth(
                    &mine
                        .iter()
                        .map(|m| (m.n, m.defined.median))
                        .collect::<Vec<_>>(),
                ),
                compiled_growth: growth(
                    &mine
                        .iter()
                        .map(|m| (m.n, m.compiled.median))
                        .collect::<Vec<_>>(),
                ),
            }
        })
        .collect()
}

/// Measured General ranks: by the sizes held (more is better), then the extra lines of move
/// definitions (fewer), then how bytes grow with N (slower). All three are counted, not timed,
/// so the ranks are the same on every run; time growth is shown beside them.
pub fn general_ranks(general: &[General]) -> Vec<u8> {
    let key = |g: &General| {
        (
            usize::MAX - g.sizes.clone().count(),
            g.extra_lines,
            g.bytes_growth,
        )
    };
    general
        .iter()
        .map(|g| 1 + general.iter().filter(|o| key(o) < key(g)).count() as u8)
        .collect()
}
