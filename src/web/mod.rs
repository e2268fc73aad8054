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

/// The longest reply the page shows, in characters: a longer one is cut there, and its note
/// says how much was left out ([`cut_reply`]), so that the page never freezes laying out
/// megabytes of text.
pub const MAX_REPLY_CHARS: usize = 100_000;

/// `text` cut after [`MAX_REPLY_CHARS`] characters, and the note saying so (`None`: it was
/// not cut).
///
/// ```
/// use cubework::web::{MAX_REPLY_CHARS, cut_reply};
/// assert_eq!(cut_reply("R U".to_string()), ("R U".to_string(), None));
/// let (text, note) = cut_reply("x".repeat(MAX_REPLY_CHARS + 5));
/// assert_eq!(text.chars().count(), MAX_REPLY_CHARS);
/// assert_eq!(note.unwrap(), "the reply is 100,005 characters long: the first 100,000 are shown, 5 left out");
/// ```
pub fn cut_reply(text: String) -> (String, Option<String>) {
    let Some((end, _)) = text.char_indices().nth(MAX_REPLY_CHARS) else {
        return (text, None);
    };
    let total = text.chars().count();
    let thousands = |n: usize| crate::base::text::thousands(n as u64);
    let note = format!(
        "the reply is {} characters long: the first {} are shown, {} left out",
        thousands(total),
        thousands(MAX_REPLY_CHARS),
        thousands(total - MAX_REPLY_CHARS)
    );
    let mut text = text;
    text.truncate(end);
    (text, Some(note))
}

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
    /// The names of the files the line wrote (`draw FILE`, `compare --plot FILE`), which the
    /// page, having no disk, offers as downloads.
    pub files: Vec<String>,
    /// Each file's text, in the same place.
    pub file_texts: Vec<String>,
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

/// The session's undo history as the page keeps it, to give it back when the session starts
/// again after a stopped line ([`Workbench::history`], [`Workbench::restore_history`]): its
/// order by serials ([`crate::command::HistoryOrder`]), and the changes the page has not yet
/// been told of, each in the same place of each list — its serial, its label, its moves as
/// written and the notation they are written in (both empty: it set the state, or it is the
/// start), and the cube after it.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "web",
    wasm_bindgen::prelude::wasm_bindgen(getter_with_clone)
)]
pub struct History {
    /// Changes forgotten before the start.
    pub forgotten: u32,
    /// The serial of the cube the kept changes start from.
    pub start: u32,
    /// The changes made, oldest first: undo takes them back.
    pub made: Vec<u32>,
    /// The changes undone, the next to redo last.
    pub undone: Vec<u32>,
    /// Each new change's serial.
    pub serials: Vec<u32>,
    /// Each new change's label, as `history` shows it.
    pub labels: Vec<String>,
    /// Each new change's moves as written, or empty.
    pub moves: Vec<String>,
    /// The notation each one's moves are written in (`standard`, `paper`; empty: none).
    pub notations: Vec<String>,
    /// The size of the cube after each.
    pub sizes: Vec<u32>,
    /// The cube after each, as a facelet string.
    pub facelets: Vec<String>,
}

/// The session a page works on, and what the page was last told.
pub struct Workbench {
    session: Session,
    /// APL was used, so the workspace exists and is kept.
    used_apl: bool,
    /// The highest serial of a change the page was told of ([`Workbench::history`]).
    told: u64,
}

impl Default for Workbench {
    fn default() -> Self {
        Workbench::new()
    }
}

impl Workbench {
    /// A new session on the solved cube, as the REPL starts.
    pub fn new() -> Workbench {
        crate::base::table_cache::take_files();
        Workbench {
            session: Session::new(false),
            used_apl: false,
            told: 0,
        }
    }

