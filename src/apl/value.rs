//! APL values: arrays (`ndarray::ArrayD`) of numbers, characters and enclosed arrays, and
//! how APL displays them.

use std::collections::HashMap;
use std::sync::Arc;

use ndarray::{ArrayD, IxDyn};

/// One element of an array: a number, a character, or an enclosed array (nested arrays).
#[derive(Clone, Debug, PartialEq)]
pub enum Elem {
    /// A number (APL's numbers are one type; integers are exact up to 2⁵³).
    Num(f64),
    /// A character.
    Char(char),
    /// An enclosed array, `⊂⍵`.
    Boxed(Arc<Value>),
}

/// An APL array of any rank; a scalar is rank 0.
///
/// An empty array has a prototype too (`''` is an empty array of characters, `⍬` of
/// numbers): [`Value::with_fill`] keeps it as the one element of the array's storage, past the
/// end of its (empty) view, where ndarray keeps it through a clone, a reshape and a move, and
/// [`Value::first`] reads it back. An array made new (an empty result built from its
/// elements) has none: its prototype is 0.
#[derive(Clone, Debug)]
pub struct Value(pub ArrayD<Elem>);

impl PartialEq for Value {
    /// APL's match `≡`: the same shape and elements, and for empty arrays the same prototype
    /// (`''≡⍬` is 0).
    fn eq(&self, other: &Value) -> bool {
        self.0 == other.0 && (!self.0.is_empty() || self.fill() == other.fill())
    }
}

impl Value {
    /// A scalar.
    pub fn scalar(e: Elem) -> Value {
        Value(ArrayD::from_elem(IxDyn(&[]), e))
    }

    /// A number scalar.
    pub fn num(n: f64) -> Value {
        Value::scalar(Elem::Num(n))
    }

    /// A vector of the elements.
    pub fn vector(items: Vec<Elem>) -> Value {
        Value(ndarray::Array1::from_vec(items).into_dyn())
    }

    /// A character vector; a letter and the bar over it (`F̄`) are one character
    /// ([`bar`]).
    ///
    /// ```
    /// use cubework::apl::Value;
    /// assert_eq!(Value::chars("F\u{304}D\u{305}F").shape(), [3]);
    /// assert_eq!(Value::chars("F\u{304}D\u{305}F").to_string(), "F\u{304}D\u{304}F");
    /// ```
    pub fn chars(s: &str) -> Value {
        let chars: Vec<char> = s.chars().collect();
        Value::vector(compose(&chars).into_iter().map(Elem::Char).collect())
            .with_fill(Elem::Char(' '))
    }

    /// This array, and if it is empty, with the prototype `fill` (a blank: an empty array of
    /// characters; 0: of numbers). A full array's prototype is its first element's.
    ///
    /// ```
    /// use cubework::apl::{Elem, Value};
    /// let empty = Value::vector(vec![]);
    /// assert_eq!(empty.clone().with_fill(Elem::Char(' ')).fill(), Elem::Char(' '));
    /// assert_eq!(empty.fill(), Elem::Num(0.0));
    /// assert_ne!(Value::chars(""), Value::vector(vec![]));
    /// ```
    pub fn with_fill(self, fill: Elem) -> Value {
        if !self.0.is_empty() {
            return self;
        }
        let shape = self.0.raw_dim();
        let kept = ndarray::Array1::from_vec(vec![fill]).slice_move(ndarray::s![0..0]);
        match kept.into_shape_with_order(shape) {
            Ok(a) => Value(a),
            Err(_) => self,
        }
    }

