//! The session family: the [`Session`] — the cube in its representation, the notation,
//! the history of changes that undo and redo walk — and the commands that work on it alone:
//! moves, `do`, `rep`, `show`, `size`, `notation`, `colours`, `reset`, `load`, `undo`, `redo`,
//! `history`, `solved?`, `help`, `quit`, and the command line's `apply`.

mod history;

use history::{Change, Changes};
pub use history::{HistoryOrder, KeptChange};

use super::unit::{
    COLOURS_ARG, CommandDef, FROM_ARG, NOTATION_OPT, REP_OPT, SIZE_OPT, Surface, Value, cli, opt,
    repl, words,
};
use super::words::{count, strip_quotes};
use super::{Front, Reply, colour_block, impossible_note, usage};
use crate::answer::error::Result;
use crate::base::text::echo;
use crate::draw::Camera;
use crate::rep::user::UserState;
use crate::rep::{RepKind, Representation, UnknownRep};
use crate::sequence::alg::Alg;
use crate::state::cube::Cube;
use crate::turn::notation::Notation;

/// How many changes undo can take back. Older changes are forgotten.
pub const MAX_UNDO: usize = 1000;

/// How many moves, as written (`(R U)500` is two), the changes kept for undo and `invert`
/// may hold in all. Older changes are forgotten first.
pub const MAX_KEPT_MOVES: usize = 1_000_000;

/// A workbench session: the cube in the current representation, the notation, and the
/// history of changes.
///
/// ```
/// use cubework::command::Session;
/// let mut s = Session::new(false);
/// s.execute("rep numeric").unwrap();
/// let reply = s.execute("R R'").unwrap();
/// assert!(reply.text.starts_with("135 130 136"));
/// assert_eq!(s.execute("solved?").unwrap().text, "yes");
/// assert!(s.execute("R Q").is_err()); // one-line error, state unchanged
/// ```
pub struct Session {
    /// The cube, in the current representation.
    rep: Box<dyn Representation>,
    /// The notation moves are read in.
    notation: Notation,
    /// The changes undo and redo walk.
    changes: Changes,
    /// Whether nets are shown in colour.
    color: bool,
    /// What made the cube, for the caption of its pictures (the command line's moves).
    caption: String,
    /// The representation was chosen (`--rep`), so that `apply` shows it at every size.
    chosen_rep: bool,
    /// The colours nets, pictures, colour letters and the beginner's words are shown in.
    scheme: crate::turn::face::Scheme,
    /// The file `colours` keeps the choice in between sessions (the REPL's), if any.
    colours_file: Option<std::path::PathBuf>,
    /// The solving family's part: the solution `hint` follows.
    solving: super::solving::SolvingState,
    /// The picture family's part: where `draw` sees the cube from.
    picture: super::picture::PictureState,
    /// The APL family's part: the workspace, APL mode, where the workspace is kept, and the
    /// representations of one's own.
    apl: super::apl::AplState,
}

impl Session {
    /// A new session on the solved cube, in the vector representation and standard notation.
    /// `color` turns on the coloured net.
    pub fn new(color: bool) -> Session {
        let context = super::Context {
            colour: color,
            ..super::Context::new(Notation::Standard)
        };
        Session::in_context(&context).expect("the vector representation holds the 3×3×3")
    }

    /// A session on the context's cube, in its representation (the vector one if none is
    /// chosen), notation and colours, pictures captioned with its caption: the REPL's (from
    /// [`Session::new`]) or a command-line request's ([`super::Context::session`], which then
    /// makes its moves).
    pub(super) fn in_context(context: &super::Context) -> Result<Session> {
        Ok(Session {
            rep: context
                .rep
                .unwrap_or(RepKind::Vector)
                .build(&context.cube)?,
            notation: context.notation,
            changes: Changes::from(context.cube.clone()),
            color: context.colour,
            caption: context.caption.clone(),
            chosen_rep: context.rep.is_some(),
            scheme: context.scheme,
            colours_file: None,
            solving: super::solving::SolvingState::default(),
            picture: super::picture::PictureState::default(),
            apl: super::apl::AplState::default(),
        })
    }

    /// The colour scheme things are shown in.
    pub fn scheme(&self) -> crate::turn::face::Scheme {
        self.scheme
    }

    /// Shows things in `scheme` from now on (for this session only; `colours` in the REPL
    /// also keeps the choice in the file [`Session::keep_colours`] names).
    pub fn set_scheme(&mut self, scheme: crate::turn::face::Scheme) {
        self.scheme = scheme;
    }

    /// Keep the choice `colours` makes in `file` (one line: the scheme's name), to be read by
    /// the next session ([`crate::turn::face::Scheme::chosen`]).
    pub fn keep_colours(&mut self, file: Option<std::path::PathBuf>) {
        self.colours_file = file;
    }

