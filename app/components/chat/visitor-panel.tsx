import { AlertCircle, CheckCircle2, Loader2, RotateCw, Send, X } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { type ChatMessageView, MAX_MESSAGE_LENGTH, TEXTS } from "~/lib/chat";
import { formatMessageTime } from "~/lib/dates";
import { MessagePhoto } from "./message-photo";
import { MessageText } from "./message-text";
import { PhotoPickButton } from "./photo-pick-button";
import { prepareChatPhoto } from "./prepare-photo";
import type { OutboxView } from "./use-visitor-chat";
import { useVisualViewportBox } from "./use-visual-viewport";

export type VisitorPanelProps = {
  panelId: string;
  header: { online: boolean; title: string; agentName: string | null };
  businessName: string;
  messages: ChatMessageView[];
  outbox: OutboxView[];
  typingName: string | null;
  resolved: boolean;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (text: string) => string | null;
  onSendPhoto: (photo: File) => void;
  onRetry: (clientMessageId: string) => void;
  onClose: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Shown after the messages without blocking the chat (the contact details card). */
  aside?: ReactNode;
  /** While nobody is online: when the shop opens next (app/lib/opening-hours.ts). */
  notice: string | null;
  timeZone?: string;
};

const bubble = "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm";

/** The open chat panel (docs/product.md §2.10): 350x500 px, full screen on a phone above the keyboard. */
export function VisitorPanel(p: VisitorPanelProps) {
  const titleId = `${p.panelId}-title`;
  const box = useVisualViewportBox(true);
  const end = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const count = p.messages.length + p.outbox.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the content or the keyboard changes
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count, p.typingName, box?.height]);

  const submit = () => {
    const problem = p.onSend(p.draft);
    setError(problem);
    if (!problem) p.onDraft("");
  };
  const over = p.draft.trim().length > MAX_MESSAGE_LENGTH;
  const [preparing, setPreparing] = useState(false);
  const pickPhoto = async (file: File) => {
    setPreparing(true);
    const ready = await prepareChatPhoto(file);
    setPreparing(false);
    if (!ready.ok) return setError(ready.error);
    setError(null);
    p.onSendPhoto(ready.file);
  };

  return (
    <section
      id={p.panelId}
      role="dialog"
      aria-labelledby={titleId}
      style={box ? { height: box.height, top: box.top, bottom: "auto" } : undefined}
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-card shadow-2xl sm:inset-auto sm:right-4 sm:bottom-24 sm:h-[500px] sm:max-h-[calc(100dvh-8rem)] sm:w-[350px] sm:rounded-2xl sm:border motion-safe:animate-menu-in"
    >
      <div
        data-toast-clear
        className="flex items-center gap-3 bg-chat-strong px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-3 text-white sm:pt-3"
      >
        <span
          aria-hidden="true"
          className={cn(
            "size-2.5 shrink-0 rounded-full ring-2 ring-white/30",
            p.header.online ? "bg-lime-300" : "bg-white/60",
          )}
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="line-clamp-2 font-sans text-sm leading-snug font-semibold">
            {p.header.title}
          </h2>
          {p.header.agentName ? <p className="text-xs text-white/85">En línea</p> : null}
        </div>
        <button
          type="button"
          aria-label="Cerrar chat"
          onClick={p.onClose}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white transition-colors hover:bg-white/15 [--focus-ring:white]"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      <div
        role="log"
        aria-label="Mensajes del chat"
        className="flex flex-1 flex-col gap-2 overflow-y-auto overscroll-contain bg-muted p-4"
      >
        <div className={cn(bubble, "self-start rounded-tl-sm bg-card")}>
          <p>{TEXTS.welcome}</p>
          <p className="mt-1 text-xs text-muted-foreground">{p.header.agentName ?? p.businessName}</p>
        </div>
        {p.notice ? (
          <p
            role="status"
            className="self-center rounded-xl bg-card px-3 py-2 text-center text-xs text-muted-foreground"
          >
            {p.notice}
          </p>
        ) : null}
        {p.messages.map((m) =>
          m.sender === "admin" ? (
            <div key={m.id} className={cn(bubble, "self-start rounded-tl-sm bg-card")}>
              {m.imageUrl ? (
                <MessagePhoto url={m.imageUrl} label={`Foto de ${m.agentName ?? p.businessName}`} />
              ) : null}
              {m.message ? <MessageText text={m.message} linkClassName="text-chat-strong" /> : null}
              <p className="mt-1 text-xs text-muted-foreground">
                {m.agentName ?? p.businessName} · {formatMessageTime(m.timestamp, p.timeZone)}
              </p>
            </div>
          ) : (
            <div key={m.id} className={cn(bubble, "self-end rounded-tr-sm bg-chat-strong text-white")}>
              {m.imageUrl ? <MessagePhoto url={m.imageUrl} label="Tu foto" /> : null}
              {m.message ? <MessageText text={m.message} /> : null}
              <p className="mt-1 flex items-center justify-end gap-1 text-xs text-white/85">
                {formatMessageTime(m.timestamp, p.timeZone)}{" "}
                <CheckCircle2 aria-label="Enviado" className="size-3.5" />
              </p>
            </div>
          ),
        )}
        {p.outbox.map((o) => (
          <div key={o.clientMessageId} className="flex max-w-[85%] flex-col items-end gap-1 self-end">
            <div
              className={cn(
                bubble,
                "rounded-tr-sm bg-chat-strong text-white",
                o.status === "failed" && "opacity-70",
              )}
            >
              {o.photo ? <OutboxPhoto file={o.photo} /> : <MessageText text={o.message} />}
              {o.status === "sending" ? (
                <p className="mt-1 flex items-center justify-end gap-1 text-xs text-white/85">
                  <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> Enviando...
                </p>
              ) : null}
            </div>
            {o.status === "failed" ? (
              <div role="alert" className="flex items-center gap-2 text-xs text-destructive">
                <AlertCircle aria-hidden="true" className="size-3.5 shrink-0" />
                <span>{o.error ?? TEXTS.sendFailed}</span>
                <button
                  type="button"
                  onClick={() => p.onRetry(o.clientMessageId)}
                  className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-semibold underline underline-offset-2 hover:bg-destructive/10"
                >
                  <RotateCw aria-hidden="true" className="size-3.5" /> Reintentar
                </button>
              </div>
            ) : null}
          </div>
        ))}
        {p.aside}
        {p.resolved ? (
          <p className="self-center rounded-full bg-card px-3 py-1 text-center text-xs text-muted-foreground">
            Conversación resuelta. Escríbenos si necesitas algo más.
          </p>
        ) : null}
        <div ref={end} aria-live="polite" className="min-h-5 text-xs text-muted-foreground italic">
          {p.typingName ? `${p.typingName} está escribiendo` : ""}
        </div>
      </div>

      <form
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
          {error ??
            (over
              ? TEXTS.tooLong
              : p.draft.length > MAX_MESSAGE_LENGTH - 100
                ? `${p.draft.trim().length}/${MAX_MESSAGE_LENGTH}`
                : "")}
        </p>
      </form>
    </section>
  );
}

/** A photo waiting to go, shown from the picked file itself. */
function OutboxPhoto({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? (
    <img src={url} alt="Tu foto" className="max-h-60 w-auto max-w-full rounded-lg object-contain" />
  ) : null;
}
