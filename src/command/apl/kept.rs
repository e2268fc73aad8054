//! The workspace kept between sessions (the REPL's `workspace.apl`), a store that loses
//! nothing:
//!
//! - every value, of any size, is one line `NAME←value` read back as a value
//!   ([`crate::apl::literal`]), never as a line of APL with its limit on words;
//! - a line that does not run when the file is read is named in one note and kept, as it
//!   was, at the end of the file, through every later write (until the user defines, erases
//!   or clears what it names), and the rest loads;
//! - a write never leaves the file with less than it held, unless the user asked: before
//!   each write the file is read again and merged, entry by entry (a function, a variable,
//!   a `)rep` or `)compile` line, a kept line), with what this session changed: a name this
//!   session changed or erased is this session's, any other is as the file has it now — so
//!   two sessions sharing the data directory keep each other's work;
//! - the read, merge and write are done under a lock (`workspace.apl.lock` beside it), so
//!   that two sessions writing at once do not lose one another's change either.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{CUBE, Session, apl_line, compile_quietly, workspace};
use crate::answer::error::Result;
use crate::base::text::{echo, echo_path};
use crate::command::{Front, Reply, usage};

/// The comment before the kept lines.
const KEPT_HEADER: &str =
    "⍝ kept as they were: lines that did not run when the workspace was read, and comments";

/// The part of the file an entry is written in, in this order: the functions first, the
/// lines kept as they were last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Section {
    Function,
    Rep,
    Variable,
    Compile,
    Kept,
}

/// One entry of a workspace file: its section, the key it is merged by (a name, `)rep NAME`,
/// `)compile NAME`, or a kept line's own text), and its text (one statement, perhaps of
/// several lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) section: Section,
    pub(super) key: String,
    pub(super) text: String,
}

/// A line of the file kept as it was: one that did not run, or a comment. `name` is what
/// it would define or assign, if anything: defining, erasing or clearing that name in the
/// session lets it go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeptLine {
    pub(super) text: String,
    pub(super) name: Option<String>,
}

/// The keeping of the workspace: the file, and what it and the session held when they last
/// agreed.
#[derive(Default)]
pub(crate) struct Kept {
    /// The file the workspace is kept in between sessions (the REPL's), if any.
    pub(super) file: Option<PathBuf>,
    /// The lines of the file kept as they were.
    pub(super) lines: Vec<KeptLine>,
    /// The session's entries when last read or written: a key whose entry differs now is one
    /// this session changed (or erased), and is written as the session has it.
    pub(super) then: HashMap<String, String>,
    /// The file's entries as last read or written: what another session changed since.
    pub(super) file_then: HashMap<String, String>,
    /// The last write failed (a full disk, a directory made read-only): said once, and every
    /// later change tries again until one is written.
    pub(super) failing: bool,
    /// The last write did not reach the file (it failed, or the workspace was too large):
    /// what the session changed since its last good write is not in the file.
    pub(super) unwritten: bool,
    /// Each variable's line as last written, with the value it was written from: a value
    /// unchanged since is not written out again (a large one takes far longer to write as
    /// text than to compare).
    pub(super) written: HashMap<String, (crate::apl::Value, String)>,
}

/// The session's workspace as entries: the user's functions; each representation of one's
/// own (after any definition it was made from that is not the user's); the user's
/// variables (`⎕IO` among them) as values; a `)compile NAME` line for each compiled
/// function; and, with `kept`, the lines kept as they were.
pub(super) fn entries(session: &mut Session, kept: bool) -> Result<Vec<Entry>> {
    let reps = session.apl_state_mut().reps.clone();
    let lines = match kept {
        true => session.apl_state_mut().kept.lines.clone(),
        false => Vec::new(),
    };
    let mut written = std::mem::take(&mut session.apl_state_mut().kept.written);
    let mut now = HashMap::new();
    let ws = workspace(session)?;
    let mut out: Vec<Entry> = Vec::new();
    let mut push = |section, key: String, text: String| {
        if !out.iter().any(|e| e.key == key) {
            out.push(Entry { section, key, text });
        }
    };
    for f in ws.user_functions() {
        if let Some(text) = ws.definition(f) {
            push(Section::Function, f.to_string(), text.to_string());
        }
    }
    for r in &reps {
        for l in &r.source {
            let key = crate::apl::statement_name(l).unwrap_or_else(|| l.clone());
            push(Section::Function, key, l.clone());
        }
        push(Section::Rep, format!(")rep {}", r.name), r.command());
    }
    for v in ws.variables() {
        if v != CUBE {
            let value = ws.get(v).expect("a variable listed");
            let line = match written.remove(v) {
                Some((was, line)) if was == *value => (was, line),
                _ => (value.clone(), format!("{v}←{}", value.to_source())),
            };
            push(Section::Variable, v.to_string(), line.1.clone());
            now.insert(v.to_string(), line);
        }
    }
    for f in ws.user_functions() {
        if ws.compiled_shape(f).is_some() {
            push(
                Section::Compile,
                format!(")compile {f}"),
                format!(")compile {f}"),
            );
        }
    }
    for l in lines {
        push(Section::Kept, kept_key(&l.text), l.text);
    }
    session.apl_state_mut().kept.written = now;
    Ok(out)
}

