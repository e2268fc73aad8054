//! A command-line request, run once: the small [`Context`] it runs in (the cube, the
//! representation, the notation, the colours and the moves made first), rather than a REPL
//! [`Session`] built by hand; and, with the `cli` feature, what the command line's arguments
//! read into ([`OneShot`]) and the arguments as each command's reader sees them ([`Given`]).

use super::{Front, Reply, Request, Session, run_from};
use crate::answer::error::Result;
use crate::rep::RepKind;
use crate::sequence::alg::Alg;
use crate::state::cube::Cube;
use crate::turn::face::Scheme;
use crate::turn::notation::Notation;

/// What one command-line request needs to run: the cube it starts from, the representation
/// it is held in (chosen or the vector), the notation moves are read and written in, the
/// colours, whether to draw in colour, the caption of its pictures, and what is done to it
/// before the request (moves made, requests run). The session it runs on is made from it.
#[derive(Clone, Debug)]
pub struct Context {
    /// The cube it starts from.
    pub cube: Cube,
    /// The representation chosen (`--rep`), if any.
    pub rep: Option<RepKind>,
    /// The notation of its moves.
    pub notation: Notation,
    /// The colours it shows and draws in.
    pub scheme: Scheme,
    /// Whether nets are shown in colour.
    pub colour: bool,
    /// What made the cube, for its pictures' caption.
    pub caption: String,
    /// Moves made before the request, each as typed and as read (`apply`'s, `draw`'s setup
    /// and moves).
    pub made: Vec<(String, Alg)>,
    /// Requests run before it, their answers unshown (`apl --file`'s load).
    pub first: Vec<Request>,
    /// After the answer, the cube's facelet string alone on the last line (`apl --show
    /// facelets`).
    pub then_facelets: bool,
}

impl Context {
    /// The solved 3×3×3, moves read in `notation`, in the paper's colours.
    pub fn new(notation: Notation) -> Context {
        Context::on(Cube::solved(), notation)
    }

    /// `cube`, moves read in `notation`, in the paper's colours.
    pub fn on(cube: Cube, notation: Notation) -> Context {
        Context {
            cube,
            rep: None,
            notation,
            scheme: Scheme::Paper,
            colour: false,
            caption: String::new(),
            made: Vec::new(),
            first: Vec::new(),
            then_facelets: false,
        }
    }

    /// The session it describes, its moves made and its first requests run.
    pub fn session(self) -> Result<Session> {
        let mut session = Session::in_context(&self)?;
        for (typed, alg) in self.made {
            session.make(typed, alg)?;
        }
        for request in self.first {
            run_from(&mut session, request, Front::CommandLine)?;
        }
        Ok(session)
    }

    /// Runs `request` in this context, as the command line asks.
    pub fn run(self, request: Request) -> Result<Reply> {
        let then_facelets = self.then_facelets;
        let mut session = self.session()?;
        let mut reply = run_from(&mut session, request, Front::CommandLine)?;
        if then_facelets {
            if !reply.text.is_empty() {
                reply.text.push('\n');
            }
            reply.text.push_str(&session.cube().facelets());
        }
        Ok(reply)
    }
}

#[cfg(feature = "cli")]
pub use cli::{Batch, Given, OneShot, say_colour_notes};

#[cfg(feature = "cli")]
mod cli {
    use std::path::{Path, PathBuf};

    use super::Context;
    use crate::answer::error::{Error, Result};
    use crate::command::Request;
    use crate::sequence::alg::Alg;
    use crate::sequence::input::Input;
    use crate::sequence::parser::parse_sequence;
    use crate::solve::{Limits, Method};
    use crate::state::cube::Cube;
    use crate::turn::face::Scheme;
    use crate::turn::notation::Notation;

    /// What a command line asks for: a request in its context, or one of the command line's
    /// own jobs.
    #[derive(Debug)]
    pub enum OneShot {
        /// A request, run once in its context.
        Request(Context, Request),
        /// `solve --batch FILE`.
        Batch(Batch),
        /// `run FILE`: a session file's lines, as the REPL reads them.
        RunFile(PathBuf),
        /// `completions SHELL`.
        Completions(clap_complete::Shell),
        /// `manpage [COMMAND] [--all DIR]`: one page printed, or every page written to DIR.
        Manpage {
            /// The command whose page to print (cubework's own if none).
            command: Option<String>,
            /// The directory to write every page into.
            all: Option<PathBuf>,
        },
        /// `apl` alone: the REPL, in APL mode from its start, in this context.
        AplMode(Context),
    }

    impl OneShot {
        /// `request` in `context`.
        pub fn asked(context: Context, request: impl Into<Request>) -> OneShot {
            OneShot::Request(context, request.into())
        }
    }

    /// A batch, as the command line asked for it.
    #[derive(Clone, Debug)]
    pub struct Batch {
        /// The file of states (`-`: standard input).
        pub file: PathBuf,
        /// How to solve them.
        pub method: Method,
        /// The limits (threads: how many states at once).
        pub limits: Limits,
        /// The notation of the lines' moves.
        pub notation: Notation,
        /// The colour scheme of the lines' colour-letter facelet strings.
        pub scheme: Scheme,
        /// The size of cube the lines' moves are made on (`--size N`).
        pub size: Option<usize>,
    }

