import type { TableDigest } from "./manifest";

/** Runs one SQL text and answers its rows: a PGlite instance, a pg client, the app's Db. */
export type Query = <T>(sql: string) => Promise<T[]>;

/**
 * Tables a backup leaves out of its rows: the catalogue of backups describes archives, not the
 * shop (a restored database starts its own list).
 */
export const EXCLUDED_TABLES = ["public.backups"];

/**
 * Every table's row count and a SHA-256 over its rows' text, sorted byte-wise: the same data
 * gives the same checksum on PGlite and on any Postgres, so a restore is verified table by table.
 * Run inside the snapshot being dumped (a repeatable-read transaction, or a copy of the files).
 */
export async function tableDigests(query: Query): Promise<Record<string, TableDigest>> {
  // The text of a row depends on these settings: fix them (SET LOCAL inside a transaction).
  await query("set time zone 'UTC'");
  await query("set datestyle = 'ISO, MDY'");
  await query("set intervalstyle = 'postgres'");
  await query("set extra_float_digits = 1");
  const tables = await query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')
      order by 1`,
  );
  const out: Record<string, TableDigest> = {};
  for (const { name } of tables) {
    if (EXCLUDED_TABLES.includes(name)) continue;
    const [row] = await query<{ rows: string; sha256: string }>(
      `select count(*)::text as rows,
              encode(sha256(convert_to(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), ''), 'UTF8')), 'hex') as sha256
         from ${name} t`,
    );
    out[name] = { rows: Number(row?.rows ?? 0), sha256: row?.sha256 ?? "" };
  }
  return out;
}

/** The tables whose rows or checksum differ from `expected` (none: identical). */
export function compareDigests(
  expected: Record<string, TableDigest>,
  actual: Record<string, TableDigest>,
): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const bad: string[] = [];
  for (const name of [...names].sort()) {
    const e = expected[name];
    const a = actual[name];
    if (!e || !a || e.rows !== a.rows || e.sha256 !== a.sha256) bad.push(name);
  }
  return bad;
}
