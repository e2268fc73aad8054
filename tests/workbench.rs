//! The workbench page in a real browser: `scripts/page.sh` writes it (the library compiled to
//! WebAssembly, inlined), and headless Chromium, driven by `tests/workbench_browser.js` (Node,
//! through the Chrome DevTools Protocol over a pipe), types into it as a user does. CI
//! (`.ci/run`) installs Chromium, Node, the wasm target and wasm-bindgen-cli, writes the page
//! first and names it in `CUBEWORK_PAGE`; with `CI` set, anything missing fails the test.
//! Elsewhere a missing tool is said and the test passes (the session the page runs is tested
//! natively in `src/web/tests.rs`).
// The end-to-end tests drive the front ends: the `cli` feature (for the same feature set as
// tests/browser.rs, so that no second build of the crate is needed).
#![cfg(feature = "cli")]

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::{BROWSERS, cannot_run, in_ci, installed};

/// The page: `CUBEWORK_PAGE` when CI wrote it, else written now by `scripts/page.sh` (when
/// the wasm target and wasm-bindgen are already here: the test installs nothing).
fn the_page(dir: &Path) -> Result<PathBuf, String> {
    if let Some(page) = std::env::var_os("CUBEWORK_PAGE") {
        let page = PathBuf::from(page);
        return match page.is_file() {
            true => Ok(page),
            false => Err(format!(
                "CUBEWORK_PAGE names {}, which is no file",
                page.display()
            )),
        };
    }
    let ci = in_ci();
    let target = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"));
    if !ci && (!target || installed(&["wasm-bindgen"]).is_none()) {
        return Err("the wasm32 target or wasm-bindgen is not installed (scripts/page.sh installs both), so no page was written".into());
    }
    let page = dir.join("cubework.html");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/page.sh");
    let out = Command::new("bash")
        .arg(&script)
        .arg(&page)
        .output()
        .map_err(|e| format!("scripts/page.sh: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "scripts/page.sh failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(page)
}

#[test]
fn the_workbench_page_answers_moves_apl_stops_keeps_its_workspace_and_shares_links_in_a_real_browser()
 {
    let Some(browser) = installed(&BROWSERS) else {
        cannot_run(&format!(
            "no browser installed ({}), so the workbench page was not worked in one",
            BROWSERS.join(", ")
        ));
        return;
    };
    let Some(node) = installed(&["node"]) else {
        cannot_run(&format!(
            "node is not installed, so {browser} could not be driven"
        ));
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = match the_page(dir.path()) {
        Ok(page) => page,
        Err(why) => {
            cannot_run(&why);
            return;
        }
    };
    let profile = dir.path().join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workbench_browser.js");
    let out = Command::new(node)
        .arg(&driver)
        .arg(browser)
        .arg(&page)
        .arg(&profile)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for check in [
        "the page opens from disk at a prompt",
        "R U turns the cube",
        "after R U the cube, the player and the representation have changed",
        "the link holds the moves",
        "a bad line is one error as the REPL shows it",
        "rep nested shows the cube",
        "apl enters APL mode",
        "an APL line",
        "a dfn: {⍵[⍋⍵]}3 1 2",
        "CUBE←R CUBE turns the cube",
        "{∇⍵}1 ends with an error, and the page goes on",
        "{⍵+1}⍣≡0 runs on, and the page still answers",
        "Stop ends the runaway line within a second",
        "after Stop the workspace's definitions and the cube are there",
        "Ctrl-C in the pane stops a line too",
        "after a reload the workspace, the cube and APL mode are there",
        "solve answers with moves",
        "a link opened in a new tab shows its moves and definitions and has run nothing",
        "after a key the link's cube is the same cube",
        "and its definitions are the workspace's",
        "a hostile address (#…<script>…) is shown as text and makes no element",
    ] {
        assert!(said.contains(&format!("ok: {check}")), "{check}: {said}");
    }
    eprintln!("worked in {browser}:\n{said}");
}
