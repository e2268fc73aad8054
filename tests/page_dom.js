// A stand-in for the few parts of a browser the page's controls use.
class El {
  constructor(id) { this.id = id; this.children = []; this.listeners = {}; this.style = {}; this.dataset = {}; this.value = ""; this.textContent = ""; this.innerHTML = ""; this.checked = false; this.className = ""; }
  addEventListener(k, f) { (this.listeners[k] = this.listeners[k] || []).push(f); }
  appendChild(c) { this.children.push(c); return c; }
  setPointerCapture() {}
  setAttribute(k, v) { this["@" + k] = String(v); }
  getAttribute(k) { return this["@" + k] === undefined ? null : this["@" + k]; }
  fire(k, e = {}) { for (const f of this.listeners[k] || []) f(Object.assign({target: this, preventDefault() {}}, e)); }
  click() { this.fire("click"); }
  set textContent(t) { this._t = t; if (t === "") this.children = []; }
  get textContent() { return this._t !== undefined && this._t !== "" ? this._t : this.children.map(c => c.textContent).join(""); }
}
const els = {};
global.document = {
  title: "",
  getElementById: id => (els[id] = els[id] || new El(id)),
  createElement: () => new El(""),
  createTextNode: t => { const e = new El(""); e.textContent = t; return e; },
  addEventListener() {},
};
global.HTMLInputElement = class {};
global.written = [];
global.location = {hash: ADDRESS, replace(a) { written.push(a); }};
global.window = {history: {replaceState(_, __, a) { written.push(a); location.hash = a; }}, addEventListener() {}};
let clock = 0;
global.performance = {now: () => clock};
global.frames = 0;
global.requestAnimationFrame = f => { frames++; clock += 50; setImmediate(() => f(clock)); };
