//! Solving many cubes at once: `cubework solve --batch FILE` reads one state a line and
//! writes one line for each line it reads, in the same order, each solution found by
//! [`crate::solve::solve`] with the [`Job`]'s method and limits, several states at once (one a
//! core unless told; see [`run`]).
//!
//! A line is read by [`crate::sequence::input::read_state`]: a facelet string if it is shaped like one
//! (face or colour letters, about 54 of them: a near miss is named, not read as moves), and
//! otherwise a move sequence from solved (sequence algebra allowed). Each line is one state:
//! lines are never joined, so a bracket left open is that line's error and the lines after it
//! are states of their own. Output line N answers input line N, so `paste states.txt
//! answers.txt` lines up: a solved state's line is its solution (empty for a state that needs
//! no moves), and a blank line, a `#` comment, and a line that cannot be read or solved get an
//! empty line, the last two with `cubework: line N: …` on the error stream; the rest are still
//! solved. A solve that panics (a bug) is such a line's error, never the batch's end. Lines are
//! read as [`crate::base::lines`] reads them, every one of them ([`Lines::every_line`]; a line ends at
//! `\n`, `\r\n` or a `\r` alone): one that is not UTF-8, longer than 1 MiB or holding a NUL
//! byte is such an error, and the lines after it are read on (unless the line goes on past
//! 64 MiB with no line break, as `/dev/zero` does: reading stops there). Answers are written a whole
//! line at a time; through [`WholeLines`] a failed write leaves no part of a line behind.

use crate::base::clock::Instant;
use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, Seek, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::Duration;

use crate::answer::error::{Error, Result};
use crate::base::lines::Lines;
use crate::sequence::alg::format_in;
use crate::sequence::input::Input;
use crate::solve::{Limits, Method, Progress, Solution, SolveError};
use crate::state::cube::Cube;
use crate::turn::face::Scheme;
use crate::turn::metric::Metric;
use crate::turn::notation::Notation;

/// What a batch did: how many states were solved or failed, how long each solve took, and
/// the solutions' lengths.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// States solved.
    pub solved: usize,
    /// Lines that could not be read or solved.
    pub failed: usize,
    /// Time of each solve (reading the line included).
    pub times: Vec<Duration>,
    /// Length of each solution.
    pub lengths: Vec<u64>,
    /// The metric the lengths are counted in.
    pub metric: Metric,
    /// The line whose solve Ctrl-C stopped, which ended the batch there.
    pub stopped: Option<usize>,
    /// How many of the solved states have an answer that a search set out to prove shortest
    /// but did not (the optimal search stopped at its time limit): the best found.
    pub unproven: usize,
}

/// What a batch does with each line: the method and limits it solves by, the notation lines
/// are read and answers written in, who hears the solves' progress, and what to say after a
/// line's error (a front end's advice; [`no_advice`] for none).
pub struct Job<'a> {
    /// The method.
    pub method: Method,
    /// Its limits, and the metric the summary counts in (the threads are [`Job::threads`]').
    pub limits: Limits,
    /// The notation of the lines and of the answers.
    pub notation: Notation,
    /// The colour scheme the lines' colour-letter facelet strings are read in (the one the
    /// user chose: what the workbench prints reads back).
    pub scheme: Scheme,
    /// Who hears how each solve goes (tables loaded, searches).
    pub progress: Progress<'a>,
    /// A line's error as reported: the front end's advice added.
    pub advise: &'a dyn Fn(Error) -> Error,
    /// Threads the batch runs on (default: one a core), shared between states solved at
    /// once and each solve's search by [`share_threads`].
    pub threads: Option<usize>,
    /// The size of cube each line of moves is made on (`--size N`; `None`: the method's). A
    /// facelet string is its own size's, and one of another size than this is an error.
    pub size: Option<usize>,
}

/// An error as it is: no advice added.
pub fn no_advice(e: Error) -> Error {
    e
}

impl Summary {
    /// The median time a solve, in milliseconds.
    pub fn median_ms(&self) -> f64 {
        let mut t: Vec<f64> = self.times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        t.sort_by(f64::total_cmp);
        match t.len() {
            0 => 0.0,
            n if n % 2 == 1 => t[n / 2],
            n => (t[n / 2 - 1] + t[n / 2]) / 2.0,
        }
    }

