//! Searching, sorting and formatting: `∊ ⍷ ⍸ ∪ ≠ ⍳ ∩ ~ ⍋ ⍒ ⍕`, each with the meaning
//! APL2 and Dyalog give it (the cases where they differ are named where they are met).

use std::cmp::Ordering;
use std::sync::Arc;

use ndarray::{ArrayD, Axis, IxDyn};

use super::args::check_size;
use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::value::{Elem, Value, item_value};
use super::work::Meter;

type R<T> = Result<T, AplError>;

fn nums(v: Vec<usize>) -> Value {
    Value::vector(v.into_iter().map(|n| Elem::Num(n as f64)).collect())
}

/// The major cells of `v` (its items along the first axis; a scalar is one).
fn major_cells(v: &Value) -> Vec<Value> {
    if v.rank() == 0 {
        return vec![v.clone()];
    }
    v.0.axis_iter(Axis(0))
        .map(|c| Value(c.to_owned()))
        .collect()
}

/// APL's total order of arrays, for grading: numbers before characters, by value; enclosed
/// arrays by their items.
fn compare(a: &Elem, b: &Elem) -> Ordering {
    match (a, b) {
        (Elem::Num(x), Elem::Num(y)) => x.total_cmp(y),
        (Elem::Char(x), Elem::Char(y)) => x.cmp(y),
        (Elem::Num(_), _) => Ordering::Less,
        (_, Elem::Num(_)) => Ordering::Greater,
        (Elem::Char(_), Elem::Boxed(_)) => Ordering::Less,
        (Elem::Boxed(_), Elem::Char(_)) => Ordering::Greater,
        (Elem::Boxed(x), Elem::Boxed(y)) => compare_values(x, y),
    }
}

fn compare_values(a: &Value, b: &Value) -> Ordering {
    for (x, y) in a.0.iter().zip(b.0.iter()) {
        match compare(x, y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    a.0.len().cmp(&b.0.len())
}

/// `∊⍵`: every simple atom, in order, however deep.
pub(super) fn enlist(w: &Value) -> R<Vec<Elem>> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<Elem>) -> R<()> {
        for e in v.0.iter() {
            match e {
                Elem::Boxed(inner) => walk(inner, out)?,
                e => {
                    out.push(e.clone());
                    check_size(out.len())?;
                }
            }
        }
        Ok(())
    }
    walk(w, &mut out)?;
    Ok(out)
}

/// `⍸⍵`: the indices of the ones, each repeated as often as its count (vectors: the
/// indices; higher ranks: enclosed index vectors, as Dyalog).
pub(super) fn where_ones(w: &Value) -> R<Value> {
    let mut counts = Vec::with_capacity(w.0.len());
    let mut total = 0u64;
    for e in w.0.iter() {
        match e {
            Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 => {
                // Summed in u64 (`as` saturates): checked before any count is a usize.
                total = total.saturating_add(*n as u64);
                counts.push(*n as u64);
            }
            _ => return err(ErrorKind::Domain, "⍸ counts whole numbers, 0 or more"),
        }
    }
    super::args::check_count(total)?;
    let counts: Vec<usize> = counts.into_iter().map(|n| n as usize).collect();
    let shape = w.shape().to_vec();
    let mut out = Vec::with_capacity(total as usize);
    for (flat, &n) in counts.iter().enumerate() {
        let item = if shape.len() == 1 {
            Elem::Num((flat + origin()) as f64)
        } else {
            let mut rest = flat;
            let mut index = vec![0usize; shape.len()];
            for k in (0..shape.len()).rev() {
                index[k] = rest % shape[k] + origin();
                rest /= shape[k];
            }
            Elem::Boxed(Arc::new(nums(index)))
        };
        out.extend(std::iter::repeat_n(item, n));
    }
    Ok(Value::vector(out))
}

