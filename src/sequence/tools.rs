//! The paper's tools (SWITCH, TWIST, SNAP, LIFT, CYCLE, FLIP), reconstructed from the scan,
//! and its utilities (SCRAMBLE, RANDOM, INVERSE, DO).
//!
//! The paper defines each tool as a DO string of quarter-turns read left to right, e.g.
//! `SWITCH: ω DO 'EDFDRDR'`. The scan lost the bars over inverse moves, and printed `E` for a
//! letter it could not read. A **reading** of a printed string chooses, for every letter, the
//! move or its inverse, and for `E` any of the 24 paper moves. [`reconstruct`] tries every
//! reading, keeps those whose cubie-level [`Effect`] is the one the paper describes
//! ([`Tool::has_effect`]), and ranks them: fewest pieces disturbed first (the paper describes
//! each tool by what it does, so a reading that does more than that is a worse fit), then
//! letters closest to the print (edit distance, 0 for every reading), then fewest bars, then
//! the order of enumeration (each letter unbarred before barred, left to right; `E` in the
//! paper's order L C R B H F U M D X Y Z). Where no reading has the effect it searches, breadth
//! first, the shortest sequences of the same (legible) letters that do.
//!
//! The guide's [tools page](crate::guide::tools) documents the outcome for each tool.
//!
//! What the searches found is kept here as data ([`Tool::finding`]), so that using a tool never
//! searches; `cubework tools --search` ([`reconstruct`]) runs them again, and a test checks that
//! they still find exactly what is recorded.

use std::collections::HashMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::base::cancel::Cancelled;
use crate::state::effect::{Effect, PieceEffect, Place};
use crate::state::sticker_perm::StickerPerm;
use crate::turn::face::Face;
use crate::turn::moves::{Move, PaperLetter, merge_repeated_turns};

/// One of the paper's six tools.
///
/// ```
/// use cubework::Tool;
/// assert_eq!(Tool::ALL.map(|t| t.name()).join(" "), "SWITCH TWIST SNAP LIFT CYCLE FLIP");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tool {
    /// Exchanges the two bottom-front corners.
    Switch,
    /// Twists three bottom corners clockwise.
    Twist,
    /// Moves the back-right edge to up-front.
    Snap,
    /// Moves the down-right edge to up-front.
    Lift,
    /// Cycles three middle-layer edges.
    Cycle,
    /// Flips both right-side edges.
    Flip,
}

impl Tool {
    /// All six, in the paper's order.
    ///
    /// ```
    /// assert_eq!(cubework::Tool::ALL.len(), 6);
    /// ```
    pub const ALL: [Tool; 6] = [
        Tool::Switch,
        Tool::Twist,
        Tool::Snap,
        Tool::Lift,
        Tool::Cycle,
        Tool::Flip,
    ];

