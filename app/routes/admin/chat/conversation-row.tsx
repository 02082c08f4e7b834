import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { conversationDisplayName, formatUnread } from "~/lib/chat";
import { formatDateTime, formatShortTime } from "~/lib/dates";
import { RatingFace } from "./rating-line";
import type { Conversation } from "./types";

/** One conversation in the list: name, last message on one line, time, unread badge (not when resolved). */
export function ConversationRow({
  c,
  active,
  to,
  now,
  timeZone,
}: {
  c: Conversation;
  active: boolean;
  to: string;
  now: Date;
  timeZone?: string;
}) {
  const resolved = c.status === "resolved";
  const who = { admin: "Equipo: ", note: "Nota: ", client: "" } as const;
  const preview = c.lastMessage ? `${who[c.lastMessage.sender]}${c.lastMessage.text}` : "";
  return (
    <li>
      <Link
        to={to}
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
            <RatingFace rating={c.rating} />
            <time
              dateTime={c.lastActive}
              title={formatDateTime(c.lastActive, timeZone)}
              className="shrink-0 text-xs text-muted-foreground"
              suppressHydrationWarning
            >
              {formatShortTime(c.lastActive, now, timeZone)}
            </time>
          </span>
          <span className="block truncate text-xs text-muted-foreground">{preview || "\u00a0"}</span>
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
}
