//! What a sequence does to the pieces of the 3×3×3: where each corner, edge and centre goes,
//! and how corners twist and edges flip.
//!
//! Pieces are found from the canonical cube's stickers ([`Geometry::cubie_of`] and
//! [`Geometry::sticker_of`]) and named by the faces they touch, up/down first, then
//! front/back, then right/left: corners `UFR UFL UBR UBL DFR DFL DBR DBL`, edges
//! `UF UB UR UL DF DB DR DL FR FL BR BL`, centres `U D F B R L`.
//!
//! **Corner twist.** A corner's *reference* sticker is its up or down one. Seen from outside
//! the corner (looking at its tip, toward the cube's centre) its three places run clockwise;
//! a piece is *twisted clockwise* when its reference sticker lies one place clockwise from
//! the up/down place of where it now is, *counter-clockwise* when two. For a corner that stays
//! put this is literally the way it has been turned, seen from outside that corner.
//!
//! **Edge flip.** An edge's reference sticker is its up/down one, or front/back for the four
//! middle-layer edges; it is *flipped* when that sticker is not on the up/down (front/back)
//! place of where it now is.

use std::fmt;

use crate::state::geometry::Geometry;
use crate::state::sticker_perm::StickerPerm;
use crate::turn::face::Face;
use crate::turn::moves::{Move, MoveError};

/// What kind of piece.
///
/// ```
/// use cubework::state::effect::{PieceKind, Place};
/// assert_eq!(Place::named("UF").unwrap().kind(), PieceKind::Edge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// Three stickers.
    Corner,
    /// Two stickers.
    Edge,
    /// One sticker.
    Centre,
}

/// A piece position of the 3×3×3: the faces it touches, in naming order.
///
/// ```
/// use cubework::state::effect::Place;
/// let p = Place::named("BR").unwrap();
/// assert_eq!(p.to_string(), "BR");
/// assert_eq!(p.cubie(), [2, 0, -2]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    faces: [Option<Face>; 3],
}

impl Place {
    /// The places of one kind, in naming order.
    ///
    /// ```
    /// use cubework::state::effect::{Place, PieceKind};
    /// let names: Vec<String> = Place::all(PieceKind::Corner).iter().map(|p| p.to_string()).collect();
    /// assert_eq!(names.join(" "), "UFR UFL UBR UBL DFR DFL DBR DBL");
    /// ```
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::state::sticker_perm::StickerPerm;
    /// assert_eq!(Effect::of_perm(&StickerPerm::identity(3)).all().count(), 26);
    /// ```
    pub fn all(kind: PieceKind) -> Vec<Place> {
        let ud = [Face::U, Face::D];
        let fb = [Face::F, Face::B];
        let rl = [Face::R, Face::L];
        let mut out = Vec::new();
        match kind {
            PieceKind::Corner => {
                for a in ud {
                    for b in fb {
                        for c in rl {
                            out.push(Place::of(&[a, b, c]));
                        }
                    }
                }
            }
            PieceKind::Edge => {
                for a in ud {
                    for b in [Face::F, Face::B, Face::R, Face::L] {
                        out.push(Place::of(&[a, b]));
                    }
                }
                for b in fb {
                    for c in rl {
                        out.push(Place::of(&[b, c]));
                    }
                }
            }
            PieceKind::Centre => {
                for f in [Face::U, Face::D, Face::F, Face::B, Face::R, Face::L] {
                    out.push(Place::of(&[f]));
                }
            }
        }
        out
    }

    fn of(faces: &[Face]) -> Place {
        let mut f = [None; 3];
        for (slot, &face) in f.iter_mut().zip(faces) {
            *slot = Some(face);
        }
        Place { faces: f }
    }

    /// The place named `name` (`"UFR"`, `"BR"`, `"U"`; letters in any order).
    ///
    /// ```
    /// use cubework::state::effect::Place;
    /// assert_eq!(Place::named("RFU").unwrap().to_string(), "UFR");
    /// assert!(Place::named("UD").is_none());
    /// ```
    pub fn named(name: &str) -> Option<Place> {
        let mut want: Vec<char> = name.chars().collect();
        want.sort_unstable();
        table().places.iter().copied().find(|p| {
            let mut have: Vec<char> = p.faces().iter().map(|f| f.letter()).collect();
            have.sort_unstable();
            have == want
        })
    }

    /// The faces it touches.
    ///
    /// ```
    /// use cubework::state::effect::Place;
    /// use cubework::Face;
    /// assert_eq!(Place::named("DFL").unwrap().faces(), vec![Face::D, Face::F, Face::L]);
    /// ```
    pub fn faces(&self) -> Vec<Face> {
        self.faces.iter().flatten().copied().collect()
    }

