import fs from "node:fs";
import autocannon from "autocannon";
import { insertOrders, insertProducts, trackingOf, withDatabase, writeProductImages } from "./fixtures.mjs";
import { startServer, tempDataDir } from "./lib.mjs";
const dataDir = tempDataDir("prof");
let s = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" }, { output: "ignore" });
await s.stop();
await withDatabase(dataDir, async (db) => { await insertProducts(db, await writeProductImages(dataDir), 60); await insertOrders(db, 2000); });
const dir = process.argv[2];
fs.rmSync(dir, { recursive: true, force: true });
const t0 = Date.now();
s = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", TRACKING_LOOKUPS_PER_MINUTE: "0", }, { output: "ignore", nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
let n = 0;
fs.writeFileSync(`${dir}.skip`, String(Date.now() - t0));
for (const p of (process.argv[3] ?? "/robots.txt,/tienda,track").split(",")) {
  const r = await autocannon({ url: s.url, connections: 10, duration: 6, headers: { "accept-encoding": "gzip" },
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: p === "track" ? `/seguimiento?numero=${trackingOf((n++ * 7) % 2000)}` : p }) }] });
  console.log(p, Math.round(r.requests.average), "req/s p99", r.latency.p99, "non2xx", r.non2xx);
}
await s.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
