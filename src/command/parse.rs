//! The REPL's words: one line read into one [`Request`] before anything runs.
//!
//! The first word names the command (found through its [`CommandDef`](super::defs)); the
//! rest are its arguments as [`CommandDef::usage`](super::defs::CommandDef::usage) writes
//! them. A line whose first word is no command is moves, in the session's notation. Errors
//! in moves give their column in the line as typed.

use std::collections::HashMap;

use super::defs::{self, CommandKind as K};
use super::request::{AplRequest, DrawRequest, Request, ShowWhat};
use super::{Session, nearest_command, usage};
use crate::alg::Alg;
use crate::cube::Cube;
use crate::draw::{DrawError, Only, ViewKind, Words};
use crate::error::{Error, Result};
use crate::input::Input;
use crate::metric::Metric;
use crate::notation::Notation;
use crate::parser::parse_sequence;
use crate::rep::{RepKind, UnknownRep};
use crate::solve::Method;
use crate::sticker_perm::OrderBy;
use crate::text::echo;

/// Reads one line (trimmed) as the REPL does: `None` for a blank line or a `#` note.
pub fn parse_line(line: &str, session: &Session) -> Result<Option<Request>> {
    let line = line.trim();
    if session.in_apl() {
        return apl_line(line).map(Some);
    }
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let Some(def) = defs::find(word) else {
        return moves_line(line, word, session).map(Some);
    };
    // A command that takes nothing refuses what follows it, rather than ignore it.
    if def.usage.is_empty() && !rest.is_empty() {
        return Err(usage(&format!(
            "{word} takes nothing after it, not '{}'",
            echo(rest)
        )));
    }
    let words = Line {
        line,
        notation: session.notation(),
        size: session.size(),
    };
    let alg = |text: &str| words.alg(text);
    Ok(Some(match def.kind {
        K::Rep => match session.user_rep(rest) {
            Some(user) => Request::UserRep(user.name.clone()),
            None => Request::Rep(rep_name(rest, session)?),
        },
        K::Size => Request::Size(match rest {
            "" => None,
            arg => Some(
                Cube::read_size(arg)?
                    .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(arg))))?,
            ),
        }),
        K::Show => Request::Show(show_what(rest, session)?),
        K::Notation => Request::Notation(notation_name(rest)?),
        K::Do => {
            let text = strip_quotes(rest);
            Request::Moves {
                alg: words.within(text, Alg::parse(text, Notation::Paper))?,
                label: format!("do '{text}'"),
            }
        }
        K::Reset => Request::Reset,
        K::Load => {
            if rest.is_empty() {
                return Err(usage("load needs a facelet string: load FACELETS"));
            }
            Request::Load(Cube::from_facelets_n(rest, session.size())?)
        }
        K::Undo => Request::Undo(count(word, rest)?),
        K::Redo => Request::Redo(count(word, rest)?),
        K::History => Request::History,
        K::Scramble => scramble(rest)?,
        K::Invert if rest.is_empty() => Request::Invert(None),
        K::Invert => Request::Invert(Some(alg(rest)?)),
        K::Order => {
            let (opts, text) = options(rest, &["size", "by"])?;
            let by = match opts.get("by").map(|s| s.to_lowercase()).as_deref() {
                None | Some("colours") | Some("colors") => OrderBy::Colours,
                Some("labels") => OrderBy::Labels,
                Some(other) => {
                    return Err(usage(&format!(
                        "order by '{}'? (colours or labels)",
                        echo(other)
                    )));
                }
            };
            Request::Order {
                size: size(&opts)?,
                by,
                alg: alg(need_alg(text)?)?,
                plot: None,
            }
        }
        K::Cycles => {
            let (opts, text) = options(rest, &["size"])?;
            Request::Cycles {
                size: size(&opts)?,
                alg: alg(need_alg(text)?)?,
            }
        }
        K::Effect => {
            let (opts, text) = options(rest, &["size"])?;
            Request::Effect {
                size: size(&opts)?,
                alg: alg(need_alg(text)?)?,
            }
        }
        K::Expand => Request::Expand(alg(need_alg(rest)?)?),
        K::Simplify => Request::Simplify(alg(need_alg(rest)?)?),
        K::Count => {
            let (metric, text) = metric_prefix(rest);
            Request::Count {
                metric,
                alg: alg(need_alg(text)?)?,
            }
        }
        K::Solve => solve(&words, rest)?,
        K::Step => Request::Step,
        K::Stage => Request::Stage,
        K::Hint => hint(&words, rest)?,
        K::Pocket => pocket(&words, rest)?,
        K::Tools => Request::Tools {
            search: match rest.to_lowercase().as_str() {
                "" => false,
                "search" => true,
                other => {
                    return Err(usage(&format!(
                        "tools {}? (tools, or tools search)",
                        echo(other)
                    )));
                }
            },
        },
        K::Solved => Request::Solved,
        K::Reps => {
            let (opts, extra) = options(rest, &["size"])?;
            if !extra.is_empty() {
                return Err(usage(&format!("reps {}? (reps [size N])", echo(extra))));
            }
            Request::Reps { size: size(&opts)? }
        }
        K::Compare => {
            let (apl, rest) = flag(rest, "apl");
            let (opts, turns) = options(&rest, &["size", "sizes"])?;
            let turns = parse_turns(turns)?;
            let sizes = match opts.get("sizes") {
                Some(_) if opts.contains_key("size") => {
                    return Err(usage("compare takes size N or sizes A..B, not both"));
                }
                Some(range) => Some(
                    crate::compare::parse_sizes(range)
                        .map_err(|e| usage(&format!("sizes: {e}")))?,
                ),
                None => None,
            };
            Request::Compare {
                size: size(&opts)?,
                sizes,
                turns,
                format: crate::compare::Format::Table,
                plot: None,
                apl,
                apl_file: None,
            }
        }
        K::Paper => {
            let (apl, rest) = flag(rest, "apl");
            Request::Paper {
                turns: parse_turns(rest.trim())?,
                format: crate::compare::Format::Table,
                apl,
            }
        }
        K::Draw => Request::Draw(draw(&words, rest)?),
        K::View => {
            let mut words = rest.split_whitespace();
            let mut angles = CameraWords::default();
            while let Some(word) = words.next() {
                if !angles.take(word, &mut words)? {
                    return Err(usage(&format!(
                        "view {}? (view [yaw Y] [pitch P] [distance D])",
                        echo(word)
                    )));
                }
            }
            Request::View {
                yaw: angles.yaw,
                pitch: angles.pitch,
                distance: angles.distance,
            }
        }
        K::Apl if rest.is_empty() => Request::Apl(AplRequest::Enter),
        K::Apl => Request::Apl(AplRequest::Line(rest.to_string())),
        K::Help => Request::Help((!rest.is_empty()).then(|| rest.to_string())),
        K::Quit => Request::Quit,
        K::Apply | K::Tables | K::Run | K::Completions | K::Manpage => {
            unreachable!("defs::find gives the REPL's commands only")
        }
    }))
}

