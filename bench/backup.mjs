// A backup of a busy shop while it keeps working: 10,000 orders, 10,000 conversations and 500
// pictures on the embedded database, `npm run backup` (made by the running server, asked over its
// socket) under a steady load of tracking look-ups and new chat conversations.
//   npm run build && node bench/backup.mjs [--orders 10000] [--conversations 10000] [--images 500]
//     [--writes 10] [--connections 4]
// Figures: backup seconds, archive size, look-up latency before vs during, writes refused or slow.
// Loopback only; bounded in time.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import sharp from "sharp";
import { insertConversations, insertOrders, trackingOf, withDatabase } from "./fixtures.mjs";
import { ms, ROOT, startServer, tempDataDir } from "./lib.mjs";
import { cpuMs, summary } from "./report.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const ORDERS = arg("orders", 10_000);
const CONVERSATIONS = arg("conversations", 10_000);
const IMAGES = arg("images", 500);
const WRITES_PER_SECOND = arg("writes", 10);
const connections = arg("connections", 4);
const env = {
  SEED_DEMO: "false",
  BACKUP_HOUR: "off",
  TRACKING_LOOKUPS_PER_MINUTE: "0",
  // Each new conversation comes from its own address (X-Forwarded-For), as many visitors would.
  TRUST_PROXY: "loopback",
};

/**
 * `count` photo-like pictures (noise does not compress, like real photos) where chat photos go:
 * 20 different ones, copied under new names (making 500 with sharp takes minutes on a busy machine).
 */
async function writeImages(dataDir, count) {
  const dir = path.join(dataDir, "storage/site-assets/chat/2026-11");
  fs.mkdirSync(dir, { recursive: true });
  const originals = [];
  for (let i = 0; i < Math.min(20, count); i++) {
    originals.push(
      await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: { r: i * 12, g: 90, b: 60 },
          noise: { type: "gaussian", mean: 128, sigma: 20 },
        },
      })
        .webp({ quality: 70 })
        .toBuffer(),
    );
  }
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const body = originals[i % originals.length];
    fs.writeFileSync(path.join(dir, `${randomUUID()}.webp`), body);
    bytes += body.length;
  }
  return bytes;
}

