//! APL in the workbench: the primitives the seven representations are written with
//! ([`prim`]), and an evaluator for the subset of APL the paper uses, in which the paper's
//! definitions ([`paper`]) run as the paper prints them.
//!
//! The evaluator reads APL with `⎕IO←1` (0 if set so), right to left: numbers (`¯` for minus), characters
//! (`'WRB'`), nested arrays (strands, `⊂`, `⊃`, `¨`); direct definitions `NAME: expr` with
//! `⍵` and `⍺` (the paper's `ω` and `α` too, and a bar over a name, `X̄`, for an inverse);
//! functions applied by juxtaposition (`X X X ⍵`); `⋄` between statements; assignment and
//! indexed assignment (`⍵[1 5;12 4]←⍵[1 5;1 3]`); the primitives `⍉ ⌽ ⊖` (with an axis, and
//! rotation by a vector as `3 3 0 0 0⌽⍵`), `⍴ ⍳ ,` (`,[k]` catenates, `,[k.5]` laminates),
//! indexing with elided axes, `⊤ ⊥ ↑ ↓ / ⌿ \ ⍀ ⊂ ⊃ ≡`, the scalar functions
//! `+ - × ÷ | ⌈ ⌊ = ≠ < ≤ > ≥ ∧ ∨ ~` with scalar extension, and the operators `f/`, `f\`
//! (scan, as APL2 and Dyalog: `+\⍳5`; `\` with an array on its left is expand), `f¨`,
//! `∘.f`, and Dyalog's `f.g f⍨ f∘g A∘f f∘B f⍣n f⍣g f⍤k f⌸ f@g` and trains (`(+/÷≢)`), each of
//! any function; dfns with lexical scope, and functions named anywhere (`f←{⍵+1} ⋄ f 3`). Dyadic `⊂` is APL2's partition (Dyalog's `⊆`): `1 1 2 2 0 3⊂⍵` encloses the runs
//! that start where the left rises, dropping the items under 0.
//!
//! A definition's result is its last statement's value; where that statement assigns into a
//! name, as the paper's vector lines `ω[⍳9]←ω[7 4 1 8 5 2 9 6 3]` do, it is that name's whole
//! new value (the paper means the turned `ω`).
//!
//! Errors are APL's (`SYNTAX ERROR`, `VALUE ERROR`, `DOMAIN ERROR`, `RANK ERROR`,
//! `LENGTH ERROR`, `INDEX ERROR`, `AXIS ERROR`), shown with the line and a caret under the
//! place; a statement that fails changes nothing and stops its line there (those before it
//! on the line stay done, as in Dyalog). It is bounded: arrays of at most
//! [`MAX_ELEMENTS`] elements (`WS FULL`), calls as deep as [`MAX_STACK`] bytes of stack hold (`WS FULL`),
//! lines of at most [`parse::MAX_TOKENS`] tokens, and Ctrl-C ([`crate::base::cancel`]) stops a
//! long evaluation (`INTERRUPT`).
//!
//! ```
//! use cubework::apl::Workspace;
//! let mut ws = Workspace::new();
//! ws.eval_line("X: 10⊥((3⍴10)⊤2 1 3⍉⊖[1]⍵)[2 1 3;;;]").unwrap();
//! ws.eval_line("CUBE←3 3 3⍴135").unwrap();
//! assert_eq!(ws.eval_line("(X CUBE)[1;3;1]").unwrap().to_string(), "315");
//! let err = ws.eval_line("1 2+1 2 3").unwrap_err();
//! assert_eq!(err.to_string(), "LENGTH ERROR: shapes [2] and [3]\n      1 2+1 2 3\n         ^");
//! ```

mod args;
mod arranging;
mod assign;
mod digits;
use arranging::Arranged;
#[cfg(target_arch = "wasm32")]
mod browser_depth;
mod chain;
mod control;
pub mod defs;
mod derived;
mod display;
mod domino;
mod error;
mod eval;
mod fold;
mod frame;
mod func;
mod gathered;
mod index;
pub mod keys;
pub mod lines;
pub mod literal;
mod name_class;
mod operands;
mod operators;
pub mod paper;
pub mod parse;
pub mod prim;
mod random;
mod search;
mod structure;
mod system;
mod trad;
mod trad_run;
mod tree;
mod value;
mod work;

