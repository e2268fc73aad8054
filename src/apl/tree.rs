//! The tree a line of APL is read into ([`super::parse`]), evaluated right to left
//! ([`super::eval`]), with what the evaluator keeps in it between calls: the cells written
//! index lists take ([`Indices`]), and the reads of an argument that may move its value
//! ([`move_sole_reads`]).

use std::sync::Arc;

use super::error::{AplError, ErrorKind, err};
use super::value::{Value, item_value};

/// An expression, evaluated right to left.
#[derive(Clone, Debug)]
pub(crate) enum Expr {
    Lit(Value),
    /// A constant whose value depends on the index origin alone (`3+⍳5`): its value at
    /// `⎕IO` 0 and at 1, worked out where the line is read (`super::fold`).
    ByOrigin(Box<[Value; 2]>),
    Var(String, usize),
    Strand(Vec<Expr>),
    Index(Box<Expr>, Indices, usize),
    Monad(Func, Box<Expr>),
    Dyad(Func, Box<Expr>, Box<Expr>),
    Assign(String, Box<Expr>, usize),
    IndexAssign(String, Indices, Box<Expr>, usize),
    /// `a b←x`, `(a (b c))←x`, `a+←x`: assignment to a strand of names, or modified
    /// ([`super::assign`]).
    AssignTo(Box<Assignment>, Box<Expr>),
    /// `v[i]f←x`: `v[i]←v[i] f x`, the indices read once ([`super::assign`]).
    IndexModify(Box<IndexModify>),
    /// `⎕←expr`: the value, printed.
    Print(Box<Expr>),
    /// A named dfn's body: the dfn applied to the `⍺` (if any) and `⍵` of the call.
    CallDfn(Arc<Dfn>),
    /// A named function expression's body (`AVG←+/÷≢`): the function applied to the `⍺` (if
    /// any) and `⍵` of the call.
    CallFn(Arc<Func>),
    /// `NAME←f`: a function named, from here on in its frame (at the top of a line: the
    /// workspace's, defined by the text kept here once the line has run).
    AssignFn(String, Arc<Func>, Arc<str>, usize),
    /// `→N`: go to line N of the traditional function running.
    Branch(Box<Expr>),
    /// A function of no argument, run where it is read.
    Niladic(String, usize),
    /// The one read of an argument of a direct definition that mentions it nowhere else: its
    /// value is moved out of the call's frame, not copied ([`move_sole_reads`]).
    Take(String, usize),
}

/// Marks the read of `⍵` (and of `⍺`) in a direct definition's statements as [`Expr::Take`]
/// where it is the only mention of that name and an argument of a function, so that the call
/// hands the array on instead of copying it: `Z: ⌽⍉⍵` transposes the very array it was
/// given. A body that executes text (`⍎`) or runs a dfn's body mentions the arguments where
/// this cannot see, and is left as it is; so are indexing (which reads where it is) and a
/// traditional function's lines (which may run more than once).
pub(crate) fn move_sole_reads(body: &mut [Expr]) {
    for name in ["⍵", "⍺"] {
        let mut seen = Mentions::default();
        body.iter().for_each(|e| seen.expr(e, name));
        if seen.hidden || seen.count != 1 {
            continue;
        }
        for e in body.iter_mut() {
            if take(e, name) {
                break;
            }
        }
    }
}

/// Marks the last statement's read of a variable an earlier statement of a direct definition
/// assigns (`V←,⍵ ⋄ V[…]←… ⋄ 11 11⍴V`) as [`Expr::Take`] where it is that statement's only
/// mention of the name and an argument of a function: the variable ends with the call, so its
/// array is handed on instead of copied. System variables (`⎕IO`, which the frame's end
/// reads) and a body that may mention names unseen (`⍎`, a dfn) are left as they are.
pub(crate) fn move_last_reads(body: &mut [Expr]) {
    let Some((last, before)) = body.split_last_mut() else {
        return;
    };
    let mut names: Vec<&str> = Vec::new();
    for e in before.iter() {
        if let Expr::Assign(n, ..) | Expr::IndexAssign(n, ..) = e
            && !n.starts_with('⎕')
            && !names.contains(&n.as_str())
        {
            names.push(n);
        }
    }
    for name in names {
        let (mut earlier, mut seen) = (Mentions::default(), Mentions::default());
        before.iter().for_each(|e| earlier.expr(e, name));
        seen.expr(last, name);
        if !earlier.hidden && !seen.hidden && seen.count == 1 {
            take(last, name);
        }
    }
}

