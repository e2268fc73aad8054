//! The cube in perspective: a camera on a sphere around the cube, faces turned away from it
//! culled, the rest painted far to near, each sticker a rounded square in its face's plane.
//!
//! Space is [`crate::state::geometry`]'s: doubled coordinates, x right, y up, z front, the cube
//! spanning −N to N on each axis and every sticker a 2×2 square centred on its position.

use super::DrawError;
use super::arrows::{ArrowEnds, MovedPiece, choose};
use super::colour::{self, Rgb};
use super::svg::{Point, Style, Svg};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// Where the cube is seen from: `yaw` degrees round the vertical axis from the front (positive
/// towards the right face), `pitch` degrees up from the horizon (positive looks down on the up
/// face), at `distance` cube edges from the cube's centre.
///
/// ```
/// use cubework::draw::Camera;
/// use cubework::Face;
/// let c = Camera::default(); // from the up-front-right corner
/// assert!(c.sees(3, Face::U) && c.sees(3, Face::F) && c.sees(3, Face::R));
/// assert!(!c.sees(3, Face::D) && !c.sees(3, Face::B) && !c.sees(3, Face::L));
/// assert!(Camera::new(0.0, 91.0, 4.0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    yaw: f64,
    pitch: f64,
    distance: f64,
}

/// A point as the camera sees it: page-independent image coordinates (x right, y down) and
/// its distance in front of the camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projected {
    /// Right of the line of sight, over depth.
    pub x: f64,
    /// Below the line of sight, over depth.
    pub y: f64,
    /// Distance along the line of sight.
    pub depth: f64,
}

impl Camera {
    /// The default yaw: from the front, turned 35° towards the right face.
    pub const DEFAULT_YAW: f64 = 35.0;
    /// The default pitch: 30° above the horizon.
    pub const DEFAULT_PITCH: f64 = 30.0;
    /// The default distance, in cube edges from the centre.
    pub const DEFAULT_DISTANCE: f64 = 4.0;
    /// The yaw a user may give lies within ± this.
    pub const MAX_YAW: f64 = 360.0;
    /// The pitch a user may give lies within ± this (straight above or below).
    pub const MAX_PITCH: f64 = 90.0;
    /// Nearest distance: outside the cube (its corners are 0.87 edges from the centre).
    pub const MIN_DISTANCE: f64 = 1.5;
    /// Farthest distance (at 100 edges the picture is all but orthographic).
    pub const MAX_DISTANCE: f64 = 100.0;

    /// A camera, if the angles and distance are in range.
    pub fn new(yaw: f64, pitch: f64, distance: f64) -> Result<Camera, DrawError> {
        let check = |what: &'static str, value: f64, lo: f64, hi: f64, unit: &'static str| {
            if value.is_finite() && (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(DrawError::OutOfRange {
                    what,
                    value,
                    lo,
                    hi,
                    unit,
                })
            }
        };
        check("yaw", yaw, -Self::MAX_YAW, Self::MAX_YAW, "degrees")?;
        check("pitch", pitch, -Self::MAX_PITCH, Self::MAX_PITCH, "degrees")?;
        check(
            "distance",
            distance,
            Self::MIN_DISTANCE,
            Self::MAX_DISTANCE,
            "cube edges",
        )?;
        Ok(Camera {
            yaw,
            pitch,
            distance,
        })
    }

    /// The yaw in degrees.
    pub fn yaw(&self) -> f64 {
        self.yaw
    }

    /// The pitch in degrees.
    pub fn pitch(&self) -> f64 {
        self.pitch
    }

    /// The distance in cube edges.
    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// The same camera at another yaw and pitch.
    pub fn with_angles(self, yaw: f64, pitch: f64) -> Result<Camera, DrawError> {
        Camera::new(yaw, pitch, self.distance)
    }