    /// The mean time a solve, in milliseconds.
    pub fn mean_ms(&self) -> f64 {
        // A sum from 0.0, not `sum()`: an empty `f64` sum is -0.0, printed "-0.000".
        let total = self
            .times
            .iter()
            .fold(0.0, |total, d| total + d.as_secs_f64() * 1e3);
        total / self.times.len().max(1) as f64
    }

    /// The mean solution length.
    pub fn mean_length(&self) -> f64 {
        self.lengths.iter().sum::<u64>() as f64 / self.lengths.len().max(1) as f64
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.solved == 0 && self.failed == 0 {
            // An empty file, or blank lines and comments only: said plainly, with no figures
            // of solves that did not happen.
            return f.write_str(
                "no states to solve: the input has no line of moves or facelets (blank lines and # comments are passed over)",
            );
        }
        write!(
            f,
            "{} {} solved",
            self.solved,
            if self.solved == 1 { "state" } else { "states" }
        )?;
        if self.unproven > 0 {
            write!(
                f,
                " ({} proven shortest, {} the best found, not proven)",
                self.solved - self.unproven,
                self.unproven
            )?;
        }
        if self.failed > 0 {
            write!(f, ", {} failed", self.failed)?;
        }
        write!(
            f,
            "; median {:.3} ms, mean {:.3} ms a solve; mean length {:.2} moves ({})",
            self.median_ms(),
            self.mean_ms(),
            self.mean_length(),
            self.metric.title()
        )
    }
}

/// How a batch line names a state (a 3×3×3): a facelet string if it is shaped like one, else
/// moves ([`crate::sequence::input::read_state`]).
///
/// ```
/// use cubework::answer::batch::read_state;
/// use cubework::sequence::input::Input;
/// use cubework::turn::face::Scheme;
/// use cubework::Notation;
/// let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
/// let read = |line| read_state(line, Notation::Standard, Scheme::Paper).unwrap();
/// assert_eq!(read(solved), Input::Facelets(solved.into(), Scheme::Paper));
/// assert!(matches!(read("R U R'"), Input::Moves(_)));
/// ```
pub fn read_state(line: &str, notation: Notation, scheme: Scheme) -> Result<Input> {
    Ok(crate::sequence::input::read_state(
        line, 3, notation, scheme,
    )?)
}

/// What became of one line of the input, in input order.
enum Outcome {
    /// Solved, in this long (reading the line included).
    Solved(Box<Solution>, Duration),
    /// Blank, or a `#` comment: no state asked about.
    Nothing,
    /// Read but not solved: the line's error, before the front end's advice.
    Failed(Error),
    /// Not read: the whole error line, after `cubework: `.
    Unread(String),
    /// The solve panicked (a bug): what the panic said.
    Panicked(String),
    /// Ctrl-C came while it was being solved.
    Stopped,
}

/// How a batch solves one cube: [`crate::solve::solve`] (a test gives one of its own).
type Solver<'s> = dyn Fn(&Cube, Method, &Limits, &Progress) -> std::result::Result<Solution, SolveError>
    + Sync
    + 's;

/// What the reader and the solvers tell the writer: a line's outcome (its place in the
/// input and its line number), or how many lines there were.
enum Report {
    Done(usize, usize, Outcome),
    Total(usize),
}

/// The lines waiting to be solved: filled by the reader, emptied by the solvers, never
/// longer than its room, and never more than [`AHEAD`] lines past the first line not yet
/// written (the reader waits), closed when the input ends or the batch stops.
struct Queue {
    state: Mutex<QueueState>,
    /// Told when a line comes or the queue closes.
    filled: Condvar,
    /// Told when a line is taken or written, or the queue closes.
    emptied: Condvar,
    room: usize,
}

struct QueueState {
    waiting: VecDeque<(usize, usize, String)>,
    closed: bool,
    /// The place of the first line not yet written.
    written: usize,
}

/// How many lines the reader may read past the first line not yet written: every line read
/// has its outcome held until the lines before it are written, so this bounds what a batch
/// holds (a long search on one line, a million blank lines after it).
const AHEAD: usize = 4096;

