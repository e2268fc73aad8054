//! Pruning tables: for every class of a pair of coordinates, its exact distance from solved
//! in the moves of one phase, four bits an entry.
//!
//! A table pairs a coordinate reduced by symmetry (its class, [`crate::solve::model::sym::SymClasses`])
//! with a raw one: entry `class × n_raw + raw'`, where `raw'` is the raw coordinate seen
//! through the symmetry that takes the first coordinate to its class's representative. The
//! pair is a projection of the cube, so its distance never exceeds the cube's: a lower bound
//! for the search (admissible). Several small tables, each a different projection, are
//! looked up and the largest value taken.
//!
//! The tables are filled by breadth-first search from solved: forwards (every entry at
//! depth d makes every move) while the frontier is small, then backwards (every empty entry
//! looks for a neighbour at depth d) once most entries are filled, which reads far fewer.
//! When a representative is fixed by some symmetries, an entry has several equivalent
//! spellings, and all of them are filled together.

/// Four bits an entry, two entries a byte (the even one in the low half).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nibbles {
    bytes: Box<[u8]>,
    len: usize,
}

/// The value of an entry not reached yet, while a table is built.
const EMPTY: u8 = 0xF;

impl Nibbles {
    /// `len` entries, all `value`.
    pub fn filled(len: usize, value: u8) -> Nibbles {
        Nibbles {
            bytes: vec![value & 0xF | value << 4; len.div_ceil(2)].into_boxed_slice(),
            len,
        }
    }

    /// Entries from packed bytes, or `None` if there are not exactly enough bytes.
    pub fn from_bytes(bytes: Box<[u8]>, len: usize) -> Option<Nibbles> {
        (bytes.len() == len.div_ceil(2)).then_some(Nibbles { bytes, len })
    }

    /// The packed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Entry `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> u8 {
        (self.bytes[i >> 1] >> ((i & 1) << 2)) & 0xF
    }

    /// Sets entry `i`.
    #[inline]
    pub fn set(&mut self, i: usize, v: u8) {
        let shift = (i & 1) << 2;
        let b = &mut self.bytes[i >> 1];
        *b = *b & !(0xF << shift) | (v & 0xF) << shift;
    }

    /// How many entries have each value 0..16.
    pub fn distribution(&self) -> [u64; 16] {
        // The bytes are counted first, in four histograms in turn so that runs of equal
        // bytes (tables are full of them) do not each wait for the last increment of one
        // counter; then each byte value counts for both its nibbles.
        let mut bytes = [[0u64; 256]; 4];
        let mut quads = self.bytes.chunks_exact(4);
        for q in &mut quads {
            for (histogram, &b) in bytes.iter_mut().zip(q) {
                histogram[b as usize] += 1;
            }
        }
        for &b in quads.remainder() {
            bytes[0][b as usize] += 1;
        }
        let mut counts = [0u64; 16];
        for b in 0..256 {
            let n: u64 = bytes.iter().map(|h| h[b]).sum();
            counts[b & 0xF] += n;
            counts[b >> 4] += n;
        }
        // An odd count of entries leaves the last byte's high nibble unused.
        if self.len % 2 == 1
            && let Some(&last) = self.bytes.last()
        {
            counts[(last >> 4) as usize] -= 1;
        }
        counts
    }
}

/// The shape of a pruning table: a symmetry-reduced coordinate (`n_class` classes) paired
/// with a raw one (`n_raw` values), under `n_moves` moves.
pub(in crate::solve) struct PairSpec<C, R, J>
where
    C: Fn(usize, usize) -> (usize, usize),
    R: Fn(usize, usize) -> usize,
    J: Fn(usize, usize) -> usize,
{
    pub n_class: usize,
    pub n_raw: usize,
    pub n_moves: usize,
    /// `(class', s)`: the class of the representative of `class` after move `m`, and the
    /// symmetry that takes that cube to the representative of `class'`.
    pub class_move: C,
    /// The raw coordinate after move `m`.
    pub raw_move: R,
    /// The raw coordinate seen through symmetry `s`.
    pub raw_conj: J,
}

/// A [`PairSpec`] of borrowed closures, as a table's `with_spec` hands it to what reads it.
pub(in crate::solve) type DynPairSpec<'a> = PairSpec<
    &'a dyn Fn(usize, usize) -> (usize, usize),
    &'a dyn Fn(usize, usize) -> usize,
    &'a dyn Fn(usize, usize) -> usize,
>;

