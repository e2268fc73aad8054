//! The algebra family: what a sequence does and how it is written — `order`, `cycles`,
//! `effect`, `invert`, `mirror`, `expand`, `simplify`, `count` — and the paper's `tools` and the
//! representations' table `reps`. Their REPL words, their runs, and their answers, each a
//! few lines of explanation whose **last line is the answer alone**, for scripts.

mod catalogue;

pub use catalogue::{reps_table, tools_report, tools_search_report};

use std::path::PathBuf;

use super::unit::{
    ALG_ARG, ALG_WORDS, CommandDef, NOTATION_ARG, PLOT_OPT, SIZE_ARG, SIZE_OPT, Surface, Value,
    both, cli, ex, flag, opt,
};
use super::words::{Line, metric_prefix, need_alg, options, plot_file, size};
use super::{Front, Reply, Session, usage};
use crate::answer::error::Result;
use crate::base::text::{count, echo, thousands};
use crate::rep::{RepKind, Representation};
use crate::sequence::alg::{Alg, AlgebraError, Metric};
use crate::sequence::tools::{self, Finding, Reconstruction, Source, Tool};
use crate::state::cube::Cube;
use crate::state::effect::Effect;
use crate::state::sticker_perm::{OrderBy, StickerPerm};
use crate::turn::moves::{Move, format_moves};
use crate::turn::notation::Notation;

/// What is asked of the algebra family.
#[derive(Clone, Debug, PartialEq)]
pub enum AlgebraRequest {
    /// The order of a sequence.
    Order {
        /// On this size (default: the session's).
        size: Option<usize>,
        /// By colours or labels.
        by: OrderBy,
        /// The sequence.
        alg: Alg,
        /// Also a chart, to this file.
        plot: Option<PathBuf>,
    },
    /// A sequence's sticker cycles.
    Cycles {
        /// On this size (default: the session's).
        size: Option<usize>,
        /// The sequence.
        alg: Alg,
    },
    /// Where the 3×3×3's pieces go.
    Effect {
        /// The size asked for (3 only).
        size: Option<usize>,
        /// The sequence.
        alg: Alg,
    },
    /// The inverse of a sequence, or (`None`) of the session's moves, made.
    Invert(Option<Alg>),
    /// A sequence seen in a mirror between L and R.
    Mirror(Alg),
    /// A sequence written out.
    Expand(Alg),
    /// A sequence simplified.
    Simplify(Alg),
    /// A sequence's length.
    Count {
        /// In this metric.
        metric: Metric,
        /// The sequence.
        alg: Alg,
    },
    /// The paper's tools.
    Tools {
        /// Re-run the reconstruction's search.
        search: bool,
    },
    /// Whether two sequences do the same to the cube.
    Same {
        /// On this size (default: the session's).
        size: Option<usize>,
        /// The one sequence.
        alg: Alg,
        /// The other.
        other: Alg,
    },
    /// The representations at a size (default: the session's).
    Reps {
        /// The size.
        size: Option<usize>,
    },
}

/// A sequence that must be there, read from `text` (a part of `line`).
fn needed_alg(line: &Line, text: &str) -> Result<Alg> {
    need_alg(text).and_then(|text| line.alg(text))
}

/// `reps [size N]`.
fn reps_words(rest: &str) -> Result<AlgebraRequest> {
    let (opts, extra) = options(rest, &["size"])?;
    if !extra.is_empty() {
        return Err(usage(&format!("reps {}? (reps [size N])", echo(extra))));
    }
    Ok(AlgebraRequest::Reps { size: size(&opts)? })
}

/// A leading `size N`, if given, and the rest of the line.
fn sized(rest: &str) -> Result<(Option<usize>, &str)> {
    let (opts, text) = options(rest, &["size"])?;
    Ok((size(&opts)?, text))
}

