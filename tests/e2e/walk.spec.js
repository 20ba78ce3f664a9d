// A walk through every screen from a fresh profile: each screen opened by link, every dialog and
// disclosure on it opened, then left by link and by the browser's Back. No panic (which the page
// sees as "RuntimeError: unreachable"), no uncaught error and no console error anywhere.
import { test, expect } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** Everything the page reports as going wrong, from before the first paint on. */
function watch(page) {
  const trouble = [];
  page.on("console", (m) => {
    if (m.type() === "error") trouble.push(`console error: ${m.text()}`);
  });
  return trouble;
}

/** Vex (Ix) and Rook (Expedition) on the roster, with a second tab of the app open on it. */
async function vexAndRookWithAnotherTab(page, context) {
  const trouble = watch(page);
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.create("Expedition", "Rook");
  const other = await context.newPage();
  await other.goto(app.server.url);
  return { trouble, app, other };
}

/** Opens every closed disclosure in `scope`, including any that opening one reveals. */
async function openDisclosures(page, scope) {
  const closed = scope.locator("details:not([open]) > summary").filter({ visible: true });
  for (let opened = 0; (await closed.count()) > 0; opened++) {
    expect(opened, "disclosures keep appearing").toBeLessThan(50);
    await closed.first().click();
  }
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("every screen, dialog and way out, without an error", async ({ page }) => {
      test.setTimeout(240_000);
      const trouble = watch(page);
      const app = await openApp(page);
      // Names where it went wrong, so a failure points at the step rather than the whole walk.
      const clean = (step) => expect([...app.errors.map((e) => `page error: ${e}`), ...trouble], step).toEqual([]);
      const main = page.locator("main");
      const h1 = (name) => page.getByRole("heading", { level: 1, name, exact: true });
      const back = async (name) => {
        await page.goBack();
        await expect(h1(name)).toBeVisible();
      };

      await app.create("Ix", "Vex");
      await app.create("Expedition", "Rook");
      clean("creating one character of each game");

      // The roster's own dialogs: create, rename, share, and a deletion undone.
      await app.openCreate();
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Rename Rook" }).click();
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Share Vex" }).click();
      const share = page.getByRole("dialog", { name: "Share Vex" });
      await expect(share.getByRole("img", { name: "QR code of the status update" })).toBeVisible();
      const shareLink = await share.getByRole("textbox", { name: "Character link" }).inputValue();
      await share.getByRole("button", { name: "Close" }).click();
      await expect(share).toBeHidden();
      await page.getByRole("button", { name: "Duplicate Vex" }).click();
      await app.remove("Vex (copy)");
      await page.getByRole("button", { name: "Undo" }).click();
      await expect(app.card("Vex (copy)")).toBeVisible();
      await app.remove("Vex (copy)");
      await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
      clean("the roster's dialogs");

      // Each sheet: in by its card's link, every disclosure opened, the full log opened in the
      // tray, out by Back; in again, out by the main navigation.
      for (const name of ["Vex", "Rook"]) {
        for (const leave of ["back", "link"]) {
          await app.card(name).getByRole("link", { name }).click();
          await expect(h1(name)).toBeVisible();
          await openDisclosures(page, main);
          await main.getByRole("button", { name: "Open the full log" }).click();
          await expect(app.tray()).toBeVisible();
          await app.tray().getByRole("button", { name: "Close" }).click();
          await expect(app.tray()).toBeHidden();
          if (leave === "back") await back("Roster");
          else await app.go("Roster");
          clean(`${name}'s sheet, left by ${leave}`);
        }
      }

      // Each GM tool: by its tab, every disclosure opened, then out to the roster, to
      // Settings, to another tab, and by Back.
      const tabs = page.getByRole("navigation", { name: "Table tools" });
      const tools = [
        ["Ix GM table", page.getByRole("heading", { level: 2, name: "Session", exact: true })],
        ["Expedition referee", page.getByRole("heading", { level: 2, name: "Combat tracker" })],
        ["Party status", page.getByRole("list", { name: "Ix characters" })],
        ["Party gear", page.getByRole("button", { name: "Pay out" })],
      ];
      for (const [i, [tab, sign]] of tools.entries()) {
        for (const leave of ["Roster", "Settings", "another tab", "back"]) {
          if (leave === "back") await app.go("Roster");
          await app.go("Table");
          await tabs.getByRole("link", { name: tab }).click();
          await expect(sign).toBeVisible();
          await openDisclosures(page, main);
          if (leave === "another tab") {
            const [other, otherSign] = tools[(i + 1) % tools.length];
            await tabs.getByRole("link", { name: other }).click();
            await expect(otherSign).toBeVisible();
          } else if (leave === "back") {
            // Back to the table's first tab, then back out of the Table altogether.
            await page.goBack();
            await expect(tabs.getByRole("link", { name: "Ix GM table" })).toHaveAttribute("aria-current", "page");
            await back("Roster");
          } else {
            await app.go(leave);
          }
          clean(`${tab}, left for ${leave}`);
        }
      }

      // Settings: a backup exported and its import previewed, then cancelled.
      await app.go("Settings");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export everything" }).click(),
      ]);
      const backup = join(mkdtempSync(join(tmpdir(), "satchel-walk-")), download.suggestedFilename());
      await download.saveAs(backup);
      await page.getByLabel("Import a file…").setInputFiles(backup);
      await expect(page.getByRole("button", { name: "Import", exact: true })).toBeVisible();
      await openDisclosures(page, main);
      await page.getByRole("button", { name: "Cancel" }).click();
      await back("Roster");
      await app.go("Settings");
      await app.go("Table");
      await app.go("Roster");
      clean("Settings, export and import");

      // The dice tray in each mode, a roll in each that rolls, the GM's proposal shared, and the
      // tray left open while the screen behind it changes.
      await app.openTray();
      await app.trayMode("Ix");
      await app.addDie("Ability die", 2);
      await app.addDie("Trial die");
      await app.roll();
      await expect(app.result()).toBeVisible();
      await openDisclosures(page, app.tray());
      await app.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
      const proposal = await app.tray().getByRole("textbox", { name: "Share link" }).inputValue();
      await app.trayMode("Expedition");
      await app.tray().getByRole("button", { name: "Work out Ob from factors" }).click();
      await app.roll();
      await expect(app.result()).toBeVisible();
      await openDisclosures(page, app.tray());
      // Each kind of Expedition roll (a Cash wager with no Cash is refused in words).
      for (const kind of ["Versus", "Damage", "Cash wager", "Test"]) {
        await app.tray().getByRole("button", { name: kind, exact: true }).click();
        await expect(app.tray().getByRole("button", { name: kind, exact: true })).toHaveAttribute("aria-pressed", "true");
        await app.roll();
      }
      await app.trayMode("Plain dice");
      await app.tray().getByRole("textbox", { name: "Dice to roll" }).fill("2d6");
      await app.roll();
      await expect(app.result()).toBeVisible();
      await app.trayMode("Log");
      await openDisclosures(page, app.tray());
      await page.keyboard.press("Escape");
      await expect(app.tray()).toBeHidden();
      clean("the dice tray's modes");
      await app.card("Rook").getByRole("link", { name: "Rook" }).click();
      await main.getByRole("button", { name: "Open the full log" }).click();
      await expect(app.tray()).toBeVisible();
      await back("Roster");
      await page.keyboard.press("Escape");
      await expect(app.tray()).toBeHidden();
      clean("leaving a sheet with the tray open");

      // Links that arrive from elsewhere: a shared character and a proposed difficulty.
      await page.goto(shareLink);
      await expect(page.getByRole("heading", { name: "A character was shared with you" })).toBeVisible();
      await page.getByRole("button", { name: "Don't save" }).click();
      await expect(h1("Roster")).toBeVisible();
      await page.goto(proposal);
      await expect(page.getByRole("heading", { name: "Your GM proposes a difficulty" })).toBeVisible();
      await page.getByRole("button", { name: "Dismiss" }).click();
      await expect(h1("Roster")).toBeVisible();
      clean("share links");
      await app.close();
    });

    test("a roll a sheet asked for still reaches its character once the sheet is left", async ({ page }) => {
      const trouble = watch(page);
      const app = await openApp(page);
      const roster = page.getByRole("heading", { level: 1, name: "Roster" });
      await app.create("Ix", "Vex");
      await app.create("Expedition", "Rook");

      // An Ix skill check opened from the sheet, rolled from the roster.
      await app.card("Vex").getByRole("link", { name: "Vex" }).click();
      await page.getByRole("button", { name: /^Athletics.*roll$/ }).click();
      await expect(app.tray()).toBeVisible();
      await page.goBack();
      await expect(roster).toBeVisible();
      await app.roll();
      await expect(app.result()).toBeVisible();
      await page.keyboard.press("Escape");

      // A purchase opened from the sheet and rolled after leaving it: the Cash still comes
      // off that character.
      await app.card("Rook").getByRole("link", { name: "Rook" }).click();
      const sheet = page.getByRole("region", { name: "Rook" });
      await sheet.getByLabel("Amount (negative spends)").fill("5");
      await sheet.getByLabel("Amount (negative spends)").blur();
      await sheet.getByLabel("Reason").fill("Tomb hoard");
      await sheet.getByRole("button", { name: "Record" }).click();
      await sheet.getByRole("button", { name: "Buy in the tray" }).click();
      await expect(app.tray().getByLabel("Cash held")).toHaveValue("5");
      await page.goBack();
      await expect(roster).toBeVisible();
      await app.roll();
      // One Cash die against Ob 4 cannot buy it: asked first, and wagered anyway.
      await app.tray().getByRole("alertdialog").getByRole("button", { name: "Wager anyway" }).click();
      await expect(app.result()).toContainText(/Bought|Not bought/);
      await page.keyboard.press("Escape");
      await app.card("Rook").getByRole("link", { name: "Rook" }).click();
      const ledger = page.getByRole("list", { name: "Ledger" }).getByRole("listitem");
      await expect(ledger.first()).toContainText(
        /^-1 Wagered on Purchase \(Cost 5, Ob 4\): (bought|failed to buy): Cash 4/,
      );

      // Closing the tray ended that purchase: a wager from the Dice button later, on the
      // roster, is the tray's own and charges Rook nothing.
      await page.goBack();
      await expect(roster).toBeVisible();
      await app.openTray();
      await app.trayMode("Expedition");
      await expect(app.tray().getByText("No sheet is attached")).toBeVisible();
      await app.roll();
      await app.tray().getByRole("alertdialog").getByRole("button", { name: "Wager anyway" }).click();
      await expect(app.result()).toContainText(/Bought|Not bought/);
      await expect(app.tray().getByLabel("Cash held")).toHaveValue("4");
      await page.keyboard.press("Escape");
      await app.card("Rook").getByRole("link", { name: "Rook" }).click();
      await expect(ledger.first()).toContainText(/^-1 Wagered on Purchase/);
      await expect(ledger.filter({ hasText: "Wagered" })).toHaveCount(1);
      expect([...app.errors, ...trouble]).toEqual([]);
      await app.close();
    });

    test("a number still being typed when Back leaves its screen is kept", async ({ page }) => {
      const trouble = watch(page);
      const app = await openApp(page);
      const tabs = page.getByRole("navigation", { name: "Table tools" });
      const referee = page.getByRole("region", { name: "Expedition referee" });
      await app.go("Table");
      await tabs.getByRole("link", { name: "Expedition referee" }).click();
      // Typed, and left by Back with the field still focused (a phone's back gesture).
      await referee.getByLabel("Players").fill("5");
      await page.goBack();
      await expect(tabs.getByRole("link", { name: "Ix GM table" })).toHaveAttribute("aria-current", "page");
      await tabs.getByRole("link", { name: "Expedition referee" }).click();
      await expect(referee.getByLabel("Players")).toHaveValue("5");
      expect([...app.errors, ...trouble]).toEqual([]);
      await app.close();
    });

    test("a sheet whose character is deleted in another tab stays until let go, without an error", async ({ page, context }) => {
      const { trouble, app, other } = await vexAndRookWithAnotherTab(page, context);
      for (const name of ["Vex", "Rook"]) {
        await app.card(name).getByRole("link", { name }).click();
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await other.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
        const banner = app.banner(`Another tab deleted ${name}`);
        await expect(banner).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await banner.getByRole("button", { name: "Let it go" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Roster" })).toBeVisible();
        await expect(app.card(name)).toHaveCount(0);
      }
      expect([...app.errors, ...trouble]).toEqual([]);
      await other.close();
      await app.close();
    });
  });
}

