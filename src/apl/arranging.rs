//! Defined functions that only arrange their argument's cells, run as one gather.
//!
//! A function whose every primitive picks cells by position, never by value (the primitive
//! table's arranging column, [`Arranges`]), and whose every other operand (indices, axes,
//! shapes, rotations) is a constant, gives `(,⍵)[G]` for a gather `G` that depends only on
//! the argument's shape. [`proves`] checks a definition's body, and the bodies of the
//! functions and operators it calls, for that; the first call on an argument of a given shape
//! (and structure: simple items, or each item an enclosed vector of `k` simple atoms) runs the
//! function once through the ordinary evaluator on the argument's own atom indices, and the
//! result, whose atoms are then the sources, is the gather ([`Plan`]) every later call of that
//! shape makes instead of running the statements. A result holding anything but an index
//! (overtake's or expand's fill, 0) is no gather: that shape goes the general way.
//!
//! A function that also writes the argument's cells in digits (`⊤` with a constant radix),
//! arranges the digits and reads them back (`⊥`) is traced instead (`super::digits`): its plan
//! is the gather with each moved cell's digits rearranged, for arguments whose cells so
//! written are whole numbers in the radix's range (checked each call). A call that owns a
//! simple argument of the shape its plan keeps moves only the atoms that move, where they are.
//!
//! The workspace keeps the plans ([`Arranged`]) and forgets them all whenever a definition
//! changes; the plans of each function are bounded in number.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::defs::{Arranges, Prim};
use super::digits::{self, Digits, Trace};
use super::eval::{Held, Machine};
use super::tree::{Expr, Func, FuncKind, Indices};
use super::value::{Elem, Value};
use super::{Definition, Names};

/// Whether an array is a constant (made of literals alone) or holds the argument's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Const,
    Data,
    /// The argument's cells written in digits by `⊤` (`super::digits`).
    Digits,
}

/// Whether defined function `name`, called with one argument, only arranges that argument's
/// cells, as far as this check can prove: `None` for anything it does not cover, else
/// whether it also moves their digits (`⊤` with a constant radix on cells of the argument,
/// `⊥` on cells of their digits, and then no `⊤` or `⊥` on constants, which a trace would
/// take for digits).
pub(crate) fn proves(defs: &Names<Definition>, name: &str) -> Option<bool> {
    let mut check = Check {
        defs,
        open: Vec::new(),
        operands: Vec::new(),
        digits: false,
        coded: false,
    };
    let out = check.call(name, None, None, Kind::Data);
    (out == Some(Kind::Data) && !(check.digits && check.coded)).then_some(check.digits)
}

/// The state of a check: the definitions, and the calls and operands open.
struct Check<'a> {
    defs: &'a Names<Definition>,
    /// The defined functions being checked, outermost first: one met again (recursion) is
    /// refused.
    open: Vec<&'a str>,
    /// The operands of the defined operators being checked, innermost last.
    operands: Vec<&'a Func>,
    /// Whether `⊤` writes the argument's cells in digits.
    digits: bool,
    /// Whether `⊤` or `⊥` computes on constants.
    coded: bool,
}

/// The kinds of a body's local names, in the order they were given.
type Env<'a> = Vec<(&'a str, Kind)>;

impl<'a> Check<'a> {
    /// What defined function (or operator, with `operand`) `name` gives when called with
    /// arguments of these kinds; `None` if it may do anything but arrange or compute on
    /// constants.
    fn call(
        &mut self,
        name: &'a str,
        operand: Option<&'a Func>,
        left: Option<Kind>,
        right: Kind,
    ) -> Option<Kind> {
        let def = self.defs.get(name)?;
        if def.trad.is_some()
            || def.unreadable.is_some()
            || def.operator != operand.is_some()
            || self.open.contains(&name)
        {
            return None;
        }
        self.open.push(name);
        self.operands.extend(operand);
        let mut env: Env<'a> = vec![("⍵", right)];
        if let Some(l) = left {
            env.push(("⍺", l));
        }
        let mut out = None;
        for s in def.body.iter() {
            out = self.expr(s, &mut env);
            if out.is_none() {
                break;
            }
        }
        self.open.pop();
        if operand.is_some() {
            self.operands.pop();
        }
        out
    }

