//! The primitive functions on APL values. The structural ones — `⌽ ⊖ ⍉ , ↑ ↓ / \ ⊤ ⊥` —
//! call the same [`super::prim`] functions the representations are written with.

use std::sync::Arc;

use ndarray::{ArrayD, Axis, Dimension, IxDyn, RemoveAxis};

use super::args::{axis_or, boolean, check_size, extend, no_axis, number};
use super::defs::Prim;
use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::prim;
use super::structure;
pub(crate) use super::value::item_value;
use super::value::{Elem, Value, format_number};

type R<T> = Result<T, AplError>;

/// Most levels of enclosure an array may have.
const MAX_NESTED: usize = 64;

/// An array as an element: a simple scalar as itself, anything else enclosed (at most
/// [`MAX_NESTED`] levels deep).
pub(crate) fn enclose_item(v: Value) -> R<Elem> {
    if v.rank() == 0 && !matches!(v.first(), Elem::Boxed(_)) {
        return Ok(v.first());
    }
    boxed(v)
}

/// `v` enclosed: an error past [`MAX_NESTED`] levels.
fn boxed(v: Value) -> R<Elem> {
    if v.depth() >= MAX_NESTED {
        return err(
            ErrorKind::Domain,
            format!("more than {MAX_NESTED} levels of enclosure"),
        );
    }
    Ok(Elem::Boxed(Arc::new(v)))
}

/// Its numbers, in an array of its shape laid out in row-major order (a reversed or
/// transposed array is read by its strides once).
fn numbers(v: &Value) -> R<ArrayD<f64>> {
    let mut out = Vec::with_capacity(v.0.len());
    let mut all = true;
    v.each_item(|e| match e {
        Elem::Num(n) => out.push(*n),
        _ => all = false,
    });
    if !all {
        return err(ErrorKind::Domain, "a number was expected");
    }
    Ok(ArrayD::from_shape_vec(v.0.raw_dim(), out).expect("same shape"))
}

/// Numbers made by `⊤` or `⊥` as a value: a DOMAIN ERROR if one is not real and finite
/// (`10⊥1e308 1e308`), as for the scalar functions.
fn from_numbers(a: ArrayD<f64>) -> R<Value> {
    if a.iter().any(|x| !x.is_finite()) {
        return err(ErrorKind::Domain, "a number past the largest there is");
    }
    Ok(Value(a.mapv(Elem::Num)))
}

/// The identity of a scalar function, for reducing an empty axis (the table's).
pub(crate) fn identity(p: Prim) -> R<f64> {
    p.identity().ok_or_else(|| {
        AplError::new(
            ErrorKind::Domain,
            format!("{} has no identity to reduce an empty axis with", p.glyph()),
        )
    })
}

/// Every primitive function that is not a scalar one, as a pattern: each match on [`Prim`]
/// lists every primitive (no catch-all), so that a new row of the table does not compile
/// until it is placed.
macro_rules! not_scalar {
    () => {
        Prim::Query
            | Prim::Transpose
            | Prim::Rotate
            | Prim::RotateFirst
            | Prim::Rho
            | Prim::Iota
            | Prim::Comma
            | Prim::CommaBar
            | Prim::Encode
            | Prim::Decode
            | Prim::Take
            | Prim::Drop
            | Prim::Enclose
            | Prim::Nest
            | Prim::Disclose
            | Prim::Match
            | Prim::Squad
            | Prim::NotMatch
            | Prim::Epsilon
            | Prim::Find
            | Prim::Where
            | Prim::Union
            | Prim::Intersection
            | Prim::GradeUp
            | Prim::GradeDown
            | Prim::Format
            | Prim::Execute
            | Prim::Domino
            | Prim::Right
            | Prim::Left
            | Prim::Slash
            | Prim::Backslash
            | Prim::SlashBar
            | Prim::BackslashBar
    };
}

/// The scalar primitives of one argument and of two.
macro_rules! scalar_both {
    () => {
        Prim::Plus
            | Prim::Minus
            | Prim::Times
            | Prim::Divide
            | Prim::Stile
            | Prim::Max
            | Prim::Min
            | Prim::Star
            | Prim::Log
            | Prim::Bang
            | Prim::Circle
    };
}

