//! The 2×2×2 as (π, q): the permutation of the seven corners that move while DBL is held,
//! and their twists in GF(3).

use std::sync::OnceLock;

use super::PocketError;
use super::rank::{rank7, unrank7};
use crate::sequence::input::Input;
use crate::state::cube::Cube;
use crate::state::pieces::{self, Corners};
use crate::turn::moves::{FaceMove, Move};

/// Number of 2×2×2 states: 7! × 3⁶.
pub const STATES: usize = 5040 * 729;

/// Number of twist codes, 3⁶ (the seventh twist follows from the others).
pub(crate) const TWISTS: usize = 729;

/// A 2×2×2 state (π, q) with corner DBL held fixed.
///
/// The seven moving corner slots are the [`pieces`] slots 1..8 (DBR, DBL… see there), renumbered
/// 0..7: `perm[i]` is the corner in moving slot `i` and `orient[i] ∈ GF(3)` its twist. A move
/// (π', q') takes (π, q) to (π'π, π'q + q'): slot `i` receives the corner and the twist slot
/// `π'[i]` had, and its twist grows by `q'[i]`. The twists always sum to 0 mod 3, so the state
/// is determined by π and the first six twists, and its [`index`](PocketState::index) is
/// `rank(π) × 729 + Σ qᵢ 3ⁱ` (i < 6), with the Myrvold–Ruskey [`rank`](super::rank::rank).
///
/// ```
/// use cubework::solve::search::pocket::{PocketState, STATES};
/// use cubework::FaceMove;
/// let s = PocketState::solved().apply(FaceMove::POCKET[3]); // R
/// assert!(s.index() < STATES as u32);
/// assert_eq!(PocketState::from_index(s.index()), Some(s));
/// assert_eq!(s.apply(FaceMove::POCKET[5]), PocketState::solved()); // R then R'
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PocketState {
    perm: [u8; 7],
    orient: [u8; 7],
}

impl Default for PocketState {
    fn default() -> Self {
        PocketState::solved()
    }
}

impl PocketState {
    /// The solved state.
    pub fn solved() -> PocketState {
        PocketState {
            perm: [0, 1, 2, 3, 4, 5, 6],
            orient: [0; 7],
        }
    }

    /// Builds a state from π and q, or `None` if `perm` is not a permutation of 0..7, a twist
    /// is not in 0..3 or the twists do not sum to 0 mod 3.
    pub fn new(perm: [u8; 7], twist: [u8; 7]) -> Option<PocketState> {
        let mut seen = [false; 7];
        for &p in &perm {
            if p >= 7 || seen[p as usize] {
                return None;
            }
            seen[p as usize] = true;
        }
        let ok =
            twist.iter().all(|&t| t < 3) && twist.iter().map(|&t| t as u32).sum::<u32>() % 3 == 0;
        ok.then_some(PocketState {
            perm,
            orient: twist,
        })
    }

    /// π: the corner in each moving slot.
    pub fn perm(&self) -> [u8; 7] {
        self.perm
    }

    /// q: the twist of the corner in each moving slot.
    pub fn twist(&self) -> [u8; 7] {
        self.orient
    }

    /// Whether this is the solved state.
    pub fn is_solved(&self) -> bool {
        *self == PocketState::solved()
    }

    /// Composes: this state followed by `m` seen as a state, (π, q) ↦ (π'π, π'q + q').
    pub fn then(&self, m: &PocketState) -> PocketState {
        let mut out = PocketState::solved();
        for i in 0..7 {
            let from = m.perm[i] as usize;
            out.perm[i] = self.perm[from];
            out.orient[i] = (self.orient[from] + m.orient[i]) % 3;
        }
        out
    }

    /// Makes a move.
    pub fn apply(&self, m: FaceMove) -> PocketState {
        self.then(&move_states()[m.index()])
    }

    /// The twist code Σ qᵢ 3ⁱ over the first six slots, 0..729.
    pub(crate) fn twist_code(&self) -> u16 {
        self.orient[..6]
            .iter()
            .rev()
            .fold(0u16, |acc, &t| acc * 3 + t as u16)
    }

