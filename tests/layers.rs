//! The crate's modules form layers (listed in `src/lib.rs`'s docs): each module may use only
//! the modules listed before it. This test reads the list and every source file, and fails on
//! any `crate::` path that points up or sideways — an import cycle cannot come back unseen.
//! It also keeps the repository's top level to the layout the project fixed, and every property
//! test's failure seeds under `tests/`.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

/// The modules in layer order, read from the numbered list under "## Layers" in lib.rs. A
/// layer kept in a folder of its own says so (`1. Foundations, in `base`: text, lines`), and
/// its modules are named with the folder (`base::text`).
fn declared_order(lib: &str) -> Vec<String> {
    lib.lines()
        .skip_while(|l| !l.contains("## Layers"))
        .filter_map(|l| l.trim_start_matches("//!").trim().split_once(". "))
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .filter_map(|(_, rest)| rest.split_once(": "))
        .flat_map(|(title, mods)| {
            let folder = title
                .split_once(", in `")
                .and_then(|(_, f)| f.split_once('`'))
                .map(|(f, _)| format!("{f}::"))
                .unwrap_or_default();
            mods.split(',')
                .map(|m| format!("{folder}{}", m.trim()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The folders that hold a layer, read from the names in the layer order.
fn folders(order: &[String]) -> BTreeSet<String> {
    order
        .iter()
        .filter_map(|m| m.split_once("::").map(|(f, _)| f.to_string()))
        .collect()
}

/// The source of a module without comments and without its trailing `mod tests`.
fn code_of(path: &Path) -> String {
    let src = std::fs::read_to_string(path).unwrap();
    let src = match src.find("#[cfg(test)]\nmod tests") {
        Some(i) => &src[..i],
        None => &src[..],
    };
    src.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The parts of a `{...}` group (`s` starts after its `{`), split at its own commas.
fn group_parts(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                parts.push(&s[start..i]);
                return parts;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// The name a path starts with and what follows it; `None` for a path that starts with no
/// name, or with a `{...}` group, whose parts are then given to `each` one by one.
fn first_name(path: &str, each: impl FnMut(&str)) -> Option<(String, &str)> {
    let path = path.trim_start();
    if let Some(group) = path.strip_prefix('{') {
        group_parts(group).into_iter().for_each(each);
        return None;
    }
    let first = ident(path);
    let rest = &path[first.len()..];
    (!first.is_empty()).then_some((first, rest))
}

/// The modules a path after `crate::` names: `cube::Cube` names `cube`, a path into a layer's
/// folder names the module in it (`state::cube::Cube` names `state::cube`), and a group names
/// each of its paths.
fn named(path: &str, folders: &BTreeSet<String>, found: &mut BTreeSet<String>) {
    let Some((first, rest)) = first_name(path, |part| named(part, folders, found)) else {
        return;
    };
    let Some(inner) = folders
        .contains(&first)
        .then(|| rest.strip_prefix("::"))
        .flatten()
    else {
        found.insert(first);
        return;
    };
    let mut inside = BTreeSet::new();
    named(inner, &BTreeSet::new(), &mut inside);
    found.extend(inside.into_iter().map(|m| format!("{first}::{m}")));
}

/// The modules a piece of code names through `crate::`.
fn uses(code: &str, folders: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        named(&code[i + "crate::".len()..], folders, &mut found);
    }
    found
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let order = declared_order(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert!(
        order.len() > 10,
        "the layer list in lib.rs was not found: {order:?}"
    );
    let folders = folders(&order);
    let rank = |m: &str| order.iter().position(|o| o == m);
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    let mut wrong = Vec::new();
    let mut seen = BTreeSet::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let mut module = top.trim_end_matches(".rs").to_string();
        // The binaries (`main.rs`, and `bin/`'s) are crates of their own that use the library
        // from outside, as any user does: they are in no layer.
        if module == "lib" || module == "main" || module == "bin" {
            continue;
        }
        if folders.contains(&module) {
            let Some(inner) = rel.components().nth(1) else {
                continue;
            };
            let inner = inner.as_os_str().to_string_lossy();
            // The folder's own file only names the modules in it.
            if inner == "mod.rs" {
                continue;
            }
            module = format!("{module}::{}", inner.trim_end_matches(".rs"));
        }
        // A module's tests kept in a file of their own (`mod tests;`) may use any module, as
        // a trailing `mod tests` may.
        if rel.file_name().is_some_and(|f| f == "tests.rs") && rel.components().count() > 1 {
            seen.insert(module.clone());
            continue;
        }
        seen.insert(module.clone());
        // A module's tests in a file of their own (`tests.rs`, or `NAME_tests.rs` beside
        // it) may use any module, as its `mod tests` may.
        if file
            .file_name()
            .is_some_and(|f| f == "tests.rs" || f.to_string_lossy().ends_with("_tests.rs"))
        {
            continue;
        }
        let Some(own) = rank(&module) else {
            wrong.push(format!("{module} is not in the layer list of lib.rs"));
            continue;
        };
        for used in uses(&code_of(&file), &folders) {
            match rank(&used) {
                Some(r) if r < own || used == module => {}
                Some(_) => wrong.push(format!(
                    "{} uses {used}, which is not below it",
                    rel.display()
                )),
                None => wrong.push(format!(
                    "{} uses {used}, not in the layer list",
                    rel.display()
                )),
            }
        }
    }
    for m in &order {
        if !seen.contains(m) {
            wrong.push(format!("lib.rs lists {m}, which is not a module"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_uses() {
    let none = BTreeSet::new();
    let code = "use crate::cube::Cube;\nuse crate::{moves::Move, face};\nlet x = crate::rep::Gather::new(a);";
    let found: Vec<String> = uses(code, &none).into_iter().collect();
    assert_eq!(found, ["cube", "face", "moves", "rep"]);
    let order = declared_order("//! ## Layers\n//!\n//! 1. A: x, y\n//! 2. B, in `b`: z\n");
    assert_eq!(order, ["x", "y", "b::z"]);
    let folders = folders(&order);
    let code =
        "use crate::b::z::Z;\nuse crate::{b::w::{W, V}, x::{self, X}, y};\ncrate::b::{q, r::R}";
    let found: Vec<String> = uses(code, &folders).into_iter().collect();
    assert_eq!(found, ["b::q", "b::r", "b::w", "b::z", "x", "y"]);
}

/// The module a file under `src/` is (`apl/eval.rs` is `apl::eval`, `apl/mod.rs` is `apl`,
/// `lib.rs` the crate itself).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Every whole path a `use` or an expression names after a prefix (`s` starts after the
/// prefix's `::`), groups expanded: `{a, b::{c, d}}` gives `a`, `b::c`, `b::d`.
fn paths(s: &str, base: &[String], out: &mut Vec<Vec<String>>) {
    let Some((first, rest)) = first_name(s, |part| paths(part, base, out)) else {
        return;
    };
    let mut here = base.to_vec();
    here.push(first);
    match rest.strip_prefix("::") {
        Some(rest) if rest.starts_with(|c: char| c == '{' || c.is_alphanumeric() || c == '_') => {
            out.push(here.clone());
            paths(rest, &here, out);
        }
        _ => out.push(here),
    }
}

#[test]
fn no_files_import_each_other_round_a_circle() {
    // A file may use its parent module's items (a folder's `mod.rs` declares the files in
    // it), but no circle may run through two or more other files: `a.rs` uses `b.rs`, which
    // uses `a.rs` again, directly or round a longer way.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.retain(|f| {
        let name = f.file_name().unwrap().to_string_lossy();
        let in_tests = f.components().any(|c| c.as_os_str() == "tests");
        name != "tests.rs" && !name.ends_with("_tests.rs") && !in_tests
    });
    let modules: Vec<Vec<String>> = files
        .iter()
        .map(|f| module_of(f.strip_prefix(&src).unwrap()))
        .collect();
    // The file that holds what a path names: the longest prefix of it that is a module.
    let file_of = |path: &[String]| {
        (1..=path.len())
            .rev()
            .find_map(|n| modules.iter().position(|m| m.as_slice() == &path[..n]))
    };
    let mut edges: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); files.len()];
    for (i, file) in files.iter().enumerate() {
        let code = code_of(file);
        let own = &modules[i];
        let parent = &own[..own.len().saturating_sub(1)];
        let mut named = Vec::new();
        for (at, _) in code.match_indices("crate::") {
            paths(&code[at + "crate::".len()..], &[], &mut named);
        }
        for (at, _) in code.match_indices("super::") {
            paths(&code[at + "super::".len()..], parent, &mut named);
        }
        for path in named {
            if let Some(j) = file_of(&path)
                && j != i
                && !own.starts_with(&modules[j])
            {
                edges[i].insert(j);
            }
        }
    }
    let reached: Vec<BTreeSet<usize>> = (0..files.len())
        .map(|from| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from];
            while let Some(f) = todo.pop() {
                for &g in &edges[f] {
                    if seen.insert(g) {
                        todo.push(g);
                    }
                }
            }
            seen
        })
        .collect();
    let circles: BTreeSet<Vec<String>> = (0..files.len())
        .filter(|&i| reached[i].contains(&i))
        .map(|i| {
            (0..files.len())
                .filter(|&k| reached[i].contains(&k) && reached[k].contains(&i))
                .map(|k| modules[k].join("::"))
                .collect()
        })
        .collect();
    assert!(
        circles.is_empty(),
        "files that import each other: {circles:?}"
    );
}

/// The repository's top level holds only the layout the project fixed: what git keeps there,
/// and what it would keep (files it does not ignore), is one of these.
#[test]
fn the_top_level_holds_only_the_fixed_layout() {
    const FIXED: [&str; 9] = [
        ".ci",
        ".gitignore",
        "Cargo.lock",
        "Cargo.toml",
        "README.md",
        "benches",
        "scripts",
        "src",
        "tests",
    ];
    let out = std::process::Command::new("git")
        .args(["ls-files", "--cached", "--others", "--exclude-standard"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("git runs in the repository");
    assert!(out.status.success(), "git ls-files: {out:?}");
    let top: BTreeSet<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .lines()
        .map(|path| path.split('/').next().unwrap())
        .collect();
    assert!(top.contains("src"), "git listed no source: {top:?}");
    let other: Vec<_> = top.iter().filter(|t| !FIXED.contains(t)).collect();
    assert!(other.is_empty(), "outside the fixed layout: {other:?}");
}

/// Every property test runs with the crate's configuration (a fixed seed, its failures' seeds
/// kept under `tests/proptest-regressions/`): `crate::proptest_config` in the library,
/// `common::config_with` in the integration tests.
#[test]
fn every_property_test_keeps_its_failures_under_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    common::rust_files(&root.join("src"), &mut files);
    common::rust_files(&root.join("tests"), &mut files);
    let mut blocks = 0;
    let mut wrong = Vec::new();
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        for (at, _) in src.match_indices(concat!("proptest", "! {")) {
            blocks += 1;
            let first = src[at..].lines().nth(1).unwrap_or("").trim();
            let config = [
                "crate::proptest_config(",
                "config_with(",
                "common::config_with(",
            ]
            .iter()
            .any(|c| first.starts_with(&format!("#![proptest_config({c}")));
            if !config {
                wrong.push(format!("{}: {first}", path.display()));
            }
        }
    }
    assert!(blocks > 10, "only {blocks} property tests found");
    assert!(
        wrong.is_empty(),
        "without the crate's configuration: {wrong:#?}"
    );
}
