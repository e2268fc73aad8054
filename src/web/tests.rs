use super::*;

use crate::cube_after;

#[test]
fn a_line_of_moves_answers_with_the_cube_and_each_moves_layer_turns_from_the_library() {
    let mut bench = Workbench::new();
    let a = bench.run("R U");
    assert!(a.ok, "{a:?}");
    assert_eq!(a.moves, ["R", "U"]);
    let cube = cube_after("R U");
    assert_eq!(a.facelets, cube.facelets());
    let colours: Vec<u8> = cube.stickers().iter().map(|f| f.index() as u8).collect();
    assert_eq!(a.stickers, colours);
    let mut turns = Vec::new();
    for m in crate::parse_moves("R U", Notation::Standard).unwrap() {
        let layers: Vec<_> = m.layer_quarters(3).unwrap().collect();
        turns.push(layers.len() as i32);
        for (axis, layer, q) in layers {
            turns.extend([axis as i32, layer as i32, i32::from(q)]);
        }
    }
    assert_eq!(a.turns, turns);
    assert_eq!(positions(3).len(), 3 * a.stickers.len());
}

#[test]
fn an_error_is_one_line_as_the_repl_shows_it_and_changes_nothing() {
    let mut bench = Workbench::new();
    bench.run("R");
    let a = bench.run("R Q");
    assert!(!a.ok);
    assert!(
        a.text.starts_with("error: ") && !a.text.contains('\n'),
        "{}",
        a.text
    );
    assert_eq!(a.facelets, cube_after("R").facelets());
    assert!(a.moves.is_empty());
}

#[test]
fn apl_a_dfn_and_an_assignment_to_cube_run_in_the_repls_session() {
    let mut bench = Workbench::new();
    assert!(bench.run("apl").ok);
    let a = bench.run("{⍵[⍋⍵]}3 1 2");
    assert_eq!((a.ok, a.text.trim()), (true, "1 2 3"), "{a:?}");
    assert!(a.apl && a.prompt.starts_with("      "));
    let a = bench.run("CUBE←R CUBE");
    assert!(a.ok, "{a:?}");
    // The workspace's R is the paper's R.
    let mut turned = Cube::solved();
    turned
        .apply_all(&crate::parse_moves("R", Notation::Paper).unwrap())
        .unwrap();
    assert_eq!(a.facelets, turned.facelets());
    assert!(a.moves.is_empty(), "an assignment is no line of moves");
}

#[test]
fn what_needs_a_disk_says_so_in_one_line() {
    let mut bench = Workbench::new();
    for line in [
        "tables",
        "tables build",
        "solve optimal",
        "solve --method optimal",
    ] {
        let a = bench.run(line);
        assert!(!a.ok, "{line}");
        assert!(
            a.text.contains("needs a disk") && !a.text.contains('\n'),
            "{line}: {}",
            a.text
        );
    }
}

#[test]
fn a_session_kept_and_restored_has_its_cube_definitions_and_mode() {
    let mut bench = Workbench::new();
    bench.run("R U");
    bench.run("rep numeric");
    bench.run("apl");
    assert!(bench.run("TWICE←{⍵+⍵}").ok);
    assert!(bench.run("V←1 2 3").ok);
    let state = bench.state();
    assert!(state.workspace.contains("TWICE"), "{}", state.workspace);
    let (mut back, notes) = Workbench::restore(&state);
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(back.session().cube(), cube_after("R U"));
    assert_eq!(back.session().rep_name(), "numeric");
    assert!(back.session().in_apl());
    assert_eq!(back.run("TWICE V").text.trim(), "2 4 6");
}

#[test]
fn a_kept_state_that_cannot_be_read_gives_a_solved_cube_and_a_note() {
    let (back, notes) = Workbench::restore(&State {
        size: 3,
        facelets: "<script>".into(),
        ..State::default()
    });
    assert_eq!(back.session().cube(), Cube::solved());
    assert_eq!(notes.len(), 1, "{notes:?}");
}

#[test]
fn a_kept_workspace_with_a_line_that_no_longer_runs_brings_back_the_rest_and_keeps_that_line() {
    let (mut back, notes) = Workbench::restore(&State {
        size: 3,
        workspace: "GOOD←{⍵+1}\nBAD←1÷0\nV←5".into(),
        apl: true,
        ..State::default()
    });
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("line 2"), "{notes:?}");
    assert_eq!(back.run("GOOD V").text.trim(), "6");
    assert!(
        back.state().workspace.contains("BAD←1÷0"),
        "the line is kept"
    );
}

