//! The workspace the REPL keeps between sessions (`workspace.apl` in the data directory) is a
//! store that loses nothing: values of any size come back, a line that does not run is named
//! and kept, the file is never written with less than it held unless the user asked, and two
//! sessions sharing the file keep each other's work. The REPL calls
//! `Session::keep_workspace` with that file; these tests call it as the REPL does.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use common::{kept_session as session, run};
use std::path::PathBuf;

fn workspace_file(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("workspace.apl")
}

/// A fresh temporary directory (kept while the test holds it) and the workspace file in it.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = workspace_file(&dir);
    (dir, file)
}

#[test]
fn a_big_variable_survives_a_restart_and_so_does_every_function_beside_it() {
    let (_dir, file) = workspace();
    let (mut s, _) = session(&file);
    run(&mut s, "MYFN←{⍵×1000}");
    run(&mut s, "BIG←⍳5000");
    drop(s);
    // The next session loads all of it, and its first change loses nothing.
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    run(&mut s, "OTHER←{⍵}");
    drop(s);
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(run(&mut s, "MYFN 2"), "2000");
    assert_eq!(run(&mut s, "(⍴BIG),+/BIG"), "5000 12502500");
    assert_eq!(run(&mut s, "OTHER 7"), "7");
}

#[test]
fn save_then_load_brings_back_values_of_any_size_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("big.apl");
    let mut s = common::apl_session();
    let lines = [
        "BIG←⍳5000",
        "FRACTIONS←¯0.1×⍳3000",
        "TEXT←4000⍴'it''s '",
        "NESTED←(⍳4500) (2 3⍴'abcdef') (⊂⍳2) ⍬ (0 3⍴0)",
        "HIGH←2 3 4 5 6⍴⍳720",
    ];
    for line in lines {
        run(&mut s, line);
    }
    let same = "(BIG≡⍳5000),(FRACTIONS≡¯0.1×⍳3000),(TEXT≡4000⍴'it''s '),(NESTED≡(⍳4500) (2 3⍴'abcdef') (⊂⍳2) ⍬ (0 3⍴0)),HIGH≡2 3 4 5 6⍴⍳720";
    assert_eq!(run(&mut s, same), "1 1 1 1 1");
    let said = run(&mut s, &format!(")save {}", saved.display()));
    assert!(
        said.starts_with("saved your 0 functions and 5 variables"),
        "{said}"
    );
    run(&mut s, ")clear");
    let said = run(&mut s, &format!(")load {}", saved.display()));
    assert!(said.starts_with("loaded"), "{said}");
    assert_eq!(run(&mut s, same), "1 1 1 1 1");
}

/// A workspace file with a line of every kind that does not run: a syntax error, a value too
/// large (WS FULL), a NUL byte, a system command, and a last line cut short; a comment too.
const DAMAGED: &str = "⍝ cubework workspace\n\
GOOD←{⍵+1}\n\
BAD: (\n\
HUGE←(100000000)⍴0\n\
ZERO←1\u{0}2\n\
⍝ a note of mine\n\
)clear\n\
V←42\n\
LAST←(1 2 3";

#[test]
fn a_line_that_does_not_run_is_named_and_kept_and_the_rest_loads() {
    let (_dir, file) = workspace();
    std::fs::write(&file, DAMAGED).unwrap();
    let (mut s, notes) = session(&file);
    assert_eq!(notes.len(), 1, "{notes:?}");
    let note = &notes[0];
    for said in [
        "5 lines did not run and are kept in it as they were (the rest is loaded)",
        "line 3 (SYNTAX ERROR",
        "line 4 (WS FULL",
        "line 5 (SYNTAX ERROR",
        "line 7 ()clear is a system command",
        "line 9 (SYNTAX ERROR",
    ] {
        assert!(note.contains(said), "{said}: {note}");
    }
    assert_eq!(run(&mut s, "GOOD V"), "43");
    // A change writes the file again: every line it held is still there, as it was.
    run(&mut s, "NEW←7");
    let text = std::fs::read_to_string(&file).unwrap();
    for line in DAMAGED.lines().skip(1) {
        assert!(text.lines().any(|l| l == line), "{line:?} lost:\n{text}");
    }
    assert!(text.contains("NEW←7"), "{text}");
    drop(s);
    // The next session says so again, and still loses nothing.
    let (mut s, notes) = session(&file);
    assert!(notes[0].contains("5 lines did not run"), "{notes:?}");
    assert_eq!(run(&mut s, "GOOD NEW"), "8");
    // Defining or erasing what a kept line names lets it go; so does )clear, for the rest.
    run(&mut s, "BAD: ⍵×2");
    run(&mut s, ")erase LAST");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains("BAD: (") && !text.contains("LAST←(1 2 3"),
        "{text}"
    );
    assert!(
        text.contains("BAD: ⍵×2") && text.contains("ZERO←1\u{0}2"),
        "{text}"
    );
    let said = run(&mut s, ")clear");
    assert!(
        said.ends_with(", and 4 lines the workspace file kept as they were"),
        "{said}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text, "⍝ cubework workspace\n");
}

