import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";
import type { BusEvent, EventBus } from "./bus";

/**
 * Server-Sent Events streams fed by the event bus. Each stream carries only the topics the
 * route authorised for it. A stream resumes after `lastEventId` (the Last-Event-ID header the
 * browser sends on reconnect, or a `lastEventId` query parameter): it first replays what was
 * missed from the database, then goes live, never sending an id twice.
 */
export interface SseHub {
  open(
    req: IncomingMessage,
    res: ServerResponse,
    opts: {
      topics: string[];
      lastEventId?: number | null;
      /** Ends the stream when an event on any topic says so (e.g. its person's sessions ended). */
      endWhen?: (event: BusEvent) => boolean;
    },
  ): void;
  /** Number of open streams. */
  size(): number;
  /** Ends every stream (graceful shutdown); browsers reconnect to another instance. */
  closeAll(): void;
}

const MAX_REPLAY = 1000;

export function parseLastEventId(req: IncomingMessage, url: URL): number | null {
  const raw = req.headers["last-event-id"] ?? url.searchParams.get("lastEventId");
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export function createSseHub(opts: { bus: EventBus; logger: Logger; heartbeatMs?: number }): SseHub {
  const { bus, logger } = opts;
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const open = new Set<() => void>();

  return {
    open(req, res, { topics, lastEventId, endWhen }) {
      const wanted = new Set(topics);
      let lastSent = lastEventId ?? 0;
      let replaying = true;
      const buffered: BusEvent[] = [];
      let ended = false;

      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      res.write("retry: 3000\n\n");

      const send = (e: BusEvent) => {
        if (ended || e.id <= lastSent || !wanted.has(e.topic)) return;
        lastSent = e.id;
        res.write(
          `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ topic: e.topic, payload: e.payload })}\n\n`,
        );
      };

      const unsubscribe = bus.subscribe((e) => {
        if (endWhen?.(e)) return end();
        if (replaying) buffered.push(e);
        else send(e);
      });
      const heartbeat = setInterval(() => res.write(": ping\n\n"), heartbeatMs);
      heartbeat.unref();

      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      req.on("close", end);

      void (async () => {
        try {
          if (lastEventId === null || lastEventId === undefined) {
            // A fresh stream starts at "now": tell the browser where that is, so its automatic
            // reconnect resumes from here.
            const latest = await bus.latestId();
            lastSent = Math.max(lastSent, latest);
            res.write(`id: ${lastSent}\nevent: ready\ndata: {}\n\n`);
          } else {
            const missed = await bus.since(topics, lastEventId, MAX_REPLAY + 1);
            if (missed.length > MAX_REPLAY) {
              // Too much to replay: tell the client to reload its data instead.
              const latest = await bus.latestId();
              lastSent = latest;
              res.write(`id: ${latest}\nevent: reset\ndata: {}\n\n`);
            } else {
              for (const e of missed) send(e);
              res.write(`event: ready\ndata: {}\n\n`);
            }
          }
          replaying = false;
          for (const e of buffered.splice(0)) send(e);
        } catch (err) {
          logger.error({ err }, "sse: could not start stream");
          end();
        }
      })();
    },
    size: () => open.size,
    closeAll() {
      for (const end of [...open]) end();
    },
  };
}
