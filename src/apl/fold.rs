//! Constants folded where a line is read: a primitive applied to written arrays (`3⍴10`,
//! `45+3 6 9`, `-2`) is applied once, as the line is read, and its value kept in the tree as
//! a written array, instead of being applied again each time a function's body runs.
//!
//! Only where that cannot change what the line means:
//! - the primitive depends on nothing a line can change (`⎕IO`: `⍳`, `⍉`, an axis; `⎕RL`:
//!   `?`), and reads nothing of the workspace (`⍎`);
//! - its arguments and its value are small ([`MOST`] items at most), so that reading a line
//!   neither takes long nor keeps a large array in the tree;
//! - it gives a value: one that fails (`1÷0`, `'a'+1`) is left as written, and fails where
//!   and when the line runs, with its position, as before.

use super::defs::Prim;
use super::func;
use super::tree::{Expr, FuncKind};
use super::value::{Elem, Value};

/// The most items an argument or value of a folded primitive has.
pub(crate) const MOST: usize = 64;

/// `e`, or the written array it gives if it is a primitive applied to written arrays that
/// may be folded (see the module's notes).
pub(crate) fn fold(e: Expr) -> Expr {
    let value = match &e {
        Expr::Dyad(f, a, w) => match (&f.kind, &f.axis, &**a, &**w) {
            (FuncKind::Prim(p), None, Expr::Lit(a), Expr::Lit(w))
                if folds_dyad(*p) && small(a) && small(w) && fits(*p, a) =>
            {
                func::dyad(*p, None, a.clone(), w.clone()).ok()
            }
            _ => None,
        },
        Expr::Monad(f, w) => match (&f.kind, &f.axis, &**w) {
            (FuncKind::Prim(p), None, Expr::Lit(w)) if folds_monad(*p) && small(w) => {
                func::monad(*p, None, w.clone()).ok()
            }
            _ => None,
        },
        _ => None,
    };
    match value {
        Some(v) if v.0.len() <= MOST => Expr::Lit(v),
        _ => e,
    }
}

/// A simple array of [`MOST`] items at most.
fn small(v: &Value) -> bool {
    v.0.len() <= MOST && v.is_simple()
}

/// Whether the value of `⍺ p ⍵` is small before it is made: a reshape or take makes as many
/// items as its left argument says.
fn fits(p: Prim, a: &Value) -> bool {
    if !matches!(p, Prim::Rho | Prim::Take) {
        return true;
    }
    let mut size = 1.0f64;
    for e in a.items() {
        match e {
            Elem::Num(n) => size *= n.abs(),
            _ => return false,
        }
    }
    size <= MOST as f64
}

/// The primitives folded either way: arithmetic, shape and ravel or catenation, whose
/// value is their arguments' alone, whatever `⎕IO` and `⎕RL` are.
fn folds_both(p: Prim) -> bool {
    use Prim::*;
    matches!(
        p,
        Plus | Minus | Times | Divide | Stile | Max | Min | Rho | Comma
    )
}

/// The dyadic primitives folded (as [`folds_both`]).
fn folds_dyad(p: Prim) -> bool {
    use Prim::*;
    folds_both(p)
        || matches!(
            p,
            Star | Equal
                | NotEqual
                | Less
                | LessEqual
                | Greater
                | GreaterEqual
                | And
                | Or
                | CommaBar
                | Encode
                | Decode
                | Take
                | Drop
        )
}

/// The monadic primitives folded (as [`folds_both`]).
fn folds_monad(p: Prim) -> bool {
    folds_both(p) || matches!(p, Prim::Tilde | Prim::Rotate | Prim::RotateFirst)
}

#[cfg(test)]
mod tests {
    use super::super::Workspace;
    use super::super::parse::{Named, Parser, lex};
    use super::*;

    /// The tree of a line whose names are all arrays'.
    fn parse(line: &str) -> Expr {
        let tokens = lex(line).unwrap();
        let names = |_: &str| Named::Array;
        let mut statements = Parser::new(line, &tokens, &names)
            .statements(0, tokens.len())
            .unwrap();
        statements.pop().unwrap()
    }

    fn run(ws: &mut Workspace, line: &str) -> String {
        match ws.eval_line(line) {
            Ok(v) => v.to_string(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_primitive_on_written_arrays_is_read_as_its_value() {
        assert!(matches!(parse("3⍴10"), Expr::Lit(v) if v.to_string() == "10 10 10"));
        assert!(matches!(parse("45+3 6 9"), Expr::Lit(v) if v.to_string() == "48 51 54"));
        assert!(matches!(parse("-2"), Expr::Lit(v) if v.to_string() == "¯2"));
        // Inside a larger line too: `(3⍴10)⊤⍵` reshapes nothing when it runs.
        let Expr::Dyad(_, left, _) = parse("(3⍴10)⊤⍵") else {
            panic!("a dyad")
        };
        assert!(matches!(*left, Expr::Lit(_)));
    }

    #[test]
    fn what_depends_on_the_index_origin_or_the_seed_is_not_folded() {
        assert!(matches!(parse("⍳9"), Expr::Monad(..)));
        assert!(matches!(parse("3+⍳5"), Expr::Dyad(..)));
        assert!(matches!(parse("2 1⍉2 2⍴1"), Expr::Dyad(..)));
        assert!(matches!(parse("1↑[1]3 3"), Expr::Dyad(..)));
        assert!(matches!(parse("?6"), Expr::Monad(..)));
    }

    #[test]
    fn a_large_value_is_not_kept_in_the_tree() {
        assert!(matches!(parse("1e6⍴0"), Expr::Dyad(..)));
        assert!(matches!(parse("¯100↑1"), Expr::Dyad(..)));
        assert!(matches!(parse("8 9⍴1"), Expr::Dyad(..)));
    }

    #[test]
    fn an_error_in_a_folded_constant_is_raised_when_the_line_runs() {
        let mut ws = Workspace::new();
        // Defining the function raises nothing: its body has not run.
        assert_eq!(run(&mut ws, "F: ⍵+1÷0"), "");
        assert!(matches!(parse("1÷0"), Expr::Dyad(..)));
        let e = run(&mut ws, "F 1");
        assert!(e.starts_with("DOMAIN ERROR"), "{e}");
        let e = run(&mut ws, "'a'+1");
        assert!(e.starts_with("DOMAIN ERROR"), "{e}");
    }

    #[test]
    fn a_function_defined_before_the_index_origin_changes_follows_it() {
        let mut ws = Workspace::new();
        run(&mut ws, "G: (3+⍳2),(3⍴10),1↑⍒3 1 2");
        assert_eq!(run(&mut ws, "G 0"), "4 5 10 10 10 1");
        run(&mut ws, "⎕IO←0");
        assert_eq!(run(&mut ws, "G 0"), "3 4 10 10 10 0");
        run(&mut ws, "⎕IO←1");
        assert_eq!(run(&mut ws, "G 0"), "4 5 10 10 10 1");
    }
}
