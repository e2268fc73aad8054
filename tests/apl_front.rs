//! The paper's APL in the REPL and on the command line: its lines run verbatim on the
//! session's cube and give the states the Rust moves give.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

use common::run;
use cubework::command::Session;
use cubework::rep::RepKind;

/// A session in APL that keeps its workspace in `file`, and has nothing to say about it.
fn kept_quietly(file: &std::path::Path) -> Session {
    let (s, notes) = common::kept_session(file);
    assert!(notes.is_empty(), "{notes:?}");
    s
}

/// A temporary directory, and the path of a workspace file in it (there while it is).
fn workspace_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("workspace.apl");
    (dir, file)
}

/// The note of the reply to `line` (empty if it has none).
fn note(s: &mut Session, line: &str) -> String {
    s.execute(line).unwrap().note.unwrap_or_default()
}

/// Runs each line of `lines` in `s` in turn, as typed; each must succeed.
fn run_lines(s: &mut Session, lines: &str) {
    for line in lines.lines() {
        run(s, line);
    }
}

/// The session's cube is the one the paper's moves `moves` make from solved, run as Rust moves.
fn assert_cube_after_paper(s: &Session, moves: &str) {
    let mut rust = Session::new(false);
    run(&mut rust, "notation paper");
    run(&mut rust, moves);
    assert_eq!(s.cube(), rust.cube(), "{moves}");
}

#[test]
fn the_papers_lines_run_verbatim_in_every_representation_and_agree_with_the_rust_moves() {
    for kind in RepKind::ALL {
        let (mut apl, mut rust) = pair(kind, &["notation paper"]);
        assert!(apl.in_apl());
        assert_eq!(apl.prompt(), "      ");
        run(&mut apl, "CUBE←R CUBE");
        run(&mut rust, "R");
        run(&mut apl, "CUBE←B F L R CUBE");
        run(&mut rust, "R L F B");
        assert_eq!(apl.cube(), rust.cube(), "{}", kind.name());
        let shape = run(&mut apl, "⍴CUBE");
        assert!(!shape.is_empty(), "{}", kind.name());
        run(&mut apl, ")off");
        assert!(!apl.in_apl());
        // Each line that changed CUBE is one change: undo takes both back.
        run(&mut apl, "undo 2");
        assert!(apl.cube().is_solved(), "{}", kind.name());
    }
}

#[test]
fn an_array_that_is_no_state_changes_nothing_and_says_why() {
    let mut s = Session::new(false);
    run_lines(&mut s, "R\napl");
    let before = common::cube_after(3, "R");
    let e = s.execute("CUBE←3").unwrap_err().to_string();
    assert!(
        e.contains("not a vector state") && e.contains("shape"),
        "{e}"
    );
    let e = s.execute("1 2+1 2 3").unwrap_err().to_string();
    assert!(e.starts_with("LENGTH ERROR"), "{e}");
    assert_eq!(s.cube(), before);
    // A function of one's own, and the workspace's commands.
    run(&mut s, "T: ⍵[9+⍳9],⍵[⍳9],⍵[18↓⍳54]");
    assert!(run(&mut s, ")fns").split(' ').any(|f| f == "T"));
    run(&mut s, ")erase T");
    assert!(!run(&mut s, ")fns").split(' ').any(|f| f == "T"));
    // Compiled: a permutation, the move it is, its order.
    run(&mut s, "T: R R ⍵");
    let c = run(&mut s, ")compile T");
    assert!(c.contains("order 2"), "{c}");
    let c = run(&mut s, ")compile R");
    assert!(c.contains("order 4") && c.contains("the move R"), "{c}");
    // Glyphs by name.
    assert_eq!(run(&mut s, r"\rho CUBE"), "54");
}

