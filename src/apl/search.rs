//! Searching, sorting and formatting: `≢ ∊ ⍷ ⍸ ∪ ∩ ~ ⍋ ⍒ ⍕ ⊢ ⊣`, each with the meaning
//! APL2 and Dyalog give it (the cases where they differ are named where they are met).

use std::cmp::Ordering;
use std::sync::Arc;

use ndarray::{ArrayD, Axis, Dimension, IxDyn};

use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::parse::check_size;
use super::value::{Elem, Value, item_value};

type R<T> = Result<T, AplError>;

fn nums(v: Vec<usize>) -> Value {
    Value::vector(v.into_iter().map(|n| Elem::Num(n as f64)).collect())
}

/// The major cells of `v` (its items along the first axis; a scalar is one).
fn major_cells(v: &Value) -> Vec<Value> {
    if v.rank() == 0 {
        return vec![v.clone()];
    }
    v.0.axis_iter(Axis(0))
        .map(|c| Value(c.to_owned()))
        .collect()
}

/// APL's total order of arrays, for grading: numbers before characters, by value; enclosed
/// arrays by their items.
fn compare(a: &Elem, b: &Elem) -> Ordering {
    match (a, b) {
        (Elem::Num(x), Elem::Num(y)) => x.total_cmp(y),
        (Elem::Char(x), Elem::Char(y)) => x.cmp(y),
        (Elem::Num(_), _) => Ordering::Less,
        (_, Elem::Num(_)) => Ordering::Greater,
        (Elem::Char(_), Elem::Boxed(_)) => Ordering::Less,
        (Elem::Boxed(_), Elem::Char(_)) => Ordering::Greater,
        (Elem::Boxed(x), Elem::Boxed(y)) => compare_values(x, y),
    }
}

fn compare_values(a: &Value, b: &Value) -> Ordering {
    for (x, y) in a.0.iter().zip(b.0.iter()) {
        match compare(x, y) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    a.0.len().cmp(&b.0.len())
}

/// Monadic: `≢ ∊ ⍸ ∪ ⍋ ⍒ ⍕ ⊢ ⊣`; `None` for another glyph.
pub(crate) fn monad(c: char, w: &Value) -> Option<R<Value>> {
    Some(match c {
        '⊢' | '⊣' => Ok(w.clone()),
        '≢' => Ok(Value::num(if w.rank() == 0 {
            1.0
        } else {
            w.shape()[0] as f64
        })),
        '∊' => enlist(w).map(Value::vector),
        '⍸' => where_ones(w),
        '∪' => Ok(unique(w)),
        '⍋' | '⍒' => grade(w, c == '⍒', None),
        '⍕' => Ok(format(w)),
        _ => return None,
    })
}

/// Dyadic: `≢ ∊ ⍷ ∪ ∩ ~ ⍋ ⍒ ⍕ ⊢ ⊣`; `None` for another glyph.
pub(crate) fn dyad(c: char, a: &Value, w: &Value) -> Option<R<Value>> {
    Some(match c {
        '⊢' => Ok(w.clone()),
        '⊣' => Ok(a.clone()),
        '≢' => Ok(Value::num((a != w) as i32 as f64)),
        '∊' => {
            Ok(Value(a.0.map(|e| {
                Elem::Num(w.0.iter().any(|x| x == e) as i32 as f64)
            })))
        }
        '⍷' => find(a, w),
        '∪' => union(a, w),
        '∩' => vectors(a, w)
            .map(|(a, w)| Value::vector(a.into_iter().filter(|e| w.contains(e)).collect())),
        '~' => vectors(a, w)
            .map(|(a, w)| Value::vector(a.into_iter().filter(|e| !w.contains(e)).collect())),
        '⍋' | '⍒' => grade(w, c == '⍒', Some(a)),
        '⍕' => format_numbers(a, w),
        _ => return None,
    })
}

/// `∊⍵`: every simple atom, in order, however deep.
fn enlist(w: &Value) -> R<Vec<Elem>> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<Elem>) -> R<()> {
        for e in v.0.iter() {
            match e {
                Elem::Boxed(inner) => walk(inner, out)?,
                e => {
                    out.push(e.clone());
                    check_size(out.len())?;
                }
            }
        }
        Ok(())
    }
    walk(w, &mut out)?;
    Ok(out)
}

