//! The measurements as charts, drawn with `plotters` into SVG text (its SVG backend writes
//! text as `<text>` elements, so no fonts are loaded and nothing depends on the machine); the
//! text names the same fonts as the other pictures ([`super::svg::FONT_FAMILIES`]).
//!
//! Each chart takes plain data — [`SpeedBar`]s, [`SizeLine`]s, a distance distribution,
//! [`CycleCount`]s — made from the measuring code's own results by one small function each
//! ([`speed_bars`], [`size_lines`], [`cycle_counts`]), so the measuring code can change without
//! touching the drawing.

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::DrawError;
use crate::compare::{Measure, PaperRanks, PiecesMeasure, spread_ranks};
use crate::state::geometry::Geometry;
use crate::state::sticker_perm::StickerPerm;

fn err(e: impl std::fmt::Display) -> DrawError {
    DrawError::Chart(e.to_string())
}

/// Draws a chart's mesh, set up by the caller, in the charts' own style: labels in the text
/// colour, axis descriptions muted, light lines pale and at most two between labels.
fn draw_mesh<X, Y, DB>(mesh: &mut MeshStyle<'_, '_, X, Y, DB>) -> Result<(), DrawError>
where
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
    DB: DrawingBackend,
{
    mesh.label_style((FONT, 13).into_font().color(&TEXT))
        .axis_desc_style((FONT, 13).into_font().color(&MUTED))
        .light_line_style(RGBColor(0xf2, 0xf2, 0xf2))
        .max_light_lines(2)
        .draw()
        .map_err(err)
}

const DEFINED: RGBColor = RGBColor(0x1f, 0x4e, 0x9a);
const COMPILED: RGBColor = RGBColor(0x7f, 0xb3, 0xe8);
const HTM: RGBColor = RGBColor(0x1f, 0x4e, 0x9a);
const QTM: RGBColor = RGBColor(0xe0, 0x7b, 0x22);
const TEXT: RGBColor = RGBColor(0x14, 0x14, 0x14);
const MUTED: RGBColor = RGBColor(0x70, 0x70, 0x70);
const FONT: &str = super::svg::FONT_FAMILIES;

/// A line of text at `at`, centred on it vertically and anchored there by `h`, in `size`
/// points of `colour`.
fn label(
    text: String,
    at: (i32, i32),
    size: u32,
    colour: &RGBColor,
    h: HPos,
) -> Text<'static, (i32, i32), String> {
    let style = (FONT, size)
        .into_font()
        .color(colour)
        .pos(Pos::new(h, VPos::Center));
    Text::new(text, at, style)
}

/// One representation's speeds, as the speed chart shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedBar {
    /// The representation's name.
    pub name: String,
    /// Nanoseconds per quarter-turn, as defined.
    pub ns_defined: f64,
    /// Nanoseconds per quarter-turn, compiled (none for representations without arrays).
    pub ns_compiled: Option<f64>,
    /// The paper's speed rank.
    pub paper_rank: Option<u8>,
    /// The measured speed rank (as defined).
    pub measured_rank: Option<u8>,
}

/// The speed chart's bars from `compare`'s measurements (at one size): each representation
/// ranked by its as-defined time as `compare` ranks them (equal where the quartile ranges
/// overlap), then the piece-mapping representation (unranked) if measured. The paper's ranks
/// are shown on the 3×3×3 only.
///
/// ```
/// use cubework::compare::measure;
/// use cubework::draw::chart::speed_bars;
/// let bars = speed_bars(&measure(3, 200, 1, 1, |_| {}).unwrap(), None);
/// assert_eq!(bars.len(), 7);
/// assert!(bars.iter().all(|b| b.paper_rank.is_some() && b.measured_rank.is_some()));
/// ```
pub fn speed_bars(measures: &[Measure], pieces: Option<&PiecesMeasure>) -> Vec<SpeedBar> {
    let measured = spread_ranks(&measures.iter().map(|m| &m.defined).collect::<Vec<_>>());
    let mut bars: Vec<SpeedBar> = measures
        .iter()
        .zip(measured)
        .map(|(m, rank)| SpeedBar {
            name: m.kind.name().to_string(),
            ns_defined: m.defined.median,
            ns_compiled: Some(m.compiled.median),
            paper_rank: (m.n == 3).then(|| PaperRanks::of(m.kind).speed),
            measured_rank: Some(rank),
        })
        .collect();
    if let Some(p) = pieces {
        bars.push(SpeedBar {
            name: "pieces".to_string(),
            ns_defined: p.ns_defined,
            ns_compiled: None,
            paper_rank: None,
            measured_rank: None,
        });
    }
    bars
}

