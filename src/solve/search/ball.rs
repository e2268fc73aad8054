//! Every state within a few moves of solved, found breadth-first and kept compactly: one
//! 64-bit word a state — the state's fingerprint with its distance and the last move that
//! reached it in the low byte — sorted, with a directory of bucket starts for lookups.

use crate::solve::model::cubie::CubieCube;
use crate::turn::moves::FaceMove;

/// The low byte of an entry: distance (3 bits) and move index (5 bits).
const LOW: u64 = 0xFF;

#[inline]
fn entry(fp: u64, depth: u8, m: FaceMove) -> u64 {
    (fp & !LOW) | (depth as u64) << 5 | m.index() as u64
}

/// The states within `radius` moves of solved.
pub(crate) struct Ball {
    moves: &'static [FaceMove],
    entries: Vec<u64>,
    dir: Vec<u32>,
    bits: u32,
    radius: u8,
    /// The states at distance `radius`, while the ball may still grow.
    frontier: Vec<CubieCube>,
    counts: Vec<u64>,
}

impl Ball {
    /// The ball of radius 0: solved alone.
    pub(crate) fn new(moves: &'static [FaceMove]) -> Ball {
        let solved = CubieCube::solved();
        let mut ball = Ball {
            moves,
            entries: vec![entry(solved.fingerprint(), 0, FaceMove::ALL[0])],
            dir: Vec::new(),
            bits: 0,
            radius: 0,
            frontier: vec![solved],
            counts: vec![1],
        };
        ball.index();
        ball
    }

