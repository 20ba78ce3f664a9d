// The turn order is the fight (issue 18, item 2, and its "Done when" for Ix): a GM builds two
// adversaries with weapons, adds them and three roster characters to initiative, and runs
// three rounds from the order alone: each row shows its state (Wounds and Strain left,
// members standing, conditions, injuries) with damage and healing in place, and the one acting
// attacks and ends its turn from its own row. The Captain's attack is repeated until it leaves
// a Critical Injury to roll on Bo, rolled from the attack's words; Bo's row shows it. Rolls are
// real, so the words are checked against any reading the rules allow (exact values are pinned
// by tests/it/ix_adversaries.rs).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";
import { addAdversary, addWeapon, expectUncovered, setNumber } from "./foes.js";

const SIZES = [
  { name: "laptop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** The order's row for `name`, found by its heading line ("2. Bo"). */
function row(init, name) {
  return init
    .getByRole("list", { name: "Turn order" })
    .getByRole("listitem")
    .filter({ has: init.page().locator("strong", { hasText: new RegExp(`^\\d+\\. ${name}$`) }) });
}

/** Whose turn it is, by name. */
async function acting(init) {
  const head = init.locator('.order > li[aria-current="true"] strong').first();
  return (await head.textContent()).replace(/^\d+\. /, "");
}

/** The top of `el` relative to the Initiative panel: inside it, not in another section. */
async function expectInPanel(init, el) {
  const inside = await el.evaluate((node, panel) => panel.contains(node), await init.elementHandle());
  expect(inside, `${await el.textContent()} is in the Initiative panel`).toBe(true);
}

for (const size of SIZES) {
  test(`a fight run from the turn order: state, damage, attacks and a Critical Injury in each row (${size.name})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const app = await openApp(page);
    for (const name of ["Bo", "Ada", "Vex"]) await app.create("Ix", name);
    await page.goto(app.server.url + "#/table/ix");
    const foes = page.getByRole("region", { name: "Adversaries", exact: true });
    await expect(foes).toBeVisible();

    // Two adversaries with weapons: an Elite captain (Might 4, Melee 2, a sword that needs a
    // single net Boon for a Critical Injury) and a group of three spearmen.
    await addAdversary(foes, "Elite", "Captain", 12);
    await addAdversary(foes, "Minion group", "Spears", 4);
    const captain = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Captain", exact: true }) });
    const spears = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spears", exact: true }) });
    await addWeapon(captain, "Captain", "Sword", 5);
    await setNumber(captain, "Sword Crit rating", 1);
    await setNumber(captain, "Captain Might", 4);
    await captain.getByRole("combobox", { name: "Skill to add to Captain" }).selectOption("Melee");
    await captain.getByRole("button", { name: "Add skill" }).click();
    await setNumber(captain, "Melee rank", 2);
    await addWeapon(spears, "Spears", "Spear", 3);

    const init = page.getByRole("region", { name: "Initiative" });
    for (const name of ["Captain", "Spears"]) {
      await init.getByRole("combobox", { name: "Adversary on the table" }).selectOption({ label: name });
      await init.getByRole("button", { name: "Add adversary" }).click();
    }
    for (const name of ["Bo", "Ada", "Vex"]) {
      await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: name });
      await init.getByRole("button", { name: "Add character" }).click();
    }
    await init.getByRole("button", { name: "Roll initiative for all" }).click();
    const rows = init.getByRole("list", { name: "Turn order" }).getByRole("listitem");
    await expect(rows).toHaveCount(5);
    await expect(init.getByRole("button", { name: "Add character" })).toBeHidden();

    // Every row says its state at a glance, read from the sheet or the adversary.
    for (const name of ["Bo", "Ada", "Vex"]) await expect(row(init, name)).toContainText(/Wounds \d+ of \d+ · Strain \d+ of \d+/);
    await expect(row(init, "Captain")).toContainText("Wounds 12 of 12");
    await expect(row(init, "Spears")).toContainText("3 of 3 standing · Wounds 12 of 12");

    // Damage and healing in place: the spearmen lose one of three, then heal a Wound.
    const spearRow = row(init, "Spears");
    await setNumber(spearRow, "Damage or heal Spears by", 5);
    await spearRow.getByRole("button", { name: "Damage Spears" }).click();
    await expect(spearRow).toContainText("2 of 3 standing · Wounds 7 of 12");
    await setNumber(spearRow, "Damage or heal Spears by", 1);
    await spearRow.getByRole("button", { name: "Heal Spears" }).click();
    await expect(spearRow).toContainText("2 of 3 standing · Wounds 8 of 12");
    // The adversary's card reads the same numbers (one fact, one home).
    await expect(spears.getByRole("status").first()).toContainText("2 of 3 standing, 8 of 12 Wounds");
    // A character's row changes their sheet's Wounds.
    const boRow = row(init, "Bo");
    const boWounds = Number((await boRow.textContent()).match(/Wounds (\d+) of/)[1]);
    await boRow.getByRole("button", { name: "Bo takes 1 Wound" }).click();
    await expect(boRow).toContainText(`Wounds ${boWounds - 1} of`);
    await boRow.getByRole("button", { name: "Bo heals 1 Wound" }).click();
    await expect(boRow).toContainText(`Wounds ${boWounds} of`);

    // Round by round, each turn ends from the acting row. On the Captain's first turn it
    // attacks Bo from its row until an attack leaves a Critical Injury to roll on Bo.
    let crit = false;
    for (let round = 1; round <= 3; round++) {
      await expect(init.getByText(`Round ${round}`, { exact: true })).toBeVisible();
      for (let turn = 0; turn < 5; turn++) {
        const who = await acting(init);
        const mine = row(init, who);
        if (who === "Captain" && !crit) {
          const attack = mine.getByRole("button", { name: "Attack with Sword" });
          const result = mine.getByRole("status", { name: "Last attack" });
          for (let i = 0; i < 25 && !crit; i++) {
            await expectUncovered(attack);
            await attack.click();
            await expect(app.tray()).toBeVisible();
            await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability, 2 Mastery vs 2 Trial");
            const on = app.tray().getByRole("combobox", { name: "Attack on" });
            if (i === 0) await on.selectOption({ label: "Bo" });
            await expect(on.locator("option:checked")).toHaveText("Bo");
            await app.roll();
            await expect(app.result()).toBeVisible();
            await app.tray().getByRole("button", { name: "Close" }).click();
            await expect(result).toContainText(/Hit: \d+ damage|Miss/);
            const text = await result.textContent();
            const hit = text.match(/Hit: (\d+) damage \(Sword 5 \+ (\d+) net Success(?:es)?\) on Bo\./);
            if (hit) {
              expect(Number(hit[1])).toBe(5 + Number(hit[2]));
              const apply = result.getByRole("button", { name: `Apply ${hit[1]} Wounds to Bo` });
              await expectUncovered(apply);
              await apply.click();
              await expect(result).toContainText(`Bo: Took ${hit[1]} Wound`);
            } else {
              expect(text).toContain("Miss: no damage.");
            }
            const roll = result.getByRole("button", { name: "Roll Critical Injury on Bo" });
            if ((await roll.count()) > 0) {
              await expectInPanel(init, roll);
              await expectUncovered(roll);
              await roll.click();
              await expect(result).toContainText(/Bo: Rolled \d+ \+ 0 \(0 carried\) = \d+: /);
              crit = true;
            }
          }
          expect(crit, "a Critical Injury on Bo in 25 attacks").toBe(true);
          await expect(boRow).toContainText("1 Critical Injury");
          await page.screenshot({ path: `${SHOTS}/turn-order-${size.name}.png` });
          await init.getByRole("list", { name: "Turn order" }).screenshot({ path: `${SHOTS}/turn-order-rows-${size.name}.png` });
          await audit(page, `turn order mid-fight, ${size.name}`);
        }
        const end = mine.getByRole("button", { name: `End ${who}'s turn` });
        await expectUncovered(end);
        await end.click();
        await expect(init.locator('.order > li[aria-current="true"]')).toHaveCount(1);
      }
    }
    await expect(init.getByText("Round 4", { exact: true })).toBeVisible();
    expect(crit).toBe(true);
    // Saved: a reload keeps the order, the adversaries' state and Bo's injury.
    await app.reload();
    await expect(row(page.getByRole("region", { name: "Initiative" }), "Spears")).toContainText("2 of 3 standing · Wounds 8 of 12");
    await expect(row(page.getByRole("region", { name: "Initiative" }), "Bo")).toContainText("1 Critical Injury");
    expect(app.errors).toEqual([]);
    await app.close();
  });
}