/// `∪⍵`: the major cells of `⍵`, each once, in the order first met (hashed: see [`Key`]).
pub(super) fn unique(w: &Value) -> R<Value> {
    let shape: Vec<usize> = if w.rank() == 0 {
        vec![1]
    } else {
        w.shape().to_vec()
    };
    let items = w.row_major();
    let per: usize = shape[1..].iter().product();
    let mut seen = KeySet::default();
    let mut kept: Vec<Elem> = Vec::new();
    let mut meter = Meter::default();
    let mut count = 0;
    if per > 0 {
        for cell in items.chunks(per) {
            meter.add(per)?;
            if seen.insert(Key(cell)) {
                kept.extend_from_slice(cell);
                count += 1;
            }
        }
    } else {
        count = shape[0].min(1);
    }
    let out: Vec<usize> = std::iter::once(count)
        .chain(shape[1..].iter().copied())
        .collect();
    Ok(Value::from_shape(&out, kept))
}

/// An element, or a major cell, as a key of a hash table: equal exactly when APL's match
/// (`≡`, and the `=` of [`Elem`]) says so. The interpreter compares without tolerance, so a
/// number is hashed by its bits, with `¯0` as `0` (they are equal); a character by its code,
/// apart from the numbers; an enclosed array by its shape and items. A number never equal to
/// itself (NaN, which no primitive makes) is found nowhere, as by `=`.
#[derive(Clone, Copy)]
struct Key<'a>(&'a [Elem]);

impl PartialEq for Key<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for Key<'_> {}

impl std::hash::Hash for Key<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.iter().for_each(|e| hash_elem(e, h));
    }
}

fn hash_elem<H: std::hash::Hasher>(e: &Elem, h: &mut H) {
    use std::hash::Hash;
    match e {
        Elem::Num(n) => {
            let n = if *n == 0.0 { 0.0 } else { *n };
            h.write_u64(n.to_bits());
        }
        Elem::Char(c) => {
            h.write_u8(1);
            c.hash(h);
        }
        Elem::Boxed(v) => {
            h.write_u8(2);
            v.shape().hash(h);
            v.each_item(|x| hash_elem(x, h));
        }
    }
}

/// A set of keys, hashed by FNV (quick on short keys; the keys are the user's own values).
type KeySet<'a> = std::collections::HashSet<Key<'a>, fnv::FnvBuildHasher>;

/// The items of `w` as a set.
fn set_of(w: &[Elem]) -> R<KeySet<'_>> {
    let mut set = KeySet::with_capacity_and_hasher(w.len(), Default::default());
    let mut meter = Meter::default();
    for e in w {
        meter.add(1)?;
        set.insert(Key(std::slice::from_ref(e)));
    }
    Ok(set)
}

/// `⍺∊⍵`: 1 where an item of `⍺` is among the items of `⍵`.
pub(super) fn member(a: &Value, w: &Value) -> R<Value> {
    let items = w.row_major();
    let set = set_of(&items)?;
    let mut meter = Meter::default();
    let mut out = Vec::with_capacity(a.0.len());
    for e in a.0.iter() {
        meter.add(1)?;
        out.push(Elem::Num(
            set.contains(&Key(std::slice::from_ref(e))) as i32 as f64,
        ));
    }
    Ok(Value(
        ArrayD::from_shape_vec(a.0.raw_dim(), out).expect("same shape"),
    ))
}

/// `⍺⍳⍵`: where each major cell of `⍵` of `⍺`'s cell shape first stands among `⍺`'s major
/// cells, or one past the last (a vector `⍺`: each item of `⍵`; a matrix: each row, as
/// Dyalog's `⍳` of higher rank reads it).
pub(crate) fn index_of(a: &Value, w: &Value) -> R<Value> {
    if a.rank() == 0 {
        return err(ErrorKind::Rank, "the left argument of ⍳ is not a scalar");
    }
    let cell = &a.shape()[1..];
    let rest = w.rank().checked_sub(cell.len());
    let Some(rest) = rest.filter(|&r| w.shape()[r..] == *cell) else {
        return err(
            ErrorKind::Length,
            format!(
                "⍺⍳⍵ looks up cells of shape {cell:?} of ⍺, and ⍵ of shape {:?} has none",
                w.shape()
            ),
        );
    };
    let per: usize = cell.iter().product();
    let items = a.row_major();
    let count = a.shape()[0];
    let mut first: std::collections::HashMap<Key, usize, fnv::FnvBuildHasher> =
        std::collections::HashMap::with_capacity_and_hasher(count, Default::default());
    let mut meter = Meter::default();
    if per > 0 {
        for (i, e) in items.chunks(per).enumerate() {
            meter.add(per)?;
            first.entry(Key(e)).or_insert(i);
        }
    }
    let io = origin() as f64;
    let looked = w.row_major();
    let shape = &w.shape()[..rest];
    let cells: usize = shape.iter().product();
    let mut out = Vec::with_capacity(cells);
    for k in 0..cells {
        meter.add(per.max(1))?;
        let at = match per {
            0 => 0,
            _ => first
                .get(&Key(&looked[k * per..(k + 1) * per]))
                .copied()
                .unwrap_or(count),
        };
        out.push(Elem::Num(at as f64 + io));
    }
    Ok(Value::from_shape(shape, out))
}