    /// The paper's name: `SWITCH`.
    ///
    /// ```
    /// assert_eq!(cubework::Tool::Twist.name(), "TWIST");
    /// ```
    pub fn name(self) -> &'static str {
        ["SWITCH", "TWIST", "SNAP", "LIFT", "CYCLE", "FLIP"][self as usize]
    }

    /// The tool of that name (any letter case).
    ///
    /// ```
    /// use cubework::sequence::tools::Tool;
    /// assert_eq!(Tool::from_name("flip"), Some(Tool::Flip));
    /// assert_eq!(Tool::from_name("FLOP"), None);
    /// ```
    pub fn from_name(s: &str) -> Option<Tool> {
        Tool::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// The DO string as the scan prints it.
    ///
    /// ```
    /// assert_eq!(cubework::Tool::Switch.printed(), "EDFDRDR");
    /// ```
    pub fn printed(self) -> &'static str {
        [
            "EDFDRDR",
            "RDDRDRDRDD",
            "EMFM",
            "CDCD",
            "MLLMLL",
            "MRMRMRMRMRMR",
        ][self as usize]
    }

    /// The paper's description of what the tool does.
    ///
    /// ```
    /// assert!(cubework::Tool::Snap.description().contains("back-right edge"));
    /// ```
    pub fn description(self) -> &'static str {
        [
            "exchanges positions of the two bottom-front corners while preserving the positions of all other corners and the orientation of the top four corners",
            "rotates three bottom corners 120 degrees clockwise while preserving the positions and orientations of all other corners",
            "moves the back-right edge to the up-front position without affecting any corners",
            "moves the down-right edge to up-front without affecting any corners",
            "exchanges positions of three edges in the middle layer",
            "reverses the orientation of both edges on the right side without affecting the rest of the cube",
        ][self as usize]
    }

    /// The description as this crate checks it, at the cubie level. Every tool keeps the
    /// centres in place.
    ///
    /// ```
    /// assert!(cubework::Tool::Flip.criterion().contains("FR and BR"));
    /// ```
    pub fn criterion(self) -> &'static str {
        [
            "DFR and DFL change places; the other six corners stay in place; UFR UFL UBR UBL are not twisted; centres stay",
            "three of DFR DFL DBR DBL stay in place twisted clockwise (seen from outside each corner); the fourth and the four up corners are untouched; centres stay",
            "the BR edge goes to UF; no corner moves or twists; centres stay",
            "the DR edge goes to UF; no corner moves or twists; centres stay",
            "exactly three edges move, all three among FR FL BR BL; no other edge and no corner moves or turns; centres stay",
            "FR and BR stay in place flipped; no other piece moves or turns; centres stay",
        ][self as usize]
    }

    /// True when `e` is the effect the paper describes (see [`criterion`](Self::criterion)).
    ///
    /// ```
    /// use cubework::state::effect::Effect;
    /// use cubework::{parse_moves, Notation, Tool};
    /// let lift = parse_moves("CDC\u{305}D\u{305}", Notation::Paper).unwrap();
    /// assert!(Tool::Lift.has_effect(&Effect::of_moves(&lift).unwrap()));
    /// let printed = parse_moves("CDCD", Notation::Paper).unwrap();
    /// assert!(!Tool::Lift.has_effect(&Effect::of_moves(&printed).unwrap()));
    /// ```
    pub fn has_effect(self, e: &Effect) -> bool {
        let place = |name: &str| Place::named(name).expect("known piece name");
        let p = |name: &str| e.piece(name).expect("known piece name");
        let goes = |from: &str, to: &str| p(from).to == place(to);
        let still_but = |list: &[PieceEffect], except: &[&str]| {
            let except: Vec<Place> = except.iter().map(|n| place(n)).collect();
            list.iter()
                .filter(|m| !except.contains(&m.from))
                .all(|m| m.is_still())
        };
        if !e.centres.iter().all(|c| c.stays()) {
            return false;
        }
        match self {
            Tool::Switch => {
                goes("DFR", "DFL")
                    && goes("DFL", "DFR")
                    && e.corners.iter().filter(|m| m.stays()).count() == 6
                    && ["UFR", "UFL", "UBR", "UBL"]
                        .iter()
                        .all(|&c| p(c).orient == 0)
            }
            Tool::Twist => {
                let bottom = ["DFR", "DFL", "DBR", "DBL"];
                let twisted = bottom
                    .iter()
                    .filter(|&&c| p(c).stays() && p(c).orient == 1)
                    .count();
                twisted == 3
                    && still_but(&e.corners, &bottom)
                    && bottom.iter().all(|&c| p(c).stays() && p(c).orient != 2)
            }
            Tool::Snap => goes("BR", "UF") && still_but(&e.corners, &[]),
            Tool::Lift => goes("DR", "UF") && still_but(&e.corners, &[]),
            Tool::Cycle => {
                let middle: Vec<Place> = ["FR", "FL", "BR", "BL"].map(place).to_vec();
                let moved: Vec<&PieceEffect> = e.edges.iter().filter(|m| !m.stays()).collect();
                moved.len() == 3
                    && moved.iter().all(|m| middle.contains(&m.from))
                    && still_but(&e.corners, &[])
                    && e.edges.iter().filter(|m| m.stays()).all(|m| m.is_still())
            }
            Tool::Flip => {
                ["FR", "BR"]
                    .iter()
                    .all(|&c| p(c).stays() && p(c).orient == 1)
                    && still_but(&e.corners, &[])
                    && still_but(&e.edges, &["FR", "BR"])
            }
        }
    }

    /// What the reconstruction search found for this tool, as recorded (no search runs).
    ///
    /// ```
    /// use cubework::sequence::tools::{Source, Tool};
    /// let f = Tool::Snap.finding();
    /// assert_eq!(f.source, Source::Printed);
    /// assert_eq!((f.matches, f.tried), (1, 192));
    /// ```
    pub fn finding(self) -> Finding {
        use PaperLetter::*;
        const fn p(l: PaperLetter) -> Move {
            Move::paper(l)
        }
        const fn bar(l: PaperLetter) -> Move {
            Move::paper(l).inverse()
        }
        // The search's choices: F̄D̄FDRDR̄, RDDR̄D̄RD̄R̄DD, F̄MFM̄, CDC̄D̄, MLLM̄LL, MRMRMRRM̄RM̄RM̄RR.
        const SWITCH: &[Move] = &[bar(F), bar(D), p(F), p(D), p(R), p(D), bar(R)];
        const TWIST: &[Move] = &[
            p(R),
            p(D),
            p(D),
            bar(R),
            bar(D),
            p(R),
            bar(D),
            bar(R),
            p(D),
            p(D),
        ];
        const SNAP: &[Move] = &[bar(F), p(M), p(F), bar(M)];
        const LIFT: &[Move] = &[p(C), p(D), bar(C), bar(D)];
        const CYCLE: &[Move] = &[p(M), p(L), p(L), bar(M), p(L), p(L)];
        const FLIP: &[Move] = &[
            p(M),
            p(R),
            p(M),
            p(R),
            p(M),
            p(R),
            p(R),
            bar(M),
            p(R),
            bar(M),
            p(R),
            bar(M),
            p(R),
            p(R),
        ];
        let (chosen, matches, tried) = match self {
            Tool::Switch => (SWITCH, 1, 1536),
            Tool::Twist => (TWIST, 4, 1024),
            Tool::Snap => (SNAP, 1, 192),
            Tool::Lift => (LIFT, 1, 16),
            Tool::Cycle => (CYCLE, 8, 64),
            // 4096 readings, then 138,214 positions of the shortest-sequence search.
            Tool::Flip => (FLIP, 32, 142_310),
        };
        let source = match self {
            Tool::Flip => Source::Shortest {
                letters: vec![R, M],
            },
            _ => Source::Printed,
        };
        Finding {
            tool: self,
            chosen,
            matches,
            tried,
            source,
        }
    }

    /// The reconstructed sequence, paper moves.
    ///
    /// ```
    /// use cubework::Tool;
    /// assert_eq!(Tool::Lift.sequence().len(), 4);
    /// ```
    pub fn sequence(self) -> &'static [Move] {
        self.finding().chosen
    }

    /// The reconstructed sequence in the paper's dialect.
    ///
    /// ```
    /// use cubework::sequence::tools::Tool;
    /// use cubework::state::effect::Effect;
    /// let seq = Tool::Switch.paper_moves();
    /// assert!(Tool::Switch.has_effect(&Effect::of_moves(&seq).unwrap()));
    /// ```
    pub fn paper_moves(self) -> Vec<Move> {
        self.sequence().to_vec()
    }

    /// The reconstructed sequence in standard notation, adjacent turns of one face written as
    /// one as a cuber writes them (the paper's `RR` is `R2`, not `R' R'`).
    ///
    /// ```
    /// use cubework::{format_moves, Tool};
    /// assert_eq!(format_moves(&Tool::Lift.standard_moves()), "M D' M' D");
    /// assert_eq!(format_moves(&Tool::Cycle.standard_moves()), "E' L2 E L2");
    /// ```
    pub fn standard_moves(self) -> Vec<Move> {
        let standard: Vec<Move> = self.sequence().iter().map(|m| m.to_standard()).collect();
        merge_repeated_turns(&standard)
    }
}