/// The scalar functions of two arguments only, as a pattern: `≠` (whose one-argument form,
/// the unique mask, is not scalar) and those of `no_monad_scalar`.
macro_rules! scalar_dyad_only {
    () => {
        Prim::NotEqual | no_monad_scalar!()
    };
}

/// The scalar functions of two arguments that have no form of one argument, as a pattern.
macro_rules! no_monad_scalar {
    () => {
        Prim::Equal
            | Prim::Less
            | Prim::LessEqual
            | Prim::Greater
            | Prim::GreaterEqual
            | Prim::And
            | Prim::Or
            | Prim::Nand
            | Prim::Nor
    };
}

/// `n!`: the gamma function at `n+1`, exact for whole numbers.
fn factorial(n: f64) -> R<f64> {
    if n < 0.0 && n.fract() == 0.0 {
        return err(ErrorKind::Domain, "! of a negative whole number");
    }
    if n.fract() == 0.0 {
        if n > 170.0 {
            return err(
                ErrorKind::Domain,
                format!("!{} is too large", format_number(n)),
            );
        }
        return Ok((1..=n as u64).fold(1.0, |p, k| p * k as f64));
    }
    Ok(gamma(n + 1.0))
}

/// The gamma function (Lanczos' approximation, g = 7).
fn gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        return std::f64::consts::PI / ((std::f64::consts::PI * x).sin() * gamma(1.0 - x));
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let sum = G[1..]
        .iter()
        .enumerate()
        .fold(G[0], |s, (i, g)| s + g / (x + i as f64 + 1.0));
    (2.0 * std::f64::consts::PI).sqrt() * t.powf(x + 0.5) * (-t).exp() * sum
}

/// `⍺○⍵`: the circular functions APL numbers.
fn circle(k: f64, x: f64) -> R<f64> {
    Ok(match k as i64 {
        _ if k.fract() != 0.0 => return err(ErrorKind::Domain, "○ takes a whole left argument"),
        0 => (1.0 - x * x).sqrt(),
        1 => x.sin(),
        2 => x.cos(),
        3 => x.tan(),
        4 => (1.0 + x * x).sqrt(),
        5 => x.sinh(),
        6 => x.cosh(),
        7 => x.tanh(),
        -1 => x.asin(),
        -2 => x.acos(),
        -3 => x.atan(),
        -4 => (x * x - 1.0).sqrt(),
        -5 => x.asinh(),
        -6 => x.acosh(),
        -7 => x.atanh(),
        _ => {
            return err(
                ErrorKind::Domain,
                format!("{}○ is not a circular function", format_number(k)),
            );
        }
    })
}

/// A result that is a number: refused if it is not one (`¯1*0.5`, `⍟0`).
fn finite(x: f64, what: &str) -> R<f64> {
    if x.is_finite() {
        Ok(x)
    } else {
        err(
            ErrorKind::Domain,
            format!("{what} has no real, finite value"),
        )
    }
}

fn scalar1(p: Prim, e: &Elem) -> R<Elem> {
    if let Elem::Boxed(v) = e {
        return Ok(Elem::Boxed(Arc::new(map1(p, v)?)));
    }
    let n = number(e)?;
    let x = match p {
        Prim::Plus => n,
        Prim::Minus => -n,
        Prim::Times => n.signum() * (n != 0.0) as i32 as f64,
        Prim::Divide if n == 0.0 => return err(ErrorKind::Domain, "÷0"),
        Prim::Divide => 1.0 / n,
        Prim::Stile => n.abs(),
        Prim::Max => n.ceil(),
        Prim::Min => n.floor(),
        Prim::Tilde => (!boolean(n)?) as i32 as f64,
        Prim::Star => finite(n.exp(), "*")?,
        Prim::Log => finite(n.ln(), "⍟")?,
        Prim::Bang => finite(factorial(n)?, "!")?,
        Prim::Circle => std::f64::consts::PI * n,
        scalar_dyad_only!() | not_scalar!() => {
            return err(
                ErrorKind::Syntax,
                format!("{} needs a left argument", p.glyph()),
            );
        }
    };
    // No scalar function gives a number that is not real and finite (APL2, Dyalog).
    match x.is_finite() {
        true => Ok(Elem::Num(x)),
        false => finite(x, &format!("{}{}", p.glyph(), format_number(n))).map(Elem::Num),
    }
}

