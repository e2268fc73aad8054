//! Ctrl-C stops an APL evaluation. In a test binary of its own, since asking to stop is
//! process-wide and would stop other tests' work.

use cubework::apl::{ErrorKind, Workspace};

#[test]
fn ctrl_c_stops_a_long_evaluation_and_changes_nothing() {
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
