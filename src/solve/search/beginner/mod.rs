//! # Solving the cube the way a person learns to: layer by layer
//!
//! The Perl 6 notes (`Cube::Three`) wanted the computer to solve the cube with the beginner's
//! method — in steps a person recognises, using only legal turns and whole-cube rotations —
//! and finished the first step. This module finishes it. The method builds the cube in three
//! layers, in seven stages, as the notes list them:
//!
//! | # | stage | the notes say | what is done after it |
//! |---|-------|---------------|-----------------------|
//! | 1 | [`Stage::WhiteCross`] | white cross | four edges round the first face (white) |
//! | 2 | [`Stage::WhiteCorners`] | white corners | the first layer |
//! | 3 | [`Stage::SecondLayer`] | second layer | two layers |
//! | 4 | [`Stage::BlueCross`] | yellow cross | the last face shows a cross |
//! | 5 | [`Stage::BlueEdges`] | yellow edges | the last layer's edges are home |
//! | 6 | [`Stage::BlueCornersPlaced`] | yellow corners | its corners are in place, maybe twisted |
//! | 7 | [`Stage::BlueCornersOriented`] | orient yellow corners | solved |
//!
//! **Colours.** Stages are named by this project's colour scheme, the paper's: white up, blue
//! down, red back, orange front, green left, yellow right. The first face is white, as in the
//! notes and most guides; but the face opposite white is **blue** here, so where a guide says
//! "yellow cross … yellow face", read blue. (Yellow is the right face's colour.)
//!
//! **Holding the cube.** Stages 1 and 2 work with white on top, as the notes' `solve-top-cross`
//! does; then the cube is turned over (`z2`) and stages 3 to 7 work with blue on top, so that
//! the last-layer algorithms are the familiar ones. To bring a piece's place to the front
//! right the learner turns the whole cube about the vertical (`y`), as guides say "hold the
//! cube so that …". The moves of each stage are written as made, rotations included;
//! [`Solution::simplified`] folds the rotations into the turns after them (so the cube is not
//! turned round at the end) and merges what cancels.
//!
//! **Each stage** is a [`Stage`]: a name, a check [`Stage::done`] (the notes' `completed`,
//! made general: it looks at the stickers wherever the faces are), and [`Stage::solve`], which
//! finds where its pieces are and makes the standard short [`Algorithm`]s until its check
//! holds. Where a person would look around for the easiest piece, the stage tries the few ways
//! open to it and takes the shortest; it never searches more than that.
//!
//! The stages, piece by piece: [`first_layer`] (1, 2), [`second_layer`] (3), [`last_layer`]
//! (4 to 7). The notes' own test, in their cube's notation, is in [`notes`].
//!
//! ```
//! use cubework::solve::search::beginner::{self, Stage};
//! use cubework::{Cube, Notation, parse_moves};
//! let mut cube = Cube::solved();
//! cube.apply_all(&parse_moves("R U F' L2 D B' R2 U' F", Notation::Standard).unwrap()).unwrap();
//! let solution = beginner::solve(&cube).unwrap();
//! assert_eq!(solution.stages.len(), 7);
//! // The moves as made, stage by stage, solve it (held blue up at the end)…
//! let mut made = cube.clone();
//! made.apply_all(&solution.moves()).unwrap();
//! assert!(made.is_solved() && Stage::BlueCornersOriented.done(&made));
//! // …and so does the simplified solution, without turning the cube round.
//! cube.apply_all(&solution.simplified()).unwrap();
//! assert_eq!(cube, Cube::solved());
//! ```

mod algorithms;
pub mod first_layer;
mod hands;
pub mod last_layer;
pub mod notes;
pub mod second_layer;
pub mod walkthrough;

use std::fmt;

pub use algorithms::Algorithm;

use crate::sequence::alg::{fold_rotations, simplify};
use crate::sequence::input::{Input, InputError};
use crate::state::cube::Cube;
use crate::state::pieces::{self, CubieError};
use crate::turn::face::Face;
use crate::turn::moves::Move;
use hands::{Hands, Stickers};

/// The first face's colour: white (the up face's).
pub const WHITE: Face = Face::U;
/// The last face's colour: blue (the down face's), where most guides have yellow.
pub const BLUE: Face = Face::D;
/// The four side colours: orange, yellow, red, green (front, right, back, left when solved).
pub const SIDE_COLOURS: [Face; 4] = [Face::F, Face::R, Face::B, Face::L];
/// Side colours that are neighbours, going round: each pair names a first-layer corner (with
/// white), a second-layer edge, and a last-layer corner (with blue).
pub const SIDE_PAIRS: [(Face, Face); 4] = [
    (Face::F, Face::R),
    (Face::R, Face::B),
    (Face::B, Face::L),
    (Face::L, Face::F),
];

