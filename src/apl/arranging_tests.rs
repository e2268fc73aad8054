//! A defined function proven to only arrange its argument's cells, run as one gather, gives
//! exactly what running its statements gives; the functions the check must refuse are
//! refused; a gather is forgotten when what it was made from changes.

use super::test_support::run;
use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A workspace with `lines` defined, arranging on or off.
pub(super) fn workspace_with(lines: &[&str], on: bool) -> Workspace {
    let mut ws = Workspace::new();
    ws.set_arranging(on);
    for l in lines {
        ws.eval_line(l).unwrap_or_else(|e| panic!("{l}\n{e}"));
    }
    ws
}

/// What a call gives: its value, or its error as text.
pub(super) fn outcome(r: Result<Value, AplError>) -> Result<Value, String> {
    r.map_err(|e| e.to_string())
}

/// The same lines defined in two workspaces, one gathering arranging functions and one not.
pub(super) struct Twins {
    pub(super) on: Workspace,
    pub(super) off: Workspace,
    /// What the lines define `F` as, to name a failing case.
    def: String,
}

impl Twins {
    /// Both workspaces with `lines` defined; `def` is the line that defines `F`.
    pub(super) fn new(lines: &[&str], def: &str) -> Twins {
        let on = workspace_with(lines, true);
        let off = workspace_with(lines, false);
        let def = def.to_string();
        Twins { on, off, def }
    }

    /// `F` called on `w` in both gives the same value, or the same error.
    pub(super) fn agree(&mut self, w: Value) {
        let general = outcome(self.off.call("F", None, w.clone()));
        let fast = outcome(self.on.call("F", None, w.clone()));
        assert_eq!(fast, general, "{} on {w:?}", self.def);
    }

    /// `F` called on each APL expression of `args` agrees in both, and none is gathered.
    pub(super) fn refuse(&mut self, args: &[&str]) {
        for w in args {
            let w = self.on.eval_line(w).unwrap().shown[0].clone();
            self.agree(w);
        }
        assert_eq!(self.gathers(), 0, "{} was gathered", self.def);
    }

    /// How many gathers the gathering workspace made of `F` (the other makes none).
    pub(super) fn gathers(&self) -> usize {
        assert_eq!(self.off.arranged_gathers("F"), 0);
        self.on.arranged_gathers("F")
    }
}

/// A random array of `shape`: numbers, characters or both; each item an enclosed vector of
/// three when `nested` (whose atoms may be enclosures too).
fn random_array(rng: &mut ChaCha8Rng, shape: &[usize], nested: bool) -> Value {
    let kind = rng.random_range(0..4);
    let atom = |rng: &mut ChaCha8Rng| match (kind, rng.random_range(0..4)) {
        (3, 0) if nested => Elem::Boxed(std::sync::Arc::new(Value::vector(vec![Elem::Num(
            rng.random_range(0..9) as f64,
        )]))),
        (0, _) | (2 | 3, 0 | 1) => Elem::Num(rng.random_range(-50..50) as f64 / 4.0),
        _ => Elem::Char(char::from(b'a' + rng.random_range(0..26u8))),
    };
    let cells: usize = shape.iter().product();
    let items = (0..cells)
        .map(|_| match nested {
            true => Elem::Boxed(std::sync::Arc::new(Value::vector(
                (0..3).map(|_| atom(rng)).collect(),
            ))),
            false => atom(rng),
        })
        .collect();
    Value::from_shape(shape, items)
}

/// An index list of 1 to 3 positions along an axis of `n`, as APL text, and its length.
fn list(rng: &mut ChaCha8Rng, n: usize) -> (String, usize) {
    let len = rng.random_range(1..=3);
    let items: Vec<String> = (0..len)
        .map(|_| rng.random_range(1..=n).to_string())
        .collect();
    let text = match len {
        1 => format!(",{}", items[0]),
        _ => items.join(" "),
    };
    (text, len)
}