/// The smallest and largest powers of ten around `values` (positive ones).
fn decades(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::MAX, f64::MIN_POSITIVE);
    for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return (1.0, 10.0);
    }
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf(hi.log10().ceil()).max(lo * 10.0);
    (lo, hi)
}

/// A horizontal bar chart of ns per quarter-turn, as defined and compiled, on a log scale,
/// one row per representation with its speed ranks (paper → measured) beside it.
///
/// ```
/// use cubework::draw::chart::{speed_chart, SpeedBar};
/// let bars = [SpeedBar { name: "vector".into(), ns_defined: 116.0, ns_compiled: Some(7.7),
///                        paper_rank: Some(1), measured_rank: Some(1) }];
/// let svg = speed_chart(&bars, "10000 turns").unwrap();
/// assert!(svg.contains("vector") && svg.contains("paper 1"));
/// ```
pub fn speed_chart(bars: &[SpeedBar], note: &str) -> Result<String, DrawError> {
    let rows = bars.len().max(1);
    let height = 120 + 46 * rows as u32;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (860, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (lo, hi) = decades(
            bars.iter()
                .flat_map(|b| [Some(b.ns_defined), b.ns_compiled])
                .flatten(),
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Nanoseconds per quarter-turn, by representation",
                (FONT, 20).into_font().color(&TEXT),
            )
            .margin(14)
            .margin_bottom(34)
            .margin_right(150)
            .x_label_area_size(44)
            .y_label_area_size(90)
            .build_cartesian_2d((lo..hi).log_scale(), 0f64..rows as f64)
            .map_err(err)?;
        draw_mesh(
            chart
                .configure_mesh()
                .disable_y_mesh()
                .disable_y_axis()
                .y_labels(0)
                .x_desc(format!("ns per quarter-turn (log scale) — {note}"))
                .x_label_formatter(&|v| format!("{v}")),
        )?;
        let row_y = |i: usize| (rows - 1 - i) as f64; // first bar at the top
        for (i, b) in bars.iter().enumerate() {
            let y = row_y(i);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(lo, y + 0.52), (b.ns_defined.max(lo), y + 0.86)],
                    DEFINED.filled(),
                )))
                .map_err(err)?;
            if let Some(c) = b.ns_compiled {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(lo, y + 0.14), (c.max(lo), y + 0.48)],
                        COMPILED.filled(),
                    )))
                    .map_err(err)?;
            }
            // Name at the left, values and ranks at the bars' ends.
            let name_at = chart.backend_coord(&(lo, y + 0.5));
            root.draw(&label(
                b.name.clone(),
                (name_at.0 - 10, name_at.1),
                15,
                &TEXT,
                HPos::Right,
            ))
            .map_err(err)?;
            let defined_end = chart.backend_coord(&(b.ns_defined.max(lo), y + 0.69));
            let ranks = match (b.paper_rank, b.measured_rank) {
                (Some(p), Some(m)) => format!("  speed rank: paper {p}, measured {m}"),
                _ => "  (not ranked: outside the paper)".to_string(),
            };
            root.draw(&label(
                format!("{} ns{ranks}", short(b.ns_defined)),
                (defined_end.0 + 6, defined_end.1),
                12,
                &TEXT,
                HPos::Left,
            ))
            .map_err(err)?;
            if let Some(c) = b.ns_compiled {
                let end = chart.backend_coord(&(c.max(lo), y + 0.31));
                root.draw(&label(
                    format!("{} ns", short(c)),
                    (end.0 + 6, end.1),
                    12,
                    &MUTED,
                    HPos::Left,
                ))
                .map_err(err)?;
            }
        }
        legend(
            &root,
            (100, height as i32 - 16),
            &[("as defined", DEFINED), ("compiled", COMPILED)],
        )?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// One representation's cost at each size it holds, as the sizes chart draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct SizeLine {
    /// The representation's name.
    pub name: String,
    /// `(N, ns per quarter-turn)` at each size measured.
    pub points: Vec<(usize, f64)>,
}

