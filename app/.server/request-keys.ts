import { eq, lt } from "drizzle-orm";
import type { Db } from "./db/client";
import type { Tx } from "./db/locks";
import { requestResults } from "./db/schema";

/*
 * Requests that carry a key (app/lib/ids.ts newRequestKey), so that sending one again — the
 * browser retrying after an answer that never came, a second tap — is answered with what the
 * first did instead of doing it twice (third round of attacks, finding 7). The result is written
 * in the transaction of the change, so it exists exactly when the change does. Orders keep theirs
 * on the order itself (orders.request_key); uploads here.
 */

/** What the request with this key did, or null when it has not (yet) done anything. */
export async function priorResult<T>(db: Db, key: string | null | undefined): Promise<T | null> {
  if (!key) return null;
  const [row] = await db
    .select({ result: requestResults.result })
    .from(requestResults)
    .where(eq(requestResults.key, key))
    .limit(1);
  return row ? (row.result as T) : null;
}

/**
 * Records what the request did, inside the change's transaction. The same key written by a
 * request running at the same moment is a unique violation: that transaction rolls back and the
 * caller answers the other's result (priorResult).
 */
export async function rememberResult(
  tx: Tx | Db,
  key: string | null | undefined,
  result: object,
): Promise<void> {
  if (!key) return;
  await tx.insert(requestResults).values({ key, result });
}

/** A day is long past any retry. */
export async function pruneRequestResults(db: Db, now = Date.now()): Promise<void> {
  await db.delete(requestResults).where(lt(requestResults.createdAt, new Date(now - 24 * 3600_000)));
}