    /// `colours`: says the scheme, or switches to `scheme` (and keeps the choice).
    pub(super) fn switch_colours(
        &mut self,
        scheme: Option<crate::turn::face::Scheme>,
    ) -> Result<Reply> {
        let describe = |s: crate::turn::face::Scheme| {
            let faces: Vec<String> = crate::turn::face::Face::ALL
                .iter()
                .map(|&f| format!("{} {}", f.letter(), s.colour_name(f)))
                .collect();
            format!("colours: {s} ({})", faces.join(", "))
        };
        let Some(scheme) = scheme else {
            return Ok(Reply::text(describe(self.scheme)));
        };
        self.scheme = scheme;
        let mut text = describe(scheme);
        if let Some(file) = &self.colours_file {
            let written = file
                .parent()
                .map_or(Ok(()), std::fs::create_dir_all)
                .and_then(|()| {
                    crate::base::table_cache::write_atomic(file, format!("{scheme}\n").as_bytes())
                });
            match written {
                Ok(()) => {
                    text.push_str("; kept: later sessions and command-line calls use it too");
                    if scheme != crate::turn::face::Scheme::default() {
                        text.push_str(&format!(
                            " (back with `colours {}`)",
                            crate::turn::face::Scheme::default()
                        ));
                    }
                }
                Err(e) => {
                    text.push_str(&format!("; not kept ({}: {e})", file.display()));
                }
            }
        }
        Ok(Reply::text(text))
    }

    /// Whether lines are read as APL (`apl` entered, `)off` not yet typed).
    pub fn in_apl(&self) -> bool {
        self.apl.in_mode()
    }

    /// The APL family's part of the session.
    pub(super) fn apl_state(&self) -> &super::apl::AplState {
        &self.apl
    }

    /// The APL family's part of the session, to change.
    pub(super) fn apl_state_mut(&mut self) -> &mut super::apl::AplState {
        &mut self.apl
    }

    /// The solving family's part of the session.
    pub(super) fn solving_state(&mut self) -> &mut super::solving::SolvingState {
        &mut self.solving
    }

    /// The picture family's part of the session.
    pub(super) fn picture_state(&mut self) -> &mut super::picture::PictureState {
        &mut self.picture
    }

    /// The cube in the current representation.
    pub(super) fn representation(&self) -> &dyn Representation {
        self.rep.as_ref()
    }

    /// The current representation's own display of the cube, in the session's colours.
    pub(super) fn render(&self) -> String {
        self.rep.render_in(self.scheme)
    }

    /// What made the cube, for the caption of its pictures.
    pub(super) fn caption(&self) -> &str {
        &self.caption
    }

    /// A session on `cube` in the representation `rep` (the vector one if `None`), moves read
    /// in `notation`, pictures captioned `caption` (see [`super::Context`]).
    pub fn with_cube(
        rep: Option<RepKind>,
        cube: &Cube,
        notation: Notation,
        caption: String,
        color: bool,
    ) -> Result<Session> {
        Session::in_context(&super::Context {
            rep,
            colour: color,
            caption,
            ..super::Context::on(cube.clone(), notation)
        })
    }

    /// Where `draw` sees the cube from (set by `view`).
    pub fn camera(&self) -> Camera {
        self.picture.camera()
    }

    /// The current state.
    pub fn cube(&self) -> Cube {
        self.rep.to_cube()
    }

    /// The current representation: one of the seven, or the vector for a representation of
    /// one's own, which is built on it ([`Session::rep_name`] names it).
    pub fn rep(&self) -> RepKind {
        self.rep.kind()
    }

    /// The current representation's name: one of the seven's, or the user's.
    pub fn rep_name(&self) -> &str {
        self.rep.name()
    }

    /// The representation of one's own (`)rep`) named `name`: exactly, else in another
    /// letter case.
    pub fn user_rep(&self, name: &str) -> Option<&crate::rep::user::UserRep> {
        let reps = self.apl.user_reps();
        reps.iter()
            .find(|r| r.name == name)
            .or_else(|| reps.iter().find(|r| r.name.eq_ignore_ascii_case(name)))
    }

    /// The names of the representations of one's own.
    pub(super) fn user_rep_names(&self) -> Vec<String> {
        self.apl
            .user_reps()
            .iter()
            .map(|r| r.name.clone())
            .collect()
    }

    /// The current notation.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The size N of the session's cube.
    pub fn size(&self) -> usize {
        self.rep.size()
    }

    /// The prompt the REPL shows: the representation, the size when it is not 3, and `paper`
    /// in the paper's notation (`vector paper> `).
    pub fn prompt(&self) -> String {
        if let Some(lines) = self.apl.open_lines() {
            // The next line of a traditional function being typed, numbered as APL numbers it.
            return format!("[{lines}] ");
        }
        if self.apl.in_mode() {
            // APL sessions indent input six spaces.
            return "      ".to_string();
        }
        // The paper's notation reads standard-looking letters as other turns: say it is on.
        let notation = match self.notation {
            Notation::Paper => " paper",
            Notation::Standard => "",
        };
        match self.size() {
            3 => format!("{}{notation}> ", self.rep.name()),
            n => format!("{} {n}×{n}×{n}{notation}> ", self.rep.name()),
        }
    }

