//! The evaluator: what it reads, how it fails, and its bounds.

use super::test_support::{error, run};
use super::*;
use proptest::prelude::*;

#[test]
fn definitions_assignment_and_juxtaposition_read_as_the_paper_writes_them() {
    let mut ws = Workspace::new();
    // The paper's spelling ω and α, and a bar for an inverse.
    let outcome = ws.eval_line("TWICE: ω+ω").unwrap();
    assert_eq!(outcome.defined.as_deref(), Some("TWICE"));
    ws.eval_line("ADD: α+⍵").unwrap();
    ws.eval_line("X̄: ⍵-1").unwrap();
    assert_eq!(run(&mut ws, "TWICE TWICE TWICE 1"), "8");
    assert_eq!(run(&mut ws, "2 ADD TWICE 3"), "8");
    // Ȳ typed precomposed names the same function as Y and a combining macron.
    ws.eval_line("Ȳ: ⍵×10").unwrap();
    assert_eq!(run(&mut ws, "Y\u{304} X̄ 3"), "20");
    // Assignment shows nothing; ⋄ separates statements; indexed assignment.
    assert_eq!(run(&mut ws, "A←2 3⍴⍳6 ⋄ A[1;2 3]←0 ⋄ A"), "1 0 0\n4 5 6");
    assert_eq!(run(&mut ws, "A[2;]←9 ⋄ A"), "1 0 0\n9 9 9");
    // A definition that assigns into ⍵ gives the whole new ⍵, as the paper's vector lines.
    ws.eval_line("SWAP: ⍵[1 2]←⍵[2 1]").unwrap();
    assert_eq!(run(&mut ws, "SWAP 'ABC'"), "BAC");
    // Locals stay local.
    ws.eval_line("LOC: Q←⍵ ⋄ Q+1").unwrap();
    assert_eq!(run(&mut ws, "LOC 1"), "2");
    assert_eq!(error(&mut ws, "Q").kind, ErrorKind::Value);
    // ⎕IO is 1 unless set to 0.
    assert_eq!(run(&mut ws, "⎕IO←1 ⋄ ⎕IO"), "1");
    assert_eq!(error(&mut ws, "⎕IO←¯1").kind, ErrorKind::Domain);
}

#[test]
fn errors_are_apls_with_a_caret_under_the_place() {
    let mut ws = Workspace::new();
    for (line, kind, column) in [
        ("1 2+1 2 3", ErrorKind::Length, 3),
        ("(2 2⍴1)+1 2 3", ErrorKind::Rank, 7),
        ("NOPE+1", ErrorKind::Value, 0),
        ("1÷0", ErrorKind::Domain, 1),
        ("'A'+1", ErrorKind::Domain, 3),
        ("(⍳3)[4]", ErrorKind::Index, 4),
        ("(⍳3)[1;1]", ErrorKind::Rank, 4),
        ("⌽[3]2 2⍴1", ErrorKind::Axis, 0),
        ("1 2 3)", ErrorKind::Syntax, 5),
        ("(1 2", ErrorKind::Syntax, 0),
        ("+", ErrorKind::Syntax, 0),
        ("1 2 ⋄", ErrorKind::Syntax, 5),
        ("'open", ErrorKind::Syntax, 0),
        ("2 3⍉⍳3", ErrorKind::Length, 3),
        ("3 1 2⍉2 2⍴1", ErrorKind::Length, 5),
        ("3 1⍉2 2⍴1", ErrorKind::Domain, 3),
        ("$", ErrorKind::Syntax, 0),
    ] {
        let e = error(&mut ws, line);
        assert_eq!((e.kind, e.column), (kind, column), "{line}: {e}");
        assert_eq!(e.line, line);
        let shown = e.to_string();
        let lines: Vec<&str> = shown.lines().collect();
        assert!(lines[0].starts_with(kind.name()), "{shown}");
        assert_eq!(lines[1], format!("      {line}"));
        assert_eq!(lines[2], format!("      {}^", " ".repeat(column)));
    }
}

#[test]
fn an_error_inside_a_definition_is_shown_in_the_definitions_own_line() {
    let mut ws = Workspace::new();
    ws.eval_line("BAD: ⍵[4]").unwrap();
    let e = error(&mut ws, "BAD ⍳3");
    assert_eq!(e.kind, ErrorKind::Index);
    assert_eq!((e.line.as_str(), e.column), ("BAD: ⍵[4]", 6));
}

