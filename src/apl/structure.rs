//! The structural functions of two arguments: they select, rearrange, join or repeat the
//! items of `⍵` as `⍺` says (`⍉ ⌽ ⊖ ⍴ , / \\ ⊃ ↑ ↓ ⌷ ⊂`), moving the items they are given
//! (an enclosure is shared, not copied).

use std::sync::Arc;

use ndarray::{ArrayD, Axis, Dimension, IxDyn};

use super::args::check_size;
use super::args::{
    axis_or, boolean, cells_without, extend, no_axis, number, whole, whole_axis, whole_vector,
};
use super::defs::Prim;
use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::prim;
use super::value::item_value;
use super::value::{Elem, Value, format_number};

type R<T> = Result<T, AplError>;

/// `⍺⍉⍵`, dyadic transpose: axis `i` of `⍵` goes to axis `⍺[i]` of the result; an axis
/// named twice takes a diagonal.
pub(super) fn transpose(axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    no_axis(axis, Prim::Transpose)?;
    // Axes counted from ⎕IO, read as counted from 1.
    let l: Vec<i64> = whole_vector(&a, "the left argument of ⍉")?
        .into_iter()
        .map(|k| k + 1 - origin() as i64)
        .collect();
    if l.len() != w.rank() {
        return err(
            ErrorKind::Length,
            format!("{} axes named for an array of rank {}", l.len(), w.rank()),
        );
    }
    // Each axis of ⍵ goes to the result's axis ⍺ names; every result axis from 1 to
    // the largest named must be named. An axis named twice takes a diagonal (`1 1⍉M`,
    // APL2 and Dyalog).
    // The largest axis named, judged in i64 (no more than the axes named) before it is a
    // usize: on the page `4294967297 1⍉M` is not `1 1⍉M`.
    let top = l.iter().copied().max().unwrap_or(0).max(0);
    if top > l.len() as i64 {
        return err(
            ErrorKind::Domain,
            "the left argument of ⍉ names each result axis from 1 up",
        );
    }
    let rank = top as usize;
    if l.iter().any(|&k| k < 1) || (1..=rank as i64).any(|r| !l.contains(&r)) {
        return err(
            ErrorKind::Domain,
            "the left argument of ⍉ names each result axis from 1 up",
        );
    }
    let l: Vec<usize> = l.iter().map(|&k| k as usize).collect();
    if rank < l.len() {
        let mut shape = vec![usize::MAX; rank];
        for (k, &r) in l.iter().enumerate() {
            shape[r - 1] = shape[r - 1].min(w.shape()[k]);
        }
        let out = ArrayD::from_shape_fn(IxDyn(&shape), |i| {
            let at: Vec<usize> = l.iter().map(|&r| i[r - 1]).collect();
            w.0[IxDyn(&at)].clone()
        });
        return Ok(Value(out));
    }
    Ok(Value(prim::transpose(&l, w.0)))
}

/// `⍺⌽⍵`, `⍺⊖⍵`: rotation along the last axis or the first (or the one given), by one
/// amount or an amount for each cell along it.
pub(super) fn rotate(first: bool, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let last = w.rank().saturating_sub(1);
    if w.rank() == 0 {
        return Ok(w);
    }
    let k = axis_or(axis, w.rank(), if first { 0 } else { last })?;
    let cells = cells_without(&w.0, k);
    let len = w.shape()[k];
    let by: Vec<isize> = whole_vector_any(&a)?
        .into_iter()
        .map(|n| super::args::rotation(n, len))
        .collect();
    let by = if by.len() == 1 {
        ArrayD::from_elem(cells, by[0])
    } else if a.shape() == cells.slice() {
        ArrayD::from_shape_vec(cells, by).expect("same shape")
    } else {
        return err(
            if a.rank() != cells.ndim() {
                ErrorKind::Rank
            } else {
                ErrorKind::Length
            },
            format!(
                "a rotation of shape {:?} for cells of shape {:?}",
                a.shape(),
                cells.slice()
            ),
        );
    };
    Ok(Value(prim::rotate(by.view(), w.0.view(), k + 1)))
}