    /// Makes `alg` as one change and replies with the new state. On error nothing changes.
    pub(crate) fn make(&mut self, label: String, alg: Alg) -> Result<Reply> {
        let expanded = alg.expanded_len();
        if expanded > crate::sequence::alg::MAX_EXPANDED {
            return Err(crate::sequence::alg::AlgebraError::TooLong {
                what: "a change",
                got: usize::try_from(expanded).unwrap_or(usize::MAX),
                limit: crate::sequence::alg::MAX_EXPANDED,
            }
            .into());
        }
        // Every move is checked before any is made: on error the state is as it was.
        self.rep.apply_all(&alg.expand())?;
        let after = self.cube();
        self.record(Change {
            label: history::label(&label),
            moves: Some(alg),
            after,
            serial: 0,
        });
        Ok(Reply::text(self.rep.render_in(self.scheme)))
    }

    /// Records a change (its serial the next), and forgets the oldest ones beyond
    /// [`MAX_UNDO`] changes or [`MAX_KEPT_MOVES`] moves.
    fn record(&mut self, mut change: Change) {
        change.serial = self.changes.next_serial;
        self.changes.next_serial += 1;
        for undone in self.changes.future.drain(..) {
            self.changes.kept -= undone.size();
        }
        self.changes.kept += change.size();
        self.changes.past.push_back(change);
        while self.changes.past.len() > MAX_UNDO
            || (self.changes.kept > MAX_KEPT_MOVES && self.changes.past.len() > 1)
        {
            if let Some(old) = self.changes.past.pop_front() {
                self.changes.kept -= old.size();
                self.changes.forgotten += 1;
                self.changes.base_serial = old.serial;
                self.changes.base = old.after;
            }
        }
    }

    /// The state `cube` in the current representation; an error, changing nothing, if the
    /// representation does not hold its size.
    pub(super) fn load_state(&mut self, cube: &Cube) -> Result<()> {
        self.rep = self.rep.with_cube(cube)?;
        Ok(())
    }

    pub(super) fn set_state(&mut self, label: &str, cube: Cube) -> Result<Reply> {
        self.load_state(&cube)?;
        self.record(Change {
            label: history::label(label),
            moves: None,
            after: cube,
            serial: 0,
        });
        Ok(Reply::text(self.rep.render_in(self.scheme)))
    }

    pub(super) fn switch_rep(&mut self, kind: Option<RepKind>) -> Result<Reply> {
        let Some(kind) = kind else {
            return Ok(Reply::text(format!("representation: {}", self.rep.name())));
        };
        self.rep = kind.build(&self.cube())?;
        Ok(Reply::text(self.rep.render_in(self.scheme)))
    }

    /// `rep NAME` for a representation of one's own: the cube shown in its array, and turned
    /// from now on by its moves compiled by conjugation.
    pub(super) fn switch_user_rep(&mut self, name: &str) -> Result<Reply> {
        let user = self
            .user_rep(name)
            .ok_or_else(|| crate::rep::UnknownRep(name.to_string(), self.user_rep_names()))?;
        let state = UserState::new(std::sync::Arc::new(user.clone()), &self.cube())
            .map_err(|e| usage(&format!("{e} (size 3 goes back)")))?;
        self.rep = Box::new(state);
        Ok(Reply::text(self.rep.render_in(self.scheme)))
    }

    /// After the representations of one's own changed (`)rep`, `)load`, `)clear`): the
    /// session's representation, if it is one of them, follows its new definition, or (if it
    /// is gone) gives way to the vector; a note, said with the APL reply, says which.
    pub(crate) fn follow_user_rep(&mut self) {
        let Some(current) = self.rep.user() else {
            return;
        };
        let name = current.name.clone();
        let cube = self.cube();
        let (rep, note): (Box<dyn Representation>, String) =
            match self.apl.user_reps().iter().find(|r| r.name == name) {
                Some(now) if now.same_as(current) => return,
                Some(now) => match UserState::new(std::sync::Arc::new(now.clone()), &cube) {
                    Ok(state) => (
                        Box::new(state),
                        format!("the cube is shown in {name} as defined now"),
                    ),
                    Err(_) => return,
                },
                None => match RepKind::Vector.build(&cube) {
                    Ok(vector) => (
                        vector,
                        format!("{name} is no more: the representation is vector again"),
                    ),
                    Err(_) => return,
                },
            };
        self.rep = rep;
        self.apl.note(note);
    }

