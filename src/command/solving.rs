//! The solving family: `solve` (any 3×3×3, by any method), `hint` (the next move of a
//! solution, followed one at a time), `step` and `stage?` (the beginner's method, a stage at a
//! time), `pocket` (the 2×2×2's table, and its optimal solutions) and `scramble`. Their REPL
//! words, their runs (with a bar on stderr while tables load and searches run), and their
//! answers.

mod pocket;
mod scramble;
mod scramble_text;

pub use pocket::{POCKET, PocketFormat};
pub use scramble::{SCRAMBLE, TurnsOrRandom};

pub use scramble_text::{
    MAX_SCRAMBLE, pocket_random_state_report, random_state_report, scramble_length_fits,
    scramble_report, sized_scramble_report,
};

use std::path::PathBuf;
use std::time::Duration;

use std::path::Path;

use super::unit::{
    ALG_WORDS, COLOURS_ARG, CliArg, CliSub, CommandDef, NOTATION_ARG, NOTATION_OPT, PLOT_OPT,
    SIZE_OPT, Surface, Value, both, cli, ex, flag, opt, repl, subcommands, words,
};
use super::words::{Line, metric_prefix, need_alg, plot_option};
use super::{Front, Reply, Session, usage};
use crate::answer::error::Result;
use crate::base::text::echo;
use crate::sequence::alg::Alg;
use crate::sequence::alg::AlgebraError;
use crate::sequence::input::Input;
use crate::sequence::tools;
use crate::solve::answer::plan::Plan;
use crate::solve::answer::solution_text::solution_text;
use crate::solve::{Limits, Method, Solution};
use crate::state::cube::Cube;
use crate::turn::metric::Metric;
use crate::turn::moves::{Move, format_moves};
use crate::turn::notation::Notation;

/// What the session holds for the solving family: the solution `hint` follows, while the
/// cube is where it left it.
#[derive(Default)]
pub(crate) struct SolvingState {
    plan: Option<Plan>,
}

/// What is asked of the solving family.
#[derive(Clone, Debug, PartialEq)]
pub enum SolvingRequest {
    /// A scramble: in the REPL it turns the session's cube, from the command line it is
    /// printed.
    Scramble {
        /// How many turns (default by size).
        count: Option<usize>,
        /// The random generator's seed (default: a fresh one).
        seed: Option<u64>,
        /// A uniformly random state instead.
        random: bool,
    },
    /// Solve a 3×3×3.
    Solve {
        /// How.
        method: Method,
        /// The metric (default: half-turn).
        metric: Option<Metric>,
        /// The longest solution accepted (two-phase), the depth limit (bfs).
        max_length: Option<u8>,
        /// How long to search.
        time_limit: Option<Duration>,
        /// Threads to search on (default: one a core).
        threads: Option<usize>,
        /// The state (default: the session's cube).
        state: Option<Input>,
    },
    /// The next move of a solution.
    Hint {
        /// Make it.
        apply: bool,
        /// Another cube than the session's (a 2×2×2 or a 3×3×3).
        state: Option<Cube>,
    },
    /// Make the next stage of the beginner's method.
    Step,
    /// Which stages are done.
    Stage,
    /// The 2×2×2's distance table.
    PocketTable {
        /// The metric.
        metric: Metric,
        /// As CSV.
        csv: bool,
        /// Also a chart, to this file.
        plot: Option<PathBuf>,
    },
    /// An optimal solution of a 2×2×2.
    PocketSolve {
        /// The metric.
        metric: Metric,
        /// The state.
        state: Input,
    },
}

/// `solve [twophase|optimal|bfs|beginner] [htm|qtm] [max N] [time S] [ALG]`.
fn solve_words(line: &Line) -> Result<SolvingRequest> {
    let (options, alg) = solve_options(line.rest)?;
    let state = if alg.trim().is_empty() {
        None
    } else {
        Some(Input::Moves(line.moves(alg)?))
    };
    Ok(SolvingRequest::Solve {
        method: options.method,
        metric: options.metric,
        max_length: options.max_length,
        time_limit: options.time_limit,
        threads: None,
        state,
    })
}

