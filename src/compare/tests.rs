//! The measurements' tests.

use super::ranking::{are_spread_ranks, growth};
use super::tables::apl_ranks;
use super::timing::DEFINED_SAMPLE;
use super::*;
use crate::rep::RepKind;

#[test]
fn paper_ranks_are_the_papers_table() {
    let printed = "\
Numeric 1 7 7 3 4 2 3 6
Local 4 3 3 6 3 5 2 5
Composite 6 6 2 4 5 6 4 2
Visual 5 4 4 7 1 5 6 3
Vector 4 1 1 5 6 7 1 1
4-D 1 5 6 1 7 4 5 4
Nested 1 2 5 2 2 1 7 7";
    for (line, kind) in printed.lines().zip(RepKind::ALL) {
        let mut words = line.split(' ');
        assert_eq!(words.next(), Some(kind.title()));
        let ranks: Vec<u8> = words.map(|w| w.parse().unwrap()).collect();
        assert_eq!(ranks, PaperRanks::of(kind).as_array());
    }
}

#[test]
fn every_representation_marks_its_move_definitions() {
    for kind in RepKind::ALL {
        assert!(
            definition_lines(kind) > 5,
            "{kind}: moves:begin/moves:end markers"
        );
    }
    // The paper's lines name no size for these; the others derive their N forms.
    for kind in [
        RepKind::Numeric,
        RepKind::Local,
        RepKind::FourD,
        RepKind::Nested,
    ] {
        assert_eq!(general_lines(kind), 0, "{kind}");
    }
    for kind in [RepKind::Vector, RepKind::Composite, RepKind::Visual] {
        assert!(
            general_lines(kind) > 5,
            "{kind}: general:begin/general:end markers"
        );
    }
}

#[test]
fn measuring_gives_a_row_per_representation_holding_the_size() {
    let measures = measure(3, 200, 3, 1, |_| {}).unwrap();
    assert_eq!(measures.len(), 7);
    for m in &measures {
        assert!(m.defined.median > 0.0 && m.compiled.median > 0.0, "{m:?}");
        assert_eq!(m.defined.rounds.len(), 3 * m.turns.div_ceil(DEFINED_SAMPLE));
        assert!(m.defined.low <= m.defined.median && m.defined.median <= m.defined.high);
        assert!(m.turns > 0);
    }
    let csv = compare_table(&measures, None, Format::Csv);
    assert_eq!(csv.lines().count(), 8);
    let pieces = measure_pieces(200, 3, 1).unwrap();
    assert!(
        pieces.ns_defined > 0.0 && pieces.moves == 12 && pieces.turns > 0,
        "{pieces:?}"
    );
    let csv = compare_table(&measures, Some(&pieces), Format::Csv);
    assert_eq!(csv.lines().count(), 9);
    assert!(
        csv.lines()
            .last()
            .unwrap()
            .starts_with("pieces,20 colour maps,")
    );
    let four = measure(4, 100, 3, 1, |_| {}).unwrap();
    assert_eq!(
        four.iter().map(|m| m.kind).collect::<Vec<_>>(),
        [
            RepKind::Numeric,
            RepKind::Local,
            RepKind::Vector,
            RepKind::FourD,
            RepKind::Nested
        ]
    );
    assert!(
        four.iter()
            .all(|m| m.moves == m.moves_of && m.moves_of == 60)
    );
    let sweep = measure_sizes(2..=4, 100, 3, 1, |_, _| {}).unwrap();
    assert_eq!(sweep.len(), 7 + 7 + 5);
    let paper = paper_table(&measures, &sweep, Format::Csv);
    assert_eq!(paper.lines().count(), 8);
    assert!(
        paper
            .lines()
            .next()
            .unwrap()
            .starts_with("rep,complete,general,")
    );
    let table = sizes_table(&sweep, Format::Markdown);
    assert!(table.starts_with("| ns/turn as defined | N=2"), "{table}");
    assert_eq!(sizes_table(&sweep, Format::Csv).lines().count(), 20);
}

