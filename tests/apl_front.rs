//! The paper's APL in the REPL and on the command line: its lines run verbatim on the
//! session's cube and give the states the Rust moves give.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use cubework::command::Session;
use cubework::rep::RepKind;

fn run(s: &mut Session, line: &str) -> String {
    s.execute(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"))
        .text
}

#[test]
fn the_papers_lines_run_verbatim_in_every_representation_and_agree_with_the_rust_moves() {
    for kind in RepKind::ALL {
        let mut apl = Session::new(false);
        let mut rust = Session::new(false);
        for s in [&mut apl, &mut rust] {
            run(s, &format!("rep {}", kind.name()));
            run(s, "notation paper");
        }
        run(&mut apl, "apl");
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
    run(&mut s, "R");
    let before = s.cube();
    run(&mut s, "apl");
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
    let out = Command::cargo_bin("cubework")
        .unwrap()
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
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let apply = Command::cargo_bin("cubework")
        .unwrap()
        .args(["apply", "--show", "facelets", "--notation", "paper", "R"])
        .output()
        .unwrap();
    let want = String::from_utf8(apply.stdout).unwrap();
    assert_eq!(text, format!("3 3 3\n{want}"));
    Command::cargo_bin("cubework")
        .unwrap()
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
    for line in cycles.lines().skip(1) {
        assert!(c.contains(line), "{c}\nwants\n{line}");
    }
    assert!(c.contains("runs compiled on arrays of shape 54"), "{c}");
    run(&mut s, "CUBE←T T CUBE");
    let compiled = s.cube();
    run(&mut s, ")off");
    run(&mut s, "undo");
    // Redefined (the same moves), it is interpreted again, and turns the cube alike.
    run(&mut s, "apl");
    run(&mut s, "T: U R R ⍵");
    run(&mut s, "CUBE←T T CUBE");
    assert_eq!(s.cube(), compiled);
    run(&mut s, ")off");
    run(&mut s, "undo");
    run(&mut s, "R2 U R2 U");
    assert_eq!(s.cube(), compiled);
}