/// A line in APL mode: a system command (`)fns`, `)off`, …), `moves` to leave, or APL.
fn apl_line(line: &str) -> Result<Request> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let needs = |what: &str| usage(&format!("{word} needs {what}"));
    Ok(Request::Apl(match word.to_lowercase().as_str() {
        ")off" | "moves" if rest.is_empty() => AplRequest::Leave,
        ")fns" => AplRequest::Fns,
        ")vars" => AplRequest::Vars,
        ")erase" if rest.is_empty() => return Err(needs("a name")),
        ")erase" => AplRequest::Erase(rest.to_string()),
        ")compile" if rest.is_empty() => return Err(needs("a function's name")),
        ")compile" => AplRequest::Compile(rest.to_string()),
        ")rep" => AplRequest::Rep(rest.to_string()),
        ")save" if rest.is_empty() => return Err(needs("a file")),
        ")save" => AplRequest::Save(rest.into()),
        ")load" if rest.is_empty() => return Err(needs("a file")),
        ")load" => AplRequest::Load(rest.into()),
        ")copy" => match rest.split_once(char::is_whitespace) {
            Some((file, names)) => AplRequest::Copy(
                file.into(),
                names.split_whitespace().map(str::to_string).collect(),
            ),
            None if !rest.is_empty() => AplRequest::Copy(rest.into(), Vec::new()),
            None => return Err(needs("a file, and the names to copy (none: all)")),
        },
        ")clear" if rest.is_empty() => AplRequest::Clear,
        w if w.starts_with(')') => {
            return Err(usage(&format!(
                "{}? ()fns )vars )erase NAME )compile NAME )rep NAME ENCODE [DECODE] )save FILE )load FILE )copy FILE [NAMES] )clear )off)",
                echo(word)
            )));
        }
        _ => AplRequest::Line(line.to_string()),
    }))
}

