//! The tables `compare` and `paper` print: the representations at one size, against N, and
//! the paper's comparison beside the measured ranks.

use super::apl_timing::{APL_SAMPLE, AplMeasure, UserMeasure};
use super::ranking::{
    CRITERIA, General, MEASURED, PaperRanks, general, general_ranks, ranks, spread_ranks,
};
use super::render::{Format, machine_note, path_note, render, superscript};
use super::sizes::sizes_text;
use super::timing::{Measure, PiecesMeasure, ns};
use crate::rep::RepKind;

/// What the `compare` table shows beside the seven representations: the piece-mapping
/// representation, representations of one's own, and the APL column.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras<'a> {
    /// The piece-mapping representation of the Ruby notes (3×3×3 only, not ranked).
    pub pieces: Option<&'a PiecesMeasure>,
    /// Representations of one's own (3×3×3 only, not ranked).
    pub users: &'a [UserMeasure],
    /// The quarter-turns run by the APL evaluator, for a column with its own ranks.
    pub apl: Option<&'a [AplMeasure]>,
}

/// The `compare` table at one size: one row per representation that holds it, ranked, then
/// the piece-mapping representation (from outside the paper, 3×3×3 only, not ranked) if
/// measured.
pub fn compare_table(
    measures: &[Measure],
    pieces: Option<&PiecesMeasure>,
    format: Format,
) -> String {
    compare_table_with(
        measures,
        &Extras {
            pieces,
            ..Extras::default()
        },
        format,
    )
}

/// The APL timing of the representation named `name`, if measured.
fn apl_of<'a>(apl: Option<&'a [AplMeasure]>, name: &str) -> Option<&'a AplMeasure> {
    apl?.iter().find(|a| a.name == name)
}

/// The ranks of the seven's APL timings (faster is better, equal where the quartile ranges
/// overlap), in the order of `measures`.
pub(super) fn apl_ranks(measures: &[Measure], apl: &[AplMeasure]) -> Vec<Option<u8>> {
    let timed: Vec<&AplMeasure> = measures
        .iter()
        .filter_map(|m| apl.iter().find(|a| a.kind == Some(m.kind)))
        .collect();
    let ranks = spread_ranks(&timed.iter().map(|a| &a.timing).collect::<Vec<_>>());
    measures
        .iter()
        .map(|m| {
            timed
                .iter()
                .position(|a| a.kind == Some(m.kind))
                .map(|i| ranks[i])
        })
        .collect()
}

/// The `compare` table with [`Extras`]: the seven (ranked), then the piece-mapping
/// representation and representations of one's own (not ranked), with an APL column and its
/// ranks when measured.
pub fn compare_table_with(measures: &[Measure], extras: &Extras, format: Format) -> String {
    let n = measures.first().map_or(3, |m| m.n);
    let columns = Columns {
        csv: format == Format::Csv,
        paper: n == 3,
        apl: extras.apl,
    };
    let header = columns.header();
    let mut rows = columns.seven_rows(measures);
    if let Some(p) = extras.pieces.filter(|_| columns.paper) {
        rows.push(columns.pieces_row(p, header.len()));
    }
    if columns.paper {
        for u in extras.users {
            rows.push(columns.user_row(u, header.len()));
        }
    }
    let header: Vec<String> = header.into_iter().map(String::from).collect();
    let mut out = render(format, &header, &rows);
    if !columns.csv {
        out.push_str(&compare_notes(measures, extras, n));
    }
    out
}

/// The CSV columns of a timing as defined and compiled: each median and its quartiles.
const TIMING_COLUMNS: [&str; 6] = [
    "ns_defined",
    "ns_defined_low",
    "ns_defined_high",
    "ns_compiled",
    "ns_compiled_low",
    "ns_compiled_high",
];

/// The columns of the `compare` table: CSV's (a median and its quartiles apart) or the
/// terminal's, the paper's ranks (3×3×3), and the APL column when measured.
struct Columns<'a> {
    csv: bool,
    paper: bool,
    apl: Option<&'a [AplMeasure]>,
}

