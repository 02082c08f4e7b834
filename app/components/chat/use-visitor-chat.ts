import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ChatMessageView,
  generateClientId,
  generateMessageId,
  MAX_MESSAGE_LENGTH,
  notificationPreview,
  type PresenceView,
  TEXTS,
  TYPING_STALE_MS,
  type VisitorConversationState,
} from "~/lib/chat";
import { type OutboxItem, readStoredChat, type StoredChat, writeStoredChat } from "~/lib/chat-storage";
import { useEventStream } from "~/lib/event-stream";
import { notify } from "~/lib/toast";
import {
  ApiError,
  fetchPresence,
  fetchSnapshot,
  PRESENCE_STREAM_URL,
  postMessage,
  streamUrl,
} from "./visitor-api";

export type OutboxView = OutboxItem & { status: "sending" | "failed"; error?: string; retryable?: boolean };

const VISITOR_EVENTS = ["chat.message", "chat.state", "chat.deleted", "chat.presence"];
const identityOf = (ref: { current: StoredChat | null }): StoredChat =>
  ref.current ?? { clientId: generateClientId(), secret: null, seenAt: null, outbox: [] };
const byTime = (a: ChatMessageView, b: ChatMessageView) =>
  a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : 1;

/**
 * The visitor's conversation (docs/product.md §2.10, §4.3). Messages go through an ordered outbox kept in
 * local storage (sent one at a time, each with its own id, so a retry is never stored twice).
 * Whenever the live stream (re)connects, the whole conversation is read again and merged by
 * message id: whatever was missed while offline, asleep or during a restart appears once.
 */
