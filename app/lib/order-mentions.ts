/**
 * Orders named in chat messages (issue 41): a tracking number ('TRK-2026-ABC123', any case) or
 * the 6-character code alone ('abc123'), as a customer copies it off a label. Staff read them as
 * links to the order's card; the server says which ones are real orders (orderMentions in
 * app/.server/orders/order-cards.ts), so a word that merely looks like a code stays text.
 * Browser-safe: the staff message log splits the text with it.
 */

/**
 * A number or a code standing alone: not inside a longer word or number. A code must mix
 * letters and digits (checked after), so 'Muchas', 'GRACIAS' or '305777' never count.
 */
const MENTION_RE = /(?<![\p{L}\p{N}_])(?:(TRK-\d{4}-[A-Z0-9]{6,})|([A-Z0-9]{6}))(?![\p{L}\p{N}_])/giu;
const FULL_RE = /^TRK-(\d{4})-([A-Z0-9]{6,})$/;

/** At most this many different numbers and codes of one conversation are looked up. */
export const MAX_MENTION_KEYS = 50;

export type OrderMention = {
  /** Where it starts in the text, and the text as written. */
  index: number;
  text: string;
  /** What the look-up compares: upper-case, 'TRK-2026-ABC123' or 'ABC123'. */
  key: string;
};

/** Every number or code the text names, in order. */
export function orderMentions(text: string): OrderMention[] {
  const out: OrderMention[] = [];
  for (const m of text.matchAll(MENTION_RE)) {
    const key = m[0].toUpperCase();
    if (m[2] && !(/\d/.test(key) && /[A-Z]/.test(key))) continue;
    out.push({ index: m.index ?? 0, text: m[0], key });
  }
  return out;
}

/** The different keys of several messages, the first MAX_MENTION_KEYS of them. */
export function mentionKeys(texts: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const text of texts)
    for (const m of orderMentions(text)) {
      if (keys.size >= MAX_MENTION_KEYS) return [...keys];
      keys.add(m.key);
    }
  return [...keys];
}

/** A key's parts: the year of a full number (null for a code alone) and its code. */
export function mentionParts(key: string): { year: string | null; code: string } {
  const full = FULL_RE.exec(key);
  return full?.[1] && full[2] ? { year: full[1], code: full[2] } : { year: null, code: key };
}

/** A code as the look-up compares it: O read as 0 and I as 1 (a label read by eye). */
export const comparableCode = (code: string) => code.toUpperCase().replace(/O/g, "0").replace(/I/g, "1");

export type MentionPart =
  | { kind: "text"; text: string }
  | { kind: "order"; text: string; trackingNumber: string };

/**
 * The text cut into plain parts and the orders it names, given which keys are real orders
 * (`links`: key → tracking number); a key not in `links` stays text.
 */
export function splitOrderMentions(text: string, links: Readonly<Record<string, string>>): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const m of orderMentions(text)) {
    const trackingNumber = links[m.key];
    if (!trackingNumber) continue;
    if (m.index > last) parts.push({ kind: "text", text: text.slice(last, m.index) });
    parts.push({ kind: "order", text: m.text, trackingNumber });
    last = m.index + m.text.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