/// `⍺⍴⍵`, reshape: the items of `⍵` in order, repeated as needed, in shape `⍺`.
pub(super) fn reshape(axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    no_axis(axis, Prim::Rho)?;
    let (shape, size) =
        shape_and_size(&a, "the left argument of ⍴", "a shape of a negative length")?;
    let fill = w.fill();
    let items: Vec<Elem> = if w.0.is_empty() {
        vec![w.fill(); size]
    } else if size == w.0.len() || (size < w.0.len() && w.0.is_standard_layout()) {
        // As many items or fewer: the argument's own, moved (not copied and let go).
        let mut items = w.into_items();
        items.truncate(size);
        items
    } else {
        w.0.iter().cycle().take(size).cloned().collect()
    };
    Ok(Value::from_shape(&shape, items).with_fill(fill))
}

/// `⍺/⍵`, `⍺⌿⍵`: each cell along the last axis or the first (or the one given) repeated
/// as many times as `⍺` says.
pub(super) fn replicate(first: bool, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let w = if w.rank() == 0 {
        Value::vector(vec![w.first()])
    } else {
        w
    };
    let k = axis_or(axis, w.rank(), if first { 0 } else { w.rank() - 1 })?;
    let counts = whole_vector(&a, "the left argument of /")?;
    let len = w.shape()[k];
    // A single count applies to every item; an axis of one item to every count
    // (`1 0 1/5` is `5 5`, as in APL2 and Dyalog).
    let (counts, w) = if counts.len() == 1 {
        (vec![counts[0]; len], w)
    } else if len == 1 {
        check_size(counts.len().saturating_mul(w.0.len()))?;
        let w = Value(w.0.select(Axis(k), &vec![0; counts.len()]));
        (counts, w)
    } else {
        (counts, w)
    };
    let len = w.shape()[k];
    if counts.len() != len {
        return err(
            ErrorKind::Length,
            format!("{} counts for an axis of length {len}", counts.len()),
        );
    }
    if counts.iter().any(|&n| n < 0) {
        return err(ErrorKind::Domain, "a negative count to replicate");
    }
    if counts.iter().all(|&n| n <= 1) {
        let keep: Vec<bool> = counts.iter().map(|&n| n == 1).collect();
        return Ok(Value(prim::compress(&keep, w.0.view(), k + 1)));
    }
    // The result's size before anything is made of it: `9e15/1` is refused, not tried.
    let along = counts.iter().fold(0u64, |t, &n| t.saturating_add(n as u64));
    super::args::check_count(along.saturating_mul((w.0.len() / len.max(1)) as u64))?;
    let picked: Vec<usize> = counts
        .iter()
        .enumerate()
        .flat_map(|(i, &n)| std::iter::repeat_n(i, n as usize))
        .collect();
    Ok(Value(w.0.select(Axis(k), &picked)))
}

/// `⍺\⍵`, `⍺⍀⍵`: expansion, a fill item where `⍺` is 0.
pub(super) fn expand(first: bool, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let w = if w.rank() == 0 {
        Value::vector(vec![w.first()])
    } else {
        w
    };
    let k = axis_or(axis, w.rank(), if first { 0 } else { w.rank() - 1 })?;
    let spread: Vec<bool> = whole_vector(&a, "the left argument of \\")?
        .into_iter()
        .map(|n| boolean(n as f64))
        .collect::<R<_>>()?;
    check_size(spread.len().saturating_mul(w.0.len() / w.shape()[k].max(1)))?;
    let fill = w.fill();
    prim::expand(&spread, w.0.view(), k + 1, fill)
        .map(Value)
        .ok_or_else(|| {
            AplError::new(
                ErrorKind::Length,
                format!(
                    "{} ones to expand an axis of length {}",
                    spread.iter().filter(|&&b| b).count(),
                    w.shape()[k]
                ),
            )
        })
}

/// `⍺⊃⍵`, pick.
pub(super) fn pick(a: Value, w: Value) -> R<Value> {
    // Each item of the path picks one level: a number from a vector, an enclosed
    // index vector from an array of its rank (`(⊂1 2)⊃M`); an empty path picks ⍵.
    if a.rank() > 1 {
        return err(ErrorKind::Rank, "the left argument of ⊃ is a vector");
    }
    let mut v = w;
    for step in a.0.iter() {
        let index = item_value(step);
        v = super::search::pick_step(&v, &index)?;
    }
    Ok(v)
}

