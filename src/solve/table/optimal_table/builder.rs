//! Building a table: breadth-first from H, one depth a pass, a row at a time (see the
//! module docs of [`super`]).

use crate::base::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};

use super::storage::Dist;
use super::{
    AxisMoves, AxisTable, BuildLog, EMPTY, MAX_DEPTH, ROW, ROW_BYTES, STRIPE_BYTES, SliceKind,
    floor_bytes,
};
use crate::base::cancel::Cancelled;
use crate::base::table_cache::room::NoRoom;
use crate::solve::SolveError;
use crate::solve::model::coord::N_TWIST;
use crate::solve::model::sym::UD_SYMS;

impl AxisTable {
    /// Builds the table on `threads` threads; `progress(done, total)` hears how many entries
    /// are filled, from the calling thread. Ctrl-C stops it within moments; memory that
    /// cannot be had is an error ([`SolveError::NoRoom`]), never an abort.
    pub fn build(
        kind: SliceKind,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(AxisTable, BuildLog), SolveError> {
        let moves = AxisMoves::new(kind);
        let rows = moves.rows();
        let total = moves.entries();
        let dist_len = rows * ROW_BYTES;
        let need = dist_len + floor_bytes(dist_len);
        let mut bytes = crate::base::table_cache::large_vec(need).map_err(|_| {
            NoRoom(format!(
                "the {} table is not built: the {} of memory building it needs cannot be had",
                super::table_file(kind).name,
                crate::base::table_cache::room::readable(need as u64)
            ))
        })?;
        // Filled 64 MiB at a time, so that Ctrl-C is heard during a fill of gigabytes.
        const FILL: usize = 64 << 20;
        while bytes.len() < dist_len {
            crate::base::cancel::check()?;
            let more = (dist_len - bytes.len()).min(FILL);
            bytes.resize(bytes.len() + more, 0xFF);
        }
        // The least depth in each stripe, found as the passes reach it.
        let mut floors = vec![UNSET; dist_len.div_ceil(STRIPE_BYTES)];
        floors[0] = 0;
        // SAFETY: AtomicU8 has the size, alignment and bit validity of u8; the vector is
        // not touched again until the atomics are gone.
        let cells: &[AtomicU8] =
            unsafe { &*(bytes.as_mut_slice() as *mut [u8] as *const [AtomicU8]) };
        let b = Builder::new(&moves, cells);
        b.set(0, 0);
        let mut counts = vec![1u64];
        let mut filled = 1u64;
        let mut log = BuildLog::default();
        progress(filled, total);
        let mut depth = 0u8;
        while filled < total {
            if depth as usize + 1 >= MAX_DEPTH {
                unreachable!("the table is shallower than {MAX_DEPTH}");
            }
            let frontier = counts[depth as usize];
            let empty = total - filled;
            // Forwards costs a scattered write a move for each entry at this depth; backwards
            // a search of its row's neighbours for each empty entry, most of which find one
            // after a few moves once they are the bulk of the table.
            let forwards = frontier.saturating_mul(6) < empty;
            let started = Instant::now();
            let found = b.pass(depth, forwards, threads, &mut |done| {
                progress(filled + done, total)
            })?;
            log.passes
                .push((depth + 1, forwards, found, started.elapsed().as_secs_f64()));
            if found == 0 {
                break;
            }
            mark_floors(cells, &mut floors, depth + 1)?;
            filled += found;
            counts.push(found);
            depth += 1;
        }
        drop(b);
        bytes.extend(pack_floors(&floors));
        let dist = Dist::owned(bytes, 0);
        Ok((
            AxisTable {
                moves,
                dist,
                floors_at: dist_len,
                counts,
            },
            log,
        ))
    }
}

/// A stripe's floor before any of its entries is reached.
const UNSET: u8 = 0xFF;

/// Sets the floor of every stripe not reached before whose entries `depth` has reached: the
/// passes go up a depth at a time, so the first depth to reach a stripe is its least.
/// Ctrl-C stops it (it reads the whole table, seconds for the largest).
fn mark_floors(cells: &[AtomicU8], floors: &mut [u8], depth: u8) -> Result<(), Cancelled> {
    for (k, floor) in floors.iter_mut().enumerate() {
        if k % 1024 == 0 {
            crate::base::cancel::check()?;
        }
        if *floor != UNSET {
            continue;
        }
        let start = k * STRIPE_BYTES;
        let stripe = &cells[start..(start + STRIPE_BYTES).min(cells.len())];
        // A byte of four empty entries is all ones.
        if stripe.iter().any(|c| c.load(Ordering::Relaxed) != 0xFF) {
            *floor = depth;
        }
    }
    Ok(())
}

/// The floors two to a byte, the first stripe's in the low four bits (15 at most: no table
/// is that deep).
fn pack_floors(floors: &[u8]) -> Vec<u8> {
    floors
        .chunks(2)
        .map(|pair| pair[0].min(15) | pair.get(1).map_or(0, |&f| f.min(15)) << 4)
        .collect()
}

/// Rows handed to a thread at a time.
const CHUNK: usize = 64;

/// `MATCH[v][byte]`: which of the byte's four entries have value `v`, as four bits.
const MATCH: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut v = 0;
    while v < 4 {
        let mut b = 0;
        while b < 256 {
            let mut k = 0;
            while k < 4 {
                if (b >> (2 * k)) & 3 == v {
                    t[v][b] |= 1 << k;
                }
                k += 1;
            }
            b += 1;
        }
        v += 1;
    }
    t
};

