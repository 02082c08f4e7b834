// The deployment of docs/deploy.md on loopback (scripts/topology/topology.mjs): two instances behind nginx on
// Postgres and an S3 server.
//   npm run build && node bench/topology.mjs [--connections 20] [--seconds 8]
// Prints, in one run: requests per second of /tienda through nginx (round-robin over two instances) and
// straight to one instance, alternated twice; then the failover gap: a live stream (a visitor's tracking
// page stream, reconnecting as a browser's EventSource does: after the server's `retry`) is open through
// nginx on one instance, that instance gets SIGKILL, and the time until the stream is open again on the
// other is measured. Uses TEST_DATABASE_URL's server, or starts a throwaway Postgres cluster.
import { spawnSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { query, ROOT, startTopology } from "../scripts/topology/topology.mjs";
import { ms } from "./lib.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const connections = arg("connections", 20);
const seconds = Math.min(arg("seconds", 8), 60);

async function load(url) {
  return autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
}

/** Opens `url` as an EventSource would, again after each end; resolves `opened()` per open. */
function sseClient(url) {
  const opens = [];
  let stopped = false;
  let retry = 3000;
  const controller = new AbortController();
  (async () => {
    while (!stopped) {
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } });
        if (res.status === 200) {
          opens.push(Date.now());
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            const m = /retry: (\d+)/.exec(decoder.decode(chunk));
            if (m) retry = Number(m[1]);
          }
        }
      } catch {}
      if (!stopped) await new Promise((r) => setTimeout(r, retry));
    }
  })();
  return {
    opens,
    stop() {
      stopped = true;
      controller.abort();
    },
  };
}

let pgDir = "";
let postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  const out = spawnSync(path.join(ROOT, "scripts", "pg-test-cluster.sh"), ["start"], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(out.stderr);
  postgresUrl = /export TEST_DATABASE_URL=(\S+)/.exec(out.stdout)?.[1];
  pgDir = /export PG_TEST_DIR=(\S+)/.exec(out.stdout)?.[1] ?? "";
}
const topo = await startTopology({ postgresUrl });
try {
  const targets = [
    ["nginx, 2 instances", `${topo.url}/tienda`],
    ["1 instance, direct", `${topo.instances[0].url}/tienda`],
  ];
  for (const [, url] of targets) await load(url); // warm-up (JIT, caches)
  const rps = { [targets[0][0]]: [], [targets[1][0]]: [] };
  for (let round = 0; round < 2; round++) {
    for (const [name, url] of targets) {
      const r = await load(url);
      rps[name].push(r.requests.average);
      console.log(
        `${name.padEnd(20)} ${r.requests.average.toFixed(0).padStart(5)} req/s   p50 ${ms(r.latency.p50)}   p99 ${ms(r.latency.p99)}   non-2xx ${r.non2xx}`,
      );
    }
  }
  for (const [name, list] of Object.entries(rps)) {
    console.log(`/tienda ${name}: mean ${(list.reduce((a, b) => a + b, 0) / list.length).toFixed(0)} req/s`);
  }

  // Failover gap: the stream's instance is killed; time until it is open again through nginx.
  const [order] = await query(topo.databaseUrl, "select tracking_number from orders limit 1");
  if (!order) throw new Error("no demo order to follow");
  const [victim, survivor] = topo.instances;
  await survivor.stop("SIGTERM"); // the stream opens on `victim`
  const client = sseClient(`${topo.url}/events/track/${order.tracking_number}`);
  while (client.opens.length === 0) await new Promise((r) => setTimeout(r, 50));
  await survivor.start();
  // nginx admits the restarted instance again after fail_timeout (5 s) and one good answer.
  for (;;) {
    const res = await fetch(`${topo.url}/healthz`);
    if (res.headers.get("x-upstream")?.endsWith(`:${survivor.port}`)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const t0 = Date.now();
  await victim.stop("SIGKILL");
  while (client.opens.length < 2) await new Promise((r) => setTimeout(r, 20));
  console.log(`failover gap (SIGKILL -> stream open again through nginx): ${client.opens[1] - t0} ms`);
  client.stop();
} finally {
  await topo.stop();
  if (pgDir)
    spawnSync(path.join(ROOT, "scripts", "pg-test-cluster.sh"), ["stop", pgDir], { stdio: "ignore" });
}
