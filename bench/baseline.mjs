// The site beside a bare React Router 7 app, in the same run, so the ratios compare on equal terms.
//   npm run build && node bench/baseline.mjs [--connections 20] [--seconds 10] [--json]
// Builds the bare app from bench/baseline-app/ (React Router framework mode with SSR on Express +
// compression, rendering the same 24 product cards and a tracking page from memory), serves it
// and the built site (500 products, 10,000 orders) on loopback, and loads each page in turn with
// autocannon. Prints absolute figures, the ratios to the bare app and the load average.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import getPort from "get-port";
import { insertOrders, insertProducts, trackingOf, withDatabase, writeProductImages } from "./fixtures.mjs";
import { ROOT, startServer, tempDataDir } from "./lib.mjs";
import { loadWithCpu, RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 20);
const seconds = Math.min(arg("seconds", 10), 60);
const BARE = path.join(ROOT, "bench/baseline-app");

function buildBare() {
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/.bin/react-router"), "build", BARE], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function startBare() {
  const port = await getPort({ host: "127.0.0.1" });
  const child = spawn(process.execPath, [path.join(BARE, "server.mjs")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("the bare app did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.once("exit", r));
  return {
    url,
    pid: child.pid,
    async stop() {
      process.kill(child.pid, "SIGTERM");
      await exited;
    },
  };
}

const load = (server, paths) => loadWithCpu(server, paths, { connections, seconds });

const page = async (url) => Buffer.from(await (await fetch(url)).arrayBuffer());
const kb = (n) => Math.round(n / 102.4) / 10;

const dataDir = tempDataDir("baseline");
let site;
let bare;
try {
  buildBare();
  site = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  await site.stop();
  await withDatabase(dataDir, async (db) => {
    await insertProducts(db, await writeProductImages(dataDir));
    await insertOrders(db);
  });
  site = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", TRACKING_LOOKUPS_PER_MINUTE: "0" });
  const rssIdle = rssMb(site.pid);
  bare = await startBare();

  const html = { bare: await page(`${bare.url}/tienda`), site: await page(`${site.url}/tienda`) };
  const cards = (b) => (b.toString().match(/<article/g) ?? []).length;
  if (cards(html.bare) !== 24 || cards(html.site) !== 24) throw new Error("expected 24 cards on both");
  const track = (i) => `/seguimiento?numero=${trackingOf((i * 7919) % 10_000)}`;
  const loadBefore = os.loadavg()[0];
  // Warm both, then alternate bare and site on each page.
  await load(bare, () => "/tienda");
  await load(site, () => "/tienda");
  const r = {
    bareShop: await load(bare, () => "/tienda"),
    siteShop: await load(site, () => "/tienda"),
    bareTrack: await load(bare, track),
    siteTrack: await load(site, track),
    bareRobots: await load(bare, () => "/robots.txt"),
    siteRobots: await load(site, () => "/robots.txt"),
  };
  const loadAfter = os.loadavg()[0];
  const rss = rssMb(site.pid);
  await bare.stop();
  bare = undefined;

  const x = (a, b) => `${(a / b).toFixed(2)}×`;
  const rows = [
    ["/tienda req/s", r.bareShop.rps, r.siteShop.rps, x(r.siteShop.rps, r.bareShop.rps), "≥ 1.0×"],
    ["/tienda CPU ms a request", r.bareShop.cpu, r.siteShop.cpu, x(r.siteShop.cpu, r.bareShop.cpu), ""],
    ["/tienda p99 ms", r.bareShop.p99, r.siteShop.p99, x(r.siteShop.p99, r.bareShop.p99), ""],
    [
      "/tienda HTML KB raw",
      kb(html.bare.length),
      kb(html.site.length),
      x(html.site.length, html.bare.length),
      "≤ 2.0×",
    ],
    [
      "/tienda HTML KB gzip",
      kb(zlib.gzipSync(html.bare).length),
      kb(zlib.gzipSync(html.site).length),
      x(zlib.gzipSync(html.site).length, zlib.gzipSync(html.bare).length),
      "",
    ],
    ["/seguimiento req/s", r.bareTrack.rps, r.siteTrack.rps, x(r.siteTrack.rps, r.bareTrack.rps), "≥ 0.80×"],
    [
      "/seguimiento CPU ms a request",
      r.bareTrack.cpu,
      r.siteTrack.cpu,
      x(r.siteTrack.cpu, r.bareTrack.cpu),
      "",
    ],
    [
      "/seguimiento p99 ms",
      r.bareTrack.p99,
      r.siteTrack.p99,
      x(r.siteTrack.p99, r.bareTrack.p99),
      "≤ 100 ms",
    ],
    ["/robots.txt req/s", r.bareRobots.rps, r.siteRobots.rps, x(r.siteRobots.rps, r.bareRobots.rps), ""],
    [
      "/robots.txt CPU ms a request",
      r.bareRobots.cpu,
      r.siteRobots.cpu,
      x(r.siteRobots.cpu, r.bareRobots.cpu),
      "",
    ],
  ];
  console.log(
    `\nBare React Router 7 vs this site, ${connections} connections, ${seconds} s each, load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (${os.cpus().length} cores)`,
  );
  console.log("| measure | bare RR7 | this site | ratio | target |\n|---|---|---|---|---|");
  for (const [m, b, s, ratio, target] of rows) {
    console.log(
      `| ${m} | ${Math.round(b * 100) / 100} | ${Math.round(s * 100) / 100} | ${ratio} | ${target} |`,
    );
  }
  console.log(`site RSS right after the runs: ${rss} MB`);
  const recovery = await rssRecovery(site.pid, rssIdle);
  summary("baseline", {
    load: loadBefore,
    "/tienda req/s (× bare)": `${Math.round(r.siteShop.rps)} (${x(r.siteShop.rps, r.bareShop.rps)})`,
    "/tienda HTML raw (× bare)": `${kb(html.site.length)} KB (${x(html.site.length, html.bare.length)})`,
    "/seguimiento req/s (× bare), p99": `${Math.round(r.siteTrack.rps)} (${x(r.siteTrack.rps, r.bareTrack.rps)}), ${r.siteTrack.p99} ms`,
    "/robots.txt req/s (× bare)": `${Math.round(r.siteRobots.rps)} (${x(r.siteRobots.rps, r.bareRobots.rps)})`,
    [RSS_AFTER_LOAD]: recovery,
  });
} finally {
  await bare?.stop();
  await site?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