/// The key of a kept line: its text, marked so that it is no name.
fn kept_key(text: &str) -> String {
    format!("⍝kept {text}")
}

/// The file's text of `entries`: the header, then each section in order.
pub(super) fn text_of(entries: &[Entry]) -> String {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by_key(|e| e.section);
    let mut out = format!("{}\n", crate::apl::SAVED_HEADER);
    let mut kept_said = false;
    for e in sorted {
        if e.section == Section::Kept && !kept_said {
            out.push_str(KEPT_HEADER);
            out.push('\n');
            kept_said = true;
        }
        out.push_str(&e.text);
        out.push('\n');
    }
    out
}

/// A workspace file's text as entries, without running it.
pub(super) fn parse(source: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    let mut in_kept = false;
    for (_, text) in crate::apl::statements_of(source) {
        let t = text.trim();
        if t.is_empty() || t == crate::apl::SAVED_HEADER {
            continue;
        }
        if t == KEPT_HEADER {
            in_kept = true;
            continue;
        }
        let (section, key) = match classify(&text) {
            Some((section, key)) if !in_kept => (section, key),
            _ => (Section::Kept, kept_key(&text)),
        };
        if !out.iter().any(|e| e.key == key) {
            out.push(Entry { section, key, text });
        }
    }
    out
}

/// A statement's section and key, if it is a definition, an assignment of a whole name, or
/// a `)rep` or `)compile` line.
fn classify(text: &str) -> Option<(Section, String)> {
    let t = text.trim();
    if let Some(rest) = crate::rep::user::rep_line(t) {
        let name = rest.split_whitespace().next()?;
        return Some((Section::Rep, format!(")rep {name}")));
    }
    if let Some(name) = t.strip_prefix(")compile") {
        return Some((Section::Compile, format!(")compile {}", name.trim())));
    }
    if t.starts_with('⍝') {
        return None;
    }
    let name = crate::apl::statement_name(t)?;
    let after = t[t.find(name.as_str()).map_or(0, |i| i + name.len())..].trim_start();
    let variable = after.starts_with('←') && !after['←'.len_utf8()..].trim_start().starts_with('{');
    let section = match variable && !t.starts_with('∇') {
        true => Section::Variable,
        false => Section::Function,
    };
    Some((section, name))
}

/// The entries as a map from key to text.
fn map_of(entries: &[Entry]) -> HashMap<String, String> {
    entries
        .iter()
        .map(|e| (e.key.clone(), e.text.clone()))
        .collect()
}

