import { describe, expect, it } from "vitest";
import { openSse } from "../../app/.server/testing/sse-client";
import { freshIp, from, logProblems, routeData, type Site, setupSite, signIn } from "./harness";

// Findings 2 (no cap, no lifetime), 4 (staff streams outlive their session) and 10 (a deleted
// order stays readable from the tracking stream's replay).
const site = setupSite({
  STREAMS_PER_ADDRESS: "3",
  STREAMS_MAX: "8",
  STREAM_LIFETIME_SECONDS: "5",
  TRACKING_LOOKUPS_PER_MINUTE: "12",
});

const ready = (s: ReturnType<typeof openSse>) => s.waitFor(() => s.messages.some((m) => m.event === "ready"));

type Order = { id: string; trackingNumber: string };

async function createOrder(s: Site, cookie: string, name: string): Promise<Order> {
  const created = await routeData(s, "/admin/orders", {
    cookie,
    form: new URLSearchParams({ intent: "create", customerName: name, orderDescription: "Caja a Managua" }),
  });
  expect(created.status).toBe(200);
  const list = await routeData(s, `/admin/orders?q=${encodeURIComponent(name)}`, { cookie });
  const orders = (list.value["routes/admin/orders/route"] as { data: { orders: Order[] } }).data.orders;
  const order = orders[0];
  if (!order) throw new Error("order not created");
  return order;
}

describe("finding 2: live streams have a cap and a lifetime", () => {
  it("refuses the fourth stream from one address with a clear 429, and frees the slot on close", async () => {
    const ip = freshIp();
    const cookie = await signIn(site, undefined, ip);
    const open = [0, 1, 2].map(() => openSse(`${site.url}/events/staff`, { cookie, ...from(ip) }));
    await Promise.all(open.map(ready));
    const res = await fetch(`${site.url}/events/staff`, { headers: { cookie, ...from(ip) } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect((await res.json()).error).toMatch(/Demasiadas conexiones en vivo abiertas desde tu red/);
    await open[0]?.close();
    const again = openSse(`${site.url}/events/staff`, { cookie, ...from(ip) });
    await ready(again);
    await Promise.all([again, ...open.slice(1)].map((s) => s.close()));
  });

  it("refuses streams beyond the process cap while /healthz keeps answering", async () => {
    const cookie = await signIn(site);
    const held = [];
    for (let i = 0; i < 8; i++)
      held.push(openSse(`${site.url}/events/staff`, { cookie, ...from(freshIp()) }));
    await Promise.all(held.map(ready));
    const res = await fetch(`${site.url}/events/staff`, { headers: { cookie, ...from(freshIp()) } });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toMatch(/El servidor tiene demasiadas conexiones en vivo/);
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(200);
    await Promise.all(held.map((s) => s.close()));
  });

  it("ends a stream after its lifetime; the reconnect resumes with nothing lost or repeated", async () => {
    const cookie = await signIn(site);
    const first = openSse(`${site.url}/events/staff`, { cookie });
    await ready(first);
    const order = await createOrder(site, cookie, `Vida ${Date.now()}`);
    await first.ended; // within 5 s
    const seen = first.messages.filter((m) => m.event === "order.changed").map((m) => m.id);
    const lastId = first.messages.filter((m) => m.id).at(-1)?.id ?? "0";
    // Changed while no stream was open: what the browser's reconnect must get.
    const moved = await routeData(site, "/admin/orders", {
      cookie,
      form: new URLSearchParams({ intent: "status", id: order.id, status: "enviando" }),
    });
    expect(moved.status).toBe(200);
    const second = openSse(`${site.url}/events/staff`, { cookie, "Last-Event-ID": lastId });
    await second.waitFor(() => second.messages.some((m) => m.event === "order.changed"));
    const resumed = second.messages.filter((m) => m.event === "order.changed").map((m) => m.id);
    expect(seen).toHaveLength(1);
    expect(resumed).toHaveLength(1);
    expect(resumed.some((id) => seen.includes(id))).toBe(false);
    await second.close();
  });
});

describe("finding 4: staff streams close with their session", () => {
  it("signing out ends the stream at once, instead of 66 s of visitor messages", async () => {
    const cookie = await signIn(site);
    const s = openSse(`${site.url}/events/staff`, { cookie });
    await ready(s);
    const started = Date.now();
    const out = await fetch(`${site.url}/logout`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3000);
    const again = await fetch(`${site.url}/events/staff`, { headers: { cookie } });
    expect(again.status).toBe(401);
  });
});

describe("finding 10: a deleted order is not readable from the tracking stream", () => {
  it("forgets the order's events and refuses its stream, even resuming from id 0", async () => {
    const cookie = await signIn(site);
    const order = await createOrder(site, cookie, `Borrado ${Date.now()}`);
    const ip = freshIp();
    const stream = openSse(`${site.url}/events/track/${order.trackingNumber}`, from(ip));
    await ready(stream);
    await routeData(site, "/admin/orders", {
      cookie,
      form: new URLSearchParams({ intent: "status", id: order.id, status: "enviando" }),
    });
    await stream.waitFor(() => stream.messages.some((m) => m.event === "order.updated"));
    expect(JSON.stringify(stream.messages)).toContain("Borrado");
    const deleted = await routeData(site, "/admin/orders", {
      cookie,
      form: new URLSearchParams({ intent: "delete", id: order.id }),
    });
    expect(deleted.status).toBe(200);
    await stream.waitFor(() => stream.messages.some((m) => m.event === "order.deleted"));
    await stream.close();

    const replay = await fetch(`${site.url}/events/track/${order.trackingNumber}?lastEventId=0`, {
      headers: from(ip),
    });
    expect(replay.status).toBe(404);
    const body = await replay.text();
    expect(body).not.toContain("Borrado");
    expect(JSON.parse(body).error).toBe("Pedido no encontrado. Verifica el número de tracking.");
  });

  it("opening tracking streams counts against the look-up limit", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const res = await fetch(`${site.url}/events/track/TRK-2020-NOPE${String(i).padStart(2, "0")}`, {
        headers: from(ip),
      });
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 12).every((s) => s === 404)).toBe(true);
    expect(statuses[12]).toBe(429);
    const page = await fetch(`${site.url}/seguimiento?numero=TRK-2020-NOPE99`, { headers: from(ip) });
    expect(page.status).toBe(429);
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
