//! The APL primitives the paper builds every representation from, over `ndarray`, each named
//! as APL names it and documented with its glyph. The seven representations (`crate::rep`)
//! are written with these, and the evaluator calls the same functions on
//! the arrays a user types, so a line such as `10⊥((3⍴10)⊤2 1 3⍉⊖[1]⍵)[2 1 3;;;]` runs the
//! same code whether the numeric representation makes X or a user types it.
//!
//! Axes are 1-based where APL's are (`⌽[k]`, the left argument of `⍉`), as the paper writes
//! them (`⎕IO←1`); elsewhere they are `ndarray::Axis`.

use ndarray::{
    Array, Array2, ArrayBase, ArrayView, ArrayView2, Axis, Dimension, RawData, RemoveAxis, Slice, s,
};

/// `⌽[k]⍵` (and `⊖⍵` for `k = 1`, `⌽⍵` for the last axis): reverse along axis `k`, 1-based.
/// Of a view or an owned array alike; nothing is copied.
pub fn reverse<S: RawData, D: Dimension>(mut omega: ArrayBase<S, D>, k: usize) -> ArrayBase<S, D> {
    omega.invert_axis(Axis(k - 1));
    omega
}

/// ndarray's `permuted_axes` argument for APL's dyadic transpose `L⍉⍵` (`L` 1-based and a
/// permutation): APL sends axis `i` of `⍵` to axis `L[i]` of the result, ndarray takes for
/// each result axis the source axis.
///
/// ```
/// assert_eq!(cubework::apl::prim::transpose_axes(&[2, 3, 1]), vec![2, 0, 1]);
/// ```
pub fn transpose_axes(l: &[usize]) -> Vec<usize> {
    let mut axes = vec![0; l.len()];
    for (i, &to) in l.iter().enumerate() {
        axes[to - 1] = i;
    }
    axes
}

/// `L⍉⍵`, dyadic transpose, `L` 1-based and a permutation of the axes. Of a view or an
/// owned array alike; nothing is copied.
pub fn transpose<S: RawData, D: Dimension>(l: &[usize], omega: ArrayBase<S, D>) -> ArrayBase<S, D> {
    let mut axes = D::zeros(omega.ndim());
    for (to, from) in transpose_axes(l).into_iter().enumerate() {
        axes[to] = from;
    }
    omega.permuted_axes(axes)
}

/// `⌽⍉⍵`: a matrix turned a quarter clockwise.
pub fn rot_cw<T: Clone>(m: ArrayView2<T>) -> Array2<T> {
    m.reversed_axes().slice(s![.., ..;-1]).to_owned()
}

/// `⊖⍉⍵`: a matrix turned a quarter counter-clockwise.
pub fn rot_ccw<T: Clone>(m: ArrayView2<T>) -> Array2<T> {
    m.reversed_axes().slice(s![..;-1, ..]).to_owned()
}

/// `⊖⌽⍵`: a matrix turned half-way round.
pub fn rot_half<T: Clone>(m: ArrayView2<T>) -> Array2<T> {
    m.slice(s![..;-1, ..;-1]).to_owned()
}

/// `A⌽[k]⍵`, rotate along axis `k` (1-based): each vector along the axis rotated left by the
/// element of `by` at its position (`by` has `⍵`'s shape without axis `k`, as in the
/// composite's `3 3 0 0 0⌽⍵`); cell `j` gets what cell `j + by` held, modulo the length.
pub fn rotate<T: Clone, D: RemoveAxis>(
    by: ArrayView<isize, D::Smaller>,
    omega: ArrayView<T, D>,
    k: usize,
) -> Array<T, D> {
    let axis = Axis(k - 1);
    let len = omega.len_of(axis) as isize;
    let mut out = omega.to_owned();
    if len == 0 {
        return out;
    }
    for (mut lane, (src, &n)) in out
        .lanes_mut(axis)
        .into_iter()
        .zip(omega.lanes(axis).into_iter().zip(by.iter()))
    {
        for (j, cell) in lane.iter_mut().enumerate() {
            *cell = src[(j as isize + n).rem_euclid(len) as usize].clone();
        }
    }
    out
}

