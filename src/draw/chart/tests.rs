use super::*;

fn runs(times: [f64; 6]) -> Vec<BigCubeRun> {
    let moves = [45.8, 103.4, 326.2, 517.2, 900.7, 1224.7];
    let reduction = [26.3, 82.8, 305.6, 496.6, 880.1, 1204.1];
    (4..=9)
        .zip(moves.into_iter().zip(reduction).zip(times))
        .map(|(n, ((moves, reduction), median_ms))| BigCubeRun {
            n,
            moves,
            reduction,
            median_ms,
        })
        .collect()
}

/// Whether `svg` has a text element reading `text`, as plotters writes one.
fn shows(svg: &str, text: &str) -> bool {
    svg.contains(&format!(">\n{text}\n</text>"))
}

/// That `svg` parses as SVG (where resvg is built).
fn parses(svg: &str) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let parsed = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default());
        assert!(parsed.is_ok(), "{:?}", parsed.err());
    }
    #[cfg(target_arch = "wasm32")]
    let _ = svg;
}

#[test]
fn the_big_cubes_chart_has_every_series_its_values_and_its_labels() {
    let svg = big_cubes_chart(
        &runs([356.0, 394.0, 639.0, 771.0, 1468.0, 1556.0]),
        &published_lengths(),
        "50 seeded random states a size",
    )
    .unwrap();
    parses(&svg);
    for text in [
        "Moves a solve on average (HTM)",
        "Median time a solve, one thread",
        "moves (HTM)",
        "N (the N×N×N cube)",
        "cubework, whole",
        "cubework, to reduce",
        "dwalton76, to reduce (published)",
        "TPR-4x4x4, whole",
        "50 seeded random states a size",
        "45.8",
        "1225",
        "1556",
    ] {
        assert!(shows(&svg, text), "{text:?} is not in the chart");
    }
    // A dot for each point: cubework's whole and reducing lengths and its times at six
    // sizes, dwalton76's six counts, TPR's one.
    assert_eq!(svg.matches("<circle").count(), 6 + 6 + 6 + 6 + 1);
    // The times span less than tenfold: a linear scale.
    assert!(shows(&svg, "ms") && !svg.contains("log scale"));
}

#[test]
fn times_that_span_more_than_tenfold_are_drawn_on_a_log_scale() {
    let svg = big_cubes_chart(
        &runs([1.06, 394.0, 639.0, 771.0, 1468.0, 1556.0]),
        &published_lengths(),
        "",
    )
    .unwrap();
    parses(&svg);
    assert!(shows(&svg, "ms (log scale)"));
    let series = |values: &[f64]| -> Vec<Series> {
        vec![("a", HTM, values.iter().map(|&v| (4, v)).collect())]
    };
    assert_eq!(span(&series(&[2.0, 20.0])), (20.0, false));
    assert_eq!(span(&series(&[2.0, 20.1, f64::NAN, 0.0])), (20.1, true));
}

#[test]
fn nothing_from_the_data_becomes_markup_and_no_data_draws_an_empty_chart() {
    let name = "<script>alert(1)</script>";
    let others = [SizeLine {
        name: name.to_string(),
        points: vec![(5, 79.0)],
    }];
    let svg = big_cubes_chart(&runs([1.0; 6]), &others, "a</text><rect/>&amp;").unwrap();
    parses(&svg);
    assert!(
        !svg.contains("<script") && !svg.contains("<rect/>"),
        "{svg}"
    );
    assert!(
        svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{svg}"
    );
    assert!(
        svg.contains("a&lt;/text&gt;&lt;rect/&gt;&amp;amp;"),
        "{svg}"
    );
    // No figures, or figures that are not numbers: a chart all the same, never a panic.
    for runs in [
        vec![],
        vec![BigCubeRun {
            n: 4,
            moves: f64::NAN,
            reduction: f64::NAN,
            median_ms: f64::INFINITY,
        }],
    ] {
        parses(&big_cubes_chart(&runs, &[], "").unwrap());
    }
}

#[test]
fn decades_cover_the_values() {
    assert_eq!(decades([3.1, 8080.0].into_iter()), (1.0, 10000.0));
    assert_eq!(decades([120.0].into_iter()), (100.0, 1000.0));
    assert_eq!(decades(std::iter::empty()), (1.0, 10.0));
}

#[test]
fn cycle_counts_add_up_to_the_cycles() {
    let moves = crate::parse_moves("R U R' U' M2 E", crate::Notation::Standard).unwrap();
    for n in [3, 5] {
        let p = StickerPerm::of_moves(n, &moves).unwrap();
        let total: usize = cycle_counts(&p)
            .iter()
            .map(|c| c.corners + c.edges + c.centres)
            .sum();
        assert_eq!(total, p.cycles().len());
    }
}
