//! Corner and edge pieces read off the stickers, for the solvers.
//!
//! A *slot* is a place a piece can be; a *piece* is named by the slot it sits in when the cube
//! is solved. Corner slots are numbered by their position: bit 0 set for the right layer
//! (else left), bit 1 for the up layer (else down), bit 2 for the front layer (else back), so
//! slot 0 is DLB and slot 7 is URF. A corner's faces are listed clockwise, as seen from
//! outside the cube, starting with its U or D face; that gives the usual names URF, UFL, ….
//! Edge slots are UR UF UL UB DR DF DL DB FR FL BL BR, each listed from its U or D face, or
//! else its F or B face.
//!
//! A piece's *twist* (corners, 0..3) is how many places clockwise from its slot's first face
//! the piece's own first colour (U or D) sits; an edge's *flip* (0 or 1) is whether its first
//! colour is off its slot's first face. With these conventions a move is a permutation and a
//! twist (flip) vector like any state, and moves compose by gathering: after move `m`, slot
//! `i` holds the piece slot `m.perm[i]` held, twisted by `m.orient[i]` more.

use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::{Amount, Move, Rotation, Turn};

/// Number of corner slots.
pub const CORNERS: usize = 8;
/// Number of edge slots (3×3×3).
pub const EDGES: usize = 12;

const EDGE_FACES: [[Face; 2]; EDGES] = [
    [Face::U, Face::R],
    [Face::U, Face::F],
    [Face::U, Face::L],
    [Face::U, Face::B],
    [Face::D, Face::R],
    [Face::D, Face::F],
    [Face::D, Face::L],
    [Face::D, Face::B],
    [Face::F, Face::R],
    [Face::F, Face::L],
    [Face::B, Face::L],
    [Face::B, Face::R],
];

fn det(a: [i32; 3], b: [i32; 3], c: [i32; 3]) -> i32 {
    a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
}

/// The faces of corner slot `i` (0..8), clockwise from outside, its U or D face first.
///
/// ```
/// use cubework::state::pieces::{corner_faces, corner_name};
/// use cubework::Face;
/// assert_eq!(corner_faces(7), [Face::U, Face::R, Face::F]);
/// assert_eq!(corner_name(0), "DBL");
/// ```
pub fn corner_faces(i: usize) -> [Face; 3] {
    let x = if i & 1 != 0 { Face::R } else { Face::L };
    let y = if i & 2 != 0 { Face::U } else { Face::D };
    let z = if i & 4 != 0 { Face::F } else { Face::B };
    if det(y.normal(), x.normal(), z.normal()) < 0 {
        [y, x, z]
    } else {
        [y, z, x]
    }
}

/// The name of corner slot `i`: its faces' letters, clockwise from its U or D face.
pub fn corner_name(i: usize) -> String {
    corner_faces(i).iter().map(|f| f.letter()).collect()
}

/// The faces of edge slot `i` (0..12), its U or D (else F or B) face first.
pub fn edge_faces(i: usize) -> [Face; 2] {
    EDGE_FACES[i]
}

/// The name of edge slot `i`, e.g. `UR`.
pub fn edge_name(i: usize) -> String {
    EDGE_FACES[i].iter().map(|f| f.letter()).collect()
}

/// Doubled coordinates of the cubie touching all of `faces` on an `n`×`n`×`n` cube.
fn cubie_at(n: usize, faces: &[Face]) -> [i32; 3] {
    let k = n as i32 - 1;
    let mut p = [0; 3];
    for f in faces {
        for (a, v) in f.normal().iter().enumerate() {
            p[a] += v * k;
        }
    }
    p
}

fn sticker(g: &Geometry, cubie: [i32; 3], face: Face) -> usize {
    g.sticker_of(cubie, face)
        .expect("every corner or edge cubie has a sticker on each of its faces")
}

