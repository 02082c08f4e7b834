import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../db/client";
import { pushKeys } from "../db/schema";

/** The site's VAPID key pair (base64url): made once, at the first start, and kept in the database. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** The stored pair, or a new one stored now (a racing instance's pair wins: both read the same row). */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const read = () =>
    db
      .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
      .from(pushKeys)
      .where(eq(pushKeys.id, 1))
      .limit(1);
  const [found] = await read();
  if (found) return found;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [stored] = await read();
  if (!stored) throw new Error("VAPID keys were not stored");
  return stored;
}
