import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { INBOX_FILTER_LABELS, INBOX_FILTERS, type InboxFilter } from "~/lib/chat";
import type { InboxData } from "./types";

/** Abiertas, Mías, Sin asignar, Resueltas — each with its count; a link keeps the rest of the URL. */
export function InboxFilters({
  filter,
  counts,
  href,
}: {
  filter: InboxFilter;
  counts: InboxData["counts"];
  href: (change: Record<string, string | null>) => string;
}) {
  return (
    <nav aria-label="Filtros de conversaciones" className="px-3 pb-2">
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4 md:grid-cols-2">
        {INBOX_FILTERS.map((f) => {
          const active = f === filter;
          return (
            <li key={f}>
              <Link
                to={href({ filtro: f === "abiertas" ? null : f, despues: null, antes: null })}
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
                <span className={cn("text-xs tabular-nums", active ? "text-white" : "text-muted-foreground")}>
                  {counts ? counts[f].toLocaleString("es") : "–"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
