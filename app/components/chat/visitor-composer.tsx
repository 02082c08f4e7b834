import { Send } from "lucide-react";
import { type RefObject, useState } from "react";
import { cn } from "~/components/ui/cn";
import { MAX_MESSAGE_LENGTH, TEXTS } from "~/lib/chat";
import { PhotoDraft } from "./photo-draft";
import { PhotoPickButton } from "./photo-pick-button";
import { prepareChatPhoto } from "./prepare-photo";

export type VisitorComposerProps = {
  panelId: string;
  draft: string;
  onDraft: (text: string) => void;
  /** Answers why the text cannot go, or null when it went into the outbox. */
  onSend: (text: string) => string | null;
  /** A photo (checked and resized) with its caption as typed, into the outbox. */
  onSendPhoto: (photo: File, caption: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
};

/**
 * The visitor's message box: a photo button, the text (Enter sends), the send button and a hint line.
 * A picked photo waits in a preview with a caption until 'Enviar' or 'Cancelar' (issue 41).
 */
export function VisitorComposer(p: VisitorComposerProps) {
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const over = p.draft.trim().length > MAX_MESSAGE_LENGTH;
  const submit = () => {
    const problem = p.onSend(p.draft);
    setError(problem);
    if (!problem) p.onDraft("");
  };
  const pickPhoto = async (file: File) => {
    setPreparing(true);
    const ready = await prepareChatPhoto(file);
    setPreparing(false);
    if (!ready.ok) return setError(ready.error);
    setError(null);
    setPhoto(ready.file);
  };
  const hint =
    error ??
    (over
      ? TEXTS.tooLong
      : p.draft.length > MAX_MESSAGE_LENGTH - 100
        ? `${p.draft.trim().length}/${MAX_MESSAGE_LENGTH}`
        : "");

  return (
    <>
      {photo ? (
        <PhotoDraft
          file={photo}
          onSend={(caption) => {
            setPhoto(null);
            p.onSendPhoto(photo, caption);
          }}
          onCancel={() => setPhoto(null)}
          focusAfter={() => p.inputRef.current}
          className="border-t bg-card p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] sm:pb-3"
        />
      ) : null}
      <form
        hidden={!!photo}
        className="border-t bg-card p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] sm:pb-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="flex items-end gap-2">
          <PhotoPickButton busy={preparing} onPick={(file) => void pickPhoto(file)} />
          <textarea
            ref={p.inputRef}
            value={p.draft}
            rows={1}
            aria-label="Mensaje"
            aria-invalid={over || !!error}
            aria-describedby={`${p.panelId}-help`}
            placeholder="Escribe tu mensaje..."
            onChange={(e) => {
              p.onDraft(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-input bg-card px-3 py-2.5 text-base [field-sizing:content] placeholder:text-muted-foreground focus-visible:border-chat-strong sm:text-sm"
          />
          <button
            type="submit"
            aria-label="Enviar mensaje"
            disabled={!p.draft.trim()}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-chat-strong text-white transition-colors hover:bg-chat-strong/90 disabled:opacity-50"
          >
            <Send aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p
          id={`${p.panelId}-help`}
          className={cn("mt-1 min-h-4 text-xs", error || over ? "text-destructive" : "text-muted-foreground")}
        >
          {hint}
        </p>
      </form>
    </>
  );
}
