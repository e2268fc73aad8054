//! The canonical state: the stickers of an N×N×N cube (the 3×3×3 unless said otherwise), in
//! facelet-string order. Every representation converts to and from it, and its text form is
//! the facelet string of [the conventions](crate::guide::conventions).

use std::fmt;

use crate::state::geometry::{Geometry, MAX_SIZE};
use crate::turn::face::Face;
use crate::turn::moves::{LayerTurn, Move, MoveError, PaperAxis};

/// Why a facelet string is not a cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FaceletError {
    /// Too short or too long.
    #[error("facelet string has {got} characters, expected {expected} (6 faces of {per_face})")]
    Length {
        /// Characters found.
        got: usize,
        /// Characters needed.
        expected: usize,
        /// Stickers per face.
        per_face: usize,
    },
    /// A character that names no face.
    #[error(
        "facelet string has unknown colour '{}' at position {position} (expected one of {})",
        crate::base::text::echo(&ch.to_string()),
        if *colours { "W B R O G Y" } else { "U R F D L B" }
    )]
    UnknownLetter {
        /// The character.
        ch: char,
        /// 1-based position, not counting spaces.
        position: usize,
        /// Whether the string was read in colour letters.
        colours: bool,
    },
    /// A lowercase letter where a capital would name a colour.
    #[error(
        "facelet string has lowercase '{}' at position {position} (write it as a capital: {})",
        crate::base::text::echo(&ch.to_string()),
        if *colours { "W B R O G Y" } else { "U R F D L B" }
    )]
    Lowercase {
        /// The character.
        ch: char,
        /// 1-based position, not counting spaces.
        position: usize,
        /// Whether the string was read in colour letters.
        colours: bool,
    },
    /// Face letters and colour letters in one string.
    #[error(
        "facelet string mixes face letters (U R F D L B) and colour letters (W B R O G Y): use one alphabet"
    )]
    MixedAlphabets,
    /// A colour on too many or too few stickers.
    #[error("facelet string has {count} stickers of colour {face}, expected {expected}")]
    Count {
        /// The colour.
        face: Face,
        /// How many there are.
        count: usize,
        /// How many there must be.
        expected: usize,
    },
    /// Centres that no rotation of a real cube shows.
    #[error("facelet string has misplaced centres: {0}")]
    Centres(String),
    /// A size the workbench does not handle.
    #[error("cube size {0} is not supported (2 to {MAX_SIZE})")]
    Size(usize),
    /// A size as typed that is larger than any integer, or negative.
    #[error("cube size {} is {} (2 to {MAX_SIZE})", crate::base::text::echo(.0), if .0.starts_with('-') { "not supported" } else { "too large" })]
    SizeText(String),
}

/// The stickers of an N×N×N cube, the state every representation converts through.
///
/// ```
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved();
/// cube.apply_all(&parse_moves("R", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(cube.to_string(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
/// let back: Cube = cube.to_string().parse().unwrap();
/// assert_eq!(back, cube);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cube {
    n: usize,
    stickers: Vec<Face>,
}

impl Cube {
    /// The solved 3×3×3.
    pub fn solved() -> Cube {
        Cube::solved_n(3)
    }

    /// The solved `n`×`n`×`n` cube.
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_SIZE`]; use [`Cube::check_size`] on user input first.
    pub fn solved_n(n: usize) -> Cube {
        let g = Geometry::of(n);
        Cube {
            n,
            stickers: (0..g.sticker_count()).map(|i| g.face_of(i)).collect(),
        }
    }

    /// Checks that a size given by a user is one the workbench handles.
    pub fn check_size(n: usize) -> Result<(), FaceletError> {
        if (2..=MAX_SIZE).contains(&n) {
            Ok(())
        } else {
            Err(FaceletError::Size(n))
        }
    }

    /// A cube size as typed: `Ok(None)` for text that is no whole number, an error for a
    /// whole number that is no supported size, however many digits it has.
    ///
    /// ```
    /// use cubework::Cube;
    /// assert_eq!(Cube::read_size(" 4").unwrap(), Some(4));
    /// assert_eq!(Cube::read_size("four").unwrap(), None);
    /// let e = Cube::read_size("12345678901234567890123").unwrap_err();
    /// assert_eq!(e.to_string(), "cube size 12345678901234567890123 is too large (2 to 9)");
    /// let e = Cube::read_size("12").unwrap_err();
    /// assert_eq!(e.to_string(), "cube size 12 is not supported (2 to 9)");
    /// ```
    pub fn read_size(text: &str) -> Result<Option<usize>, FaceletError> {
        use crate::base::text::{WholeError, whole_in};
        match whole_in(text, 0, u64::MAX) {
            Err(WholeError::NotANumber) => Ok(None),
            Err(WholeError::OutOfRange) => Err(FaceletError::SizeText(text.trim().to_string())),
            Ok(n) => {
                let n = usize::try_from(n)
                    .map_err(|_| FaceletError::SizeText(text.trim().to_string()))?;
                Cube::check_size(n)?;
                Ok(Some(n))
            }
        }
    }