#[cfg(test)]
#[path = "primitives/added_tests.rs"]
mod added_primitives_tests;
#[cfg(test)]
mod arguments_tests;
#[cfg(test)]
mod arranging_tests;
#[cfg(test)]
mod assign_tests;
#[cfg(test)]
mod chain_tests;
#[cfg(test)]
mod control_tests;
#[cfg(test)]
mod dfns_tests;
#[cfg(test)]
mod digits_tests;
#[cfg(test)]
mod empties_tests;
#[cfg(test)]
mod fast_paths_tests;
#[cfg(test)]
#[path = "primitives/tests.rs"]
mod primitives_tests;
#[cfg(test)]
mod reordered_tests;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

pub use display::Boxing;
pub use error::{AplError, ErrorKind};
pub use value::{Elem, Value, bar, format_number};

use eval::{Frame, Machine};
use parse::{Named, Parser, Tok, definition, lex};
use tree::Expr;

/// `value`'s atoms gathered: atom `i` of the result is atom `sources[i]` of `value`, with
/// `per` atoms an element (1: the elements themselves; more: each element a vector of `per`
/// it encloses). `None` if `value` is not so made, or a source is out of range.
///
/// ```
/// use cubework::apl::{Value, gather_atoms};
/// assert_eq!(gather_atoms(&Value::chars("abc"), 1, &[2, 0, 1]), Some(Value::chars("cab")));
/// ```
pub fn gather_atoms(value: &Value, per: usize, sources: &[u32]) -> Option<Value> {
    gathered::gather(value, value.shape(), per, sources)
}

/// Most elements an array may have.
pub const MAX_ELEMENTS: usize = 1 << 20;

/// Most atoms one value may hold, those of every enclosed array counted
/// ([`Value::atoms_within`]): `1e6⍴⊂⍳1e6` holds one array of a million shared by a million
/// items, and is refused (`WS FULL`) before anything applied to it makes them a million.
pub const MAX_ATOMS: usize = 1 << 24;

/// Largest APL source file read (`)load`, `apl -f`, `compare --apl-file`).
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// Largest saved workspace file read or written (`)save`, `)load`, `)copy`, the REPL's
/// `workspace.apl`): room for a few variables of [`MAX_ATOMS`] atoms each, written as text.
pub const MAX_WORKSPACE_BYTES: u64 = 1 << 30;

/// The header line a saved workspace file starts with; `)save` replaces only a file that
/// starts with it.
pub const SAVED_HEADER: &str = "⍝ cubework workspace";

/// Reads an APL source file as the table cache reads a table ([`crate::base::table_cache::read_regular`]:
/// no FIFO, device or directory, at most [`MAX_SOURCE_BYTES`]), as UTF-8 text without a
/// byte-order mark.
pub fn read_source(path: &std::path::Path) -> std::io::Result<String> {
    read_source_within(path, MAX_SOURCE_BYTES)
}

/// [`read_source`], reading at most `max` bytes.
pub fn read_source_within(path: &std::path::Path, max: u64) -> std::io::Result<String> {
    let bytes = crate::base::table_cache::read_regular(path, max)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to() + 1
            ),
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Most bytes of stack the evaluation of a line may grow to (`WS FULL` past it): functions
/// may call one another as deeply as it holds, tens of thousands deep
/// (`{⍵=0:0 ⋄ ∇ ⍵-1}1e4` runs), and the thread's own stack never overflows.
pub const MAX_STACK: usize = 256 << 20;
/// A statement `NAME←text` of one name and anything after the arrow: the name, and the text.
fn saved_assignment(statement: &str) -> Option<(String, &str)> {
    let (name, text) = statement.split_once('←')?;
    match lex(name).ok()?.as_slice() {
        [
            parse::Token {
                kind: Tok::Name(n), ..
            },
        ] => Some((n.clone(), text)),
        _ => None,
    }
}

