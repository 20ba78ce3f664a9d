// The first-load budget, run by scripts/test after the release build: one cold visit to dist/
// in Chromium, then the brotli bytes of what it fetched before the roster was usable (the
// definition bench.js reports, in first-load.js). Prints the figure; fails over the budget.
import { chromium as pw } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BUDGET_BYTES, appFiles, brotli, fetchedByPage } from "./first-load.js";
import { chromium } from "./playwright.config.js";
import { startServer } from "./server.js";

// SATCHEL_DIST lets a second checkout or build share these tests without sharing dist/.
const DIST = resolve(process.env.SATCHEL_DIST || resolve(import.meta.dirname, "../../dist"));
const files = appFiles(DIST);

const server = await startServer();
const profile = mkdtempSync(join(tmpdir(), "satchel-budget-"));
let first;
try {
  const context = await pw.launchPersistentContext(profile, { ...chromium, viewport: { width: 390, height: 844 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(server.url);
  await page.getByRole("button", { name: "Create your first character" }).waitFor();
  // Resource entries appear when a fetch ends; once the network is quiet, every fetch that
  // started before the roster was usable has one.
  await page.waitForLoadState("networkidle");
  ({ first } = await fetchedByPage(page, files));
  await context.close();
} finally {
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}

const sizes = [...first].sort().map((f) => [f, brotli(files.get(f))]);
const total = sizes.reduce((n, [, br]) => n + br, 0);
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
for (const [f, br] of sizes) console.log(`  ${f.padEnd(44)} ${String(br).padStart(8)} bytes`);
console.log(`first load: ${total} bytes brotli (${kb(total)}), budget ${BUDGET_BYTES} (${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`first load is ${total - BUDGET_BYTES} bytes over the budget (docs/size.md: what to move out of it)`);
  process.exit(1);
}
