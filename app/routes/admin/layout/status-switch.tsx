import { Check, ChevronDown } from "lucide-react";
import { useId, useRef } from "react";
import { hidePopover, usePopoverClosesOnNavigation } from "~/components/shell/popover";
import { cn } from "~/components/ui/cn";
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from "~/lib/chat";
import { AGENT_INTENTS, CHAT_URLS } from "~/lib/chat-api";
import { useChooseStatus } from "./use-choose-status";

const DOT: Record<AgentStatus, string> = {
  online: "bg-green-400",
  busy: "bg-red-400",
  away: "bg-amber-300",
  offline: "bg-gray-300",
};

/** What each choice means for visitors, under its name in the menu. */
const HINT: Record<AgentStatus, string> = {
  online: "Los clientes ven que atiendes",
  busy: "Atiendes, pero la respuesta puede tardar",
  away: "Los clientes leen que respondemos en unos minutos",
  offline: "No atiendes el chat",
};

/**
 * The person's chat status in the staff header (ADR 0020, issue 41): one control that says the
 * status in words, with its dot ('En línea ▾', 'Ausente (sin actividad)' when inactivity chose
 * it), and opens the four choices. The panel is a form with the `popover` attribute and each
 * choice a submit button: before the page's scripts run, or without them, a choice posts the
 * status intent and the page comes back with the new status; with scripts it is saved in the
 * background through the same intent the 'Estado' card uses, and shown while it is saved.
 */
export function StatusSwitch({ status, autoAway }: { status: AgentStatus; autoAway: boolean }) {
  const { shown, choose, saving } = useChooseStatus(status);
  const panelId = useId();
  const panel = useRef<HTMLFormElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  usePopoverClosesOnNavigation(panel);
  const automatic = shown === "away" && autoAway && !saving;
  const label = AGENT_STATUS_LABELS[shown];
  return (
    <div className="relative shrink-0">
      <button
        ref={trigger}
        type="button"
        popoverTarget={panelId}
        aria-label={`Tu estado en el chat: ${label}${automatic ? " (sin actividad)" : ""}`}
        className="inline-flex h-9 max-w-40 items-center gap-1.5 rounded-full bg-black/15 px-2.5 text-xs font-semibold text-white transition-colors [anchor-name:--chat-status] hover:bg-black/25 sm:max-w-none"
      >
        <span
          aria-hidden="true"
          className={cn("size-2.5 shrink-0 rounded-full ring-1 ring-black/10", DOT[shown])}
        />
        {/* Phones keep the dot (the words are the button's name and head its choices), so the
            business name keeps its room in the top bar (issue 42). */}
        <span className="truncate max-sm:sr-only">
          {label}
          {automatic ? <span className="max-sm:hidden"> (sin actividad)</span> : null}
        </span>
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 opacity-80" />
      </button>
      <form
        ref={panel}
        id={panelId}
        popover="auto"
        method="post"
        action={CHAT_URLS.agent}
        onToggle={(e) => {
          if ((e.nativeEvent as ToggleEvent).newState === "open") placeUnder(panel.current, trigger.current);
        }}
        className="m-0 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-xl border bg-card p-2 text-foreground shadow-lg [position-anchor:--chat-status] [position-area:bottom_span-left] motion-safe:open:animate-menu-in"
      >
        <input type="hidden" name="intent" value={AGENT_INTENTS.status} />
        <fieldset>
          <legend className="px-2 pt-1 pb-2 text-xs font-semibold text-muted-foreground">
            Tu estado en el chat
          </legend>
          {AGENT_STATUSES.map((s) => (
            // biome-ignore lint/a11y/useSemanticElements: a submit button carries the choice without scripts (a radio input cannot send itself); it reads as the radio it is.
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              role="radio"
              aria-checked={s === shown}
              aria-describedby={`${panelId}-${s}`}
              onClick={(e) => {
                // With scripts the choice is saved in the background; without, the form posts it.
                e.preventDefault();
                choose(s);
                hidePopover(panel.current);
              }}
              className="flex w-full items-start gap-2.5 rounded-lg px-2 py-2 text-left hover:bg-muted aria-checked:bg-primary/5"
            >
              <span
                aria-hidden="true"
                className={cn("mt-1 size-2.5 shrink-0 rounded-full ring-1 ring-black/10", DOT[s])}
              />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{AGENT_STATUS_LABELS[s]}</span>
                <span
                  id={`${panelId}-${s}`}
                  aria-hidden="true"
                  className="block text-xs text-muted-foreground"
                >
                  {HINT[s]}
                </span>
              </span>
              <Check
                aria-hidden="true"
                className={cn(
                  "mt-0.5 size-4 shrink-0 text-primary",
                  s === shown ? "opacity-100" : "opacity-0",
                )}
              />
            </button>
          ))}
        </fieldset>
      </form>
    </div>
  );
}

/** Where CSS anchor positioning is missing, the panel is placed under the button by hand. */
function placeUnder(panel: HTMLElement | null, trigger: HTMLElement | null) {
  if (!panel || !trigger || CSS.supports("position-area: bottom")) return;
  const box = trigger.getBoundingClientRect();
  panel.style.top = `${box.bottom + 4}px`;
  panel.style.left = `${Math.max(8, Math.min(box.right - panel.offsetWidth, window.innerWidth - panel.offsetWidth - 8))}px`;
  panel.style.right = "auto";
  panel.style.bottom = "auto";
}
