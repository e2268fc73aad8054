//! The colours the pictures are painted in: a [`Scheme`]'s colours (the paper's by default:
//! up white, down blue, back red, front orange, left green, right yellow) in the shades of a
//! real cube's stickers.

use crate::turn::face::{Colour, Face, Scheme};

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    ///
    /// ```
    /// use cubework::draw::colour::Rgb;
    /// assert_eq!(Rgb(255, 88, 0).hex(), "#ff5800");
    /// ```
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Perceived brightness, 0 (black) to 1 (white).
    pub fn luminance(self) -> f64 {
        (0.299 * self.0 as f64 + 0.587 * self.1 as f64 + 0.114 * self.2 as f64) / 255.0
    }

    /// Black or white, whichever reads better on this colour.
    pub fn ink(self) -> Rgb {
        if self.luminance() > 0.55 {
            INK
        } else {
            Rgb(255, 255, 255)
        }
    }
}

/// The sticker colour of a face's colour in the paper's scheme (the shades of a real cube's
/// plastic); [`sticker_in`] for another scheme.
///
/// ```
/// use cubework::draw::colour::sticker;
/// use cubework::Face;
/// assert_eq!(sticker(Face::U).hex(), "#ffffff");
/// assert_eq!(sticker(Face::F).hex(), "#ff5800");
/// ```
pub fn sticker(face: Face) -> Rgb {
    sticker_in(Scheme::Paper, face)
}

/// The sticker colour of `face` in `scheme`.
///
/// ```
/// use cubework::draw::colour::sticker_in;
/// use cubework::turn::face::Scheme;
/// use cubework::Face;
/// assert_eq!(sticker_in(Scheme::Wca, Face::F).hex(), "#009b48"); // green
/// ```
pub fn sticker_in(scheme: Scheme, face: Face) -> Rgb {
    shade(scheme.colour(face))
}

/// The shade a colour's stickers are painted in.
pub fn shade(colour: Colour) -> Rgb {
    match colour {
        Colour::White => Rgb(0xff, 0xff, 0xff),
        Colour::Blue => Rgb(0x00, 0x46, 0xad),
        Colour::Red => Rgb(0xc4, 0x1e, 0x3a),
        Colour::Orange => Rgb(0xff, 0x58, 0x00),
        Colour::Green => Rgb(0x00, 0x9b, 0x48),
        Colour::Yellow => Rgb(0xff, 0xd5, 0x00),
    }
}

/// A sticker greyed out by a selection (`--only`): it is there, but not looked at.
pub const GREY: Rgb = Rgb(0x6e, 0x6e, 0x6e);

/// The cube's black plastic, seen between the stickers.
pub const PLASTIC: Rgb = Rgb(0x1c, 0x1c, 0x1c);

/// Sticker borders and text.
pub const INK: Rgb = Rgb(0x14, 0x14, 0x14);

/// Arrows' outline, so that they stand out on dark and light stickers alike.
pub const HALO: Rgb = Rgb(0xff, 0xff, 0xff);

/// Page background.
pub const PAPER: Rgb = Rgb(0xff, 0xff, 0xff);

/// Secondary text and frames.
pub const MUTED: Rgb = Rgb(0x70, 0x70, 0x70);
