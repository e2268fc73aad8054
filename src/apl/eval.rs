//! Evaluating the tree right to left: names, indexing and indexed assignment, calls of
//! defined functions, and the operators (`f/`, `f¨`, `∘.f`). The primitive functions are in
//! [`super::func`].

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use ndarray::{ArrayD, Dimension, RemoveAxis};

use super::error::{AplError, ErrorKind, err};
use super::func::{self, enclose_item, item_value};
use super::parse::check_size;
use super::tree::{Cells, Dfn, DfnStatement, Expr, Func, FuncKind, Indices};
use super::value::{Elem, Value};
use super::{Definition, MAX_ATOMS, MAX_DEPTH, origin, set_origin};

/// Most applications of a function a scan by a function not associative makes.
pub(crate) const MAX_SCAN_WORK: usize = super::MAX_ELEMENTS;

/// Most evaluations inside one another (bounds the evaluator's own recursion).
const MAX_EVAL_DEPTH: usize = 1000;

/// A function's local names, or the workspace's at the top level.
pub(crate) struct Frame<'a> {
    pub(crate) locals: Option<Locals>,
    pub(crate) line: &'a str,
    /// The dfn running in this frame (what `∇` is).
    pub(crate) dfn: Option<Arc<Dfn>>,
    /// The operand of the operator running in this frame (what `⍺⍺` is).
    pub(crate) operand: Option<Arc<Func>>,
    /// The names local to the traditional function running in this frame: the others it
    /// assigns are the workspace's.
    pub(crate) scope: Option<Arc<super::trad::Tradfn>>,
}

/// A function's local variables: a few names, found by a look along them (a call makes no
/// hash table, and its argument names are not copied).
#[derive(Default)]
pub(crate) struct Locals(Vec<(Cow<'static, str>, Value)>);

impl Locals {
    /// A frame's names with `⍵` (and `⍺`) bound.
    fn arguments(left: Option<Value>, right: Value) -> Locals {
        let mut l = Locals(Vec::with_capacity(4));
        l.0.push((Cow::Borrowed("⍵"), right));
        if let Some(a) = left {
            l.0.push((Cow::Borrowed("⍺"), a));
        }
        l
    }

    pub(crate) fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Unbinds `name`, giving its value.
    fn take(&mut self, name: &str) -> Option<Value> {
        let at = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.swap_remove(at).1)
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.0.iter_mut().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Binds `name`, giving back what it had.
    pub(crate) fn insert(&mut self, name: impl Into<Cow<'static, str>>, v: Value) -> Option<Value> {
        let name = name.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, old)) => Some(std::mem::replace(old, v)),
            None => {
                self.0.push((name, v));
                None
            }
        }
    }
}

/// The workspace's variables a line changed, each with its value before (none: it had none),
/// in the order they were changed.
pub(crate) type Changes = Vec<(String, Option<Value>)>;

/// What an evaluation reads and changes: the definitions, the workspace's variables, and how
/// deep it is.
pub(crate) struct Machine<'w> {
    pub(crate) defs: &'w HashMap<String, Definition>,
    /// The functions compiled to a gather, run so on the arrays they were compiled for.
    pub(crate) compiled: &'w HashMap<String, super::gathered::Gathered>,
    pub(crate) globals: &'w mut HashMap<String, Value>,
    pub(crate) calls: usize,
    pub(crate) evals: usize,
    /// Steps taken so far in this line, and the most it may take.
    pub(crate) steps: u64,
    pub(crate) max_steps: u64,
    /// The workspace's variables as they were before this line changed them, in order:
    /// [`Machine::undo`] puts them back when the line fails.
    pub(crate) replaced: Changes,
    /// The workspace's random numbers (`?`), seeded by `⎕RL`.
    pub(crate) rng: &'w mut super::random::Random,
    /// Values `⎕←` printed, in order, not yet shown.
    pub(crate) printed: Vec<Value>,
}

type R<T> = Result<T, AplError>;

impl<'w> Machine<'w> {
    fn lookup(&self, name: &str, frame: &Frame) -> Option<Value> {
        if let Some(v) = frame.locals.as_ref().and_then(|l| l.get(name)) {
            return Some(v.clone());
        }
        if name == "⎕IO" {
            return Some(Value::num(origin() as f64));
        }
        if name == "⎕RL" {
            return Some(Value::num(self.rng.seed as f64));
        }
        self.globals.get(name).cloned()
    }

    /// A variable's value where it is held (the system variables are not held).
    fn borrow<'m>(&'m self, name: &str, frame: &'m Frame) -> Option<&'m Value> {
        match frame.locals.as_ref().and_then(|l| l.get(name)) {
            Some(v) => Some(v),
            None => self.globals.get(name),
        }
    }

