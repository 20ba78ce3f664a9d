// Pictures for a person to review, not a check: every section of both well-filled sheets and
// the party status board at phone and desktop size, light and dark, saved under tests/e2e/review/ (git ignores it),
// with each panel's height printed. Slow and only useful to a reader, so it runs on request:
//   SATCHEL_REVIEW=1 npx playwright test --config tests/e2e/playwright.config.js review.spec.js
import { test, expect } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { openApp } from "./pages.js";

const OUT = resolve(import.meta.dirname, "review");
const WELL_FILLED = new URL("../fixtures/well-filled.json", import.meta.url).pathname;
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

test.skip(!process.env.SATCHEL_REVIEW, "set SATCHEL_REVIEW=1 to take the review pictures");

for (const theme of ["light", "dark"]) {
  test(`every section of both well-filled sheets, photographed (${theme})`, async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(OUT, { recursive: true });
    await page.emulateMedia({ colorScheme: theme });
    const app = await openApp(page);
    await app.go("Settings");
    await page.getByLabel("Import a file…").setInputFiles(WELL_FILLED);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Imported 2 characters.")).toBeVisible();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const [game, name] of [["ix", "Vex Arrandi"], ["exp", "Ash"]]) {
        await app.go("Roster");
        await app.card(name).getByRole("link", { name }).click();
        const bar = page.getByRole("navigation", { name: "Sheet sections" });
        await expect(bar).toBeVisible();
        const parts = await bar.getByRole("link").allTextContents();
        for (const part of parts) {
          await bar.getByRole("link", { name: part, exact: true }).click();
          await page.waitForTimeout(200);
          const slug = part.toLowerCase();
          // What one screen shows after the jump, and the whole section below it.
          await page.screenshot({ path: `${OUT}/${game}-${slug}-${size.name}-${theme}.png` });
          const box = await page.evaluate((label) => {
            const starts = [...document.querySelectorAll(".part-start")];
            const at = starts.findIndex((s) => s.textContent === label);
            const top = starts[at].getBoundingClientRect().top + scrollY;
            const end = at + 1 < starts.length ? starts[at + 1].getBoundingClientRect().top + scrollY : document.querySelector("main").getBoundingClientRect().bottom + scrollY;
            return { x: 0, y: Math.max(0, top - 8), width: innerWidth, height: Math.max(1, end - top + 8) };
          }, part);
          await page.screenshot({ path: `${OUT}/${game}-${slug}-${size.name}-${theme}-whole.png`, fullPage: true, clip: box });
          if (size.name === "phone" && theme === "light") {
            const panels = await page.evaluate((label) => {
              const starts = [...document.querySelectorAll(".part-start")];
              const at = starts.findIndex((s) => s.textContent === label);
              const from = starts[at], to = starts[at + 1];
              const out = [];
              for (let el = from.nextElementSibling; el && el !== to; el = el.nextElementSibling) {
                const h = el.getBoundingClientRect().height;
                if (h > 0) out.push(`${el.querySelector("h2")?.textContent ?? el.className} ${Math.round(h)}`);
              }
              return out;
            }, part);
            console.log(`${game} ${part}: ${panels.join(", ")}`);
          }
        }
      }
      // The party status board with both characters (issue 18: read in the dark too).
      await page.goto(page.url().replace(/#.*$/, "#/table/status"));
      await expect(page.getByRole("list", { name: "Ix characters" })).toBeVisible();
      await page.screenshot({ path: `${OUT}/party-status-${size.name}-${theme}.png`, fullPage: true });
    }
    await app.close();
  });
}
