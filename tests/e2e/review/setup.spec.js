import { test, expect } from "@playwright/test";
import { openApp } from "../pages.js";
for (const [w,h] of [[390,844],[1280,800]]) test(`setup ${w}`, async ({ page }) => {
  await page.setViewportSize({ width: w, height: h });
  const app = await openApp(page);
  await app.openCreate();
  await page.getByRole("radio", { name: /^Ix/ }).check();
  await page.getByRole("textbox", { name: "Name" }).fill("Vex");
  await page.screenshot({ path: `/tmp/create-${w}.png` });
  await page.getByRole("button", { name: "Create and set up" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/setup-${w}.png` });
  await page.getByRole("button", { name: "Next" }).click();
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/setup2-${w}.png` });
});