fn map1(p: Prim, v: &Value) -> R<Value> {
    let mut out = Vec::with_capacity(v.0.len());
    for e in v.0.iter() {
        out.push(scalar1(p, e)?);
    }
    Ok(Value(
        ArrayD::from_shape_vec(v.0.raw_dim(), out).expect("same shape"),
    ))
}

/// A scalar function of two simple scalars (or enclosed arrays, each item paired).
pub(crate) fn scalar_dyad(p: Prim, a: &Elem, b: &Elem) -> R<Elem> {
    scalar2(p, a, b)
}

fn scalar2(p: Prim, a: &Elem, b: &Elem) -> R<Elem> {
    match (a, b) {
        (Elem::Boxed(x), _) => return Ok(Elem::Boxed(Arc::new(map2(p, x, &item_value(b))?))),
        (_, Elem::Boxed(y)) => return Ok(Elem::Boxed(Arc::new(map2(p, &item_value(a), y)?))),
        _ => {}
    }
    let truth = |t: bool| Ok(Elem::Num(t as i32 as f64));
    if let (Elem::Char(_), _) | (_, Elem::Char(_)) = (a, b) {
        return match p {
            Prim::Equal => truth(a == b),
            Prim::NotEqual => truth(a != b),
            _ => err(ErrorKind::Domain, format!("{} of a character", p.glyph())),
        };
    }
    let (x, y) = (number(a)?, number(b)?);
    let v = match p {
        Prim::Plus => x + y,
        Prim::Minus => x - y,
        Prim::Times => x * y,
        Prim::Divide if y == 0.0 && x == 0.0 => 1.0,
        Prim::Divide if y == 0.0 => return err(ErrorKind::Domain, "÷0"),
        Prim::Divide => x / y,
        Prim::Stile if x == 0.0 => y,
        Prim::Stile => y - x * (y / x).floor(),
        Prim::Max => x.max(y),
        Prim::Min => x.min(y),
        Prim::Equal => return truth(x == y),
        Prim::NotEqual => return truth(x != y),
        Prim::Less => return truth(x < y),
        Prim::LessEqual => return truth(x <= y),
        Prim::Greater => return truth(x > y),
        Prim::GreaterEqual => return truth(x >= y),
        Prim::And => return truth(boolean(x)? && boolean(y)?),
        Prim::Or => return truth(boolean(x)? || boolean(y)?),
        Prim::Nand => return truth(!(boolean(x)? && boolean(y)?)),
        Prim::Nor => return truth(!(boolean(x)? || boolean(y)?)),
        Prim::Star => finite(x.powf(y), "*")?,
        Prim::Log => finite(y.ln() / x.ln(), "⍟")?,
        Prim::Bang => {
            // ⍺!⍵: ⍵ choose ⍺, (!⍵)÷(!⍺)×!⍵-⍺.
            if x.fract() == 0.0 && y.fract() == 0.0 && x >= 0.0 && y >= 0.0 {
                if x > y {
                    0.0
                } else {
                    let k = x.min(y - x);
                    (0..k as u64)
                        .fold(1.0, |p, i| p * (y - i as f64) / (i + 1) as f64)
                        .round()
                }
            } else {
                finite(factorial(y)? / (factorial(x)? * factorial(y - x)?), "!")?
            }
        }
        Prim::Circle => circle(x, y)?,
        Prim::Tilde | not_scalar!() => {
            return err(
                ErrorKind::Syntax,
                format!("{} is not a scalar function of two arguments", p.glyph()),
            );
        }
    };
    // No scalar function gives a number that is not real and finite: `¯2○2`, `0○2` and
    // `1e308×10` are DOMAIN ERRORs, as `⍟¯1` is (APL2, Dyalog).
    match v.is_finite() {
        true => Ok(Elem::Num(v)),
        false => finite(
            v,
            &format!("{}{}{}", format_number(x), p.glyph(), format_number(y)),
        )
        .map(Elem::Num),
    }
}