#[test]
fn the_command_line_evaluates_a_line_and_shows_the_cube_after_it() {
    let out = common::cubework()
        .args([
            "apl",
            "--rep",
            "numeric",
            "--show",
            "facelets",
            "CUBE←R CUBE ⋄ ⍴CUBE",
        ])
        .output()
        .unwrap();
    common::assert_success(&out, "");
    let text = String::from_utf8(out.stdout).unwrap();
    let apply = common::cubework()
        .args(["apply", "--show", "facelets", "--notation", "paper", "R"])
        .output()
        .unwrap();
    let want = String::from_utf8(apply.stdout).unwrap();
    assert_eq!(text, format!("3 3 3\n{want}"));
    common::cubework()
        .args(["apl", "1 2+1 2 3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("LENGTH ERROR"));
}

#[test]
fn a_compiled_function_of_ones_own_reports_its_cycles_and_turns_the_cube_as_interpreted() {
    let mut s = Session::new(false);
    let cycles = run(&mut s, "cycles R2 U");
    run(&mut s, "apl");
    // Right to left: R twice, then U.
    run(&mut s, "T: U R R ⍵");
    let c = run(&mut s, ")compile T");
    // The same cycles as `cycles` finds; the stickers numbered as the message says, by the
    // cells of vector (the paper's faces U D B F L R), where `cycles` numbers them as the tuple
    // notes do.
    let summary = cycles.lines().nth(1).unwrap();
    assert!(c.contains(summary), "{c}\nwants\n{summary}");
    common::assert_has(
        &c,
        "numbered as the cells of vector (faces U D B F L R, 1 to 54)",
    );
    let r = run(&mut s, ")compile R");
    // R: up's right column (cells 3 6 9) from the front's (30 33 36), the front's from down's
    // (12 15 18), down's from the back's left column seen from behind (25 22 19).
    assert!(r.contains("(3 30 12 25)(6 33 15 22)(9 36 18 19)"), "{r}");
    assert!(c.contains("runs compiled on arrays of shape 54"), "{c}");
    run(&mut s, "CUBE←T T CUBE");
    let compiled = s.cube();
    run(&mut s, ")off");
    run(&mut s, "undo");
    // Redefined (the same moves), it is interpreted again, and turns the cube alike.
    run_lines(&mut s, "apl\nT: U R R ⍵\nCUBE←T T CUBE");
    assert_eq!(s.cube(), compiled);
    run_lines(&mut s, ")off\nundo\nR2 U R2 U");
    assert_eq!(s.cube(), compiled);
}

#[test]
fn a_representation_of_ones_own_is_defined_saved_loaded_and_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.apl");
    let mut s = common::apl_session();
    assert!(run(&mut s, ")rep").starts_with("no representations"));
    run(&mut s, "PAD: 6 10↑6 9⍴⍵");
    let said = run(&mut s, ")rep pad PAD");
    common::assert_starts(&said, "pad (user): 6×10 array of 60 cells");
    let e = s.execute(")rep bad ⍵").unwrap_err().to_string();
    assert!(e.contains("not a defined function"), "{e}");
    run(&mut s, "DROP: 1↓⍵");
    let e = s.execute(")rep bad DROP").unwrap_err().to_string();
    assert!(e.contains("leaves out sticker 1"), "{e}");
    run(&mut s, &format!(")save {}", file.display()));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.lines().any(|l| l == ")rep pad PAD"), "{saved}");
    // A new session loads it: the definitions, and the representation.
    let mut t = common::apl_session();
    let loaded = run(&mut t, &format!(")load {}", file.display()));
    assert!(loaded.contains("pad (user)"), "{loaded}");
    assert!(run(&mut t, ")rep").starts_with("pad (user)"));
}

