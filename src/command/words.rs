//! The words several families read alike: a command's [`Line`] (its words, and the session
//! whose notation and size moves are read in), `size N` and other leading options, a metric,
//! a count, a sequence that must be there, a quoted string.

use std::collections::HashMap;

use super::usage;
use crate::answer::error::{Error, Result};
use crate::base::text::echo;
use crate::sequence::alg::Alg;
use crate::sequence::parser::parse_sequence;
use crate::state::cube::Cube;
use crate::turn::metric::Metric;
use crate::turn::notation::Notation;

/// A command's line as its family reads it: the whole line (for the columns of errors in
/// its parts), the command's word and the words after it, and the notation and size of the
/// session moves are read for.
pub(super) struct Line<'a> {
    /// The whole line, trimmed.
    pub line: &'a str,
    /// The command's word, as typed.
    pub word: &'a str,
    /// The words after it, trimmed.
    pub rest: &'a str,
    /// The notation moves are read in.
    pub notation: Notation,
    /// The size of the session's cube.
    pub size: usize,
    /// The colour scheme colour-letter facelet strings are read in.
    pub scheme: crate::turn::face::Scheme,
}

impl Line<'_> {
    /// `part` (a slice of the line) read as a sequence in the session's notation.
    pub fn alg(&self, part: &str) -> Result<Alg> {
        self.within(part, Alg::parse(part, self.notation))
    }

    /// `part` read as plain moves.
    pub fn moves(&self, part: &str) -> Result<Vec<crate::turn::moves::Move>> {
        self.within(part, parse_sequence(part, self.notation))
    }

    /// `result`, with a parse error's column counted from the start of the line rather than
    /// of `part`, the slice of it that was parsed.
    pub fn within<T, E: Into<Error>>(
        &self,
        part: &str,
        result: std::result::Result<T, E>,
    ) -> Result<T> {
        result.map_err(|e| e.into().shifted(super::column_of(self.line, part)))
    }
}

/// The count after `undo` or `redo`: 1 when none is given.
pub(super) fn count(word: &str, arg: &str) -> Result<usize> {
    if arg.is_empty() {
        return Ok(1);
    }
    arg.parse().ok().filter(|&n: &usize| n >= 1).ok_or_else(|| {
        usage(&format!(
            "{word} '{}'? ({word}, or {word} N for the last N changes)",
            echo(arg)
        ))
    })
}

/// Leading `NAME VALUE` options (from `names`) and the rest of the line.
pub(super) fn options<'a>(
    rest: &'a str,
    names: &[&str],
) -> Result<(HashMap<String, String>, &'a str)> {
    let mut opts = HashMap::new();
    let mut rest = rest.trim_start();
    loop {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !names.contains(&word.to_lowercase().as_str()) {
            return Ok((opts, rest));
        }
        let after = after.trim_start();
        let (value, tail) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        if value.is_empty() {
            return Err(usage(&format!("{word} needs a value")));
        }
        opts.insert(word.to_lowercase(), value.to_string());
        rest = tail.trim_start();
    }
}

/// The command line's `--plot FILE` (or `--plot=FILE`) among a REPL line's words, read as
/// the flag is: the file, and the line without the two words (as it was, when not there). A
/// file there that is not a picture is refused, as `draw FILE` refuses it.
pub(super) fn plot_option(rest: &str) -> Result<(Option<std::path::PathBuf>, String)> {
    let words: Vec<(usize, &str)> = rest
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - rest.as_ptr() as usize, w))
        .collect();
    let is_plot = |w: &str| {
        let w = w.to_ascii_lowercase();
        w == "--plot" || w.starts_with("--plot=")
    };
    let Some(i) = words.iter().position(|&(_, w)| is_plot(w)) else {
        return Ok((None, rest.to_string()));
    };
    if words[i + 1..].iter().any(|&(_, w)| is_plot(w)) {
        return Err(usage("--plot is given twice"));
    }
    let (start, word) = words[i];
    let (file, end) = match word.split_once('=') {
        Some((_, file)) => (file, start + word.len()),
        None => match words.get(i + 1) {
            Some(&(at, file)) => (file, at + file.len()),
            None => ("", start + word.len()),
        },
    };
    if file.is_empty() {
        return Err(usage("--plot needs a file name: --plot FILE"));
    }
    let file = plot_file(file)?;
    let kept = format!("{} {}", rest[..start].trim_end(), rest[end..].trim_start());
    Ok((Some(file), kept.trim().to_string()))
}

