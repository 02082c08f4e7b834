import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { PageCursor, PageLinks } from "../../lib/keyset";

export type KeysetRequest = { after?: PageCursor | null; before?: PageCursor | null; limit: number };

/**
 * The parts of one keyset page query over (`at`, `key`), newest first (app/lib/keyset.ts): the
 * condition, the order, how many rows to ask for (one more than the page, to know whether another
 * page follows) and how to turn the rows into the page and its neighbours' cursors.
 *
 * The order names its NULLS placement to match the lists' indexes, which drizzle-kit writes as
 * `DESC NULLS LAST` (orders_created_idx, chat_clients_list_idx): a plain `DESC` means NULLS FIRST,
 * which no index serves, so a page was a scan and sort of every row. Both columns are NOT NULL:
 * the rows and their order are the same.
 */
export function keysetPage(at: AnyColumn, key: AnyColumn, req: KeysetRequest) {
  const backwards = !req.after && !!req.before;
  const cursor = req.after ?? req.before ?? null;
  const bound = cursor ? sql`(${cursor.at}::timestamptz, ${cursor.key})` : null;
  return {
    where: bound
      ? backwards
        ? sql`(${at}, ${key}) > ${bound}`
        : sql`(${at}, ${key}) < ${bound}`
      : (undefined as SQL | undefined),
    orderBy: backwards
      ? [sql`${at} asc nulls first`, sql`${key} asc nulls first`]
      : [sql`${at} desc nulls last`, sql`${key} desc nulls last`],
    fetch: req.limit + 1,
    /** The page in display order (newest first) with the cursors of the pages around it. */
    page<T>(rows: T[], cursorOf: (row: T) => PageCursor): { items: T[] } & PageLinks {
      const more = rows.length > req.limit;
      const items = rows.slice(0, req.limit);
      if (backwards) items.reverse();
      const first = items[0];
      const last = items.at(-1);
      const of = (row: T | undefined) => (row ? cursorOf(row) : null);
      return {
        items,
        // Forwards: older pages exist when more rows came back; backwards, we came from an older page.
        older: backwards ? of(last) : more ? of(last) : null,
        newer: backwards ? (more ? of(first) : null) : cursor ? of(first) : null,
      };
    },
  };
}