/// A line that starts with no command word: moves, or a pasted facelet string.
fn moves_line(line: &str, word: &str, session: &Session) -> Result<Request> {
    if Cube::is_facelet_shaped(line, session.size()) {
        // A pasted state, not moves to make: say so, and what is wrong with it.
        return Err(usage(&match Cube::from_facelets_n(line, session.size()) {
            Ok(_) => {
                "that is a facelet string, not moves: load it with `load FACELETS`".to_string()
            }
            Err(e) => format!("{e} (a state is loaded with `load FACELETS`)"),
        }));
    }
    match Alg::parse(line, session.notation()) {
        Ok(alg) => Ok(Request::Moves {
            alg,
            label: line.to_string(),
        }),
        // `clear`, `solved`: a word that is no move but looks like a command.
        Err(e) => Err(match nearest_command(word) {
            Some(command) if e.column <= word.chars().count() => {
                usage(&format!("{e} (did you mean the command `{command}`?)"))
            }
            _ => e.into(),
        }),
    }
}

/// The line being read, for the columns of errors in its parts, and what the session reads
/// moves in.
struct Line<'a> {
    line: &'a str,
    notation: Notation,
    size: usize,
}

impl Line<'_> {
    /// `part` (a slice of the line) read as a sequence in the session's notation.
    fn alg(&self, part: &str) -> Result<Alg> {
        self.within(part, Alg::parse(part, self.notation))
    }

    /// `part` read as plain moves.
    fn moves(&self, part: &str) -> Result<Vec<crate::moves::Move>> {
        self.within(part, parse_sequence(part, self.notation))
    }

    /// `result`, with a parse error's column counted from the start of the line rather than
    /// of `part`, the slice of it that was parsed.
    fn within<T, E: Into<Error>>(
        &self,
        part: &str,
        result: std::result::Result<T, E>,
    ) -> Result<T> {
        result.map_err(|e| e.into().shifted(super::column_of(self.line, part)))
    }
}

fn notation_name(name: &str) -> Result<Option<Notation>> {
    Ok(match name.to_lowercase().as_str() {
        "" => None,
        "standard" | "std" => Some(Notation::Standard),
        "paper" => Some(Notation::Paper),
        other => {
            return Err(usage(&format!(
                "unknown notation '{}' (expected standard or paper)",
                echo(other)
            )));
        }
    })
}

/// One of the seven (a representation of one's own is read before); unknown names are
/// refused naming the seven and the session's own.
fn rep_name(name: &str, session: &Session) -> Result<Option<RepKind>> {
    if name.is_empty() {
        return Ok(None);
    }
    if name.eq_ignore_ascii_case("pieces") {
        return Err(usage(
            "pieces cannot be the current representation: it is the Ruby notes' piece map, not one of the paper's arrays (no array transform to make or compile, outer faces only); `show pieces` shows the current cube in it",
        ));
    }
    Ok(Some(name.parse().map_err(|UnknownRep(name, _)| {
        UnknownRep(name, session.user_rep_names())
    })?))
}