/// `solve`'s options, as its leading words give them.
#[derive(Default)]
struct SolveOptions {
    method: Method,
    metric: Option<Metric>,
    max_length: Option<u8>,
    time_limit: Option<std::time::Duration>,
}

/// `solve`'s leading words: the method, the metric, `max N` and `time S`, in any order; and
/// the sequence after them.
fn solve_options(rest: &str) -> Result<(SolveOptions, &str)> {
    let mut options = SolveOptions::default();
    let mut alg = rest.trim_start();
    loop {
        let (word, after) = alg.split_once(char::is_whitespace).unwrap_or((alg, ""));
        let value = after.split_whitespace().next();
        let after_value = || {
            let after = after.trim_start();
            after
                .split_once(char::is_whitespace)
                .map_or("", |(_, r)| r)
                .trim_start()
        };
        match word.to_lowercase().as_str() {
            "max" => {
                options.max_length = Some(max_value(value)?);
                alg = after_value();
                continue;
            }
            "time" => {
                options.time_limit = Some(time_value(value)?);
                alg = after_value();
                continue;
            }
            // The 2×2×2's method is `pocket solve`, not a way to solve a 3×3×3.
            w => match (w.parse::<Method>(), w.parse::<Metric>()) {
                (Ok(m), _) if m != Method::Pocket => options.method = m,
                (_, Ok(m)) => options.metric = Some(m),
                _ => break,
            },
        }
        alg = after.trim_start();
    }
    Ok((options, alg))
}

/// The value after `solve max`: a number of moves.
fn max_value(value: Option<&str>) -> Result<u8> {
    let v = value.ok_or_else(|| usage("solve: max needs a number of moves"))?;
    v.parse::<u8>().map_err(|_| {
        usage(&format!(
            "solve: max '{}' is not a number of moves from 0 to 255",
            echo(v)
        ))
    })
}

/// The value after `solve time`: seconds, more than 0 and at most an hour.
fn time_value(value: Option<&str>) -> Result<std::time::Duration> {
    let v = value.ok_or_else(|| usage("solve: time needs seconds"))?;
    let t = v
        .parse::<f64>()
        .ok()
        .filter(|t| *t > 0.0 && *t <= 3600.0)
        .ok_or_else(|| {
            usage(&format!(
                "solve: time '{}' is not a number of seconds above 0 and at most 3600",
                echo(v)
            ))
        })?;
    Ok(std::time::Duration::from_secs_f64(t))
}

/// `hint`, `hint apply`, `hint size N ALG`, `hint facelets S`.
fn hint_words(line: &Line) -> Result<SolvingRequest> {
    let rest = line.rest;
    let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let after = after.trim();
    let state = match word.to_lowercase().as_str() {
        "" | "apply" => None,
        "size" => {
            let (n, alg) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
            let n: usize = n
                .parse()
                .ok()
                .filter(|n| (2..=9).contains(n))
                .ok_or_else(|| {
                    usage(&format!(
                        "hint size '{}'? Hints are for the 2×2×2 to the 9×9×9",
                        echo(n)
                    ))
                })?;
            let moves = line.moves(alg)?;
            Some(
                Input::Moves(moves)
                    .to_cube(n)
                    .map_err(crate::solve::SolveError::from)?,
            )
        }
        "facelets" => Some(match Cube::facelet_size(after) {
            Some(size) => Cube::from_facelets_in(after, size, line.scheme)?,
            None => {
                return Err(usage(&format!(
                    "hint facelets takes 24 letters (a 2×2×2), 54 (a 3×3×3) or 6N² (an N×N×N up to 9), not {}",
                    after.chars().count()
                )));
            }
        }),
        other => {
            return Err(usage(&format!(
                "hint {}? (hint, hint apply, hint size 2 ALG, hint facelets S)",
                echo(other)
            )));
        }
    };
    if word.eq_ignore_ascii_case("apply") && !after.is_empty() {
        return Err(usage(&format!(
            "hint apply takes nothing after it, not '{}'",
            echo(after)
        )));
    }
    Ok(SolvingRequest::Hint {
        apply: word.eq_ignore_ascii_case("apply"),
        state,
    })
}

