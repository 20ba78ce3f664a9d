// WebKitGTK over WebDriver (issue 48): the engine of every browser on an iPhone, driven by
// Debian's WebKitWebDriver and its MiniBrowser under a virtual display (xvfb-run), against the
// release build in dist/ served by the journeys' own server (tests/e2e/server.js, 127.0.0.1).
// scripts/lib.sh's ensure_webkit installs the driver and names it (WEBKIT_WEBDRIVER,
// WEBKIT_BROWSER). Elements are found as the Playwright journeys find them: by role and
// accessible name, by label, by text (`Ui` below, a small stand-in for Playwright's locators).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import assert from "node:assert/strict";
import { Builder, Key } from "selenium-webdriver";
import { startServer } from "../e2e/server.js";

export { Key };
export const PHONE = { width: 390, height: 844 };
/** How long a wait for something on screen lasts before the test fails. */
const WAIT = 15_000;

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, "127.0.0.1", ok));
  const { port } = s.address();
  await new Promise((ok) => s.close(ok));
  return port;
}

/**
 * Starts WebKitWebDriver on a free port of 127.0.0.1 and waits until it answers. It holds one
 * session at a time ("Maximum number of active sessions"), so each browser has a driver of its
 * own; `stop()` ends it. `env` is added to its environment (and so the browser's).
 */
export async function startDriver(env = {}) {
  const bin = process.env.WEBKIT_WEBDRIVER || "WebKitWebDriver";
  const port = await freePort();
  const proc = spawn(bin, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/status`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`${bin} exited (${proc.exitCode})`);
    if (Date.now() > until) throw new Error(`${bin} did not answer on ${url}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return {
    url,
    stop: () =>
      new Promise((ok) => {
        if (proc.exitCode !== null) return ok();
        proc.once("exit", ok);
        proc.kill();
      }),
  };
}

/**
 * A fresh browser (MiniBrowser in automation mode: an ephemeral profile, so nothing stored by
 * an earlier session) at 390x844, with a driver of its own. `--full-screen` drops MiniBrowser's
 * own toolbar, whose minimum width would otherwise hold the window at 447 px; the page then
 * gets the whole window, as a phone's does.
 */
export async function newBrowser(env = {}, size = PHONE) {
  const browser = process.env.WEBKIT_BROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
  const wd = await startDriver(env);
  try {
    const driver = await new Builder()
      .usingServer(wd.url)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: browser, args: ["--automation", "--full-screen"] },
      })
      .build();
    await driver.manage().window().setRect(size);
    return { driver, stop: wd.stop };
  } catch (e) {
    await wd.stop();
    throw e;
  }
}

/** Every app a test opened and has not closed, for `closeAll` after a failure. */
const open = new Set();

/**
 * Opens the app in a fresh browser at `hash` on a server of its own on 127.0.0.1 (or `server`,
 * shared), and waits until the roster's navigation is there. `env`: see startDriver.
 */
export async function openApp(hash = "", { server, env } = {}) {
  const own = !server;
  server ??= await startServer();
  const { driver, stop } = await newBrowser(env);
  const ui = new Ui(driver, server);
  ui.ownServer = own;
  ui.stopDriver = stop;
  open.add(ui);
  await ui.goto(server.url + hash);
  return ui;
}

/** Ends every browser a test left open (it failed before its close()). */
export async function closeAll() {
  for (const ui of [...open]) await ui.quit();
}

