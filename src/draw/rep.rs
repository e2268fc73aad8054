//! The representations drawn: each of the paper's arrays in its own layout, in colour, with
//! its letters or digits, so that the paper's lost figures can be seen again.
//!
//! | representation | drawn as |
//! |---|---|
//! | numeric   | the three planes side by side, each cubie's three digits on tiles of their colours |
//! | local     | the six 3×3 faces in a row (the paper: "more convenient if reshaped to print horizontally") |
//! | composite | the 5×12 matrix, its four side blocks apart, up and down rows above and below |
//! | visual    | the "square pyramid viewed from atop": up in the middle, the sides as trapezoids widening outwards, down stretched round the rim |
//! | vector    | a strip of 54 in six runs of nine |
//! | 4-D       | a row of three matrices (up/down, back/front, left/right) per plane |
//! | nested    | the three planes, each cubie's 3-vector as three tiles, `∘` where none |
//!
//! Every drawing is made from the representation's own array (`array()`), not from the cube.

use super::DrawError;
use super::colour::{self, Rgb};
use super::svg::{Anchor, Point, Style, Svg};
use crate::rep::{
    Composite, FourD, Local, Nested, Numeric, RepKind, Representation, Vector, Visual,
};
use crate::state::cube::Cube;
use crate::turn::face::{Face, Scheme};

/// Side of one tile.
const TILE: f64 = 28.0;
/// Space around the drawing.
const MARGIN: f64 = 16.0;
/// Height of the title line.
const TITLE: f64 = 30.0;

/// Draws `cube` as representation `kind` lays it out, its stickers in the colours of `scheme`
/// and named by their letters in it; numeric's digits are the paper's numbers of its colours,
/// so numeric is drawn in the paper's colours whatever the scheme.
///
/// ```
/// use cubework::draw::rep::draw_rep;
/// use cubework::rep::RepKind;
/// use cubework::turn::face::Scheme;
/// use cubework::Cube;
/// let svg = draw_rep(RepKind::Visual, &Cube::solved(), Scheme::Paper).unwrap();
/// assert!(svg.contains("square pyramid"));
/// assert!(draw_rep(RepKind::Local, &Cube::solved_n(4), Scheme::Paper).is_err());
/// ```
pub fn draw_rep(kind: RepKind, cube: &Cube, scheme: Scheme) -> Result<String, DrawError> {
    if cube.size() != 3 {
        let n = cube.size();
        // A size the representation does not hold at all is its own error; others it holds,
        // but these drawings lay out the paper's 3×3×3 arrays.
        kind.build(cube)?;
        return Err(DrawError::NotInView(super::NotInView::RepSize { n, kind }));
    }
    Ok(match kind {
        RepKind::Numeric => numeric(&Numeric::from_cube(cube)),
        RepKind::Local => local(&Local::from_cube(cube), scheme),
        RepKind::Composite => composite(&Composite::from_cube(cube), scheme),
        RepKind::Visual => visual(&Visual::from_cube(cube), scheme),
        RepKind::Vector => vector(&Vector::from_cube(cube), scheme),
        RepKind::FourD => four_d(&FourD::from_cube(cube), scheme),
        RepKind::Nested => nested(&Nested::from_cube(cube), scheme),
    })
}

