import { test, expect } from "@playwright/test";
import { openApp, storageCanFill } from "./pages.js";

test("first visit shows the empty roster and a way to create", async ({ page }) => {
  const app = await openApp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Roster" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No characters yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create your first character" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Dice" })).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});

test("one character of each system persists across a reload", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await app.create("Expedition", "Rook");
  await app.reload();
  await expect(app.cards()).toHaveCount(2);
  await expect(app.card("Vex Arrandi")).toContainText("Ix");
  await expect(app.card("Rook")).toContainText("Expedition");
  const stored = await app.storage();
  const index = JSON.parse(stored["satchel/v1/index"]);
  expect(index.characters).toHaveLength(2);
  for (const id of index.characters) {
    const doc = JSON.parse(stored[`satchel/v1/character/${id}`]);
    expect(doc.schema).toBe(3);
    // Each carries exactly one sheet, keyed by its game; there is no separate "system".
    expect(Object.keys(doc.sheet)).toHaveLength(1);
    expect(["ix", "expedition"]).toContain(Object.keys(doc.sheet)[0]);
    expect(doc.system).toBeUndefined();
  }
  await app.close();
});

test("names with markup render as text", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs += 1;
    d.dismiss();
  });
  const app = await openApp(page);
  const evil = "<img src=x onerror=alert(1)>";
  await app.create("Ix", evil);
  await app.reload();
  await expect(app.card(evil)).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  expect(dialogs).toBe(0);
  await app.close();
});

test("rename, duplicate, delete and undo", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Marrow");
  await app.rename("Marrow", "Marrow the Bold");
  await expect(app.card("Marrow the Bold")).toBeVisible();

  // An empty name is refused with a message, and nothing changes.
  await page.getByRole("button", { name: "Rename Marrow the Bold" }).click();
  await page.getByRole("textbox", { name: "New name for Marrow the Bold" }).fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("A name needs at least one letter or number.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(app.card("Marrow the Bold")).toBeVisible();

  await page.getByRole("button", { name: "Duplicate Marrow the Bold" }).click();
  await expect(app.card("Marrow the Bold (copy)")).toBeVisible();
  await expect(app.cards()).toHaveCount(2);

  await app.remove("Marrow the Bold");
  await expect(app.cards()).toHaveCount(1);
  await expect(page.getByRole("status")).toContainText("Deleted Marrow the Bold");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(app.cards()).toHaveCount(2);
  await expect(app.cards().first()).toContainText("Marrow the Bold");
  await app.reload();
  await expect(app.cards()).toHaveCount(2);
  await app.close();
});