/// `⍺⊂⍵`, APL2's partition (Dyalog's `⊆`): along the last axis (or the one given), the items
/// whose `⍺` is 0 are dropped, and a new partition starts wherever `⍺` is greater than the
/// one before it; each partition is enclosed, so the result has `⍵`'s shape with that axis as
/// long as the partitions are many. A single `⍺` applies to every item.
pub(super) fn partition(axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let w = if w.rank() == 0 {
        Value::vector(vec![w.first()])
    } else {
        w
    };
    let k = axis_or(axis, w.rank(), w.rank() - 1)?;
    let len = w.shape()[k];
    let mut keys = whole_vector(&a, "the left argument of ⊂")?;
    if keys.len() == 1 && a.rank() == 0 {
        keys = vec![keys[0]; len];
    }
    if keys.len() != len {
        return err(
            ErrorKind::Length,
            format!(
                "{} partition numbers for an axis of length {len}",
                keys.len()
            ),
        );
    }
    if keys.iter().any(|&n| n < 0) {
        return err(
            ErrorKind::Domain,
            "the left argument of ⊂ is whole numbers, none negative",
        );
    }
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut before = 0;
    for (i, &n) in keys.iter().enumerate() {
        if n > before {
            parts.push(Vec::new());
        }
        if n > 0
            && let Some(p) = parts.last_mut()
        {
            p.push(i);
        }
        before = n;
    }
    let mut shape = w.shape().to_vec();
    shape[k] = parts.len();
    check_size(shape.iter().product::<usize>().saturating_add(w.0.len()))?;
    let mut at = vec![0usize; w.rank()];
    let out = ArrayD::from_shape_fn(IxDyn(&shape), |i| {
        at.copy_from_slice(i.slice());
        let items = parts[i[k]]
            .iter()
            .map(|&j| {
                at[k] = j;
                w.0[IxDyn(&at)].clone()
            })
            .collect();
        Elem::Boxed(Arc::new(Value::vector(items)))
    });
    Ok(Value(out))
}

/// `⍳⍵`: the first `⍵` indices from `⎕IO`; of a vector of lengths, each index vector of an
/// array of that shape, enclosed, in an array of that shape (`⍳2 3`, Dyalog's `⍳` of a
/// vector; `⍳⍬` is `⊂⍬`). A vector of one length is read as that length, as APL2 reads it
/// (APL2 takes no longer vector), so the everyday `⍳⍴V` of the paper's dialect stays
/// simple where Dyalog would enclose each index (GNU APL keeps the same exception).
pub(super) fn iota(w: &Value) -> R<Value> {
    if w.rank() > 1 {
        return err(ErrorKind::Rank, "⍳ of an array of rank 2 or more");
    }
    let io = origin();
    // One whole number (`⍳5`, the usual case): its vector, no shape made first. Any other
    // (a negative, a fraction, a length past 2³¹) is judged by the general path below.
    if w.0.len() == 1
        && let Some(Elem::Num(n)) = w.0.first()
        && (0.0..2147483648.0).contains(n)
        && n.fract() == 0.0
    {
        let size = *n as usize;
        check_size(size)?;
        return Ok(Value::vector(
            (io..size + io).map(|i| Elem::Num(i as f64)).collect(),
        ));
    }
    let (shape, size) = shape_and_size(w, "the argument of ⍳", "⍳ of a negative number")?;
    if w.rank() == 0 || shape.len() == 1 {
        return Ok(Value::vector(
            (io..size + io).map(|i| Elem::Num(i as f64)).collect(),
        ));
    }
    // Each index vector is an array of its own: the atoms made are counted.
    if size.saturating_mul(shape.len() + 1) > super::MAX_ATOMS {
        return super::args::too_many_atoms();
    }
    super::work::items(size.saturating_mul(shape.len()))?;
    let mut index = vec![0usize; shape.len()];
    let mut out = Vec::with_capacity(size);
    for _ in 0..size {
        let v = Value::vector(index.iter().map(|&i| Elem::Num((i + io) as f64)).collect());
        out.push(Elem::Boxed(Arc::new(v)));
        for k in (0..shape.len()).rev() {
            index[k] += 1;
            if index[k] < shape[k] {
                break;
            }
            index[k] = 0;
        }
    }
    Ok(Value::from_shape(&shape, out))
}

