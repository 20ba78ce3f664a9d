// The journeys that matter, in WebKit (issue 48), each in a fresh WebKitGTK at 390x844: the
// first visit and create, a reload, a sheet's sections, the tray from a skill and a roll,
// storage full and a damaged record, export and import of a file, a share link, and offline
// once visited. Run by scripts/test after the Chromium journeys (see webkit.mjs).
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Key, closeAll, eventually, openApp as open } from "./webkit.mjs";
import { startServer } from "../e2e/server.js";

// Downloads land here: WebKitGTK saves them to the user's download folder, which GLib reads
// from $XDG_CONFIG_HOME/user-dirs.dirs.
const home = mkdtempSync(join(tmpdir(), "satchel-webkit-"));
const downloads = join(home, "downloads");
const env = { XDG_CONFIG_HOME: join(home, "config") };
const openApp = (hash = "", opts = {}) => open(hash, { env, ...opts });

before(() => {
  mkdirSync(join(home, "config"), { recursive: true });
  mkdirSync(downloads);
  writeFileSync(join(home, "config", "user-dirs.dirs"), `XDG_DOWNLOAD_DIR="${downloads}"\n`);
});

// A failed journey leaves its browsers open; the next starts clean.
afterEach(closeAll);
after(() => rmSync(home, { recursive: true, force: true }));

test("first visit: the roster and a way to create; one character of each game, kept across a reload", async (t) => {
  const start = Date.now();
  const app = await openApp();
  t.diagnostic(`roster usable ${Date.now() - start} ms after the session was asked for`);
  assert.deepEqual(await app.driver.executeScript("return [innerWidth, innerHeight]"), [390, 844]);
  await app.role("heading", "Roster", { level: 1 });
  await app.role("heading", "No characters yet");
  await app.role("button", "Create your first character");
  await app.role("button", "Dice", { exact: true });

  await app.create("Ix", "Vex Arrandi");
  await app.create("Expedition", "Rook");
  await app.reload();
  assert.equal((await app.cards()).length, 2);
  await app.expectText(await app.card("Vex Arrandi"), "Ix");
  await app.expectText(await app.card("Rook"), "Expedition");
  const stored = await app.storage();
  const index = JSON.parse(stored["satchel/v1/index"]);
  assert.equal(index.characters.length, 2);
  for (const id of index.characters) {
    const doc = JSON.parse(stored[`satchel/v1/character/${id}`]);
    assert.equal(doc.schema, 3);
    assert.equal(Object.keys(doc.sheet).length, 1);
  }
  await app.close();
});

