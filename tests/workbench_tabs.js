// Works two tabs of the workbench page at once, as a user with the page open twice does, in a
// real browser (Chromium, headless, through the Chrome DevTools Protocol over a pipe), and
// what the page offers as downloads and solves at another size than the 3×3×3.
//
//   node tests/workbench_tabs.js BROWSER PAGE.html PROFILE_DIR
//
// Each check prints `ok: …`; the first that fails prints `FAILED: …` and exits with status 1.
// tests/workbench.rs runs it.
"use strict";
const {launch} = require("./cdp.js");

const [browser, page, profile] = process.argv.slice(2);
const {open, fail, close, consoleSaid, sleep} = launch(browser, profile);

function check(ok, what, got) {
  if (!ok) fail(`${what}: got ${JSON.stringify(got)}\n${consoleSaid.join("\n")}`);
  console.log(`ok: ${what}`);
}

const LINES = `[...document.getElementById("transcript").children].map(d => d.className + ": " + d.textContent)`;

// A line typed into `tab`, its answer waited for (and the merge with another tab's, if any).
async function go(tab, line) {
  await tab.type(line);
  await tab.ready();
  await sleep(300);
  return tab.run(LINES);
}

(async () => {
  const A = await open(`file://${page}`);
  const B = await open(`file://${page}`);
  await go(A, "apl");
  await go(B, "apl");
  await go(A, "fromA←1");
  await go(B, "fromB←2");
  const a = await go(A, "fromA2←3");
  check(a.some(l => l === "note: note: another tab of this page kept its workspace too: its fromB kept with this tab's (a reload brings them here)"),
    "a tab that keeps after another says once what the other kept", a);
  await go(A, "CUBE←R CUBE");
  const a2 = await A.run(LINES);
  check(a2.filter(l => l.includes("another tab")).length === 1, "and does not say it again when nothing new came", a2);
  const b = await go(B, "CUBE←U CUBE");
  check(b.some(l => /another tab of this page kept its workspace too: its fromA kept/.test(l)) &&
        b.some(l => /another tab of this page kept its workspace too: its fromA2 kept/.test(l)),
    "the other tab says what the first kept", b);
  await sleep(1000);
  const C = await open(`file://${page}`);
  const c = await go(C, ")vars");
  const names = c[c.length - 1].split(" ");
  check(c[c.length - 1].startsWith("out: ") && ["fromA", "fromA2", "fromB"].every(n => names.includes(n)),
    "a third tab brings back both tabs' names: neither tab's work is lost", c);

  // A download's name: the name typed, each character no file name holds made _, said so, the
  // same for a picture (the library's rule) and for )save (the page's).
  await go(C, ")off");
  const d = await go(C, "draw <b>x</b>.svg");
  check(d.some(l => l.includes("<b>x</b>.svg is offered as the download _b_x__b_.svg")) &&
        d.some(l => l.startsWith("said: _b_x__b_.svg was offered as a download")),
    "draw <b>x</b>.svg offers _b_x__b_.svg and says so", d.slice(-4));
  await go(C, "apl");
  const s = await go(C, ")save <b>x</b>.apl");
  check(s[s.length - 1].startsWith("said: the workspace was offered as a download (_b_x__b_.apl: <b>x</b>.apl with each /"),
    ")save <b>x</b>.apl offers _b_x__b_.apl, made safe the same way", s.slice(-2));
  await go(C, ")off");

  // solve ALG in a 2×2×2 session solves the 2×2×2 ALG makes (it was read as a 3×3×3's).
  await go(C, "size 2");
  const p = await go(C, "solve R U");
  const moves = p[p.length - 1].split("\n").pop();
  check(/an optimal solution/.test(p[p.length - 1]) && /^[URF]/.test(moves), "solve R U in a 2×2×2 session answers from the pocket table", p.slice(-2));
  await go(C, `R U ${moves}`);
  check(await C.run("lastReply.solved"), "and its answer solves the 2×2×2 R U makes", moves);
  close();
})().catch(e => fail(e.stack));
