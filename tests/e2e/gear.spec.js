// The inventory-slot manager: filling the slots, refusals, moving by tap, drag and keyboard,
// Depletion, warnings and the party's treasure split. The gear is reached the way a player
// reaches it (roster card -> sheet -> "Gear" region), so the journeys hold whatever sheet
// mounts it.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";



/** Creates an Expedition character and opens its sheet; returns the gear region. */
async function gearOf(app, name) {
  await app.create("Expedition", name);
  await app.card(name).getByRole("link", { name }).click();
  const gear = app.page.getByRole("region", { name: "Gear", exact: true });
  await expect(gear).toBeVisible();
  return gear;
}

async function quickAdd(gear, item, to = null) {
  await gear.getByRole("combobox", { name: "Common item" }).selectOption(item);
  if (to !== null) await gear.getByRole("combobox", { name: "Add to" }).selectOption(String(to));
  await gear.getByRole("button", { name: "Add", exact: true }).click();
}

async function addCarrier(gear, kind, name) {
  await gear.getByRole("combobox", { name: "Carrier", exact: true }).selectOption({ label: kind });
  await gear.getByRole("textbox", { name: "Carrier name" }).fill(name);
  await gear.getByRole("button", { name: "Add carrier" }).click();
  await expect(gear.getByRole("region", { name })).toBeVisible();
}

const item = (scope, name) => scope.getByRole("button", { name: new RegExp(`^${name} \\(`) });

