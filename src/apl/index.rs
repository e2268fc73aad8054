//! Indexing, `A[i;j;…]` and `A[i;j;…]←V`: which cells index lists select (their row-major
//! offsets), taking them, and changing them. Lists written out keep their cells in the tree
//! ([`super::tree::Indices`]), so an array of the same shape takes them again without working
//! them out; small lists evaluated or named are remembered with the cells they took, taken
//! again while the same lists come back.

use std::borrow::Cow;
use std::sync::MutexGuard;

use super::args::check_atoms;
use super::args::check_size;
use super::error::{ErrorKind, err};
use super::origin;
use super::tree::{Cells, Indices, Recent};
use super::value::{Elem, Value};

type R<T> = Result<T, super::error::AplError>;

/// The positions (origin 0) one index list selects along an axis of `len`.
fn positions(v: &Value, len: usize) -> R<Vec<usize>> {
    let mut p = Vec::with_capacity(v.0.len());
    let io = origin();
    // Read where they are (a reversed or transposed list by its strides), not copied first.
    let mut refused = None;
    v.each_item(|e| {
        if refused.is_none() {
            match position(e, len, io) {
                Ok(at) => p.push(at),
                Err(e) => refused = Some(e),
            }
        }
    });
    match refused {
        Some(e) => Err(e),
        None => Ok(p),
    }
}

/// The position (origin 0) one index `e` selects along an axis of `len`, at origin `io`.
#[inline]
fn position(e: &Elem, len: usize, io: usize) -> R<usize> {
    // A whole number within the axis (checked without a call to round it).
    if let Elem::Num(n) = *e {
        let n0 = n - io as f64;
        if n0 >= 0.0 && n0 < len as f64 && n0 as usize as f64 == n0 {
            return Ok(n0 as usize);
        }
    }
    position_refused(e, len, io)
}

/// Why index `e` selects no position along an axis of `len` (or the position of one that is
/// whole only as far as floating point tells).
#[cold]
fn position_refused(e: &Elem, len: usize, io: usize) -> R<usize> {
    let n = match e {
        Elem::Num(n) => *n,
        _ => return err(ErrorKind::Domain, "an index is a whole number"),
    };
    let n0 = n - io as f64;
    if n.fract() != 0.0 {
        return err(
            ErrorKind::Domain,
            format!(
                "an index is a whole number, not {}",
                super::value::format_number(n)
            ),
        );
    }
    if n0 < 0.0 || n0 >= len as f64 {
        return err(
            ErrorKind::Index,
            format!(
                "index {} of an axis of length {len}",
                super::value::format_number(n)
            ),
        );
    }
    Ok(n0 as usize)
}

/// The row-major offsets into `A` of the cells `A[i;j;…]` selects, in the result's order,
/// and the result's shape (the index lists' shapes joined).
fn offsets(a: &Value, idx: &[Option<Cow<Value>>]) -> R<(Vec<usize>, Vec<usize>)> {
    if idx.len() != a.rank() {
        return err(
            ErrorKind::Rank,
            format!("{} indices for an array of rank {}", idx.len(), a.rank()),
        );
    }
    let dims = a.shape();
    let mut lists = Vec::with_capacity(idx.len());
    let mut shape = Vec::with_capacity(idx.len());
    let mut count = 1usize;
    for (i, &len) in idx.iter().zip(dims) {
        let list = match i {
            None => {
                shape.push(len);
                None
            }
            Some(v) => {
                shape.extend_from_slice(v.shape());
                Some(positions(v, len)?)
            }
        };
        count = count.saturating_mul(list.as_ref().map_or(len, Vec::len));
        lists.push(list);
    }
    check_size(count)?;
    let mut strides: smallvec::SmallVec<[usize; 4]> = smallvec::smallvec![1; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * dims[k + 1];
    }
    let mut out = Vec::with_capacity(count);
    gather_offsets(&lists, dims, &strides, 0, &mut out);
    Ok((out, shape))
}

/// Every offset `base` plus one position of each axis the lists name (an elided one, every
/// position), the last axis fastest.
fn gather_offsets(
    lists: &[Option<Vec<usize>>],
    dims: &[usize],
    strides: &[usize],
    base: usize,
    out: &mut Vec<usize>,
) {
    match lists {
        [] => out.push(base),
        // The last axis: a run of offsets at once, as a range where it is elided.
        [last] => match last {
            None => out.extend(base..base + dims[0]),
            Some(p) => out.extend(p.iter().map(|&i| base + i)),
        },
        [list, rest @ ..] => {
            let stride = strides[0];
            let mut each =
                |i: usize| gather_offsets(rest, &dims[1..], &strides[1..], base + i * stride, out);
            match list {
                None => (0..dims[0]).for_each(&mut each),
                Some(p) => p.iter().for_each(|&i| each(i)),
            }
        }
    }
}