fn letters(colours: &[Face]) -> String {
    colours
        .iter()
        .map(|c| c.letter().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why stickers are not a real cube's pieces.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubieError {
    /// Edges asked of a cube other than the 3×3×3.
    #[error("edges are read on the 3×3×3 only, not on a {0}×{0}×{0}")]
    NotThree(usize),
    /// A corner slot shows colours that no corner has.
    #[error("the corner at {position} shows {colours}, which no corner has: {reason}")]
    NoSuchCorner {
        /// The slot's name.
        position: String,
        /// Its colours, clockwise from the slot's U or D face.
        colours: String,
        /// What is wrong with them.
        reason: String,
    },
    /// An edge slot shows colours that no edge has.
    #[error("the edge at {position} shows {colours}, which no edge has: {reason}")]
    NoSuchEdge {
        /// The slot's name.
        position: String,
        /// Its colours, the slot's first face first.
        colours: String,
        /// What is wrong with them.
        reason: String,
    },
    /// A corner twice (and so another missing).
    #[error("corner {piece} appears {count} times and corner {missing} is missing")]
    DuplicateCorner {
        /// The repeated piece.
        piece: String,
        /// How often it appears.
        count: usize,
        /// A piece that does not appear.
        missing: String,
    },
    /// An edge twice (and so another missing).
    #[error("edge {piece} appears {count} times and edge {missing} is missing")]
    DuplicateEdge {
        /// The repeated piece.
        piece: String,
        /// How often it appears.
        count: usize,
        /// A piece that does not appear.
        missing: String,
    },
    /// Corner twists that do not sum to 0 mod 3.
    #[error(
        "the corner twists sum to {sum} mod 3, not 0 (twisted corners: {twists}): a corner has been twisted in place"
    )]
    TwistSum {
        /// The sum mod 3 (1 or 2).
        sum: u8,
        /// The twisted corners, e.g. `URF+1 DBL+2`.
        twists: String,
    },
    /// Edge flips that do not sum to 0 mod 2.
    #[error(
        "the edge flips sum to 1 mod 2, not 0 (flipped edges: {flips}): an edge has been flipped in place"
    )]
    FlipSum {
        /// The flipped edges.
        flips: String,
    },
    /// Corner and edge permutations of different parity.
    #[error(
        "the corners are an {corners} permutation but the edges an {edges} one: two pieces have been swapped"
    )]
    Parity {
        /// `even` or `odd`.
        corners: &'static str,
        /// `even` or `odd`.
        edges: &'static str,
    },
}

/// The eight corners of a cube: which piece is in each slot (`perm`), and its orientation
/// (`orient`, its twist: 0, 1 clockwise or 2 counter-clockwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Corners {
    /// `perm[slot]` is the piece in `slot`.
    pub perm: [u8; CORNERS],
    /// `orient[slot]` is that piece's twist, 0..3.
    pub orient: [u8; CORNERS],
}

impl Corners {
    /// Every corner home and untwisted.
    pub const SOLVED: Corners = Corners {
        perm: [0, 1, 2, 3, 4, 5, 6, 7],
        orient: [0; CORNERS],
    };
}

impl Edges {
    /// Every edge home and unflipped.
    pub const SOLVED: Edges = Edges {
        perm: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        orient: [0; EDGES],
    };
}

/// The twelve edges of a 3×3×3: which piece is in each slot (`perm`), and its orientation
/// (`orient`, its flip: 0 or 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edges {
    /// `perm[slot]` is the piece in `slot`.
    pub perm: [u8; EDGES],
    /// `orient[slot]` is that piece's flip, 0 or 1.
    pub orient: [u8; EDGES],
}

fn first_duplicate(perm: &[u8]) -> Option<(usize, usize, usize)> {
    let mut counts = vec![0usize; perm.len()];
    for &p in perm {
        counts[p as usize] += 1;
    }
    let dup = counts.iter().position(|&c| c > 1)?;
    let missing = counts.iter().position(|&c| c == 0)?;
    Some((dup, counts[dup], missing))
}

