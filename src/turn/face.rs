//! Faces and colours.
//!
//! A sticker's colour is named by the face whose centre carries it on the solved cube, so one
//! type serves for both. The six faces are listed in the order of the facelet string
//! (U R F D L B); the paper's order (up, down, back, front, left, right) is [`Face::PAPER`].
//!
//! | face  | colour | paper letter | paper digit |
//! |-------|--------|--------------|-------------|
//! | U up    | white  | W | 1 |
//! | D down  | blue   | B | 2 |
//! | B back  | red    | R | 3 |
//! | F front | orange | O | 4 |
//! | L left  | green  | G | 5 |
//! | R right | yellow | Y | 6 |

use std::fmt;

/// One of the six faces of the cube, and the colour of that face's centre when solved.
///
/// ```
/// use cubework::Face;
/// assert_eq!(Face::F.paper_letter(), 'O');
/// assert_eq!(Face::from_letter('R'), Some(Face::R));
/// assert_eq!(Face::U.opposite(), Face::D);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Face {
    /// Up (white).
    U = 0,
    /// Right (yellow).
    R = 1,
    /// Front (orange).
    F = 2,
    /// Down (blue).
    D = 3,
    /// Left (green).
    L = 4,
    /// Back (red).
    B = 5,
}

impl Face {
    /// The faces in facelet-string order: U R F D L B.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];
    /// The faces in the paper's order: up, down, back, front, left, right.
    pub const PAPER: [Face; 6] = [Face::U, Face::D, Face::B, Face::F, Face::L, Face::R];

    /// Position in facelet-string order (U=0 … B=5).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The face at facelet-string position `i` (0..6).
    pub fn from_index(i: usize) -> Face {
        Face::ALL[i]
    }

    /// Position in the paper's order (up=0, down, back, front, left, right=5).
    pub fn paper_index(self) -> usize {
        Face::PAPER.iter().position(|&f| f == self).unwrap_or(0)
    }

    /// The face's letter in the facelet string: `U R F D L B`.
    pub fn letter(self) -> char {
        b"URFDLB"[self.index()] as char
    }

    /// The face named by a facelet-string letter.
    pub fn from_letter(c: char) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// The paper's colour letter: `W Y O B G R` for U R F D L B.
    pub fn paper_letter(self) -> char {
        b"WYOBGR"[self.index()] as char
    }

