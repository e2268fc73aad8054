//! Evaluating the tree right to left: names, indexing and indexed assignment, calls of
//! defined functions, and the operators (`f/`, `f¨`, `∘.f`). The primitive functions are in
//! [`super::func`].

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use super::args::check_atoms;
use super::defs::Prim;
use super::error::{AplError, ErrorKind, err};
use super::func::{self, enclose_item};

pub(crate) use super::frame::{Frame, Held, Locals};
use super::index::{assign, cells_kept, index, index_kept, take};
use super::tree::{Dfn, DfnStatement, Expr, Func, FuncKind, Indices};
use super::value::{Elem, Value};
use super::{Definition, MAX_STACK, origin, set_origin};

/// Most applications of a function a scan by a function not associative makes.
pub(crate) const MAX_SCAN_WORK: usize = super::MAX_ELEMENTS;

/// The stack an evaluation keeps free: with less left, it goes on on a new segment of
/// [`STACK_SEGMENT`] bytes (so a deep recursion never overflows the thread's stack).
pub(super) const RED_ZONE: usize = 256 << 10;

/// The bytes of each stack segment a deep evaluation grows; at most [`MAX_STACK`] in all.
const STACK_SEGMENT: usize = 8 << 20;

/// The workspace's variables a line changed, each with its value before (none: it had none),
/// in the order they were changed.
pub(crate) type Changes = Vec<(String, Option<Value>)>;

/// What an evaluation reads and changes: the definitions, the workspace's variables, and how
/// deep it is.
pub(crate) struct Machine<'w> {
    pub(crate) defs: &'w super::Names<Definition>,
    /// The functions compiled to a gather, run so on the arrays they were compiled for.
    pub(crate) compiled: &'w super::Names<super::gathered::Gathered>,
    /// The defined functions proven to arrange their argument's cells, and their gathers.
    pub(crate) arranged: &'w mut super::Arranged,
    pub(crate) globals: &'w mut HashMap<String, Value>,
    /// Stack segments grown so far, inside one another (each [`STACK_SEGMENT`] bytes).
    pub(crate) stacks: usize,
    /// The workspace's variables as they were before this line changed them, in order:
    /// [`Machine::undo_from`] puts back those of a statement that fails.
    pub(crate) replaced: Changes,
    /// The workspace's random numbers (`?`), seeded by `⎕RL`.
    pub(crate) rng: &'w mut super::random::Random,
    /// Values `⎕←` printed, in order, not yet shown.
    pub(crate) printed: Vec<Value>,
    /// The functions this line named at its top (`f←{⍵+1} ⋄ f 3`), each with the text that
    /// defines it: the workspace's once the line has run.
    pub(crate) named: Vec<(String, Arc<str>)>,
    /// The last error a line stopped on or a `:Trap` caught (`⎕EN`, `⎕DM`).
    pub(crate) last_error: &'w mut Option<AplError>,
}

type R<T> = Result<T, AplError>;

/// The functions derived by `⍨ ∘ ⍣ ⍤ ⌸ @` or a train ([`Machine::derived`] applies them).
macro_rules! derived {
    () => {
        FuncKind::Commute(_)
            | FuncKind::Compose(..)
            | FuncKind::BindLeft(..)
            | FuncKind::BindRight(..)
            | FuncKind::PowerUntil(..)
            | FuncKind::Atop(..)
            | FuncKind::Fork(..)
            | FuncKind::Rank(..)
            | FuncKind::Key(_)
            | FuncKind::At(..)
    };
}

impl<'w> Machine<'w> {
    pub(super) fn lookup(&self, name: &str, frame: &Frame) -> Option<Value> {
        if let Some(v) = frame.find(name) {
            return Some(v.clone());
        }
        if name == "⎕IO" {
            return Some(Value::num(origin() as f64));
        }
        if name == "⎕RL" {
            return Some(Value::num(self.rng.seed as f64));
        }
        match super::defs::SystemName::from_name(name) {
            Some(super::defs::SystemName::En) => return Some(self.event_number()),
            Some(super::defs::SystemName::Dm) => return Some(self.diagnostic()),
            Some(s) => {
                if let Some(v) = super::system::niladic(s) {
                    return Some(v);
                }
            }
            None => {}
        }
        self.globals.get(name).cloned()
    }

