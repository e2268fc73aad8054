//! The README's two commands, `cargo run --release` and then `cargo test --release`, share one
//! build of the dependencies: every package the program uses is built with the same features
//! whether or not the dev-dependencies are in the graph. Where a dev-dependency turns on a
//! feature the program's own graph lacks, cargo builds that package (and everything above it)
//! a second time for the tests; `Cargo.toml` asks for those features itself, and this test
//! finds any that come back.

use std::collections::BTreeSet;
use std::process::Command;

/// Each package of the graph with its features, one `name version features` line each, as
/// `cargo tree` resolves it for the given edge kinds.
fn packages_with_features(edges: &str) -> BTreeSet<String> {
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    let out = Command::new(cargo)
        .args(["tree", "--offline", "--locked", "--prefix", "none"])
        .args(["-e", edges, "-f", "{p} {f}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree -e {edges} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("cargo tree writes UTF-8")
        .lines()
        .map(|line| line.trim_end_matches(" (*)").trim_end().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn the_tests_build_every_dependency_of_the_program_with_the_same_features() {
    let program = packages_with_features("normal,build");
    let with_tests = packages_with_features("normal,build,dev");
    assert!(
        program.iter().any(|line| line.starts_with("rayon ")),
        "cargo tree listed the program's packages: {program:?}"
    );
    let differ: Vec<&String> = program.difference(&with_tests).collect();
    assert!(
        differ.is_empty(),
        "these packages are built with other features once the dev-dependencies join \
         (`cargo test --release` would compile them again); ask for the tests' features in \
         Cargo.toml's [dependencies]:\n{}",
        differ
            .iter()
            .map(|line| {
                let name = line.split(' ').next().unwrap_or("");
                let tests = with_tests
                    .iter()
                    .filter(|other| other.split(' ').next() == Some(name))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" | ");
                format!("  program: {line}\n  tests:   {tests}")
            })
            .collect::<Vec<_>>()
            .join("\n")
    );
}
