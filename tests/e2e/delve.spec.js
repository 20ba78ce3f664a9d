// One Expedition delve from town and back out, played through the screens as a table would:
// a stronghold founded by wager in town, a fight on the tracker with full defense, a lantern
// checked on an encounter 6, one Rations check for the party's rest, a character down and out
// who is tended and rolls, and the session ending away from safety. Dice are rolled for real
// (each procedure's exact outcomes are pinned by seeded native tests), so every step accepts
// each reading the rules allow.
import { test, expect } from "@playwright/test";
import { audit, openApp } from "./pages.js";

const sheet = (page) => page.locator(".exp-sheet");
const latest = (page) => page.locator(".exp-last");

async function open(app, page, name) {
  await page.goto(app.server.url + "#/");
  await app.card(name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

async function carry(page, item) {
  const gear = page.getByRole("region", { name: "Gear", exact: true });
  await gear.getByRole("combobox", { name: "Common item" }).selectOption(item);
  await gear.getByRole("button", { name: "Add", exact: true }).click();
  await expect(gear.getByRole("alert")).toContainText(`Added ${item}`);
}

async function type(scope, label, value) {
  const box = scope.getByRole("textbox", { name: label, exact: true });
  await box.fill(String(value));
  await box.blur();
}

test("a delve: a stronghold by wager, full defense, a lantern on a 6, one Rations check, down and out, an unsafe end", async ({ page }) => {
  test.setTimeout(90_000);
  const app = await openApp(page);
  await app.create("Expedition", "Bram");
  await app.create("Expedition", "Ada");

  // In town: Ada founds a stronghold by wagering Cash against Ob 10. Each try is a week's
  // downtime and once a session, so a failed wager waits for the next session and week.
  await open(app, page, "Ada");
  await sheet(page).getByLabel("In a Haven phase").check();
  await type(sheet(page), "Amount (negative spends)", 100);
  await type(sheet(page), "Reason", "The Sunken Vault's hoard");
  await sheet(page).getByRole("button", { name: "Record" }).click();
  const holds = page.getByRole("region", { name: "Strongholds and projects" });
  const downtime = page.getByRole("region", { name: "Downtime" });
  for (let tries = 0; ; tries++) {
    expect(tries, "30 dice against Ob 10 fail about 1 time in 50").toBeLessThan(4);
    await type(holds, "Stronghold name", "Hillfort");
    await type(holds, "Cash to wager on it", 30);
    await holds.getByRole("button", { name: "Found by wager" }).click();
    const said = holds.getByRole("status").first();
    await expect(said).toHaveText(/Hillfort is founded, at rating 1\.|The wager failed: Hillfort is not founded this time\./);
    if ((await said.textContent()).includes("is founded")) break;
    await sheet(page).getByRole("button", { name: "Start a new session" }).click();
    await downtime.getByRole("button", { name: "Next week" }).click();
  }
  await expect(downtime).toContainText("this week's downtime action went on training.");
  // A rise in rating brings two new tags.
  await expect(holds).toContainText("Rating rose: 2 new tags to add");
  await type(holds, "New tag for Hillfort", "Watchtower");
  await holds.getByRole("button", { name: "Add tag" }).click();
  await expect(holds.getByRole("status").first()).toHaveText("Hillfort gains the tag Watchtower (1 more due).");
  await expect(holds).toContainText("Rating rose: 1 new tag to add");
  await sheet(page).getByLabel("In a Haven phase").uncheck();

  // Packing for the delve: Rations and a lantern with its oil, lit at the entrance.
  for (const item of ["Rations", "Lantern", "Lantern oil"]) await carry(page, item);
  const lights = sheet(page).getByRole("list", { name: "Light sources" });
  await lights.getByRole("button", { name: "Light Lantern" }).click();

  // A ghoul in the dark: Ada takes full defense (Agility 2 + 2 + 1 = 5 dice), Bram attacks.
  await page.goto(app.server.url + "#/table/expedition");
  const ref = page.locator(".exp-ref");
  for (const name of ["Ada", "Bram"]) {
    await ref.getByRole("combobox", { name: "Character on this device" }).selectOption({ label: name });
    await ref.getByRole("button", { name: "Add to the fight" }).click();
  }
  await type(ref, "Name", "Ghoul");
  await type(ref, "Level", 3);
  await ref.getByRole("button", { name: "Add adversary" }).click();
  const rows = ref.getByRole("region", { name: "Fighters" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await ref.getByLabel("Ada does").selectOption({ label: "Full defense (Agility +1d)" });
  await expect(rows.nth(0)).toContainText("5d · 6 of 6 HP");
  await ref.getByLabel("Ada threatens").selectOption({ label: "Ghoul" });
  await ref.getByLabel("Bram threatens").selectOption({ label: "Ghoul" });
  await ref.getByLabel("Ghoul threatens").selectOption({ label: "Ada" });
  await ref.getByRole("button", { name: "Roll the exchange" }).click();
  const log = ref.getByRole("list", { name: "Table log" }).getByRole("listitem").first();
  // On full defense Ada wounds no one, though she threatens the Ghoul ("Full Defense").
  await expect(log).toContainText(/^Exchange: Ada is on full defense, so deals no damage to Ghoul\. Ada rolled [1-6](, [1-6]){4} \(\d+ success(es)?\); Bram rolled [1-6](, [1-6]){3} /);
  await expect(log).not.toContainText(/Ada beats Ghoul by \d+: Ghoul takes/);

  // The encounter die comes up 6: the lit lantern is checked through its oil.
  await ref.getByRole("button", { name: "Encounter 6: check every light in use" }).click();
  await expect(ref.getByRole("status", { name: "Lights" }).getByRole("listitem")).toHaveText(
    /^Ada: Lantern \(Lantern oil\): Depletion d20 \d+, (holds|last use marked)/,
  );

  // A short rest on Ada's Rations: one Depletion check for the whole party.
  await ref.getByRole("button", { name: "Short rest (+3 HP)" }).click();
  const rest = ref.getByRole("status", { name: "Rest" }).getByRole("listitem");
  await expect(rest).toHaveCount(2);
  await expect(rest.filter({ hasText: "Depletion d20" })).toHaveCount(1);
  await expect(rest.filter({ hasText: "Ada spent the Rations" })).toHaveCount(1);

  // Deeper in, Bram falls to 0 HP. Healing waits for the tending roll, which is the 2d6.
  await open(app, page, "Bram");
  await type(sheet(page), "HP to take or heal", 9);
  await sheet(page).getByRole("button", { name: "Take it" }).click();
  await expect(sheet(page).locator(".said").filter({ hasText: "Down and Out check owed" })).toBeVisible();
  await sheet(page).getByRole("button", { name: "Heal", exact: true }).click();
  await expect(sheet(page).locator(".said").filter({ hasText: "Down and Out comes first" })).toBeVisible();
  await sheet(page).getByRole("button", { name: "Tended: roll 2d6" }).click();
  await expect(latest(page)).toContainText(/Down and Out: rolled [1-6] and [1-6]: (Death|Scar|Lingering wound)/);
  const bramDied = /Death/.test(await latest(page).textContent());

  // The session ends before they reach safety: each living character at the table rolls.
  await page.goto(app.server.url + "#/table/expedition");
  await ref.getByRole("button", { name: "Not back to safety: roll for each" }).click();
  const end = ref.getByRole("status", { name: "End of session" }).getByRole("listitem");
  await expect(end).toHaveCount(bramDied ? 1 : 2);
  await expect(end.filter({ hasText: /^Ada: Down and Out: rolled [1-6] and [1-6]/ })).toHaveCount(1);
  await audit(page, "expedition referee after a delve");
  expect(app.errors).toEqual([]);
  await app.close();
});
