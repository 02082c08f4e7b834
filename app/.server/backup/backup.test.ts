import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { recordAudit } from "../audit/audit";
import { visitorSend } from "../chat/visitor";
import type { Db } from "../db/client";
import { blankClusterImage, type DbHandle, migrationsFolder, openPglite, rowsOf } from "../db/client";
import { PGLITE_EXTENSIONS } from "../db/pglite";
import * as schema from "../db/schema";
import { bannerImageHistory, products, siteSettings } from "../db/schema";
import { createOrder } from "../orders/orders";
import { addStaffMember } from "../staff/staff-admin";
import { createLocalStorage } from "../storage/local";
import type { BUCKETS } from "../storage/storage";
import { startConversation, withPhotoStorage } from "../testing/chat";
import { onPostgres, testLogger } from "../testing/db";
import { removeDir, tempPath } from "../testing/files";
import { testPhoto, webpBytes } from "../testing/images";
import { setupTempDir, setupTestDatabase, setupTestStorage } from "../testing/setup";
import { insertBackupRow, listBackups } from "./catalog";
import { createBackup } from "./create";
import { restoreBackup } from "./restore";
import { localSlot } from "./schedule";
import type { BackupSettings } from "./settings";
import { type Query, tableDigests } from "./tables";

/** The newest migration this checkout ships (the backup records it as its level). */
const latestMigrationTag = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    }
  ).entries.at(-1)?.tag;

const h = setupTestDatabase({ seed: true, bus: true });
const storage = setupTestStorage();
const backupDir = setupTempDir("mm-test-backups-");
const settings = (): BackupSettings => ({
  dir: backupDir,
  hour: null,
  timeZone: "America/New_York",
  keep: 7,
  beforeMigrations: true,
  offsite: null,
});
const deps = () => ({ database: h.handle, storage, settings: settings(), logger: testLogger });

const orderOf = (customerName: string) => ({
  customerName,
  orderDescription: "Caja",
  customerPhone: null,
  customerAddress: null,
  orderTotal: null,
});

/** Products with pictures, orders, conversations with photos, staff, settings and their history. */
async function seedShop() {
  for (let i = 0; i < 5; i++) {
    const url = await storage.put(
      "product-images",
      `public/p${i}.webp`,
      await webpBytes(i + 1, 64 + i),
      "image/webp",
    );
    await h.db.insert(products).values({ name: `Producto ${i}`, category: "comida", imageUrl: url });
  }
  const banner = await storage.put("site-assets", "public/banner-1.webp", await webpBytes(100), "image/webp");
  await h.db.insert(bannerImageHistory).values({ imageUrl: banner });
  const chat = withPhotoStorage(h, storage);
  const admin = { id: null, name: "Prueba" };
  await addStaffMember(
    { db: h.db, actor: admin },
    { email: "ana@example.com", name: "Ana", role: "operador" },
  );
  await h.db.update(siteSettings).set({ data: { primaryColor: "210 80% 40%" } });
  for (let i = 0; i < 20; i++)
    await createOrder({ db: h.db, bus: h.bus, actor: admin }, orderOf(`Cliente ${i}`));
  for (let i = 0; i < 3; i++) {
    const { clientId, secret } = await startConversation(h, `Hola ${i}`);
    const image = await testPhoto({ width: 300, height: 200 });
    await visitorSend(
      chat,
      { clientId, clientMessageId: randomUUID(), message: "Mi paquete", image },
      secret,
      {
        ip: "10.9.9.9",
      },
    );
  }
  await recordAudit(h.db, admin, { action: "site.text", target: "Textos" });
}

