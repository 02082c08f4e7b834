import { useEffect, useRef } from "react";
import { type StreamEvent, type StreamEventName, type StreamName, streamEventNames } from "./events";

/**
 * The one browser subscription to the live-update channel (Server-Sent Events).
 *
 * EventSource already reconnects after a dropped connection and sends Last-Event-ID, so the
 * server replays what was missed. But when the server answers with an error (restarting,
 * 503) the browser gives up for good; and a phone that slept may hold a dead connection.
 * This client then opens a new stream itself, with the last id it saw in the URL, backing off
 * up to 30 s, and reconnects at once when the page becomes visible or the network returns.
 */
export type EventStreamOptions<S extends StreamName, N extends StreamEventName<S> = StreamEventName<S>> = {
  url: string;
  /** Which stream `url` opens (STREAMS in app/lib/events.ts): the events it carries. */
  stream: S;
  /** Event names to listen for (SSE `event:` names): every event of the stream when left out. */
  types?: readonly N[];
  onEvent: (event: StreamEvent<S, N>) => void;
  /** Called after a `reset` event: too much was missed, reload the data instead. */
  onReset?: () => void;
  /** Called with true when connected, false when the connection is lost. */
  onStatus?: (connected: boolean) => void;
  /** Resume after this event id on the first connection (e.g. the id the page was rendered at). */
  since?: number | null;
};

type EventSourceLike = {
  readyState: number;
  onopen: ((e: unknown) => void) | null;
  onerror: ((e: unknown) => void) | null;
  addEventListener(type: string, listener: (e: { data: string; lastEventId: string }) => void): void;
  close(): void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;
const MAX_BACKOFF_MS = 30_000;

export class EventStreamClient<S extends StreamName, N extends StreamEventName<S> = StreamEventName<S>> {
  private source: EventSourceLike | null = null;
  private lastId: number | null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = false;

  constructor(
    private readonly opts: EventStreamOptions<S, N>,
    private readonly create: EventSourceFactory = (url) => new EventSource(url) as unknown as EventSourceLike,
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
  ) {
    this.lastId = opts.since ?? null;
  }

  get lastEventId(): number | null {
    return this.lastId;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }

  /** Reconnect now if the stream is closed (page visible again, network back). */
  wake(): void {
    if (this.stopped) return;
    if (!this.source || this.source.readyState === CLOSED) {
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.connect();
    }
  }

  private url(): string {
    if (this.lastId === null) return this.opts.url;
    const sep = this.opts.url.includes("?") ? "&" : "?";
    return `${this.opts.url}${sep}lastEventId=${this.lastId}`;
  }

  private connect(): void {
    this.source?.close();
    const source = this.create(this.url());
    this.source = source;
    source.onopen = () => {
      this.attempts = 0;
      this.opts.onStatus?.(true);
    };
    source.onerror = () => {
      this.opts.onStatus?.(false);
      // The browser retries by itself unless it closed the stream for good.
      if (source.readyState === CLOSED && !this.stopped) this.retryLater();
    };
    const track = (e: { lastEventId: string }) => {
      const id = Number(e.lastEventId);
      if (e.lastEventId !== "" && Number.isSafeInteger(id)) this.lastId = id;
    };
    source.addEventListener("ready", track);
    source.addEventListener("reset", (e) => {
      track(e);
      this.opts.onReset?.();
    });
    for (const type of this.opts.types ?? streamEventNames(this.opts.stream)) {
      source.addEventListener(type, (e) => {
        let parsed: { topic?: string; payload?: unknown; signal?: boolean } = {};
        try {
          parsed = JSON.parse(e.data);
        } catch {
          return;
        }
        const event = { type, topic: parsed.topic ?? "", payload: parsed.payload };
        // A live-only signal (typing) has no id of its own: it neither moves nor checks the resume point.
        if (parsed.signal) return this.opts.onEvent(received<S, N>({ id: 0, ...event, signal: true }));
        const id = Number(e.lastEventId);
        // Never deliver an event twice, whatever the transport does.
        if (this.lastId !== null && id <= this.lastId) return;
        track(e);
        this.opts.onEvent(received<S, N>({ id, ...event }));
      });
    }
  }

  private retryLater(): void {
    this.source?.close();
    this.source = null;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts++;
    this.retryTimer = this.schedule(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }
}

/**
 * The server writes the catalogue's events alone (app/.server/http/streams.ts), and a listener
 * hears one name: what arrives under an event's name is that event of the stream.
 */
const received = <S extends StreamName, N extends StreamEventName<S>>(e: {
  id: number;
  type: string;
  topic: string;
  payload: unknown;
  signal?: true;
}) => e as StreamEvent<S, N>;

/** React hook around EventStreamClient; handlers may change between renders. */
export function useEventStream<S extends StreamName, N extends StreamEventName<S> = StreamEventName<S>>(
  opts: EventStreamOptions<S, N> & { enabled?: boolean },
): void {
  const latest = useRef(opts);
  latest.current = opts;
  const { url, stream, enabled = true } = opts;
  const typesKey = opts.types?.join(",");

  useEffect(() => {
    if (!enabled) return;
    // Restarted whenever `typesKey` changes: the names read here are those it was made of.
    const client = new EventStreamClient<S, N>({
      url,
      stream,
      types: typesKey === undefined ? undefined : latest.current.types,
      since: latest.current.since,
      onEvent: (e) => latest.current.onEvent(e),
      onReset: () => latest.current.onReset?.(),
      onStatus: (c) => latest.current.onStatus?.(c),
    });
    client.start();
    const wake = () => {
      if (document.visibilityState === "visible") client.wake();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    return () => {
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      client.stop();
    };
  }, [url, stream, enabled, typesKey]);
}
