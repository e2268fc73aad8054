//! The centres' pruning tables, each the distance of every value of a small coordinate
//! from the phase's goal, found breadth-first (the edges' table is [`super::edge3`]'s):
//!
//! | phase | coordinate | values | turns |
//! |---|---|---|---|
//! | 1 | which 8 of the 24 centre places hold U or D stickers | C(24,8) = 735,471 | all 36 |
//! | 2 | which 8 of the 16 side places hold R or L stickers, which 4 of the 8 U and D places hold U, and the wings' parity | C(16,8)·70·2 = 1,801,800 | 28: outer, `Uw`, `Dw`, wide halves of the rest |
//! | 3 (fallback) | on each axis, which 4 of its 8 places hold its first colour | 70³ = 343,000 | 24: outer, wide halves |
//! | G3 | phase 3's, and the parity bit of [`G3::flip`] | 70³·2 = 686,000 | G3's 20 |
//!
//! One byte an entry, 3.6 MB in all; 255 marks a value the phase's turns never reach.
//! Phase 2's goals are every U and D arrangement G3's table reaches, with the R and L
//! stickers home and the wings' parity even.

use crate::base::cancel::Cancelled;
use crate::solve::search::four::edge3::{self, Coord};
use crate::solve::search::four::g3::G3;
use crate::solve::search::four::moves::Moves;
use crate::turn::face::Face;

/// An entry the breadth-first search never reached.
pub(crate) const UNREACHED: u8 = 255;

/// Binomial coefficients up to 24 choose 8.
const fn binomials() -> [[u32; 9]; 25] {
    let mut c = [[0u32; 9]; 25];
    let mut n = 0;
    while n < 25 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 9 && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}
const C: [[u32; 9]; 25] = binomials();

/// The rank of a set of places (a bit mask) among all sets of as many places, in the
/// combinatorial number system.
pub(crate) fn rank(mask: u32) -> u32 {
    let mut r = 0;
    let mut k = 0;
    let mut m = mask;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        k += 1;
        r += C[p][k];
        m &= m - 1;
    }
    r
}

/// The set of `k` places of rank `r` (the inverse of [`rank`]).
pub(crate) fn unrank(mut r: u32, k: usize, len: usize) -> u32 {
    let mut mask = 0;
    let mut p = len;
    for j in (1..=k).rev() {
        p -= 1;
        while C[p][j] > r {
            p -= 1;
        }
        r -= C[p][j];
        mask |= 1 << p;
    }
    mask
}

/// A permutation of places applied to a mask of them.
pub(crate) fn move_mask(mask: u32, perm: &[u8]) -> u32 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        out |= 1 << perm[p];
        m &= m - 1;
    }
    out
}

/// The three phases' turns (indices into [`Moves::turns`]) and the places and permutations
/// their coordinates read.
pub(crate) struct Phases {
    /// Phase 1's turns: all 36.
    pub turns1: Vec<usize>,
    /// Phase 2's turns: those that keep U and D stickers on U and D.
    pub turns2: Vec<usize>,
    /// Phase 3's turns: those that keep each axis's stickers on its axis and the wings'
    /// parity.
    pub turns3: Vec<usize>,
    /// The side places (not on U or D) in order, as centre places.
    pub side: [u8; 16],
    /// `side_next[v][t]`: phase 2's turn `t` on the rank `v` of the side places holding R
    /// or L (0 for the other turns), so that phase 2 turns its coordinate by looking up.
    pub side_next: Vec<[u16; 36]>,
    /// `up_next[v][t]`: phase 2's turn `t` on the rank `v` of the U and D places holding U.
    pub up_next: Vec<[u8; 36]>,
    /// Each axis's 8 places (U/D, R/L, F/B), as centre places.
    pub axis: [[u8; 8]; 3],
    /// `axis_perm[t][a]`: turn `t` (of phase 3) on axis `a`'s places.
    pub axis_perm: Vec<[[u8; 8]; 3]>,
    /// The last phase's group.
    pub g3: G3,
    /// The last phase's pairing coordinate.
    pub coord: Coord,
}

/// The first colour of each axis: U, R and F.
pub(crate) const AXIS_FACES: [Face; 3] = [Face::U, Face::R, Face::F];

fn on_axis(face: Face, a: usize) -> bool {
    face == AXIS_FACES[a] || face == AXIS_FACES[a].opposite()
}

