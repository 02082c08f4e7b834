import { MessageSquareText, Settings } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { fillSavedReply, NAME_PLACEHOLDER } from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";

export type SavedReplyOption = { id: string; title: string; body: string; mine?: boolean };

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * '/' at the start of the reply box opens the saved replies, filtered by what follows the slash
 * (title or text, accents ignored); arrows choose, Enter or Tab inserts, Escape closes; a tap
 * inserts too. Returns the props the reply box and the list need.
 */
export function useSlashReplies(opts: {
  draft: string;
  replies: SavedReplyOption[];
  name: string;
  onInsert: (text: string) => void;
}) {
  const { draft, replies, name, onInsert } = opts;
  const listId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = draft.startsWith("/") && !draft.includes("\n") ? norm(draft.slice(1).trim()) : null;
  const matches =
    query === null
      ? []
      : replies.filter((r) => !query || norm(r.title).includes(query) || norm(r.body).includes(query));
  const open = query !== null && dismissed !== draft && replies.length > 0;
  const index = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;
  const insert = (r: SavedReplyOption) => {
    setActive(0);
    onInsert(fillSavedReply(r.body, name));
  };

  /** Handles the key when the list is open; true when it did (the reply box then does nothing). */
  const onKeyDown = (e: React.KeyboardEvent): boolean => {
    if (!open) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((index + step + matches.length) % Math.max(matches.length, 1));
      return true;
    }
    if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && matches[index]) {
      e.preventDefault();
      insert(matches[index]);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setDismissed(draft);
      return true;
    }
    return false;
  };

  const inputProps = open
    ? {
        "aria-controls": listId,
        "aria-activedescendant": matches[index] ? optionId(index) : undefined,
      }
    : {};

  const list = open ? (
    <div className="absolute inset-x-3 bottom-full z-20 mb-2 max-h-64 overflow-y-auto rounded-xl border bg-popover p-1 shadow-lg">
      <p className="px-2 py-1 text-xs text-muted-foreground">
        Respuestas guardadas · ↑↓ para elegir, Enter para insertar, Esc para cerrar
      </p>
      {matches.length === 0 ? (
        <p className="px-2 py-2 text-sm text-muted-foreground">Ninguna respuesta coincide.</p>
      ) : null}
      <div id={listId} role="listbox" aria-label="Respuestas guardadas">
        {matches.map((r, i) => (
          <div
            key={r.id}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === index}
            // Keeps the focus in the reply box; the click inserts.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(r)}
            onKeyDown={() => {}}
            className={cn(
              "cursor-pointer rounded-lg px-2 py-2 text-sm",
              i === index ? "bg-chat/15" : "hover:bg-muted",
            )}
          >
            <span className="block font-medium">{r.title}</span>
            <span className="block truncate text-xs text-muted-foreground">{r.body}</span>
          </div>
        ))}
      </div>
    </div>
  ) : null;

  return { open, onKeyDown, inputProps, list };
}

/** The picker button by the reply box: every saved reply, and for admins the way to manage them. */
export function SavedRepliesPicker({
  replies,
  name,
  canManage,
  disabled,
  onInsert,
}: {
  replies: SavedReplyOption[];
  name: string;
  canManage: boolean;
  disabled?: boolean;
  onInsert: (text: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="icon"
          disabled={disabled}
          aria-label="Insertar texto guardado"
        >
          <MessageSquareText aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" side="top" className="max-h-80 w-72 overflow-y-auto">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Respuestas guardadas (o escribe «/» en la respuesta)
        </DropdownMenuLabel>
        {replies.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">Todavía no hay respuestas guardadas.</p>
        ) : null}
        {replies.map((r) => (
          <DropdownMenuItem
            key={r.id}
            onSelect={() => onInsert(fillSavedReply(r.body, name))}
            className="flex-col items-start gap-0"
          >
            <span className="font-medium">
              {r.title}
              {r.mine ? <span className="ml-1 text-xs font-normal text-muted-foreground">(mía)</span> : null}
            </span>
            <span className="w-full truncate text-xs text-muted-foreground">{r.body}</span>
          </DropdownMenuItem>
        ))}
        {canManage ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={CHAT_URLS.savedReplies}>
                <Settings aria-hidden="true" /> Gestionar respuestas
              </Link>
            </DropdownMenuItem>
            <p className="px-2 pb-1 text-xs text-muted-foreground">
              {NAME_PLACEHOLDER} se reemplaza por el nombre del cliente.
            </p>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
