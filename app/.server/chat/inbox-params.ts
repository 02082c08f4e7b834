import { INBOX_SEARCH_MAX, isClientId, isInboxFilter } from "../../lib/chat";
import { parseCursor } from "../../lib/keyset";
import type { InboxListQuery } from "./inbox";

/**
 * The inbox list's state lives in the URL (so a reload, a live refresh and the back button keep
 * it): ?filtro=abiertas|mias|sin-asignar|resueltas&q=…&despues=cursor|antes=cursor.
 */
export function inboxListQuery(params: URLSearchParams): InboxListQuery {
  const filter = params.get("filtro");
  return {
    filter: isInboxFilter(filter) ? filter : "abiertas",
    q: (params.get("q") ?? "").trim().slice(0, INBOX_SEARCH_MAX),
    after: parseCursor(params.get("despues"), isClientId),
    before: parseCursor(params.get("antes"), isClientId),
  };
}
