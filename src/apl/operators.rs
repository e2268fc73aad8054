//! The operators applied: each (`f¨`), reduction and scan (`f/`, `f\\`), the outer and
//! inner products (`∘.f`, `f.g`). Each makes its items by applying its operand through the
//! evaluator, and counts their atoms as it makes them.

use std::sync::{Arc, Mutex};

use ndarray::{ArrayD, Dimension, RemoveAxis};

use super::Definition;
use super::MAX_ATOMS;
use super::args::{self, check_size, too_many_atoms};
use super::defs::Prim;
use super::error::{ErrorKind, err};
use super::eval::{Frame, Held, MAX_SCAN_WORK, Machine, indexes_right_by_left};
use super::func::{self, enclose_item, item_value};
use super::index::{Picks, pick, picks};
use super::tree::{Func, FuncKind};
use super::value::{Elem, Value};

type R<T> = Result<T, super::error::AplError>;

impl Machine<'_> {
    pub(super) fn each(
        &mut self,
        g: &Func,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        // An operator's own operand (`⍺⍺¨`) is looked up once, not for each item, and applied
        // in the frame it was given in.
        let operand;
        let mut within;
        let (g, frame) = match (&g.kind, &frame.operand, frame.operand_env) {
            (FuncKind::Operand, Some(outer), env) => {
                operand = Arc::clone(outer);
                match env {
                    Some(env) => {
                        within = Frame::within(env);
                        (&*operand, &mut within)
                    }
                    None => (&*operand, frame),
                }
            }
            _ => (g, frame),
        };
        // A single item on the left goes with each item on the right, as it is (the right
        // keeps its shape); otherwise the two are extended to one shape.
        let (one, left, right) = match left {
            None => (None, None, right),
            Some(l) if l.0.len() == 1 && (right.0.len() != 1 || right.rank() >= l.rank()) => {
                (Some(l.first()), None, right)
            }
            Some(l) => {
                let (l, r) = args::extend(&l, &right)?;
                (None, Some(l), r)
            }
        };
        let mut items = Vec::with_capacity(right.0.len());
        let mut atoms = Atoms::default();
        let mut lefts = left.as_ref().map(|l| l.0.iter());
        // A defined function's definition is found once, not for each item.
        let defined = match &g.kind {
            FuncKind::Defined(name) => Some((name.as_str(), self.defs.get(name.as_str()))),
            _ => None,
        };
        let mut permuting = match (defined, &one) {
            (Some((_, Some(def))), Some(list)) => Permuting::new(def, list),
            _ => None,
        };
        for b in right.0.iter() {
            let a = match &one {
                Some(e) => Some(e),
                None => lefts.as_mut().and_then(|l| l.next()),
            };
            // `⍵[⍺]`: the call's one step counted, its list's positions worked out once.
            if let Some(p) = permuting.as_mut().and_then(|p| p.pick(b)) {
                self.step()?;
                self.step()?;
                items.push(match p {
                    Pick::Simple(v) => atoms.enclosed(v)?,
                    Pick::Made(v) => atoms.enclose(v)?,
                });
                continue;
            }
            let r = match defined {
                // A defined function is given the enclosed items where they are: it copies
                // one only if it changes it.
                Some(def) => {
                    self.step()?;
                    self.call_held(def, None, a.map(Held::item), Held::item(b))
                }
                None => self.apply(g, a.map(item_value), item_value(b), frame),
            }?;
            items.push(atoms.enclose(r)?);
        }
        Ok(Value::from_shape(right.shape(), items))
    }

    pub(super) fn reduce(
        &mut self,
        g: &Func,
        first: bool,
        axis: Option<f64>,
        omega: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        if omega.rank() == 0 {
            return Ok(omega);
        }
        let ax = lane_axis(first, axis, omega.rank())?;
        let rest = omega.0.raw_dim().remove_axis(ax);
        let mut items = Vec::with_capacity(rest.size());
        for lane in omega.0.lanes(ax) {
            if crate::base::cancel::requested() {
                return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
            }
            let mut acc = match lane.iter().last() {
                Some(e) => item_value(e),
                None => match &g.kind {
                    FuncKind::Prim(c) => Value::num(func::identity(*c)?),
                    _ => return err(ErrorKind::Domain, "no identity for reducing an empty axis"),
                },
            };
            for e in lane.iter().rev().skip(1) {
                acc = self.apply(g, Some(item_value(e)), acc, frame)?;
            }
            items.push(enclose_item(acc)?);
        }
        Ok(Value(
            ArrayD::from_shape_vec(rest, items).expect("a cell per lane"),
        ))
    }

    /// `⍺ f/⍵`, N-wise reduction (Dyalog's "Reduce N-Wise"): `f/` of each window of `|⍺|`
    /// items along the axis (`2+/⍳5` is `3 5 7 9`), each window reversed where `⍺` is
    /// negative (`¯2-/1 4 9` is `3 5`); windows of 0 items are `f`'s identity, one more than
    /// the axis's length. At most [`MAX_SCAN_WORK`] applications in all.
    pub(super) fn reduce_n(
        &mut self,
        g: &Func,
        (first, axis): (bool, Option<f64>),
        alpha: &Value,
        omega: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        let n = match alpha.first() {
            _ if alpha.rank() > 1 || alpha.0.len() != 1 => {
                return err(
                    ErrorKind::Length,
                    "the left argument of an N-wise reduction is one number",
                );
            }
            Elem::Num(n) if n.fract() == 0.0 => n,
            _ => {
                return err(
                    ErrorKind::Domain,
                    "the left argument of an N-wise reduction is a whole number",
                );
            }
        };
        let omega = if omega.rank() == 0 {
            Value::vector(vec![omega.first()])
        } else {
            omega
        };
        let ax = lane_axis(first, axis, omega.rank())?;
        let len = omega.0.len_of(ax);
        if n.abs() > len as f64 + 1.0 {
            return err(
                ErrorKind::Length,
                format!(
                    "windows of {} items along an axis of {len}",
                    super::value::format_number(n.abs())
                ),
            );
        }
        let m = n.abs() as usize;
        let mut shape = omega.shape().to_vec();
        shape[ax.index()] = len + 1 - m;
        let size: usize = shape.iter().product();
        if size.saturating_mul(m.saturating_sub(1)) > MAX_SCAN_WORK {
            return err(
                ErrorKind::WsFull,
                format!("an N-wise reduction of more than {MAX_SCAN_WORK} applications"),
            );
        }
        let mut out = ArrayD::from_elem(ndarray::IxDyn(&shape), Elem::Num(0.0));
        for (lane, mut into) in omega.0.lanes(ax).into_iter().zip(out.lanes_mut(ax)) {
            for (i, cell) in into.iter_mut().enumerate() {
                if crate::base::cancel::requested() {
                    return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
                }
                let mut window: Vec<&Elem> = lane.iter().skip(i).take(m).collect();
                if n < 0.0 {
                    window.reverse();
                }
                let mut acc = match window.last() {
                    Some(e) => item_value(e),
                    None => match &g.kind {
                        FuncKind::Prim(c) => Value::num(func::identity(*c)?),
                        _ => return err(ErrorKind::Domain, "no identity for a window of 0 items"),
                    },
                };
                for e in window.iter().rev().skip(1) {
                    acc = self.apply(g, Some(item_value(e)), acc, frame)?;
                }
                *cell = enclose_item(acc)?;
            }
        }
        Ok(Value(out))
    }

    /// `f\⍵` (along the last axis, `f⍀` the first, or the axis given): item `i` of each lane
    /// is `f/` of its first `i` items, reduced right to left as APL2 and Dyalog do. For the
    /// associative `+ × ⌈ ⌊ ∧ ∨` each item is the one before it `f` the next (one application
    /// an item); any other function reduces every prefix anew, at most [`MAX_SCAN_WORK`]
    /// applications in all.
    pub(super) fn scan(
        &mut self,
        g: &Func,
        first: bool,
        axis: Option<f64>,
        omega: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        if omega.rank() == 0 {
            return Ok(omega);
        }
        let ax = lane_axis(first, axis, omega.rank())?;
        let len = omega.0.len_of(ax);
        let associative = matches!(
            g.kind,
            FuncKind::Prim(Prim::Plus | Prim::Times | Prim::Max | Prim::Min | Prim::And | Prim::Or)
        );
        if !associative {
            let lanes = omega.0.len() / len.max(1);
            let work = (len * len.saturating_sub(1) / 2).saturating_mul(lanes);
            if work > MAX_SCAN_WORK {
                return err(
                    ErrorKind::WsFull,
                    format!(
                        "a scan of {len} items by a function not associative takes {work} applications, more than the {MAX_SCAN_WORK} allowed"
                    ),
                );
            }
        }
        let mut out = omega.0.clone();
        for (lane, mut into) in omega.0.lanes(ax).into_iter().zip(out.lanes_mut(ax)) {
            let items: Vec<&Elem> = lane.iter().collect();
            let mut before: Option<Value> = None;
            for i in 0..len {
                if crate::base::cancel::requested() {
                    return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
                }
                let v = match before.take() {
                    Some(prev) if associative => {
                        self.apply(g, Some(prev), item_value(items[i]), frame)?
                    }
                    _ if associative => item_value(items[i]),
                    _ => {
                        let mut acc = item_value(items[i]);
                        for e in items[..i].iter().rev() {
                            acc = self.apply(g, Some(item_value(e)), acc, frame)?;
                        }
                        acc
                    }
                };
                into[i] = enclose_item(v.clone())?;
                before = Some(v);
            }
        }
        Ok(Value(out))
    }

    /// `⍺ f.g ⍵`: `f/` of `g` between each row of `⍺` (its last axis) and each column of
    /// `⍵` (its first), as APL2 defines it (`f/¨(⊂[⍴⍴⍺]⍺)∘.g⊂[1]⍵`): `+.×` is the matrix
    /// product. A scalar is a vector of one item, and an axis of length 1 is extended to the
    /// other's length (to 0 as well: `⍬+.×3` is `+/⍬`, 0).
    pub(super) fn inner(
        &mut self,
        f: &Func,
        g: &Func,
        a: Value,
        w: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        let (ashape, wshape) = (a.shape().to_vec(), w.shape().to_vec());
        let k = ashape.last().copied().unwrap_or(1);
        let kw = wshape.first().copied().unwrap_or(1);
        if k != kw && k != 1 && kw != 1 {
            return err(
                ErrorKind::Length,
                format!("an inner product of axes of lengths {k} and {kw}"),
            );
        }
        let len = if k == 1 { kw } else { k };
        let outer_a = &ashape[..ashape.len().saturating_sub(1)];
        let outer_w = wshape.get(1..).unwrap_or(&[]);
        let (rows, cols) = (outer_a.iter().product::<usize>(), outer_w.iter().product());
        check_size(rows.saturating_mul(cols))?;
        let shape: Vec<usize> = outer_a.iter().chain(outer_w).copied().collect();
        let (a, w) = (a.row_major(), w.row_major());
        // Item `i` of row `r` of `⍺`, and of column `c` of `⍵`.
        let left = |r: usize, i: usize| &a[r * k + if k == 1 { 0 } else { i }];
        let right = |c: usize, i: usize| &w[(if kw == 1 { 0 } else { i }) * cols + c];
        let mut items = Vec::with_capacity(rows * cols);
        if let (FuncKind::Prim(fc), FuncKind::Prim(gc)) = (&f.kind, &g.kind)
            && fc.is_scalar_dyad()
            && gc.is_scalar_dyad()
            && a.iter()
                .chain(w.iter())
                .all(|e| !matches!(e, Elem::Boxed(_)))
        {
            // Scalar functions of simple arrays: each item reduced where it is made, the
            // work counted before it is begun.
            super::work::items(rows.saturating_mul(cols).saturating_mul(len))?;
            for r in 0..rows {
                for c in 0..cols {
                    if crate::base::cancel::requested() {
                        return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
                    }
                    let item = match len {
                        0 => Elem::Num(func::identity(*fc)?),
                        _ => {
                            let at = |i| func::scalar_dyad(*gc, left(r, i), right(c, i));
                            let mut acc = at(len - 1)?;
                            for i in (0..len - 1).rev() {
                                acc = func::scalar_dyad(*fc, &at(i)?, &acc)?;
                            }
                            acc
                        }
                    };
                    items.push(item);
                }
            }
            return Ok(Value::from_shape(&shape, items));
        }
        let mut atoms = Atoms::default();
        for r in 0..rows {
            for c in 0..cols {
                let l = Value::vector((0..len).map(|i| left(r, i).clone()).collect());
                let rt = Value::vector((0..len).map(|i| right(c, i).clone()).collect());
                let each = self.apply(g, Some(l), rt, frame)?;
                let v = self.reduce(f, false, None, each, frame)?;
                atoms.add(&v)?;
                // `f/` of a vector is a scalar: its item is the result's item as it is.
                items.push(match v.rank() {
                    0 => v.0.into_iter().next().expect("a scalar has an item"),
                    _ => enclose_item(v)?,
                });
            }
        }
        Ok(Value::from_shape(&shape, items))
    }

    /// `⍺ ∘.g ⍵`: `g` between each item of `⍺` and each of `⍵`, of shape `(⍴⍺),⍴⍵`.
    pub(super) fn outer(
        &mut self,
        g: &Func,
        l: Value,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        check_size(l.0.len().saturating_mul(right.0.len()))?;
        let mut items = Vec::with_capacity(l.0.len() * right.0.len());
        let mut atoms = Atoms::default();
        for a in l.0.iter() {
            for b in right.0.iter() {
                let r = self.apply(g, Some(item_value(a)), item_value(b), frame)?;
                items.push(atoms.enclose(r)?);
            }
        }
        let shape: Vec<usize> = l.shape().iter().chain(right.shape()).copied().collect();
        Ok(Value::from_shape(&shape, items))
    }
}