test("fill the 15 slots, a bulky item is refused, tap-tap moves it to a pack animal (phone)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await openApp(page);
  const gear = await gearOf(app, "Rook");
  await quickAdd(gear, "Armour");
  const fill = ["Torches", "Rations", "Rope", "Crowbar", "Hammer", "Spear", "Sword", "Lantern", "Iron spikes", "Alembic", "Club", "Battleaxe", "Lantern oil"];
  for (const f of fill) await quickAdd(gear, f);
  await expect(gear.locator(".gear-count")).toHaveText("15 / 15 slots used, 0 free");
  const carried = gear.getByRole("region", { name: "Carried" });
  await expect(carried.getByRole("list", { name: "Rook slots" }).getByRole("button")).toHaveCount(14);

  await quickAdd(gear, "Polearm");
  await expect(gear.locator(".gear-msg")).toHaveText("Rook: the item needs 2 slots but only 0 are free.");
  await expect(gear.locator(".gear-count")).toHaveText("15 / 15 slots used, 0 free");

  await addCarrier(gear, "Pack animal (6 slots)", "Mule");
  const mule = gear.getByRole("region", { name: "Mule" });
  await expect(mule).toContainText("Pack animal · 0 / 6");
  // Tap the armour, then tap the destination.
  await item(carried, "Armour").click();
  await expect(item(carried, "Armour")).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: `${SHOTS}/gear-selected-phone.png`, fullPage: true });
  await mule.getByRole("button", { name: "Move here (6 free)" }).click();
  await expect(item(mule, "Armour")).toBeVisible();
  await expect(gear.locator(".gear-count")).toHaveText("13 / 15 slots used, 2 free");
  await quickAdd(gear, "Polearm");
  await expect(item(carried, "Polearm")).toBeVisible();
  await expect(gear.locator(".gear-count")).toHaveText("15 / 15 slots used, 0 free");

  // A move that does not fit is refused whole, with the free space.
  await quickAdd(gear, "Armour", 1);
  await quickAdd(gear, "Polearm", 1);
  await expect(mule).toContainText("Pack animal · 6 / 6");
  await item(carried, "Polearm").click();
  await mule.getByRole("button", { name: "Move here (0 free)" }).click();
  await expect(gear.locator(".gear-msg")).toHaveText("Mule: the item needs 2 slots but only 0 are free.");
  await expect(item(carried, "Polearm")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gear-phone.png`, fullPage: true });
  await audit(page, "gear phone");

  // A refused carrier name is explained beside its field, which keeps what was typed.
  await mule.getByRole("button", { name: "Rename Mule" }).click();
  const rn = mule.getByRole("textbox", { name: "New name for Mule" });
  await expect(rn).toBeFocused();
  await rn.fill("Rook");
  await mule.getByRole("button", { name: "Save name" }).click();
  await expect(rn).toHaveAccessibleDescription('There is already a carrier called "Rook".');
  await expect(rn).toHaveValue("Rook");
  await expect(rn).toBeFocused();
  await expect(gear.locator(".gear-msg")).toHaveCount(0);
  await audit(page, "carrier rename refused");
  await rn.fill("Old Mule");
  await mule.getByRole("button", { name: "Save name" }).click();
  await expect(gear.getByRole("region", { name: "Old Mule" })).toBeVisible();
  await expect(gear.getByRole("button", { name: "Rename Old Mule" })).toBeFocused();

  // Everything survives a reload.
  await app.reload();
  await expect(page.getByRole("region", { name: "Gear", exact: true }).locator(".gear-count")).toHaveText("15 / 15 slots used, 0 free");
  await expect(item(page.getByRole("region", { name: "Old Mule" }), "Armour")).toHaveCount(2);
  await app.close();
});

test("drag to a pack animal with a mouse, and the keyboard path (desktop)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await openApp(page);
  const gear = await gearOf(app, "Ada");
  await quickAdd(gear, "Armour");
  await quickAdd(gear, "Rope");
  await addCarrier(gear, "Pack animal (6 slots)", "Bess");
  const carried = gear.getByRole("region", { name: "Carried" });
  const bess = gear.getByRole("region", { name: "Bess" });
  // Both grids on screen first: the sheet is long, and a scroll in the middle of a native
  // drag ends it. The item goes just under the sticky bars (the page's scroll padding keeps
  // it clear of them), leaving Bess above the dock.
  await item(carried, "Armour").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expect(item(carried, "Armour")).toBeInViewport({ ratio: 1 });
  await item(carried, "Armour").dragTo(bess);
  await expect(item(bess, "Armour")).toBeVisible();
  await expect(gear.locator(".gear-count")).toHaveText("1 / 15 slots used, 14 free");

  // Keyboard: select with Enter, arrow to the destination, Enter moves.
  await item(carried, "Rope").focus();
  await page.keyboard.press("Enter");
  await expect(item(carried, "Rope")).toHaveAttribute("aria-pressed", "true");
  // The grid is redrawn on selection and focus comes back to the item; arrows go to it.
  await expect(item(carried, "Rope")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(gear.getByRole("region", { name: "Selected item" })).toContainText("Destination: Bess, 4 free");
  await expect(item(carried, "Rope")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(item(bess, "Rope")).toBeVisible();
  await expect(gear.locator(".gear-count")).toHaveText("0 / 15 slots used, 15 free");

  // Removing a carrier asks where its items go; nothing is lost.
  await gear.getByRole("button", { name: "Remove Bess" }).click();
  await gear.getByRole("group", { name: "Where should its items go?" }).getByRole("button", { name: "Ada (15 free)" }).click();
  await expect(gear.getByRole("region", { name: "Bess" })).toHaveCount(0);
  await expect(gear.locator(".gear-count")).toHaveText("3 / 15 slots used, 12 free");
  await page.screenshot({ path: `${SHOTS}/gear-desktop.png`, fullPage: true });
  await audit(page, "gear desktop");
  await item(carried, "Rope").click();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SHOTS}/gear-desktop-dark.png`, fullPage: true });
  await audit(page, "gear desktop dark");
  await app.close();
});

