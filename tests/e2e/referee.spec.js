// The Expedition referee's combat tracker: ganging up behind a leader and firing into melee,
// rolled for real (the procedure's exact outcomes are pinned by seeded native tests).
import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";

async function add(ref, name, dice) {
  await ref.getByLabel("Name").fill(name);
  const d = ref.getByLabel("Ally dice");
  await d.fill(String(dice));
  await d.blur();
  await ref.getByRole("button", { name: "Add ally" }).click();
  // The row header carries the pool and HP under the name.
  await expect(ref.getByRole("rowheader", { name: new RegExp(`^${name}\\s+${dice}d · 6 of 6 HP$`) })).toBeVisible();
}

test("ganging up and firing into melee in one exchange", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const ref = page.getByRole("region", { name: "Expedition referee" });
  // One page title and one heading level per step: the tools' sections are h2 under the h1.
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Expedition referee" })).toHaveCount(0);
  await expect(ref.getByRole("heading", { level: 2, name: "Combat tracker" })).toBeVisible();

  await ref.getByLabel("Name").fill("Ogre");
  await ref.getByLabel("Level").fill("4");
  await ref.getByLabel("Level").blur();
  await ref.getByRole("button", { name: "Add adversary" }).click();
  await expect(ref.locator("tbody tr").first()).toContainText("6d · 8 of 8 HP");
  for (const n of ["Ada", "Bo", "Cy"]) await add(ref, n, 3);

  await ref.getByLabel("Ogre threatens").selectOption({ label: "Ada" });
  await ref.getByLabel("Ada threatens").selectOption({ label: "Ogre" });
  await ref.getByLabel("Bo gangs up behind").selectOption({ label: "Ada" });
  // A leader cannot help anyone, the helper cannot lead, and gangs stay on one side.
  await expect(ref.getByLabel("Ada gangs up behind").locator("option")).toHaveText(["Fights alone"]);
  await expect(ref.getByLabel("Cy gangs up behind").locator("option")).toHaveText(["Fights alone", "Ada"]);
  await ref.getByLabel("Cy threatens").selectOption({ label: "Ogre" });
  await ref.getByLabel("Cy shoots").check();
  await expect(ref.getByLabel("Cy shoots")).toBeChecked();
  // The rows are redrawn on each change; focus stays on the control that was used.
  await expect(ref.getByLabel("Cy shoots")).toBeFocused();

  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  const line = ref.locator(".exp-history li").first();
  await expect(line).toContainText("Exchange: Ada leads Bo in ganging up: 3 + 1 = 4 dice. Cy fires into melee at Ogre: 3 - 1 = 2 dice.");
  await expect(line).toContainText(/Ogre rolled (\d, ){5}\d \(\d success(es)?\); Ada rolled (\d, ){3}\d \(\d success(es)?\); Bo helps \(no roll\); Cy rolled \d, \d \(\d success(es)?\)\./);
  // Whatever was rolled, Bo takes exactly what Ada takes from the ogre (plus any stray shot).
  const text = await line.textContent();
  const took = text.match(/Ada takes (\d+)/);
  const shared = text.match(/Bo ganged up with Ada: each takes (\d+) too/);
  if (took || /Ogre and Ada tie/.test(text)) expect(shared).not.toBeNull();
  if (took) expect(shared[1]).toBe(took[1]);

  await audit(page, "referee ganging up");
  for (const size of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/referee-gang-${size.width}.png`, fullPage: true });
  }
  await app.reload();
  await expect(page.getByLabel("Bo gangs up behind")).toHaveValue("1");
  await expect(page.getByLabel("Cy shoots")).toBeChecked();

  // A long name wraps on a phone instead of pushing Hit and × out of sight.
  await page.setViewportSize({ width: 390, height: 844 });
  const again = page.getByRole("region", { name: "Expedition referee" });
  await add(again, "Bartholomew-Featherstonehaugh-the-Unconquerable", 3);
  const scroll = again.getByRole("region", { name: "Fighters" });
  const fits = await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  const hit = await again.getByRole("button", { name: /^Damage Bartholomew/ }).boundingBox();
  expect(hit.x + hit.width).toBeLessThanOrEqual(390);
  await scroll.screenshot({ path: `${SHOTS}/referee-long-name-390.png` });
  await app.close();
});

test("an extended test keeps its tally and says the chance to finish from here", async ({ page }) => {
  const app = await openApp(page, "#/table/expedition");
  const panel = page.getByRole("region", { name: "Extended test" });
  await panel.getByRole("textbox", { name: "What it is" }).fill("The chase");
  await panel.getByRole("textbox", { name: "What it is" }).blur();
  for (const [name, v] of [["Passes needed", 2], ["Lost at failure (0: never)", 2], ["Dice per test", 4], ["Ob per test", 3]]) {
    const box = panel.getByRole("textbox", { name, exact: true });
    await box.fill(String(v));
    await box.blur();
  }
  await panel.getByRole("button", { name: "Start the extended test" }).click();
  // 4 dice against Ob 3 pass 5 times in 16; two passes before the second failure:
  // (5/16)^2 (1 + 2 x 11/16) = 950/4096.
  const said = panel.getByRole("status");
  await expect(said).toHaveText(
    "The chase: 0 of 2 passes, 0 of 2 failures. Chance to finish from here: 23.2% (4 dice against Ob 3 each).",
  );
  await panel.getByRole("button", { name: "A test failed" }).click();
  await expect(said).toHaveText(
    "Extended test, a failure: The chase: 0 of 2 passes, 1 of 2 failures. Chance to finish from here: 9.8% (4 dice against Ob 3 each).",
  );
  await panel.getByRole("button", { name: "Roll a test here" }).click();
  await expect(said).toHaveText(/^Extended test roll, 4 dice against Ob 3: rolled (\d, ){3}\d \((Pass|Fail)[^)]*\)\. The chase: /);
  await audit(page, "Extended test under way");
  await panel.getByRole("button", { name: "Put it away" }).click();
  await expect(panel.getByRole("button", { name: "Start the extended test" })).toBeVisible();
  expect(app.errors).toEqual([]);
  await app.close();
});
