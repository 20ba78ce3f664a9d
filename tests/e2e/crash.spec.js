// What a user sees if Satchel panics: a banner saying the saved data is safe, a Reload button
// and a report to copy, in both themes (src/ui/crash.rs, and index.html for its buttons).
//
// Nothing in the app panics on purpose, and the release build ships no way to make it. The
// test breaks the page under the renderer instead, as a misbehaving browser extension might:
// with `cloneNode` refusing, the next screen change panics inside Leptos, a real panic in the
// real build.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** Makes the next render panic, opens Settings, and returns the banner once it is up. */
async function crash(app, page) {
  await page.evaluate(() => {
    window.__cloneNode = Node.prototype.cloneNode;
    Node.prototype.cloneNode = function () {
      throw new Error("cloneNode refused by the test");
    };
  });
  await app.nav("Settings").click();
  const banner = app.banner("Something went wrong.");
  await expect(banner).toBeVisible();
  // Put the page back as it was, so what follows (axe, screenshots) sees a normal DOM.
  await page.evaluate(() => {
    Node.prototype.cloneNode = window.__cloneNode;
  });
  return banner;
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a panic shows the banner with Reload and a report to copy", async ({ page, context }) => {
      const app = await openApp(page);
      await app.create("Ix", "Vex");
      const agent = await page.evaluate(() => navigator.userAgent);
      const banner = await crash(app, page);

      await expect(banner).toHaveText(/^Something went wrong\. Your saved data is safe\. Reload to carry on\./);
      // The keyboard lands on the way out; the dead screen behind is out of reach.
      const reload = banner.getByRole("button", { name: "Reload" });
      await expect(reload).toBeFocused();
      await expect(page.locator("#app")).toHaveAttribute("inert", "");
      // The panic is what the page saw as an error, and nothing else.
      expect(app.errors.length).toBeGreaterThan(0);
      for (const e of app.errors) expect(e).toMatch(/unreachable/);

      await banner.getByText("Report for the developers").click();
      const report = banner.getByRole("textbox", { name: "What happened, to paste into a bug report" });
      await expect(report).toBeVisible();
      const text = await report.inputValue();
      const [first, message] = text.split("\n");
      expect(first).toMatch(/^Satchel \d+\.\d+\.\d+ panicked at \S+\.rs:\d+:\d+$/);
      expect(message).toContain("cloneNode refused by the test");
      expect(text).toContain("\nScreen: #/settings\n");
      expect(text).toContain(`\nBrowser: ${agent}\n`);

      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await banner.getByRole("button", { name: "Copy the report" }).click();
      await expect(banner.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

      for (const theme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: theme });
        await audit(page, `crash banner (${theme})`);
        await page.screenshot({ path: `${SHOTS}/crash-${theme}-${size.name}.png` });
      }

      // Back where it stopped, working again, with nothing lost.
      await reload.click();
      await app.ready();
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(banner).toHaveCount(0);
      await app.go("Roster");
      await expect(app.card("Vex")).toBeVisible();
      await app.close();
    });

    test("without a clipboard, Copy selects the report to copy by hand", async ({ page }) => {
      const app = await openApp(page);
      const banner = await crash(app, page);
      await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
      await banner.getByText("Report for the developers").click();
      await banner.getByRole("button", { name: "Copy the report" }).click();
      const report = banner.getByRole("textbox", { name: "What happened, to paste into a bug report" });
      await expect(report).toBeFocused();
      const selected = await report.evaluate((t) => t.value.slice(t.selectionStart, t.selectionEnd));
      expect(selected).toBe(await report.inputValue());
      await expect(banner.getByRole("button", { name: "Selected: copy it now" })).toBeVisible();
      await app.close();
    });
  });
}
