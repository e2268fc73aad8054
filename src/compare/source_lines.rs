//! Counting the lines of the representations' move definitions in their own source files,
//! for the paper's Concise and General.

use crate::rep::RepKind;

pub(super) fn source(kind: RepKind) -> &'static str {
    match kind {
        RepKind::Numeric => include_str!("../rep/numeric.rs"),
        RepKind::Local => include_str!("../rep/local.rs"),
        RepKind::Composite => include_str!("../rep/composite.rs"),
        RepKind::Visual => include_str!("../rep/visual.rs"),
        RepKind::Vector => include_str!("../rep/vector.rs"),
        RepKind::FourD => include_str!("../rep/four_d.rs"),
        RepKind::Nested => include_str!("../rep/nested.rs"),
    }
}

/// Code lines (not blank, not comments) between markers `begin` and `end`.
pub(super) fn lines_between(source: &str, begin: &str, end: &str) -> usize {
    let mut inside = false;
    source
        .lines()
        .filter(|l| {
            if l.contains(begin) {
                inside = true;
            } else if l.contains(end) {
                inside = false;
            }
            let t = l.trim();
            inside && !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// The face layout that local and vector share (`src/rep/layout.rs`): local makes its
/// quarter-turns with it, vector derives its N×N×N index lists from it.
const LAYOUT: &str = include_str!("../rep/layout.rs");

/// Lines of the shared layout a representation needs: for its 3×3×3 moves (local), and for
/// its N×N×N form alone (vector).
pub(super) fn shared_lines(kind: RepKind) -> (usize, usize) {
    let layout = lines_between(LAYOUT, "moves:begin", "moves:end");
    match kind {
        RepKind::Local => (layout, 0),
        RepKind::Vector => (0, layout),
        _ => (0, 0),
    }
}

/// Lines of code (not blank, not comments) of a representation's move definitions for the
/// 3×3×3: those between its file's `moves:begin` and `moves:end` markers, less those of its
/// N×N×N form alone (see [`general_lines`]), plus those of the shared face layout where it
/// needs it (local). The APL primitives (`crate::apl::prim`: `⍉`, `⌽`, `⊤`, …) count for none,
/// as a glyph counts for nothing in the paper's lines; the cubie helpers convert states and
/// define no move.
pub fn definition_lines(kind: RepKind) -> usize {
    lines_between(source(kind), "moves:begin", "moves:end")
        - lines_between(source(kind), "general:begin", "general:end")
        + shared_lines(kind).0
}

/// Lines of code a representation's move definitions need only for sizes other than 3: those
/// between its file's `general:begin` and `general:end` markers. Numeric, 4-D and nested need
/// none (their lines name no size), local none (its ring table takes the layer as a
/// parameter); vector derives its index lists from the face layout it shares with local
/// (whose lines count here for it), composite and visual derive their 2×2×2 forms.
pub fn general_lines(kind: RepKind) -> usize {
    lines_between(source(kind), "general:begin", "general:end") + shared_lines(kind).1
}
