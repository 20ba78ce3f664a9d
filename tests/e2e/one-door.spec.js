// Ix's one check door (issue 40) as a group plays it on phones (390x844): a Frightened player
// rolls the GM's sealed check and the GM's device verifies it and names the Frightened die; an
// incapacitated character finds no Attack and is told why; "What would help" offers the player
// only their own changes, the GM's levers as lines with no tap. Dice are real: what is checked
// holds whatever they show.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

const PHONE = { width: 390, height: 844 };

async function openSheet(app, name) {
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

function panel(page, name) {
  return page.getByRole("region", { name, exact: true });
}

const fragment = (link) => link.slice(link.indexOf("#"));

test("a Frightened player rolls the GM's sealed check, and the GM's device names the Frightened die", async ({ browser }) => {
  const gmContext = await browser.newContext({ viewport: PHONE });
  const playerContext = await browser.newContext({ viewport: PHONE });
  const gm = await openApp(await gmContext.newPage());
  const player = await openApp(await playerContext.newPage());
  const g = gm.page;
  const p = player.page;

  // The GM seals 2 Trial dice for "Hold your nerve".
  await gm.openTray();
  await gm.addDie("Trial die", 2);
  await gm.tray().getByRole("textbox", { name: "What for (optional)" }).fill("Hold your nerve");
  await gm.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
  await gm.tray().getByRole("button", { name: "Ask for a sealed roll" }).click();
  const check = await gm.tray().getByRole("textbox", { name: "Sealed check link" }).inputValue();
  await g.keyboard.press("Escape");

  // Vex is Frightened on her own sheet.
  await player.create("Ix", "Vex");
  await openSheet(player, "Vex");
  await panel(p, "Conditions").getByRole("button", { name: "Frightened", exact: true }).click();
  await expect(panel(p, "Conditions").getByRole("list", { name: "Conditions" })).toContainText("Frightened");

  // She opens the check, then rolls Discipline from her sheet: the GM's difficulty holds, and
  // Frightened goes on top as a named line.
  await p.goto(player.server.url + fragment(check));
  await p.getByRole("button", { name: "Open in dice tray" }).click();
  await expect(player.tray().getByRole("region", { name: "Sealed check" })).toBeVisible();
  await p.keyboard.press("Escape");
  await p.goto(player.server.url + "#/");
  await openSheet(player, "Vex");
  await panel(p, "Skills").getByRole("button", { name: /^Discipline.*roll$/ }).click();
  await expect(player.tray().getByRole("checkbox", { name: "Frightened: +1 Bane die" })).toBeChecked();
  await expect(player.tray().locator(".pool-words")).toHaveText(/vs 2 Trial, 1 Bane$/);
  await player.roll();
  await expect(player.result()).toBeVisible();
  await expect(player.result()).toBeInViewport();
  const receiptBox = player.tray().getByRole("textbox", { name: "Receipt link" });
  await expect(receiptBox).toBeVisible();
  const receipt = await receiptBox.inputValue();
  await p.screenshot({ path: `${SHOTS}/one-door-sealed-frightened-phone.png` });
  await audit(p, "a Frightened player's sealed roll");

  // The GM's device verifies it and lists what the rules added.
  await g.goto(gm.server.url + fragment(receipt));
  await expect(g.getByRole("heading", { name: "Receipt verified" })).toBeVisible();
  await expect(g.getByRole("list", { name: "Added by the rules" })).toHaveText("Frightened: +1 Bane die");
  await g.screenshot({ path: `${SHOTS}/one-door-receipt-gm-phone.png` });
  await audit(g, "a receipt naming what the rules added");
  await gm.close();
  await player.close();
});

test("an incapacitated character finds no Attack and is told why; What would help offers no GM lever", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const app = await openApp(page);
  await app.create("Ix", "Kara");
  await openSheet(app, "Kara");

  await page.getByRole("link", { name: "Skills" }).click();
  const weapons = panel(page, "Weapons");
  await weapons.getByText("Add, change or remove weapons").click();
  await weapons.getByRole("textbox", { name: "New weapon" }).fill("Spear");
  await weapons.getByRole("button", { name: "Add", exact: true }).click();
  await weapons.getByText("Add, change or remove weapons").click();
  await expect(weapons.getByRole("button", { name: "Attack with Spear" })).toBeVisible();

  // "What would help" on the attack: the player's own changes are buttons; a lower difficulty,
  // a Bane die taken away and the GM's levers are lines with no button.
  await weapons.getByRole("button", { name: "Attack with Spear" }).click();
  await expect(app.tray()).toBeVisible();
  const mine = app.tray().getByRole("list", { name: "Changes that would help" });
  await expect(mine.getByRole("button", { name: /Add a Boon die/ })).toBeVisible();
  await expect(mine.getByRole("button", { name: /Difficulty one step lower/ })).toHaveCount(0);
  await expect(mine.getByRole("button", { name: /GM/ })).toHaveCount(0);
  const whatIf = app.tray().getByRole("list", { name: "What if" });
  await expect(whatIf).toContainText("Difficulty one step lower");
  await expect(whatIf.getByRole("button")).toHaveCount(0);
  await expect(app.tray().getByRole("list", { name: "Changes the GM could make" }).getByRole("button")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/one-door-help-phone.png` });
  await page.keyboard.press("Escape");

  // Down to 0 Wounds: the Attack button gives way to the reason.
  await page.getByRole("link", { name: "Play" }).click();
  const wounds = panel(page, "Wounds and Strain").getByRole("textbox", { name: /^Wounds remaining/ });
  await wounds.fill("0");
  await wounds.press("Enter");
  await page.getByRole("link", { name: "Skills" }).click();
  await expect(weapons.getByRole("button", { name: "Attack with Spear" })).toHaveCount(0);
  const why = weapons.getByText(/^Incapacitated \(Wounds at 0 or below\)/);
  await expect(why).toBeVisible();
  await why.scrollIntoViewIfNeeded();
  await expect(why).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/one-door-no-attack-phone.png` });
  await audit(page, "an incapacitated character's weapons");
  await app.close();
});