/// The name a statement defines or assigns as a whole, if any: `NAME: …`, `NAME←…`, or a
/// traditional function's header (`∇Z←A NAME B`).
///
/// ```
/// use cubework::apl::statement_name;
/// assert_eq!(statement_name("MINE: ⍵").as_deref(), Some("MINE"));
/// assert_eq!(statement_name("F←{⍵+1}").as_deref(), Some("F"));
/// assert_eq!(statement_name("∇Z←A PLUS B\n Z←A+B\n∇").as_deref(), Some("PLUS"));
/// assert_eq!(statement_name("X[2]←5"), None);
/// assert_eq!(statement_name("1+1"), None);
/// ```
pub fn statement_name(statement: &str) -> Option<String> {
    let t = statement.trim_start();
    if t.starts_with('∇') {
        return trad::name(t);
    }
    let end = t.find(['←', ':'])?;
    match lex(&t[..end]).ok()?.as_slice() {
        [
            parse::Token {
                kind: Tok::Name(n), ..
            },
        ] => Some(n.clone()),
        _ => None,
    }
}

/// Most steps (evaluations and function applications, and a step for every 16 items a
/// primitive touches) one line, or one call from Rust, may take: about six seconds
/// on this project's machines (7.7 million steps a second, AMD EPYC);
/// past it the line stops with `LIMIT ERROR`, as a loop without end would not, wherever the
/// line came from (typed, a file, `compare --apl-file`). Ctrl-C stops it sooner.
pub const MAX_STEPS: u64 = 50_000_000;

/// A direct definition: its line as typed, and its statements.
#[derive(Clone, Debug)]
pub(crate) struct Definition {
    pub(crate) line: Arc<str>,
    pub(crate) body: Arc<Vec<Expr>>,
    /// A traditional function (`∇` … `∇`), read; its `line` is then its whole text.
    pub(crate) trad: Option<Arc<trad::Tradfn>>,
    /// A monadic operator (its definition reads `⍺⍺`, the function on its left).
    pub(crate) operator: bool,
    /// Why its line no longer reads, since a name it mentions became a function or an
    /// operator: kept as typed, it gives this error when called.
    pub(crate) unreadable: Option<AplError>,
    /// One of the paper's definitions ([`Workspace::mark_paper`]): it runs counting from 1.
    pub(crate) paper: bool,
    /// The items it made under `¨` as `⍵[⍺]`, remembered (`operators::Picked`).
    pub(crate) picked: Arc<std::sync::Mutex<operators::Picked>>,
    /// Whether it only arranges its argument's cells (`arranging::proves`), with the
    /// generation of the definitions it was checked against (`arranging::Arranged`).
    pub(crate) arranges: Arc<std::sync::atomic::AtomicU64>,
}

/// A table of the workspace's functions by name, looked up at every call: hashed by FNV,
/// which is quicker than the standard library's SipHash on short names (no table here is
/// keyed by what an adversary could choose to collide, beyond the user's own names).
pub(crate) type Names<V> = fnv::FnvHashMap<String, V>;

thread_local! {
    /// The index origin of the evaluation running on this thread: `⎕IO` of its workspace (1
    /// unless set to 0), or 1 inside the paper's own definitions.
    static ORIGIN: std::cell::Cell<usize> = const { std::cell::Cell::new(1) };
}

/// The index origin `⎕IO` the primitives count from now (0 or 1).
pub(crate) fn origin() -> usize {
    ORIGIN.with(|o| o.get())
}

/// Sets the index origin for what runs next on this thread; gives back the one before.
pub(crate) fn set_origin(io: usize) -> usize {
    ORIGIN.with(|o| o.replace(io))
}

/// Whether a statement is a call of a traditional function without a result (`∇SAY`): it
/// shows nothing.
fn calls_without_result(defs: &Names<Definition>, s: &Expr) -> bool {
    let name = match s {
        Expr::Niladic(n, _) => n,
        Expr::Monad(f, _) | Expr::Dyad(f, ..) => match &f.kind {
            tree::FuncKind::Defined(n) => n,
            _ => return false,
        },
        _ => return false,
    };
    defs.get(name)
        .and_then(|d| d.trad.as_ref())
        .is_some_and(|t| t.result.is_none())
}

/// What `name` is among the definitions `defs`.
pub(crate) fn named(defs: &Names<Definition>, name: &str) -> parse::Named {
    match defs.get(name) {
        Some(d) if d.operator => parse::Named::Operator,
        Some(d) if d.trad.as_ref().is_some_and(|t| t.right.is_none()) => parse::Named::Niladic,
        Some(_) => parse::Named::Function,
        None => parse::Named::Array,
    }
}

