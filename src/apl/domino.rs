//! `⌹`, matrix inverse and matrix divide, as Dyalog and APL2 define them: by a QR
//! factorisation (Householder), so that a matrix of more rows than columns gives the least
//! squares solution. A singular matrix (or one of more columns than rows) is a DOMAIN ERROR;
//! the results are real, as every number here is.

use super::args::check_size;
use super::error::{AplError, ErrorKind, err};
use super::value::{Elem, Value};

type R<T> = Result<T, AplError>;

/// A matrix of numbers, row-major.
struct Matrix {
    rows: usize,
    cols: usize,
    at: Vec<f64>,
}

/// `⍵` as a matrix: a scalar 1×1, a vector one column.
fn matrix(v: &Value, what: &str) -> R<Matrix> {
    let (rows, cols) = match v.shape() {
        [] => (1, 1),
        [n] => (*n, 1),
        [r, c] => (*r, *c),
        _ => return err(ErrorKind::Rank, format!("{what} of ⌹ is of rank 3 or more")),
    };
    let mut at = Vec::with_capacity(rows * cols);
    for e in v.row_major().iter() {
        match e {
            Elem::Num(n) => at.push(*n),
            _ => return err(ErrorKind::Domain, format!("{what} of ⌹ is not numbers")),
        }
    }
    Ok(Matrix { rows, cols, at })
}

/// The QR factorisation of `a` (rows ≥ columns) applied to `b`: the `x` (columns of `a` by
/// columns of `b`) that makes `a+.×x` nearest `b`.
fn least_squares(mut a: Matrix, mut b: Matrix) -> R<Vec<f64>> {
    let (m, n, k) = (a.rows, a.cols, b.cols);
    if m < n {
        return err(
            ErrorKind::Domain,
            format!("⌹ of a matrix of fewer rows ({m}) than columns ({n})"),
        );
    }
    super::work::items(m.saturating_mul(n).saturating_mul(n + k))?;
    let mut diagonal = vec![0.0; n];
    for j in 0..n {
        // The Householder reflection that zeroes column j below the diagonal.
        let norm = (j..m).map(|i| a.at[i * n + j].powi(2)).sum::<f64>().sqrt();
        if norm == 0.0 {
            return err(ErrorKind::Domain, "⌹ of a singular matrix");
        }
        let alpha = if a.at[j * n + j] > 0.0 { -norm } else { norm };
        let mut v: Vec<f64> = (j..m).map(|i| a.at[i * n + j]).collect();
        v[0] -= alpha;
        let vv: f64 = v.iter().map(|x| x * x).sum();
        diagonal[j] = alpha;
        if vv == 0.0 {
            continue;
        }
        let reflect = |at: &mut [f64], width: usize, col: usize| {
            let dot: f64 = (j..m).map(|i| v[i - j] * at[i * width + col]).sum();
            let f = 2.0 * dot / vv;
            for i in j..m {
                at[i * width + col] -= f * v[i - j];
            }
        };
        for col in j..n {
            reflect(&mut a.at, n, col);
        }
        for col in 0..k {
            reflect(&mut b.at, k, col);
        }
    }
    // Singular, to the precision of the numbers: a pivot tiny beside the largest.
    let largest = diagonal.iter().fold(0.0f64, |m, d| m.max(d.abs()));
    if diagonal.iter().any(|d| d.abs() <= largest * 1e-13) {
        return err(ErrorKind::Domain, "⌹ of a singular matrix");
    }
    // Back substitution: R x = (Qᵀ b)[⍳n].
    let mut x = vec![0.0; n * k];
    for col in 0..k {
        for i in (0..n).rev() {
            let s: f64 = (i + 1..n).map(|l| a.at[i * n + l] * x[l * k + col]).sum();
            x[i * k + col] = (b.at[i * k + col] - s) / a.at[i * n + i];
        }
    }
    if x.iter().any(|v| !v.is_finite()) {
        return err(ErrorKind::Domain, "⌹ of a singular matrix");
    }
    Ok(x)
}

/// `⌹⍵`: the inverse of a square matrix, the least-squares left inverse of one of more rows
/// than columns; of shape `⌽⍴⍵`.
pub(super) fn inverse(w: &Value) -> R<Value> {
    let a = matrix(w, "the argument")?;
    let m = a.rows;
    check_size(m.saturating_mul(a.cols))?;
    let mut identity = vec![0.0; m * m];
    for i in 0..m {
        identity[i * m + i] = 1.0;
    }
    let b = Matrix {
        rows: m,
        cols: m,
        at: identity,
    };
    let x = least_squares(a, b)?;
    let shape: Vec<usize> = w.shape().iter().rev().copied().collect();
    Ok(Value::from_shape(
        &shape,
        x.into_iter().map(Elem::Num).collect(),
    ))
}

/// `⍺⌹⍵`: the `X` for which `⍵+.×X` is `⍺` (least squares when `⍵` has more rows than
/// columns); of shape `(1↓⍴⍵),1↓⍴⍺`.
pub(super) fn solve(a: &Value, w: &Value) -> R<Value> {
    let b = matrix(a, "the left argument")?;
    let m = matrix(w, "the right argument")?;
    if w.rank() == 0 {
        // A scalar divides.
        let d = m.at[0];
        if d == 0.0 {
            return err(ErrorKind::Domain, "⌹ of a singular matrix (0)");
        }
        return Ok(Value::from_shape(
            a.shape(),
            b.at.iter().map(|x| Elem::Num(x / d)).collect(),
        ));
    }
    if b.rows != m.rows {
        return err(
            ErrorKind::Length,
            format!(
                "⍺⌹⍵ of {} rows on the left and {} on the right",
                b.rows, m.rows
            ),
        );
    }
    check_size(m.cols.saturating_mul(b.cols))?;
    let x = least_squares(m, b)?;
    let shape: Vec<usize> = w.shape()[1..]
        .iter()
        .chain(a.shape().get(1..).unwrap_or(&[]))
        .copied()
        .collect();
    Ok(Value::from_shape(
        &shape,
        x.into_iter().map(Elem::Num).collect(),
    ))
}