    fn expr(&mut self, e: &'a Expr, env: &mut Env<'a>) -> Option<Kind> {
        match e {
            Expr::Lit(_) | Expr::ByOrigin(_) => Some(Kind::Const),
            Expr::Var(n, _) | Expr::Take(n, _) => lookup(env, n),
            // A strand of constants; one holding the argument would enclose its cells.
            Expr::Strand(items) => {
                for x in items.iter().rev() {
                    if self.expr(x, env)? != Kind::Const {
                        return None;
                    }
                }
                Some(Kind::Const)
            }
            Expr::Index(a, idx, _) => {
                self.lists(idx, env)?;
                self.expr(a, env)
            }
            Expr::Monad(f, a) => {
                let k = self.expr(a, env)?;
                self.apply(f, None, k, env)
            }
            Expr::Dyad(f, a, b) => {
                let kb = self.expr(b, env)?;
                let ka = self.expr(a, env)?;
                self.apply(f, Some(ka), kb, env)
            }
            Expr::Assign(n, a, _) if !n.starts_with('⎕') => {
                let k = self.expr(a, env)?;
                env.push((n, k));
                Some(k)
            }
            Expr::IndexAssign(n, idx, a, _) if !n.starts_with('⎕') => {
                let value = self.expr(a, env)?;
                self.lists(idx, env)?;
                // Cells of the argument into an array of them, or constants into constants.
                (lookup(env, n)? == value).then_some(value)
            }
            _ => None,
        }
    }

    /// Every index list a constant.
    fn lists(&mut self, idx: &'a Indices, env: &mut Env<'a>) -> Option<()> {
        for l in idx.lists.iter().rev().flatten() {
            if self.expr(l, env)? != Kind::Const {
                return None;
            }
        }
        Some(())
    }

    /// What `f` gives applied to arguments of these kinds.
    fn apply(
        &mut self,
        f: &'a Func,
        left: Option<Kind>,
        right: Kind,
        env: &mut Env<'a>,
    ) -> Option<Kind> {
        if let Some(axis) = &f.axis
            && self.expr(axis, env)? != Kind::Const
        {
            return None;
        }
        let constants = right == Kind::Const && left.is_none_or(|l| l == Kind::Const);
        match &f.kind {
            FuncKind::Prim(p) if constants => {
                self.coded |= matches!(p, Prim::Encode | Prim::Decode);
                (!matches!(p, Prim::Query | Prim::Execute)).then_some(Kind::Const)
            }
            // The argument's cells written in digits, and such digits read as numbers.
            FuncKind::Prim(Prim::Encode) => {
                let cells = left == Some(Kind::Const) && right == Kind::Data;
                self.digits |= cells;
                cells.then_some(Kind::Digits)
            }
            FuncKind::Prim(Prim::Decode) => {
                (left == Some(Kind::Const) && right == Kind::Digits).then_some(Kind::Data)
            }
            FuncKind::Prim(p) => {
                let arranges = match (p.arranges(), left) {
                    (Arranges::Monad | Arranges::Both | Arranges::Joins, None) => true,
                    (Arranges::Dyad | Arranges::Both, Some(Kind::Const)) => true,
                    // Cells joined with cells of their kind.
                    (Arranges::Joins, Some(l)) => l == right,
                    _ => false,
                };
                arranges.then_some(right)
            }
            FuncKind::Defined(n) => self.call(n, None, left, right),
            FuncKind::DefinedOp(n, g) => self.call(n, Some(g), left, right),
            FuncKind::Operand => {
                // The operand is applied where it was given: outside the operator.
                let g = self.operands.pop()?;
                let out = self.apply(g, left, right, &mut Vec::new());
                self.operands.push(g);
                out
            }
            // Each item arranged (or computed from constants) alone.
            FuncKind::Each(g) | FuncKind::Reduce(g, _) | FuncKind::Scan(g, _) if constants => {
                self.apply(g, left, right, env)
            }
            FuncKind::Each(g) => match left {
                Some(l) if l != Kind::Const && right == Kind::Const => None,
                _ => self.apply(g, left, right, env),
            },
            FuncKind::Commute(g) => self.apply(g, Some(right), left.unwrap_or(right), env),
            _ => None,
        }
    }
}

fn lookup(env: &Env<'_>, name: &str) -> Option<Kind> {
    env.iter().rev().find(|(n, _)| *n == name).map(|&(_, k)| k)
}

