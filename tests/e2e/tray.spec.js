// The dice tray: pools built by taps with their exact odds, results read back from the dice
// shown, bad input refused, and the chained roll log (persisted, filtered, exported, verified).
import { test, expect } from "@playwright/test";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { openApp, storageCanFill } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

// Screen-reader label of an Ix die -> its symbols ("Mastery die: Success and Boon",
// "Ability die: two Successes").
const PLURAL = { Successes: "Success", Failures: "Failure", Boons: "Boon", Banes: "Bane", Breakthroughs: "Breakthrough", Calamities: "Calamity" };
function symbolsOf(label) {
  const [, face] = label.split(": ");
  const out = { Success: 0, Failure: 0, Boon: 0, Bane: 0, Breakthrough: 0, Calamity: 0 };
  if (face === "blank") return out;
  for (const part of face.split(" and ")) {
    const m = part.match(/^(?:(two|\d+) )?(\w+)$/);
    const n = m[1] ? (m[1] === "two" ? 2 : Number(m[1])) : 1;
    const name = PLURAL[m[2]] ?? m[2];
    expect(Object.keys(out)).toContain(name);
    out[name] += n;
  }
  return out;
}

// The outcome in words that the faces shown must produce (cancellation done by hand).
function expectedWords(labels) {
  const t = { Success: 0, Failure: 0, Boon: 0, Bane: 0, Breakthrough: 0, Calamity: 0 };
  for (const l of labels) for (const [k, v] of Object.entries(symbolsOf(l))) t[k] += v;
  const s = t.Success + t.Breakthrough - t.Failure - t.Calamity;
  const b = t.Boon - t.Bane;
  const parts = [s >= 1 ? "Success" : "Failure"];
  const count = (n, one, many) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  if (b > 0) parts.push(count(b, "Boon", "Boons"));
  if (b < 0) parts.push(count(-b, "Bane", "Banes"));
  if (t.Breakthrough) parts.push(count(t.Breakthrough, "Breakthrough", "Breakthroughs"));
  if (t.Calamity) parts.push(count(t.Calamity, "Calamity", "Calamities"));
  return parts.join(", ");
}

/** After a roll: the outcome in words and the dice are in view at once and nothing covers the
 * words, with Roll again and Close in reach, all without scrolling. */
