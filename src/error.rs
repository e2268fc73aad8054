//! The crate's one error type, for the CLI and the REPL.

use crate::cube::FaceletError;
use crate::moves::MoveError;
use crate::parser::ParseError;
use crate::rep::{UnknownRep, WrongSize};

/// Anything that can go wrong with what a user asked for.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A move sequence that does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move that cannot be made.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A facelet string that is not a cube.
    #[error(transparent)]
    Facelets(#[from] FaceletError),
    /// A representation name that is not one of the seven.
    #[error(transparent)]
    UnknownRep(#[from] UnknownRep),
    /// A representation asked to hold another size of cube.
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// Sequence algebra, orders, cycles, tools.
    #[error(transparent)]
    Algebra(#[from] crate::alg::AlgebraError),
    /// The 2×2×2 solver.
    #[error(transparent)]
    Pocket(#[from] crate::pocket::PocketError),
    /// The 3×3×3 search solver.
    #[error(transparent)]
    Solve(#[from] crate::solve::SolveError),
    /// The piece-mapping representation.
    #[error(transparent)]
    Pieces(#[from] crate::pieces::PiecesError),
    /// A picture that cannot be drawn as asked.
    #[error(transparent)]
    Draw(#[from] crate::draw::DrawError),
    /// Command-line or REPL usage.
    #[error("{0}")]
    Usage(String),
    /// Reading or writing a file.
    #[error("cannot read {}: {source}", path.display())]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Writing a file (a picture, a chart).
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Reading or writing the terminal.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl Error {
    /// The process exit status for this error: 2 for bad input, 1 for the environment.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io(_) | Error::File { .. } | Error::Write { .. } => 1,
            _ => 2,
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