    /// The face whose colour has this paper letter.
    pub fn from_paper_letter(c: char) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.paper_letter() == c)
    }

    /// The paper's colour digit (1 white, 2 blue, 3 red, 4 orange, 5 green, 6 yellow).
    pub fn digit(self) -> u8 {
        [1, 6, 4, 2, 5, 3][self.index()]
    }

    /// The face whose colour has this digit (0 means no sticker and gives `None`).
    pub fn from_digit(d: u8) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.digit() == d)
    }

    /// The colour's English name.
    pub fn colour_name(self) -> &'static str {
        ["white", "yellow", "orange", "blue", "green", "red"][self.index()]
    }

    /// The opposite face.
    pub fn opposite(self) -> Face {
        Face::ALL[(self.index() + 3) % 6]
    }

    /// Outward unit normal of the face on the solved cube, in (x, y, z) with x to the right,
    /// y up and z to the front.
    pub fn normal(self) -> [i32; 3] {
        match self {
            Face::U => [0, 1, 0],
            Face::D => [0, -1, 0],
            Face::R => [1, 0, 0],
            Face::L => [-1, 0, 0],
            Face::F => [0, 0, 1],
            Face::B => [0, 0, -1],
        }
    }

    /// The face with this outward normal.
    pub fn from_normal(n: [i32; 3]) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.normal() == n)
    }

    /// Where the position `self` goes when the layer of face `about` (or the whole cube about
    /// that face's axis) turns `quarters` clockwise quarter-turns, as seen looking at `about`.
    /// `about` and its opposite stay where they are.
    ///
    /// ```
    /// use cubework::Face;
    /// assert_eq!(Face::F.turned(Face::U, 1), Face::L); // U takes the front to the left
    /// assert_eq!(Face::U.turned(Face::R, 1), Face::B); // R takes the top to the back
    /// assert_eq!(Face::F.turned(Face::D, 1), Face::R); // D, seen from below, the other way
    /// assert_eq!(Face::D.turned(Face::U, 3), Face::D);
    /// ```
    pub fn turned(self, about: Face, quarters: u8) -> Face {
        let n = about.normal();
        let mut p = self;
        for _ in 0..quarters % 4 {
            // Clockwise seen from outside is -90° about the outward normal: v ↦ v × n.
            let v = p.normal();
            let w = [
                v[1] * n[2] - v[2] * n[1],
                v[2] * n[0] - v[0] * n[2],
                v[0] * n[1] - v[1] * n[0],
            ];
            p = Face::from_normal(w).unwrap_or(p);
        }
        p
    }

    /// Given the colours seen on the front and right centres of a cube held in any
    /// orientation, the colour that must be on its up centre (cubes are right-handed).
    /// `None` when the two colours are equal or opposite.
    ///
    /// ```
    /// use cubework::Face;
    /// assert_eq!(Face::up_from(Face::F, Face::R), Some(Face::U));
    /// assert_eq!(Face::up_from(Face::R, Face::B), Some(Face::U));
    /// assert_eq!(Face::up_from(Face::F, Face::B), None);
    /// ```
    pub fn up_from(front: Face, right: Face) -> Option<Face> {
        let [a, b, c] = front.normal();
        let [d, e, f] = right.normal();
        Face::from_normal([b * f - c * e, c * d - a * f, a * e - b * d])
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A colour scheme: which colour each face's centre carries on the solved cube. A sticker is
/// named by its home [`Face`] everywhere inside the workbench; a scheme is what turns that
/// face into a colour for the eye (nets, pictures, the page, colour letters, the beginner's
/// method's words). The paper's is the default.
///
/// ```
/// use cubework::turn::face::{Colour, Scheme};
/// use cubework::Face;
/// assert_eq!(Scheme::Paper.colour(Face::F), Colour::Orange);
/// assert_eq!(Scheme::Wca.colour(Face::F), Colour::Green);
/// assert_eq!(Scheme::Wca.letter(Face::R), 'R');
/// assert_eq!(Scheme::Wca.recolour("4. blue cross"), "4. yellow cross");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Scheme {
    /// The paper's: white up, blue down, red back, orange front, green left, yellow right.
    #[default]
    Paper,
    /// The WCA's, every cube sold and every cubing site: white up, green front, red right,
    /// yellow down, orange left, blue back.
    Wca,
}

/// One of the six sticker colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Yellow.
    Yellow,
    /// Orange.
    Orange,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Red.
    Red,
}

impl Colour {
    /// The six colours.
    pub const ALL: [Colour; 6] = [
        Colour::White,
        Colour::Yellow,
        Colour::Orange,
        Colour::Blue,
        Colour::Green,
        Colour::Red,
    ];

    /// The colour's English name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
        }
    }

    /// The colour's letter: W Y O B G R.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Yellow => 'Y',
            Colour::Orange => 'O',
            Colour::Blue => 'B',
            Colour::Green => 'G',
            Colour::Red => 'R',
        }
    }
}

impl Scheme {
    /// The schemes, as `colours` lists them.
    pub const ALL: [Scheme; 2] = [Scheme::Paper, Scheme::Wca];

