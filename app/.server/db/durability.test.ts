import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { setupTempDir } from "../testing/setup";
import { openPglite } from "./client";
import { acquireDirLock } from "./dir-lock";
import { products } from "./schema";

const dir = setupTempDir("mm-durability-");

// Each test opens a database folder from nothing (a new cluster and every migration): on a busy
// 2-core machine that alone took 30 s, so these tests get the time the slow ones have.
describe.skipIf(!!process.env.TEST_DATABASE_URL)("embedded database on disk", { timeout: 120_000 }, () => {
  it("keeps data across a clean restart, its cluster made by initdb as in production", async () => {
    // The test runs start new clusters from a copy of initdb's output (blankClusterImage);
    // production has no such image: this one is made the way a new shop's is.
    vi.stubEnv("PGLITE_BLANK_IMAGE", undefined);
    const a = await openPglite(dir).finally(() => vi.unstubAllEnvs());
    await a.db.insert(products).values({ name: "Pan dulce" });
    await a.close();
    const b = await openPglite(dir);
    const rows = await b.db.select().from(products).where(eq(products.name, "Pan dulce"));
    expect(rows).toHaveLength(1);
    await b.close();
  });

  it("keeps a write made right before the process was killed", async () => {
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "../testing/crash-writer.ts"), dir, "Queso crema"],
      { encoding: "utf8", cwd: process.cwd() },
    );
    expect(child.stdout).toContain("written");
    expect(child.signal).toBe("SIGKILL");
    const h = await openPglite(dir);
    const rows = await h.db.select().from(products).where(eq(products.name, "Queso crema"));
    expect(rows).toHaveLength(1);
    await h.close();
  });

  it("refuses a second live process, but not a restart right after the first was killed", async () => {
    const holder = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "../testing/lock-holder.ts"), dir],
      { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
        holder.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
      });
      await expect(acquireDirLock(dir, { waitMs: 300 })).rejects.toThrow(
        new RegExp(`está en uso por otro proceso \\(PID ${holder.pid}\\)`),
      );
      // kill -9 and start again at once: the dead (or still dying) process must not block it.
      holder.kill("SIGKILL");
      const h = await openPglite(dir);
      await h.close();
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("ignores a lock file left by a process that no longer exists", async () => {
    fs.writeFileSync(path.join(dir, "db.lock"), "999999");
    const h = await openPglite(dir);
    await h.close();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });
});