/// Runs the solving family's requests.
pub(super) fn run(session: &mut Session, request: SolvingRequest, front: Front) -> Result<Reply> {
    match request {
        SolvingRequest::Scramble {
            count,
            seed,
            random,
        } => scramble::scramble(session, count, seed, random, front),
        SolvingRequest::Solve {
            method,
            metric,
            max_length,
            time_limit,
            threads,
            state,
        } => {
            let limits = Limits {
                metric: metric.unwrap_or(Metric::Htm),
                max_length,
                time_limit,
                threads,
            };
            solve(session, method, limits, state, front)
        }
        SolvingRequest::Hint { apply, state } => hint(session, apply, state),
        SolvingRequest::Step => session.needs_three("step").and_then(|()| session.step()),
        SolvingRequest::Stage => session.needs_three("stage?").map(|()| {
            let stages = crate::solve::search::beginner::walkthrough::stages(&session.cube());
            Reply::text(session.scheme().recolour(&stages))
        }),
        SolvingRequest::PocketTable { metric, csv, plot } => {
            pocket::pocket_table(metric, csv, plot.as_deref())
        }
        SolvingRequest::PocketSolve { metric, state } => {
            pocket::pocket_solve(session.notation(), metric, &state)
        }
    }
}

/// The two-phase tables, with a bar on stderr while they are built.
fn twophase_tables() -> &'static (
    crate::solve::table::tables::Tables,
    crate::base::table_cache::CacheReport,
) {
    crate::answer::progress::Terminal::run(crate::solve::table::shared::twophase_tables)
}

/// [`crate::solve::solve`] with its progress on stderr.
fn solve_with_progress(cube: &Cube, method: Method, limits: &Limits) -> Result<Solution> {
    Ok(crate::answer::progress::Terminal::run(|p| {
        crate::solve::solve(cube, method, limits, p)
    })?)
}

/// What a solver's error asks of the user, said in the words of the front end it was asked
/// from (`flags`: the command line's; else the REPL's), after the library's message.
pub(crate) fn with_advice(
    e: crate::answer::error::Error,
    flags: bool,
) -> crate::answer::error::Error {
    use crate::solve::{Reach, SolveError};
    let (moves, time) = if flags {
        ("--max-length N", "--time-limit S")
    } else {
        ("solve max N", "solve time S")
    };
    let reach = match &e {
        crate::answer::error::Error::Solve(SolveError::NotFound { reach, .. }) => reach,
        crate::answer::error::Error::Solve(SolveError::OverLimit { length, .. }) => {
            let advice = match u8::try_from(*length) {
                Ok(_) => format!("allow more moves ({moves})"),
                Err(_) => "a bound is at most 255 moves: leave it out for this cube".to_string(),
            };
            return crate::answer::error::Error::Usage(format!("{e}: {advice}"));
        }
        _ => return e,
    };
    let advice = match reach {
        Reach::OutOfTime => format!("allow more moves ({moves}) or more time ({time})"),
        Reach::Searched | Reach::Proven => format!("allow more moves ({moves})"),
    };
    crate::answer::error::Error::Usage(format!("{e}: {advice}"))
}

