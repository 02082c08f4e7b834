import { describe, expect, it } from "vitest";
import { openSse } from "../../app/.server/testing/sse-client";
import { freshIp, from, logProblems, routeData, setupSite, signIn } from "./harness";

// Tracking is private by default (docs/product.md §2.9): whoever holds a tracking number sees the
// status and the history, never the customer's address, full phone or full name, in any of the
// three ways the site answers: the server-rendered page, its data requests and its live stream.
const site = setupSite();

const NAME = "Valentina Castillo Ruiz";
const ADDRESS = "Reparto Schick, casa 14";
const SECRETS = /Reparto Schick|50581239876|8123\s?9876|Castillo/;

type Order = { id: string; trackingNumber: string };

async function newOrder(cookie: string): Promise<Order> {
  const tag = `Priv${Date.now()}`;
  const created = await routeData(site, "/admin/orders", {
    cookie,
    form: new URLSearchParams({
      intent: "create",
      customerName: NAME,
      customerPhone: "8123 9876",
      customerPhoneCountry: "NI",
      customerAddress: ADDRESS,
      orderDescription: `Caja ${tag}`,
      destination: "NI",
    }),
  });
  expect(created.status).toBe(200);
  const list = await routeData(site, `/admin/orders?q=${encodeURIComponent(NAME)}`, { cookie });
  const orders = (
    list.value["routes/admin/orders/route"] as { data: { orders: (Order & { orderDescription: string })[] } }
  ).data.orders;
  const order = orders.find((o) => o.orderDescription === `Caja ${tag}`);
  if (!order) throw new Error("order not created");
  return order;
}

const page = (tn: string, headers: Record<string, string>) =>
  fetch(`${site.url}/seguimiento?numero=${tn}`, { headers, redirect: "manual" });