#[test]
fn a_file_that_cannot_be_read_is_named_and_left_alone() {
    let (_dir, file) = workspace();
    let bytes = b"\xe2\x8d\x9d cubework workspace\nA\xff\xfe\xe2\x86\x901\n";
    std::fs::write(&file, bytes).unwrap();
    let (mut s, notes) = session(&file);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("cannot be read: is not UTF-8 text (byte 25)"),
        "{notes:?}"
    );
    assert!(notes[0].contains("is left as it is"), "{notes:?}");
    run(&mut s, "A←2");
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
}

#[test]
fn two_sessions_sharing_the_data_directory_keep_each_others_work() {
    let (_dir, file) = workspace();
    let (mut one, _) = session(&file);
    run(&mut one, "SHARED←1");
    let (mut two, _) = session(&file);
    run(&mut one, "AAA←{⍵+1}");
    // The second session writes after the first: it keeps AAA, and says another session
    // changed the file.
    let said = two.execute("BBB←{⍵+2}").unwrap();
    let note = said.note.unwrap_or_default();
    assert!(
        note.contains("another session changed the workspace"),
        "{note}"
    );
    assert!(note.contains("its AAA kept"), "{note}");
    // Each session's own changes win for its own names, erasing too.
    run(&mut one, "CCC←3");
    run(&mut two, ")erase SHARED");
    run(&mut one, "AAA←{⍵+10}");
    let (mut three, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(run(&mut three, "(AAA 1),(BBB 1),CCC"), "11 3 3");
    assert!(three.execute("SHARED").is_err());
    // The first session never saw SHARED erased, and changing nothing of it keeps it erased.
    run(&mut one, "DDD←4");
    let (mut four, _) = session(&file);
    assert!(four.execute("SHARED").is_err());
    assert_eq!(run(&mut four, "(BBB 0),DDD"), "2 4");
}

#[test]
fn vars_lists_no_index_origin_and_save_and_clear_do_not_count_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = common::apl_session();
    assert_eq!(run(&mut s, ")vars"), "CUBE", "a fresh session has its cube");
    run(&mut s, "⎕IO←0");
    run(&mut s, "A←1");
    assert_eq!(run(&mut s, ")vars"), "A CUBE");
    let said = run(
        &mut s,
        &format!(")save {}", dir.path().join("ws.apl").display()),
    );
    assert!(
        said.starts_with("saved your 0 functions and 1 variable to"),
        "{said}"
    );
    // ⎕IO is saved with the variables all the same.
    let text = std::fs::read_to_string(dir.path().join("ws.apl")).unwrap();
    assert!(text.contains("⎕IO←0"), "{text}");
    let said = run(&mut s, ")clear");
    assert!(
        said.starts_with("clear ws: 0 functions, 1 variable and"),
        "{said}"
    );
}

#[cfg(unix)]
#[test]
fn a_workspace_file_that_is_a_symbolic_link_is_read_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("mine.apl");
    let file = workspace_file(&dir);
    std::fs::write(&target, "⍝ cubework workspace\nA←5\n").unwrap();
    std::os::unix::fs::symlink(&target, &file).unwrap();
    let (mut s, notes) = session(&file);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains(
            "is a symbolic link: read, but this session's changes are not written through it"
        ),
        "{notes:?}"
    );
    assert_eq!(run(&mut s, "A"), "5");
    run(&mut s, "MORE←6");
    assert!(
        std::fs::symlink_metadata(&file)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "⍝ cubework workspace\nA←5\n"
    );
}