/// `A,[k]B`, catenate along axis `k` (1-based): the arrays joined end to end along it.
/// `None` where their other axes differ (APL's LENGTH ERROR).
pub fn catenate<T: Clone, D: RemoveAxis>(
    k: usize,
    arrays: &[ArrayView<T, D>],
) -> Option<Array<T, D>> {
    match catenate_contiguous(k - 1, arrays) {
        Some(joined) => joined,
        None => ndarray::concatenate(Axis(k - 1), arrays).ok(),
    }
}

/// [`catenate`] of arrays each in row-major order, as runs of memory copied one after the
/// other (no index arithmetic per item): `None` for arrays not so laid out, which ndarray
/// joins; `Some(None)` where the shapes do not fit.
fn catenate_contiguous<T: Clone, D: Dimension>(
    axis: usize,
    arrays: &[ArrayView<T, D>],
) -> Option<Option<Array<T, D>>> {
    let first = arrays.first()?;
    let shape = first.shape();
    if axis >= shape.len() {
        return None;
    }
    let slices: Vec<&[T]> = arrays.iter().map(|a| a.as_slice()).collect::<Option<_>>()?;
    let mut len = 0;
    for a in arrays {
        let s = a.shape();
        let fits = s.len() == shape.len() && (0..s.len()).all(|i| i == axis || s[i] == shape[i]);
        if !fits {
            return Some(None);
        }
        len += s[axis];
    }
    let outer: usize = shape[..axis].iter().product();
    let inner: usize = shape[axis + 1..].iter().product();
    let mut items = Vec::with_capacity(outer * len * inner);
    for o in 0..outer {
        for (a, s) in arrays.iter().zip(&slices) {
            let run = a.shape()[axis] * inner;
            items.extend_from_slice(&s[o * run..(o + 1) * run]);
        }
    }
    let mut dim = first.raw_dim();
    dim[axis] = len;
    Some(Array::from_shape_vec(dim, items).ok())
}

/// `A;B;…;[.5]F` in the paper's local section (in APL2 `↑A B … F`): arrays of one shape
/// laminated along a new first axis. `None` where their shapes differ.
pub fn laminate<T: Clone, D: Dimension>(arrays: &[ArrayView<T, D>]) -> Option<Array<T, D::Larger>> {
    ndarray::stack(Axis(0), arrays).ok()
}

/// `n↑[k]⍵` for `0 ≤ n ≤` the axis's length: the first `n` cells along axis `k` (1-based);
/// `(-n)↑[k]⍵` the last `n` (`from_end`). A view.
pub fn take<T, D: Dimension>(
    omega: ArrayView<'_, T, D>,
    k: usize,
    n: usize,
    from_end: bool,
) -> ArrayView<'_, T, D> {
    let len = omega.len_of(Axis(k - 1));
    let n = n.min(len);
    let range = if from_end { len - n..len } else { 0..n };
    omega.slice_axis_move(Axis(k - 1), Slice::from(range))
}

/// `n↓[k]⍵`: all but the first `n` cells along axis `k` (1-based), or the last `n`
/// (`from_end`). A view.
pub fn drop<T, D: Dimension>(
    omega: ArrayView<'_, T, D>,
    k: usize,
    n: usize,
    from_end: bool,
) -> ArrayView<'_, T, D> {
    let len = omega.len_of(Axis(k - 1));
    take(omega, k, len - n.min(len), !from_end)
}

/// `B/[k]⍵` (compress): the cells along axis `k` (1-based) where `keep` is true.
pub fn compress<T: Clone, D: RemoveAxis>(
    keep: &[bool],
    omega: ArrayView<T, D>,
    k: usize,
) -> Array<T, D> {
    let picked: Vec<usize> = (0..keep.len()).filter(|&i| keep[i]).collect();
    omega.select(Axis(k - 1), &picked)
}

