import { useEffect, useRef, useState } from "react";
import { widgetHeader } from "~/lib/chat";
import { type ContactAnswer, readContactAnswer, writeContactAnswer } from "~/lib/chat-storage";
import { nextOpening, offlineNotice, type SiteHours, type SpecialDate } from "~/lib/opening-hours";
import { differsFromShopClock, SHOP_CLOCK_NOTE } from "~/lib/shop-clock";
import { ContactCard } from "./contact-card";
import { RatingQuestion } from "./rating-question";
import { TranscriptRequest } from "./transcript-request";
import { useBrowserTimeZone } from "./use-browser-time-zone";
import { useVisitorChat } from "./use-visitor-chat";
import { VisitorPanel } from "./visitor-panel";

export type VisitorWidgetProps = {
  open: boolean;
  panelId: string;
  businessName: string;
  hours: SiteHours;
  timeZone?: string;
  special?: readonly SpecialDate[];
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
  hours,
  timeZone,
  special,
  onClose,
  onUnread,
}: VisitorWidgetProps) {
  const chat = useVisitorChat({ open, businessName });
  const [draft, setDraft] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const [contact, setContact] = useState<ContactAnswer | null>(() => readContactAnswer());
  useEffect(() => onUnread(chat.unread), [chat.unread, onUnread]);
  // Asked once (ADR 0020): not after an answer in this browser, a 'Ahora no' in this visit, or
  // when staff already know who this is.
  const askContact =
    contact === null &&
    chat.state?.hasContact === false &&
    !!chat.secret &&
    !!chat.clientId &&
    chat.messages.some((m) => m.sender === "client");
  // Once shown, the card stays until answered (saving it tells the conversation staff know who it is).
  const [asking, setAsking] = useState(false);
  if (askContact && !asking) setAsking(true);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  // Shop times say 'hora de Miami' where the visitor's clock differs; message times are the visitor's own.
  const visitorZone = useBrowserTimeZone();
  if (!open) return null;
  const header = widgetHeader(chat.presence, chat.state?.assignedAgentId ?? null);
  const clockNote = differsFromShopClock(visitorZone, timeZone) ? SHOP_CLOCK_NOTE : "";
  return (
    <VisitorPanel
      panelId={panelId}
      header={header}
      notice={
        header.available !== "offline"
          ? null
          : offlineNotice(nextOpening(new Date(), hours, timeZone, special), clockNote)
      }
      timeZone={visitorZone ?? timeZone}
      businessName={businessName}
      messages={chat.messages}
      outbox={chat.outbox}
      typingName={chat.typingName}
      resolved={chat.state?.status === "resolved"}
      draft={draft}
      onDraft={(text) => {
        setDraft(text);
        if (text.trim()) chat.typed();
      }}
      onSend={chat.send}
      onSendPhoto={chat.sendPhoto}
      onRetry={chat.retry}
      onClose={onClose}
      inputRef={inputRef}
      rating={
        chat.state && chat.clientId && chat.secret ? (
          <RatingQuestion
            key={chat.clientId}
            clientId={chat.clientId}
            secret={chat.secret}
            state={chat.state}
          />
        ) : null
      }
      aside={
        <>
          {asking && contact === null && chat.clientId && chat.secret ? (
            <ContactCard
              clientId={chat.clientId}
              secret={chat.secret}
              onAnswer={(answer, key) => writeContactAnswer(answer, key)}
              onDone={(answer) => setContact(answer)}
            />
          ) : null}
          {chat.state?.hasEmail && chat.messages.length > 0 && chat.clientId && chat.secret ? (
            <TranscriptRequest key={chat.clientId} clientId={chat.clientId} secret={chat.secret} />
          ) : null}
        </>
      }
    />
  );
}
