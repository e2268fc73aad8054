//! The edges paired once the centres are solved, a few at a time, each time by the shortest
//! conjugate `W X W'` found that pairs more of them: `W` a wide turn, which moves four
//! faces' centre rows aside, and `X` outer turns that leave each of those faces turned as far
//! as it was (its centre then returns whole with `W'`). The wings' permutation is even
//! before (the centre phases make it so) and every such turn keeps it even, so the last two
//! edges pair too.

use crate::solve::SolveError;
use crate::solve::search::four::moves::{Moves, permute};
use crate::turn::face::Face;

/// The longest `X` tried.
const MAX_INNER: usize = 4;

/// The length of `X` past which the search stops once it has found a conjugate that pairs
/// an edge: below it, a longer conjugate that pairs more for its length is still looked for.
const STOP_AFTER: usize = 3;

/// Whether pairing `gain` edges in `cost` turns is better than `best`: more edges for the
/// length, or as many for fewer turns.
fn better(gain: i32, cost: i32, best: &Best) -> bool {
    let best_cost = best.turns.len() as i32;
    gain > 0 && (best.gain <= 0 || gain * best_cost > best.gain * cost)
}

/// The best conjugate found so far: its turns and how many edges it pairs.
#[derive(Default)]
struct Best {
    turns: Vec<usize>,
    gain: i32,
}

struct Search<'a> {
    moves: &'a Moves,
    /// The outer turns.
    outer: Vec<usize>,
    /// The wide turn `W` tried and its inverse.
    wide: usize,
    wide_inverse: usize,
    /// Which faces `W` moves centre rows onto (they must end unturned).
    moved: [bool; 6],
    /// Edges paired before.
    before: i32,
    path: Vec<usize>,
    best: Best,
    nodes: u64,
}

fn face_index(f: Face) -> usize {
    f.index()
}

impl Search<'_> {
    fn dfs(
        &mut self,
        wings: &[u8; 48],
        turned: [u8; 6],
        left: usize,
        last: Option<usize>,
    ) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 14) {
            crate::base::cancel::check()?;
        }
        let unturned = (0..6).filter(|&f| self.moved[f] && turned[f] != 0).count();
        if left == 0 {
            if unturned == 0 {
                let after = permute(wings, &self.moves.wing[self.wide_inverse]);
                let gain = self.moves.paired(&after) as i32 - self.before;
                let cost = self.path.len() as i32 + 2;
                if better(gain, cost, &self.best) {
                    let mut turns = vec![self.wide];
                    turns.extend_from_slice(&self.path);
                    turns.push(self.wide_inverse);
                    self.best = Best { turns, gain };
                }
            }
            return Ok(());
        }
        if unturned > left {
            return Ok(());
        }
        for i in 0..self.outer.len() {
            let t = self.outer[i];
            let turn = self.moves.turns[t];
            if let Some(l) = last {
                let (a, b) = self.moves.turns[l].block();
                let (a2, b2) = turn.block();
                if a == a2 && b2 <= b {
                    continue;
                }
            }
            let mut next = turned;
            let f = face_index(turn.face);
            next[f] = (next[f] + turn.quarters) % 4;
            let w = permute(wings, &self.moves.wing[t]);
            self.path.push(t);
            self.dfs(&w, next, left - 1, Some(t))?;
            self.path.pop();
        }
        Ok(())
    }
}

/// The turns (indices into [`Moves::turns`]) that pair every edge of `wings` (the colours at
/// the wing places), the centres being solved and the wings' permutation even.
pub(crate) fn solve(moves: &Moves, mut wings: [u8; 48]) -> Result<Vec<usize>, SolveError> {
    let outer: Vec<usize> = (0..36).filter(|&t| !moves.turns[t].wide).collect();
    let wides: Vec<usize> = (0..36).filter(|&t| moves.turns[t].wide).collect();
    let mut made = Vec::new();
    while moves.paired(&wings) < 12 {
        let before = moves.paired(&wings) as i32;
        let mut best = Best::default();
        for inner in 1..=MAX_INNER {
            for &wide in &wides {
                let turn = moves.turns[wide];
                let inverse = moves.index(crate::solve::search::four::moves::Turn {
                    quarters: 4 - turn.quarters,
                    ..turn
                });
                let axis = turn.face;
                let moved = Face::ALL.map(|f| f != axis && f != axis.opposite());
                let mut search = Search {
                    moves,
                    outer: outer.clone(),
                    wide,
                    wide_inverse: inverse,
                    moved,
                    before,
                    path: Vec::new(),
                    best: std::mem::take(&mut best),
                    nodes: 0,
                };
                let w = permute(&wings, &moves.wing[wide]);
                search.dfs(&w, [0; 6], inner, None)?;
                best = search.best;
            }
            if best.gain > 0 && inner >= STOP_AFTER {
                break;
            }
        }
        if best.gain <= 0 {
            best = catalogue(moves, &wings, before)?;
        }
        if best.gain <= 0 {
            return Err(SolveError::Unreachable(
                "edges that no short conjugate pairs",
            ));
        }
        for &t in &best.turns {
            wings = permute(&wings, &moves.wing[t]);
        }
        made.extend(best.turns);
    }
    Ok(made)
}