    fn store(&mut self, name: &str, v: Value, frame: &mut Frame) -> R<()> {
        let local = frame
            .scope
            .as_ref()
            .is_some_and(|t| t.locals.iter().any(|l| l == name));
        if self.defs.contains_key(name) && !local {
            return err(
                ErrorKind::Syntax,
                format!("{name} is a function, not a variable"),
            );
        }
        if name == "⎕IO" {
            match v.0.iter().collect::<Vec<_>>().as_slice() {
                [Elem::Num(n)] if *n == 0.0 || *n == 1.0 => set_origin(*n as usize),
                _ => return err(ErrorKind::Domain, "⎕IO is 0 or 1"),
            };
        }
        if name == "⎕RL" {
            return match v.0.iter().collect::<Vec<_>>().as_slice() {
                [Elem::Num(n)] if n.fract() == 0.0 && *n >= 0.0 && *n < 9.0e15 => {
                    *self.rng = super::random::Random::seeded(*n as u64);
                    Ok(())
                }
                _ => err(ErrorKind::Domain, "⎕RL is a whole number, 0 or more"),
            };
        }
        let global = frame
            .scope
            .as_ref()
            .is_some_and(|t| !t.locals.iter().any(|l| l == name));
        match &mut frame.locals {
            Some(l) if !global => l.insert(name.to_string(), v),
            _ => {
                let old = self.globals.insert(name.to_string(), v);
                self.replaced.push((name.to_string(), old));
                None
            }
        };
        Ok(())
    }

    /// Puts back every variable of the workspace this line changed (`⎕IO` too).
    pub(crate) fn undo(&mut self) {
        for (name, old) in self.replaced.drain(..).rev() {
            match old {
                Some(v) => self.globals.insert(name, v),
                None => self.globals.remove(&name),
            };
        }
        set_origin(global_origin(self.globals));
    }

    /// One more step: an error once the line has taken too many, or Ctrl-C came.
    fn step(&mut self) -> R<()> {
        if crate::base::cancel::requested() {
            return err(ErrorKind::Interrupt, "stopped by Ctrl-C");
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            return err(
                ErrorKind::Limit,
                format!(
                    "more than {} steps in one line (a recursion or loop without end?)",
                    self.max_steps
                ),
            );
        }
        Ok(())
    }

    pub(crate) fn eval(&mut self, e: &Expr, frame: &mut Frame) -> R<Value> {
        self.step()?;
        self.evals += 1;
        if self.evals > MAX_EVAL_DEPTH {
            self.evals -= 1;
            return err(
                ErrorKind::StackFull,
                format!("more than {MAX_EVAL_DEPTH} evaluations inside one another"),
            );
        }
        let out = self.eval_inner(e, frame);
        self.evals -= 1;
        out
    }

