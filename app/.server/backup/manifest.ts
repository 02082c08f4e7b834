import { z } from "zod";

/**
 * What a backup archive holds (docs/decisions/0019-backups.md): `database.sql` (a plain PostgreSQL
 * dump made by pg_dump, INSERT statements), `files/{bucket}/{key}` (every stored file) and, last,
 * `manifest.json`: the app's version, the migration level, rows and a checksum per table (taken in
 * the dump's own snapshot) and each file's size and checksum, so a restore can prove it is whole.
 */

export const MANIFEST_FORMAT = 1;
export const DATABASE_ENTRY = "database.sql";
export const MANIFEST_ENTRY = "manifest.json";
export const FILES_PREFIX = "files/";

const tableSchema = z.object({ rows: z.number().int().min(0), sha256: z.string() });
const fileSchema = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() });

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  kind: z.string(),
  /** Why it was taken beyond its kind: 'pre-restore', the copy made before a restore from the dashboard. */
  reason: z.string().optional(),
  database: z.object({
    engine: z.enum(["pglite", "postgres"]),
    serverVersion: z.string(),
    dumpedBy: z.string(),
    bytes: z.number().int().min(0),
    sha256: z.string(),
    /** Migrations applied when the backup was taken: how many, and the newest one's tag and time. */
    migrations: z.object({
      applied: z.number().int().min(0),
      last: z.string().nullable(),
      when: z.number().nullable(),
    }),
  }),
  /** `schema.table` → its rows and the checksum of its rows (tables.ts). */
  tables: z.record(z.string(), tableSchema),
  files: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    list: z.array(fileSchema),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest entry's bytes as a manifest, or null when they are not one of ours. */
export function parseManifest(bytes: Buffer): Manifest | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(bytes.toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
export type TableDigest = z.infer<typeof tableSchema>;
export type FileDigest = z.infer<typeof fileSchema>;

/** The short form kept in the catalogue and shown on 'Copias de seguridad'. */
export type BackupSummary = {
  appVersion: string;
  migration: string | null;
  rows: number;
  tables: Record<string, number>;
  files: number;
  filesBytes: number;
  /** The manifest's reason ('pre-restore'), when it has one. */
  reason?: string;
};

/** The reason of the copy a restore from the dashboard takes of the data it replaces. */
export const PRE_RESTORE = "pre-restore";

export function summarize(m: Manifest): BackupSummary {
  const tables = Object.fromEntries(Object.entries(m.tables).map(([name, t]) => [name, t.rows]));
  return {
    appVersion: m.app.version,
    migration: m.database.migrations.last,
    rows: Object.values(tables).reduce((a, b) => a + b, 0),
    tables,
    files: m.files.count,
    filesBytes: m.files.bytes,
    ...(m.reason ? { reason: m.reason } : {}),
  };
}

/** `minimarket-2026-11-20-030000Z.tar.gz`: sorts by date; UTC, so no two instances disagree. */
export function archiveName(at: Date, suffix = ""): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}-${iso.slice(11, 19).replace(/:/g, "")}Z`;
  return `minimarket-${stamp}${suffix}.tar.gz`;
}

export const ARCHIVE_NAME = /^minimarket-\d{4}-\d{2}-\d{2}-\d{6}Z(-\d+)?\.tar\.gz$/;
