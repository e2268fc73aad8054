//! Lines of text as people hand them to the workbench — session files, piped input, batch
//! files, the history file — read so that no input can end or exhaust the program.
//!
//! * Each line is checked for UTF-8 on its own: a line that is not is one
//!   [`LineError::NotUtf8`] naming its number, and reading goes on with the next line.
//! * A UTF-8 byte-order mark at the very start is skipped. A line ends at `\n`, `\r\n` or a
//!   `\r` alone (old Mac files), so a file in any of the three reads as the same lines.
//! * A line may be at most [`MAX_LINE_BYTES`] (1 MiB). A longer one is refused with
//!   [`LineError::TooLong`] before more than that is held in memory.
//! * A line holding a NUL byte is [`LineError::NotText`]: text has no NUL bytes (as `git`,
//!   `grep` and `diff` also judge). Like a line that is not UTF-8, it is an error of its own
//!   and reading goes on with the next line (a session gives up on binary input after its
//!   limit of failing lines in a row).
//!
//! After a line too long, reading goes on: the rest of the line is passed over unheld, to
//! its line break, and the next line is read as any other. [`Lines::new`], for sessions (a
//! file of commands, piped input), gives up on a line that goes on past
//! [`MAX_SKIPPED_BYTES`] (64 MiB) with no line break: the input is binary (`/dev/zero`, which
//! has no line breaks at all), and reading on would never end. [`Lines::every_line`], for a
//! batch that answers each line with a line, reads with the same bound: a batch of
//! `/dev/zero` ends with its one line's error instead of reading for ever.

use std::io::BufRead;

/// The longest line the workbench reads: 1 MiB (1,048,576 bytes).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How far a session's reader ([`Lines::new`]) passes over a line too long, looking for its
/// end, before it stops reading: 64 MiB.
pub const MAX_SKIPPED_BYTES: usize = 64 << 20;

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
    /// The line holds a NUL byte: it is not text.
    #[error("line {line} holds a NUL byte, which no text has")]
    NotText {
        /// Its number, from 1.
        line: usize,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error("line {line} is longer than the limit of 1 MiB (1,048,576 bytes){}", if *.stopped { "; reading stopped there" } else { "" })]
    TooLong {
        /// Its number, from 1.
        line: usize,
        /// Whether reading stopped there.
        stopped: bool,
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
            | LineError::NotText { line, .. }
            | LineError::TooLong { line, .. }
            | LineError::Io { line, .. } => *line,
        }
    }

    /// Whether reading goes on after this error: always after a line that is not UTF-8 or
    /// holds a NUL byte, after a line too long unless its reader gave up on it unfinished.
    pub fn is_recoverable(&self) -> bool {
        match self {
            LineError::NotUtf8 { .. } | LineError::NotText { .. } => true,
            LineError::TooLong { stopped, .. } => !stopped,
            LineError::Io { .. } => false,
        }
    }
}

