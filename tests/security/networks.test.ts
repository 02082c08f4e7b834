import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { generateClientId } from "../../app/lib/chat";
import { atWindowStart, from, logProblems, OPERATOR, routeData, setupSite, signIn } from "./harness";

// Third round, finding 1: behind TRUST_PROXY, addresses inside one IPv6 /64 counted separately:
// tracking look-ups 60 of 60 allowed instead of 30, new chats 30 of 30, failed sign-ins 20 of 20,
// and 704 MB of chat photos in one minute used up the site-wide hourly photo quota, so an unrelated
// visitor's 3 KB photo was refused for the rest of the hour. Limits now count a /64 as one client.
// Finding 4: 20 wrong tries of the tracking page's 4 digits from anyone locked the customer out for
// 31 minutes; now the right digits from a network that has not tried still unlock.
const site = setupSite({
  TRACKING_LOOKUPS_PER_MINUTE: "30",
  LOGIN_MAX_FAILURES: "5",
  CHAT_PHOTO_MB_PER_CONVERSATION: "1",
  CHAT_PHOTO_MB_PER_ADDRESS: "2",
  CHAT_PHOTO_MB_PER_HOUR: "4",
});

/** Address `i` of one /64 (each a different address, as a phone may use any). */
const inNetwork = (prefix: string, i: number) =>
  `${prefix}:${(i + 1).toString(16)}:${randomBytes(2).toString("hex")}::1`;

const lookUp = (ip: string) =>
  fetch(`${site.url}/seguimiento?numero=TRK-2020-NET000`, { headers: from(ip) }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

const newChat = (ip: string) =>
  fetch(`${site.url}/api/chat/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", ...from(ip) },
    body: JSON.stringify({ clientId: generateClientId(), clientMessageId: randomUUID(), message: "Hola" }),
  }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

/** One photo in a new conversation from `ip`: the status. */
async function sendPhoto(ip: string, photo: Blob): Promise<number> {
  const form = new FormData();
  form.set("clientId", generateClientId());
  form.set("clientMessageId", randomUUID());
  form.set("image", photo, "foto.jpg");
  const res = await fetch(`${site.url}/api/chat/messages`, { method: "POST", headers: from(ip), body: form });
  await res.arrayBuffer();
  return res.status;
}

describe("third round, finding 1: an IPv6 client is its /64", () => {
  it("counts 60 tracking look-ups from 60 addresses of one /64 as one client: 30 allowed", async () => {
    await atWindowStart();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await lookUp(`2001:db8:aa:1::${(i + 1).toString(16)}`));
    expect(statuses.filter((s) => s === 404)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // Another /64, and an IPv4 client written as an IPv4-mapped address, count apart.
    expect(await lookUp("2001:db8:aa:2::1")).toBe(404);
    expect(await lookUp("::ffff:198.51.100.77")).toBe(404);
  });

  it("counts 30 new chats from 30 addresses of one /64 against one limit: 20 allowed", async () => {
    await atWindowStart(3_600_000, 120_000);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await newChat(`2001:db8:bb:1::${(i + 1).toString(16)}`));
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("counts 20 failed sign-ins from 20 addresses of one /64: past 5 the network waits", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${site.url}/admin-login`, {
        method: "POST",
        headers: from(inNetwork("2001:db8:cc:1", i)),
        body: new URLSearchParams({ email: OPERATOR.email, password: `adivinando-${i}` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });

  it("a /64 flooding chat photos leaves an unrelated IPv4 visitor able to send one", async () => {
    await atWindowStart(3_600_000, 180_000);
    // Noise does not compress: about 300–400 KB as a JPEG.
    const jpeg = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const photo = new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await sendPhoto(inNetwork("2001:db8:dd:1", i), photo));
    // The network's share (2 MB an hour) is used up, well before the hour's quota for everyone (4 MB).
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(
      Math.ceil((2 * 1024) / (photo.size / 1024)),
    );
    expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);
    const small = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c83" } })
      .jpeg()
      .toBuffer();
    expect(await sendPhoto("198.51.100.23", new Blob([new Uint8Array(small)], { type: "image/jpeg" }))).toBe(
      201,
    );
    // Up to 3 minutes waiting for a fresh hour (atWindowStart), then the uploads themselves.
  }, 330_000);
});

describe("third round, finding 4: guessing an order's 4 digits never locks its customer out", () => {
  let trackingNumber = "";
  beforeAll(async () => {
    const cookie = await signIn(site);
    const form = new URLSearchParams({
      intent: "create",
      customerName: "Rosa Pérez",
      customerPhone: "8888 4321",
      customerPhoneCountry: "NI",
      orderDescription: "Caja a Managua",
    });
    const res = await routeData(site, "/admin/orders", { cookie, form });
    expect(res.status).toBe(200);
    const list = await routeData(site, "/admin/orders?q=Rosa%20P%C3%A9rez", { cookie });
    const orders = (
      list.value["routes/admin/orders/route"] as { data: { orders: { trackingNumber: string }[] } }
    ).data.orders;
    trackingNumber = orders[0]?.trackingNumber ?? "";
    expect(trackingNumber).toMatch(/^TRK-/);
  });

  const unlock = (ip: string, digits: string) =>
    fetch(`${site.url}/seguimiento?numero=${trackingNumber}`, {
      method: "POST",
      headers: from(ip),
      body: new URLSearchParams({ digitos: digits }),
      redirect: "manual",
    }).then(async (r) => {
      await r.arrayBuffer();
      return { status: r.status, cookie: r.headers.getSetCookie().some((c) => c.startsWith("mm_track=")) };
    });

  it("the right last 4 digits unlock the order after 1,000 wrong tries from other networks", async () => {
    let refused = 0;
    for (let i = 0; i < 1000; i += 25) {
      const batch = Array.from({ length: 25 }, (_, j) => i + j);
      const answers = await Promise.all(
        batch.map((n) =>
          unlock(
            `2001:db8:${(0x100 + (n >> 8)).toString(16)}:${(n & 255).toString(16)}::9`,
            String((n % 9000) + 1000),
          ),
        ),
      );
      for (const a of answers) {
        expect([400, 429]).toContain(a.status);
        if (a.status === 429) refused++;
      }
    }
    // One try each: nobody was refused, and no guess unlocked anything.
    expect(refused).toBe(0);
    const customer = await unlock("198.51.100.200", "4321");
    expect(customer).toEqual({ status: 303, cookie: true });
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
