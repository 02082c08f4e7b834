import { useCallback, useRef, useState } from "react";
import { type ChatMessageView, generateClientId, generateMessageId, TEXTS } from "~/lib/chat";
import type { OutboxItem } from "~/lib/chat-storage";
import type { ChatIdentity } from "./use-chat-identity";
import { ApiError, postMessage } from "./visitor-api";

export type OutboxView = OutboxItem & { status: "sending" | "failed"; error?: string; retryable?: boolean };

/** Why a send failed, in the visitor's words, and whether a returning network should retry it. */
function failureOf(e: unknown): { error: string; retryable: boolean } {
  const status = e instanceof ApiError ? e.status : 0;
  const error =
    status === 429
      ? TEXTS.rateLimited
      : status === 400 && e instanceof ApiError
        ? e.message
        : TEXTS.sendFailed;
  return { error, retryable: status === 0 || status >= 500 };
}

/**
 * Unsent messages (ADR 0003): an ordered outbox kept in local storage (photos in memory only),
 * sent one at a time, each with its own id, so a retry is never stored twice and the
 * conversation keeps its order. `onSent` receives each stored message.
 */
export function useOutbox(identity: ChatIdentity, onSent: (m: ChatMessageView) => void) {
  const [outbox, setOutbox] = useState<OutboxView[]>(() =>
    (identity.stored?.outbox ?? []).map((o) => ({ ...o, status: "sending" as const })),
  );
  const ref = useRef(outbox);
  const sending = useRef(false);

  const update = useCallback(
    (fn: (items: OutboxView[]) => OutboxView[]) => {
      const next = fn(ref.current);
      ref.current = next;
      setOutbox(next);
      const plain = next
        .filter((o) => !o.photo)
        .map(({ clientMessageId, message, createdAt }) => ({ clientMessageId, message, createdAt }));
      if (identity.has() || plain.length) identity.save({ ...identity.current(), outbox: plain });
    },
    [identity],
  );

  const sendOne = useCallback(
    async (item: OutboxView) => {
      const s = identity.current();
      const r = await postMessage({ clientId: s.clientId, ...item }, s.secret);
      if (r.secret) identity.save({ ...identity.current(), clientId: s.clientId, secret: r.secret });
      onSent(r.message);
    },
    [identity, onSent],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (let item = next(ref.current); item; item = next(ref.current)) {
        try {
          await sendOne(item);
        } catch (e) {
          if (e instanceof ApiError && e.status === 403)
            identity.save({
              ...identity.current(),
              clientId: generateClientId(),
              secret: null,
              seenAt: null,
            });
          const failure = failureOf(e);
          // Later messages wait behind this one, so the conversation keeps its order.
          update((items) =>
            items.map((o) => (o.status === "sending" ? { ...o, status: "failed", ...failure } : o)),
          );
          break;
        }
      }
    } finally {
      sending.current = false;
    }
  }, [identity, sendOne, update]);

  return { outbox, update, flush, ...useOutboxActions(ref, update, flush) };
}

const next = (items: OutboxView[]) => items.find((o) => o.status === "sending");

/** What the visitor (or a returning network) does with the outbox. */
function useOutboxActions(
  ref: { current: OutboxView[] },
  update: (fn: (items: OutboxView[]) => OutboxView[]) => void,
  flush: () => Promise<void>,
) {
  const enqueue = useCallback(
    (message: string, photo?: File) => {
      const item: OutboxView = {
        clientMessageId: generateMessageId(),
        message,
        createdAt: new Date().toISOString(),
        status: "sending",
        ...(photo ? { photo } : {}),
      };
      update((items) => [...items, item]);
      void flush();
    },
    [flush, update],
  );
  const retry = useCallback(
    (id: string) => {
      update((items) =>
        items.map((o) =>
          o.clientMessageId === id || o.status === "failed" ? { ...o, status: "sending" } : o,
        ),
      );
      void flush();
    },
    [flush, update],
  );
  /** Sends that failed for want of a network go again once it is back. */
  const resendFailed = useCallback(() => {
    if (!ref.current.some((o) => o.status === "failed" && o.retryable)) return;
    update((items) =>
      items.map((o) => (o.status === "failed" && o.retryable ? { ...o, status: "sending" } : o)),
    );
    void flush();
  }, [flush, ref, update]);
  /** Messages the server confirmed (they came back with their ids) leave the outbox. */
  const confirm = useCallback(
    (ids: Set<string>) => {
      if (ids.size) update((items) => items.filter((o) => !ids.has(o.clientMessageId)));
    },
    [update],
  );
  return { enqueue, retry, resendFailed, confirm };
}
