import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshIp, from, logProblems, routeData, setupSite, signIn } from "./harness";

// Second round, finding 2: web push endpoints could point at internal hosts (a blind request from the
// server, and the `status` intent told whether it answered 404/410); anyone with a tracking number
// could fill its 10 slots with junk. Endpoints are now https:443 at a browser vendor's push service
// (plus PUSH_ALLOWED_HOSTS), resolved and pinned to a public address.
const site = setupSite({ PUSH_SUBSCRIPTIONS_PER_ADDRESS: "12" });

const KEYS = { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" };

/** A listener on loopback that counts every connection made to it. */
let listener: net.Server;
let port = 0;
let connections = 0;
beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

let cookie = "";
let tracking = "";
let orderId = "";
beforeAll(async () => {
  cookie = await signIn(site);
  const name = `Push ${Date.now()}`;
  await routeData(site, "/admin/orders", {
    cookie,
    form: new URLSearchParams({ intent: "create", customerName: name, orderDescription: "Caja" }),
  });
  const list = await routeData(site, `/admin/orders?q=${encodeURIComponent(name)}`, { cookie });
  const orders = (
    list.value["routes/admin/orders/route"] as { data: { orders: { id: string; trackingNumber: string }[] } }
  ).data.orders;
  tracking = orders[0]?.trackingNumber ?? "";
  orderId = orders[0]?.id ?? "";
  expect(tracking).toMatch(/^TRK-/);
});

const orderPush = (fields: Record<string, string>, ip = freshIp()) =>
  fetch(`${site.url}/api/push/order`, {
    method: "POST",
    headers: from(ip),
    body: new URLSearchParams(fields),
  });

const internal = () => [
  `https://vm:${port}/d`,
  `https://localhost:${port}/d`,
  `https://localhost.:${port}/d`,
  `https://127.0.0.1:${port}/d`,
  `https://[::1]:${port}/d`,
  `https://metadata.google.internal/computeMetadata/v1/`,
  `https://127.0.0.1.nip.io:${port}/d`,
  `https://localtest.me:${port}/d`,
  `http://localhost:${port}/d`,
  `https://fcm.googleapis.com:${port}/d`,
];

describe("second round, finding 2: push only to push services", () => {
  it("refuses endpoints at internal hosts, anonymously and for staff, and nothing reaches the listener", async () => {
    for (const endpoint of internal()) {
      const res = await orderPush({ intent: "subscribe", trackingNumber: tracking, endpoint, ...KEYS });
      expect(res.status, endpoint).toBe(400);
      expect((await res.json()).message, endpoint).toBe("Este navegador no entregó una suscripción válida.");
      const staff = await routeData(site, "/api/push/staff", {
        cookie,
        form: new URLSearchParams({ intent: "subscribe", endpoint, ...KEYS }),
      });
      expect(staff.status, endpoint).toBe(400);
    }
    // A status change is what made the server connect before.
    const moved = await routeData(site, "/admin/orders", {
      cookie,
      form: new URLSearchParams({ intent: "status", id: orderId, status: "enviando" }),
    });
    expect(moved.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(connections).toBe(0);
  });

  it("a new browser replaces the oldest of an order's ten instead of being refused; the status tells nothing more", async () => {
    const endpoint = (n: number) => `https://fcm.googleapis.com/fcm/send/security-${n}`;
    for (let n = 0; n < 11; n++) {
      const res = await orderPush({
        intent: "subscribe",
        trackingNumber: tracking,
        endpoint: endpoint(n),
        ...KEYS,
      });
      expect(res.status, `subscription ${n}`).toBe(200);
    }
    const status = async (n: number) => {
      const res = await orderPush({ intent: "status", trackingNumber: tracking, endpoint: endpoint(n) });
      return ((await res.json()) as { extra?: { subscribed?: boolean } }).extra?.subscribed;
    };
    expect(await status(10)).toBe(true);
    expect(await status(0)).toBe(false);
  });

  it("limits new subscriptions per address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let n = 0; n < 13; n++) {
      const res = await orderPush(
        {
          intent: "subscribe",
          trackingNumber: tracking,
          endpoint: `https://updates.push.services.mozilla.com/wpush/v2/addr-${n}`,
          ...KEYS,
        },
        ip,
      );
      statuses.push(res.status);
      if (n === 12) expect((await res.json()).message).toMatch(/Demasiadas suscripciones desde tu red/);
    }
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
