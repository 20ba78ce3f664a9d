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
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    launchOptions: chromium,
    viewport: { width: 390, height: 844 },
  },
});