/// Draws `cube` in `user`'s array, a representation of one's own, laid out as APL displays
/// it: the last axis across, the one before it down, and the planes of higher ranks one
/// under another, a gap between planes (two between blocks of planes, and so on); a blank
/// cell as a dashed empty tile. Stickers in the colours of `scheme`.
///
/// ```
/// use cubework::draw::rep::draw_user;
/// use cubework::rep::user::UserRep;
/// use cubework::turn::face::Scheme;
/// use cubework::Cube;
/// let svg = draw_user(&UserRep::identity(), &Cube::solved(), Scheme::Paper).unwrap();
/// assert!(svg.contains("identity"));
/// assert!(draw_user(&UserRep::identity(), &Cube::solved_n(4), Scheme::Paper).is_err());
/// ```
pub fn draw_user(
    user: &crate::rep::user::UserRep,
    cube: &Cube,
    scheme: Scheme,
) -> Result<String, DrawError> {
    let state = crate::rep::user::UserState::new(std::sync::Arc::new(user.clone()), cube)?;
    let shape = &user.shape;
    let rank = shape.len();
    let cols = shape[rank - 1];
    let rows = user.cells.len() / cols.max(1);
    // Rows in a plane, a block of planes, …: a gap after each.
    let blocks: Vec<usize> = (1..rank.saturating_sub(1))
        .map(|k| shape[rank - 1 - k..rank - 1].iter().product())
        .collect();
    let gaps = |r: usize| blocks.iter().map(|b| r / b.max(&1)).sum::<usize>();
    let t = if cols > 60 { 16.0 } else { 22.0 };
    let gap = 10.0;
    let title = format!(
        "{} (yours): a {} array, encoded by {}",
        user.name,
        user.shape_text(),
        user.encode
    );
    // Room for the title and the footnote (about 8 units a character).
    let words = 8.0 * title.chars().count().max(72) as f64;
    let width = 2.0 * MARGIN + (cols as f64 * t).max(words);
    let top = MARGIN + TITLE;
    let last = rows.saturating_sub(1);
    let height = top + rows as f64 * t + gaps(last) as f64 * gap + 22.0 + MARGIN;
    let mut svg = page(width, height, &title);
    for (i, &b) in state.bytes().iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let at = (
            MARGIN + c as f64 * t,
            top + r as f64 * t + gaps(r) as f64 * gap,
        );
        let face = letter_colour(b);
        let text = face.map_or(String::new(), |f| scheme.letter(f).to_string());
        tile(&mut svg, at, t, face.map(|f| (scheme, f)), &text);
    }
    label(
        &mut svg,
        (MARGIN, height - MARGIN + 2.0),
        "cells as APL displays the array; dashed: a blank, which shows no sticker",
        Anchor::Start,
    );
    Ok(svg.finish())
}

/// The colour a paper letter names, if it names one (blank and `∘` do not).
fn letter_colour(b: u8) -> Option<Face> {
    Face::from_paper_letter(b as char)
}

/// A page with a title line.
fn page(width: f64, height: f64, title: &str) -> Svg {
    let mut svg = super::page(width, height, title);
    svg.text(
        (MARGIN, MARGIN + 12.0),
        title,
        14.0,
        Anchor::Start,
        &Style::fill(&colour::INK.hex()),
    );
    svg
}

fn label(svg: &mut Svg, at: Point, text: &str, anchor: Anchor) {
    svg.text(at, text, 11.0, anchor, &Style::fill(&colour::MUTED.hex()));
}

/// A face's name, centred on `centre` under a drawing whose bottom edge is at `bottom`.
fn name_under(svg: &mut Svg, centre: f64, bottom: f64, name: &str) {
    label(svg, (centre, bottom + 16.0), name, Anchor::Middle);
}

/// A tile of `size` at `at`: the colour of `face` in its scheme with `text` on it, or an
/// empty outline.
fn tile(svg: &mut Svg, at: Point, size: f64, face: Option<(Scheme, Face)>, text: &str) {
    match face {
        Some((scheme, face)) => {
            let c = colour::sticker_in(scheme, face);
            svg.rect(
                (at.0 + 1.0, at.1 + 1.0),
                (size - 2.0, size - 2.0),
                0.18 * size,
                &Style::fill(&c.hex()).stroke(&colour::INK.hex(), 0.8),
            );
            centred_text(svg, (at.0 + size / 2.0, at.1 + size / 2.0), text, size, c);
        }
        None => {
            svg.rect(
                (at.0 + 1.0, at.1 + 1.0),
                (size - 2.0, size - 2.0),
                0.18 * size,
                &Style::none()
                    .stroke(&colour::MUTED.hex(), 0.6)
                    .with("stroke-dasharray", "2 2"),
            );
            if !text.is_empty() {
                centred_text(
                    svg,
                    (at.0 + size / 2.0, at.1 + size / 2.0),
                    text,
                    size,
                    colour::PAPER,
                );
            }
        }
    }
}

