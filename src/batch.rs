//! Solving many cubes at once: `cubework solve --batch FILE` reads one state a line and
//! writes one solution a line, in the same order. Any solver fits: it is handed each state as
//! an [`Input`] and gives back its moves.
//!
//! A line is a 54-letter facelet string if it is one (54 letters of `U R F D L B` and nothing
//! else), and otherwise a move sequence from solved (sequence algebra allowed); blank lines
//! and lines starting with `#` are skipped. A line that cannot be read or solved is reported on
//! the error stream as `cubework: line N: …` and gets no output line; the rest are still
//! solved. Lines are read as [`crate::lines`] reads them: one that is not UTF-8 is such an
//! error, one longer than 1 MiB or holding a NUL byte (binary input) ends the batch there.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use crate::alg::move_cost;
use crate::error::Result;
use crate::input::Input;
use crate::lines::Lines;
use crate::metric::Metric;
use crate::moves::Move;
use crate::moves::format_moves;
use crate::parser::{Notation, parse_sequence};

/// What a batch did: how many states were solved or failed, how long each solve took, and
/// the solutions' lengths.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// States solved.
    pub solved: usize,
    /// Lines that could not be read or solved.
    pub failed: usize,
    /// Time of each solve (reading the line included).
    pub times: Vec<Duration>,
    /// Length of each solution.
    pub lengths: Vec<u64>,
    /// The metric the lengths are counted in.
    pub metric: Metric,
}

impl Summary {
    /// The median time a solve, in milliseconds.
    pub fn median_ms(&self) -> f64 {
        let mut t: Vec<f64> = self.times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        t.sort_by(f64::total_cmp);
        match t.len() {
            0 => 0.0,
            n if n % 2 == 1 => t[n / 2],
            n => (t[n / 2 - 1] + t[n / 2]) / 2.0,
        }
    }

    /// The mean time a solve, in milliseconds.
    pub fn mean_ms(&self) -> f64 {
        let total: f64 = self.times.iter().map(|d| d.as_secs_f64() * 1e3).sum();
        total / self.times.len().max(1) as f64
    }

    /// The mean solution length.
    pub fn mean_length(&self) -> f64 {
        self.lengths.iter().sum::<u64>() as f64 / self.lengths.len().max(1) as f64
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} solved",
            self.solved,
            if self.solved == 1 { "state" } else { "states" }
        )?;
        if self.failed > 0 {
            write!(f, ", {} failed", self.failed)?;
        }
        write!(
            f,
            "; median {:.3} ms, mean {:.3} ms a solve; mean length {:.2} moves ({})",
            self.median_ms(),
            self.mean_ms(),
            self.mean_length(),
            self.metric.title()
        )
    }
}

/// How a batch line names a state: a facelet string if it is exactly one, else moves.
///
/// ```
/// use cubework::batch::read_state;
/// use cubework::input::Input;
/// use cubework::Notation;
/// let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
/// assert_eq!(read_state(solved, Notation::Standard).unwrap(), Input::Facelets(solved.into()));
/// assert!(matches!(read_state("R U R'", Notation::Standard).unwrap(), Input::Moves(_)));
/// ```
pub fn read_state(line: &str, notation: Notation) -> Result<Input> {
    let line = line.trim();
    if line.chars().count() == 54 && line.chars().all(|c| "URFDLB".contains(c)) {
        Ok(Input::Facelets(line.to_string()))
    } else {
        Ok(Input::Moves(parse_sequence(line, notation)?))
    }
}

/// Solves every state in `input` with `solve`, writing one solution a line to `out` and one
/// line a failure to `errors` (whose own write errors are ignored: there is no one left to
/// tell). Fails only when writing `out` fails.
///
/// ```
/// use cubework::batch::run;
/// use cubework::metric::Metric;
/// use cubework::Notation;
/// let input = "R U\n\nQ\n# a comment\nF2\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let summary = run(input.as_bytes(), &mut out, &mut err, Notation::Standard, Metric::Htm,
///     &mut |state| Ok(cubework::beginner::solve_input(state)?.1.simplified())).unwrap();
/// assert_eq!((summary.solved, summary.failed), (2, 1));
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// assert_eq!(String::from_utf8(err).unwrap(), "cubework: line 3: unknown move 'Q' at column 1\n");
/// ```
pub fn run(
    input: impl BufRead,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    notation: Notation,
    metric: Metric,
    solve: &mut dyn FnMut(&Input) -> Result<Vec<Move>>,
) -> Result<Summary> {
    let mut summary = Summary {
        metric,
        ..Summary::default()
    };
    for read in crate::lines::statements(Lines::new(input), crate::parser::is_incomplete) {
        let (number, line) = match read {
            Ok(numbered) => numbered,
            Err(e) => {
                summary.failed += 1;
                let _ = writeln!(errors, "cubework: {e}");
                if e.is_recoverable() {
                    continue;
                }
                break;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let start = Instant::now();
        match read_state(text, notation).and_then(|state| solve(&state)) {
            Ok(moves) => {
                summary.times.push(start.elapsed());
                summary.solved += 1;
                summary
                    .lengths
                    .push(moves.iter().map(|m| move_cost(m, metric)).sum());
                writeln!(
                    out,
                    "{}",
                    format_moves(&crate::tools::in_notation(&moves, notation))
                )?;
            }
            Err(e) => {
                summary.failed += 1;
                let _ = writeln!(errors, "cubework: line {number}: {e}");
            }
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreadable_lines_are_failures_and_reading_goes_on() {
        let input: &[u8] = b"R U\nbad \xFF\nF2\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let summary = run(
            input,
            &mut out,
            &mut err,
            Notation::Standard,
            Metric::Htm,
            &mut |_| Ok(Vec::new()),
        )
        .unwrap();
        assert_eq!((summary.solved, summary.failed), (2, 1));
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "cubework: line 2 is not UTF-8 text\n"
        );
    }

    #[test]
    fn summary_figures() {
        let s = Summary {
            solved: 3,
            failed: 1,
            times: [1, 3, 2].map(Duration::from_millis).to_vec(),
            lengths: vec![100, 110, 120],
            metric: Metric::Htm,
        };
        assert_eq!(s.median_ms(), 2.0);
        assert_eq!(s.mean_ms(), 2.0);
        assert_eq!(s.mean_length(), 110.0);
        assert_eq!(
            s.to_string(),
            "3 states solved, 1 failed; median 2.000 ms, mean 2.000 ms a solve; mean length 110.00 moves (half-turn metric)"
        );
        assert_eq!(Summary::default().median_ms(), 0.0);
    }
}