/// `solve`: the state given, or the session's cube.
fn solve(
    session: &mut Session,
    method: Method,
    limits: Limits,
    state: Option<Input>,
    front: Front,
) -> Result<Reply> {
    let notation = session.notation();
    let flags = front == Front::CommandLine;
    if state.is_none() && method.for_size(session.size()) == Method::Pocket {
        return solve_pocket(&session.cube(), notation, &limits);
    }
    if let Some(input) = &state
        && given_size(session, input) == Some(2)
    {
        return solve_pocket_given(input, method, notation, &limits);
    }
    if let Some(n) = big_size(session, state.as_ref()) {
        return solve_big(session, n, method, limits, state, flags);
    }
    refuse_unused_limits(method, &limits, flags)?;
    // The limits first, then the state, so that either is reported before a table loads.
    crate::solve::check_limits(method, &limits)?;
    let cube = match state {
        Some(input) => method.read(&input)?,
        None => {
            if session.size() == 2 {
                return Err(usage(&format!(
                    "solve {method} works on the 3×3×3; on the 2×2×2, solve alone finds a shortest solution"
                )));
            }
            session.needs_three(match method {
                Method::Beginner => "solve beginner",
                _ => "solve",
            })?;
            session.cube()
        }
    };
    let solution =
        solve_with_progress(&cube, method, &limits).map_err(|e| with_advice(e, flags))?;
    if method == Method::Beginner && !flags {
        let rep = &session.representation();
        let render = |c: &Cube| match rep.with_cube(c) {
            Ok(rep) => rep.render_in(session.scheme()),
            Err(e) => e.to_string(),
        };
        let text = crate::solve::answer::solution_text::walkthrough_text(
            &cube, &solution, notation, &render,
        )?;
        return Ok(Reply::text(session.scheme().recolour(&text)));
    }
    let text = solution_text(&solution, notation);
    Ok(Reply::text(if method == Method::Beginner {
        // The stages' names say the colours of the faces they build.
        session.scheme().recolour(&text)
    } else {
        text
    }))
}

/// The size of the 4×4×4 to 9×9×9 `solve` is asked of, if it is one: the session's (its
/// cube, or moves given, which are made on a cube of the session's size), or a facelet
/// string's.
fn big_size(session: &Session, state: Option<&Input>) -> Option<usize> {
    match state {
        Some(input) => given_size(session, input),
        None => Some(session.size()),
    }
    .filter(|n| *n >= 4)
}

/// The size of the cube a state given to `solve` is: a facelet string's own, moves the
/// session's (`solve Uw R` in a 4×4×4 session solves the 4×4×4 those moves make, as
/// `cubework solve --size 4 "Uw R"` does).
fn given_size(session: &Session, state: &Input) -> Option<usize> {
    match state {
        Input::Facelets(text, _) => Cube::facelet_size(text),
        _ => Some(session.size()),
    }
}

/// `solve` on a 4×4×4 to 9×9×9 (the session's cube, or `state`): by reduction, the one
/// method of those sizes.
fn solve_big(
    session: &Session,
    n: usize,
    method: Method,
    limits: Limits,
    state: Option<Input>,
    flags: bool,
) -> Result<Reply> {
    if method.for_size(n) != Method::Reduction {
        return Err(usage(&format!(
            "solve {method} works on the 3×3×3; the {n}×{n}×{n} is solved by reduction (solve alone)"
        )));
    }
    let method = Method::Reduction;
    crate::solve::check_limits(method, &limits)?;
    let cube = match state {
        Some(input) => input.to_cube(n).map_err(crate::solve::SolveError::from)?,
        None => session.cube(),
    };
    let solution =
        solve_with_progress(&cube, method, &limits).map_err(|e| with_advice(e, flags))?;
    let mut reply = Reply::text(solution_text(&solution, session.notation()));
    // The reduction's stages do not stop at a time: a limit is said not to apply.
    if limits.time_limit.is_some() {
        let time = if flags { "--time-limit" } else { "time" };
        reply.note = Some(format!(
            "{time} does not apply to the {n}×{n}×{n}: its reduction runs to the end (the limit is the 3×3×3's two-phase and optimal solvers')"
        ));
    }
    Ok(reply)
}

/// `solve` of a 2×2×2 given (its facelets, or moves in a 2×2×2 session): by the pocket
/// table, the one method of that size.
fn solve_pocket_given(
    input: &Input,
    method: Method,
    notation: Notation,
    limits: &Limits,
) -> Result<Reply> {
    if method.for_size(2) != Method::Pocket {
        return Err(usage(&format!(
            "solve {method} works on the 3×3×3; the 2×2×2 is solved by the pocket table (solve alone)"
        )));
    }
    let cube = input.to_cube(2).map_err(crate::solve::SolveError::from)?;
    solve_pocket(&cube, notation, limits)
}