#[test]
fn a_link_opened_joins_its_definitions_to_the_sessions_own_and_loads_its_cube_undoably() {
    let mut bench = Workbench::new();
    bench.run("apl");
    assert!(bench.run("MINE←{⍵×3}").ok);
    let before = bench.session().cube();
    let start = cube_after("R U").facelets();
    let opened = bench.open_link("THEIRS←{⍵+100}\nBAD←1÷0", 3, &start);
    assert!(opened.ok, "{opened:?}");
    assert!(opened.note.contains("line 2"), "{}", opened.note);
    assert_eq!(bench.session().cube(), cube_after("R U"));
    assert_eq!(bench.run("(MINE 2),THEIRS 1").text.trim(), "6 101");
    assert!(
        bench.state().workspace.contains("BAD←1÷0"),
        "the line is kept"
    );
    bench.run(")off");
    bench.run("undo");
    assert_eq!(bench.session().cube(), before);
    let bad = bench.open_link("", 3, "<b>");
    assert!(
        !bad.ok && bad.text.starts_with("error: the link's cube"),
        "{bad:?}"
    );
}

#[test]
fn the_pages_load_joins_the_files_definitions_to_the_workspace_all_or_nothing() {
    let mut bench = Workbench::new();
    bench.run("apl");
    assert!(bench.run("MINE←{⍵×3}").ok);
    assert!(bench.run("KEPT←42").ok);
    let loaded = bench.load_text("saved.apl", "FROMFILE←{⍵+1}\n");
    assert!(loaded.ok && loaded.text == "loaded saved.apl", "{loaded:?}");
    assert_eq!(
        bench.run("(MINE 2),(FROMFILE 1),KEPT").text.trim(),
        "6 2 42"
    );
    let bad = bench.load_text("<b>bad</b>.apl", "OTHER←{⍵}\nBROKEN←{\n");
    assert!(
        !bad.ok && bad.text.starts_with("error: <b>bad</b>.apl: "),
        "{bad:?}"
    );
    assert!(!bench.run("OTHER 1").ok, "all or nothing: OTHER stays out");
    assert_eq!(
        bench.run("MINE 1").text.trim(),
        "3",
        "the workspace is as it was"
    );
}

#[test]
fn the_pages_copy_brings_in_only_the_names_given_from_the_file_chosen_all_or_nothing() {
    let mut bench = Workbench::new();
    bench.run("apl");
    assert!(bench.run("MINE←{⍵×3}").ok);
    let saved = "HALF←{⍵÷2}\nQUARTER←{⍵÷4}\nMINE←{⍵-1}\n";
    let copied = bench.copy_text("saved.apl", saved, "HALF");
    assert!(
        copied.ok && copied.text == "copied from saved.apl: HALF",
        "{copied:?}"
    );
    assert_eq!(bench.run("(HALF 10),MINE 2").text.trim(), "5 6");
    assert!(!bench.run("QUARTER 8").ok, "QUARTER was not asked for");
    let missing = bench.copy_text("saved.apl", saved, "QUARTER NOSUCH");
    assert!(
        !missing.ok && missing.text.contains("not in the file: NOSUCH"),
        "{missing:?}"
    );
    assert!(
        !bench.run("QUARTER 8").ok,
        "all or nothing: QUARTER stays out"
    );
    let all = bench.copy_text("saved.apl", saved, "");
    assert!(all.ok, "{all:?}");
    assert_eq!(bench.run("(QUARTER 8),MINE 2").text.trim(), "2 1");
    assert!(
        bench.state().workspace.contains("QUARTER"),
        "kept in the browser"
    );
}