#[test]
fn the_apl_column_times_the_seven_and_ones_own_and_ranks_the_seven() {
    let mut ws = crate::apl::paper::workspace("vector").unwrap();
    ws.eval_line("MAT: 6 9⍴⍵").unwrap();
    let mine = crate::rep::user::UserRep::define(&mut ws, "mat", "MAT", None).unwrap();
    let apl = measure_apl(100, 2, 1, std::slice::from_ref(&mine), |_| {}).unwrap();
    assert_eq!(apl.len(), 8);
    assert!(apl.iter().all(|a| a.timing.median > 0.0 && a.turns > 0));
    assert_eq!(apl[7].name, "mat");
    let measures = measure(3, 100, 2, 1, |_| {}).unwrap();
    let ranks: Vec<u8> = apl_ranks(&measures, &apl)
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(ranks.len(), 7);
    assert!(are_spread_ranks(&ranks), "{ranks:?}");
    let users = [measure_user(&mine, 100, 2, 1).unwrap()];
    assert_eq!(users[0].moves, 24);
    assert!(users[0].compiled.median > 0.0);
    let extras = Extras {
        pieces: None,
        users: &users,
        apl: Some(&apl),
    };
    let csv = compare_table_with(&measures, &extras, Format::Csv);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert!(header.contains(&"ns_apl") && header.contains(&"APL speed rank"));
    assert_eq!(csv.lines().count(), 1 + 7 + 1);
    assert!(csv.lines().last().unwrap().starts_with("mat (user),6×9,"));
    let table = compare_table_with(&measures, &extras, Format::Markdown);
    assert!(table.contains("ns/turn APL") && table.contains("mat (user)"));
    // Without the extras, the table is as it was.
    assert!(!compare_table(&measures, None, Format::Csv).contains("ns_apl"));
    let paper = paper_table_with(&measures, &measures, Some(&apl), Format::Csv);
    assert!(
        paper
            .lines()
            .next()
            .unwrap()
            .ends_with(",speed_apl_measured,ns_apl,ns_apl_low,ns_apl_high")
    );
    assert!(
        paper_table_with(&measures, &measures, Some(&apl), Format::Table).contains("Speed in APL")
    );
}

#[test]
fn general_is_counted_from_sizes_lines_and_growth() {
    let sweep = measure_sizes(2..=4, 50, 1, 1, |_, _| {}).unwrap();
    let g = general(&sweep);
    let of = |k: RepKind| g.iter().find(|g| g.kind == k).unwrap();
    assert_eq!(of(RepKind::Numeric).bytes_growth, 3);
    assert_eq!(of(RepKind::Local).bytes_growth, 2);
    assert_eq!(of(RepKind::Vector).bytes_growth, 2);
    assert_eq!(of(RepKind::Composite).sizes, 2..=3);
    let ranks = general_ranks(&g);
    // Local holds every size, needs no extra lines, and grows as N²: first.
    assert_eq!(ranks[1], 1);
    // Composite and visual hold two sizes: last two.
    assert!(ranks[2] >= 6 && ranks[3] >= 6);
}

#[test]
fn growth_is_the_log_log_slope() {
    assert!((growth(&[(2, 8.0), (4, 64.0)]) - 3.0).abs() < 1e-9);
    assert!((growth(&[(2, 4.0), (3, 9.0), (4, 16.0)]) - 2.0).abs() < 1e-9);
    assert_eq!(growth(&[(3, 5.0)]), 0.0);
}

#[test]
fn reps_and_compare_describe_a_users_representations_element_alike() {
    let mut ws = crate::apl::paper::workspace("vector").unwrap();
    ws.eval_line("MAT: 6 9⍴⍵").unwrap();
    ws.eval_line("PAD: 6 10↑6 9⍴⍵").unwrap();
    for (name, encode, element) in [
        ("mat", "MAT", "letter (u8)"),
        ("pad", "PAD", "letter or blank (u8)"),
    ] {
        let mine = crate::rep::user::UserRep::define(&mut ws, name, encode, None).unwrap();
        let users = [measure_user(&mine, 100, 1, 1).unwrap()];
        let measures = measure(3, 100, 1, 1, |_| {}).unwrap();
        let extras = Extras {
            pieces: None,
            users: &users,
            apl: None,
        };
        let csv = compare_table_with(&measures, &extras, Format::Csv);
        let compare_row = csv.lines().last().unwrap();
        assert!(
            compare_row.starts_with(&format!("{name} (user),{},{element},", mine.shape_text())),
            "{compare_row}"
        );
        let reps = crate::command::algebra::reps_table(3, std::slice::from_ref(&mine));
        let reps_row = reps
            .lines()
            .find(|l| l.contains(&format!(" {name} ")))
            .unwrap();
        let cells: Vec<&str> = reps_row.split(['│', '┆']).map(str::trim).collect();
        assert_eq!(cells[4], element, "{reps_row}");
    }
}
