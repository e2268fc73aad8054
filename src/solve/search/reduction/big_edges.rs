//! The 6×6×6 to 9×9×9's edges paired orbit by orbit, each time as a smaller cube's. With the
//! centres solved, the layers are grouped as a 5×5×5's five: the outer face alone, the
//! layers `1..=j` (with the orbit of wings `j` to pair at their inner end), every layer
//! between them and their mirror as the middle, the mirror group, the other face alone.
//! Grouped so, the big cube turns exactly as a 5×5×5 whose stickers are the groups' blocks:
//! its wings the blocks holding the orbit `j`'s wings (and the outer orbits' beside them,
//! which ride along), its middle edges the blocks of every edge place between them —
//! the middle edges and the inner orbits, already paired — and its centres blocks of big
//! centres, all home. So the 5×5×5's edge stage (the beam over slice-flip-slice and the
//! three-cycles, `edge_beam.rs`) on the 5×5×5 the big cube shows, its turns made on the
//! groups, pairs orbit `j` with the middle and keeps every big centre home and every inner
//! pair whole. The outer faces must be groups of one layer: a group turning a face with the
//! layer next to it would carry centre stickers off their faces with the corners.
//!
//! On the odd sizes the orbits are paired from the middle out, one 5×5×5 stage each; on the
//! even sizes the innermost orbit first as a 4×4×4's wings (faces alone, the rest in two
//! halves), paired with each other to the target the 4×4×4's stage chooses
//! (`pairing.rs`'s `even_target`), then each further orbit as a 5×5×5's with those pairs as
//! the middle. A wing orbit's parity against its target is even at every stage: the edge
//! stage starts with every orbit even (`mod.rs`'s parity step, which the centres keep), and
//! slice-flip-slice and three-cycles keep every orbit's parity.
//!
//! The stages are searched by a beam across them ([`by_orbits`]): each stage's few shortest
//! ends (`edge_beam.rs`'s `ends`) go on to the next, not its shortest alone. On the 7×7×7
//! the solver pairs each state's edges both so and by the big cube's own beam
//! (`edge_beam.rs`) and keeps the shorter, as written after the turns before them.
//!
//! Each stage's beam also finishes by three-cycles every state with little pairing left
//! ([`EARLY`]), not only the states nothing pairs further; the 5×5×5 stages pair every wing
//! by slice-flip-slice all the same, and this shortens the 4×4×4 stage alone, whose beam
//! is twice as wide ([`BEAM_4`]).

use crate::solve::SolveError;
use crate::solve::search::reduction::cycles::tables;
use crate::solve::search::reduction::edge_beam::{self, Beam};
use crate::solve::search::reduction::inner::on_groups;
use crate::solve::search::reduction::pairing::pairing;
use crate::solve::search::reduction::{FourStage, Work, write};
use crate::state::geometry::Geometry;

/// The sizes whose edges are also paired orbit by orbit.
pub(crate) const SIZES: std::ops::RangeInclusive<usize> = 6..=9;

/// The sizes whose edges are paired by the big cube's beam as well, the shorter kept: on 20
/// random states a size (`the_edge_stage_lengths_orbit_by_orbit`) the beam was shorter on
/// the 7×7×7 alone (97.5 moves kept against 97.8 orbit by orbit), never on the 6×6×6,
/// 8×8×8 or 9×9×9.
const BEAM_TOO: [usize; 1] = [7];

/// The beam each smaller cube's stage searches with: the 5×5×5's.
pub(crate) const BEAM: Beam = Beam {
    width: 24,
    branch: 6,
    rate: 24,
};

/// The states the beam across the stages keeps ([`by_orbits`]): on 20 random states a size
/// (`the_edge_stage_lengths_orbit_by_orbit`) 3 made the 6×6×6 to 9×9×9's edges 72.9, 96.3,
/// 122.1 and 146.3 moves against 74.2, 97.8, 124.8 and 148.6 with 1, in about 2 to 3
/// times as long (a 7×7×7's stage pairing two orbits at once, the two outer ones or the
/// 9×9×9's two inner, was longer: see `src/guide/solvers.md`).
pub(crate) const KEEP: usize = 3;

