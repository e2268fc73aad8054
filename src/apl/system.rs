//! The system names beside `⎕IO` and `⎕RL` (which the evaluator keeps as variables): the
//! constants `⎕A` and `⎕D`, the clock `⎕TS`, and the functions `⎕UCS` and `⎕FMT`, each as
//! Dyalog has it (the cases not read here are named in their errors).

use super::args::check_size;
use super::defs::SystemName;
use super::error::{AplError, ErrorKind, err};
use super::value::{Elem, Value};

type R<T> = Result<T, AplError>;

/// The value of a niladic system name (`⎕A`, `⎕D`, `⎕TS`); `None` for a variable or a
/// function.
pub(crate) fn niladic(name: SystemName) -> Option<Value> {
    match name {
        SystemName::A => Some(Value::chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
        SystemName::D => Some(Value::chars("0123456789")),
        SystemName::Ts => Some(time_stamp(crate::base::clock::SystemTime::now())),
        // ⎕EN and ⎕DM are the workspace's: the evaluator reads them.
        SystemName::Io
        | SystemName::Rl
        | SystemName::En
        | SystemName::Dm
        | SystemName::Ucs
        | SystemName::Fmt
        | SystemName::Nc => None,
    }
}

/// A system function applied.
pub(crate) fn apply(name: SystemName, left: Option<Value>, right: Value) -> R<Value> {
    match (name, left) {
        (SystemName::Ucs, None) => ucs(&right),
        (SystemName::Ucs, Some(_)) => err(
            ErrorKind::Domain,
            "⍺ ⎕UCS ⍵ (an encoding such as 'UTF-8') is not read here",
        ),
        (SystemName::Fmt, None) => format_matrix(&right),
        (SystemName::Fmt, Some(spec)) => format_spec(&spec, &right),
        // The machine applies it, with the names it holds.
        (SystemName::Nc, _) => err(ErrorKind::Syntax, "⎕NC reads the workspace's names"),
        (
            SystemName::Io
            | SystemName::Rl
            | SystemName::A
            | SystemName::D
            | SystemName::Ts
            | SystemName::En
            | SystemName::Dm,
            _,
        ) => err(
            ErrorKind::Syntax,
            format!("{} is not a function", name.name()),
        ),
    }
}

/// `⎕TS` at `now`, in UTC: year, month, day, hour, minute, second, millisecond.
fn time_stamp(now: crate::base::clock::SystemTime) -> Value {
    let since = now
        .duration_since(crate::base::clock::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = since.as_secs();
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let parts = [
        year,
        month,
        day,
        (rest / 3600) as i64,
        (rest / 60 % 60) as i64,
        (rest % 60) as i64,
        i64::from(since.subsec_millis()),
    ];
    Value::vector(parts.iter().map(|&n| Elem::Num(n as f64)).collect())
}

/// `⎕UCS ⍵`: characters to their code points, code points to characters.
fn ucs(w: &Value) -> R<Value> {
    let items = w.row_major();
    let out: Vec<Elem> = if items.iter().all(|e| matches!(e, Elem::Char(_))) {
        items
            .iter()
            .map(|e| match e {
                Elem::Char(c) => Elem::Num(f64::from(u32::from(*c))),
                _ => unreachable!("all characters"),
            })
            .collect()
    } else {
        items
            .iter()
            .map(|e| match e {
                Elem::Num(n) => code_point(*n).map(Elem::Char),
                Elem::Char(_) => err(ErrorKind::Domain, "⎕UCS of numbers and characters mixed"),
                Elem::Boxed(_) => err(ErrorKind::Domain, "⎕UCS of a nested array"),
            })
            .collect::<R<_>>()?
    };
    Ok(Value::from_shape(w.shape(), out))
}

fn code_point(n: f64) -> R<char> {
    let c = (n.fract() == 0.0 && (0.0..=f64::from(u32::from(char::MAX))).contains(&n))
        .then(|| char::from_u32(n as u32))
        .flatten();
    c.ok_or_else(|| {
        AplError::new(
            ErrorKind::Domain,
            format!(
                "⎕UCS {}: not a Unicode code point (0 to 1114111, no surrogate)",
                super::value::format_number(n)
            ),
        )
    })
}

/// `⎕FMT ⍵`: the display of a simple array as a character matrix (a scalar or vector one row).
fn format_matrix(w: &Value) -> R<Value> {
    if !w.is_simple() {
        return err(
            ErrorKind::Domain,
            "⎕FMT of a nested array is not read here (⍕ formats it)",
        );
    }
    let text = super::func::monad(super::defs::Prim::Format, None, w.clone())?;
    Ok(match text.rank() {
        2 => text,
        _ => {
            let n = text.0.len();
            Value::from_shape(&[1, n], text.into_items())
        }
    })
}

/// One phrase of a format specification: `Iw` or `Fw.d`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phrase {
    Integer(usize),
    Fixed(usize, usize),
}

/// A format specification: phrases split at commas, each maybe repeated (`2I5` is `I5,I5`).
fn phrases(spec: &str) -> R<Vec<Phrase>> {
    let mut out = Vec::new();
    for raw in spec.split(',') {
        let p = raw.trim();
        let unsupported = || {
            AplError::new(
                ErrorKind::Domain,
                format!("⎕FMT: the phrase '{p}' is not read here (only Iw and Fw.d are)"),
            )
        };
        let digits = p.chars().take_while(char::is_ascii_digit).count();
        let times: usize = if digits == 0 {
            1
        } else {
            p[..digits].parse().map_err(|_| unsupported())?
        };
        let rest = &p[digits..];
        let phrase = if let Some(w) = rest.strip_prefix('I') {
            Phrase::Integer(w.parse().map_err(|_| unsupported())?)
        } else if let Some(wd) = rest.strip_prefix('F') {
            let (w, d) = wd.split_once('.').ok_or_else(unsupported)?;
            Phrase::Fixed(
                w.parse().map_err(|_| unsupported())?,
                d.parse().map_err(|_| unsupported())?,
            )
        } else {
            return Err(unsupported());
        };
        let width = match phrase {
            Phrase::Integer(w) | Phrase::Fixed(w, _) => w,
        };
        if width == 0 || width > 1000 || times == 0 || times > 1000 {
            return Err(unsupported());
        }
        out.extend(std::iter::repeat_n(phrase, times));
    }
    Ok(out)
}

/// A number in a phrase, right-aligned in its width, `¯` for minus; stars if it does not fit.
fn phrase_text(phrase: Phrase, n: f64) -> String {
    let (width, text) = match phrase {
        Phrase::Integer(w) => (w, format!("{}", n.round())),
        Phrase::Fixed(w, d) => (w, format!("{n:.d$}")),
    };
    // A negative number that rounds to zero is written without its minus.
    let text = match text.strip_prefix('-') {
        Some(t) if t.chars().all(|c| c == '0' || c == '.') => t.to_string(),
        Some(t) => format!("¯{t}"),
        None => text,
    };
    let len = text.chars().count();
    if len > width {
        "*".repeat(width)
    } else {
        format!("{}{text}", " ".repeat(width - len))
    }
}

/// `spec ⎕FMT ⍵`: the columns of a simple numeric array (a vector one column, a scalar one
/// number) each written by the next phrase of `spec`, the phrases used in turn.
fn format_spec(spec: &Value, w: &Value) -> R<Value> {
    if spec.rank() > 1 || !spec.0.iter().all(|e| matches!(e, Elem::Char(_))) {
        return err(
            ErrorKind::Domain,
            "the left argument of ⎕FMT is a character vector",
        );
    }
    let text: String = spec
        .0
        .iter()
        .map(|e| match e {
            Elem::Char(c) => *c,
            _ => ' ',
        })
        .collect();
    let phrases = phrases(&text)?;
    let (rows, cols) = match w.shape() {
        [] => (1, 1),
        [n] => (*n, 1),
        [r, c] => (*r, *c),
        _ => return err(ErrorKind::Rank, "⎕FMT of an array of rank 3 or more"),
    };
    let items = w.row_major();
    let widths: usize = (0..cols).map(|c| width(phrases[c % phrases.len()])).sum();
    check_size(rows.saturating_mul(widths))?;
    super::work::items(rows.saturating_mul(widths))?;
    let mut out = Vec::with_capacity(rows * widths);
    for r in 0..rows {
        for c in 0..cols {
            let Elem::Num(n) = items[r * cols + c] else {
                return err(
                    ErrorKind::Domain,
                    "⎕FMT with a specification formats numbers",
                );
            };
            out.extend(
                phrase_text(phrases[c % phrases.len()], n)
                    .chars()
                    .map(Elem::Char),
            );
        }
    }
    Ok(Value::from_shape(&[rows, widths], out))
}

fn width(p: Phrase) -> usize {
    match p {
        Phrase::Integer(w) | Phrase::Fixed(w, _) => w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_stamp_of_a_known_instant_is_its_utc_date_and_time() {
        // 2024-02-29 13:45:07.250 UTC is 1709214307.25 seconds after the epoch.
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_millis(1_709_214_307_250);
        assert_eq!(time_stamp(t).to_string(), "2024 2 29 13 45 7 250");
        assert_eq!(
            time_stamp(std::time::UNIX_EPOCH).to_string(),
            "1970 1 1 0 0 0 0"
        );
    }

    #[test]
    fn a_format_phrase_is_read_repeated_or_refused_by_name() {
        assert_eq!(
            phrases("2I5,F8.2").unwrap(),
            vec![Phrase::Integer(5), Phrase::Integer(5), Phrase::Fixed(8, 2)]
        );
        let e = phrases("E10.3").unwrap_err();
        assert!(e.to_string().contains("'E10.3'"), "{e}");
    }
}
