import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { CHAT_RATING_LABELS } from "~/lib/chat";
import { CHAT_RATING_FACES, type ConversationRating, ratingWords } from "~/lib/chat-rating";
import { formatDateTime } from "~/lib/dates";
import type { loader as rootLoader } from "~/root";

/** A comment longer than this starts folded to two lines, with 'Ver todo'. */
const LONG_COMMENT = 120;

/**
 * The visitor's answer to '¿Cómo te atendimos?' in the conversation's header (issue 41):
 * 'Valoración del cliente: 😀 Bien — "muy amables" · 05 mar 2026, 14:30'.
 */
export function RatingLine({ rating }: { rating: ConversationRating | null }) {
  const timeZone = useRouteLoaderData<typeof rootLoader>("root")?.timeZone;
  const [open, setOpen] = useState(false);
  if (!rating) return null;
  const long = (rating.comment?.length ?? 0) > LONG_COMMENT;
  return (
    <p className="text-xs text-muted-foreground">
      <span className={long && !open ? "line-clamp-2" : undefined}>
        Valoración del cliente:{" "}
        <span className="font-medium text-foreground">{ratingWords(rating.rating)}</span>
        {rating.comment ? ` — "${rating.comment}"` : ""} ·{" "}
        <time dateTime={rating.createdAt}>{formatDateTime(rating.createdAt, timeZone)}</time>
      </span>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="font-semibold text-chat-strong underline underline-offset-2"
        >
          {open ? "Ver menos" : "Ver todo"}
        </button>
      ) : null}
    </p>
  );
}

/** The small face beside a rated conversation in the list; its word for screen readers. */
export function RatingFace({ rating }: { rating: ConversationRating | null }) {
  if (!rating) return null;
  return (
    <span
      className="shrink-0 text-sm leading-none"
      title={`Valoración: ${CHAT_RATING_LABELS[rating.rating]}`}
    >
      <span aria-hidden="true">{CHAT_RATING_FACES[rating.rating]}</span>
      <span className="sr-only">Valoración: {CHAT_RATING_LABELS[rating.rating]}</span>
    </span>
  );
}
