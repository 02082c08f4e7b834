import { useEffect, useRef, useState } from "react";
import { widgetHeader } from "~/lib/chat";
import { useVisitorChat } from "./use-visitor-chat";
import { VisitorPanel } from "./visitor-panel";

export type VisitorWidgetProps = {
  open: boolean;
  panelId: string;
  businessName: string;
  onClose: () => void;
  onUnread: (n: number) => void;
};

/**
 * The live part of the chat widget, loaded on first open (or at once when the visitor already
 * has a conversation, so replies, the badge and notifications work while the panel is closed).
 */
export default function VisitorWidget({
  open,
  panelId,
  businessName,
  onClose,
  onUnread,
}: VisitorWidgetProps) {
  const chat = useVisitorChat({ open, businessName });
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => onUnread(chat.unread), [chat.unread, onUnread]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <VisitorPanel
      panelId={panelId}
      header={widgetHeader(chat.presence, chat.state?.assignedAgentId ?? null)}
      businessName={businessName}
      messages={chat.messages}
      outbox={chat.outbox}
      typingName={chat.typingName}
      resolved={chat.state?.status === "resolved"}
      draft={draft}
      onDraft={setDraft}
      onSend={chat.send}
      onRetry={chat.retry}
      onClose={onClose}
      inputRef={inputRef}
    />
  );
}