/// `B\[k]⍵` (expand): a cell of `fill` along axis `k` (1-based) where `spread` is false, the
/// next cell of `⍵` where it is true (as many trues as `⍵` has cells there). `None` where
/// they do not match (APL's LENGTH ERROR).
pub fn expand<T: Clone, D: RemoveAxis>(
    spread: &[bool],
    omega: ArrayView<T, D>,
    k: usize,
    fill: T,
) -> Option<Array<T, D>> {
    let axis = Axis(k - 1);
    if spread.iter().filter(|&&b| b).count() != omega.len_of(axis) {
        return None;
    }
    let mut shape = omega.raw_dim();
    shape[k - 1] = spread.len();
    let mut out = Array::from_elem(shape, fill);
    let mut next = 0;
    for (i, &b) in spread.iter().enumerate() {
        if b {
            out.index_axis_mut(axis, i)
                .assign(&omega.index_axis(axis, next));
            next += 1;
        }
    }
    Some(out)
}

/// The numbers `⊤` and `⊥` work on: the representations' unsigned cells and the
/// evaluator's floats.
pub trait Radix: Copy {
    /// The digit of `self` in the place worth `place` in base `radix`: `radix|⌊self÷place`.
    fn digit(self, place: Self, radix: Self) -> Self;
    /// One step of Horner's rule: `acc×radix + d`.
    fn horner(acc: Self, radix: Self, d: Self) -> Self;
    /// `radix*k`.
    fn power(radix: Self, k: usize) -> Self;
    /// Zero, what `⊥` of no digits is.
    const ZERO: Self;
}

macro_rules! radix_int {
    ($($t:ty),*) => {$(
        impl Radix for $t {
            fn digit(self, place: $t, radix: $t) -> $t {
                self / place % radix
            }
            fn horner(acc: $t, radix: $t, d: $t) -> $t {
                acc.wrapping_mul(radix).wrapping_add(d)
            }
            fn power(radix: $t, k: usize) -> $t {
                (0..k).fold(1, |p: $t, _| p.wrapping_mul(radix))
            }
            const ZERO: $t = 0;
        }
    )*};
}
radix_int!(u16, u32, u64);

impl Radix for f64 {
    fn digit(self, place: f64, radix: f64) -> f64 {
        let q = (self / place).floor();
        if radix == 0.0 {
            q
        } else {
            q - radix * (q / radix).floor()
        }
    }
    fn horner(acc: f64, radix: f64, d: f64) -> f64 {
        acc * radix + d
    }
    fn power(radix: f64, k: usize) -> f64 {
        radix.powi(k as i32)
    }
    const ZERO: f64 = 0.0;
}

/// `(places⍴radix)⊤⍵`, encode: each element written in `places` digits, most significant
/// first, along a new first axis.
pub fn encode<T: Radix, D: Dimension>(
    radix: T,
    places: usize,
    omega: ArrayView<T, D>,
) -> Array<T, D::Larger> {
    // The planes of digits, most significant first, one after the other in memory.
    let values: Vec<T> = omega.iter().copied().collect();
    let mut digits = Vec::with_capacity(places * values.len());
    for d in 0..places {
        let place = T::power(radix, places - 1 - d);
        digits.extend(values.iter().map(|&v| v.digit(place, radix)));
    }
    let mut dim = omega.raw_dim().insert_axis(Axis(0));
    dim[0] = places;
    Array::from_shape_vec(dim, digits).expect("a digit a place")
}

/// `radix⊥⍵`, decode along the first axis: the digits down it read as one number each.
pub fn decode<T: Radix, D: RemoveAxis>(radix: T, digits: ArrayView<T, D>) -> Array<T, D::Smaller> {
    let rest = digits.raw_dim().remove_axis(Axis(0));
    // Digits in row-major order: each plane a run of memory, read in turn.
    if let Some(all) = digits.as_slice()
        && rest.size() > 0
    {
        let mut acc = vec![T::ZERO; rest.size()];
        for plane in all.chunks_exact(acc.len()) {
            for (a, &d) in acc.iter_mut().zip(plane) {
                *a = T::horner(*a, radix, d);
            }
        }
        return Array::from_shape_vec(rest, acc).expect("a number a place");
    }
    let mut acc = Array::from_elem(rest, T::ZERO);
    for plane in digits.axis_iter(Axis(0)) {
        ndarray::Zip::from(&mut acc)
            .and(&plane)
            .for_each(|a, &d| *a = T::horner(*a, radix, d));
    }
    acc
}