/// Reads the corners of any cube (the outermost cubies), checking that each slot shows a real
/// corner, that each corner appears once and that the twists sum to 0 mod 3.
///
/// ```
/// use cubework::state::pieces::{read_corners, CubieError};
/// use cubework::Cube;
/// let c = read_corners(&Cube::solved_n(2)).unwrap();
/// assert_eq!(c.perm, [0, 1, 2, 3, 4, 5, 6, 7]);
/// // Twist URF in place: its U, R and F stickers show F, U and R.
/// let twisted = Cube::from_facelets_n("UUUFURRRFRFFDDDDLLLLBBBB", 2).unwrap();
/// assert!(matches!(read_corners(&twisted), Err(CubieError::TwistSum { sum: 1, .. })));
/// ```
pub fn read_corners(cube: &Cube) -> Result<Corners, CubieError> {
    let n = cube.size();
    let g = Geometry::of(n);
    let st = cube.stickers();
    let mut perm = [0u8; CORNERS];
    let mut twist = [0u8; CORNERS];
    for slot in 0..CORNERS {
        let faces = corner_faces(slot);
        let cubie = cubie_at(n, &faces);
        let colours = faces.map(|f| st[sticker(g, cubie, f)]);
        let fail = |reason: String| CubieError::NoSuchCorner {
            position: corner_name(slot),
            colours: letters(&colours),
            reason,
        };
        let ud: Vec<usize> = (0..3)
            .filter(|&j| matches!(colours[j], Face::U | Face::D))
            .collect();
        if ud.len() != 1 {
            return Err(fail(if ud.is_empty() {
                "every corner has a U or a D colour".to_string()
            } else {
                "no corner has more than one of U and D".to_string()
            }));
        }
        let k = ud[0];
        let turned = [colours[k], colours[(k + 1) % 3], colours[(k + 2) % 3]];
        if let Some(piece) = (0..CORNERS).find(|&c| corner_faces(c) == turned) {
            perm[slot] = piece as u8;
            twist[slot] = k as u8;
        } else {
            let mut sorted = colours;
            sorted.sort();
            let mirror = (0..CORNERS).find(|&c| {
                let mut f = corner_faces(c);
                f.sort();
                f == sorted
            });
            return Err(fail(match mirror {
                Some(c) => format!(
                    "they run anticlockwise, the mirror image of corner {}",
                    corner_name(c)
                ),
                None if colours.iter().any(|&c| colours.contains(&c.opposite())) => {
                    "it has two opposite colours".to_string()
                }
                None => "it has a colour twice".to_string(),
            }));
        }
    }
    if let Some((piece, count, missing)) = first_duplicate(&perm) {
        return Err(CubieError::DuplicateCorner {
            piece: corner_name(piece),
            count,
            missing: corner_name(missing),
        });
    }
    let sum = twist.iter().map(|&t| t as u32).sum::<u32>() % 3;
    if sum != 0 {
        let twists = (0..CORNERS)
            .filter(|&s| twist[s] != 0)
            .map(|s| format!("{}+{}", corner_name(s), twist[s]))
            .collect::<Vec<_>>()
            .join(" ");
        return Err(CubieError::TwistSum {
            sum: sum as u8,
            twists,
        });
    }
    Ok(Corners {
        perm,
        orient: twist,
    })
}

