// Issue 16's fight, played through the screens: a weapon hit buys a Critical Injury, a second
// one climbs by +10, a healer treats one, a Fortune Point is spent and flips, and a Killed
// result kills. Then what lasts between checks: a Bane the GM spends on a character's next
// check, Concentration upkeep each round from the GM table, and fear once per source a scene.
// Rolls are real, so each step repeats until the dice allow it and checks the words it gets
// (exact outcomes are pinned by tests/it/ix_weapons.rs and tests/it/ix_table_play.rs).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, expectBeside, openApp } from "./pages.js";

function panel(page, name) {
  return page.getByRole("region", { name, exact: true });
}

async function openSheet(app, name) {
  await app.go("Roster");
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Vex with Might 5, Melee 4 and a Longsword (damage 5, Crit 1). */
async function armVex(app) {
  const page = app.page;
  await openSheet(app, "Vex");
  const might = page.getByRole("textbox", { name: "Might" });
  await might.fill("5");
  await might.press("Enter");
  const skills = panel(page, "Skills");
  for (let i = 0; i < 4; i++) await skills.getByRole("button", { name: "Raise Melee rank" }).click();
  await page.getByRole("link", { name: "Skills" }).click();
  const weapons = panel(page, "Weapons");
  await weapons.getByText("Add, change or remove weapons").click();
  await weapons.getByRole("textbox", { name: "New weapon" }).fill("Longsword");
  await weapons.getByRole("button", { name: "Add", exact: true }).click();
  for (const [field, value] of [["damage", "5"], ["Crit rating", "1"]]) {
    const box = weapons.getByRole("textbox", { name: `Longsword ${field}` });
    await box.fill(value);
    await box.press("Enter");
  }
  await expect(weapons.getByRole("list", { name: "Weapons carried" })).toContainText("Damage 5 · Crit 1");
  await weapons.getByText("Add, change or remove weapons").click();
}

/**
 * One Longsword attack on Bo. The first picks Bo under "Attack on"; later ones find Bo still
 * chosen. `fortune` spends the session's Fortune Point on it. Returns what the attack did.
 */
async function attack(app, { first = false, fortune = false } = {}) {
  const page = app.page;
  const weapons = panel(page, "Weapons");
  await weapons.getByRole("button", { name: "Attack with Longsword" }).click();
  await expect(app.tray()).toBeVisible();
  const on = app.tray().getByRole("combobox", { name: "Attack on" });
  if (first) await on.selectOption({ label: "Bo" });
  else await expect(on).toHaveValue(/./);
  await expect(on.locator("option:checked")).toHaveText("Bo");
  await expect(app.tray().locator(".pool-words")).toHaveText("1 Ability, 4 Mastery vs 2 Trial");
  if (fortune) {
    await app.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
    await expect(app.tray().locator(".pool-words")).toHaveText("5 Mastery vs 2 Trial");
  }
  await app.roll();
  await expect(app.result()).toBeVisible();
  await app.tray().getByRole("button", { name: "Close" }).click();
  const result = weapons.getByRole("status", { name: "Last attack" });
  await expect(result).toContainText(/Hit: \d+ damage|Miss/);
  // The result and the next Attack are both in sight, neither under the sticky bars.
  const button = weapons.getByRole("button", { name: "Attack with Longsword" });
  await expect(result).toBeInViewport();
  await expect(button).toBeInViewport({ ratio: 1 });
  const bars = await page.evaluate(() => Math.max(...[...document.querySelectorAll(".top, .section-bar")].map((b) => b.getBoundingClientRect().bottom)));
  expect((await button.boundingBox()).y).toBeGreaterThanOrEqual(bars - 1);
  const text = await result.textContent();
  const hit = text.match(/Hit: (\d+) damage/);
  return { damage: hit ? Number(hit[1]) : 0, crit: text.includes("Critical Injury: roll it on Bo"), result };
}

test("the issue's fight: a weapon's crit, +10 on the second, a healer, Fortune flipped, Killed", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await openApp(page);
  await app.create("Ix", "Bo");
  await app.create("Ix", "Vex");
  await armVex(app);

  // A session for the two players, started on Vex's sheet: 2 Fortune, 1 Peril.
  const points = panel(page, "Fortune and Peril");
  await points.getByText("Start a new session").click();
  await points.getByRole("button", { name: "Start session" }).click();
  await expect(points).toContainText("Fortune on the players' side: 2 · Peril on the GM's side: 1");

  // The first attack spends one (its last Ability die becomes Mastery) and it flips to the GM
  // as Peril when the attack is rolled.
  await page.getByRole("link", { name: "Skills" }).click();
  let a = await attack(app, { first: true, fortune: true });
  await expect(points).toContainText("Fortune on the players' side: 1 · Peril on the GM's side: 2");

  // Attack until a hit buys a Critical Injury; Bo stays chosen between attacks.
  for (let i = 0; i < 15 && !(a.damage > 0 && a.crit); i++) a = await attack(app);
  expect(a.damage > 0 && a.crit, "a hit with a Critical Injury in 16 attacks").toBe(true);
  await a.result.getByRole("button", { name: `Apply ${a.damage} Wounds to Bo` }).click();
  await a.result.getByRole("button", { name: "Roll Critical Injury on Bo" }).click();
  await expect(a.result).toContainText(/Bo: Rolled \d+ \+ 0 \(0 carried\) = \d+: /);
  a = await attack(app);
  for (let i = 0; i < 15 && !a.crit; i++) a = await attack(app);
  expect(a.crit, "a second Critical Injury in 16 attacks").toBe(true);
  await a.result.getByRole("button", { name: "Roll Critical Injury on Bo" }).click();
  await expect(a.result).toContainText(/Bo: Rolled \d+ \+ 10 \(1 carried\) = \d+: /);

  // On Bo's sheet a healer the GM names (Intellect 6, Medicine 5) treats one of the two.
  await openSheet(app, "Bo");
  const injuries = panel(page, "Critical Injuries").getByRole("list", { name: "Critical Injuries carried" }).getByRole("listitem");
  await expect(injuries).toHaveCount(2);
  const medicine = panel(page, "Medicine");
  await medicine.locator("summary").click();
  await medicine.getByRole("combobox", { name: "Healer" }).selectOption({ label: "Someone the GM names" });
  for (const [field, value] of [["Healer's name", "Sister Ame"], ["Healer's Intellect", "6"], ["Healer's Medicine rank", "5"]]) {
    const box = medicine.getByRole("textbox", { name: field });
    await box.fill(value);
    await box.press("Enter");
  }
  const crit = panel(page, "Critical Injuries");
  for (let i = 0; i < 12 && (await injuries.count()) === 2; i++) {
    const treat = injuries.first().getByRole("button", { name: /^Treat / });
    if ((await treat.count()) === 0) break; // a Mortal row: no Medicine applies
    await treat.click();
    await expect(app.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue(/^Sister Ame's Medicine \(\w+\) to treat a Critical Injury on Bo$/);
    await app.roll();
    await expect(app.result()).toBeVisible();
    await app.tray().getByRole("button", { name: "Close" }).click();
  }
  await expect(injuries).toHaveCount(1);
  await expect(crit.getByRole("status")).toContainText("treated: the injury is gone.");

  // More Critical Injuries climb the table until a Killed row (141+) kills Bo: at 14 carried
  // the lowest total is 141, so it comes within 14 rolls.
  const last = crit.locator(".crit-last");
  for (let i = 0; i < 15 && !(await last.textContent()).includes("The character dies."); i++) {
    await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
    await expect(last).toContainText("Rolled");
  }
  await expect(last).toContainText("The character dies.");
  const health = panel(page, "Wounds and Strain");
  await expect(health.getByRole("status").first()).toContainText("Dead");
  await expect(page.locator("main")).not.toContainText("Healthy");
  await audit(page, "Ix sheet of a character killed by a Critical Injury");
  await app.close();
});

test("between checks: a Bane for the next check, Concentration each round, fear once a scene", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await openApp(page);
  await app.create("Ix", "Bo");
  await app.create("Ix", "Vex");

  // Bo's check comes up with net Banes (five Bane dice make that likely); the GM spends one
  // on Bo's next check from the tray's result.
  await openSheet(app, "Bo");
  const skills = panel(page, "Skills");
  let carry = app.tray().getByRole("button", { name: "GM: spend a Bane as +1 Bane die on Bo's next check" });
  for (let i = 0; i < 10; i++) {
    await skills.getByRole("button", { name: /^Athletics.*roll$/ }).click();
    await app.addDie("Bane die", 5);
    await app.roll();
    await expect(app.result()).toBeVisible();
    if (await carry.count()) break;
    await app.tray().getByRole("button", { name: "Close" }).click();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await carry.click();
  const waits = app.result().locator(".carry-bane .said");
  await expect(waits).toHaveText("Bo's next check: 1 Bane die waits.");
  await page.screenshot({ path: `${SHOTS}/ix-carry-bane-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectBeside(carry.or(app.result().locator(".carry-bane")).first(), waits);
  await app.tray().getByRole("button", { name: "Close" }).click();
  const conditions = panel(page, "Conditions");
  await expect(conditions).toContainText("Next check: +1 Bane die (the GM's spend)");

  // The next check carries it, by name, and rolling it uses it up.
  await skills.getByRole("button", { name: /^Athletics.*roll$/ }).click();
  const line = app.tray().getByRole("checkbox", { name: "Carried from an earlier check: +1 Bane die" });
  await expect(line).toBeChecked();
  await expect(app.tray().locator(".pool-words")).toContainText("1 Bane");
  await app.roll();
  await expect(app.result()).toBeVisible();
  await expect(line).toHaveCount(0);
  await app.tray().getByRole("button", { name: "Close" }).click();
  await expect(conditions).not.toContainText("Next check");

  // Vex casts a Concentration spell (no Strain to cast) until it takes hold.
  await openSheet(app, "Vex");
  await page.getByRole("link", { name: "Magic", exact: true }).click();
  const magic = panel(page, "Magic");
  await magic.getByText("Spell builder: new spell").click();
  await magic.getByRole("textbox", { name: "Spell name" }).fill("Levitate");
  await magic.getByRole("textbox", { name: "Duration", exact: true }).fill("Concentration");
  const cost = magic.getByRole("textbox", { name: "Strain to cast" });
  await cost.fill("0");
  await cost.press("Enter");
  await magic.getByRole("button", { name: "Save spell" }).click();
  const held = magic.getByRole("group", { name: "Concentration" });
  for (let i = 0; i < 15 && (await held.count()) === 0; i++) {
    await magic.getByRole("button", { name: "Cast Levitate" }).click();
    await app.roll();
    await expect(app.result()).toBeVisible();
    await app.tray().getByRole("button", { name: "Close" }).click();
  }
  await expect(held).toContainText("Concentrating on Levitate");
  await held.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ix-concentration-desktop.png` });

  // The GM table reminds each round; paying there takes the Strain off Vex's sheet.
  await page.goto(app.server.url + "#/table/ix");
  const init = panel(page, "Initiative");
  for (const who of ["Bo", "Vex"]) {
    await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: who });
    await init.getByRole("button", { name: "Add character" }).click();
  }
  await init.getByRole("button", { name: "Roll initiative for all" }).click();
  const upkeep = init.getByRole("group", { name: "Concentration upkeep" });
  await expect(upkeep).toContainText("Vex keeps Levitate going: 1 Strain due for round 1.");
  await upkeep.getByRole("button", { name: "Vex pays 1 Strain for Levitate" }).click();
  await expect(upkeep).toContainText("Vex keeps Levitate going: paid for round 1.");
  await expect(upkeep.getByRole("button", { name: /pays 1 Strain/ })).toHaveCount(0);
  for (let i = 0; i < 2; i++) await init.getByRole("button", { name: "Next turn" }).click();
  await expect(init.getByRole("status").filter({ hasText: /^Round/ })).toHaveText("Round 2");
  await expect(upkeep).toContainText("Vex keeps Levitate going: 1 Strain due for round 2.");
  await upkeep.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/ix-upkeep-desktop.png` });
  await upkeep.getByRole("button", { name: "Vex pays 1 Strain for Levitate" }).click();
  await expect(init.getByRole("list", { name: "Turn order" })).toContainText("Strain 8 of 10");

  // Fear: one check per source a scene.
  const fear = panel(page, "Fear");
  await fear.getByRole("textbox", { name: "Source of fear" }).fill("The dragon");
  for (const who of ["Bo", "Vex"]) await fear.getByRole("checkbox", { name: who, exact: true }).check();
  await fear.getByRole("button", { name: "Roll fear checks" }).click();
  const results = fear.getByRole("list", { name: "Fear results" });
  await expect(results.getByRole("listitem")).toHaveCount(2);
  await expect(results).not.toContainText("already checked");
  await fear.getByRole("button", { name: "Roll fear checks" }).click();
  await expect(results).toContainText("Bo: already checked against The dragon this scene");
  await expect(results).toContainText("Vex: already checked against The dragon this scene");
  await fear.getByRole("button", { name: "New scene" }).click();
  await fear.getByRole("button", { name: "Roll fear checks" }).click();
  await expect(results).not.toContainText("already checked");
  await audit(page, "Ix table with upkeep and fear");

  // Ending it on the table clears the sheet's spell too.
  await upkeep.getByRole("button", { name: "Vex ends Levitate" }).click();
  await expect(upkeep).toHaveCount(0);
  await openSheet(app, "Vex");
  await page.getByRole("link", { name: "Magic", exact: true }).click();
  await expect(held).toHaveCount(0);
  await app.close();
});
