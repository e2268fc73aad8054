//! The tables as text: a boxed table for the terminal, Markdown, or CSV; and the notes
//! under them that say whose machine measured them.

use comfy_table::{ContentArrangement, Table, presets};

/// Output format of the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A boxed table for the terminal.
    #[default]
    Table,
    /// A Markdown table.
    Markdown,
    /// Comma-separated values with a header row.
    Csv,
}

/// The width tables are fitted to: `COLUMNS` when it is set (as shells and scripts set it),
/// else the terminal's when standard output is one, else none.
fn columns() -> Option<u16> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .filter(|&w| w >= 20)
        .or_else(|| Table::new().width())
}

pub(super) fn render(format: Format, header: &[String], rows: &[Vec<String>]) -> String {
    render_at(format, header, rows, columns())
}

/// [`render`] fitted to `width` columns where one is given: no cell is wrapped (so a number
/// is never split across lines), and a table too wide is cut into tables of a few columns
/// each, every one beginning with the first column (what the rows are).
pub(super) fn render_at(
    format: Format,
    header: &[String],
    rows: &[Vec<String>],
    width: Option<u16>,
) -> String {
    let Some(width) = width.filter(|_| format == Format::Table) else {
        return render_one(format, header, rows, false);
    };
    // A column takes its longest line, a space each side and a rule; the table one more rule.
    let wide = |c: usize| {
        std::iter::once(&header[c])
            .chain(rows.iter().filter_map(|r| r.get(c)))
            .flat_map(|cell| cell.lines())
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(1)
    };
    let needs = |columns: &[usize]| 1 + columns.iter().map(|&c| wide(c) + 3).sum::<usize>();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current = vec![0];
    for c in 1..header.len() {
        current.push(c);
        if needs(&current) > width as usize && current.len() > 2 {
            current.pop();
            groups.push(std::mem::replace(&mut current, vec![0, c]));
        }
    }
    groups.push(current);
    groups
        .iter()
        .map(|columns| {
            let pick = |row: &[String]| -> Vec<String> {
                columns
                    .iter()
                    .map(|&c| row.get(c).cloned().unwrap_or_default())
                    .collect()
            };
            let rows: Vec<Vec<String>> = rows.iter().map(|r| pick(r)).collect();
            render_one(format, &pick(header), &rows, true)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// One table; `whole`: no cell wrapped.
fn render_one(format: Format, header: &[String], rows: &[Vec<String>], whole: bool) -> String {
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
            table.set_content_arrangement(if format == Format::Markdown || whole {
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

pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A small exponent as a superscript: `³`.
pub(super) fn superscript(k: u32) -> String {
    k.to_string()
        .chars()
        .map(|c| {
            "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(c as usize - '0' as usize)
                .unwrap_or(c)
        })
        .collect()
}

/// The path compiled turns take, in words, for the tables' notes.
pub(super) fn path_note() -> String {
    use crate::base::simd::ShufflePath;
    let path = ShufflePath::detect();
    // A path named by CUBEWORK_SIMD is said to be forced whether or not this CPU would have
    // chosen it anyway, so the note reads the same on every CPU that offers the path.
    let forced = if matches!(ShufflePath::from_env(), Ok(Some(_))) {
        format!(", forced by {}={path}", crate::base::simd::ENV)
    } else {
        String::new()
    };
    match path {
        ShufflePath::Scalar => format!("Compiled turns gather the cells that change{forced}."),
        simd => format!(
            "Compiled turns are {}{forced}, where those do less work than gathering the cells that change.",
            if simd == ShufflePath::Vbmi {
                "AVX-512 VBMI byte shuffles (vpermb, vpermi2b)"
            } else {
                "AVX2 byte shuffles (vpshufb on broadcast 16-byte blocks)"
            }
        ),
    }
}

/// Whose measurements a table shows: this machine's CPU and the path its compiled turns take.
/// Times, and the ranks drawn from them (Speed above all), differ from one CPU to another, so
/// the tables say so rather than present one machine's ranks as the result.
pub(super) fn machine_note() -> String {
    format!(
        "Measured on this machine: {}, compiled turns taking the {} path. The times, and the measured ranks drawn from them (Speed above all), are this machine's and differ from one CPU to another; `cubework paper` and `cubework compare` measure them on yours.",
        crate::base::simd::cpu_model(),
        crate::base::simd::ShufflePath::detect()
    )
}
