//! The page's session bound to JavaScript by wasm-bindgen (the `web` feature): what the
//! page's worker calls. Each call is one value across the boundary; the page keeps
//! [`super::State`]'s fields in its storage and gives them back to [`Bench::restore`].

use wasm_bindgen::prelude::*;

/// The session, as the page's worker holds it.
#[wasm_bindgen]
pub struct Bench {
    bench: super::Workbench,
    /// What could not be brought back, said with the next reply.
    notes: Vec<String>,
}

/// What one line came to ([`super::Answer`]), as the worker reads it.
#[wasm_bindgen(getter_with_clone)]
pub struct Reply {
    /// The line ran.
    pub ok: bool,
    /// Its text, or its error as the REPL shows it.
    pub text: String,
    /// A note before the text, or empty.
    pub note: String,
    /// The next prompt.
    pub prompt: String,
    /// APL mode.
    pub apl: bool,
    /// The cube's size.
    pub size: usize,
    /// Each sticker's colour index.
    pub stickers: Vec<u8>,
    /// The moves made, separated by spaces.
    pub moves: String,
    /// Their layer turns, flattened (see [`super::Answer::turns`]).
    pub turns: Vec<i32>,
    /// The representation's name.
    pub rep: String,
    /// Its display.
    pub shown: String,
    /// The workspace's text.
    pub workspace: String,
    /// The cube as facelets.
    pub facelets: String,
    /// The notation (`standard` or `paper`).
    pub notation: String,
    /// The cube is solved.
    pub solved: bool,
}

#[wasm_bindgen]
impl Bench {
    /// A new session, as the REPL starts.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Bench {
        Bench {
            bench: super::Workbench::new(),
            notes: Vec::new(),
        }
    }

    /// A session brought back from what the page kept; the notes of what was not are in
    /// the first reply's note ([`Bench::look`]).
    pub fn restore(
        size: usize,
        facelets: &str,
        rep: &str,
        notation: &str,
        apl: bool,
        workspace: &str,
    ) -> Bench {
        let (bench, notes) = super::Workbench::restore(&super::State {
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
    pub fn run(&mut self, line: &str) -> Reply {
        let answer = self.bench.run(line);
        self.reply(answer)
    }

    /// The session as it is, for the page to show (a line that does nothing).
    pub fn look(&mut self) -> Reply {
        let answer = self.bench.run("");
        self.reply(answer)
    }

    fn reply(&mut self, a: super::Answer) -> Reply {
        let mut notes = std::mem::take(&mut self.notes);
        notes.extend((!a.note.is_empty()).then_some(a.note));
        Reply {
            ok: a.ok,
            text: a.text,
            note: notes.join("; "),
            prompt: a.prompt,
            apl: a.apl,
            size: a.size,
            stickers: a.stickers,
            moves: a.moves.join(" "),
            turns: a.turns,
            rep: a.rep,
            shown: a.shown,
            workspace: a.workspace,
            facelets: a.facelets,
            notation: a.notation,
            solved: a.solved,
        }
    }
}

impl Default for Bench {
    fn default() -> Self {
        Bench::new()
    }
}

/// The doubled coordinates of the N×N×N cube's stickers, flattened ([`super::positions`]).
#[wasm_bindgen]
pub fn positions(n: usize) -> Vec<i32> {
    super::positions(n)
}
