//! [`run`]: one [`Request`] executed on a [`Session`], for the REPL, session files and the
//! command line alike.

use std::path::Path;

use super::request::{DrawRequest, Request, Shown};
use super::{Change, Reply, Session, impossible_note, label, usage};
use crate::alg::Alg;
use crate::compare::Format;
use crate::cube::Cube;
use crate::draw::{Camera, Picture, PictureFormat, ViewKind};
use crate::error::Result;
use crate::input::Input;
use crate::metric::Metric;
use crate::moves::{Move, format_moves};
use crate::reports;
use crate::solve::solution_text::{Plan, solution_text};
use crate::solve::{Limits, Method, Solution};
use crate::tools;

/// Runs `request` on `session`: the one way every front end executes what a user asked.
///
/// ```
/// use cubework::command::{Request, Session, run, parse_line};
/// let mut s = Session::new(false);
/// let request = parse_line("R U R' U'", &s).unwrap().unwrap();
/// run(&mut s, request).unwrap();
/// assert_eq!(run(&mut s, Request::Solved).unwrap().text, "no");
/// ```
pub fn run(session: &mut Session, request: Request) -> Result<Reply> {
    let notation = session.notation;
    let text = |t: String| Ok(Reply::text(t));
    match request {
        Request::Moves { alg, label } => session.make(label, alg),
        Request::Rep(kind) => session.switch_rep(kind),
        Request::UserRep(name) => session.switch_user_rep(&name),
        Request::Show(what) => session.show(what),
        Request::Size(n) => session.switch_size(n),
        Request::Notation(n) => Ok(session.switch_notation(n)),
        Request::Reset => session.set_state("reset", Cube::solved_n(session.size())),
        Request::Undo(n) => session.undo(n),
        Request::Redo(n) => session.redo(n),
        Request::History => text(session.history()),
        Request::Load(cube) => {
            let note = impossible_note(&cube);
            let mut reply = session.set_state(&format!("load {}", cube.facelets()), cube)?;
            reply.note = note;
            Ok(reply)
        }
        Request::Solved => text(
            if session.cube().is_solved() {
                "yes"
            } else {
                "no"
            }
            .into(),
        ),
        Request::Scramble {
            count,
            seed,
            random,
        } => scramble(session, count, seed, random),
        Request::Invert(None) => session.invert(),
        Request::Invert(Some(alg)) => text(reports::invert_report(&alg)?),
        Request::Reps { size } => {
            let n = size.unwrap_or(session.size());
            Cube::check_size(n)?;
            text(reports::reps_table(n, &session.user_reps))
        }
        Request::Solve {
            method,
            metric,
            max_length,
            time_limit,
            threads,
            state,
        } => solve(
            session,
            method,
            metric,
            (max_length, time_limit, threads),
            state,
        ),
        Request::Hint { apply, state } => hint(session, apply, state),
        Request::Step => {
            session.needs_three("step")?;
            session.step()
        }
        Request::Stage => {
            session.needs_three("stage?")?;
            text(crate::beginner::walkthrough::stages(&session.cube()))
        }
        Request::PocketTable { metric, csv, plot } => {
            let report = crate::pocket::table_report(metric, csv)?;
            match plot {
                Some(path) => text(format!("{}\n{report}", pocket_chart(&path)?)),
                None => text(report),
            }
        }
        Request::PocketSolve { metric, state } => {
            // Read the state first, so that a bad one is reported without building a table.
            let cube = state.to_cube(2).map_err(crate::pocket::PocketError::from)?;
            let limits = Limits {
                metric,
                ..Limits::default()
            };
            let solution = solve_with_progress(&cube, Method::Pocket, &limits)?;
            text(solution_text(&solution, notation))
        }
        Request::Compare {
            size,
            sizes,
            turns,
            format,
            plot,
            apl,
            apl_file,
        } => {
            let mut users = session.user_reps.clone();
            if let Some(path) = &apl_file {
                for u in user_reps_of_file(path)? {
                    users.retain(|o| o.name != u.name);
                    users.push(u);
                }
            }
            compare(
                size.unwrap_or(session.size()),
                sizes,
                turns.unwrap_or(10_000),
                format,
                plot.as_deref(),
                apl,
                &users,
            )
            .map(Reply::text)
        }
        Request::Paper { turns, format, apl } => text(crate::progress::paper_with_progress(
            turns.unwrap_or(2_000),
            format,
            apl,
        )?),
        Request::Order {
            size,
            by,
            alg,
            plot,
        } => {
            let size = size.unwrap_or(session.size());
            let report = reports::order_report(size, by, &alg)?;
            match plot {
                Some(path) => {
                    let chart = crate::draw::chart::order_chart(size, by, &alg)?;
                    let line =
                        crate::draw::save_chart(&path, &chart, "chart of the cycle lengths")?;
                    text(format!("{line}\n{report}"))
                }
                None => text(report),
            }
        }
        Request::Cycles { size, alg } => text(reports::cycles_report(
            size.unwrap_or(session.size()),
            &alg,
        )?),
        Request::Effect { size, alg } => text(reports::effect_report(size.unwrap_or(3), &alg)?),
        Request::Expand(alg) => text(reports::expand_report(&alg)?),
        Request::Simplify(alg) => text(reports::simplify_report(&alg, notation)?),
        Request::Count { metric, alg } => text(reports::count_report(metric, &alg)?),
        Request::Tools { search: false } => text(reports::tools_report()?),
        Request::Tools { search: true } => text(reports::tools_search_report()?),
        Request::Draw(request) => draw(session, request).map(Reply::text),
        Request::View {
            yaw,
            pitch,
            distance,
        } => {
            let c = session.camera;
            session.camera = Camera::new(
                yaw.unwrap_or(c.yaw()),
                pitch.unwrap_or(c.pitch()),
                distance.unwrap_or(c.distance()),
            )?;
            let c = session.camera;
            text(format!(
                "view: yaw {} pitch {} distance {}",
                c.yaw(),
                c.pitch(),
                c.distance()
            ))
        }
        Request::Help(topic) => text(super::help(topic.as_deref().unwrap_or(""))?),
        Request::Quit => Ok(Reply {
            quit: true,
            ..Reply::default()
        }),
        Request::Apl(request) => super::apl::apl(session, request),
        Request::Apply(shown) => {
            let cube = session.cube();
            text(match shown {
                Shown::Native if session.size() == 3 || session.chosen_rep => session.rep.render(),
                Shown::Native | Shown::Net => session.net(&cube),
                Shown::Facelets => cube.facelets(),
            })
        }
        Request::Tables { check: true, .. } => {
            let report = reports::tables_check_report(crate::table_cache::cache_dir().as_deref());
            Ok(Reply {
                failed: report.damaged > 0,
                ..Reply::text(report.text)
            })
        }
        Request::Tables { build: false, .. } => text(reports::tables_report(
            crate::table_cache::cache_dir().as_deref(),
        )),
        Request::Tables {
            build: true,
            optimal,
            check: false,
        } => text(crate::progress::Terminal::run(|p| {
            reports::tables_build_report(optimal, p)
        })?),
    }
}

