// Screenshots of pages at phone (390 px) and desktop (1280 px) widths, for looking at changes.
//   node scripts/screenshots.mjs http://127.0.0.1:3000 out-dir / /tienda /admin-login
// Set LOGIN_EMAIL / LOGIN_PASSWORD to sign in first (for staff pages).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const [label, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: label === "phone" });
  const page = await context.newPage();
  if (process.env.LOGIN_EMAIL) {
    await page.goto(`${base}/admin-login`);
    await page.getByLabel("Correo electrónico").fill(process.env.LOGIN_EMAIL);
    await page.getByLabel("Contraseña").fill(process.env.LOGIN_PASSWORD ?? "");
    await page.getByRole("button", { name: "Iniciar Sesión" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/admin-login"));
  }
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = `${label}${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL === "1" });
    console.log(path.join(outDir, name));
  }
  await context.close();
}
await browser.close();
