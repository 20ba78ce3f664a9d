// Issue 15's "done when": a short Ix fight and an Expedition delve-and-town loop played through
// the sheets' Play sections at phone and desktop size. After every roll the outcome, the dice,
// Roll and Close are in view at once and nothing covers the outcome; each refusal and result
// sits beside the control that caused it; axe finds nothing serious in any section.
import { test, expect } from "@playwright/test";
import { audit, expectBeside, openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** After a roll: the result is in view and readable, with Roll again and Close in reach. */
async function rolledInView(app) {
  const tray = app.tray();
  await expect(app.result().locator(".outcome")).toBeInViewport();
  await expect(app.result().locator("ul.dice").first()).toBeInViewport();
  await expect(tray.getByRole("button", { name: "Close" })).toBeInViewport();
  await expect(tray.getByRole("button", { name: "Roll", exact: true })).toBeInViewport();
  const cover = await app.result().locator(".outcome").evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el.contains(hit) ? null : hit ? hit.outerHTML.slice(0, 120) : "nothing";
  });
  expect(cover, "something covers the outcome").toBeNull();
}

/** Opens each section of the sheet by its bar and runs axe there. */
async function auditSections(page, label) {
  const bar = page.getByRole("navigation", { name: "Sheet sections" });
  const names = await bar.getByRole("link").allTextContents();
  for (const name of names) {
    await bar.getByRole("link", { name: name.trim(), exact: true }).click();
    await expect(bar.getByRole("link", { name: name.trim(), exact: true })).toHaveAttribute("aria-current", "location");
    await audit(page, `${label}, ${name.trim()}`);
  }
  await bar.getByRole("link", { name: "Play", exact: true }).click();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("a short Ix fight through Play", async ({ page }) => {
      const app = await openApp(page);
      await app.create("Ix", "Vex");
      await app.card("Vex").getByRole("link", { name: "Vex" }).click();
      const bar = page.getByRole("navigation", { name: "Sheet sections" });
      await expect(bar.getByRole("link", { name: "Play", exact: true })).toHaveAttribute("aria-current", "location");

      // Fortune from a session of one, started where the fight is played.
      const points = page.getByRole("region", { name: "Fortune and Peril", exact: true });
      await points.getByText("Start a new session").click();
      await points.getByRole("button", { name: "Start session" }).click();
      await expect(points).toContainText("Fortune on the players' side: 1");

      // A check with the Fortune Point spent: the result lands in view.
      await bar.getByRole("link", { name: "Skills", exact: true }).click();
      await page.getByRole("button", { name: /^Athletics.*roll$/ }).click();
      await app.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
      await app.roll();
      await rolledInView(app);
      await expect(points).toContainText("Fortune on the players' side: 0");
      // Roll again from the same place: still in view.
      await app.roll();
      await rolledInView(app);
      await app.tray().getByRole("button", { name: "Close" }).click();

      // Hit hard from Play: the result said beside the buttons, the status in words.
      await bar.getByRole("link", { name: "Play", exact: true }).click();
      const take = page.getByRole("group", { name: "Take or recover" });
      const amount = take.getByRole("textbox").first();
      await amount.fill("10");
      await amount.blur();
      await take.getByRole("button", { name: "Take Wounds" }).click();
      await expectBeside(take.getByRole("button", { name: "Take Wounds" }), take.locator(".said"));
      await expect(take.locator(".said")).toContainText("Took 10 Wounds");
      const health = page.getByRole("region", { name: "Wounds and Strain" });
      await expect(health.locator(".state-words").first()).toContainText("Incapacitated");

      // Down, Vex cannot treat anyone: the refusal sits beside the Medicine buttons.
      const medicine = page.getByRole("region", { name: "Medicine", exact: true });
      await medicine.getByRole("button", { name: "Treat Wounds" }).click();
      await expectBeside(medicine.getByRole("button", { name: "Treat Wounds" }), medicine.locator(".said"));
      await expect(app.tray()).toBeHidden();

      // A Critical Injury from Play, its result in place.
      const crit = page.getByRole("region", { name: "Critical Injuries" });
      await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
      await expect(crit.getByRole("status")).toContainText("(0 carried)");
      await expect(crit.getByRole("status")).toBeInViewport();

      await auditSections(page, `Ix sheet (${size.name})`);
      expect(app.errors).toEqual([]);
      await app.close();
    });

    test("an Expedition delve and back to town through Play", async ({ page }) => {
      const app = await openApp(page);
      await app.create("Expedition", "Ash");
      await app.card("Ash").getByRole("link", { name: "Ash" }).click();
      const sheet = page.getByRole("region", { name: "Ash" });
      const bar = page.getByRole("navigation", { name: "Sheet sections" });
      const gear = page.getByRole("region", { name: "Gear", exact: true });
      await gear.getByRole("combobox", { name: "Common item" }).selectOption("Torches");
      await gear.getByRole("button", { name: "Add", exact: true }).click();
      await bar.getByRole("link", { name: "Play", exact: true }).click();

      // The delve: an Ability test from Play, its result in view, twice.
      await sheet.getByRole("button", { name: /^Test Might/ }).click();
      await expect(app.tray().getByRole("spinbutton", { name: "Ob", exact: true })).toHaveValue("3");
      await app.roll();
      await rolledInView(app);
      await app.roll();
      await rolledInView(app);
      await app.tray().getByRole("button", { name: "Close" }).click();

      // A torch lit from Play, then a hit taken: each says what it did beside its button.
      const lights = sheet.getByRole("list", { name: "Light sources" });
      await lights.getByRole("button", { name: /^Light Torches/ }).click();
      await expect(lights).toContainText(/lit|Lit/);
      await sheet.getByRole("button", { name: "Take it" }).click();
      const hp = sheet.getByRole("region", { name: "Hit Points" });
      const took = hp.locator(".said").filter({ hasText: /^Took \d+ damage/ });
      await expectBeside(sheet.getByRole("button", { name: "Take it" }), took);

      // Back in town: Income is refused outside a Haven, beside its button, then rolled there.
      await bar.getByRole("link", { name: "Town", exact: true }).click();
      const income = sheet.getByRole("button", { name: "Roll Income (Wealth dice)" });
      await income.click();
      await expectBeside(income, sheet.locator(".said", { hasText: "Income is rolled in a Haven phase" }));
      await sheet.getByLabel("In a Haven phase").check();
      await income.click();
      await expect(sheet.getByRole("button", { name: "Income rolled this session" })).toBeDisabled();

      // Healed back on Play.
      await bar.getByRole("link", { name: "Play", exact: true }).click();
      await sheet.getByRole("button", { name: "Heal", exact: true }).click();
      await expect(hp.locator(".said").filter({ hasText: /^Healed/ })).toBeInViewport();

      await auditSections(page, `Expedition sheet (${size.name})`);
      expect(app.errors).toEqual([]);
      await app.close();
    });
  });
}
