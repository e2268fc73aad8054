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
//! The workspace keeps the plans ([`Arranged`]) and forgets them all whenever a definition
//! changes; the plans of each function are bounded in number.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::defs::{Arranges, Prim};
use super::eval::{Held, Machine};
use super::tree::{Expr, Func, FuncKind, Indices};
use super::value::{Elem, Value};
use super::{Definition, Names};

/// Whether an array is a constant (made of literals alone) or holds the argument's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Const,
    Data,
}

/// Whether defined function `name`, called with one argument, only arranges that argument's
/// cells, as far as this check can prove: `false` for anything it does not cover.
pub(crate) fn proves(defs: &Names<Definition>, name: &str) -> bool {
    let mut check = Check {
        defs,
        open: Vec::new(),
        operands: Vec::new(),
    };
    check.call(name, None, None, Kind::Data) == Some(Kind::Data)
}

/// The state of a check: the definitions, and the calls and operands open.
struct Check<'a> {
    defs: &'a Names<Definition>,
    /// The defined functions being checked, outermost first: one met again (recursion) is
    /// refused.
    open: Vec<&'a str>,
    /// The operands of the defined operators being checked, innermost last.
    operands: Vec<&'a Func>,
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
        let constants = right == Kind::Const && left != Some(Kind::Data);
        match &f.kind {
            FuncKind::Prim(p) if constants => {
                (!matches!(p, Prim::Query | Prim::Execute)).then_some(Kind::Const)
            }
            FuncKind::Prim(p) => {
                let arranges = match (p.arranges(), left) {
                    (Arranges::Monad | Arranges::Both | Arranges::Joins, None) => true,
                    (Arranges::Dyad | Arranges::Both, Some(Kind::Const)) => true,
                    (Arranges::Joins, Some(Kind::Data)) => right == Kind::Data,
                    _ => false,
                };
                arranges.then_some(Kind::Data)
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
                Some(Kind::Data) if right == Kind::Const => None,
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
}

impl Plan {
    /// The gather a run on the numbered atoms gave (`out`), from an argument of `atoms`
    /// atoms, `per_in` an item; `None` if `out` holds anything but those indices.
    fn read(out: &Value, atoms: usize, per_in: Option<usize>) -> Option<Plan> {
        let per = structure(out)?;
        let items = out.row_major();
        if items.is_empty() {
            return None;
        }
        let mut sources = Vec::with_capacity(items.len() * per.unwrap_or(1));
        let mut index = |e: &Elem| match e {
            Elem::Num(n) if n.fract() == 0.0 && *n >= 1.0 && *n <= atoms as f64 => {
                sources.push(*n as u32 - 1);
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
                .map(|c| {
                    let i = c[0] as usize / k;
                    let own = c.iter().enumerate().all(|(j, &s)| s as usize == i * k + j);
                    own.then_some(i as u32)
                })
                .collect(),
            _ => Box::default(),
        };
        Some(Plan {
            shape: out.shape().to_vec(),
            per,
            sources: sources.into(),
            whole,
        })
    }

    /// The gather of `value`'s atoms (an array of the shape and structure it was made
    /// for); `None` if an atom it moves out of an item is itself an enclosure (the numbered
    /// atoms it was made from were simple, and `¨` encloses such an atom once more).
    fn apply(&self, value: &Value, per_in: Option<usize>) -> Option<Value> {
        let items = value.row_major();
        let items = &*items;
        let atom = |s: u32| -> Option<Elem> {
            let s = s as usize;
            let e = match per_in {
                None => items[s].clone(),
                Some(k) => match &items[s / k] {
                    Elem::Boxed(v) => match v.0.as_slice() {
                        Some(atoms) => atoms[s % k].clone(),
                        None => v.0.iter().nth(s % k)?.clone(),
                    },
                    e => e.clone(),
                },
            };
            (!matches!(e, Elem::Boxed(_))).then_some(e)
        };
        let out: Vec<Elem> = match (per_in, self.per) {
            (None, None) => self
                .sources
                .iter()
                .map(|&s| items[s as usize].clone())
                .collect(),
            (_, None) => self
                .sources
                .iter()
                .map(|&s| atom(s))
                .collect::<Option<_>>()?,
            (_, Some(k)) => self
                .sources
                .chunks(k)
                .enumerate()
                .map(|(i, c)| match self.whole.get(i).copied().flatten() {
                    Some(w) => Some(items[w as usize].clone()),
                    None => {
                        let v = c.iter().map(|&s| atom(s)).collect::<Option<_>>()?;
                        Some(Elem::Boxed(Arc::new(Value::vector(v))))
                    }
                })
                .collect::<Option<_>>()?,
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
    /// A gather to be made: run the function on this array of numbered atoms, and give
    /// its result to [`Arranged::made`].
    Make(Value),
}

impl Arranged {
    /// Forgets every function's check and plans (a definition changed).
    pub(crate) fn clear(&mut self) {
        self.fns.clear();
        self.generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether the check refused `def` against the definitions as they are.
    pub(crate) fn refused(&self, def: &Definition) -> bool {
        def.arranges.load(Ordering::Relaxed) == self.generation << 1
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
        let known = def.arranges.load(Ordering::Relaxed);
        let proven = match known >> 1 == self.generation {
            true => known & 1 == 1,
            false => {
                let proven = proves(defs, name);
                let mark = self.generation << 1 | u64::from(proven);
                def.arranges.store(mark, Ordering::Relaxed);
                proven
            }
        };
        if !proven {
            return Found::Run;
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
        let shape = value.shape();
        if let Some((.., plan)) = entry
            .plans
            .iter()
            .find(|(o, s, p, _)| *o == origin && s == shape && *p == per)
        {
            return match plan.as_ref().and_then(|p| p.apply(value, per)) {
                Some(out) => Found::Gathered(out),
                None => Found::Run,
            };
        }
        if entry.plans.len() >= SHAPES {
            entry.plans.clear();
        }
        entry.plans.push((origin, shape.to_vec(), per, None));
        Found::Make(numbered(shape, per))
    }

    /// The function's result on the numbered atoms `Found::Make` gave (`Err`: it failed,
    /// and is run each time), read as the gather for arrays of that shape; and `value`
    /// gathered by it, if it is one.
    pub(crate) fn made(
        &mut self,
        name: &str,
        numbered: &Value,
        out: Result<&Value, ()>,
        origin: usize,
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
                entry.plans[at].3 = Plan::read(out, atoms(shape, per), per).map(Arc::new);
            }
            (Err(()), Some(at)) => {
                entry.plans.remove(at);
            }
            _ => {}
        }
    }
}

impl<'w> Machine<'w> {
    /// Defined function `name` (`def`) applied to `right` alone as a gather, if it is proven
    /// to only arrange its argument's cells and `right`'s shape has one (made now, from a run
    /// on the numbered atoms, if it is the first call of that shape).
    pub(super) fn gathered(
        &mut self,
        name: &str,
        def: &'w Definition,
        right: &Held,
    ) -> Option<Value> {
        let io = super::origin();
        match self
            .arranged
            .find(self.defs, (name, def), right.value(), io)
        {
            Found::Gathered(out) => Some(out),
            Found::Run => None,
            Found::Make(numbered) => {
                let out = self.call_body(name, def, None, None, Held::Own(numbered.clone()));
                self.arranged
                    .made(name, &numbered, out.as_ref().map_err(drop), io);
                match self
                    .arranged
                    .find(self.defs, (name, def), right.value(), io)
                {
                    Found::Gathered(out) => Some(out),
                    _ => None,
                }
            }
        }
    }
}