test("use torches until they deplete, with the rolls in the log, undo and used up", async ({ page }) => {
  // Seeded platform randomness: the production path (CryptoRng -> crypto.getRandomValues) runs.
  await page.addInitScript(() => {
    let s = 12345;
    Crypto.prototype.getRandomValues = function (arr) {
      const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
      for (let i = 0; i < bytes.length; i++) {
        s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
        bytes[i] = s & 0xff;
      }
      return arr;
    };
  });
  const app = await openApp(page);
  const gear = await gearOf(app, "Lamplighter");
  await quickAdd(gear, "Torches");
  const carried = gear.getByRole("region", { name: "Carried" });
  const msg = gear.locator(".gear-msg");
  // Torches (15+): a d20 marks on 15-20, 6 of 20; 20/6 uses to the mark and the last one
  // after it, 13/3 in all.
  const selected = gear.getByRole("region", { name: "Selected item" });
  await expect(selected).toContainText("30% the next check marks it last use; about 4 more uses.");
  let uses = 0;
  while (!(await item(carried, "Torches").textContent()).includes("last use")) {
    await gear.getByRole("button", { name: "Use Torches" }).click();
    await expect(msg).toContainText(/Torches: d20 showing \d+ against 15\+: (holds|last use)/);
    uses++;
    expect(uses).toBeLessThan(60);
  }
  await expect(msg).toContainText("last use, it runs out next time");
  await expect(selected).toContainText("1 more use, the last.");
  await gear.getByRole("button", { name: "Use Torches" }).click();
  await expect(gear.getByRole("status")).toContainText("Torches was on its last use and is gone.");
  await expect(item(carried, "Torches")).toHaveCount(0);
  await gear.getByRole("button", { name: "Undo" }).click();
  await expect(item(carried, "Torches")).toContainText("last use");
  await item(carried, "Torches").click();
  await gear.getByRole("button", { name: "Used up" }).click();
  await expect(item(carried, "Torches")).toHaveCount(0);

  await app.openTray();
  await app.trayMode("Log");
  await expect(app.tray().getByText(/Lamplighter · Depletion: Torches/)).toHaveCount(uses);
  await app.close();
});

