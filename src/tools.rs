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
//! fewest bars, then the order of enumeration (each letter unbarred before barred, left to
//! right; `E` in the paper's order L C R B H F U M D X Y Z). Where no reading has the effect it
//! searches the shortest sequences of the same (legible) letters that do.
//!
//! The searches run once, on first use, and are cached; nothing about their outcome is
//! written into the code.

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::effect::{Effect, PieceMove, Place};
use crate::moves::{Move, PaperLetter, PaperMove};
use crate::perm::StickerPerm;

/// One of the paper's six tools.
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
    pub const ALL: [Tool; 6] = [
        Tool::Switch,
        Tool::Twist,
        Tool::Snap,
        Tool::Lift,
        Tool::Cycle,
        Tool::Flip,
    ];

    /// The paper's name: `SWITCH`.
    pub fn name(self) -> &'static str {
        ["SWITCH", "TWIST", "SNAP", "LIFT", "CYCLE", "FLIP"][self as usize]
    }

    /// The tool of that name (any letter case).
    ///
    /// ```
    /// use cubework::tools::Tool;
    /// assert_eq!(Tool::from_name("flip"), Some(Tool::Flip));
    /// assert_eq!(Tool::from_name("FLOP"), None);
    /// ```
    pub fn from_name(s: &str) -> Option<Tool> {
        Tool::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
    }

    /// The DO string as the scan prints it.
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
    pub fn has_effect(self, e: &Effect) -> bool {
        let place = |name: &str| Place::named(name).expect("known piece name");
        let p = |name: &str| e.piece(name).expect("known piece name");
        let goes = |from: &str, to: &str| p(from).to == place(to);
        let still_but = |list: &[PieceMove], except: &[&str]| {
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
                        .all(|&c| p(c).twist == 0)
            }
            Tool::Twist => {
                let bottom = ["DFR", "DFL", "DBR", "DBL"];
                let twisted = bottom
                    .iter()
                    .filter(|&&c| p(c).stays() && p(c).twist == 1)
                    .count();
                twisted == 3
                    && still_but(&e.corners, &bottom)
                    && bottom.iter().all(|&c| p(c).stays() && p(c).twist != 2)
            }
            Tool::Snap => goes("BR", "UF") && still_but(&e.corners, &[]),
            Tool::Lift => goes("DR", "UF") && still_but(&e.corners, &[]),
            Tool::Cycle => {
                let middle: Vec<Place> = ["FR", "FL", "BR", "BL"].map(place).to_vec();
                let moved: Vec<&PieceMove> = e.edges.iter().filter(|m| !m.stays()).collect();
                moved.len() == 3
                    && moved.iter().all(|m| middle.contains(&m.from))
                    && still_but(&e.corners, &[])
                    && e.edges.iter().filter(|m| m.stays()).all(|m| m.is_still())
            }
            Tool::Flip => {
                ["FR", "BR"]
                    .iter()
                    .all(|&c| p(c).stays() && p(c).twist == 1)
                    && still_but(&e.corners, &[])
                    && still_but(&e.edges, &["FR", "BR"])
            }
        }
    }

    /// The reconstruction (the search runs on first use and is cached).
    pub fn reconstruction(self) -> &'static Reconstruction {
        static CACHE: [OnceLock<Reconstruction>; 6] = [const { OnceLock::new() }; 6];
        CACHE[self as usize].get_or_init(|| reconstruct(self))
    }

    /// The reconstructed sequence in the paper's dialect.
    ///
    /// ```
    /// use cubework::tools::Tool;
    /// use cubework::effect::Effect;
    /// let seq = Tool::Switch.paper_moves();
    /// assert!(Tool::Switch.has_effect(&Effect::of_moves(&seq).unwrap()));
    /// ```
    pub fn paper_moves(self) -> Vec<Move> {
        self.reconstruction()
            .chosen
            .iter()
            .map(|&m| Move::paper(m))
            .collect()
    }

    /// The reconstructed sequence in standard notation.
    pub fn standard_moves(self) -> Vec<Move> {
        self.reconstruction()
            .chosen
            .iter()
            .map(|m| m.to_standard())
            .collect()
    }
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a reconstruction was found.
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
#[derive(Clone, Debug)]
pub struct Reconstruction {
    /// The tool.
    pub tool: Tool,
    /// How many readings (or candidate sequences) were tried.
    pub tried: usize,
    /// Every candidate with the described effect, best first (see the module docs).
    pub matches: Vec<Vec<PaperMove>>,
    /// The one used: the first match (empty if none).
    pub chosen: Vec<PaperMove>,
    /// Whether it is a reading of the printed string.
    pub source: Source,
}