/// What the reconstruction search found for a tool, recorded as data ([`Tool::finding`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The tool.
    pub tool: Tool,
    /// The sequence used: the best of the matches.
    pub chosen: &'static [Move],
    /// How many candidates have the described effect.
    pub matches: usize,
    /// How many readings were tried, plus the positions the fallback search examined.
    pub tried: usize,
    /// Whether it is a reading of the printed string.
    pub source: Source,
}

impl Reconstruction {
    /// Whether this search found exactly what `finding` records.
    pub fn agrees_with(&self, finding: &Finding) -> bool {
        self.tool == finding.tool
            && self.chosen == finding.chosen
            && self.matches.len() == finding.matches
            && self.tried == finding.tried
            && self.source == finding.source
    }
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a reconstruction was found.
///
/// ```
/// use cubework::sequence::tools::{Source, Tool};
/// assert!(matches!(Tool::Flip.finding().source, Source::Shortest { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A reading of the printed letters.
    Printed,
    /// No reading works; the shortest sequences of the printed (legible) letters that do.
    Shortest {
        /// The letters searched.
        letters: Vec<PaperLetter>,
    },
    /// Nothing found within the search's limit.
    NotFound,
}

/// The outcome of one tool's search.
///
/// ```
/// use cubework::Tool;
/// let r = cubework::sequence::tools::reconstruct(Tool::Cycle).unwrap();
/// assert_eq!(r.chosen, r.matches[0]);
/// ```
#[derive(Clone, Debug)]
pub struct Reconstruction {
    /// The tool.
    pub tool: Tool,
    /// How many readings were tried, plus the positions the fallback search examined.
    pub tried: usize,
    /// Every candidate with the described effect, best first (see the module docs).
    pub matches: Vec<Vec<Move>>,
    /// The one used: the first match (empty if none).
    pub chosen: Vec<Move>,
    /// Whether it is a reading of the printed string.
    pub source: Source,
}

