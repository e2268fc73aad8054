//! A value written as APL text and read back exactly, of any size the evaluator holds: how
//! the workspace keeps its variables in a file (`NAME←value`, one line each).
//!
//! The text is APL: numbers (`¯` for minus, to the last bit), strings in quotes, strands,
//! `⊂`, `,` and `(shape)⍴items`. A character that cannot stand in a line of plain text as
//! itself (a control character such as a newline or NUL, a combining bar, a precomposed
//! barred letter) is written by its code, `⎕UCS 10`, as in Dyalog. The reader
//! ([`read_value`]) reads just this grammar, as a value and not as a line of APL, so it has
//! no limit on a line's words: only the evaluator's own, [`super::MAX_ELEMENTS`] elements an
//! array and [`super::MAX_ATOMS`] atoms a value, and [`MAX_NESTING`] levels of enclosure.

use std::fmt::Write as _;
use std::sync::Arc;

use super::error::{AplError, ErrorKind};
use super::value::{Elem, Value, bar, char_text};

/// Deepest enclosure a kept value may have (`⊂⊂⊂…`): written and read by recursion.
pub const MAX_NESTING: usize = 256;

impl Value {
    /// APL that gives this value back exactly, of any size: how the workspace keeps a
    /// variable in a file, read back by [`read_value`] (and by
    /// `Workspace::eval_line`, while it has no more words than a line may have and no
    /// character written by its code, `⎕UCS 10`). Numbers are written to the last bit.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// for line in ["2 3⍴⍳6", "'it''s'", "1 'a' (2 3⍴'abcdef') (⊂⍳3)", "0.1×⍳3", "⊂⊂,5", "0 2⍴0"] {
    ///     let v = ws.eval_line(line).unwrap().shown.remove(0);
    ///     let back = ws.eval_line(&v.to_source()).unwrap().shown.remove(0);
    ///     assert_eq!(back, v, "{line}: {}", v.to_source());
    /// }
    /// ```
    pub fn to_source(&self) -> String {
        write(self)
    }
}

/// The text of `v` ([`Value::to_source`]).
pub(crate) fn write(v: &Value) -> String {
    let mut out = String::new();
    write_value(v, &mut out);
    out
}

fn write_value(v: &Value, out: &mut String) {
    if v.rank() == 0 {
        write_scalar(&v.first(), out);
        return;
    }
    let n = v.0.len();
    if v.rank() == 1 && n == 0 && v.fill() == Elem::Char(' ') {
        out.push_str("''");
        return;
    }
    let vector = v.rank() == 1 && n > 0;
    out.push('(');
    if !vector {
        out.push('(');
        for (i, d) in v.shape().iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{d}");
        }
        out.push_str(")⍴");
    }
    let chars = v.items().all(|e| matches!(e, Elem::Char(_)));
    match n {
        0 if v.fill() == Elem::Char(' ') => out.push_str("' '"),
        0 => out.push('0'),
        1 => {
            out.push(',');
            write_scalar(&v.first(), out);
        }
        _ if chars && v.items().all(|e| matches!(e, Elem::Char(c) if plain(*c))) => {
            out.push('\'');
            for e in v.items() {
                if let Elem::Char(c) = e {
                    match c {
                        '\'' => out.push_str("''"),
                        c => out.push_str(&char_text(*c)),
                    }
                }
            }
            out.push('\'');
        }
        _ if chars => {
            out.push_str("⎕UCS");
            for e in v.items() {
                if let Elem::Char(c) = e {
                    let _ = write!(out, " {}", *c as u32);
                }
            }
        }
        _ => {
            for (i, e) in v.items().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                match e {
                    Elem::Boxed(inner) => {
                        out.push('(');
                        write_value(inner, out);
                        out.push(')');
                    }
                    e => write_scalar(e, out),
                }
            }
        }
    }
    out.push(')');
}

/// Whether a character stands in a line as itself, read back as the same character.
fn plain(c: char) -> bool {
    !c.is_control()
        && !bar::is_bar(c)
        && bar::precomposed(c).is_none()
        && !matches!(c, '\u{feff}' | '\u{2028}' | '\u{2029}')
}

fn write_scalar(e: &Elem, out: &mut String) {
    match e {
        Elem::Num(n) => write_number(*n, out),
        Elem::Char('\'') => out.push_str("''''"),
        Elem::Char(c) if plain(*c) => {
            out.push('\'');
            out.push_str(&char_text(*c));
            out.push('\'');
        }
        Elem::Char(c) => {
            let _ = write!(out, "(⎕UCS {})", *c as u32);
        }
        Elem::Boxed(v) => {
            out.push_str("(⊂");
            write_value(v, out);
            out.push(')');
        }
    }
}

