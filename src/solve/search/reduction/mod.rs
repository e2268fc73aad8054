//! The 4×4×4 to 9×9×9 by reduction: the centres, then the wings, then the 3×3×3 they make,
//! solved by the two-phase solver.
//!
//! - **Parity first.** Three-cycles keep a permutation's parity, so what they cannot fix is
//!   fixed before they start: on every size a quarter-turn of an inner layer makes each wing
//!   orbit's permutation even against its target (so that no OLL parity is left).
//! - **Centres.** The centre stickers (on odd sizes the six fixed centres, turned home first
//!   with the whole cube, are in no orbit) are built greedily (`centres.rs`): each step the
//!   short sequence of layer blocks and outer turns, or the three-cycle of one orbit (a
//!   commutator conjugated by a setup, `cycles.rs`), that brings the most stickers home for
//!   its length. On the 5×5×5 they are built by stages instead (`staged.rs`): U and D's
//!   stickers onto U and D, then R and L's with the wings' parity put back, then every face:
//!   the first a beam search over per-orbit tables finished greedily, the other two searched
//!   by IDA* to their shortest answers. On the 6×6×6 to 9×9×9
//!   a beam over the greedy's steps (`centres.rs`) keeps the few states that have brought
//!   the most stickers home for their length, each grown by its best few steps; on the
//!   6×6×6 to 8×8×8 the centres are also built as a 5×5×5's (`grouped.rs`: blocks of stickers
//!   that grouped layers turn together made one colour, then the 5×5×5's stages on the
//!   groups), on the 6×6×6 to 9×9×9 from the inside out (`inner.rs`: the inner 3×3s, or 2×2s,
//!   as a 5×5×5's or 4×4×4's centres on grouped layers, then each outer ring as a 5×5×5's —
//!   its bars made one colour, then the 5×5×5's stages — or, should that not finish, by the
//!   beam, what is solved kept), and the shortest kept (the 7×7×7's and 9×9×9's from the
//!   inside out alone, the beam the fallback).
//! - **Edges.** Paired by slice-flip-slice (`pairing.rs`): each step the conjugate `P W X W'`
//!   (a block `W` with an inner layer, `X` an outer turn conjugated by another, which keeps
//!   the centres; `P` an outer setup turn, tried only when no `W X W'` alone pairs more)
//!   that pairs the most for its length, with further `X`s while `W` is turned; the steps
//!   are searched by a beam (`edge_beam.rs`), each state trying its few best. On the 6×6×6
//!   to 9×9×9 the wing orbits are paired one at a time from the middle out instead, each as
//!   a 5×5×5's wings (the innermost on the even sizes as a 4×4×4's, its beam wider) by
//!   that beam on the 5×5×5 the grouped layers make (`big_edges.rs`), each stage's three
//!   shortest ends carried to the next; on the 7×7×7 the big cube's own beam too, the
//!   shorter kept.
//!   Three-cycles finish each orbit of 24 wings: on the odd sizes to the places the middle
//!   edges say, on the even sizes to the edges the pairing chose (`pairing.rs`'s `even_target`),
//!   after which `r2 U2 r2 Uw2 r2 Uw2` makes the edges' permutation as even as the corners'
//!   if it is not (PLL parity).
//! - **The 3×3×3.** Corners, paired edges and solved centres are a 3×3×3, solved by the
//!   two-phase solver with outer turns only, which keep centres and pairs whole.
//!
//! Every run of turns about one axis is merged and written in WCA notation ([`write`]).

pub(crate) mod big_edges;
pub(crate) mod centres;
pub(crate) mod coherence;
pub(crate) mod cycles;
pub(crate) mod edge_beam;
pub(crate) mod grouped;
pub(crate) mod inner;
pub(crate) mod model;
pub(crate) mod pairing;
pub(crate) mod places;
pub(crate) mod plan;
pub mod random;
pub(crate) mod staged;
pub(crate) mod write;

use crate::solve::SolveError;
use crate::solve::model::cubie::CubieCube;
use crate::solve::search::reduction::cycles::{SizeTables, tables};
use crate::solve::search::reduction::model::{LayerMove, Model};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;
use crate::turn::moves::{FaceMove, Move, PaperAxis};

/// The sizes the reduction solves.
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=9;