/// How often a body mentions a name, and whether it may mention it unseen.
#[derive(Default)]
struct Mentions {
    count: usize,
    hidden: bool,
}

impl Mentions {
    fn expr(&mut self, e: &Expr, name: &str) {
        match e {
            Expr::Lit(_) | Expr::ByOrigin(_) | Expr::Niladic(..) => {}
            Expr::Var(n, _) | Expr::Take(n, _) => self.count += usize::from(n == name),
            Expr::Strand(items) => items.iter().for_each(|x| self.expr(x, name)),
            Expr::Index(a, idx, _) => {
                self.expr(a, name);
                idx.lists.iter().flatten().for_each(|x| self.expr(x, name));
            }
            Expr::Monad(f, a) => {
                self.func(f, name);
                self.expr(a, name);
            }
            Expr::Dyad(f, a, b) => {
                self.func(f, name);
                self.expr(a, name);
                self.expr(b, name);
            }
            Expr::Assign(n, a, _) => {
                self.count += usize::from(n == name);
                self.expr(a, name);
            }
            Expr::IndexAssign(n, idx, a, _) => {
                self.count += usize::from(n == name);
                idx.lists.iter().flatten().for_each(|x| self.expr(x, name));
                self.expr(a, name);
            }
            // Read and assigned at once: its variable is not handed on.
            Expr::IndexModify(_) => self.hidden = true,
            Expr::AssignTo(to, a) => {
                self.count += to.target.names().iter().filter(|n| **n == name).count();
                if let Some(f) = &to.modify {
                    self.func(f, name);
                }
                self.expr(a, name);
            }
            Expr::Print(a) | Expr::Branch(a) => self.expr(a, name),
            Expr::CallDfn(_) | Expr::CallFn(_) | Expr::AssignFn(..) => self.hidden = true,
        }
    }

    fn func(&mut self, f: &Func, name: &str) {
        if let Some(axis) = &f.axis {
            self.expr(axis, name);
        }
        match &f.kind {
            FuncKind::Prim(super::defs::Prim::Execute) => self.hidden = true,
            FuncKind::Prim(_)
            | FuncKind::System(_)
            | FuncKind::Defined(_)
            | FuncKind::Local(_)
            | FuncKind::SelfRef
            | FuncKind::Operand
            | FuncKind::Dfn(_) => {}
            FuncKind::Reduce(g, _)
            | FuncKind::Scan(g, _)
            | FuncKind::Each(g)
            | FuncKind::Outer(g)
            | FuncKind::Commute(g)
            | FuncKind::Key(g) => self.func(g, name),
            FuncKind::Inner(g, h)
            | FuncKind::Compose(g, h)
            | FuncKind::Atop(g, h)
            | FuncKind::PowerUntil(g, h) => {
                self.func(g, name);
                self.func(h, name);
            }
            FuncKind::Power(g, a)
            | FuncKind::Rank(g, a)
            | FuncKind::BindLeft(a, g)
            | FuncKind::BindRight(g, a) => {
                self.func(g, name);
                self.expr(a, name);
            }
            FuncKind::Fork(f, g, h) => {
                self.operand(f, name);
                self.func(g, name);
                self.func(h, name);
            }
            FuncKind::At(f, g) => {
                self.operand(f, name);
                self.operand(g, name);
            }
            FuncKind::DefinedOp(_, g) => self.func(g, name),
        }
    }

    fn operand(&mut self, o: &Operand, name: &str) {
        match o {
            Operand::Func(f) => self.func(f, name),
            Operand::Array(a) => self.expr(a, name),
        }
    }
}

/// Turns the read of `name` that is an argument of a function (or a statement, or a strand's
/// item) into [`Expr::Take`]; whether it found it.
fn take(e: &mut Expr, name: &str) -> bool {
    let arg = |a: &mut Expr| match a {
        Expr::Var(n, pos) if n == name => {
            *a = Expr::Take(std::mem::take(n), *pos);
            true
        }
        Expr::Var(..) => false,
        a => take(a, name),
    };
    match e {
        Expr::Var(..) => arg(e),
        Expr::Monad(_, a) | Expr::Assign(_, a, _) | Expr::Print(a) => arg(a),
        Expr::Dyad(_, a, b) => arg(b) || arg(a),
        Expr::Strand(items) => items.iter_mut().any(arg),
        Expr::IndexAssign(_, _, a, _) => arg(a),
        _ => false,
    }
}