    /// Builds a cube from its stickers in facelet-string order.
    ///
    /// Only the sticker colours are checked (counts and, on odd sizes, that the centres show
    /// a real orientation), not whether a real cube can be twisted into the state.
    pub fn from_stickers(n: usize, stickers: Vec<Face>) -> Result<Cube, FaceletError> {
        Cube::check_size(n)?;
        let per_face = n * n;
        if stickers.len() != 6 * per_face {
            return Err(FaceletError::Length {
                got: stickers.len(),
                expected: 6 * per_face,
                per_face,
            });
        }
        for face in Face::ALL {
            let count = stickers.iter().filter(|&&s| s == face).count();
            if count != per_face {
                return Err(FaceletError::Count {
                    face,
                    count,
                    expected: per_face,
                });
            }
        }
        let cube = Cube { n, stickers };
        if n % 2 == 1 {
            cube.check_centres()?;
        }
        Ok(cube)
    }

    fn check_centres(&self) -> Result<(), FaceletError> {
        let c = |f: Face| self.centre(f).unwrap_or(f);
        for face in [Face::U, Face::R, Face::F] {
            if c(face.opposite()) != c(face).opposite() {
                return Err(FaceletError::Centres(format!(
                    "{} centre is {} but {} centre is {}, which are not opposite colours",
                    face,
                    c(face),
                    face.opposite(),
                    c(face.opposite())
                )));
            }
        }
        if Face::up_from(c(Face::F), c(Face::R)) != Some(c(Face::U)) {
            return Err(FaceletError::Centres(format!(
                "U {} R {} F {} is a mirror image of a real cube (check that the faces come in the order U R F D L B, or up down back front left right in colour letters, each read row by row as seen from outside)",
                c(Face::U),
                c(Face::R),
                c(Face::F)
            )));
        }
        Ok(())
    }

    /// Parses the stickers of a cube of size `n` as people paste them, spaces and line breaks
    /// between them ignored, in either of two alphabets:
    ///
    /// * **face letters** `U R F D L B` — a facelet string, faces in the order U R F D L B;
    /// * **colour letters** `W B R O G Y` — as the vector and local displays print them, faces
    ///   in the paper's order (up, down, back, front, left, right).
    ///
    /// They cannot be confused: a whole cube in face letters has U, F, D and L stickers, which
    /// are no colour letters, and one in colour letters has W, O, G and Y, which are no face
    /// letters. A string with letters of both is refused.
    ///
    /// ```
    /// use cubework::Cube;
    /// use cubework::rep::RepKind;
    /// let mut cube = Cube::solved();
    /// cube.apply_all(&cubework::parse_moves("R U", cubework::Notation::Standard).unwrap()).unwrap();
    /// // What the vector representation prints loads back as the same cube.
    /// let printed = RepKind::Vector.build(&cube).unwrap().render();
    /// assert_eq!(Cube::from_facelets_n(&printed, 3).unwrap(), cube);
    /// let spaced = "UUUUUUUUU RRRRRRRRR FFFFFFFFF\nDDDDDDDDD LLLLLLLLL BBBBBBBBB";
    /// assert!(Cube::from_facelets_n(spaced, 3).unwrap().is_solved());
    /// assert!(Cube::from_facelets_n(&"WU".repeat(27), 3).is_err());
    /// ```
    pub fn from_facelets_n(s: &str, n: usize) -> Result<Cube, FaceletError> {
        Cube::from_facelets_in(s, n, crate::turn::face::Scheme::Paper)
    }

