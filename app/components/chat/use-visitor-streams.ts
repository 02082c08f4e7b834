import { useCallback, useRef } from "react";
import type { ChatMessageView, PresenceView, TypingSignal, VisitorConversationState } from "~/lib/chat";
import { useEventStream } from "~/lib/event-stream";
import { ApiError, fetchPresence, fetchSnapshot, PRESENCE_STREAM_URL, streamUrl } from "./visitor-api";

export type VisitorStreamHandlers = {
  /** Messages from the stream (`live`) or from a catch-up read. */
  onMessages: (messages: ChatMessageView[], live: boolean) => void;
  onState: (state: VisitorConversationState) => void;
  onPresence: (presence: PresenceView) => void;
  /** Staff typing (a live signal, never stored). */
  onTyping: (signal: TypingSignal) => void;
  /** The conversation is gone (404, deleted by staff) or the secret no longer opens it (403). */
  onGone: (newIdentity: boolean) => void;
  /** The stream is back: retry what failed for want of a network. */
  onReconnect: () => void;
};

/**
 * The widget's live connection (ADR 0003). With a conversation: its own stream, and whenever it
 * (re)connects the whole conversation is read again, so nothing missed while offline, asleep or
 * during a restart is lost. Without one, while the panel is open: the public presence stream.
 */
export function useVisitorStreams(
  conversation: { clientId: string; secret: string } | null,
  open: boolean,
  on: VisitorStreamHandlers,
) {
  const loaded = useRef(false);
  const sync = useCallback(async () => {
    if (!conversation) return;
    try {
      const snap = await fetchSnapshot(conversation.clientId, conversation.secret);
      on.onMessages(snap.messages, loaded.current);
      loaded.current = true;
      on.onState(snap.state);
      on.onPresence(snap.presence);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) on.onGone(e.status === 403);
    }
  }, [conversation, on]);

  const disconnectCheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEventStream({
    url: conversation ? streamUrl(conversation.clientId, conversation.secret) : "",
    enabled: !!conversation,
    stream: "visitor",
    onEvent: (e) => {
      if (e.type === "chat.message") {
        on.onMessages([e.payload.message], true);
        if (e.payload.state) on.onState(e.payload.state);
      } else if (e.type === "chat.state") on.onState(e.payload);
      else if (e.type === "chat.presence") on.onPresence(e.payload);
      else if (e.type === "chat.deleted") on.onGone(false);
      else if (e.type === "chat.typing") on.onTyping(e.payload);
    },
    onReset: () => void sync(),
    onStatus: (connected) => {
      if (disconnectCheck.current) clearTimeout(disconnectCheck.current);
      if (connected) {
        void sync();
        on.onReconnect();
      } else {
        // A refused stream (conversation deleted, secret invalid) looks like a network error.
        disconnectCheck.current = setTimeout(() => void sync(), 3000);
      }
    },
  });

  const readPresence = () => void fetchPresence().then(on.onPresence, () => {});
  useEventStream({
    url: PRESENCE_STREAM_URL,
    enabled: open && !conversation,
    stream: "presence",
    onEvent: (e) => on.onPresence(e.payload),
    onReset: readPresence,
    onStatus: (connected) => connected && readPresence(),
  });
}
