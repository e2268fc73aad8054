//! The browser's front end: the workbench as one HTML page, the REPL's [`Session`] compiled
//! to WebAssembly and run in a Web Worker beside the cube's renderer (the player page's,
//! [`crate::draw::html::RENDERER`]).
//!
//! It is a third front end beside the command line and the REPL, not a second workbench:
//! every line typed in the page is [`Session::execute`]d, as the REPL executes it, and the
//! page is told what became of it as an [`Answer`] — the text (or the error, as the REPL
//! writes it), the prompt, the cube's stickers, the moves made (each as its layer turns, from
//! [`crate::Move::layer_quarters`], so the page holds no move table of its own) and the
//! workspace as `)save` writes it, which the page keeps in the browser's storage. [`State`]
//! is what the page keeps to bring a session back after a reload or a stopped line.
//!
//! What needs a disk or gigabytes — the optimal solver's tables and `tables` — answers in
//! one line that the page cannot do it ([`NEEDS_A_DISK`]). [`page`] writes the page: the
//! compiled session (made by `scripts/page.sh`, which builds this crate for
//! `wasm32-unknown-unknown` with the `web` feature, whose `bind` module holds the
//! wasm-bindgen exports) inlined, so that it opens from `file://` with no server.

#[cfg(feature = "web")]
pub mod bind;
#[cfg(not(target_arch = "wasm32"))]
pub mod page;

use crate::command::session::SessionRequest;
use crate::command::{LineKind, Session, line_kind};
use crate::rep::RepKind;
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::notation::Notation;

/// What the page says instead of running a command that needs a disk (`tables`, the optimal
/// solver), after the command's word.
pub const NEEDS_A_DISK: &str = "needs a disk for its tables, which a page does not have: \
     run it in the installed cubework (see the README's two commands)";

/// What one line came to, for the page (which reads its fields through wasm-bindgen's
/// getters, with the `web` feature).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "web",
    wasm_bindgen::prelude::wasm_bindgen(getter_with_clone)
)]
pub struct Answer {
    /// The line ran (false: `text` is its error, as the REPL shows it).
    pub ok: bool,
    /// The reply's text, or `error: …`.
    pub text: String,
    /// A remark, shown before the text as the REPL shows it (`note: …`), or empty.
    pub note: String,
    /// The prompt for the next line.
    pub prompt: String,
    /// Whether the next line is read as APL.
    pub apl: bool,
    /// The cube's size N.
    pub size: usize,
    /// Each sticker's colour (its face's index, as the renderer's `COLOURS`), in the
    /// geometry's order ([`Geometry::position`]).
    pub stickers: Vec<u8>,
    /// The moves the line made, written out (empty when it made none, or changed the cube
    /// another way).
    pub moves: Vec<String>,
    /// Each of `moves` as its layer turns, flattened: the number of turns, then each turn as
    /// axis (0 X, 1 Y, 2 Z), layer and quarter-turns in the paper's positive sense.
    pub turns: Vec<i32>,
    /// The current representation's name and its display in the paper's layout.
    pub rep: String,
    /// The representation's display.
    pub shown: String,
    /// The workspace as `)save` writes it (empty before any APL was used).
    pub workspace: String,
    /// The cube's stickers as a facelet string, to bring the cube back ([`State`]).
    pub facelets: String,
    /// The notation moves are read in: `standard` or `paper`.
    pub notation: String,
    /// The cube is solved.
    pub solved: bool,
}

/// What the page keeps to bring a session back: the cube (its size and facelets), the
/// representation, the notation, APL mode and the workspace's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// The cube's size.
    pub size: usize,
    /// The cube as a facelet string (empty: solved).
    pub facelets: String,
    /// The representation's name.
    pub rep: String,
    /// `paper` for the paper's notation.
    pub notation: String,
    /// Whether lines were read as APL.
    pub apl: bool,
    /// The workspace as `)save` writes it.
    pub workspace: String,
}

