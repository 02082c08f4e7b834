import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { CHAT_URLS, INBOX_INTENTS } from "~/lib/chat-api";
import type { Conversation } from "./types";

/** Whether the page is in front of the person (the browser tab is visible). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Opening a conversation (or a new message arriving while it is open) marks it read
 * (docs/product.md §4.3) — only while the tab is visible: a message nobody has seen stays unread.
 */
export function useMarkRead(conv: Conversation | null, visible: boolean) {
  const fetcher = useFetcher();
  const unread = conv?.unreadCount ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit is stable enough; keyed on the conversation
  useEffect(() => {
    if (!conv || unread === 0 || !visible || fetcher.state !== "idle") return;
    fetcher.submit(
      { intent: INBOX_INTENTS.read, clientId: conv.clientId },
      { method: "post", action: CHAT_URLS.inbox },
    );
  }, [conv?.clientId, unread, visible]);
}

/** The time now, moved on every `everyMs` (for 'hace …' and today's times in the list). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
