//! The APL family: APL mode, a line of APL on the session's cube, and the workspace's
//! system commands (`)fns`, `)save`, `)load`, `)copy`, `)clear`, `)compile`, `)rep`, …).
//!
//! The workspace belongs to the session, not to a representation: the user's functions,
//! variables, compiled functions and representations of one's own stay when the
//! representation or the size changes, or APL mode is left; only the paper's definitions
//! are those of the representation now shown ([`crate::apl::Workspace::rebase`]). The REPL
//! keeps it between sessions ([`Session::keep_workspace`]): after every APL request that
//! may change it, it is written whole (a temporary file renamed over the old one) in the
//! `)save` format to the data directory, and read back when the next session starts
//! (the `kept` module: a store that loses nothing).

mod copying;
mod kept;

use std::path::{Path, PathBuf};

use super::unit::{
    COLOURS_ARG, CommandDef, FROM_ARG, REP_OPT, Surface, Value, both, cli, ex, opt, words,
};
use super::{Front, Reply, Session, impossible_note, usage};
use crate::answer::error::Result;
use crate::apl::Workspace;
use crate::base::text::echo;

/// What the session holds for the APL family.
#[derive(Default)]
pub(crate) struct AplState {
    /// The workspace (made when first asked for, with the current representation's
    /// definitions), and the representation it was made for.
    workspace: Option<(crate::rep::RepKind, Workspace)>,
    /// APL mode: lines are APL, not moves.
    mode: bool,
    /// What became of the user's functions when the workspace moved to another
    /// representation, to be said with the next APL reply.
    notes: Vec<String>,
    /// The keeping of the workspace between sessions ([`Session::keep_workspace`]).
    kept: kept::Kept,
    /// A traditional function being typed: its lines so far (from `∇HEADER`).
    open: Option<String>,
    /// Representations of one's own (`)rep`), which `compare` measures.
    reps: Vec<crate::rep::user::UserRep>,
    /// How nested values are shown: set apart by blanks, or framed (`]box on|off`).
    boxing: crate::apl::Boxing,
}

impl AplState {
    /// Whether lines are read as APL.
    pub(super) fn in_mode(&self) -> bool {
        self.mode
    }

    /// The lines typed so far of a traditional function being typed, if one is.
    pub(super) fn open_lines(&self) -> Option<usize> {
        self.open.as_ref().map(|open| open.lines().count())
    }

    /// A note to say with the next APL reply.
    pub(super) fn note(&mut self, note: String) {
        self.notes.push(note);
    }

    /// The representations of one's own.
    pub(super) fn user_reps(&self) -> &[crate::rep::user::UserRep] {
        &self.reps
    }
}

/// The variable the session binds to the representation's array: the session's cube, not
/// the user's, and never kept.
const CUBE: &str = "CUBE";

/// The APL workspace of the session, on the current representation's paper definitions:
/// made when first asked for, and moved onto another representation's ([`Workspace::rebase`])
/// when the representation has changed since, the user's part kept.
pub(super) fn workspace(session: &mut Session) -> Result<&mut Workspace> {
    let kind = session.representation().kind();
    let paper = || {
        crate::apl::paper::workspace(kind.name())
            .ok_or_else(|| usage(&format!("no APL definitions for {}", kind.name())))
    };
    match session.apl_state_mut().workspace.take() {
        None => session.apl_state_mut().workspace = Some((kind, paper()?)),
        Some((k, ws)) if k == kind => session.apl_state_mut().workspace = Some((k, ws)),
        Some((k, mut ws)) => match paper() {
            Ok(p) => {
                let lost = ws.rebase(p);
                session.apl_state_mut().notes.extend(lost);
                session.apl_state_mut().workspace = Some((kind, ws));
            }
            Err(e) => {
                session.apl_state_mut().workspace = Some((k, ws));
                return Err(e);
            }
        },
    }
    Ok(&mut session
        .apl_state_mut()
        .workspace
        .as_mut()
        .expect("made above")
        .1)
}

impl Session {
    /// The names of the session's APL workspace, its functions and operators then its
    /// variables (not the system's `⎕` ones), each sorted: what Tab completes in APL. None
    /// before the workspace is made (asking does not make it).
    pub fn apl_names(&self) -> Vec<String> {
        let Some((_, ws)) = self.apl_state().workspace.as_ref() else {
            return Vec::new();
        };
        let variables = ws.variables().into_iter().filter(|v| !v.starts_with('⎕'));
        ws.functions()
            .into_iter()
            .chain(variables)
            .map(str::to_string)
            .collect()
    }
}

