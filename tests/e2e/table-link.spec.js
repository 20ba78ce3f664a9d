// One table, many devices: a GM's laptop and players' phones, each a browser context with its
// own storage, link over the live channel (loopback, no server). Each phone keeps its
// character; the laptop's copy is a mirror that only the phone's revisions change. The GM's
// hits are requests the phone applies through its own sheet's door; the session's Fortune and
// Peril live on the laptop and a phone's spend is a request to it. Then one phone loses the
// link and the same play goes on by codes; at the end every device shows the same numbers,
// nothing entered twice. A forged message is refused and named.
import { test, expect } from "@playwright/test";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { SHOTS, audit, openApp } from "./pages.js";

const HOST = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PLAYERS = ["Kara", "Bo", "Ash", "Vex"];
const fragmentOf = (link) => link.slice(link.indexOf("#"));
const panel = (page, name) => page.getByRole("region", { name, exact: true });
const row = (page, name) =>
  page.getByRole("region", { name: "Linked devices" }).getByRole("listitem").filter({ hasText: name });

/** The join link the laptop's Link tab shows, once it is a fresh one (a used code, or one
 * made before the laptop was renamed, is replaced within a moment). */
let lastJoin = "";
async function joinLink(g) {
  const code = g.getByRole("region", { name: "Join code" });
  await expect(code.getByRole("img", { name: "QR code of the join link" })).toBeVisible();
  const box = code.getByRole("textbox", { name: "Join link" });
  await expect(box).not.toHaveValue(lastJoin);
  let link = await box.inputValue();
  // Settled: the same code twice, half a second apart.
  for (;;) {
    await g.waitForTimeout(500);
    const again = await box.inputValue();
    if (again === link) break;
    link = again;
  }
  lastJoin = link;
  return link;
}

/** A phone joins the laptop's table: join code in, answer code back, both Linked. */
async function link(g, phone, device) {
  const p = phone.page;
  const join = await joinLink(g);
  await p.goto(phone.server.url + fragmentOf(join));
  const name = p.getByRole("textbox", { name: "This device's name at the table" });
  await name.fill(device);
  await name.press("Tab");
  const screen = p.getByRole("region", { name: "Join the table" });
  await screen.getByRole("button", { name: "Join" }).click();
  const answer = await screen.getByRole("textbox", { name: "Answer link" }).inputValue();
  const panelA = g.getByRole("region", { name: "Answer code" });
  await panelA.getByRole("textbox", { name: "Answer code" }).fill(answer);
  await panelA.getByRole("button", { name: "Connect" }).click();
  await expect(row(g, device)).toContainText("Linked", { timeout: 20_000 });
  await expect(p.getByText("Linked to Mara (GM)")).toBeVisible({ timeout: 20_000 });
}

