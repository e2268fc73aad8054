//! # Piece-mapping representation (from outside the paper)
//!
//! The representation of the Ruby notes "Representing Rubik's Cube" (2010), not Peelle's.
//! The centres never move, so their colours name everything else:
//!
//! * each face colour has four **neighbours** in a fixed cyclic order, and turning a face
//!   clockwise moves every sticker on neighbour *i* to neighbour *i − 1* (the notes cache the
//!   shifted list as `rotated`, the last neighbour moved to the front);
//! * the 20 **positions** are named by the *set* of centre colours they touch — two for an
//!   edge, three for a corner (the notes' `canonical_key`; here sorted in the order
//!   U D F B R L, so the names read UF, UFR, DBL, …);
//! * a **piece** is a *mapping from position colours to piece colours*: which of the piece's
//!   colours shows on the side of each centre colour. A piece is home when the mapping is the
//!   identity; home but wrongly turned when it maps the position's colours onto themselves
//!   in another way;
//! * the cube maps each position to the piece in it, is solved when every piece is home, and
//!   keeps its **history** of turns.
//!
//! Colours are written with the face letters of the facelet string (U R F D L B name the
//! colours of those centres). The neighbours are not copied from the notes (their colour
//! scheme puts white opposite yellow) but computed from the geometry, as the notes compute
//! `rotated`; with them, `rotate_cw` is the standard clockwise face turn.
//!
//! ```
//! use cubework::state::piece_map::PieceCube;
//! use cubework::{parse_moves, Cube, Notation};
//! let mut p = PieceCube::solved();
//! let moves = parse_moves("R U R' U'", Notation::Standard).unwrap();
//! p.apply_all(&moves).unwrap();
//! let mut c = Cube::solved();
//! c.apply_all(&moves).unwrap();
//! assert_eq!(p.to_cube(), c);
//! assert_eq!(PieceCube::deserialise(&p.serialise()).unwrap().to_cube(), c);
//! assert_eq!(p.history().len(), 4);
//! ```

/// What "the Ruby notes" are, said wherever they are named: `reps` and `compare`.
pub const RUBY_NOTES: &str = "The Ruby notes are \"Representing Rubik's Cube\" (2010): notes that model the cube by its pieces in the Ruby language, not Peelle's APL paper.";

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use rand::RngExt;

use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::{Amount, Move, MoveError, PaperAxis, Turn};

/// The order colours are listed in within a position's name: U D F B R L.
const NAME_ORDER: [Face; 6] = [Face::U, Face::D, Face::F, Face::B, Face::R, Face::L];

fn name_rank(f: Face) -> usize {
    NAME_ORDER.iter().position(|&g| g == f).unwrap_or(6)
}

fn cross(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The four neighbours of a centre colour, in the cyclic order in which a clockwise turn of
/// that face moves stickers from neighbour *i* to neighbour *i − 1* (anticlockwise as seen
/// from outside the face).
///
/// ```
/// use cubework::state::piece_map::neighbours;
/// use cubework::Face;
/// assert_eq!(neighbours(Face::U), [Face::R, Face::B, Face::L, Face::F]);
/// ```
pub fn neighbours(colour: Face) -> [Face; 4] {
    static TABLE: OnceLock<[[Face; 4]; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        Face::ALL.map(|c| {
            let n = c.normal();
            let first = Face::ALL
                .into_iter()
                .find(|f| f.normal().iter().zip(n).all(|(a, b)| a * b == 0))
                .expect("every face has perpendicular faces");
            let mut out = [first; 4];
            for i in 1..4 {
                out[i] = Face::from_normal(cross(n, out[i - 1].normal()))
                    .expect("a quarter-turn of a face normal is a face normal");
            }
            out
        })
    })[colour.index()]
}

/// The neighbours shifted one place, as the notes cache them: the last moved to the front.
/// A clockwise turn sends each sticker on `neighbours(c)[i]` to `rotated(c)[i]`.
pub fn rotated(colour: Face) -> [Face; 4] {
    let n = neighbours(colour);
    [n[3], n[0], n[1], n[2]]
}

/// A position: the set of centre colours it touches, two (an edge) or three (a corner).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    colours: [Face; 3],
    len: u8,
}

