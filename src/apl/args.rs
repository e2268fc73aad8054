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
    check_count(n as u64)
}

/// Checks a count of elements, reckoned in `u64` from what APL gave (so that a count of 2³²
/// or more is itself on a 32-bit build, the page's, not cut to its low bits), against the
/// cap: `WS FULL` past it, naming the count.
pub(crate) fn check_count(n: u64) -> Result<(), AplError> {
    if n > super::MAX_ELEMENTS as u64 {
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

/// The longest axis an array may have, empty or not, in every build: `2³¹−1`, the most a
/// 32-bit build (the page's WebAssembly) can hold along an axis, so the page and the native
/// binary give one answer (`⍴4294967296 0⍴0` is the same `WS FULL` in both).
pub(crate) const MAX_AXIS: u64 = i32::MAX as u64;

/// A length APL gave (whole, not negative: an axis of a shape, a count) as this build's
/// `usize`, checked in `u64` first: one past [`MAX_AXIS`] is `WS FULL`, naming it, never cut
/// to a `usize` of 32 bits.
pub(crate) fn length(n: u64) -> R<usize> {
    if n > MAX_AXIS {
        return err(
            ErrorKind::WsFull,
            format!("an axis of length {n} is longer than the {MAX_AXIS} an axis may be"),
        );
    }
    Ok(n as usize)
}

/// How many items an array of these lengths holds, reckoned in `u64` (past `u64::MAX`: that
/// maximum; any length 0: 0), for [`check_count`].
pub(crate) fn items_of(lengths: impl IntoIterator<Item = u64>) -> u64 {
    let mut product = 1u64;
    let mut zero = false;
    for n in lengths {
        zero |= n == 0;
        product = product.saturating_mul(n);
    }
    if zero { 0 } else { product }
}

/// Position `i` (origin 0) along an axis of `len`, if it is on it: compared in `i64`, so
/// an index of 2³² or more is off an axis in every build, not cut to a small one.
pub(crate) fn on_axis(i: i64, len: usize) -> Option<usize> {
    (i >= 0 && (i as u64) < len as u64).then_some(i as usize)
}

/// A rotation by `n` along an axis of `len`, brought within it (`0 ≤ r < len`) in `i64`
/// first: `4294967297⌽1 2 3` is `2⌽1 2 3` in every build.
pub(crate) fn rotation(n: i64, len: usize) -> isize {
    match len {
        0 => 0,
        _ => (i128::from(n).rem_euclid(len as i128)) as isize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_lengths_past_two_to_the_32_are_judged_whole_not_by_their_low_bits() {
        let e = check_count(10_000_000_000).unwrap_err();
        assert!(e.detail.contains("10000000000 elements"), "{e:?}");
        assert!(check_count(1 << 32).is_err());
        assert!(check_count((1 << 32) + 1).is_err());
        assert!(check_count(super::super::MAX_ELEMENTS as u64).is_ok());
        let e = length(1 << 32).unwrap_err();
        assert_eq!(e.kind, ErrorKind::WsFull);
        assert!(e.detail.contains("4294967296"), "{e:?}");
        assert!(length((1 << 31) - 1).is_ok() && length(1 << 31).is_err());
        assert_eq!(length(3).unwrap(), 3);
        assert_eq!(items_of([65536, 65537]), 4_295_032_832);
        assert_eq!(items_of([1 << 32, 0]), 0);
        assert_eq!(items_of([u64::MAX, 2]), u64::MAX);
        assert_eq!(items_of([u64::MAX, 2, 0]), 0);
        assert_eq!(on_axis((1 << 32) + 1, 3), None);
        assert_eq!(on_axis(-1, 3), None);
        assert_eq!(on_axis(2, 3), Some(2));
        assert_eq!(rotation(4_294_967_297, 3), 2);
        assert_eq!(rotation(4_294_967_296, 3), 1);
        assert_eq!(rotation(-1, 3), 2);
        assert_eq!(rotation(i64::MIN, 3), 1);
    }
}
