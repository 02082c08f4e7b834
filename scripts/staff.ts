// Staff accounts from the command line: `npm run staff -- --help` (app/.server/staff/cli.ts).
// Uses the same DATA_DIR / DATABASE_URL as the server; with the embedded database, stop the
// server first (only one process may open ./data). On Postgres, running instances hear of
// ended sessions at once.

import { ConfigError, loadConfig } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { createEventBus } from "../app/.server/events/bus";
import { createLogger } from "../app/.server/logger";
import { ownerOnlyFromNowOn } from "../app/.server/owner-only";
import { runStaffCli, USAGE } from "../app/.server/staff/cli";

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  // Whatever this command writes under DATA_DIR is the site's user's alone (app/.server/owner-only.ts).
  ownerOnlyFromNowOn();
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const bus = await createEventBus({ db: handle.db, pool: handle.pool, logger: createLogger("silent") });
  try {
    return await runStaffCli(argv, {
      db: handle.db,
      bus,
      out: (l) => console.log(l),
      err: (l) => console.error(l),
    });
  } finally {
    await bus.close();
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