/// What is asked of the APL workspace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AplRequest {
    /// Enter APL mode.
    Enter,
    /// Evaluate a line (a definition, or statements).
    Line(String),
    /// Leave APL mode (`)off`, `moves`).
    Leave,
    /// `)fns`: the functions defined.
    Fns,
    /// `)vars`: the variables.
    Vars,
    /// `)erase NAME`.
    Erase(String),
    /// `)compile NAME`: a function of one's own, run on the cells' indices and identified.
    Compile(String),
    /// `)rep NAME ENCODE [DECODE]`: a representation of one's own (alone: those defined).
    Rep(String),
    /// `)save FILE`: the definitions as plain text.
    Save(PathBuf),
    /// `)load FILE`: definitions read from a file.
    Load(PathBuf),
    /// `)copy FILE [NAMES]`: the named functions and variables of a saved workspace (all
    /// of them when none is named) brought into this one.
    Copy(PathBuf, Vec<String>),
    /// `)clear`: the user's functions, variables and representations forgotten.
    Clear,
    /// `]box on|off` (or `)box`): nested values framed, or set apart by blanks (Dyalog's
    /// `]box`); alone, which it is.
    Box(Option<crate::apl::Boxing>),
}

impl AplRequest {
    /// One line given to `apl` outside APL mode (the REPL's `apl LINE`, the command line's
    /// `cubework apl LINE`): a system command (`)fns`, `)save FILE`, …), or a line of APL.
    pub fn one_line(line: &str) -> Result<AplRequest> {
        if line.trim_start().starts_with([')', ']']) {
            line_words(line.trim())
        } else {
            Ok(AplRequest::Line(line.to_string()))
        }
    }
}

/// A line in APL mode: a system command (`)fns`, `)off`, …), `moves` to leave, or APL.
pub(super) fn line_words(line: &str) -> Result<AplRequest> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let needs = |what: &str| usage(&format!("{word} needs {what}"));
    Ok(match word.to_lowercase().as_str() {
        ")off" | "moves" if rest.is_empty() => AplRequest::Leave,
        ")fns" => AplRequest::Fns,
        ")vars" => AplRequest::Vars,
        ")erase" if rest.is_empty() => return Err(needs("a name")),
        ")erase" => AplRequest::Erase(rest.to_string()),
        ")compile" if rest.is_empty() => return Err(needs("a function's name")),
        ")compile" => AplRequest::Compile(rest.to_string()),
        ")rep" => AplRequest::Rep(rest.to_string()),
        ")save" if rest.is_empty() => return Err(needs("a file")),
        ")save" => AplRequest::Save(rest.into()),
        ")load" if rest.is_empty() => return Err(needs("a file")),
        ")load" => AplRequest::Load(rest.into()),
        ")copy" => match rest.split_once(char::is_whitespace) {
            Some((file, names)) => AplRequest::Copy(
                file.into(),
                names.split_whitespace().map(str::to_string).collect(),
            ),
            None if !rest.is_empty() => AplRequest::Copy(rest.into(), Vec::new()),
            None => return Err(needs("a file, and the names to copy (none: all)")),
        },
        ")clear" if rest.is_empty() => AplRequest::Clear,
        ")box" | "]box" => AplRequest::Box(box_words(rest)?),
        w if w.starts_with(')') => {
            return Err(usage(&format!(
                "{}? the system commands are )fns )vars )erase NAME )compile NAME )rep NAME ENCODE [DECODE] )save FILE )load FILE )copy FILE [NAMES] )clear )box on|off )off",
                echo(word)
            )));
        }
        _ => AplRequest::Line(line.to_string()),
    })
}

/// `]box`'s words: `on` (Dyalog's `-style=min` may follow), `off`, or none.
fn box_words(rest: &str) -> Result<Option<crate::apl::Boxing>> {
    use crate::apl::Boxing;
    let words: Vec<String> = rest.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words.as_slice() {
        [] => Ok(None),
        ["on"] | ["on", "-style=min"] => Ok(Some(Boxing::On)),
        ["off"] => Ok(Some(Boxing::Off)),
        _ => Err(usage(&format!(
            "]box {}? ]box on draws frames around nested values (-style=min, the one style drawn here), ]box off sets them apart by blanks",
            echo(rest)
        ))),
    }
}

/// What `]box` says: how nested values were shown before (as Dyalog's `Was OFF`), or alone
/// how they are shown.
fn set_boxing(session: &mut Session, to: Option<crate::apl::Boxing>) -> String {
    let word = |b: crate::apl::Boxing| match b {
        crate::apl::Boxing::On => "ON",
        crate::apl::Boxing::Off => "OFF",
    };
    let was = session.apl_state().boxing;
    match to {
        Some(to) => {
            session.apl_state_mut().boxing = to;
            format!("Was {}", word(was))
        }
        None => format!(
            "Is {}: ]box on frames nested values, ]box off sets them apart by blanks",
            word(was)
        ),
    }
}