fn centred_text(svg: &mut Svg, centre: Point, text: &str, size: f64, on: Rgb) {
    svg.text(
        (centre.0, centre.1 + 0.19 * size),
        text,
        0.52 * size,
        Anchor::Middle,
        &Style::fill(&on.ink().hex()),
    );
}

const PLANES: [&str; 3] = ["plane 1 (up)", "plane 2 (middle)", "plane 3 (down)"];

/// A 3×3×3 array of cubies, each three tiles in a row (its up/down, back/front and
/// left/right slots), each tile drawn by `slot` with the tile's place, the cubie's index and
/// the slot.
fn planes_page(
    title: &str,
    footnote: &str,
    mut slot: impl FnMut(&mut Svg, Point, [usize; 3], usize),
) -> String {
    let cell_w = 3.0 * TILE;
    let gap = 9.0;
    let plane_w = 3.0 * cell_w + 2.0 * gap;
    let plane_gap = 28.0;
    let width = 2.0 * MARGIN + 3.0 * plane_w + 2.0 * plane_gap;
    let top = MARGIN + TITLE + 16.0;
    let height = top + 3.0 * (TILE + gap) + 20.0 + MARGIN;
    let mut svg = page(width, height, title);
    for (p, name) in PLANES.iter().enumerate() {
        let x0 = MARGIN + p as f64 * (plane_w + plane_gap);
        label(&mut svg, (x0, top - 6.0), name, Anchor::Start);
        for r in 0..3 {
            for c in 0..3 {
                let at = (
                    x0 + c as f64 * (cell_w + gap),
                    top + r as f64 * (TILE + gap),
                );
                svg.rect(
                    (at.0 - 2.0, at.1 - 2.0),
                    (cell_w + 4.0, TILE + 4.0),
                    5.0,
                    &Style::fill("#ececec"),
                );
                for k in 0..3 {
                    slot(&mut svg, (at.0 + k as f64 * TILE, at.1), [p, r, c], k);
                }
            }
        }
    }
    label(
        &mut svg,
        (MARGIN, height - MARGIN + 2.0),
        footnote,
        Anchor::Start,
    );
    svg.finish()
}

/// Numeric: each cubie's three digits on tiles of the colours they stand for.
fn numeric(rep: &Numeric) -> String {
    let a = rep.array();
    planes_page(
        "Numeric: a 3×3×3 array of 3-digit integers",
        "digits: up/down, back/front, left/right colour (1 white 2 blue 3 red 4 orange 5 green 6 yellow, 0 none); rows back → front",
        |svg, at, [p, r, c], slot| {
            let v = a[[p, r, c]];
            let d = [v / 100, v / 10 % 10, v % 10][slot];
            // The digits number the paper's colours: drawn in them whatever the scheme.
            let face = Face::from_digit(d as u8).map(|f| (Scheme::Paper, f));
            tile(svg, at, TILE, face, &d.to_string());
        },
    )
}

/// Nested: each cubie's 3-vector of letters, `∘` where it has no sticker.
fn nested(rep: &Nested, scheme: Scheme) -> String {
    let a = rep.array();
    planes_page(
        "Nested: a 3×3×3 array of 3-letter vectors",
        "each vector: up/down, back/front, left/right colour, ∘ where the cubie has none; rows back → front",
        |svg, at, [p, r, c], slot| {
            let face = letter_colour(a[[p, r, c]][slot]);
            // A jot (no sticker) is drawn as a small circle on an empty tile.
            let text = face.map_or(String::new(), |f| scheme.letter(f).to_string());
            tile(svg, at, TILE, face.map(|f| (scheme, f)), &text);
            if face.is_none() {
                let centre = (at.0 + 0.5 * TILE, at.1 + TILE / 2.0);
                svg.circle(
                    centre,
                    0.16 * TILE,
                    &Style::none().stroke(&colour::MUTED.hex(), 1.2),
                );
            }
        },
    )
}

