//! The pocket cube's command-line entry points, end to end, with the cache directory taken
//! from `CUBEWORK_CACHE_DIR`.

use cubework::sequence::input::Input;
use cubework::solve::search::pocket::{CACHE_ENV, cache_file, load_or_build, table_report};
use cubework::solve::{Limits, Method, Progress, answer::solution_text::solution_text, solve};
use cubework::turn::metric::Metric;

/// `pocket solve` as the command line runs it: the state read, then solved by the pocket
/// method (its table from the cache directory), as text.
fn solve_report(
    metric: Metric,
    input: &Input,
    notation: cubework::Notation,
) -> cubework::Result<String> {
    let cube = input.to_cube(2)?;
    let limits = Limits {
        metric,
        ..Limits::default()
    };
    Ok(solution_text(
        &solve(&cube, Method::Pocket, &limits, &Progress::none())?,
        notation,
    ))
}

#[test]
fn reports_build_save_and_reload_the_tables_in_the_environments_cache_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cache");
    // SAFETY: this is the only test in this binary, so no other thread reads the environment.
    unsafe { std::env::set_var(CACHE_ENV, &dir) };

    let text = table_report(Metric::Qtm, false).unwrap();
    assert_eq!(text.lines().last(), Some("14"), "{text}");
    assert!(text.contains("saved to"), "{text}");
    assert!(cache_file(&dir, Metric::Qtm).exists());

    let csv = table_report(Metric::Qtm, true).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "depth,count");
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[15], "14,276");

    let std = cubework::Notation::Standard;
    let text = solve_report(Metric::Htm, &Input::Alg("R U2 F'".into()), std).unwrap();
    assert_eq!(text.lines().last(), Some("F U2 R'"), "{text}");
    assert!(cache_file(&dir, Metric::Htm).exists());

    // A second process would load it: so does a fresh load here.
    let (table, report) = load_or_build(Metric::Htm);
    assert!(report.loaded, "{report}");
    assert_eq!(table.gods_number(), 11);

    let err = solve_report(
        Metric::Htm,
        &Input::Facelets("UUUURRRRFFFFDDDDLLLLBBB".into(), Default::default()),
        std,
    )
    .unwrap_err();
    assert!(err.to_string().contains("23 characters"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
