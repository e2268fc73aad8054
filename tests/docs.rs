//! The documentation is tested: every command-line example in the README and the guide runs
//! and its output is compared (trycmd), the README's REPL session is fed to the binary through
//! stdin and its answers compared (snapbox), and the README's command tables are exactly what
//! the command line's and the REPL's own descriptions say. A documented example that stops
//! being true fails here.
//!
//! `CUBEWORK_BLESS=1 cargo test --release --test docs` rewrites the README's command tables
//! from the descriptions (then review the diff); `TRYCMD=overwrite` does the same for the
//! examples' outputs.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

/// The guide's pages, as `cargo doc` renders them.
fn guide_pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("src/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages
}

#[test]
fn every_console_example_in_the_readme_and_the_guide_prints_what_it_shows() {
    let cache = common::tables_dir();
    let data = common::shared_dir("cubework-test-data");
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("cubework", trycmd::cargo::cargo_bin("cubework"))
        .env("NO_COLOR", "1")
        .env("CUBEWORK_CACHE_DIR", cache.display().to_string())
        .env("CUBEWORK_DATA_DIR", data.display().to_string())
        .env("CUBEWORK_TWOPHASE_TABLE", "small")
        .case(root().join("README.md"));
    for page in guide_pages() {
        cases.case(page);
    }
}

/// One exchange of a documented REPL session: what was typed, and what it answered.
struct Exchange {
    input: String,
    output: Vec<String>,
}

/// The exchanges of a ```text block whose lines start with a REPL prompt (`vector> `).
fn session(block: &str) -> Vec<Exchange> {
    let prompt = |line: &str| -> Option<String> {
        let (prompt, rest) = line.split_once("> ")?;
        // The representation, then perhaps the size and the notation (`vector paper> `).
        let rep = prompt.split(' ').next()?;
        let known = cubework::rep::RepKind::ALL.map(|k| k.name());
        known.contains(&rep).then(|| rest.to_string())
    };
    let mut exchanges: Vec<Exchange> = Vec::new();
    for line in block.lines() {
        match prompt(line) {
            Some(input) => exchanges.push(Exchange {
                input,
                output: Vec::new(),
            }),
            None => exchanges
                .last_mut()
                .expect("a session block starts with a prompt")
                .output
                .push(line.to_string()),
        }
    }
    exchanges
}

/// The ```text blocks of a Markdown text that hold a REPL session.
fn session_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find("```text\n") {
        let body = &rest[start + "```text\n".len()..];
        let end = body.find("```").expect("an unclosed code block");
        if body.starts_with("vector> ") {
            blocks.push(body[..end].to_string());
        }
        rest = &body[end..][3..];
    }
    blocks
}

fn run_session(block: &str) {
    let exchanges = session(block);
    assert!(!exchanges.is_empty());
    let stdin: String = exchanges.iter().map(|e| format!("{}\n", e.input)).collect();
    let expected: String = exchanges
        .iter()
        .flat_map(|e| e.output.iter())
        .map(|l| format!("{l}\n"))
        .collect();
    let out = common::cubework().write_stdin(stdin).output().unwrap();
    common::assert_success(&out, "the session failed: ");
    snapbox::assert_data_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn every_repl_session_in_the_readme_and_the_guide_answers_as_shown() {
    let mut texts = vec![readme()];
    texts.extend(
        guide_pages()
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap()),
    );
    let blocks: Vec<String> = texts.iter().flat_map(|t| session_blocks(t)).collect();
    assert!(
        blocks.len() >= 2,
        "the README's session and the guide's were not found"
    );
    for block in blocks {
        run_session(&block);
    }
}

/// A Markdown table cell: pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The command line's commands, from their descriptors (whose summaries `--help` shows).
fn cli_table() -> String {
    let mut table = String::from("| command | what it does |\n|---|---|\n");
    table.push_str("| `cubework` | open the REPL |\n");
    for c in cubework::command::COMMANDS
        .iter()
        .filter(|c| c.surface.cli())
    {
        table.push_str(&format!(
            "| `cubework {}` | {} |\n",
            c.name,
            cell(c.summary)
        ));
    }
    table
}

/// The REPL's commands as its `help` describes them.
fn repl_table() -> String {
    let mut table = String::from("| command | what it does |\n|---|---|\n");
    for c in cubework::command::COMMANDS
        .iter()
        .filter(|c| c.surface.repl())
    {
        let words = if c.usage.is_empty() {
            c.name.to_string()
        } else {
            format!("{} {}", c.name, c.usage)
        };
        table.push_str(&format!("| `{}` | {} |\n", cell(&words), cell(c.summary)));
    }
    table
}

