//! What a primitive reads from its arguments: a number, a boolean, a whole number or a
//! vector of them, an axis (counted from `⎕IO`), and two arguments brought to one shape.
//! The functions of one and two arguments ([`super::func`], [`super::structure`]) and the
//! operators read their arguments through these; here too is the check of every array made
//! against the workspace's limit of atoms.

use ndarray::{ArrayD, Axis, IxDyn, RemoveAxis};

use super::error::{AplError, ErrorKind, err};
use super::value::{Elem, Value, format_number};
use super::{MAX_ATOMS, origin};

type R<T> = Result<T, AplError>;

#[inline]
pub(super) fn number(e: &Elem) -> R<f64> {
    match e {
        Elem::Num(n) => Ok(*n),
        _ => err(ErrorKind::Domain, "a number was expected"),
    }
}

#[inline]
pub(super) fn whole(n: f64, what: &str) -> R<i64> {
    if n.fract() != 0.0 || n.abs() > 9.0e15 {
        return err(
            ErrorKind::Domain,
            format!("{what} is a whole number, not {}", format_number(n)),
        );
    }
    Ok(n as i64)
}

/// A simple scalar or vector of whole numbers.
pub(super) fn whole_vector(v: &Value, what: &str) -> R<Vec<i64>> {
    if v.rank() > 1 {
        return err(ErrorKind::Rank, format!("{what} is a vector"));
    }
    v.0.iter().map(|e| whole(number(e)?, what)).collect()
}

/// An axis number (counted from `⎕IO`), checked against the rank; 0-based.
#[inline]
pub(crate) fn whole_axis(k: f64, rank: usize) -> R<usize> {
    let k0 = k - origin() as f64;
    if k.fract() != 0.0 || k0 < 0.0 || k0 >= rank as f64 {
        return err(
            ErrorKind::Axis,
            format!("axis {} of an array of rank {rank}", format_number(k)),
        );
    }
    Ok(k0 as usize)
}

#[inline]
pub(super) fn boolean(n: f64) -> R<bool> {
    if n == 0.0 || n == 1.0 {
        Ok(n == 1.0)
    } else {
        err(
            ErrorKind::Domain,
            format!("a boolean (0 or 1) was expected, not {}", format_number(n)),
        )
    }
}

#[inline]
pub(super) fn no_axis(axis: Option<f64>, p: super::defs::Prim) -> R<()> {
    match axis {
        Some(_) => err(ErrorKind::Axis, format!("{} takes no axis here", p.glyph())),
        None => Ok(()),
    }
}

/// The axis a function works along (0-based): the one given, else `default`.
#[inline]
pub(super) fn axis_or(axis: Option<f64>, rank: usize, default: usize) -> R<usize> {
    match axis {
        Some(k) => whole_axis(k, rank),
        None => Ok(default),
    }
}

/// The cells of `a` along every axis but `k`: its shape without axis `k`.
#[inline]
pub(super) fn cells_without(a: &ArrayD<impl Clone>, k: usize) -> IxDyn {
    a.raw_dim().remove_axis(Axis(k))
}

/// Both arguments of a dyadic scalar function brought to one shape: equal shapes, or a single
/// element extended to the other's.
pub(crate) fn extend(a: &Value, b: &Value) -> R<(Value, Value)> {
    if a.shape() == b.shape() {
        return Ok((a.clone(), b.clone()));
    }
    let spread = |one: &Value, to: &Value| Value(ArrayD::from_elem(to.0.raw_dim(), one.first()));
    // Two single elements: the result has the higher rank, whichever side it is on (APL2,
    // Dyalog: `⍴(,1)+1 1⍴1` is `1 1`, as `⍴(1 1⍴1)+,1` is).
    if a.0.len() == 1 && b.0.len() == 1 {
        return Ok(if a.rank() >= b.rank() {
            (a.clone(), spread(b, a))
        } else {
            (spread(a, b), b.clone())
        });
    }
    if a.0.len() == 1 {
        return Ok((spread(a, b), b.clone()));
    }
    if b.0.len() == 1 {
        return Ok((a.clone(), spread(b, a)));
    }
    if a.rank() != b.rank() {
        return err(
            ErrorKind::Rank,
            format!("shapes {:?} and {:?}", a.shape(), b.shape()),
        );
    }
    err(
        ErrorKind::Length,
        format!("shapes {:?} and {:?}", a.shape(), b.shape()),
    )
}
/// Refuses a value of more than [`MAX_ATOMS`] atoms, nested ones counted (`WS FULL`).
#[inline]
pub(crate) fn check_atoms(v: &Value) -> R<()> {
    match v.atoms_within(MAX_ATOMS) {
        Some(_) => Ok(()),
        None => too_many_atoms(),
    }
}

pub(super) fn too_many_atoms<T>() -> R<T> {
    err(
        ErrorKind::WsFull,
        format!("an array of more than the {MAX_ATOMS} atoms allowed, nested ones counted"),
    )
}

/// Checks a count of elements against the cap (`WS FULL` past it).
pub(crate) fn check_size(n: usize) -> Result<(), AplError> {
    if n > super::MAX_ELEMENTS {
        return err(
            ErrorKind::WsFull,
            format!(
                "an array of {n} elements is more than the {} allowed",
                super::MAX_ELEMENTS
            ),
        );
    }
    Ok(())
}