impl Phases {
    /// The phases of `moves`.
    pub fn new(moves: &Moves) -> Phases {
        let keeps = |t: usize, places: &dyn Fn(usize) -> bool| {
            (0..24).all(|i| places(i) == places(moves.centre[t][i] as usize))
        };
        let ud = |i: usize| on_axis(moves.centre_face[i], 0);
        let turns1: Vec<usize> = (0..36).collect();
        let turns2: Vec<usize> = (0..36).filter(|&t| keeps(t, &ud)).collect();
        let turns3: Vec<usize> = (0..36)
            .filter(|&t| {
                (0..3).all(|a| keeps(t, &|i| on_axis(moves.centre_face[i], a)))
                    && !moves.wing_odd[t]
            })
            .collect();
        let mut side = [0u8; 16];
        let mut side_of = [16u8; 24];
        for (k, i) in (0..24).filter(|&i| !ud(i)).enumerate() {
            side[k] = i as u8;
            side_of[i] = k as u8;
        }
        let side_perm: Vec<[u8; 16]> = (0..36)
            .map(|t| {
                side.map(|i| {
                    let to = moves.centre[t][i as usize] as usize;
                    side_of[to].min(15)
                })
            })
            .collect();
        let mut axis = [[0u8; 8]; 3];
        let mut axis_of = [0u8; 24];
        for (a, places) in axis.iter_mut().enumerate() {
            for (k, i) in (0..24)
                .filter(|&i| on_axis(moves.centre_face[i], a))
                .enumerate()
            {
                places[k] = i as u8;
                axis_of[i] = k as u8;
            }
        }
        let axis_perm: Vec<[[u8; 8]; 3]> = (0..36)
            .map(|t| {
                [0, 1, 2].map(|a| axis[a].map(|i| axis_of[moves.centre[t][i as usize] as usize]))
            })
            .collect();
        let side_next = (0..12_870)
            .map(|v| {
                let mask = unrank(v, 8, 16);
                std::array::from_fn(|t| {
                    if turns2.contains(&t) {
                        rank(move_mask(mask, &side_perm[t])) as u16
                    } else {
                        0
                    }
                })
            })
            .collect();
        let up_next = (0..70)
            .map(|v| {
                let mask = unrank(v, 4, 8);
                std::array::from_fn(|t| rank(move_mask(mask, &axis_perm[t][0])) as u8)
            })
            .collect();
        Phases {
            turns1,
            turns2,
            turns3,
            side,
            side_next,
            up_next,
            axis,
            axis_perm,
            g3: G3::new(moves),
            coord: Coord::new(&G3::new(moves)),
        }
    }

    /// Phase 1's coordinate of centre colours `c`: the rank of the places holding U or D.
    pub fn coord1(&self, c: &[u8; 24]) -> usize {
        let mut mask = 0u32;
        for (i, &col) in c.iter().enumerate() {
            if on_axis(Face::ALL[col as usize], 0) {
                mask |= 1 << i;
            }
        }
        rank(mask) as usize
    }

    /// Phase 2's coordinate: the rank of the side places holding R or L, the rank of the
    /// U and D places holding U, and the wings' parity.
    pub fn coord2(&self, c: &[u8; 24], odd: bool) -> usize {
        let mut mask = 0u32;
        for (k, &i) in self.side.iter().enumerate() {
            if on_axis(Face::ALL[c[i as usize] as usize], 1) {
                mask |= 1 << k;
            }
        }
        let mut up = 0u32;
        for (k, &i) in self.axis[0].iter().enumerate() {
            if c[i as usize] as usize == Face::U.index() {
                up |= 1 << k;
            }
        }
        (rank(mask) as usize * 70 + rank(up) as usize) * 2 + usize::from(odd)
    }

    /// Phase 3's coordinate `v` after turn `t`.
    pub fn next3(&self, v: usize, t: usize) -> usize {
        let digits = [v / 4900, v / 70 % 70, v % 70];
        digits
            .iter()
            .zip(&self.axis_perm[t])
            .fold(0, |out, (&d, perm)| {
                let mask = unrank(d as u32, 4, 8);
                out * 70 + rank(move_mask(mask, perm)) as usize
            })
    }

    /// Phase 3's coordinate: each axis's places holding its first colour, ranked, as one
    /// number in base 70.
    pub fn coord3(&self, c: &[u8; 24]) -> usize {
        let mut out = 0;
        for (places, face) in self.axis.iter().zip(AXIS_FACES) {
            let mut mask = 0u32;
            for (k, &i) in places.iter().enumerate() {
                if c[i as usize] as usize == face.index() {
                    mask |= 1 << k;
                }
            }
            out = out * 70 + rank(mask) as usize;
        }
        out
    }
}

/// The pruning tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tables {
    /// Phase 1's, by [`Phases::coord1`].
    pub t1: Vec<u8>,
    /// Phase 2's, by [`Phases::coord2`].
    pub t2: Vec<u8>,
    /// Phase 3's, by [`Phases::coord3`].
    pub t3: Vec<u8>,
    /// The last phase's centres, by [`Phases::coord3`] twice and the parity bit of
    /// [`G3::flip`].
    pub t4: Vec<u8>,
    /// The last phase's pairing table.
    pub edges: edge3::Table,
}

/// The byte tables' sizes: entries of each.
pub(crate) const SIZES: [usize; 4] = [735_471, 12_870 * 70 * 2, 70 * 70 * 70, 70 * 70 * 70 * 2];