test("treasure brought home is cashed in from the gear: the item goes, its value joins the Cash", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await openApp(page);
  const gear = await gearOf(app, "Wren");
  await gear.getByRole("button", { name: "New item" }).click();
  const editor = gear.getByRole("group", { name: "Edit item" });
  await editor.getByRole("textbox", { name: "Name", exact: true }).fill("Silver chalice");
  await editor.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Treasure" });
  const value = editor.getByRole("textbox", { name: "Cash value" });
  await value.fill("4");
  await value.press("Enter");
  await editor.getByRole("button", { name: "Done" }).click();
  await expect(item(gear, "Silver chalice")).toHaveText("Silver chalice (1 slot, 4 Cash)");
  // Selected, it offers to cash in; the result is said in the gear, and the sheet's Cash
  // and ledger show it.
  if ((await item(gear, "Silver chalice").getAttribute("aria-pressed")) !== "true") await item(gear, "Silver chalice").click();
  const cashIn = gear.getByRole("button", { name: "Cash in Silver chalice for 4 Cash" });
  // Still out on the delve: treasure turns into Cash only back in a Haven, said in the gear.
  await cashIn.click();
  await expect(gear.getByRole("alert")).toContainText("Silver chalice turns into Cash only back in a Haven");
  await expect(item(gear, "Silver chalice")).toHaveCount(1);
  await page.getByLabel("In a Haven phase").check();
  await cashIn.click();
  await expect(gear.getByRole("alert")).toContainText("Cashed in Silver chalice: +4 Cash.");
  // Said at the top of the gear, screens above the item's buttons: brought into sight.
  await expect(gear.getByRole("alert")).toBeInViewport();
  await expect(item(gear, "Silver chalice")).toHaveCount(0);
  await expect(page.locator(".exp-sheet .exp-big strong")).toHaveText("4");
  await expect(page.getByRole("list", { name: "Ledger" }).getByRole("listitem").first()).toContainText("Cashed in Silver chalice");
  // Ordinary gear offers no such button.
  await quickAdd(gear, "Rope");
  await item(gear, "Rope").click();
  await expect(gear.getByRole("button", { name: /^Cash in/ })).toHaveCount(0);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("a bow without arrows warns; edit an item; party treasure split", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await openApp(page);
  const gear = await gearOf(app, "Archer");
  await quickAdd(gear, "Bow");
  const warnings = gear.getByRole("list", { name: "Gear warnings" });
  await expect(warnings).toHaveText(/Bow: no arrows in your own slots, so it cannot be fired\./);
  await quickAdd(gear, "Armour");
  await expect(gear).toContainText("Worn armour and shields carried (+1 Ob");
  await quickAdd(gear, "Arrows (quiver)");
  await expect(warnings.getByRole("listitem")).toHaveCount(0);

  // A new item, edited into treasure.
  await gear.getByRole("button", { name: "New item" }).click();
  const editor = gear.getByRole("group", { name: "Edit item" });
  await editor.getByRole("textbox", { name: "Name", exact: true }).fill("Gems");
  await editor.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Treasure" });
  const value = editor.getByRole("textbox", { name: "Cash value" });
  await value.fill("30");
  await value.press("Enter");
  await editor.getByRole("textbox", { name: "Notes" }).fill("From the drowned chapel");
  await expect(item(gear, "Gems")).toHaveText("Gems (1 slot, 30 Cash)");
  // Home in a Haven: only there does treasure turn into Cash at the pay-out.
  await page.getByLabel("In a Haven phase").check();
  await page.screenshot({ path: `${SHOTS}/gear-editor-desktop.png`, fullPage: true });
  await audit(page, "gear editor");

  await app.page.goto(app.server.url + "#/");
  await app.ready();
  const second = await gearOf(app, "Bard");
  await second.getByRole("button", { name: "New item" }).click();
  const ed2 = second.getByRole("group", { name: "Edit item" });
  await ed2.getByRole("textbox", { name: "Name", exact: true }).fill("Idol");
  await ed2.getByRole("combobox", { name: "Kind" }).selectOption({ label: "Treasure" });
  await ed2.getByRole("textbox", { name: "Cash value" }).fill("13");
  await ed2.getByRole("textbox", { name: "Cash value" }).press("Enter");
  await expect(item(second, "Idol")).toHaveText("Idol (1 slot, 13 Cash)");
  await page.getByLabel("In a Haven phase").check();
  await app.page.goto(app.server.url + "#/");
  await app.ready();
  await app.create("Expedition", "Sleeper");

  await app.page.goto(app.server.url + "#/table/party");
  await expect(page.getByText("Total treasure value: 43 Cash")).toBeVisible();
  const split = page.getByRole("definition");
  await expect(split).toHaveText(["14 Cash (3 present)", "1 Cash, for the table to decide"]);
  await page.getByRole("checkbox", { name: "Sleeper" }).uncheck();
  await expect(split).toHaveText(["14 Cash (2 present)", "14 Cash for each of Sleeper (14 in all)", "1 Cash, for the table to decide"]);
  await page.getByRole("checkbox", { name: "Set aside a share for each absent player" }).uncheck();
  await expect(split).toHaveText(["21 Cash (2 present)", "1 Cash, for the table to decide"]);
  await expect(page.getByRole("region", { name: "Archer's gear" })).toContainText("Gems (1 slot, 30 Cash)");
  await page.screenshot({ path: `${SHOTS}/party-desktop.png`, fullPage: true });
  await audit(page, "party");
  await app.reload();
  await expect(page.getByRole("checkbox", { name: "Sleeper" })).not.toBeChecked();

  // Pay out with a share set aside for Sleeper: 43 Cash makes 14 each, 14 kept, 1 left over.
  await page.getByRole("checkbox", { name: "Set aside a share for each absent player" }).check();
  await page.getByRole("button", { name: "Pay out" }).click();
  await expect(page.locator(".party .gear-msg")).toHaveText("Paid 14 Cash each to Archer, Bard; 2 treasure items sold; 14 Cash set aside for Sleeper.");
  await expect(page.getByText("Total treasure value: 0 Cash")).toBeVisible();
  await expect(page.getByText("Left over: 1 Cash.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Give Sleeper their 14 Cash" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Archer's gear" })).not.toContainText("Gems");
  await audit(page, "party after a pay-out");
  // Both sheets show the credit in their ledgers, with when it was paid; the treasure is gone
  // from their gear.
  for (const who of ["Archer", "Bard"]) {
    await page.getByRole("region", { name: `${who}'s gear` }).getByRole("link", { name: who }).click();
    const entry = page.locator(".exp-ledger li").first();
    await expect(entry).toHaveText(/^\+14 treasure split: Cash 14 \d{1,2}:\d{2}/);
    await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    await expect(page.getByRole("region", { name: "Gear", exact: true })).not.toContainText("Cash)");
    await page.goto(app.server.url + "#/table/party");
  }
  // Undo is kept with the party document, so it works after leaving the screen.
  await page.getByRole("button", { name: "Undo the pay-out" }).click();
  await expect(page.locator(".party .gear-msg")).toHaveText("The pay-out was undone: Cash taken back and the treasure returned.");
  await expect(page.getByRole("button", { name: "Pay out" })).toBeFocused();
  await expect(page.getByText("Total treasure value: 43 Cash")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kept from past pay-outs" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Archer's gear" })).toContainText("Gems (1 slot, 30 Cash)");
  await page.getByRole("region", { name: "Bard's gear" }).getByRole("link", { name: "Bard" }).click();
  await expect(page.locator(".exp-ledger li").first()).toHaveText(/^-14 treasure split undone: Cash 0 \d{1,2}:\d{2}/);
  await expect(item(page.getByRole("region", { name: "Gear", exact: true }), "Idol")).toHaveText("Idol (1 slot, 13 Cash)");
  // Paid again, the absent player's kept share is handed over when they are back.
  await page.goto(app.server.url + "#/table/party");
  await page.getByRole("button", { name: "Pay out" }).click();
  await page.getByRole("button", { name: "Give Sleeper their 14 Cash" }).click();
  await expect(page.locator(".party .gear-msg")).toHaveText("Gave Sleeper their 14 Cash.");
  await expect(page.getByRole("button", { name: /^Give / })).toHaveCount(0);
  await expect(page.getByText("Left over: 1 Cash.")).toBeVisible();
  await page.getByRole("region", { name: "Sleeper's gear" }).getByRole("link", { name: "Sleeper" }).click();
  // The entry carries the time it was given.
  await expect(page.locator(".exp-ledger li").first()).toHaveText(/^\+14 treasure set aside: Cash 14 .*\d:\d\d/);
  await app.close();
});