/// One of the method's seven stages.
///
/// ```
/// use cubework::solve::search::beginner::Stage;
/// use cubework::{Cube, Notation, parse_moves};
/// let mut cube = Cube::solved();
/// cube.apply_all(&parse_moves("R U R' U'", Notation::Standard).unwrap()).unwrap();
/// assert!(!Stage::WhiteCross.done(&cube));
/// let moves = Stage::WhiteCross.solve(&cube).unwrap();
/// cube.apply_all(&moves).unwrap();
/// assert!(Stage::WhiteCross.done(&cube));
/// assert_eq!(Stage::WhiteCross.to_string(), "white cross");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// 1. The four white edges round the white centre, each beside its own side centre.
    WhiteCross,
    /// 2. The four white corners home: the first layer is done.
    WhiteCorners,
    /// 3. The four edges between the side centres home: two layers done.
    SecondLayer,
    /// 4. The last face (blue) shows a cross: its edges are flipped blue side up.
    BlueCross,
    /// 5. The last layer's edges are home.
    BlueEdges,
    /// 6. The last layer's corners are each between their three centres, maybe twisted.
    BlueCornersPlaced,
    /// 7. The last layer's corners are twisted right: the cube is solved.
    BlueCornersOriented,
}

impl Stage {
    /// The seven stages in order.
    pub const ALL: [Stage; 7] = [
        Stage::WhiteCross,
        Stage::WhiteCorners,
        Stage::SecondLayer,
        Stage::BlueCross,
        Stage::BlueEdges,
        Stage::BlueCornersPlaced,
        Stage::BlueCornersOriented,
    ];

    /// Its number, 1 to 7.
    pub fn number(self) -> usize {
        self as usize + 1
    }

    /// Its name, by this project's colours: `white cross`, …, `blue corners oriented`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::WhiteCross => "white cross",
            Stage::WhiteCorners => "white corners",
            Stage::SecondLayer => "second layer",
            Stage::BlueCross => "blue cross",
            Stage::BlueEdges => "blue edges",
            Stage::BlueCornersPlaced => "blue corners placed",
            Stage::BlueCornersOriented => "blue corners oriented",
        }
    }

    /// What the stage does, in the colour-free words of guides.
    pub fn role(self) -> &'static str {
        match self {
            Stage::WhiteCross => "first-face cross",
            Stage::WhiteCorners => "first-layer corners",
            Stage::SecondLayer => "middle-layer edges",
            Stage::BlueCross => "last-face cross",
            Stage::BlueEdges => "last-layer edges",
            Stage::BlueCornersPlaced => "last-layer corners placed",
            Stage::BlueCornersOriented => "last-layer corners oriented",
        }
    }

    /// How many of this stage's four pieces are done (not those of the stages before it).
    fn pieces(self, st: &Stickers) -> usize {
        match self {
            Stage::WhiteCross => first_layer::white_cross(st),
            Stage::WhiteCorners => first_layer::white_corners(st),
            Stage::SecondLayer => second_layer::second_layer(st),
            Stage::BlueCross => last_layer::blue_cross(st),
            Stage::BlueEdges => last_layer::blue_edges(st),
            Stage::BlueCornersPlaced => last_layer::blue_corners_placed(st),
            Stage::BlueCornersOriented => last_layer::blue_corners_oriented(st),
        }
    }

    fn goal(self, st: &Stickers) -> bool {
        self.pieces(st) == 4
    }

    fn done_stickers(self, st: &Stickers) -> bool {
        Stage::ALL[..=self as usize].iter().all(|s| s.goal(st))
    }

    /// How many of the four pieces this stage places are done on `cube` (edges for stages 1,
    /// 3, 4 and 5, corners for 2, 6 and 7), whatever the earlier stages; 0 for other sizes.
    ///
    /// ```
    /// use cubework::solve::search::beginner::Stage;
    /// use cubework::{Cube, Notation, parse_moves};
    /// let mut cube = Cube::solved();
    /// cube.apply_all(&parse_moves("F", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(Stage::WhiteCross.pieces_done(&cube), 3);
    /// assert_eq!(Stage::WhiteCorners.pieces_done(&cube), 2);
    /// ```
    pub fn pieces_done(self, cube: &Cube) -> usize {
        if cube.size() == 3 {
            self.pieces(&Hands::new(cube).st)
        } else {
            0
        }
    }

    /// Whether the cube is done up to the end of this stage: this stage's pieces and those of
    /// every stage before it are home, however the cube is held. False for other sizes.
    pub fn done(self, cube: &Cube) -> bool {
        cube.size() == 3 && self.done_stickers(&Hands::new(cube).st)
    }

    fn run(self, hands: &mut Hands) {
        match self {
            Stage::WhiteCross => first_layer::solve_white_cross(hands),
            Stage::WhiteCorners => first_layer::solve_white_corners(hands),
            Stage::SecondLayer => second_layer::solve_second_layer(hands),
            Stage::BlueCross => last_layer::solve_blue_cross(hands),
            Stage::BlueEdges => last_layer::solve_blue_edges(hands),
            Stage::BlueCornersPlaced => last_layer::solve_corners_placed(hands),
            Stage::BlueCornersOriented => last_layer::solve_corners_oriented(hands),
        }
    }

    /// Makes this stage on the cube in `hands`, checking that it is done afterwards.
    fn make(self, hands: &mut Hands) -> Result<(), BeginnerError> {
        if self.done_stickers(&hands.st) {
            return Ok(());
        }
        self.run(hands);
        if self.done_stickers(&hands.st) {
            Ok(())
        } else {
            Err(BeginnerError::Stuck(self))
        }
    }

    /// The moves that make this stage on `cube` (none if it is done), rotations included, as
    /// a learner makes them. The stages before it must be done, and the cube must be a real
    /// 3×3×3.
    pub fn solve(self, cube: &Cube) -> Result<Vec<Move>, BeginnerError> {
        check(cube)?;
        let mut hands = Hands::new(cube);
        if let Some(&missing) = Stage::ALL[..self as usize]
            .iter()
            .find(|s| !s.goal(&hands.st))
        {
            return Err(BeginnerError::NotYet {
                stage: self,
                missing,
            });
        }
        self.make(&mut hands)?;
        Ok(hands.made)
    }

    /// The first stage not yet done on `cube`, or `None` when it is solved.
    pub fn next(cube: &Cube) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| !s.done(cube))
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the method cannot solve a cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BeginnerError {
    /// The moves or facelets do not describe a cube.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Another size of cube.
    #[error("the beginner's method solves the 3×3×3, not a {0}×{0}×{0}")]
    Size(usize),
    /// Stickers that no real cube shows.
    #[error(transparent)]
    Pieces(#[from] CubieError),
    /// A stage asked for before the stages it builds on.
    #[error("the {stage} stage builds on the {missing} stage, which is not done yet")]
    NotYet {
        /// The stage asked for.
        stage: Stage,
        /// The first earlier stage not done.
        missing: Stage,
    },
    /// A `Cube::Three` dump (the notes' format) that cannot be read.
    #[error("not a Cube::Three dump: {0}")]
    Dump(String),
    /// A stage that did not finish (a bug: every real cube is solved).
    #[error("internal error: the {0} stage did not finish")]
    Stuck(Stage),
}

/// Checks that a cube is a real 3×3×3: every piece once, twists and flips summing to zero,
/// corners and edges permuted alike (the method would otherwise never finish).
fn check(cube: &Cube) -> Result<(), BeginnerError> {
    if cube.size() != 3 {
        return Err(BeginnerError::Size(cube.size()));
    }
    let home = |c: &Cube| Face::ALL.iter().all(|&f| c.centre(f) == Some(f));
    // A checked facelet string shows the centres of a real orientation, which turns home.
    let (cube, _) = pieces::rotate_until(cube, home).unwrap_or((cube.clone(), Vec::new()));
    let corners = pieces::read_corners(&cube)?;
    let edges = pieces::read_edges(&cube)?;
    pieces::check_parity(&corners, &edges)?;
    Ok(())
}

/// One stage of a solution: its moves as made, rotations included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageMoves {
    /// The stage.
    pub stage: Stage,
    /// Its moves.
    pub moves: Vec<Move>,
}