impl Queue {
    fn new(room: usize) -> Queue {
        Queue {
            state: Mutex::new(QueueState {
                waiting: VecDeque::new(),
                closed: false,
                written: 0,
            }),
            filled: Condvar::new(),
            emptied: Condvar::new(),
            room: room.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until the line in place `seq` may be read on: at most [`AHEAD`] past the first
    /// line not yet written, and (`solve`) room for it in the queue; the state, or `None` if
    /// the queue was closed.
    fn wait_for_room(
        &self,
        seq: usize,
        solve: bool,
    ) -> Option<std::sync::MutexGuard<'_, QueueState>> {
        let mut state = self.lock();
        while !state.closed
            && (seq >= state.written + AHEAD || (solve && state.waiting.len() >= self.room))
        {
            state = self.emptied.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        (!state.closed).then_some(state)
    }

    /// Waits until the line in place `seq`, which needs no solving, may be read on; false if
    /// the queue was closed.
    fn admit(&self, seq: usize) -> bool {
        self.wait_for_room(seq, false).is_some()
    }

    /// Adds a line to solve once there is room; false if the queue was closed.
    fn push(&self, item: (usize, usize, String)) -> bool {
        let Some(mut state) = self.wait_for_room(item.0, true) else {
            return false;
        };
        state.waiting.push_back(item);
        self.filled.notify_one();
        true
    }

    /// Every line before place `next` is written.
    fn written(&self, next: usize) {
        self.lock().written = next;
        self.emptied.notify_all();
    }

    /// The next statement, waiting for one; `None` once the queue is closed and empty.
    fn pop(&self) -> Option<(usize, usize, String)> {
        let mut state = self.lock();
        loop {
            if let Some(item) = state.waiting.pop_front() {
                self.emptied.notify_one();
                return Some(item);
            }
            if state.closed {
                return None;
            }
            state = self.filled.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// No more statements: those waiting are still taken (`drop_waiting`: they are not).
    fn close(&self, drop_waiting: bool) {
        let mut state = self.lock();
        state.closed = true;
        if drop_waiting {
            state.waiting.clear();
        }
        self.filled.notify_all();
        self.emptied.notify_all();
    }
}

/// How a batch of `method` shares `threads` threads: states solved at once, and threads each
/// solve searches on. The optimal solver's searches take seconds to minutes and share one
/// position's work well: one state at a time on every thread (six seeded 18-turn scrambles on
/// two cores: 13.2 s this way, 23.1 s a position a core, the longest search alone on one
/// core; about the same CPU-seconds). Every other method's solves take milliseconds, too
/// short to share: a state a thread, each solve on one.
pub fn share_threads(method: Method, threads: usize) -> (usize, usize) {
    let threads = threads.max(1);
    match method {
        Method::Optimal => (1, threads),
        _ => (threads, 1),
    }
}

/// Reads the lines of `input` on its own thread, handing each state to `queue` and telling
/// `reports` of each line with no state (blank, a comment) or that it cannot read, then of how
/// many lines there were. Each line is one state: lines are never joined, and every line is
/// read ([`Lines::every_line`]: one too long or holding a NUL byte is an error of its own), so
/// that every line gets its answer line. It stops when the input ends (or cannot be read on)
/// or the queue is closed.
fn read_lines(
    input: impl BufRead + Send + 'static,
    queue: Arc<Queue>,
    reports: mpsc::Sender<Report>,
) {
    let mut seq = 0;
    // The lines end themselves after an error reading cannot go on from.
    for read in Lines::every_line(input) {
        match read {
            Ok((number, line)) => {
                let text = line.trim();
                if text.is_empty() || text.starts_with('#') {
                    if !queue.admit(seq) {
                        return;
                    }
                    let _ = reports.send(Report::Done(seq, number, Outcome::Nothing));
                } else if !queue.push((seq, number, text.to_string())) {
                    return;
                }
            }
            Err(e) => {
                if !queue.admit(seq) {
                    return;
                }
                let _ = reports.send(Report::Done(seq, e.line(), Outcome::Unread(e.to_string())));
            }
        }
        seq += 1;
    }
    queue.close(false);
    let _ = reports.send(Report::Total(seq));
}

/// Solves one state of a batch (its text a line of the input) by `solver`. A panic in the
/// reading or the solve is caught: it is this line's outcome, and the worker goes on with the
/// next line.
fn solve_line(
    text: &str,
    method: Method,
    limits: &Limits,
    (notation, scheme, size): (Notation, Scheme, Option<usize>),
    progress: &Progress,
    solver: &Solver,
) -> Outcome {
    let start = Instant::now();
    let solved = catch_unwind(AssertUnwindSafe(|| -> Result<Solution> {
        // A facelet string of any size is that cube's, solved by its size's method; moves
        // are made on the cube of `size`, if given.
        let (n, method) = match (Cube::facelet_size(text), size) {
            (Some(n), Some(s)) if n != s => {
                return Err(Error::Usage(format!(
                    "the line is a {n}×{n}×{n}'s facelets, not a {s}×{s}×{s}'s (--size {s})"
                )));
            }
            (Some(n), _) | (None, Some(n)) if method.for_size(n).solves_size(n) => {
                (n, method.for_size(n))
            }
            (Some(n), _) | (None, Some(n)) => {
                return Err(Error::Usage(format!(
                    "the {method} method does not solve the {n}×{n}×{n}"
                )));
            }
            (None, None) => (method.size(), method),
        };
        let state = crate::sequence::input::read_state(text, n, notation, scheme)?;
        let cube = state.to_cube(n).map_err(SolveError::from)?;
        Ok(solver(&cube, method, limits, progress)?)
    }));
    if crate::base::cancel::requested() {
        // Whatever the solver made of a stopped search, this line has no answer.
        return Outcome::Stopped;
    }
    match solved {
        Ok(Ok(solution)) => Outcome::Solved(Box::new(solution), start.elapsed()),
        Ok(Err(e)) => Outcome::Failed(e),
        Err(panic) => Outcome::Panicked(panic_message(panic.as_ref())),
    }
}

/// What a panic said, as far as its payload tells.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "no message".to_string()
    }
}

/// Solves every state in `input` as `job` says, writing one line to `out` for each line of
/// the input, in the input's order: a solved state's solution (an empty line for a state that
/// needs no moves), and an empty line for a blank line, a `#` comment or a line that could
/// not be read or solved, whose error goes to `errors` as `cubework: line N: …`, in its place
/// among them (whose own write errors are ignored: there is no one left to tell). So output
/// line N answers input line N. Each line is written whole with one `write_all`, and `out` is
/// flushed as soon as the lines before are written (with [`WholeLines`] a failed write leaves
/// no part of a line). An answer a search set out to prove shortest but did not is written
/// all the same, with a line on `errors` saying what was proven. A solve that panics (a bug)
/// is its line's error: the other lines are still solved. The method's tables are loaded
/// before the first line, and its limits checked (an error then is the batch's).
///
/// The states are solved [`Job::threads`] at a time (see [`share_threads`]; `job.limits`'
/// threads are replaced by the share of each solve); the input is read on a thread of its
/// own, a few states ahead of the solves. Ctrl-C ([`crate::base::cancel`]) during a solve ends the
/// batch at the first line not yet written, with `cubework: line N: stopped by Ctrl-C` and
/// [`Summary::stopped`]; the reader is left to end with the input. Fails otherwise only when
/// writing `out` fails.
///
/// ```
/// use cubework::answer::batch::{Job, no_advice, run};
/// use cubework::solve::{Limits, Method, Progress};
/// use cubework::Notation;
/// let input = "R U\n\nQ\n# a comment\nF2\n";
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let job = Job {
///     method: Method::Beginner,
///     limits: Limits::default(),
///     notation: Notation::Standard,
///     scheme: Default::default(),
///     progress: Progress::none(),
///     advise: &no_advice,
///     threads: None,
///     size: None,
/// };
/// let summary = run(input.as_bytes(), &mut out, &mut err, &job).unwrap();
/// assert_eq!((summary.solved, summary.failed), (2, 1));
/// // One output line for each input line: the blank, the bad and the comment ones empty.
/// let out = String::from_utf8(out).unwrap();
/// let lines: Vec<&str> = out.lines().collect();
/// assert_eq!(lines.len(), 5);
/// assert_eq!([lines[1], lines[2], lines[3]], ["", "", ""]);
/// assert!(!lines[0].is_empty() && !lines[4].is_empty());
/// assert_eq!(String::from_utf8(err).unwrap(), "cubework: line 3: unknown move 'Q' at column 1\n");
/// ```
pub fn run(
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    job: &Job,
) -> Result<Summary> {
    run_with(input, out, errors, job, &crate::solve::solve)
}

/// [`run`], each cube solved by `solver`.
fn run_with(
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    job: &Job,
    solver: &Solver,
) -> Result<Summary> {
    let method = job.method;
    let (workers, each) = share_threads(
        method,
        job.threads
            .unwrap_or_else(crate::solve::search::optimal::default_threads),
    );
    let limits = Limits {
        threads: Some(each),
        ..job.limits
    };
    // A size the method does not solve is refused before any table is built (the optimal
    // table takes minutes to build, and no line of moves could use it); the tables built
    // ahead are those of the method that solves that size.
    let tables_for = match job.size {
        Some(n) if !method.for_size(n).solves_size(n) => {
            return Err(Error::Usage(format!(
                "the {method} method does not solve the {n}×{n}×{n} (--size {n})"
            )));
        }
        Some(n) => method.for_size(n),
        None => method,
    };
    crate::solve::table::shared::prepare(tables_for, &limits, &job.progress)?;
    let mut summary = Summary {
        metric: job.limits.metric,
        ..Summary::default()
    };
    let queue = Arc::new(Queue::new(2 * workers));
    let (reports, heard) = mpsc::channel();
    {
        // The reader is not joined: a batch stopped by Ctrl-C does not wait for more input.
        let (queue, reports) = (Arc::clone(&queue), reports.clone());
        std::thread::Builder::new()
            .name("cubework-batch-reader".into())
            .spawn(move || read_lines(input, queue, reports))?;
    }
    let (reading, progress) = ((job.notation, job.scheme, job.size), job.progress);
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..workers {
            let (queue, reports, limits) = (&queue, reports.clone(), &limits);
            scope.spawn(move || {
                while let Some((seq, number, text)) = queue.pop() {
                    let outcome = solve_line(&text, method, limits, reading, &progress, solver);
                    if reports.send(Report::Done(seq, number, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(reports);
        // Whatever ends the writing (the last line, Ctrl-C, a failed write), the solvers and
        // the reader stop taking and giving states.
        let written = write_in_order(&heard, &queue, out, errors, job, &mut summary);
        queue.close(true);
        drop(heard);
        written
    })?;
    Ok(summary)
}

/// Writes each line's outcome as it comes in, in input order, one output line each, until
/// the last, or until Ctrl-C stopped one.
fn write_in_order(
    heard: &mpsc::Receiver<Report>,
    queue: &Queue,
    out: &mut dyn Write,
    errors: &mut dyn Write,
    job: &Job,
    summary: &mut Summary,
) -> Result<()> {
    let mut waiting = BTreeMap::new();
    let (mut next, mut total) = (0, None);
    let mut line = String::new();
    while total != Some(next) {
        match heard.recv() {
            Ok(Report::Done(seq, number, outcome)) => {
                waiting.insert(seq, (number, outcome));
            }
            Ok(Report::Total(n)) => total = Some(n),
            // Every sender gone without the total: the reader failed; what came is written.
            Err(_) => break,
        }
        let ready = waiting.contains_key(&next);
        while let Some((number, outcome)) = waiting.remove(&next) {
            next += 1;
            line.clear();
            match outcome {
                Outcome::Solved(solution, time) => {
                    summary.times.push(time);
                    summary.solved += 1;
                    if let Some(why) = crate::solve::answer::solution_text::unproven_note(&solution)
                    {
                        summary.unproven += 1;
                        let _ = writeln!(errors, "cubework: line {number}: {why}");
                    }
                    summary.lengths.push(solution.length());
                    line.push_str(&format_in(&solution.moves, job.notation));
                }
                Outcome::Nothing => {}
                Outcome::Failed(e) => {
                    summary.failed += 1;
                    let _ = writeln!(errors, "cubework: line {number}: {}", (job.advise)(e));
                }
                Outcome::Unread(why) => {
                    summary.failed += 1;
                    let _ = writeln!(errors, "cubework: {why}");
                }
                Outcome::Panicked(why) => {
                    summary.failed += 1;
                    let _ = writeln!(
                        errors,
                        "cubework: line {number}: internal error: the solve panicked: {why}"
                    );
                }
                Outcome::Stopped => {
                    summary.stopped = Some(number);
                    let _ = writeln!(errors, "cubework: line {number}: stopped by Ctrl-C");
                    return Ok(out.flush()?);
                }
            }
            // The whole line in one write: no line is written in parts.
            line.push('\n');
            out.write_all(line.as_bytes())?;
        }
        if ready {
            // Each answer out as soon as the lines before it are: a batch stopped by Ctrl-C
            // or killed keeps every line it wrote.
            out.flush()?;
            queue.written(next);
        }
    }
    Ok(())
}

/// A file (standard output, as [`WholeLines::stdout`] gives it) that a batch's answers are
/// written to a whole line at a time: what is written is held until [`Write::flush`], which
/// writes it out. When a write fails after part of a line went out (a full disk, the
/// file-size limit), a regular file is cut back to the end of the last whole line, and the
/// error says which line's answer was taken back; where the output cannot be cut back (a pipe,
/// a terminal) the error says which line is cut short. Lines are counted from 1, as a batch's
/// answers are: line N answers input line N.
pub struct WholeLines {
    file: std::fs::File,
    /// Whether the file is a regular file (which can be cut back).
    regular: bool,
    /// Written, not yet flushed.
    held: Vec<u8>,
    /// Whole lines written so far.
    lines: usize,
}

impl WholeLines {
    /// Lines written to `file` (at its offset, or its end if it appends).
    pub fn new(file: std::fs::File) -> WholeLines {
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        WholeLines {
            file,
            regular,
            held: Vec::new(),
            lines: 0,
        }
    }

    /// Lines written to standard output, through a descriptor of its own (a duplicate: the
    /// same open file and offset).
    #[cfg(unix)]
    pub fn stdout() -> std::io::Result<WholeLines> {
        use std::os::fd::AsFd;
        let fd = std::io::stdout().as_fd().try_clone_to_owned()?;
        Ok(WholeLines::new(std::fs::File::from(fd)))
    }

    /// The error of a write that failed after `done` bytes of those held went out: the file
    /// cut back to its last whole line where it can be, and the error saying what became of
    /// the line cut short.
    fn failed(&mut self, e: std::io::Error, done: usize) -> std::io::Error {
        let whole = self.held[..done]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.lines += self.held[..whole].iter().filter(|&&b| b == b'\n').count();
        let cut = (done - whole) as u64;
        self.held.clear();
        if cut == 0 {
            // Nothing of a line went out: the error as it is.
            return e;
        }
        let line = self.lines + 1;
        // The offset is just past what went out (also when the file appends).
        let taken_back = self.regular
            && self.file.stream_position().is_ok_and(|end| {
                end >= cut
                    && self.file.set_len(end - cut).is_ok()
                    && self.file.seek(std::io::SeekFrom::Start(end - cut)).is_ok()
            });
        let what = if taken_back {
            format!("line {line}'s answer was cut short and taken back")
        } else {
            format!("line {line}'s answer is cut short")
        };
        std::io::Error::new(
            e.kind(),
            format!("{} ({what})", crate::answer::error::reason(&e)),
        )
    }
}

impl Write for WholeLines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.held.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut done = 0;
        while done < self.held.len() {
            match self.file.write(&self.held[done..]) {
                Ok(0) => {
                    let e = std::io::Error::from(std::io::ErrorKind::WriteZero);
                    return Err(self.failed(e, done));
                }
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.failed(e, done)),
            }
        }
        self.lines += self.held.iter().filter(|&&b| b == b'\n').count();
        self.held.clear();
        Ok(())
    }
}

impl Drop for WholeLines {
    fn drop(&mut self) {
        // What is still held goes out (an error now has no one to tell).
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube_after as cube_of;

    /// A batch solving by the beginner's method on `threads` threads.
    fn beginner_job(threads: Option<usize>) -> Job<'static> {
        Job {
            method: Method::Beginner,
            limits: Limits::default(),
            notation: Notation::Standard,
            scheme: Scheme::Paper,
            progress: Progress::none(),
            advise: &no_advice,
            threads,
            size: None,
        }
    }

    #[test]
    fn unreadable_lines_are_failures_and_reading_goes_on() {
        let input: &[u8] = b"R U\nbad \xFF\nF2\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let job = beginner_job(None);
        let summary = run(input, &mut out, &mut err, &job).unwrap();
        assert_eq!((summary.solved, summary.failed), (2, 1));
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "cubework: line 2 is not UTF-8 text\n"
        );
    }

    /// One of two handles on one buffer, so that a test sees how answers and errors
    /// interleave.
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>, &'static str);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let mut all = self.0.borrow_mut();
            // Each write of a whole line marked with the stream it went to.
            if all.is_empty() || all.ends_with(b"\n") {
                all.extend_from_slice(self.1.as_bytes());
            }
            all.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What a beginner's batch of `input` writes on `threads` threads, answers and errors in
    /// the order written, each marked with its stream.
    fn interleaved(input: &'static str, threads: usize) -> (String, Summary) {
        let all = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let (mut out, mut err) = (Shared(all.clone(), "out: "), Shared(all.clone(), "err: "));
        let job = beginner_job(Some(threads));
        let summary = run(input.as_bytes(), &mut out, &mut err, &job).unwrap();
        let text = String::from_utf8(all.borrow().clone()).unwrap();
        (text, summary)
    }

    #[test]
    fn a_batch_on_several_threads_writes_answers_and_errors_in_input_order() {
        // Long and short solves mixed, so that later lines finish first on several threads.
        let mut input = String::new();
        for i in 0..40 {
            input.push_str(match i % 5 {
                0 => "R U R' U' F2 D L' B R2 U2 F' L D2 B' R\n",
                1 => "U\n",
                2 => "Q\n",
                3 => "(R U\n\n",
                _ => "F R2 F' U2 B D2 F' L2 R2 B D2 F2 U' B L2 D' L' D2 L' R' F\n",
            });
        }
        let input: &'static str = input.leak();
        let (one, summary) = interleaved(input, 1);
        assert_eq!((summary.solved, summary.failed), (24, 16));
        for threads in [2, 4, 8] {
            let (many, many_summary) = interleaved(input, threads);
            assert_eq!(many, one, "{threads} threads");
            assert_eq!(many_summary.lengths, summary.lengths, "{threads} threads");
        }
        let lines: Vec<&str> = one.lines().collect();
        assert!(
            lines[..2].iter().all(|l| l.starts_with("out: ")),
            "{lines:?}"
        );
        // Each error before its line's empty answer; the blank line after `(R U` an empty
        // answer of its own; then the next two lines' solutions.
        assert_eq!(
            lines[2..7],
            [
                "err: cubework: line 3: unknown move 'Q' at column 1",
                "out: ",
                "err: cubework: line 4: '(' at column 1 is never closed",
                "out: ",
                "out: ",
            ],
            "{lines:?}"
        );
        assert!(
            lines[7..9].iter().all(|l| l.len() > "out: ".len()),
            "{lines:?}"
        );
        // One output line for each of the 48 input lines.
        let answers = lines.iter().filter(|l| l.starts_with("out: ")).count();
        assert_eq!(answers, input.lines().count());
        assert_eq!(answers, 48);
    }

    #[test]
    fn a_panicking_worker_answers_its_line_and_the_batch_goes_on() {
        // More lines after the one that panics than the queue has room for, on one worker
        // and on two: a worker that died with its line would leave the batch waiting for
        // ever.
        let input = "R U\nF\nU\nR2\nL\nD\nB\nF2\nU2\n";
        let f = cube_of("F");
        for threads in [1, 2] {
            let (done, heard) = mpsc::channel();
            let f = f.clone();
            std::thread::spawn(move || {
                let solver = move |cube: &Cube, method, limits: &Limits, progress: &Progress| {
                    if *cube == f {
                        panic!("a solver bug");
                    }
                    crate::solve::solve(cube, method, limits, progress)
                };
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let job = beginner_job(Some(threads));
                let summary = run_with(input.as_bytes(), &mut out, &mut err, &job, &solver);
                let _ = done.send((summary.unwrap(), out, err));
            });
            let (summary, out, err) = heard
                .recv_timeout(Duration::from_secs(60))
                .expect("the batch ends");
            assert_eq!(
                (summary.solved, summary.failed),
                (8, 1),
                "{threads} threads"
            );
            let out = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 9, "{threads} threads: {out}");
            assert_eq!(lines[1], "", "{threads} threads: {out}");
            for (state, line) in input.lines().zip(&lines) {
                if state != "F" {
                    let mut cube = cube_of(state);
                    cube.apply_all(&crate::parse_moves(line, Notation::Standard).unwrap())
                        .unwrap();
                    assert!(cube.is_solved(), "{threads} threads: {state}: {line}");
                }
            }
            assert_eq!(
                String::from_utf8(err).unwrap(),
                "cubework: line 2: internal error: the solve panicked: a solver bug\n",
                "{threads} threads"
            );
        }
    }

    /// Input that counts the bytes read from it.
    struct Counted(
        std::io::Cursor<Vec<u8>>,
        Arc<std::sync::atomic::AtomicUsize>,
    );

    impl std::io::Read for Counted {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.fetch_add(n, std::sync::atomic::Ordering::SeqCst);
            Ok(n)
        }
    }

    #[test]
    fn a_slow_line_keeps_the_reader_a_bounded_number_of_lines_ahead() {
        // A slow first line, then a million blank lines: each blank line's (empty) answer
        // waits for the first line's, so reading them all meanwhile would hold them all.
        let blank = 1_000_000;
        let input = format!("R\n{}", "\n".repeat(blank)).into_bytes();
        let read = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let input = std::io::BufReader::new(Counted(std::io::Cursor::new(input), read.clone()));
        let read_meanwhile = Mutex::new(None);
        let r = cube_of("R");
        let solver = |cube: &Cube, method, limits: &Limits, progress: &Progress| {
            if *cube == r {
                std::thread::sleep(Duration::from_secs(1));
                *read_meanwhile.lock().unwrap() =
                    Some(read.load(std::sync::atomic::Ordering::SeqCst));
            }
            crate::solve::solve(cube, method, limits, progress)
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let summary = run_with(input, &mut out, &mut err, &beginner_job(Some(2)), &solver).unwrap();
        assert_eq!((summary.solved, summary.failed), (1, 0));
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), blank + 1);
        let read_meanwhile = read_meanwhile.lock().unwrap().unwrap();
        // The lines it may read ahead, and what a buffered reader reads at once.
        assert!(
            read_meanwhile <= 2 + AHEAD + 64 * 1024,
            "{read_meanwhile} bytes read"
        );
    }

