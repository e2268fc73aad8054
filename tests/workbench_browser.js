// Works the workbench page in a real browser: Chromium, headless, driven through the Chrome
// DevTools Protocol over a pipe (--remote-debugging-pipe: no port, nothing from npm), the page
// opened from disk as a user opens it. Keys are typed as key events (Input.insertText and
// Input.dispatchKeyEvent), buttons clicked.
//
//   node tests/workbench_browser.js BROWSER PAGE.html PROFILE_DIR
//
// PAGE.html is what scripts/page.sh wrote. Each check prints `ok: …`; the first that fails
// prints `FAILED: …` and exits with status 1. tests/workbench.rs runs it.
"use strict";
const {launch} = require("./cdp.js");

const [browser, page, profile] = process.argv.slice(2);
const url = hash => `file://${page}${hash}`;
const {send, open, fail, close, crash, consoleSaid, sleep, listeners} = launch(browser, profile);

function check(ok, what, got) {
  if (!ok) fail(`${what}: got ${JSON.stringify(got)}\n${consoleSaid.join("\n")}`);
  console.log(`ok: ${what}`);
}

// What the page shows: the transcript's last lines, the cube's picture, the representation,
// the player, the session's cube (as the library last said it) and the link.
const LOOK = `(() => ({
  lines: [...document.getElementById("transcript").children].slice(-6).map(d => d.className + ": " + d.textContent),
  last: (d => d ? d.className + ": " + d.textContent : "")(document.getElementById("transcript").lastElementChild),
  view: document.getElementById("view").innerHTML,
  shown: document.getElementById("shown").textContent,
  where: document.getElementById("where").textContent,
  prompt: document.getElementById("prompt").textContent,
  facelets: lastReply ? lastReply.facelets : "",
  link: document.getElementById("link").getAttribute("href"),
  scripts: document.scripts.length,
  moving: moving !== null,
}))()`;

// Waits until the answer to a line is shown and the cube has stopped turning.
async function settle(tab) {
  await tab.ready();
  for (let i = 0; i < 400 && (await tab.run(LOOK)).moving; i++) await sleep(25);
  return tab.run(LOOK);
}