/// `scramble`: in the REPL it turns the session's cube; in a one-request session (the
/// command line) it is printed.
fn scramble(
    session: &mut Session,
    count: Option<usize>,
    seed: Option<u64>,
    random: bool,
) -> Result<Reply> {
    let n = session.size();
    let notation = session.notation;
    if session.one_shot {
        return Ok(Reply::text(match (random, n) {
            (true, 2) => reports::pocket_random_state_report(
                &crate::pocket::shared_table(Metric::Htm).0,
                seed,
                notation,
            )?,
            (true, 3) => reports::random_state_report(&twophase_tables().0, seed, notation)?,
            (true, size) => {
                return Err(usage(&format!(
                    "--random-state is for the 2×2×2 and the 3×3×3, whose states the solvers know; --size {size} without it scrambles by random outer and wide turns, as the WCA's scrambles"
                )));
            }
            (false, _) => reports::sized_scramble_report(n, count, seed, notation)?,
        }));
    }
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    if random {
        let (cube, moves) = match n {
            2 => {
                let table = &crate::pocket::shared_table(Metric::Htm).0;
                let (state, scramble) = crate::pocket::random_state_scramble(table, seed)?;
                let moves: Vec<Move> = scramble.iter().map(|m| m.to_move()).collect();
                (state.to_cube(), moves)
            }
            3 => {
                let (state, scramble) =
                    crate::solve::solution_text::random_state_scramble(&twophase_tables().0, seed)?;
                let moves: Vec<Move> = scramble.iter().map(|m| m.to_move()).collect();
                (state.to_cube(), moves)
            }
            n => {
                return Err(usage(&format!(
                    "scramble random is for the 2×2×2 and the 3×3×3, whose states the solvers know; this session's cube is {n}×{n}×{n}: scramble alone turns it at random"
                )));
            }
        };
        let label = format!("scramble random seed {seed}: {}", format_moves(&moves));
        let reply = session.set_state(&label, cube)?;
        return Ok(Reply::text(format!("{label}\n{}", reply.text)));
    }
    let scramble = tools::scramble_of_size(n, count, seed);
    // The paper's letters have no wide turns: the bigger cubes' scrambles stay standard.
    let moves = if n <= 3 {
        crate::notation::in_notation(&scramble, notation)
    } else {
        scramble
    };
    let count = moves.len();
    let label = format!("scramble {count} seed {seed}: {}", format_moves(&moves));
    let reply = session.make(label.clone(), Alg::from_moves(&moves))?;
    Ok(Reply::text(format!("{label}\n{}", reply.text)))
}