/// `≠⍵`, unique mask: 1 where a major cell of `⍵` is met for the first time (a vector of
/// `≢⍵` booleans; a scalar is one cell).
pub(super) fn unique_mask(w: &Value) -> R<Value> {
    let count = if w.rank() == 0 { 1 } else { w.shape()[0] };
    let items = w.row_major();
    let per = items.len().checked_div(count).unwrap_or(0);
    let mut seen = KeySet::default();
    let mut meter = Meter::default();
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        meter.add(per.max(1))?;
        let new = seen.insert(Key(&items[k * per..(k + 1) * per]));
        out.push(Elem::Num(f64::from(u8::from(new))));
    }
    Ok(Value::vector(out))
}

/// `⍺⍸⍵`, interval index (Dyalog): for each item of `⍵`, how many items of the ascending
/// vector `⍺` are at or below it, less one, plus `⎕IO` (`10 20 30⍸5 10 25 35` is `0 1 2 3`
/// when `⎕IO` is 1). Items are ordered as `⍋` orders them (numbers before characters).
pub(super) fn interval_index(a: &Value, w: &Value) -> R<Value> {
    if a.rank() != 1 {
        return err(
            ErrorKind::Rank,
            "the left argument of ⍸ is a vector (Dyalog's ⍺ of higher rank is not read here)",
        );
    }
    let cuts = a.row_major();
    let mut meter = Meter::default();
    for pair in cuts.windows(2) {
        meter.add(1)?;
        if compare(&pair[0], &pair[1]) == Ordering::Greater {
            return err(ErrorKind::Domain, "the left argument of ⍸ is not ascending");
        }
    }
    let io = origin() as f64 - 1.0;
    let mut out = Vec::with_capacity(w.0.len());
    for e in w.0.iter() {
        meter.add(1 + cuts.len().max(1).ilog2() as usize)?;
        let at = cuts.partition_point(|c| compare(c, e) != Ordering::Greater);
        out.push(Elem::Num(at as f64 + io));
    }
    Ok(Value(
        ArrayD::from_shape_vec(w.0.raw_dim(), out).expect("same shape"),
    ))
}

/// `⍺∩⍵` (`in`) and `⍺~⍵` (not `in`): the items of `⍺` that are (are not) among those of `⍵`.
pub(super) fn keep_if_in(a: &Value, w: &Value, in_w: bool) -> R<Value> {
    let (a, w) = vectors(a, w)?;
    let set = set_of(&w)?;
    let mut meter = Meter::default();
    let mut out = Vec::new();
    for e in a {
        meter.add(1)?;
        if set.contains(&Key(std::slice::from_ref(&e))) == in_w {
            out.push(e);
        }
    }
    Ok(Value::vector(out))
}

/// Two arguments as vectors of items (scalars made one-item vectors).
fn vectors(a: &Value, w: &Value) -> R<(Vec<Elem>, Vec<Elem>)> {
    if a.rank() > 1 || w.rank() > 1 {
        return err(ErrorKind::Rank, "this function takes vectors here");
    }
    Ok((a.0.iter().cloned().collect(), w.0.iter().cloned().collect()))
}

/// `⍺∪⍵`: `⍺`, then the items of `⍵` not in it.
pub(super) fn union(a: &Value, w: &Value) -> R<Value> {
    let (mut a, w) = vectors(a, w)?;
    let set = set_of(&a)?;
    let mut meter = Meter::default();
    let mut extra = Vec::new();
    for e in w {
        meter.add(1)?;
        if !set.contains(&Key(std::slice::from_ref(&e))) {
            extra.push(e);
        }
    }
    drop(set);
    a.extend(extra);
    Ok(Value::vector(a))
}