impl Columns<'_> {
    /// The header.
    fn header(&self) -> Vec<&'static str> {
        let (csv, paper, apl) = (self.csv, self.paper, self.apl.is_some());
        let mut header: Vec<&str> = vec!["rep", "shape", "element", "bytes", "moves"];
        if csv {
            header.extend(TIMING_COLUMNS);
        } else {
            header.extend(["ns/turn defined", "ns/turn compiled"]);
        }
        if apl {
            if csv {
                header.extend(["ns_apl", "ns_apl_low", "ns_apl_high"]);
            } else {
                header.push("ns/turn APL");
            }
        }
        header.push("speed rank");
        if apl {
            header.push("APL speed rank");
        }
        if paper {
            header.push("paper speed");
        }
        header.push("space rank");
        if paper {
            header.push("paper space");
        }
        header
    }

    /// The APL column's cells for the representation named `name`.
    fn apl_cells(&self, name: &str) -> Vec<String> {
        let csv = self.csv;
        match (self.apl, apl_of(self.apl, name)) {
            (None, _) => Vec::new(),
            (Some(_), Some(a)) if csv => [a.timing.median, a.timing.low, a.timing.high]
                .map(|v| format!("{v:.1}"))
                .to_vec(),
            (Some(_), Some(a)) => vec![a.timing.describe()],
            (Some(_), None) if csv => vec![String::new(); 3],
            (Some(_), None) => vec!["—".to_string()],
        }
    }

    /// A row for each of the seven, ranked.
    fn seven_rows(&self, measures: &[Measure]) -> Vec<Vec<String>> {
        let speed = spread_ranks(&measures.iter().map(|m| &m.defined).collect::<Vec<_>>());
        let space = ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>());
        let apl_rank = self.apl.map(|a| apl_ranks(measures, a));
        let (csv, paper) = (self.csv, self.paper);
        measures
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut row = vec![
                    m.kind.name().to_string(),
                    m.shape.clone(),
                    m.element.to_string(),
                    m.bytes.to_string(),
                    format!("{}/{}", m.moves, m.moves_of),
                ];
                if csv {
                    for t in [&m.defined, &m.compiled] {
                        row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
                    }
                } else {
                    row.extend([m.defined.describe(), m.compiled.describe()]);
                }
                row.extend(self.apl_cells(m.kind.name()));
                row.push(speed[i].to_string());
                if let Some(r) = &apl_rank {
                    row.push(r[i].map_or(String::new(), |r| r.to_string()));
                }
                if paper {
                    row.push(PaperRanks::of(m.kind).speed.to_string());
                }
                row.push(space[i].to_string());
                if paper {
                    row.push(PaperRanks::of(m.kind).space.to_string());
                }
                row
            })
            .collect()
    }

    /// The row of the piece-mapping representation, `width` cells wide.
    fn pieces_row(&self, p: &PiecesMeasure, width: usize) -> Vec<String> {
        let mut row = vec![
            "pieces".to_string(),
            "20 colour maps".to_string(),
            "colour (u8)".to_string(),
            p.bytes.to_string(),
            format!("{}/24", p.moves),
            if self.csv {
                format!("{:.1}", p.ns_defined)
            } else {
                ns(p.ns_defined)
            },
        ];
        row.resize(width, String::new());
        row
    }

    /// The row of a representation of one's own, `width` cells wide.
    fn user_row(&self, u: &UserMeasure, width: usize) -> Vec<String> {
        let label = format!("{} (user)", u.name);
        let mut row = vec![
            label,
            u.shape.clone(),
            u.element.to_string(),
            u.bytes.to_string(),
            format!("{}/24", u.moves),
        ];
        if self.csv {
            row.extend([String::new(), String::new(), String::new()]);
            let t = &u.compiled;
            row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
        } else {
            row.extend(["—".to_string(), u.compiled.describe()]);
        }
        row.extend(self.apl_cells(&u.name));
        row.resize(width, String::new());
        row
    }
}

