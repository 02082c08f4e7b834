import { Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { displayName, formatUnread } from "~/lib/chat";
import { formatRelative } from "~/lib/dates";
import type { Conversation } from "~/routes/admin/chat";

/** 'Conversaciones' (docs/product.md §3.3): search by custom name or id, newest activity first. */
export function ConversationList({
  conversations,
  selected,
  now,
}: {
  conversations: Conversation[] | null;
  selected: string | null;
  now: Date;
}) {
  const [q, setQ] = useState("");
  const needle = q.trim().toLowerCase();
  const shown = (conversations ?? []).filter(
    (c) =>
      !needle ||
      c.clientId.toLowerCase().includes(needle) ||
      (c.customName ?? "").toLowerCase().includes(needle),
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative px-3 pb-2">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-label="Buscar cliente"
          placeholder="Buscar cliente..."
          className="pl-9"
        />
      </div>
      {conversations === null ? (
        <p role="alert" className="p-4 text-sm text-destructive">
          No se pudieron cargar los clientes.
        </p>
      ) : shown.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">No se encontraron clientes.</p>
      ) : (
        <ul aria-label="Conversaciones" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
          {shown.map((c) => {
            const resolved = c.status === "resolved";
            const active = c.clientId === selected;
            return (
              <li key={c.clientId}>
                <Link
                  to={`/admin/chat?c=${encodeURIComponent(c.clientId)}`}
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "flex min-h-14 items-center gap-3 rounded-xl px-3 py-2 transition-colors hover:bg-muted",
                    active && "bg-chat/15 hover:bg-chat/20",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span
                      className={cn(
                        "block truncate text-sm font-medium",
                        resolved && "text-muted-foreground line-through",
                      )}
                    >
                      {displayName(c)}
                    </span>
                    <span className="block text-xs text-muted-foreground" suppressHydrationWarning>
                      {formatRelative(c.lastActive, now)}
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
    </div>
  );
}
