// The GM's party status board (#/table/status): characters hurt on their own sheets show up
// on the board with their new numbers and when they last changed; a name opens that sheet at
// Play, by tap and by keyboard.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

async function openSheet(app, name) {
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function openBoard(app) {
  await app.go("Table");
  await app.page.getByRole("navigation", { name: "Table tools" }).getByRole("link", { name: "Party status" }).click();
  await expect(app.page).toHaveURL(/#\/table\/status$/);
}

/** A character's card on the board: the list item holding their name's heading. */
function card(page, game, name) {
  return page
    .getByRole("list", { name: `${game} characters` })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

/** The value beside a term on a card ("Wounds left" -> "6 / 10"). */
function fact(scope, term) {
  return scope.locator(".status-facts > div").filter({ has: scope.page().locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
}

for (const size of SIZES) {
  test(`the party status board reads every sheet and opens one at Play (${size.name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = await openApp(page);
    await app.create("Ix", "Vex Arrandi");
    await app.create("Expedition", "Rook");

    // Vex takes 4 Wounds from an attack and becomes Frightened, on her own sheet.
    await openSheet(app, "Vex Arrandi");
    const health = page.getByRole("region", { name: "Wounds and Strain", exact: true });
    const amount = health.getByRole("textbox", { name: "Amount" });
    await amount.fill("4");
    await amount.blur();
    await health.getByRole("button", { name: "Take Wounds" }).click();
    await expect(health.getByRole("group", { name: "Take or recover" }).locator(".said")).toContainText("6 of 10 Wounds left");
    await page.getByRole("region", { name: "Conditions", exact: true }).getByRole("button", { name: "Frightened", exact: true }).click();

    // Rook takes 2 damage and lights a torch, on his.
    await app.go("Roster");
    await openSheet(app, "Rook");
    const sheet = page.locator(".exp-sheet");
    const gear = page.getByRole("region", { name: "Gear", exact: true });
    await gear.getByRole("combobox", { name: "Common item" }).selectOption("Torches");
    await gear.getByRole("button", { name: "Add", exact: true }).click();
    await sheet.getByRole("list", { name: "Light sources" }).getByRole("button", { name: "Light Torches" }).click();
    const hurt = sheet.getByLabel("HP to take or heal", { exact: true });
    await hurt.fill("2");
    await hurt.blur();
    await sheet.getByRole("button", { name: "Take it" }).click();
    await expect(sheet).toContainText("4 of 6 HP");

    // The board shows both, in words, grouped by game.
    await openBoard(app);
    await expect(page.getByRole("heading", { level: 2, name: "Ix", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Expedition", exact: true })).toBeVisible();
    const vex = card(page, "Ix", "Vex Arrandi");
    // 6 of 10 Wounds left is hurt, not "Healthy": the words follow the numbers.
    await expect(vex.locator(".status-state")).toHaveText("Hurt");
    await expect(fact(vex, "Wounds left")).toHaveText("6 / 10");
    await expect(fact(vex, "Strain left")).toHaveText("10 / 10");
    await expect(fact(vex, "Conditions")).toHaveText("Frightened");
    await expect(fact(vex, "Critical Injuries")).toHaveText("none");
    await expect(fact(vex, "Slots used")).toHaveText("0 (no limit set)");
    await expect(vex).toHaveAttribute("data-state", "hurt");
    await expect(vex.locator(".status-when")).toHaveText("Changed just now");
    await expect(page.getByText("No Ix session has started on this device.")).toBeVisible();

    const rook = card(page, "Expedition", "Rook");
    await expect(rook.locator(".status-state")).toHaveText("Standing");
    await expect(fact(rook, "HP")).toHaveText("4 / 6");
    await expect(fact(rook, "Bonus HP")).toHaveText("0");
    await expect(fact(rook, "Slots used")).toHaveText("1 / 15");
    await expect(fact(rook, "Cash")).toHaveText("0");
    await expect(fact(rook, "Wealth")).toHaveText("1 (Destitute)");
    await expect(fact(rook, "Light lit")).toHaveText("Torches");
    await expect(rook.locator(".status-when")).toHaveText("Changed just now");

    await page.screenshot({ path: `${SHOTS}/party-status-${size.name}.png`, fullPage: true });
    await audit(page, `party status (${size.name})`);

    // Rook's record last changed three minutes ago (as if on another day's device clock):
    // the board says so after a reload.
    const rookId = await rook.getByRole("link", { name: "Rook" }).getAttribute("href").then((h) => h.split("/")[2]);
    await page.evaluate((id) => {
      const key = `satchel/v1/character/${id}`;
      const doc = JSON.parse(localStorage.getItem(key));
      doc.updated_ms = Date.now() - 3 * 60_000 - 5_000;
      localStorage.setItem(key, JSON.stringify(doc));
    }, rookId);
    await app.reload();
    await expect(rook.locator(".status-when")).toHaveText("Changed 3 min ago");

    // A name is a link to that sheet's Play section: by tap on the phone, by keyboard on the
    // laptop.
    const link = vex.getByRole("link", { name: "Vex Arrandi" });
    if (size.name === "phone") {
      await link.click();
    } else {
      await link.focus();
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/#\/c\/[\w-]+\/play$/);
    await expect(page.getByRole("heading", { level: 1, name: "Vex Arrandi" })).toBeVisible();
    const bar = page.getByRole("navigation", { name: "Sheet sections" });
    await expect(bar.getByRole("link", { name: "Play" })).toHaveAttribute("aria-current", "location");
    await expect(page.getByRole("heading", { name: "Wounds and Strain" })).toBeInViewport();
    expect(app.errors).toEqual([]);
    await app.close();
  });
}
