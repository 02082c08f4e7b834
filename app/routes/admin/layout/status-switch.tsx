import { useFetcher } from "react-router";
import { cn } from "~/components/ui/cn";
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus, isAgentStatus } from "~/lib/chat";
import { AGENT_INTENTS, CHAT_URLS } from "~/lib/chat-api";

const DOT: Record<AgentStatus, string> = {
  online: "bg-green-400",
  busy: "bg-red-400",
  away: "bg-amber-300",
  offline: "bg-gray-300",
};

/**
 * The person's chat status in the staff header (ADR 0020): En línea / Ausente / Desconectado,
 * one tap each, on every staff page. Shows the choice at once while it is saved.
 */
export function StatusSwitch({ status, autoAway }: { status: AgentStatus; autoAway: boolean }) {
  const fetcher = useFetcher();
  const asked = fetcher.formData?.get("status");
  const shown = isAgentStatus(asked) ? asked : status;
  return (
    <fieldset className="flex shrink-0 items-center rounded-full bg-black/15 p-0.5">
      <legend className="sr-only">Tu estado en el chat</legend>
      {AGENT_STATUSES.map((s) => {
        const on = s === shown;
        const label = AGENT_STATUS_LABELS[s];
        return (
          <label
            key={s}
            title={on && s === "away" && autoAway ? `${label} (sin actividad)` : label}
            className={cn(
              "relative inline-flex h-9 min-w-9 cursor-pointer items-center justify-center gap-1.5 rounded-full px-2 text-xs font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white lg:px-2.5",
              on ? "bg-white text-primary" : "text-white hover:bg-white/15",
            )}
          >
            <input
              type="radio"
              name="chat-status"
              value={s}
              checked={on}
              aria-label={label}
              onChange={() =>
                fetcher.submit(
                  { intent: AGENT_INTENTS.status, status: s },
                  { method: "post", action: CHAT_URLS.agent },
                )
              }
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className={cn("size-2.5 shrink-0 rounded-full ring-1 ring-black/10", DOT[s])}
            />
            <span aria-hidden="true" className={cn(on ? "max-xl:hidden" : "hidden")}>
              {label}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
