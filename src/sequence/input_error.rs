//! The one input error, shared by every layer that reads what a user typed.

use crate::state::cube::FaceletError;
use crate::turn::moves::MoveError;
use crate::turn::notation::ParseError;

/// `From` each part of the input error (a [`ParseError`], [`MoveError`] or [`FaceletError`])
/// for an error type that holds the [`InputError`] as its variant `Input`, so that `?` lifts
/// them straight in: one home for the lift every layer's error needs.
macro_rules! lift_input_parts {
    ($error:ident) => {
        $crate::sequence::input_error::lift_input_parts!($error:
            $crate::turn::notation::ParseError,
            $crate::turn::moves::MoveError,
            $crate::state::cube::FaceletError);
    };
    ($error:ident: $($part:ty),*) => {
        $(impl From<$part> for $error {
            fn from(e: $part) -> $error {
                $error::Input(e.into())
            }
        })*
    };
}
pub(crate) use lift_input_parts;

/// What is wrong with what a user gave: a sequence that does not parse, a move that cannot
/// be made, a facelet string that is not a cube, a cube of another size. The one input error:
/// every layer's own error holds it rather than repeating its variants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The move sequence does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move cannot be made on this cube.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The facelet string is not a cube.
    #[error(transparent)]
    Facelets(#[from] FaceletError),
    /// A cube of another size than the one asked for.
    #[error("the cube is a {have}×{have}×{have}, not a {want}×{want}×{want}")]
    Size {
        /// The cube's size.
        have: usize,
        /// The size asked for.
        want: usize,
    },
}
