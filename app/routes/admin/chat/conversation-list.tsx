import { useSearchParams } from "react-router";
import { PageNav } from "~/components/ui/page-nav";
import { isInboxFilter } from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";
import { ConversationRow } from "./conversation-row";
import { InboxFilters } from "./inbox-filters";
import { InboxSearch } from "./inbox-search";
import type { InboxData } from "./types";

/** The list's URL with some of its state changed (filter, search, page, open conversation). */
function useListHref() {
  const [params] = useSearchParams();
  return (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const s = next.toString();
    return s ? `${CHAT_URLS.inbox}?${s}` : CHAT_URLS.inbox;
  };
}

/**
 * 'Conversaciones' (docs/product.md §3.3): filters with counts, search over every conversation
 * (on the server), one page at a time, newest activity first.
 */
export function ConversationList({
  data,
  selected,
  now,
  timeZone,
}: {
  data: Pick<InboxData, "conversations" | "counts" | "older" | "newer">;
  selected: string | null;
  now: Date;
  timeZone?: string;
}) {
  const { conversations, counts, older, newer } = data;
  const [params] = useSearchParams();
  const href = useListHref();
  const raw = params.get("filtro");
  const filter = isInboxFilter(raw) ? raw : "abiertas";
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <InboxSearch searched={params.get("q") ?? ""} filter={filter} selected={selected} />
      <InboxFilters filter={filter} counts={counts} href={href} />
      {conversations === null ? (
        <p role="alert" className="p-4 text-sm text-destructive">
          No se pudieron cargar los clientes.
        </p>
      ) : conversations.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">No se encontraron clientes.</p>
      ) : (
        <ul aria-label="Conversaciones" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          {conversations.map((c) => (
            <ConversationRow
              key={c.clientId}
              c={c}
              active={c.clientId === selected}
              to={href({ c: c.clientId })}
              now={now}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
      <PageNav
        label="Páginas de conversaciones"
        links={{ newer, older }}
        newerLabel="Más recientes"
        olderLabel="Más antiguas"
        className="border-t px-3 py-2"
        keepScroll
      />
    </div>
  );
}