/// A number to the last bit: whole numbers as such, others in Rust's shortest exact form.
fn write_number(n: f64, out: &mut String) {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        if n < 0.0 {
            out.push('¯');
        }
        // Digits by hand: the formatting machinery is most of the time of writing a large
        // array of whole numbers.
        let (mut digits, mut at, mut rest) = ([0u8; 20], 20, n.abs() as u64);
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        out.push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
        return;
    }
    let start = out.len();
    let _ = write!(out, "{n:e}");
    if out[start..].contains('-') {
        let text = out[start..].replace('-', "¯");
        out.truncate(start);
        out.push_str(&text);
    }
}

/// A token of a value's text.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(f64),
    Str(Vec<char>),
    Open,
    Close,
    Reshape,
    Ravel,
    Enclose,
    Ucs,
}

/// Reads a value's text as [`Value::to_source`] writes it (and any text of the same few
/// forms): all of `text` must be the value.
///
/// ```
/// use cubework::apl::{Value, literal::read_value};
/// let v = read_value("((2 3)⍴1 ¯2.5 'a' (⊂(,7)) (⎕UCS 10) 'b')").unwrap();
/// assert_eq!(v.shape(), [2, 3]);
/// assert_eq!(read_value(&v.to_source()).unwrap(), v);
/// assert!(read_value("(1 2").is_err());
/// ```
pub fn read_value(text: &str) -> Result<Value, AplError> {
    let (current, next) = token_at(text, 0)?;
    let mut reader = Reader {
        text,
        current,
        next,
        made: 0,
    };
    let v = reader.expr(0)?;
    if reader.current.is_some() {
        return Err(syntax("more after the value"));
    }
    if v.atoms_within(super::MAX_ATOMS).is_none() {
        return Err(ws_full());
    }
    Ok(v)
}

fn ws_full() -> AplError {
    AplError::new(
        ErrorKind::WsFull,
        format!(
            "a value of more than {} elements an array or {} atoms in all",
            super::MAX_ELEMENTS,
            super::MAX_ATOMS
        ),
    )
}

fn syntax(what: &str) -> AplError {
    AplError::new(ErrorKind::Syntax, format!("not a value: {what}"))
}

/// The token of `text` at byte `at` or after blanks (none at the end), and where the next
/// starts: read one at a time, so that a long text is never held as a list of tokens.
fn token_at(text: &str, mut at: usize) -> Result<(Option<Tok>, usize), AplError> {
    let rest = |at: usize| text[at..].chars();
    while let Some(c @ (' ' | '\t')) = rest(at).next() {
        at += c.len_utf8();
    }
    let Some(c) = rest(at).next() else {
        return Ok((None, at));
    };
    let after = at + c.len_utf8();
    let single = |t: Tok| Ok((Some(t), after));
    match c {
        '(' => single(Tok::Open),
        ')' => single(Tok::Close),
        '⍴' => single(Tok::Reshape),
        ',' => single(Tok::Ravel),
        '⊂' => single(Tok::Enclose),
        '⎕' if text[at..].starts_with("⎕UCS") => Ok((Some(Tok::Ucs), at + "⎕UCS".len())),
        '\'' => {
            let mut s = Vec::new();
            let mut chars = text[after..].char_indices().peekable();
            loop {
                match chars.next() {
                    None => return Err(syntax("a quote without its pair")),
                    Some((_, '\'')) if chars.peek().is_some_and(|&(_, d)| d == '\'') => {
                        s.push('\'');
                        chars.next();
                    }
                    Some((i, '\'')) => {
                        let s = super::value::compose(&s);
                        return Ok((Some(Tok::Str(s)), after + i + 1));
                    }
                    Some((_, c)) => s.push(c),
                }
            }
        }
        '¯' | '0'..='9' | '.' => {
            let (mut len, mut minus) = (0, false);
            for d in rest(at) {
                match d {
                    '¯' => minus = true,
                    d if d.is_ascii_digit() || matches!(d, '.' | 'e' | 'E') => {}
                    _ => break,
                }
                len += d.len_utf8();
            }
            let number = &text[at..at + len];
            let parsed = match minus {
                true => number.replace('¯', "-").parse(),
                false => number.parse(),
            };
            let n: f64 = parsed
                .ok()
                .filter(|n: &f64| n.is_finite())
                .ok_or_else(|| syntax(&format!("'{}' is not a number", &text[at..at + len])))?;
            Ok((Some(Tok::Num(n)), at + len))
        }
        c => Err(syntax(&format!("'{c}' is not read in a value"))),
    }
}