impl Position {
    /// The position touching these colours (the notes' `canonical_key`), or `None` unless
    /// they are two or three mutually adjacent colours.
    ///
    /// ```
    /// use cubework::state::piece_map::Position;
    /// use cubework::Face;
    /// let p = Position::new(&[Face::R, Face::F, Face::U]).unwrap();
    /// assert_eq!(p.to_string(), "UFR");
    /// assert!(Position::new(&[Face::U, Face::D]).is_none());
    /// ```
    pub fn new(colours: &[Face]) -> Option<Position> {
        if !(2..=3).contains(&colours.len()) {
            return None;
        }
        for (i, &a) in colours.iter().enumerate() {
            for &b in &colours[i + 1..] {
                if a == b || a == b.opposite() {
                    return None;
                }
            }
        }
        let mut sorted = colours.to_vec();
        sorted.sort_by_key(|&f| name_rank(f));
        // An edge's unused third place repeats its first colour, so that equal sets are equal.
        let sorted = [sorted[0], sorted[1], *sorted.get(2).unwrap_or(&sorted[0])];
        Some(Position {
            colours: sorted,
            len: colours.len() as u8,
        })
    }

    /// The colours, in name order (U D F B R L).
    pub fn colours(&self) -> &[Face] {
        &self.colours[..self.len as usize]
    }

    /// Whether this is a corner position.
    pub fn is_corner(&self) -> bool {
        self.len == 3
    }

    /// Whether the position touches the centre of this colour.
    pub fn touches(&self, colour: Face) -> bool {
        self.colours().contains(&colour)
    }
}

impl PartialOrd for Position {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Position {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |p: &Position| {
            (
                p.len,
                p.colours()
                    .iter()
                    .map(|&f| name_rank(f))
                    .collect::<Vec<_>>(),
            )
        };
        key(self).cmp(&key(other))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.colours() {
            write!(f, "{}", c.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// The 20 positions, edges first, as the notes build them: for each colour and each of its
/// neighbours, the edge they share and the corner they share with the next neighbour.
pub fn positions() -> &'static [Position] {
    static ALL: OnceLock<Vec<Position>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut set = BTreeSet::new();
        for c in Face::ALL {
            let n = neighbours(c);
            for i in 0..4 {
                set.extend(Position::new(&[c, n[i]]));
                set.extend(Position::new(&[c, n[i], n[(i + 1) % 4]]));
            }
        }
        set.into_iter().collect()
    })
}

/// A piece: which of its colours shows on the side of each of its position's centre colours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    map: BTreeMap<Face, Face>,
}

impl Piece {
    /// The piece that belongs in `position`, at home.
    pub fn home_of(position: Position) -> Piece {
        Piece {
            map: position.colours().iter().map(|&c| (c, c)).collect(),
        }
    }

    /// Whether the piece is home: every position colour maps to itself.
    pub fn is_home(&self) -> bool {
        self.map.iter().all(|(p, c)| p == c)
    }

    /// The position it is in: the set of its position colours.
    pub fn position(&self) -> Position {
        let keys: Vec<Face> = self.map.keys().copied().collect();
        Position::new(&keys).expect("a piece's position colours name a position")
    }

    /// The piece's own colours, as the position it belongs in.
    pub fn identity(&self) -> Option<Position> {
        let values: Vec<Face> = self.map.values().copied().collect();
        Position::new(&values)
    }

    /// The piece colour on the side of centre colour `colour`.
    pub fn colour_on(&self, colour: Face) -> Option<Face> {
        self.map.get(&colour).copied()
    }

    /// The notes' `rotate`: each position colour found in `olds` becomes the one at the same
    /// place in `news`; the others stay.
    pub fn rotate(&mut self, olds: &[Face; 4], news: &[Face; 4]) {
        self.map = self
            .map
            .iter()
            .map(
                |(&pos, &colour)| match olds.iter().position(|&o| o == pos) {
                    Some(i) => (news[i], colour),
                    None => (pos, colour),
                },
            )
            .collect();
    }