/// `⍺⍷⍵`: a boolean of `⍵`'s shape, 1 where `⍺` starts in it. Each place is tried item by
/// item until one differs, the items compared counted as work ([`Meter`]): at worst
/// `(×/⍴⍺)×(×/⍴⍵)` comparisons, stopped by the line's limit or Ctrl-C.
pub(super) fn find(a: &Value, w: &Value) -> R<Value> {
    let mut out = vec![Elem::Num(0.0); w.0.len()];
    let done = |out: Vec<Elem>| {
        Ok(Value(
            ArrayD::from_shape_vec(w.0.raw_dim(), out).expect("same shape"),
        ))
    };
    if a.rank() > w.rank() {
        return done(out);
    }
    // `⍺` seen with as many axes as `⍵` (leading axes of length 1).
    let pad = w.rank() - a.rank();
    let ashape: Vec<usize> = std::iter::repeat_n(1, pad)
        .chain(a.shape().iter().copied())
        .collect();
    let wshape = w.shape();
    if ashape.iter().zip(wshape).any(|(&n, &m)| n > m) {
        return done(out);
    }
    // Row-major strides of `⍵`, and where each item of `⍺` lies from the place it starts.
    let mut strides = vec![1usize; wshape.len()];
    for k in (0..wshape.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1] * wshape[k + 1];
    }
    let needle = a.row_major();
    let mut offsets = Vec::with_capacity(needle.len());
    let mut at = vec![0usize; ashape.len()];
    for _ in 0..needle.len() {
        offsets.push(at.iter().zip(&strides).map(|(i, s)| i * s).sum::<usize>());
        odometer(&mut at, &ashape);
    }
    let hay = w.row_major();
    // Every place `⍺` fits: each axis from 0 to `m - n`.
    let places: Vec<usize> = ashape
        .iter()
        .zip(wshape)
        .map(|(&n, &m)| m - n + 1)
        .collect();
    let count: usize = places.iter().product();
    let mut place = vec![0usize; places.len()];
    let mut meter = Meter::default();
    for _ in 0..count {
        let start: usize = place.iter().zip(&strides).map(|(i, s)| i * s).sum();
        let mut compared = 0;
        let found = offsets.iter().zip(needle.iter()).all(|(&o, e)| {
            compared += 1;
            &hay[start + o] == e
        });
        meter.add(compared + 1)?;
        if found {
            out[start] = Elem::Num(1.0);
        }
        odometer(&mut place, &places);
    }
    done(out)
}

/// The next index of an array of `shape` in row-major order (back to all zeros after the
/// last).
fn odometer(index: &mut [usize], shape: &[usize]) {
    for k in (0..index.len()).rev() {
        index[k] += 1;
        if index[k] < shape[k] {
            return;
        }
        index[k] = 0;
    }
}

/// `⍋⍵`, `⍒⍵`: the indices that order the major cells, equal cells in their order; with a
/// left argument, characters ordered by where they stand in it (a vector: its order; later
/// axes of a higher-rank collating array break ties, as APL2).
pub(super) fn grade(w: &Value, down: bool, collate: Option<&Value>) -> R<Value> {
    if w.rank() == 0 {
        return err(ErrorKind::Rank, "grade takes an array of rank 1 or more");
    }
    let cells = major_cells(w);
    let key = |e: &Elem| -> Elem {
        match (collate, e) {
            (Some(c), Elem::Char(_)) => {
                Elem::Num(c.0.iter().position(|x| x == e).map_or(c.0.len(), |p| p) as f64)
            }
            _ => e.clone(),
        }
    };
    let keyed: Vec<Vec<Elem>> = cells
        .iter()
        .map(|c| c.0.iter().map(key).collect())
        .collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&i, &j| {
        let o = keyed[i]
            .iter()
            .zip(&keyed[j])
            .map(|(x, y)| compare(x, y))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal);
        if down { o.reverse() } else { o }
    });
    Ok(nums(order.into_iter().map(|i| i + origin()).collect()))
}