/// How an array's items are made: simple scalars (`None`), or each an enclosed vector of `k`
/// (`Some(k)`); `None` of the whole for anything else. Whether those vectors are simple is
/// seen where their atoms are moved ([`Plan::apply`]).
fn structure(v: &Value) -> Option<Option<usize>> {
    let items = v.row_major();
    match items.first() {
        None => Some(None),
        Some(Elem::Boxed(first)) => {
            let k = match first.shape() {
                [k] if *k > 0 => *k,
                _ => return None,
            };
            let vector = |e: &Elem| matches!(e, Elem::Boxed(b) if b.shape() == [k]);
            items.iter().all(vector).then_some(Some(k))
        }
        Some(_) => items
            .iter()
            .all(|e| !matches!(e, Elem::Boxed(_)))
            .then_some(None),
    }
}

/// Atoms of an array of `shape` with `per` an item.
fn atoms(shape: &[usize], per: Option<usize>) -> usize {
    shape.iter().product::<usize>() * per.unwrap_or(1)
}

/// An array of `shape` and structure `per` whose atoms are their own indices, from 1.
fn numbered(shape: &[usize], per: Option<usize>) -> Value {
    let cells: usize = shape.iter().product();
    let items = match per {
        None => (1..=cells).map(|i| Elem::Num(i as f64)).collect(),
        Some(k) => (0..cells)
            .map(|c| {
                let v = (1..=k).map(|j| Elem::Num((c * k + j) as f64)).collect();
                Elem::Boxed(Arc::new(Value::vector(v)))
            })
            .collect(),
    };
    Value::from_shape(shape, items)
}

/// A gather: the result's shape and structure, and for each of its atoms the argument's
/// atom it is.
#[derive(Debug)]
pub(crate) struct Plan {
    shape: Vec<usize>,
    per: Option<usize>,
    sources: Box<[u32]>,
    /// For each item of an enclosed result, the argument's item it is whole (its atoms, in
    /// order), if it is one: that enclosure is shared, not made anew.
    whole: Box<[Option<u32>]>,
    /// Whether the argument's items are simple and each is read: then each is seen to be
    /// simple as it is gathered, not looked over first.
    covers: bool,
    /// The digits it moves, if any (then its atoms so moved are computed, `super::digits`).
    digits: Option<Digits>,
    /// Where the result is of the argument's shape and both are simple: each atom that is
    /// not its own source, and its source (the others stay where they are).
    moves: Option<Box<[(u32, u32)]>>,
    /// Where those moves are a permutation of the atoms: the same as swaps of two atoms, made
    /// in order (no atom copied aside).
    swaps: Option<Box<[(u32, u32)]>>,
    /// Where the result is of the argument's shape and both are arrays of enclosed vectors of
    /// the same length, and each of the result's items is the atoms of one of the argument's
    /// (each item used once), in some order: the items' swaps and their atoms' reorders.
    item_moves: Option<ItemMoves>,
}

/// A gather of an array of enclosed vectors that moves items whole and reorders the atoms
/// within them: made where the items are, by swaps of whole items, then each reordered
/// item's atoms permuted in its new place.
#[derive(Debug)]
struct ItemMoves {
    /// The swaps of two items, made in order, that bring each item where the result has it.
    swaps: Box<[(u32, u32)]>,
    /// Each item whose atoms are reordered: its place in the result, its place in the
    /// argument, and where its `k` atoms' reorder starts in `within`.
    reorders: Box<[(u32, u32, u32)]>,
    /// For each reordered item in turn, for each of its atoms, the atom of the item it is.
    within: Box<[u8]>,
}