/// The sizes chart's lines from `compare --sizes`'s measurements: as defined and compiled, a
/// line per representation in the paper's order.
///
/// ```
/// use cubework::compare::measure_sizes;
/// use cubework::draw::chart::size_lines;
/// let (defined, compiled) = size_lines(&measure_sizes(2..=4, 100, 1, 1, |_, _| {}).unwrap());
/// assert_eq!(defined.len(), 7);
/// assert_eq!(compiled[0].points.len(), 3); // numeric at N = 2, 3, 4
/// assert_eq!(compiled[2].points.len(), 2); // composite at N = 2, 3
/// ```
pub fn size_lines(sweep: &[Measure]) -> (Vec<SizeLine>, Vec<SizeLine>) {
    let line = |kind: crate::rep::RepKind, ns: &dyn Fn(&Measure) -> f64| SizeLine {
        name: kind.name().to_string(),
        points: sweep
            .iter()
            .filter(|m| m.kind == kind)
            .map(|m| (m.n, ns(m)))
            .collect(),
    };
    let kinds = crate::rep::RepKind::ALL
        .into_iter()
        .filter(|&k| sweep.iter().any(|m| m.kind == k));
    kinds
        .map(|k| {
            (
                line(k, &|m| m.defined.median),
                line(k, &|m| m.compiled.median),
            )
        })
        .unzip()
}

/// A colour per representation, in the paper's order.
const LINES: [RGBColor; 7] = [
    RGBColor(0x1f, 0x4e, 0x9a),
    RGBColor(0xe0, 0x7b, 0x22),
    RGBColor(0x2e, 0x8b, 0x57),
    RGBColor(0xb2, 0x22, 0x22),
    RGBColor(0x6a, 0x3d, 0x9a),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0x17, 0xa2, 0xb8),
];

