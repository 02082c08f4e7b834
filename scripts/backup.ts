// `npm run backup`: one backup archive of the database and every stored file into BACKUP_DIR
// (app/.server/backup/, docs/deploy.md). Embedded database with the site running: the running
// server makes it (asked over its socket in DATA_DIR); otherwise this process does.

import { requestBackup } from "../app/.server/backup/control";
import { createBackup } from "../app/.server/backup/create";
import { COMMAND_ACTOR, doneReply } from "../app/.server/backup/service";
import { backupSettings } from "../app/.server/backup/settings";
import { ConfigError, loadConfig } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { createLogger } from "../app/.server/logger";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";
import { createStorage } from "../app/.server/services";

const USAGE = `Uso: npm run backup

Crea una copia de seguridad (base de datos y archivos) en BACKUP_DIR (por defecto DATA_DIR/backups).
Con la base integrada y el sitio en marcha, la hace el servidor; si no, este proceso.
Restaurar: npm run restore -- ARCHIVO`;

const mb = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString("es", { maximumFractionDigits: 1 })} MB`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // Whatever this command writes under DATA_DIR is the site's user's alone (app/.server/owner-only.ts).
  ownerOnlyFromNowOn();
  const config = loadConfig();
  const settings = backupSettings(config);
  let last = -1;
  const onProgress = (p: { phase: string; progress: number }) => {
    if (p.progress - last >= 10 || p.progress === 100) {
      last = p.progress;
      console.log(`  ${p.progress}% (${PHASES[p.phase] ?? p.phase})`);
    }
  };
  if (!config.DATABASE_URL) {
    const viaServer = await requestBackup(config.dataDir, onProgress);
    if (viaServer) {
      console.log(
        `Copia creada por el servidor en marcha: ${viaServer.file} (${mb(viaServer.bytes)}, ${viaServer.rows} filas, ${viaServer.files} archivos)`,
      );
      return 0;
    }
  }
  // As it is: a backup never migrates what it saves.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    migrate: false,
  });
  try {
    const result = await createBackup(
      { database, storage: createStorage(config), settings, logger: createLogger("warn") },
      { kind: "command", actor: COMMAND_ACTOR, onProgress },
    );
    const r = doneReply(result);
    console.log(`Copia creada: ${r.file} (${mb(r.bytes)}, ${r.rows} filas, ${r.files} archivos)`);
    if (result?.s3Key) console.log(`Copia externa: s3://${settings.offsite?.bucket}/${result.s3Key}`);
    if (result?.offsiteError) console.error(`La copia externa (S3) falló: ${result.offsiteError}`);
    return 0;
  } finally {
    await database.close();
  }
}

const PHASES: Record<string, string> = {
  database: "base de datos",
  files: "archivos",
  archive: "archivo",
  offsite: "copia externa",
};

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if ((err as { reason?: string }).reason === "backup-running")
      console.error("Ya hay una copia en curso.");
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