/// `apl`: APL mode, a line of APL, and the workspace's system commands. What the
/// workspace's move to another representation cost is said first; a request that may have
/// changed the workspace has it kept ([`Session::keep_workspace`]).
pub(super) fn apl(session: &mut Session, request: AplRequest, front: Front) -> Result<Reply> {
    let changes = !matches!(
        request,
        AplRequest::Enter
            | AplRequest::Leave
            | AplRequest::Fns
            | AplRequest::Vars
            | AplRequest::Save(_)
            | AplRequest::Box(_)
    );
    // The paper's functions a line defines again are named; what defined them before (a
    // kept workspace brought back) is not.
    let line = matches!(request, AplRequest::Line(_));
    if let Some((_, ws)) = session.apl_state_mut().workspace.as_mut() {
        ws.take_shadowed();
    }
    let result = apl_request(session, request, front);
    if let Some((kind, ws)) = session.apl_state_mut().workspace.as_mut()
        && line
    {
        let kind = kind.name();
        let shadowed = ws.take_shadowed().into_iter().map(|name| {
            format!("{name} was the paper's ({kind} representation); yours replaces it until )erase {name} or )clear")
        });
        session
            .apl_state_mut()
            .notes
            .extend(shadowed.collect::<Vec<_>>());
    }
    session.follow_user_rep();
    let mut notes: Vec<String> = std::mem::take(&mut session.apl_state_mut().notes);
    // A line stopped by an error may have changed the workspace too (the statements before
    // the one that failed): it is kept all the same.
    if changes {
        notes.extend(session.store_workspace());
    }
    let mut reply = match result {
        Err(e) if !notes.is_empty() => {
            return Err(usage(&format!("{e}\nnote: {}", notes.join("; "))));
        }
        result => result?,
    };
    if !notes.is_empty() {
        notes.extend(reply.note.take());
        reply.note = Some(notes.join("; "));
    }
    Ok(reply)
}

/// The user's variables: all but `CUBE` and the system's (`⎕IO`, kept with them).
fn user_variables(ws: &Workspace) -> Vec<&str> {
    ws.variables()
        .into_iter()
        .filter(|v| *v != CUBE && !v.starts_with('⎕'))
        .collect()
}

/// The workspace as `)save` writes it ([`kept::entries`]): the header; the user's
/// functions; each representation of one's own; the user's variables as values; and a
/// `)compile NAME` line for each compiled function.
fn saved_source(session: &mut Session) -> Result<String> {
    Ok(kept::text_of(&kept::entries(session, false)?))
}

impl Session {
    /// The workspace as `)save` writes it, for a front end with no files (the browser's page
    /// keeps it in its storage).
    pub fn workspace_text(&mut self) -> Result<String> {
        saved_source(self)
    }

    /// A workspace's text (as `)save` writes it) read as `)load` reads its file: all or
    /// nothing; what it says after `loaded`.
    pub fn load_workspace_text(&mut self, source: &str) -> Result<String> {
        let (said, _) = load_source(self, source, None)?;
        self.follow_user_rep();
        Ok(said)
    }

    /// A workspace's text (as `)save` writes it) read as `)copy` reads its file: the names
    /// given (all when none) brought in, all or nothing, the rest of the workspace as it
    /// was. `file` names the text in what it says, as `)copy`'s path does. What it says,
    /// and a note naming the file's lines that did not run (passed over), if any did not.
    pub fn copy_workspace_text(
        &mut self,
        file: &str,
        source: &str,
        names: &[String],
    ) -> Result<(String, Option<String>)> {
        let shown = echo(file);
        let (said, passed_over) =
            load_source(self, source, Some(names)).map_err(|e| usage(&format!("{shown}: {e}")))?;
        Ok((format!("copied from {shown}{said}"), passed_over))
    }
}

/// A saved workspace's text, read through the guarded reader.
fn read_file(path: &Path) -> Result<String> {
    kept::read_text(path).map_err(|source| crate::answer::error::Error::File {
        path: path.to_path_buf(),
        source,
    })
}

/// Runs a saved workspace's lines (or any APL source) in the session's workspace, all or
/// nothing: definitions, statements and `)rep` lines in order, then its `)compile` lines.
/// With `only` (`)copy`), just the functions and variables named (all when none is named)
/// are brought in, the rest left as they were. What it says after the first line: the
/// representations of one's own it made, and any function it could not compile.
/// With `only`, `said` starts with the names copied, and the note names the file's lines that
/// did not run, passed over.
fn load_source(
    session: &mut Session,
    source: &str,
    only: Option<&[String]>,
) -> Result<(String, Option<String>)> {
    // Names such as `\rho` read as their glyphs (a file that has none is read as it is).
    let expanded;
    let source = match source.contains(['\\', '`']) {
        true => {
            expanded = crate::apl::keys::expand_names(source).map_err(|e| usage(&e.to_string()))?;
            expanded.as_str()
        }
        false => source,
    };
    let (mut compile, rest) = compile_lines(source);
    let mut note = None;
    let mut said = String::new();
    let reps = match only {
        None => crate::rep::user::load(workspace(session)?, &rest).map_err(|e| usage(&e))?,
        Some(names) => {
            let wanted = |n: &str| names.is_empty() || names.iter().any(|m| m == n);
            let (reps, copied, failed) = copy_named(session, &rest, names)?;
            said = copying::copied_names(&copied);
            note = copying::passed_over_note(&failed);
            compile.retain(|f| wanted(f));
            reps.into_iter().filter(|r| wanted(&r.name)).collect()
        }
    };
    for r in reps {
        said.push('\n');
        said.push_str(&r.describe());
        session.apl_state_mut().reps.retain(|o| o.name != r.name);
        session.apl_state_mut().reps.push(r);
    }
    for f in compile {
        if let Err(e) = compile_quietly(session, &f) {
            said.push_str(&format!("\n{f} is not compiled here: {e}"));
        }
    }
    Ok((said, note))
}