    fn eval_inner(&mut self, e: &Expr, frame: &mut Frame) -> R<Value> {
        let line = frame.line;
        match e {
            Expr::Lit(v) => Ok(v.clone()),
            Expr::Var(name, pos) => self.lookup(name, frame).ok_or_else(|| {
                AplError::new(ErrorKind::Value, format!("{name} has no value")).at(line, *pos)
            }),
            // The only read of an argument: its value moved out of the frame.
            Expr::Take(name, pos) => match frame.locals.as_mut().and_then(|l| l.take(name)) {
                Some(v) => Ok(v),
                None => self.lookup(name, frame).ok_or_else(|| {
                    AplError::new(ErrorKind::Value, format!("{name} has no value")).at(line, *pos)
                }),
            },
            Expr::Strand(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items.iter().rev() {
                    values.push(self.eval(item, frame)?);
                }
                values.reverse();
                let v = Value::vector(values.into_iter().map(enclose_item).collect::<R<_>>()?);
                check_atoms(&v)?;
                Ok(v)
            }
            Expr::Index(a, idx, pos) => {
                let at = |e: AplError| e.at(line, *pos);
                // A variable is indexed where it is held, not copied first; lists written or
                // named (`⍵[⍺]`, `⍵[;2 3]`) are read where they are.
                if let Expr::Var(name, _) = &**a
                    && let Some(v) = self.borrow(name, frame)
                {
                    if let Some(cells) = idx.kept.get().filter(|c| c.fit(v)) {
                        return take(v, cells).map_err(at);
                    }
                    // One list named (`⍵[⍺]`): read where it is, no list of lists made.
                    if let [Some(Expr::Var(n, _))] = idx.lists.as_slice()
                        && let Some(l) = self.borrow(n, frame)
                    {
                        return index(v, &[Some(Cow::Borrowed(l))]).map_err(at);
                    }
                    if let Some(lists) = self.named_lists(idx, frame) {
                        return index_kept(v, idx, &lists).map_err(at);
                    }
                }
                let lists = self.indices(idx, frame)?;
                match &**a {
                    Expr::Var(name, _) if let Some(v) = self.borrow(name, frame) => {
                        index_kept(v, idx, &lists)
                    }
                    _ => index_kept(&self.eval(a, frame)?, idx, &lists),
                }
                .map_err(at)
            }
            Expr::Monad(f, a) => {
                let a = self.eval(a, frame)?;
                self.apply(f, None, a, frame).map_err(|e| e.at(line, f.pos))
            }
            Expr::Dyad(f, a, b) => {
                let b = self.eval(b, frame)?;
                let a = self.eval(a, frame)?;
                self.apply(f, Some(a), b, frame)
                    .map_err(|e| e.at(line, f.pos))
            }
            Expr::Niladic(name, pos) => {
                let t = self.defs.get(name).and_then(|d| match &d.unreadable {
                    Some(e) => Some(Err(e.clone())),
                    None => d.trad.clone().map(Ok),
                });
                match t {
                    Some(Ok(t)) => self.call_trad(&t, None, None),
                    Some(Err(e)) => Err(e),
                    None => err(ErrorKind::Value, format!("{name} is not defined")),
                }
                .map_err(|e| e.at(line, *pos))
            }
            Expr::Branch(_) => err(
                ErrorKind::Syntax,
                "→ branches only in a traditional function",
            ),
            Expr::CallDfn(d) => {
                let omega = self
                    .lookup("⍵", frame)
                    .unwrap_or_else(|| Value::vector(Vec::new()));
                let alpha = frame.locals.as_ref().and_then(|l| l.get("⍺")).cloned();
                self.call_dfn(d, alpha, omega, frame.operand.clone())
            }
            Expr::Print(a) => {
                let v = self.eval(a, frame)?;
                self.printed.push(v.clone());
                Ok(v)
            }
            Expr::Assign(name, a, pos) => {
                let v = self.eval(a, frame)?;
                self.store(name, v.clone(), frame)
                    .map_err(|e| e.at(line, *pos))?;
                Ok(v)
            }
            Expr::IndexAssign(name, idx, a, pos) => {
                let v = self.eval(a, frame)?;
                let lists = self.indices(idx, frame)?;
                // A local variable is changed where it is held when the values make no atoms
                // to count (simple ones): nothing is copied, and an error leaves it as it was.
                if let Some(target) = frame.locals.as_mut().and_then(|l| l.get_mut(name))
                    && v.is_simple()
                {
                    let cells = cells_kept(target, idx, &lists).map_err(|e| e.at(line, *pos))?;
                    assign(target, &cells, &v).map_err(|e| e.at(line, *pos))?;
                    return Ok(v);
                }
                let mut target = self.lookup(name, frame).ok_or_else(|| {
                    AplError::new(ErrorKind::Value, format!("{name} has no value")).at(line, *pos)
                })?;
                cells_kept(&target, idx, &lists)
                    .and_then(|cells| assign(&mut target, &cells, &v))
                    .and_then(|()| check_atoms(&target))
                    .map_err(|e| e.at(line, *pos))?;
                self.store(name, target, frame)
                    .map_err(|e| e.at(line, *pos))?;
                Ok(v)
            }
        }
    }

