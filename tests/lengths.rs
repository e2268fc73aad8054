//! How long the crate's functions and files may grow: no function in `src/` over 120 lines,
//! none in the front ends (`src/command/`, `src/cli/`) over 60, and no file over 1,000 lines.
//! A function runs from its `fn` line to the closing brace at the indentation of that line;
//! a module's tests (a trailing `mod tests`, or a `tests.rs` file) are not counted.
//!
//! The few known to be over their limit are listed by name below, and each must still be
//! over it: a listed function brought under its limit is struck off the list, so the list
//! only ever shrinks.

mod common;

use std::path::Path;

/// Functions known to be over their limit: (file under `src/`, function).
const LONG_FUNCTIONS: &[(&str, &str)] = &[];

/// Files known to be over 1,000 lines.
const LONG_FILES: &[&str] = &[];

const LONGEST_FILE: usize = 1000;

/// The longest a function in `file` (a path under `src/`) may be.
fn limit(file: &str) -> usize {
    if file.starts_with("command/") || file.starts_with("cli/") {
        60
    } else {
        120
    }
}

/// The name of the function a line starts, if it starts one with a body.
fn starts_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for word in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    rest = rest.strip_prefix("extern \"C\" ").unwrap_or(rest);
    let name = rest.strip_prefix("fn ")?;
    let end = name
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    (!line.trim_end().ends_with(';')).then_some(&name[..end])
}

/// Each function of a source (without its trailing tests): its name and its length in lines.
fn functions(src: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = src.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0] == "#[cfg(test)]" && w[1].starts_with("mod tests"))
        .unwrap_or(lines.len());
    let mut found = Vec::new();
    for (i, line) in lines[..end].iter().enumerate() {
        let Some(name) = starts_fn(line) else {
            continue;
        };
        let indent = &line[..line.len() - line.trim_start().len()];
        let closing = format!("{indent}}}");
        let length = if line.trim_end().ends_with('}') {
            1
        } else {
            match lines[i..end].iter().position(|l| *l == closing) {
                Some(j) => j + 1,
                None => panic!("no closing brace for fn {name}"),
            }
        };
        found.push((name.to_string(), length));
    }
    found
}

fn sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
            (rel, std::fs::read_to_string(&f).unwrap())
        })
        .collect()
}

#[test]
fn no_function_is_longer_than_its_limit() {
    let mut wrong = Vec::new();
    let mut still_long = Vec::new();
    for (file, text) in sources() {
        if file.ends_with("tests.rs") {
            continue;
        }
        for (name, length) in functions(&text) {
            let known = LONG_FUNCTIONS.contains(&(file.as_str(), name.as_str()));
            if length > limit(&file) {
                if known {
                    still_long.push((file.clone(), name));
                } else {
                    wrong.push(format!(
                        "{file}: fn {name} is {length} lines (at most {})",
                        limit(&file)
                    ));
                }
            }
        }
    }
    for (file, name) in LONG_FUNCTIONS {
        if !still_long.iter().any(|(f, n)| f == file && n == name) {
            wrong.push(format!(
                "{file}: fn {name} is within its limit now; strike it off LONG_FUNCTIONS"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_file_is_longer_than_a_thousand_lines() {
    let mut wrong = Vec::new();
    for (file, text) in sources() {
        let long = text.lines().count() > LONGEST_FILE;
        match (long, LONG_FILES.contains(&file.as_str())) {
            (true, false) => wrong.push(format!(
                "{file} is {} lines (at most {LONGEST_FILE})",
                text.lines().count()
            )),
            (false, true) => wrong.push(format!(
                "{file} is within {LONGEST_FILE} lines now; strike it off LONG_FILES"
            )),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_counter_sees_functions() {
    let src = "fn a() {}\npub(crate) fn b(\n    x: u8,\n) -> u8 {\n    x\n}\nimpl T {\n    pub fn c() {\n        if x {\n        }\n    }\n    fn d();\n}\n#[cfg(test)]\nmod tests {\n    fn e() {\n    }\n}\n";
    let found = functions(src);
    let found: Vec<(&str, usize)> = found.iter().map(|(n, l)| (n.as_str(), *l)).collect();
    assert_eq!(found, [("a", 1), ("b", 5), ("c", 4)]);
}
