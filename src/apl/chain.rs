//! A line of catenations along one axis, `a,[k]b,[k]c,[k]d`, made as one join: APL makes it
//! right to left, `a,[k](b,[k](c,[k]d))`, and where each of those catenations would move
//! runs of its arguments' items ([`join_plan_of`]) the result is the pieces' runs one after
//! another, so the pieces are joined at once, with no array made for each step between.
//! The pieces are evaluated in APL's order, each step is counted as its catenation would
//! be, and a step that is not such a join is made as before, by the primitive, with its
//! error where it was.

use super::defs::Prim;
use super::error::AplError;
use super::eval::{Frame, Machine};
use super::structure::join_plan_of;
use super::tree::{Expr, Func, FuncKind};
use super::value::{Elem, Value};

type R<T> = Result<T, AplError>;

/// The axis of a catenation `,[k]` written with a whole-number axis: the functions a chain
/// is made of.
fn written_axis(f: &Func) -> Option<f64> {
    if !matches!(f.kind, FuncKind::Prim(Prim::Comma)) {
        return None;
    }
    match f.axis.as_deref() {
        Some(Expr::Lit(v)) if v.0.len() == 1 => match v.0.first() {
            Some(Elem::Num(k)) if k.fract() == 0.0 => Some(*k),
            _ => None,
        },
        _ => None,
    }
}

/// The pieces joined so far (the rightmost first) and the shape of their join.
struct Joined {
    pieces: Vec<Value>,
    shape: Vec<usize>,
}

impl Joined {
    /// The join of the pieces: each one's runs in turn, left to right, for each cell of the
    /// axes before `k`.
    fn value(mut self, k: usize) -> Value {
        if self.pieces.len() == 1 {
            return self.pieces.pop().expect("a piece");
        }
        let outer: usize = self.shape[..k].iter().product();
        let total: usize = self.shape.iter().product();
        let mut items = Vec::with_capacity(total);
        if outer == 1 {
            // Along the first axis (or one after axes of length 1): one piece after another.
            for p in self.pieces.into_iter().rev() {
                items.extend(p.into_items());
            }
        } else {
            let mut each: Vec<_> = self
                .pieces
                .into_iter()
                .rev()
                .map(|p| {
                    let run = p.0.len().checked_div(outer).unwrap_or(0);
                    (run, p.into_items().into_iter())
                })
                .collect();
            for _ in 0..outer {
                for (run, piece) in &mut each {
                    items.extend(piece.by_ref().take(*run));
                }
            }
        }
        Value::from_shape(&self.shape, items)
    }
}

impl Machine<'_> {
    /// `a,[k]b,[k]c…` (the function `f` between `a` and `b`) evaluated as APL evaluates it,
    /// the steps that join runs made at once; `None` if `b` is not itself such a
    /// catenation (one step, made as any other).
    pub(super) fn catenations(
        &mut self,
        f: &Func,
        a: &Expr,
        b: &Expr,
        frame: &mut Frame,
    ) -> Option<R<Value>> {
        let k = written_axis(f)?;
        let Expr::Dyad(g, _, _) = b else { return None };
        if written_axis(g) != Some(k) {
            return None;
        }
        Some(self.chain(k, f, a, b, frame))
    }

    fn chain(&mut self, k: f64, f: &Func, a: &Expr, b: &Expr, frame: &mut Frame) -> R<Value> {
        // The steps, left to right: each function and its left argument.
        let mut steps = Vec::with_capacity(8);
        steps.push((f, a));
        let mut rest = b;
        while let Expr::Dyad(g, x, y) = rest
            && written_axis(g) == Some(k)
        {
            steps.push((g, x));
            rest = y;
        }
        let line = frame.line;
        let k0 = k - super::origin() as f64;
        let right = self.eval(rest, frame)?;
        let mut pieces = Vec::with_capacity(steps.len() + 1);
        let shape = right.shape().to_vec();
        pieces.push(right);
        let mut joined = Some(Joined { pieces, shape });
        let mut made = None;
        for (i, &(g, x)) in steps.iter().enumerate().rev() {
            if i > 0 {
                // The step's own expression, evaluated (and counted) as a whole before.
                self.step()?;
            }
            let left = self.eval(x, frame)?;
            if let Some(j) = &mut joined {
                let plan = (k0 >= 0.0)
                    .then(|| join_plan_of(k0 as usize, left.shape(), &j.shape))
                    .flatten();
                if let Some(plan) = plan {
                    // Counted as the catenation counts: a step, and the items given and made.
                    self.step()?;
                    let n = left.0.len() + j.pieces.iter().map(|p| p.0.len()).sum::<usize>();
                    super::args::check_size(n)?;
                    super::work::items(2 * n)?;
                    j.shape.clear();
                    j.shape.extend_from_slice(plan.shape());
                    j.pieces.push(left);
                    continue;
                }
                made = joined.take().map(|j| j.value(k0 as usize));
            }
            let acc = made.take().expect("the catenation so far");
            made = Some(
                self.apply(g, Some(left), acc, frame)
                    .map_err(|e| e.at(line, g.pos))?,
            );
        }
        Ok(match joined {
            Some(j) => j.value(k0 as usize),
            None => made.expect("the catenation so far"),
        })
    }
}
