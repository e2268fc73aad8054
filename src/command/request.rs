//! What a user can ask for, as one typed value.
//!
//! The REPL's words ([`parse_line`](super::parse_line)) and the command line's arguments
//! (`src/cli/`) both parse into a [`Request`] before anything runs; [`run`](super::run) executes
//! it on a [`Session`](super::Session). A request names its family, and the family's own enum
//! names the command, so that a command's request is written where the command runs, in its
//! family's file. Moves in a request are already parsed, in the notation of the session (or of
//! `--notation`); a state is a value (an [`Input`](crate::sequence::input::Input), a
//! [`Cube`](crate::state::cube::Cube)), never text read again.

use super::algebra::AlgebraRequest;
use super::apl::AplRequest;
use super::measure::MeasureRequest;
use super::picture::PictureRequest;
use super::session::SessionRequest;
use super::solving::SolvingRequest;
use super::tables::TablesRequest;

macro_rules! families {
    ($($(#[$doc:meta])* $family:ident($request:ty),)*) => {
        /// Everything a user can ask of the workbench: a request of one command family.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Request {
            $($(#[$doc])* $family($request),)*
        }

        $(impl From<$request> for Request {
            fn from(request: $request) -> Request {
                Request::$family(request)
            }
        })*
    };
}

families!(
    /// The session's own: moves, switching representation, notation or size, showing,
    /// history ([`session`](super::session)).
    Session(SessionRequest),
    /// What a sequence does and how it is written ([`algebra`](super::algebra)).
    Algebra(AlgebraRequest),
    /// Scrambling and solving ([`solving`](super::solving)).
    Solving(SolvingRequest),
    /// Timing the representations ([`measure`](super::measure)).
    Measure(MeasureRequest),
    /// Pictures ([`picture`](super::picture)).
    Picture(PictureRequest),
    /// The solvers' cached tables ([`tables`](super::tables)).
    Tables(TablesRequest),
    /// The APL workspace ([`apl`](super::apl)).
    Apl(AplRequest),
);