/// The index lists of `A[i;j;…]` (`None` where one is elided). Where every list is written
/// out (`⍵[3;;2 3]`), the cells they take depend only on the shape of the array indexed: they
/// are worked out once and kept here, and an array of that shape (and `⎕IO`) takes them again
/// without working them out.
#[derive(Debug)]
pub(crate) struct Indices {
    pub(crate) lists: Vec<Option<Expr>>,
    /// Whether every list is a literal or elided.
    pub(crate) written: bool,
    /// The cells taken the first time, when `written`.
    pub(crate) kept: std::sync::OnceLock<Cells>,
    /// When not `written`: the lists last seen (small ones) and the cells they took, taken
    /// again while the lists come back the same (`⍵[I;I←3+⍳5]`, each call a new `I` of the
    /// same items).
    pub(crate) recent: std::sync::Mutex<Option<Box<Recent>>>,
}

/// Lists of an index not written out, as they were last evaluated, and the cells they took.
#[derive(Debug)]
pub(crate) struct Recent {
    pub(crate) lists: Vec<Option<Value>>,
    pub(crate) cells: Cells,
}

impl Indices {
    pub(crate) fn new(lists: Vec<Option<Expr>>) -> Indices {
        // A ravelled literal (`⍵[;;,1]`, which keeps the axis) is written out too.
        let lists: Vec<Option<Expr>> = lists
            .into_iter()
            .map(|l| match l {
                Some(Expr::Monad(f, a))
                    if matches!(f.kind, FuncKind::Prim(super::defs::Prim::Comma))
                        && f.axis.is_none() =>
                {
                    match *a {
                        Expr::Lit(v) => {
                            Some(Expr::Lit(Value::vector(v.items().cloned().collect())))
                        }
                        a => Some(Expr::Monad(f, Box::new(a))),
                    }
                }
                l => l,
            })
            .collect();
        let written = lists.iter().all(|l| matches!(l, None | Some(Expr::Lit(_))));
        Indices {
            lists,
            written,
            kept: std::sync::OnceLock::new(),
            recent: std::sync::Mutex::new(None),
        }
    }
}

impl Clone for Indices {
    fn clone(&self) -> Indices {
        Indices::new(self.lists.clone())
    }
}

/// The cells index lists take from an array of shape `from` at index origin `origin`: their
/// row-major offsets in the result's order, the result's shape, and whether a cell is taken
/// twice (then the result's atoms are counted).
#[derive(Clone, Debug)]
pub(crate) struct Cells {
    pub(crate) from: Vec<usize>,
    pub(crate) origin: usize,
    pub(crate) offsets: Vec<usize>,
    pub(crate) shape: Vec<usize>,
    pub(crate) repeats: bool,
}

impl Cells {
    /// Whether these are the cells of an array of `v`'s shape at the origin in force.
    pub(crate) fn fit(&self, v: &Value) -> bool {
        self.from == v.shape() && self.origin == super::origin()
    }
}

/// A dfn, `{…}`: statements run in order; a guard `cond: expr` returns `expr` when `cond` is
/// 1; the first statement that is not an assignment gives the result; `⍺←x` gives `⍺` a
/// value only when the dfn was called with none; `∇` is the dfn itself.
#[derive(Debug)]
pub(crate) struct Dfn {
    pub(crate) statements: Vec<DfnStatement>,
    /// The line it was written in, for errors.
    pub(crate) line: Arc<str>,
}

