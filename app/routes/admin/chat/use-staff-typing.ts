import { useCallback, useEffect, useRef } from "react";
import { TYPING_REFRESH_MS as REFRESH_MS, TYPING_RESET_MS } from "~/lib/chat";
import { AGENT_INTENTS, postAgent } from "~/lib/chat-api";

/** A live signal to the visitor's stream (never stored, ADR 0020). */
function post(clientId: string, typing: boolean) {
  postAgent(AGENT_INTENTS.typing, { clientId, typing: String(typing) }).catch(() => {});
}

/**
 * Staff typing (docs/product.md §4.3, §5): the first keystroke sets the indicator (refreshed while typing
 * goes on); it resets 3 s after the last keystroke, on send, or when leaving the conversation.
 */
export function useStaffTyping(clientId: string | null) {
  const typing = useRef(false);
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(
    (notify: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (typing.current && notify && clientId) post(clientId, false);
      typing.current = false;
    },
    [clientId],
  );

  useEffect(() => () => stop(true), [stop]);

  const keystroke = useCallback(() => {
    if (!clientId) return;
    const now = Date.now();
    if (!typing.current || now - lastSent.current > REFRESH_MS) {
      post(clientId, true);
      lastSent.current = now;
      typing.current = true;
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => stop(true), TYPING_RESET_MS);
  }, [clientId, stop]);

  /** The reply itself clears the flag on the server. */
  const sent = useCallback(() => stop(false), [stop]);
  return { keystroke, sent };
}