/// The notes under the `compare` table at size `n`: what was timed and how, and what the
/// extra rows and the APL column are.
fn compare_notes(measures: &[Measure], extras: &Extras, n: usize) -> String {
    let paper = n == 3;
    let mut out = String::new();
    let turns = measures.iter().map(|m| m.turns).max().unwrap_or(0);
    let which = if paper {
        "quarter-turns (L C R B H F U M D and inverses), the same sequence for every representation; \
         composite and visual skip the C and H turns they do not define"
            .to_string()
    } else {
        format!(
            "single-layer quarter-turns of the {n}×{n}×{n}, the same sequence for every representation that holds it"
        )
    };
    out.push_str(&format!(
        "\n{turns} random {which}. Median ns per turn of samples of consecutive turns (100 as defined, 2,000 \
         compiled, or as many more as last 20 steps of a coarse clock) from {} rounds in which the representations take turns, after a warm-up round, with the quartiles \
         in brackets; speed rank from the as-defined time, equal where the quartile ranges overlap. {}",
        measures.first().map_or(0, |m| m.rounds),
        path_note() + "\n" + &machine_note()
    ));
    if let Some(a) = extras.apl.filter(|_| paper) {
        out.push_str(&format!(
            "\nns/turn APL: the same quarter-turns (the first {} of the sequence) run by the APL evaluator from the paper's \
             definitions (src/apl/paper/*.apl) on the state as an APL value, the setting the paper ranked them in; \
             samples of {APL_SAMPLE} turns from interleaved rounds, APL speed rank equal where the quartile ranges overlap.",
            crate::base::text::thousands(a.iter().map(|a| a.turns).max().unwrap_or(0) as u64)
        ));
    }
    if !extras.users.is_empty() && paper {
        out.push_str(
            "\n(user): a representation of your own (APL mode, )rep NAME ENCODE [DECODE]), its moves by conjugation \
             (ENCODE M DECODE ⍵ with the vector's M) compiled to a gather; it has no Rust transform to time as defined \
             (its APL time: --apl), and is not ranked.",
        );
    }
    if extras.pieces.is_some() && paper {
        out.push_str(
            "\npieces: the piece-mapping representation of the Ruby notes, from outside the paper; \
             it turns outer faces only, has no arrays to compile, and is not ranked.",
        );
        out.push_str(&format!(" {}", crate::state::piece_map::RUBY_NOTES));
    }
    out
}

/// `compare --sizes`: every representation's cost against N. As a table, three grids (as
/// defined, compiled, bytes) with a row per representation and a column per size; as CSV one
/// row per representation and size.
pub fn sizes_table(sweep: &[Measure], format: Format) -> String {
    let mut sizes: Vec<usize> = sweep.iter().map(|m| m.n).collect();
    sizes.sort();
    sizes.dedup();
    if format == Format::Csv {
        let header: Vec<String> = ["rep", "n", "shape", "bytes", "moves", "moves_of", "turns"]
            .into_iter()
            .chain(TIMING_COLUMNS)
            .map(String::from)
            .collect();
        let rows: Vec<Vec<String>> = sweep
            .iter()
            .map(|m| {
                let mut row = vec![
                    m.kind.name().to_string(),
                    m.n.to_string(),
                    m.shape.clone(),
                    m.bytes.to_string(),
                    m.moves.to_string(),
                    m.moves_of.to_string(),
                    m.turns.to_string(),
                ];
                for t in [&m.defined, &m.compiled] {
                    row.extend([t.median, t.low, t.high].map(|v| format!("{v:.1}")));
                }
                row
            })
            .collect();
        return render(format, &header, &rows);
    }
    let grid = |title: &str, cell: &dyn Fn(&Measure) -> String| {
        let header: Vec<String> = std::iter::once(title.to_string())
            .chain(sizes.iter().map(|n| format!("N={n}")))
            .collect();
        let rows: Vec<Vec<String>> = RepKind::ALL
            .into_iter()
            .filter(|&k| sweep.iter().any(|m| m.kind == k))
            .map(|kind| {
                std::iter::once(kind.name().to_string())
                    .chain(sizes.iter().map(|&n| {
                        sweep
                            .iter()
                            .find(|m| m.kind == kind && m.n == n)
                            .map_or("—".to_string(), cell)
                    }))
                    .collect()
            })
            .collect();
        render(format, &header, &rows)
    };
    let general = general(sweep);
    let growth: Vec<Vec<String>> = general
        .iter()
        .map(|g| {
            if g.sizes_measured < 3 {
                let two = format!("{} sizes, not fitted", g.sizes_measured);
                return vec![
                    g.kind.name().to_string(),
                    sizes_text(&g.sizes),
                    two.clone(),
                    two.clone(),
                    two,
                ];
            }
            vec![
                g.kind.name().to_string(),
                sizes_text(&g.sizes),
                format!("N^{}", g.bytes_growth),
                format!("N^{:.1}", g.time_growth),
                format!("N^{:.1}", g.compiled_growth),
            ]
        })
        .collect();
    let growth_header: Vec<String> = [
        "growth",
        "sizes held",
        "bytes",
        "ns as defined",
        "ns compiled",
    ]
    .map(String::from)
    .to_vec();
    let turns: Vec<String> = sizes
        .iter()
        .map(|&n| {
            let t = sweep
                .iter()
                .filter(|m| m.n == n)
                .map(|m| m.turns)
                .max()
                .unwrap_or(0);
            format!("{t} at N={n}")
        })
        .collect();
    [
        grid("ns/turn as defined", &|m| ns(m.defined.median)),
        grid("ns/turn compiled", &|m| ns(m.compiled.median)),
        grid("bytes", &|m| m.bytes.to_string()),
        render(format, &growth_header, &growth),
        format!(
            "Random single-layer quarter-turns ({}), the same sequence for every representation at each size; median \
             ns per turn of samples from rounds in which the representations take turns. — where a representation \
             does not hold the size. Growth: the exponent k of cost ∝ N^k (bytes from the two largest sizes, times \
             fitted over all), only where three or more sizes were measured. {}",
            turns.join(", "),
            path_note() + "\n" + &machine_note()
        ),
    ]
    .join("\n\n")
}

