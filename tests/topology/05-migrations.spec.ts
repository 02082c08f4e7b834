import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import getPort from "get-port";
import { defined } from "../../app/test/defined";
import {
  createDatabase,
  createInstance,
  instanceEnv,
  query,
  startInstances,
} from "../../scripts/topology/topology.mjs";
import { expect, test } from "./fixtures";

/** The `migrationsApplied` an instance logged at start-up (app/.server/services.ts). */
function migrationsApplied(output: string): number[] {
  return output
    .split("\n")
    .filter((l) => l.includes('"migrationsApplied"'))
    .map((l) => JSON.parse(l).migrationsApplied as number);
}

test("two instances starting at the same moment on an empty database: exactly one migrates, both serve", async ({
  topo,
}) => {
  const databaseUrl = await createDatabase(topo.postgresUrl, "topo_migrate");
  const dir = mkdtempSync(path.join(tmpdir(), "topology-migrate-"));
  const instances = [];
  for (let i = 0; i < 2; i++) {
    const port = await getPort({ host: "127.0.0.1" });
    const env = instanceEnv({
      port,
      dataDir: path.join(dir, String(i)),
      databaseUrl,
      s3Url: topo.s3.url,
      publicUrl: `http://127.0.0.1:${port}`,
    });
    instances.push(createInstance({ name: `migrate-${i}`, port, env }));
  }
  try {
    await startInstances(instances); // spawned back to back, then both awaited
    const applied = instances.map((i) => migrationsApplied(i.output()));
    const journal = (await query(
      databaseUrl,
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    )) as {
      n: number;
    }[];
    const total = defined(journal[0], "migration count").n;
    expect(total).toBeGreaterThan(0);
    // One logged every migration, the other none.
    expect(applied.map((a) => a.length)).toEqual([1, 1]);
    expect(applied.flat().sort((a, b) => a - b)).toEqual([0, total]);
    for (const i of instances) {
      const res = await fetch(`${i.url}/tienda`);
      expect(res.status, `${i.name} serves the shop`).toBe(200);
    }
    // The demo content was seeded once, not once per instance.
    const products = (await query(
      databaseUrl,
      "select count(*)::int as n, count(distinct name)::int as names from products",
    )) as { n: number; names: number }[];
    const [{ n, names }] = products as [{ n: number; names: number }];
    expect(n).toBeGreaterThan(0);
    expect(n).toBe(names);
  } finally {
    for (const i of instances) await i.stop("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});
