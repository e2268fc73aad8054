//! One self-contained HTML page: the 3-D view of a state, turned by sliders or by dragging,
//! with buttons (and keys) for the moves. No network, no external scripts: the state, the
//! colours and a small renderer (the same camera, culling and painter's order as
//! [`super::perspective`]) are written into the page.
//!
//! The page is a player, as twisty player is: a sequence (a setup, then moves) from a start,
//! which it plays with each move's layers turning, steps, scrubs, and keeps in its address
//! (`cube.html#setup=F2_D&alg=R_U'`, read on load and by [`read_address`]) so that a position is
//! shared as a link. Every move of standard notation the cube has is made (inner layers, wide
//! turns, slices, rotations), by the same layer turns as [`crate::Move::layer_quarters`]. What
//! is typed (and the address) is read as [`crate::parse_sequence`] reads it — brackets, tools
//! and comments, written out into moves — by a reader in the page's script that follows the
//! Rust parser's grammar (`tests/draw.rs` gives both the same lines and compares); a line with
//! anything that is not a move of the cube is refused whole, naming what. A headless browser
//! can show a state without clicking (see `scripts/screenshot.sh`).

use super::colour;
use super::{Camera, Picture, svg::escape};
use crate::state::cube::Cube;
use crate::state::geometry::Geometry;
use crate::turn::face::Face;

