import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { serverSecrets } from "./db/schema";

/*
 * The secrets of the site, both kinds: the keys the server keeps for itself, and the secrets it
 * hands out (a visitor's conversation, a contact's browser key) and keeps only a hash of.
 */

/**
 * Keys the server makes for itself at first use and keeps in the database, so every instance
 * signs with the same one and nobody has to configure it (e.g. the tracking page's cookie,
 * app/.server/http/cookies.ts). Never sent to a browser or written to a log.
 */
const cache = new WeakMap<Db, Map<string, Promise<string>>>();

export function serverSecret(db: Db, name: string): Promise<string> {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name).catch((err) => {
      byName.delete(name);
      throw err;
    });
    byName.set(name, secret);
  }
  return secret;
}

async function loadOrCreate(db: Db, name: string): Promise<string> {
  // Two instances starting at once: one insert wins, both read the winner's.
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return row.value;
}

/**
 * A secret the server hands out once (a visitor's conversation, ADR 0003; a contact's browser key,
 * ADR 0020): 32 random bytes. Only its SHA-256 is stored (a leaked row cannot be replayed); high
 * entropy makes a slow hash unnecessary.
 */
export const newSecret = () => randomBytes(32).toString("base64url");

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

export function secretMatches(secret: string | null | undefined, hash: string | null): boolean {
  if (!secret || !hash || secret.length > 200) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