/// Reads the edges of a 3×3×3, checking that each slot shows a real edge, that each edge
/// appears once and that the flips sum to 0 mod 2.
pub fn read_edges(cube: &Cube) -> Result<Edges, CubieError> {
    if cube.size() != 3 {
        return Err(CubieError::NotThree(cube.size()));
    }
    let g = Geometry::of(3);
    let st = cube.stickers();
    let mut perm = [0u8; EDGES];
    let mut flip = [0u8; EDGES];
    for slot in 0..EDGES {
        let faces = edge_faces(slot);
        let cubie = cubie_at(3, &faces);
        let colours = faces.map(|f| st[sticker(g, cubie, f)]);
        let found = (0..EDGES).find_map(|e| {
            let f = edge_faces(e);
            if f == colours {
                Some((e, 0))
            } else if f == [colours[1], colours[0]] {
                Some((e, 1))
            } else {
                None
            }
        });
        match found {
            Some((e, fl)) => {
                perm[slot] = e as u8;
                flip[slot] = fl;
            }
            None => {
                return Err(CubieError::NoSuchEdge {
                    position: edge_name(slot),
                    colours: letters(&colours),
                    reason: if colours[0] == colours[1] {
                        "it has a colour twice".to_string()
                    } else {
                        "its colours are on opposite faces".to_string()
                    },
                });
            }
        }
    }
    if let Some((piece, count, missing)) = first_duplicate(&perm) {
        return Err(CubieError::DuplicateEdge {
            piece: edge_name(piece),
            count,
            missing: edge_name(missing),
        });
    }
    if flip.iter().map(|&f| f as u32).sum::<u32>() % 2 != 0 {
        let flips = (0..EDGES)
            .filter(|&s| flip[s] != 0)
            .map(edge_name)
            .collect::<Vec<_>>()
            .join(" ");
        return Err(CubieError::FlipSum { flips });
    }
    Ok(Edges { perm, orient: flip })
}

/// Whether a permutation of `0..len` is odd.
pub fn is_odd(perm: &[u8]) -> bool {
    // The places seen, on the stack while they fit (the tables' builders ask this of every
    // entry, so it should not allocate).
    let (mut small, mut large) = ([false; 64], Vec::new());
    let seen: &mut [bool] = if perm.len() <= small.len() {
        &mut small[..perm.len()]
    } else {
        large.resize(perm.len(), false);
        &mut large
    };
    let mut transpositions = 0;
    for start in 0..perm.len() {
        let mut i = start;
        let mut len = 0;
        while !seen[i] {
            seen[i] = true;
            i = perm[i] as usize;
            len += 1;
        }
        if len > 0 {
            transpositions += len - 1;
        }
    }
    transpositions % 2 == 1
}

/// Checks that corners and edges are permuted with the same parity, as on a real cube.
pub fn check_parity(corners: &Corners, edges: &Edges) -> Result<(), CubieError> {
    let name = |odd: bool| if odd { "odd" } else { "even" };
    let (c, e) = (is_odd(&corners.perm), is_odd(&edges.perm));
    if c == e {
        Ok(())
    } else {
        Err(CubieError::Parity {
            corners: name(c),
            edges: name(e),
        })
    }
}

/// Writes corners onto the stickers of a cube of size `n` (facelet order), leaving the other
/// stickers alone.
pub fn write_corners(n: usize, stickers: &mut [Face], corners: &Corners) {
    let g = Geometry::of(n);
    for slot in 0..CORNERS {
        let faces = corner_faces(slot);
        let cubie = cubie_at(n, &faces);
        let piece = corner_faces(corners.perm[slot] as usize);
        let t = corners.orient[slot] as usize;
        for (j, &colour) in piece.iter().enumerate() {
            stickers[sticker(g, cubie, faces[(t + j) % 3])] = colour;
        }
    }
}

/// Writes edges onto the stickers of a 3×3×3 (facelet order), leaving the others alone.
pub fn write_edges(stickers: &mut [Face], edges: &Edges) {
    let g = Geometry::of(3);
    for slot in 0..EDGES {
        let faces = edge_faces(slot);
        let cubie = cubie_at(3, &faces);
        let piece = edge_faces(edges.perm[slot] as usize);
        let f = edges.orient[slot] as usize;
        for (j, &colour) in piece.iter().enumerate() {
            stickers[sticker(g, cubie, faces[(f + j) % 2])] = colour;
        }
    }
}