    /// `size N`: the solved N×N×N cube in the current representation, as one change (undo
    /// goes back to the cube before).
    pub(super) fn switch_size(&mut self, n: Option<usize>) -> Result<Reply> {
        let Some(n) = n else {
            let n = self.size();
            return Ok(Reply::text(format!("size: {n}×{n}×{n}")));
        };
        self.set_state(&format!("size {n}"), Cube::solved_n(n))
    }

    /// An error naming `what` unless the session's cube is the 3×3×3.
    pub(super) fn needs_three(&self, what: &str) -> Result<()> {
        match self.size() {
            3 => Ok(()),
            n => Err(usage(&format!(
                "{what} works on the 3×3×3; this session's cube is {n}×{n}×{n} (size 3 goes back)"
            ))),
        }
    }

    pub(super) fn switch_notation(&mut self, notation: Option<Notation>) -> Reply {
        let Some(notation) = notation else {
            return Reply::text(format!("notation: {}", self.notation));
        };
        self.notation = notation;
        Reply::text(match notation {
            Notation::Paper => "notation: paper, the paper's letters L C R B H F U M D X Y Z: R turns as standard R', M as E', Z as y (notation standard switches back)".to_string(),
            Notation::Standard => "notation: standard".to_string(),
        })
    }

    pub(super) fn show(&self, what: ShowWhat) -> Result<Reply> {
        let cube = self.cube();
        let user = |u: &crate::rep::user::UserRep| {
            UserState::new(std::sync::Arc::new(u.clone()), &cube).map(|r| r.render_in(self.scheme))
        };
        Ok(Reply::text(match what {
            ShowWhat::Current => self.rep.render_in(self.scheme),
            ShowWhat::Net => self.net(&cube),
            ShowWhat::Facelets => cube.facelets(),
            ShowWhat::Pieces => crate::state::piece_map::PieceCube::from_cube(&cube)?.render(),
            ShowWhat::All => RepKind::ALL
                .iter()
                .map(|k| match k.build(&cube) {
                    Ok(rep) => format!(
                        "── {} ({}) ──\n{}",
                        k.title(),
                        k.name(),
                        rep.render_in(self.scheme)
                    ),
                    Err(e) => format!("── {} ({}) ──\n{e}", k.title(), k.name()),
                })
                .chain(self.apl.user_reps().iter().map(|u| match user(u) {
                    Ok(shown) => format!("── {} (yours) ──\n{shown}", u.name),
                    Err(e) => format!("── {} (yours) ──\n{e}", u.name),
                }))
                .collect::<Vec<_>>()
                .join("\n\n"),
            ShowWhat::Rep(kind) => kind.build(&cube)?.render_in(self.scheme),
            ShowWhat::User(name) => {
                let u = self
                    .user_rep(&name)
                    .ok_or_else(|| crate::rep::UnknownRep(name.clone(), self.user_rep_names()))?;
                user(u).map_err(|e| usage(&format!("{e} (size 3 goes back)")))?
            }
        }))
    }

    /// The net, as coloured blocks when colour is on.
    pub fn net(&self, cube: &Cube) -> String {
        let scheme = self.scheme;
        if self.color {
            cube.net_with(|f| colour_block(scheme.colour(f)), 2)
        } else {
            cube.net_in(scheme)
        }
    }
}

/// What is asked of the session family.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionRequest {
    /// Make moves (a line of moves, or `do 'STRING'`), as one change labelled `label`.
    Moves {
        /// The moves, as written.
        alg: Alg,
        /// How history names the change.
        label: String,
    },
    /// Switch representation, or (`None`) say which.
    Rep(Option<RepKind>),
    /// Switch to the representation of one's own (`)rep`) of this name.
    UserRep(String),
    /// Show the state.
    Show(ShowWhat),
    /// Switch to the solved N×N×N, or (`None`) say the size.
    Size(Option<usize>),
    /// Switch notation, or (`None`) say which.
    Notation(Option<crate::turn::notation::Notation>),
    /// Switch colour scheme, or (`None`) say which.
    Colours(Option<crate::turn::face::Scheme>),
    /// Back to solved.
    Reset,
    /// Take back the last N changes.
    Undo(usize),
    /// Make the last N undone changes again.
    Redo(usize),
    /// List the changes.
    History,
    /// Set the state to a facelet string's cube.
    Load(Cube),
    /// Is the cube solved?
    Solved,
    /// The moves made since the last reset or load, as one sequence.
    MovesSoFar,
    /// Help: all commands, or one.
    Help(Option<String>),
    /// Leave.
    Quit,
    /// The session's cube, shown as asked (`cubework apply`).
    Apply(Shown),
}

/// What `show` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowWhat {
    /// The current representation's display.
    Current,
    /// Another representation's display of the same state.
    Rep(RepKind),
    /// A representation of one's own (`)rep`), by name, showing the same state.
    User(String),
    /// All seven.
    All,
    /// The unfolded net.
    Net,
    /// The facelet string.
    Facelets,
    /// The Ruby notes' piece map.
    Pieces,
}