    /// Its kind.
    ///
    /// ```
    /// use cubework::state::effect::{PieceKind, Place};
    /// assert_eq!(Place::named("F").unwrap().kind(), PieceKind::Centre);
    /// ```
    pub fn kind(&self) -> PieceKind {
        match self.faces().len() {
            3 => PieceKind::Corner,
            2 => PieceKind::Edge,
            _ => PieceKind::Centre,
        }
    }

    /// The face of its reference sticker (see the module docs).
    ///
    /// ```
    /// use cubework::state::effect::Place;
    /// use cubework::Face;
    /// assert_eq!(Place::named("FR").unwrap().reference_face(), Face::F);
    /// assert_eq!(Place::named("DB").unwrap().reference_face(), Face::D);
    /// ```
    pub fn reference_face(&self) -> Face {
        self.faces[0].unwrap_or(Face::U)
    }

    /// The doubled coordinates of its cubie on the 3×3×3.
    ///
    /// ```
    /// use cubework::state::effect::Place;
    /// assert_eq!(Place::named("UFR").unwrap().cubie(), [2, 2, 2]);
    /// ```
    pub fn cubie(&self) -> [i32; 3] {
        let mut c = [0; 3];
        for f in self.faces() {
            for (a, v) in c.iter_mut().zip(f.normal()) {
                *a += 2 * v;
            }
        }
        c
    }
}

/// The 26 places with what [`Effect::of_perm`] needs about each, computed once.
struct PlaceTable {
    /// Corners, edges, centres, each in [`Place::all`] order.
    places: Vec<Place>,
    /// Each place's reference sticker (facelet index).
    home: Vec<usize>,
    /// For each sticker, the index in `places` of the place it lies on.
    place_of: Vec<usize>,
    /// For each sticker on a corner, the face one place clockwise from its own.
    cw_next: Vec<Option<Face>>,
}

fn table() -> &'static PlaceTable {
    static TABLE: std::sync::OnceLock<PlaceTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let g = Geometry::of(3);
        let places: Vec<Place> = [PieceKind::Corner, PieceKind::Edge, PieceKind::Centre]
            .into_iter()
            .flat_map(Place::all)
            .collect();
        let home = places
            .iter()
            .map(|p| {
                g.sticker_of(p.cubie(), p.reference_face())
                    .expect("every place has its reference sticker")
            })
            .collect();
        let place_of = (0..g.sticker_count())
            .map(|i| {
                let c = g.cubie_of(i);
                places
                    .iter()
                    .position(|p| p.cubie() == c)
                    .expect("every sticker is on a place")
            })
            .collect();
        let cw_next = (0..g.sticker_count())
            .map(|i| {
                let c = g.cubie_of(i);
                (c.iter().all(|&v| v != 0)).then(|| clockwise_next(c, g.face_of(i)))
            })
            .collect();
        PlaceTable {
            places,
            home,
            place_of,
            cw_next,
        }
    })
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for face in self.faces() {
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// Where one piece went and how it is turned there.
///
/// ```
/// use cubework::state::effect::Effect;
/// use cubework::{parse_moves, Notation};
/// let e = Effect::of_moves(&parse_moves("F", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(e.piece("UF").unwrap().to_string(), "UF → FR (flipped)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceEffect {
    /// Where the piece started.
    pub from: Place,
    /// Where it is now.
    pub to: Place,
    /// Its orientation there. Corners: 0, 1 (clockwise) or 2 (counter-clockwise); edges: 0 or 1 (flipped);
    /// centres: 0.
    pub orient: u8,
}

impl PieceEffect {
    /// True when the piece is home and unturned.
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert!(e.piece("DF").unwrap().is_still());
    /// assert!(!e.piece("UF").unwrap().is_still());
    /// ```
    pub fn is_still(&self) -> bool {
        self.from == self.to && self.orient == 0
    }

    /// The piece stayed in its place (it may be turned).
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("R' D' R D R' D' R D", Notation::Standard).unwrap()).unwrap();
    /// let m = e.piece("UFR").unwrap();
    /// assert!(m.stays() && !m.is_still()); // twisted in place
    /// ```
    pub fn stays(&self) -> bool {
        self.from == self.to
    }

    fn turn_words(&self) -> Option<&'static str> {
        match (self.from.kind(), self.orient) {
            (_, 0) => None,
            (PieceKind::Corner, 1) => Some("twisted cw"),
            (PieceKind::Corner, _) => Some("twisted ccw"),
            _ => Some("flipped"),
        }
    }
}

