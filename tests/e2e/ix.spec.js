// Ix sheet and GM table journeys: a short fight on a phone, initiative with a Minion group,
// a fear check, the print copy, and axe on both screens.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";



async function openSheet(app, name) {
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

function panel(page, name) {
  return page.getByRole("region", { name, exact: true });
}

test("a new Ix character plays a short fight", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await openSheet(app, "Vex Arrandi");

  // Identity and ratings persist.
  await page.getByRole("textbox", { name: "Player" }).fill("Sam");
  const intellect = page.getByRole("textbox", { name: "Intellect" });
  await intellect.fill("7");
  await intellect.press("Enter");
  await expect(page.getByText("7 is above the most, 6.")).toBeVisible();
  await intellect.fill("4");
  await intellect.press("Enter");
  const skills = panel(page, "Skills");
  for (let i = 0; i < 2; i++) await skills.getByRole("button", { name: "Raise Medicine rank" }).click();

  // A skill check opens the tray with the rules' pool at the chosen difficulty; the
  // session's Fortune Point is spent from the tray.
  const fortune = page.getByRole("checkbox", { name: "Holds a Fortune Point this session" });
  await fortune.check();
  await skills.getByRole("button", { name: "Hard" }).click();
  await skills.getByRole("button", { name: /^Medicine.*roll$/ }).click();
  await expect(app.tray()).toBeVisible();
  await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability, 2 Mastery vs 3 Trial");
  await app.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
  await expect(app.tray().locator(".pool-words")).toHaveText("1 Ability, 3 Mastery vs 3 Trial");
  await app.roll();
  await expect(fortune).not.toBeChecked();
  await expect(app.result()).toBeVisible();
  await app.tray().getByRole("button", { name: "Close" }).click();

  // Wounds to incapacitation, in words.
  const health = panel(page, "Wounds and Strain");
  const wounds = health.getByRole("textbox", { name: /^Wounds remaining/ });
  await health.getByRole("button", { name: "Remove one Wound" }).click();
  await expect(wounds).toHaveValue("9");
  await health.getByRole("button", { name: "Add one Wound" }).click();
  await expect(wounds).toHaveValue("10");
  await wounds.fill("11");
  await wounds.press("Enter");
  await expect(health.getByText("11 is above the most, 10.")).toBeVisible();
  await wounds.fill("1");
  await wounds.press("Enter");
  await health.getByRole("button", { name: "Remove one Wound" }).click();
  await expect(health.getByRole("status")).toContainText("Incapacitated and bleeding out");
  await health.getByRole("button", { name: "End of round: bleed out" }).click();
  await expect(wounds).toHaveValue("-1");

  // Two Critical Injuries: the second adds +10.
  const crit = panel(page, "Critical Injuries");
  await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
  await expect(crit.getByRole("status")).toContainText("+ 0 (0 carried)");
  await expect(crit.getByText("now +10")).toBeVisible();
  await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
  await expect(crit.getByRole("status")).toContainText("+ 10 (1 carried)");
  const list = crit.getByRole("list", { name: "Critical Injuries carried" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").nth(1)).toContainText("+ 10 for 1 carried");

  // Treat one: a Medicine check in the tray; success removes it, failure keeps it.
  let treated = false;
  for (let i = 0; i < 12 && !treated; i++) {
    await list.getByRole("button", { name: /^Treat / }).first().click();
    await expect(app.tray()).toBeVisible();
    await expect(app.tray().locator(".pool-words")).toContainText("Trial");
    await app.roll();
    const out = await app.outcome();
    await app.tray().getByRole("button", { name: "Close" }).click();
    if (out.startsWith("Success")) {
      await expect(list.getByRole("listitem")).toHaveCount(1);
      treated = true;
    } else {
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await page.getByRole("button", { name: "Dismiss" }).first().click().catch(() => {});
    }
  }
  expect(treated).toBe(true);

  // The character's own rolls.
  await expect(panel(page, "Recent rolls").getByRole("listitem").first()).toContainText("Medicine");

  // Everything survives a reload.
  await app.reload();
  await expect(page.getByRole("textbox", { name: "Player" })).toHaveValue("Sam");
  await expect(page.getByRole("textbox", { name: "Intellect" })).toHaveValue("4");
  await expect(panel(page, "Critical Injuries").getByRole("list", { name: "Critical Injuries carried" }).getByRole("listitem")).toHaveCount(1);

  // A spell: casting pays its Strain and opens the tray with Overloads as extra Trial dice.
  const magic = panel(page, "Magic");
  await magic.getByText("New spell").click();
  await magic.getByRole("textbox", { name: "Spell name" }).fill("Bolt");
  await magic.getByRole("button", { name: "Add", exact: true }).click();
  const over = magic.getByRole("textbox", { name: "Overloads chosen for this casting" });
  await over.fill("1");
  await over.press("Enter");
  await magic.getByRole("button", { name: "Cast Bolt" }).click();
  await expect(app.tray().locator(".pool-words")).toHaveText("4 Ability vs 3 Trial");
  await app.tray().getByRole("button", { name: "Close" }).click();
  await expect(panel(page, "Wounds and Strain").getByRole("textbox", { name: /^Strain remaining/ })).toHaveValue("8");

  for (const size of [{ w: 390, h: 844, n: "phone" }, { w: 1280, h: 800, n: "desktop" }]) {
    await page.setViewportSize({ width: size.w, height: size.h });
    await page.screenshot({ path: `${SHOTS}/ix-sheet-${size.n}.png`, fullPage: true });
  }
  await audit(page, "Ix sheet");
  await page.emulateMedia({ colorScheme: "dark" });
  await audit(page, "Ix sheet (dark)");

  // Print: no navigation or tray, nothing cut off.
  await page.emulateMedia({ media: "print", colorScheme: "light" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Dice", exact: true })).toBeHidden();
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.length).toBeGreaterThan(1000);
  await page.pdf({ format: "Letter", path: `${SHOTS}/ix-sheet-letter.pdf` });
  await app.close();
});

test("the GM runs initiative with a Minion group and a fear check", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.create("Ix", "Ada");
  await page.goto(app.server.url + "#/table/ix");
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();

  // Session.
  const session = panel(page, "Session");
  await session.getByRole("button", { name: "Start session" }).click();
  await expect(session.getByRole("status")).toHaveText("Fortune 2 · Peril 1");
  await session.getByRole("button", { name: "A player spends Fortune" }).click();
  await expect(session.getByRole("status")).toHaveText("Fortune 1 · Peril 2");
  await expect(session.getByRole("listitem")).toHaveCount(1);

  // A Minion group of three with 4 Wounds each.
  const foes = panel(page, "Adversaries");
  const per = foes.getByRole("textbox", { name: "Wounds per minion" });
  await per.fill("4");
  await per.press("Enter");
  await foes.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await foes.getByRole("button", { name: "Add" }).click();
  await expect(foes.getByText("3 of 3 standing, 12 of 12 Wounds")).toBeVisible();

  // Three participants.
  const init = panel(page, "Initiative");
  for (const name of ["Vex", "Ada"]) {
    await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: name });
    await init.getByRole("button", { name: "Add character" }).click();
  }
  await init.getByText("Add an adversary or NPC").click();
  await init.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await init.getByRole("button", { name: "Add", exact: true }).click();
  await init.getByRole("button", { name: /^Ada: On Watch/ }).click();
  await expect(init.getByRole("button", { name: /^Ada: Surprised/ })).toBeVisible();
  await init.getByRole("button", { name: "Roll initiative for all" }).click();
  const order = init.getByRole("list", { name: "Turn order" }).getByRole("listitem");
  await expect(order).toHaveCount(3);
  await expect(init.getByText("Round 1")).toBeVisible();
  await expect(order.first()).toHaveAttribute("aria-current", "true");
  for (let i = 0; i < 3; i++) await init.getByRole("button", { name: "Next turn" }).click();
  await expect(init.getByText("Round 2")).toBeVisible();
  await init.getByRole("button", { name: "Previous turn" }).click();
  await expect(init.getByText("Round 1")).toBeVisible();
  await expect(order.nth(2)).toHaveAttribute("aria-current", "true");

  // The Minion group takes damage: members fall as Wounds go.
  const amount = foes.getByRole("textbox", { name: "Amount for Goblins" });
  await amount.fill("5");
  await amount.press("Enter");
  await foes.getByRole("button", { name: "Damage" }).click();
  await expect(foes.getByText("2 of 3 standing, 7 of 12 Wounds")).toBeVisible();
  await amount.fill("7");
  await amount.press("Enter");
  await foes.getByRole("button", { name: "Damage" }).click();
  await expect(foes.getByText("0 of 3 standing")).toBeVisible();
  await expect(init.getByRole("list", { name: "Turn order" }).getByText("Incapacitated")).toHaveCount(1);

  // A fear check at rating 4 on Vex and Ada: failures are Frightened on their sheets.
  const fear = panel(page, "Fear");
  await fear.getByRole("textbox", { name: "Source of fear" }).fill("the wyrm");
  const rating = fear.getByRole("textbox", { name: "Fear rating" });
  await rating.fill("4");
  await rating.press("Enter");
  await fear.getByRole("checkbox", { name: "Vex" }).check();
  await fear.getByRole("checkbox", { name: "Ada" }).check();
  const results = fear.getByRole("list", { name: "Fear results" }).getByRole("listitem");
  let frightened = [];
  for (let i = 0; i < 15 && !frightened.length; i++) {
    await fear.getByRole("button", { name: "Roll fear checks" }).click();
    await expect(results).toHaveCount(2);
    const texts = await results.allTextContents();
    frightened = texts.filter((t) => t.includes("Frightened")).map((t) => t.split(":")[0]);
  }
  expect(frightened.length).toBeGreaterThan(0);

  // Persisted, then checked on a sheet.
  await app.reload();
  await expect(panel(page, "Session").getByRole("status")).toHaveText("Fortune 1 · Peril 2");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/ix-table-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/ix-table-phone.png`, fullPage: true });
  await audit(page, "Ix table");
  await page.goto(app.server.url + "#/");
  await openSheet(app, frightened[0]);
  const cond = panel(page, "Conditions and talents");
  await expect(cond.getByRole("list", { name: "Conditions" })).toContainText("Frightened");
  await expect(cond.getByRole("textbox", { name: "Frightened of" })).toHaveValue("the wyrm");
  await app.close();
});