fn map2(p: Prim, a: &Value, b: &Value) -> R<Value> {
    // Both laid out in row-major order (the usual case, `3+⍳5`): read where they are, a
    // single item beside the other's every item, neither copied nor spread first. The
    // result's shape is the one [`extend`] gives.
    if let (Some(xs), Some(ys)) = (a.0.as_slice(), b.0.as_slice()) {
        let like = match (xs.len(), ys.len()) {
            _ if a.shape() == b.shape() => Some(a),
            (1, 1) if a.rank() >= b.rank() => Some(a),
            (1, _) => Some(b),
            (_, 1) => Some(a),
            _ => None,
        };
        if let Some(like) = like {
            let n = like.0.len();
            let at = |items: &'_ [Elem], i: usize| if items.len() == 1 { 0 } else { i };
            let mut pairs = (0..n).map(|i| (&xs[at(xs, i)], &ys[at(ys, i)]));
            let out = scalar_pairs(p, &mut pairs, n)?;
            return Ok(Value::from_shape(like.shape(), out));
        }
    }
    let (a, b) = extend(a, b)?;
    let out = scalar_pairs(p, &mut a.0.iter().zip(b.0.iter()), a.0.len())?;
    Ok(Value(
        ArrayD::from_shape_vec(a.0.raw_dim(), out).expect("same shape"),
    ))
}

/// Scalar function `p` applied to each pair of items, in order.
fn scalar_pairs<'e>(
    p: Prim,
    pairs: &mut impl Iterator<Item = (&'e Elem, &'e Elem)>,
    len: usize,
) -> R<Vec<Elem>> {
    let mut out = Vec::with_capacity(len);
    // Scalar extension pairs one enclosed array with many items, each made anew: the atoms
    // made are counted as they are, so `(1e3⍴0)+⊂⍳1e6` is refused before it fills memory.
    let mut atoms = 0usize;
    for (x, y) in pairs {
        let e = scalar2(p, x, y)?;
        atoms += match &e {
            Elem::Boxed(v) => match v.atoms_within(super::MAX_ATOMS - atoms) {
                Some(n) => n,
                None => return super::args::too_many_atoms(),
            },
            _ => 1,
        };
        if atoms > super::MAX_ATOMS {
            return super::args::too_many_atoms();
        }
        out.push(e);
    }
    Ok(out)
}

fn enclose(v: Value) -> R<Value> {
    if v.rank() == 0 && v.is_simple() {
        return Ok(v);
    }
    Ok(Value::scalar(boxed(v)?))
}

/// A monadic primitive. `⍎` and `?` read the workspace, and are applied by the evaluator.
/// A primitive that arranges `⍵`'s items gives an empty result `⍵`'s prototype (`,''` and
/// `⌽''` are characters).
pub(crate) fn monad(p: Prim, axis: Option<f64>, w: Value) -> R<Value> {
    let arranges = matches!(
        p,
        Prim::Comma
            | Prim::CommaBar
            | Prim::Rotate
            | Prim::RotateFirst
            | Prim::Transpose
            | Prim::Union
            | Prim::Epsilon
    );
    let fill = arranges.then(|| w.fill());
    let out = monad_of(p, axis, w)?;
    Ok(match fill {
        Some(fill) => out.with_fill(fill),
        None => out,
    })
}