test("a sheet's sections: the bar jumps, the address keeps the section, reload and Back land on it", async () => {
  const app = await openApp();
  await app.create("Ix", "Vex");
  await app.openSheet("Vex");
  const bar = await app.role("navigation", "Sheet sections");
  const links = await app.all("role", null, { role: "link", within: bar });
  const names = [];
  for (const l of links) names.push(await app.textOf(l));
  assert.deepEqual(
    names.map((n) => n.replace(/\W.*/, "")),
    ["Play", "Skills", "Character", "Magic", "Gear", "Notes"],
  );
  assert.equal(await links[0].getAttribute("aria-current"), "location");
  // Play comes first: what a fight needs is on the first screen.
  assert.ok(await app.inView(await app.role("heading", "Wounds and Strain")));

  const gearHeading = async () => (await app.all("role", "Gear", { role: "heading", level: 2, exact: true })).at(-1);
  await app.tap(await app.role("link", "Gear", { within: bar }));
  await eventually(async () => /#\/c\/[\w-]+\/gear$/.test(await app.url()), "the address of Gear");
  await eventually(async () => app.inView(await gearHeading()), "the Gear heading in view");
  assert.ok(await app.inView(await app.role("navigation", "Sheet sections")));
  assert.equal(await (await app.role("link", "Gear", { within: bar })).getAttribute("aria-current"), "location");

  await app.reload();
  await eventually(async () => app.inView(await gearHeading()), "the Gear heading in view after a reload");

  await app.tap(await app.role("link", "Notes", { within: await app.role("navigation", "Sheet sections") }));
  await eventually(async () => app.inView(await app.role("textbox", "Notes", { exact: true })), "Notes in view");
  await app.driver.navigate().back();
  await eventually(async () => /\/gear$/.test(await app.url()), "Back to Gear's address");
  await eventually(async () => app.inView(await gearHeading()), "the Gear heading in view after Back");
  await app.close();
});

test("the tray: Roll with no dice is refused once, beside Roll; a skill opens the tray with its pool, and a roll's result is in view", async () => {
  const app = await openApp();
  await app.click("button", "Dice", { exact: true });
  let tray = await app.tray();
  await app.tap(await app.role("button", "Ix", { exact: true, within: await app.role("group", "Tray mode", { within: tray }) }));
  const roll = await app.role("button", "Roll", { exact: true, within: tray });
  await app.tap(roll);
  const refusal = await app.role("alert", "Add at least one die first.", { within: tray });
  // Said once, in one style: the summary above Roll does not say it again.
  await new Promise((ok) => setTimeout(ok, 300));
  assert.equal(await app.count("text", "Add at least one die first.", { within: tray }), 1);
  const [said, button] = await app.driver.executeScript(
    "return [arguments[0].getBoundingClientRect().toJSON(), arguments[1].getBoundingClientRect().toJSON()]",
    refusal,
    roll,
  );
  const gap = button.top - said.bottom;
  assert.ok(gap >= 0 && gap < 40, `the refusal ends ${gap} px above Roll`);
  await app.click("button", "Add one Ability die", { exact: true, within: tray });
  await app.gone("text", "Add at least one die first.", { within: tray });
  await app.click("button", "Close", { within: tray });
  await app.gone("role", "Dice tray", { role: "dialog" });

  await app.create("Ix", "Vex Arrandi");
  await app.openSheet("Vex Arrandi");
  const skills = await app.role("region", "Skills", { exact: true });
  for (let i = 0; i < 2; i++) await app.click("button", "Raise Medicine rank", { within: skills });
  await app.click("button", "Hard", { within: skills });
  await app.click("button", /^Medicine.*roll$/, { within: skills });
  tray = await app.tray();
  await app.expectText(await app.one("css", ".pool-words", { within: tray }), /^\d Ability, 2 Mastery vs 3 Trial$|Mastery.* vs 3 Trial$/);
  await app.tap(await app.role("button", "Roll", { exact: true, within: tray }));
  const result = await app.role("region", "Result", { within: tray });
  const outcome = await app.one("css", ".outcome", { within: result });
  await app.expectText(outcome, /^(Success|Failure)/);
  // The outcome and the dice in view at once, nothing over the words, Roll and Close in reach.
  await eventually(async () => app.inView(outcome), "the outcome in view");
  assert.ok(await app.inView(await app.one("css", "ul.dice", { within: result, first: true })));
  assert.equal(await app.coveredBy(outcome), null);
  assert.ok(await app.inView(await app.role("button", "Roll", { exact: true, within: tray })));
  assert.ok(await app.inView(await app.role("button", "Close", { within: tray })));
  const dice = await app.all("role", null, { role: "img", within: result });
  assert.ok(dice.length >= 4, `${dice.length} dice shown`);
  await app.close();
});

test("full storage keeps the change in memory, says so, and saves on the next change", async () => {
  const app = await openApp();
  // A WebDriver session has no init scripts; the app looks setItem up on each write, so a
  // patch made now is in force for every later write (as storageCanFill in tests/e2e/pages.js).
  await app.driver.executeScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (window.__fullStorage && key.startsWith("satchel/v1/character/")) throw new DOMException("full", "QuotaExceededError");
      return real.call(this, key, value);
    };
    window.__fullStorage = true;
  });
  await app.create("Ix", "Unsaved Uma");
  await app.expectText(await app.role("alert", "Not saved"), "storage for Satchel is full");
  assert.equal(await app.driver.executeScript("return document.documentElement.dataset.unsaved"), "true");
  await app.driver.executeScript("window.__fullStorage = false");
  await app.create("Expedition", "Next change");
  await app.gone("role", "Not saved", { role: "alert" });
  await app.reload();
  await app.card("Unsaved Uma");
  await app.card("Next change");
  await app.close();
});