test("the table sets a slot limit on an Ix gear list: a warning, never a refusal", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await page.goto(app.server.url + "#/table/party");
  const limit = page.getByRole("textbox", { name: "Slot limit set by the table (empty: none)" });
  await limit.fill("0");
  await limit.press("Enter");
  await expect(limit).toHaveAccessibleDescription("0 is below the least, 1.");
  await limit.fill("1");
  await limit.press("Enter");
  await expect(limit).toHaveValue("1");
  await expect(limit).toBeFocused();
  await page.getByRole("region", { name: "Vex's gear" }).getByRole("link", { name: "Vex" }).click();
  const gear = page.getByRole("region", { name: "Gear", exact: true });
  await gear.getByRole("button", { name: "New item", exact: true }).click();
  await gear.getByRole("button", { name: "New item", exact: true }).click();
  await expect(gear.locator(".gear-count")).toHaveText("2 / 1 slots used (the table's limit)");
  await expect(gear.getByRole("list", { name: "Gear warnings" })).toHaveText(/Uses 2 slots; the table allows 1, so 1 over\./);
  // An Ix list quick-adds its own items: no Cost tiers or Depletion scores, none in the editor.
  const quick = gear.getByRole("combobox", { name: "Common item" });
  await expect(quick).not.toContainText("Cost");
  await quick.selectOption("Arcane focus");
  await gear.getByRole("button", { name: "Add", exact: true }).click();
  await expect(gear.getByRole("alert")).toContainText("Added Arcane focus");
  // Adding selects the new item.
  await gear.getByRole("region", { name: "Selected item" }).getByRole("button", { name: "Edit" }).click();
  await expect(gear.getByRole("textbox", { name: "Name" })).toHaveValue("Arcane focus");
  await expect(gear.getByRole("textbox", { name: "Depletion score" })).toHaveCount(0);
  await expect(gear.getByRole("textbox", { name: "Cash value" })).toHaveCount(0);
  await audit(page, "ix gear over the table's limit");
  await page.screenshot({ path: `${SHOTS}/ix-gear-limit-phone.png`, fullPage: true });
  await app.close();
});
