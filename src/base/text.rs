//! Small helpers for text the workbench shows people: echoing what a user typed safely,
//! counting in words, and large numbers with thousands separators.

/// The longest echo of user input, in characters, before it is cut with `…`.
pub const ECHO_CHARS: usize = 40;

/// User input as error messages quote it: control and invisible characters escaped (a
/// terminal never sees them raw, and a zero-width space or a byte-order mark is shown, not
/// hidden: [`is_invisible`]), and cut after [`ECHO_CHARS`] characters.
///
/// ```
/// use cubework::base::text::echo;
/// assert_eq!(echo("R\u{1b}[2J"), "R\\u{1b}[2J");
/// assert_eq!(echo("R\u{200b}U"), "R\\u{200b}U");
/// assert_eq!(echo(&"Q".repeat(100)).chars().count(), 41);
/// assert!(echo(&"Q".repeat(100)).ends_with('…'));
/// ```
pub fn echo(s: &str) -> String {
    cut(s, ECHO_CHARS)
}

/// `s` with control and invisible characters escaped ([`is_invisible`]) and cut after
/// `chars` characters with `…`.
///
/// ```
/// assert_eq!(cubework::base::text::cut("R U\tF", 3), "R U…");
/// assert_eq!(cubework::base::text::cut("R\tU", 9), "R\\tU");
/// assert_eq!(cubework::base::text::cut("\u{feff}R\u{202e}U\0", 9), "\\u{feff}R\\u{202e}U\\u{0}");
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
        } else if is_invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` shows as nothing, or as a plain space, where a message quotes it, though it is
/// not one: a zero-width or joining character (U+200B to U+200D, U+2060, U+FEFF, the
/// byte-order mark), a bidirectional control that reorders what follows (U+061C, U+200E,
/// U+200F, U+202A to U+202E, U+2066 to U+2069), a space other than the space (U+00A0, U+2000
/// to U+200A, U+3000, …), a line or paragraph separator, a soft hyphen, a variation selector,
/// a tag character, a filler. Error messages escape these ([`cut`]) so that they show
/// what is wrong (`\u{200b}`). The paper's bars (U+0304, U+0305) are marks one sees, and are
/// not among them.
///
/// ```
/// use cubework::base::text::is_invisible;
/// assert!(is_invisible('\u{200b}') && is_invisible('\u{feff}') && is_invisible('\u{202e}'));
/// assert!(!is_invisible('R') && !is_invisible('\u{305}') && !is_invisible(' '));
/// ```
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00a0}'
            | '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{1680}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{206f}'
            | '\u{3000}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{e0100}'..='\u{e01ef}'
    )
}

/// The longest echo of a file name, in characters, before its middle is cut with `…`.
pub const PATH_CHARS: usize = 80;

/// A file name as messages show it: control characters escaped (so a name holding ESC, BEL or
/// a newline cannot act on the terminal), and a name longer than [`PATH_CHARS`] characters cut
/// in the middle with `…`, keeping its start and its end, where the file's own name is.
///
/// ```
/// use std::path::Path;
/// use cubework::base::text::echo_path;
/// assert_eq!(echo_path(Path::new("cube.svg")), "cube.svg");
/// assert_eq!(echo_path(Path::new("a\u{1b}[31m\u{7}\n.svg")), "a\\u{1b}[31m\\u{7}\\n.svg");
/// let long = format!("/tmp/{}/cube.svg", "d".repeat(5000));
/// let shown = echo_path(Path::new(&long));
/// assert_eq!(shown.chars().count(), 81);
/// assert!(shown.starts_with("/tmp/ddd") && shown.ends_with("ddd/cube.svg") && shown.contains('…'));
/// ```
pub fn echo_path(path: &std::path::Path) -> String {
    let escaped = cut(&path.to_string_lossy(), usize::MAX);
    let chars: Vec<char> = escaped.chars().collect();
    if chars.len() <= PATH_CHARS {
        return escaped;
    }
    let head = PATH_CHARS / 3;
    let tail = PATH_CHARS - head;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
}

/// A number the user gave, as messages echo it: short (`1e308`, not 309 digits), and cut
/// after [`ECHO_CHARS`] characters as [`echo`] cuts text.
///
/// ```
/// use cubework::base::text::echo_number;
/// assert_eq!(echo_number(1e308), "1e308");
/// assert_eq!(echo_number(-2.5e-9), "-2.5e-9");
/// assert_eq!(echo_number(100.0), "100");
/// assert_eq!(echo_number(-30.5), "-30.5");
/// assert_eq!(echo_number(f64::NAN), "NaN");
/// assert_eq!(echo_number(f64::INFINITY), "inf");
/// ```
pub fn echo_number(v: f64) -> String {
    let a = v.abs();
    if a.is_finite() && (a >= 1e15 || (a != 0.0 && a < 1e-6)) {
        echo(&format!("{v:e}"))
    } else {
        echo(&v.to_string())
    }
}

/// `n` and a noun, singular or plural: `1 move`, `2 moves`.
///
/// ```
/// use cubework::base::text::count;
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
/// assert_eq!(cubework::base::text::thousands(3674160), "3,674,160");
/// assert_eq!(cubework::base::text::thousands(999), "999");
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
/// use cubework::base::text::{whole_in, WholeError};
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