/// The 24 whole-cube rotations as move sequences, the identity (no moves) first: each of the
/// six faces brought to the top (nothing, x, x2, x', z, z'), then turned by y⁰…y³.
pub fn rotations() -> Vec<Vec<Move>> {
    let rot = |r: Rotation, amount: Amount| Move {
        turn: Turn::Rotation(r),
        amount,
    };
    let tops: [Vec<Move>; 6] = [
        vec![],
        vec![rot(Rotation::X, Amount::ONE)],
        vec![rot(Rotation::X, Amount::TWO)],
        vec![rot(Rotation::X, Amount::PRIME)],
        vec![rot(Rotation::Z, Amount::ONE)],
        vec![rot(Rotation::Z, Amount::PRIME)],
    ];
    let spins: [Vec<Move>; 4] = [
        vec![],
        vec![rot(Rotation::Y, Amount::ONE)],
        vec![rot(Rotation::Y, Amount::TWO)],
        vec![rot(Rotation::Y, Amount::PRIME)],
    ];
    let mut out = Vec::with_capacity(24);
    for t in &tops {
        for s in &spins {
            out.push(t.iter().chain(s).copied().collect());
        }
    }
    out
}

/// The first whole-cube rotation (see [`rotations`]) after which `good` holds of the cube,
/// with the rotated cube.
pub fn rotate_until(cube: &Cube, good: impl Fn(&Cube) -> bool) -> Option<(Cube, Vec<Move>)> {
    rotations().into_iter().find_map(|r| {
        let mut c = cube.clone();
        c.apply_all(&r).ok()?;
        good(&c).then_some((c, r))
    })
}

