//! Arrows showing where a sequence takes the pieces: for every piece it moves, one arrow from
//! a sticker of the piece to where that sticker goes.
//!
//! Pieces are cubies ([`Geometry::cubie_of`]); where their stickers go comes from the
//! sequence's sticker permutation ([`StickerPerm`]). A view draws, for each moved piece, the
//! path it shows best: both ends on faces it can see, on one face if there is such a path
//! (a face turn then shows as arrows circling that face), on the face most turned towards the
//! viewer otherwise.

use super::colour;
use super::svg::{PathData, Point, Style, Svg};
use crate::state::geometry::Geometry;
use crate::state::sticker_perm::StickerPerm;
use crate::turn::moves::{Move, MoveError};

/// A piece a sequence moves: where each of its stickers that moves goes, as
/// `(from, to)` facelet indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedPiece {
    /// The piece's stickers that move, and where to.
    pub paths: Vec<(usize, usize)>,
}

/// The pieces `moves` moves on the `n`-cube (a piece twisted in place counts: its stickers
/// move between its own faces).
///
/// ```
/// use cubework::draw::arrows::moved_pieces;
/// use cubework::{parse_moves, Notation};
/// let r = moved_pieces(3, &parse_moves("R", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(r.len(), 8); // four corners, four edges; the centre only spins
/// let u2 = moved_pieces(2, &parse_moves("U2", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(u2.len(), 4);
/// ```
pub fn moved_pieces(n: usize, moves: &[Move]) -> Result<Vec<MovedPiece>, MoveError> {
    let g = Geometry::of(n);
    let dest = StickerPerm::of_moves(n, moves)?.destinations();
    let mut pieces: Vec<([i32; 3], MovedPiece)> = Vec::new();
    for (from, &to) in dest.iter().enumerate() {
        if from == to {
            continue;
        }
        let cubie = g.cubie_of(from);
        match pieces.iter_mut().find(|(c, _)| *c == cubie) {
            Some((_, piece)) => piece.paths.push((from, to)),
            None => pieces.push((
                cubie,
                MovedPiece {
                    paths: vec![(from, to)],
                },
            )),
        }
    }
    // A centre that only spins in place moves no sticker, so is not listed; a piece whose
    // stickers all stay is not either.
    Ok(pieces.into_iter().map(|(_, p)| p).collect())
}

/// The path of `piece` a view shows best: both ends `visible`; on one face if possible; then
/// the ends' faces most `facing` the viewer (larger is better). `None` if no path is visible.
pub fn choose(
    piece: &MovedPiece,
    g: &Geometry,
    visible: impl Fn(usize) -> bool,
    facing: impl Fn(usize) -> f64,
) -> Option<(usize, usize)> {
    piece
        .paths
        .iter()
        .copied()
        .filter(|&(s, d)| visible(s) && visible(d))
        .max_by(|&(s1, d1), &(s2, d2)| {
            let key = |s: usize, d: usize| {
                let same = g.face_of(s) == g.face_of(d);
                (same, facing(s).min(facing(d)))
            };
            let (a, b) = (key(s1, d1), key(s2, d2));
            a.0.cmp(&b.0).then(a.1.total_cmp(&b.1))
        })
}

/// The two ends of an arrow on the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArrowEnds {
    /// Where the piece is.
    pub from: Point,
    /// Where it goes.
    pub to: Point,
}

/// Draws arrows `width` units wide: each a gentle curve from near one sticker's centre to near
/// the other's (`trim` short of each, so that the arrows of a cycle do not pile up on its
/// stickers; bowed to the left of its direction, so that an arrow and its way back do not
/// overlap), with a head at the end, dark with a light outline.
pub fn draw_all(svg: &mut Svg, arrows: &[ArrowEnds], width: f64, trim: f64) {
    if arrows.is_empty() {
        return;
    }
    svg.open_group("arrows");
    let shapes: Vec<(PathData, Vec<Point>)> = arrows
        .iter()
        .map(|a| shape(&trimmed(a, trim), width))
        .collect();
    for (halo, ink) in [
        (true, false), // every outline first, so that crossing arrows stay unbroken
        (false, true),
    ] {
        for (line, head) in &shapes {
            if halo {
                let style = Style::none()
                    .stroke(&colour::HALO.hex(), width * 2.2)
                    .with("stroke-linecap", "round")
                    .with("stroke-opacity", "0.85");
                svg.path(line, &style);
                svg.polygon(
                    head,
                    &Style::fill(&colour::HALO.hex())
                        .stroke(&colour::HALO.hex(), width * 1.2)
                        .with("stroke-linejoin", "round"),
                );
            }
            if ink {
                svg.path(
                    line,
                    &Style::none()
                        .stroke(&colour::INK.hex(), width)
                        .with("stroke-linecap", "round"),
                );
                svg.polygon(head, &Style::fill(&colour::INK.hex()));
            }
        }
    }
    svg.close_group();
}