/// The lines of a byte stream, numbered from 1 (see the module docs).
///
/// ```
/// use cubework::base::lines::{Lines, LineError};
/// let input: &[u8] = b"\xEF\xBB\xBFR U\r\nbad \xFF\rF2";
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
    /// The last line was given up on unfinished (too long to pass over): reading stops there.
    cut: bool,
    /// The last line ended with `\r`: a `\n` straight after it belongs to that line's end.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each at most [`MAX_LINE_BYTES`]; a line too long is an error of its
    /// own, and reading goes on after it, unless it goes on past [`MAX_SKIPPED_BYTES`].
    pub fn new(reader: R) -> Lines<R> {
        Lines::with_limit(reader, MAX_LINE_BYTES)
    }

    /// Lines of `reader`, each at most [`MAX_LINE_BYTES`], every one of them read: a line too
    /// long is an error of its own, and reading goes on with the next line, unless it goes
    /// on past [`MAX_SKIPPED_BYTES`] (then reading stops there, as [`Lines::new`]'s does).
    /// For a batch, whose every input line gets an output line.
    ///
    /// ```
    /// use cubework::base::lines::Lines;
    /// let long = "x".repeat(cubework::base::lines::MAX_LINE_BYTES + 1);
    /// let input = format!("R\n{long}\nU\0\nF\n");
    /// let read: Vec<_> = Lines::every_line(input.as_bytes())
    ///     .map(|r| r.map_err(|e| e.line()))
    ///     .collect();
    /// assert_eq!(read, [Ok((1, "R".into())), Err(2), Err(3), Ok((4, "F".into()))]);
    /// ```
    pub fn every_line(reader: R) -> Lines<R> {
        Lines::new(reader)
    }

    /// Lines of `reader`, each at most `limit` bytes (for tests of the limit).
    pub fn with_limit(reader: R, limit: usize) -> Lines<R> {
        Lines {
            reader,
            number: 0,
            done: false,
            limit,
            cut: false,
            after_cr: false,
        }
    }

    /// The number of the line last returned.
    pub fn line_number(&self) -> usize {
        self.number
    }

    /// Reads the next line's bytes into `buf`, at most `limit` + 1 of them (more: the line
    /// is too long, and the rest of it is passed over, unless reading stops there). Whether
    /// there was a line at all (not the end of the input).
    fn read_line(&mut self, buf: &mut Vec<u8>) -> std::io::Result<bool> {
        let mut any = false;
        // The line's bytes so far, held or passed over; past this, a session stops reading.
        let mut seen = 0usize;
        let skip_max = self
            .limit
            .saturating_mul(MAX_SKIPPED_BYTES / MAX_LINE_BYTES);
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            if std::mem::take(&mut self.after_cr) && chunk[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let part = &chunk[..end.unwrap_or(chunk.len())];
            seen = seen.saturating_add(part.len());
            let room = (self.limit + 1).saturating_sub(buf.len());
            buf.extend_from_slice(&part[..part.len().min(room)]);
            let over = buf.len() > self.limit;
            match end {
                Some(at) => {
                    self.after_cr = chunk[at] == b'\r';
                    self.reader.consume(at + 1);
                    return Ok(true);
                }
                None => {
                    let len = chunk.len();
                    self.reader.consume(len);
                    if over && seen > skip_max {
                        self.cut = true;
                        return Ok(true);
                    }
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<(usize, String), LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut buf = Vec::new();
        let read = self.read_line(&mut buf);
        self.number += 1;
        let line = self.number;
        match read {
            Err(source) => {
                self.done = true;
                return Some(Err(LineError::Io { line, source }));
            }
            Ok(false) => {
                self.done = true;
                return None;
            }
            Ok(true) => {}
        }
        let stopped = std::mem::take(&mut self.cut);
        if buf.len() > self.limit {
            self.done = stopped;
            return Some(Err(LineError::TooLong { line, stopped }));
        }
        if buf.contains(&0) {
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

/// A statement: one line, or lines joined while a bracket is open (see [`Joiner`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The number of its first line, from 1.
    pub line: usize,
    /// Its lines, joined with line breaks.
    pub text: String,
    /// Whether a bracket is still open at its end: the input ended, or the next line could
    /// not go on with it. Such a statement is an error, not something to run.
    pub open: bool,
}

/// Lines joined into statements as they come, one line at a time: a line that leaves a
/// bracket open goes on with the next lines, joined with line breaks, as a pasted multi-line
/// algorithm does — but only while those lines can go on with it. An empty line, a note (a
/// line starting with `#`), or a line for which `continues` says no (a command word, say) ends
/// the open statement, which comes out with [`Statement::open`] set, and then starts its own.
///
/// `balance` tells how many brackets one line opens, less those it closes; it sees each line
/// once, so joining stays linear in the input however many lines a statement has. A note
/// opens nothing. A statement may be at most [`MAX_LINE_BYTES`] in all: a line that would
/// make it longer is a [`LineError::TooLong`] naming the statement's first line, and the
/// statement and that line are dropped.
///
/// ```
/// use cubework::base::lines::{Joiner, Statement};
/// let balance = |s: &str| s.matches('(').count() as i64 - s.matches(')').count() as i64;
/// let mut joiner = Joiner::new(balance, |line: &str| line != "quit");
/// assert!(joiner.push(1, "(R".into()).is_empty());
/// assert!(joiner.is_open());
/// let done: Vec<_> = joiner.push(2, "U)".into()).into_iter().map(Result::unwrap).collect();
/// assert_eq!(done, [Statement { line: 1, text: "(R\nU)".into(), open: false }]);
/// joiner.push(3, "(F".into());
/// let done: Vec<_> = joiner.push(4, "quit".into()).into_iter().map(Result::unwrap).collect();
/// assert_eq!(done, [
///     Statement { line: 3, text: "(F".into(), open: true },
///     Statement { line: 4, text: "quit".into(), open: false },
/// ]);
/// ```
pub struct Joiner<B, C> {
    balance: B,
    continues: C,
    /// The statement being joined, and how many brackets it leaves open.
    open: Option<(Statement, i64)>,
}

impl<B: Fn(&str) -> i64, C: Fn(&str) -> bool> Joiner<B, C> {
    /// A joiner with nothing open.
    pub fn new(balance: B, continues: C) -> Joiner<B, C> {
        Joiner {
            balance,
            continues,
            open: None,
        }
    }

    /// Whether a statement is open, waiting for more lines.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Takes line `number`: the statements it ends, in order (at most two: the open one it
    /// cannot go on with, and itself).
    pub fn push(&mut self, number: usize, line: String) -> Vec<Result<Statement, LineError>> {
        let mut done = Vec::new();
        let blank = line.trim().is_empty();
        let note = line.trim_start().starts_with('#');
        if let Some((mut statement, depth)) = self.open.take() {
            if !blank && !note && (self.continues)(&line) {
                if statement.text.len() + 1 + line.len() > MAX_LINE_BYTES {
                    done.push(Err(LineError::TooLong {
                        line: statement.line,
                        stopped: false,
                    }));
                    return done;
                }
                let depth = depth + (self.balance)(&line);
                statement.text.push('\n');
                statement.text.push_str(&line);
                if depth > 0 {
                    self.open = Some((statement, depth));
                } else {
                    statement.open = false;
                    done.push(Ok(statement));
                }
                return done;
            }
            done.push(Ok(statement));
        }
        let depth = if note { 0 } else { (self.balance)(&line) };
        let statement = Statement {
            line: number,
            text: line,
            open: depth > 0,
        };
        if depth > 0 {
            self.open = Some((statement, depth));
        } else {
            done.push(Ok(statement));
        }
        done
    }

    /// The statement still open, if any (the input has ended).
    pub fn finish(&mut self) -> Option<Statement> {
        self.open.take().map(|(statement, _)| statement)
    }
}

/// The statements of a stream of lines (see [`Joiner`]); a line that is not UTF-8 ends the
/// statement it was in, and is an error of its own.
///
/// ```
/// use cubework::base::lines::{Joiner, Lines, statements};
/// let input: &[u8] = b"R U\n[R,\nU]\nF\n(D\nquit\n";
/// let balance = |s: &str| s.matches('[').count() as i64 - s.matches(']').count() as i64
///     + s.matches('(').count() as i64 - s.matches(')').count() as i64;
/// let joiner = Joiner::new(balance, |line: &str| line != "quit");
/// let read: Vec<(usize, String, bool)> = statements(Lines::new(input), joiner)
///     .map(|r| r.unwrap())
///     .map(|s| (s.line, s.text, s.open))
///     .collect();
/// assert_eq!(read, [
///     (1, "R U".into(), false),
///     (2, "[R,\nU]".into(), false),
///     (4, "F".into(), false),
///     (5, "(D".into(), true),
///     (6, "quit".into(), false),
/// ]);
/// ```
pub fn statements<R: BufRead, B: Fn(&str) -> i64, C: Fn(&str) -> bool>(
    mut lines: Lines<R>,
    mut joiner: Joiner<B, C>,
) -> impl Iterator<Item = Result<Statement, LineError>> {
    let mut ready = std::collections::VecDeque::new();
    let mut ended = false;
    std::iter::from_fn(move || {
        loop {
            if let Some(next) = ready.pop_front() {
                return Some(next);
            }
            if ended {
                return None;
            }
            match lines.next() {
                Some(Ok((number, line))) => ready.extend(joiner.push(number, line)),
                Some(Err(e)) => {
                    ready.extend(joiner.finish().map(Ok));
                    ready.push_back(Err(e));
                }
                None => {
                    ended = true;
                    ready.extend(joiner.finish().map(Ok));
                }
            }
        }
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
    fn a_line_over_the_limit_is_one_error_and_reading_goes_on_unless_it_never_ends() {
        let limit = 10;
        let ok = format!("{}\nR", "x".repeat(limit));
        assert_eq!(read(ok.as_bytes(), limit).len(), 2);
        let long = format!("R\n{}\nU\n", "x".repeat(limit * 50));
        let got = read(long.as_bytes(), limit);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(
            got[1].as_ref().unwrap_err(),
            "line 2 is longer than the limit of 1 MiB (1,048,576 bytes)"
        );
        assert_eq!(got[2], Ok((3, "U".into())));
        // An endless stream with no newline: one error, and the end.
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let got: Vec<_> = Lines::with_limit(endless, 1000).collect();
        assert_eq!(got.len(), 1);
        assert!(matches!(
            got[0],
            Err(LineError::TooLong {
                line: 1,
                stopped: true
            })
        ));
    }

    fn joined(input: &str) -> Vec<(usize, String, bool)> {
        let balance = |s: &str| s.matches('(').count() as i64 - s.matches(')').count() as i64;
        let joiner = Joiner::new(balance, |line: &str| line != "reset");
        statements(Lines::new(input.as_bytes()), joiner)
            .map(|r| r.unwrap())
            .map(|s| (s.line, s.text, s.open))
            .collect()
    }

    #[test]
    fn an_open_bracket_goes_on_only_with_lines_that_can_go_on_with_it() {
        let st = |line: usize, text: &str, open: bool| (line, text.to_string(), open);
        // A line the caller refuses, an empty line, a note: each ends the open statement.
        assert_eq!(
            joined("R (U\nreset\n(F\nD\n\nB\n(L\n# (a note\nU)\n"),
            [
                st(1, "R (U", true),
                st(2, "reset", false),
                st(3, "(F\nD", true),
                st(5, "", false),
                st(6, "B", false),
                st(7, "(L", true),
                st(8, "# (a note", false),
                st(9, "U)", false),
            ]
        );
        // The input ending, or a line that is not UTF-8, ends it too.
        assert_eq!(joined("(R\nU"), [st(1, "(R\nU", true)]);
        let read: Vec<_> = statements(
            Lines::new(&b"(R\n\xff\nU)\n"[..]),
            Joiner::new(|s: &str| s.matches('(').count() as i64, |_: &str| true),
        )
        .map(|r| r.map_err(|e| e.to_string()))
        .collect();
        assert_eq!(
            read,
            [
                Ok(Statement {
                    line: 1,
                    text: "(R".into(),
                    open: true
                }),
                Err("line 2 is not UTF-8 text".into()),
                Ok(Statement {
                    line: 3,
                    text: "U)".into(),
                    open: false
                }),
            ]
        );
    }

    #[test]
    fn a_line_with_a_nul_byte_is_an_error_of_its_own_and_reading_goes_on() {
        let got = read(b"R\nU\x00\xff\nF\n", 100);
        assert_eq!(
            got,
            [
                Ok((1, "R".into())),
                Err("line 2 holds a NUL byte, which no text has".into()),
                Ok((3, "F".into())),
            ]
        );
    }

    #[test]
    fn joining_a_long_statement_looks_at_each_line_once() {
        let lines = 20_000;
        let input = format!("(\n{}R)\n", "R\n".repeat(lines));
        let seen = std::cell::Cell::new(0);
        let balance = |s: &str| {
            seen.set(seen.get() + s.len());
            s.matches('(').count() as i64 - s.matches(')').count() as i64
        };
        let read: Vec<_> = statements(Lines::new(input.as_bytes()), Joiner::new(balance, |_| true))
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].text.len(), input.len() - 1);
        // Each byte of each line is looked at once, not once for every line after it.
        assert_eq!(seen.get(), input.len() - (lines + 2));
    }

    #[test]
    fn a_carriage_return_alone_ends_a_line_as_crlf_and_lf_do() {
        let lines = |input: &[u8], capacity: usize| -> Vec<Result<(usize, String), String>> {
            let reader = std::io::BufReader::with_capacity(capacity, input);
            Lines::new(reader)
                .map(|r| r.map_err(|e| e.to_string()))
                .collect()
        };
        let want: Vec<Result<(usize, String), String>> = vec![
            Ok((1, "R".into())),
            Ok((2, "U".into())),
            Ok((3, "".into())),
            Ok((4, "F".into())),
        ];
        for input in [&b"R\rU\r\rF\r"[..], b"R\r\nU\n\nF", b"R\nU\r\n\rF"] {
            // Also with `\r\n` cut between two reads.
            for capacity in [1, 2, 3, 64] {
                assert_eq!(lines(input, capacity), want, "{input:?} {capacity}");
            }
        }
    }

    #[test]
    fn every_line_reads_on_after_a_line_too_long_or_not_text() {
        let limit = 10;
        let long = "x".repeat(3 * limit);
        let input = format!("R\n{long}\nU\0\nF\r{long}");
        let reader = std::io::BufReader::with_capacity(4, input.as_bytes());
        let read: Vec<_> = Lines::with_limit(reader, limit)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            read,
            [
                Ok((1, "R".into())),
                Err("line 2 is longer than the limit of 1 MiB (1,048,576 bytes)".into()),
                Err("line 3 holds a NUL byte, which no text has".into()),
                Ok((4, "F".into())),
                Err("line 5 is longer than the limit of 1 MiB (1,048,576 bytes)".into()),
            ]
        );
    }

    /// The lines of `bytes` as a plain split at `\n`, `\r\n` and `\r` finds them.
    fn split_lines(text: &[u8]) -> usize {
        let mut count = 0;
        let mut i = 0;
        let mut open = false;
        while i < text.len() {
            match text[i] {
                b'\r' if text.get(i + 1) == Some(&b'\n') => {
                    count += 1;
                    open = false;
                    i += 1;
                }
                b'\r' | b'\n' => {
                    count += 1;
                    open = false;
                }
                _ => open = true,
            }
            i += 1;
        }
        count + usize::from(open)
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]
        #[test]
        fn every_line_of_any_bytes_is_one_item(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::Just(b'\n'),
                    proptest::prelude::Just(b'\r'),
                    proptest::prelude::Just(0u8),
                    proptest::prelude::Just(b'x'),
                    proptest::prelude::any::<u8>(),
                ],
                0..200,
            ),
            capacity in 1usize..8,
        ) {
            let reader = std::io::BufReader::with_capacity(capacity, bytes.as_slice());
            let read: Vec<_> = Lines::with_limit(reader, 8).collect();
            proptest::prop_assert_eq!(read.len(), split_lines(&bytes));
            for (i, item) in read.iter().enumerate() {
                let number = match item {
                    Ok((number, _)) => *number,
                    Err(e) => e.line(),
                };
                proptest::prop_assert_eq!(number, i + 1);
            }
        }

        #[test]
        fn any_bytes_read_without_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let n = Lines::with_limit(bytes.as_slice(), 16).count();
            proptest::prop_assert!(n <= bytes.len() + 1);
        }
    }
}