    /// An array of `shape` from its elements in row-major order.
    ///
    /// # Panics
    /// If their count is not the shape's size.
    pub fn from_shape(shape: &[usize], items: Vec<Elem>) -> Value {
        // The ranks of every representation's state are made through ndarray's fixed
        // dimensions, whose strides are worked out unrolled (far cheaper than `IxDyn`'s).
        const AGREE: &str = "shape and elements agree";
        Value(match *shape {
            [n] => {
                assert_eq!(n, items.len(), "{AGREE}");
                ndarray::Array1::from_vec(items).into_dyn()
            }
            [a, b] => ndarray::Array2::from_shape_vec((a, b), items)
                .expect(AGREE)
                .into_dyn(),
            [a, b, c] => ndarray::Array3::from_shape_vec((a, b, c), items)
                .expect(AGREE)
                .into_dyn(),
            [a, b, c, d] => ndarray::Array4::from_shape_vec((a, b, c, d), items)
                .expect(AGREE)
                .into_dyn(),
            _ => ArrayD::from_shape_vec(IxDyn(shape), items).expect(AGREE),
        })
    }

    /// Its shape.
    pub fn shape(&self) -> &[usize] {
        self.0.shape()
    }

    /// Its rank.
    pub fn rank(&self) -> usize {
        self.0.ndim()
    }

    /// Its elements in row-major order.
    pub fn items(&self) -> impl Iterator<Item = &Elem> {
        self.0.iter()
    }

    /// Its first element, or the prototype's fill if it is empty ([`Value::with_fill`]).
    pub fn first(&self) -> Elem {
        match self.0.iter().next() {
            Some(e) => e.clone(),
            None => self.kept_fill(),
        }
    }

    /// An empty array's prototype, kept past the end of its view ([`Value::with_fill`]); 0
    /// if none is.
    fn kept_fill(&self) -> Elem {
        let (storage, _) = self.0.clone().into_raw_vec_and_offset();
        match storage.into_iter().next() {
            Some(Elem::Char(_)) => Elem::Char(' '),
            _ => Elem::Num(0.0),
        }
    }

    /// Whether it holds no enclosed arrays.
    pub fn is_simple(&self) -> bool {
        let boxed = |e: &Elem| matches!(e, Elem::Boxed(_));
        // The order does not matter: a contiguous array (`⌽⍉` of one too) is read as the
        // slice it is, not through ndarray's indexing iterator.
        match self.0.as_slice().or_else(|| self.0.as_slice_memory_order()) {
            Some(items) => !items.iter().any(boxed),
            None => !self.0.iter().any(boxed),
        }
    }

    /// APL's depth `≡⍵`: 0 for a simple scalar, 1 for a simple array, one more for each level
    /// of enclosure.
    pub fn depth(&self) -> usize {
        let depth = |e: &Elem| match e {
            Elem::Boxed(v) => v.depth(),
            _ => 0,
        };
        // A contiguous array is read as the slice it is, in any order (no iterator is set
        // up).
        let inner = match self.0.as_slice().or_else(|| self.0.as_slice_memory_order()) {
            Some(items) => items.iter().map(depth).max(),
            None => self.0.iter().map(depth).max(),
        }
        .unwrap_or(0);
        if self.rank() == 0 && inner == 0 {
            0
        } else {
            inner + 1
        }
    }

    /// Its atoms with every enclosed array's counted (an enclosure one more), as many times
    /// as it appears; `None` once past `limit`. An array shared by many items (`1e6⍴⊂⍳1e6`)
    /// is walked once, so this costs no more than the memory the value really holds.
    ///
    /// ```
    /// use cubework::apl::{Elem, Value};
    /// use std::sync::Arc;
    /// let inner = Arc::new(Value::chars("abc"));
    /// let v = Value::vector(vec![Elem::Boxed(inner.clone()), Elem::Boxed(inner), Elem::Num(1.0)]);
    /// assert_eq!(v.atoms_within(100), Some(9));
    /// assert_eq!(v.atoms_within(8), None);
    /// ```
    pub fn atoms_within(&self, limit: usize) -> Option<usize> {
        self.atoms_memo(limit, &mut None)
    }

