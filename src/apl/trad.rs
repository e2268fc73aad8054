//! Traditional functions, as APL2 defines them: a header line `∇Z←A NAME B;L1;L2` (result,
//! arguments and locals each optional; a function of no argument, `∇Z←NAME`, runs where its
//! name is read, as a variable's value is), body lines (an optional
//! `[n]` before each is ignored; `LABEL:` at a line's start names its number), and a line
//! `∇` that ends it. `→N` branches to line N (0, or a line past the end, leaves; an empty
//! `→⍬` goes on); names the header does not make local are the workspace's (APL's dynamic
//! scope), where a direct definition's are its own. Dyalog's control structures (`:If`,
//! `:While`, `:For`, …) are read too, and compiled with the lines ([`super::control`]).

use super::control::{self, Program};
use super::error::{AplError, ErrorKind};
use super::parse::{Named, Parser, Tok, Token, lex};

/// A traditional function, read.
#[derive(Debug)]
pub(crate) struct Tradfn {
    pub(crate) result: Option<String>,
    pub(crate) left: Option<String>,
    /// None: a function of no argument (niladic).
    pub(crate) right: Option<String>,
    /// Every name local to it: result, arguments, locals and labels.
    pub(crate) locals: Vec<String>,
    /// Its lines, compiled: their statements and control structures.
    pub(crate) program: Program,
    /// Each label and its line number.
    pub(crate) labels: Vec<(String, usize)>,
    /// Its name.
    pub(crate) name: String,
    /// Each body line as typed (without a `[n]` before it): where an error in it is shown.
    pub(crate) source: Vec<String>,
}

impl Tradfn {
    /// An error that stopped line `pc` (0-based) shown as APL2 shows it: the line after the
    /// function's name and its number, `F[2] Z←1÷0`, with the caret under the place (at the
    /// line's start for an error that has none, such as Ctrl-C between statements). An error
    /// placed in another line (of a function this one called) is left as it is.
    pub(crate) fn place(&self, e: AplError, pc: usize) -> AplError {
        match self.source.get(pc) {
            Some(line) => placed(&self.name, pc, line, e),
            None => e,
        }
    }
}

/// An error in line `pc` (0-based), `line`, of function `name`, shown with the function's
/// name and the line's number before the line (`F[2] Z←1÷0`).
fn placed(name: &str, pc: usize, line: &str, mut e: AplError) -> AplError {
    let prefix = format!("{name}[{}] ", pc + 1);
    let shift = prefix.chars().count();
    if e.column == usize::MAX {
        return e.at(&format!("{prefix}{line}"), shift);
    }
    if e.line == *line {
        e.line = format!("{prefix}{line}");
        e.column += shift;
    }
    e
}

fn syntax(detail: impl Into<String>, line: &str) -> AplError {
    AplError::new(ErrorKind::Syntax, detail).at(line, 0)
}

/// The lines of a definition's text: the header (without its `∇`) and the body, without the
/// closing `∇` and any `[n]` prefixes.
fn split(text: &str) -> (String, Vec<String>) {
    let mut lines = text.lines();
    let header = lines
        .next()
        .unwrap_or_default()
        .trim()
        .trim_start_matches('∇')
        .to_string();
    let body = lines
        .map(str::trim)
        .filter(|l| *l != "∇")
        .map(|l| {
            let l = l.trim_end_matches('∇').trim_end();
            match (l.starts_with('['), l.find(']')) {
                (true, Some(close)) if l[1..close].trim().chars().all(|c| c.is_ascii_digit()) => {
                    l[close + 1..].trim_start().to_string()
                }
                _ => l.to_string(),
            }
        })
        .collect();
    (header, body)
}

/// The name a definition's text defines, if its header reads.
pub(crate) fn name(text: &str) -> Option<String> {
    header(&split(text).0).ok().map(|h| h.0)
}

/// Whether a definition's text is a function of no argument.
pub(crate) fn is_niladic(text: &str) -> bool {
    header(&split(text).0).is_ok_and(|h| h.3.is_none())
}

/// `(name, result, left, right, locals)` of a header.
#[allow(clippy::type_complexity)]
fn header(
    line: &str,
) -> Result<
    (
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Vec<String>,
    ),
    AplError,