/// Every reading of a printed DO string: each letter as written or barred; `E` any of the 24
/// paper moves. Other characters give no readings.
///
/// ```
/// use cubework::sequence::tools::readings;
/// assert_eq!(readings("CDCD").len(), 16);
/// assert_eq!(readings("EMFM").len(), 24 * 8);
/// ```
pub fn readings(printed: &str) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = vec![Vec::new()];
    for c in printed.chars() {
        let choices: Vec<Move> = if c == 'E' {
            Move::PAPER.to_vec()
        } else if let Some(l) = PaperLetter::from_letter(c) {
            vec![Move::paper(l), Move::paper(l).inverse()]
        } else {
            return Vec::new();
        };
        out = out
            .into_iter()
            .flat_map(|r| {
                choices.iter().map(move |&m| {
                    let mut r = r.clone();
                    r.push(m);
                    r
                })
            })
            .collect();
    }
    out
}

fn effect_of(seq: &[Move]) -> Effect {
    let p = StickerPerm::of_moves(3, seq).expect("paper moves are defined on the 3×3×3");
    Effect::of_perm(&p)
}

/// How many pieces a tool's candidate disturbs (moves or turns).
fn disturbance(seq: &[Move]) -> usize {
    effect_of(seq).changed().len()
}

/// Runs the search for one tool (what [`Tool::finding`] records).
///
/// ```
/// use cubework::sequence::tools::{reconstruct, Tool};
/// let r = reconstruct(Tool::Lift).unwrap();
/// assert_eq!(r.matches.len(), 1);
/// ```
///
/// Ctrl-C ([`crate::base::cancel`]) stops the breadth-first search between layers.
pub fn reconstruct(tool: Tool) -> Result<Reconstruction, Cancelled> {
    let all = readings(tool.printed());
    let tried = all.len();
    let mut matches: Vec<Vec<Move>> = all
        .into_iter()
        .filter(|r| tool.has_effect(&effect_of(r)))
        .collect();
    if !matches.is_empty() {
        rank(&mut matches, tool.printed());
        return Ok(Reconstruction {
            tool,
            tried,
            chosen: matches[0].clone(),
            matches,
            source: Source::Printed,
        });
    }
    let mut letters: Vec<PaperLetter> = tool
        .printed()
        .chars()
        .filter_map(PaperLetter::from_letter)
        .collect();
    letters.sort();
    letters.dedup();
    let (found, searched) = shortest(tool, &letters)?;
    let mut matches = found;
    rank(&mut matches, tool.printed());
    Ok(Reconstruction {
        tool,
        tried: tried + searched,
        chosen: matches.first().cloned().unwrap_or_default(),
        source: if matches.is_empty() {
            Source::NotFound
        } else {
            Source::Shortest { letters }
        },
        matches,
    })
}