    /// [`Value::atoms_within`], remembering the count of each large array held by more than
    /// one item.
    fn atoms_memo(
        &self,
        limit: usize,
        seen: &mut Option<HashMap<*const Value, usize>>,
    ) -> Option<usize> {
        // The order does not matter to a count: a contiguous array (a transposed one too) is
        // read as the slice it is, not through ndarray's indexing iterator.
        if let Some(items) = self.0.as_slice().or_else(|| self.0.as_slice_memory_order()) {
            if !items.iter().any(|e| matches!(e, Elem::Boxed(_))) {
                return (items.len() <= limit).then_some(items.len());
            }
        } else if self.is_simple() {
            return (self.0.len() <= limit).then_some(self.0.len());
        }
        let mut total = 0usize;
        for e in self.0.iter() {
            total += match e {
                // Only a large array held by many items is worth remembering; a small one is
                // counted again, faster than looked up.
                Elem::Boxed(inner) if Arc::strong_count(inner) > 1 && inner.0.len() > 64 => {
                    let at = Arc::as_ptr(inner);
                    let n = match seen.as_ref().and_then(|s| s.get(&at)) {
                        Some(&n) => n,
                        None => {
                            let n = inner.atoms_memo(limit, seen)?;
                            seen.get_or_insert_with(HashMap::new).insert(at, n);
                            n
                        }
                    };
                    n + 1
                }
                Elem::Boxed(inner) => inner.atoms_memo(limit, seen)? + 1,
                _ => 1,
            };
            if total > limit {
                return None;
            }
        }
        Some(total)
    }

    /// The same array laid out in row-major order. The structural functions (`⌽ ⊖ ⍉`) give
    /// a view of the items they were given, in another order, and copy nothing; a function
    /// that reads runs of memory lays its argument out first, so that a line such as `⌽⍉⍵`
    /// copies the items once, where they are next read, not after each step.
    pub fn laid_out(self) -> Value {
        if self.0.is_standard_layout() {
            return self;
        }
        let dim = self.0.raw_dim();
        let mut a = self.0;
        // The array is this value's own: its items are moved into their order (each left
        // behind as a number, which needs no drop), not copied; an enclosure is not shared
        // once more and let go again.
        let strides: smallvec::SmallVec<[isize; 4]> = a.strides().into();
        let first = a.as_ptr() as usize;
        let mut items = Vec::with_capacity(a.len());
        match a.as_slice_memory_order_mut() {
            Some(memory) => {
                let at = (first - memory.as_ptr() as usize) / size_of::<Elem>();
                let mut take = |o: usize| std::mem::replace(&mut memory[o], Elem::Num(0.0));
                match (ndarray::Dimension::slice(&dim), strides.as_slice()) {
                    // A matrix (`⌽⍉⍵`): each row taken as a run of known length, no check
                    // for room at each item.
                    (&[n, m], &[s, t]) => (0..n).for_each(|i| {
                        let row = at.wrapping_add_signed(i as isize * s);
                        items.extend((0..m).map(|j| take(row.wrapping_add_signed(j as isize * t))));
                    }),
                    (shape, _) => visit_offsets(at, shape, &strides, &mut |o| items.push(take(o))),
                }
            }
            None => items.extend(a.iter().cloned()),
        }
        Value::from_shape(ndarray::Dimension::slice(&dim), items)
    }

