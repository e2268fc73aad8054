//! The workbench page in a real browser: `scripts/page.sh` writes it (the library compiled to
//! WebAssembly, inlined), and headless Chromium, driven by `tests/workbench_browser.js` (Node,
//! through the Chrome DevTools Protocol over a pipe), types into it as a user does. CI
//! (`.ci/run`) installs Chromium and Node, writes the page first (scripts/page.sh installs the
//! wasm target and wasm-bindgen-cli) and names it in `CUBEWORK_PAGE`; with `CI` set, anything
//! missing fails the test. Elsewhere a missing page or tool is said and the test passes (the
//! session the page runs is tested natively in `src/web/tests.rs`):
//! `scripts/page.sh /tmp/cubework.html && CUBEWORK_PAGE=/tmp/cubework.html cargo test --release --test workbench`.
// The end-to-end tests drive the front ends: the `cli` feature (for the same feature set as
// tests/browser.rs, so that no second build of the crate is needed).
#![cfg(feature = "cli")]

use std::path::PathBuf;

mod common;

use common::cannot_run;

/// The page `CUBEWORK_PAGE` names (`.ci/run` writes it with `scripts/page.sh` before the
/// tests: a build for wasm32 cannot run inside `cargo test`, which holds the build directory).
fn the_page() -> Result<PathBuf, String> {
    let Some(page) = std::env::var_os("CUBEWORK_PAGE") else {
        return Err("CUBEWORK_PAGE is not set (scripts/page.sh PAGE.html writes the page; then CUBEWORK_PAGE=PAGE.html), so no page was worked".into());
    };
    let page = PathBuf::from(page);
    match page.is_file() {
        true => Ok(std::fs::canonicalize(&page).unwrap_or(page)),
        false => Err(format!(
            "CUBEWORK_PAGE names {}, which is no file",
            page.display()
        )),
    }
}

#[test]
fn the_workbench_page_answers_moves_apl_stops_keeps_its_workspace_and_shares_links_in_a_real_browser()
 {
    let Some((browser, node)) = common::browser_and_node("the workbench page was worked") else {
        return;
    };
    let page = match the_page() {
        Ok(page) => page,
        Err(why) => {
            cannot_run(&why);
            return;
        }
    };
    let said = common::drive_browser(
        node,
        "workbench_browser.js",
        browser,
        &page,
        &[
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
            "{∇⍵}1 answers the REPL's WS FULL, from the same worker",
            "{∇∘⊢⍵}1 answers WS FULL too, from the same worker",
            "{(⊢∇)⍵}1 answers WS FULL too, from the same worker",
            "after {∇⍵}1 the workspace and the cube are there",
            "{⍵+1}⍣≡0 runs on, and the page still answers",
            "Stop ends the runaway line within a second",
            "after Stop the workspace's definitions, the cube and the undo history are there",
            "a line entered while another runs stays in the field, said so",
            "Ctrl-C in the pane stops a line too",
            "after two stops undo takes back what was made before them",
            "and redo makes it again",
            "after a reload the workspace, the cube and APL mode are there",
            "solve answers with moves",
            "while solve builds its table the status line says how far it has come, then ready",
            "draw cube.svg offers the picture as a download, in the same worker",
            ")copy FILE NAME in the page copies the name from the file chosen",
            ")copy of a name the file lacks is one error",
            ")load in the page joins the file's definitions to the workspace, in the same worker",
            ")save my work.apl offers the download as my work.apl",
            "compare in the page times every representation's turns with its coarse clock (no 0.0 ns)",
            "with the browser's storage full the session is kept without the player's moves, said so, and back after a reload",
            "a line typed while the cube turns ends the turn, with no error",
            "a link opened in a new tab shows its moves and definitions and has run nothing",
            "after a key the link's cube is the same cube",
            "and its definitions are the workspace's",
            "a link waits through a key other than Enter",
            "a link's line that does not run is named",
            "a link's definitions join the session's own",
            "a link pasted into the open page's address is offered",
            "a hostile address (#…<script>…) is shown as text and makes no element",
            "a browser killed after a line brings back that line's session",
        ],
    );
    eprintln!("worked in {browser}:\n{said}");
}

#[test]
fn two_tabs_of_the_page_keep_each_others_work_downloads_are_named_safely_and_solve_alg_keeps_the_sessions_size()
 {
    let Some((browser, node)) =
        common::browser_and_node("two tabs of the workbench page were worked")
    else {
        return;
    };
    let page = match the_page() {
        Ok(page) => page,
        Err(why) => {
            cannot_run(&why);
            return;
        }
    };
    let said = common::drive_browser(
        node,
        "workbench_tabs.js",
        browser,
        &page,
        &[
            "a tab that keeps after another says once what the other kept",
            "and does not say it again when nothing new came",
            "the other tab says what the first kept",
            "a third tab brings back both tabs' names: neither tab's work is lost",
            "draw <b>x</b>.svg offers _b_x__b_.svg and says so",
            ")save <b>x</b>.apl offers _b_x__b_.apl, made safe the same way",
            "solve R U in a 2×2×2 session answers from the pocket table",
            "and its answer solves the 2×2×2 R U makes",
        ],
    );
    eprintln!("worked in {browser}:\n{said}");
}
