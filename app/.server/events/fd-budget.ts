import fs from "node:fs";

/**
 * File descriptors as a budget (docs/decisions/0012). Every open stream holds a socket; when the
 * process runs out of descriptors it can no longer accept any connection, not even /healthz, nor
 * open a file or a database connection. The budget starts from what the process already holds when
 * the hub is made (`baseline`: the database, log, listening socket, ~100 files) and keeps `reserve`
 * free for requests, files and database connections: at most `limit − baseline − reserve` streams,
 * and none while the descriptors open *at that moment* (counted at each admission, not sampled: a
 * burst lands within one second) leave fewer than FLOOR free, whatever holds them. Linux only
 * (/proc); elsewhere the stream caps alone apply.
 */
export type FdBudget = {
  /** The process's soft limit on open files, or null when unknown. */
  readonly limit: number | null;
  /** Descriptors open when the budget was made (everything but streams and requests). */
  readonly baseline: number;
  /** Descriptors kept free for requests, files and database connections. */
  readonly reserve: number;
  /** How many streams the descriptors can hold at most (Infinity when the limit is unknown). */
  readonly streams: number;
  /** Whether fewer than FLOOR descriptors are free right now. */
  exhausted(): boolean;
};

/** Descriptors never given to a stream: the database pool, the log, a file being served. */
export const FLOOR = 24;

export function parseOpenFilesLimit(limitsFile: string): number | null {
  const line = limitsFile.split("\n").find((l) => l.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  const n = Number(soft);
  return soft && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function createFdBudget(opts: { procDir?: string; reserve?: number } = {}): FdBudget {
  const proc = opts.procDir ?? "/proc/self";
  let limit: number | null = null;
  try {
    limit = parseOpenFilesLimit(fs.readFileSync(`${proc}/limits`, "utf8"));
  } catch {
    // Not Linux: no budget beyond the configured caps.
  }
  const count = () => {
    try {
      return fs.readdirSync(`${proc}/fd`).length;
    } catch {
      return 0;
    }
  };
  const baseline = limit ? count() : 0;
  const reserve = limit ? (opts.reserve ?? Math.max(64, Math.ceil(limit * 0.1))) : 0;
  return {
    limit,
    baseline,
    reserve,
    streams: limit ? Math.max(0, limit - baseline - reserve) : Number.POSITIVE_INFINITY,
    exhausted: () => (limit ? count() >= limit - FLOOR : false),
  };
}
