//! Pictures: the cube in colour and in perspective, the representations in their own layouts,
//! and the measurements as charts — the paper's closing wish for "a function to display the
//! cube perspicuously … in actual colors … and perhaps perspective drawing with controls for
//! alternative viewing angles or selective display of portions of the cube".
//!
//! - [`draw`] makes one picture of a [`Cube`] as a [`Picture`] asks: the 3-D view
//!   ([`perspective`]: a [`Camera`] on a sphere around the cube, hidden faces culled, painted
//!   far to near, with an optional view from behind so that all 6N² stickers show), the net
//!   ([`net`]), or a representation's own layout ([`rep`]); stickers outside a selection
//!   ([`Only`]) greyed; arrows ([`arrows`]) from where each piece a sequence moves is to where
//!   it goes. As SVG, or as a self-contained HTML page ([`html`]) whose 3-D view turns with
//!   sliders or the mouse and whose buttons make moves.
//! - [`chart`] draws the measurements with `plotters`: the representations' speeds, the
//!   2×2×2's distance distribution, a sequence's cycle lengths.
//!
//! Everything is written as text by a small escaped SVG writer ([`svg`]); nothing needs fonts
//! or a display, so the pictures are made the same on a headless machine. A file named `.png`
//! gets the same SVG rendered by resvg ([`png`]), its text in the fonts the machine has.
//!
//! ```
//! use cubework::draw::{draw, Picture, ViewKind};
//! use cubework::{Cube, Notation, parse_moves};
//! let mut cube = Cube::solved();
//! cube.apply_all(&parse_moves("R U R' U'", Notation::Standard).unwrap()).unwrap();
//! let svg = draw(&cube, &Picture::default()).unwrap(); // 3-D, from the up-front-right corner
//! assert!(svg.starts_with("<svg"));
//! let net = draw(&cube, &Picture { view: ViewKind::Net, ..Picture::default() }).unwrap();
//! assert!(net.contains("face-U"));
//! ```

pub mod arrows;
pub mod chart;
pub mod colour;
pub mod html;
pub mod net;
pub mod only;
pub mod perspective;
pub mod rep;
pub mod svg;

use std::fmt;
use std::path::Path;
use std::str::FromStr;

pub use only::Only;
pub use perspective::Camera;

use crate::answer::error::{Error, Result};
use crate::rep::{RepKind, WrongSize};
use crate::state::cube::Cube;
use crate::turn::moves::{Move, MoveError};
use svg::{Anchor, Style, Svg};

/// What cannot be drawn as asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DrawError {
    /// An angle or distance outside its range.
    #[error("{what} {} is out of range ({lo} to {hi} {unit})", shown(.value))]
    OutOfRange {
        /// Which setting.
        what: &'static str,
        /// The value given.
        value: f64,
        /// Smallest allowed.
        lo: f64,
        /// Largest allowed.
        hi: f64,
        /// Its unit.
        unit: &'static str,
    },
    /// A view name that is not one of the three.
    #[error("unknown view '{}' (expected 3d, net or rep)", crate::base::text::echo(.0))]
    UnknownView(String),
    /// A picture format that is not one of the two.
    #[error("unknown picture format '{}' (expected svg or html)", crate::base::text::echo(.0))]
    UnknownFormat(String),
    /// A selection that names nothing.
    #[error(
        "--only {text}: {why} (expected corners, edges, centres, or a layer such as U, 2R or E)"
    )]
    Only {
        /// What was given.
        text: String,
        /// Why it is not a selection.
        why: String,
    },
    /// An option the chosen view does not draw.
    #[error("{}", .0.in_words(Words::Cli))]
    NotInView(NotInView),
    /// A representation asked to draw another size of cube.
    #[error(transparent)]
    WrongSize(#[from] WrongSize),
    /// Arrows for a sequence that cannot be made on this cube.
    #[error("--arrows: {0}")]
    Move(#[from] MoveError),
    /// A chart that plotters could not draw.
    #[error("chart: {0}")]
    Chart(String),
    /// A picture that could not be rendered as PNG.
    #[error("cannot make the PNG image: {0}")]
    Png(String),
}

/// Whose words a message uses for the options it names: the command line's flags
/// (`--back`, `--view 3d`) or the REPL's words (`back`, `3d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// `cubework draw`'s flags.
    Cli,
    /// The REPL's `draw FILE …` words.
    Repl,
}

