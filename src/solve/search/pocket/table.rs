//! Move tables, the breadth-first search of all 3,674,160 states, and solving by walking down
//! the distances.

use std::sync::OnceLock;

use super::PocketError;
use super::rank::{rank7, unrank7};
use super::state::{PocketState, STATES, TWISTS, move_states};
use crate::turn::metric::Metric;
use crate::turn::moves::FaceMove;

/// Where each move takes each permutation rank and each twist code.
struct MoveTables {
    perm: Vec<[u16; 9]>,
    twist: Vec<[u16; 9]>,
}

fn tables() -> &'static MoveTables {
    static TABLES: OnceLock<MoveTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let moves = move_states();
        let perm = (0..5040u16)
            .map(|r| {
                let s = PocketState::new(unrank7(r), [0; 7]).expect("unrank gives a permutation");
                std::array::from_fn(|m| rank7(s.then(&moves[m]).perm()))
            })
            .collect();
        let twist = (0..TWISTS as u16)
            .map(|c| {
                let s = PocketState::new([0, 1, 2, 3, 4, 5, 6], PocketState::twists_of_code(c))
                    .expect("twist codes sum to 0");
                std::array::from_fn(|m| s.then(&moves[m]).twist_code())
            })
            .collect();
        MoveTables { perm, twist }
    })
}

/// The index reached from `index` by move number `m` (of [`FaceMove::POCKET`]).
#[inline]
pub(crate) fn next_index(index: u32, m: usize) -> u32 {
    let t = tables();
    let (p, q) = (index / TWISTS as u32, index % TWISTS as u32);
    t.perm[p as usize][m] as u32 * TWISTS as u32 + t.twist[q as usize][m] as u32
}

/// Marks a state not (yet) reached.
const UNSEEN: u8 = 3;

/// Every state's distance from solved in one metric, two bits a state.
///
/// Each state keeps its distance mod 3 (3 while unreached). That is enough to walk down: the
/// neighbours of a state at distance d lie at d − 1, d or d + 1, which differ mod 3, so the
/// neighbour holding (d − 1) mod 3 is one move closer. The table is 918,540 bytes, and the
/// number of states at each distance is kept beside it.
///
/// ```
/// use cubework::solve::search::pocket::{DistanceTable, PocketState};
/// use cubework::FaceMove;
/// use cubework::turn::metric::Metric;
/// let table = DistanceTable::build(Metric::Htm);
/// assert_eq!(table.gods_number(), 11);
/// let s = PocketState::solved().apply(FaceMove::POCKET[4]).apply(FaceMove::POCKET[0]); // R2 U
/// assert_eq!(table.solve(&s).unwrap().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceTable {
    metric: Metric,
    packed: Vec<u8>,
    counts: Vec<u64>,
}

