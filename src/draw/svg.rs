//! A small SVG writer: the handful of elements the pictures need, every attribute value and
//! text escaped, numbers written short.

use std::fmt::Write;

/// The fonts every picture and chart names for its text: concrete families first, then the
/// generic `sans-serif`, since renderers such as resvg have no `sans-serif` alias of their own
/// to fall back on and would otherwise draw no text at all.
pub const FONT_FAMILIES: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// A point on the page, in SVG user units (x right, y down).
pub type Point = (f64, f64);

/// Fill and stroke of a shape.
///
/// ```
/// use cubework::draw::svg::Style;
/// let s = Style::fill("#ff0000").stroke("#111", 0.5);
/// assert_eq!(s.attributes(), r##"fill="#ff0000" stroke="#111" stroke-width="0.5""##);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Style {
    fill: Option<String>,
    stroke: Option<(String, f64)>,
    extra: Vec<(&'static str, String)>,
}

impl Style {
    /// Filled with `colour`, no stroke.
    pub fn fill(colour: &str) -> Style {
        Style {
            fill: Some(colour.to_string()),
            ..Style::default()
        }
    }

    /// Not filled (`fill="none"`); add a stroke with [`Style::stroke`].
    pub fn none() -> Style {
        Style::fill("none")
    }

    /// The same, outlined in `colour`, `width` units wide.
    pub fn stroke(mut self, colour: &str, width: f64) -> Style {
        self.stroke = Some((colour.to_string(), width));
        self
    }

    /// The same with one more attribute (e.g. `stroke-linecap`).
    pub fn with(mut self, name: &'static str, value: &str) -> Style {
        self.extra.push((name, value.to_string()));
        self
    }

    /// The attributes as SVG text.
    pub fn attributes(&self) -> String {
        let mut out = Vec::new();
        if let Some(fill) = &self.fill {
            out.push(format!("fill=\"{}\"", escape(fill)));
        }
        if let Some((colour, width)) = &self.stroke {
            out.push(format!(
                "stroke=\"{}\" stroke-width=\"{}\"",
                escape(colour),
                num(*width)
            ));
        }
        for (name, value) in &self.extra {
            out.push(format!("{name}=\"{}\"", escape(value)));
        }
        out.join(" ")
    }
}

/// Where a text's `x` lies: at its start, middle or end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Text starts at x.
    Start,
    /// Text is centred on x.
    Middle,
    /// Text ends at x.
    End,
}

/// An SVG document being written.
///
/// ```
/// use cubework::draw::svg::{Svg, Style};
/// let mut svg = Svg::new(100.0, 50.0, "a <test>");
/// svg.rect((10.0, 10.0), (20.0, 20.0), 2.0, &Style::fill("#fff"));
/// let text = svg.finish();
/// assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(text.contains("<title>a &lt;test&gt;</title>"));
/// assert!(text.trim_end().ends_with("</svg>"));
/// ```
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
    depth: usize,
}

impl Svg {
    /// A document `width` × `height` units (and pixels) with a title.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             font-family=\"{}\">",
            FONT_FAMILIES,
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        Svg { out, depth: 0 }
    }

    fn indent(&mut self) {
        for _ in 0..=self.depth {
            self.out.push_str("  ");
        }
    }

    /// A rectangle with its top-left corner at `at`, corners rounded by `radius`.
    pub fn rect(&mut self, at: Point, size: (f64, f64), radius: f64, style: &Style) {
        self.indent();
        let _ = write!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
            num(at.0),
            num(at.1),
            num(size.0),
            num(size.1)
        );
        if radius > 0.0 {
            let _ = write!(self.out, " rx=\"{}\"", num(radius));
        }
        let _ = writeln!(self.out, " {}/>", style.attributes());
    }

    /// A circle.
    pub fn circle(&mut self, centre: Point, radius: f64, style: &Style) {
        self.indent();
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
            num(centre.0),
            num(centre.1),
            num(radius),
            style.attributes()
        );
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[Point], style: &Style) {
        self.indent();
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\" {}/>",
            pts.join(" "),
            style.attributes()
        );
    }

    /// A path with path data `d` (built with [`PathData`]).
    pub fn path(&mut self, d: &PathData, style: &Style) {
        self.indent();
        let _ = writeln!(
            self.out,
            "<path d=\"{}\" {}/>",
            escape(&d.0),
            style.attributes()
        );
    }

    /// A line of text at `at` (its baseline), `size` units high.
    pub fn text(&mut self, at: Point, text: &str, size: f64, anchor: Anchor, style: &Style) {
        self.indent();
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\" {}>{}</text>",
            num(at.0),
            num(at.1),
            num(size),
            style.attributes(),
            escape(text)
        );
    }

    /// Opens a group; `id` names it (for people reading the file, and for tests).
    pub fn open_group(&mut self, id: &str) {
        self.indent();
        let _ = writeln!(self.out, "<g id=\"{}\">", escape(id));
        self.depth += 1;
    }

    /// Opens a group moved by `offset` and scaled by `scale`.
    pub fn open_transformed(&mut self, id: &str, offset: Point, scale: f64) {
        self.indent();
        let _ = writeln!(
            self.out,
            "<g id=\"{}\" transform=\"translate({} {}) scale({})\">",
            escape(id),
            num(offset.0),
            num(offset.1),
            num(scale)
        );
        self.depth += 1;
    }

    /// Closes the innermost open group.
    pub fn close_group(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        self.out.push_str("</g>\n");
    }

    /// The finished document (open groups are closed).
    pub fn finish(mut self) -> String {
        while self.depth > 0 {
            self.close_group();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Path data (`d`) built from moves, lines, curves and closes.
///
/// ```
/// use cubework::draw::svg::PathData;
/// let d = PathData::default().move_to((0.0, 0.0)).line_to((1.5, 2.0)).close();
/// assert_eq!(d.as_str(), "M0 0L1.5 2Z");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PathData(String);

impl PathData {
    /// Starts a new subpath at `p`.
    pub fn move_to(mut self, p: Point) -> PathData {
        let _ = write!(self.0, "M{} {}", num(p.0), num(p.1));
        self
    }

    /// A straight line to `p`.
    pub fn line_to(mut self, p: Point) -> PathData {
        let _ = write!(self.0, "L{} {}", num(p.0), num(p.1));
        self
    }

    /// A quadratic Bézier curve through control point `c` to `p`.
    pub fn quad_to(mut self, c: Point, p: Point) -> PathData {
        let _ = write!(
            self.0,
            "Q{} {} {} {}",
            num(c.0),
            num(c.1),
            num(p.0),
            num(p.1)
        );
        self
    }

    /// Closes the subpath.
    pub fn close(mut self) -> PathData {
        self.0.push('Z');
        self
    }

    /// The path data text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Escapes text for an SVG (XML) attribute value or text node.
///
/// ```
/// use cubework::draw::svg::escape;
/// assert_eq!(escape(r#"R U' <"x"> & y"#), "R U&apos; &lt;&quot;x&quot;&gt; &amp; y");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t') => {}
            c => out.push(c),
        }
    }
    out
}

/// A number with at most two decimals and no trailing zeros (`-0` written `0`).
///
/// ```
/// use cubework::draw::svg::num;
/// assert_eq!(num(1.0), "1");
/// assert_eq!(num(2.3456), "2.35");
/// assert_eq!(num(-0.001), "0");
/// ```
pub fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}
