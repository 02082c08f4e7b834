import { useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { type ChatMessageView, conversationDisplayName, notificationPreview } from "~/lib/chat";
import { useEventStream } from "~/lib/event-stream";
import { notify } from "~/lib/toast";
import type { InboxData } from "./types";
import { useNotificationSound } from "./use-notification-sound";

type Known = Pick<InboxData, "conversations" | "agents" | "agent">;

/**
 * The inbox live (docs/product.md §3.3): every chat change on the staff stream reloads the page's
 * data (a burst of events reloads once), and a visitor's message raises 'Nuevo Mensaje' with a
 * sound — except for agents other than the assigned one while that one is online.
 */
export function useInboxStream(since: number | null, known: Known) {
  const revalidator = useRevalidator();
  const latest = useRef(known);
  latest.current = known;
  const announce = useAnnounce(latest);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => revalidator.revalidate(), 120);
  };
  const down = useRef(false);
  useEventStream({
    url: "/events/staff",
    types: ["chat.message", "chat.client", "chat.agent"],
    since,
    onEvent: (e) => {
      const message = (e.payload as { message?: ChatMessageView }).message;
      if (e.type === "chat.message" && message?.sender === "client") announce(message);
      refresh();
    },
    onReset: refresh,
    onStatus: (connected) => {
      if (connected && down.current) refresh();
      down.current = !connected;
    },
  });
}

function useAnnounce(latest: { current: Known }) {
  const navigate = useNavigate();
  const playSound = useNotificationSound();
  return (m: ChatMessageView) => {
    const { conversations: list, agents: all, agent: me } = latest.current;
    const known = list?.find((c) => c.clientId === m.clientId);
    const assigned = known?.assignment?.agentId;
    const elsewhere =
      assigned && assigned !== me?.id && all?.find((a) => a.id === assigned)?.presence === "online";
    if (elsewhere) return;
    const preview = notificationPreview(m.message, m.imageUrl);
    notify({
      title: "Nuevo Mensaje",
      // The message itself, with the visitor's name once they have one (not the client id).
      description:
        known && conversationDisplayName(known) !== known.clientId
          ? `${conversationDisplayName(known)}: ${preview}`
          : preview,
      action: { label: "Ver", onClick: () => navigate(`/admin/chat?c=${encodeURIComponent(m.clientId)}`) },
    });
    playSound();
  };
}
