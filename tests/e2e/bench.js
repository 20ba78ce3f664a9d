// Prints Satchel's size and load figures for the current dist/ (run by scripts/bench; not a
// test: nothing here passes or fails on timing).
import { chromium as pw } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { appFiles, brotli, fetchedByPage } from "./first-load.js";
import { chromium } from "./playwright.config.js";
import { BASE, startServer } from "./server.js";

// SATCHEL_DIST lets a second checkout or build share these tests without sharing dist/.
const DIST = resolve(process.env.SATCHEL_DIST || resolve(import.meta.dirname, "../../dist"));
const RUNS = Number(process.env.BENCH_RUNS || 5);

const kb = (n) => (n / 1024).toFixed(1).padStart(8) + " KB";
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Sizes of every file the app is made of. The first load (below) fetches only some of them;
// the rest are chunks fetched on demand and precached by the service worker after first paint.
const rows = [];
const brotliOf = new Map();
let total = { raw: 0, gz: 0, br: 0 };
for (const [name, buf] of appFiles(DIST)) {
  const gz = gzipSync(buf, { level: 9 }).length;
  const br = brotli(buf);
  rows.push([name, buf.length, gz, br]);
  brotliOf.set(name, br);
  total.raw += buf.length;
  total.gz += gz;
  total.br += br;
}
console.log("== bundle (bytes: raw / gzip -9 / brotli 11)");
for (const [name, raw, gz, br] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`${name.padEnd(40)} ${kb(raw)} ${kb(gz)} ${kb(br)}`);
}
console.log(`${"total".padEnd(40)} ${kb(total.raw)} ${kb(total.gz)} ${kb(total.br)}`);
console.log(`all_files_brotli_bytes ${total.br}`);

// Cold loads: a fresh profile each run, so nothing is cached and no service worker exists.
const server = await startServer();
const samples = { dcl: [], fcp: [], interactive: [] };
const fetched = { first: new Set(), idle: new Set(), precache: new Set() };
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(join(tmpdir(), "satchel-bench-"));
  const context = await pw.launchPersistentContext(dir, { ...chromium, viewport: { width: 390, height: 844 } });
  const page = context.pages()[0] ?? (await context.newPage());
  // The service worker's own fetches (its offline copy) are told apart from the page's.
  context.on("request", (request) => {
    const path = new URL(request.url()).pathname.slice(BASE.length) || "index.html";
    if (i === 0 && request.serviceWorker() && brotliOf.has(path)) fetched.precache.add(path);
  });
  await page.goto(server.url);
  await page.getByRole("button", { name: "Create your first character" }).waitFor();
  if (i === 0) {
    // What the page fetched before the roster was usable (the app marks that moment), and
    // what it fetched after, while idle (the dice tray's panel).
    await page.waitForTimeout(3000);
    Object.assign(fetched, await fetchedByPage(page, brotliOf));
  }
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const mark = performance.getEntriesByName("satchel-interactive")[0];
    return { dcl: nav.domContentLoadedEventEnd, fcp: fcp?.startTime ?? NaN, interactive: mark?.startTime ?? NaN };
  });
  for (const k of Object.keys(samples)) samples[k].push(t[k]);
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}
const sum = (set) => [...set].reduce((n, f) => n + brotliOf.get(f), 0);
const idleOnly = new Set([...fetched.idle].filter((f) => !fetched.first.has(f) && f !== "sw.js"));
console.log("== what a cold first visit fetches (brotli 11 bytes of each file)");
console.log(`first_load_files ${[...fetched.first].sort().join(" ")}`);
console.log(`first_load_brotli_bytes ${sum(fetched.first)}`);
const gzipOf = new Map(rows.map(([name, , gz]) => [name, gz]));
console.log(`first_load_gzip_bytes ${[...fetched.first].reduce((n, f) => n + gzipOf.get(f), 0)} (gzip -9; what a static host such as GitHub Pages sends)`);
const module = [...fetched.first].find((f) => f.endsWith("_bg.wasm"));
console.log(`first_load_module_bytes ${brotliOf.get(module)} brotli, ${gzipOf.get(module)} gzip -9 (${module}; issue 20's target: 150000 and 190000)`);
console.log(`then_while_idle_files ${[...idleOnly].sort().join(" ")}`);
console.log(`then_while_idle_brotli_bytes ${sum(idleOnly)} (fetched by the page once the roster is up: the screens' styles, the sheet most likely next, the dice tray's panel)`);
console.log(`service_worker_precache_brotli_bytes ${sum(fetched.precache)} (${fetched.precache.size} files: the offline copy of the whole app, in the background)`);
console.log(`== cold load, median of ${RUNS} (ms)`);
console.log(`dom_content_loaded_ms ${median(samples.dcl).toFixed(1)}`);
console.log(`first_contentful_paint_ms ${median(samples.fcp).toFixed(1)}`);
console.log(`roster_interactive_ms ${median(samples.interactive).toFixed(1)}`);

// Second load offline: visit, let the service worker take control, stop the server, reload.
{
  const dir = mkdtempSync(join(tmpdir(), "satchel-bench-"));
  const context = await pw.launchPersistentContext(dir, { ...chromium });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
  });
  await server.close();
  await context.setOffline(true);
  const start = Date.now();
  await page.reload();
  let ok = true;
  try {
    await page.getByRole("button", { name: "Create your first character" }).waitFor({ timeout: 10_000 });
  } catch {
    ok = false;
  }
  console.log(`== second load, offline`);
  console.log(`offline_reload ${ok ? "works" : "FAILED"} (${Date.now() - start} ms to interactive)`);
  await context.close();
  rmSync(dir, { recursive: true, force: true });
}

