// Guided setup of a new character (`#/c/<id>/setup`), on a phone: each step is one of the sheet's
// own panels with a sentence on what to fill in; values are kept as they are typed, and the last
// step lands on Play with a playable character. Skipping keeps what was set.
import { test, expect } from "@playwright/test";
import { audit, openApp } from "./pages.js";

test.use({ viewport: { width: 390, height: 844 } });

/** Fills a number field and leaves it, as a thumb would. */
async function setNumber(scope, name, value) {
  const box = scope.getByRole("textbox", { name, exact: true });
  await box.fill(String(value));
  await box.blur();
  await expect(box).toHaveValue(String(value));
}

/** The step's first field or control is on the first screen, below the sticky bars. */
test("a new Ix character is set up step by step and lands on Play", async ({ page }) => {
  const app = await openApp(page);
  await app.openCreate();
  await page.getByRole("radio", { name: /^Ix/ }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Vex");
  await page.getByRole("button", { name: "Create and set up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up Vex" })).toBeVisible();
  expect(page.url()).toMatch(/#\/c\/[^/]+\/setup$/);
  const steps = page.getByRole("navigation", { name: "Setup steps" }).getByRole("button");
  await expect(steps).toHaveCount(6);
  const next = page.getByRole("button", { name: "Next" });
  const heading = page.getByRole("heading", { level: 2 }).first();

  await expect(heading).toHaveText("Who they are");
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Player" }).fill("Sam");
  await page.getByRole("textbox", { name: "Player" }).blur();
  await next.click();

  await expect(heading).toHaveText("Characteristics");
  await expect(heading).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Might", exact: true })).toBeInViewport();
  await expect(page.getByText("Intellect: learning and healing.", { exact: false })).toBeVisible();
  await setNumber(page, "Intellect", 4);
  await setNumber(page, "Might", 3);
  await next.click();

  await expect(heading).toHaveText("Skills");
  const skills = page.getByRole("region", { name: "Skills", exact: true });
  for (let i = 0; i < 2; i++) await skills.getByRole("button", { name: "Raise Medicine rank" }).click();
  // Back and Next stay in reach while a long step scrolls.
  await skills.getByRole("button", { name: "Raise Negotiation rank" }).scrollIntoViewIfNeeded();
  await expect(next).toBeInViewport();
  await next.click();

  // Weapons have a step of their own, their fields open: not hunted for under Skills later.
  await expect(heading).toHaveText("Weapons");
  await expect(page.getByRole("textbox", { name: "New weapon" })).toBeInViewport();
  await page.getByRole("textbox", { name: "New weapon" }).fill("Blaster pistol");
  await page.getByRole("button", { name: "Add" }).click();
  await setNumber(page, "Blaster pistol damage", 6);
  await page.getByRole("combobox", { name: "Blaster pistol range" }).selectOption("Medium");
  await next.click();

  await expect(heading).toHaveText("Wounds and Strain");
  await expect(page.getByRole("textbox", { name: "Wound maximum" })).toBeInViewport();
  await setNumber(page, "Wound maximum", 12);
  await setNumber(page, "Strain maximum", 11);
  await next.click();

  await expect(heading).toHaveText("Talents");
  await page.getByRole("textbox", { name: "New talent" }).fill("Catch Breath");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("button", { name: "Remove Catch Breath" })).toBeVisible();
  await expect(next).toHaveCount(0);
  await audit(page, "Ix setup, last step");
  await page.getByRole("button", { name: "Done: to Play" }).click();

  // Play, with everything set.
  await expect(page.getByRole("heading", { level: 1, name: "Vex" })).toBeVisible();
  const bar = page.getByRole("navigation", { name: "Sheet sections" });
  await expect(bar.getByRole("link", { name: "Play" })).toHaveAttribute("aria-current", "location");
  await expect(page.getByRole("textbox", { name: /^Wounds remaining \(of 12\)/ })).toHaveValue("12");
  await expect(page.getByRole("textbox", { name: "Intellect" })).toHaveValue("4");
  await expect(page.getByRole("textbox", { name: "Player" })).toHaveValue("Sam");
  await expect(page.getByRole("region", { name: "Medicine", exact: true })).toContainText("Healer: Vex (Intellect 4, Medicine 2)");
  await expect(page.getByRole("region", { name: "Weapons" }).getByRole("list", { name: "Weapons carried" }))
    .toContainText("Blaster pistol Damage 6 · Crit 3 · Medium");
  // Back returns to the setup's address, which opens the steps again.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Set up Vex" })).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});

test("a new Expedition character is set up with gear, and skipping keeps what was set", async ({ page }) => {
  const app = await openApp(page);
  await app.openCreate();
  await page.getByRole("radio", { name: /^Expedition/ }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Rook");
  // Enter is "Create and set up".
  await page.getByRole("textbox", { name: "Name" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Set up Rook" })).toBeVisible();
  const next = page.getByRole("button", { name: "Next" });
  const heading = page.getByRole("heading", { level: 2 }).first();

  await expect(heading).toHaveText("Natural Abilities");
  await expect(page.getByRole("textbox", { name: "Might", exact: true })).toBeInViewport();
  await setNumber(page, "Might", 3);
  await next.click();
  await expect(heading).toHaveText("Hit Points");
  await setNumber(page, "Max HP", 8);
  await setNumber(page, "HP", 8);
  await next.click();
  await expect(heading).toHaveText("Wealth and Lifestyle");
  await setNumber(page, "Wealth", 4);
  await expect(page.getByText("Lifestyle: Modest.")).toBeVisible();
  await next.click();
  await expect(heading).toHaveText("Starting gear");
  const gear = page.getByRole("region", { name: "Gear" });
  await expect(gear).toBeVisible();
  await gear.getByRole("combobox", { name: "Common item" }).selectOption("Torches");
  await gear.getByRole("button", { name: "Add", exact: true }).click();
  await expect(gear.getByRole("button", { name: /^Torches \(/ })).toBeVisible();
  await audit(page, "Expedition setup, gear");
  // Done from far down a long step opens Play at its top, not 2,000 px down in Town.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("button", { name: "Done: to Play" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rook" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("textbox", { name: "Might", exact: true })).toBeInViewport();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Set up Rook" })).toBeVisible();
  await page.getByRole("button", { name: /Starting gear/ }).click();

  // Skipping from here goes to the sheet with what was set.
  await page.getByRole("link", { name: "Skip the rest" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rook" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Might" })).toHaveValue("3");
  await expect(page.getByRole("region", { name: "Hit Points" }).getByRole("textbox", { name: "Max HP" })).toHaveValue("8");
  await expect(page.getByRole("textbox", { name: "Wealth" })).toHaveValue("4");
  await expect(page.getByText("Lifestyle: Modest.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Gear" }).getByRole("button", { name: /^Torches \(/ })).toBeVisible();

  // "Create" alone still stays on the roster.
  await app.go("Roster");
  await app.create("Ix", "Ada");
  await expect(page.getByRole("heading", { level: 1, name: "Roster" })).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});
