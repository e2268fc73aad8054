//! A function's frame: its local names (`Locals`, each value `Held` as its own or where an
//! enclosure holds it), its functions, and the frames around it whose names it reads (a dfn's
//! lexical scope).

use std::borrow::Cow;
use std::sync::Arc;

use super::tree::{Dfn, Func};
use super::value::{Elem, Value};

/// A function's local names, or the workspace's at the top level.
pub(crate) struct Frame<'a> {
    pub(crate) locals: Option<Locals>,
    pub(crate) line: &'a str,
    /// The dfn running in this frame (what `∇` is).
    pub(crate) dfn: Option<Arc<Dfn>>,
    /// The operand of the operator running in this frame (what `⍺⍺` is).
    pub(crate) operand: Option<Arc<Func>>,
    /// The names local to the traditional function running in this frame: the others it
    /// assigns are the workspace's.
    pub(crate) scope: Option<Arc<super::trad::Tradfn>>,
    /// The frame a dfn running in this one was applied in: the names this frame does not
    /// have are looked up there, and outwards (lexical scope; `⍺` and `⍵` are each dfn's own).
    pub(crate) parent: Option<&'a Frame<'a>>,
    /// The functions named in this frame (`f←{⍵×2}`).
    pub(crate) functions: Vec<(String, Arc<Func>)>,
    /// The frame the operator running here was applied in, where its operand `⍺⍺` applies.
    pub(crate) operand_env: Option<&'a Frame<'a>>,
    /// Whether this frame only stands for its parent: a function named or given as an
    /// operand in a frame further out is applied in one, which sees that frame's names, its
    /// arguments too.
    pub(crate) proxy: bool,
}

impl<'a> Frame<'a> {
    /// A frame reading the text `line`, with local names `locals` (none: the workspace's).
    pub(crate) fn new(line: &'a str, locals: Option<Locals>) -> Frame<'a> {
        Frame {
            locals,
            line,
            dfn: None,
            operand: None,
            scope: None,
            parent: None,
            functions: Vec::new(),
            operand_env: None,
            proxy: false,
        }
    }

    /// A frame standing for `env`: what is applied in it reads `env`'s names.
    pub(crate) fn within(env: &'a Frame<'a>) -> Frame<'a> {
        Frame {
            locals: Some(Locals::default()),
            dfn: env.dfn.clone(),
            operand: env.operand.clone(),
            parent: Some(env),
            operand_env: env.operand_env,
            proxy: true,
            ..Frame::new(env.line, None)
        }
    }

    /// The value of local `name` here or in a frame around (a dfn's or the line's).
    pub(super) fn find(&self, name: &str) -> Option<&Value> {
        let mut f = self;
        loop {
            if let Some(v) = f.locals.as_ref().and_then(|l| l.get(name)) {
                return Some(v);
            }
            if !f.proxy && matches!(name, "⍺" | "⍵") {
                return None;
            }
            f = f.parent?;
        }
    }

    /// The function named `name` here or in a frame around, and the frame it was named in
    /// (none: this one).
    pub(super) fn function(&self, name: &str) -> Option<(Arc<Func>, Option<&'a Frame<'a>>)> {
        let named = |f: &Frame| {
            f.functions
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, g)| Arc::clone(g))
        };
        if let Some(g) = named(self) {
            return Some((g, None));
        }
        let mut at = self.parent;
        while let Some(f) = at {
            if let Some(g) = named(f) {
                return Some((g, Some(f)));
            }
            at = f.parent;
        }
        None
    }

    /// The frame the dfn running here was applied in (where `∇` applies it again).
    pub(super) fn dfn_parent(&self) -> Option<&'a Frame<'a>> {
        match (self.proxy, self.parent) {
            (true, Some(p)) => p.dfn_parent(),
            _ => self.parent,
        }
    }
}

/// A value a frame holds: its own, or an item of an enclosure it was called on (`f¨`), held
/// as the enclosure holds it and copied only if the function changes it.
pub(crate) enum Held {
    Own(Value),
    Shared(Arc<Value>),
}

impl Held {
    pub(crate) fn value(&self) -> &Value {
        match self {
            Held::Own(v) => v,
            Held::Shared(v) => v,
        }
    }

    pub(crate) fn into_value(self) -> Value {
        match self {
            Held::Own(v) => v,
            Held::Shared(v) => Arc::try_unwrap(v).unwrap_or_else(|v| (*v).clone()),
        }
    }

    /// The item `e` of an array, as an argument: an enclosed array held where it is.
    pub(crate) fn item(e: &Elem) -> Held {
        match e {
            Elem::Boxed(v) => Held::Shared(Arc::clone(v)),
            e => Held::Own(Value::scalar(e.clone())),
        }
    }
}

/// A function's local variables: a few names, found by a look along them (a call makes no
/// hash table, and its argument names are not copied).
#[derive(Default)]
pub(crate) struct Locals(smallvec::SmallVec<[(Cow<'static, str>, Held); 2]>);

impl Locals {
    /// A frame's names with `⍵` (and `⍺`) bound.
    pub(super) fn arguments(left: Option<Held>, right: Held) -> Locals {
        let mut l = Locals(smallvec::SmallVec::new());
        l.0.push((Cow::Borrowed("⍵"), right));
        if let Some(a) = left {
            l.0.push((Cow::Borrowed("⍺"), a));
        }
        l
    }

    pub(crate) fn get(&self, name: &str) -> Option<&Value> {
        self.0
            .iter()
            .find(|(n, _)| same(n, name))
            .map(|(_, v)| v.value())
    }

    /// Unbinds `name`, giving its value.
    pub(super) fn take(&mut self, name: &str) -> Option<Value> {
        let at = self.0.iter().position(|(n, _)| same(n, name))?;
        Some(self.0.swap_remove(at).1.into_value())
    }

    /// Where `name` is among them ([`Locals::at`], [`Locals::at_mut`]).
    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|(n, _)| same(n, name))
    }

    /// The value of the name at `i` ([`Locals::find`]).
    pub(super) fn at(&self, i: usize) -> Option<&Value> {
        self.0.get(i).map(|(_, v)| v.value())
    }

    /// The value of the name at `i` ([`Locals::find`]) to change: one held in an enclosure
    /// is copied first.
    pub(super) fn at_mut(&mut self, i: usize) -> Option<&mut Value> {
        let (_, held) = self.0.get_mut(i)?;
        if let Held::Shared(v) = held {
            *held = Held::Own((**v).clone());
        }
        match held {
            Held::Own(v) => Some(v),
            Held::Shared(_) => None,
        }
    }

    /// Binds `name`, giving back what it had.
    pub(crate) fn insert(&mut self, name: impl Into<Cow<'static, str>>, v: Value) -> Option<Value> {
        let name = name.into();
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, old)) => Some(std::mem::replace(old, Held::Own(v)).into_value()),
            None => {
                self.0.push((name, Held::Own(v)));
                None
            }
        }
    }
}

/// Whether two names are the same: told apart by their length and last byte first, since
/// `⍺` and `⍵` (the names looked up most) are each three bytes and differ only in the last.
#[inline]
fn same(n: &str, name: &str) -> bool {
    n.len() == name.len() && n.as_bytes().last() == name.as_bytes().last() && n == name
}
