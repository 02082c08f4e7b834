import {
  PGlite,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions every embedded database is opened with: the migrations create pg_trgm (the
 * search boxes' trigram indexes, docs/decisions/0024-staff-lists.md) and every write to an indexed
 * column runs its functions, so whatever opens the database folder (the server, the first start's
 * child process, a restore, the backup's copy, the benchmarks) must load it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/*
 * Drizzle hands PGlite the same parsers with every query (timestamps, dates, intervals and some of
 * their arrays stay raw text, which Drizzle maps itself), and PGlite merges them into a copy of its
 * ~320 type parsers on every query: on the chat bench's CPU profile that copy was 12 % of the
 * server's time, more than any query's own work (docs/decisions/0016-rendering-costs-and-fonts.md).
 * This client sets those parsers once, and leaves a query's own parsers out when they are only
 * these: the rows are the same, without the copy.
 */

const raw = (value: string) => value;
/** The types Drizzle's PGlite driver reads as raw text (drizzle-orm/pglite/session.js). */
const RAW_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

/** A query's options without its parsers when they only keep RAW_TYPES raw, as this client already does. */
function withoutRawParsers(options?: QueryOptions): QueryOptions | undefined {
  const own = options?.parsers;
  if (!own || !Object.keys(own).every((id) => RAW_TYPES.has(Number(id)))) return options;
  return { ...options, parsers: undefined };
}

export class DrizzlePGlite extends PGlite {
  /** One options object: PGlite reads a second argument only after a folder name (not in memory). */
  constructor(dataDir?: string, options: PGliteOptions = {}) {
    super({ ...options, dataDir, extensions: { ...PGLITE_EXTENSIONS, ...options.extensions } });
  }

  /** PGlite fills in the array types' parsers when it starts: RAW_TYPES are set after that. */
  override async _initArrayTypes(opts?: { force?: boolean }): Promise<void> {
    await super._initArrayTypes(opts);
    for (const id of RAW_TYPES) this.parsers[id] = raw;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return super.query<T>(query, params, withoutRawParsers(options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(q: string, params?: unknown[], options?: QueryOptions) =>
        tx.query<R>(q, params, withoutRawParsers(options));
      // The rest of the transaction (exec, rollback, closed...) is PGlite's own.
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }
}