/// Two panels side by side, ns per quarter-turn against the cube's size N on a log scale, as
/// defined (left) and compiled (right), a line per representation: how each one's cost grows
/// with the cube.
///
/// ```
/// use cubework::draw::chart::{sizes_chart, SizeLine};
/// let line = |name: &str, points: Vec<(usize, f64)>| SizeLine { name: name.into(), points };
/// let svg = sizes_chart(
///     &[line("vector", vec![(2, 93.0), (3, 101.0), (4, 109.0)])],
///     &[line("vector", vec![(2, 4.1), (3, 4.1), (4, 4.6)])],
///     "10000 turns",
/// )
/// .unwrap();
/// assert!(svg.contains("vector") && svg.contains("compiled"));
/// ```
pub fn sizes_chart(
    defined: &[SizeLine],
    compiled: &[SizeLine],
    note: &str,
) -> Result<String, DrawError> {
    let all = || defined.iter().chain(compiled).flat_map(|l| l.points.iter());
    let (n_lo, n_hi) = (
        all().map(|p| p.0).min().unwrap_or(2),
        all().map(|p| p.0).max().unwrap_or(3).max(3),
    );
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (980, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (top, bottom) = root.split_vertically(440);
        let panels = top.split_evenly((1, 2));
        for (panel, (lines, title)) in panels.iter().zip([
            (defined, "ns per quarter-turn, as defined"),
            (compiled, "ns per quarter-turn, compiled"),
        ]) {
            let (lo, hi) = decades(lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)));
            let mut chart = ChartBuilder::on(panel)
                .caption(title, (FONT, 17).into_font().color(&TEXT))
                .margin(14)
                .x_label_area_size(40)
                .y_label_area_size(56)
                .build_cartesian_2d(n_lo as f64 - 0.2..n_hi as f64 + 0.2, (lo..hi).log_scale())
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_labels(n_hi - n_lo + 1)
                .x_label_formatter(&|v| format!("{v:.0}"))
                .y_label_formatter(&|v| format!("{v}"))
                .x_desc("N (the N×N×N cube)")
                .label_style((FONT, 12).into_font().color(&TEXT))
                .axis_desc_style((FONT, 12).into_font().color(&MUTED))
                .light_line_style(RGBColor(0xf2, 0xf2, 0xf2))
                .draw()
                .map_err(err)?;
            for (i, l) in lines.iter().enumerate() {
                let points = against_n(&l.points, lo);
                draw_line(&mut chart, &points, LINES[i % LINES.len()], 3)?;
            }
        }
        let names: Vec<(&str, RGBColor)> = defined
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.as_str(), LINES[i % LINES.len()]))
            .collect();
        legend(&bottom, (70, 16), &names)?;
        bottom
            .draw(&label(note.to_string(), (70, 44), 12, &MUTED, HPos::Left))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// `(N, value)` points as a chart's coordinates, each value no lower than `floor`.
fn against_n(points: &[(usize, f64)], floor: f64) -> Vec<(f64, f64)> {
    points
        .iter()
        .map(|&(n, v)| (n as f64, v.max(floor)))
        .collect()
}

/// A line through `points` in `colour`, with a dot of radius `dot` at each.
fn draw_line<Y>(
    chart: &mut ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, Y>>,
    points: &[(f64, f64)],
    colour: RGBColor,
    dot: u32,
) -> Result<(), DrawError>
where
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(std::iter::once(PathElement::new(
            points.to_vec(),
            colour.stroke_width(2),
        )))
        .map_err(err)?;
    chart
        .draw_series(points.iter().map(|&p| Circle::new(p, dot, colour.filled())))
        .map_err(err)?;
    Ok(())
}