impl fmt::Display for PieceEffect {
    /// `UFR → DBR (twisted ccw)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} → {}", self.from, self.to)?;
        if let Some(w) = self.turn_words() {
            write!(f, " ({w})")?;
        }
        Ok(())
    }
}

/// The cubie-level effect of a sequence on the 3×3×3.
///
/// ```
/// use cubework::state::effect::Effect;
/// use cubework::{parse_moves, Notation};
/// let e = Effect::of_moves(&parse_moves("R U R' U'", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(e.piece("UR").unwrap().to.to_string(), "UB");
/// assert!(e.piece("UF").unwrap().is_still());
/// assert!(e.centres.iter().all(|c| c.is_still()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The eight corners, in [`Place::all`] order.
    pub corners: Vec<PieceEffect>,
    /// The twelve edges.
    pub edges: Vec<PieceEffect>,
    /// The six centres.
    pub centres: Vec<PieceEffect>,
}

impl Effect {
    /// The effect of a sticker permutation of the 3×3×3.
    ///
    /// # Panics
    /// If the permutation is not of a 3×3×3 or does not keep pieces whole (no sequence of
    /// moves can do that).
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::state::sticker_perm::StickerPerm;
    /// assert!(Effect::of_perm(&StickerPerm::identity(3)).is_identity());
    /// ```
    pub fn of_perm(p: &StickerPerm) -> Effect {
        assert_eq!(p.size(), 3, "cubie-level effects are for the 3×3×3");
        let g = Geometry::of(3);
        let t = table();
        let src = p.sources();
        let mut dest = [0usize; 54];
        for (i, &s) in src.iter().enumerate() {
            dest[s as usize] = i;
        }
        let mut moves = t.places.iter().zip(&t.home).map(|(&from, &home)| {
            let now = dest[home];
            let to = t.places[t.place_of[now]];
            let landed = g.face_of(now);
            let r = to.reference_face();
            let twist = match from.kind() {
                PieceKind::Centre => 0,
                PieceKind::Edge => u8::from(landed != r),
                PieceKind::Corner => {
                    let at_reference = g
                        .sticker_of(to.cubie(), r)
                        .expect("corners have an up/down sticker");
                    if landed == r {
                        0
                    } else if Some(landed) == t.cw_next[at_reference] {
                        1
                    } else {
                        2
                    }
                }
            };
            PieceEffect {
                from,
                to,
                orient: twist,
            }
        });
        Effect {
            corners: moves.by_ref().take(8).collect(),
            edges: moves.by_ref().take(12).collect(),
            centres: moves.collect(),
        }
    }

    /// The effect of a sequence of moves on the 3×3×3.
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("M2", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(e.piece("F").unwrap().to.to_string(), "B");
    /// ```
    pub fn of_moves(moves: &[Move]) -> Result<Effect, MoveError> {
        Ok(Effect::of_perm(&StickerPerm::of_moves(3, moves)?))
    }

    /// What happened to the piece that started at `name` (`"UFR"`, `"BR"`, `"F"`).
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("R", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(e.piece("RUF").unwrap().to.to_string(), "UBR");
    /// assert!(e.piece("XYZ").is_none());
    /// ```
    pub fn piece(&self, name: &str) -> Option<PieceEffect> {
        let place = Place::named(name)?;
        self.all().find(|m| m.from == place)
    }

    /// Every piece, corners then edges then centres.
    pub fn all(&self) -> impl Iterator<Item = PieceEffect> + '_ {
        self.corners
            .iter()
            .chain(&self.edges)
            .chain(&self.centres)
            .copied()
    }

    /// The pieces that moved or turned.
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(e.changed().len(), 8);
    /// ```
    pub fn changed(&self) -> Vec<PieceEffect> {
        self.all().filter(|m| !m.is_still()).collect()
    }

    /// Nothing moved or turned.
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("R2 R2", Notation::Standard).unwrap()).unwrap();
    /// assert!(e.is_identity());
    /// ```
    pub fn is_identity(&self) -> bool {
        self.all().all(|m| m.is_still())
    }

