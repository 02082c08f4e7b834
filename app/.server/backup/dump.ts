import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { EXCLUDED_TABLES } from "./tables";

/**
 * The database part of a backup: a plain-SQL dump by pg_dump, with INSERT statements (restorable
 * by one simple query on PGlite and on any Postgres, no psql needed), no owners or privileges (the
 * target's role may differ), and the backup catalogue's rows left out.
 */
const DUMP_ARGS = [
  "--no-owner",
  "--no-privileges",
  "--rows-per-insert=200",
  ...EXCLUDED_TABLES.map((t) => `--exclude-table-data=${t}`),
];

/** pg_dump compiled to WebAssembly (pglite-tools) over a PGlite instance: runs in this process. */
export async function dumpPglite(pg: PGlite, outFile: string): Promise<{ dumpedBy: string }> {
  const file = await pgDump({ pg, args: DUMP_ARGS });
  const text = await file.text();
  await fs.promises.writeFile(outFile, text);
  return { dumpedBy: `pg_dump ${/Dumped by pg_dump version (\S+)/.exec(text)?.[1] ?? "?"} (PGlite)` };
}

/**
 * The newest pg_dump on the machine: Debian's /usr/lib/postgresql/N/bin first (several client
 * versions may be installed side by side), then PATH. `PG_DUMP` names one explicitly.
 */
export function findPgDump(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_DUMP) return env.PG_DUMP;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(base, v, "bin", "pg_dump")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], "bin", "pg_dump") : "pg_dump";
}

export class PgDumpError extends Error {}

/** pg_dump's major version, or a clear error when there is none. */
async function pgDumpMajor(bin: string): Promise<{ version: string; major: number }> {
  try {
    const { stdout } = await promisify(execFile)(bin, ["--version"]);
    const version = /(\d+)(\.\d+)?/.exec(stdout)?.[0] ?? "0";
    return { version, major: Number.parseInt(version, 10) };
  } catch {
    throw new PgDumpError(
      "No se encontró pg_dump. Instálalo (Debian: apt-get install postgresql-client) o indica su ruta en PG_DUMP.",
    );
  }
}

/**
 * pg_dump against Postgres, inside `snapshot` (exported by the caller's repeatable-read
 * transaction, which also counts the rows: dump and counts see the same data). The password
 * travels in the environment, never on the command line.
 */
export async function dumpPostgres(
  url: string,
  opts: { snapshot: string; serverMajor: number; outFile: string },
): Promise<{ dumpedBy: string }> {
  const bin = findPgDump();
  const { version, major } = await pgDumpMajor(bin);
  if (major < opts.serverMajor) {
    throw new PgDumpError(
      `pg_dump ${version} es más antiguo que el servidor Postgres ${opts.serverMajor}: instala postgresql-client-${opts.serverMajor} (o más nuevo).`,
    );
  }
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  const args = [
    ...DUMP_ARGS,
    "--inserts",
    `--snapshot=${opts.snapshot}`,
    "-f",
    opts.outFile,
    `--dbname=${u}`,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => {
      stderr += c;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new PgDumpError(`pg_dump terminó con ${code}: ${stderr.trim().slice(0, 500)}`)),
    );
  });
  return { dumpedBy: `pg_dump ${version}` };
}
