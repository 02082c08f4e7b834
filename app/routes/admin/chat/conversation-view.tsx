import { useState } from "react";
import { type ChatMessageView, conversationDisplayName, displayName } from "~/lib/chat";
import type { SiteReplyVars } from "~/lib/saved-reply-text";
import { ConversationHeader } from "./conversation-header";
import { ReplyComposer } from "./reply-composer";
import type { SavedReplyOption } from "./saved-replies";
import { StaffMessageLog } from "./staff-message-log";
import type { Conversation } from "./types";
import { useReplySender, useStaffPhoto } from "./use-reply-sender";

type Props = {
  conv: Conversation;
  messages: ChatMessageView[] | null;
  /** The visitor is typing now (a live signal). */
  visitorTyping?: boolean;
  timeZone?: string;
  canManage: boolean;
  onOpenAssignment: () => void;
  savedReplies?: SavedReplyOption[];
  /** What saved replies' {precios}, {horario}, {cajas} and {seguimiento} become. */
  replyVars?: SiteReplyVars | null;
  canManageReplies?: boolean;
  /** The orders the messages name: links to their cards in the side panel (issue 41). */
  orderLinks?: Readonly<Record<string, string>> | null;
};

/** One conversation (docs/product.md §3.3): header, messages scrolled to the newest, the reply box. */
export function ConversationView({
  conv,
  messages,
  visitorTyping = false,
  timeZone,
  canManage,
  onOpenAssignment,
  savedReplies = [],
  replyVars,
  canManageReplies = false,
  orderLinks,
}: Props) {
  const [draft, setDraft] = useState("");
  const reply = useReplySender(conv.clientId, messages, (text) => setDraft((d) => d || text));
  const photo = useStaffPhoto(conv.clientId);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ConversationHeader conv={conv} canManage={canManage} onOpenAssignment={onOpenAssignment} />
      <StaffMessageLog
        clientId={conv.clientId}
        name={displayName(conv)}
        messages={messages}
        pending={reply.pending}
        typing={visitorTyping}
        timeZone={timeZone}
        orderLinks={orderLinks}
      />
      <ReplyComposer
        clientId={conv.clientId}
        name={conversationDisplayName(conv)}
        draft={draft}
        onDraft={setDraft}
        onSend={reply.send}
        onNote={reply.note}
        photo={canManage ? photo : { ...photo, pick: async () => {} }}
        canManage={canManage}
        savedReplies={savedReplies}
        replyVars={replyVars}
        canManageReplies={canManageReplies}
      />
    </div>
  );
}