/// The two-phase tables, with a bar on stderr while they are built.
fn twophase_tables() -> &'static (
    crate::solve::tables::Tables,
    crate::table_cache::CacheReport,
) {
    crate::progress::Terminal::run(crate::solve::shared::twophase_tables)
}

/// [`crate::solve::solve`] with its progress on stderr.
fn solve_with_progress(cube: &Cube, method: Method, limits: &Limits) -> Result<Solution> {
    Ok(crate::progress::Terminal::run(|p| {
        crate::solve::solve(cube, method, limits, p)
    })?)
}

/// What a solver's error asks of the user, said in the words of the front end it was asked
/// from (`flags`: the command line's; else the REPL's), after the library's message.
pub(crate) fn with_advice(e: crate::error::Error, flags: bool) -> crate::error::Error {
    use crate::solve::{Reach, SolveError};
    let crate::error::Error::Solve(SolveError::NotFound { reach, .. }) = &e else {
        return e;
    };
    let (moves, time) = if flags {
        ("--max-length N", "--time-limit S")
    } else {
        ("solve max N", "solve time S")
    };
    let advice = match reach {
        Reach::OutOfTime => format!("allow more moves ({moves}) or more time ({time})"),
        Reach::Searched | Reach::Proven => format!("allow more moves ({moves})"),
    };
    crate::error::Error::Usage(format!("{e}: {advice}"))
}

