import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { count, desc, like } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defined } from "../../test/defined";
import { type DbHandle, openPglite } from "../db/client";
import { auditLog, backups, orders, sessions } from "../db/schema";
import { InvalidInputError } from "../errors";
import { createEventBus, type EventBus } from "../events/bus";
import { createOrder } from "../orders/orders";
import { seedDefaults } from "../seed";
import { createStaff } from "../staff/bootstrap";
import { createLocalStorage } from "../storage/local";
import { testLogger } from "../testing/db";
import { removeDir, tempPath } from "../testing/files";
import { webpBytes } from "../testing/images";
import { createArchive, extractArchive } from "./archive";
import { listBackups, registerArchives } from "./catalog";
import { type BackupDeps, createBackup } from "./create";
import { checkedManifest, scheduleRestore, UPLOAD_ID_PREFIX } from "./dashboard-restore";
import { DATABASE_ENTRY, FILES_PREFIX, type Manifest, PRE_RESTORE } from "./manifest";
import {
  applyPendingRestore,
  endAllSessions,
  hasPendingRestore,
  readRestoreOutcome,
  recordRestoreAudit,
  restoreDir,
  writePendingRestore,
} from "./pending-restore";
import type { BackupSettings } from "./settings";
import { uploadsDir } from "./upload";

// 'Restaurar' from the dashboard (issue 42, docs/decisions/0029): the archive is checked before
// anything changes, the current data is backed up, and the next start applies the restore into
// the embedded folder, or puts everything back when it fails. A real PGlite folder on disk, as a
// shop has: the in-memory test database cannot be restored into.

const dataDir = tempPath("mm-test-dash-restore-");
const storage = createLocalStorage(path.join(dataDir, "files"));
const settings: BackupSettings = {
  dir: path.join(dataDir, "backups"),
  hour: null,
  timeZone: "America/New_York",
  keep: 7,
  beforeMigrations: true,
  offsite: null,
};
const actor = { id: null, name: "Dueña" };

let handle: DbHandle;
let bus: EventBus;
const deps = (): BackupDeps => ({ database: handle, storage, settings, logger: testLogger });

async function open() {
  handle = await openPglite(dataDir);
  bus = await createEventBus({ db: handle.db, logger: testLogger });
}
/** The site stops (the restart): its database folder is free for the restore. */
async function close() {
  await bus.close();
  await handle.close();
}

const newOrder = (name: string) =>
  createOrder(
    { db: handle.db, bus, actor },
    {
      customerName: name,
      orderDescription: "Caja",
      customerPhone: null,
      customerAddress: null,
      orderTotal: null,
    },
  );
const orderNames = async () =>
  (await handle.db.select({ n: orders.customerName }).from(orders)).map((r) => r.n).sort();
/** The newest restore row of 'Actividad'. */
const restoreAudit = async () =>
  (
    await handle.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, "backup.restore%"))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
const sessionCount = async () => Number((await handle.db.select({ n: count() }).from(sessions))[0]?.n);
const restoreLeftovers = () =>
  fs.readdirSync(dataDir).filter((n) => n.includes("antes-de-restaurar") || n.endsWith(".tmp"));

/** A copy of `file` with its manifest changed by `edit`, written as the site writes archives. */
async function repacked(file: string, edit: (m: Manifest) => void): Promise<string> {
  const dir = tempPath("mm-test-repack-");
  fs.mkdirSync(dir);
  try {
    const archive = await extractArchive(file, dir);
    const out = path.join(settings.dir, `tampered-${randomBytes(4).toString("hex")}.tar.gz`);
    const writer = createArchive(out);
    await writer.addFile(DATABASE_ENTRY, archive.databaseFile);
    for (const [p, f] of archive.files) await writer.addFile(`${FILES_PREFIX}${p}`, f.file);
    edit(archive.manifest);
    await writer.finish(archive.manifest);
    return out;
  } finally {
    removeDir(dir);
  }
}