/// An option the chosen view or format does not draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotInView {
    /// The view from behind asked for a view other than the 3-D one.
    Back,
    /// The HTML page asked for a view other than the 3-D one.
    HtmlView,
    /// Arrows asked for on the HTML page.
    HtmlArrows,
    /// A selection or arrows asked for on a representation's layout.
    RepMarks,
    /// A representation's layout asked for on a cube other than the 3×3×3.
    RepSize {
        /// The size of the cube.
        n: usize,
        /// The representation.
        kind: RepKind,
    },
}

impl NotInView {
    /// The message, naming the options in `words`.
    ///
    /// ```
    /// use cubework::draw::{NotInView, Words};
    /// assert!(NotInView::Back.in_words(Words::Cli).starts_with("--back"));
    /// assert!(NotInView::Back.in_words(Words::Repl).starts_with("back"));
    /// assert!(!NotInView::HtmlView.in_words(Words::Repl).contains("--"));
    /// ```
    pub fn in_words(&self, words: Words) -> String {
        let cli = words == Words::Cli;
        let pick = |c: &'static str, r: &'static str| if cli { c } else { r };
        match self {
            NotInView::Back => format!(
                "{} adds the view from behind to the 3-D view ({})",
                pick("--back", "back"),
                pick("--view 3d", "3d")
            ),
            NotInView::HtmlView => format!(
                "{} draws the 3-D view ({})",
                pick("--format html", "an .html page"),
                pick("--view 3d", "3d")
            ),
            NotInView::HtmlArrows => format!(
                "{} are drawn in SVG pictures, not on the HTML page",
                pick("--arrows", "arrows")
            ),
            NotInView::RepMarks => format!(
                "{} draw on the 3d and net views, not on rep",
                pick("--only and --arrows", "only and arrows")
            ),
            NotInView::RepSize { n, kind } => {
                let other = if cli {
                    format!("`cubework apply --size {n} --rep {kind}`")
                } else {
                    format!("`rep {kind}` then `show`")
                };
                format!(
                    "the rep view draws the paper's 3×3×3 arrays; {other} shows the {n}×{n}×{n} one"
                )
            }
        }
    }
}

impl DrawError {
    /// The message, naming options in `words`: [`Words::Cli`] is the error's `Display`;
    /// the REPL uses [`Words::Repl`].
    pub fn in_words(&self, words: Words) -> String {
        match (self, words) {
            (DrawError::NotInView(what), _) => what.in_words(words),
            (DrawError::Only { text, why }, Words::Repl) => format!(
                "only {text}: {why} (expected corners, edges, centres, or a layer such as U, 2R or E)"
            ),
            (DrawError::Move(e), Words::Repl) => format!("arrows: {e}"),
            _ => self.to_string(),
        }
    }
}

/// A number the user gave, as an error echoes it (see [`crate::base::text::echo_number`]).
fn shown(value: &f64) -> String {
    crate::base::text::echo_number(*value)
}

/// A drawing error is bad input (status 2): a cube of the wrong size keeps its own kind,
/// everything else is a usage error with the same one-line message.
impl From<DrawError> for Error {
    fn from(e: DrawError) -> Error {
        match e {
            DrawError::WrongSize(w) => Error::WrongSize(w),
            other => Error::Usage(other.to_string()),
        }
    }
}

/// Which picture of the cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ViewKind {
    /// A perspective drawing seen from a corner.
    #[default]
    #[cfg_attr(feature = "cli", value(name = "3d"))]
    ThreeD,
    /// The unfolded net.
    Net,
    /// The current representation's own layout.
    Rep,
}

impl FromStr for ViewKind {
    type Err = DrawError;
    fn from_str(s: &str) -> Result<ViewKind, DrawError> {
        match s.trim().to_lowercase().as_str() {
            "3d" | "3-d" => Ok(ViewKind::ThreeD),
            "net" => Ok(ViewKind::Net),
            "rep" => Ok(ViewKind::Rep),
            other => Err(DrawError::UnknownView(other.to_string())),
        }
    }
}