    /// Its items in row-major order, where they lie so already, or copied once.
    pub fn row_major(&self) -> std::borrow::Cow<'_, [Elem]> {
        let a = &self.0;
        if let Some(items) = a.as_slice() {
            return std::borrow::Cow::Borrowed(items);
        }
        let mut items = Vec::with_capacity(a.len());
        self.each_item(|e| items.push(e.clone()));
        std::borrow::Cow::Owned(items)
    }

    /// Each of its items in row-major order, read where it is (a reversed or transposed
    /// array by its strides).
    pub fn each_item(&self, mut f: impl FnMut(&Elem)) {
        let a = &self.0;
        if let Some(items) = a.as_slice() {
            return items.iter().for_each(f);
        }
        // A few items in another order (`⌽⍉` of a 5×5 block): ndarray's iterator costs less
        // than working out how its memory is laid out.
        if a.len() <= SMALL {
            return a.iter().for_each(f);
        }
        match a.as_slice_memory_order() {
            Some(memory) => {
                let first = (a.as_ptr() as usize - memory.as_ptr() as usize) / size_of::<Elem>();
                visit_offsets(first, a.shape(), a.strides(), &mut |o| f(&memory[o]));
            }
            None => a.iter().for_each(f),
        }
    }

    /// Its items in row-major order, as a vector of them.
    pub fn into_items(self) -> Vec<Elem> {
        self.laid_out().into_laid_out_items()
    }

    /// The items of an array laid out in row-major order ([`Value::laid_out`]), as a vector
    /// of them: a run of the memory it holds.
    pub(crate) fn into_laid_out_items(self) -> Vec<Elem> {
        debug_assert!(self.0.is_standard_layout());
        let len = self.0.len();
        let (mut items, offset) = self.0.into_raw_vec_and_offset();
        let start = offset.unwrap_or(0);
        if start == 0 && items.len() == len {
            return items;
        }
        items.truncate(start + len);
        items.drain(..start);
        items
    }

    /// The element an array of this value's kind is padded with (APL's fill): a blank for
    /// characters, else 0.
    pub fn fill(&self) -> Elem {
        match self.first() {
            Elem::Char(_) => Elem::Char(' '),
            _ => Elem::Num(0.0),
        }
    }
}

/// The most items of an array in another order that [`Value::each_item`] reads by ndarray's
/// iterator.
const SMALL: usize = 32;

/// The offset in memory of each item of an array whose first item is at `at`, in row-major
/// order (a reversed or transposed array's by its strides).
fn visit_offsets(at: usize, shape: &[usize], strides: &[isize], f: &mut impl FnMut(usize)) {
    let (Some((&n, rest)), Some((&s, more))) = (shape.split_first(), strides.split_first()) else {
        f(at);
        return;
    };
    let at_item = |i: usize| at.wrapping_add_signed(i as isize * s);
    if rest.is_empty() {
        (0..n).for_each(|i| f(at_item(i)));
    } else if let ([m], [t]) = (rest, more) {
        // A matrix (a face, a picture): two loops, no call for each row.
        for i in 0..n {
            let row = at_item(i);
            (0..*m).for_each(|j| f(row.wrapping_add_signed(j as isize * t)));
        }
    } else {
        (0..n).for_each(|i| visit_offsets(at_item(i), rest, more, f));
    }
}

/// The paper's barred letters. In the paper's APL a move's inverse is named by its letter
/// with a bar over it, one character (an overstrike), so that its DO, RANDOM and INVERSE take
/// `'F̄D̄FDRDR̄'` as seven moves. Here too a letter (A–Z, a–z) followed by a combining macron
/// (U+0304) or overline (U+0305), or the precomposed `Ū` and `Ȳ`, is one character in a
/// string: held as U+E000 plus the letter's code (Unicode's private-use area), written back
/// as the letter and a macron, and read as the barred name (`X̄`) when `⍎` runs it.
pub mod bar {
    /// Where the barred letters start: U+E000 + `'A'` is `Ā`.
    const BASE: u32 = 0xE000;

    /// The barred form of `letter`, if it is a letter A–Z or a–z.
    ///
    /// ```
    /// use cubework::apl::bar;
    /// let f = bar::barred('F').unwrap();
    /// assert_eq!(bar::letter(f), Some('F'));
    /// assert_eq!(bar::barred('1'), None);
    /// assert_eq!(bar::letter('F'), None);
    /// ```
    pub fn barred(letter: char) -> Option<char> {
        letter
            .is_ascii_alphabetic()
            .then(|| char::from_u32(BASE + letter as u32))
            .flatten()
    }

    /// The letter under the bar, if `c` is a barred letter.
    pub fn letter(c: char) -> Option<char> {
        let code = (c as u32).checked_sub(BASE)?;
        char::from_u32(code).filter(char::is_ascii_alphabetic)
    }