test("a damaged record shows the banner, the rest loads, and it is kept untouched", async () => {
  const app = await openApp();
  await app.create("Ix", "Healthy");
  const raw = '{"schema":1,"id":"deadbeef","system":"ix","name":"Half-writ';
  await app.driver.executeScript((raw) => {
    localStorage.setItem("satchel/v1/character/deadbeef", raw);
    const index = JSON.parse(localStorage.getItem("satchel/v1/index"));
    index.characters.push("deadbeef");
    localStorage.setItem("satchel/v1/index", JSON.stringify(index));
  }, raw);
  await app.reload();
  await app.role("alert", "A character could not be read");
  await app.card("Healthy");
  const kept = Object.entries(await app.storage()).filter(([k]) => k.startsWith("satchel/v1/quarantine/"));
  assert.equal(kept.length, 1);
  assert.match(kept[0][0], /character\/deadbeef$/);
  assert.equal(kept[0][1], raw);
  await app.go("Settings");
  await app.text(kept[0][0]);
  assert.equal((await app.storage())[kept[0][0]], raw);
  await app.close();
});

test("export everything to a file, then import that file into an empty browser", async () => {
  const server = await startServer();
  const app = await openApp("", { server });
  await app.create("Ix", "Vex Arrandi");
  await app.create("Expedition", "Rook");
  await app.go("Settings");
  await app.text("You have not exported everything");
  await app.click("button", "Export everything");
  // WebKitGTK saves the download itself, to the download folder named above.
  const name = await eventually(() => readdirSync(downloads).find((f) => /^satchel-backup-\d{4}-\d{2}-\d{2}\.json$/.test(f)), "the exported file");
  const path = join(downloads, name);
  const json = await eventually(() => JSON.parse(readFileSync(path, "utf8")), "the exported file complete");
  assert.equal(json.format, "satchel-export");
  assert.deepEqual(json.characters.map((c) => c.name).sort(), ["Rook", "Vex Arrandi"]);
  await app.text(/^Last full export: /);

  // Another browser, nothing stored: the file is picked in Settings, previewed, imported.
  const other = await openApp("#/settings", { server });
  const input = await other.one("label", "Import a file…", { visible: false });
  await input.sendKeys(path);
  await other.role("heading", /Import 2 characters from Satchel/);
  await other.text("New: Vex Arrandi (Ix)");
  await other.click("button", "Import", { exact: true });
  await other.text("Imported 2 characters.");
  await other.go("Roster");
  await other.reload();
  assert.equal((await other.cards()).length, 2);
  await other.close();
  await app.close();
  await server.close();
});

