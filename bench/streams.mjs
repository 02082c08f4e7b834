// Live-stream limits under load on one process (embedded database): visitors open tracking streams
// from many addresses up to the process cap, then more are attempted.
//   npm run build && node bench/streams.mjs [--max 2000] [--per-address 20]
// Prints how many streams were refused beyond the per-address and the process cap, /healthz
// answer times while at the cap, how long one order change takes to reach every stream, and the
// server's memory (RSS) per 1,000 open streams. Loopback only; bounded in time.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { ms, startServer, tempDataDir } from "./lib.mjs";
import { RSS_AFTER_LOAD, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const MAX = arg("max", 2000);
const PER_ADDRESS = arg("per-address", 20);
const OPERATOR = { email: "bench@example.com", password: "bench-pass-123" };

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
// The bench is the proxy (TRUST_PROXY=loopback): each group of streams comes from its own address.
const ipOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
// Plain sockets without pooling: every stream is its own connection, as browsers' are.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** Opens one stream; resolves with its status and, when open, a handle that sees its events. */
function openStream(url, ip) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { "x-forwarded-for": ip } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve({ status: res.statusCode });
      }
      const stream = { status: 200, req, updatedAt: null, waiters: [] };
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        if (stream.updatedAt === null && chunk.includes("event: order.updated")) {
          stream.updatedAt = performance.now();
          for (const w of stream.waiters.splice(0)) w();
        }
      });
      res.on("error", () => {});
      // Opened once the first bytes (retry + ready) arrive.
      res.once("data", () => resolve(stream));
    });
    req.on("error", reject);
  });
}

async function pool(n, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

const dataDir = tempDataDir("streams");
const server = await startServer(
  {
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    STREAMS_MAX: String(MAX),
    STREAMS_PER_ADDRESS: String(PER_ADDRESS),
    TRACKING_LOOKUPS_PER_MINUTE: "0",
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
  },
  { output: "ignore" },
);
const { url } = server;
const open = [];
try {
  // One order that every visitor follows.
  const login = await fetch(`${url}/admin-login`, {
    method: "POST",
    body: new URLSearchParams(OPERATOR),
    redirect: "manual",
  });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0];
  if (!cookie) throw new Error(`sign-in answered ${login.status}`);
  const created = await fetch(`${url}/admin/orders.data`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "create", customerName: "Bench", orderDescription: "Caja" }),
  }).then((r) => r.text());
  const tracking = /TRK-\d{4}-[A-Z0-9]{6}/.exec(created)?.[0];
  if (!tracking) throw new Error("could not create the order");
  const streamUrl = `${url}/events/track/${tracking}`;
  for (let i = 0; i < 20; i++) await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
  const rssIdle = await settledRss();

  // 1. Up to the cap: PER_ADDRESS streams from each of MAX / PER_ADDRESS addresses, measuring
  // memory at half the cap and at the cap (the slope between them: start-up memory settling
  // does not count).
  const addresses = Math.ceil(MAX / PER_ADDRESS);
  let t = performance.now();
  let refusedBelowCap = 0;
  const openRange = (from, to) =>
    pool(to - from, 100, async (k) => {
      const i = from + k;
      const s = await openStream(streamUrl, ipOf(Math.floor(i / PER_ADDRESS)));
      if (s.status === 200) open.push(s);
      else refusedBelowCap++;
    });
  const half = Math.floor(MAX / PER_ADDRESS / 2) * PER_ADDRESS;
  await openRange(0, half);
  const openHalf = open.length;
  const rssHalf = await settledRss();
  await openRange(half, MAX);
  const openSeconds = (performance.now() - t) / 1000;
  const rssAtCap = await settledRss();

  // 2. Beyond the caps: more from an address already at its cap, then from new addresses.
  const beyond = async (n, ipFor) => {
    const statuses = [];
    await pool(n, 20, async (i) => {
      const s = await openStream(streamUrl, ipFor(i));
      if (s.status === 200) open.push(s);
      statuses.push(s.status);
    });
    return statuses.filter((s) => s === 429).length;
  };
  const refusedPerAddress = await beyond(PER_ADDRESS, () => ipOf(0));
  const refusedProcess = await beyond(200, (i) => ipOf(addresses + 1 + i));

  // 3. /healthz while at the cap.
  const health = [];
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/healthz answered ${res.status} at the cap`);
    health.push(performance.now() - t0);
  }

  // 4. One order change reaching every open stream.
  t = performance.now();
  await fetch(`${url}/admin/orders.data`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "status", id: await orderId(cookie, tracking), status: "enviando" }),
  }).then((r) => r.arrayBuffer());
  await Promise.race([
    Promise.all(open.map((s) => (s.updatedAt !== null ? null : new Promise((r) => s.waiters.push(r))))),
    new Promise((r) => setTimeout(r, 30_000)),
  ]);
  const reached = open.filter((s) => s.updatedAt !== null).map((s) => s.updatedAt - t);
  for (const s of open) s.req.destroy();
  const recovery = await rssRecovery(server.pid, Math.round(rssIdle));

  console.log(`\nstreams (cap ${MAX} per process, ${PER_ADDRESS} per address, one process, PGlite)`);
  console.log(
    `  opened up to the cap:        ${open.length} in ${openSeconds.toFixed(1)} s (${refusedBelowCap} refused)`,
  );
  console.log(`  refused beyond the address cap: ${refusedPerAddress} of ${PER_ADDRESS} (429)`);
  console.log(`  refused beyond the process cap: ${refusedProcess} of 200 (429)`);
  console.log(
    `  /healthz at the cap:         p50 ${ms(pct(health, 50))}, p95 ${ms(pct(health, 95))}, max ${ms(Math.max(...health))}`,
  );
  console.log(
    `  one change reached:          ${reached.length} of ${open.length} streams, p50 ${ms(pct(reached, 50))}, p99 ${ms(pct(reached, 99))}`,
  );
  const perThousand = ((rssAtCap - rssHalf) / (open.length - openHalf)) * 1000;
  console.log(
    `  server RSS:                  ${rssIdle.toFixed(0)} MB idle, ${rssHalf.toFixed(0)} MB at ${openHalf} streams, ` +
      `${rssAtCap.toFixed(0)} MB at ${open.length}: ${perThousand.toFixed(1)} MB per 1,000 streams`,
  );
  summary("streams", {
    load: os.loadavg()[0],
    "one change reaches every stream p50 / p99": `${ms(pct(reached, 50))} / ${ms(pct(reached, 99))} (${reached.length} of ${open.length})`,
    "RSS idle / per 1,000 streams": `${rssIdle.toFixed(0)} MB / ${perThousand.toFixed(1)} MB`,
    [RSS_AFTER_LOAD]: recovery,
  });
} finally {
  for (const s of open) s.req.destroy();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The server's RSS once it has settled: the median of five samples over a second. */
async function settledRss() {
  const samples = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 200));
    samples.push(rssMb(server.pid));
  }
  return pct(samples, 50);
}

/** The order's id, from the staff list (the bench's only order). */
async function orderId(cookie, tracking) {
  const body = await fetch(`${url}/admin/orders.data?q=${tracking}&_routes=routes%2Fadmin%2Forders`, {
    headers: { cookie },
  }).then((r) => r.text());
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/.exec(body)?.[0];
  if (!id) throw new Error("order id not found");
  return id;
}
