//! The notes' cube and their test, translated.
//!
//! The Perl 6 notes' `Cube::Three` holds six faces of nine cells and prints them with `dump`
//! as `Up|Front|Right|Back|Left|Down`. Their colour scheme and cell order differ from this
//! project's, so a dump is read through this mapping:
//!
//! - **Colours** are named by the face they belong to when solved, as facelet strings do. The
//!   notes' solved cube has white up, red front, blue right, orange back, green left and
//!   yellow down, so their `W R B O G Y` are this project's `U F R B L D` (here white up,
//!   orange front, yellow right, red back, green left, blue down).
//! - **Cells.** Up and down are numbered row by row, `0 1 2 / 3 4 5 / 6 7 8`, as here: up seen
//!   from above with the back edge first, down seen from below with the front edge first (the
//!   notes' `F` turn sends up's cells 6 7 8 to right's 2 1 0 and on to down's 2 1 0). The four
//!   sides are numbered column by column from the bottom, as the notes' `gist` prints them
//!   (rows `2 5 8`, `1 4 7`, `0 3 6` from the top): cell `k` is column `k / 3` from the left
//!   and row `2 − k mod 3` from the top, each side seen from outside.
//!
//! With it the notes' test holds: `R U2 R' U' R U' R' L' U2 L U L' U L` on the solved cube
//! gives their `WWBWWWWWB|RRRRRRRRW|BBRBBBBBO|OOWOOOOOO|GGGGGGGGG|YYYYYYYYY` (see the tests).
//!
//! ```
//! use cubework::solve::search::beginner::notes::{from_dump, to_dump};
//! use cubework::{Cube, Notation, parse_moves};
//! let mut cube = Cube::solved();
//! cube.apply_all(&parse_moves("R.U2.Rʼ.Uʼ.R.Uʼ.Rʼ.Lʼ.U2.L.U.Lʼ.U.L", Notation::Standard).unwrap())
//!     .unwrap();
//! let dump = "WWBWWWWWB|RRRRRRRRW|BBRBBBBBO|OOWOOOOOO|GGGGGGGGG|YYYYYYYYY";
//! assert_eq!(to_dump(&cube), dump);
//! assert_eq!(from_dump(dump).unwrap(), cube);
//! ```

use super::BeginnerError;
use crate::state::cube::Cube;
use crate::turn::face::Face;

/// The notes' faces in `dump` order, as this project's faces.
const DUMP_FACES: [Face; 6] = [Face::U, Face::F, Face::R, Face::B, Face::L, Face::D];

/// The notes' colour letters, face by face in `dump` order (their solved cube).
const DUMP_COLOURS: [char; 6] = ['W', 'R', 'B', 'O', 'G', 'Y'];

/// Row and column, in this project's layout, of the notes' cell `k` on `face`.
fn cell(face: Face, k: usize) -> (usize, usize) {
    match face {
        Face::U | Face::D => (k / 3, k % 3),
        _ => (2 - k % 3, k / 3),
    }
}

/// Reads a `Cube::Three` dump (`Up|Front|Right|Back|Left|Down`, their colours and cells).
pub fn from_dump(dump: &str) -> Result<Cube, BeginnerError> {
    let bad = |why: String| BeginnerError::Dump(why);
    let faces: Vec<&str> = dump.trim().split('|').collect();
    if faces.len() != 6 {
        return Err(bad(format!(
            "{} faces, expected 6 separated by |",
            faces.len()
        )));
    }
    let mut stickers = Cube::solved().stickers().to_vec();
    let g = crate::state::geometry::Geometry::of(3);
    for (i, (&face, text)) in DUMP_FACES.iter().zip(&faces).enumerate() {
        let cells: Vec<char> = text.chars().collect();
        if cells.len() != 9 {
            return Err(bad(format!(
                "face {} has {} cells, expected 9",
                i + 1,
                cells.len()
            )));
        }
        for (k, &ch) in cells.iter().enumerate() {
            let colour = DUMP_COLOURS
                .iter()
                .position(|&c| c == ch)
                .map(|j| DUMP_FACES[j])
                .ok_or_else(|| {
                    bad(format!(
                        "face {} cell {k} is '{ch}', not one of W R B O G Y",
                        i + 1
                    ))
                })?;
            let (row, col) = cell(face, k);
            stickers[g.index(face, row, col)] = colour;
        }
    }
    Cube::from_stickers(3, stickers).map_err(|e| bad(e.to_string()))
}

