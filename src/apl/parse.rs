//! Reading APL: a line into tokens, and tokens into a tree evaluated right to left.
//!
//! Whether a name is a function or an array decides how a line parses (`X X X ⍵`, `B F L R
//! CUBE`), so the parser asks the workspace which names are functions.

use super::error::{AplError, ErrorKind, err};
use super::value::{Elem, Value};

/// The primitive functions the evaluator knows.
pub const PRIMITIVES: &str = "+-×÷|⌈⌊=≠<≤>≥∧∨~⍉⌽⊖⍴⍳,⊤⊥↑↓/\\⌿⍀⊂⊃≡";

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
    Prim(char),
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
}

fn name_start(c: char) -> bool {
    c.is_alphabetic() && c != 'ω' && c != 'α' || c == '_' || c == '∆' || c == '⍙' || c == '⎕'
}

fn name_char(c: char) -> bool {
    name_start(c) || c.is_ascii_digit() || c == '\u{304}' || c == '\u{305}'
}

/// The paper's bar over an inverse may come precomposed (Ū, Ȳ): spelled as the letter and a
/// combining macron, as `X̄`, so that both name the same function.
fn decompose(c: char) -> Option<char> {
    match c {
        'Ū' => Some('U'),
        'Ȳ' => Some('Y'),
        _ => None,
    }
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
                let mut s = Vec::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => {
                            return Err(
                                AplError::new(ErrorKind::Syntax, "unpaired quote").at(line, pos)
                            );
                        }
                        Some('\'') if chars.get(i + 1) == Some(&'\'') => {
                            s.push('\'');
                            i += 2;
                        }
                        Some('\'') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) => {
                            s.push(ch);
                            i += 1;
                        }
                    }
                }
                out.push(single(Tok::Str(s)));
                continue;
            }
            '¯' | '0'..='9' | '.'
                if c != '.' || chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) =>
            {
                let start = i;
                if c == '¯' {
                    i += 1;
                }
                let digits = |i: &mut usize| {
                    while chars.get(*i).is_some_and(|d| d.is_ascii_digit()) {
                        *i += 1;
                    }
                };
                digits(&mut i);
                if chars.get(i) == Some(&'.')
                    && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit())
                {
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
                let text: String = chars[start..i]
                    .iter()
                    .map(|&d| if d == '¯' { '-' } else { d })
                    .collect();
                let n: f64 = text.parse().map_err(|_| {
                    AplError::new(
                        ErrorKind::Syntax,
                        format!("'{}' is not a number", text.replace('-', "¯")),
                    )
                    .at(line, pos)
                })?;
                out.push(single(Tok::Num(n)));
                continue;
            }
            'ω' | '⍵' => out.push(single(Tok::Name("⍵".into()))),
            'α' | '⍺' => out.push(single(Tok::Name("⍺".into()))),
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
            '¨' => out.push(single(Tok::Each)),
            '∘' => out.push(single(Tok::Jot)),
            '.' => out.push(single(Tok::Dot)),
            '(' => out.push(single(Tok::LParen)),
            ')' => out.push(single(Tok::RParen)),
            '[' => out.push(single(Tok::LBrack)),
            ']' => out.push(single(Tok::RBrack)),
            ';' => out.push(single(Tok::Semi)),
            '←' => out.push(single(Tok::Arrow)),
            '⋄' => out.push(single(Tok::Diamond)),
            ':' => out.push(single(Tok::Colon)),
            c if PRIMITIVES.contains(c) => out.push(single(Tok::Prim(c))),
            c => {
                return Err(AplError::new(
                    ErrorKind::Syntax,
                    format!("'{c}' is not part of the APL this workbench reads"),
                )
                .at(line, pos));
            }
        }
        i += 1;
    }
    Ok(out)
}

/// An expression, evaluated right to left.
#[derive(Clone, Debug)]
pub(crate) enum Expr {
    Lit(Value),
    Var(String, usize),
    Strand(Vec<Expr>),
    Index(Box<Expr>, Vec<Option<Expr>>, usize),
    Monad(Func, Box<Expr>),
    Dyad(Func, Box<Expr>, Box<Expr>),
    Assign(String, Box<Expr>, usize),
    IndexAssign(String, Vec<Option<Expr>>, Box<Expr>, usize),
}

/// A function: a primitive, a defined one, or one derived by an operator, with its axis.
#[derive(Clone, Debug)]
pub(crate) struct Func {
    pub(crate) kind: FuncKind,
    pub(crate) axis: Option<Box<Expr>>,
    pub(crate) pos: usize,
}

