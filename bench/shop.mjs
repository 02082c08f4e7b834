// The shop /tienda under concurrent requests, with 500 products (with images) in the embedded database.
//   npm run build && node bench/shop.mjs [--connections 20] [--seconds 10]
// Prints requests per second, p50/p99 latency, the HTML size (raw and gzipped) and the gzipped
// JavaScript the page loads on first visit. Loopback only; bounded in time.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import sharp from "sharp";
import { ms, startServer, tempDataDir } from "./lib.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 20);
const seconds = Math.min(arg("seconds", 10), 60);
const PRODUCTS = 500;
const IMAGES = 8;

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf) => zlib.gzipSync(buf).length;

/** A few product pictures laid out exactly like the app stores them (main file + widths). */
async function writeImages(dataDir) {
  const dir = path.join(dataDir, "storage/product-images/public");
  fs.mkdirSync(dir, { recursive: true });
  const urls = [];
  for (let i = 0; i < IMAGES; i++) {
    const img = sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 30 * i, g: 120, b: 90 } },
    });
    const name = `1700000000${i}-bench${i}`;
    await img
      .clone()
      .webp({ quality: 90 })
      .toFile(path.join(dir, `${name}.webp`));
    for (const w of [320, 480, 640]) {
      await img
        .clone()
        .resize(w)
        .webp({ quality: 90 })
        .toFile(path.join(dir, `${name}-${w}w.webp`));
    }
    urls.push(`/files/product-images/public/${name}.webp`);
  }
  return urls;
}

async function insertProducts(dataDir, imageUrls) {
  const db = new PGlite(path.join(dataDir, "pglite"));
  const words = ["Café", "Rosquillas", "Frijoles", "Hamaca", "Cerámica", "Camiseta", "Sandalias", "Salsa"];
  const cats = ["comida", "artesanía", "ropa", "calzado"];
  for (let i = 0; i < PRODUCTS; i++) {
    await db.query(
      `insert into products (name, description, category, image_url, is_on_sale, sale_info, font_family,
                             stock_quantity, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now() - ($9 || ' minutes')::interval)`,
      [
        `${words[i % words.length]} típico número ${i}`,
        `Producto latino de prueba ${i}: hecho en Nicaragua con ingredientes y materiales de la región, ideal para regalar.`,
        cats[i % cats.length],
        imageUrls[i % imageUrls.length],
        i % 7 === 0,
        i % 14 === 0 ? "2x1" : null,
        ["Inter", "Poppins", "Georgia", "Roboto"][i % 4],
        i % 10 === 0 ? 0 : 1 + (i % 30),
        String(i),
      ],
    );
  }
  const { rows } = await db.query("select count(*)::int as n from products");
  await db.close();
  fs.rmSync(path.join(dataDir, "db.lock"), { force: true });
  return rows[0].n;
}

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
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
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
  const count = await insertProducts(dataDir, await writeImages(dataDir));
  // 3. Serve and measure.
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
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
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
