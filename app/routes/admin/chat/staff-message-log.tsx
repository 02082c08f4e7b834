import { Lock } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { MessagePhoto } from "~/components/chat/message-photo";
import { MessageText } from "~/components/chat/message-text";
import { cn } from "~/components/ui/cn";
import type { ChatMessageView } from "~/lib/chat";
import { formatMessageTime } from "~/lib/dates";
import { OrderMentionText } from "./order-card";

type RenderText = (text: string) => ReactNode;

/** The conversation's messages as staff read them, scrolled to the newest, with the reply still going. */
export function StaffMessageLog({
  clientId,
  name,
  messages,
  pending,
  typing,
  timeZone,
  orderLinks,
}: {
  clientId: string;
  name: string;
  messages: ChatMessageView[] | null;
  pending: string;
  typing: boolean;
  timeZone?: string;
  /** The orders the messages name (key → tracking number): links to their cards (issue 41). */
  orderLinks?: Readonly<Record<string, string>> | null;
}) {
  const end = useRef<HTMLDivElement>(null);
  const renderText: RenderText | undefined =
    orderLinks && Object.keys(orderLinks).length > 0
      ? (text) => <OrderMentionText text={text} links={orderLinks} />
      : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages?.length, pending, clientId, typing]);
  return (
    <div
      role="log"
      aria-label={`Mensajes con ${name}`}
      className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto bg-muted p-3 sm:p-4"
    >
      {messages === null ? (
        <p role="alert" className="text-sm text-destructive">
          No se pudieron cargar los mensajes.
        </p>
      ) : null}
      {(messages ?? []).map((m) => (
        <StaffMessage key={m.id} m={m} name={name} timeZone={timeZone} renderText={renderText} />
      ))}
      {pending ? (
        <div className="max-w-[85%] self-end rounded-2xl rounded-tr-sm bg-chat-strong px-3 py-2 text-sm text-white opacity-70 shadow-sm sm:max-w-[70%]">
          <MessageText text={pending} />
          <p className="mt-1 text-xs text-white/85">Enviando...</p>
        </div>
      ) : null}
      <div ref={end} aria-live="polite" className="min-h-5 text-xs text-muted-foreground italic">
        {typing ? `${name} está escribiendo` : ""}
      </div>
    </div>
  );
}

function StaffMessage({
  m,
  name,
  timeZone,
  renderText,
}: {
  m: ChatMessageView;
  name: string;
  timeZone?: string;
  renderText?: RenderText;
}) {
  if (m.sender === "note") return <NoteBubble m={m} timeZone={timeZone} renderText={renderText} />;
  const staff = m.sender === "admin";
  return (
    <div
      className={cn(
        "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[70%]",
        staff ? "self-end rounded-tr-sm bg-chat-strong text-white" : "self-start rounded-tl-sm bg-card",
      )}
    >
      {m.imageUrl ? (
        <MessagePhoto
          url={m.imageUrl}
          label={staff ? `Foto de ${m.agentName ?? "Equipo"}` : `Foto de ${name}`}
        />
      ) : null}
      {m.message ? (
        <MessageText
          text={m.message}
          linkClassName={staff ? undefined : "text-chat-strong"}
          renderText={renderText}
        />
      ) : null}
      <p className={cn("mt-1 text-xs", staff ? "text-white/85" : "text-muted-foreground")}>
        {staff ? `${m.agentName ?? "Equipo"} · ` : ""}
        {formatMessageTime(m.timestamp, timeZone)}
      </p>
    </div>
  );
}

/** A private note: marked as such, in its own colour, never seen by the visitor. */
function NoteBubble({
  m,
  timeZone,
  renderText,
}: {
  m: ChatMessageView;
  timeZone?: string;
  renderText?: RenderText;
}) {
  return (
    <div className="max-w-[85%] self-end rounded-2xl rounded-tr-sm border border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-sm sm:max-w-[70%]">
      <p className="mb-1 flex items-center gap-1 text-xs font-semibold">
        <Lock aria-hidden="true" className="size-3.5" /> Nota privada (solo el equipo)
      </p>
      <MessageText text={m.message} linkClassName="text-amber-950" renderText={renderText} />
      <p className="mt-1 text-xs text-amber-900">
        {m.agentName ?? "Equipo"} · {formatMessageTime(m.timestamp, timeZone)}
      </p>
    </div>
  );
}
