//! Solving many cubes at once: `cubework solve --batch FILE` reads one state a line and
//! writes one solution a line, in the same order, each found by [`crate::solve::solve`] with
//! the [`Job`]'s method and limits.
//!
//! A line is read by [`crate::input::read_state`]: a facelet string if it is shaped like one
//! (face or colour letters, about 54 of them: a near miss is named, not read as moves), and
//! otherwise a move sequence from solved (sequence algebra allowed); blank lines
//! and lines starting with `#` are skipped. A line that leaves a bracket open goes on with the
//! next lines while they read as moves (a blank line, a `#` line or a facelet-shaped line ends
//! it, as an error naming the bracket), so a pasted multi-line algorithm is one state and a
//! typo loses no state after it. A line that cannot be read or solved is reported on
//! the error stream as `cubework: line N: …` and gets no output line; the rest are still
//! solved. Lines are read as [`crate::lines`] reads them: one that is not UTF-8 is such an
//! error, one longer than 1 MiB or holding a NUL byte (binary input) ends the batch there.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use crate::alg::format_in;
use crate::error::{Error, Result};
use crate::input::Input;
use crate::lines::{Joiner, Lines};
use crate::metric::Metric;
use crate::parser::{Notation, ParseErrorKind, unclosed_bracket};
use crate::solve::{Limits, Method, Progress, SolveError};

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
    /// The line whose solve Ctrl-C stopped, which ended the batch there.
    pub stopped: Option<usize>,
    /// How many of the solved states have an answer that a search set out to prove shortest
    /// but did not (the optimal search stopped at its time limit): the best found.
    pub unproven: usize,
}

/// What a batch does with each line: the method and limits it solves by, the notation lines
/// are read and answers written in, who hears the solves' progress, and what to say after a
/// line's error (a front end's advice; [`no_advice`] for none).
pub struct Job<'a> {
    /// The method.
    pub method: Method,
    /// Its limits, and the metric the summary counts in.
    pub limits: Limits,
    /// The notation of the lines and of the answers.
    pub notation: Notation,
    /// Who hears how each solve goes (tables loaded, searches).
    pub progress: Progress<'a>,
    /// A line's error as reported: the front end's advice added.
    pub advise: &'a dyn Fn(Error) -> Error,
}

/// An error as it is: no advice added.
pub fn no_advice(e: Error) -> Error {
    e
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
        // A sum from 0.0, not `sum()`: an empty `f64` sum is -0.0, printed "-0.000".
        let total = self
            .times
            .iter()
            .fold(0.0, |total, d| total + d.as_secs_f64() * 1e3);
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
        if self.unproven > 0 {
            write!(
                f,
                " ({} proven shortest, {} the best found, not proven)",
                self.solved - self.unproven,
                self.unproven
            )?;
        }
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

/// How a batch line names a state (a 3×3×3): a facelet string if it is shaped like one, else
/// moves ([`crate::input::read_state`]).
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
    read_state_of(line, 3, notation)
}

/// [`read_state`] for a cube of size `n`.
fn read_state_of(line: &str, n: usize, notation: Notation) -> Result<Input> {
    Ok(crate::input::read_state(line, n, notation)?)
}

/// Whether `line` is shaped like a facelet string of size `n` (the one test [`read_state`]
/// uses): a state of its own, never the rest of a sequence whose bracket a line before left
/// open.
fn is_facelets(line: &str, n: usize) -> bool {
    crate::cube::Cube::is_facelet_shaped(line.trim(), n)
}

