//! The picture family: `draw` (a picture of the session's cube, to a file) and `view` (the
//! angle it is seen from): their REPL words, their runs, and drawing errors said in the words
//! of the front end they came from.

use super::unit::{
    COLOURS_ARG, CommandDef, FROM_ARG, NOTATION_OPT, REP_OPT, Surface, Value, both, cli, ex, flag,
    opt, repl, words,
};
use std::path::PathBuf;

use super::words::{Line, need_alg};
use super::{Front, Reply, Session, usage};
use crate::answer::error::{Error, Result};
use crate::base::text::echo;
use crate::draw::html::PAGE_MOVES;
use crate::draw::{Camera, DrawError, Only, Picture, PictureFormat, ViewKind, Words};
use crate::rep::RepKind;
use crate::sequence::alg::Alg;

/// What the session holds for the picture family: where `draw` sees the cube from.
#[derive(Default)]
pub(crate) struct PictureState {
    camera: Camera,
}

impl PictureState {
    /// Where `draw` sees the cube from (set by `view`).
    pub(super) fn camera(&self) -> Camera {
        self.camera
    }
}

/// What is asked of the picture family.
#[derive(Clone, Debug, PartialEq)]
pub enum PictureRequest {
    /// A picture of the cube.
    Draw(DrawRequest),
    /// Set (or, all `None`, say) the angle `draw` sees from.
    View {
        /// Yaw.
        yaw: Option<f64>,
        /// Pitch.
        pitch: Option<f64>,
        /// Distance.
        distance: Option<f64>,
    },
}

/// `draw`: a picture of the session's cube.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawRequest {
    /// The file (`-`: standard output).
    pub output: PathBuf,
    /// 3-D, net or a representation's layout (default: 3-D, or rep with `rep`).
    pub view: Option<ViewKind>,
    /// The representation the rep view draws (default: the session's).
    pub rep: Option<RepKind>,
    /// Degrees round the vertical axis (default: the session's view).
    pub yaw: Option<f64>,
    /// Degrees above the horizon.
    pub pitch: Option<f64>,
    /// Distance in cube edges.
    pub distance: Option<f64>,
    /// Add the view from behind.
    pub back: bool,
    /// Colour only these stickers.
    pub only: Option<Only>,
    /// Arrows for this sequence.
    pub arrows: Option<Alg>,
    /// SVG or HTML (default: from the file name).
    pub format: Option<PictureFormat>,
    /// How many of the first moves since the session's start are a setup (a page plays
    /// them as its setup; `--from-url`).
    pub setup_moves: usize,
}

/// `view [yaw Y] [pitch P] [distance D]`.
fn view_words(rest: &str) -> Result<PictureRequest> {
    let mut words = rest.split_whitespace();
    let mut angles = CameraWords::default();
    while let Some(word) = words.next() {
        if !angles.take(word, &mut words)? {
            return Err(usage(&format!(
                "view {}? (view [yaw Y] [pitch P] [distance D])",
                echo(word)
            )));
        }
    }
    Ok(PictureRequest::View {
        yaw: angles.yaw,
        pitch: angles.pitch,
        distance: angles.distance,
    })
}

/// `draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]`
/// (`arrows` takes the rest of the line).
fn draw_words(line: &Line) -> Result<DrawRequest> {
    let mut words = line.rest.split_whitespace();
    let file = words.next().ok_or_else(|| {
        usage("draw needs a file: draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back]")
    })?;
    let mut request = DrawRequest {
        output: file.into(),
        ..DrawRequest::default()
    };
    let mut angles = CameraWords::default();
    while let Some(word) = words.next() {
        if angles.take(word, &mut words)? {
            continue;
        }
        match word.to_lowercase().as_str() {
            "back" => request.back = true,
            "only" => {
                let what = words
                    .next()
                    .ok_or_else(|| usage("only needs corners, edges, centres or a layer"))?;
                request.only = Some(
                    Only::parse(what, line.size, line.notation)
                        .map_err(|e| only_in_repl(e, what, line.notation))?,
                );
            }
            "arrows" => {
                let text = words.by_ref().collect::<Vec<_>>().join(" ");
                let alg = Alg::parse(need_alg(&text)?, line.notation)
                    .map_err(|e| usage(&format!("arrows: {}", e.in_repl())))?;
                request.arrows = Some(alg);
            }
            other => request.view = Some(other.parse::<ViewKind>()?),
        }
    }
    (request.yaw, request.pitch, request.distance) = (angles.yaw, angles.pitch, angles.distance);
    Ok(request)
}