/// The items a gather of `sources` (`k` atoms an item, `items` items, in and out) moves
/// whole, each item's atoms reordered among themselves at most: `None` if a result item takes
/// atoms of two items, or an item is used twice, or one has more than 64 atoms.
fn item_moves(sources: &[u32], k: usize, items: usize) -> Option<ItemMoves> {
    if k > 64 || sources.len() != k * items {
        return None;
    }
    let mut used = vec![false; items];
    let (mut from_of, mut reorders, mut within) = (Vec::new(), Vec::new(), Vec::new());
    for (to, c) in sources.chunks(k).enumerate() {
        let from = c[0] as usize / k;
        let mut seen = 0u64;
        for &s in c {
            let s = s as usize;
            if s / k != from || seen >> (s % k) & 1 == 1 {
                return None;
            }
            seen |= 1 << (s % k);
        }
        if std::mem::replace(&mut used[from], true) {
            return None;
        }
        from_of.push(from);
        if c.iter()
            .enumerate()
            .any(|(j, &s)| s as usize != from * k + j)
        {
            reorders.push((to as u32, from as u32, within.len() as u32));
            within.extend(c.iter().map(|&s| (s as usize - from * k) as u8));
        }
    }
    let mut swaps = Vec::new();
    let mut done = vec![false; items];
    cycles(
        items,
        |t| from_of[t],
        |t| std::mem::replace(&mut done[t], true),
        |a, b| swaps.push((a as u32, b as u32)),
    );
    Some(ItemMoves {
        swaps: swaps.into(),
        reorders: reorders.into(),
        within: within.into(),
    })
}

/// `xs` reordered so that each `xs[t]` is what `xs[p[t]]` was, `p` a permutation of fewer
/// than 65 positions: by swaps along its cycles.
fn permute<T>(xs: &mut [T], p: impl Fn(usize) -> usize) {
    let mut done = 0u64;
    let seen = |t: usize| {
        let was = done >> t & 1 == 1;
        done |= 1 << t;
        was
    };
    cycles(xs.len(), p, seen, |a, b| xs.swap(a, b));
}

/// The swaps (`swap`, in order) that reorder `n` positions so that each `t` holds what
/// `p(t)` held, `p` a permutation: along each of its cycles, each position swapped with its
/// source in turn. `seen(t)` marks `t` done and says whether it was.
fn cycles(
    n: usize,
    p: impl Fn(usize) -> usize,
    mut seen: impl FnMut(usize) -> bool,
    mut swap: impl FnMut(usize, usize),
) {
    for start in 0..n {
        let mut t = start;
        while !seen(t) {
            let s = p(t);
            if s == start {
                break;
            }
            swap(t, s);
            t = s;
        }
    }
}

impl Plan {
    /// The gather a run on the numbered atoms gave (`out`), from an argument of `atoms`
    /// atoms, `per_in` an item, with the trace of its digits if it wrote any; `None` if
    /// `out` holds anything but the names the run handed out.
    fn read(
        out: &Value,
        (shape_in, per_in): (&[usize], Option<usize>),
        trace: Option<&Trace>,
    ) -> Option<Plan> {
        let atoms = self::atoms(shape_in, per_in);
        let per = structure(out)?;
        let items = out.row_major();
        if items.is_empty() {
            return None;
        }
        let mut sources = Vec::with_capacity(items.len() * per.unwrap_or(1));
        let (mut of, mut maps) = (Vec::new(), Vec::new());
        let mut index = |e: &Elem| match (e, trace) {
            (Elem::Num(n), None) if n.fract() == 0.0 && *n >= 1.0 && *n <= atoms as f64 => {
                sources.push(*n as u32 - 1);
                Some(())
            }
            (Elem::Num(n), Some(t)) if n.fract() == 0.0 && *n >= 1.0 && *n < u32::MAX as f64 => {
                let (source, map) = t.name(*n as usize, &mut maps)?;
                sources.push(source);
                of.push(map);
                Some(())
            }
            _ => None,
        };
        for e in items.iter() {
            match e {
                Elem::Boxed(v) => v.row_major().iter().try_for_each(&mut index)?,
                e => index(e)?,
            }
        }
        let whole = match (per, per_in) {
            (Some(k), Some(kin)) if k == kin => sources
                .chunks(k)
                .enumerate()
                .map(|(at, c)| {
                    let i = c[0] as usize / k;
                    let own = c.iter().enumerate().all(|(j, &s)| s as usize == i * k + j);
                    let moved = of
                        .get(at * k..at * k + k)
                        .is_some_and(|m| m.iter().any(|&m| m != 0));
                    (own && !moved).then_some(i as u32)
                })
                .collect(),
            _ => Box::default(),
        };
        let covers = per_in.is_none() && per.is_none() && {
            let mut seen = vec![false; atoms];
            sources.iter().for_each(|&s| seen[s as usize] = true);
            seen.iter().all(|&s| s)
        };
        let moves = (per_in.is_none() && per.is_none() && out.shape() == shape_in).then(|| {
            let moved = sources.iter().enumerate();
            moved
                .filter(|&(i, &s)| i != s as usize)
                .map(|(i, &s)| (i as u32, s))
                .collect()
        });
        // A gather that reads each atom once, into an array of as many.
        let swaps = (moves.is_some() && covers && sources.len() == atoms).then(|| {
            let mut swaps = Vec::new();
            let mut done = vec![false; sources.len()];
            cycles(
                sources.len(),
                |t| sources[t] as usize,
                |t| std::mem::replace(&mut done[t], true),
                |a, b| swaps.push((a as u32, b as u32)),
            );
            swaps.into()
        });
        let item_moves = match (per, per_in) {
            (Some(k), Some(kin)) if k == kin && trace.is_none() && out.shape() == shape_in => {
                item_moves(&sources, k, shape_in.iter().product())
            }
            _ => None,
        };
        Some(Plan {
            shape: out.shape().to_vec(),
            per,
            sources: sources.into(),
            whole,
            covers,
            digits: trace.and_then(|t| t.digits(of, maps)),
            moves,
            swaps,
            item_moves,
        })
    }