> {
    let tokens = lex(line)?;
    let names = |ts: &[Token]| -> Option<Vec<String>> {
        ts.iter()
            .map(|t| match &t.kind {
                Tok::Name(n) if n != "⍵" && n != "⍺" && !n.starts_with('⎕') => {
                    Some(n.clone())
                }
                _ => None,
            })
            .collect()
    };
    let semi = tokens
        .iter()
        .position(|t| t.kind == Tok::Semi)
        .unwrap_or(tokens.len());
    let locals: Vec<String> = tokens[semi..]
        .split(|t| t.kind == Tok::Semi)
        .filter(|p| !p.is_empty())
        .map(|p| names(p).filter(|n| n.len() == 1).map(|mut n| n.remove(0)))
        .collect::<Option<_>>()
        .ok_or_else(|| syntax("locals are names after semicolons: ;L1;L2", line))?;
    let head = &tokens[..semi];
    let (result, rest) = match head {
        [
            Token {
                kind: Tok::Name(z), ..
            },
            Token {
                kind: Tok::Arrow, ..
            },
            rest @ ..,
        ] => (Some(z.clone()), rest),
        rest => (None, rest),
    };
    if line.split('⍝').next().is_some_and(|h| h.contains('{')) {
        return Err(syntax(
            "an ambivalent header ({A}: a left argument that may be left out) is not read; a dfn with ⍺← is",
            line,
        ));
    }
    let rest = names(rest).ok_or_else(|| syntax("a header is [Z←][A] NAME B[;L…]", line))?;
    match rest.as_slice() {
        [f] => Ok((f.clone(), result, None, None, locals)),
        [f, b] => Ok((f.clone(), result, None, Some(b.clone()), locals)),
        [a, f, b] => Ok((f.clone(), result, Some(a.clone()), Some(b.clone()), locals)),
        _ => Err(syntax("a header is [Z←][A] NAME B[;L…]", line)),
    }
}

/// Reads a definition's text (`∇` header, lines, `∇`), knowing which names are functions.
pub(crate) fn parse(
    text: &str,
    names: &dyn Fn(&str) -> Named,
) -> Result<(String, Tradfn), AplError> {
    let (head, body) = split(text);
    let (name, result, left, right, mut locals) = header(&head)?;
    let mut labels = Vec::new();
    let mut lexed = Vec::with_capacity(body.len());
    for (i, line) in body.iter().enumerate() {
        let tokens = lex(line).map_err(|e| placed(&name, i, line, e))?;
        let start = match tokens.as_slice() {
            [
                Token {
                    kind: Tok::Name(l), ..
                },
                Token {
                    kind: Tok::Colon, ..
                },
                ..,
            ] => {
                labels.push((l.clone(), i + 1));
                2
            }
            _ => 0,
        };
        lexed.push((tokens, start));
    }
    locals.extend(result.iter().cloned());
    locals.extend(left.iter().cloned());
    locals.extend(right.iter().cloned());
    locals.extend(labels.iter().map(|(l, _)| l.clone()));
    // Its local names are arrays inside it, whatever the workspace calls functions.
    let shadowed = |n: &str| match locals.iter().any(|l| l == n) {
        true => Named::Array,
        false => names(n),
    };
    let mut lines = Vec::with_capacity(body.len());
    for (pc, (line, (tokens, start))) in body.iter().zip(&lexed).enumerate() {
        let parser = Parser::new(line, tokens, &shadowed);
        lines.push(control::read(&parser, *start).map_err(|e| placed(&name, pc, line, e))?);
    }
    let program = control::compile(&name, &body, lines)?;
    let own_name = name.clone();
    Ok((
        name,
        Tradfn {
            result,
            left,
            right,
            locals,
            program,
            labels,
            name: own_name,
            source: body,
        },
    ))
}

/// Every name a definition's text mentions (not its control words).
pub(crate) fn names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for tokens in text
        .lines()
        .filter_map(|l| lex(l.trim().trim_start_matches('∇')).ok())
    {
        let mut before = None;
        for t in tokens {
            if let Tok::Name(n) = &t.kind
                && !control::is_word(before.as_ref(), n)
            {
                out.push(n.clone());
            }
            before = Some(t.kind);
        }
    }
    out
}