    /// A variable's value where it is held (the system variables are not held).
    pub(super) fn borrow<'m>(&'m self, name: &str, frame: &'m Frame) -> Option<&'m Value> {
        match frame.find(name) {
            Some(v) => Some(v),
            None => self.globals.get(name),
        }
    }

    pub(super) fn store(&mut self, name: &str, v: Value, frame: &mut Frame) -> R<()> {
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

    /// Puts back the workspace's variables (`⎕IO` too) the line changed since its `from`th
    /// change: a statement that fails is undone so.
    pub(crate) fn undo_from(&mut self, from: usize) {
        let from = from.min(self.replaced.len());
        for (name, old) in self.replaced.drain(from..).rev() {
            match old {
                Some(v) => self.globals.insert(name, v),
                None => self.globals.remove(&name),
            };
        }
        set_origin(global_origin(self.globals));
    }

    /// One more step: an error once the line has taken too many, or Ctrl-C came
    /// ([`super::work`], where the primitives count the items they touch too).
    pub(super) fn step(&mut self) -> R<()> {
        super::work::charge(1)
    }

    pub(crate) fn eval(&mut self, e: &Expr, frame: &mut Frame) -> R<Value> {
        self.step()?;
        // A name or a written array evaluates nothing inside it: no stack to keep free.
        if matches!(e, Expr::Lit(_) | Expr::Var(..) | Expr::Take(..)) {
            return self.eval_inner(e, frame);
        }
        #[cfg(target_arch = "wasm32")]
        let _depth = super::browser_depth::Depth::enter()?;
        match stacker::remaining_stack() {
            Some(left) if left >= RED_ZONE => self.eval_inner(e, frame),
            _ => self.eval_on_new_stack(e, frame),
        }
    }

    /// [`Machine::eval`] deep in a recursion: on a new stack segment, at most [`MAX_STACK`]
    /// bytes of them in all (`WS FULL` past it).
    #[cold]
    #[inline(never)]
    fn eval_on_new_stack(&mut self, e: &Expr, frame: &mut Frame) -> R<Value> {
        if (self.stacks + 1) * STACK_SEGMENT > MAX_STACK {
            return err(
                ErrorKind::WsFull,
                format!(
                    "functions called inside one another more deeply than {} MiB of stack holds",
                    MAX_STACK >> 20
                ),
            );
        }
        self.stacks += 1;
        let out = stacker::grow(STACK_SEGMENT, || self.eval_inner(e, frame));
        self.stacks -= 1;
        out
    }

    fn eval_inner(&mut self, e: &Expr, frame: &mut Frame) -> R<Value> {
        let line = frame.line;
        match e {
            Expr::Lit(v) => Ok(v.clone()),
            Expr::ByOrigin(v) => Ok(v[super::origin()].clone()),
            Expr::Var(name, pos) => self.read_var(name, *pos, frame),
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
                self.index_expr(a, idx, frame).map_err(|e| e.at(line, *pos))
            }
            Expr::Monad(f, a) => {
                let a = self.eval(a, frame)?;
                self.apply(f, None, a, frame).map_err(|e| e.at(line, f.pos))
            }
            Expr::Dyad(f, a, b) => {
                if let Some(out) = self.catenations(f, a, b, frame) {
                    return out;
                }
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
                // A named dfn's names around it are the workspace's.
                self.call_dfn(d, alpha, omega, None, frame)
            }
            Expr::CallFn(f) => {
                let omega = self
                    .lookup("⍵", frame)
                    .unwrap_or_else(|| Value::vector(Vec::new()));
                let alpha = frame.locals.as_ref().and_then(|l| l.get("⍺")).cloned();
                self.apply(f, alpha, omega, frame)
            }
            Expr::AssignFn(name, f, text, pos) => {
                if frame.locals.is_none() {
                    // At the top of a line: the workspace's, once the line has run.
                    if self.globals.contains_key(name) {
                        return Err(AplError::new(
                            ErrorKind::Syntax,
                            format!("{name} is a variable"),
                        )
                        .at(line, *pos));
                    }
                    self.named.push((name.clone(), Arc::clone(text)));
                }
                frame.functions.retain(|(n, _)| n != name);
                frame.functions.push((name.clone(), Arc::clone(f)));
                Ok(Value::vector(Vec::new()))
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
            Expr::IndexAssign(name, idx, a, pos) => self
                .index_assign(name, idx, a, frame)
                .map_err(|e| e.at(line, *pos)),
            Expr::AssignTo(to, a) => self.assign_to(to, a, frame),
            Expr::IndexModify(m) => self.index_modify(m, frame).map_err(|e| e.at(line, m.pos)),
        }
    }

    /// `A[i;j;…]`: a variable is indexed where it is held, not copied first; lists written
    /// or named (`⍵[⍺]`, `⍵[;2 3]`) are read where they are.
    fn index_expr(&mut self, a: &Expr, idx: &Indices, frame: &mut Frame) -> R<Value> {
        if let Expr::Var(name, _) = a
            && let Some(v) = self.borrow(name, frame)
        {
            if let Some(cells) = idx.kept.get().filter(|c| c.fit(v)) {
                return take(v, cells);
            }
            // One list named (`⍵[⍺]`): read where it is, no list of lists made.
            if let [Some(Expr::Var(n, _))] = idx.lists.as_slice()
                && let Some(l) = self.borrow(n, frame)
            {
                return index(v, &[Some(Cow::Borrowed(l))]);
            }
            if let Some(lists) = self.named_lists(idx, frame) {
                return index_kept(v, idx, &lists);
            }
        }
        if let Expr::Var(name, pos) = a {
            let evaluated = self.evaluate_lists(idx, frame)?;
            let lists = self.read_lists(idx, &evaluated, frame)?;
            return match self.borrow(name, frame) {
                Some(v) => index_kept(v, idx, &lists),
                None => index_kept(&self.read_var(name, *pos, frame)?, idx, &lists),
            };
        }
        let lists = self.indices(idx, frame)?;
        index_kept(&self.eval(a, frame)?, idx, &lists)
    }

    /// `A[i;j;…]f←V`: `A[i;j;…]←A[i;j;…] f V`, the indices read once; giving `V`. Nothing is
    /// assigned if the indices, `f` or the assignment fail.
    fn index_modify(&mut self, m: &super::tree::IndexModify, frame: &mut Frame) -> R<Value> {
        let v = self.eval(&m.rhs, frame)?;
        let evaluated = self.evaluate_lists(&m.idx, frame)?;
        let (mut target, cells) = {
            let lists = self.read_lists(&m.idx, &evaluated, frame)?;
            let name = &m.name;
            let target = self
                .lookup(name, frame)
                .ok_or_else(|| AplError::new(ErrorKind::Value, format!("{name} has no value")))?;
            let cells = cells_kept(&target, &m.idx, &lists)?;
            (target, cells)
        };
        let old = take(&target, &cells)?;
        let new = self
            .apply(&m.modify, Some(old), v.clone(), frame)
            .map_err(|e| e.at(frame.line, m.modify.pos))?;
        assign(&mut target, &cells, &new)?;
        check_atoms(&target)?;
        self.store(&m.name, target, frame)?;
        Ok(v)
    }

    /// `A[i;j;…]←V`, giving `V`.
    fn index_assign(&mut self, name: &str, idx: &Indices, a: &Expr, frame: &mut Frame) -> R<Value> {
        let v = self.eval(a, frame)?;
        let evaluated = self.evaluate_lists(idx, frame)?;
        // A local variable is changed where it is held when the values make no atoms to count
        // (simple ones): nothing is copied, and an error leaves it as it was.
        if v.is_simple()
            && let Some(at) = frame.locals.as_ref().and_then(|l| l.find(name))
        {
            let cells = {
                let lists = self.read_lists(idx, &evaluated, frame)?;
                let target = frame.locals.as_ref().and_then(|l| l.at(at));
                cells_kept(target.expect("a local variable"), idx, &lists)?
            };
            let target = frame.locals.as_mut().and_then(|l| l.at_mut(at));
            assign(target.expect("a local variable"), &cells, &v)?;
            return Ok(v);
        }
        let (mut target, cells) = {
            let lists = self.read_lists(idx, &evaluated, frame)?;
            let target = self
                .lookup(name, frame)
                .ok_or_else(|| AplError::new(ErrorKind::Value, format!("{name} has no value")))?;
            let cells = cells_kept(&target, idx, &lists);
            (target, cells)
        };
        cells
            .and_then(|cells| assign(&mut target, &cells, &v))
            .and_then(|()| check_atoms(&target))?;
        self.store(name, target, frame)?;
        Ok(v)
    }

    /// The index lists of `A[i;j;…]` that must be evaluated, right to left as APL evaluates
    /// them, each in its place; a list written out or elided is not, nor one named by a
    /// variable that no list evaluated after it (to its left) can change: those are read
    /// where they are ([`Machine::read_lists`]), not copied.
    fn evaluate_lists(&mut self, idx: &Indices, frame: &mut Frame) -> R<Vec<Option<Value>>> {
        let plain = |l: &Option<Expr>| matches!(l, None | Some(Expr::Lit(_) | Expr::Var(..)));
        // None evaluated (the usual case): no vector made.
        let Some(changing) = idx.lists.iter().position(|l| !plain(l)) else {
            return Ok(Vec::new());
        };
        let mut out: Vec<Option<Value>> = idx.lists.iter().map(|_| None).collect();
        for (i, l) in idx.lists.iter().enumerate().rev() {
            match l {
                None | Some(Expr::Lit(_)) => {}
                Some(Expr::Var(..)) if i < changing => {}
                Some(e) => out[i] = Some(self.eval(e, frame)?),
            }
        }
        Ok(out)
    }

    /// The index lists of `A[i;j;…]`: those [`Machine::evaluate_lists`] evaluated (none if
    /// it gave no vector), and the others where they are (the names right to left, so that the first without a value
    /// is the one APL reads first).
    fn read_lists<'e>(
        &'e self,
        idx: &'e Indices,
        evaluated: &'e [Option<Value>],
        frame: &'e Frame,
    ) -> R<Vec<Option<Cow<'e, Value>>>> {
        let mut out = Vec::with_capacity(idx.lists.len());
        for (i, l) in idx.lists.iter().enumerate().rev() {
            out.push(match (l, evaluated.get(i).and_then(Option::as_ref)) {
                (_, Some(v)) => Some(Cow::Borrowed(v)),
                (None, None) => None,
                (Some(Expr::Lit(v)), None) => Some(Cow::Borrowed(v)),
                (Some(Expr::Var(name, pos)), None) => Some(match self.borrow(name, frame) {
                    Some(v) => Cow::Borrowed(v),
                    None => Cow::Owned(self.read_var(name, *pos, frame)?),
                }),
                (Some(_), None) => unreachable!("every other list is evaluated"),
            });
        }
        out.reverse();
        Ok(out)
    }

    /// The value of variable `name`, read at `pos` of the frame's line: a copy.
    fn read_var(&self, name: &str, pos: usize, frame: &Frame) -> R<Value> {
        self.lookup(name, frame).ok_or_else(|| {
            AplError::new(ErrorKind::Value, format!("{name} has no value")).at(frame.line, pos)
        })
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
            && v.0.len() == 1
            && let Some(Elem::Num(n)) = v.0.first()
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
        #[cfg(target_arch = "wasm32")]
        let _depth = super::browser_depth::Depth::enter()?;
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
            FuncKind::Prim(Prim::Execute) => match left {
                None => self.execute(&right, frame),
                Some(_) => err(ErrorKind::Syntax, "⍎ takes one argument"),
            },
            FuncKind::Prim(Prim::Query) => super::random::roll_or_deal(self.rng, left, right),
            FuncKind::System(s) => {
                super::work::items(left.as_ref().map_or(0, |l| l.0.len()) + right.0.len())?;
                let out = self.system_function(*s, left, right, frame)?;
                super::work::items(out.0.len())?;
                Ok(out)
            }
            FuncKind::Prim(c) => {
                // A primitive's work: the items it is given, and those it makes.
                super::work::items(left.as_ref().map_or(0, |l| l.0.len()) + right.0.len())?;
                let out = match left {
                    None => func::monad(*c, axis, right),
                    Some(l) => func::dyad(*c, axis, l, right),
                }?;
                super::work::items(out.0.len())?;
                Ok(out)
            }
            FuncKind::Dfn(d) => self.call_dfn(d, left, right, Some(frame), frame),
            FuncKind::SelfRef => match frame.dfn.clone() {
                Some(d) => self.call_dfn(&d, left, right, frame.dfn_parent(), frame),
                None => err(ErrorKind::Syntax, "∇ is read only inside {…}"),
            },
            FuncKind::Local(name) => match frame.function(name) {
                Some((g, None)) => self.apply(&g, left, right, frame),
                Some((g, Some(env))) => self.apply(&g, left, right, &mut Frame::within(env)),
                None => self.call(name, left, right),
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
                let env = match &g.kind {
                    FuncKind::Operand => frame.operand_env,
                    _ => None,
                };
                match env {
                    Some(env) => self.call_operator(name, g, left, right, env),
                    None => self.call_operator(name, g, left, right, frame),
                }
            }
            FuncKind::Operand => match (frame.operand.clone(), frame.operand_env) {
                (Some(g), Some(env)) => self.apply(&g, left, right, &mut Frame::within(env)),
                (Some(g), None) => self.apply(&g, left, right, frame),
                (None, _) => err(
                    ErrorKind::Syntax,
                    "⍺⍺ is read only inside an operator's definition",
                ),
            },
            FuncKind::Reduce(g, first) => match left {
                Some(n) => self.reduce_n(g, (*first, axis), &n, right, frame),
                None => self.reduce(g, *first, axis, right, frame),
            },
            FuncKind::Scan(g, first) => {
                if left.is_some() {
                    return err(ErrorKind::Syntax, "a scan takes one argument");
                }
                self.scan(g, *first, axis, right, frame)
            }
            FuncKind::Each(g) => self.each(g, left, right, frame),
            FuncKind::Outer(g) => match left {
                Some(l) => self.outer(g, l, right, frame),
                None => err(ErrorKind::Syntax, "an outer product takes two arguments"),
            },
            derived!() => self.derived(f, left, right, frame),
        }
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
            let parser = super::parse::Parser::new(&text, &tokens, &names);
            parser.statements(0, tokens.len())?
        };
        let mut last = Value::vector(Vec::new());
        let mut inner = Frame {
            locals: frame.locals.take(),
            line: &text,
            dfn: frame.dfn.clone(),
            operand: frame.operand.clone(),
            scope: frame.scope.clone(),
            parent: frame.parent,
            functions: frame.functions.clone(),
            operand_env: frame.operand_env,
            proxy: frame.proxy,
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

    /// A dfn applied: `⍵`, `⍺` (if given) and `∇` bound in a fresh frame, whose names
    /// around it are `parent`'s (the frame it was applied in), and whose `⍺⍺` is `from`'s;
    /// its statements in order until a guard holds or a statement that is not an assignment
    /// gives the result.
    fn call_dfn(
        &mut self,
        d: &Arc<Dfn>,
        left: Option<Value>,
        right: Value,
        parent: Option<&Frame>,
        from: &Frame,
    ) -> R<Value> {
        let has_alpha = left.is_some();
        let locals = Locals::arguments(left.map(Held::Own), Held::Own(right));
        let line = Arc::clone(&d.line);
        let mut frame = Frame {
            dfn: Some(Arc::clone(d)),
            operand: from.operand.clone(),
            operand_env: from.operand_env,
            parent,
            ..Frame::new(&line, Some(locals))
        };
        let entry = origin();
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
                    DfnStatement::Plain(
                        e @ (Expr::Assign(..)
                        | Expr::IndexAssign(..)
                        | Expr::AssignTo(..)
                        | Expr::IndexModify(..)
                        | Expr::AssignFn(..)),
                    ) => {
                        self.eval(e, &mut frame)?;
                    }
                    DfnStatement::Plain(e) => return self.eval(e, &mut frame),
                }
            }
            err(ErrorKind::Value, "the dfn gave no result")
        })();
        leave(&frame, entry);
        result
    }

    /// Calls a defined function: `⍵` (and `⍺`) bound in a fresh frame, its statements in
    /// order, and the value of the last; where the last assigns into a name (as the paper's
    /// `ω[⍳9]←…`), that name's whole new value.
    #[inline]
    pub(crate) fn call(&mut self, name: &str, left: Option<Value>, right: Value) -> R<Value> {
        let def = self.defs.get(name);
        self.call_held((name, def), None, left.map(Held::Own), Held::Own(right))
    }

    /// Operator `name` applied with its operand `g`: its definition run with `⍺⍺` bound, `g`
    /// applied in the frame `env` it was given in.
    #[inline]
    fn call_operator(
        &mut self,
        name: &str,
        g: Arc<Func>,
        left: Option<Value>,
        right: Value,
        env: &Frame,
    ) -> R<Value> {
        let def = self.defs.get(name);
        self.call_held(
            (name, def),
            Some((g, env)),
            left.map(Held::Own),
            Held::Own(right),
        )
    }

    /// Defined function (or operator, with its operand and the frame it applies in) `name`,
    /// whose definition is `def` (found by the caller: `f¨` finds it once for all its items),
    /// applied to arguments held as they are (an item of an enclosure where it is); the
    /// paper's own definitions count from 1 whatever `⎕IO` the user set (they are written so).
    pub(crate) fn call_held(
        &mut self,
        (name, def): (&str, Option<&'w Definition>),
        operand: Option<(Arc<Func>, &Frame)>,
        left: Option<Held>,
        right: Held,
    ) -> R<Value> {
        let Some(def) = def else {
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

    pub(super) fn call_body(
        &mut self,
        name: &str,
        def: &'w Definition,
        operand: Option<(Arc<Func>, &Frame)>,
        left: Option<Held>,
        right: Held,
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
        // No function compiled (the usual case): no name hashed to look for one.
        if left.is_none()
            && operand.is_none()
            && !self.compiled.is_empty()
            && let Some(out) = self
                .compiled
                .get(name)
                .and_then(|g| g.apply(right.value(), self.globals))
        {
            return Ok(out);
        }
        // A function that only arranges its argument's cells: one gather.
        let right = match left.is_none()
            && operand.is_none()
            && def.trad.is_none()
            && !self.arranged.refused(def)
        {
            true => match self.gathered(name, def, right) {
                Ok(out) => return Ok(out),
                Err(right) => right,
            },
            false => right,
        };
        // The definition outlives this call (the workspace's definitions do not change while
        // a line runs): its body and line are read where they are.
        if let Some(t) = &def.trad {
            return self.call_trad(t, left.map(Held::into_value), Some(right.into_value()));
        }
        let body: &'w [Expr] = &def.body;
        // A body that only indexes the right argument by the left (`⍵[⍺]`, the paper's
        // PERMUTE, called under `¨` for each cubie): the one step its statement is, the
        // arguments indexed where they are held, no frame made for the call.
        if let (Some(l), Some(pos)) = (&left, indexes_right_by_left(body)) {
            self.step()?;
            return index(right.value(), &[Some(Cow::Borrowed(l.value()))])
                .map_err(|e| e.at(&def.line, pos));
        }
        let locals = Locals::arguments(left, right);
        let (operand, operand_env) = match operand {
            Some((g, env)) => (Some(g), Some(env)),
            None => (None, None),
        };
        let mut frame = Frame {
            operand,
            operand_env,
            ..Frame::new(&def.line, Some(locals))
        };
        let entry = origin();
        let result = match body.split_last() {
            // A body of no statements gives an empty vector.
            None => Ok(Value::vector(Vec::new())),
            Some((last, before)) => before
                .iter()
                .try_for_each(|s| self.exec(s, &mut frame))
                .and_then(|()| self.result_of(last, &mut frame)),
        };
        leave(&frame, entry);
        result
    }

    /// A statement run for what it does, its value not wanted: an assignment keeps no copy
    /// of what it stores.
    fn exec(&mut self, s: &Expr, frame: &mut Frame) -> R<()> {
        match s {
            Expr::Assign(name, a, pos) => {
                self.step()?;
                let v = self.eval(a, frame)?;
                let line = frame.line;
                self.store(name, v, frame).map_err(|e| e.at(line, *pos))
            }
            _ => self.eval(s, frame).map(drop),
        }
    }

    /// The value of a defined function's last statement, which gives its result: where it
    /// assigns into a name, that name's whole new value, moved out of the frame that ends
    /// with the call (not copied).
    fn result_of(&mut self, last: &Expr, frame: &mut Frame) -> R<Value> {
        match last {
            Expr::Assign(n, ..) | Expr::IndexAssign(n, ..) => {
                let v = match last {
                    Expr::Assign(..) => {
                        self.exec(last, frame)?;
                        None
                    }
                    _ => Some(self.eval(last, frame)?),
                };
                if let Some(whole) = frame.locals.as_mut().and_then(|l| l.take(n)) {
                    return Ok(whole);
                }
                match (self.lookup(n, frame), v) {
                    (Some(whole), _) | (None, Some(whole)) => Ok(whole),
                    (None, None) => err(ErrorKind::Value, format!("{n} has no value")),
                }
            }
            _ => self.eval(last, frame),
        }
    }
}

/// Where the one statement of a body that only indexes the right argument by the left
/// (`⍵[⍺]`, the paper's PERMUTE) indexes it; `None` for any other body.
pub(super) fn indexes_right_by_left(body: &[Expr]) -> Option<usize> {
    match body {
        [Expr::Index(w, idx, pos)]
            if matches!(&**w, Expr::Var(n, _) if n == "⍵")
                && matches!(idx.lists.as_slice(), [Some(Expr::Var(n, _))] if n == "⍺") =>
        {
            Some(*pos)
        }
        _ => None,
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
pub(super) fn leave(frame: &Frame, entry: usize) {
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
        FuncKind::Prim(p) => !matches!(
            p,
            Prim::Rotate
                | Prim::RotateFirst
                | Prim::Transpose
                | Prim::Comma
                | Prim::CommaBar
                | Prim::Enclose
                | Prim::Disclose
        ),
        FuncKind::Reduce(..) | FuncKind::Scan(..) | FuncKind::System(_) => true,
        FuncKind::Defined(_)
        | FuncKind::Dfn(_)
        | FuncKind::SelfRef
        | FuncKind::Each(_)
        | FuncKind::Outer(_)
        | FuncKind::Inner(..)
        | FuncKind::Power(..)
        | FuncKind::DefinedOp(..)
        | FuncKind::Operand
        | FuncKind::Local(_)
        | derived!() => false,
    }
}