/// `solve`: the state given, or the session's cube.
fn solve(
    session: &mut Session,
    method: Method,
    metric: Option<Metric>,
    (max_length, time_limit, threads): (Option<u8>, Option<std::time::Duration>, Option<usize>),
    state: Option<Input>,
) -> Result<Reply> {
    let notation = session.notation;
    let (flags, words) = (session.one_shot, !session.one_shot);
    match method {
        Method::Optimal if max_length.is_some() => {
            return Err(usage(if flags {
                "--max-length is for the two-phase and bfs methods (the optimal one finds the shortest)"
            } else {
                "solve optimal: max is for the two-phase and bfs solvers (the optimal one finds the shortest)"
            }));
        }
        Method::Bfs if time_limit.is_some() => {
            return Err(usage(if flags {
                "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs"
            } else {
                "solve: time is for the two-phase solver, not bfs"
            }));
        }
        Method::Beginner if max_length.is_some() || time_limit.is_some() => {
            return Err(usage(if flags {
                "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs"
            } else {
                "solve beginner: max and time are for the search solvers"
            }));
        }
        _ => {}
    }
    let limits = Limits {
        metric: metric.unwrap_or(Metric::Htm),
        max_length,
        time_limit,
        threads,
    };
    // The limits first, then the state, so that either is reported before a table loads.
    crate::solve::check_limits(method, &limits)?;
    let cube = match state {
        Some(input) => match method {
            Method::Beginner => input
                .to_cube(3)
                .map_err(crate::beginner::BeginnerError::from)?,
            _ => crate::solve::solution_text::read_cube(&input)?,
        },
        None => {
            session.needs_three(match method {
                Method::Beginner => "solve beginner",
                _ => "solve",
            })?;
            session.cube()
        }
    };
    let solution =
        solve_with_progress(&cube, method, &limits).map_err(|e| with_advice(e, flags))?;
    if method == Method::Beginner && words {
        let rep = &session.rep;
        let render = |c: &Cube| match rep.with_cube(c) {
            Ok(rep) => rep.render(),
            Err(e) => e.to_string(),
        };
        return Ok(Reply::text(crate::solve::solution_text::walkthrough_text(
            &cube, &solution, notation, &render,
        )?));
    }
    Ok(Reply::text(solution_text(&solution, notation)))
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
    if let Some(cube) = state {
        return Ok(Reply::text(plan(&cube)?.describe()));
    }
    let cube = session.cube();
    if !(2..=3).contains(&cube.size()) {
        let n = cube.size();
        return Err(usage(&format!(
            "hints are for the 2×2×2 and the 3×3×3; this session's cube is {n}×{n}×{n}"
        )));
    }
    let plan = match session.plan.take() {
        Some(p) if p.cube == cube => p,
        _ => plan(&cube)?,
    };
    if apply {
        let Some((m, next)) = plan.step() else {
            session.plan = Some(plan);
            return Ok(Reply::text("solved: no move needed"));
        };
        let label = format!("hint apply: {m}");
        let reply = session.make(label.clone(), Alg::from_moves(&[m]))?;
        session.plan = Some(next);
        return Ok(Reply::text(format!("{label}\n{}", reply.text)));
    }
    let text = plan.describe();
    session.plan = Some(plan);
    Ok(Reply::text(text))
}

/// `draw`: the session's cube, from the session's view unless the request says otherwise.
fn draw(session: &Session, request: DrawRequest) -> Result<String> {
    let c = session.camera;
    let camera = Camera::new(
        request.yaw.unwrap_or(c.yaw()),
        request.pitch.unwrap_or(c.pitch()),
        request.distance.unwrap_or(c.distance()),
    )?;
    let mut caption = vec![session.caption.clone()];
    if let Some(o) = &request.only {
        caption.push(format!("only {o}"));
    }
    if let Some(alg) = &request.arrows {
        caption.push(format!("arrows: {alg}"));
    }
    let picture = Picture {
        view: request.view.unwrap_or(if request.rep.is_some() {
            ViewKind::Rep
        } else {
            ViewKind::ThreeD
        }),
        rep: request.rep.unwrap_or(session.rep.kind()),
        camera,
        back: request.back,
        only: request.only,
        arrows: request.arrows.map(|a| a.expand()),
        format: request
            .format
            .unwrap_or_else(|| PictureFormat::from_path(&request.output.to_string_lossy())),
        caption: caption
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
            .join(" · "),
    };
    let cube = session.cube();
    // The session's representation of one's own, when the rep view draws it.
    let user = session
        .rep
        .user()
        .filter(|_| picture.view == ViewKind::Rep && request.rep.is_none());
    let drawn = match user {
        Some(user) => crate::draw::draw_user(&cube, &picture, user),
        None => crate::draw::draw(&cube, &picture),
    };
    let text = if session.one_shot {
        drawn?
    } else {
        drawn.map_err(super::parse::in_repl_words)?
    };
    match user {
        Some(user) => crate::draw::save_drawn_as(
            &text,
            &format!("the {} representation (yours)", user.name),
            &request.output,
        ),
        None => crate::draw::save_drawn(&text, &picture, cube.size(), &request.output),
    }
}