/// Why the reduction could not solve a cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReductionError {
    /// A size it does not solve.
    #[error("the reduction solver takes a 4×4×4 to 9×9×9, not a {0}×{0}×{0}")]
    Size(usize),
    /// Stickers no turns can reach from solved.
    #[error("no turns reach this {n}×{n}×{n}: {reason}")]
    Impossible {
        /// The size.
        n: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A reduction's answer: the moves, the whole-cube turn they start with (odd sizes, to bring
/// the fixed centres home) and how many moves each stage took before merging.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    /// The moves from the cube as given to solved, the whole-cube turn first.
    pub moves: Vec<Move>,
    /// The whole-cube turn at the start (empty if none).
    pub rotation: Vec<Move>,
    /// Single-layer turns each stage made, in order: parity (OLL and PLL), centres, edges,
    /// 3×3×3.
    pub stages: [usize; 4],
    /// The moves from the cube as given to a reduced 3×3×3 (every centre home, every edge
    /// paired, no parity left): the whole-cube turn first, then every stage before the
    /// 3×3×3's own, merged and written on their own. Their length is what dwalton76's
    /// solver's published counts measure.
    pub reduction: Vec<Move>,
}

/// Where a sticker is, in words: `U row 2 column 3`.
fn place(n: usize, i: usize) -> String {
    let g = Geometry::of(n);
    let per = n * n;
    format!(
        "{} row {} column {}",
        g.face_of(i),
        (i % per) / n + 1,
        i % n + 1
    )
}

/// The solving state: the stickers and the turns made so far.
#[derive(Clone)]
pub(crate) struct Work<'a> {
    tables: &'a SizeTables,
    stickers: Vec<Face>,
    made: Vec<LayerMove>,
}

impl<'a> Work<'a> {
    /// The same stickers with no turns made: a search's start from this state.
    fn restarted(&self) -> Work<'a> {
        Work {
            tables: self.tables,
            stickers: self.stickers.clone(),
            made: Vec::new(),
        }
    }

    fn model(&self) -> &Model {
        &self.tables.model
    }

    /// Whether every centre sticker is home.
    fn centres_home(&self) -> bool {
        let g = Geometry::of(self.model().n);
        self.model()
            .centre_orbits
            .iter()
            .flatten()
            .all(|&i| self.stickers[i] == g.face_of(i))
    }

    fn make(&mut self, moves: &[LayerMove]) {
        for &m in moves {
            self.tables.model.apply(&mut self.stickers, m);
        }
        self.made.extend_from_slice(moves);
    }

    fn impossible(&self, reason: String) -> SolveError {
        SolveError::Reduction(ReductionError::Impossible {
            n: self.model().n,
            reason,
        })
    }

    /// The 3×3×3 the reduced cube is: its corners, its middle (or any) edge stickers and its
    /// centres.
    fn small(&self) -> Result<Cube, SolveError> {
        let n = self.model().n;
        let mid = if !n.is_multiple_of(2) { n / 2 } else { 1 };
        let g = Geometry::of(n);
        let mut small = Vec::with_capacity(54);
        for face in Face::ALL {
            for r in [0, mid, n - 1] {
                for c in [0, mid, n - 1] {
                    small.push(self.stickers[g.index(face, r, c)]);
                }
            }
        }
        Cube::from_stickers(3, small).map_err(|e| self.impossible(e.to_string()))
    }

    /// The 3×3×3 the reduced cube is — its corners, its middle (or any) edge stickers and its
    /// centres — solved by `three` with outer turns, which keep centres and pairs whole.
    /// Returns the single-layer turns made.
    fn three_by_three(
        &mut self,
        three: &dyn Fn(&CubieCube) -> Result<Vec<FaceMove>, SolveError>,
    ) -> Result<usize, SolveError> {
        let n = self.model().n;
        let small = self.small()?;
        let (state, turned) = CubieCube::from_cube(&small)?;
        if !turned.is_empty() {
            return Err(SolveError::Unreachable(
                "a reduced cube with its centres home",
            ));
        }
        let last = LayerMove::of_face_moves(n, &three(&state)?, "an outer turn on a big cube")?;
        self.make(&last);
        Ok(last.len())
    }

    /// Each wing's identity (the home place of the wing now there, in its orbit) and the
    /// identity each place should hold: the wing whose colours `target` shows there if it is
    /// given, else its own on even sizes, on odd sizes the wing that matches the middle edge
    /// beside it.
    fn wings(&self, o: usize, target: Option<&[Face]>) -> Result<(Vec<u8>, Vec<u8>), SolveError> {
        let model = self.model();
        let n = model.n;
        let g = Geometry::of(n);
        let slots = &model.wing_orbits[o];
        let mut have = Vec::with_capacity(24);
        let mut want = Vec::with_capacity(24);
        for (s, &slot) in slots.iter().enumerate() {
            let colours = slot.map(|i| self.stickers[i]);
            match model.wing_home(slot, colours[0], colours[1]) {
                Some((oo, home)) if oo == o => have.push(home as u8),
                _ => {
                    return Err(self.impossible(format!(
                        "the edge piece at {} shows {}{}, which no edge piece has",
                        place(n, slot[0]),
                        colours[0],
                        colours[1]
                    )));
                }
            }
            if let Some(target) = target {
                match model.wing_home(slot, target[slot[0]], target[slot[1]]) {
                    Some((oo, home)) if oo == o => want.push(home as u8),
                    _ => return Err(SolveError::Unreachable("a target of real edges")),
                }
            } else if n.is_multiple_of(2) {
                want.push(s as u8);
            } else {
                let cubie = g
                    .cubie_of(slot[0])
                    .map(|v| if v.abs() == n as i32 - 1 { v } else { 0 });
                let midge = slot.map(|i| {
                    g.sticker_of(cubie, g.face_of(i))
                        .map_or(Face::U, |m| self.stickers[m])
                });
                match model.wing_home(slot, midge[0], midge[1]) {
                    Some((oo, home)) if oo == o => want.push(home as u8),
                    _ => {
                        return Err(self.impossible(format!(
                            "the middle edge beside {} shows {}{}, which no edge has",
                            place(n, slot[0]),
                            midge[0],
                            midge[1]
                        )));
                    }
                }
            }
        }
        for (what, ids) in [("edge piece", &have), ("middle edge", &want)] {
            let mut seen = [false; 24];
            for (s, &id) in ids.iter().enumerate() {
                if std::mem::replace(&mut seen[id as usize], true) {
                    return Err(self.impossible(format!(
                        "the {what} at {} is there twice",
                        place(n, slots[s][0])
                    )));
                }
            }
        }
        Ok((have, want))
    }
}

