// A CPU profile of the built server under load, for finding where request time goes.
//   npm run build && node bench/profile.mjs <out-dir> [/robots.txt,/tienda,track] [--seconds 6]
//   node bench/profile-top.mjs <out-dir>     # the top functions and packages by CPU share
// Starts the server with `--cpu-prof` on 60 products and 2,000 orders ("track" = random tracking
// look-ups), loads each path in turn with autocannon (10 connections) and stops the server, which
// writes the .cpuprofile; `<out-dir>.skip` records how long start-up took so it can be left out.
import fs from "node:fs";
import autocannon from "autocannon";
import { insertOrders, insertProducts, trackingOf, withDatabase, writeProductImages } from "./fixtures.mjs";
import { startServer, tempDataDir } from "./lib.mjs";

const [dir, list = "/robots.txt,/tienda,track"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!dir) throw new Error("usage: node bench/profile.mjs <out-dir> [paths]");
const i = process.argv.indexOf("--seconds");
const seconds = i === -1 ? 6 : Number(process.argv[i + 1]);
const dataDir = tempDataDir("profile");
let server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" }, { output: "ignore" });
await server.stop();
await withDatabase(dataDir, async (db) => {
  await insertProducts(db, await writeProductImages(dataDir), 60);
  await insertOrders(db, 2000);
});
fs.rmSync(dir, { recursive: true, force: true });
const t0 = Date.now();
server = await startServer(
  { DATA_DIR: dataDir, SEED_DEMO: "false", TRACKING_LOOKUPS_PER_MINUTE: "0" },
  { output: "ignore", nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] },
);
fs.writeFileSync(`${dir}.skip`, String(Date.now() - t0));
let n = 0;
try {
  for (const p of list.split(",")) {
    const r = await autocannon({
      url: server.url,
      connections: 10,
      duration: seconds,
      headers: { "accept-encoding": "gzip" },
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({
            ...req,
            path: p === "track" ? `/seguimiento?numero=${trackingOf((n++ * 7) % 2000)}` : p,
          }),
        },
      ],
    });
    console.log(
      `${p}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