/// A source's `)compile NAME` lines (the names), and the rest of its lines.
fn compile_lines(source: &str) -> (Vec<String>, String) {
    let mut compile = Vec::new();
    let mut rest = String::new();
    for line in source.lines() {
        match line.trim().strip_prefix(")compile") {
            Some(name) if !name.trim().is_empty() => compile.push(name.trim().to_string()),
            _ => {
                rest.push_str(line);
                rest.push('\n');
            }
        }
    }
    (compile, rest)
}

/// Reads `source` into a workspace of its own (each statement that runs; one that does not is
/// passed over), then brings across into the session's the functions and variables `names`
/// names (all when it names none), all or nothing: a name the file does not give is an error,
/// naming the lines that did not run. The representations it defined are returned, every one,
/// for the caller to choose from, with the names copied and the lines passed over.
fn copy_named(
    session: &mut Session,
    source: &str,
    names: &[String],
) -> Result<copying::CopiedNames> {
    let kind = session.representation().kind();
    let mut scratch = crate::apl::paper::workspace(kind.name())
        .ok_or_else(|| usage(&format!("no APL definitions for {}", kind.name())))?;
    let (reps, failed) = crate::rep::user::load_each(&mut scratch, source);
    let ws = workspace(session)?;
    let wanted = |n: &str| names.is_empty() || names.iter().any(|m| m == n);
    let missing: Vec<String> = names
        .iter()
        .filter(|n| scratch.definition(n).is_none() && scratch.get(n).is_none())
        .map(|n| echo(n))
        .collect();
    if !missing.is_empty() {
        return Err(usage(&format!(
            "not in the file: {}{}",
            missing.join(" "),
            match failed.is_empty() {
                true => String::new(),
                false => format!(" (of its lines these did not run: {})", failed.join("; ")),
            }
        )));
    }
    let mut copied = ws.clone();
    let mut names_copied = Vec::new();
    for f in scratch.user_functions() {
        if wanted(f) {
            let line = scratch.definition(f).expect("listed");
            copied.eval_line(line).map_err(|e| usage(&e.to_string()))?;
            names_copied.push(echo(f));
        }
    }
    for v in user_variables(&scratch) {
        if wanted(v) {
            copied.set(v, scratch.get(v).expect("listed").clone());
            names_copied.push(echo(v));
        }
    }
    *ws = copied;
    Ok((reps, names_copied, failed))
}

/// `)compile NAME` without its report.
fn compile_quietly(session: &mut Session, name: &str) -> Result<()> {
    let rep = session.representation().kind().build(&session.cube())?;
    let ws = workspace(session)?;
    crate::rep::apl::compile(ws, name, rep.as_ref()).map_err(|e| usage(&e.to_string()))?;
    Ok(())
}

/// `)compile NAME`: the function run on the cells' indices, identified, and from now on run
/// compiled.
fn compile(session: &mut Session, name: &str) -> Result<String> {
    let name = name.to_string();
    let n = session.size();
    let kind = session.representation().kind();
    let rep = kind.build(&session.cube())?;
    let ws = workspace(session)?;
    let compiled =
        crate::rep::apl::compile(ws, &name, rep.as_ref()).map_err(|e| usage(&e.to_string()))?;
    let cells: usize = rep.shape().iter().product();
    let atoms = compiled.gather.sources().len();
    let mut lines = vec![format!(
        "{name}: a permutation of the {cells} cells of {}{}, order {}; {}",
        kind.name(),
        if atoms == cells {
            String::new()
        } else {
            format!(" ({atoms} letters)")
        },
        compiled.order(),
        match compiled.name(n) {
            Some(m) => format!("it is the move {m}"),
            None => "it is no single turn of a block of layers".to_string(),
        }
    )];
    match &compiled.stickers {
        Some(p) => lines.extend([
            super::algebra::cycles_summary(p),
            format!(
                "cycles of the stickers, numbered as the cells of vector (faces U D B F L R, 1 to {}): {}",
                6 * n * n,
                vector_cycles(p, n)
            ),
        ]),
        None => lines.push(
            "it is no permutation of the cube's stickers (it moves a blank onto one, or parts two places of one): no cycles"
                .into(),
        ),
    }
    lines.push(format!(
        "from now on {name} runs compiled on arrays of shape {} (until it, or a function it calls, is redefined or erased)",
        rep.shape()
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    ));
    Ok(lines.join("\n"))
}

