// `npm run restore -- FILE [--force]`: a backup archive into the database of DATA_DIR (embedded,
// with the site stopped) or DATABASE_URL (Postgres), and its files into the configured storage.
// Moving from the embedded database to Postgres is this command with DATABASE_URL set
// (docs/deploy.md). app/.server/backup/restore.ts
import path from "node:path";
import { registerArchives } from "../app/.server/backup/catalog";
import { clearPendingRestore } from "../app/.server/backup/pending-restore";
import { restoreBackup } from "../app/.server/backup/restore";
import { backupSettings } from "../app/.server/backup/settings";
import { ConfigError, loadConfig } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";
import { createStorage } from "../app/.server/services";

const USAGE = `Uso: npm run restore -- ARCHIVO [--force]

Restaura una copia (npm run backup) en una base vacía: la integrada de DATA_DIR (con el sitio
detenido) o la de DATABASE_URL (Postgres), y sus archivos en el almacenamiento configurado
(STORAGE_DRIVER). Comprueba filas y sumas de control al terminar; una copia de una versión
anterior recibe las migraciones nuevas.

  --force   reemplaza lo que ya haya (la base integrada y los archivos locales se guardan aparte)`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const force = argv.includes("--force");
  const files = argv.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0]?.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  // Whatever this command writes under DATA_DIR is the site's user's alone (app/.server/owner-only.ts).
  ownerOnlyFromNowOn();
  const config = loadConfig();
  const file = path.resolve(files[0] as string);
  const report = await restoreBackup({
    file,
    target: config.DATABASE_URL
      ? { engine: "postgres", url: config.DATABASE_URL }
      : { engine: "pglite", dataDir: config.dataDir },
    storage: createStorage(config),
    force,
    log: (line) => console.log(line),
  });
  for (const p of report.setAside) console.log(`Lo anterior quedó guardado en ${p}`);
  // A restore asked for on 'Copias de seguridad' and not applied yet would replace this one at the
  // next start: this command has the last word.
  if (!config.DATABASE_URL && clearPendingRestore(config.dataDir))
    console.log("Se anuló la restauración pedida desde el panel que esperaba al próximo arranque.");
  // The restored database's list of backups starts empty: the archives in BACKUP_DIR join it.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    migrate: false,
  });
  try {
    const dir = backupSettings(config).dir;
    const n = await registerArchives(database.db, dir);
    if (n > 0) console.log(`${n} copias de ${dir} añadidas a la lista de copias.`);
  } finally {
    await database.close();
  }
  console.log(
    `Restauración completa: ${report.tables} tablas, ${report.rows} filas y ${report.files} archivos, verificados.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