/// A random function body built from the table's arranging primitives with random constant
/// operands, applied to `⍵` of `shape` (nested items: `PERMUTE EACHRIGHT` may reorder them).
pub(super) fn random_body(rng: &mut ChaCha8Rng, shape: &[usize], nested: bool) -> String {
    let (mut e, mut s) = ("⍵".to_string(), shape.to_vec());
    for _ in 0..rng.random_range(1..=4) {
        let rank = s.len();
        let op = rng.random_range(0..14);
        (e, s) = match op {
            0 => (format!("⌽{e}"), s),
            1 => (format!("⊖{e}"), s),
            2 => (format!("⍉{e}"), s.iter().rev().copied().collect()),
            3 => (format!(",{e}"), vec![s.iter().product()]),
            4 => (format!("{}⌽{e}", rng.random_range(-4..=4)), s),
            5 => (format!("{}⊖{e}", rng.random_range(-4..=4)), s),
            6 => {
                let mut lists = Vec::new();
                let mut out = Vec::new();
                for &n in &s {
                    if rng.random_bool(0.3) {
                        lists.push(String::new());
                        out.push(n);
                    } else {
                        let (t, len) = list(rng, n);
                        lists.push(t);
                        out.push(len);
                    }
                }
                (format!("({e})[{}]", lists.join(";")), out)
            }
            7 if rank >= 1 => {
                let mut t = s.clone();
                t[rank - 1] *= 2;
                (format!("(⌽{e}),{e}"), t)
            }
            8 => {
                let t: Vec<usize> = (0..rng.random_range(1..=2))
                    .map(|_| rng.random_range(1..=4))
                    .collect();
                let text: Vec<String> = t.iter().map(|n| n.to_string()).collect();
                (format!("({})⍴{e}", text.join(" ")), t)
            }
            // Overtake pads with a fill, which is no gather: both paths must still agree.
            9 if rank == 1 => {
                let n: i64 = rng.random_range(-6..=6);
                (format!("{n}↑{e}"), vec![n.unsigned_abs() as usize])
            }
            10 if rank == 1 => {
                let n: i64 = rng.random_range(-2..=2);
                let left = s[0].saturating_sub(n.unsigned_abs() as usize);
                (format!("{n}↓{e}"), vec![left])
            }
            11 if rank == 3 => (format!("2 1 3⍉{e}"), vec![s[1], s[0], s[2]]),
            12 if rank >= 1 => {
                let mask: Vec<usize> = (0..s[rank - 1]).map(|_| rng.random_range(0..3)).collect();
                let text: Vec<String> = mask.iter().map(|n| n.to_string()).collect();
                let mut t = s.clone();
                t[rank - 1] = mask.iter().sum();
                (format!("({})/{e}", text.join(" ")), t)
            }
            13 if nested => match rng.random_bool(0.8) {
                true => (format!("3 1 2 PERMUTE EACHRIGHT {e}"), s),
                false => (format!("2 PERMUTE EACHRIGHT {e}"), s),
            },
            _ => (format!("(,[.5]{e})[1;{}]", ";".repeat(rank)), s),
        };
        if s.contains(&0) {
            break;
        }
    }
    // Sometimes an indexed assignment into a local of it, read as the result.
    if s.len() == 1 && s[0] >= 2 && rng.random_bool(0.3) {
        let n = s[0];
        return format!("T←{e} ⋄ T[1 {n}]←T[{n} 1] ⋄ T");
    }
    e
}

const OPERATORS: [&str; 2] = ["PERMUTE: ⍵[⍺]", "EACHRIGHT: (⊂⍺)⍺⍺¨⍵"];