    /// The scheme's name, as `--colours` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Paper => "paper",
            Scheme::Wca => "wca",
        }
    }

    /// The scheme as a table: each face's colour, faces in facelet-string order U R F D L B.
    pub fn table(self) -> [Colour; 6] {
        use Colour::*;
        match self {
            Scheme::Paper => [White, Yellow, Orange, Blue, Green, Red],
            Scheme::Wca => [White, Red, Green, Yellow, Orange, Blue],
        }
    }

    /// The colour of `face`'s centre.
    pub fn colour(self, face: Face) -> Colour {
        self.table()[face.index()]
    }

    /// The colour letter of `face` (W Y O B G R).
    pub fn letter(self, face: Face) -> char {
        self.colour(face).letter()
    }

    /// The colour name of `face`.
    pub fn colour_name(self, face: Face) -> &'static str {
        self.colour(face).name()
    }

    /// The letter this scheme shows for a sticker that the paper's arrays write as `paper`
    /// (one of W Y O B G R, the paper's letters); any other character (a blank, `∘`, a digit)
    /// as it is. The representations' displays show each cell through it.
    ///
    /// ```
    /// use cubework::turn::face::Scheme;
    /// assert_eq!(Scheme::Wca.shown_letter('O'), 'G'); // the front's sticker
    /// assert_eq!(Scheme::Wca.shown_letter('B'), 'Y'); // the down face's
    /// assert_eq!(Scheme::Paper.shown_letter('O'), 'O');
    /// assert_eq!(Scheme::Wca.shown_letter(' '), ' ');
    /// ```
    pub fn shown_letter(self, paper: char) -> char {
        match Face::from_paper_letter(paper) {
            Some(face) => self.letter(face),
            None => paper,
        }
    }

    /// The face whose colour has this letter.
    pub fn face_of_letter(self, c: char) -> Option<Face> {
        Face::ALL.into_iter().find(|&f| self.letter(f) == c)
    }

    /// Text that names the paper's colours (the beginner's method's "blue cross") with each
    /// colour word replaced by the colour the same face has in this scheme. A run of two or
    /// more spaces after a word that changed length takes up the difference, so that columns
    /// stay aligned.
    pub fn recolour(self, text: &str) -> String {
        if self == Scheme::Paper {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        // Characters added so far on this line by longer names (negative: by shorter ones).
        let mut debt: isize = 0;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_alphabetic() {
                let mut word = String::from(c);
                while let Some(&d) = chars.peek().filter(|d| d.is_alphabetic()) {
                    word.push(d);
                    chars.next();
                }
                let lower = word.to_lowercase();
                let face = Face::ALL
                    .into_iter()
                    .find(|&f| Scheme::Paper.colour_name(f) == lower);
                match face {
                    Some(face) => {
                        let name = self.colour_name(face);
                        debt += name.len() as isize - word.len() as isize;
                        if word.starts_with(|c: char| c.is_uppercase()) {
                            out.push_str(&name[..1].to_uppercase());
                            out.push_str(&name[1..]);
                        } else {
                            out.push_str(name);
                        }
                    }
                    None => out.push_str(&word),
                }
            } else if c == ' ' {
                let mut run = 1;
                while chars.next_if_eq(&' ').is_some() {
                    run += 1;
                }
                if run >= 2 && debt != 0 {
                    run = (run as isize - debt).max(1) as usize;
                    debt = 0;
                }
                out.push_str(&" ".repeat(run));
            } else {
                if c == '\n' {
                    debt = 0;
                }
                out.push(c);
            }
        }
        out
    }

    /// The scheme to show things in: `flag` if given (`--colours`), else the environment
    /// variable `CUBEWORK_COLOURS`, else the choice `colours` kept in `setting` (a file holding
    /// the scheme's name, [`Scheme::kept`]), else the paper's; and a note for each line of
    /// the setting read that names no scheme. A bad value in the variable is an error; an
    /// unreadable setting (a FIFO or device in its place, a file of more than
    /// [`SETTING_BYTES`]) is passed over.
    pub fn chosen(
        flag: Option<Scheme>,
        setting: Option<&std::path::Path>,
    ) -> Result<(Scheme, Vec<String>), String> {
        if let Some(scheme) = flag {
            return Ok((scheme, Vec::new()));
        }
        if let Some(value) = std::env::var_os("CUBEWORK_COLOURS").filter(|v| !v.is_empty()) {
            return value
                .to_string_lossy()
                .parse()
                .map(|scheme| (scheme, Vec::new()))
                .map_err(|e: UnknownScheme| format!("CUBEWORK_COLOURS: {e}"));
        }
        // Read as every file is, guarded: a FIFO or device there is passed over unread.
        let text = setting
            .and_then(|path| crate::base::table_cache::read_regular(path, SETTING_BYTES).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        Ok(match (setting, text) {
            (Some(path), Some(text)) => Scheme::kept(&text, &path.display().to_string()),
            _ => (Scheme::default(), Vec::new()),
        })
    }

    /// The scheme the text of the setting `file` keeps: the first of its lines that names
    /// one (the paper's if none does), and a note for each line that names none, saying
    /// where it is and what is used instead.
    ///
    /// ```
    /// use cubework::turn::face::Scheme;
    /// assert_eq!(Scheme::kept("wca\n", "c.txt"), (Scheme::Wca, vec![]));
    /// let (scheme, notes) = Scheme::kept("purple\n", "c.txt");
    /// assert_eq!(scheme, Scheme::Paper);
    /// assert_eq!(notes, ["c.txt line 1: unknown colour scheme 'purple' (paper or wca): paper is used"]);
    /// ```
    pub fn kept(text: &str, file: &str) -> (Scheme, Vec<String>) {
        let mut found = None;
        let mut bad = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match line.parse::<Scheme>() {
                Ok(scheme) => {
                    found.get_or_insert(scheme);
                }
                Err(e) => bad.push(format!("{file} line {}: {e}", i + 1)),
            }
        }
        let scheme = found.unwrap_or_default();
        let notes = bad
            .into_iter()
            .map(|b| format!("{b}: {scheme} is used"))
            .collect();
        (scheme, notes)
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most of the colour setting's file [`Scheme::chosen`] reads: a scheme's name and a
/// line break are a few bytes.
pub const SETTING_BYTES: u64 = 1024;

/// A colour scheme's name that is not one of them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour scheme '{}' (paper or wca)", crate::base::text::echo(.0))]
pub struct UnknownScheme(pub String);

impl std::str::FromStr for Scheme {
    type Err = UnknownScheme;
    fn from_str(s: &str) -> Result<Scheme, UnknownScheme> {
        Scheme::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                // Kept short; escaped as it is shown (`echo`).
                UnknownScheme(s.trim().chars().take(41).collect())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for face in Face::ALL {
            assert_eq!(Face::from_letter(face.letter()), Some(face));
            assert_eq!(Face::from_paper_letter(face.paper_letter()), Some(face));
            assert_eq!(Face::from_digit(face.digit()), Some(face));
            assert_eq!(Face::from_index(face.index()), face);
            assert_eq!(Face::PAPER[face.paper_index()], face);
            assert_ne!(face.opposite(), face);
            assert_eq!(face.opposite().opposite(), face);
        }
        assert_eq!(Face::from_digit(0), None);
    }

    #[test]
    fn the_wca_scheme_has_white_up_green_front_and_red_right_and_each_colour_once() {
        assert_eq!(Scheme::Wca.colour(Face::U), Colour::White);
        assert_eq!(Scheme::Wca.colour(Face::F), Colour::Green);
        assert_eq!(Scheme::Wca.colour(Face::R), Colour::Red);
        assert_eq!(Scheme::Wca.colour(Face::D), Colour::Yellow);
        assert_eq!(Scheme::Wca.colour(Face::L), Colour::Orange);
        assert_eq!(Scheme::Wca.colour(Face::B), Colour::Blue);
        for scheme in Scheme::ALL {
            for colour in Colour::ALL {
                assert_eq!(scheme.table().iter().filter(|&&c| c == colour).count(), 1);
            }
            for face in Face::ALL {
                assert_eq!(scheme.face_of_letter(scheme.letter(face)), Some(face));
                assert_eq!(Scheme::Paper.letter(face), face.paper_letter());
                assert_eq!(Scheme::Paper.colour_name(face), face.colour_name());
            }
        }
        assert_eq!(
            Scheme::Wca.recolour("Blue cross, then red."),
            "Yellow cross, then blue."
        );
        assert_eq!(
            Scheme::Wca.recolour("4. blue cross      6  F\n3. second layer   24"),
            "4. yellow cross    6  F\n3. second layer   24"
        );
        assert_eq!("WCA ".parse::<Scheme>(), Ok(Scheme::Wca));
        assert!("neon".parse::<Scheme>().is_err());
    }

    #[test]
    fn up_is_right_handed_for_every_orientation() {
        // Each of the 24 (front, right) pairs gives a third face perpendicular to both.
        let mut count = 0;
        for front in Face::ALL {
            for right in Face::ALL {
                if let Some(up) = Face::up_from(front, right) {
                    count += 1;
                    assert!(![front, right, front.opposite(), right.opposite()].contains(&up));
                    assert_eq!(Face::up_from(right, up), Some(front));
                }
            }
        }
        assert_eq!(count, 24);
    }
}