#[derive(Clone, Debug)]
pub(crate) enum FuncKind {
    Prim(char),
    Defined(String),
    /// `f/` (last axis) or `f⌿` (first).
    Reduce(Box<Func>, bool),
    /// `f\` (last axis) or `f⍀` (first).
    Scan(Box<Func>, bool),
    Each(Box<Func>),
    Outer(Box<Func>),
}

enum Item {
    Array(Expr),
    /// Numbers written side by side: one vector alone, but an item each in a strand with
    /// other arrays (`1 2 (3 4)` has three items).
    Numbers(Vec<Elem>),
    Func(Func),
    Arrow(usize),
}

/// Reads tokens into expressions, knowing which names are functions.
pub(crate) struct Parser<'a> {
    pub(crate) line: &'a str,
    pub(crate) tokens: &'a [Token],
    pub(crate) is_function: &'a dyn Fn(&str) -> bool,
}

impl Parser<'_> {
    fn error<T>(&self, detail: impl Into<String>, at: usize) -> Result<T, AplError> {
        Err(AplError::new(ErrorKind::Syntax, detail).at(self.line, at))
    }

    fn pos(&self, i: usize) -> usize {
        self.tokens
            .get(i)
            .map_or_else(|| self.line.chars().count(), |t| t.pos)
    }

    /// The index of the token closing the bracket or parenthesis opened at `open`.
    fn closing(&self, open: usize) -> Result<usize, AplError> {
        let mut depth = 0usize;
        for (i, t) in self.tokens.iter().enumerate().skip(open) {
            match t.kind {
                Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrack => {
                    depth -= 1;
                    if depth == 0 {
                        let want = if self.tokens[open].kind == Tok::LParen {
                            Tok::RParen
                        } else {
                            Tok::RBrack
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

    /// The statements of `tokens[from..to]`, split at diamonds.
    pub(crate) fn statements(&self, from: usize, to: usize) -> Result<Vec<Expr>, AplError> {
        let mut out = Vec::new();
        if from == to {
            return Ok(out);
        }
        let (mut start, mut depth) = (from, 0usize);
        for i in from..to {
            match self.tokens[i].kind {
                Tok::LParen | Tok::LBrack => depth += 1,
                Tok::RParen | Tok::RBrack => depth = depth.saturating_sub(1),
                Tok::Diamond if depth == 0 => {
                    out.push(self.statement(start, i)?);
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(self.statement(start, to)?);
        Ok(out)
    }

    fn statement(&self, from: usize, to: usize) -> Result<Expr, AplError> {
        if from == to {
            return self.error("an empty statement", self.pos(from));
        }
        self.expression(from, to, 0)
    }

    /// One expression from `tokens[from..to]`.
    fn expression(&self, from: usize, to: usize, nesting: usize) -> Result<Expr, AplError> {
        if nesting > MAX_NESTING {
            return self.error(
                format!("more than {MAX_NESTING} brackets inside one another"),
                self.pos(from),
            );
        }
        let items = self.items(from, to, nesting)?;
        self.build(items, self.pos(from), self.pos(to))
    }

    fn items(&self, from: usize, to: usize, nesting: usize) -> Result<Vec<Item>, AplError> {
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
                Tok::Str(s) => {
                    let v = if s.len() == 1 {
                        Value::scalar(Elem::Char(s[0]))
                    } else {
                        Value::vector(s.iter().map(|&c| Elem::Char(c)).collect())
                    };
                    items.push(Item::Array(Expr::Lit(v)));
                }
                Tok::Name(n) => {
                    let assigned = matches!(
                        self.tokens[..to].get(i + 1),
                        Some(Token {
                            kind: Tok::Arrow,
                            ..
                        })
                    );
                    if (self.is_function)(n) && !assigned {
                        items.push(Item::Func(Func {
                            kind: FuncKind::Defined(n.clone()),
                            axis: None,
                            pos: t.pos,
                        }));
                    } else {
                        items.push(Item::Array(Expr::Var(n.clone(), t.pos)));
                    }
                }
                Tok::Prim(c @ ('/' | '⌿' | '\\' | '⍀'))
                    if matches!(items.last(), Some(Item::Func(_))) =>
                {
                    let Some(Item::Func(f)) = items.pop() else {
                        unreachable!()
                    };
                    let f = Box::new(f);
                    items.push(Item::Func(Func {
                        kind: match c {
                            '\\' | '⍀' => FuncKind::Scan(f, *c == '⍀'),
                            _ => FuncKind::Reduce(f, *c == '⌿'),
                        },
                        axis: None,
                        pos: t.pos,
                    }));
                }
                Tok::Prim(c) => items.push(Item::Func(Func {
                    kind: FuncKind::Prim(*c),
                    axis: None,
                    pos: t.pos,
                })),
                Tok::Each => match items.pop() {
                    Some(Item::Func(f)) => items.push(Item::Func(Func {
                        kind: FuncKind::Each(Box::new(f)),
                        axis: None,
                        pos: t.pos,
                    })),
                    _ => return self.error("¨ needs a function on its left", t.pos),
                },
                Tok::Jot => {
                    let f = match (self.tokens[..to].get(i + 1), self.tokens[..to].get(i + 2)) {
                        (
                            Some(Token { kind: Tok::Dot, .. }),
                            Some(Token {
                                kind: Tok::Prim(c),
                                pos,
                            }),
                        ) => Func {
                            kind: FuncKind::Prim(*c),
                            axis: None,
                            pos: *pos,
                        },
                        (
                            Some(Token { kind: Tok::Dot, .. }),
                            Some(Token {
                                kind: Tok::Name(n),
                                pos,
                            }),
                        ) if (self.is_function)(n) => Func {
                            kind: FuncKind::Defined(n.clone()),
                            axis: None,
                            pos: *pos,
                        },
                        _ => return self.error("∘ is read only in the outer product ∘.f", t.pos),
                    };
                    items.push(Item::Func(Func {
                        kind: FuncKind::Outer(Box::new(f)),
                        axis: None,
                        pos: t.pos,
                    }));
                    i += 3;
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
                    let inner = self.expression(i + 1, close, nesting + 1)?;
                    items.push(Item::Array(inner));
                    i = close + 1;
                    continue;
                }
                Tok::LBrack => {
                    let close = self.closing(i)?;
                    if close >= to {
                        return self.error("unclosed bracket", t.pos);
                    }
                    // Written numbers are indexed whole: `1 2 3[2]` is 2.
                    let left = match items.pop() {
                        Some(nums @ Item::Numbers(_)) => {
                            Self::strand(vec![nums], None).map(Item::Array)
                        }
                        other => other,
                    };
                    match left {
                        Some(Item::Func(mut f)) => {
                            if f.axis.is_some() || matches!(f.kind, FuncKind::Defined(_)) {
                                return self
                                    .error("an axis is given only to a primitive function", t.pos);
                            }
                            if close == i + 1 {
                                return self.error("an empty axis", t.pos);
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
                            items.push(Item::Array(Expr::Index(Box::new(a), parts, t.pos)));
                        }
                        _ => {
                            return self.error(
                                "brackets need an array or a function on their left",
                                t.pos,
                            );
                        }
                    }
                    i = close + 1;
                    continue;
                }
                Tok::Arrow => items.push(Item::Arrow(t.pos)),
                Tok::Dot => return self.error("'.' is read only in the outer product ∘.f", t.pos),
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
    fn strand(mut run: Vec<Item>, last: Option<Expr>) -> Option<Expr> {
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
    fn take_array(&self, items: &mut Vec<Item>) -> Option<Expr> {
        Self::strand(Self::take_run(items), None)
    }

    fn build(&self, mut items: Vec<Item>, start: usize, end: usize) -> Result<Expr, AplError> {
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
                Item::Arrow(pos) => {
                    rhs = match items.pop() {
                        Some(Item::Array(Expr::Var(name, _))) => {
                            Expr::Assign(name, Box::new(rhs), pos)
                        }
                        Some(Item::Array(Expr::Index(target, idx, _))) => match *target {
                            Expr::Var(name, _) => Expr::IndexAssign(name, idx, Box::new(rhs), pos),
                            _ => return self.error("only a name can be assigned into", pos),
                        },
                        _ => return self.error("← needs a name on its left", pos),
                    };
                }
                Item::Func(f) => {
                    rhs = match self.take_array(&mut items) {
                        Some(left) => Expr::Dyad(f, Box::new(left), Box::new(rhs)),
                        None => Expr::Monad(f, Box::new(rhs)),
                    };
                }
                array @ (Item::Array(_) | Item::Numbers(_)) => {
                    // Arrays left of an assignment strand with its value: `A B←1` is `A (B←1)`.
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
        _ => None,
    }
}

/// Checks a count of elements against the cap.
pub(crate) fn check_size(n: usize) -> Result<(), AplError> {
    if n > super::MAX_ELEMENTS {
        return err(
            ErrorKind::WsFull,
            format!(
                "an array of {n} elements is more than the {} allowed",
                super::MAX_ELEMENTS
            ),
        );
    }
    Ok(())
}