/// `⍵[⍺]` under `¨` (a defined function whose body only indexes its right argument by its
/// left: the paper's PERMUTE) with one list on the left for every item on the right: the
/// list's positions are worked out once for each length of the vectors it indexes, not at
/// each call, and no call is made. An item it does not fit, or whose indexing fails, is left
/// to the call as any other (its error is the call's). The enclosed vectors it makes, small
/// simple ones, are remembered with the items each came from ([`Picked`]): a vector of the
/// same items indexed by the same list again is given the same enclosure, not a new one.
struct Permuting {
    list: Held,
    io: usize,
    picks: Option<Picks>,
    /// The definition's remembered items (taken out while this runs) and which of them are
    /// this list's.
    picked: Arc<Mutex<Picked>>,
    memo: Picked,
    mine: usize,
}

impl Permuting {
    /// For calls of `def` with `list` on the left, if `def` is such a function and a call
    /// of it would reach its body.
    fn new(def: &Definition, list: &Elem) -> Option<Permuting> {
        let plain = def.unreadable.is_none() && !def.operator && def.trad.is_none();
        if !plain || indexes_right_by_left(&def.body).is_none() {
            return None;
        }
        let list = Held::item(list);
        // The paper's definitions count from 1 (`call_held`).
        let io = if def.paper { 1 } else { super::origin() };
        // Taken out of the definition while this runs (a call within, of the same
        // definition, finds none and remembers its own).
        let mut memo = def
            .picked
            .try_lock()
            .map(|mut m| std::mem::take(&mut *m))
            .unwrap_or_default();
        let mine = memo.of(list.value(), io);
        Some(Permuting {
            list,
            io,
            picks: None,
            picked: Arc::clone(&def.picked),
            memo,
            mine,
        })
    }