#[test]
fn a_statement_that_fails_changes_nothing_and_stops_its_line_after_those_before_it() {
    let mut ws = Workspace::new();
    ws.eval_line("A←1").unwrap();
    assert!(ws.eval_line("A+'x'⊣A←5").is_err());
    assert_eq!(run(&mut ws, "A"), "1");
    let stopped = ws.run_line("A←2 ⋄ 7 ⋄ B←3 ⋄ A+'x' ⋄ C←4").unwrap_err();
    assert_eq!((stopped.ran, stopped.error.kind), (3, ErrorKind::Domain));
    assert_eq!(
        stopped
            .shown
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>(),
        ["7"]
    );
    assert_eq!(run(&mut ws, "A B"), "2 3");
    assert_eq!(error(&mut ws, "C").kind, ErrorKind::Value);
    // Undo takes back what the line did.
    ws.eval_line("A←2 ⋄ B←3 ⋄ A+'x'").unwrap_err();
    ws.undo_line();
    assert_eq!(run(&mut ws, "A B"), "2 3");
    ws.eval_line("A←9 ⋄ D←3 ⋄ A+'x'").unwrap_err();
    ws.undo_line();
    assert_eq!(run(&mut ws, "A"), "2");
    assert_eq!(error(&mut ws, "D").kind, ErrorKind::Value);
    ws.eval_line("F: ⍵").unwrap();
    assert!(ws.load("G: ⍵\nH: (").is_err());
    assert_eq!(ws.functions(), vec!["F"]);
    assert_eq!(error(&mut ws, "A: ⍵").kind, ErrorKind::Syntax);
}

#[test]
fn arrays_calls_and_lines_are_bounded() {
    let mut ws = Workspace::new();
    assert_eq!(error(&mut ws, "⍳2000000").kind, ErrorKind::WsFull);
    assert_eq!(error(&mut ws, "1000000 1000000⍴0").kind, ErrorKind::WsFull);
    assert_eq!(error(&mut ws, "(⍳2000)∘.+⍳2000").kind, ErrorKind::WsFull);
    assert_eq!(error(&mut ws, "⍳1E300").kind, ErrorKind::Domain);
    ws.eval_line("DEEP: DEEP ⍵").unwrap();
    assert_eq!(error(&mut ws, "DEEP 1").kind, ErrorKind::WsFull);
    let long = vec!["-"; 5000].join("") + "1";
    assert_eq!(error(&mut ws, &long).kind, ErrorKind::Syntax);
    let nested = vec!["⊂"; 100].join("") + "1 2";
    assert_eq!(error(&mut ws, &nested).kind, ErrorKind::Domain);
    let parens = "(".repeat(150) + "1" + &")".repeat(150);
    assert_eq!(error(&mut ws, &parens).kind, ErrorKind::Syntax);
    let chain = vec!["-"; 3000].join(" ") + " 1";
    assert!(ws.eval_line(&chain).is_ok() || error(&mut ws, &chain).kind == ErrorKind::WsFull);
}

#[test]
fn cube_bound_to_a_representations_array_turns_with_the_papers_lines() {
    use crate::rep::RepKind;
    let mut ws = paper::workspace("composite").unwrap();
    let cube = RepKind::Composite
        .build(&crate::state::cube::Cube::solved())
        .unwrap();
    ws.set("CUBE", cube.apl_value());
    assert_eq!(run(&mut ws, "(Z CUBE)[2;]"), "OOOYYYRRRGGG");
    assert_eq!(run(&mut ws, "CUBE←Z̄ Z CUBE ⋄ CUBE[2;]"), "GGGOOOYYYRRR");
    let mut ws = paper::workspace("visual").unwrap();
    let cube = RepKind::Visual
        .build(&crate::state::cube::Cube::solved())
        .unwrap();
    ws.set("CUBE", cube.apl_value());
    // The paper's display of the visual representation: each cell followed by a blank.
    assert_eq!(
        run(&mut ws, "(22⍴1 0)\\CUBE")
            .lines()
            .nth(5)
            .map(str::trim_end),
        Some("B G G G W W W Y Y Y B")
    );
}