fn monad_of(p: Prim, axis: Option<f64>, w: Value) -> R<Value> {
    use super::search;
    let last = w.rank().saturating_sub(1);
    if !matches!(p, Prim::Rotate | Prim::RotateFirst) {
        no_axis(axis, p)?;
    }
    match p {
        scalar_both!() | Prim::Tilde => map1(p, &w),
        Prim::Rotate | Prim::RotateFirst => {
            if w.rank() == 0 {
                return Ok(w);
            }
            let first = p == Prim::RotateFirst;
            let k = axis_or(axis, w.rank(), if first { 0 } else { last })?;
            Ok(Value(prim::reverse(w.0, k + 1)))
        }
        Prim::Transpose => Ok(Value(w.0.reversed_axes())),
        Prim::Squad | Prim::Right | Prim::Left => Ok(w),
        Prim::Rho => Ok(Value::vector(
            w.shape().iter().map(|&n| Elem::Num(n as f64)).collect(),
        )),
        Prim::Iota => structure::iota(&w),
        Prim::Comma => Ok(Value::vector(w.into_items())),
        Prim::CommaBar => Ok(structure::table(w)),
        Prim::Enclose => enclose(w),
        Prim::Nest if w.is_simple() => enclose(w),
        Prim::Nest => Ok(w),
        Prim::Disclose => Ok(item_value(&w.first())),
        Prim::Match => Ok(Value::num(w.depth() as f64)),
        Prim::Take => mix(w),
        Prim::Drop => {
            if w.rank() == 0 {
                return Ok(w);
            }
            let items =
                w.0.lanes(Axis(last))
                    .into_iter()
                    .map(|l| Elem::Boxed(Arc::new(Value::vector(l.iter().cloned().collect()))));
            let shape = &w.shape()[..last];
            Ok(Value::from_shape(shape, items.collect()))
        }
        Prim::NotEqual => search::unique_mask(&w),
        Prim::NotMatch => Ok(Value::num(if w.rank() == 0 {
            1.0
        } else {
            w.shape()[0] as f64
        })),
        Prim::Epsilon => search::enlist(&w).map(Value::vector),
        Prim::Where => search::where_ones(&w),
        Prim::Union => search::unique(&w),
        Prim::GradeUp | Prim::GradeDown => search::grade(&w, p == Prim::GradeDown, None),
        Prim::Format => search::format(&w),
        Prim::Domino => super::domino::inverse(&w),
        no_monad_scalar!()
        | Prim::Encode
        | Prim::Decode
        | Prim::Find
        | Prim::Intersection
        | Prim::Slash
        | Prim::Backslash
        | Prim::SlashBar
        | Prim::BackslashBar => err(
            ErrorKind::Syntax,
            format!("{} needs a left argument", p.glyph()),
        ),
        Prim::Execute | Prim::Query => err(
            ErrorKind::Syntax,
            format!("{} is applied by the workspace", p.glyph()),
        ),
    }
}

/// `↑⍵`: an array of arrays made one array, each item padded to the largest shape.
fn mix(w: Value) -> R<Value> {
    if w.is_simple() {
        return Ok(w);
    }
    let items: Vec<Value> = w.0.iter().map(item_value).collect();
    let rank = items.iter().map(|v| v.rank()).max().unwrap_or(0);
    let mut inner = vec![0usize; rank];
    for v in &items {
        let pad = rank - v.rank();
        for (k, &n) in v.shape().iter().enumerate() {
            inner[pad + k] = inner[pad + k].max(n);
        }
    }
    let per: usize = inner.iter().product();
    check_size(per.saturating_mul(items.len()))?;
    let mut out = Vec::with_capacity(per * items.len());
    for v in &items {
        let pad = rank - v.rank();
        let shape: Vec<usize> = std::iter::repeat_n(1, pad)
            .chain(v.shape().iter().copied())
            .collect();
        let fill = v.fill();
        let standard = v.0.as_standard_layout();
        let a = standard
            .view()
            .into_shape_with_order(IxDyn(&shape))
            .expect("same size");
        let padded = ArrayD::from_shape_fn(IxDyn(&inner), |i| {
            let i = i.slice();
            if i.iter().zip(&shape).all(|(&x, &n)| x < n) {
                a[IxDyn(i)].clone()
            } else {
                fill.clone()
            }
        });
        out.extend(padded.iter().cloned());
    }
    let shape: Vec<usize> = w.shape().iter().chain(&inner).copied().collect();
    Ok(Value::from_shape(&shape, out))
}

