import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import getPort from "get-port";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { blankClusterImage, migrationsFolder, openPglite } from "../db/client";
import { PGLITE_EXTENSIONS } from "../db/pglite";
import { createS3Storage } from "../storage/s3";
import type { S3Options } from "../storage/storage";
import { testLogger } from "../testing/db";
import { removeDir, tempPath } from "../testing/files";
import { webpBytes } from "../testing/images";
import { setupTestDatabase } from "../testing/setup";
import { createBackup } from "./create";
import { ARCHIVE_NAME } from "./manifest";
import { openArchive } from "./offsite";
import { restoreBackup } from "./restore";
import { preMigrationBackup } from "./service";

// The S3 side of backups (the images bucket listed and read, the off-site copy written and read
// back) against an S3 server, and the backup a start takes before migrating.

const dir = tempPath("mm-test-s3rver-");
/** s3rver ships no types: the little this test uses of it. */
type S3Server = { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3rver: S3Server | undefined;
let endpoint = "";
const s3 = (bucket: string): S3Options => ({
  endpoint,
  region: "us-east-1",
  bucket,
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  publicUrl: `${endpoint}/${bucket}`,
  forcePathStyle: true,
});
beforeAll(async () => {
  const { default: S3rver } = (await import("s3rver" as string)) as {
    default: new (opts: Record<string, unknown>) => S3Server;
  };
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: await getPort({ host: "127.0.0.1" }),
    directory: dir,
    silent: true,
    configureBuckets: [{ name: "images" }, { name: "backups" }, { name: "restored" }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  removeDir(dir);
});

describe("backups with S3", () => {
  const h = setupTestDatabase({ seed: true });
  const backupDir = tempPath("mm-test-s3-backups-");
  afterAll(() => removeDir(backupDir));

  it("copies every object of the images bucket, sends the archive off-site and restores into another bucket", async () => {
    const images = createS3Storage(s3("images"));
    const bodies = new Map<string, Buffer>();
    for (let i = 0; i < 3; i++) {
      const body = await webpBytes(i + 1, 40 + i);
      bodies.set(`public/foto-${i}.webp`, body);
      await images.put("product-images", `public/foto-${i}.webp`, body, "image/webp");
    }
    await images.put("site-assets", "chat/2026-11/a.webp", await webpBytes(200), "image/webp");
    const listed = [];
    for await (const o of images.list("product-images")) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual([...bodies.keys()].sort());
    expect(await images.get("product-images", "public/foto-1.webp")).toEqual(
      bodies.get("public/foto-1.webp"),
    );
    expect(await images.get("product-images", "public/nada.webp")).toBeNull();

    const offsite = { ...s3("backups"), prefix: "copias/" };
    const result = await createBackup(
      {
        database: h.handle,
        storage: images,
        logger: testLogger,
        settings: { dir: backupDir, hour: null, timeZone: "UTC", keep: 7, beforeMigrations: true, offsite },
      },
      { kind: "manual" },
    );
    expect(result?.offsiteError).toBeNull();
    expect(result?.s3Key).toBe(`copias/${result?.fileName}`);
    expect(result?.manifest.files.count).toBe(4);
    const remote = await openArchive(offsite, result?.s3Key ?? "");
    expect(Buffer.from(await remote.arrayBuffer()).equals(fs.readFileSync(result?.file ?? ""))).toBe(true);

    const restored = createS3Storage(s3("restored"));
    const dataDir = tempPath("mm-test-s3-restore-");
    try {
      const report = await restoreBackup({
        file: result?.file ?? "",
        target: { engine: "pglite", dataDir },
        storage: restored,
      });
      expect(report.files).toBe(4);
      expect(await restored.get("product-images", "public/foto-2.webp")).toEqual(
        bodies.get("public/foto-2.webp"),
      );
    } finally {
      removeDir(dataDir);
    }
  }, 300_000);
});

/** An embedded folder as the previous version left it: every migration but the newest. */
async function previousVersionDatabase(dataDir: string) {
  const folder = path.join(dataDir, "old-migrations");
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries.pop();
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const old = new PGlite(path.join(dataDir, "pglite"), {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: blankClusterImage(dataDir),
  });
  await migrate(drizzle(old), { migrationsFolder: folder });
  await old.close();
}

/** Starts as the server does (the migrations with their hook) and answers what it logged. */
async function start(dataDir: string, env: Record<string, string>) {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (l: string) => void lines.push(l) });
  const config = loadConfig({ DATA_DIR: dataDir, BACKUP_HOUR: "off", ...env });
  const opened = await openPglite(dataDir, {
    beforeMigrate: preMigrationBackup(config, createS3Storage(s3("images")), logger),
  });
  await opened.close();
  const backups = path.join(dataDir, "backups");
  const archives = fs.existsSync(backups) ? fs.readdirSync(backups).filter((n) => ARCHIVE_NAME.test(n)) : [];
  return { log: lines.join("\n"), archives };
}

describe("a start about to migrate a database with data", () => {
  const dirs = [tempPath("mm-test-premigrate-"), tempPath("mm-test-premigrate-off-")];
  afterAll(() => {
    for (const d of dirs) removeDir(d);
  });

  it("backs it up first and says so", async () => {
    await previousVersionDatabase(dirs[0] as string);
    const { log, archives } = await start(dirs[0] as string, {});
    expect(archives).toHaveLength(1);
    expect(log).toMatch(/Copia de seguridad antes de migrar: .*minimarket-/);
    // Started again: nothing left to migrate, no second backup.
    expect((await start(dirs[0] as string, {})).archives).toHaveLength(1);
  }, 300_000);

  it("with BACKUP_BEFORE_MIGRATIONS=false migrates without one, and says so", async () => {
    await previousVersionDatabase(dirs[1] as string);
    const { log, archives } = await start(dirs[1] as string, { BACKUP_BEFORE_MIGRATIONS: "false" });
    expect(archives).toHaveLength(0);
    expect(log).toMatch(/sin copia previa \(BACKUP_BEFORE_MIGRATIONS=false\)/);
  }, 300_000);
});