#[derive(Debug)]
pub(crate) enum DfnStatement {
    Plain(Expr),
    Guard(Expr, Expr),
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
    Prim(super::defs::Prim),
    /// A system function: `⎕UCS`, `⎕FMT`.
    System(super::defs::SystemName),
    Defined(String),
    /// `f/` (last axis) or `f⌿` (first).
    Reduce(Box<Func>, bool),
    /// `f\` (last axis) or `f⍀` (first).
    Scan(Box<Func>, bool),
    Each(Box<Func>),
    Outer(Box<Func>),
    /// `f.g`.
    Inner(Box<Func>, Box<Func>),
    /// `f⍣n`: the right operand is an array.
    Power(Box<Func>, Box<Expr>),
    Dfn(Arc<Dfn>),
    /// `∇` inside a dfn.
    SelfRef,
    /// A monadic operator the user defined, with its operand: `PERMUTE EACHRIGHT`.
    DefinedOp(String, Arc<Func>),
    /// `⍺⍺`: the operand of the operator running.
    Operand,
    /// A name given a function in a frame of this line or of a dfn around it (`f←{…}`),
    /// looked up from the frame it is applied in outwards.
    Local(String),
    /// `f⍨`: `⍺ f⍨ ⍵` is `⍵ f ⍺`, `f⍨ ⍵` is `⍵ f ⍵`.
    Commute(Box<Func>),
    /// `f∘g`: `⍺ f g ⍵` (`f g ⍵` with one argument).
    Compose(Box<Func>, Box<Func>),
    /// `A∘f`: `A f ⍵`.
    BindLeft(Box<Expr>, Box<Func>),
    /// `f∘B`: `⍵ f B`.
    BindRight(Box<Func>, Box<Expr>),
    /// `f⍣g`: `f` applied until `(f x) g x` is 1 (`⍣≡`, a fixpoint).
    PowerUntil(Box<Func>, Box<Func>),
    /// `(g h)`, and `g⍤h`: `g (⍺ h ⍵)`.
    Atop(Box<Func>, Box<Func>),
    /// `(f g h)`: `(⍺ f ⍵) g (⍺ h ⍵)`; `(A g h)` with an array `A`: `A g (⍺ h ⍵)`.
    Fork(Box<Operand>, Box<Func>, Box<Func>),
    /// `f⍤k`: `f` applied to the cells of rank `k` (one number, or two or three as Dyalog).
    Rank(Box<Func>, Box<Expr>),
    /// `f⌸`: `f` applied to each unique key and the indices (or items) it comes with.
    Key(Box<Func>),
    /// `f@g`: the items of `⍵` that `g` selects replaced by `f` (an array or a function).
    At(Box<Operand>, Box<Operand>),
}

/// An operand that may be an array or a function: a fork's left tine, `@`'s.
#[derive(Clone, Debug)]
pub(crate) enum Operand {
    Func(Func),
    Array(Expr),
}

/// What an assignment assigns to: a name, or a strand of them (nested by parentheses).
#[derive(Clone, Debug)]
pub(crate) enum Target {
    Name(String),
    Strand(Vec<Target>),
}

impl Target {
    /// The target an expression names: a variable's name (not `⎕`, which prints), or a
    /// strand of targets.
    pub(crate) fn of(e: &Expr) -> Option<Target> {
        match e {
            Expr::Var(n, _) if n != "⎕" => Some(Target::Name(n.clone())),
            Expr::Strand(items) => items
                .iter()
                .map(Target::of)
                .collect::<Option<Vec<_>>>()
                .map(Target::Strand),
            _ => None,
        }
    }

    /// Each name it assigns, in order.
    pub(crate) fn names(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.each_name(&mut |n| out.push(n));
        out
    }

    fn each_name<'t>(&'t self, f: &mut impl FnMut(&'t str)) {
        match self {
            Target::Name(n) => f(n),
            Target::Strand(ts) => ts.iter().for_each(|t| t.each_name(f)),
        }
    }

    /// Gives `v` out along the target: each name with its part.
    pub(crate) fn spread<'t>(
        &'t self,
        v: &Value,
        out: &mut Vec<(&'t str, Value)>,
    ) -> Result<(), AplError> {
        let targets = match self {
            Target::Name(n) => {
                out.push((n, v.clone()));
                return Ok(());
            }
            Target::Strand(ts) => ts,
        };
        if v.rank() > 1 {
            return err(
                ErrorKind::Rank,
                format!(
                    "{} names take a vector or a scalar, not an array of rank {}",
                    targets.len(),
                    v.rank()
                ),
            );
        }
        let items: Vec<_> = v.items().collect();
        match items.len() {
            1 => {
                let item = item_value(items[0]);
                targets.iter().try_for_each(|t| t.spread(&item, out))
            }
            n if n == targets.len() => targets
                .iter()
                .zip(items)
                .try_for_each(|(t, item)| t.spread(&item_value(item), out)),
            n => err(
                ErrorKind::Length,
                format!("{} names and {n} values", targets.len()),
            ),
        }
    }
}

/// A modified assignment into a variable's items, `name[idx] f←rhs`, its arrow at `pos`.
#[derive(Clone, Debug)]
pub(crate) struct IndexModify {
    pub(crate) name: String,
    pub(crate) idx: Indices,
    pub(crate) modify: Func,
    pub(crate) rhs: Expr,
    pub(crate) pos: usize,
}

/// An assignment to a strand of names, or a modified one (`a+←1`).
#[derive(Clone, Debug)]
pub(crate) struct Assignment {
    pub(crate) target: Target,
    /// The function of a modified assignment (`+` in `a+←1`).
    pub(crate) modify: Option<Func>,
    /// Where its arrow is.
    pub(crate) pos: usize,
}
