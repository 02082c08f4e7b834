import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, href, Link, useSearchParams, useSubmit } from "react-router";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { PageNav } from "~/components/ui/page-nav";
import {
  conversationDisplayName,
  formatUnread,
  INBOX_FILTER_LABELS,
  INBOX_FILTERS,
  INBOX_SEARCH_MAX,
  isInboxFilter,
} from "~/lib/chat";
import { formatDateTime, formatShortTime } from "~/lib/dates";
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
    return s ? `/admin/chat?${s}` : "/admin/chat";
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
  const listHref = useListHref();
  const raw = params.get("filtro");
  const filter = isInboxFilter(raw) ? raw : "abiertas";
  const searched = params.get("q") ?? "";
  const [q, setQ] = useState(searched);
  useEffect(() => setQ(searched), [searched]);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Form
        ref={form}
        method="get"
        action={href("/admin/chat")}
        role="search"
        className="relative px-3 pb-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (timer.current) clearTimeout(timer.current);
          submit(e.currentTarget, { replace: true, preventScrollReset: true });
        }}
      >
        <input type="hidden" name="filtro" value={filter} />
        {selected ? <input type="hidden" name="c" value={selected} /> : null}
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          name="q"
          value={q}
          maxLength={INBOX_SEARCH_MAX}
          onChange={(e) => {
            setQ(e.target.value);
            if (timer.current) clearTimeout(timer.current);
            const target = form.current;
            timer.current = setTimeout(() => {
              if (target) submit(target, { replace: true, preventScrollReset: true });
            }, 350);
          }}
          aria-label="Buscar por nombre, número o identificador"
          placeholder="Buscar nombre, número o id..."
          className="pl-9"
        />
      </Form>
      <nav aria-label="Filtros de conversaciones" className="px-3 pb-2">
        <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4 md:grid-cols-2">
          {INBOX_FILTERS.map((f) => {
            const active = f === filter;
            return (
              <li key={f}>
                <Link
                  to={listHref({ filtro: f === "abiertas" ? null : f, despues: null, antes: null })}
                  replace
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex h-9 items-center justify-between gap-1 rounded-lg border px-2.5 text-sm font-medium transition-colors",
                    active
                      ? "border-chat-strong bg-chat-strong text-white"
                      : "bg-card text-foreground hover:bg-muted",
                  )}
                >
                  <span className="truncate">{INBOX_FILTER_LABELS[f]}</span>
                  <span
                    className={cn("text-xs tabular-nums", active ? "text-white" : "text-muted-foreground")}
                  >
                    {counts ? counts[f].toLocaleString("es") : "–"}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {conversations === null ? (
        <p role="alert" className="p-4 text-sm text-destructive">
          No se pudieron cargar los clientes.
        </p>
      ) : conversations.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">No se encontraron clientes.</p>
      ) : (
        <ul aria-label="Conversaciones" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          {conversations.map((c) => {
            const resolved = c.status === "resolved";
            const active = c.clientId === selected;
            const preview = c.lastMessage
              ? `${c.lastMessage.sender === "admin" ? "Equipo: " : ""}${c.lastMessage.text}`
              : "";
            return (
              <li key={c.clientId}>
                <Link
                  to={listHref({ c: c.clientId })}
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "flex min-h-16 items-center gap-3 rounded-xl px-3 py-2 transition-colors hover:bg-muted",
                    active && "bg-chat/15 hover:bg-chat/20",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline gap-2">
                      <span
                        className={cn(
                          "min-w-0 flex-1 truncate text-sm font-medium",
                          resolved && "text-muted-foreground line-through",
                        )}
                      >
                        {conversationDisplayName(c)}
                      </span>
                      <time
                        dateTime={c.lastActive}
                        title={formatDateTime(c.lastActive, timeZone)}
                        className="shrink-0 text-xs text-muted-foreground"
                        suppressHydrationWarning
                      >
                        {formatShortTime(c.lastActive, now, timeZone)}
                      </time>
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {preview || "\u00a0"}
                    </span>
                  </span>
                  {c.unreadCount > 0 && !resolved ? (
                    <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-chat-strong px-1.5 text-xs font-bold text-white">
                      {formatUnread(c.unreadCount)}
                      <span className="sr-only"> sin leer</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
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