/// The shape `v` gives (`what` names it; `negative` is the error for a negative length), and
/// how many items an array of it holds, within the limit of one array.
fn shape_and_size(v: &Value, what: &str, negative: &str) -> R<(Vec<usize>, usize)> {
    let lengths = whole_vector(v, what)?;
    if lengths.iter().any(|&n| n < 0) {
        return err(ErrorKind::Domain, negative);
    }
    // Reckoned in u64 before any length becomes a usize (32 bits on the page).
    let size = super::args::items_of(lengths.iter().map(|&n| n as u64));
    super::args::check_count(size)?;
    let shape = lengths
        .iter()
        .map(|&n| super::args::length(n as u64))
        .collect::<R<Vec<usize>>>()?;
    Ok((shape, size as usize))
}

/// `⍪⍵`, table: the major cells of `⍵` as the rows of a matrix (a scalar is a 1×1 matrix).
pub(super) fn table(w: Value) -> Value {
    let rows = if w.rank() == 0 { 1 } else { w.shape()[0] };
    let cols = w.shape().iter().skip(1).product();
    let items = w.into_items();
    Value::from_shape(&[rows, cols], items)
}

/// Whole numbers of any shape, in row-major order.
fn whole_vector_any(v: &Value) -> R<Vec<i64>> {
    v.0.iter()
        .map(|e| whole(number(e)?, "a rotation"))
        .collect()
}

/// `⍺,[k]⍵` (catenate along axis `k`, the last by default) and `⍺,[k.5]⍵` (laminate along
/// a new axis between `k` and `k+1`).
pub(super) fn catenate(axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    // Runs of memory are joined: each side laid out first.
    let (a, w) = (a.laid_out(), w.laid_out());
    let rank = a.rank().max(w.rank()).max(1);
    if let Some(k) = axis.filter(|k| k.fract() != 0.0) {
        // The new axis goes before axis `⌈k` (counted from `⎕IO`): `,[.5]` first, `,[1.5]`
        // second; `,[¯.5]` first when `⎕IO` is 0.
        let before = k.floor() + 1.0 - origin() as f64;
        // Two arrays of one shape: the runs after the new axis, one of each in turn, moved.
        if a.shape() == w.shape()
            && before >= 0.0
            && before <= a.rank() as f64
            && let Some(plan) = laminate_plan(before as usize, a.shape())
        {
            return join(plan, a, w);
        }
        let (a, w) = extend(&a, &w)?;
        if before < 0.0 || before > a.rank() as f64 {
            return err(
                ErrorKind::Axis,
                format!(
                    "axis {} to laminate arrays of rank {}",
                    format_number(k),
                    a.rank()
                ),
            );
        }
        let at = Axis(before as usize);
        let a = a.0.insert_axis(at);
        let w = w.0.insert_axis(at);
        check_size(a.len() + w.len())?;
        return Ok(Value(
            prim::catenate(at.index() + 1, &[a.view(), w.view()]).expect("same shape"),
        ));
    }
    let k = axis_or(axis, rank, rank - 1)?;
    if let Some(plan) = join_plan(k, &a, &w) {
        return join(plan, a, w);
    }
    // Each side as the other's rank wants it, read where it is (a scalar is made a slice).
    fn fit<'v>(v: &'v Value, other: &Value, k: usize) -> R<ndarray::CowArray<'v, Elem, IxDyn>> {
        if v.rank() == 0 {
            let mut shape = if other.rank() == 0 {
                vec![1]
            } else {
                other.shape().to_vec()
            };
            shape[k] = 1;
            return Ok(ArrayD::from_elem(IxDyn(&shape), v.first()).into());
        }
        if v.rank() + 1 == other.rank() {
            return Ok(v.0.view().insert_axis(Axis(k)).into());
        }
        if v.rank() == other.rank() || v.rank() == other.rank() + 1 || other.rank() == 0 {
            return Ok(v.0.view().into());
        }
        err(
            ErrorKind::Rank,
            format!("ranks {} and {}", v.rank(), other.rank()),
        )
    }
    let (x, y) = (fit(&a, &w, k)?, fit(&w, &a, k)?);
    check_size(x.len() + y.len())?;
    prim::catenate(k + 1, &[x.view(), y.view()])
        .map(Value)
        .ok_or_else(|| {
            AplError::new(
                ErrorKind::Length,
                format!(
                    "shapes {:?} and {:?} along axis {}",
                    x.shape(),
                    y.shape(),
                    k + 1
                ),
            )
        })
}