impl StageMoves {
    /// Its length in face turns (the half-turn metric; whole-cube rotations count nothing).
    pub fn len(&self) -> u64 {
        hands::cost(&self.moves)
    }

    /// Whether the stage needed no turns.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A solution by the beginner's method: the seven stages' moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The stages in order, each with its moves (maybe none).
    pub stages: Vec<StageMoves>,
}

impl Solution {
    /// Every move as made, stage after stage.
    pub fn moves(&self) -> Vec<Move> {
        self.stages
            .iter()
            .flat_map(|s| s.moves.iter().copied())
            .collect()
    }

    /// The length as made, in face turns (rotations are free).
    pub fn len(&self) -> u64 {
        self.stages.iter().map(StageMoves::len).sum()
    }

    /// Whether no turn was needed (the cube was solved).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The whole solution as outer face turns of the cube as it was given: rotations folded
    /// into the turns after them ([`fold_rotations`]), then cancelling and mergeable moves
    /// combined ([`simplify`]). It solves the cube without turning it round.
    pub fn simplified(&self) -> Vec<Move> {
        simplify(&fold_rotations(&self.moves()))
    }
}

/// Solves a real 3×3×3, stage by stage.
pub fn solve(cube: &Cube) -> Result<Solution, BeginnerError> {
    check(cube)?;
    let mut hands = Hands::new(cube);
    let mut stages = Vec::with_capacity(Stage::ALL.len());
    for stage in Stage::ALL {
        let start = hands.start_stage();
        stage.make(&mut hands)?;
        stages.push(StageMoves {
            stage,
            moves: hands.made[start..].to_vec(),
        });
    }
    Ok(Solution { stages })
}

/// Solves a cube as a user gives it (moves from solved, or a facelet string).
pub fn solve_input(input: &Input) -> Result<(Cube, Solution), BeginnerError> {
    let cube = input.to_cube(3)?;
    let solution = solve(&cube)?;
    Ok((cube, solution))
}

#[cfg(test)]
mod tests;
