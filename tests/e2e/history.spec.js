// Local history: a sheet and a table keep earlier versions, show what changed, and put one
// back; the restore itself can be undone, and it survives a reload.
import { test, expect } from "@playwright/test";
import { resolve } from "node:path";
import { openApp, audit, SHOTS } from "./pages.js";

const history = (page) => page.getByRole("region", { name: "History", exact: true });

test("a sheet's History shows what changed and restores an earlier version, undoably", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-12-03T19:00:00") });
  const app = await openApp(page);
  await app.create("Ix", "Mara");
  await app.card("Mara").getByRole("link", { name: "Mara" }).click();
  const notes = page.getByRole("textbox", { name: "Notes", exact: true });
  const key = "satchel/v1/character/" + page.url().split("#/c/")[1];
  const stored = async () => JSON.parse((await app.storage())[key]).sheet.ix.character.notes;
  await notes.fill("Owes the ferryman 3 silver");
  await notes.blur();
  await expect.poll(stored).toBe("Owes the ferryman 3 silver");
  // Later in the evening the notes are wiped by mistake.
  await page.clock.fastForward("06:00");
  await notes.fill("");
  await notes.blur();
  await expect.poll(stored).toBe("");

  const panel = history(page);
  await panel.getByRole("button", { name: "Show versions" }).click();
  const rows = panel.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Restore the version from/ }) });
  await expect(rows).toHaveCount(2);
  // Newest first: the version holding the notes, and what changed after it.
  await expect(rows.first()).toContainText("1 change after it");
  await rows.first().getByText("What changed after it").click();
  await expect(rows.first()).toContainText("Notes: “Owes the ferryman 3 silver” → empty");
  await expect(rows.nth(1)).toContainText("Notes: empty → “Owes the ferryman 3 silver”");
  await audit(page, "sheet History");
  await panel.screenshot({ path: resolve(SHOTS, "history-sheet-390.png") });

  await rows.first().getByRole("button", { name: /^Restore the version from/ }).click();
  await expect(notes).toHaveValue("Owes the ferryman 3 silver");
  await expect(panel.getByRole("status")).toContainText("Restored the version from");
  await expect.poll(stored).toBe("Owes the ferryman 3 silver");
  // The restore is undoable: what was there a moment ago comes back.
  await panel.getByRole("button", { name: "Undo restore" }).click();
  await expect(notes).toHaveValue("");
  await expect.poll(stored).toBe("");
  // And restoring again holds across a reload.
  await rows.first().getByRole("button", { name: /^Restore the version from/ }).click();
  await expect(notes).toHaveValue("Owes the ferryman 3 silver");
  await app.reload();
  await expect(notes).toHaveValue("Owes the ferryman 3 silver");

  // Settings counts the versions and can clear them without touching the character.
  await app.go("Settings");
  await expect(page.getByText(/\d+ versions of 1 sheet or table/)).toBeVisible();
  await page.getByRole("button", { name: "Clear earlier versions" }).click();
  await expect(page.getByText("None kept yet.")).toBeVisible();
  expect(Object.keys(await app.storage()).filter((k) => k.startsWith("satchel/v1/history/"))).toEqual([]);
  await expect.poll(stored).toBe("Owes the ferryman 3 silver");
  await app.close();
});

test("a GM table's History puts back the table as it was before an adversary was added", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-12-03T19:00:00") });
  const app = await openApp(page);
  await app.go("Table");
  const init = page.getByRole("region", { name: "Initiative", exact: true });
  await init.getByText("Add an adversary or NPC").click();
  const add = async (name) => {
    await init.getByRole("textbox", { name: "Adversary name" }).fill(name);
    await init.getByRole("button", { name: "Add", exact: true }).click();
  };
  await add("Goblins");
  await page.clock.fastForward("06:00");
  await add("Ogre");
  const ogre = init.getByRole("button", { name: /^Ogre:/ });
  await expect(ogre).toBeVisible();

  const panel = history(page);
  await panel.getByRole("button", { name: "Show versions" }).click();
  const restore = panel.getByRole("button", { name: /^Restore the version from/ });
  await restore.first().click();
  await expect(ogre).toHaveCount(0);
  await expect(init.getByRole("button", { name: /^Goblins:/ })).toBeVisible();
  await app.reload();
  await expect(page.getByRole("region", { name: "Initiative", exact: true }).getByRole("button", { name: /^Goblins:/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Initiative", exact: true }).getByRole("button", { name: /^Ogre:/ })).toHaveCount(0);
  await app.close();
});