// In the page: roles, accessible names and text, as Playwright's getByRole/getByLabel/getByText
// read them, for what this app uses (native elements and explicit roles).
const FIND = String.raw`
const [root, how, want, opts] = arguments;
const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
const shown = (el) => {
  if (!el.isConnected) return false;
  if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0;
  const st = getComputedStyle(el);
  return st.visibility !== "hidden" && el.getClientRects().length > 0;
};
const hiddenFromAll = (el) => el.closest("[aria-hidden=true], [hidden]") !== null;
const INPUT_ROLE = { checkbox: "checkbox", radio: "radio", number: "spinbutton", range: "slider", button: "button", submit: "button", reset: "button", search: "searchbox" };
function roleOf(el) {
  const r = el.getAttribute("role");
  if (r) return r.split(" ")[0];
  const t = el.localName;
  if (/^h[1-6]$/.test(t)) return "heading";
  switch (t) {
    case "button": return "button";
    case "a": case "area": return el.hasAttribute("href") ? "link" : null;
    case "nav": return "navigation";
    case "main": return "main";
    case "dialog": return "dialog";
    case "ul": case "ol": case "menu": return "list";
    case "li": return "listitem";
    case "section": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : null;
    case "textarea": return "textbox";
    case "select": return el.multiple || el.size > 1 ? "listbox" : "combobox";
    case "option": return "option";
    case "fieldset": return "group";
    case "details": return "group";
    case "img": return el.getAttribute("alt") === "" ? "presentation" : "img";
    case "output": return "status";
    case "progress": return "progressbar";
    case "table": return "table";
    case "form": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "form" : null;
    case "input": {
      if (el.type === "hidden" || el.type === "file") return null;
      return INPUT_ROLE[el.type] || "textbox";
    }
  }
  return null;
}
function textOf(el) {
  if (el.nodeType === 3) return el.data;
  if (el.nodeType !== 1) return "";
  if (el.getAttribute("aria-hidden") === "true") return "";
  if (el.localName === "style" || el.localName === "script") return "";
  const st = getComputedStyle(el);
  if (st.display === "none" || st.visibility === "hidden") return "";
  const label = el.getAttribute("aria-label");
  if (label && el !== current) return label;
  if (el.localName === "img") return el.getAttribute("alt") || "";
  if (el.localName === "input" && el !== current) return el.value || "";
  let out = "";
  for (const c of el.childNodes) out += textOf(c);
  return /^(block|flex|grid|list-item|table.*)$/.test(st.display) ? " " + out + " " : out;
}
let current = null;
const FROM_CONTENT = new Set(["button", "link", "heading", "listitem", "option", "radio", "checkbox", "tab", "menuitem", "cell", "columnheader", "rowheader", "switch", "tooltip", "status", "alert"]);
function nameOf(el, role) {
  current = el;
  try {
    const by = el.getAttribute("aria-labelledby");
    if (by) return norm(by.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean).map((e) => textOf(e)).join(" "));
    const label = el.getAttribute("aria-label");
    if (label && label.trim()) return norm(label);
    if (el.labels && el.labels.length) return norm([...el.labels].map((l) => textOf(l)).join(" "));
    if (el.localName === "input" && ["button", "submit", "reset"].includes(el.type)) return norm(el.value);
    if (el.localName === "img") return norm(el.getAttribute("alt"));
    if (el.localName === "fieldset") { const l = el.querySelector(":scope > legend"); if (l) return norm(textOf(l)); }
    if (el.localName === "details") { const s = el.querySelector(":scope > summary"); if (s) return norm(textOf(s)); }
    if (FROM_CONTENT.has(role)) return norm(textOf(el));
    return norm(el.getAttribute("title"));
  } finally {
    current = null;
  }
}
const matches = (value, want) => {
  if (want == null) return true;
  if (want.re) return new RegExp(want.re, want.flags).test(value);
  return want.exact ? value === norm(want.text) : value.toLowerCase().includes(norm(want.text).toLowerCase());
};
const scope = root || document.body;
let found = [];
if (how === "role") {
  for (const el of scope.querySelectorAll("*")) {
    if (roleOf(el) !== opts.role) continue;
    if (opts.level && !(el.localName === "h" + opts.level || el.getAttribute("aria-level") == opts.level)) continue;
    if (hiddenFromAll(el)) continue;
    if (!matches(nameOf(el, opts.role), want)) continue;
    found.push(el);
  }
} else if (how === "label") {
  for (const el of scope.querySelectorAll("input, textarea, select, [aria-label], [aria-labelledby]")) {
    const r = roleOf(el) || "";
    if (matches(nameOf(el, r), want)) found.push(el);
  }
} else if (how === "text") {
  // The innermost elements whose text matches, as getByText finds them.
  for (const el of scope.querySelectorAll("*")) {
    if (["script", "style", "template"].includes(el.localName)) continue;
    if (!matches(norm(el.textContent), want)) continue;
    if ([...el.children].some((c) => matches(norm(c.textContent), want))) continue;
    found.push(el);
  }
} else if (how === "css") {
  found = [...scope.querySelectorAll(want.text)];
}
if (opts.visible) found = found.filter(shown);
return found;
`;

function wanted(name, exact) {
  if (name == null) return null;
  if (name instanceof RegExp) return { re: name.source, flags: name.flags };
  return { text: String(name), exact: !!exact };
}