/// The REPL's `--plot FILE`'s file: as `draw FILE` in the REPL, a file there that is not a
/// picture is not written over.
pub(super) fn plot_file(file: &str) -> Result<std::path::PathBuf> {
    let file = std::path::PathBuf::from(file);
    refuse_to_replace(&file, "--plot")?;
    Ok(file)
}

/// An optional leading metric name (htm, qtm, stm; half-turn by default) and the rest.
pub(super) fn metric_prefix(rest: &str) -> (Metric, &str) {
    let rest = rest.trim_start();
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match first.parse::<Metric>() {
        Ok(m) => (m, after),
        Err(_) => (Metric::Htm, rest),
    }
}

/// The `size N` option, if given.
pub(super) fn size(opts: &HashMap<String, String>) -> Result<Option<usize>> {
    match opts.get("size") {
        None => Ok(None),
        Some(v) => Cube::read_size(v)?
            .map(Some)
            .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(v)))),
    }
}

pub(super) fn need_alg(alg: &str) -> Result<&str> {
    if alg.trim().is_empty() {
        Err(usage("this command needs a sequence, e.g. R U R' U'"))
    } else {
        Ok(alg)
    }
}

/// The inside of a quoted string (`'…'`, `"…"`, `‘…’`, `“…”`), a part of `line`; the text
/// as it is when it is not quoted. A quote opened and never closed is an error naming its
/// column in the line (counted from 1, as a sequence's errors count).
pub(super) fn strip_quotes<'a>(line: &str, s: &'a str) -> Result<&'a str> {
    let s = s.trim();
    for q in ['\'', '"', '‘', '“'] {
        if let Some(inner) = s.strip_prefix(q) {
            let close = match q {
                '‘' => '’',
                '“' => '”',
                other => other,
            };
            return inner.strip_suffix(close).ok_or_else(|| {
                usage(&format!(
                    "the quote {q} at column {} is never closed (end the string with {close})",
                    super::column_of(line, s) + 1
                ))
            });
        }
    }
    Ok(s)
}

/// Whether `draw` (or the REPL's `--plot`: `what`) may write `path`: a new name, an empty file, or a file that is a picture
/// as `draw` writes one, told by how it begins (after any blank space: `<svg` or `<?xml` an
/// SVG, `<!doctype html` a page, the PNG signature an image). Any other file (notes, a
/// workspace) is not replaced: the error names it. What is not a regular file is left to the
/// writer, which refuses it.
pub(super) fn refuse_to_replace(path: &std::path::Path, what: &str) -> Result<()> {
    use std::io::Read;
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    if path.as_os_str() == "-" || !meta.is_file() || meta.len() == 0 {
        return Ok(());
    }
    let mut head = Vec::with_capacity(64);
    let read = std::fs::File::open(path).and_then(|f| f.take(64).read_to_end(&mut head));
    if read.is_err() {
        // Unreadable: the write says why it cannot replace it, if it cannot.
        return Ok(());
    }
    let text = String::from_utf8_lossy(&head)
        .trim_start()
        .to_ascii_lowercase();
    let picture = head.starts_with(b"\x89PNG\r\n\x1a\n")
        || ["<svg", "<?xml", "<!doctype html"]
            .iter()
            .any(|start| text.starts_with(start));
    if picture {
        return Ok(());
    }
    Err(usage(&format!(
        "{what}: {} exists and is not a picture (SVG, PNG or HTML page); not replaced (remove it first, or choose another name)",
        crate::base::text::echo_path(path)
    )))
}
