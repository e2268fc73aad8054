//! How a nested array is shown, as Dyalog shows it: by default (`]box off`) each item in a
//! rectangle of its own, the items that are arrays set apart by a blank on each side; with
//! `]box on` (Dyalog's `-style=min`) each item in a frame drawn with box-drawing lines.
//!
//! A simple array is shown as it always was (`Value::simple_lines`); these rules are
//! only for arrays that hold enclosed arrays. Dyalog's Programming Reference, "Display of
//! Arrays", "Non-simple Arrays": "each element is displayed within a rectangle such that the
//! rows and columns of the array are aligned. Simple items within the array are displayed as
//! above. For non-simple items, this rule is applied recursively, with one space added on
//! each side of the enclosed element for each level of nesting" — `⊂⍳3` is ` 1 2 3`,
//! `('ONE' 1) ('TWO' 2)` is `  ONE  1   TWO  2`, and `2 4⍴'ONE' 1 'TWO' 2 'THREE' 3 'FOUR' 4`
//! is ` ONE    1  TWO   2` over ` THREE  3  FOUR  4`. From those examples, the blank between
//! two columns: one, but none between two columns of enclosed items (whose own blanks set
//! them apart), nor before a first column of enclosed items; so a nested array whose first
//! column is simple scalars starts with a blank (Dyalog's `{⍺ ⍵}⌸` of numbers shows `  3  1`).

use std::fmt;

use super::value::{Elem, Value, char_text, format_number};
use super::{Outcome, value};

/// How the session shows nested arrays: Dyalog's `]box off` (its default) or
/// `]box on -style=min`. Simple arrays show the same either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Boxing {
    /// Items set apart by blanks.
    #[default]
    Off,
    /// Items framed by lines (`┌─┬─┐`).
    On,
}

/// One element laid out: its lines (all as wide as the widest), and whether it is an
/// enclosed array (set apart by blanks) or a simple scalar (a number is aligned right).
struct Block {
    lines: Vec<String>,
    width: usize,
    nested: bool,
    number: bool,
}

fn text_width(s: &str) -> usize {
    s.chars().map(value::char_width).sum()
}

impl Block {
    fn new(lines: Vec<String>, nested: bool, number: bool) -> Block {
        let width = lines.iter().map(|l| text_width(l)).max().unwrap_or(0);
        Block {
            lines,
            width,
            nested,
            number,
        }
    }

    /// Line `k` of it in a field `width` wide (blank below its last line).
    fn line_in(&self, k: usize, width: usize, out: &mut String) {
        let text = self.lines.get(k).map_or("", String::as_str);
        let pad = width - text_width(text);
        if self.number {
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(text);
        } else {
            out.push_str(text);
            out.extend(std::iter::repeat_n(' ', pad));
        }
    }
}

/// A simple scalar's one line, if `e` is one (an enclosed simple scalar is itself).
fn scalar_text(e: &Elem) -> Option<(String, bool)> {
    match e {
        Elem::Num(n) => Some((format_number(*n), true)),
        Elem::Char(c) => Some((char_text(*c), false)),
        Elem::Boxed(v) if v.rank() == 0 && v.is_simple() => scalar_text(&v.first()),
        Elem::Boxed(_) => None,
    }
}

/// The element as the blank-separated display lays it out: an enclosed array with a blank
/// on each side of each of its lines.
fn spaced_block(e: &Elem) -> Block {
    match (scalar_text(e), e) {
        (Some((text, number)), _) => Block::new(vec![text], false, number),
        (None, Elem::Boxed(v)) => {
            let lines = v.display_lines().into_iter().map(|l| format!(" {l} "));
            Block::new(lines.collect(), true, false)
        }
        (None, _) => unreachable!("only an enclosed array has no scalar text"),
    }
}

/// The element as the framed display lays it out: an enclosed array in frames of its own
/// if it is nested, as it shows alone if it is simple; each at the left of its cell.
fn framed_block(e: &Elem) -> Block {
    match (scalar_text(e), e) {
        (Some((text, _)), _) => Block::new(vec![text], false, false),
        (None, Elem::Boxed(v)) => Block::new(v.lines_as(Boxing::On), true, false),
        (None, _) => unreachable!("only an enclosed array has no scalar text"),
    }
}

/// A nested array's elements in a grid: rows (every axis but the last, in order), columns
/// (the last axis); a scalar is one row of one.
struct Grid {
    blocks: Vec<Block>,
    rows: usize,
    cols: usize,
    widths: Vec<usize>,
    heights: Vec<usize>,
}

impl Grid {
    fn of(v: &Value, block: fn(&Elem) -> Block) -> Grid {
        let cols = v.shape().last().copied().unwrap_or(1);
        let blocks: Vec<Block> = v.0.iter().map(block).collect();
        let rows = blocks.len().checked_div(cols).unwrap_or(0);
        let mut widths = vec![0; cols];
        let mut heights = vec![0; rows];
        for (i, b) in blocks.iter().enumerate() {
            widths[i % cols] = widths[i % cols].max(b.width);
            heights[i / cols] = heights[i / cols].max(b.lines.len());
        }
        Grid {
            blocks,
            rows,
            cols,
            widths,
            heights,
        }
    }

