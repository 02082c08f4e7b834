// 'Añadir novedad a todos' on a shipment of 40 parcels (issue 39), among 10,000 orders on the
// embedded database, with each parcel's tracking page listening on its live stream.
//   npm run build && node bench/shipments.mjs [--parcels 40] [--rounds 5] [--orders 10000]
// Figures per round: the staff request's answer, the time until the last of the 40 streams heard
// the event, and the server CPU the batch took. Target: the batch under 2 s on PGlite.
// Loopback only; bounded in time (each round waits 10 s at most).
import os from "node:os";
import { insertOrders, trackingOf, withDatabase } from "./fixtures.mjs";
import { ms, startServer, tempDataDir } from "./lib.mjs";
import { cpuMs, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const PARCELS = Math.min(arg("parcels", 40), 500);
const ROUNDS = Math.min(arg("rounds", 5), 20);
const ORDERS = Math.max(arg("orders", 10_000), PARCELS);
const ADMIN = { email: "bench@example.com", password: "bench-pass-123" };
const env = {
  SEED_DEMO: "false",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  TRACKING_LOOKUPS_PER_MINUTE: "0",
  TRUST_PROXY: "loopback",
};
const numbers = Array.from({ length: PARCELS }, (_, i) => trackingOf(i));

/** A tracking page's live stream: resolves `heard(text)` when a message carrying `text` arrives. */
async function listen(url, ip) {
  const stop = new AbortController();
  const res = await fetch(url, {
    headers: { Accept: "text/event-stream", "X-Forwarded-For": ip },
    signal: stop.signal,
  });
  if (res.status !== 200) throw new Error(`stream ${url} answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const waiting = new Map();
  let text = "";
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        for (const [needle, resolve] of waiting) {
          if (text.includes(needle)) {
            waiting.delete(needle);
            resolve(performance.now());
          }
        }
        text = text.slice(-4000);
      }
    } catch {
      // closed
    }
  })();
  return {
    heard: (needle) => new Promise((resolve) => waiting.set(needle, resolve)),
    close: () => stop.abort(),
  };
}

/** A time on the shop's wall clock, as the event form's datetime-local sends it ('2026-12-02T18:30'). */
const shopClock = (d) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/New_York",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(d)
    .replace(" ", "T");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataDir = tempDataDir("shipments");
let server = await startServer({ DATA_DIR: dataDir, ...env });
const streams = [];
try {
  await server.stop();
  await withDatabase(dataDir, async (db) => {
    await insertOrders(db, ORDERS);
    // The shipment's parcels are all on their way (an event for all of them reaches all 40).
    await db.query(`update orders set status = 'en_local' where tracking_number = any($1)`, [numbers]);
  });
  server = await startServer({ DATA_DIR: dataDir, ...env });
  const login = await fetch(`${server.url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(ADMIN),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`sign-in failed (${login.status})`);
  const post = (path, form) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: server.url },
      body: new URLSearchParams(form),
    });

  const made = await post("/admin/embarques.data", {
    intent: "shipment-create",
    reference: "Contenedor bench",
  });
  const id = /\/admin\/embarques\/([0-9a-f-]{36})/.exec(await made.text())?.[1];
  if (!id) throw new Error(`shipment not made (${made.status})`);
  const added = await post(`/admin/embarques/${id}.data`, {
    intent: "shipment-add",
    id,
    numbers: numbers.join(" "),
  });
  if (!(await added.text()).includes(`${PARCELS} paquetes añadidos`)) throw new Error("parcels not added");

  for (const [i, n] of numbers.entries()) {
    streams.push(
      await listen(`${server.url}/events/track/${n}`, `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    );
  }
  const load = os.loadavg()[0];
  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const note = `Ronda ${r} del bench`;
    const heard = streams.map((s) => s.heard(note));
    const cpuBefore = cpuMs(server.pid);
    const t0 = performance.now();
    const res = await post(`/admin/embarques/${id}.data`, {
      intent: "shipment-event",
      id,
      note,
      place: "Miami",
      at: shopClock(new Date(Date.now() - 60_000)),
      ...(r === 1 ? { status: "enviando" } : {}),
    });
    const body = await res.text();
    const answered = performance.now() - t0;
    if (!body.includes(`${PARCELS} paquetes de Contenedor bench`))
      throw new Error(`round ${r}: ${res.status} ${body.slice(0, 300)}`);
    const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 10_000));
    const last = await Promise.race([Promise.all(heard).then((ts) => Math.max(...ts)), timeout]);
    if (last === null) throw new Error(`round ${r}: not every stream heard the event within 10 s`);
    const cpu = cpuBefore === null ? null : cpuMs(server.pid) - cpuBefore;
    rounds.push({ answered, allHeard: last - t0, cpu });
    console.log(
      `round ${r}: answered ${ms(answered)}, all ${PARCELS} streams heard it ${ms(last - t0)}, server CPU ${cpu ?? "n/a"} ms`,
    );
  }
  const figures = {
    parcels: PARCELS,
    orders: ORDERS,
    answeredMs: Math.round(median(rounds.map((r) => r.answered))),
    allHeardMs: Math.round(median(rounds.map((r) => r.allHeard))),
    allHeardMaxMs: Math.round(Math.max(...rounds.map((r) => r.allHeard))),
    cpuMs: median(rounds.map((r) => r.cpu ?? 0)),
    load: Number(load.toFixed(2)),
  };
  console.log(
    `\n${PARCELS} parcels among ${ORDERS} orders (PGlite), load ${load.toFixed(2)}: batch answered in ${figures.answeredMs} ms (median), ` +
      `all streams heard it in ${figures.allHeardMs} ms (median; max ${figures.allHeardMaxMs} ms), ` +
      `${figures.cpuMs} ms server CPU a batch. Target: under 2,000 ms.`,
  );
  summary("shipments", figures);
} finally {
  for (const s of streams) s.close();
  await server.stop();
}