/// Orders candidates best first: fewest pieces disturbed, then letters closest to the
/// printed string (edit distance; 0 for every reading), then fewest bars, then enumeration
/// order.
fn rank(matches: &mut [Vec<Move>], printed: &str) {
    let printed: Vec<char> = printed.chars().collect();
    matches.sort_by_cached_key(|r| {
        let letters: Vec<char> = r
            .iter()
            .map(|m| m.paper_letter().map_or(' ', PaperLetter::letter))
            .collect();
        let order: Vec<_> = r
            .iter()
            .map(|m| (m.paper_letter(), m.amount.is_prime()))
            .collect();
        (
            disturbance(r),
            edit_distance(&letters, &printed),
            r.iter().filter(|m| m.amount.is_prime()).count(),
            order,
        )
    });
}

/// Levenshtein distance between two letter strings, `E` in `b` matching any letter.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            let same = x == y || y == 'E';
            cur[j + 1] = (prev[j] + usize::from(!same))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Shortest sequences of `letters` (each letter or its inverse) with the tool's effect: a
/// breadth-first search over the positions those moves reach, giving up beyond
/// [`SHORTEST_STATES`] positions. Returns every shortest sequence that ends on a matching
/// position (up to [`SHORTEST_KEEP`]) and how many positions were examined.
fn shortest(tool: Tool, letters: &[PaperLetter]) -> Result<(Vec<Vec<Move>>, usize), Cancelled> {
    let moves: Vec<Move> = letters
        .iter()
        .flat_map(|&l| [Move::paper(l), Move::paper(l).inverse()])
        .collect();
    let gens: Vec<StickerPerm> = moves
        .iter()
        .map(|&m| StickerPerm::of_moves(3, &[m]).expect("3×3×3 paper move"))
        .collect();
    let key = |p: &StickerPerm| -> Vec<u8> { p.sources().iter().map(|&s| s as u8).collect() };
    let centres: Vec<usize> = (0..6).map(|f| 9 * f + 4).collect();
    let mut depth: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut layer = vec![StickerPerm::identity(3)];
    depth.insert(key(&layer[0]), 0);
    let mut d = 0;
    while !layer.is_empty() && depth.len() <= SHORTEST_STATES {
        crate::base::cancel::check()?;
        let hits: Vec<&StickerPerm> = layer
            .iter()
            .filter(|p| centres.iter().all(|&c| p.source(c) == c))
            .filter(|p| tool.has_effect(&Effect::of_perm(p)))
            .collect();
        if !hits.is_empty() {
            let mut found = Vec::new();
            for p in hits {
                paths_to(
                    p,
                    d,
                    &gens,
                    &moves,
                    &depth,
                    &key,
                    &mut Vec::new(),
                    &mut found,
                );
            }
            return Ok((found, depth.len()));
        }
        let mut next = Vec::new();
        for p in &layer {
            for g in &gens {
                let q = p.then(g);
                let k = key(&q);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(k) {
                    e.insert(d + 1);
                    next.push(q);
                }
            }
        }
        layer = next;
        d += 1;
    }
    Ok((Vec::new(), depth.len()))
}

/// The most positions the shortest-sequence search examines.
///
/// ```
/// assert!(cubework::sequence::tools::SHORTEST_STATES >= 200_000);
/// ```
pub const SHORTEST_STATES: usize = 500_000;
/// The most shortest sequences kept per tool.
///
/// ```
/// use cubework::sequence::tools::{SHORTEST_KEEP, Tool};
/// assert!(Tool::Flip.finding().matches <= SHORTEST_KEEP);
/// ```
pub const SHORTEST_KEEP: usize = 1000;

/// Every shortest path from the identity to `p` (at depth `d`), walking back through the
/// positions one move nearer, in enumeration order.
#[allow(clippy::too_many_arguments)]
fn paths_to(
    p: &StickerPerm,
    d: usize,
    gens: &[StickerPerm],
    moves: &[Move],
    depth: &HashMap<Vec<u8>, usize>,
    key: &dyn Fn(&StickerPerm) -> Vec<u8>,
    suffix: &mut Vec<Move>,
    found: &mut Vec<Vec<Move>>,
) {
    if found.len() >= SHORTEST_KEEP {
        return;
    }
    if d == 0 {
        found.push(suffix.iter().rev().copied().collect());
        return;
    }
    for (g, &m) in gens.iter().zip(moves) {
        let prev = p.then(&g.inverse());
        if depth.get(&key(&prev)) == Some(&(d - 1)) {
            suffix.push(m);
            paths_to(&prev, d - 1, gens, moves, depth, key, suffix, found);
            suffix.pop();
        }
    }
}

