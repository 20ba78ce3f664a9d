// Sheets in sections at both sizes: a sticky bar of section links, each section an address
// of its own (reload and Back land on it), keyboard focus following a jump; and on every
// screen, at every scroll position, no bar, banner or panel covers a control.
import { test, expect } from "@playwright/test";
import { openApp, audit, wholeSheet } from "./pages.js";

const WELL_FILLED = new URL("../fixtures/well-filled.json", import.meta.url).pathname;

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/**
 * Walks the page top to bottom and, at each scroll position, lists every control whose centre
 * is in the part of the screen content can use (below the sticky header and section bar,
 * above the dock) but which something else covers there.
 */
async function covered(page, where) {
  return page.evaluate(async (where) => {
    const found = new Set();
    const controls = "main button, main a[href], main input:not([type=hidden]), main select, main textarea, main summary";
    const step = Math.floor(innerHeight * 0.6);
    for (let y = 0; ; y += step) {
      scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      let top = 0;
      for (const bar of document.querySelectorAll(".top, .section-bar")) top = Math.max(top, bar.getBoundingClientRect().bottom);
      const dock = document.querySelector(".dock");
      const bottom = dock ? dock.getBoundingClientRect().top : innerHeight;
      for (const el of document.querySelectorAll(controls)) {
        const r = el.getBoundingClientRect();
        // Inside a closed disclosure, or not painted: not on screen at all.
        if (r.width < 2 || r.height < 2 || !el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) continue;
        const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        if (cy <= top + 1 || cy >= bottom - 1 || cx < 0 || cx > innerWidth) continue;
        // Skip what its own scroll box has clipped out of sight, and what is not painted.
        let clipped = false;
        for (let a = el.parentElement; a && !clipped; a = a.parentElement) {
          const st = getComputedStyle(a);
          if (st.display === "contents") continue;
          if (/(auto|scroll|hidden|clip)/.test(st.overflowX + st.overflowY)) {
            const b = a.getBoundingClientRect();
            clipped = cx < b.left || cx > b.right || cy < b.top || cy > b.bottom;
          }
        }
        if (clipped) continue;
        const hit = document.elementFromPoint(cx, cy);
        // A control's own label (a checkbox inside its label) counts as the control.
        if (!hit || el.contains(hit) || hit.contains(el) || (el.labels && [...el.labels].some((l) => l.contains(hit)))) continue;
        const name = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40) || el.name || el.tagName;
        const by = hit.className || hit.tagName;
        found.add(`${where}: "${name}" under ${by} [${Math.round(cx)},${Math.round(cy)} y=${scrollY} hit=${Math.round(hit.getBoundingClientRect().top)}..${Math.round(hit.getBoundingClientRect().bottom)}]`);
      }
      if (y + innerHeight >= document.documentElement.scrollHeight) break;
    }
    scrollTo(0, 0);
    return [...found];
  }, where);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a sheet's sections: the bar jumps, the address keeps the section, reload and Back land on it", async ({ page }) => {
      const app = await openApp(page);
      await app.create("Ix", "Vex");
      await app.card("Vex").getByRole("link", { name: "Vex" }).click();
      const bar = page.getByRole("navigation", { name: "Sheet sections" });
      await expect(bar.getByRole("link")).toHaveText([/Play/, /Skills/, /Character/, /Magic/, /Gear/, /Notes/]);
      await expect(bar.getByRole("link", { name: "Play" })).toHaveAttribute("aria-current", "location");
      // Play comes first: what a fight needs is on the first screen.
      await expect(page.getByRole("heading", { name: "Wounds and Strain" })).toBeInViewport();

      await bar.getByRole("link", { name: "Gear" }).click();
      await expect(page).toHaveURL(/#\/c\/[\w-]+\/gear$/);
      const gearHeading = page.getByRole("heading", { level: 2, name: "Gear", exact: true }).last();
      await expect(gearHeading).toBeInViewport();
      await expect(bar).toBeInViewport();
      await expect(bar.getByRole("link", { name: "Gear" })).toHaveAttribute("aria-current", "location");

      await app.reload();
      await expect(page.getByRole("heading", { level: 2, name: "Gear", exact: true }).last()).toBeInViewport();

      await bar.getByRole("link", { name: "Notes" }).click();
      await expect(page.getByRole("textbox", { name: "Notes", exact: true })).toBeInViewport();
      await page.goBack();
      await expect(page).toHaveURL(/\/gear$/);
      await expect(page.getByRole("heading", { level: 2, name: "Gear", exact: true }).last()).toBeInViewport();

      // From the keyboard: the jump moves focus to the section, and Tab continues inside it.
      await bar.getByRole("link", { name: "Magic" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/magic$/);
      await expect.poll(() => page.evaluate(() => document.activeElement.id)).toBe("part-magic");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement.closest("section.panel"))).toBe(true);
      // The same link again still jumps (the address does not change).
      await page.mouse.wheel(0, -3000);
      await bar.getByRole("link", { name: "Magic" }).click();
      await expect(page.locator("#part-magic")).toBeFocused();
      await audit(page, "Ix sheet in sections");
      await app.close();
    });

    test("Tab and Shift+Tab through a whole sheet: every focused control shows between the sticky bars and the dock", async ({ page }) => {
      test.setTimeout(120_000);
      const app = await openApp(page);
      await app.create("Ix", "Vex");
      await app.card("Vex").getByRole("link", { name: "Vex" }).click();
      await expect(page.getByRole("navigation", { name: "Sheet sections" })).toBeVisible();
      await wholeSheet(page);
      // Whether the focused control shows whole after the browser's own scroll to it: its top,
      // middle and bottom each hit the control itself, not a sticky bar, the dock or the page's
      // edge. The bars' own links and the skip link are where they always are.
      const where = () =>
        page.evaluate(async () => {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const el = document.activeElement;
          const name = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30) || el.id || el.tagName;
          const r = el.getBoundingClientRect();
          if (el === document.body || el.closest(".top, .section-bar, .dock, .skip") || r.width < 2 || r.height < 2) return { name, ok: true };
          const cx = r.left + Math.min(r.width / 2, 12);
          const own = (y) => {
            if (y < 0 || y > innerHeight) return false;
            const hit = document.elementFromPoint(cx, y);
            return !!hit && (el.contains(hit) || hit.contains(el) || [...(el.labels ?? [])].some((l) => l.contains(hit)));
          };
          return { name, ok: own(r.top + 3) && own(r.top + r.height / 2) && own(r.bottom - 3), r: [Math.round(r.top), Math.round(r.bottom)] };
        });
      const hidden = [];
      let steps = 0;
      for (const key of ["Tab", "Shift+Tab"]) {
        for (let i = 0; i < 70; i++, steps++) {
          await page.keyboard.press(key);
          const w = await where();
          if (!w.ok) hidden.push(`${key} ${w.name} at ${w.r}`);
        }
      }
      expect(steps).toBe(140);
      expect(hidden).toEqual([]);
      await app.close();
    });

    test("nothing covers a control, on any screen, at any scroll position", async ({ page }) => {
      test.setTimeout(180_000);
      const app = await openApp(page);
      await app.create("Ix", "Vex");
      await app.create("Expedition", "Ash");
      // The check itself sees a control that something covers.
      await page.evaluate(() => {
        const cover = document.createElement("div");
        cover.id = "test-cover";
        cover.style.cssText = "position:fixed;left:0;right:0;top:0;bottom:0;z-index:20;background:transparent";
        document.body.append(cover);
      });
      expect((await covered(page, "roster")).length).toBeGreaterThan(0);
      await page.evaluate(() => document.getElementById("test-cover").remove());
      const problems = [...(await covered(page, "roster"))];
      for (const name of ["Vex", "Ash"]) {
        await app.card(name).getByRole("link", { name }).click();
        await expect(page.getByRole("navigation", { name: "Sheet sections" })).toBeVisible();
        await wholeSheet(page);
        // A selected gear item's actions sit with the grid, not over it.
        const first = page.locator(".gear button.item").first();
        if (await first.count()) await first.click();
        problems.push(...(await covered(page, `${name}'s sheet`)));
        await app.go("Roster");
      }
      for (const tab of ["Ix GM table", "Expedition referee", "Party status", "Party gear"]) {
        await page.goto(page.url().split("#")[0] + { "Ix GM table": "#/table/ix", "Expedition referee": "#/table/expedition", "Party status": "#/table/status", "Party gear": "#/table/party" }[tab]);
        await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();
        await page.waitForTimeout(300);
        problems.push(...(await covered(page, tab)));
      }
      await app.go("Settings");
      problems.push(...(await covered(page, "Settings")));
      expect(problems).toEqual([]);
      await app.close();
    });
  });
}

