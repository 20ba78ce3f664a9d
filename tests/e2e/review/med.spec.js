import { test, expect } from "@playwright/test";
import { openApp } from "../pages.js";
for (const [w,h] of [[390,844],[1280,800]]) test(`medicine ${w}`, async ({ page }) => {
  await page.setViewportSize({ width: w, height: h });
  const app = await openApp(page);
  await app.create("Ix", "Ada");
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  const med = page.getByRole("region", { name: "Medicine", exact: true });
  await med.getByLabel("Healer", { exact: true }).selectOption({ label: "Ada" });
  await med.getByRole("button", { name: "Treat Wounds (Average)" }).click();
  await med.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/med-${w}.png` });
  await med.getByLabel("Healer", { exact: true }).selectOption({ label: "Someone the GM names" });
  await med.screenshot({ path: `/tmp/med-gm-${w}.png` });
});
