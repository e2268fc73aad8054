//! The algebra family's two catalogues: the paper's tools as reconstructed (`tools`, and
//! `tools search` with its working), and the representations at a size (`reps`).

use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

use super::*;

fn paper_string(seq: &[Move]) -> String {
    seq.iter().map(|m| m.to_string()).collect()
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
/// use cubework::command::algebra::tools_report;
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
        out.push(format!(
            "  standard: {}",
            format_moves(&f.tool.standard_moves())
        ));
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
/// use cubework::command::algebra::tools_search_report;
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
        table.add_row(rep_row(kind, n, &cube));
    }
    if n == 3 {
        let pieces = crate::state::piece_map::PieceCube::solved();
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
        table.add_row(user_row(user, &cube));
    }
    if n == 3 {
        // The pieces row names the Ruby notes: say what they are.
        return format!("{table}\n{}", crate::state::piece_map::RUBY_NOTES);
    }
    table.to_string()
}

/// The row of `reps` for one of the seven at size `n` (`cube`, solved): why not, for one
/// that does not hold the size.
fn rep_row(kind: RepKind, n: usize, cube: &Cube) -> [String; 7] {
    let Ok(rep) = kind.build(cube) else {
        let sizes = kind.sizes();
        let dash = || "—".to_string();
        return [
            kind.name().to_string(),
            kind.title().to_string(),
            dash(),
            dash(),
            dash(),
            dash(),
            format!(
                "holds only sizes {} to {}: {}",
                sizes.start(),
                sizes.end(),
                kind.size_limit().unwrap_or("")
            ),
        ];
    };
    let shape: Vec<String> = rep.shape().iter().map(|d| d.to_string()).collect();
    let (moves, undefined) = defined_moves(kind, n);
    [
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
    ]
}

/// How many of a size's moves a representation defines (`12/24`), and those it does not.
fn defined_moves(kind: RepKind, n: usize) -> (String, String) {
    if n == 3 {
        let undefined: Vec<String> = crate::turn::moves::Move::PAPER
            .iter()
            .zip(crate::turn::moves::LayerTurn::PAPER)
            .filter(|&(_, t)| kind.undefined_turn(3, t).is_some())
            .map(|(m, _)| m.to_string())
            .collect();
        return (
            format!("{}/24", kind.defined_moves().len()),
            undefined.join(" "),
        );
    }
    let all = crate::turn::moves::LayerTurn::all(n).len();
    let defined = kind.defined_turns(n).len();
    let undefined = if defined < all {
        "turns about X and Y that take an inner layer".to_string()
    } else {
        String::new()
    };
    (format!("{defined}/{all}"), undefined)
}

/// The row of `reps` for a representation of one's own, on the 3×3×3 `cube`.
fn user_row(user: &crate::rep::user::UserRep, cube: &Cube) -> [String; 7] {
    let (element, bytes, moves, undefined) =
        match crate::rep::user::UserState::new(std::sync::Arc::new(user.clone()), cube) {
            Ok(state) => (
                state.element().to_string(),
                state.state_bytes().to_string(),
                format!("{}/24", user.moves.len()),
                "—".to_string(),
            ),
            Err(e) => (
                "—".to_string(),
                "—".to_string(),
                "—".to_string(),
                format!("holds {}: {}", e.sizes, e.reason),
            ),
        };
    [
        user.name.clone(),
        format!("(yours: {})", user.command().trim_start_matches(")rep ")),
        user.shape_text(),
        element,
        bytes,
        moves,
        undefined,
    ]
}