/// Breadth-first from `goals` over `size` values, `next(v, t)` the value turn `t` makes of
/// `v`; `tell(done)` hears how many values are placed. Ctrl-C stops it (every 65,536 values).
fn bfs(
    size: usize,
    goals: &[usize],
    turns: &[usize],
    next: &dyn Fn(usize, usize) -> usize,
    tell: &mut dyn FnMut(u64),
) -> Result<Vec<u8>, Cancelled> {
    let mut t = vec![UNREACHED; size];
    for &g in goals {
        t[g] = 0;
    }
    let mut done = goals.len() as u64;
    let mut depth = 0u8;
    loop {
        let mut grew = false;
        for v in 0..size {
            if v % 65_536 == 0 {
                crate::base::cancel::check()?;
            }
            if t[v] != depth {
                continue;
            }
            for &m in turns {
                let w = next(v, m);
                if t[w] == UNREACHED {
                    t[w] = depth + 1;
                    done += 1;
                    grew = true;
                }
            }
        }
        tell(done);
        if !grew {
            return Ok(t);
        }
        depth += 1;
    }
}

/// The value a turn makes of a value of a phase's coordinate: `next(value, turn)`.
pub(crate) type Next<'a> = Box<dyn Fn(usize, usize) -> usize + 'a>;

/// Each value's neighbours in the phase's coordinate.
pub(crate) fn neighbours<'a>(
    phases: &'a Phases,
    moves: &'a Moves,
    which: usize,
) -> (Vec<usize>, Next<'a>) {
    match which {
        0 => (
            phases.turns1.clone(),
            Box::new(move |v, t| {
                rank(move_mask(unrank(v as u32, 8, 24), &moves.centre[t])) as usize
            }),
        ),
        1 => (
            phases.turns2.clone(),
            Box::new(move |v, t| {
                let odd = (v % 2 == 1) ^ moves.wing_odd[t];
                let mask = phases.side_next[v / 140][t] as usize;
                let up = phases.up_next[v / 2 % 70][t] as usize;
                (mask * 70 + up) * 2 + usize::from(odd)
            }),
        ),
        2 => (
            phases.turns3.clone(),
            Box::new(move |v, t| phases.next3(v, t)),
        ),
        _ => (
            (0..phases.g3.turns.len()).collect(),
            Box::new(move |v, i| {
                let bit = (v % 2 == 1) ^ phases.g3.flip[i];
                phases.next3(v / 2, phases.g3.turns[i]) * 2 + usize::from(bit)
            }),
        ),
    }
}

/// Each table's goal values: the solved cube's coordinate; phase 2's, every arrangement of
/// the U and D stickers on U and D from which G3 can bring them home (by `t4`, the last
/// phase's centre table), the R and L stickers on R and L and the wings' parity even.
pub(crate) fn goals(phases: &Phases, moves: &Moves, t4: &[u8]) -> [Vec<usize>; 4] {
    let solved = moves.centre_face.map(|f| f.index() as u8);
    let rl = phases.coord2(&solved, false) / 140;
    let second = (0..70)
        .filter(|&up| {
            t4.len() == SIZES[3]
                && (0..70 * 70 * 2).any(|rest| t4[up * 70 * 70 * 2 + rest] != UNREACHED)
        })
        .map(|up| (rl * 70 + up) * 2)
        .collect();
    [
        vec![phases.coord1(&solved)],
        second,
        vec![phases.coord3(&solved)],
        vec![phases.coord3(&solved) * 2],
    ]
}

impl Tables {
    /// Builds the tables; `progress` hears how many entries of all of them are done. Ctrl-C
    /// ([`crate::base::cancel`]) stops it within a fraction of a second.
    pub fn build(
        moves: &Moves,
        phases: &Phases,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Tables, Cancelled> {
        Ok(Tables::build_counted(moves, phases, progress)?.0)
    }

    /// [`Tables::build`], with how many entries of the pairing table each distance holds.
    pub fn build_counted(
        moves: &Moves,
        phases: &Phases,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(Tables, Vec<u64>), Cancelled> {
        let total = SIZES.iter().sum::<usize>() as u64 + phases.coord.size() as u64;
        let mut before = 0u64;
        let mut out = vec![Vec::new(); 4];
        // The last phase's centre table first: phase 2's goals are read from it.
        for which in [3, 0, 2, 1] {
            let goals = goals(phases, moves, &out[3]);
            let (turns, next) = neighbours(phases, moves, which);
            let t = bfs(SIZES[which], &goals[which], &turns, &*next, &mut |d| {
                progress(before + d, total)
            })?;
            before += SIZES[which] as u64;
            out[which] = t;
        }
        let (edges, levels) = edge3::Table::build_counted(&phases.g3, &phases.coord, &mut |d| {
            progress(before + d, total)
        })?;
        progress(total, total);
        let mut out = out.into_iter();
        let mut take = || out.next().expect("four byte tables");
        let tables = Tables {
            t1: take(),
            t2: take(),
            t3: take(),
            t4: take(),
            edges,
        };
        Ok((tables, levels))
    }

    /// The byte tables in order.
    pub fn all(&self) -> [&[u8]; 4] {
        [&self.t1, &self.t2, &self.t3, &self.t4]
    }
}