/// `solve` on a 2×2×2 (the session's, or one given): a shortest solution from the pocket
/// table, as `hint` follows.
fn solve_pocket(cube: &Cube, notation: Notation, limits: &Limits) -> Result<Reply> {
    if Method::Pocket.unused_limit(limits).is_some() {
        return Err(usage(
            "solve on the 2×2×2 reads the pocket table, which finds a shortest solution: max and time are for the 3×3×3's solvers",
        ));
    }
    let limits = Limits {
        metric: limits.metric,
        ..Limits::default()
    };
    let solution = solve_with_progress(cube, Method::Pocket, &limits)?;
    Ok(Reply::text(solution_text(&solution, notation)))
}

/// An error for a limit `method` has no use for (a length bound on the optimal solver, a
/// time limit on bfs, either on the beginner's method), said in the command line's words
/// (`flags`) or the REPL's.
pub(crate) fn refuse_unused_limits(method: Method, limits: &Limits, flags: bool) -> Result<()> {
    if method.unused_limit(limits).is_none() {
        return Ok(());
    }
    let (flag_words, repl_words) = match method {
        Method::Optimal => (
            "--max-length is for the two-phase and bfs methods (the optimal one finds the shortest)",
            "solve optimal: max is for the two-phase and bfs solvers (the optimal one finds the shortest)",
        ),
        Method::Bfs => (
            "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs",
            "solve: time is for the two-phase solver, not bfs",
        ),
        _ => (
            "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs",
            "solve beginner: max and time are for the search solvers",
        ),
    };
    Err(usage(if flags { flag_words } else { repl_words }))
}

/// `hint`, `hint apply`, and hints for another cube.
fn hint(session: &mut Session, apply: bool, state: Option<Cube>) -> Result<Reply> {
    let plan = |cube: &Cube| -> Result<Plan> {
        let method = Plan::method(cube.size())?;
        Ok(Plan::new(
            cube,
            &solve_with_progress(cube, method, &Limits::default())?,
        ))
    };
    let notation = session.notation();
    if let Some(cube) = state {
        return Ok(Reply::text(plan(&cube)?.describe(notation)));
    }
    let cube = session.cube();
    let plan = match session.solving_state().plan.take() {
        Some(p) if p.cube == cube => p,
        _ => plan(&cube)?,
    };
    if apply {
        let Some((m, next)) = plan.step() else {
            session.solving_state().plan = Some(plan);
            return Ok(Reply::text("solved: no move needed"));
        };
        let label = format!(
            "hint apply: {}",
            crate::sequence::alg::format_in(&[m], notation)
        );
        let reply = session.make(label.clone(), Alg::from_moves(&[m]))?;
        session.solving_state().plan = Some(next);
        return Ok(Reply::text(format!("{label}\n{}", reply.text)));
    }
    let text = plan.describe(notation);
    session.solving_state().plan = Some(plan);
    Ok(Reply::text(text))
}

impl Session {
    /// Makes the next stage of the beginner's method as one change. The state is set from
    /// the cube after it, so that every representation follows its whole-cube turns.
    fn step(&mut self) -> Result<Reply> {
        let before = self.cube();
        let solution = solve_with_progress(&before, Method::Beginner, &Limits::default())?;
        // The stages before the next one are done, and made with no moves.
        let Some(next) = solution
            .stats
            .stages
            .into_iter()
            .find(|s| !s.moves.is_empty())
        else {
            return Ok(Reply::text("solved: all seven stages done"));
        };
        let (stage, moves) = (next.stage, next.moves);
        let mut after = before.clone();
        after.apply_all(&moves)?;
        let line =
            self.scheme()
                .recolour(&crate::solve::search::beginner::walkthrough::stage_line(
                    stage,
                    &moves,
                    Metric::Htm,
                    self.notation(),
                ));
        self.load_state(&after)?;
        // `hint` goes on with the beginner's method from here, not another method's solution
        // that would undo the stages just made.
        let rest = solve_with_progress(&after, Method::Beginner, &Limits::default())?;
        let plan = Plan::new(&after, &rest);
        self.record_step(&format!("step {line}"), Alg::from_moves(&moves), after);
        self.solving_state().plan = Some(plan);
        Ok(Reply::text(format!("{line}\n{}", self.render())))
    }
}

