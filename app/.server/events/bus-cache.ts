import type { Topic } from "../../lib/events";
import type { EventBus } from "./bus";

/**
 * A value many requests read and that changes rarely (site texts and settings, the order
 * settings), kept in memory. Whoever saves it publishes on `topic`, which drops the copy on every
 * instance; `ttlMs` covers anything missed. `load` says whether its value may be kept (`keep:
 * false` for a read that fell back to defaults). A failed load is not kept either.
 */
export function createBusCache<T>(opts: {
  bus: EventBus;
  topic: Topic;
  load: () => Promise<{ value: T; keep: boolean }>;
  ttlMs?: number;
}) {
  const ttlMs = opts.ttlMs ?? 60_000;
  let cached: { value: T; at: number } | null = null;
  let inflight: Promise<T> | null = null;
  // A read that started before a change may return the old rows: it must neither be kept nor be
  // handed to a read that starts after the change (which must see the change).
  let generation = 0;
  const invalidate = () => {
    generation++;
    cached = null;
    inflight = null;
  };
  opts.bus.subscribe((e) => {
    if (e.topic === opts.topic) invalidate();
  });
  return {
    async get(): Promise<T> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      if (inflight) return inflight;
      const started = generation;
      const read = opts
        .load()
        .then(({ value, keep }) => {
          if (keep && started === generation) cached = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          if (inflight === read) inflight = null;
        });
      inflight = read;
      return read;
    },
    invalidate,
  };
}