impl DistanceTable {
    /// Searches the whole state graph breadth-first from solved.
    pub fn build(metric: Metric) -> DistanceTable {
        let t = tables();
        let moves: Vec<usize> = FaceMove::pocket(metric).iter().map(|m| m.index()).collect();
        let mut packed = vec![0xFFu8; STATES.div_ceil(4)];
        let solved = PocketState::solved().index();
        set(&mut packed, solved, 0);
        let mut frontier = vec![solved];
        let mut counts = vec![1u64];
        let mut next = Vec::new();
        while !frontier.is_empty() {
            let value = (counts.len() % 3) as u8;
            next.clear();
            for &s in &frontier {
                let prow = &t.perm[(s / TWISTS as u32) as usize];
                let trow = &t.twist[(s % TWISTS as u32) as usize];
                for &m in &moves {
                    let n = prow[m] as u32 * TWISTS as u32 + trow[m] as u32;
                    if get(&packed, n) == UNSEEN {
                        set(&mut packed, n, value);
                        next.push(n);
                    }
                }
            }
            if !next.is_empty() {
                counts.push(next.len() as u64);
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        DistanceTable {
            metric,
            packed,
            counts,
        }
    }

    /// Assembles a table from its parts, checking them against each other: the counts sum to
    /// the number of states, one state (solved) is at distance 0, the packed values occur as
    /// often as the counts say, and every other state has a neighbour one move closer.
    pub(crate) fn from_parts(
        metric: Metric,
        packed: Vec<u8>,
        counts: Vec<u64>,
    ) -> Result<DistanceTable, String> {
        if packed.len() != STATES.div_ceil(4) {
            return Err(format!(
                "{} packed bytes, expected {}",
                packed.len(),
                STATES.div_ceil(4)
            ));
        }
        if counts.iter().sum::<u64>() != STATES as u64 {
            return Err(format!(
                "the counts sum to {}, not {STATES}",
                counts.iter().sum::<u64>()
            ));
        }
        if counts.first() != Some(&1) {
            return Err("there must be exactly one state at distance 0".into());
        }
        let table = DistanceTable {
            metric,
            packed,
            counts,
        };
        let mut seen = [0u64; 4];
        for i in 0..STATES as u32 {
            seen[get(&table.packed, i) as usize] += 1;
        }
        let mut expected = [0u64; 4];
        for (d, &c) in table.counts.iter().enumerate() {
            expected[d % 3] += c;
        }
        if seen != expected {
            return Err(format!(
                "the table holds {seen:?} states per distance mod 3 (and unreached), the counts say {expected:?}"
            ));
        }
        let solved = PocketState::solved().index();
        if table.value(solved) != 0 {
            return Err("solved is not at distance 0".into());
        }
        // Every other state must step down: a neighbour one move closer, (d − 1) mod 3.
        // Walked permutation by permutation (each move's permutation part looked up once for
        // 729 twists), the permutations split among the cores.
        let moves: Vec<usize> = FaceMove::pocket(metric).iter().map(|m| m.index()).collect();
        let t = tables();
        let twists = TWISTS as u32;
        let check = |perms: std::ops::Range<usize>| -> Result<(), String> {
            for p in perms {
                let prow = &t.perm[p];
                let bases: [u32; 9] = std::array::from_fn(|m| prow[m] as u32 * twists);
                for (q, trow) in t.twist.iter().enumerate() {
                    let i = p as u32 * twists + q as u32;
                    let want = (get(&table.packed, i) + 2) % 3;
                    let steps_down = moves
                        .iter()
                        .any(|&m| get(&table.packed, bases[m] + trow[m] as u32) == want);
                    if !steps_down && i != solved {
                        return Err(format!(
                            "state {i} has no neighbour one move closer (its distance does not step down)"
                        ));
                    }
                }
            }
            Ok(())
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        let chunk = t.perm.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|k| {
                    let range = k * chunk..((k + 1) * chunk).min(t.perm.len());
                    scope.spawn(move || check(range))
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|_| Err("the check failed".into())))
                .collect::<Result<Vec<()>, String>>()
        })?;
        Ok(table)
    }

    /// The metric the distances are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The number of states at each distance, from 0.
    pub fn distribution(&self) -> &[u64] {
        &self.counts
    }

    /// The largest distance: God's number for this metric.
    pub fn gods_number(&self) -> usize {
        self.counts.len() - 1
    }

    /// The packed distances mod 3, four states a byte (lowest bits first).
    pub fn packed(&self) -> &[u8] {
        &self.packed
    }

    /// The distance mod 3 of the state with index `index`.
    pub fn value(&self, index: u32) -> u8 {
        get(&self.packed, index)
    }

    /// An optimal solution, in moves of U, R and F, found by walking down the distances.
    pub fn solve(&self, state: &PocketState) -> Result<Vec<FaceMove>, PocketError> {
        let moves = FaceMove::pocket(self.metric);
        let goal = PocketState::solved().index();
        let mut index = state.index();
        let mut value = self.value(index);
        let mut out = Vec::new();
        while index != goal {
            if value == UNSEEN || out.len() >= self.counts.len() {
                return Err(PocketError::Table(format!(
                    "no way down from state {index} after {} moves",
                    out.len()
                )));
            }
            let want = (value + 2) % 3;
            let step = moves.iter().find_map(|&m| {
                let n = next_index(index, m.index());
                (self.value(n) == want).then_some((m, n))
            });
            let Some((m, n)) = step else {
                return Err(PocketError::Table(format!(
                    "state {index} has no neighbour one move closer"
                )));
            };
            out.push(m);
            index = n;
            value = want;
        }
        Ok(out)
    }