    /// The camera that sees the faces this one's nearest corner hides: from the opposite
    /// corner, at the default pitch, looking along the diagonal.
    ///
    /// ```
    /// use cubework::draw::Camera;
    /// use cubework::Face;
    /// let back = Camera::default().behind();
    /// assert!(back.sees(3, Face::D) && back.sees(3, Face::B) && back.sees(3, Face::L));
    /// ```
    pub fn behind(&self) -> Camera {
        let [x, y, z] = self.direction();
        let sign = |v: f64| -> f64 { if v < -1e-9 { -1.0 } else { 1.0 } };
        let (sx, sy, sz) = (-sign(x), -sign(y), -sign(z));
        Camera {
            yaw: sx.atan2(sz).to_degrees(),
            pitch: sy * Self::DEFAULT_PITCH,
            distance: self.distance,
        }
    }

    /// Unit vector from the cube's centre towards the camera.
    pub fn direction(&self) -> [f64; 3] {
        let (y, p) = (self.yaw.to_radians(), self.pitch.to_radians());
        [y.sin() * p.cos(), p.sin(), y.cos() * p.cos()]
    }

    /// The camera's right and up directions on the page.
    fn axes(&self) -> ([f64; 3], [f64; 3]) {
        let y = self.yaw.to_radians();
        let right = [y.cos(), 0.0, -y.sin()];
        let up = cross(self.direction(), right);
        (right, up)
    }

    /// Where the camera is, in the `n`-cube's doubled coordinates.
    pub fn eye(&self, n: usize) -> [f64; 3] {
        let far = self.distance * 2.0 * n as f64;
        self.direction().map(|v| v * far)
    }

    /// True when the camera sees the outside of `face` of the `n`-cube (the back-face test:
    /// the camera is on the outer side of the face's plane).
    pub fn sees(&self, n: usize, face: Face) -> bool {
        let normal = face.normal().map(f64::from);
        dot(normal, self.eye(n)) > n as f64 + 1e-9
    }

    /// A point of the `n`-cube's space as the camera sees it.
    pub fn project(&self, n: usize, p: [f64; 3]) -> Projected {
        let eye = self.eye(n);
        let v = [p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]];
        let (right, up) = self.axes();
        let depth = -dot(v, self.direction());
        Projected {
            x: dot(v, right) / depth,
            y: -dot(v, up) / depth,
            depth,
        }
    }
}

impl Default for Camera {
    fn default() -> Camera {
        Camera {
            yaw: Self::DEFAULT_YAW,
            pitch: Self::DEFAULT_PITCH,
            distance: Self::DEFAULT_DISTANCE,
        }
    }
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The two unit directions spanning a face, so that (a, b, normal) is right-handed.
fn face_axes(face: Face) -> ([f64; 3], [f64; 3]) {
    let n = face.normal().map(f64::from);
    let a = if n[0] == 0.0 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 0.0, -n[0]]
    };
    let b = cross(n, a);
    (a, b)
}

/// How a picture maps image coordinates onto the page: `page = offset + scale × image`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Page units per image unit.
    pub scale: f64,
    /// Page position of the image origin.
    pub offset: Point,
}

impl Frame {
    /// The frame that fits the `n`-cube as `camera` sees it into the box at `at` of `size`,
    /// centred, with a margin.
    pub fn fit(camera: &Camera, n: usize, at: Point, size: (f64, f64)) -> Frame {
        let k = n as f64;
        let corners: Vec<Projected> = (0..8)
            .map(|c| {
                let s = |bit: usize| if c >> bit & 1 == 1 { k } else { -k };
                camera.project(n, [s(0), s(1), s(2)])
            })
            .collect();
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for p in &corners {
            x0 = x0.min(p.x);
            x1 = x1.max(p.x);
            y0 = y0.min(p.y);
            y1 = y1.max(p.y);
        }
        let scale = 0.92 * (size.0 / (x1 - x0)).min(size.1 / (y1 - y0));
        Frame {
            scale,
            offset: (
                at.0 + size.0 / 2.0 - scale * (x0 + x1) / 2.0,
                at.1 + size.1 / 2.0 - scale * (y0 + y1) / 2.0,
            ),
        }
    }