    /// The gather of simple `items` (an array of the shape it was made for, every item of
    /// which it reads): `None` if an item is an enclosure, or an atom it writes in digits
    /// is not a number it can.
    fn simple(&self, items: &[Elem]) -> Option<Value> {
        let mut out = Vec::with_capacity(self.sources.len());
        for &s in self.sources.iter() {
            match items.get(s as usize)? {
                Elem::Boxed(_) => return None,
                e => out.push(e.clone()),
            }
        }
        if let Some(d) = &self.digits {
            d.apply(&mut out, 0)?;
        }
        Some(Value::from_shape(&self.shape, out))
    }

    /// Whether it moves whole items of an array of enclosed vectors, reordering their atoms
    /// at most (then a call that owns its argument moves them where they are).
    #[cfg(test)]
    pub(crate) fn moves_items(&self) -> bool {
        self.item_moves.is_some()
    }

    /// The gather of `value`, an array of enclosed vectors of `k` atoms it may change, made
    /// by moving its items and reordering their atoms where they are (an item shared with
    /// another array is copied first): `Err` (`value` unchanged) if the plan moves atoms
    /// between items, or is for no such array, or an item is not a vector of `k`, or an item
    /// it reorders holds an enclosure (as [`Plan::apply`] refuses).
    fn items_in_place(&self, mut value: Value, k: usize) -> Result<Value, Value> {
        let (Some(moves), None) = (&self.item_moves, &self.digits) else {
            return Err(value);
        };
        let Some(items) = value.0.as_slice_mut() else {
            return Err(value);
        };
        let vector = |e: &Elem| matches!(e, Elem::Boxed(b) if b.shape() == [k]);
        let simple = |e: &Elem| match e {
            Elem::Boxed(b) => {
                b.0.as_slice()
                    .is_some_and(|a| a.iter().all(|e| !matches!(e, Elem::Boxed(_))))
            }
            _ => false,
        };
        if items.len() * k != self.sources.len()
            || !items.iter().all(vector)
            || !moves
                .reorders
                .iter()
                .all(|&(_, from, _)| simple(&items[from as usize]))
        {
            return Err(value);
        }
        moves
            .swaps
            .iter()
            .for_each(|&(a, b)| items.swap(a as usize, b as usize));
        for &(to, _, at) in &moves.reorders {
            if let Elem::Boxed(b) = &mut items[to as usize]
                && let Some(atoms) = Arc::make_mut(b).0.as_slice_mut()
            {
                permute(atoms, |t| usize::from(moves.within[at as usize + t]));
            }
        }
        Ok(value)
    }