/// How a command-line request (`cubework apply`, `cubework apl --show`) shows its cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Shown {
    /// The representation's own display, as in the paper.
    #[default]
    Native,
    /// The unfolded net.
    Net,
    /// The 54-character facelet string, alone on one line.
    Facelets,
}

/// `colours [paper|wca]`.
fn colours_words(rest: &str) -> Result<SessionRequest> {
    if rest.is_empty() {
        return Ok(SessionRequest::Colours(None));
    }
    rest.parse()
        .map(|s| SessionRequest::Colours(Some(s)))
        .map_err(|e: crate::turn::face::UnknownScheme| usage(&e.to_string()))
}

/// `load FACELETS`, in the session's size and colours.
fn load_words(rest: &str, session: &Session) -> Result<SessionRequest> {
    if rest.is_empty() {
        return Err(usage("load needs a facelet string: load FACELETS"));
    }
    Ok(SessionRequest::Load(Cube::from_facelets_in(
        rest,
        session.size(),
        session.scheme,
    )?))
}

/// `size`, `size N`.
fn size_words(rest: &str) -> Result<Option<usize>> {
    if rest.is_empty() {
        return Ok(None);
    }
    Cube::read_size(rest)?
        .map(Some)
        .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(rest))))
}

fn notation_name(name: &str) -> Result<Option<Notation>> {
    Ok(match name.to_lowercase().as_str() {
        "" => None,
        "standard" | "std" => Some(Notation::Standard),
        "paper" => Some(Notation::Paper),
        other => {
            return Err(usage(&format!(
                "unknown notation '{}' (expected standard or paper)",
                echo(other)
            )));
        }
    })
}

/// One of the seven (a representation of one's own is read before); unknown names are
/// refused naming the seven and the session's own.
fn rep_name(name: &str, session: &Session) -> Result<Option<RepKind>> {
    if name.is_empty() {
        return Ok(None);
    }
    if name.eq_ignore_ascii_case("pieces") {
        return Err(usage(
            "pieces cannot be the current representation: it is the Ruby notes' piece map, not one of the paper's arrays (no array transform to make or compile, outer faces only); `show pieces` shows the current cube in it",
        ));
    }
    Ok(Some(name.parse().map_err(|UnknownRep(name, _)| {
        UnknownRep(name, session.user_rep_names())
    })?))
}

fn show_what(what: &str, session: &Session) -> Result<ShowWhat> {
    if let Some(user) = session.user_rep(what) {
        return Ok(ShowWhat::User(user.name.clone()));
    }
    Ok(match what.to_lowercase().as_str() {
        "" => ShowWhat::Current,
        "net" => ShowWhat::Net,
        "facelets" => ShowWhat::Facelets,
        "pieces" => ShowWhat::Pieces,
        "all" => ShowWhat::All,
        name => ShowWhat::Rep(name.parse().map_err(|_| {
            let yours = session.user_rep_names();
            usage(&format!(
                "show what? '{}' is not a representation{}, all, net, facelets or pieces",
                echo(name),
                if yours.is_empty() {
                    String::new()
                } else {
                    format!(" (of the seven, or of your own: {})", yours.join(" "))
                }
            ))
        })?),
    })
}

/// Runs the session family's requests.
pub(super) fn run(session: &mut Session, request: SessionRequest, _front: Front) -> Result<Reply> {
    let text = |t: String| Ok(Reply::text(t));
    match request {
        SessionRequest::Moves { alg, label } => session.make(label, alg),
        SessionRequest::Rep(kind) => session.switch_rep(kind),
        SessionRequest::UserRep(name) => session.switch_user_rep(&name),
        SessionRequest::Show(what) => session.show(what),
        SessionRequest::Size(n) => session.switch_size(n),
        SessionRequest::Notation(n) => Ok(session.switch_notation(n)),
        SessionRequest::Colours(c) => session.switch_colours(c),
        SessionRequest::Reset => session.set_state("reset", Cube::solved_n(session.size())),
        SessionRequest::Undo(n) => session.undo(n),
        SessionRequest::Redo(n) => session.redo(n),
        SessionRequest::History => text(session.history()),
        SessionRequest::Load(cube) => {
            let note = impossible_note(&cube);
            let label = format!("load {}", cube.facelets());
            session
                .set_state(&label, cube)
                .map(|reply| Reply { note, ..reply })
        }
        SessionRequest::Solved => text(
            if session.cube().is_solved() {
                "yes"
            } else {
                "no"
            }
            .into(),
        ),
        SessionRequest::MovesSoFar => text(session.moves_so_far()),
        SessionRequest::Help(topic) => super::help(topic.as_deref().unwrap_or("")).map(Reply::text),
        SessionRequest::Quit => Ok(Reply {
            quit: true,
            ..Reply::default()
        }),
        SessionRequest::Apply(shown) => text(session.shown(shown)),
    }
}

