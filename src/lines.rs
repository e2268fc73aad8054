//! Lines of text as people hand them to the workbench — session files, piped input, batch
//! files, the history file — read so that no input can end or exhaust the program.
//!
//! * Each line is checked for UTF-8 on its own: a line that is not is one
//!   [`LineError::NotUtf8`] naming its number, and reading goes on with the next line.
//! * A UTF-8 byte-order mark at the very start is skipped; `\r\n` endings are accepted.
//! * A line may be at most [`MAX_LINE_BYTES`] (1 MiB). A longer one is refused with
//!   [`LineError::TooLong`] before more than that is held in memory, and reading stops there:
//!   what follows cannot be told apart into lines (`/dev/zero` has no newlines at all).
//! * A line holding a NUL byte is [`LineError::NotText`], and reading stops there: text has no
//!   NUL bytes (as `git`, `grep` and `diff` also judge), so the input is binary (a program,
//!   an image, `/dev/urandom`), and reading on would only make one error a line.

use std::io::{BufRead, Read};

/// The longest line the workbench reads: 1 MiB (1,048,576 bytes).
pub const MAX_LINE_BYTES: usize = 1 << 20;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why a line could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The line is not UTF-8 text.
    #[error("line {line} is not UTF-8 text")]
    NotUtf8 {
        /// Its number, from 1.
        line: usize,
    },
    /// The line holds a NUL byte: the input is not text.
    #[error("line {line} holds a NUL byte: this is not a text file; reading stopped there")]
    NotText {
        /// Its number, from 1.
        line: usize,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error(
        "line {line} is longer than the limit of 1 MiB (1,048,576 bytes); reading stopped there"
    )]
    TooLong {
        /// Its number, from 1.
        line: usize,
    },
    /// Reading failed.
    #[error("cannot read line {line}: {source}")]
    Io {
        /// Its number, from 1.
        line: usize,
        /// What went wrong.
        source: std::io::Error,
    },
}

impl LineError {
    /// The number of the line it is about.
    pub fn line(&self) -> usize {
        match self {
            LineError::NotUtf8 { line }
            | LineError::NotText { line }
            | LineError::TooLong { line }
            | LineError::Io { line, .. } => *line,
        }
    }

    /// Whether reading can go on after this error (only a line that is not UTF-8).
    pub fn is_recoverable(&self) -> bool {
        matches!(self, LineError::NotUtf8 { .. })
    }
}

/// The lines of a byte stream, numbered from 1 (see the module docs).
///
/// ```
/// use cubework::lines::{Lines, LineError};
/// let input: &[u8] = b"\xEF\xBB\xBFR U\r\nbad \xFF\nF2";
/// let read: Vec<Result<(usize, String), String>> = Lines::new(input)
///     .map(|r| r.map_err(|e| e.to_string()))
///     .collect();
/// assert_eq!(read, [
///     Ok((1, "R U".to_string())),
///     Err("line 2 is not UTF-8 text".to_string()),
///     Ok((3, "F2".to_string())),
/// ]);
/// ```
pub struct Lines<R> {
    reader: R,
    number: usize,
    done: bool,
    limit: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each at most [`MAX_LINE_BYTES`].
    pub fn new(reader: R) -> Lines<R> {
        Lines::with_limit(reader, MAX_LINE_BYTES)
    }

    /// Lines of `reader`, each at most `limit` bytes (for tests of the limit).
    pub fn with_limit(reader: R, limit: usize) -> Lines<R> {
        Lines {
            reader,
            number: 0,
            done: false,
            limit,
        }
    }

    /// The number of the line last returned.
    pub fn line_number(&self) -> usize {
        self.number
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut buf = Vec::new();
        let read = (&mut self.reader)
            .take(self.limit as u64 + 2)
            .read_until(b'\n', &mut buf);
        self.number += 1;
        let line = self.number;
        match read {
            Err(source) => {
                self.done = true;
                return Some(Err(LineError::Io { line, source }));
            }
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) => {}
        }
        let ended = buf.last() == Some(&b'\n');
        if ended {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        if buf.len() > self.limit || (!ended && buf.len() == self.limit + 2) {
            self.done = true;
            return Some(Err(LineError::TooLong { line }));
        }
        if buf.contains(&0) {
            self.done = true;
            return Some(Err(LineError::NotText { line }));
        }
        if line == 1 && buf.starts_with(BOM) {
            buf.drain(..BOM.len());
        }
        Some(
            String::from_utf8(buf)
                .map(|s| (line, s))
                .map_err(|_| LineError::NotUtf8 { line }),
        )
    }
}

