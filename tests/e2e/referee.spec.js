// The Expedition referee's combat tracker: ganging up behind a leader and firing into melee,
// rolled for real (the procedure's exact outcomes are pinned by seeded native tests).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

async function add(ref, name, dice) {
  await ref.getByLabel("Name").fill(name);
  const d = ref.getByLabel("Ally dice");
  await d.fill(String(dice));
  await d.blur();
  await ref.getByRole("button", { name: "Add ally" }).click();
  // The row header carries the pool and HP under the name.
  await expect(ref.getByRole("rowheader", { name: new RegExp(`^${name}\\s+${dice}d · 6 of 6 HP$`) })).toBeVisible();
}

test("ganging up and firing into melee in one exchange", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  // One page title and one heading level per step: the tools' sections are h2 under the h1.
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Expedition referee" })).toHaveCount(0);
  await expect(ref.getByRole("heading", { level: 2, name: "Combat tracker" })).toBeVisible();

  await ref.getByLabel("Name").fill("Ogre");
  await ref.getByLabel("Level").fill("4");
  await ref.getByLabel("Level").blur();
  await ref.getByRole("button", { name: "Add adversary" }).click();
  await expect(ref.locator("tbody tr").first()).toContainText("6d · 8 of 8 HP");
  for (const n of ["Ada", "Bo", "Cy"]) await add(ref, n, 3);

  await ref.getByLabel("Ogre threatens").selectOption({ label: "Ada" });
  await ref.getByLabel("Ada threatens").selectOption({ label: "Ogre" });
  await ref.getByLabel("Bo gangs up behind").selectOption({ label: "Ada" });
  // A leader cannot help anyone, the helper cannot lead, and gangs stay on one side.
  await expect(ref.getByLabel("Ada gangs up behind").locator("option")).toHaveText(["Fights alone"]);
  await expect(ref.getByLabel("Cy gangs up behind").locator("option")).toHaveText(["Fights alone", "Ada"]);
  await ref.getByLabel("Cy threatens").selectOption({ label: "Ogre" });
  await ref.getByLabel("Cy shoots").check();
  await expect(ref.getByLabel("Cy shoots")).toBeChecked();
  // The rows are redrawn on each change; focus stays on the control that was used.
  await expect(ref.getByLabel("Cy shoots")).toBeFocused();

  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  const line = ref.locator(".exp-history li").first();
  await expect(line).toContainText("Exchange: Ada leads Bo in ganging up: 3 + 1 = 4 dice. Cy fires into melee at Ogre: 3 - 1 = 2 dice.");
  await expect(line).toContainText(/Ogre rolled (\d, ){5}\d \(\d success(es)?\); Ada rolled (\d, ){3}\d \(\d success(es)?\); Bo helps \(no roll\); Cy rolled \d, \d \(\d success(es)?\)\./);
  // Whatever was rolled, Bo takes exactly what Ada takes from the ogre (plus any stray shot).
  const text = await line.textContent();
  const took = text.match(/Ada takes (\d+)/);
  const shared = text.match(/Bo ganged up with Ada: each takes (\d+) too/);
  if (took || /Ogre and Ada tie/.test(text)) expect(shared).not.toBeNull();
  if (took) expect(shared[1]).toBe(took[1]);

  await audit(page, "referee ganging up");
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/referee-gang-${size.width}.png`, fullPage: true });
  }
  await app.reload();
  await expect(page.getByLabel("Bo gangs up behind")).toHaveValue("1");
  await expect(page.getByLabel("Cy shoots")).toBeChecked();

  // A long name wraps on a phone instead of pushing Hit and × out of sight.
  await page.setViewportSize({ width: 390, height: 844 });
  const again = page.getByRole("region", { name: "Expedition referee" });
  await add(again, "Bartholomew-Featherstonehaugh-the-Unconquerable", 3);
  const scroll = again.getByRole("region", { name: "Fighters" });
  const fits = await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  const hit = await again.getByRole("button", { name: /^Damage Bartholomew/ }).boundingBox();
  expect(hit.x + hit.width).toBeLessThanOrEqual(390);
  await scroll.screenshot({ path: `${SHOTS}/referee-long-name-390.png` });
  await app.close();
});

test("an extended test keeps its tally and says the chance to finish from here", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const panel = page.getByRole("region", { name: "Extended test" });
  await panel.getByRole("textbox", { name: "What it is" }).fill("The chase");
  await panel.getByRole("textbox", { name: "What it is" }).blur();
  for (const [name, v] of [["Passes needed", 2], ["Lost at failure (0: never)", 2], ["Dice per test", 4], ["Ob per test", 3]]) {
    const box = panel.getByRole("textbox", { name, exact: true });
    await box.fill(String(v));
    await box.blur();
  }
  await panel.getByRole("button", { name: "Start the extended test" }).click();
  // 4 dice against Ob 3 pass 5 times in 16; two passes before the second failure:
  // (5/16)^2 (1 + 2 x 11/16) = 950/4096.
  const said = panel.getByRole("status");
  await expect(said).toHaveText(
    "The chase: 0 of 2 passes, 0 of 2 failures. Chance to finish from here: 23.2% (4 dice against Ob 3 each).",
  );
  await panel.getByRole("button", { name: "A test failed" }).click();
  await expect(said).toHaveText(
    "Extended test, a failure: The chase: 0 of 2 passes, 1 of 2 failures. Chance to finish from here: 9.8% (4 dice against Ob 3 each).",
  );
  await panel.getByRole("button", { name: "Roll a test here" }).click();
  await expect(said).toHaveText(/^Extended test roll, 4 dice against Ob 3: rolled (\d, ){3}\d \((Pass|Fail)[^)]*\)\. The chase: /);
  await audit(page, "Extended test under way");
  await panel.getByRole("button", { name: "Put it away" }).click();
  await expect(panel.getByRole("button", { name: "Start the extended test" })).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});

// The ambush and channeling as a defence, through the screen: the foes ambush, the lookout's
// Acuity save fails, the free round leaves the caught character helpless; then she channels
// Bind as her defence and the spell resolves on her sheet with the damage she took.
test("an ambush's free round, then a spell channelled as a defence and resolved", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Ada");
  await app.card("Ada").getByRole("link", { name: "Ada" }).click();
  const sheet = page.locator(".exp-sheet");
  for (const [panel, name, v] of [["Hit Points", "Max HP", 20], ["Hit Points", "HP", 20], ["Natural Abilities", "Agility", 4]]) {
    const box = sheet.getByRole("region", { name: panel }).getByRole("textbox", { name, exact: true });
    await box.fill(String(v));
    await box.blur();
    await expect(box).toHaveValue(String(v));
  }
  await sheet.getByText("Learn a spell (catalogue of 81)").click();
  await sheet.getByLabel("Search").fill("bind");
  await sheet.getByRole("button", { name: /^Learn Bind/ }).click();
  await expect(sheet.getByRole("button", { name: "Channel Bind" })).toBeVisible();

  await page.goto(app.server.url + "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  await ref.getByLabel("Name").fill("Ghoul");
  await ref.getByLabel("Level").fill("2");
  await ref.getByLabel("Level").blur();
  await ref.getByRole("button", { name: "Add adversary" }).click();
  await ref.getByLabel("Character on this device").selectOption({ label: "Ada" });
  await ref.getByRole("button", { name: "Add to the fight" }).click();
  const ada = ref.getByRole("rowheader", { name: /^Ada/ });
  // A hard attack: 2 + Might 2.
  await expect(ada).toContainText("4d · 20 of 20 HP");
  await ref.getByLabel("Ghoul threatens").selectOption({ label: "Ada" });

  // The foes ambush; Ada keeps watch (2 + Acuity 2 = 4 dice) against the Ghoul's pool of 4.
  // Each roll is the rules' own; roll until the save fails (about 1 time in 3).
  await ref.getByLabel("Who ambushes").selectOption({ label: "The foes" });
  await ref.getByLabel("Lookout").selectOption({ label: "Ada" });
  await ref.getByLabel("Ambusher").selectOption({ label: "Ghoul" });
  const said = ref.getByRole("status", { name: "Ambush" });
  const log = ref.locator(".exp-history li");
  let failed = false;
  for (let i = 0; i < 40 && !failed; i++) {
    const before = await log.count();
    await ref.getByRole("button", { name: "Roll the Acuity save" }).click();
    await expect(log).toHaveCount(before + 1);
    const text = await said.textContent();
    expect(text).toMatch(
      /^Ambush by the foes: Ada keeps watch, 4 dice \(2 \+ Acuity\) against Ghoul's 4 \(its pool\)\. Ada rolled (\d, ){3}\d \(\d success(es)?\); Ghoul rolled (\d, ){3}\d \(\d success(es)?\)\. (The ambush is spotted: no free round\.|A tie: not a clean surprise, so no free round\.|The save fails: the foes take a free round, and the party are helpless through the next exchange\.)$/,
    );
    failed = text.includes("The save fails");
  }
  expect(failed).toBe(true);
  await expect(ref.getByText("Free round waiting: in the next exchange only the foes act; the party are helpless.")).toBeVisible();
  await audit(page, "referee ambush waiting");
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await ref.getByRole("region", { name: "Combat tracker" }).screenshot({ path: `${SHOTS}/referee-ambush-${size.width}.png` });
    await expect(said).toBeVisible();
  }

  // The free round: Ada rolls nothing and takes every success the Ghoul rolls (the Ghoul is
  // first in the tracker, so first in the line).
  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  const free = await log.first().textContent();
  const m = free.match(
    /^Free round for the foes \(the party are caught by surprise and helpless\)\. Exchange: Ghoul rolled (\d), (\d), (\d), (\d) \((\d) success(es)?\); Ada is caught by surprise \(no roll\)\./,
  );
  expect(m, free).not.toBeNull();
  const ghoulHits = m.slice(1, 5).filter((f) => Number(f) >= 4).length;
  expect(Number(m[5])).toBe(ghoulHits);
  let hp = 20 - ghoulHits;
  await expect(ada).toContainText(`4d · ${hp} of 20 HP`);
  await expect(ref.getByText(/^Free round waiting/)).toHaveCount(0);

  // Ada channels Bind as her defence: her Combat Check is 2 + Agility 4, and she threatens no one.
  await ref.getByLabel("Ada does").selectOption({ label: "Channel Bind (Agility)" });
  await expect(ada).toContainText(`6d · ${hp} of 20 HP`);
  await expect(ada).toContainText("Channeling Bind");
  await expect(ada).not.toContainText("+0 Ob");
  const resolve = ref.getByRole("button", { name: "Resolve Bind" });
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await ref.getByRole("region", { name: "Fighters" }).screenshot({ path: `${SHOTS}/referee-channeling-${size.width}.png` });
    const box = await resolve.boundingBox();
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  }
  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  const round = await log.first().textContent();
  expect(round).toMatch(/^Exchange: Ghoul rolled (\d, ){3}\d \(\d success(es)?\); Ada rolled (\d, ){5}\d \(\d success(es)?\)\./);
  // Ada takes the Ghoul's margin when it wins, 1 on a tie, nothing when she wins.
  const lost = round.match(/Ada takes (\d+)/);
  const taken = lost ? Number(lost[1]) : /tie: both take 1/.test(round) ? 1 : 0;
  hp -= taken;
  await expect(ada).toContainText(`6d · ${hp} of 20 HP`);
  await expect(ada).toContainText(taken ? `Channeling Bind: +${taken} Ob` : "Channeling Bind");
  // One roll serves both: the dice of her Combat Check are the Channeling Test's.
  const adaDice = round.match(/Ada rolled ((\d, ){5}\d)/)[1];

  // End of the round: the sheet casts Bind at Ob 4 + the damage taken, for 1 HP.
  await ref.getByRole("button", { name: "Resolve Bind" }).click();
  const cast = ref.getByRole("status", { name: "Fight" });
  await expect(cast).toContainText(new RegExp(`^Ada resolves Bind at the end of the round.*Channel Bind: Ob ${4 + taken} \\(`));
  await expect(cast).toContainText(`rolled ${adaDice}:`);
  const passed = /: Pass/.test(await cast.textContent());
  hp -= 1;
  await expect(ada).toContainText(`4d · ${hp} of 20 HP`);
  await expect(ada).not.toContainText("Channeling");
  await expect(ref.getByRole("button", { name: "Resolve Bind" })).toHaveCount(0);
  await expect(ref.getByLabel("Ada does")).toHaveValue("a0");
  // Failed, the runestone is exhausted and the menu no longer offers it.
  await expect(ref.getByLabel("Ada does").locator("option", { hasText: "Channel Bind" })).toHaveCount(passed ? 1 : 0);
  await audit(page, "referee after channeling");
  await page.setViewportSize({ width: 390, height: 844 });
  const scroll = ref.getByRole("region", { name: "Fighters" });
  expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The sheet agrees: the HP, and Bind's runestone.
  await ada.getByRole("link", { name: "Ada" }).click();
  await expect(sheet).toContainText(`${hp} of 20 HP`);
  const bind = sheet.locator(".exp-spell").filter({ hasText: "Bind" });
  await expect(bind.getByText("exhausted until a long rest")).toHaveCount(passed ? 0 : 1);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("four beastmen of Level 3 join the fight in one step, numbered, with the Level rule's numbers", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  await ref.getByLabel("Name").fill("Beastman");
  await ref.getByLabel("Level").fill("3");
  await ref.getByLabel("Level").blur();
  await ref.getByLabel("How many").fill("4");
  await ref.getByLabel("How many").blur();
  await expect(ref.getByText("Level 3: 5 dice, 6 HP each.")).toBeVisible();
  await ref.getByRole("button", { name: "Add 4 adversaries" }).click();
  for (const n of [1, 2, 3, 4]) {
    await expect(ref.getByRole("rowheader", { name: new RegExp(`^Beastman ${n}\\s+5d · 6 of 6 HP$`) })).toBeVisible();
  }
  await expect(ref.getByRole("list", { name: "Table log" })).toContainText("4 × Beastman join the fight: Level 3, 5 dice and 6 HP each.");
  // Two more carry on the numbering.
  await ref.getByLabel("How many").fill("2");
  await ref.getByLabel("How many").blur();
  await ref.getByRole("button", { name: "Add 2 adversaries" }).click();
  await expect(ref.getByRole("rowheader", { name: /^Beastman 6\s/ })).toBeVisible();
  await audit(page);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("an exploration turn is one tap: the die is rolled when due, read beside the button, and an encounter's follow-ups are right there", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  const turns = ref.getByRole("region", { name: "Exploration turns" });
  const said = turns.getByRole("status", { name: "This turn" });
  const after = turns.getByRole("group", { name: "After the encounter" });
  // Where it is empty the die waits for every third turn.
  await turns.getByRole("button", { name: "Next turn (empty)" }).click();
  await expect(said).toHaveText("Turn 1: no encounter check this turn (one every 3 turns here).");
  await expect(after).toHaveCount(0);
  // Where it is populous, every turn rolls; keep going until an encounter turns up.
  let met = false;
  for (let turn = 2; turn < 60 && !met; turn++) {
    await turns.getByRole("button", { name: "Next turn (populous)" }).click();
    await expect(said).toHaveText(new RegExp(`^Turn ${turn}: encounter check rolled [1-6]: `));
    const text = await said.textContent();
    const face = Number(text.match(/rolled ([1-6])/)[1]);
    const reads = { 1: "an encounter", 2: "an omen of one", 6: "the lights burn down (Depletion checks)" }[face] ?? "nothing";
    expect(text).toContain(`: ${reads}.`);
    met = face === 1;
    await expect(after).toHaveCount(met ? 1 : 0);
  }
  expect(met).toBe(true);
  await after.getByRole("button", { name: "Reaction (d10)" }).click();
  await expect(said.getByRole("listitem")).toHaveCount(2);
  await expect(said.getByRole("listitem").nth(1)).toHaveText(/^Reaction: rolled \d+: /);
  await after.getByRole("button", { name: "How many: several" }).click();
  await expect(said.getByRole("listitem").nth(2)).toContainText("Number appearing");
  // The lights' check sits in the same panel.
  await expect(turns.getByRole("button", { name: "Encounter 6: check every light in use" })).toBeVisible();
  await audit(page);
  expect(app.errors).toEqual([]);
  await app.close();
});

// What a check of the lights says of Rook's torch: its Depletion roll, its last use gone, or
// (once an earlier check used it up) no light left to check.
const LIGHT_CHECKED = /Rook: Torches(: Depletion d20 \d+| were on their last use)|No light in use at the table/;

// Issue 18's "Done when" for Expedition: the referee runs five exploration turns (or more,
// until the encounter die shows an encounter), reads what follows from it, and lights a
// torch and checks the lights, all from the referee screen; at a laptop's size and a phone's.
for (const size of [
  { name: "laptop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`five exploration turns with an encounter and a torch lit, without leaving the referee screen (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Expedition", "Rook");
    // Rook carries torches, unlit (set up on the sheet, before the delve).
    await app.card("Rook").getByRole("link", { name: "Rook" }).click();
    const gear = page.getByRole("region", { name: "Gear", exact: true });
    await gear.getByRole("combobox", { name: "Common item" }).selectOption("Torches");
    await gear.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.locator(".exp-sheet").getByRole("list", { name: "Light sources" })).toContainText("Torches");

    await page.goto(app.server.url + "#/table/expedition");
    // The rolls count 4 players by default; the party here is Rook alone: said, settled in a tap.
    const session = page.getByRole("region", { name: "Session and turns" });
    await expect(session).toContainText("The rolls count 4 players; 1 of the party is at the table.");
    await session.getByRole("button", { name: "Count 1" }).click();
    await expect(session.getByRole("textbox", { name: "Players" })).toHaveValue("1");
    await expect(session).not.toContainText("The rolls count");
    const turns = page.getByRole("region", { name: "Exploration turns" });
    const url = page.url();
    // The torch, lit from here: Rook's sheet is the one changed.
    const party = turns.getByRole("list", { name: "The party's light sources" });
    await expect(party).toHaveText(/Rook:\s*Light Torches/);
    await party.getByRole("button", { name: "Light Rook's Torches" }).click();
    await expect(party.getByRole("button", { name: "Put out Rook's Torches" })).toHaveAttribute("aria-pressed", "true");
    await expect(turns.getByRole("list", { name: "Lights in use" })).toHaveText("Rook: Torches (15+)");

    const said = turns.getByRole("status", { name: "This turn" });
    const after = turns.getByRole("group", { name: "After the encounter" });
    let met = false;
    let turn = 0;
    while (turn < 5 || (!met && turn < 60)) {
      turn++;
      await turns.getByRole("button", { name: "Next turn (populous)" }).click();
      await expect(said).toHaveText(new RegExp(`^Turn ${turn}: encounter check rolled [1-6]: `));
      const face = Number((await said.textContent()).match(/rolled ([1-6])/)[1]);
      if (face === 1) {
        met = true;
        await after.getByRole("button", { name: "Distance (d6)" }).click();
        await expect(said.getByRole("listitem").nth(1)).toContainText("Distance");
      }
      if (face === 6) {
        // The lights burn down: Rook's torch is checked, beside the button.
        await turns.getByRole("button", { name: "Encounter 6: check every light in use" }).click();
        await expect(turns.getByRole("status", { name: "Lights" })).toContainText(LIGHT_CHECKED);
      }
    }
    expect(met).toBe(true);
    expect(turn).toBeGreaterThanOrEqual(5);
    // A check of the lights on demand, whatever the die showed.
    await turns.getByRole("button", { name: "Encounter 6: check every light in use" }).click();
    await expect(turns.getByRole("status", { name: "Lights" })).toContainText(LIGHT_CHECKED);
    expect(page.url()).toBe(url);
    await audit(page, `referee exploration, ${size.name}`);
    await turns.screenshot({ path: `${SHOTS}/referee-turns-${size.name}.png` });
    // Put out again from here; the sheet agrees.
    const putOut = party.getByRole("button", { name: "Put out Rook's Torches" });
    if ((await putOut.count()) > 0) {
      await putOut.click();
      await expect(party.getByRole("button", { name: "Light Rook's Torches" })).toHaveAttribute("aria-pressed", "false");
    }
    expect(app.errors).toEqual([]);
    await app.close();
  });
}
