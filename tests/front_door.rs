//! The front door: every command described once, and both front ends reading the same
//! requests from it.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use std::collections::BTreeSet;

use clap::parser::ValueSource;
use cubework::Notation;
use cubework::command::defs::COMMANDS;
use cubework::command::unit::Surface;
use cubework::command::{Session, help, parse_line};

fn cli_commands() -> clap::Command {
    cubework::cli::command()
}

fn repl_request(line: &str) -> cubework::command::Request {
    parse_line(line, &Session::new(false))
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .unwrap_or_else(|| panic!("{line}: no request"))
}

fn cli_request(args: &[&str]) -> cubework::command::Request {
    let argv = std::iter::once("cubework").chain(args.iter().copied());
    match cubework::cli::asked(argv) {
        Ok(Some(cubework::command::one_shot::OneShot::Request(_, request))) => request,
        Ok(_) => panic!("{args:?}: no request"),
        Err(e) => panic!("{args:?}: {e}"),
    }
}

/// The argument ids a command-line example gives, its subcommands' included.
fn cli_ids_given(args: &[&str]) -> BTreeSet<String> {
    let argv = std::iter::once("cubework").chain(args.iter().copied());
    let matches = cli_commands().try_get_matches_from(argv).unwrap();
    let (_, mut m) = matches.subcommand().unwrap();
    let mut ids = BTreeSet::new();
    loop {
        for id in m.ids() {
            if m.value_source(id.as_str()) == Some(ValueSource::CommandLine) {
                ids.insert(id.to_string());
            }
        }
        match m.subcommand() {
            Some((name, sub)) => {
                ids.insert(format!("subcommand {name}"));
                m = sub;
            }
            None => return ids,
        }
    }
}

/// The names of the commands, in the list's order, on the front end that `on` says.
fn names_on(on: fn(Surface) -> bool) -> Vec<&'static str> {
    COMMANDS
        .iter()
        .filter(|c| on(c.surface))
        .map(|c| c.name)
        .collect()
}

#[test]
fn every_command_line_command_has_one_descriptor_and_takes_its_summary_from_it() {
    let cli = cli_commands();
    let clap_names: BTreeSet<&str> = cli
        .get_subcommands()
        .map(|c| c.get_name())
        .filter(|n| *n != "help")
        .collect();
    let described: BTreeSet<&str> = names_on(Surface::cli).into_iter().collect();
    assert_eq!(clap_names, described);
    for sub in cli.get_subcommands().filter(|c| c.get_name() != "help") {
        let def = COMMANDS.iter().find(|c| c.name == sub.get_name()).unwrap();
        assert_eq!(
            sub.get_about().map(|a| a.to_string()).as_deref(),
            Some(def.summary),
            "{}",
            def.name
        );
    }
}

#[test]
fn every_command_line_option_is_listed_in_its_commands_descriptor() {
    for sub in cli_commands().get_subcommands() {
        let Some(def) = COMMANDS.iter().find(|c| c.name == sub.get_name()) else {
            continue;
        };
        let mut ids: BTreeSet<String> = BTreeSet::new();
        let mut add = |c: &clap::Command| {
            for a in c.get_arguments() {
                let id = a.get_id().as_str();
                if id != "help" && id != "version" {
                    ids.insert(id.to_string());
                }
            }
        };
        add(sub);
        let mut listed: BTreeSet<String> = def.cli_args().map(String::from).collect();
        if sub.has_subcommands() {
            for s in sub.get_subcommands() {
                add(s);
            }
            // The subcommand itself is one argument of the descriptor.
            let named = ["subcommand", "action"];
            assert!(
                listed.iter().any(|l| named.contains(&l.as_str())),
                "{}: the subcommand is not listed",
                def.name
            );
            listed.retain(|l| !named.contains(&l.as_str()));
        }
        assert_eq!(ids, listed, "{}", def.name);
    }
}

#[test]
fn each_example_reads_as_the_same_request_in_the_repl_and_on_the_command_line() {
    let mut seen = 0;
    for def in COMMANDS {
        for example in def.examples {
            assert_eq!(
                repl_request(example.repl),
                cli_request(example.cli),
                "{}: `{}` and `cubework {}`",
                def.name,
                example.repl,
                example.cli.join(" ")
            );
            seen += 1;
        }
    }
    assert!(seen >= 20, "only {seen} examples");
}