    /// `b[list]` if `b` is an enclosed vector whose indexing succeeds; `None` otherwise.
    fn pick(&mut self, b: &Elem) -> Option<Pick> {
        let Elem::Boxed(v) = b else { return None };
        if v.rank() != 1 {
            return None;
        }
        let items = v.0.as_slice()?;
        let key = match items.len() <= PICKED_ITEMS {
            true => content_key(items),
            false => None,
        };
        let memo = &mut self.memo.0[self.mine].items;
        if let Some(k) = key
            && let Some((from, out)) = memo.get(&k)
            && (Arc::ptr_eq(from, v) || same_bits(from.0.as_slice(), items))
        {
            return Some(Pick::Simple(Arc::clone(out)));
        }
        if self.picks.as_ref().map(Picks::len) != Some(items.len()) {
            self.picks = Some(picks(self.list.value(), items.len(), self.io).ok()?);
        }
        let out = pick(items, self.picks.as_ref()?, self.list.value()).ok()?;
        // A simple vector's items are simple (its key says it is simple).
        let (Some(k), true) = (key, out.rank() > 0) else {
            return Some(Pick::Made(out));
        };
        let out = Arc::new(out);
        if memo.len() >= PICKED_MOST {
            memo.clear();
        }
        memo.insert(k, (Arc::clone(v), Arc::clone(&out)));
        Some(Pick::Simple(out))
    }
}

