import { test, expect } from "@playwright/test";
import { openApp } from "./pages.js";

async function shareLink(page, name) {
  await page.getByRole("button", { name: `Share ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR code of the share link" })).toBeVisible();
  const link = await dialog.getByRole("textbox", { name: "Share link" }).inputValue();
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

  // Opening your own link again offers to keep both.
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
