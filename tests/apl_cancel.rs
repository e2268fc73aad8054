//! Ctrl-C stops an APL evaluation. In a test binary of its own, since asking to stop is
//! process-wide and would stop other tests' work; the tests here take turns.

use std::sync::Mutex;

use cubework::apl::{ErrorKind, Workspace};

/// Held by each test while it asks to stop, so that one test's Ctrl-C stops no other's work.
static TURN: Mutex<()> = Mutex::new(());

/// Runs `line` (which would run for hours), asking to stop a moment after it starts; gives
/// the error it stopped with. No step limit: only Ctrl-C can stop it.
fn interrupted(ws: &mut Workspace, line: &str) -> cubework::apl::AplError {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    ws.set_step_limit(u64::MAX);
    let asker = std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_millis(200));
        cubework::base::cancel::request();
    });
    let out = ws.eval_line(line);
    asker.join().unwrap();
    cubework::base::cancel::clear();
    out.expect_err(line)
}

#[test]
fn ctrl_c_stops_a_long_evaluation_and_changes_nothing() {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let mut ws = Workspace::new();
    ws.eval_line("A←1").unwrap();
    ws.eval_line("SPIN: +/⍳⍵").unwrap();
    cubework::base::cancel::request();
    let err = ws.eval_line("A←SPIN¨⍳1000 ⋄ A").unwrap_err();
    cubework::base::cancel::clear();
    assert_eq!(err.kind, ErrorKind::Interrupt);
    assert!(err.to_string().starts_with("INTERRUPT"));
    assert_eq!(ws.eval_line("A").unwrap().to_string(), "1");
    assert_eq!(ws.eval_line("SPIN 4").unwrap().to_string(), "10");
}

/// Ctrl-C stops one long primitive inside: a `⍷` of 2.5×10¹¹ comparisons, and an inner
/// product of 10⁹ multiplications (no step limit, so nothing else would stop them).
#[test]
fn ctrl_c_stops_a_long_primitive_from_inside() {
    let mut ws = Workspace::new();
    let e = interrupted(&mut ws, "+/(5e5⍴1)⍷1e6⍴1");
    assert_eq!(e.kind, ErrorKind::Interrupt, "{e}");
    let e = interrupted(&mut ws, "+/,(1000 1000⍴1)+.×1000 1000⍴1");
    assert_eq!(e.kind, ErrorKind::Interrupt, "{e}");
    assert_eq!(ws.eval_line("+/(⍳3)⍷⍳5").unwrap().to_string(), "1");
}

/// Ctrl-C in a ∇ function shows, as APL2, the line it stopped in with the function's name and
/// the line's number, `F[1]`, and the caret on it (it printed the whole function, and a caret
/// on a line of its own).
#[test]
fn ctrl_c_in_a_traditional_function_shows_the_line_it_stopped_in() {
    let mut ws = Workspace::new();
    ws.eval_line("∇F\nL: →L\n∇").unwrap();
    let e = interrupted(&mut ws, "F");
    assert_eq!(e.kind, ErrorKind::Interrupt, "{e}");
    assert_eq!(e.line, "F[1] L: →L");
    let text = e.to_string();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.lines().nth(2).unwrap().trim() == "^", "{text}");
}

/// Ctrl-C stops a `:While` loop without end as it stops `→L`: at the line it was in.
#[test]
fn ctrl_c_stops_a_loop_of_a_control_structure() {
    let mut ws = Workspace::new();
    ws.eval_line("∇F;I\nI←0\n:While 1\n    I←I+1\n:EndWhile\n∇")
        .unwrap();
    let e = interrupted(&mut ws, "F");
    assert_eq!(e.kind, ErrorKind::Interrupt, "{e}");
    assert!(e.line.starts_with("F["), "{e}");
    // The workspace goes on.
    assert_eq!(ws.eval_line("1+1").unwrap().to_string(), "2");
}

/// Ctrl-C is not caught by `:Trap 0`, nor by Dyalog's interrupt numbers 1000 and 1002: it
/// stops the line at the loop it was in, not in the trap's `:Else` part.
#[test]
fn ctrl_c_is_not_caught_by_a_trap() {
    let mut ws = Workspace::new();
    ws.eval_line(
        "∇F;I\nI←0\n:Trap 0 1000 1002\n    :While 1\n        I←I+1\n    :EndWhile\n:Else\n    I←'caught'\n:EndTrap\n∇",
    )
    .unwrap();
    let e = interrupted(&mut ws, "F");
    assert_eq!(e.kind, ErrorKind::Interrupt, "{e}");
    for inside in ["F[3]", "F[4]", "F[5]"] {
        if e.line.starts_with(inside) {
            return;
        }
    }
    panic!("stopped outside the loop: {e}");
}