/// A number with three significant figures at most: 1558, 116, 20.5, 7.7.
fn short(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Coloured keys in a row from `at`.
fn legend(
    root: &DrawingArea<SVGBackend, Shift>,
    at: (i32, i32),
    keys: &[(&str, RGBColor)],
) -> Result<(), DrawError> {
    let mut x = at.0;
    for &(name, colour) in keys {
        root.draw(&Rectangle::new(
            [(x, at.1 - 6), (x + 14, at.1 + 6)],
            colour.filled(),
        ))
        .map_err(err)?;
        root.draw(&label(
            name.to_string(),
            (x + 20, at.1),
            13,
            &TEXT,
            HPos::Left,
        ))
        .map_err(err)?;
        x += 44 + 7 * name.chars().count() as i32;
    }
    Ok(())
}

/// The 2×2×2's distance distribution in both metrics: states at each distance from solved,
/// half-turn and quarter-turn bars side by side, on a log scale.
///
/// ```
/// use cubework::draw::chart::distance_chart;
/// let svg = distance_chart(&[1, 9, 54], &[1, 6, 27, 120]).unwrap();
/// assert!(svg.contains("number 2 (HTM), 3 (QTM)"));
/// ```
pub fn distance_chart(htm: &[u64], qtm: &[u64]) -> Result<String, DrawError> {
    let depths = htm.len().max(qtm.len()).max(1);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (860, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (_, hi) = decades(htm.iter().chain(qtm).map(|&c| c as f64));
        // Below 1, so that the one state at distance 0 shows as a bar.
        let lo = 0.5;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "2×2×2 states by distance from solved — God's number {} (HTM), {} (QTM)",
                    htm.len().saturating_sub(1),
                    qtm.len().saturating_sub(1)
                ),
                (FONT, 19).into_font().color(&TEXT),
            )
            .margin(14)
            .margin_bottom(34)
            .x_label_area_size(44)
            .y_label_area_size(70)
            .build_cartesian_2d(-0.5f64..depths as f64 - 0.5, (lo..hi * 3.0).log_scale())
            .map_err(err)?;
        draw_mesh(
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(depths)
                .x_label_formatter(&|v| format!("{}", v.round()))
                .y_label_formatter(&|v| crate::base::text::thousands(*v as u64))
                .x_desc("distance from solved (moves)")
                .y_desc("states (log scale)"),
        )?;
        for (counts, colour, shift, name) in [(htm, HTM, -0.4, "HTM"), (qtm, QTM, 0.0, "QTM")] {
            chart
                .draw_series(
                    counts
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c > 0)
                        .map(|(d, &c)| {
                            let x = d as f64 + shift;
                            Rectangle::new([(x + 0.02, lo), (x + 0.38, c as f64)], colour.filled())
                        }),
                )
                .map_err(err)?
                .label(name);
            // Each count, written upwards above its bar.
            for (d, &c) in counts.iter().enumerate().filter(|(_, c)| **c > 0) {
                let top = chart.backend_coord(&(d as f64 + shift + 0.2, c as f64));
                root.draw(&Text::new(
                    crate::base::text::thousands(c),
                    (top.0, top.1 - 4),
                    (FONT, 10)
                        .into_font()
                        .transform(FontTransform::Rotate270)
                        .color(&MUTED)
                        .pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(err)?;
            }
        }
        legend(
            &root,
            (90, 466),
            &[
                ("half-turn metric (HTM)", HTM),
                ("quarter-turn metric (QTM)", QTM),
            ],
        )?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// The cycle chart of `text` (sequence algebra allowed) on the `n`-cube, with its order.
///
/// ```
/// use cubework::draw::chart::order_chart;
/// use cubework::state::sticker_perm::OrderBy;
/// use cubework::Notation;
/// let alg = cubework::sequence::alg::Alg::parse("R U", Notation::Standard).unwrap();
/// let svg = order_chart(3, OrderBy::Colours, &alg).unwrap();
/// assert!(svg.contains("order 105"));
/// ```
pub fn order_chart(
    n: usize,
    by: crate::state::sticker_perm::OrderBy,
    alg: &crate::sequence::alg::Alg,
) -> crate::answer::error::Result<String> {
    crate::state::cube::Cube::check_size(n)?;
    let perm = alg.perm(n)?;
    let other = match by {
        crate::state::sticker_perm::OrderBy::Colours => crate::state::sticker_perm::OrderBy::Labels,
        crate::state::sticker_perm::OrderBy::Labels => crate::state::sticker_perm::OrderBy::Colours,
    };
    let title = format!("{alg} on the {n}×{n}×{n}");
    let note = format!(
        "order {} by {by} ({} by {other})",
        perm.order(by),
        perm.order(other)
    );
    Ok(cycle_chart(&cycle_counts(&perm), &title, &note)?)
}

/// How many sticker cycles of one length a permutation has, by the kind of piece whose
/// stickers they move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CycleCount {
    /// The cycle length.
    pub length: usize,
    /// Cycles of corner stickers.
    pub corners: usize,
    /// Cycles of edge stickers.
    pub edges: usize,
    /// Cycles of centre stickers.
    pub centres: usize,
}

/// The cycles of `perm` counted by length and piece kind, shortest first.
///
/// ```
/// use cubework::draw::chart::{cycle_counts, CycleCount};
/// use cubework::state::sticker_perm::StickerPerm;
/// use cubework::{parse_moves, Notation};
/// let p = StickerPerm::of_moves(3, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
/// // U: five 4-cycles, three of corner stickers (the up ones, and two round the sides) and
/// // two of edge stickers.
/// assert_eq!(cycle_counts(&p), [CycleCount { length: 4, corners: 3, edges: 2, centres: 0 }]);
/// ```
pub fn cycle_counts(perm: &StickerPerm) -> Vec<CycleCount> {
    let g = Geometry::of(perm.size());
    let k = perm.size() as i32 - 1;
    let mut counts: Vec<CycleCount> = Vec::new();
    for cycle in perm.cycles() {
        let length = cycle.len();
        let outer = g.cubie_of(cycle[0]).iter().filter(|v| v.abs() == k).count();
        let i = match counts.iter().position(|c| c.length == length) {
            Some(i) => i,
            None => {
                counts.push(CycleCount {
                    length,
                    ..CycleCount::default()
                });
                counts.len() - 1
            }
        };
        match outer {
            3 => counts[i].corners += 1,
            2 => counts[i].edges += 1,
            _ => counts[i].centres += 1,
        }
    }
    counts.sort_by_key(|c| c.length);
    counts
}

/// A bar chart of a permutation's cycle lengths: for each length, how many cycles, stacked by
/// the kind of piece they move; `title` says whose, `note` what the order is.
///
/// ```
/// use cubework::draw::chart::{cycle_chart, CycleCount};
/// let counts = [CycleCount { length: 4, corners: 2, edges: 2, centres: 1 }];
/// let svg = cycle_chart(&counts, "U on the 3×3×3", "order 4").unwrap();
/// assert!(svg.contains("U on the 3×3×3"));
/// ```
pub fn cycle_chart(counts: &[CycleCount], title: &str, note: &str) -> Result<String, DrawError> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (760, 440)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let most = counts
            .iter()
            .map(|c| c.corners + c.edges + c.centres)
            .max()
            .unwrap_or(1)
            .max(1);
        let slots = counts.len().max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Sticker cycles of {title}"),
                (FONT, 19).into_font().color(&TEXT),
            )
            .margin(14)
            .margin_bottom(34)
            .x_label_area_size(44)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..slots as f64 - 0.5, 0f64..(most + 1) as f64)
            .map_err(err)?;
        let labels: Vec<usize> = counts.iter().map(|c| c.length).collect();
        draw_mesh(
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(slots)
                .x_label_formatter(&|v| {
                    let i = v.round();
                    if (v - i).abs() < 1e-6 && i >= 0.0 {
                        labels
                            .get(i as usize)
                            .map_or(String::new(), |l| l.to_string())
                    } else {
                        String::new()
                    }
                })
                .y_labels((most + 2).min(12))
                .y_label_formatter(&|v| {
                    if (v - v.round()).abs() < 1e-6 {
                        format!("{v:.0}")
                    } else {
                        String::new()
                    }
                })
                .x_desc(format!("cycle length — {note}"))
                .y_desc("cycles"),
        )?;
        let kinds = [
            ("corner stickers", RGBColor(0x1f, 0x4e, 0x9a)),
            ("edge stickers", RGBColor(0xe0, 0x7b, 0x22)),
            ("centre stickers", RGBColor(0x3a, 0x9a, 0x4a)),
        ];
        for (i, c) in counts.iter().enumerate() {
            let x = i as f64;
            let mut base = 0.0;
            for (value, (_, colour)) in [c.corners, c.edges, c.centres].iter().zip(kinds) {
                if *value == 0 {
                    continue;
                }
                let top = base + *value as f64;
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x - 0.3, base), (x + 0.3, top)],
                        colour.filled(),
                    )))
                    .map_err(err)?;
                base = top;
            }
            let at = chart.backend_coord(&(x, base));
            root.draw(&Text::new(
                (c.corners + c.edges + c.centres).to_string(),
                (at.0, at.1 - 4),
                (FONT, 12)
                    .into_font()
                    .color(&TEXT)
                    .pos(Pos::new(HPos::Center, VPos::Bottom)),
            ))
            .map_err(err)?;
        }
        legend(
            &root,
            (70, 426),
            &kinds.map(|(name, colour)| (name, colour)),
        )?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// One size's figures from a run of the 4×4×4 to 9×9×9's reduction solver (`cargo bench
