import { test, expect } from "@playwright/test";
import { openApp } from "./pages.js";

async function shareLink(page, name) {
  await page.getByRole("button", { name: `Share ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR code of the status update" })).toBeVisible();
  const link = await dialog.getByRole("textbox", { name: "Character link" }).inputValue();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return link;
}

test("a character shared by link is previewed, then saved only on request", async ({ page, browser }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Wandering <i>Wren</i>");
  const link = await shareLink(page, "Wandering <i>Wren</i>");
  expect(link.startsWith(app.server.url + "#/share/")).toBe(true);

  const context = await browser.newContext();
  const friend = await context.newPage();
  const other = await openApp(friend, link.slice(app.server.url.length));
  await expect(friend.getByRole("heading", { name: "A character was shared with you" })).toBeVisible();
  await expect(friend.getByText("Wandering <i>Wren</i>", { exact: true })).toBeVisible();
  expect(await other.storage()).not.toHaveProperty("satchel/v1/index");
  await friend.getByRole("button", { name: "Save to my roster" }).click();
  await expect(other.card("Wandering <i>Wren</i>")).toBeVisible();
  await expect(friend).toHaveURL(/#\/roster$/);
  await other.reload();
  await expect(other.cards()).toHaveCount(1);
  await other.close();
  await context.close();

  // Opening your own link again says it is the same, and still offers to keep both.
  await page.goto(link);
  await app.ready();
  await page.getByRole("button", { name: "Keep both" }).click();
  await expect(app.card("Wandering <i>Wren</i> (imported)")).toBeVisible();
  await app.close();
});

test("a damaged share link is refused and saves nothing", async ({ page }) => {
  const app = await openApp(page, "#/share/not-really-a-link");
  await expect(page.getByRole("heading", { name: "This link cannot be opened" })).toBeVisible();
  await page.getByRole("button", { name: "Back to the roster" }).click();
  await expect(page.getByRole("heading", { name: "No characters yet" })).toBeVisible();
  expect(Object.keys(await app.storage()).filter((k) => k.startsWith("satchel/v1/character/"))).toEqual([]);
  await app.close();
});

test("a GM's proposed difficulty opens in the player's tray, keeping the player's dice", async ({ page, browser }) => {
  const gm = await openApp(page);
  await gm.openTray();
  await gm.addDie("Trial die", 2);
  await gm.addDie("Crisis die", 1);
  await gm.tray().getByRole("textbox", { name: "What for (optional)" }).fill("Pick the lock");
  await gm.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
  await expect(gm.tray().getByRole("img", { name: "QR code of the share link" })).toBeVisible();
  const link = await gm.tray().getByRole("textbox", { name: "Share link" }).inputValue();
  expect(link.startsWith(gm.server.url + "#/pool/")).toBe(true);

  const context = await browser.newContext();
  const playerPage = await context.newPage();
  const player = await openApp(playerPage);
  await player.openTray();
  await player.addDie("Ability die", 2);
  await playerPage.keyboard.press("Escape");
  // Same deployment for both (each test server has its own port): only the fragment changes,
  // so the page stays and so do the player's dice.
  await playerPage.goto(player.server.url + link.slice(gm.server.url.length));
  await expect(playerPage.getByRole("heading", { name: "Your GM proposes a difficulty" })).toBeVisible();
  await expect(playerPage.getByText("Pick the lock")).toBeVisible();
  await playerPage.getByRole("button", { name: "Open in dice tray" }).click();
  await expect(player.tray()).toBeVisible();
  await expect(player.tray().locator(".pool-words")).toHaveText(/2 Ability.*vs 2 Trial, 1 Crisis/);
  await expect(player.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue("Pick the lock");
  await expect(playerPage).toHaveURL(/#\/roster$/);
  await player.close();
  await context.close();
  await gm.close();
});

test("an Expedition Ob travels too, and a damaged proposal is refused", async ({ page }) => {
  const app = await openApp(page);
  await app.openTray();
  await app.trayMode("Expedition");
  await app.tray().getByRole("spinbutton", { name: /^Ob/ }).first().fill("4");
  await app.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
  const link = await app.tray().getByRole("textbox", { name: "Share link" }).inputValue();
  await page.keyboard.press("Escape");
  await page.goto(link);
  await expect(page.getByText("Expedition: Ob 4")).toBeVisible();
  await page.getByRole("button", { name: "Dismiss" }).click();
  await page.goto(app.server.url + "#/pool/AAAA");
  await expect(page.getByRole("heading", { name: "This link cannot be opened" })).toBeVisible();
  await app.close();
});
