//! A traditional function run: its arguments and labels bound, its compiled lines
//! ([`super::control`]) stepped through, `→` and the control structures going where they
//! say. Each op is a step ([`super::work`]): a loop without end, `:While 1` as `→L`, stops at
//! the line's limit, and Ctrl-C stops it. An error in the body of a `:Trap` that lists its
//! event number (or 0) goes on at the trap's `:Else` (or after it), with `⎕EN` and `⎕DM` set.

use std::sync::Arc;

use super::control::{Op, Program, Word};
use super::error::{AplError, ErrorKind, err};
use super::eval::{Frame, Locals, Machine, leave};
use super::origin;
use super::trad::Tradfn;
use super::tree::Expr;
use super::value::{Elem, Value, item_value};

type R<T> = Result<T, AplError>;

/// What a call keeps for a `:For` (its values, and how many it has given), a `:Select`
/// (the value selected) or a `:Trap` that has run (its event numbers).
#[derive(Clone)]
enum Slot {
    Empty,
    For(Vec<Elem>, usize),
    Select(Value),
    Trap(Vec<u32>),
}

/// Where a call goes after an op: on to an op, or out of the function.
type Next = Option<usize>;

impl<'w> Machine<'w> {
    /// A traditional function applied: its arguments and labels bound, its lines run;
    /// its result the value its result name has at the end.
    pub(super) fn call_trad(
        &mut self,
        t: &Arc<Tradfn>,
        left: Option<Value>,
        right: Option<Value>,
    ) -> R<Value> {
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
        // Each line runs in its own text, where its errors are placed.
        let mut frame = Frame {
            scope: Some(Arc::clone(t)),
            ..Frame::new("", Some(locals))
        };
        let entry = origin();
        let mut line = 0;
        let result = self.run_program(t, &mut frame, &mut line);
        leave(&frame, entry);
        result.map_err(|e| t.place(e, line))?;
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

    /// Runs `t`'s ops from its first until one goes past the last (or `→0`, `:Return`);
    /// `line` is the line of the op running, where an error stopped it.
    fn run_program<'t>(&mut self, t: &'t Tradfn, frame: &mut Frame<'t>, line: &mut usize) -> R<()> {
        let p: &Program = &t.program;
        let mut slots = vec![Slot::Empty; p.slots];
        let mut at = 0usize;
        while at < p.ops.len() {
            *line = p.lines[at];
            frame.line = &t.source[*line];
            self.step()?;
            match self.op(p, at, &mut slots, frame) {
                Ok(Some(next)) => at = next,
                Ok(None) => return Ok(()),
                Err(e) => match trap(p, &slots, at, &e) {
                    Some(handler) => {
                        *self.last_error = Some(t.place(e, *line));
                        at = handler;
                    }
                    None => return Err(e),
                },
            }
        }
        Ok(())
    }

    /// Runs op `at` of `p`: where the call goes next.
    fn op(&mut self, p: &Program, at: usize, slots: &mut [Slot], frame: &mut Frame) -> R<Next> {
        Ok(Some(match &p.ops[at] {
            Op::Run(statements) => {
                for s in statements {
                    if let Expr::Branch(target) = s {
                        match self.branch(target, p, frame)? {
                            Some(to) => return Ok(to),
                            None => continue,
                        }
                    }
                    self.eval(s, frame)?;
                }
                at + 1
            }
            Op::Test {
                word,
                at: column,
                cond,
                if_true,
                if_false,
            } => {
                let v = self.eval(cond, frame)?;
                match boolean(*word, &v).map_err(|e| e.at(frame.line, *column))? {
                    true => *if_true,
                    false => *if_false,
                }
            }
            Op::Jump(to) => *to,
            Op::Return => return Ok(None),
            Op::For { values, slot } => {
                let v = self.eval(values, frame)?;
                slots[*slot] = Slot::For(v.into_items(), 0);
                at + 1
            }
            Op::Next { target, slot, end } => match &mut slots[*slot] {
                Slot::For(items, i) if *i < items.len() => {
                    let item = item_value(&items[*i]);
                    *i += 1;
                    self.assign_target(target, None, &item, frame)?;
                    at + 1
                }
                _ => *end,
            },
            Op::Select { value, slot } => {
                slots[*slot] = Slot::Select(self.eval(value, frame)?);
                at + 1
            }
            Op::Case {
                value,
                list,
                slot,
                if_false,
            } => {
                let case = self.eval(value, frame)?;
                let Slot::Select(selected) = &slots[*slot] else {
                    return err(
                        ErrorKind::Value,
                        "a :Case whose :Select has not run (a → into the :Select?)",
                    );
                };
                let matches = match list {
                    false => case == *selected,
                    true => case.items().any(|e| item_value(e) == *selected),
                };
                if matches { at + 1 } else { *if_false }
            }
            Op::Trap {
                codes,
                at: column,
                slot,
            } => {
                let v = self.eval(codes, frame)?;
                slots[*slot] = Slot::Trap(events(&v).map_err(|e| e.at(frame.line, *column))?);
                at + 1
            }
        }))
    }