impl Session {
    /// `moves?`: the moves since the last reset or load (or since the session began), as one
    /// sequence in the notation in use; or that there are none.
    fn moves_so_far(&self) -> String {
        let (moves, origin) = self.moves_since_origin();
        // One sequence on one line, to copy: the comments typed are left out (a `//` would
        // end the line and hide the moves after it).
        let alg = Alg {
            items: moves.iter().flat_map(|a| a.items.iter().cloned()).collect(),
        }
        .without_comments()
        .in_notation(self.notation)
        .merge_repeated_turns();
        match (alg.items.is_empty(), origin) {
            (false, _) => alg.to_string(),
            (true, Some(label)) => format!(
                "no moves since the last {}",
                label.split_whitespace().next().unwrap_or("reset")
            ),
            (true, None) => "no moves yet".to_string(),
        }
    }

    /// The cube as `apply` shows it: in the representation (always on the 3×3×3, or when one
    /// was chosen), as a net, or as its facelet string.
    fn shown(&self, shown: Shown) -> String {
        let cube = self.cube();
        match shown {
            Shown::Native if self.size() == 3 || self.chosen_rep => self.rep.render_in(self.scheme),
            Shown::Native | Shown::Net => self.net(&cube),
            Shown::Facelets => cube.facelets(),
        }
    }
}

/// `moves?`: what it is (its descriptor) and how the REPL's words read into its request.
pub static MOVES: CommandDef = CommandDef {
    name: "moves?",
    surface: Surface::Repl,
    summary: "the moves made since the last reset or load, as one sequence in the notation in use, to copy into order, draw or the command line",
    details: "Each line of moves, do string, scramble, step, hint apply and invert since the last reset, load or size is one part of it, written as typed (groups and tools kept, comments left out: the answer is one line) in the notation in use; where one part's last move and the next one's first turn the same layers, they are written as one (`U U` is `U2`). undo takes parts back, redo makes them again.",
    read: Some(|_, _| Ok(SessionRequest::MovesSoFar.into())),
    ..CommandDef::NONE
};

/// `rep`: what it is (its descriptor) and how the REPL's words read into its request.
pub static REP: CommandDef = CommandDef {
    name: "rep",
    surface: Surface::Repl,
    usage: "NAME",
    summary: "switch representation (numeric local composite visual vector 4d nested); the state carries over",
    details: "The state is converted through the canonical cube, so nothing is lost; composite and visual then refuse X, Y, C and H (and the standard moves made of them), as the paper says. On other sizes than 3, a representation that does not hold the size says so and the session stays as it was.\nrep NAME also switches to a representation of your own (`)rep NAME ENCODE` in APL mode): the cube shown in your array as APL displays it, turned by its moves compiled by conjugation, on the 3×3×3; in APL mode CUBE is then your array.",
    args: &[repl("numeric|local|composite|visual|vector|4d|nested")],
    read: Some(|line, session| {
        Ok(match session.user_rep(line.rest) {
            Some(user) => SessionRequest::UserRep(user.name.clone()),
            None => SessionRequest::Rep(rep_name(line.rest, session)?),
        }
        .into())
    }),
    ..CommandDef::NONE
};

/// `show`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SHOW: CommandDef = CommandDef {
    name: "show",
    surface: Surface::Repl,
    usage: "[NAME|all|net|facelets|pieces]",
    summary: "show the state: in the current or a named representation, all seven, the net, or the facelet string",
    details: "show          the current representation's own display\nshow numeric  another representation's display of the same state\nshow all      all seven, one after another (then your own)\nshow M69      a representation of your own (`)rep`)\nshow net      the unfolded net (coloured in a terminal)\nshow facelets the facelet string alone on its line",
    args: &[repl(
        "numeric|local|composite|visual|vector|4d|nested|all|net|facelets|pieces",
    )],
    read: Some(|line, session| Ok(SessionRequest::Show(show_what(line.rest, session)?).into())),
    ..CommandDef::NONE
};

/// `size`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SIZE: CommandDef = CommandDef {
    name: "size",
    surface: Surface::Repl,
    usage: "[N]",
    summary: "switch to the solved N×N×N cube (2 to 9) in the current representation, if it holds that size; without N, say the size",
    details: "size 4   the solved 4×4×4 in the current representation (numeric local vector 4d nested hold 2 to 9; composite and visual 2 and 3)\nsize     the current size\nMoves, show, reps, load, reset, order, cycles and compare then work at that size; undo goes back to the cube before. solve works on every size from 2 to 9 (the 2×2×2 by its own table, the 4×4×4 to 9×9×9 by reduction); pocket stays on the 2×2×2, and effect takes its own size (effect size N ALG; 3 unless given).",
    args: &[repl("N")],
    read: Some(|line, _| Ok(SessionRequest::Size(size_words(line.rest)?).into())),
    ..CommandDef::NONE
};

