// The live link: a GM's laptop and a player's phone (two browser contexts, two storages) link
// over a WebRTC data channel with no server, by a join code and an answer code. Each side then
// shows the other as Linked under the name the other's hello frame carried; a reload of the
// phone shows the link Lost with the way to rejoin on both sides, and rejoining links again.
import { test, expect, chromium } from "@playwright/test";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { chromium as options } from "./playwright.config.js";
import { SHOTS, audit, openApp } from "./pages.js";

const HOST = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const fragmentOf = (link) => link.slice(link.indexOf("#"));

/** The join link the host's Link tab shows now, and its QR version (at most 10). */
async function joinLink(g) {
  const panel = g.getByRole("region", { name: "Join code" });
  await expect(panel.getByRole("img", { name: "QR code of the join link" })).toBeVisible();
  const caption = await panel.locator(".qr-size").textContent();
  const version = Number(caption.match(/QR version (\d+)/)[1]);
  expect(version).toBeLessThanOrEqual(10);
  const link = await panel.getByRole("textbox", { name: "Join link" }).inputValue();
  return { link, version };
}

/** On the phone: joins with the code on screen and returns the answer link it shows. */
async function join(p, host) {
  const screen = p.getByRole("region", { name: "Join the table" });
  await expect(screen.getByText(`${host} hosts this table`)).toBeVisible();
  await screen.getByRole("button", { name: "Join" }).click();
  const answer = screen.getByRole("textbox", { name: "Answer link" });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(screen.getByRole("img", { name: "QR code of the answer link" })).toBeVisible();
  const caption = await screen.locator(".qr-size").textContent();
  expect(Number(caption.match(/QR version (\d+)/)[1])).toBeLessThanOrEqual(10);
  return answer.inputValue();
}

/** On the host: pastes the answer and connects. */
async function connect(g, answer, name) {
  const panel = g.getByRole("region", { name: "Answer code" });
  await panel.getByRole("textbox", { name: "Answer code" }).fill(answer);
  await panel.getByRole("button", { name: "Connect" }).click();
  await expect(panel.getByRole("status")).toContainText(`Connecting to ${name}`);
}

const row = (g, name) =>
  g.getByRole("region", { name: "Linked devices" }).getByRole("listitem").filter({ hasText: name });