#[test]
fn after_a_failed_write_every_later_change_tries_again_and_reaches_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let parent = dir.path().join("data");
    let file = parent.join("workspace.apl");
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    // The file's directory cannot be made: a file stands where it would be.
    std::fs::write(&parent, "not a directory").unwrap();
    let note = s.execute("A←1").unwrap().note.unwrap_or_default();
    assert!(
        note.contains("not written to") && note.contains("yet") && note.contains("tries again"),
        "{note}"
    );
    // Said once for the run of failures, not at every line.
    assert_eq!(s.execute("G←2").unwrap().note, None);
    // Put right: the next change is written, with all that came before it, and said so.
    std::fs::remove_file(&parent).unwrap();
    let note = s.execute("K←3").unwrap().note.unwrap_or_default();
    assert!(note.contains("kept in") && note.contains("again"), "{note}");
    let text = std::fs::read_to_string(&file).unwrap();
    for kept in ["A←1", "G←2", "K←3"] {
        assert!(text.contains(kept), "{kept} in {text}");
    }
    assert_eq!(s.execute("W←4").unwrap().note, None);
    assert!(std::fs::read_to_string(&file).unwrap().contains("W←4"));
}

#[test]
fn a_kept_workspace_that_defines_a_paper_function_again_says_so_when_it_is_brought_back() {
    let (_dir, file) = workspace();
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    run(&mut s, "R←{⍵}");
    drop(s);
    let (mut s, notes) = session(&file);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("defines R of the paper's (vector representation) again")
            && notes[0].contains("until )erase NAME or )clear"),
        "{notes:?}"
    );
    // It is the user's R that runs, until it is erased.
    let before = run(&mut s, "CUBE");
    run(&mut s, "CUBE←R CUBE");
    assert_eq!(run(&mut s, "CUBE"), before);
    run(&mut s, ")erase R");
    run(&mut s, "CUBE←R CUBE");
    assert_ne!(run(&mut s, "CUBE"), before);
    drop(s);
    let (_s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
}

#[cfg(unix)]
#[test]
fn a_session_that_ends_while_its_workspace_is_not_written_says_so_naming_the_file() {
    let Some(data) = common::terminal_dir("kept-end") else {
        return;
    };
    let file = data.join("workspace.apl");
    let mut terminal = common::on_terminal(&["apl"], None, &data, false);
    let wait_for = |terminal: &common::OnTerminal, what: &dyn Fn(&str) -> bool| {
        let give_up = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !what(&terminal.text()) && std::time::Instant::now() < give_up {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    };
    use std::io::Write;
    terminal.master.write_all(b"A\xe2\x86\x901\r").unwrap();
    // The first change is written; then the file's directory goes, a file in its place.
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !std::fs::read_to_string(&file).is_ok_and(|t| t.contains("A←1"))
        && std::time::Instant::now() < give_up
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let moved = data.with_extension("moved");
    std::fs::rename(&*data, &moved).unwrap();
    std::fs::write(&*data, "not a directory").unwrap();
    terminal.master.write_all(b"V\xe2\x86\x902\r").unwrap();
    wait_for(&terminal, &|t| t.contains("tries again"));
    terminal.master.write_all(b"\x04").unwrap();
    let (text, code) = terminal.finish(std::time::Duration::from_secs(30));
    std::fs::remove_file(&*data).unwrap();
    std::fs::rename(&moved, &*data).unwrap();
    assert_eq!(code, Some(0), "{text}");
    let end = text
        .lines()
        .find(|l| l.contains("is not kept in"))
        .unwrap_or_else(|| panic!("no note at the end: {text}"));
    assert!(
        end.starts_with("note: ")
            && end.contains(&file.display().to_string())
            && end.contains("since its last good write is lost"),
        "{end}"
    );
    // What was written before stays.
    assert!(std::fs::read_to_string(&file).unwrap().contains("A←1"));
}

/// A traditional function with control structures comes back from the kept workspace and
/// from `)save`/`)load` as its text was, indentation and comments too, and runs as it did;
/// one typed a line at a time is kept as typed (each line as the REPL reads it: trimmed).
#[test]
fn a_function_with_control_structures_comes_back_as_it_was_written() {
    let (dir, file) = workspace();
    let collatz = "\
∇Z←COLLATZ N
Z←0
:While N≠1 ⍝ until it reaches 1
    :If 0=2|N
        N←N÷2
    :Else
        N←1+3×N
    :EndIf
    Z+←1
:EndWhile
∇";
    std::fs::write(&file, format!("⍝ cubework workspace\n{collatz}\n")).unwrap();
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(run(&mut s, "COLLATZ¨1 6 27"), "0 8 111");
    let typed = [
        "∇Z←HALF N",
        ":If 0=2|N",
        "Z←N÷2",
        ":Else",
        "Z←N",
        ":EndIf",
        "∇",
    ];
    for line in typed {
        run(&mut s, line);
    }
    drop(s);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(collatz), "{text}");
    assert!(text.contains(&typed.join("\n")), "{text}");
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(run(&mut s, "HALF¨COLLATZ¨6 27"), "4 111");
    let saved = dir.path().join("saved.apl");
    run(&mut s, &format!(")save {}", saved.display()));
    assert!(std::fs::read_to_string(&saved).unwrap().contains(collatz));
    run(&mut s, ")clear");
    run(&mut s, &format!(")load {}", saved.display()));
    assert_eq!(run(&mut s, "COLLATZ 27"), "111");
}