/// The words and glyphs of the APL this evaluator reads, and some it does not.
#[rustfmt::skip]
const VOCABULARY: &[&str] = &[
    "1", "2", "3", "¯1", "0", "10", ".5", "1E3", "'AB'", "'", "⍵", "⍺", "ω", "CUBE", "X", "X̄", "L",
    "F", "A", "+", "-", "×", "÷", "|", "⌈", "⌊", "=", "≠", "<", ">", "∧", "∨", "~", "⍉",
    "⌽", "⊖", "⍴", "⍳", ",", "⊤", "⊥", "↑", "↓", "/", "\\", "⌿", "⍀", "⊂", "⊃", "≡", "¨",
    "∘.", "∘", ".", "(", ")", "[", "]", ";", "←", "⋄", ":", "⍝", " ", "[1]", "[.5]", "⎕IO", "$",
    "\u{304}", "1e6", "9e15", "1E12", "1024", "''", "(0⍴0)", "(⍳0)", " B", "1e6⍴", "⊂⍳1e6",
];

proptest! {
    #![proptest_config(crate::proptest_config(400))]

    /// No line, however hostile, panics; a line that fails leaves the workspace as it was.
    #[test]
    fn no_line_of_random_tokens_panics_or_changes_anything_when_it_fails(
        words in proptest::collection::vec(proptest::sample::select(VOCABULARY), 0..40),
    ) {
        let mut ws = paper::workspace("numeric").unwrap();
        ws.set("CUBE", Value(ndarray::ArrayD::from_elem(ndarray::IxDyn(&[3, 3, 3]), Elem::Num(135.0))));
        ws.eval_line("A←⍳5").unwrap();
        let before = ws.clone();
        let line = words.concat();
        match ws.eval_line(&line) {
            Ok(outcome) => {
                let _ = outcome.to_string();
            }
            Err(e) => {
                let _ = e.to_string();
                prop_assert_eq!(&ws.vars, &before.vars);
                prop_assert_eq!(ws.functions(), before.functions());
            }
        }
    }
}

#[test]
fn a_compiled_function_gathers_on_its_shape_until_what_it_was_compiled_from_changes() {
    let mut ws = Workspace::new();
    let definitions = "      ID: ⍵\n      TWICE: ID ID ⍵\n      P←1\n      PICK: ⍵[P]";
    test_support::session(&mut ws, "definitions", definitions);
    // A gather that is not what the function does shows which way a call went.
    ws.compile_gather("ID", &[3], 1, vec![2, 1, 0]).unwrap();
    ws.compile_gather("PICK", &[1], 1, vec![0]).unwrap();
    assert_eq!(run(&mut ws, "ID 'abc'"), "cba");
    assert_eq!(run(&mut ws, "TWICE 'abc'"), "abc");
    // Another shape, or a left argument: interpreted.
    assert_eq!(run(&mut ws, "ID 'abcd'"), "abcd");
    assert_eq!(run(&mut ws, "1 ID 'abc'"), "abc");
    // A function it calls redefined: interpreted from then on.
    ws.compile_gather("TWICE", &[3], 1, vec![1, 2, 0]).unwrap();
    assert_eq!(run(&mut ws, "TWICE 'abc'"), "bca");
    run(&mut ws, "ID: ⍵");
    assert_eq!(ws.compiled_shape("ID"), None);
    assert_eq!(ws.compiled_shape("TWICE"), None);
    assert_eq!(run(&mut ws, "TWICE 'abc'"), "abc");
    // Erased: forgotten.
    ws.compile_gather("ID", &[3], 1, vec![2, 1, 0]).unwrap();
    assert!(ws.erase("ID"));
    assert_eq!(ws.compiled_shape("ID"), None);
    // A variable it reads changed since: interpreted while it differs.
    assert_eq!(ws.compiled_shape("PICK"), Some(&[1][..]));
    run(&mut ws, "P←2");
    assert_eq!(error(&mut ws, "PICK ,'a'").kind, ErrorKind::Index);
    run(&mut ws, "P←1");
    assert_eq!(run(&mut ws, "PICK ,'a'"), "a");
    // Nested: three atoms an element.
    run(&mut ws, "N: ⍵");
    ws.compile_gather("N", &[2], 3, vec![3, 4, 5, 2, 1, 0])
        .unwrap();
    assert_eq!(run(&mut ws, "N 'abc' 'def'"), " def  cba");
    assert_eq!(run(&mut ws, "N 1 2"), "1 2");
    // Refused: an unknown name, a gather of the wrong length.
    assert!(ws.compile_gather("NONE", &[3], 1, vec![0, 1, 2]).is_err());
    assert!(ws.compile_gather("N", &[3], 1, vec![0, 1]).is_err());
    assert!(ws.compile_gather("N", &[2], 1, vec![0, 5]).is_err());
}