    /// The readable report: a line per kind, then the changed pieces on one line (the
    /// answer, for scripts).
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation};
    /// let e = Effect::of_moves(&parse_moves("F E' F' E", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(
    ///     e.report().lines().last().unwrap(),
    ///     "UF → DF (flipped), DF → FL (flipped), FR → BR (flipped), FL → FR (flipped), BR → UF"
    /// );
    /// ```
    pub fn report(&self) -> String {
        let section = |name: &str, list: &[PieceEffect]| {
            let changed: Vec<String> = list
                .iter()
                .filter(|m| !m.is_still())
                .map(|m| m.to_string())
                .collect();
            if changed.is_empty() {
                format!("{name}: all in place")
            } else {
                format!("{name}: {}", changed.join(", "))
            }
        };
        let changed = self.changed();
        let last = if changed.is_empty() {
            "nothing changes".to_string()
        } else {
            changed
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        [
            section("corners", &self.corners),
            section("edges", &self.edges),
            section("centres", &self.centres),
            last,
        ]
        .join("\n")
    }
}

/// The face of the corner at `cubie` one place clockwise from `face`, seen from outside the
/// corner.
fn clockwise_next(cubie: [i32; 3], face: Face) -> Face {
    let a = face.normal();
    Face::ALL
        .into_iter()
        .filter(|f| {
            let b = f.normal();
            (0..3).all(|i| b[i] == 0 || b[i] * cubie[i] > 0) && *f != face
        })
        .find(|f| {
            let b = f.normal();
            let cross = [
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ];
            cross.iter().zip(cubie).map(|(c, p)| c * p).sum::<i32>() < 0
        })
        .unwrap_or(face)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    fn effect(s: &str) -> Effect {
        Effect::of_moves(&parse_moves(s, Notation::Standard).unwrap()).unwrap()
    }

    #[test]
    fn clockwise_order_seen_from_outside() {
        // At UFR: U, then R, then F, clockwise seen from outside the corner.
        let ufr = Place::named("UFR").unwrap().cubie();
        assert_eq!(clockwise_next(ufr, Face::U), Face::R);
        assert_eq!(clockwise_next(ufr, Face::R), Face::F);
        assert_eq!(clockwise_next(ufr, Face::F), Face::U);
        // At DFR: D, then F, then R.
        let dfr = Place::named("DFR").unwrap().cubie();
        assert_eq!(clockwise_next(dfr, Face::D), Face::F);
    }

    #[test]
    fn a_quarter_turn_of_r() {
        let e = effect("R");
        // R takes UFR to UBR, its up sticker onto the back face, which at UBR is one place
        // clockwise from up (as Kociemba's cubie model has it: co = 1 there, 2 at UFR).
        let m = e.piece("UFR").unwrap();
        assert_eq!(m.to.to_string(), "UBR");
        assert_eq!(m.orient, 1);
        let m = e.piece("DFR").unwrap();
        assert_eq!((m.to.to_string(), m.orient), ("UFR".to_string(), 2));
        // Face turns of R do not flip edges (its up sticker lands on back, BR's reference).
        assert_eq!(e.piece("UR").unwrap().to.to_string(), "BR");
        assert_eq!(e.piece("UR").unwrap().orient, 0);
        assert_eq!(e.piece("FR").unwrap().orient, 0);
        assert_eq!(effect("F").piece("UF").unwrap().orient, 1);
        assert!(e.centres.iter().all(|c| c.is_still()));
        assert_eq!(e.changed().len(), 8);
    }

    #[test]
    fn twists_sum_to_zero_and_flips_are_even() {
        for s in ["R U", "R U R' U' F2 D L'", "M E S", "x y z R2 B'"] {
            let e = effect(s);
            let twist: u32 = e.corners.iter().map(|m| m.orient as u32).sum();
            let flip: u32 = e.edges.iter().map(|m| m.orient as u32).sum();
            assert_eq!(twist % 3, 0, "{s}");
            assert_eq!(flip % 2, 0, "{s}");
        }
    }

    #[test]
    fn a_pure_corner_twist_traced_by_hand() {
        // Traced by hand: R' takes UFR's up sticker to DFR's front place, D' to DFL's left,
        // D back to DFR's front, R' to DBR's down, D' to DFR's down, R to UFR's front. At UFR
        // the places run U → R → F clockwise, so front is two places on: counter-clockwise.
        let e = effect("R' D' R D R' D' R D");
        let m = e.piece("UFR").unwrap();
        assert!(m.stays());
        assert_eq!(m.orient, 2);
        assert_eq!(m.to_string(), "UFR → UFR (twisted ccw)");
    }

    #[test]
    fn rotations_move_centres() {
        let e = effect("y");
        assert_eq!(e.piece("F").unwrap().to.to_string(), "L");
        assert!(!e.centres.iter().all(|c| c.is_still()));
    }
}