/// `order [size N] [by colours|labels] [--plot FILE] ALG`.
fn order_words(line: &Line) -> Result<AlgebraRequest> {
    let (opts, text) = options(line.rest, &["size", "by", "--plot"])?;
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
    Ok(AlgebraRequest::Order {
        size: size(&opts)?,
        by,
        alg: line.alg(need_alg(text)?)?,
        plot: match opts.get("--plot") {
            Some(file) => Some(plot_file(file)?),
            None => None,
        },
    })
}

/// `tools`, `tools search`.
fn tools_words(rest: &str) -> Result<AlgebraRequest> {
    let search = match rest.to_lowercase().as_str() {
        "" => false,
        "search" => true,
        other => {
            return Err(usage(&format!(
                "tools {}? (tools, or tools search)",
                echo(other)
            )));
        }
    };
    Ok(AlgebraRequest::Tools { search })
}

/// Runs the algebra family's requests.
pub(super) fn run(session: &mut Session, request: AlgebraRequest, _front: Front) -> Result<Reply> {
    let text =
        |t: std::result::Result<String, AlgebraError>| t.map(Reply::text).map_err(Into::into);
    let notation = session.notation();
    match request {
        AlgebraRequest::Invert(None) => session.invert(),
        AlgebraRequest::Invert(Some(alg)) => text(invert_report(&alg)),
        AlgebraRequest::Reps { size } => {
            let n = size.unwrap_or(session.size());
            Cube::check_size(n)
                .map(|()| Reply::text(reps_table(n, session.apl_state().user_reps())))
                .map_err(Into::into)
        }
        AlgebraRequest::Order {
            size,
            by,
            alg,
            plot,
        } => order(size.unwrap_or(session.size()), by, &alg, plot.as_deref()),
        AlgebraRequest::Cycles { size, alg } => {
            text(cycles_report(size.unwrap_or(session.size()), &alg))
        }
        AlgebraRequest::Effect { size, alg } => text(effect_report(size.unwrap_or(3), &alg)),
        AlgebraRequest::Same { size, alg, other } => {
            text(same_report(size.unwrap_or(session.size()), &alg, &other))
        }
        AlgebraRequest::Mirror(alg) => Ok(Reply::text(mirror_report(&alg, notation))),
        AlgebraRequest::Expand(alg) => text(expand_report(&alg)),
        AlgebraRequest::Simplify(alg) => text(simplify_report(&alg, notation)),
        AlgebraRequest::Count { metric, alg } => text(count_report(metric, &alg)),
        AlgebraRequest::Tools { search: false } => text(tools_report()),
        AlgebraRequest::Tools { search: true } => text(tools_search_report()),
    }
}

/// `order`, with a chart of the cycle lengths to `plot` when asked.
fn order(size: usize, by: OrderBy, alg: &Alg, plot: Option<&std::path::Path>) -> Result<Reply> {
    let report = order_report(size, by, alg)?;
    let Some(path) = plot else {
        return Ok(Reply::text(report));
    };
    let chart = crate::draw::chart::order_chart(size, by, alg)?;
    let line = crate::draw::save_chart(path, &chart, "chart of the cycle lengths")?;
    Ok(Reply::text(format!("{line}\n{report}")))
}

fn cube_name(n: usize) -> String {
    format!("{n}×{n}×{n}")
}

