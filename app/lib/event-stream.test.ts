import { describe, expect, it } from "vitest";
import { defined } from "../test/defined";
import { EventStreamClient } from "./event-stream";
import type { StreamEvent } from "./events";

type Listener = (e: { data: string; lastEventId: string }) => void;

/** A scriptable stand-in for the browser's EventSource. */
class FakeSource {
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  listeners = new Map<string, Listener[]>();
  closed = false;
  constructor(public url: string) {}
  addEventListener(type: string, l: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  emit(type: string, id: number | "", data: unknown = {}) {
    for (const l of this.listeners.get(type) ?? [])
      l({ data: JSON.stringify(data), lastEventId: String(id) });
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.({});
  }
}

function setup(since?: number) {
  const sources: FakeSource[] = [];
  const timers: (() => void)[] = [];
  const events: StreamEvent[] = [];
  const status: boolean[] = [];
  let resets = 0;
  const client = new EventStreamClient(
    {
      url: "/events/staff",
      stream: "staff",
      types: ["order.changed"],
      since,
      onEvent: (e) => events.push(e),
      onReset: () => resets++,
      onStatus: (s) => status.push(s),
    },
    (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    (fn) => {
      timers.push(fn);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  const source = (i: number) => defined(sources[i], `stream ${i}`);
  return { client, sources, source, timers, events, status, resets: () => resets };
}

describe("EventStreamClient", () => {
  it("delivers events with their id, topic and payload", () => {
    const t = setup();
    t.client.start();
    const s = t.source(0);
    expect(s.url).toBe("/events/staff");
    s.open();
    s.emit("ready", 10);
    s.emit("order.changed", 11, { topic: "staff", payload: { id: "o1" } });
    expect(t.events).toEqual([{ id: 11, type: "order.changed", topic: "staff", payload: { id: "o1" } }]);
    expect(t.client.lastEventId).toBe(11);
    expect(t.status).toEqual([true]);
  });

  it("resumes from the page's render point on the first connection", () => {
    const t = setup(42);
    t.client.start();
    expect(t.source(0).url).toBe("/events/staff?lastEventId=42");
  });

  it("never delivers an event twice", () => {
    const t = setup();
    t.client.start();
    const s = t.source(0);
    s.emit("order.changed", 5, { topic: "staff", payload: 1 });
    s.emit("order.changed", 5, { topic: "staff", payload: 1 });
    s.emit("order.changed", 4, { topic: "staff", payload: 0 });
    expect(t.events.map((e) => e.id)).toEqual([5]);
  });

  it("lets the browser retry a dropped connection by itself", () => {
    const t = setup();
    t.client.start();
    t.source(0).fail(false);
    expect(t.sources).toHaveLength(1);
    expect(t.timers).toHaveLength(0);
    expect(t.status).toEqual([false]);
  });

  it("opens a new stream with the last id when the browser gave up", () => {
    const t = setup();
    t.client.start();
    const s = t.source(0);
    s.emit("order.changed", 7, { topic: "staff", payload: 1 });
    s.fail(true);
    expect(t.timers).toHaveLength(1);
    defined(t.timers[0], "retry timer")();
    expect(t.source(1).url).toBe("/events/staff?lastEventId=7");
  });

  it("reconnects at once on wake when closed, and not when open", () => {
    const t = setup();
    t.client.start();
    t.source(0).open();
    t.client.wake();
    expect(t.sources).toHaveLength(1);
    t.source(0).fail(true);
    t.client.wake();
    expect(t.sources).toHaveLength(2);
  });

  it("asks for a reload after a reset and stops cleanly", () => {
    const t = setup();
    t.client.start();
    t.source(0).emit("reset", 99);
    expect(t.resets()).toBe(1);
    expect(t.client.lastEventId).toBe(99);
    t.client.stop();
    expect(t.source(0).closed).toBe(true);
  });
});