/// An item `⍵[⍺]` gave: a simple vector, enclosed already, or any other value.
enum Pick {
    Simple(Arc<Value>),
    Made(Value),
}

/// A hash of simple items, by their bits (`0` and `¯0` apart); `None` if one is enclosed.
fn content_key(items: &[Elem]) -> Option<u64> {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ items.len() as u64;
    for e in items {
        let x = match e {
            Elem::Num(n) => n.to_bits(),
            Elem::Char(c) => u64::from(*c) ^ 0x5bd1_e995_0000_0000,
            Elem::Boxed(_) => return None,
        };
        h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
    }
    Some(h)
}

/// Whether two runs of simple items are the same, bit for bit.
fn same_bits(a: Option<&[Elem]>, b: &[Elem]) -> bool {
    a.is_some_and(|a| {
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| match (x, y) {
                (Elem::Num(x), Elem::Num(y)) => x.to_bits() == y.to_bits(),
                (Elem::Char(x), Elem::Char(y)) => x == y,
                _ => false,
            })
    })
}

impl Drop for Permuting {
    /// The items remembered go back to the definition.
    fn drop(&mut self) {
        if let Ok(mut m) = self.picked.try_lock() {
            *m = std::mem::take(&mut self.memo);
        }
    }
}

/// The most items of a vector `⍵[⍺]` under `¨` makes that is remembered.
const PICKED_ITEMS: usize = 16;
/// The most enclosures remembered for one list (all let go when one more comes).
const PICKED_MOST: usize = 256;
/// The most lists remembered for one definition (the oldest let go when one more comes).
const PICKED_LISTS: usize = 8;