/// The arrow `trim` shorter at both ends (not below a third of its length).
fn trimmed(a: &ArrowEnds, trim: f64) -> ArrowEnds {
    let (dx, dy) = (a.to.0 - a.from.0, a.to.1 - a.from.1);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return *a;
    }
    let t = trim.min(len / 3.0) / len;
    ArrowEnds {
        from: (a.from.0 + t * dx, a.from.1 + t * dy),
        to: (a.to.0 - t * dx, a.to.1 - t * dy),
    }
}

/// An arrow's curve (ending at the base of its head) and its head.
fn shape(a: &ArrowEnds, width: f64) -> (PathData, Vec<Point>) {
    let (dx, dy) = (a.to.0 - a.from.0, a.to.1 - a.from.1);
    let len = dx.hypot(dy).max(1e-9);
    // Bow: a quarter of the length to the left of the direction of travel.
    let bow = 0.22 * len;
    let control = (
        (a.from.0 + a.to.0) / 2.0 + dy / len * bow,
        (a.from.1 + a.to.1) / 2.0 - dx / len * bow,
    );
    // The head points along the curve's tangent at its end (from the control point).
    let (tx, ty) = (a.to.0 - control.0, a.to.1 - control.1);
    let tlen = tx.hypot(ty).max(1e-9);
    let (ux, uy) = (tx / tlen, ty / tlen);
    let head_len = (3.6 * width).min(0.45 * len);
    let half = 0.6 * head_len;
    let base = (a.to.0 - ux * head_len, a.to.1 - uy * head_len);
    let head = vec![
        a.to,
        (base.0 - uy * half, base.1 + ux * half),
        (base.0 + uy * half, base.1 - ux * half),
    ];
    let line = PathData::default().move_to(a.from).quad_to(control, base);
    (line, head)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::face::Face;
    use crate::turn::notation::Notation;

    fn pieces(n: usize, alg: &str) -> Vec<MovedPiece> {
        moved_pieces(n, &parse_moves(alg, Notation::Standard).unwrap()).unwrap()
    }

    #[test]
    fn a_face_turn_shows_as_arrows_on_that_face() {
        let g = Geometry::of(3);
        for (alg, face) in [("R", Face::R), ("U'", Face::U), ("F2", Face::F)] {
            let ps = pieces(3, alg);
            assert_eq!(ps.len(), 8, "{alg}");
            for p in &ps {
                let (s, d) = choose(p, g, |_| true, |_| 0.0).unwrap();
                assert_eq!((g.face_of(s), g.face_of(d)), (face, face), "{alg}");
            }
        }
    }

    #[test]
    fn sune_moves_up_layer_pieces_only() {
        // R U R' U R U2 R' keeps the first two layers: every piece it moves is an up piece.
        let g = Geometry::of(3);
        let ps = pieces(3, "R U R' U R U2 R'");
        assert!(ps.len() >= 6);
        for p in &ps {
            assert!(p.paths.iter().all(|&(s, _)| g.cubie_of(s)[1] == 2));
        }
        assert!(pieces(3, "R R'").is_empty());
    }

    #[test]
    fn hidden_paths_are_not_chosen() {
        let g = Geometry::of(3);
        let ps = pieces(3, "D");
        let up_only = |i: usize| g.face_of(i) == Face::U;
        assert!(ps.iter().all(|p| choose(p, g, up_only, |_| 0.0).is_none()));
    }

    #[test]
    fn big_cubes_have_arrows_too() {
        // 2R on the 5×5 moves a whole inner slice: 4×5 stickers of U F D B, no centre spin.
        let ps = pieces(5, "2R");
        let stickers: usize = ps.iter().map(|p| p.paths.len()).sum();
        assert_eq!(stickers, 20);
    }
}
