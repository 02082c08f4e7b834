import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/client";
import type { Query } from "./tables";

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this version of the site knows (drizzle/meta/_journal.json), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How far a database is migrated: Drizzle's own journal table, by the newest migration's time. */
export async function migrationLevel(
  query: Query,
): Promise<{ applied: number; last: string | null; when: number | null }> {
  const [exists] = await query<{ t: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as t",
  );
  if (!exists?.t) return { applied: 0, last: null, when: null };
  const [row] = await query<{ n: string; when: string | null }>(
    "select count(*)::text as n, max(created_at)::text as when from drizzle.__drizzle_migrations",
  );
  const when = row?.when ? Number(row.when) : null;
  const last = knownMigrations().find((m) => m.when === when)?.tag ?? null;
  return { applied: Number(row?.n ?? 0), last: last ?? (when ? `desconocida (${when})` : null), when };
}
