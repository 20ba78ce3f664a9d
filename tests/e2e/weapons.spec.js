// Weapons on the Ix sheet (issue 16): a weapon added on the sheet, an attack from it rolled in
// the tray "on" another roster character, the hit said in words, its damage applied through
// that character's own damage edit, and the Critical Injury its Boons buy rolled on them (a
// second one climbing by +10). Rolls are real: each attack accepts whatever reading the rules
// allow and checks the words against it (exact outcomes are pinned by tests/it/ix_weapons.rs).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, expectBeside, openApp } from "./pages.js";

function panel(page, name) {
  return page.getByRole("region", { name, exact: true });
}

async function openSheet(app, name) {
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/**
 * Attacks Bo with the Longsword once: the tray opens with the weapon's pool, Bo is chosen under
 * "Attack on", the roll is made and the tray closed. Returns the result's words, checked.
 */
async function attack(app, base) {
  const page = app.page;
  const weapons = panel(page, "Weapons");
  const button = weapons.getByRole("button", { name: "Attack with Longsword" });
  await button.click();
  await expect(app.tray()).toBeVisible();
  // Might 5, Melee 5: five dice, all upgraded; Average adds two Trial dice.
  await expect(app.tray().locator(".pool-words")).toHaveText("5 Mastery vs 2 Trial");
  await app.tray().getByRole("combobox", { name: "Attack on" }).selectOption({ label: "Bo" });
  await app.roll();
  await expect(app.result()).toBeVisible();
  await app.tray().getByRole("button", { name: "Close" }).click();
  const result = weapons.getByRole("status", { name: "Last attack" });
  await expect(result).toContainText(/Hit: \d+ damage|Miss/);
  await expect(result).toBeInViewport();
  // Its first line is not under the sticky bars.
  const bars = await page.evaluate(() => Math.max(...[...document.querySelectorAll(".top, .section-bar")].map((b) => b.getBoundingClientRect().bottom)));
  expect((await result.boundingBox()).y).toBeGreaterThanOrEqual(bars - 1);
  const text = await result.textContent();
  const hit = text.match(/Hit: (\d+) damage \(Longsword (\d+) \+ (\d+) net Success(?:es)?\) on Bo\./);
  if (hit) {
    // The damage is the weapon's plus one per net Success.
    expect(Number(hit[2])).toBe(base);
    expect(Number(hit[1])).toBe(base + Number(hit[3]));
  } else {
    expect(text).toContain("Miss: no damage.");
  }
  return { text, damage: hit ? Number(hit[1]) : 0, crit: text.includes("Critical Injury: roll it on Bo") };
}

test("an attack with a weapon hits another character, applies its damage and rolls the Critical Injury it buys", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Bo");
  await app.create("Ix", "Vex");
  await openSheet(app, "Vex");

  // Might 5 and Melee 5.
  const might = page.getByRole("textbox", { name: "Might" });
  await might.fill("5");
  await might.press("Enter");
  const skills = panel(page, "Skills");
  for (let i = 0; i < 5; i++) await skills.getByRole("button", { name: "Raise Melee rank" }).click();

  // A weapon, added and set on the sheet (at the top of Skills, with the checks): damage 5,
  // Crit 1 (any net Boon may buy an injury).
  await page.getByRole("link", { name: "Skills" }).click();
  const weapons = panel(page, "Weapons");
  await expect(weapons).toContainText("No weapons yet");
  await weapons.getByText("Add, change or remove weapons").click();
  await weapons.getByRole("textbox", { name: "New weapon" }).fill("Longsword");
  await weapons.getByRole("button", { name: "Add", exact: true }).click();
  await expect(weapons.getByRole("list", { name: "Weapons carried" })).toContainText("Damage 4 · Crit 3 · Engaged · Melee");
  const damage = weapons.getByRole("textbox", { name: "Longsword damage" });
  await damage.fill("5");
  await damage.press("Enter");
  const crit = weapons.getByRole("textbox", { name: "Longsword Crit rating" });
  await crit.fill("9");
  await crit.press("Enter");
  await expect(weapons.getByText("9 is above the most, 6.")).toBeVisible();
  await crit.fill("1");
  await crit.press("Enter");
  await expect(weapons.getByRole("list", { name: "Weapons carried" })).toContainText("Damage 5 · Crit 1 · Engaged · Melee");
  await weapons.getByText("Add, change or remove weapons").click();

  // Attack until a hit whose Boons buy a Critical Injury (each try's words checked).
  let first = null;
  for (let i = 0; i < 15 && !first; i++) {
    const a = await attack(app, 5);
    if (a.damage > 0 && a.crit) first = a;
  }
  expect(first, "no hit with a Critical Injury in 15 attacks of 5 Mastery dice").not.toBeNull();
  await page.screenshot({ path: `${SHOTS}/ix-weapon-hit-phone.png` });

  // The damage goes on Bo through Bo's own damage edit, as from an attack.
  const result = weapons.getByRole("status", { name: "Last attack" });
  await result.getByRole("button", { name: `Apply ${first.damage} Wounds to Bo` }).click();
  const left = 10 - first.damage;
  await expect(result).toContainText(`Bo: Took ${first.damage} Wound${first.damage === 1 ? "" : "s"}: ${left} of 10 Wounds left.`);
  await expect(result.getByRole("button", { name: /^Apply/ })).toHaveCount(0);

  // The injury is rolled on Bo, with none carried.
  await result.getByRole("button", { name: "Roll Critical Injury on Bo" }).click();
  await expect(result).toContainText(/Bo: Rolled \d+ \+ 0 \(0 carried\) = \d+: /);
  await expect(result.getByRole("button", { name: "Roll Critical Injury on Bo" })).toHaveCount(0);
  await audit(page, "Ix sheet, after an attack");

  // A second crit climbs by +10 for the one Bo carries (a hit or a miss whose Boons reach it).
  let second = null;
  for (let i = 0; i < 15 && !second; i++) {
    const a = await attack(app, 5);
    if (a.crit) second = a;
  }
  expect(second, "no Critical Injury in 15 attacks").not.toBeNull();
  await result.getByRole("button", { name: "Roll Critical Injury on Bo" }).click();
  await expect(result).toContainText(/Bo: Rolled \d+ \+ 10 \(1 carried\) = \d+: /);

  await page.setViewportSize({ width: 1280, height: 800 });
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ix-weapon-hit-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  // Bo's sheet carries both injuries and the Wounds the hit took.
  await app.go("Roster");
  await openSheet(app, "Bo");
  await expect(panel(page, "Critical Injuries").getByRole("list", { name: "Critical Injuries carried" }).getByRole("listitem")).toHaveCount(2);
  await expect(panel(page, "Wounds and Strain").getByRole("textbox", { name: /^Wounds remaining/ })).toHaveValue(String(left));
  await app.close();
});

