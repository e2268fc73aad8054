// Plays the page in a real browser: Chromium, headless, driven through the Chrome DevTools
// Protocol over a pipe (--remote-debugging-pipe: no port, no WebSocket, nothing from npm).
//
//   node tests/page_browser.js BROWSER PAGE.html PROFILE_DIR
//
// PAGE.html is a page cubework drew of `R U`. Each check prints a line `ok: …`; the first that
// fails prints `FAILED: …` and exits with status 1. tests/browser.rs runs it.
"use strict";
const {launch} = require("./cdp.js");

const [browser, page, profile] = process.argv.slice(2);
const url = hash => `file://${page}${hash}`;
const {send, tab, fail, close} = launch(browser, profile, 90000);

// A tab open at `address`, once its script has run: `run(expression)` gives the value of an
// expression evaluated in the page (awaited if it is a promise).
async function open(address) {
  const {run} = await tab(address);
  for (let i = 0; i < 200; i++) {
    if (await run("document.readyState === 'complete' && !!document.getElementById('where').textContent")) return run;
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error(`${address} did not load`);
}

function check(ok, what, got) {
  if (!ok) fail(`${what}: got ${JSON.stringify(got)}`);
  console.log(`ok: ${what}`);
}

// In the page: the player's place, its sequence (the current move starred), the state of the
// stickers (positions and colours, in order), the picture, the address and what it said.
const LOOK = `(() => ({
  where: document.getElementById("where").textContent,
  seq: [...document.querySelectorAll("#history .move")]
    .map(s => s.textContent + (s.classList.contains("setup") ? "(setup)" : "") + (s.classList.contains("current") ? "*" : "")).join(" "),
  stickers: JSON.stringify(stickers.map(s => s.p.join(",") + ":" + s.c).sort()),
  view: document.getElementById("view").innerHTML,
  hash: location.hash,
  said: document.getElementById("problems").textContent,
  playing, moving: moving !== null,
}))()`;

// Waits, frame by frame, until `until` (an expression) holds: how many frames there were, and
// how many distinct pictures and places were seen on the way.
const WATCH = until => `new Promise(done => {
  const views = new Set(), places = [];
  let frames = 0;
  const t0 = performance.now();
  const frame = () => {
    frames++;
    views.add(document.getElementById("view").innerHTML);
    const w = document.getElementById("where").textContent;
    if (places[places.length - 1] !== w) places.push(w);
    if ((${until}) || performance.now() - t0 > 20000) done({frames, views: views.size, places, held: !!(${until})});
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;
const settled = "!playing && moving === null";

(async () => {
  await send("Target.setDiscoverTargets", {discover: false});
  const run = await open(url("#setup=F&alg=R_U_D2"));
  let look = await run(LOOK);
  check(look.where === "4 / 4" && look.seq === "F(setup) R U D2*" && look.said === "",
    "the address's setup and moves are read, the last move current", look);
  const end = look;

  // Play from the start: each move turns (pictures between the places), and it plays to the end.
  await run(`document.getElementById("speed").value = "0.25"; document.getElementById("start").click()`);
  look = await run(LOOK);
  check(look.where === "0 / 4" && look.stickers !== end.stickers, "⏮ goes to the start", look.where);
  const start = look;
  await run(`document.getElementById("play").click()`);
  const played = await run(WATCH(`document.getElementById("where").textContent === "4 / 4" && ${settled}`));
  check(played.held, "▶ plays to the end", played);
  check(played.places.join(" ") === "0 / 4 1 / 4 2 / 4 3 / 4 4 / 4", "it passes every place in order", played.places);
  check(played.views > 8, `each move is animated (${played.views} pictures in ${played.frames} frames for 4 moves)`, played);
  look = await run(LOOK);
  check(look.stickers === end.stickers && look.view === end.view && look.seq === "F(setup) R U D2*",
    "the cube played to the end is the one the address gave", look.seq);

  // Step back and forward: each is one move, turned, to the cube that place holds.
  await run(`document.getElementById("back").click()`);
  const back = await run(WATCH(settled));
  look = await run(LOOK);
  check(look.where === "3 / 4" && look.seq === "F(setup) R U* D2" && back.views > 2, "◀ steps a move back, turning", [look.where, look.seq, back.views]);
  const three = look;
  await run(`document.querySelectorAll("#history .move")[2].click()`);
  look = await run(LOOK);
  check(look.stickers === three.stickers && look.view === three.view, "the cube stepped back to is the cube at that place", look.where);
  await run(`document.getElementById("back").click()`);
  await run(WATCH(settled));
  await run(`document.getElementById("back").click()`);
  await run(WATCH(settled));
  look = await run(LOOK);
  check(look.where === "1 / 4" && look.seq === "F(setup)* R U D2", "◀ twice more: after the setup", look.seq);
  await run(`document.getElementById("forward").click()`);
  await run(WATCH(settled));
  await run(`document.getElementById("forward").click()`);
  await run(WATCH(settled));
  await run(`document.getElementById("forward").click()`);
  const forward = await run(WATCH(settled));
  look = await run(LOOK);
  check(look.where === "4 / 4" && look.stickers === end.stickers && forward.views > 2, "▶| steps forward, turning, back to the end", look.where);
  await run(`document.getElementById("forward").click()`);
  await run(WATCH(settled));
  check((await run(LOOK)).stickers === end.stickers, "▶| at the end does nothing", "");
  check(start.stickers !== end.stickers, "the start and the end differ", "");

  // Moves typed go into the address, and the address opened elsewhere is the same cube.
  await run(`document.getElementById("typed").value = "R2 B' 2L"; document.getElementById("do").click()`);
  const added = await run(WATCH(`document.getElementById("where").textContent === "7 / 7" && ${settled}`));
  check(added.held && added.views > 6, "moves typed are made, turning", added);
  look = await run(LOOK);
  check(look.hash === "#setup=F&alg=R_U_D2_R2_B'_2L", "the address holds the setup and every move", look.hash);
  const typed = look;
  await run(`document.querySelectorAll("#history .move")[0].click()`);
  await run(`document.querySelectorAll("[data-move=\\"y'\\"]")[0].click()`);
  await run(WATCH(`document.getElementById("where").textContent === "2 / 2" && ${settled}`));
  look = await run(LOOK);
  check(look.hash === "#setup=F&alg=y'" && look.seq === "F(setup) y'*", "a move made at a place in the sequence replaces what came after it", look.hash);
  const turned = look;
  for (const [address, want, what] of [[typed.hash, typed, "the address after typed moves"], [turned.hash, turned, "the address after a button's move"]]) {
    const other = await open(url(address));
    const opened = await other(LOOK);
    check(opened.stickers === want.stickers && opened.view === want.view && opened.seq === want.seq && opened.where === want.where,
      `${what}, opened in another tab, is the same cube (${opened.where})`, [opened.seq, want.seq]);
  }

  // A line with an unknown move applies nothing, typed or in the address.
  await run(`document.getElementById("typed").value = "Q R"; document.getElementById("do").click()`);
  await new Promise(r => setTimeout(r, 400));
  look = await run(LOOK);
  check(look.said.includes("nothing was made") && look.said.includes("Q (not a move)"), "a typed line with an unknown move says what it could not read", look.said);
  check(look.stickers === turned.stickers && look.hash === turned.hash && look.where === turned.where && !look.moving,
    "and makes nothing: not even the R", [look.where, look.hash]);
  const plain = await (await open(url("")))(LOOK);
  const bad = await (await open(url("#setup=F&alg=R_Q")))(LOOK);
  check(bad.said.includes("Q (not a move)") && bad.said.includes("nothing was made"), "an address with an unknown move says so", bad.said);
  check(bad.stickers === plain.stickers && bad.seq === plain.seq, "and makes nothing of it: the page's own cube, not F R", [bad.seq, plain.seq]);

  // Bracket notation typed is expanded as the REPL expands it, and the title follows (in a
  // tab of its own, in front, where animation frames run; at speed 0 each move is made at once).
  const tab = await open(url(turned.hash));
  await tab(`document.getElementById("speed").value = "0"; document.getElementById("typed").value = "[R, U] (R U)3 [F: R2]"; document.getElementById("do").click()`);
  look = await tab(LOOK);
  check(look.seq === "F(setup) y' R U R' U' R U R U R U F R2 F'*" && look.said === "",
    "bracket notation typed is read as the REPL reads it", [look.seq, look.said]);
  const title = await tab(`[document.title, document.getElementById("title").textContent]`);
  check(title[0] === "cubework: " + title[1] && title[1] === "3×3×3 cube: setup F · y' R U R' U' R U R U R U F R2 F'",
    "the title follows the sequence", title);

  // The player's buttons are pictures with names, and its words do not run together.
  const buttons = await tab(`["start", "back", "play", "forward", "end"].map(id => {
    const b = document.getElementById(id), svg = b.querySelector("svg"), box = svg && svg.getBoundingClientRect();
    return [id, b.getAttribute("aria-label"), box ? Math.round(box.width) : 0];
  })`);
  check(buttons.every(([, label, width]) => label && width >= 10), "the player's buttons are pictures, each named", buttons);
  const words = await tab(`document.querySelector(".player").innerText.replace(/\\s+/g, " ")`);
  check(words.includes("move 15 / 15") && words.includes("a quarter-turn takes") && !/\d s a quarter-turn/.test(words),
    "the place and the speed are read apart", words);

  console.log("played in a real browser");
  close();
})().catch(e => fail(`${e.stack || e}`));