    /// `⎕EN`: the event number of the last error (0 before any).
    pub(super) fn event_number(&self) -> Value {
        let n = self.last_error.as_ref().map_or(0, |e| e.kind.event());
        Value::num(f64::from(n))
    }

    /// `⎕DM`: the last error's headline, line and caret (an empty vector before any).
    pub(super) fn diagnostic(&self) -> Value {
        let lines = self.last_error.as_ref().map(AplError::diagnostic);
        let items = lines.into_iter().flatten();
        Value::vector(
            items
                .map(|l| Elem::Boxed(Arc::new(Value::chars(&l))))
                .collect(),
        )
    }

    /// Where `→target` goes: `None` on (an empty target), `Some(None)` out of the
    /// function (0, or a line past the last), or the op that starts the line.
    fn branch(
        &mut self,
        target: &Expr,
        p: &Program,
        frame: &mut Frame,
    ) -> R<Option<Option<usize>>> {
        let to = self.eval(target, frame)?;
        match to.0.iter().next() {
            None => Ok(None),
            Some(Elem::Num(n)) if n.fract() == 0.0 => {
                if *n < 1.0 || *n as usize > p.starts.len() {
                    return Ok(Some(None));
                }
                Ok(Some(Some(p.starts[*n as usize - 1])))
            }
            _ => err(ErrorKind::Domain, "→ takes a line number"),
        }
    }
}

/// Where an error at op `at` goes: the handler of the innermost `:Trap` that covers the op,
/// has run and lists the error's event number (or 0); none if no trap takes it.
fn trap(p: &Program, slots: &[Slot], at: usize, e: &AplError) -> Option<usize> {
    if !e.kind.trappable() {
        return None;
    }
    let event = e.kind.event();
    p.traps
        .iter()
        .filter(|t| t.body.contains(&at))
        .find(|t| matches!(&slots[t.slot], Slot::Trap(codes) if codes.iter().any(|&c| c == 0 || c == event)))
        .map(|t| t.handler)
}

/// A `:Trap`'s event numbers: whole numbers from 0 (a scalar or a vector of them).
fn events(v: &Value) -> R<Vec<u32>> {
    let bad = || {
        AplError::new(
            ErrorKind::Domain,
            format!(":Trap takes event numbers, whole numbers from 0 (0 for any error), not {v}"),
        )
    };
    if v.rank() > 1 {
        return Err(bad());
    }
    v.items()
        .map(|e| match e {
            Elem::Num(n) if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(n) => {
                Ok(*n as u32)
            }
            _ => Err(bad()),
        })
        .collect()
}

/// A condition's value: a boolean singleton (a one-item array of 0 or 1, as Dyalog takes).
fn boolean(word: Word, v: &Value) -> R<bool> {
    let mut items = v.items();
    match (items.next(), items.next()) {
        (Some(Elem::Num(x)), None) if *x == 0.0 || *x == 1.0 => Ok(*x == 1.0),
        (Some(_), None) => err(
            ErrorKind::Domain,
            format!(
                "{} takes a boolean singleton (1 or 0), not {v}",
                word.name()
            ),
        ),
        _ => err(
            ErrorKind::Domain,
            format!(
                "{} takes a boolean singleton (1 or 0), not {} items",
                word.name(),
                v.items().count()
            ),
        ),
    }
}