/// On an even size, `r2 U2 r2 Uw2 r2 Uw2` (`r` the inner layers of the right half, `Uw` the
/// upper half): the centres kept, the edges kept paired and their permutation made odd
/// against the corners' (which it turns evenly), so that the 3×3×3 has no PLL parity.
pub(crate) fn pll_parity(n: usize) -> Vec<LayerMove> {
    let half = |axis, layers: std::ops::RangeInclusive<usize>| {
        layers
            .map(|layer| LayerMove {
                axis,
                layer,
                quarters: 2,
            })
            .collect::<Vec<_>>()
    };
    let r = half(PaperAxis::X, n - n / 2..=n - 2);
    let u = half(PaperAxis::Z, 0..=0);
    let uw = half(PaperAxis::Z, 0..=n / 2 - 1);
    [&r[..], &u, &r, &uw, &r, &uw].concat()
}

/// Whether the permutation taking `have` to `want` (both bijections onto 0..24) is odd.
fn odd(have: &[u8], want: &[u8]) -> bool {
    let mut pos = [0usize; 24];
    for (s, &id) in want.iter().enumerate() {
        pos[id as usize] = s;
    }
    let perm: Vec<u8> = have.iter().map(|&id| pos[id as usize] as u8).collect();
    crate::state::pieces::is_odd(&perm)
}

/// Solves one orbit by three-cycles: `have` and `want` as in [`best_cycle`].
fn solve_orbit(
    work: &mut Work<'_>,
    o: usize,
    have: &mut [u8],
    want: &[u8],
) -> Result<(), SolveError> {
    let tables = work.tables;
    while let Some(((q, p, r), _, _)) = centres::best_cycle(&tables.cycles[o], have, want) {
        crate::base::cancel::check()?;
        work.make(&tables.cycle(o, q, p, r));
        let (hq, hp, hr) = (have[q], have[p], have[r]);
        have[p] = hq;
        have[r] = hp;
        have[q] = hr;
    }
    if have != want {
        return Err(SolveError::Unreachable(
            "an orbit three-cycles cannot finish",
        ));
    }
    Ok(())
}