    pub(crate) fn twists_of_code(mut code: u16) -> [u8; 7] {
        let mut t = [0u8; 7];
        let mut sum = 0;
        for v in t.iter_mut().take(6) {
            *v = (code % 3) as u8;
            sum += *v;
            code /= 3;
        }
        t[6] = (3 - sum % 3) % 3;
        t
    }

    /// The dense index, 0..3,674,160.
    pub fn index(&self) -> u32 {
        rank7(self.perm) as u32 * TWISTS as u32 + self.twist_code() as u32
    }

    /// The state with a given index, or `None` if it is out of range.
    pub fn from_index(index: u32) -> Option<PocketState> {
        if index as usize >= STATES {
            return None;
        }
        Some(PocketState {
            perm: unrank7((index / TWISTS as u32) as u16),
            orient: Self::twists_of_code((index % TWISTS as u32) as u16),
        })
    }

    /// The state of eight corners whose DBL corner is at home and untwisted, if it is.
    pub fn from_corners(c: &Corners) -> Option<PocketState> {
        if c.perm[0] != 0 || c.orient[0] != 0 {
            return None;
        }
        let mut perm = [0u8; 7];
        let mut twist = [0u8; 7];
        for i in 0..7 {
            perm[i] = c.perm[i + 1] - 1;
            twist[i] = c.orient[i + 1];
        }
        Some(PocketState {
            perm,
            orient: twist,
        })
    }

    /// The eight corners, DBL at home.
    pub fn corners(&self) -> Corners {
        let mut c = Corners {
            perm: [0; 8],
            orient: [0; 8],
        };
        for i in 0..7 {
            c.perm[i + 1] = self.perm[i] + 1;
            c.orient[i + 1] = self.orient[i];
        }
        c
    }

    /// The 2×2×2 cube showing this state, held with DBL at home.
    ///
    /// ```
    /// use cubework::solve::search::pocket::PocketState;
    /// assert_eq!(PocketState::solved().to_cube().facelets(), "UUUURRRRFFFFDDDDLLLLBBBB");
    /// ```
    pub fn to_cube(&self) -> Cube {
        let mut stickers = Cube::solved_n(2).stickers().to_vec();
        pieces::write_corners(2, &mut stickers, &self.corners());
        Cube::from_stickers(2, stickers)
            .expect("eight distinct corners show each colour four times")
    }

    /// Reads a 2×2×2, turning the whole cube first until corner DBL is home and untwisted.
    /// Returns the state and the whole-cube turn made (empty if none was needed).
    ///
    /// ```
    /// use cubework::solve::search::pocket::PocketState;
    /// use cubework::{Cube, parse_moves, Notation};
    /// // D turns the held corner away; the whole cube is turned back (y) and U is read.
    /// let mut cube = Cube::solved_n(2);
    /// cube.apply_all(&parse_moves("D", Notation::Standard).unwrap()).unwrap();
    /// let (state, turn) = PocketState::from_cube(&cube).unwrap();
    /// assert_eq!(cubework::format_moves(&turn), "y");
    /// assert_eq!(state, PocketState::solved().apply(cubework::FaceMove::POCKET[0]));
    /// ```
    pub fn from_cube(cube: &Cube) -> Result<(PocketState, Vec<Move>), PocketError> {
        if cube.size() != 2 {
            return Err(PocketError::Size(cube.size()));
        }
        pieces::read_corners(cube)?;
        let held = |c: &Cube| {
            pieces::read_corners(c)
                .ok()
                .and_then(|k| PocketState::from_corners(&k))
        };
        let (turned, rotation) = pieces::rotate_until(cube, |c| held(c).is_some()).ok_or(
            PocketError::Unreachable("no whole-cube turn holds DBL at home"),
        )?;
        let state = held(&turned).ok_or(PocketError::Unreachable("DBL lost after turning"))?;
        Ok((state, rotation))
    }

    /// Reads a state given as a move sequence or facelet string (see [`Input`]).
    pub fn from_input(input: &Input) -> Result<(PocketState, Vec<Move>), PocketError> {
        PocketState::from_cube(&input.to_cube(2)?)
    }
}

