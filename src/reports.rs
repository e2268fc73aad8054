//! Text answers for the command line and the REPL: each function takes what the user typed
//! and returns lines of explanation whose **last line is the answer alone**, for scripts.
//!
//! | command                                    | function                |
//! |--------------------------------------------|-------------------------|
//! | `cubework order [--size N] [--by …] ALG`   | [`order_report`]        |
//! | `cubework cycles [--size N] ALG`           | [`cycles_report`]       |
//! | `cubework effect ALG`                      | [`effect_report`]       |
//! | `cubework invert ALG`                      | [`invert_report`]       |
//! | `cubework expand ALG`                      | [`expand_report`]       |
//! | `cubework simplify ALG`                    | [`simplify_report`]     |
//! | `cubework count [--metric …] ALG`          | [`count_report`]        |
//! | `cubework tools`                           | [`tools_report`]        |
//! | (re-run the tools' reconstruction search)  | [`tools_search_report`] |
//! | `cubework apply --size N ALG`              | [`apply_report`]        |
//! | SCRAMBLE                                   | [`scramble_report`]     |
//! | `cubework scramble --random-state`         | [`random_state_report`] |
//! | `cubework tables`                          | [`tables_report`]       |

use crate::alg::{Alg, AlgebraError, MAX_EXPANDED, Metric};
use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

use crate::cube::Cube;
use crate::effect::Effect;
use crate::moves::{Move, format_moves};
use crate::parser::Notation;
use crate::rep::{RepKind, Representation};
use crate::sticker_perm::{OrderBy, StickerPerm};
use crate::text::{count, thousands};
use crate::tools::{self, Finding, Reconstruction, Source, Tool};

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
/// use cubework::reports::order_report;
/// use cubework::sticker_perm::OrderBy;
/// use cubework::Notation;
/// let alg = cubework::alg::Alg::parse("U R U' R'", Notation::Standard).unwrap();
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
                    "by labels every sticker is distinct: a cycle of length L is back after L"
                        .into(),
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
    }
    out.push(order.to_string());
    Ok(out.join("\n"))
}

/// The permutation of a sequence on the `n`-cube's sticker tuple, in cycle notation with the
/// tuple notes' numbering (faces U L F R B D, 1 to 6N²). A cycle `(a b c)` sends the sticker
/// at `a` to `b`, `b`'s to `c` and `c`'s to `a`.
///
/// ```
/// use cubework::reports::cycles_report;
/// use cubework::Notation;
/// let r = cycles_report(3, &cubework::alg::Alg::parse("U", Notation::Standard).unwrap()).unwrap();
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
/// use cubework::sticker_perm::StickerPerm;
/// use cubework::reports::cycles_summary;
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
/// use cubework::reports::effect_report;
/// use cubework::Notation;
/// let alg = |s| cubework::alg::Alg::parse(s, Notation::Standard).unwrap();
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
/// use cubework::reports::invert_report;
/// use cubework::Notation;
/// let alg = |s| cubework::alg::Alg::parse(s, Notation::Standard).unwrap();
/// let r = invert_report(&alg("[R, U] (F D)2'")).unwrap();
/// assert_eq!(r.lines().last(), Some("(F D)2 [U, R]"));
/// assert_eq!(invert_report(&alg("R U")).unwrap(), "U' R'");
/// ```
pub fn invert_report(alg: &Alg) -> Result<String, AlgebraError> {
    let inv = alg.invert();
    let written = inv.to_string();
    let expanded = inv.format_expanded();
    Ok(if expanded == written {
        written
    } else {
        format!("expanded: {expanded}\n{written}")
    })
}

