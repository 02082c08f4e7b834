import type { IncomingMessage, ServerResponse } from "node:http";
import { TOPICS, type Topic } from "../../lib/events";
import type { Logger } from "../logger";
import { networkOf } from "../ratelimit";
import type { BusEvent, EventBus } from "./bus";
import { createFdBudget, type FdBudget } from "./fd-budget";

/**
 * Server-Sent Events streams fed by the event bus. Each stream carries only the topics the
 * route authorised for it. A stream resumes after `lastEventId` (the Last-Event-ID header the
 * browser sends on reconnect, or a `lastEventId` query parameter): it first replays what was
 * missed from the database, then goes live, never sending an id twice.
 *
 * Streams are a budget (docs/security.md): at most `perAddress` open from one client address
 * and `max` in this process, never so many that the process runs out of file descriptors, and
 * each one ends after `lifetimeMs` (the browser reconnects and resumes, so nothing is lost).
 * A stream opened with a staff session re-checks it every `sessionCheckMs` and whenever
 * `TOPICS.sessions` says sessions ended (on any instance), and closes once it is gone.
 */
export interface SseHub {
  /** Whether one more stream from `address` would be refused (cheap: call it before any database work). */
  admit(address: string): StreamRefusal | null;
  /** Opens the stream, or answers nothing and returns why it was refused. */
  open(req: IncomingMessage, res: ServerResponse, opts: StreamOptions): StreamRefusal | null;
  /** Number of open streams. */
  size(): number;
  /** The descriptor budget the hub admits against (fd-budget.ts). */
  readonly budget: FdBudget;
  /** Ends every stream (graceful shutdown); browsers reconnect to another instance. */
  closeAll(): void;
  /** Ends every stream and stops the hub's timers and bus subscription. */
  close(): void;
}

export type StreamOptions = {
  topics: Topic[];
  lastEventId?: number | null;
  /** The client address the stream counts against. */
  address: string;
  /** For staff streams: whose session it is, and how to tell it still exists. */
  session?: StreamSession;
};

export type StreamSession = { userId: string; isLive: () => Promise<boolean> };

/** `address`: this address has too many streams open; `process`: the server has. */
export type StreamRefusal = "address" | "process";

export type StreamLimits = { perAddress: number; max: number; lifetimeMs: number };

const MAX_REPLAY = 1000;

export function parseLastEventId(req: IncomingMessage, url: URL): number | null {
  const raw = req.headers["last-event-id"] ?? url.searchParams.get("lastEventId");
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

type OpenStream = { end: () => void; address: string; session?: StreamSession };

export function createSseHub(opts: {
  bus: EventBus;
  logger: Logger;
  limits: StreamLimits;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  fdBudget?: FdBudget;
}): SseHub {
  const { bus, logger, limits } = opts;
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const fds = opts.fdBudget ?? createFdBudget();
  // Never more streams than descriptors to hold them, whatever STREAMS_MAX says.
  const maxStreams = Math.min(limits.max, fds.streams);
  const open = new Set<OpenStream>();
  const perAddress = new Map<string, number>();

  // Counted by network, as every per-client limit is (an IPv6 client by its /64).
  const admit = (address: string): StreamRefusal | null => {
    if ((perAddress.get(networkOf(address)) ?? 0) >= limits.perAddress) return "address";
    if (open.size >= maxStreams || fds.exhausted()) return "process";
    return null;
  };

  const recheck = async (match: (s: StreamSession) => boolean) => {
    for (const stream of [...open]) {
      if (!stream.session || !match(stream.session)) continue;
      try {
        if (!(await stream.session.isLive())) stream.end();
      } catch (err) {
        // The database blinked: keep the stream, the next check decides.
        logger.warn({ err }, "sse: could not re-check a stream's session");
      }
    }
  };
  const sessionTimer = setInterval(() => void recheck(() => true), opts.sessionCheckMs ?? 30_000);
  sessionTimer.unref();
  // One bus listener for the hub: each event goes only to the streams that carry its topic (with
  // thousands of visitor streams open, each event used to visit every one of them).
  const byTopic = new Map<string, Set<(e: BusEvent) => void>>();
  const unsubscribeBus = bus.subscribe((e) => {
    if (e.topic === TOPICS.sessions) {
      const { userId } = e.payload;
      void recheck((s) => s.userId === userId);
    }
    for (const deliver of byTopic.get(e.topic) ?? []) deliver(e);
  });
  const listen = (topics: Set<string>, deliver: (e: BusEvent) => void) => {
    for (const topic of topics) {
      const set = byTopic.get(topic) ?? new Set();
      set.add(deliver);
      byTopic.set(topic, set);
    }
    return () => {
      for (const topic of topics) {
        const set = byTopic.get(topic);
        set?.delete(deliver);
        if (set?.size === 0) byTopic.delete(topic);
      }
    };
  };

  const closeAll = () => {
    for (const stream of [...open]) stream.end();
  };

  return {
    admit,
    open(req, res, { topics, lastEventId, address: clientAddress, session }) {
      const refused = admit(clientAddress);
      const address = networkOf(clientAddress);
      if (refused) return refused;
      const wanted = new Set<string>(topics);
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
        if (e.signal) {
          // Live only: no id (the browser's resume point stays where it was), never buffered.
          if (!ended && wanted.has(e.topic))
            res.write(
              `event: ${e.type}\ndata: ${JSON.stringify({ topic: e.topic, payload: e.payload, signal: true })}\n\n`,
            );
          return;
        }
        if (ended || e.id <= lastSent || !wanted.has(e.topic)) return;
        lastSent = e.id;
        res.write(
          `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ topic: e.topic, payload: e.payload })}\n\n`,
        );
      };

      const unsubscribe = listen(wanted, (e) => {
        if (replaying && !e.signal) buffered.push(e);
        else send(e);
      });
      const heartbeat = setInterval(() => res.write(": ping\n\n"), heartbeatMs);
      heartbeat.unref();
      // Spread over the last 15% of the lifetime so streams opened together do not all reconnect at once.
      const lifetime = setTimeout(() => stream.end(), limits.lifetimeMs * (0.85 + Math.random() * 0.15));
      lifetime.unref();

      const stream: OpenStream = {
        address,
        session,
        end() {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          unsubscribe();
          open.delete(stream);
          const left = (perAddress.get(address) ?? 1) - 1;
          if (left > 0) perAddress.set(address, left);
          else perAddress.delete(address);
          res.end();
        },
      };
      open.add(stream);
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      req.on("close", stream.end);

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
          stream.end();
        }
      })();
      return null;
    },
    size: () => open.size,
    budget: fds,
    closeAll,
    close() {
      clearInterval(sessionTimer);
      unsubscribeBus();
      closeAll();
    },
  };
}