test("a character shared by link opens in another browser, previewed, and is saved only on request", async () => {
  const server = await startServer();
  const app = await openApp("", { server });
  const name = "Wandering <i>Wren</i>";
  await app.create("Expedition", name);
  await app.click("button", `Share ${name}`);
  const dialog = await app.role("dialog", `Share ${name}`);
  await app.role("img", "QR code of the status update", { within: dialog });
  const link = await (await app.role("textbox", "Character link", { within: dialog })).getAttribute("value");
  assert.ok(link.startsWith(server.url + "#/share/"), link);
  // WebKitGTK has no share sheet (navigator.share): the dialog offers Copy alone, no Share
  // button that would do nothing.
  assert.equal(await app.driver.executeScript("return typeof navigator.share"), "undefined");
  assert.equal(await app.count("role", /^Share the/, { role: "button", within: dialog }), 0);
  await app.tap(await app.role("button", "Copy the character link", { within: dialog }));
  await app.text(/^(Copied|Could not copy: select the link and copy it by hand\.)$/, { within: dialog });
  await app.press(Key.ESCAPE);
  await app.gone("role", `Share ${name}`, { role: "dialog" });

  const friend = await openApp(link.slice(server.url.length), { server });
  await friend.role("heading", "A character was shared with you");
  await friend.text(name, { exact: true });
  assert.equal((await friend.storage())["satchel/v1/index"], undefined);
  await friend.click("button", "Save to my roster");
  await friend.card(name);
  await eventually(async () => /#\/roster$/.test(await friend.url()), "the roster's address");
  await friend.reload();
  assert.equal((await friend.cards()).length, 1);
  await friend.close();
  await app.close();
  await server.close();
});

test("what WebKit lacks: no storage manager, so Settings says what to do instead; no barcode detector or idle callbacks, and the app still works", async (t) => {
  const app = await openApp();
  const apis = await app.driver.executeScript(
    "return { storage: typeof navigator.storage, barcode: typeof BarcodeDetector, idle: typeof requestIdleCallback, locks: typeof navigator.locks, rtc: typeof RTCPeerConnection }",
  );
  // WebKitGTK 2.50 as Debian builds it; docs/engines.md says how the app handles each.
  assert.equal(apis.barcode, "undefined");
  assert.equal(apis.idle, "undefined");
  await app.create("Ix", "First");
  await app.go("Settings");
  if (apis.storage === "undefined") {
    await app.text(/^This browser does not say whether it keeps site data, so Satchel cannot ask it to: export now and then/);
  } else {
    await app.text(/promised to keep Satchel's data|does not say whether/);
  }

  // Scan a code: the camera is asked for only now; WebKitGTK here has no camera to give (and
  // no barcode detector: a frame would go to the wasm decoder), so the scanner says why, in
  // words, beside its button, and nothing else breaks.
  await app.goto(app.server.url + "#/table/status");
  const scan = await app.click("button", "Scan a code");
  const said = await eventually(async () => {
    for (const a of await app.all("role", null, { role: "alert" })) {
      const t = await app.textOf(a);
      if (/camera/.test(t)) return t;
    }
    return null;
  }, "the scanner's answer");
  t.diagnostic(`Scan a code in WebKitGTK: ${said}`);
  assert.match(said, /^(This device has no camera Satchel can use|The camera was refused)/);
  assert.ok(await scan.isDisplayed());
  assert.deepEqual(await app.errors(), []);
  await app.close();
});

test("works offline after one visit: the service worker serves the app, its screens and its data", async (t) => {
  const server = await startServer();
  const app = await openApp("", { server });
  await app.create("Ix", "Offline Oona");
  const controlled = await app.driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    if (!("serviceWorker" in navigator)) return done("no service worker");
    navigator.serviceWorker.ready.then(() => {
      if (navigator.serviceWorker.controller) return done("controlled");
      navigator.serviceWorker.addEventListener("controllerchange", () => done("controlled"), { once: true });
    });
    setTimeout(() => done("not controlled after 20 s"), 20000);`);
  assert.equal(controlled, "controlled");
  // The server stops: from here on, only the service worker's copy answers.
  await server.close();
  await app.reload();
  await app.card("Offline Oona");
  await app.go("Settings");
  await app.go("Table");
  await app.go("Roster");
  await app.tap(await app.role("link", "Offline Oona"));
  await app.role("heading", "Offline Oona", { level: 1 });
  // The sheet's styles, outside the first load, come from the service worker's copy too.
  assert.equal(await app.driver.executeScript("return getComputedStyle(document.querySelector('section.sheet')).display"), "grid");
  await app.click("button", "Dice", { exact: true });
  await app.tray();
  await app.close();
  t.diagnostic("offline reload served by WebKitGTK's service worker");
});
