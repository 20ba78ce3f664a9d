// Building Ix adversaries on the GM table, as a GM does: shared by the journeys that need some.
import { expect } from "@playwright/test";

export async function setNumber(scope, name, value) {
  const box = scope.getByRole("textbox", { name, exact: true });
  await box.fill(String(value));
  await box.press("Enter");
  await expect(box).toHaveValue(String(value));
}

/**
 * The button, scrolled to the middle of the screen (clear of the sticky header and the dice
 * dock, as a player scrolls to it), is what a tap on its middle reaches (nothing covers it).
 */
export async function expectUncovered(button) {
  const hit = await button.evaluate((el) => {
    el.scrollIntoView({ block: "center" });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top) ? "" : `${top?.tagName}.${top?.className} at ${Math.round(r.top)}/${innerHeight}`;
  });
  expect(hit, `${await button.textContent()} is covered by`).toBe("");
}

export async function addAdversary(foes, kind, name, wounds) {
  await foes.getByRole("group", { name: "Kind of adversary" }).getByRole("button", { name: kind }).click();
  await setNumber(foes, kind === "Minion group" ? "Wounds per minion" : "Wounds", wounds);
  await foes.getByRole("textbox", { name: "Adversary name" }).fill(name);
  await foes.getByRole("button", { name: "Add", exact: true }).click();
  await expect(foes.getByRole("heading", { name, exact: true })).toBeVisible();
}

export async function addWeapon(card, owner, weapon, damage) {
  await card.getByText(`Stat block of ${owner}`).click();
  await card.getByRole("textbox", { name: "New weapon" }).fill(weapon);
  await card.getByRole("button", { name: "Add", exact: true }).click();
  await setNumber(card, `${weapon} damage`, damage);
  await expect(card.getByRole("list", { name: "Weapons" })).toContainText(`Damage ${damage} · Crit 3 · Engaged · Melee`);
}
