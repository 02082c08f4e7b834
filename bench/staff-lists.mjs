// The staff's orders list, chat inbox and chat reports with 10,000 rows each (first page, signed in).
//   npm run build && node bench/staff-lists.mjs [--connections 10] [--seconds 10]
//     [--pages /admin/orders,/admin/chat,/admin/chat/informes] [--save DIR] [--profile DIR]
// Target: first page p99 ≤ 150 ms at 10 connections. Loopback only; bounded in time.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { insertConversations, insertOrders, withDatabase } from "./fixtures.mjs";
import { argText, cpuProfile, ms, startServer, tempDataDir } from "./lib.mjs";
import { cpuMs, RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 10);
const seconds = Math.min(arg("seconds", 10), 60);
// --save DIR: also write each page's HTML there (to see where its bytes go).
const saveDir = argText("save");
const pages = (argText("pages") ?? "/admin/orders,/admin/chat,/admin/chat/informes").split(",");
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
  // --profile DIR: the server runs with --cpu-prof (read it with bench/profile-top.mjs DIR).
  const profile = cpuProfile(argText("profile"));
  server = await startServer({ DATA_DIR: dataDir, ...env }, { nodeArgs: profile.nodeArgs });
  profile.mark();
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
  for (const page of pages) {
    const sample = await fetch(server.url + page, { headers: { cookie } });
    const html = await sample.text();
    if (sample.status !== 200) throw new Error(`${page} answered ${sample.status}`);
    if (saveDir) fs.writeFileSync(`${saveDir}/${page.replaceAll("/", "_")}.html`, html);
    const cpuBefore = cpuMs(server.pid);
    const r = await autocannon({
      url: server.url + page,
      connections,
      duration: seconds,
      headers: { cookie, "accept-encoding": "gzip" },
    });
    const cpu = cpuBefore === null ? null : (cpuMs(server.pid) - cpuBefore) / r.requests.total;
    results[page] = { r, cpu };
    console.log(
      `\n${page} (${counts.orders} orders, ${counts.conversations} conversations), ${connections} connections, ${seconds} s`,
    );
    console.log(
      `  ${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.requests.average.toFixed(0)} req/s`,
    );
    console.log(
      `  latency p50 ${ms(r.latency.p50)}   p99 ${ms(r.latency.p99)}   max ${ms(r.latency.max)}   page ${(html.length / 1024).toFixed(1)} KB`,
    );
    console.log(
      `  server CPU ${cpu === null ? "n/a" : `${cpu.toFixed(1)} ms`} a request (user + system, /proc)`,
    );
  }
  const rss = await rssRecovery(server.pid, rssIdle);
  summary("staff lists", {
    load,
    ...Object.fromEntries(
      Object.entries(results).map(([page, { r, cpu }]) => [
        `${page} p99 (req/s, CPU a request)`,
        `${ms(r.latency.p99)} (${r.requests.average.toFixed(0)}, ${cpu === null ? "n/a" : ms(cpu)})`,
      ]),
    ),
    [RSS_AFTER_LOAD]: rss,
  });
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
