// Issue 16's Forbidden Grant: on a Divine spell the GM's ruling is picked on the spell's card.
// Shaky shows its strain in the casting pool and the tray; bad faith keeps the channel shut,
// said beside Cast, with no tray and no Strain paid. The Divine Calamity tally flags an area at
// three. At phone and desktop size, with axe.
import { test, expect } from "@playwright/test";
import { audit, expectBeside, openApp } from "./pages.js";

for (const size of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`a Forbidden Grant ruling on a Divine casting (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Sister Ame");
    await app.card("Sister Ame").getByRole("link", { name: "Sister Ame" }).click();
    await page.getByRole("link", { name: "Magic", exact: true }).click();
    const magic = page.getByRole("region", { name: "Magic", exact: true });
    await magic.getByText("Spell builder: new spell").click();
    await magic.getByRole("textbox", { name: "Spell name" }).fill("Mercy");
    await magic.getByRole("combobox", { name: "Tradition" }).selectOption({ label: "Divine" });
    await magic.getByRole("button", { name: "Damage (base 2)" }).click();
    await magic.getByRole("button", { name: "Save spell" }).click();
    const card = magic.getByRole("list", { name: "Spells" }).locator("li.spell").filter({ hasText: "Mercy" });
    // Willpower 2, Divine 0 against the spell's 2 Trial dice.
    await expect(card).toContainText("Casting pool: 2 Ability vs 2 Trial");

    const ruling = card.getByRole("combobox", { name: "Forbidden Grant (the GM's ruling)" });
    await ruling.selectOption({ label: "Shaky: one Trial die becomes a Crisis die" });
    await expect(card).toContainText("Casting pool: 2 Ability vs 1 Trial, 1 Crisis (Shaky Forbidden Grant: one Trial die becomes a Crisis die)");
    const cast = card.getByRole("button", { name: "Cast Mercy" });
    await cast.click();
    await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 1 Trial, 1 Crisis");
    await expect(app.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue("Cast Mercy (Forbidden Grant, shaky)");
    await app.roll();
    await expect(app.result()).toBeVisible();
    await app.tray().getByRole("button", { name: "Close" }).click();
    await expect(card.getByRole("status").last()).toContainText("Strain paid.");

    // Bad faith: nothing is cast.
    await ruling.selectOption({ label: "Bad faith: the channel stays shut" });
    await expect(card).toContainText(/channel stays shut/i);
    await cast.click();
    await expect(app.tray()).toBeHidden();
    await expectBeside(cast, card.locator("p.said"));
    await expect(card.locator("p.said")).toContainText(/channel stays shut and no Strain is spent/i);

    // The Divine Calamity tally: three on one area is flagged in words.
    const record = magic.getByRole("button", { name: "Record a Divine Calamity" });
    for (const area of ["Healing the dying", "healing the dying", "Oaths", "Healing the dying"]) {
      await magic.getByRole("textbox", { name: "Area or recurring action" }).fill(area);
      await record.click();
    }
    await expectBeside(record, magic.getByText("3 Divine Calamities on Healing the dying: the god has an opinion about it."));
    const tally = magic.getByRole("list", { name: "Divine Calamities by area" });
    await expect(tally.getByRole("listitem")).toHaveText([/Healing the dying: 3 \(the god has an opinion about this\)/, /Oaths: 1 of 3/]);
    await app.reload();
    await expect(page.getByRole("list", { name: "Divine Calamities by area" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Clear Oaths" }).click();
    await expect(page.getByRole("list", { name: "Divine Calamities by area" }).getByRole("listitem")).toHaveCount(1);
    await audit(page, `Ix sheet, Forbidden Grant (${size.name})`);
    await app.close();
  });
}
