import path from "node:path";
import { z } from "zod";
import { announceSessionsEnded } from "./auth/sessions";
import { type BackupService, createBackupService, preMigrationBackup } from "./backup/service";
import { startPresenceSweeper } from "./chat/agents";
import type { Config } from "./config";
import { createSiteContentCache, type SiteContentCache } from "./content/site";
import { type DbHandle, openDatabase, pgliteClusterExists } from "./db/client";
import { createEventBus, type EventBus } from "./events/bus";
import { createSseHub, type SseHub } from "./events/sse";
import { startHousekeeping } from "./housekeeping";
import type { Logger } from "./logger";
import { type Mailer, startMailer } from "./mail/mailer";
import { createOrderSettingsCache, type OrderSettingsCache } from "./orders/settings";
import { makeOwnerOnly } from "./owner-only";
import { parseAllowedHosts } from "./push/endpoint";
import { startPushNotifier } from "./push/notifier";
import { createPushService, type PushService } from "./push/send";
import { defaultsSeeded, seedDatabase } from "./seed";
import { bootstrapStaff } from "./staff/bootstrap";
import { createLocalStorage } from "./storage/local";
import { createS3Storage } from "./storage/s3";
import type { Storage } from "./storage/storage";

// Any validation message we did not word ourselves still reaches people in Spanish.
z.config(z.locales.es());

/** Everything a request needs, created once at start-up and handed to routes via context. */
export type Services = {
  config: Config;
  logger: Logger;
  database: DbHandle;
  db: DbHandle["db"];
  bus: EventBus;
  sse: SseHub;
  storage: Storage;
  siteContent: SiteContentCache;
  orderSettings: OrderSettingsCache;
  /** Web Push: keys, sending, and the background notifier's queue (ADR 0014). */
  push: PushService;
  pushNotifier: { idle(): Promise<void> };
  /** E-mail: the background sender of the mail queue (app/.server/mail/, issue 40). */
  mail: Mailer;
  /** Backups: make one now, the daily schedule, the command line's socket (app/.server/backup/). */
  backups: BackupService;
  /**
   * Test hooks only (app/.server/http/test-hooks.ts): `db` makes data loaders behave as if the
   * database were down; `loader` names a route whose next loader run fails.
   */
  faults: { db: boolean; loader: string | null };
  close(): Promise<void>;
};

/**
 * `seedElsewhere`: runs seedDatabase in another process (the server's child, server/index.ts).
 * The demo content's pictures go through sharp, whose threads leave ~100 MB of freed memory in
 * their malloc arenas for the life of the process (docs/decisions/0017-memory.md): with it, a first
 * start with SEED_DEMO leaves this process as small as a restart does.
 */
