import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { and, asc, eq, gt, inArray, lt, max, sql } from "drizzle-orm";
import type pg from "pg";
import type { CatalogueEvent, EventName, KindOf, PayloadOf, Topic } from "../../lib/events";
import type { Db } from "../db/client";
import { events } from "../db/schema";
import type { Logger } from "../logger";

/**
 * An event of the catalogue (app/lib/events.ts) as the bus delivers it. `signal`: sent live and
 * never stored (typing): no id, never replayed after a reconnect.
 */
export type BusEvent = CatalogueEvent & { id: number; signal?: true };
export type Listener = (event: BusEvent) => void;
/** One event of a `publishAll` list: its topic, its name and its payload agree with the catalogue. */
export type NewEvent = CatalogueEvent;

/**
 * The one server-side event bus. Every event is appended to the `events` table (giving it a
 * monotonically increasing id), then fanned out to local listeners. On Postgres a
 * LISTEN/NOTIFY channel tells every instance that new rows exist, so an event raised on one
 * instance reaches streams held by another. Readers always fetch rows in id order, which is
 * what lets a reconnecting client resume with Last-Event-ID without gaps or duplicates.
 *
 * What may be published is the catalogue's: a topic outside it, an event its kind does not
 * carry, or a payload of another shape does not type-check.
 */
export interface EventBus {
  publish<T extends Topic, N extends EventName<KindOf<T>>>(
    topic: T,
    type: N,
    payload: PayloadOf<T, N>,
  ): Promise<number>;
  /** Several events at once, in this order (one write however many): their ids, in the same order. */
  publishAll(list: readonly NewEvent[]): Promise<number[]>;
  /**
   * Events written by the caller's own transaction, beside the change they announce (the events
   * table is the outbox): stored exactly when the change is, so a change that committed is never
   * left unannounced (a lost connection after the commit left saved orders unannounced and
   * answered 503, third round of attacks, finding 7), and one rolled back announces nothing.
   * Stage last in the transaction (on Postgres it takes the publishers' lock until the commit),
   * then call `deliver` once it committed.
   */
  stage(tx: Db, list: readonly NewEvent[]): Promise<void>;
  /**
   * Hands what committed transactions staged to this instance's listeners (other instances hear
   * of it by NOTIFY), before it resolves, as publish does. Never rejects: a database out of reach
   * is tried again in the background until it answers.
   */
  deliver(): Promise<void>;
  /**
   * Events of a change that a single statement already committed (no transaction to stage them
   * in: a chat message): published now, or, when the database does not answer, kept in order and
   * published again until it does. Never rejects: the change is saved and answered as saved.
   */
  announce(list: readonly NewEvent[]): Promise<void>;
  /**
   * A live-only event (typing): reaches the streams open now, on every instance, and is never
   * written anywhere (no row, no id, nothing replayed after a reconnect).
   */
  signal<T extends Topic, N extends EventName<KindOf<T>>>(
    topic: T,
    type: N,
    payload: PayloadOf<T, N>,
  ): Promise<void>;
  subscribe(listener: Listener): () => void;
  /** Events on `topics` with id > afterId, oldest first (for resuming a stream). */
  since(topics: readonly Topic[], afterId: number, limit?: number): Promise<BusEvent[]>;
  latestId(): Promise<number>;
  /** Deletes events older than `olderThanMs`. */
  prune(olderThanMs: number): Promise<number>;
  /** Deletes every stored event of `topic` (what it carried must not be replayed any more), in `tx` if given. */
  forget(topic: Topic, tx?: Db): Promise<number>;
  close(): Promise<void>;
}

const CHANNEL = "app_events";
// Live-only events travel in the notification itself (a few hundred bytes; NOTIFY allows 8000).
const SIGNALS = "app_signals";
// The transaction-level lock publishers take on Postgres (see append).
const PUBLISH_LOCK = 7355609;