#[test]
fn compare_measures_ones_own_from_a_file_and_ranks_the_seven_in_apl() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.apl");
    std::fs::write(&file, "⍝ the faces as a matrix\nMAT: 6 9⍴⍵\n)rep mat MAT\n").unwrap();
    let out = common::cubework()
        .args([
            "compare",
            "--apl",
            "--turns",
            "60",
            "--format",
            "csv",
            "--apl-file",
        ])
        .arg(&file)
        .output()
        .unwrap();
    common::assert_success(&out, "");
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (apl, rank) = (col("ns_apl"), col("APL speed rank"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let seven = &rows[..7];
    let ranks: Vec<u8> = seven.iter().map(|r| r[rank].parse().unwrap()).collect();
    assert!(
        cubework::compare::ranking::are_spread_ranks(&ranks),
        "{ranks:?}"
    );
    assert!(seven.iter().all(|r| r[apl].parse::<f64>().unwrap() > 0.0));
    let mine = rows
        .iter()
        .find(|r| r[0] == "mat (user)")
        .expect("the user's row");
    assert!(mine[apl].parse::<f64>().unwrap() > 0.0 && mine[rank].is_empty());
    // The APL column is the 3×3×3's; a bad file is refused naming its line.
    common::cubework()
        .args(["compare", "--apl", "--size", "4"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("3×3×3"));
    std::fs::write(&file, "MAT: 6 9⍴⍵\n)rep mat NOPE\n").unwrap();
    common::cubework()
        .args(["compare", "--apl-file"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "line 2: NOPE is not a defined function",
        ));
}

#[test]
fn the_users_functions_variables_and_compiled_functions_survive_rep_size_and_leaving_apl() {
    // Issue: `MINE: R ⍵` under vector, `rep numeric`, `apl`, `)off`, `rep vector`, `apl`,
    // `MINE CUBE` gave VALUE ERROR: the workspace was the representation's, not the session's.
    let mut s = common::apl_session();
    run_lines(
        &mut s,
        "MINE: R ⍵\nSWAP: ⌽⍵\nV←2 3⍴⍳6\n)compile MINE\n)off\nrep numeric\napl",
    );
    // Under numeric, MINE calls numeric's R: it turns numeric's array.
    assert_eq!(run(&mut s, "⍴MINE CUBE"), "3 3 3");
    assert_eq!(run(&mut s, "V"), "1 2 3\n4 5 6");
    run_lines(
        &mut s,
        ")off\nsize 4\nsize 3\nrep vector\napl\nCUBE←MINE CUBE\n)off",
    );
    assert_cube_after_paper(&s, "R");
    run(&mut s, "apl");
    assert_eq!(run(&mut s, "SWAP 1 2 3"), "3 2 1");
    // )clear forgets the user's part, and only that.
    let said = run(&mut s, ")clear");
    common::assert_starts(&said, "clear ws: 2 functions, 1 variable and");
    assert!(s.execute("MINE CUBE").is_err());
    assert!(s.execute("V").is_err());
    assert_eq!(run(&mut s, "⍴R CUBE"), "54");
}

#[test]
fn a_kept_workspace_is_there_in_the_next_session_with_its_values_exact() {
    let (_dir, file) = workspace_file();
    {
        let mut s = kept_quietly(&file);
        run_lines(
            &mut s,
            "MINE: R ⍵\nTHIRD←÷3\nN←1 'a' (2 2⍴'abcd') (⊂⍳3)\n)off\nrep numeric",
        );
        run(&mut s, "apl TWICE: MINE MINE ⍵");
    }
    let mut s = kept_quietly(&file);
    assert_eq!(run(&mut s, "THIRD=÷3"), "1");
    assert_eq!(run(&mut s, "N≡1 'a' (2 2⍴'abcd') (⊂⍳3)"), "1");
    run(&mut s, "CUBE←TWICE CUBE");
    assert_cube_after_paper(&s, "R R");
    // Erased and cleared: gone in the next session too.
    run(&mut s, ")erase THIRD");
    let (mut t, _) = common::kept_session(&file);
    assert!(t.execute("THIRD").is_err());
    assert_eq!(run(&mut t, "⍴N"), "4");
    run(&mut t, ")clear");
    let (mut u, _) = common::kept_session(&file);
    assert!(u.execute("MINE 1").is_err());
    // A line that does not run is named, and the file left as it is.
    std::fs::write(&file, "MINE: (\n").unwrap();
    let mut v = Session::new(false);
    let notes = v.keep_workspace(file.clone());
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("line 1 (SYNTAX ERROR"), "{notes:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "MINE: (\n");
}

#[test]
fn copy_brings_in_only_the_names_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.apl");
    let mut s = common::apl_session();
    run_lines(&mut s, "A1: ⍵+1\nA2: ⍵+2\nW←7");
    run(&mut s, &format!(")save {}", file.display()));
    let mut t = common::apl_session();
    run(&mut t, &format!(")copy {} A2 W", file.display()));
    assert_eq!(run(&mut t, "A2 W"), "9");
    assert!(t.execute("A1 1").is_err());
    let e = t
        .execute(&format!(")copy {} NOPE", file.display()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not in the file: NOPE"), "{e}");
    run(&mut t, &format!(")copy {}", file.display()));
    assert_eq!(run(&mut t, "A1 1"), "2");
}

#[test]
fn copy_of_a_good_name_is_not_refused_for_a_bad_line_elsewhere_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ws4.apl");
    std::fs::write(&file, "GOOD←{⍵+1}\nBAD←{\nALSO←{⍵+2}\n").unwrap();
    let mut t = common::apl_session();
    let said = t
        .execute(&format!(")copy {} GOOD", file.display()))
        .unwrap();
    assert_eq!(said.text, format!("copied from {}: GOOD", file.display()));
    let note = said.note.unwrap_or_default();
    assert!(
        note.starts_with(
            "one line of the file did not run and was passed over: line 2: SYNTAX ERROR"
        ),
        "{note}"
    );
    assert_eq!(run(&mut t, "GOOD 1"), "2");
    assert!(t.execute("ALSO 1").is_err(), "only the name asked for");
    let e = t
        .execute(&format!(")copy {} BAD", file.display()))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("not in the file: BAD (of its lines these did not run: line 2: SYNTAX ERROR"),
        "{e}"
    );
    // )load stays all or nothing: the file's names do not come in.
    assert!(t.execute(&format!(")load {}", file.display())).is_err());
    assert!(t.execute("ALSO 1").is_err());
}

#[test]
fn a_traditional_function_is_typed_a_line_at_a_time_with_numbered_prompts() {
    let mut s = common::apl_session();
    run(&mut s, "∇Z←TWICE X");
    assert_eq!(s.prompt(), "[1] ");
    run(&mut s, "Z←R R X");
    assert_eq!(s.prompt(), "[2] ");
    run(&mut s, "∇");
    assert_eq!(s.prompt(), "      ");
    run(&mut s, "CUBE←TWICE CUBE");
    run(&mut s, ")off");
    assert_cube_after_paper(&s, "R R");
}

#[test]
fn backtick_keys_type_glyphs_as_in_dyalog_and_help_apl_shows_them() {
    let mut s = common::apl_session();
    assert_eq!(run(&mut s, "`r`i 6"), "6");
    assert_eq!(run(&mut s, "\\rho\\iota 6"), "6");
    run(&mut s, ")off");
    let help = run(&mut s, "help apl");
    assert!(help.contains("`r") && help.contains('⍴'), "{help}");
}

/// A session with representation `M69` (`)rep M69 ENC`, the faces as a 6×9 matrix) defined
/// and APL left, and one in the vector representation to compare with.
fn with_m69(extra: &[&str]) -> (Session, Session) {
    let mut s = common::apl_session();
    run(&mut s, "ENC: 6 9⍴⍵");
    for line in extra {
        run(&mut s, line);
    }
    run(&mut s, ")rep M69 ENC");
    run(&mut s, ")off");
    (s, Session::new(false))
}

/// The vector's 54 letters as a 6×9 matrix, as APL shows it.
fn six_by_nine(vector: &str) -> String {
    let letters: Vec<char> = vector.chars().collect();
    letters
        .chunks(9)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_representation_of_ones_own_is_switched_to_turned_shown_listed_and_left_like_the_seven() {
    let (mut s, mut vector) = with_m69(&[]);
    let shown = run(&mut s, "rep M69");
    assert_eq!(shown, six_by_nine(&run(&mut vector, "show")));
    assert_eq!(s.prompt(), "M69> ");
    assert_eq!(run(&mut s, "rep"), "representation: M69");
    // Moves turn it by its compiled moves, and the state stays exact: standard and wide
    // turns, rotations, slices.
    for line in ["R U", "Rw' x M2", "F2 y' D"] {
        let mine = run(&mut s, line);
        let theirs = run(&mut vector, line);
        assert_eq!(s.cube(), vector.cube(), "{line}");
        assert_eq!(mine, six_by_nine(&theirs), "{line}");
    }
    // Undo and redo go through it too; a size it does not hold is refused in one line,
    // changing nothing.
    run(&mut s, "undo");
    run(&mut vector, "undo");
    assert_eq!(s.cube(), vector.cube());
    let e = s.execute("size 4").unwrap_err().to_string();
    assert!(
        e.starts_with("the M69 representation holds only 3×3×3 cubes, not the 4×4×4")
            && !e.contains('\n'),
        "{e}"
    );
    assert_eq!(s.cube(), vector.cube());
    assert_eq!(s.rep_name(), "M69");
    // Shown and listed from any representation.
    run(&mut s, "rep vector");
    assert_eq!(s.cube(), vector.cube());
    assert_eq!(s.rep_name(), "vector");
    assert_eq!(
        run(&mut s, "show M69"),
        six_by_nine(&run(&mut vector, "show"))
    );
    assert!(run(&mut s, "show all").contains("── M69 (yours) ──"));
    let reps = run(&mut s, "reps");
    let row = reps
        .lines()
        .find(|l| l.contains("M69"))
        .unwrap_or_else(|| panic!("{reps}"));
    assert!(
        row.contains("(yours: M69 ENC)") && row.contains("6×9") && row.contains("24/24"),
        "{row}"
    );
    // Unknown names are refused in one line, naming the user's beside the seven.
    let e = s.execute("rep M70").unwrap_err().to_string();
    assert!(e.contains("vector 4d nested, or of your own: M69"), "{e}");
    for line in ["rep M70", "show M70"] {
        let e = s.execute(line).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        assert!(e.contains("your own: M69"), "{e}");
    }
    assert_eq!(s.rep_name(), "vector");
}

#[test]
fn apl_under_a_representation_of_ones_own_binds_its_array_and_follows_its_redefinition() {
    let (mut s, mut vector) = with_m69(&["DEC: ,⍵"]);
    run_lines(&mut s, "apl\n)rep M69 ENC DEC\n)off\nrep M69");
    let said = run(&mut s, "apl");
    assert!(said.contains("CUBE is the M69 array (6×9"), "{said}");
    assert_eq!(run(&mut s, "⍴CUBE"), "6 9");
    // The vector's paper moves, by conjugation, turn it: one change.
    run(&mut s, "CUBE←ENC R DEC CUBE");
    run(&mut vector, "notation paper");
    run(&mut vector, "R");
    assert_eq!(s.cube(), vector.cube());
    let e = s.execute("CUBE←,CUBE").unwrap_err().to_string();
    common::assert_starts(&e, "CUBE is not a M69 state: a M69 state has shape [6, 9]");
    assert_eq!(s.cube(), vector.cube());
    // Redefined, the session follows; forgotten, it goes back to the vector.
    run(&mut s, "ENC2: ⊖6 9⍴⍵");
    let said = note(&mut s, ")rep M69 ENC2");
    assert!(said.contains("shown in M69 as defined now"), "{said:?}");
    let rows = six_by_nine(&run(&mut vector, "show"));
    let upside_down: Vec<&str> = rows.lines().rev().collect();
    assert_eq!(run(&mut s, "CUBE"), upside_down.join("\n"));
    assert_eq!(s.cube(), vector.cube());
    let said = note(&mut s, ")clear");
    assert!(said.contains("M69 is no more"), "{said:?}");
    assert_eq!(s.rep_name(), "vector");
    assert_eq!(s.cube(), vector.cube());
}

#[test]
fn the_rep_view_draws_a_representation_of_ones_own_and_a_kept_workspace_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("m69.svg");
    let (mut s, _) = with_m69(&[]);
    run(&mut s, "rep M69");
    let wrote = run(&mut s, &format!("draw {} rep", svg.display()));
    assert!(wrote.contains("the M69 representation (yours)"), "{wrote}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("M69 (yours): a 6×9 array"), "{text}");
    let e = s
        .execute(&format!("draw {} rep only corners", svg.display()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not on rep"), "{e}");
    // The workspace file re-creates it in the next session.
    let file = dir.path().join("workspace.apl");
    {
        let mut s = kept_quietly(&file);
        run(&mut s, "ENC: 6 9⍴⍵");
        run(&mut s, ")rep M69 ENC");
    }
    let mut t = Session::new(false);
    assert!(t.keep_workspace(file).is_empty());
    run(&mut t, "R");
    let shown = run(&mut t, "rep M69");
    assert_eq!(shown.lines().count(), 6, "{shown}");
    assert_eq!(t.rep_name(), "M69");
}

/// The paper's move letters `kind` defines, each followed by its inverse (as INVERSE's left
/// argument wants them): `'LL̄CC̄…'`.
fn paired_letters(kind: RepKind) -> String {
    kind.defined_moves()
        .into_iter()
        .map(|t| cubework::apl::paper::move_name(t.paper_letter(3).unwrap(), t.inverse))
        .collect()
}

/// Two sessions in `kind`'s representation, each after `lines`, the first then in APL.
fn pair(kind: RepKind, lines: &[&str]) -> (Session, Session) {
    let mut apl = Session::new(false);
    let mut rust = Session::new(false);
    for s in [&mut apl, &mut rust] {
        run(s, &format!("rep {}", kind.name()));
        for line in lines {
            run(s, line);
        }
    }
    run(&mut apl, "apl");
    (apl, rust)
}

/// Sessions in `kind`'s representation and the paper's notation, scrambled alike.
fn scrambled_pair(kind: RepKind) -> (Session, Session) {
    pair(kind, &["notation paper", "scramble seed 32"])
}

/// The paper's bar as APL writes it (U+0304) for the one the move notation shows (U+0305).
fn apl_bars(text: &str) -> String {
    text.replace('\u{305}', "\u{304}")
}

#[test]
fn do_in_apl_turns_the_cube_as_the_repls_do_in_every_representation() {
    for kind in RepKind::ALL {
        let (mut apl, mut rust) = scrambled_pair(kind);
        // Every move the representation defines, in an order where none cancels: first the
        // moves, then the inverses.
        let letters = paired_letters(kind);
        let chars: Vec<char> = letters.chars().collect();
        let moves: String = chars.chunks(3).map(|c| c[0]).collect();
        let inverses: String = chars.chunks(3).flat_map(|c| [c[1], c[2]]).collect();
        let all = format!("{moves}{inverses}{moves}");
        for s in ["F\u{304}D\u{304}FDRDR\u{304}", &moves, &inverses, &all] {
            run(&mut apl, &format!("CUBE←CUBE DO '{s}'"));
            run(&mut rust, &format!("do '{s}'"));
            assert_eq!(apl.cube(), rust.cube(), "{} DO '{s}'", kind.name());
        }
        // The paper's lines on its last page, the inverse sequence's bars restored.
        let before = apl.cube();
        run(&mut apl, "CUBE←B F L R CUBE");
        run(&mut apl, "CUBE←R\u{304} L\u{304} F\u{304} B\u{304} CUBE");
        assert_eq!(apl.cube(), before, "{}", kind.name());
        run(&mut apl, "CUBE←R CUBE");
        run(&mut apl, "CUBE←R\u{304} CUBE");
        assert_eq!(apl.cube(), before, "{}", kind.name());
    }
}

#[test]
fn each_tool_in_apl_is_the_string_tools_shows_and_turns_the_cube_as_the_rust_tool_in_every_representation()
 {
    // The strings `tools` shows, and the APL definitions.
    let mut s = Session::new(false);
    let shown = run(&mut s, "tools");
    let ws = cubework::apl::paper::workspace("vector").unwrap();
    for tool in cubework::Tool::ALL {
        let at = shown
            .find(&format!("{}:", tool.name()))
            .unwrap_or_else(|| panic!("{shown}"));
        let paper = shown[at..]
            .lines()
            .find_map(|l| l.trim().strip_prefix("paper:"))
            .unwrap()
            .trim();
        assert_eq!(
            ws.definition(tool.name()),
            Some(format!("{}: ω DO '{}'", tool.name(), apl_bars(paper)).as_str())
        );
    }
    for kind in RepKind::ALL {
        let (mut apl, mut rust) = scrambled_pair(kind);
        for tool in cubework::Tool::ALL {
            let name = tool.name();
            match rust.execute(name) {
                Ok(_) => {
                    run(&mut apl, &format!("CUBE←{name} CUBE"));
                    assert_eq!(apl.cube(), rust.cube(), "{} {name}", kind.name());
                }
                Err(_) => {
                    // LIFT turns C, which the composite and visual representations lack.
                    assert!(matches!(kind, RepKind::Composite | RepKind::Visual));
                    assert_eq!(name, "LIFT");
                    let e = apl.execute(&format!("CUBE←{name} CUBE")).unwrap_err();
                    assert!(e.to_string().starts_with("VALUE ERROR: C "), "{e}");
                }
            }
        }
        // SWITCH as the paper first writes it, right to left (bars and E restored).
        run(&mut apl, "CUBE←R\u{304} D R D F D\u{304} F\u{304} CUBE");
        run(&mut rust, "SWITCH");
        assert_eq!(apl.cube(), rust.cube(), "{}", kind.name());
    }
}

#[test]
fn inverse_in_apl_names_the_moves_invert_gives_and_they_undo_the_sequence_in_every_representation()
{
    for kind in RepKind::ALL {
        let (mut apl, mut rust) = scrambled_pair(kind);
        let pairs = paired_letters(kind);
        run(&mut apl, &format!("A←'{pairs}'"));
        run(&mut apl, "⎕RL←5 ⋄ S←40 RANDOM A");
        let s = run(&mut apl, "S");
        assert_eq!(run(&mut apl, "⍴S"), "40");
        let inverse = run(&mut apl, "A INVERSE S");
        assert_eq!(inverse, apl_bars(&run(&mut rust, &format!("invert {s}"))));
        let before = apl.cube();
        run(&mut apl, "CUBE←CUBE DO S");
        assert_ne!(apl.cube(), before);
        run(&mut apl, "CUBE←CUBE DO A INVERSE S");
        assert_eq!(apl.cube(), before, "{}: {s}", kind.name());
        // Of an inverse, the sequence itself.
        assert_eq!(run(&mut apl, "S≡A INVERSE A INVERSE S"), "1");
    }
}

#[test]
fn scramble_in_apl_gives_the_same_cube_from_the_same_rl_and_is_do_of_seventeen_random_moves() {
    for kind in RepKind::ALL {
        let (mut apl, mut rust) = pair(kind, &[]);
        let again = "⎕RL←7 ⋄ A←SCRAMBLE CUBE ⋄ ⎕RL←7 ⋄ A≡SCRAMBLE CUBE";
        assert_eq!(run(&mut apl, again), "1", "{}", kind.name());
        let other = "⎕RL←7 ⋄ A←SCRAMBLE CUBE ⋄ ⎕RL←8 ⋄ A≡SCRAMBLE CUBE";
        assert_eq!(run(&mut apl, other), "0", "{}", kind.name());
        // The moves it makes: RANDOM's 17 draws from the same ⎕RL.
        let alphabet = "UU\u{304}DD\u{304}BB\u{304}FF\u{304}LL\u{304}RR\u{304}";
        let moves = run(&mut apl, &format!("⎕RL←7 ⋄ 17 RANDOM '{alphabet}'"));
        assert_eq!(moves.chars().filter(|c| c.is_ascii_uppercase()).count(), 17);
        run(&mut apl, "⎕RL←7 ⋄ CUBE←SCRAMBLE CUBE");
        run(&mut rust, &format!("do '{moves}'"));
        assert!(!rust.cube().is_solved());
        assert_eq!(apl.cube(), rust.cube(), "{}: {moves}", kind.name());
    }
}

#[test]
fn a_line_that_changes_nothing_kept_writes_nothing_and_index_origin_is_kept() {
    let (_dir, file) = workspace_file();
    {
        let mut s = kept_quietly(&file);
        run(&mut s, "A←1");
        assert!(std::fs::read_to_string(&file).unwrap().contains("A←1"));
        // Lines that change nothing the file holds (CUBE is the session's, not the file's)
        // leave it as it is: here, as this test wrote it.
        std::fs::write(&file, "⍝ cubework workspace\nA←1\n").unwrap();
        run_lines(&mut s, "1+1\nCUBE←R CUBE\n)fns");
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "⍝ cubework workspace\nA←1\n"
        );
        run(&mut s, "⎕IO←0");
        assert!(std::fs::read_to_string(&file).unwrap().contains("⎕IO←0"));
    }
    let mut s = kept_quietly(&file);
    assert_eq!(run(&mut s, "⍳3"), "0 1 2");
    // The paper's moves still count from 1.
    run(&mut s, "CUBE←R CUBE");
    assert_cube_after_paper(&s, "R");
}

#[test]
fn a_line_that_leaves_cube_no_state_changes_no_variable_either() {
    let mut s = common::apl_session();
    run(&mut s, "Q←1");
    let e = s
        .execute("Q←5 ⋄ W←?6 ⋄ CUBE←1 2 3")
        .unwrap_err()
        .to_string();
    assert!(e.contains("nothing changed"), "{e}");
    assert_eq!(run(&mut s, "Q"), "1");
    assert!(s.execute("W").is_err());
}

#[test]
fn an_error_part_way_through_a_diamond_line_keeps_the_statements_before_it_as_dyalog_does() {
    let (_dir, file) = workspace_file();
    let mut s = kept_quietly(&file);
    let e = s.execute("A←1 ⋄ G←÷0 ⋄ K←3").unwrap_err().to_string();
    assert!(e.starts_with("DOMAIN ERROR"), "{e}");
    assert!(e.contains("the statement before it ran"), "{e}");
    assert_eq!(run(&mut s, "A"), "1");
    for name in ["G", "K"] {
        let e = s.execute(name).unwrap_err().to_string();
        assert!(e.starts_with("VALUE ERROR"), "{name}: {e}");
    }
    // The kept workspace has what was done.
    assert!(std::fs::read_to_string(&file).unwrap().contains("A←1"));
    // What the statements before showed is said with the error.
    let e = s.execute("2+3 ⋄ ⍳'a'").unwrap_err().to_string();
    assert!(e.contains("they showed:\n5"), "{e}");
    // A statement that turned CUBE before the error keeps its turn, one change undo takes back.
    let e = s
        .execute("CUBE←R CUBE ⋄ 1 2+1 2 3 ⋄ CUBE←U CUBE")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("LENGTH ERROR"), "{e}");
    assert_cube_after_paper(&s, "R");
    run(&mut s, ")off");
    run(&mut s, "undo");
    assert!(s.cube().is_solved());
    // A line that fails at its first statement still changes nothing.
    run(&mut s, "apl");
    assert!(s.execute("D←÷0 ⋄ E←2").is_err());
    assert!(s.execute("E").is_err());
    assert_eq!(run(&mut s, "A"), "1");
}

#[test]
fn the_papers_functions_are_refused_alike_in_every_representation_on_sizes_they_do_not_hold() {
    for kind in RepKind::ALL {
        for n in [2, 4].into_iter().filter(|&n| kind.supports(n)) {
            let context = format!("{} at {n}", kind.name());
            let mut s = Session::new(false);
            run_lines(&mut s, &format!("size {n}\nrep {}\nU\napl", kind.name()));
            let before = s.cube();
            run(&mut s, "MINE: R R ⍵");
            for line in ["CUBE←R CUBE", "CUBE←MINE CUBE", "A←1 ⋄ CUBE←B F CUBE"] {
                let e = s.execute(line).unwrap_err().to_string();
                assert_eq!(e.lines().count(), 1, "{context}: {line}: {e}");
                assert!(
                    e.contains("written for the 3×3×3") && e.contains(&format!("the {n}×{n}×{n}")),
                    "{context}: {line}: {e}"
                );
                assert_eq!(s.cube(), before, "{context}: {line}");
            }
            // Nothing ran: A is not set, and what needs none of the paper's functions runs.
            assert!(s.execute("A").is_err(), "{context}");
            assert!(!run(&mut s, "⍴CUBE").is_empty(), "{context}");
        }
    }
}

#[test]
fn naming_a_function_that_mentions_the_papers_is_accepted_on_every_size_and_calling_it_is_refused()
{
    for n in [2, 4] {
        let mut s = Session::new(false);
        run_lines(&mut s, &format!("size {n}\nU\napl"));
        let before = s.cube();
        // Naming runs nothing: a dfn, a tacit function, alone or beside other statements.
        for line in ["G←{R ⍵}", "A←1 ⋄ W←{R U ⍵}", "T←R∘U ⋄ V←2", "K←R R"] {
            s.execute(line)
                .unwrap_or_else(|e| panic!("at {n}: {line}: {e}"));
        }
        assert_eq!(run(&mut s, "A+V"), "3", "at {n}");
        // The paper's F named again as the user's runs none of the paper's.
        run(&mut s, "F←{⍵} ⋄ CUBE←F CUBE");
        assert_eq!(s.cube(), before, "at {n}");
        // Calling one is refused with the one-line error, the cube as it was; also when the
        // function is named earlier on the same line.
        for line in [
            "CUBE←G CUBE",
            "CUBE←T CUBE",
            "CUBE←K CUBE",
            "P←{R ⍵} ⋄ CUBE←P CUBE",
        ] {
            let e = s.execute(line).unwrap_err().to_string();
            assert_eq!(e.lines().count(), 1, "at {n}: {line}: {e}");
            assert!(
                e.contains("the paper's R is written for the 3×3×3")
                    && e.contains(&format!("the {n}×{n}×{n}")),
                "at {n}: {line}: {e}"
            );
            assert_eq!(s.cube(), before, "at {n}: {line}");
        }
        // Nothing of the refused line ran: P is not defined.
        assert!(s.execute("P").is_err(), "at {n}");
    }
}

#[test]
fn name_class_gives_dyalogs_classes_for_a_name_a_list_and_a_matrix_of_names() {
    let mut s = common::apl_session();
    run_lines(&mut s, "V←5\nMINE←{⍵}\nTWICE←{⍺⍺ ⍺⍺ ⍵}");
    // As Dyalog: 2 a variable, 3 a function, 4 an operator, 0 nothing, ¯1 no name.
    for (line, classes) in [
        ("⎕NC 'V'", "2"),
        ("⎕NC 'MINE'", "3"),
        ("⎕NC 'TWICE'", "4"),
        ("⎕NC 'NOTHING'", "0"),
        ("⎕NC '1X'", "¯1"),
        ("⎕NC 'V' 'MINE' 'NOTHING'", "2 3 0"),
        ("⎕NC 3 7⍴'V      MINE   NOTHING'", "2 3 0"),
        ("⎕NC 'R'", "3"),
        ("{x←1 ⋄ ⎕NC 'x'}0", "2"),
        ("0=⎕NC 'NOTHING'", "1"),
    ] {
        assert_eq!(run(&mut s, line), classes, "{line}");
    }
    let e = s.execute("⎕NC 1 2").unwrap_err().to_string();
    assert!(e.starts_with("DOMAIN ERROR"), "{e}");
}

#[test]
fn quit_and_help_work_in_apl_mode_and_question_mark_is_still_roll() {
    let mut s = common::apl_session();
    assert!(run(&mut s, "help undo").starts_with("undo [N]"));
    assert!(s.in_apl(), "help leaves APL mode as it was");
    // `? 1` is APL's roll of 1, not help.
    assert_eq!(run(&mut s, "? 1"), "1");
    for word in ["quit", "exit"] {
        let mut s = common::apl_session();
        assert!(s.execute(word).unwrap().quit, "{word}");
    }
}

#[test]
fn a_system_command_given_to_apl_outside_apl_mode_runs_as_one() {
    // On the command line: `)fns` lists the paper's functions, `)save` writes the workspace,
    // and a system command that is none names those there are.
    let out = common::cubework().args(["apl", ")fns"]).output().unwrap();
    common::assert_success(&out, "");
    assert!(String::from_utf8(out.stdout).unwrap().contains("SWITCH"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ws.apl");
    common::cubework()
        .args(["apl", "-f"])
        .arg({
            let mine = dir.path().join("mine.apl");
            std::fs::write(&mine, "TWICE: R R ⍵\n").unwrap();
            mine
        })
        .arg(format!(")save {}", file.display()))
        .assert()
        .success();
    assert!(std::fs::read_to_string(&file).unwrap().contains("TWICE"));
    let out = common::cubework().args(["apl", ")bogus"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("the system commands are )fns")
    );
    // In the REPL, outside APL mode, and staying outside it.
    let mut s = Session::new(false);
    assert!(run(&mut s, "apl )fns").contains("SWITCH"));
    assert!(!s.in_apl());
}

#[test]
fn a_traditional_function_left_open_at_the_end_of_input_is_closed_not_lost() {
    let mut s = common::apl_session();
    for line in ["∇Z←FOO X", "Z←X+1"] {
        s.execute(line).unwrap();
    }
    let closed = s.close_open_definition().unwrap().unwrap();
    assert!(closed.note.unwrap().contains("was not closed with ∇"));
    assert_eq!(common::run(&mut s, "FOO 1"), "2");
    assert!(s.close_open_definition().is_none());
}

#[test]
fn the_papers_functions_are_not_erased_and_one_of_ones_own_that_replaced_one_gives_it_back() {
    let mut s = Session::new(false);
    run(&mut s, "apl");
    // The paper's own R stays, said so in one line.
    let e = s.execute(")erase R").unwrap_err().to_string();
    assert!(
        e.contains("R is the paper's (vector representation), and stays") && !e.contains('\n'),
        "{e}"
    );
    // One's own R replaces it, with a note naming what it replaced.
    let said = note(&mut s, "R←{⍵}");
    assert!(
        said.contains("R was the paper's (vector representation); yours replaces it"),
        "{said}"
    );
    run(&mut s, "CUBE←R CUBE");
    assert!(s.cube().is_solved(), "one's own R turns nothing");
    // Erased, the paper's R is back and turns the cube again.
    assert_eq!(run(&mut s, ")erase R"), "R is the paper's again");
    run(&mut s, "CUBE←R CUBE");
    assert_cube_after_paper(&s, "R");
    // )clear brings back every paper function one's own replaced.
    run_lines(&mut s, "U←{⍵}\nMINE←{R ⍵}");
    run(&mut s, ")clear");
    assert!(
        s.execute("MINE CUBE").is_err(),
        "one's own functions are forgotten"
    );
    run(&mut s, "CUBE←U CUBE");
    assert_cube_after_paper(&s, "R U");
    // A line that defines nothing of the paper's says nothing of it.
    assert_eq!(note(&mut s, "TWICE←{⍵+⍵}"), "");
}