#[test]
fn the_pages_copy_of_a_file_with_a_bad_line_says_what_it_copied_and_notes_the_line_passed_over() {
    let mut bench = Workbench::new();
    bench.run("apl");
    let copied = bench.copy_text("half.apl", "⍝ cubework workspace\nf←{⍵+1}\ng←{⍵+\n", "");
    assert!(copied.ok, "the copy happened: {copied:?}");
    assert_eq!(copied.text, "copied from half.apl: f");
    assert!(
        copied.note.starts_with(
            "one line of the file did not run and was passed over: line 3: SYNTAX ERROR"
        ),
        "{copied:?}"
    );
    assert!(!copied.text.contains("nothing"), "{copied:?}");
    assert_eq!(bench.run("f 1").text.trim(), "2");
    assert!(!bench.run("g 1").ok, "g did not run, so it is not there");
}

/// The page's keeping of the undo history, as `page.js` does it: each change by its serial,
/// told once, and the order as last told.
#[derive(Default)]
struct PageKeeps {
    order: History,
    changes: std::collections::BTreeMap<u32, (String, String, String, u32, String)>,
}

impl PageKeeps {
    fn hear(&mut self, h: History) {
        for i in 0..h.serials.len() {
            let change = (
                h.labels[i].clone(),
                h.moves[i].clone(),
                h.notations[i].clone(),
                h.sizes[i],
                h.facelets[i].clone(),
            );
            self.changes.insert(h.serials[i], change);
        }
        let held: Vec<u32> = [h.start]
            .into_iter()
            .chain(h.made.iter().chain(&h.undone).copied())
            .collect();
        self.changes.retain(|s, _| held.contains(s));
        self.order = h;
    }

    #[must_use]
    fn given_back(&self) -> History {
        let mut h = History {
            serials: Vec::new(),
            labels: Vec::new(),
            moves: Vec::new(),
            notations: Vec::new(),
            sizes: Vec::new(),
            facelets: Vec::new(),
            ..self.order.clone()
        };
        for (serial, (label, moves, notation, size, facelets)) in &self.changes {
            h.serials.push(*serial);
            h.labels.push(label.clone());
            h.moves.push(moves.clone());
            h.notations.push(notation.clone());
            h.sizes.push(*size);
            h.facelets.push(facelets.clone());
        }
        h
    }
}

/// Runs `lines` in `bench`, the page keeping the history after each.
fn run_keeping(bench: &mut Workbench, keeps: &mut PageKeeps, lines: &[&str]) {
    for line in lines {
        assert!(bench.run(line).ok, "{line}");
        keeps.hear(bench.history());
    }
}

#[test]
fn after_a_stopped_line_the_new_session_undoes_and_redoes_as_the_old_one_would() {
    let mut bench = Workbench::new();
    let mut keeps = PageKeeps::default();
    keeps.hear(bench.history());
    let lines = [
        "R U",
        "(R U)3 [F, D2]",
        "notation paper",
        "R̅UU",
        "notation standard",
        "size 4",
        "Rw 2R' x",
        "undo",
        "reset",
        "F",
        "undo 2",
    ];
    run_keeping(&mut bench, &mut keeps, &lines);
    // The worker ends mid-line; another is started from what the page kept.
    let (mut again, notes) = Workbench::restore(&bench.state());
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(again.restore_history(&keeps.given_back()), None);
    for line in [
        "history", "moves", "invert", "undo 3", "redo 2", "undo 20", "redo 20",
    ] {
        let (old, new) = (bench.run(line), again.run(line));
        assert_eq!(
            (new.ok, &new.text, &new.facelets),
            (old.ok, &old.text, &old.facelets),
            "{line}"
        );
    }
    // What it was told before is not told again; the next change is.
    again.history();
    assert!(again.history().serials.is_empty());
    again.run("B");
    assert_eq!(again.history().serials.len(), 1);
}

#[test]
fn the_undo_history_is_told_once_a_change_and_forgotten_changes_leave_the_page() {
    let mut bench = Workbench::new();
    let mut keeps = PageKeeps::default();
    keeps.hear(bench.history());
    for _ in 0..crate::command::MAX_UNDO + 5 {
        assert!(bench.run("R").ok);
        let told = bench.history();
        assert_eq!(told.serials.len(), 1);
        keeps.hear(told);
    }
    assert_eq!(keeps.changes.len(), crate::command::MAX_UNDO + 1);
    assert_eq!(keeps.order.forgotten, 5);
    let (mut again, _) = Workbench::restore(&bench.state());
    assert_eq!(again.restore_history(&keeps.given_back()), None);
    let (old, new) = (bench.run("history"), again.run("history"));
    assert_eq!(new.text, old.text);
    assert!(new.text.contains("1005  R"), "{}", new.text);
}

