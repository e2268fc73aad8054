//! Measuring the representations against each other, and the paper's comparison table beside
//! the measurements.
//!
//! Speed is timed in-process: one random sequence of quarter-turns (the paper's nine
//! quarter-turns and their inverses) is made on every representation — composite and visual
//! skip the C and H turns they do not define — after a warm-up, in several rounds, and the
//! median round gives nanoseconds per turn, as defined (the ndarray transform) and compiled
//! (the gather).

use std::hint::black_box;
use std::time::Instant;

use comfy_table::{ContentArrangement, Table, presets};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cube::Cube;
use crate::moves::PaperMove;
use crate::rep::{Gather, RepKind};

/// The paper's ranks, from its comparison table (1 best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperRanks {
    /// How much of the cube it captures.
    pub complete: u8,
    /// How well it generalises to other puzzles.
    pub general: u8,
    /// How easy the definitions are to understand.
    pub simple: u8,
    /// How brief the definitions are.
    pub concise: u8,
    /// How suitable for viewing.
    pub display: u8,
    /// Potential for insight.
    pub insight: u8,
    /// Storage.
    pub space: u8,
    /// Time to make quarter-turns.
    pub speed: u8,
}

/// The criteria, in the paper's column order.
pub const CRITERIA: [&str; 8] = [
    "Complete", "General", "Simple", "Concise", "Display", "Insight", "Space", "Speed",
];

/// The criteria this workbench measures; the others stay the paper's judgement alone.
pub const MEASURED: [&str; 4] = ["Complete", "Concise", "Space", "Speed"];

impl PaperRanks {
    /// The paper's table, row by row.
    pub fn of(kind: RepKind) -> PaperRanks {
        let r = match kind {
            RepKind::Numeric => [1, 7, 7, 3, 4, 2, 3, 6],
            RepKind::Local => [4, 3, 3, 6, 3, 5, 2, 5],
            RepKind::Composite => [6, 6, 2, 4, 5, 6, 4, 2],
            RepKind::Visual => [5, 4, 4, 7, 1, 5, 6, 3],
            RepKind::Vector => [4, 1, 1, 5, 6, 7, 1, 1],
            RepKind::FourD => [1, 5, 6, 1, 7, 4, 5, 4],
            RepKind::Nested => [1, 2, 5, 2, 2, 1, 7, 7],
        };
        PaperRanks {
            complete: r[0],
            general: r[1],
            simple: r[2],
            concise: r[3],
            display: r[4],
            insight: r[5],
            space: r[6],
            speed: r[7],
        }
    }

    /// The ranks in column order.
    pub fn as_array(&self) -> [u8; 8] {
        [
            self.complete,
            self.general,
            self.simple,
            self.concise,
            self.display,
            self.insight,
            self.space,
            self.speed,
        ]
    }
}

/// What was measured of one representation.
#[derive(Clone, Debug)]
pub struct Measure {
    /// Which representation.
    pub kind: RepKind,
    /// Shape, e.g. `5×12`.
    pub shape: String,
    /// Element kind.
    pub element: &'static str,
    /// Bytes of state.
    pub bytes: usize,
    /// Paper moves defined, of 24.
    pub moves: usize,
    /// Stickers the array holds (of 54).
    pub stickers: usize,
    /// Lines of its move definitions (code lines between the `moves:begin`/`moves:end`
    /// markers of its source file).
    pub definition_lines: usize,
    /// Quarter-turns timed.
    pub turns: usize,
    /// Median nanoseconds per quarter-turn, as defined.
    pub ns_defined: f64,
    /// Median nanoseconds per quarter-turn, compiled.
    pub ns_compiled: f64,
}

/// Stickers held by each representation's array: the paper's composite leaves out the up and
/// down centres, its visual the down centre.
pub fn stickers(kind: RepKind) -> usize {
    match kind {
        RepKind::Composite => 52,
        RepKind::Visual => 53,
        _ => 54,
    }
}