/// `⍸⍵`: the indices of the ones, each repeated as often as its count (vectors: the
/// indices; higher ranks: enclosed index vectors, as Dyalog).
fn where_ones(w: &Value) -> R<Value> {
    let mut counts = Vec::with_capacity(w.0.len());
    let mut total = 0usize;
    for e in w.0.iter() {
        match e {
            Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 => {
                total = total.saturating_add(*n as usize);
                counts.push(*n as usize);
            }
            _ => return err(ErrorKind::Domain, "⍸ counts whole numbers, 0 or more"),
        }
    }
    check_size(total)?;
    let shape = w.shape().to_vec();
    let mut out = Vec::with_capacity(total);
    for (flat, &n) in counts.iter().enumerate() {
        let item = if shape.len() == 1 {
            Elem::Num((flat + origin()) as f64)
        } else {
            let mut rest = flat;
            let mut index = vec![0usize; shape.len()];
            for k in (0..shape.len()).rev() {
                index[k] = rest % shape[k] + origin();
                rest /= shape[k];
            }
            Elem::Boxed(Arc::new(nums(index)))
        };
        out.extend(std::iter::repeat_n(item, n));
    }
    Ok(Value::vector(out))
}

/// `∪⍵`: the major cells of `⍵`, each once, in the order first met.
fn unique(w: &Value) -> Value {
    let w = if w.rank() == 0 {
        Value(w.0.clone().insert_axis(Axis(0)))
    } else {
        w.clone()
    };
    let mut kept: Vec<Value> = Vec::new();
    for cell in major_cells(&w) {
        if !kept.contains(&cell) {
            kept.push(cell);
        }
    }
    stack(&kept, &w.shape()[1..])
}

/// Major cells of shape `cell` stacked along a new first axis.
fn stack(cells: &[Value], cell: &[usize]) -> Value {
    let shape: Vec<usize> = std::iter::once(cells.len())
        .chain(cell.iter().copied())
        .collect();
    let items: Vec<Elem> = cells.iter().flat_map(|c| c.0.iter().cloned()).collect();
    Value::from_shape(&shape, items)
}

/// Two arguments as vectors of items (scalars made one-item vectors).
fn vectors(a: &Value, w: &Value) -> R<(Vec<Elem>, Vec<Elem>)> {
    if a.rank() > 1 || w.rank() > 1 {
        return err(ErrorKind::Rank, "this function takes vectors here");
    }
    Ok((a.0.iter().cloned().collect(), w.0.iter().cloned().collect()))
}

/// `⍺∪⍵`: `⍺`, then the items of `⍵` not in it.
fn union(a: &Value, w: &Value) -> R<Value> {
    let (mut a, w) = vectors(a, w)?;
    let extra: Vec<Elem> = w.into_iter().filter(|e| !a.contains(e)).collect();
    a.extend(extra);
    Ok(Value::vector(a))
}

/// `⍺⍷⍵`: a boolean of `⍵`'s shape, 1 where `⍺` starts in it.
fn find(a: &Value, w: &Value) -> R<Value> {
    if a.rank() > w.rank() {
        return Ok(Value(w.0.map(|_| Elem::Num(0.0))));
    }
    // `⍺` seen with as many axes as `⍵` (leading axes of length 1).
    let pad = w.rank() - a.rank();
    let ashape: Vec<usize> = std::iter::repeat_n(1, pad)
        .chain(a.shape().iter().copied())
        .collect();
    let a =
        a.0.clone()
            .into_shape_with_order(IxDyn(&ashape))
            .expect("same size");
    let out = ArrayD::from_shape_fn(w.0.raw_dim(), |at| {
        let at = at.slice().to_vec();
        let fits = at
            .iter()
            .zip(&ashape)
            .zip(w.shape())
            .all(|((&i, &n), &m)| i + n <= m);
        let found = fits
            && a.indexed_iter().all(|(j, e)| {
                let p: Vec<usize> = j.slice().iter().zip(&at).map(|(x, y)| x + y).collect();
                &w.0[IxDyn(&p)] == e
            });
        Elem::Num(found as i32 as f64)
    });
    Ok(Value(out))
}

