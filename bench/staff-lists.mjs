// The staff's orders list, chat inbox and chat reports with 10,000 rows each (first page, signed in).
//   npm run build && node bench/staff-lists.mjs [--connections 10] [--seconds 10]
//     [--pages /admin/orders,/admin/chat,/admin/chat/informes] [--save DIR] [--profile DIR]
//     [--postgres postgres://user@host:port/db]
// Targets: first page p99 ≤ 300 ms at 10 connections on the embedded database (PGlite), ≤ 150 ms
// on Postgres. --postgres runs the site on a new database made on that server for the run and
// dropped after it (e.g. the cluster of scripts/pg-test-cluster.sh start). Loopback only; bounded
// in time.
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
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
const postgres = argText("postgres") ? await freshDatabase(argText("postgres")) : null;
if (postgres) env.DATABASE_URL = postgres.url;
let server;
try {
  server = await startServer({ DATA_DIR: dataDir, ...env });
  await server.stop();
  const fill = async (db) => ({
    orders: await insertOrders(db, ROWS),
    conversations: await insertConversations(db, ROWS),
  });
  const counts = postgres ? await withPostgres(postgres.url, fill) : await withDatabase(dataDir, fill);
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
      `\n${page} (${counts.orders} orders, ${counts.conversations} conversations, ${postgres ? "Postgres" : "PGlite"}), ${connections} connections, ${seconds} s`,
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
  summary(postgres ? "staff lists (Postgres)" : "staff lists", {
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
  await postgres?.drop();
}

/** A new, empty database on the Postgres server of `url`, and how to drop it. */
async function freshDatabase(url) {
  const name = `bench_staff_lists_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * The fixtures' writes through a Postgres client (the server is stopped), then the statistics
 * autovacuum would gather on its own a little later.
 */
async function withPostgres(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await fn({ exec: (text) => client.query(text), query: (text) => client.query(text) });
    await client.query("analyze");
    return result;
  } finally {
    await client.end();
  }
}