/// The page for `cube` as `picture` asks (its camera, view from behind, selection, caption).
///
/// ```
/// use cubework::draw::{html, Picture};
/// use cubework::Cube;
/// let page = html::page(&Cube::solved(), &Picture::default());
/// assert!(page.starts_with("<!doctype html>"));
/// assert!(!page.contains("http://") && !page.contains("https://") && !page.contains("src="));
/// ```
pub fn page(cube: &Cube, picture: &Picture) -> String {
    let (setup_names, move_names) = match &picture.timeline {
        Some(t) if t.start.size() == cube.size() => (
            t.setup.iter().map(|m| m.to_string()).collect(),
            t.moves.iter().map(|m| m.to_string()).collect(),
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let (setup, moves) = (js_list(&setup_names), js_list(&move_names));
    let cube = match &picture.timeline {
        Some(t) if t.start.size() == cube.size() => &t.start,
        _ => cube,
    };
    let n = cube.size();
    let g = Geometry::of(n);
    let kept = super::Only::mask(picture.only.as_ref(), n);
    // Each sticker as [x, y, z, colour index]; kept positions as a list of "x,y,z" keys
    // (a selection is of places, so it stays put while the stickers move).
    let stickers: Vec<String> = (0..g.sticker_count())
        .map(|i| {
            let [x, y, z] = g.position(i);
            format!("[{x},{y},{z},{}]", cube.stickers()[i].index())
        })
        .collect();
    let kept_positions: Vec<String> = (0..g.sticker_count())
        .filter(|&i| kept[i])
        .map(|i| {
            let [x, y, z] = g.position(i);
            format!("\"{x},{y},{z}\"")
        })
        .collect();
    let colours: Vec<String> = Face::ALL
        .iter()
        .map(|&f| format!("\"{}\"", colour::sticker_in(picture.scheme, f).hex()))
        .collect();
    // The title names the sequence, which the page keeps current as it changes (see
    // `titleText` in the script); a start that no sequence reaches is named by the caption.
    let heading = Heading {
        start: match &picture.timeline {
            Some(t) if t.start.size() == n => String::new(),
            _ => {
                let caption = picture.caption.trim();
                if caption.is_empty() {
                    format!("{n}×{n}×{n} cube")
                } else {
                    format!("{n}×{n}×{n} cube: {caption}")
                }
            }
        },
        only: picture
            .only
            .as_ref()
            .map(|o| format!("only {o}"))
            .unwrap_or_default(),
    };
    let title = heading.text(n, &setup_names, &move_names);
    let only = picture
        .only
        .as_ref()
        .map(|o| format!("only {o} in colour"))
        .unwrap_or_default();
    let tools: Vec<String> = crate::sequence::tools::Tool::ALL
        .iter()
        .map(|t| format!("{}: [{}]", t.name(), names(&t.standard_moves())))
        .collect();
    let data = format!(
        "const N = {n};\nconst START = [{}];\nconst KEPT = {};\nconst COLOURS = [{}];\n\
         const GREY = \"{}\", PLASTIC = \"{}\", INK = \"{}\";\n\
         const CAMERA = {{yaw: {}, pitch: {}, distance: {}}};\nconst SHOW_BACK = {};\n\
         const SETUP = [{setup}], ALG = [{moves}];\nconst TITLE = {{start: {}, only: {}, moves: {TITLE_MOVES}}};\n\
         const TOOLS = {{{}}};\nconst ICONS = {{play: {}, pause: {}}};\nconst LIMITS = {{repeat: {}, expanded: {}, depth: {}, page: {}}};\n",
        stickers.join(","),
        if picture.only.is_some() {
            format!("new Set([{}])", kept_positions.join(","))
        } else {
            "null".to_string()
        },
        colours.join(","),
        colour::GREY.hex(),
        colour::PLASTIC.hex(),
        colour::INK.hex(),
        picture.camera.yaw(),
        picture.camera.pitch(),
        picture.camera.distance(),
        picture.back,
        js_string(&heading.start),
        js_string(&heading.only),
        tools.join(", "),
        js_string(ICON_PLAY),
        js_string(ICON_PAUSE),
        crate::sequence::parser::MAX_REPEAT,
        crate::sequence::parser::MAX_EXPANDED,
        crate::sequence::parser::MAX_DEPTH,
        PAGE_MOVES,
    );
    TEMPLATE
        .replace("{{TITLE}}", &escape(&title))
        .replace("{{ONLY}}", &escape(&only))
        .replace("{{DATA}}", &data)
        .replace("{{MIN_DISTANCE}}", &Camera::MIN_DISTANCE.to_string())
        .replace("{{MAX_DISTANCE}}", &Camera::MAX_DISTANCE.to_string())
        .replace("{{ICON_START}}", ICON_START)
        .replace("{{ICON_BACK}}", ICON_BACK)
        .replace("{{ICON_PLAY}}", ICON_PLAY)
        .replace("{{ICON_FORWARD}}", ICON_FORWARD)
        .replace("{{ICON_END}}", ICON_END)
        .replace("{{SCRIPT}}", SCRIPT)
}

/// The most moves a page's sequence holds: a longer history is drawn without one, and the
/// page refuses moves that would take it past this.
pub const PAGE_MOVES: u64 = 1000;

/// Moves as a list of JavaScript strings.
fn names(moves: &[crate::turn::moves::Move]) -> String {
    js_list(&moves.iter().map(|m| m.to_string()).collect::<Vec<_>>())
}

/// Texts as a list of JavaScript strings.
fn js_list(texts: &[String]) -> String {
    texts
        .iter()
        .map(|t| js_string(t))
        .collect::<Vec<_>>()
        .join(",")
}

/// A JavaScript string literal of `text` that is safe inside `<script>`: `<` is written as
/// `\u003c`, so no text can close the script.
pub(crate) fn js_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The most moves a title lists; a longer sequence is named by its length.
const TITLE_MOVES: usize = 30;

/// What the page's title says beside its sequence: a start no sequence reaches (named by the
/// caption; empty when the sequence starts from solved) and the pieces kept in colour.
struct Heading {
    start: String,
    only: String,
}

impl Heading {
    /// The title for a sequence of `setup` then `moves`, as the page's `titleText` writes it.
    fn text(&self, n: usize, setup: &[String], moves: &[String]) -> String {
        let sequence = match (setup.is_empty(), moves.is_empty()) {
            _ if setup.len() + moves.len() > TITLE_MOVES => {
                format!("{} moves", setup.len() + moves.len())
            }
            (true, _) => moves.join(" "),
            (false, true) => format!("setup {}", setup.join(" ")),
            (false, false) => format!("setup {} · {}", setup.join(" "), moves.join(" ")),
        };
        let mut title = if !self.start.is_empty() {
            self.start.clone()
        } else if sequence.is_empty() {
            format!("{n}×{n}×{n} cube")
        } else {
            format!("{n}×{n}×{n} cube: {sequence}")
        };
        if !self.start.is_empty() && !sequence.is_empty() {
            title.push_str(&format!(" · then {sequence}"));
        }
        if !self.only.is_empty() && self.start.is_empty() {
            title.push_str(&format!(" · {}", self.only));
        }
        title
    }
}

/// The setup and the moves a page's address holds, decoded: `…#setup=R%20U&alg=F'` (the page
/// writes it after every move; `_` and `+` also stand for spaces), or the older `…#R U F'`,
/// which is moves alone. A missing `#`, or a key other than `setup` and `alg`, is refused.
///
/// ```
/// use cubework::draw::html::read_address;
/// let (setup, alg) = read_address("file:///tmp/cube.html#setup=F2%20D&alg=R_U'").unwrap();
/// assert_eq!((setup.as_str(), alg.as_str()), ("F2 D", "R U'"));
/// assert_eq!(read_address("cube.html#R%20U").unwrap().1, "R U");
/// assert!(read_address("cube.html").is_err());
/// assert!(read_address("cube.html#moves=R").is_err());
/// ```
pub fn read_address(url: &str) -> Result<(String, String), String> {
    let Some((_, fragment)) = url.split_once('#') else {
        return Err(
            "the address has no #setup=…&alg=… part (copy it from the page after a move)".into(),
        );
    };
    let decode = |text: &str| -> Result<String, String> {
        let spaced = text.replace(['_', '+'], " ");
        percent_encoding::percent_decode_str(&spaced)
            .decode_utf8()
            .map(|s| s.trim().to_string())
            .map_err(|_| "the address is not UTF-8 once decoded".to_string())
    };
    if !fragment.contains('=') {
        return Ok((String::new(), decode(fragment)?));
    }
    let (mut setup, mut alg) = (String::new(), String::new());
    for part in fragment.split('&').filter(|p| !p.is_empty()) {
        match part.split_once('=') {
            Some(("setup", value)) => setup = decode(value)?,
            Some(("alg", value)) => alg = decode(value)?,
            _ => {
                return Err(format!(
                    "the address's '{}' is not setup=… or alg=…",
                    crate::base::text::cut(part, 30)
                ));
            }
        }
    }
    Ok((setup, alg))
}

// The player's buttons, drawn as small pictures rather than characters (⏮ ⏸ ⏭ are in few
// fonts, and show as empty boxes where none has them); each button has its name in words.
const ICON_START: &str = r#"<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="3" width="2" height="10"/><path d="M9 3v10L3.5 8zM15 3v10L9.5 8z"/></svg>"#;
const ICON_BACK: &str =
    r#"<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M12 3v10L3 8z"/></svg>"#;
const ICON_PLAY: &str =
    r#"<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 3v10l9-5z"/></svg>"#;
const ICON_PAUSE: &str = r#"<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3" y="3" width="3.5" height="10"/><rect x="9.5" y="3" width="3.5" height="10"/></svg>"#;
const ICON_FORWARD: &str = r#"<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3v10l8-5z"/><rect x="12" y="3" width="2" height="10"/></svg>"#;
const ICON_END: &str = r#"<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M1 3v10l5.5-5zM7 3v10l5.5-5z"/><rect x="13" y="3" width="2" height="10"/></svg>"#;

const TEMPLATE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cubework: {{TITLE}}</title>
<style>
  body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0; background: #fafafa; color: #141414; }
  main { max-width: 980px; margin: 0 auto; padding: 16px 20px; }
  h1 { font-size: 20px; font-weight: 600; margin: 4px 0 2px; }
  .sub { color: #707070; font-size: 13px; margin: 0 0 10px; }
  .stage { display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap; }
  #view { background: #fff; border: 1px solid #ddd; border-radius: 10px; cursor: grab; touch-action: none; }
  #view:active { cursor: grabbing; }
  #behind { background: #f4f4f4; border: 1px solid #ddd; border-radius: 10px; }
  .panel { display: grid; grid-template-columns: auto 1fr auto; gap: 6px 10px; align-items: center; margin: 12px 0; max-width: 560px; font-size: 14px; }
  .panel output { font-variant-numeric: tabular-nums; min-width: 4em; text-align: right; }
  .moves { display: grid; grid-template-columns: repeat(9, 48px); gap: 6px; margin: 10px 0; }
  button { font: inherit; font-size: 15px; padding: 6px 0; border: 1px solid #bbb; border-radius: 6px; background: #fff; cursor: pointer; }
  button:hover { background: #f0f0f0; }
  .wide { grid-column: span 3; }
  #history { font-family: "DejaVu Sans Mono", monospace; font-size: 14px; min-height: 1.4em; word-wrap: break-word; }
  .help { color: #707070; font-size: 12px; }
  .player { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 10px 0; font-size: 14px; }
  .player button { width: 40px; }
  #scrub { flex: 1; min-width: 160px; }
  #speed { width: 4.5em; }
  .player button svg { width: 16px; height: 16px; vertical-align: middle; fill: currentColor; }
  .where { white-space: nowrap; }
  .speed { white-space: nowrap; margin-left: 8px; padding-left: 10px; border-left: 1px solid #ccc; }
  #history .move { cursor: pointer; padding: 0 2px; border-radius: 3px; }
  #history .setup { color: #707070; }
  #history .current { background: #ffd500; color: #141414; }
  .problems { color: #a11; font-size: 13px; min-height: 1.2em; }
</style>
</head>
<body>
<main>
<h1 id="title">{{TITLE}}</h1>
<p class="sub">{{ONLY}}</p>
<div class="stage">
  <svg id="view" width="420" height="420" viewBox="0 0 420 420" role="img" aria-label="the cube in perspective"></svg>
  <svg id="behind" width="190" height="190" viewBox="0 0 190 190" role="img" aria-label="the cube from behind"></svg>
</div>
<div class="panel">
  <label for="yaw">yaw</label><input id="yaw" type="range" min="-180" max="180" step="1"><output id="yaw-out"></output>
  <label for="pitch">pitch</label><input id="pitch" type="range" min="-90" max="90" step="1"><output id="pitch-out"></output>
  <label for="distance">distance</label><input id="distance" type="range" min="{{MIN_DISTANCE}}" max="{{MAX_DISTANCE}}" step="0.1"><output id="distance-out"></output>
  <label for="show-back">from behind</label><input id="show-back" type="checkbox"><span></span>
</div>
<div class="player">
  <button id="start" type="button" title="to the start" aria-label="to the start">{{ICON_START}}</button><button id="back" type="button" title="a move back (←)" aria-label="a move back">{{ICON_BACK}}</button><button id="play" type="button" title="play or pause (space)" aria-label="play">{{ICON_PLAY}}</button><button id="forward" type="button" title="a move forward (→)" aria-label="a move forward">{{ICON_FORWARD}}</button><button id="end" type="button" title="to the end" aria-label="to the end">{{ICON_END}}</button>
  <input id="scrub" type="range" min="0" max="0" step="1" value="0" aria-label="position in the sequence">
  <span class="where">move <output id="where" for="scrub" aria-label="moves made of the sequence"></output></span>
  <label class="speed" for="speed">a quarter-turn takes <input id="speed" type="number" min="0" max="5" step="0.05" value="0.2"> s</label>
</div>
<div id="history"></div>
<div class="moves" id="moves"></div>
<p><label for="typed">moves</label> <input id="typed" size="40" placeholder="moves of this cube: 2R Rw' M2 x [R, U] (R U)3'"> <button id="do" type="button">do</button> <button id="setup" type="button">as setup</button></p>
<p id="problems" class="problems" role="status"></p>
<p class="help">Drag the cube to turn it. Keys: U D L R F B x y z turn clockwise, with Shift anticlockwise; Backspace undoes; space plays or pauses; ← and → step. The sequence is the setup (grey) then the moves; click a move, or scrub, to see the cube there. Type any move of this cube (inner layers 2R, wide turns Rw 3Rw r, slices M E S on odd sizes) under the buttons, with brackets as the REPL reads them (commutators [R, U], conjugates [F: R2], groups (R U)3 and (R U)', the paper's tools SWITCH … FLIP): a line with anything that is not a move is refused whole. The address holds the setup and the moves (#setup=…&amp;alg=…): share it as a link, or draw it with cubework draw --from-url.</p>
</main>
<script>
{{DATA}}
{{SCRIPT}}
</script>
</body>
</html>
"#;

/// The renderer, in `render.js` (shared with the workbench's page, [`RENDERER`]), then the move
/// reader and the controls, in `page.js` (after the data [`page`] writes). Positions are the
/// geometry's doubled coordinates (x right, y up, z front; the cube spans −N to N); a move
/// turns the positions in its layer.
const SCRIPT: &str = concat!(include_str!("render.js"), include_str!("page.js"));

/// The cube's renderer alone (the camera, the scene as SVG text, a layer's turn), which reads
/// the data `N`, `START`, `KEPT`, `COLOURS`, `GREY`, `PLASTIC`, `INK` and `CAMERA` and no
/// move's name: the player page's and the workbench page's.
pub const RENDERER: &str = include_str!("render.js");
