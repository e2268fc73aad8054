//! The evaluator's shortcuts for small arrays give what the general paths give: lamination
//! of two arrays of one shape, a reshape that moves its argument's items, a function's last
//! read of a local variable handing its array on, a defined function under `¨` found once.

use super::test_support::{error, run};
use super::*;
use proptest::prelude::*;

#[test]
fn a_function_not_defined_under_each_is_named_in_the_error() {
    let e = error(&mut Workspace::new(), "1 Q¨2");
    assert!(e.to_string().contains('Q'), "{e}");
}

/// The numbers of an array, in order (a character as NaN).
fn numbers(v: &Value) -> Vec<f64> {
    v.items()
        .map(|e| match e {
            Elem::Num(n) => *n,
            _ => f64::NAN,
        })
        .collect()
}

proptest! {
    #![proptest_config(crate::proptest_config(300))]

    /// `(n⍴r)⊤⍵` of whole numbers, made by integer division, is the floating-point one.
    #[test]
    fn whole_digits_are_the_floating_point_ones(
        values in proptest::collection::vec(0u64..(1 << 53), 1..8),
        radix in 1u64..40,
        places in 1usize..70,
    ) {
        let a = Value::vector(vec![Elem::Num(radix as f64); places]);
        let w = Value::vector(values.iter().map(|&v| Elem::Num(v as f64)).collect());
        let fast = func::dyad(defs::Prim::Encode, None, a, w).unwrap();
        let general = prim::encode(
            radix as f64,
            places,
            ndarray::Array1::from_vec(values.iter().map(|&v| v as f64).collect()).view(),
        );
        prop_assert_eq!(fast.shape(), general.shape());
        prop_assert_eq!(numbers(&fast), general.iter().copied().collect::<Vec<_>>());
    }

    /// `r⊥⍵` down the first axis is Horner's rule as the general path reads it.
    #[test]
    fn one_radix_decodes_as_horners_rule(
        digits in proptest::collection::vec(-50i32..50, 1..24),
        radix in -12i32..12,
        rows in 1usize..4,
    ) {
        let cols = digits.len() / rows;
        prop_assume!(cols > 0);
        let digits = &digits[..rows * cols];
        let w = Value::from_shape(&[rows, cols], digits.iter().map(|&d| Elem::Num(d as f64)).collect());
        let fast = func::dyad(defs::Prim::Decode, None, Value::num(radix as f64), w).unwrap();
        let plain = ndarray::Array2::from_shape_vec(
            (rows, cols),
            digits.iter().map(|&d| d as f64).collect(),
        ).unwrap();
        let general = prim::decode(radix as f64, plain.view());
        prop_assert_eq!(fast.shape(), general.shape());
        prop_assert_eq!(numbers(&fast), general.iter().copied().collect::<Vec<_>>());
    }
}

/// The lines of `tests/apl_sessions/fast_paths.txt`, each showing what the transcript says.
#[test]
fn the_fast_paths_transcript_shows_what_the_general_paths_give() {
    test_support::transcript("fast_paths");
}

/// Index lists named by variables are read where they are, after the others are evaluated:
/// of two without a value, the one APL reads first (the right) is still the one named.
#[test]
fn the_first_index_list_without_a_value_is_the_one_named() {
    let mut ws = Workspace::new();
    ws.eval_line("M←3 3⍴⍳9").unwrap();
    let e = error(&mut ws, "M[P;Q]");
    assert!(e.to_string().contains("Q has no value"), "{e}");
    let e = error(&mut ws, "M[P;Q]←0");
    assert!(e.to_string().contains("Q has no value"), "{e}");
    let e = error(&mut ws, "N[P]←0");
    assert!(e.to_string().contains("P has no value"), "{e}");
}

/// Which cells an index takes twice is told by a bit each for the first 128; past them an
/// index may come twice too, and the cells' atoms are then counted.
#[test]
fn an_index_past_the_first_128_items_may_come_twice() {
    let mut ws = Workspace::new();
    // A list named by a variable (a vector's items taken one by one) and lists written
    // out (the cells of a matrix of 100 and of 200).
    run(
        &mut ws,
        "V←⍳200 ⋄ L←150 3 150 64 65 128 129 ⋄ M←10 10⍴⍳100 ⋄ N←20 10⍴⍳200",
    );
    assert_eq!(run(&mut ws, "V[L]"), "150 3 150 64 65 128 129");
    assert_eq!(run(&mut ws, "L←64 65 64 ⋄ V[L]"), "64 65 64");
    assert_eq!(run(&mut ws, "M[10 10;10]"), "100 100");
    assert_eq!(run(&mut ws, "N[15 15;10]"), "150 150");
    assert_eq!(run(&mut ws, "+/,M[⍳10;⍳10]"), "5050");
    // An enclosure taken again past the first 128 items is counted again: the 150th item of
    // 2×10⁵ atoms taken 100 times is past the limit.
    run(&mut ws, "W←(149⍴⊂,0),⊂⍳2e5 ⋄ L←150 150");
    assert_eq!(run(&mut ws, "⍴W[L]"), "2");
    let e = error(&mut ws, "L←100⍴150 ⋄ W[L]");
    assert_eq!(e.kind, ErrorKind::WsFull, "{e}");
}

