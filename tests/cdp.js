// Headless Chromium driven through the Chrome DevTools Protocol over a pipe
// (--remote-debugging-pipe: no port, no WebSocket, nothing from npm): for the player page's
// test (tests/page_browser.js), the workbench page's (tests/workbench_browser.js), its
// figures (scripts/page_figures.js) and its profile (scripts/page_profile.js).
"use strict";
const {spawn} = require("child_process");

// The browser, started: `tab(address)` opens a tab, `open(address)` the workbench page at
// its prompt, `fail(why)` ends all, `close()` ends the browser and the process. `extraArgs`
// go to the browser before its own (the profile's `--js-flags`).
function launch(browser, profile, limitMs = 240000, extraArgs = []) {
  const chrome = spawn(browser, [...extraArgs,
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", `--user-data-dir=${profile}`, "--remote-debugging-pipe",
    "about:blank",
  ], {stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"]});
  let errors = "";
  chrome.stderr.on("data", d => { errors = (errors + d).slice(-4000); });

  function fail(why) {
    console.log(`FAILED: ${why}`);
    chrome.kill("SIGKILL");
    process.exit(1);
  }
  let closing = false;
  setTimeout(() => fail(`not done in ${limitMs / 1000} s\n${errors}`), limitMs).unref();

  let next = 1, buffered = "";
  const waiting = new Map();
  const consoleSaid = [];
  // What else the browser tells (events), to whoever listens: `listeners.push(message => …)`.
  const listeners = [];
  chrome.stdio[4].on("data", chunk => {
    buffered += chunk.toString("utf8");
    let end;
    while ((end = buffered.indexOf("\0")) >= 0) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.method === "Runtime.exceptionThrown") consoleSaid.push(JSON.stringify(message.params.exceptionDetails).slice(0, 400));
      if (message.method === "Runtime.consoleAPICalled") consoleSaid.push(message.params.args.map(a => a.value).join(" "));
      if (message.method) for (const l of listeners) l(message);
      const w = waiting.get(message.id);
      if (!w) continue;
      waiting.delete(message.id);
      if (message.error) w.reject(new Error(`${w.method}: ${JSON.stringify(message.error)}`));
      else w.resolve(message.result);
    }
  });
  chrome.on("exit", code => { if (waiting.size && !closing) fail(`the browser ended (${code})\n${errors}`); });

  function send(method, params = {}, sessionId) {
    const id = next++;
    const message = {id, method, params};
    if (sessionId) message.sessionId = sessionId;
    chrome.stdio[3].write(JSON.stringify(message) + "\0");
    return new Promise((resolve, reject) => waiting.set(id, {resolve, reject, method}));
  }

  const sleep = ms => new Promise(r => setTimeout(r, ms));

  // A tab navigated to `address`: `run(expression)` evaluates in it (awaited if a promise),
  // `key(...)` presses a key there.
  async function tab(address) {
    const {targetId} = await send("Target.createTarget", {url: "about:blank"});
    const {sessionId} = await send("Target.attachToTarget", {targetId, flatten: true});
    const run = async expression => {
      const r = await send("Runtime.evaluate", {expression, awaitPromise: true, returnByValue: true}, sessionId);
      if (r.exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    };
    await send("Page.enable", {}, sessionId);
    await send("Runtime.enable", {}, sessionId);
    await send("Page.navigate", {url: address}, sessionId);
    const key = async (k, code, keyCode, modifiers = 0) => {
      for (const type of ["keyDown", "keyUp"]) {
        await send("Input.dispatchKeyEvent", {type, key: k, code, windowsVirtualKeyCode: keyCode, modifiers}, sessionId);
      }
    };
    return {run, key, sessionId, targetId};
  }

  // The workbench page open at `address`, at its first prompt: `type(text)` types a line and
  // Enter into the session's pane, `ready()` waits for the next prompt, `reload()` reloads.
  async function open(address) {
    const {run, key, sessionId, targetId} = await tab(address);
    const ready = async (ms = 60000) => {
      const t0 = Date.now();
      while (Date.now() - t0 < ms) {
        if (await run("document.readyState === 'complete' && !document.getElementById('line').disabled && document.getElementById('status').textContent.startsWith('ready')")) return Date.now() - t0;
        await sleep(25);
      }
      throw new Error(`${address}: no prompt in ${ms} ms; the page said ${await run("document.getElementById('transcript').textContent")} ${consoleSaid.join("\n")}`);
    };
    const type = async text => {
      await run("document.getElementById('line').focus()");
      await send("Input.insertText", {text}, sessionId);
      await key("Enter", "Enter", 13);
    };
    const reload = async () => {
      await send("Page.reload", {}, sessionId);
      await sleep(200);
    };
    await ready();
    return {run, type, key, ready, reload, sessionId, targetId};
  }

  function close() {
    closing = true;
    send("Browser.close").catch(() => {});
    const killer = setTimeout(() => chrome.kill("SIGKILL"), 5000);
    chrome.on("exit", () => { clearTimeout(killer); process.exit(0); });
  }
  // The browser killed at once (SIGKILL, as a crash or a power cut ends it), this process
  // going on: resolves when it has ended.
  function crash() {
    closing = true;
    return new Promise(done => { chrome.on("exit", () => done()); chrome.kill("SIGKILL"); });
  }
  return {send, tab, open, fail, close, crash, consoleSaid, sleep, listeners};
}

module.exports = {launch};