/// The cycles of `p` (an `n`-cube's), each sticker numbered by its cell of the vector
/// representation: the paper's face order U D B F L R, each face row by row as seen from
/// outside, from 1. Each cycle starts at its least number; cycles in order of it.
fn vector_cycles(p: &crate::state::sticker_perm::StickerPerm, n: usize) -> String {
    let per = n * n;
    let cell =
        |i: usize| crate::turn::face::Face::from_index(i / per).paper_index() * per + i % per + 1;
    let mut cycles: Vec<Vec<usize>> = p
        .cycles()
        .iter()
        .map(|c| {
            let mut c: Vec<usize> = c.iter().map(|&i| cell(i)).collect();
            let least = (0..c.len()).min_by_key(|&k| c[k]).unwrap_or(0);
            c.rotate_left(least);
            c
        })
        .collect();
    cycles.sort();
    if cycles.is_empty() {
        return "()".to_string();
    }
    cycles
        .iter()
        .map(|c| {
            let numbers: Vec<String> = c.iter().map(|k| k.to_string()).collect();
            format!("({})", numbers.join(" "))
        })
        .collect()
}

/// Whether `)save` may write `path`, and whether it replaces an earlier save there: it
/// replaces only a file that a save wrote (starting with [`crate::apl::SAVED_HEADER`]), never
/// another file, a directory or a symbolic link.
fn refuse_to_replace(path: &Path) -> Result<bool> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(false);
    };
    let shown = crate::base::text::echo_path(path);
    if meta.file_type().is_symlink() {
        return Err(usage(&format!(
            ")save: {shown} is a symbolic link; not followed, nothing saved (name the file itself)"
        )));
    }
    let saved = meta.is_file()
        && crate::base::table_cache::read_regular(path, crate::apl::MAX_SOURCE_BYTES)
            .is_ok_and(|b| b.starts_with(crate::apl::SAVED_HEADER.as_bytes()));
    if !saved {
        return Err(usage(&format!(
            ")save: {shown} exists and is not a workspace cubework saved; not replaced (remove it first, or choose another name)"
        )));
    }
    Ok(true)
}

/// `)off` (or `moves`): back to moves. A traditional function still being typed is closed
/// first (kept, as at the end of the input), so that no `[n]` prompt is left in moves mode.
fn leave(session: &mut Session) -> Result<Reply> {
    let closed = session.close_definition_before(")off");
    session.apl_state_mut().mode = false;
    let mut reply = closed.transpose()?.unwrap_or_default();
    reply.text = match reply.text.is_empty() {
        true => "moves".to_string(),
        false => format!("{}\nmoves", reply.text),
    };
    Ok(reply)
}

/// One APL request, before the workspace is kept and notes are said.
fn apl_request(session: &mut Session, request: AplRequest, front: Front) -> Result<Reply> {
    use AplRequest as A;
    let text = |t: String| Ok(Reply::text(t));
    match request {
        A::Enter => text(enter(session)?),
        A::Leave => leave(session),
        A::Fns => text(workspace(session)?.functions().join(" ")),
        A::Vars => {
            // CUBE, the session's cube, is always there (set before each line), so always
            // listed, as a fresh session has it too.
            let ws = workspace(session)?;
            let mut vars: Vec<&str> = user_variables(ws);
            vars.push(CUBE);
            vars.sort_unstable();
            text(vars.join(" "))
        }
        A::Erase(name) => erase(session, &name),
        A::Save(path) => text(save(session, &path)?),
        A::Load(path) => text(load(session, &path, None)?),
        A::Copy(path, names) => text(load(session, &path, Some(&names))?),
        A::Clear => {
            let ws = workspace(session)?;
            let (fns, vars) = (ws.user_functions().len(), user_variables(ws).len());
            ws.clear_user();
            // The paper's functions erased or defined again are the paper's again.
            let paper = paper_of(session)?;
            paper_back(session, paper)?;
            let reps = std::mem::take(&mut session.apl_state_mut().reps).len();
            let kept = std::mem::take(&mut session.apl_state_mut().kept.lines).len();
            let count = |n: usize, one: &str| match n {
                1 => format!("1 {one}"),
                n => format!("{n} {one}s"),
            };
            text(format!(
                "clear ws: {}, {} and {} of your own forgotten{}",
                count(fns, "function"),
                count(vars, "variable"),
                count(reps, "representation"),
                match kept {
                    0 => String::new(),
                    1 => ", and 1 line the workspace file kept as it was".to_string(),
                    n => format!(", and {n} lines the workspace file kept as they were"),
                }
            ))
        }
        A::Compile(name) => text(compile(session, &name)?),
        A::Rep(rest) if rest.trim().is_empty() => text(list_reps(session)),
        A::Rep(rest) => text(define_rep(session, &rest)?),
        A::Box(to) => text(set_boxing(session, to)),
        A::Line(line) => typed_line(session, line, front),
    }
}

