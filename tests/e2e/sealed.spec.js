// Sealed rolls between two devices (issue 19, item 4), in two browser contexts with their own
// storage: the GM seals a difficulty in the tray and sends its link; the player opens it, adds
// their dice, rolls, and gets the same dice again for the same pool; a changed difficulty is
// refused; the receipt goes back and verifies on the GM's device (and into the roll log,
// once); a tampered receipt fails with what differs; a truncated one is refused; a receipt on
// a device that never sent the check says so. Dice are real: the test reads what was rolled
// and checks that both devices agree, not a fixed result.
import { test, expect } from "@playwright/test";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { SHOTS, audit, openApp } from "./pages.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

const b64 = (buf) => buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (text) => Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");

/** The receipt's fragment with its first die's face changed, packed again as Satchel packs. */
function tamper(fragment) {
  const [route, data] = fragment.split(/(?<=#\/receipt\/)/);
  const wire = JSON.parse(inflateRawSync(unb64(data)).toString());
  const first = wire.d[0];
  wire.d = (first === "0" ? "1" : "0") + wire.d.slice(1);
  return route + b64(deflateRawSync(Buffer.from(JSON.stringify(wire))));
}

for (const size of SIZES) {
  test(`a sealed roll goes to the player and its receipt verifies on the GM's device (${size.name})`, async ({ browser }) => {
    const permissions = ["clipboard-read", "clipboard-write"];
    const gmContext = await browser.newContext({ viewport: size, permissions });
    const playerContext = await browser.newContext({ viewport: size, permissions });
    const gm = await openApp(await gmContext.newPage());
    const player = await openApp(await playerContext.newPage());
    const g = gm.page;
    const p = player.page;
    const fragment = (link) => link.slice(link.indexOf("#"));

    // The GM builds 2 Trial dice for "Pick the lock" and seals it.
    await gm.openTray();
    await gm.addDie("Trial die", 2);
    await gm.tray().getByRole("textbox", { name: "What for (optional)" }).fill("Pick the lock");
    await gm.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
    await gm.tray().getByRole("button", { name: "Ask for a sealed roll" }).click();
    await expect(gm.tray().getByRole("img", { name: "QR code of the sealed check" })).toBeVisible();
    const check = await gm.tray().getByRole("textbox", { name: "Sealed check link" }).inputValue();
    expect(fragment(check)).toMatch(/^#\/check\//);
    console.log(`${size.name}: sealed check link ${fragment(check).length} characters`);
    await g.keyboard.press("Escape");

    // The player opens it: what the GM asks, then the tray with the seal waiting.
    await p.goto(player.server.url + fragment(check));
    await expect(p.getByRole("heading", { name: "Your GM asks for a sealed roll" })).toBeVisible();
    await expect(p.getByText("Pick the lock")).toBeVisible();
    await expect(p.getByText("Ix: 2 Trial")).toBeVisible();
    await p.screenshot({ path: `${SHOTS}/sealed-check-preview-${size.name}.png` });
    await audit(p, `sealed check preview (${size.name})`);
    await p.getByRole("button", { name: "Open in dice tray" }).click();
    await expect(player.tray()).toBeVisible();
    await expect(player.tray().getByRole("region", { name: "Sealed check" })).toContainText("Sealed check from your GM: Pick the lock");
    await player.addDie("Ability die", 2);
    await player.addDie("Mastery die");
    await expect(player.tray().locator(".pool-words")).toHaveText(/2 Ability, 1 Mastery.*vs 2 Trial/);
    await p.screenshot({ path: `${SHOTS}/sealed-tray-${size.name}.png` });

    // A difficulty of the player's own is refused, in words, and rolls nothing.
    await player.addDie("Trial die");
    await player.roll();
    await expect(player.trayMessage().filter({ hasText: "2 Trial" })).toBeVisible();
    await player.tray().getByRole("button", { name: "Remove one Trial die", exact: true }).click();

    // The roll is the seal's, and a device rolls a seal once: another pool cannot be tried.
    await player.roll();
    await expect(player.result()).toBeVisible();
    const words = await player.outcome();
    const rolledDice = () =>
      player.result().getByRole("list", { name: "Dice", exact: true }).getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    const dice = await rolledDice();
    expect(dice).toHaveLength(5);
    const receiptBox = player.tray().getByRole("textbox", { name: "Receipt link" });
    await expect(receiptBox).toBeVisible();
    const receipt = await receiptBox.inputValue();
    expect(fragment(receipt)).toMatch(/^#\/receipt\//);
    console.log(`${size.name}: receipt link ${fragment(receipt).length} characters`);
    await expect(player.result().getByRole("img", { name: "QR code of the receipt" })).toBeVisible();
    await expect(player.result().locator(".qr-size")).toHaveText(/QR version \d+,/);
    await p.screenshot({ path: `${SHOTS}/sealed-player-${size.name}.png` });
    await player.addDie("Ability die");
    await player.roll();
    await expect(player.trayMessage().filter({ hasText: "You rolled this sealed check already" })).toBeVisible();
    expect(await player.outcome()).toBe(words);
    expect(await rolledDice()).toEqual(dice);
    expect(await receiptBox.inputValue()).toBe(receipt);
    await player.tray().getByRole("button", { name: "Remove one Ability die", exact: true }).click();
    await audit(p, `sealed roll with its receipt (${size.name})`);

    // The GM opens the receipt: verified, the dice named, logged once.
    await g.goto(gm.server.url + fragment(receipt));
    await expect(g.getByRole("heading", { name: "Receipt verified" })).toBeVisible();
    await expect(g.getByText(`A player's sealed roll: Pick the lock`)).toBeVisible();
    await expect(g.getByRole("status").filter({ hasText: words })).toBeVisible();
    await expect(g.getByRole("list", { name: "The dice" }).getByRole("listitem")).toHaveCount(5);
    await expect(g.getByText("Added to the roll log.")).toBeVisible();
    await audit(g, `receipt verified (${size.name})`);
    await g.screenshot({ path: `${SHOTS}/sealed-gm-${size.name}.png` });
    await g.getByRole("button", { name: "Done" }).click();
    await g.goto(gm.server.url + fragment(receipt));
    await expect(g.getByText("Already verified on this device: not logged again.")).toBeVisible();
    await g.getByRole("button", { name: "Done" }).click();
    await gm.openTray();
    await gm.trayMode("Log");
    await expect(gm.tray().getByText("(sealed, verified)")).toHaveCount(1);
    await g.keyboard.press("Escape");

    // A tampered receipt: the first die differs, and the GM is told which.
    await g.goto(gm.server.url + tamper(fragment(receipt)));
    await expect(g.getByRole("heading", { name: "This receipt does not match" })).toBeVisible();
    await expect(g.getByRole("list", { name: "What differs" })).toContainText("the seal's die 1 of 5 is");
    await g.screenshot({ path: `${SHOTS}/sealed-differs-${size.name}.png` });
    await g.getByRole("button", { name: "Done" }).click();
    // Cut off in copying: refused, nothing recorded.
    await g.goto(gm.server.url + fragment(receipt).slice(0, 30));
    await expect(g.getByRole("heading", { name: "This receipt cannot be opened" })).toBeVisible();
    await g.getByRole("button", { name: "Back to the roster" }).click();

    // On the player's device, which sent no check, the receipt says so.
    await p.keyboard.press("Escape");
    await p.goto(player.server.url + fragment(receipt));
    await expect(p.getByRole("heading", { name: "Not a check from this device" })).toBeVisible();

    await gm.close();
    await player.close();
    await gmContext.close();
    await playerContext.close();
  });
}

test("a sealed Expedition test shows the player the Factors of its Ob and takes their free successes (phone)", async ({ browser }) => {
  const size = SIZES[0];
  const gmContext = await browser.newContext({ viewport: size });
  const playerContext = await browser.newContext({ viewport: size });
  const gm = await openApp(await gmContext.newPage());
  const player = await openApp(await playerContext.newPage());
  const [g, p] = [gm.page, player.page];
  const fragment = (link) => link.slice(link.indexOf("#"));

  // The referee works the Ob out from factors (moderate 2, dark +2) and seals it.
  await gm.openTray();
  await gm.trayMode("Expedition");
  await gm.tray().getByRole("button", { name: "Work out Ob from factors" }).click();
  await gm.tray().getByRole("group", { name: "Lighting" }).getByRole("button", { name: "Dark" }).click();
  await gm.tray().getByRole("textbox", { name: "What for (optional)" }).fill("Climb the chimney");
  await gm.tray().getByRole("button", { name: "Share this difficulty with a player" }).click();
  await gm.tray().getByRole("button", { name: "Ask for a sealed roll" }).click();
  const check = await gm.tray().getByRole("textbox", { name: "Sealed check link" }).inputValue();
  await g.keyboard.press("Escape");

  // The player sees what made the Ob before rolling, then rolls with a free success.
  await p.goto(player.server.url + fragment(check));
  await expect(p.getByText("Expedition: Ob 4 (Complexity: moderate +2, Lighting: dark +2)")).toBeVisible();
  await p.getByRole("button", { name: "Open in dice tray" }).click();
  const notice = player.tray().getByRole("region", { name: "Sealed check" });
  await expect(notice).toContainText("Ob 4 (Complexity: moderate +2, Lighting: dark +2)");
  await expect(notice).toContainText("your free successes count after a pass");
  await player.tray().getByRole("spinbutton", { name: "Free successes (+Ns)" }).fill("1");
  await player.roll();
  await expect(player.result()).toBeVisible();
  await expect(player.trayMessage()).toHaveCount(0);
  const words = await player.outcome();
  const receipt = await player.tray().getByRole("textbox", { name: "Receipt link" }).inputValue();
  await audit(p, "sealed Expedition test with its receipt (phone)");
  await p.screenshot({ path: `${SHOTS}/sealed-expedition-phone.png` });

  // The GM's device verifies it, free success and all.
  await g.goto(gm.server.url + fragment(receipt));
  await expect(g.getByRole("heading", { name: "Receipt verified" })).toBeVisible();
  await expect(g.getByRole("status").filter({ hasText: words })).toBeVisible();
  await expect(g.getByText(/Pool: .* vs Ob 4 \+1s/)).toBeVisible();

  await gmContext.close();
  await playerContext.close();
});