/// `A[i;j;…]`.
pub(crate) fn index(a: &Value, idx: &[Option<Cow<Value>>]) -> R<Value> {
    // A vector indexed by one list: its items taken, no offsets made first.
    // (The rank is asked first: it is one read, where a dynamic shape's layout is a loop.)
    if a.rank() == 1
        && let [Some(list)] = idx
        && let Some(items) = a.0.as_slice()
    {
        return pick(items, &picks(list, items.len(), origin())?, list);
    }
    take(a, &cells(a, idx)?)
}

/// The positions (origin 0) one index list selects from a vector of `len` items, counted
/// from `io`, and whether any comes twice: worked out once where a list indexes many
/// vectors of one length (`⍵[⍺]` under `¨`).
pub(crate) struct Picks {
    len: usize,
    at: Vec<usize>,
    again: bool,
}

impl Picks {
    /// The length of the vectors they index.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// The `Picks` of `list` in a vector of `len` items at origin `io`.
pub(crate) fn picks(list: &Value, len: usize, io: usize) -> R<Picks> {
    let list_items = list.row_major();
    let mut at = Vec::with_capacity(list_items.len());
    let mut seen = Seen::default();
    let mut again = list_items.len() > len;
    for e in list_items.iter() {
        let o = position(e, len, io)?;
        again |= seen.again(o);
        at.push(o);
    }
    Ok(Picks { len, at, again })
}

/// The items of a vector (`items`, as many as `picks` were worked out for) at `picks`, of
/// the shape of the list they came from.
pub(crate) fn pick(items: &[Elem], picks: &Picks, list: &Value) -> R<Value> {
    debug_assert_eq!(items.len(), picks.len);
    let taken = picks.at.iter().map(|&o| items[o].clone()).collect();
    let out = match list.rank() {
        1 => Value::vector(taken),
        _ => Value::from_shape(list.shape(), taken),
    };
    // Items each taken once hold no more atoms than the vector did.
    if picks.again {
        check_atoms(&out)?;
    }
    Ok(out)
}

/// `A[i;j;…]` where the lists are those of `idx`: by the cells kept there when they are
/// written out (worked out now the first time), or those the same lists took last time.
pub(super) fn index_kept(a: &Value, idx: &Indices, lists: &[Option<Cow<Value>>]) -> R<Value> {
    if !idx.written && !recent_fits(lists) {
        return index(a, lists);
    }
    take(a, &*cells_kept(a, idx, lists)?)
}

/// The cells `lists` (those of `idx`) took, held where they are kept, or made now.
pub(super) enum CellsAt<'i> {
    /// Kept in `idx` for lists written out.
    Kept(&'i Cells),
    /// Those the lists last seen took, held while they are read.
    Recent(MutexGuard<'i, Option<Box<Recent>>>),
    /// Worked out now, not kept.
    Made(Cells),
}

impl std::ops::Deref for CellsAt<'_> {
    type Target = Cells;

    fn deref(&self) -> &Cells {
        match self {
            CellsAt::Kept(c) => c,
            CellsAt::Recent(held) => &held.as_ref().expect("recent cells held").cells,
            CellsAt::Made(c) => c,
        }
    }
}

/// The cells `lists` (those of `idx`) take from `a`: those kept in `idx` if they fit, else
/// worked out, and kept if `idx` keeps none yet and its lists are written out; lists not
/// written out, small ones, are remembered with their cells, which are taken again while the
/// same lists come back for an array of the same shape (at the same `⎕IO`).
pub(super) fn cells_kept<'i>(
    a: &Value,
    idx: &'i Indices,
    lists: &[Option<Cow<Value>>],
) -> R<CellsAt<'i>> {
    if let Some(kept) = idx.kept.get().filter(|c| c.fit(a)) {
        return Ok(CellsAt::Kept(kept));
    }
    if !idx.written && recent_fits(lists) {
        return recent_cells(a, idx, lists);
    }
    let cells = cells(a, lists)?;
    if idx.written && idx.kept.get().is_none() {
        return Ok(CellsAt::Kept(idx.kept.get_or_init(|| cells)));
    }
    Ok(CellsAt::Made(cells))
}

/// The most items the lists of an index not written out hold, all together, for their cells
/// to be remembered (the lists are kept, to be compared with the next).
const RECENT_ITEMS: usize = 64;

/// Whether lists not written out are small enough to be remembered.
fn recent_fits(lists: &[Option<Cow<Value>>]) -> bool {
    let items: usize = lists.iter().flatten().map(|l| l.0.len()).sum();
    items <= RECENT_ITEMS
}