async function resultInView(app) {
  const tray = app.tray();
  await expect(app.result().locator(".outcome")).toBeInViewport();
  await expect(app.result().locator("ul.dice").first()).toBeInViewport();
  await expect(tray.getByRole("button", { name: "Close" })).toBeInViewport();
  await expect(tray.getByRole("button", { name: "Roll", exact: true })).toBeInViewport();
  const covered = await app.result().locator(".outcome").evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el.contains(hit) ? null : hit ? hit.outerHTML.slice(0, 120) : "nothing";
  });
  expect(covered).toBeNull();
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("Ix pool by taps: odds match the hand count, results match the faces", async ({ page }) => {
      const app = await openApp(page);
      await app.openTray();
      await app.trayMode("Ix");
      // Roll with no dice: the refusal is said once, in the refusal line beside Roll (not
      // again in the summary above it, in another style).
      await app.roll();
      await expect(app.trayMessage()).toHaveText("Add at least one die first.");
      await expect(app.tray().getByText("Add at least one die first.")).toHaveCount(1);
      const roll = await app.tray().getByRole("button", { name: "Roll", exact: true }).boundingBox();
      const said = await app.trayMessage().boundingBox();
      expect(roll.y - (said.y + said.height), "the refusal ends just above Roll").toBeLessThan(40);
      expect(roll.y - (said.y + said.height)).toBeGreaterThanOrEqual(0);
      await app.addDie("Ability die");
      await expect(app.tray().getByText("Add at least one die first.")).toHaveCount(0);
      await app.addDie("Trial die");
      // By hand: Ability net Successes per face 0,1,1,2,0,0,1,0; Trial 0,-1,-2,0,0,0,0,-1.
      // Success needs the sum >= 1: 3 faces of 1 x 5 Trial faces of 0, plus 1 face of 2 x 7
      // Trial faces of -1 or more = 22 of 64 = 34.375%.
      await expect(app.odds("Success")).toHaveText("34.4%");
      await expect(app.odds("Breakthrough")).toHaveText("0.0%");
      await app.addDie("Mastery die");
      // 1 - 11/12 = 8.33%.
      await expect(app.odds("Breakthrough")).toHaveText("8.3%");
      await app.addDie("Boon die");
      await app.addDie("Crisis die");
      await app.addDie("Bane die");
      await expect(app.tray().locator(".pool-words")).toHaveText("1 Ability, 1 Mastery, 1 Boon vs 1 Trial, 1 Crisis, 1 Bane");
      await expect(app.tray().getByRole("img", { name: /^Chart of net Successes/ })).toBeVisible();

      await expect(app.tray().locator(".roll-summary")).toHaveText(/^1 Ability, 1 Mastery, 1 Boon vs 1 Trial, 1 Crisis, 1 Bane: \d+\.\d% to succeed$/);
      // Each odds line is explained on demand, and the chart's axis is named.
      await app.tray().getByText("What the odds mean").click();
      await expect(app.tray().locator(".meanings")).toContainText("Success with Bane");
      await expect(app.odds("Success with Bane")).toHaveText(/^\d+\.\d%$/);
      await expect(app.tray().locator(".chart text.axis")).toHaveText("net Successes");
      for (let i = 0; i < 6; i++) {
        await app.roll();
        await expect(app.result()).toBeVisible();
        await resultInView(app);
        const labels = await app.diceLabels();
        expect(labels).toHaveLength(6);
        for (const l of labels) expect(l).toMatch(/^(Ability|Mastery|Boon|Trial|Crisis|Bane) die: .+/);
        expect(await app.outcome()).toBe(expectedWords(labels));
      }
      // The words are announced.
      await expect(app.tray().locator("[aria-live=polite]")).toContainText("Roll 6:");

      // Upgrades, difficulty presets and Fortune go through the rules.
      await app.tray().getByRole("button", { name: "Clear" }).click();
      await app.addDie("Ability die", 2);
      await app.tray().getByRole("button", { name: "Hard" }).click();
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 3 Trial");
      // A preset counts Crisis dice: after an upgrade it is still Hard, and Severe replaces
      // the side (1 Crisis + 3 Trial), never stacking on the Crisis die.
      await app.tray().getByRole("button", { name: "Upgrade difficulty" }).click();
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial, 1 Crisis");
      // What the step did is said beside the buttons.
      await expect(app.tray().locator(".ix-mode > p.said")).toHaveText("Upgraded a Trial die to a Crisis die.");
      await expect(app.tray().getByRole("button", { name: "Hard" })).toHaveAttribute("aria-pressed", "true");
      await app.tray().getByRole("button", { name: "Severe" }).click();
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 3 Trial, 1 Crisis");
      await app.tray().getByRole("button", { name: "Hard" }).click();
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial, 1 Crisis");
      await app.tray().getByRole("button", { name: "Downgrade difficulty" }).click();
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 3 Trial");
      // Fortune comes from the session's pool: with no session on this device there is none
      // to spend, and the tray says why instead of upgrading.
      await app.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
      await expect(app.tray()).toContainText("No session has started");
      // Said once, though it holds for Fortune and Peril alike.
      await expect(app.tray().locator("#tray-points-why")).toHaveText(/^No session has started[^]*first\.$/);
      expect((await app.tray().locator("#tray-points-why").textContent()).match(/No session/g)).toHaveLength(1);
      await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 3 Trial");
      // Over the limit of a kind: refused in words, pool unchanged.
      await app.addDie("Bane die", 21);
      await expect(app.trayMessage()).toContainText("Bane");
      await expect(app.tray().getByText(/20 Bane$/)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(app.tray()).toBeHidden();
      expect(app.errors).toEqual([]);
      await app.close();
    });

    test("Expedition: Ob from factors, versus, and a Cash wager", async ({ page }) => {
      const app = await openApp(page);
      await app.openTray();
      await app.trayMode("Expedition");
      const tray = app.tray();
      await tray.getByRole("spinbutton", { name: "Ability" }).fill("3");
      await tray.getByRole("button", { name: "Work out Ob from factors" }).click();
      // Moderate complexity (2) + dim light (+1) = Ob 3.
      await tray.getByRole("group", { name: "Lighting" }).getByRole("button", { name: "Dim" }).click();
      await expect(tray.getByText("Ob 3 (Complexity: moderate +2, Lighting: dim +1)")).toBeVisible();
      await expect(app.odds("Test")).toHaveText("5 dice vs Ob 3 (Moderate)");
      // P(at least 3 of 5 fair coins) = (10 + 5 + 1) / 32.
      await expect(app.odds("Pass chance")).toHaveText("50.0%");
      // The line beside Roll says what a tap rolls and its chance.
      await expect(tray.locator(".roll-summary")).toHaveText("5 dice vs Ob 3 (Moderate): 50.0% to pass");
      for (let i = 0; i < 4; i++) {
        await app.roll();
        await resultInView(app);
        const labels = await app.diceLabels();
        expect(labels).toHaveLength(5);
        const hits = labels.filter((l) => /^d6: [4-6], success$/.test(l)).length;
        expect(labels.filter((l) => /^d6: [1-3], failure$/.test(l)).length).toBe(5 - hits);
        const words = await app.outcome();
        if (hits >= 3) expect(words).toBe(hits === 3 ? "Pass exactly" : `Pass by ${hits - 3}`);
        else expect(words).toBe(`Fail by ${3 - hits}`);
      }

      // Versus: 4 dice against 4. Tie = sum C(4,k)^2 / 256 = 70/256; win = lose = 93/256.
      await tray.getByRole("button", { name: "Versus" }).click();
      await tray.getByRole("spinbutton", { name: "Ability" }).fill("2");
      await tray.getByRole("spinbutton", { name: "Opposing dice", exact: true }).fill("4");
      await expect(app.odds("Tie")).toHaveText("27.3%");
      await expect(app.odds("Win")).toHaveText("36.3%");
      await expect(app.odds("Lose")).toHaveText("36.3%");
      await app.roll();
      const mine = (await app.diceLabels("Your")).filter((l) => l.endsWith("success")).length;
      const theirs = (await app.diceLabels("Opposition")).filter((l) => l.endsWith("success")).length;
      const words = await app.outcome();
      if (mine > theirs) expect(words).toBe(`Win by ${mine - theirs}`);
      else if (mine < theirs) expect(words).toBe(`Lose by ${theirs - mine}`);
      else expect(words).toBe("Tie");

      // Cash wager: Cost 5 against Wealth 3 needs Ob 2; wagering more than is held is refused.
      await tray.getByRole("button", { name: "Cash wager" }).click();
      await tray.getByRole("spinbutton", { name: "Wealth" }).fill("3");
      await tray.getByRole("spinbutton", { name: "Cost" }).fill("5");
      await tray.getByRole("spinbutton", { name: "Cash held" }).fill("4");
      await tray.getByRole("spinbutton", { name: "Cash wagered" }).fill("6");
      await expect(app.odds("Plan")).toHaveText("Cost 5 − Wealth 3: wager Cash against Ob 2");
      await app.roll();
      await expect(app.trayMessage()).toContainText("Wager is 6, but it must be between 1 and 4.");
      await expect(tray.getByRole("spinbutton", { name: "Cash held" })).toHaveValue("4");
      await tray.getByRole("spinbutton", { name: "Cash wagered" }).fill("3");
      // P(at least 2 of 3) = 4/8.
      await expect(app.odds("Chance to buy")).toHaveText("50.0% with 3 Cash wagered");
      await app.roll();
      await expect(app.result()).toContainText("Cash 4 → 1: 3 spent");
      await resultInView(app);
      await expect(tray.getByRole("spinbutton", { name: "Cash held" })).toHaveValue("1");
      expect(await app.diceLabels()).toHaveLength(3);
      // One Cash die cannot make Ob 2: Roll asks first, and keeping the Cash spends nothing.
      await tray.getByRole("spinbutton", { name: "Cash wagered" }).fill("1");
      await expect(tray.locator(".roll-summary")).toHaveText("Chance to buy: 0.0% with 1 Cash wagered");
      await app.roll();
      const ask = tray.getByRole("alertdialog");
      await expect(ask).toContainText("1 Cash die cannot reach Ob 2");
      await expect(ask).toBeInViewport();
      await ask.getByRole("button", { name: "Keep my Cash" }).click();
      await expect(ask).toHaveCount(0);
      await expect(tray.getByRole("spinbutton", { name: "Cash held" })).toHaveValue("1");
      await expect(app.result()).toContainText("Cash 4 → 1: 3 spent");
      // Asked again, the player may still wager: the die is spent whatever it shows.
      await app.roll();
      await tray.getByRole("alertdialog").getByRole("button", { name: "Wager anyway" }).click();
      await expect(app.result()).toContainText("Cash 1 → 0: 1 spent");
      await expect(tray.getByRole("spinbutton", { name: "Cash held" })).toHaveValue("0");

      // Damage dice with a Save.
      await tray.getByRole("button", { name: "Damage" }).click();
      await tray.getByRole("spinbutton", { name: "Damage dice" }).fill("3");
      await tray.getByRole("spinbutton", { name: "Free successes (+Ns)" }).fill("1");
      // 3 x 1/2 + 1 = 2.5 expected.
      await expect(app.odds("Expected damage")).toHaveText("2.5");
      await tray.getByRole("checkbox", { name: /Save made/ }).check();
      await app.roll();
      await resultInView(app);
      const hits = (await app.diceLabels()).filter((l) => l.endsWith("success")).length;
      expect(await app.outcome()).toBe(`${Math.ceil((hits + 1) / 2)} damage`);
      expect(app.errors).toEqual([]);
      await app.close();
    });

    test("plain 3d6+2 by Enter, table rolls, and bad notation refused", async ({ page }) => {
      const app = await openApp(page);
      await app.openTray();
      await app.trayMode("Plain dice");
      const input = app.tray().getByRole("textbox", { name: "Dice to roll" });
      await input.fill("3d6+2");
      await input.press("Enter");
      const labels = await app.diceLabels();
      expect(labels).toHaveLength(3);
      const faces = labels.map((l) => Number(l.match(/^d6 showing ([1-6])$/)[1]));
      expect(await app.outcome()).toBe(`Total ${faces[0] + faces[1] + faces[2] + 2}`);

      for (const [bad, why] of [
        ["999d999", "There is no d999"],
        ["31d6", "at most 30 of a kind"],
        ["2d6+", "is not dice notation"],
        ["banana", "is not dice notation"],
      ]) {
        await input.fill(bad);
        await app.roll();
        await expect(app.trayMessage()).toContainText(why);
        // Said once by Roll (the help under the field says it for the field).
        await expect(app.tray().locator(".roll-bar").getByText(why)).toHaveCount(1);
      }
      await app.tray().getByRole("button", { name: "Clear", exact: true }).click();
      await app.tray().getByRole("button", { name: "Add a d20" }).click();
      await app.tray().getByRole("button", { name: "Add a d20" }).click();
      await app.tray().getByRole("button", { name: "Add a d4" }).click();
      await expect(input).toHaveValue("2d20+1d4");

      await app.tray().getByRole("button", { name: "Critical Injury (d100)" }).click();
      expect(await app.diceLabels()).toEqual([expect.stringMatching(/^d100 showing \d+$/)]);
      await app.tray().getByRole("button", { name: "Down and Out (2d6)" }).click();
      expect(await app.diceLabels()).toHaveLength(2);
      expect(await app.outcome()).toMatch(/^(Death|Scar|Lingering wound)/);
      expect(app.errors).toEqual([]);
      await app.close();
    });
  });
}