/// The paper's comparison table beside the measured counterparts: `measures` at the 3×3×3,
/// `sweep` across sizes (for General).
pub fn paper_table(measures: &[Measure], sweep: &[Measure], format: Format) -> String {
    paper_table_with(measures, sweep, None, format)
}

/// [`paper_table`] with a Speed column measured in APL (`apl`, from [`measure_apl`](super::measure_apl)): the
/// paper's Speed rank beside the rank of the same quarter-turns run by the evaluator.
pub fn paper_table_with(
    measures: &[Measure],
    sweep: &[Measure],
    apl: Option<&[AplMeasure]>,
    format: Format,
) -> String {
    let ranked = Measured::of(measures, sweep, apl);
    let rows: Vec<Vec<String>> = measures
        .iter()
        .enumerate()
        .map(|(i, m)| match format {
            Format::Csv => ranked.csv_row(i, m, apl),
            _ => ranked.text_row(i, m, apl),
        })
        .collect();
    let header = paper_header(format, apl);
    let mut out = render(format, &header, &rows);
    if format != Format::Csv {
        out.push_str(&paper_note(sweep, apl));
    }
    out
}

/// The measured ranks the `paper` table shows beside the paper's, in the order of the
/// measures.
struct Measured {
    complete: Vec<u8>,
    concise: Vec<u8>,
    space: Vec<u8>,
    speed: Vec<u8>,
    general: Vec<General>,
    general_rank: Vec<u8>,
    apl_rank: Option<Vec<Option<u8>>>,
}

impl Measured {
    /// The ranks of `measures` (the 3×3×3's), General from `sweep` (every size), Speed in APL
    /// from `apl`.
    fn of(measures: &[Measure], sweep: &[Measure], apl: Option<&[AplMeasure]>) -> Measured {
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
        let general = general(sweep);
        Measured {
            complete,
            concise,
            space: ranks(&measures.iter().map(|m| m.bytes as f64).collect::<Vec<_>>()),
            speed: spread_ranks(&measures.iter().map(|m| &m.defined).collect::<Vec<_>>()),
            general_rank: general_ranks(&general),
            general,
            apl_rank: apl.map(|a| apl_ranks(measures, a)),
        }
    }

    /// The CSV row of the `i`th measure, `m`.
    fn csv_row(&self, i: usize, m: &Measure, apl: Option<&[AplMeasure]>) -> Vec<String> {
        let p = PaperRanks::of(m.kind);
        let g = self.general.iter().position(|g| g.kind == m.kind);
        let mut row = vec![m.kind.name().to_string()];
        row.extend(p.as_array().iter().map(|r| r.to_string()));
        row.push(self.complete[i].to_string());
        row.push(g.map_or(String::new(), |g| self.general_rank[g].to_string()));
        row.extend([self.concise[i], self.space[i], self.speed[i]].map(|r| r.to_string()));
        row.extend([
            m.moves.to_string(),
            m.stickers.to_string(),
            m.definition_lines.to_string(),
            m.bytes.to_string(),
            format!("{:.1}", m.defined.median),
            format!("{:.1}", m.defined.low),
            format!("{:.1}", m.defined.high),
        ]);
        match g.map(|g| &self.general[g]) {
            // Growth from fewer than three sizes is not fitted (two points fit any
            // exponent): empty fields, as the table and Markdown say "not fitted".
            Some(g) if g.sizes_measured < 3 => row.extend([
                g.sizes.start().to_string(),
                g.sizes.end().to_string(),
                g.extra_lines.to_string(),
                String::new(),
                String::new(),
            ]),
            Some(g) => row.extend([
                g.sizes.start().to_string(),
                g.sizes.end().to_string(),
                g.extra_lines.to_string(),
                g.bytes_growth.to_string(),
                format!("{:.2}", g.time_growth),
            ]),
            None => row.extend([""; 5].map(String::from)),
        }
        if let Some(r) = &self.apl_rank {
            row.push(r[i].map_or(String::new(), |r| r.to_string()));
            match apl_of(apl, m.kind.name()) {
                Some(a) => row.extend(
                    [a.timing.median, a.timing.low, a.timing.high].map(|v| format!("{v:.1}")),
                ),
                None => row.extend([""; 3].map(String::from)),
            }
        }
        row
    }