    /// As [`Cube::from_facelets_n`], colour letters read in `scheme` (face letters URFDLB
    /// mean the same in every scheme).
    ///
    /// ```
    /// use cubework::turn::face::Scheme;
    /// use cubework::Cube;
    /// // The solved cube in colour letters, faces in the paper's order U D B F L R.
    /// let wca = "W".repeat(9) + &"Y".repeat(9) + &"B".repeat(9) + &"G".repeat(9)
    ///     + &"O".repeat(9) + &"R".repeat(9);
    /// assert!(Cube::from_facelets_in(&wca, 3, Scheme::Wca).unwrap().is_solved());
    /// assert!(Cube::from_facelets_in(&wca, 3, Scheme::Paper).is_err());
    /// ```
    pub fn from_facelets_in(
        s: &str,
        n: usize,
        scheme: crate::turn::face::Scheme,
    ) -> Result<Cube, FaceletError> {
        Cube::check_size(n)?;
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        let per_face = n * n;
        if chars.len() != 6 * per_face {
            return Err(FaceletError::Length {
                got: chars.len(),
                expected: 6 * per_face,
                per_face,
            });
        }
        // Either case decides the alphabet, so that a lowercase string is named as such.
        let colours = chars
            .iter()
            .any(|c| "WOGY".contains(c.to_ascii_uppercase()));
        if colours
            && chars
                .iter()
                .any(|c| "UFDL".contains(c.to_ascii_uppercase()))
        {
            return Err(FaceletError::MixedAlphabets);
        }
        let letter = |ch: char| {
            if colours {
                scheme.face_of_letter(ch)
            } else {
                Face::from_letter(ch)
            }
        };
        let read = chars
            .iter()
            .enumerate()
            .map(|(i, &ch)| {
                let position = i + 1;
                letter(ch).ok_or(if letter(ch.to_ascii_uppercase()).is_some() {
                    FaceletError::Lowercase {
                        ch,
                        position,
                        colours,
                    }
                } else {
                    FaceletError::UnknownLetter {
                        ch,
                        position,
                        colours,
                    }
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let stickers = if colours {
            // The paper's face order to the facelet string's.
            Face::ALL
                .iter()
                .flat_map(|f| {
                    let at = f.paper_index() * per_face;
                    read[at..at + per_face].iter().copied()
                })
                .collect()
        } else {
            read
        };
        Cube::from_stickers(n, stickers)
    }

    /// Whether `text` is written as the stickers of an `n`×`n`×`n` cube, rightly or not: every
    /// character other than whitespace a letter of the face or colour alphabet (in either
    /// case), within a face's worth (n²) of 6n² of them, and not a move sequence written a
    /// move a word (`U R F …`, which is moves) unless a colour letter shows it is none.
    /// Where a line may be either (a batch line, a line typed in the REPL), one of this shape
    /// is read with [`Cube::from_facelets_n`], which names what is wrong with a near miss,
    /// rather than as moves.
    ///
    /// ```
    /// use cubework::Cube;
    /// let solved = Cube::solved().facelets();
    /// assert!(Cube::is_facelet_shaped(&solved, 3));
    /// assert!(Cube::is_facelet_shaped(&solved[1..], 3)); // one letter short
    /// assert!(Cube::is_facelet_shaped(&solved.to_lowercase(), 3));
    /// assert!(Cube::is_facelet_shaped(&"W".repeat(54), 3));
    /// assert!(!Cube::is_facelet_shaped("R U R' U'", 3));
    /// assert!(!Cube::is_facelet_shaped(&"R U ".repeat(27), 3)); // 54 moves
    /// assert!(!Cube::is_facelet_shaped("RUFDLB", 3));
    /// ```
    pub fn is_facelet_shaped(text: &str, n: usize) -> bool {
        let letters: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let stickers = 6 * n * n;
        letters.len().abs_diff(stickers) <= n * n
            && letters.iter().all(|c| "URFDLBWOGY".contains(*c))
            && (letters.iter().any(|c| "WOGY".contains(*c))
                || text.split_whitespace().any(|word| word.chars().count() > 1))
    }

    /// The one reader of "a facelet string of any size": the size N (2 to 9) whose 6N²
    /// letters the letter count of `text` is nearest, if `text` is shaped like that size's
    /// facelet string ([`Cube::is_facelet_shaped`]). Every door that takes a state of any
    /// size (a batch line, `--facelets`, `hint facelets`) sizes it here; a near miss is that
    /// size's, so that reading it names what is wrong.
    ///
    /// ```
    /// use cubework::Cube;
    /// for n in 2..=9 {
    ///     assert_eq!(Cube::facelet_size(&Cube::solved_n(n).facelets()), Some(n));
    /// }
    /// assert_eq!(Cube::facelet_size("UULDFBFRFRDRRUDBFDLBLLUB"), Some(2));
    /// assert_eq!(Cube::facelet_size(&Cube::solved_n(9).facelets()[1..]), Some(9));
    /// assert_eq!(Cube::facelet_size("U U L D F B"), None); // moves
    /// assert_eq!(Cube::facelet_size(&"R U ".repeat(60)), None);
    /// assert_eq!(Cube::facelet_size("RUFDLB"), None);
    /// ```
    pub fn facelet_size(text: &str) -> Option<usize> {
        let letters = text.chars().filter(|c| !c.is_whitespace()).count();
        let n = (2..=MAX_SIZE).min_by_key(|&n| (6 * n * n).abs_diff(letters))?;
        Cube::is_facelet_shaped(text.trim(), n).then_some(n)
    }

    /// Parses a facelet string, taking the size from its length (24 → 2×2×2, 54 → 3×3×3, …).
    pub fn from_facelets(s: &str) -> Result<Cube, FaceletError> {
        let len = s.trim().chars().count();
        let n = (2..=MAX_SIZE).find(|n| 6 * n * n == len).unwrap_or(3);
        Cube::from_facelets_n(s, n)
    }

    /// The cube's size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The stickers in facelet-string order.
    pub fn stickers(&self) -> &[Face] {
        &self.stickers
    }

    /// The sticker on `face` at (`row`, `col`) of its layout.
    pub fn sticker(&self, face: Face, row: usize, col: usize) -> Face {
        self.stickers[Geometry::of(self.n).index(face, row, col)]
    }

    /// The colour of the centre of `face`, on odd sizes.
    pub fn centre(&self, face: Face) -> Option<Face> {
        (self.n % 2 == 1).then(|| self.sticker(face, self.n / 2, self.n / 2))
    }

    /// The facelet string.
    pub fn facelets(&self) -> String {
        self.stickers.iter().map(|f| f.letter()).collect()
    }

    /// Turns layer `layer` about `axis` by `quarters` quarter-turns in the paper's positive
    /// sense.
    fn turn_layer(&mut self, axis: PaperAxis, layer: usize, quarters: u8) {
        if let Some(table) = Geometry::of(self.n).table(axis, layer, quarters) {
            let old = self.stickers.clone();
            for (dst, &src) in self.stickers.iter_mut().zip(table) {
                *dst = old[src as usize];
            }
        }
    }

    /// Makes one quarter-turn of a block of layers (the layers must be below the cube's size,
    /// as [`Move::layer_turns`] gives them).
    pub fn turn(&mut self, turn: LayerTurn) {
        let quarters = if turn.inverse { 3 } else { 1 };
        for layer in turn.layers() {
            self.turn_layer(turn.axis, layer, quarters);
        }
    }

    /// Makes a move (in either notation).
    pub fn apply(&mut self, m: &Move) -> Result<(), MoveError> {
        for (axis, layer, quarters) in m.layer_quarters(self.n)? {
            self.turn_layer(axis, layer, quarters);
        }
        Ok(())
    }

    /// Makes a sequence of moves, left to right. On error nothing has changed.
    pub fn apply_all(&mut self, moves: &[Move]) -> Result<(), MoveError> {
        let mut next = self.clone();
        for m in moves {
            next.apply(m)?;
        }
        *self = next;
        Ok(())
    }

    /// True when every face shows one colour (in any orientation of the whole cube).
    pub fn is_solved(&self) -> bool {
        self.stickers
            .chunks(self.n * self.n)
            .all(|f| f.iter().all(|&s| s == f[0]))
    }

    /// The unfolded net as text: U above, then L F R B side by side, then D below, each sticker
    /// as its paper colour letter.
    ///
    /// ```
    /// use cubework::Cube;
    /// let net = Cube::solved().net();
    /// assert_eq!(net.lines().nth(3).unwrap(), "G G G O O O Y Y Y R R R");
    /// ```
    pub fn net(&self) -> String {
        self.net_in(crate::turn::face::Scheme::Paper)
    }

    /// The net as text, each sticker as its colour letter in `scheme`.
    ///
    /// ```
    /// use cubework::turn::face::Scheme;
    /// use cubework::Cube;
    /// let net = Cube::solved().net_in(Scheme::Wca);
    /// assert_eq!(net.lines().next().unwrap().trim(), "W W W");
    /// assert_eq!(net.lines().nth(3).unwrap(), "O O O G G G R R R B B B");
    /// ```
    pub fn net_in(&self, scheme: crate::turn::face::Scheme) -> String {
        self.net_with(|f| scheme.letter(f).to_string(), 1)
    }

    /// The net with each sticker drawn by `cell`, which is `width` columns wide on screen.
    pub fn net_with(&self, cell: impl Fn(Face) -> String, width: usize) -> String {
        let n = self.n;
        let row = |face: Face, r: usize| -> Vec<String> {
            (0..n).map(|c| cell(self.sticker(face, r, c))).collect()
        };
        let pad = " ".repeat((width + 1) * n);
        let mut lines = Vec::new();
        for face in [Face::U] {
            for r in 0..n {
                lines.push(format!("{pad}{}", row(face, r).join(" ")));
            }
        }
        for r in 0..n {
            let parts: Vec<String> = [Face::L, Face::F, Face::R, Face::B]
                .iter()
                .map(|&f| row(f, r).join(" "))
                .collect();
            lines.push(parts.join(" "));
        }
        for r in 0..n {
            lines.push(format!("{pad}{}", row(Face::D, r).join(" ")));
        }
        lines.join("\n")
    }
}

impl Default for Cube {
    fn default() -> Self {
        Cube::solved()
    }
}

impl std::str::FromStr for Cube {
    type Err = FaceletError;
    fn from_str(s: &str) -> Result<Cube, FaceletError> {
        Cube::from_facelets(s)
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.facelets())
    }
}

impl fmt::Debug for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cube({})", self.facelets())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    #[test]
    fn solved_string() {
        assert_eq!(Cube::solved().facelets(), SOLVED);
        assert!(Cube::solved().is_solved());
    }

    #[test]
    fn bad_facelet_strings_say_what_is_wrong() {
        let short = &SOLVED[1..];
        assert!(matches!(
            Cube::from_facelets_n(short, 3),
            Err(FaceletError::Length { got: 53, .. })
        ));
        let unknown = SOLVED.replacen('R', "X", 1);
        assert_eq!(
            Cube::from_facelets(&unknown).unwrap_err(),
            FaceletError::UnknownLetter {
                ch: 'X',
                position: 10,
                colours: false
            }
        );
        let count = SOLVED.replacen('R', "U", 1);
        assert!(matches!(
            Cube::from_facelets(&count),
            Err(FaceletError::Count { .. })
        ));
        // Swap the U and D centres with two other stickers so the counts stay right.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(4, 31); // U centre <-> D centre
        let swapped: String = chars.iter().collect();
        let err = Cube::from_facelets(&swapped).unwrap_err();
        assert!(matches!(err, FaceletError::Centres(_)), "{err}");
        // Mirror image: swap R and L centres.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(13, 40);
        let mirrored: String = chars.iter().collect();
        assert!(matches!(
            Cube::from_facelets(&mirrored),
            Err(FaceletError::Centres(_))
        ));
    }

    #[test]
    fn a_lowercase_facelet_string_is_named_as_lowercase_in_either_alphabet() {
        assert_eq!(
            Cube::from_facelets_n(&SOLVED.to_lowercase(), 3).unwrap_err(),
            FaceletError::Lowercase {
                ch: 'u',
                position: 1,
                colours: false
            }
        );
        // The solved cube in colour letters, faces in the paper's order.
        let colours: String = Face::PAPER
            .iter()
            .map(|f| f.paper_letter().to_string().repeat(9))
            .collect();
        assert!(Cube::from_facelets_n(&colours, 3).unwrap().is_solved());
        let mut lower = colours.clone();
        lower.replace_range(3..4, &lower[3..4].to_lowercase());
        let err = Cube::from_facelets_n(&lower, 3).unwrap_err();
        assert!(matches!(
            err,
            FaceletError::Lowercase {
                position: 4,
                colours: true,
                ..
            }
        ));
        assert_eq!(
            err.to_string(),
            format!(
                "facelet string has lowercase '{}' at position 4 (write it as a capital: W B R O G Y)",
                &lower[3..4]
            )
        );
    }

    #[test]
    fn rotated_centres_are_accepted() {
        let mut cube = Cube::solved();
        cube.turn(LayerTurn::layer(PaperAxis::X, 1));
        let text = cube.facelets();
        assert_eq!(Cube::from_facelets(&text).unwrap(), cube);
    }
}
