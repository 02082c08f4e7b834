import { Loader2, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { MAX_MESSAGE_LENGTH } from "~/lib/chat";

export const CAPTION_LABEL = "Añade un comentario (opcional)";

/** An object URL for `file` while it is shown, released after (or when the file changes). */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

export type PhotoDraftProps = {
  /** The photo as it will go (already checked and resized in the browser: prepare-photo.ts). */
  file: File;
  /** 'Enviar', with the caption as typed (the sender trims it; empty is no caption). */
  onSend: (caption: string) => void;
  /** 'Cancelar' or Escape: the photo does not go. */
  onCancel: () => void;
  /** Still sending (staff wait for the server's answer): 'Enviar' is not pressed twice. */
  busy?: boolean;
  /** Where focus goes once the draft is gone: the message box. */
  focusAfter?: () => HTMLElement | null | undefined;
  className?: string;
};

/**
 * A picked photo before it goes, for the visitor's widget and the staff reply box alike (issue 41):
 * its preview, an optional caption (focused; Enter sends, Escape cancels), 'Cancelar' and 'Enviar'.
 */
export function PhotoDraft(p: PhotoDraftProps) {
  const [caption, setCaption] = useState("");
  const group = useRef<HTMLFieldSetElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const url = useObjectUrl(p.file);
  const latest = useRef(p);
  latest.current = p;

  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    const el = group.current;
    // Escape drops the photo, not the panel around it (the widget closes on Escape at the document).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      latest.current.onCancel();
    };
    el?.addEventListener("keydown", onKey);
    return () => {
      el?.removeEventListener("keydown", onKey);
      const next = latest.current.focusAfter?.();
      if (next?.isConnected) next.focus({ preventScroll: true });
    };
  }, []);

  const send = () => {
    if (!p.busy) p.onSend(caption);
  };
  return (
    <fieldset ref={group} className={cn("flex min-w-0 flex-col gap-2", p.className)}>
      <legend className="sr-only">Foto para enviar</legend>
      <div className="flex items-start gap-3">
        {url ? (
          <img
            src={url}
            alt="Vista previa de la foto"
            className="size-20 shrink-0 rounded-lg border bg-muted object-cover"
          />
        ) : (
          <div aria-hidden="true" className="size-20 shrink-0 rounded-lg border bg-muted" />
        )}
        <textarea
          ref={box}
          value={caption}
          rows={2}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-label={CAPTION_LABEL}
          placeholder={CAPTION_LABEL}
          onChange={(e) => setCaption(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          className="max-h-32 min-h-20 flex-1 resize-none rounded-xl border border-input bg-card px-3 py-2 text-base [field-sizing:content] placeholder:text-muted-foreground focus-visible:border-chat-strong sm:text-sm"
        />
      </div>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={p.onCancel}
          className="inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold transition-colors hover:bg-muted"
        >
          Cancelar
        </button>
        <button
          type="button"
          onClick={send}
          aria-disabled={p.busy || undefined}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-full bg-chat-strong px-4 text-sm font-semibold text-white transition-colors hover:bg-chat-strong/90",
            p.busy && "opacity-70",
          )}
        >
          {p.busy ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          Enviar
        </button>
      </div>
      {p.busy ? (
        <p role="status" className="text-xs text-muted-foreground">
          Enviando...
        </p>
      ) : null}
    </fieldset>
  );
}
