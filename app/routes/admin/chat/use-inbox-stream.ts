import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import {
  type ChatMessageView,
  conversationDisplayName,
  notificationPreview,
  TYPING_STALE_MS,
  type TypingSignal,
} from "~/lib/chat";
import { CHAT_URLS } from "~/lib/chat-api";
import { useEventStream } from "~/lib/event-stream";
import { notify } from "~/lib/toast";
import type { InboxData } from "./types";
import { useNotificationSound } from "./use-notification-sound";

type Known = Pick<InboxData, "conversations" | "agents" | "agent"> & { selected: string | null };

/**
 * The inbox live (docs/product.md §3.3): every chat change on the staff stream reloads the page's
 * data (a burst of events reloads once); a visitor's message raises 'Nuevo Mensaje' with a sound,
 * except in the conversation already open and visible, and for agents other than the assigned
 * one while that one is online. Answers which visitors are typing (live signals, never stored).
 */
export function useInboxStream(since: number | null, known: Known): ReadonlySet<string> {
  const revalidator = useRevalidator();
  const latest = useRef(known);
  latest.current = known;
  const announce = useAnnounce(latest);
  const typing = useTypingSet();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => revalidator.revalidate(), 120);
  };
  const down = useRef(false);
  useEventStream({
    url: CHAT_URLS.staffStream,
    stream: "staff",
    types: ["chat.message", "chat.client", "chat.agent", "chat.contact", "chat.typing", "chat.visit"],
    since,
    onEvent: (e) => {
      if (e.type === "chat.typing") return typing.signal(e.payload);
      // A page a visitor opened matters only to the conversation open here ('Visitante', issue 41).
      if (e.type === "chat.visit") {
        if (e.payload.clientId === latest.current.selected) refresh();
        return;
      }
      if (e.type === "chat.message" && e.payload.message.sender === "client") {
        const { message, name } = e.payload;
        typing.signal({ clientId: message.clientId, typing: false, name: null });
        announce(message, name ?? null);
      }
      refresh();
    },
    onReset: refresh,
    onStatus: (connected) => {
      if (connected && down.current) refresh();
      down.current = !connected;
    },
  });
  return typing.ids;
}

/** Visitors typing now: a signal holds for TYPING_STALE_MS unless refreshed or stopped. */
function useTypingSet() {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const set = (clientId: string, on: boolean) =>
    setIds((prev) => {
      if (prev.has(clientId) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(clientId);
      else next.delete(clientId);
      return next;
    });
  const signal = ({ clientId, typing }: TypingSignal) => {
    clearTimeout(timers.current.get(clientId));
    set(clientId, typing);
    if (typing)
      timers.current.set(
        clientId,
        setTimeout(() => set(clientId, false), TYPING_STALE_MS),
      );
  };
  return { ids, signal };
}

function useAnnounce(latest: { current: Known }) {
  const navigate = useNavigate();
  const playSound = useNotificationSound();
  return (m: ChatMessageView, sentName: string | null) => {
    const { conversations: list, agents: all, agent: me, selected } = latest.current;
    // The person is reading this conversation: the message is in front of them already.
    if (m.clientId === selected && document.visibilityState === "visible") return;
    const known = list?.find((c) => c.clientId === m.clientId);
    const assigned = known?.assignment?.agentId;
    const elsewhere =
      assigned && assigned !== me?.id && all?.find((a) => a.id === assigned)?.presence === "online";
    if (elsewhere) return;
    const preview = notificationPreview(m.message, m.imageUrl);
    // The visitor's name (their contact's, or 'Visitante N'), from the list or the event itself.
    const name = known ? conversationDisplayName(known) : sentName;
    notify({
      title: "Nuevo Mensaje",
      description: name ? `${name}: ${preview}` : preview,
      action: {
        label: "Ver",
        onClick: () => navigate(`${CHAT_URLS.inbox}?c=${encodeURIComponent(m.clientId)}`),
      },
    });
    playSound();
  };
}
