import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { MailKind, MailState } from "../../lib/mail";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema";
import type { MailParamsOf } from "./messages/params";

/**
 * The mail queue (issue 40): a message is a row written in the transaction of the change that
 * causes it, so a change that committed always has its message and a rolled-back one never does.
 * Senders claim due rows with `FOR UPDATE SKIP LOCKED` (two instances never claim the same row);
 * a claim moves `next_attempt_at` forward by the lease, so a message whose sender died is claimed
 * again once the lease ends.
 */

export type MailRow = typeof mailQueue.$inferSelect;

export type QueuedMail<K extends MailKind = MailKind> = {
  kind: K;
  to: string;
  params: MailParamsOf[K];
  /** At most one message per key, ever (e.g. 'shop:<conversation>:<window>'). */
  dedupeKey?: string;
  /** Not sent before this time (a batched notice waits for its window). */
  notBefore?: Date;
};

/** A message as its queue row: the address as mail servers compare it (lower case, no spaces). */
const rowOf = (m: QueuedMail) => ({
  kind: m.kind,
  toAddress: m.to.trim().toLowerCase(),
  params: m.params as Record<string, unknown>,
  dedupeKey: m.dedupeKey ?? null,
  ...(m.notBefore ? { nextAttemptAt: m.notBefore } : {}),
});

/** Queues a message (in the caller's transaction); its id, or null when its key was already queued. */
export async function queueMail<K extends MailKind>(db: Db, mail: QueuedMail<K>): Promise<number | null> {
  const [row] = await db
    .insert(mailQueue)
    .values(rowOf(mail))
    .onConflictDoNothing()
    .returning({ id: mailQueue.id });
  return row?.id ?? null;
}

/**
 * A batched message: queued under its key, or, when a message under that key is already waiting
 * and was never tried, counted into it (`params.count` + 1) instead, in one statement (two
 * instances counting at once both count). Its id; null when the message under that key already
 * left the queue (it is being sent, or was), so a count now would never show.
 */
export async function queueOrCount<K extends MailKind>(
  db: Db,
  mail: QueuedMail<K> & { dedupeKey: string },
): Promise<number | null> {
  const [row] = await db
    .insert(mailQueue)
    .values(rowOf(mail))
    .onConflictDoUpdate({
      target: mailQueue.dedupeKey,
      targetWhere: sql`${mailQueue.dedupeKey} is not null`,
      set: {
        params: sql`jsonb_set(${mailQueue.params}, '{count}',
          to_jsonb(coalesce((${mailQueue.params} ->> 'count')::int, 1) + 1))`,
      },
      // Rendered at its first try and kept for the next ones: a count added after that is lost.
      setWhere: sql`${mailQueue.state} = 'queued' and ${mailQueue.attempts} = 0`,
    })
    .returning({ id: mailQueue.id });
  return row?.id ?? null;
}

/** Several messages at once (one statement). */
export async function queueMails(db: Db, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailQueue).values(mails.map(rowOf)).onConflictDoNothing();
}

/**
 * Claims up to `limit` due messages for this sender for `leaseMs`: queued ones whose time came,
 * and claims of a sender that never finished (its lease ended). Counts the try.
 */
export async function claimDue(db: Db, leaseMs: number, limit = 10): Promise<MailRow[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(inArray(mailQueue.state, ["queued", "sending"]), sql`${mailQueue.nextAttemptAt} <= now()`))
    .orderBy(mailQueue.nextAttemptAt, mailQueue.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailQueue)
    .set({
      state: "sending",
      attempts: sql`${mailQueue.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** Whether any message is due now (the sender's cheap check between rounds). */
export async function anyDue(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(inArray(mailQueue.state, ["queued", "sending"]), sql`${mailQueue.nextAttemptAt} <= now()`))
    .limit(1);
  return !!row;
}

/** The message as rendered at its first try, kept for the next tries and for the outbox. */
export async function keepRendered(db: Db, id: number, r: { subject: string; html: string; text: string }) {
  await db
    .update(mailQueue)
    .set({ subject: r.subject, html: r.html, textBody: r.text })
    .where(eq(mailQueue.id, id));
}

/** The end of a try: sent, held (no mail server), or failed for good. */
export async function finish(
  db: Db,
  id: number,
  state: Extract<MailState, "sent" | "held" | "failed">,
  error?: string,
) {
  await db
    .update(mailQueue)
    .set({
      state,
      lastError: error ?? null,
      ...(state === "sent" ? { sentAt: sql`now()` } : {}),
    })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.state, "sending")));
}

/** A try that may work later: queued again after `delayMs`. */
export async function retryLater(db: Db, id: number, delayMs: number, error: string) {
  await db
    .update(mailQueue)
    .set({
      state: "queued",
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.state, "sending")));
}

/** 'Reenviar': the message queued again now, with a fresh count of tries. */
export async function requeue(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(mailQueue)
    .set({ state: "queued", attempts: 0, nextAttemptAt: sql`now()`, lastError: null, sentAt: null })
    .where(and(eq(mailQueue.id, id), inArray(mailQueue.state, ["sent", "failed", "held"])))
    .returning({ id: mailQueue.id });
  return rows.length > 0;
}

export const OUTBOX_PAGE_SIZE = 50;

/** The outbox, newest first; `before` pages back by id. */
export async function listMail(
  db: Db,
  opts: { before?: number; state?: MailState } = {},
): Promise<MailRow[]> {
  return db
    .select()
    .from(mailQueue)
    .where(
      and(
        opts.before ? lt(mailQueue.id, opts.before) : undefined,
        opts.state ? eq(mailQueue.state, opts.state) : undefined,
      ),
    )
    .orderBy(desc(mailQueue.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
}

export async function findMail(db: Db, id: number): Promise<MailRow | null> {
  const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, id)).limit(1);
  return row ?? null;
}

/** Sent, held and failed messages older than `days` go (housekeeping). */
export async function pruneMail(db: Db, days = 90): Promise<void> {
  await db
    .delete(mailQueue)
    .where(
      and(
        inArray(mailQueue.state, ["sent", "held", "failed"]),
        sql`${mailQueue.createdAt} < now() - make_interval(days => ${days})`,
      ),
    );
}