/// For 600 random arranging functions on random arrays, each called three times (the first
/// call makes the gather, the others take it), the gather gives exactly what the evaluator
/// gives with no gathers; and at least a third of them are gathered (the others fail, pad
/// with a fill, or give an empty array, on purpose).
#[test]
fn a_random_arranging_function_gathers_exactly_what_its_statements_give() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x00A7_7A9E);
    let mut gathered = 0;
    let cases = 600;
    for _ in 0..cases {
        let rank = rng.random_range(1..=3);
        let shape: Vec<usize> = (0..rank).map(|_| rng.random_range(1..=4)).collect();
        let nested = rng.random_bool(0.25);
        let body = random_body(&mut rng, &shape, nested);
        let def = format!("F: {body}");
        let lines = [OPERATORS[0], OPERATORS[1], def.as_str()];
        let mut twins = Twins::new(&lines, &def);
        for _ in 0..3 {
            twins.agree(random_array(&mut rng, &shape, nested));
        }
        gathered += usize::from(twins.gathers() > 0);
    }
    assert!(gathered * 3 > cases, "only {gathered} of {cases} gathered");
}

/// Functions that compute on their argument's values, read something else, or use it as an
/// operand are refused, and an overtake's fill is no gather; each still gives what the
/// evaluator gives.
#[test]
fn a_function_that_does_more_than_arrange_is_refused() {
    let bodies = [
        "⍵[⍵]",
        "⍵+1",
        "⍵[⍳⍴⍵]",
        "(⍴⍵)⍴⍵",
        "⍵,0",
        "0,⍵",
        "⍵,K",
        "⎕←⍵",
        "⍎'⌽⍵'",
        "⍵⌽⍵",
        "5↑⍵",
        "1 0 1\\⍵",
        "(⊂⍵),⊂⍵",
        "(⍵ ⍵)",
        "G ⍵",
        "⍺⍺ ⍵",
    ];
    for body in bodies {
        let def = format!("F: {body}");
        let lines = ["K←7 8", "G: ⍵×2", def.as_str()];
        Twins::new(&lines, &def).refuse(&["1 2 3", "3 1 2"]);
    }
}

/// The functions the check proves are gathered (the control for the test above).
#[test]
fn a_function_that_only_arranges_is_gathered() {
    for body in [
        "⌽⍵",
        "⍵[3 1]",
        "2⌽⍵",
        "T←⍵ ⋄ T[1 3]←T[3 1] ⋄ T",
        "⍵[I]←⍵[I←3 2 1] ⋄ ⍵",
        "2 3⍴⍵",
        "⍵,⌽⍵",
        "H ⍵",
        "⊢⍵[,2]",
    ] {
        let def = format!("F: {body}");
        let mut ws = workspace_with(&["H: ⊖⍵", def.as_str()], true);
        let w = ws.eval_line("'abc'").unwrap().shown[0].clone();
        ws.call("F", None, w).unwrap();
        assert_eq!(ws.arranged_gathers("F"), 1, "{def} was not gathered");
    }
}

/// A gather is made again when a function it calls is redefined, and for each index origin.
#[test]
fn a_gather_follows_its_callees_and_the_index_origin() {
    let mut ws = workspace_with(&["F: G ⍵", "G: ⌽⍵", "V←'abcd'"], true);
    assert_eq!(run(&mut ws, "F V"), "dcba");
    assert_eq!(run(&mut ws, "F V"), "dcba");
    ws.eval_line("G: 1⌽⍵").unwrap();
    assert_eq!(run(&mut ws, "F V"), "bcda");
    ws.eval_line("H: ⍵[1 2]").unwrap();
    assert_eq!(run(&mut ws, "H V"), "ab");
    ws.eval_line("⎕IO←0").unwrap();
    assert_eq!(run(&mut ws, "H V"), "bc");
    ws.eval_line("⎕IO←1").unwrap();
    assert_eq!(run(&mut ws, "H V"), "ab");
    ws.eval_line("G: ⍵+1").unwrap();
    assert_eq!(run(&mut ws, "F 1 2"), "2 3");
}