/// The nine moves as states, read off the geometry: each face turn made on the solved 2×2×2
/// and its corners read back.
pub(crate) fn move_states() -> &'static [PocketState; 9] {
    static MOVES: OnceLock<[PocketState; 9]> = OnceLock::new();
    MOVES.get_or_init(|| {
        FaceMove::POCKET.map(|m| {
            let mut cube = Cube::solved_n(2);
            cube.apply(&m.to_move())
                .expect("U, R and F turn on every size");
            let corners = pieces::read_corners(&cube).expect("a face turn leaves a real cube");
            PocketState::from_corners(&corners).expect("U, R and F do not move DBL")
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::parser::parse_moves;
    use crate::turn::notation::Notation;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn moves_compose_like_the_stickers() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        for _ in 0..50 {
            let mut cube = Cube::solved_n(2);
            let mut state = PocketState::solved();
            for _ in 0..30 {
                let m = FaceMove::POCKET[rng.random_range(0..9)];
                cube.apply(&m.to_move()).unwrap();
                state = state.apply(m);
                assert_eq!(state.to_cube(), cube);
                assert_eq!(PocketState::from_cube(&cube).unwrap(), (state, vec![]));
            }
        }
    }

    #[test]
    fn quarter_turns_have_order_four_and_sum_twists_to_zero() {
        for m in FaceMove::POCKET {
            let s = move_states()[m.index()];
            assert!(PocketState::new(s.perm, s.orient).is_some());
            let mut t = PocketState::solved();
            for _ in 0..4 {
                t = t.apply(m);
            }
            assert!(t.is_solved());
            assert!(
                PocketState::solved()
                    .apply(m)
                    .apply(m.inverse())
                    .is_solved()
            );
        }
    }

    #[test]
    fn index_round_trips_and_is_dense() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2000 {
            let i = rng.random_range(0..STATES as u32);
            assert_eq!(PocketState::from_index(i).unwrap().index(), i);
        }
        assert_eq!(PocketState::from_index(STATES as u32), None);
    }

    #[test]
    fn other_faces_and_rotations_reduce_to_u_r_f() {
        let alg = "D L B x y z2 R";
        let (s, _) = PocketState::from_input(&Input::Alg(alg.into())).unwrap();
        let mut cube = Cube::solved_n(2);
        cube.apply_all(&parse_moves(alg, Notation::Standard).unwrap())
            .unwrap();
        // The state read is the cube made by the moves, turned as a whole.
        assert!(pieces::rotations().iter().any(|r| {
            let mut c = cube.clone();
            c.apply_all(r).unwrap();
            c == s.to_cube()
        }));
        // And any whole-cube turn of it reads as the same state.
        for r in pieces::rotations() {
            let mut c = s.to_cube();
            c.apply_all(&r).unwrap();
            assert_eq!(PocketState::from_cube(&c).unwrap().0, s);
        }
    }

    #[test]
    fn impossible_states_say_why() {
        let bad = |s: &str| {
            PocketState::from_input(&Input::Facelets(s.into(), Default::default())).unwrap_err()
        };
        assert!(matches!(bad("UUUURRRRFFFF"), PocketError::Input(_)));
        assert!(
            bad("UUUURRRRFFFFDDDDLLLLBBBX")
                .to_string()
                .contains("unknown colour")
        );
        assert!(
            bad("UUUURRRRFFFFDDDDLLLLBBBU")
                .to_string()
                .contains("stickers of colour")
        );
        let twisted = bad("UUUFURRRFRFFDDDDLLLLBBBB");
        assert!(twisted.to_string().contains("sum to 1 mod 3"), "{twisted}");
        assert!(twisted.to_string().contains("URF+1"), "{twisted}");
        // U and D on one corner (swap a U sticker of URF with the D sticker of DFR).
        let no_corner = bad("UUUDRRRRFFFFUDDDLLLLBBBB");
        assert!(
            no_corner.to_string().contains("no corner has"),
            "{no_corner}"
        );
        assert!(matches!(
            PocketState::from_cube(&Cube::solved()),
            Err(PocketError::Size(3))
        ));
        assert!(matches!(
            PocketState::from_input(&Input::Alg("M".into())),
            Err(PocketError::Input(_))
        ));
    }
}