    /// A session brought back from what the page kept; with the notes of what could not be
    /// brought back (a workspace that no longer loads, a cube of no size the workbench has).
    pub fn restore(state: &State) -> (Workbench, Vec<String>) {
        crate::base::table_cache::take_files();
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
            told: 0,
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
        notation_name(self.session.notation()).to_string()
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

    /// The page's `)load`: the workspace text of a file chosen in the browser (`file`, its
    /// name) joined to the workspace, all or nothing, as the REPL's `)load FILE` joins its
    /// file's.
    pub fn load_text(&mut self, file: &str, source: &str) -> Answer {
        self.used_apl = true;
        let shown = crate::base::text::echo(file);
        let result = self
            .session
            .load_workspace_text(source)
            .map(|said| (format!("loaded {shown}{said}"), String::new()))
            .map_err(|e| format!("error: {shown}: {e}"));
        self.answer(result, Vec::new())
    }

    /// The page's `)copy`: the workspace text of a file chosen in the browser (`file`, its
    /// name), the names given brought in (all when none), as the REPL's `)copy FILE NAMES`
    /// brings them in from its file.
    pub fn copy_text(&mut self, file: &str, source: &str, names: &str) -> Answer {
        self.used_apl = true;
        let names: Vec<String> = names.split_whitespace().map(str::to_string).collect();
        let result = self
            .session
            .copy_workspace_text(file, source, &names)
            .map(|(said, note)| (said, note.unwrap_or_default()))
            .map_err(|e| format!("error: {e}"));
        self.answer(result, Vec::new())
    }

    /// Runs one line as the REPL does; what it came to. A line longer than the REPL reads
    /// ([`crate::base::lines::MAX_LINE_BYTES`], 1 MiB) is refused unread, as the REPL
    /// refuses it.
    pub fn run(&mut self, line: &str) -> Answer {
        if line.len() > crate::base::lines::MAX_LINE_BYTES {
            let refused = format!(
                "error: the line is {} bytes, longer than the limit of 1 MiB (1,048,576 bytes); it was not run",
                crate::base::text::thousands(line.len() as u64)
            );
            return self.answer(Err(refused), Vec::new());
        }
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

    /// The undo history's order, with the changes made since the page was last told
    /// (all of them the first time): what the page keeps to give back with
    /// [`Workbench::restore_history`].
    pub fn history(&mut self) -> History {
        let serial = |s: u64| u32::try_from(s).unwrap_or(u32::MAX);
        let order = self.session.history_order();
        let mut history = History {
            forgotten: u32::try_from(order.forgotten).unwrap_or(u32::MAX),
            start: serial(order.start),
            made: order.made.iter().map(|&s| serial(s)).collect(),
            undone: order.undone.iter().map(|&s| serial(s)).collect(),
            ..History::default()
        };
        for change in self.session.changes_since(self.told) {
            self.told = self.told.max(change.serial);
            history.serials.push(serial(change.serial));
            history.labels.push(change.label);
            let (moves, notation) = match &change.moves {
                Some(alg) => (alg.to_string(), notation_name(alg.written_in()).to_string()),
                None => (String::new(), String::new()),
            };
            history.moves.push(moves);
            history.notations.push(notation);
            history.sizes.push(change.cube.size() as u32);
            history.facelets.push(change.cube.facelets());
        }
        history
    }

    /// Gives back the undo history the page kept ([`Workbench::history`]'s, every change it
    /// was told of in one), in place of the session's own; `None`, or a note saying why it
    /// was not brought back (the session's own history is then kept).
    pub fn restore_history(&mut self, history: &History) -> Option<String> {
        let kept = (0..history.serials.len())
            .map(|i| kept_change(history, i))
            .collect::<Result<Vec<_>, String>>();
        let order = crate::command::HistoryOrder {
            forgotten: history.forgotten as usize,
            start: u64::from(history.start),
            made: history.made.iter().map(|&s| u64::from(s)).collect(),
            undone: history.undone.iter().map(|&s| u64::from(s)).collect(),
        };
        match kept.and_then(|kept| self.session.restore_history(&order, &kept)) {
            Ok(()) => {
                let all = history.serials.iter().map(|&s| u64::from(s));
                self.told = all.max().unwrap_or(0);
                None
            }
            Err(why) => Some(format!(
                "undo and redo start anew: the kept history was not brought back ({why})"
            )),
        }
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
        let (text, cut) = cut_reply(text);
        let note = [Some(note), cut]
            .into_iter()
            .flatten()
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        let shown = self
            .session
            .rep()
            .build(&cube)
            .map(|r| r.render_in(self.session.scheme()))
            .unwrap_or_default();
        let mut note = note;
        let (files, file_texts) = crate::base::table_cache::taken_files()
            .into_iter()
            .map(|(path, bytes)| {
                let typed = path.to_string_lossy();
                let name = download_name(&typed);
                if name != typed {
                    let said = format!(
                        "{} is offered as the download {} (a download's name is the one typed, each / \\ : * ? \" < > | or control character in it made _)",
                        crate::base::text::echo(&typed),
                        crate::base::text::echo(&name)
                    );
                    note = [note.as_str(), &said]
                        .into_iter()
                        .filter(|n| !n.is_empty())
                        .collect::<Vec<_>>()
                        .join("; ");
                }
                (name, String::from_utf8_lossy(&bytes).into_owned())
            })
            .unzip();
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
            files,
            file_texts,
        }
    }
}

/// This tab's kept workspace merged with what another tab of the page kept meanwhile
/// ([`Session::merge_kept_texts`]: `ours` now, `then` when this tab last kept it, `theirs` the
/// kept text now, `theirs_then` when this tab last kept it): the text to keep, and a note of
/// what the other tab changed (empty: nothing new). Neither tab's work is lost: each keeps
/// the other's names in what it keeps, as two REPLs sharing a data directory do.
pub fn merge_kept(ours: &str, then: &str, theirs: &str, theirs_then: &str) -> (String, String) {
    let merged = Session::merge_kept_texts(ours, then, theirs, theirs_then);
    let names = |keys: &[String]| {
        keys.iter()
            .map(|k| crate::base::text::echo(k))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut said = Vec::new();
    if !merged.joined.is_empty() {
        said.push(format!(
            "its {} kept with this tab's (a reload brings them here)",
            names(&merged.joined)
        ));
    }
    if !merged.erased.is_empty() {
        said.push(format!(
            "its erasing of {} kept: no longer kept here either",
            names(&merged.erased)
        ));
    }
    if !merged.replaced.is_empty() {
        said.push(format!(
            "its {} replaced by this tab's",
            names(&merged.replaced)
        ));
    }
    let note = match said.is_empty() {
        true => String::new(),
        false => format!(
            "another tab of this page kept its workspace too: {}",
            said.join("; ")
        ),
    };
    (merged.text, note)
}

/// The name a file the page writes (`draw FILE`) is offered to download as: the name typed,
/// each character no file name holds on some system (`/ \ : * ? " < > |`, control
/// characters) made `_`, so that `draw <b>x</b>.svg` offers `_b_x__b_.svg` rather than
/// what the browser would make of a path.
pub fn download_name(typed: &str) -> String {
    let name: String = typed
        .chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        })
        .collect();
    match name.trim_matches('.').is_empty() {
        true => "cubework-file".to_string(),
        false => name,
    }
}

/// A notation's name, as [`State::notation`] and [`History::notations`] keep it.
fn notation_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Paper => "paper",
        _ => "standard",
    }
}

/// The `i`th change of a kept history, read back.
fn kept_change(history: &History, i: usize) -> Result<crate::command::KeptChange, String> {
    let field = |v: &[String]| v.get(i).cloned().unwrap_or_default();
    let serial = history.serials[i];
    let size = history.sizes.get(i).copied().unwrap_or(0) as usize;
    let cube = Cube::from_facelets_n(&field(&history.facelets), size)
        .map_err(|e| format!("change {serial}'s cube: {e}"))?;
    let moves = match field(&history.notations).as_str() {
        "" => None,
        name => {
            let notation = if name == "paper" {
                Notation::Paper
            } else {
                Notation::Standard
            };
            let alg = crate::sequence::alg::Alg::parse(&field(&history.moves), notation)
                .map_err(|e| format!("change {serial}'s moves: {e}"))?;
            Some(alg)
        }
    };
    Ok(crate::command::KeptChange {
        serial: u64::from(serial),
        label: field(&history.labels),
        moves,
        cube,
    })
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
