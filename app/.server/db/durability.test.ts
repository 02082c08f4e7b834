import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTempDir } from "../testing/setup";
import { openPglite } from "./client";
import { products } from "./schema";

const dir = setupTempDir("mm-durability-");

describe.skipIf(!!process.env.TEST_DATABASE_URL)("embedded database on disk", () => {
  it("keeps data across a clean restart", async () => {
    const a = await openPglite(dir);
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

  it("refuses a second process on the same files", async () => {
    fs.writeFileSync(path.join(dir, "db.lock"), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(/está en uso por otro proceso/);
    fs.unlinkSync(path.join(dir, "db.lock"));
  });
});
