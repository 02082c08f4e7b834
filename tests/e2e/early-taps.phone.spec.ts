import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdHydration } from "./hydration";
import { gotoReady } from "./public-helpers";

// Taps on the cart, the menu and the chat made before the page hydrates end as the same taps made
// after it (docs/decisions/0021-early-taps-and-forms-first.md): each sequence is tapped on a hydrated
// page, one tap after the other has shown its result, and on a page held before hydration, where
// the taps are queued (the menu opens natively) and replayed once it hydrates. A tap is a finger at
// the middle of its control as the page first shows: whatever is there by then takes it. Each tap
// comes once what the one before did has shown (nothing still sliding in), as a person taps.

type Control = "add" | "cart" | "menu" | "chat";
type State = { items: number; cart: boolean; menu: boolean; chat: boolean };
type Step = [Control, Partial<State>];

const CLOSED: State = { items: 0, cart: false, menu: false, chat: false };

// 'Rosquillas Somoteñas' (demo content) is the one product of this search: other tests add
// products named 'Rosquillas …' to the same database while this one runs.
const PAGE = "/tienda?q=somote";

const SEQUENCES: Record<string, Step[]> = {
  "add, then open the cart": [
    ["add", { items: 1 }],
    ["cart", { items: 1, cart: true }],
  ],
  "add three times": [
    ["add", { items: 1 }],
    ["add", { items: 2 }],
    ["add", { items: 3 }],
  ],
  "open the chat": [["chat", { chat: true }]],
  "chat twice: the second tap lands on the open chat": [
    ["chat", { chat: true }],
    ["chat", { chat: true }],
  ],
  "menu, then chat: the chat button is under the menu": [
    ["menu", { menu: true }],
    ["chat", { menu: true }],
  ],
  "cart, then chat: the chat button is under the cart": [
    ["cart", { cart: true }],
    ["chat", { cart: true }],
  ],
  "add, then the menu: both, in order": [
    ["add", { items: 1 }],
    ["menu", { items: 1, menu: true }],
  ],
  "menu, then add: the menu lies over the product": [
    ["menu", { menu: true }],
    ["add", { menu: true }],
  ],
  "chat, then add, then cart": [
    ["chat", { chat: true }],
    ["add", { chat: true }],
    ["cart", { chat: true }],
  ],
};

const controls = (page: Page) => ({
  add: page.getByRole("article").getByRole("button", { name: "Añadir al Carrito" }),
  cart: page.getByRole("banner").getByRole("button", { name: /^Carrito/ }),
  menu: page.getByRole("banner").getByRole("button", { name: "Abrir menú" }),
  chat: page.locator('button[aria-label="Abrir chat"]'),
});

/** Where each control is as the page first shows (the product scrolled into view first). */
async function places(page: Page): Promise<Record<Control, { x: number; y: number }>> {
  const c = controls(page);
  await c.add.scrollIntoViewIfNeeded();
  const out = {} as Record<Control, { x: number; y: number }>;
  for (const name of Object.keys(c) as Control[]) {
    const box = await c[name].boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    out[name] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  return out;
}

/** The chat is open and its panel on screen (it loads on first open; the button says open at once). */
async function chatShown(page: Page): Promise<boolean> {
  const launcher = page.locator('button[aria-label="Abrir chat"]');
  const panel = await launcher.getAttribute("aria-controls");
  if ((await launcher.getAttribute("aria-expanded")) !== "true" || !panel) return false;
  return page.locator(`[id="${panel}"]`).isVisible();
}

/** Read without role locators: an open cart (modal) hides the rest of the page from them. */
/** A person taps again once what the last tap did has shown: no sheet or menu still sliding in. */
async function stands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

async function state(page: Page): Promise<State> {
  const label = (await page.locator('header button[aria-label^="Carrito"]').getAttribute("aria-label")) ?? "";
  return {
    items: Number(/(\d+) producto/.exec(label)?.[1] ?? 0),
    cart: await page.getByRole("dialog", { name: "Tu carrito" }).isVisible(),
    menu: await page.locator("#menu-movil").isVisible(),
    chat: await chatShown(page),
  };
}

test.describe("taps before hydration end as the same taps after it", () => {
  for (const [name, steps] of Object.entries(SEQUENCES)) {
    test(name, async ({ page, browser, baseURL }) => {
      const final = { ...CLOSED, ...steps.at(-1)?.[1] };

      // After hydration: each tap once the previous one has shown its result.
      await gotoReady(page, PAGE);
      const at = await places(page);
      for (const [control, after] of steps) {
        await page.touchscreen.tap(at[control].x, at[control].y);
        await expect.poll(() => state(page)).toEqual({ ...CLOSED, ...after });
        await stands(page);
      }

      // Before hydration, in a browser of its own (an empty cart): the same taps, at once.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        baseURL,
      });
      try {
        const early = await context.newPage();
        const held = await holdHydration(early);
        await held.goto(PAGE);
        const there = await places(early);
        expect(there).toEqual(at);
        for (const [control] of steps) {
          await early.touchscreen.tap(there[control].x, there[control].y);
          await stands(early);
        }
        await held.hydrate();
        await expect(early.locator("html")).toHaveAttribute("data-taps-replayed", /\d+/);
        await expect.poll(() => state(early)).toEqual(final);
      } finally {
        await context.close();
      }
    });
  }
});