/// Writes a 3×3×3 as the notes' `dump` would.
pub fn to_dump(cube: &Cube) -> String {
    DUMP_FACES
        .iter()
        .map(|&face| {
            (0..9)
                .map(|k| {
                    let (row, col) = cell(face, k);
                    let colour = cube.sticker(face, row, col);
                    DUMP_COLOURS[DUMP_FACES.iter().position(|&f| f == colour).unwrap_or(0)]
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    /// The notes' test: `is $a.R.U2.Rʼ.Uʼ.R.Uʼ.Rʼ.Lʼ.U2.L.U.Lʼ.U.L.dump, '…', 'corners rotation'`.
    #[test]
    fn the_notes_corners_rotation_test() {
        let want = "WWBWWWWWB|RRRRRRRRW|BBRBBBBBO|OOWOOOOOO|GGGGGGGGG|YYYYYYYYY";
        let cube = crate::cube_after("R U2 R' U' R U' R' L' U2 L U L' U L");
        assert_eq!(to_dump(&cube), want);
        assert_eq!(from_dump(want).unwrap(), cube);
        // Written as the notes chain it, with dots and their apostrophe.
        assert_eq!(
            crate::cube_after("R.U2.Rʼ.Uʼ.R.Uʼ.Rʼ.Lʼ.U2.L.U.Lʼ.U.L"),
            cube
        );
        // It is the method's last algorithm.
        assert_eq!(
            super::super::Algorithm::TwistCorners.moves(),
            &parse_moves("R U2 R' U' R U' R' L' U2 L U L' U L", Notation::Standard).unwrap()[..]
        );
    }

    /// The notes' `U2.D2.F2.B2.R2.L2` picture, checked through the same mapping: its up face
    /// reads `W Y W / Y W Y / W Y W`.
    #[test]
    fn the_notes_checkerboard() {
        let dump = to_dump(&crate::cube_after("U2 D2 F2 B2 R2 L2"));
        assert_eq!(&dump[..9], "WYWYWYWYW");
        // Their printed middle row: `B G B O R O G B G R O R` for left, front, right, back.
        let cube = crate::cube_after("U2 D2 F2 B2 R2 L2");
        let faces: Vec<&str> = dump.split('|').collect();
        let middle = |f: usize| -> String {
            let c: Vec<char> = faces[f].chars().collect();
            [c[1], c[4], c[7]].iter().map(|x| format!("{x} ")).collect()
        };
        // left (4), front (1), right (2), back (3), each its cells 1 4 7 (the middle row).
        let row: String = [4, 1, 2, 3].iter().map(|&f| middle(f)).collect();
        assert_eq!(row.trim_end(), "B G B O R O G B G R O R");
        assert_eq!(from_dump(&dump).unwrap(), cube);
    }

    #[test]
    fn round_trip_and_bad_dumps() {
        for alg in ["", "R", "F U' L2 B D'", "x y"] {
            let cube = crate::cube_after(alg);
            assert_eq!(from_dump(&to_dump(&cube)).unwrap(), cube, "{alg}");
        }
        assert!(from_dump("WWW").is_err());
        let e = from_dump("WWWWWWWWX|RRRRRRRRR|BBBBBBBBB|OOOOOOOOO|GGGGGGGGG|YYYYYYYYY");
        assert!(e.unwrap_err().to_string().contains("'X'"));
    }
}