for (const [label, width, height] of [["phone", 390, 844], ["laptop", 1280, 800]]) {
  test(`while the undo toast shows, the roster's last buttons scroll clear of it (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const app = await openApp(page);
    for (const name of ["Ada", "Bo", "Cy", "Dee", "Eve"]) await app.create("Ix", name);
    await app.remove("Bo");
    const toast = page.locator(".toast");
    await expect(toast).toBeVisible();
    // Scrolled to the end, every control of the last card is above the toast.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const clear = () =>
      page.evaluate(() => {
        const top = document.querySelector(".toast").getBoundingClientRect().top;
        const card = [...document.querySelectorAll(".cards > li")].at(-1);
        return [...card.querySelectorAll("button, a[href]")].map((b) => [b.textContent.trim(), b.getBoundingClientRect().bottom <= top]);
      });
    for (const [name, ok] of await clear()) expect(ok, `${name} clear of the toast`).toBe(true);
    // A control reached by the keyboard stops above the toast as well.
    await page.evaluate(() => scrollTo(0, 0));
    await page.getByRole("button", { name: "Delete Eve", exact: true }).focus();
    const box = await page.getByRole("button", { name: "Delete Eve", exact: true }).boundingBox();
    const toastBox = await toast.boundingBox();
    expect(box.y + box.height).toBeLessThanOrEqual(toastBox.y);
    await app.close();
  });
}

test("keyboard alone creates a character and works the dice tray", async ({ page }) => {
  const app = await openApp(page);
  await page.getByRole("button", { name: "Create your first character" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.type("Keys");
  // Enter is "Create and set up"; the setup's way out is a link the keyboard reaches too.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Set up Keys" })).toBeVisible();
  await page.getByRole("link", { name: "Skip the rest" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Keys" })).toBeVisible();

  const dice = page.getByRole("button", { name: "Dice", exact: true });
  await dice.focus();
  await page.keyboard.press("Enter");
  const tray = page.getByRole("dialog", { name: "Dice tray" });
  await expect(tray).toBeVisible();
  await expect(tray.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(tray).toBeHidden();
  await expect(dice).toBeFocused();
  await app.close();
});

test("deep links open their screen and the theme choice persists", async ({ page }) => {
  const app = await openApp(page, "#/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByRole("radio", { name: "Dark" }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await app.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.getByRole("radio", { name: "Follow this device" }).check();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.*/);
  await app.go("Table");
  await expect(page).toHaveURL(/#\/table$/);
  await app.close();
});

test("works offline after one visit", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Offline Oona");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
  // Stop the server too: setOffline alone may not stop the service worker's own fetches.
  await app.close();
  await context.setOffline(true);
  await page.reload();
  await app.ready();
  await expect(app.card("Offline Oona")).toBeVisible();
  // Screens that load on demand come from the service worker's copy too.
  await app.go("Settings");
  await app.go("Table");
  await expect(page.getByRole("region", { name: "Session", exact: true })).toBeVisible();
  await app.go("Roster");
  await page.getByRole("link", { name: "Offline Oona" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Offline Oona" })).toBeVisible();
  // The sheet's styles, outside the first load, come from the service worker's copy too.
  expect(await page.locator("section.sheet").evaluate((s) => getComputedStyle(s).display)).toBe("grid");
  await page.getByRole("button", { name: "Dice", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Dice tray" })).toBeVisible();
  await page.keyboard.press("Escape");
  await app.go("Roster");
  await app.create("Expedition", "Made Offline");
  await expect(app.cards()).toHaveCount(2);
  await context.setOffline(false);
});

test("a screen whose code cannot be fetched says so, and Try again recovers", async ({ browser }) => {
  // No service worker, so the page's own fetch of the chunk is the one that fails.
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const chunk = /split_table-[0-9a-f]+\.wasm$/;
  await page.route(chunk, (route) => route.abort());
  const app = await openApp(page);
  await app.nav("Table").click();
  await expect(app.banner("could not be fetched")).toBeVisible();
  await expect(app.nav("Roster")).toBeVisible();
  await page.unroute(chunk);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();
  await expect(app.banner("could not be fetched")).toHaveCount(0);
  await app.close();
  await context.close();
});

test("an update waits for the user, then reloads with nothing lost", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Patient Pim");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
  app.server.bumpServiceWorker();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  const prompt = page.getByRole("status").filter({ hasText: "A new version of Satchel is ready" });
  await expect(prompt).toBeVisible();
  // Nothing happens until the user says so.
  await expect(app.card("Patient Pim")).toBeVisible();
  await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload to update" }).click()]);
  await app.ready();
  await expect(app.card("Patient Pim")).toBeVisible();
  await expect(prompt).toBeHidden();
  await app.close();
});

test("a corrupt record shows the banner and survives untouched", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Healthy");
  const raw = '{"schema":1,"id":"deadbeef","system":"ix","name":"Half-writ';
  await page.evaluate((raw) => {
    localStorage.setItem("satchel/v1/character/deadbeef", raw);
    const index = JSON.parse(localStorage.getItem("satchel/v1/index"));
    index.characters.push("deadbeef");
    localStorage.setItem("satchel/v1/index", JSON.stringify(index));
  }, raw);
  await app.reload();
  await expect(app.banner("A character could not be read")).toBeVisible();
  await expect(app.card("Healthy")).toBeVisible();
  const stored = await app.storage();
  const kept = Object.entries(stored).filter(([k]) => k.startsWith("satchel/v1/quarantine/"));
  expect(kept).toHaveLength(1);
  expect(kept[0][0]).toMatch(/character\/deadbeef$/);
  expect(kept[0][1]).toBe(raw);

  // Further edits never touch it.
  await app.rename("Healthy", "Still healthy");
  await app.go("Settings");
  await expect(page.getByText(kept[0][0])).toBeVisible();
  expect((await app.storage())[kept[0][0]]).toBe(raw);
  await app.close();
});

test("several notices are dismissed one at a time, each with its own button", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Healthy");
  await page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem("satchel/v1/index"));
    // Each torn at another column, so each says something of its own (a text is shown once).
    for (const id of ["b", "bad22", "bad4444"]) {
      localStorage.setItem(`satchel/v1/character/${id}`, `{"schema":1,"id":"${id}","name":"Torn ${id}`);
      index.characters.push(id);
    }
    localStorage.setItem("satchel/v1/index", JSON.stringify(index));
  });
  await app.reload();
  const notices = app.banner("could not be read");
  const dismiss = page.getByRole("button", { name: "Dismiss" });
  const count = await notices.count();
  expect(count).toBe(3);
  const texts = await notices.allTextContents();
  // The list is built again after each dismissal; the buttons left still work.
  for (let left = count; left > 0; left--) {
    await dismiss.first().click();
    await expect(notices).toHaveCount(left - 1);
    if (left > 1) expect(await notices.allTextContents()).toEqual(texts.slice(count - left + 1));
  }
  await expect(page.getByRole("button", { name: "Reload" })).toHaveCount(0);
  await expect(app.card("Healthy")).toBeVisible();
  await app.close();
});