    /// The piece colours in the order of its position's name.
    pub fn serialise(&self) -> String {
        self.position()
            .colours()
            .iter()
            .map(|c| self.map[c].letter())
            .collect()
    }
}

/// Why text or stickers are not a piece-mapped cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PiecesError {
    /// A cube of another size.
    #[error("the piece-mapping representation holds a 3×3×3, not a {0}×{0}×{0}")]
    Size(usize),
    /// A token that is not `POSITION:COLOURS`.
    #[error("'{}' is not POSITION:COLOURS (e.g. UFR:UFR)", crate::base::text::echo(.0))]
    Syntax(String),
    /// A position name that is not one of the 20.
    #[error("'{}' is not a position (two or three adjacent faces, e.g. UF or UFR)", crate::base::text::echo(.0))]
    UnknownPosition(String),
    /// A position given twice.
    #[error("position {0} is given twice")]
    DuplicatePosition(String),
    /// A position not given.
    #[error("position {0} is missing")]
    MissingPosition(String),
    /// Colours of the wrong number for the position.
    #[error(
        "position {position} has {got} colours ('{}'), expected {expected}",
        crate::base::text::echo(colours)
    )]
    Length {
        /// The position.
        position: String,
        /// The colours given.
        colours: String,
        /// How many were given.
        got: usize,
        /// How many it needs.
        expected: usize,
    },
    /// A character that names no colour.
    #[error("position {position} has unknown colour '{}' (expected one of U R F D L B)", crate::base::text::echo(&ch.to_string()))]
    UnknownColour {
        /// The position.
        position: String,
        /// The character.
        ch: char,
    },
    /// Colours no piece has.
    #[error("position {position} holds colours {colours}, which no piece has")]
    NoSuchPiece {
        /// The position.
        position: String,
        /// The colours.
        colours: String,
    },
    /// A piece in two positions.
    #[error("piece {piece} is in both {first} and {second}")]
    DuplicatePiece {
        /// The piece.
        piece: String,
        /// One position holding it.
        first: String,
        /// Another.
        second: String,
    },
}

/// The cube as the notes represent it: the 20 positions mapped to the pieces in them, and the
/// history of turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCube {
    pieces: BTreeMap<Position, Piece>,
    history: Vec<Move>,
}

impl Default for PieceCube {
    fn default() -> Self {
        PieceCube::solved()
    }
}

fn face_move(face: Face, quarters: u8) -> Move {
    Move {
        turn: Turn::face(face),
        amount: Amount::from_quarters(quarters),
    }
}

impl PieceCube {
    /// The solved cube: every piece at home, no history.
    pub fn solved() -> PieceCube {
        PieceCube {
            pieces: positions()
                .iter()
                .map(|&p| (p, Piece::home_of(p)))
                .collect(),
            history: Vec::new(),
        }
    }

    /// The piece in a position.
    pub fn piece_at(&self, position: &Position) -> Option<&Piece> {
        self.pieces.get(position)
    }

