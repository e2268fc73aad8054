// Where the page's two-phase solve spends its time: a CPU profile of the page's worker in
// headless Chromium (the DevTools protocol's Profiler domain), taken over solves of random
// states after the table is built, summed by function (self time). A tool, not a test.
//
//   node scripts/page_profile.js BROWSER PAGE.html PROFILE_DIR SEEDS [OUT.cpuprofile | -]
//
// (`-`: no profile, the solves' times only.)
//
// The page must keep the functions' names for the profile to name them: scripts/page.sh with
// PAGE_NAMES=1. PAGE_JS_FLAGS passes flags to the browser's engine (`--js-flags`), to compare.
// It prints each seed's solve (the time `solve` reports) and the functions that took most.
"use strict";
const fs = require("fs");
const {launch} = require("../tests/cdp.js");

const [browser, page, profile, seedCount, out] = process.argv.slice(2);
const extra = process.env.PAGE_JS_FLAGS ? [`--js-flags=${process.env.PAGE_JS_FLAGS}`] : [];
const {open, close, sleep, send, listeners} = launch(browser, profile, 900000, extra);

async function line(tab, text) {
  await tab.run(`(() => { window.__said = document.getElementById("transcript").children.length; })()`);
  await tab.type(text);
  await tab.ready(600000);
  return tab.run(`[...document.getElementById("transcript").children].slice(window.__said + 1).map(d => d.textContent).join("\\n")`);
}

(async () => {
  const workers = [];
  listeners.push(m => {
    if (m.method === "Target.attachedToTarget" && m.params.targetInfo.type === "worker") workers.push(m.params.sessionId);
  });
  const tab = await open(`file://${page}`);
  await send("Target.setAutoAttach", {autoAttach: true, waitForDebuggerOnStart: false, flatten: true}, tab.sessionId);
  for (let i = 0; i < 100 && !workers.length; i++) await sleep(20);
  if (!workers.length) throw new Error("no worker attached");
  const worker = workers[workers.length - 1];
  console.log((await line(tab, "solve")).split("\n")[0]);
  const profiling = out !== "-";
  if (profiling) {
    await send("Profiler.enable", {}, worker);
    await send("Profiler.setSamplingInterval", {interval: 20}, worker);
    await send("Profiler.start", {}, worker);
  }
  // Each seed's fastest of PAGE_PASSES passes (default 1).
  const times = [];
  for (let pass = 0; pass < Number(process.env.PAGE_PASSES || 1); pass++) {
    for (let s = 1; s <= Number(seedCount); s++) {
      await line(tab, `scramble random seed ${s}`);
      const said = (await line(tab, "solve")).split("\n")[0];
      const ms = /; ([0-9.]+) ms/.exec(said);
      if (process.env.PAGE_SHOW) console.log(`seed ${s}: ${said}`);
      times[s - 1] = Math.min(times[s - 1] ?? Infinity, ms ? Number(ms[1]) : NaN);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`solves: median ${((sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2).toFixed(2)} ms, sum ${times.reduce((a, b) => a + b, 0).toFixed(1)} ms (${times.join(" ")})`);
  if (!profiling) {
    close();
    return;
  }
  const {profile: prof} = await send("Profiler.stop", {}, worker);
  if (out) fs.writeFileSync(out, JSON.stringify(prof));
  // Self time by function: each sample counts for the node it landed in.
  const byId = new Map(prof.nodes.map(n => [n.id, n]));
  const hits = new Map();
  for (const id of prof.samples) {
    const f = byId.get(id).callFrame;
    const name = f.functionName || `(anonymous ${f.url.slice(-30)}:${f.lineNumber})`;
    hits.set(name, (hits.get(name) || 0) + 1);
  }
  const total = prof.samples.length;
  const busy = total - (hits.get("(idle)") || 0) - (hits.get("(program)") || 0);
  console.log(`${total} samples, ${busy} busy`);
  for (const [name, n] of [...hits].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(100 * n / busy).toFixed(1).padStart(6)}%  ${n.toString().padStart(6)}  ${name.slice(0, 150)}`);
  }
  await sleep(10);
  close();
})().catch(e => { console.log(`FAILED: ${e.stack || e}`); process.exit(1); });
