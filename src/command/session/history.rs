//! The session's history: the changes made, which `undo` takes back and `redo` makes again,
//! listed by `history`, and undone as one by `invert` (without a sequence).

use std::collections::VecDeque;

use super::Session;
use crate::answer::error::Result;
use crate::command::{Reply, usage};
use crate::sequence::alg::Alg;
use crate::state::cube::Cube;

/// The longest label a change keeps for `history`, in characters.
const LABEL_CHARS: usize = 80;

/// One change to the state, as undo and history see it. It keeps what undo and `invert` need
/// — the state after it (the state before it is the one after the change before, or the
/// session's base), and the moves as written (not their expansion) — and a label cut to a
/// readable length.
#[derive(Clone, Debug)]
pub(super) struct Change {
    pub(super) label: String,
    /// The moves it made, or `None` for a change that sets the state (load, reset).
    pub(super) moves: Option<Alg>,
    pub(super) after: Cube,
}

/// The history of a session: the changes made, which undo takes back, and those undone,
/// which redo makes again.
#[derive(Clone, Debug)]
pub(super) struct Changes {
    /// The state before the oldest change kept.
    pub(super) base: Cube,
    pub(super) past: VecDeque<Change>,
    pub(super) future: Vec<Change>,
    /// Moves, as written, held by `past` and `future`.
    pub(super) kept: usize,
    /// How many changes have been forgotten since the session began.
    pub(super) forgotten: usize,
}

impl From<Cube> for Changes {
    /// No changes yet, from `base`.
    fn from(base: Cube) -> Changes {
        Changes {
            base,
            past: VecDeque::new(),
            future: Vec::new(),
            kept: 0,
            forgotten: 0,
        }
    }
}

impl Change {
    /// The moves it holds, as written.
    pub(super) fn size(&self) -> usize {
        self.moves.as_ref().map_or(0, Alg::written_len)
    }
}

/// A label of at most [`LABEL_CHARS`] characters, control characters escaped.
pub(super) fn label(text: &str) -> String {
    let text = text.trim();
    let length = text.chars().count();
    let mut out = crate::base::text::cut(text, LABEL_CHARS);
    if length > LABEL_CHARS {
        out.push_str(&format!(" ({length} characters)"));
    }
    out
}

impl Session {
    /// Takes back the last `n` changes, as one step: all of them, or (on error) none.
    pub(in crate::command) fn undo(&mut self, n: usize) -> Result<Reply> {
        if self.changes.past.is_empty() {
            return Err(usage(if self.changes.forgotten > 0 {
                "nothing more to undo: older changes were forgotten (undo keeps 1000 changes)"
            } else {
                "nothing to undo"
            }));
        }
        let kept = self.changes.past.len();
        let mut text = String::new();
        if n > kept {
            text = format!(
                "undo {n}: {}{}\n",
                match kept {
                    1 => "there is only 1 change, so it is undone".to_string(),
                    k => format!("there are only {k} changes, so all {k} are undone"),
                },
                if self.changes.forgotten > 0 {
                    " (older changes were forgotten: undo keeps 1000 changes)"
                } else {
                    ""
                }
            );
        }
        let n = n.min(kept);
        let before = match kept - n {
            0 => self.changes.base.clone(),
            i => self.changes.past[i - 1].after.clone(),
        };
        let label = self.changes.past[kept - n].label.clone();
        self.walk(true, n, &before, &label, text)
    }

    /// Makes the last `n` undone changes again, as one step: all of them, or (on error) none.
    pub(in crate::command) fn redo(&mut self, n: usize) -> Result<Reply> {
        let undone = self.changes.future.len();
        if undone == 0 {
            return Err(usage("nothing to redo"));
        }
        let mut text = String::new();
        if n > undone {
            text = match undone {
                1 => format!("redo {n}: there is only 1 undone change, so it is made again\n"),
                k => format!(
                    "redo {n}: there are only {k} undone changes, so all {k} are made again\n"
                ),
            };
        }
        let n = n.min(undone);
        let latest = &self.changes.future[undone - n];
        let (after, label) = (latest.after.clone(), latest.label.clone());
        self.walk(false, n, &after, &label, text)
    }

    /// Undoes (`undo`) or redoes the last `n` changes, whose first is `label`, once `state`,
    /// the cube they leave, loads: each moved from the changes made to those undone (or
    /// back) and said after `text`, then the cube shown.
    fn walk(
        &mut self,
        undo: bool,
        n: usize,
        state: &Cube,
        label: &str,
        mut text: String,
    ) -> Result<Reply> {
        let (word, done) = if undo {
            ("undo", "undid")
        } else {
            ("redo", "redid")
        };
        if let Err(e) = self.load_state(state) {
            return Err(usage(&format!(
                "can't {word} '{label}' in this representation: {e}"
            )));
        }
        for _ in 0..n {
            let change = if undo {
                self.changes.past.pop_back()
            } else {
                self.changes.future.pop()
            };
            let change = change.expect("n changes to move");
            text.push_str(&format!("{done}: {}\n", change.label));
            if undo {
                self.changes.future.push(change);
            } else {
                self.changes.past.push_back(change);
            }
        }
        Ok(Reply::text(text + &self.rep.render_in(self.scheme)))
    }