    /// The positions and their pieces, in position order.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, &Piece)> {
        self.pieces.iter()
    }

    /// Whether every piece is home.
    pub fn is_solved(&self) -> bool {
        self.pieces.values().all(Piece::is_home)
    }

    /// The turns made, oldest first, as standard face moves.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// Forgets the history.
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// The positions touching a centre colour (the notes' `positions_neighboring`).
    pub fn positions_neighbouring(colour: Face) -> Vec<Position> {
        positions()
            .iter()
            .copied()
            .filter(|p| p.touches(colour))
            .collect()
    }

    fn rotate(&mut self, colour: Face, from: &[Face; 4], to: &[Face; 4]) {
        let moved: Vec<Piece> = PieceCube::positions_neighbouring(colour)
            .iter()
            .filter_map(|p| self.pieces.remove(p))
            .map(|mut piece| {
                piece.rotate(from, to);
                piece
            })
            .collect();
        for piece in moved {
            self.pieces.insert(piece.position(), piece);
        }
    }

    /// Turns the face of centre colour `colour` a quarter clockwise.
    pub fn rotate_cw(&mut self, colour: Face) {
        self.history.push(face_move(colour, 1));
        self.rotate(colour, &neighbours(colour), &rotated(colour));
    }

    /// Turns the face of centre colour `colour` a quarter anticlockwise.
    pub fn rotate_ccw(&mut self, colour: Face) {
        self.history.push(face_move(colour, 3));
        self.rotate(colour, &rotated(colour), &neighbours(colour));
    }

    /// The face turns a move makes, or why it has none: the centres never move here, so only
    /// outer faces turn (in either notation), not slices, wide turns or the whole cube.
    fn face_turns(m: &Move) -> Result<Vec<(Face, u8)>, MoveError> {
        m.layer_quarters(3)?
            .map(|(axis, layer, quarters)| {
                let (face, flip) = match (axis, layer) {
                    (PaperAxis::X, 0) => (Face::L, false),
                    (PaperAxis::X, 2) => (Face::R, true),
                    (PaperAxis::Y, 0) => (Face::B, false),
                    (PaperAxis::Y, 2) => (Face::F, true),
                    (PaperAxis::Z, 0) => (Face::U, false),
                    (PaperAxis::Z, 2) => (Face::D, true),
                    _ => {
                        return Err(MoveError::Undefined {
                            mv: m.to_string(),
                            rep: "pieces",
                            reason: "the centres never move in the piece-mapping representation, so it turns outer faces only (no slices, wide turns or whole-cube turns)".to_string(),
                        });
                    }
                };
                Ok((face, if flip { (4 - quarters) % 4 } else { quarters }))
            })
            .filter(|r| !matches!(r, Ok((_, 0))))
            .collect()
    }

    /// Makes a move: an outer face turn in either notation. Anything else is
    /// [`MoveError::Undefined`] and changes nothing.
    pub fn turn(&mut self, m: &Move) -> Result<(), MoveError> {
        for (face, quarters) in PieceCube::face_turns(m)? {
            self.history.push(face_move(face, quarters));
            let (from, to) = (neighbours(face), rotated(face));
            for _ in 0..quarters {
                self.rotate(face, &from, &to);
            }
        }
        Ok(())
    }

    /// Makes a sequence of moves; on error nothing has changed.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), MoveError> {
        for m in moves {
            PieceCube::face_turns(m)?;
        }
        for m in moves {
            self.turn(m)?;
        }
        Ok(())
    }

    /// Scrambles by `moves` random clockwise turns of random faces (the notes' `unsolve`).
    pub fn unsolve<R: rand::Rng + ?Sized>(&mut self, rng: &mut R, moves: usize) {
        for _ in 0..moves {
            self.rotate_cw(Face::ALL[rng.random_range(0..6)]);
        }
    }

    /// The state as text: a `POSITION:COLOURS` token per position, in position order, the
    /// colours being the piece's on the position's colours in the order of its name. The
    /// history is not part of the state.
    ///
    /// ```
    /// use cubework::state::piece_map::PieceCube;
    /// use cubework::Face;
    /// let mut p = PieceCube::solved();
    /// assert!(p.serialise().starts_with("UF:UF UB:UB UR:UR UL:UL"));
    /// p.rotate_cw(Face::U);
    /// assert!(p.serialise().starts_with("UF:UR UB:UL UR:UB UL:UF"));
    /// ```
    pub fn serialise(&self) -> String {
        self.pieces
            .iter()
            .map(|(p, piece)| format!("{p}:{}", piece.serialise()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads [`serialise`](PieceCube::serialise)'s text (tokens in any order, separated by
    /// any white space; position names in any letter order). Each of the 20 positions must be
    /// given once, with real pieces, each once. Whether a real cube can be turned into the
    /// state (twists, flips, parity) is not checked, as the notes do not.
    pub fn deserialise(text: &str) -> Result<PieceCube, PiecesError> {
        let mut pieces = BTreeMap::new();
        for token in text.split_whitespace() {
            let (name, colours) = token
                .split_once(':')
                .ok_or_else(|| PiecesError::Syntax(token.to_string()))?;
            let faces: Option<Vec<Face>> = name.chars().map(Face::from_letter).collect();
            let position = faces
                .and_then(|f| Position::new(&f))
                .ok_or_else(|| PiecesError::UnknownPosition(name.to_string()))?;
            let expected = position.colours().len();
            let got = colours.chars().count();
            if got != expected {
                return Err(PiecesError::Length {
                    position: position.to_string(),
                    colours: colours.to_string(),
                    got,
                    expected,
                });
            }
            let mut map = BTreeMap::new();
            for (&pos, ch) in position.colours().iter().zip(colours.chars()) {
                let colour = Face::from_letter(ch).ok_or(PiecesError::UnknownColour {
                    position: position.to_string(),
                    ch,
                })?;
                map.insert(pos, colour);
            }
            if pieces.insert(position, Piece { map }).is_some() {
                return Err(PiecesError::DuplicatePosition(position.to_string()));
            }
        }
        PieceCube::check(pieces)
    }

    fn check(pieces: BTreeMap<Position, Piece>) -> Result<PieceCube, PiecesError> {
        if let Some(p) = positions().iter().find(|p| !pieces.contains_key(p)) {
            return Err(PiecesError::MissingPosition(p.to_string()));
        }
        let mut seen: BTreeMap<Position, Position> = BTreeMap::new();
        for (&position, piece) in &pieces {
            let identity = piece
                .identity()
                .filter(|id| positions().contains(id))
                .ok_or_else(|| PiecesError::NoSuchPiece {
                    position: position.to_string(),
                    colours: piece.serialise(),
                })?;
            if let Some(first) = seen.insert(identity, position) {
                return Err(PiecesError::DuplicatePiece {
                    piece: identity.to_string(),
                    first: first.to_string(),
                    second: position.to_string(),
                });
            }
        }
        Ok(PieceCube {
            pieces,
            history: Vec::new(),
        })
    }

    /// Reads a 3×3×3. Positions are named by centre colours wherever the centres are, so a
    /// cube turned as a whole reads as the same state. The pieces must be real, each once.
    pub fn from_cube(cube: &Cube) -> Result<PieceCube, PiecesError> {
        if cube.size() != 3 {
            return Err(PiecesError::Size(cube.size()));
        }
        let g = Geometry::of(3);
        // Where each centre colour is.
        let mut side = [Face::U; 6];
        for f in Face::ALL {
            if let Some(c) = cube.centre(f) {
                side[c.index()] = f;
            }
        }
        let mut pieces = BTreeMap::new();
        for &position in positions() {
            let mut cubie = [0; 3];
            for &c in position.colours() {
                for (a, v) in side[c.index()].normal().iter().enumerate() {
                    cubie[a] += 2 * v;
                }
            }
            let map = position
                .colours()
                .iter()
                .map(|&c| {
                    let sticker = g
                        .sticker_of(cubie, side[c.index()])
                        .expect("a position's cubie has a sticker on each of its faces");
                    (c, cube.stickers()[sticker])
                })
                .collect();
            pieces.insert(position, Piece { map });
        }
        PieceCube::check(pieces)
    }

    /// The cube showing this state, centres home.
    pub fn to_cube(&self) -> Cube {
        let g = Geometry::of(3);
        let mut stickers = Cube::solved().stickers().to_vec();
        for (position, piece) in &self.pieces {
            let mut cubie = [0; 3];
            for &c in position.colours() {
                for (a, v) in c.normal().iter().enumerate() {
                    cubie[a] += 2 * v;
                }
            }
            for (&c, &colour) in &piece.map {
                if let Some(s) = g.sticker_of(cubie, c) {
                    stickers[s] = colour;
                }
            }
        }
        Cube::from_stickers(3, stickers)
            .expect("twenty distinct pieces show each colour nine times")
    }

    /// What the state is made of, in words (for `reps`).
    pub fn shape_description(&self) -> String {
        let edges = self.pieces.keys().filter(|p| !p.is_corner()).count();
        format!(
            "{} colour maps ({edges} edges, {} corners)",
            self.pieces.len(),
            self.pieces.len() - edges
        )
    }

    /// Bytes of state, a byte a colour: the position names (48 colours) and, in the maps,
    /// a position colour and a piece colour for each of the 48 stickers.
    pub fn state_bytes(&self) -> usize {
        self.pieces
            .iter()
            .map(|(p, piece)| p.colours().len() + 2 * piece.map.len())
            .sum()
    }

    /// The state as text: the edges, then the corners, as `POSITION:COLOURS` with a `*` on
    /// each piece not home; then how many are home, and the history of turns made on it, if
    /// there is one.
    ///
    /// ```
    /// use cubework::state::piece_map::PieceCube;
    /// let text = PieceCube::solved().render();
    /// assert!(text.contains("20 of 20 pieces home"));
    /// ```
    pub fn render(&self) -> String {
        let line = |corners: bool| {
            self.pieces
                .iter()
                .filter(|(p, _)| p.is_corner() == corners)
                .map(|(p, piece)| {
                    let mark = if piece.is_home() { " " } else { "*" };
                    format!("{p}:{}{mark}", piece.serialise())
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let home = self.pieces.values().filter(|p| p.is_home()).count();
        // Only turns made on this piece map are its history: one read from a state (as `show
        // pieces` reads the session's cube) knows none, and says nothing rather than "none".
        let history = if self.history.is_empty() {
            String::new()
        } else {
            format!(
                "\nhistory: {}",
                crate::turn::moves::format_moves(&self.history)
            )
        };
        format!(
            "edges:   {}\ncorners: {}\n{home} of {} pieces home{}{history}",
            line(false),
            line(true),
            self.pieces.len(),
            if self.is_solved() { ", solved" } else { "" }
        )
    }
}

impl fmt::Display for PieceCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialise())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn twenty_positions_named_by_centre_colours() {
        let all = positions();
        assert_eq!(all.len(), 20);
        assert_eq!(all.iter().filter(|p| p.is_corner()).count(), 8);
        let names: Vec<String> = all.iter().map(|p| p.to_string()).collect();
        for n in ["UF", "DB", "FR", "BL", "UFR", "DBL"] {
            assert!(names.contains(&n.to_string()), "{names:?}");
        }
        for c in Face::ALL {
            assert_eq!(PieceCube::positions_neighbouring(c).len(), 8);
            let n = neighbours(c);
            assert!(n.iter().all(|&f| f != c && f != c.opposite()));
        }
    }

    #[test]
    fn turns_agree_with_the_sticker_cube() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let faces = "URFDLB";
        for _ in 0..40 {
            let mut text = String::new();
            for _ in 0..25 {
                let f = faces.chars().nth(rng.random_range(0..6)).unwrap();
                let suffix = ["", "2", "'"][rng.random_range(0..3)];
                text.push_str(&format!("{f}{suffix} "));
            }
            let moves = parse_moves(&text, Notation::Standard).unwrap();
            let mut p = PieceCube::solved();
            p.apply_all(&moves).unwrap();
            let mut c = Cube::solved();
            c.apply_all(&moves).unwrap();
            assert_eq!(p.to_cube(), c, "{text}");
            assert_eq!(PieceCube::from_cube(&c).unwrap().pieces, p.pieces);
            assert_eq!(p.history().len(), 25);
        }
    }

    #[test]
    fn paper_face_letters_turn_and_slices_do_not() {
        let paper = parse_moves("RFUD\u{305}LB", Notation::Paper).unwrap();
        let mut p = PieceCube::solved();
        p.apply_all(&paper).unwrap();
        let mut c = Cube::solved();
        c.apply_all(&paper).unwrap();
        assert_eq!(p.to_cube(), c);
        assert_eq!(crate::format_moves(p.history()), "R' F' U D L B");
        for bad in ["M", "x", "Rw", "E2"] {
            let before = p.clone();
            let moves = parse_moves(&format!("R {bad}"), Notation::Standard).unwrap();
            let err = p.apply_all(&moves).unwrap_err();
            assert!(
                matches!(err, MoveError::Undefined { rep: "pieces", .. }),
                "{err}"
            );
            assert_eq!(p, before);
        }
    }

    #[test]
    fn home_solved_and_ccw() {
        let mut p = PieceCube::solved();
        assert!(p.is_solved());
        p.rotate_cw(Face::F);
        assert!(!p.is_solved());
        let moved = p.iter().filter(|(_, piece)| !piece.is_home()).count();
        assert_eq!(moved, 8);
        p.rotate_ccw(Face::F);
        assert!(p.is_solved());
        assert_eq!(crate::format_moves(p.history()), "F F'");
        // Twisted in place: in its own position (the same colours) but not home.
        let mut p = PieceCube::solved();
        p.apply_all(&parse_moves("R' D' R D R' D' R D", Notation::Standard).unwrap())
            .unwrap();
        let ufr = Position::new(&[Face::U, Face::F, Face::R]).unwrap();
        let piece = p.piece_at(&ufr).unwrap();
        assert_eq!(piece.identity(), Some(ufr));
        assert!(!piece.is_home());
        assert_ne!(piece.colour_on(Face::U), Some(Face::U));
    }

    #[test]
    fn serialise_round_trips_and_reports_bad_text() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..20 {
            let mut p = PieceCube::solved();
            p.unsolve(&mut rng, 30);
            let text = p.serialise();
            let back = PieceCube::deserialise(&text).unwrap();
            assert_eq!(back.to_cube(), p.to_cube());
            assert_eq!(back.serialise(), text);
            // Any order, any spacing, letters of names in any order.
            let mut tokens: Vec<&str> = text.split(' ').collect();
            tokens.reverse();
            let shuffled = tokens.join("\n  ").replacen("UF:", "FU:", 1);
            let again = PieceCube::deserialise(&shuffled).unwrap();
            assert_eq!(again.to_cube(), p.to_cube());
        }
        let solved = PieceCube::solved().serialise();
        let err = |text: &str| PieceCube::deserialise(text).unwrap_err();
        assert!(matches!(err("UF"), PiecesError::Syntax(_)));
        assert!(matches!(
            err(&solved.replacen("UF:UF", "UD:UF", 1)),
            PiecesError::UnknownPosition(_)
        ));
        assert!(matches!(
            err(&solved.replacen("UF:UF", "UB:UF", 1)),
            PiecesError::DuplicatePosition(_)
        ));
        assert!(matches!(
            err(&solved.replacen("UF:UF ", "", 1)),
            PiecesError::MissingPosition(_)
        ));
        assert!(matches!(
            err(&solved.replacen("UF:UF", "UF:UFR", 1)),
            PiecesError::Length { .. }
        ));
        assert!(matches!(
            err(&solved.replacen("UF:UF", "UF:UX", 1)),
            PiecesError::UnknownColour { ch: 'X', .. }
        ));
        assert!(matches!(
            err(&solved.replacen("UF:UF", "UF:UD", 1)),
            PiecesError::NoSuchPiece { .. }
        ));
        let dup = err(&solved.replacen("UF:UF", "UF:UB", 1));
        assert!(matches!(dup, PiecesError::DuplicatePiece { .. }), "{dup}");
        assert!(dup.to_string().contains("UB"), "{dup}");
        // A flipped edge is a representable state (the notes check no invariants).
        let flipped = PieceCube::deserialise(&solved.replacen("UF:UF", "UF:FU", 1)).unwrap();
        assert!(!flipped.is_solved());
    }

    #[test]
    fn whole_cube_turns_read_as_the_same_state() {
        let moves = parse_moves("R U F'", Notation::Standard).unwrap();
        let mut c = Cube::solved();
        c.apply_all(&moves).unwrap();
        let p = PieceCube::from_cube(&c).unwrap();
        c.apply_all(&parse_moves("x y", Notation::Standard).unwrap())
            .unwrap();
        assert_eq!(PieceCube::from_cube(&c).unwrap(), p);
        assert!(matches!(
            PieceCube::from_cube(&Cube::solved_n(2)),
            Err(PiecesError::Size(2))
        ));
    }

    #[test]
    fn description_bytes_and_render() {
        let p = PieceCube::solved();
        assert_eq!(p.state_bytes(), 48 + 96);
        assert!(
            p.shape_description()
                .starts_with("20 colour maps (12 edges, 8 corners)")
        );
        let mut q = p.clone();
        q.rotate_cw(Face::R);
        let text = q.render();
        assert!(text.contains("12 of 20 pieces home"), "{text}");
        assert!(text.ends_with("history: R"), "{text}");
        assert!(text.contains('*'));
    }
}
