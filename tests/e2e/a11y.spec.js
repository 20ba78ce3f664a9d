import { test, expect } from "@playwright/test";
import { SHOTS, audit, openApp } from "./pages.js";


const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];


for (const theme of ["light", "dark"]) {
  test(`every screen passes axe and is photographed (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const app = await openApp(page);
    const screens = [];
    const shoot = async (name) => {
      screens.push(name);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${size.name}.png`, fullPage: true });
      }
      await page.setViewportSize(SIZES[0]);
      await audit(page, `${name} (${theme})`);
    };

    await shoot("roster-empty");
    await app.openCreate();
    await shoot("roster-create");
    await page.getByRole("button", { name: "Cancel" }).click();
    await app.create("Ix", "Vex Arrandi");
    await app.create("Expedition", "Rook of the Ninth Lantern");
    await app.create("Ix", "Sable");
    await shoot("roster");
    await app.remove("Sable");
    await shoot("roster-undo");
    await page.getByRole("button", { name: "Rename Rook of the Ninth Lantern" }).click();
    await shoot("roster-rename");
    await page.getByRole("button", { name: "Cancel" }).click();
    await app.go("Table");
    await shoot("table");
    await app.go("Settings");
    await shoot("settings");
    await page.getByRole("button", { name: "Dice" }).click();
    await expect(page.getByRole("dialog", { name: "Dice tray" })).toBeVisible();
    await shoot("tray");
    await app.trayMode("Ix");
    await app.addDie("Ability die", 2);
    await app.addDie("Mastery die");
    await app.addDie("Boon die");
    await app.addDie("Trial die", 2);
    await app.addDie("Crisis die");
    await app.addDie("Bane die");
    await app.roll();
    await expect(app.result()).toBeVisible();
    await shoot("tray-ix");
    await app.trayMode("Expedition");
    await app.tray().getByRole("button", { name: "Work out Ob from factors" }).click();
    await app.roll();
    await expect(app.result()).toBeVisible();
    await shoot("tray-expedition");
    await app.trayMode("Log");
    await shoot("tray-log");
    expect(screens).toHaveLength(11);
    await app.close();
  });
}