/// The paper's SCRAMBLE alphabet, `'UUDDBEFFELRR'` as printed: the six face letters, each
/// with and without its bar.
///
/// ```
/// use cubework::sequence::tools::scramble_alphabet;
/// let s: String = scramble_alphabet().iter().map(|m| m.paper_letter().unwrap().letter()).collect();
/// assert_eq!(s, "UUDDBBFFLLRR");
/// ```
pub fn scramble_alphabet() -> Vec<Move> {
    use PaperLetter as P;
    [P::U, P::D, P::B, P::F, P::L, P::R]
        .into_iter()
        .flat_map(|l| [Move::paper(l), Move::paper(l).inverse()])
        .collect()
}

/// The paper's quarter-turns in a SCRAMBLE, "the minimum needed to guarantee reaching any
/// possible state" as it says.
///
/// ```
/// use cubework::sequence::tools::{scramble, SCRAMBLE_LENGTH};
/// assert_eq!(scramble(SCRAMBLE_LENGTH, 1).len(), 17);
/// ```
pub const SCRAMBLE_LENGTH: usize = 17;

/// The paper's RANDOM (`ω[?α⍴⍴ω]`): `count` items drawn from `from` independently (with
/// replacement). Empty if `from` is.
///
/// ```
/// use cubework::sequence::tools::random;
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let picks = random(5, &['a', 'b'], &mut rng);
/// assert_eq!(picks.len(), 5);
/// assert!(picks.iter().all(|c| "ab".contains(*c)));
/// ```
pub fn random<T: Clone>(count: usize, from: &[T], rng: &mut impl rand::Rng) -> Vec<T> {
    if from.is_empty() {
        return Vec::new();
    }
    (0..count)
        .map(|_| from[rng.random_range(0..from.len())].clone())
        .collect()
}

/// The paper's SCRAMBLE: `count` random quarter-turns of the six faces (17 in the paper),
/// in the paper's dialect, from `seed` (the same seed gives the same scramble). Each turn is
/// drawn by the paper's RANDOM from [`scramble_alphabet`]; unlike the paper, a draw that would
/// turn the previous face again, or one axis a third time in a row (`U D U`), is drawn again,
/// so no move of a scramble cancels or merges with another.
///
/// ```
/// use cubework::sequence::tools::scramble;
/// assert_eq!(scramble(17, 42).len(), 17);
/// assert_eq!(scramble(17, 42), scramble(17, 42));
/// ```
pub fn scramble(count: usize, seed: u64) -> Vec<Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let alphabet = scramble_alphabet();
    let mut picked: Vec<Move> = Vec::with_capacity(count);
    while picked.len() < count {
        let Some(&m) = random(1, &alphabet, &mut rng).first() else {
            break;
        };
        let n = picked.len();
        let axis = |p: &Move| p.paper_letter().map(PaperLetter::axis);
        let same_face = n >= 1 && picked[n - 1].paper_letter() == m.paper_letter();
        let same_axis = |p: &Move| axis(p) == axis(&m);
        let third_on_axis = n >= 2 && same_axis(&picked[n - 1]) && same_axis(&picked[n - 2]);
        if !(same_face || third_on_axis) {
            picked.push(m);
        }
    }
    picked
}

/// The length of the WCA's random-move scramble of the `n`×`n`×`n` (TNoodle's): 40 moves for
/// the 4×4×4, 60 for the 5×5×5, 80 for the 6×6×6, 100 for the 7×7×7 — twenty more a size,
/// which this workbench carries on to the 8×8×8 (120) and the 9×9×9 (140), sizes the WCA does
/// not hold.
///
/// ```
/// use cubework::sequence::tools::wca_length;
/// assert_eq!([4, 5, 6, 7].map(wca_length), [40, 60, 80, 100]);
/// ```
pub fn wca_length(n: usize) -> usize {
    20 * n.saturating_sub(2)
}

