import { beforeAll, describe, expect, it } from "vitest";
import { orderTopic, TOPICS } from "../../lib/events";
import { defined } from "../../test/defined";
import { attemptLogin } from "../auth/login";
import { announceSessionsEnded, deleteSession } from "../auth/sessions";
import { openPostgres } from "../db/client";
import { events } from "../db/schema";
import { type TestApp as App, startTestApp, withTwoInstances } from "../testing/app";
import { createTestDb, onPostgres } from "../testing/db";
import { sessionCookieHeader } from "../testing/routes";
import { setupTestApp } from "../testing/setup";
import { openSse } from "../testing/sse-client";

async function signIn(app: App): Promise<{ cookie: string; token: string; userId: string }> {
  const r = await attemptLogin(
    app.services.db,
    { email: "operador@example.com", password: "operador-pass-123", ip: "127.0.0.1" },
    { maxFailures: 5, windowMinutes: 15, session: { ttlHours: 1, maxDays: 30 } },
  );
  return { cookie: await sessionCookieHeader(r.token), token: r.token, userId: r.user.id };
}
const staffCookie = async (app: App) => (await signIn(app)).cookie;

const ids = (msgs: { id?: string; event: string }[], type: string) =>
  msgs.filter((m) => m.event === type).map((m) => Number(m.id));
/** A staff event whose payload tells one from another. */
const tick = (i: number | string) => ({ id: String(i) });
const orderChange = { id: "o1", trackingNumber: "TRK-2026-STAFF0", action: "updated" } as const;

