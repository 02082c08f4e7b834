import { useCallback, useEffect, useRef, useState } from "react";
import { type AgentStatus, HEARTBEAT_MS, isAgentStatus } from "~/lib/chat";
import { AGENT_INTENTS, CHAT_URLS, postAgent } from "~/lib/chat-api";

/** What counts as using a staff page (a key, a tap, a scroll with the wheel or a finger). */
const ACTIVITY = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
/** Beats asked for at once (activity after an automatic 'Ausente', a change announced) are at least this far apart. */
const PROMPT_BEAT_MS = 1000;

/** The person's own status as their header shows it (the layout's loader, then every beat's answer). */
export type OwnStatus = { agentId: string; status: AgentStatus; autoAway: boolean };

/** A beat's answer: the person's status now (app/routes/api/chat.agent.ts). */
async function statusOf(res: Response): Promise<Pick<OwnStatus, "status" | "autoAway"> | null> {
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as {
    extra?: { status?: unknown; autoAway?: unknown };
  } | null;
  const status = body?.extra?.status;
  return isAgentStatus(status) ? { status, autoAway: body?.extra?.autoAway === true } : null;
}

/**
 * Presence that follows the person (ADR 0020): while any staff page is open it tells the server
 * every 15 s, with how long the person has not used it (for the automatic 'Ausente'); a tab that
 * closes says so at once, and one that dies or sleeps simply stops, so the server lets the
 * agent expire. The next beat is scheduled from the answer, not from a timer callback: browsers
 * throttle chained timers in background tabs to once a minute, answers they do not.
 *
 * Each answer carries the person's status, so the header shows what everyone else sees, an
 * automatic 'Ausente' included (issue 41). While it is automatic, any key or tap beats at once
 * (at most once a second), and the server brings 'En línea' back; `changed` (a change of this agent
 * announced on the staff stream) beats at once too, so the header follows within a second.
 */
export function useStaffPresence(initial: OwnStatus | null): {
  own: OwnStatus | null;
  changed: (agentId: string) => void;
} {
  const enabled = initial !== null;
  const [own, setOwn] = useState(initial);
  // The loader read it again (a status chosen, a navigation): that is the truth now.
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setOwn(initial);
  }
  // Bumped at each new loader read: a beat sent before it answers an older truth.
  const reads = useRef(0);
  useEffect(() => {
    if (initial) reads.current++;
  }, [initial]);
  const autoAway = useRef(false);
  autoAway.current = own?.status === "away" && own.autoAway;
  const agentId = own?.agentId ?? null;
  const beatNow = useRef<() => void>(() => {});

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastInput = Date.now();
    let lastBeat = 0;
    let inFlight = false;
    let again = false;
    const idle = () => String(Math.floor((Date.now() - lastInput) / 1000));
    const beat = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      lastBeat = Date.now();
      inFlight = true;
      const read = reads.current;
      postAgent(AGENT_INTENTS.heartbeat, { idle: idle() })
        .then(statusOf)
        .then((s) => {
          if (s && !stopped && read === reads.current) setOwn((o) => (o ? { ...o, ...s } : o));
        })
        .catch(() => {})
        .then(() => {
          inFlight = false;
          if (stopped || timer) return;
          timer = setTimeout(beat, again ? PROMPT_BEAT_MS : HEARTBEAT_MS);
          again = false;
        });
    };
    // A beat now, or as soon as the last one is PROMPT_BEAT_MS old.
    const prompt = () => {
      if (inFlight) {
        again = true;
        return;
      }
      const wait = lastBeat + PROMPT_BEAT_MS - Date.now();
      if (wait <= 0) return beat();
      if (timer) clearTimeout(timer);
      timer = setTimeout(beat, wait);
    };
    beatNow.current = prompt;
    const used = () => {
      const wasIdle = Date.now() - lastInput > HEARTBEAT_MS;
      lastInput = Date.now();
      // Back after a pause, or marked 'Ausente' by inactivity: say so now (an automatic 'Ausente'
      // ends at once, not at the next beat).
      if (wasIdle || autoAway.current) prompt();
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
      beatNow.current = () => {};
      if (timer) clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, used, { capture: true });
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", beat);
      window.removeEventListener("online", beat);
      document.removeEventListener("visibilitychange", onShow);
      leave();
    };
  }, [enabled]);

  const changed = useCallback(
    (id: string) => {
      if (id === agentId) beatNow.current();
    },
    [agentId],
  );
  return { own, changed };
}
