// One source of truth, as a player and a GM see it: the combat tracker and the sheet show one
// HP; armour and its Block come from the gear; the session's Fortune is one pool that the GM
// table, the sheet and the tray share, even across tabs.
import { test, expect } from "@playwright/test";
import { audit, openApp, storageCanFill } from "./pages.js";

const gearOf = (page) => page.getByRole("region", { name: "Gear", exact: true });

async function carry(page, item) {
  const gear = gearOf(page);
  await gear.getByRole("combobox", { name: "Common item" }).selectOption(item);
  await gear.getByRole("button", { name: "Add", exact: true }).click();
  await expect(gear.getByRole("alert")).toContainText(`Added ${item}`);
}

async function openSheet(app, name) {
  await app.page.goto(app.server.url + "#/roster");
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("a hit on the combat tracker is a hit on the sheet, and back, in two tabs", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Ada");
  await page.goto(app.server.url + "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  await ref.getByRole("combobox", { name: "Character on this device" }).selectOption({ label: "Ada" });
  await ref.getByRole("button", { name: "Add to the fight" }).click();
  const row = ref.getByRole("rowheader", { name: /^Ada/ });
  await expect(row).toContainText("4d · 6 of 6 HP");
  // The same character twice is refused, with the reason.
  await ref.getByRole("button", { name: "Add to the fight" }).click();
  await expect(ref.getByRole("status", { name: "Adding" })).toHaveText("Ada is already in the fight.");

  // Ada's sheet open in a second tab follows the tracker without a reload.
  const other = await context.newPage();
  await other.goto(app.server.url + "#/roster");
  await other.getByRole("link", { name: "Ada", exact: true }).click();
  const sheet2 = other.locator(".exp-sheet");
  await expect(sheet2).toContainText("6 of 6 HP");

  const dmg = ref.getByRole("textbox", { name: "Damage per hit (negative heals)" });
  await dmg.fill("2");
  await dmg.blur();
  await ref.getByRole("button", { name: "Damage Ada" }).click();
  await expect(row).toContainText("4 of 6 HP");
  await expect(sheet2).toContainText("4 of 6 HP");

  // The other way: damage taken on the sheet shows on the tracker.
  const d2 = sheet2.getByLabel("HP to take or heal", { exact: true });
  await d2.fill("1");
  await d2.blur();
  await sheet2.getByRole("button", { name: "Take it" }).click();
  await expect(sheet2).toContainText("3 of 6 HP");
  await expect(row).toContainText("3 of 6 HP");

  // The row's name opens the same sheet in this tab.
  await row.getByRole("link", { name: "Ada" }).click();
  await expect(page.locator(".exp-sheet")).toContainText("3 of 6 HP");
  await other.close();
  await app.close();
});

test("armour worn and its Block come from the gear, and a used Block stays used", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Rook");
  await openSheet(app, "Rook");
  const sheet = page.locator(".exp-sheet");
  const blockArmour = sheet.getByRole("button", { name: "Block with armour (−2)" });
  await expect(blockArmour).toBeDisabled();
  await expect(sheet).toContainText("Nothing worn");

  await carry(page, "Armour");
  await carry(page, "Shield");
  const guard = sheet.getByRole("list", { name: "Armour and shields" });
  await expect(guard).toContainText("Armour: Block 2 ready");
  await expect(guard).toContainText("Shield: Block 2 ready");
  await expect(sheet).toContainText("Blocks left today: 2.");

  const dmg = sheet.getByLabel("HP to take or heal", { exact: true });
  await dmg.fill("3");
  await dmg.blur();
  await blockArmour.click();
  await expect(sheet).toContainText("5 of 6 HP");
  await expect(guard).toContainText("Armour: Block used");
  await expect(blockArmour).toBeDisabled();

  // Taking the armour off and putting it back on does not repair it.
  await guard.getByRole("button", { name: "Take off Armour" }).click();
  await expect(guard).toContainText("Armour: carried, not worn");
  await guard.getByRole("button", { name: "Wear Armour" }).click();
  await expect(guard).toContainText("Armour: Block used");
  await expect(blockArmour).toBeDisabled();
  // The gear says the same, on the item itself.
  await expect(gearOf(page).getByRole("button", { name: /^Armour/ })).toContainText("worn, Block used");

  // The shield still blocks once.
  await sheet.getByRole("button", { name: "Block with a shield (−2)" }).click();
  await expect(sheet).toContainText("4 of 6 HP");
  await expect(sheet).toContainText("Blocks left today: 0.");
  await audit(page, "expedition sheet with armour");
  await app.close();
});

