import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ChatMessageView,
  MAX_MESSAGE_LENGTH,
  NEW_CONVERSATION_AFTER_MS,
  notificationPreview,
  type PresenceView,
  TEXTS,
  TYPING_REFRESH_MS,
  TYPING_STALE_MS,
  type TypingSignal,
  type VisitorConversationState,
} from "~/lib/chat";
import { notify } from "~/lib/toast";
import { type ChatIdentity, useChatIdentity } from "./use-chat-identity";
import { useMessageLog } from "./use-message-log";
import { useOutbox } from "./use-outbox";
import { usePageReport } from "./use-page-report";
import { useVisitorStreams } from "./use-visitor-streams";
import { postTyping } from "./visitor-api";

export type { OutboxView } from "./use-outbox";

/**
 * The visitor's conversation (docs/product.md §2.10, §4.3): identity, messages, outbox and the
 * live connection, put together for the widget.
 */
export function useVisitorChat({ open, businessName }: { open: boolean; businessName: string }) {
  const identity = useChatIdentity();
  const log = useMessageLog();
  const [state, setState] = useState<VisitorConversationState | null>(null);
  const [presence, setPresence] = useState<PresenceView | null>(null);
  const alert = useVisitorAlert(open, businessName);
  const outbox = useOutbox(identity, (m) => receive([m], false));
  const typing = useStaffTypingLine(businessName);

  function receive(incoming: ChatMessageView[], live: boolean) {
    const fresh = log.add(incoming);
    if (fresh.some((m) => m.sender === "admin")) typing.clear();
    outbox.confirm(new Set(fresh.flatMap((m) => (m.clientMessageId ? [m.clientMessageId] : []))));
    if (live) for (const m of fresh) if (m.sender === "admin") alert(m);
  }

  const { clientId = null, secret = null } = identity.stored ?? {};
  useVisitorStreams(clientId && secret ? { clientId, secret } : null, open, {
    onMessages: receive,
    onState: setState,
    onPresence: setPresence,
    onTyping: typing.signal,
    onGone: (newIdentity) => {
      identity.reset(newIdentity);
      log.clear();
      setState(null);
    },
    onReconnect: outbox.resendFailed,
  });
  useSendLeftovers(outbox.flush, outbox.resendFailed);
  usePageReport(clientId && secret ? { clientId, secret } : null);

  /** Long after a resolution the next message starts a new conversation (same contact, ADR 0020). */
  const startAgainIfClosed = () => {
    if (state?.status !== "resolved" || !state.resolvedAt) return;
    if (Date.now() - Date.parse(state.resolvedAt) < NEW_CONVERSATION_AFTER_MS) return;
    identity.reset(true);
    log.clear();
    setState(null);
  };

  const send = (text: string): string | null => {
    const message = text.trim();
    if (!message) return TEXTS.empty;
    if (message.length > MAX_MESSAGE_LENGTH) return TEXTS.tooLong;
    startAgainIfClosed();
    if (!secret && "Notification" in window && Notification.permission === "default") {
      Notification.requestPermission().catch(() => {});
    }
    outbox.enqueue(message);
    return null;
  };

  return {
    messages: log.messages,
    outbox: outbox.outbox,
    state,
    presence,
    typingName: typing.name,
    /** The visitor typed: staff see it live (throttled; only once there is a conversation). */
    typed: useVisitorTypingSignal(clientId && secret ? { clientId, secret } : null),
    unread: useUnseen(open, log.messages, identity),
    send,
    /** A photo (already checked and resized in the browser) and its caption through the same outbox as text. */
    sendPhoto: (photo: File, caption = "") => {
      startAgainIfClosed();
      outbox.enqueue(caption.trim(), photo);
    },
    retry: outbox.retry,
    clientId,
    secret,
  };
}

/** Messages left from the last page view go out now; a returning network retries failed ones. */
function useSendLeftovers(flush: () => Promise<void>, resendFailed: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount
  useEffect(() => {
    void flush();
    window.addEventListener("online", resendFailed);
    return () => window.removeEventListener("online", resendFailed);
  }, []);
}

/** A staff message while the panel is closed or the page hidden: a notification, else a toast. */
function useVisitorAlert(open: boolean, businessName: string) {
  // Read when a message arrives, which may be inside a send that began before the panel changed.
  const openRef = useRef(open);
  openRef.current = open;
  return useCallback(
    (m: ChatMessageView) => {
      const open = openRef.current;
      if (open && document.visibilityState === "visible") return;
      const title = m.agentName ?? businessName;
      const body = notificationPreview(m.message, m.imageUrl);
      try {
        if ("Notification" in window && Notification.permission === "granted") {
          new Notification(title, { body, tag: `mm-chat-${m.id}` });
          return;
        }
      } catch {
        // Phones only notify through a service worker: fall back to the in-page toast.
      }
      if (!open) notify({ title, description: body });
    },
    [businessName],
  );
}

/** '{agent} está escribiendo' while staff keep typing; a signal not refreshed fades by itself. */
function useStaffTypingLine(businessName: string) {
  const [name, setName] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setName(null);
  }, []);
  const signal = useCallback(
    (s: TypingSignal) => {
      if (timer.current) clearTimeout(timer.current);
      setName(s.typing ? (s.name ?? businessName) : null);
      if (s.typing) timer.current = setTimeout(() => setName(null), TYPING_STALE_MS);
    },
    [businessName],
  );
  return { name, signal, clear };
}

/** Sends 'typing' at most every TYPING_REFRESH_MS while the visitor types (lost signals do not matter). */
function useVisitorTypingSignal(conversation: { clientId: string; secret: string } | null) {
  const last = useRef(0);
  return () => {
    if (!conversation || Date.now() - last.current < TYPING_REFRESH_MS) return;
    last.current = Date.now();
    void postTyping(conversation.clientId, conversation.secret).catch(() => {});
  };
}

/** Staff messages not seen with the panel open (the badge); opening the panel marks them seen. */
function useUnseen(open: boolean, messages: ChatMessageView[], identity: ChatIdentity) {
  const latestStaff = messages.findLast((m) => m.sender === "admin")?.timestamp ?? null;
  const seenAt = identity.stored?.seenAt ?? null;
  const { save, current } = identity;
  useEffect(() => {
    if (open && latestStaff && (!seenAt || latestStaff > seenAt)) save({ ...current(), seenAt: latestStaff });
  }, [open, latestStaff, seenAt, save, current]);
  if (open) return 0;
  return messages.filter((m) => m.sender === "admin" && (!seenAt || m.timestamp > seenAt)).length;
}
