// Issue 15, item 7: the common actions of play within three taps of a sheet's Play section, at
// 390x844. Each action starts on Play; every tap is counted, the result checked, and the counts
// printed as a figure for review.
import { test, expect } from "@playwright/test";
import { openApp } from "./pages.js";

test.use({ viewport: { width: 390, height: 844 } });

/** Counts taps; `back` returns to the top of Play without counting. */
function counter(page) {
  const bar = page.getByRole("navigation", { name: "Sheet sections" });
  const c = {
    n: 0,
    figures: [],
    async tap(locator) {
      c.n++;
      await locator.click();
    },
    async done(action) {
      c.figures.push(`${action} ${c.n}`);
      expect(c.n, `${action}: taps from Play`).toBeLessThanOrEqual(3);
      c.n = 0;
      if (await page.getByRole("dialog", { name: "Dice tray" }).isVisible()) await page.keyboard.press("Escape");
      await bar.getByRole("link", { name: "Play" }).click();
      await expect(bar.getByRole("link", { name: "Play" })).toHaveAttribute("aria-current", "location");
    },
  };
  return { c, bar };
}

test("an Ix player reaches each common action within three taps of Play", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  // A filled character: a session with a Fortune Point and one spell.
  const points = page.getByRole("region", { name: "Fortune and Peril", exact: true });
  await points.getByText("Start a new session").click();
  await points.getByRole("button", { name: "Start session" }).click();
  const magic = page.getByRole("region", { name: "Magic", exact: true });
  await magic.getByText("Spell builder: new spell").click();
  await magic.getByRole("textbox", { name: "Spell name" }).fill("Bolt");
  await magic.getByRole("button", { name: "Damage (base 2)" }).click();
  await magic.getByRole("textbox", { name: "What it does" }).fill("A bolt of force.");
  await magic.getByRole("button", { name: "Save spell" }).click();
  const { c, bar } = counter(page);
  await bar.getByRole("link", { name: "Play" }).click();
  const play = page.getByRole("group", { name: "Take or recover" });

  await c.tap(bar.getByRole("link", { name: "Skills" }));
  await c.tap(page.getByRole("button", { name: /^Athletics.*roll$/ }));
  await c.tap(app.tray().getByRole("button", { name: "Roll", exact: true }));
  await expect(app.result()).toBeInViewport();
  await c.done("roll a skill check");

  await c.tap(play.getByRole("button", { name: "Take Wounds" }));
  await expect(play.locator(".said")).toHaveText("Took 1 Wound: 9 of 10 Wounds left.");
  await c.done("take damage");

  await c.tap(play.getByRole("button", { name: "Heal Wounds" }));
  await expect(play.locator(".said")).toHaveText("Healed 1 Wound: 10 of 10 Wounds left.");
  await c.done("heal");

  await c.tap(bar.getByRole("link", { name: "Skills" }));
  await c.tap(page.getByRole("button", { name: /^Lore.*roll$/ }));
  await c.tap(app.tray().getByRole("button", { name: "Spend a Fortune Point" }));
  await expect(app.tray().locator(".pool-words")).toContainText("Mastery");
  await c.done("spend Fortune on a check (marked; Roll is the check's own tap)");

  await c.tap(bar.getByRole("link", { name: "Magic" }));
  await c.tap(magic.getByRole("button", { name: "Cast Bolt" }));
  await c.tap(app.tray().getByRole("button", { name: "Roll", exact: true }));
  await expect(app.result()).toBeInViewport();
  await c.done("cast a prepared spell");

  console.log(`Ix taps from Play at 390x844: ${c.figures.join(", ")}`);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("an Expedition player reaches each common action within three taps of Play", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Ash");
  await app.card("Ash").getByRole("link", { name: "Ash" }).click();
  const sheet = page.getByRole("region", { name: "Ash" });
  // A filled character: torches in the slots and one spell learned.
  const gear = page.getByRole("region", { name: "Gear", exact: true });
  await gear.getByRole("combobox", { name: "Common item" }).selectOption("Torches");
  await gear.getByRole("button", { name: "Add", exact: true }).click();
  await sheet.getByText("Learn a spell (catalogue of 81)").click();
  await sheet.getByLabel("Search").fill("bind");
  await sheet.getByRole("button", { name: /^Learn Bind/ }).click();
  const { c, bar } = counter(page);
  await bar.getByRole("link", { name: "Play" }).click();
  const latest = sheet.locator(".exp-last");

  await c.tap(sheet.getByRole("button", { name: /^Test Might/ }));
  await c.tap(app.tray().getByRole("button", { name: "Roll", exact: true }));
  await expect(app.result()).toBeInViewport();
  await c.done("roll an Ability test");

  await c.tap(sheet.getByRole("button", { name: "Take it" }));
  const hp = sheet.getByRole("region", { name: "Hit Points" });
  await expect(hp.getByRole("textbox", { name: "HP", exact: true })).not.toHaveValue(
    await hp.getByRole("textbox", { name: "Max HP", exact: true }).inputValue(),
  );
  await c.done("take damage");

  await c.tap(sheet.getByRole("button", { name: "Heal", exact: true }));
  await expect(hp.getByRole("textbox", { name: "HP", exact: true })).toHaveValue(
    await hp.getByRole("textbox", { name: "Max HP", exact: true }).inputValue(),
  );
  await c.done("heal");

  await c.tap(sheet.getByRole("list", { name: "Light sources" }).getByRole("button", { name: /^Light Torches/ }));
  await expect(sheet.getByRole("list", { name: "Light sources" })).toContainText(/lit|Lit/);
  await c.done("use a light source");

  await c.tap(bar.getByRole("link", { name: "Spells" }));
  await c.tap(sheet.getByRole("button", { name: "Channel Bind" }));
  await expect(latest).toContainText("Channel Bind:");
  await c.done("cast a prepared spell");

  console.log(`Expedition taps from Play at 390x844: ${c.figures.join(", ")}`);
  expect(app.errors).toEqual([]);
  await app.close();
});