#[test]
fn an_empty_character_vector_is_kept_as_quotes_and_comes_back_as_characters() {
    let (_dir, file) = workspace();
    let (mut s, _) = session(&file);
    run(&mut s, "e←''");
    run(&mut s, "z←⍬");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.lines().any(|l| l == "e←''"), "{text}");
    assert!(text.lines().any(|l| l == "z←((0)⍴0)"), "{text}");
    drop(s);
    let (mut s, notes) = session(&file);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(run(&mut s, "(e≡''),(z≡⍬),e≡⍬"), "1 1 0");
    assert_eq!(run(&mut s, "(5↑e),'|'"), "     |");
}

#[test]
fn a_name_another_session_erased_is_said_to_be_erased_and_said_once() {
    let (_dir, file) = workspace();
    let (mut one, _) = session(&file);
    run(&mut one, "myfn←{⍵×2}");
    let (mut two, _) = session(&file);
    run(&mut two, ")erase myfn");
    run(&mut two, "fromB←2");
    let note = one.execute("w←2").unwrap().note.unwrap_or_default();
    assert!(
        note.contains("it erased myfn: no longer in the file, though this session still has it"),
        "{note}"
    );
    assert!(note.contains("its fromB kept"), "{note}");
    assert!(!note.contains("its myfn kept"), "{note}");
    // Said once: a later change, with nothing new from the other session, says nothing.
    assert_eq!(one.execute("w←3").unwrap().note, None);
    assert_eq!(one.execute("v←4").unwrap().note, None);
    // Defining it again keeps it in the file once more.
    run(&mut one, "myfn←{⍵×3}");
    let (mut three, _) = session(&file);
    assert_eq!(run(&mut three, "(myfn 2),fromB,w,v"), "6 2 3 4");
}

#[test]
fn a_system_command_line_in_the_workspace_file_is_said_to_be_one_and_kept() {
    let (_dir, file) = workspace();
    std::fs::write(&file, "⍝ cubework workspace\nV←1\n)copy /etc/passwd\n").unwrap();
    let (mut s, notes) = session(&file);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("line 3 ()copy is a system command, not read here)"),
        "{notes:?}"
    );
    run(&mut s, "W←2");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(")copy /etc/passwd"), "{text}");
}

#[test]
fn off_with_a_traditional_function_open_closes_and_keeps_it_and_leaves_no_numbered_prompt() {
    let (_dir, file) = workspace();
    let (mut s, _) = session(&file);
    run(&mut s, "∇ R←G X");
    run(&mut s, "R←X+1");
    assert_eq!(s.prompt(), "[2] ");
    let reply = s.execute(")off").unwrap();
    assert_eq!(reply.text, "moves");
    let note = reply.note.unwrap_or_default();
    assert!(
        note.contains("∇ R←G X was not closed with ∇ before )off: it is closed there"),
        "{note}"
    );
    assert!(!s.prompt().contains('['), "{}", s.prompt());
    drop(s);
    let (mut s, _) = session(&file);
    assert_eq!(run(&mut s, "G 1"), "2");
}

#[test]
fn the_end_of_input_with_a_traditional_function_open_keeps_it_or_its_text() {
    let (_dir, file) = workspace();
    let (mut s, _) = session(&file);
    run(&mut s, "∇ R←DOUBLE X");
    run(&mut s, "R←X×2");
    let reply = s.close_open_definition().unwrap().unwrap();
    assert!(
        reply
            .note
            .unwrap_or_default()
            .contains("it is closed there")
    );
    run(&mut s, "∇ R←H X");
    run(&mut s, ":If X");
    run(&mut s, "R←1");
    let e = s.close_open_definition().unwrap().unwrap_err().to_string();
    assert!(
        e.contains("does not close: its text is kept with the workspace"),
        "{e}"
    );
    drop(s);
    let (mut s, notes) = session(&file);
    assert_eq!(run(&mut s, "DOUBLE 4"), "8");
    assert!(
        notes.iter().any(|n| n.contains("1 line did not run")),
        "{notes:?}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("∇ R←H X\n:If X\nR←1\n∇"), "{text}");
}
