import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTopic, TOPICS } from "../../lib/events";
import { defined } from "../../test/defined";
import { testLogger } from "../testing/db";
import { setupTestDatabase } from "../testing/setup";
import { openSse } from "../testing/sse-client";
import type { EventBus } from "./bus";
import { createFdBudget, type FdBudget } from "./fd-budget";
import { createSseHub, type SseHub, type StreamOptions } from "./sse";

const h = setupTestDatabase({ bus: true });
/** Any topic: the budget does not depend on what streams carry. */
const T = orderTopic("TRK-2026-BUDGET");

/**
 * A hub (made in beforeAll, once the database is open) behind a tiny HTTP server; each request
 * opens a stream with the options the test gives.
 */
function serve(makeHub: (opts: { bus: EventBus; logger: typeof testLogger }) => SseHub) {
  const pending: StreamOptions[] = [];
  const refusals: (string | null)[] = [];
  let hub: SseHub | null = null;
  const server = http.createServer((req, res) => {
    const refused = defined(hub, "hub (made in beforeAll)").open(
      req,
      res,
      pending.shift() ?? { topics: [T], address: "a" },
    );
    refusals.push(refused);
    if (refused) res.writeHead(429).end(refused);
  });
  let url = "";
  beforeAll(async () => {
    hub = makeHub({ bus: h.bus, logger: testLogger });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hub?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return {
    refusals,
    get hub() {
      if (!hub) throw new Error("the hub opens in beforeAll");
      return hub;
    },
    open(opts: StreamOptions, headers: Record<string, string> = {}) {
      pending.push(opts);
      return openSse(url, headers);
    },
  };
}

const ready = (s: ReturnType<typeof openSse>) => s.waitFor(() => s.messages.some((m) => m.event === "ready"));
const noFdLimit: FdBudget = {
  limit: null,
  baseline: 0,
  reserve: 0,
  streams: Number.POSITIVE_INFINITY,
  exhausted: () => false,
};

describe("stream budget", () => {
  let fdsExhausted = false;
  const srv = serve((deps) =>
    createSseHub({
      ...deps,
      limits: { perAddress: 2, max: 3, lifetimeMs: 60_000 },
      fdBudget: { ...noFdLimit, exhausted: () => fdsExhausted },
    }),
  );

  it("refuses a third stream from one address and a fourth in the process, and frees slots on close", async () => {
    const a1 = srv.open({ topics: [T], address: "198.51.100.1" });
    const a2 = srv.open({ topics: [T], address: "198.51.100.1" });
    await Promise.all([ready(a1), ready(a2)]);
    expect(srv.hub.admit("198.51.100.1")).toBe("address");
    const a3 = srv.open({ topics: [T], address: "198.51.100.1" });
    await a3.ended;
    expect(a3.status).toBe(429);
    const b1 = srv.open({ topics: [T], address: "198.51.100.2" });
    await ready(b1);
    expect(srv.hub.admit("198.51.100.3")).toBe("process");
    const c1 = srv.open({ topics: [T], address: "198.51.100.3" });
    await c1.ended;
    expect(c1.status).toBe(429);
    expect(srv.refusals.filter(Boolean)).toEqual(["address", "process"]);

    await a1.close();
    await expect.poll(() => srv.hub.size()).toBe(2);
    expect(srv.hub.admit("198.51.100.1")).toBeNull();
    expect(srv.hub.admit("198.51.100.3")).toBeNull();
    await Promise.all([a2.close(), b1.close()]);
  });

  it("refuses new streams while the process is short of file descriptors", async () => {
    fdsExhausted = true;
    try {
      expect(srv.hub.admit("198.51.100.9")).toBe("process");
    } finally {
      fdsExhausted = false;
    }
    expect(srv.hub.admit("198.51.100.9")).toBeNull();
  });

  it("never allows more streams than descriptors to hold them, counting what the process held before", () => {
    const budget = createFdBudget({ reserve: 100 });
    if (budget.limit) expect(budget.streams).toBe(budget.limit - budget.baseline - 100);
    const none = createSseHub({
      bus: h.bus,
      logger: testLogger,
      limits: { perAddress: 100, max: 5000, lifetimeMs: 60_000 },
      fdBudget: { ...noFdLimit, limit: 1000, baseline: 120, reserve: 880, streams: 0 },
    });
    expect(none.admit("x")).toBe("process");
    none.close();
  });
});

describe("stream lifetime", () => {
  const srv = serve((deps) =>
    createSseHub({ ...deps, limits: { perAddress: 10, max: 10, lifetimeMs: 400 }, fdBudget: noFdLimit }),
  );

  it("ends each stream after its lifetime; resuming from the last id loses and repeats nothing", async () => {
    const topic = orderTopic("TRK-2026-LIFE00");
    const received: number[] = [];
    const published: number[] = [];
    let publishing = true;
    let publisher: Promise<void> | null = null;
    let lastId: number | null = null;
    for (let round = 0; round < 4; round++) {
      const s = srv.open({ topics: [topic], address: "a", lastEventId: lastId });
      if (!publisher) {
        // Like a page: its data is current as of the first stream's start.
        await ready(s);
        publisher = (async () => {
          while (publishing) {
            published.push(await h.bus.publish(topic, "order.deleted", {}));
            await new Promise((r) => setTimeout(r, 15));
          }
        })();
      }
      await s.ended; // the server ends it; a browser would reconnect with Last-Event-ID
      for (const m of s.messages) {
        if (m.event === "order.deleted") received.push(Number(m.id));
        if (m.id) lastId = Number(m.id);
      }
    }
    publishing = false;
    await publisher;
    // What was published after the last stream ended arrives as the replay of the next one.
    const s = srv.open({ topics: [topic], address: "a", lastEventId: lastId });
    await ready(s);
    for (const m of s.messages) if (m.event === "order.deleted") received.push(Number(m.id));
    await s.close();
    expect(published.length).toBeGreaterThan(20);
    expect(received).toEqual(published);
  });
});

describe("staff streams and their session", () => {
  const live = new Map<string, boolean>();
  const srv = serve((deps) =>
    createSseHub({
      ...deps,
      limits: { perAddress: 10, max: 10, lifetimeMs: 60_000 },
      sessionCheckMs: 200,
      fdBudget: noFdLimit,
    }),
  );
  const staffStream = (userId: string, token: string) =>
    srv.open({
      topics: [TOPICS.staff],
      address: "a",
      session: { userId, isLive: async () => live.get(token) ?? false },
    });

  it("close as soon as their user's sessions are announced ended, and only those", async () => {
    live.set("ana-1", true).set("bea-1", true);
    const ana = staffStream("ana", "ana-1");
    const bea = staffStream("bea", "bea-1");
    await Promise.all([ready(ana), ready(bea)]);
    live.set("ana-1", false);
    const started = Date.now();
    await h.bus.publish(TOPICS.sessions, "sessions.ended", { userId: "ana" });
    await ana.ended;
    expect(Date.now() - started).toBeLessThan(200);
    expect(srv.hub.size()).toBe(1);
    await bea.close();
  });

  it("close at the next periodic check when a session ended without an announcement", async () => {
    live.set("cai-1", true);
    const cai = staffStream("cai", "cai-1");
    await ready(cai);
    live.set("cai-1", false); // e.g. expired, or deleted by a tool that announces nothing
    await cai.ended;
    expect(srv.hub.size()).toBe(0);
  });

  it("stay open while the session lives, and never deliver the session topic", async () => {
    live.set("dan-1", true);
    const dan = staffStream("dan", "dan-1");
    await ready(dan);
    await h.bus.publish(TOPICS.sessions, "sessions.ended", { userId: "someone-else" });
    const id = await h.bus.publish(TOPICS.staff, "order.changed", {
      id: "o1",
      trackingNumber: "TRK-2026-DAN000",
      action: "updated",
    });
    await dan.waitFor(() => dan.messages.some((m) => m.id === String(id)));
    await new Promise((r) => setTimeout(r, 450)); // two periodic checks
    expect(srv.hub.size()).toBe(1);
    expect(dan.messages.some((m) => m.event === "sessions.ended")).toBe(false);
    await dan.close();
  });
});