    /// A projected point on the page.
    pub fn page(&self, p: Projected) -> Point {
        (
            self.offset.0 + self.scale * p.x,
            self.offset.1 + self.scale * p.y,
        )
    }
}

/// One sticker as drawn: its index (facelet order), colour, outline and centre on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnSticker {
    /// Facelet index.
    pub index: usize,
    /// The colour painted.
    pub colour: Rgb,
    /// The rounded outline on the page.
    pub outline: Vec<Point>,
    /// The centre on the page.
    pub centre: Point,
}

/// Sticker half-width, of the cubie's 1, and the radius of its rounded corners.
const STICKER_HALF: f64 = 0.88;
const STICKER_RADIUS: f64 = 0.24;

/// Draws the cube as `camera` sees it into the box at `at` of `size`, stickers not `kept`
/// greyed, and an arrow for every moved piece whose path this view shows. Returns the
/// stickers drawn, in the order painted.
pub(crate) fn draw_view(
    svg: &mut Svg,
    cube: &Cube,
    camera: &Camera,
    (at, size): (Point, (f64, f64)),
    kept: &[bool],
    pieces: &[MovedPiece],
    scheme: crate::turn::face::Scheme,
) -> Vec<DrawnSticker> {
    let n = cube.size();
    let g = Geometry::of(n);
    let k = n as f64;
    let frame = Frame::fit(camera, n, at, size);
    let project = |p: [f64; 3]| frame.page(camera.project(n, p));
    // A stroke that scales with the picture: thin and dark, like a printed sticker border.
    let unit = frame.scale / (camera.distance * 2.0 * k); // page units per doubled unit, roughly
    let border = (0.05 * unit).clamp(0.3, 1.4);
    let paint = super::paint_with(cube, kept, scheme);

    // Painter's order: the visible faces, farthest first (their centres' depths).
    let mut faces: Vec<(Face, f64)> = Face::ALL
        .into_iter()
        .filter(|&f| camera.sees(n, f))
        .map(|f| {
            let c = f.normal().map(|v| v as f64 * k);
            (f, camera.project(n, c).depth)
        })
        .collect();
    faces.sort_by(|a, b| b.1.total_cmp(&a.1));

    let mut drawn = Vec::new();
    for &(face, _) in &faces {
        let normal = face.normal().map(|v| v as f64 * k);
        let (a, b) = face_axes(face);
        let corner =
            |sa: f64, sb: f64| project([0, 1, 2].map(|i| normal[i] + k * (sa * a[i] + sb * b[i])));
        svg.polygon(
            &[
                corner(-1.0, -1.0),
                corner(1.0, -1.0),
                corner(1.0, 1.0),
                corner(-1.0, 1.0),
            ],
            &Style::fill(&colour::PLASTIC.hex())
                .stroke(&colour::PLASTIC.hex(), border)
                .with("stroke-linejoin", "round"),
        );
        let per = n * n;
        for index in face.index() * per..(face.index() + 1) * per {
            let p = g.position(index).map(f64::from);
            let outline: Vec<Point> = rounded_square()
                .map(|(u, v)| project([0, 1, 2].map(|i| p[i] + u * a[i] + v * b[i])))
                .collect();
            let colour = paint(index);
            svg.polygon(
                &outline,
                &Style::fill(&colour.hex()).stroke(&colour::INK.hex(), border),
            );
            drawn.push(DrawnSticker {
                index,
                colour,
                outline,
                centre: project(p),
            });
        }
    }

    // Arrows on top: for each moved piece, one path between two stickers this view shows.
    let visible = |i: usize| camera.sees(n, g.face_of(i));
    let facing = |i: usize| {
        let normal = g.face_of(i).normal().map(f64::from);
        dot(normal, camera.direction())
    };
    let centre = |i: usize| project(g.position(i).map(f64::from));
    let arrows: Vec<ArrowEnds> = pieces
        .iter()
        .filter_map(|piece| choose(piece, g, visible, facing))
        .map(|(s, d)| ArrowEnds {
            from: centre(s),
            to: centre(d),
        })
        .collect();
    super::arrows::draw_all(svg, &arrows, (0.13 * unit).max(1.0), 0.45 * unit);
    drawn
}

