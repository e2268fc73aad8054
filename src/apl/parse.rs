//! Reading APL: a line into tokens, and tokens into a tree evaluated right to left.
//!
//! Whether a name is a function or an array decides how a line parses (`X X X ⍵`, `B F L R
//! CUBE`), so the parser asks the workspace which names are functions.

use super::defs::{Operator, Prim};
use super::error::{AplError, ErrorKind};
use super::fold::fold;
use super::tree::{Dfn, DfnStatement, Expr, Func, FuncKind, Indices};
use super::value::{Elem, Value};

use std::cell::RefCell;
use std::sync::Arc;

/// Deepest nesting of parentheses and brackets read.
const MAX_NESTING: usize = 100;

/// Most tokens in a line: bounds how deep its tree can go, and so the recursion that reads,
/// evaluates and drops it.
pub const MAX_TOKENS: usize = 4000;

/// A token and where it starts (in characters).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    pub(crate) pos: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Num(f64),
    Str(Vec<char>),
    Name(String),
    Prim(Prim),
    Each,
    Jot,
    Dot,
    LParen,
    RParen,
    LBrack,
    RBrack,
    Semi,
    Arrow,
    Diamond,
    Colon,
    /// `⍬`, the empty numeric vector.
    Zilde,
    LBrace,
    RBrace,
    /// `∇`, the dfn itself.
    Del,
    /// `⍣`, the power operator.
    Power,
    /// `→`, branch (in a traditional function).
    Branch,
    /// `⍨ ⌸` (taking a function on their left) and `⍤ @` (and one on their right).
    Op(Operator),
}

fn name_start(c: char) -> bool {
    c.is_alphabetic() && c != 'ω' && c != 'α' || c == '_' || c == '∆' || c == '⍙' || c == '⎕'
}

fn name_char(c: char) -> bool {
    name_start(c) || c.is_ascii_digit() || c == '\u{304}' || c == '\u{305}'
}

/// The paper's bar over an inverse may come precomposed (Ū, Ȳ), or as a string's barred
/// letter run by `⍎` ([`super::bar`]): spelled as the letter and a combining macron, as `X̄`,
/// so that all name the same function.
fn decompose(c: char) -> Option<char> {
    match c {
        'Ū' => Some('U'),
        'Ȳ' => Some('Y'),
        _ => super::bar::letter(c),
    }
}

/// The string quoted from `chars[at]` (a quote; `''` inside is one quote), and where the
/// line goes on after it; `None` if it is not closed.
fn quoted(chars: &[char], at: usize) -> Option<(Vec<char>, usize)> {
    let mut s = Vec::new();
    let mut i = at + 1;
    loop {
        match chars.get(i)? {
            '\'' if chars.get(i + 1) == Some(&'\'') => {
                s.push('\'');
                i += 2;
            }
            '\'' => return Some((s, i + 1)),
            &ch => {
                s.push(ch);
                i += 1;
            }
        }
    }
}

/// The number written from `chars[at]` (`¯` its minus, `E` its exponent), and where the line
/// goes on after it.
fn number(chars: &[char], at: usize) -> Result<(f64, usize), AplError> {
    let mut i = at;
    if chars[i] == '¯' {
        i += 1;
    }
    let digits = |i: &mut usize| {
        while chars.get(*i).is_some_and(|d| d.is_ascii_digit()) {
            *i += 1;
        }
    };
    digits(&mut i);
    if chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
        i += 1;
        digits(&mut i);
    }
    if matches!(chars.get(i), Some('E' | 'e'))
        && chars
            .get(i + 1)
            .is_some_and(|d| d.is_ascii_digit() || *d == '¯')
    {
        i += 2;
        digits(&mut i);
    }
    if matches!(chars.get(i), Some('J' | 'j'))
        && chars
            .get(i + 1)
            .is_some_and(|d| d.is_ascii_digit() || matches!(d, '¯' | '.'))
    {
        let end = (i + 1..chars.len())
            .find(|&k| !(chars[k].is_ascii_alphanumeric() || matches!(chars[k], '¯' | '.')))
            .unwrap_or(chars.len());
        let text: String = chars[at..end].iter().collect();
        return Err(AplError::new(
            ErrorKind::Syntax,
            format!("{text}: complex numbers are not read"),
        ));
    }
    let text: String = chars[at..i]
        .iter()
        .map(|&d| if d == '¯' { '-' } else { d })
        .collect();
    let n: f64 = text.parse().map_err(|_| {
        AplError::new(
            ErrorKind::Syntax,
            format!("'{}' is not a number", text.replace('-', "¯")),
        )
    })?;
    // A number past the largest there is (`1e400`) is no number: as a scalar function's
    // result past it is a DOMAIN ERROR, so is the literal.
    if !n.is_finite() {
        return Err(AplError::new(
            ErrorKind::Domain,
            format!("{} is past the largest number", text.replace('-', "¯")),
        ));
    }
    Ok((n, i))
}

