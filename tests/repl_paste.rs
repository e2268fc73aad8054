//! Thousands of lines pasted into the interactive REPL, on a real terminal (a pseudo-terminal),
//! as terminals send them: every line answered, in order, with time and output that do not
//! grow faster than the paste (issue 31: 3,000 lines of `R U R' U'` were said to take about
//! two minutes at full CPU, where a pipe takes a fraction of a second).
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(all(feature = "cli", unix))]

mod common;

use std::io::Write;
use std::time::{Duration, Instant};

use nix::pty::Winsize;

/// The line pasted, as in the report.
const LINE: &str = "R U R' U'";
/// How many times: the report's 3,000.
const LINES: usize = 3000;
/// A hang guard, not a speed target: the paste is answered in well under a second on an
/// ordinary machine (about as fast as through a pipe), so this leaves a margin of tens of
/// times for a loaded one, and is a sixth of the two minutes the report measured.
const DEADLINE: Duration = Duration::from_secs(20);
/// What the terminal may show for each line pasted, at most: the prompt, the line and its
/// answer take about 120 bytes, and a paste that comes in many pieces has its first few KB
/// redrawn at each piece (about 1.7 MB in all for 3,000 one-line pieces). A line editor
/// redrawing everything pasted so far at each piece writes far more: 81 MB.
const BYTES_PER_LINE: usize = 1000;

/// The answers the REPL gives, in order, to `LINE` typed `LINES` times.
fn expected_answers() -> Vec<String> {
    let mut session = cubework::command::Session::new(true);
    (0..LINES)
        .map(|_| session.execute(LINE).unwrap().text)
        .collect()
}

/// What a paste came to: what the terminal showed, how many answers had come (in order)
/// when the waiting ended, how long they took, and the REPL's exit status.
struct Pasted {
    text: String,
    answered: usize,
    took: Duration,
    code: Option<i32>,
}

/// The REPL on an 80×24 pseudo-terminal, its history in `data`: waits for its prompt, writes
/// `paste`, and waits until every answer has come (or [`DEADLINE`]); then Ctrl-D.
fn paste_into_the_repl(paste: &[u8], data: &std::path::Path) -> Pasted {
    let size = Winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    let terminal = common::on_terminal(&[], Some(&size), data, true);
    let text_now = || terminal.text();
    // The prompt is up when rustyline turns bracketed paste on (`ESC [?2004h`); keys sent
    // before it could be read by the terminal in its ordinary mode.
    let give_up = Instant::now() + Duration::from_secs(15);
    while !text_now().contains("\x1b[?2004h") && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
    }
    let start = text_now().len();
    let answers = expected_answers();
    let began = Instant::now();
    // Written from a thread of its own, as a terminal writes a paste while it reads what the
    // program shows: the terminal's input queue holds only a few KB, and a REPL that stopped
    // reading must not stop the test before its deadline.
    {
        let mut master = terminal.master.try_clone().unwrap();
        let paste = paste.to_vec();
        std::thread::spawn(move || {
            let _ = master.write_all(&paste);
        });
    }
    // Each answer found after the one before it, from where the last look stopped.
    let (mut answered, mut from) = (0, start);
    let took = loop {
        let text = text_now();
        while answered < LINES {
            match text[from..].find(&answers[answered]) {
                Some(at) => {
                    from += at + answers[answered].len();
                    answered += 1;
                }
                None => break,
            }
        }
        if answered == LINES || began.elapsed() > DEADLINE {
            break began.elapsed();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Ctrl-D waits for the prompt after the last answer: sent while the REPL is still between
    // two reads, the terminal's line discipline would take it, not the line editor.
    let give_up = Instant::now() + Duration::from_secs(10);
    while !text_now()[from..].contains("\x1b[?2004h") && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = (&terminal.master).write_all(b"\x04");
    let (text, code) = terminal.finish(Duration::from_secs(10));
    Pasted {
        text,
        answered,
        took,
        code,
    }
}

/// `paste` pasted into the REPL on a pseudo-terminal, its data in `cubework-{name}`, where this
/// machine can open one: every line answered in order within the deadline, the terminal shown
/// a bounded amount, the session ended by Ctrl-D, and every line kept in the history file.
fn assert_all_answered(name: &str, paste: &str) {
    let Some(data) = common::terminal_dir(name) else {
        return;
    };
    let pasted = paste_into_the_repl(paste.as_bytes(), &data);
    let tail: String = {
        let chars: Vec<char> = pasted.text.chars().collect();
        chars[chars.len().saturating_sub(600)..].iter().collect()
    };
    assert_eq!(
        pasted.answered, LINES,
        "{} of {LINES} lines answered in {:?}; the terminal ended with {tail:?}",
        pasted.answered, pasted.took
    );
    assert!(
        pasted.took < DEADLINE,
        "{LINES} lines took {:?}",
        pasted.took
    );
    assert!(
        pasted.text.len() < BYTES_PER_LINE * LINES,
        "{} bytes on the terminal for {LINES} lines",
        pasted.text.len()
    );
    assert_eq!(pasted.code, Some(0), "{tail:?}");
    assert_eq!(common::history(&data), format!("{LINE}\n").repeat(LINES));
}

#[test]
fn thousands_of_lines_pasted_without_brackets_are_all_answered_in_time() {
    // A terminal that does not bracket a paste sends it as keys, each line ended by Enter
    // (a carriage return), all at once.
    let paste = format!("{LINE}\r").repeat(LINES);
    assert_all_answered("repl-paste-plain", &paste);
}

#[test]
fn thousands_of_lines_in_one_bracketed_paste_are_all_answered_in_time() {
    // As terminals send a paste when the program asks (rustyline does): between
    // `ESC [200~` and `ESC [201~`, lines ended by carriage returns; then the user's Enter.
    let paste = format!("\x1b[200~{}\x1b[201~\r", format!("{LINE}\r").repeat(LINES));
    assert_all_answered("repl-paste-bracketed", &paste);
}

#[test]
fn thousands_of_lines_in_a_paste_bracketed_piece_by_piece_are_all_answered_in_time() {
    // A terminal may send a long paste in pieces, each bracketed (as some split a paste
    // into chunks and bracket each): here one line a piece, then the user's Enter. The line
    // editor redrew all that had come at each piece: 81 MB on the terminal for these lines.
    let paste = format!("\x1b[200~{LINE}\r\x1b[201~").repeat(LINES) + "\r";
    assert_all_answered("repl-paste-pieces", &paste);
}