impl fmt::Display for ViewKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ViewKind::ThreeD => "3d",
            ViewKind::Net => "net",
            ViewKind::Rep => "rep",
        })
    }
}

/// The file a picture is written as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum PictureFormat {
    /// An SVG image.
    #[default]
    Svg,
    /// A self-contained HTML page with the 3-D view, its controls and move buttons.
    Html,
}

impl FromStr for PictureFormat {
    type Err = DrawError;
    fn from_str(s: &str) -> Result<PictureFormat, DrawError> {
        match s.trim().to_lowercase().as_str() {
            "svg" => Ok(PictureFormat::Svg),
            "html" => Ok(PictureFormat::Html),
            other => Err(DrawError::UnknownFormat(other.to_string())),
        }
    }
}

impl PictureFormat {
    /// The format a file name asks for: `.html`/`.htm` is HTML, anything else SVG.
    ///
    /// ```
    /// use cubework::draw::PictureFormat;
    /// assert_eq!(PictureFormat::from_path("cube.html"), PictureFormat::Html);
    /// assert_eq!(PictureFormat::from_path("cube.svg"), PictureFormat::Svg);
    /// ```
    pub fn from_path(path: &str) -> PictureFormat {
        let lower = path.to_lowercase();
        if lower.ends_with(".html") || lower.ends_with(".htm") {
            PictureFormat::Html
        } else {
            PictureFormat::Svg
        }
    }
}

/// What to draw, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// 3-D, net or representation.
    pub view: ViewKind,
    /// The representation drawn by [`ViewKind::Rep`].
    pub rep: RepKind,
    /// Where the 3-D view is seen from.
    pub camera: Camera,
    /// Add the view from behind (3-D only), so that every sticker is seen.
    pub back: bool,
    /// Grey out every sticker outside this selection.
    pub only: Option<Only>,
    /// Arrows showing where this sequence takes the pieces.
    pub arrows: Option<Vec<Move>>,
    /// SVG, or an HTML page.
    pub format: PictureFormat,
    /// A line under the picture (e.g. the moves made); none when empty. Also its title.
    pub caption: String,
    /// The colours the stickers are painted in.
    pub scheme: crate::turn::face::Scheme,
    /// The sequence a page plays (setup, then moves, from a start): the page opens at its end,
    /// which is the cube drawn. `None`: the page starts from the cube drawn, with no moves.
    pub timeline: Option<Timeline>,
}

/// What a page plays: from `start`, the `setup` then the `moves` (as twisty player does).
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// The state before the setup.
    pub start: Cube,
    /// The setup moves, in standard notation.
    pub setup: Vec<Move>,
    /// The moves, in standard notation.
    pub moves: Vec<Move>,
}

impl Default for Picture {
    fn default() -> Picture {
        Picture {
            view: ViewKind::ThreeD,
            rep: RepKind::Vector,
            camera: Camera::default(),
            back: false,
            only: None,
            arrows: None,
            format: PictureFormat::Svg,
            caption: String::new(),
            scheme: crate::turn::face::Scheme::Paper,
            timeline: None,
        }
    }
}

/// Side of the 3-D view's square.
pub const VIEW: f64 = 420.0;
/// Side of the view from behind.
pub const BACK_VIEW: f64 = 190.0;
/// Height of the caption's first line.
const CAPTION: f64 = 26.0;
/// Height of each further line of the caption.
const CAPTION_LINE: f64 = 17.0;
/// Size of the caption's text.
pub const CAPTION_SIZE: f64 = 13.0;
/// The caption's margin at each side.
const CAPTION_MARGIN: f64 = 10.0;

/// Draws `cube` as `picture` asks: SVG text, or an HTML page.
pub fn draw(cube: &Cube, picture: &Picture) -> Result<String, DrawError> {
    draw_with(cube, picture, None)
}

/// As [`draw`], but the rep view draws the array of `user`, a representation of one's own
/// (`picture.rep` is not drawn).
pub fn draw_user(
    cube: &Cube,
    picture: &Picture,
    user: &crate::rep::user::UserRep,
) -> Result<String, DrawError> {
    draw_with(cube, picture, Some(user))
}

