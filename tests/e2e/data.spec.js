import { test, expect } from "@playwright/test";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApp, storageCanFill } from "./pages.js";

async function exportEverything(page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export everything" }).click(),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), "satchel-")), download.suggestedFilename());
  await download.saveAs(path);
  return { path, name: download.suggestedFilename(), text: readFileSync(path, "utf8") };
}

function writeTemp(name, text) {
  const path = join(mkdtempSync(join(tmpdir(), "satchel-")), name);
  writeFileSync(path, text);
  return path;
}

async function pick(page, path) {
  await page.getByLabel("Import a file…").setInputFiles(path);
}

test("export everything, then import it into an empty browser", async ({ page, browser }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await app.create("Expedition", "Rook");
  await app.go("Settings");
  await expect(page.getByText("You have not exported everything")).toBeVisible();
  const file = await exportEverything(page);
  expect(file.name).toMatch(/^satchel-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(file.text);
  expect(json.format).toBe("satchel-export");
  expect(json.characters.map((c) => c.name).sort()).toEqual(["Rook", "Vex Arrandi"]);
  await expect(page.getByText(/^Last full export: /)).toBeVisible();

  // A different browser profile: nothing stored yet.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  const other = await openApp(fresh, "#/settings");
  await pick(fresh, file.path);
  await expect(fresh.getByRole("heading", { name: /Import 2 characters from Satchel/ })).toBeVisible();
  await expect(fresh.getByText("New: Vex Arrandi (Ix)")).toBeVisible();
  await fresh.getByRole("button", { name: "Import", exact: true }).click();
  await expect(fresh.getByText("Imported 2 characters.")).toBeVisible();
  await other.go("Roster");
  await other.reload();
  await expect(other.cards()).toHaveCount(2);
  await other.close();
  await context.close();
  await app.close();
});

test("conflicts: keep both or replace, as the user chooses", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Original");
  await app.go("Settings");
  const file = await exportEverything(page);
  await app.go("Roster");
  await app.rename("Original", "Changed here");

  await app.go("Settings");
  await pick(page, file.path);
  await expect(page.getByText("Already here: Original (here as Changed here)")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await app.go("Roster");
  await expect(app.card("Changed here")).toBeVisible();
  await expect(app.card("Original (imported)")).toBeVisible();

  await app.go("Settings");
  await pick(page, file.path);
  await page.getByRole("radio", { name: /Replace the ones here/ }).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await app.go("Roster");
  await expect(app.card("Original")).toBeVisible();
  await expect(app.card("Changed here")).toHaveCount(0);
  await expect(app.cards()).toHaveCount(2);
  await app.close();
});

test("damaged, foreign, newer and oversized files are refused and change nothing", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Keeper");
  await app.go("Settings");
  const before = await app.storage();
  const cases = [
    ["broken.json", '{"format":"satchel-export","version":1,', "not valid JSON"],
    ["other.json", '{"hello":"world"}', "not a Satchel export"],
    ["newer.json", '{"format":"satchel-export","version":7,"characters":[]}', "made by a newer Satchel"],
    [
      "bad-character.json",
      JSON.stringify({
        format: "satchel-export", version: 1, app: "x", exported_ms: 0, kind: "everything",
        characters: [
          { schema: 1, id: "ok1", system: "ix", name: "Fine", rev: 1, updated_ms: 0 },
          { schema: 1, id: "bad", system: "chess", name: "Bad", rev: 1, updated_ms: 0 },
        ],
      }),
      "Character 2 in the file cannot be imported",
    ],
    ["huge.json", " ".repeat(2 * 1024 * 1024 + 10), "imports files up to 2048 KB"],
  ];
  for (const [name, text, message] of cases) {
    await pick(page, writeTemp(name, text));
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  }
  expect(await app.storage()).toEqual(before);
  await app.close();
});

test("markup in an imported file renders as text", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs += 1;
    d.dismiss();
  });
  const app = await openApp(page, "#/settings");
  const fixture = new URL("../fixtures/export-v1.json", import.meta.url).pathname;
  await pick(page, fixture);
  await expect(page.getByText("New: <img src=x onerror=alert(1)> (Expedition)")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await app.go("Roster");
  await expect(app.card("<img src=x onerror=alert(1)>")).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  expect(dialogs).toBe(0);
  await app.close();
});

test("exporting one character downloads just that one", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Solo Sal");
  await app.create("Ix", "Other");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Solo Sal" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("satchel-solo-sal.json");
  const json = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(json.kind).toBe("character");
  expect(json.characters.map((c) => c.name)).toEqual(["Solo Sal"]);
  await app.close();
});

