import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { StatusButton } from "~/components/ui/status-button";
import { CHAT_RATING_LABELS, CHAT_RATINGS, type ChatRating, type VisitorConversationState } from "~/lib/chat";
import { CHAT_RATING_FACES, RATING_COMMENT_MAX, RATING_TEXTS, visitorRatingSchema } from "~/lib/chat-rating";
import { useZodForm } from "~/lib/forms";
import { ApiError, postRating } from "./visitor-api";

type Props = {
  clientId: string;
  secret: string;
  state: Pick<VisitorConversationState, "status" | "rating" | "ratingDue">;
};

/**
 * '¿Cómo te atendimos?' (issue 41): once staff resolve the conversation the widget asks with three
 * faces and an optional comment, after the last message; answered once, then '¡Gracias por tu
 * opinión!'. A message that opens the conversation again takes it away (the next resolution asks
 * again only when no answer was given).
 */
export function RatingQuestion({ clientId, secret, state }: Props) {
  const [sent, setSent] = useState(false);
  if (state.status !== "resolved") return null;
  if (sent || state.rating) {
    return (
      <p
        role="status"
        className="self-center rounded-xl bg-card px-3 py-2 text-center text-sm font-medium text-chat-strong"
      >
        {RATING_TEXTS.thanks}
      </p>
    );
  }
  if (!state.ratingDue) return null;
  return <RatingForm clientId={clientId} secret={secret} onSent={() => setSent(true)} />;
}

function RatingForm({ clientId, secret, onSent }: { clientId: string; secret: string; onSent: () => void }) {
  const [picked, setPicked] = useState<ChatRating | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [form, fields] = useZodForm(visitorRatingSchema, {
    id: `rating-${clientId}`,
    defaultValue: { clientId },
    onValidSubmit: (event, formData) => {
      event.preventDefault();
      const rating = String(formData.get("rating") ?? "") as ChatRating;
      const comment = String(formData.get("comment") ?? "").trim() || null;
      setBusy(true);
      setProblem(null);
      postRating({ clientId, rating, comment }, secret)
        .then(onSent)
        .catch((e) => setProblem(e instanceof ApiError && e.status ? e.message : RATING_TEXTS.failed))
        .finally(() => setBusy(false));
    },
  });
  const titleId = `${form.id}-title`;
  const faceError = fields.rating.errors?.[0];
  // It appears when staff resolve the conversation, below what the visitor is reading: in view.
  const box = useRef<HTMLFormElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return (
    <form
      ref={box}
      {...getFormProps(form)}
      aria-labelledby={titleId}
      className="space-y-2 self-stretch rounded-xl border bg-card p-3 text-sm"
    >
      <p id={titleId} className="font-semibold">
        {RATING_TEXTS.question}
      </p>
      <input type="hidden" name="clientId" value={clientId} />
      <input type="hidden" name={fields.rating.name} value={picked ?? ""} />
      <fieldset
        aria-labelledby={titleId}
        aria-describedby={faceError ? fields.rating.errorId : undefined}
        className="m-0 flex min-w-0 gap-2 border-0 p-0"
      >
        {CHAT_RATINGS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={picked === r}
            onClick={() => setPicked(r)}
            className={cn(
              "flex min-h-14 flex-1 flex-col items-center justify-center rounded-xl border px-2 py-1 transition-colors hover:bg-muted",
              picked === r && "border-chat-strong bg-chat/15 font-semibold",
            )}
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              {CHAT_RATING_FACES[r]}
            </span>
            <span className="text-xs">{CHAT_RATING_LABELS[r]}</span>
          </button>
        ))}
      </fieldset>
      {faceError ? (
        <p id={fields.rating.errorId} className="text-xs text-destructive">
          {faceError}
        </p>
      ) : null}
      <label htmlFor={fields.comment.id} className="block text-xs font-medium">
        {RATING_TEXTS.comment}
      </label>
      <textarea
        {...getTextareaProps(fields.comment)}
        rows={2}
        maxLength={RATING_COMMENT_MAX}
        className="block max-h-32 min-h-16 w-full resize-none rounded-lg border border-input bg-card px-3 py-2 text-base [field-sizing:content] focus-visible:border-chat-strong sm:text-sm"
      />
      {fields.comment.errors?.[0] ? (
        <p id={fields.comment.errorId} className="text-xs text-destructive">
          {fields.comment.errors[0]}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
      <StatusButton
        pending={busy}
        pendingLabel="Enviando..."
        className="min-h-10 bg-chat-strong font-semibold text-white hover:bg-chat-strong/90"
      >
        {RATING_TEXTS.send}
      </StatusButton>
    </form>
  );
}