/** Writes that go on while the backup runs: new orders and chat messages. */
function keepWriting() {
  let stop = false;
  let n = 0;
  const loop = (async () => {
    // A test that timed out stops here too, before its database closes.
    while (!stop && n < 5000) {
      // Writes arrive as requests do, between turns of the event loop (PGlite answers without
      // real I/O: a loop of bare awaits would never let the backup's own file writes run).
      await new Promise((r) => setTimeout(r, 5));
      await createOrder({ db: h.db, bus: h.bus }, orderOf(`Durante ${n++}`));
      await recordAudit(h.db, null, { action: "site.text", target: `Mientras ${n}` });
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return n;
  };
}

/** A fresh, empty target of the same engine as the test database. */
async function freshTarget(): Promise<{
  target: Parameters<typeof restoreBackup>[0]["target"];
  open(): Promise<Query>;
  close(): Promise<void>;
}> {
  if (onPostgres) {
    const base = defined(process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL");
    const name = `restore_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    let client: pg.Client | null = null;
    return {
      target: { engine: "postgres", url: url.toString() },
      async open() {
        const opened = new pg.Client({ connectionString: url.toString() });
        client = opened;
        await opened.connect();
        return async (q) => (await opened.query(q)).rows;
      },
      async close() {
        await client?.end();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = tempPath("mm-test-restore-");
  let handle: DbHandle | null = null;
  return {
    target: { engine: "pglite", dataDir },
    async open() {
      const opened = await openPglite(dataDir);
      handle = opened;
      return async (q) => rowsOf(await opened.db.execute(q));
    },
    async close() {
      await handle?.close();
      removeDir(dataDir);
    },
  };
}

describe("backups", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("a backup taken while orders and messages keep arriving restores into an empty target with every row and file identical", async () => {
    await seedShop();
    const stopWriting = keepWriting();
    const progress: number[] = [];
    const result = await createBackup(deps(), {
      kind: "manual",
      onProgress: (p) => progress.push(p.progress),
    });
    const written = await stopWriting();
    expect(written).toBeGreaterThan(0);
    const { manifest, file } = defined(result, "backup result");
    expect(fs.existsSync(file)).toBe(true);
    expect(progress.at(-1)).toBeGreaterThanOrEqual(90);
    expect(manifest.tables["public.orders"]?.rows).toBeGreaterThanOrEqual(20);
    expect(manifest.tables["public.products"]?.rows).toBeGreaterThan(0);
    expect(manifest.files.count).toBeGreaterThan(3);
    expect(manifest.files.list.some((f) => f.path.startsWith("site-assets/chat/"))).toBe(true);
    expect(manifest.database.migrations.last).toBe(latestMigrationTag());

    // The catalogue lists it as done, with its counts.
    const [row] = await listBackups(h.db);
    expect(row).toMatchObject({ status: "done", fileName: path.basename(file), progress: 100 });
    expect(row?.summary?.tables["public.orders"]).toBe(manifest.tables["public.orders"]?.rows);

    const fresh = await freshTarget();
    cleanups.push(fresh.close);
    const restoredStorage = createLocalStorage(tempPath("mm-test-restored-files-"));
    cleanups.push(async () => removeDir(restoredStorage.root));
    const lines: string[] = [];
    const report = await restoreBackup({
      file,
      target: fresh.target,
      storage: restoredStorage,
      log: (l) => lines.push(l),
    });
    expect(report.rows).toBe(Object.values(manifest.tables).reduce((a, t) => a + t.rows, 0));
    expect(report.migrationsApplied).toBe(0);
    expect(lines.join("\n")).toMatch(/Base de datos verificada/);

    // Checked here again, independently of the restore's own check.
    const query = await fresh.open();
    const restored = await tableDigests(query);
    expect(restored).toEqual(manifest.tables);
    for (const f of manifest.files.list) {
      const [bucket, ...key] = f.path.split("/");
      const body = await restoredStorage.get(bucket as (typeof BUCKETS)[number], key.join("/"));
      expect(body && createHash("sha256").update(body).digest("hex")).toBe(f.sha256);
    }
  }, 300_000);

  it("refuses a target that already has data unless --force", async () => {
    const row = defined((await listBackups(h.db))[0], "backup row");
    const file = path.join(row.dir, row.fileName);
    const fresh = await freshTarget();
    cleanups.push(fresh.close);
    const files = createLocalStorage(tempPath("mm-test-restored-files-"));
    cleanups.push(async () => removeDir(files.root));
    await restoreBackup({ file, target: fresh.target, storage: files });
    await expect(restoreBackup({ file, target: fresh.target, storage: files })).rejects.toThrow(
      /no está vacía|Ya hay una base/,
    );
    const again = await restoreBackup({ file, target: fresh.target, storage: files, force: true });
    expect(again.files).toBeGreaterThan(0);
  }, 300_000);

  it("a backup from an older version gets the newer migrations when restored", async () => {
    // A database migrated up to the migration before the newest, as the previous version left it.
    const folder = tempPath("mm-test-old-migrations-");
    cleanups.push(async () => removeDir(folder));
    fs.cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const newest = journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const old = new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: blankClusterImage() });
    await migrate(drizzle(old), { migrationsFolder: folder });
    const oldHandle: DbHandle = {
      db: drizzle(old, { schema }) as unknown as Db,
      kind: "pglite",
      pglite: old,
      close: () => old.close(),
    };
    cleanups.push(() => oldHandle.close());
    const empty = createLocalStorage(tempPath("mm-test-no-files-"));
    const result = await createBackup(
      { database: oldHandle, storage: empty, settings: settings(), logger: testLogger, catalogue: false },
      { kind: "pre-migration" },
    );
    expect(result?.manifest.database.migrations.last).toBe(journal.entries.at(-1)?.tag);

    const fresh = await freshTarget();
    cleanups.push(fresh.close);
    const files = createLocalStorage(tempPath("mm-test-restored-files-"));
    cleanups.push(async () => removeDir(files.root));
    const report = await restoreBackup({ file: result?.file ?? "", target: fresh.target, storage: files });
    expect(report.migrationsApplied).toBe(1);
    const query = await fresh.open();
    const [level] = await query<{ n: string }>(
      "select count(*)::text as n from drizzle.__drizzle_migrations",
    );
    expect(Number(level?.n)).toBe(journal.entries.length + 1);
    expect(newest?.tag).toBe(latestMigrationTag());
  }, 300_000);

  it("takes each scheduled day once: the day's slot is claimed by one row", async () => {
    const row = {
      fileName: `x-${randomUUID()}`,
      kind: "scheduled" as const,
      slot: "2026-11-20",
      dir: backupDir,
      actorName: null,
    };
    expect(await insertBackupRow(h.db, row)).toBeTruthy();
    expect(await insertBackupRow(h.db, { ...row, fileName: `y-${randomUUID()}` })).toBeNull();
    // 03:30 UTC is still the evening before in Miami.
    expect(localSlot(new Date("2026-11-20T03:30:00Z"), "America/New_York")).toEqual({
      day: "2026-11-19",
      hour: 22,
    });
  });
});