fn show_what(what: &str, session: &Session) -> Result<ShowWhat> {
    if let Some(user) = session.user_rep(what) {
        return Ok(ShowWhat::User(user.name.clone()));
    }
    Ok(match what.to_lowercase().as_str() {
        "" => ShowWhat::Current,
        "net" => ShowWhat::Net,
        "facelets" => ShowWhat::Facelets,
        "pieces" => ShowWhat::Pieces,
        "all" => ShowWhat::All,
        name => ShowWhat::Rep(name.parse().map_err(|_| {
            let yours = session.user_rep_names();
            usage(&format!(
                "show what? '{}' is not a representation{}, all, net, facelets or pieces",
                echo(name),
                if yours.is_empty() {
                    String::new()
                } else {
                    format!(" (of the seven, or of your own: {})", yours.join(" "))
                }
            ))
        })?),
    })
}

/// `[N] [seed S]` or `random [seed S]`.
fn scramble(args: &str) -> Result<Request> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut count = None;
    let mut seed = None;
    let mut random = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "random" if i == 0 => {
                random = true;
                i += 1;
            }
            "seed" => {
                let s = words
                    .get(i + 1)
                    .ok_or_else(|| usage("scramble: seed needs a number"))?;
                seed = Some(s.parse().map_err(|_| {
                    usage(&format!(
                        "scramble: seed '{}' is not a whole number",
                        echo(s)
                    ))
                })?);
                i += 2;
            }
            n => {
                count = Some(
                    n.parse()
                        .ok()
                        .filter(|&c: &usize| c <= 10_000)
                        .ok_or_else(|| {
                            usage(&format!(
                                "scramble: '{}' is not a count from 0 to 10000",
                                echo(n)
                            ))
                        })?,
                );
                i += 1;
            }
        }
    }
    if random && words.len() > 1 && words[1] != "seed" {
        return Err(usage(
            "scramble random takes a seed only: scramble random [seed S]",
        ));
    }
    Ok(Request::Scramble {
        count,
        seed,
        random,
    })
}

/// `solve [twophase|optimal|bfs|beginner] [htm|qtm] [max N] [time S] [ALG]`.
fn solve(words: &Line, rest: &str) -> Result<Request> {
    let mut method = Method::TwoPhase;
    let mut metric = None;
    let mut max_length = None;
    let mut time_limit = None;
    let mut alg = rest.trim_start();
    loop {
        let (word, after) = alg.split_once(char::is_whitespace).unwrap_or((alg, ""));
        let value = || after.split_whitespace().next();
        let skip_value = || {
            let after = after.trim_start();
            after
                .split_once(char::is_whitespace)
                .map_or("", |(_, r)| r)
                .trim_start()
        };
        match word.to_lowercase().as_str() {
            "max" => {
                let v = value().ok_or_else(|| usage("solve: max needs a number of moves"))?;
                max_length = Some(v.parse::<u8>().map_err(|_| {
                    usage(&format!(
                        "solve: max '{}' is not a number of moves from 0 to 255",
                        echo(v)
                    ))
                })?);
                alg = skip_value();
                continue;
            }
            "time" => {
                let v = value().ok_or_else(|| usage("solve: time needs seconds"))?;
                let t = v
                    .parse::<f64>()
                    .ok()
                    .filter(|t| *t > 0.0 && *t <= 3600.0)
                    .ok_or_else(|| {
                        usage(&format!(
                            "solve: time '{}' is not a number of seconds from 0 to 3600",
                            echo(v)
                        ))
                    })?;
                time_limit = Some(std::time::Duration::from_secs_f64(t));
                alg = skip_value();
                continue;
            }
            // The 2×2×2's method is `pocket solve`, not a way to solve a 3×3×3.
            w => match (w.parse::<Method>(), w.parse::<Metric>()) {
                (Ok(m), _) if m != Method::Pocket => method = m,
                (_, Ok(m)) => metric = Some(m),
                _ => break,
            },
        }
        alg = after.trim_start();
    }
    let state = if alg.trim().is_empty() {
        None
    } else {
        Some(Input::Moves(words.moves(alg)?))
    };
    Ok(Request::Solve {
        method,
        metric,
        max_length,
        time_limit,
        threads: None,
        state,
    })
}

