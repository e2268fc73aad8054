//! The method's answers as text: `cubework solve --method beginner`, and the REPL's
//! `solve beginner`, `step` and `stage?`.

use std::fmt::Write as _;

use super::{BeginnerError, Solution, Stage, solve, solve_input};
use crate::alg::move_cost;
use crate::cube::Cube;
use crate::input::Input;
use crate::metric::Metric;
use crate::moves::Move;
use crate::moves::format_moves;
use crate::notation::Notation;
use crate::tools::in_notation;

/// Width of the stage-name column: the longest name, `blue corners oriented`.
const NAME_WIDTH: usize = 21;

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

/// The closing lines: both lengths, then the simplified solution alone on the last line.
fn summary(out: &mut String, solution: &Solution, metric: Metric, notation: Notation) {
    let simplified = solution.simplified();
    let made: u64 = solution
        .stages
        .iter()
        .map(|s| count(&s.moves, metric))
        .sum();
    let _ = writeln!(
        out,
        "{made} moves by stage, {} simplified (whole-cube turns folded in, cancelling moves merged), in the {}{}:",
        count(&simplified, metric),
        metric.title(),
        notation.in_words()
    );
    out.push_str(&format_moves(&in_notation(&simplified, notation)));
}

/// `cubework solve --method beginner`: one line a stage (its number and name, its length in
/// `metric`, its moves as made), then the lengths, then the whole solution simplified alone on
/// the last line.
///
/// ```
/// use cubework::beginner::report::report;
/// use cubework::input::Input;
/// use cubework::metric::Metric;
/// let text = report(&Input::Alg("R U R' U'".into()), Metric::Htm, cubework::Notation::Standard).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 9);
/// assert!(lines[0].starts_with("1. white cross"));
/// assert!(lines[6].starts_with("7. blue corners oriented"));
/// ```
pub fn report(input: &Input, metric: Metric, notation: Notation) -> Result<String, BeginnerError> {
    let (_, solution) = solve_input(input)?;
    let mut out = String::new();
    for s in &solution.stages {
        let _ = writeln!(
            out,
            "{}. {:<NAME_WIDTH$} {:>3}  {}",
            s.stage.number(),
            s.stage.name(),
            count(&s.moves, metric),
            written(&s.moves, notation)
        );
    }
    summary(&mut out, &solution, metric, notation);
    Ok(out)
}

/// The REPL's `solve beginner`: each stage with its moves and the cube after it, drawn by
/// `render`; then the lengths and the simplified solution on the last line.
pub fn walkthrough(
    cube: &Cube,
    metric: Metric,
    notation: Notation,
    render: &dyn Fn(&Cube) -> String,
) -> Result<String, BeginnerError> {
    let solution = solve(cube)?;
    let mut now = cube.clone();
    let mut out = String::new();
    for s in &solution.stages {
        now.apply_all(&s.moves)
            .expect("the method's moves exist on the 3×3×3");
        let _ = writeln!(
            out,
            "{}\n{}\n",
            stage_line(s.stage, &s.moves, metric, notation),
            render(&now)
        );
    }
    summary(&mut out, &solution, metric, notation);
    Ok(out)
}

/// `3. second layer (36 moves): z2 U R U' R' …`
pub fn stage_line(stage: Stage, moves: &[Move], metric: Metric, notation: Notation) -> String {
    format!(
        "{}. {} ({}): {}",
        stage.number(),
        stage.name(),
        crate::text::count(count(moves, metric), "move"),
        written(moves, notation)
    )
}

/// The REPL's `step`: the next stage not done on `cube` and the moves that make it, or
/// `None` when the cube is solved.
pub fn step(cube: &Cube) -> Result<Option<(Stage, Vec<Move>)>, BeginnerError> {
    let Some(stage) = Stage::next(cube) else {
        return Ok(None);
    };
    Ok(Some((stage, stage.solve(cube)?)))
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
/// use cubework::beginner::report::stages;
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
        let _ = writeln!(
            out,
            "{}. {:<NAME_WIDTH$}  {state}",
            stage.number(),
            stage.name()
        );
    }
    match next {
        Some(n) => {
            let _ = write!(out, "next: {n}");
        }
        None => out.push_str("solved: all seven stages done"),
    }
    out
}
