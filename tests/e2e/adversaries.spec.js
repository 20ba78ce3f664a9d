// Adversaries entered once, with stat blocks (issue 18, item 1): two adversaries built on the
// Ix GM table with weapons, both added to initiative by choosing them (no retyping), an
// adversary's attack rolled in the tray on a roster character with its damage applied to
// them, and the adversary kept in the library and put back on the table. Rolls are real: the
// attack accepts any reading the rules allow and checks the words against it (exact values are
// pinned by tests/it/ix_adversaries.rs).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";
import { addAdversary, addWeapon, expectUncovered, setNumber } from "./foes.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
];

for (const size of SIZES) {
  test(`adversaries with stat blocks join initiative from the picker and attack into the tray (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Bo");
    await page.goto(app.server.url + "#/table/ix");
    const foes = page.getByRole("region", { name: "Adversaries", exact: true });
    await expect(foes).toBeVisible();

    // An Elite captain: Might 4 and Melee 2, a sword; a Minion group with spears.
    await addAdversary(foes, "Elite", "Captain", 12);
    await addAdversary(foes, "Minion group", "Spears", 4);
    const captain = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Captain", exact: true }) });
    const spears = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spears", exact: true }) });
    await addWeapon(captain, "Captain", "Sword", 5);
    await setNumber(captain, "Captain Might", 4);
    await captain.getByRole("combobox", { name: "Skill to add to Captain" }).selectOption("Melee");
    await captain.getByRole("button", { name: "Add skill" }).click();
    await setNumber(captain, "Melee rank", 2);
    await setNumber(captain, "Captain Melee Defense", 1);
    await expect(captain.getByRole("status").first()).toContainText("Defense: melee 1, ranged 0");
    // Out of range: said beside the field, the block unchanged.
    const defense = captain.getByRole("textbox", { name: "Captain Ranged Defense" });
    await defense.fill("4");
    await defense.press("Enter");
    await expect(captain.getByText("4 is above the most, 3.")).toBeVisible();
    await defense.fill("0");
    await defense.press("Enter");
    await expect(captain.getByText("4 is above the most, 3.")).toHaveCount(0);
    await addWeapon(spears, "Spears", "Spear", 3);

    // Both join initiative by choosing them; Bo from the roster.
    const init = page.getByRole("region", { name: "Initiative" });
    for (const name of ["Captain", "Spears"]) {
      await init.getByRole("combobox", { name: "Adversary on the table" }).selectOption({ label: name });
      await init.getByRole("button", { name: "Add adversary" }).click();
    }
    await init.getByRole("combobox", { name: "Adversary on the table" }).selectOption({ label: "Captain" });
    await init.getByRole("button", { name: "Add adversary" }).click();
    await expect(init.getByRole("status", { name: "Adding to initiative" })).toHaveText("Captain is already taking part.");
    await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: "Bo" });
    await init.getByRole("button", { name: "Add character" }).click();
    const participants = init.getByRole("list", { name: "Participants" }).getByRole("listitem");
    await expect(participants).toHaveCount(3);
    await init.getByRole("button", { name: "Roll initiative for all" }).click();
    await expect(init.getByRole("list", { name: "Turn order" }).getByRole("listitem")).toHaveCount(3);
    await audit(page, `adversaries, ${size.name}`);

    // Whoever acts now: an adversary's card leads its column, flagged, beside the turn order.
    const acting = init.getByRole("list", { name: "Turn order" }).locator('[aria-current="true"]');
    const actingName = () => acting.locator(".order-head strong").textContent();
    for (let i = 0; i < 3 && /^\d+\. Bo$/.test(await actingName()); i++) {
      await init.getByRole("button", { name: "Next turn" }).click();
    }
    const card = foes.getByRole("listitem").filter({ has: page.getByText("Acting now", { exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(acting).toContainText(await card.getByRole("heading", { level: 3 }).textContent());
    if (size.name === "laptop") {
      await expect(acting).toBeInViewport();
      await expect(card.getByRole("button", { name: "Damage", exact: true })).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/ix-table-acting-laptop.png` });
    }

    // The captain's sword: Might 4, Melee 2 is 2 Ability and 2 Mastery; Average adds 2 Trial.
    const attack = captain.getByRole("button", { name: "Attack with Sword" });
    await expectUncovered(attack);
    await attack.click();
    await expect(app.tray()).toBeVisible();
    await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability, 2 Mastery vs 2 Trial");
    await app.tray().getByRole("combobox", { name: "Attack on" }).selectOption({ label: "Bo" });
    await app.roll();
    await expect(app.result()).toBeVisible();
    await app.tray().getByRole("button", { name: "Close" }).click();
    const result = captain.getByRole("status", { name: "Last attack" });
    await expect(result).toContainText(/Hit: \d+ damage|Miss/);
    const text = await result.textContent();
    const hit = text.match(/Hit: (\d+) damage \(Sword 5 \+ (\d+) net Success(?:es)?\) on Bo\./);
    if (hit) {
      expect(Number(hit[1])).toBe(5 + Number(hit[2]));
      const apply = captain.getByRole("button", { name: `Apply ${hit[1]} Wounds to Bo` });
      await expectUncovered(apply);
      await apply.click();
      await expect(result).toContainText(`Bo: Took ${hit[1]} Wounds`);
    } else {
      expect(text).toContain("Miss: no damage.");
    }
    await page.screenshot({ path: `${SHOTS}/adversaries-${size.name}.png`, fullPage: true });

    // Kept in the library and put back as a fresh copy, stat block and all.
    const keep = captain.getByRole("button", { name: "Keep Captain in the library" });
    await expectUncovered(keep);
    await keep.click();
    const library = page.getByRole("region", { name: "Adversary library" });
    await library.getByRole("button", { name: "Duplicate Captain" }).click();
    await expect(library.getByRole("textbox", { name: "Name of kept adversary 2" })).toHaveValue("Captain (copy)");
    await library.getByRole("button", { name: "Add Captain (copy) to the table" }).click();
    const copy = foes.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Captain (copy)", exact: true }) });
    await expect(copy.getByRole("button", { name: "Attack with Sword" })).toBeVisible();
    await expect(copy.getByRole("status").first()).toContainText("12 of 12 Wounds");
    await audit(page, `adversary library, ${size.name}`);
    // Saved: a reload keeps the blocks and the library.
    await app.reload();
    await expect(page.getByRole("region", { name: "Adversary library" }).getByRole("listitem")).toHaveCount(2);
    await expect(foes.getByRole("button", { name: "Attack with Spear" })).toBeVisible();
    expect(app.errors).toEqual([]);
  });
}