test("a weapon refuses what it cannot be, and an attack under Defensive Guard", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await openSheet(app, "Vex");
  const weapons = panel(page, "Weapons");
  await weapons.getByText("Add, change or remove weapons").click();
  await weapons.getByRole("textbox", { name: "New weapon" }).fill("Bow");
  await weapons.getByRole("button", { name: "Add", exact: true }).click();
  await weapons.getByRole("combobox", { name: "Bow skill" }).selectOption("Ranged");
  await expect(weapons.getByRole("list", { name: "Weapons carried" })).toContainText("Ranged");
  await weapons.getByRole("combobox", { name: "Bow range" }).selectOption("Long");
  await expect(weapons.getByRole("list", { name: "Weapons carried" })).toContainText("Damage 4 · Crit 3 · Long · Ranged");
  await weapons.getByRole("textbox", { name: "New weapon" }).fill("bow");
  await weapons.getByRole("button", { name: "Add", exact: true }).click();
  await expect(weapons.getByText("There is already a weapon called bow.")).toBeVisible();

  // The skill a weapon rolls cannot be removed from under it.
  await page.getByRole("link", { name: "Skills" }).click();
  const skills = panel(page, "Skills");
  await skills.getByText("Add, rename or remove skills").click();
  await skills.getByRole("button", { name: "Remove Ranged" }).click();
  await expect(skills.getByText("Bow attacks with Ranged: change or remove the weapon first.")).toBeVisible();

  // Defensive Guard: no attack until it is lowered, said beside the weapon.
  await page.getByRole("link", { name: "Play" }).click();
  await page.getByRole("group", { name: "Guard (they do not stack)" }).getByRole("button", { name: "Defensive Guard" }).click();
  await page.getByRole("link", { name: "Skills" }).click();
  await weapons.getByRole("button", { name: "Attack with Bow" }).click();
  await expect(weapons.getByText(/^Defensive Guard is up/)).toBeVisible();
  await expect(app.tray()).toBeHidden();
  await app.close();
});

for (const size of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`a grapple rolls the skill against the target's Might and Agility (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Vex");
    await openSheet(app, "Vex");
    await page.getByRole("link", { name: "Skills", exact: true }).click();
    const weapons = panel(page, "Weapons");
    await weapons.getByText("Grapple", { exact: true }).click();
    await expect(weapons.getByRole("combobox", { name: "Grapple with" })).toHaveValue("Athletics");

    // A target of Might 4 and Agility 2: 4 dice, 2 of them upgraded.
    for (const [name, v] of [["Target's Might", 4], ["Target's Agility", 2]]) {
      const box = weapons.getByRole("textbox", { name });
      await box.fill(String(v));
      await box.press("Enter");
    }
    await expect(weapons.getByText(/^Difficulty: 2 Trial, 2 Crisis/)).toBeVisible();
    const roll = weapons.getByRole("button", { name: "Roll grapple" });
    await roll.click();
    // Vex is Might 2, Athletics 0 on a new sheet: two Ability dice.
    await expect(app.tray()).toBeVisible();
    await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial, 2 Crisis");
    await app.roll();
    await expect(app.result().locator(".outcome")).toBeInViewport();
    await app.tray().getByRole("button", { name: "Close" }).click();

    // Under Defensive Guard a grapple is refused beside its button, and the tray stays shut.
    await page.getByRole("link", { name: "Play", exact: true }).click();
    await page.getByRole("group", { name: "Guard (they do not stack)" }).getByRole("button", { name: "Defensive Guard" }).click();
    await page.getByRole("link", { name: "Skills", exact: true }).click();
    if (!(await roll.isVisible())) await weapons.getByText("Grapple", { exact: true }).click();
    await roll.click();
    await expectBeside(roll, weapons.getByText(/^Defensive Guard is up/));
    await expect(app.tray()).toBeHidden();
    await audit(page, `Ix sheet, grapple (${size.name})`);
    await app.close();
  });
}