/// The representations of one's own an APL file defines (its definitions, and its `)rep`
/// lines), read into the vector's paper workspace.
fn user_reps_of_file(path: &Path) -> Result<Vec<crate::rep::user::UserRep>> {
    let source = crate::apl::read_source(path).map_err(|source| crate::error::Error::File {
        path: path.to_path_buf(),
        source,
    })?;
    let source = crate::apl::keys::expand_names(&source).map_err(|e| usage(&e.to_string()))?;
    let mut ws = crate::apl::paper::workspace("vector")
        .ok_or_else(|| usage("no APL definitions for vector"))?;
    crate::rep::user::load(&mut ws, &source)
        .map_err(|e| usage(&format!("{}: {e}", crate::text::echo_path(path))))
}

/// `compare`: at one size, or against N over a range; with a chart when asked; with `apl`,
/// the APL column; representations of one's own (`users`) beside the seven on the 3×3×3.
fn compare(
    size: usize,
    sizes: Option<std::ops::RangeInclusive<usize>>,
    turns: usize,
    format: Format,
    plot: Option<&Path>,
    apl: bool,
    users: &[crate::rep::user::UserRep],
) -> Result<String> {
    if apl && (sizes.is_some() || size != 3) {
        return Err(usage(
            "compare apl times the paper's APL definitions, which are the 3×3×3's: compare apl at size 3",
        ));
    }
    if let Some(sizes) = sizes {
        let sweep = crate::progress::measure_sizes_with_progress(sizes, turns)?;
        let table = crate::compare::sizes_table(&sweep, format);
        let Some(path) = plot else {
            return Ok(table);
        };
        let (defined, compiled) = crate::draw::chart::size_lines(&sweep);
        let note = format!(
            "{turns} random quarter-turns on the 3×3×3, fewer on bigger cubes; medians of samples from {} interleaved rounds",
            crate::progress::ROUNDS
        );
        let chart = crate::draw::chart::sizes_chart(&defined, &compiled, &note)?;
        let line = crate::draw::save_chart(path, &chart, "chart of ns per turn against N")?;
        return Ok(format!("{line}\n{table}"));
    }
    Cube::check_size(size)?;
    let (measures, pieces) = crate::progress::measure_all_with_progress(size, turns)?;
    let users = if size == 3 { users } else { &[] };
    let user_measures = users
        .iter()
        .map(|u| crate::compare::measure_user(u, turns, crate::progress::ROUNDS, 0xc0be))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let timed = if apl {
        Some(crate::progress::measure_apl_with_progress(turns, users)?)
    } else {
        None
    };
    let table = crate::compare::compare_table_with(
        &measures,
        &crate::compare::Extras {
            pieces: pieces.as_ref(),
            users: &user_measures,
            apl: timed.as_deref(),
        },
        format,
    );
    let Some(path) = plot else {
        return Ok(table);
    };
    let bars = crate::draw::chart::speed_bars(&measures, pieces.as_ref());
    let note = format!(
        "{turns} random quarter-turns of the {size}×{size}×{size}, median of samples from {} interleaved rounds",
        crate::progress::ROUNDS
    );
    let chart = crate::draw::chart::speed_chart(&bars, &note)?;
    let line = crate::draw::save_chart(path, &chart, "chart of ns per turn")?;
    Ok(format!("{line}\n{table}"))
}

/// `pocket table --plot FILE`: the distance distribution in both metrics, drawn to `path`.
fn pocket_chart(path: &Path) -> Result<String> {
    let htm = crate::pocket::shared_table(Metric::Htm)
        .0
        .distribution()
        .to_vec();
    let qtm = crate::pocket::shared_table(Metric::Qtm)
        .0
        .distribution()
        .to_vec();
    let chart = crate::draw::chart::distance_chart(&htm, &qtm)?;
    crate::draw::save_chart(path, &chart, "chart of the distances in both metrics")
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
            crate::beginner::walkthrough::stage_line(stage, &moves, Metric::Htm, self.notation);
        self.load_state(&after)?;
        self.record(Change {
            label: label(&format!("step {line}")),
            moves: Some(Alg::from_moves(&moves)),
            after,
        });
        Ok(Reply::text(format!("{line}\n{}", self.rep.render())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Reach, SolveError};

    #[test]
    fn a_length_bound_not_met_is_advised_in_each_front_ends_words_and_time_only_when_it_ran_out() {
        let err = |reach| {
            crate::error::Error::from(SolveError::NotFound {
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
