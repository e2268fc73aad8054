//! The workbench's page: one HTML file with everything inside it — the compiled session
//! (base64), its wasm-bindgen glue, the worker that runs it, the renderer and the page's
//! script — so that it opens from `file://` with no server and no network, and a
//! Content-Security-Policy that lets nothing in from outside.

use base64::Engine as _;

use crate::draw::colour;
use crate::draw::html::js_string;
use crate::turn::face::{Face, Scheme};

/// The page around `wasm` (the session compiled for `wasm32-unknown-unknown` with the `web`
/// feature, after `wasm-bindgen --target no-modules`) and `glue` (the JavaScript
/// wasm-bindgen wrote beside it).
///
/// ```
/// let page = cubework::web::page::page(b"\0asm", "var wasm_bindgen;");
/// assert!(page.starts_with("<!doctype html>"));
/// assert!(page.contains("Content-Security-Policy") && !page.contains("https://"));
/// ```
pub fn page(wasm: &[u8], glue: &str) -> String {
    let colours: Vec<String> = Face::ALL
        .iter()
        .map(|&f| format!("\"{}\"", colour::sticker_in(Scheme::Paper, f).hex()))
        .collect();
    // Each glyph as [glyph, name, backtick key, what it does], and the REPL's words, for the
    // glyph bar, the backtick keyboard and Tab.
    let glyphs: Vec<String> = crate::apl::defs::GLYPHS
        .iter()
        .map(|g| {
            let does = match (g.monad, g.dyad) {
                (Some(m), Some(d)) => format!("{m} / {d}"),
                (m, d) => m.or(d).unwrap_or_default().to_string(),
            };
            let key = g.key.map(String::from).unwrap_or_default();
            format!(
                "[{},{},{},{}]",
                js_string(&g.glyph.to_string()),
                js_string(g.name),
                js_string(&key),
                js_string(&does)
            )
        })
        .collect();
    let words: Vec<String> = crate::command::defs::repl_commands()
        .map(|c| js_string(c.name))
        .collect();
    let data = format!(
        "const PALETTE = {{colours: [{}], grey: \"{}\", plastic: \"{}\", ink: \"{}\"}};\n\
         const GLYPHS = [{}];\nconst WORDS = [{}];\n",
        colours.join(","),
        colour::GREY.hex(),
        colour::PLASTIC.hex(),
        colour::INK.hex(),
        glyphs.join(","),
        words.join(","),
    );
    // The worker's source is a script the page does not run (type text/plain): the glue, then
    // the worker. Neither may close the element: `</` is written apart in both.
    let worker = format!("{}\n{}", glue, WORKER).replace("</", "<\\/");
    TEMPLATE
        .replace(
            "{{WASM}}",
            &base64::engine::general_purpose::STANDARD.encode(wasm),
        )
        .replace("{{WORKER}}", &worker)
        .replace("{{DATA}}", &data)
        .replace("{{RENDERER}}", crate::draw::html::RENDERER)
        .replace("{{SCRIPT}}", SCRIPT)
}

const TEMPLATE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const WORKER: &str = include_str!("worker.js");
