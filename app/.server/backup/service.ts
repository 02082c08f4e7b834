import type { Actor } from "../audit/audit";
import type { Config } from "../config";
import type { BeforeMigrate, DbHandle } from "../db/client";
import { ConflictError } from "../errors";
import type { Logger } from "../logger";
import type { Storage } from "../storage/storage";
import { markInterrupted, registerArchives } from "./catalog";
import { startControlServer } from "./control";
import { type BackupDeps, type BackupResult, createBackup } from "./create";
import { restoreInProgress, type ScheduledRestore, scheduleRestore } from "./dashboard-restore";
import { startBackupSchedule } from "./schedule";
import { type BackupSettings, backupSettings } from "./settings";

export type BackupService = {
  settings: BackupSettings;
  deps: BackupDeps;
  /**
   * Starts a backup in the background for the admin screen; resolves once it has its catalogue
   * row (the screen then shows its progress), rejects when one is already running.
   */
  startNow(actor: Actor): Promise<string | null>;
  /** Restoring from the dashboard (dashboard-restore.ts, docs/decisions/0029). */
  restore: RestoreControl;
  stop(): void;
};

export type RestoreControl = {
  /** Only the embedded database is restored from the dashboard; Postgres keeps the command. */
  available: boolean;
  dataDir: string;
  /** Whether one is being prepared or waits for the restart. */
  inProgress(): boolean;
  /** Checks the archive, backs up the current data, schedules the restore and asks for the restart. */
  schedule(id: string, actor: Actor): Promise<ScheduledRestore>;
  /**
   * The server's way to restart (server/index.ts: answer, then exit for the supervisor to start it
   * again). Without one (tests, a second instance in a test) the restore waits for the next start.
   */
  onRestart(handler: () => void): void;
};

export async function createBackupService(opts: {
  config: Config;
  database: DbHandle;
  storage: Storage;
  logger: Logger;
  controlSocket: boolean;
}): Promise<BackupService> {
  const settings = backupSettings(opts.config);
  const deps: BackupDeps = { database: opts.database, storage: opts.storage, settings, logger: opts.logger };
  // A backup this machine was writing when its process died shows as interrupted, not running.
  // Archives the list does not know (the one a start took before migrating, copies put in the
  // folder by hand, the folder of a restored site) join it.
  await markInterrupted(opts.database.db, new Set())
    .then(() => registerArchives(opts.database.db, settings.dir))
    .catch((err) => opts.logger.warn({ err }, "backup catalogue check failed"));
  const stopSchedule = startBackupSchedule(deps);
  const stopControl = opts.controlSocket
    ? await startControlServer({
        dataDir: opts.config.dataDir,
        logger: opts.logger,
        async backup(onProgress) {
          const r = await createBackup(deps, { kind: "command", actor: COMMAND_ACTOR, onProgress });
          return doneReply(r);
        },
      })
    : () => {};
  const dataDir = opts.config.dataDir;
  const restartHandlers: (() => void)[] = [];
  const restore: RestoreControl = {
    available: opts.database.kind === "pglite" && !opts.config.DATABASE_URL,
    dataDir,
    inProgress: () => restoreInProgress(dataDir),
    async schedule(id, actor) {
      if (!restore.available) throw new ConflictError("restore-unavailable");
      const scheduled = await scheduleRestore(deps, dataDir, { id, actor });
      opts.logger.info(
        { createdAt: scheduled.createdAt, safety: scheduled.safetyFileName, by: actor?.name },
        "Restauración programada: se aplica al reiniciar",
      );
      if (restartHandlers.length === 0)
        opts.logger.warn("Nada reinicia este proceso: la restauración se aplicará en el próximo arranque.");
      for (const h of restartHandlers) h();
      return scheduled;
    },
    onRestart(handler) {
      restartHandlers.push(handler);
    },
  };
  return {
    settings,
    deps,
    restore,
    startNow(actor) {
      // The process is about to be replaced: a backup started now would be cut short.
      if (restore.inProgress()) return Promise.reject(new ConflictError("restore-running"));
      return new Promise((resolve, reject) => {
        let started = false;
        createBackup(deps, {
          kind: "manual",
          actor,
          onStarted: (id) => {
            started = true;
            resolve(id);
          },
        }).then(
          (r) => {
            if (r)
              opts.logger.info({ file: r.file, bytes: r.bytes }, `Copia de seguridad creada: ${r.fileName}`);
          },
          (err) => {
            if (!started) reject(err);
            else opts.logger.error({ err }, "La copia de seguridad falló");
          },
        );
      });
    },
    stop() {
      stopSchedule();
      stopControl();
    },
  };
}

/** The command line, in the audit log and the catalogue. */
export const COMMAND_ACTOR: Actor = { id: null, name: "Línea de comandos" };

export function doneReply(r: BackupResult | null) {
  if (!r) throw new Error("No se hizo la copia.");
  const rows = Object.values(r.manifest.tables).reduce((a, t) => a + t.rows, 0);
  return { type: "done" as const, file: r.file, bytes: r.bytes, rows, files: r.manifest.files.count };
}

/**
 * BACKUP_BEFORE_MIGRATIONS: a start about to migrate a database that has data backs it up first,
 * and says so; a failed backup stops the start (the migrations have not run).
 */
export function preMigrationBackup(config: Config, storage: Storage, logger: Logger): BeforeMigrate {
  return async ({ pending, handle }) => {
    if (!config.BACKUP_BEFORE_MIGRATIONS) {
      logger.warn(
        { pending },
        `Se aplican ${pending} migraciones sin copia previa (BACKUP_BEFORE_MIGRATIONS=false)`,
      );
      return;
    }
    logger.info(
      { pending },
      `Hay ${pending} migraciones pendientes: copia de seguridad antes de aplicarlas...`,
    );
    const settings = backupSettings(config);
    let result: BackupResult | null;
    try {
      result = await createBackup(
        { database: handle, storage, settings, logger, catalogue: false },
        { kind: "pre-migration" },
      );
    } catch (err) {
      throw new Error(
        `La copia de seguridad antes de migrar falló (${(err as Error).message}). No se aplicó ninguna migración; ` +
          "corrige el problema o arranca con BACKUP_BEFORE_MIGRATIONS=false.",
        { cause: err },
      );
    }
    logger.info(
      { file: result?.file, bytes: result?.bytes },
      `Copia de seguridad antes de migrar: ${result?.file} (${result?.bytes} bytes)`,
    );
  };
}