#[test]
fn a_line_that_runs_without_end_stops_at_the_step_limit_and_changes_nothing() {
    let mut ws = Workspace::new();
    ws.set_step_limit(100_000);
    run(&mut ws, "V←1");
    let source = "K: 1++/K¨(2×⍵>0)⍴⍵-1\nV←K 40\n";
    assert_eq!(ws.load(source).unwrap_err().kind, ErrorKind::Limit);
    // All or nothing: K is not defined, V is as it was.
    assert!(ws.functions().is_empty());
    assert_eq!(run(&mut ws, "V"), "1");
    ws.eval_line("K: 1++/K¨(2×⍵>0)⍴⍵-1").unwrap();
    assert_eq!(run(&mut ws, "K 5"), "63");
    let e = error(&mut ws, "V←K 40");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(
        e.to_string()
            .starts_with("LIMIT ERROR: more than 100000 steps"),
        "{e}"
    );
    assert_eq!(run(&mut ws, "V"), "1");
}

#[test]
fn a_definition_mentioning_a_name_is_read_again_when_the_name_becomes_a_function() {
    let mut ws = Workspace::new();
    run(&mut ws, "G: H ⍵");
    run(&mut ws, "H←10");
    assert_eq!(run(&mut ws, "G 1"), "10 1");
    ws.erase("H");
    run(&mut ws, "H: ⍵+1");
    assert_eq!(run(&mut ws, "G 1"), "2");
    // A longer name that starts with it is another name.
    run(&mut ws, "HH: 7");
    assert_eq!(run(&mut ws, "G 1"), "2");
}

#[test]
fn a_file_of_many_definitions_loads_in_time_linear_in_its_length() {
    // 5,000 definitions took 27 s and 10,000 more than 120 s (every definition read again
    // for each new one); 20,000 chained ones now load in well under a second. The bound
    // below only tells a load that ends from one that does not.
    let source: String = (0..20_000)
        .map(|i| {
            if i == 0 {
                "F0: ⍵\n".to_string()
            } else {
                format!("F{i}: F{} ⍵+1\n", i - 1)
            }
        })
        .collect();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut ws = Workspace::new();
        let loaded = ws.load(&source).map(|()| run(&mut ws, "F50 0"));
        let _ = tx.send(loaded);
    });
    let loaded = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("20,000 definitions load within a minute");
    assert_eq!(loaded.unwrap(), "50");
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_source_is_not_read_as_apl() {
    let mut ws = Workspace::new();
    ws.load("\u{feff}X←1\nY←X+1\n").unwrap();
    assert_eq!(run(&mut ws, "Y"), "2");
}

/// Random arrays: numbers (whole, fractions, tiny and huge, negative), characters (the quote
/// among them) and enclosed arrays, of rank 0 to 3.
fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        (-1000i64..1000).prop_map(|n| Elem::Num(n as f64)),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(Elem::Num),
        proptest::sample::select(vec!['a', 'Z', '\'', ' ', '⍵', '0']).prop_map(Elem::Char),
    ];
    let elem = leaf.prop_recursive(3, 24, 4, |inner| {
        (
            proptest::collection::vec(0usize..3, 0..3),
            proptest::collection::vec(inner, 0..9),
        )
            .prop_map(|(shape, items)| {
                let size: usize = shape.iter().product();
                let items: Vec<Elem> = items.into_iter().cycle().take(size).collect();
                let v = if items.len() == size {
                    Value::from_shape(&shape, items)
                } else {
                    Value::vector(Vec::new())
                };
                // As the evaluator holds them: a simple scalar is never enclosed.
                if v.rank() == 0 && !matches!(v.first(), Elem::Boxed(_)) {
                    v.first()
                } else {
                    Elem::Boxed(std::sync::Arc::new(v))
                }
            })
    });
    (
        proptest::collection::vec(0usize..4, 0..4),
        proptest::collection::vec(elem, 1..30),
    )
        .prop_map(|(shape, items)| {
            let size: usize = shape.iter().product();
            Value::from_shape(&shape, items.into_iter().cycle().take(size).collect())
        })
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// The workspace is kept as APL source: every value it holds reads back exactly.
    #[test]
    fn every_value_written_as_source_reads_back_exactly(v in any_value()) {
        let mut ws = Workspace::new();
        let source = v.to_source();
        let back = ws.eval_line(&source).map_err(|e| TestCaseError::fail(format!("{source}\n{e}")))?;
        prop_assert_eq!(&back.shown[0], &v, "{}", source);
    }
}

