import fs from "node:fs";

/**
 * File descriptors left for everything that is not a live stream. Every open stream holds a
 * socket; when the process runs out of descriptors it can no longer accept any connection, not
 * even /healthz, nor open a file or a database connection. Streams are refused while fewer than
 * `reserve` descriptors remain. Linux only (/proc); elsewhere the stream caps alone apply.
 */
export type FdBudget = {
  /** The process's soft limit on open files, or null when unknown. */
  readonly limit: number | null;
  /** Descriptors kept free for requests, files and database connections. */
  readonly reserve: number;
  /** Whether the process is within `reserve` of its limit (sampled at most once a second). */
  exhausted(): boolean;
};

export function parseOpenFilesLimit(limitsFile: string): number | null {
  const line = limitsFile.split("\n").find((l) => l.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  const n = Number(soft);
  return soft && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function createFdBudget(opts: { procDir?: string; sampleMs?: number } = {}): FdBudget {
  const proc = opts.procDir ?? "/proc/self";
  const sampleMs = opts.sampleMs ?? 1000;
  let limit: number | null = null;
  try {
    limit = parseOpenFilesLimit(fs.readFileSync(`${proc}/limits`, "utf8"));
  } catch {
    // Not Linux: no budget beyond the configured caps.
  }
  const reserve = limit ? Math.max(64, Math.ceil(limit * 0.1)) : 0;
  let sampledAt = 0;
  let lastCount = 0;
  return {
    limit,
    reserve,
    exhausted() {
      if (!limit) return false;
      const now = Date.now();
      if (now - sampledAt >= sampleMs) {
        sampledAt = now;
        try {
          lastCount = fs.readdirSync(`${proc}/fd`).length;
        } catch {
          lastCount = 0;
        }
      }
      return lastCount >= limit - reserve;
    },
  };
}