/// A 3×3 matrix of letter tiles at `at`.
fn matrix(svg: &mut Svg, at: Point, scheme: Scheme, letter: impl Fn(usize, usize) -> u8) {
    for r in 0..3 {
        for c in 0..3 {
            let b = letter(r, c);
            let face = letter_colour(b);
            let text = face.map_or(String::new(), |f| scheme.letter(f).to_string());
            tile(
                svg,
                (at.0 + c as f64 * TILE, at.1 + r as f64 * TILE),
                TILE,
                face.map(|f| (scheme, f)),
                &text,
            );
        }
    }
}

/// Local: the six faces in the paper's order, side by side.
fn local(rep: &Local, scheme: Scheme) -> String {
    let a = rep.array();
    let gap = 18.0;
    let face_w = 3.0 * TILE;
    let width = 2.0 * MARGIN + 6.0 * face_w + 5.0 * gap;
    let top = MARGIN + TITLE;
    let height = top + face_w + 22.0 + MARGIN;
    let mut svg = page(width, height, "Local: six 3×3 faces (6×3×3)");
    for (f, name) in ["up", "down", "back", "front", "left", "right"]
        .iter()
        .enumerate()
    {
        let x = MARGIN + f as f64 * (face_w + gap);
        matrix(&mut svg, (x, top), scheme, |r, c| a[[f, r, c]]);
        name_under(&mut svg, x + face_w / 2.0, top + face_w, name);
    }
    svg.finish()
}

/// Composite: the 5×12 matrix; the side blocks a little apart so the faces show.
fn composite(rep: &Composite, scheme: Scheme) -> String {
    let a = rep.array();
    let block_gap = 8.0;
    let left = MARGIN + 44.0;
    let width = left + 12.0 * TILE + 3.0 * block_gap + MARGIN;
    let top = MARGIN + TITLE;
    let height = top + 5.0 * TILE + 22.0 + MARGIN;
    let mut svg = page(width, height, "Composite: a 5×12 matrix");
    let x = |c: usize| left + c as f64 * TILE + (c / 3) as f64 * block_gap;
    for r in 0..5 {
        for c in 0..12 {
            let b = a[[r, c]];
            let face = letter_colour(b);
            tile(
                &mut svg,
                (x(c), top + r as f64 * TILE),
                TILE,
                face.map(|f| (scheme, f)),
                &scheme.shown_letter(b as char).to_string(),
            );
        }
    }
    for (r, name) in [(0, "up"), (2, "sides"), (4, "down")] {
        label(
            &mut svg,
            (left - 8.0, top + (r as f64 + 0.65) * TILE),
            name,
            Anchor::End,
        );
    }
    for (block, name) in ["left", "front", "right", "back"].iter().enumerate() {
        name_under(&mut svg, x(3 * block) + 1.5 * TILE, top + 5.0 * TILE, name);
    }
    svg.finish()
}

/// Vector: 54 letters in a strip, six runs of nine.
fn vector(rep: &Vector, scheme: Scheme) -> String {
    let a = rep.array();
    let t = 22.0;
    let run_gap = 10.0;
    let width = 2.0 * MARGIN + 54.0 * t + 5.0 * run_gap;
    let top = MARGIN + TITLE + 12.0;
    let height = top + t + 22.0 + MARGIN;
    let mut svg = page(width, height, "Vector: 54 letters");
    for (i, &b) in a.iter().enumerate() {
        let x = MARGIN + i as f64 * t + (i / 9) as f64 * run_gap;
        if i % 9 == 0 {
            label(
                &mut svg,
                (x, top - 4.0),
                &(i + 1).to_string(),
                Anchor::Start,
            );
            let name = ["up", "down", "back", "front", "left", "right"][i / 9];
            name_under(&mut svg, x + 4.5 * t, top + t, name);
        }
        tile(
            &mut svg,
            (x, top),
            t,
            letter_colour(b).map(|f| (scheme, f)),
            &scheme.shown_letter(b as char).to_string(),
        );
    }
    svg.finish()
}