/// The turns a WCA-style random-move scramble of the `n`×`n`×`n` draws from, as TNoodle
/// draws them: each face turned one layer deep up to `n / 2` layers deep (`R`, `Rw`, `3Rw`
/// …), a quarter-turn either way or a half-turn. On an even cube the turns half the cube deep
/// are taken from U, R and F only: `Lw` on the 4×4×4 is `Rw` and a whole-cube turn.
fn wca_turns(n: usize) -> Vec<(Face, u8)> {
    let mut out = Vec::new();
    for depth in 1..=(n / 2).max(1) {
        for face in Face::ALL {
            let half_deep = n.is_multiple_of(2) && depth == n / 2;
            if !half_deep || matches!(face, Face::U | Face::R | Face::F) {
                out.push((face, depth as u8));
            }
        }
    }
    out
}

/// A WCA-style random-move scramble of the `n`×`n`×`n`: `count` turns from `seed`, each drawn
/// uniformly from outer and wide turns of every depth up to half the cube (see
/// [`wca_length`] for the WCA's counts). As TNoodle does, a turn is drawn again when it turns
/// the same layers as a turn before it on the same axis with no turn on another axis between
/// (`R L R'`, `Rw Rw`): no two turns of a scramble cancel or merge.
///
/// ```
/// use cubework::sequence::tools::wca_scramble;
/// use cubework::{Cube, format_moves};
/// let s = wca_scramble(4, 40, 7);
/// assert_eq!(s.len(), 40);
/// assert_eq!(s, wca_scramble(4, 40, 7));
/// assert!(format_moves(&s).contains('w'));
/// let mut cube = Cube::solved_n(4);
/// cube.apply_all(&s).unwrap();
/// ```
pub fn wca_scramble(n: usize, count: usize, seed: u64) -> Vec<Move> {
    use crate::turn::moves::{Amount, Turn, WideStyle};
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let turns = wca_turns(n);
    let axis = |f: Face| f.index() % 3; // U R F, then D L B
    let mut out: Vec<Move> = Vec::with_capacity(count);
    // The turns since the axis last changed.
    let mut run: Vec<(Face, u8)> = Vec::new();
    while out.len() < count {
        let (face, depth) = turns[rng.random_range(0..turns.len())];
        if run.first().is_some_and(|&(f, _)| axis(f) == axis(face)) {
            if run.contains(&(face, depth)) {
                continue;
            }
        } else {
            run.clear();
        }
        run.push((face, depth));
        let amount = [Amount::ONE, Amount::TWO, Amount::PRIME][rng.random_range(0..3)];
        out.push(Move {
            turn: Turn::Face {
                face,
                from: 1,
                to: depth,
                style: if depth == 1 {
                    WideStyle::Plain
                } else {
                    WideStyle::W
                },
            },
            amount,
        });
    }
    out
}

/// The scramble `scramble` makes on the `n`×`n`×`n`: the paper's [`scramble`] (quarter-turns
/// of the outer faces, [`SCRAMBLE_LENGTH`] by default) on the 2×2×2 and the 3×3×3, and a
/// WCA-style [`wca_scramble`] ([`wca_length`] turns by default) on the 4×4×4 and up, whose
/// centres and inner edges outer turns alone would never move apart.
///
/// ```
/// use cubework::sequence::tools::scramble_of_size;
/// assert_eq!(scramble_of_size(3, None, 1).len(), 17);
/// assert_eq!(scramble_of_size(5, None, 1).len(), 60);
/// assert_eq!(scramble_of_size(5, Some(3), 1).len(), 3);
/// ```
pub fn scramble_of_size(n: usize, count: Option<usize>, seed: u64) -> Vec<Move> {
    if n <= 3 {
        scramble(count.unwrap_or(SCRAMBLE_LENGTH), seed)
    } else {
        wca_scramble(n, count.unwrap_or_else(|| wca_length(n)), seed)
    }
}

/// A fresh seed for [`scramble`], from the operating system's randomness.
///
/// ```
/// use cubework::sequence::tools::{fresh_seed, scramble};
/// let seed = fresh_seed();
/// assert_eq!(scramble(17, seed), scramble(17, seed));
/// ```
pub fn fresh_seed() -> u64 {
    rand::rng().random()
}

/// The paper's INVERSE: the sequence that undoes `moves` (each move inverted, in reverse
/// order).
///
/// ```
/// use cubework::sequence::tools::inverse;
/// use cubework::{format_moves, parse_moves, Notation};
/// let seq = parse_moves("R U2 F'", Notation::Standard).unwrap();
/// assert_eq!(format_moves(&inverse(&seq)), "F U2' R'");
/// ```
pub fn inverse(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

#[cfg(test)]
mod tests;