/// A dyadic primitive. `⍎` and `?` read the workspace, and are applied by the evaluator.
/// A primitive that arranges or selects items gives an empty result the prototype of the
/// argument they come from (`0↑'a'`, `0/'a'`, `'',''` are characters).
pub(crate) fn dyad(p: Prim, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    let fill = match p {
        Prim::Comma | Prim::CommaBar | Prim::Union | Prim::Intersection | Prim::Tilde => {
            Some(a.fill())
        }
        Prim::Rho
        | Prim::Take
        | Prim::Drop
        | Prim::Slash
        | Prim::SlashBar
        | Prim::Backslash
        | Prim::BackslashBar
        | Prim::Rotate
        | Prim::RotateFirst
        | Prim::Transpose
        | Prim::Squad => Some(w.fill()),
        _ => None,
    };
    let out = dyad_of(p, axis, a, w)?;
    Ok(match fill {
        Some(fill) => out.with_fill(fill),
        None => out,
    })
}

fn dyad_of(p: Prim, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    use super::search;
    let axis_taken = matches!(
        p,
        Prim::Transpose
            | Prim::Rotate
            | Prim::RotateFirst
            | Prim::Rho
            | Prim::Comma
            | Prim::CommaBar
            | Prim::Take
            | Prim::Drop
            | Prim::Slash
            | Prim::SlashBar
            | Prim::Backslash
            | Prim::BackslashBar
            | Prim::Enclose
            | Prim::Nest
    );
    if !axis_taken {
        no_axis(axis, p)?;
    }
    match p {
        scalar_both!() | scalar_dyad_only!() => map2(p, &a, &w),
        Prim::Squad => structure::squad(&a, &w),
        Prim::Transpose => structure::transpose(axis, a, w),
        Prim::Rotate | Prim::RotateFirst => structure::rotate(p == Prim::RotateFirst, axis, a, w),
        Prim::Rho => structure::reshape(axis, a, w),
        Prim::Iota => search::index_of(&a, &w),
        Prim::Comma => structure::catenate(axis, a, w),
        Prim::CommaBar => {
            let axis = axis.or(Some(origin() as f64));
            structure::catenate(axis, a, w)
        }
        // A function being planned on numbered atoms (`super::digits`).
        Prim::Encode if super::digits::tracing() => super::digits::encode(&a, &w),
        Prim::Decode if super::digits::tracing() => super::digits::decode(&a, &w),
        Prim::Encode => encode(a, w),
        Prim::Decode => decode(a, w),
        Prim::Take | Prim::Drop => structure::take_drop(p == Prim::Take, axis, a, w),
        Prim::Slash | Prim::SlashBar => structure::replicate(p == Prim::SlashBar, axis, a, w),
        Prim::Backslash | Prim::BackslashBar => {
            structure::expand(p == Prim::BackslashBar, axis, a, w)
        }
        Prim::Disclose => structure::pick(a, w),
        Prim::Match => Ok(Value::num((a == w) as i32 as f64)),
        Prim::Enclose | Prim::Nest => structure::partition(axis, a, w),
        Prim::Right => Ok(w),
        Prim::Left => Ok(a),
        Prim::NotMatch => Ok(Value::num((a != w) as i32 as f64)),
        Prim::Epsilon => search::member(&a, &w),
        Prim::Find => search::find(&a, &w),
        Prim::Where => search::interval_index(&a, &w),
        Prim::Union => search::union(&a, &w),
        Prim::Intersection => search::keep_if_in(&a, &w, true),
        Prim::Tilde => search::keep_if_in(&a, &w, false),
        Prim::GradeUp | Prim::GradeDown => search::grade(&w, p == Prim::GradeDown, Some(&a)),
        Prim::Format => search::format_numbers(&a, &w),
        Prim::Domino => super::domino::solve(&a, &w),
        Prim::Execute | Prim::Query => err(
            ErrorKind::Syntax,
            format!("{} is applied by the workspace", p.glyph()),
        ),
    }
}

