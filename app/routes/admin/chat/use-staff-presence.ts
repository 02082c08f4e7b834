import { useEffect } from "react";
import { href } from "react-router";
import { HEARTBEAT_MS } from "~/lib/chat";
import { AGENT_INTENT } from "~/lib/chat-forms";

const AGENT_URL = href("/api/chat/agent");
const form = (intent: string) => new URLSearchParams({ intent });

/**
 * Presence (docs/product.md §4.3, ADR 0003): while this tab is open it tells the server every 15 s; a tab
 * that closes says so at once, and one that dies or sleeps simply stops, so the server lets
 * the agent expire. The next beat is scheduled from the answer, not from a timer callback:
 * browsers throttle chained timers in background tabs to once a minute, answers they do not.
 */
export function useStaffPresence(): void {
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const beat = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      fetch(AGENT_URL, { method: "POST", body: form(AGENT_INTENT.heartbeat), credentials: "same-origin" })
        .catch(() => {})
        .then(() => {
          if (!stopped && !timer) timer = setTimeout(beat, HEARTBEAT_MS);
        });
    };
    const leave = () => navigator.sendBeacon?.(AGENT_URL, form(AGENT_INTENT.leave));
    const onShow = () => {
      if (document.visibilityState === "visible") beat();
    };
    beat();
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", beat);
    window.addEventListener("online", beat);
    document.addEventListener("visibilitychange", onShow);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", beat);
      window.removeEventListener("online", beat);
      document.removeEventListener("visibilitychange", onShow);
      leave();
    };
  }, []);
}
