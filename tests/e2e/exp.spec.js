// Expedition sheet and referee journeys: a new character goes into a dungeon and back to town.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";



async function newCharacter(app, page, name) {
  await app.create("Expedition", name);
  await app.card(name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const latest = (page) => page.locator(".exp-last");
const sheet = (page) => page.locator(".exp-sheet");

test("a new character: Ability test with factors, a spell in armour, 0 HP and Down and Out", async ({ page }) => {
  const app = await openApp(page);
  await newCharacter(app, page, "Rook");

  // Ability test with factors: the tray opens prefilled with 2 + Might dice.
  await page.getByRole("button", { name: /^Test Might/ }).click();
  await expect(app.tray()).toBeVisible();
  await expect(app.tray().getByLabel("Ability", { exact: true })).toHaveValue("2");
  await app.tray().getByRole("button", { name: "Work out Ob from factors" }).click();
  await app.tray().getByRole("group", { name: "Lighting" }).getByRole("button", { name: "Dim" }).click();
  await app.roll();
  await expect(app.result()).toContainText(/Pass|Fail/);
  await page.keyboard.press("Escape");

  // Learn a spell from the catalogue and channel it in armour (+1 Ob shown).
  await sheet(page).getByText("Learn a spell (catalogue of 81)").click();
  await sheet(page).getByLabel("Search").fill("bind");
  await sheet(page).getByRole("button", { name: /^Learn Bind/ }).click();
  await sheet(page).getByLabel("Armour worn").check();
  await expect(sheet(page).locator(".exp-spell")).toContainText(/armour/i);
  await sheet(page).getByRole("button", { name: "Channel Bind" }).click();
  await expect(latest(page)).toContainText("Channel Bind:");
  await expect(sheet(page)).toContainText("5 of 6 HP");

  // HP above the maximum is refused in place and nothing changes.
  const hp = sheet(page).getByRole("textbox", { name: "HP", exact: true });
  await hp.fill("7");
  await hp.blur();
  await expect(sheet(page)).toContainText("7 is above the most, 6.");
  await expect(sheet(page)).toContainText("5 of 6 HP");

  // Drop to 0 HP, then Down and Out (tended: 2d6 with the armour rule).
  await sheet(page).getByLabel("Damage", { exact: true }).fill("9");
  await sheet(page).getByLabel("Damage", { exact: true }).blur();
  await sheet(page).getByRole("button", { name: "Take it" }).click();
  await expect(sheet(page)).toContainText("0 of 6 HP");
  await expect(page.getByRole("alert").filter({ hasText: "Down and Out" })).toBeVisible();
  await sheet(page).getByRole("button", { name: "Tended: roll 2d6" }).click();
  await expect(latest(page)).toContainText(/Down and Out: rolled \d and \d: (Death|Scar|Lingering wound)/);
  await expect(page.getByRole("button", { name: "Tended: roll 2d6" })).toHaveCount(0);
  await app.close();
});

test("back in town: long rest, Income, a purchase by wager, an improvement refused the second time", async ({ page }) => {
  const app = await openApp(page);
  await newCharacter(app, page, "Wren");

  await sheet(page).getByRole("button", { name: "Long rest" }).click();
  await expect(latest(page)).toContainText(/Long rest: regained 0 HP.*Rations Depletion d20 \d+/);

  await sheet(page).getByRole("button", { name: "Roll Income (Wealth dice)" }).click();
  await expect(latest(page)).toContainText(/Income: 1 Wealth dice rolled/);
  await expect(sheet(page).getByRole("button", { name: "Income rolled this session" })).toBeDisabled();

  // Cash in hand, then a purchase with a wager in the tray; the ledger entry lands on the sheet.
  await sheet(page).getByLabel("Amount (negative spends)").fill("10");
  await sheet(page).getByLabel("Amount (negative spends)").blur();
  await sheet(page).getByLabel("Reason").fill("Loot from the crypt");
  await sheet(page).getByRole("button", { name: "Record" }).click();
  await expect(sheet(page).locator(".exp-ledger")).toContainText("Loot from the crypt");
  const cashBefore = Number(await sheet(page).locator(".exp-big strong").textContent());
  expect(cashBefore).toBeGreaterThanOrEqual(10);
  await expect(sheet(page)).toContainText("Cost 6 - Wealth 1: wager Cash against Ob 5");
  // Selling goods of Cost 5 at Wealth 1 rolls 4 dice (scarcity only raises a price to buy).
  await sheet(page).getByRole("button", { name: "Sell goods of this Cost" }).click();
  await expect(latest(page)).toContainText(/Sold goods of Cost 5: 4 dice rolled/);
  const sold = Number((await latest(page).textContent()).match(/: (\d+) Cash gained/)[1]);
  await expect(sheet(page).locator(".exp-big strong")).toHaveText(String(cashBefore + sold));
  await sheet(page).getByRole("button", { name: "Buy in the tray" }).click();
  await expect(app.tray()).toBeVisible();
  await expect(app.tray().getByLabel("Cash held")).toHaveValue(String(cashBefore + sold));
  await app.tray().getByLabel("Cash wagered").fill("3");
  await app.roll();
  await expect(app.result()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet(page).locator(".exp-big strong")).toHaveText(String(cashBefore + sold - 3));
  await expect(sheet(page).locator(".exp-ledger li").first()).toContainText(/^-3 /);

  // Improvement in the Haven: once, then refused the second time this session.
  await sheet(page).getByLabel("In a Haven phase").check();
  await sheet(page).getByRole("button", { name: "Improve Might" }).click();
  await expect(latest(page)).toContainText(/Improve Might to 3: wagered 1 Cash vs Ob 6/);
  await expect(sheet(page).locator(".exp-improve").first()).toContainText("Attempted this session");
  await sheet(page).getByRole("button", { name: "Improve Might" }).click();
  await expect(app.banner("already attempted this session")).toBeVisible();

  // Everything survives a reload.
  await app.reload();
  await expect(sheet(page).locator(".exp-big strong")).toHaveText(String(cashBefore + sold - 4));
  await expect(sheet(page).getByRole("button", { name: "Income rolled this session" })).toBeDisabled();
  await audit(page, "expedition sheet");
  await page.emulateMedia({ colorScheme: "dark" });
  await audit(page, "expedition sheet (dark)");
  await page.screenshot({ path: `${SHOTS}/exp-sheet-dark-390.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/exp-sheet-${size.width}.png`, fullPage: true });
  }
  // A clean paper copy: no navigation, tray button or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Dice", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Long rest" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.length).toBeGreaterThan(1000);
  await app.close();
});

test("referee table: rolls, a combat exchange with damage, session start, persisted", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  await expect(page.getByRole("region", { name: "Expedition referee" })).toBeVisible();
  const ref = page.locator(".exp-ref");
  await ref.getByRole("button", { name: "Exploration (d6)" }).click();
  await expect(ref.locator(".exp-history li").first()).toContainText(/Encounter check \(exploration\): rolled \d/);
  await ref.getByRole("button", { name: "Reaction (d10)" }).click();
  await expect(ref.locator(".exp-history li").first()).toContainText(/Reaction: rolled \d+/);
  await ref.getByRole("button", { name: "Plural" }).click();
  await expect(ref.locator(".exp-history li").first()).toContainText(/Number appearing \(Plural, 4 players\): [3-5]\./);

  await ref.getByLabel("Name").fill("Ghoul");
  await ref.getByLabel("Level").fill("2");
  await ref.getByLabel("Level").blur();
  await ref.getByRole("button", { name: "Add adversary" }).click();
  await expect(ref.locator("tbody tr").first()).toContainText("4 of 4");
  await ref.getByLabel("Name").fill("Rook");
  await ref.getByRole("button", { name: "Add character" }).click();
  await ref.getByLabel("Ghoul threatens").selectOption({ label: "Rook" });
  await ref.getByLabel("Rook threatens").selectOption({ label: "Ghoul" });
  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  await expect(ref.locator(".exp-history li").first()).toContainText(/^Exchange: Ghoul rolled/);
  await ref.getByRole("button", { name: "Damage Ghoul" }).click();
  await ref.getByRole("button", { name: "Start a new session" }).click();
  await expect(ref.locator(".exp-history li").first()).toContainText("Session 2 begins");
  await audit(page, "expedition referee");
  await page.emulateMedia({ colorScheme: "dark" });
  await audit(page, "expedition referee (dark)");
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/exp-referee-${size.width}.png`, fullPage: true });
  }
  await app.reload();
  await expect(page.locator(".exp-ref tbody tr")).toHaveCount(2);
  await expect(page.locator(".exp-ref")).toContainText("Session 2");
  await app.close();
});

test("retirement at Wealth 4 creates the successor with the benefits", async ({ page }) => {
  const app = await openApp(page);
  await newCharacter(app, page, "Old Mag");
  await sheet(page).getByRole("button", { name: "Retire and create the successor" }).click();
  await expect(app.banner("Wealth 4 or more")).toBeVisible();
  await sheet(page).getByLabel("Wealth", { exact: true }).fill("7");
  await sheet(page).getByLabel("Wealth", { exact: true }).blur();
  await sheet(page).getByLabel("Wise", { exact: true }).fill("Crypt-wise");
  const addWise = sheet(page).locator(".exp-add").filter({ has: page.getByLabel("Wise", { exact: true }) }).getByRole("button", { name: "Add" });
  await addWise.click();
  await sheet(page).getByLabel("Wise", { exact: true }).fill("Rat-wise");
  await addWise.click();
  await sheet(page).getByLabel("Successor's name").fill("Young Mag");
  await sheet(page).getByLabel("Ability raised").selectOption("Acuity");
  await sheet(page).getByLabel("Wise passed on").selectOption("Crypt-wise");
  await sheet(page).getByRole("button", { name: "Retire and create the successor" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Young Mag" })).toBeVisible();
  // Acuity 2 stays 2 (not below the retiree's 2), Wealth 1 + 7/3 = 3, the Wise inherited.
  await expect(page.locator(".exp-sheet").getByLabel("Wealth", { exact: true })).toHaveValue("3");
  await expect(page.locator(".exp-sheet .tags")).toContainText("Crypt-wise");
  await expect(page.locator(".exp-sheet .tags")).not.toContainText("Rat-wise");
  await app.close();
});