    fn block(&self, row: usize, col: usize) -> &Block {
        &self.blocks[row * self.cols + col]
    }
}

/// Whether `v` holds an enclosed array that is not a simple scalar: whether it is shown by
/// this module's rules rather than as a simple array.
pub(crate) fn holds_arrays(v: &Value) -> bool {
    !v.is_simple() && v.0.iter().any(|e| scalar_text(e).is_none())
}

/// The lines of a nested array with its items set apart by blanks (Dyalog's default
/// display; the rules are the module's).
pub(crate) fn spaced_lines(v: &Value) -> Vec<String> {
    let grid = Grid::of(v, spaced_block);
    let nested: Vec<bool> = (0..grid.cols)
        .map(|c| (0..grid.rows).any(|r| grid.block(r, c).nested))
        .collect();
    let mut rows = Vec::with_capacity(grid.rows);
    for r in 0..grid.rows {
        let mut lines = vec![String::new(); grid.heights[r]];
        for (k, line) in lines.iter_mut().enumerate() {
            for c in 0..grid.cols {
                let apart = nested[c] && (c == 0 || nested[c - 1]);
                if !apart {
                    line.push(' ');
                }
                grid.block(r, c).line_in(k, grid.widths[c], line);
            }
        }
        rows.push(lines);
    }
    with_plane_gaps(v.shape(), rows)
}

/// The rows of an array's display, with a blank line between its planes (the rows of a
/// matrix), two between rank-4 cells, and so on.
fn with_plane_gaps(shape: &[usize], rows: Vec<Vec<String>>) -> Vec<String> {
    let per_plane = match shape.len() {
        0 | 1 => usize::MAX,
        n => shape[n - 2].max(1),
    };
    let mut out = Vec::new();
    for (i, lines) in rows.into_iter().enumerate() {
        if i > 0 && i % per_plane == 0 {
            let mut block = per_plane;
            for &len in shape[..shape.len() - 2].iter().rev() {
                if i % block == 0 {
                    out.push(String::new());
                }
                block = block.saturating_mul(len);
            }
        }
        out.extend(lines);
    }
    out
}

/// The lines of a nested array framed as Dyalog's `]box on -style=min` draws it: each item
/// in a cell, the cells of a row side by side and the rows one under another, lines
/// between them (`┌─┬─┐`, `├─┼─┤`, `└─┴─┘`); an item that is itself nested framed inside
/// its cell. The rows of an array of rank 3 or more are its matrices' rows, in order.
pub(crate) fn framed_lines(v: &Value) -> Vec<String> {
    let grid = Grid::of(v, framed_block);
    let rule = |left: char, mid: char, right: char| {
        let mut s = String::from(left);
        for (c, &w) in grid.widths.iter().enumerate() {
            if c > 0 {
                s.push(mid);
            }
            s.extend(std::iter::repeat_n('─', w));
        }
        s.push(right);
        s
    };
    let mut out = vec![rule('┌', '┬', '┐')];
    for r in 0..grid.rows {
        if r > 0 {
            out.push(rule('├', '┼', '┤'));
        }
        for k in 0..grid.heights[r] {
            let mut line = String::from('│');
            for c in 0..grid.cols {
                grid.block(r, c).line_in(k, grid.widths[c], &mut line);
                line.push('│');
            }
            out.push(line);
        }
    }
    out.push(rule('└', '┴', '┘'));
    out
}

impl Value {
    /// The lines APL displays it in, each as wide as the widest (blanks kept at the end), a
    /// blank line between the planes of a rank-3 array, two between rank-4 cells, and so on:
    /// what `⍕` makes a matrix of. A simple scalar or vector is one line.
    pub(crate) fn display_lines(&self) -> Vec<String> {
        if holds_arrays(self) {
            spaced_lines(self)
        } else {
            self.simple_lines()
        }
    }

    /// The lines it is shown in, with `boxing`: a simple array as
    /// `display_lines`; a nested one set apart by blanks or framed.
    pub fn lines_as(&self, boxing: Boxing) -> Vec<String> {
        match boxing {
            Boxing::On if holds_arrays(self) => framed_lines(self),
            _ => self.display_lines(),
        }
    }

    /// It as the session shows it, with `boxing`: [`Value::lines_as`], no blanks at the ends
    /// of lines.
    pub fn shown(&self, boxing: Boxing) -> String {
        let lines = self.lines_as(boxing);
        let trimmed: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
        trimmed.join("\n")
    }
}

impl fmt::Display for Value {
    /// As APL displays it ([`Boxing::Off`]): numbers separated by a blank and right-aligned
    /// in columns, characters side by side, enclosed items set apart; the planes of a rank-3
    /// array separated by a blank line, of a rank-4 one by two, and so on; no blanks at the
    /// ends of lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown(Boxing::Off))
    }
}