    /// Whether `c` is a bar put over the character before it.
    pub fn is_bar(c: char) -> bool {
        c == '\u{304}' || c == '\u{305}'
    }

    /// The barred letter a precomposed character is (`Ū`, `Ȳ`).
    pub fn precomposed(c: char) -> Option<char> {
        match c {
            'Ū' => barred('U'),
            'Ȳ' => barred('Y'),
            _ => None,
        }
    }
}

/// `chars` with each letter and the bar after it made one barred letter ([`bar`]).
pub(crate) fn compose(chars: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match bar::barred(c) {
            Some(b) if chars.get(i + 1).copied().is_some_and(bar::is_bar) => {
                out.push(b);
                i += 2;
            }
            _ => {
                out.push(bar::precomposed(c).unwrap_or(c));
                i += 1;
            }
        }
    }
    out
}

/// A character as text: a barred letter as the letter and a combining macron.
pub(crate) fn char_text(c: char) -> String {
    match bar::letter(c) {
        Some(l) => format!("{l}\u{304}"),
        None => c.to_string(),
    }
}

/// Display width of a character: combining marks take none.
pub(crate) fn char_width(c: char) -> usize {
    if ('\u{300}'..='\u{36f}').contains(&c) {
        0
    } else {
        1
    }
}

fn width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

/// A number as Dyalog prints it at its default `⎕PP` of 10: `¯` for minus, ten significant
/// digits at most, without trailing zeros or a point after an integer; a number of more than
/// ten digits before the point, or of more than five zeros after it, in E notation
/// (`3.333338333E17`, `1E¯7`).
pub fn format_number(n: f64) -> String {
    const DIGITS: i32 = 10;
    let x = n.abs();
    let body = if x == 0.0 || !x.is_finite() {
        format!("{x}")
    } else {
        // The exponent after rounding to ten digits: 9999999999.7 is 1E10.
        let sci = format!("{:.*e}", (DIGITS - 1) as usize, x);
        let (mantissa, exp) = sci.split_once('e').expect("an exponent");
        let exp: i32 = exp.parse().expect("a whole exponent");
        let trim = |s: &str| {
            if s.contains('.') {
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                s.to_string()
            }
        };
        if (-6..DIGITS).contains(&exp) {
            trim(&format!("{:.*}", (DIGITS - 1 - exp).max(0) as usize, x))
        } else {
            let exp = if exp < 0 {
                format!("¯{}", -exp)
            } else {
                exp.to_string()
            };
            format!("{}E{exp}", trim(mantissa))
        }
    };
    if n < 0.0 { format!("¯{body}") } else { body }
}

/// How one element of a simple array prints on its own: a number or a character (an
/// enclosed simple scalar as itself; a nested array is laid out by the `display` module).
fn cell(e: &Elem) -> String {
    match e {
        Elem::Num(n) => format_number(*n),
        Elem::Char(c) => char_text(*c),
        Elem::Boxed(v) => cell(&v.first()),
    }
}