/// `hint`, `hint apply`, `hint size N ALG`, `hint facelets S`.
fn hint(words: &Line, rest: &str) -> Result<Request> {
    let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let after = after.trim();
    let state = match word.to_lowercase().as_str() {
        "" | "apply" => None,
        "size" => {
            let (n, alg) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
            let n: usize = n
                .parse()
                .ok()
                .filter(|n| (2..=3).contains(n))
                .ok_or_else(|| {
                    usage(&format!(
                        "hint size '{}'? Hints are for the 2×2×2 and the 3×3×3",
                        echo(n)
                    ))
                })?;
            let moves = words.moves(alg)?;
            Some(
                Input::Moves(moves)
                    .to_cube(n)
                    .map_err(crate::solve::SolveError::from)?,
            )
        }
        "facelets" => Some(match after.chars().count() {
            24 => Cube::from_facelets_n(after, 2)?,
            54 => Cube::from_facelets_n(after, 3)?,
            n => {
                return Err(usage(&format!(
                    "hint facelets takes 24 letters (a 2×2×2) or 54 (a 3×3×3), not {n}"
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
    Ok(Request::Hint {
        apply: word.eq_ignore_ascii_case("apply"),
        state,
    })
}

/// `pocket table [htm|qtm] [csv]`, `pocket solve [htm|qtm] ALG|facelets S`.
fn pocket(words: &Line, rest: &str) -> Result<Request> {
    let (what, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let (metric, after) = metric_prefix(after);
    match what.to_lowercase().as_str() {
        "table" => match after.trim().to_lowercase().as_str() {
            "" | "csv" => Ok(Request::PocketTable {
                metric,
                csv: !after.trim().is_empty(),
                plot: None,
            }),
            other => Err(usage(&format!(
                "pocket table {}? (pocket table [htm|qtm] [csv])",
                echo(other)
            ))),
        },
        "solve" => {
            let trimmed = after.trim();
            let (word, string) = trimmed
                .split_once(char::is_whitespace)
                .unwrap_or((trimmed, ""));
            let state = match word.to_lowercase().as_str() {
                "facelets" if string.trim().is_empty() => {
                    return Err(usage(
                        "pocket solve facelets needs a facelet string: pocket solve facelets S",
                    ));
                }
                "facelets" => Input::Facelets(string.trim().to_string()),
                _ => Input::Moves(words.moves(need_alg(after)?)?),
            };
            Ok(Request::PocketSolve { metric, state })
        }
        _ => Err(usage(
            "pocket table [htm|qtm] [csv], or pocket solve [htm|qtm] ALG|facelets S",
        )),
    }
}

/// `draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]`
/// (`arrows` takes the rest of the line).
fn draw(line: &Line, rest: &str) -> Result<DrawRequest> {
    let mut words = rest.split_whitespace();
    let file = words.next().ok_or_else(|| {
        usage("draw needs a file: draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back]")
    })?;
    let mut request = DrawRequest {
        output: file.into(),
        ..DrawRequest::default()
    };
    let mut angles = CameraWords::default();
    while let Some(word) = words.next() {
        if angles.take(word, &mut words)? {
            continue;
        }
        match word.to_lowercase().as_str() {
            "back" => request.back = true,
            "only" => {
                let what = words
                    .next()
                    .ok_or_else(|| usage("only needs corners, edges, centres or a layer"))?;
                request.only =
                    Some(Only::parse(what, line.size, line.notation).map_err(in_repl_words)?);
            }
            "arrows" => {
                let text = words.by_ref().collect::<Vec<_>>().join(" ");
                let alg = Alg::parse(need_alg(&text)?, line.notation)
                    .map_err(|e| usage(&format!("arrows: {e}")))?;
                request.arrows = Some(alg);
            }
            other => request.view = Some(other.parse::<ViewKind>()?),
        }
    }
    (request.yaw, request.pitch, request.distance) = (angles.yaw, angles.pitch, angles.distance);
    Ok(request)
}

/// A drawing error as the REPL says it: options named by the REPL's words (`back`, `3d`),
/// not the command line's flags; a cube of the wrong size keeps its own kind.
pub(super) fn in_repl_words(e: DrawError) -> Error {
    match e {
        DrawError::WrongSize(_) => e.into(),
        other => usage(&other.in_words(Words::Repl)),
    }
}

/// `yaw Y`, `pitch P` and `distance D` read from a line's words.
#[derive(Default)]
struct CameraWords {
    yaw: Option<f64>,
    pitch: Option<f64>,
    distance: Option<f64>,
}

impl CameraWords {
    /// Takes `word` and its value from `rest` if it is one of the three; false otherwise.
    fn take<'a>(&mut self, word: &str, rest: &mut impl Iterator<Item = &'a str>) -> Result<bool> {
        let name = word.to_lowercase();
        let slot = match name.as_str() {
            "yaw" => &mut self.yaw,
            "pitch" => &mut self.pitch,
            "distance" => &mut self.distance,
            _ => return Ok(false),
        };
        let value = rest
            .next()
            .ok_or_else(|| usage(&format!("{name} needs a number")))?;
        *slot = Some(
            value
                .parse()
                .map_err(|_| usage(&format!("{name} '{}' is not a number", echo(value))))?,
        );
        Ok(true)
    }
}

/// The count after `undo` or `redo`: 1 when none is given.
fn count(word: &str, arg: &str) -> Result<usize> {
    if arg.is_empty() {
        return Ok(1);
    }
    arg.parse().ok().filter(|&n: &usize| n >= 1).ok_or_else(|| {
        usage(&format!(
            "{word} '{}'? ({word}, or {word} N for the last N changes)",
            echo(arg)
        ))
    })
}

fn parse_turns(arg: &str) -> Result<Option<usize>> {
    if arg.is_empty() {
        return Ok(None);
    }
    arg.parse()
        .ok()
        .filter(|&n: &usize| (1..=crate::compare::MAX_TURNS).contains(&n))
        .map(Some)
        .ok_or_else(|| {
            usage(&format!(
                "'{}' is not a number of turns from 1 to 500,000",
                echo(arg)
            ))
        })
}

/// Leading `NAME VALUE` options (from `names`) and the rest of the line.
fn options<'a>(rest: &'a str, names: &[&str]) -> Result<(HashMap<String, String>, &'a str)> {
    let mut opts = HashMap::new();
    let mut rest = rest.trim_start();
    loop {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !names.contains(&word.to_lowercase().as_str()) {
            return Ok((opts, rest));
        }
        let after = after.trim_start();
        let (value, tail) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        if value.is_empty() {
            return Err(usage(&format!("{word} needs a value")));
        }
        opts.insert(word.to_lowercase(), value.to_string());
        rest = tail.trim_start();
    }
}

/// Whether the word `name` is among `rest`'s words, and the words without it.
fn flag(rest: &str, name: &str) -> (bool, String) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let kept: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.eq_ignore_ascii_case(name))
        .collect();
    (kept.len() != words.len(), kept.join(" "))
}

/// An optional leading metric name (htm, qtm, stm; half-turn by default) and the rest.
fn metric_prefix(rest: &str) -> (Metric, &str) {
    let rest = rest.trim_start();
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match first.parse::<Metric>() {
        Ok(m) => (m, after),
        Err(_) => (Metric::Htm, rest),
    }
}

/// The `size N` option, if given.
fn size(opts: &HashMap<String, String>) -> Result<Option<usize>> {
    match opts.get("size") {
        None => Ok(None),
        Some(v) => Cube::read_size(v)?
            .map(Some)
            .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(v)))),
    }
}

fn need_alg(alg: &str) -> Result<&str> {
    if alg.trim().is_empty() {
        Err(usage("this command needs a sequence, e.g. R U R' U'"))
    } else {
        Ok(alg)
    }
}

fn strip_quotes(s: &str) -> &str {
    let s = s.trim();
    for q in ['\'', '"', '‘', '“'] {
        if let Some(inner) = s.strip_prefix(q) {
            let close = match q {
                '‘' => '’',
                '“' => '”',
                other => other,
            };
            return inner.strip_suffix(close).unwrap_or(inner);
        }
    }
    s
}