#[test]
fn quad_gets_prints_and_a_named_dfn_is_a_function_of_the_workspace() {
    let mut ws = Workspace::new();
    let shown = ws.eval_line("⎕←2 ⋄ 3").unwrap();
    assert_eq!(shown.to_string(), "2\n3");
    // `⎕←` prints inside functions too, in order.
    ws.eval_line("SHOW: ⎕←⍵×10").unwrap();
    assert_eq!(ws.eval_line("X←SHOW 4").unwrap().to_string(), "40");
    ws.eval_line("FIB←{⍵≤1:⍵ ⋄ (∇⍵-1)+∇⍵-2}").unwrap();
    assert_eq!(ws.functions(), ["FIB", "SHOW"]);
    assert_eq!(run(&mut ws, "FIB¨⍳10"), "1 1 2 3 5 8 13 21 34 55");
    ws.eval_line("ADD←{⍺+⍵}").unwrap();
    assert_eq!(run(&mut ws, "2 ADD 3"), "5");
    assert_eq!(ws.definition("ADD"), Some("ADD←{⍺+⍵}"));
}

#[test]
fn roll_and_deal_repeat_for_a_seed_and_deal_never_repeats_a_number() {
    let mut ws = Workspace::new();
    let first = run(&mut ws, "⎕RL←7 ⋄ (?10⍴6),20?20");
    let again = run(&mut ws, "⎕RL←7 ⋄ (?10⍴6),20?20");
    assert_eq!(first, again);
    assert_eq!(run(&mut ws, "⎕RL"), "7");
    let dealt = run(&mut ws, "X←1000?1000 ⋄ (⍴∪X),(⌊/X),⌈/X");
    assert_eq!(dealt, "1000 1 1000");
    assert_eq!(run(&mut ws, "∧/(?1000⍴6)∊⍳6"), "1");
    assert_eq!(error(&mut ws, "5?3").kind, ErrorKind::Domain);
}

#[test]
fn every_function_glyph_has_the_valences_its_description_claims() {
    // The one table (defs::GLYPHS) says which valences each primitive has: each is applied
    // here, and must give a value or an error other than "takes/needs" another valence.
    let mut ws = Workspace::new();
    for g in defs::GLYPHS
        .iter()
        .filter(|g| g.kind == defs::Kind::Function)
    {
        let c = g.glyph;
        let args = if matches!(c, '⍕' | '⍎') {
            "'1 2'"
        } else {
            "1 0 1"
        };
        if g.monad.is_some() {
            let line = format!("{c}{args}");
            if let Err(e) = ws.eval_line(&line) {
                assert!(e.kind != ErrorKind::Syntax, "{line}: {e}");
            }
        }
        if g.dyad.is_some() {
            let left = if matches!(c, '⍕') { "8 2" } else { "1 1 1" };
            let right = if matches!(c, '⍕') { "1 0 1" } else { args };
            let line = format!("{left}{c}{right}");
            if let Err(e) = ws.eval_line(&line) {
                assert!(e.kind != ErrorKind::Syntax, "{line}: {e}");
            }
        }
        assert!(parse::lex(&c.to_string()).is_ok(), "{c} is read");
    }
}

