import { Window as HappyWindow } from "happy-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  afterEarlyTaps,
  captureEarlyTapsScript,
  GIVE_UP_MS,
  replayEarlyTaps,
  resetEarlyTapsForTest,
  tapsWaitFor,
} from "./early-taps";

type Win = Window & typeof globalThis;
type Box = { x: number; y: number; w: number; h: number };

/**
 * A fresh phone-sized page with the inline capture installed from the very text the server sends.
 * happy-dom lays nothing out, so each element named `data-name` gets a box here, and the page shows
 * at a point the last such element (in document order) that is not hidden and whose box holds it.
 */
function page(html: string) {
  const win = new HappyWindow({ url: "https://tienda.example/", width: 390, height: 844 }) as unknown as Win;
  win.document.body.innerHTML = html;
  new Function("window", captureEarlyTapsScript())(win);
  const log: string[] = [];
  const boxes = new Map<Element, Box>();
  const named = () => [...win.document.querySelectorAll("[data-name]")] as HTMLElement[];
  for (const el of named()) {
    el.addEventListener("click", () => log.push(el.dataset.name ?? ""));
    el.addEventListener("pointerdown", () => log.push(`${el.dataset.name}:pointerdown`));
    el.getBoundingClientRect = () => {
      const b = el.hidden ? undefined : boxes.get(el);
      return b ? new win.DOMRect(b.x, b.y, b.w, b.h) : new win.DOMRect(0, 0, 0, 0);
    };
  }
  const seen: number[][] = [];
  win.document.elementFromPoint = (x: number, y: number) => {
    seen.push([x, y]);
    const hits = named().filter((el) => {
      const b = el.getBoundingClientRect();
      return b.width > 0 && x >= b.left && x < b.right && y >= b.top && y < b.bottom;
    });
    return hits.at(-1) ?? win.document.body;
  };
  const get = (name: string) => win.document.querySelector(`[data-name="${name}"]`) as HTMLElement;
  const box = (name: string, x: number, y: number, w = 40, h = 40) => boxes.set(get(name), { x, y, w, h });
  /** A finger's tap (at the middle of the element's box, or at a point), or a keyboard click. */
  const tap = (name: string, at?: { x: number; y: number } | "key") => {
    const b = get(name).getBoundingClientRect();
    const point = at === "key" ? null : (at ?? { x: b.left + b.width / 2, y: b.top + b.height / 2 });
    const init = point
      ? { bubbles: true, cancelable: true, detail: 1, clientX: point.x, clientY: point.y }
      : { bubbles: true, cancelable: true, detail: 0 };
    return get(name).dispatchEvent(new win.MouseEvent("click", init));
  };
  const mark = () => {
    win.document.documentElement.dataset.hydrated = "true";
  };
  return { win, log, seen, get, tap, mark, box };
}

const BUTTONS =
  '<button type="button" data-name="cart">Carrito</button>' +
  '<button type="button" data-name="add">Añadir al Carrito</button>' +
  '<button type="button" data-name="chat">Abrir chat</button>';

/** The three buttons where the shop has them on a phone: header, a card, bottom right. */
function shop(extra = "") {
  const p = page(BUTTONS + extra);
  p.box("cart", 290, 12);
  p.box("add", 20, 400, 160, 44);
  p.box("chat", 318, 760, 56, 56);
  return p;
}