impl<C, R, J> PairSpec<C, R, J>
where
    C: Fn(usize, usize) -> (usize, usize),
    R: Fn(usize, usize) -> usize,
    J: Fn(usize, usize) -> usize,
{
    /// The entry reached from entry (`class`, `raw`) by move `m`.
    #[inline]
    fn step(&self, class: usize, raw: usize, m: usize) -> (usize, usize) {
        let (c, s) = (self.class_move)(class, m);
        (c, (self.raw_conj)((self.raw_move)(raw, m), s))
    }

    /// Whether entry `i` of `t` is consistent with its neighbours: none more than one away,
    /// and, unless it is solved (0), one a step closer.
    pub fn check_entry(&self, t: &Nibbles, i: usize) -> Result<(), String> {
        let v = t.get(i);
        let (class, raw) = (i / self.n_raw, i % self.n_raw);
        let mut closer = v == 0;
        for m in 0..self.n_moves {
            let (c, r) = self.step(class, raw, m);
            let w = t.get(c * self.n_raw + r);
            if w.abs_diff(v) > 1 {
                return Err(format!(
                    "entry {i} is {v} but its neighbour {} is {w}",
                    c * self.n_raw + r
                ));
            }
            closer |= w + 1 == v;
        }
        if closer {
            Ok(())
        } else {
            Err(format!("entry {i} is {v} but no neighbour is {}", v - 1))
        }
    }

    /// Fills the table by breadth-first search from solved (entry 0), calling `depth_done`
    /// after each depth with the number of entries filled so far. `self_sym` gives, for
    /// each class, the symmetries that fix its representative.
    pub fn build(&self, self_sym: &[u16], mut depth_done: impl FnMut(usize)) -> Nibbles {
        let n = self.n_class * self.n_raw;
        let mut t = Nibbles::filled(n, EMPTY);
        t.set(0, 0);
        let mut filled = 1;
        let mut depth = 0u8;
        while filled < n && depth < EMPTY - 1 {
            let backwards = filled > n / 3;
            let before = filled;
            for i in 0..n {
                let v = t.get(i);
                if backwards {
                    if v != EMPTY {
                        continue;
                    }
                    let (class, raw) = (i / self.n_raw, i % self.n_raw);
                    for m in 0..self.n_moves {
                        let (c, r) = self.step(class, raw, m);
                        if t.get(c * self.n_raw + r) == depth {
                            t.set(i, depth + 1);
                            filled += 1;
                            break;
                        }
                    }
                } else if v == depth {
                    let (class, raw) = (i / self.n_raw, i % self.n_raw);
                    for m in 0..self.n_moves {
                        let (c, r) = self.step(class, raw, m);
                        let j = c * self.n_raw + r;
                        if t.get(j) != EMPTY {
                            continue;
                        }
                        t.set(j, depth + 1);
                        filled += 1;
                        let mut fixed = self_sym[c] & !1;
                        while fixed != 0 {
                            let s = fixed.trailing_zeros() as usize;
                            fixed &= fixed - 1;
                            let k = c * self.n_raw + (self.raw_conj)(r, s);
                            if t.get(k) == EMPTY {
                                t.set(k, depth + 1);
                                filled += 1;
                            }
                        }
                    }
                }
            }
            depth += 1;
            depth_done(filled);
            if filled == before {
                break;
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_store_four_bits_each() {
        let mut t = Nibbles::filled(5, 0xF);
        assert_eq!(t.bytes().len(), 3);
        t.set(0, 3);
        t.set(1, 12);
        t.set(4, 7);
        assert_eq!(
            (0..5).map(|i| t.get(i)).collect::<Vec<_>>(),
            [3, 12, 15, 15, 7]
        );
        let d = t.distribution();
        assert_eq!((d[3], d[12], d[15], d[7]), (1, 1, 2, 1));
        assert!(Nibbles::from_bytes(vec![0; 2].into_boxed_slice(), 5).is_none());
    }

    #[test]
    fn the_distribution_counts_every_entry_once_and_no_padding() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(66);
        for len in 0..70 {
            let mut t = Nibbles::filled(len, rng.random_range(0..16));
            for i in 0..len {
                t.set(i, rng.random_range(0..16));
            }
            let mut naive = [0u64; 16];
            for i in 0..len {
                naive[t.get(i) as usize] += 1;
            }
            assert_eq!(t.distribution(), naive, "{len} entries");
        }
    }

    #[test]
    fn a_plain_table_is_breadth_first_distance() {
        // One class, raw values on a cycle of 10 with moves ±1: distance min(i, 10 − i).
        let spec = PairSpec {
            n_class: 1,
            n_raw: 10,
            n_moves: 2,
            class_move: |_, _| (0, 0),
            raw_move: |r, m| if m == 0 { (r + 1) % 10 } else { (r + 9) % 10 },
            raw_conj: |r, _| r,
        };
        let t = spec.build(&[1], |_| {});
        let d: Vec<u8> = (0..10).map(|i| t.get(i)).collect();
        assert_eq!(d, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
    }
}
