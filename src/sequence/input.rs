//! A cube state as a user gives it: a move sequence applied to the solved cube, or a facelet
//! string. The solvers ([`crate::solve::search::pocket`], [`crate::solve`]) take an [`Input`] and turn it into
//! their own state, so that the command line and the REPL can hand over what was typed.

pub use crate::sequence::input_error::InputError;

use crate::sequence::alg::AlgebraError;
use crate::sequence::parser::{ParseError, parse_sequence};
use crate::state::cube::Cube;
use crate::turn::face::Scheme;
use crate::turn::moves::Move;
use crate::turn::notation::Notation;

/// A cube state as given by a user.
///
/// ```
/// use cubework::sequence::input::Input;
/// let cube = Input::Alg("R U".into()).to_cube(2).unwrap();
/// assert_eq!(cube.size(), 2);
/// assert!(!cube.is_solved());
/// assert!(Input::Facelets("UUUU".into(), Default::default()).to_cube(2).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A sequence in standard notation (sequence algebra and tools allowed), made from the
    /// solved cube.
    Alg(String),
    /// Moves already parsed (in either notation), made from the solved cube.
    Moves(Vec<Move>),
    /// A facelet string as [`Cube::from_facelets_in`] reads it: face letters (faces U R F D L
    /// B, each face's stickers row by row), or colour letters in the scheme given (the one
    /// the user chose, as the workbench prints them).
    Facelets(String, Scheme),
    /// A cube already made (the REPL's current cube): handed over as it is, never written out
    /// as a facelet string and read back.
    Cube(Cube),
}

impl Input {
    /// The `n`×`n`×`n` cube this input describes. Only the sticker colours are checked here;
    /// whether the pieces can exist is the solvers' business.
    ///
    /// ```
    /// use cubework::sequence::input::Input;
    /// use cubework::Cube;
    /// let mut cube = Cube::solved();
    /// cube.apply_all(&cubework::parse_moves("R U", cubework::Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(Input::Cube(cube.clone()).to_cube(3).unwrap(), cube);
    /// assert_eq!(
    ///     Input::Cube(cube).to_cube(2).unwrap_err().to_string(),
    ///     "the cube is a 3×3×3, not a 2×2×2"
    /// );
    /// ```
    pub fn to_cube(&self, n: usize) -> Result<Cube, InputError> {
        Cube::check_size(n)?;
        match self {
            Input::Alg(text) => {
                let moves = parse_sequence(text, Notation::Standard)?;
                Input::Moves(moves).to_cube(n)
            }
            Input::Moves(moves) => {
                let mut cube = Cube::solved_n(n);
                cube.apply_all(moves)?;
                Ok(cube)
            }
            Input::Facelets(s, scheme) => Ok(Cube::from_facelets_in(s, n, *scheme)?),
            Input::Cube(cube) if cube.size() == n => Ok(cube.clone()),
            Input::Cube(cube) => Err(InputError::Size {
                have: cube.size(),
                want: n,
            }),
        }
    }
}

/// The one reader of a state written where either kind may stand (a batch line): a facelet
/// string if `text` is shaped like one for the `n`×`n`×`n` cube ([`Cube::is_facelet_shaped`]:
/// face or colour letters, about 6n² of them), else a move sequence from solved. A near miss
/// is a facelet string, so that turning it into a cube names what is wrong with it
/// ("facelet string has 53 characters, expected 54") as `--facelets` and `load` do, instead
/// of reading its letters as moves. Colour letters are read in `scheme`, the one the user
/// chose, so that what the workbench prints reads back as the same cube.
///
/// ```
/// use cubework::sequence::input::{Input, read_state};
/// use cubework::turn::face::Scheme;
/// use cubework::{Cube, Notation};
/// let (std, paper) = (Notation::Standard, Scheme::Paper);
/// let solved = Cube::solved().facelets();
/// assert_eq!(read_state(&solved, 3, std, paper).unwrap(), Input::Facelets(solved.clone(), paper));
/// let short = read_state(&solved[1..], 3, std, paper).unwrap();
/// assert_eq!(short.to_cube(3).unwrap_err().to_string(), "facelet string has 53 characters, expected 54 (6 faces of 9)");
/// assert!(matches!(read_state("R U R'", 3, std, paper).unwrap(), Input::Moves(_)));
/// // The solved cube as the vector representation prints it after `colours wca`.
/// let wca = "WWWWWWWWWYYYYYYYYYBBBBBBBBBGGGGGGGGGOOOOOOOOORRRRRRRRR";
/// assert!(read_state(wca, 3, std, Scheme::Wca).unwrap().to_cube(3).unwrap().is_solved());
/// assert!(read_state(wca, 3, std, paper).unwrap().to_cube(3).is_err());
/// ```
pub fn read_state(
    text: &str,
    n: usize,
    notation: Notation,
    scheme: Scheme,
) -> Result<Input, ParseError> {
    let text = text.trim();
    if Cube::is_facelet_shaped(text, n) {
        Ok(Input::Facelets(text.to_string(), scheme))
    } else {
        Ok(Input::Moves(parse_sequence(text, notation)?))
    }
}

/// The paper's DO: makes a typed sequence (the full algebra, read left to right) on a copy
/// of `cube`, of any size. On error nothing is made.
///
/// ```
/// use cubework::sequence::input::do_sequence;
/// use cubework::{Cube, Notation};
/// let c = do_sequence(&Cube::solved(), "[R, U]6", Notation::Standard).unwrap();
/// assert!(c.is_solved());
/// ```
pub fn do_sequence(cube: &Cube, text: &str, notation: Notation) -> Result<Cube, AlgebraError> {
    let moves = parse_sequence(text, notation)?;
    let mut c = cube.clone();
    c.apply_all(&moves)?;
    Ok(c)
}
