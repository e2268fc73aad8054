//! The functions derived by the operators of Dyalog APL that APL2 writes otherwise, and the
//! trains: commute (`f⍨`), compose and bind (`f∘g`, `A∘f`, `f∘B`), the power operator to a
//! fixpoint (`f⍣g`), atop and forks (`(g h)`, `g⍤h`, `(f g h)`), rank (`f⍤k`), key (`f⌸`)
//! and at (`f@g`). Each applies its operands through the evaluator, as Dyalog's reference
//! defines it.

use super::defs::Prim;
use super::error::{AplError, ErrorKind, err};
use super::eval::{Frame, Machine};
use super::func::{self, enclose_item};
use super::tree::{Func, FuncKind, Operand};
use super::value::{Elem, Value};

type R<T> = Result<T, AplError>;

impl Machine<'_> {
    /// A function derived by `⍨ ∘ ⍣ ⍤ ⌸ @` or a train, applied.
    pub(super) fn derived(
        &mut self,
        f: &Func,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        match &f.kind {
            // `⍺ f⍨ ⍵` is `⍵ f ⍺`; `f⍨ ⍵` is `⍵ f ⍵`.
            FuncKind::Commute(g) => {
                let l = left.unwrap_or_else(|| right.clone());
                self.apply(g, Some(right), l, frame)
            }
            // `⍺ f∘g ⍵` is `⍺ f (g ⍵)`.
            FuncKind::Compose(g, h) => {
                let r = self.apply(h, None, right, frame)?;
                self.apply(g, left, r, frame)
            }
            FuncKind::BindLeft(a, g) => {
                if left.is_some() {
                    return err(ErrorKind::Syntax, "A∘f takes one argument");
                }
                let a = self.eval(a, frame)?;
                self.apply(g, Some(a), right, frame)
            }
            FuncKind::BindRight(g, b) => {
                if left.is_some() {
                    return err(ErrorKind::Syntax, "f∘B takes one argument");
                }
                let b = self.eval(b, frame)?;
                self.apply(g, Some(right), b, frame)
            }
            FuncKind::PowerUntil(g, until) => {
                let mut x = right;
                loop {
                    self.step()?;
                    let y = self.apply(g, left.clone(), x.clone(), frame)?;
                    let done = self.apply(until, Some(y.clone()), x, frame)?;
                    match done.row_major().as_ref() {
                        [Elem::Num(d)] if *d == 1.0 => return Ok(y),
                        [Elem::Num(d)] if *d == 0.0 => x = y,
                        _ => return err(ErrorKind::Domain, "f⍣g: g gives 0 or 1"),
                    }
                }
            }
            // `⍺ (g h) ⍵` is `g (⍺ h ⍵)`.
            FuncKind::Atop(g, h) => {
                let r = self.apply(h, left, right, frame)?;
                self.apply(g, None, r, frame)
            }
            // `⍺ (f g h) ⍵` is `(⍺ f ⍵) g (⍺ h ⍵)`, the right tine first.
            FuncKind::Fork(f, g, h) => {
                let r = self.apply(h, left.clone(), right.clone(), frame)?;
                let l = match &**f {
                    Operand::Func(f) => self.apply(f, left, right, frame)?,
                    Operand::Array(a) => self.eval(a, frame)?,
                };
                self.apply(g, Some(l), r, frame)
            }
            FuncKind::Rank(g, k) => {
                let k = self.eval(k, frame)?;
                self.rank(g, &k, left, right, frame)
            }
            FuncKind::Key(g) => self.key(g, left, right, frame),
            FuncKind::At(a, sel) => self.at(a, sel, left, right, frame),
            _ => unreachable!("not a derived function of these operators"),
        }
    }

    /// `⍺ f⍤k ⍵`: `f` between the cells of rank `k` of the two (or of `⍵`), the results
    /// mixed into one array (padded to the largest, as `↑`). `k` is one rank for all, two
    /// (left, right) or three (monadic, left, right); a negative one counts down from the
    /// argument's rank.
    fn rank(
        &mut self,
        g: &Func,
        k: &Value,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        let ks: Vec<f64> = k
            .row_major()
            .iter()
            .map(|e| match e {
                Elem::Num(n) if n.fract() == 0.0 => Ok(*n),
                _ => err(ErrorKind::Domain, "f⍤k: k is whole numbers"),
            })
            .collect::<R<_>>()?;
        let (monadic, l, r) = match ks.as_slice() {
            [a] => (*a, *a, *a),
            [a, b] => (*b, *a, *b),
            [a, b, c] => (*a, *b, *c),
            _ => return err(ErrorKind::Length, "f⍤k: k is one, two or three ranks"),
        };
        let cell_rank = |k: f64, v: &Value| {
            let rank = v.rank() as f64;
            let k = if k < 0.0 {
                (rank + k).max(0.0)
            } else {
                k.min(rank)
            };
            k as usize
        };
        let (rc, rframe) = cells(
            &right,
            cell_rank(if left.is_some() { r } else { monadic }, &right),
        );
        let mut results = Vec::new();
        let shape = match left {
            None => {
                for c in rc {
                    let v = self.apply(g, None, c, frame)?;
                    results.push(enclose_item(v)?);
                }
                rframe
            }
            Some(a) => {
                let (lc, lframe) = cells(&a, cell_rank(l, &a));
                let shape = match (lc.len(), rc.len()) {
                    _ if lframe == rframe => rframe,
                    _ if lframe.is_empty() => rframe,
                    _ if rframe.is_empty() => lframe,
                    _ => {
                        return err(
                            ErrorKind::Length,
                            format!("f⍤k: frames {lframe:?} and {rframe:?}"),
                        );
                    }
                };
                let n = lc.len().max(rc.len());
                for i in 0..n {
                    let x = lc[if lc.len() == 1 { 0 } else { i }].clone();
                    let y = rc[if rc.len() == 1 { 0 } else { i }].clone();
                    let v = self.apply(g, Some(x), y, frame)?;
                    results.push(enclose_item(v)?);
                }
                shape
            }
        };
        func::monad(Prim::Take, None, Value::from_shape(&shape, results))
    }

    /// `f⌸⍵`: `f` between each unique major cell of `⍵` and the indices where it is; `⍺ f⌸ ⍵`:
    /// between each unique major cell of `⍺` and the major cells of `⍵` where it is. The
    /// results, in the order the keys first come, mixed into one array.
    fn key(&mut self, g: &Func, left: Option<Value>, right: Value, frame: &mut Frame) -> R<Value> {
        let (keys, values) = match left {
            Some(k) => (k, Some(right)),
            None => (right, None),
        };
        let (kc, _) = cells(&keys, keys.rank().saturating_sub(1));
        let vc = match &values {
            Some(v) => {
                let (vc, _) = cells(v, v.rank().saturating_sub(1));
                if vc.len() != kc.len() || v.rank() == 0 {
                    return err(
                        ErrorKind::Length,
                        "⍺ f⌸ ⍵: as many major cells in ⍺ as in ⍵",
                    );
                }
                Some(vc)
            }
            None => None,
        };
        let mut unique: Vec<(usize, Vec<usize>)> = Vec::new();
        for (i, c) in kc.iter().enumerate() {
            match unique.iter_mut().find(|(u, _)| kc[*u] == *c) {
                Some((_, at)) => at.push(i),
                None => unique.push((i, vec![i])),
            }
        }
        let mut results = Vec::with_capacity(unique.len());
        for (u, at) in unique {
            self.step()?;
            let group = match &vc {
                Some(vc) => {
                    let items: Vec<Elem> = at
                        .iter()
                        .map(|&i| enclose_item(vc[i].clone()))
                        .collect::<R<_>>()?;
                    func::monad(Prim::Take, None, Value::vector(items))?
                }
                None => Value::vector(
                    at.iter()
                        .map(|&i| Elem::Num((i + super::origin()) as f64))
                        .collect(),
                ),
            };
            let v = self.apply(g, Some(kc[u].clone()), group, frame)?;
            results.push(enclose_item(v)?);
        }
        func::monad(Prim::Take, None, Value::vector(results))
    }

    /// `A@I ⍵` and `f@I ⍵`: the major cells of `⍵` at indices `I` replaced by `A`'s (or by
    /// `f` of them); `A@g ⍵`, `f@g ⍵`: the atoms where the boolean `g ⍵` is 1. Dyadic,
    /// as Dyalog's: `⍺ (f@I) ⍵` replaces them by `⍺ f` of them (`g` still sees `⍵` alone).
    fn at(
        &mut self,
        with: &Operand,
        sel: &Operand,
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        if left.is_some() && matches!(with, Operand::Array(_)) {
            return err(ErrorKind::Syntax, "A@g takes one argument (f@g takes two)");
        }
        let (cells, frame_shape) = cells(&right, right.rank().saturating_sub(1));
        // The places chosen, each a run of atoms in ravel order.
        let per = cells.first().map_or(1, |c| c.0.len());
        let places: Vec<usize> = match sel {
            Operand::Array(i) => {
                let i = self.eval(i, frame)?;
                if right.rank() == 0 {
                    return err(ErrorKind::Rank, "A@I: ⍵ has major cells");
                }
                i.row_major()
                    .iter()
                    .map(|e| match e {
                        Elem::Num(n) if n.fract() == 0.0 => {
                            let k = *n as i64 - super::origin() as i64;
                            match usize::try_from(k) {
                                Ok(k) if k < frame_shape[0] => Ok(k),
                                _ => err(ErrorKind::Index, format!("@: index {n} out of range")),
                            }
                        }
                        _ => err(ErrorKind::Domain, "@: indices are whole numbers"),
                    })
                    .collect::<R<_>>()?
            }
            Operand::Func(g) => {
                let mask = self.apply(g, None, right.clone(), frame)?;
                if mask.shape() != right.shape() {
                    return err(ErrorKind::Length, "f@g: g ⍵ has the shape of ⍵");
                }
                let mut at = Vec::new();
                for (k, e) in mask.row_major().iter().enumerate() {
                    match e {
                        Elem::Num(b) if *b == 1.0 => at.push(k),
                        Elem::Num(b) if *b == 0.0 => {}
                        _ => return err(ErrorKind::Domain, "f@g: g gives 0 or 1"),
                    }
                }
                return self.at_atoms(with, &at, left, right, frame);
            }
        };
        // Major cells: the chosen ones, stacked, replaced as one array.
        let chosen: Vec<Elem> = places
            .iter()
            .map(|&k| enclose_item(cells[k].clone()))
            .collect::<R<_>>()?;
        let chosen = func::monad(Prim::Take, None, Value::vector(chosen))?;
        let new = match with {
            Operand::Array(a) => self.eval(a, frame)?,
            Operand::Func(f) => self.apply(f, left, chosen.clone(), frame)?,
        };
        if new.rank() != 0 && new.shape() != chosen.shape() {
            return err(
                ErrorKind::Length,
                "@: the new items are as many as those chosen",
            );
        }
        // Each place's run of atoms, the new cells' atoms in the same order.
        let at: Vec<usize> = places
            .iter()
            .flat_map(|&k| k * per..(k + 1) * per)
            .collect();
        replace_atoms(right, &at, &new)
    }

    /// `@` at the atoms `at` (in ravel order) of `right`.
    fn at_atoms(
        &mut self,
        with: &Operand,
        at: &[usize],
        left: Option<Value>,
        right: Value,
        frame: &mut Frame,
    ) -> R<Value> {
        let items = right.row_major();
        let chosen = Value::vector(at.iter().map(|&k| items[k].clone()).collect());
        let new = match with {
            Operand::Array(a) => self.eval(a, frame)?,
            Operand::Func(f) => self.apply(f, left, chosen, frame)?,
        };
        replace_atoms(right, at, &new)
    }
}

