import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
export const chromium = {
  executablePath: process.env.SATCHEL_CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.js",
  outputDir: "./results",
  workers: 2,
  retries: 0,
  // A hang guard, not a speed test: the longest journeys (axe on every screen, both themes)
  // take about 35 s on an idle 2-core machine, so a busy one needs the headroom.
  timeout: 120_000,
  reporter: [["list"]],
  use: {
    launchOptions: chromium,
    viewport: { width: 390, height: 844 },
  },
});