    pub(in crate::command) fn history(&self) -> String {
        if self.changes.past.is_empty() {
            return "no changes yet".to_string();
        }
        self.changes
            .past
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{:>3}  {}", self.changes.forgotten + i + 1, c.label))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The moves made since the last reset or load, as written, one sequence per change; and
    /// what began them: the label of that reset or load, or `None` if the session's start (or
    /// changes forgotten since) came first.
    /// A step's moves (`step`), made already on the cube `after`, as one change.
    pub(in crate::command) fn record_step(&mut self, text: &str, moves: Alg, after: Cube) {
        self.record(Change {
            label: label(text),
            moves: Some(moves),
            after,
        });
    }

    /// The cube the kept history starts from, and its changes' moves when every kept change
    /// is moves (`None` when a load or reset started afresh).
    pub(in crate::command) fn kept_moves(&self) -> (&Cube, Option<Vec<&Alg>>) {
        let moves = self.changes.past.iter().map(|c| c.moves.as_ref()).collect();
        (&self.changes.base, moves)
    }

    pub(in crate::command) fn moves_since_origin(&self) -> (Vec<&Alg>, Option<&str>) {
        let origin = self.changes.past.iter().rposition(|c| c.moves.is_none());
        let start = origin.map_or(0, |i| i + 1);
        let moves = self
            .changes
            .past
            .range(start..)
            .filter_map(|c| c.moves.as_ref())
            .collect();
        (moves, origin.map(|i| self.changes.past[i].label.as_str()))
    }

    pub(in crate::command) fn invert(&mut self) -> Result<Reply> {
        let (moves, origin) = self.moves_since_origin();
        // Each change was at most the expansion limit, but together they may be far more
        // (150 lines of `(R U)500000` are 150 million moves): refused before anything is
        // expanded, as a line of them would be.
        let expanded = moves
            .iter()
            .fold(0u64, |sum, a| sum.saturating_add(a.expanded_len()));
        if expanded > crate::sequence::alg::MAX_EXPANDED {
            return Err(usage(&format!(
                "invert: the moves since {} expand to {} moves, more than the limit of {} made at once; undo takes back one change at a time, reset goes back to solved",
                match origin {
                    Some(label) => origin_name(label),
                    None => "the session began",
                },
                crate::base::text::thousands(expanded),
                crate::base::text::thousands(crate::sequence::alg::MAX_EXPANDED)
            )));
        }
        // Written in the notation in use, whatever each change was typed in; where one change's
        // last move and the next one's first turn the same layers, written as one (`U U` is
        // `U2`).
        let inverse = Alg {
            items: moves.iter().rev().flat_map(|a| a.invert().items).collect(),
        }
        .in_notation(self.notation)
        .merge_repeated_turns();
        if inverse.items.is_empty() {
            return Err(nothing_to_invert(origin, expanded));
        }
        let since = match origin {
            Some(label) if label.starts_with("load") => {
                " (the moves since the last load; the loaded state stays)".to_string()
            }
            Some(label) => format!(" (the moves since {})", origin_name(label)),
            None if self.changes.forgotten > 0 => format!(
                " (the moves of the last {} changes; {} older ones were forgotten, so this goes back to the state before change {})",
                self.changes.past.len(),
                self.changes.forgotten,
                self.changes.forgotten + 1
            ),
            None => String::new(),
        };
        let written = inverse.to_string();
        let label = format!("invert{since}: {}", self::label(&written));
        let reply = self.make(format!("invert: {written}"), inverse)?;
        Ok(Reply::text(format!("{label}\n{}", reply.text)))
    }
}

/// Why `invert` has nothing to do: the moves since `origin` (`expanded` of them) cancel, or
/// there are none.
fn nothing_to_invert(origin: Option<&str>, expanded: u64) -> crate::answer::error::Error {
    if expanded > 0 {
        return usage(&format!(
            "nothing to invert: the {} move{} since {} cancel, so the cube is as it was then",
            crate::base::text::thousands(expanded),
            if expanded == 1 { "" } else { "s" },
            origin.map_or("the session began", origin_name),
        ));
    }
    usage(&match origin {
        Some(label) if label.starts_with("scramble random") => format!(
            "nothing to invert: no moves since {}, which set the state without turning it (undo goes back to the cube before; solve finds moves back to solved)",
            origin_name(label)
        ),
        Some(label) => format!("nothing to invert: no moves since {}", origin_name(label)),
        None => "nothing to invert: no moves yet".to_string(),
    })
}

/// The change that set the state (reset, load, size, scramble random), named from its label
/// for `invert`'s answers: `the last reset`, `the random-state scramble`.
fn origin_name(label: &str) -> &'static str {
    if label.starts_with("load") {
        "the last load"
    } else if label.starts_with("size") {
        "the size was set"
    } else if label.starts_with("scramble random") {
        "the random-state scramble"
    } else {
        "the last reset"
    }
}