/// `)erase NAME`: a function or variable of the user's forgotten (and a line kept as it was
/// that names it); where the user's function had replaced the paper's, the paper's is back.
/// The paper's own functions are not erased: `CUBE←R CUBE` would fail with no word of why.
fn erase(session: &mut Session, name: &str) -> Result<Reply> {
    let kind = session.representation().kind().name();
    if workspace(session)?.is_paper(name) {
        return Err(usage(&format!(
            ")erase: {} is the paper's ({kind} representation), and stays; a definition of your own named {} replaces it until )erase or )clear",
            echo(name),
            echo(name)
        )));
    }
    let kept = session.let_go_kept(name);
    if !(workspace(session)?.erase(name) | kept) {
        return Err(usage(&format!(")erase: nothing is named {}", echo(name))));
    }
    let paper = paper_of(session)?;
    if paper.definition(name).is_none() {
        return Ok(Reply::default());
    }
    paper_back(session, paper)?;
    Ok(Reply::text(format!("{} is the paper's again", echo(name))))
}

/// The paper's definitions for the session's representation, fresh.
fn paper_of(session: &Session) -> Result<Workspace> {
    let kind = session.representation().kind();
    crate::apl::paper::workspace(kind.name())
        .ok_or_else(|| usage(&format!("no APL definitions for {}", kind.name())))
}

/// The paper's functions that were erased or defined again made the paper's again (the
/// workspace on `paper`, a fresh copy of the representation's, the user's part kept).
fn paper_back(session: &mut Session, paper: Workspace) -> Result<()> {
    let lost = workspace(session)?.rebase(paper);
    session.apl_state_mut().notes.extend(lost);
    Ok(())
}

/// `)apl`: the workspace made if need be, and the greeting.
fn enter(session: &mut Session) -> Result<String> {
    workspace(session)?;
    session.apl_state_mut().mode = true;
    let kind = session.representation().kind();
    Ok(match session.representation().user() {
        Some(user) => user.apl_greeting(),
        None => format!(
            "APL: CUBE is the {} array; the paper's moves are defined; )fns lists them; )off or moves leaves",
            kind.name()
        ),
    })
}

/// `)save FILE`: the user's functions and variables written to a file, never replacing
/// one that is not a saved workspace.
fn save(session: &mut Session, path: &Path) -> Result<String> {
    let source = saved_source(session)?;
    let max = crate::apl::MAX_WORKSPACE_BYTES;
    if source.len() as u64 > max {
        return Err(usage(&format!(
            ")save: the workspace would be {} bytes, more than the {max} a workspace file may be; nothing saved",
            source.len()
        )));
    }
    let replaced = refuse_to_replace(path)?;
    crate::base::table_cache::write_atomic(path, source.as_bytes()).map_err(|source| {
        crate::answer::error::Error::Write {
            path: path.to_path_buf(),
            source,
        }
    })?;
    let (fns, vars) = (
        workspace(session)?.user_functions().len(),
        user_variables(workspace(session)?).len(),
    );
    Ok(format!(
        "saved your {} and {} to {}{}",
        crate::base::text::count(fns as u64, "function"),
        crate::base::text::count(vars as u64, "variable"),
        crate::base::text::echo_path(path),
        if replaced {
            " (replacing the earlier save)"
        } else {
            ""
        }
    ))
}

/// `)load FILE` (no names) or `)copy FILE [NAMES]`.
fn load(session: &mut Session, path: &Path, names: Option<&[String]>) -> Result<String> {
    let source = read_file(path)?;
    let shown = crate::base::text::echo_path(path);
    let (said, note) =
        load_source(session, &source, names).map_err(|e| usage(&format!("{shown}: {e}")))?;
    if let Some(note) = note {
        session.apl_state_mut().note(note);
    }
    Ok(match names {
        None => format!("loaded {shown}{said}"),
        Some(_) => format!("copied from {shown}{said}"),
    })
}