fn draw_with(
    cube: &Cube,
    picture: &Picture,
    user: Option<&crate::rep::user::UserRep>,
) -> Result<String, DrawError> {
    let not_here = |what: NotInView| Err(DrawError::NotInView(what));
    if picture.back && picture.view != ViewKind::ThreeD {
        return not_here(NotInView::Back);
    }
    if picture.format == PictureFormat::Html {
        if picture.view != ViewKind::ThreeD {
            return not_here(NotInView::HtmlView);
        }
        if picture.arrows.is_some() {
            return not_here(NotInView::HtmlArrows);
        }
        return Ok(html::page(cube, picture));
    }
    if picture.view == ViewKind::Rep {
        if picture.only.is_some() || picture.arrows.is_some() {
            return not_here(NotInView::RepMarks);
        }
        return match user {
            Some(user) => rep::draw_user(user, cube, picture.scheme),
            None => rep::draw_rep(picture.rep, cube, picture.scheme),
        };
    }
    let n = cube.size();
    let kept = Only::mask(picture.only.as_ref(), n);
    let pieces = match &picture.arrows {
        Some(moves) => arrows::moved_pieces(n, moves)?,
        None => Vec::new(),
    };
    let caption = picture.caption.trim();
    let title = if caption.is_empty() {
        format!("{n}×{n}×{n} cube")
    } else {
        format!("{n}×{n}×{n} cube: {caption}")
    };
    let svg = match picture.view {
        ViewKind::Net => {
            let (w, h) = net::NetLayout::new(n).size();
            let mut svg = page(w, h + caption_height(caption, w), &title);
            net::draw_net(&mut svg, cube, (0.0, 0.0), &kept, &pieces, picture.scheme);
            caption_line(&mut svg, (w, h), caption);
            svg
        }
        _ => {
            let width = if picture.back { VIEW + BACK_VIEW } else { VIEW };
            let mut svg = page(width, VIEW + caption_height(caption, width), &title);
            for (i, view) in views(picture).iter().enumerate() {
                if i == 0 {
                    svg.open_group("view");
                } else {
                    svg.open_group("from-behind");
                    let (x, y) = view.frame.0;
                    svg.rect(
                        (x - 8.0, y - 20.0),
                        (BACK_VIEW, BACK_VIEW),
                        8.0,
                        &Style::fill("#f4f4f4").stroke("#d0d0d0", 1.0),
                    );
                    svg.text(
                        (x - 8.0 + BACK_VIEW / 2.0, y - 4.0),
                        "from behind",
                        11.0,
                        Anchor::Middle,
                        &Style::fill(&colour::MUTED.hex()),
                    );
                }
                perspective::draw_view(
                    &mut svg,
                    cube,
                    &view.camera,
                    view.frame,
                    &kept,
                    &pieces,
                    picture.scheme,
                );
                svg.close_group();
            }
            caption_line(&mut svg, (width, VIEW), caption);
            svg
        }
    };
    Ok(svg.finish())
}

/// One perspective view in a 3-D picture: the camera, and the box (top-left corner, size)
/// the cube is fitted into (see [`perspective::Frame::fit`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerspectiveView {
    /// Where the cube is seen from.
    pub camera: Camera,
    /// The box on the page.
    pub frame: (svg::Point, (f64, f64)),
}

/// The views a 3-D picture is made of: the main one, filling a [`VIEW`]-sided square, and
/// with `back` the view from behind ([`Camera::behind`]) in a smaller square at its lower right.
///
/// ```
/// use cubework::draw::{views, Picture};
/// assert_eq!(views(&Picture::default()).len(), 1);
/// assert_eq!(views(&Picture { back: true, ..Picture::default() }).len(), 2);
/// ```
pub fn views(picture: &Picture) -> Vec<PerspectiveView> {
    let mut out = vec![PerspectiveView {
        camera: picture.camera,
        frame: ((0.0, 0.0), (VIEW, VIEW)),
    }];
    if picture.back {
        let (x, y) = (VIEW - 6.0, VIEW - BACK_VIEW - 6.0);
        out.push(PerspectiveView {
            camera: picture.camera.behind(),
            frame: ((x + 8.0, y + 20.0), (BACK_VIEW - 16.0, BACK_VIEW - 26.0)),
        });
    }
    out
}

