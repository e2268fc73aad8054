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
    /// Its number in the session, given when it is recorded: how a front end that keeps the
    /// history outside the session ([`Session::changes_since`]) knows which changes it has.
    pub(super) serial: u64,
}

/// The history of a session: the changes made, which undo takes back, and those undone,
/// which redo makes again.
#[derive(Clone, Debug)]
pub(super) struct Changes {
    /// The state before the oldest change kept.
    pub(super) base: Cube,
    /// Its serial: the session's start's, or the forgotten change's it was left by.
    pub(super) base_serial: u64,
    /// The serial the next change recorded is given.
    pub(super) next_serial: u64,
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
            base_serial: 1,
            next_serial: 2,
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

    /// A step's moves (`step`), made already on the cube `after`, as one change.
    pub(in crate::command) fn record_step(&mut self, text: &str, moves: Alg, after: Cube) {
        self.record(Change {
            label: label(text),
            moves: Some(moves),
            after,
            serial: 0,
        });
    }

    /// The cube the kept history starts from, and its changes' moves when every kept change
    /// is moves (`None` when a load or reset started afresh).
    pub(in crate::command) fn kept_moves(&self) -> (&Cube, Option<Vec<&Alg>>) {
        let moves = self.changes.past.iter().map(|c| c.moves.as_ref()).collect();
        (&self.changes.base, moves)
    }

    /// The moves made since the last reset or load, as written, one sequence per change; and
    /// what began them: the label of that reset or load, or `None` if the session's start (or
    /// changes forgotten since) came first.
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
        // `U2`). One sequence on one line: the changes' comments are left out (a `//` would
        // end the line and hide the moves after it).
        let inverse = Alg {
            items: moves.iter().rev().flat_map(|a| a.invert().items).collect(),
        }
        .without_comments()
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

/// A change kept outside the session, or the cube its kept changes start from, as values: how
/// a front end whose session may end and start again (the page's, after a stopped line) keeps
/// undo and redo across it ([`Session::changes_since`], [`Session::restore_history`]).
#[derive(Clone, Debug, PartialEq)]
pub struct KeptChange {
    /// Its serial in the session.
    pub serial: u64,
    /// What `history` shows of it (empty for the start).
    pub label: String,
    /// The moves it made as written; `None` for a change that set the state, and the start.
    pub moves: Option<Alg>,
    /// The cube after it (the start's: the cube itself).
    pub cube: Cube,
}

/// The kept history's order, by serials: the cube it starts from, the changes made (oldest
/// first) and those undone (the next to redo last), and how many older ones were forgotten.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryOrder {
    /// Changes forgotten before the start.
    pub forgotten: usize,
    /// The start's serial.
    pub start: u64,
    /// The changes made, which undo takes back.
    pub made: Vec<u64>,
    /// The changes undone, which redo makes again.
    pub undone: Vec<u64>,
}

impl Session {
    /// The kept history's order ([`KeptChange`]).
    pub fn history_order(&self) -> HistoryOrder {
        HistoryOrder {
            forgotten: self.changes.forgotten,
            start: self.changes.base_serial,
            made: self.changes.past.iter().map(|c| c.serial).collect(),
            undone: self.changes.future.iter().map(|c| c.serial).collect(),
        }
    }

    /// The start and the changes kept whose serial is above `serial` (0: all of them), so
    /// that a front end keeping them is told each once.
    pub fn changes_since(&self, serial: u64) -> Vec<KeptChange> {
        let start = KeptChange {
            serial: self.changes.base_serial,
            label: String::new(),
            moves: None,
            cube: self.changes.base.clone(),
        };
        let changes = self.changes.past.iter().chain(&self.changes.future);
        std::iter::once(start)
            .chain(changes.map(|c| KeptChange {
                serial: c.serial,
                label: c.label.clone(),
                moves: c.moves.clone(),
                cube: c.after.clone(),
            }))
            .filter(|c| c.serial > serial)
            .collect()
    }

    /// Gives back a history kept from [`Session::history_order`] and
    /// [`Session::changes_since`], in place of this session's: an error naming what is
    /// wrong, the history left as it was, if a change it names is not in `kept` or it does
    /// not end at the session's cube.
    pub fn restore_history(
        &mut self,
        order: &HistoryOrder,
        kept: &[KeptChange],
    ) -> std::result::Result<(), String> {
        let find = |serial: u64| {
            kept.iter()
                .find(|c| c.serial == serial)
                .ok_or_else(|| format!("its change {serial} is missing"))
        };
        let change = |serial: u64| {
            find(serial).map(|c| Change {
                label: c.label.clone(),
                moves: c.moves.clone(),
                after: c.cube.clone(),
                serial,
            })
        };
        let past = order
            .made
            .iter()
            .map(|&s| change(s))
            .collect::<std::result::Result<VecDeque<_>, _>>()?;
        let future = order
            .undone
            .iter()
            .map(|&s| change(s))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let base = find(order.start)?.cube.clone();
        let end = past.back().map_or(&base, |c| &c.after);
        if *end != self.cube() {
            return Err("it does not end at the session's cube".into());
        }
        if past.len() > super::MAX_UNDO {
            return Err(format!("it holds more than {} changes", super::MAX_UNDO));
        }
        let kept = past.iter().chain(&future).map(Change::size).sum();
        let next = past.iter().chain(&future).map(|c| c.serial);
        let next_serial = next.chain([order.start]).max().unwrap_or(0) + 1;
        self.changes = Changes {
            base,
            base_serial: order.start,
            next_serial: next_serial.max(self.changes.next_serial),
            past,
            future,
            kept,
            forgotten: order.forgotten,
        };
        Ok(())
    }
}
