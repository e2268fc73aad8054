//! The player page in a real browser: headless Chromium, driven by `tests/page_browser.js`
//! (Node, through the Chrome DevTools Protocol over a pipe; nothing from npm). CI (`.ci/run`)
//! installs both, and with `CI` set a missing one fails the test; elsewhere, where no Chromium
//! or no Node is installed, the test says why and passes (tests/draw.rs runs the page's script
//! in Node on a stand-in document).
// The end-to-end tests drive the binary and the front ends: the `cli` feature.
#![cfg(feature = "cli")]

mod common;

#[test]
fn the_page_plays_steps_shares_its_address_and_refuses_unknown_moves_in_a_real_browser() {
    let Some((browser, node)) = common::browser_and_node("the page was played") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let out = common::cubework()
        .args(["draw", "R U", "-o"])
        .arg(&page)
        .output()
        .unwrap();
    common::assert_success(&out, "");
    let said = common::drive_browser(
        node,
        "page_browser.js",
        browser,
        &page,
        &[
            "▶ plays to the end",
            "each move is animated",
            "◀ steps a move back, turning",
            "▶| steps forward, turning, back to the end",
            "the address after typed moves, opened in another tab, is the same cube",
            "and makes nothing: not even the R",
            "and makes nothing of it: the page's own cube",
            "bracket notation typed is read as the REPL reads it",
            "the title follows the sequence",
            "the player's buttons are pictures, each named",
            "the place and the speed are read apart",
        ],
    );
    eprintln!("played in {browser}:\n{said}");
}
