import { MessageCircle, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { hasStoredConversation } from "~/lib/chat-storage";
import { tapsWaitFor } from "~/lib/early-taps";
import type { SiteHours, SpecialDate } from "~/lib/opening-hours";
import { useLoaded } from "~/lib/use-loaded";
import { countVisit } from "~/lib/visitor-visits";

export type ChatLauncherProps = {
  businessName: string;
  hours: SiteHours;
  timeZone?: string;
  /** The special dates (/admin/avisos): the offline message says when the shop really opens. */
  special?: readonly SpecialDate[];
};

// The panel, the live stream and their helpers load only when needed (docs/product.md §2.10 widget).
// A tap replayed after hydration waits for it before the next one (app/lib/early-taps.ts).
const loadWidget = () => tapsWaitFor(import("~/components/chat/visitor-widget"));

/**
 * The floating chat button: tiny and always present on public pages. The widget code loads on
 * first open, or right away for a visitor who already has a conversation (badge, live replies).
 */
export function ChatLauncher({ businessName, hours, timeZone, special }: ChatLauncherProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const [unread, setUnread] = useState(0);
  const panelId = useId();
  const badgeId = useId();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    countVisit();
    if (hasStoredConversation()) setActive(true);
  }, []);

  useEffect(() => {
    if (!open && wasOpen.current) launcherRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = useCallback(() => setOpen(false), []);
  const VisitorWidget = useLoaded(loadWidget, active)?.default;
  const badge = unread > 99 ? "99+" : String(unread);

  return (
    <>
      {VisitorWidget ? (
        <VisitorWidget
          open={open}
          panelId={panelId}
          businessName={businessName}
          hours={hours}
          timeZone={timeZone}
          special={special}
          onClose={close}
          onUnread={setUnread}
        />
      ) : null}
      <button
        ref={launcherRef}
        type="button"
        aria-label="Abrir chat"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-describedby={unread > 0 ? badgeId : undefined}
        onClick={() => {
          void loadWidget();
          setActive(true);
          setOpen((v) => !v);
        }}
        className={cn(
          "fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-50 inline-flex size-14 items-center justify-center rounded-full bg-chat-strong text-white shadow-lg transition-colors hover:bg-chat-strong/90",
          open && "hidden sm:inline-flex",
        )}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-7" />
        )}
        {unread > 0 && !open ? (
          <span
            id={badgeId}
            data-testid="chat-unread"
            className="absolute -top-1 -right-1 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-bold text-white ring-2 ring-white"
          >
            {badge}
            <span className="sr-only"> mensajes sin leer</span>
          </span>
        ) : null}
      </button>
    </>
  );
}