(async () => {
  await send("Target.setDiscoverTargets", {discover: false});
  const tab = await open(url(""));
  const first = await tab.run(LOOK);
  check(first.where === "0 / 0" && first.view.includes("<polygon") && first.shown.startsWith("vector"),
    "the page opens from disk at a prompt, the cube drawn and its representation shown", first);

  // Moves: the cube turns (pictures between), the representation and the player follow.
  await tab.type("R U");
  const views = await tab.run(`new Promise(done => { const seen = new Set(); const t0 = performance.now();
    const f = () => { seen.add(document.getElementById("view").innerHTML);
      if (performance.now() - t0 > 1500) done(seen.size); else requestAnimationFrame(f); }; f(); })`);
  let look = await settle(tab);
  check(views > 3, "R U turns the cube, a picture each frame", views);
  check(look.where === "2 / 2" && look.view !== first.view && look.shown !== first.shown,
    "after R U the cube, the player and the representation have changed", look);
  check(/moves=R%20U/.test(look.link), "the link holds the moves", look.link);
  const afterRU = look;

  await tab.type("R Q");
  look = await settle(tab);
  check(look.last.startsWith("error: error: unknown move 'Q'") && !look.last.includes("\n") && look.facelets === afterRU.facelets,
    "a bad line is one error as the REPL shows it, and changes nothing", look);

  await tab.type("rep nested");
  look = await settle(tab);
  check(look.shown.startsWith("nested") && look.facelets === afterRU.facelets, "rep nested shows the cube in the nested representation", look);

  // APL: a line, a dfn, an assignment to CUBE.
  await tab.type("apl");
  look = await settle(tab);
  check(look.prompt.startsWith("      "), "apl enters APL mode (the prompt is six spaces)", look);
  await tab.type("⍳5");
  look = await settle(tab);
  check(look.last === "out: 1 2 3 4 5", "an APL line: ⍳5", look);
  await tab.type("{⍵[⍋⍵]}3 1 2");
  look = await settle(tab);
  check(look.last === "out: 1 2 3", "a dfn: {⍵[⍋⍵]}3 1 2", look);
  // Counts of 2³² and more: the page's usize is 32 bits, yet it gives the native answers.
  const big = [
    ["≢⍳4294967297", "error: error: WS FULL: an array of 4294967297 elements is more than"],
    ["4294967297⌽1 2 3", "out: 3 1 2"],
    ["4294967297⊃10 20 30", "error: error: INDEX ERROR: index 4294967297 of an axis of length 3"],
    ["≢4294967297⍴1", "error: error: WS FULL: an array of 4294967297 elements"],
    ["⍴4294967296 0⍴0", "error: error: WS FULL: an axis of length 4294967296 is longer than"],
    ["⍳4294967296", "error: error: WS FULL: an array of 4294967296 elements"],
    ["⍳1e10", "error: error: WS FULL: an array of 10000000000 elements"],
    ["≢4294967297/1", "error: error: WS FULL: an array of 4294967297 elements"],
    ["65536 65537⍴1", "error: error: WS FULL: an array of 4295032832 elements"],
    ["⍴0 5⍴0", "out: 0 5"],
    ["10×@(2∘|)⍳6", "out: 10 2 30 4 50 6"],
  ];
  for (const [line, says] of big) {
    await tab.type(line);
    look = await settle(tab);
    // What follows the line's echo (the transcript's last lines).
    const said = look.lines.slice(look.lines.map(l => l.endsWith(line)).lastIndexOf(true) + 1);
    check(said.some(l => l.startsWith(says)), `${line} in the page: ${says}…`, said);
  }
  await tab.type("CUBE←R CUBE");
  look = await settle(tab);
  check(look.facelets !== afterRU.facelets && look.view !== afterRU.view, "CUBE←R CUBE turns the cube", look);
  const afterCube = look;
  await tab.type("TWICE←{⍵+⍵}");
  await settle(tab);

  // Deep recursion ends with the REPL's error (the native build's stack bound holds), and a
  // line that runs on is stopped: within a second, the workspace and cube still there.
  // The page's evaluator bounds its depth before the browser's stack overflows: the REPL's
  // WS FULL (one line, then the line and a caret under the call, as the REPL shows an APL
  // error), from the same worker (none was started again), the workspace intact.
  await tab.run("window.workerBefore = worker");
  await tab.type("{∇⍵}1");
  look = await settle(tab);
  const sameWorker = await tab.run("window.workerBefore === worker");
  const said = look.last.split("\n");
  check(/^error: error: WS FULL: functions called inside one another more deeply than the browser's stack holds$/.test(said[0]) &&
    said[1] === "      {∇⍵}1" && said[2].trim() === "^" && sameWorker,
    "{∇⍵}1 answers the REPL's WS FULL, from the same worker", {look, sameWorker});
  // Through an operator and a train each call takes more of the browser's stack: bounded too.
  for (const deep of ["{∇∘⊢⍵}1", "{(⊢∇)⍵}1"]) {
    await tab.type(deep);
    look = await settle(tab);
    check(/^error: error: WS FULL: /.test(look.last) && await tab.run("window.workerBefore === worker"),
      `${deep} answers WS FULL too, from the same worker`, look);
  }
  await tab.type("TWICE 3");
  look = await settle(tab);
  check(look.last === "out: 6" && look.facelets === afterCube.facelets && await tab.run("window.workerBefore === worker"),
    "after {∇⍵}1 the workspace and the cube are there", look);
  await tab.type("{⍵+1}⍣≡0");
  await sleep(400);
  const running = await tab.run("document.getElementById('status').textContent");
  check(running.startsWith("running"), "{⍵+1}⍣≡0 runs on, and the page still answers", running);
  const t0 = Date.now();
  await tab.run("document.getElementById('stop').click()");
  await tab.ready(5000);
  const took = Date.now() - t0;
  check(took < 1000, "Stop ends the runaway line within a second", took);
  await tab.type("TWICE 21");
  look = await settle(tab);
  check(look.last === "out: 42" && look.facelets === afterCube.facelets &&
    look.lines.includes("said: the session is back with its workspace, its cube and what undo and redo walk"),
    "after Stop the workspace's definitions, the cube and the undo history are there", look);
  await tab.type("{⍵+1}⍣≡0");
  await sleep(300);
  // A line entered while another runs is not lost: it stays in the field.
  await tab.type("TWICE 2");
  const waiting = await tab.run("({line: document.getElementById('line').value, status: document.getElementById('status').textContent})");
  check(waiting.line === "TWICE 2" && waiting.status.startsWith("a line is running"),
    "a line entered while another runs stays in the field, said so", waiting);
  await tab.run("document.getElementById('line').value = ''");
  await tab.run("document.getElementById('line').focus()");
  await tab.key("c", "KeyC", 67, 2);
  await tab.ready(5000);
  await tab.type("TWICE 2");
  look = await settle(tab);
  check(look.last === "out: 4", "Ctrl-C in the pane stops a line too", look);
  // What undo and redo walk came back with each new worker (two by now): undo takes back the
  // change made before the first Stop, redo makes it again.
  await tab.type(")off");
  await settle(tab);
  await tab.type("undo");
  look = await settle(tab);
  check(look.facelets === afterRU.facelets && look.lines.some(l => l.startsWith("out: undid: apl: CUBE←R CUBE")),
    "after two stops undo takes back what was made before them", look);
  await tab.type("redo");
  look = await settle(tab);
  check(look.facelets === afterCube.facelets, "and redo makes it again", look);
  await tab.type("apl");
  await settle(tab);

  // Reload: the workspace, the cube and the mode are kept.
  await tab.reload();
  await tab.ready();
  await tab.type("TWICE 5");
  look = await settle(tab);
  check(look.last === "out: 10" && look.facelets === afterCube.facelets && look.prompt.startsWith("      "),
    "after a reload the workspace, the cube and APL mode are there", look);

  // Solve: out of APL, the two-phase solver (its table built in the page).
  // While the table is built the status line says so, with how far it has come.
  await tab.type(")off");
  await settle(tab);
  await tab.run(`window.statuses = []; new MutationObserver(() => statuses.push(document.getElementById("status").textContent))
    .observe(document.getElementById("status"), {childList: true, characterData: true, subtree: true}); 0`);
  await tab.type("solve");
  look = await settle(tab);
  check(look.lines.some(l => l.startsWith("out: ") && /[RUFLDB]/.test(l)), "solve answers with moves", look);
  const statuses = await tab.run("statuses");
  check(statuses.some(s => /^running: building the two-phase tables \(once\): \d+% \(Stop or Ctrl-C ends it\)$/.test(s)) &&
    statuses[statuses.length - 1].startsWith("ready"),
    "while solve builds its table the status line says how far it has come, then ready", statuses);

  // A picture written to a file is offered as a download (the page has no disk), and the
  // session goes on in the same worker.
  await tab.run("window.workerBefore = worker");
  await tab.type("draw cube.svg");
  look = await settle(tab);
  check(look.lines.some(l => l.startsWith("said: cube.svg was offered as a download")) && await tab.run("window.workerBefore === worker"),
    "draw cube.svg offers the picture as a download, in the same worker", look);

  // )copy: the page has no files, so the saved workspace is chosen in the browser; only the
  // names given come in, and a name not in the file is one error.
  const saved = require("path").join(profile, "saved.apl");
  require("fs").writeFileSync(saved, "HALF←{⍵÷2}\nQUARTER←{⍵÷4}\n");
  await send("Page.setInterceptFileChooserDialog", {enabled: true}, tab.sessionId);
  const chooseSaved = (file = saved) => new Promise(done => {
    let answered = false;
    listeners.push(m => {
      if (answered || m.method !== "Page.fileChooserOpened" || m.sessionId !== tab.sessionId) return;
      answered = true;
      send("DOM.setFileInputFiles", {files: [file], backendNodeId: m.params.backendNodeId}, tab.sessionId).then(done);
    });
  });
  let chosen = chooseSaved();
  await tab.type(")copy saved.apl HALF");
  await chosen;
  look = await settle(tab);
  for (let i = 0; i < 100 && !look.lines.some(l => l.includes("copied from")); i++) { await sleep(50); look = await settle(tab); }
  await tab.type("apl");
  await settle(tab);
  await tab.type("QUARTER 8");
  const quarter = await settle(tab);
  await tab.type("HALF 10");
  const half = await settle(tab);
  check(look.lines.some(l => l === "out: copied from saved.apl: HALF") && half.last === "out: 5" && quarter.last.startsWith("error"),
    ")copy FILE NAME in the page copies the name from the file chosen", {look, half, quarter});
  chosen = chooseSaved();
  await tab.type(")copy NOSUCH");
  await chosen;
  look = await settle(tab);
  for (let i = 0; i < 100 && !look.last.startsWith("error"); i++) { await sleep(50); look = await settle(tab); }
  check(look.last.startsWith("error: ") && look.last.includes("not in the file: NOSUCH"),
    ")copy of a name the file lacks is one error", look);
  // )load joins the file's definitions to the workspace's own, in the same worker.
  const another = require("path").join(profile, "another.apl");
  require("fs").writeFileSync(another, "FROMFILE←{⍵+1}\n");
  chosen = chooseSaved(another);
  await tab.type(")load");
  await chosen;
  look = await settle(tab);
  for (let i = 0; i < 100 && !look.last.includes("loaded"); i++) { await sleep(50); look = await settle(tab); }
  await tab.type("(FROMFILE 1),(HALF 10),TWICE 3");
  look = await settle(tab);
  check(look.last === "out: 2 5 6" && await tab.run("window.workerBefore === worker"),
    ")load in the page joins the file's definitions to the workspace, in the same worker", look);
  // )save NAME offers the download under the whole name typed, spaces and all, as the REPL
  // saves it.
  await tab.type(")save my work.apl");
  look = await settle(tab);
  check(look.last === "said: the workspace was offered as a download (my work.apl)",
    ")save my work.apl offers the download as my work.apl", look);
  await tab.type(")off");
  await settle(tab);

  // compare in the page: its clock steps by 0.1 ms, so samples are made long enough for it,
  // and every representation's turns take time (none shows 0.0 ns).
  await tab.type("compare 2000");
  look = await settle(tab);
  const rows = look.lines.join("\n").split("\n").filter(l => /^│ (numeric|local|composite|visual|vector|4d|nested) /.test(l));
  const figures = rows.map(r => r.split("┆").slice(5, 7).map(c => parseFloat(c.replace(/,/g, ""))));
  check(rows.length === 7 && figures.every(([d, c]) => d > 0 && c > 0),
    "compare in the page times every representation's turns with its coarse clock (no 0.0 ns)", {rows, figures});

  // The browser's storage nearly full: the session is kept without the player's moves, and
  // the transcript says so; a reload brings back what came after.
  const fits = await tab.run(`(() => { let n = 1 << 24, fits = 0;
    for (let step = n; step >= 1024; step >>= 1) { try { localStorage.setItem("filler", "x".repeat(fits + step)); fits += step; } catch (e) {} }
    localStorage.setItem("filler", "x".repeat(Math.max(0, fits - 20000))); return fits; })()`);
  await tab.type("(R U)20000");
  await tab.ready();
  look = await tab.run(LOOK);
  const sizes = await tab.run("({kept: (localStorage.getItem(KEEP) || '').length, filler: (localStorage.getItem('filler') || '').length, moves: JSON.stringify(player.moves).length})");
  await tab.type("apl");
  await settle(tab);
  await tab.type("AFTER←456");
  await settle(tab);
  const full = look.lines.some(l => l.startsWith("note: note: this browser's storage for the page is full: the player's moves are not kept"));
  await tab.reload();
  await tab.ready();
  await tab.type("AFTER");
  look = await settle(tab);
  await tab.run("localStorage.removeItem('filler')");
  check(full && look.last === "out: 456",
    "with the browser's storage full the session is kept without the player's moves, said so, and back after a reload", {look, fits, sizes});
  await tab.type(")off");
  await settle(tab);
  await tab.type("reset");
  await settle(tab);

  // A line typed while the cube still turns: the turn ends where it is, with no error.
  const errorsBefore = consoleSaid.length;
  await tab.type("(R U)10");
  await tab.ready();
  await sleep(300);
  await tab.type("reset");
  look = await settle(tab);
  check(look.where === "0 / 0" && look.facelets === first.facelets && consoleSaid.length === errorsBefore,
    "a line typed while the cube turns ends the turn, with no error", {look, said: consoleSaid.slice(errorsBefore)});

  // Tape the link, clear what this browser keeps, and open the link in a new tab: it shows
  // what it holds and runs nothing until a key is pressed.
  await tab.type("L F");
  look = await settle(tab);
  const link = look.link;
  await tab.run(`(async () => { localStorage.clear(); const db = await durable();
    await new Promise(done => { const t = db.transaction(STORE, "readwrite"); t.objectStore(STORE).clear(); t.oncomplete = done; }); })()`);
  const other = await open(url(link));
  let offered = await other.run("({shown: !document.getElementById('offer').hidden, text: document.getElementById('offer-text').textContent, facelets: lastReply.facelets})");
  check(offered.shown && offered.text.includes("TWICE") && offered.text.includes("L F") && offered.facelets !== look.facelets,
    "a link opened in a new tab shows its moves and definitions and has run nothing", offered);
  await other.key("Enter", "Enter", 13);
  let shared = await settle(other);
  for (let i = 0; i < 100 && shared.where !== "2 / 2"; i++) { await sleep(50); shared = await settle(other); }
  check(shared.facelets === look.facelets && shared.where === "2 / 2", "after a key the link's cube is the same cube, its moves in the player", {shared, look});
  await other.type("apl");
  await settle(other);
  await other.type("TWICE 4");
  shared = await settle(other);
  check(shared.last === "out: 8", "and its definitions are the workspace's", shared);

  // A second link, opened where a workspace is kept: a key other than Enter runs nothing;
  // Enter brings its definitions in beside the session's own, a line of them that does not
  // run named and kept, the good ones there.
  await other.type("THRICE←{⍵×3}");
  await settle(other);
  const third = await open(url("#ws=" + encodeURIComponent("PLUS←{⍵+100}\nBAD←1÷0")));
  await third.ready();
  await third.key("a", "KeyA", 65);
  await sleep(200);
  const still = await third.run("!document.getElementById('offer').hidden");
  check(still, "a link waits through a key other than Enter", still);
  await third.key("Enter", "Enter", 13);
  let merged = await settle(third);
  check(merged.lines.some(l => l.startsWith("note: ") && l.includes("did not run") && l.includes("line 2")),
    "a link's line that does not run is named", merged);
  await third.run("document.getElementById('line').value = ''");
  await third.type("(PLUS 1),(THRICE 2),TWICE 3");
  merged = await settle(third);
  check(merged.last === "out: 101 6 6", "a link's definitions join the session's own", merged);

  // A link pasted into the address of the open page is offered too.
  await third.run("location.hash = '#moves=' + encodeURIComponent('F2')");
  await sleep(300);
  const pasted = await third.run("({shown: !document.getElementById('offer').hidden, text: document.getElementById('offer-text').textContent})");
  check(pasted.shown && pasted.text.includes("moves: F2"), "a link pasted into the open page's address is offered", pasted);
  await third.key("Escape", "Escape", 27);

  // A hostile address: shown as text, run as nothing.
  const hostile = await open(url("#ws=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D2%22%3E&moves=%3C%2Fpre%3E%3Cb%3Ebold%3C%2Fb%3E"));
  await sleep(300);
  const h = await hostile.run(`({text: document.getElementById("offer-text").textContent, scripts: document.scripts.length,
    imgs: document.images.length, bold: document.querySelectorAll("b").length, pwned: window.pwned || 0})`);
  check(h.text.includes("<script>window.pwned=1</script>") && h.text.includes("<b>bold</b>") && h.scripts === first.scripts && h.imgs === 0 && h.bold === 0 && h.pwned === 0,
    "a hostile address (#…<script>…) is shown as text and makes no element", h);
  await hostile.key("Escape", "Escape", 27);

  // The browser killed at once after a line (SIGKILL, as a crash or a power cut ends it):
  // what the page has on disk — IndexedDB's strict write, done within moments of the line,
  // where Chromium's localStorage reaches the disk a second or more later — comes back.
  await tab.type("apl");
  await settle(tab);
  await tab.type("DURABLE←⍳4");
  await settle(tab);
  const serial = await tab.run("keptSerial");
  for (let i = 0; i < 300 && (await tab.run("window.keptOnDisk")) < serial; i++) await sleep(10);
  const onDisk = await tab.run("window.keptOnDisk");
  await crash();
  const again = launch(browser, profile);
  const reopened = await again.open(url(""));
  await reopened.type("DURABLE");
  look = await settle(reopened);
  if (look.last !== "out: 1 2 3 4") {
    again.fail(`a browser killed after a line brings back that line's session: got ${JSON.stringify({look, serial, onDisk})}`);
  }
  console.log("ok: a browser killed after a line brings back that line's session");
  again.close();
})().catch(e => fail(`${e.stack || e}\n${consoleSaid.join("\n")}`));