/// The tokens of a line; a comment (`⍝`) ends it.
pub(crate) fn lex(line: &str) -> Result<Vec<Token>, AplError> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i;
        if out.len() > MAX_TOKENS {
            return Err(AplError::new(
                ErrorKind::Syntax,
                format!("a line of more than {MAX_TOKENS} words and symbols"),
            )
            .at(line, pos));
        }
        let single = |kind| Token { kind, pos };
        match c {
            ' ' | '\t' => {
                i += 1;
                continue;
            }
            '⍝' => break,
            '\'' => {
                let (text, next) = quoted(&chars, i).ok_or_else(|| {
                    AplError::new(ErrorKind::Syntax, "unpaired quote").at(line, pos)
                })?;
                out.push(single(Tok::Str(super::value::compose(&text))));
                i = next;
                continue;
            }
            '¯' | '0'..='9' | '.'
                if c != '.' || chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) =>
            {
                let (n, next) = number(&chars, i).map_err(|e| e.at(line, pos))?;
                out.push(single(Tok::Num(n)));
                i = next;
                continue;
            }
            // `⍺⍺` and `⍵⍵`: an operator's operands, inside its definition.
            'ω' | '⍵' | 'α' | '⍺' => {
                let one = if matches!(c, 'ω' | '⍵') {
                    '⍵'
                } else {
                    '⍺'
                };
                let twice = chars.get(i + 1).is_some_and(|&d| d == c);
                let name = if twice {
                    format!("{one}{one}")
                } else {
                    one.to_string()
                };
                out.push(single(Tok::Name(name)));
                i += 1 + usize::from(twice);
                continue;
            }
            c if name_start(c) || decompose(c).is_some() => {
                let mut name = String::new();
                while let Some(&ch) = chars.get(i) {
                    if let Some(base) = decompose(ch) {
                        name.push(base);
                        name.push('\u{304}');
                    } else if name_char(ch) {
                        name.push(if ch == '\u{305}' { '\u{304}' } else { ch });
                    } else {
                        break;
                    }
                    i += 1;
                }
                out.push(single(Tok::Name(name)));
                continue;
            }
            c => out.push(single(glyph_token(c).ok_or_else(|| {
                AplError::new(
                    ErrorKind::Syntax,
                    format!("'{c}' is not part of the APL this workbench reads"),
                )
                .at(line, pos)
            })?)),
        }
        i += 1;
    }
    Ok(out)
}

/// The token of a character of one: punctuation, or an operator's or a primitive function's
/// glyph (from the one table).
fn glyph_token(c: char) -> Option<Tok> {
    Some(match c {
        '(' => Tok::LParen,
        ')' => Tok::RParen,
        '[' => Tok::LBrack,
        ']' => Tok::RBrack,
        ';' => Tok::Semi,
        '←' => Tok::Arrow,
        '⋄' => Tok::Diamond,
        ':' => Tok::Colon,
        '⍬' => Tok::Zilde,
        '{' => Tok::LBrace,
        '}' => Tok::RBrace,
        '∇' => Tok::Del,
        '→' => Tok::Branch,
        _ => match Operator::from_char(c) {
            Some(Operator::Each) => Tok::Each,
            Some(Operator::Jot) => Tok::Jot,
            Some(Operator::Dot) => Tok::Dot,
            Some(Operator::Power) => Tok::Power,
            Some(o @ (Operator::Commute | Operator::Rank | Operator::Key | Operator::At)) => {
                Tok::Op(o)
            }
            None => return Prim::from_char(c).map(Tok::Prim),
        },
    })
}

/// A function without an axis.
pub(super) fn plain(kind: FuncKind, pos: usize) -> Func {
    Func {
        kind,
        axis: None,
        pos,
    }
}

pub(super) enum Item {
    Array(Expr),
    /// Numbers written side by side: one vector alone, but an item each in a strand with
    /// other arrays (`1 2 (3 4)` has three items).
    Numbers(Vec<Elem>),
    Func(Func),
    Arrow(usize),
}

