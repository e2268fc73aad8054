//! Small helpers for text the workbench shows people: echoing what a user typed safely,
//! counting in words, and large numbers with thousands separators.

/// The longest echo of user input, in characters, before it is cut with `…`.
pub const ECHO_CHARS: usize = 40;

/// User input as error messages quote it: control characters escaped (a terminal never sees
/// them raw), and cut after [`ECHO_CHARS`] characters.
///
/// ```
/// use cubework::text::echo;
/// assert_eq!(echo("R\u{1b}[2J"), "R\\u{1b}[2J");
/// assert_eq!(echo(&"Q".repeat(100)).chars().count(), 41);
/// assert!(echo(&"Q".repeat(100)).ends_with('…'));
/// ```
pub fn echo(s: &str) -> String {
    cut(s, ECHO_CHARS)
}

/// `s` with control characters escaped and cut after `chars` characters with `…`.
///
/// ```
/// assert_eq!(cubework::text::cut("R U\tF", 3), "R U…");
/// assert_eq!(cubework::text::cut("R\tU", 9), "R\\tU");
/// ```
pub fn cut(s: &str, chars: usize) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == chars {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `n` and a noun, singular or plural: `1 move`, `2 moves`.
///
/// ```
/// use cubework::text::count;
/// assert_eq!(count(1, "move"), "1 move");
/// assert_eq!(count(21, "move"), "21 moves");
/// assert_eq!(count(1_000_000, "state"), "1,000,000 states");
/// ```
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{} {noun}s", thousands(n))
    }
}

/// A whole number with commas between thousands: `3,674,160`.
///
/// ```
/// assert_eq!(cubework::text::thousands(3674160), "3,674,160");
/// assert_eq!(cubework::text::thousands(999), "999");
/// ```
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What is wrong with a whole number as typed (see [`whole_in`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeError {
    /// The text is no whole number: `x`, `1.5`, nothing.
    NotANumber,
    /// A whole number outside the range: below it (negative, say) or above it, however many
    /// digits it has.
    OutOfRange,
}

/// A whole number from `lo` to `hi` as typed (spaces around it aside); a number too large
/// for any integer type is out of range like any other, never "not a number".
///
/// ```
/// use cubework::text::{whole_in, WholeError};
/// assert_eq!(whole_in(" 7 ", 2, 9), Ok(7));
/// assert_eq!(whole_in("-1", 2, 9), Err(WholeError::OutOfRange));
/// assert_eq!(whole_in("12345678901234567890123", 2, 9), Err(WholeError::OutOfRange));
/// assert_eq!(whole_in("1.5", 2, 9), Err(WholeError::NotANumber));
/// assert_eq!(whole_in("-", 2, 9), Err(WholeError::NotANumber));
/// ```
pub fn whole_in(text: &str, lo: u64, hi: u64) -> Result<u64, WholeError> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WholeError::NotANumber);
    }
    match t.parse::<u64>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(WholeError::OutOfRange),
    }
}