/// The colour sticker `index` is painted: its own, or grey when not `kept`.
fn paint_with<'a>(
    cube: &'a Cube,
    kept: &'a [bool],
    scheme: crate::turn::face::Scheme,
) -> impl Fn(usize) -> colour::Rgb + 'a {
    move |index| match kept.get(index) {
        Some(true) => colour::sticker_in(scheme, cube.stickers()[index]),
        _ => colour::GREY,
    }
}

/// A white page.
pub(crate) fn page(width: f64, height: f64, title: &str) -> Svg {
    let mut svg = Svg::new(width, height, title);
    svg.rect(
        (0.0, 0.0),
        (width, height),
        0.0,
        &Style::fill(&colour::PAPER.hex()),
    );
    svg
}

/// The caption broken into lines, at spaces, that fit a picture `width` wide: a line holds
/// as many characters as fit at 0.62 em each, more than the average width of the characters
/// of moves (capitals, digits, primes, spaces) in the fonts named ([`svg::FONT_FAMILIES`]). A
/// word longer than a line is cut into pieces that fit.
///
/// ```
/// use cubework::draw::caption_lines;
/// assert_eq!(caption_lines("R U R' U'", 420.0), vec!["R U R' U'"]);
/// let long = "R U R' U' R' F R2 U' R' U' R U R' F' · arrows: R U R' U' R' F R2 U' R' U' R U R' F'";
/// let lines = caption_lines(long, 420.0);
/// assert!(lines.len() > 1);
/// assert_eq!(lines.join(" "), long);
/// assert!(caption_lines(&"Q".repeat(200), 420.0).iter().all(|l| l.chars().count() < 60));
/// ```
pub fn caption_lines(caption: &str, width: f64) -> Vec<String> {
    let fit = (((width - 2.0 * CAPTION_MARGIN) / (0.62 * CAPTION_SIZE)).floor() as usize).max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in caption.split_whitespace() {
        let word: Vec<char> = word.chars().collect();
        for piece in word.chunks(fit) {
            let piece: String = piece.iter().collect();
            let len = line.chars().count();
            if len > 0 && len + 1 + piece.chars().count() > fit {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&piece);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The height the caption takes under a picture `width` wide (none without a caption).
fn caption_height(caption: &str, width: f64) -> f64 {
    match caption_lines(caption, width).len() {
        0 => 0.0,
        lines => CAPTION + CAPTION_LINE * (lines - 1) as f64,
    }
}

/// The caption, centred under a picture of `size`, in as many lines as it needs to fit.
fn caption_line(svg: &mut Svg, size: (f64, f64), caption: &str) {
    for (i, line) in caption_lines(caption, size.0).iter().enumerate() {
        svg.text(
            (size.0 / 2.0, size.1 + 14.0 + CAPTION_LINE * i as f64),
            line,
            CAPTION_SIZE,
            Anchor::Middle,
            &Style::fill(&colour::INK.hex()),
        );
    }
}

/// Draws `cube` as `picture` asks and writes it to `path`; returns the line to show: what
/// was written, or, when `path` is `-`, the picture itself (for standard output).
pub fn save(cube: &Cube, picture: &Picture, path: &Path) -> Result<String> {
    let text = draw(cube, picture)?;
    save_drawn(&text, picture, cube.size(), path)
}

/// Writes `text`, the picture [`draw`] made of an `n`-cube as `picture` asked, to `path`, as
/// [`save`] does (for a caller that draws first, to word the drawing's errors itself).
pub fn save_drawn(text: &str, picture: &Picture, n: usize, path: &Path) -> Result<String> {
    save_drawn_as(text, &describe(picture, n), path)
}

/// As [`save_drawn`], with what the picture shows in words (see [`describe`]).
pub fn save_drawn_as(text: &str, what: &str, path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        return Ok(text.trim_end().to_string());
    }
    let bytes = write_picture(path, text)?;
    Ok(wrote(path, what, bytes))
}

/// Writes a chart (or any picture) to `path`; `-` is refused, since the command's own answer
/// goes to standard output.
pub fn save_chart(path: &Path, text: &str, what: &str) -> Result<String> {
    if path.as_os_str() == "-" {
        return Err(Error::Usage(
            "--plot needs a file name (standard output carries the command's answer)".into(),
        ));
    }
    let bytes = write_picture(path, text)?;
    Ok(wrote(path, what, bytes))
}

/// Whether a file name asks for a PNG image (`.png`, in any case).
///
/// ```
/// use std::path::Path;
/// assert!(cubework::draw::is_png(Path::new("cube.PNG")));
/// assert!(!cubework::draw::is_png(Path::new("cube.svg")));
/// ```
pub fn is_png(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Writes a picture (or chart), SVG or HTML text, to the file `path`: as it is, or, for a
/// `.png` name, the SVG rendered to PNG ([`png`]). Returns the number of bytes written.
///
/// Only a regular file (new or old) or a terminal is written: anything else, such as a FIFO
/// that would wait for a reader for ever, a directory or a device, is refused before it is
/// opened, as the cache refuses it ([`crate::base::table_cache::special_file`]).
///
/// # Errors
/// [`Error::Write`], naming the file, when it cannot be written (exit status 1: the
/// environment refused, as for any output that cannot be written); a usage error for an HTML
/// page given a `.png` name, or any picture given an image name other than `.png` or `.svg`
/// (`.jpg`, `.gif`, …).
pub fn write_picture(path: &Path, text: &str) -> Result<usize> {
    let write_error = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let terminal = is_terminal(path);
    if let Some(kind) = crate::base::table_cache::special_file(path)
        && !terminal
    {
        return Err(write_error(std::io::Error::other(format!(
            "it is {kind}; pictures are written to regular files or a terminal"
        ))));
    }
    refuse_other_image(path)?;
    let bytes = if is_png(path) {
        png(text)?
    } else {
        text.as_bytes().to_vec()
    };
    // A file is written whole or not at all, as every file the workbench writes; a terminal
    // is written to.
    if terminal {
        std::fs::write(path, &bytes)
    } else {
        crate::base::table_cache::write_atomic(path, &bytes)
    }
    .map_err(write_error)?;
    Ok(bytes.len())
}

/// The image kinds a name may ask for that are not written (SVG text under such a name would
/// be mislabelled): refused, so that the name and the contents always agree.
const OTHER_IMAGES: [&str; 12] = [
    "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "avif", "heic", "pdf", "eps", "ps",
];

/// A usage error when `path` names an image kind other than PNG or SVG (`.jpg`, `.gif`, …).
fn refuse_other_image(path: &Path) -> Result<()> {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return Ok(());
    };
    if OTHER_IMAGES.iter().any(|o| ext.eq_ignore_ascii_case(o)) {
        return Err(Error::Usage(format!(
            "a .{} name asks for an image kind not written here: name it .svg, .png or .html",
            crate::base::text::echo(ext)
        )));
    }
    Ok(())
}

/// Whether `path` is a terminal: a character device (nothing else is opened, since opening a
/// FIFO waits for a reader), opened for writing to find out.
fn is_terminal(path: &Path) -> bool {
    use std::io::IsTerminal;
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if !std::fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device()) {
            return false;
        }
    }
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .is_ok_and(|f| f.is_terminal())
}

