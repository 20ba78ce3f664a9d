// Scanning inside the app (issue 19, item 3): Chromium's fake camera plays a video of the
// status update's QR code exactly as the player's share dialog draws it; the GM presses
// "Scan a code" on the party board, the app reads the code (the wasm decoder: this Chromium
// has no barcode detector) and opens the update, which the GM applies. The camera is asked for
// only when the button is pressed; a refused camera, and a browser without one, say why.
import { test, expect, chromium } from "@playwright/test";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium as options } from "./playwright.config.js";
import { SHOTS, audit, openApp } from "./pages.js";

/** Counts getUserMedia calls, so a test can see that nothing asks for the camera early. */
const countCameraAsks = () => {
  window.__cameraAsks = 0;
  const md = navigator.mediaDevices;
  if (md && md.getUserMedia) {
    const real = md.getUserMedia.bind(md);
    md.getUserMedia = (c) => {
      window.__cameraAsks += 1;
      return real(c);
    };
  }
};

/**
 * A Y4M video (what Chromium's fake camera plays) of the QR code drawn by an `<svg class="qr">`:
 * its path's unit squares ("M x yh1v1h-1z") at `scale` pixels a module on white, centred.
 */
function qrVideo(viewSize, path, scale = 5, width = 640, height = 480) {
  const y = Buffer.alloc(width * height, 235);
  const side = viewSize * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  for (const [, mx, my] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      const row = (top + Number(my) * scale + dy) * width + left + Number(mx) * scale;
      y.fill(16, row, row + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array(10).fill(frame)]);
}

test("the GM scans a player's status update on the party board and applies it", async ({ browser }) => {
  // The player: Vex, shared whole, then 4 Wounds and a status update.
  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const player = await openApp(await playerContext.newPage());
  const p = player.page;
  await player.create("Ix", "Vex Arrandi");
  await player.card("Vex Arrandi").getByRole("link", { name: "Vex Arrandi" }).click();
  await p.getByRole("button", { name: "Share Vex Arrandi" }).click();
  const dialog = p.getByRole("dialog", { name: "Share Vex Arrandi" });
  const whole = await dialog.getByRole("textbox", { name: "Character link" }).inputValue();
  await p.keyboard.press("Escape");
  const health = p.getByRole("region", { name: "Wounds and Strain", exact: true });
  await health.getByRole("textbox", { name: "Amount" }).fill("4");
  await health.getByRole("textbox", { name: "Amount" }).blur();
  await health.getByRole("button", { name: "Take Wounds" }).click();
  await expect(health.getByRole("group", { name: "Take or recover" }).locator(".said")).toContainText("6 of 10 Wounds left");
  await p.getByRole("button", { name: "Share Vex Arrandi" }).click();
  const qr = dialog.getByRole("img", { name: "QR code of the status update" });
  await expect(qr).toBeVisible();
  const drawn = await qr.evaluate((svg) => ({
    size: Number(svg.getAttribute("viewBox").split(" ")[2]),
    path: svg.querySelector("path").getAttribute("d"),
  }));
  const dir = mkdtempSync(join(tmpdir(), "satchel-scan-"));
  const video = join(dir, "status.y4m");
  writeFileSync(video, qrVideo(drawn.size, drawn.path));

  // The GM's laptop, with a camera that sees the player's screen.
  const camera = await chromium.launch({
    ...options,
    args: [...options.args, "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  const gmContext = await camera.newContext({ viewport: { width: 1280, height: 800 }, permissions: ["camera"] });
  const page = await gmContext.newPage();
  await page.addInitScript(countCameraAsks);
  const gm = await openApp(page);
  await page.goto(gm.server.url + whole.slice(whole.indexOf("#")));
  await page.getByRole("button", { name: "Save to my roster" }).click();
  await expect(gm.card("Vex Arrandi")).toBeVisible();
  await page.goto(gm.server.url + "#/table/status");
  const scan = page.getByRole("button", { name: "Scan a code" });
  await expect(scan).toBeVisible();
  await audit(page, "party board with Scan");
  expect(await page.evaluate(() => window.__cameraAsks)).toBe(0);
  await scan.click();
  // Read from the picture: the update's own preview opens, newer than the GM's copy.
  await expect(page.getByRole("heading", { name: "Status update for Vex Arrandi" })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => window.__cameraAsks)).toBe(1);
  await expect(page.getByText("Wounds 6 of 10")).toBeVisible();
  await expect(page.locator(".share-newness")).toContainText("newer than yours");
  await page.screenshot({ path: `${SHOTS}/scan-status-desktop.png` });
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await page.goto(gm.server.url + "#/table/status");
  const card = page
    .getByRole("list", { name: "Ix characters" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: "Vex Arrandi", exact: true }) });
  await expect(card.locator(".status-facts > div").filter({ has: page.locator("dt", { hasText: /^Wounds left$/ }) }).locator("dd")).toHaveText("6 / 10");
  // The camera is off again once the code is read.
  expect(await page.evaluate(() => document.querySelector("video")?.srcObject?.active ?? false)).toBe(false);

  // A camera refused (this context never grants it): said in words, nothing opened.
  const deniedContext = await camera.newContext({ viewport: { width: 390, height: 844 } });
  const denied = await openApp(await deniedContext.newPage(), "#/table/status");
  await denied.page.getByRole("button", { name: "Scan a code" }).click();
  await expect(denied.page.getByRole("alert").filter({ hasText: "The camera was refused" })).toBeVisible();
  await expect(denied.page).toHaveURL(/#\/table\/status$/);

  await denied.close();
  await gm.close();
  await player.close();
  await deniedContext.close();
  await gmContext.close();
  await playerContext.close();
  await camera.close();
});

test("without a camera the scanner says why, at phone size, and nothing else changes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await openApp(page, "#/table/status");
  await page.getByRole("button", { name: "Scan a code" }).click();
  const said = page.getByRole("alert").filter({ hasText: /camera/i });
  await expect(said).toBeVisible();
  await expect(said).toContainText(/Open the link instead|allow the camera|no camera/);
  await expect(page.getByRole("button", { name: "Scan a code" })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/scan-refused-phone.png` });
  await audit(page, "scanner refused");
  await app.close();
});