/// One stage: a smaller cube's edges on the big cube's grouped layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stage {
    /// The smaller cube's size (4 or 5).
    pub small: usize,
    /// Each big layer's small layer.
    pub groups: Vec<usize>,
    /// Each small layer's big layer that the small cube's stickers are read from.
    pub read: Vec<usize>,
}

/// The stages of size `n` (6 to 9), in order: the innermost orbit first.
pub(crate) fn stages(n: usize) -> Vec<Stage> {
    let mut out = Vec::new();
    let last = if n.is_multiple_of(2) {
        // The innermost orbit, `j`, as a 4×4×4's wings.
        let j = n / 2 - 1;
        out.push(Stage {
            small: 4,
            groups: (0..n)
                .map(|l| match l {
                    0 => 0,
                    _ if l <= j => 1,
                    _ if l < n - 1 => 2,
                    _ => 3,
                })
                .collect(),
            read: vec![0, j, j + 1, n - 1],
        });
        j - 1
    } else {
        (n - 3) / 2
    };
    for j in (1..=last).rev() {
        out.push(Stage {
            small: 5,
            groups: (0..n)
                .map(|l| match l {
                    0 => 0,
                    _ if l <= j => 1,
                    _ if l < n - 1 - j => 2,
                    _ if l < n - 1 => 3,
                    _ => 4,
                })
                .collect(),
            read: vec![0, j, n / 2, n - 1 - j, n - 1],
        });
    }
    out
}

/// The smaller cube `stage` sees on the big cube's `work`, with no turns made yet.
fn small_view(work: &Work<'_>, stage: &Stage) -> Work<'static> {
    let g = Geometry::of(work.model().n);
    let s = stage.small;
    let sg = Geometry::of(s);
    let stickers = (0..sg.sticker_count())
        .map(|i| {
            let (r, c) = ((i % (s * s)) / s, i % s);
            work.stickers[g.index(sg.face_of(i), stage.read[r], stage.read[c])]
        })
        .collect();
    Work {
        tables: tables(s),
        stickers,
        made: Vec::new(),
    }
}

/// Pairs `work`'s edges orbit by orbit ([`stages`]), by a beam across the stages: each of the
/// [`KEEP`] shortest states so far (as written, with the turns before them) paired by the
/// next stage in its [`KEEP`] shortest ways (`edge_beam.rs`'s `ends`), the [`KEEP`] shortest
/// of those kept. Whether every edge is then paired and every centre home; should no state
/// finish a stage (which a real cube's parity should not allow) `work` is left as it was and
/// the answer is `false`.
pub(crate) fn by_orbits(
    work: &mut Work<'_>,
    four: Option<&FourStage<'_>>,
) -> Result<bool, SolveError> {
    by_orbits_traced(work, &[BEAM, BEAM_4], KEEP, EARLY, four).map(|(done, _)| done)
}

/// The beam the even sizes' innermost stage, a 4×4×4's, searches with: twice the 5×5×5's
/// width (see `src/guide/solvers.md` for the figures).
pub(crate) const BEAM_4: Beam = Beam {
    width: 48,
    branch: 6,
    rate: 24,
};

/// How much pairing may be left for a stage's beam to try the three-cycles early as well
/// (`edge_beam.rs`'s `ends_early`).
pub(crate) const EARLY: u32 = 4;

/// What one stage of an answer made: its slice-flip-slice steps' turns and its
/// three-cycles', each written on the big cube on their own, and how many of the orbit's
/// wings the three-cycles put in their places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StageCost {
    /// The slice-flip-slice steps' moves.
    pub steps: usize,
    /// The three-cycles' moves.
    pub cycles: usize,
    /// The wings the three-cycles placed.
    pub left: usize,
}