struct Builder<'a> {
    m: &'a AxisMoves,
    cells: &'a [AtomicU8],
    /// `twist_ms[(m * 16 + s) * 2187 + t]`: twist `t` after move `m`, seen through `s`.
    twist_ms: Box<[u16]>,
}

impl<'a> Builder<'a> {
    fn new(m: &'a AxisMoves, cells: &'a [AtomicU8]) -> Builder<'a> {
        let mut twist_ms = vec![0u16; 18 * UD_SYMS * N_TWIST];
        for mv in 0..18 {
            for s in 0..UD_SYMS {
                for t in 0..N_TWIST {
                    let moved = m.twist_move[t * 18 + mv] as usize;
                    twist_ms[(mv * UD_SYMS + s) * N_TWIST + t] = m.twist_conj[moved * UD_SYMS + s];
                }
            }
        }
        Builder {
            m,
            cells,
            twist_ms: twist_ms.into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        self.cells[i >> 2].load(Ordering::Relaxed) >> ((i & 3) << 1) & 3
    }

    /// Sets an entry that no other thread writes.
    #[inline(always)]
    fn set(&self, i: usize, v: u8) {
        let cell = &self.cells[i >> 2];
        let shift = (i & 3) << 1;
        let b = cell.load(Ordering::Relaxed);
        cell.store(b & !(3 << shift) | v << shift, Ordering::Relaxed);
    }

    /// Sets an empty entry that other threads may write too; whether it was empty.
    #[inline(always)]
    fn set_shared(&self, i: usize, v: u8) -> bool {
        let shift = (i & 3) << 1;
        let old = self.cells[i >> 2].fetch_and(!((EMPTY ^ v) << shift), Ordering::Relaxed);
        old >> shift & 3 == EMPTY
    }

    /// The twists of `row` whose value is `v`, into `out`; how many.
    fn collect(&self, row: usize, v: u8, out: &mut [u16; ROW]) -> usize {
        let mut n = 0;
        let base = row * ROW_BYTES;
        for k in 0..ROW_BYTES {
            let mut bits = MATCH[v as usize][self.cells[base + k].load(Ordering::Relaxed) as usize];
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let t = 4 * k + j;
                if t < N_TWIST {
                    out[n] = t as u16;
                    n += 1;
                }
            }
        }
        n
    }

    /// One breadth-first pass from depth `d`, on `threads` threads; entries found.
    fn pass(
        &self,
        d: u8,
        forwards: bool,
        threads: usize,
        progress: &mut dyn FnMut(u64),
    ) -> Result<u64, Cancelled> {
        let rows = self.m.rows();
        let next = AtomicUsize::new(0);
        let found = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let work = |report: &mut dyn FnMut(u64)| {
            let mut twists = [0u16; ROW];
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                if crate::base::cancel::requested() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= rows {
                    return;
                }
                let mut n = 0;
                for row in start..(start + CHUNK).min(rows) {
                    n += if forwards {
                        self.forward_row(row, d, &mut twists)
                    } else {
                        self.backward_row(row, d, &mut twists)
                    };
                }
                let so_far = found.fetch_add(n, Ordering::Relaxed) + n;
                report(so_far);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..threads.max(1) {
                scope.spawn(|| work(&mut |_| {}));
            }
            work(progress);
        });
        if stop.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        Ok(found.into_inner())
    }

    fn forward_row(&self, row: usize, d: u8, twists: &mut [u16; ROW]) -> u64 {
        let n = self.collect(row, d % 3, twists);
        if n == 0 {
            return 0;
        }
        let v = (d + 1) % 3;
        let mut found = 0;
        for mv in 0..18 {
            let (row2, s) = self.m.row_step(row, mv);
            let tt = &self.twist_ms[(mv * UD_SYMS + s) * N_TWIST..][..N_TWIST];
            let class = row2 / self.m.kind.flips();
            let stab = self.m.slice_stab[class] & !1;
            for &t in &twists[..n] {
                let t2 = tt[t as usize] as usize;
                let i = row2 * ROW + t2;
                if self.get(i) == EMPTY && self.set_shared(i, v) {
                    found += 1;
                }
                if stab != 0 {
                    found += self.other_spellings(row2, t2, stab, v);
                }
            }
        }
        found
    }

    /// Sets the entries that spell the same coset as (`row`, `twist`) through the symmetries
    /// in `stab` (which fix the row's representative); how many were empty.
    #[cold]
    fn other_spellings(&self, row: usize, twist: usize, stab: u16, v: u8) -> u64 {
        let m = self.m;
        let mut found = 0;
        let mut bits = stab;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let t = m.twist_conj[twist * UD_SYMS + s] as usize;
            let i = m.row_through(row, s) * ROW + t;
            if self.get(i) == EMPTY && self.set_shared(i, v) {
                found += 1;
            }
        }
        found
    }

    fn backward_row(&self, row: usize, d: u8, twists: &mut [u16; ROW]) -> u64 {
        let mut n = self.collect(row, EMPTY, twists);
        if n == 0 {
            return 0;
        }
        let (want, v) = (d % 3, (d + 1) % 3);
        let before = n;
        for mv in 0..18 {
            let (row2, s) = self.m.row_step(row, mv);
            let tt = &self.twist_ms[(mv * UD_SYMS + s) * N_TWIST..][..N_TWIST];
            let base = row2 * ROW;
            let mut k = 0;
            while k < n {
                let t = twists[k] as usize;
                if self.get(base + tt[t] as usize) == want {
                    self.set(row * ROW + t, v);
                    n -= 1;
                    twists[k] = twists[n];
                } else {
                    k += 1;
                }
            }
            if n == 0 {
                break;
            }
        }
        (before - n) as u64
    }
}
