//! Assignment to more than one name, and modified assignment, as Dyalog APL has them
//! (Dyalog Programming Reference Guide, "Multiple Assignment", "Distributed Assignment",
//! "Modified Assignment"):
//!
//! - strand assignment: `a b←1 2` (and `(a b)←1 2`) gives each name its item of the value;
//!   a scalar or a one-item vector is each name's (`a b c←⊂'xy'` gives each `'xy'`); a
//!   vector of another length is a `LENGTH ERROR`, an array of rank 2 or more a `RANK ERROR`;
//!   parentheses nest (`(a (b c))←1 (2 3)`), and the value's items are given out along them;
//! - modified assignment: `a+←1` is `a←a+1`, and on a strand each name is combined with its
//!   item (`a b+←1 2` is `a+←1 ⋄ b+←2`, `a b,←⊂'x'` catenates to each); into items,
//!   `v[i]+←1` is `v[i]←v[i]+1` with `i` read once (so `v[2 2]+←1` adds 1 once, as Dyalog).
//!
//! The value of either is its right argument, not shown (as every assignment's). Nothing is
//! assigned unless every name can be: the items are given out and combined first.

use super::error::{AplError, ErrorKind};
use super::eval::{Frame, Machine};
use super::parse::{Item, Parser};
use super::tree::{Assignment, Expr, Func, Target};
use super::value::Value;

type R<T> = Result<T, AplError>;

impl Parser<'_> {
    /// The assignment whose arrow, at `pos`, follows `items`, of the value `rhs`: the names
    /// right before the arrow (and a function before it, for a modified assignment) are
    /// taken from `items`; what is left of them is read as it would be without them.
    pub(super) fn assignment(&self, items: &mut Vec<Item>, rhs: Expr, pos: usize) -> R<Expr> {
        let modify = match items.pop() {
            Some(Item::Func(f)) => Some(f),
            other => {
                items.extend(other);
                None
            }
        };
        let names = items
            .iter()
            .rev()
            .take_while(|i| matches!(i, Item::Array(e) if Target::of(e).is_some()))
            .count();
        let mut targets: Vec<Target> = items
            .split_off(items.len() - names)
            .iter()
            .filter_map(|i| match i {
                Item::Array(e) => Target::of(e),
                _ => None,
            })
            .collect();
        let target = match (targets.len(), &modify) {
            (0, _) => return self.single(items, modify, rhs, pos),
            (1, None) if matches!(targets[0], Target::Name(_)) => {
                let Some(Target::Name(n)) = targets.pop() else {
                    unreachable!("one name")
                };
                return Ok(Expr::Assign(n, Box::new(rhs), pos));
            }
            (1, _) => targets.remove(0),
            _ => Target::Strand(targets),
        };
        let assignment = Assignment {
            target,
            modify,
            pos,
        };
        Ok(Expr::AssignTo(Box::new(assignment), Box::new(rhs)))
    }

    /// An assignment to no name: `⎕←x` prints, `A[i]←x` assigns into `A`; any other is an
    /// error.
    fn single(
        &self,
        items: &mut Vec<Item>,
        modify: Option<Func>,
        rhs: Expr,
        pos: usize,
    ) -> R<Expr> {
        match (items.pop(), modify) {
            (Some(Item::Array(Expr::Var(name, _))), None) if name == "⎕" => {
                Ok(Expr::Print(Box::new(rhs)))
            }
            (Some(Item::Array(Expr::Index(target, idx, _))), modify) => match (*target, modify) {
                (Expr::Var(name, _), None) => Ok(Expr::IndexAssign(name, idx, Box::new(rhs), pos)),
                (Expr::Var(name, _), Some(modify)) => {
                    Ok(Expr::IndexModify(Box::new(super::tree::IndexModify {
                        name,
                        idx,
                        modify,
                        rhs,
                        pos,
                    })))
                }
                _ => self.error("only a name can be assigned into", pos),
            },
            (_, Some(f)) => self.error("a modified assignment (f←) needs names on its left", f.pos),
            _ => self.error("← needs a name on its left", pos),
        }
    }
}

impl Machine<'_> {
    /// `a b←x`, `a+←x`: `x` given out along the names (and combined with their values), then
    /// stored; its value is `x`.
    pub(super) fn assign_to(&mut self, a: &Assignment, rhs: &Expr, frame: &mut Frame) -> R<Value> {
        let v = self.eval(rhs, frame)?;
        self.assign_target(&a.target, a.modify.as_ref(), &v, frame)
            .map_err(|e| e.at(frame.line, a.pos))?;
        Ok(v)
    }

    /// `v` given out along `target` (each name's part combined with its value by `modify`,
    /// if given), then stored: nothing is stored if a part is wrong.
    pub(super) fn assign_target(
        &mut self,
        target: &Target,
        modify: Option<&Func>,
        v: &Value,
        frame: &mut Frame,
    ) -> R<()> {
        let mut parts = Vec::new();
        target.spread(v, &mut parts)?;
        if let Some(f) = modify {
            for (name, part) in parts.iter_mut() {
                let old = self.lookup(name, frame).ok_or_else(|| {
                    AplError::new(ErrorKind::Value, format!("{name} has no value"))
                })?;
                let value = std::mem::replace(part, Value::vector(Vec::new()));
                *part = self
                    .apply(f, Some(old), value, frame)
                    .map_err(|e| e.at(frame.line, f.pos))?;
            }
        }
        for (name, part) in parts {
            self.store(name, part, frame)?;
        }
        Ok(())
    }
}
