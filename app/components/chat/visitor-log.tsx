import { AlertCircle, CheckCircle2, Loader2, RotateCw } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { cn } from "~/components/ui/cn";
import { type ChatMessageView, TEXTS } from "~/lib/chat";
import { formatMessageTime } from "~/lib/dates";
import { MessagePhoto } from "./message-photo";
import { MessageText } from "./message-text";
import { useObjectUrl } from "./photo-draft";
import { useStickToBottom } from "./use-stick-to-bottom";
import type { OutboxView } from "./use-visitor-chat";

const bubble = "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm";

export type VisitorLogProps = {
  agentName: string | null;
  businessName: string;
  messages: ChatMessageView[];
  outbox: OutboxView[];
  typingName: string | null;
  resolved: boolean;
  notice: string | null;
  aside?: ReactNode;
  /** After the 'resolved' line: '¿Cómo te atendimos?' (rating-question.tsx). */
  rating?: ReactNode;
  onRetry: (clientMessageId: string) => void;
  /** The zone message times are shown in: the visitor's own once the browser says it. */
  timeZone?: string;
  /** Changes whenever the panel's height does (the phone keyboard): the newest stays in view. */
  height?: number;
};

/** The conversation as the visitor reads it: welcome, messages, unsent ones, typing line. */
export function VisitorLog(p: VisitorLogProps) {
  // Opened, or history arriving late, or photos loading: the newest message stays in view (issue 41).
  const { scroller, content, pin, follow } = useStickToBottom();
  const count = p.messages.length + p.outbox.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow whenever the content or the keyboard changes
  useLayoutEffect(follow, [count, p.typingName, p.height]);
  // What the visitor just sent is shown even when they had scrolled up.
  const sent = useRef(p.outbox.length);
  useLayoutEffect(() => {
    if (p.outbox.length > sent.current) pin();
    sent.current = p.outbox.length;
  }, [p.outbox.length, pin]);
  const from = p.agentName ?? p.businessName;
  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Mensajes del chat"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-muted [overflow-anchor:none]"
    >
      <div ref={content} className="flex flex-col gap-2 p-4">
        <div className={cn(bubble, "self-start rounded-tl-sm bg-card")}>
          <p>{TEXTS.welcome}</p>
          <p className="mt-1 text-xs text-muted-foreground">{from}</p>
        </div>
        {p.notice ? (
          <p
            role="status"
            className="self-center rounded-xl bg-card px-3 py-2 text-center text-xs text-muted-foreground"
          >
            {p.notice}
          </p>
        ) : null}
        {p.messages.map((m) => (
          <LoggedMessage key={m.id} m={m} businessName={p.businessName} timeZone={p.timeZone} />
        ))}
        {p.outbox.map((o) => (
          <OutboxBubble key={o.clientMessageId} o={o} onRetry={p.onRetry} />
        ))}
        {p.aside}
        {p.resolved ? (
          <p className="self-center rounded-full bg-card px-3 py-1 text-center text-xs text-muted-foreground">
            Conversación resuelta. Escríbenos si necesitas algo más.
          </p>
        ) : null}
        {p.resolved ? p.rating : null}
        <div aria-live="polite" className="min-h-5 text-xs text-muted-foreground italic">
          {p.typingName ? `${p.typingName} está escribiendo` : ""}
        </div>
      </div>
    </div>
  );
}

function LoggedMessage({
  m,
  businessName,
  timeZone,
}: {
  m: ChatMessageView;
  businessName: string;
  timeZone?: string;
}) {
  if (m.sender === "admin") {
    return (
      <div className={cn(bubble, "self-start rounded-tl-sm bg-card")}>
        {m.imageUrl ? (
          <MessagePhoto url={m.imageUrl} label={`Foto de ${m.agentName ?? businessName}`} />
        ) : null}
        {m.message ? <MessageText text={m.message} linkClassName="text-chat-strong" /> : null}
        <p className="mt-1 text-xs text-muted-foreground">
          {m.agentName ?? businessName} · {formatMessageTime(m.timestamp, timeZone)}
        </p>
      </div>
    );
  }
  return (
    <div className={cn(bubble, "self-end rounded-tr-sm bg-chat-strong text-white")}>
      {m.imageUrl ? <MessagePhoto url={m.imageUrl} label="Tu foto" /> : null}
      {m.message ? <MessageText text={m.message} /> : null}
      <p className="mt-1 flex items-center justify-end gap-1 text-xs text-white/85">
        {formatMessageTime(m.timestamp, timeZone)} <CheckCircle2 aria-label="Enviado" className="size-3.5" />
      </p>
    </div>
  );
}

/** A message still going (or failed, with its reason and a retry). */
function OutboxBubble({ o, onRetry }: { o: OutboxView; onRetry: (id: string) => void }) {
  return (
    <div className="flex max-w-[85%] flex-col items-end gap-1 self-end">
      <div
        className={cn(
          bubble,
          "rounded-tr-sm bg-chat-strong text-white",
          o.status === "failed" && "opacity-70",
        )}
      >
        {o.photo ? <OutboxPhoto file={o.photo} /> : null}
        {o.message ? <MessageText text={o.message} /> : null}
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
            onClick={() => onRetry(o.clientMessageId)}
            className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 font-semibold underline underline-offset-2 hover:bg-destructive/10"
          >
            <RotateCw aria-hidden="true" className="size-3.5" /> Reintentar
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A photo waiting to go, shown from the picked file itself (an object URL, released after). */
function OutboxPhoto({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? (
    <img src={url} alt="Tu foto" className="max-h-60 w-auto max-w-full rounded-lg object-contain" />
  ) : null;
}