/// --bench big_cubes -- sizes COUNT FILE.svg`), as the big cubes' chart draws them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BigCubeRun {
    /// The size: the N×N×N cube.
    pub n: usize,
    /// Moves a solve on average, in the half-turn metric.
    pub moves: f64,
    /// Of those, the moves that reduce the cube to a 3×3×3 (before the 3×3×3's own), on
    /// average: what dwalton76's published counts measure.
    pub reduction: f64,
    /// The median wall time a solve, in milliseconds.
    pub median_ms: f64,
}

/// Other solvers' average lengths (half-turn metric, a wide turn one move) on the big cubes,
/// to draw beside cubework's: dwalton76's solver's latest published counts (its README's row
/// of 09/28/2021, commit 60e964d4), which count the moves that reduce the cube to a 3×3×3,
/// without the 3×3×3's own (about 20 more, its README says), for the 4×4×4 to 9×9×9; and
/// TPR-4x4x4's 44.6 on the 4×4×4, whole solves (measured on the 200 random states of the
/// guide's comparison).
pub fn published_lengths() -> Vec<SizeLine> {
    vec![
        SizeLine {
            name: "dwalton76, to reduce (published)".to_string(),
            points: vec![
                (4, 51.6),
                (5, 78.9),
                (6, 135.7),
                (7, 193.8),
                (8, 306.4),
                (9, 368.6),
            ],
        },
        SizeLine {
            name: "TPR-4x4x4, whole".to_string(),
            points: vec![(4, 44.6)],
        },
    ]
}