/// Lines of code (not blank, not comments) of each representation's move definitions.
pub fn definition_lines(kind: RepKind) -> usize {
    let source = match kind {
        RepKind::Numeric => include_str!("rep/numeric.rs"),
        RepKind::Local => include_str!("rep/local.rs"),
        RepKind::Composite => include_str!("rep/composite.rs"),
        RepKind::Visual => include_str!("rep/visual.rs"),
        RepKind::Vector => include_str!("rep/vector.rs"),
        RepKind::FourD => include_str!("rep/four_d.rs"),
        RepKind::Nested => include_str!("rep/nested.rs"),
    };
    source
        .lines()
        .skip_while(|l| !l.contains("moves:begin"))
        .take_while(|l| !l.contains("moves:end"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// The quarter-turns timed: the paper's nine and their inverses.
pub fn quarter_turns() -> Vec<PaperMove> {
    PaperMove::ALL
        .into_iter()
        .filter(|m| m.letter.layer().is_some())
        .collect()
}

/// The most quarter-turns `compare` and `paper` time: half a minute or so of work (the as-defined
/// turns of the slowest representations take 1–2 µs, the pieces' 8 µs, seven rounds each).
pub const MAX_TURNS: usize = 500_000;

/// Times every representation on `turns` random quarter-turns from `seed` (at most
/// [`MAX_TURNS`]), `rounds` rounds each, and calls `tick` after each representation.
pub fn measure(
    turns: usize,
    rounds: usize,
    seed: u64,
    mut tick: impl FnMut(RepKind),
) -> Vec<Measure> {
    let qt = quarter_turns();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let turns = turns.min(MAX_TURNS);
    let sequence: Vec<PaperMove> = (0..turns)
        .map(|_| qt[rng.random_range(0..qt.len())])
        .collect();
    let start = Cube::solved();
    RepKind::ALL
        .iter()
        .map(|&kind| {
            let moves: Vec<PaperMove> = sequence
                .iter()
                .copied()
                .filter(|&m| kind.undefined_reason(m).is_none())
                .collect();
            let mut rep = kind.build(&start).expect("3×3×3");
            // Each distinct move compiled once; the sequence indexes them.
            let gathers: Vec<_> = PaperMove::ALL
                .iter()
                .map(|&m| rep.compile(m.into()).ok())
                .collect();
            let tables: Vec<&Gather> = moves
                .iter()
                .map(|&m| {
                    let i = PaperMove::ALL
                        .iter()
                        .position(|&a| a == m)
                        .expect("a paper move");
                    gathers[i].as_ref().expect("defined")
                })
                .collect();
            let shape = rep
                .shape()
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("×");
            let per_turn = |elapsed: std::time::Duration| {
                elapsed.as_nanos() as f64 / moves.len().max(1) as f64
            };
            // Warm-up, then the rounds.
            for &m in moves.iter().take(100) {
                rep.turn(m.into()).expect("defined");
            }
            let mut defined: Vec<f64> = (0..rounds)
                .map(|_| {
                    let t = Instant::now();
                    for &m in &moves {
                        rep.turn(black_box(m).into()).expect("defined");
                    }
                    per_turn(t.elapsed())
                })
                .collect();
            let mut compiled: Vec<f64> = (0..rounds + 1)
                .map(|_| {
                    let t = Instant::now();
                    for g in &tables {
                        rep.turn_compiled(black_box(g));
                    }
                    black_box(rep.shape());
                    per_turn(t.elapsed())
                })
                .skip(1)
                .collect();
            tick(kind);
            Measure {
                kind,
                shape,
                element: rep.element(),
                bytes: rep.state_bytes(),
                moves: kind.defined_moves().len(),
                stickers: stickers(kind),
                definition_lines: definition_lines(kind),
                turns: moves.len(),
                ns_defined: median(&mut defined),
                ns_compiled: median(&mut compiled),
            }
        })
        .collect()
}

/// What was measured of the piece-mapping representation of the Ruby notes, which comes from
/// outside the paper: it has no arrays to compile and turns outer faces only.
#[derive(Clone, Debug)]
pub struct PiecesMeasure {
    /// What its state is made of.
    pub shape: String,
    /// Bytes of state.
    pub bytes: usize,
    /// Paper moves it defines, of 24 (the outer faces' quarter-turns).
    pub moves: usize,
    /// Quarter-turns timed.
    pub turns: usize,
    /// Median nanoseconds per quarter-turn.
    pub ns_defined: f64,
}

/// Times the piece-mapping representation on the outer-face quarter-turns of the same random
/// sequence [`measure`] uses.
pub fn measure_pieces(turns: usize, rounds: usize, seed: u64) -> PiecesMeasure {
    use crate::moves::Move;
    let turns = turns.min(MAX_TURNS);
    use crate::pieces::PieceCube;
    let qt = quarter_turns();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let moves: Vec<Move> = (0..turns)
        .map(|_| Move::paper(qt[rng.random_range(0..qt.len())]))
        .filter(|m| PieceCube::solved().turn(m).is_ok())
        .collect();
    let defined = PaperMove::ALL
        .iter()
        .filter(|&&m| PieceCube::solved().turn(&Move::paper(m)).is_ok())
        .count();
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let mut cube = PieceCube::solved();
            let t = Instant::now();
            for m in &moves {
                cube.turn(black_box(m)).expect("outer face turn");
            }
            black_box(cube.is_solved());
            t.elapsed().as_nanos() as f64 / moves.len().max(1) as f64
        })
        .collect();
    let cube = PieceCube::solved();
    PiecesMeasure {
        shape: cube.shape_description(),
        bytes: cube.state_bytes(),
        moves: defined,
        turns: moves.len(),
        ns_defined: median(&mut times),
    }
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => 0.0,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// Standard competition ranks ("1224"): 1 for the best key, ties share a rank. Smaller keys
/// are better.
///
/// ```
/// use cubework::compare::ranks;
/// assert_eq!(ranks(&[54.0, 54.0, 60.0, 121.0]), vec![1, 1, 3, 4]);
/// ```
pub fn ranks(keys: &[f64]) -> Vec<u8> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|&&o| o < *k).count() as u8)
        .collect()
}