test("Fortune is one pool: spent from a sheet's tray it flips on the GM table in another tab, and an empty side is refused", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await page.goto(app.server.url + "#/table/ix");
  const session = page.getByRole("region", { name: "Session", exact: true });
  const players = session.getByRole("textbox", { name: "Players at the table" });
  await players.fill("1");
  await players.blur();
  await session.getByRole("button", { name: "Start session" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 1");

  // The player's sheet, in another tab, reads the same pool.
  const player = await context.newPage();
  await player.goto(app.server.url + "#/roster");
  await player.getByRole("link", { name: "Vex", exact: true }).click();
  const points = player.getByRole("region", { name: "Fortune and Peril", exact: true });
  await expect(points).toContainText("Fortune on the players' side: 1");
  await expect(points).toContainText("You may spend 1 on your next check");

  const tray = player.getByRole("dialog", { name: "Dice tray" });
  const skills = player.getByRole("region", { name: "Skills" });
  await skills.getByRole("button", { name: /^Lore.*roll$/ }).click();
  await expect(tray).toBeVisible();
  await tray.getByRole("button", { name: "Spend a Fortune Point" }).click();
  await tray.getByRole("button", { name: "Roll", exact: true }).click();
  await expect(tray.getByRole("region", { name: "Result" })).toBeVisible();

  // The point flipped: the GM table shows it at once, with who spent it.
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");
  await expect(session.getByRole("listitem").first()).toContainText("Fortune spent, now Peril (Vex");
  await expect(points).toContainText("Fortune on the players' side: 0");

  // No Fortune left on the players' side: the tray refuses, in words, and nothing flips.
  await tray.getByRole("button", { name: "Close" }).click();
  await skills.getByRole("button", { name: /^Lore.*roll$/ }).click();
  await tray.getByRole("button", { name: "Spend a Fortune Point" }).click();
  await expect(tray.getByRole("alert")).toContainText("No Fortune Point is on the players' side");
  await expect(tray.locator(".pool-words")).not.toContainText("Mastery");
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");

  // The GM table refuses the same, beside its button.
  await session.getByRole("button", { name: "A player spends Fortune" }).click();
  await expect(session.getByRole("status", { name: "Session points" })).toContainText("No Fortune Point is on the players' side");
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");

  // The GM spends Peril; the point comes back to the players.
  await session.getByRole("button", { name: "The GM spends Peril" }).click();
  await expect(points).toContainText("Fortune on the players' side: 1");
  await player.close();
  await app.close();
});

test("a GM table changed while storage is full is kept, survives leaving the screen, and saves when there is room", async ({ page }) => {
  await storageCanFill(page, "satchel/v1/doc/");
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await page.goto(app.server.url + "#/table/ix");
  const session = page.getByRole("region", { name: "Session", exact: true });
  await session.getByRole("button", { name: "Start session" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 1");

  await page.evaluate(() => (window.__fullStorage = true));
  await session.getByRole("button", { name: "A player spends Fortune" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");
  const foes = page.getByRole("region", { name: "Adversaries" });
  await foes.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await foes.getByRole("button", { name: "Add" }).click();
  await expect(app.banner("Not saved")).toBeVisible();

  // Away and back: the unsaved table is still this tab's table.
  await app.go("Roster");
  await page.goto(app.server.url + "#/table/ix");
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");
  await expect(foes).toContainText("Goblins");

  // Room again: the banner goes only once both owed documents are written.
  await page.evaluate(() => (window.__fullStorage = false));
  await app.banner("Not saved").getByRole("button", { name: "Try saving again" }).click();
  await expect(app.banner("Not saved")).toHaveCount(0);
  await app.reload();
  await page.goto(app.server.url + "#/table/ix");
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 0 · Peril 2");
  await expect(foes).toContainText("Goblins");
  await app.close();
});

test("two tabs typing in one sheet: different fields keep every letter and the caret, the same field offers the other version", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  const other = await context.newPage();
  await other.goto(page.url());
  const player = (p) => p.getByRole("textbox", { name: "Player", exact: true });
  const concept = (p) => p.getByRole("textbox", { name: "Concept or archetype" });
  const notes = (p) => p.getByRole("textbox", { name: "Notes", exact: true });
  await expect(concept(other)).toBeVisible();

  // Both type at once, letter by letter, each in its own field.
  await Promise.all([
    player(page).pressSequentially("Alice Liddell", { delay: 35 }),
    concept(other).pressSequentially("Wandering scholar", { delay: 30 }),
  ]);
  await expect(player(page)).toHaveValue("Alice Liddell");
  await expect(concept(other)).toHaveValue("Wandering scholar");
  expect(await player(page).evaluate((el) => [el.selectionStart, document.activeElement === el])).toEqual([13, true]);
  // Each tab shows the other's field, and storage holds both.
  await expect(concept(page)).toHaveValue("Wandering scholar");
  await expect(player(other)).toHaveValue("Alice Liddell");
  const stored = async () => {
    const all = await app.storage();
    const key = Object.keys(all).find((k) => k.startsWith("satchel/v1/character/"));
    return JSON.parse(all[key]).sheet.ix;
  };
  await expect.poll(async () => (await stored()).about).toMatchObject({ player: "Alice Liddell", concept: "Wandering scholar" });

  // The same field: what is typed here stays, and the other tab's version is offered.
  await notes(page).click();
  await notes(page).pressSequentially("mine");
  await notes(other).fill("theirs");
  const offer = page.getByRole("status").filter({ hasText: "Another tab changed Notes" });
  await expect(offer).toContainText("“theirs”");
  await expect(notes(page)).toHaveValue("mine");
  await notes(page).pressSequentially(" too");
  await expect(notes(page)).toHaveValue("mine too");
  await offer.getByRole("button", { name: "Take theirs" }).click();
  await expect(notes(page)).toHaveValue("theirs");
  await expect(offer).toHaveCount(0);
  await expect.poll(async () => (await stored()).character.notes).toBe("theirs");

  await app.reload();
  await expect(player(page)).toHaveValue("Alice Liddell");
  await expect(concept(page)).toHaveValue("Wandering scholar");
  await expect(notes(page)).toHaveValue("theirs");
  expect(app.errors).toEqual([]);
  await other.close();
  await app.close();
});

test("two tabs changing different numbers of one sheet at the same moment keep both", async ({ page, context }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  const other = await context.newPage();
  // A listener ahead of the app's that can swallow the browser's notice of another tab's
  // write, to make the moment two tabs' writes cross happen on cue.
  await other.addInitScript(() => {
    window.addEventListener("storage", (e) => window.deaf && e.stopImmediatePropagation(), true);
  });
  await other.goto(page.url());
  const health = (p) => p.getByRole("region", { name: "Wounds and Strain", exact: true });
  const strain = (p) => health(p).getByRole("textbox", { name: /^Strain remaining/ });
  const wounds = (p) => health(p).getByRole("textbox", { name: /^Wounds remaining/ });
  await expect(strain(other)).toHaveValue("10");

  // The other tab does not hear of this tab's write before it writes its own.
  await other.evaluate(() => (window.deaf = true));
  await health(page).getByRole("button", { name: "Second Maneuver (2 Strain)" }).click();
  await expect(strain(page)).toHaveValue("8");
  await expect(strain(other)).toHaveValue("10");
  const amount = health(other).getByRole("textbox", { name: "Amount" });
  await amount.fill("3");
  await amount.blur();
  await health(other).getByRole("button", { name: "Take Wounds" }).click();

  await other.evaluate(() => (window.deaf = false));
  // Its write keeps this tab's Strain, and this tab takes the settled character. Nothing was
  // lost, so nobody is interrupted to be told.
  await expect(strain(other)).toHaveValue("8");
  await expect(wounds(other)).toHaveValue("7");
  await expect(wounds(page)).toHaveValue("7");
  await expect(strain(page)).toHaveValue("8");
  const stored = async () => {
    const all = await app.storage();
    const key = Object.keys(all).find((k) => k.startsWith("satchel/v1/character/"));
    return JSON.parse(all[key]).sheet.ix.character.health;
  };
  expect(await stored()).toMatchObject({ strain: 8, wounds: 7 });
  await expect(other.getByRole("alert").filter({ hasText: "another tab" })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "another tab" })).toHaveCount(0);

  // Both change Strain at once: the later change is kept, and the tab whose value gave way
  // is told, in a sentence, where the other one went.
  // (A second Maneuver is one a turn, so this time 2 Strain are taken by amount.)
  await other.evaluate(() => (window.deaf = true));
  const mine = health(page).getByRole("textbox", { name: "Amount" });
  await mine.fill("2");
  await mine.blur();
  await health(page).getByRole("button", { name: "Take Strain" }).click();
  await expect(strain(page)).toHaveValue("6");
  await amount.fill("1");
  await amount.blur();
  await health(other).getByRole("button", { name: "Take Strain" }).click();
  await other.evaluate(() => (window.deaf = false));
  await expect(other.getByRole("alert").filter({ hasText: "another tab" })).toHaveText(
    /Vex was changed in another tab at the same moment\. Both changes are kept, except strain \(changed in both\): the later change is kept, and History has the other\./,
  );
  await expect(strain(other)).toHaveValue("7");
  await expect(strain(page)).toHaveValue("7");
  expect(await stored()).toMatchObject({ strain: 7, wounds: 7 });
  await app.reload();
  await expect(strain(page)).toHaveValue("7");
  await expect(wounds(page)).toHaveValue("7");
  expect(app.errors).toEqual([]);
  await other.close();
  await app.close();
});