/// The edge stage: every edge paired by slice-flip-slice, the pairing searched by a beam
/// (`edge_beam.rs`), each wing orbit finished by three-cycles; on the 6×6×6 to 9×9×9 also
/// orbit by orbit as a smaller cube's (`big_edges.rs`), the shorter kept.
pub(crate) fn edges(work: &mut Work<'_>, four: Option<&FourStage<'_>>) -> Result<(), SolveError> {
    if big_edges::SIZES.contains(&work.model().n) {
        return big_edges::edges(work, four);
    }
    let beam = edge_beam::Beam::of(work.model().n);
    edge_beam::pair(work, &beam).map(|_| ())
}

/// The centres, then the edges. On the 5×5×5, of several centre answers (stage 1's beam's
/// ends, the least length in each searched stage: `staged/several.rs`), each one's edges
/// paired by a narrow beam ([`edge_beam::SCREEN`]), the [`edge_beam::SCREENED`] shortest so
/// far paired by the full beam, and the one whose centres and edges are shortest together
/// as written (after the turns made before them) kept. On the 6×6×6 the same, of the class
/// steps' several answers (`staged/classes.rs`, the shortest of steps 5 and 6), every one's
/// edges paired whole. Returns the single-layer turns the centres made.
fn centres_and_edges<'a>(
    work: &mut Work<'a>,
    four: Option<&FourStage<'_>>,
) -> Result<usize, SolveError> {
    let n = work.model().n;
    let from = work.made.len();
    let ways = if staged::SIZES.contains(&n) {
        staged::several::several(work)?
    } else if n == staged::classes::N {
        staged::classes::classes().several(work)?
    } else {
        Vec::new()
    };
    let after = |moves: &[LayerMove]| {
        let mut w = work.clone();
        w.make(moves);
        w
    };
    let length = |w: &Work<'_>| write::write(n, &write::merge(n, &w.made)).len();
    let mut ways: Vec<(usize, Vec<LayerMove>)> = ways.into_iter().map(|m| (0, m)).collect();
    if staged::SIZES.contains(&n) && ways.len() > edge_beam::SCREENED {
        for (l, moves) in &mut ways {
            let mut w = after(moves);
            edge_beam::pair(&mut w, &edge_beam::SCREEN)?;
            *l = length(&w);
        }
        ways.sort_by_key(|(l, _)| *l);
        ways.truncate(edge_beam::SCREENED);
    }
    let mut best: Option<(usize, usize, Work<'a>)> = None;
    for (_, moves) in ways {
        let mut w = after(&moves);
        edges(&mut w, four)?;
        let l = length(&w);
        if best.as_ref().is_none_or(|(b, _, _)| l < *b) {
            best = Some((l, moves.len(), w));
        }
    }
    if let Some((_, centres, w)) = best {
        *work = w;
        return Ok(centres);
    }
    staged::centres(work)?;
    let centres = work.made.len() - from;
    edges(work, four)?;
    Ok(centres)
}

/// Each wing orbit, once the pairing has paired what it can, finished by three-cycles: on
/// the odd sizes to the places the middle edges say, on the even sizes to the edges the
/// pairing chose. Returns how many wings were not yet in their places.
pub(crate) fn finish_edges(work: &mut Work<'_>) -> Result<usize, SolveError> {
    let n = work.model().n;
    let target = n.is_multiple_of(2).then(|| {
        let odd_against = |target: &[Face]| {
            work.wings(0, Some(target))
                .is_ok_and(|(have, want)| odd(&have, &want))
        };
        pairing::even_target(pairing::pairing(n), &work.stickers, &odd_against)
    });
    let centres = work.model().centre_orbits.len();
    let mut left = 0;
    for o in 0..work.model().wing_orbits.len() {
        let (mut have, want) = work.wings(o, target.as_deref())?;
        left += have.iter().zip(&want).filter(|(h, w)| h != w).count();
        solve_orbit(work, centres + o, &mut have, &want)?;
    }
    Ok(left)
}

/// Parity: every wing orbit made even against its target, by a quarter-turn of one inner
/// layer for each orbit that is odd.
pub(crate) fn oll_parity(work: &mut Work<'_>) -> Result<(), SolveError> {
    for o in 0..work.model().wing_orbits.len() {
        let (have, want) = work.wings(o, None)?;
        if odd(&have, &want) {
            let layer = work.model().wing_layer(o);
            work.make(&[LayerMove {
                axis: PaperAxis::X,
                layer,
                quarters: 1,
            }]);
        }
    }
    Ok(())
}

/// Solves `cube` (4×4×4 to 9×9×9) by reduction, the 3×3×3 at the end by `three`, which
/// returns outer face turns that solve a 3×3×3 state.
pub fn solve(
    cube: &Cube,
    three: &dyn Fn(&CubieCube) -> Result<Vec<FaceMove>, SolveError>,
) -> Result<Reduced, SolveError> {
    solve_with(cube, three, None)
}

/// The even sizes' innermost wing orbit paired on the 4×4×4 their grouped layers show
/// (`big_edges.rs`): the 4×4×4's stickers in, its reductions out, each as its single-layer
/// turns (the 4×4×4 solver's searched phases: `four::reductions`).
pub(crate) type FourStage<'a> = dyn Fn(&[Face]) -> Result<Vec<Vec<LayerMove>>, SolveError> + 'a;

/// [`solve`], with a [`FourStage`] where the 4×4×4 solver's tables are at hand: the even
/// sizes from the 6×6×6 then pair their innermost wing orbit by it as well as by their beam,
/// the shorter kept.
pub(crate) fn solve_with(
    cube: &Cube,
    three: &dyn Fn(&CubieCube) -> Result<Vec<FaceMove>, SolveError>,
    four: Option<&FourStage<'_>>,
) -> Result<Reduced, SolveError> {
    let n = cube.size();
    if !SIZES.contains(&n) {
        return Err(ReductionError::Size(n).into());
    }
    // Odd sizes: the fixed centres home first.
    let (cube, rotation) = if !n.is_multiple_of(2) {
        let home = |c: &Cube| Face::ALL.iter().all(|&f| c.centre(f) == Some(f));
        crate::state::pieces::rotate_until(cube, home).ok_or(SolveError::Unreachable(
            "the centres of a checked facelet string always turn home",
        ))?
    } else {
        (cube.clone(), Vec::new())
    };
    let tables = tables(n);
    let mut work = Work {
        tables,
        stickers: cube.stickers().to_vec(),
        made: Vec::new(),
    };
    let model = &tables.model;
    // Every centre orbit holds four of each colour.
    for orbit in &model.centre_orbits {
        for face in Face::ALL {
            let count = orbit.iter().filter(|&&i| work.stickers[i] == face).count();
            if count != 4 {
                return Err(work.impossible(format!(
                    "the 24 centre stickers that turn with {} hold {count} of {face}, not 4",
                    place(n, orbit[0])
                )));
            }
        }
    }
    crate::state::pieces::read_corners(&cube)?;
    let mut stages = [0; 4];
    oll_parity(&mut work)?;
    let parity = work.made.len();
    // Centres, which keep the wings' parity, then edges.
    stages[1] = centres_and_edges(&mut work, four)?;
    stages[0] = parity;
    stages[2] = work.made.len() - parity - stages[1];
    // Even sizes: the corners' permutation as even as the edges', by swapping two edges.
    if n.is_multiple_of(2) {
        let small = work.small()?;
        let corners = crate::state::pieces::read_corners(&small)?;
        let edges = crate::state::pieces::read_edges(&small)?;
        if crate::state::pieces::is_odd(&corners.perm) != crate::state::pieces::is_odd(&edges.perm)
        {
            let swap = pll_parity(n);
            work.make(&swap);
            stages[0] += swap.len();
        }
    }
    let mut reduction = rotation.clone();
    reduction.extend(write::write(n, &write::merge(n, &work.made)));
    stages[3] = work.three_by_three(three)?;
    let merged = write::merge(n, &work.made);
    let mut moves = rotation.clone();
    moves.extend(write::write(n, &merged));
    Ok(Reduced {
        moves,
        rotation,
        stages,
        reduction,
    })
}

#[cfg(test)]
pub(crate) mod tests;