/// A matrix reversed or transposed (a view of its items in another order) is read in
/// row-major order where it is laid out, changed or catenated.
#[test]
fn a_reordered_matrix_is_read_in_row_major_order() {
    let mut ws = Workspace::new();
    run(&mut ws, "M←3 4⍴⍳12");
    assert_eq!(run(&mut ws, ",⌽⍉M"), "9 5 1 10 6 2 11 7 3 12 8 4");
    assert_eq!(run(&mut ws, ",⊖⍉M"), "4 8 12 3 7 11 2 6 10 1 5 9");
    assert_eq!(
        run(&mut ws, "T←⌽⍉M ⋄ T[1;1]←0 ⋄ ,T"),
        "0 5 1 10 6 2 11 7 3 12 8 4"
    );
    assert_eq!(
        run(&mut ws, ",(⊖M),[1]⌽M"),
        "9 10 11 12 5 6 7 8 1 2 3 4 4 3 2 1 8 7 6 5 12 11 10 9"
    );
}

/// A defined function whose body only indexes its right argument by its left (`⍵[⍺]`, the
/// paper's PERMUTE) is applied with no frame made: it gives what the same dfn gives, value
/// or error, on empty, scalar, nested and out-of-range arguments, under `¨`, counting from
/// `⎕IO`, and without a left argument.
#[test]
fn a_function_that_indexes_its_right_argument_by_its_left_gives_what_the_dfn_gives() {
    let mut ws = Workspace::new();
    run(&mut ws, "P: ⍵[⍺]");
    let lines = [
        "2 1 3 P 'abc'",
        "(2 2⍴3 1 2 3) P 'abc'",
        "(⍳0) P 'abc'",
        "1 P 'abc'",
        "2 1 P (1 2)(3 4)",
        "(⊂2 1 3) P¨ 'abc' 'def'",
        "2 P¨ 'ab' 'cd'",
        "4 P 'abc'",
        "1.5 P 'abc'",
        "1 P 5",
        "1 P 2 2⍴⍳4",
        "(⊂1 2) P 'abc'",
        "1 P ⍳0",
        "P 'abc'",
    ];
    for line in lines {
        let dfn = line.replace('P', "{⍵[⍺]}");
        match (ws.eval_line(line), ws.eval_line(&dfn)) {
            (Ok(fast), Ok(general)) => assert_eq!(fast.to_string(), general.to_string(), "{line}"),
            (Err(fast), Err(general)) => assert_eq!(fast.kind, general.kind, "{line}: {fast}"),
            (fast, general) => panic!("{line}: {fast:?} against {general:?}"),
        }
    }
    // An error is placed in the function's own line.
    let e = error(&mut ws, "4 P 'abc'");
    assert_eq!(e.kind, ErrorKind::Index, "{e}");
    assert!(e.to_string().contains("⍵[⍺]"), "{e}");
    run(&mut ws, "⎕IO←0");
    assert_eq!(run(&mut ws, "2 0 1 P 'abc'"), "cab");
    assert_eq!(run(&mut ws, "2 0 1 {⍵[⍺]} 'abc'"), "cab");
}