/// A drawing error as the REPL says it: options named by the REPL's words (`back`, `3d`),
/// not the command line's flags; a cube of the wrong size keeps its own kind.
pub(super) fn in_repl_words(e: DrawError) -> Error {
    match e {
        DrawError::WrongSize(_) => e.into(),
        other => usage(&other.in_words(Words::Repl)),
    }
}

/// `only WHAT`'s error in the REPL's words: a move that does not read gives the REPL's
/// hint (`notation paper`, not the command line's `--notation paper`).
fn only_in_repl(e: DrawError, what: &str, notation: crate::turn::notation::Notation) -> Error {
    match (&e, crate::sequence::parser::parse_moves(what, notation)) {
        (DrawError::Only { text, .. }, Err(parse)) => in_repl_words(DrawError::Only {
            text: text.clone(),
            why: parse.in_repl().to_string(),
        }),
        _ => in_repl_words(e),
    }
}

/// `yaw Y`, `pitch P` and `distance D` read from a line's words.
#[derive(Default)]
struct CameraWords {
    yaw: Option<f64>,
    pitch: Option<f64>,
    distance: Option<f64>,
}

impl CameraWords {
    /// Takes `word` and its value from `rest` if it is one of the three; false otherwise.
    fn take<'a>(&mut self, word: &str, rest: &mut impl Iterator<Item = &'a str>) -> Result<bool> {
        let name = word.to_lowercase();
        let slot = match name.as_str() {
            "yaw" => &mut self.yaw,
            "pitch" => &mut self.pitch,
            "distance" => &mut self.distance,
            _ => return Ok(false),
        };
        let value = rest
            .next()
            .ok_or_else(|| usage(&format!("{name} needs a number")))?;
        *slot = Some(
            value
                .parse()
                .map_err(|_| usage(&format!("{name} '{}' is not a number", echo(value))))?,
        );
        Ok(true)
    }
}

/// Runs `draw` and `view`.
pub(super) fn run(session: &mut Session, request: PictureRequest, front: Front) -> Result<Reply> {
    match request {
        PictureRequest::Draw(request) => {
            super::words::refuse_to_replace(&request.output, "draw")?;
            draw(session, request, front).map(Reply::text)
        }
        PictureRequest::View {
            yaw,
            pitch,
            distance,
        } => view(session, yaw, pitch, distance),
    }
}

/// `view`: the angle `draw` sees from set where given, and said.
fn view(
    session: &mut Session,
    yaw: Option<f64>,
    pitch: Option<f64>,
    distance: Option<f64>,
) -> Result<Reply> {
    let c = session.camera();
    session.picture_state().camera = Camera::new(
        yaw.unwrap_or(c.yaw()),
        pitch.unwrap_or(c.pitch()),
        distance.unwrap_or(c.distance()),
    )?;
    let c = session.camera();
    Ok(Reply::text(format!(
        "view: yaw {} pitch {} distance {}",
        c.yaw(),
        c.pitch(),
        c.distance()
    )))
}

/// What a page plays: the session's moves from its start (the setup first), when every kept
/// change is moves (a load or reset starts afresh) and there are at most [`PAGE_MOVES`].
fn timeline(session: &Session, setup: usize) -> Option<crate::draw::Timeline> {
    let (start, changes) = session.kept_moves();
    let changes = changes?;
    if changes.iter().map(|a| a.expanded_len()).sum::<u64>() > PAGE_MOVES {
        return None;
    }
    let mut moves: Vec<crate::turn::moves::Move> = changes
        .iter()
        .flat_map(|a| a.expand())
        .map(|m| m.to_standard())
        .collect();
    let rest = moves.split_off(setup.min(moves.len()));
    Some(crate::draw::Timeline {
        start: start.clone(),
        setup: moves,
        moves: rest,
    })
}