/// What a name is, as far as reading a line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    Array,
    Function,
    /// A monadic operator defined by the user: a function on its left is its operand.
    Operator,
    /// A function of no argument: read, it runs, and its result is an array.
    Niladic,
}

/// Reads tokens into expressions, knowing which names are functions.
pub(crate) struct Parser<'a> {
    pub(crate) line: &'a str,
    pub(crate) tokens: &'a [Token],
    /// What each name is in the workspace (a name not defined is an array's).
    pub(crate) names: &'a dyn Fn(&str) -> Named,
    /// The names given a function earlier in this line or in the dfns around what is read
    /// (`f←{⍵×2} ⋄ f 3`): functions from there on, whatever the workspace has.
    pub(crate) local_functions: RefCell<Vec<String>>,
}

impl<'a> Parser<'a> {
    /// A parser of `tokens`, read from `line`, asking `names` what each name is.
    pub(crate) fn new(
        line: &'a str,
        tokens: &'a [Token],
        names: &'a dyn Fn(&str) -> Named,
    ) -> Parser<'a> {
        Parser {
            line,
            tokens,
            names,
            local_functions: RefCell::new(Vec::new()),
        }
    }

    pub(super) fn is_local_function(&self, name: &str) -> bool {
        self.local_functions.borrow().iter().any(|n| n == name)
    }

    pub(super) fn is_function(&self, name: &str) -> bool {
        self.is_local_function(name) || (self.names)(name) == Named::Function
    }

    /// After a statement is read: a name it gave a function is one from here on.
    fn note_function(&self, statement: &Expr) {
        if let Expr::AssignFn(name, ..) = statement {
            self.local_functions.borrow_mut().push(name.clone());
        }
    }

    pub(super) fn error<T>(&self, detail: impl Into<String>, at: usize) -> Result<T, AplError> {
        Err(AplError::new(ErrorKind::Syntax, detail).at(self.line, at))
    }

    pub(super) fn pos(&self, i: usize) -> usize {
        self.tokens
            .get(i)
            .map_or_else(|| self.line.chars().count(), |t| t.pos)
    }

    /// The index of the token closing the bracket or parenthesis opened at `open`.
    pub(super) fn closing(&self, open: usize) -> Result<usize, AplError> {
        let mut depth = 0usize;
        for (i, t) in self.tokens.iter().enumerate().skip(open) {
            match t.kind {
                Tok::LParen | Tok::LBrack | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBrack | Tok::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        let want = match self.tokens[open].kind {
                            Tok::LParen => Tok::RParen,
                            Tok::LBrace => Tok::RBrace,
                            _ => Tok::RBrack,
                        };
                        if t.kind != want {
                            return self.error("mismatched brackets", t.pos);
                        }
                        return Ok(i);
                    }
                }
                _ => {}
            }
            if depth > MAX_NESTING {
                return self.error(
                    format!("more than {MAX_NESTING} brackets inside one another"),
                    t.pos,
                );
            }
        }
        self.error("unclosed bracket", self.tokens[open].pos)
    }

    /// The places of the diamonds of `tokens[from..to]` outside brackets and braces.
    fn diamonds(&self, from: usize, to: usize) -> Vec<usize> {
        let mut depth = 0usize;
        let mut out = Vec::new();
        for i in from..to {
            match self.tokens[i].kind {
                Tok::LParen | Tok::LBrack | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBrack | Tok::RBrace => depth = depth.saturating_sub(1),
                Tok::Diamond if depth == 0 => out.push(i),
                _ => {}
            }
        }
        out
    }

    /// The dfn whose braces are at `open` and `close`.
    pub(super) fn dfn(&self, open: usize, close: usize, nesting: usize) -> Result<Dfn, AplError> {
        // The functions it names are its own.
        let outside = self.local_functions.borrow().len();
        let read = self.dfn_statements(open, close, nesting);
        self.local_functions.borrow_mut().truncate(outside);
        Ok(Dfn {
            statements: read?,
            line: self.line.into(),
        })
    }

    fn dfn_statements(
        &self,
        open: usize,
        close: usize,
        nesting: usize,
    ) -> Result<Vec<DfnStatement>, AplError> {
        let mut statements = Vec::new();
        let mut start = open + 1;
        let ends: Vec<usize> = self
            .diamonds(open + 1, close)
            .into_iter()
            .chain([close])
            .collect();
        for end in ends {
            if start == end {
                start = end + 1;
                continue;
            }
            let mut depth = 0usize;
            let colon = (start..end).find(|&i| {
                match self.tokens[i].kind {
                    Tok::LParen | Tok::LBrack | Tok::LBrace => depth += 1,
                    Tok::RParen | Tok::RBrack | Tok::RBrace => depth = depth.saturating_sub(1),
                    Tok::Colon => return depth == 0,
                    _ => {}
                }
                false
            });
            statements.push(match colon {
                Some(c) => DfnStatement::Guard(
                    self.expression(start, c, nesting + 1)?,
                    self.expression(c + 1, end, nesting + 1)?,
                ),
                None => {
                    let e = self.expression(start, end, nesting + 1)?;
                    self.note_function(&e);
                    DfnStatement::Plain(e)
                }
            });
            start = end + 1;
        }
        Ok(statements)
    }

    /// The body of a definition from `tokens[from..]`: its statements, or, for a named dfn
    /// (`F←{…}`), one statement that calls the dfn with the definition's `⍺` and `⍵`.
    pub(crate) fn definition_body(&self, from: usize) -> Result<Vec<Expr>, AplError> {
        let to = self.tokens.len();
        if matches!(self.tokens.get(from).map(|t| &t.kind), Some(Tok::LBrace))
            && self.closing(from)? + 1 == to
        {
            let dfn = self.dfn(from, to - 1, 0)?;
            return Ok(vec![Expr::CallDfn(Arc::new(dfn))]);
        }
        // `NAME←f`: a function expression named (`AVG←+/÷≢`).
        if from == 2
            && matches!(self.tokens.get(1).map(|t| &t.kind), Some(Tok::Arrow))
            && let Item::Func(f) = self.group(from, to, 0)?
        {
            return Ok(vec![Expr::CallFn(Arc::new(f))]);
        }
        self.statements(from, to)
    }

    /// The statements of `tokens[from..to]`, split at diamonds.
    pub(crate) fn statements(&self, from: usize, to: usize) -> Result<Vec<Expr>, AplError> {
        let mut out = Vec::new();
        if from == to {
            return Ok(out);
        }
        let mut start = from;
        for end in self.diamonds(from, to).into_iter().chain([to]) {
            let s = self.statement(start, end)?;
            self.note_function(&s);
            out.push(s);
            start = end + 1;
        }
        Ok(out)
    }

    fn statement(&self, from: usize, to: usize) -> Result<Expr, AplError> {
        if from == to {
            return self.error("an empty statement", self.pos(from));
        }
        if self.tokens[from].kind == Tok::Branch {
            if from + 1 == to {
                return self.error("→ needs a line number", self.pos(from));
            }
            return Ok(Expr::Branch(Box::new(self.expression(from + 1, to, 0)?)));
        }
        self.expression(from, to, 0)
    }

    /// One expression from `tokens[from..to]`.
    pub(super) fn expression(
        &self,
        from: usize,
        to: usize,
        nesting: usize,
    ) -> Result<Expr, AplError> {
        if nesting > MAX_NESTING {
            return self.error(
                format!("more than {MAX_NESTING} brackets inside one another"),
                self.pos(from),
            );
        }
        let items = self.items(from, to, nesting)?;
        self.build(items, self.pos(from), self.pos(to), to)
    }

    /// What `tokens[from..to]` reads as: an array's expression, or a function (`+/`,
    /// `{⍵+1}⍣2`, a train `+/÷≢`).
    pub(super) fn group(&self, from: usize, to: usize, nesting: usize) -> Result<Item, AplError> {
        if nesting > MAX_NESTING {
            return self.error(
                format!("more than {MAX_NESTING} brackets inside one another"),
                self.pos(from),
            );
        }
        let items = self.items(from, to, nesting)?;
        if matches!(items.last(), Some(Item::Func(_))) {
            if let Some(Item::Arrow(p)) = items.iter().find(|i| matches!(i, Item::Arrow(_))) {
                return self.error("a function is named only by a statement of its own", *p);
            }
            return self.train(items).map(Item::Func);
        }
        self.build(items, self.pos(from), self.pos(to), to)
            .map(Item::Array)
    }

    pub(super) fn items(
        &self,
        from: usize,
        to: usize,
        nesting: usize,
    ) -> Result<Vec<Item>, AplError> {
        let mut items: Vec<Item> = Vec::new();
        let mut i = from;
        while i < to {
            let t = &self.tokens[i];
            match &t.kind {
                Tok::Num(_) => {
                    let mut nums = Vec::new();
                    while let Some(Token {
                        kind: Tok::Num(n), ..
                    }) = self.tokens[..to].get(i)
                    {
                        nums.push(Elem::Num(*n));
                        i += 1;
                    }
                    items.push(Item::Numbers(nums));
                    continue;
                }
                Tok::Str(s) => items.push(Item::Array(Expr::Lit(match s.as_slice() {
                    [c] => Value::scalar(Elem::Char(*c)),
                    s => Value::vector(s.iter().map(|&c| Elem::Char(c)).collect())
                        .with_fill(Elem::Char(' ')),
                }))),
                Tok::Name(n) => self.name(n, t.pos, i, to, &mut items)?,
                Tok::Prim(
                    p @ (Prim::Slash | Prim::SlashBar | Prim::Backslash | Prim::BackslashBar),
                ) if matches!(items.last(), Some(Item::Func(_))) => {
                    let Some(Item::Func(f)) = items.pop() else {
                        unreachable!()
                    };
                    let f = Box::new(f);
                    let first = matches!(p, Prim::SlashBar | Prim::BackslashBar);
                    let kind = match p {
                        Prim::Backslash | Prim::BackslashBar => FuncKind::Scan(f, first),
                        _ => FuncKind::Reduce(f, first),
                    };
                    items.push(Item::Func(plain(kind, t.pos)));
                }
                Tok::Prim(c) => items.push(Item::Func(plain(FuncKind::Prim(*c), t.pos))),
                Tok::Each | Tok::Op(Operator::Commute | Operator::Key) => {
                    self.monadic_operator(t, &mut items)?
                }
                Tok::Jot
                    if matches!(
                        self.tokens[..to].get(i + 1),
                        Some(Token { kind: Tok::Dot, .. })
                    ) =>
                {
                    let (g, next) = self.right_operand(i + 2, to, nesting, t.pos)?;
                    let Item::Func(g) = g else {
                        return self.error("∘. needs a function on its right (∘.f)", t.pos);
                    };
                    items.push(Item::Func(plain(FuncKind::Outer(Box::new(g)), t.pos)));
                    i = next;
                    continue;
                }
                Tok::Jot | Tok::Power | Tok::Op(_) => {
                    i = self.dyadic_operator(i, to, nesting, &mut items)?;
                    continue;
                }
                Tok::LParen => {
                    let close = self.closing(i)?;
                    if close >= to {
                        return self.error("unclosed parenthesis", t.pos);
                    }
                    if close == i + 1 {
                        return self.error("empty parentheses", t.pos);
                    }
                    items.push(self.group(i + 1, close, nesting + 1)?);
                    i = close + 1;
                    continue;
                }
                Tok::LBrack => {
                    i = self.bracket(i, to, nesting, &mut items)?;
                    continue;
                }
                Tok::Arrow => items.push(Item::Arrow(t.pos)),
                Tok::Zilde => items.push(Item::Array(Expr::Lit(Value::vector(Vec::new())))),
                Tok::LBrace => {
                    let close = self.closing(i)?;
                    if close >= to {
                        return self.error("unclosed brace", t.pos);
                    }
                    let dfn = self.dfn(i, close, nesting)?;
                    items.push(Item::Func(plain(FuncKind::Dfn(Arc::new(dfn)), t.pos)));
                    i = close + 1;
                    continue;
                }
                Tok::Del => items.push(Item::Func(plain(FuncKind::SelfRef, t.pos))),
                Tok::Dot if matches!(items.last(), Some(Item::Func(_))) => {
                    i = self.dyadic_operator(i, to, nesting, &mut items)?;
                    continue;
                }
                Tok::Dot => {
                    return self.error("'.' is read only in the products ∘.f and f.g", t.pos);
                }
                Tok::RBrace => return self.error("unopened brace", t.pos),
                Tok::Branch => return self.error("→ starts a statement", t.pos),
                Tok::RParen | Tok::RBrack => return self.error("unopened bracket", t.pos),
                Tok::Semi => return self.error("';' outside brackets", t.pos),
                Tok::Diamond => return self.error("'⋄' inside brackets", t.pos),
                Tok::Colon => {
                    return self.error(
                        "':' only follows a name at the start of a line, to define it",
                        t.pos,
                    );
                }
            }
            i += 1;
        }
        Ok(items)
    }

    /// A name read: a variable, a function, an operator applied to the function before it,
    /// a niladic function's call, or `⍺⍺`.
    fn name(
        &self,
        n: &str,
        pos: usize,
        i: usize,
        to: usize,
        items: &mut Vec<Item>,
    ) -> Result<(), AplError> {
        let assigned = matches!(
            self.tokens[..to].get(i + 1),
            Some(Token {
                kind: Tok::Arrow,
                ..
            })
        );
        let item = if n == "⍺⍺" {
            Item::Func(plain(FuncKind::Operand, pos))
        } else if n == "⍵⍵" {
            return self.error("⍵⍵: operators of two operands are not read here yet", pos);
        } else if (self.names)(n) == Named::Operator && !assigned {
            let Some(Item::Func(f)) = items.pop() else {
                return self.error(format!("{n} needs a function on its left"), pos);
            };
            Item::Func(plain(FuncKind::DefinedOp(n.to_string(), Arc::new(f)), pos))
        } else if let Some(s) = super::defs::SystemName::from_name(n)
            .filter(|s| s.kind() == super::defs::SystemKind::Function)
        {
            Item::Func(plain(FuncKind::System(s), pos))
        } else if (self.names)(n) == Named::Niladic && !assigned {
            Item::Array(Expr::Niladic(n.to_string(), pos))
        } else if self.is_local_function(n) && !assigned {
            Item::Func(plain(FuncKind::Local(n.to_string()), pos))
        } else if self.is_function(n) && !assigned {
            Item::Func(plain(FuncKind::Defined(n.to_string()), pos))
        } else {
            Item::Array(Expr::Var(n.to_string(), pos))
        };
        items.push(item);
        Ok(())
    }

    /// `[…]` opening at `tokens[i]`: an axis given to the primitive before it, or the index
    /// lists of the array before it. Gives where reading goes on.
    fn bracket(
        &self,
        i: usize,
        to: usize,
        nesting: usize,
        items: &mut Vec<Item>,
    ) -> Result<usize, AplError> {
        let pos = self.tokens[i].pos;
        let close = self.closing(i)?;
        if close >= to {
            return self.error("unclosed bracket", pos);
        }
        // Written numbers are indexed whole: `1 2 3[2]` is 2.
        let left = match items.pop() {
            Some(nums @ Item::Numbers(_)) => Self::strand(vec![nums], None).map(Item::Array),
            other => other,
        };
        match left {
            Some(Item::Func(mut f)) => {
                if f.axis.is_some()
                    || matches!(f.kind, FuncKind::Defined(_) | FuncKind::DefinedOp(..))
                {
                    return self.error("an axis is given only to a primitive function", pos);
                }
                if close == i + 1 {
                    return self.error("an empty axis", pos);
                }
                f.axis = Some(Box::new(self.expression(i + 1, close, nesting + 1)?));
                items.push(Item::Func(f));
            }
            Some(Item::Array(a)) => {
                let mut parts = Vec::new();
                let mut start = i + 1;
                let mut depth = 0usize;
                for j in i + 1..=close {
                    match self.tokens[j].kind {
                        Tok::LParen | Tok::LBrack => depth += 1,
                        Tok::RParen | Tok::RBrack if j < close => depth -= 1,
                        _ => {}
                    }
                    if j == close || depth == 0 && self.tokens[j].kind == Tok::Semi {
                        parts.push(if start == j {
                            None
                        } else {
                            Some(self.expression(start, j, nesting + 1)?)
                        });
                        start = j + 1;
                    }
                }
                items.push(Item::Array(Expr::Index(
                    Box::new(a),
                    Indices::new(parts),
                    pos,
                )));
            }
            _ => return self.error("brackets need an array or a function on their left", pos),
        }
        Ok(close + 1)
    }

    /// The run of arrays at the end of `items`, first to last.
    fn take_run(items: &mut Vec<Item>) -> Vec<Item> {
        let start = items
            .iter()
            .rposition(|i| !matches!(i, Item::Array(_) | Item::Numbers(_)))
            .map_or(0, |p| p + 1);
        items.split_off(start)
    }

    /// A run of arrays, and then `last`, as one array: alone, or a strand of them (written
    /// numbers an item each).
    pub(super) fn strand(mut run: Vec<Item>, last: Option<Expr>) -> Option<Expr> {
        if last.is_none() && run.len() == 1 {
            return match run.pop() {
                Some(Item::Array(a)) => Some(a),
                Some(Item::Numbers(mut nums)) => Some(Expr::Lit(if nums.len() == 1 {
                    Value::scalar(nums.remove(0))
                } else {
                    Value::vector(nums)
                })),
                _ => None,
            };
        }
        let mut out = Vec::new();
        for item in run {
            match item {
                Item::Array(a) => out.push(a),
                Item::Numbers(nums) => {
                    out.extend(nums.into_iter().map(|n| Expr::Lit(Value::scalar(n))));
                }
                Item::Func(_) | Item::Arrow(_) => {}
            }
        }
        out.extend(last);
        match out.len() {
            0 => None,
            1 => out.pop(),
            _ => Some(Expr::Strand(out)),
        }
    }

    /// The run of arrays at the end of `items`, as one array (a strand if more than one).
    pub(super) fn take_array(&self, items: &mut Vec<Item>) -> Option<Expr> {
        Self::strand(Self::take_run(items), None)
    }

    fn build(
        &self,
        mut items: Vec<Item>,
        start: usize,
        end: usize,
        to: usize,
    ) -> Result<Expr, AplError> {
        if matches!(items.last(), Some(Item::Func(_))) {
            return self.assign_function(items, to);
        }
        let Some(mut rhs) = self.take_array(&mut items) else {
            return match items.last() {
                Some(Item::Func(f)) => {
                    self.error("a function needs an argument on its right", f.pos)
                }
                Some(Item::Arrow(p)) => self.error("nothing to assign", *p),
                _ => self.error(
                    "an empty expression",
                    if items.is_empty() {
                        start.min(end)
                    } else {
                        start
                    },
                ),
            };
        };
        while let Some(item) = items.pop() {
            match item {
                Item::Arrow(pos) => rhs = self.assignment(&mut items, rhs, pos)?,
                Item::Func(f) => {
                    rhs = match self.take_array(&mut items) {
                        Some(left) => fold(Expr::Dyad(f, Box::new(left), Box::new(rhs))),
                        None => fold(Expr::Monad(f, Box::new(rhs))),
                    };
                }
                array @ (Item::Array(_) | Item::Numbers(_)) => {
                    // Arrays left of an assignment (not names: those are assigned to, as in
                    // Dyalog) strand with its value: `1 2 A←3` is `1 2 (A←3)`.
                    items.push(array);
                    let run = Self::take_run(&mut items);
                    rhs = Self::strand(run, Some(rhs)).expect("a run and a value");
                }
            }
        }
        Ok(rhs)
    }
}