/// The cells lists not written out take from `a`: those they took last time if they are the
/// same lists and `a` of the same shape, else worked out and remembered in their place.
fn recent_cells<'i>(a: &Value, idx: &'i Indices, lists: &[Option<Cow<Value>>]) -> R<CellsAt<'i>> {
    // Held elsewhere (another thread): worked out, not remembered.
    let Ok(mut held) = idx.recent.try_lock() else {
        return Ok(CellsAt::Made(cells(a, lists)?));
    };
    if held
        .as_ref()
        .is_some_and(|r| r.cells.fit(a) && same_lists(&r.lists, lists))
    {
        return Ok(CellsAt::Recent(held));
    }
    let cells = cells(a, lists)?;
    let lists = lists.iter().map(|l| l.as_deref().cloned()).collect();
    *held = Some(Box::new(Recent { lists, cells }));
    Ok(CellsAt::Recent(held))
}

/// Whether index lists are those remembered: each elided where it was, or of the same shape
/// and items.
fn same_lists(kept: &[Option<Value>], lists: &[Option<Cow<Value>>]) -> bool {
    kept.len() == lists.len()
        && kept.iter().zip(lists).all(|(k, l)| match (k, l) {
            (None, None) => true,
            (Some(k), Some(l)) => {
                k.shape() == l.shape()
                    && match (k.0.as_slice(), l.0.as_slice()) {
                        (Some(k), Some(l)) => k == l,
                        _ => k.0.iter().eq(l.0.iter()),
                    }
            }
            _ => false,
        })
}

/// The cells `A[i;j;…]` takes.
fn cells(a: &Value, idx: &[Option<Cow<Value>>]) -> R<Cells> {
    let (offsets, shape) = offsets(a, idx)?;
    Ok(Cells {
        from: a.shape().to_vec(),
        origin: origin(),
        repeats: repeats(&offsets, a.0.len()),
        offsets,
        shape,
    })
}

/// The cells taken from `a` (of their shape).
pub(super) fn take(a: &Value, cells: &Cells) -> R<Value> {
    let items = a.row_major();
    let out = Value::from_shape(
        &cells.shape,
        cells.offsets.iter().map(|&o| items[o].clone()).collect(),
    );
    // Items each taken once hold no more atoms than the array did; an item taken again
    // counts again (`X[1e6⍴1]` of an enclosure of a million is WS FULL).
    if cells.repeats {
        check_atoms(&out)?;
    }
    Ok(out)
}

/// The offsets below [`Seen::MOST`] seen so far, a bit each (two words, each bit found by
/// a shift of one word: cheaper than a shift of a 128-bit number).
#[derive(Default)]
struct Seen([u64; 2]);

impl Seen {
    const MOST: usize = 128;

    /// Whether offset `o` was seen before (an offset past [`Seen::MOST`] is taken as seen,
    /// so that the caller counts the atoms); it is seen now.
    #[inline]
    fn again(&mut self, o: usize) -> bool {
        let Some(word) = self.0.get_mut(o >> 6) else {
            return true;
        };
        let bit = 1u64 << (o & 63);
        let before = *word & bit != 0;
        *word |= bit;
        before
    }
}

/// Whether any of the offsets (each below `len`) comes twice.
fn repeats(offsets: &[usize], len: usize) -> bool {
    if offsets.len() > len {
        return true;
    }
    if len <= Seen::MOST {
        let mut seen = Seen::default();
        return offsets.iter().any(|&o| seen.again(o));
    }
    let mut seen = vec![false; len];
    offsets
        .iter()
        .any(|&o| std::mem::replace(&mut seen[o], true))
}

/// `A[i;j;…]←V`: `V` of the indexed cells' shape, or a single value for all of them.
pub(super) fn assign(a: &mut Value, cells: &Cells, v: &Value) -> R<()> {
    let (offsets, shape) = (&cells.offsets, &cells.shape);
    let single = v.0.len() == 1;
    if !single {
        let unit = |n: &&usize| **n != 1;
        if !v.shape().iter().filter(unit).eq(shape.iter().filter(unit)) {
            return err(
                if v.rank() != shape.len() {
                    ErrorKind::Rank
                } else {
                    ErrorKind::Length
                },
                format!("{:?} values for {:?} cells", v.shape(), shape),
            );
        }
    }
    if !a.0.is_standard_layout() {
        *a = std::mem::replace(a, Value::num(0.0)).laid_out();
    }
    let flat = a.0.as_slice_mut().expect("standard layout");
    if single {
        let e = v.first();
        offsets.iter().for_each(|&o| flat[o] = e.clone());
    } else {
        // The values read where they are, in row-major order (a transposed one by its
        // strides), none copied first.
        let mut to = offsets.iter();
        v.each_item(|e| {
            if let Some(&o) = to.next() {
                flat[o] = e.clone();
            }
        });
    }
    Ok(())
}