/** The sheet of `name` on this device, at `section`. */
async function sheet(app, name, section) {
  await app.page.goto(app.server.url + "#/roster");
  const href = await app.card(name).getByRole("link", { name }).getAttribute("href");
  await app.page.goto(app.server.url + `${href}/${section}`);
  await expect(app.page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Wounds remaining on `name`'s sheet on this device. */
async function wounds(app, name) {
  await sheet(app, name, "play");
  return Number(
    await panel(app.page, "Wounds and Strain").getByRole("textbox", { name: /^Wounds remaining/ }).inputValue(),
  );
}

/** On the laptop, the GM hits `name`'s mirror through its sheet: a request to the phone. */
async function hit(gm, name, n) {
  await sheet(gm, name, "play");
  const take = gm.page.getByRole("group", { name: "Take or recover" });
  const amount = take.getByRole("textbox", { name: "Amount" });
  await amount.fill(String(n));
  await amount.press("Enter");
  await take.getByRole("button", { name: "Take Wounds" }).click();
  await expect(take.getByRole("status")).toContainText("Asked of the player's device");
}

/** A sealed message link with its signed payload rewritten, the MAC left as it was. */
function forge(link, from, to) {
  const data = fragmentOf(link).slice("#/msg/".length);
  const sealed = JSON.parse(inflateRawSync(Buffer.from(data, "base64url")).toString());
  expect(sealed.p).toContain(from);
  sealed.p = sealed.p.replace(from, to);
  return "#/msg/" + deflateRawSync(Buffer.from(JSON.stringify(sealed))).toString("base64url");
}

test("four Ix phones, an Expedition phone and a laptop: hits, Fortune and revisions agree live, then by codes", async ({ browser }) => {
  test.setTimeout(180_000);
  const gmContext = await browser.newContext({ viewport: HOST });
  const gm = await openApp(await gmContext.newPage(), "#/table/link");
  const g = gm.page;
  const gmName = g.getByRole("textbox", { name: "This device's name at the table" });
  await gmName.fill("Mara (GM)");
  await gmName.press("Tab");

  // Each phone makes its character, then joins: the whole character comes with it.
  const phones = {};
  for (const who of PLAYERS) {
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await openApp(await context.newPage());
    await phone.create("Ix", who);
    await link(g, phone, `${who}'s phone`);
    phones[who] = phone;
  }
  // A fifth phone plays Expedition.
  {
    const context = await browser.newContext({ viewport: PHONE });
    const phone = await openApp(await context.newPage());
    await phone.create("Expedition", "Rook");
    await link(g, phone, "Rook's phone");
    phones.Rook = phone;
  }
  await g.goto(gm.server.url + "#/table/status");
  for (const who of PLAYERS) {
    await expect(g.getByRole("link", { name: who, exact: true })).toBeVisible();
  }
  await g.screenshot({ path: `${SHOTS}/table-link-board-desktop.png`, fullPage: true });

  // The session's Fortune and Peril: started on the laptop, heard on every phone.
  await g.goto(gm.server.url + "#/table/ix");
  const session = panel(g, "Session");
  await session.getByRole("button", { name: "Start session" }).click();
  await expect(session.getByRole("status", { name: "Points left" })).toHaveText(`Fortune ${PLAYERS.length} · Peril 1`);
  for (const who of PLAYERS) {
    const p = phones[who].page;
    await sheet(phones[who], who, "play");
    await expect(panel(p, "Fortune and Peril")).toContainText(`Fortune on the players' side: ${PLAYERS.length}`);
    // One home: the phone shows the GM's pool as heard and offers no session of its own.
    await expect(panel(p, "Fortune and Peril")).toContainText("as the GM's device last said");
    await expect(panel(p, "Fortune and Peril").getByRole("button", { name: "Start session" })).toBeHidden();
  }

  // Three rounds: the GM hits each player's mirror, the phone applies it and says so, and
  // its revision brings the mirror along. Kara spends Fortune on a check in round 2.
  const start = {};
  for (const who of PLAYERS) start[who] = await wounds(phones[who], who);
  const dealt = Object.fromEntries(PLAYERS.map((w) => [w, 0]));
  for (let round = 1; round <= 3; round++) {
    for (const who of PLAYERS) {
      await hit(gm, who, 1);
      dealt[who] += 1;
      const p = phones[who];
      await expect
        .poll(() => wounds(p, who), { timeout: 10_000 })
        .toBe(start[who] - dealt[who]);
      await expect(p.page.getByText(`${who} (from Mara (GM)): suffered 1 Wound.`).first()).toBeVisible();
      await expect.poll(() => wounds(gm, who), { timeout: 10_000 }).toBe(start[who] - dealt[who]);
    }
    if (round === 2) {
      const kara = phones.Kara;
      await sheet(kara, "Kara", "skills");
      await panel(kara.page, "Skills").getByRole("button", { name: /^Medicine.*roll$/ }).click();
      await kara.tray().getByRole("button", { name: "Spend a Fortune Point" }).click();
      await kara.roll();
      await expect(kara.result()).toBeVisible();
      await kara.page.keyboard.press("Escape");
      await g.goto(gm.server.url + "#/table/ix");
      await expect(panel(g, "Session").getByRole("status", { name: "Points left" })).toHaveText(
        `Fortune ${PLAYERS.length - 1} · Peril 2`,
      );
      for (const who of PLAYERS) {
        await sheet(phones[who], who, "play");
        await expect(panel(phones[who].page, "Fortune and Peril")).toContainText(
          `Fortune on the players' side: ${PLAYERS.length - 1}`,
        );
      }
    }
  }
  // The Expedition referee's hit goes through the phone's own wound door; the mirror follows.
  const rook = phones.Rook;
  const hp = async (app) => {
    await sheet(app, "Rook", "play");
    return Number(await panel(app.page, "Hit Points").getByRole("textbox", { name: "HP", exact: true }).inputValue());
  };
  const rookStart = await hp(rook);
  await sheet(gm, "Rook", "play");
  const hpPanel = panel(g, "Hit Points");
  const dmg = hpPanel.getByRole("textbox", { name: "HP to take or heal" });
  await dmg.fill("2");
  await dmg.press("Enter");
  await hpPanel.getByRole("button", { name: "Take it" }).click();
  await expect(hpPanel.getByText(/Asked of the player's device: took 2 damage/)).toBeVisible();
  await expect.poll(() => hp(rook), { timeout: 10_000 }).toBe(rookStart - 2);
  await expect.poll(() => hp(gm), { timeout: 10_000 }).toBe(rookStart - 2);

  await phones.Kara.page.screenshot({ path: `${SHOTS}/table-link-phone.png`, fullPage: true });
  await audit(phones.Kara.page, "a phone's sheet after the table's hits");

  // The link drops: Bo's phone reloads. The GM's next hit waits as a code.
  const bo = phones.Bo;
  await bo.reload();
  await g.goto(gm.server.url + "#/table/link");
  await expect(row(g, "Bo's phone")).toContainText("Lost", { timeout: 30_000 });
  await hit(gm, "Bo", 2);
  dealt.Bo += 2;
  await expect(g.getByText(/Bo's device is not linked now: 1 change waiting/)).toBeVisible();
  expect(await wounds(gm, "Bo")).toBe(start.Bo - dealt.Bo + 2);

  // The Link tab shows the code for Bo's phone; the phone opens it: applied once.
  await g.goto(gm.server.url + "#/table/link");
  const boRow = row(g, "Bo's phone");
  await boRow.getByText("Without the link: codes for Bo's phone").click();
  await expect(boRow).toContainText("1 change for Bo's phone.");
  await boRow.getByRole("button", { name: "Show the code for Bo's phone" }).click();
  const message = await boRow.getByRole("textbox", { name: "Message link" }).first().inputValue();
  await expect(boRow.getByRole("img", { name: "QR code of a message for the table" }).first()).toBeVisible();

  // A forged copy (the hit made bigger, the key's MAC unchanged) is refused and named first.
  await bo.page.goto(bo.server.url + forge(message, '"n":2,"from_attack"', '"n":9,"from_attack"'));
  await expect(bo.page.getByRole("heading", { name: "This message was refused" })).toBeVisible();
  await expect(bo.page.getByText(/forged or altered/)).toBeVisible();
  expect(await wounds(bo, "Bo")).toBe(start.Bo - dealt.Bo + 2);

  await bo.page.goto(bo.server.url + fragmentOf(message));
  const from = bo.page.getByRole("region", { name: "From Mara (GM)" });
  await expect(from).toContainText("Bo (from Mara (GM)): suffered 2 Wounds.");
  await audit(bo.page, "a message from the table, by code");
  await from.getByRole("button", { name: "Show the code for Mara (GM)" }).click();
  const answers = await from.getByRole("textbox", { name: "Message link" }).all();
  const answerLinks = [];
  for (const a of answers) answerLinks.push(await a.inputValue());
  await bo.page.screenshot({ path: `${SHOTS}/table-link-code-phone.png`, fullPage: true });
  // The same code again changes nothing: it was read.
  await from.getByRole("button", { name: "Done" }).click();
  await expect(bo.page).toHaveURL(/#\/roster$/);
  await bo.page.goto(bo.server.url + fragmentOf(message));
  await expect(bo.page.getByText(/one already read/)).toBeVisible();
  expect(await wounds(bo, "Bo")).toBe(start.Bo - dealt.Bo);

  // The laptop opens Bo's answer: the mirror catches up, nothing owed is left.
  for (const a of answerLinks) {
    await g.goto(gm.server.url + fragmentOf(a));
    await expect(g.getByRole("region", { name: "From Bo's phone" })).toContainText("Bo: revision from Bo's phone.");
    await g.getByRole("button", { name: "Done" }).click();
  }

  // The end: every device shows the same Wounds and the same pool.
  for (const who of PLAYERS) {
    const mine = await wounds(phones[who], who);
    expect(mine).toBe(start[who] - dealt[who]);
    expect(await wounds(gm, who)).toBe(mine);
  }
  await g.goto(gm.server.url + "#/table/link");
  await boRow.getByText("Without the link: codes for Bo's phone").click();
  await expect(boRow).toContainText("Nothing waiting for Bo's phone");
  await audit(g, "the Link tab with codes");
  await g.screenshot({ path: `${SHOTS}/table-link-desktop.png`, fullPage: true });

  expect(gm.errors).toEqual([]);
  for (const who of PLAYERS) expect(phones[who].errors).toEqual([]);
});