/// `--facelets S`: the state as a facelet string.
const FACELETS: CliArg = opt("facelets", Value::Text, "FACELETS", "").conflicts(&["alg"]);
/// The state as moves from solved.
const STATE_MOVES: CliArg = ALG_WORDS.help("The state as moves from solved").optional();
/// `cubework solve`'s arguments: one state's solve, or a batch's.
#[cfg(feature = "cli")]
fn solve_arguments(given: &super::one_shot::Given) -> Result<super::one_shot::OneShot> {
    use super::one_shot::{Batch, OneShot};
    let method = given.value("method");
    let (metric, max_length) = (given.one("metric"), given.one("max-length"));
    let (time_limit, threads) = (given.one("time-limit"), given.one("threads"));
    if let Some(file) = given.one("batch") {
        return Ok(OneShot::Batch(Batch {
            file,
            method,
            limits: Limits {
                metric: metric.unwrap_or_default(),
                max_length,
                time_limit,
                threads,
            },
            notation: given.notation(),
            scheme: given.scheme()?,
            size: given.explicit("size"),
        }));
    }
    let input = given.input()?;
    check_facelet_length(&input)?;
    check_facelet_size(&input, given.explicit("size"))?;
    // `--size N` other than 3: the cube ALG (or the facelets) makes at that size is the one
    // solved, as a session of that size solves its cube.
    let (cube, state) = match given.value::<usize>("size") {
        3 => (Cube::solved(), Some(input)),
        n => (
            input.to_cube(n).map_err(crate::solve::SolveError::from)?,
            None,
        ),
    };
    let request = SolvingRequest::Solve {
        method,
        metric,
        max_length,
        time_limit,
        threads,
        state,
    };
    let context = super::Context {
        scheme: given.scheme()?,
        ..super::Context::on(cube, given.notation())
    };
    Ok(OneShot::asked(context, request))
}

/// A facelet string given to `solve` whose length is near no cube's: the lengths there are.
/// (A near miss is named by its size's own error: `has 53 characters, expected 54`.)
#[cfg(feature = "cli")]
fn check_facelet_length(input: &Input) -> Result<()> {
    let Input::Facelets(text, _) = input else {
        return Ok(());
    };
    let letters = text.chars().filter(|c| !c.is_whitespace()).count();
    let sizes = 2..=crate::state::geometry::MAX_SIZE;
    if Cube::facelet_size(text).is_some() || sizes.clone().any(|n| 6 * n * n == letters) {
        return Ok(());
    }
    let lengths: Vec<String> = sizes.map(|n| (6 * n * n).to_string()).collect();
    Err(usage(&format!(
        "the facelet string has {letters} characters; a cube's has 6·N² (6 faces of N×N): {} for the 2×2×2 to 9×9×9",
        lengths.join(", ")
    )))
}

/// A facelet string given to `solve` with a `--size` it is not of: both named.
#[cfg(feature = "cli")]
fn check_facelet_size(input: &Input, size: Option<usize>) -> Result<()> {
    let (Input::Facelets(text, _), Some(n)) = (input, size) else {
        return Ok(());
    };
    match Cube::facelet_size(text) {
        Some(m) if m != n => Err(usage(&format!(
            "--size {n} does not match the facelet string: its {} characters are a {m}×{m}×{m}'s (a {n}×{n}×{n}'s has {})",
            text.chars().filter(|c| !c.is_whitespace()).count(),
            6 * n * n
        ))),
        _ => Ok(()),
    }
}