    /// The distance of a state from solved.
    pub fn distance(&self, state: &PocketState) -> Result<usize, PocketError> {
        Ok(self.solve(state)?.len())
    }
}

#[inline]
fn get(packed: &[u8], i: u32) -> u8 {
    (packed[(i / 4) as usize] >> (2 * (i % 4))) & 3
}

#[inline]
fn set(packed: &mut [u8], i: u32, v: u8) {
    let byte = &mut packed[(i / 4) as usize];
    let shift = 2 * (i % 4);
    *byte = (*byte & !(3 << shift)) | (v << shift);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// One breadth-first search per metric per test binary.
    pub(crate) fn table(metric: Metric) -> &'static DistanceTable {
        static TABLES: [OnceLock<DistanceTable>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[usize::from(metric != Metric::Qtm)].get_or_init(|| DistanceTable::build(metric))
    }

    #[test]
    fn quarter_turn_distribution_is_the_known_one() {
        let t = table(Metric::Qtm);
        assert_eq!(
            t.distribution(),
            [
                1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536,
                90280, 276
            ]
        );
        assert_eq!(t.distribution().iter().sum::<u64>(), 3_674_160);
        assert_eq!(t.gods_number(), 14);
    }

    #[test]
    fn half_turn_distribution_is_the_known_one() {
        let t = table(Metric::Htm);
        assert_eq!(
            t.distribution(),
            [
                1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
            ]
        );
        assert_eq!(t.distribution().iter().sum::<u64>(), 3_674_160);
        assert_eq!(t.gods_number(), 11);
    }

    #[test]
    fn solutions_solve_and_have_the_tables_length() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for metric in Metric::SEARCHED {
            let t = table(metric);
            let mut lengths = vec![0u64; t.distribution().len()];
            for _ in 0..3000 {
                let s = PocketState::from_index(rng.random_range(0..STATES as u32)).unwrap();
                let sol = t.solve(&s).unwrap();
                let mut u = s;
                for &m in &sol {
                    u = u.apply(m);
                }
                assert!(u.is_solved());
                assert_eq!(sol.len() % 3, t.value(s.index()) as usize);
                // Optimal: no neighbour is more than one move closer, and none of the moves
                // lead to a shorter solution.
                for &m in FaceMove::pocket(metric) {
                    let d = t.distance(&s.apply(m)).unwrap();
                    assert!(d + 1 >= sol.len());
                }
                lengths[sol.len()] += 1;
            }
            assert!(lengths[t.gods_number()] < 30, "{metric}: {lengths:?}");
        }
    }

    #[test]
    fn the_deepest_states_need_gods_number_of_moves() {
        for metric in Metric::SEARCHED {
            let t = table(metric);
            let far = (0..STATES as u32)
                .find(|&i| {
                    t.value(i) == (t.gods_number() % 3) as u8 && {
                        let s = PocketState::from_index(i).unwrap();
                        t.distance(&s).unwrap() == t.gods_number()
                    }
                })
                .unwrap();
            let s = PocketState::from_index(far).unwrap();
            assert_eq!(t.solve(&s).unwrap().len(), t.gods_number());
        }
    }

    #[test]
    fn from_parts_rejects_inconsistent_tables() {
        let t = table(Metric::Htm);
        let ok = DistanceTable::from_parts(Metric::Htm, t.packed.clone(), t.counts.clone());
        assert_eq!(ok.as_ref(), Ok(t));
        let mut counts = t.counts.clone();
        counts.swap(3, 4);
        assert!(DistanceTable::from_parts(Metric::Htm, t.packed.clone(), counts).is_err());
        let mut packed = t.packed.clone();
        packed[1000] ^= 0b01;
        assert!(DistanceTable::from_parts(Metric::Htm, packed, t.counts.clone()).is_err());
    }
}