    /// The index lists of `A[i;j;…]` when each is written, named or elided, read where they
    /// are; `None` if one must be evaluated.
    fn named_lists<'e>(
        &'e self,
        idx: &'e Indices,
        frame: &'e Frame,
    ) -> Option<Vec<Option<Cow<'e, Value>>>> {
        idx.lists
            .iter()
            .map(|i| match i {
                None => Some(None),
                Some(Expr::Lit(l)) => Some(Some(Cow::Borrowed(l))),
                Some(Expr::Var(n, _)) => self.borrow(n, frame).map(|l| Some(Cow::Borrowed(l))),
                Some(_) => None,
            })
            .collect()
    }

    /// The index lists of `A[i;j;…]`, right to left as APL evaluates them.
    fn indices<'e>(
        &mut self,
        idx: &'e Indices,
        frame: &mut Frame,
    ) -> R<Vec<Option<Cow<'e, Value>>>> {
        let mut out = Vec::with_capacity(idx.lists.len());
        for i in idx.lists.iter().rev() {
            out.push(match i {
                // A written index list is read where it is written.
                Some(Expr::Lit(v)) => Some(Cow::Borrowed(v)),
                Some(e) => Some(Cow::Owned(self.eval(e, frame)?)),
                None => None,
            });
        }
        out.reverse();
        Ok(out)
    }

    fn axis(&mut self, f: &Func, frame: &mut Frame) -> R<Option<f64>> {
        let Some(e) = &f.axis else { return Ok(None) };
        // A written axis (`,[1]`) is read where it is written.
        if let Expr::Lit(v) = &**e
            && let [Elem::Num(n)] = v.row_major().as_ref()
        {
            return Ok(Some(*n));
        }
        let v = self.eval(e, frame)?;
        match v.0.iter().collect::<Vec<_>>().as_slice() {
            [Elem::Num(n)] => Ok(Some(*n)),
            _ => err(ErrorKind::Axis, "an axis is one number"),
        }
    }

    /// Applies a function to its argument(s); its result holds at most [`MAX_ATOMS`] atoms.
    pub(crate) fn apply(
        &mut self,
        f: &Func,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        self.step()?;
        let out = self.apply_inner(f, left, right, frame)?;
        if makes_atoms(f) {
            check_atoms(&out)?;
        }
        Ok(out)
    }

    fn apply_inner(
        &mut self,
        f: &Func,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        let axis = self.axis(f, frame)?;
        match &f.kind {
            FuncKind::Prim('⍎') => match left {
                None => self.execute(&right, frame),
                Some(_) => err(ErrorKind::Syntax, "⍎ takes one argument"),
            },
            FuncKind::Prim('?') => super::random::roll_or_deal(self.rng, left, right),
            FuncKind::Prim(c) => match left {
                None => func::monad(*c, axis, right),
                Some(l) => func::dyad(*c, axis, l, right),
            },
            FuncKind::Dfn(d) => self.call_dfn(d, left, right, frame.operand.clone()),
            FuncKind::SelfRef => match frame.dfn.clone() {
                Some(d) => self.call_dfn(&d, left, right, frame.operand.clone()),
                None => err(ErrorKind::Syntax, "∇ is read only inside {…}"),
            },
            FuncKind::Inner(f, g) => {
                let Some(l) = left else {
                    return err(ErrorKind::Syntax, "an inner product takes two arguments");
                };
                self.inner(f, g, l, right, frame)
            }
            FuncKind::Power(f, times) => {
                let n = self.eval(times, frame)?;
                let n = match n.0.iter().collect::<Vec<_>>().as_slice() {
                    [Elem::Num(n)] if n.fract() == 0.0 && *n >= 0.0 => *n as u64,
                    _ => return err(ErrorKind::Domain, "⍣ takes a number of times, 0 or more"),
                };
                let mut v = right;
                for _ in 0..n {
                    self.step()?;
                    v = self.apply(f, left.clone(), v, frame)?;
                }
                Ok(v)
            }
            FuncKind::Defined(name) => self.call(name, left, right),
            FuncKind::DefinedOp(name, g) => {
                // An operand that is this operator's own `⍺⍺` is the function it stands for.
                let g = match (&g.kind, &frame.operand) {
                    (FuncKind::Operand, Some(outer)) => Arc::clone(outer),
                    _ => Arc::clone(g),
                };
                self.call_operator(name, g, left, right)
            }
            FuncKind::Operand => match frame.operand.clone() {
                Some(g) => self.apply(&g, left, right, frame),
                None => err(
                    ErrorKind::Syntax,
                    "⍺⍺ is read only inside an operator's definition",
                ),
            },
            FuncKind::Reduce(g, first) => {
                if left.is_some() {
                    return err(ErrorKind::Syntax, "a reduction takes one argument");
                }
                self.reduce(g, *first, axis, right, frame)
            }
            FuncKind::Scan(g, first) => {
                if left.is_some() {
                    return err(ErrorKind::Syntax, "a scan takes one argument");
                }
                self.scan(g, *first, axis, right, frame)
            }
            FuncKind::Each(g) => self.each(g, left, right, frame),
            FuncKind::Outer(g) => {
                let Some(l) = left else {
                    return err(ErrorKind::Syntax, "an outer product takes two arguments");
                };
                check_size(l.0.len().saturating_mul(right.0.len()))?;
                let mut items = Vec::with_capacity(l.0.len() * right.0.len());
                let mut atoms = Atoms::default();
                for a in l.0.iter() {
                    for b in right.0.iter() {
                        let r = self.apply(g, Some(item_value(a)), item_value(b), frame)?;
                        atoms.add(&r)?;
                        items.push(enclose_item(r)?);
                    }
                }
                let shape: Vec<usize> = l.shape().iter().chain(right.shape()).copied().collect();
                Ok(Value::from_shape(&shape, items))
            }
        }
    }

    fn each(&mut self, g: &Func, left: Option<Value>, right: Value, frame: &mut Frame) -> R<Value> {
        let (left, right) = match left {
            None => (None, right),
            Some(l) => {
                let (l, r) = func::extend(&l, &right)?;
                (Some(l), r)
            }
        };
        let mut items = Vec::with_capacity(right.0.len());
        let mut atoms = Atoms::default();
        let mut lefts = left.as_ref().map(|l| l.0.iter());
        for b in right.0.iter() {
            let a = lefts.as_mut().and_then(|l| l.next()).map(item_value);
            let r = self.apply(g, a, item_value(b), frame)?;
            atoms.add(&r)?;
            items.push(enclose_item(r)?);
        }
        Ok(Value::from_shape(right.shape(), items))
    }

    fn reduce(
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

    /// `f\⍵` (along the last axis, `f⍀` the first, or the axis given): item `i` of each lane
    /// is `f/` of its first `i` items, reduced right to left as APL2 and Dyalog do. For the
    /// associative `+ × ⌈ ⌊ ∧ ∨` each item is the one before it `f` the next (one application
    /// an item); any other function reduces every prefix anew, at most [`MAX_SCAN_WORK`]
    /// applications in all.
    fn scan(
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
        let associative = matches!(g.kind, FuncKind::Prim(c) if "+×⌈⌊∧∨".contains(c));
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

    /// `⍎⍵`: the characters run as a line of APL in this frame (its names, the workspace's
    /// functions); the value of its last statement.
    fn execute(&mut self, right: &Value, frame: &mut Frame) -> R<Value> {
        if right.rank() > 1 {
            return err(ErrorKind::Rank, "⍎ runs a character vector");
        }
        let text: String = right
            .0
            .iter()
            .map(|e| match e {
                Elem::Char(c) => Ok(super::value::char_text(*c)),
                _ => err(ErrorKind::Domain, "⍎ runs characters"),
            })
            .collect::<R<_>>()?;
        let tokens = super::parse::lex(&text)?;
        if super::parse::definition(&tokens).is_some() {
            return err(ErrorKind::Domain, "⍎ runs statements, not definitions");
        }
        let statements = {
            let defs = self.defs;
            let names = |n: &str| super::named(defs, n);
            let parser = super::parse::Parser {
                line: &text,
                tokens: &tokens,
                names: &names,
            };
            parser.statements(0, tokens.len())?
        };
        let mut last = Value::vector(Vec::new());
        let mut inner = Frame {
            locals: frame.locals.take(),
            line: &text,
            dfn: frame.dfn.clone(),
            operand: frame.operand.clone(),
            scope: frame.scope.clone(),
        };
        let mut result = Ok(());
        for s in &statements {
            match self.eval(s, &mut inner) {
                Ok(v) => last = v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        frame.locals = inner.locals.take();
        result.map(|()| last)
    }

    /// A traditional function applied: its arguments and labels bound, its lines run in
    /// order, `→` going where it says; its result the value its result name has at the end.
    fn call_trad(
        &mut self,
        t: &Arc<super::trad::Tradfn>,
        left: Option<Value>,
        right: Option<Value>,
    ) -> R<Value> {
        if self.calls >= MAX_DEPTH {
            return err(
                ErrorKind::StackFull,
                format!("more than {MAX_DEPTH} calls inside one another"),
            );
        }
        let mut locals = Locals::default();
        match (&t.right, right) {
            (Some(b), Some(r)) => {
                locals.insert(b.clone(), r);
            }
            (None, Some(_)) => return err(ErrorKind::Syntax, "this function takes no argument"),
            (Some(_), None) => return err(ErrorKind::Syntax, "this function takes an argument"),
            (None, None) => {}
        }
        match (&t.left, left) {
            (Some(a), Some(l)) => {
                locals.insert(a.clone(), l);
            }
            (None, Some(_)) => {
                return err(ErrorKind::Syntax, "this function takes no left argument");
            }
            _ => {}
        }
        for (label, n) in &t.labels {
            locals.insert(label.clone(), Value::num(*n as f64));
        }
        let text = Arc::clone(&t.text);
        let mut frame = Frame {
            locals: Some(locals),
            line: &text,
            dfn: None,
            operand: None,
            scope: Some(Arc::clone(t)),
        };
        let entry = origin();
        self.calls += 1;
        let result = (|| {
            let mut pc = 0usize;
            'lines: while pc < t.lines.len() {
                self.step()?;
                for s in &t.lines[pc] {
                    if let Expr::Branch(target) = s {
                        let to = self.eval(target, &mut frame)?;
                        match to.0.iter().next() {
                            None => continue,
                            Some(Elem::Num(n)) if n.fract() == 0.0 => {
                                if *n < 1.0 || *n as usize > t.lines.len() {
                                    break 'lines;
                                }
                                pc = *n as usize - 1;
                                continue 'lines;
                            }
                            _ => return err(ErrorKind::Domain, "→ takes a line number"),
                        }
                    }
                    self.eval(s, &mut frame)?;
                }
                pc += 1;
            }
            Ok(())
        })();
        self.calls -= 1;
        leave(&frame, entry);
        result?;
        match &t.result {
            Some(z) => self.lookup(z, &frame).ok_or_else(|| {
                AplError::new(
                    ErrorKind::Value,
                    format!("the result {z} was given no value"),
                )
            }),
            None => Ok(Value::vector(Vec::new())),
        }
    }

    /// A dfn applied: `⍵`, `⍺` (if given) and `∇` bound in a fresh frame; its statements in
    /// order until a guard holds or a statement that is not an assignment gives the result.
    fn call_dfn(
        &mut self,
        d: &Arc<Dfn>,
        left: Option<Value>,
        right: Value,
        operand: Option<Arc<Func>>,
    ) -> R<Value> {
        if self.calls >= MAX_DEPTH {
            return err(
                ErrorKind::StackFull,
                format!("more than {MAX_DEPTH} calls inside one another"),
            );
        }
        let has_alpha = left.is_some();
        let locals = Locals::arguments(left, right);
        let line = Arc::clone(&d.line);
        let mut frame = Frame {
            locals: Some(locals),
            line: &line,
            dfn: Some(Arc::clone(d)),
            operand,
            scope: None,
        };
        let entry = origin();
        self.calls += 1;
        let result = (|| {
            for s in &d.statements {
                match s {
                    DfnStatement::Guard(cond, then) => {
                        let c = self.eval(cond, &mut frame)?;
                        match c.0.iter().collect::<Vec<_>>().as_slice() {
                            [Elem::Num(x)] if *x == 1.0 => return self.eval(then, &mut frame),
                            [Elem::Num(x)] if *x == 0.0 => {}
                            _ => return err(ErrorKind::Domain, "a guard is 0 or 1"),
                        }
                    }
                    // `⍺←x`: only when no left argument was given.
                    DfnStatement::Plain(Expr::Assign(name, _, _)) if name == "⍺" && has_alpha => {
                    }
                    DfnStatement::Plain(e @ (Expr::Assign(..) | Expr::IndexAssign(..))) => {
                        self.eval(e, &mut frame)?;
                    }
                    DfnStatement::Plain(e) => return self.eval(e, &mut frame),
                }
            }
            err(ErrorKind::Value, "the dfn gave no result")
        })();
        self.calls -= 1;
        leave(&frame, entry);
        result
    }

    /// `⍺ f.g ⍵`: `f/` of `g` between each row of `⍺` (its last axis) and each column of
    /// `⍵` (its first): `+.×` is the matrix product.
    fn inner(&mut self, f: &Func, g: &Func, a: Value, w: Value, frame: &mut Frame) -> R<Value> {
        let a = if a.rank() == 0 {
            Value(a.0.insert_axis(ndarray::Axis(0)))
        } else {
            a
        };
        let w = if w.rank() == 0 {
            Value(w.0.insert_axis(ndarray::Axis(0)))
        } else {
            w
        };
        let k = *a.shape().last().expect("rank at least one");
        let kw = w.shape()[0];
        if k != kw && k != 1 && kw != 1 {
            return err(
                ErrorKind::Length,
                format!("an inner product of axes of lengths {k} and {kw}"),
            );
        }
        let len = k.max(kw);
        let rows: Vec<Vec<Elem>> =
            a.0.lanes(ndarray::Axis(a.rank() - 1))
                .into_iter()
                .map(|l| l.iter().cloned().collect())
                .collect();
        let cols: Vec<Vec<Elem>> =
            w.0.lanes(ndarray::Axis(0))
                .into_iter()
                .map(|l| l.iter().cloned().collect())
                .collect();
        check_size(rows.len().saturating_mul(cols.len()))?;
        let mut items = Vec::with_capacity(rows.len() * cols.len());
        let mut atoms = Atoms::default();
        for r in &rows {
            for c in &cols {
                let pick = |v: &Vec<Elem>, i: usize| v[if v.len() == 1 { 0 } else { i }].clone();
                let left = Value::vector((0..len).map(|i| pick(r, i)).collect());
                let right = Value::vector((0..len).map(|i| pick(c, i)).collect());
                let each = self.apply(g, Some(left), right, frame)?;
                let v = self.reduce(f, false, None, each, frame)?;
                atoms.add(&v)?;
                items.push(enclose_item(v)?);
            }
        }
        let shape: Vec<usize> = a.shape()[..a.rank() - 1]
            .iter()
            .chain(&w.shape()[1..])
            .copied()
            .collect();
        Ok(Value::from_shape(&shape, items))
    }

    /// Calls a defined function: `⍵` (and `⍺`) bound in a fresh frame, its statements in
    /// order, and the value of the last; where the last assigns into a name (as the paper's
    /// `ω[⍳9]←…`), that name's whole new value.
    pub(crate) fn call(&mut self, name: &str, left: Option<Value>, right: Value) -> R<Value> {
        self.call_with(name, None, left, right)
    }

    /// Operator `name` applied with its operand `g`: its definition run with `⍺⍺` bound.
    fn call_operator(
        &mut self,
        name: &str,
        g: Arc<Func>,
        left: Option<Value>,
        right: Value,
    ) -> R<Value> {
        self.call_with(name, Some(g), left, right)
    }

    /// Defined function (or operator, with its operand) `name` applied; the paper's own
    /// definitions count from 1 whatever `⎕IO` the user set (they are written so).
    fn call_with(
        &mut self,
        name: &str,
        operand: Option<Arc<Func>>,
        left: Option<Value>,
        right: Value,
    ) -> R<Value> {
        let Some(def) = self.defs.get(name) else {
            return err(ErrorKind::Value, format!("{name} is not defined"));
        };
        if origin() != 1 && def.paper {
            let before = set_origin(1);
            let out = self.call_body(name, def, operand, left, right);
            set_origin(before);
            return out;
        }
        self.call_body(name, def, operand, left, right)
    }

    fn call_body(
        &mut self,
        name: &str,
        def: &'w Definition,
        operand: Option<Arc<Func>>,
        left: Option<Value>,
        right: Value,
    ) -> R<Value> {
        if let Some(e) = &def.unreadable {
            return Err(e.clone());
        }
        if def.operator != operand.is_some() {
            return err(
                ErrorKind::Syntax,
                match def.operator {
                    true => format!("{name} is an operator: it takes a function on its left"),
                    false => format!("{name} is a function, not an operator"),
                },
            );
        }
        if self.calls >= MAX_DEPTH {
            return err(
                ErrorKind::StackFull,
                format!("more than {MAX_DEPTH} calls inside one another"),
            );
        }
        if left.is_none()
            && operand.is_none()
            && let Some(out) = self
                .compiled
                .get(name)
                .and_then(|g| g.apply(&right, self.globals))
        {
            return Ok(out);
        }
        let def: &Definition = def;
        if let Some(t) = &def.trad {
            let t = Arc::clone(t);
            return self.call_trad(&t, left, Some(right));
        }
        let body = Arc::clone(&def.body);
        let source = Arc::clone(&def.line);
        let locals = Locals::arguments(left, right);
        let mut frame = Frame {
            locals: Some(locals),
            line: &source,
            dfn: None,
            operand,
            scope: None,
        };
        let entry = origin();
        self.calls += 1;
        let mut last = None;
        let mut result = Ok(None);
        for statement in body.iter() {
            match self.eval(statement, &mut frame) {
                Ok(v) => {
                    last = Some(statement);
                    result = Ok(Some(v));
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.calls -= 1;
        leave(&frame, entry);
        // A body of no statements gives an empty vector.
        let v = result?.unwrap_or_else(|| Value::vector(Vec::new()));
        match last {
            Some(Expr::Assign(n, ..) | Expr::IndexAssign(n, ..)) => {
                Ok(self.lookup(n, &frame).unwrap_or(v))
            }
            _ => Ok(v),
        }
    }
}

/// The index origin a workspace's variables set (`⎕IO`, 1 if not set).
pub(crate) fn global_origin(globals: &HashMap<String, Value>) -> usize {
    match globals.get("⎕IO").map(|v| v.first()) {
        Some(Elem::Num(0.0)) => 0,
        _ => 1,
    }
}

/// Leaving a function's frame: a `⎕IO` it made its own (a dfn's or a direct definition's, or
/// one a traditional function's header names) ends with it.
fn leave(frame: &Frame, entry: usize) {
    if frame
        .locals
        .as_ref()
        .is_some_and(|l| l.get("⎕IO").is_some())
    {
        set_origin(entry);
    }
}

/// Whether a function's result may hold atoms its arguments did not, so that it must be
/// counted. A structural primitive moves the items it is given (an enclosure is shared, not
/// copied) and bounds their number as it makes them; a defined function's or an operator's
/// result is counted step by step inside it.
fn makes_atoms(f: &Func) -> bool {
    match &f.kind {
        FuncKind::Prim(c) => !matches!(c, '⌽' | '⊖' | '⍉' | ',' | '⍪' | '⊂' | '⊃'),
        FuncKind::Reduce(..) | FuncKind::Scan(..) => true,
        FuncKind::Defined(_)
        | FuncKind::Dfn(_)
        | FuncKind::SelfRef
        | FuncKind::Each(_)
        | FuncKind::Outer(_)
        | FuncKind::Inner(..)
        | FuncKind::Power(..)
        | FuncKind::DefinedOp(..)
        | FuncKind::Operand => false,
    }
}

/// Refuses a value of more than [`MAX_ATOMS`] atoms, nested ones counted (`WS FULL`).
pub(crate) fn check_atoms(v: &Value) -> R<()> {
    match v.atoms_within(MAX_ATOMS) {
        Some(_) => Ok(()),
        None => too_many_atoms(),
    }
}

fn too_many_atoms<T>() -> R<T> {
    err(
        ErrorKind::WsFull,
        format!("an array of more than the {MAX_ATOMS} atoms allowed, nested ones counted"),
    )
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
}

/// The positions (origin 0) one index list selects along an axis of `len`.
fn positions(v: &Value, len: usize) -> R<Vec<usize>> {
    let mut p = Vec::with_capacity(v.0.len());
    let io = origin();
    for e in v.row_major().iter() {
        p.push(position(e, len, io)?);
    }
    Ok(p)
}

/// The position (origin 0) one index `e` selects along an axis of `len`, at origin `io`.
fn position(e: &Elem, len: usize, io: usize) -> R<usize> {
    let n = match e {
        Elem::Num(n) => *n,
        _ => return err(ErrorKind::Domain, "an index is a whole number"),
    };
    if n.fract() != 0.0 {
        return err(
            ErrorKind::Domain,
            format!(
                "an index is a whole number, not {}",
                super::value::format_number(n)
            ),
        );
    }
    let n0 = n - io as f64;
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
    let mut strides = vec![1usize; dims.len()];
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
    if let ([Some(list)], Some(items)) = (idx, a.0.as_slice())
        && a.rank() == 1
    {
        let io = origin();
        let mut taken = Vec::with_capacity(list.0.len());
        let mut seen = 0u128;
        let mut again = list.0.len() > items.len();
        for e in list.row_major().iter() {
            let o = position(e, items.len(), io)?;
            if o < 128 {
                again |= seen & (1 << o) != 0;
                seen |= 1 << o;
            } else {
                again = true;
            }
            taken.push(items[o].clone());
        }
        let out = Value::from_shape(list.shape(), taken);
        // Items each taken once hold no more atoms than the vector did.
        if again {
            check_atoms(&out)?;
        }
        return Ok(out);
    }
    take(a, &cells(a, idx)?)
}

/// `A[i;j;…]` where the lists are those of `idx`: by the cells kept there when they are
/// written out (worked out now the first time).
fn index_kept(a: &Value, idx: &Indices, lists: &[Option<Cow<Value>>]) -> R<Value> {
    if !idx.written {
        return index(a, lists);
    }
    take(a, &*cells_kept(a, idx, lists)?)
}

/// The cells `lists` (those of `idx`) take from `a`: those kept in `idx` if they fit, else
/// worked out, and kept if `idx` keeps none yet and its lists are written out.
fn cells_kept<'i>(a: &Value, idx: &'i Indices, lists: &[Option<Cow<Value>>]) -> R<Cow<'i, Cells>> {
    if let Some(kept) = idx.kept.get().filter(|c| c.fit(a)) {
        return Ok(Cow::Borrowed(kept));
    }
    let cells = cells(a, lists)?;
    if idx.written && idx.kept.get().is_none() {
        return Ok(Cow::Borrowed(idx.kept.get_or_init(|| cells)));
    }
    Ok(Cow::Owned(cells))
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
fn take(a: &Value, cells: &Cells) -> R<Value> {
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

/// Whether any of the offsets (each below `len`) comes twice.
fn repeats(offsets: &[usize], len: usize) -> bool {
    if offsets.len() > len {
        return true;
    }
    if len <= 128 {
        let mut seen = 0u128;
        for &o in offsets {
            if seen & (1 << o) != 0 {
                return true;
            }
            seen |= 1 << o;
        }
        return false;
    }
    let mut seen = vec![false; len];
    offsets
        .iter()
        .any(|&o| std::mem::replace(&mut seen[o], true))
}

/// `A[i;j;…]←V`: `V` of the indexed cells' shape, or a single value for all of them.
fn assign(a: &mut Value, cells: &Cells, v: &Value) -> R<()> {
    let (offsets, shape) = (&cells.offsets, &cells.shape);
    let single = v.0.len() == 1;
    if !single {
        let squeeze = |s: &[usize]| s.iter().copied().filter(|&n| n != 1).collect::<Vec<_>>();
        if squeeze(v.shape()) != squeeze(shape) {
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
        for (&o, e) in offsets.iter().zip(v.0.iter()) {
            flat[o] = e.clone();
        }
    }
    Ok(())
}

/// The axis a reduction or scan runs along: the one given (`f/[k]`), else the first (`f⌿`,
/// `f⍀`) or the last.
fn lane_axis(first: bool, axis: Option<f64>, rank: usize) -> R<ndarray::Axis> {
    Ok(ndarray::Axis(match axis {
        Some(k) => func::whole_axis(k, rank)?,
        None if first => 0,
        None => rank - 1,
    }))
}
