//! The crate's one error type, for the CLI and the REPL.

use crate::rep::{UnknownRep, WrongSize};
use crate::sequence::input_error::InputError;
use crate::sequence::parser::ParseError;

/// Anything that can go wrong with what a user asked for.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A sequence that does not parse, a move that cannot be made, a facelet string that is
    /// not a cube.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A representation name that is not one of the seven.
    #[error(transparent)]
    UnknownRep(#[from] UnknownRep),
    /// A representation asked to hold another size of cube.
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// Sequence algebra, orders, cycles, tools.
    #[error(transparent)]
    Algebra(#[from] crate::sequence::alg::AlgebraError),
    /// The 2×2×2 solver.
    #[error(transparent)]
    Pocket(#[from] crate::solve::search::pocket::PocketError),
    /// The 3×3×3 search solvers (a solver's error from the 2×2×2's table or the beginner's
    /// method is [`Error::Pocket`] or [`Error::Beginner`]).
    #[error(transparent)]
    Solve(crate::solve::SolveError),
    /// The beginner's (layer-by-layer) method.
    #[error(transparent)]
    Beginner(#[from] crate::solve::search::beginner::BeginnerError),
    /// The piece-mapping representation.
    #[error(transparent)]
    Pieces(#[from] crate::state::piece_map::PiecesError),
    /// The user pressed Ctrl-C during long work.
    #[error(transparent)]
    Cancelled(#[from] crate::base::cancel::Cancelled),
    /// Command-line or REPL usage.
    #[error("{0}")]
    Usage(String),
    /// Reading a file.
    #[error(
        "cannot read {}: {}",
        crate::base::text::echo_path(path),
        reason(source)
    )]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Writing a file.
    #[error(
        "cannot write {}: {}",
        crate::base::text::echo_path(path),
        reason(source)
    )]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// An environment variable set to something the workbench cannot use (`CUBEWORK_SIMD`).
    #[error("{0}")]
    Environment(String),
    /// The terminal could not be set up for the REPL: the machine's fault, not the user's
    /// words (exit status 1, not the usage status 2).
    #[error("{0}")]
    Terminal(String),
    /// Reading or writing the terminal, standard input or output.
    #[error("cannot write the output: {}", reason(.0))]
    Io(#[from] std::io::Error),
}

crate::sequence::input_error::lift_input_parts!(Error);

impl From<crate::solve::SolveError> for Error {
    /// The solver's error; the 2×2×2's and the beginner method's as their own variants, as
    /// when they are called directly.
    fn from(e: crate::solve::SolveError) -> Error {
        use crate::solve::SolveError;
        match e {
            SolveError::Pocket(e) => Error::Pocket(e),
            SolveError::Beginner(e) => Error::Beginner(e),
            e => Error::Solve(e),
        }
    }
}

/// The input error inside an error, if any, borrowed as the error is (shared or mutable).
macro_rules! input_in {
    ($error:expr) => {
        match $error {
            Error::Input(e)
            | Error::Algebra(crate::sequence::alg::AlgebraError::Input(e))
            | Error::Solve(crate::solve::SolveError::Input(e))
            | Error::Pocket(crate::solve::search::pocket::PocketError::Input(e))
            | Error::Beginner(crate::solve::search::beginner::BeginnerError::Input(e)) => Some(e),
            _ => None,
        }
    };
}

impl Error {
    /// The parse error inside this one, at whatever depth (a sequence in a solve, in a
    /// report): the one input error every layer holds.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self.input()? {
            InputError::Parse(e) => Some(e),
            _ => None,
        }
    }

    fn input(&self) -> Option<&InputError> {
        input_in!(self)
    }

    fn input_mut(&mut self) -> Option<&mut InputError> {
        input_in!(self)
    }

    /// Whether this is Ctrl-C stopping long work (see [`crate::base::cancel`]).
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self,
            Error::Cancelled(_)
                | Error::Solve(crate::solve::SolveError::Cancelled(_))
                | Error::Algebra(crate::sequence::alg::AlgebraError::Cancelled(_))
        )
    }

    /// The same error, with any parse error's column counted from `by` characters earlier
    /// (see [`ParseError::shifted`]).
    pub fn shifted(self, by: usize) -> Error {
        self.map_parse(|e| e.shifted(by))
    }

    /// The same error as the REPL reports it (see [`ParseError::in_repl`]).
    pub fn in_repl(self) -> Error {
        self.map_parse(ParseError::in_repl)
    }

    /// The same error with `f` applied to any parse error inside it.
    fn map_parse(mut self, f: impl FnOnce(ParseError) -> ParseError) -> Error {
        if let Some(InputError::Parse(e)) = self.input_mut() {
            *e = f(e.clone());
        }
        self
    }

    /// The process exit status for this error: 1 when output cannot be written or the
    /// environment is wrong, 2 for anything wrong with what was asked (bad input, a file named
    /// that cannot be read).
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io(_) | Error::Write { .. } | Error::Environment(_) | Error::Terminal(_) => 1,
            // A table file that changed under the program is the environment's doing.
            Error::Solve(crate::solve::SolveError::DamagedTable { .. }) => 1,
            _ if self.is_cancelled() => 130,
            _ => 2,
        }
    }
}

/// An I/O error as a person reads it: `no such file or directory`, without the OS's error
/// number.
///
/// ```
/// let e = std::io::Error::from(std::io::ErrorKind::NotFound);
/// assert_eq!(cubework::answer::error::reason(&e), "entity not found");
/// let e = std::io::Error::from_raw_os_error(2);
/// assert_eq!(cubework::answer::error::reason(&e), "no such file or directory");
/// ```
pub fn reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text.to_string(),
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