test("a record from a newer Satchel is read-only and never rewritten", async ({ page }) => {
  const app = await openApp(page);
  const newer = '{"schema":99,"id":"future1","system":"ix","name":"Tomorrow","sheet":{"x":[1,2]}}';
  await page.evaluate((raw) => localStorage.setItem("satchel/v1/character/future1", raw), newer);
  await app.reload();
  await expect(app.banner("read-only")).toBeVisible();
  await expect(app.card("Tomorrow")).toContainText("Read-only");
  await app.create("Expedition", "Today");
  expect((await app.storage())["satchel/v1/character/future1"]).toBe(newer);
  await app.close();
});

test("a second tab sees a rename made in the first", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Shared");
  const other = await context.newPage();
  await other.goto(app.server.url);
  await expect(other.getByRole("heading", { name: "Shared", exact: true })).toBeVisible();
  await app.rename("Shared", "Shared and renamed");
  await expect(other.getByRole("heading", { name: "Shared and renamed", exact: true })).toBeVisible();
  await app.create("Expedition", "Born in tab one");
  await expect(other.getByRole("heading", { name: "Born in tab one", exact: true })).toBeVisible();
  await app.close();
});

test("a GM table open in two tabs shows what the other tab wrote", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Ada");
  await page.goto(app.server.url + "#/table/ix");
  const other = await context.newPage();
  await other.goto(app.server.url + "#/table/ix");
  const session = (p) => p.getByRole("region", { name: "Session", exact: true });
  await expect(session(other).getByRole("button", { name: "Start session" })).toBeVisible();
  await session(page).getByRole("button", { name: "Start session" }).click();
  await expect(session(page).getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 1");
  // The other tab follows, and its own next change builds on that instead of overwriting it.
  await expect(session(other).getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 1");
  await session(other).getByRole("button", { name: "A player spends Fortune" }).click();
  await expect(session(page).getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");
  await other.close();
  await app.close();
});

test("full storage keeps the change in memory, says so, and saves on the next change", async ({ page }) => {
  await storageCanFill(page, "satchel/v1/character/");
  const app = await openApp(page);
  await page.evaluate(() => (window.__fullStorage = true));
  await app.create("Ix", "Unsaved Uma");
  await expect(app.banner("Not saved")).toContainText("storage for Satchel is full");
  await expect(page.locator("html")).toHaveAttribute("data-unsaved", "true");
  await page.evaluate(() => (window.__fullStorage = false));
  await app.create("Expedition", "Next change");
  await expect(app.banner("Not saved")).toHaveCount(0);
  await app.reload();
  await expect(app.card("Unsaved Uma")).toBeVisible();
  await expect(app.card("Next change")).toBeVisible();
  await app.close();
});

test("leaving with a change storage refused asks first; once it is saved, leaving does not ask", async ({ page }) => {
  await storageCanFill(page, "satchel/v1/character/");
  const app = await openApp(page);
  await page.evaluate(() => (window.__fullStorage = true));
  await app.create("Ix", "Unsaved Uma");
  await expect(app.banner("Not saved")).toBeVisible();

  // Closing the tab now would lose Uma: the browser asks, and staying keeps her.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect(app.card("Unsaved Uma")).toBeVisible();

  // Room again: once the write goes through, a reload leaves without asking.
  await page.evaluate(() => (window.__fullStorage = false));
  await app.banner("Not saved").getByRole("button", { name: "Try saving again" }).click();
  await expect(app.banner("Not saved")).toHaveCount(0);
  const dialogs = [];
  page.on("dialog", (d) => {
    dialogs.push(d.type());
    d.accept();
  });
  await app.reload();
  await expect(app.card("Unsaved Uma")).toBeVisible();
  expect(dialogs).toEqual([]);
  await app.close();
});

test("without storage the app runs in memory and warns", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
  });
  const app = await openApp(page);
  await expect(app.banner("Not saving")).toBeVisible();
  await app.create("Ix", "Ephemeral");
  await expect(app.card("Ephemeral")).toBeVisible();
  // The way out: take the data along in a file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    app.banner("Not saving").getByRole("button", { name: "Export everything" }).click(),
  ]);
  const { readFileSync } = await import("node:fs");
  const json = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(json.characters.map((c) => c.name)).toEqual(["Ephemeral"]);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("no request leaves the page's origin", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Homebody");
  await app.go("Table");
  await app.go("Settings");
  await page.getByRole("button", { name: "Dice" }).click();
  await page.reload();
  await app.ready();
  expect(app.requests.length).toBeGreaterThan(3);
  const foreign = app.requests.filter((u) => !u.startsWith(app.server.origin + "/"));
  expect(foreign).toEqual([]);
  await app.close();
});