export async function createServices(
  config: Config,
  logger: Logger,
  opts: { database?: DbHandle; storage?: Storage; seedElsewhere?: () => Promise<void> } = {},
): Promise<Services> {
  const storage = opts.storage ?? createStorage(config);
  const seedElsewhere = config.SEED_DEMO && !opts.database ? opts.seedElsewhere : undefined;
  // A new embedded database is created and seeded before this process opens the folder (one
  // process at a time may open it).
  if (seedElsewhere && !config.DATABASE_URL && !pgliteClusterExists(config.dataDir)) await seedElsewhere();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      logger,
      beforeMigrate: preMigrationBackup(config, storage, logger),
    }));
  const db = database.db;
  // What a new embedded cluster, an earlier version or a copied folder left open to other users.
  if (!opts.database) makeOwnerOnly(config.dataDir);
  if (database.migrationsApplied !== undefined) {
    // Read by the topology tests (two instances starting at once: exactly one migrates).
    logger.info({ migrationsApplied: database.migrationsApplied }, "Migraciones de la base de datos");
  }
  // Postgres: seeded once migrated; instances starting at once each ask, seedDefaults picks one.
  if (seedElsewhere && database.kind === "postgres" && !(await defaultsSeeded(db))) await seedElsewhere();

  // Already done when seeded elsewhere; the fallback when that was interrupted.
  await seedDatabase(db, storage, config, logger);

  const results = await bootstrapStaff(db, {
    adminEmail: config.ADMIN_EMAIL,
    adminPassword: config.ADMIN_PASSWORD,
    operatorEmail: config.OPERATOR_EMAIL,
    operatorPassword: config.OPERATOR_PASSWORD,
  });
  for (const r of results) {
    if (r.status === "error") logger.error({ email: r.email, role: r.role }, `Cuenta inicial: ${r.message}`);
    else if (r.generatedPassword) {
      // Printed once, at creation; it is not stored anywhere in clear text.
      logger.warn(
        `Cuenta inicial creada (${r.role}): ${r.email} / contraseña: ${r.generatedPassword}  ` +
          "(guárdala ahora; cámbiala con: npm run staff -- reset-password " +
          `${r.email})`,
      );
    } else logger.info({ email: r.email, role: r.role, status: r.status }, `Cuenta inicial: ${r.message}`);
  }

  const bus = await createEventBus({ db, pool: database.pool, logger });
  const sse = createSseHub({
    bus,
    logger,
    limits: {
      perAddress: config.STREAMS_PER_ADDRESS,
      max: config.STREAMS_MAX,
      lifetimeMs: config.STREAM_LIFETIME_SECONDS * 1000,
    },
  });
  // Other instances close the live streams of sessions a changed bootstrap password ended.
  for (const r of results) if (r.sessionsEndedFor) await announceSessionsEnded(bus, r.sessionsEndedFor);
  const siteContent = createSiteContentCache({ db, bus, logger });
  const orderSettings = createOrderSettingsCache({ db, bus });
  // Chat agents whose tab stopped sending heartbeats stop showing as online.
  const stopPresenceSweeper = startPresenceSweeper(
    { db, bus, logger },
    { awayAfterMs: config.CHAT_AWAY_AFTER_MINUTES * 60_000 },
  );

  const stopHousekeeping = startHousekeeping({ db, bus, config }, logger);
  const push = createPushService(
    { db, logger },
    {
      enabled: config.PUSH_ENABLED,
      subject: pushSubject(config),
      allowedHosts: parseAllowedHosts(config.PUSH_ALLOWED_HOSTS),
    },
  );
  const pushNotifier = startPushNotifier({ db, bus, push, logger });
  const mail = startMailer({ db, config, logger, siteContent });
  const backups = await createBackupService({
    config,
    database,
    storage,
    logger,
    // A test's injected database has no folder of its own for the command line's socket.
    controlSocket: !opts.database && database.kind === "pglite",
  });

  return {
    config,
    logger,
    database,
    db,
    bus,
    sse,
    storage,
    siteContent,
    orderSettings,
    push,
    pushNotifier,
    mail,
    backups,
    faults: { db: false, loader: null },
    async close() {
      backups.stop();
      pushNotifier.stop();
      await pushNotifier.idle().catch(() => {});
      mail.stop();
      stopHousekeeping();
      stopPresenceSweeper();
      sse.close();
      await bus.close();
      await database.close();
    },
  };
}

/** PUSH_SUBJECT, else the site's https address, else the first admin's e-mail. */
function pushSubject(config: Config): string {
  if (config.PUSH_SUBJECT) return config.PUSH_SUBJECT;
  if (config.PUBLIC_URL?.startsWith("https://")) return config.PUBLIC_URL;
  return `mailto:${config.ADMIN_EMAIL ?? "webmaster@example.com"}`;
}

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === "s3") {
    const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_PUBLIC_URL: publicUrl } = config;
    const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
    // loadConfig already refuses STORAGE_DRIVER=s3 without any of these.
    if (!endpoint || !bucket || !accessKeyId || !secretAccessKey || !publicUrl) {
      throw new Error(
        "STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL",
      );
    }
    return createS3Storage({
      endpoint,
      region: config.S3_REGION,
      bucket,
      accessKeyId,
      secretAccessKey,
      publicUrl,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(config.dataDir, "storage"));
}