struct Reader<'a> {
    text: &'a str,
    /// The token read next, and where the one after it starts.
    current: Option<Tok>,
    next: usize,
    /// Elements made so far: bounded, as the work and memory of reading, by a few times the
    /// atoms a value may hold.
    made: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.current.as_ref()
    }

    fn bump(&mut self) -> Result<(), AplError> {
        let (current, next) = token_at(self.text, self.next)?;
        self.current = current;
        self.next = next;
        Ok(())
    }

    /// A value: `⊂ X`, `, X`, `⎕UCS X`, `S ⍴ X` or a strand, read right to left as APL.
    fn expr(&mut self, depth: usize) -> Result<Value, AplError> {
        if depth > MAX_NESTING {
            return Err(syntax(&format!("nested more than {MAX_NESTING} deep")));
        }
        let monadic = match self.peek() {
            Some(Tok::Enclose) => Some(Tok::Enclose),
            Some(Tok::Ravel) => Some(Tok::Ravel),
            Some(Tok::Ucs) => Some(Tok::Ucs),
            _ => None,
        };
        if let Some(f) = monadic {
            self.bump()?;
            let v = self.expr(depth + 1)?;
            return match f {
                Tok::Enclose if v.rank() == 0 && !matches!(v.first(), Elem::Boxed(_)) => Ok(v),
                Tok::Enclose => Ok(Value::scalar(Elem::Boxed(Arc::new(v)))),
                Tok::Ravel => {
                    self.count(v.0.len())?;
                    Ok(Value::vector(v.items().cloned().collect()))
                }
                _ => ucs(&v),
            };
        }
        let left = self.strand(depth)?;
        if self.peek() == Some(&Tok::Reshape) {
            self.bump()?;
            let right = self.expr(depth + 1)?;
            return self.reshape(&left, &right);
        }
        Ok(left)
    }

    /// Items side by side (one alone is itself): a simple scalar is an item as it is, any
    /// other value an enclosed one.
    fn strand(&mut self, depth: usize) -> Result<Value, AplError> {
        let mut items: Vec<Elem> = Vec::new();
        let item = |v: Value| match v.rank() == 0 && !matches!(v.first(), Elem::Boxed(_)) {
            true => v.first(),
            false => Elem::Boxed(Arc::new(v)),
        };
        loop {
            if items.len() > super::MAX_ELEMENTS {
                return Err(ws_full());
            }
            match self.peek() {
                Some(Tok::Num(_) | Tok::Str(_)) => {
                    let token = self.current.take();
                    self.bump()?;
                    match token {
                        Some(Tok::Num(n)) => items.push(Elem::Num(n)),
                        Some(Tok::Str(s)) if s.len() == 1 => items.push(Elem::Char(s[0])),
                        Some(Tok::Str(s)) => {
                            self.count(s.len())?;
                            let chars = Value::vector(s.into_iter().map(Elem::Char).collect());
                            items.push(item(chars.with_fill(Elem::Char(' '))));
                        }
                        _ => unreachable!("a number or a string"),
                    }
                }
                Some(Tok::Open) => {
                    self.bump()?;
                    let v = self.expr(depth + 1)?;
                    items.push(item(v));
                    if self.peek() != Some(&Tok::Close) {
                        return Err(syntax("a parenthesis without its pair"));
                    }
                    self.bump()?;
                }
                _ => break,
            }
        }
        match items.len() {
            0 => Err(syntax("nothing where a value belongs")),
            1 => Ok(match items.pop().expect("one") {
                // Enclosed above as an item: the value itself.
                Elem::Boxed(v) => Arc::unwrap_or_clone(v),
                e => Value::scalar(e),
            }),
            n => {
                self.count(n)?;
                Ok(Value::vector(items))
            }
        }
    }

    /// Counts an array of `n` elements made: no more than the evaluator makes one of, and
    /// all of them together a few times the atoms a value may hold.
    fn count(&mut self, n: usize) -> Result<(), AplError> {
        self.made = self.made.saturating_add(n);
        if n > super::MAX_ELEMENTS || self.made > 4 * super::MAX_ATOMS {
            return Err(ws_full());
        }
        Ok(())
    }

    /// `shape ⍴ items`: the items taken in order, again from the first if need be.
    fn reshape(&mut self, shape: &Value, items: &Value) -> Result<Value, AplError> {
        let shape: Vec<usize> = shape
            .items()
            .map(|e| match e {
                // Judged in u64 before it is a usize (32 bits on the page).
                Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= 9e15 => {
                    super::args::length(*n as u64)
                }
                _ => Err(syntax("a shape is whole numbers")),
            })
            .collect::<Result<_, _>>()?;
        let size = shape
            .iter()
            .try_fold(1usize, |p, &d| p.checked_mul(d))
            .unwrap_or(usize::MAX);
        self.count(size)?;
        let source: Vec<Elem> = items.items().cloned().collect();
        if source.is_empty() && size > 0 {
            return Err(syntax("no items to reshape"));
        }
        Ok(
            Value::from_shape(&shape, source.into_iter().cycle().take(size).collect())
                .with_fill(items.fill()),
        )
    }
}