// Dice tray: odds update and roll-to-paint for an Ix pool of 10 dice of every kind. "update"
// is click -> DOM updated (all reactive work done); "frame" is click -> the next frame painted
// (a requestAnimationFrame callback, then a task after its paint). Each update also weighs the
// tray's "What would help" list (seven changes, each its own exact odds), so the update figure
// is the whole cost of a pool change with the list showing.
{
  const trayServer = await startServer();
  const dir = mkdtempSync(join(tmpdir(), "satchel-bench-"));
  const context = await pw.launchPersistentContext(dir, { ...chromium, viewport: { width: 390, height: 844 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(trayServer.url);
  await page.getByRole("button", { name: "Dice", exact: true }).click();
  for (const kind of ["Ability", "Mastery", "Boon", "Trial", "Crisis", "Bane"]) {
    const add = page.getByRole("button", { name: `Add one ${kind} die`, exact: true });
    for (let i = 0; i < 10; i++) await add.click();
  }
  await page.getByText("10 Ability, 10 Mastery, 10 Boon vs 10 Trial, 10 Crisis, 10 Bane", { exact: true }).waitFor();
  const t = await page.evaluate(async (runs) => {
    const by = (label) => [...document.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") || b.textContent.trim()) === label);
    const frame = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    const task = () => new Promise((ok) => setTimeout(ok, 0));
    const measure = async (click) => {
      const t0 = performance.now();
      click();
      await task();
      const t1 = performance.now();
      await frame();
      return [t1 - t0, performance.now() - t0];
    };
    const out = { odds: [], oddsFrame: [], roll: [], rollFrame: [], idle: [] };
    for (let i = 0; i < runs; i++) {
      // Alternate 10 and 9 Bane dice so every click changes the odds.
      const [u, f] = await measure(() => by(i % 2 ? "Add one Bane die" : "Remove one Bane die").click());
      out.odds.push(u);
      out.oddsFrame.push(f);
      await frame();
      const [ru, rf] = await measure(() => by("Roll").click());
      out.roll.push(ru);
      out.rollFrame.push(rf);
      await frame();
      // The same wait with no click: what "to frame" costs with no work at all.
      const [, idle] = await measure(() => {});
      out.idle.push(idle);
    }
    out.options = document.querySelectorAll(".help-list li").length;
    return out;
  }, 21);
  console.log(`== dice tray, Ix pool of 10 of each kind, median of 21 (ms)`);
  console.log(`tray_odds_update_ms ${median(t.odds).toFixed(1)} (with "What would help": ${t.options} changes weighed)`);
  console.log(`tray_odds_to_frame_ms ${median(t.oddsFrame).toFixed(1)}`);
  console.log(`tray_roll_update_ms ${median(t.roll).toFixed(1)}`);
  console.log(`tray_roll_to_frame_ms ${median(t.rollFrame).toFixed(1)}`);
  console.log(`tray_idle_to_frame_ms ${median(t.idle).toFixed(1)} (no click: the wait for the next frame alone)`);
  await context.close();
  rmSync(dir, { recursive: true, force: true });
  await trayServer.close();
}

// A first visit on a mid-range phone on a slow link, served with gzip as GitHub Pages serves
// it: the CPU slowed 4x, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (Chromium's
// emulation). Cold: a fresh profile each run. Then, with the cache warm from that visit, the
// two next steps a player takes: opening a character's sheet (its Play section) and the tray.
{
  const slow = await startServer({ gzip: true });
  const samples = { fcp: [], interactive: [], sheet: [], tray: [] };
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), "satchel-bench-"));
    const context = await pw.launchPersistentContext(dir, { ...chromium, viewport: { width: 390, height: 844 } });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(slow.url);
    await page.getByRole("button", { name: "Create your first character" }).waitFor({ timeout: 60_000 });
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      interactive: performance.getEntriesByName("satchel-interactive")[0]?.startTime ?? NaN,
    }));
    samples.fcp.push(t.fcp);
    samples.interactive.push(t.interactive);
    // A character to open (made through the screens), then back to the roster, settled.
    await page.getByRole("button", { name: "Create your first character" }).click();
    await page.getByRole("radio", { name: /^Ix/ }).check();
    await page.getByRole("textbox", { name: "Name" }).fill("Vex");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("link", { name: "Vex" }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2000);
    // Tap -> the awaited element is in the page and a frame has painted, timed in the page.
    const tap = (click, ready) =>
      page.evaluate(
        async ([click, ready]) => {
          const t0 = performance.now();
          const el = [...document.querySelectorAll(click[0])].find((e) => e.textContent.trim() === click[1]);
          el.click();
          while (!document.querySelector(ready)) await new Promise((ok) => requestAnimationFrame(ok));
          await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
          return performance.now() - t0;
        },
        [click, ready],
      );
    samples.sheet.push(await tap(["a", "Vex"], 'section[aria-labelledby="ix-health"] button'));
    samples.tray.push(await tap(["button", "Dice"], '[role="dialog"] button.roll'));
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`== first visit on an emulated mid-range phone, slow link, gzip; median of ${RUNS} (ms)`);
  console.log(`slow_phone_first_contentful_paint_ms ${median(samples.fcp).toFixed(0)}`);
  console.log(`slow_phone_roster_interactive_ms ${median(samples.interactive).toFixed(0)}`);
  console.log(`slow_phone_open_sheet_play_ms ${median(samples.sheet).toFixed(0)} (tap a character -> its Play section usable; cache warm)`);
  console.log(`slow_phone_open_tray_ms ${median(samples.tray).toFixed(0)} (tap Dice -> Roll usable; cache warm)`);
  await slow.close();
}