/// Lines joined into statements: a line for which `continues` holds (a bracket left open, say)
/// goes on with the next line, joined with a line break, as a pasted multi-line algorithm
/// does. Each statement is numbered by its first line. A statement may be at most
/// [`MAX_LINE_BYTES`] in all; a line that is not UTF-8 ends the statement it was in.
///
/// ```
/// use cubework::lines::{Lines, statements};
/// let input: &[u8] = b"R U\n[R,\nU]\nF";
/// let open = |s: &str| s.matches('[').count() > s.matches(']').count();
/// let read: Vec<(usize, String)> =
///     statements(Lines::new(input), open).map(|r| r.unwrap()).collect();
/// assert_eq!(read, [(1, "R U".into()), (2, "[R,\nU]".into()), (4, "F".into())]);
/// ```
pub fn statements<R: BufRead>(
    lines: Lines<R>,
    continues: impl Fn(&str) -> bool,
) -> impl Iterator<Item = Result<(usize, String), LineError>> {
    let mut lines = lines.peekable();
    std::iter::from_fn(move || {
        let (first, mut text) = match lines.next()? {
            Ok(read) => read,
            Err(e) => return Some(Err(e)),
        };
        while continues(&text) {
            match lines.peek() {
                Some(Ok(_)) => {
                    let Some(Ok((_, more))) = lines.next() else {
                        break;
                    };
                    if text.len() + 1 + more.len() > MAX_LINE_BYTES {
                        return Some(Err(LineError::TooLong { line: first }));
                    }
                    text.push('\n');
                    text.push_str(&more);
                }
                _ => break,
            }
        }
        Some(Ok((first, text)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8], limit: usize) -> Vec<Result<(usize, String), String>> {
        Lines::with_limit(input, limit)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn lines_are_numbered_and_checked_one_by_one() {
        assert_eq!(
            read(b"R\n\xC3\x28\nU\n\nF", 100),
            [
                Ok((1, "R".into())),
                Err("line 2 is not UTF-8 text".into()),
                Ok((3, "U".into())),
                Ok((4, "".into())),
                Ok((5, "F".into())),
            ]
        );
        assert_eq!(read(b"", 100), []);
        assert_eq!(read(b"\n", 100), [Ok((1, "".into()))]);
        // A byte-order mark only at the start of the input.
        assert_eq!(
            read(b"\xEF\xBB\xBFR\n\xEF\xBB\xBFU", 100),
            [Ok((1, "R".into())), Ok((2, "\u{feff}U".into()))]
        );
    }

    #[test]
    fn a_line_over_the_limit_ends_the_reading() {
        let limit = 10;
        let ok = format!("{}\nR", "x".repeat(limit));
        assert_eq!(read(ok.as_bytes(), limit).len(), 2);
        let long = format!("R\n{}\nU\n", "x".repeat(limit + 1));
        let got = read(long.as_bytes(), limit);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[1].as_ref().unwrap_err().contains("line 2 is longer"));
        // An endless stream with no newline: one error, and the end.
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let got: Vec<_> = Lines::with_limit(endless, 1000).collect();
        assert_eq!(got.len(), 1);
        assert!(matches!(got[0], Err(LineError::TooLong { line: 1 })));
    }

    #[test]
    fn a_line_with_a_nul_byte_ends_the_reading_as_not_text() {
        let got = read(b"R\nU\x00\xff\nF\n", 100);
        assert_eq!(
            got,
            [
                Ok((1, "R".into())),
                Err(
                    "line 2 holds a NUL byte: this is not a text file; reading stopped there"
                        .into()
                ),
            ]
        );
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]
        #[test]
        fn any_bytes_read_without_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let n = Lines::with_limit(bytes.as_slice(), 16).count();
            proptest::prop_assert!(n <= bytes.len() + 1);
        }
    }
}
