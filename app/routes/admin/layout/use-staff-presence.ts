import { useEffect } from "react";
import { HEARTBEAT_MS } from "~/lib/chat";
import { AGENT_INTENTS, CHAT_URLS, postAgent } from "~/lib/chat-api";

/** What counts as using a staff page (a key, a tap, a scroll with the wheel or a finger). */
const ACTIVITY = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * Presence that follows the person (ADR 0020): while any staff page is open it tells the server
 * every 15 s, with how long the person has not used it (for the automatic 'Ausente'); a tab that
 * closes says so at once, and one that dies or sleeps simply stops, so the server lets the
 * agent expire. The next beat is scheduled from the answer, not from a timer callback: browsers
 * throttle chained timers in background tabs to once a minute, answers they do not.
 */
export function useStaffPresence(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastInput = Date.now();
    const idle = () => String(Math.floor((Date.now() - lastInput) / 1000));
    const beat = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      postAgent(AGENT_INTENTS.heartbeat, { idle: idle() })
        .catch(() => {})
        .then(() => {
          if (!stopped && !timer) timer = setTimeout(beat, HEARTBEAT_MS);
        });
    };
    const used = () => {
      const wasIdle = Date.now() - lastInput > HEARTBEAT_MS;
      lastInput = Date.now();
      // Back after a pause: say so now (an automatic 'Ausente' ends at once, not at the next beat).
      if (wasIdle) beat();
    };
    const leave = () =>
      navigator.sendBeacon?.(CHAT_URLS.agent, new URLSearchParams({ intent: AGENT_INTENTS.leave }));
    const onShow = () => {
      if (document.visibilityState === "visible") beat();
    };
    beat();
    for (const type of ACTIVITY) window.addEventListener(type, used, { passive: true, capture: true });
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", beat);
    window.addEventListener("online", beat);
    document.addEventListener("visibilitychange", onShow);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, used, { capture: true });
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", beat);
      window.removeEventListener("online", beat);
      document.removeEventListener("visibilitychange", onShow);
      leave();
    };
  }, [enabled]);
}
