// Between phones: a player keeps a character on their phone, the GM a copy on theirs (two
// browser contexts, two storages). The player shares from the sheet, the GM adds it; the
// player takes damage and sends a status update; the GM's party board shows it, with the new
// time; an older update is refused as older.
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

/** Every visible button in `scope` is the element under its own centre: nothing covers it. */
async function nothingCovers(scope) {
  for (const b of await scope.getByRole("button").all()) {
    if (!(await b.isVisible())) continue;
    await b.scrollIntoViewIfNeeded();
    const free = await b.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit);
    });
    expect(free, `"${(await b.textContent()).trim()}" is covered`).toBe(true);
  }
}

/** Opens the sheet's Share dialog and returns the status update's link and the character's. */
async function share(page, name, size) {
  await page.getByRole("button", { name: `Share ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${name}` });
  await expect(dialog).toBeVisible();
  const qr = dialog.getByRole("img", { name: "QR code of the status update" });
  await expect(qr).toBeVisible();
  const caption = await dialog.locator(".qr-size").textContent();
  const [, version, modules] = caption.match(/QR version (\d+), (\d+)×\d+ modules/).map(Number);
  expect(version).toBeLessThanOrEqual(10);
  const box = await qr.boundingBox();
  // At least 3 CSS px a module (the quiet zone is 4 modules a side).
  expect(box.width / (modules + 8)).toBeGreaterThanOrEqual(3);
  console.log(`${size}: status QR version ${version}, ${modules} modules, ${(box.width / (modules + 8)).toFixed(1)} px a module`);

  // Copy says what it did, beside the button.
  const copy = dialog.getByRole("button", { name: "Copy the status update link" });
  await copy.click();
  await expect(copy.locator("xpath=..").getByRole("status")).toHaveText("Copied");
  const status = await dialog.getByRole("textbox", { name: "Status update link" }).inputValue();
  const whole = await dialog.getByRole("textbox", { name: "Character link" }).inputValue();

  // A tap enlarges the code; another brings it back.
  const enlarge = dialog.getByRole("button", { name: "Show the QR code larger" });
  await enlarge.click();
  const large = await qr.boundingBox();
  expect(large.width).toBeGreaterThan(box.width);
  await dialog.getByRole("button", { name: "Show the QR code smaller" }).click();
  await nothingCovers(dialog);
  return { dialog, status, whole };
}

for (const size of SIZES) {
  test(`a player's status update reaches the GM's party board; an older one is refused (${size.name})`, async ({ browser }) => {
    const permissions = ["clipboard-read", "clipboard-write"];
    const playerContext = await browser.newContext({ viewport: size, permissions });
    const gmContext = await browser.newContext({ viewport: size, permissions });
    const player = await openApp(await playerContext.newPage());
    const gm = await openApp(await gmContext.newPage());
    const p = player.page;
    const g = gm.page;
    const here = (link, app) => link.slice(app.server.url.length);

    // The player makes Vex and shares her from her sheet.
    await player.create("Ix", "Vex Arrandi");
    await player.card("Vex Arrandi").getByRole("link", { name: "Vex Arrandi" }).click();
    await expect(p.getByRole("heading", { level: 1, name: "Vex Arrandi" })).toBeVisible();
    await nothingCovers(p.locator(".sheet-head"));
    const first = await share(p, "Vex Arrandi", size.name);
    await p.screenshot({ path: `${SHOTS}/party-sync-share-${size.name}.png` });
    await audit(p, `share dialog (${size.name})`);
    await p.keyboard.press("Escape");
    await expect(first.dialog).toBeHidden();

    // The GM adds the whole character from its link.
    await g.goto(gm.server.url + here(first.whole, player));
    await expect(g.getByRole("heading", { name: "A character was shared with you" })).toBeVisible();
    await expect(g.getByText("a player's character, kept on their device")).toBeVisible();
    await g.getByRole("button", { name: "Save to my roster" }).click();
    await expect(gm.card("Vex Arrandi")).toBeVisible();
    // As if added three minutes ago: the board then says when the update arrives.
    await g.evaluate(() => {
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith("satchel/v1/character/"))) {
        const doc = JSON.parse(localStorage.getItem(key));
        doc.updated_ms = Date.now() - 3 * 60_000 - 5_000;
        localStorage.setItem(key, JSON.stringify(doc));
      }
    });
    await gm.reload();
    await g.goto(gm.server.url + "#/table/status");
    const card = g
      .getByRole("list", { name: "Ix characters" })
      .getByRole("listitem")
      .filter({ has: g.getByRole("heading", { level: 3, name: "Vex Arrandi", exact: true }) });
    const wounds = card.locator(".status-facts > div").filter({ has: g.locator("dt", { hasText: /^Wounds left$/ }) }).locator("dd");
    await expect(wounds).toHaveText("10 / 10");
    await expect(card.locator(".status-when")).toHaveText("Changed 3 min ago");

    // The player takes 4 Wounds and sends a status update.
    const health = p.getByRole("region", { name: "Wounds and Strain", exact: true });
    const amount = health.getByRole("textbox", { name: "Amount" });
    await amount.fill("4");
    await amount.blur();
    await health.getByRole("button", { name: "Take Wounds" }).click();
    await expect(health.getByRole("group", { name: "Take or recover" }).locator(".said")).toContainText("6 of 10 Wounds left");
    const second = await share(p, "Vex Arrandi", size.name);
    await p.keyboard.press("Escape");
    expect(second.status).not.toEqual(first.status);

    // The GM opens it: newer than theirs, Update is the main action.
    await g.goto(gm.server.url + here(second.status, player));
    await expect(g.getByRole("heading", { name: "Status update for Vex Arrandi" })).toBeVisible();
    await expect(g.getByText("Wounds 6 of 10")).toBeVisible();
    await expect(g.locator(".share-newness")).toContainText("newer than yours");
    await audit(g, `status update (${size.name})`);
    await nothingCovers(g.locator(".share-preview"));
    await g.getByRole("button", { name: "Update", exact: true }).click();
    await expect(g).toHaveURL(/#\/roster$/);
    await g.goto(gm.server.url + "#/table/status");
    await expect(wounds).toHaveText("6 / 10");
    await expect(card.locator(".status-when")).toHaveText("Changed just now");
    await g.screenshot({ path: `${SHOTS}/party-sync-board-${size.name}.png`, fullPage: true });

    // The first, older update is refused as older, and changes nothing.
    await g.goto(gm.server.url + here(first.status, player));
    await expect(g.getByRole("heading", { name: "Status update for Vex Arrandi" })).toBeVisible();
    await expect(g.locator(".share-newness")).toContainText("older than yours");
    await expect(g.getByText("This update is older than your copy, so your copy was kept.")).toBeVisible();
    await expect(g.getByRole("button", { name: "Update", exact: true })).toHaveCount(0);
    await g.getByRole("button", { name: "Back to the roster" }).click();
    await g.goto(gm.server.url + "#/table/status");
    await expect(wounds).toHaveText("6 / 10");

    // The GM's copy says whose it is.
    await card.getByRole("link", { name: "Vex Arrandi" }).click();
    await expect(g.getByText(/A player's character, kept on device …/)).toBeVisible();

    expect(player.errors).toEqual([]);
    expect(gm.errors).toEqual([]);
    await player.close();
    await gm.close();
    await playerContext.close();
    await gmContext.close();
  });
}