    /// The terminal's (or Markdown's) row of the `i`th measure, `m`: paper → measured.
    fn text_row(&self, i: usize, m: &Measure, apl: Option<&[AplMeasure]>) -> Vec<String> {
        let p = PaperRanks::of(m.kind);
        let g = self.general.iter().position(|g| g.kind == m.kind);
        let mut row = vec![m.kind.title().to_string()];
        row.push(format!(
            "{} → {} ({}/24, {} st.)",
            p.complete, self.complete[i], m.moves, m.stickers
        ));
        row.push(match g.map(|g| (&self.general[g], self.general_rank[g])) {
            Some((g, rank)) if g.sizes_measured < 3 => format!(
                "{} → {} ({}, +{} lines, {} sizes: growth not fitted)",
                p.general,
                rank,
                sizes_text(&g.sizes),
                g.extra_lines,
                g.sizes_measured
            ),
            Some((g, rank)) => format!(
                "{} → {} ({}, +{} lines, B∝N{}, t∝N^{:.1})",
                p.general,
                rank,
                sizes_text(&g.sizes),
                g.extra_lines,
                superscript(g.bytes_growth),
                g.time_growth
            ),
            None => p.general.to_string(),
        });
        row.push(p.simple.to_string());
        row.push(format!(
            "{} → {} ({} lines)",
            p.concise, self.concise[i], m.definition_lines
        ));
        row.extend([p.display, p.insight].map(|r| r.to_string()));
        row.push(format!("{} → {} ({} B)", p.space, self.space[i], m.bytes));
        row.push(format!(
            "{} → {} ({} ns)",
            p.speed,
            self.speed[i],
            m.defined.describe()
        ));
        if let Some(r) = &self.apl_rank {
            row.push(match (r[i], apl_of(apl, m.kind.name())) {
                (Some(rank), Some(a)) => {
                    format!("{} → {} ({} ns)", p.speed, rank, a.timing.describe())
                }
                _ => p.speed.to_string(),
            });
        }
        row
    }
}

/// The `paper` table's header in `format`, with Speed in APL when measured.
fn paper_header(format: Format, apl: Option<&[AplMeasure]>) -> Vec<String> {
    match format {
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
                    "ns_per_turn_low",
                    "ns_per_turn_high",
                    "smallest_size",
                    "largest_size",
                    "general_lines",
                    "bytes_growth",
                    "time_growth",
                ]
                .map(String::from),
            )
            .chain(
                apl.iter()
                    .flat_map(|_| ["speed_apl_measured", "ns_apl", "ns_apl_low", "ns_apl_high"])
                    .map(String::from),
            )
            .collect(),
        _ => std::iter::once("Representation".to_string())
            .chain(CRITERIA.iter().map(|c| c.to_string()))
            .chain(apl.iter().map(|_| "Speed in APL".to_string()))
            .collect(),
    }
}

/// The notes under the `paper` table: how each rank is measured, over the sizes of `sweep`.
fn paper_note(sweep: &[Measure], apl: Option<&[AplMeasure]>) -> String {
    let sizes: Vec<usize> = {
        let mut s: Vec<usize> = sweep.iter().map(|m| m.n).collect();
        s.sort();
        s.dedup();
        s
    };
    format!(
        "\nRanks: paper → measured (1 best). Measured: Complete from defined moves, then stickers held; \
         General from the sizes held, then the extra lines of move definitions the N×N×N form needs, then how bytes \
         grow with N (B∝Nᵏ; t∝Nᵏ: how the as-defined turn time grows, fitted over N = {}–{}); Concise from lines of \
         3×3×3 move definitions; Space from bytes of state; Speed from ns per quarter-turn as defined (median of \
         samples of 100 turns from interleaved rounds, quartiles in brackets), equal where the quartile ranges overlap.\n\
         Simple, Display and Insight stay the paper's judgement alone.{}\n{}",
        sizes.first().unwrap_or(&3),
        sizes.last().unwrap_or(&3),
        if apl.is_some() {
            "\nSpeed in APL: the paper's Speed rank → the rank of the same quarter-turns run by the APL evaluator from \
             the paper's definitions (src/apl/paper/*.apl), the setting the paper ranked them in (median ns of samples \
             of 20 turns from interleaved rounds, quartiles in brackets; equal where those overlap)."
        } else {
            ""
        },
        machine_note(),
    )
}
