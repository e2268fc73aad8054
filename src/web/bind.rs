//! The page's session bound to JavaScript by wasm-bindgen (the `web` feature): what the
//! page's worker calls. Each call is one value across the boundary ([`super::Answer`]); the
//! page keeps [`super::State`]'s fields in its storage and gives them back to
//! [`Bench::restore`].

use wasm_bindgen::prelude::*;

use super::{Answer, History, State, Workbench};

#[wasm_bindgen]
extern "C" {
    /// The worker's `cubeworkProgress`: what long work (a table built, a search) is doing, one
    /// line, posted to the page for its status line while the line typed runs.
    #[wasm_bindgen(js_name = cubeworkProgress)]
    fn worker_progress(line: &str);
}

/// The session, as the page's worker holds it.
#[wasm_bindgen]
pub struct Bench {
    bench: Workbench,
    /// What could not be brought back, said with the next answer.
    notes: Vec<String>,
}

#[wasm_bindgen]
impl Bench {
    /// A new session, as the REPL starts.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Bench {
        crate::answer::progress::listen(Some(worker_progress));
        Bench {
            bench: Workbench::new(),
            notes: Vec::new(),
        }
    }

    /// A session brought back from what the page kept; what was not is said in the note of
    /// the next answer ([`Bench::look`]).
    pub fn restore(
        size: usize,
        facelets: &str,
        rep: &str,
        notation: &str,
        apl: bool,
        workspace: &str,
    ) -> Bench {
        crate::answer::progress::listen(Some(worker_progress));
        let (bench, notes) = Workbench::restore(&State {
            size,
            facelets: facelets.to_string(),
            rep: rep.to_string(),
            notation: notation.to_string(),
            apl,
            workspace: workspace.to_string(),
        });
        Bench { bench, notes }
    }

    /// Runs one line as the REPL does.
    pub fn run(&mut self, line: &str) -> Answer {
        let answer = self.bench.run(line);
        self.noted(answer)
    }

    /// A link opened in this session ([`Workbench::open_link`]): its definitions merged into
    /// the workspace, its cube loaded when it has one (`facelets` empty: none).
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(&mut self, workspace: &str, size: usize, facelets: &str) -> Answer {
        let answer = self.bench.open_link(workspace, size, facelets);
        self.noted(answer)
    }

    /// The page's `)load` ([`Workbench::load_text`]): a chosen file's workspace text joined
    /// to the workspace, all or nothing.
    #[wasm_bindgen(js_name = loadText)]
    pub fn load_text(&mut self, file: &str, source: &str) -> Answer {
        let answer = self.bench.load_text(file, source);
        self.noted(answer)
    }

    /// The page's `)copy` ([`Workbench::copy_text`]): a chosen file's workspace text, the
    /// names given (separated by spaces; none: all) brought in.
    #[wasm_bindgen(js_name = copyText)]
    pub fn copy_text(&mut self, file: &str, source: &str, names: &str) -> Answer {
        let answer = self.bench.copy_text(file, source, names);
        self.noted(answer)
    }

    /// The session as it is, for the page to show (a line that does nothing).
    pub fn look(&mut self) -> Answer {
        let answer = self.bench.run("");
        self.noted(answer)
    }

    /// The undo history's order and the changes new since the last call
    /// ([`Workbench::history`]), for the page to keep.
    pub fn history(&mut self) -> History {
        self.bench.history()
    }

    /// Gives back the undo history the page kept ([`Workbench::restore_history`]): whether
    /// it was; why not, if it was not, is said with the next answer.
    #[wasm_bindgen(js_name = restoreHistory)]
    pub fn restore_history(&mut self, history: &History) -> bool {
        let note = self.bench.restore_history(history);
        let restored = note.is_none();
        self.notes.extend(note);
        restored
    }

    /// `answer` with the notes not yet said before its own.
    fn noted(&mut self, mut answer: Answer) -> Answer {
        let mut notes = std::mem::take(&mut self.notes);
        if !answer.note.is_empty() {
            notes.push(answer.note);
        }
        answer.note = notes.join("; ");
        answer
    }
}

impl Default for Bench {
    fn default() -> Self {
        Bench::new()
    }
}

#[wasm_bindgen]
impl History {
    /// An empty history, whose fields the page then sets to what it kept.
    #[wasm_bindgen(constructor)]
    pub fn new() -> History {
        History::default()
    }
}

/// This tab's kept workspace merged with another tab's ([`super::merge_kept`]): the text to
/// keep, then the note saying what the other tab changed (empty: nothing new).
#[wasm_bindgen(js_name = mergeKept)]
pub fn merge_kept(ours: &str, then: &str, theirs: &str, theirs_then: &str) -> Vec<String> {
    let (text, note) = super::merge_kept(ours, then, theirs, theirs_then);
    vec![text, note]
}

/// The doubled coordinates of the N×N×N cube's stickers, flattened ([`super::positions`]).
#[wasm_bindgen]
pub fn positions(n: usize) -> Vec<i32> {
    super::positions(n)
}