    /// A command's arguments as clap read them, and the settings they are read with (the
    /// file the REPL keeps its colours in, whether to draw in colour).
    pub struct Given<'a> {
        matches: &'a clap::ArgMatches,
        colours_file: Option<&'a Path>,
        colour: bool,
    }

    /// Says the notes choosing the colour scheme made (a word in the kept choice that names
    /// no scheme), each a line on stderr, once in a run however often the scheme is chosen.
    pub fn say_colour_notes(notes: &[String]) {
        static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if !notes.is_empty() && !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
            for note in notes {
                crate::answer::output::err(format!("cubework: note: {note}"));
            }
        }
    }

    impl<'a> Given<'a> {
        /// The arguments in `matches`, read with these settings.
        pub fn new(
            matches: &'a clap::ArgMatches,
            colours_file: Option<&'a Path>,
            colour: bool,
        ) -> Given<'a> {
            Given {
                matches,
                colours_file,
                colour,
            }
        }

        /// Whether to draw in colour.
        pub fn colour(&self) -> bool {
            self.colour
        }

        /// The subcommand given, and its arguments.
        pub fn subcommand(&self) -> Option<(&'a str, Given<'a>)> {
            let (name, matches) = self.matches.subcommand()?;
            Some((name, Given { matches, ..*self }))
        }

        /// Whether flag `id` is given.
        pub fn flag(&self, id: &str) -> bool {
            self.matches.get_flag(id)
        }

        /// The value of `id`, if given (or defaulted), as its [`Value`](super::super::unit::Value)
        /// reads it.
        pub fn one<T: Clone + Send + Sync + 'static>(&self, id: &str) -> Option<T> {
            self.matches.get_one::<T>(id).cloned()
        }

        /// The value of `id` if the command line gives it (not its default).
        pub fn explicit<T: Clone + Send + Sync + 'static>(&self, id: &str) -> Option<T> {
            let given =
                self.matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine);
            given.then(|| self.one(id)).flatten()
        }

        /// The value of `id`, which has a default.
        pub fn value<T: Clone + Send + Sync + 'static>(&self, id: &str) -> T {
            self.one(id)
                .unwrap_or_else(|| panic!("--{id} has a default value"))
        }

        /// The words of `id`, joined by spaces.
        pub fn words(&self, id: &str) -> String {
            self.matches
                .get_many::<String>(id)
                .map(|w| w.cloned().collect::<Vec<_>>().join(" "))
                .unwrap_or_default()
        }

        /// `--notation` (standard if the command has none).
        pub fn notation(&self) -> Notation {
            match self.matches.try_get_one::<Notation>("notation") {
                Ok(Some(n)) => *n,
                _ => Notation::Standard,
            }
        }

        /// `request`, on the solved 3×3×3 in `--notation`: a command that reads no cube.
        pub fn plain(&self, request: impl Into<Request>) -> Result<OneShot> {
            Ok(OneShot::asked(Context::new(self.notation()), request))
        }

        /// The request `make` builds from the sequence `alg`, as [`Given::plain`].
        pub fn on_alg<R: Into<Request>>(&self, make: impl FnOnce(Alg) -> R) -> Result<OneShot> {
            self.plain(make(self.alg("alg")?))
        }

        /// The words of `id`, read as a sequence in `--notation`.
        pub fn alg(&self, id: &str) -> Result<Alg> {
            Ok(Alg::parse(&self.words(id), self.notation())?)
        }

        /// The colour scheme: `--colours`, else `CUBEWORK_COLOURS`, else the choice the REPL
        /// keeps, else the paper's.
        pub fn scheme(&self) -> Result<Scheme> {
            let flag = match self.matches.try_get_one::<Scheme>("colours") {
                Ok(s) => s.copied(),
                Err(_) => None,
            };
            let (scheme, notes) = Scheme::chosen(flag, self.colours_file).map_err(Error::Usage)?;
            say_colour_notes(&notes);
            Ok(scheme)
        }

        /// The context of a request on the cube `--from` gives (solved without it) of size
        /// `n`, in `--notation` and the colours chosen. A cube no turning can reach is
        /// accepted — the representations hold any stickers — with one line on stderr saying
        /// why it is impossible.
        pub fn context_from(&self, n: usize) -> Result<Context> {
            let scheme = self.scheme()?;
            let cube = match self.one::<String>("from") {
                None => {
                    Cube::check_size(n)?;
                    Cube::solved_n(n)
                }
                Some(s) => {
                    let cube = Cube::from_facelets_in(&s, n, scheme)?;
                    if let Some(note) = crate::command::impossible_note(&cube) {
                        crate::answer::output::err(format!("cubework: note: {note}"));
                    }
                    cube
                }
            };
            Ok(Context {
                scheme,
                ..Context::on(cube, self.notation())
            })
        }

        /// [`Given::context_from`] with the representation `--rep` names, if any.
        pub fn context_in_rep(&self, n: usize) -> Result<Context> {
            let rep = self.one::<String>("rep").as_deref().map(str::parse);
            let rep = rep.transpose()?;
            Ok(Context {
                rep,
                ..self.context_from(n)?
            })
        }

        /// The state given: `--facelets` (colour letters read in the colours chosen), or the
        /// moves of `alg`.
        pub fn input(&self) -> Result<Input> {
            if let Some(s) = self.one::<String>("facelets") {
                return Ok(Input::Facelets(s, self.scheme()?));
            }
            let moves = self.words("alg");
            if moves.trim().is_empty() {
                return Err(Error::Usage(
                    "which cube? give the moves that make it (e.g. \"R U F'\") or --facelets S"
                        .into(),
                ));
            }
            Ok(Input::Moves(parse_sequence(&moves, self.notation())?))
        }
    }
}