/// `a b c` from numbers.
fn join<T: ToString>(v: impl IntoIterator<Item = T>) -> String {
    v.into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The distinct values, largest first, without 1s (which change no LCM) unless all are 1.
fn distinct_desc(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.dedup();
    if v.len() > 1 {
        v.retain(|&x| x != 1);
    }
    v
}

/// The order of a sequence on the `n`-cube, with its explanation as the LCM of cycle lengths
/// (by labels) or of the cycles' colour periods (by colours).
///
/// ```
/// use cubework::command::algebra::order_report;
/// use cubework::state::sticker_perm::OrderBy;
/// use cubework::Notation;
/// let alg = cubework::sequence::alg::Alg::parse("U R U' R'", Notation::Standard).unwrap();
/// let r = order_report(4, OrderBy::Colours, &alg).unwrap();
/// assert_eq!(r.lines().last(), Some("6"));
/// assert!(r.contains("lcm(6, 3) = 6"));
/// ```
pub fn order_report(n: usize, by: OrderBy, alg: &Alg) -> Result<String, AlgebraError> {
    let p = alg.perm(n)?;
    let cycles = p.cycles();
    let periods = p.colour_periods();
    let mut out = vec![format!(
        "{} ({}) on the {}: {}",
        show(alg),
        count(alg.expanded_len(), "move"),
        cube_name(n),
        count(p.sources().len() as u64, "sticker")
    )];
    let order = p.order(by);
    if cycles.is_empty() {
        out.push("nothing moves, so one application brings the cube back".into());
    } else {
        out.extend(order_working(&p, by, &cycles, &periods));
    }
    out.push(order.to_string());
    Ok(out.join("\n"))
}

/// How a permutation's order is reached, for `order`: its cycles and what they move, then the
/// least common multiple of their lengths (by labels) or colour periods (by colours), and
/// the order the other way.
fn order_working(
    p: &StickerPerm,
    by: OrderBy,
    cycles: &[Vec<usize>],
    periods: &[(usize, usize)],
) -> Vec<String> {
    let order = p.order(by);
    let mut out = Vec::new();
    let lengths: Vec<usize> = cycles.iter().map(|c| c.len()).collect();
    out.push(format!(
        "{}, lengths {}; {} ({} by colours)",
        count(cycles.len() as u64, "sticker cycle"),
        join(&lengths),
        match p.pieces_moved(OrderBy::Labels) {
            1 => "1 piece moves".to_string(),
            n => format!("{} pieces move", thousands(n as u64)),
        },
        p.pieces_moved(OrderBy::Colours)
    ));
    let terms = match by {
        OrderBy::Labels => {
            out.push(
                "by labels every sticker is distinct: a cycle of length L is back after L".into(),
            );
            lengths
        }
        OrderBy::Colours => {
            let ps: Vec<usize> = periods.iter().map(|&(_, d)| d).collect();
            out.push(format!(
                "by colours a cycle is back when its colours are, after their period: {}",
                join(&ps)
            ));
            ps
        }
    };
    let terms = distinct_desc(terms);
    out.push(format!(
        "order by {by} = lcm({}) = {order}",
        terms
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let other = match by {
        OrderBy::Colours => OrderBy::Labels,
        OrderBy::Labels => OrderBy::Colours,
    };
    out.push(format!("(by {other}: {})", p.order(other)));
    out
}

/// The permutation of a sequence on the `n`-cube's sticker tuple, in cycle notation with the
/// tuple notes' numbering (faces U L F R B D, 1 to 6N²). A cycle `(a b c)` sends the sticker
/// at `a` to `b`, `b`'s to `c` and `c`'s to `a`.
///
/// ```
/// use cubework::command::algebra::cycles_report;
/// use cubework::Notation;
/// let r = cycles_report(3, &cubework::sequence::alg::Alg::parse("U", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(r.lines().last(), Some("(1 3 9 7)(2 6 8 4)(10 37 28 19)(11 38 29 20)(12 39 30 21)"));
/// ```
pub fn cycles_report(n: usize, alg: &Alg) -> Result<String, AlgebraError> {
    let p = alg.perm(n)?;
    Ok([
        format!(
            "{} on the {}: stickers numbered as the tuple notes (faces U L F R B D, 1 to {})",
            show(alg),
            cube_name(n),
            p.sources().len()
        ),
        cycles_summary(&p),
        p.cycle_notation(),
    ]
    .join("\n"))
}

/// A permutation's cycles in words, as `cycles` says them: how many, the stickers and pieces
/// they move, and the orders.
///
/// ```
/// use cubework::state::sticker_perm::StickerPerm;
/// use cubework::command::algebra::cycles_summary;
/// let p = StickerPerm::of_moves(3, &cubework::parse_moves("U", cubework::Notation::Standard).unwrap()).unwrap();
/// assert_eq!(cycles_summary(&p), "5 cycles moving 20 stickers, 8 pieces; order 4 by labels, 4 by colours");
/// ```
pub fn cycles_summary(p: &StickerPerm) -> String {
    let cycles = p.cycles();
    let moved: usize = cycles.iter().map(|c| c.len()).sum();
    format!(
        "{} moving {}, {}; order {} by labels, {} by colours",
        count(cycles.len() as u64, "cycle"),
        count(moved as u64, "sticker"),
        count(p.pieces_moved(OrderBy::Labels) as u64, "piece"),
        p.order_by_labels(),
        p.order_by_colours()
    )
}

/// Where each corner, edge and centre of the 3×3×3 goes, and how it twists or flips. `n` is
/// the size asked for: any other than 3 is refused, naming `cycles` for where its stickers go.
///
/// ```
/// use cubework::command::algebra::effect_report;
/// use cubework::Notation;
/// let alg = |s| cubework::sequence::alg::Alg::parse(s, Notation::Standard).unwrap();
/// let r = effect_report(3, &alg("R U R' U'")).unwrap();
/// assert!(r.contains("UFR → DFR (twisted ccw)"));
/// assert!(effect_report(4, &alg("R")).is_err());
/// ```
pub fn effect_report(n: usize, alg: &Alg) -> Result<String, AlgebraError> {
    if checked(n)? != 3 {
        return Err(AlgebraError::NotForSize {
            what: "effect",
            n,
            why: "it names the 3×3×3's corners, edges and centres; cycles shows where each sticker of any size goes",
        });
    }
    let e = Effect::of_perm(&alg.perm(3)?);
    Ok(format!("{} on the 3×3×3\n{}", show(alg), e.report()))
}

/// The sequence as a headline echoes it: without its comments, which would swallow the rest
/// of the line.
fn show(alg: &Alg) -> String {
    let s = alg.without_comments().to_string();
    if s.is_empty() {
        "(empty sequence)".into()
    } else {
        s
    }
}

/// The inverse: bracketed form on the last line, its expansion before it when that is
/// written differently (a flat sequence's inverse is its own expansion, and said once).
///
/// ```
/// use cubework::command::algebra::invert_report;
/// use cubework::Notation;
/// let alg = |s| cubework::sequence::alg::Alg::parse(s, Notation::Standard).unwrap();
/// let r = invert_report(&alg("[R, U] (F D)2'")).unwrap();
/// assert_eq!(r.lines().last(), Some("(F D)2 [U, R]"));
/// assert_eq!(invert_report(&alg("R U")).unwrap(), "U' R'");
/// ```
pub fn invert_report(alg: &Alg) -> Result<String, AlgebraError> {
    // The inverse is one sequence on one line: comments left out (one would end the line).
    let inv = alg.without_comments().invert();
    let written = inv.to_string();
    let expanded = inv.format_expanded();
    Ok(if expanded == written {
        written
    } else {
        format!("expanded: {expanded}\n{written}")
    })
}

/// The mirror image, in `notation`: brackets kept on the last line, its expansion before it
/// when that is written differently.
///
/// ```
/// use cubework::command::algebra::mirror_report;
/// use cubework::Notation;
/// let alg = |s| cubework::sequence::alg::Alg::parse(s, Notation::Standard).unwrap();
/// assert_eq!(mirror_report(&alg("R U R' U'"), Notation::Standard), "L' U' L U");
/// let r = mirror_report(&alg("[R, U] M"), Notation::Standard);
/// assert_eq!(r, "expanded: L' U' L U M\n[L', U'] M");
/// ```
pub fn mirror_report(alg: &Alg, notation: Notation) -> String {
    let image = alg.mirrored().in_notation(notation);
    let written = image.to_string();
    let expanded = image.format_expanded();
    if expanded == written {
        written
    } else {
        format!("expanded: {expanded}\n{written}")
    }
}

/// The expansion to plain moves.
///
/// ```
/// use cubework::command::algebra::expand_report;
/// use cubework::Notation;
/// let r = expand_report(&cubework::sequence::alg::Alg::parse("[R: U]", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(r.lines().last(), Some("R U R'"));
/// ```
pub fn expand_report(alg: &Alg) -> Result<String, AlgebraError> {
    Ok(format!(
        "{} expands to {}\n{}",
        show(alg),
        count(alg.expanded_len(), "move"),
        alg.expanded_with_comments()
    ))
}

/// The expansion with adjacent moves cancelled and merged.
///
/// ```
/// use cubework::command::algebra::simplify_report;
/// use cubework::Notation;
/// let alg = cubework::sequence::alg::Alg::parse("U D U", Notation::Standard).unwrap();
/// let r = simplify_report(&alg, Notation::Standard).unwrap();
/// assert_eq!(r.lines().last(), Some("U2 D"));
/// ```
pub fn simplify_report(alg: &Alg, notation: Notation) -> Result<String, AlgebraError> {
    let printed = crate::sequence::alg::format_in(&alg.expand(), notation);
    // Counted as the notation reads them back: the paper writes a half-turn as two letters.
    let after = crate::sequence::parser::parse_moves(&printed, notation)?.len() as u64;
    let before = alg.expanded_len();
    let head = if after < before {
        format!(
            "{} simplifies from {} to {}",
            show(alg),
            before,
            count(after, "move")
        )
    } else {
        format!(
            "{}: nothing cancels or merges ({})",
            show(alg),
            count(before, "move")
        )
    };
    Ok(format!("{head}\n{printed}"))
}

/// The move count in all three metrics, the asked one alone last.
///
/// ```
/// use cubework::command::algebra::count_report;
/// use cubework::sequence::alg::Metric;
/// use cubework::Notation;
/// let r = count_report(Metric::Qtm, &cubework::sequence::alg::Alg::parse("R U2 M'", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(r.lines().last(), Some("5"));
/// ```
pub fn count_report(metric: Metric, alg: &Alg) -> Result<String, AlgebraError> {
    let all = [Metric::Htm, Metric::Qtm, Metric::Stm]
        .map(|m| format!("{m} {}", alg.count(m)))
        .join(", ");
    Ok(format!("{}: {all}\n{}", show(alg), alg.count(metric)))
}

/// The cube after a sequence on the `n`-cube: its net, then its facelet string (faces U R F D
/// L B, N² stickers each) alone on the last line.
///
/// ```
/// use cubework::command::algebra::apply_report;
/// use cubework::Notation;
/// let r = apply_report(2, "R", Notation::Standard).unwrap();
/// assert_eq!(r.lines().last(), Some("UFUFRRRRFDFDDBDBLLLLUBUB"));
/// ```
pub fn apply_report(n: usize, text: &str, notation: Notation) -> Result<String, AlgebraError> {
    let cube = crate::sequence::input::do_sequence(&Cube::solved_n(checked(n)?), text, notation)?;
    Ok(format!("{}\n{}", cube.net(), cube.facelets()))
}

fn checked(n: usize) -> Result<usize, AlgebraError> {
    Cube::check_size(n)?;
    Ok(n)
}

struct Found<'a> {
    tool: Tool,
    chosen: &'a [Move],
    matches: usize,
    tried: usize,
}

/// `invert`: what it is (its descriptor) and how the REPL's words read into its request.
pub static INVERT: CommandDef = CommandDef {
    name: "invert",
    surface: Surface::Both,
    usage: "[ALG]",
    summary: "the inverse of ALG (the paper's INVERSE); in the REPL without ALG, undo the whole history as one inverse sequence",
    details: "Without ALG (REPL), applies the inverse of every move made since the last reset or load, bringing the cube back; it is one change, so undo takes it back.",
    args: &[NOTATION_ARG, ALG_ARG],
    read: Some(|line, _| match line.rest {
        "" => Ok(AlgebraRequest::Invert(None).into()),
        rest => Ok(AlgebraRequest::Invert(Some(line.alg(rest)?)).into()),
    }),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| given.on_alg(|alg| AlgebraRequest::Invert(Some(alg)))),
    takes_moves: true,
    examples: &[ex("invert [R, U] F", &["invert", "[R, U] F"])],
    ..CommandDef::NONE
};

/// Whether `alg` and `other` do the same to the N×N×N (`n`): every sticker to the same place
/// (the last line `yes`), or not (`no`, and how many stickers end elsewhere).
///
/// ```
/// use cubework::command::algebra::same_report;
/// use cubework::Notation;
/// let alg = |s| cubework::sequence::alg::Alg::parse(s, Notation::Standard).unwrap();
/// assert!(same_report(3, &alg("[R, U]"), &alg("R U R' U'")).unwrap().ends_with("\nyes"));
/// let r = same_report(3, &alg("R U"), &alg("U R")).unwrap();
/// assert_eq!(r, "R U and U R differ on the 3×3×3: 18 stickers end in other places\nno");
/// ```
pub fn same_report(n: usize, alg: &Alg, other: &Alg) -> Result<String, AlgebraError> {
    let differ = alg.perm(n)?.inverse().then(&other.perm(n)?);
    let elsewhere = differ
        .sources()
        .iter()
        .enumerate()
        .filter(|&(i, &s)| i != usize::from(s))
        .count() as u64;
    let (a, b, cube) = (show(alg), show(other), cube_name(n));
    Ok(if elsewhere == 0 {
        format!("{a} and {b} do the same to the {cube}: every sticker ends in the same place\nyes")
    } else {
        format!(
            "{a} and {b} differ on the {cube}: {} end in other places\nno",
            count(elsewhere, "sticker")
        )
    })
}

/// The two sequences of `same`, either side of its `=`, each read by `read`.
fn two_algs(text: &str, read: impl Fn(&str) -> Result<Alg>) -> Result<(Alg, Alg)> {
    match text.split_once('=') {
        Some((alg, other)) if !other.contains('=') => Ok((read(alg)?, read(other)?)),
        _ => Err(usage(
            "same needs two sequences with = between them: same R U R' U' = [R, U]",
        )),
    }
}

/// `same`: what it is (its descriptor) and how both front ends' words read into its request.
pub static SAME: CommandDef = CommandDef {
    name: "same",
    surface: Surface::Both,
    usage: "[size N] ALG = ALG",
    summary: "whether two sequences do the same to the cube: every sticker to the same place (yes), or not (no, and how many stickers end elsewhere)",
    details: "same [R, U] = R U R' U'   yes: a commutator written out\nsame R U = U R            no, and how many stickers end elsewhere\nsame size 4 Rw = R 2R     on the 4×4×4 (the session's size by default)\nStickers are told apart by where they started, not only by colour: x and R M' L' are the same, x and nothing are not.",
    args: &[
        SIZE_ARG,
        NOTATION_ARG,
        both(
            "ALG",
            ALG_WORDS.help("The two sequences, with = between them"),
        ),
    ],
    read: Some(|line, _| {
        let (size, text) = sized(line.rest)?;
        let (alg, other) = two_algs(text, |part| needed_alg(line, part.trim()))?;
        Ok(AlgebraRequest::Same { size, alg, other }.into())
    }),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let read = |part: &str| Ok(Alg::parse(need_alg(part)?.trim(), given.notation())?);
        let (alg, other) = two_algs(&given.words("alg"), read)?;
        given.plain(AlgebraRequest::Same {
            size: given.one("size"),
            alg,
            other,
        })
    }),
    takes_moves: true,
    examples: &[ex(
        "same size 3 [R, U] = R U R' U'",
        &["same", "--size", "3", "[R, U]", "=", "R U R' U'"],
    )],
    ..CommandDef::NONE
};