/// The README with the block between `<!-- commands:KIND:start -->` and its end replaced.
fn with_table(readme: &str, kind: &str, table: &str) -> String {
    let start = format!("<!-- commands:{kind}:start -->\n");
    let end = format!("<!-- commands:{kind}:end -->");
    let a = readme.find(&start).expect("the README's table markers") + start.len();
    let b = readme[a..]
        .find(&end)
        .expect("the README's table end marker")
        + a;
    format!("{}{}{}", &readme[..a], table, &readme[b..])
}

#[test]
fn the_readme_command_tables_are_the_commands_own_descriptions() {
    let text = readme();
    let generated = with_table(
        &with_table(&text, "cli", &cli_table()),
        "repl",
        &repl_table(),
    );
    if std::env::var_os("CUBEWORK_BLESS").is_some() {
        std::fs::write(root().join("README.md"), &generated).unwrap();
        return;
    }
    assert!(
        text == generated,
        "the README's command tables differ from the commands' descriptions; \
         run CUBEWORK_BLESS=1 cargo test --release --test docs and review the diff"
    );
}

/// The solving methods, each with its one description.
fn methods_table() -> String {
    use cubework::solve::Method;
    let mut table = String::from("| method | what it does |\n|---|---|\n");
    for m in Method::ALL {
        table.push_str(&format!("| `{}` | {} |\n", m.name(), cell(m.about())));
    }
    table
}

#[test]
fn the_guides_table_of_methods_is_the_methods_own_descriptions() {
    let path = root().join("src/guide/solvers.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- methods:start -->\n", "<!-- methods:end -->");
    let a = text.find(start).expect("the table's start marker") + start.len();
    let b = text[a..].find(end).expect("the table's end marker") + a;
    let generated = format!("{}{}{}", &text[..a], methods_table(), &text[b..]);
    if std::env::var_os("CUBEWORK_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    assert!(
        text == generated,
        "the guide's table of methods differs from Method::about; \
         run CUBEWORK_BLESS=1 cargo test --release --test docs and review the diff"
    );
}

#[test]
fn the_help_lists_every_command_of_the_readme_table_and_no_other() {
    let out = common::cubework().arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let cli = cubework::cli::command();
    for sub in cli.get_subcommands() {
        let line = format!("  {:<1}", sub.get_name());
        assert!(
            help.contains(&line),
            "{} missing from --help",
            sub.get_name()
        );
    }
    let out = common::cubework().write_stdin("help\n").output().unwrap();
    let repl_help = String::from_utf8(out.stdout).unwrap();
    for c in cubework::command::COMMANDS
        .iter()
        .filter(|c| c.surface.repl())
    {
        assert!(
            repl_help.contains(c.summary),
            "the REPL's help lacks {}",
            c.name
        );
    }
}

#[test]
fn the_readme_is_short_and_reaches_every_guide_page() {
    let text = readme();
    assert!(text.len() <= 25_000, "README.md is {} bytes", text.len());
    for page in guide_pages() {
        let rel = page.strip_prefix(root()).unwrap().display().to_string();
        assert!(
            text.contains(&format!("]({rel})")),
            "README does not link {rel}"
        );
    }
    for (i, _) in text.match_indices("](") {
        let target = &text[i + 2..];
        let target = &target[..target.find(')').unwrap()];
        if !target.starts_with("http") && !target.starts_with('#') {
            assert!(
                root().join(target).exists(),
                "README links {target}, which is not in the repository"
            );
        }
    }
}