/// Whether the stickers could come from turning a real cube, and if not, why — the same named
/// reasons the solvers give: a corner or edge that does not exist or appears twice, a corner
/// twisted or an edge flipped in place, two pieces swapped. The cube is first held the usual
/// way (centres home on odd sizes, corner DBL home on even ones). The 3×3×3 is checked whole;
/// other sizes by their corners (the only pieces every size has).
///
/// ```
/// use cubework::state::pieces::check_real;
/// use cubework::Cube;
/// assert!(check_real(&Cube::solved()).is_ok());
/// // Swap the two stickers of edge UR: flipped in place.
/// let mut s: Vec<char> = Cube::solved().facelets().chars().collect();
/// s.swap(5, 10);
/// let flipped = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
/// let e = check_real(&flipped).unwrap_err();
/// assert!(e.to_string().contains("an edge has been flipped in place"), "{e}");
/// ```
pub fn check_real(cube: &Cube) -> Result<(), CubieError> {
    let n = cube.size();
    let held = if n % 2 == 1 {
        rotate_until(cube, |c| Face::ALL.iter().all(|&f| c.centre(f) == Some(f)))
    } else {
        rotate_until(cube, |c| {
            read_corners(c).is_ok_and(|k| k.perm[0] == 0 && k.orient[0] == 0)
        })
    };
    let cube = held.map_or_else(|| cube.clone(), |(c, _)| c);
    let corners = read_corners(&cube)?;
    if n == 3 {
        check_parity(&corners, &read_edges(&cube)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    #[test]
    fn real_cubes_at_every_size_pass_and_broken_ones_are_named() {
        for n in 2..=7 {
            let mut c = Cube::solved_n(n);
            c.apply_all(&parse_moves("R U x F' y2 D L2 z B", Notation::Standard).unwrap())
                .unwrap();
            assert_eq!(check_real(&c), Ok(()), "{n}");
        }
        // Twist corner URF in place on a 4×4×4: its U, R, F stickers.
        let g = Geometry::of(4);
        let mut st = Cube::solved_n(4).stickers().to_vec();
        let (u, r, f) = (
            g.index(Face::U, 3, 3),
            g.index(Face::R, 0, 0),
            g.index(Face::F, 0, 3),
        );
        (st[u], st[r], st[f]) = (st[f], st[u], st[r]);
        let twisted = Cube::from_stickers(4, st).unwrap();
        assert!(matches!(
            check_real(&twisted),
            Err(CubieError::TwistSum { .. })
        ));
        // Two edges swapped on the 3×3×3: a parity fault.
        let mut s: Vec<char> = Cube::solved().facelets().chars().collect();
        s.swap(1, 7); // UB's and UF's U stickers …
        s.swap(46, 19); // … and their side stickers
        let swapped = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
        assert!(
            matches!(check_real(&swapped), Err(CubieError::Parity { .. })),
            "{:?}",
            check_real(&swapped)
        );
    }

    #[test]
    fn corner_names_are_the_usual_ones() {
        let mut names: Vec<String> = (0..8).map(corner_name).collect();
        names.sort();
        assert_eq!(
            names,
            ["DBL", "DFR", "DLF", "DRB", "UBR", "UFL", "ULB", "URF"]
        );
    }

    #[test]
    fn reading_and_writing_round_trip_on_scrambles() {
        for n in [2, 3] {
            let mut cube = Cube::solved_n(n);
            let seq = if n == 3 {
                "R U F' L2 D B' R2 U' F D2 L B2"
            } else {
                "R U F' L2 D B' x R2 U' y F"
            };
            cube.apply_all(&parse_moves(seq, Notation::Standard).unwrap())
                .unwrap();
            let (cube, _) = rotate_until(&cube, |c| {
                n == 2
                    || (0..6).all(|i| {
                        let f = Face::from_index(i);
                        c.centre(f) == Some(f)
                    })
            })
            .unwrap();
            let corners = read_corners(&cube).unwrap();
            let mut stickers = Cube::solved_n(n).stickers().to_vec();
            write_corners(n, &mut stickers, &corners);
            if n == 3 {
                let edges = read_edges(&cube).unwrap();
                check_parity(&corners, &edges).unwrap();
                write_edges(&mut stickers, &edges);
            }
            assert_eq!(Cube::from_stickers(n, stickers).unwrap(), cube);
        }
    }

    #[test]
    fn edges_only_on_the_three() {
        assert_eq!(read_edges(&Cube::solved_n(4)), Err(CubieError::NotThree(4)));
    }

    #[test]
    fn twenty_four_distinct_rotations() {
        let mut seen = std::collections::HashSet::new();
        for r in rotations() {
            let mut c = Cube::solved();
            c.apply_all(&r).unwrap();
            seen.insert(c.facelets());
        }
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn impossible_pieces_are_named() {
        let solved = Cube::solved().facelets();
        // Swap the U and R stickers of the UR edge: a flipped edge.
        let mut s: Vec<char> = solved.chars().collect();
        s.swap(5, 10);
        let flipped = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
        assert!(matches!(
            read_edges(&flipped),
            Err(CubieError::FlipSum { .. })
        ));
        // Swap two corner stickers of different corners: U of URF with D of DFR.
        let mut s: Vec<char> = solved.chars().collect();
        s.swap(8, 29);
        let bad = Cube::from_facelets(&s.iter().collect::<String>()).unwrap();
        let err = read_corners(&bad).unwrap_err();
        assert!(matches!(err, CubieError::NoSuchCorner { .. }), "{err}");
        assert!(err.to_string().contains("URF"), "{err}");
        // Swap two edges (UR and UF): parity.
        let mut cube = Cube::solved();
        let mut st = cube.stickers().to_vec();
        let corners = read_corners(&cube).unwrap();
        let mut edges = read_edges(&cube).unwrap();
        edges.perm.swap(0, 1);
        write_edges(&mut st, &edges);
        cube = Cube::from_stickers(3, st).unwrap();
        let edges = read_edges(&cube).unwrap();
        assert!(matches!(
            check_parity(&corners, &edges),
            Err(CubieError::Parity { .. })
        ));
    }

    #[test]
    fn duplicated_corners_with_right_colour_counts_are_caught() {
        // URF and DBL in place of UFL and DRB keep every colour count at 4.
        let mut corners = read_corners(&Cube::solved_n(2)).unwrap();
        let slot = |name: &str| (0..8).find(|&i| corner_name(i) == name).unwrap() as u8;
        corners.perm[slot("UFL") as usize] = slot("URF");
        corners.perm[slot("DRB") as usize] = slot("DBL");
        let mut st = Cube::solved_n(2).stickers().to_vec();
        write_corners(2, &mut st, &corners);
        let cube = Cube::from_stickers(2, st).unwrap();
        let err = read_corners(&cube).unwrap_err();
        assert!(matches!(err, CubieError::DuplicateCorner { .. }), "{err}");
    }
}