describe("a look-up by tracking number alone", () => {
  it("never shows the address, the phone or the full name: HTML, data request and live stream", async () => {
    const cookie = await signIn(site);
    const order = await newOrder(cookie);
    const ip = freshIp();

    const res = await page(order.trackingNumber, from(ip));
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    expect(html).toContain(order.trackingNumber);
    expect(html).toContain("Valentina R.");
    expect(html).toContain("Últimos 4 dígitos del teléfono");
    expect(html).not.toMatch(SECRETS);

    const data = await fetch(`${site.url}/seguimiento.data?numero=${order.trackingNumber}`, {
      headers: from(ip),
    });
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toMatch(/no-store/);
    const body = await data.text();
    expect(body).toContain("Valentina R.");
    expect(body).not.toMatch(SECRETS);

    // The live stream, while staff change the status with a note, edit the address and add a note.
    const stream = openSse(`${site.url}/events/track/${order.trackingNumber}`, from(ip));
    await stream.waitFor(() => stream.messages.some((m) => m.event === "ready"));
    const changes: Record<string, string>[] = [
      { intent: "event", id: order.id, status: "enviando", note: "Salió de Miami", place: "Miami" },
      {
        intent: "update",
        id: order.id,
        customerName: NAME,
        customerPhone: "+505 8123 9876",
        customerAddress: `${ADDRESS}, frente al parque`,
        orderDescription: "Caja",
        status: "en_reparto",
        eventNote: "En camino",
      },
      { intent: "event", id: order.id, note: "Llegó a Managua", place: "Managua" },
    ];
    for (const form of changes) {
      const r = await routeData(site, "/admin/orders", { cookie, form: new URLSearchParams(form) });
      expect(r.status, form.intent).toBe(200);
    }
    await stream.waitFor(() => stream.messages.filter((m) => m.event === "order.updated").length >= 3);
    const streamed = JSON.stringify(stream.messages);
    expect(streamed).toContain("Llegó a Managua");
    expect(streamed).toContain("Valentina R.");
    expect(streamed).not.toMatch(SECRETS);
    await stream.close();

    // A replay from the start carries no more than the live stream did.
    const replay = openSse(`${site.url}/events/track/${order.trackingNumber}?lastEventId=0`, from(freshIp()));
    await replay.waitFor(() => replay.messages.filter((m) => m.event === "order.updated").length >= 3);
    expect(JSON.stringify(replay.messages)).not.toMatch(SECRETS);
    await replay.close();
  });

  it("shows them after the last 4 digits of the order's phone, on that device only, also without JavaScript", async () => {
    const cookie = await signIn(site);
    const order = await newOrder(cookie);
    const ip = freshIp();
    const post = (digits: string, headers: Record<string, string> = {}) =>
      fetch(`${site.url}/seguimiento?numero=${order.trackingNumber}`, {
        method: "POST",
        headers: { ...from(ip), ...headers },
        body: new URLSearchParams({ intent: "unlock", digitos: digits }),
        redirect: "manual",
      });

    // A plain form post, as a browser without scripts sends it: wrong digits answer the page again.
    const wrong = await post("1234");
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("Los dígitos no coinciden con el teléfono del pedido.");
    expect(wrongHtml).not.toMatch(SECRETS);

    const right = await post("9876");
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/seguimiento?numero=${order.trackingNumber}`);
    const setCookie = right.headers.getSetCookie().find((c) => c.startsWith("mm_track="));
    expect(setCookie).toMatch(/HttpOnly/i);
    const device = (setCookie ?? "").split(";")[0] ?? "";

    const unlocked = await (await page(order.trackingNumber, { ...from(ip), cookie: device })).text();
    expect(unlocked).toContain(NAME);
    expect(unlocked).toContain(ADDRESS);
    expect(unlocked).toContain("+505 8123 9876");
    // Another device (no cookie) still sees the public view.
    expect(await (await page(order.trackingNumber, from(freshIp()))).text()).not.toMatch(SECRETS);
  });

  it("never shows the internal note, whatever the status; the customer's note shows as 'Notas Adicionales'", async () => {
    const cookie = await signIn(site);
    const order = await newOrder(cookie);
    const ip = freshIp();
    const INTERNAL = "Paga al recoger, cliente difícil";
    const stream = openSse(`${site.url}/events/track/${order.trackingNumber}`, from(ip));
    await stream.waitFor(() => stream.messages.some((m) => m.event === "ready"));
    // The unlocked view (the last 4 digits) shows the delivery details: still not the internal note.
    const unlocked = await fetch(`${site.url}/seguimiento?numero=${order.trackingNumber}`, {
      method: "POST",
      headers: from(ip),
      body: new URLSearchParams({ intent: "unlock", digitos: "9876" }),
      redirect: "manual",
    });
    const device =
      (unlocked.headers.getSetCookie().find((c) => c.startsWith("mm_track=")) ?? "").split(";")[0] ?? "";
    expect(device).not.toBe("");
    for (const [i, status] of ["en_local", "enviando", "en_reparto", "entregado", "cancelado"].entries()) {
      const customerNote = `Entregamos de 2 a 6, paso ${i}`;
      const saved = await routeData(site, "/admin/orders", {
        cookie,
        form: new URLSearchParams({
          intent: "update",
          id: order.id,
          customerName: NAME,
          customerPhone: "+505 8123 9876",
          customerAddress: ADDRESS,
          orderDescription: "Caja",
          status,
          customerNote,
          internalNote: `${INTERNAL} ${i}`,
        }),
      });
      expect(saved.status, status).toBe(200);
      for (const headers of [from(ip), { ...from(ip), cookie: device }]) {
        const html = await (await page(order.trackingNumber, headers)).text();
        expect(html, status).toContain("Notas Adicionales");
        expect(html, status).toContain(customerNote);
        expect(html, status).not.toContain(INTERNAL);
        const data = await fetch(`${site.url}/seguimiento.data?numero=${order.trackingNumber}`, { headers });
        const body = await data.text();
        expect(body, status).toContain(customerNote);
        expect(body, status).not.toContain(INTERNAL);
      }
      await stream.waitFor(() => JSON.stringify(stream.messages).includes(customerNote));
    }
    expect(JSON.stringify(stream.messages)).not.toContain(INTERNAL);
    await stream.close();
    // Staff still read it, in the orders list's data.
    const list = await routeData(site, `/admin/orders?q=${order.trackingNumber}`, { cookie });
    expect(JSON.stringify(list.value)).toContain(`${INTERNAL} 4`);
  });

  it("logged no server error along the way", () => {
    expect(logProblems(site.output())).toEqual([]);
  });
});