/// The items a definition that indexes its right argument by its left (`⍵[⍺]`) made under
/// `¨`, for each list it was given (and index origin): each simple vector it indexed, by a
/// hash of its items (compared bit for bit when found), and the enclosed vector it gave,
/// which an item of the same items is given again. The function's value depends only on
/// the list, the origin and the vector's items.
#[derive(Debug, Default)]
pub(crate) struct Picked(Vec<PickedBy>);

#[derive(Debug)]
struct PickedBy {
    list: Value,
    io: usize,
    items: fnv::FnvHashMap<u64, (Arc<Value>, Arc<Value>)>,
}

impl Picked {
    /// Which of its lists is `list` at origin `io`, remembered now if it was not.
    fn of(&mut self, list: &Value, io: usize) -> usize {
        let same = |p: &PickedBy| {
            p.io == io && p.list.shape() == list.shape() && p.list.0.iter().eq(list.0.iter())
        };
        if let Some(i) = self.0.iter().position(same) {
            return i;
        }
        if self.0.len() >= PICKED_LISTS {
            self.0.remove(0);
        }
        self.0.push(PickedBy {
            list: list.clone(),
            io,
            items: fnv::FnvHashMap::default(),
        });
        self.0.len() - 1
    }
}

/// The atoms of the items an operator has made so far, checked as each is made: the result
/// is refused before its items outgrow [`MAX_ATOMS`], not after.
#[derive(Default)]
struct Atoms(usize);

impl Atoms {
    fn add(&mut self, item: &Value) -> R<()> {
        let room = MAX_ATOMS - self.0;
        match item.atoms_within(room) {
            Some(n) if n < room => {
                self.0 += n + 1;
                Ok(())
            }
            _ => too_many_atoms(),
        }
    }

    /// A simple array of rank 1 or more, enclosed already, counted as [`Atoms::enclose`]
    /// counts it.
    fn enclosed(&mut self, item: Arc<Value>) -> R<Elem> {
        debug_assert!(item.rank() > 0 && item.is_simple());
        if item.0.len() >= MAX_ATOMS - self.0 {
            return too_many_atoms();
        }
        self.0 += item.0.len() + 1;
        Ok(Elem::Boxed(item))
    }

    /// `item` counted ([`Atoms::add`]) and made an item of the result ([`enclose_item`]): a
    /// simple array (the usual case) read once for both, its atoms its items and its depth
    /// at most 1.
    fn enclose(&mut self, item: Value) -> R<Elem> {
        if !item.is_simple() {
            self.add(&item)?;
            return enclose_item(item);
        }
        if item.0.len() >= MAX_ATOMS - self.0 {
            return too_many_atoms();
        }
        self.0 += item.0.len() + 1;
        Ok(match item.rank() {
            0 => item.first(),
            _ => Elem::Boxed(Arc::new(item)),
        })
    }
}

/// The axis a reduction or scan runs along: the one given (`f/[k]`), else the first (`f⌿`,
/// `f⍀`) or the last.
fn lane_axis(first: bool, axis: Option<f64>, rank: usize) -> R<ndarray::Axis> {
    Ok(ndarray::Axis(match axis {
        Some(k) => args::whole_axis(k, rank)?,
        None if first => 0,
        None => rank - 1,
    }))
}