#[test]
fn a_traditional_function_runs_its_lines_with_branches_locals_and_a_result() {
    // APL2's ∇ definitions: header with result, arguments and locals; →N branches, →0
    // leaves; labels name lines; a name not made local is the workspace's.
    let mut ws = paper::workspace("vector").unwrap();
    let source = "\
∇Z←A ADDN B;I
 Z←B
 I←0
LOOP: →(I≥A)/0
 Z←Z+1 ⋄ I←I+1
 →LOOP
∇
∇Z←FACT N
[1] Z←1
[2] →(N≤1)/0
[3] Z←N×FACT N-1
∇
∇R←SETG X
 G←X×2
 R←X
∇
";
    ws.load(source).unwrap();
    assert_eq!(run(&mut ws, "3 ADDN 10"), "13");
    assert_eq!(run(&mut ws, "FACT 5"), "120");
    // R is a paper move here, and the header's R is local all the same; G is global.
    assert_eq!(run(&mut ws, "G⊣SETG 4"), "8");
    assert!(ws.get("I").is_none());
    assert_eq!(
        ws.definition("FACT").unwrap().lines().count(),
        5,
        "its whole text is kept, for )save"
    );
    // A loop without end stops at the step limit.
    ws.set_step_limit(10_000);
    ws.load("∇Z←SPIN X\nL: →L\n∇").unwrap();
    assert_eq!(error(&mut ws, "SPIN 1").kind, ErrorKind::Limit);
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// Catenating arrays laid out row-major copies runs of memory; it must give what ndarray's
    /// own concatenation gives, and refuse the same shapes.
    #[test]
    fn catenating_runs_of_memory_gives_what_ndarray_gives(
        shape in proptest::collection::vec(1usize..4, 1..4),
        lens in (0usize..3, 0usize..3),
        axis in 0usize..3,
        mismatch in proptest::bool::weighted(0.2),
    ) {
        let axis = axis % shape.len();
        let make = |len: usize, from: usize| {
            let mut s = shape.clone();
            s[axis] = len;
            let n: usize = s.iter().product();
            ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&s), (from..from + n).collect())
                .unwrap()
        };
        let a = make(lens.0, 0);
        let mut b = make(lens.1, 100);
        if mismatch && shape.len() > 1 {
            let other = (axis + 1) % shape.len();
            let mut s = b.shape().to_vec();
            s[other] += 1;
            b = ndarray::ArrayD::zeros(ndarray::IxDyn(&s));
        }
        let ours = prim::catenate(axis + 1, &[a.view(), b.view()]);
        let theirs = ndarray::concatenate(ndarray::Axis(axis), &[a.view(), b.view()]).ok();
        prop_assert_eq!(ours, theirs);
    }
}

/// Operators the user defines, as Dyalog's dfns define them (a definition that reads `⍺⍺`
/// is a monadic operator, `⍺⍺` the function on its left: Dyalog APL Language Reference,
/// "Dynamic operators"); here in the paper's direct definitions as well as in braces.
#[test]
fn a_definition_that_reads_its_operand_is_an_operator() {
    let mut ws = Workspace::default();
    ws.eval_line("PERMUTE: ⍵[⍺]").unwrap();
    ws.eval_line("EACHRIGHT: (⊂⍺)⍺⍺¨⍵").unwrap();
    assert_eq!(
        run(&mut ws, "2 1 3 PERMUTE EACHRIGHT (1 2 3)(4 5 6)"),
        run(&mut ws, "(2 1 3)(5 4 6)")
    );
    ws.eval_line("TWICE←{⍺⍺ ⍺⍺ ⍵}").unwrap();
    assert_eq!(run(&mut ws, "{⍵+1}TWICE 3"), "5");
    assert_eq!(run(&mut ws, "-TWICE 3"), "3");
    // An operator's operand may be the function another operator was given.
    ws.eval_line("FOUR←{⍺⍺ TWICE ⍺⍺ TWICE ⍵}").unwrap();
    assert_eq!(run(&mut ws, "{⍵×2}FOUR 1"), "16");
    // Defined before the operator it names, a function reads it once it is one.
    ws.eval_line("LATER: 1 THRICE ⍵").unwrap();
    ws.eval_line("THRICE: ⍺⍺ ⍺⍺ ⍺⍺ ⍵").unwrap();
    assert_eq!(error(&mut ws, "LATER 2").kind, ErrorKind::Syntax);
    ws.eval_line("LATER: + THRICE ⍵").unwrap();
    assert_eq!(run(&mut ws, "LATER 2"), "2");
    for (line, says) in [
        ("TWICE 3", "TWICE needs a function on its left"),
        ("{⍺⍺ ⍵⍵ ⍵}", "operators of two operands"),
        ("⍺⍺ 3", "⍺⍺ is read only inside an operator's definition"),
    ] {
        let e = error(&mut ws, line);
        assert_eq!(e.kind, ErrorKind::Syntax, "{line}");
        assert!(e.to_string().contains(says), "{line}: {e}");
    }
}

