// Two or more built checkouts of this site side by side, for finding when a page got slower.
//   node bench/builds.mjs NAME=DIR NAME=DIR ... [--path track|/robots.txt|/tienda] [--rounds 5] [--seconds 8]
// Each DIR is a checkout with `npm run build` done (e.g. a `git worktree` of an older commit with
// node_modules linked). Every build gets its own data (60 products, 2,000 orders) written by its
// own bench/fixtures.mjs, so each schema is right; all servers run at once and are loaded in turn
// (10 connections, "track" = random tracking look-ups), round after round, so a change in the
// machine's load hits every build alike. Prints the server CPU per request of each round and the
// median: the figure that moves least from run to run.
import fs from "node:fs";
import path from "node:path";
import { argText } from "./lib.mjs";
import { loadWithCpu, median } from "./report.mjs";

const rounds = Number(argText("rounds") ?? 5);
const seconds = Number(argText("seconds") ?? 8);
const target = argText("path") ?? "track";
const builds = process.argv
  .slice(2)
  .filter((a) => /^[^-][^=]*=/.test(a))
  .map((a) => {
    const [name, dir] = a.split("=");
    return { name, root: path.resolve(dir), cpu: [] };
  });
if (builds.length < 2) throw new Error("usage: node bench/builds.mjs NAME=DIR NAME=DIR ... [--path track]");

try {
  for (const b of builds) {
    const lib = await import(path.join(b.root, "bench/lib.mjs"));
    b.fixtures = await import(path.join(b.root, "bench/fixtures.mjs"));
    b.dataDir = lib.tempDataDir(`builds-${b.name}`);
    const first = await lib.startServer({ DATA_DIR: b.dataDir, SEED_DEMO: "false" }, { output: "ignore" });
    await first.stop();
    await b.fixtures.withDatabase(b.dataDir, async (db) => {
      await b.fixtures.insertProducts(db, await b.fixtures.writeProductImages(b.dataDir), 60);
      await b.fixtures.insertOrders(db, 2000);
    });
    b.server = await lib.startServer(
      { DATA_DIR: b.dataDir, SEED_DEMO: "false", TRACKING_LOOKUPS_PER_MINUTE: "0" },
      { output: "ignore" },
    );
  }
  // Round 0 warms every build up and is not counted.
  for (let round = 0; round <= rounds; round++) {
    for (const b of builds) {
      const next = (i) =>
        target === "track" ? `/seguimiento?numero=${b.fixtures.trackingOf((i * 7919) % 2000)}` : target;
      const r = await loadWithCpu(b.server, next, { connections: 10, seconds: round === 0 ? 3 : seconds });
      if (round === 0) continue;
      b.cpu.push(r.cpu);
      console.log(
        `round ${round} ${b.name}: ${Math.round(r.rps)} req/s, ${r.cpu.toFixed(2)} ms CPU a request, p99 ${r.p99} ms`,
      );
    }
  }
  console.log(`\n${target}: server CPU a request, median of ${rounds} rounds`);
  for (const b of builds) {
    const all = [...b.cpu].sort((x, y) => x - y).map((c) => c.toFixed(2));
    console.log(`${b.name}: ${median(b.cpu).toFixed(2)} ms (${all.join(", ")})`);
  }
} finally {
  for (const b of builds) {
    await b.server?.stop();
    if (b.dataDir) fs.rmSync(b.dataDir, { recursive: true, force: true });
  }
}