test("a phone links to the GM's laptop by two codes, shows Lost after a reload, and rejoins", async ({ browser }) => {
  const hostContext = await browser.newContext({ viewport: HOST });
  const phoneContext = await browser.newContext({ viewport: PHONE });
  const host = await openApp(await hostContext.newPage(), "#/table/link");
  const g = host.page;

  // The GM names the laptop; the join code is made again with the new name.
  await expect(g.getByRole("link", { name: "Link", exact: true })).toHaveAttribute("aria-current", "page");
  const name = g.getByRole("textbox", { name: "This device's name at the table" });
  await name.fill("Mara (GM)");
  await name.press("Tab");
  const first = await joinLink(g);
  console.log(`join link: ${first.link.length} characters, QR version ${first.version}`);
  await expect(g.getByRole("region", { name: "Linked devices" })).toContainText("No device has linked");

  // The phone opens the join link, names itself and joins: its answer code appears.
  const phone = await openApp(await phoneContext.newPage(), fragmentOf(first.link));
  const p = phone.page;
  const phoneName = p.getByRole("textbox", { name: "This device's name at the table" });
  await phoneName.fill("Kara's phone");
  await phoneName.press("Tab");
  await audit(p, "join the table (phone)");
  const answer = await join(p, "Mara (GM)");
  console.log(`answer link: ${answer.length} characters`);
  await p.screenshot({ path: `${SHOTS}/link-answer-phone.png`, fullPage: true });

  // The GM pastes the answer: both sides show the other under the name its hello carried.
  await connect(g, answer, "Kara's phone");
  await expect(row(g, "Kara's phone")).toContainText("joined the table. Linked", { timeout: 20_000 });
  await expect(p.getByText("Linked to Mara (GM)")).toBeVisible({ timeout: 20_000 });
  await expect(row(g, "Kara's phone")).toContainText(/last heard (just now|\d+ s ago)/);
  // A fresh join code for the next phone.
  const second = await joinLink(g);
  expect(second.link).not.toEqual(first.link);
  await audit(g, "link tab (laptop)");
  await g.screenshot({ path: `${SHOTS}/link-host-desktop.png`, fullPage: true });
  await p.screenshot({ path: `${SHOTS}/link-linked-phone.png`, fullPage: true });

  // The phone reloads: the link is lost, and both sides say how to rejoin.
  await phone.reload();
  await expect(p.getByText("The link to Mara (GM) was lost")).toBeVisible();
  await expect(p.getByText("On Mara (GM), open Table, then Link")).toBeVisible();
  await expect(p.getByRole("button", { name: "Join" })).toHaveCount(0);
  await expect(row(g, "Kara's phone")).toContainText("Lost", { timeout: 30_000 });
  await expect(row(g, "Kara's phone")).toContainText("On Kara's phone, scan the table's code again");
  await audit(p, "link lost (phone)");
  await p.screenshot({ path: `${SHOTS}/link-lost-phone.png`, fullPage: true });
  await g.screenshot({ path: `${SHOTS}/link-lost-desktop.png`, fullPage: true });

  // Rejoining with the fresh code links again, this time by opening the answer as a link on
  // the laptop (it goes to the Link tab, which connects); the laptop keeps one row for the phone.
  await p.goto(phone.server.url + fragmentOf(second.link));
  const again = await join(p, "Mara (GM)");
  await g.goto(host.server.url + fragmentOf(again));
  await expect(g).toHaveURL(/#\/table\/link$/);
  await expect(g.getByRole("region", { name: "Answer code" }).getByRole("status")).toContainText("Connecting to Kara's phone");
  await expect(row(g, "Kara's phone")).toContainText("Linked", { timeout: 20_000 });
  await expect(row(g, "Kara's phone")).toHaveCount(1);
  await expect(p.getByText("Linked to Mara (GM)")).toBeVisible({ timeout: 20_000 });

  // The link survives a change of screen on the laptop, and of the phone's too.
  await g.getByRole("link", { name: "Ix GM table" }).click();
  await g.getByRole("link", { name: "Link", exact: true }).click();
  await expect(row(g, "Kara's phone")).toContainText("Linked");
  await p.getByRole("link", { name: "Table" }).click();
  await p.getByRole("link", { name: "Link", exact: true }).click();
  await expect(row(p, "Mara (GM)")).toContainText("hosts the table. Linked");
  await expect(row(g, "Kara's phone")).toContainText("Linked");

  // The laptop reloads: now the phone's Link tab says the link is lost, and the laptop lists the phone
  // as lost too, with the words to rejoin.
  await host.reload();
  await expect(row(p, "Mara (GM)")).toContainText("hosts the table. Lost", { timeout: 30_000 });
  await expect(row(p, "Mara (GM)")).toContainText("On Mara (GM), open Table, then Link");
  await expect(row(g, "Kara's phone")).toContainText("Lost");
  await expect(row(g, "Kara's phone")).toContainText("On Kara's phone, scan the table's code again");
  await expect(g.getByRole("textbox", { name: "This device's name at the table" })).toHaveValue("Mara (GM)");

  // The other sizes: the laptop's tab on a phone, the phone's screen on a laptop.
  await g.setViewportSize(PHONE);
  await g.screenshot({ path: `${SHOTS}/link-host-phone.png`, fullPage: true });
  await p.setViewportSize(HOST);
  await p.screenshot({ path: `${SHOTS}/link-linked-desktop.png`, fullPage: true });

  expect(host.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await hostContext.close();
  await phoneContext.close();
});

/**
 * A Y4M video (what Chromium's fake camera plays) of the QR code an `<svg class="qr">` draws:
 * its path's unit squares at `scale` pixels a module on white, centred (as scan.spec.js).
 */
function qrVideo(viewSize, path, scale = 5, width = 640, height = 480) {
  const y = Buffer.alloc(width * height, 235);
  const side = viewSize * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  for (const [, mx, my] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      const r = (top + Number(my) * scale + dy) * width + left + Number(mx) * scale;
      y.fill(16, r, r + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array(10).fill(frame)]);
}

/** The QR code `img` draws, as a camera would see it. */
async function drawnVideo(img) {
  const drawn = await img.evaluate((svg) => ({
    size: Number(svg.getAttribute("viewBox").split(" ")[2]),
    path: svg.querySelector("path").getAttribute("d"),
  }));
  return qrVideo(drawn.size, drawn.path);
}

const withCamera = (video) =>
  chromium.launch({
    ...options,
    args: [...options.args, "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });

test("the phone scans the join code and the laptop scans the answer, with Satchel's own scanner", async () => {
  const dir = mkdtempSync(joinPath(tmpdir(), "satchel-link-"));
  const answerVideo = joinPath(dir, "answer.y4m");
  const joinVideo = joinPath(dir, "join.y4m");
  // The laptop's camera file is written again once the phone shows its answer: Chromium opens
  // the file when the camera starts, not when the browser does.
  writeFileSync(answerVideo, qrVideo(21, ""));
  const laptop = await withCamera(answerVideo);
  const hostContext = await laptop.newContext({ viewport: HOST, permissions: ["camera"] });
  const host = await openApp(await hostContext.newPage(), "#/table/link");
  const g = host.page;
  const joinQr = g.getByRole("region", { name: "Join code" }).getByRole("img", { name: "QR code of the join link" });
  await expect(joinQr).toBeVisible();
  writeFileSync(joinVideo, await drawnVideo(joinQr));

  const phoneBrowser = await withCamera(joinVideo);
  const phoneContext = await phoneBrowser.newContext({ viewport: PHONE, permissions: ["camera"] });
  const phone = await openApp(await phoneContext.newPage(), "#/table/link");
  const p = phone.page;
  await p.getByRole("button", { name: "Scan a join code" }).click();
  const screen = p.getByRole("region", { name: "Join the table" });
  await expect(screen).toBeVisible({ timeout: 15_000 });
  await screen.getByRole("button", { name: "Join" }).click();
  const answerQr = screen.getByRole("img", { name: "QR code of the answer link" });
  await expect(answerQr).toBeVisible({ timeout: 15_000 });
  writeFileSync(answerVideo, await drawnVideo(answerQr));

  // The laptop's scanner hands the answer to the Link tab, which connects at once.
  await g.getByRole("button", { name: "Scan the answer" }).click();
  await expect(g.getByRole("region", { name: "Answer code" }).getByRole("status")).toContainText("Connecting to Device", { timeout: 15_000 });
  await expect(g).toHaveURL(/#\/table\/link$/);
  await expect(row(g, "Device")).toContainText("Linked", { timeout: 20_000 });
  await expect(screen.getByText(/^Linked to Device/)).toBeVisible({ timeout: 20_000 });
  expect(host.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await laptop.close();
  await phoneBrowser.close();
});
