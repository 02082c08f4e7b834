import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { cn } from "~/components/ui/cn";
import type { ChatMessageView } from "~/lib/chat";
import type { OutboxView } from "./use-visitor-chat";
import { useVisualViewportBox } from "./use-visual-viewport";
import { VisitorComposer } from "./visitor-composer";
import { VisitorLog } from "./visitor-log";

export type VisitorPanelProps = {
  panelId: string;
  /** `available` 'soon': someone is at work but 'Ocupado' or 'Ausente' (a reply may take a few minutes). */
  header: {
    online: boolean;
    title: string;
    agentName: string | null;
    available?: "online" | "soon" | "offline";
  };
  businessName: string;
  messages: ChatMessageView[];
  outbox: OutboxView[];
  typingName: string | null;
  resolved: boolean;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (text: string) => string | null;
  onSendPhoto: (photo: File, caption: string) => void;
  onRetry: (clientMessageId: string) => void;
  onClose: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Shown after the messages without blocking the chat (the contact details card). */
  aside?: ReactNode;
  /** After the 'resolved' line: '¿Cómo te atendimos?' (rating-question.tsx). */
  rating?: ReactNode;
  /** While nobody is online: when the shop opens next (app/lib/opening-hours.ts). */
  notice: string | null;
  timeZone?: string;
};

/** The open chat panel (docs/product.md §2.10): 350x500 px, full screen on a phone above the keyboard. */
export function VisitorPanel(p: VisitorPanelProps) {
  const titleId = `${p.panelId}-title`;
  const box = useVisualViewportBox(true);
  return (
    <section
      id={p.panelId}
      role="dialog"
      aria-labelledby={titleId}
      style={box ? { height: box.height, top: box.top, bottom: "auto" } : undefined}
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-card shadow-2xl sm:inset-auto sm:right-4 sm:bottom-24 sm:h-[500px] sm:max-h-[calc(100dvh-8rem)] sm:w-[350px] sm:rounded-2xl sm:border motion-safe:animate-menu-in"
    >
      <VisitorHeader titleId={titleId} header={p.header} onClose={p.onClose} />
      <VisitorLog
        agentName={p.header.agentName}
        businessName={p.businessName}
        messages={p.messages}
        outbox={p.outbox}
        typingName={p.typingName}
        resolved={p.resolved}
        notice={p.notice}
        aside={p.aside}
        rating={p.rating}
        onRetry={p.onRetry}
        timeZone={p.timeZone}
        height={box?.height}
      />
      <VisitorComposer
        panelId={p.panelId}
        draft={p.draft}
        onDraft={p.onDraft}
        onSend={p.onSend}
        onSendPhoto={p.onSendPhoto}
        inputRef={p.inputRef}
      />
    </section>
  );
}

/** Who answers (or the offline text), a presence dot, and 'Cerrar chat'. */
function VisitorHeader({
  titleId,
  header,
  onClose,
}: {
  titleId: string;
  header: VisitorPanelProps["header"];
  onClose: () => void;
}) {
  return (
    <div
      data-toast-clear
      className="flex items-center gap-3 bg-chat-strong px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-3 text-white sm:pt-3"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2.5 shrink-0 rounded-full ring-2 ring-white/30",
          header.online ? "bg-lime-300" : header.available === "soon" ? "bg-amber-300" : "bg-white/60",
        )}
      />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="line-clamp-2 font-sans text-sm leading-snug font-semibold">
          {header.title}
        </h2>
        {header.agentName ? <p className="text-xs text-white/85">En línea</p> : null}
      </div>
      <button
        type="button"
        aria-label="Cerrar chat"
        onClick={onClose}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white transition-colors hover:bg-white/15 [--focus-ring:white]"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