/// Solves every state in `input` as `job` says, writing one solution a line to `out`
/// (flushed line by line; an empty line for a state that needs no moves) and one line a
/// failure to `errors` (whose own write errors are ignored: there is no one left to tell). An
/// answer a search set out to prove shortest but did not is written all the same, with a line
/// on `errors` saying what was proven. The method's tables are loaded before the first line,
/// and its limits checked (an error then is the batch's). Ctrl-C ([`crate::cancel`]) during
/// a solve ends the batch there, with `cubework: line N: stopped by Ctrl-C` and
/// [`Summary::stopped`]. Fails otherwise only when writing `out` fails.
///
/// ```
/// use cubework::batch::{Job, no_advice, run};
/// use cubework::solve::{Limits, Method, Progress};
/// use cubework::Notation;
/// let input = "R U\n\nQ\n# a comment\nF2\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let job = Job {
///     method: Method::Beginner,
///     limits: Limits::default(),
///     notation: Notation::Standard,
///     progress: Progress::none(),
///     advise: &no_advice,
/// };
/// let summary = run(input.as_bytes(), &mut out, &mut err, &job).unwrap();
/// assert_eq!((summary.solved, summary.failed), (2, 1));
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// assert_eq!(String::from_utf8(err).unwrap(), "cubework: line 3: unknown move 'Q' at column 1\n");
/// ```
pub fn run(
    input: impl BufRead,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    job: &Job,
) -> Result<Summary> {
    let notation = job.notation;
    let n = job.method.size();
    crate::solve::shared::prepare(job.method, &job.limits, &job.progress)?;
    let mut summary = Summary {
        metric: job.limits.metric,
        ..Summary::default()
    };
    // A bracket left open goes on to the next lines while they read as moves: an empty line,
    // a note or a facelet string ends the statement, as an error naming the bracket.
    let joiner = Joiner::new(crate::parser::bracket_balance, |line: &str| {
        !is_facelets(line, n)
    });
    for read in crate::lines::statements(Lines::new(input), joiner) {
        let (number, line) = match read {
            Ok(statement) if statement.open => {
                // The open bracket is the error, unless the text goes wrong before it.
                let first = match read_state_of(&statement.text, n, notation) {
                    Err(e)
                        if e.parse_error()
                            .is_some_and(|p| p.kind != ParseErrorKind::Unclosed) =>
                    {
                        None
                    }
                    _ => unclosed_bracket(&statement.text, notation),
                };
                if let Some((index, e)) = first {
                    summary.failed += 1;
                    let _ = writeln!(errors, "cubework: line {}: {e}", statement.line + index);
                    continue;
                }
                (statement.line, statement.text)
            }
            Ok(statement) => (statement.line, statement.text),
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
        let solved = read_state_of(text, n, notation).and_then(|state| {
            let cube = state.to_cube(n).map_err(SolveError::from)?;
            Ok(crate::solve::solve(
                &cube,
                job.method,
                &job.limits,
                &job.progress,
            )?)
        });
        if crate::cancel::requested() {
            // Whatever the solver made of a stopped search, this line has no answer; the
            // lines before it were written as they were found.
            summary.stopped = Some(number);
            let _ = writeln!(errors, "cubework: line {number}: stopped by Ctrl-C");
            break;
        }
        match solved {
            Ok(solution) => {
                summary.times.push(start.elapsed());
                summary.solved += 1;
                if let Some(why) = crate::solve::solution_text::unproven_note(&solution) {
                    summary.unproven += 1;
                    let _ = writeln!(errors, "cubework: line {number}: {why}");
                }
                summary.lengths.push(solution.length());
                writeln!(out, "{}", format_in(&solution.moves, notation))?;
                // Each answer out as soon as it is found: a batch stopped by Ctrl-C or killed
                // keeps every line it finished.
                out.flush()?;
            }
            Err(e) => {
                summary.failed += 1;
                let _ = writeln!(errors, "cubework: line {number}: {}", (job.advise)(e));
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
        let job = Job {
            method: Method::Beginner,
            limits: Limits::default(),
            notation: Notation::Standard,
            progress: Progress::none(),
            advise: &no_advice,
        };
        let summary = run(input, &mut out, &mut err, &job).unwrap();
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
            stopped: None,
            unproven: 0,
        };
        assert_eq!(s.median_ms(), 2.0);
        assert_eq!(s.mean_ms(), 2.0);
        assert_eq!(s.mean_length(), 110.0);
        assert_eq!(
            s.to_string(),
            "3 states solved, 1 failed; median 2.000 ms, mean 2.000 ms a solve; mean length 110.00 moves (half-turn metric)"
        );
        assert_eq!(Summary::default().median_ms(), 0.0);
        let unproven = Summary { unproven: 1, ..s };
        assert_eq!(
            unproven.to_string(),
            "3 states solved (2 proven shortest, 1 the best found, not proven), 1 failed; median 2.000 ms, mean 2.000 ms a solve; mean length 110.00 moves (half-turn metric)"
        );
    }

    #[test]
    fn a_batch_with_nothing_solved_has_a_mean_of_zero_never_minus_zero() {
        let none = Summary {
            failed: 1,
            ..Summary::default()
        };
        assert!(none.mean_ms().is_sign_positive() && none.mean_length().is_sign_positive());
        assert_eq!(
            none.to_string(),
            "0 states solved, 1 failed; median 0.000 ms, mean 0.000 ms a solve; mean length 0.00 moves (half-turn metric)"
        );
    }
}
