import { expect, test } from "./fixtures";
import { gotoReady } from "./public-helpers";

// Staff work from small phones between customers: no staff screen scrolls sideways at 320 px.
test.use({ signedInAs: "admin", viewport: { width: 320, height: 700 } });

for (const path of [
  "/admin",
  "/admin/chat",
  "/admin/chat/respuestas",
  "/admin/orders",
  "/admin/users",
  "/admin/users/activity",
  "/admin/content",
  "/admin/hero-images",
]) {
  test(`${path} fits a 320 px screen`, async ({ page }) => {
    await gotoReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}
