// "What would help" (issue 22): the tray lists each single change with the chance it gives,
// best first; a tap makes the best one and the odds show the chance the list promised; a
// change that cannot be made now is text with its reason, never a button.
import { test, expect } from "@playwright/test";
import { audit, openApp } from "./pages.js";

const helpList = (app) => app.tray().getByRole("list", { name: "Changes that would help" });

/** The list's options that can be tapped, and those that cannot. */
const taps = (app) => helpList(app).getByRole("button");
const offs = (app) => helpList(app).locator(".help-off");

test("from an Ix skill: the best change, tapped, gives the chance it promised", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await app.card("Vex Arrandi").getByRole("link", { name: "Vex Arrandi" }).click();
  const skills = page.getByRole("region", { name: "Skills", exact: true });
  await skills.getByRole("button", { name: "Raise Medicine rank" }).click();
  await skills.getByRole("button", { name: "Hard" }).click();
  await skills.getByRole("button", { name: /^Medicine.*roll$/ }).click();
  await expect(app.tray()).toBeVisible();
  await expect(helpList(app)).toBeVisible();

  // Every option says its Success, Boon and Breakthrough chances in words.
  const first = taps(app).first();
  await expect(first).toContainText(/Success \d+\.\d% \([+−]\d+\.\d points\), with Boon/);
  // No Bane die in the pool: that "what if" is shown, with why, and is not a button (a Bane die
  // taken away is the GM's to grant, never the player's tap).
  const whatIf = app.tray().getByRole("list", { name: "What if" });
  const bane = whatIf.locator(".help-off").filter({ hasText: "Remove a Bane die" });
  await expect(bane).toContainText("Not now: no Bane die to remove");
  await expect(bane.getByRole("button")).toHaveCount(0);
  // No session has started, so no Fortune Point: shown with the session's reason, not a tap.
  const fortune = offs(app).filter({ hasText: "Fortune Point: upgrade" });
  await expect(fortune).toContainText("Not now:");
  await expect(fortune).toContainText("No session has started");
  await expect(fortune.getByRole("button")).toHaveCount(0);
  // The GM's side is listed apart.
  await expect(app.tray().getByRole("list", { name: "Changes the GM could make" })).toContainText("GM's Peril Point: upgrade a Trial die");
  await audit(page, "tray, what would help (Ix)");

  // The best first: tap it, and the odds line shows what it promised.
  const promised = (await first.textContent()).match(/Success (\d+\.\d%)/)[1];
  const before = await app.odds("Success").textContent();
  expect(promised).not.toBe(before);
  await first.click();
  await expect(app.odds("Success")).toHaveText(promised);
});

test("from an Expedition ability: Ob - 1 first, tapped, then the factors say why not", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Expedition", "Rook");
  await app.card("Rook").getByRole("link", { name: "Rook" }).click();
  await page.getByRole("button", { name: /^Test Might/ }).click();
  await expect(app.tray()).toBeVisible();
  await expect(app.tray().getByRole("spinbutton", { name: "Ob", exact: true })).toHaveValue("3");
  await expect(app.tray().getByLabel("Ability", { exact: true })).toHaveValue("2");
  // 4 dice vs Ob 3 passes on 5 of 16 outcomes (31.3%). Ob 2: 11 of 16 (68.8%), best; one die
  // more, 5 dice vs Ob 3: 16 of 32 (50.0%).
  await expect(app.odds("Pass chance")).toHaveText("31.3%");
  const first = taps(app).first();
  await expect(first).toContainText("One factor less (Ob - 1)");
  await expect(first).toContainText("Pass 68.8% (+37.5 points)");
  await expect(taps(app).filter({ hasText: "Add a helping die" })).toContainText("Pass 50.0% (+18.8 points)");
  await audit(page, "tray, what would help (Expedition)");
  await first.click();
  await expect(app.odds("Pass chance")).toHaveText("68.8%");
  await expect(app.tray().getByRole("spinbutton", { name: "Ob", exact: true })).toHaveValue("2");

  // A Wise counts once: after it, the list says why not.
  await taps(app).filter({ hasText: "Invoke a Wise that applies" }).click();
  await expect(offs(app).filter({ hasText: "Invoke a Wise" })).toContainText("Not now: a Wise is counted already");

  // With the Ob from factors, a factor changes it: Ob - 1 is not a tap.
  await app.tray().getByRole("button", { name: "Work out Ob from factors" }).click();
  await expect(offs(app).filter({ hasText: "One factor less" })).toContainText("Not now: the Ob comes from the factors");

  // A versus test weighs win, tie and lose.
  await app.tray().getByRole("group", { name: "Kind of roll" }).getByRole("button", { name: "Versus" }).click();
  await expect(taps(app).first()).toContainText(/Win \d+\.\d% \(\+\d+\.\d points\), tie \d+\.\d%, lose \d+\.\d%/);
  await expect(offs(app)).toHaveCount(1);
});
