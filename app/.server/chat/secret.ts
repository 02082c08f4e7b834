import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The visitor's conversation secret: 32 random bytes the server issues once. Only its SHA-256
 * is stored (a leaked row cannot be replayed); high entropy makes a slow hash unnecessary.
 */
export const newSecret = () => randomBytes(32).toString("base64url");

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

export function secretMatches(secret: string | null | undefined, hash: string | null): boolean {
  if (!secret || !hash || secret.length > 200) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}