describe("restoring from the dashboard (embedded database)", () => {
  let backupId = "";
  let backupFile = "";

  beforeAll(async () => {
    await open();
    await seedDefaults(handle.db);
    const staff = await createStaff(handle.db, {
      email: "ana@example.com",
      name: "Ana",
      role: "admin",
      password: "una-clave-larga-123",
    });
    await handle.db
      .insert(sessions)
      .values({ id: "old-session", userId: staff.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await storage.put("product-images", "public/p1.webp", await webpBytes(1, 64), "image/webp");
    await newOrder("Antes 1");
    await newOrder("Antes 2");
    const made = defined(await createBackup(deps(), { kind: "manual", actor }), "backup");
    backupId = defined(made.id, "backup id");
    backupFile = made.file;
  }, 120_000);

  afterAll(async () => {
    if (handle && !(handle.pglite?.closed ?? true)) await close();
    removeDir(dataDir);
  });

  it("refuses a corrupt or foreign archive before anything changes: no backup taken, nothing scheduled", async () => {
    await newOrder("Después");
    const before = { orders: await orderNames(), backups: (await listBackups(handle.db)).length };

    // An upload cut short (the last bytes lost), and a gzip'd tar that is not one of ours.
    fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
    const whole = fs.readFileSync(backupFile);
    const cut = "a".repeat(32);
    fs.writeFileSync(path.join(uploadsDir(dataDir), `${cut}.tar.gz`), whole.subarray(0, whole.length - 200));
    const foreign = "b".repeat(32);
    const pack = tar.pack();
    pack.entry({ name: "hola.txt" }, "no soy una copia");
    pack.finalize();
    await pipeline(
      pack,
      zlib.createGzip(),
      fs.createWriteStream(path.join(uploadsDir(dataDir), `${foreign}.tar.gz`)),
    );

    for (const token of [cut, foreign]) {
      const refused = scheduleRestore(deps(), dataDir, { id: `${UPLOAD_ID_PREFIX}${token}`, actor });
      await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
      await expect(refused).rejects.toMatchObject({
        reason: "archive",
        detail: expect.stringMatching(/copia/),
      });
    }
    // The same words for a checksum that does not match (a byte changed inside the dump).
    const tampered = await repacked(backupFile, (m) => {
      m.database.sha256 = "0".repeat(64);
    });
    await expect(checkedManifest(tampered)).rejects.toMatchObject({
      detail: "La base de datos de la copia está dañada (su suma de control no coincide).",
    });
    fs.rmSync(tampered);

    expect(hasPendingRestore(dataDir)).toBe(false);
    expect(await orderNames()).toEqual(before.orders);
    expect(await listBackups(handle.db)).toHaveLength(before.backups);
  }, 60_000);

  it("a failing restore at start-up keeps the current data, removes the request and records why", async () => {
    // Whole and checksummed, but its manifest counts an order the dump does not hold: the restore
    // loads it, finds the difference and must put the current folder and files back.
    const lying = await repacked(backupFile, (m) => {
      const t = defined(m.tables["public.orders"], "orders digest");
      t.rows += 1;
    });
    await checkedManifest(lying);
    writePendingRestore(dataDir, {
      file: lying,
      createdAt: "2026-11-20T08:00:00.000Z",
      requestedAt: new Date().toISOString(),
      requestedBy: "Dueña",
      requestedById: null,
      removeAfter: false,
    });
    const names = await orderNames();
    await close();

    const outcome = defined(await applyPendingRestore({ dataDir, storage, logger: testLogger }), "outcome");
    expect(outcome).toMatchObject({ ok: false, createdAt: "2026-11-20T08:00:00.000Z", requestedBy: "Dueña" });
    expect(outcome.error).toMatch(/no coincide con el manifiesto/);
    expect(readRestoreOutcome(dataDir)).toEqual(outcome);
    expect(hasPendingRestore(dataDir)).toBe(false);
    expect(restoreLeftovers()).toEqual([]);
    expect(await storage.get("product-images", "public/p1.webp")).not.toBeNull();

    await open();
    expect(await orderNames()).toEqual(names);
    expect(await sessionCount()).toBe(1);
    // 'Actividad' says it failed, why, and who asked (the start writes it once the data is open).
    await recordRestoreAudit(handle.db, outcome);
    expect(await restoreAudit()).toMatchObject({
      action: "backup.restore-failed",
      actorName: "Dueña",
      target: "minimarket-2026-11-20-080000Z.tar.gz",
      changes: { error: expect.stringMatching(/no coincide con el manifiesto/) },
    });
    fs.rmSync(lying);
  }, 120_000);

  it("'Sí, restaurar' backs up the current data first; the next start restores the copy and signs everyone out", async () => {
    const scheduled = await scheduleRestore(deps(), dataDir, { id: backupId, actor });
    expect(hasPendingRestore(dataDir)).toBe(true);
    // The copy of the data as it was, marked as the one made before restoring.
    const safety = defined(
      (await listBackups(handle.db)).find((r) => r.fileName === scheduled.safetyFileName),
      "safety backup row",
    );
    expect(safety).toMatchObject({ status: "done", kind: "manual", actorName: "Dueña" });
    expect(safety.summary?.reason).toBe(PRE_RESTORE);
    expect(safety.summary?.tables["public.orders"]).toBe(3);
    // A second request meanwhile is refused.
    await expect(scheduleRestore(deps(), dataDir, { id: backupId, actor })).rejects.toMatchObject({
      reason: "restore-running",
    });
    await close();

    const outcome = defined(await applyPendingRestore({ dataDir, storage, logger: testLogger }), "outcome");
    expect(outcome).toMatchObject({ ok: true, error: null });
    expect(hasPendingRestore(dataDir)).toBe(false);
    // The restore read its own link to the archive (retention may delete listed ones); gone now.
    expect(fs.readdirSync(restoreDir(dataDir)).filter((n) => n.endsWith(".tar.gz"))).toEqual([]);
    expect(fs.existsSync(backupFile)).toBe(true);
    // Measured for docs/decisions/0029: a small shop's restore at start-up.
    console.info(`restore at start-up: ${outcome.ms} ms`);

    await open();
    // The order made after the backup is gone; the ones before it are back.
    expect(await orderNames()).toEqual(["Antes 1", "Antes 2"]);
    expect(await sessionCount()).toBe(1);
    // 'Actividad' of the restored data names the restore, credited to who asked for it.
    await recordRestoreAudit(handle.db, outcome);
    expect(await restoreAudit()).toMatchObject({
      action: "backup.restored",
      actorName: "Dueña",
      actorId: actor.id,
    });
    expect(await endAllSessions(handle.db)).toBe(1);
    expect(await sessionCount()).toBe(0);
    // The restored list starts empty (the catalogue is no part of a backup); the start registers the
    // folder's archives, the one made before restoring among them, still marked as such.
    expect(await handle.db.select({ id: backups.id }).from(backups)).toHaveLength(0);
    await registerArchives(handle.db, settings.dir);
    const listed = await listBackups(handle.db);
    expect(listed.find((r) => r.fileName === scheduled.safetyFileName)?.summary?.reason).toBe(PRE_RESTORE);
    // What the restore set aside is kept, as the command does.
    expect(restoreLeftovers().filter((n) => n.startsWith("pglite.antes-de-restaurar"))).toHaveLength(1);
  }, 240_000);
});