#[test]
fn the_examples_use_every_argument_both_front_ends_know() {
    for def in COMMANDS
        .iter()
        .filter(|c| c.surface == cubework::command::defs::Surface::Both)
    {
        let repl_words: BTreeSet<String> = def
            .examples
            .iter()
            .flat_map(|e| e.repl.split_whitespace().map(str::to_lowercase))
            .collect();
        let cli_ids: BTreeSet<String> = def
            .examples
            .iter()
            .flat_map(|e| cli_ids_given(e.cli))
            .collect();
        for arg in def
            .args
            .iter()
            .filter(|a| a.repl.is_some() && a.cli.is_some())
        {
            let (words, id) = (arg.repl.unwrap(), arg.cli.unwrap().id);
            // A keyword or value word must appear; a placeholder (ALG, N) is a positional.
            for word in words
                .split('|')
                .filter(|w| !w.chars().any(char::is_uppercase))
            {
                assert!(
                    repl_words.contains(word),
                    "{}: no example uses the REPL word `{word}`",
                    def.name
                );
            }
            assert!(
                cli_ids.contains(id) || cli_ids.iter().any(|i| i.starts_with("subcommand")),
                "{}: no example gives --{id}",
                def.name
            );
        }
        assert!(!def.examples.is_empty(), "{} has no example", def.name);
    }
}

#[test]
fn help_lists_exactly_the_repl_descriptors_and_tab_offers_exactly_their_names() {
    let text = help("").unwrap();
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let repl = names_on(Surface::repl);
    assert_eq!(listed, repl);
    let (_, offered) = cubework::cli::repl::completions("", 0, Notation::Standard);
    let names: Vec<&str> = offered
        .iter()
        .map(String::as_str)
        .filter(|w| COMMANDS.iter().any(|c| c.name == *w))
        .collect();
    assert_eq!(names, repl);
    for def in COMMANDS.iter().filter(|c| c.surface.repl()) {
        let one = help(def.name).unwrap();
        assert!(one.starts_with(def.name), "{one}");
        assert!(one.contains(def.summary), "{one}");
        assert!(one.contains(def.details), "{one}");
    }
}

#[test]
fn tab_after_a_command_offers_the_words_of_its_descriptor() {
    for def in COMMANDS.iter().filter(|c| c.surface.repl()) {
        let line = format!("{} ", def.name);
        let (_, offered) = cubework::cli::repl::completions(&line, line.len(), Notation::Standard);
        for word in def.repl_words() {
            assert!(offered.iter().any(|o| o == word), "{}: {word}", def.name);
        }
        assert_eq!(
            offered.iter().any(|o| o == "R'"),
            def.takes_moves,
            "{}: moves offered or not",
            def.name
        );
    }
}

#[test]
fn a_command_word_is_spelled_only_in_its_descriptor() {
    // A match arm on a command's name (`"solve" =>`) in the front door is a second place it
    // is spelled: the parser and the completer find the descriptor and call its reader.
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = [
        "cli/mod.rs",
        "cli/args.rs",
        "cli/commands.rs",
        "cli/batch.rs",
        "cli/repl.rs",
        "base/lines.rs",
        "command/mod.rs",
        "command/parse.rs",
        "command/session.rs",
        "command/algebra.rs",
        "command/solving.rs",
        "command/measure.rs",
        "command/picture.rs",
    ];
    for name in files {
        let mut text = std::fs::read_to_string(src.join(name)).unwrap();
        // The dispatch on the first word (`parse_line`), and the commands' units in each
        // family's file (descriptors and readers); the arguments' own words (`hint size 2`,
        // `pocket solve`, `notation paper`) may be a command's name too.
        let part = match name {
            "command/parse.rs" => Some(("pub fn parse_line(", "\n}\n")),
            n if n.starts_with("command/") && n != "command/mod.rs" => Some(("pub static ", "")),
            _ => None,
        };
        if let Some((head, tail)) = part {
            let start = text.find(head).unwrap();
            let end = match tail {
                "" => text.len(),
                tail => start + text[start..].find(tail).unwrap(),
            };
            text = text[start..end].to_string();
        }
        for def in COMMANDS {
            for spelled in [
                format!("\"{}\" =>", def.name),
                format!("\"{}\" |", def.name),
            ] {
                assert!(
                    !text.contains(&spelled),
                    "{name} dispatches on the word `{}`",
                    def.name
                );
            }
        }
    }
}

