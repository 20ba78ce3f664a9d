// Issue 16's opposed checks on the Ix GM table, at phone and desktop size: a roster character's
// skill against a ward set by hand, the exact odds before rolling (19/64 for one Ability die
// against another), the roll with who won beside the button, Swap, a refused side said beside
// that side, and the sides kept over a reload. Then issue 18's adversary side: an adversary
// picked under "Who rolls" rolls from its stat block (read live), and keeps its numbers by hand
// once it leaves the table. Axe finds nothing serious.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, expectBeside, openApp } from "./pages.js";
import { addAdversary, setNumber as setBlockNumber } from "./foes.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

async function setNumber(scope, name, value) {
  const box = scope.getByRole("textbox", { name, exact: true });
  await box.fill(String(value));
  await box.press("Enter");
}

for (const size of SIZES) {
  test(`an opposed check on the Ix table: odds, roll, swap, refusal, reload (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Vex Arrandi");
    await page.goto(app.server.url + "#/table/ix");
    const panel = page.getByRole("region", { name: "Opposed check" });
    await expect(panel).toBeVisible();
    const acting = panel.getByRole("group", { name: "Acting side", exact: true });
    const defending = panel.getByRole("group", { name: "Defending side (wins ties)" });
    const odds = panel.getByRole("status", { name: "Opposed odds" });

    // Both sides set by hand at Characteristic 1, no skill: one Ability die each. The acting
    // side wins 19/64 = 29.7%; a tie, 26/64 = 40.6%, goes to the defending side.
    for (const side of [acting, defending]) await setNumber(side, "Characteristic", 1);
    await expect(acting.locator(".hint")).toHaveText("1 Ability");
    await expect(odds).toContainText("acting side wins 29.7%; tie, defending side holds 40.6%; defending side ahead 29.7%");

    // Vex acts with Arcana (Intellect 2, rank 0 on a new sheet): two Ability dice, and her
    // spell's own difficulty adds a Trial die.
    await acting.getByRole("combobox", { name: "Who rolls" }).selectOption({ label: "Vex Arrandi" });
    await expect(acting.getByRole("combobox", { name: "Skill" })).toBeVisible();
    await acting.getByRole("combobox", { name: "Skill" }).selectOption({ label: "Arcana (Intellect 2, rank 0)" });
    await setNumber(acting, "Trial dice of its own working", 1);
    await expect(acting.locator(".hint")).toHaveText("2 Ability vs 1 Trial");

    // The ward, set by hand: Characteristic 3, rank 1 gives 2 Ability and 1 Mastery.
    const ward = defending.getByRole("textbox", { name: "Name", exact: true });
    await ward.fill("The ward");
    await ward.blur();
    await setNumber(defending, "Characteristic", 3);
    await setNumber(defending, "Skill rank", 1);
    await expect(defending.locator(".hint")).toHaveText("2 Ability, 1 Mastery");
    await expect(odds).not.toContainText("29.7%");

    // Roll: who won and both sides' results, beside the button, in view.
    const roll = panel.getByRole("button", { name: "Roll opposed check" });
    await roll.click();
    const result = panel.getByRole("status", { name: "Opposed result" });
    await expect(result).toContainText(/Vex Arrandi wins by \d+ net Success|The ward wins by \d+ net Success|Tie at -?\d+ net Success/);
    await expect(result).toContainText(/Vex Arrandi: (Success|Failure)/);
    await expect(result).toContainText(/The ward: (Success|Failure)/);
    await expectBeside(roll, result.locator("strong"));
    await expect(result.locator("strong")).toBeInViewport();
    await result.getByText("The dice").click();
    await expect(result).toContainText(/Acting: (Ability|Trial)/);
    await panel.screenshot({ path: `${SHOTS}/opposed-${size.name}.png` });

    // Swap: the ward acts now; the old result is gone, since it belonged to the other order.
    await panel.getByRole("button", { name: "Swap sides" }).click();
    await expect(acting.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("The ward");
    await expect(defending.getByRole("combobox", { name: "Who rolls" })).toHaveValue(/.+/);
    await expect(result).not.toContainText("wins by");

    // A side that cannot be built is refused beside that side, and nothing changes.
    const name = acting.getByRole("textbox", { name: "Name", exact: true });
    await name.fill("   ");
    await name.blur();
    const said = acting.getByRole("status", { name: "Acting side: changes" });
    await expect(said).toContainText(/name/i);
    await expect(page.getByRole("alert").filter({ hasText: "name" })).toHaveCount(0);

    // The sides are the table's: a reload keeps them.
    await page.reload();
    await expect(acting.locator(".hint")).toHaveText("2 Ability, 1 Mastery");
    await expect(defending.locator(".hint")).toHaveText("2 Ability vs 1 Trial");
    await audit(page, `Ix table with an opposed check (${size.name})`);
  });
}

for (const size of SIZES) {
  test(`an adversary rolls a side of the opposed check from its stat block (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Vex Arrandi");
    await page.goto(app.server.url + "#/table/ix");
    const foes = page.getByRole("region", { name: "Adversaries", exact: true });
    await addAdversary(foes, "Elite", "Captain", 12);
    const captain = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Captain", exact: true }) });
    await captain.getByText("Stat block of Captain").click();
    await setBlockNumber(captain, "Captain Might", 4);
    await captain.getByRole("combobox", { name: "Skill to add to Captain" }).selectOption("Melee");
    await captain.getByRole("button", { name: "Add skill" }).click();
    await setBlockNumber(captain, "Melee rank", 2);

    const panel = page.getByRole("region", { name: "Opposed check" });
    const acting = panel.getByRole("group", { name: "Acting side", exact: true });
    const defending = panel.getByRole("group", { name: "Defending side (wins ties)" });
    // The captain acts with its own Melee: Might 4, rank 2 is 2 Ability and 2 Mastery.
    const who = acting.getByRole("combobox", { name: "Who rolls" });
    await who.selectOption({ label: "Captain" });
    const skill = acting.getByRole("combobox", { name: "Skill" });
    await skill.selectOption({ label: "Melee (Might 4, rank 2)" });
    await expect(acting.locator(".hint")).toHaveText("2 Ability, 2 Mastery");
    // Standard skills it has no rank in are there too, at rank 0.
    await skill.selectOption({ label: "Ranged (Agility 2, rank 0)" });
    await expect(acting.locator(".hint")).toHaveText("2 Ability");
    await skill.selectOption({ label: "Melee (Might 4, rank 2)" });
    // The stat block is read, not copied: Melee 3 shows at once (1 Ability, 3 Mastery).
    await setBlockNumber(captain, "Melee rank", 3);
    await expect(acting.locator(".hint")).toHaveText("1 Ability, 3 Mastery");
    await expect(skill.locator("option:checked")).toHaveText("Melee (Might 4, rank 3)");

    // Vex defends with Arcana: 2 Ability. Roll; the result names the captain.
    await defending.getByRole("combobox", { name: "Who rolls" }).selectOption({ label: "Vex Arrandi" });
    await defending.getByRole("combobox", { name: "Skill" }).selectOption({ label: "Arcana (Intellect 2, rank 0)" });
    await expect(defending.locator(".hint")).toHaveText("2 Ability");
    await expect(panel.getByRole("status", { name: "Opposed odds" })).toContainText("acting side wins");
    const roll = panel.getByRole("button", { name: "Roll opposed check" });
    await roll.click();
    const result = panel.getByRole("status", { name: "Opposed result" });
    await expect(result).toContainText(/Captain wins by \d+ net Success|Vex Arrandi wins by \d+ net Success|Tie at -?\d+ net Success/);
    await expect(result).toContainText(/Captain: (Success|Failure)/);
    await expect(result.locator("strong")).toBeInViewport();
    await panel.screenshot({ path: `${SHOTS}/opposed-adversary-${size.name}.png` });

    // A reload keeps the captain on the acting side.
    await page.reload();
    await expect(who.locator("option:checked")).toHaveText("Captain");
    await expect(acting.locator(".hint")).toHaveText("1 Ability, 3 Mastery");
    await audit(page, `Ix table, an adversary in the opposed check (${size.name})`);

    // The captain leaves the table: its side keeps the same numbers, set by hand.
    await foes.getByRole("button", { name: "Remove Captain", exact: true }).click();
    await expect(who).toHaveValue("");
    await expect(acting.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Captain");
    await expect(acting.locator(".hint")).toHaveText("1 Ability, 3 Mastery");
  });
}