/// Every reading of a printed DO string: each letter as written or barred; `E` any of the 24
/// paper moves. Other characters give no readings.
///
/// ```
/// use cubework::tools::readings;
/// assert_eq!(readings("CDCD").len(), 16);
/// assert_eq!(readings("EMFM").len(), 24 * 8);
/// ```
pub fn readings(printed: &str) -> Vec<Vec<PaperMove>> {
    let mut out: Vec<Vec<PaperMove>> = vec![Vec::new()];
    for c in printed.chars() {
        let choices: Vec<PaperMove> = if c == 'E' {
            PaperMove::ALL.to_vec()
        } else if let Some(l) = PaperLetter::from_letter(c) {
            vec![PaperMove::new(l), PaperMove::new(l).inverse()]
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

fn effect_of(seq: &[PaperMove]) -> Effect {
    let moves: Vec<Move> = seq.iter().map(|&m| Move::paper(m)).collect();
    let p = StickerPerm::of_moves(3, &moves).expect("paper moves are defined on the 3×3×3");
    Effect::of_perm(&p)
}

/// How many pieces a tool's candidate disturbs (moves or turns).
fn disturbance(seq: &[PaperMove]) -> usize {
    effect_of(seq).changed().len()
}

/// Runs the search for one tool (uncached; [`Tool::reconstruction`] caches it).
pub fn reconstruct(tool: Tool) -> Reconstruction {
    let all = readings(tool.printed());
    let tried = all.len();
    let mut matches: Vec<Vec<PaperMove>> = all
        .into_iter()
        .filter(|r| tool.has_effect(&effect_of(r)))
        .collect();
    if !matches.is_empty() {
        rank(&mut matches, tool.printed());
        return Reconstruction {
            tool,
            tried,
            chosen: matches[0].clone(),
            matches,
            source: Source::Printed,
        };
    }
    let mut letters: Vec<PaperLetter> = tool
        .printed()
        .chars()
        .filter_map(PaperLetter::from_letter)
        .collect();
    letters.sort();
    letters.dedup();
    let (found, searched) = shortest(tool, &letters);
    let mut matches = found;
    rank(&mut matches, tool.printed());
    Reconstruction {
        tool,
        tried: tried + searched,
        chosen: matches.first().cloned().unwrap_or_default(),
        source: if matches.is_empty() {
            Source::NotFound
        } else {
            Source::Shortest { letters }
        },
        matches,
    }
}

/// Orders candidates best first: fewest pieces disturbed, then letters closest to the
/// printed string (edit distance; 0 for every reading), then fewest bars, then enumeration
/// order.
fn rank(matches: &mut [Vec<PaperMove>], printed: &str) {
    let printed: Vec<char> = printed.chars().collect();
    matches.sort_by_cached_key(|r| {
        let letters: Vec<char> = r.iter().map(|m| m.letter.letter()).collect();
        (
            disturbance(r),
            edit_distance(&letters, &printed),
            r.iter().filter(|m| m.inverse).count(),
            r.clone(),
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
fn shortest(tool: Tool, letters: &[PaperLetter]) -> (Vec<Vec<PaperMove>>, usize) {
    let moves: Vec<PaperMove> = letters
        .iter()
        .flat_map(|&l| [PaperMove::new(l), PaperMove::new(l).inverse()])
        .collect();
    let gens: Vec<StickerPerm> = moves
        .iter()
        .map(|&m| StickerPerm::of_moves(3, &[Move::paper(m)]).expect("3×3×3 paper move"))
        .collect();
    let key = |p: &StickerPerm| -> Vec<u8> { p.sources().iter().map(|&s| s as u8).collect() };
    let centres: Vec<usize> = (0..6).map(|f| 9 * f + 4).collect();
    let mut depth: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut layer = vec![StickerPerm::identity(3)];
    depth.insert(key(&layer[0]), 0);
    let mut d = 0;
    while !layer.is_empty() && depth.len() <= SHORTEST_STATES {
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
            return (found, depth.len());
        }
        let mut next = Vec::new();
        for p in &layer {
            for g in &gens {
                let q = p.then(g);
                let k = key(&q);
                if !depth.contains_key(&k) {
                    depth.insert(k, d + 1);
                    next.push(q);
                }
            }
        }
        layer = next;
        d += 1;
    }
    (Vec::new(), depth.len())
}

/// The most positions the shortest-sequence search examines.
pub const SHORTEST_STATES: usize = 2_000_000;
/// The most shortest sequences kept per tool.
pub const SHORTEST_KEEP: usize = 100000;

/// Every shortest path from the identity to `p` (at depth `d`), walking back through the
/// positions one move nearer, in enumeration order.
#[allow(clippy::too_many_arguments)]
fn paths_to(
    p: &StickerPerm,
    d: usize,
    gens: &[StickerPerm],
    moves: &[PaperMove],
    depth: &HashMap<Vec<u8>, usize>,
    key: &dyn Fn(&StickerPerm) -> Vec<u8>,
    suffix: &mut Vec<PaperMove>,
    found: &mut Vec<Vec<PaperMove>>,
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
pub fn scramble_alphabet() -> Vec<PaperMove> {
    use PaperLetter as P;
    [P::U, P::D, P::B, P::F, P::L, P::R]
        .into_iter()
        .flat_map(|l| [PaperMove::new(l), PaperMove::new(l).inverse()])
        .collect()
}

/// The paper's quarter-turns in a SCRAMBLE, "the minimum needed to guarantee reaching any
/// possible state" as it says.
pub const SCRAMBLE_LENGTH: usize = 17;

/// The paper's RANDOM (`ω[?α⍴⍴ω]`): `count` items drawn from `from` independently (with
/// replacement). Empty if `from` is.
///
/// ```
/// use cubework::tools::random;
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
/// in the paper's dialect, from `seed` (the same seed gives the same scramble).
///
/// ```
/// use cubework::tools::scramble;
/// assert_eq!(scramble(17, 42).len(), 17);
/// assert_eq!(scramble(17, 42), scramble(17, 42));
/// ```
pub fn scramble(count: usize, seed: u64) -> Vec<Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    random(count, &scramble_alphabet(), &mut rng)
        .into_iter()
        .map(Move::paper)
        .collect()
}

/// A fresh seed for [`scramble`], from the operating system's randomness.
pub fn fresh_seed() -> u64 {
    rand::rng().random()
}

/// The paper's INVERSE: the sequence that undoes `moves` (each move inverted, in reverse
/// order).
///
/// ```
/// use cubework::tools::inverse;
/// use cubework::{format_moves, parse_moves, Notation};
/// let seq = parse_moves("R U2 F'", Notation::Standard).unwrap();
/// assert_eq!(format_moves(&inverse(&seq)), "F U2' R'");
/// ```
pub fn inverse(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explore() {
        for t in Tool::ALL {
            let r = t.reconstruction();
            eprintln!(
                "{} tried {} matches {} source {:?}",
                t.name(),
                r.tried,
                r.matches.len(),
                r.source
            );
            for m in r.matches.iter().take(6) {
                let s: String = m.iter().map(|x| x.to_string()).collect();
                eprintln!(
                    "   {s}  d={}  {}",
                    disturbance(m),
                    effect_of(m).report().lines().last().unwrap()
                );
            }
        }
    }
}