/// [`by_orbits`] with each 5×5×5's stage searched by `beams[0]` and a 4×4×4's by `beams[1]`
/// (and by `four`, the 4×4×4's own searched phases, where given), `keep`
/// states kept from stage to stage, the three-cycles tried with `early` left ([`EARLY`]);
/// with what each stage of the answer kept made ([`StageCost`]).
pub(crate) fn by_orbits_traced<'a>(
    work: &mut Work<'a>,
    beams: &[Beam; 2],
    keep: usize,
    early: u32,
    four: Option<&FourStage<'_>>,
) -> Result<(bool, Vec<StageCost>), SolveError> {
    let n = work.model().n;
    if !SIZES.contains(&n) {
        return Ok((false, Vec::new()));
    }
    let length = |w: &Work<'_>| write::write(n, &write::merge(n, &w.made)).len();
    let written = |moves: &[crate::solve::search::reduction::model::LayerMove]| {
        write::write(n, &write::merge(n, moves)).len()
    };
    let mut states = vec![(work.clone(), Vec::new())];
    for stage in stages(n) {
        let mut next = Vec::new();
        for (state, trace) in &states {
            let small = small_view(state, &stage);
            let beam = &beams[usize::from(stage.small == 4)];
            match edge_beam::ends_early(&small, beam, keep, early) {
                Ok(ends) => {
                    for end in ends {
                        let mut w = state.clone();
                        let moves = on_groups(&end.work.made, &stage.groups);
                        let split = end.work.made.len() - end.cycles;
                        let mut trace: Vec<StageCost> = trace.clone();
                        trace.push(StageCost {
                            steps: written(&on_groups(&end.work.made[..split], &stage.groups)),
                            cycles: written(&on_groups(&end.work.made[split..], &stage.groups)),
                            left: end.left,
                        });
                        w.make(&moves);
                        next.push((length(&w), w, trace));
                    }
                }
                Err(SolveError::Cancelled(c)) => return Err(SolveError::Cancelled(c)),
                Err(_) => {}
            }
            // The 4×4×4's stage by the 4×4×4's own searched phases as well.
            if let (4, Some(t)) = (stage.small, four) {
                for made in t(&small.stickers)? {
                    let mut w = state.clone();
                    let moves = on_groups(&made, &stage.groups);
                    let mut trace: Vec<StageCost> = trace.clone();
                    trace.push(StageCost {
                        steps: written(&moves),
                        cycles: 0,
                        left: 0,
                    });
                    w.make(&moves);
                    next.push((length(&w), w, trace));
                }
            }
        }
        // The shortest first; of equals, the order found.
        next.sort_by_key(|(l, _, _)| *l);
        let mut seen = std::collections::HashSet::new();
        states = next
            .into_iter()
            .filter(|(_, w, _)| seen.insert(w.stickers.clone()))
            .take(keep.max(1))
            .map(|(_, w, t)| (w, t))
            .collect();
        if states.is_empty() {
            return Ok((false, Vec::new()));
        }
    }
    let (best, trace) = states.swap_remove(0);
    *work = best;
    let p = pairing(n);
    Ok((
        p.score(&p.keys_now(&work.stickers)) == p.paired() && work.centres_home(),
        trace,
    ))
}

/// The edge stage of the 6×6×6 to 9×9×9: the edges paired orbit by orbit ([`by_orbits`]);
/// on the 7×7×7 (`BEAM_TOO`) also by the big cube's beam (`edge_beam.rs`), the shorter kept
/// (as written with the turns made before them). Should the stages not finish, the beam's.
pub(crate) fn edges(work: &mut Work<'_>, four: Option<&FourStage<'_>>) -> Result<(), SolveError> {
    let n = work.model().n;
    let mut orbits = work.clone();
    let grouped = by_orbits(&mut orbits, four)?;
    if grouped && !BEAM_TOO.contains(&n) {
        *work = orbits;
        return Ok(());
    }
    edge_beam::pair(work, &Beam::of(n))?;
    let length = |w: &Work<'_>| write::write(n, &write::merge(n, &w.made)).len();
    if grouped && length(&orbits) < length(work) {
        *work = orbits;
    }
    Ok(())
}

#[cfg(test)]
#[path = "big_edges_tests.rs"]
mod tests;
