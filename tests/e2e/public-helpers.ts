// Helpers shared by the public-page specs (tests/e2e/public-*.spec.ts).
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Opens a page and waits until React has hydrated all of it (the root's effect marks
 * `<html data-hydrated>`), so clicks reach their handlers instead of the server-rendered markup.
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Records the mailto: link the page opens instead of handing it to a mail app: the contact
 * form opens its link with a click, which this capturing listener cancels.
 */
export async function captureMailto(page: Page): Promise<() => Promise<string | null>> {
  await page.addInitScript(() => {
    document.addEventListener(
      "click",
      (e) => {
        const a = e.target instanceof Element ? e.target.closest("a") : null;
        if (a?.href.startsWith("mailto:")) {
          (window as unknown as { __mailto?: string }).__mailto = a.href;
          e.preventDefault();
        }
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { __mailto?: string }).__mailto ?? null);
}

/** Creates an order as the staff orders form posts it (`staff`: `staffRequest("admin")`); its tracking number. */
export async function createOrder(staff: APIRequestContext, customerName: string): Promise<string> {
  const res = await staff.post("/admin/orders.data", {
    form: { intent: "create", customerName, orderDescription: "Caja 20x20x20" },
  });
  const tracking = /TRK-\d{4}-[A-Z0-9]{6,}/.exec(await res.text())?.[0];
  if (!tracking)
    throw new Error(`E2E: creating an order answered HTTP ${res.status()} without a tracking number`);
  return tracking;
}

/** The conversations in the staff inbox, as the inbox page's data lists them (names and last messages). */
export async function inboxText(staff: APIRequestContext): Promise<string> {
  return (await staff.get("/admin/chat.data")).text();
}
