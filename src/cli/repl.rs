//! The REPL front-end: rustyline in a terminal (history, completion, hints, colour), or plain
//! line-by-line reading when input comes from a pipe or a file. Everything a line does is in
//! [`crate::command`].

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Editor, Event, EventContext, EventHandler, Helper,
    KeyCode, KeyEvent, Modifiers, RepeatCount,
};

use super::config::{chosen_colours, colours_file, history_file, use_colour, workspace_file};
pub use super::history::{HISTORY_LINES, History};
use crate::answer::error::{Error, Result};
use crate::answer::output;
use crate::base::lines::{LineError, Lines, MAX_LINE_BYTES, Statement};
use crate::command::one_shot::Context as AplContext;
use crate::command::{LineKind, Reply, Session, defs};
use crate::turn::notation::Notation;

/// `cubework` with no command: the interactive REPL on a terminal, else the lines of stdin.
/// In APL mode from the start, in its context, if `apl` (`cubework apl` alone).
pub fn run_interactive(apl: Option<AplContext>) -> Result<ExitCode> {
    if !std::io::stdin().is_terminal() {
        return run_lines(std::io::stdin().lock(), false, apl);
    }
    let mut session = start(apl.as_ref(), use_colour())?;
    let notation = Arc::new(Mutex::new(session.notation()));
    let pasted = PastedRun::default();
    let mut editor = open_editor(&notation, &pasted)?;
    let mut history = History::open(history_file());
    welcome(&mut session, &mut editor, &history, apl.is_some())?;
    pasted.apl.follow(&session);
    // Ctrl-C at the prompt drops the line (rustyline reads it as a key); during work it stops
    // the work (see crate::base::cancel), and the session goes on.
    crate::base::cancel::install();
    let apl_mode = Rc::new(Cell::new(session.in_apl()));
    let mut joiner = joiner(true, apl_mode.clone());
    let mut number = 0;
    let mut failed = false;
    loop {
        // A bracket left open: the statement goes on, and the prompt says so. Keys typed
        // ahead stay with the editor (rustyline's `buffer-redux`) for the next prompt.
        let prompt = if joiner.is_open() {
            CONTINUATION_PROMPT.to_string()
        } else {
            session.prompt()
        };
        let line = match read_prompt(&mut editor, &prompt, &pasted)? {
            Ok(line) => line,
            Err(e) => match no_line(&mut session, &mut joiner, &mut number, e)? {
                NoLine::Again => continue,
                NoLine::End => break,
                NoLine::Lost => {
                    failed = true;
                    break;
                }
            },
        };
        let typed = run_typed(
            &mut session,
            &mut editor,
            &mut history,
            (&mut joiner, &apl_mode),
            &mut number,
            &line,
        );
        if typed? == Outcome::Quit {
            break;
        }
        if let Ok(mut n) = notation.lock() {
            *n = session.notation();
        }
        pasted.apl.follow(&session);
    }
    Ok(if close_at_the_end(&mut session, None)? || failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A session as the REPL starts it: a new one, its colours those chosen; or, for `apl`
/// alone, the one its context describes (the cube, `--rep`, `--file` loaded).
fn start(apl: Option<&AplContext>, colour: bool) -> Result<Session> {
    let mut session = match apl {
        Some(context) => AplContext {
            colour,
            ..context.clone()
        }
        .session()?,
        None => {
            let mut session = Session::new(colour);
            session.set_scheme(chosen_colours(None)?);
            session
        }
    };
    session.keep_colours(colours_file());
    Ok(session)
}

/// A traditional function still open when the input ends, closed
/// ([`Session::close_open_definition`]) and what that came to shown (an error naming the
/// input's last line `at`, for lines read): whether it failed. Then, if the kept workspace's
/// last write failed, a note that what the session changed since is not kept.
fn close_at_the_end(session: &mut Session, at: Option<usize>) -> Result<bool> {
    let failed = match (session.close_open_definition(), at) {
        (None, _) => false,
        (Some(Ok(reply)), _) => show(&reply).map(|_| false)?,
        (Some(Err(e)), Some(line)) => {
            output::err(format!("error: line {line}: {e}"));
            true
        }
        (Some(Err(e)), None) => {
            output::err(format!("error: {e}"));
            true
        }
    };
    if let Some(note) = session.unkept_at_the_end() {
        output::err(format!("note: {note}"));
    }
    Ok(failed)
}

/// What the session does after a read at the prompt that gave no line.
enum NoLine {
    /// Prompts again.
    Again,
    /// Ends: the input is over.
    End,
    /// Ends in failure: the terminal is gone.
    Lost,
}

/// Why a read at the prompt gave no line, acted on: Ctrl-C drops the statement being typed
/// (its earlier lines too), the end of input runs what is left of it, a line that is not
/// UTF-8 is said.
fn no_line<B: Fn(&str) -> i64, C: Fn(&str) -> bool>(
    session: &mut Session,
    joiner: &mut crate::base::lines::Joiner<B, C>,
    number: &mut usize,
    error: ReadlineError,
) -> Result<NoLine> {
    Ok(match error {
        ReadlineError::Interrupted => {
            let _ = joiner.finish();
            NoLine::Again
        }
        ReadlineError::Eof => {
            if let Some(statement) = joiner.finish() {
                run_statement(session, &statement, Where::Terminal)?;
            }
            NoLine::End
        }
        ReadlineError::Io(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            *number += 1;
            output::err(format!("error: {}", LineError::NotUtf8 { line: *number }));
            NoLine::Again
        }
        ReadlineError::Signal(_) => NoLine::Again,
        e => {
            output::err(format!("error: cannot read the terminal: {e}"));
            NoLine::Lost
        }
    })
}

/// A line read at the prompt (one typed, or a paste of several) run: each line of it is
/// numbered, kept in the history and joined as if typed alone, so every line runs, in order;
/// a line over the limit runs not at all. [`Outcome::Quit`] when one of them ends the session.
fn run_typed<B: Fn(&str) -> i64, C: Fn(&str) -> bool>(
    session: &mut Session,
    editor: &mut Editor<WorkbenchHelper, DefaultHistory>,
    history: &mut History,
    (joiner, apl_mode): (&mut crate::base::lines::Joiner<B, C>, &Cell<bool>),
    number: &mut usize,
    line: &str,
) -> Result<Outcome> {
    if line.len() > MAX_LINE_BYTES {
        *number += 1;
        output::err(format!(
            "error: line {number} is longer than the limit of 1 MiB (1,048,576 bytes); it was not run"
        ));
        return Ok(Outcome::Done);
    }
    for piece in line.split('\n') {
        *number += 1;
        let piece = piece.strip_suffix('\r').unwrap_or(piece);
        remember(editor, history, piece);
        if run_piece(session, (joiner, apl_mode), *number, piece)? == Outcome::Quit {
            return Ok(Outcome::Quit);
        }
    }
    Ok(Outcome::Done)
}

/// One read at the prompt: the line, with the end of a long paste held back from the
/// editor's display shown now and added; or why there is no line.
fn read_prompt(
    editor: &mut Editor<WorkbenchHelper, DefaultHistory>,
    prompt: &str,
    pasted: &PastedRun,
) -> Result<std::result::Result<String, ReadlineError>> {
    let read = editor.readline(prompt);
    let tail = pasted.take();
    let mut line = match read {
        Ok(line) => line,
        Err(e) => return Ok(Err(e)),
    };
    if !tail.is_empty() {
        output::out(tail.strip_suffix('\n').unwrap_or(&tail))?;
        line.push_str(&tail);
    }
    Ok(Ok(line))
}

/// A line typed, kept in the editor's history and the history file (unless blank).
fn remember(
    editor: &mut Editor<WorkbenchHelper, DefaultHistory>,
    history: &mut History,
    line: &str,
) {
    if !line.trim().is_empty() {
        let _ = editor.add_history_entry(line);
        if let Some(note) = history.append(line) {
            output::err(format!("note: {note}"));
        }
    }
}

/// The line editor of the REPL: Tab completion from the session's notation (`notation`),
/// the history, and the end of a long paste held back in `pasted`.
fn open_editor(
    notation: &Arc<Mutex<Notation>>,
    pasted: &PastedRun,
) -> Result<Editor<WorkbenchHelper, DefaultHistory>> {
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .max_history_size(HISTORY_LINES)
        .map_err(|e| Error::Terminal(format!("cannot set up the line editor: {e}")))?
        .build();
    let mut editor: Editor<WorkbenchHelper, DefaultHistory> = Editor::with_config(config)
        .map_err(|e| Error::Terminal(format!("cannot open the terminal: {e}")))?;
    editor.set_helper(Some(WorkbenchHelper {
        notation: Arc::clone(notation),
        apl: pasted.apl.clone(),
    }));
    editor.bind_sequence(
        Event::Any,
        EventHandler::Conditional(Box::new(pasted.clone())),
    );
    Ok(editor)
}

/// The start of a REPL session: the history's notes and lines, the workspace kept from the
/// last session, and the greeting.
fn welcome(
    session: &mut Session,
    editor: &mut Editor<WorkbenchHelper, DefaultHistory>,
    history: &History,
    apl: bool,
) -> Result<()> {
    for note in &history.notes {
        output::err(format!("note: {note}"));
    }
    for line in &history.lines {
        let _ = editor.add_history_entry(line.as_str());
    }
    if let Some(file) = workspace_file() {
        for note in session.keep_workspace(file) {
            output::err(format!("note: {note}"));
        }
    }
    output::out(format!(
        "cubework {} — type help, or moves like R U R' U'. Ctrl-D quits.",
        env!("CARGO_PKG_VERSION")
    ))?;
    if apl {
        show(&session.execute("apl")?)?;
    }
    Ok(())
}

/// One line typed (line `number`), joined to the statement open before it: the statements
/// it completes run; `Quit` if one of them asked to leave.
fn run_piece<B: Fn(&str) -> i64, C: Fn(&str) -> bool>(
    session: &mut Session,
    (joiner, apl_mode): (&mut crate::base::lines::Joiner<B, C>, &Cell<bool>),
    number: usize,
    piece: &str,
) -> Result<Outcome> {
    for statement in joiner.push(number, piece.to_string()) {
        let outcome = match statement {
            Ok(statement) => run_statement(session, &statement, Where::Terminal)?,
            Err(e) => {
                output::err(format!("error: {e}"));
                Outcome::Failed
            }
        };
        apl_mode.set(session.in_apl());
        if outcome == Outcome::Quit {
            return Ok(Outcome::Quit);
        }
    }
    Ok(Outcome::Done)
}

/// The prompt while a bracket is open and the statement goes on to the next line.
pub const CONTINUATION_PROMPT: &str = "...> ";

/// How the REPL joins lines into statements (`join`: typed at a terminal, where the
/// continuation prompt [`CONTINUATION_PROMPT`] shows it, or a session file run by `run`): a
/// bracket left open goes on to the next lines while each reads as moves that do not parse
/// alone (`F]`) — a command word, an empty line, a note or a line complete in itself (`R`)
/// ends the statement, which is then an error of its own, and the line runs (see
/// [`crate::base::lines::Joiner`]). Lines piped in are never joined: nobody sees a prompt, so
/// a bracket left open is its own line's error (its column within that line).
///
/// In APL mode (while `apl` holds) a dfn's braces left open go on to the next lines, typed,
/// piped or run, as a Dyalog programmer writes a dfn of many lines
/// ([`crate::apl::lines`]); an empty line or a system command (`)…`) ends it, unfinished,
/// and nothing of it runs.
fn joiner(
    join: bool,
    apl: Rc<Cell<bool>>,
) -> crate::base::lines::Joiner<impl Fn(&str) -> i64, impl Fn(&str) -> bool> {
    let in_apl = apl.clone();
    crate::base::lines::Joiner::new(
        move |line| {
            if in_apl.get() {
                crate::apl::lines::brace_balance(line)
            } else {
                crate::sequence::parser::bracket_balance(line)
            }
        },
        move |line| {
            if apl.get() {
                !line.trim_start().starts_with(')')
            } else {
                join && !matches!(crate::command::line_kind(line), LineKind::Command(..))
                    && !parses_alone(line)
            }
        },
    )
}

/// Whether `line` reads as moves on its own, in either notation.
fn parses_alone(line: &str) -> bool {
    [Notation::Standard, Notation::Paper]
        .into_iter()
        .any(|notation| crate::sequence::parser::parse_sequence(line, notation).is_ok())
}

/// Where a statement came from, for its error messages.
#[derive(Clone, Copy)]
enum Where {
    /// Typed at the terminal: errors say nothing of line numbers.
    Terminal,
    /// Read from a pipe or file: errors name the line.
    Lines,
}

/// What running a statement came to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Done,
    Failed,
    Quit,
}

/// Runs one statement, printing its answer or its error; an open one (a bracket never closed)
/// is an error naming that bracket, and runs nothing. Fails only when the answer cannot be
/// written.
fn run_statement(session: &mut Session, statement: &Statement, from: Where) -> Result<Outcome> {
    crate::base::cancel::clear();
    let (line, result) = if session.in_apl() && statement.text.contains('\n') {
        // A dfn over several lines: one statement (an unclosed one is APL's own error).
        (
            statement.line,
            session.execute(&crate::apl::lines::join(&statement.text)),
        )
    } else if statement.open {
        run_open(session, statement)
    } else {
        (statement.line, session.execute(&statement.text))
    };
    match (result, from) {
        (Ok(reply), _) => Ok(if show(&reply)? {
            Outcome::Quit
        } else {
            Outcome::Done
        }),
        (Err(e), Where::Terminal) if e.is_cancelled() => {
            output::err("cancelled");
            Ok(Outcome::Failed)
        }
        (Err(e), Where::Terminal) if line > statement.line => {
            output::err(format!(
                "error: {e}, on line {} of the statement",
                line - statement.line + 1
            ));
            Ok(Outcome::Failed)
        }
        (Err(e), Where::Terminal) => {
            output::err(format!("error: {e}"));
            Ok(Outcome::Failed)
        }
        (Err(e), Where::Lines) => {
            output::err(format!("error: line {line}: {e}"));
            Ok(Outcome::Failed)
        }
    }
}

/// A statement whose brackets are left open, run as far as it reads: the line it failed on
/// (its first, or the one with the bracket never closed) and what became of it.
fn run_open(session: &mut Session, statement: &Statement) -> (usize, Result<Reply>) {
    // Moves are parsed, so that an error before the open bracket is the one reported (no
    // sequence with a bracket open parses, so nothing runs); a command is not run at all.
    let command = matches!(
        crate::command::line_kind(&statement.text),
        LineKind::Command(..)
    );
    let parsed = (!command).then(|| session.execute(&statement.text));
    let unclosed = crate::sequence::parser::unclosed_bracket(&statement.text, session.notation());
    match (parsed, unclosed) {
        (Some(Err(e)), Some((index, located)))
            if e.parse_error().map(|p| p.kind)
                == Some(crate::sequence::parser::ParseErrorKind::Unclosed) =>
        {
            (statement.line + index, Err(Error::from(located.in_repl())))
        }
        (Some(result), _) => (statement.line, result),
        (None, Some((index, located))) => {
            (statement.line + index, Err(Error::from(located.in_repl())))
        }
        (None, None) => (statement.line, session.execute(&statement.text)),
    }
}

/// How many lines in a row may fail before [`run_lines`] stops: past that, the input is not
/// a session (a binary file, a file of something else), and going on would
/// only print one error a line.
pub const MAX_ERRORS_IN_A_ROW: usize = 100;

/// Runs each line of `input` as the REPL would, without prompts or colour. An error prints
/// one line on stderr naming the line, and the session goes on — also past a line that is
/// not UTF-8 or holds a NUL byte, or longer than [`MAX_LINE_BYTES`] (that line's error); more
/// than [`MAX_SKIPPED_BYTES`](crate::base::lines::MAX_SKIPPED_BYTES) with no line break (binary
/// input) end the session, and so do [`MAX_ERRORS_IN_A_ROW`] failing statements in a row, with
/// one line saying so. The exit status is 2 if any line failed. Lines join into statements only
/// if `join` (a session file; piped lines never do), and then as typed ones do (see `joiner`).
/// In APL mode from the first line, in its context, if `apl` (`cubework apl` alone).
///
/// Ctrl-C stops the line running (its work ends as the REPL's does, with `cancelled`) and the
/// session with it: the lines after it are not run, one line says so, and the exit status is
/// 130, as a script stopped by Ctrl-C ends.
pub fn run_lines(input: impl BufRead, join: bool, apl: Option<AplContext>) -> Result<ExitCode> {
    let mut session = start(apl.as_ref(), false)?;
    if apl.is_some() {
        session.execute("apl")?;
    }
    crate::base::cancel::install();
    let mut failed = false;
    // The failing statements in a row, and the line of the first of them.
    let mut in_a_row = (0, 0);
    let mut last = 0;
    let apl_mode = Rc::new(Cell::new(session.in_apl()));
    let joiner = joiner(join, apl_mode.clone());
    for read in crate::base::lines::statements(Lines::new(input), joiner) {
        // A blank line does not break a run of failing lines (binary input has many).
        let blank = matches!(&read, Ok(s) if s.text.trim().is_empty());
        let (number, outcome) = match read {
            Ok(statement) => (
                statement.line,
                run_statement(&mut session, &statement, Where::Lines)?,
            ),
            Err(e) => {
                output::err(format!("error: {e}"));
                (e.line(), Outcome::Failed)
            }
        };
        last = number;
        apl_mode.set(session.in_apl());
        if crate::base::cancel::requested() {
            return stopped_by_ctrl_c(&mut session, number);
        }
        match outcome {
            Outcome::Quit => break,
            Outcome::Done if blank => {}
            Outcome::Done => in_a_row = (0, 0),
            Outcome::Failed => {
                failed = true;
                if in_a_row.0 == 0 {
                    in_a_row.1 = number;
                }
                in_a_row.0 += 1;
                if in_a_row.0 == MAX_ERRORS_IN_A_ROW {
                    output::err(format!(
                        "error: stopped after {MAX_ERRORS_IN_A_ROW} failing lines in a row (lines {} to {number}): this does not look like a session file",
                        in_a_row.1
                    ));
                    break;
                }
            }
        }
    }
    failed |= close_at_the_end(&mut session, Some(last))?;
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Lines run from input, stopped by Ctrl-C at line `number`: said, the session closed as at
/// the input's end, and the status of Ctrl-C.
fn stopped_by_ctrl_c(session: &mut Session, number: usize) -> Result<ExitCode> {
    output::err(format!(
        "stopped by Ctrl-C at line {number}: the lines after it were not run"
    ));
    close_at_the_end(session, Some(number))?;
    Ok(ExitCode::from(130))
}

/// Prints a reply: its note on stderr, its text on stdout. True if the user asked to leave.
fn show(reply: &Reply) -> Result<bool> {
    if let Some(note) = &reply.note {
        output::err(format!("note: {note}"));
    }
    if !reply.text.is_empty() {
        output::out(&reply.text)?;
    }
    Ok(reply.quit)
}

/// Text that comes in faster than anyone types at the end of a long line, held back from the
/// line editor and handed to it in runs that double the line: characters of a paste the
/// terminal did not bracket (or keys sent by a program), and bracketed pastes. rustyline
/// redraws the whole line — every row of it — each time the cursor wraps to a new row and
/// each time it inserts a paste, so that a long line typed key by key, or a paste that
/// comes as many bracketed pieces (a terminal may send a long paste in chunks and bracket
/// each), costs time and output growing with its square: 3,000 pasted lines, one a piece,
/// wrote 81 MB to the terminal. In runs that double the line, it costs time in proportion
/// to its length.
///
/// A bracketed paste is read here, not by rustyline: its start is taken from the editor,
/// and its keys are gathered (carriage returns as line ends, as rustyline reads them) until
/// its end, when it goes to the editor whole — or stays held, while the line is long and
/// what is held shorter than it.
#[derive(Clone, Default)]
struct PastedRun {
    state: Arc<Mutex<RunState>>,
    /// A backtick key typed where APL is read turns into its glyph.
    apl: super::apl_keys::AplTyping,
}

#[derive(Default)]
struct RunState {
    /// What is held back: it goes at the end of the line.
    held: String,
    /// When the last key came.
    last_key: Option<std::time::Instant>,
    /// Inside a bracketed paste: keys are its text.
    in_paste: bool,
    /// The last key of the paste was a carriage return (a line feed after it is the same
    /// line end).
    after_return: bool,
}

/// Lines at least this long take characters that come in quickly, and pastes, in runs.
const RUN_FROM_BYTES: usize = 4096;
/// Keys closer together than this come from a paste or a program, not from typing.
const TYPED_GAP: std::time::Duration = std::time::Duration::from_millis(10);

impl PastedRun {
    /// What is held back, taken (when the editor returns the line, or drops it); a paste cut
    /// short by it ends.
    fn take(&self) -> String {
        self.state
            .lock()
            .map(|mut s| {
                s.in_paste = false;
                std::mem::take(&mut s.held)
            })
            .unwrap_or_default()
    }
}

/// The character a key of a bracketed paste stands for (a line end is the caller's; a
/// backspace is DEL): none for the keys an escape sequence makes, which rustyline drops from
/// a paste too.
fn pasted_char(key: KeyEvent) -> Option<char> {
    match key {
        KeyEvent(KeyCode::Char(c), Modifiers::NONE) => Some(c),
        KeyEvent(KeyCode::Tab, Modifiers::NONE) => Some('\t'),
        KeyEvent(KeyCode::Backspace, Modifiers::NONE) => Some('\u{7f}'),
        KeyEvent(KeyCode::Char(c @ '@'..='_'), Modifiers::CTRL) => Some(char::from(c as u8 - 0x40)),
        _ => None,
    }
}

/// A key inside a bracketed paste: its text held, until the paste ends.
fn in_paste(state: &mut RunState, key: KeyEvent, ctx: &EventContext<'_>) -> Option<Cmd> {
    let after_return = std::mem::take(&mut state.after_return);
    match key {
        KeyEvent(KeyCode::BracketedPasteEnd, _) => {
            state.in_paste = false;
            // Whole to the editor, unless the line is long and the paste (with what
            // was held before it) shorter than it: then it waits for more.
            let (line, held) = (ctx.line().len(), state.held.len());
            let at_end = ctx.pos() == line;
            if !at_end || line + held < RUN_FROM_BYTES || held >= line {
                return Some(Cmd::Insert(1, std::mem::take(&mut state.held)));
            }
        }
        KeyEvent(KeyCode::Enter, Modifiers::NONE) => {
            state.held.push('\n');
            state.after_return = true;
        }
        KeyEvent(KeyCode::Char('J'), Modifiers::CTRL) if after_return => {}
        KeyEvent(KeyCode::Char('J'), Modifiers::CTRL) => state.held.push('\n'),
        key => state.held.extend(pasted_char(key)),
    }
    Some(Cmd::Noop)
}

/// Enter with text held back: a line with a bracket open goes on, as Enter makes it; a
/// line that is done is accepted, and the REPL adds what is held back.
fn enter_with_held(state: &mut RunState, ctx: &EventContext<'_>) -> Cmd {
    let mut whole = ctx.line().to_string();
    whole.push_str(&state.held);
    if crate::sequence::parser::is_incomplete(&whole) {
        let mut run = std::mem::take(&mut state.held);
        run.push('\n');
        Cmd::Insert(1, run)
    } else {
        Cmd::AcceptLine
    }
}

impl ConditionalEventHandler for PastedRun {
    fn handle(
        &self,
        evt: &Event,
        n: RepeatCount,
        positive: bool,
        ctx: &EventContext<'_>,
    ) -> Option<Cmd> {
        let mut state = self.state.lock().ok()?;
        let key = evt.get(0).copied()?;
        if state.in_paste {
            return in_paste(&mut state, key, ctx);
        }
        if key == KeyEvent(KeyCode::BracketedPasteStart, Modifiers::NONE) {
            // Gathered after what is held (which is at the end of the line, where the cursor
            // is); with the cursor elsewhere nothing is held, and the paste goes to the
            // editor at the cursor when it ends.
            state.in_paste = true;
            state.after_return = false;
            return Some(Cmd::Noop);
        }
        if state.held.is_empty()
            && n == 1
            && let Some(cmd) = self.apl.key(key, ctx)
        {
            return Some(cmd);
        }
        let now = std::time::Instant::now();
        let quick = state
            .last_key
            .is_some_and(|last| now.duration_since(last) < TYPED_GAP);
        state.last_key = Some(now);
        let at_end = ctx.pos() == ctx.line().len();
        match key {
            KeyEvent(KeyCode::Char(c), Modifiers::NONE) if n == 1 && positive && at_end => {
                let long = ctx.line().len() + state.held.len() >= RUN_FROM_BYTES;
                if quick && long {
                    state.held.push(c);
                    // The run goes to the editor when it is as long as the line: a few
                    // redraws in all, however long the line grows.
                    if state.held.len() >= ctx.line().len() {
                        return Some(Cmd::Insert(1, std::mem::take(&mut state.held)));
                    }
                    return Some(Cmd::Noop);
                }
                if state.held.is_empty() {
                    return None;
                }
                state.held.push(c);
                Some(Cmd::Insert(1, std::mem::take(&mut state.held)))
            }
            _ if state.held.is_empty() => None,
            // Ctrl-C drops the line, and what is held back with it.
            KeyEvent(KeyCode::Char('C'), Modifiers::CTRL) => None,
            KeyEvent(KeyCode::Enter, Modifiers::NONE) => Some(enter_with_held(&mut state, ctx)),
            // Any other key first shows what is held back, in place of its own action.
            _ => Some(Cmd::Insert(1, std::mem::take(&mut state.held))),
        }
    }
}

/// Completion and hints for the REPL.
struct WorkbenchHelper {
    notation: Arc<Mutex<Notation>>,
    /// The workspace's names, for Tab where APL is read.
    apl: super::apl_keys::AplTyping,
}

const STANDARD_MOVES: &[&str] = &[
    "U", "D", "L", "R", "F", "B", "M", "E", "S", "x", "y", "z", "Uw", "Dw", "Lw", "Rw", "Fw", "Bw",
    "u", "d", "l", "r", "f", "b",
];

/// What Tab offers for the word that ends at `pos` in `line`, and where that word starts:
/// command names first, then the words the command's descriptor lists for its arguments, and
/// moves (in `notation`) where it takes a sequence or where the line is moves.
///
/// ```
/// use cubework::{Notation, cli::repl::completions};
/// assert_eq!(completions("sol", 3, Notation::Standard).1, ["solved?", "solve"]);
/// assert!(completions("solve opt", 9, Notation::Standard).1 == ["optimal"]);
/// assert_eq!(completions("22\\rh", 5, Notation::Standard), (2, vec!["⍴".to_string()]));
/// ```
pub fn completions(line: &str, pos: usize, notation: Notation) -> (usize, Vec<String>) {
    let pos = pos.min(line.len());
    let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &line[start..pos];
    // `\rho` then Tab: the glyph (APL typed without an APL keyboard).
    if let Some(slash) = word.rfind('\\') {
        let glyphs = crate::apl::keys::names_starting(&word[slash + 1..])
            .into_iter()
            .map(|(_, g)| g.to_string())
            .collect();
        return (start + slash, glyphs);
    }
    let before = &line[..start];
    let commands = || defs::repl_commands().map(|c| c.name.to_string());
    let offered: Vec<String> = match crate::command::line_kind(before) {
        LineKind::Command(def, ..) if def.takes_command() => commands().collect(),
        LineKind::Command(def, ..) if def.takes_moves => def
            .repl_words()
            .into_iter()
            .map(String::from)
            .chain(moves(notation))
            .collect(),
        LineKind::Command(def, ..) => def.repl_words().into_iter().map(String::from).collect(),
        _ if before.trim().is_empty() => commands().chain(moves(notation)).collect(),
        LineKind::Nothing | LineKind::Moves => moves(notation),
    };
    let found = offered
        .into_iter()
        .filter(|c| c.starts_with(word))
        .collect();
    (start, found)
}

/// Every move Tab offers in `notation`.
fn moves(notation: Notation) -> Vec<String> {
    let bases: Vec<String> = match notation {
        Notation::Standard => STANDARD_MOVES.iter().map(|s| s.to_string()).collect(),
        Notation::Paper => "LCRBHFUMDXYZ".chars().map(String::from).collect(),
    };
    let suffixes: &[&str] = match notation {
        Notation::Standard => &["", "'", "2"],
        Notation::Paper => &["", "\u{305}"],
    };
    bases
        .iter()
        .flat_map(|b| suffixes.iter().map(move |s| format!("{b}{s}")))
        .collect()
}

impl Completer for WorkbenchHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let notation = self.notation.lock().map(|n| *n).unwrap_or_default();
        let (start, mut found) = completions(line, pos, notation);
        // Where APL is read, the workspace's names first.
        match self.apl.complete(line, pos) {
            Some((at, mut names)) if at == start || found.is_empty() => {
                found.retain(|f| !names.contains(f));
                names.extend(if at == start { found } else { Vec::new() });
                Ok((at, names))
            }
            _ => Ok((start, found)),
        }
    }
}

