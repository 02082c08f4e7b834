import { ArrowLeft, MessageCircle, Send, UserRoundCog } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { MessagePhoto } from "~/components/chat/message-photo";
import { MessageText } from "~/components/chat/message-text";
import { PhotoPickButton } from "~/components/chat/photo-pick-button";
import { prepareChatPhoto } from "~/components/chat/prepare-photo";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  type ChatMessageView,
  conversationDisplayName,
  displayName,
  generateMessageId,
  MAX_MESSAGE_LENGTH,
  replyArrived,
} from "~/lib/chat";
import { CHAT_INTENT } from "~/lib/chat-forms";
import { formatMessageTime } from "~/lib/dates";
import { waMeHref } from "~/lib/phone";
import { notifyError } from "~/lib/toast";
import { ManageMenu } from "./manage-menu";
import { SavedRepliesPicker, type SavedReplyOption, useSlashReplies } from "./saved-replies";
import type { ChatActionData, Conversation } from "./types";
import { useStaffTyping } from "./use-staff-typing";

type Props = {
  conv: Conversation;
  messages: ChatMessageView[] | null;
  timeZone?: string;
  canManage: boolean;
  onOpenAssignment: () => void;
  savedReplies?: SavedReplyOption[];
  canManageReplies?: boolean;
};

