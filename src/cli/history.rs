//! The REPL's history file, kept as shells keep theirs.

use std::io::Write;
use std::path::PathBuf;

use crate::base::lines::{LineError, Lines};

/// How many lines the in-memory history (arrow keys) and the history file keep.
pub const HISTORY_LINES: usize = 1000;

/// The history file: read once at the start, then appended to line by line as the session
/// goes, as shells do — so two sessions open at once both keep their lines, and a killed
/// terminal loses nothing typed before. A line of the file that is not UTF-8 is skipped with
/// a note; a FIFO, device or directory in place of the file is refused with a note, and the
/// session keeps no history on disk.
pub struct History {
    path: Option<PathBuf>,
    /// The lines read (the last [`HISTORY_LINES`]).
    pub lines: Vec<String>,
    /// What to tell the user about the file.
    pub notes: Vec<String>,
}

impl History {
    /// Reads the history file at `path` (none: no history on disk).
    pub fn open(path: Option<PathBuf>) -> History {
        let mut history = History {
            path: None,
            lines: Vec::new(),
            notes: Vec::new(),
        };
        let Some(path) = path else {
            return history;
        };
        match crate::base::table_cache::open_regular(&path) {
            Ok(file) => history.read(&path, file),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {} // a first session
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                // A FIFO, device or directory in its place.
                history.notes.push(format!(
                    "the history file {} {e}: history is not kept this session",
                    path.display()
                ));
                return history;
            }
            Err(e) => history.notes.push(format!(
                "the history file {} cannot be read: {e}",
                path.display()
            )),
        }
        history.path = Some(path);
        history
    }

    /// Keeps the last [`HISTORY_LINES`] lines of the history file `file` (at `path`), with
    /// notes on what could not be read; now and then the file is cut back to them.
    fn read(&mut self, path: &std::path::Path, file: std::fs::File) {
        let mut skipped = Vec::new();
        for read in Lines::new(std::io::BufReader::new(file)) {
            match read {
                Ok((1, line)) if line == "#V2" => {} // rustyline's own header
                Ok((_, line)) if line.trim().is_empty() => {}
                Ok((_, line)) => self.lines.push(line),
                Err(LineError::NotUtf8 { line }) => skipped.push(line.to_string()),
                Err(e) => {
                    self.notes.push(format!(
                        "the history file {}: {e}; the lines before it are kept",
                        path.display()
                    ));
                    break;
                }
            }
        }
        if !skipped.is_empty() {
            self.notes.push(format!(
                "the history file {} has lines that are not UTF-8 text (line {}); they were skipped",
                path.display(),
                skipped.join(", ")
            ));
        }
        let excess = self.lines.len().saturating_sub(HISTORY_LINES);
        self.lines.drain(..excess);
        // Appending grows the file; now and then it is cut back to what is kept.
        if excess > 9 * HISTORY_LINES {
            let kept = self.lines.join("\n") + "\n";
            // Not cut back is only a longer file: nothing to tell.
            let _ = crate::base::table_cache::write_atomic(path, kept.as_bytes());
        }
    }

    /// Appends one line to the file; a note when it cannot be written (the first time only).
    pub fn append(&mut self, line: &str) -> Option<String> {
        let path = self.path.as_ref()?;
        let written = (|| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)?;
            file.write_all(format!("{line}\n").as_bytes())
        })();
        match written {
            Ok(()) => None,
            Err(e) => {
                let note = format!("history not saved to {}: {e}", path.display());
                self.path = None;
                Some(note)
            }
        }
    }
}