/// A scalar function of two arrays laid out in row-major order reads them where they are:
/// the result's shape is scalar extension's, on empty, single-item, nested and reordered
/// arguments, and arguments of no common shape are refused as before.
#[test]
fn a_scalar_function_of_arrays_read_where_they_are_extends_as_apl_does() {
    let mut ws = Workspace::new();
    let shows = [
        ("3+⍳5", "4 5 6 7 8"),
        ("(⍳5)-3", "¯2 ¯1 0 1 2"),
        ("(⍳3)×⍳3", "1 4 9"),
        ("⍴(,1)+1 1⍴1", "1 1"),
        ("⍴(1 1⍴1)+,1", "1 1"),
        ("⍴1+1 1⍴1", "1 1"),
        ("⍴(,1)+⍳0", "0"),
        ("⍴(⍳0)+1", "0"),
        ("⍴(2 0⍴0)+1", "2 0"),
        ("1+2", "3"),
        ("≡1+(1 2)(3 4)", "2"),
        (",¨(⊂1 2)+3 4", " 4 5  5 6"),
        (",(⍉2 3⍴⍳6)+10", "11 14 12 15 13 16"),
        (",(2 3⍴⍳6)=⍉3 2⍴⍳6", "1 0 0 0 0 1"),
        ("'ab'='ba'", "0 0"),
    ];
    for (line, want) in shows {
        assert_eq!(run(&mut ws, line), want, "{line}");
    }
    assert_eq!(error(&mut ws, "1 2+1 2 3").kind, ErrorKind::Length);
    assert_eq!(error(&mut ws, "1 2+2 2⍴1").kind, ErrorKind::Rank);
    assert_eq!(error(&mut ws, "1 2÷0 0").kind, ErrorKind::Domain);
}

/// `⍳` of one whole number makes its vector at once; every other argument is judged as
/// before (a fraction, a negative, a length past the workspace, a shape).
#[test]
fn iota_of_one_number_counts_from_the_origin_and_refuses_what_it_did() {
    let mut ws = Workspace::new();
    assert_eq!(run(&mut ws, "⍳5"), "1 2 3 4 5");
    assert_eq!(run(&mut ws, "⍳,3"), "1 2 3");
    assert_eq!(run(&mut ws, "⍴⍳0"), "0");
    assert_eq!(run(&mut ws, "3+⍳1"), "4");
    assert_eq!(run(&mut ws, "⍴⍳2 3"), "2 3");
    assert_eq!(error(&mut ws, "⍳2.5").kind, ErrorKind::Domain);
    assert_eq!(error(&mut ws, "⍳¯1").kind, ErrorKind::Domain);
    assert_eq!(error(&mut ws, "⍳'a'").kind, ErrorKind::Domain);
    assert_eq!(error(&mut ws, "⍳1 1⍴2").kind, ErrorKind::Rank);
    assert_eq!(error(&mut ws, "⍳1e12").kind, ErrorKind::WsFull);
    assert_eq!(error(&mut ws, "⍳3e9").kind, ErrorKind::WsFull);
    run(&mut ws, "⎕IO←0");
    assert_eq!(run(&mut ws, "⍳5"), "0 1 2 3 4");
}

/// An array in another order is read in row-major order whether it is small (read by
/// ndarray's iterator) or not (by its memory's layout).
#[test]
fn a_reordered_array_of_any_size_is_read_in_row_major_order() {
    let mut ws = Workspace::new();
    for (rows, cols) in [(1, 1), (2, 3), (4, 8), (5, 7), (11, 11)] {
        run(&mut ws, &format!("M←{rows} {cols}⍴⍳{}", rows * cols));
        let want: Vec<String> = (1..=cols)
            .rev()
            .flat_map(|c| (1..=rows).map(move |r| ((r - 1) * cols + c).to_string()))
            .collect();
        // `⊖⍉M` read through an index assignment of all its cells, and through `,`.
        assert_eq!(
            run(&mut ws, "T←M×0 ⋄ ,(⍉T)+⊖⍉M"),
            want.join(" "),
            "{rows}×{cols}"
        );
        assert_eq!(
            run(&mut ws, "N←⍉M ⋄ N[;]←⊖⍉M ⋄ ,N"),
            want.join(" "),
            "{rows}×{cols}"
        );
    }
}

