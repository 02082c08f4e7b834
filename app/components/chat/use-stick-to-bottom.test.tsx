import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useStickToBottom } from "./use-stick-to-bottom";

// happy-dom lays nothing out: each element's sizes come from its data attributes here, scrollTop is
// clamped as a browser clamps it, and ResizeObserver callbacks run when a test says the size changed.
const tops = new WeakMap<Element, number>();
const size = (el: HTMLElement, key: "sh" | "ch") => Number(el.dataset[key] ?? 0);
const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
const KEYS = ["scrollHeight", "clientHeight", "scrollTop"] as const;
const saved = KEYS.map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
let observers: Array<() => void> = [];

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "scrollHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return size(this, "sh");
    },
  });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return size(this, "ch");
    },
  });
  Object.defineProperty(HTMLElement.prototype, "scrollTop", {
    configurable: true,
    get(this: HTMLElement) {
      return tops.get(this) ?? 0;
    },
    set(this: HTMLElement, v: number) {
      tops.set(this, Math.max(0, Math.min(v, size(this, "sh") - size(this, "ch"))));
    },
  });
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private cb: () => void) {}
      observe() {
        observers.push(this.cb);
      }
      disconnect() {
        observers = observers.filter((o) => o !== this.cb);
      }
    },
  );
});
afterAll(() => {
  for (const [k, d] of saved) {
    if (d) Object.defineProperty(proto, k, d);
    else delete proto[k];
  }
  vi.unstubAllGlobals();
});
beforeEach(() => {
  observers = [];
});

let pin: () => void = () => {};
function Log() {
  const stick = useStickToBottom();
  pin = stick.pin;
  return (
    <div ref={stick.scroller} data-testid="log" data-sh="2000" data-ch="500">
      <div ref={stick.content} />
    </div>
  );
}

const log = () => screen.getByTestId("log");
/** The log's content is now `height` px tall (history arrived, a photo loaded). */
const grows = (height: number) =>
  act(() => {
    log().dataset.sh = String(height);
    for (const o of observers) o();
  });
/** The reader scrolls to `top`. */
const scrollsTo = (top: number) => {
  log().scrollTop = top;
  fireEvent.scroll(log());
};

describe("the visitor's log keeps the newest message in view (issue 41)", () => {
  it("opens at the bottom", () => {
    render(<Log />);
    expect(log().scrollTop).toBe(1500);
  });

  it("stays at the bottom while the content grows after it opened: late history, photos, fonts", () => {
    render(<Log />);
    grows(5000);
    expect(log().scrollTop).toBe(4500);
    grows(5300);
    expect(log().scrollTop).toBe(4800);
  });

  it("leaves a reader who scrolled up where they are, and sticks again once they are back down", () => {
    render(<Log />);
    scrollsTo(600);
    grows(2400);
    expect(log().scrollTop).toBe(600);
    scrollsTo(1880); // within a thumb of the bottom (1900)
    grows(2600);
    expect(log().scrollTop).toBe(2100);
  });

  it("is not taken for the reader scrolling when the content grows under a pinned log", () => {
    render(<Log />);
    log().dataset.sh = "2600";
    // A scroll event without the reader (the browser's own anchoring, say) moves the log down, not up.
    scrollsTo(1700);
    grows(2600);
    expect(log().scrollTop).toBe(2100);
  });

  it("goes to the bottom for what the visitor sends, even scrolled up", () => {
    render(<Log />);
    scrollsTo(100);
    act(() => pin());
    expect(log().scrollTop).toBe(1500);
    grows(2200);
    expect(log().scrollTop).toBe(1700);
  });
});
