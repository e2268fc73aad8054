//! The colours the pictures are painted in: the project's scheme (up white, down blue, back
//! red, front orange, left green, right yellow) in the shades of a real cube's stickers.

use crate::turn::face::Face;

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

/// The sticker colour of a face's colour (the shades of the standard scheme's plastic).
///
/// ```
/// use cubework::draw::colour::sticker;
/// use cubework::Face;
/// assert_eq!(sticker(Face::U).hex(), "#ffffff");
/// assert_eq!(sticker(Face::F).hex(), "#ff5800");
/// ```
pub fn sticker(face: Face) -> Rgb {
    match face {
        Face::U => Rgb(0xff, 0xff, 0xff), // white
        Face::D => Rgb(0x00, 0x46, 0xad), // blue
        Face::B => Rgb(0xc4, 0x1e, 0x3a), // red
        Face::F => Rgb(0xff, 0x58, 0x00), // orange
        Face::L => Rgb(0x00, 0x9b, 0x48), // green
        Face::R => Rgb(0xff, 0xd5, 0x00), // yellow
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
