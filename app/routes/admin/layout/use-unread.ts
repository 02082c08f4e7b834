import { useCallback, useEffect, useRef, useState } from "react";
import { href } from "react-router";
import { CHAT_URLS } from "~/lib/chat-api";
import { useEventStream } from "~/lib/event-stream";

/**
 * The unread visitor messages of open conversations, live: any chat change on the staff stream
 * reads the count again (a burst of messages reads it once). The same stream tells `onAgent`
 * which agent's status or presence changed (the header's own status, issue 41): one stream a page.
 */
export function useUnreadCount(
  initial: number,
  since: number | null,
  onAgent?: (agentId: string) => void,
): number {
  const [count, setCount] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setCount(initial), [initial]);
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(async () => {
      timer.current = null;
      try {
        const res = await fetch(href("/api/staff/unread"), { headers: { Accept: "application/json" } });
        if (res.ok) setCount(((await res.json()) as { unread: number }).unread);
      } catch {
        // Offline: the stream's reconnect reads it again.
      }
    }, 300);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEventStream({
    url: CHAT_URLS.staffStream,
    stream: "staff",
    types: ["chat.message", "chat.client", "chat.agent"],
    since,
    onEvent: (e) => (e.type === "chat.agent" ? onAgent?.(e.payload.id) : refresh()),
    onReset: refresh,
    onStatus: (connected) => connected && refresh(),
  });
  return count;
}