/** Waits until `check` returns a truthy value (or stops throwing), and returns it. */
export async function eventually(check, what = "the condition", timeout = WAIT) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
      last = new Error(`not yet: ${what}`);
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) {
      last.message = `after ${timeout} ms waiting for ${what}: ${last.message}`;
      throw last;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** The page, seen by what a user sees: roles, names, labels and text. */
export class Ui {
  constructor(driver, server) {
    this.driver = driver;
    this.server = server;
  }

  /** Every element matching, now. `how`: role, label, text or css; `within`: an element. */
  async all(how, name, { role, level, exact, within = null, visible = true } = {}) {
    return this.driver.executeScript(FIND, within, how, wanted(name, exact), { role, level, visible });
  }

  /** The one visible element matching, waited for; more than one is an error (as in Playwright). */
  async one(how, name, opts = {}) {
    const desc = `${how} ${opts.role ?? ""} ${name ?? ""}`.trim();
    return eventually(async () => {
      const found = await this.all(how, name, opts);
      if (found.length > 1 && !opts.first) throw new Error(`${found.length} elements match ${desc}`);
      return found[0];
    }, desc);
  }

  role(role, name, opts = {}) {
    return this.one("role", name, { ...opts, role });
  }

  label(name, opts = {}) {
    return this.one("label", name, opts);
  }

  text(text, opts = {}) {
    return this.one("text", text, opts);
  }

  async count(how, name, opts = {}) {
    return (await this.all(how, name, opts)).length;
  }

  /** Waits until no visible element matches. */
  async gone(how, name, opts = {}) {
    await eventually(async () => (await this.count(how, name, opts)) === 0, `no ${how} ${opts.role ?? ""} ${name}`);
  }

  /** Finds the one element of `role` named `name`, and taps it. */
  async click(role, name, opts = {}) {
    const el = await this.role(role, name, opts);
    await this.tap(el);
    return el;
  }

  /** Brings `el` to the middle of the window (clear of the sticky bars), and clicks it. */
  async tap(el) {
    await this.scrollIntoView(el);
    await el.click();
  }

  async scrollIntoView(el) {
    await this.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", el);
  }

  /** Replaces a field's text as a user would: select what is there, type over it. */
  async fill(el, value) {
    await this.scrollIntoView(el);
    await el.click();
    await this.driver.executeScript("arguments[0].select()", el);
    if (value === "") await el.sendKeys(Key.BACK_SPACE);
    else await el.sendKeys(value);
  }

  async textOf(el) {
    return this.driver.executeScript("return arguments[0].textContent.replace(/\\s+/g, ' ').trim()", el);
  }

  /** Waits until `el`'s text matches `want` (a string it contains, or a RegExp). */
  async expectText(el, want) {
    return eventually(async () => {
      const t = await this.textOf(el);
      return want instanceof RegExp ? want.test(t) : t.includes(want);
    }, `text ${want}`);
  }

  /** Whether the element is wholly inside the window, and the element found at its centre. */
  async inView(el) {
    return this.driver.executeScript(
      `const r = arguments[0].getBoundingClientRect();
       return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;`,
      el,
    );
  }

  /** The outer HTML (its start) of whatever covers `el`'s centre, or null when nothing does. */
  async coveredBy(el) {
    return this.driver.executeScript(
      `const el = arguments[0], r = el.getBoundingClientRect();
       const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
       return el.contains(hit) ? null : hit ? hit.outerHTML.slice(0, 120) : "nothing";`,
      el,
    );
  }

  async goto(url) {
    await this.driver.get(url);
    await this.ready();
  }

  async ready() {
    await this.role("navigation", "Main");
    // Any error the page throws from here on is collected for close() (a WebDriver session
    // has no init scripts, so errors during the first load show as the crash banner instead).
    await this.driver.executeScript(`
      if (!window.__errors) {
        window.__errors = [];
        addEventListener("error", (e) => window.__errors.push(String(e.message)));
        addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));
        document.addEventListener("securitypolicyviolation", (e) => window.__errors.push("CSP " + e.violatedDirective + " " + e.blockedURI));
      }`);
  }

  async reload() {
    await this.driver.navigate().refresh();
    await this.ready();
  }

  /** Presses keys wherever the focus is. */
  async press(...keys) {
    await this.driver.actions().sendKeys(...keys).perform();
  }

  async url() {
    return this.driver.getCurrentUrl();
  }

  async storage() {
    return this.driver.executeScript("return Object.fromEntries(Object.entries(localStorage))");
  }

  async go(name) {
    const nav = await this.role("navigation", "Main");
    await this.tap(await this.role("link", name, { within: nav }));
    await this.role("heading", name, { level: 1 });
  }

  async cards() {
    const list = await this.role("list", "Characters");
    return this.all("role", null, { role: "listitem", within: list });
  }

  /** The roster card holding heading `name`, waited for. */
  async card(name) {
    return eventually(async () => {
      for (const c of await this.cards()) {
        if ((await this.count("role", name, { role: "heading", exact: true, within: c })) > 0) return c;
      }
      return null;
    }, `the card of ${name}`);
  }

  async create(system, name) {
    const first = await this.all("role", "Create your first character", { role: "button" });
    if (first.length) await this.tap(first[0]);
    else await this.click("button", "New character");
    await this.role("heading", "New character");
    await this.click("radio", new RegExp(`^${system}`));
    await this.fill(await this.role("textbox", "Name", { exact: true }), name);
    await this.click("button", "Create", { exact: true });
    await this.card(name);
  }

  async openSheet(name) {
    const card = await this.card(name);
    await this.tap(await this.role("link", name, { within: card }));
    await this.role("heading", name, { level: 1 });
  }

  async tray() {
    return this.role("dialog", "Dice tray");
  }

  /** Errors the page reported since it loaded (see ready()). */
  async errors() {
    return this.driver.executeScript("return window.__errors || []");
  }

  /** Fails on any error the page reported, and ends the browser. */
  async close() {
    try {
      assert.deepEqual(await this.errors(), []);
    } finally {
      await this.quit();
    }
  }

  async quit() {
    open.delete(this);
    await this.driver.quit().catch(() => {});
    await this.stopDriver?.();
    if (this.ownServer) await this.server.close();
  }
}