/// How [`join`] makes `a,[k]w`: the result's shape (its first `rank` axes), and the
/// `outer` runs of `ra` items of one, then `rw` of the other, it is made of.
pub(super) struct JoinPlan {
    shape: [usize; JoinPlan::MOST],
    rank: usize,
    outer: usize,
    ra: usize,
    rw: usize,
}

impl JoinPlan {
    /// The greatest rank joined so.
    const MOST: usize = 8;

    /// The shape of the join's result.
    pub(super) fn shape(&self) -> &[usize] {
        &self.shape[..self.rank]
    }
}

/// The plan of `a,[k]w` (`k` from 0) of arrays laid out in row-major order whose ranks are equal or
/// one apart (the lesser given a new axis `k` of length 1) and whose other axes agree. `None`
/// for the other cases, which [`catenate`] makes by ndarray.
fn join_plan(k: usize, a: &Value, w: &Value) -> Option<JoinPlan> {
    join_plan_of(k, a.shape(), w.shape())
}

/// [`join_plan`] of arrays of shapes `a` and `w`; the result's shape is the plan's.
pub(super) fn join_plan_of(k: usize, a: &[usize], w: &[usize]) -> Option<JoinPlan> {
    const MOST: usize = JoinPlan::MOST;
    let rank = a.len().max(w.len());
    // Both are laid out in row-major order already ([`catenate`] lays them out first).
    if rank <= k || rank > MOST {
        return None;
    }
    // Each shape as `rank` axes, on the stack (a few lengths each moved by itself: a
    // `copy_from_slice` of them is a call of `memcpy`).
    let shape = |v: &[usize]| -> Option<[usize; MOST]> {
        let mut s = [1usize; MOST];
        let skip = match v.len() {
            r if r == rank => MOST,
            r if r + 1 == rank => k,
            _ => return None,
        };
        for (i, &n) in v.iter().enumerate() {
            s[if i < skip { i } else { i + 1 }] = n;
        }
        Some(s)
    };
    let (sa, sw) = (shape(a)?, shape(w)?);
    if (0..rank).any(|i| i != k && sa[i] != sw[i]) {
        return None;
    }
    let inner: usize = sa[k + 1..rank].iter().product();
    let mut joined = sa;
    joined[k] += sw[k];
    Some(JoinPlan {
        shape: joined,
        rank,
        outer: sa[..k].iter().product(),
        ra: sa[k] * inner,
        rw: sw[k] * inner,
    })
}

/// The plan of laminating two arrays of `shape` (in row-major order) along a new axis put
/// before axis `before` (from 0): a join of each given that axis, of length 1.
pub(super) fn laminate_plan(before: usize, shape: &[usize]) -> Option<JoinPlan> {
    let rank = shape.len() + 1;
    if rank > JoinPlan::MOST {
        return None;
    }
    let mut joined = [1usize; JoinPlan::MOST];
    joined[..before].copy_from_slice(&shape[..before]);
    joined[before] = 2;
    joined[before + 1..rank].copy_from_slice(&shape[before..]);
    let run: usize = shape[before..].iter().product();
    Some(JoinPlan {
        shape: joined,
        rank,
        outer: shape[..before].iter().product(),
        ra: run,
        rw: run,
    })
}

/// `a,[k]w` as `plan` says: each of the `outer` runs of one, then the other's, moved (the
/// arguments are the function's own; their items are not copied and let go).
fn join(plan: JoinPlan, a: Value, w: Value) -> R<Value> {
    check_size(a.0.len() + w.0.len())?;
    let (xa, xw) = (a.into_laid_out_items(), w.into_laid_out_items());
    let items = join_items(&plan, xa, xw);
    Ok(Value::from_shape(&plan.shape[..plan.rank], items))
}

/// The items of `a,[k]w` as `plan` says, from each side's items in row-major order.
pub(super) fn join_items(plan: &JoinPlan, xa: Vec<Elem>, xw: Vec<Elem>) -> Vec<Elem> {
    if plan.outer == 1 {
        // Along the first axis: one run after the other (in the left's memory if it has
        // room).
        let mut items = match xa.capacity() >= xa.len() + xw.len() {
            true => xa,
            false => {
                let mut items = Vec::with_capacity(xa.len() + xw.len());
                items.extend(xa);
                items
            }
        };
        items.extend(xw);
        items
    } else {
        let mut items = Vec::with_capacity(xa.len() + xw.len());
        let (mut ia, mut iw) = (xa.into_iter(), xw.into_iter());
        for _ in 0..plan.outer {
            items.extend(ia.by_ref().take(plan.ra));
            items.extend(iw.by_ref().take(plan.rw));
        }
        items
    }
}