/// `reps`: what it is (its descriptor) and how the REPL's words read into its request.
pub static REPS: CommandDef = CommandDef {
    name: "reps",
    surface: Surface::Both,
    usage: "[size N]",
    summary: "list the representations at a size (the session's, or N): shape, element, bytes, defined moves, and which do not hold it and why",
    details: "In the REPL, your own representations (`)rep` in APL mode) are listed after the seven.",
    args: &[SIZE_ARG],
    read: Some(|line, _| reps_words(line.rest).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        given.plain(AlgebraRequest::Reps {
            size: given.one("size"),
        })
    }),
    examples: &[ex("reps size 4", &["reps", "--size", "4"])],
    ..CommandDef::NONE
};

/// `order`: what it is (its descriptor) and how the REPL's words read into its request.
pub static ORDER: CommandDef = CommandDef {
    name: "order",
    surface: Surface::Both,
    usage: "[size N] [by colours|labels] [--plot FILE] ALG",
    summary: "how many repetitions of ALG bring the cube back, and why (lcm of cycle lengths)",
    details: "order R U           how many times R U brings the cube back to looking as it did (by colours)\norder by labels ALG  back when every sticker is home, not only when the colours are\norder size 4 ALG     on the 4×4×4",
    args: &[
        SIZE_ARG,
        both(
            "by",
            opt(
                "by",
                Value::OrderBy,
                "BY",
                "Back when it looks the same (colours) or when every sticker is home (labels)",
            )
            .default("colours"),
        ),
        NOTATION_ARG,
        cli(PLOT_OPT),
        both(
            "ALG",
            ALG_WORDS.help("The sequence (sequence algebra allowed)"),
        ),
    ],
    read: Some(|line, _| order_words(line).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        given.plain(AlgebraRequest::Order {
            size: given.one("size"),
            by: given.value("by"),
            alg: given.alg("alg")?,
            plot: given.one("plot"),
        })
    }),
    takes_moves: true,
    examples: &[ex(
        "order size 4 by labels R U",
        &["order", "--size", "4", "--by", "labels", "R U"],
    )],
    ..CommandDef::NONE
};