    pub(crate) fn radius(&self) -> u8 {
        self.radius
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// States at each distance.
    #[cfg(test)]
    pub(crate) fn counts(&self) -> &[u64] {
        &self.counts
    }

    fn index(&mut self) {
        let n = self.entries.len().max(1);
        self.bits = (usize::BITS - n.leading_zeros()).saturating_sub(2).max(1);
        let buckets = 1usize << self.bits;
        let mut dir = vec![0u32; buckets + 1];
        let mut b = 0;
        for (i, &e) in self.entries.iter().enumerate() {
            let eb = (e >> (64 - self.bits)) as usize;
            while b <= eb {
                dir[b] = i as u32;
                b += 1;
            }
        }
        while b <= buckets {
            dir[b] = self.entries.len() as u32;
            b += 1;
        }
        self.dir = dir;
    }

    /// The distance of a state with this fingerprint and the last move that reached it.
    #[inline]
    pub(crate) fn lookup(&self, fp: u64) -> Option<(u8, FaceMove)> {
        let b = (fp >> (64 - self.bits)) as usize;
        let (lo, hi) = (self.dir[b] as usize, self.dir[b + 1] as usize);
        let key = fp & !LOW;
        self.entries[lo..hi].iter().find_map(|&e| {
            (e & !LOW == key).then(|| (((e >> 5) & 7) as u8, FaceMove::ALL[(e & 31) as usize]))
        })
    }

    /// Whether each of up to 18 fingerprints is in the ball, answered together so that the
    /// memory reads of the lookups overlap.
    #[inline]
    pub(crate) fn contains_many(&self, fps: &[u64], found: &mut [bool]) {
        let shift = 64 - self.bits;
        let mut ranges = [(0u32, 0u32); 18];
        for (r, &fp) in ranges.iter_mut().zip(fps) {
            let b = (fp >> shift) as usize;
            *r = (self.dir[b], self.dir[b + 1]);
        }
        for ((f, &(lo, hi)), &fp) in found.iter_mut().zip(&ranges).zip(fps) {
            let key = fp & !LOW;
            *f = self.entries[lo as usize..hi as usize]
                .iter()
                .any(|&e| e & !LOW == key);
        }
    }

    /// Adds the states one move further out. `keep` says whether to keep them whole, for a
    /// later growth; otherwise only their fingerprints are kept.
    ///
    /// Every move from every state at the edge is made and fingerprinted; the fingerprints
    /// are sorted, and those already in the ball (found by walking the two sorted lists side
    /// by side, not by lookups, which would read memory at random) are dropped.
    pub(crate) fn grow(&mut self, keep: bool) {
        let depth = self.radius + 1;
        let frontier = std::mem::take(&mut self.frontier);
        let mut keys: Vec<u64>;
        if keep {
            let mut found: Vec<(u64, CubieCube)> =
                Vec::with_capacity(frontier.len() * self.moves.len());
            for s in &frontier {
                for &m in self.moves {
                    let n = s.apply(m);
                    found.push((entry(n.fingerprint(), depth, m), n));
                }
            }
            found.sort_unstable_by_key(|&(e, _)| e);
            found.dedup_by_key(|(e, _)| *e & !LOW);
            let old = &self.entries;
            let mut at = 0;
            found.retain(|&(e, _)| !seen(old, &mut at, e));
            keys = found.iter().map(|&(e, _)| e).collect();
            self.frontier = found.into_iter().map(|(_, s)| s).collect();
        } else {
            keys = Vec::with_capacity(frontier.len() * self.moves.len());
            for s in &frontier {
                for &m in self.moves {
                    keys.push(entry(s.apply(m).fingerprint(), depth, m));
                }
            }
            drop(frontier);
            keys.sort_unstable();
            keys.dedup_by_key(|e| *e & !LOW);
            let old = &self.entries;
            let mut at = 0;
            keys.retain(|&e| !seen(old, &mut at, e));
        }
        self.counts.push(keys.len() as u64);
        self.entries = merge(&self.entries, &keys);
        self.radius = depth;
        self.index();
    }

    /// The moves from a state in the ball back to solved, or `None` if the walk breaks (a
    /// fingerprint shared by a state outside the ball).
    pub(crate) fn path_home(&self, mut s: CubieCube) -> Option<Vec<FaceMove>> {
        let (start, _) = self.lookup(s.fingerprint())?;
        let mut path = Vec::with_capacity(start as usize);
        while !s.is_solved() {
            let (d, m) = self.lookup(s.fingerprint())?;
            if d as usize + path.len() != start as usize || d == 0 {
                return None;
            }
            let back = m.inverse();
            path.push(back);
            s = s.apply(back);
        }
        Some(path)
    }
}

/// Whether `e`'s fingerprint is in the sorted list `old`, for keys asked in increasing order;
/// `at` remembers where the last search ended.
#[inline]
fn seen(old: &[u64], at: &mut usize, e: u64) -> bool {
    let key = e & !LOW;
    while *at < old.len() && old[*at] & !LOW < key {
        *at += 1;
    }
    *at < old.len() && old[*at] & !LOW == key
}

/// The union of two sorted lists, sorted.
fn merge(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::metric::Metric;

    #[test]
    fn ball_sizes_are_the_known_counts() {
        let mut half = Ball::new(FaceMove::of(Metric::Htm));
        for _ in 0..4 {
            half.grow(true);
        }
        assert_eq!(half.counts(), [1, 18, 243, 3240, 43239]);
        let mut quarter = Ball::new(FaceMove::of(Metric::Qtm));
        for r in 0..5 {
            quarter.grow(r < 4);
        }
        assert_eq!(quarter.counts(), [1, 12, 114, 1068, 10011, 93840]);
        assert_eq!(quarter.len(), 1 + 12 + 114 + 1068 + 10011 + 93840);
    }

    /// The largest balls lose no state to a shared fingerprint: their counts are the known
    /// numbers of positions at each distance (OEIS A080601 and A080638). Slow in debug; run
    /// with `cargo test --release --lib ball -- --ignored`.
    #[test]
    #[ignore]
    fn full_balls_have_the_known_counts() {
        let mut half = Ball::new(FaceMove::of(Metric::Htm));
        for r in 0..6 {
            half.grow(r < 5);
        }
        assert_eq!(half.counts(), [1, 18, 243, 3240, 43239, 574908, 7618438]);
        let mut quarter = Ball::new(FaceMove::of(Metric::Qtm));
        for r in 0..7 {
            quarter.grow(r < 6);
        }
        assert_eq!(
            quarter.counts(),
            [1, 12, 114, 1068, 10011, 93840, 878880, 8221632]
        );
    }

    #[test]
    fn paths_home_solve() {
        let mut ball = Ball::new(FaceMove::of(Metric::Htm));
        for _ in 0..3 {
            ball.grow(true);
        }
        let s =
            CubieCube::solved().apply_all(&[FaceMove::ALL[3], FaceMove::ALL[1], FaceMove::ALL[8]]);
        let (d, _) = ball.lookup(s.fingerprint()).unwrap();
        assert_eq!(d, 3);
        let path = ball.path_home(s).unwrap();
        assert_eq!(path.len(), 3);
        assert!(s.apply_all(&path).is_solved());
        let far = s.apply(FaceMove::ALL[12]);
        assert!(ball.lookup(far.fingerprint()).is_none());
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    use crate::base::clock::Instant;
    use crate::turn::metric::Metric;
    use std::time::Duration;

    fn best(mut f: impl FnMut() -> u64) -> (Duration, u64) {
        let mut best = Duration::MAX;
        let mut out = 0;
        for _ in 0..5 {
            let t = Instant::now();
            out = f();
            best = best.min(t.elapsed());
        }
        (best, out)
    }

    /// Run with `cargo test --release --lib solve::ball::timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn ball_timing() {
        let mut ball = Ball::new(FaceMove::of(Metric::Htm));
        for _ in 0..5 {
            ball.grow(true);
        }
        let (t, n) = best(|| {
            let mut b = Ball {
                moves: ball.moves,
                entries: ball.entries.clone(),
                dir: ball.dir.clone(),
                bits: ball.bits,
                radius: ball.radius,
                frontier: ball.frontier.clone(),
                counts: ball.counts.clone(),
            };
            b.grow(false);
            b.len() as u64
        });
        println!("radius 6 ({n} states): {t:?}");
        let states: Vec<CubieCube> = ball.frontier.clone();
        let (t, _) = best(|| {
            let mut acc = 0;
            for s in &states {
                for &m in FaceMove::ALL.iter() {
                    acc ^= s.apply(m).corners().perm[0] as u64;
                }
            }
            acc
        });
        println!("{} applies: {t:?}", states.len() * 18);
        let (t, _) = best(|| states.iter().map(|s| s.fingerprint()).fold(0, |a, b| a ^ b));
        println!("{} fingerprints: {t:?}", states.len());
        let (t, _) = best(|| {
            states
                .iter()
                .filter(|s| ball.lookup(s.fingerprint()).is_some())
                .count() as u64
        });
        println!(
            "{} lookups in a ball of {}: {t:?}",
            states.len(),
            ball.len()
        );
        let (t, _) = best(|| {
            let mut v: Vec<u64> = (0..8_600_000u64)
                .map(|i| i.wrapping_mul(0x9e3779b97f4a7c15))
                .collect();
            v.sort_unstable();
            v[0]
        });
        println!("make and sort 8.6M: {t:?}");
    }
}
