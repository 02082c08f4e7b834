import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** TRK-{year}-{6 random uppercase letters or digits}, from a cryptographic source (SPEC §9). */
export function generateTrackingNumber(now: Date = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `TRK-${now.getFullYear()}-${suffix}`;
}
