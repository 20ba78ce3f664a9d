// A first visit on a slow phone (issue 20): what the first load leaves out, and how it still
// arrives before it is needed. Timings are the bench's business (tests/e2e/bench.js); these
// tests check what is fetched, when, and that no screen shows unstyled.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { openApp } from "./pages.js";

const SCREEN_STYLES = /\/(tray|sheet|ix|exp|gear)-[0-9a-f]+\.css$/;

/**
 * A context of its own with the service worker blocked (its background copy of every file would
 * blur what the page itself fetches), and the app opened in it.
 */
async function appWithoutWorker(browser) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  return { context, page, app: await openApp(page) };
}

/** Resource paths the page fetched, split at the moment the roster became usable. */
async function fetchedAround(page) {
  return page.evaluate(() => {
    const ready = performance.getEntriesByName("satchel-interactive")[0].startTime;
    const all = performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.startTime <= ready]);
    return { first: all.filter(([, f]) => f).map(([p]) => p), later: all.filter(([, f]) => !f).map(([p]) => p) };
  });
}

test("the first load carries the roster's styles in the page and nothing else; the next sheet and the screens' styles follow once it is idle", async ({ browser }) => {
  const { context, page, app } = await appWithoutWorker(browser);
  // The roster's styles are in the page itself: the first paint waits for no stylesheet.
  const served = await page.evaluate(() => fetch(location.href.split("#")[0]).then((r) => r.text()));
  expect(served.match(/<style>/g)).toHaveLength(1);
  expect(served).not.toMatch(/<link[^>]*rel="stylesheet"/);
  await expect(page.getByRole("button", { name: "Create your first character" })).toHaveCSS("min-height", "44px");
  const listed = (await page.locator('meta[name="satchel-styles"]').getAttribute("content")).split(" ");
  expect(listed).toHaveLength(5);
  for (const href of listed) expect(href).toMatch(SCREEN_STYLES);

  // Once the roster is idle: the screens' styles, the Ix sheet (the new-character form's
  // default game) and the tray's panel, without a tap.
  await expect.poll(() => app.requests.filter((u) => /split_ix_sheet-/.test(u)).length).toBe(1);
  await expect.poll(() => app.requests.filter((u) => /split_tray-/.test(u)).length).toBe(1);
  const { first, later } = await fetchedAround(page);
  expect(first.filter((p) => p.endsWith(".css"))).toEqual([]);
  expect(first.filter((p) => /split_|chunk_/.test(p))).toEqual([]);
  expect(later.filter((p) => SCREEN_STYLES.test(p))).toHaveLength(5);
  expect(app.requests.filter((u) => /split_exp_sheet-/.test(u))).toEqual([]);
  // The manifest (and the icon the browser fetches for it) only once the roster is usable:
  // not sharing the slow link with the wasm, but there for installing.
  expect(first.filter((p) => /manifest|\.png$/.test(p))).toEqual([]);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "manifest.webmanifest");
  expect(await page.evaluate(() => fetch("manifest.webmanifest").then((r) => r.json()).then((m) => m.short_name))).toBe("Satchel");
  // The roster's styles travel minified, without their comments.
  expect(served.match(/<style>([^<]*)<\/style>/)[1]).not.toContain("/*");

  // Choosing the other game in the form fetches its sheet before Create is pressed.
  await app.openCreate();
  await page.getByRole("radio", { name: /^Expedition/ }).check();
  await expect.poll(() => app.requests.filter((u) => /split_exp_sheet-/.test(u)).length).toBe(1);
  await app.close();
  await context.close();
});

test("a link straight to a sheet waits for its styles, even when they are slow, and a failed style file does not stop it", async ({ browser }) => {
  const { context, page: setup, app } = await appWithoutWorker(browser);
  await app.create("Ix", "Linked Lio");
  await setup.getByRole("link", { name: "Linked Lio" }).click();
  await expect(setup.getByRole("heading", { level: 1, name: "Linked Lio" })).toBeVisible();
  const sheetUrl = setup.url();

  // A fresh page, opened on the sheet's address, with the sheet's styles held back 800 ms:
  // the sheet appears only with them.
  const page = await context.newPage();
  await page.route(/\/sheet-[0-9a-f]+\.css$/, async (route) => {
    await new Promise((ok) => setTimeout(ok, 800));
    await route.continue();
  });
  await page.goto(sheetUrl);
  const heading = page.getByRole("heading", { level: 1, name: "Linked Lio" });
  await expect(heading).toBeVisible();
  // At the first moment the heading is there, the sheet is already laid out by sheet.css.
  expect(await page.locator("section.sheet").evaluate((s) => getComputedStyle(s).display)).toBe("grid");
  await page.close();

  // A style file that cannot be fetched: the sheet still opens, its data whole.
  const broken = await context.newPage();
  await broken.route(/\/ix-[0-9a-f]+\.css$/, (route) => route.abort());
  await broken.goto(sheetUrl);
  await expect(broken.getByRole("heading", { level: 1, name: "Linked Lio" })).toBeVisible();
  await expect(broken.getByRole("region", { name: "Wounds and Strain" })).toBeVisible();
  await broken.close();
  await app.close();
  await context.close();
});