/// A panel's line: its name, colour and `(N, value)` points.
type Series<'a> = (&'a str, RGBColor, Vec<(usize, f64)>);

/// Draws `lines` on a panel's chart of values against N, each value no lower than `floor`
/// (the axis's foot), with a line between points and a dot at each; the first line's points
/// are labelled with their values.
fn draw_series_panel<Y>(
    mut chart: ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, Y>>,
    (n_lo, n_hi): (usize, usize),
    (floor, y_desc): (f64, &str),
    lines: &[Series],
) -> Result<(), DrawError>
where
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    draw_mesh(
        chart
            .configure_mesh()
            .x_labels(n_hi - n_lo + 1)
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| format!("{v}"))
            .x_desc("N (the N×N×N cube)")
            .y_desc(y_desc),
    )?;
    for (i, (_, colour, points)) in lines.iter().enumerate() {
        let points = against_n(points, floor);
        draw_line(
            &mut chart,
            &points,
            *colour,
            if points.len() == 1 { 6 } else { 4 },
        )?;
        if i == 0 {
            let style = (FONT, 11)
                .into_font()
                .color(colour)
                .pos(Pos::new(HPos::Center, VPos::Bottom));
            chart
                .draw_series(
                    points.iter().map(|&p| {
                        EmptyElement::at(p) + Text::new(short(p.1), (0, -7), style.clone())
                    }),
                )
                .map_err(err)?;
        }
    }
    Ok(())
}

/// The largest value of `lines`, and whether their positive values span more than a tenfold
/// range (then drawn on a log scale).
fn span(lines: &[Series]) -> (f64, bool) {
    let values = || {
        lines
            .iter()
            .flat_map(|l| l.2.iter().map(|p| p.1))
            .filter(|v| *v > 0.0 && v.is_finite())
    };
    let hi = values().fold(0.0, f64::max);
    let lo = values().fold(f64::MAX, f64::min);
    (hi, hi > 10.0 * lo)
}