/// 4-D: per plane, its up/down, back/front and left/right matrices in a row.
fn four_d(rep: &FourD, scheme: Scheme) -> String {
    let a = rep.array();
    let gap = 18.0;
    let m = 3.0 * TILE;
    let left = MARGIN + 104.0;
    let width = left + 3.0 * m + 2.0 * gap + MARGIN;
    let top = MARGIN + TITLE + 14.0;
    let height = top + 3.0 * m + 2.0 * gap + MARGIN;
    let mut svg = page(width, height, "4-D: a 3×3×3×3 array");
    for (slot, name) in ["up/down", "back/front", "left/right"].iter().enumerate() {
        label(
            &mut svg,
            (left + slot as f64 * (m + gap) + m / 2.0, top - 6.0),
            name,
            Anchor::Middle,
        );
    }
    for p in 0..3 {
        let y = top + p as f64 * (m + gap);
        label(
            &mut svg,
            (MARGIN, y + m / 2.0 + 4.0),
            PLANES[p],
            Anchor::Start,
        );
        for slot in 0..3 {
            let x = left + slot as f64 * (m + gap);
            matrix(&mut svg, (x, y), scheme, |r, c| a[[p, slot, r, c]]);
        }
    }
    svg.finish()
}

/// Visual: the paper's "square pyramid, viewed from atop, as if the cube were stretched out
/// from the bottom and flattened". Cell `[r, c]` of the 11×11 matrix is drawn where it lies
/// on that pyramid: the up face as the square of cells 4–6, a side sticker at distance d from
/// it as a third of the trapezoid between the squares of half-width 1.5 + d − 1 and 1.5 + d
/// (centred on cell 5), and the down face's eight stickers round the rim.
fn visual(rep: &Visual, scheme: Scheme) -> String {
    let a = rep.array();
    let u = 34.0;
    let top = MARGIN + TITLE;
    let width = 2.0 * MARGIN + 11.0 * u;
    let height = top + 11.0 * u + 24.0 + MARGIN;
    let mut svg = page(
        width,
        height,
        "Visual: 11×11, a square pyramid viewed from atop",
    );
    let to_page = |(x, y): (f64, f64)| (MARGIN + x * u, top + y * u);
    for ((r, c), &b) in a.indexed_iter() {
        let Some(face) = letter_colour(b) else {
            continue;
        };
        let Some(quad) = pyramid_cell(r, c) else {
            continue;
        };
        let points: Vec<Point> = quad.iter().map(|&p| to_page(p)).collect();
        let c_ = colour::sticker_in(scheme, face);
        svg.polygon(
            &points,
            &Style::fill(&c_.hex())
                .stroke(&colour::INK.hex(), 0.9)
                .with("stroke-linejoin", "round"),
        );
        // The letter goes at the centre of the matrix cell, which lies inside its shape.
        let centre = to_page((c as f64 + 0.5, r as f64 + 0.5));
        let letter = scheme.letter(face).to_string();
        centred_text(&mut svg, centre, &letter, 0.8 * u, c_);
    }
    label(
        &mut svg,
        (MARGIN, height - MARGIN + 2.0),
        "up in the middle, the sides around it, down round the rim",
        Anchor::Start,
    );
    svg.finish()
}