/// A line split into its definition, if it is one: `NAME: body` gives the name and the index
/// of the body's first token.
pub(crate) fn definition(tokens: &[Token]) -> Option<(String, usize)> {
    match tokens {
        [
            Token {
                kind: Tok::Name(n), ..
            },
            Token {
                kind: Tok::Colon, ..
            },
            ..,
        ] if n != "⍵" && n != "⍺" => Some((n.clone(), 2)),
        // `NAME←{…}`: a dfn named.
        [
            Token {
                kind: Tok::Name(n), ..
            },
            Token {
                kind: Tok::Arrow, ..
            },
            Token {
                kind: Tok::LBrace, ..
            },
            ..,
        ] if n != "⍵" && n != "⍺" && !n.starts_with('⎕') && braces_close_at_end(&tokens[2..]) => {
            Some((n.clone(), 2))
        }
        _ => None,
    }
}

/// A definition's line split as [`definition`] splits it, or a function named by a
/// statement of its own (`AVG←+/÷≢`, as [`super::Workspace`] keeps it once a line named it).
pub(crate) fn named_function(tokens: &[Token]) -> Option<(String, usize)> {
    definition(tokens).or_else(|| match tokens {
        [
            Token {
                kind: Tok::Name(n), ..
            },
            Token {
                kind: Tok::Arrow, ..
            },
            _,
            ..,
        ] if n != "⍵" && n != "⍺" && !n.starts_with('⎕') => Some((n.clone(), 2)),
        _ => None,
    })
}

/// Whether the brace that opens `tokens` closes at its last token.
fn braces_close_at_end(tokens: &[Token]) -> bool {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Tok::LBrace => depth += 1,
            Tok::RBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1 == tokens.len();
                }
            }
            _ => {}
        }
    }
    false
}
