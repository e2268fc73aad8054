//! A tester's findings in APL mode, each driven through the front end where it was found:
//! the REPL piped and the one-shot `cubework apl`. Lines read from a file are echoed with
//! their control characters escaped; a line of 1 MiB is read in linear time; `)copy` of a
//! file with a bad line says what it copied and names the line it passed over; `)save`'s
//! count reads as English.
// The end-to-end tests drive the binary: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use common::{cubework, fresh_dir, outcome, session_with};

/// The binary with a data directory of its own (the REPL keeps its workspace there).
fn repl(dir: &common::OwnDir) -> assert_cmd::Command {
    let mut cmd = cubework();
    let path: &std::path::Path = dir.as_ref();
    cmd.env("CUBEWORK_DATA_DIR", path).current_dir(path);
    cmd
}

/// A workspace file whose third line clears the screen and retitles the terminal.
const EVIL: &str = "⍝ cubework workspace\nf←{⍵}\n\u{1b}[2J\u{1b}]0;PWNED\u{7} bad line\n";

/// No raw ESC or BEL, and the escaped line with the caret under its first character.
fn assert_escaped(text: &str) {
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("\\u{1b}[2J"))
        .unwrap_or_else(|| panic!("no escaped line in {text:?}"));
    assert_eq!(lines[at], "      \\u{1b}[2J\\u{1b}]0;PWNED\\u{7} bad line");
    assert_eq!(
        lines[at + 1],
        "      ^",
        "the caret under the ESC: {text:?}"
    );
}

#[test]
fn a_workspace_line_with_terminal_escapes_is_echoed_escaped_by_load_copy_and_apl_dash_f() {
    let dir = fresh_dir("evil-apl");
    std::fs::write(
        AsRef::<std::path::Path>::as_ref(&dir).join("evil.apl"),
        EVIL,
    )
    .unwrap();
    let (out, err, _) = session_with(repl(&dir), "apl\n)load evil.apl\n");
    assert_escaped(&format!("{out}{err}"));
    let (out, err, _) = session_with(repl(&dir), "apl\n)copy evil.apl\n");
    assert_escaped(&format!("{out}{err}"));
    let (out, err, code) = outcome(
        repl(&dir)
            .args(["apl", "-f", "evil.apl", "1+1"])
            .output()
            .unwrap(),
    );
    assert_escaped(&format!("{out}{err}"));
    assert_ne!(code, Some(0), "{out}{err}");
}

#[test]
fn an_apl_string_or_comment_line_of_a_mebibyte_is_read_and_counted() {
    let dir = fresh_dir("long-apl");
    let letters = "a".repeat(1_048_000);
    let input = format!("apl\n≢'{letters}'\n1 ⍝ {letters}\n");
    let (out, err, code) = session_with(repl(&dir), &input);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    assert!(lines.contains(&"1048000"), "{out}");
    assert_eq!(lines.last(), Some(&"1"), "{out}");
}

#[test]
fn copy_of_a_file_with_a_bad_line_copies_the_rest_says_what_and_notes_the_line_passed_over() {
    let dir = fresh_dir("half-apl");
    std::fs::write(
        AsRef::<std::path::Path>::as_ref(&dir).join("half.apl"),
        "⍝ cubework workspace\nf←{⍵+1}\ng←{⍵+\n",
    )
    .unwrap();
    let (out, err, code) = session_with(repl(&dir), "apl\n)copy half.apl\nf 1\n");
    assert_eq!(code, Some(0), "the copy happened: {out}{err}");
    assert!(out.contains("copied from half.apl: f\n"), "{out}");
    assert!(!out.contains("nothing"), "{out}");
    assert!(
        err.contains(
            "note: one line of the file did not run and was passed over: line 3: SYNTAX ERROR"
        ),
        "{err}"
    );
    assert!(out.lines().any(|l| l.trim() == "2"), "f was copied: {out}");
}

#[test]
fn save_counts_functions_and_variables_in_plain_english() {
    let dir = fresh_dir("save-apl");
    let (out, err, code) = session_with(
        repl(&dir),
        "apl\nmyfn←{⍵}\nKEEPA←1\nKEEPB←2\n)save mine.apl\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("saved your 1 function and 2 variables to mine.apl"),
        "{out}"
    );
}

#[test]
fn dyadic_at_with_a_function_runs_from_the_command_line_as_in_dyalog() {
    let dir = fresh_dir("at-apl");
    let (out, err, code) = outcome(repl(&dir).args(["apl", "10×@(2∘|)⍳6"]).output().unwrap());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "10 2 30 4 50 6");
}