/// `⍺⊤⍵` of whole numbers from 0 below 2⁵³ in one whole radix repeated (the paper's
/// `(3⍴10)⊤`), read where they are: each digit by integer division, exactly the digit
/// [`prim::encode`] works out in floating point. `None` for any other arguments.
fn encode_whole(a: &Value, w: &Value) -> Option<Value> {
    const WHOLE: f64 = 9_007_199_254_740_992.0;
    if a.rank() != 1 || a.0.is_empty() {
        return None;
    }
    let radices = a.row_major();
    let radix = match radices[0] {
        Elem::Num(r) if r.fract() == 0.0 && (1.0..=4_294_967_296.0).contains(&r) => r,
        _ => return None,
    };
    if radices.iter().any(|e| *e != Elem::Num(radix)) {
        return None;
    }
    let whole: Vec<u64> = w
        .row_major()
        .iter()
        .map(|e| match *e {
            Elem::Num(v) if v.fract() == 0.0 && (0.0..WHOLE).contains(&v) => Some(v as u64),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let (places, radix) = (radices.len(), radix as u64);
    // Too many digits: the general path says so.
    check_size(places.saturating_mul(whole.len())).ok()?;
    let mut digits = Vec::with_capacity(places * whole.len());
    for d in 0..places {
        // A place past u64 is past every number here: its digit is 0.
        let place = u32::try_from(places - 1 - d)
            .ok()
            .and_then(|k| radix.checked_pow(k));
        digits.extend(
            whole
                .iter()
                .map(|&v| Elem::Num(place.map_or(0.0, |p| (v / p % radix) as f64))),
        );
    }
    let shape: Vec<usize> = std::iter::once(places)
        .chain(w.shape().iter().copied())
        .collect();
    Some(Value::from_shape(&shape, digits))
}

/// `r⊥⍵` of one radix and numbers, read where they are: Horner's rule down the first axis,
/// as [`prim::decode`] does. `None` for any other arguments, or a result past the largest
/// number (which the general path refuses).
fn decode_one_radix(a: &Value, w: &Value) -> Option<Value> {
    let (Elem::Num(radix), 1) = (a.first(), a.0.len()) else {
        return None;
    };
    let len = *w.shape().first()?;
    let digits = w.row_major();
    let rest = digits.len() / len.max(1);
    if len == 0 || rest == 0 {
        return None;
    }
    let mut acc = vec![0.0; rest];
    for plane in digits.chunks_exact(rest) {
        for (acc, d) in acc.iter_mut().zip(plane) {
            let Elem::Num(d) = *d else { return None };
            *acc = prim::Radix::horner(*acc, radix, d);
        }
    }
    if acc.iter().any(|x| !x.is_finite()) {
        return None;
    }
    Some(Value::from_shape(
        &w.shape()[1..],
        acc.into_iter().map(Elem::Num).collect(),
    ))
}

/// `⍺⊤⍵`: a vector of radices writes each element in that many digits along a new first axis
/// (one radix repeated: [`prim::encode`]); a scalar radix gives the last digit.
fn encode(a: Value, w: Value) -> R<Value> {
    if let Some(digits) = encode_whole(&a, &w) {
        return Ok(digits);
    }
    let radices = numbers(&a)?;
    let values = numbers(&w)?;
    if a.rank() == 0 {
        let r = radices[IxDyn(&[])];
        return from_numbers(values.mapv(|v| prim::Radix::digit(v, 1.0, r)));
    }
    if a.rank() > 1 {
        // Each column of ⍺ (along its first axis) is a radix vector: the result is each
        // column's encoding of ⍵, of shape (⍴⍺),⍴⍵ (APL2, Dyalog).
        let n = a.shape()[0];
        check_size(a.0.len().saturating_mul(values.len()))?;
        let columns: Vec<Vec<f64>> = radices
            .view()
            .into_shape_with_order((n, a.0.len() / n.max(1)))
            .map_err(|_| AplError::new(ErrorKind::Rank, "radices"))?
            .columns()
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        let vals: Vec<f64> = values.iter().copied().collect();
        let mut out = vec![0.0; a.0.len() * vals.len()];
        let cols = columns.len();
        for (j, radix) in columns.iter().enumerate() {
            for (v, &x) in vals.iter().enumerate() {
                let mut rest = x;
                for d in (0..n).rev() {
                    let r = radix[d];
                    out[(d * cols + j) * vals.len() + v] = prim::Radix::digit(rest, 1.0, r);
                    rest = if r == 0.0 { 0.0 } else { (rest / r).floor() };
                }
            }
        }
        let shape: Vec<usize> = a.shape().iter().chain(values.shape()).copied().collect();
        return from_numbers(ArrayD::from_shape_vec(IxDyn(&shape), out).expect("a digit a place"));
    }
    let r: Vec<f64> = radices.iter().copied().collect();
    check_size(r.len().saturating_mul(values.len()))?;
    if r.is_empty() {
        // No radices, no digits: `(⍳0)⊤5` is empty, of shape `0,⍴⍵`.
        let shape: Vec<usize> = std::iter::once(0)
            .chain(values.shape().iter().copied())
            .collect();
        return from_numbers(ArrayD::zeros(IxDyn(&shape)));
    }
    if r.iter().all(|&x| x == r[0]) {
        return from_numbers(prim::encode(r[0], r.len(), values.view()));
    }
    let mut planes = vec![values.clone(); r.len()];
    let mut rest = values;
    for (d, &radix) in r.iter().enumerate().rev() {
        planes[d] = rest.mapv(|v| prim::Radix::digit(v, 1.0, radix));
        rest = rest.mapv(|v| {
            if radix == 0.0 {
                0.0
            } else {
                (v / radix).floor()
            }
        });
    }
    let views: Vec<_> = planes.iter().map(|p| p.view()).collect();
    from_numbers(ndarray::stack(Axis(0), &views).expect("planes of one shape"))
}

/// `⍺⊥⍵`: the digits down the first axis of `⍵` read in radix `⍺` (one radix:
/// [`prim::decode`]; a vector of radices, one a digit).
fn decode(a: Value, w: Value) -> R<Value> {
    if let Some(numbers) = decode_one_radix(&a, &w) {
        return Ok(numbers);
    }
    let radices = numbers(&a)?;
    let digits = numbers(&w)?;
    let digits = if digits.ndim() == 0 {
        digits.insert_axis(Axis(0))
    } else {
        digits
    };
    if a.rank() == 0 || a.0.len() == 1 {
        let r = radices.iter().next().copied().unwrap_or(0.0);
        return from_numbers(prim::decode(r, digits.view()));
    }
    if a.rank() > 1 {
        // Each row of ⍺ (along its last axis) decodes each column of ⍵ (along its first):
        // the result has shape (¯1↓⍴⍺),1↓⍴⍵, as an inner product (APL2, Dyalog).
        let n = *a.shape().last().expect("rank 2 or more");
        let len = digits.len_of(Axis(0));
        if len != n && len != 1 && n != 1 {
            return err(ErrorKind::Length, format!("{n} radices for {len} digits"));
        }
        let rows = a.0.len() / n.max(1);
        let radix_rows: Vec<Vec<f64>> = radices
            .iter()
            .copied()
            .collect::<Vec<_>>()
            .chunks(n.max(1))
            .map(<[f64]>::to_vec)
            .collect();
        let cols = digits.len() / len.max(1);
        check_size(rows.saturating_mul(cols))?;
        let flat: Vec<f64> = digits.iter().copied().collect();
        let k = n.max(len);
        let mut out = Vec::with_capacity(rows * cols);
        for r in &radix_rows {
            for c in 0..cols {
                let mut acc = 0.0;
                for d in 0..k {
                    let radix = r[if n == 1 { 0 } else { d }];
                    let digit = flat[(if len == 1 { 0 } else { d }) * cols + c];
                    acc = acc * radix + digit;
                }
                out.push(acc);
            }
        }
        let shape: Vec<usize> = a.shape()[..a.rank() - 1]
            .iter()
            .chain(&digits.shape()[1..])
            .copied()
            .collect();
        return from_numbers(ArrayD::from_shape_vec(IxDyn(&shape), out).expect("a value a place"));
    }
    let r: Vec<f64> = radices.iter().copied().collect();
    let len = digits.len_of(Axis(0));
    if len != r.len() && len != 1 {
        return err(
            ErrorKind::Length,
            format!("{} radices for {len} digits", r.len()),
        );
    }
    let mut acc = ArrayD::zeros(digits.raw_dim().remove_axis(Axis(0)));
    for (d, &radix) in r.iter().enumerate() {
        let plane = digits.index_axis(Axis(0), if len == 1 { 0 } else { d });
        acc = &acc * radix + &plane;
    }
    from_numbers(acc)
}
