//! The crate's modules form layers (listed in `src/lib.rs`'s docs): each module may use only
//! the modules listed before it. This test reads the list and every source file, and fails on
//! any `crate::` path that points up or sideways — an import cycle cannot come back unseen.

use std::collections::BTreeSet;
use std::path::Path;

/// The modules in layer order, read from the numbered list under "## Layers" in lib.rs.
fn declared_order(lib: &str) -> Vec<String> {
    lib.lines()
        .skip_while(|l| !l.contains("## Layers"))
        .filter_map(|l| l.trim_start_matches("//!").trim().split_once(". "))
        .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        .filter_map(|(_, rest)| rest.split_once(": ").map(|(_, mods)| mods.to_string()))
        .flat_map(|mods| {
            mods.split(',')
                .map(|m| m.trim().to_string())
                .collect::<Vec<_>>()
        })
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

/// The top-level modules a piece of code names through `crate::`.
fn uses(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices("crate::") {
        let after = &code[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let body = &group[..group.find('}').unwrap_or(group.len())];
            // Nested groups: the first segment of each comma-separated path.
            for part in body.split(',') {
                let name = ident(part.trim());
                if !name.is_empty() && !part.trim().starts_with('}') {
                    found.insert(name);
                }
            }
        } else {
            found.insert(ident(after));
        }
    }
    found
}

fn files_of(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_of(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let order = declared_order(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert!(
        order.len() > 10,
        "the layer list in lib.rs was not found: {order:?}"
    );
    let rank = |m: &str| order.iter().position(|o| o == m);
    let mut files = Vec::new();
    files_of(&src, &mut files);
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
        let module = top.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        // A module's tests kept in a file of their own (`mod tests;`) may use any module, as
        // a trailing `mod tests` may.
        if rel.file_name().is_some_and(|f| f == "tests.rs") && rel.components().count() > 1 {
            seen.insert(module.clone());
            continue;
        }
        seen.insert(module.clone());
        // A module's tests in a file of their own may use any module, as its `mod tests`
        // may.
        if file.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        let Some(own) = rank(&module) else {
            wrong.push(format!("{module} is not in the layer list of lib.rs"));
            continue;
        };
        for used in uses(&code_of(&file)) {
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
    let code = "use crate::cube::Cube;\nuse crate::{moves::Move, face};\nlet x = crate::rep::Gather::new(a);";
    let found: Vec<String> = uses(code).into_iter().collect();
    assert_eq!(found, ["cube", "face", "moves", "rep"]);
    let order = declared_order("//! ## Layers\n//!\n//! 1. A: x, y\n//! 2. B: z\n");
    assert_eq!(order, ["x", "y", "z"]);
}
