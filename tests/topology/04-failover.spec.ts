import type { Page } from "@playwright/test";
import { defined } from "../../app/test/defined";
import { expect, type Instance, test, upstreamOf } from "./fixtures";
import { createOrder, openChatWidget, staffReplies, staffSetsStatus, visitorSends } from "./helpers";

// Records when each live stream (EventSource) of the page opens, to see reconnections and time them.
function recordStreamOpens(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __opens: { t: number; url: string }[] };
    w.__opens = [];
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("open", () => w.__opens.push({ t: Date.now(), url: String(url) }));
      }
    };
  });
}
const opensAfter = (page: Page, t: number) =>
  page.evaluate(
    (t0) =>
      (window as unknown as { __opens: { t: number }[] }).__opens.filter((o) => o.t > t0).map((o) => o.t),
    t,
  );

/** Waits until nginx sends requests to `instance` again (after a failure nginx waits fail_timeout, 5 s). */
async function servedThroughNginx(url: string, instance: Instance) {
  const address = `127.0.0.1:${instance.port}`;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${url}/healthz`);
        await res.arrayBuffer();
        return upstreamOf({ headers: () => Object.fromEntries(res.headers) } as never);
      },
      { timeout: 30_000, intervals: [200], message: `nginx sends requests to ${instance.name} again` },
    )
    .toBe(address);
}

for (const signal of ["SIGTERM", "SIGKILL"] as const) {
  test(`${signal} of the instance holding the streams: browsers resume on the other, nothing lost or repeated`, async ({
    open,
    topo,
    staffState,
    playwright,
  }, testInfo) => {
    const [victim, survivor] = topo.instances as [Instance, Instance];
    for (const i of topo.instances) if (!i.running()) await i.start();
    // Every stream opens on `victim`: the other instance is stopped while the pages load.
    await survivor.stop("SIGTERM");

    const staffApi = await playwright.request.newContext({
      baseURL: topo.url,
      storageState: await staffState("operador"),
    });
    const tracking = await createOrder(
      staffApi,
      topo.databaseUrl,
      `Cliente failover ${signal} ${Date.now()}`,
    );
    await staffApi.dispose();

    const staffChat = await open({ role: "operador" });
    const staffOrders = await open({ role: "operador" });
    const visitor = await open();
    const tracker = await open();
    for (const p of [staffChat, staffOrders, visitor, tracker]) await recordStreamOpens(p);
    await staffChat.goto("/admin/chat");
    await staffOrders.goto("/admin/orders");
    await tracker.goto(`/seguimiento?numero=${tracking}`);
    await expect(tracker.getByTestId("tracking-status")).toHaveText("En el local");
    await visitor.goto("/");
    const panel = await openChatWidget(visitor);
    const stamp = `${signal} ${Date.now()}`;
    await visitorSends(visitor, `Primera pregunta ${stamp}`);
    await expect(staffChat.getByText("Nuevo Mensaje")).toBeVisible();
    await staffChat.getByRole("button", { name: "Ver" }).click();
    await staffReplies(staffChat, `Respuesta previa ${stamp}`);
    await expect(panel.getByText(`Respuesta previa ${stamp}`)).toHaveCount(1);
    for (const p of [staffChat, staffOrders, visitor, tracker]) {
      await expect
        .poll(() => opensAfter(p, 0).then((o) => o.length), { message: "stream open" })
        .toBeGreaterThan(0);
    }

    await survivor.start();
    await servedThroughNginx(topo.url, survivor);
    const t0 = Date.now();
    await victim.stop(signal);

    // While the browsers reconnect, staff write and change the order through nginx (now the survivor).
    await staffReplies(staffChat, `Respuesta durante el corte ${stamp}`);
    await staffSetsStatus(staffOrders, tracking, "En reparto");

    // Each page's stream opened again, through nginx, on the survivor.
    for (const p of [staffChat, staffOrders, visitor, tracker]) {
      await expect
        .poll(() => opensAfter(p, t0).then((o) => o.length), { timeout: 20_000 })
        .toBeGreaterThan(0);
    }
    const gap = defined((await opensAfter(visitor, t0))[0], "the visitor's stream opening again") - t0;
    testInfo.annotations.push({ type: "failover-gap-ms", description: `${signal}: ${gap}` });
    console.log(`[topology] failover gap after ${signal}: visitor's chat stream live again after ${gap} ms`);

    // Nothing lost, nothing repeated.
    await expect(panel.getByText(`Respuesta durante el corte ${stamp}`)).toHaveCount(1, { timeout: 15_000 });
    await expect(panel.getByText(`Respuesta previa ${stamp}`)).toHaveCount(1);
    await expect(tracker.getByTestId("tracking-status")).toHaveText("En reparto", { timeout: 15_000 });
    await expect(
      tracker.getByRole("list", { name: "Historial del Pedido" }).getByRole("listitem"),
    ).toHaveCount(2);
    await visitorSends(visitor, `Después del corte ${stamp}`);
    const log = staffChat.getByRole("log");
    await expect(log.getByText(`Después del corte ${stamp}`)).toHaveCount(1);
    await expect(log.getByText(`Primera pregunta ${stamp}`)).toHaveCount(1);
    await expect(log.getByText(`Respuesta durante el corte ${stamp}`)).toHaveCount(1);

    // Started again, the instance gets traffic again.
    await victim.start();
    await servedThroughNginx(topo.url, victim);
  });
}