/// The paper's quarter-turn idiom `(X⍵[;;,1]),[3] ⍵[;;,2],[3] ⍵[;;,3]` (or its footnote's
/// `R: ⍵[;;,1 2],X⍵[;;,3]`): `⍵` cut along `axis` before and after the block of layers
/// `layers` (take and drop), `f` applied to the block, and the pieces catenated back.
pub fn on_layers<T: Clone, D: RemoveAxis>(
    omega: ArrayView<T, D>,
    axis: Axis,
    layers: std::ops::RangeInclusive<usize>,
    f: impl Fn(ArrayView<T, D>) -> Array<T, D>,
) -> Array<T, D> {
    let (first, end) = (*layers.start(), *layers.end() + 1);
    let cut = |range: std::ops::Range<usize>| omega.slice_axis(axis, Slice::from(range));
    let pieces: Vec<Array<T, D>> = [
        (0..first, false),
        (first..end, true),
        (end..omega.len_of(axis), false),
    ]
    .into_iter()
    .filter(|(range, _)| !range.is_empty())
    .map(|(range, turned)| {
        if turned {
            f(cut(range))
        } else {
            cut(range).to_owned()
        }
    })
    .collect();
    let views: Vec<ArrayView<T, D>> = pieces.iter().map(|l| l.view()).collect();
    catenate(axis.index() + 1, &views).expect("layers cut from one array fit back together")
}

/// `⍵[to]←⍵[from]`, indexed assignment of a vector from itself, indices 1-based as the
/// paper's; all of `from` is read before anything is written.
pub fn assign_from<T: Copy, I: Copy + Into<usize>>(
    omega: &mut ndarray::Array1<T>,
    to: &[I],
    from: &[I],
) {
    let picked: Vec<T> = from.iter().map(|&i| omega[i.into() - 1]).collect();
    for (&t, v) in to.iter().zip(picked) {
        omega[t.into() - 1] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array1, Array3, array};

    #[test]
    fn dyadic_transpose_sends_axis_i_to_axis_l_i() {
        assert_eq!(transpose_axes(&[2, 1, 3]), vec![1, 0, 2]);
        assert_eq!(transpose_axes(&[3, 2, 1, 4]), vec![2, 1, 0, 3]);
        let a = Array3::from_shape_fn((2, 3, 4), |(i, j, k)| 100 * i + 10 * j + k);
        let t = transpose(&[2, 3, 1], a.view());
        assert_eq!(t.shape(), &[4, 2, 3]);
        assert_eq!(t[[3, 1, 2]], 123);
    }

    #[test]
    fn encode_then_decode_is_the_identity_and_digits_are_the_papers() {
        let a = array![[135u16, 0], [246, 7]];
        let d = encode(10, 3, a.view());
        assert_eq!(d.shape(), &[3, 2, 2]);
        assert_eq!(d.slice(s![.., 0, 0]).to_vec(), vec![1, 3, 5]);
        assert_eq!(decode(10, d.view()), a);
        let f = array![1234.0f64, 5.0];
        assert_eq!(decode(10.0, encode(10.0, 4, f.view()).view()), f);
    }

    #[test]
    fn rotate_take_drop_expand_and_compress_agree_with_apl() {
        let m = array![[1, 2, 3], [4, 5, 6]];
        assert_eq!(
            rotate(array![1isize, -1].view(), m.view(), 2),
            array![[2, 3, 1], [6, 4, 5]]
        );
        assert_eq!(take(m.view(), 2, 2, true), array![[2, 3], [5, 6]]);
        assert_eq!(drop(m.view(), 1, 1, false), array![[4, 5, 6]]);
        let v = Array1::from(vec![1, 2]);
        let e = expand(&[true, false, true], v.view(), 1, 0).unwrap();
        assert_eq!(e.to_vec(), vec![1, 0, 2]);
        assert_eq!(
            compress(&[true, false, true], e.view(), 1).to_vec(),
            vec![1, 2]
        );
        assert!(expand(&[true], v.view(), 1, 0).is_none());
        assert_eq!(rot_cw(m.view()), array![[4, 1], [5, 2], [6, 3]]);
        assert_eq!(rot_ccw(rot_cw(m.view()).view()), m);
    }
}