/// `notation`: what it is (its descriptor) and how the REPL's words read into its request.
pub static NOTATION: CommandDef = CommandDef {
    name: "notation",
    surface: Surface::Repl,
    usage: "standard|paper",
    summary: "switch the notation moves are read in",
    details: "standard: U D L R F B, M E S, x y z, Rw/r, 2R, 3Rw; amounts 2 ' 2'.\npaper: L C R B H F U M D X Y Z, an inverse barred (R\u{305}, R\u{304}, R¯) or R'. Paper R is standard R'.",
    args: &[repl("standard|paper")],
    read: Some(|line, _| Ok(SessionRequest::Notation(notation_name(line.rest)?).into())),
    ..CommandDef::NONE
};

/// `colours`: what it is (its descriptor) and how the REPL's words read into its request.
pub static COLOURS: CommandDef = CommandDef {
    name: "colours",
    aliases: &["colors"],
    surface: Surface::Repl,
    usage: "paper|wca",
    summary: "switch the colours nets, pictures and colour letters are shown in",
    details: "paper: the paper's scheme, the default: up white, down blue, back red, front orange, left green, right yellow.\nwca: the scheme of every cube sold and every cubing site: up white, front green, right red, down yellow, left orange, back blue.\nThe choice applies to the net, pictures and pages (draw), facelet strings in colour letters (load, hint facelets, pocket solve facelets, and on the command line --from, --facelets and solve --batch), the beginner's method's words and the representations' displays that show colour letters (every one but numeric, whose digits are the paper's numbers and stay); facelet strings in face letters (URFDLB) and the arrays APL turns (CUBE) stay as they are. It is kept (colours.txt in the data directory): later sessions and command-line calls use it too, until `colours paper`; CUBEWORK_COLOURS=wca or --colours wca choose for one call, over it.",
    args: &[repl("paper|wca")],
    read: Some(|line, _| colours_words(line.rest).map(Into::into)),
    ..CommandDef::NONE
};

/// `do`: what it is (its descriptor) and how the REPL's words read into its request.
pub static DO: CommandDef = CommandDef {
    name: "do",
    surface: Surface::Repl,
    usage: "'MOVES'",
    summary: "run a paper DO string left to right, e.g. do 'F\u{304}D\u{304}FDRDR\u{304}'",
    details: "Runs a paper DO string (always in the paper's notation, whatever `notation` says), left to right, as one change.",
    args: &[repl("MOVES")],
    read: Some(|line, _| {
        let text = strip_quotes(line.line, line.rest)?;
        let label = format!("do '{text}'");
        let alg = line.within(text, Alg::parse(text, Notation::Paper))?;
        Ok(SessionRequest::Moves { alg, label }.into())
    }),
    ..CommandDef::NONE
};

/// `reset`: what it is (its descriptor) and how the REPL's words read into its request.
pub static RESET: CommandDef = CommandDef {
    name: "reset",
    surface: Surface::Repl,
    summary: "back to the solved cube",
    read: Some(|_, _| Ok(SessionRequest::Reset.into())),
    ..CommandDef::NONE
};

/// `undo`: what it is (its descriptor) and how the REPL's words read into its request.
pub static UNDO: CommandDef = CommandDef {
    name: "undo",
    surface: Surface::Repl,
    usage: "[N]",
    summary: "take back the last change (a line of moves, scramble, load, reset, invert), or the last N (all there are, if fewer)",
    args: &[repl("N")],
    read: Some(|line, _| Ok(SessionRequest::Undo(count(line.word, line.rest)?).into())),
    ..CommandDef::NONE
};

/// `redo`: what it is (its descriptor) and how the REPL's words read into its request.
pub static REDO: CommandDef = CommandDef {
    name: "redo",
    surface: Surface::Repl,
    usage: "[N]",
    summary: "make the last undone change again, or the last N undone (all there are, if fewer)",
    args: &[repl("N")],
    read: Some(|line, _| Ok(SessionRequest::Redo(count(line.word, line.rest)?).into())),
    ..CommandDef::NONE
};

/// `history`: what it is (its descriptor) and how the REPL's words read into its request.
pub static HISTORY: CommandDef = CommandDef {
    name: "history",
    surface: Surface::Repl,
    summary: "list the changes so far",
    read: Some(|_, _| Ok(SessionRequest::History.into())),
    ..CommandDef::NONE
};

