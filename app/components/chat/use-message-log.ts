import { useCallback, useRef, useState } from "react";
import type { ChatMessageView } from "~/lib/chat";

const byTime = (a: ChatMessageView, b: ChatMessageView) =>
  a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : 1;

/**
 * The conversation's messages, merged by id whatever the order and the source (the live stream,
 * a catch-up read, the answer to a send): each one shows once, in time order. `add` answers the
 * messages that were new.
 */
export function useMessageLog() {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const known = useRef(new Set<string>());

  const add = useCallback((incoming: ChatMessageView[]): ChatMessageView[] => {
    const fresh = incoming.filter((m) => !known.current.has(m.id));
    if (fresh.length === 0) return fresh;
    for (const m of fresh) known.current.add(m.id);
    setMessages((prev) => [...prev, ...fresh].sort(byTime));
    return fresh;
  }, []);

  const clear = useCallback(() => {
    known.current = new Set();
    setMessages([]);
  }, []);

  return { messages, add, clear };
}