/** Each `.part-start` section's height in px, from its start to the next one's (or the sheet's end). */
async function sectionHeights(page) {
  return page.evaluate(() => {
    const starts = [...document.querySelectorAll(".part-start")];
    const end = document.querySelector("main").getBoundingClientRect().bottom;
    return starts.map((s, i) => {
      const top = s.getBoundingClientRect().top;
      const next = i + 1 < starts.length ? starts[i + 1].getBoundingClientRect().top : end;
      return [s.textContent, Math.round(next - top)];
    });
  });
}

/**
 * Imports the well-filled characters (tests/fixtures/well-filled.json, built by the reducers in
 * tests/it/fixtures.rs): Vex Arrandi (Ix) and Ash (Expedition).
 */
async function importWellFilled(page, app) {
  await app.go("Settings");
  await page.getByLabel("Import a file…").setInputFiles(WELL_FILLED);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported 2 characters.")).toBeVisible();
  await app.go("Roster");
}

test("a well-filled character's sections are each at most three phone screens tall", async ({ page }) => {
  const app = await openApp(page);
  await importWellFilled(page, app);
  for (const [game, name] of [["Ix", "Vex Arrandi"], ["Expedition", "Ash"]]) {
    await app.card(name).getByRole("link", { name }).click();
    await expect(page.getByRole("navigation", { name: "Sheet sections" })).toBeVisible();
    await wholeSheet(page);
    // Wounded: the Medicine checks show by themselves.
    if (game === "Ix") await expect(page.getByRole("region", { name: "Medicine" }).getByRole("button", { name: "Treat Wounds" })).toBeVisible();
    const heights = await sectionHeights(page);
    console.log(`${game} well-filled sections (px at 390x844, limit 3 x 844 = 2532): ${heights.map(([n, h]) => `${n} ${h}`).join(", ")}`);
    expect(heights.filter(([, h]) => h > 3 * 844)).toEqual([]);
    await app.go("Roster");
  }
  await app.close();
});