/// The outline of a sticker in its face's plane, relative to its centre: a square of
/// half-width [`STICKER_HALF`] with corners rounded by [`STICKER_RADIUS`], counter-clockwise.
fn rounded_square() -> impl Iterator<Item = (f64, f64)> {
    const STEPS: usize = 4;
    let inner = STICKER_HALF - STICKER_RADIUS;
    [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .into_iter()
        .enumerate()
        .flat_map(move |(q, (su, sv))| {
            (0..=STEPS).map(move |s| {
                let angle = (q as f64 + s as f64 / STEPS as f64) * std::f64::consts::FRAC_PI_2;
                (
                    su * inner + STICKER_RADIUS * angle.cos(),
                    sv * inner + STICKER_RADIUS * angle.sin(),
                )
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn face_axes_are_right_handed() {
        for face in Face::ALL {
            let (a, b) = face_axes(face);
            assert_eq!(cross(a, b), face.normal().map(f64::from), "{face}");
        }
    }

    #[test]
    fn default_view_puts_up_above_and_right_to_the_right() {
        let c = Camera::default();
        let p = |v: [f64; 3]| c.project(3, v);
        let (u, f, r) = (p([0.0, 3.0, 0.0]), p([0.0, 0.0, 3.0]), p([3.0, 0.0, 0.0]));
        assert!(u.y < f.y && u.y < r.y, "up is above");
        assert!(r.x > f.x, "right is right of front");
    }

    #[test]
    fn each_view_from_a_corner_sees_three_faces_and_behind_sees_the_other_three() {
        // Views well away from every face's plane (nearer one, a face is seen edge-on).
        for yaw in [-150.0, -120.0, -35.0, 30.0, 60.0, 135.0, 210.0, 300.0] {
            for pitch in [-50.0, -20.0, 25.0, 50.0] {
                let c = Camera::new(yaw, pitch, 4.0).unwrap();
                let seen: Vec<Face> = Face::ALL.into_iter().filter(|&f| c.sees(3, f)).collect();
                assert_eq!(seen.len(), 3, "yaw {yaw} pitch {pitch}");
                let back = c.behind();
                for f in Face::ALL {
                    assert_ne!(c.sees(3, f), back.sees(3, f), "yaw {yaw} pitch {pitch} {f}");
                }
            }
        }
    }

    #[test]
    fn straight_on_sees_one_face() {
        let c = Camera::new(0.0, 0.0, 4.0).unwrap();
        let seen: Vec<Face> = Face::ALL.into_iter().filter(|&f| c.sees(3, f)).collect();
        assert_eq!(seen, [Face::F]);
        let top = Camera::new(0.0, 90.0, 4.0).unwrap();
        assert!(top.sees(5, Face::U) && !top.sees(5, Face::F));
        // Looking straight down, the back edge is at the top of the picture.
        let back = top.project(3, [0.0, 3.0, -3.0]);
        let front = top.project(3, [0.0, 3.0, 3.0]);
        assert!(back.y < front.y);
    }

    #[test]
    fn bad_angles_and_distances_are_refused() {
        for (y, p, d) in [
            (f64::NAN, 0.0, 4.0),
            (361.0, 0.0, 4.0),
            (0.0, -90.5, 4.0),
            (0.0, f64::INFINITY, 4.0),
            (0.0, 0.0, 1.0),
            (0.0, 0.0, 1000.0),
        ] {
            assert!(Camera::new(y, p, d).is_err(), "{y} {p} {d}");
        }
        assert!(Camera::new(-360.0, -90.0, 1.5).is_ok());
    }
}