/// Output format of the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// A boxed table for the terminal.
    #[default]
    Table,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values with a header row.
    Csv,
}

fn render(format: Format, header: &[String], rows: &[Vec<String>]) -> String {
    match format {
        Format::Csv => std::iter::once(header.to_vec())
            .chain(rows.iter().cloned())
            .map(|r| r.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n"),
        Format::Table | Format::Markdown => {
            let mut table = Table::new();
            table.load_style(if format == Format::Markdown {
                presets::ASCII_MARKDOWN
            } else {
                presets::UTF8_FULL_CONDENSED
            });
            table.set_content_arrangement(if format == Format::Markdown {
                ContentArrangement::Disabled
            } else {
                ContentArrangement::Dynamic
            });
            table.set_header(header.to_vec());
            for r in rows {
                table.add_row(r.clone());
            }
            table.to_string()
        }
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The `compare` table: one row per representation, the paper's seven ranked, then the
/// piece-mapping representation (from outside the paper, not ranked) if measured.
pub fn compare_table(
    measures: &[Measure],
    pieces: Option<&PiecesMeasure>,
    format: Format,
) -> String {
    let speed = ranks(&measures.iter().map(|m| m.ns_defined).collect::<Vec<_>>());
    let space = ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>());
    let header: Vec<String> = [
        "rep",
        "shape",
        "element",
        "bytes",
        "moves",
        "ns/turn defined",
        "ns/turn compiled",
        "speed rank",
        "paper speed",
        "space rank",
        "paper space",
    ]
    .map(String::from)
    .to_vec();
    let rows: Vec<Vec<String>> = measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let paper = PaperRanks::of(m.kind);
            vec![
                m.kind.name().to_string(),
                m.shape.clone(),
                m.element.to_string(),
                m.bytes.to_string(),
                format!("{}/24", m.moves),
                format!("{:.0}", m.ns_defined),
                format!("{:.1}", m.ns_compiled),
                speed[i].to_string(),
                paper.speed.to_string(),
                space[i].to_string(),
                paper.space.to_string(),
            ]
        })
        .collect();
    let mut rows = rows;
    if let Some(p) = pieces {
        rows.push(vec![
            "pieces".to_string(),
            "20 colour maps".to_string(),
            "colour (u8)".to_string(),
            p.bytes.to_string(),
            format!("{}/24", p.moves),
            format!("{:.0}", p.ns_defined),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ]);
    }
    let mut out = render(format, &header, &rows);
    if format != Format::Csv {
        let turns = measures.iter().map(|m| m.turns).max().unwrap_or(0);
        out.push_str(&format!(
            "\n{turns} random quarter-turns (L C R B H F U M D and inverses), the same sequence for every representation; \
             composite and visual skip the C and H turns they do not define. Median of several rounds after a warm-up; \
             speed rank from the as-defined time. Compiled turns of byte states {}.",
            if crate::simd::ShufflePath::detect() == crate::simd::ShufflePath::Vbmi {
                "are AVX-512 VBMI byte shuffles (vpermb)"
            } else {
                "gather the cells that change (this CPU has no AVX-512 VBMI)"
            }
        ));
        if pieces.is_some() {
            out.push_str(
                "\npieces: the piece-mapping representation of the Ruby notes, from outside the paper; \
                 it turns outer faces only, has no arrays to compile, and is not ranked.",
            );
        }
    }
    out
}