/// The methods `solve` takes, each with what it does ([`Method::about`]), for `help solve`.
fn methods_help() -> String {
    let methods = [
        Method::TwoPhase,
        Method::Optimal,
        Method::Bfs,
        Method::Beginner,
    ];
    let lines: Vec<String> = methods
        .iter()
        .map(|m| format!("  {:<9}{}", m.name(), m.about()))
        .collect();
    format!("The methods:\n{}", lines.join("\n"))
}

/// `solve`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SOLVE: CommandDef = CommandDef {
    name: "solve",
    surface: Surface::Both,
    usage: "[optimal|bfs|beginner] [htm|qtm] [max N] [time S] [ALG]",
    summary: "solve the current cube (or ALG) by a method: twophase (the default; the 4×4×4 to 9×9×9 by reduction), optimal, bfs or beginner, each described in its help (help solve, cubework solve --help)",
    details: "solve                the current cube by the two-phase solver: at most 21 moves\nsolve R U F'         the cube those moves make, instead\nsolve max 20         at most 20 moves (slower; 19 and below can take long)\nsolve time 2         keep shortening for 2 seconds, then show the best\nsolve bfs [htm|qtm]  another method, in the quarter-turn metric if asked (bfs within about 12 moves)\nsolve beginner       each of the beginner's stages with its moves and the cube after it, then the whole solution simplified\nsolve beginner ALG   the same for ALG\nThe two-phase solver counts in the half-turn metric only. The last line of every answer is the whole solution from the state given, whole-cube turns included.\nOn a 2×2×2 session, solve alone finds a shortest solution of the current cube from the pocket table (as hint follows).",
    more: Some(methods_help),
    args: &[
        both(
            "twophase|optimal|bfs|beginner",
            opt(
                "method",
                Value::Method,
                "METHOD",
                "How to solve"
            )
            .default("twophase"),
        ),
        both(
            "htm|qtm",
            opt(
                "metric",
                Value::SearchedMetric,
                "METRIC",
                "Count moves in the half-turn (the default) or quarter-turn metric (two-phase: htm only)",
            ),
        ),
        both(
            "max",
            opt(
                "max-length",
                Value::Byte,
                "N",
                "The longest solution accepted (two-phase, default 21; the 4×4×4 to 9×9×9's whole reduction, a longer answer an error); the depth limit (bfs)",
            ),
        ),
        both(
            "time",
            opt(
                "time-limit",
                Value::Seconds,
                "SECONDS",
                "Keep looking for shorter solutions for this long, then print the best (two-phase); stop after this long with what is proven and the best found (optimal)",
            ),
        ),
        cli(opt(
            "threads",
            Value::Threads,
            "N",
            "Threads to use, 1 to 64 (default: one a core): a batch solves that many states at once (optimal: one at a time on all of them); one two-phase or optimal solve searches on that many",
        )),
        NOTATION_ARG,
        cli(FACELETS.help("The state as a facelet string instead of ALG: 6·N² letters for the N×N×N (24, 54, 96, 150, 216, 294, 384 or 486 for the 2×2×2 to 9×9×9)")),
        cli(SIZE_OPT
            .help("Cube size N (2 to 9) that ALG (or each line of moves of --batch) is made on: 2 is solved by the pocket table, 4 to 9 by reduction")),
        cli(opt(
            "batch",
            Value::Path,
            "FILE",
            "Solve every state in FILE (`-`: standard input), one a line (a facelet string or moves), printing one line for each line: its solution, or an empty line for a blank, `#` comment or failed line (the error on stderr); a summary goes to stderr",
        )
        .conflicts(&["alg", "facelets"])),
        COLOURS_ARG,
        both("ALG", STATE_MOVES),
    ],
    read: Some(|line, _| solve_words(line).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(solve_arguments),
    takes_moves: true,
    examples: &[
        ex("solve R U F", &["solve", "R U F"]),
        ex(
            "solve twophase max 20 time 1 R U",
            &[
                "solve",
                "--method",
                "twophase",
                "--max-length",
                "20",
                "--time-limit",
                "1",
                "R",
                "U",
            ],
        ),
        ex(
            "solve optimal qtm R U",
            &["solve", "--method", "optimal", "--metric", "qtm", "R U"],
        ),
        ex(
            "solve bfs htm F R",
            &["solve", "--method", "bfs", "--metric", "htm", "F R"],
        ),
        ex(
            "solve beginner R U",
            &["solve", "--method", "beginner", "R U"],
        ),
    ],
    ..CommandDef::NONE
};