test("prints each sheet section's height at 390x844 (a figure for review, not a timing)", async ({ page }) => {
  const app = await openApp(page);
  for (const [game, name] of [["Ix", "Vex"], ["Expedition", "Ash"]]) {
    await app.create(game, name);
    await app.card(name).getByRole("link", { name }).click();
    await expect(page.getByRole("navigation", { name: "Sheet sections" })).toBeVisible();
    await wholeSheet(page);
    const heights = await sectionHeights(page);
    console.log(`${game} sheet sections (px at 390x844, screen 844): ${heights.map(([n, h]) => `${n} ${h}`).join(", ")}`);
    expect(heights.map(([n]) => n)).toEqual(game === "Ix" ? ["Play", "Skills", "Character", "Magic", "Gear", "Notes"] : ["Play", "Town", "People", "Holdings", "Spells", "Gear", "Notes"]);
    expect(heights.every(([, h]) => h > 0)).toBe(true);
    await app.go("Roster");
  }
  await app.close();
});

test("a sheet opened at Play builds Play first and the rest by itself; a later section's address, or printing, builds it all at once", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  const sheet = await app.card("Vex").getByRole("link", { name: "Vex" }).getAttribute("href");
  // Goes to `hash` and reports which sections the page holds the moment Play's first control
  // is built (before anything else runs), and once what that moment set going has run.
  const atFirstBuild = (hash, print = false) =>
    page.evaluate(
      ([hash, print]) =>
        new Promise((done) => {
          const parts = () => [...document.querySelectorAll(".part-start")].map((h) => h.id.replace("part-", ""));
          const seen = new MutationObserver(() => {
            if (!document.querySelector('section[aria-labelledby="ix-health"] button')) return;
            seen.disconnect();
            const first = parts();
            if (print) dispatchEvent(new Event("beforeprint"));
            setTimeout(() => done({ first, then: parts() }), 0);
          });
          seen.observe(document.body, { childList: true, subtree: true });
          location.hash = hash;
        }),
      [hash, print],
    );
  const all = ["play", "skills", "character", "magic", "gear", "notes"];

  // At Play: Play alone at first, and every other section follows with no input at all.
  expect((await atFirstBuild(sheet)).first).toEqual(["play"]);
  await expect(page.getByRole("textbox", { name: "Notes", exact: true })).toBeAttached();
  expect(await page.evaluate(() => [...document.querySelectorAll(".part-start")].map((h) => h.id.replace("part-", "")))).toEqual(all);
  await expect(page.getByRole("heading", { name: "Wounds and Strain" })).toBeInViewport();

  // A link to a later section: that section, and all before it, are there at once.
  await app.go("Roster");
  expect((await atFirstBuild(`${sheet}/gear`)).first).toEqual(all);
  await expect(page.getByRole("heading", { level: 2, name: "Gear", exact: true }).last()).toBeInViewport();

  // Printing in the first moment still prints the whole sheet.
  await app.go("Roster");
  const printed = await atFirstBuild(sheet, true);
  expect(printed.first).toEqual(["play"]);
  expect(printed.then).toEqual(all);

  await app.close();
});

test("without idle callbacks (Safari has none), the rest of a sheet still comes, and the next screen is still fetched", async ({ page }) => {
  await page.addInitScript(() => {
    delete window.requestIdleCallback;
    delete Window.prototype.requestIdleCallback;
  });
  const app = await openApp(page);
  expect(await page.evaluate(() => "requestIdleCallback" in window)).toBe(false);
  // The roster's idle preload (the Ix sheet, the new-character form's default) still happens.
  await expect.poll(() => app.requests.some((u) => /split_ix_sheet-[0-9a-f]+\.wasm$/.test(u))).toBe(true);
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  await expect(page.getByRole("textbox", { name: "Notes", exact: true })).toBeAttached();
  expect(await page.locator(".part-start").count()).toBe(6);
  await app.close();
});