/// The paper's comparison table beside the measured counterparts.
pub fn paper_table(measures: &[Measure], format: Format) -> String {
    let complete = ranks(
        &measures
            .iter()
            .map(|m| -((m.moves * 100 + m.stickers) as f64))
            .collect::<Vec<_>>(),
    );
    let concise = ranks(
        &measures
            .iter()
            .map(|m| m.definition_lines as f64)
            .collect::<Vec<_>>(),
    );
    let space = ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>());
    let speed = ranks(&measures.iter().map(|m| m.ns_defined).collect::<Vec<_>>());
    let rows: Vec<Vec<String>> = measures
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let p = PaperRanks::of(m.kind);
            let mut row = vec![m.kind.title().to_string()];
            match format {
                Format::Csv => {
                    row[0] = m.kind.name().to_string();
                    row.extend(p.as_array().iter().map(|r| r.to_string()));
                    row.extend(
                        [complete[i], concise[i], space[i], speed[i]].map(|r| r.to_string()),
                    );
                    row.extend([
                        m.moves.to_string(),
                        m.stickers.to_string(),
                        m.definition_lines.to_string(),
                        m.bytes.to_string(),
                        format!("{:.0}", m.ns_defined),
                    ]);
                }
                _ => {
                    row.push(format!(
                        "{} → {} ({}/24, {} st.)",
                        p.complete, complete[i], m.moves, m.stickers
                    ));
                    row.extend([p.general, p.simple].map(|r| r.to_string()));
                    row.push(format!(
                        "{} → {} ({} lines)",
                        p.concise, concise[i], m.definition_lines
                    ));
                    row.extend([p.display, p.insight].map(|r| r.to_string()));
                    row.push(format!("{} → {} ({} B)", p.space, space[i], m.bytes));
                    row.push(format!(
                        "{} → {} ({:.0} ns)",
                        p.speed, speed[i], m.ns_defined
                    ));
                }
            }
            row
        })
        .collect();
    let header: Vec<String> = match format {
        Format::Csv => ["rep"]
            .iter()
            .map(|s| s.to_string())
            .chain(CRITERIA.iter().map(|c| c.to_lowercase()))
            .chain(
                MEASURED
                    .iter()
                    .map(|c| format!("{}_measured", c.to_lowercase())),
            )
            .chain(
                [
                    "moves",
                    "stickers",
                    "definition_lines",
                    "bytes",
                    "ns_per_turn",
                ]
                .map(String::from),
            )
            .collect(),
        _ => std::iter::once("Representation".to_string())
            .chain(CRITERIA.iter().map(|c| c.to_string()))
            .collect(),
    };
    let mut out = render(format, &header, &rows);
    if format != Format::Csv {
        out.push_str(
            "\nRanks: paper → measured (1 best). Measured: Complete from defined moves, then stickers held; \
             Concise from lines of move definitions; Space from bytes of state; Speed from ns per quarter-turn as defined.\n\
             General, Simple, Display and Insight stay the paper's judgement alone.",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_ranks_are_the_papers_table() {
        let printed = "\
Numeric 1 7 7 3 4 2 3 6
Local 4 3 3 6 3 5 2 5
Composite 6 6 2 4 5 6 4 2
Visual 5 4 4 7 1 5 6 3
Vector 4 1 1 5 6 7 1 1
4-D 1 5 6 1 7 4 5 4
Nested 1 2 5 2 2 1 7 7";
        for (line, kind) in printed.lines().zip(RepKind::ALL) {
            let mut words = line.split(' ');
            assert_eq!(words.next(), Some(kind.title()));
            let ranks: Vec<u8> = words.map(|w| w.parse().unwrap()).collect();
            assert_eq!(ranks, PaperRanks::of(kind).as_array());
        }
    }

    #[test]
    fn every_representation_marks_its_move_definitions() {
        for kind in RepKind::ALL {
            assert!(
                definition_lines(kind) > 5,
                "{kind}: moves:begin/moves:end markers"
            );
        }
    }

    #[test]
    fn measuring_gives_seven_positive_rows() {
        let measures = measure(200, 3, 1, |_| {});
        assert_eq!(measures.len(), 7);
        for m in &measures {
            assert!(m.ns_defined > 0.0 && m.ns_compiled > 0.0, "{m:?}");
            assert!(m.turns > 0);
        }
        let csv = compare_table(&measures, None, Format::Csv);
        assert_eq!(csv.lines().count(), 8);
        let pieces = measure_pieces(200, 3, 1);
        assert!(
            pieces.ns_defined > 0.0 && pieces.moves == 12 && pieces.turns > 0,
            "{pieces:?}"
        );
        let csv = compare_table(&measures, Some(&pieces), Format::Csv);
        assert_eq!(csv.lines().count(), 9);
        assert!(
            csv.lines()
                .last()
                .unwrap()
                .starts_with("pieces,20 colour maps,")
        );
        let paper = paper_table(&measures, Format::Csv);
        assert_eq!(paper.lines().count(), 8);
        assert!(
            paper
                .lines()
                .next()
                .unwrap()
                .starts_with("rep,complete,general,")
        );
    }
}
