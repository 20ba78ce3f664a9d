// Ix sheet and GM table journeys: a short fight on a phone, initiative with a Minion group,
// a fear check, the print copy, and axe on both screens.
import { test, expect } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { SHOTS, audit, expectBeside, openApp } from "./pages.js";



async function openSheet(app, name) {
  await app.card(name).getByRole("link", { name }).click();
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

function panel(page, name) {
  return page.getByRole("region", { name, exact: true });
}

test("a new Ix character plays a short fight", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex Arrandi");
  await openSheet(app, "Vex Arrandi");

  // Identity and ratings persist.
  await page.getByRole("textbox", { name: "Player" }).fill("Sam");
  const intellect = page.getByRole("textbox", { name: "Intellect" });
  await intellect.fill("7");
  await intellect.press("Enter");
  await expect(page.getByText("7 is above the most, 6.")).toBeVisible();
  await intellect.fill("4");
  await intellect.press("Enter");
  const skills = panel(page, "Skills");
  for (let i = 0; i < 2; i++) await skills.getByRole("button", { name: "Raise Medicine rank" }).click();

  // A skill check opens the tray with the rules' pool at the chosen difficulty; a Fortune
  // Point from the session's pool (a session of one, started on the sheet) upgrades it and
  // flips to Peril when the check is rolled.
  const points = page.getByRole("region", { name: "Fortune and Peril", exact: true });
  await expect(points).toContainText("No session has started on this device.");
  await points.getByText("Start a new session").click();
  await points.getByRole("button", { name: "Start session" }).click();
  await expect(points).toContainText("Fortune on the players' side: 1");
  await skills.getByRole("button", { name: "Hard" }).click();
  await skills.getByRole("button", { name: /^Medicine.*roll$/ }).click();
  await expect(app.tray()).toBeVisible();
  await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability, 2 Mastery vs 3 Trial");
  await app.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
  await expect(app.tray().locator(".pool-words")).toHaveText("1 Ability, 3 Mastery vs 3 Trial");
  await app.roll();
  await expect(points).toContainText("Fortune on the players' side: 0 · Peril on the GM's side: 2");
  await expect(app.result()).toBeVisible();
  await app.tray().getByRole("button", { name: "Close" }).click();

  // Wounds to incapacitation, in words.
  const health = panel(page, "Wounds and Strain");
  const wounds = health.getByRole("textbox", { name: /^Wounds remaining/ });
  await health.getByRole("button", { name: "Remove one Wound" }).click();
  await expect(wounds).toHaveValue("9");
  await health.getByRole("button", { name: "Add one Wound" }).click();
  await expect(wounds).toHaveValue("10");
  await wounds.fill("11");
  await wounds.press("Enter");
  await expect(health.getByText("11 is above the most, 10.")).toBeVisible();
  await wounds.fill("1");
  await wounds.press("Enter");
  await health.getByRole("button", { name: "Remove one Wound" }).click();
  await expect(health.getByRole("status")).toContainText("Incapacitated and bleeding out");
  await health.getByRole("button", { name: "End of round: bleed out" }).click();
  await expect(wounds).toHaveValue("-1");
  // The Wound that took them down owes a Critical Injury, said where the Wounds are.
  const owed = health.getByRole("alert").filter({ hasText: "Critical Injury owed" });
  await expect(owed).toBeVisible();

  // Two Critical Injuries: the second adds +10.
  const crit = panel(page, "Critical Injuries");
  await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
  await expect(crit.getByRole("status")).toContainText("+ 0 (0 carried)");
  await expect(owed).toHaveCount(0);
  await expect(crit.getByText("now +10")).toBeVisible();
  await crit.getByRole("button", { name: "Roll Critical Injury" }).click();
  await expect(crit.getByRole("status")).toContainText("+ 10 (1 carried)");
  const list = crit.getByRole("list", { name: "Critical Injuries carried" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").nth(1)).toContainText("+ 10 for 1 carried");

  // Medicine: the healer is chosen on the sheet. Down, Vex cannot treat anyone, themself
  // included; a healer the GM names (Intellect 3, Medicine 2) stabilises with a roll.
  const medicine = panel(page, "Medicine");
  await list.getByRole("button", { name: /^Treat / }).first().click();
  await expect(crit.getByText("Vex Arrandi cannot act, so cannot make a Medicine check.")).toBeVisible();
  await expect(app.tray()).toBeHidden();
  // Who heals is folded under the healer's name.
  await expect(medicine.getByText(/^Healer: Vex Arrandi \(Intellect \d, Medicine \d\), who cannot act now, so cannot treat anyone$/)).toBeVisible();
  await medicine.getByText(/^Healer: /).click();
  await medicine.getByLabel("Healer", { exact: true }).selectOption({ label: "Someone the GM names" });
  await medicine.getByRole("textbox", { name: "Healer's name" }).fill("Doc Mara");
  await medicine.getByRole("textbox", { name: "Healer's name" }).blur();
  await medicine.getByRole("textbox", { name: "Healer's Intellect" }).fill("3");
  await medicine.getByRole("textbox", { name: "Healer's Intellect" }).blur();
  await medicine.getByRole("textbox", { name: "Healer's Medicine rank" }).fill("2");
  await medicine.getByRole("textbox", { name: "Healer's Medicine rank" }).blur();
  await expect(medicine).toContainText("Healer: Doc Mara (Intellect 3, Medicine 2)");
  await medicine.getByRole("button", { name: "Treat Wounds" }).click();
  await expect(medicine.locator(".said")).toHaveText("Treating Wounds needs a conscious patient; heal them above 0 first.");
  let stable = false;
  for (let i = 0; i < 12 && !stable; i++) {
    await medicine.getByRole("button", { name: "Stabilise" }).click();
    await expect(app.tray()).toBeVisible();
    await expect(app.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue(
      "Doc Mara's Medicine (Average) to stabilise on Vex Arrandi",
    );
    await expect(app.tray().locator(".pool-words")).toHaveText("1 Ability, 2 Mastery vs 2 Trial");
    await app.roll();
    const out = await app.outcome();
    await app.tray().getByRole("button", { name: "Close" }).click();
    stable = out.startsWith("Success");
    await expect(health.locator(".ix-state")).toContainText(
      stable ? "Incapacitated, stabilised" : "Incapacitated and bleeding out",
    );
    // A failed roll says so beside the button that made it.
    if (!stable) {
      await expectBeside(
        medicine.getByRole("button", { name: "Stabilise" }),
        medicine.getByRole("status").filter({ hasText: "The Medicine check failed; they are still bleeding out." }),
      );
    }
  }
  expect(stable).toBe(true);
  await health.getByRole("button", { name: "End of round: bleed out" }).click();
  await expect(wounds).toHaveValue("-1");

  // Treat one: a Medicine check in the tray; success removes it, failure keeps it.
  let treated = false;
  for (let i = 0; i < 12 && !treated; i++) {
    await list.getByRole("button", { name: /^Treat / }).first().click();
    await expect(app.tray()).toBeVisible();
    await expect(app.tray().locator(".pool-words")).toContainText("Trial");
    await app.roll();
    const out = await app.outcome();
    await app.tray().getByRole("button", { name: "Close" }).click();
    if (out.startsWith("Success")) {
      await expect(list.getByRole("listitem")).toHaveCount(1);
      treated = true;
    } else {
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expectBeside(
        list.getByRole("button", { name: /^Treat / }).first(),
        list.getByRole("status").filter({ hasText: "The Medicine check failed; the injury stays." }),
      );
    }
  }
  expect(treated).toBe(true);

  // Take and recover by amount, each result beside its buttons: healing counts up from the
  // negative total, and a hit from an attack that downs them owes a Critical Injury, rolled
  // right there with +10 for the one carried.
  const amount = health.getByRole("textbox", { name: "Amount" });
  await amount.fill("3");
  await amount.blur();
  await health.getByRole("button", { name: "Heal Wounds" }).click();
  const said = health.getByRole("group", { name: "Take or recover" }).locator(".said");
  await expect(said).toHaveText("Healed 3 Wounds: 2 of 10 Wounds left. Back on their feet.");
  await expect(health.getByRole("checkbox", { name: "From an attack" })).toBeChecked();
  await amount.fill("4");
  await amount.blur();
  await health.getByRole("button", { name: "Take Wounds" }).click();
  await expect(said).toHaveText("Took 4 Wounds: -2 of 10 Wounds left. Incapacitated. A Critical Injury is owed: roll it below.");
  await expect(owed).toBeVisible();
  await expect(owed).toBeInViewport();
  await owed.getByRole("button", { name: "Roll a Critical Injury" }).click();
  await expect(said).toContainText("+ 10 (1 carried)");
  await expect(owed).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await health.getByRole("button", { name: "Heal Wounds" }).click();
  await expect(said).toHaveText("Healed 4 Wounds: 2 of 10 Wounds left. Back on their feet.");

  // Treating Wounds: once per encounter per patient, whatever the result.
  await medicine.getByRole("button", { name: "Treat Wounds" }).click();
  await expect(app.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue(
    "Doc Mara's Medicine (Average) to treat Wounds on Vex Arrandi",
  );
  await app.roll();
  const treatedOut = await app.outcome();
  await app.tray().getByRole("button", { name: "Close" }).click();
  await expect(medicine).toContainText("Treated for Wounds this encounter");
  if (treatedOut.startsWith("Success")) await expect(wounds).not.toHaveValue("2");
  else await expect(wounds).toHaveValue("2");
  await medicine.getByRole("button", { name: "Treat Wounds" }).click();
  await expect(medicine.locator(".said")).toHaveText(
    /^(Already treated this encounter: Medicine treats a patient once per encounter\.|Not wounded: Wounds are at their maximum \(10\)\.)$/,
  );
  await expect(app.tray()).toBeHidden();
  await health.getByRole("button", { name: "New encounter" }).click();
  await expect(medicine).toContainText("Not yet treated for Wounds this encounter.");
  await expect(health.getByRole("textbox", { name: /^Strain remaining/ })).toHaveValue("10");
  // A second Maneuver costs 2 Strain, said beside the button.
  await health.getByRole("button", { name: "Second Maneuver (2 Strain)" }).click();
  await expect(said).toHaveText("Second Maneuver taken: 2 Strain paid, 8 of 10 Strain left.");
  await amount.fill("2");
  await amount.blur();
  await health.getByRole("button", { name: "Recover Strain" }).click();
  await expect(said).toHaveText("Recovered 2 Strain: 10 of 10 Strain left.");

  // The character's own rolls.
  await expect(panel(page, "Recent rolls").getByRole("listitem").first()).toContainText("Medicine");

  // Everything survives a reload.
  await app.reload();
  await expect(page.getByRole("textbox", { name: "Player" })).toHaveValue("Sam");
  await expect(page.getByRole("textbox", { name: "Intellect" })).toHaveValue("4");
  await expect(panel(page, "Critical Injuries").getByRole("list", { name: "Critical Injuries carried" }).getByRole("listitem")).toHaveCount(2);

  // The spell builder: a Short-range Damage spell (2 + 1 = 3 Trial dice) with a named Overload
  // and an Empower option. Choosing the Overload at casting adds its Trial die to the tray's
  // pool; the Strain is paid when the casting check is rolled.
  const magic = panel(page, "Magic");
  await magic.getByText("Spell builder: new spell").click();
  await magic.getByRole("textbox", { name: "Spell name" }).fill("Bolt");
  await magic.getByRole("button", { name: "Damage (base 2)" }).click();
  await magic.getByRole("combobox", { name: "Range" }).selectOption({ label: "Short (+1 Trial)" });
  const cost = magic.getByRole("textbox", { name: "Strain to cast" });
  await cost.fill("11");
  await cost.press("Enter");
  await expect(magic.getByText("11 is above the most, 10.")).toBeVisible();
  await cost.fill("3");
  await cost.press("Enter");
  await magic.getByRole("textbox", { name: "What it does" }).fill("A bolt of force hits one target.");
  const check = magic.getByRole("list", { name: "Spell check" });
  await expect(check).toContainText("Final difficulty: 3 Trial dice (category 2 + range 1 + duration 0); 3 Strain.");
  await expect(check).toContainText("Advice: add at least one Overload option.");
  const overload = magic.getByRole("textbox", { name: "Overload option" });
  await overload.fill("Strike a second target, or push the target back");
  await overload.press("Enter");
  await magic.getByRole("combobox", { name: "Empower trigger" }).selectOption({ label: "On Breakthrough" });
  const empower = magic.getByRole("textbox", { name: "Empower option" });
  await empower.fill("The target is knocked prone");
  await empower.press("Enter");
  await expect(magic.getByRole("list", { name: "Empower options" })).toContainText("On Breakthrough: The target is knocked prone");
  await expect(check).not.toContainText("Advice");
  await magic.screenshot({ path: `${SHOTS}/ix-spell-builder.png` });
  await audit(page, "Ix spell builder");
  await magic.getByRole("button", { name: "Save spell" }).click();
  const card = magic.getByRole("list", { name: "Spells" }).locator("li.spell").filter({ hasText: "Bolt" });
  await expect(card).toContainText("Arcana · Damage · Short range · Instant · 3 Trial dice · 3 Strain");
  await expect(card).toContainText("Casting pool: 4 Ability vs 3 Trial");
  // "A, or B" is one Overload: either half costs its one Trial die, and picking one drops the other.
  const second = card.getByRole("checkbox", { name: "Overload (+1 Trial die): Strike a second target" });
  const push = card.getByRole("checkbox", { name: "Overload (+1 Trial die): push the target back" });
  await push.check();
  await expect(card).toContainText("Casting pool: 4 Ability vs 4 Trial");
  await second.check();
  await expect(push).not.toBeChecked();
  await expect(card).toContainText("Casting pool: 4 Ability vs 4 Trial");
  const strain = panel(page, "Wounds and Strain").getByRole("textbox", { name: /^Strain remaining/ });
  await expect(strain).toHaveValue("10");
  await card.getByRole("button", { name: "Cast Bolt" }).click();
  await expect(app.tray().locator(".pool-words")).toHaveText("4 Ability vs 4 Trial");
  await expect(app.tray().getByRole("textbox", { name: "What for (optional)" })).toHaveValue("Cast Bolt with Overload: Strike a second target");
  await app.roll();
  await expect(app.result()).toBeVisible();
  await app.tray().getByRole("button", { name: "Close" }).click();
  await expect(strain).toHaveValue("7");
  await expect(card.getByRole("status")).toContainText("3 Strain paid.");
  // Survives a reload.
  await app.reload();
  await expect(panel(page, "Magic").locator("li.spell")).toContainText("Overload (+1 Trial die): Strike a second target");

  for (const size of [{ w: 390, h: 844, n: "phone" }, { w: 1280, h: 800, n: "desktop" }]) {
    await page.setViewportSize({ width: size.w, height: size.h });
    await page.screenshot({ path: `${SHOTS}/ix-sheet-${size.n}.png`, fullPage: true });
  }
  await audit(page, "Ix sheet");
  await page.emulateMedia({ colorScheme: "dark" });
  await audit(page, "Ix sheet (dark)");

  // Print: no navigation or tray. Each paper size is rendered to PNG (first page) for review
  // and its text is read back: the sheet is there, the app's chrome is not.
  await page.emulateMedia({ media: "print", colorScheme: "light" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Dice", exact: true })).toBeHidden();
  for (const format of ["A4", "Letter"]) {
    const pdf = `${SHOTS}/ix-sheet-${format}.pdf`;
    await page.pdf({ format, path: pdf });
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", pdf, `${SHOTS}/ix-print-${format}`]);
    const text = execFileSync("pdftotext", [pdf, "-"]).toString().replace(/\s+/g, " ");
    for (const want of ["Vex Arrandi", "Medicine", "Critical Injuries", "Bolt", "Strike a second target"]) expect(text, format).toContain(want);
    for (const chrome of ["Roster", "Settings", "Skip to", "Spell builder", "Roll Critical Injury"]) expect(text, format).not.toContain(chrome);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf]).toString())[1]);
    expect(pages, format).toBeGreaterThanOrEqual(1);
    expect(pages, format).toBeLessThanOrEqual(6);
  }
  await app.close();
});

test("the GM runs initiative with a Minion group and a fear check", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.create("Ix", "Ada");
  await page.goto(app.server.url + "#/table/ix");
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();

  // Session.
  const session = panel(page, "Session");
  await session.getByRole("button", { name: "Start session" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 2 · Peril 1");
  await session.getByRole("button", { name: "A player spends Fortune" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 2");
  await expect(session.getByRole("listitem")).toHaveCount(1);

  // A Minion group of three with 4 Wounds each.
  const foes = panel(page, "Adversaries");
  const per = foes.getByRole("textbox", { name: "Wounds per minion" });
  await per.fill("4");
  await per.press("Enter");
  // Its own nerve: Willpower 1 (a Minion group checks fear with its group skill rank).
  const will = foes.getByRole("textbox", { name: "Willpower", exact: true });
  await will.fill("1");
  await will.press("Enter");
  await foes.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await foes.getByRole("button", { name: "Add" }).click();
  await expect(foes.getByText("3 of 3 standing, 12 of 12 Wounds")).toBeVisible();
  await expect(foes.getByText("fear checks: Willpower 1")).toBeVisible();

  // Three participants. Rolling before anyone is added is refused, with the reason.
  const init = panel(page, "Initiative");
  await init.getByRole("button", { name: "Roll initiative for all" }).click();
  await expectBeside(init.getByRole("button", { name: "Roll initiative for all" }), init.getByRole("status", { name: "Initiative", exact: true }));
  await expect(init.getByRole("status", { name: "Initiative", exact: true })).toHaveText("Add participants, then roll for all of them.");
  for (const name of ["Vex", "Ada"]) {
    await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: name });
    await init.getByRole("button", { name: "Add character" }).click();
  }
  await init.getByText("Add an adversary or NPC").click();
  await init.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await init.getByRole("button", { name: "Add", exact: true }).click();
  await init.getByRole("button", { name: /^Ada: On Watch/ }).click();
  await expect(init.getByRole("button", { name: /^Ada: Surprised/ })).toBeVisible();
  // Turns cannot be stepped before there is an order.
  await expect(init.getByRole("button", { name: "Next turn" })).toHaveCount(0);
  await init.getByRole("button", { name: "Roll initiative for all" }).click();
  const order = init.getByRole("list", { name: "Turn order" }).getByRole("listitem");
  await expect(order).toHaveCount(3);
  // The setup folds away once the order is rolled: the order leads.
  await expect(init.getByRole("button", { name: "Add character" })).toBeHidden();
  await expect(init.locator("details.init-setup > summary")).toHaveText("Who takes part: 3");
  await expect(init.getByText("Round 1")).toBeVisible();
  await expect(order.first()).toHaveAttribute("aria-current", "true");
  for (let i = 0; i < 3; i++) await init.getByRole("button", { name: "Next turn" }).click();
  await expect(init.getByText("Round 2")).toBeVisible();
  // The order wrapped: whoever acts now is brought into view, far above Next turn on a phone.
  await expect(order.first()).toHaveAttribute("aria-current", "true");
  await expect(order.first().getByText("Acting now")).toBeInViewport();
  // From the keyboard, focus stays on the button while the turn moves.
  await init.getByRole("button", { name: "Previous turn" }).focus();
  await page.keyboard.press("Enter");
  await expect(init.getByText("Round 1")).toBeVisible();
  await expect(init.getByRole("button", { name: "Previous turn" })).toBeFocused();
  await expect(order.nth(2)).toHaveAttribute("aria-current", "true");

  // The Minion group takes damage: members fall as Wounds go.
  const amount = foes.getByRole("textbox", { name: "Amount for Goblins" });
  await amount.fill("5");
  await amount.press("Enter");
  await foes.getByRole("button", { name: "Damage" }).click();
  await expect(foes.getByText("2 of 3 standing, 7 of 12 Wounds")).toBeVisible();
  await amount.fill("7");
  await amount.press("Enter");
  await foes.getByRole("button", { name: "Damage" }).click();
  await expect(foes.getByText("0 of 3 standing")).toBeVisible();
  // Every member down: the group is Defeated in the turn order (a word for a group, not the
  // Incapacitated of one character on the Wound track).
  await expect(init.getByRole("list", { name: "Turn order" }).getByText("Defeated", { exact: true })).toHaveCount(1);

  // A fear check at rating 4 on Vex and Ada: failures are Frightened on their sheets.
  const fear = panel(page, "Fear");
  await fear.getByRole("textbox", { name: "Source of fear" }).fill("the wyrm");
  const rating = fear.getByRole("textbox", { name: "Fear rating" });
  await rating.fill("4");
  await rating.press("Enter");
  await fear.getByRole("checkbox", { name: "Vex" }).check();
  await fear.getByRole("checkbox", { name: "Ada" }).check();
  const results = fear.getByRole("list", { name: "Fear results" }).getByRole("listitem");
  let frightened = [];
  // A source is checked once a scene: each try is a new scene.
  for (let i = 0; i < 15 && !frightened.length; i++) {
    if (i > 0) await fear.getByRole("button", { name: "New scene" }).click();
    await fear.getByRole("button", { name: "Roll fear checks" }).click();
    await expect(results).toHaveCount(2);
    const texts = await results.allTextContents();
    frightened = texts.filter((t) => t.includes("Frightened")).map((t) => t.split(":")[0]);
  }
  expect(frightened.length).toBeGreaterThan(0);

  // A group with every member down rolls no fear check: the one door refuses, in words.
  await fear.getByRole("checkbox", { name: "Vex" }).uncheck();
  await fear.getByRole("checkbox", { name: "Ada" }).uncheck();
  await fear.getByRole("checkbox", { name: "Goblins" }).check();
  await fear.getByRole("button", { name: "New scene" }).click();
  await fear.getByRole("button", { name: "Roll fear checks" }).click();
  await expect(results.first()).toHaveText("Goblins: Every member of the group is down.");
  // Back on their feet (healed 12), the Goblins check with their own Willpower 1 and rank 1
  // (and their passive Boon dice) against rating 4: a failure demoralizes them. A leader
  // rallies that one group; a Frightened leader cannot try.
  await amount.fill("12");
  await amount.press("Enter");
  await foes.getByRole("button", { name: "Heal", exact: true }).click();
  await expect(foes.getByText("3 of 3 standing")).toBeVisible();
  let demoralized = false;
  for (let i = 0; i < 15 && !demoralized; i++) {
    await fear.getByRole("button", { name: "New scene" }).click();
    await fear.getByRole("button", { name: "Roll fear checks" }).click();
    await expect(results).toHaveCount(1);
    demoralized = (await results.first().textContent()).endsWith("Demoralized");
  }
  expect(demoralized).toBe(true);
  // The leader is an adversary on the table, rolling its own Leadership by the one door
  // against the rating that caused it; the Demoralized group cannot lead itself.
  await foes.getByRole("textbox", { name: "Adversary name" }).fill("Boss");
  await foes.getByRole("button", { name: "Add" }).click();
  await fear.getByText("Lift Demoralized with Leadership").click();
  await expect(fear.getByRole("combobox", { name: "Rally" })).toHaveValue("0");
  const leader = fear.getByRole("combobox", { name: "Leader" });
  await leader.selectOption({ label: "Goblins" });
  await fear.getByRole("button", { name: "Roll Leadership" }).click();
  const rallied = fear.getByRole("status", { name: "Leadership" });
  await expect(rallied).toContainText("The leader cannot rally anyone");
  await leader.selectOption({ label: "Boss" });
  let lifted = false;
  for (let i = 0; i < 30 && !lifted; i++) {
    await fear.getByRole("button", { name: "Roll Leadership" }).click();
    await expect(rallied).toContainText(/^Leadership: /);
    lifted = (await rallied.textContent()).includes("Goblins is no longer Demoralized.");
    if (!lifted) await expect(rallied).toContainText("Goblins stays Demoralized");
  }
  expect(lifted).toBe(true);
  await expect(foes.getByText("Demoralized")).toHaveCount(0);

  // Persisted, then checked on a sheet.
  await app.reload();
  await expect(panel(page, "Session").getByRole("status", { name: "Points left" })).toHaveText("Fortune 1 · Peril 2");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/ix-table-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/ix-table-phone.png`, fullPage: true });
  await audit(page, "Ix table");
  await page.goto(app.server.url + "#/");
  await openSheet(app, frightened[0]);
  const cond = panel(page, "Conditions");
  await expect(cond.getByRole("list", { name: "Conditions" })).toContainText("Frightened");
  await expect(cond.getByRole("textbox", { name: "Frightened of" })).toHaveValue("the wyrm");
  // Frightened reaches the pool: a named line in the tray, its Bane die in the pool and the
  // odds, and unticked for a check it does not affect.
  await panel(page, "Skills").getByRole("button", { name: /^Melee.*roll$/ }).click();
  const fright = app.tray().getByRole("checkbox", { name: "Frightened: +1 Bane die" });
  await expect(fright).toBeChecked();
  const words = app.tray().locator(".pool-words");
  await expect(words).toContainText("1 Bane");
  await fright.uncheck();
  await expect(words).not.toContainText("Bane");
  await fright.check();
  await app.roll();
  await expect(app.result()).toContainText("Pool: ");
  await expect(app.result()).toContainText("Bane");
  expect((await app.diceLabels()).filter((l) => l.startsWith("Bane die"))).toHaveLength(1);
  await app.close();
});

/** Drags `source` onto `target` with the events a browser sends, one DataTransfer throughout.
 * Headless Chromium's native drag from `dragTo` sometimes ends without a drop (seen twice in
 * CI, once per drag), so the journey drives the page's own handlers the way a real drag does. */
async function drag(page, source, target) {
  const data = await page.evaluateHandle(() => new DataTransfer());
  await source.scrollIntoViewIfNeeded();
  await source.dispatchEvent("dragstart", { dataTransfer: data });
  await target.dispatchEvent("dragenter", { dataTransfer: data });
  await target.dispatchEvent("dragover", { dataTransfer: data });
  await target.dispatchEvent("drop", { dataTransfer: data });
  await source.dispatchEvent("dragend", { dataTransfer: data });
  await data.dispose();
}

test("the GM settles an initiative tie by dragging, within the tie only", async ({ page }) => {
  // Dragging is a mouse gesture: a desktop window.
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = await openApp(page, "#/table/ix");
  await expect(page.getByRole("heading", { level: 1, name: "Table" })).toBeVisible();
  const init = panel(page, "Initiative");
  // Four adversaries rolling a single die each: ties are near certain.
  await init.getByText("Add an adversary or NPC").click();
  const rating = init.getByRole("textbox", { name: "Savvy or Willpower" });
  await rating.fill("1");
  await rating.press("Enter");
  const rank = init.getByRole("textbox", { name: "Perception or Readiness rank" });
  await rank.fill("0");
  await rank.press("Enter");
  for (const name of ["Ash", "Birch", "Cedar", "Dogwood"]) {
    await init.getByRole("textbox", { name: "Adversary name" }).fill(name);
    await init.getByRole("button", { name: "Add", exact: true }).click();
  }
  const items = init.getByRole("list", { name: "Turn order" }).getByRole("listitem");
  // Each slot: its name, whether it can be dragged, and whether it can move up or down.
  const read = () =>
    items.evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector("strong").textContent.replace(/^\d+\. /, ""),
        tied: el.getAttribute("draggable") === "true",
        up: !!el.querySelector('button[aria-label^="Move"][aria-label$=" up"]'),
        down: !!el.querySelector('button[aria-label^="Move"][aria-label$=" down"]'),
      })),
    );
  let slots = [];
  let inside = -1;
  let outside = -1;
  // Once rolled, the setup folds away: opened again to roll again.
  const setup = init.locator("details.init-setup");
  for (let i = 0; i < 40 && (inside < 0 || outside < 0); i++) {
    // Its own summary: the set-up holds a folded "Add an adversary" with a summary of its own.
    if (!(await setup.evaluate((d) => d.open))) await setup.locator(":scope > summary").click();
    await init.getByRole("button", { name: "Roll initiative for all" }).click();
    await expect(items).toHaveCount(4);
    slots = await read();
    inside = slots.findIndex((s) => s.down);
    // A tied slot at the edge of its group, next to a slot outside it.
    outside = slots.findIndex((s, k) => s.tied && ((!s.down && k + 1 < slots.length) || (!s.up && k > 0)));
  }
  expect(inside).toBeGreaterThanOrEqual(0);
  expect(outside).toBeGreaterThanOrEqual(0);
  await expect(init.getByText("drag one within its tie")).toBeVisible();

  // Dragging a slot onto the next one in its tie swaps them.
  const moved = slots[inside].name;
  const other = slots[inside + 1].name;
  await drag(page, items.nth(inside), items.nth(inside + 1));
  await expect(items.nth(inside).locator("strong")).toHaveText(`${inside + 1}. ${other}`);
  await expect(items.nth(inside + 1).locator("strong")).toHaveText(`${inside + 2}. ${moved}`);

  // Dropping outside the tie is refused with a message and changes nothing.
  slots = await read();
  const from = slots.findIndex((s, k) => s.tied && ((!s.down && k + 1 < slots.length) || (!s.up && k > 0)));
  const to = !slots[from].down && from + 1 < slots.length ? from + 1 : from - 1;
  const before = await items.allTextContents();
  await drag(page, items.nth(from), items.nth(to));
  // Said under the order, beside what was dragged, not at the top of the page.
  const said = init.getByRole("status", { name: "Initiative", exact: true });
  await expect(said).toContainText(`${slots[from].name} can move only among the participants tied with it`);
  await expect(page.getByRole("alert").filter({ hasText: "can move only among" })).toHaveCount(0);
  expect(await items.allTextContents()).toEqual(before);

  // The keyboard path stays: the arrow buttons move within the tie.
  await expect(init.getByRole("button", { name: /^Move .* (up|down)$/ }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ix-table-ties.png`, fullPage: true });
  await audit(page, "Ix table with ties");
  await app.close();
});

test("a guard weighs on attacks against its character until their next turn", async ({ page }) => {
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await openSheet(app, "Vex");
  const conditions = panel(page, "Conditions");
  const guard = conditions.getByRole("group", { name: "Guard (they do not stack)" });
  await guard.getByRole("button", { name: "Defensive Guard" }).click();
  await expect(guard.getByRole("button", { name: "Defensive Guard" })).toHaveAttribute("aria-pressed", "true");
  // Committed to defence: no attack from the sheet this turn.
  const melee = panel(page, "Skills").getByRole("button", { name: /^Melee.*roll$/ });
  await melee.click();
  await expectBeside(melee, panel(page, "Skills").getByRole("status").filter({ hasText: "Defensive Guard is up: no attacking or casting until your next turn." }));
  await expect(app.tray()).toBeHidden();

  // The GM rolls an attack on Vex: the guard is a named line on the pool, ruled out by a tick.
  await page.goto(app.server.url + "#/table/ix");
  await app.openTray();
  await app.trayMode("Ix");
  await app.addDie("Ability die", 2);
  await app.tray().getByRole("group", { name: "Difficulty" }).getByRole("button", { name: "Average" }).click();
  await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial");
  await app.tray().getByLabel("Attack on").selectOption({ label: "Vex (Defensive Guard)" });
  const line = app.tray().getByRole("checkbox", { name: "Vex's Defensive Guard: +1 Bane die" });
  await expect(line).toBeChecked();
  await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial, 1 Bane");
  await line.uncheck();
  await expect(app.tray().locator(".pool-words")).toHaveText("2 Ability vs 2 Trial");
  await line.check();
  await app.roll();
  await expect(app.result()).toContainText("Bane");
  await page.keyboard.press("Escape");

  // Vex's next turn in the order lowers the guard.
  const init = panel(page, "Initiative");
  await init.getByRole("combobox", { name: "Character from the roster" }).selectOption({ label: "Vex" });
  await init.getByRole("button", { name: "Add character" }).click();
  await init.getByText("Add an adversary or NPC").click();
  await init.getByRole("textbox", { name: "Adversary name" }).fill("Goblins");
  await init.getByRole("button", { name: "Add", exact: true }).click();
  await init.getByRole("button", { name: "Roll initiative for all" }).click();
  const current = init.getByRole("list", { name: "Turn order" }).locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  for (let i = 0; i < 2; i++) {
    await init.getByRole("button", { name: "Next turn" }).click();
    if ((await current.textContent()).includes("Vex")) break;
  }
  await expect(current).toContainText("Vex");
  await app.go("Roster");
  await openSheet(app, "Vex");
  await expect(guard.getByRole("button", { name: "No guard" })).toHaveAttribute("aria-pressed", "true");
  expect(app.errors).toEqual([]);
  await app.close();
});