/// The merge of the session's entries `ours` with the file's now, `theirs`: an entry this
/// session changed since `then` (its text differs, or it is gone) is the session's, any
/// other the file's. In the session's order, the file's own entries after.
pub(super) fn merge(
    ours: &[Entry],
    then: &HashMap<String, String>,
    theirs: &[Entry],
) -> Vec<Entry> {
    let ours_map = map_of(ours);
    let changed = |key: &str| ours_map.get(key) != then.get(key);
    // A line of the file this session keeps as it was is that kept line, wherever it stands.
    // (Compared with the few kept lines' texts, not made into a key each: a large value's
    // line would be copied whole.)
    let kept_texts: Vec<&str> = then
        .keys()
        .chain(ours_map.keys())
        .filter_map(|k| k.strip_prefix("⍝kept "))
        .collect();
    let theirs: Vec<Entry> = theirs
        .iter()
        .map(|t| match kept_texts.contains(&t.text.as_str()) {
            true => Entry {
                section: Section::Kept,
                key: kept_key(&t.text),
                text: t.text.clone(),
            },
            false => t.clone(),
        })
        .collect();
    let theirs_map: HashMap<&str, &Entry> = theirs.iter().map(|e| (e.key.as_str(), e)).collect();
    let mut out: Vec<Entry> = Vec::new();
    for e in ours {
        if changed(&e.key) {
            out.push(e.clone());
        } else if let Some(t) = theirs_map.get(e.key.as_str()) {
            out.push((*t).clone());
        }
    }
    for t in &theirs {
        if !ours_map.contains_key(&t.key) && !changed(&t.key) {
            out.push(t.clone());
        }
    }
    out
}