/// An APL vector of the numbers, written so that one of them is still a vector (`,5`) and
/// none is `⍳0`.
fn apl_vector(v: &[i32]) -> String {
    match v {
        [] => "(⍳0)".to_string(),
        _ => format!(
            "(,{})",
            v.iter()
                .map(|n| n.to_string().replace('-', "¯"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// `⍵[⍺]` under `¨` with one list on the left, its positions worked out once for each
    /// length of the items it indexes, gives what the same dfn gives, value or error: items
    /// of several lengths, scalars and nested ones among them, lists with positions out of
    /// range, repeated, empty or of rank 2, counting from 0 or 1.
    #[test]
    fn a_list_indexing_each_item_gives_what_the_dfn_gives(
        items in proptest::collection::vec(
            prop_oneof![
                proptest::collection::vec(-3i32..9, 0..5).prop_map(|v| apl_vector(&v)),
                (-3i32..9).prop_map(|n| n.to_string().replace('-', "¯")),
                proptest::collection::vec(-3i32..9, 1..4)
                    .prop_map(|v| format!("(⊂{})", apl_vector(&v))),
            ],
            2..7,
        ),
        list in proptest::collection::vec(0i32..6, 0..6),
        shape in 0usize..3,
        io in 0usize..2,
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, "P: ⍵[⍺]");
        run(&mut ws, &format!("⎕IO←{io}"));
        let list = match shape {
            0 => format!("(⊂{})", apl_vector(&list)),
            1 => list.first().map_or("(⊂⍳0)".to_string(), |n| n.to_string()),
            _ => format!("(⊂2 2⍴{})", apl_vector(&list)),
        };
        let line = format!("{list} P¨ {}", items.join(" "));
        let dfn = line.replace('P', "{⍵[⍺]}");
        match (ws.eval_line(&line), ws.eval_line(&dfn)) {
            (Ok(fast), Ok(general)) => {
                prop_assert_eq!(fast.to_string(), general.to_string(), "{}", line);
                // The depth and shape too, which a display may not tell apart.
                let of = |l: &str| format!("(≡R),⍴R←{l}");
                let (fast, general) = (run(&mut ws, &of(&line)), run(&mut ws, &of(&dfn)));
                prop_assert_eq!(fast, general, "{}", line);
            }
            (Err(fast), Err(general)) => prop_assert_eq!(fast.kind, general.kind, "{}", line),
            (fast, general) => prop_assert!(false, "{}: {:?} against {:?}", line, fast, general),
        }
    }
}

/// Expressions a chain of catenations takes as its pieces, `I` and `J` standing for an index
/// into the first axis: catenations along the last axis, along a written one and laminations,
/// of indexed variables (their cells kept) and of other values, of shapes that join and of
/// shapes the primitive extends or refuses.
const PIECES: [&str; 16] = [
    "Q[I;;],Q[J;;]",
    "Q[I;;],[.5]Q[J;;]",
    "Q[I;;],[1.5]Q[J;;]",
    "Q[I;;2 3],Q[J;;1]",
    "Q[I;;],[1]Q[J;2 3;]",
    "Q[I;;3],[1]Q[J;;]",
    "(⌽Q[I;;]),5",
    "Q[I;1;],[.5]Q[J;;]",
    "Q[I I;;],Q[J;;]",
    "(Q[I;;],[1]Q[J;;]),[1]Q[I;;]",
    "(Q[I;;],Q[J;;]),[.5]Q[I;;],Q[J;;]",
    "V,V",
    "V,[.5]V",
    "(⍉Q[I;;]),[2]Q[J;;]",
    "Q[I;;],[0]Q[J;;]",
    "'ab',Q[I;1;]",
];

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// A piece of a chain of catenations, made as items with no array for it, is the array
    /// the same expression gives alone, value or error, counting from 0 or 1.
    #[test]
    fn a_chains_pieces_are_the_arrays_their_expressions_give(
        which in 0..PIECES.len(),
        i in 0usize..2,
        j in 0usize..2,
        values in proptest::collection::vec(-9i32..9, 18),
        io in 0usize..2,
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, &format!("⎕IO←{io}"));
        let numbers: Vec<String> = values.iter().map(|n| n.to_string().replace('-', "¯")).collect();
        run(&mut ws, &format!("Q←2 3 3⍴{}", numbers.join(" ")));
        run(&mut ws, &format!("V←{}", numbers[..4].join(" ")));
        // Written for ⎕IO 1; an axis or index counted from 0 where it is 0.
        let mut e = PIECES[which]
            .replace('I', &(i + io).to_string())
            .replace('J', &(j + io).to_string());
        if io == 0 {
            e = e
                .replace("[1]", "[0]")
                .replace("[2]", "[1]")
                .replace("2 3;", "1 2;")
                .replace(";2 3", ";1 2")
                .replace(";1;", ";0;")
                .replace(";3]", ";2]")
                .replace(";1]", ";0]")
                .replace("[.5]Q[J", "[¯.5]Q[J")
                .replace("[1.5]", "[.5]");
        }
        // Three times along the first axis: a chain whose pieces are `e`, against `e`
        // made alone (a dfn's argument) and joined so.
        let axis = if io == 0 { "[0]" } else { "[1]" };
        let fast = format!("({e}),{axis}({e}),{axis}{e}");
        let general = format!("{{⍵,{axis}⍵,{axis}⍵}}{e}");
        match (ws.eval_line(&fast), ws.eval_line(&general)) {
            (Ok(f), Ok(g)) => {
                prop_assert_eq!(f.to_string(), g.to_string(), "{}", fast);
                let of = |l: &str| format!("(≡R),⍴R←{l}");
                let (f, g) = (run(&mut ws, &of(&fast)), run(&mut ws, &of(&general)));
                prop_assert_eq!(f, g, "{}", fast);
            }
            (Err(f), Err(g)) => prop_assert_eq!(f.kind, g.kind, "{}: {}", fast, f),
            (f, g) => prop_assert!(false, "{}: {:?} against {:?}", fast, f, g),
        }
    }
}

/// What a line gives: its value's display, or its error's kind (the first line of its
/// message names the kind and where; the kind alone is compared).
fn outcome(ws: &mut Workspace, line: &str) -> String {
    match ws.eval_line(line) {
        Ok(v) => v.to_string(),
        Err(e) => e
            .to_string()
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(200))]

    /// Index lists named by variables (`⍵[I;J]`, `⍵[I;J]←…`) in a function's body remember the
    /// cells they took and take them again while the same lists come back: over calls with
    /// lists changing and coming back, arrays of two shapes, counting from 0 or 1, each call
    /// gives what the same line gives the first time it is read (value or error), indexing
    /// and assigning alike.
    #[test]
    fn remembered_cells_of_named_lists_are_those_worked_out_again(
        pool in proptest::collection::vec(proptest::collection::vec(0i32..5, 0..4), 3),
        calls in proptest::collection::vec((0usize..2, 0usize..3, 0usize..3, 0usize..2), 1..10),
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, "P: ⍵[I;J]");
        run(&mut ws, "Q: ⍵[I;J]←100+⍵[I;J] ⋄ ⍵");
        run(&mut ws, "V: ⍵[,I]");
        let arrays = ["(3 4⍴⍳12)", "(4 3⍴20+⍳12)"];
        for (a, i, j, io) in calls {
            let (a, i, j) = (arrays[a], apl_vector(&pool[i]), apl_vector(&pool[j]));
            let set = format!("⎕IO←{io} ⋄ I←{i} ⋄ J←{j}");
            run(&mut ws, &set);
            let mut fresh = Workspace::new();
            run(&mut fresh, &set);
            for (call, line) in [
                (format!("P {a}"), format!("{a}[I;J]")),
                (format!("Q {a}"), format!("A←{a} ⋄ A[I;J]←100+A[I;J] ⋄ A")),
                (format!("V ,{a}"), format!("(,{a})[,I]")),
            ] {
                prop_assert_eq!(outcome(&mut ws, &call), outcome(&mut fresh, &line), "{} {}", call, set);
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(100))]

    /// `⍵[⍺]` under `¨` remembers the vectors it made by the items they came from, across
    /// calls of one definition: over a run of calls with lists and items coming back (the
    /// same items enclosed anew, characters and numbers, vectors of several lengths, nested
    /// ones and scalars among them), lists changing, counting from 0 or 1, each call gives
    /// what the same dfn gives, value (display, depth and shape) or error.
    #[test]
    fn remembered_picks_are_what_the_dfn_gives_call_after_call(
        pool in proptest::collection::vec(
            prop_oneof![
                proptest::collection::vec(-2i32..6, 0..5).prop_map(|v| apl_vector(&v)),
                "[a-d]{1,4}".prop_map(|s| format!("(,'{s}')")),
                (-2i32..6).prop_map(|n| n.to_string().replace('-', "¯")),
                proptest::collection::vec(0i32..4, 1..4)
                    .prop_map(|v| format!("(⊂{})", apl_vector(&v))),
            ],
            2..5,
        ),
        lists in proptest::collection::vec(proptest::collection::vec(0i32..5, 0..5), 1..3),
        calls in proptest::collection::vec(
            (0usize..3, proptest::collection::vec(0usize..4, 1..6), 0usize..2),
            1..8,
        ),
    ) {
        let mut ws = Workspace::new();
        run(&mut ws, "P: ⍵[⍺]");
        for (list, items, io) in calls {
            run(&mut ws, &format!("⎕IO←{io}"));
            let list = format!("(⊂{})", apl_vector(&lists[list % lists.len()]));
            let items: Vec<&str> = items.iter().map(|&i| pool[i % pool.len()].as_str()).collect();
            let line = format!("{list} P¨ {}", items.join(" "));
            let dfn = line.replace('P', "{⍵[⍺]}");
            let of = |l: &str| format!("R←{l} ⋄ (≡R),(⍴R),0,R");
            prop_assert_eq!(outcome(&mut ws, &of(&line)), outcome(&mut ws, &of(&dfn)), "{}", line);
        }
    }
}