/// An SVG picture or chart rendered by resvg as a PNG image, its text set in the fonts the
/// machine has (see [`svg::FONT_FAMILIES`]).
///
/// ```
/// let svg = cubework::draw::draw(&cubework::Cube::solved(), &Default::default()).unwrap();
/// assert!(cubework::draw::png(&svg).unwrap().starts_with(b"\x89PNG"));
/// ```
///
/// # Errors
/// A usage error when `text` is not an SVG picture (an HTML page cannot be a PNG).
pub fn png(text: &str) -> Result<Vec<u8>> {
    if !text.starts_with("<svg") {
        return Err(Error::Usage(
            "a .png name takes a picture or chart, not the HTML page (name it .html)".into(),
        ));
    }
    png_of_svg(text)
}

/// The browser's build leaves resvg (its rasteriser, text shaping and fonts) out: the page
/// draws its pictures as SVG.
#[cfg(target_arch = "wasm32")]
fn png_of_svg(_: &str) -> Result<Vec<u8>> {
    Err(
        DrawError::Png("the page draws SVG; PNG images are made by the installed cubework".into())
            .into(),
    )
}

#[cfg(not(target_arch = "wasm32"))]
fn png_of_svg(text: &str) -> Result<Vec<u8>> {
    let fail = |e: &dyn fmt::Display| DrawError::Png(e.to_string());
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(text, &options).map_err(|e| fail(&e))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| fail(&"the picture has no area"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap.encode_png().map_err(|e| fail(&e))?)
}