/** One conversation (docs/product.md §3.3): header, messages scrolled to the newest, the reply box. */
export function ConversationView({
  conv,
  messages,
  timeZone,
  canManage,
  onOpenAssignment,
  savedReplies = [],
  canManageReplies = false,
}: Props) {
  const fetcher = useFetcher<ChatActionData>();
  const [draft, setDraft] = useState("");
  const sentText = useRef("");
  const end = useRef<HTMLDivElement>(null);
  const typing = useStaffTyping(conv.clientId);
  const name = displayName(conv);
  const photoFetcher = useFetcher<ChatActionData>();
  const [preparing, setPreparing] = useState(false);
  // Ids in the log when the reply left: the stored reply is the first new one with its text.
  const knownIds = useRef<ReadonlySet<string>>(new Set());
  const sending = fetcher.state !== "idle" ? String(fetcher.formData?.get("message") ?? "") : "";
  const pending = sending && !replyArrived(messages, knownIds.current, sending) ? sending : "";
  const sendingPhoto = preparing || photoFetcher.state !== "idle";

  useEffect(() => {
    if (photoFetcher.state !== "idle" || !photoFetcher.data || photoFetcher.data.ok) return;
    notifyError(photoFetcher.data.message?.description ?? "No se pudo enviar la foto.");
  }, [photoFetcher.state, photoFetcher.data]);

  const sendPhoto = async (file: File) => {
    if (!canManage) return;
    setPreparing(true);
    const ready = await prepareChatPhoto(file);
    setPreparing(false);
    if (!ready.ok) return notifyError(ready.error);
    const form = new FormData();
    form.set("intent", CHAT_INTENT.photo);
    form.set("clientId", conv.clientId);
    form.set("clientMessageId", generateMessageId());
    form.set("message", "");
    form.set("image", ready.file, ready.file.name);
    photoFetcher.submit(form, {
      method: "post",
      action: href("/admin/chat"),
      encType: "multipart/form-data",
    });
  };
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const insertReply = (text: string, replace: boolean) => {
    setDraft((d) => (replace || !d.trim() ? text : `${d.trimEnd()} ${text}`));
    replyBox.current?.focus();
  };
  const slash = useSlashReplies({
    draft,
    replies: savedReplies,
    name: conversationDisplayName(conv),
    onInsert: (text) => insertReply(text, true),
  });

  // A failed reply is not lost: the text goes back into the box.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    notifyError(fetcher.data.message?.description ?? "No se pudo enviar la respuesta.");
    setDraft((d) => d || sentText.current);
  }, [fetcher.state, fetcher.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages?.length, pending, conv.clientId]);

  const send = () => {
    const text = draft.trim();
    if (!text || !canManage) return;
    sentText.current = text;
    knownIds.current = new Set((messages ?? []).map((m) => m.id));
    typing.sent();
    fetcher.submit(
      { intent: CHAT_INTENT.reply, clientId: conv.clientId, message: text },
      { method: "post", action: href("/admin/chat") },
    );
    setDraft("");
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b bg-card px-3 py-2 sm:px-4">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to="/admin/chat" aria-label="Volver a conversaciones">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{name}</h2>
          {name !== conv.clientId ? (
            <p className="truncate text-xs text-muted-foreground">
              {[conv.contactPhone, conv.contactEmail, conv.clientId].filter(Boolean).join(" · ")}
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">
            Estado: {conv.status === "resolved" ? "Resuelta" : "Abierta"}
          </p>
        </div>
        {conv.contactPhone ? (
          <Button asChild variant="outline" size="sm">
            <a href={waMeHref(conv.contactPhone)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              <span className="max-sm:sr-only">Continuar por WhatsApp</span>
            </a>
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="icon"
          className="xl:hidden"
          aria-label="Asignación"
          onClick={onOpenAssignment}
        >
          <UserRoundCog aria-hidden="true" />
        </Button>
        <ManageMenu conv={conv} canManage={canManage} />
      </div>

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
          <div
            key={m.id}
            className={cn(
              "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[70%]",
              m.sender === "admin"
                ? "self-end rounded-tr-sm bg-chat-strong text-white"
                : "self-start rounded-tl-sm bg-card",
            )}
          >
            {m.imageUrl ? (
              <MessagePhoto
                url={m.imageUrl}
                label={m.sender === "admin" ? `Foto de ${m.agentName ?? "Equipo"}` : `Foto de ${name}`}
              />
            ) : null}
            {m.message ? (
              <MessageText
                text={m.message}
                linkClassName={m.sender === "admin" ? undefined : "text-chat-strong"}
              />
            ) : null}
            <p
              className={cn("mt-1 text-xs", m.sender === "admin" ? "text-white/85" : "text-muted-foreground")}
            >
              {m.sender === "admin" ? `${m.agentName ?? "Equipo"} · ` : ""}
              {formatMessageTime(m.timestamp, timeZone)}
            </p>
          </div>
        ))}
        {pending ? (
          <div className="max-w-[85%] self-end rounded-2xl rounded-tr-sm bg-chat-strong px-3 py-2 text-sm text-white opacity-70 shadow-sm sm:max-w-[70%]">
            <MessageText text={pending} />
            <p className="mt-1 text-xs text-white/85">Enviando...</p>
          </div>
        ) : null}
        <div ref={end} />
      </div>

      <form
        className="relative flex shrink-0 items-end gap-2 border-t bg-card p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <PhotoPickButton busy={sendingPhoto} disabled={!canManage} onPick={(file) => void sendPhoto(file)} />
        {slash.list}
        <SavedRepliesPicker
          replies={savedReplies}
          name={conversationDisplayName(conv)}
          canManage={canManageReplies}
          disabled={!canManage}
          onInsert={(text) => insertReply(text, false)}
        />
        <textarea
          ref={replyBox}
          {...slash.inputProps}
          value={draft}
          rows={1}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-label="Respuesta"
          placeholder="Escribe tu respuesta..."
          disabled={!canManage}
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value.trim()) typing.keystroke();
          }}
          onKeyDown={(e) => {
            if (slash.onKeyDown(e)) return;
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-input bg-card px-3 py-2.5 text-base [field-sizing:content] placeholder:text-muted-foreground focus-visible:border-primary md:text-sm"
        />
        <Button
          type="submit"
          disabled={!canManage || !draft.trim()}
          className="bg-chat-strong hover:bg-chat-strong/90"
        >
          <Send aria-hidden="true" /> Enviar
        </Button>
      </form>
    </div>
  );
}