/// `right` with its atoms at `at` (in ravel order) replaced by `new`'s, one for each, or each
/// by `new`'s one atom.
fn replace_atoms(right: Value, at: &[usize], new: &Value) -> R<Value> {
    let new_atoms = new.row_major();
    if new_atoms.len() != 1 && new_atoms.len() != at.len() {
        return err(
            ErrorKind::Length,
            "@: the new items are as many as those chosen",
        );
    }
    let mut atoms = right.row_major().into_owned();
    for (j, &k) in at.iter().enumerate() {
        atoms[k] = new_atoms[if new_atoms.len() == 1 { 0 } else { j }].clone();
    }
    Ok(Value::from_shape(right.shape(), atoms))
}

/// The cells of rank `k` of `v` (`k` at most its rank), in order, and the frame they make.
fn cells(v: &Value, k: usize) -> (Vec<Value>, Vec<usize>) {
    let split = v.rank() - k.min(v.rank());
    let (frame, cell) = v.shape().split_at(split);
    let per: usize = cell.iter().product();
    let atoms = v.row_major();
    let n: usize = frame.iter().product();
    let out = (0..n)
        .map(|i| match per {
            0 => Value::from_shape(cell, Vec::new()),
            _ => Value::from_shape(cell, atoms[i * per..(i + 1) * per].to_vec()),
        })
        .collect();
    (out, frame.to_vec())
}
