//! The method's answers as text: `cubework solve --method beginner`, and the REPL's
//! `solve beginner`, `step` (its stage line) and `stage?`.

use std::fmt::Write as _;

use super::{BeginnerError, Stage, StageMoves};
use crate::sequence::alg::move_cost;
use crate::state::cube::Cube;
use crate::turn::face::Scheme;
use crate::turn::metric::Metric;
use crate::turn::moves::Move;
use crate::turn::moves::format_moves;
use crate::turn::notation::Notation;
use crate::turn::notation::in_notation;

/// Width of the stage-name column: the longest name in any colour scheme (`yellow corners
/// oriented` in the WCA's, where the text is recoloured after it is laid out), so that the
/// column after it lines up, and keeps its gap, in every scheme.
fn name_width() -> usize {
    Stage::ALL
        .into_iter()
        .flat_map(|stage| Scheme::ALL.map(|scheme| scheme.recolour(stage.name()).chars().count()))
        .max()
        .unwrap_or(0)
}

fn count(moves: &[Move], metric: Metric) -> u64 {
    moves.iter().map(|m| move_cost(m, metric)).sum()
}

/// A stage's moves as made (whole-cube turns included), in `notation`.
fn written(moves: &[Move], notation: Notation) -> String {
    if moves.is_empty() {
        "—".to_string()
    } else {
        format_moves(&in_notation(moves, notation))
    }
}

/// The closing lines: both lengths, then the simplified solution alone on the last line
/// (`answer`: from the cube as given, with the whole-cube turn that brings its centres home
/// first, if it needs one).
fn summary(
    out: &mut String,
    stages: &[StageMoves],
    answer: &[Move],
    metric: Metric,
    notation: Notation,
) {
    let made: u64 = stages.iter().map(|s| count(&s.moves, metric)).sum();
    let _ = writeln!(
        out,
        "{made} moves by stage, {} simplified (whole-cube turns folded in, cancelling moves merged), in the {}{}:",
        count(answer, metric),
        metric.title(),
        notation.in_words()
    );
    out.push_str(&format_moves(&in_notation(answer, notation)));
}

/// `cubework solve --method beginner`: one line a stage (its number and name, its length in
/// `metric`, its moves as made), then the lengths, then `answer` — the whole solution
/// simplified, from the cube as given — alone on the last line.
///
/// ```
/// use cubework::solve::search::beginner::{self, walkthrough::report};
/// use cubework::turn::metric::Metric;
/// let cube = cubework::sequence::input::Input::Alg("R U R' U'".into()).to_cube(3).unwrap();
/// let solution = beginner::solve(&cube).unwrap();
/// let text = report(&solution.stages, &solution.simplified(), Metric::Htm, cubework::Notation::Standard);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 9);
/// assert!(lines[0].starts_with("1. white cross"));
/// assert!(lines[6].starts_with("7. blue corners oriented"));
/// ```
pub fn report(
    stages: &[StageMoves],
    answer: &[Move],
    metric: Metric,
    notation: Notation,
) -> String {
    let mut out = String::new();
    let width = name_width();
    for s in stages {
        let _ = writeln!(
            out,
            "{}. {:<width$} {:>3}  {}",
            s.stage.number(),
            s.stage.name(),
            count(&s.moves, metric),
            written(&s.moves, notation)
        );
    }
    summary(&mut out, stages, answer, metric, notation);
    out
}

/// The REPL's `solve beginner`: each of `stages` (the method's, on `cube`) with its moves and
/// the cube after it, drawn by `render`; then the lengths and `answer`, the simplified
/// solution, on the last line.
pub fn walkthrough(
    cube: &Cube,
    stages: &[StageMoves],
    answer: &[Move],
    metric: Metric,
    notation: Notation,
    render: &dyn Fn(&Cube) -> String,
) -> Result<String, BeginnerError> {
    let mut now = cube.clone();
    let mut out = String::new();
    for s in stages {
        now.apply_all(&s.moves)
            .map_err(|_| BeginnerError::Stuck(s.stage))?;
        let _ = writeln!(
            out,
            "{}\n{}\n",
            stage_line(s.stage, &s.moves, metric, notation),
            render(&now)
        );
    }
    summary(&mut out, stages, answer, metric, notation);
    Ok(out)
}

/// `3. second layer (36 moves): z2 U R U' R' …`
pub fn stage_line(stage: Stage, moves: &[Move], metric: Metric, notation: Notation) -> String {
    format!(
        "{}. {} ({}): {}",
        stage.number(),
        stage.name(),
        crate::base::text::count(count(moves, metric), "move"),
        written(moves, notation)
    )
}

fn pieces_noun(stage: Stage) -> &'static str {
    match stage {
        Stage::WhiteCross | Stage::SecondLayer | Stage::BlueEdges => "edges home",
        Stage::BlueCross => "edges blue side up",
        Stage::WhiteCorners | Stage::BlueCornersOriented => "corners home",
        Stage::BlueCornersPlaced => "corners in place",
    }
}

/// The REPL's `stage?`: which stages are done, the next one with how many of its pieces are
/// already there; the last line names the next stage.
///
/// ```
/// use cubework::solve::search::beginner::walkthrough::stages;
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved();
/// cube.apply_all(&parse_moves("F", Notation::Standard).unwrap()).unwrap();
/// let text = stages(&cube);
/// let first = text.lines().next().unwrap();
/// assert!(first.starts_with("1. white cross") && first.ends_with("next, 3 of 4 edges home"));
/// assert_eq!(text.lines().last(), Some("next: white cross"));
/// ```
pub fn stages(cube: &Cube) -> String {
    let next = Stage::next(cube);
    let mut out = String::new();
    let width = name_width();
    for stage in Stage::ALL {
        let state = match next {
            Some(n) if n == stage => format!(
                "next, {} of 4 {}",
                stage.pieces_done(cube),
                pieces_noun(stage)
            ),
            Some(n) if n < stage => "to do".to_string(),
            _ => "done".to_string(),
        };
        let _ = writeln!(out, "{}. {:<width$}  {state}", stage.number(), stage.name());
    }
    match next {
        Some(n) => {
            let _ = write!(out, "next: {n}");
        }
        None => out.push_str("solved: all seven stages done"),
    }
    out
}
