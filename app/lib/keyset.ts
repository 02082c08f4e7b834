/**
 * Keyset pages of a staff list (the chat inbox, the orders): a page starts after (older) or before
 * (newer) one row, named by its sort time and its unique key. The URL carries it as 'iso~key'
 * (?despues=… for the next page, ?antes=… for the previous one), so a reload, a live refresh and
 * the back button keep the page.
 */
export type PageCursor = { at: string; key: string };

/** The pair of neighbouring pages a list shows links to (null: no such page). */
export type PageLinks = { older: PageCursor | null; newer: PageCursor | null };

export const cursorParam = (c: PageCursor): string => `${c.at}~${c.key}`;

/** A cursor from the URL; anything malformed (or a key `validKey` refuses) is no cursor. */
export function parseCursor(
  raw: string | null | undefined,
  validKey: (key: string) => boolean = () => true,
): PageCursor | null {
  if (!raw) return null;
  const [at, key, extra] = raw.split("~");
  if (!at || !key || extra !== undefined || Number.isNaN(Date.parse(at)) || !validKey(key)) return null;
  return { at: new Date(at).toISOString(), key };
}