/// Two panels side by side against the cube's size N: the reduction solver's average length
/// in the half-turn metric beside other solvers' (`others`, as [`published_lengths`] gives
/// them), and its median time a solve (on a log scale where the times span more than a
/// tenfold range); `note` says what was run.
///
/// ```
/// use cubework::draw::chart::{BigCubeRun, big_cubes_chart, published_lengths};
/// let runs = [
///     BigCubeRun { n: 4, moves: 45.8, reduction: 26.3, median_ms: 356.0 },
///     BigCubeRun { n: 5, moves: 103.4, reduction: 82.8, median_ms: 394.0 },
/// ];
/// let svg = big_cubes_chart(&runs, &published_lengths(), "50 states a size").unwrap();
/// assert!(svg.contains("dwalton76, to reduce (published)") && svg.contains("103"));
/// ```
pub fn big_cubes_chart(
    runs: &[BigCubeRun],
    others: &[SizeLine],
    note: &str,
) -> Result<String, DrawError> {
    let ns = || {
        runs.iter()
            .map(|r| r.n)
            .chain(others.iter().flat_map(|l| l.points.iter().map(|p| p.0)))
    };
    let n_lo = ns().min().unwrap_or(4);
    let n_hi = ns().max().unwrap_or(9).max(n_lo + 1);
    let ours = |v: fn(&BigCubeRun) -> f64| runs.iter().map(|r| (r.n, v(r))).collect();
    let mut lengths: Vec<Series> = vec![
        ("cubework, whole", HTM, ours(|r| r.moves)),
        ("cubework, to reduce", QTM, ours(|r| r.reduction)),
    ];
    for (i, l) in others.iter().enumerate() {
        lengths.push((&l.name, LINES[(i + 2) % LINES.len()], l.points.clone()));
    }
    let times: Vec<Series> = vec![("cubework", HTM, ours(|r| r.median_ms))];
    let x = n_lo as f64 - 0.3..n_hi as f64 + 0.3;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (980, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (top, bottom) = root.split_vertically(440);
        let panels = top.split_evenly((1, 2));
        let caption = (FONT, 17).into_font().color(&TEXT);
        let mut builder = ChartBuilder::on(&panels[0]);
        builder
            .caption("Moves a solve on average (HTM)", caption.clone())
            .margin(14)
            .margin_top(24)
            .x_label_area_size(40)
            .y_label_area_size(60);
        let (hi, _) = span(&lengths);
        let chart = builder
            .build_cartesian_2d(x.clone(), 0.0..(hi * 1.15).max(1.0))
            .map_err(err)?;
        draw_series_panel(chart, (n_lo, n_hi), (0.0, "moves (HTM)"), &lengths)?;
        let mut builder = ChartBuilder::on(&panels[1]);
        builder
            .caption("Median time a solve, one thread", caption)
            .margin(14)
            .margin_top(24)
            .x_label_area_size(40)
            .y_label_area_size(60);
        match span(&times) {
            (_, true) => {
                let (lo, hi) = decades(times.iter().flat_map(|l| l.2.iter().map(|p| p.1)));
                let chart = builder
                    .build_cartesian_2d(x, (lo..hi).log_scale())
                    .map_err(err)?;
                draw_series_panel(chart, (n_lo, n_hi), (lo, "ms (log scale)"), &times)?;
            }
            (hi, false) => {
                let chart = builder
                    .build_cartesian_2d(x, 0.0..(hi * 1.15).max(1.0))
                    .map_err(err)?;
                draw_series_panel(chart, (n_lo, n_hi), (0.0, "ms"), &times)?;
            }
        }
        let names: Vec<(&str, RGBColor)> = lengths.iter().map(|l| (l.0, l.1)).collect();
        legend(&bottom, (70, 16), &names)?;
        bottom
            .draw(&label(note.to_string(), (70, 44), 12, &MUTED, HPos::Left))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