test("an unsaved edit meeting another tab's edit of the same field is kept, the tab is told, and the other edit goes to History", async ({ page, context }) => {
  await storageCanFill(context, "satchel/v1/character/");
  const a = await openApp(page);
  await a.create("Ix", "Contested");
  const pageB = await context.newPage();
  await pageB.goto(a.server.url);
  await expect(pageB.getByRole("heading", { name: "Contested", exact: true })).toBeVisible();

  // Tab B cannot save for a moment, so its rename waits in memory.
  await pageB.evaluate(() => (window.__fullStorage = true));
  await pageB.getByRole("button", { name: "Rename Contested" }).click();
  await pageB.getByRole("textbox", { name: "New name for Contested" }).fill("B's name");
  await pageB.getByRole("button", { name: "Save name" }).click();
  await expect(pageB.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();

  await a.rename("Contested", "A's name");
  // B keeps its own unsaved edit rather than losing it.
  await expect(pageB.getByRole("heading", { name: "B's name", exact: true })).toBeVisible();

  await pageB.evaluate(() => (window.__fullStorage = false));
  await pageB.getByRole("button", { name: "Try saving again" }).click();
  await expect(pageB.getByRole("alert").filter({ hasText: "Not saved" })).toHaveCount(0);

  // B's unsaved name was kept over A's, B was told, and A's name is in History.
  await expect(pageB.getByRole("alert").filter({ hasText: "another tab" })).toContainText(
    "Both changes are kept, except name (changed in both): this tab's unsaved change is kept, and History has the other tab's.",
  );
  await expect(page.getByRole("heading", { name: "B's name", exact: true })).toBeVisible();
  const all = await a.storage();
  const versions = Object.keys(all).filter((k) => k.startsWith("satchel/v1/history/"));
  expect(versions.some((k) => JSON.parse(all[k]).name === "A's name")).toBe(true);
  await a.close();
});

test("settings say whether the browser keeps the data", async ({ page }) => {
  const app = await openApp(page, "#/settings");
  await expect(page.getByText(/promised to keep Satchel's data|does not say whether/)).toBeVisible();
  await app.close();
});

test("a browser without a storage manager (WebKitGTK has none) creates as usual, and Settings says what to do instead", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "storage", { get: () => undefined }));
  const app = await openApp(page);
  await app.create("Ix", "First");
  await app.go("Settings");
  await expect(page.getByText(/^This browser does not say whether it keeps site data, so Satchel cannot ask it to: export now and then/)).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});

test("creating the first character asks the browser to keep the data, and Settings says it did", async ({ page }) => {
  await page.addInitScript(() => {
    let kept = false;
    window.__persistAsked = 0;
    const storage = navigator.storage;
    storage.persist = async () => {
      window.__persistAsked += 1;
      kept = true;
      return true;
    };
    storage.persisted = async () => kept;
  });
  const app = await openApp(page);
  expect(await page.evaluate(() => window.__persistAsked)).toBe(0);
  await app.create("Ix", "First");
  await expect.poll(() => page.evaluate(() => window.__persistAsked)).toBe(1);
  // A second character asks nothing more.
  await app.create("Expedition", "Second");
  await app.go("Settings");
  await expect(page.getByText(/This browser has promised to keep Satchel's data/)).toBeVisible();
  expect(await page.evaluate(() => window.__persistAsked)).toBe(1);
  await app.close();
});

test("a character another tab deletes while its sheet is open here is kept until this tab decides", async ({ page, context }) => {
  const a = await openApp(page);
  await a.create("Ix", "Vex");
  await a.card("Vex").getByRole("link", { name: "Vex" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vex" })).toBeVisible();

  const pageB = await context.newPage();
  await pageB.goto(a.server.url);
  await pageB.getByRole("button", { name: "Delete Vex", exact: true }).click();
  await expect(pageB.getByRole("heading", { name: "Vex", exact: true })).toHaveCount(0);

  // Tab A still shows the sheet, says what happened, and keeping it saves it for every tab.
  const banner = a.banner("Another tab deleted Vex");
  await expect(banner).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Vex" })).toBeVisible();
  await banner.getByRole("button", { name: "Keep Vex" }).click();
  await expect(banner).toHaveCount(0);
  await expect(pageB.getByRole("heading", { name: "Vex", exact: true })).toBeVisible();

  // Deleted again: this time tab A lets it go and is back on the roster.
  await pageB.getByRole("button", { name: "Delete Vex", exact: true }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Let it go" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roster" })).toBeVisible();
  await expect(a.card("Vex")).toHaveCount(0);
  await a.reload();
  await expect(a.card("Vex")).toHaveCount(0);
  await pageB.close();
  await a.close();
});

test("an import that storage cannot hold writes nothing, says so, and goes through once there is room", async ({ page, browser }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await app.create("Expedition", "Rook");
  await app.go("Settings");
  const file = await exportEverything(page);

  // Another browser with room for one more character only.
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (window.__room !== undefined && key.startsWith("satchel/v1/character/")) {
        if (window.__room <= 0) throw new DOMException("full", "QuotaExceededError");
        window.__room -= 1;
      }
      return real.call(this, key, value);
    };
  });
  const fresh = await context.newPage();
  const other = await openApp(fresh);
  await other.create("Ix", "Already here");
  await other.go("Settings");
  await fresh.evaluate(() => (window.__room = 1));
  await pick(fresh, file.path);
  await fresh.getByRole("button", { name: "Import", exact: true }).click();
  await expect(fresh.getByText(/^Nothing was imported: /)).toBeVisible();
  const keys = Object.keys(await other.storage()).filter((k) => k.startsWith("satchel/v1/character/"));
  expect(keys).toHaveLength(1);
  await other.go("Roster");
  await expect(other.cards()).toHaveCount(1);

  // Room again: the same file imports whole.
  await fresh.evaluate(() => (window.__room = undefined));
  await other.go("Settings");
  await pick(fresh, file.path);
  await fresh.getByRole("button", { name: "Import", exact: true }).click();
  await expect(fresh.getByText("Imported 2 characters.")).toBeVisible();
  await other.reload();
  await other.go("Roster");
  await expect(other.cards()).toHaveCount(3);
  await other.close();
  await context.close();
  await app.close();
});

