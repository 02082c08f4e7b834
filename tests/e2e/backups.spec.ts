import fs from "node:fs";
import zlib from "node:zlib";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// 'Copias de seguridad' (docs/product.md §3.9): an admin makes a backup, sees it listed with its
// contents, downloads it, and finds both in 'Actividad'.

test.describe("as admin", () => {
  test.use({ signedInAs: "admin" });

  test("creates a backup, sees it listed with its contents and downloads the archive", {
    tag: "@any-screen",
  }, async ({ page }) => {
    test.setTimeout(180_000);
    await gotoReady(page, "/admin/backups");
    await expect(page.getByRole("heading", { name: "Copias de seguridad" })).toBeVisible();
    await page.getByRole("button", { name: "Crear copia ahora" }).click();

    // Progress while it runs, then the finished row: done, with the demo shop's counts.
    const list = page.locator("main").filter({ visible: true });
    await expect(list.getByText("Completa").filter({ visible: true }).first()).toBeVisible({
      timeout: 150_000,
    });
    await expect(
      list
        .getByText(/\d+ pedidos · \d+ conversaciones · \d+ productos · \d+ archivos/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Crear copia ahora" })).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: /^Descargar la copia/ })
        .filter({ visible: true })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^minimarket-\d{4}-\d{2}-\d{2}-\d{6}Z\.tar\.gz$/);
    const file = await download.path();
    // A gzip'd tar whose last entry is the manifest.
    const tar = zlib.gunzipSync(fs.readFileSync(file));
    expect(tar.includes(Buffer.from("manifest.json"))).toBe(true);
    expect(tar.includes(Buffer.from('"public.orders"'))).toBe(true);

    await gotoReady(page, "/admin/users/activity?tipo=backup");
    await expect(page.getByText("Copia de seguridad creada").filter({ visible: true }).first()).toBeVisible();
    await expect(
      page.getByText("Copia de seguridad descargada").filter({ visible: true }).first(),
    ).toBeVisible();
  });
});

test.describe("as operador", () => {
  test.use({ signedInAs: "operador" });

  test("has no 'Copias de seguridad' and is turned away from it", async ({ page }) => {
    await gotoReady(page, "/admin/chat");
    await expect(page.getByRole("link", { name: "Copias" })).toHaveCount(0);
    const res = await page.request.get("/admin/backups/00000000-0000-4000-8000-000000000000/descargar", {
      maxRedirects: 0,
    });
    expect(res.status()).toBeGreaterThanOrEqual(300);
    expect(res.headers()["content-type"] ?? "").not.toContain("gzip");
  });
});