/// An APL workspace: defined functions and variables (such as `CUBE`, bound to a
/// representation's array).
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    defs: Names<Definition>,
    vars: HashMap<String, Value>,
    /// Functions compiled to a gather ([`Workspace::compile_gather`]).
    compiled: Names<gathered::Gathered>,
    /// The defined functions proven to only arrange their argument's cells, each with the
    /// gathers it made (forgotten whenever a definition changes).
    arranged: arranging::Arranged,
    /// The steps a line may take, if not [`MAX_STEPS`].
    max_steps: Option<u64>,
    /// For each name, the definitions whose lines mention it (perhaps some no longer do):
    /// those read again when it becomes a function.
    mentioned_by: HashMap<String, std::collections::HashSet<String>>,
    /// The generator `?` draws from, and the seed `⎕RL` last gave it.
    random: random::Random,
    /// The functions a representation's paper source defined ([`Workspace::mark_paper`]) and
    /// the user has not defined again: replaced by [`Workspace::rebase`]; all the others are
    /// the user's.
    paper: std::collections::HashSet<String>,
    /// The paper's functions the user has defined again since [`Workspace::take_shadowed`]
    /// was last asked: what a front end names in a note.
    shadowed: Vec<String>,
    /// What the last line of statements changed: each variable's value before it (in the
    /// order it was changed) and the generator as it was ([`Workspace::undo_line`]).
    last_line: Option<(eval::Changes, random::Random)>,
    /// The last error a line stopped on or a `:Trap` caught: `⎕EN` and `⎕DM`.
    last_error: Option<AplError>,
}

/// A line of statements stopped by an error ([`Workspace::run_line`]): the error, how many
/// statements ran before it (what they did stays), and the values they showed.
#[derive(Clone, Debug, PartialEq)]
pub struct Stopped {
    /// The values the statements before the error showed.
    pub shown: Vec<Value>,
    /// The statements that ran before the one that failed.
    pub ran: usize,
    /// What went wrong.
    pub error: AplError,
}

/// What a line gave: the values it shows (statements that are not assignments), and the
/// name it defined, if it was a definition.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// The values to show, one per statement that shows one.
    pub shown: Vec<Value>,
    /// The function the line defined.
    pub defined: Option<String>,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.shown.iter().map(|v| v.to_string()).collect();
        f.write_str(&shown.join("\n"))
    }
}

/// The statements of an APL source with the number of the line each starts on: each line,
/// but a traditional function's lines (from a line starting with `∇` to a line `∇`, or one
/// ending in it) as one.
///
/// ```
/// let s = cubework::apl::statements_of("X←1\n∇Z←F B\n Z←B\n∇\nY←2");
/// assert_eq!(s, [(1, "X←1".to_string()), (2, "∇Z←F B\n Z←B\n∇".to_string()), (5, "Y←2".to_string())]);
/// ```
pub fn statements_of(source: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in source.lines().enumerate() {
        match open.as_mut() {
            Some((_, text)) => {
                text.push('\n');
                text.push_str(line);
                let t = line.trim();
                if t == "∇" || (t.ends_with('∇') && !t.starts_with('∇')) {
                    out.extend(open.take());
                }
            }
            None if line.trim_start().starts_with('∇') => {
                let t = line.trim();
                // A one-line `∇…∇` is whole already.
                if t.len() > '∇'.len_utf8() && t.ends_with('∇') {
                    out.push((i + 1, line.to_string()));
                } else {
                    open = Some((i + 1, line.to_string()));
                }
            }
            None => out.push((i + 1, line.to_string())),
        }
    }
    // An unclosed definition is read as far as it goes.
    out.extend(open);
    out
}