/// `cycles`: what it is (its descriptor) and how the REPL's words read into its request.
pub static CYCLES: CommandDef = CommandDef {
    name: "cycles",
    surface: Surface::Both,
    usage: "[size N] ALG",
    summary: "ALG's permutation of the sticker tuple, in cycle notation",
    args: &[SIZE_ARG, NOTATION_ARG, ALG_ARG],
    read: Some(|line, _| {
        let (size, text) = sized(line.rest)?;
        let alg = needed_alg(line, text)?;
        Ok(AlgebraRequest::Cycles { size, alg }.into())
    }),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let size = given.one("size");
        given.on_alg(|alg| AlgebraRequest::Cycles { size, alg })
    }),
    takes_moves: true,
    examples: &[ex("cycles size 2 R", &["cycles", "--size", "2", "R"])],
    ..CommandDef::NONE
};

/// `effect`: what it is (its descriptor) and how the REPL's words read into its request.
pub static EFFECT: CommandDef = CommandDef {
    name: "effect",
    surface: Surface::Both,
    usage: "[size 3] ALG",
    summary: "where each corner, edge and centre of the 3×3×3 goes under ALG, and how it twists or flips",
    args: &[
        both("size", SIZE_OPT.help("Cube size: 3 only (any other is refused; `cycles --size N` shows where each sticker of an N×N×N goes)")),
        NOTATION_ARG,
        ALG_ARG,
    ],
    read: Some(|line, _| {
        let (size, text) = sized(line.rest)?;
        let alg = needed_alg(line, text)?;
        Ok(AlgebraRequest::Effect { size, alg }.into())
    }),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let size = given.one("size");
        given.on_alg(|alg| AlgebraRequest::Effect { size, alg })
    }),
    takes_moves: true,
    examples: &[ex(
        "effect size 3 R U R' U'",
        &["effect", "--size", "3", "R U R' U'"],
    )],
    ..CommandDef::NONE
};