describe("live-update channel", () => {
  const app = setupTestApp();
  let cookie: string;
  beforeAll(async () => {
    cookie = await staffCookie(app);
  });

  it("refuses the staff stream without a session", async () => {
    const res = await fetch(`${app.url}/events/staff`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Debes iniciar sesión." });
  });

  it("delivers staff events live, and only staff-topic events", async () => {
    const s = openSse(`${app.url}/events/staff`, { cookie });
    await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
    await app.services.bus.publish(orderTopic("TRK-2026-SECRET"), "order.deleted", {});
    const id = await app.services.bus.publish(TOPICS.staff, "order.changed", orderChange);
    await s.waitFor(() => s.messages.some((m) => m.id === String(id)));
    const evt = s.messages.find((m) => m.id === String(id));
    expect(JSON.parse(defined(evt, "the staff event").data)).toEqual({
      topic: "staff",
      payload: orderChange,
    });
    expect(s.messages.some((m) => m.data.includes("SECRET"))).toBe(false);
    await s.close();
  });

  it("after a dropped connection resumes with Last-Event-ID: nothing lost, nothing twice", async () => {
    const first = openSse(`${app.url}/events/staff`, { cookie });
    await first.waitFor(() => first.messages.some((m) => m.event === "ready"));
    const before = [];
    for (let i = 0; i < 3; i++)
      before.push(await app.services.bus.publish(TOPICS.staff, "chat.agent", tick(i)));
    await first.waitFor(() => ids(first.messages, "chat.agent").length === 3);
    await first.close(); // the connection drops
    await new Promise((r) => setTimeout(r, 50));
    expect(app.services.sse.size()).toBe(0);

    const missed = [];
    for (let i = 3; i < 8; i++)
      missed.push(await app.services.bus.publish(TOPICS.staff, "chat.agent", tick(i)));
    const lastSeen = defined(ids(first.messages, "chat.agent").at(-1), "a tick seen");
    const second = openSse(`${app.url}/events/staff`, { cookie, "Last-Event-ID": String(lastSeen) });
    await second.waitFor(() => second.messages.some((m) => m.event === "ready"));
    const live = await app.services.bus.publish(TOPICS.staff, "chat.agent", tick(8));
    await second.waitFor(() => ids(second.messages, "chat.agent").includes(live));

    const all = [...ids(first.messages, "chat.agent"), ...ids(second.messages, "chat.agent")];
    expect(all).toEqual([...before, ...missed, live]);
    expect(new Set(all).size).toBe(all.length);
    await second.close();
  });

  it("keeps visitor streams to their own topic", async () => {
    // A visitor stream is opened by a feature route with only that visitor's topic.
    const http = await import("node:http");
    const server = http.createServer((req, res) =>
      app.services.sse.open(req, res, {
        topics: [orderTopic("TRK-2026-MINE00")],
        lastEventId: 0,
        address: "127.0.0.1",
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const s = openSse(`http://127.0.0.1:${port}/`);
    await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
    await app.services.bus.publish(orderTopic("TRK-2026-OTHER0"), "order.deleted", {});
    await app.services.bus.publish(TOPICS.staff, "order.changed", orderChange);
    const mine = await app.services.bus.publish(orderTopic("TRK-2026-MINE00"), "order.deleted", {});
    await s.waitFor(() => s.messages.some((m) => m.id === String(mine)));
    const data = s.messages.filter((m) => m.event !== "ready").map((m) => JSON.parse(m.data).topic);
    expect(data).toEqual(["order:TRK-2026-MINE00"]);
    await s.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("closes a staff stream as soon as its session ends (logout, password reset)", async () => {
    const { cookie: own, token, userId } = await signIn(app);
    const s = openSse(`${app.url}/events/staff`, { cookie: own });
    await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
    await deleteSession(app.services.db, token);
    await announceSessionsEnded(app.services.bus, userId);
    await s.ended;
    expect((await fetch(`${app.url}/events/staff`, { headers: { cookie: own } })).status).toBe(401);
  });

  it("publishes several events at once in their order; concurrent publishers' events are heard once, in id order", async () => {
    const bus = app.services.bus;
    const heard: number[] = [];
    const stop = bus.subscribe((e) => heard.push(e.id));
    const ids = await bus.publishAll([
      { topic: TOPICS.staff, type: "chat.agent", payload: tick(1) },
      { topic: TOPICS.orderSettings, type: "order-settings.changed", payload: {} },
      { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: "3" } },
    ]);
    expect(heard).toEqual(ids);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const stored = await bus.since([TOPICS.staff, TOPICS.orderSettings], defined(ids[0], "first id") - 1);
    expect(stored.map((e) => [e.id, e.topic, e.type, e.payload])).toEqual([
      [ids[0], "staff", "chat.agent", { id: "1" }],
      [ids[1], "order-settings", "order-settings.changed", {}],
      [ids[2], "staff", "chat.contact", { contactId: "3" }],
    ]);

    const more = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? bus.publish(TOPICS.staff, "chat.agent", tick(i))
            : bus.publishAll([
                { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: String(i) } },
                { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: String(i) } },
              ]),
        ),
      )
    ).flat();
    stop();
    expect(more).toHaveLength(15);
    expect(heard).toEqual([...ids, ...[...more].sort((x, y) => x - y)]);
  });

  it("after ids a failed insert used up, the next events are still heard, once and in order", async () => {
    const { bus, db } = app.services;
    const heard: { id: number; payload: unknown }[] = [];
    const stop = bus.subscribe((e) => heard.push({ id: e.id, payload: e.payload }));
    // A transaction that inserts an event and rolls back leaves a gap in the ids.
    await db
      .transaction(async (tx) => {
        await tx.insert(events).values({ topic: "staff", type: "lost" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    const [a, b] = await Promise.all([
      bus.publish(TOPICS.staff, "chat.agent", tick(1)),
      bus.publish(TOPICS.staff, "chat.agent", tick(2)),
    ]);
    stop();
    // Two publishes at once may take their ids in either order (on Postgres each runs on a
    // connection of its own): what holds is that each is heard once, in the order of the ids.
    const published = [
      { id: a, payload: tick(1) },
      { id: b, payload: tick(2) },
    ].sort((x, y) => x.id - y.id);
    expect(heard).toEqual(published);
  });

  it("replays every missed event of the topic when a stream starts from an old id", async () => {
    const start = await app.services.bus.latestId();
    await app.services.bus.publish(TOPICS.staff, "chat.agent", tick("a"));
    await app.services.bus.publish(TOPICS.orderSettings, "order-settings.changed", {});
    await app.services.bus.publish(TOPICS.staff, "chat.contact", { contactId: "c" });
    const s = openSse(`${app.url}/events/staff?lastEventId=${start}`, { cookie });
    await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
    expect(s.messages.filter((m) => m.event !== "ready").map((m) => m.event)).toEqual([
      "chat.agent",
      "chat.contact",
    ]);
    await s.close();
  });
});

describe.runIf(onPostgres)("two instances on one Postgres", () => {
  it("an event raised on one instance reaches a subscriber on the other", async () => {
    const dbA = await createTestDb();
    const a = await startTestApp(dbA);
    const b = await startTestApp(await openPostgres(defined(dbA.url, "database url"), { max: 5 }));
    try {
      const cookie = await staffCookie(b);
      const s = openSse(`${b.url}/events/staff`, { cookie });
      await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
      const id = await a.services.bus.publish(TOPICS.staff, "chat.agent", tick("A"));
      await s.waitFor(() => s.messages.some((m) => m.id === String(id)), 3000);
      const heard = defined(
        s.messages.find((m) => m.id === String(id)),
        "the event from A",
      );
      expect(JSON.parse(heard.data).payload).toEqual({ id: "A" });
      await s.close();
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("events published together on one instance reach the other in their order", async () => {
    await withTwoInstances(async (a, b) => {
      const cookie = await staffCookie(b);
      const s = openSse(`${b.url}/events/staff`, { cookie });
      await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
      const sent = await a.services.bus.publishAll([
        { topic: TOPICS.staff, type: "chat.agent", payload: tick(1) },
        { topic: TOPICS.staff, type: "chat.contact", payload: { contactId: "2" } },
      ]);
      await s.waitFor(() => s.messages.some((m) => m.id === String(sent[1])), 3000);
      expect(s.messages.filter((m) => m.event !== "ready").map((m) => [Number(m.id), m.event])).toEqual([
        [sent[0], "chat.agent"],
        [sent[1], "chat.contact"],
      ]);
      await s.close();
    });
  });

  it("a live-only signal (typing) raised on one instance reaches the other's streams once, unstored", async () => {
    await withTwoInstances(async (a, b) => {
      const cookie = await staffCookie(b);
      const s = openSse(`${b.url}/events/staff`, { cookie });
      await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
      const before = await a.services.bus.latestId();
      const mine: unknown[] = [];
      const stop = a.services.bus.subscribe((e) => e.signal && mine.push(e));
      await a.services.bus.signal(TOPICS.staff, "chat.typing", { clientId: "x", typing: true, name: null });
      await s.waitFor(() => s.messages.some((m) => m.event === "chat.typing"), 3000);
      // Once on the other instance's stream, without an id; once (not twice) on its own instance.
      expect(s.messages.filter((m) => m.event === "chat.typing")).toHaveLength(1);
      expect(s.messages.find((m) => m.event === "chat.typing")?.id ?? "").toBe("");
      await new Promise((r) => setTimeout(r, 200));
      expect(mine).toHaveLength(1);
      stop();
      expect(await a.services.bus.latestId()).toBe(before);
      await s.close();
    });
  });

  it("a session ended on one instance closes its staff stream on the other", async () => {
    const dbA = await createTestDb();
    const a = await startTestApp(dbA);
    const b = await startTestApp(await openPostgres(defined(dbA.url, "database url"), { max: 5 }));
    try {
      const { cookie, token, userId } = await signIn(b);
      const s = openSse(`${b.url}/events/staff`, { cookie });
      await s.waitFor(() => s.messages.some((m) => m.event === "ready"));
      const started = Date.now();
      await deleteSession(a.services.db, token);
      await announceSessionsEnded(a.services.bus, userId);
      await s.ended;
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