/// `⍋⍵`, `⍒⍵`: the indices that order the major cells, equal cells in their order; with a
/// left argument, characters ordered by where they stand in it (a vector: its order; later
/// axes of a higher-rank collating array break ties, as APL2).
fn grade(w: &Value, down: bool, collate: Option<&Value>) -> R<Value> {
    if w.rank() == 0 {
        return err(ErrorKind::Rank, "grade takes an array of rank 1 or more");
    }
    let cells = major_cells(w);
    let key = |e: &Elem| -> Elem {
        match (collate, e) {
            (Some(c), Elem::Char(_)) => {
                Elem::Num(c.0.iter().position(|x| x == e).map_or(c.0.len(), |p| p) as f64)
            }
            _ => e.clone(),
        }
    };
    let keyed: Vec<Vec<Elem>> = cells
        .iter()
        .map(|c| c.0.iter().map(key).collect())
        .collect();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&i, &j| {
        let o = keyed[i]
            .iter()
            .zip(&keyed[j])
            .map(|(x, y)| compare(x, y))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal);
        if down { o.reverse() } else { o }
    });
    Ok(nums(order.into_iter().map(|i| i + origin()).collect()))
}

/// `⍕⍵`: the array as APL displays it, as characters (a vector for one line, a matrix for
/// more).
fn format(w: &Value) -> Value {
    if let [Elem::Char(_)] | [] = w.0.iter().take(2).collect::<Vec<_>>().as_slice()
        && w.rank() <= 1
        && w.0.iter().all(|e| matches!(e, Elem::Char(_)))
    {
        return w.clone();
    }
    let text = w.to_string();
    let lines: Vec<Vec<char>> = text
        .lines()
        .map(|l| super::value::compose(&l.chars().collect::<Vec<_>>()))
        .collect();
    if lines.len() <= 1 {
        return Value::vector(lines.into_iter().flatten().map(Elem::Char).collect());
    }
    let width = lines.iter().map(Vec::len).max().unwrap_or(0);
    let items: Vec<Elem> = lines
        .iter()
        .flat_map(|l| {
            l.iter()
                .copied()
                .chain(std::iter::repeat(' '))
                .take(width)
                .map(Elem::Char)
        })
        .collect();
    Value::from_shape(&[lines.len(), width], items)
}

/// `w d⍕⍵`: each number in `w` columns with `d` decimals.
fn format_numbers(a: &Value, w: &Value) -> R<Value> {
    let spec: Vec<f64> =
        a.0.iter()
            .map(|e| match e {
                Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= 100.0 => Ok(*n),
                _ => err(
                    ErrorKind::Domain,
                    "⍺⍕ takes a width and a number of decimals",
                ),
            })
            .collect::<R<_>>()?;
    let (width, decimals) = match spec.as_slice() {
        [d] => (0usize, *d as usize),
        [w, d] => (*w as usize, *d as usize),
        _ => {
            return err(
                ErrorKind::Length,
                "⍺⍕ takes a width and a number of decimals",
            );
        }
    };
    let mut out = String::new();
    for e in w.0.iter() {
        let Elem::Num(n) = e else {
            return err(ErrorKind::Domain, "⍺⍕ formats numbers");
        };
        let text = format!("{:.*}", decimals, n.abs());
        let text = if *n < 0.0 { format!("¯{text}") } else { text };
        let pad = if width == 0 {
            1
        } else {
            width.saturating_sub(text.chars().count())
        };
        out.push_str(&" ".repeat(pad));
        out.push_str(&text);
    }
    check_size(out.chars().count())?;
    Ok(Value::chars(&out))
}

/// The item at `⍺⊃⍵`'s path step `i` (an index vector into an array of any rank).
pub(crate) fn pick_step(v: &Value, index: &Value) -> R<Value> {
    let idx: Vec<i64> = index
        .0
        .iter()
        .map(|e| match e {
            Elem::Num(n) if n.fract() == 0.0 => Ok(*n as i64),
            _ => err(ErrorKind::Domain, "a path of ⊃ holds whole numbers"),
        })
        .collect::<R<_>>()?;
    if idx.len() != v.rank() {
        return err(
            ErrorKind::Rank,
            format!(
                "{} indices to pick from an array of rank {}",
                idx.len(),
                v.rank()
            ),
        );
    }
    let mut at = Vec::with_capacity(idx.len());
    for (k, &i) in idx.iter().enumerate() {
        let i = i - origin() as i64;
        if i < 0 || i as usize >= v.shape()[k] {
            return err(
                ErrorKind::Index,
                format!(
                    "index {} of an axis of length {}",
                    i + origin() as i64,
                    v.shape()[k]
                ),
            );
        }
        at.push(i as usize);
    }
    Ok(item_value(&v.0[IxDyn(&at)]))
}