/// `draw`: the session's cube, from the session's view unless the request says otherwise;
/// its errors in the words of the front end that asked.
fn draw(session: &Session, request: DrawRequest, front: Front) -> Result<String> {
    let c = session.camera();
    let camera = Camera::new(
        request.yaw.unwrap_or(c.yaw()),
        request.pitch.unwrap_or(c.pitch()),
        request.distance.unwrap_or(c.distance()),
    )?;
    let mut caption = vec![session.caption().to_string()];
    if let Some(o) = &request.only {
        caption.push(format!("only {o}"));
    }
    if let Some(alg) = &request.arrows {
        caption.push(format!("arrows: {alg}"));
    }
    let picture = Picture {
        view: request.view.unwrap_or(if request.rep.is_some() {
            ViewKind::Rep
        } else {
            ViewKind::ThreeD
        }),
        rep: request.rep.unwrap_or(session.rep()),
        camera,
        back: request.back,
        only: request.only,
        arrows: request.arrows.map(|a| a.expand()),
        format: request
            .format
            .unwrap_or_else(|| PictureFormat::from_path(&request.output.to_string_lossy())),
        caption: caption
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
            .join(" · "),
        scheme: session.scheme(),
        timeline: timeline(session, request.setup_moves),
    };
    let cube = session.cube();
    // The session's representation of one's own, when the rep view draws it.
    let user = session
        .representation()
        .user()
        .filter(|_| picture.view == ViewKind::Rep && request.rep.is_none());
    let drawn = match user {
        Some(user) => crate::draw::draw_user(&cube, &picture, user),
        None => crate::draw::draw(&cube, &picture),
    };
    let text = if front == Front::CommandLine {
        drawn?
    } else {
        drawn.map_err(in_repl_words)?
    };
    match user {
        Some(user) => crate::draw::save_drawn_as(
            &text,
            &format!("the {} representation (yours)", user.name),
            &request.output,
        ),
        None => crate::draw::save_drawn(&text, &picture, cube.size(), &request.output),
    }
}

/// `draw`: what it is (its descriptor) and how the REPL's words read into its request.
pub static DRAW: CommandDef = CommandDef {
    name: "draw",
    surface: Surface::Both,
    usage: "FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]",
    summary: "draw the cube to FILE (SVG; a .png name writes an image, an .html name a page that turns): in perspective, as a net, or in a representation's layout",
    details: "draw cube.svg               the 3-D view from the angle `view` set (default: yaw 35 pitch 30)\ndraw cube.svg net           the unfolded net\ndraw cube.svg rep           the current representation's own layout, in colour\ndraw cube.svg yaw 200 pitch -30 back   another angle for this picture, and the view from behind\ndraw cube.svg only corners  only the corners in colour (also edges, centres, or a layer: U, E, 2R)\ndraw cube.svg arrows R U R' U'   arrows from where each piece R U R' U' moves is to where it goes (the rest of the line)\ndraw cube.html              a page with the 3-D view, sliders, drag and move buttons\ndraw -                      the SVG itself, printed\n`cubework draw --help` has more (--size, --from).",
    args: &[
        cli(opt("size", Value::Usize, "SIZE", "Cube size N (2 to 9)").default("3")),
        cli(NOTATION_OPT.help("Notation of ALG, --arrows and --only")),
        FROM_ARG,
        both(
            "net|3d|rep",
            opt(
                "view",
                Value::View,
                "VIEW",
                "What to draw: 3d (default), net, or rep (with --rep: a representation's layout)",
            ),
        ),
        cli(REP_OPT.help("The representation drawn by --view rep (implies it): numeric local composite visual vector 4d nested")),
        both(
            "yaw",
            opt(
                "yaw",
                Value::Number,
                "YAW",
                "Degrees round the vertical axis from the front, towards the right (-360 to 360; default 35)",
            ),
        ),
        both(
            "pitch",
            opt(
                "pitch",
                Value::Number,
                "PITCH",
                "Degrees above the horizon (-90 to 90; negative looks from below; default 30)",
            ),
        ),
        both(
            "distance",
            opt(
                "distance",
                Value::Number,
                "DISTANCE",
                "Distance from the cube's centre, in cube edges (1.5 to 100; larger is flatter; default 4)",
            ),
        ),
        both(
            "back",
            flag(
                "back",
                "Add the cube seen from behind, so that every sticker shows (3d)",
            ),
        ),
        both(
            "only",
            opt(
                "only",
                Value::Text,
                "WHAT",
                "Keep colour only on corners, edges, centres, or a layer (U, 2R, E, …); grey the rest",
            ),
        ),
        both(
            "arrows",
            opt(
                "arrows",
                Value::TextOrHyphen,
                "ALG",
                "Draw arrows from where each piece ALG moves is to where it goes",
            ),
        ),
        cli(opt(
            "format",
            Value::PictureFormat,
            "FORMAT",
            "svg or html (by default from the file name: .html is html; a .png name gets the SVG picture as a PNG image)",
        )),
        both(
            "FILE",
            opt(
                "output",
                Value::Path,
                "FILE",
                "The file to write (.svg, .html, or .png for an image); - for standard output",
            )
            .short('o'),
        ),
        COLOURS_ARG,
        cli(opt(
            "from-url",
            Value::Text,
            "URL",
            "Draw what a page's address holds (`…#setup=…&alg=…`, as the page writes it after every move): its setup then its moves, from solved",
        )
        .conflicts(&["alg", "from"])),
        cli(words("alg", "ALG", "The moves, from solved (or from --from)")),
    ],
    read: Some(|line, _| Ok(PictureRequest::Draw(draw_words(line)?).into())),
    #[cfg(feature = "cli")]
    read_cli: Some(draw_arguments),
    examples: &[
        ex(
            "draw - net yaw 20 pitch 10 distance 8 back only corners arrows R U",
            &[
                "draw",
                "-o",
                "-",
                "--view",
                "net",
                "--yaw",
                "20",
                "--pitch",
                "10",
                "--distance",
                "8",
                "--back",
                "--only",
                "corners",
                "--arrows",
                "R U",
            ],
        ),
        ex(
            "draw cube.svg 3d",
            &["draw", "--output", "cube.svg", "--view", "3d"],
        ),
        ex(
            "draw cube.svg rep",
            &["draw", "-o", "cube.svg", "--view", "rep"],
        ),
    ],
    ..CommandDef::NONE
};