/// The expansion to plain moves.
///
/// ```
/// use cubework::reports::expand_report;
/// use cubework::Notation;
/// let r = expand_report(&cubework::alg::Alg::parse("[R: U]", Notation::Standard).unwrap()).unwrap();
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
/// use cubework::reports::simplify_report;
/// use cubework::Notation;
/// let alg = cubework::alg::Alg::parse("U D U", Notation::Standard).unwrap();
/// let r = simplify_report(&alg, Notation::Standard).unwrap();
/// assert_eq!(r.lines().last(), Some("U2 D"));
/// ```
pub fn simplify_report(alg: &Alg, notation: Notation) -> Result<String, AlgebraError> {
    let printed = crate::alg::format_in(&alg.expand(), notation);
    // Counted as the notation reads them back: the paper writes a half-turn as two letters.
    let after = crate::parser::parse_moves(&printed, notation)?.len() as u64;
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
/// use cubework::reports::count_report;
/// use cubework::alg::Metric;
/// use cubework::Notation;
/// let r = count_report(Metric::Qtm, &cubework::alg::Alg::parse("R U2 M'", Notation::Standard).unwrap()).unwrap();
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
/// use cubework::reports::apply_report;
/// use cubework::Notation;
/// let r = apply_report(2, "R", Notation::Standard).unwrap();
/// assert_eq!(r.lines().last(), Some("UFUFRRRRFDFDDBDBLLLLUBUB"));
/// ```
pub fn apply_report(n: usize, text: &str, notation: Notation) -> Result<String, AlgebraError> {
    let cube = crate::input::do_sequence(&Cube::solved_n(checked(n)?), text, notation)?;
    Ok(format!("{}\n{}", cube.net(), cube.facelets()))
}

fn checked(n: usize) -> Result<usize, AlgebraError> {
    Cube::check_size(n)?;
    Ok(n)
}

/// A scramble of `count` turns is refused above the expansion limit, as every sequence is.
fn scramble_length_fits(count: usize) -> Result<(), AlgebraError> {
    if count as u64 > MAX_EXPANDED {
        return Err(AlgebraError::TooLong {
            what: "a scramble",
            got: count,
            limit: MAX_EXPANDED,
        });
    }
    Ok(())
}

/// The paper's SCRAMBLE: `count` random quarter-turns (17 in the paper) from `seed`, or a
/// fresh seed, which the report names so the scramble can be repeated.
///
/// ```
/// use cubework::reports::scramble_report;
/// use cubework::Notation;
/// let r = scramble_report(17, Some(7), Notation::Standard).unwrap();
/// assert!(r.starts_with("SCRAMBLE: 17 random quarter-turns, seed 7"));
/// assert_eq!(r.lines().last().unwrap().split(' ').count(), 17);
/// ```
pub fn scramble_report(
    count: usize,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, AlgebraError> {
    scramble_length_fits(count)?;
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let moves = tools::scramble(count, seed);
    let moves = crate::notation::in_notation(&moves, notation);
    Ok(format!(
        "SCRAMBLE: {count} random quarter-turns, seed {seed}\n{}",
        format_moves(&moves)
    ))
}

/// `scramble --size N`: the scramble of the `n`×`n`×`n` that [`tools::scramble_of_size`]
/// makes — the paper's SCRAMBLE (see [`scramble_report`]) on the 2×2×2 and the 3×3×3, a
/// WCA-style scramble of outer and wide turns on the 4×4×4 and up — from `seed` or a fresh
/// one. Its last line is the scramble alone; the paper's letters have no wide turns, so the
/// bigger cubes' scrambles are written in standard notation only.
///
/// ```
/// use cubework::reports::sized_scramble_report;
/// use cubework::Notation;
/// let r = sized_scramble_report(4, None, Some(7), Notation::Standard).unwrap();
/// assert!(r.starts_with("SCRAMBLE of the 4×4×4: 40 random turns"));
/// assert_eq!(r.lines().last().unwrap().split(' ').count(), 40);
/// ```
pub fn sized_scramble_report(
    n: usize,
    count: Option<usize>,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, AlgebraError> {
    let n = checked(n)?;
    if n <= 3 {
        return scramble_report(count.unwrap_or(tools::SCRAMBLE_LENGTH), seed, notation);
    }
    if notation == Notation::Paper {
        return Err(AlgebraError::NotForSize {
            what: "a scramble in the paper's notation",
            n,
            why: "the paper's letters have no wide turns; its scramble is written in standard notation",
        });
    }
    let count = count.unwrap_or_else(|| tools::wca_length(n));
    scramble_length_fits(count)?;
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let moves = tools::scramble_of_size(n, Some(count), seed);
    Ok(format!(
        "SCRAMBLE of the {n}×{n}×{n}: {count} random turns of the outer faces and of wide blocks up to {} layers deep, no two merging (as the WCA's scrambles, {} turns), seed {seed}\n{}",
        n / 2,
        tools::wca_length(n),
        format_moves(&moves)
    ))
}

fn paper_string(seq: &[Move]) -> String {
    seq.iter().map(|m| m.to_string()).collect()
}

fn standard_string(seq: &[Move]) -> String {
    format_moves(&seq.iter().map(|m| m.to_standard()).collect::<Vec<_>>())
}

/// How a tool's sequence was found, from the recorded finding or a fresh search.
fn how_found(tool: Tool, chosen: &[Move], matches: usize, tried: usize, source: &Source) -> String {
    let f = Found {
        tool,
        chosen,
        matches,
        tried,
    };
    match source {
        Source::Printed => {
            let e_choice = f
                .tool
                .printed()
                .chars()
                .position(|c| c == 'E')
                .and_then(|i| f.chosen.get(i))
                .map(|m| format!("; E = {m}"))
                .unwrap_or_default();
            format!(
                "a reading of the printed letters ({} of {} readings match{e_choice})",
                f.matches, f.tried
            )
        }
        Source::Shortest { letters } => format!(
            "no reading of the printed letters works; shortest sequence of {} with the effect ({} moves, {} such)",
            letters
                .iter()
                .map(|l| l.letter().to_string())
                .collect::<Vec<_>>()
                .join(" and "),
            f.chosen.len(),
            f.matches
        ),
        Source::NotFound => "not found: no reading works and the search gave up".into(),
    }
}

struct Found<'a> {
    tool: Tool,
    chosen: &'a [Move],
    matches: usize,
    tried: usize,
}

fn summary(findings: &[(Tool, Source)]) -> String {
    let printed = findings
        .iter()
        .filter(|(_, s)| *s == Source::Printed)
        .count();
    let others: Vec<&str> = findings
        .iter()
        .filter(|(_, s)| *s != Source::Printed)
        .map(|(t, _)| t.name())
        .collect();
    let rest = if others.is_empty() {
        String::new()
    } else {
        format!(
            ", {} not a reading of its printed letters ({})",
            others.len(),
            others.join(", ")
        )
    };
    format!(
        "{} tools: {printed} reconstructed as readings of the printed strings{rest}",
        findings.len()
    )
}

/// Each tool: the paper's string, the reconstructed paper sequence, its standard notation,
/// and its effect.
///
/// ```
/// use cubework::reports::tools_report;
/// let r = tools_report().unwrap();
/// assert!(r.contains("SWITCH"));
/// assert!(r.lines().last().unwrap().starts_with("6 tools"));
/// ```
pub fn tools_report() -> Result<String, AlgebraError> {
    let mut out = Vec::new();
    let findings: Vec<Finding> = Tool::ALL.iter().map(|t| t.finding()).collect();
    for f in &findings {
        let e = Effect::of_moves(&f.tool.standard_moves())?;
        out.push(format!("{}: {}", f.tool, f.tool.description()));
        out.push(format!("  printed:  {}", f.tool.printed()));
        out.push(format!("  paper:    {}", paper_string(f.chosen)));
        out.push(format!("  standard: {}", standard_string(f.chosen)));
        out.push(format!(
            "  found as: {}",
            how_found(f.tool, f.chosen, f.matches, f.tried, &f.source)
        ));
        out.push(format!(
            "  effect:   {}",
            e.report().lines().last().unwrap_or_default()
        ));
    }
    let sources: Vec<(Tool, Source)> = findings.into_iter().map(|f| (f.tool, f.source)).collect();
    out.push(summary(&sources));
    Ok(out.join("\n"))
}

/// Re-runs the reconstruction search for every tool (not the cached one) and shows its
/// working: the criterion checked, how many readings were tried, every match ranked best
/// first with its effect, and the choice.
///
/// ```
/// use cubework::reports::tools_search_report;
/// let r = tools_search_report().unwrap();
/// assert!(r.contains("FLIP 'MRMRMRMRMRMR'"));
/// assert!(r.lines().last().unwrap().starts_with("6 tools"));
/// ```
pub fn tools_search_report() -> Result<String, AlgebraError> {
    let recs = Tool::ALL
        .iter()
        .map(|&t| tools::reconstruct(t))
        .collect::<Result<Vec<Reconstruction>, _>>()?;
    let mut out = vec![
        "Readings: each letter as printed or barred; E as any of the 24 paper moves.".to_string(),
        "Ranking: fewest pieces disturbed, then closest letters to the print, then fewest bars, then enumeration order.".to_string(),
    ];
    for r in &recs {
        out.push(String::new());
        out.push(format!("{} '{}'", r.tool, r.tool.printed()));
        out.push(format!("  criterion: {}", r.tool.criterion()));
        out.push(format!(
            "  found as:  {}",
            how_found(r.tool, &r.chosen, r.matches.len(), r.tried, &r.source)
        ));
        out.push(format!("  tried:     {}", r.tried));
        const SHOWN: usize = 12;
        for (i, m) in r.matches.iter().take(SHOWN).enumerate() {
            let seq: String = m.iter().map(|x| x.to_string()).collect();
            let e = Effect::of_moves(&m.iter().map(|&p| p.to_standard()).collect::<Vec<_>>())?;
            out.push(format!(
                "  {} {seq}: {}",
                if i == 0 { "*" } else { " " },
                e.report().lines().last().unwrap_or_default()
            ));
        }
        if r.matches.len() > SHOWN {
            out.push(format!("    … and {} more", r.matches.len() - SHOWN));
        }
    }
    out.push(String::new());
    let sources: Vec<(Tool, Source)> = recs.iter().map(|r| (r.tool, r.source.clone())).collect();
    out.push(summary(&sources));
    Ok(out.join("\n"))
}

/// `cubework reps --size N`: the representations of the `n`×`n`×`n` cube in a table: shape,
/// element, bytes, defined moves (on the 3×3×3 the paper's 24; on other sizes the turns of
/// blocks of layers), and for those that do not hold the size, why not; then the user's own
/// representations (`)rep`, `users`), which hold the 3×3×3.
pub fn reps_table(n: usize, users: &[crate::rep::user::UserRep]) -> String {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_header([
        "name",
        "paper",
        "shape",
        "element",
        "bytes",
        "moves",
        "not defined",
    ]);
    let cube = Cube::solved_n(n);
    for kind in RepKind::ALL {
        let Ok(rep) = kind.build(&cube) else {
            let sizes = kind.sizes();
            table.add_row([
                kind.name().to_string(),
                kind.title().to_string(),
                "—".to_string(),
                "—".to_string(),
                "—".to_string(),
                "—".to_string(),
                format!(
                    "holds only sizes {} to {}: {}",
                    sizes.start(),
                    sizes.end(),
                    kind.size_limit().unwrap_or("")
                ),
            ]);
            continue;
        };
        let shape: Vec<String> = rep.shape().iter().map(|d| d.to_string()).collect();
        let (moves, undefined) = if n == 3 {
            let undefined: Vec<String> = crate::moves::Move::PAPER
                .iter()
                .zip(crate::moves::LayerTurn::PAPER)
                .filter(|&(_, t)| kind.undefined_turn(3, t).is_some())
                .map(|(m, _)| m.to_string())
                .collect();
            (
                format!("{}/24", kind.defined_moves().len()),
                undefined.join(" "),
            )
        } else {
            let all = crate::moves::LayerTurn::all(n).len();
            let defined = kind.defined_turns(n).len();
            let undefined = if defined < all {
                "turns about X and Y that take an inner layer".to_string()
            } else {
                String::new()
            };
            (format!("{defined}/{all}"), undefined)
        };
        table.add_row([
            kind.name().to_string(),
            kind.title().to_string(),
            shape.join("×"),
            rep.element().to_string(),
            rep.state_bytes().to_string(),
            moves,
            if undefined.is_empty() {
                "—".to_string()
            } else {
                undefined
            },
        ]);
    }
    if n == 3 {
        let pieces = crate::piece_map::PieceCube::solved();
        table.add_row([
            "pieces".to_string(),
            "(Ruby notes: outside the paper)".to_string(),
            pieces.shape_description(),
            "colour (u8)".to_string(),
            pieces.state_bytes().to_string(),
            "12/24".to_string(),
            "C H M X Y Z, inverses".to_string(),
        ]);
    }
    for user in users {
        let (shape, element, bytes, moves, undefined) =
            match crate::rep::user::UserState::new(std::sync::Arc::new(user.clone()), &cube) {
                Ok(state) => (
                    user.shape_text(),
                    state.element().to_string(),
                    state.state_bytes().to_string(),
                    format!("{}/24", user.moves.len()),
                    "—".to_string(),
                ),
                Err(e) => (
                    user.shape_text(),
                    "—".to_string(),
                    "—".to_string(),
                    "—".to_string(),
                    format!("holds {}: {}", e.sizes, e.reason),
                ),
            };
        table.add_row([
            user.name.clone(),
            format!("(yours: {})", user.command().trim_start_matches(")rep ")),
            shape,
            element,
            bytes,
            moves,
            undefined,
        ]);
    }
    table.to_string()
}

/// `cubework scramble --random-state`: a state drawn uniformly from all 43,252,003,274,489,856,000
/// (from `seed`, or a fresh one), as the at most 21 moves that make it from solved: the
/// inverse of a two-phase solution, checked. The sequence alone is the last line.
///
/// ```
/// use cubework::reports::random_state_report;
/// use cubework::solve::tables::Tables;
/// use cubework::Notation;
/// let tables = Tables::build(&mut |_, _| {});
/// let text = random_state_report(&tables, Some(1), Notation::Standard).unwrap();
/// assert!(text.lines().last().unwrap().split(' ').count() <= 21);
/// ```
pub fn random_state_report(
    tables: &crate::solve::tables::Tables,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, crate::solve::SolveError> {
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let (_, scramble) = crate::solve::solution_text::random_state_scramble(tables, seed)?;
    let moves: Vec<crate::moves::Move> = scramble.iter().map(|m| m.to_move()).collect();
    Ok(format!(
        "random state, seed {seed}: drawn uniformly from all 43,252,003,274,489,856,000; these {} moves make it from solved (a two-phase solution, inverted)\n{}",
        moves.len(),
        crate::alg::format_in(&moves, notation)
    ))
}

/// `cubework scramble --size 2 --random-state`: a 2×2×2 state drawn uniformly from all
/// 3,674,160 (see [`crate::pocket::random_state_scramble`]), from `seed` or a fresh one, as
/// the optimal sequence of U, R and F turns that makes it from solved. The sequence alone is
/// the last line.
///
/// ```
/// use cubework::metric::Metric;
/// use cubework::pocket::DistanceTable;
/// use cubework::reports::pocket_random_state_report;
/// use cubework::Notation;
/// let table = DistanceTable::build(Metric::Htm);
/// let text = pocket_random_state_report(&table, Some(1), Notation::Standard).unwrap();
/// assert!(text.lines().last().unwrap().split(' ').count() <= 11);
/// ```
pub fn pocket_random_state_report(
    table: &crate::pocket::DistanceTable,
    seed: Option<u64>,
    notation: Notation,
) -> Result<String, crate::pocket::PocketError> {
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    let (_, scramble) = crate::pocket::random_state_scramble(table, seed)?;
    let moves: Vec<crate::moves::Move> = scramble.iter().map(|m| m.to_move()).collect();
    Ok(format!(
        "random 2×2×2 state, seed {seed}: drawn uniformly from all 3,674,160 (corner DBL held); these {} moves make it from solved (an optimal solution in the {}, inverted)\n{}",
        moves.len(),
        table.metric().title(),
        crate::alg::format_in(&moves, notation)
    ))
}

/// A solver table the workbench keeps in its cache directory.
pub struct CachedTable {
    /// Its file: name, version, largest size.
    pub file: crate::table_cache::TableFile,
    /// What it is for.
    pub what: &'static str,
    /// Reads the file whole through its checksum and the table's own checks, and marks it
    /// checked if it passes ([`crate::table_cache::mark_checked`]).
    pub check: fn(&std::path::Path) -> Result<(), crate::table_cache::CacheError>,
}

/// Reads the file at `path` as a `spec` table, whole, through its checksum and `check`, the
/// table's own checks of its payload; marks it checked if it passes.
fn read_checked(
    path: &std::path::Path,
    spec: &crate::table_cache::TableFile,
    check: impl FnOnce(&[u8]) -> Result<(), String>,
) -> Result<(), crate::table_cache::CacheError> {
    use crate::table_cache::{CacheError, mark_checked, read};
    read(path, spec)
        .and_then(|payload| check(&payload).map_err(CacheError::Inconsistent))
        .inspect(|()| mark_checked(path))
}

/// Every table the workbench caches: the 2×2×2 distances in each metric and the two-phase
/// solver's tables.
pub fn cached_tables() -> Vec<CachedTable> {
    use crate::metric::Metric;
    use crate::pocket::DistanceTable;
    use crate::solve::optimal_table::{AxisTable, SliceKind, table_file};
    vec![
        CachedTable {
            file: crate::pocket::table_file(Metric::Qtm),
            what: "2×2×2 distances, quarter-turn metric",
            check: |path| {
                read_checked(path, &crate::pocket::table_file(Metric::Qtm), |b| {
                    DistanceTable::from_payload(b, Metric::Qtm).map(|_| ())
                })
            },
        },
        CachedTable {
            file: crate::pocket::table_file(Metric::Htm),
            what: "2×2×2 distances, half-turn metric",
            check: |path| {
                read_checked(path, &crate::pocket::table_file(Metric::Htm), |b| {
                    DistanceTable::from_payload(b, Metric::Htm).map(|_| ())
                })
            },
        },
        CachedTable {
            file: crate::solve::twophase_file::table_file(),
            what: "3×3×3 two-phase solver",
            check: |path| {
                read_checked(path, &crate::solve::twophase_file::table_file(), |b| {
                    crate::solve::tables::Tables::from_payload(b).map(|_| ())
                })
            },
        },
        CachedTable {
            file: crate::solve::twophase_large::table_file(),
            what: "3×3×3 two-phase solver, large set's phase 2 (tables build --twophase-size large; its phase 1 is optimal-small)",
            check: |path| {
                let tables =
                    &crate::solve::shared::twophase_tables(&crate::solve::Progress::none()).0;
                crate::solve::twophase_large::check_file(tables, path)
            },
        },
        CachedTable {
            file: table_file(SliceKind::Corners),
            what: "3×3×3 optimal solver, large (tables build --optimal --size large)",
            check: |path| AxisTable::check_file(SliceKind::Corners, path),
        },
        CachedTable {
            file: table_file(SliceKind::Sorted),
            what: "3×3×3 optimal solver, medium (tables build --optimal)",
            check: |path| AxisTable::check_file(SliceKind::Sorted, path),
        },
        CachedTable {
            file: table_file(SliceKind::Position),
            what: "3×3×3 optimal solver, small (tables build --optimal --size small)",
            check: |path| AxisTable::check_file(SliceKind::Position, path),
        },
    ]
}

/// `cubework tables build`: loads every cached table, building and saving those that are
/// missing or damaged (the optimal solver's only if `optimal`), with `progress` hearing how;
/// how each was obtained, then the listing of [`tables_report`].
pub fn tables_build_report(
    optimal: Option<crate::solve::optimal_table::SliceKind>,
    progress: &crate::solve::Progress,
) -> Result<String, crate::solve::SolveError> {
    use crate::solve::shared;
    let mut out = Vec::new();
    for metric in Metric::SEARCHED {
        let name = crate::pocket::table_file(metric).name;
        let (_, report) = shared::pocket_table(metric, progress);
        out.push(format!("{name}: {report}"));
    }
    let (_, report) = shared::twophase_tables(progress);
    out.push(format!(
        "{}: {report}",
        crate::solve::twophase_file::table_file().name
    ));
    if let Some(large) = shared::twophase_large(progress) {
        out.extend(large.reports.iter().cloned());
    }
    if let Some(kind) = optimal {
        // The kind asked for, unless CUBEWORK_OPTIMAL_TABLE names another.
        let kind = crate::solve::solution_text::choose_optimal_table(kind);
        let (_, report) = shared::optimal_table(progress)?;
        out.push(format!(
            "{}: {report}",
            crate::solve::optimal_table::table_file(kind).name
        ));
    }
    out.push(tables_report(crate::table_cache::cache_dir().as_deref()));
    Ok(out.join("\n"))
}

/// `cubework tables`: every cached table — name, what it is for, size on disk, state (built,
/// missing or damaged) and path — with what is wrong with each damaged one below, then the
/// temporary files of saves ([`leftover_lines`]: those of interrupted builds removed).
///
/// It loads no table: a file that passed every check (checksum and the table's own) when it
/// was saved or last loaded, and has not changed since ([`crate::table_cache::checked_since`]), is
/// judged by its 48-byte header alone; only one that changed, or was never checked, is read
/// through all of the table's checks. So with every table built it reads a few hundred
/// bytes, however large the tables.
pub fn tables_report(dir: Option<&std::path::Path>) -> String {
    tables_listing(dir)
}

/// What `cubework tables check` found: a line a table, and how many are damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesCheck {
    /// One line a table: `NAME: good (BYTES bytes, PATH)`, `NAME: not built (PATH)` or
    /// `NAME: damaged: the cache file PATH …` (what is wrong).
    pub text: String,
    /// Tables that are there but damaged.
    pub damaged: usize,
}

/// No cache directory to keep tables in.
const NO_CACHE_DIR: &str =
    "no cache directory: set CUBEWORK_CACHE_DIR, or a home directory, to keep tables";

/// `cubework tables check`: every built table read whole, through its checksum and its own
/// checks, however recently it was checked, one line each; each one that passes is marked
/// checked again, so that later loads need not read it whole. Then the temporary files of
/// saves ([`leftover_lines`]): those of interrupted builds removed, each said.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("cubework-doc-check-{}", std::process::id()));
/// let report = cubework::reports::tables_check_report(Some(&dir));
/// assert_eq!(report.damaged, 0);
/// assert!(report.text.lines().all(|l| l.contains(": not built (")));
/// ```
pub fn tables_check_report(dir: Option<&std::path::Path>) -> TablesCheck {
    use crate::table_cache::{CacheError, inspect};
    let Some(dir) = dir else {
        return TablesCheck {
            text: NO_CACHE_DIR.to_string(),
            damaged: 0,
        };
    };
    let mut lines = Vec::new();
    let mut damaged = 0;
    for t in cached_tables() {
        let path = t.file.path_in(dir);
        let name = t.file.name;
        match inspect(&path, &t.file).and_then(|_| (t.check)(&path)) {
            Ok(()) => {
                let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
                lines.push(format!(
                    "{name}: good ({} bytes, {})",
                    crate::text::thousands(bytes),
                    path.display()
                ));
            }
            Err(CacheError::Missing) => {
                lines.push(format!("{name}: not built ({})", path.display()));
            }
            Err(e) => {
                damaged += 1;
                lines.push(format!(
                    "{name}: damaged: the cache file {} {e}",
                    path.display()
                ));
            }
        }
    }
    lines.extend(leftover_lines(dir));
    TablesCheck {
        text: lines.join("\n"),
        damaged,
    }
}

/// The temporary files of saves of every cached table in `dir`, a line each: one whose
/// process is gone was left by a build that was interrupted (killed between writing it and
/// renaming it into place), holds nothing of use, and is removed; one whose process is
/// running is left alone.
pub fn leftover_lines(dir: &std::path::Path) -> Vec<String> {
    let mut lines = Vec::new();
    for t in cached_tables() {
        for left in crate::table_cache::temporaries(&t.file.path_in(dir)) {
            let pid = left
                .pid
                .map_or("its process".to_string(), |p| format!("process {p}"));
            let head = format!(
                "{} ({} bytes)",
                left.path.display(),
                crate::text::thousands(left.bytes)
            );
            let name = t.file.name;
            lines.push(if left.live {
                format!(
                    "{head}: a save of {name} in progress ({pid} is running), left alone"
                )
            } else {
                match std::fs::remove_file(&left.path) {
                    Ok(()) => format!(
                        "{head}: left by a build of {name} that was interrupted ({pid} is gone); removed"
                    ),
                    Err(e) => format!(
                        "{head}: left by a build of {name} that was interrupted ({pid} is gone); not removed: {}",
                        crate::error::reason(&e)
                    ),
                }
            });
        }
    }
    lines
}

fn tables_listing(dir: Option<&std::path::Path>) -> String {
    use crate::table_cache::{CacheError, checked_since, inspect};
    let Some(dir) = dir else {
        return NO_CACHE_DIR.to_string();
    };
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table.set_header(["table", "for", "bytes", "state", "path"]);
    let mut problems = Vec::new();
    for t in cached_tables() {
        let path = t.file.path_in(dir);
        let problem = inspect(&path, &t.file).and_then(|_| {
            if checked_since(&path) {
                return Ok(());
            }
            (t.check)(&path)
        });
        let state = match &problem {
            Ok(()) => "built",
            Err(CacheError::Missing) => "missing",
            Err(e) => {
                problems.push(format!(
                    "{}: the cache file {} {e}",
                    t.file.name,
                    path.display()
                ));
                "damaged"
            }
        };
        let bytes = std::fs::metadata(&path)
            .ok()
            .filter(|m| m.is_file())
            .map_or("—".to_string(), |m| crate::text::thousands(m.len()));
        table.add_row([
            t.file.name.to_string(),
            t.what.to_string(),
            bytes,
            state.to_string(),
            path.display().to_string(),
        ]);
    }
    let mut out = table.to_string();
    for p in problems.into_iter().chain(leftover_lines(dir)) {
        out.push('\n');
        out.push_str(&p);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input_error::InputError;

    // The reports take parsed sequences; these read the text first, as the front ends do.
    fn order_report(n: usize, by: OrderBy, t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::order_report(n, by, &Alg::parse(t, nt)?)
    }
    fn cycles_report(n: usize, t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::cycles_report(n, &Alg::parse(t, nt)?)
    }
    fn effect_report(n: usize, t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::effect_report(n, &Alg::parse(t, nt)?)
    }
    fn invert_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::invert_report(&Alg::parse(t, nt)?)
    }
    fn expand_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::expand_report(&Alg::parse(t, nt)?)
    }
    fn simplify_report(t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::simplify_report(&Alg::parse(t, nt)?, nt)
    }
    fn count_report(m: Metric, t: &str, nt: Notation) -> Result<String, AlgebraError> {
        super::count_report(m, &Alg::parse(t, nt)?)
    }

    fn last(r: Result<String, AlgebraError>) -> String {
        r.unwrap().lines().last().unwrap_or_default().to_string()
    }

    #[test]
    fn the_done_when_example() {
        let s = Notation::Standard;
        assert_eq!(last(order_report(4, OrderBy::Colours, "U R U' R'", s)), "6");
        assert_eq!(last(order_report(4, OrderBy::Colours, "U R", s)), "105");
        assert_eq!(last(order_report(4, OrderBy::Labels, "U R", s)), "420");
        assert_eq!(last(order_report(3, OrderBy::Labels, "", s)), "1");
    }

    #[test]
    fn algebra_commands_give_the_issue_forms() {
        let s = Notation::Standard;
        assert_eq!(last(expand_report("(R U)3", s)), "R U R U R U");
        assert_eq!(last(expand_report("(R U)3'", s)), "U' R' U' R' U' R'");
        assert_eq!(last(expand_report("[R, U]", s)), "R U R' U'");
        assert_eq!(last(expand_report("[R: U]", s)), "R U R'");
        assert_eq!(last(simplify_report("R R2'", s)), "R'");
        assert_eq!(last(simplify_report("R L R'", s)), "L");
        assert_eq!(last(simplify_report("U D U", s)), "U2 D");
        assert_eq!(last(invert_report("(R U)3", s)), "(U' R')3");
        assert_eq!(last(invert_report("(R U)3'", s)), "(R U)3");
        assert_eq!(last(count_report(Metric::Htm, "[R, U]", s)), "4");
        assert_eq!(last(count_report(Metric::Stm, "M2 U", s)), "2");
    }

    #[test]
    fn errors_come_back_typed() {
        let s = Notation::Standard;
        assert!(matches!(
            order_report(3, OrderBy::Colours, "[R, (U Q)]", s),
            Err(AlgebraError::Input(InputError::Parse(_)))
        ));
        assert!(matches!(
            order_report(4, OrderBy::Colours, "M", s),
            Err(AlgebraError::Input(InputError::Move(_)))
        ));
        // The paper's outer letters turn any cube; its middle slices only odd ones.
        assert!(order_report(4, OrderBy::Colours, "L", Notation::Paper).is_ok());
        assert!(matches!(
            order_report(4, OrderBy::Colours, "C", Notation::Paper),
            Err(AlgebraError::Input(InputError::Move(_)))
        ));
        assert!(matches!(
            cycles_report(12, "R", s),
            Err(AlgebraError::Input(InputError::Facelets(_)))
        ));
        assert!(matches!(
            apply_report(1, "R", s),
            Err(AlgebraError::Input(InputError::Facelets(_)))
        ));
    }

    #[test]
    fn tools_in_either_notation_apply_the_same() {
        let a = last(apply_report(3, "SWITCH U2", Notation::Standard));
        let b = last(apply_report(3, "SWITCH U U", Notation::Paper));
        assert_eq!(a, b);
        assert_eq!(a.len(), 54);
    }

    #[test]
    fn scrambles_are_seedable_and_notations_agree() {
        let p = last(scramble_report(17, Some(3), Notation::Paper));
        let s = last(scramble_report(17, Some(3), Notation::Standard));
        assert_eq!(
            last(apply_report(3, &p, Notation::Paper)),
            last(apply_report(3, &s, Notation::Standard))
        );
        assert_eq!(p, last(scramble_report(17, Some(3), Notation::Paper)));
    }

    #[test]
    fn facelets_generalise_to_n() {
        for n in 2..=7 {
            let f = last(apply_report(n, "R U 2R'", Notation::Standard));
            assert_eq!(f.len(), 6 * n * n);
        }
        let solved = last(apply_report(4, "", Notation::Standard));
        assert_eq!(&solved[..16], "UUUUUUUUUUUUUUUU");
        assert_eq!(&solved[16..32], "RRRRRRRRRRRRRRRR");
    }

    #[test]
    fn huge_scrambles_are_refused() {
        assert!(matches!(
            scramble_report(usize::MAX, Some(1), Notation::Paper),
            Err(AlgebraError::TooLong { .. })
        ));
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(64))]
        #[test]
        fn reports_never_panic(
            s in "[RUFDLBMESxyzrufdlbwCHXYZ0-9 '()\\[\\],:-]{0,24}|SWITCH|FLIP2'|\\PC{0,12}",
            n in 0usize..12,
        ) {
            for notation in [Notation::Standard, Notation::Paper] {
                for by in [OrderBy::Colours, OrderBy::Labels] {
                    let _ = order_report(n, by, &s, notation);
                }
                let _ = cycles_report(n, &s, notation);
                let _ = apply_report(n, &s, notation);
                let _ = effect_report(3, &s, notation);
                let _ = invert_report(&s, notation);
                let _ = expand_report(&s, notation);
                let _ = simplify_report(&s, notation);
                let _ = count_report(Metric::Qtm, &s, notation);
            }
        }
    }
}