/// `hint`: what it is (its descriptor) and how the REPL's words read into its request.
pub static HINT: CommandDef = CommandDef {
    name: "hint",
    surface: Surface::Repl,
    usage: "[apply] | size 2 ALG | facelets S",
    summary: "the next move of a solution of the current cube (apply: make it); 2×2×2 states from the pocket table",
    details: "hint            the next move of a solution of the current cube, and the rest of that solution\nhint apply      make that move (follow the same solution hint by hint until solved)\nhint size 2 ALG the next move for the 2×2×2 that ALG makes, from the pocket table (optimal)\nhint facelets S the same for a facelet string (24 letters: 2×2×2; 54: 3×3×3; 6N²: N×N×N)",
    args: &[
        repl("apply"),
        repl("size"),
        repl("facelets"),
        repl("ALG_ARG"),
    ],
    read: Some(|line, _| hint_words(line).map(Into::into)),
    takes_moves: true,
    ..CommandDef::NONE
};

/// `step`: what it is (its descriptor) and how the REPL's words read into its request.
pub static STEP: CommandDef = CommandDef {
    name: "step",
    surface: Surface::Repl,
    summary: "make the next stage of the beginner's method on the current cube and show what it did (undo takes it back)",
    details: STAGES,
    read: Some(|_, _| Ok(SolvingRequest::Step.into())),
    ..CommandDef::NONE
};

/// `stage?`: what it is (its descriptor) and how the REPL's words read into its request.
pub static STAGE: CommandDef = CommandDef {
    name: "stage?",
    surface: Surface::Repl,
    summary: "which of the beginner's method's seven stages are done, and how far the next one is",
    details: STAGES,
    read: Some(|_, _| Ok(SolvingRequest::Stage.into())),
    ..CommandDef::NONE
};

/// What `step` and `stage?` say in `help`.
const STAGES: &str = "The beginner's method, one stage at a time, on the cube in front of you: step makes the next stage not yet done (its moves are those a learner makes, whole-cube turns included: z2 turns the cube over so the last face, blue here, is on top; y turns it about the vertical) and shows the cube after it; stage? lists the stages: 1 white cross, 2 white corners, 3 second layer, 4 blue cross, 5 blue edges, 6 blue corners placed, 7 blue corners oriented (where most guides' last face is yellow, this scheme's is blue).";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Reach, SolveError};

    #[test]
    fn a_length_bound_not_met_is_advised_in_each_front_ends_words_and_time_only_when_it_ran_out() {
        let err = |reach| {
            crate::answer::error::Error::from(SolveError::NotFound {
                max_length: 3,
                elapsed: std::time::Duration::from_millis(1500),
                reach,
            })
        };
        assert_eq!(
            with_advice(err(Reach::OutOfTime), true).to_string(),
            "no solution of 3 moves or fewer found in 1.5 s: allow more moves (--max-length N) or more time (--time-limit S)"
        );
        assert_eq!(
            with_advice(err(Reach::OutOfTime), false).to_string(),
            "no solution of 3 moves or fewer found in 1.5 s: allow more moves (solve max N) or more time (solve time S)"
        );
        let searched = with_advice(err(Reach::Searched), false).to_string();
        assert!(
            searched.ends_with("within the bound: allow more moves (solve max N)"),
            "{searched}"
        );
        assert!(!searched.contains("time S"), "{searched}");
        // Other errors pass as they are.
        let other = with_advice(SolveError::Size(4).into(), true).to_string();
        assert_eq!(other, SolveError::Size(4).to_string());
    }
}
