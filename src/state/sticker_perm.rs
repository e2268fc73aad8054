//! Sequences as permutations of the sticker tuple: cycles and orders.
//!
//! After a sequence of moves every sticker position holds some sticker of the start; that
//! rearrangement is a permutation of the 6N² stickers, the "tuple representation" of the
//! tuple notes (seed 002). Its cycle decomposition shows which stickers travel together, and
//! its **order** — how many times the sequence must be repeated to bring the cube back — is
//! the least common multiple of the cycle lengths.
//!
//! Two orders are offered:
//! - **by labels**: every sticker is distinct, so the order is the LCM of all cycle lengths;
//! - **by colours** (what a person sees, and what the notes count): a repetition count `k`
//!   brings the cube back when every sticker shows the colour it showed at the start. On a
//!   cycle of length `L` that happens exactly when `k` is a multiple of the shortest period
//!   `d` (a divisor of `L`) of the colours along the cycle, so the order is the LCM of those
//!   periods. Same-coloured centre pieces of big cubes, and the two wings of a 4×4 edge, are
//!   then interchangeable.
//!
//! ## Numbering
//! Cycle notation uses the notes' numbering: faces **U L F R B D**, each face's N² stickers
//! row by row in the layout of [the conventions](crate::guide::conventions), numbered from 1 (so on the 4×4, U is 1–16,
//! L 17–32, F 33–48, R 49–64, B 65–80, D 81–96). The canonical [`Cube`] stores
//! faces in facelet order U R F D L B; [`tuple_number`] and [`facelet_index`] convert.
//! A cycle `(1 4 16 13)` means the sticker at 1 moves to 4, the one at 4 to 16, and so on.

use std::fmt;

/// The six orderings of three things, in lexicographic order: the permutations of a cubie's
/// three digit places (numeric), of three axes (the cube's symmetries), and of three bytes.
pub const ORDERINGS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::{Move, MoveError, PaperAxis};

/// The faces in the tuple notes' order: U L F R B D.
///
/// ```
/// use cubework::state::sticker_perm::TUPLE_FACES;
/// let letters: String = TUPLE_FACES.iter().map(|f| f.letter()).collect();
/// assert_eq!(letters, "ULFRBD");
/// ```
pub const TUPLE_FACES: [Face; 6] = [Face::U, Face::L, Face::F, Face::R, Face::B, Face::D];

/// The notes' 1-based tuple number of the sticker at facelet index `i` of an `n`-cube.
///
/// ```
/// use cubework::state::sticker_perm::tuple_number;
/// assert_eq!(tuple_number(4, 0), 1); // U, first sticker
/// assert_eq!(tuple_number(4, 16), 49); // facelet order puts R second; the notes put it fourth
/// ```
pub fn tuple_number(n: usize, i: usize) -> usize {
    let per = n * n;
    let face = Face::from_index((i / per) % 6);
    let slot = TUPLE_FACES.iter().position(|&f| f == face).unwrap_or(0);
    slot * per + i % per + 1
}

/// The facelet index of the notes' 1-based tuple number `t` on an `n`-cube, if there is one.
///
/// ```
/// use cubework::state::sticker_perm::{facelet_index, tuple_number};
/// assert_eq!(facelet_index(4, 49), Some(16));
/// assert_eq!(facelet_index(4, 97), None);
/// assert!((0..96).all(|i| facelet_index(4, tuple_number(4, i)) == Some(i)));
/// ```
pub fn facelet_index(n: usize, t: usize) -> Option<usize> {
    let per = n * n;
    if t == 0 || t > 6 * per {
        return None;
    }
    let face = TUPLE_FACES[(t - 1) / per];
    Some(face.index() * per + (t - 1) % per)
}

/// Which order: by what a person sees, or by every sticker's identity.
///
/// ```
/// use cubework::state::sticker_perm::{OrderBy, StickerPerm};
/// use cubework::{parse_moves, Notation};
/// let p = StickerPerm::of_moves(4, &parse_moves("U R", Notation::Standard).unwrap()).unwrap();
/// assert_eq!((p.order(OrderBy::Colours), p.order(OrderBy::Labels)), (105, 420));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OrderBy {
    /// Back when every sticker shows its starting colour.
    #[default]
    Colours,
    /// Back when every sticker is back in its place.
    Labels,
}

impl fmt::Display for OrderBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OrderBy::Colours => "colours",
            OrderBy::Labels => "labels",
        })
    }
}