/// `⎕IO←0`: every primitive that counts counts from 0 (Dyalog APL Language Reference, "Index
/// Origin": `⍳`, indexing, `⍋ ⍒`, `?`, `⍸`, pick, dyadic `⍳` and `⍉`, axes); the paper's own
/// definitions still count from 1, as they are written; a line that fails puts it back.
#[test]
fn index_origin_zero_counts_from_zero_everywhere_but_in_the_papers_lines() {
    let mut ws = super::paper::workspace("vector").unwrap();
    ws.set(
        "V",
        Value::vector((1..=54).map(|n| Elem::Num(n as f64)).collect()),
    );
    let turned = run(&mut ws, "R V");
    test_support::session(
        &mut ws,
        "index origin 0",
        r"
      ⎕IO←0
      ⍳5
0 1 2 3 4
      'abc'[0 2]
ac
      ⍋3 1 2
1 2 0
      ⍒3 1 2
0 2 1
      ⍸1 0 1
0 2
      'abc'⍳'cz'
2 3
      (⊂1 0)⊃2 2⍴⍳4
2
      +/[0]2 3⍴⍳6
3 5 7
      ⌽[0]2 2⍴⍳4
2 3
0 1
      1 0⍉2 3⍴⍳6
0 3
1 4
2 5
      ⍴1 2 3,[¯0.5]4 5 6
2 3
      ⎕IO
0
⍝ The paper's R is written counting from 1, and runs so.
⍝ A dfn's ⎕IO is its own; a failing line leaves the workspace's as it was.
      ∧/(10?10)∊⍳10
1
      'abc'[3]
! INDEX ERROR
",
    );
    // The paper's R is written counting from 1, and runs so.
    assert_eq!(run(&mut ws, "R V"), turned);
    test_support::session(
        &mut ws,
        "a dfn's index origin",
        r"
⍝ A dfn's ⎕IO is its own; a failing statement leaves the workspace's as it was, and the
⍝ statements before it on its line stay done (as in Dyalog).
      {⎕IO←1 ⋄ ⍳⍵}3
1 2 3
      ⍳3
0 1 2
      'abc'[4+⎕IO←1]
! INDEX ERROR
      ⎕IO
0
      ⎕IO←1 ⋄ 'abc'[4]
! INDEX ERROR
      ⎕IO
1
      ⎕IO←0
      ⎕IO←2
! DOMAIN ERROR
      ⎕IO←1
      ⍳3
1 2 3
",
    );
}

/// A traditional function of no argument (APL2 Language Reference, "Defined functions":
/// a niladic function's name alone calls it, and its result is an array where it is read).
#[test]
fn a_function_of_no_argument_runs_where_its_name_is_read() {
    let mut ws = Workspace::default();
    ws.eval_line("∇Z←SEVEN\n[1] Z←7\n∇").unwrap();
    assert_eq!(run(&mut ws, "SEVEN"), "7");
    assert_eq!(run(&mut ws, "2×SEVEN+1"), "16");
    assert_eq!(run(&mut ws, "SEVEN 3"), "7 3");
    // Defined after a function that reads it, it is called there too.
    ws.eval_line("TWICE: ⍵×TEN").unwrap();
    ws.eval_line("∇Z←TEN\nZ←10\n∇").unwrap();
    assert_eq!(run(&mut ws, "TWICE 2"), "20");
    ws.eval_line("∇SAY\n⎕←'said'\n∇").unwrap();
    assert_eq!(run(&mut ws, "SAY"), "said");
    assert!(ws.functions().contains(&"SEVEN"));
}

/// The lines of `tests/apl_sessions/evaluator.txt`, each showing what the transcript says.
#[test]
fn the_evaluators_transcript_shows_what_each_line_gives() {
    test_support::transcript("evaluator");
}