/// `cubework draw`'s arguments: the cube (`--size`, `--from`, or a page's address) with its
/// moves made, and what to draw of it where.
#[cfg(feature = "cli")]
fn draw_arguments(given: &super::one_shot::Given) -> Result<super::one_shot::OneShot> {
    use crate::turn::notation::Notation;
    let notation = given.notation();
    let output = given
        .one::<PathBuf>("output")
        .ok_or_else(|| Error::Usage("draw needs -o FILE (or -o - for standard output)".into()))?;
    let size: usize = given.value("size");
    crate::state::cube::Cube::check_size(size)?;
    let mut context = given.context_from(size)?;
    let from_url = given.one::<String>("from-url");
    let (setup, moves) = match &from_url {
        Some(url) => crate::draw::html::read_address(url)
            .map_err(|e| Error::Usage(format!("--from-url: {e}")))?,
        None => (String::new(), given.words("alg")),
    };
    // The page writes standard notation.
    let read = |text: &str| match from_url {
        Some(_) => Alg::parse(text, Notation::Standard)
            .map_err(|e| Error::Usage(format!("--from-url: {e}"))),
        None => Ok(Alg::parse(text, notation)?),
    };
    let (setup_alg, alg) = (read(&setup)?, read(&moves)?);
    context.caption = match setup.trim() {
        "" => moves.trim().to_string(),
        s => format!("setup {s} · {}", moves.trim()),
    };
    let setup_moves = setup_alg.expanded_len() as usize;
    if setup_moves > 0 {
        context.made.push((setup, setup_alg));
    }
    context.made.push((moves, alg));
    let only = given.one::<String>("only");
    let only = only
        .map(|text| Only::parse(&text, size, notation))
        .transpose()?;
    let arrows = given.one::<String>("arrows").map(|text| {
        Alg::parse(&text, notation).map_err(|e| Error::Usage(format!("--arrows: {e}")))
    });
    let request = DrawRequest {
        output,
        view: given.one("view"),
        rep: given
            .one::<String>("rep")
            .as_deref()
            .map(str::parse)
            .transpose()?,
        yaw: given.one("yaw"),
        pitch: given.one("pitch"),
        distance: given.one("distance"),
        back: given.flag("back"),
        only,
        arrows: arrows.transpose()?,
        format: given.one("format"),
        setup_moves,
    };
    Ok(super::one_shot::OneShot::asked(
        context,
        PictureRequest::Draw(request),
    ))
}

/// `view`: what it is (its descriptor) and how the REPL's words read into its request.
pub static VIEW: CommandDef = CommandDef {
    name: "view",
    surface: Surface::Repl,
    usage: "[yaw Y] [pitch P] [distance D]",
    summary: "set the angle `draw` sees the cube from, from then on (alone: show it)",
    details: "view yaw 200 pitch -30   from then on, draw sees the cube from there\nview distance 8          farther away (flatter perspective), in cube edges (1.5 to 100)\nview                     the current angle\nYaw turns round the vertical axis from the front towards the right (-360 to 360); pitch is above the horizon (-90 to 90).",
    args: &[repl("yaw"), repl("pitch"), repl("distance")],
    read: Some(|line, _| view_words(line.rest).map(Into::into)),
    ..CommandDef::NONE
};
