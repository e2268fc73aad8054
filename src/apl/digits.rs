//! Digits moved between a function's cells: `(n⍴b)⊤` on the argument's atoms and `b⊥` on
//! what is made of their digits, traced on the argument's numbered atoms (`super::arranging`).
//!
//! While a function proven to only arrange cells and digits (`⊤` with a constant radix on the
//! argument's cells, `⊥` with the same radix on cells of digits, every other primitive
//! arranging) is run once on the numbered atoms of an argument, `⊤` and `⊥` trace instead of
//! computing ([`encode`], [`decode`]): `⊤` writes each atom as its `n` digits, each digit
//! named by the atom and the place it comes from, and `⊥` takes `n` such digits, all of one
//! atom, and names the number they make by that atom and the places its digits come from (a
//! map). Since the other primitives only move what they are given, the result names, for each
//! of its atoms, a source atom and the map its digits were taken by, whatever the values: for
//! an argument whose atoms written in digits are whole numbers from 0 below `bⁿ` (checked each
//! call, `Digits::whole`), `⊤` gives exactly those digits, `⊥` exactly the number they make
//! (all below 2⁵³), and a number so made is again below `bⁿ`, so the trace is the function.

use std::cell::RefCell;

use super::error::{AplError, ErrorKind, err};
use super::value::{Elem, Value};

type R<T> = Result<T, AplError>;

/// The most digits a radix may have: its maps are kept as bytes, and `bⁿ` must stay exact.
const PLACES: usize = 16;

/// The largest whole number a float holds exactly, and one past every digit's number.
const WHOLE: u64 = 1 << 53;

/// A trace being made: the argument's atoms, the radix, and the numbers `⊥` made.
#[derive(Debug, Default)]
pub(crate) struct Trace {
    /// The argument's atoms (numbered from 1); numbers past them name `made`'s entries.
    atoms: usize,
    /// The radix `⊤` and `⊥` use: its base and its number of digits.
    radix: Option<(u64, usize)>,
    /// Each number `⊥` made: its source atom (from 0) and the place each of its digits is
    /// taken from.
    made: Vec<(u32, Box<[u8]>)>,
    /// The source atoms `⊤` wrote in digits.
    encoded: Vec<bool>,
}

thread_local! {
    /// The trace being made on this thread, if one is.
    static TRACE: RefCell<Option<Trace>> = const { RefCell::new(None) };
}

/// Whether `⊤` and `⊥` trace (a function is being run on numbered atoms to plan it).
#[inline]
pub(crate) fn tracing() -> bool {
    TRACE.with(|t| t.borrow().is_some())
}

/// Starts a trace of a function run on `atoms` numbered atoms.
pub(crate) fn begin(atoms: usize) {
    let trace = Trace {
        atoms,
        encoded: vec![false; atoms],
        ..Trace::default()
    };
    TRACE.with(|t| *t.borrow_mut() = Some(trace));
}

/// Ends the trace begun, giving it.
pub(crate) fn end() -> Option<Trace> {
    TRACE.with(|t| t.borrow_mut().take())
}

fn refuse<T>(why: &str) -> R<T> {
    err(ErrorKind::Domain, format!("no digits to trace: {why}"))
}

/// A whole number from `e`, if it is one from `low` to `high`.
fn whole_in(e: &Elem, low: u64, high: u64) -> Option<u64> {
    match *e {
        Elem::Num(x) if x.fract() == 0.0 && x >= low as f64 && x <= high as f64 => Some(x as u64),
        _ => None,
    }
}

/// A radix of one base repeated: its base and length.
fn radix_of(a: &Value) -> Option<(u64, usize)> {
    let items = a.row_major();
    let base = whole_in(items.first()?, 2, 1 << 16)?;
    items
        .iter()
        .all(|e| *e == Elem::Num(base as f64))
        .then_some((base, items.len()))
}

/// `⍺⊤⍵` traced: `⍵`'s atoms (numbers naming source atoms) written as named digits along a
/// new first axis.
pub(crate) fn encode(a: &Value, w: &Value) -> R<Value> {
    let Some((base, places)) = radix_of(a).filter(|_| a.rank() == 1) else {
        return refuse("the radix is not one base repeated");
    };
    let exact = u32::try_from(places)
        .ok()
        .and_then(|p| base.checked_pow(p))
        .is_some_and(|top| top <= WHOLE);
    if places > PLACES || !exact {
        return refuse("too many digits");
    }
    TRACE.with(|t| {
        let mut t = t.borrow_mut();
        let Some(t) = t.as_mut() else {
            return refuse("no trace");
        };
        if *t.radix.get_or_insert((base, places)) != (base, places) {
            return refuse("two radices");
        }
        let items = w.row_major();
        let mut named = Vec::with_capacity(items.len());
        for e in items.iter() {
            let Some(n) = whole_in(e, 1, (t.atoms + t.made.len()) as u64) else {
                return refuse("not a numbered atom");
            };
            let n = n as usize - 1;
            let (source, map) = match n.checked_sub(t.atoms) {
                None => (n, None),
                Some(m) => (t.made[m].0 as usize, Some(&t.made[m].1)),
            };
            t.encoded[source] = true;
            named.push((source, map));
        }
        let mut digits = Vec::with_capacity(places * named.len());
        for place in 0..places {
            digits.extend(named.iter().map(|&(source, map)| {
                let from = map.map_or(place, |m| m[place] as usize);
                Elem::Num((1 + source * places + from) as f64)
            }));
        }
        let shape: Vec<usize> = std::iter::once(places)
            .chain(w.shape().iter().copied())
            .collect();
        Ok(Value::from_shape(&shape, digits))
    })
}