/// `)rep` alone: the representations of one's own, described.
fn list_reps(session: &Session) -> String {
    if session.apl_state().reps.is_empty() {
        "no representations of your own yet: )rep NAME ENCODE [DECODE]".to_string()
    } else {
        session
            .apl_state()
            .reps
            .iter()
            .map(|r| r.describe())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `)rep NAME ENCODE [DECODE]`: a representation of one's own defined (or redefined).
fn define_rep(session: &mut Session, words: &str) -> Result<String> {
    let (name, encode, decode) =
        crate::rep::user::rep_words(words).map_err(|e| usage(&e.to_string()))?;
    let rep = crate::rep::user::UserRep::define(workspace(session)?, name, encode, decode)
        .map_err(|e| usage(&e.to_string()))?;
    let said = rep.describe();
    session.apl_state_mut().reps.retain(|o| o.name != rep.name);
    session.apl_state_mut().reps.push(rep);
    Ok(format!(
        "{said}; compare measures it; after )off, rep {name} shows the cube in it"
    ))
}

/// A line typed in APL mode: a traditional function is typed a line at a time, from
/// `∇HEADER` to `∇`; any other line runs.
fn typed_line(session: &mut Session, line: String, front: Front) -> Result<Reply> {
    let t = line.trim();
    if let Some(text) = session.apl_state_mut().open.as_mut() {
        text.push('\n');
        text.push_str(&line);
        if t == "∇" || t.ends_with('∇') {
            let text = session.apl_state_mut().open.take().unwrap_or_default();
            return apl_line(session, &text, front);
        }
        return Ok(Reply::default());
    }
    if t.starts_with('∇') && !(t.chars().count() > 1 && t.ends_with('∇')) {
        session.apl_state_mut().open = Some(line);
        return Ok(Reply::default());
    }
    apl_line(session, &line, front)
}

/// A second line for a VALUE ERROR in APL mode whose line starts with a workbench command
/// (`rep nested`, `solve`) that is not a name of the workspace: what it is, and how to leave.
fn command_hint(ws: &Workspace, line: &str, e: &crate::apl::AplError) -> Option<String> {
    let word = line.split_whitespace().next()?;
    let named = ws.definition(word).is_some() || ws.get(word).is_some();
    (e.kind == crate::apl::ErrorKind::Value && !named && super::is_command_word(word)).then(
        || {
            format!(
                "\nhint: {word} is a workbench command, not an APL name: leave APL mode with )off (or moves) first, then type {}",
                echo(line.trim())
            )
        },
    )
}

/// One line of APL on the session's cube: `CUBE` is the representation's array before it
/// runs; if the line changes `CUBE` to a state of the representation, that is the session's
/// new cube, as one change. A statement that fails stops the line there, as in Dyalog: what
/// the statements before it did stays (the cube they turned too), and the error says so. A
/// line that leaves `CUBE` no state changes nothing.
fn apl_line(session: &mut Session, line: &str, front: Front) -> Result<Reply> {
    let line = crate::apl::keys::expand_names(line).map_err(|e| usage(&e.to_string()))?;
    let cube_value = session.representation().apl_value();
    let mode = session.apl_state().mode;
    let n = session.cube().size();
    let ws = workspace(session)?;
    paper_size(ws, &line, n)?;
    ws.set("CUBE", cube_value.clone());
    let (outcome, stopped) = match ws.run_line(&line) {
        Ok(outcome) => (outcome, None),
        Err(stopped) => {
            let hint = command_hint(ws, &line, &stopped.error)
                .filter(|_| mode)
                .unwrap_or_default();
            let shown = crate::apl::Outcome {
                shown: stopped.shown.clone(),
                defined: None,
            };
            let said = (format!("{}{hint}", stopped.error), ran_before(&stopped));
            (shown, Some(said))
        }
    };
    let after = ws.get("CUBE").cloned();
    let mut reply = Reply::text(outcome.shown(session.apl_state().boxing));
    if let Some(value) = after.filter(|v| *v != cube_value) {
        let error = stopped.as_ref().map(|(e, _)| e.as_str());
        reply.note = cube_turned(session, &line, &value, error)?;
        // At the REPL's normal prompt the new cube shows, as after a line of moves
        // (the command line shows the cube after any line).
        if !session.apl_state_mut().mode && front == Front::Repl && stopped.is_none() {
            if !reply.text.is_empty() {
                reply.text.push('\n');
            }
            reply
                .text
                .push_str(&session.representation().render_in(session.scheme()));
        }
    }
    match stopped {
        None => Ok(reply),
        Some((e, ran)) if reply.text.is_empty() => Err(usage(&format!("{e}{ran}"))),
        Some((e, ran)) => Err(usage(&format!("{e}{ran}; they showed:\n{}", reply.text))),
    }
}

/// The paper's functions are written for the 3×3×3: a line that runs one (named, or called
/// by a function of the user's) on a cube of another size `n` is refused before it runs, in
/// every representation alike (the cube and the workspace as they were).
fn paper_size(ws: &Workspace, line: &str, n: usize) -> Result<()> {
    match ws.paper_function_in(line) {
        Some(f) if n != 3 => Err(usage(&format!(
            "the paper's {f} is written for the 3×3×3 only, and this cube is the {n}×{n}×{n}: nothing changed (the workbench's moves turn every size: )off, then type them; or size 3)"
        ))),
        _ => Ok(()),
    }
}

/// What a line stopped by an error said of the statements before it: that they ran and
/// what they did stays.
fn ran_before(stopped: &crate::apl::Stopped) -> String {
    match stopped.ran {
        0 => String::new(),
        1 => "\nthe statement before it ran, and what it did stays (those after it did not run)"
            .to_string(),
        n => format!(
            "\nthe {n} statements before it ran, and what they did stays (those after it did not run)"
        ),
    }
}

/// The session's cube set to `value`, the `CUBE` a line left (one change, labelled by the
/// line): the note for an impossible state; an error if it is no state of the
/// representation (the line's changes to the workspace undone), after the line's own error
/// `stopped` if a statement failed.
fn cube_turned(
    session: &mut Session,
    line: &str,
    value: &crate::apl::Value,
    stopped: Option<&str>,
) -> Result<Option<String>> {
    let name = session.representation().name().to_string();
    match session.representation().cube_of_value(value) {
        Ok(cube) => {
            let note = impossible_note(&cube);
            session.set_state(&format!("apl: {}", line.trim()), cube)?;
            Ok(note)
        }
        Err(why) => {
            if let Some((_, ws)) = session.apl_state_mut().workspace.as_mut() {
                ws.undo_line();
            }
            let before = stopped.map_or(String::new(), |e| format!("{e}\n"));
            Err(usage(&format!(
                "{before}CUBE is not a {name} state: {why}; nothing changed"
            )))
        }
    }
}

/// `apl`: what it is (its descriptor) and how the REPL's words read into its request.
pub static APL: CommandDef = CommandDef {
    name: "apl",
    surface: Surface::Both,
    usage: "[EXPR]",
    summary: "the paper's APL, running: CUBE is the current representation's array and the paper's moves (X Y Z L C R B H F U M D, X\u{304} for an inverse) are defined; alone, enter APL mode, which )off or the word moves leaves; with EXPR, evaluate that line",
    details: "apl                 APL mode, prompt indented six spaces as APL sessions are: CUBE←R CUBE, CUBE←B F L R CUBE, ⍴CUBE run as the paper prints them\nCUBE←…              changes the session's cube (one change: undo takes it back) only if the array is a state of the representation; otherwise an error says why, and nothing changes\nT: ⍵[;;,2 1 3]      defines a function of your own; so do F←{⍺+⍵} (a dfn: guards c:x, ∇ itself, ⍺←default) and ∇Z←A F B;L … ∇ (a traditional function, typed a line at a time, → branching)\nA B←1 2            strand assignment; in a ∇ function, Dyalog's control structures :If :ElseIf :Else :EndIf, :For X :In V, :While, :Repeat, :Select :Case, :Leave :Continue :Return (the guide's \"Strand assignment and control structures\"); 2+/⍳5 reduces N-wise\n]box on|off         nested values framed, or set apart by blanks\n)fns )vars          the functions and variables defined\n)erase NAME         forgets one of yours (the paper's stay; where yours replaced one of the paper's, the paper's is back)\n)clear              forgets all of yours; the paper's stay, every one yours replaced back\n)compile NAME       runs your function once on the cells' indices: is it a permutation, which move is it, its order and cycles; from then on NAME runs compiled (a gather) on arrays of the representation's shape, until it or a function it calls is redefined or erased\n)rep NAME ENCODE [DECODE]   a representation of your own: ENCODE takes the vector's 54 stickers to your array (it must rearrange them, blanks allowed: run on ⍳54 each cell holds a sticker's index or 0), DECODE takes it back (derived if not given); checked on random states, its moves by conjugation; compare measures it as NAME (user). )rep alone lists them\n)save FILE )load FILE   your functions, variables, )rep and )compile lines as plain text (a save replaces only a file a save wrote)\n)copy FILE [NAMES]  brings in the names given (all when none) from a saved file (a line of it that does not run is named and passed over)\n)off or moves       back to moves (quit and help work in APL mode too); your workspace stays through rep, size and )off, and the REPL keeps it between sessions (workspace.apl in the data directory: values of any size; a line that does not run is named and kept; merged with what another session wrote there)\nGlyphs by name: \\rho then Tab gives ⍴, or by key: `r (the backtick layout of TryAPL and Dyalog); a name or key left as it is is read too:",
    more: Some(crate::apl::keys::glyph_table),
    args: &[
        cli(REP_OPT
            .help("The representation whose array CUBE is, with its definitions (default vector)")),
        FROM_ARG,
        cli(opt(
            "file",
            Value::Path,
            "FILE",
            "Load these definitions (plain-text APL, as `)save` writes them) first",
        )
        .short('f')),
        cli(opt(
            "show",
            Value::Shown,
            "SHOW",
            "facelets: after the answer, the cube's facelet string alone on the last line",
        )),
        COLOURS_ARG,
        both(
            "EXPR",
            words(
                "expr",
                "EXPR",
                "The APL line (the rest of the line, joined by spaces)",
            ),
        ),
    ],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let mut context = given.context_in_rep(3)?;
        context
            .first
            .extend(given.one("file").map(|f| AplRequest::Load(f).into()));
        context.then_facelets = given.one("show") == Some(super::Shown::Facelets);
        let expr = given.words("expr");
        if expr.trim().is_empty() {
            return Ok(super::one_shot::OneShot::AplMode(context));
        }
        let request = AplRequest::one_line(&expr)?;
        Ok(super::one_shot::OneShot::asked(context, request))
    }),
    read: Some(|line, _| match line.rest {
        "" => Ok(AplRequest::Enter.into()),
        rest => AplRequest::one_line(rest).map(Into::into),
    }),
    examples: &[ex("apl ⍴CUBE", &["apl", "⍴CUBE"])],
    ..CommandDef::NONE
};