test("a sheet that does not fit its game is set aside once the sheets are read, and never opens; one out of range is named", async ({ browser }) => {
  const { context, page: setup, app } = await appWithoutWorker(browser);
  await app.create("Ix", "Bent Bo");
  await app.create("Ix", "Fine Fen");
  await app.create("Ix", "Odd Ola");
  // Bent Bo's sheet becomes one no Ix sheet can be; Odd Ola's a well-formed sheet with a
  // value out of range. Both are valid JSON, so start-up lists them by name.
  const ids = await setup.evaluate(() => {
    const out = {};
    for (const id of JSON.parse(localStorage.getItem("satchel/v1/index")).characters) {
      const key = `satchel/v1/character/${id}`;
      const doc = JSON.parse(localStorage.getItem(key));
      out[doc.name] = id;
      if (doc.name === "Bent Bo") doc.sheet = { ix: { character: "not a character" } };
      if (doc.name === "Odd Ola") doc.sheet.ix.character.characteristics.might = 99;
      localStorage.setItem(key, JSON.stringify(doc));
    }
    return out;
  });
  const bentRaw = await setup.evaluate((id) => localStorage.getItem(`satchel/v1/character/${id}`), ids["Bent Bo"]);

  // Straight to the damaged sheet's address: it never opens; the check sets it aside first.
  const page = await context.newPage();
  await page.goto(setup.url().split("#")[0] + `#/c/${ids["Bent Bo"]}`);
  await expect(page.getByRole("alert").filter({ hasText: "set aside untouched" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Character not found" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Odd Ola has a value out of range" })).toBeVisible();
  // Set aside byte for byte, and the rest of the roster as it was.
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  const aside = Object.keys(stored).filter((k) => k.startsWith("satchel/v1/quarantine/"));
  expect(aside).toHaveLength(1);
  expect(stored[aside[0]]).toBe(bentRaw);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roster" }).click();
  await expect(page.getByRole("list", { name: "Characters" }).getByRole("listitem")).toHaveCount(2);
  await page.close();
  await app.close();
  await context.close();
});

test("characters saved by an earlier Satchel join the roster in their places once brought up to date, and open straight from their address", async ({ browser }) => {
  const { context, page: setup, app } = await appWithoutWorker(browser);
  await app.create("Ix", "Now Nia");
  const fixtures = ["character-v1.json", "character-v2-ix.json", "character-v2-expedition.json"].map((f) =>
    readFileSync(new URL(`../fixtures/${f}`, import.meta.url), "utf8"),
  );
  // The roster's order puts the older records around the current one.
  await setup.evaluate((raws) => {
    const put = (raw) => {
      const id = JSON.parse(raw).id;
      localStorage.setItem(`satchel/v1/character/${id}`, raw);
      return id;
    };
    const index = JSON.parse(localStorage.getItem("satchel/v1/index"));
    index.characters = [put(raws[0]), ...index.characters, put(raws[1]), put(raws[2])];
    localStorage.setItem("satchel/v1/index", JSON.stringify(index));
  }, fixtures);
  await app.reload();
  const cards = setup.getByRole("list", { name: "Characters" }).getByRole("listitem");
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole("link")).toHaveText(["Rook of the Ninth Lantern", "Now Nia", "Vex", "Mara Vell"]);
  await expect(setup.getByRole("alert")).toHaveCount(0);
  // Read, not rewritten: each stays as stored until it is next saved.
  const stored = await setup.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  expect(stored["satchel/v1/character/vex-v2"]).toBe(fixtures[1]);

  // Straight to an older record's address in a fresh page: its sheet opens.
  const page = await context.newPage();
  await page.goto(setup.url().split("#")[0] + "#/c/mara-v2");
  await expect(page.getByRole("heading", { level: 1, name: "Mara Vell" })).toBeVisible();
  await page.close();
  await app.close();
  await context.close();
});

test("the first-load wasm calls its JavaScript by short names, and carries no unused stream classes", async ({ browser }) => {
  const { context, page, app } = await appWithoutWorker(browser);
  const seen = await page.evaluate(async () => {
    const url = (re) => performance.getEntriesByType("resource").map((e) => e.name).find((n) => re.test(n));
    const glue = await fetch(url(/\/satchel-[0-9a-f]+\.js$/)).then((r) => r.text());
    const module = await WebAssembly.compileStreaming(fetch(url(/\/satchel-[0-9a-f]+_bg\.wasm$/)));
    return { glue, imports: WebAssembly.Module.imports(module), exports: WebAssembly.Module.exports(module) };
  });
  // Every function the glue gives the wasm is under module "a" with a name of 1-3 letters and
  // digits; only the chunk loader's imports keep their names.
  const ours = seen.imports.filter((i) => i.module !== "./__wasm_split.js");
  expect(ours.length).toBeGreaterThan(100);
  for (const i of ours) {
    expect(i.module).toBe("a");
    expect(i.name).toMatch(/^[A-Za-z][A-Za-z0-9]{0,2}$/);
  }
  expect(seen.glue).not.toContain("__wbg_");
  expect(seen.glue).not.toMatch(/intounderlying/i);
  expect(seen.exports.map((e) => e.name).filter((n) => /intounderlying/i.test(n))).toEqual([]);
  // And it works: a character made here is on the roster.
  await app.create("Ix", "Ilse");
  await app.rename("Ilse", "Ilse Varn");
  await expect(app.card("Ilse Varn")).toBeVisible();
  await app.close();
  await context.close();
});