impl Hinter for WorkbenchHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        // Hints are for a command word alone: a longer line has none (and is not searched,
        // so that each key of a long line costs the same).
        if pos < line.len() || line.is_empty() || line.len() > 16 {
            return None;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let matching: Vec<_> = defs::repl_commands()
            .filter(|c| c.name.starts_with(word))
            .collect();
        match matching.as_slice() {
            [c] if rest.is_empty() && c.name.len() > word.len() => Some(
                format!("{} {}", &c.name[word.len()..], c.usage)
                    .trim_end()
                    .to_string(),
            ),
            [c] if c.name == word
                && rest.is_empty()
                && !line.ends_with(' ')
                && !c.usage.is_empty() =>
            {
                Some(format!(" {}", c.usage))
            }
            _ => None,
        }
    }
}

impl Highlighter for WorkbenchHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if use_colour() {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

/// Enter always ends the line: a statement whose bracket is still open goes on at the
/// continuation prompt (see [`CONTINUATION_PROMPT`]).
impl Validator for WorkbenchHelper {}

impl Helper for WorkbenchHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new directory of this test's own (never another test's, nor another run's at the
    /// same time), removed when dropped.
    fn temp(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("cubework-repl-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn history_lines_that_are_not_utf8_are_skipped_and_the_rest_kept() {
        let dir = temp("skip");
        let path = dir.path().join("history.txt");
        std::fs::write(&path, b"#V2\nR U\n\xff\xfe\nF2\n\n\xc3(\nshow net\n").unwrap();
        let h = History::open(Some(path.clone()));
        assert_eq!(h.lines, ["R U", "F2", "show net"]);
        assert_eq!(h.notes.len(), 1, "{:?}", h.notes);
        assert!(h.notes[0].contains("(line 3, 6)"), "{:?}", h.notes);
    }

    #[test]
    fn two_sessions_at_once_both_keep_their_lines() {
        let dir = temp("two");
        let path = dir.path().join("sub").join("history.txt");
        let mut a = History::open(Some(path.clone()));
        let mut b = History::open(Some(path.clone()));
        assert_eq!(a.append("R"), None);
        assert_eq!(b.append("U"), None);
        assert_eq!(a.append("F"), None);
        assert_eq!(History::open(Some(path)).lines, ["R", "U", "F"]);
    }

    #[test]
    fn special_files_in_place_of_the_history_are_refused() {
        let own = temp("special");
        let dir = own.path();
        let h = History::open(Some(dir.to_path_buf()));
        assert!(h.notes[0].contains("is a directory"), "{:?}", h.notes);
        let mut h = h;
        assert_eq!(h.append("R"), None, "nothing is written anywhere");
        #[cfg(unix)]
        {
            let link = dir.join("history.txt");
            std::os::unix::fs::symlink("/dev/null", &link).unwrap();
            let h = History::open(Some(link));
            assert!(h.notes[0].contains("is a device"), "{:?}", h.notes);
        }
    }

    #[test]
    fn the_file_is_cut_back_when_it_grows_long() {
        let dir = temp("trim");
        let path = dir.path().join("history.txt");
        let text: String = (0..11 * HISTORY_LINES)
            .map(|i| format!("R{}\n", i % 3 + 2))
            .collect();
        std::fs::write(&path, text).unwrap();
        let h = History::open(Some(path.clone()));
        assert_eq!(h.lines.len(), HISTORY_LINES);
        let kept = std::fs::read_to_string(&path).unwrap();
        assert_eq!(kept.lines().count(), HISTORY_LINES);
    }
}
