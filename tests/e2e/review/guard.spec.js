import { test, expect } from "@playwright/test";
import { openApp } from "../pages.js";
for (const [w,h] of [[390,844],[1280,800]]) test(`guard ${w}`, async ({ page }) => {
  await page.setViewportSize({ width: w, height: h });
  const app = await openApp(page);
  await app.create("Ix", "Vex");
  await app.card("Vex").getByRole("link", { name: "Vex" }).click();
  await page.getByRole("button", { name: "Defensive Guard" }).click();
  await app.openTray();
  await app.trayMode("Ix");
  await app.addDie("Ability die", 2);
  await app.tray().getByLabel("Attack on").selectOption({ label: "Vex (Defensive Guard)" });
  await page.screenshot({ path: `/tmp/guard-${w}.png` });
});