// Two characters deleted elsewhere while each was open here: two banners, and the list they are in
// is built again when one is answered, so the other's buttons must still work.
test("two characters deleted in another tab: keep one, let the other go", async ({ page, context }) => {
  const { trouble, app, other } = await vexAndRookWithAnotherTab(page, context);
  for (const name of ["Vex", "Rook"]) {
    await page.goto(`${app.server.url}#/roster`);
    await app.card(name).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await other.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
    await expect(app.banner(`Another tab deleted ${name}`)).toBeVisible();
  }
  await expect(app.banner("Another tab deleted")).toHaveCount(2);
  await app.banner("Another tab deleted Vex").getByRole("button", { name: "Keep Vex" }).click();
  await expect(app.banner("Another tab deleted")).toHaveCount(1);
  await app.banner("Another tab deleted Rook").getByRole("button", { name: "Let it go" }).click();
  await expect(app.banner("Another tab deleted")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Roster" })).toBeVisible();
  await expect(app.card("Vex")).toBeVisible();
  await expect(app.card("Rook")).toHaveCount(0);
  // Kept means saved again: the other tab has Vex back.
  await expect(other.getByRole("heading", { level: 2, name: "Vex" })).toBeVisible();
  expect([...app.errors, ...trouble]).toEqual([]);
  await other.close();
  await app.close();
});

// Work a screen schedules for its next frame (bringing the result into view, keeping the current
// section link in the bar) can arrive after the screen has gone: Escape straight after a roll,
// or leaving a sheet the moment a section was chosen. The test holds every animation frame back
// until the screen has gone, then runs them: none may panic.
test("work left for the next frame after its screen has gone does nothing", async ({ page }) => {
  const trouble = watch(page);
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  const holdFrames = () =>
    page.evaluate(() => {
      window.__frames = [];
      window.requestAnimationFrame = (cb) => window.__frames.push(cb);
    });
  // Runs what was held, as the browser would, and returns what threw.
  const runFrames = () =>
    page.evaluate(() => {
      const threw = [];
      for (const cb of (window.__frames ?? []).splice(0)) {
        try {
          cb(performance.now());
        } catch (e) {
          threw.push(String(e));
        }
      }
      return threw;
    });

  // The tray: a roll, then Escape before the frame that scrolls its result into view.
  await app.openTray();
  await app.trayMode("Plain dice");
  await app.tray().getByRole("textbox", { name: "Dice to roll" }).fill("2d6");
  await holdFrames();
  await app.roll();
  await expect(app.result()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(app.tray()).toBeHidden();
  expect(await runFrames()).toEqual([]);

  // A sheet: a section chosen, then the sheet left before the bar's frame.
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  const bar = page.getByRole("navigation", { name: "Sheet sections" });
  await expect(bar).toBeVisible();
  await runFrames();
  await holdFrames();
  await bar.getByRole("link", { name: "Gear" }).click();
  await expect(bar.getByRole("link", { name: "Gear" })).toHaveAttribute("aria-current", "location");
  await app.go("Roster");
  expect(await runFrames()).toEqual([]);

  await expect(app.banner("Something went wrong.")).toHaveCount(0);
  expect([...app.errors, ...trouble]).toEqual([]);
  await app.close();
});