/// The longer `X`s the short search misses — `R U R' F R' F' R`, which flips an edge
/// between two wide turns, and `R F' U R' F`, which swaps two wings of the last two edges —
/// and their inverses, as (face, quarters).
const CATALOGUE: [&[(Face, u8)]; 4] = [
    &[
        (Face::R, 1),
        (Face::U, 1),
        (Face::R, 3),
        (Face::F, 1),
        (Face::R, 3),
        (Face::F, 3),
        (Face::R, 1),
    ],
    &[
        (Face::R, 3),
        (Face::F, 1),
        (Face::R, 1),
        (Face::F, 3),
        (Face::R, 1),
        (Face::U, 3),
        (Face::R, 3),
    ],
    &[
        (Face::R, 1),
        (Face::F, 3),
        (Face::U, 1),
        (Face::R, 3),
        (Face::F, 1),
    ],
    &[
        (Face::F, 3),
        (Face::R, 1),
        (Face::U, 3),
        (Face::F, 1),
        (Face::R, 3),
    ],
];

/// The 24 rotations of the cube as maps of faces (by [`Face::index`]).
fn rotations() -> Vec<[Face; 6]> {
    let cross = crate::solve::search::reduction::model::cross;
    let by_normal = |v: [i32; 3]| {
        *Face::ALL
            .iter()
            .find(|f| f.normal() == v)
            .expect("a face's normal")
    };
    let sign = if cross(Face::U.normal(), Face::F.normal()) == Face::R.normal() {
        1
    } else {
        -1
    };
    let mut out = Vec::with_capacity(24);
    for u in Face::ALL {
        for f in Face::ALL {
            if f == u || f == u.opposite() {
                continue;
            }
            let r = by_normal(cross(u.normal(), f.normal()).map(|x| x * sign));
            let mut map = [Face::U; 6];
            map[Face::U.index()] = u;
            map[Face::D.index()] = u.opposite();
            map[Face::F.index()] = f;
            map[Face::B.index()] = f.opposite();
            map[Face::R.index()] = r;
            map[Face::L.index()] = r.opposite();
            out.push(map);
        }
    }
    out
}

/// When no short conjugate pairs an edge: the shortest of outer setup turns (none, one or
/// two), then a wide turn `W`, then a [`CATALOGUE`] sequence turned any way that keeps
/// `W`'s faces, then `W'`, that pairs more edges.
fn catalogue(moves: &Moves, wings: &[u8; 48], before: i32) -> Result<Best, SolveError> {
    let outer: Vec<usize> = (0..36).filter(|&t| !moves.turns[t].wide).collect();
    let wides: Vec<usize> = (0..36).filter(|&t| moves.turns[t].wide).collect();
    let mut setups: Vec<Vec<usize>> = vec![Vec::new()];
    setups.extend(outer.iter().map(|&t| vec![t]));
    for &a in &outer {
        for &b in &outer {
            if moves.turns[a].face != moves.turns[b].face {
                setups.push(vec![a, b]);
            }
        }
    }
    let mut inners: Vec<Vec<usize>> = Vec::new();
    for map in rotations() {
        for x in CATALOGUE {
            inners.push(
                x.iter()
                    .map(|&(f, q)| {
                        moves.index(crate::solve::search::four::moves::Turn {
                            face: map[f.index()],
                            wide: false,
                            quarters: q,
                        })
                    })
                    .collect(),
            );
        }
    }
    let mut best = Best::default();
    for setup in &setups {
        crate::base::cancel::check()?;
        let w0 = setup
            .iter()
            .fold(*wings, |w, &t| permute(&w, &moves.wing[t]));
        for &wide in &wides {
            let turn = moves.turns[wide];
            let inverse = moves.index(crate::solve::search::four::moves::Turn {
                quarters: 4 - turn.quarters,
                ..turn
            });
            let w1 = permute(&w0, &moves.wing[wide]);
            for inner in &inners {
                let mut turned = [0u8; 6];
                for &t in inner {
                    let f = moves.turns[t].face;
                    turned[f.index()] = (turned[f.index()] + moves.turns[t].quarters) % 4;
                }
                let keeps = Face::ALL.iter().all(|&f| {
                    f == turn.face || f == turn.face.opposite() || turned[f.index()] == 0
                });
                if !keeps {
                    continue;
                }
                let w2 = inner.iter().fold(w1, |w, &t| permute(&w, &moves.wing[t]));
                let after = permute(&w2, &moves.wing[inverse]);
                let gain = moves.paired(&after) as i32 - before;
                let cost = setup.len() + inner.len() + 2;
                if better(gain, cost as i32, &best) {
                    let mut turns = setup.clone();
                    turns.push(wide);
                    turns.extend_from_slice(inner);
                    turns.push(inverse);
                    best = Best { turns, gain };
                }
            }
        }
        if best.gain > 0 && !setup.is_empty() {
            break;
        }
    }
    Ok(best)
}