#[test]
fn no_source_or_readme_points_outside_the_repository_or_to_issue_numbers() {
    let mut files = vec![root().join("README.md")];
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    walk(&root().join("src"), &mut files);
    let issue = |text: &str| {
        text.match_indices("issue ").any(|(i, _)| {
            text[i + 6..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
    };
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for outside in ["conventions.md", "docs-tools.md"] {
            assert!(
                !text.contains(outside),
                "{} names {outside}",
                file.display()
            );
        }
        assert!(!issue(&text), "{} names an issue number", file.display());
    }
}

#[test]
fn completions_and_the_man_page_are_generated_from_the_command_definitions() {
    for shell in ["bash", "zsh", "fish"] {
        let out = common::output(common::cubework().args(["completions", shell]));
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for sub in ["apply", "solve", "draw", "pocket"] {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let out = common::cubework().arg("manpage").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH cubework"),
        "{page}"
    );
    assert!(page.contains("solve"));
}

/// The options named in a usage cell of the guide's command-line table: `(--flag, values)`,
/// the values where the cell lists them (`--metric htm\|qtm`).
fn options_of(usage: &str) -> Vec<(String, Vec<String>)> {
    let words: Vec<&str> = usage
        .split(|c: char| c.is_whitespace() || "[]()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let mut options = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if let Some(flag) = word.strip_prefix("--") {
            let values = words
                .get(i + 1)
                .filter(|v| {
                    v.contains("\\|")
                        && v.chars().all(|c| {
                            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '\\' || c == '|'
                        })
                })
                .map(|v| v.split("\\|").map(str::to_string).collect())
                .unwrap_or_default();
            options.push((flag.to_string(), values));
        }
    }
    options
}

#[test]
fn every_option_the_command_line_page_names_exists_with_the_values_it_lists() {
    let page = std::fs::read_to_string(root().join("src/guide/command_line.md")).unwrap();
    let cli = cubework::cli::command();
    let mut rows = 0;
    for line in page.lines().filter(|l| l.starts_with("| `cubework ")) {
        let usage = line.trim_start_matches("| `").split('`').next().unwrap();
        let mut words = usage.split_whitespace().skip(1);
        let Some(first) = words.next() else { continue };
        for name in first.split("\\|") {
            let mut command = match cli.find_subcommand(name) {
                Some(c) => c.clone(),
                None => {
                    panic!("the command-line page names `cubework {name}`, which is no command")
                }
            };
            // A nested subcommand (`pocket table`, `tables build`).
            let rest: Vec<&str> = usage.split_whitespace().skip(2).collect();
            if let Some(next) = rest.first().map(|w| w.trim_start_matches('['))
                && let Some(sub) = command.find_subcommand(next)
            {
                command = sub.clone();
            }
            for (flag, values) in options_of(usage) {
                let arg = command
                    .get_arguments()
                    .find(|a| a.get_long() == Some(flag.as_str()))
                    .unwrap_or_else(|| {
                        panic!("`cubework {name}` has no --{flag} (the page says: {usage})")
                    });
                let possible: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .map(|v| v.get_name().to_string())
                    .collect();
                if !possible.is_empty() {
                    for v in &values {
                        assert!(
                            possible.contains(v),
                            "`cubework {name} --{flag}` takes no {v} (the page says: {usage})"
                        );
                    }
                }
            }
            rows += 1;
        }
    }
    assert!(rows > 15, "the command-line page's table was not found");
}

/// The command-line examples written inline in `text` (`` `cubework …` ``) that are whole
/// commands: no placeholders (`ALG`, `FILE`, `N`), no alternatives or optional parts, more
/// than a bare command name. A redirection of the output (`> cubework.1`) is left off.
fn inline_examples(text: &str) -> Vec<Vec<String>> {
    let mut examples = Vec::new();
    for (i, _) in text.match_indices("`cubework ") {
        let span = &text[i + 1..];
        let Some(end) = span.find('`') else { continue };
        let span = span[..end].split(" > ").next().unwrap();
        if span.contains(['[', '|', '…', '<', '&']) || span.contains("/dev/") {
            continue;
        }
        let Some(words) = shlex::split(span) else {
            continue;
        };
        let placeholder = |w: &String| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase());
        if words.len() < 3 || words.iter().skip(1).any(placeholder) {
            continue;
        }
        examples.push(words);
    }
    examples
}

#[test]
fn every_whole_command_written_inline_in_the_readme_and_the_guide_runs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("session.txt"), "R U\nshow facelets\n").unwrap();
    std::fs::write(dir.path().join("states.txt"), "R U F\n").unwrap();
    let mut texts = vec![readme()];
    texts.extend(
        guide_pages()
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap()),
    );
    // The shared cache may hold a table an older build wrote, in an older format, which
    // `tables check` rightly fails on: built again first, as a user would.
    let built = common::cubework()
        .args(["tables", "build", "--optimal", "--size", "small"])
        .output()
        .unwrap();
    common::assert_success(&built, "");
    let mut examples: Vec<Vec<String>> = texts.iter().flat_map(|t| inline_examples(t)).collect();
    examples.sort();
    examples.dedup();
    assert!(examples.len() > 20, "{examples:?}");
    for words in examples {
        let out = common::cubework()
            .current_dir(dir.path())
            .args(&words[1..])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{} failed: {}",
            words.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The code spans of a line of Markdown (`` `R U` ``, or ``` `` `r `` ``` for a span holding a
/// backtick), trimmed of the one space Markdown drops at each end.
fn code_spans(line: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let fence = &rest[start..start + ticks];
        let body = &rest[start + ticks..];
        let Some(end) = body.find(fence) else { break };
        let span = &body[..end];
        let span = match span.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
            Some(inner) if !inner.trim().is_empty() => inner,
            _ => span,
        };
        spans.push(span.to_string());
        rest = &body[end + ticks..];
    }
    spans
}

/// The words of a command written in the README, a redirection of its output left off.
fn command_words(span: &str) -> Vec<String> {
    let command = span.split(" > ").next().unwrap();
    shlex::split(command).unwrap_or_else(|| panic!("the README's `{span}` is not a command"))
}

/// Characters and snippets the "How do I…" table names in its prose, not commands to run.
const NAMED_NOT_RUN: &[&str] = &["#", "{…}", "∇", "\\rho", "`r", "⍴"];

/// What the README's "How do I…" table shows: each command it writes out, each option it adds
/// to its row's first command (`--show net` after `cubework apply "R U R' U'"`; an option the
/// command already has takes the new value: `-o cube.html`), each other value of its last
/// argument (`zsh` for `cubework completions bash`, `-` for `--batch states.txt`), and each
/// REPL line (`rep nested`), as (command-line words or None, REPL line).
fn how_do_i_examples(readme: &str) -> Vec<(Vec<String>, Option<String>)> {
    let section = readme
        .split("\n## How do I…\n")
        .nth(1)
        .expect("the README's \"How do I…\" section");
    let section = section.split("\n## ").next().unwrap();
    let mut examples = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| ")).skip(1) {
        let how = row.split(" | ").nth(1).unwrap_or("");
        let mut base: Option<Vec<String>> = None;
        for span in code_spans(how) {
            let first = span.split(' ').next().unwrap();
            if first == "cubework" {
                let words = command_words(&span);
                base.get_or_insert_with(|| words.clone());
                examples.push((words, None));
            } else if cubework::command::defs::find(first).is_some() {
                examples.push((Vec::new(), Some(span)));
            } else if NAMED_NOT_RUN.contains(&span.as_str()) {
                continue;
            } else {
                let base = base.clone().unwrap_or_else(|| {
                    panic!("`{span}` comes before its row's command: {row}");
                });
                let mut words = base.clone();
                let added = command_words(&span);
                if span.starts_with('-') && span.len() > 1 {
                    match words.iter().position(|w| *w == added[0]) {
                        Some(i) => words.splice(i..(i + added.len()).min(words.len()), added),
                        None => words.splice(words.len().., added),
                    };
                } else if span == "-" || span.chars().all(|c| c.is_ascii_alphanumeric()) {
                    *words.last_mut().unwrap() = span.clone();
                } else {
                    panic!(
                        "the \"How do I…\" table's `{span}` is neither a command, an option, a \
                         value nor a REPL line; if it is prose, add it to NAMED_NOT_RUN"
                    );
                }
                examples.push((words, None));
            }
        }
    }
    examples
}

#[test]
fn every_example_of_the_how_do_i_table_runs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("session.txt"), "R U\nshow facelets\n").unwrap();
    let states = "R U F\nD' R2 U F' L B2 D R'\n";
    std::fs::write(dir.path().join("states.txt"), states).unwrap();
    let text = readme();
    let examples = how_do_i_examples(&text);
    assert!(examples.len() > 30, "{examples:?}");
    // The commands written out whole already run in the test of every inline command.
    let run_there = inline_examples(&text);
    for (words, repl_line) in examples {
        if run_there.contains(&words) {
            continue;
        }
        let mut cmd = common::cubework();
        cmd.current_dir(dir.path())
            .env("CUBEWORK_OPTIMAL_TABLE", "small");
        let what = match &repl_line {
            Some(line) => {
                cmd.write_stdin(format!("{line}\n"));
                format!("the REPL line {line}")
            }
            None => {
                // A command that reads standard input (`--batch -`) reads the states.
                cmd.args(&words[1..]).write_stdin(states);
                words.join(" ")
            }
        };
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "the README's \"How do I…\" example {what} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