/// The outline (in cell units, x right, y down) of matrix cell `[r, c]` on the pyramid, for
/// the 53 cells that hold stickers.
///
/// ```
/// use cubework::draw::rep::pyramid_cell;
/// assert_eq!(pyramid_cell(5, 5).unwrap(), vec![(5.0, 5.0), (6.0, 5.0), (6.0, 6.0), (5.0, 6.0)]);
/// assert_eq!(pyramid_cell(2, 5).unwrap().len(), 4); // back, two from the up face
/// assert_eq!(pyramid_cell(0, 0).unwrap().len(), 6); // a down corner, round the rim's corner
/// assert!(pyramid_cell(1, 1).is_none()); // blank
/// ```
pub fn pyramid_cell(r: usize, c: usize) -> Option<Vec<(f64, f64)>> {
    let (r, c) = (r as i32, c as i32);
    if (4..=6).contains(&r) && (4..=6).contains(&c) {
        let (x, y) = (c as f64, r as f64);
        return Some(vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]);
    }
    // The rim (ring 4): the down face's corners at the matrix corners, its edges at the
    // midpoints of the matrix's sides.
    if r == 0 || r == 10 || c == 0 || c == 10 {
        let (side, pos) = match (r, c) {
            (0, _) => (Side::Back, c),
            (10, _) => (Side::Front, c),
            (_, 0) => (Side::Left, r),
            _ => (Side::Right, r),
        };
        let j = match pos {
            0 => 0,
            5 => 1,
            10 => 2,
            _ => return None,
        };
        let third = side.place(strip(4, j));
        if j == 1 {
            return Some(third);
        }
        // A corner: its third of this side's rim strip and the adjoining third of the
        // neighbouring side's, joined round the rim's corner.
        let (other, k) = match (side, j) {
            (Side::Back, 0) => (Side::Left, 0),
            (Side::Back, _) => (Side::Right, 0),
            (_, 0) => (Side::Left, 2),
            _ => (Side::Right, 2),
        };
        return Some(join_at_corner(&third, &other.place(strip(4, k))));
    }
    // A side sticker at distance d (1–3) from the up face lies on row (back) or column (left)
    // 4−d, or row (front) / column (right) 6+d, at positions 5−d, 5, 5+d along it.
    [
        (Side::Back, 4 - r, c),
        (Side::Front, r - 6, c),
        (Side::Left, 4 - c, r),
        (Side::Right, c - 6, r),
    ]
    .into_iter()
    .filter(|&(_, d, _)| (1..=3).contains(&d))
    .find_map(|(side, d, pos)| {
        let j = match pos - 5 {
            v if v == -d => 0,
            0 => 1,
            v if v == d => 2,
            _ => return None,
        };
        Some(side.place(strip(d, j)))
    })
}

/// A side of the pyramid, as seen from above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Back,
    Front,
    Left,
    Right,
}

impl Side {
    /// Points from (along, across) to cell units: along runs left → right (back, front) or
    /// top → bottom (left, right), across outwards from the centre.
    fn place(self, points: [(f64, f64); 4]) -> Vec<(f64, f64)> {
        points
            .into_iter()
            .map(|(along, across)| match self {
                Side::Back => (5.5 + along, 5.5 - across),
                Side::Front => (5.5 + along, 5.5 + across),
                Side::Left => (5.5 - across, 5.5 + along),
                Side::Right => (5.5 + across, 5.5 + along),
            })
            .collect()
    }
}

/// The `j`-th third (0, 1, 2) of the trapezoid at ring `d` on one side, in (along, across)
/// coordinates: across runs from the inner square (half-width d + 0.5) to the outer one
/// (d + 1.5), each edge cut in three equal parts.
fn strip(d: i32, j: i32) -> [(f64, f64); 4] {
    let (inner, outer) = (0.5 + d as f64, 1.5 + d as f64);
    let at = |h: f64, k: i32| -h + 2.0 * h * k as f64 / 3.0;
    [
        (at(inner, j), inner),
        (at(inner, j + 1), inner),
        (at(outer, j + 1), outer),
        (at(outer, j), outer),
    ]
}

