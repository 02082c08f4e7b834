import { MessageSquareText, Settings } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
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
import { savedRepliesHref } from "~/lib/saved-replies-link";
import { fillSavedReply, type SavedReplyVars } from "~/lib/saved-reply-text";

export type SavedReplyOption = { id: string; title: string; body: string; mine?: boolean };

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The '/word' being typed just before the caret: a slash at the start of the box or after a space. */
export function slashToken(draft: string, caret: number): { start: number; query: string } | null {
  const before = draft.slice(0, caret);
  const start = before.lastIndexOf("/");
  if (start < 0 || (start > 0 && !/\s/.test(before[start - 1] ?? ""))) return null;
  const query = before.slice(start + 1);
  if (query.includes("\n") || query.startsWith(" ") || query.length > 40) return null;
  return { start, query };
}

/**
 * The replies for what follows the slash, accents and case ignored: titles that start with it
 * first, then titles with a word that does, then titles and texts that hold it; by title within each.
 */
export function matchReplies<T extends { title: string; body: string }>(
  replies: readonly T[],
  query: string,
): T[] {
  const q = norm(query.trim());
  const rank = (r: T) => {
    const title = norm(r.title);
    if (!q || title.startsWith(q)) return 0;
    if (title.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (title.includes(q)) return 2;
    return norm(r.body).includes(q) ? 3 : -1;
  };
  return replies
    .map((r) => ({ r, rank: rank(r) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.r.title.localeCompare(b.r.title, "es"))
    .map((m) => m.r);
}

/**
 * '/' at the start of the reply box or after a space lists every saved reply (the team's and the
 * person's own, by title), filtered by what follows the slash; arrows choose, Enter or Tab inserts
 * the filled text in place of the '/word', Escape closes; a click or tap inserts too. The box stays
 * a textbox (a textarea may not be a combobox): it names the list with aria-controls and the chosen
 * option with aria-activedescendant, and a status line says how many there are.
 */
export function useSlashReplies(opts: {
  draft: string;
  replies: SavedReplyOption[];
  vars: SavedReplyVars;
  /** False while writing a private note. */
  enabled: boolean;
  /** The box's new text and where its caret goes. */
  onInsert: (next: string, caret: number) => void;
}) {
  const { draft, replies, vars, enabled, onInsert } = opts;
  const listId = useId();
  // Where the caret is: the '/word' is the one just before it. Unknown until the box reports it.
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState({ key: "", index: 0 });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const token = enabled ? slashToken(draft, Math.min(caret ?? draft.length, draft.length)) : null;
  const key = token ? `${token.start}:${draft}` : "";
  const matches = token ? matchReplies(replies, token.query) : [];
  // A space after a word that matches nothing is ordinary writing ('a / b'): no list then.
  const open =
    token !== null &&
    dismissed !== key &&
    replies.length > 0 &&
    (matches.length > 0 || !/\s/.test(token.query));
  const queryKey = token ? `${token.start}:${token.query}` : "";
  const index = active.key === queryKey ? Math.min(active.index, Math.max(matches.length - 1, 0)) : 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const activeId = open && matches[index] ? optionId(index) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeId]);

  const insert = (r: SavedReplyOption) => {
    if (!token) return;
    const text = fillSavedReply(r.body, vars);
    const rest = draft.slice(token.start + 1 + token.query.length);
    const next = `${draft.slice(0, token.start)}${text}${rest}`;
    const at = token.start + text.length;
    setCaret(at);
    onInsert(next, at);
  };

  /** Handles the key when the list is open; true when it did (the reply box then does nothing). */
  const onKeyDown = (e: React.KeyboardEvent): boolean => {
    if (!open) return false;
    if ((e.key === "ArrowDown" || e.key === "ArrowUp") && matches.length > 0) {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive({ key: queryKey, index: (index + step + matches.length) % matches.length });
      return true;
    }
    if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && !e.nativeEvent.isComposing) {
      const chosen = matches[index];
      // Enter with nothing to insert must not send '/xyz' to the customer; Tab moves on.
      if (!chosen && e.key === "Tab") return false;
      e.preventDefault();
      if (chosen) insert(chosen);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setDismissed(key);
      return true;
    }
    return false;
  };

  const track = (e: React.SyntheticEvent<HTMLTextAreaElement>) => setCaret(e.currentTarget.selectionEnd);
  const inputProps = {
    ...(enabled ? { "aria-autocomplete": "list" as const } : {}),
    ...(open ? { "aria-controls": listId, "aria-activedescendant": activeId } : {}),
    onInput: track,
    onSelect: track,
  };

  const list = (
    <>
      <p role="status" className="sr-only">
        {open
          ? matches.length === 0
            ? "Ninguna respuesta guardada coincide."
            : `${matches.length === 1 ? "1 respuesta guardada" : `${matches.length} respuestas guardadas`}. Flechas para elegir, Enter para insertar.`
          : ""}
      </p>
      {open ? (
        // Above the whole reply box (its tabs included), over the newest messages; it scrolls
        // within its height. The mouse-down keeps the focus in the reply box.
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus where it is.
        <div
          onMouseDown={(e) => e.preventDefault()}
          className="absolute inset-x-3 bottom-full z-20 mb-2 flex max-h-[min(20rem,45dvh)] flex-col overflow-hidden rounded-xl border bg-popover shadow-lg"
        >
          <p className="shrink-0 border-b px-3 py-1.5 text-xs text-muted-foreground">
            Respuestas guardadas · ↑↓ para elegir, Enter para insertar, Esc para cerrar
          </p>
          {matches.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">Ninguna respuesta coincide.</p>
          ) : null}
          <div
            id={listId}
            role="listbox"
            aria-label="Respuestas guardadas"
            className="min-h-0 overflow-y-auto overscroll-contain p-1"
          >
            {matches.map((r, i) => (
              <div
                key={r.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === index}
                onClick={() => insert(r)}
                onKeyDown={() => {}}
                className={cn(
                  "cursor-pointer rounded-lg px-2 py-2 text-sm",
                  i === index ? "bg-chat/15" : "hover:bg-muted",
                )}
              >
                <span className="block font-medium">
                  {r.title}
                  {r.mine ? (
                    <span className="ml-1 text-xs font-normal text-muted-foreground">(mía)</span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {fillSavedReply(r.body, vars)}
                </span>
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </>
  );

  return { open, onKeyDown, inputProps, list };
}

/** The picker button by the reply box: every saved reply, and the way to manage them. */
export function SavedRepliesPicker({
  replies,
  vars,
  canManage,
  disabled,
  onInsert,
}: {
  replies: SavedReplyOption[];
  vars: SavedReplyVars;
  canManage: boolean;
  disabled?: boolean;
  onInsert: (text: string) => void;
}) {
  // 'Volver al chat' on the management screen comes back to this very conversation.
  const here = useLocation();
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
            onSelect={() => onInsert(fillSavedReply(r.body, vars))}
            className="flex-col items-start gap-0"
          >
            <span className="font-medium">
              {r.title}
              {r.mine ? <span className="ml-1 text-xs font-normal text-muted-foreground">(mía)</span> : null}
            </span>
            <span className="w-full truncate text-xs text-muted-foreground">
              {fillSavedReply(r.body, vars)}
            </span>
          </DropdownMenuItem>
        ))}
        {canManage ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={savedRepliesHref(`${here.pathname}${here.search}`)}>
                <Settings aria-hidden="true" /> Gestionar respuestas
              </Link>
            </DropdownMenuItem>
            <p className="px-2 pb-1 text-xs text-muted-foreground">
              Las palabras entre llaves, como {"{nombre}"} o {"{precios}"}, se rellenan solas.
            </p>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
