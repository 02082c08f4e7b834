// The staff's orders list and chat inbox with 10,000 rows each (first page, signed in).
//   npm run build && node bench/staff-lists.mjs [--connections 10] [--seconds 10]
// Target: first page p99 ≤ 150 ms at 10 connections. Loopback only; bounded in time.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { insertConversations, insertOrders, withDatabase } from "./fixtures.mjs";
import { ms, startServer, tempDataDir } from "./lib.mjs";
import { RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 10);
// --save DIR: also write each page's HTML there (to see where its bytes go).
const saveAt = process.argv.indexOf("--save");
const saveDir = saveAt === -1 ? null : process.argv[saveAt + 1];
const seconds = Math.min(arg("seconds", 10), 60);
const ROWS = 10_000;
const ADMIN = { email: "bench@example.com", password: "bench-pass-123" };
const env = { SEED_DEMO: "false", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

const dataDir = tempDataDir("staff-lists");
let server;
try {
  server = await startServer({ DATA_DIR: dataDir, ...env });
  await server.stop();
  const counts = await withDatabase(dataDir, async (db) => ({
    orders: await insertOrders(db, ROWS),
    conversations: await insertConversations(db, ROWS),
  }));
  server = await startServer({ DATA_DIR: dataDir, ...env });
  const rssIdle = rssMb(server.pid);
  const login = await fetch(`${server.url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(ADMIN),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie) throw new Error(`sign-in failed (${login.status})`);
  const load = os.loadavg()[0];
  const results = {};
  for (const page of ["/admin/orders", "/admin/chat"]) {
    const sample = await fetch(server.url + page, { headers: { cookie } });
    const html = await sample.text();
    if (sample.status !== 200) throw new Error(`${page} answered ${sample.status}`);
    if (saveDir) fs.writeFileSync(`${saveDir}/${page.replaceAll("/", "_")}.html`, html);
    const r = await autocannon({
      url: server.url + page,
      connections,
      duration: seconds,
      headers: { cookie, "accept-encoding": "gzip" },
    });
    results[page] = r;
    console.log(
      `\n${page} (${counts.orders} orders, ${counts.conversations} conversations), ${connections} connections, ${seconds} s`,
    );
    console.log(
      `  ${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.requests.average.toFixed(0)} req/s`,
    );
    console.log(
      `  latency p50 ${ms(r.latency.p50)}   p99 ${ms(r.latency.p99)}   max ${ms(r.latency.max)}   page ${(html.length / 1024).toFixed(1)} KB`,
    );
  }
  const rss = await rssRecovery(server.pid, rssIdle);
  summary("staff lists", {
    load,
    "/admin/orders p99 (req/s)": `${ms(results["/admin/orders"].latency.p99)} (${results["/admin/orders"].requests.average.toFixed(0)})`,
    "/admin/chat p99 (req/s)": `${ms(results["/admin/chat"].latency.p99)} (${results["/admin/chat"].requests.average.toFixed(0)})`,
    [RSS_AFTER_LOAD]: rss,
  });
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