test("rolls made while storage is full are kept, flagged, and saved in order once there is room", async ({ page }) => {
  await storageCanFill(page, "satchel/v1/rolls");
  const app = await openApp(page);
  await app.openTray();
  await app.trayMode("Plain dice");
  await app.roll();
  const stored = async () => JSON.parse((await app.storage())["satchel/v1/rolls"] ?? '{"entries":[]}').entries;
  await expect.poll(async () => (await stored()).length).toBe(1);

  await page.evaluate(() => (window.__fullStorage = true));
  for (let i = 0; i < 3; i++) await app.roll();
  await expect(app.banner("Not saved")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-unsaved", "true");
  expect((await stored()).length).toBe(1);
  await app.trayMode("Log");
  const log = app.tray().getByRole("list", { name: "Rolls, newest first" });
  await expect(log.getByRole("listitem")).toHaveCount(4);

  // Room again: the banner's retry writes the three owed rolls after the first, chained.
  await page.evaluate(() => (window.__fullStorage = false));
  await app.tray().getByRole("button", { name: "Close" }).click();
  await app.banner("Not saved").getByRole("button", { name: "Try saving again" }).click();
  await expect(app.banner("Not saved")).toHaveCount(0);
  const entries = await stored();
  expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  for (let i = 1; i < entries.length; i++) expect(entries[i].prev).toBe(entries[i - 1].hash);

  // The next roll follows them.
  await app.reload();
  await app.openTray();
  await app.trayMode("Plain dice");
  await app.roll();
  await expect.poll(async () => (await stored()).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  expect(app.errors).toEqual([]);
  await app.close();
});

test("the log keeps rolls across a reload, filters, exports, and catches a tampered export", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.openTray();
  await app.tray().getByRole("combobox", { name: "Rolling for" }).selectOption({ label: "Vex" });
  await app.tray().getByRole("textbox", { name: "What for (optional)" }).fill("Lore check");
  await app.trayMode("Plain dice");
  await app.roll();
  await app.tray().getByRole("combobox", { name: "Rolling for" }).selectOption({ label: "No one" });
  await app.roll();
  await app.roll();
  await expect.poll(async () => JSON.parse((await app.storage())["satchel/v1/rolls"] ?? '{"entries":[]}').entries.length).toBe(3);

  await app.reload();
  await app.openTray();
  await app.trayMode("Log");
  const log = app.tray().getByRole("list", { name: "Rolls, newest first" });
  await expect(log.getByRole("listitem")).toHaveCount(3);
  await expect(log.getByRole("listitem").last()).toContainText("Vex · Lore check");
  await app.tray().getByRole("combobox", { name: "Show rolls for" }).selectOption({ label: "Vex" });
  await expect(log.getByRole("listitem")).toHaveCount(1);

  const [json] = await Promise.all([page.waitForEvent("download"), app.tray().getByRole("button", { name: "Export JSON" }).click()]);
  const exported = readFileSync(await json.path(), "utf8");
  const file = JSON.parse(exported);
  expect(file.format).toBe("satchel-roll-log");
  expect(file.entries).toHaveLength(3);
  expect(file.entries[0].record.character).toBe("Vex");
  expect(file.entries[0].record.label).toBe("Lore check");
  expect(file.entries[1].prev).toBe(file.entries[0].hash);

  const [text] = await Promise.all([page.waitForEvent("download"), app.tray().getByRole("button", { name: "Export text" }).click()]);
  expect(readFileSync(await text.path(), "utf8")).toContain("Satchel roll log: 3 rolls");

  const dir = mkdtempSync(join(tmpdir(), "satchel-log-"));
  const verify = app.tray().getByLabel("Verify a log file");
  const status = app.tray().getByRole("status");
  writeFileSync(join(dir, "intact.json"), exported);
  await verify.setInputFiles(join(dir, "intact.json"));
  await expect(status).toHaveText(
    `The chain is intact: 3 rolls, #1 to #3, from the log's first roll. Its head code is ${file.head.slice(0, 12)}.`,
  );
  await expect(app.tray().getByText(`Chain head code ${file.head.slice(0, 12)}`)).toBeVisible();

  // A code noted at roll #2 is found in the later file; a file missing its first roll says so.
  await app.tray().getByRole("textbox", { name: "Head code you noted (optional)" }).fill(file.entries[1].hash.slice(0, 12));
  await verify.setInputFiles([]);
  await verify.setInputFiles(join(dir, "intact.json"));
  await expect(status).toContainText(`is roll #2 here: every roll up to it is as it was when you noted it.`);
  const cut = JSON.parse(exported);
  cut.entries.splice(0, 1);
  cut.count = 2;
  writeFileSync(join(dir, "cut.json"), JSON.stringify(cut));
  await verify.setInputFiles(join(dir, "cut.json"));
  await expect(status).toContainText("#2 to #3, but it does not start at the log's first roll: roll #1 is not in this file");
  await app.tray().getByRole("textbox", { name: "Head code you noted (optional)" }).fill("");

  const swapped = JSON.parse(exported);
  [swapped.entries[1], swapped.entries[2]] = [swapped.entries[2], swapped.entries[1]];
  writeFileSync(join(dir, "swapped.json"), JSON.stringify(swapped));
  await verify.setInputFiles(join(dir, "swapped.json"));
  await expect(status).toHaveText("Entries 2 and 3 were swapped: roll #3 comes before roll #2.");

  file.entries[1].record.outcome = "Total 99";
  writeFileSync(join(dir, "edited.json"), JSON.stringify(file));
  await verify.setInputFiles(join(dir, "edited.json"));
  await expect(status).toHaveText("Entry 2 (roll #2) was edited: its content no longer matches its hash.");

  const removed = JSON.parse(exported);
  removed.entries.splice(1, 1);
  writeFileSync(join(dir, "removed.json"), JSON.stringify(removed));
  await verify.setInputFiles(join(dir, "removed.json"));
  await expect(status).toHaveText("Rolls were removed after roll #1 (before entry 2).");
  expect(app.errors).toEqual([]);
  await app.close();
});
