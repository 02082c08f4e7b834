// The JavaScript and CSS a first visit to each public page loads (gzip -9 of every modulepreload,
// listed or started after load, and of the inline module's imports), and the HTML. No load;
// run `npm run build` first.
//   node bench/first-load.mjs [--detail /tienda]   # --detail: that page's files, largest first
// Target: ≤ 130 KB of gzipped JavaScript on every public page.
import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import { PUBLIC_PAGES, startServer, tempDataDir } from "./lib.mjs";
import { summary } from "./report.mjs";

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const dataDir = tempDataDir("first-load");
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "true" }, { output: "ignore" });
const sizes = new Map();
const fileSize = async (u) => {
  if (!sizes.has(u)) sizes.set(u, gz(Buffer.from(await (await fetch(server.url + u)).arrayBuffer())));
  return sizes.get(u);
};
const rows = [];
const di = process.argv.indexOf("--detail");
const detail = di === -1 ? null : process.argv[di + 1];
try {
  for (const p of PUBLIC_PAGES) {
    const html = await (await fetch(server.url + p)).text();
    const js = new Set();
    for (const m of html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)) js.add(m[1]);
    for (const m of html.matchAll(/import\s*(?:\(\s*)?"(\/assets\/[^"]+\.js)"/g)) js.add(m[1]);
    // Public pages start their scripts after load: the preloads are a list in the starter script
    // (app/.server/http/html-transform.ts), the same files.
    const later = /,p=(\[[^\]]*\])/.exec(html);
    if (later) for (const u of JSON.parse(later[1])) js.add(u);
    const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    let jsGz = 0;
    for (const u of js) jsGz += await fileSize(u);
    let cssGz = 0;
    for (const u of css) cssGz += await fileSize(u);
    if (p === detail) {
      const list = await Promise.all([...js].map(async (u) => [u, await fileSize(u)]));
      for (const [u, n] of list.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(n).padStart(9)}  ${u}`);
    }
    rows.push({
      page: p,
      files: js.size,
      jsGz,
      cssGz,
      html: Buffer.byteLength(html),
      htmlGz: gz(Buffer.from(html)),
    });
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log("| page | JS files | JS gzip | CSS gzip | HTML raw / gzip |\n|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.files} | ${kb(r.jsGz)} | ${kb(r.cssGz)} | ${kb(r.html)} / ${kb(r.htmlGz)} |`,
  );
}
const max = Math.max(...rows.map((r) => r.jsGz));
console.log(
  max <= 130 * 1024
    ? "\nTarget met: ≤ 130 KB of gzipped JS on every page."
    : "\nTarget NOT met: > 130 KB on some page.",
);
summary("first load", {
  load: os.loadavg()[0],
  "JS gzip min–max": `${kb(Math.min(...rows.map((r) => r.jsGz)))} – ${kb(max)}`,
  "CSS gzip": kb(rows[0].cssGz),
});