export async function createEventBus(opts: { db: Db; pool?: pg.Pool; logger: Logger }): Promise<EventBus> {
  const { db, pool, logger } = opts;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let lastSeen = await readLatestId(db);
  let pumping: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let again = false;
  let closed = false;
  // Tells this instance's own signals apart when NOTIFY brings them back.
  const instance = randomUUID();

  // Reads every row newer than what this instance has seen and emits them in order.
  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        again = false;
        const rows = await db
          .select({ id: events.id, topic: events.topic, type: events.type, payload: events.payload })
          .from(events)
          .where(gt(events.id, lastSeen))
          .orderBy(asc(events.id))
          .limit(500);
        emitInOrder(stored(rows));
        if (rows.length === 500) again = true;
      } while (again && !closed);
    })()
      .catch((err) => {
        logger.error({ err }, "event bus: could not read new events; trying again");
        // Stored events must reach this instance's streams (on Postgres the poll would too).
        if (!closed && !retry) {
          retry = setTimeout(() => {
            retry = null;
            void pump();
          }, 1000);
          retry.unref();
        }
      })
      .finally(() => {
        pumping = null;
      });
    return pumping;
  }

  // Emits rows (ascending ids) this instance has not emitted yet. A row published here and
  // emitted from its insert is skipped when a read of new rows brings it again.
  function emitInOrder(rows: BusEvent[]) {
    for (const row of rows) {
      if (row.id <= lastSeen) continue;
      lastSeen = row.id;
      emitter.emit("event", row);
    }
  }

  let listenClient: pg.PoolClient | null = null;
  let poll: NodeJS.Timeout | null = null;
  if (pool) {
    const connect = async () => {
      try {
        const client = await pool.connect();
        client.on("notification", (msg) => {
          if (msg.channel !== SIGNALS) return void pump();
          try {
            const { origin, ...e } = JSON.parse(msg.payload ?? "") as Omit<BusEvent, "id" | "signal"> & {
              origin?: string;
            };
            // This instance's own signals were delivered when sent.
            if (origin !== instance) emitter.emit("event", { ...e, id: 0, signal: true });
          } catch (err) {
            logger.warn({ err }, "event bus: unreadable signal");
          }
        });
        let released = false;
        client.on("error", (err) => {
          // After close() the client is already released; the pool ending it is expected.
          if (closed || released) return;
          released = true;
          logger.warn({ err }, "event bus: LISTEN connection lost, reconnecting");
          if (listenClient === client) listenClient = null;
          client.release(true);
          setTimeout(connect, 1000);
        });
        await client.query(`LISTEN ${CHANNEL}`);
        await client.query(`LISTEN ${SIGNALS}`);
        listenClient = client;
        await pump(); // catch up on anything raised while we were not listening
      } catch (err) {
        logger.warn({ err }, "event bus: could not LISTEN, retrying");
        if (!closed) setTimeout(connect, 2000);
      }
    };
    await connect();
    // Safety net in case a notification is lost while reconnecting.
    poll = setInterval(() => void pump(), 5000);
    poll.unref();
  }

  // Appends events (ids in list order) so that readers see ids in the order they were allocated:
  // never id 7 before a still-uncommitted id 6. Local listeners hear them before this returns, on
  // Postgres too (not only when the NOTIFY comes back): whoever saved something reads it back at
  // once on this instance.
  async function append(list: readonly NewEvent[]): Promise<number[]> {
    const rows = list.map(({ topic, type, payload }) => ({ topic, type, payload }));
    // Embedded database (no pool, one process): its one connection runs one statement at a time,
    // so an insert commits before any other can allocate an id, and the inserted rows (payloads
    // as stored) are what a read of new rows would bring: emitted as they come back, without that
    // read, when they follow the last row emitted. A gap (an insert whose answer came back out of
    // order, or ids a failed insert used) is filled by reading every new row, in order.
    if (!pool) {
      const inserted = (
        await db.insert(events).values(rows).returning({
          id: events.id,
          topic: events.topic,
          type: events.type,
          payload: events.payload,
        })
      ).sort((a, b) => a.id - b.id);
      if (inserted[0]?.id === lastSeen + 1 && !pumping) emitInOrder(stored(inserted));
      else await pump();
      return inserted.map((r) => r.id);
    }
    // Postgres: publishers queue on a transaction-level lock, and NOTIFY tells every instance.
    const ids = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
      const ids = idsOf(await tx.insert(events).values(rows).returning({ id: events.id }));
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${String(ids.at(-1))})`);
      return ids;
    });
    await pump();
    return ids;
  }

  // Announcements whose publish failed, oldest first, published again until the database answers.
  const unsent: NewEvent[][] = [];
  let resend: NodeJS.Timeout | null = null;
  async function flushUnsent(): Promise<void> {
    while (unsent.length > 0 && !closed) {
      const next = unsent[0] as NewEvent[];
      try {
        await publishAll(next);
        unsent.shift();
      } catch (err) {
        logger.warn({ err, waiting: unsent.length }, "event bus: announcement not stored yet; trying again");
        if (!resend && !closed) {
          resend = setTimeout(() => {
            resend = null;
            void flushUnsent();
          }, 1000);
          resend.unref();
        }
        return;
      }
    }
  }
  async function announce(list: readonly NewEvent[]): Promise<void> {
    if (list.length === 0) return;
    unsent.push([...list]);
    // Behind earlier ones still waiting: they go first, in order.
    if (unsent.length === 1) await flushUnsent();
  }

  async function stage(tx: Db, list: readonly NewEvent[]): Promise<void> {
    if (list.length === 0) return;
    const rows = list.map(({ topic, type, payload }) => ({ topic, type, payload }));
    // Postgres: the publishers' lock keeps ids in commit order (see append); NOTIFY is sent at commit.
    if (pool) await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
    const ids = idsOf(await tx.insert(events).values(rows).returning({ id: events.id }));
    if (pool) await tx.execute(sql`select pg_notify(${CHANNEL}, ${String(ids.at(-1))})`);
  }

  async function publishAll(list: readonly NewEvent[]): Promise<number[]> {
    if (list.length === 0) return [];
    const ids = await append(list);
    if (ids.length !== list.length) throw new Error("event insert returned nothing");
    return ids;
  }

  return {
    async publish(topic, type, payload) {
      const [id] = await publishAll([caught({ topic, type, payload })]);
      return id as number;
    },
    publishAll,
    stage,
    deliver: pump,
    announce,
    async signal(topic, type, payload) {
      // Heard here at once; on Postgres the other instances hear it from NOTIFY.
      emitter.emit("event", { id: 0, topic, type, payload, signal: true });
      if (pool)
        await db.execute(
          sql`select pg_notify(${SIGNALS}, ${JSON.stringify({ topic, type, payload, origin: instance })})`,
        );
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async since(topics, afterId, limit = 1000) {
      if (topics.length === 0) return [];
      const rows = await db
        .select({ id: events.id, topic: events.topic, type: events.type, payload: events.payload })
        .from(events)
        .where(and(inArray(events.topic, [...topics]), gt(events.id, afterId)))
        .orderBy(asc(events.id))
        .limit(limit);
      return stored(rows);
    },
    // Embedded database (one process): every event passes through pump(), so the newest id seen
    // is the newest committed, without a query per page. On Postgres other instances publish too.
    latestId: () => (pool ? readLatestId(db) : Promise.resolve(lastSeen)),
    async prune(olderThanMs) {
      const cutoff = new Date(Date.now() - olderThanMs);
      const rows = await db.delete(events).where(lt(events.createdAt, cutoff)).returning({ id: events.id });
      return rows.length;
    },
    async forget(topic, tx = db) {
      const rows = await tx.delete(events).where(eq(events.topic, topic)).returning({ id: events.id });
      return rows.length;
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      if (retry) clearTimeout(retry);
      if (resend) clearTimeout(resend);
      emitter.removeAllListeners();
      if (listenClient) {
        const client = listenClient;
        listenClient = null;
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        await client.query(`UNLISTEN ${SIGNALS}`).catch(() => {});
        client.release();
      }
      await pumping;
    },
  };
}

/**
 * The events table is written by publish alone, so its rows are catalogue events (the catalogue's
 * strings never change: rows stored before a release are events of the next one too).
 */
const stored = (rows: { id: number; topic: string; type: string; payload: unknown }[]) => rows as BusEvent[];

/**
 * publish's arguments are one event of the catalogue (its signature ties the three together),
 * which TypeScript does not see through the generic parameters.
 */
const caught = (e: { topic: Topic; type: string; payload: unknown }) => e as NewEvent;

/** Ids are allocated row by row in the order of the inserted list: ascending is that order. */
const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

async function readLatestId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return Number(row?.id ?? 0);
}
