//! The unfolded cube: up above front, left front right back in a row, down below front, each
//! face in the layout of [the conventions](crate::guide::conventions) (so it reads like [`Cube::net`]), stickers with
//! rounded corners and a thin dark border on the black plastic.

use super::arrows::{ArrowEnds, MovedPiece, choose};
use super::colour;
use super::svg::{Point, Style, Svg};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// Where each face and sticker of an `n`-cube's net lies on the page.
///
/// ```
/// use cubework::draw::net::NetLayout;
/// use cubework::Face;
/// let net = NetLayout::new(3);
/// let (up, front) = (net.face_origin(Face::U), net.face_origin(Face::F));
/// assert_eq!(up.0, front.0); // up sits straight above front
/// assert!(up.1 < front.1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetLayout {
    n: usize,
}

/// A face's side on the page, whatever N (so nets of every size are the same size).
pub const FACE: f64 = 126.0;
/// Space between faces.
pub const GAP: f64 = 5.0;
/// Space around the net.
pub const MARGIN: f64 = 12.0;

impl NetLayout {
    /// The layout of the `n`-cube's net.
    pub fn new(n: usize) -> NetLayout {
        NetLayout { n }
    }

    /// The page size.
    pub fn size(&self) -> (f64, f64) {
        (
            4.0 * FACE + 3.0 * GAP + 2.0 * MARGIN,
            3.0 * FACE + 2.0 * GAP + 2.0 * MARGIN,
        )
    }

    /// Top-left corner of a face.
    pub fn face_origin(&self, face: Face) -> Point {
        let (col, row) = match face {
            Face::U => (1.0, 0.0),
            Face::L => (0.0, 1.0),
            Face::F => (1.0, 1.0),
            Face::R => (2.0, 1.0),
            Face::B => (3.0, 1.0),
            Face::D => (1.0, 2.0),
        };
        (MARGIN + col * (FACE + GAP), MARGIN + row * (FACE + GAP))
    }

    /// Side of one sticker's cell.
    pub fn cell(&self) -> f64 {
        FACE / self.n as f64
    }

    /// Centre of sticker `index` (facelet order).
    pub fn centre(&self, index: usize) -> Point {
        let per = self.n * self.n;
        let face = Face::from_index(index / per);
        let (r, c) = ((index % per) / self.n, index % self.n);
        let (x, y) = self.face_origin(face);
        let cell = self.cell();
        (x + (c as f64 + 0.5) * cell, y + (r as f64 + 0.5) * cell)
    }
}

/// Draws the net of `cube` at `at`: stickers not `kept` greyed, and an arrow for each moved
/// piece.
pub(crate) fn draw_net(
    svg: &mut Svg,
    cube: &Cube,
    at: Point,
    kept: &[bool],
    pieces: &[MovedPiece],
    scheme: crate::turn::face::Scheme,
) {
    let n = cube.size();
    let layout = NetLayout::new(n);
    let cell = layout.cell();
    let shift = |(x, y): Point| (x + at.0, y + at.1);
    let inset = 0.07 * cell;
    let border = (0.035 * cell).clamp(0.4, 1.2);
    let paint = super::paint_with(cube, kept, scheme);
    for face in Face::ALL {
        svg.open_group(&format!("face-{face}"));
        svg.rect(
            shift(layout.face_origin(face)),
            (FACE, FACE),
            0.05 * FACE,
            &Style::fill(&colour::PLASTIC.hex()),
        );
        for index in face.index() * n * n..(face.index() + 1) * n * n {
            let (cx, cy) = shift(layout.centre(index));
            let colour = paint(index);
            svg.rect(
                (cx - cell / 2.0 + inset, cy - cell / 2.0 + inset),
                (cell - 2.0 * inset, cell - 2.0 * inset),
                0.16 * cell,
                &Style::fill(&colour.hex()).stroke(&colour::INK.hex(), border),
            );
        }
        svg.close_group();
    }
    let g = Geometry::of(n);
    // Every sticker is visible on a net; prefer paths on one face, then on the faces a reader
    // looks at first (up, front, right, left, back, down).
    let preference = |i: usize| match g.face_of(i) {
        Face::U => 5.0,
        Face::F => 4.0,
        Face::R => 3.0,
        Face::L => 2.0,
        Face::B => 1.0,
        Face::D => 0.0,
    };
    let arrows: Vec<ArrowEnds> = pieces
        .iter()
        .filter_map(|p| choose(p, g, |_| true, preference))
        .map(|(s, d)| ArrowEnds {
            from: shift(layout.centre(s)),
            to: shift(layout.centre(d)),
        })
        .collect();
    super::arrows::draw_all(svg, &arrows, (0.08 * cell).clamp(1.0, 3.5), 0.22 * cell);
}