/// Two quadrilaterals sharing one outer corner point and one inner corner point (the two
/// thirds of a down corner), joined into one hexagon.
fn join_at_corner(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let same = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9;
    let shared = |p: (f64, f64), other: &[(f64, f64)]| other.iter().any(|&q| same(p, q));
    // Walk a from the point after the shared pair round to it, then b likewise, so that the
    // outline goes round the union without crossing.
    let start = |x: &[(f64, f64)], other: &[(f64, f64)]| -> Vec<(f64, f64)> {
        let n = x.len();
        let first = (0..n)
            .find(|&i| shared(x[i], other) && !shared(x[(i + 1) % n], other))
            .unwrap_or(0);
        (1..=n).map(|k| x[(first + k) % n]).collect()
    };
    let walk_a = start(a, b); // a's own points, then the shared pair (first one next to them)
    let walk_b = start(b, a); // likewise for b
    let (na, nb) = (walk_a.len(), walk_b.len());
    if na < 2 || nb < 2 {
        return a.to_vec();
    }
    let (s1, s2) = (walk_a[na - 2], walk_a[na - 1]);
    let mut own_b = walk_b[..nb - 2].to_vec();
    // b's own points end next to b's first shared point; after s1 the union continues with
    // the one of them next to s1.
    if same(walk_b[nb - 2], s1) {
        own_b.reverse();
    }
    let mut out = walk_a[..na - 2].to_vec();
    out.push(s1);
    out.extend(own_b);
    out.push(s2);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_of_ones_own_is_drawn_as_apl_shows_it_planes_apart_blanks_dashed() {
        use crate::rep::user::UserRep;
        let mut ws = crate::apl::paper::workspace("vector").unwrap();
        for line in ["FLAT: 18 3⍴⍵", "PLANES: 6 3 3⍴⍵", "PAD: 6 10↑6 9⍴⍵"] {
            ws.eval_line(line).unwrap();
        }
        let mut height = |encode: &str| {
            let rep = UserRep::define(&mut ws, "mine", encode, None).unwrap();
            let svg = draw_user(&rep, &Cube::solved(), Scheme::Paper).unwrap();
            assert_eq!(
                svg.matches("</text>").count(),
                54 + 2,
                "{encode}: a letter a sticker"
            );
            let at = svg.find("height=\"").unwrap() + 8;
            let end = at + svg[at..].find('"').unwrap();
            (svg[at..end].parse::<f64>().unwrap(), svg)
        };
        // The same 54 rows of tiles, the six planes five gaps apart.
        let (flat, _) = height("FLAT");
        let (planes, _) = height("PLANES");
        assert_eq!(planes - flat, 5.0 * 10.0);
        let (_, pad) = height("PAD");
        assert_eq!(pad.matches("stroke-dasharray").count(), 6);
    }

    #[test]
    fn every_visual_sticker_cell_has_a_shape_and_blanks_have_none() {
        let v = Visual::from_cube(&Cube::solved());
        for ((r, c), &b) in v.array().indexed_iter() {
            assert_eq!(
                pyramid_cell(r, c).is_some(),
                letter_colour(b).is_some(),
                "[{r},{c}] holds {:?}",
                b as char
            );
        }
    }

    /// Shoelace area of an outline.
    fn area(p: &[(f64, f64)]) -> f64 {
        let n = p.len();
        (0..n)
            .map(|i| p[i].0 * p[(i + 1) % n].1 - p[(i + 1) % n].0 * p[i].1)
            .sum::<f64>()
            .abs()
            / 2.0
    }

    #[test]
    fn the_pyramid_tiles_the_square_without_overlap() {
        // The 53 shapes cover the 11×11 square exactly: the up face, three rings of sides,
        // and the rim (the down face stretched round it, its centre not represented).
        let total: f64 = (0..11)
            .flat_map(|r| (0..11).map(move |c| (r, c)))
            .filter_map(|(r, c)| pyramid_cell(r, c))
            .map(|p| area(&p))
            .sum();
        assert!((total - 121.0).abs() < 1e-6, "{total}");
        for (r, c) in [(0, 0), (0, 10), (10, 0), (10, 10)] {
            let p = pyramid_cell(r, c).unwrap();
            assert_eq!(p.len(), 6);
            let side = 11.0 / 3.0;
            // The two rim thirds: each a trapezoid (side + (9/3)) / 2 × 1 high.
            assert!((area(&p) - 2.0 * (side + 3.0) / 2.0).abs() < 1e-6, "{p:?}");
        }
    }

    #[test]
    fn every_representation_draws_for_a_scrambled_cube() {
        let cube = crate::sequence::input::do_sequence(
            &Cube::solved(),
            "R U F' L2 D B' M E S",
            crate::Notation::Standard,
        )
        .unwrap();
        for kind in RepKind::ALL {
            let svg = draw_rep(kind, &cube, Scheme::Paper).unwrap();
            assert!(
                svg.contains(kind.title().split(':').next().unwrap()),
                "{kind}"
            );
        }
    }
}
