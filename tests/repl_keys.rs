//! Typing APL in the interactive REPL, on a real terminal (a pseudo-terminal), key by key as
//! a person types (issue 45): a backtick key shows its glyph at once, as TryAPL and Dyalog
//! show it, and Tab completes the names of the session's APL workspace.
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(all(feature = "cli", unix))]

mod common;

use std::io::Write;
use std::time::{Duration, Instant};

use nix::pty::Winsize;

/// A hang guard, not a speed target: each answer comes in milliseconds.
const WAIT: Duration = Duration::from_secs(20);

/// The REPL on an 80×24 pseudo-terminal, without colour, with what it has shown so far, and
/// its data directory (removed when it is dropped).
struct Terminal {
    term: common::OnTerminal,
    _data: Option<common::OwnDir>,
}

impl Terminal {
    /// The REPL started, its data in a directory of its own, once its prompt is up.
    fn open(name: &str) -> Terminal {
        Terminal::open_with(name, &[])
    }

    /// The REPL started as `cubework ARGS`, as [`Terminal::open`] starts it.
    fn open_with(name: &str, args: &[&str]) -> Terminal {
        let data = common::fresh_dir(name);
        let mut terminal = Terminal::open_in(&data, args);
        terminal._data = Some(data);
        terminal
    }

    /// The REPL started as `cubework ARGS` with its data in `data` (another session's too).
    fn open_in(data: &std::path::Path, args: &[&str]) -> Terminal {
        let size = Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let terminal = Terminal {
            term: common::on_terminal(args, Some(&size), data, false),
            _data: None,
        };
        // The prompt is up when rustyline turns bracketed paste on.
        terminal.wait_for(0, "\x1b[?2004h");
        terminal
    }

    fn shown(&self) -> String {
        self.term.text()
    }

    /// Waits until `text` shows after byte `from` of what was shown; what shows from there.
    fn wait_for(&self, from: usize, text: &str) -> String {
        let give_up = Instant::now() + WAIT;
        loop {
            let shown = self.shown();
            let after = shown.get(from..).unwrap_or_default().to_string();
            if after.contains(text) {
                return after;
            }
            assert!(
                Instant::now() < give_up,
                "{text:?} never showed; the terminal showed {after:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Types `keys` one at a time, a person's pace apart; where the terminal's text was
    /// before them.
    fn type_keys(&mut self, keys: &str) -> usize {
        let from = self.shown().len();
        for c in keys.chars() {
            let mut buf = [0u8; 4];
            self.term
                .master
                .write_all(c.encode_utf8(&mut buf).as_bytes())
                .unwrap();
            std::thread::sleep(Duration::from_millis(40));
        }
        from
    }

    /// Types `keys` and waits until `text` shows after them; what shows from there.
    fn type_until(&mut self, keys: &str, text: &str) -> String {
        let from = self.type_keys(keys);
        self.wait_for(from, text)
    }

    /// Ctrl-D, and the REPL's end awaited.
    fn close(mut self) {
        let _ = self.term.master.write_all(b"\x04");
        self.term.finish(Duration::from_secs(10));
    }
}

#[test]
fn a_backtick_key_typed_in_apl_mode_shows_its_glyph_before_the_line_runs() {
    let mut t = Terminal::open("cubework-repl-keys-backtick");
    t.type_until("apl\r", "APL: CUBE is");
    let from = t.type_keys("`i");
    // The glyph shows while the line is still being typed; the backtick is gone.
    let shown = t.wait_for(from, "⍳");
    assert!(!shown.contains("`i"), "{shown:?}");
    t.type_until("5\r", "1 2 3 4 5");
    // Inside quotes a backtick stays a backtick.
    t.type_until("'`r'\r", "`r");
    // Outside APL mode a backtick is left alone.
    t.type_until(")off\r", "moves");
    let shown = t.type_until("`r", "r");
    assert!(!shown.contains('⍴'), "{shown:?}");
    t.type_keys("\x03");
    t.close();
}

#[test]
fn tab_in_apl_mode_completes_a_name_of_the_workspace() {
    let mut t = Terminal::open("cubework-repl-keys-tab");
    t.type_until("apl\r", "APL: CUBE is");
    t.type_until("average←42\r", "      ");
    t.type_until("1+aver\t", "average");
    t.type_until("\r", "43");
    t.close();
}

#[test]
fn apl_alone_at_a_terminal_opens_the_repl_in_apl_mode() {
    let mut t = Terminal::open_with("cubework-repl-keys-apl-alone", &["apl"]);
    t.wait_for(0, "APL: CUBE is");
    t.type_until("2+2\r", "4");
    t.type_until(")off\r", "moves");
    t.close();
}

#[test]
fn a_dfn_typed_over_several_lines_waits_for_its_closing_brace_and_runs_whole() {
    let mut t = Terminal::open("cubework-repl-keys-dfn-lines");
    t.type_until("apl\r", "APL: CUBE is");
    t.type_until("total←42\r", "      ");
    // The brace left open: the continuation prompt, and nothing of the body runs at the top.
    t.type_until("f←{\r", "...> ");
    t.type_until("  total←0  ⍝ its own\r", "...> ");
    t.type_until("  ⍵+total\r", "...> ");
    t.type_until("}\r", "      ");
    let shown = t.type_until("f 5\r", "5");
    assert!(!shown.contains("ERROR"), "{shown:?}");
    let shown = t.type_until("total\r", "42");
    assert!(!shown.contains("ERROR"), "{shown:?}");
    t.close();
}

#[test]
fn ctrl_d_with_a_traditional_function_open_keeps_it_for_the_next_session() {
    let data = common::fresh_dir("cubework-repl-keys-ctrl-d-open");
    let mut t = Terminal::open_in(&data, &[]);
    t.type_until("apl\r", "APL: CUBE is");
    t.type_until("keep←1\r", "      ");
    t.type_until("∇ R←DOUBLE X\r", "[1] ");
    t.type_until("R←X×2\r", "[2] ");
    let from = t.type_keys("\x04");
    t.wait_for(from, "it is closed there");
    let (shown, code) = t.term.finish(WAIT);
    assert_eq!(code, Some(0), "{shown:?}");
    let mut t = Terminal::open_in(&data, &[]);
    t.type_until("apl\r", "APL: CUBE is");
    t.type_until("DOUBLE keep+3\r", "8");
    // One that does not close: its text is kept in the file, and said.
    t.type_until("∇ R←H X\r", "[1] ");
    t.type_until(":If X\r", "[2] ");
    t.type_until("R←1\r", "[3] ");
    let from = t.type_keys("\x04");
    t.wait_for(from, "its text is kept");
    t.term.finish(WAIT);
    let dir: &std::path::Path = data.as_ref();
    let text = std::fs::read_to_string(dir.join("workspace.apl")).unwrap();
    assert!(text.contains("DOUBLE"), "{text}");
    assert!(text.contains("∇ R←H X\n:If X\nR←1\n∇"), "{text}");
}
