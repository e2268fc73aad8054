//! A sequence seen in a mirror standing between L and R: what cubers call the left-hand
//! version of an algorithm (the left Sune of the right one).
//!
//! Each move becomes its mirror image. A mirror reverses every turn about an axis lying in it:
//! `U` becomes `U'`, `E` becomes `E'`, `S` becomes `S'`, `y` becomes `y'`, `z` becomes `z'`;
//! a half turn is the same turn either way and is written as it was (`U2` stays `U2`). A turn
//! about the axis through the mirror keeps its sense, and R and L change places: `R` becomes
//! `L'` (which turns as `R` does), `Rw` becomes `Lw'`, while `M` and `x`, about that axis and
//! named for no side of it, stay as they are. Brackets are kept, since the mirror image of
//! `[A, B]` is `[A′, B′]` of the images. The paper's letters and tools are turned into
//! standard moves first; [`Alg::in_notation`] writes the image in the paper's letters again
//! where they are wanted.
//!
//! ```
//! use cubework::sequence::alg::Alg;
//! use cubework::Notation;
//! let mirror = |s| Alg::parse(s, Notation::Standard).unwrap().mirrored().to_string();
//! assert_eq!(mirror("R U R' U R U2 R'"), "L' U' L U' L' U2 L");
//! assert_eq!(mirror("[Rw, U] (M2 E y)2 x"), "[Lw', U'] (M2 E' y')2 x");
//! ```

use super::alg::{Alg, Item};
use crate::turn::face::Face;
use crate::turn::moves::{Move, Rotation, Slice, Turn};

impl Alg {
    /// The sequence seen in a mirror between L and R (see the [module](self)).
    pub fn mirrored(&self) -> Alg {
        let items = self.items.iter().map(|item| match item {
            Item::Move(m) => Item::Move(mirrored(*m)),
            Item::Group { body, power } => Item::Group {
                body: body.mirrored(),
                power: *power,
            },
            Item::Commutator { a, b, power } => Item::Commutator {
                a: a.mirrored(),
                b: b.mirrored(),
                power: *power,
            },
            Item::Conjugate { a, b, power } => Item::Conjugate {
                a: a.mirrored(),
                b: b.mirrored(),
                power: *power,
            },
            Item::Tool { tool, power, .. } => Item::Group {
                body: Alg::from_moves(tool.sequence()).mirrored(),
                power: *power,
            },
            Item::Comment(text) => Item::Comment(text.clone()),
        });
        Alg {
            items: items.collect(),
        }
    }
}

/// One move's mirror image, in standard notation.
pub fn mirrored(m: Move) -> Move {
    let m = m.to_standard();
    let turn = match m.turn {
        Turn::Rotation(Rotation::X) | Turn::Slice(Slice::M) => return m,
        Turn::Face {
            face,
            from,
            to,
            style,
        } => Turn::Face {
            face: match face {
                Face::R => Face::L,
                Face::L => Face::R,
                other => other,
            },
            from,
            to,
            style,
        },
        other => other,
    };
    // A half turn is its own mirror image's amount: `U2` stays `U2`, as cubers write it.
    let amount = if m.amount.quarters() == 2 {
        m.amount
    } else {
        m.amount.inverse()
    };
    Move { turn, amount }
}

#[cfg(test)]
mod tests {
    use crate::sequence::alg::Alg;
    use crate::state::cube::Cube;
    use crate::turn::notation::Notation;
    use proptest::prelude::*;

    fn cube_after(alg: &Alg, n: usize) -> Cube {
        let mut cube = Cube::solved_n(n);
        cube.apply_all(&alg.expand()).unwrap();
        cube
    }

    /// The facelet string of `facelets`' cube seen in the mirror between L and R: every
    /// face's columns read the other way, R and L change places, and so do their colours.
    fn reflected(facelets: &str, n: usize) -> String {
        let faces: Vec<Vec<char>> = facelets
            .chars()
            .collect::<Vec<_>>()
            .chunks(n * n)
            .map(<[char]>::to_vec)
            .collect();
        // URFDLB: the face in R's place is L's, and L's is R's.
        let order = [0, 4, 2, 3, 1, 5];
        let colour = |c: char| match c {
            'R' => 'L',
            'L' => 'R',
            c => c,
        };
        let mut out = String::new();
        for &f in &order {
            for r in 0..n {
                for c in (0..n).rev() {
                    out.push(colour(faces[f][r * n + c]));
                }
            }
        }
        out
    }

    #[test]
    fn the_mirror_of_a_right_hand_algorithm_is_its_left_hand_twin() {
        let alg = |s| Alg::parse(s, Notation::Standard).unwrap();
        assert_eq!(
            alg("R U R' U R U2 R'").mirrored().expand(),
            alg("L' U' L U' L' U2 L").expand()
        );
        // A tool is mirrored as the moves it stands for.
        let switch = alg("SWITCH");
        assert_eq!(
            switch.mirrored().expand(),
            Alg::from_moves(&switch.expand()).mirrored().expand()
        );
    }

    proptest! {
        #![proptest_config(crate::proptest_config(200))]
        #[test]
        fn the_mirrored_sequence_makes_the_mirror_image_of_the_cube_and_mirroring_twice_changes_nothing(
            seq in proptest::collection::vec(0usize..54, 0..25),
            n in 2usize..6,
        ) {
            let words = [
                "R", "L", "U", "D", "F", "B", "x", "y", "z", "Rw", "Uw", "Fw", "Lw", "Dw", "Bw",
                "2R", "2U", "2F",
            ];
            let text: Vec<String> = seq
                .iter()
                .map(|&i| format!("{}{}", words[i % 18], ["", "'", "2"][i / 18]))
                .collect();
            let alg = Alg::parse(&text.join(" "), Notation::Standard).unwrap();
            let cube = cube_after(&alg, n);
            let image = cube_after(&alg.mirrored(), n);
            prop_assert_eq!(image.facelets(), reflected(&cube.facelets(), n));
            prop_assert_eq!(cube_after(&alg.mirrored().mirrored(), n), cube);
        }
    }

    #[test]
    fn the_slices_mirror_as_the_faces_they_follow() {
        let alg = |s| Alg::parse(s, Notation::Standard).unwrap();
        for text in ["M", "E", "S", "M2 E' S", "x y z", "[M, U] (E S)2"] {
            let a = alg(text);
            assert_eq!(
                cube_after(&a.mirrored(), 3).facelets(),
                reflected(&cube_after(&a, 3).facelets(), 3),
                "{text}"
            );
        }
    }
}