/// One line saying what was written: `wrote cube.svg (3-D view of the 3×3×3, 14 kB)`, the
/// file name escaped and cut as messages show names ([`crate::base::text::echo_path`]).
///
/// ```
/// use std::path::Path;
/// assert_eq!(cubework::draw::wrote(Path::new("c.svg"), "net", 900), "wrote c.svg (net, 900 bytes)");
/// assert_eq!(cubework::draw::wrote(Path::new("c\n.svg"), "net", 14_200), "wrote c\\n.svg (net, 14 kB)");
/// ```
pub fn wrote(path: &Path, what: &str, bytes: usize) -> String {
    let size = if bytes >= 10_000 {
        format!("{} kB", (bytes + 500) / 1000)
    } else {
        format!("{bytes} bytes")
    };
    format!(
        "wrote {} ({what}, {size})",
        crate::base::text::echo_path(path)
    )
}

/// What a picture shows, in words, for [`wrote`].
pub fn describe(picture: &Picture, n: usize) -> String {
    let mut what = match (picture.format, picture.view) {
        (PictureFormat::Html, _) => format!("HTML page with the 3-D view of the {n}×{n}×{n}"),
        (_, ViewKind::ThreeD) => format!(
            "3-D view of the {n}×{n}×{n} from yaw {} pitch {}",
            picture.camera.yaw(),
            picture.camera.pitch()
        ),
        (_, ViewKind::Net) => format!("net of the {n}×{n}×{n}"),
        (_, ViewKind::Rep) => format!("the {} representation", picture.rep.name()),
    };
    if picture.back {
        what.push_str(", and from behind");
    }
    if let Some(only) = &picture.only {
        what.push_str(&format!(", only {only} in colour"));
    }
    if picture.arrows.is_some() {
        what.push_str(", with arrows");
    }
    what
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With `--back`, the two views together show every sticker once, for every size, from
    /// the default corner and others.
    #[test]
    fn back_view_completes_the_picture() {
        for n in 2..=9 {
            let cube = Cube::solved_n(n);
            let kept = vec![true; 6 * n * n];
            for (yaw, pitch) in [(35.0, 30.0), (200.0, -30.0), (-60.0, 45.0), (120.0, 20.0)] {
                let picture = Picture {
                    camera: Camera::new(yaw, pitch, 4.0).unwrap(),
                    back: true,
                    ..Picture::default()
                };
                let mut svg = Svg::new(10.0, 10.0, "t");
                let mut seen: Vec<usize> = views(&picture)
                    .iter()
                    .flat_map(|v| {
                        perspective::draw_view(
                            &mut svg,
                            &cube,
                            &v.camera,
                            v.frame,
                            &kept,
                            &[],
                            picture.scheme,
                        )
                    })
                    .map(|s| s.index)
                    .collect();
                seen.sort();
                assert_eq!(
                    seen,
                    (0..6 * n * n).collect::<Vec<_>>(),
                    "n {n} {yaw} {pitch}"
                );
            }
        }
    }

    #[test]
    fn options_a_view_does_not_draw_are_refused() {
        let cube = Cube::solved();
        let refuse = |p: Picture| draw(&cube, &p).unwrap_err().to_string();
        let net = Picture {
            view: ViewKind::Net,
            ..Picture::default()
        };
        assert!(
            refuse(Picture {
                back: true,
                ..net.clone()
            })
            .contains("--back")
        );
        let rep = Picture {
            view: ViewKind::Rep,
            only: Some(Only::Corners),
            ..Picture::default()
        };
        assert!(refuse(rep).contains("--only"));
        let html_net = Picture {
            format: PictureFormat::Html,
            ..net
        };
        assert!(refuse(html_net).contains("--format html"));
        let big_rep = Picture {
            view: ViewKind::Rep,
            ..Picture::default()
        };
        assert!(draw(&Cube::solved_n(4), &big_rep).is_err());
    }
}
