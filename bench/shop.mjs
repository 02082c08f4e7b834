// The shop /tienda under concurrent requests, with 500 products (with images) in the embedded database.
//   npm run build && node bench/shop.mjs [--connections 20] [--seconds 10]
// Prints requests per second, p50/p99 latency, the HTML size (raw and gzipped) and the gzipped
// JavaScript the page loads on first visit. Loopback only; bounded in time.
import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { insertProducts, withDatabase, writeProductImages } from "./fixtures.mjs";
import { ms, startServer, tempDataDir } from "./lib.mjs";
import { RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 20);
const seconds = Math.min(arg("seconds", 10), 60);
const PRODUCTS = 500;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => zlib.gzipSync(buf).length;

/** The JavaScript a first visit loads: modulepreload links and the inline module's imports. */
async function firstLoadJs(base, html) {
  const urls = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:\(\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let raw = 0;
  let zipped = 0;
  for (const u of urls) {
    const buf = Buffer.from(await (await fetch(base + u)).arrayBuffer());
    raw += buf.length;
    zipped += gz(buf);
  }
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  let cssZipped = 0;
  for (const u of css) cssZipped += gz(Buffer.from(await (await fetch(base + u)).arrayBuffer()));
  return { files: urls.size, raw, zipped, cssZipped };
}

async function load(url, requests) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
    requests,
  });
  return result;
}

function report(title, result) {
  console.log(`\n${title}`);
  console.log(
    `  connections ${connections}, ${seconds} s, ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  console.log(`  requests/s  ${result.requests.average.toFixed(0)}`);
  console.log(
    `  latency p50 ${ms(result.latency.p50)}   p99 ${ms(result.latency.p99)}   max ${ms(result.latency.max)}`,
  );
}

const dataDir = tempDataDir("shop");
let server;
try {
  // 1. First start creates the schema and categories; stop it so we may open the files ourselves.
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  await server.stop();
  // 2. Bulk insert the products (and their pictures) straight into the embedded database.
  const count = await withDatabase(dataDir, async (db) =>
    insertProducts(db, await writeProductImages(dataDir), PRODUCTS),
  );
  // 3. Serve and measure.
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
  const rssIdle = rssMb(server.pid);
  const page = await fetch(`${server.url}/tienda`);
  if (page.status !== 200) throw new Error(`/tienda answered ${page.status}`);
  const html = Buffer.from(await page.arrayBuffer());
  const cards = (html.toString().match(/<article/g) ?? []).length;
  const all = Buffer.from(await (await fetch(`${server.url}/tienda?mostrar=${PRODUCTS}`)).arrayBuffer());
  const js = await firstLoadJs(server.url, html.toString());

  const shop = await load(`${server.url}/tienda`);
  const queries = ["cafe", "ceramica", "artesania", "hamaca 4", "típico", "regalar"];
  const cats = ["todos", "comida", "artesanía", "ropa"];
  let n = 0;
  const search = await load(server.url, [
    {
      method: "GET",
      setupRequest: (req) => {
        const i = n++;
        const q = encodeURIComponent(queries[i % queries.length]);
        const c = encodeURIComponent(cats[i % cats.length]);
        return { ...req, path: `/tienda?q=${q}&categoria=${c}` };
      },
    },
  ]);
  const rss = await rssRecovery(server.pid, rssIdle);
  await server.stop();
  server = undefined;

  console.log(
    `\nShop /tienda, ${count} products in the database (server-rendered, ${cards} cards on the first page)`,
  );
  console.log(`  HTML        ${kb(html.length)} raw, ${kb(gz(html))} gzipped`);
  console.log(
    `  all ${PRODUCTS} on one page (?mostrar=${PRODUCTS}): ${kb(all.length)} raw, ${kb(gz(all))} gzipped`,
  );
  console.log(
    `  first-load JavaScript: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.zipped)} gzipped; CSS ${kb(js.cssZipped)} gzipped`,
  );
  report("GET /tienda (first page, newest first)", shop);
  report("GET /tienda?q=…&categoria=… (accent-insensitive search, rotating queries)", search);
  summary("shop", {
    load: os.loadavg()[0],
    "/tienda HTML raw / gzip": `${kb(html.length)} / ${kb(gz(html))}`,
    "first-load JS gzip": kb(js.zipped),
    "/tienda req/s, p99": `${shop.requests.average.toFixed(0)}, ${ms(shop.latency.p99)}`,
    "search req/s, p99": `${search.requests.average.toFixed(0)}, ${ms(search.latency.p99)}`,
    [RSS_AFTER_LOAD]: rss,
  });
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
