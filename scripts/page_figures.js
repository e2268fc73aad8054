// The workbench page's figures, measured in headless Chromium (a benchmark, not a test):
// from opening the file to the first prompt, the WebAssembly's size (raw and gzip), the
// interpreted quarter-turn of each representation (`compare`'s "ns/turn defined") in the page,
// the two-phase table's build and a two-phase solve of random states after it, typed and
// back to back.
//
//   node scripts/page_figures.js BROWSER PAGE.html PROFILE_DIR SEEDS
//
// Prints one JSON object; scripts/page_figures.sh runs it and the native side.
"use strict";
const fs = require("fs");
const zlib = require("zlib");
const {launch} = require("../tests/cdp.js");

const [browser, page, profile, seedCount] = process.argv.slice(2);
const PASSES = 5;
const {open, close, sleep} = launch(browser, profile, 900000);

// The text of the reply to `line`, and how long the worker took (ms).
async function line(tab, text) {
  await tab.run(`(() => { window.__said = document.getElementById("transcript").children.length; })()`);
  await tab.type(text);
  await tab.ready(600000);
  return tab.run(`({text: [...document.getElementById("transcript").children].slice(window.__said + 1).map(d => d.textContent).join("\\n"), ms: lastReply ? parseFloat(document.getElementById("status").textContent.replace(/^ready \\(/, "")) : NaN})`);
}

(async () => {
  const html = fs.readFileSync(page, "utf8");
  const b64 = /<script type="application\/octet-stream" id="wasm">([^<]*)<\/script>/.exec(html)[1].trim();
  const wasm = Buffer.from(b64, "base64");
  const out = {page_bytes: Buffer.byteLength(html), wasm_bytes: wasm.length, wasm_gzip_bytes: zlib.gzipSync(wasm, {level: 9}).length};
  const firsts = [];
  for (let i = 0; i < 5; i++) {
    const tab = await open(`file://${page}`);
    firsts.push(await tab.run("window.firstPrompt"));
    await tab.run("localStorage.clear()");
  }
  firsts.sort((a, b) => a - b);
  out.first_prompt_ms = firsts;
  const tab = await open(`file://${page}`);
  // The interpreted quarter-turn: 10,000 of the paper's R (as the workspace defines it, on
  // the vector representation's CUBE) in one line, so that the page's coarse clock (0.1 ms)
  // does not matter; the first run makes the workspace, and is left out.
  await line(tab, "apl");
  out.turns_ms = [];
  for (let i = 0; i < 6; i++) out.turns_ms.push((await line(tab, "≢{R ⍵}⍣10000⊢CUBE")).ms);
  out.turns_ms = out.turns_ms.slice(1);
  await line(tab, ")off");
  const first = await line(tab, "solve");
  out.first_solve = first;
  // Each state solved in PASSES passes over the seeds (the .sh takes each one's fastest and
  // its middle, as it does natively: on a shared machine a solve's time is its own plus what
  // others took).
  out.solves = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (let s = 1; s <= Number(seedCount); s++) {
      await line(tab, `scramble random seed ${s}`);
      out.solves.push(`seed ${s}: ` + (await line(tab, "solve")).text.split("\n")[0]);
    }
  }
  // The same solves back to back, as the native `cubework run` makes them: each line sent to
  // the worker as soon as the last is answered (the page's own `send`, without the transcript
  // and the cube drawn between), so that the solver's tables are still in the caches. Typed
  // as above, a line comes tens of milliseconds after the last (the test's polling), and on a
  // busy machine the other processes have the core meanwhile.
  out.solves_back_to_back = await tab.run(`(async () => {
    const said = [];
    for (let pass = 0; pass < ${PASSES}; pass++) {
      for (let s = 1; s <= ${Number(seedCount)}; s++) {
        await send("scramble random seed " + s);
        said.push("seed " + s + ": " + (await send("solve")).text.split("\\n")[0]);
      }
    }
    return said;
  })()`);
  console.log(JSON.stringify(out));
  await sleep(10);
  close();
})().catch(e => { console.log(`FAILED: ${e.stack || e}`); process.exit(1); });