impl Workspace {
    /// An evaluator over this workspace's definitions and variables, its counts at zero.
    fn machine(&mut self) -> Machine<'_> {
        set_origin(eval::global_origin(&self.vars));
        work::start(self.max_steps.unwrap_or(MAX_STEPS));
        Machine {
            defs: &self.defs,
            compiled: &self.compiled,
            arranged: &mut self.arranged,
            globals: &mut self.vars,
            stacks: 0,
            replaced: Vec::new(),
            rng: &mut self.random,
            printed: Vec::new(),
            named: Vec::new(),
            last_error: &mut self.last_error,
        }
    }

    /// An empty workspace.
    pub fn new() -> Workspace {
        Workspace::default()
    }

    /// Forgets every function, variable and compiled function of the user's: the paper's
    /// definitions are all that is left.
    pub fn clear_user(&mut self) {
        let user: Vec<String> = self
            .user_functions()
            .iter()
            .map(|s| s.to_string())
            .collect();
        for name in user {
            self.defs.remove(&name);
            self.forget_compiled_through(&name);
        }
        self.vars.clear();
        self.compiled.clear();
    }

    /// Lets each line take at most `steps` steps (evaluations and applications) instead of
    /// [`MAX_STEPS`] before it stops with `LIMIT ERROR`.
    ///
    /// ```
    /// use cubework::apl::{ErrorKind, Workspace};
    /// let mut ws = Workspace::new();
    /// ws.set_step_limit(1000);
    /// ws.eval_line("K: 1++/K¨(2×⍵>0)⍴⍵-1").unwrap();
    /// assert_eq!(ws.eval_line("K 3").unwrap().to_string(), "15");
    /// assert_eq!(ws.eval_line("K 40").unwrap_err().kind, ErrorKind::Limit);
    /// ```
    pub fn set_step_limit(&mut self, steps: u64) {
        self.max_steps = Some(steps);
    }

    /// A variable's value.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }

    /// Sets a variable (`CUBE`, say).
    pub fn set(&mut self, name: &str, value: Value) {
        self.vars.insert(name.to_string(), value);
    }

    /// The names of the defined functions, sorted.
    pub fn functions(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.defs.keys().map(|s| s.as_str()).collect();
        names.sort();
        names
    }

    /// The names of the variables, sorted.
    pub fn variables(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.vars.keys().map(|s| s.as_str()).collect();
        names.sort();
        names
    }

    /// Forgets the function or variable `name`; false if there was none.
    pub fn erase(&mut self, name: &str) -> bool {
        let erased = self.defs.remove(name).is_some() | self.vars.remove(name).is_some();
        self.forget_compiled_through(name);
        erased
    }

    /// Makes defined function `name` run compiled on arrays of `shape`: applied to one (with
    /// no left argument), it gathers the array's atoms — atom `i` of the result is atom
    /// `sources[i]` of the argument, `per` atoms an element (each element then a vector of
    /// `per` it encloses; 1: the elements themselves) — instead of running its statements.
    /// The caller has checked that this is what the function does (see
    /// `cubework::rep::apl::compile`). It stays compiled until it, or a function it calls,
    /// is redefined or erased; while a global variable it reads differs from its value now,
    /// calls are interpreted.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// ws.eval_line("SWAP: ⌽⍵").unwrap();
    /// ws.compile_gather("SWAP", &[3], 1, vec![2, 1, 0]).unwrap();
    /// assert_eq!(ws.compiled_shape("SWAP"), Some(&[3][..]));
    /// assert_eq!(ws.eval_line("SWAP 'abc'").unwrap().to_string(), "cba");
    /// ws.eval_line("SWAP: ⍵").unwrap();
    /// assert_eq!(ws.compiled_shape("SWAP"), None);
    /// ```
    pub fn compile_gather(
        &mut self,
        name: &str,
        shape: &[usize],
        per: usize,
        sources: Vec<usize>,
    ) -> Result<(), String> {
        if !self.defs.contains_key(name) {
            return Err(format!("{name} is not a defined function"));
        }
        let atoms = shape
            .iter()
            .try_fold(per.max(1), |p, &n| p.checked_mul(n))
            .unwrap_or(usize::MAX);
        if per == 0 || sources.len() != atoms || sources.iter().any(|&s| s >= atoms) {
            return Err(format!(
                "a gather of {} atoms for an array of shape {shape:?} with {per} an element",
                sources.len()
            ));
        }
        let (through, mut reads) = gathered::references(&self.defs, name);
        // What it gathers was found counting from the `⎕IO` of now.
        reads.push("⎕IO".to_string());
        let reads = reads
            .into_iter()
            .map(|v| {
                let value = self.vars.get(&v).cloned();
                (v, value)
            })
            .collect();
        self.compiled.insert(
            name.to_string(),
            gathered::Gathered {
                shape: shape.to_vec(),
                per,
                sources: sources.into_iter().map(|s| s as u32).collect(),
                through,
                reads,
            },
        );
        Ok(())
    }

    /// The defined functions `name` calls, itself first, through every definition it reaches.
    pub fn calls(&self, name: &str) -> Vec<String> {
        gathered::references(&self.defs, name)
            .0
            .into_iter()
            .filter(|f| self.defs.contains_key(f))
            .collect()
    }

    /// Makes every defined function run its statements (`false`), or those proven to only
    /// arrange their argument's cells gather them (`true`, as a workspace starts).
    #[cfg(test)]
    pub(crate) fn set_arranging(&mut self, on: bool) {
        self.arranged.enable(on);
    }

    /// The gathers defined function `name` has made for the shapes it was called on.
    #[cfg(test)]
    pub(crate) fn arranged_gathers(&self, name: &str) -> usize {
        self.arranged.gathers(name)
    }

    /// The shape of the arrays function `name` runs compiled on, if it is compiled.
    pub fn compiled_shape(&self, name: &str) -> Option<&[usize]> {
        self.compiled.get(name).map(|g| g.shape.as_slice())
    }

    /// Makes `name` interpreted again; false if it was not compiled.
    pub fn uncompile(&mut self, name: &str) -> bool {
        self.compiled.remove(name).is_some()
    }

    /// Forgets every compiled form made through function `name`.
    fn forget_compiled_through(&mut self, name: &str) {
        self.forget_arranged();
        self.compiled
            .retain(|_, g| !g.through.iter().any(|f| f == name));
    }

    /// Forgets which functions only arrange and their gathers: a definition changed.
    fn forget_arranged(&mut self) {
        self.arranged.clear();
    }

    /// A function's definition as typed.
    pub fn definition(&self, name: &str) -> Option<&str> {
        self.defs.get(name).map(|d| &*d.line)
    }

    /// Reads and runs every line of an APL source (definitions, statements; `⍝` comments).
    /// All or nothing: on an error the workspace is as it was.
    pub fn load(&mut self, source: &str) -> Result<(), AplError> {
        let before = self.clone();
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        for (_, line) in statements_of(source) {
            if let Err(e) = self.eval_line(&line) {
                *self = before;
                return Err(e);
            }
        }
        Ok(())
    }

    /// Runs one statement of a saved workspace: `NAME←value`, in the form
    /// [`Value::to_source`] writes, is read as a value ([`literal::read_value`], of any size
    /// the workspace holds) and assigned; any other statement runs as
    /// [`Workspace::eval_line`] runs it. A statement that fails changes nothing.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// let big = ws.eval_line("⍳5000").unwrap().shown.remove(0);
    /// let line = format!("BIG←{}", big.to_source());
    /// assert!(ws.eval_line(&line).is_err(), "more words than a line may have");
    /// ws.run_saved(&line).unwrap();
    /// assert_eq!(ws.get("BIG"), Some(&big));
    /// ```
    pub fn run_saved(&mut self, statement: &str) -> Result<Outcome, AplError> {
        let Some((name, text)) = saved_assignment(statement)
            .filter(|(n, _)| !n.starts_with('⎕') && !self.defs.contains_key(n))
        else {
            return self.eval_line(statement);
        };
        match literal::read_value(text) {
            Ok(v) => {
                self.last_line = None;
                self.vars.insert(name, v);
                Ok(Outcome::default())
            }
            Err(e) if e.kind == ErrorKind::WsFull => Err(e.at(statement, 0)),
            Err(e) => self.eval_line(statement).map_err(|evaluated| {
                // A value too long for a line of APL: the reader says what is wrong with it.
                match evaluated.detail.starts_with("a line of more than") {
                    true => e.at(statement, 0),
                    false => evaluated,
                }
            }),
        }
    }

    /// Evaluates one line: a definition `NAME: expr`, or statements separated by `⋄`, run in
    /// order. A statement that fails changes nothing, and stops the line there: what the
    /// statements before it did stays, as in Dyalog ([`Workspace::undo_line`] takes back what
    /// the line did); [`Workspace::run_line`] says what they showed.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// assert!(ws.eval_line("A←1 ⋄ B←÷0 ⋄ C←3").is_err());
    /// assert_eq!(ws.eval_line("A").unwrap().to_string(), "1");
    /// assert!(ws.get("B").is_none() && ws.get("C").is_none());
    /// ```
    pub fn eval_line(&mut self, line: &str) -> Result<Outcome, AplError> {
        self.run_line(line).map_err(|stopped| stopped.error)
    }

    /// [`Workspace::eval_line`], and when a statement fails, what the statements before it
    /// showed and how many ran.
    pub fn run_line(&mut self, line: &str) -> Result<Outcome, Stopped> {
        let stopped = |error| Stopped {
            shown: Vec::new(),
            ran: 0,
            error,
        };
        if line.trim_start().starts_with('∇') {
            let Some(name) = trad::name(line) else {
                return Err(stopped(
                    trad::parse(line, &|_| Named::Array)
                        .err()
                        .unwrap_or_else(|| {
                            AplError::new(ErrorKind::Syntax, "a header is [Z←][A] NAME B[;L…]")
                                .at(line, 0)
                        }),
                ));
            };
            self.define(&name, line).map_err(stopped)?;
            return Ok(Outcome {
                shown: Vec::new(),
                defined: Some(name),
            });
        }
        let tokens = lex(line).map_err(stopped)?;
        if let Some((name, _)) = definition(&tokens) {
            self.define(&name, line).map_err(stopped)?;
            return Ok(Outcome {
                shown: Vec::new(),
                defined: Some(name),
            });
        }
        let statements = {
            let names = |n: &str| named(&self.defs, n);
            let parser = Parser::new(line, &tokens, &names);
            parser.statements(0, tokens.len()).map_err(stopped)?
        };
        let random_before = self.random.clone();
        let mut machine = self.machine();
        let mut frame = Frame::new(line, None);
        let mut shown = Vec::new();
        let mut failed = None;
        for (ran, s) in statements.iter().enumerate() {
            let marks = (
                machine.replaced.len(),
                machine.named.len(),
                machine.rng.clone(),
            );
            match machine.eval(s, &mut frame) {
                Ok(v) => {
                    shown.append(&mut machine.printed);
                    if !matches!(
                        s,
                        Expr::Assign(..)
                            | Expr::IndexAssign(..)
                            | Expr::AssignTo(..)
                            | Expr::IndexModify(..)
                            | Expr::Print(_)
                            | Expr::AssignFn(..)
                    ) && !calls_without_result(machine.defs, s)
                    {
                        shown.push(v);
                    }
                }
                Err(e) => {
                    *machine.last_error = Some(e.clone());
                    // This statement is undone; those before it stay.
                    machine.undo_from(marks.0);
                    machine.named.truncate(marks.1);
                    *machine.rng = marks.2;
                    failed = Some((ran, e));
                    break;
                }
            }
        }
        let changed = std::mem::take(&mut machine.replaced);
        let named = std::mem::take(&mut machine.named);
        // The functions the line named are the workspace's now, as if each were defined by
        // a line of its own; if one cannot be, the line changes nothing.
        let before = (!named.is_empty()).then(|| (self.defs.clone(), self.mentioned_by.clone()));
        let mut defined = None;
        for (name, text) in named {
            if let Err(e) = self.define(&name, &text) {
                if let Some((defs, mentioned_by)) = before {
                    self.defs = defs;
                    self.mentioned_by = mentioned_by;
                    self.forget_arranged();
                }
                self.last_line = Some((changed, random_before));
                self.undo_line();
                return Err(stopped(e));
            }
            defined = Some(name);
        }
        self.last_line = Some((changed, random_before));
        match failed {
            Some((ran, error)) => Err(Stopped { shown, ran, error }),
            None => Ok(Outcome { shown, defined }),
        }
    }

    /// Undoes the last line of statements [`Workspace::eval_line`] ran: its variables as they
    /// were before it, `?`'s generator too. Once: a second call, or one after a definition,
    /// does nothing.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// ws.eval_line("A←1").unwrap();
    /// ws.eval_line("A←A+1 ⋄ B←?6").unwrap();
    /// ws.undo_line();
    /// assert_eq!(ws.eval_line("A").unwrap().to_string(), "1");
    /// assert!(ws.get("B").is_none());
    /// ```
    pub fn undo_line(&mut self) {
        let Some((changed, random)) = self.last_line.take() else {
            return;
        };
        for (name, old) in changed.into_iter().rev() {
            match old {
                Some(v) => self.vars.insert(name, v),
                None => self.vars.remove(&name),
            };
        }
        self.random = random;
    }

    /// Calls defined function `name` on `omega` (and `alpha`), as `alpha name omega` would.
    pub fn call(
        &mut self,
        name: &str,
        alpha: Option<Value>,
        omega: Value,
    ) -> Result<Value, AplError> {
        let mut machine = self.machine();
        machine.call(name, alpha, omega)
    }

    /// Defines `name` from its source: a direct definition's line, or a traditional
    /// function's whole text.
    fn define(&mut self, name: &str, line: &str) -> Result<(), AplError> {
        self.last_line = None;
        let is_trad = line.trim_start().starts_with('∇');
        let tokens = if is_trad { Vec::new() } else { lex(line)? };
        let start = if is_trad {
            0
        } else {
            parse::named_function(&tokens).map_or(0, |d| d.1)
        };
        if self.vars.contains_key(name) || name.starts_with('⎕') {
            return Err(
                AplError::new(ErrorKind::Syntax, format!("{name} is a variable"))
                    .at(line, tokens.first().map_or(0, |t| t.pos)),
            );
        }
        if !is_trad && tokens[start..].iter().all(|t| t.kind == Tok::Diamond) {
            return Err(
                AplError::new(ErrorKind::Syntax, format!("{name} is defined as nothing"))
                    .at(line, tokens[1].pos),
            );
        }
        // Whether a name is a function decides how a line parses: when `name` becomes one,
        // the definitions that mention it are read again (the others read as they did).
        let was_function = self.defs.contains_key(name);
        let mut dependants: Vec<(String, Arc<str>)> = vec![(name.to_string(), line.into())];
        if !was_function && let Some(by) = self.mentioned_by.get(name) {
            dependants.extend(by.iter().filter(|n| *n != name).filter_map(|n| {
                let d = self.defs.get(n)?;
                Some((n.clone(), Arc::clone(&d.line)))
            }));
        }
        // An operator's definition reads its operand, `⍺⍺`.
        let operator = !is_trad
            && tokens[start..]
                .iter()
                .any(|t| matches!(&t.kind, Tok::Name(n) if n == "⍺⍺"));
        let mut bodies = Vec::with_capacity(dependants.len());
        for (i, (_, source)) in dependants.iter().enumerate() {
            let niladic = is_trad && trad::is_niladic(line);
            let names = |x: &str| match x == name {
                true if operator => Named::Operator,
                true if niladic => Named::Niladic,
                true => Named::Function,
                false => named(&self.defs, x),
            };
            let read = if source.trim_start().starts_with('∇') {
                trad::parse(source, &names).map(|(_, t)| (Vec::new(), Some(Arc::new(t))))
            } else {
                lex(source).and_then(|tokens| {
                    let (_, start) = parse::named_function(&tokens).expect("a definition's line");
                    let parser = Parser::new(source, &tokens, &names);
                    let mut body = parser.definition_body(start)?;
                    tree::move_sole_reads(&mut body);
                    tree::move_last_reads(&mut body);
                    Ok((body, None))
                })
            };
            // The definition made must read; another that no longer does is kept, to say
            // why when it is called.
            bodies.push(match read {
                Ok((body, trad)) => (Arc::new(body), trad, None),
                Err(e) if i > 0 => (Arc::new(Vec::new()), None, Some(e)),
                Err(e) => return Err(e),
            });
        }
        let mentioned: Vec<String> = if is_trad {
            trad::names(line)
        } else {
            tokens[start..]
                .iter()
                .filter_map(|t| match &t.kind {
                    Tok::Name(n) => Some(n.clone()),
                    _ => None,
                })
                .collect()
        };
        for n in mentioned {
            self.mentioned_by
                .entry(n)
                .or_default()
                .insert(name.to_string());
        }
        for ((n, source), (body, trad, unreadable)) in dependants.into_iter().zip(bodies) {
            let operator = match n == name {
                true => operator,
                false => self.defs.get(&n).is_some_and(|d| d.operator),
            };
            let paper = n != name && self.defs.get(&n).is_some_and(|d| d.paper);
            self.defs.insert(
                n,
                Definition {
                    line: source,
                    body,
                    trad,
                    operator,
                    unreadable,
                    paper,
                    picked: Arc::default(),
                    arranges: Arc::default(),
                },
            );
        }
        self.forget_compiled_through(name);
        if self.paper.remove(name) {
            self.shadowed.push(name.to_string());
        }
        Ok(())
    }
}