/// `⍺↑⍵` and `⍺↓⍵` (with an axis, along the axes it names): a count per axis, from the end
/// where negative; take pads with the fill past the end.
pub(super) fn take_drop(take: bool, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let counts = whole_vector(
        &a,
        if take {
            "the left argument of ↑"
        } else {
            "the left argument of ↓"
        },
    )?;
    let w = if w.rank() == 0 {
        Value(
            w.0.into_shape_with_order(IxDyn(&vec![1; counts.len().max(1)]))
                .expect("one element"),
        )
    } else {
        w
    };
    let axes: Vec<usize> = match axis {
        Some(k) => vec![whole_axis(k, w.rank())?],
        None => (0..counts.len()).collect(),
    };
    if counts.len() != axes.len() || counts.len() > w.rank() {
        return err(
            ErrorKind::Length,
            format!("{} counts for an array of rank {}", counts.len(), w.rank()),
        );
    }
    let within = axes
        .iter()
        .zip(&counts)
        .all(|(&k, &n)| n.unsigned_abs() <= w.shape()[k] as u64);
    if within || !take {
        // Within the array: the shared primitives, axis by axis.
        let mut v = w.0.view();
        for (&k, &n) in axes.iter().zip(&counts) {
            let (m, from_end) = (n.unsigned_abs() as usize, n < 0);
            v = if take {
                prim::take(v, k + 1, m, from_end)
            } else {
                prim::drop(v, k + 1, m, from_end)
            };
        }
        return Ok(Value(v.to_owned()));
    }
    let mut shape = w.shape().to_vec();
    let mut start = vec![0i64; w.rank()];
    let mut news = Vec::new();
    for (&k, &n) in axes.iter().zip(&counts) {
        let len = shape[k] as i64;
        let (s, new) = match (take, n < 0) {
            (true, false) => (0, n),
            (true, true) => (len + n, -n),
            (false, false) => (n.min(len), (len - n).max(0)),
            (false, true) => (0, (len + n).max(0)),
        };
        start[k] = s;
        news.push((k, new as u64));
    }
    let mut lengths: Vec<u64> = shape.iter().map(|&n| n as u64).collect();
    news.iter().for_each(|&(k, n)| lengths[k] = n);
    super::args::check_count(super::args::items_of(lengths.iter().copied()))?;
    for (k, n) in news {
        shape[k] = super::args::length(n)?;
    }
    let fill = w.fill();
    let src = w.shape().to_vec();
    let out = ArrayD::from_shape_fn(IxDyn(&shape), |i| {
        let at: Option<Vec<usize>> = i
            .slice()
            .iter()
            .zip(&start)
            .zip(&src)
            .map(|((&x, &s), &len)| {
                let p = x as i64 + s;
                (p >= 0 && p < len as i64).then_some(p as usize)
            })
            .collect();
        at.map_or_else(|| fill.clone(), |p| w.0[IxDyn(p.as_slice())].clone())
    });
    Ok(Value(out))
}

/// `⍺⌷⍵`: each item of `⍺` (a vector, or a scalar) indexes an axis of `⍵` from the first,
/// the axes after them taken whole: `2 1⌷M` is `M[2;1]`, `(⊂1 3)⌷M` is `M[1 3;]` (Dyalog APL
/// Language Reference, "Index").
pub(super) fn squad(a: &Value, w: &Value) -> R<Value> {
    if a.rank() > 1 {
        return err(ErrorKind::Rank, "the left argument of ⌷ is a vector");
    }
    if a.0.len() > w.rank() {
        return err(
            ErrorKind::Length,
            format!("{} indices for an array of rank {}", a.0.len(), w.rank()),
        );
    }
    let mut lists: Vec<Option<std::borrow::Cow<Value>>> =
        a.0.iter()
            .map(|e| Some(std::borrow::Cow::Owned(item_value(e))))
            .collect();
    lists.resize(w.rank(), None);
    super::index::index(w, &lists)
}