/// The descriptor of a command that takes one sequence (`ALG`, in the notation in use) and
/// answers with `AlgebraRequest::$request` of it: `mirror`, `expand` and `simplify`.
macro_rules! alg_command {
    ($request:ident { $($field:ident: $value:expr),* $(,)? }) => {
        CommandDef {
            surface: Surface::Both,
            usage: "ALG",
            args: &[NOTATION_ARG, ALG_ARG],
            read: Some(|line, _| Ok(AlgebraRequest::$request(needed_alg(line, line.rest)?).into())),
            #[cfg(feature = "cli")]
            read_cli: Some(|given| given.on_alg(AlgebraRequest::$request)),
            takes_moves: true,
            $($field: $value,)*
            ..CommandDef::NONE
        }
    };
}

/// `mirror`: what it is (its descriptor) and how the REPL's words read into its request.
pub static MIRROR: CommandDef = alg_command!(Mirror {
    name: "mirror",
    summary: "ALG seen in a mirror between L and R: the left-hand version of an algorithm",
    details: "R and L change places and every quarter turn reverses except those about the L–R axis: R U R' becomes L' U' L, and U2 stays U2. Brackets are kept; a tool is written as its moves; the answer is in the notation in use.",
    examples: &[ex("mirror [R, U] M", &["mirror", "[R, U] M"])],
});

