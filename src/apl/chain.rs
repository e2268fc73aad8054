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
use super::structure::{join_items, join_plan_of, laminate_plan};
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

/// An array's shape and its items in row-major order, not made into a [`Value`]: a piece of
/// a join, which reads only its items.
struct Flat {
    shape: smallvec::SmallVec<[usize; 4]>,
    items: Vec<Elem>,
}

impl Flat {
    fn of(v: Value) -> Flat {
        Flat {
            shape: v.shape().into(),
            items: v.into_items(),
        }
    }

    fn value(self) -> Value {
        Value::from_shape(&self.shape, self.items)
    }
}

/// The axis of a catenation `,` (`None`) or `,[k]` written with a number (`Some(k)`); `None`
/// for any other function.
fn comma_axis(f: &Func) -> Option<Option<f64>> {
    if !matches!(f.kind, FuncKind::Prim(Prim::Comma)) {
        return None;
    }
    match f.axis.as_deref() {
        None => Some(None),
        Some(Expr::Lit(v)) if v.0.len() == 1 => match v.0.first() {
            Some(Elem::Num(k)) => Some(Some(*k)),
            _ => None,
        },
        _ => None,
    }
}

/// The pieces joined so far (the rightmost first) and the shape of their join.
struct Joined {
    pieces: Vec<Flat>,
    shape: Vec<usize>,
}

impl Joined {
    /// The join of the pieces: each one's runs in turn, left to right, for each cell of the
    /// axes before `k`.
    fn flat(mut self, k: usize) -> Flat {
        if self.pieces.len() == 1
            && let Some(p) = self.pieces.pop()
        {
            return p;
        }
        let outer: usize = self.shape[..k].iter().product();
        let total: usize = self.shape.iter().product();
        let mut items = Vec::with_capacity(total);
        if outer == 1 {
            // Along the first axis (or one after axes of length 1): one piece after another.
            for p in self.pieces.into_iter().rev() {
                items.extend(p.items);
            }
        } else {
            let mut each: Vec<_> = self
                .pieces
                .into_iter()
                .rev()
                .map(|p| {
                    let run = p.items.len().checked_div(outer).unwrap_or(0);
                    (run, p.items.into_iter())
                })
                .collect();
            for _ in 0..outer {
                for (run, piece) in &mut each {
                    items.extend(piece.by_ref().take(*run));
                }
            }
        }
        Flat {
            shape: self.shape.as_slice().into(),
            items,
        }
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
        Some(self.chain(k, f, a, b, frame).map(Flat::value))
    }

    /// A piece of a join, evaluated as `Machine::eval` evaluates it (its step counted):
    /// a variable indexed by lists written out, whose cells are kept, is taken where it is
    /// held, and a catenation along a whole-number axis (`(a,[1]b)`, a chain of one step) is
    /// joined by `Machine::chain`, with no array made for either.
    fn piece(&mut self, x: &Expr, frame: &mut Frame) -> R<Flat> {
        if let Expr::Index(a, idx, _) = x
            && let Expr::Var(name, _) = &**a
            && let Some(v) = self.borrow(name, frame)
            && let Some(cells) = idx.kept.get().filter(|c| !c.repeats && c.fit(v))
        {
            let items = v.row_major();
            let taken = Flat {
                shape: cells.shape.as_slice().into(),
                items: cells.offsets.iter().map(|&o| items[o].clone()).collect(),
            };
            self.step()?;
            return Ok(taken);
        }
        if let Expr::Dyad(g, a, b) = x
            && let Some(axis) = comma_axis(g)
            && stacker::remaining_stack().is_some_and(|left| left >= super::eval::RED_ZONE)
        {
            self.step()?;
            return match axis {
                Some(k) if k.fract() == 0.0 => self.chain(k, g, a, b, frame),
                _ => self.join_once(g, axis, a, b, frame),
            };
        }
        Ok(Flat::of(self.eval(x, frame)?))
    }

    /// `a,w` (along the last axis) or `a,[k]w` (laminated where `k` is a fraction) as the
    /// catenation makes it, the pieces' runs joined where it would join them (`join_plan_of`,
    /// `laminate_plan`), with no array made; otherwise made by the primitive.
    fn join_once(
        &mut self,
        g: &Func,
        axis: Option<f64>,
        a: &Expr,
        b: &Expr,
        frame: &mut Frame,
    ) -> R<Flat> {
        let line = frame.line;
        let w = self.piece(b, frame)?;
        let a = self.piece(a, frame)?;
        let plan = match axis {
            None => {
                let rank = a.shape.len().max(w.shape.len()).max(1);
                join_plan_of(rank - 1, &a.shape, &w.shape)
            }
            Some(k) => {
                let before = k.floor() + 1.0 - super::origin() as f64;
                (a.shape == w.shape && before >= 0.0 && before <= a.shape.len() as f64)
                    .then(|| laminate_plan(before as usize, &a.shape))
                    .flatten()
            }
        };
        let Some(plan) = plan else {
            let out = self
                .apply(g, Some(a.value()), w.value(), frame)
                .map_err(|e| e.at(line, g.pos))?;
            return Ok(Flat::of(out));
        };
        // Counted as the catenation counts: a step, and the items given and made.
        self.step()?;
        let n = a.items.len() + w.items.len();
        super::args::check_size(n)?;
        super::work::items(2 * n)?;
        Ok(Flat {
            shape: plan.shape().into(),
            items: join_items(&plan, a.items, w.items),
        })
    }

    fn chain(&mut self, k: f64, f: &Func, a: &Expr, b: &Expr, frame: &mut Frame) -> R<Flat> {
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
        let right = self.piece(rest, frame)?;
        let mut pieces = Vec::with_capacity(steps.len() + 1);
        let shape = right.shape.to_vec();
        pieces.push(right);
        let mut joined = Some(Joined { pieces, shape });
        let mut made = None;
        for (i, &(g, x)) in steps.iter().enumerate().rev() {
            if i > 0 {
                // The step's own expression, evaluated (and counted) as a whole before.
                self.step()?;
            }
            let left = self.piece(x, frame)?;
            if let Some(j) = &mut joined {
                let plan = (k0 >= 0.0)
                    .then(|| join_plan_of(k0 as usize, &left.shape, &j.shape))
                    .flatten();
                if let Some(plan) = plan {
                    // Counted as the catenation counts: a step, and the items given and made.
                    self.step()?;
                    let n =
                        left.items.len() + j.pieces.iter().map(|p| p.items.len()).sum::<usize>();
                    super::args::check_size(n)?;
                    super::work::items(2 * n)?;
                    j.shape.clear();
                    j.shape.extend_from_slice(plan.shape());
                    j.pieces.push(left);
                    continue;
                }
                made = joined.take().map(|j| j.flat(k0 as usize).value());
            }
            let Some(acc) = made.take() else {
                return no_right();
            };
            made = Some(
                self.apply(g, Some(left.value()), acc, frame)
                    .map_err(|e| e.at(line, g.pos))?,
            );
        }
        match (joined, made) {
            (Some(j), _) => Ok(j.flat(k0 as usize)),
            (None, Some(v)) => Ok(Flat::of(v)),
            (None, None) => no_right(),
        }
    }
}

/// A chain's step found neither the pieces joined so far nor the catenation made of them
/// (which cannot be: each step leaves one or the other).
#[cold]
fn no_right<T>() -> R<T> {
    Err(AplError::new(
        super::error::ErrorKind::Syntax,
        "a catenation without its right argument",
    ))
}
