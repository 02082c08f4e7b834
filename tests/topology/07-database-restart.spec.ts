import { spawnSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { query, ROOT } from "../../scripts/topology/topology.mjs";
import { expect, type Instance, test, upstreamOf } from "./fixtures";
import { createOrder, openChatWidget, staffReplies, staffSetsStatus, visitorSends } from "./helpers";

// The database may restart at any time (routine maintenance, a crash); the site may not. Both instances
// run under a steady write load while the Postgres cluster the tests run on restarts: both processes stay
// up, every write they acknowledged is stored, writes are acknowledged again afterwards, and the live
// streams (a visitor's chat, a tracking page) deliver what happens after the restart.

/** Restarts the Postgres cluster of TEST_DATABASE_URL (scripts/pg-test-cluster.sh restart). */
function restartPostgres(mode: "fast" | "immediate") {
  const dir = process.env.PG_TEST_DIR;
  if (!dir) throw new Error("PG_TEST_DIR is not set: run through node scripts/topology/run.mjs or .ci/run");
  const out = spawnSync(path.join(ROOT, "scripts", "pg-test-cluster.sh"), ["restart", dir, mode], {
    encoding: "utf8",
  });
  if (out.status !== 0) throw new Error(`pg-test-cluster.sh restart failed: ${out.stderr}`);
}

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

type Tally = {
  acked: { name: string; at: number; upstream: string }[];
  /** Orders whose creation was answered 503: a write refused must not have been stored. */
  refused: string[];
  statuses: Map<number, number>;
  /** 503 answers without Retry-After (a person, or a script, would not know when to try again). */
  noRetryAfter: number;
};

/** `writers` staff members creating orders in a loop through nginx until `stop()`. */
function writeLoad(staff: APIRequestContext, writers: number, prefix: string) {
  const tally: Tally = { acked: [], refused: [], statuses: new Map(), noRetryAfter: 0 };
  let running = true;
  let n = 0;
  const loops = Array.from({ length: writers }, async () => {
    while (running) {
      const name = `${prefix} ${n++}`;
      const res = await staff
        .post("/admin/orders", {
          form: { intent: "create", customerName: name, orderDescription: "Caja de carga" },
          timeout: 20_000,
        })
        .catch(() => null);
      const status = res?.status() ?? 0;
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
      if (res && status === 200) tally.acked.push({ name, at: Date.now(), upstream: upstreamOf(res) ?? "" });
      else if (status === 503) {
        tally.refused.push(name);
        if (!(Number(res?.headers()["retry-after"]) > 0)) tally.noRetryAfter++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  });
  return {
    tally,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

for (const mode of ["fast", "immediate"] as const) {
  test(`Postgres restarts (-m ${mode}) under write load: both instances live on, nothing acknowledged is lost, streams deliver after`, async ({
    open,
    topo,
    staffState,
    playwright,
  }) => {
    test.setTimeout(150_000);
    for (const i of topo.instances) if (!i.running()) await i.start();
    const pids = topo.instances.map((i) => i.pid());

    const staffApi = await playwright.request.newContext({
      baseURL: topo.url,
      storageState: await staffState("operador"),
    });
    const stamp = `${mode} ${Date.now()}`;
    const tracking = await createOrder(staffApi, topo.databaseUrl, `Cliente reinicio ${stamp}`);

    // Live streams on both instances: the visitor's chat and the tracking page on one, staff on the other.
    const staffChat = await open({ role: "operador", base: topo.pinned[1] });
    const staffOrders = await open({ role: "operador", base: topo.pinned[1] });
    const visitor = await open({ base: topo.pinned[0] });
    const tracker = await open({ base: topo.pinned[0] });
    await staffChat.goto("/admin/chat");
    await staffOrders.goto("/admin/orders");
    await tracker.goto(`/seguimiento?numero=${tracking}`);
    await expect(tracker.getByTestId("tracking-status")).toHaveText("En el local");
    await visitor.goto("/");
    const panel = await openChatWidget(visitor);
    await visitorSends(visitor, `Antes del reinicio ${stamp}`);
    await expect(staffChat.getByText("Nuevo Mensaje")).toBeVisible();
    // The toast's button may be replaced while it animates in.
    await expect(async () => {
      await staffChat.getByRole("button", { name: "Ver" }).click({ timeout: 2000 });
      await expect(staffChat.getByRole("log").getByText(`Antes del reinicio ${stamp}`)).toBeVisible({
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });

    // Writes on both instances: each create is an insert and an event in one transaction, so at any
    // moment clients of the pool are checked out in the middle of one.
    const load = writeLoad(staffApi, 12, `Carga ${stamp}`);
    await expect.poll(() => load.tally.acked.length, { timeout: 30_000 }).toBeGreaterThan(50);
    const restartedAt = Date.now();
    restartPostgres(mode);
    const restartedBy = Date.now();
    // Writes are acknowledged again, by both instances.
    await expect
      .poll(() => new Set(load.tally.acked.filter((a) => a.at > restartedBy).map((a) => a.upstream)).size, {
        timeout: 30_000,
        message: "both instances acknowledge writes after the restart",
      })
      .toBe(2);
    await load.stop();
    const { acked, statuses, noRetryAfter } = load.tally;
    console.log(
      `[topology] restart -m ${mode}: ${acked.length} writes acknowledged (${
        acked.filter((a) => a.at < restartedAt).length
      } before), answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );

    // Both processes are the ones that were running before the restart.
    expect(topo.instances.map((i: Instance) => i.running())).toEqual([true, true]);
    expect(topo.instances.map((i: Instance) => i.pid())).toEqual(pids);
    expect(pids.map(alive)).toEqual([true, true]);
    // Refusals during the restart were 503s asking to retry, never a 500 or nginx's 502.
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(noRetryAfter, "503 answers without Retry-After").toBe(0);

    // Every write answered 200 is stored exactly once, every write answered 503 not at all (an order
    // and its events commit together: a saved order is never answered 503, third round, finding 7).
    const rows = (await query(
      topo.databaseUrl,
      "select customer_name, tracking_number from orders where customer_name like $1",
      [`Carga ${stamp} %`],
    )) as { customer_name: string; tracking_number: string }[];
    const times = new Map<string, number>();
    for (const r of rows) times.set(r.customer_name, (times.get(r.customer_name) ?? 0) + 1);
    expect(acked.filter((a) => times.get(a.name) !== 1).map((a) => a.name)).toEqual([]);
    expect(load.tally.refused.filter((name) => times.has(name))).toEqual([]);
    // Every stored order's live event is there for its tracking page (the outbox never loses one).
    const announced = new Set(
      (
        (await query(
          topo.databaseUrl,
          "select topic from events where type = 'order.updated' and topic = any($1)",
          [rows.map((r) => `order:${r.tracking_number}`)],
        )) as { topic: string }[]
      ).map((r) => r.topic),
    );
    expect(
      rows.filter((r) => !announced.has(`order:${r.tracking_number}`)).map((r) => r.customer_name),
    ).toEqual([]);

    // The streams opened before the restart deliver what happens after it.
    await staffReplies(staffChat, `Después del reinicio ${stamp}`);
    await expect(panel.getByText(`Después del reinicio ${stamp}`)).toHaveCount(1, { timeout: 20_000 });
    await visitorSends(visitor, `Pregunta tras el reinicio ${stamp}`);
    await expect(staffChat.getByRole("log").getByText(`Pregunta tras el reinicio ${stamp}`)).toHaveCount(1, {
      timeout: 20_000,
    });
    // The load pushed the order off the list's first page: find it as staff would.
    await staffOrders.goto(`/admin/orders?q=${encodeURIComponent(`Cliente reinicio ${stamp}`)}`);
    await staffSetsStatus(staffOrders, tracking, "En reparto");
    await expect(tracker.getByTestId("tracking-status")).toHaveText("En reparto", { timeout: 20_000 });
    await expect(panel.getByText(`Antes del reinicio ${stamp}`)).toHaveCount(1);
    await staffApi.dispose();
  });
}