/// `⎕UCS codes`: the characters of those codes.
fn ucs(v: &Value) -> Result<Value, AplError> {
    let chars = v
        .items()
        .map(|e| match e {
            Elem::Num(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= u32::MAX as f64 => {
                char::from_u32(*n as u32).map(Elem::Char)
            }
            _ => None,
        })
        .collect::<Option<Vec<Elem>>>()
        .ok_or_else(|| syntax("⎕UCS takes character codes"))?;
    Ok(Value(
        ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(v.shape()), chars).expect("same shape"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Characters that stand as themselves and those that cannot: the quote, a newline, NUL,
    /// a carriage return, a tab, a lone combining bar, a precomposed barred letter, a barred
    /// letter as the workspace holds it, APL glyphs and a private-use character.
    const CHARS: &[char] = &[
        'a', 'Z', '\'', ' ', '⍵', '0', '\n', '\0', '\r', '\t', '\u{304}', '\u{305}', 'Ū',
        '\u{E046}', '\u{E0FF}', '⎕', '¯', '(', '⍴', 'é', '\u{7f}', '\u{feff}', '\u{2028}',
    ];

    fn leaf() -> impl Strategy<Value = Elem> {
        prop_oneof![
            (-1000i64..1000).prop_map(|n| Elem::Num(n as f64)),
            any::<f64>()
                .prop_filter("finite", |x| x.is_finite())
                .prop_map(Elem::Num),
            proptest::sample::select(CHARS).prop_map(Elem::Char),
        ]
    }

    /// A shape of rank 0 to 8 of `size` elements (or an empty one, `size` 0).
    fn shape_of(size: usize, rank: usize, empty_at: usize) -> Vec<usize> {
        let mut shape = vec![1; rank];
        if rank == 0 {
            return shape;
        }
        shape[rank - 1] = size;
        if size == 0 {
            shape[empty_at % rank] = 0;
        } else if rank > 1 && size.is_multiple_of(2) {
            shape[0] = 2;
            shape[rank - 1] = size / 2;
        }
        shape
    }

    /// A value of about `atoms` atoms (at most [`crate::apl::MAX_ATOMS`], each array at most
    /// [`crate::apl::MAX_ELEMENTS`]): simple, or a vector of enclosed arrays, some nested
    /// again; the items drawn from `leaves` in turn.
    fn value_of(atoms: usize, rank: usize, nested: bool, leaves: &[Elem], seed: usize) -> Value {
        let max = crate::apl::MAX_ELEMENTS;
        let simple = |n: usize, rank: usize, at: usize| {
            let items: Vec<Elem> = (0..n)
                .map(|i| leaves[(i + at) % leaves.len()].clone())
                .collect();
            let rank = if n == 1 { rank } else { rank.max(1) };
            Value::from_shape(&shape_of(n, rank, at), items)
        };
        if !nested && atoms <= max {
            return simple(atoms, rank, seed);
        }
        // Enclosed arrays of up to `max` atoms each, with a box for each counted.
        let boxes = atoms.div_ceil(max + 1).max(2);
        let doubles = (0..boxes).filter(|b| b % 3 == 2).count();
        let mut left = atoms.saturating_sub(boxes + doubles);
        let items: Vec<Elem> = (0..boxes)
            .map(|b| {
                let n = (left / (boxes - b)).min(max);
                left -= n;
                let inner = simple(n, 1 + (b + rank) % 3, seed + b);
                // Every third one enclosed once more, as a scalar.
                if b % 3 == 2 {
                    Elem::Boxed(Arc::new(Value::scalar(Elem::Boxed(Arc::new(inner)))))
                } else if inner.rank() == 0 && !matches!(inner.first(), Elem::Boxed(_)) {
                    inner.first()
                } else {
                    Elem::Boxed(Arc::new(inner))
                }
            })
            .collect();
        Value::vector(items)
    }

    /// Small arrays of rank 0 to 3 of the leaves and of enclosed arrays of them, as the
    /// evaluator holds them (a simple scalar is never enclosed; an enclosed one may be).
    fn small_value() -> impl Strategy<Value = Value> {
        let array = |items: Vec<Elem>, shape: Vec<usize>| {
            let size: usize = shape.iter().product();
            match items.is_empty() && size > 0 {
                true => Value::vector(Vec::new()),
                false => Value::from_shape(&shape, items.into_iter().cycle().take(size).collect()),
            }
        };
        let elem = leaf().prop_recursive(3, 24, 4, move |inner| {
            (
                proptest::collection::vec(inner, 0..9),
                proptest::collection::vec(0usize..3, 0..3),
            )
                .prop_map(move |(items, shape)| {
                    let v = array(items, shape);
                    match v.rank() == 0 && !matches!(v.first(), Elem::Boxed(_)) {
                        true => v.first(),
                        false => Elem::Boxed(Arc::new(v)),
                    }
                })
        });
        (
            proptest::collection::vec(elem, 1..30),
            proptest::collection::vec(0usize..4, 0..4),
        )
            .prop_map(move |(items, shape)| array(items, shape))
    }

    fn round_trip(v: &Value) -> Result<(), TestCaseError> {
        let text = v.to_source();
        prop_assert!(!text.contains(['\n', '\r', '\0']), "one line of plain text");
        let back = read_value(&text).map_err(|e| TestCaseError::fail(e.headline()))?;
        prop_assert!(
            back == *v,
            "{} read back differently",
            &text[..text.len().min(200)]
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(crate::proptest_config(24))]

        /// Any value the workspace can hold, from none to the atom limit, reads back exactly
        /// from one line of text: numbers to the last bit, any character, any shape.
        #[test]
        fn every_value_up_to_the_atom_limit_reads_back_exactly_from_one_line(
            bits in 0u32..=24,
            fraction in 0.0f64..1.0,
            rank in 0usize..=8,
            nested in any::<bool>(),
            leaves in proptest::collection::vec(leaf(), 1..40),
            seed in 0usize..1000,
        ) {
            // Sizes spread evenly over their orders of magnitude, up to the limit itself.
            let atoms = ((1usize << bits) as f64 * (1.0 + fraction)) as usize - 1;
            let v = value_of(atoms.min(crate::apl::MAX_ATOMS), rank, nested, &leaves, seed);
            prop_assert!(v.atoms_within(crate::apl::MAX_ATOMS).is_some());
            round_trip(&v)?;
        }

        /// Small values of every kind, nested at random.
        #[test]
        fn every_small_nested_value_reads_back_exactly(v in small_value()) {
            round_trip(&v)?;
        }
    }

    #[test]
    fn a_value_of_exactly_the_atom_limit_reads_back_and_one_more_is_refused() {
        let max = crate::apl::MAX_ELEMENTS;
        let part = |n: usize, k: usize| {
            let items = (0..n)
                .map(|i| Elem::Num(i as f64 - k as f64 * 0.5))
                .collect();
            Elem::Boxed(Arc::new(Value::vector(items)))
        };
        let mut items: Vec<Elem> = (0..15).map(|k| part(max, k)).collect();
        items.push(part(max - 16, 15));
        let v = Value::vector(items.clone());
        assert_eq!(v.atoms_within(usize::MAX), Some(crate::apl::MAX_ATOMS));
        assert_eq!(read_value(&v.to_source()).unwrap(), v);
        drop(v);
        // One more atom is more than a value may hold.
        items.push(Elem::Num(1.0));
        let more = Value::vector(items).to_source();
        assert_eq!(read_value(&more).unwrap_err().kind, ErrorKind::WsFull);
    }

    #[test]
    fn text_that_is_no_value_is_refused_with_what_is_wrong() {
        for (text, says) in [
            ("(1 2", "a parenthesis without its pair"),
            ("'abc", "a quote without its pair"),
            ("1 2) 3", "more after the value"),
            ("1+2", "'+' is not read in a value"),
            ("", "nothing where a value belongs"),
            ("1.2.3", "is not a number"),
            ("(¯1)⍴0", "a shape is whole numbers"),
            ("⎕UCS ¯1", "⎕UCS takes character codes"),
        ] {
            let e = read_value(text).unwrap_err();
            assert!(e.detail.contains(says), "{text}: {}", e.detail);
        }
        let deep = format!("{}1{}", "(⊂".repeat(300), ")".repeat(300));
        assert!(
            read_value(&deep)
                .unwrap_err()
                .detail
                .contains("nested more than")
        );
        let wide = format!("(({})⍴1)", crate::apl::MAX_ELEMENTS + 1);
        assert_eq!(read_value(&wide).unwrap_err().kind, ErrorKind::WsFull);
    }
}
