import { useCallback, useMemo, useRef, useState } from "react";
import { generateClientId } from "~/lib/chat";
import { readStoredChat, type StoredChat, writeStoredChat } from "~/lib/chat-storage";

/**
 * The visitor's chat identity kept in local storage (docs/product.md §2.10): the conversation id,
 * its secret, what was seen and the unsent messages. `current()` reads the latest value inside
 * callbacks (an identity is made on first use), `save` writes it back.
 */
export function useChatIdentity() {
  const [stored, setStored] = useState<StoredChat | null>(() => readStoredChat());
  const ref = useRef(stored);

  const save = useCallback((next: StoredChat) => {
    ref.current = next;
    writeStoredChat(next);
    setStored(next);
  }, []);

  const current = useCallback(
    (): StoredChat => ref.current ?? { clientId: generateClientId(), secret: null, seenAt: null, outbox: [] },
    [],
  );

  /** The conversation is gone (deleted) or no longer ours: start again, with a new id if it is not ours. */
  const reset = useCallback(
    (newIdentity: boolean) => {
      const s = current();
      save({ ...s, clientId: newIdentity ? generateClientId() : s.clientId, secret: null, seenAt: null });
    },
    [current, save],
  );

  const has = useCallback(() => ref.current !== null, []);
  return useMemo(() => ({ stored, current, save, reset, has }), [stored, current, save, reset, has]);
}

export type ChatIdentity = ReturnType<typeof useChatIdentity>;
