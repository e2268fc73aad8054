//! Defined functions compiled to a gather: after `)compile NAME` the workspace applies NAME
//! to an array of the shape it was compiled for by gathering the array's elements (the
//! sources the function gave when run once on the elements' own indices), not by
//! interpreting its statements.
//!
//! A compiled form stands only while what it was compiled from does: redefining or erasing
//! NAME, or any function it calls, forgets it ([`super::Workspace`] does so); a global
//! variable it reads that has changed since makes each call interpreted again until it is
//! compiled anew.

use std::collections::HashMap;
use std::sync::Arc;

use super::Definition;
use super::tree::{Expr, Func, FuncKind, Operand};
use super::value::{Elem, Value};

/// A function compiled to a gather of its argument's atoms.
#[derive(Clone, Debug)]
pub(crate) struct Gathered {
    /// The argument's shape.
    pub(crate) shape: Vec<usize>,
    /// Atoms per element: 1 (each element is one), or the length of the vector each element
    /// encloses (the nested representation's three).
    pub(crate) per: usize,
    /// For each atom of the result, the argument's atom it is.
    pub(crate) sources: Arc<[u32]>,
    /// The functions it was compiled through: itself and those it calls.
    pub(crate) through: Vec<String>,
    /// The global variables it reads, and their values when it was compiled.
    pub(crate) reads: Vec<(String, Option<Value>)>,
}

/// `value`'s elements gathered: atom `i` of the result is atom `sources[i]` of `value`, with
/// `per` atoms an element (each element then a vector of `per` it encloses). `None` if
/// `value` is not of `shape` or its elements are not such vectors.
pub(crate) fn gather(value: &Value, shape: &[usize], per: usize, sources: &[u32]) -> Option<Value> {
    if value.shape() != shape {
        return None;
    }
    if per == 1 {
        let items: Vec<&Elem> = value.items().collect();
        if sources.len() != items.len() {
            return None;
        }
        let out = sources
            .iter()
            .map(|&s| items.get(s as usize).map(|e| (*e).clone()))
            .collect::<Option<Vec<Elem>>>()?;
        return Some(Value::from_shape(shape, out));
    }
    let mut atoms: Vec<&Elem> = Vec::with_capacity(value.0.len() * per);
    for e in value.items() {
        match e {
            Elem::Boxed(v) if v.shape() == [per] => atoms.extend(v.items()),
            _ => return None,
        }
    }
    if sources.len() != atoms.len() {
        return None;
    }
    let mut out = Vec::with_capacity(value.0.len());
    for chunk in sources.chunks(per) {
        let inner = chunk
            .iter()
            .map(|&s| atoms.get(s as usize).map(|e| (*e).clone()))
            .collect::<Option<Vec<Elem>>>()?;
        out.push(Elem::Boxed(Arc::new(Value::vector(inner))));
    }
    Some(Value::from_shape(shape, out))
}

impl Gathered {
    /// The function applied to `value`, if `value` is an array it was compiled for and the
    /// variables it reads are as they were.
    pub(crate) fn apply(&self, value: &Value, globals: &HashMap<String, Value>) -> Option<Value> {
        if self
            .reads
            .iter()
            .any(|(name, was)| globals.get(name) != was.as_ref())
        {
            return None;
        }
        gather(value, &self.shape, self.per, &self.sources)
    }
}

/// The functions `name` calls, itself first, and the names it reads that are not its
/// arguments: through every definition it reaches. One that runs text with `⍎` (the paper's
/// `DO`) may call any function: then every defined function is among those it calls.
pub(crate) fn references(
    defs: &super::Names<Definition>,
    name: &str,
) -> (Vec<String>, Vec<String>) {
    let mut fns = vec![name.to_string()];
    let mut vars = Vec::new();
    let mut i = 0;
    while i < fns.len() {
        if let Some(def) = defs.get(&fns[i]) {
            let mut found = Vec::new();
            for e in def.body.iter() {
                expr_refs(e, &mut found, &mut vars);
            }
            for f in found {
                if !fns.contains(&f) {
                    fns.push(f);
                }
            }
        }
        i += 1;
    }
    if let Some(at) = fns.iter().position(|f| f == EXECUTE) {
        fns.remove(at);
        let mut rest: Vec<&String> = defs.keys().filter(|k| !fns.contains(k)).collect();
        rest.sort();
        fns.extend(rest.into_iter().cloned());
    }
    vars.sort();
    vars.dedup();
    (fns, vars)
}

/// Stands among the functions found for `⍎`, which may call any.
const EXECUTE: &str = "⍎";