export function useVisitorChat({ open, businessName }: { open: boolean; businessName: string }) {
  const [stored, setStored] = useState<StoredChat | null>(() => readStoredChat());
  const storedRef = useRef(stored);
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const known = useRef(new Set<string>());
  const [outbox, setOutbox] = useState<OutboxView[]>(() =>
    (stored?.outbox ?? []).map((o) => ({ ...o, status: "sending" as const })),
  );
  const outboxRef = useRef(outbox);
  const [state, setState] = useState<VisitorConversationState | null>(null);
  const [presence, setPresence] = useState<PresenceView | null>(null);
  const [typingName, setTypingName] = useState<string | null>(null);
  const loaded = useRef(false);
  const openRef = useRef(open);
  openRef.current = open;

  const save = useCallback((next: StoredChat) => {
    storedRef.current = next;
    writeStoredChat(next);
    setStored(next);
  }, []);

  const updateOutbox = useCallback(
    (fn: (items: OutboxView[]) => OutboxView[]) => {
      const next = fn(outboxRef.current);
      outboxRef.current = next;
      setOutbox(next);
      const s = storedRef.current;
      // Photos stay in memory only: a reload loses an unsent photo, never a text.
      const plain = next
        .filter((o) => !o.photo)
        .map(({ clientMessageId, message, createdAt }) => ({ clientMessageId, message, createdAt }));
      if (s || plain.length) save({ ...identityOf(storedRef), outbox: plain });
    },
    [save],
  );

  const alert = useCallback(
    (m: ChatMessageView) => {
      if (openRef.current && document.visibilityState === "visible") return;
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
      if (!openRef.current) notify({ title, description: body });
    },
    [businessName],
  );

  const addMessages = useCallback(
    (incoming: ChatMessageView[], live: boolean) => {
      const fresh = incoming.filter((m) => !known.current.has(m.id));
      if (fresh.length === 0) return;
      for (const m of fresh) known.current.add(m.id);
      setMessages((prev) => [...prev, ...fresh].sort(byTime));
      const confirmed = new Set(fresh.map((m) => m.clientMessageId).filter(Boolean));
      if (confirmed.size) updateOutbox((items) => items.filter((o) => !confirmed.has(o.clientMessageId)));
      if (live) for (const m of fresh) if (m.sender === "admin") alert(m);
    },
    [alert, updateOutbox],
  );

  const forget = useCallback(
    (newIdentity: boolean) => {
      const s = identityOf(storedRef);
      save({ ...s, clientId: newIdentity ? generateClientId() : s.clientId, secret: null, seenAt: null });
      known.current = new Set();
      setMessages([]);
      setState(null);
    },
    [save],
  );

  const sync = useCallback(async () => {
    const s = storedRef.current;
    if (!s?.secret) return;
    try {
      const snap = await fetchSnapshot(s.clientId, s.secret);
      addMessages(snap.messages, loaded.current);
      loaded.current = true;
      setState(snap.state);
      setPresence(snap.presence);
    } catch (e) {
      // Deleted by staff: the next message starts afresh. A secret that no longer opens it: new id.
      if (e instanceof ApiError && e.status === 404) forget(false);
      else if (e instanceof ApiError && e.status === 403) forget(true);
    }
  }, [addMessages, forget]);

  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const item = outboxRef.current.find((o) => o.status === "sending");
        if (!item) break;
        const s = identityOf(storedRef);
        try {
          const r = await postMessage(
            {
              clientId: s.clientId,
              clientMessageId: item.clientMessageId,
              message: item.message,
              photo: item.photo,
            },
            s.secret,
          );
          if (r.secret) save({ ...identityOf(storedRef), clientId: s.clientId, secret: r.secret });
          addMessages([r.message], false);
        } catch (e) {
          const status = e instanceof ApiError ? e.status : 0;
          if (status === 403)
            save({ ...identityOf(storedRef), clientId: generateClientId(), secret: null, seenAt: null });
          const error =
            status === 429
              ? TEXTS.rateLimited
              : status === 400 && e instanceof ApiError
                ? e.message
                : TEXTS.sendFailed;
          const retryable = status === 0 || status >= 500;
          // Later messages wait behind this one, so the conversation keeps its order.
          updateOutbox((items) =>
            items.map((o) => (o.status === "sending" ? { ...o, status: "failed", error, retryable } : o)),
          );
          break;
        }
      }
    } finally {
      sending.current = false;
    }
  }, [addMessages, save, updateOutbox]);

  /** Failed sends that failed for want of a network go again once it is back. */
  const resendFailed = useCallback(() => {
    if (!outboxRef.current.some((o) => o.status === "failed" && o.retryable)) return;
    updateOutbox((items) =>
      items.map((o) => (o.status === "failed" && o.retryable ? { ...o, status: "sending" } : o)),
    );
    void flush();
  }, [flush, updateOutbox]);

  const disconnectCheck = useRef<ReturnType<typeof setTimeout> | null>(null);
  const secret = stored?.secret ?? null;
  const clientId = stored?.clientId ?? null;
  useEventStream({
    url: clientId && secret ? streamUrl(clientId, secret) : "",
    enabled: !!(clientId && secret),
    types: VISITOR_EVENTS,
    onEvent: (e) => {
      const p = e.payload as Record<string, unknown>;
      if (e.type === "chat.message") {
        addMessages([p.message as ChatMessageView], true);
        if (p.state) setState(p.state as VisitorConversationState);
      } else if (e.type === "chat.state") setState(p as VisitorConversationState);
      else if (e.type === "chat.presence") setPresence(p as PresenceView);
      else if (e.type === "chat.deleted") forget(false);
    },
    onReset: () => void sync(),
    onStatus: (connected) => {
      if (disconnectCheck.current) clearTimeout(disconnectCheck.current);
      if (connected) {
        void sync();
        resendFailed();
      } else {
        // A refused stream (conversation deleted, secret invalid) looks like a network error.
        disconnectCheck.current = setTimeout(() => void sync(), 3000);
      }
    },
  });

  // Messages left from the last page view go out now; a returning network retries failed ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount
  useEffect(() => {
    void flush();
    window.addEventListener("online", resendFailed);
    return () => window.removeEventListener("online", resendFailed);
  }, []);

  // No conversation yet: while the panel is open the header follows who is online, pushed over
  // the public presence stream and read again whenever it (re)connects.
  useEventStream({
    url: PRESENCE_STREAM_URL,
    enabled: open && !secret,
    types: ["chat.presence"],
    onEvent: (e) => setPresence(e.payload as PresenceView),
    onReset: () => void fetchPresence().then(setPresence, () => {}),
    onStatus: (connected) => {
      if (connected) void fetchPresence().then(setPresence, () => {});
    },
  });

  // Typing shows while staff keep typing; a stale flag (their tab went away) fades by itself.
  useEffect(() => {
    setTypingName(state?.isAgentTyping ? (state.typingAgentName ?? businessName) : null);
    if (!state?.isAgentTyping) return;
    const timer = setTimeout(() => setTypingName(null), TYPING_STALE_MS);
    return () => clearTimeout(timer);
  }, [state, businessName]);

  // Opening the panel marks every staff message seen (resets the badge).
  const latestStaff = messages.findLast((m) => m.sender === "admin")?.timestamp ?? null;
  const seenAt = stored?.seenAt ?? null;
  useEffect(() => {
    if (open && latestStaff && (!seenAt || latestStaff > seenAt))
      save({ ...identityOf(storedRef), seenAt: latestStaff });
  }, [open, latestStaff, seenAt, save]);
  const unread = open
    ? 0
    : messages.filter((m) => m.sender === "admin" && (!seenAt || m.timestamp > seenAt)).length;

  const send = useCallback(
    (text: string): string | null => {
      const message = text.trim();
      if (!message) return TEXTS.empty;
      if (message.length > MAX_MESSAGE_LENGTH) return TEXTS.tooLong;
      if (!storedRef.current?.secret && "Notification" in window && Notification.permission === "default") {
        Notification.requestPermission().catch(() => {});
      }
      const item: OutboxView = {
        clientMessageId: generateMessageId(),
        message,
        createdAt: new Date().toISOString(),
        status: "sending",
      };
      updateOutbox((items) => [...items, item]);
      void flush();
      return null;
    },
    [flush, updateOutbox],
  );

  /** A photo (already checked and resized in the browser) through the same outbox as text. */
  const sendPhoto = useCallback(
    (photo: File) => {
      const item: OutboxView = {
        clientMessageId: generateMessageId(),
        message: "",
        createdAt: new Date().toISOString(),
        status: "sending",
        photo,
      };
      updateOutbox((items) => [...items, item]);
      void flush();
    },
    [flush, updateOutbox],
  );

  const retry = useCallback(
    (id: string) => {
      updateOutbox((items) =>
        items.map((o) =>
          o.clientMessageId === id || o.status === "failed" ? { ...o, status: "sending" } : o,
        ),
      );
      void flush();
    },
    [flush, updateOutbox],
  );

  return { messages, outbox, state, presence, typingName, unread, send, sendPhoto, retry, clientId, secret };
}
