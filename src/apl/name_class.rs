//! `⎕NC`, the class of each name: what the machine running a line holds under it (its
//! variables, the frames' local names and functions, the workspace's definitions), as
//! Dyalog gives it.

use super::defs::SystemName;
use super::error::{AplError, ErrorKind, err};
use super::eval::Machine;
use super::frame::Frame;
use super::parse::{Tok, lex};
use super::value::{Elem, Value};

impl Machine<'_> {
    /// A system function applied, `⎕NC` (which reads the names the machine holds) among them.
    pub(super) fn system_function(
        &mut self,
        name: SystemName,
        left: Option<Value>,
        right: Value,
        frame: &Frame,
    ) -> Result<Value, AplError> {
        match (name, left) {
            (SystemName::Nc, None) => self.name_classes(&right, frame),
            (SystemName::Nc, Some(_)) => err(ErrorKind::Syntax, "⎕NC takes one argument"),
            (name, left) => super::system::apply(name, left, right),
        }
    }

    /// `⎕NC ⍵`: for each name of `⍵` (a character vector or scalar holds one, a matrix one a
    /// row, a vector of character vectors one an item), 2 for a variable, 3 for a function,
    /// 4 for an operator, 0 for a name with nothing under it, ¯1 for text that is no name.
    fn name_classes(&self, names: &Value, frame: &Frame) -> Result<Value, AplError> {
        let text = |items: &[&Elem]| -> Result<String, AplError> {
            items
                .iter()
                .map(|e| match e {
                    Elem::Char(c) => Ok(*c),
                    _ => err(ErrorKind::Domain, "⎕NC takes names: characters"),
                })
                .collect()
        };
        let all: Vec<&Elem> = names.items().collect();
        let texts: Vec<String> = match (names.rank(), all.first()) {
            (0 | 1, _) if all.iter().any(|e| matches!(e, Elem::Boxed(_))) => all
                .iter()
                .map(|e| match e {
                    Elem::Char(c) => Ok(c.to_string()),
                    Elem::Boxed(v) if v.rank() <= 1 => text(&v.items().collect::<Vec<_>>()),
                    _ => err(
                        ErrorKind::Domain,
                        "⎕NC takes names: a vector of character vectors",
                    ),
                })
                .collect::<Result<_, _>>()?,
            (0 | 1, _) => vec![text(&all)?],
            (2, _) => {
                let width = names.shape()[1].max(1);
                all.chunks(width).map(text).collect::<Result<_, _>>()?
            }
            _ => return err(ErrorKind::Rank, "⎕NC takes a vector or matrix of names"),
        };
        let classes = texts
            .iter()
            .map(|t| Elem::Num(self.name_class(t.trim(), frame)));
        Ok(Value::vector(classes.collect()))
    }

    /// The class of one name (see [`Machine::name_classes`]).
    fn name_class(&self, text: &str, frame: &Frame) -> f64 {
        let name = match lex(text).as_deref() {
            Ok([token]) => match &token.kind {
                Tok::Name(n) => n.clone(),
                _ => return -1.0,
            },
            _ => return -1.0,
        };
        if name.starts_with('⎕') {
            return match SystemName::from_name(&name) {
                Some(s) if s.kind() == super::defs::SystemKind::Function => 3.0,
                Some(_) => 2.0,
                None => 0.0,
            };
        }
        if frame.find(&name).is_some() || self.globals.contains_key(&name) {
            2.0
        } else if frame.function(&name).is_some() {
            3.0
        } else {
            match self.defs.get(&name) {
                Some(d) if d.operator => 4.0,
                Some(_) => 3.0,
                None => 0.0,
            }
        }
    }
}