test("a damaged record storage has no room to set aside is listed in Settings, to download or discard", async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem("satchel/v1/character/bad")) {
      localStorage.setItem("satchel/v1/character/bad", "{ damaged and too big to copy");
    }
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith("satchel/v1/quarantine/")) throw new DOMException("full", "QuotaExceededError");
      return real.call(this, key, value);
    };
  });
  const app = await openApp(page);
  await expect(app.banner("could not be read")).toContainText("left exactly as it was");
  await app.go("Settings");
  const item = page.getByRole("listitem").filter({ hasText: "satchel/v1/character/bad" });
  await expect(page.getByRole("heading", { name: "Damaged records left in place" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("button", { name: "Download" }).click()]);
  expect(readFileSync(await download.path(), "utf8")).toBe("{ damaged and too big to copy");
  await item.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("heading", { name: "Damaged records left in place" })).toHaveCount(0);
  expect(await app.storage()).not.toHaveProperty("satchel/v1/character/bad");
  await app.close();
});

test("a crafted link or file cannot replace a good copy, nor the GM's sealed checks: refused with the reason, nothing changed", async ({ page }) => {
  const { deflateRawSync, inflateRawSync } = await import("node:zlib");
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await page.getByRole("button", { name: "Share Vex" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Vex" });
  const link = await dialog.getByRole("textbox", { name: "Character link" }).inputValue();
  await page.keyboard.press("Escape");
  // The same character with a higher revision and one sheet field taken out.
  const packed = link.split("#/share/")[1];
  const record = JSON.parse(inflateRawSync(Buffer.from(packed, "base64url")).toString("utf8"));
  record.rev += 5;
  delete record.sheet.ix.character.health.strain_max;
  const crafted = "#/share/" + deflateRawSync(Buffer.from(JSON.stringify(record)), { level: 9 }).toString("base64url");
  await app.go("Settings");
  const before = await app.storage();
  await page.goto(app.server.url + crafted);
  await app.ready();
  await expect(page.getByRole("heading", { name: "This link cannot be opened" })).toBeVisible();
  await expect(page.getByText(/strain_max/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Update/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Back to the roster" }).click();
  await expect(app.card("Vex")).toBeVisible();

  // A file carrying the same record, or a sealed-checks document of a newer schema.
  await app.go("Settings");
  const file = (characters, documents) => JSON.stringify({
    format: "satchel-export", version: 1, app: "x", exported_ms: 0, kind: "everything", characters, documents,
  });
  await pick(page, writeTemp("crafted.json", file([record], [])));
  await expect(page.getByText(/Character 1 in the file has a value .*strain_max/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  await pick(page, writeTemp("seal.json", file([], [{ name: "sealed-checks", doc: { schema: 99, checks: [] } }])));
  await expect(page.getByText(/sealed-checks|sealed checks/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toHaveCount(0);
  expect(await app.storage()).toEqual(before);
  await app.go("Roster");
  await app.reload();
  await expect(app.card("Vex")).toBeVisible();
  await app.close();
});