describe("taps before the page has hydrated", () => {
  beforeEach(() => resetEarlyTapsForTest());

  it("a tap on a script button stops at the window, and is replayed once the page is marked", async () => {
    const p = shop();
    expect(p.tap("chat")).toBe(false);
    expect(p.log).toEqual([]);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(1);
    expect(p.log).toEqual(["chat:pointerdown", "chat"]);
  });

  it("every tap is replayed once, in the order made, and never again", async () => {
    const p = shop();
    for (const name of ["add", "cart", "add", "chat"]) p.tap(name);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(4);
    expect(p.log.filter((l) => !l.includes(":"))).toEqual(["add", "cart", "add", "chat"]);
    expect(await replayEarlyTaps(p.win)).toBe(4);
    expect(p.log.filter((l) => !l.includes(":"))).toHaveLength(4);
  });

  it("links, form buttons and menu (popover) buttons are left to the browser while nothing waits", async () => {
    const p = page(
      '<a href="#precios" data-name="link">Precios</a>' +
        '<form><button data-name="submit">Consultar</button></form>' +
        '<button type="button" popovertarget="menu-movil" data-name="menu">Abrir menú</button>',
    );
    p.win.document.querySelector("form")?.addEventListener("submit", (e) => e.preventDefault());
    expect(p.tap("link", { x: 5, y: 5 })).toBe(true);
    expect(p.tap("submit", { x: 5, y: 5 })).toBe(true);
    expect(p.tap("menu", { x: 5, y: 5 })).toBe(true);
    expect(p.log).toEqual(["link", "submit", "menu"]);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(0);
  });

  it("once a tap waits, a link or menu tapped after it waits behind it, so their order holds", async () => {
    const p = shop('<a href="/contact" data-name="link">Contáctenos</a>');
    p.box("link", 20, 600, 120, 30);
    p.tap("cart");
    // Followed now, the link would leave the page before the cart tap was ever replayed.
    expect(p.tap("link")).toBe(false);
    expect(p.log).toEqual([]);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(2);
    expect(p.log).toEqual(["cart:pointerdown", "cart", "link:pointerdown", "link"]);
  });

  it("once the page is marked, a tap goes straight to the page and is not queued", async () => {
    const p = shop();
    p.mark();
    expect(p.tap("cart")).toBe(true);
    expect(p.log).toEqual(["cart"]);
    expect(await replayEarlyTaps(p.win)).toBe(0);
    expect(p.log).toEqual(["cart"]);
  });

  it("the replay waits for the mark, even when the page asks for it earlier", async () => {
    // React may hydrate the button before the root marks the page: a tap in between is queued.
    const p = shop();
    const replay = replayEarlyTaps(p.win);
    p.tap("cart");
    await new Promise((r) => setTimeout(r, 50));
    expect(p.log).toEqual([]);
    p.mark();
    expect(await replay).toBe(1);
    expect(p.log).toEqual(["cart:pointerdown", "cart"]);
  });

  it("the next tap waits for what the previous one started loading", async () => {
    const p = shop();
    let arrive = () => {};
    const sheet = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    p.get("cart").addEventListener("click", () => void tapsWaitFor(sheet));
    p.tap("cart");
    p.tap("chat");
    p.mark();
    const replay = replayEarlyTaps(p.win);
    await vi.waitFor(() => expect(p.log).toEqual(["cart:pointerdown", "cart"]));
    await new Promise((r) => setTimeout(r, 500));
    expect(p.log).toEqual(["cart:pointerdown", "cart"]);
    arrive();
    expect(await replay).toBe(2);
    expect(p.log).toEqual(["cart:pointerdown", "cart", "chat:pointerdown", "chat"]);
  });

  it("a tap whose place an earlier tap covered lands on what covers it, as a person's would", async () => {
    const p = shop(`<div data-name="sheet" hidden>Tu carrito</div>`);
    // The cart opens a sheet over the right 85 % of the screen, the chat button included.
    p.box("sheet", 59, 0, 331, 844);
    p.get("cart").addEventListener("click", () => p.get("sheet").removeAttribute("hidden"));
    p.tap("cart");
    p.tap("chat");
    p.mark();
    await replayEarlyTaps(p.win);
    expect(p.log).toEqual(["cart:pointerdown", "cart", "sheet:pointerdown", "sheet"]);
  });

  it("a button an earlier tap hid takes the tap where the finger was", async () => {
    // The open chat hides its button on a phone; the second tap lands on the chat panel.
    const p = shop('<div data-name="panel" hidden>Chat</div>');
    p.box("panel", 0, 100, 390, 744);
    p.get("chat").addEventListener("click", () => {
      p.get("panel").removeAttribute("hidden");
      p.get("chat").hidden = true;
    });
    p.tap("chat", { x: 340, y: 780 });
    p.tap("chat", { x: 341, y: 781 });
    p.mark();
    await replayEarlyTaps(p.win);
    expect(p.log).toEqual(["chat:pointerdown", "chat", "panel:pointerdown", "panel"]);
    expect(p.seen).toEqual([
      [340, 780],
      [341, 781],
    ]);
  });

  it("a tap follows its button when the page has scrolled since", async () => {
    const p = shop();
    p.tap("add", { x: 30, y: 410 });
    p.box("add", 20, 100, 160, 44);
    p.mark();
    await replayEarlyTaps(p.win);
    expect(p.seen).toEqual([[30, 110]]);
    expect(p.log).toEqual(["add:pointerdown", "add"]);
  });

  it("a tap from the keyboard goes to its button, and a button gone by then is skipped", async () => {
    const p = shop();
    p.tap("add", "key");
    p.tap("cart", "key");
    p.get("cart").remove();
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(2);
    expect(p.log).toEqual(["add"]);
  });

  it("a form's button that works without scripts too (data-early-tap) waits like a script button", async () => {
    const p = page('<form><button data-early-tap data-name="add">Añadir al Carrito</button></form>');
    p.box("add", 20, 400, 160, 44);
    const submitted: string[] = [];
    p.win.document.querySelector("form")?.addEventListener("submit", (e) => {
      e.preventDefault();
      submitted.push("add");
    });
    expect(p.tap("add")).toBe(false);
    expect(submitted).toEqual([]);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(1);
    expect(p.log).toEqual(["add:pointerdown", "add"]);
  });

  it("when the scripts never come, it gives up: the first tap on such a form's button is made natively", async () => {
    const p = page(
      '<form><button data-early-tap data-name="add">Añadir al Carrito</button></form>' +
        '<a href="#precios" data-name="link">Precios</a>',
    );
    const timers: { fn: () => void; ms: number }[] = [];
    p.win.setTimeout = ((fn: () => void, ms: number) => {
      timers.push({ fn, ms });
      return timers.length;
    }) as unknown as typeof p.win.setTimeout;
    const submitted: string[] = [];
    p.win.document.querySelector("form")?.addEventListener("submit", (e) => {
      e.preventDefault();
      submitted.push("add");
    });
    p.tap("add", { x: 5, y: 5 });
    p.tap("link", { x: 5, y: 5 });
    expect(timers.map((t) => t.ms)).toEqual([GIVE_UP_MS]);
    expect(submitted).toEqual([]);
    timers[0]?.fn();
    expect(submitted).toEqual(["add"]);
    // The queue is gone: a later tap is the browser's, and nothing is replayed twice.
    expect(p.tap("link", { x: 5, y: 5 })).toBe(true);
    p.mark();
    expect(await replayEarlyTaps(p.win)).toBe(0);
  });

  it("gives up on nothing when the page was marked in time", async () => {
    const p = shop();
    const timers: (() => void)[] = [];
    p.win.setTimeout = ((fn: () => void) => {
      timers.push(fn);
      return 1;
    }) as unknown as typeof p.win.setTimeout;
    p.tap("cart");
    p.mark();
    timers[0]?.();
    expect(p.log).toEqual([]);
  });

  it("work waiting for the early taps (a search typed early) runs after the last one", async () => {
    const p = shop();
    p.tap("add");
    p.tap("cart");
    const ran = new Promise<void>((resolve) =>
      afterEarlyTaps(() => {
        p.log.push("search");
        resolve();
      }, p.win),
    );
    p.mark();
    await replayEarlyTaps(p.win);
    await ran;
    expect(p.log.filter((l) => !l.includes(":"))).toEqual(["add", "cart", "search"]);
  });
});