    /// The gather of `items` (an array of the shape and structure it was made for); `None`
    /// if an atom it moves out of an item is itself an enclosure (the numbered atoms it was
    /// made from were simple, and `¨` encloses such an atom once more), or an atom it
    /// writes in digits is not a number it can.
    fn apply(&self, items: &[Elem], per_in: Option<usize>) -> Option<Value> {
        if per_in.is_none() && self.per.is_none() {
            return self.simple(items);
        }
        // The atoms of the item last read from, found once for all those taken from it.
        let mut last: (usize, &[Elem]) = (usize::MAX, &[]);
        let mut atom = |s: u32| -> Option<Elem> {
            let s = s as usize;
            let e = match per_in {
                None => items.get(s)?,
                Some(k) => {
                    if last.0 != s / k {
                        last = match items.get(s / k)? {
                            Elem::Boxed(v) => (s / k, v.0.as_slice()?),
                            e => (s / k, std::slice::from_ref(e)),
                        };
                    }
                    last.1.get(s % k)?
                }
            };
            (!matches!(e, Elem::Boxed(_))).then(|| e.clone())
        };
        if let Some(d) = &self.digits
            && !d.valid(|s| {
                let s = s as usize;
                match per_in {
                    None => items.get(s),
                    Some(k) => match items.get(s / k)? {
                        Elem::Boxed(v) => v.0.as_slice()?.get(s % k),
                        e => Some(e),
                    },
                }
            })
        {
            return None;
        }
        let out: Vec<Elem> = match self.per {
            None => {
                let mut out = Vec::with_capacity(self.sources.len());
                for &s in self.sources.iter() {
                    out.push(atom(s)?);
                }
                if let Some(d) = &self.digits {
                    d.apply(&mut out, 0)?;
                }
                out
            }
            Some(k) => {
                let mut out = Vec::with_capacity(self.sources.len() / k);
                for (i, c) in self.sources.chunks(k).enumerate() {
                    if let Some(w) = self.whole.get(i).copied().flatten() {
                        out.push(items[w as usize].clone());
                        continue;
                    }
                    // Collected from an iterator of known length: no check of the room left.
                    let mut moved = true;
                    let mut v: Vec<Elem> = c
                        .iter()
                        .map(|&s| {
                            atom(s).unwrap_or_else(|| {
                                moved = false;
                                Elem::Num(0.0)
                            })
                        })
                        .collect();
                    if !moved {
                        return None;
                    }
                    if let Some(d) = &self.digits {
                        d.apply(&mut v, i * k)?;
                    }
                    out.push(Elem::Boxed(Arc::new(Value::vector(v))));
                }
                out
            }
        };
        Some(Value::from_shape(&self.shape, out))
    }
}

/// The generations handed out so far (0: none; every workspace's definitions start, empty,
/// at 0).
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

/// The most shapes a function keeps a plan for; past it, its plans are forgotten.
const SHAPES: usize = 8;

/// The most functions plans are kept for; past it, all are forgotten.
const FUNCTIONS: usize = 1024;

/// The workspace's arranging functions and their gathers, by name.
#[derive(Clone, Debug, Default)]
pub(crate) struct Arranged {
    fns: Names<Entry>,
    /// The generation of the definitions: a number no other workspace's definitions have had,
    /// taken anew whenever one changes, against which each definition's check is kept.
    generation: u64,
    /// Every function run (the tests' general path to compare with).
    off: bool,
}

/// A gather kept: the index origin, shape and structure of the arguments it is for, and the
/// gather (`None` while it is being made, or where there is none).
type Kept = (usize, Vec<usize>, Option<usize>, Option<Arc<Plan>>);

#[derive(Clone, Debug, Default)]
struct Entry {
    /// Its gathers so far: each with the index origin, shape and structure of the argument
    /// it was made for (`None` while it is being made, or where it is no gather).
    plans: Vec<Kept>,
}

/// What a call finds.
pub(crate) enum Found {
    /// A gather: the function's result.
    Gathered(Value),
    /// No gather to be had: run the function.
    Run,
    /// A gather to be made: run the function on this array of numbered atoms (tracing its
    /// digits if `true`), and give its result to [`Arranged::made`].
    Make(Value, bool),
}

/// What the check found of a definition, kept in its two low bits beside the generation.
const REFUSED: u64 = 0;
const ARRANGES: u64 = 1;
const DIGITS: u64 = 2;