/// `load`: what it is (its descriptor) and how the REPL's words read into its request.
pub static LOAD: CommandDef = CommandDef {
    name: "load",
    surface: Surface::Repl,
    usage: "FACELETS",
    summary: "load a facelet string (URFDLB order) of the current size: 54 letters on the 3×3×3, 6N² on the N×N×N",
    details: "load UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nThe string is checked: 54 letters of U R F D L B, nine of each, centres of a real cube.",
    args: &[repl("FACELETS")],
    read: Some(|line, session| load_words(line.rest, session).map(Into::into)),
    ..CommandDef::NONE
};

/// `solved?`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SOLVED: CommandDef = CommandDef {
    name: "solved?",
    surface: Surface::Repl,
    summary: "is the cube solved?",
    read: Some(|_, _| Ok(SessionRequest::Solved.into())),
    ..CommandDef::NONE
};

/// `help`: what it is (its descriptor) and how the REPL's words read into its request.
pub static HELP: CommandDef = CommandDef {
    name: "help",
    aliases: &["?"],
    surface: Surface::Repl,
    usage: "[COMMAND]",
    summary: "this list, or more on one command",
    args: &[repl("COMMAND")],
    read: Some(|line, _| {
        Ok(SessionRequest::Help((!line.rest.is_empty()).then(|| line.rest.to_string())).into())
    }),
    in_apl_mode: true,
    ..CommandDef::NONE
};

/// `quit`: what it is (its descriptor) and how the REPL's words read into its request.
pub static QUIT: CommandDef = CommandDef {
    name: "quit",
    aliases: &["exit"],
    surface: Surface::Repl,
    summary: "leave (also exit, or Ctrl-D)",
    read: Some(|_, _| Ok(SessionRequest::Quit.into())),
    in_apl_mode: true,
    ..CommandDef::NONE
};

/// `apply`: what it is (its descriptor) and how the REPL's words read into its request.
pub static APPLY: CommandDef = CommandDef {
    name: "apply",
    surface: Surface::Cli,
    usage: "[MOVES]",
    summary: "apply moves to the solved cube (or to --from) and print the result",
    args: &[
        cli(REP_OPT),
        cli(SIZE_OPT.help("Cube size N (2 to 9); other sizes than 3 are shown as a net")),
        cli(NOTATION_OPT.help("Notation of MOVES")),
        FROM_ARG,
        cli(opt("show", Value::Shown, "SHOW", "How to show the result").default("native")),
        COLOURS_ARG,
        cli(words(
            "moves",
            "MOVES",
            "The moves (the rest of the line, joined by spaces)",
        )),
    ],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let mut context = given.context_in_rep(given.value("size"))?;
        context.colour = given.colour();
        let moves = given.words("moves");
        let alg = Alg::parse(&moves, context.notation)?;
        context.made.push((moves, alg));
        let request = SessionRequest::Apply(given.value("show"));
        Ok(super::one_shot::OneShot::asked(context, request))
    }),
    takes_moves: true,
    ..CommandDef::NONE
};

/// `run`: what it is (its descriptor) and how the REPL's words read into its request.
pub static RUN: CommandDef = CommandDef {
    name: "run",
    surface: Surface::Cli,
    usage: "FILE",
    summary: "run a session file: each line as typed in the REPL, without prompts or colour",
    args: &[cli(words("file", "FILE", "The file to run")
        .one(Value::Path)
        .required())],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| Ok(super::one_shot::OneShot::RunFile(given.value("file")))),
    ..CommandDef::NONE
};

/// `completions`: what it is (its descriptor) and how the REPL's words read into its request.
pub static COMPLETIONS: CommandDef = CommandDef {
    name: "completions",
    surface: Surface::Cli,
    usage: "SHELL",
    summary: "print shell completions for cubework, generated from the same definitions as --help",
    args: &[cli(words("shell", "SHELL", "The shell to complete for")
        .one(Value::Shell)
        .required())],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| Ok(super::one_shot::OneShot::Completions(given.value("shell")))),
    ..CommandDef::NONE
};

/// `manpage`: what it is (its descriptor) and how the REPL's words read into its request.
pub static MANPAGE: CommandDef = CommandDef {
    name: "manpage",
    surface: Surface::Cli,
    usage: "[COMMAND] [--all DIR]",
    summary: "print cubework's or COMMAND's man page (roff); --all DIR writes every page",
    args: &[
        cli(words(
            "command",
            "COMMAND",
            "The command whose page to print (cubework-COMMAND; `pocket solve`: cubework-pocket-solve); without it, cubework's own",
        )),
        cli(opt(
            "all",
            Value::Path,
            "DIR",
            "Write every page into DIR: cubework.1, cubework-COMMAND.1 for each command and cubework-COMMAND-SUB.1 for each of its subcommands, as git and cargo ship theirs",
        )
        .conflicts(&["command"])),
    ],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        Ok(super::one_shot::OneShot::Manpage {
            command: Some(given.words("command")).filter(|w| !w.is_empty()),
            all: given.one("all"),
        })
    }),
    ..CommandDef::NONE
};

#[cfg(test)]
mod tests;