fn expr_refs(e: &Expr, fns: &mut Vec<String>, vars: &mut Vec<String>) {
    let mut var = |n: &str| {
        if !matches!(n, "⍵" | "⍺" | "⎕IO") {
            vars.push(n.to_string());
        }
    };
    match e {
        Expr::Lit(_) | Expr::ByOrigin(_) => {}
        Expr::Niladic(n, _) => fns.push(n.clone()),
        Expr::CallDfn(d) => func_refs(
            &Func {
                kind: FuncKind::Dfn(std::sync::Arc::clone(d)),
                axis: None,
                pos: 0,
            },
            fns,
            vars,
        ),
        Expr::Var(n, _) | Expr::Take(n, _) => var(n),
        Expr::Strand(items) => items.iter().for_each(|x| expr_refs(x, fns, vars)),
        Expr::Index(a, idx, _) => {
            expr_refs(a, fns, vars);
            idx.lists
                .iter()
                .flatten()
                .for_each(|x| expr_refs(x, fns, vars));
        }
        Expr::Monad(f, a) => {
            func_refs(f, fns, vars);
            expr_refs(a, fns, vars);
        }
        Expr::Dyad(f, a, b) => {
            func_refs(f, fns, vars);
            expr_refs(a, fns, vars);
            expr_refs(b, fns, vars);
        }
        Expr::Assign(_, a, _) | Expr::Print(a) | Expr::Branch(a) => expr_refs(a, fns, vars),
        Expr::CallFn(f) | Expr::AssignFn(_, f, ..) => func_refs(f, fns, vars),
        Expr::IndexModify(m) => {
            var(&m.name);
            m.idx
                .lists
                .iter()
                .flatten()
                .for_each(|l| expr_refs(l, fns, vars));
            func_refs(&m.modify, fns, vars);
            expr_refs(&m.rhs, fns, vars);
        }
        Expr::AssignTo(to, a) => {
            to.target.names().into_iter().for_each(&mut var);
            if let Some(f) = &to.modify {
                func_refs(f, fns, vars);
            }
            expr_refs(a, fns, vars);
        }
        Expr::IndexAssign(n, idx, a, _) => {
            var(n);
            idx.lists
                .iter()
                .flatten()
                .for_each(|x| expr_refs(x, fns, vars));
            expr_refs(a, fns, vars);
        }
    }
}

fn func_refs(f: &Func, fns: &mut Vec<String>, vars: &mut Vec<String>) {
    if let Some(axis) = &f.axis {
        expr_refs(axis, fns, vars);
    }
    match &f.kind {
        FuncKind::Prim(super::defs::Prim::Execute) => fns.push(EXECUTE.to_string()),
        FuncKind::Prim(_) | FuncKind::System(_) => {}
        FuncKind::Defined(n) => fns.push(n.clone()),
        FuncKind::Reduce(g, _)
        | FuncKind::Scan(g, _)
        | FuncKind::Each(g)
        | FuncKind::Outer(g)
        | FuncKind::Commute(g)
        | FuncKind::Key(g) => func_refs(g, fns, vars),
        // A name given a function in the line may be the workspace's, once the line has run.
        FuncKind::Local(n) => fns.push(n.clone()),
        FuncKind::Compose(f, g) | FuncKind::Atop(f, g) | FuncKind::PowerUntil(f, g) => {
            func_refs(f, fns, vars);
            func_refs(g, fns, vars);
        }
        FuncKind::BindLeft(a, g) | FuncKind::BindRight(g, a) | FuncKind::Rank(g, a) => {
            func_refs(g, fns, vars);
            expr_refs(a, fns, vars);
        }
        FuncKind::Fork(f, g, h) => {
            operand_refs(f, fns, vars);
            func_refs(g, fns, vars);
            func_refs(h, fns, vars);
        }
        FuncKind::At(f, g) => {
            operand_refs(f, fns, vars);
            operand_refs(g, fns, vars);
        }
        FuncKind::Inner(f, g) => {
            func_refs(f, fns, vars);
            func_refs(g, fns, vars);
        }
        FuncKind::Power(f, times) => {
            func_refs(f, fns, vars);
            expr_refs(times, fns, vars);
        }
        FuncKind::Dfn(d) => {
            for s in &d.statements {
                match s {
                    super::tree::DfnStatement::Plain(e) => expr_refs(e, fns, vars),
                    super::tree::DfnStatement::Guard(c, e) => {
                        expr_refs(c, fns, vars);
                        expr_refs(e, fns, vars);
                    }
                }
            }
        }
        FuncKind::DefinedOp(n, g) => {
            fns.push(n.clone());
            func_refs(g, fns, vars);
        }
        FuncKind::SelfRef | FuncKind::Operand => {}
    }
}

fn operand_refs(o: &Operand, fns: &mut Vec<String>, vars: &mut Vec<String>) {
    match o {
        Operand::Func(f) => func_refs(f, fns, vars),
        Operand::Array(a) => expr_refs(a, fns, vars),
    }
}
