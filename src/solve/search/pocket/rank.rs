//! Myrvold and Ruskey's linear-time ranking and unranking of permutations.
//!
//! W. Myrvold and F. Ruskey, *Ranking and Unranking Permutations in Linear Time*, Information
//! Processing Letters 79 (2001) 281–284, in the form of the 2×2×2 notes: unranking starts
//! from the identity and, for k = n−1 down to 1, swaps places k and ⌊r / k!⌋ (r taken mod k!
//! as it goes); ranking undoes those swaps from the top using the inverse permutation, so
//! both run in O(n). The ranks are a bijection onto 0..n! but not lexicographic order: the
//! identity ranks n! − 1.

/// The largest n whose n! fits a `u64`.
pub const MAX_N: usize = 20;

const fn factorials() -> [u64; MAX_N + 1] {
    let mut f = [1u64; MAX_N + 1];
    let mut i = 1;
    while i <= MAX_N {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
}

/// `FACTORIAL[k]` is k!.
pub const FACTORIAL: [u64; MAX_N + 1] = factorials();

/// The rank of a permutation of `0..n` (n ≤ 20), or `None` if `p` is not one.
///
/// ```
/// use cubework::solve::search::pocket::rank::{rank, unrank};
/// assert_eq!(rank(&[0, 1, 2]), Some(5)); // the identity ranks n! - 1
/// assert_eq!(unrank(5, 3), Some(vec![0, 1, 2]));
/// let p = vec![3, 0, 6, 2, 5, 1, 4];
/// assert_eq!(unrank(rank(&p).unwrap(), 7), Some(p));
/// assert_eq!(rank(&[0, 0, 1]), None);
/// ```
pub fn rank(p: &[u8]) -> Option<u64> {
    let n = p.len();
    if n > MAX_N {
        return None;
    }
    let mut seen = 0u32;
    for &v in p {
        if v as usize >= n || seen & (1 << v) != 0 {
            return None;
        }
        seen |= 1 << v;
    }
    let mut perm = [0u8; MAX_N];
    perm[..n].copy_from_slice(p);
    Some(rank_slice(&mut perm[..n]))
}

/// Ranks a permutation in place (it is scrambled on return). The caller guarantees that `p`
/// is a permutation of `0..p.len()` with at most [`MAX_N`] elements.
fn rank_slice(p: &mut [u8]) -> u64 {
    let n = p.len();
    let mut inv = [0u8; MAX_N];
    for (i, &v) in p.iter().enumerate() {
        inv[v as usize] = i as u8;
    }
    let mut r = 0u64;
    for k in (1..n).rev() {
        let s = p[k] as usize;
        let qk = inv[k] as usize;
        p.swap(k, qk);
        inv.swap(k, s);
        r += s as u64 * FACTORIAL[k];
    }
    r
}

/// The permutation of `0..n` with rank `r`, or `None` if n > 20 or r ≥ n!.
pub fn unrank(r: u64, n: usize) -> Option<Vec<u8>> {
    if n > MAX_N || r >= FACTORIAL[n] {
        return None;
    }
    let mut p: Vec<u8> = (0..n as u8).collect();
    unrank_slice(r, &mut p);
    Some(p)
}

/// Unranks into `p`, whose length is n; the caller guarantees r < n!.
fn unrank_slice(mut r: u64, p: &mut [u8]) {
    for (i, v) in p.iter_mut().enumerate() {
        *v = i as u8;
    }
    for k in (1..p.len()).rev() {
        let s = (r / FACTORIAL[k]) as usize;
        r %= FACTORIAL[k];
        p.swap(k, s);
    }
}

/// Rank of a permutation of 0..7 known to be valid (the pocket cube's hot path).
pub(crate) fn rank7(p: [u8; 7]) -> u16 {
    let mut p = p;
    rank_slice(&mut p) as u16
}

/// Unranks r < 5040 into a permutation of 0..7.
pub(crate) fn unrank7(r: u16) -> [u8; 7] {
    let mut p = [0u8; 7];
    unrank_slice(r as u64, &mut p);
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// All permutations of 0..n in lexicographic order, independently of the ranking.
    fn all_perms(n: usize) -> Vec<Vec<u8>> {
        let mut p: Vec<u8> = (0..n as u8).collect();
        let mut out = vec![p.clone()];
        loop {
            let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| p[i] < p[i + 1]) else {
                return out;
            };
            let j = (i + 1..n).rev().find(|&j| p[j] > p[i]).unwrap();
            p.swap(i, j);
            p[i + 1..].reverse();
            out.push(p.clone());
        }
    }

    #[test]
    fn round_trip_on_all_5040_permutations_of_seven() {
        let perms = all_perms(7);
        assert_eq!(perms.len(), 5040);
        let mut ranks = HashSet::new();
        for p in &perms {
            let r = rank(p).unwrap();
            assert!(r < 5040);
            assert!(ranks.insert(r), "rank {r} given twice");
            assert_eq!(unrank(r, 7).as_ref(), Some(p));
            let arr: [u8; 7] = p.as_slice().try_into().unwrap();
            assert_eq!(rank7(arr) as u64, r);
            assert_eq!(unrank7(r as u16), arr);
        }
        assert_eq!(ranks.len(), 5040);
        for r in 0..5040 {
            assert_eq!(rank(&unrank(r, 7).unwrap()), Some(r));
        }
    }

    #[test]
    fn small_and_invalid_inputs() {
        assert_eq!(rank(&[]), Some(0));
        assert_eq!(rank(&[0]), Some(0));
        assert_eq!(unrank(0, 0), Some(vec![]));
        assert_eq!(unrank(6, 3), None);
        assert_eq!(unrank(0, 21), None);
        assert_eq!(rank(&[0, 3, 1]), None);
        assert_eq!(rank(&(0..21).collect::<Vec<u8>>()), None);
        // Every n up to 6: a bijection onto 0..n!.
        for (n, &count) in FACTORIAL.iter().enumerate().take(7) {
            let ranks: HashSet<u64> = all_perms(n).iter().map(|p| rank(p).unwrap()).collect();
            assert_eq!(ranks, (0..count).collect());
        }
    }

    proptest! {
        #![proptest_config(crate::proptest_config(256))]
        #[test]
        fn round_trip_up_to_twenty(n in 0usize..=20, seed in any::<u64>()) {
            let r = seed % FACTORIAL[n];
            let p = unrank(r, n).unwrap();
            prop_assert_eq!(rank(&p), Some(r));
        }
    }
}
