// Staff accounts from the command line:
//   npm run staff -- list
//   npm run staff -- add <email> <name> <admin|operador> [password]
//   npm run staff -- reset-password <email> [password]
// Without a password one is generated and printed once. Uses the same DATA_DIR / DATABASE_URL
// as the server; with the embedded database, stop the server first.

import { randomPassword } from "../app/.server/auth/password";
import { announceSessionsEnded } from "../app/.server/auth/sessions";
import { ConfigError, loadConfig } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { createEventBus } from "../app/.server/events/bus";
import { createLogger } from "../app/.server/logger";
import { createStaff, listStaff, resetStaffPassword } from "../app/.server/staff/staff";

const USAGE = `Uso:
  npm run staff -- list
  npm run staff -- add <correo> <nombre> <admin|operador> [contraseña]
  npm run staff -- reset-password <correo> [contraseña]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    switch (command) {
      case "list": {
        const rows = await listStaff(handle.db);
        if (rows.length === 0) console.log("No hay usuarios.");
        for (const u of rows) {
          const last = u.lastSignInAt ? u.lastSignInAt.toISOString() : "nunca";
          console.log(`${u.email}\t${u.role}\t${u.name}\túltima conexión: ${last}`);
        }
        return 0;
      }
      case "add": {
        const [email, name, role, given] = args;
        if (!email || !name || !role) {
          console.error(USAGE);
          return 1;
        }
        const password = given ?? randomPassword();
        await createStaff(handle.db, { email, name, role: role as "admin", password });
        console.log(`Usuario creado: ${email.toLowerCase()} (${role})`);
        if (!given) console.log(`Contraseña generada: ${password}`);
        return 0;
      }
      case "reset-password": {
        const [email, given] = args;
        if (!email) {
          console.error(USAGE);
          return 1;
        }
        const password = given ?? randomPassword();
        const userId = await resetStaffPassword(handle.db, email, password);
        // On Postgres the servers are running: their live streams of this person close at once.
        // (With the embedded database no server can be running now.)
        if (handle.pool) {
          const bus = await createEventBus({
            db: handle.db,
            pool: handle.pool,
            logger: createLogger("silent"),
          });
          await announceSessionsEnded(bus, userId);
          await bus.close();
        }
        console.log(`Contraseña actualizada para ${email.toLowerCase()}; sus sesiones se cerraron.`);
        if (!given) console.log(`Contraseña nueva: ${password}`);
        return 0;
      }
      default:
        console.error(`Comando desconocido: ${command}\n${USAGE}`);
        return 1;
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError) console.error(err.message);
    else if (err?.issues) console.error(err.issues.map((i: { message: string }) => i.message).join("\n"));
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