/// `⍕⍵`: the array as APL displays it, as characters, as APL2 and Dyalog make it: a simple
/// character vector or matrix is itself (a scalar made a vector); otherwise a scalar or vector
/// is one line (unless an item of it shows on several), and an array of rank 2 or more a
/// matrix of its lines (one row is a matrix of one row), blanks at the ends of lines and
/// blank lines kept.
pub(super) fn format(w: &Value) -> R<Value> {
    if w.rank() <= 2 && w.0.iter().all(|e| matches!(e, Elem::Char(_))) {
        return Ok(match w.rank() {
            0 => Value::vector(vec![w.first()]),
            _ => w.clone().with_fill(Elem::Char(' ')),
        });
    }
    // Each atom is a character at least, and each item a blank apart: an array of more
    // atoms than twice the most elements an array may have makes too many.
    let most = 2 * super::MAX_ELEMENTS + 2;
    let Some(atoms) = w.atoms_within(most) else {
        return err(
            ErrorKind::WsFull,
            format!(
                "⍕ of more than {most} atoms makes more than the {} characters an array may hold",
                super::MAX_ELEMENTS
            ),
        );
    };
    super::work::items(atoms)?;
    let lines: Vec<Vec<char>> = w
        .display_lines()
        .iter()
        .map(|l| super::value::compose(&l.chars().collect::<Vec<_>>()))
        .collect();
    let width = lines.iter().map(Vec::len).max().unwrap_or(0);
    // A vector whose items are matrices shows on several lines: a matrix of them.
    if w.rank() <= 1 && lines.len() <= 1 {
        let line = lines.into_iter().next().unwrap_or_default();
        check_size(line.len())?;
        return Ok(Value::vector(line.into_iter().map(Elem::Char).collect()));
    }
    check_size(lines.len().saturating_mul(width))?;
    let items: Vec<Elem> = lines
        .iter()
        .flat_map(|l| {
            l.iter()
                .copied()
                .chain(std::iter::repeat(' '))
                .take(width)
                .map(Elem::Char)
        })
        .collect();
    Ok(Value::from_shape(&[lines.len(), width], items))
}

/// `w d⍕⍵`: each number in `w` columns with `d` decimals.
pub(super) fn format_numbers(a: &Value, w: &Value) -> R<Value> {
    let spec: Vec<f64> =
        a.0.iter()
            .map(|e| match e {
                Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= 100.0 => Ok(*n),
                _ => err(
                    ErrorKind::Domain,
                    "⍺⍕ takes a width and a number of decimals",
                ),
            })
            .collect::<R<_>>()?;
    let (width, decimals) = match spec.as_slice() {
        [d] => (0usize, *d as usize),
        [w, d] => (*w as usize, *d as usize),
        _ => {
            return err(
                ErrorKind::Length,
                "⍺⍕ takes a width and a number of decimals",
            );
        }
    };
    let mut out = String::new();
    for e in w.0.iter() {
        let Elem::Num(n) = e else {
            return err(ErrorKind::Domain, "⍺⍕ formats numbers");
        };
        let text = format!("{:.*}", decimals, n.abs());
        let text = if *n < 0.0 { format!("¯{text}") } else { text };
        let pad = if width == 0 {
            1
        } else {
            width.saturating_sub(text.chars().count())
        };
        out.push_str(&" ".repeat(pad));
        out.push_str(&text);
    }
    check_size(out.chars().count())?;
    Ok(Value::chars(&out))
}

/// The item at `⍺⊃⍵`'s path step `i` (an index vector into an array of any rank).
pub(crate) fn pick_step(v: &Value, index: &Value) -> R<Value> {
    let idx: Vec<i64> = index
        .0
        .iter()
        .map(|e| match e {
            Elem::Num(n) if n.fract() == 0.0 => Ok(*n as i64),
            _ => err(ErrorKind::Domain, "a path of ⊃ holds whole numbers"),
        })
        .collect::<R<_>>()?;
    if idx.len() != v.rank() {
        return err(
            ErrorKind::Rank,
            format!(
                "{} indices to pick from an array of rank {}",
                idx.len(),
                v.rank()
            ),
        );
    }
    let mut at = Vec::with_capacity(idx.len());
    for (k, &i) in idx.iter().enumerate() {
        let Some(i) = super::args::on_axis(i - origin() as i64, v.shape()[k]) else {
            return err(
                ErrorKind::Index,
                format!("index {i} of an axis of length {}", v.shape()[k]),
            );
        };
        at.push(i);
    }
    Ok(item_value(&v.0[IxDyn(&at)]))
}