/// Every paper move of every representation, on random states, gives with gathers what the
/// evaluator gives without; every one is gathered (the numeric representation's with its
/// digits moved, `super::digits`).
#[test]
fn every_paper_move_gathers_what_its_statements_give() {
    use crate::rep::RepKind;
    let mut rng = ChaCha8Rng::seed_from_u64(0x9A_7E);
    let states: Vec<_> = (0..20)
        .map(|_| crate::rep::testing::scrambled(&mut rng, 25))
        .collect();
    for kind in RepKind::ALL {
        let mut on = paper::workspace(kind.name()).unwrap();
        let mut off = paper::workspace(kind.name()).unwrap();
        off.set_arranging(false);
        let names: Vec<String> = kind
            .defined_moves()
            .iter()
            .map(|t| paper::move_name(t.paper_letter(3).unwrap(), t.inverse))
            .collect();
        for cube in &states {
            let value = kind.build(cube).unwrap().apl_value();
            for name in &names {
                let fast = on.call(name, None, value.clone()).unwrap();
                let general = off.call(name, None, value.clone()).unwrap();
                assert_eq!(fast, general, "{kind} {name}");
            }
        }
        for name in &names {
            let gathered = on.arranged_gathers(name) > 0;
            assert!(gathered, "{kind} {name}");
        }
    }
}

/// For 400 random arranging functions on random arrays of enclosed vectors, each argument
/// handed to the call alone (its items held by nothing else, so that a plan that only moves
/// items and reorders their atoms does so where they are), the gather gives exactly what the
/// evaluator gives with no gathers; an argument whose items another array shares is left as
/// it was; and some of the functions are run that way (else this would test nothing).
#[test]
fn a_gather_that_moves_enclosed_items_where_they_are_gives_what_its_statements_give() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x17E_3500);
    let (mut in_place, cases) = (0, 400);
    for _ in 0..cases {
        let rank = rng.random_range(1..=3);
        let shape: Vec<usize> = (0..rank).map(|_| rng.random_range(1..=4)).collect();
        let body = random_body(&mut rng, &shape, true);
        let def = format!("F: {body}");
        let lines = [OPERATORS[0], OPERATORS[1], def.as_str()];
        let mut twins = Twins::new(&lines, &def);
        for _ in 0..3 {
            // The same array twice, each made anew: neither shares an item with the other.
            let mut again = rng.clone();
            let w = random_array(&mut rng, &shape, true);
            let alone = random_array(&mut again, &shape, true);
            let general = outcome(twins.off.call("F", None, w.clone()));
            let fast = outcome(twins.on.call("F", None, alone));
            assert_eq!(fast, general, "{def} on {w:?}");
            let kept = w.clone();
            let shared = outcome(twins.on.call("F", None, kept.clone()));
            assert_eq!(shared, general, "{def}");
            assert_eq!(kept, w, "{def} changed an argument another array shares");
        }
        let plan = twins.on.arranged.plan("F", &shape, Some(3));
        in_place += usize::from(plan.is_some_and(|p| p.moves_items()));
    }
    assert!(
        in_place * 10 > cases,
        "only {in_place} of {cases} move items"
    );
}

/// A move of the nested representation leaves the items it does not change the very items
/// of its argument (no copy), and reorders the atoms of the others where they are.
#[test]
fn a_nested_move_keeps_the_items_it_leaves_unchanged() {
    let mut ws = paper::workspace("nested").unwrap();
    let cube = crate::rep::RepKind::Nested
        .build(&crate::Cube::solved())
        .unwrap();
    let state = cube.apl_value();
    // The first call makes the gather; the second, on an argument it owns, moves items.
    ws.call("U", None, state.clone()).unwrap();
    let before: Vec<*const Value> = pointers(&state);
    let after = ws.call("U", None, state).unwrap();
    let after = pointers(&after);
    // The lower two layers (18 items) are where they were, the same items.
    assert_eq!(after[9..], before[9..]);
    // The top layer's 9 items are the argument's 9, moved (none made anew).
    let (mut top, mut was) = (after[..9].to_vec(), before[..9].to_vec());
    top.sort();
    was.sort();
    assert_eq!(top, was);
}

fn pointers(v: &Value) -> Vec<*const Value> {
    v.row_major()
        .iter()
        .map(|e| match e {
            Elem::Boxed(b) => std::sync::Arc::as_ptr(b),
            _ => std::ptr::null(),
        })
        .collect()
}