impl Value {
    /// The lines APL displays a simple array in, each as wide as the widest (blanks kept at
    /// the end), a blank line between the planes of a rank-3 array, two between rank-4 cells,
    /// and so on. A scalar or vector is one line. (A nested array is laid out by the
    /// `display` module, whose `display_lines` is any array's.)
    pub(crate) fn simple_lines(&self) -> Vec<String> {
        let shape = self.shape();
        if shape.is_empty() {
            return vec![cell(self.0.first().expect("a scalar has one element"))];
        }
        let cols = *shape.last().expect("rank at least one");
        let rows = self.0.len().checked_div(cols).unwrap_or(0);
        let cells: Vec<String> = self.0.iter().map(cell).collect();
        let all_chars = self.0.iter().all(|e| matches!(e, Elem::Char(_)));
        let nums: Vec<bool> = self.0.iter().map(|e| matches!(e, Elem::Num(_))).collect();
        let mut widths = vec![0; cols];
        for (i, c) in cells.iter().enumerate() {
            widths[i % cols] = widths[i % cols].max(width(c));
        }
        let mut lines = Vec::with_capacity(rows);
        for r in 0..rows {
            let mut line = String::new();
            for c in 0..cols {
                let text = &cells[r * cols + c];
                if all_chars {
                    line.push_str(text);
                    continue;
                }
                if c > 0 {
                    line.push(' ');
                }
                let pad = widths[c] - width(text);
                if nums[r * cols + c] {
                    line.push_str(&" ".repeat(pad));
                    line.push_str(text);
                } else {
                    line.push_str(text);
                    line.push_str(&" ".repeat(pad));
                }
            }
            lines.push(line);
        }
        if shape.len() == 1 && rows == 0 {
            // An empty vector is one empty line.
            lines.push(String::new());
        }
        // Blank lines between planes: one between matrices, two between rank-4 cells, …
        let mut out = Vec::with_capacity(lines.len());
        let rows_per_matrix = if shape.len() >= 2 {
            shape[shape.len() - 2]
        } else {
            1
        };
        for (i, line) in lines.into_iter().enumerate() {
            if i > 0 && rows_per_matrix > 0 && i % rows_per_matrix == 0 {
                let mut block = rows_per_matrix;
                for &len in shape[..shape.len().saturating_sub(2)].iter().rev() {
                    if i % block == 0 {
                        out.push(String::new());
                    }
                    block *= len;
                }
            }
            out.push(line);
        }
        out
    }
}

/// An element as an array in its own right: an enclosed array disclosed, a simple scalar as
/// a scalar.
pub(crate) fn item_value(e: &Elem) -> Value {
    match e {
        Elem::Boxed(v) => (**v).clone(),
        e => Value::scalar(e.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_apl_prints_them() {
        assert_eq!(format_number(-3.0), "¯3");
        assert_eq!(format_number(0.5), "0.5");
        assert_eq!(format_number(135.0), "135");
    }

    #[test]
    fn a_rank_three_array_prints_its_planes_a_blank_line_apart() {
        let v = Value::from_shape(&[2, 1, 2], [1.0, 20.0, 3.0, 4.0].map(Elem::Num).to_vec());
        assert_eq!(v.to_string(), "1 20\n\n3  4");
        assert_eq!(Value::chars("WRB").to_string(), "WRB");
        assert_eq!(v.depth(), 1);
        assert_eq!(Value::num(1.0).depth(), 0);
    }

    /// A letter and its bar are one character in a string, whichever bar or precomposed
    /// letter is typed; shown, formatted and written as source as the letter and a macron;
    /// and run by `⍎` as the barred name.
    #[test]
    fn a_barred_letter_is_one_character_shown_as_typed_and_run_as_its_name() {
        let mut ws = super::super::Workspace::new();
        let mut run = |line: &str| ws.eval_line(line).unwrap().to_string();
        assert_eq!(run("⍴'F\u{304}D\u{305}FDRDR\u{304}'"), "7");
        assert_eq!(run("'F\u{305}D'"), "F\u{304}D");
        assert_eq!(run("'\u{16a}\u{232}'≡'U\u{304}Y\u{305}'"), "1");
        assert_eq!(run("'R\u{304}'='R'"), "0");
        assert_eq!(run("⍴⍕2 2⍴'R\u{304}RL\u{304}L'"), "2 2");
        assert_eq!(run("⍴,'F\u{304}'"), "1");
        // A bar after something not a letter stays a character of its own.
        assert_eq!(run("⍴'1\u{304}'"), "2");
        run("R\u{304}: ⍵+1");
        assert_eq!(run("⍎'R\u{304} 1'"), "2");
        let v = Value::chars("ab\u{304}c");
        assert_eq!(v.shape(), [3]);
        assert_eq!(v.to_source(), "('ab\u{304}c')");
        assert_eq!(Value::chars("\u{16a}").to_string(), "U\u{304}");
    }
}