impl Outcome {
    /// The values a line gave, as the session shows them with `boxing`, one under another.
    pub fn shown(&self, boxing: Boxing) -> String {
        let shown: Vec<String> = self.shown.iter().map(|v| v.shown(boxing)).collect();
        shown.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(line: &str, boxing: Boxing) -> String {
        let mut ws = super::super::Workspace::new();
        ws.eval_line(line).unwrap().shown(boxing)
    }

    /// Dyalog's Programming Reference, "Display of Arrays", "Non-simple Arrays", and the
    /// issue's examples (`1 2 (3 4)` is ` 1 2  3 4 `).
    #[test]
    fn nested_items_are_set_apart_by_blanks_as_dyalog_shows_them() {
        let off = |line: &str| shown(line, Boxing::Off);
        assert_eq!(off("⍳3"), "1 2 3");
        assert_eq!(off("⊂⍳3"), " 1 2 3");
        assert_eq!(off("⊂⊂⍳3"), "  1 2 3");
        assert_eq!(
            off("('ONE' 1) ('TWO' 2) ('THREE' 3) ('FOUR' 4)"),
            "  ONE  1   TWO  2   THREE  3   FOUR  4"
        );
        assert_eq!(
            off("2 4⍴'ONE' 1 'TWO' 2 'THREE' 3 'FOUR' 4"),
            " ONE    1  TWO   2\n THREE  3  FOUR  4"
        );
        assert_eq!(off("1 2 (3 4)"), " 1 2  3 4");
        assert_eq!(off("'hello' 'world'"), " hello  world");
        assert_eq!(off("(1 2)(3 4)"), " 1 2  3 4");
        // A matrix among the items: side by side, each line of it set apart.
        assert_eq!(off("1 (2 2⍴⍳4) 'ab'"), " 1  1 2  ab\n    3 4");
        // Planes of a nested array a blank line apart, as a simple array's are.
        assert_eq!(off("2 1 1⍴(1 2)(3 4)"), " 1 2\n\n 3 4");
    }

    /// `⍕` of a nested array is its display, blanks at the ends kept; a vector with a matrix
    /// among its items is a matrix.
    #[test]
    fn format_of_a_nested_array_is_the_text_it_shows() {
        let off = |line: &str| shown(line, Boxing::Off);
        assert_eq!(off("⍴⍕1 2 (3 4)"), "10");
        assert_eq!(off("⍴⍕'hello' 'world'"), "14");
        assert_eq!(off("⍴⍕1 (2 2⍴⍳4)"), "2 8");
    }

    /// Dyalog's Programming Reference, "Display of Arrays", "The ]Boxing User Command":
    /// `]Boxing on -style=min` shows `'ABC' [1 2 3 4 ⋄]` framed, a simple array as ever.
    #[test]
    fn box_on_frames_each_item_as_dyalogs_min_style_draws_it() {
        let on = |line: &str| shown(line, Boxing::On);
        assert_eq!(
            on("'ABC' (1 4⍴1 2 3 4)"),
            "┌───┬───────┐\n│ABC│1 2 3 4│\n└───┴───────┘"
        );
        assert_eq!(on("1 2 3"), "1 2 3");
        assert_eq!(on("2 3⍴⍳6"), "1 2 3\n4 5 6");
        assert_eq!(on("⊂1 2 3"), "┌─────┐\n│1 2 3│\n└─────┘");
        assert_eq!(
            on("2 2⍴'a' 1 'bcd' (2 3)"),
            "┌───┬───┐\n│a  │1  │\n├───┼───┤\n│bcd│2 3│\n└───┴───┘"
        );
        // A nested item framed inside its cell; a short item blank below.
        assert_eq!(
            on("1 (2 (3 4))"),
            "┌─┬───────┐\n│1│┌─┬───┐│\n│ ││2│3 4││\n│ │└─┴───┘│\n└─┴───────┘"
        );
        assert_eq!(on("⊂⍬"), "┌┐\n││\n└┘");
    }

    /// Dyalog's Programming Reference, "Display of Arrays", "Print Precision", with its
    /// default `⎕PP←10`; and the issue's `333333833334283520`.
    #[test]
    fn numbers_print_to_ten_significant_digits_and_large_ones_scaled() {
        let off = |line: &str| shown(line, Boxing::Off);
        assert_eq!(off("333333833334283520"), "3.333338333E17");
        assert_eq!(off("0.1 1.0 1.12"), "0.1 1 1.12");
        assert_eq!(off("÷3 2 6"), "0.3333333333 0.5 0.1666666667");
        assert_eq!(off("100÷3"), "33.33333333");
        assert_eq!(off("2*53"), "9.007199255E15");
        assert_eq!(off("¯12345678901"), "¯1.23456789E10");
        assert_eq!(off("1234567890 1E15"), "1234567890 1E15");
        assert_eq!(
            off("0.12345 0.00012345 0.00000012345"),
            "0.12345 0.00012345 1.2345E¯7"
        );
    }
}