/// What another session changed in the file since this one last read or wrote it, as the
/// names (or a word for a kept line), for a note.
fn others_changes(file_then: &HashMap<String, String>, theirs: &[Entry]) -> Vec<String> {
    let now = map_of(theirs);
    let mut keys: Vec<String> = now
        .keys()
        .filter(|k| file_then.get(*k) != now.get(*k))
        .chain(file_then.keys().filter(|k| !now.contains_key(*k)))
        .filter(|k| !k.starts_with("⍝kept "))
        .cloned()
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// A workspace file's text, read through the guarded reader (at most
/// [`crate::apl::MAX_WORKSPACE_BYTES`]).
pub(super) fn read_text(path: &Path) -> std::io::Result<String> {
    crate::apl::read_source_within(path, crate::apl::MAX_WORKSPACE_BYTES)
}

/// Runs one statement of a saved workspace in `ws` ([`crate::apl::Workspace::run_saved`]),
/// names such as `\rho` read as their glyphs first.
pub(super) fn run_statement(ws: &mut crate::apl::Workspace, text: &str) -> Result<(), String> {
    let expanded;
    let text = match text.contains(['\\', '`']) {
        true => {
            expanded = crate::apl::keys::expand_names(text).map_err(|e| e.to_string())?;
            expanded.as_str()
        }
        false => text,
    };
    ws.run_saved(text).map(|_| ()).map_err(|e| e.headline())
}

impl Session {
    /// Keeps the APL workspace in `file` between sessions (the REPL's, in the data
    /// directory): what it holds is loaded now, and after every APL request that changes the
    /// workspace it is merged with the file as it is then and written there whole. What this
    /// says: one line naming the lines of the file that did not run (kept in it as they
    /// were; the rest is loaded), or a file that cannot be read or is a symbolic link (it is
    /// then left as it is, and the session's changes are not kept in it).
    pub fn keep_workspace(&mut self, file: PathBuf) -> Vec<String> {
        let mut notes = Vec::new();
        let shown = echo_path(&file);
        let link = std::fs::symlink_metadata(&file).is_ok_and(|m| m.file_type().is_symlink());
        let mut keep = !link;
        match read_text(&file) {
            Ok(source) => {
                notes.extend(self.load_kept(&source, &shown));
                self.apl_state_mut().kept.file_then = map_of(&parse(&source));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !link => {}
            Err(e) => {
                keep = false;
                notes.push(format!(
                    "the workspace {shown} cannot be read: {}; it is left as it is, and this session's workspace is not kept",
                    crate::answer::error::reason(&e)
                ));
            }
        }
        if link && notes.is_empty() {
            notes.push(format!(
                "the workspace {shown} is a symbolic link: read, but this session's changes are not written through it (the link and its target are left as they are)"
            ));
        }
        if keep {
            self.apl_state_mut().kept.then =
                entries(self, true).map_or_else(|_| HashMap::new(), |e| map_of(&e));
            self.apl_state_mut().kept.file = Some(file);
        }
        notes.extend(std::mem::take(&mut self.apl_state_mut().notes));
        notes
    }

    /// A workspace's text from a front end with no files (the page's kept workspace, or a
    /// link's definitions) brought into the session's workspace as the REPL brings back its
    /// file: line by line, the rest of the workspace kept; a line that does not run is kept as
    /// it was ([`Session::kept_workspace_text`] gives it back) and named in the note this
    /// gives, `shown` saying where the text came from.
    pub fn merge_workspace_text(&mut self, source: &str, shown: &str) -> Option<String> {
        let note = self.load_kept(source, shown);
        self.follow_user_rep();
        note
    }

    /// The workspace as `)save` writes it, with the lines kept as they were after it (those
    /// that did not run, and comments): what a front end with no files keeps, so that nothing
    /// of the user's is lost between its sessions.
    pub fn kept_workspace_text(&mut self) -> crate::answer::error::Result<String> {
        Ok(text_of(&entries(self, true)?))
    }

    /// Runs a kept workspace's statements: definitions, values and `)rep` lines in order,
    /// then its `)compile` lines. A statement that does not run is kept as it was, and named
    /// in the note this gives; comments are kept too.
    fn load_kept(&mut self, source: &str, shown: &str) -> Option<String> {
        let mut failed: Vec<String> = Vec::new();
        let mut compile: Vec<(usize, String, String)> = Vec::new();
        for (number, text) in crate::apl::statements_of(source) {
            let t = text.trim();
            if t.is_empty() || t == crate::apl::SAVED_HEADER {
                continue;
            }
            if t.starts_with('⍝') && !t.contains('\n') {
                if t != KEPT_HEADER {
                    self.keep_line(&text, None);
                }
                continue;
            }
            let result = match (crate::rep::user::rep_line(t), t.strip_prefix(")compile")) {
                (Some(rest), _) => self.define_kept_rep(rest),
                (_, Some(name)) if !name.trim().is_empty() => {
                    compile.push((number, name.trim().to_string(), text.clone()));
                    continue;
                }
                _ if t.starts_with([')', ']']) => Err(system_command(t)),
                _ => workspace(self)
                    .map_err(|e| e.to_string())
                    .and_then(|ws| run_statement(ws, &text)),
            };
            if let Err(why) = result {
                failed.push(format!("line {number} ({})", echo(first_line(&why))));
                self.keep_line(&text, classify(&text).map(|(_, k)| k));
            }
        }
        for (number, name, text) in compile {
            if let Err(e) = compile_quietly(self, &name) {
                failed.push(format!(
                    "line {number} ({})",
                    echo(first_line(&e.to_string()))
                ));
                self.keep_line(&text, Some(format!(")compile {name}")));
            }
        }
        self.loaded_note(shown, &failed)
    }

    /// What bringing back a kept workspace (`shown`) says: the lines that did not run, and
    /// the paper's functions it defines again.
    fn loaded_note(&mut self, shown: &str, failed: &[String]) -> Option<String> {
        // The paper's functions it defines again are the user's from now on: said, as they
        // are when a line defines one.
        let shadowed = workspace(self)
            .map(|ws| ws.take_shadowed())
            .unwrap_or_default();
        let replaced = (!shadowed.is_empty()).then(|| {
            let kind = self.representation().kind().name();
            format!(
                "the workspace {shown} defines {} of the paper's ({kind} representation) again: yours {} {} until )erase NAME or )clear",
                shadowed.join(" "),
                if shadowed.len() == 1 { "replaces" } else { "replace" },
                if shadowed.len() == 1 { "it" } else { "them" },
            )
        });
        let failed = (!failed.is_empty()).then(|| {
            format!(
                "the workspace {shown}: {} did not run and {} kept in it as {} (the rest is loaded): {}",
                match failed.len() {
                    1 => "1 line".to_string(),
                    n => format!("{n} lines"),
                },
                if failed.len() == 1 { "is" } else { "are" },
                if failed.len() == 1 { "it was" } else { "they were" },
                failed.join("; ")
            )
        });
        match (failed, replaced) {
            (Some(f), Some(r)) => Some(format!("{f}; {r}")),
            (f, r) => f.or(r),
        }
    }

    /// A `)rep NAME ENCODE [DECODE]` line of a kept workspace, run.
    fn define_kept_rep(&mut self, words: &str) -> Result<(), String> {
        let (name, encode, decode) =
            crate::rep::user::rep_words(words).map_err(|e| e.to_string())?;
        let ws = workspace(self).map_err(|e| e.to_string())?;
        let rep = crate::rep::user::UserRep::define(ws, name, encode, decode)
            .map_err(|e| e.to_string())?;
        self.apl_state_mut().reps.retain(|o| o.name != rep.name);
        self.apl_state_mut().reps.push(rep);
        Ok(())
    }

    /// A traditional function closed at the end of the input (`whole`: its text and `∇`),
    /// kept: if it did not close (`failed`), its text is kept as a line of the file that did
    /// not run is; then the workspace is stored. What storing it says.
    pub(super) fn keep_closed_at_the_end(&mut self, whole: &str, failed: bool) -> Option<String> {
        if failed {
            self.keep_line(whole, classify(whole).map(|(_, k)| k));
        }
        self.store_workspace()
    }

    /// Keeps a line of the file as it was.
    fn keep_line(&mut self, text: &str, name: Option<String>) {
        let lines = &mut self.apl_state_mut().kept.lines;
        if !lines.iter().any(|l| l.text == text) {
            lines.push(KeptLine {
                text: text.to_string(),
                name,
            });
        }
    }

    /// Lets go of the kept lines that name `name` (the user defined, erased or cleared it):
    /// whether there were any.
    pub(super) fn let_go_kept(&mut self, name: &str) -> bool {
        let before = self.apl_state_mut().kept.lines.len();
        self.apl_state_mut()
            .kept
            .lines
            .retain(|l| l.name.as_deref() != Some(name));
        self.apl_state_mut().kept.lines.len() < before
    }

    /// Merges the workspace into its file, if it is kept and this session changed anything
    /// since it last read or wrote it; a note when another session's changes are kept beside
    /// this one's, or when it cannot be written (once for a run of failed writes: every later
    /// change tries again, and a note says when the workspace is kept again).
    pub(super) fn store_workspace(&mut self) -> Option<String> {
        let file = self.apl_state_mut().kept.file.clone()?;
        let ours = match entries(self, true) {
            Ok(e) => e,
            Err(e) => return Some(format!("the workspace is not kept: {e}")),
        };
        // A kept line whose name the session has now defined afresh is let go.
        let then = self.apl_state_mut().kept.then.clone();
        let fresh: Vec<String> = ours
            .iter()
            .filter(|e| e.section != Section::Kept && then.get(&e.key) != Some(&e.text))
            .map(|e| e.key.clone())
            .collect();
        let ours = match fresh.iter().any(|k| self.let_go_kept(k)) {
            true => entries(self, true).unwrap_or(ours),
            false => ours,
        };
        if ours.len() == then.len() && ours.iter().all(|e| then.get(&e.key) == Some(&e.text)) {
            return None;
        }
        match write_merged(&file, &ours, &then, &self.apl_state_mut().kept.file_then) {
            Ok((written, note)) => {
                let kept = &mut self.apl_state_mut().kept;
                kept.unwritten = false;
                kept.then = map_of(&ours);
                kept.file_then = map_of(&written);
                let again = std::mem::take(&mut kept.failing).then(|| {
                    format!(
                        "the workspace is kept in {} again, with all this session did",
                        echo_path(&file)
                    )
                });
                match (again, note) {
                    (Some(a), Some(n)) => Some(format!("{a}; {n}")),
                    (a, n) => a.or(n),
                }
            }
            Err(Unwritten::TooLarge(why)) => {
                self.apl_state_mut().kept.unwritten = true;
                Some(format!(
                    "the workspace is not written to {}: {why}; the file keeps what it held (erase a large variable, and the next change is written)",
                    echo_path(&file)
                ))
            }
            Err(Unwritten::Failed(why)) => {
                self.apl_state_mut().kept.unwritten = true;
                let said = std::mem::replace(&mut self.apl_state_mut().kept.failing, true);
                (!said).then(|| format!(
                    "the workspace is not written to {} yet: {why}; the session keeps it, and the next change tries again",
                    echo_path(&file)
                ))
            }
        }
    }
}

impl Session {
    /// The end of the input while a traditional function is being typed (`∇HEADER`, its
    /// lines, and no closing `∇`): the function is closed as if `∇` had been typed, so that
    /// what was typed is not lost, and kept in the workspace's file; if it does not close (a
    /// line of it does not read), its text is kept in the file as a line that did not run
    /// is, and the error says so. What that came to, with a note saying so; `None` when no
    /// function is open.
    pub fn close_open_definition(&mut self) -> Option<Result<Reply>> {
        self.close_definition_before("the input ended")
    }

    /// [`Session::close_open_definition`] before `what` (the end of the input, `)off`).
    pub(super) fn close_definition_before(&mut self, what: &str) -> Option<Result<Reply>> {
        let text = self.apl_state_mut().open.take()?;
        let header = echo(text.lines().next().unwrap_or_default().trim());
        let whole = format!("{text}\n∇");
        let closed = apl_line(self, &whole, Front::Repl);
        let failed = closed.is_err();
        let stored = self.keep_closed_at_the_end(&whole, failed);
        let closed = closed
            .map(|mut reply| {
                let said = format!(
                    "{header} was not closed with ∇ before {what}: it is closed there"
                );
                let notes: Vec<String> = std::iter::once(said)
                    .chain(reply.note.take())
                    .chain(stored.clone())
                    .collect();
                reply.note = Some(notes.join("; "));
                reply
            })
            .map_err(|e| {
                let kept = "its text is kept with the workspace as it was, as a line that did not run is (type it again, fixed, to define it)";
                let notes: Vec<String> = std::iter::once(format!(
                    "{header} was not closed with ∇ before {what}, and does not close: {kept}"
                ))
                .chain(stored)
                .collect();
                usage(&format!("{e}\nnote: {}", notes.join("; ")))
            });
        Some(closed)
    }
}

impl Session {
    /// What to say as the session ends (`quit`, the end of input): if the last write of the
    /// kept workspace did not reach its file, it is tried once more, and if it still does not,
    /// one line naming the file and saying that what the session changed since its last good
    /// write is not kept. `None` when the file holds all the session did.
    pub fn unkept_at_the_end(&mut self) -> Option<String> {
        let file = self.apl_state_mut().kept.file.clone()?;
        if !self.apl_state_mut().kept.unwritten {
            return None;
        }
        let again = self.store_workspace();
        if !self.apl_state_mut().kept.unwritten {
            return again;
        }
        Some(format!(
            "the workspace is not kept in {}: its last write failed, and what this session changed since its last good write is lost (next time, )save FILE in APL mode keeps it in another file before the session ends)",
            echo_path(&file)
        ))
    }
}

/// Why a system command's line in a workspace file (`)copy FILE`, `)clear`) does not run:
/// the file holds definitions and values, and only `)rep` and `)compile` lines besides
/// (said short: the note cuts each line's reason at [`crate::base::text::echo`]'s length).
fn system_command(line: &str) -> String {
    let word = line.split_whitespace().next().unwrap_or(line);
    format!("{} is a system command, not read here", echo(word))
}

/// The first line of an error (APL's own show the line and a caret below it).
fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// Why the workspace was not written.
enum Unwritten {
    /// It is larger than a workspace file may be.
    TooLarge(String),
    /// The file could not be read or written.
    Failed(String),
}

/// Reads the file again, merges `ours` into it and writes it, under the lock: what was
/// written, and a note naming what another session had changed.
fn write_merged(
    file: &Path,
    ours: &[Entry],
    then: &HashMap<String, String>,
    file_then: &HashMap<String, String>,
) -> std::result::Result<(Vec<Entry>, Option<String>), Unwritten> {
    let failed = |e: std::io::Error| Unwritten::Failed(crate::answer::error::reason(&e));
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(failed)?;
    }
    let _lock = lock(file);
    let theirs = match read_text(file) {
        Ok(source) => parse(&source),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(failed(e)),
    };
    let merged = merge(ours, then, &theirs);
    let text = text_of(&merged);
    let max = crate::apl::MAX_WORKSPACE_BYTES;
    if text.len() as u64 > max {
        return Err(Unwritten::TooLarge(format!(
            "it would be {} bytes, more than the {max} a workspace file may be",
            text.len()
        )));
    }
    crate::base::table_cache::write_atomic(file, text.as_bytes()).map_err(failed)?;
    let note = merge_note(
        file,
        ours,
        then,
        &theirs,
        others_changes(file_then, &theirs),
    );
    Ok((merged, note))
}

/// What a write says of the names another session changed in the file (`others`): each
/// truthfully, as the merge left it — its change kept in the file, its erasing kept (the
/// name gone from the file, though this session still holds it), or this session's change
/// written over either.
fn merge_note(
    file: &Path,
    ours: &[Entry],
    then: &HashMap<String, String>,
    theirs: &[Entry],
    others: Vec<String>,
) -> Option<String> {
    let ours_map = map_of(ours);
    let in_file: std::collections::HashSet<&str> = theirs.iter().map(|e| e.key.as_str()).collect();
    let (mut kept, mut erased, mut held, mut replaced, mut restored) =
        (vec![], vec![], vec![], vec![], vec![]);
    // Each name's place: in the file now, changed by this session, held by it.
    for k in others {
        let changed_here = ours_map.get(&k) != then.get(&k);
        let here = ours_map.contains_key(&k);
        match (in_file.contains(k.as_str()), changed_here, here) {
            (true, false, _) => kept.push(k),
            (true, true, true) => replaced.push(k),
            (true, true, false) => erased.push(k),
            (false, false, true) => held.push(k),
            (false, true, true) => restored.push(k),
            // Gone from both: nothing of it to say.
            (false, _, false) => {}
        }
    }
    let it = |names: &[String]| if names.len() == 1 { "it" } else { "them" };
    let said: Vec<String> = [
        (&kept, format!("its {} kept", shown(&kept))),
        (&held, format!(
            "it erased {}: no longer in the file, though this session still has {} (define or assign {} again to keep {})",
            shown(&held), it(&held), it(&held), it(&held)
        )),
        (&erased, format!("its {} not kept: this session erased {}", shown(&erased), it(&erased))),
        (&replaced, format!("its {} replaced by this session's", shown(&replaced))),
        (&restored, format!(
            "{}, which it erased, written again as this session has {}",
            shown(&restored), it(&restored)
        )),
    ]
    .into_iter()
    .filter(|(names, _)| !names.is_empty())
    .map(|(_, text)| text)
    .collect();
    (!said.is_empty()).then(|| {
        format!(
            "another session changed the workspace {} too: {}",
            echo_path(file),
            said.join("; ")
        )
    })
}

/// Names as said in a note.
fn shown(names: &[String]) -> String {
    names.iter().map(|n| echo(n)).collect::<Vec<_>>().join(" ")
}

/// An exclusive lock on the workspace file's lock file (`FILE.lock`, made if need be), held
/// while it is read, merged and written; none if it cannot be had (the write goes on).
fn lock(file: &Path) -> Option<std::fs::File> {
    let mut name = file.file_name()?.to_os_string();
    name.push(".lock");
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    let lock = options.open(file.with_file_name(name)).ok()?;
    lock.lock().ok()?;
    Some(lock)
}

/// What [`Session::merge_kept_texts`] makes of two front ends' workspaces: the text to keep,
/// and what the other changed, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptMerge {
    /// The merged workspace's text.
    pub text: String,
    /// The other's new or changed names, kept with this one's.
    pub joined: Vec<String>,
    /// The names the other erased (and this one did not change): gone from the text.
    pub erased: Vec<String>,
    /// The names both changed: this one's kept.
    pub replaced: Vec<String>,
}

impl Session {
    /// The page's merge of what one tab keeps with what another kept meanwhile, as the REPL
    /// merges its file: `ours` is this tab's workspace now and `then` what it was when this
    /// tab last kept it; `theirs` is the kept text now and `theirs_then` what it was then. A
    /// name this tab changed (or erased) since `then` is this tab's; any other is as `theirs`
    /// has it, so that neither tab's work is lost.
    pub fn merge_kept_texts(ours: &str, then: &str, theirs: &str, theirs_then: &str) -> KeptMerge {
        let (ours, then) = (parse(ours), map_of(&parse(then)));
        let theirs = parse(theirs);
        let merged = merge(&ours, &then, &theirs);
        let (ours_map, merged_map) = (map_of(&ours), map_of(&merged));
        let mut out = KeptMerge {
            text: text_of(&merged),
            ..KeptMerge::default()
        };
        for key in others_changes(&map_of(&parse(theirs_then)), &theirs) {
            let group = if ours_map.get(&key) != then.get(&key) {
                &mut out.replaced
            } else if merged_map.contains_key(&key) {
                &mut out.joined
            } else {
                &mut out.erased
            };
            group.push(key);
        }
        out
    }
}