impl Arranged {
    /// Forgets every function's check and plans (a definition changed).
    pub(crate) fn clear(&mut self) {
        self.fns.clear();
        self.generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether the check refused `def` against the definitions as they are.
    pub(crate) fn refused(&self, def: &Definition) -> bool {
        def.arranges.load(Ordering::Relaxed) == self.generation << 2 | REFUSED
    }

    /// Makes every call run its function (`false`), or the arranging ones gather (`true`).
    #[cfg(test)]
    pub(crate) fn enable(&mut self, on: bool) {
        self.off = !on;
        self.fns.clear();
    }

    /// The gathers function `name` has made.
    #[cfg(test)]
    pub(crate) fn gathers(&self, name: &str) -> usize {
        self.fns
            .get(name)
            .map_or(0, |e| e.plans.iter().filter(|p| p.3.is_some()).count())
    }

    /// The gather function `name` keeps for arrays of `shape` and structure `per` (at index
    /// origin 1).
    #[cfg(test)]
    pub(crate) fn plan(&self, name: &str, shape: &[usize], per: Option<usize>) -> Option<&Plan> {
        let kept = self.fns.get(name)?.plans.iter();
        let mut kept = kept.filter(|(o, s, p, _)| *o == 1 && s == shape && *p == per);
        kept.find_map(|k| k.3.as_deref())
    }

    /// What the check finds of `def` (`REFUSED`, `ARRANGES` or `DIGITS`), checked once a
    /// generation.
    fn checked(&self, defs: &Names<Definition>, (name, def): (&str, &Definition)) -> u64 {
        let known = def.arranges.load(Ordering::Relaxed);
        if known >> 2 == self.generation {
            return known & 3;
        }
        let found = match proves(defs, name) {
            None => REFUSED,
            Some(false) => ARRANGES,
            Some(true) => DIGITS,
        };
        def.arranges
            .store(self.generation << 2 | found, Ordering::Relaxed);
        found
    }

    /// What a call of defined function `name` on `value`, at index origin `origin`, finds.
    pub(crate) fn find(
        &mut self,
        defs: &Names<Definition>,
        (name, def): (&str, &Definition),
        value: &Value,
        origin: usize,
    ) -> Found {
        if self.off {
            return Found::Run;
        }
        let found = self.checked(defs, (name, def));
        if found == REFUSED {
            return Found::Run;
        }
        let items = value.row_major();
        let shape = value.shape();
        // Simple items (every one of which the plan reads, each seen to be simple as it is
        // gathered; or looked over first).
        if !matches!(items.first(), Some(Elem::Boxed(_)))
            && let Some(entry) = self.fns.get(name)
            && let Some((.., Some(plan))) = entry
                .plans
                .iter()
                .find(|(o, s, p, _)| *o == origin && p.is_none() && s == shape)
            && (plan.covers || items.iter().all(|e| !matches!(e, Elem::Boxed(_))))
        {
            return match plan.simple(&items) {
                Some(out) => Found::Gathered(out),
                None => Found::Run,
            };
        }
        if !self.fns.contains_key(name) && self.fns.len() >= FUNCTIONS {
            self.fns.clear();
        }
        let entry = match self.fns.get_mut(name) {
            Some(e) => e,
            None => self.fns.entry(name.to_string()).or_default(),
        };
        let Some(per) = structure(value) else {
            return Found::Run;
        };
        if let Some((.., plan)) = entry
            .plans
            .iter()
            .find(|(o, s, p, _)| *o == origin && s == shape && *p == per)
        {
            return match plan.as_ref().and_then(|p| p.apply(&items, per)) {
                Some(out) => Found::Gathered(out),
                None => Found::Run,
            };
        }
        if entry.plans.len() >= SHAPES {
            entry.plans.clear();
        }
        entry.plans.push((origin, shape.to_vec(), per, None));
        Found::Make(numbered(shape, per), found == DIGITS)
    }

    /// A call of `name` on `value`, an array it may change, at index origin `origin`, as a
    /// plan for arrays of its shape and structure that keeps the shape: for simple arrays the
    /// atoms that move, moved where they are; for arrays of enclosed vectors, the items
    /// moved and their atoms reordered where they are, if the plan moves no atom between
    /// items (`Err`: no such plan, or `value` is not of its kind; it is unchanged).
    pub(crate) fn in_place(
        &self,
        name: &str,
        mut value: Value,
        origin: usize,
    ) -> Result<Value, Value> {
        let shape = value.shape();
        // The structure the first item says (each item is checked where it is moved).
        let per = match value.0.first() {
            Some(Elem::Boxed(b)) => match b.shape() {
                &[k] => Some(k),
                _ => return Err(value),
            },
            _ => None,
        };
        let plan = self.fns.get(name).and_then(|e| {
            let kept = e
                .plans
                .iter()
                .find(|(o, s, p, _)| *o == origin && *p == per && s == shape);
            kept?.3.as_deref()
        });
        if let (Some(plan), Some(k)) = (plan, per) {
            return plan.items_in_place(value, k);
        }
        let Some((plan, Some(moves))) = plan.map(|p| (p, &p.moves)) else {
            return Err(value);
        };
        let Some(items) = value.0.as_slice_mut() else {
            return Err(value);
        };
        let simple = items.iter().all(|e| !matches!(e, Elem::Boxed(_)));
        let written = plan
            .digits
            .as_ref()
            .is_none_or(|d| d.valid(|s| items.get(s as usize)));
        if !simple || !written || items.len() != plan.sources.len() {
            return Err(value);
        }
        // Every source is below the atoms (`Plan::read`), which are as many as the items.
        if let Some(swaps) = &plan.swaps {
            swaps
                .iter()
                .for_each(|&(a, b)| items.swap(a as usize, b as usize));
        } else {
            let moved: Vec<Elem> = moves
                .iter()
                .map(|&(_, s)| items[s as usize].clone())
                .collect();
            for (&(to, _), e) in moves.iter().zip(moved) {
                items[to as usize] = e;
            }
        }
        if let Some(d) = &plan.digits {
            // Each atom written in digits was found whole and in range above.
            let _ = d.apply(items, 0);
        }
        Ok(value)
    }

    /// The function's result on the numbered atoms `Found::Make` gave (`Err`: it failed,
    /// and is run each time, unless it was traced: a trace's refusal stands), read as the
    /// gather for arrays of that shape, with the trace of its digits if it was traced.
    pub(crate) fn made(
        &mut self,
        name: &str,
        numbered: &Value,
        out: Result<&Value, ()>,
        (origin, trace): (usize, Option<Trace>),
    ) {
        let Some(entry) = self.fns.get_mut(name) else {
            return;
        };
        let per = structure(numbered).flatten();
        let shape = numbered.shape();
        let at = entry
            .plans
            .iter()
            .position(|(o, s, p, _)| *o == origin && s == shape && *p == per);
        match (out, at) {
            (Ok(out), Some(at)) => {
                let plan = Plan::read(out, (shape, per), trace.as_ref());
                entry.plans[at].3 = plan.map(Arc::new);
            }
            (Err(()), Some(at)) if trace.is_none() => {
                entry.plans.remove(at);
            }
            _ => {}
        }
    }
}

impl<'w> Machine<'w> {
    /// Defined function `name` (`def`) applied to `right` alone as a gather, if it is proven
    /// to only arrange its argument's cells and `right`'s shape has one (made now, from a run
    /// on the numbered atoms, if it is the first call of that shape). While a trace is being
    /// made, every function runs its statements (its `⊤` and `⊥` are traced).
    pub(super) fn gathered(
        &mut self,
        name: &str,
        def: &'w Definition,
        right: Held,
    ) -> Result<Value, Held> {
        if digits::tracing() {
            return Err(right);
        }
        let io = super::origin();
        // An argument the call owns: the atoms that move moved where they are.
        let right = match right {
            Held::Own(v) => match self.arranged.in_place(name, v, io) {
                Ok(out) => return Ok(out),
                Err(v) => Held::Own(v),
            },
            shared => shared,
        };
        match self
            .arranged
            .find(self.defs, (name, def), right.value(), io)
        {
            Found::Gathered(out) => Ok(out),
            Found::Run => Err(right),
            Found::Make(numbered, traced) => {
                if traced {
                    digits::begin(atoms(numbered.shape(), structure(&numbered).flatten()));
                }
                let out = self.call_body(name, def, None, None, Held::Own(numbered.clone()));
                let trace = if traced { digits::end() } else { None };
                self.arranged
                    .made(name, &numbered, out.as_ref().map_err(drop), (io, trace));
                match self
                    .arranged
                    .find(self.defs, (name, def), right.value(), io)
                {
                    Found::Gathered(out) => Ok(out),
                    _ => Err(right),
                }
            }
        }
    }
}
