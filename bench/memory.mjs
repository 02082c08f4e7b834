// The server's resident memory when idle: after a first start that creates the database and the
// demo content, and after a restart on the same data.
//   npm run build && node bench/memory.mjs [--settle 15] [--rss-wait 60]
// RSS is read from /proc after `--settle` seconds without traffic, then again `--rss-wait` seconds
// after 40 requests to the public pages. Targets: ≤ 300 MB idle, and back within 10 % of it.
import fs from "node:fs";
import os from "node:os";
import { PUBLIC_PAGES, startServer, tempDataDir } from "./lib.mjs";
import { RSS_AFTER_LOAD, rssMb, rssRecovery, summary } from "./report.mjs";

const i = process.argv.indexOf("--settle");
const settle = i === -1 ? 15 : Number(process.argv[i + 1]);
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

async function measure(label, dataDir) {
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "true" }, { output: "ignore" });
  try {
    const started = rssMb(server.pid);
    await sleep(settle);
    const idle = rssMb(server.pid);
    for (let n = 0; n < 5; n++)
      for (const p of PUBLIC_PAGES) await (await fetch(server.url + p)).arrayBuffer();
    console.log(`${label}: ${started} MB when ready, ${idle} MB idle; 40 page views:`);
    const recovery = await rssRecovery(server.pid, idle);
    return { idle, recovery };
  } finally {
    await server.stop();
  }
}

const dataDir = tempDataDir("memory");
try {
  const load = os.loadavg()[0];
  const first = await measure("first start (creates the database and demo content)", dataDir);
  const again = await measure("restart on the same data", dataDir);
  summary("memory", {
    load,
    "idle RSS first start / restart": `${first.idle} / ${again.idle} MB`,
    [`${RSS_AFTER_LOAD} (40 page views), first start`]: first.recovery,
    [`${RSS_AFTER_LOAD} (40 page views), restart`]: again.recovery,
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