/// A permutation of the stickers of an N×N×N cube, as a gather table: after it, position `i`
/// holds the sticker that started at `source(i)` (facelet order).
///
/// ```
/// use cubework::state::sticker_perm::StickerPerm;
/// use cubework::{parse_moves, Notation};
/// let p = StickerPerm::of_moves(4, &parse_moves("U R U' R'", Notation::Standard).unwrap()).unwrap();
/// assert_eq!(p.order_by_colours(), 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StickerPerm {
    n: usize,
    src: Vec<u16>,
}

impl StickerPerm {
    /// The identity on an `n`-cube.
    ///
    /// # Panics
    /// If `n` is outside the geometry's range; check user sizes with
    /// [`Cube::check_size`](crate::Cube::check_size) first.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// let p = StickerPerm::identity(5);
    /// assert!(p.is_identity());
    /// assert_eq!(p.sources().len(), 150);
    /// ```
    pub fn identity(n: usize) -> StickerPerm {
        let count = Geometry::of(n).sticker_count();
        StickerPerm {
            n,
            src: (0..count as u16).collect(),
        }
    }

    /// The permutation whose gather table is `src` (facelet order), if `src` is a
    /// permutation of the `n`-cube's stickers.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// let u = StickerPerm::of_moves(3, &cubework::parse_moves("U", cubework::Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(StickerPerm::from_sources(3, u.sources().to_vec()), Some(u));
    /// assert_eq!(StickerPerm::from_sources(3, vec![0; 54]), None);
    /// ```
    pub fn from_sources(n: usize, src: Vec<u16>) -> Option<StickerPerm> {
        if Cube::check_size(n).is_err() || src.len() != Geometry::of(n).sticker_count() {
            return None;
        }
        let mut seen = vec![false; src.len()];
        for &s in &src {
            if std::mem::replace(seen.get_mut(s as usize)?, true) {
                return None;
            }
        }
        Some(StickerPerm { n, src })
    }

    /// The cube's size.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// assert_eq!(StickerPerm::identity(6).size(), 6);
    /// ```
    pub fn size(&self) -> usize {
        self.n
    }

    /// The sticker (facelet index at the start) now at position `i`.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.source(2), 0); // U's top-right sticker came from its top-left
    /// ```
    pub fn source(&self, i: usize) -> usize {
        self.src[i] as usize
    }

    /// The gather table.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// assert_eq!(StickerPerm::identity(2).sources()[..4], [0, 1, 2, 3]);
    /// ```
    pub fn sources(&self) -> &[u16] {
        &self.src
    }