#[test]
fn a_kept_history_that_does_not_end_at_the_cube_is_refused_with_a_note_and_undo_starts_anew() {
    let mut bench = Workbench::new();
    let mut keeps = PageKeeps::default();
    run_keeping(&mut bench, &mut keeps, &["R", "U"]);
    let (mut other, _) = Workbench::restore(&State {
        size: 3,
        facelets: cube_after("F").facelets(),
        ..bench.state()
    });
    let note = other.restore_history(&keeps.given_back()).expect("a note");
    assert!(
        note.contains("does not end at the session's cube"),
        "{note}"
    );
    assert_eq!(other.run("undo").text, "error: nothing to undo");
    // A change missing from what was kept, or moves that do not read, are refused alike.
    let mut missing = keeps.given_back();
    missing.serials.remove(1);
    for list in [
        &mut missing.labels,
        &mut missing.moves,
        &mut missing.notations,
        &mut missing.facelets,
    ] {
        list.remove(1);
    }
    missing.sizes.remove(1);
    let (mut again, _) = Workbench::restore(&bench.state());
    let note = again.restore_history(&missing).expect("a note");
    assert!(note.contains("is missing"), "{note}");
    let mut unreadable = keeps.given_back();
    unreadable.moves[1] = "R Q".into();
    let note = again.restore_history(&unreadable).expect("a note");
    assert!(note.contains("moves"), "{note}");
    assert_eq!(again.run("undo").text, "error: nothing to undo");
}

#[test]
fn a_picture_drawn_to_a_file_is_handed_to_the_page_and_no_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube.svg");
    let mut bench = Workbench::new();
    bench.run("R U");
    let a = bench.run(&format!("draw {}", path.display()));
    assert!(a.ok, "{a:?}");
    // The name typed, made safe: the page has no directories to write into.
    assert_eq!(a.files, [download_name(&path.to_string_lossy())]);
    assert!(
        a.file_texts[0].contains("<svg"),
        "{}",
        &a.file_texts[0][..80]
    );
    assert!(!path.exists(), "the page has no disk: nothing is written");
    // Told once: the next line hands nothing.
    assert!(bench.run("U'").files.is_empty());
}

#[test]
fn a_picture_named_with_characters_no_file_name_holds_is_offered_under_the_name_typed_made_safe_and_said_so()
 {
    let mut bench = Workbench::new();
    let a = bench.run("draw <b>x</b>.svg");
    assert!(a.ok, "{a:?}");
    assert_eq!(a.files, ["_b_x__b_.svg"]);
    assert!(
        a.note
            .contains("<b>x</b>.svg is offered as the download _b_x__b_.svg"),
        "{}",
        a.note
    );
    assert_eq!(download_name("cube.svg"), "cube.svg");
    assert_eq!(download_name("a:b|c?.svg"), "a_b_c_.svg");
}

/// A tab of the page as page.js keeps it: its session, its workspace when it last kept, and
/// the kept text then.
struct Tab {
    bench: Workbench,
    then: String,
    stored: String,
}

impl Tab {
    /// A line run, and the session kept into `store` as page.js keeps it: merged with what
    /// another tab kept since. The note said.
    fn line(&mut self, line: &str, store: &mut String) -> String {
        let ours = self.bench.run(line).workspace;
        let (text, note) = merge_kept(&ours, &self.then, store, &self.stored);
        *store = text;
        (self.then, self.stored) = (ours, store.clone());
        note
    }
}

