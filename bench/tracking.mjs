// Tracking look-up under concurrent requests, with 10,000 orders in the embedded database.
//   npm run build && node bench/tracking.mjs [--connections 20] [--seconds 10]
// Prints requests per second and p50/p99 latency. Loopback only; bounded in time.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { insertOrders, trackingOf, withDatabase } from "./fixtures.mjs";
import { ms, startServer, tempDataDir } from "./lib.mjs";
import { RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 20);
const seconds = Math.min(arg("seconds", 10), 60);
const ORDERS = 10_000;

const dataDir = tempDataDir("tracking");
try {
  // 1. First start creates the schema; stop it so we may open the files ourselves.
  let server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  await server.stop();

  // 2. Bulk insert the orders straight into the embedded database.
  const count = await withDatabase(dataDir, (db) => insertOrders(db, ORDERS));

  // 3. Serve with the per-address limit off (all requests come from 127.0.0.1).
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", TRACKING_LOOKUPS_PER_MINUTE: "0" });
  const rssIdle = rssMb(server.pid);
  const sample = await fetch(`${server.url}/seguimiento?numero=${trackingOf(42)}`);
  if (sample.status !== 200) throw new Error(`sample look-up answered ${sample.status}`);
  const html = await sample.text();

  let n = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (req) => ({ ...req, path: `/seguimiento?numero=${trackingOf((n++ * 7919) % ORDERS)}` }),
      },
    ],
  });
  const rss = await rssRecovery(server.pid, rssIdle);
  await server.stop();

  console.log(`\nTracking look-up (/seguimiento?numero=…, server-rendered), ${count} orders`);
  console.log(
    `  connections ${connections}, ${seconds} s, ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}`);
  console.log(
    `  latency p50 ${ms(result.latency.p50)}   p99 ${ms(result.latency.p99)}   max ${ms(result.latency.max)}`,
  );
  summary("tracking", {
    load: os.loadavg()[0],
    "/seguimiento req/s, p99": `${result.requests.average.toFixed(0)}, ${ms(result.latency.p99)}`,
    [RSS_AFTER_LOAD]: rss,
  });
  console.log(`  page size   ${(html.length / 1024).toFixed(1)} KB HTML`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
