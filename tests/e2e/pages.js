// Page objects: what a user sees and does, found by role and label.
import { expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { startServer } from "./server.js";

/** Where journeys leave screenshots for review (git ignores it). */
export const SHOTS = resolve(import.meta.dirname, "screenshots");
mkdirSync(SHOTS, { recursive: true });

/** Fails on any serious or critical axe finding, naming the screen and the elements. */
export async function audit(page, label) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

/**
 * Expects `said` (a line of words) to be in sight beside `control`, the button that caused it:
 * its top within `within` px of the control's bottom edge (or level with the control), and no
 * notice about it at the top of the page.
 */
export async function expectBeside(control, said, within = 240) {
  await expect(said).toBeVisible();
  const c = await control.boundingBox();
  const s = await said.boundingBox();
  const gap = s.y - (c.y + c.height);
  expect(gap, `the line is ${Math.round(gap)} px below its control`).toBeLessThan(within);
  expect(s.y + s.height, "the line ends above its control").toBeGreaterThan(c.y);
  const text = (await said.textContent()).trim().slice(0, 30);
  await expect(control.page().getByRole("alert").filter({ hasText: text })).toHaveCount(0);
}

/**
 * Lets a test fill storage: while `window.__fullStorage` is true, writes to keys starting with
 * `prefix` throw QuotaExceededError, as a full localStorage does. `target` is a page or a
 * context (for every tab).
 */
export async function storageCanFill(target, prefix) {
  await target.addInitScript((prefix) => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (window.__fullStorage && key.startsWith(prefix)) {
        throw new DOMException("full", "QuotaExceededError");
      }
      return real.call(this, key, value);
    };
  }, prefix);
}

/**
 * Waits until an open sheet has built every section: Play comes first, the others while the
 * page is idle (`Unfold`, src/ui/sections.rs). For checks that walk or measure the whole sheet.
 */
export async function wholeSheet(page) {
  const last = await page.getByRole("navigation", { name: "Sheet sections" }).getByRole("link").last().getAttribute("href");
  await page.locator(`#part-${last.split("/").pop()}`).waitFor({ state: "attached" });
}

/** Starts a server for one test and collects every request the page makes. */
export async function openApp(page, hash = "") {
  const server = await startServer();
  // Any Content-Security-Policy violation the browser reports fails the test at close().
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const requests = [];
  page.context().on("request", (r) => requests.push(r.url()));
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(server.url + hash);
  const app = new App(page, server, requests, errors);
  await app.ready();
  return app;
}

export class App {
  constructor(page, server, requests, errors) {
    this.page = page;
    this.server = server;
    this.requests = requests;
    this.errors = errors;
  }

  async ready() {
    await expect(this.page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }

  async reload() {
    await this.page.reload();
    await this.ready();
  }

  nav(name) {
    return this.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });
  }

  async go(name) {
    await this.nav(name).click();
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
  }

  banner(text) {
    return this.page.getByRole("alert").filter({ hasText: text });
  }

  cards() {
    return this.page.getByRole("list", { name: "Characters" }).getByRole("listitem");
  }

  card(name) {
    return this.cards().filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  async openCreate() {
    const first = this.page.getByRole("button", { name: "Create your first character" });
    if (await first.isVisible()) await first.click();
    else await this.page.getByRole("button", { name: "New character" }).click();
    await expect(this.page.getByRole("heading", { name: "New character" })).toBeVisible();
  }

  async create(system, name) {
    await this.openCreate();
    await this.page.getByRole("radio", { name: new RegExp(`^${system}`) }).check();
    await this.page.getByRole("textbox", { name: "Name" }).fill(name);
    await this.page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(this.card(name)).toBeVisible();
  }

  async rename(from, to) {
    await this.page.getByRole("button", { name: `Rename ${from}` }).click();
    await this.page.getByRole("textbox", { name: `New name for ${from}` }).fill(to);
    await this.page.getByRole("button", { name: "Save name" }).click();
  }

  async remove(name) {
    await this.page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
  }

  // Dice tray

  tray() {
    return this.page.getByRole("dialog", { name: "Dice tray" });
  }

  async openTray() {
    await this.page.getByRole("button", { name: "Dice", exact: true }).click();
    await expect(this.tray()).toBeVisible();
  }

  async trayMode(name) {
    await this.tray().getByRole("group", { name: "Tray mode" }).getByRole("button", { name, exact: true }).click();
  }

  async addDie(kind, times = 1) {
    for (let i = 0; i < times; i++) await this.tray().getByRole("button", { name: `Add one ${kind}`, exact: true }).click();
  }

  /** The value shown beside an odds line ("Success", "Pass chance", "Win"...). */
  odds(name) {
    return this.tray()
      .locator(".odds > div")
      .filter({ has: this.page.locator("dt", { hasText: new RegExp(`^${name}$`) }) })
      .locator("dd");
  }

  async roll() {
    await this.tray().getByRole("button", { name: "Roll", exact: true }).click();
  }

  result() {
    return this.tray().getByRole("region", { name: "Result" });
  }

  /** Every die in the result as its screen-reader label, by group. */
  async diceLabels(group = null) {
    const scope = group ? this.result().getByRole("list", { name: `${group} dice` }) : this.result();
    return scope.getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  }

  async outcome() {
    return (await this.result().locator(".outcome").textContent()).trim();
  }

  trayMessage() {
    return this.tray().getByRole("alert");
  }

  async storage() {
    return this.page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  }

  async cspViolations() {
    return this.page.evaluate(() => window.__csp ?? []);
  }

  async close() {
    expect(await this.cspViolations()).toEqual([]);
    await this.server.close();
  }
}