#[test]
fn two_tabs_keeping_their_workspaces_keep_each_others_names_and_say_what_the_other_changed() {
    let mut store = String::new();
    let tab = || Tab {
        bench: Workbench::new(),
        then: String::new(),
        stored: String::new(),
    };
    let (mut a, mut b) = (tab(), tab());
    a.line("apl", &mut store);
    b.line("apl", &mut store);
    assert_eq!(a.line("fromA←1", &mut store), "");
    // B keeps after A: A's name is kept with B's, and said.
    let note = b.line("fromB←2", &mut store);
    assert!(
        note.ends_with("its fromA kept with this tab's (a reload brings them here)"),
        "{note}"
    );
    let note = a.line("fromA2←3", &mut store);
    assert_eq!(
        note,
        "another tab of this page kept its workspace too: its fromB kept with this tab's (a reload brings them here)"
    );
    for name in ["fromA←1", "fromA2←3", "fromB←2"] {
        assert!(store.contains(name), "{name}: {store}");
    }
    // Nothing new from the other tab since: no note, and nothing lost.
    assert_eq!(a.line("more←4", &mut store), "");
    assert!(
        store.contains("fromB←2") && store.contains("more←4"),
        "{store}"
    );
    // A name both changed is the tab's that keeps, and said so.
    let note = b.line("more←5", &mut store);
    assert!(note.ends_with("its more replaced by this tab's"), "{note}");
    let note = a.line("more←6", &mut store);
    assert!(note.ends_with("its more replaced by this tab's"), "{note}");
    assert!(
        store.contains("more←6") && !store.contains("more←5"),
        "{store}"
    );
    assert_eq!(a.line("x←7", &mut store), "");
}

#[test]
fn the_page_refuses_a_scramble_over_the_limit_as_the_repl_does() {
    let mut bench = Workbench::new();
    let limit = crate::command::solving::MAX_SCRAMBLE;
    let a = bench.run(&format!("scramble {}", limit + 1));
    assert!(!a.ok, "{a:?}");
    assert_eq!(
        a.text,
        format!(
            "error: a scramble of {} turns is more than the limit of {limit}",
            limit + 1
        )
    );
    assert!(a.solved, "{a:?}");
}

#[test]
fn the_page_refuses_a_line_over_a_mebibyte_unread_and_the_session_goes_on() {
    let mut bench = Workbench::new();
    let long = "R ".repeat(crate::base::lines::MAX_LINE_BYTES / 2 + 1);
    let a = bench.run(&long);
    assert!(!a.ok, "{}", a.note);
    assert_eq!(
        a.text,
        format!(
            "error: the line is {} bytes, longer than the limit of 1 MiB (1,048,576 bytes); it was not run",
            crate::base::text::thousands(long.len() as u64)
        )
    );
    assert!(a.solved);
    // A line at the limit is run.
    let at = "R ".repeat(crate::base::lines::MAX_LINE_BYTES / 2);
    assert!(bench.run(&at).ok);
    assert!(bench.run("R").ok);
}

#[test]
fn a_reply_over_the_limit_is_cut_with_a_note_of_how_much_was_left_out() {
    let line = "expand (R U)50000";
    let whole = Session::new(false).execute(line).unwrap().text;
    let total = whole.chars().count();
    assert!(total > MAX_REPLY_CHARS, "{total}");
    let mut bench = Workbench::new();
    let a = bench.run(line);
    assert!(a.ok, "{}", a.text);
    assert_eq!(a.text.chars().count(), MAX_REPLY_CHARS);
    assert!(whole.starts_with(&a.text));
    let left = crate::base::text::thousands((total - MAX_REPLY_CHARS) as u64);
    assert!(
        a.note.ends_with(&format!("are shown, {left} left out")),
        "{}",
        a.note
    );
    // A reply within it is whole, with no such note.
    let a = bench.run("expand (R U)3");
    assert_eq!(a.text.lines().last(), Some("R U R U R U"));
    assert!(!a.note.contains("left out"), "{}", a.note);
}

#[test]
fn the_pages_monospace_text_names_apl_capable_fonts_first() {
    let html = include_str!("page.html");
    let stack = html
        .split_once("--mono:")
        .and_then(|(_, rest)| rest.split_once(';'))
        .map(|(stack, _)| stack.trim())
        .expect("the page defines its monospace stack once, as --mono");
    let fonts: Vec<&str> = stack
        .split(',')
        .map(|f| f.trim().trim_matches('"'))
        .collect();
    assert_eq!(
        fonts[..3],
        ["APL385 Unicode", "APL386 Unicode", "BQN386 Unicode"],
        "{stack}"
    );
    assert_eq!(fonts.last(), Some(&"monospace"), "{stack}");
    // Every monospace text of the page takes it: no other stack names a monospace font.
    for (i, _) in html.match_indices("font-family:") {
        let family = html[i..].split(';').next().unwrap();
        assert!(
            family.contains("var(--mono)") || !family.to_lowercase().contains("mono"),
            "{family}"
        );
    }
}
