//! Constants folded where a line is read: a primitive applied to written arrays (`3⍴10`,
//! `45+3 6 9`, `-2`) is applied once, as the line is read, and its value kept in the tree as
//! a written array, instead of being applied again each time a function's body runs.
//!
//! Only where that cannot change what the line means:
//! - the primitive depends on nothing a line can change (`⎕IO`: `⍳`, `⍉`, an axis; `⎕RL`:
//!   `?`), and reads nothing of the workspace (`⍎`); except that `⍳` of a written array, and
//!   the primitives above applied to it (`3+⍳5`), are folded at both origins, and where the
//!   line runs give the value at the origin then in force;
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
/// may be folded (see the module's notes); or, where its value depends on the index origin
/// alone (`⍳5`, `3+⍳5`), its values at `⎕IO` 0 and 1, one of which it gives where it runs.
pub(crate) fn fold(e: Expr) -> Expr {
    let by_origin = match &e {
        Expr::Dyad(_, a, w) => by_origin(a) || by_origin(w),
        Expr::Monad(f, w) => by_origin(w) || matches!(f.kind, FuncKind::Prim(Prim::Iota)),
        _ => false,
    };
    if by_origin {
        let before = super::origin();
        let values = [0, 1].map(|io| {
            super::set_origin(io);
            value_at(&e, io)
        });
        super::set_origin(before);
        return match values {
            [Some(v0), Some(v1)] if v0.0.len() <= MOST && v1.0.len() <= MOST => {
                Expr::ByOrigin(Box::new([v0, v1]))
            }
            _ => e,
        };
    }
    match value_at(&e, 1) {
        Some(v) if v.0.len() <= MOST => Expr::Lit(v),
        _ => e,
    }
}

/// Whether `e` is a constant of the index origin.
fn by_origin(e: &Expr) -> bool {
    matches!(e, Expr::ByOrigin(_))
}

/// A constant argument's value at origin `io`.
fn constant(e: &Expr, io: usize) -> Option<&Value> {
    match e {
        Expr::Lit(v) => Some(v),
        Expr::ByOrigin(v) => Some(&v[io]),
        _ => None,
    }
}

/// The value of a primitive applied to constants, at origin `io` (set already, where it
/// matters), if it may be folded and gives one.
fn value_at(e: &Expr, io: usize) -> Option<Value> {
    match e {
        Expr::Dyad(f, a, w) => match (&f.kind, &f.axis, constant(a, io), constant(w, io)) {
            (FuncKind::Prim(p), None, Some(a), Some(w))
                if folds_dyad(*p) && small(a) && small(w) && fits(*p, a) =>
            {
                func::dyad(*p, None, a.clone(), w.clone()).ok()
            }
            _ => None,
        },
        Expr::Monad(f, w) => match (&f.kind, &f.axis, constant(w, io)) {
            (FuncKind::Prim(p), None, Some(w))
                if (folds_monad(*p) || *p == Prim::Iota) && small(w) && iota_fits(*p, w) =>
            {
                func::monad(*p, None, w.clone()).ok()
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether `⍳w` is small before it is made: as many items as the product of `w`.
fn iota_fits(p: Prim, w: &Value) -> bool {
    p != Prim::Iota || fits(Prim::Rho, w)
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
    fn what_depends_on_the_seed_or_on_the_origin_in_another_way_is_not_folded_as_written() {
        assert!(matches!(parse("⍳9"), Expr::ByOrigin(_)));
        assert!(matches!(parse("3+⍳5"), Expr::ByOrigin(_)));
        assert!(matches!(parse("⍳100"), Expr::Monad(..)));
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

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(100))]

        /// `k+⍳n` in a function's body, folded at both origins when the body is read (`n`
        /// up to [`MOST`]) or left to run (past it), gives at each origin the numbers
        /// counted from it, the origin changed between calls.
        #[test]
        fn iota_folded_at_both_origins_counts_from_the_origin_in_force(
            n in 0usize..80,
            k in -5i64..5,
            origins in proptest::collection::vec(0usize..2, 1..5),
        ) {
            let mut ws = Workspace::new();
            run(&mut ws, &format!("F: {}+⍳{n}", k.to_string().replace('-', "¯")));
            for io in origins {
                run(&mut ws, &format!("⎕IO←{io}"));
                let want: Vec<String> = (0..n as i64)
                    .map(|i| (k + i + io as i64).to_string().replace('-', "¯"))
                    .collect();
                proptest::prop_assert_eq!(run(&mut ws, "F 0"), want.join(" "));
            }
        }
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
