//! Reading functions: a dyadic operator with its operands (`f∘g`, `A∘f`, `f⍣g`, `f⍤k`,
//! `f.g`, `f@g`, any function on either side: a primitive, a name, a dfn, a parenthesised
//! function), trains (`(+/÷≢)`), and a function named by a statement (`f←{⍵+1}`).

use std::sync::Arc;

use super::defs::Operator;
use super::error::AplError;
use super::parse::{Item, Named, Parser, Tok, Token, plain};
use super::tree::{Expr, Func, FuncKind, Operand};
use super::value::Elem;

impl Parser<'_> {
    /// `f¨`, `f⍨` or `f⌸` at token `t`, `f` the last of `items` (replaced by what it derives).
    pub(super) fn monadic_operator(
        &self,
        t: &Token,
        items: &mut Vec<Item>,
    ) -> Result<(), AplError> {
        let Some(Item::Func(f)) = items.pop() else {
            let glyph = self.line.chars().nth(t.pos).unwrap_or('¨');
            return self.error(format!("{glyph} needs a function on its left"), t.pos);
        };
        let f = Box::new(f);
        let kind = match t.kind {
            Tok::Each => FuncKind::Each(f),
            Tok::Op(Operator::Commute) => FuncKind::Commute(f),
            _ => FuncKind::Key(f),
        };
        items.push(Item::Func(plain(kind, t.pos)));
        Ok(())
    }

    /// Functions side by side as a train, read from the right in threes: `(f g h)` a fork,
    /// `(g h)` an atop; a fork's left tine may be an array (`(1+⊢)`).
    pub(super) fn train(&self, mut items: Vec<Item>) -> Result<Func, AplError> {
        let Some(Item::Func(mut h)) = items.pop() else {
            unreachable!("a train ends in a function")
        };
        loop {
            let g = match items.pop() {
                None => return Ok(h),
                Some(Item::Func(g)) => g,
                Some(Item::Arrow(p)) => return self.error("← inside a train", p),
                Some(_) => {
                    return self.error("an array in a train is only a fork's left", h.pos);
                }
            };
            let pos = g.pos;
            let f = match items.last() {
                None => None,
                Some(Item::Func(_)) => match items.pop() {
                    Some(Item::Func(f)) => Some(Operand::Func(f)),
                    _ => unreachable!(),
                },
                Some(Item::Arrow(p)) => return self.error("← inside a train", *p),
                Some(_) => Some(Operand::Array(
                    self.take_array(&mut items).expect("an array"),
                )),
            };
            h = plain(
                match f {
                    Some(f) => FuncKind::Fork(Box::new(f), Box::new(g), Box::new(h)),
                    None => FuncKind::Atop(Box::new(g), Box::new(h)),
                },
                pos,
            );
        }
    }

    /// The right operand of a dyadic operator, from `tokens[at]`: one word (a primitive, a
    /// name, `∇`, a run of numbers, a string), a dfn or a parenthesised group. Gives where
    /// reading goes on.
    pub(super) fn right_operand(
        &self,
        at: usize,
        to: usize,
        nesting: usize,
        op: usize,
    ) -> Result<(Item, usize), AplError> {
        let Some(t) = self.tokens[..to].get(at) else {
            return self.error("an operator needs an operand on its right", op);
        };
        let one = |item| Ok((item, at + 1));
        match &t.kind {
            Tok::Prim(c) => one(Item::Func(plain(FuncKind::Prim(*c), t.pos))),
            Tok::Del => one(Item::Func(plain(FuncKind::SelfRef, t.pos))),
            Tok::Name(n) if n == "⍺⍺" => one(Item::Func(plain(FuncKind::Operand, t.pos))),
            Tok::Name(n) if self.is_local_function(n) => {
                one(Item::Func(plain(FuncKind::Local(n.clone()), t.pos)))
            }
            Tok::Name(n) if self.is_function(n) => {
                one(Item::Func(plain(FuncKind::Defined(n.clone()), t.pos)))
            }
            Tok::Name(n) if (self.names)(n) == Named::Niladic => {
                one(Item::Array(Expr::Niladic(n.clone(), t.pos)))
            }
            Tok::Name(n) => one(Item::Array(Expr::Var(n.clone(), t.pos))),
            Tok::Num(_) => {
                let end = (at..to)
                    .find(|&e| !matches!(self.tokens[e].kind, Tok::Num(_)))
                    .unwrap_or(to);
                let nums = self.tokens[at..end]
                    .iter()
                    .map(|t| match t.kind {
                        Tok::Num(n) => Elem::Num(n),
                        _ => unreachable!(),
                    })
                    .collect();
                let a = Self::strand(vec![Item::Numbers(nums)], None).expect("numbers");
                Ok((Item::Array(a), end))
            }
            Tok::Str(_) | Tok::Zilde => {
                let mut items = self.items(at, at + 1, nesting)?;
                Ok((items.pop().expect("one item"), at + 1))
            }
            Tok::LParen | Tok::LBrace => {
                let close = self.closing(at)?;
                if close >= to {
                    return self.error("unclosed bracket", t.pos);
                }
                let item = match t.kind {
                    Tok::LParen if close == at + 1 => {
                        return self.error("empty parentheses", t.pos);
                    }
                    Tok::LParen => self.group(at + 1, close, nesting + 1)?,
                    _ => Item::Func(plain(
                        FuncKind::Dfn(Arc::new(self.dfn(at, close, nesting)?)),
                        t.pos,
                    )),
                };
                Ok((item, close + 1))
            }
            _ => self.error("an operator needs an operand on its right", t.pos),
        }
    }

    /// A dyadic operator at `tokens[i]` (`f.g`, `f∘g`, `A∘f`, `f∘B`, `f⍣n`, `f⍣g`, `f⍤k`,
    /// `f⍤g`, `f@g`), its left operand the last of `items` (a function, or a run of arrays),
    /// its right operand read after it. Gives where reading goes on.
    pub(super) fn dyadic_operator(
        &self,
        i: usize,
        to: usize,
        nesting: usize,
        items: &mut Vec<Item>,
    ) -> Result<usize, AplError> {
        let t = &self.tokens[i];
        let pos = t.pos;
        let op = match t.kind {
            Tok::Dot => Operator::Dot,
            Tok::Jot => Operator::Jot,
            Tok::Power => Operator::Power,
            Tok::Op(o) => o,
            _ => unreachable!("an operator"),
        };
        let glyph = op.glyph();
        let left = match items.last() {
            Some(Item::Func(_)) => match items.pop() {
                Some(Item::Func(f)) => Operand::Func(f),
                _ => unreachable!(),
            },
            Some(Item::Array(_) | Item::Numbers(_))
                if matches!(op, Operator::Jot | Operator::At) =>
            {
                Operand::Array(self.take_array(items).expect("an array"))
            }
            _ => return self.error(format!("{glyph} needs a function on its left"), pos),
        };
        let (right, next) = self.right_operand(i + 1, to, nesting, pos)?;
        let right = match right {
            Item::Func(g) => Operand::Func(g),
            Item::Array(a) => Operand::Array(a),
            Item::Numbers(_) | Item::Arrow(_) => unreachable!("read as an array"),
        };
        let kind = match (op, left, right) {
            (Operator::Dot, Operand::Func(f), Operand::Func(g)) => {
                FuncKind::Inner(Box::new(f), Box::new(g))
            }
            (Operator::Dot, ..) => {
                return self.error("'.' needs a function on its right (f.g)", pos);
            }
            (Operator::Jot, Operand::Func(f), Operand::Func(g)) => {
                FuncKind::Compose(Box::new(f), Box::new(g))
            }
            (Operator::Jot, Operand::Array(a), Operand::Func(g)) => {
                FuncKind::BindLeft(Box::new(a), Box::new(g))
            }
            (Operator::Jot, Operand::Func(f), Operand::Array(a)) => {
                FuncKind::BindRight(Box::new(f), Box::new(a))
            }
            (Operator::Jot, ..) => return self.error("∘ needs a function on one side", pos),
            (Operator::Power, Operand::Func(f), Operand::Array(n)) => {
                FuncKind::Power(Box::new(f), Box::new(n))
            }
            (Operator::Power, Operand::Func(f), Operand::Func(g)) => {
                FuncKind::PowerUntil(Box::new(f), Box::new(g))
            }
            (Operator::Rank, Operand::Func(f), Operand::Array(k)) => {
                FuncKind::Rank(Box::new(f), Box::new(k))
            }
            (Operator::Rank, Operand::Func(f), Operand::Func(g)) => {
                FuncKind::Atop(Box::new(f), Box::new(g))
            }
            (Operator::At, f, g) => FuncKind::At(Box::new(f), Box::new(g)),
            (Operator::Power | Operator::Rank, Operand::Array(_), _)
            | (Operator::Each | Operator::Commute | Operator::Key, ..) => {
                return self.error(format!("{glyph} needs a function on its left"), pos);
            }
        };
        items.push(Item::Func(plain(kind, pos)));
        Ok(next)
    }

    /// `NAME←f` (the items of a statement that ends in a function, and ends at
    /// `tokens[to]`): the function named, with the text that defines it.
    pub(super) fn assign_function(
        &self,
        mut items: Vec<Item>,
        to: usize,
    ) -> Result<Expr, AplError> {
        let Some(arrow) = items.iter().rposition(|i| matches!(i, Item::Arrow(_))) else {
            let Some(Item::Func(f)) = items.last() else {
                unreachable!("a function last")
            };
            return self.error("a function needs an argument on its right", f.pos);
        };
        let f = self.train(items.split_off(arrow + 1))?;
        let Some(Item::Arrow(pos)) = items.pop() else {
            unreachable!("an arrow")
        };
        let name = match items.pop() {
            Some(Item::Array(Expr::Var(n, at)))
                if items.is_empty() && !matches!(n.as_str(), "⍺" | "⍵") && !n.starts_with('⎕') =>
            {
                (n, at)
            }
            _ => return self.error("a function is named by NAME←f, a statement of its own", pos),
        };
        let text: String = self
            .line
            .chars()
            .skip(name.1)
            .take(self.pos(to).saturating_sub(name.1))
            .collect();
        Ok(Expr::AssignFn(
            name.0,
            Arc::new(f),
            text.trim_end().into(),
            pos,
        ))
    }
}