/// The `.rs` files under `dir`, a module's tests (`tests.rs`, `*_tests.rs`, a `tests/`
/// folder) left out.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "tests" {
            sources(&path, out);
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(path);
        }
    }
}

/// Whether `text` holds `word` with no identifier character on either side.
fn names(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word)
        .any(|(at, _)| !text[..at].ends_with(ident) && !text[at + word.len()..].starts_with(ident))
}

#[test]
fn each_command_is_one_unit_named_only_in_its_family_file_and_the_list() {
    // A command is one static descriptor (`pub static SOLVE: CommandDef`) in its family's
    // file, beside its reader and its run; the list in `command/defs.rs` names it once more.
    // No other file names it — the command line's subcommands are built from the list —
    // so that adding a command touches its family file and the list.
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let shown = f.strip_prefix(&src).unwrap().display().to_string();
            (shown, std::fs::read_to_string(f).unwrap())
        })
        .collect();
    for def in COMMANDS {
        let unit = def.name.trim_end_matches('?').to_uppercase();
        let declared = format!("pub static {unit}: CommandDef");
        let home: Vec<&str> = texts
            .iter()
            .filter(|(_, text)| text.contains(&declared))
            .map(|(file, _)| file.as_str())
            .collect();
        assert_eq!(home.len(), 1, "`{}` is declared in {home:?}", def.name);
        // The family is the file under `command/`, or the folder of a family in files.
        let family = home[0]
            .trim_start_matches("command/")
            .trim_end_matches(".rs")
            .split('/')
            .next()
            .unwrap();
        let spelled = format!("{family}::{unit}");
        let mut named_in: Vec<&str> = texts
            .iter()
            .filter(|(file, text)| file != home[0] && names(text, &spelled))
            .map(|(file, _)| file.as_str())
            .collect();
        named_in.sort_unstable();
        assert_eq!(
            named_in,
            ["command/defs.rs"],
            "`{}` ({spelled}) is named outside its family file and the list",
            def.name
        );
    }
}

#[test]
fn each_methods_description_is_written_once_and_both_helps_show_it() {
    use cubework::solve::Method;
    let solve = help("solve").unwrap();
    let cli = cli_commands();
    let method = cli
        .find_subcommand("solve")
        .unwrap()
        .get_arguments()
        .find(|a| a.get_id() == "method")
        .unwrap()
        .clone();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    for m in [
        Method::TwoPhase,
        Method::Optimal,
        Method::Bfs,
        Method::Beginner,
    ] {
        assert!(solve.contains(m.about()), "help solve lacks {m}");
        let value = method
            .get_possible_values()
            .into_iter()
            .find(|v| v.get_name() == m.name())
            .unwrap();
        assert_eq!(
            value.get_help().map(|h| h.to_string()).as_deref(),
            Some(m.about())
        );
        // Its words stand in one source file: `Method::about`'s.
        let words: String = m.about().chars().take(30).collect();
        let holding = texts.iter().filter(|t| t.contains(&words)).count();
        assert_eq!(holding, 1, "{m}'s description is written {holding} times");
    }
}

#[test]
fn tab_offers_each_word_of_a_command_and_its_subcommands_once() {
    for def in COMMANDS.iter().filter(|c| c.surface.repl()) {
        let line = format!("{} ", def.name);
        let (_, offered) = cubework::cli::repl::completions(&line, line.len(), Notation::Standard);
        let words: Vec<&String> = offered
            .iter()
            .filter(|w| def.repl_words().contains(&w.as_str()))
            .collect();
        let once: BTreeSet<&String> = words.iter().copied().collect();
        assert_eq!(words.len(), once.len(), "{}: {words:?}", def.name);
    }
    let (_, offered) = cubework::cli::repl::completions("pocket ", 7, Notation::Standard);
    for word in ["table", "solve", "htm", "qtm", "csv", "facelets"] {
        assert!(offered.iter().any(|w| w == word), "pocket: {offered:?}");
    }
}