    #[test]
    fn a_batch_solves_a_state_a_thread_but_gives_an_optimal_search_every_thread() {
        assert_eq!(share_threads(Method::TwoPhase, 2), (2, 1));
        assert_eq!(share_threads(Method::TwoPhase, 0), (1, 1));
        assert_eq!(share_threads(Method::Beginner, 4), (4, 1));
        assert_eq!(share_threads(Method::Optimal, 2), (1, 2));
    }

    #[test]
    fn summary_figures() {
        let s = Summary {
            solved: 3,
            failed: 1,
            times: [1, 3, 2].map(Duration::from_millis).to_vec(),
            lengths: vec![100, 110, 120],
            metric: Metric::Htm,
            stopped: None,
            unproven: 0,
        };
        assert_eq!(s.median_ms(), 2.0);
        assert_eq!(s.mean_ms(), 2.0);
        assert_eq!(s.mean_length(), 110.0);
        assert_eq!(
            s.to_string(),
            "3 states solved, 1 failed; median 2.000 ms, mean 2.000 ms a solve; mean length 110.00 moves (half-turn metric)"
        );
        assert_eq!(Summary::default().median_ms(), 0.0);
        let unproven = Summary { unproven: 1, ..s };
        assert_eq!(
            unproven.to_string(),
            "3 states solved (2 proven shortest, 1 the best found, not proven), 1 failed; median 2.000 ms, mean 2.000 ms a solve; mean length 110.00 moves (half-turn metric)"
        );
    }

    #[test]
    fn a_batch_with_no_states_says_so_plainly_with_no_figures() {
        let empty = Summary::default();
        assert_eq!(
            empty.to_string(),
            "no states to solve: the input has no line of moves or facelets (blank lines and # comments are passed over)"
        );
    }

    #[test]
    fn a_batch_with_nothing_solved_has_a_mean_of_zero_never_minus_zero() {
        let none = Summary {
            failed: 1,
            ..Summary::default()
        };
        assert!(none.mean_ms().is_sign_positive() && none.mean_length().is_sign_positive());
        assert_eq!(
            none.to_string(),
            "0 states solved, 1 failed; median 0.000 ms, mean 0.000 ms a solve; mean length 0.00 moves (half-turn metric)"
        );
    }
}