/// `expand`: what it is (its descriptor) and how the REPL's words read into its request.
pub static EXPAND: CommandDef = alg_command!(Expand {
    name: "expand",
    summary: "ALG with groups, commutators, conjugates and tools written out",
    examples: &[ex("expand [R: U]", &["expand", "[R: U]"])],
});

/// `simplify`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SIMPLIFY: CommandDef = alg_command!(Simplify {
    name: "simplify",
    summary: "ALG with cancelling and mergeable moves combined",
    examples: &[ex("simplify U D U", &["simplify", "U D U"])],
});

/// `count`: what it is (its descriptor) and how the REPL's words read into its request.
pub static COUNT: CommandDef = CommandDef {
    name: "count",
    surface: Surface::Both,
    usage: "[htm|qtm|stm] ALG",
    summary: "ALG's length in a metric (half-turn by default)",
    args: &[
        both(
            "htm|qtm|stm",
            opt(
                "metric",
                Value::Metric,
                "METRIC",
                "Half-turn, quarter-turn or slice-turn metric",
            )
            .default("htm"),
        ),
        NOTATION_ARG,
        ALG_ARG,
    ],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let metric = given.value("metric");
        given.on_alg(|alg| AlgebraRequest::Count { metric, alg })
    }),
    read: Some(|line, _| {
        let (metric, text) = metric_prefix(line.rest);
        Ok(AlgebraRequest::Count {
            metric,
            alg: needed_alg(line, text)?,
        }
        .into())
    }),
    takes_moves: true,
    examples: &[
        ex(
            "count qtm R U2 M'",
            &["count", "--metric", "qtm", "R U2 M'"],
        ),
        ex("count htm R U2", &["count", "--metric", "htm", "R U2"]),
        ex("count stm M E", &["count", "--metric", "stm", "M E"]),
    ],
    ..CommandDef::NONE
};

/// `tools`: what it is (its descriptor) and how the REPL's words read into its request.
pub static TOOLS: CommandDef = CommandDef {
    name: "tools",
    surface: Surface::Both,
    usage: "[search]",
    summary: "the paper's tools (SWITCH TWIST SNAP LIFT CYCLE FLIP) as reconstructed; search (CLI: --search) re-runs the reconstruction and shows its working",
    args: &[both(
        "search",
        flag(
            "search",
            "Re-run the reconstruction search and show its working",
        ),
    )],
    read: Some(|line, _| tools_words(line.rest).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        given.plain(AlgebraRequest::Tools {
            search: given.flag("search"),
        })
    }),
    examples: &[ex("tools search", &["tools", "--search"])],
    ..CommandDef::NONE
};

#[cfg(test)]
mod tests;