    /// Where the sticker that started at position `i` is now (the inverse lookup).
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.destinations()[0], 2); // U's top-left sticker went to its top-right
    /// ```
    pub fn destinations(&self) -> Vec<usize> {
        let mut dest = vec![0; self.src.len()];
        for (i, &s) in self.src.iter().enumerate() {
            dest[s as usize] = i;
        }
        dest
    }

    /// Follows this permutation by `quarters` quarter-turns of one layer (see
    /// [`Geometry::table`]).
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::PaperAxis;
    /// let mut p = StickerPerm::identity(3);
    /// let mut scratch = Vec::new();
    /// p.turn(PaperAxis::Z, 0, 1, &mut scratch); // paper U
    /// assert_eq!(p.order_by_labels(), 4);
    /// ```
    pub fn turn(&mut self, axis: PaperAxis, layer: usize, quarters: u8, scratch: &mut Vec<u16>) {
        if let Some(table) = Geometry::of(self.n).table(axis, layer, quarters) {
            scratch.clear();
            scratch.extend(table.iter().map(|&j| self.src[j as usize]));
            std::mem::swap(&mut self.src, scratch);
        }
    }

    /// Follows this permutation by a move.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let mut p = StickerPerm::identity(4);
    /// let mut scratch = Vec::new();
    /// p.apply(&parse_moves("2R", Notation::Standard).unwrap()[0], &mut scratch).unwrap();
    /// assert!(p.apply(&parse_moves("M", Notation::Standard).unwrap()[0], &mut scratch).is_err());
    /// ```
    pub fn apply(&mut self, m: &Move, scratch: &mut Vec<u16>) -> Result<(), MoveError> {
        for (axis, layer, quarters) in m.layer_quarters(self.n)? {
            self.turn(axis, layer, quarters, scratch);
        }
        Ok(())
    }

    /// The permutation a sequence of moves makes on an `n`-cube.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("R U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.order_by_labels(), 105);
    /// ```
    pub fn of_moves(n: usize, moves: &[Move]) -> Result<StickerPerm, MoveError> {
        let mut p = StickerPerm::identity(n);
        let mut scratch = Vec::with_capacity(p.src.len());
        for m in moves {
            p.apply(m, &mut scratch)?;
        }
        Ok(p)
    }

    /// This permutation followed by `next`.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = |s| StickerPerm::of_moves(3, &parse_moves(s, Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p("R").then(&p("U")), p("R U"));
    /// ```
    pub fn then(&self, next: &StickerPerm) -> StickerPerm {
        StickerPerm {
            n: self.n,
            src: next.src.iter().map(|&j| self.src[j as usize]).collect(),
        }
    }

    /// The permutation that undoes this one.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("R U F", Notation::Standard).unwrap()).unwrap();
    /// assert!(p.then(&p.inverse()).is_identity());
    /// ```
    pub fn inverse(&self) -> StickerPerm {
        StickerPerm {
            n: self.n,
            src: self.destinations().into_iter().map(|d| d as u16).collect(),
        }
    }

    /// This permutation `k` times over (by squaring).
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("R U", Notation::Standard).unwrap()).unwrap();
    /// assert!(p.pow(105).is_identity());
    /// assert!(!p.pow(21).is_identity());
    /// ```
    pub fn pow(&self, mut k: u64) -> StickerPerm {
        let mut result = StickerPerm::identity(self.n);
        let mut base = self.clone();
        while k > 0 {
            if k & 1 == 1 {
                result = result.then(&base);
            }
            k >>= 1;
            if k > 0 {
                base = base.then(&base);
            }
        }
        result
    }

    /// True when nothing moves.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("R R'", Notation::Standard).unwrap()).unwrap();
    /// assert!(p.is_identity());
    /// ```
    pub fn is_identity(&self) -> bool {
        self.src.iter().enumerate().all(|(i, &s)| i == s as usize)
    }

    /// The cycles of length 2 or more, each as facelet indices in the order the stickers
    /// travel (the sticker at `c[0]` moves to `c[1]`, …), each starting at its smallest
    /// tuple number, sorted by that.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("U2", Notation::Standard).unwrap()).unwrap();
    /// assert!(p.cycles().iter().all(|c| c.len() == 2));
    /// assert_eq!(p.cycles().len(), 10);
    /// ```
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let dest = self.destinations();
        let mut seen = vec![false; dest.len()];
        let mut order: Vec<usize> = (0..dest.len()).collect();
        order.sort_by_key(|&i| tuple_number(self.n, i));
        let mut cycles = Vec::new();
        for start in order {
            if seen[start] || dest[start] == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                cycle.push(i);
                i = dest[i];
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// The cycle decomposition in the notes' numbering: `(1 4 16 13)(2 8 15 9)…`, or `()`
    /// for the identity.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let u = StickerPerm::of_moves(2, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(u.cycle_notation(), "(1 2 4 3)(5 17 13 9)(6 18 14 10)");
    /// ```
    pub fn cycle_notation(&self) -> String {
        let cycles = self.cycles();
        if cycles.is_empty() {
            return "()".to_string();
        }
        cycles
            .iter()
            .map(|c| {
                let nums: Vec<String> = c
                    .iter()
                    .map(|&i| tuple_number(self.n, i).to_string())
                    .collect();
                format!("({})", nums.join(" "))
            })
            .collect()
    }

    /// The order counting every sticker as distinct: the LCM of the cycle lengths.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(4, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.order_by_labels(), 4);
    /// ```
    pub fn order_by_labels(&self) -> u128 {
        self.cycles()
            .iter()
            .fold(1, |acc, c| lcm(acc, c.len() as u128))
    }

    /// The order by colours: the LCM over cycles of the shortest period of the colours
    /// along each cycle (see the module docs).
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// // Same-coloured centre pieces change places unseen: 105 by colours, 420 by labels.
    /// let p = StickerPerm::of_moves(4, &parse_moves("U R", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.order_by_colours(), 105);
    /// ```
    pub fn order_by_colours(&self) -> u128 {
        self.colour_periods()
            .iter()
            .fold(1, |acc, &(_, d)| lcm(acc, d as u128))
    }

    /// The order of the chosen kind.
    ///
    /// ```
    /// use cubework::state::sticker_perm::{OrderBy, StickerPerm};
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(3, &parse_moves("R U R' U'", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.order(OrderBy::Colours), 6);
    /// ```
    pub fn order(&self, by: OrderBy) -> u128 {
        match by {
            OrderBy::Colours => self.order_by_colours(),
            OrderBy::Labels => self.order_by_labels(),
        }
    }

    /// How many pieces (cubies) the permutation moves. By labels, every cubie with a sticker
    /// in a cycle; by colours, only those with a sticker in a cycle whose colours are not all
    /// the same (a 4×4's same-coloured centre pieces cycling among themselves do not count).
    ///
    /// ```
    /// use cubework::state::sticker_perm::{OrderBy, StickerPerm};
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(4, &parse_moves("U R", Notation::Standard).unwrap()).unwrap();
    /// assert_eq!(p.pieces_moved(OrderBy::Colours), 20);
    /// assert_eq!(p.pieces_moved(OrderBy::Labels), 28);
    /// ```
    pub fn pieces_moved(&self, by: OrderBy) -> usize {
        let g = Geometry::of(self.n);
        let mut cubies = std::collections::HashSet::new();
        for (c, (_, period)) in self.cycles().iter().zip(self.colour_periods()) {
            if by == OrderBy::Labels || period > 1 {
                cubies.extend(c.iter().map(|&i| g.cubie_of(i)));
            }
        }
        cubies.len()
    }

    /// For each cycle (as [`cycles`](Self::cycles)), its length and the shortest period of
    /// the colours along it.
    ///
    /// ```
    /// use cubework::state::sticker_perm::StickerPerm;
    /// use cubework::{parse_moves, Notation};
    /// let p = StickerPerm::of_moves(4, &parse_moves("U", Notation::Standard).unwrap()).unwrap();
    /// // The U face's centre 4-cycle shows one colour: period 1.
    /// assert!(p.colour_periods().contains(&(4, 1)));
    /// ```
    pub fn colour_periods(&self) -> Vec<(usize, usize)> {
        let g = Geometry::of(self.n);
        self.cycles()
            .iter()
            .map(|c| {
                let colours: Vec<Face> = c.iter().map(|&i| g.face_of(i)).collect();
                let len = c.len();
                let period = (1..=len)
                    .filter(|d| len % d == 0)
                    .find(|&d| (0..len).all(|i| colours[i] == colours[(i + d) % len]))
                    .unwrap_or(len);
                (len, period)
            })
            .collect()
    }
}

/// Greatest common divisor.
///
/// ```
/// assert_eq!(cubework::state::sticker_perm::gcd(12, 18), 6);
/// ```
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Least common multiple (saturating, never reached for cube permutations).
///
/// ```
/// assert_eq!(cubework::state::sticker_perm::lcm(15, 7), 105);
/// ```
pub fn lcm(a: u128, b: u128) -> u128 {
    if a == 0 || b == 0 {
        return 0;
    }
    (a / gcd(a, b)).saturating_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;

    fn perm(n: usize, s: &str) -> StickerPerm {
        StickerPerm::of_moves(n, &parse_moves(s, Notation::Standard).unwrap()).unwrap()
    }

    #[test]
    fn numbering_round_trips_for_every_size() {
        for n in 2..=7 {
            for i in 0..6 * n * n {
                assert_eq!(facelet_index(n, tuple_number(n, i)), Some(i));
            }
        }
    }

    /// The notes print U on the 4×4 as (destination, source) pairs.
    #[test]
    fn u_on_the_4x4_is_the_notes_rotation_map() {
        let pairs = [
            (1, 13),
            (2, 9),
            (3, 5),
            (4, 1),
            (5, 14),
            (6, 10),
            (7, 6),
            (8, 2),
            (9, 15),
            (10, 11),
            (11, 7),
            (12, 3),
            (13, 16),
            (14, 12),
            (15, 8),
            (16, 4),
            (17, 33),
            (18, 34),
            (19, 35),
            (20, 36),
            (33, 49),
            (34, 50),
            (35, 51),
            (36, 52),
            (49, 65),
            (50, 66),
            (51, 67),
            (52, 68),
            (65, 17),
            (66, 18),
            (67, 19),
            (68, 20),
        ];
        let u = perm(4, "U");
        let mut moved = 0;
        for t in 1..=96 {
            let i = facelet_index(4, t).unwrap();
            let src = tuple_number(4, u.source(i));
            match pairs.iter().find(|p| p.0 == t) {
                Some(&(_, s)) => assert_eq!(src, s, "position {t}"),
                None => assert_eq!(src, t, "position {t} should not move"),
            }
            moved += usize::from(src != t);
        }
        assert_eq!(moved, pairs.len()); // every listed position really moves
    }

    /// The notes: on the 4×4, U R U' R' has order 6 and "exchanges 10 pieces total"; U R has
    /// order 105 and exchanges 20 (both counted as a person sees them: by colours).
    #[test]
    fn the_notes_numbers_on_the_4x4() {
        let sexy = perm(4, "U R U' R'");
        assert_eq!(sexy.order_by_colours(), 6);
        assert_eq!(sexy.pieces_moved(OrderBy::Colours), 10);
        let ur = perm(4, "U R");
        assert_eq!(ur.order_by_colours(), 105);
        assert_eq!(ur.pieces_moved(OrderBy::Colours), 20);
        // Every label distinct, the centre 4-cycles count: lcm(15, 7, 3, 4) = 420.
        assert_eq!(ur.order_by_labels(), 420);
        assert_eq!(ur.pieces_moved(OrderBy::Labels), 28);
        // The notes' LCM example: cycles of 3 and 4 give 12; 105 = 3 × 5 × 7.
        assert_eq!(lcm(3, 4), 12);
        assert_eq!(lcm(lcm(15, 7), 3), 105);
    }

    #[test]
    fn orders_on_the_3x3() {
        assert_eq!(perm(3, "R U").order_by_labels(), 105);
        assert_eq!(perm(3, "R U R' U'").order_by_labels(), 6);
        assert_eq!(perm(3, "R").order_by_labels(), 4);
        assert_eq!(perm(3, "R2").order_by_labels(), 2);
        assert_eq!(perm(3, "").order_by_labels(), 1);
        assert_eq!(perm(3, "M2 E2 S2").order_by_labels(), 2);
        // On the 3×3 colours and labels agree except where same-coloured stickers swap.
        assert_eq!(perm(3, "R U").order_by_colours(), 105);
    }

    #[test]
    fn labels_can_need_more_than_colours() {
        // A centre-only 3-cycle of the 4×4's U centres: invisible by colour.
        let p = perm(4, "2R U 2R' U'");
        assert!(p.order_by_labels() >= p.order_by_colours());
        assert_eq!(perm(5, "U").order_by_colours(), 4);
    }

    #[test]
    fn composition_inverse_and_powers() {
        let ru = perm(3, "R U");
        assert!(ru.then(&ru.inverse()).is_identity());
        assert!(ru.pow(105).is_identity());
        assert!(!ru.pow(35).is_identity());
        assert_eq!(ru.pow(3), perm(3, "R U R U R U"));
    }

    /// The LCM formulas against brute force: repeat until the cube looks (or is) solved.
    #[test]
    fn orders_agree_with_repeating_the_sequence() {
        use crate::state::cube::Cube;
        let cases = [
            (2, "R U"),
            (3, "R U R' U'"),
            (3, "M E S"),
            (4, "U R U' R'"),
            (4, "U R"),
            (4, "Rw U2 x 2-3Lw'"),
            (5, "U R"),
            (5, "M 2R' u"),
            (6, "3Rw U' 2F"),
            (7, "3R 2U' Bw M"),
        ];
        for (n, s) in cases {
            let moves = parse_moves(s, Notation::Standard).unwrap();
            let p = StickerPerm::of_moves(n, &moves).unwrap();
            let solved = Cube::solved_n(n);
            let mut cube = solved.clone();
            let mut k = 0u128;
            loop {
                cube.apply_all(&moves).unwrap();
                k += 1;
                if cube == solved {
                    break;
                }
            }
            assert_eq!(p.order_by_colours(), k, "{n} {s} by colours");
            let mut q = p.clone();
            let mut k = 1u128;
            while !q.is_identity() {
                q = q.then(&p);
                k += 1;
            }
            assert_eq!(p.order_by_labels(), k, "{n} {s} by labels");
        }
    }

    #[test]
    fn wide_slice_and_rotation_moves_on_big_cubes() {
        assert_eq!(perm(4, "r"), perm(4, "Rw"));
        assert_eq!(perm(4, "Rw"), perm(4, "R 2R"));
        assert_eq!(perm(4, "2-3Rw"), perm(4, "2R 3R"));
        assert_eq!(perm(4, "x"), perm(4, "4Rw"));
        assert_eq!(perm(5, "M"), perm(5, "3L"));
        assert_eq!(perm(5, "E"), perm(5, "3D"));
        assert_eq!(perm(5, "S"), perm(5, "3F"));
        assert_eq!(perm(5, "y"), perm(5, "5Uw"));
        assert_eq!(perm(4, "Rw").order_by_labels(), 4);
        let m = parse_moves("M", Notation::Standard).unwrap();
        assert!(StickerPerm::of_moves(4, &m).is_err());
    }
}