/** New chat conversations at a steady rate until stopped: each answer's time, and any failure. */
function writeLoad(url) {
  const times = [];
  const statuses = [];
  let failed = 0;
  let stop = false;
  let n = 0;
  const one = async () => {
    const t = performance.now();
    try {
      const res = await fetch(`${url}/api/chat/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: url,
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({
          clientId: `session_${Date.now()}_${randomUUID().replace(/-/g, "").slice(0, 12)}`,
          clientMessageId: randomUUID(),
          message: `Hola, ¿llega a León? ${n++}`,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) {
        failed++;
        statuses.push(res.status);
      }
    } catch {
      failed++;
    }
    times.push(performance.now() - t);
  };
  // At most 4 writes in flight, as a handful of busy visitors: a slower server gets fewer writes
  // (counted as skipped ticks) rather than an ever-growing queue.
  let skipped = 0;
  const loop = (async () => {
    const inflight = new Set();
    while (!stop) {
      if (inflight.size < 4) {
        const p = one().finally(() => inflight.delete(p));
        inflight.add(p);
      } else skipped++;
      await new Promise((r) => setTimeout(r, 1000 / WRITES_PER_SECOND));
    }
    await Promise.all(inflight);
  })();
  return {
    mark() {
      const taken = times.splice(0);
      const f = failed;
      const sk = skipped;
      failed = 0;
      skipped = 0;
      return { times: taken, failed: f, skipped: sk, statuses: statuses.splice(0) };
    },
    async stop() {
      stop = true;
      await loop;
    },
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};

/** Tracking look-ups for `seconds` (or until `until` settles), with latency percentiles. */
function lookups(url, seconds) {
  let i = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      { setupRequest: (req) => ({ ...req, path: `/seguimiento?numero=${trackingOf(i++ % ORDERS)}` }) },
    ],
  });
}

const dataDir = tempDataDir("backup");
let server;
try {
  server = await startServer({ DATA_DIR: dataDir, ...env });
  await server.stop();
  const t0 = Date.now();
  const counts = await withDatabase(dataDir, async (db) => ({
    orders: await insertOrders(db, ORDERS),
    conversations: await insertConversations(db, CONVERSATIONS),
  }));
  const imageBytes = await writeImages(dataDir, IMAGES);
  console.log(
    `Seeded ${counts.orders} orders, ${counts.conversations} conversations, ${IMAGES} pictures (${(imageBytes / 1048576).toFixed(1)} MB) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  server = await startServer({ DATA_DIR: dataDir, ...env });
  const load = os.loadavg()[0];

  // Before: look-ups and writes, no backup.
  const writes = writeLoad(server.url);
  const before = await lookups(server.url, 15);
  const writesBefore = writes.mark();

  // During: the same load while `npm run backup` runs (through the running server).
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  const backup = promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts", "backup.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    },
  );
  let backupSeconds = null;
  backup.then(() => {
    backupSeconds = (performance.now() - started) / 1000;
  });
  // Look-ups in 5-second rounds until the backup is done (at most 10 minutes).
  const during = [];
  while (backupSeconds === null && performance.now() - started < 600_000)
    during.push(await lookups(server.url, 5));
  const { stdout } = await backup;
  const serverCpu = cpuBefore === null ? null : (cpuMs(server.pid) - cpuBefore) / 1000;
  const writesDuring = writes.mark();
  await writes.stop();

  const file = /en marcha: (\S+) \(/.exec(stdout)?.[1];
  const size = file ? fs.statSync(file).size : Number.NaN;
  const line = /\(([^)]*filas[^)]*)\)/.exec(stdout)?.[1] ?? "";
  const p50During = during.length ? Math.max(...during.map((r) => r.latency.p50)) : Number.NaN;
  const p99During = during.length ? Math.max(...during.map((r) => r.latency.p99)) : Number.NaN;
  const maxDuring = during.length ? Math.max(...during.map((r) => r.latency.max)) : Number.NaN;
  const errors = during.reduce((a, r) => a + r.errors + r.non2xx, 0);

  console.log(
    `\nBackup: ${backupSeconds?.toFixed(1)} s, ${(size / 1048576).toFixed(1)} MB (${line}); server CPU during it ${serverCpu?.toFixed(1)} s (the worker's is its own)`,
  );
  console.log(`Tracking look-ups, ${connections} connections (load ${load.toFixed(1)}):`);
  console.log(
    `  before  p50 ${ms(before.latency.p50)}  p99 ${ms(before.latency.p99)}  max ${ms(before.latency.max)}  ${before.requests.average.toFixed(0)} req/s`,
  );
  console.log(
    `  during  p50 ${ms(p50During)}  p99 ${ms(p99During)}  max ${ms(maxDuring)}  (worst 5-s round of ${during.length}), ${errors} errors`,
  );
  console.log(`New conversations at ${WRITES_PER_SECOND}/s:`);
  console.log(
    `  before  ${writesBefore.times.length} sent, ${writesBefore.failed} failed, p99 ${ms(pct(writesBefore.times, 99))}`,
  );
  console.log(
    `  during  ${writesDuring.times.length} sent, ${writesDuring.failed} failed, p99 ${ms(pct(writesDuring.times, 99))}, max ${ms(Math.max(...writesDuring.times))}`,
  );
  summary("backup", {
    load,
    "backup s": Number(backupSeconds?.toFixed(1)),
    "archive MB": Number((size / 1048576).toFixed(1)),
    "look-up p99 before → during": `${ms(before.latency.p99)} → ${ms(p99During)}`,
    "writes failed during": writesDuring.failed,
  });
} finally {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
