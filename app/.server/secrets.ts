import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { serverSecrets } from "./db/schema";

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