/// The session a page works on, and what the page was last told.
pub struct Workbench {
    session: Session,
    /// APL was used, so the workspace exists and is kept.
    used_apl: bool,
}

impl Default for Workbench {
    fn default() -> Self {
        Workbench::new()
    }
}

impl Workbench {
    /// A new session on the solved cube, as the REPL starts.
    pub fn new() -> Workbench {
        Workbench {
            session: Session::new(false),
            used_apl: false,
        }
    }

    /// A session brought back from what the page kept; with the notes of what could not be
    /// brought back (a workspace that no longer loads, a cube of no size the workbench has).
    pub fn restore(state: &State) -> (Workbench, Vec<String>) {
        let mut notes = Vec::new();
        let notation = if state.notation == "paper" {
            Notation::Paper
        } else {
            Notation::Standard
        };
        let cube = match state.facelets.as_str() {
            "" => Cube::solved_n(state.size.max(2)),
            text => Cube::from_facelets_n(text, state.size).unwrap_or_else(|e| {
                notes.push(format!("the kept cube was not read ({e}): solved"));
                Cube::solved()
            }),
        };
        let rep: Option<RepKind> = state.rep.parse().ok();
        let session = Session::with_cube(rep, &cube, notation, String::new(), false)
            .or_else(|_| Session::with_cube(None, &cube, notation, String::new(), false))
            .unwrap_or_else(|_| Session::new(false));
        let mut bench = Workbench {
            session,
            used_apl: false,
        };
        if !state.workspace.trim().is_empty() {
            bench.used_apl = true;
            notes.extend(
                bench
                    .session
                    .merge_workspace_text(&state.workspace, "kept in this browser"),
            );
            if rep.is_none() && !state.rep.is_empty() {
                let _ = bench.session.execute(&format!("rep {}", state.rep));
            }
        }
        if state.apl {
            let _ = bench.session.execute("apl");
        }
        (bench, notes)
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// What the page keeps of the session now.
    pub fn state(&mut self) -> State {
        State {
            size: self.session.size(),
            facelets: self.session.cube().facelets(),
            rep: self.session.rep_name().to_string(),
            notation: self.notation(),
            apl: self.session.in_apl(),
            workspace: self.workspace(),
        }
    }

    /// The notation's name, as [`State::notation`] keeps it.
    fn notation(&self) -> String {
        match self.session.notation() {
            Notation::Paper => "paper".into(),
            _ => "standard".into(),
        }
    }

    /// The workspace's text, once APL has been used, with any line that did not run kept as
    /// it was.
    fn workspace(&mut self) -> String {
        if !self.used_apl {
            return String::new();
        }
        self.session.kept_workspace_text().unwrap_or_default()
    }

    /// A link opened in this session: its definitions brought into the workspace (the
    /// workspace's own stay; a line that does not run is kept as it was and named in the
    /// note), then its cube, when it has one, loaded as `size` and `load` would (changes undo
    /// takes back). Its moves are the page's next line.
    pub fn open_link(&mut self, workspace: &str, size: usize, facelets: &str) -> Answer {
        let mut notes = Vec::new();
        if !workspace.trim().is_empty() {
            self.used_apl = true;
            notes.extend(self.session.merge_workspace_text(workspace, "in the link"));
        }
        let mut result = Ok(("the link is open".to_string(), String::new()));
        if !facelets.is_empty() {
            let cube = Cube::from_facelets_n(facelets, size);
            let loaded = cube
                .map_err(|e| format!("error: the link's cube: {e}"))
                .and_then(|cube| {
                    let size = SessionRequest::Size(Some(size));
                    let run = |s: &mut Session, r: SessionRequest| crate::command::run(s, r.into());
                    run(&mut self.session, size)
                        .and_then(|_| run(&mut self.session, SessionRequest::Load(cube)))
                        .map_err(|e| format!("error: the link's cube: {e}"))
                });
            if let Err(e) = loaded {
                result = Err(e);
            }
        }
        let mut answer = self.answer(result, Vec::new());
        notes.extend((!answer.note.is_empty()).then(|| answer.note.clone()));
        answer.note = notes.join("; ");
        answer
    }

    /// Runs one line as the REPL does; what it came to.
    pub fn run(&mut self, line: &str) -> Answer {
        let in_apl = self.session.in_apl();
        let kind = line_kind(line.trim());
        let word = match kind {
            LineKind::Command(def, ..) if !in_apl => Some(def.name),
            _ => None,
        };
        if in_apl || matches!(word, Some("apl")) || line.trim_start().starts_with(')') {
            self.used_apl = true;
        }
        let first = line.split_whitespace().next().unwrap_or_default();
        if let Some(refused) = (!in_apl)
            .then(|| needs_a_disk(word.unwrap_or(first), line))
            .flatten()
        {
            return self.answer(Err(refused), Vec::new());
        }
        let moves = match (in_apl, kind) {
            (false, LineKind::Moves) => {
                crate::sequence::parser::parse_sequence(line, self.session.notation())
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        let before = self.session.cube();
        let result = self.session.execute(line);
        // The moves are the line's only when they are what changed the cube.
        let mut expected = before;
        let made = result.is_ok() && expected.apply_all(&moves).is_ok() && {
            expected == self.session.cube()
        };
        let result = result.map(|reply| {
            let note = reply.note.unwrap_or_default();
            (reply.text, note)
        });
        self.answer(
            result.map_err(|e| format!("error: {e}")),
            if made { moves } else { Vec::new() },
        )
    }

    /// The answer for a line's result and the moves it made.
    fn answer(
        &mut self,
        result: Result<(String, String), String>,
        moves: Vec<crate::turn::moves::Move>,
    ) -> Answer {
        let cube = self.session.cube();
        let n = cube.size();
        let mut turns = Vec::new();
        for m in &moves {
            let layers: Vec<_> = m.layer_quarters(n).map(|t| t.collect()).unwrap_or_default();
            turns.push(layers.len() as i32);
            for (axis, layer, quarters) in layers {
                turns.extend([axis as i32, layer as i32, i32::from(quarters)]);
            }
        }
        let (ok, text, note) = match result {
            Ok((text, note)) => (true, text, note),
            Err(e) => (false, e, String::new()),
        };
        let shown = self
            .session
            .rep()
            .build(&cube)
            .map(|r| r.render_in(self.session.scheme()))
            .unwrap_or_default();
        Answer {
            ok,
            text,
            note,
            prompt: self.session.prompt(),
            apl: self.session.in_apl(),
            size: n,
            stickers: cube.stickers().iter().map(|f| f.index() as u8).collect(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            turns,
            rep: self.session.rep_name().to_string(),
            shown,
            workspace: self.workspace(),
            facelets: cube.facelets(),
            notation: self.notation(),
            solved: cube == Cube::solved_n(n),
        }
    }
}

/// The refusal of a command that needs a disk (`tables`, the command line's, which the page
/// reads too; `solve`, `hint` or `compare` with the optimal solver), or `None`.
fn needs_a_disk(word: &str, line: &str) -> Option<String> {
    let optimal = line
        .split_whitespace()
        .skip(1)
        .any(|w| w.trim_start_matches('-').eq_ignore_ascii_case("optimal"));
    match word {
        "tables" => Some(format!("error: tables {NEEDS_A_DISK}")),
        "solve" | "hint" | "compare" if optimal => {
            Some(format!("error: the optimal solver {NEEDS_A_DISK}"))
        }
        _ => None,
    }
}

/// The doubled coordinates of each sticker of the N×N×N cube, flattened (x, y, z per
/// sticker, in the geometry's order): where the renderer draws the colours of
/// [`Answer::stickers`].
pub fn positions(n: usize) -> Vec<i32> {
    let g = Geometry::of(n);
    (0..g.sticker_count()).flat_map(|i| g.position(i)).collect()
}

#[cfg(test)]
mod tests;
