//! The primitive functions on APL values. The structural ones — `⌽ ⊖ ⍉ , ↑ ↓ / \ ⊤ ⊥` —
//! call the same [`super::prim`] functions the representations are written with.

use std::sync::Arc;

use ndarray::{ArrayD, Axis, Dimension, IxDyn, RemoveAxis};

use super::args::{axis_or, boolean, extend, no_axis, number, whole_vector};
use super::error::{AplError, ErrorKind, err};
use super::origin;
use super::parse::check_size;
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

/// The identity of a scalar function, for reducing an empty axis.
pub(crate) fn identity(c: char) -> R<f64> {
    Ok(match c {
        '+' | '-' | '|' | '∨' | '≠' | '<' | '>' => 0.0,
        // `*` and `!` as APL2: 1 is `*`'s right identity and `!`'s left one.
        '×' | '÷' | '∧' | '=' | '≤' | '≥' | '*' | '!' => 1.0,
        '⌈' => f64::MIN,
        '⌊' => f64::MAX,
        _ => {
            return err(
                ErrorKind::Domain,
                format!("{c} has no identity to reduce an empty axis with"),
            );
        }
    })
}

/// The scalar functions: `+-×÷|⌈⌊=≠<≤>≥∧∨~*⍟!○`.
fn is_scalar(c: char) -> bool {
    matches!(
        c,
        '+' | '-'
            | '×'
            | '÷'
            | '|'
            | '⌈'
            | '⌊'
            | '='
            | '≠'
            | '<'
            | '≤'
            | '>'
            | '≥'
            | '∧'
            | '∨'
            | '~'
            | '*'
            | '⍟'
            | '!'
            | '○'
    )
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

fn scalar1(c: char, e: &Elem) -> R<Elem> {
    if let Elem::Boxed(v) = e {
        return Ok(Elem::Boxed(Arc::new(map1(c, v)?)));
    }
    let n = number(e)?;
    let x = match c {
        '+' => n,
        '-' => -n,
        '×' => n.signum() * (n != 0.0) as i32 as f64,
        '÷' if n == 0.0 => return err(ErrorKind::Domain, "÷0"),
        '÷' => 1.0 / n,
        '|' => n.abs(),
        '⌈' => n.ceil(),
        '⌊' => n.floor(),
        '~' => (!boolean(n)?) as i32 as f64,
        '*' => finite(n.exp(), "*")?,
        '⍟' => finite(n.ln(), "⍟")?,
        '!' => finite(factorial(n)?, "!")?,
        '○' => std::f64::consts::PI * n,
        _ => return err(ErrorKind::Syntax, format!("{c} needs a left argument")),
    };
    // No scalar function gives a number that is not real and finite (APL2, Dyalog).
    match x.is_finite() {
        true => Ok(Elem::Num(x)),
        false => finite(x, &format!("{c}{}", format_number(n))).map(Elem::Num),
    }
}

fn map1(c: char, v: &Value) -> R<Value> {
    let mut out = Vec::with_capacity(v.0.len());
    for e in v.0.iter() {
        out.push(scalar1(c, e)?);
    }
    Ok(Value(
        ArrayD::from_shape_vec(v.0.raw_dim(), out).expect("same shape"),
    ))
}

/// Whether `c` is a scalar function of two arguments (`~` of two is without, not one).
pub(crate) fn is_scalar_dyad(c: char) -> bool {
    is_scalar(c) && c != '~'
}

/// A scalar function of two simple scalars (or enclosed arrays, each item paired).
pub(crate) fn scalar_dyad(c: char, a: &Elem, b: &Elem) -> R<Elem> {
    scalar2(c, a, b)
}

fn scalar2(c: char, a: &Elem, b: &Elem) -> R<Elem> {
    match (a, b) {
        (Elem::Boxed(x), _) => return Ok(Elem::Boxed(Arc::new(map2(c, x, &item_value(b))?))),
        (_, Elem::Boxed(y)) => return Ok(Elem::Boxed(Arc::new(map2(c, &item_value(a), y)?))),
        _ => {}
    }
    let truth = |t: bool| Ok(Elem::Num(t as i32 as f64));
    if let (Elem::Char(_), _) | (_, Elem::Char(_)) = (a, b) {
        return match c {
            '=' => truth(a == b),
            '≠' => truth(a != b),
            _ => err(ErrorKind::Domain, format!("{c} of a character")),
        };
    }
    let (x, y) = (number(a)?, number(b)?);
    let v = match c {
        '+' => x + y,
        '-' => x - y,
        '×' => x * y,
        '÷' if y == 0.0 && x == 0.0 => 1.0,
        '÷' if y == 0.0 => return err(ErrorKind::Domain, "÷0"),
        '÷' => x / y,
        '|' if x == 0.0 => y,
        '|' => y - x * (y / x).floor(),
        '⌈' => x.max(y),
        '⌊' => x.min(y),
        '=' => return truth(x == y),
        '≠' => return truth(x != y),
        '<' => return truth(x < y),
        '≤' => return truth(x <= y),
        '>' => return truth(x > y),
        '≥' => return truth(x >= y),
        '∧' => return truth(boolean(x)? && boolean(y)?),
        '∨' => return truth(boolean(x)? || boolean(y)?),
        '*' => finite(x.powf(y), "*")?,
        '⍟' => finite(y.ln() / x.ln(), "⍟")?,
        '!' => {
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
        '○' => circle(x, y)?,
        _ => return err(ErrorKind::Syntax, format!("{c} takes one argument")),
    };
    // No scalar function gives a number that is not real and finite: `¯2○2`, `0○2` and
    // `1e308×10` are DOMAIN ERRORs, as `⍟¯1` is (APL2, Dyalog).
    match v.is_finite() {
        true => Ok(Elem::Num(v)),
        false => finite(v, &format!("{}{c}{}", format_number(x), format_number(y))).map(Elem::Num),
    }
}

fn map2(c: char, a: &Value, b: &Value) -> R<Value> {
    let (a, b) = extend(a, b)?;
    let mut out = Vec::with_capacity(a.0.len());
    // Scalar extension pairs one enclosed array with many items, each made anew: the atoms
    // made are counted as they are, so `(1e3⍴0)+⊂⍳1e6` is refused before it fills memory.
    let mut atoms = 0usize;
    for (x, y) in a.0.iter().zip(b.0.iter()) {
        let e = scalar2(c, x, y)?;
        atoms += match &e {
            Elem::Boxed(v) => v.atoms_within(super::MAX_ATOMS - atoms).ok_or_else(|| {
                AplError::new(
                    ErrorKind::WsFull,
                    format!(
                        "an array of more than the {} atoms allowed, nested ones counted",
                        super::MAX_ATOMS
                    ),
                )
            })?,
            _ => 1,
        };
        if atoms > super::MAX_ATOMS {
            return err(
                ErrorKind::WsFull,
                format!(
                    "an array of more than the {} atoms allowed, nested ones counted",
                    super::MAX_ATOMS
                ),
            );
        }
        out.push(e);
    }
    Ok(Value(
        ArrayD::from_shape_vec(a.0.raw_dim(), out).expect("same shape"),
    ))
}

fn enclose(v: Value) -> R<Value> {
    if v.rank() == 0 && v.is_simple() {
        return Ok(v);
    }
    if v.depth() >= MAX_NESTED {
        return err(
            ErrorKind::Domain,
            format!("more than {MAX_NESTED} levels of enclosure"),
        );
    }
    Ok(Value::scalar(Elem::Boxed(Arc::new(v))))
}

/// A monadic primitive.
pub(crate) fn monad(c: char, axis: Option<f64>, w: Value) -> R<Value> {
    if let Some(out) = super::search::monad(c, &w) {
        no_axis(axis, c)?;
        return out;
    }
    let last = w.rank().saturating_sub(1);
    match c {
        c if is_scalar(c) => {
            no_axis(axis, c)?;
            map1(c, &w)
        }
        '⌽' | '⊖' => {
            if w.rank() == 0 {
                return Ok(w);
            }
            let k = axis_or(axis, w.rank(), if c == '⌽' { last } else { 0 })?;
            Ok(Value(prim::reverse(w.0, k + 1)))
        }
        '⍉' => {
            no_axis(axis, c)?;
            Ok(Value(w.0.reversed_axes()))
        }
        '⌷' => {
            no_axis(axis, c)?;
            Ok(w)
        }
        '⍴' => Ok(Value::vector(
            w.shape().iter().map(|&n| Elem::Num(n as f64)).collect(),
        )),
        '⍳' => {
            let n = whole_vector(&w, "the argument of ⍳")?;
            let [n] = n.as_slice() else {
                return err(ErrorKind::Length, "⍳ takes one number");
            };
            if *n < 0 {
                return err(ErrorKind::Domain, "⍳ of a negative number");
            }
            check_size(*n as usize)?;
            let io = origin() as i64;
            Ok(Value::vector(
                (io..*n + io).map(|i| Elem::Num(i as f64)).collect(),
            ))
        }
        ',' => {
            no_axis(axis, c)?;
            Ok(Value::vector(w.into_items()))
        }
        '⊂' => enclose(w),
        '⊃' => Ok(item_value(&w.first())),
        '≡' => Ok(Value::num(w.depth() as f64)),
        '↑' => mix(w),
        '↓' => {
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
        _ => err(ErrorKind::Syntax, format!("{c} needs a left argument")),
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

/// A dyadic primitive.
pub(crate) fn dyad(c: char, axis: Option<f64>, a: Value, w: Value) -> R<Value> {
    if let Some(out) = super::search::dyad(c, &a, &w) {
        no_axis(axis, c)?;
        return out;
    }
    match c {
        c if is_scalar(c) && c != '~' => {
            no_axis(axis, c)?;
            map2(c, &a, &w)
        }
        '⌷' => {
            no_axis(axis, c)?;
            structure::squad(&a, &w)
        }
        '⍉' => structure::transpose(axis, a, w),
        '⌽' | '⊖' => structure::rotate(c, axis, a, w),
        '⍴' => structure::reshape(axis, a, w),
        '⍳' => super::search::index_of(&a, &w),
        ',' => structure::catenate(axis, a, w),
        '⊤' => encode(a, w),
        '⊥' => decode(a, w),
        '↑' | '↓' => structure::take_drop(c == '↑', axis, a, w),
        '/' | '⌿' => structure::replicate(c, axis, a, w),
        '\\' | '⍀' => structure::expand(c, axis, a, w),
        '⊃' => structure::pick(a, w),
        '≡' => Ok(Value::num((a == w) as i32 as f64)),
        '⊂' => structure::partition(axis, a, w),
        _ => err(ErrorKind::Syntax, format!("{c} takes one argument")),
    }
}

/// `⍺⊤⍵`: a vector of radices writes each element in that many digits along a new first axis
/// (one radix repeated: [`prim::encode`]); a scalar radix gives the last digit.
fn encode(a: Value, w: Value) -> R<Value> {
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