/// `⍺⊥⍵` traced: each column of `⍵`'s named digits, all of one source atom, named as the
/// number they make.
pub(crate) fn decode(a: &Value, w: &Value) -> R<Value> {
    TRACE.with(|t| {
        let mut t = t.borrow_mut();
        let Some(t) = t.as_mut() else {
            return refuse("no trace");
        };
        let Some((base, places)) = t.radix else {
            return refuse("⊥ before ⊤");
        };
        match radix_of(a) {
            Some((b, len)) if b == base && a.rank() <= 1 && (len == 1 || len == places) => {}
            _ => return refuse("another radix"),
        }
        if w.shape().first() != Some(&places) {
            return refuse("not a column of digits");
        }
        let items = w.row_major();
        let columns = items.len() / places;
        let mut out = Vec::with_capacity(columns);
        for c in 0..columns {
            let mut source = None;
            let mut map = Vec::with_capacity(places);
            for place in 0..places {
                let top = (t.atoms * places) as u64;
                let Some(n) = whole_in(&items[place * columns + c], 1, top) else {
                    return refuse("not a digit");
                };
                let n = n as usize - 1;
                if *source.get_or_insert(n / places) != n / places {
                    return refuse("digits of two atoms");
                }
                map.push((n % places) as u8);
            }
            let key = (source.unwrap_or(0) as u32, map.into_boxed_slice());
            let at = match t.made.iter().position(|m| *m == key) {
                Some(at) => at,
                None => {
                    t.made.push(key);
                    t.made.len() - 1
                }
            };
            out.push(Elem::Num((t.atoms + at + 1) as f64));
        }
        Ok(Value::from_shape(&w.shape()[1..], out))
    })
}

/// The digits a plan moves: which source atoms must be numbers it can write in digits, and
/// for each atom of the result the map its digits are taken by (if any).
#[derive(Debug)]
pub(crate) struct Digits {
    base: u64,
    places: usize,
    /// `baseⁿ`: every atom written in digits is below it.
    top: u64,
    /// The source atoms `⊤` writes in digits (from 0).
    encoded: Box<[u32]>,
    /// For each result atom, 0 if it is its source atom as it is, else 1 + its map's index.
    of: Box<[u16]>,
    /// The maps: for each place, the place of the source's digit there.
    maps: Vec<Box<[u8]>>,
}

impl Trace {
    /// What a traced run's result atom `n` names: its source atom, and the map (1 + its
    /// index in `maps`, or 0) its digits are taken by; `None` past the names handed out.
    pub(crate) fn name(&self, n: usize, maps: &mut Vec<Box<[u8]>>) -> Option<(u32, u16)> {
        let n = n.checked_sub(1)?;
        let Some(m) = n.checked_sub(self.atoms) else {
            return Some((n as u32, 0));
        };
        let (source, map) = self.made.get(m)?;
        let at = match maps.iter().position(|x| x == map) {
            Some(at) => at,
            None => {
                maps.push(map.clone());
                maps.len() - 1
            }
        };
        Some((*source, u16::try_from(at + 1).ok()?))
    }

    /// The digits of a plan whose result atoms were named with `of` and `maps`; `None` if
    /// no digit was written (a gather alone).
    pub(crate) fn digits(&self, of: Vec<u16>, maps: Vec<Box<[u8]>>) -> Option<Digits> {
        let (base, places) = self.radix?;
        let encoded: Box<[u32]> = (0..self.atoms as u32)
            .filter(|&s| self.encoded[s as usize])
            .collect();
        Some(Digits {
            base,
            places,
            top: base.pow(places as u32),
            encoded,
            of: of.into(),
            maps,
        })
    }
}

impl Digits {
    /// Whether the argument's atoms (`atom` gives each) that are written in digits are whole
    /// numbers from 0 below `baseⁿ`.
    pub(crate) fn valid<'v>(&self, mut atom: impl FnMut(u32) -> Option<&'v Elem>) -> bool {
        self.encoded
            .iter()
            .all(|&s| atom(s).is_some_and(|e| self.whole(e).is_some()))
    }

    fn whole(&self, e: &Elem) -> Option<u64> {
        whole_in(e, 0, self.top - 1)
    }

    /// The result's atoms from atom `from` on (each its source atom, gathered) with the
    /// digits moved.
    pub(crate) fn apply(&self, atoms: &mut [Elem], from: usize) -> Option<()> {
        let mut digits = [0u64; PLACES];
        for (e, &m) in atoms.iter_mut().zip(self.of.get(from..)?) {
            if m == 0 {
                continue;
            }
            let mut x = self.whole(e)?;
            for d in digits[..self.places].iter_mut().rev() {
                *d = x % self.base;
                x /= self.base;
            }
            let n = self.maps[m as usize - 1]
                .iter()
                .fold(0, |n, &from| n * self.base + digits[from as usize]);
            *e = Elem::Num(n as f64);
        }
        Some(())
    }
}
